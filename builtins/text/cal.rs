//! `cal`: calendars as Debian's `cal` (BSD's, from the ncal package) prints them — one month,
//! `-3` around it, `-A`/`-B` months after and before, a whole year (`-y`, or a year alone),
//! days of the year (`-j`), months by number or name (`-m feb`, `-m 3f` for the following
//! March), three months to a row (two with `-j`), the Julian calendar before Britain's 1752
//! reform as BSD's `cal` has it. Days are counted in UTC as `date` counts them; nothing is
//! highlighted (output is never a terminal here).

use crate::Ctx;
use crate::session::Status;
use crate::spec::{Args, Misuse, Opt, Spec, Words};

const ONE: Opt = Opt::short('1', "display only the current month (the default)");
const THREE: Opt = Opt::short('3', "display the previous, current and next month");
const AFTER: Opt = Opt::short('A', "display N months after the current month").value("N");
const BEFORE: Opt = Opt::short('B', "display N months before the current month").value("N");
const TODAY: Opt = Opt::short('d', "use yyyy-mm as the current month").value("yyyy-mm");
const BACKWARD: Opt = Opt::short('C', "the output of cal (the only layout here)");
const JULIAN: Opt = Opt::short('j', "display days of the year, numbered from January 1");
const MONTH: Opt =
    Opt::short('m', "display MONTH (a number, a name, or N followed by f or p for the following or previous)")
        .value("MONTH");
const YEAR: Opt = Opt::short('y', "display a calendar for the whole year");

/// `cal`.
pub const CAL: Spec = Spec {
    name: "cal",
    summary: "display a calendar",
    synopsis: &["[general options] [-jy] [[month] year]", "[general options] [-j] [-m month] [year]"],
    about: "Display a calendar: the current month, or MONTH of YEAR, or all of YEAR. Before September 1752 the calendar is the Julian one (September 1752 lacks its 3rd to 13th). General options: [-31] [-A months] [-B months] [-d yyyy-mm].",
    options: &[ONE, THREE, AFTER, BEFORE, BACKWARD, TODAY, JULIAN, MONTH, YEAR],
    usage_status: 64,
    words: Words::Own(bsd_words),
    assumed: true,
    ..Spec::BASE
};

/// BSD's `usage()`: the message as glibc's getopt says it, then the usage lines.
fn bsd_words(spec: &Spec, misuse: &Misuse) -> String {
    let said = match misuse {
        // getopt without long options reads `--name` as the letters `-`, `n`, …
        Misuse::Unrecognized(_) | Misuse::Ambiguous(..) | Misuse::NoValue(_) => "invalid option -- '-'".to_string(),
        Misuse::Said(message) if message.is_empty() => String::new(),
        // ncal's letters: `cal` answers them with the usage alone.
        Misuse::Invalid(letter) if "behJMopSwHsW".contains(*letter) => String::new(),
        misuse => misuse.to_string(),
    };
    let said = if said.is_empty() { said } else { format!("{}: {said}\n", spec.name) };
    format!("{said}{}", usage(spec))
}

fn usage(spec: &Spec) -> String {
    let mut text = String::new();
    for (i, form) in spec.synopsis.iter().enumerate() {
        let lead = if i == 0 { "Usage:" } else { "      " };
        text.push_str(&format!("{lead} {} {form}\n", spec.name));
    }
    text.push_str("General options: [-31] [-A months] [-B months] [-d yyyy-mm]\n");
    text
}

use crate::text::strftime::MONTHS;

/// Months counted from year 0's January: `year * 12 + month - 1`.
type MonthIndex = i64;

/// The day number of a date: Julian calendar before 1752-09-14, Gregorian from it, one
/// continuous count (the day after 1752-09-02 is 1752-09-14).
fn day_number(year: i64, month: i64, day: i64) -> i64 {
    let (y, m) = if month <= 2 { (year - 1, month + 12) } else { (year, month) };
    let base = 365 * y + y.div_euclid(4) + (153 * (m - 3) + 2) / 5 + day;
    if (year, month, day) >= (1752, 9, 14) { base - y.div_euclid(100) + y.div_euclid(400) } else { base - 2 }
}

/// 0 for Sunday.
fn weekday(day: i64) -> usize {
    // 1752-09-14 was a Thursday.
    (day - day_number(1752, 9, 14) + 4).rem_euclid(7) as usize
}

/// One month laid out: its name and six lines of days, each without its leading blank.
struct Month {
    name: &'static str,
    year: i64,
    lines: [String; 6],
}

