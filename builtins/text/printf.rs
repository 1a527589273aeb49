//! `printf [-v var] FORMAT [args…]`: C conversions with flags, width and precision
//! (`%d %i %o %u %x %X %c %s %e %E %f %F %g %G %a`), plus bash's `%b` and `%q`. The format is
//! reused until the arguments run out.

use crate::Ctx;
use crate::session::Status;
use crate::spec::{Opt, Spec};
use crate::text::cfmt::{self, format_float, format_int, pad};

/// Whether bash quotes `text` as `$'…'`: it holds a control character or a byte that was not
/// UTF-8.
pub fn wants_ansi_c(text: &str) -> bool {
    text.chars().any(|c| c.is_control()) || toolsh_bytes::has_raw(text)
}

/// A name as bash's `printable_filename` shows it in a message (`cd`, "command not found"):
/// `$'…'` when it holds a control character or a byte that was not UTF-8, else as it is.
pub fn printable_filename(text: &str) -> std::borrow::Cow<'_, str> {
    match wants_ansi_c(text) {
        true => std::borrow::Cow::Owned(ansi_c_quote(text)),
        false => std::borrow::Cow::Borrowed(text),
    }
}

/// `$'…'` with C escapes, as bash quotes a text holding control characters or bytes that are
/// not UTF-8 (`%q`, `declare -p`).
pub fn ansi_c_quote(text: &str) -> String {
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
            // A byte that was not UTF-8 is written as its octal escape, as bash does.
            c => match toolsh_bytes::char_byte(c) {
                Some(byte) => out.push_str(&format!("\\{byte:03o}")),
                None => out.push(c),
            },
        }
    }
    out.push('\'');
    out
}

