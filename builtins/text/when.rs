//! Dates as `date -d`, `touch -d`, `find -newermt` and `tar --mtime` read them: GNU's
//! `parse_datetime` grammar ("Date input formats" in the coreutils manual).
//!
//! A lexer turns the text into GNU's tokens (numbers with or without a sign and with their count
//! of digits, decimals, month and day names, zones, units, ordinals, `ago`, single characters),
//! then a parser reads items one after another as GNU's LALR(1) grammar does — where that grammar
//! has a shift/reduce conflict, bison shifts, so the longest reading wins here too (`10:00 +1
//! day` is ten o'clock at +01:00, then one day more, exactly as GNU reads it). Items only fill
//! fields (`Fields`); `Fields::resolve` then builds the time as GNU does after parsing: at most
//! one date, time, weekday and zone; fields that must name a real calendar time; the weekday
//! moved to; the calendar items added (a day that does not exist runs over into the next
//! month); the zone; then hours, minutes and seconds added as plain seconds.
//!
//! The wall clock is read in the command's `TZ` ([`Zone`]), or in the zone a leading `TZ="…"`
//! names (a zone of the system's database, or a POSIX rule: `EST5`, `<+0330>-3:30`,
//! `EST5EDT,M3.2.0,M11.1.0`).

use super::zone::Zone;
use chrono::{DateTime, Datelike, Duration, NaiveDate, Timelike, Utc};

/// The date `text` names, items without a date counted from `now` and wall-clock times read in
/// `zone` (the command's `TZ`, or the text's own leading `TZ="…"`); `None` when it names none.
pub fn parse(text: &str, now: DateTime<Utc>, zone: &Zone) -> Option<DateTime<Utc>> {
    let text = text.trim_start_matches(is_space);
    let named;
    let (zone, rest) = match text.strip_prefix("TZ=\"").and_then(tz_prefix) {
        Some((tz, rest)) => {
            named = Zone::named(Some(&tz));
            (&named, rest.trim_start_matches(is_space))
        }
        None => (zone, text),
    };
    // GNU reads an empty string as `0`: today at midnight.
    let rest = if rest.is_empty() { "0" } else { rest };
    let tokens = lex(rest)?;
    let read = |local: i64| -> Option<DateTime<Utc>> {
        let mut fields = Fields::new(now, local)?;
        Parser { tokens: &tokens, at: 0, fields: &mut fields }.spec()?;
        fields.resolve()
    };
    // The wall clock is the zone's at the time named: read at the offset of now, then again at
    // the offset of the time found where that differs (across a change of daylight saving
    // time). A wall-clock time the zone skips is no date, as GNU's mktime finds.
    let first_offset = zone.offset_at(now);
    let first = read(first_offset)?;
    let offset = zone.offset_at(first);
    if offset == first_offset {
        return Some(first);
    }
    let second = read(offset)?;
    (zone.offset_at(second) == offset).then_some(second)
}

/// GNU's `c_isspace`.
fn is_space(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\n' | '\x0b' | '\x0c' | '\r')
}

/// The zone of a `TZ="…"` prefix (`\\` and `\"` escaped) and the text after it; `None` when
/// it is not one, and the whole text is read as a date (and refused at `TZ`).
fn tz_prefix(text: &str) -> Option<(String, &str)> {
    let mut zone = String::new();
    let mut chars = text.char_indices();
    while let Some((at, c)) = chars.next() {
        match c {
            '"' => return Some((zone, &text[at + 1..])),
            '\\' => match chars.next() {
                Some((_, escaped @ ('\\' | '"'))) => zone.push(escaped),
                _ => return None,
            },
            _ => zone.push(c),
        }
    }
    None
}

/// A number as written: its value (negative when signed `-`) and its count of digits.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Number {
    value: i64,
    digits: usize,
    negative: bool,
}

/// The unit of a relative item.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Unit {
    Year,
    Month,
    /// Days, with how many a unit is (a week is 7, a fortnight 14).
    Day(i64),
    Hour,
    Minute,
    Second,
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Meridian {
    Am,
    Pm,
}

