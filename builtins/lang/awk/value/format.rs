//! awk's `printf` and `sprintf`: C conversions over awk values (through the shared
//! [`cfmt`](crate::text::cfmt) formatter), with awk's own rules — `%c` of a number is the
//! character with that code, `%d` of a huge number prints all its digits, a missing argument
//! is empty or zero.

use super::Value;
use crate::text::cfmt::{self, format_float, format_int, pad};

/// Formats `args` by `format`; `convfmt` converts numbers given to `%s`. Too few arguments
/// is an error, as in gawk.
pub fn sprintf(format: &[u8], args: &[Value], convfmt: &[u8]) -> Result<Vec<u8>, String> {
    let mut out = Vec::with_capacity(format.len() + 16);
    let next = std::cell::Cell::new(0);
    let take = || {
        let value = args.get(next.get()).cloned();
        next.set(next.get() + 1);
        value.unwrap_or_default()
    };
    let mut idx = 0;
    while idx < format.len() {
        let b = format[idx];
        if b != b'%' {
            let end = format[idx..].iter().position(|&c| c == b'%').map_or(format.len(), |p| idx + p);
            out.extend_from_slice(&format[idx..end]);
            idx = end;
            continue;
        }
        idx += 1;
        if format.get(idx) == Some(&b'%') {
            out.push(b'%');
            idx += 1;
            continue;
        }
        let start = idx - 1;
        let spec = cfmt::parse_spec(format, &mut idx, || take().num() as i64);
        let Some(&conv) = format.get(idx) else {
            // A lone `%` at the end prints as itself.
            out.extend_from_slice(&format[start..]);
            break;
        };
        idx += 1;
        match conv {
            b'd' | b'i' => {
                let n = take().num();
                out.extend_from_slice(integer(n, 'd', &spec).as_bytes());
            }
            b'o' | b'x' | b'X' | b'u' => {
                let n = take().num();
                out.extend_from_slice(integer(n, conv as char, &spec).as_bytes());
            }
            b'e' | b'E' | b'f' | b'F' | b'g' | b'G' | b'a' | b'A' => {
                out.extend_from_slice(format_float(take().num(), conv as char, &spec).as_bytes());
            }
            b'c' => {
                let value = take();
                let text = match value {
                    Value::Num(n) => char_of(n),
                    other => {
                        let bytes = other.bytes(convfmt);
                        let text = toolsh_bytes::decode(&bytes);
                        text.chars().next().map(String::from).unwrap_or_default()
                    }
                };
                // Decoded to count characters; each byte that is not UTF-8 goes back as itself.
                out.extend_from_slice(&toolsh_bytes::encode_string(pad(text, &spec, false)));
            }
            b's' => {
                let value = take();
                let bytes = value.bytes(convfmt);
                let text = toolsh_bytes::decode(&bytes);
                let body: String = match spec.precision {
                    Some(precision) => text.chars().take(precision).collect(),
                    None => text.into_owned(),
                };
                out.extend_from_slice(&toolsh_bytes::encode_string(pad(body, &spec, false)));
            }
            _ => {
                // Not a conversion: printed as written, as gawk does.
                out.extend_from_slice(&format[start..idx]);
            }
        }
        if next.get() > args.len() {
            let shown = toolsh_bytes::decode(format).escape_default().to_string();
            return Err(format!("not enough arguments to satisfy format string \"{shown}\""));
        }
    }
    Ok(out)
}

/// The character with code `n` (UTF-8 encoded past ASCII).
fn char_of(n: f64) -> String {
    let code = n as u32;
    if code < 128 {
        return (code as u8 as char).to_string();
    }
    char::from_u32(code).map(String::from).unwrap_or_default()
}

/// An integer conversion of a double: all its digits when it is too big for 64 bits.
fn integer(n: f64, conv: char, spec: &cfmt::Spec) -> String {
    if n.is_nan() || n.is_infinite() {
        let mut local = *spec;
        local.precision = None;
        return format_float(n, 'f', &local);
    }
    let n = n.trunc();
    if n.abs() < 9.2e18 {
        let value = n as i64;
        let conv = if conv == 'u' { 'd' } else { conv };
        if value == 0 && spec.alt && spec.precision == Some(0) && matches!(conv, 'x' | 'X') {
            // gawk writes `%#.0x` of zero as "0" (C writes nothing).
            let mut local = *spec;
            local.precision = None;
            return format_int(0, conv, &local);
        }
        return format_int(value, conv, spec);
    }
    let digits = format!("{:.0}", n.abs());
    let sign = if n < 0.0 {
        "-"
    } else if spec.plus {
        "+"
    } else if spec.space {
        " "
    } else {
        ""
    };
    pad(format!("{sign}{digits}"), spec, true)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fmt(format: &str, args: &[Value]) -> String {
        toolsh_bytes::decode(&sprintf(format.as_bytes(), args, b"%.6g").unwrap_or_default()).into_owned()
    }

    #[test]
    fn conversions_follow_awk() {
        // Checked against gawk.
        assert_eq!(
            fmt(
                "%d|%5.2f|%-4s|%c|%c",
                &[Value::str(b"3x"), Value::Num(2.345), Value::str(b"ab"), Value::Num(65.0), Value::str(b"hey")]
            ),
            "3| 2.35|ab  |A|h"
        );
        assert_eq!(fmt("%s %s", &[Value::Num(0.1), Value::Num(1e6)]), "0.1 1000000");
        assert_eq!(fmt("%d", &[Value::Num(1e20)]), "100000000000000000000");
        assert_eq!(fmt("%*d|%.3s", &[Value::Num(4.0), Value::Num(7.0), Value::str(b"abcdef")]), "   7|abc");
        assert!(sprintf(b"%s and %d", &[Value::Num(1.0)], b"%.6g").is_err());
        assert_eq!(fmt("100%", &[]), "100%");
        assert_eq!(fmt("%x %o %X", &[Value::Num(255.0), Value::Num(8.0), Value::Num(255.0)]), "ff 10 FF");
    }
}
