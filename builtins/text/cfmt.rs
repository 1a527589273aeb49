//! C's printf conversions, shared by the `printf` command and awk's `printf`/`sprintf`: the
//! conversion spec (flags, width, precision), integers in bases 8/10/16, and floating point in
//! `%e %f %g` with glibc's rounding (Rust's formatting rounds exactly, as glibc does).

/// Flags, width and precision of one conversion.
#[derive(Debug, Default, Clone, Copy)]
pub struct Spec {
    pub left: bool,
    pub plus: bool,
    pub space: bool,
    pub alt: bool,
    pub zero: bool,
    pub width: Option<usize>,
    pub precision: Option<usize>,
}

/// Widths and precisions past this are held to it by [`Spec::held`], so `%999999999d` cannot
/// ask `seq` for a gigabyte of padding (`printf` holds them to the value-bytes limit instead).
const MAX_WIDTH: usize = 1 << 20;

impl Spec {
    /// The spec with its width and precision held to [`MAX_WIDTH`].
    pub fn held(self) -> Spec {
        Spec {
            width: self.width.map(|w| w.min(MAX_WIDTH)),
            precision: self.precision.map(|p| p.min(MAX_WIDTH)),
            ..self
        }
    }
}

/// Parses the part of a conversion after `%` up to the conversion character, leaving `idx` on
/// it; `star` supplies the value of a `*` width or precision. Widths and precisions are as
/// written (a caller holds them to what it can build: [`Spec::held`], or a limit).
pub fn parse_spec(format: &[u8], idx: &mut usize, mut star: impl FnMut() -> i64) -> Spec {
    let mut spec = Spec::default();
    while let Some(&flag) = format.get(*idx) {
        match flag {
            b'-' => spec.left = true,
            b'+' => spec.plus = true,
            b' ' => spec.space = true,
            b'#' => spec.alt = true,
            b'0' => spec.zero = true,
            // Thousands grouping: the shell's locale is C, whose grouping is none (as glibc's).
            b'\'' => {}
            _ => break,
        }
        *idx += 1;
    }
    if format.get(*idx) == Some(&b'*') {
        *idx += 1;
        let width = star();
        if width < 0 {
            spec.left = true;
        }
        spec.width = Some(usize::try_from(width.unsigned_abs()).unwrap_or(usize::MAX));
    } else {
        spec.width = digits(format, idx);
    }
    if format.get(*idx) == Some(&b'.') {
        *idx += 1;
        if format.get(*idx) == Some(&b'*') {
            *idx += 1;
            let precision = star();
            // A negative precision is taken as if it were missing.
            spec.precision = (precision >= 0).then(|| usize::try_from(precision).unwrap_or(usize::MAX));
        } else {
            spec.precision = Some(digits(format, idx).unwrap_or(0));
        }
    }
    while matches!(format.get(*idx), Some(b'l' | b'h' | b'L' | b'j' | b'z' | b't')) {
        *idx += 1;
    }
    spec
}

fn digits(format: &[u8], idx: &mut usize) -> Option<usize> {
    let start = *idx;
    while format.get(*idx).is_some_and(u8::is_ascii_digit) {
        *idx += 1;
    }
    let text = std::str::from_utf8(&format[start..*idx]).ok().filter(|t| !t.is_empty())?;
    // More digits than a usize holds ask for more than any limit allows, as usize::MAX does.
    Some(text.parse::<usize>().unwrap_or(usize::MAX))
}

/// Pads `body` to the spec's width: left-justified, zero-filled after the sign and `0x` for
/// numbers, or right-justified with spaces.
pub fn pad(body: String, spec: &Spec, numeric: bool) -> String {
    let width = spec.width.unwrap_or(0);
    let len = body.chars().count();
    if len >= width {
        return body;
    }
    let fill = width - len;
    if spec.left {
        return format!("{body}{}", " ".repeat(fill));
    }
    let finite = !body.contains("inf") && !body.contains("nan") && !body.contains("INF") && !body.contains("NAN");
    if spec.zero && numeric && finite {
        let sign_len = body.chars().take_while(|c| matches!(c, '-' | '+' | ' ')).count();
        let prefix_len = if body[sign_len..].starts_with("0x") || body[sign_len..].starts_with("0X") {
            sign_len + 2
        } else {
            sign_len
        };
        return format!("{}{}{}", &body[..prefix_len], "0".repeat(fill), &body[prefix_len..]);
    }
    format!("{}{body}", " ".repeat(fill))
}