/// GNU's tokens.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Token {
    /// An unsigned number (`tUNUMBER`).
    Unsigned(Number),
    /// A number with its sign (`tSNUMBER`).
    Signed(Number),
    /// A number with a fraction, as seconds and nanoseconds (the nanoseconds never negative),
    /// and whether it had a sign.
    Decimal {
        seconds: i64,
        nanos: i64,
        signed: bool,
    },
    Month(i64),
    /// A day of the week, Sunday 0.
    Day(i64),
    Meridian(Meridian),
    /// A zone, seconds east of UTC; `daylight` adds an hour.
    Zone {
        offset: i64,
        daylight: bool,
    },
    /// `DST`.
    Dst,
    /// The letter `T`: the ISO 8601 separator, or the military zone UTC-7.
    T,
    Unit(Unit),
    /// `today`, `now`, `tomorrow`, `yesterday`: a count of days.
    DayShift(i64),
    /// `last`, `this`, `next`, `first`, `third` … `twelfth`.
    Ordinal(i64),
    /// `ago` (-1) or `hence` (1).
    Ago(i64),
    /// Any other character, or a word that is none of the above (`?`).
    Char(char),
}

/// The text as tokens; `None` when a number overflows (GNU's lexer gives `?` then, which no
/// rule accepts).
fn lex(text: &str) -> Option<Vec<Token>> {
    let bytes = text.as_bytes();
    let mut tokens = Vec::new();
    let mut at = 0;
    while at < bytes.len() {
        let c = bytes[at];
        if is_space(c as char) {
            at += 1;
        } else if c.is_ascii_digit() || c == b'+' || c == b'-' {
            let mut sign = 0;
            if c == b'+' || c == b'-' {
                sign = if c == b'-' { -1 } else { 1 };
                at += 1;
                while at < bytes.len() && is_space(bytes[at] as char) {
                    at += 1;
                }
                // A sign before anything but a digit is dropped.
                if !bytes.get(at).is_some_and(u8::is_ascii_digit) {
                    continue;
                }
            }
            let start = at;
            let mut value: i64 = 0;
            while let Some(digit) = bytes.get(at).filter(|b| b.is_ascii_digit()) {
                let digit = i64::from(digit - b'0');
                value = value.checked_mul(10)?.checked_add(if sign < 0 { -digit } else { digit })?;
                at += 1;
            }
            let digits = at - start;
            if matches!(bytes.get(at), Some(b'.' | b',')) && bytes.get(at + 1).is_some_and(u8::is_ascii_digit) {
                at += 1;
                // Nine digits of fraction; past them, a negative number is rounded down.
                let mut nanos = 0;
                for _ in 0..9 {
                    nanos *= 10;
                    if let Some(digit) = bytes.get(at).filter(|b| b.is_ascii_digit()) {
                        nanos += i64::from(digit - b'0');
                        at += 1;
                    }
                }
                let excess = at;
                while bytes.get(at).is_some_and(u8::is_ascii_digit) {
                    at += 1;
                }
                if sign < 0 && bytes[excess..at].iter().any(|&b| b != b'0') {
                    nanos += 1;
                }
                let mut seconds = value;
                if sign < 0 && nanos != 0 {
                    seconds = seconds.checked_sub(1)?;
                    nanos = 1_000_000_000 - nanos;
                }
                tokens.push(Token::Decimal { seconds, nanos, signed: sign != 0 });
            } else {
                let number = Number { value, digits, negative: sign < 0 };
                tokens.push(if sign == 0 { Token::Unsigned(number) } else { Token::Signed(number) });
            }
        } else if c.is_ascii_alphabetic() {
            let start = at;
            while bytes.get(at).is_some_and(|b| b.is_ascii_alphabetic() || *b == b'.') {
                at += 1;
            }
            // GNU reads a word into 20 bytes: past 19 letters the rest is dropped.
            let word = text[start..at.min(start + 19)].to_ascii_uppercase();
            tokens.push(word_token(&word));
        } else if c == b'(' {
            // A comment, nested; an unfinished one ends the text.
            let mut depth = 0usize;
            while at < bytes.len() {
                match bytes[at] {
                    b'(' => depth += 1,
                    b')' => depth -= 1,
                    _ => {}
                }
                at += 1;
                if depth == 0 {
                    break;
                }
            }
        } else {
            let Some(other) = text[at..].chars().next() else { break };
            tokens.push(Token::Char(other));
            at += other.len_utf8();
        }
    }
    Some(tokens)
}

