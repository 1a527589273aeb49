//! `numfmt`: numbers to and from human-readable units as GNU numfmt converts them — SI
//! (powers of 1000) and IEC (powers of 1024, `-i` spelled or not) suffixes on input and
//! output, unit multipliers, GNU's five roundings, `--format`'s printf-like width and
//! precision, padding, a suffix, chosen fields of each line (whitespace-aligned fields keep
//! their width) and a header, and what to do with a field that is not a number.

use crate::Ctx;
use crate::session::Status;
use crate::spec::{Args, Opt, Spec, Words};

const FROM: Opt = Opt::long("from", "auto-scale input numbers to UNITs (none, auto, si, iec, iec-i)").value("UNIT");
const FROM_UNIT: Opt = Opt::long("from-unit", "specify the input unit size (instead of the default 1)").value("N");
const TO: Opt = Opt::long("to", "auto-scale output numbers to UNITs (none, si, iec, iec-i)").value("UNIT");
const TO_UNIT: Opt = Opt::long("to-unit", "the output unit size (instead of the default 1)").value("N");
const PADDING: Opt = Opt::long("padding", "pad the output to N characters; negative N left-aligns").value("N");
const ROUND: Opt =
    Opt::long("round", "use METHOD for rounding: up, down, from-zero (default), towards-zero, nearest").value("METHOD");
const SUFFIX: Opt = Opt::long("suffix", "add SUFFIX to output numbers, and accept it on input").value("SUFFIX");
const FORMAT: Opt = Opt::long("format", "use printf style floating-point FORMAT").value("FORMAT");
const FIELD: Opt = Opt::long("field", "replace the numbers in these input fields (default 1)").value("FIELDS");
const DELIMITER: Opt = Opt::both('d', "delimiter", "use X instead of whitespace for field delimiter").value("X");
const HEADER: Opt = Opt::long("header", "print (without converting) the first N header lines (1)").optional("N");
const INVALID: Opt = Opt::long("invalid", "failure mode for invalid numbers: abort, fail, warn, ignore").value("MODE");
const ZERO: Opt = Opt::both('z', "zero-terminated", "line delimiter is NUL, not newline");
const GROUPING: Opt = Opt::long("grouping", "use locale-defined grouping of digits (none in the C locale)");
const DEBUG: Opt = Opt::long("debug", "print warnings about invalid input");

/// `numfmt`.
pub const NUMFMT: Spec = Spec {
    name: "numfmt",
    summary: "convert numbers from/to human-readable strings",
    synopsis: &["[OPTION]... [NUMBER]..."],
    about: "Reformat NUMBER(s), or the numbers from standard input if none are specified.",
    options: &[
        FROM, FROM_UNIT, TO, TO_UNIT, PADDING, ROUND, SUFFIX, FORMAT, FIELD, DELIMITER, HEADER, INVALID, ZERO,
        GROUPING, DEBUG,
    ],
    words: Words::Gnu,
    assumed: true,
    long_order: &["delimiter", "debug", "from", "from-unit", "field", "format", "header", "help", "to", "to-unit"],
    ..Spec::BASE
};

/// A scale of suffixes.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Scale {
    None,
    /// Input only: `K` is 1000, `Ki` 1024.
    Auto,
    Si,
    Iec,
    /// IEC with the `i` written (`Ki`).
    IecI,
}

impl Scale {
    fn base(self) -> f64 {
        match self {
            Scale::Iec | Scale::IecI => 1024.0,
            _ => 1000.0,
        }
    }
}

/// Widths past this are refused, so `--padding` cannot ask for a gigabyte of blanks.
const MAX_WIDTH: usize = 1 << 20;

/// GNU prints at most this many decimals of a long double worth having.
const MAX_PRECISION: usize = 60;

/// The suffix letters, from 1000¹ (or 1024¹) up.
const POWERS: &[u8] = b"KMGTPEZY";

#[derive(Clone, Copy, PartialEq, Eq)]
enum Round {
    Up,
    Down,
    FromZero,
    TowardsZero,
    Nearest,
}

