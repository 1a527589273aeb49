//! `printf [-v var] FORMAT [args…]`: C conversions with flags, width and precision
//! (`%d %i %o %u %x %X %c %s %e %E %f %F %g %G %a`), plus bash's `%b` and `%q`. The format is
//! reused until the arguments run out.

use super::Ctx;
use super::text::expand_backslashes_bytes;
use crate::interp::Status;

#[derive(Default, Clone, Copy)]
struct Spec {
    left: bool,
    plus: bool,
    space: bool,
    alt: bool,
    zero: bool,
    width: Option<usize>,
    precision: Option<usize>,
}

/// Quotes `text` so the shell reads it back as one word, as bash's `%q` does.
pub(crate) fn shell_quote(text: &str) -> String {
    if text.is_empty() {
        return "''".to_string();
    }
    if text.chars().any(|c| c.is_control()) {
        let mut out = String::from("$'");
        for c in text.chars() {
            match c {
                '\n' => out.push_str("\\n"),
                '\t' => out.push_str("\\t"),
                '\r' => out.push_str("\\r"),
                '\x07' => out.push_str("\\a"),
                '\x08' => out.push_str("\\b"),
                '\x0b' => out.push_str("\\v"),
                '\x0c' => out.push_str("\\f"),
                '\x1b' => out.push_str("\\E"),
                '\'' => out.push_str("\\'"),
                '\\' => out.push_str("\\\\"),
                c if c.is_control() => out.push_str(&format!("\\{:03o}", c as u32)),
                c => out.push(c),
            }
        }
        out.push('\'');
        return out;
    }
    let mut out = String::new();
    for (idx, c) in text.chars().enumerate() {
        let special = matches!(
            c,
            ' ' | '\''
                | '"'
                | '\\'
                | '|'
                | '&'
                | ';'
                | '('
                | ')'
                | '<'
                | '>'
                | '!'
                | '{'
                | '}'
                | '*'
                | '['
                | ']'
                | '?'
                | '^'
                | '$'
                | '`'
                | ','
        ) || (idx == 0 && matches!(c, '#' | '~'));
        if special {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

struct Args<'a> {
    items: &'a [String],
    pos: usize,
    errors: Vec<String>,
}

impl Args<'_> {
    fn next(&mut self) -> Option<&str> {
        let item = self.items.get(self.pos).map(String::as_str);
        if item.is_some() {
            self.pos += 1;
        }
        item
    }

    fn int(&mut self) -> i64 {
        let Some(text) = self.next() else { return 0 };
        let text = text.to_string();
        match parse_int(&text) {
            Some(value) => value,
            None => {
                self.errors.push(format!("{text}: invalid number"));
                leading_int(&text)
            }
        }
    }

    fn float(&mut self) -> f64 {
        let Some(text) = self.next() else { return 0.0 };
        let text = text.to_string();
        if let Some(c) = text.strip_prefix('\'').or_else(|| text.strip_prefix('"')) {
            return c.chars().next().map_or(0.0, |c| f64::from(c as u32));
        }
        match text.trim().parse::<f64>() {
            Ok(value) => value,
            Err(_) => match parse_int(&text) {
                Some(value) => value as f64,
                None => {
                    self.errors.push(format!("{text}: invalid number"));
                    0.0
                }
            },
        }
    }
}

fn leading_int(text: &str) -> i64 {
    let digits: String = text.trim().chars().take_while(|c| c.is_ascii_digit() || *c == '-').collect();
    digits.parse().unwrap_or(0)
}

fn parse_int(text: &str) -> Option<i64> {
    let trimmed = text.trim_start();
    if let Some(rest) = trimmed.strip_prefix('\'').or_else(|| trimmed.strip_prefix('"')) {
        return Some(rest.chars().next().map_or(0, |c| i64::from(c as u32)));
    }
    let (negative, digits) = match trimmed.as_bytes().first() {
        Some(b'-') => (true, &trimmed[1..]),
        Some(b'+') => (false, &trimmed[1..]),
        _ => (false, trimmed),
    };
    let value = if let Some(hex) = digits.strip_prefix("0x").or_else(|| digits.strip_prefix("0X")) {
        i64::from_str_radix(hex, 16).ok()?
    } else if digits.len() > 1 && digits.starts_with('0') {
        i64::from_str_radix(&digits[1..], 8).ok()?
    } else {
        digits.parse::<i64>().ok().or_else(|| digits.parse::<u64>().ok().map(|v| v as i64))?
    };
    Some(if negative { value.wrapping_neg() } else { value })
}

fn pad(body: String, spec: &Spec, numeric: bool) -> String {
    let width = spec.width.unwrap_or(0);
    let len = body.chars().count();
    if len >= width {
        return body;
    }
    let fill = width - len;
    if spec.left {
        return format!("{body}{}", " ".repeat(fill));
    }
    if spec.zero && numeric {
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

fn format_int(value: i64, conv: char, spec: &Spec) -> String {
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
        while digits.len() < precision {
            digits.insert(0, '0');
        }
    }
    if spec.alt && magnitude != 0 {
        match conv {
            'o' if !digits.starts_with('0') => digits.insert(0, '0'),
            'x' => digits.insert_str(0, "0x"),
            'X' => digits.insert_str(0, "0X"),
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

fn exp_form(value: f64, precision: usize, upper: bool) -> String {
    if value == 0.0 {
        let mantissa = format!("{:.precision$}", 0.0);
        return format!("{mantissa}{}+00", if upper { 'E' } else { 'e' });
    }
    let mut exponent = value.abs().log10().floor() as i32;
    let mut mantissa = value / 10f64.powi(exponent);
    let mut text = format!("{mantissa:.precision$}");
    if text.trim_start_matches('-').starts_with("10") {
        exponent += 1;
        mantissa = value / 10f64.powi(exponent);
        text = format!("{mantissa:.precision$}");
    }
    let sign = if exponent < 0 { '-' } else { '+' };
    format!("{text}{}{sign}{:02}", if upper { 'E' } else { 'e' }, exponent.abs())
}

fn strip_zeros(text: String) -> String {
    if !text.contains('.') {
        return text;
    }
    let (mantissa, exponent) = match text.find(['e', 'E']) {
        Some(idx) => (text[..idx].to_string(), text[idx..].to_string()),
        None => (text.clone(), String::new()),
    };
    let trimmed = mantissa.trim_end_matches('0').trim_end_matches('.');
    format!("{trimmed}{exponent}")
}

fn format_float(value: f64, conv: char, spec: &Spec) -> String {
    let precision = spec.precision.unwrap_or(6);
    let upper = conv.is_ascii_uppercase();
    let body = if value.is_infinite() {
        let text = if value > 0.0 { "inf" } else { "-inf" };
        if upper { text.to_uppercase() } else { text.to_string() }
    } else if value.is_nan() {
        if upper { "NAN".to_string() } else { "nan".to_string() }
    } else {
        match conv.to_ascii_lowercase() {
            'e' => exp_form(value, precision, upper),
            'g' => {
                let p = if precision == 0 { 1 } else { precision };
                let exponent = if value == 0.0 { 0 } else { value.abs().log10().floor() as i32 };
                let text = if exponent < -4 || exponent >= p as i32 {
                    exp_form(value, p - 1, upper)
                } else {
                    let decimals = (p as i32 - 1 - exponent).max(0) as usize;
                    format!("{value:.decimals$}")
                };
                if spec.alt { text } else { strip_zeros(text) }
            }
            'a' => format!("{value}"),
            _ => format!("{value:.precision$}"),
        }
    };
    let sign = if value.is_sign_negative() || body.starts_with('-') {
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

/// Runs the format once over the remaining arguments; false when `\c` stopped output.
fn render(format: &[u8], args: &mut Args<'_>, out: &mut Vec<u8>) -> Result<bool, String> {
    let mut idx = 0;
    while idx < format.len() {
        let b = format[idx];
        if b == b'\\' {
            let end = escape_end(format, idx);
            let piece = String::from_utf8_lossy(&format[idx..end]).into_owned();
            let (bytes, _) = expand_backslashes_bytes(&piece, true);
            out.extend_from_slice(&bytes);
            idx = end;
            continue;
        }
        if b != b'%' {
            out.push(b);
            idx += 1;
            continue;
        }
        idx += 1;
        if format.get(idx) == Some(&b'%') {
            out.push(b'%');
            idx += 1;
            continue;
        }
        let mut spec = Spec::default();
        while let Some(&flag) = format.get(idx) {
            match flag {
                b'-' => spec.left = true,
                b'+' => spec.plus = true,
                b' ' => spec.space = true,
                b'#' => spec.alt = true,
                b'0' => spec.zero = true,
                _ => break,
            }
            idx += 1;
        }
        if format.get(idx) == Some(&b'*') {
            idx += 1;
            let width = args.int();
            if width < 0 {
                spec.left = true;
            }
            spec.width = Some(width.unsigned_abs() as usize);
        } else {
            let start = idx;
            while format.get(idx).is_some_and(u8::is_ascii_digit) {
                idx += 1;
            }
            if idx > start {
                spec.width = String::from_utf8_lossy(&format[start..idx]).parse().ok();
            }
        }
        if format.get(idx) == Some(&b'.') {
            idx += 1;
            if format.get(idx) == Some(&b'*') {
                idx += 1;
                spec.precision = Some(args.int().max(0) as usize);
            } else {
                let start = idx;
                while format.get(idx).is_some_and(u8::is_ascii_digit) {
                    idx += 1;
                }
                spec.precision = Some(String::from_utf8_lossy(&format[start..idx]).parse().unwrap_or(0));
            }
        }
        while matches!(format.get(idx), Some(b'l' | b'h' | b'L' | b'j' | b'z' | b't')) {
            idx += 1;
        }
        let Some(&conv) = format.get(idx) else {
            return Err("`%': missing format character".to_string());
        };
        idx += 1;
        let conv = conv as char;
        let text = match conv {
            'd' | 'i' | 'o' | 'u' | 'x' | 'X' => format_int(args.int(), conv, &spec),
            'e' | 'E' | 'f' | 'F' | 'g' | 'G' | 'a' | 'A' => format_float(args.float(), conv, &spec),
            'c' => {
                let c = args.next().and_then(|s| s.chars().next()).map(String::from).unwrap_or_default();
                pad(c, &spec, false)
            }
            's' | 'q' | 'b' => {
                let arg = args.next().unwrap_or_default().to_string();
                let mut body = match conv {
                    'q' => shell_quote(&arg),
                    'b' => {
                        let (bytes, stop) = expand_backslashes_bytes(&arg, false);
                        if stop {
                            let text = String::from_utf8_lossy(&bytes).into_owned();
                            out.extend_from_slice(pad(text, &spec, false).as_bytes());
                            return Ok(false);
                        }
                        String::from_utf8_lossy(&bytes).into_owned()
                    }
                    _ => arg,
                };
                if let Some(precision) = spec.precision {
                    body = body.chars().take(precision).collect();
                }
                pad(body, &spec, false)
            }
            other => return Err(format!("`{other}': invalid format character")),
        };
        out.extend_from_slice(text.as_bytes());
    }
    Ok(true)
}

/// The end of the escape sequence starting at `start` (a backslash).
fn escape_end(format: &[u8], start: usize) -> usize {
    let mut idx = start + 1;
    let Some(&first) = format.get(idx) else { return idx };
    idx += 1;
    let (max, pred): (usize, fn(&u8) -> bool) = match first {
        b'0'..=b'7' => (2, |b| (b'0'..=b'7').contains(b)),
        b'x' => (2, u8::is_ascii_hexdigit),
        b'u' => (4, u8::is_ascii_hexdigit),
        b'U' => (8, u8::is_ascii_hexdigit),
        _ => return idx,
    };
    let mut taken = 0;
    while taken < max && format.get(idx).is_some_and(pred) {
        idx += 1;
        taken += 1;
    }
    idx
}

/// `printf [-v var] FORMAT [args…]`
pub async fn printf(ctx: Ctx<'_>) -> Status {
    let mut argv = &ctx.argv[1..];
    let mut target = None;
    if argv.first().is_some_and(|a| a == "-v") {
        let Some(name) = argv.get(1) else {
            return ctx.usage("-v: option requires an argument", "printf [-v var] format [arguments]").await;
        };
        target = Some(name.clone());
        argv = &argv[2..];
    }
    if argv.first().is_some_and(|a| a == "--") {
        argv = &argv[1..];
    }
    let Some(format) = argv.first() else {
        return ctx.usage("missing format", "printf [-v var] format [arguments]").await;
    };
    let mut args = Args { items: &argv[1..], pos: 0, errors: Vec::new() };
    let mut out = Vec::new();
    loop {
        let before = args.pos;
        match render(format.as_bytes(), &mut args, &mut out) {
            Ok(true) => {}
            Ok(false) => break,
            Err(message) => {
                ctx.complain(message).await;
                ctx.out(&out).await;
                return 1;
            }
        }
        if args.pos >= args.items.len() || args.pos == before {
            break;
        }
    }
    for error in &args.errors {
        ctx.complain(error).await;
    }
    let status = i32::from(!args.errors.is_empty());
    match target {
        Some(name) => {
            let text = String::from_utf8_lossy(&out).into_owned();
            if !ctx.state.set_var(&name, text) {
                return ctx.fail(format!("{name}: readonly variable")).await;
            }
            status
        }
        None => {
            if ctx.out(&out).await {
                status
            } else {
                1
            }
        }
    }
}