/// Month and day names, in GNU's order (an abbreviation takes the first that matches).
const NAMES: [(&str, Token); 24] = {
    use Token::{Day, Month};
    [
        ("JANUARY", Month(1)),
        ("FEBRUARY", Month(2)),
        ("MARCH", Month(3)),
        ("APRIL", Month(4)),
        ("MAY", Month(5)),
        ("JUNE", Month(6)),
        ("JULY", Month(7)),
        ("AUGUST", Month(8)),
        ("SEPTEMBER", Month(9)),
        ("SEPT", Month(9)),
        ("OCTOBER", Month(10)),
        ("NOVEMBER", Month(11)),
        ("DECEMBER", Month(12)),
        ("SUNDAY", Day(0)),
        ("MONDAY", Day(1)),
        ("TUESDAY", Day(2)),
        ("TUES", Day(2)),
        ("WEDNESDAY", Day(3)),
        ("WEDNES", Day(3)),
        ("THURSDAY", Day(4)),
        ("THUR", Day(4)),
        ("THURS", Day(4)),
        ("FRIDAY", Day(5)),
        ("SATURDAY", Day(6)),
    ]
};

/// GNU's zone abbreviations: hours (and minutes) east of UTC, and whether it is a daylight
/// zone (an hour more).
const ZONES: [(&str, i64, bool); 50] = [
    ("WET", 0, false),
    ("WEST", 0, true),
    ("BST", 0, true),
    ("ART", -180, false),
    ("BRT", -180, false),
    ("BRST", -180, true),
    ("NST", -210, false),
    ("NDT", -210, true),
    ("AST", -240, false),
    ("ADT", -240, true),
    ("CLT", -240, false),
    ("CLST", -240, true),
    ("EST", -300, false),
    ("EDT", -300, true),
    ("CST", -360, false),
    ("CDT", -360, true),
    ("MST", -420, false),
    ("MDT", -420, true),
    ("PST", -480, false),
    ("PDT", -480, true),
    ("AKST", -540, false),
    ("AKDT", -540, true),
    ("HST", -600, false),
    ("HAST", -600, false),
    ("HADT", -600, true),
    ("SST", -720, false),
    ("WAT", 60, false),
    ("CET", 60, false),
    ("CEST", 60, true),
    ("MET", 60, false),
    ("MEZ", 60, false),
    ("MEST", 60, true),
    ("MESZ", 60, true),
    ("EET", 120, false),
    ("EEST", 120, true),
    ("CAT", 120, false),
    ("SAST", 120, false),
    ("EAT", 180, false),
    ("MSK", 180, false),
    ("MSD", 180, true),
    ("IST", 330, false),
    ("SGT", 480, false),
    ("KST", 540, false),
    ("JST", 540, false),
    ("GST", 600, false),
    ("NZST", 720, false),
    ("NZDT", 720, true),
    ("GMT", 0, false),
    ("UT", 0, false),
    ("UTC", 0, false),
];

fn zone(word: &str) -> Option<Token> {
    ZONES
        .iter()
        .find(|(name, ..)| *name == word)
        .map(|&(_, minutes, daylight)| Token::Zone { offset: minutes * 60, daylight })
}

/// The token of an upper-cased word, looked up as GNU's `lookup_word` does.
fn word_token(word: &str) -> Token {
    match word {
        "AM" | "A.M." => return Token::Meridian(Meridian::Am),
        "PM" | "P.M." => return Token::Meridian(Meridian::Pm),
        _ => {}
    }
    let abbreviated = word.len() == 3 || (word.len() == 4 && word.ends_with('.'));
    let named = NAMES.iter().find(|(name, _)| match abbreviated {
        true => name.get(..3) == word.get(..3),
        false => *name == word,
    });
    if let Some((_, token)) = named {
        return *token;
    }
    if let Some(token) = zone(word) {
        return token;
    }
    if word == "DST" {
        return Token::Dst;
    }
    let unit = |word: &str| {
        Some(Token::Unit(match word {
            "YEAR" => Unit::Year,
            "MONTH" => Unit::Month,
            "FORTNIGHT" => Unit::Day(14),
            "WEEK" => Unit::Day(7),
            "DAY" => Unit::Day(1),
            "HOUR" => Unit::Hour,
            "MINUTE" | "MIN" => Unit::Minute,
            "SECOND" | "SEC" => Unit::Second,
            _ => return None,
        }))
    };
    if let Some(token) = unit(word).or_else(|| word.strip_suffix('S').and_then(unit)) {
        return token;
    }
    let relative = match word {
        "TOMORROW" => Token::DayShift(1),
        "YESTERDAY" => Token::DayShift(-1),
        "TODAY" | "NOW" => Token::DayShift(0),
        "LAST" => Token::Ordinal(-1),
        "THIS" => Token::Ordinal(0),
        "NEXT" | "FIRST" => Token::Ordinal(1),
        "THIRD" => Token::Ordinal(3),
        "FOURTH" => Token::Ordinal(4),
        "FIFTH" => Token::Ordinal(5),
        "SIXTH" => Token::Ordinal(6),
        "SEVENTH" => Token::Ordinal(7),
        "EIGHTH" => Token::Ordinal(8),
        "NINTH" => Token::Ordinal(9),
        "TENTH" => Token::Ordinal(10),
        "ELEVENTH" => Token::Ordinal(11),
        "TWELFTH" => Token::Ordinal(12),
        "AGO" => Token::Ago(-1),
        "HENCE" => Token::Ago(1),
        _ => Token::Char('?'),
    };
    if relative != Token::Char('?') {
        return relative;
    }
    // Military zones: A to M east (no J), N to Y west, Z is UTC, T is also ISO 8601's separator.
    if let [letter] = word.as_bytes() {
        let hours = match letter {
            b'A'..=b'I' => i64::from(letter - b'A') + 1,
            b'K'..=b'M' => i64::from(letter - b'K') + 10,
            b'N'..=b'Y' if *letter != b'T' => -(i64::from(letter - b'N') + 1),
            b'T' => return Token::T,
            b'Z' => 0,
            _ => return Token::Char('?'),
        };
        return Token::Zone { offset: hours * 3_600, daylight: false };
    }
    // A zone written with periods (`U.T.C.`).
    if word.contains('.') {
        let bare: String = word.chars().filter(|&c| c != '.').collect();
        if let Some(token) = zone(&bare) {
            return token;
        }
    }
    Token::Char('?')
}