fn month(index: MonthIndex, julian: bool) -> Month {
    let (year, m) = (index.div_euclid(12), index.rem_euclid(12) + 1);
    let first = day_number(year, m, 1);
    let last = if m == 12 { day_number(year + 1, 1, 1) } else { day_number(year, m + 1, 1) };
    let jan1 = day_number(year, 1, 1);
    let width = if julian { 4 } else { 3 };
    let mut lines: [String; 6] = Default::default();
    let sunday = first - weekday(first) as i64;
    for (week, line) in lines.iter_mut().enumerate() {
        for day in (sunday + 7 * week as i64..).take(7).take_while(|d| *d < last) {
            if day < first {
                line.push_str(&" ".repeat(width));
            } else {
                let shown = if julian { day - jan1 + 1 } else { day_of_month(day, year, m, first) };
                line.push_str(&format!("{shown:>width$}"));
            }
        }
        // BSD drops each line's first blank.
        if !line.is_empty() {
            line.remove(0);
        }
    }
    Month { name: MONTHS[(m - 1) as usize], year, lines }
}

/// The day of the month a day number is, in the month starting at `first` (1752's September
/// skips from the 2nd to the 14th).
fn day_of_month(day: i64, year: i64, month: i64, first: i64) -> i64 {
    let offset = day - first + 1;
    if (year, month) == (1752, 9) && offset > 2 { offset + 11 } else { offset }
}

/// Centres `text` in `width` as BSD's `center`: the left margin only.
fn center(text: &str, width: usize) -> String {
    format!("{}{text}", " ".repeat(width.saturating_sub(text.len()) / 2))
}

/// BSD's `monthrangeb`, a row at a time: the months from `first` to `last`, `per_row` to a
/// row, the year over the rows when the range starts a row of a year and fills one.
struct Rows {
    first: MonthIndex,
    last: MonthIndex,
    julian: bool,
}

impl Rows {
    fn per_row(&self) -> i64 {
        if self.julian { 2 } else { 3 }
    }

    fn year_header(&self) -> bool {
        self.last - self.first >= self.per_row() - 1 && self.first.rem_euclid(12) % self.per_row() == 0
    }

    /// The row starting at `at`, with the blank line and year heading before it.
    fn row(&self, at: MonthIndex) -> String {
        let (per_row, width) = (self.per_row(), if self.julian { 27 } else { 20 });
        let gap = if self.julian { " " } else { "" };
        let row: Vec<Month> = (at..=self.last.min(at + per_row - 1)).map(|i| month(i, self.julian)).collect();
        let mut out = String::new();
        if at != self.first {
            out.push('\n');
        }
        let year = at.div_euclid(12);
        let year_changed = at == self.first || (at - per_row).div_euclid(12) != year;
        if self.year_header() && year_changed {
            out.push_str(&center(&year.to_string(), per_row as usize * width));
            out.push('\n');
        }
        for m in &row {
            let name = if self.year_header() { m.name.to_string() } else { format!("{} {}", m.name, m.year) };
            out.push_str(&format!("{:<width$}  ", center(&name, width)));
        }
        out.push('\n');
        for _ in &row {
            for day in ["Su", "Mo", "Tu", "We", "Th", "Fr", "Sa"] {
                out.push_str(&format!("{gap}{day} "));
            }
            out.push(' ');
        }
        out.push('\n');
        for line in 0..6 {
            for m in &row {
                out.push_str(&format!("{:<width$}  ", m.lines[line]));
            }
            out.push('\n');
        }
        out
    }
}

/// BSD's `parsemonth`: a number (with `f`/`p` for the following or previous one, relative to
/// `current`), or a month's name or abbreviation; the month and the year it moves to.
fn parse_month(text: &str, current: i64, year: i64) -> Option<(i64, i64)> {
    // strtol's number: blanks and a sign before the digits.
    let trimmed = text.trim_start();
    let sign = usize::from(trimmed.starts_with(['-', '+']));
    let digits = trimmed[sign..].bytes().take_while(u8::is_ascii_digit).count();
    if digits > 0 {
        let number = leading_number(trimmed);
        let year = match &trimmed[sign + digits..] {
            "" => year,
            "f" | "F" if number <= current => year + 1,
            "p" | "P" if number >= current => year - 1,
            "f" | "F" | "p" | "P" => year,
            _ => return None,
        };
        return (1..=12).contains(&number).then_some((number, year));
    }
    // strptime's %B and %b: a whole name or its first three letters, what follows ignored.
    let lower = text.to_ascii_lowercase();
    let found = MONTHS.iter().position(|name| {
        let name = name.to_ascii_lowercase();
        lower.starts_with(&name) || lower.get(..3).is_some_and(|abbr| name.starts_with(abbr))
    })?;
    Some((found as i64 + 1, year))
}

