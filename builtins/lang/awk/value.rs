//! awk's values: numbers, strings, and "strnums" — strings from input (fields, `getline`,
//! `split`, `ARGV`, `ENVIRON`, `-v`) that compare as numbers when they look like one. Also the
//! conversions between them, as POSIX and gawk define them.

pub mod format;

use std::rc::Rc;

#[derive(Debug, Clone, Default)]
pub enum Value {
    /// Never assigned: both "" and 0.
    #[default]
    Uninit,
    Num(f64),
    Str(Rc<[u8]>),
    /// A string from input.
    StrNum(Rc<[u8]>),
}

impl Value {
    pub fn str(bytes: &[u8]) -> Value {
        Value::Str(Rc::from(bytes))
    }

    pub fn strnum(bytes: &[u8]) -> Value {
        Value::StrNum(Rc::from(bytes))
    }

    /// Its truth: numbers and numeric-looking input are true when non-zero, strings when
    /// non-empty.
    pub fn truthy(&self) -> bool {
        match self {
            Value::Uninit => false,
            Value::Num(n) => *n != 0.0,
            Value::Str(s) => !s.is_empty(),
            Value::StrNum(s) => match looks_numeric(s) {
                Some(n) => n != 0.0,
                None => !s.is_empty(),
            },
        }
    }

    /// Its numeric value (the longest numeric prefix of a string).
    pub fn num(&self) -> f64 {
        match self {
            Value::Uninit => 0.0,
            Value::Num(n) => *n,
            Value::Str(s) | Value::StrNum(s) => str_to_num(s),
        }
    }

    /// Its string value; numbers that are not integers go through `convfmt` (`CONVFMT`).
    pub fn bytes(&self, convfmt: &[u8]) -> std::borrow::Cow<'_, [u8]> {
        match self {
            Value::Uninit => std::borrow::Cow::Borrowed(b""),
            Value::Num(n) => {
                let mut out = Vec::new();
                push_number(&mut out, *n, convfmt);
                std::borrow::Cow::Owned(out)
            }
            Value::Str(s) | Value::StrNum(s) => std::borrow::Cow::Borrowed(s),
        }
    }

    /// Whether it compares as a number (and then its value).
    pub fn numeric(&self) -> Option<f64> {
        match self {
            Value::Uninit => Some(0.0),
            Value::Num(n) => Some(*n),
            Value::Str(_) => None,
            Value::StrNum(s) => looks_numeric(s),
        }
    }
}

fn is_blank(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r' | b'\x0b' | b'\x0c')
}

/// The length of the number at the start of `bytes` (after no blanks), 0 when there is none:
/// sign, digits, fraction, exponent — or gawk's `+inf`/`-nan` (the sign is required).
fn number_prefix(bytes: &[u8]) -> usize {
    let mut idx = 0;
    if matches!(bytes.first(), Some(b'+' | b'-')) {
        idx = 1;
        let rest = &bytes[1..];
        for word in [b"inf".as_slice(), b"nan"] {
            if rest.len() >= 3 && rest[..3].eq_ignore_ascii_case(word) {
                return 4;
            }
        }
    }
    let digits_start = idx;
    while bytes.get(idx).is_some_and(u8::is_ascii_digit) {
        idx += 1;
    }
    let mut digits = idx - digits_start;
    if bytes.get(idx) == Some(&b'.') {
        let frac_start = idx + 1;
        let mut end = frac_start;
        while bytes.get(end).is_some_and(u8::is_ascii_digit) {
            end += 1;
        }
        digits += end - frac_start;
        if digits > 0 {
            idx = end;
        }
    }
    if digits == 0 {
        return 0;
    }
    if matches!(bytes.get(idx), Some(b'e' | b'E')) {
        let mut end = idx + 1;
        if matches!(bytes.get(end), Some(b'+' | b'-')) {
            end += 1;
        }
        if bytes.get(end).is_some_and(u8::is_ascii_digit) {
            while bytes.get(end).is_some_and(u8::is_ascii_digit) {
                end += 1;
            }
            idx = end;
        }
    }
    idx
}

fn parse_prefix(bytes: &[u8]) -> f64 {
    // Plain integers are the common case (fields of logs and tables): no float parser needed.
    if bytes.len() <= 15 && bytes.iter().all(u8::is_ascii_digit) {
        return bytes.iter().fold(0u64, |acc, b| acc * 10 + u64::from(b - b'0')) as f64;
    }
    let text = std::str::from_utf8(bytes).unwrap_or("0");
    match text.as_bytes().get(1) {
        Some(b'i' | b'I') => {
            if text.starts_with('-') {
                f64::NEG_INFINITY
            } else {
                f64::INFINITY
            }
        }
        Some(b'n' | b'N') => {
            if text.starts_with('-') {
                -f64::NAN
            } else {
                f64::NAN
            }
        }
        _ => text.parse().unwrap_or(0.0),
    }
}