/// The fields items set, as GNU's `parser_control`.
struct Fields {
    year: Number,
    month: i64,
    day: i64,
    hour: i64,
    minutes: i64,
    seconds: i64,
    nanos: i64,
    meridian: Option<Meridian>,
    /// Seconds east of UTC of the zone given.
    zone: i64,
    /// Seconds east of UTC of the wall clock the date is read in (`TZ="…"`).
    local: i64,
    day_ordinal: i64,
    day_number: i64,
    rel: Relative,
    /// `@SECONDS`.
    timespec: Option<(i64, i64)>,
    rels_seen: bool,
    dates_seen: u32,
    times_seen: u32,
    days_seen: u32,
    zones_seen: u32,
}

/// The relative items added up.
#[derive(Default, Clone, Copy)]
struct Relative {
    year: i64,
    month: i64,
    day: i64,
    hour: i64,
    minutes: i64,
    seconds: i64,
    nanos: i64,
}

impl Fields {
    /// Fields holding `now` on the wall clock `local` seconds east of UTC.
    fn new(now: DateTime<Utc>, local: i64) -> Option<Fields> {
        let wall = now.naive_utc().checked_add_signed(Duration::seconds(local))?;
        Some(Fields {
            year: Number { value: i64::from(wall.year()), digits: 0, negative: false },
            month: i64::from(wall.month()),
            day: i64::from(wall.day()),
            hour: i64::from(wall.hour()),
            minutes: i64::from(wall.minute()),
            seconds: i64::from(wall.second()),
            nanos: i64::from(wall.nanosecond().min(999_999_999)),
            meridian: None,
            zone: 0,
            local,
            day_ordinal: 0,
            day_number: 0,
            rel: Relative::default(),
            timespec: None,
            rels_seen: false,
            dates_seen: 0,
            times_seen: 0,
            days_seen: 0,
            zones_seen: 0,
        })
    }

    fn set_time(&mut self, hour: i64, minutes: i64, (seconds, nanos): (i64, i64), meridian: Option<Meridian>) {
        (self.hour, self.minutes, self.seconds, self.nanos, self.meridian) = (hour, minutes, seconds, nanos, meridian);
    }

    /// GNU's `time_zone_hhmm`: `+h`, `+hh` are hours, `+hmm`, `+hhmm` hours and minutes, and
    /// with `:MM` the number is hours; within a day either way.
    fn zone_hhmm(&mut self, number: Number, minutes: Option<i64>) -> Option<()> {
        let total = match minutes {
            None => {
                let value = if number.digits <= 2 { number.value.checked_mul(100)? } else { number.value };
                (value / 100).checked_mul(60)?.checked_add(value % 100)?
            }
            Some(minutes) => {
                let hours = number.value.checked_mul(60)?;
                if number.negative { hours.checked_sub(minutes)? } else { hours.checked_add(minutes)? }
            }
        };
        (-24 * 60..=24 * 60).contains(&total).then(|| self.zone = total * 60)
    }