/// `%d %i %o %u %x %X` of an integer.
pub fn format_int(value: i64, conv: char, spec: &Spec) -> String {
    let (negative, magnitude) =
        if matches!(conv, 'd' | 'i') { (value < 0, value.unsigned_abs()) } else { (false, value as u64) };
    let mut digits = match conv {
        'o' => format!("{magnitude:o}"),
        'x' => format!("{magnitude:x}"),
        'X' => format!("{magnitude:X}"),
        _ => magnitude.to_string(),
    };
    if let Some(precision) = spec.precision {
        if precision == 0 && magnitude == 0 {
            digits.clear();
        }
        if digits.len() < precision {
            digits.insert_str(0, &"0".repeat(precision - digits.len()));
        }
    }
    if spec.alt {
        // C's `#`: octal starts with a 0 (zero too: `%#.0o` of 0 is "0"), hex nonzero with 0x.
        match conv {
            'o' if !digits.starts_with('0') => digits.insert(0, '0'),
            'x' if magnitude != 0 => digits.insert_str(0, "0x"),
            'X' if magnitude != 0 => digits.insert_str(0, "0X"),
            _ => {}
        }
    }
    let sign = if negative {
        "-"
    } else if spec.plus && matches!(conv, 'd' | 'i') {
        "+"
    } else if spec.space && matches!(conv, 'd' | 'i') {
        " "
    } else {
        ""
    };
    let mut local = *spec;
    if spec.precision.is_some() {
        local.zero = false;
    }
    pad(format!("{sign}{digits}"), &local, true)
}

/// Digits past this many are zeros in any double's exact decimal expansion (the smallest
/// subnormal has 1074 fraction digits); Rust's formatter refuses precisions above `u16::MAX`,
/// so longer ones are written as this many digits and zeros after them.
const EXACT_DIGITS: usize = 1100;

/// `text` filled with `fill` to `width` characters, on the left when `right` aligns it right.
/// Rust's `{:>width$}` refuses widths above `u16::MAX`, which input can ask for.
pub fn align(text: &str, width: usize, right: bool, fill: char) -> String {
    let fill_len = width.saturating_sub(text.chars().count());
    let mut out = String::with_capacity(text.len() + fill_len);
    if !right {
        out.push_str(text);
    }
    out.extend(std::iter::repeat_n(fill, fill_len));
    if right {
        out.push_str(text);
    }
    out
}

/// `value` with `precision` decimals (`%f`), for any precision.
pub fn fixed(value: f64, precision: usize) -> String {
    let exact = precision.min(EXACT_DIGITS);
    let mut text = format!("{value:.exact$}");
    text.extend(std::iter::repeat_n('0', precision - exact));
    text
}

/// `value` in Rust's exponent form with `precision` fraction digits, for any precision.
fn scientific(value: f64, precision: usize) -> String {
    let exact = precision.min(EXACT_DIGITS);
    let text = format!("{value:.exact$e}");
    if exact == precision {
        return text;
    }
    let (mantissa, exponent) = text.split_once('e').unwrap_or((&text, "0"));
    let zeros = "0".repeat(precision - exact);
    format!("{mantissa}{zeros}e{exponent}")
}

/// `%e`: one digit, the fraction, and an exponent of at least two digits.
fn exp_form(value: f64, precision: usize, upper: bool) -> String {
    let text = scientific(value, precision);
    let (mantissa, exponent) = text.split_once('e').unwrap_or((&text, "0"));
    let exponent: i32 = exponent.parse().unwrap_or(0);
    let sign = if exponent < 0 { '-' } else { '+' };
    format!("{mantissa}{}{sign}{:02}", if upper { 'E' } else { 'e' }, exponent.abs())
}

/// `%g` without `#`: trailing zeros of the fraction (and a bare point) go.
fn strip_zeros(text: String) -> String {
    if !text.contains('.') {
        return text;
    }
    let (mantissa, exponent) = match text.find(['e', 'E']) {
        Some(idx) => (&text[..idx], &text[idx..]),
        None => (text.as_str(), ""),
    };
    let trimmed = mantissa.trim_end_matches('0').trim_end_matches('.');
    format!("{trimmed}{exponent}")
}

