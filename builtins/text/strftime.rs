//! Times written as GNU `date +FORMAT` writes them (glibc's `strftime` with GNU's additions),
//! for `date`, bash's `printf '%(FORMAT)T'` and awk's `strftime`: one formatter, so the three
//! agree with each other and with GNU.
//!
//! A conversion is `%`, flags (`-` no padding, `_` spaces, `0` zeros, `^` upper case, `#`
//! swapped case), a width, an ignored `E`/`O` modifier, colons for `%z`, and the letter. The
//! C locale's names and layouts (`%c` is `%a %b %e %H:%M:%S %Y`). GNU's own: `%N`
//! (nanoseconds, its width the digits kept), `%q` (quarter), `%s`, `%P`, `%k`, `%l`, `%:z`,
//! `%::z`, `%:::z` — not in the C library's dialect. What is not a conversion is written as it stands (`%Q`, a `%` at the
//! end), as glibc does — chrono's formatter, used before, failed the whole format instead.

use chrono::{DateTime, Datelike, FixedOffset, Timelike};

/// Widths past this are cut to it, as a format must not ask for a gigabyte of padding.
const MAX_WIDTH: usize = 4096;

const DAYS: [&str; 7] = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];
/// The months' names in the C locale (`cal` reads and writes them too).
pub(crate) const MONTHS: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];

/// How one conversion pads and cases its text.
#[derive(Clone, Copy, Default)]
struct Flags {
    pad: Option<u8>,
    no_pad: bool,
    upper: bool,
    swap: bool,
    width: Option<usize>,
    colons: usize,
}

/// Whose conversions: GNU `date`'s, or the C library's that bash and gawk call, which lack
/// `%N`, `%q` and the colons of `%:z` (written as they stand).
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Dialect {
    Date,
    Libc,
}

/// `format` with `when`'s fields; `zone` is the abbreviation `%Z` writes (`UTC`).
pub fn strftime(format: &str, when: &DateTime<FixedOffset>, zone: &str, dialect: Dialect) -> String {
    let bytes = format.as_bytes();
    let mut out = String::with_capacity(format.len() + 16);
    let mut idx = 0;
    while idx < bytes.len() {
        let Some(rel) = bytes[idx..].iter().position(|&b| b == b'%') else {
            out.push_str(&format[idx..]);
            break;
        };
        out.push_str(&format[idx..idx + rel]);
        let start = idx + rel;
        let mut at = start + 1;
        let mut flags = Flags::default();
        while let Some(&flag) = bytes.get(at) {
            match flag {
                b'-' => flags.no_pad = true,
                b'_' => flags.pad = Some(b' '),
                b'0' => flags.pad = Some(b'0'),
                b'^' => flags.upper = true,
                b'#' => flags.swap = true,
                _ => break,
            }
            at += 1;
        }
        let digits = bytes[at..].iter().take_while(|b| b.is_ascii_digit()).count();
        if digits > 0 {
            let width = format[at..at + digits].parse::<usize>().unwrap_or(MAX_WIDTH);
            flags.width = Some(width.min(MAX_WIDTH));
            at += digits;
        }
        if matches!(bytes.get(at), Some(b'E' | b'O')) {
            at += 1;
        }
        while bytes.get(at) == Some(&b':') {
            flags.colons += 1;
            at += 1;
        }
        let Some(&letter) = bytes.get(at) else {
            // A conversion cut off by the end is written as it stands.
            out.push_str(&format[start..]);
            break;
        };
        let gnu_only = matches!(letter, b'N' | b'q') || flags.colons > 0;
        let converted = if gnu_only && dialect == Dialect::Libc { None } else { convert(letter, flags, when, zone) };
        match converted {
            Some(text) => out.push_str(&text),
            None => {
                // Not a conversion: as written, up to and with the character after it.
                let end = at + format[at..].chars().next().map_or(1, char::len_utf8);
                out.push_str(&format[start..end]);
                idx = end;
                continue;
            }
        }
        idx = at + 1;
    }
    out
}