    /// GNU's `digits_to_date_time`: a bare number is the year after a date (and a time, or
    /// with more than two digits), else `yyyymmdd` past four digits, else `hh` or `hhmm`.
    fn digits(&mut self, number: Number) {
        if self.dates_seen > 0 && self.year.digits == 0 && !self.rels_seen && (self.times_seen > 0 || number.digits > 2)
        {
            self.year = number;
        } else if number.digits > 4 {
            self.dates_seen += 1;
            self.day = number.value % 100;
            self.month = (number.value / 100) % 100;
            self.year = Number { value: number.value / 10_000, digits: number.digits - 4, negative: false };
        } else {
            self.times_seen += 1;
            let (hour, minutes) =
                if number.digits <= 2 { (number.value, 0) } else { (number.value / 100, number.value % 100) };
            self.set_time(hour, minutes, (0, 0), None);
        }
    }

    /// Adds a relative item `factor` times (`ago` is -1).
    fn relative(&mut self, rel: Relative, factor: i64) -> Option<()> {
        let add = |a: i64, b: i64| if factor < 0 { a.checked_sub(b) } else { a.checked_add(b) };
        let r = &mut self.rel;
        r.year = add(r.year, rel.year)?;
        r.month = add(r.month, rel.month)?;
        r.day = add(r.day, rel.day)?;
        r.hour = add(r.hour, rel.hour)?;
        r.minutes = add(r.minutes, rel.minutes)?;
        r.seconds = add(r.seconds, rel.seconds)?;
        r.nanos = add(r.nanos, rel.nanos)?;
        self.rels_seen = true;
        Some(())
    }

    /// The time the fields name, as GNU's `parse_datetime2` builds it after parsing.
    fn resolve(&self) -> Option<DateTime<Utc>> {
        if let Some((seconds, nanos)) = self.timespec {
            return DateTime::from_timestamp(seconds, u32::try_from(nanos).ok()?);
        }
        let zones = self.zones_seen;
        if 1 < (self.times_seen | self.dates_seen | self.days_seen | zones) {
            return None;
        }
        let year = match self.year {
            Number { value, .. } if value < 0 => value.checked_neg()?,
            Number { value, digits: 2, .. } => value + if value < 69 { 2000 } else { 1900 },
            Number { value, .. } => value,
        };
        let timed = self.times_seen > 0 || (self.rels_seen && self.dates_seen == 0 && self.days_seen == 0);
        let (hour, minutes, seconds, nanos) = if timed {
            let hour = match self.meridian {
                None => (0..24).contains(&self.hour).then_some(self.hour),
                Some(meridian) => match self.hour {
                    1..=11 => Some(self.hour + if meridian == Meridian::Pm { 12 } else { 0 }),
                    12 => Some(if meridian == Meridian::Pm { 12 } else { 0 }),
                    _ => None,
                },
            }?;
            (hour, self.minutes, self.seconds, self.nanos)
        } else {
            (0, 0, 0, 0)
        };
        // Every field must name a real time (GNU checks that mktime did not carry any over).
        if !(0..60).contains(&minutes) || !(0..60).contains(&seconds) {
            return None;
        }
        let (Ok(year), Ok(month), Ok(day)) = (i32::try_from(year), u32::try_from(self.month), u32::try_from(self.day))
        else {
            return None;
        };
        let mut date = NaiveDate::from_ymd_opt(year, month, day)?;
        if self.days_seen > 0 && self.dates_seen == 0 {
            let today = i64::from(date.weekday().num_days_from_sunday());
            let ordinal = self.day_ordinal - i64::from(self.day_ordinal > 0 && today != self.day_number);
            let shift = ordinal.checked_mul(7)?.checked_add((self.day_number - today + 7) % 7)?;
            date = date.checked_add_signed(Duration::try_days(shift)?)?;
        }
        let rel = self.rel;
        if rel.year != 0 || rel.month != 0 || rel.day != 0 {
            // The calendar moved as mktime carries it: months into years, then days past the
            // month's end into the next.
            let months = i64::from(date.year())
                .checked_add(rel.year)?
                .checked_mul(12)?
                .checked_add(i64::from(date.month0()))?
                .checked_add(rel.month)?;
            let first = NaiveDate::from_ymd_opt(
                i32::try_from(months.div_euclid(12)).ok()?,
                u32::try_from(months.rem_euclid(12) + 1).ok()?,
                1,
            )?;
            let day = i64::from(date.day0()).checked_add(rel.day)?;
            date = first.checked_add_signed(Duration::try_days(day)?)?;
        }
        let wall =
            date.and_hms_opt(u32::try_from(hour).ok()?, u32::try_from(minutes).ok()?, u32::try_from(seconds).ok()?)?;
        let offset = if zones > 0 { self.zone } else { self.local };
        let start = wall.and_utc().timestamp().checked_sub(offset)?;
        let total_nanos = nanos.checked_add(rel.nanos)?;
        let carry = total_nanos.div_euclid(1_000_000_000);
        let end = start
            .checked_add(rel.hour.checked_mul(3_600)?)?
            .checked_add(rel.minutes.checked_mul(60)?)?
            .checked_add(rel.seconds)?
            .checked_add(carry)?;
        DateTime::from_timestamp(end, u32::try_from(total_nanos.rem_euclid(1_000_000_000)).ok()?)
    }
}