/// `%g` with precision `p` (0 counts as 1): the style of `%e` when the exponent after rounding
/// is below -4 or at least `p`, else of `%f` with `p - 1 - exponent` decimals.
fn general_form(value: f64, precision: usize, alt: bool, upper: bool) -> String {
    let p = precision.max(1);
    let rounded = scientific(value, p - 1);
    let exponent: i64 = rounded.split_once('e').and_then(|(_, e)| e.parse().ok()).unwrap_or(0);
    let text = if exponent < -4 || exponent >= p as i64 {
        exp_form(value, p - 1, upper)
    } else {
        let decimals = (p as i64 - 1 - exponent).max(0) as usize;
        fixed(value, decimals)
    };
    if alt && !text.contains('.') {
        // `%#g` keeps the point even with nothing after it.
        match text.find(['e', 'E']) {
            Some(idx) => format!("{}.{}", &text[..idx], &text[idx..]),
            None => format!("{text}."),
        }
    } else if alt {
        text
    } else {
        strip_zeros(text)
    }
}

/// `%#.0f` and `%#.0e` keep the decimal point C's alternate form asks for (`3.`, `3.e+00`).
fn with_point(text: String, wanted: bool) -> String {
    if !wanted || text.contains('.') {
        return text;
    }
    match text.find(['e', 'E']) {
        Some(at) => format!("{}.{}", &text[..at], &text[at..]),
        None => text + ".",
    }
}

/// `%e %E %f %F %g %G %a %A` of a double.
pub fn format_float(value: f64, conv: char, spec: &Spec) -> String {
    let precision = spec.precision.unwrap_or(6);
    let upper = conv.is_ascii_uppercase();
    let body = if value.is_infinite() {
        let text = if value > 0.0 { "inf" } else { "-inf" };
        if upper { text.to_uppercase() } else { text.to_string() }
    } else if value.is_nan() {
        let text = if value.is_sign_negative() { "-nan" } else { "nan" };
        if upper { text.to_uppercase() } else { text.to_string() }
    } else {
        match conv.to_ascii_lowercase() {
            'e' => with_point(exp_form(value, precision, upper), spec.alt && precision == 0),
            'g' => general_form(value, precision, spec.alt, upper),
            'a' => format!("{value}"),
            _ => with_point(fixed(value, precision), spec.alt && precision == 0),
        }
    };
    let sign = if body.starts_with('-') {
        ""
    } else if spec.plus {
        "+"
    } else if spec.space {
        " "
    } else {
        ""
    };
    pad(format!("{sign}{body}"), spec, true)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn g(value: f64, precision: usize) -> String {
        format_float(value, 'g', &Spec { precision: Some(precision), ..Spec::default() })
    }

    #[test]
    fn general_form_decides_on_the_rounded_exponent() {
        // Checked against glibc's printf.
        assert_eq!(g(999999.5, 6), "1e+06");
        assert_eq!(g(123456.0, 6), "123456");
        assert_eq!(g(0.0001, 6), "0.0001");
        assert_eq!(g(0.00001, 6), "1e-05");
        assert_eq!(g(1.23456789, 6), "1.23457");
        assert_eq!(g(1e100, 6), "1e+100");
        assert_eq!(g(0.0, 6), "0");
        assert_eq!(g(-2.5, 0), "-2");
        assert_eq!(format_float(2.0, 'g', &Spec { alt: true, ..Spec::default() }), "2.00000");
        assert_eq!(format_float(1.5, 'e', &Spec::default()), "1.500000e+00");
        assert_eq!(format_float(-0.0, 'f', &Spec { precision: Some(1), ..Spec::default() }), "-0.0");
        // Past Rust's formatter's limit (u16::MAX): the exact digits, then zeros.
        let long = format_float(1.5, 'f', &Spec { precision: Some(100_000), ..Spec::default() });
        assert_eq!((long.len(), &long[..4], long.bytes().skip(4).all(|b| b == b'0')), (100_002, "1.50", true));
        let long = format_float(0.1, 'e', &Spec { precision: Some(70_000), ..Spec::default() });
        assert!(long.starts_with("1.000000000000000055511151231257827") && long.ends_with("0e-01"), "{}", &long[..40]);
        let long = format_float(0.1, 'g', &Spec { precision: Some(70_000), ..Spec::default() });
        assert!(long.starts_with("0.1000000000000000055511151231257827"), "{}", &long[..40]);
    }

    #[test]
    fn spec_parsing_takes_stars_from_the_arguments() {
        let mut idx = 0;
        let mut values = vec![-7, 2].into_iter();
        let spec = parse_spec(b"*.*f", &mut idx, || values.next().unwrap_or(0));
        assert!(spec.left);
        assert_eq!((spec.width, spec.precision, idx), (Some(7), Some(2), 3));
    }
}