/// One conversion's text, padded and cased; `None` when `letter` is none.
fn convert(letter: u8, flags: Flags, when: &DateTime<FixedOffset>, zone: &str) -> Option<String> {
    let number = |value: i64, width: usize, pad: u8| Some(pad_number(value, width, pad, flags));
    let hour12 = match when.hour() % 12 {
        0 => 12,
        h => h,
    };
    let text = |s: String, lower_on_swap: bool| Some(pad_text(s, flags, lower_on_swap));
    match letter {
        b'a' => text(DAYS[when.weekday().num_days_from_monday() as usize][..3].to_string(), false),
        b'A' => text(DAYS[when.weekday().num_days_from_monday() as usize].to_string(), false),
        b'b' | b'h' => text(MONTHS[when.month0() as usize][..3].to_string(), false),
        b'B' => text(MONTHS[when.month0() as usize].to_string(), false),
        b'p' => text(if when.hour() < 12 { "AM" } else { "PM" }.to_string(), true),
        b'P' => text(if when.hour() < 12 { "am" } else { "pm" }.to_string(), false),
        b'Z' => text(zone.to_string(), true),
        b'd' => number(i64::from(when.day()), 2, b'0'),
        b'e' => number(i64::from(when.day()), 2, b' '),
        b'H' => number(i64::from(when.hour()), 2, b'0'),
        b'I' => number(i64::from(hour12), 2, b'0'),
        b'k' => number(i64::from(when.hour()), 2, b' '),
        b'l' => number(i64::from(hour12), 2, b' '),
        b'j' => number(i64::from(when.ordinal()), 3, b'0'),
        b'm' => number(i64::from(when.month()), 2, b'0'),
        b'M' => number(i64::from(when.minute()), 2, b'0'),
        b'S' => number(i64::from(when.second()), 2, b'0'),
        b'y' => number(i64::from(when.year().rem_euclid(100)), 2, b'0'),
        b'Y' => number(i64::from(when.year()), 1, b'0'),
        b'C' => number(i64::from(when.year().div_euclid(100)), 2, b'0'),
        b'g' => number(i64::from(when.iso_week().year().rem_euclid(100)), 2, b'0'),
        b'G' => number(i64::from(when.iso_week().year()), 1, b'0'),
        b'V' => number(i64::from(when.iso_week().week()), 2, b'0'),
        b'U' => number(i64::from((when.ordinal0() + 7 - when.weekday().num_days_from_sunday()) / 7), 2, b'0'),
        b'W' => number(i64::from((when.ordinal0() + 7 - when.weekday().num_days_from_monday()) / 7), 2, b'0'),
        b'u' => number(i64::from(when.weekday().number_from_monday()), 1, b'0'),
        b'w' => number(i64::from(when.weekday().num_days_from_sunday()), 1, b'0'),
        b'q' => number(i64::from(when.month0() / 3 + 1), 1, b'0'),
        b's' => number(when.timestamp(), 1, b'0'),
        b'N' => {
            let nanos = format!("{:09}", when.nanosecond() % 1_000_000_000);
            // The width is the digits kept, as GNU date reads it.
            let kept = flags.width.unwrap_or(9).clamp(1, 9);
            Some(nanos[..kept].to_string())
        }
        b'z' => {
            let secs = when.offset().local_minus_utc();
            let sign = if secs < 0 { '-' } else { '+' };
            let (h, m, s) = (secs.abs() / 3600, secs.abs() / 60 % 60, secs.abs() % 60);
            let body = match flags.colons {
                0 => format!("{sign}{h:02}{m:02}"),
                1 => format!("{sign}{h:02}:{m:02}"),
                2 => format!("{sign}{h:02}:{m:02}:{s:02}"),
                _ if s != 0 => format!("{sign}{h:02}:{m:02}:{s:02}"),
                _ if m != 0 => format!("{sign}{h:02}:{m:02}"),
                _ => format!("{sign}{h:02}"),
            };
            text(body, false)
        }
        b'c' => text(strftime("%a %b %e %H:%M:%S %Y", when, zone, Dialect::Date), false),
        b'D' | b'x' => text(strftime("%m/%d/%y", when, zone, Dialect::Date), false),
        b'F' => text(strftime("%Y-%m-%d", when, zone, Dialect::Date), false),
        b'T' | b'X' => text(strftime("%H:%M:%S", when, zone, Dialect::Date), false),
        b'R' => text(strftime("%H:%M", when, zone, Dialect::Date), false),
        b'r' => text(strftime("%I:%M:%S %p", when, zone, Dialect::Date), false),
        b'n' => Some("\n".to_string()),
        b't' => Some("\t".to_string()),
        b'%' => Some("%".to_string()),
        _ => None,
    }
}

/// A number at its conversion's width and padding (`-` none, `_` spaces, `0` zeros).
fn pad_number(value: i64, natural: usize, natural_pad: u8, flags: Flags) -> String {
    let digits = value.unsigned_abs().to_string();
    let sign = if value < 0 { "-" } else { "" };
    if flags.no_pad {
        return format!("{sign}{digits}");
    }
    let width = flags.width.unwrap_or(natural);
    let pad = flags.pad.unwrap_or(natural_pad);
    let used = sign.len() + digits.len();
    let fill = width.saturating_sub(used);
    if pad == b'0' {
        format!("{sign}{}{digits}", "0".repeat(fill))
    } else {
        format!("{}{sign}{digits}", " ".repeat(fill))
    }
}

/// A name at the width asked (spaces, or zeros with `0`), upper-cased by `^`; `#` makes
/// names upper case and `%p`/`%Z` lower (`lower_on_swap`).
fn pad_text(text: String, flags: Flags, lower_on_swap: bool) -> String {
    let text = if flags.upper || (flags.swap && !lower_on_swap) {
        text.to_uppercase()
    } else if flags.swap {
        text.to_lowercase()
    } else {
        text
    };
    let width = if flags.no_pad { 0 } else { flags.width.unwrap_or(0) };
    let fill = width.saturating_sub(text.chars().count());
    let pad = if flags.pad == Some(b'0') { "0" } else { " " };
    format!("{}{text}", pad.repeat(fill))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(text: &str) -> DateTime<FixedOffset> {
        DateTime::parse_from_rfc3339(text).expect("a valid test date")
    }

    #[test]
    fn conversions_write_as_gnu_date_writes_them() {
        // Recorded from GNU date 9.1: TZ=UTC date -d '2024-01-05 03:04:05.123456789' +FORMAT.
        let when = at("2024-01-05T03:04:05.123456789Z");
        for (format, gnu) in [
            ("%N|%3N|%q|%Q|%^a|%#a|%#p|%P", "123456789|123|1|%Q|FRI|FRI|am|am"),
            ("%10Y|%-d|%_m|%05e|%k|%l", "0000002024|5| 1|00005| 3| 3"),
            ("%:z|%::z|%:::z|%c", "+00:00|+00:00:00|+00|Fri Jan  5 03:04:05 2024"),
            ("%x|%X|%D|%r|%R|%h", "01/05/24|03:04:05|01/05/24|03:04:05 AM|03:04|Jan"),
            ("%C|%g|%G|%V|%U|%W|%s", "20|24|2024|01|00|01|1704423845"),
            ("%^10B|%-10B|%010A|%_5d|%#Z|%-j|x%", "   JANUARY|January|0000Friday|    5|utc|5|x%"),
        ] {
            assert_eq!(strftime(format, &when, "UTC", Dialect::Date), gnu, "{format}");
        }
    }
}