/// Reads items into the fields, one rule of GNU's grammar at a time.
struct Parser<'a> {
    tokens: &'a [Token],
    at: usize,
    fields: &'a mut Fields,
}

impl Parser<'_> {
    fn peek(&self, ahead: usize) -> Option<Token> {
        self.tokens.get(self.at + ahead).copied()
    }

    fn next(&mut self) -> Option<Token> {
        let token = self.peek(0);
        self.at += 1;
        token
    }

    /// Takes the next token when it is `c`.
    fn eat(&mut self, c: char) -> bool {
        let found = self.peek(0) == Some(Token::Char(c));
        self.at += usize::from(found);
        found
    }

    fn unsigned(&mut self) -> Option<Number> {
        match self.next()? {
            Token::Unsigned(number) => Some(number),
            _ => None,
        }
    }

    /// `spec: '@' seconds | items`.
    fn spec(&mut self) -> Option<()> {
        if self.eat('@') {
            let seconds = match self.next()? {
                Token::Unsigned(n) | Token::Signed(n) => (n.value, 0),
                Token::Decimal { seconds, nanos, .. } => (seconds, nanos),
                _ => return None,
            };
            self.fields.timespec = Some(seconds);
            return self.peek(0).is_none().then_some(());
        }
        while self.at < self.tokens.len() {
            self.item()?;
        }
        Some(())
    }

    fn item(&mut self) -> Option<()> {
        match self.next()? {
            Token::Unsigned(number) => self.after_number(number),
            Token::Signed(number) => {
                let Some(Token::Unit(unit)) = self.next() else { return None };
                let rel = relunit(unit, number.value)?;
                self.rel(rel)
            }
            Token::Decimal { seconds, nanos, .. } => {
                if self.next()? != Token::Unit(Unit::Second) {
                    return None;
                }
                self.rel(Relative { seconds, nanos, ..Relative::default() })
            }
            Token::Month(month) => {
                self.fields.month = month;
                match self.next()? {
                    Token::Signed(day) => {
                        let Token::Signed(year) = self.next()? else { return None };
                        self.fields.day = day.value.checked_neg()?;
                        self.fields.year = Number { value: year.value.checked_neg()?, ..year };
                    }
                    Token::Unsigned(day) => {
                        self.fields.day = day.value;
                        if self.eat(',') {
                            self.fields.year = self.unsigned()?;
                        }
                    }
                    _ => return None,
                }
                self.fields.dates_seen += 1;
                Some(())
            }
            Token::Day(day) => {
                self.eat(',');
                self.weekday(0, day)
            }
            Token::Ordinal(ordinal) => match self.next()? {
                Token::Day(day) => self.weekday(ordinal, day),
                Token::Unit(unit) => {
                    let rel = relunit(unit, ordinal)?;
                    self.rel(rel)
                }
                _ => None,
            },
            Token::Unit(unit) => {
                let rel = relunit(unit, 1)?;
                self.rel(rel)
            }
            Token::DayShift(days) => self.fields.relative(Relative { day: days, ..Relative::default() }, 1),
            Token::Zone { offset, daylight } => {
                self.fields.zones_seen += 1;
                self.fields.zone = offset + if daylight { 3_600 } else { 0 };
                match (daylight, self.peek(0), self.peek(1)) {
                    (false, Some(Token::Dst), _) => {
                        self.at += 1;
                        self.fields.zone += 3_600;
                    }
                    (false, Some(Token::Signed(number)), Some(Token::Unit(unit))) => {
                        self.at += 2;
                        let rel = relunit(unit, number.value)?;
                        self.fields.relative(rel, 1)?;
                    }
                    (false, Some(Token::Signed(number)), _) => {
                        self.at += 1;
                        let minutes = self.colon_minutes()?;
                        self.fields.zone_hhmm(number, minutes)?;
                        self.fields.zone = self.fields.zone.checked_add(offset)?;
                    }
                    _ => {}
                }
                Some(())
            }
            Token::T => {
                self.fields.zones_seen += 1;
                self.fields.zone = -7 * 3_600;
                if let Some(Token::Signed(number)) = self.peek(0) {
                    self.at += 1;
                    let Some(Token::Unit(unit)) = self.next() else { return None };
                    let rel = relunit(unit, number.value)?;
                    self.fields.relative(rel, 1)?;
                }
                Some(())
            }
            Token::Meridian(_) | Token::Dst | Token::Ago(_) | Token::Char(_) => None,
        }
    }

    /// The items that start with an unsigned number.
    fn after_number(&mut self, number: Number) -> Option<()> {
        match self.peek(0) {
            Some(Token::Char(':')) => {
                self.at += 1;
                let minutes = self.unsigned()?.value;
                let seconds = if self.eat(':') { Some(self.unsigned_seconds()?) } else { None };
                if let Some(Token::Meridian(meridian)) = self.peek(0) {
                    self.at += 1;
                    self.fields.set_time(number.value, minutes, seconds.unwrap_or((0, 0)), Some(meridian));
                } else {
                    self.fields.set_time(number.value, minutes, seconds.unwrap_or((0, 0)), None);
                    self.zone_offset(false)?;
                }
                self.fields.times_seen += 1;
            }
            Some(Token::Meridian(meridian)) => {
                self.at += 1;
                self.fields.set_time(number.value, 0, (0, 0), Some(meridian));
                self.fields.times_seen += 1;
            }
            Some(Token::Char('/')) => {
                self.at += 1;
                let second = self.unsigned()?;
                if self.eat('/') {
                    let third = self.unsigned()?;
                    if number.digits >= 4 {
                        (self.fields.year, self.fields.month, self.fields.day) = (number, second.value, third.value);
                    } else {
                        (self.fields.month, self.fields.day, self.fields.year) = (number.value, second.value, third);
                    }
                } else {
                    (self.fields.month, self.fields.day) = (number.value, second.value);
                }
                self.fields.dates_seen += 1;
            }
            Some(Token::Month(month)) => {
                self.at += 1;
                (self.fields.day, self.fields.month) = (number.value, month);
                match self.peek(0) {
                    Some(Token::Signed(year)) => {
                        self.at += 1;
                        self.fields.year = Number { value: year.value.checked_neg()?, ..year };
                    }
                    Some(Token::Unsigned(year)) => {
                        self.at += 1;
                        self.fields.year = year;
                    }
                    _ => {}
                }
                self.fields.dates_seen += 1;
            }
            Some(Token::Day(day)) => {
                self.at += 1;
                return self.weekday(number.value, day);
            }
            Some(Token::Unit(unit)) => {
                self.at += 1;
                let rel = relunit(unit, number.value)?;
                return self.rel(rel);
            }
            Some(Token::Signed(month)) => match self.peek(1) {
                // `YYYY-MM-DD`, and with `T` a time after it.
                Some(Token::Signed(day)) => {
                    self.at += 2;
                    self.fields.year = number;
                    self.fields.month = month.value.checked_neg()?;
                    self.fields.day = day.value.checked_neg()?;
                    self.fields.dates_seen += 1;
                    if self.peek(0) == Some(Token::T) {
                        self.at += 1;
                        self.iso_time()?;
                        self.fields.times_seen += 1;
                    }
                }
                // `YYYYMMDD +N UNIT`.
                Some(Token::Unit(unit)) => {
                    self.at += 2;
                    self.fields.digits(number);
                    let rel = relunit(unit, month.value)?;
                    self.fields.relative(rel, 1)?;
                }
                // An hour and a zone (`12+05`).
                _ => {
                    self.fields.set_time(number.value, 0, (0, 0), None);
                    self.zone_offset(true)?;
                    self.fields.times_seen += 1;
                }
            },
            _ => self.fields.digits(number),
        }
        Some(())
    }

    /// The time after an ISO 8601 `T`: `hh±zone`, `hh:mm[:ss][±zone]`, never am or pm.
    fn iso_time(&mut self) -> Option<()> {
        let hour = self.unsigned()?.value;
        if self.eat(':') {
            let minutes = self.unsigned()?.value;
            let seconds = if self.eat(':') { self.unsigned_seconds()? } else { (0, 0) };
            self.fields.set_time(hour, minutes, seconds, None);
            self.zone_offset(false)
        } else {
            self.fields.set_time(hour, 0, (0, 0), None);
            self.zone_offset(true)
        }
    }

    fn unsigned_seconds(&mut self) -> Option<(i64, i64)> {
        match self.next()? {
            Token::Unsigned(n) => Some((n.value, 0)),
            Token::Decimal { seconds, nanos, signed: false } => Some((seconds, nanos)),
            _ => None,
        }
    }

    /// `[±hh[mm] | ±hh:mm]` after a time; `required` when the rule has no time without it.
    fn zone_offset(&mut self, required: bool) -> Option<()> {
        let Some(Token::Signed(number)) = self.peek(0) else {
            return (!required).then_some(());
        };
        self.at += 1;
        let minutes = self.colon_minutes()?;
        self.fields.zones_seen += 1;
        self.fields.zone_hhmm(number, minutes)
    }

    /// `[:mm]`: `Some(None)` when absent, `None` when `:` is not followed by a number.
    fn colon_minutes(&mut self) -> Option<Option<i64>> {
        if self.eat(':') { self.unsigned().map(|n| Some(n.value)) } else { Some(None) }
    }

    /// A relative item, and an `ago` or `hence` after it.
    fn rel(&mut self, rel: Relative) -> Option<()> {
        let factor = match self.peek(0) {
            Some(Token::Ago(factor)) => {
                self.at += 1;
                factor
            }
            _ => 1,
        };
        self.fields.relative(rel, factor)
    }

    fn weekday(&mut self, ordinal: i64, day: i64) -> Option<()> {
        (self.fields.day_ordinal, self.fields.day_number) = (ordinal, day);
        self.fields.days_seen += 1;
        Some(())
    }
}