impl Round {
    fn apply(self, value: f64) -> f64 {
        match self {
            Round::Up => value.ceil(),
            Round::Down => value.floor(),
            Round::FromZero if value < 0.0 => value.floor(),
            Round::FromZero => value.ceil(),
            Round::TowardsZero => value.trunc(),
            Round::Nearest => value.round(),
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Invalid {
    Abort,
    Fail,
    Warn,
    Ignore,
}

/// `--format`: text around one `%[0]['][-][N][.N]f`.
#[derive(Default)]
struct Format {
    prefix: String,
    suffix: String,
    width: usize,
    left: bool,
    zero: bool,
    precision: Option<usize>,
}

struct Options {
    from: Scale,
    from_unit: f64,
    to: Scale,
    to_unit: f64,
    padding: Option<(usize, bool)>,
    round: Round,
    suffix: String,
    format: Format,
    fields: Vec<(usize, usize)>,
    delimiter: Option<String>,
    invalid: Invalid,
}

impl Default for Options {
    /// GNU's defaults: no scaling, units of 1, rounding from zero, the first field, abort.
    fn default() -> Self {
        Options {
            from: Scale::None,
            from_unit: 1.0,
            to: Scale::None,
            to_unit: 1.0,
            padding: None,
            round: Round::FromZero,
            suffix: String::new(),
            format: Format::default(),
            fields: vec![(1, 1)],
            delimiter: None,
            invalid: Invalid::Abort,
        }
    }
}

/// Why a field could not be converted: the message, as GNU words it.
struct Problem(String);

/// `numfmt [OPTION]... [NUMBER]...`.
pub async fn numfmt(ctx: Ctx<'_>, args: Args) -> Status {
    let options = match options(&args) {
        Ok(options) => options,
        Err(Refused::Misuse(message)) => return ctx.misuse(&NUMFMT, crate::text::locale_marks(&ctx, &message)).await,
        Err(Refused::Value(message)) => return ctx.fail(crate::text::locale_marks(&ctx, &message)).await,
    };
    let header = match args.last(&HEADER) {
        None => 0,
        Some("") => 1,
        Some(n) => match n.parse::<usize>() {
            Ok(n) if n > 0 => n,
            _ => {
                return ctx
                    .misuse(&NUMFMT, crate::text::locale_marks(&ctx, &format!("invalid header value ‘{n}’")))
                    .await;
            }
        },
    };
    let end = if args.has(&ZERO) { b'\0' } else { b'\n' };
    let mut failed = false;
    let mut out = String::new();
    if !args.operands.is_empty() {
        for number in &args.operands {
            match line(&options, number, &mut out) {
                Ok(()) => {}
                Err(Problem(message)) => {
                    if !ctx.out(&out).await {
                        return 1;
                    }
                    if options.invalid != Invalid::Ignore {
                        ctx.complain(crate::text::locale_marks(&ctx, &message)).await;
                    }
                    if options.invalid == Invalid::Abort {
                        return 2;
                    }
                    out.clear();
                    out.push_str(number);
                    failed |= options.invalid == Invalid::Fail;
                }
            }
            out.push(end as char);
        }
        if !ctx.out(&out).await {
            return 1;
        }
        return if failed { 2 } else { 0 };
    }
    // A line at a time, each written when the next must be waited for.
    let mut lines = crate::text::lines::OperandLines::new(&ctx, &[], end);
    let mut written: Vec<u8> = Vec::new();
    let mut index = 0usize;
    loop {
        let (bytes, ended) = match lines.next(&mut written).await {
            Ok(Some(line)) => line,
            Ok(None) => break,
            Err(()) => return 1,
        };
        let text = toolsh_bytes::decode(&bytes);
        out.clear();
        if index < header {
            out.push_str(&text);
        } else if let Err(Problem(message)) = line(&options, &text, &mut out) {
            if options.invalid == Invalid::Abort {
                // What was converted before the bad field is written, as GNU writes it.
                written.extend_from_slice(&toolsh_bytes::encode(&out));
                let _ = ctx.out(&written).await;
                ctx.complain(crate::text::locale_marks(&ctx, &message)).await;
                return 2;
            }
            if options.invalid != Invalid::Ignore {
                // After the lines before it, as GNU's output comes.
                if !ctx.out_piece(&mut written).await {
                    return 1;
                }
                ctx.complain(crate::text::locale_marks(&ctx, &message)).await;
            }
            failed |= options.invalid == Invalid::Fail;
            out.clear();
            out.push_str(&text);
        }
        // A last line without its terminator stays without one, as GNU leaves it.
        if ended {
            out.push(end as char);
        }
        written.extend_from_slice(&toolsh_bytes::encode(&out));
        index += 1;
    }
    if !ctx.out(&written).await {
        return 1;
    }
    if failed { 2 } else { 0 }
}

/// Why the options were refused: a value GNU's option parser refuses (with the `--help`
/// hint), or one numfmt itself refuses (without).
enum Refused {
    Misuse(String),
    Value(String),
}

/// Reads the options.
fn options(args: &crate::spec::Args) -> Result<Options, Refused> {
    let scale = |option: &str, value: &str, auto: bool| -> Result<Scale, Refused> {
        Ok(match value {
            "none" => Scale::None,
            "auto" if auto => Scale::Auto,
            "si" => Scale::Si,
            "iec" => Scale::Iec,
            "iec-i" => Scale::IecI,
            _ if auto => return Err(invalid_argument(value, option, &["none", "auto", "si", "iec", "iec-i"])),
            _ => return Err(invalid_argument(value, option, &["none", "si", "iec", "iec-i"])),
        })
    };
    let unit = |value: &str| -> Result<f64, Refused> {
        match parse(value, Scale::Auto, "") {
            Ok((n, _)) if n >= 1.0 && n.fract() == 0.0 => Ok(n),
            _ => Err(Refused::Value(format!("invalid unit size: ‘{value}’"))),
        }
    };
    let refused = |message: String| Refused::Value(message);
    let mut options = Options::default();
    for (opt, value) in args.given() {
        match *opt {
            FROM => options.from = scale("from", value, true)?,
            TO => options.to = scale("to", value, false)?,
            FROM_UNIT => options.from_unit = unit(value)?,
            TO_UNIT => options.to_unit = unit(value)?,
            PADDING => match value.parse::<i64>() {
                Ok(n) if n != 0 && n.unsigned_abs() <= MAX_WIDTH as u64 => {
                    options.padding = Some((n.unsigned_abs() as usize, n < 0));
                }
                _ => return Err(refused(format!("invalid padding value ‘{value}’"))),
            },
            ROUND => {
                options.round = match value {
                    "up" => Round::Up,
                    "down" => Round::Down,
                    "from-zero" => Round::FromZero,
                    "towards-zero" => Round::TowardsZero,
                    "nearest" => Round::Nearest,
                    _ => {
                        return Err(invalid_argument(
                            value,
                            "round",
                            &["up", "down", "from-zero", "towards-zero", "nearest"],
                        ));
                    }
                }
            }
            SUFFIX => options.suffix = value.to_string(),
            FORMAT => options.format = format_of(value).map_err(Refused::Value)?,
            FIELD => options.fields = fields_of(value).map_err(Refused::Value)?,
            DELIMITER if value.chars().count() != 1 => {
                return Err(refused(format!("the delimiter must be a single character: ‘{value}’")));
            }
            DELIMITER => options.delimiter = Some(value.to_string()),
            INVALID => {
                options.invalid = match value {
                    "abort" => Invalid::Abort,
                    "fail" => Invalid::Fail,
                    "warn" => Invalid::Warn,
                    "ignore" => Invalid::Ignore,
                    _ => return Err(invalid_argument(value, "invalid", &["abort", "fail", "warn", "ignore"])),
                }
            }
            _ => {}
        }
    }
    Ok(options)
}

/// GNU's refusal of an option value outside its list, with the list.
fn invalid_argument(value: &str, option: &str, valid: &[&str]) -> Refused {
    let list: String = valid.iter().map(|v| format!("\n  - ‘{v}’")).collect();
    Refused::Misuse(format!("invalid argument ‘{value}’ for ‘--{option}’\nValid arguments are:{list}"))
}

/// `--format`: GNU's `%[0]['][-][N][.][N]f` with any text around it.
fn format_of(text: &str) -> Result<Format, String> {
    let bad = || format!("invalid format ‘{text}’, directive must be %[0]['][-][N][.][N]f");
    let mut format = Format::default();
    let mut chars = text.char_indices().peekable();
    let start = loop {
        match chars.next() {
            Some((_, '%')) if chars.peek().map(|&(_, c)| c) == Some('%') => {
                chars.next();
                format.prefix.push('%');
            }
            Some((at, '%')) => break at,
            Some((_, c)) => format.prefix.push(c),
            None => return Err(format!("format ‘{text}’ has no % directive")),
        }
    };
    let rest = &text[start + 1..];
    let mut at = 0;
    let bytes = rest.as_bytes();
    while let Some(&flag) = bytes.get(at) {
        match flag {
            b'0' => format.zero = true,
            b'\'' => {}
            b'-' => format.left = true,
            _ => break,
        }
        at += 1;
    }
    let digits = |at: &mut usize| {
        let begin = *at;
        while bytes.get(*at).is_some_and(u8::is_ascii_digit) {
            *at += 1;
        }
        rest[begin..*at].parse::<usize>().ok()
    };
    format.width = digits(&mut at).unwrap_or(0);
    if format.width > MAX_WIDTH {
        return Err(bad());
    }
    if bytes.get(at) == Some(&b'.') {
        at += 1;
        format.precision = Some(digits(&mut at).unwrap_or(0).min(MAX_PRECISION));
    }
    if bytes.get(at) != Some(&b'f') {
        return Err(bad());
    }
    let tail = &rest[at + 1..];
    if tail.replace("%%", "").contains('%') {
        return Err(format!("format ‘{text}’ has too many % directives"));
    }
    format.suffix = tail.replace("%%", "%");
    Ok(format)
}

/// `--field`: `N`, `N-M`, `N-`, `-M`, comma-separated.
fn fields_of(text: &str) -> Result<Vec<(usize, usize)>, String> {
    let bad = || format!("invalid field value ‘{text}’");
    let number = |part: &str| part.parse::<usize>().ok().filter(|&n| n > 0);
    text.split(',')
        .map(|part| match part.split_once('-') {
            None => number(part).map(|n| (n, n)),
            Some(("", "")) => None,
            Some(("", high)) => number(high).map(|n| (1, n)),
            Some((low, "")) => number(low).map(|n| (n, usize::MAX)),
            Some((low, high)) => number(low).zip(number(high)).filter(|(l, h)| l <= h),
        })
        .collect::<Option<Vec<_>>>()
        .ok_or_else(bad)
}

/// Converts the chosen fields of one line onto `out`.
fn line(options: &Options, text: &str, out: &mut String) -> Result<(), Problem> {
    let chosen = |index: usize| options.fields.iter().any(|&(low, high)| (low..=high).contains(&index));
    match &options.delimiter {
        Some(delimiter) => {
            for (index, field) in text.split(delimiter.as_str()).enumerate() {
                if index > 0 {
                    out.push_str(delimiter);
                }
                if chosen(index + 1) {
                    out.push_str(&convert(options, field, 0)?);
                } else {
                    out.push_str(field);
                }
            }
        }
        None => {
            // Fields are runs of non-blanks with the blanks before them; a converted field
            // that had blanks before it keeps its width, right-aligned.
            let bytes = text.as_bytes();
            let (mut at, mut index) = (0, 0);
            while at < bytes.len() {
                let start = at;
                while at < bytes.len() && matches!(bytes[at], b' ' | b'\t' | b'\n') {
                    at += 1;
                }
                let word_start = at;
                while at < bytes.len() && !matches!(bytes[at], b' ' | b'\t' | b'\n') {
                    at += 1;
                }
                index += 1;
                if !chosen(index) {
                    out.push_str(&text[start..at]);
                    continue;
                }
                let width = if word_start > start { text[start..at].chars().count() } else { 0 };
                match convert(options, &text[word_start..at], width) {
                    Ok(converted) => out.push_str(&converted),
                    Err(problem) => {
                        // A field that fails leaves the blanks before it written, as GNU's does.
                        out.push_str(&text[start..word_start]);
                        return Err(problem);
                    }
                }
            }
        }
    }
    Ok(())
}

/// Reads a number with an optional unit suffix (of `scale`) and `suffix`; the value and the
/// digits after its decimal point (none when a unit suffix scaled it).
fn parse(text: &str, scale: Scale, suffix: &str) -> Result<(f64, usize), Problem> {
    let body = text.strip_suffix(suffix).filter(|_| !suffix.is_empty()).unwrap_or(text);
    let bytes = body.as_bytes();
    let mut at = usize::from(bytes.first() == Some(&b'-'));
    let digits_start = at;
    while bytes.get(at).is_some_and(u8::is_ascii_digit) {
        at += 1;
    }
    let integer_digits = at - digits_start;
    let mut fraction = 0;
    if bytes.get(at) == Some(&b'.') {
        at += 1;
        let start = at;
        while bytes.get(at).is_some_and(u8::is_ascii_digit) {
            at += 1;
        }
        fraction = at - start;
    }
    if integer_digits + fraction == 0 {
        return Err(Problem(format!("invalid number: ‘{text}’")));
    }
    if integer_digits > 27 {
        return Err(Problem(format!("value too large to be converted: ‘{text}’")));
    }
    let mut value: f64 = body[..at].parse().map_err(|_| Problem(format!("invalid number: ‘{text}’")))?;
    let rest = &body[at..];
    if rest.is_empty() {
        return Ok((value, fraction));
    }
    let letter = rest.as_bytes()[0];
    let Some(power) = POWERS.iter().position(|&p| p == letter) else {
        return Err(Problem(format!("invalid suffix in input: ‘{text}’")));
    };
    if scale == Scale::None {
        return Err(Problem(format!("rejecting suffix in input: ‘{text}’ (consider using --from)")));
    }
    let after = &rest[1..];
    let base = match (scale, after) {
        (Scale::Auto, "i") | (Scale::IecI, "i") => 1024.0,
        (Scale::IecI, "") => {
            return Err(Problem(format!("missing 'i' suffix in input: ‘{text}’ (e.g Ki/Mi/Gi)")));
        }
        (_, "") => scale.base(),
        _ => return Err(Problem(format!("invalid suffix in input ‘{text}’: ‘{after}’"))),
    };
    value *= f64::powi(base, power as i32 + 1);
    Ok((value, 0))
}

/// One number converted and laid out; `width` is the field's own width when it had blanks
/// before it.
fn convert(options: &Options, text: &str, width: usize) -> Result<String, Problem> {
    let (value, input_precision) = parse(text, options.from, &options.suffix)?;
    let value = value * options.from_unit / options.to_unit;
    let precision = options.format.precision;
    let mut body = if options.to == Scale::None {
        if value.abs() >= 1e19 {
            return Err(Problem(format!("value too large to be printed: '{}' (consider using --to)", short_g(value))));
        }
        let digits = precision.unwrap_or(input_precision);
        let scaled = options.round.apply(value * 10f64.powi(digits as i32)) / 10f64.powi(digits as i32);
        format!("{scaled:.digits$}")
    } else {
        human(options, value, precision)?
    };
    body.push_str(&options.suffix);
    let format = &options.format;
    let body = if format.width > body.chars().count() {
        let fill = format.width - body.chars().count();
        if format.left {
            format!("{body}{}", " ".repeat(fill))
        } else if format.zero && options.to == Scale::None {
            let (sign, digits) = body.split_at(usize::from(body.starts_with('-')));
            format!("{sign}{}{digits}", "0".repeat(fill))
        } else {
            format!("{}{body}", " ".repeat(fill))
        }
    } else {
        body
    };
    let body = format!("{}{body}{}", format.prefix, format.suffix);
    let (pad, left) = options.padding.unwrap_or((width, false));
    let fill = pad.saturating_sub(body.chars().count());
    Ok(if left { format!("{body}{}", " ".repeat(fill)) } else { format!("{}{body}", " ".repeat(fill)) })
}

/// A value in units of its scale, as GNU's `double_to_human` writes it: below 10 with one
/// decimal (`1.5K`), else whole (`124K`), rounded by the chosen method.
fn human(options: &Options, value: f64, precision: Option<usize>) -> Result<String, Problem> {
    let base = options.to.base();
    let (mut scaled, mut power) = (value, 0usize);
    while scaled.abs() >= base && power < POWERS.len() {
        scaled /= base;
        power += 1;
    }
    if scaled.abs() >= base {
        return Err(Problem(format!(
            "value too large to be printed: '{}' (cannot handle values > 999Y)",
            short_g(value)
        )));
    }
    let adjust = match precision {
        Some(p) => p.min(power * 3),
        None if scaled.abs() < 10.0 => 1,
        None => 0,
    };
    let factor = 10f64.powi(adjust as i32);
    scaled = options.round.apply(scaled * factor) / factor;
    if scaled.abs() >= base && power < POWERS.len() {
        scaled /= base;
        power += 1;
    }
    let letter = match power {
        0 => String::new(),
        p => {
            let mut s = (POWERS[p - 1] as char).to_string();
            if options.to == Scale::IecI {
                s.push('i');
            }
            s
        }
    };
    let decimals = match precision {
        Some(p) => p.min(power * 3).max(if power == 0 { p } else { 0 }),
        None if scaled != 0.0 && scaled.abs() < 10.0 && power > 0 => 1,
        None => 0,
    };
    Ok(format!("{scaled:.decimals$}{letter}"))
}

/// C's `%Lg` for the messages: six significant digits, an exponent when large.
fn short_g(value: f64) -> String {
    let spec = crate::text::cfmt::Spec::default();
    crate::text::cfmt::format_float(value, 'g', &spec)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(args: &[&str], number: &str) -> Result<String, String> {
        let mut options = Options::default();
        for arg in args {
            match arg.split_once('=') {
                Some(("--to", "si")) => options.to = Scale::Si,
                Some(("--to", "iec")) => options.to = Scale::Iec,
                Some(("--from", "si")) => options.from = Scale::Si,
                Some(("--format", f)) => options.format = format_of(f).map_err(|e| e.to_string())?,
                _ => {}
            }
        }
        convert(&options, number, 0).map_err(|Problem(m)| m)
    }

    #[test]
    fn scaled_values_keep_one_decimal_below_ten() {
        assert_eq!(run(&["--to=si"], "1500").as_deref(), Ok("1.5K"));
        assert_eq!(run(&["--to=si"], "9999").as_deref(), Ok("10K"));
        assert_eq!(run(&["--to=si"], "999999").as_deref(), Ok("1.0M"));
        assert_eq!(run(&["--to=iec"], "1023").as_deref(), Ok("1023"));
        assert_eq!(run(&["--to=si"], "1.5").as_deref(), Ok("2"));
        assert_eq!(run(&["--to=si", "--format=%.3f"], "1500").as_deref(), Ok("1.500K"));
    }

    #[test]
    fn input_suffixes_and_errors() {
        assert_eq!(run(&["--from=si"], "1.23456K").as_deref(), Ok("1235"));
        assert!(run(&[], "1K").is_err_and(|m| m.contains("rejecting suffix")));
        assert!(run(&[], "").is_err_and(|m| m.contains("invalid number")));
        assert!(run(&["--to=si"], &"9".repeat(40)).is_err_and(|m| m.contains("too large")));
        assert!(run(&[], "-").is_err());
    }
}