/// A string's numeric value: its leading number after blanks, else 0.
pub fn str_to_num(bytes: &[u8]) -> f64 {
    let start = bytes.iter().position(|b| !is_blank(*b)).unwrap_or(bytes.len());
    let rest = &bytes[start..];
    let len = number_prefix(rest);
    if len == 0 { 0.0 } else { parse_prefix(&rest[..len]) }
}

/// The number a string holds when all of it (but surrounding blanks) is one.
pub fn looks_numeric(bytes: &[u8]) -> Option<f64> {
    let start = bytes.iter().position(|b| !is_blank(*b))?;
    let end = bytes.iter().rposition(|b| !is_blank(*b))? + 1;
    let rest = &bytes[start..end];
    let len = number_prefix(rest);
    (len == rest.len()).then(|| parse_prefix(rest))
}

/// Appends a number as awk prints it: integers in full, others with `format` (`CONVFMT` or
/// `OFMT`), infinities and NaN as gawk spells them.
pub fn push_number(out: &mut Vec<u8>, n: f64, format: &[u8]) {
    if n.is_nan() {
        out.extend_from_slice(if n.is_sign_negative() { b"-nan" } else { b"+nan" });
    } else if n.is_infinite() {
        out.extend_from_slice(if n > 0.0 { b"+inf" } else { b"-inf" });
    } else if n == n.trunc() {
        if n.abs() < 1e15 {
            let mut buffer = itoa_buffer();
            out.extend_from_slice(format_i64(n as i64, &mut buffer));
        } else {
            out.extend_from_slice(format!("{n:.0}").as_bytes());
        }
    } else if format == b"%.6g" {
        let spec = crate::text::cfmt::Spec { precision: Some(6), ..Default::default() };
        out.extend_from_slice(crate::text::cfmt::format_float(n, 'g', &spec).as_bytes());
    } else {
        out.extend_from_slice(&format::sprintf(format, &[Value::Num(n)], b"%.6g").unwrap_or_default());
    }
}

fn itoa_buffer() -> [u8; 24] {
    [0; 24]
}

/// Writes an integer's digits into the end of `buffer` without allocating.
fn format_i64(value: i64, buffer: &mut [u8; 24]) -> &[u8] {
    let mut idx = buffer.len();
    let negative = value < 0;
    let mut magnitude = value.unsigned_abs();
    loop {
        idx -= 1;
        buffer[idx] = b'0' + (magnitude % 10) as u8;
        magnitude /= 10;
        if magnitude == 0 {
            break;
        }
    }
    if negative {
        idx -= 1;
        buffer[idx] = b'-';
    }
    &buffer[idx..]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strings_convert_by_their_numeric_prefix() {
        assert_eq!(str_to_num(b"  42abc"), 42.0);
        assert_eq!(str_to_num(b"-3.5e2x"), -350.0);
        assert_eq!(str_to_num(b".5"), 0.5);
        assert_eq!(str_to_num(b"abc"), 0.0);
        assert_eq!(str_to_num(b"1e"), 1.0);
        assert_eq!(str_to_num(b"+inf"), f64::INFINITY);
        assert_eq!(str_to_num(b"inf"), 0.0);
        assert_eq!(str_to_num(b"0x1A"), 0.0);
    }

    #[test]
    fn input_looks_numeric_only_when_all_of_it_is_a_number() {
        assert_eq!(looks_numeric(b" 10 "), Some(10.0));
        assert_eq!(looks_numeric(b"1e3"), Some(1000.0));
        assert_eq!(looks_numeric(b"10x"), None);
        assert_eq!(looks_numeric(b""), None);
        assert_eq!(looks_numeric(b"."), None);
    }

    #[test]
    fn numbers_print_as_awk_prints_them() {
        let show = |n: f64| {
            let mut out = Vec::new();
            push_number(&mut out, n, b"%.6g");
            String::from_utf8(out).unwrap_or_default()
        };
        assert_eq!(show(3.0), "3");
        assert_eq!(show(-0.0), "0");
        assert_eq!(show(0.1 + 0.2), "0.3");
        assert_eq!(show(1e30), "1000000000000000019884624838656");
        assert_eq!(show(2f64.powi(53)), "9007199254740992");
        assert_eq!(show(1e-5), "1e-05");
        assert_eq!(show(f64::INFINITY), "+inf");
    }
}