/// Quotes `text` so the shell reads it back as one word, as bash's `%q` does.
pub(crate) fn shell_quote(text: &str) -> String {
    if text.is_empty() {
        return "''".to_string();
    }
    if wants_ansi_c(text) {
        return ansi_c_quote(text);
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
    /// Arguments that are not numbers: said, and the status is 1.
    errors: Vec<String>,
    /// Numbers past 64 bits, clamped, and escapes missing their digits: said, as bash warns,
    /// and the status stays 0.
    warnings: Vec<String>,
    /// `%n`'s variables, each with the count of bytes written before it.
    counts: Vec<(String, usize)>,
    /// Bytes already written out before the current buffer (for `%n`).
    written: usize,
    /// The zone `%(…)T` shows times in (the command's `TZ`).
    zone: crate::text::zone::Zone,
}

impl Args<'_> {
    fn next(&mut self) -> Option<&str> {
        let item = self.items.get(self.pos).map(String::as_str);
        if item.is_some() {
            self.pos += 1;
        }
        item
    }

    /// The next argument as an integer for a signed conversion, or (`unsigned`) an unsigned one,
    /// as bash reads it: empty is 0, a number past 64 bits is clamped with a warning (to the
    /// signed bounds, or to all ones), anything else is an error and its leading digits.
    fn int(&mut self, unsigned: bool) -> i64 {
        let Some(text) = self.next() else { return 0 };
        if text.is_empty() {
            return 0;
        }
        let text = text.to_string();
        match parse_int(&text, unsigned) {
            Ok(value) => value,
            Err(IntError::Overflow { negative }) => {
                self.warnings.push(format!("warning: {text}: Numerical result out of range"));
                match (unsigned, negative) {
                    (true, _) => -1,
                    (false, true) => i64::MIN,
                    (false, false) => i64::MAX,
                }
            }
            Err(IntError::Invalid) => {
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
            Err(_) => match parse_int(&text, false) {
                Ok(value) => value as f64,
                Err(_) => {
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

/// Why an argument is not an integer.
enum IntError {
    /// Digits past 64 bits.
    Overflow {
        negative: bool,
    },
    Invalid,
}

/// An integer as C's `strtoimax` reads it for printf: decimal, `0x` hex, `0` octal, a quote
/// and a character's code; up to 64 bits (unsigned ones wrap to negative).
fn parse_int(text: &str, unsigned: bool) -> Result<i64, IntError> {
    let trimmed = text.trim_start();
    if let Some(rest) = trimmed.strip_prefix('\'').or_else(|| trimmed.strip_prefix('"')) {
        return Ok(rest.chars().next().map_or(0, |c| i64::from(c as u32)));
    }
    let (negative, digits) = match trimmed.as_bytes().first() {
        Some(b'-') => (true, &trimmed[1..]),
        Some(b'+') => (false, &trimmed[1..]),
        _ => (false, trimmed),
    };
    let (radix, body) = if let Some(hex) = digits.strip_prefix("0x").or_else(|| digits.strip_prefix("0X")) {
        (16, hex)
    } else if digits.len() > 1 && digits.starts_with('0') {
        (8, &digits[1..])
    } else {
        (10, digits)
    };
    let value = match u64::from_str_radix(body, radix) {
        Ok(value) => value as i64,
        Err(err) if *err.kind() == std::num::IntErrorKind::PosOverflow => return Err(IntError::Overflow { negative }),
        Err(_) => return Err(IntError::Invalid),
    };
    // Past the signed range, a decimal is out of range for `%d` too (bash clamps it there).
    if !unsigned && radix == 10 && value < 0 && !(negative && value == i64::MIN) {
        return Err(IntError::Overflow { negative });
    }
    Ok(if negative { value.wrapping_neg() } else { value })
}

/// Why a pass of the format stopped short.
enum Stop {
    /// An error, said as `printf: MESSAGE`.
    Said(String),
    /// A width, precision or the output past the value-bytes limit, before it was built.
    Limit,
}

/// Runs the format once over the remaining arguments; false when `\c` stopped output. `most`
/// is what `out` may hold (the value-bytes limit): a width or precision past it is refused
/// before its padding is made, and so is a piece that would grow `out` past it.
fn render(format: &[u8], args: &mut Args<'_>, out: &mut Vec<u8>, most: usize) -> Result<bool, Stop> {
    let mut idx = 0;
    while idx < format.len() {
        let b = format[idx];
        // In the format (not in `%b`'s argument) `\'`, `\"` and `\?` are the character.
        if b == b'\\'
            && let Some(&quoted @ (b'\'' | b'"' | b'?')) = format.get(idx + 1)
        {
            out.push(quoted);
            idx += 2;
            continue;
        }
        if b == b'\\' {
            // `\c` is no escape in the format; only `%b` stops at it.
            let taken = tescape(&format[idx + 1..], false, out, &mut args.warnings).unwrap_or(0);
            idx += 1 + taken;
            continue;
        }
        if b != b'%' {
            out.push(b);
            idx += 1;
            continue;
        }
        let start = idx;
        idx += 1;
        if format.get(idx) == Some(&b'%') {
            out.push(b'%');
            idx += 1;
            continue;
        }
        let spec = cfmt::parse_spec(format, &mut idx, || args.int(false));
        if spec.width.unwrap_or(0) > most {
            return Err(Stop::Limit);
        }
        if format.get(idx) == Some(&b'(') {
            let Some(text) = time_conversion(format, &mut idx, args) else {
                // Not `%(…)T`: bash warns and writes the `%`, then goes on after it.
                out.push(b'%');
                idx = start + 1;
                continue;
            };
            let text = match spec.precision {
                Some(precision) => text.chars().take(precision).collect(),
                None => text,
            };
            out.extend_from_slice(&toolsh_bytes::encode(&pad(text, &spec, false)));
            continue;
        }
        let Some(&conv) = format.get(idx) else {
            let spec_text = toolsh_bytes::decode(&format[start..]);
            return Err(Stop::Said(format!("`{spec_text}': missing format character")));
        };
        idx += 1;
        let conv = conv as char;
        // A number's precision is digits to make; a string's only cuts it.
        let made_precision = if matches!(conv, 's' | 'q' | 'b' | 'c') { 0 } else { spec.precision.unwrap_or(0) };
        if made_precision > most {
            return Err(Stop::Limit);
        }
        let text = match conv {
            'd' | 'i' | 'o' | 'u' | 'x' | 'X' => format_int(args.int(!matches!(conv, 'd' | 'i')), conv, &spec),
            'e' | 'E' | 'f' | 'F' | 'g' | 'G' | 'a' | 'A' => format_float(args.float(), conv, &spec),
            'c' => {
                // bash's `%c` is the argument's first byte (of `é`, the first of its two).
                let first: Vec<u8> =
                    args.next().and_then(|s| toolsh_bytes::encode(s).first().copied()).into_iter().collect();
                let body = pad_bytes(first, &spec);
                if out.len().saturating_add(body.len()) > most {
                    return Err(Stop::Limit);
                }
                out.extend_from_slice(&body);
                continue;
            }
            's' | 'q' | 'b' => {
                let arg = args.next().unwrap_or_default().to_string();
                // Bytes, not text: `%b` of `\xff` writes the byte, as bash's does.
                let mut body = match conv {
                    'q' => toolsh_bytes::encode_string(shell_quote(&arg)),
                    'b' => {
                        let (bytes, stop) = bexpand(&toolsh_bytes::encode(&arg), &mut args.warnings);
                        if stop {
                            out.extend_from_slice(&pad_bytes(bytes, &spec));
                            return Ok(false);
                        }
                        bytes
                    }
                    _ => toolsh_bytes::encode_string(arg),
                };
                // bash's and GNU's printf measure strings in bytes, not characters (`%-6s` of
                // `été` pads with one space), and a precision may cut a character in two: its
                // first bytes are written (and held as bytes by `-v`), as bash writes them.
                if let Some(precision) = spec.precision {
                    body.truncate(precision);
                }
                let body = pad_bytes(body, &spec);
                if out.len().saturating_add(body.len()) > most {
                    return Err(Stop::Limit);
                }
                out.extend_from_slice(&body);
                continue;
            }
            'n' => {
                // The count of bytes written so far by this printf, into the variable named.
                if let Some(name) = args.next() {
                    let name = name.to_string();
                    args.counts.push((name, args.written + out.len()));
                }
                continue;
            }
            other => return Err(Stop::Said(format!("`{other}': invalid format character"))),
        };
        if out.len().saturating_add(text.len()) > most {
            return Err(Stop::Limit);
        }
        out.extend_from_slice(&toolsh_bytes::encode(&text));
    }
    Ok(true)
}

/// `body` filled with spaces to the spec's width, counted in bytes (on the left unless `-`).
fn pad_bytes(body: Vec<u8>, spec: &cfmt::Spec) -> Vec<u8> {
    let fill = spec.width.unwrap_or(0).saturating_sub(body.len());
    if fill == 0 {
        return body;
    }
    let spaces = std::iter::repeat_n(b' ', fill);
    match spec.left {
        true => body.into_iter().chain(spaces).collect(),
        false => spaces.chain(body).collect(),
    }
}

/// bash's `%(FORMAT)T` at `idx` (on the `(`): the next argument, seconds since the epoch (none,
/// empty or -1: now; -2: the shell's start, which is now here), formatted by strftime's
/// FORMAT (empty: `%X`, parentheses nest) in the command's `TZ`. `None`, with bash's
/// warning, when no `T` follows the closing parenthesis.
fn time_conversion(format: &[u8], idx: &mut usize, args: &mut Args<'_>) -> Option<String> {
    let mut depth = 0usize;
    let mut close = None;
    for (n, &b) in format[*idx..].iter().enumerate() {
        match b {
            b'(' => depth += 1,
            b')' => depth -= 1,
            _ => {}
        }
        if depth == 0 {
            close = Some(n);
            break;
        }
    }
    let close = close.unwrap_or(format.len() - *idx);
    let inner = toolsh_bytes::decode(&format[*idx + 1..*idx + close]).into_owned();
    if format.get(*idx + close + 1) != Some(&b'T') {
        let found = format.get(*idx + close + 1).map_or(String::new(), |&b| (b as char).to_string());
        args.warnings.push(format!("warning: `{found}': invalid time format specification"));
        return None;
    }
    *idx += close + 2;
    let seconds = match args.items.get(args.pos).map(String::as_str) {
        None | Some("") => {
            args.next();
            -1
        }
        Some(_) => args.int(false),
    };
    let when = match seconds {
        -1 | -2 => chrono::Utc::now(),
        seconds => chrono::DateTime::from_timestamp(seconds, 0).unwrap_or_else(chrono::Utc::now),
    };
    let strftime = if inner.is_empty() { "%X" } else { inner.as_str() };
    let (local, abbreviation) = args.zone.local(when);
    Some(crate::text::strftime::strftime(strftime, &local, &abbreviation, crate::text::strftime::Dialect::Libc))
}

/// One backslash escape of printf's, as bash's `tescape`: `text` follows the backslash,
/// `in_b` says it is in a `%b` argument. Writes what it stands for and returns how many bytes
/// of `text` it took; 0 when it stands for itself (the backslash is written, the next byte is
/// read as usual). `Err` is `%b`'s `\c`: stop all output.
fn tescape(text: &[u8], in_b: bool, out: &mut Vec<u8>, warnings: &mut Vec<String>) -> Result<usize, ()> {
    let Some(&c) = text.first() else {
        out.push(b'\\');
        return Ok(0);
    };
    let digits = |max: usize, pred: fn(&u8) -> bool| text[1..].iter().take(max).take_while(|b| pred(b)).count();
    let simple = match c {
        b'a' => Some(0x07),
        b'b' => Some(0x08),
        b'e' | b'E' => Some(0x1b),
        b'f' => Some(0x0c),
        b'n' => Some(b'\n'),
        b'r' => Some(b'\r'),
        b't' => Some(b'\t'),
        b'v' => Some(0x0b),
        b'\\' => Some(b'\\'),
        b'\'' | b'"' | b'?' if !in_b => Some(c),
        _ => None,
    };
    if let Some(byte) = simple {
        out.push(byte);
        return Ok(1);
    }
    match c {
        // `\NNN` (up to three digits); in `%b` also `\0NNN`.
        b'0'..=b'7' => {
            let max = if c == b'0' && in_b { 3 } else { 2 };
            let n = digits(max, |b| (b'0'..=b'7').contains(b));
            let value = text[1..=n].iter().fold(u32::from(c - b'0'), |v, d| v * 8 + u32::from(d - b'0'));
            out.push((value & 0xff) as u8);
            Ok(1 + n)
        }
        b'x' => {
            let n = digits(2, u8::is_ascii_hexdigit);
            if n == 0 {
                warnings.push("missing hex digit for \\x".to_string());
                out.push(b'\\');
                return Ok(0);
            }
            let value = text[1..=n].iter().fold(0u32, |v, d| v * 16 + (*d as char).to_digit(16).unwrap_or(0));
            out.push((value & 0xff) as u8);
            Ok(1 + n)
        }
        b'u' | b'U' => {
            let n = digits(if c == b'u' { 4 } else { 8 }, u8::is_ascii_hexdigit);
            if n == 0 {
                warnings.push(format!("missing unicode digit for \\{}", c as char));
                out.push(b'\\');
                return Ok(0);
            }
            let value =
                text[1..=n].iter().fold(0u32, |v, d| v.wrapping_mul(16) + (*d as char).to_digit(16).unwrap_or(0));
            let ch = char::from_u32(value).unwrap_or('\u{fffd}');
            let mut buf = [0u8; 4];
            out.extend_from_slice(ch.encode_utf8(&mut buf).as_bytes());
            Ok(1 + n)
        }
        b'c' if in_b => Err(()),
        _ => {
            out.push(b'\\');
            Ok(0)
        }
    }
}

/// `%b`'s argument with its escapes decoded, and whether `\c` stopped it (bash's `bexpand`).
fn bexpand(text: &[u8], warnings: &mut Vec<String>) -> (Vec<u8>, bool) {
    let mut out = Vec::with_capacity(text.len());
    let mut idx = 0;
    while idx < text.len() {
        let b = text[idx];
        idx += 1;
        if b != b'\\' || idx == text.len() {
            out.push(b);
            continue;
        }
        match tescape(&text[idx..], true, &mut out, warnings) {
            Ok(taken) => idx += taken,
            Err(()) => return (out, true),
        }
    }
    (out, false)
}

/// Bytes of output `printf` gathers before it writes them (when it writes to a stream).
const FLUSH_AT: usize = 64 * 1024;

const VAR: Opt = Opt::short('v', "assign the output to shell variable VAR rather than display it").value("var");

/// `printf`.
pub const PRINTF: Spec = Spec {
    name: "printf",
    summary: "formats and prints ARGUMENTS under control of the FORMAT",
    synopsis: &["[-v var] format [arguments]"],
    about: "FORMAT is a character string with plain characters, backslash escapes, and conversions (%s %b %q %d %i %o %u %x %X %c %e %f %g %%) each taking the next ARGUMENT; the format is reused as needed to consume all ARGUMENTS.",
    options: &[VAR],
    ..Spec::BASH
};

/// `printf [-v var] FORMAT [args…]`
pub async fn printf(mut ctx: Ctx<'_>, parsed: crate::spec::Args) -> Status {
    let target = parsed.last(&VAR).map(str::to_string);
    let argv = &parsed.operands[..];
    let Some(format) = argv.first() else {
        return ctx.misuse(&PRINTF, "").await;
    };
    // Only a time conversion reads the zone (and the zone database).
    let zone = if format.contains(")T") {
        crate::text::zone::Zone::of(ctx.state())
    } else {
        crate::text::zone::Zone::named(None)
    };
    let items = &argv[1..];
    let mut args =
        Args { items, pos: 0, errors: Vec::new(), warnings: Vec::new(), counts: Vec::new(), written: 0, zone };
    let most = ctx.state().limits().output_bytes;
    let mut out = Vec::new();
    loop {
        let before = args.pos;
        match render(&toolsh_bytes::encode(format), &mut args, &mut out, most) {
            Ok(true) => {}
            Ok(false) => break,
            Err(Stop::Said(message)) => {
                for said in &args.warnings {
                    ctx.complain(said).await;
                }
                ctx.complain(message).await;
                // What was made before the bad conversion goes where the whole would have
                // gone: out, or into the variable (bash's PRETURN).
                match &target {
                    Some(name) => {
                        if let Err(err) = ctx.set_target(name, toolsh_bytes::decode(&out).into_owned()) {
                            ctx.target_refused(&err).await;
                        }
                    }
                    None => {
                        ctx.out(&out).await;
                    }
                }
                return 1;
            }
            Err(Stop::Limit) => return ctx.limit_hit("value bytes", most as u64),
        }
        // The format's own text, reused for each group of arguments, counts too.
        if out.len() > most {
            return ctx.limit_hit("value bytes", most as u64);
        }
        if args.pos >= args.items.len() || args.pos == before {
            break;
        }
        // Output to a stream goes out as it is made: only a variable's value is held whole.
        if target.is_none() && out.len() >= FLUSH_AT {
            if !ctx.out(&out).await {
                return 1;
            }
            args.written += out.len();
            out.clear();
        }
    }
    for said in args.warnings.iter().chain(&args.errors) {
        ctx.complain(said).await;
    }
    let mut status = i32::from(!args.errors.is_empty());
    for (name, count) in std::mem::take(&mut args.counts) {
        if let Err(err) = ctx.set_target(&name, count.to_string()) {
            ctx.complain(err.to_string()).await;
            status = 1;
        }
    }
    match target {
        Some(name) => {
            let text = toolsh_bytes::decode(&out).into_owned();
            match ctx.set_target(&name, text) {
                Ok(()) => status,
                // bash: a name that is not one is a usage error (2); a reference to no name
                // is a failed assignment (1).
                Err(err @ toolsh_core::arith::TargetError::Invalid(_)) => {
                    ctx.complain(err.to_string()).await;
                    if toolsh_core::vars::valid_reference(&name) { 1 } else { 2 }
                }
                Err(err) => ctx.target_refused(&err).await,
            }
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