/// `count` of `unit` as a relative item.
fn relunit(unit: Unit, count: i64) -> Option<Relative> {
    let mut rel = Relative::default();
    match unit {
        Unit::Year => rel.year = count,
        Unit::Month => rel.month = count,
        Unit::Day(days) => rel.day = count.checked_mul(days)?,
        Unit::Hour => rel.hour = count,
        Unit::Minute => rel.minutes = count,
        Unit::Second => rel.seconds = count,
    }
    Some(rel)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(text: &str) -> String {
        // A Tuesday.
        let now = DateTime::from_timestamp(1_796_167_796, 0).expect("now");
        parse(text, now, &Zone::named(None)).map_or("invalid".to_string(), |d| d.format("%F %T").to_string())
    }

    #[test]
    fn items_read_as_gnu_reads_them() {
        assert_eq!(at("2024-01-31 +1 month"), "2024-03-02 00:00:00");
        assert_eq!(at("2024-03-15 10:00:00 1 day ago"), "2024-03-14 10:00:00");
        assert_eq!(at("2024-03-12T12:30:00Z 1 sec ago"), "2024-03-12 12:29:59");
        assert_eq!(at("monday"), "2026-12-07 00:00:00");
        assert_eq!(at("last tuesday"), "2026-11-24 00:00:00");
        assert_eq!(at("1 day ago"), "2026-11-30 23:29:56");
        assert_eq!(at("10:00 tomorrow"), "2026-12-02 10:00:00");
        assert_eq!(at("Sun, 10 Mar 2024 12:00:00 GMT"), "2024-03-10 12:00:00");
        assert_eq!(at("2024-03-10 12:00:00 +0200"), "2024-03-10 10:00:00");
        assert_eq!(at("Mar 10 2024 5pm"), "2024-03-10 17:00:00");
        assert_eq!(at("2024-03-10 12:00 +1 day"), "2024-03-11 11:00:00");
        assert_eq!(at("TZ=\"EST5\" 2024-03-10 12:00"), "2024-03-10 17:00:00");
        assert_eq!(at("@1.5"), "1970-01-01 00:00:01");
        assert_eq!(at(""), "2026-12-01 00:00:00");
        assert_eq!(at("noon"), "invalid");
        assert_eq!(at("2024-02-30"), "invalid");
        assert_eq!(at("3 parsecs ago"), "invalid");
    }
}