/// C's `strtol` on a prefix: the leading number, 0 when there is none.
fn leading_number(text: &str) -> i64 {
    let text = text.trim_start();
    let sign = usize::from(text.starts_with(['-', '+']));
    let digits = text[sign..].bytes().take_while(u8::is_ascii_digit).count();
    text[..sign + digits].parse().unwrap_or(0)
}

/// C's `strtol` of a whole word (leading blanks and a sign allowed), `None` when more follows.
fn whole_number(text: &str) -> Option<i64> {
    let trimmed = text.trim_start();
    let sign = usize::from(trimmed.starts_with(['-', '+']));
    let digits = trimmed[sign..].bytes().take_while(u8::is_ascii_digit).count();
    (digits > 0 && sign + digits == trimmed.len()).then(|| leading_number(trimmed))
}

/// How many months the range shows around the base month.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Span {
    One,
    Three,
    Year,
}

/// `cal [options] [[month] year]`, as Debian's `cal` reads its words.
pub async fn cal(ctx: Ctx<'_>, args: Args) -> Status {
    let shared = &ctx;
    let bad = move |message: String| async move {
        shared.complain(message).await;
        64
    };
    // -1, -3 and -y: the last one given counts; -1 only when given.
    let mut span = None;
    for (opt, _) in args.given() {
        match opt.short {
            Some('1') => span = Some(Span::One),
            Some('3') => span = Some(Span::Three),
            Some('y') => span = Some(Span::Year),
            _ => {}
        }
    }
    let now = chrono::Utc::now();
    let mut year;
    let mut month = 0;
    let mut month_word = args.last(&MONTH);
    let (mut given_year, mut given_month) = (false, month_word.is_some());
    match args.operands.as_slice() {
        [] => match args.last(&TODAY) {
            Some(today) => {
                year = leading_number(today);
                if !(1..=9999).contains(&year) {
                    return bad(format!("year `{year}' not in range 1..9999")).await;
                }
                month = today.get(5..).map_or(0, leading_number);
            }
            None => (year, month) = (chrono::Datelike::year(&now).into(), chrono::Datelike::month(&now).into()),
        },
        [rest @ .., y] if rest.len() <= 1 => {
            if let Some(m) = rest.first() {
                month_word = Some(m);
                given_month = true;
                month = leading_number(m);
            }
            year = match whole_number(y) {
                Some(year) => year,
                None => return bad(format!("not a valid year {y}")).await,
            };
            if !(1..=9999).contains(&year) {
                return bad(format!("year `{y}' not in range 1..9999")).await;
            }
            given_year = true;
        }
        _ => return ctx.misuse(&CAL, "").await,
    }
    if given_year && !given_month {
        match span {
            Some(Span::Three) => {
                return bad("-3 together with a given year but no given month is not supported.".into()).await;
            }
            Some(Span::One) => {
                return bad("-1 together with a given year but no given month is not supported.".into()).await;
            }
            _ => span = Some(Span::Year),
        }
    }
    if let Some(word) = month_word {
        match parse_month(word, month, year) {
            Some(found) => (month, year) = found,
            None => return bad(format!("{word} is neither a month number (1..12) nor a name")).await,
        }
    }
    let (mut before, mut after) = match span.unwrap_or(Span::One) {
        Span::Year => {
            month = 1;
            (0, 11)
        }
        Span::Three => (1, 1),
        Span::One => (0, 0),
    };
    // C ints: counts past them are cut (the calendar would not end anyway).
    let count = |opt: &Opt| args.last(opt).map_or(0, |n| leading_number(n).clamp(i32::MIN.into(), i32::MAX.into()));
    before += count(&BEFORE);
    after += count(&AFTER);
    if before + after < 0 {
        (before, after) = (0, 0);
    }
    let at = year * 12 + month - 1;
    let rows = Rows { first: at - before, last: at + after, julian: args.has(&JULIAN) };
    let mut row = rows.first;
    while row <= rows.last {
        if !ctx.out(rows.row(row)).await {
            return 1;
        }
        row += rows.per_row();
    }
    0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_reform_joins_the_two_calendars() {
        assert_eq!(day_number(1752, 9, 2) + 1, day_number(1752, 9, 14));
        assert_eq!(weekday(day_number(2026, 12, 3)), 4);
        assert_eq!(weekday(day_number(1, 1, 1)), 6);
    }

    #[test]
    fn months_parse_as_bsd_parses_them() {
        assert_eq!(parse_month("feb", 5, 2020), Some((2, 2020)));
        assert_eq!(parse_month("3f", 5, 2020), Some((3, 2021)));
        assert_eq!(parse_month("3p", 0, 2020), Some((3, 2019)));
        assert_eq!(parse_month("fe", 5, 2020), None);
        assert_eq!(parse_month("13", 5, 2020), None);
    }
}
