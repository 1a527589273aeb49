//! Dates as `date -d` (and `find -newermt`) read them, in UTC: an absolute date (`@EPOCH`, RFC
//! 3339, `YYYY-MM-DD`, `YYYY-MM-DD HH:MM[:SS]`), then GNU's relative items — `now`, `today`,
//! `yesterday`, `tomorrow`, `N UNIT [ago]`, `+N UNIT`, `+ N UNIT`, `UNIT` alone, `next|last|this
//! UNIT`, a day of the week (`monday`, `next friday`, `last tue`) and a time of day (`10:00`). Months and years move the
//! calendar fields and let an impossible day run over into the next month, as GNU does
//! (`2024-01-31 +1 month` is March 2nd).

use chrono::{DateTime, Datelike, Duration, NaiveDate, NaiveDateTime, NaiveTime, Utc, Weekday};

/// The date `text` names, relative items counted from `now`; `None` when it names none.
pub fn parse(text: &str, now: DateTime<Utc>) -> Option<DateTime<Utc>> {
    let text = text.trim();
    if let Some(whole) = absolute(text) {
        return Some(whole);
    }
    let words: Vec<&str> = text.split_whitespace().collect();
    let (mut at, mut date_given, mut idx) = (now, false, 0);
    // A leading absolute date, with a time of day after it.
    if let Some(first) = words.first().and_then(|w| absolute(w)) {
        at = first;
        date_given = true;
        idx = 1;
    }
    let mut rel = Relative::default();
    while idx < words.len() {
        let word = words[idx].to_ascii_lowercase();
        idx += 1;
        if let Some(time) = time_of_day(&word) {
            rel.time = Some(time);
            continue;
        }
        match word.as_str() {
            "now" | "today" => {}
            "yesterday" => rel.add(Unit::Seconds(-86_400), 1),
            "tomorrow" => rel.add(Unit::Seconds(86_400), 1),
            "ago" => rel.negate_last(),
            "next" | "last" | "this" => {
                let count = match word.as_str() {
                    "next" => 1,
                    "last" => -1,
                    _ => 0,
                };
                let following = words.get(idx)?.to_ascii_lowercase();
                idx += 1;
                if let Some(day) = weekday(&following) {
                    rel.weekday = Some((day, count));
                } else {
                    rel.add(unit(&following)?, count);
                }
            }
            _ if weekday(&word).is_some() => rel.weekday = weekday(&word).map(|day| (day, 0)),
            // A unit alone is one of it (`hour`, `week ago`).
            _ if unit(&word).is_some() => rel.add(unit(&word)?, 1),
            _ => {
                // The sign may stand apart from its number (`now + 2 hours`, `- 2 days`).
                let (sign, number) = match word.as_str() {
                    "+" | "-" => {
                        idx += 1;
                        (if word == "-" { -1 } else { 1 }, words.get(idx - 1)?.to_string())
                    }
                    _ => (1, word.clone()),
                };
                let count: i64 = number.strip_prefix('+').unwrap_or(&number).parse().ok()?;
                let following = words.get(idx)?.to_ascii_lowercase();
                idx += 1;
                rel.add(unit(&following)?, sign * count);
            }
        }
    }
    Some(rel.apply(at, date_given))
}

/// A whole absolute date: `@EPOCH`, RFC 3339, `YYYY-MM-DD`, `YYYY-MM-DD HH:MM[:SS]`.
fn absolute(text: &str) -> Option<DateTime<Utc>> {
    if let Some(epoch) = text.strip_prefix('@') {
        return epoch.trim().parse::<i64>().ok().and_then(|s| DateTime::from_timestamp(s, 0));
    }
    if let Ok(date) = DateTime::parse_from_rfc3339(text) {
        return Some(date.with_timezone(&Utc));
    }
    if let Ok(date) = NaiveDate::parse_from_str(text, "%Y-%m-%d") {
        return date.and_hms_opt(0, 0, 0).map(|d| d.and_utc());
    }
    ["%Y-%m-%d %H:%M:%S", "%Y-%m-%d %H:%M", "%Y-%m-%dT%H:%M:%S", "%Y-%m-%dT%H:%M"]
        .iter()
        .find_map(|format| NaiveDateTime::parse_from_str(text, format).ok())
        .map(|d| d.and_utc())
}

/// `HH:MM` or `HH:MM:SS`.
fn time_of_day(word: &str) -> Option<NaiveTime> {
    NaiveTime::parse_from_str(word, "%H:%M:%S").or_else(|_| NaiveTime::parse_from_str(word, "%H:%M")).ok()
}

/// `mon`, `monday`, `tues`, …
fn weekday(word: &str) -> Option<Weekday> {
    let days = [
        ("sun", Weekday::Sun),
        ("mon", Weekday::Mon),
        ("tue", Weekday::Tue),
        ("wed", Weekday::Wed),
        ("thu", Weekday::Thu),
        ("fri", Weekday::Fri),
        ("sat", Weekday::Sat),
    ];
    let full = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"];
    days.iter().zip(full).find_map(|((short, day), long)| {
        (word == *short || word == long || (word.starts_with(short) && long.starts_with(word))).then_some(*day)
    })
}

/// A unit of a relative item: seconds, or calendar months.
#[derive(Clone, Copy)]
enum Unit {
    Seconds(i64),
    Months(i64),
}

fn unit(word: &str) -> Option<Unit> {
    let bare = word.strip_suffix('s').filter(|b| !b.is_empty()).unwrap_or(word);
    Some(match bare {
        "sec" | "second" => Unit::Seconds(1),
        "min" | "minute" => Unit::Seconds(60),
        "hour" => Unit::Seconds(3_600),
        "day" => Unit::Seconds(86_400),
        "week" => Unit::Seconds(7 * 86_400),
        "fortnight" => Unit::Seconds(14 * 86_400),
        "month" => Unit::Months(1),
        "year" => Unit::Months(12),
        _ => return None,
    })
}

/// The relative items read so far.
#[derive(Default)]
struct Relative {
    seconds: i64,
    months: i64,
    /// The last item, for `ago`.
    last: Option<(i64, i64)>,
    weekday: Option<(Weekday, i64)>,
    time: Option<NaiveTime>,
}

impl Relative {
    fn add(&mut self, unit: Unit, count: i64) {
        let (seconds, months) = match unit {
            Unit::Seconds(s) => (s.saturating_mul(count), 0),
            Unit::Months(m) => (0, m.saturating_mul(count)),
        };
        self.seconds = self.seconds.saturating_add(seconds);
        self.months = self.months.saturating_add(months);
        self.last = Some((seconds, months));
    }

    fn negate_last(&mut self) {
        if let Some((seconds, months)) = self.last.take() {
            self.seconds = self.seconds.saturating_sub(seconds.saturating_mul(2));
            self.months = self.months.saturating_sub(months.saturating_mul(2));
        }
    }

    /// The date `at` moved by the items. A time of day, a weekday or a date given sets the day's
    /// start (or that time); a weekday is ignored when a date was given, as GNU does.
    fn apply(&self, at: DateTime<Utc>, date_given: bool) -> DateTime<Utc> {
        let mut day = at.date_naive();
        let mut time = at.time();
        if let Some(given) = self.time {
            time = given;
        } else if self.weekday.is_some() && !date_given {
            time = NaiveTime::MIN;
        }
        if let (Some((wanted, count)), false) = (self.weekday, date_given) {
            let today = i64::from(day.weekday().num_days_from_sunday());
            let target = i64::from(wanted.num_days_from_sunday());
            let ahead = (target - today).rem_euclid(7);
            let shift = match count {
                0 => ahead,
                n if n > 0 => (if ahead == 0 { 7 } else { ahead }) + 7 * (n - 1),
                n => (if ahead == 0 { -7 } else { ahead - 7 }) + 7 * (n + 1),
            };
            day = day.checked_add_signed(Duration::days(shift)).unwrap_or(day);
        }
        if self.months != 0 {
            let total = i64::from(day.year()) * 12 + i64::from(day.month0()) + self.months;
            let (year, month) = (total.div_euclid(12), total.rem_euclid(12) as u32 + 1);
            // The day of the month kept, running over into the next month when it has fewer.
            if let Some(first) = i32::try_from(year).ok().and_then(|y| NaiveDate::from_ymd_opt(y, month, 1)) {
                day = first.checked_add_signed(Duration::days(i64::from(day.day0()))).unwrap_or(first);
            }
        }
        let moved = day.and_time(time).and_utc();
        moved.checked_add_signed(Duration::seconds(self.seconds)).unwrap_or(moved)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(text: &str) -> String {
        // A Tuesday.
        let now = absolute("2026-12-01T23:29:56Z").expect("now");
        parse(text, now).map_or("invalid".to_string(), |d| d.format("%F %T").to_string())
    }

    #[test]
    fn relative_items_read_as_gnu_reads_them() {
        assert_eq!(at("2024-01-31 +1 month"), "2024-03-02 00:00:00");
        assert_eq!(at("2024-03-15 10:00:00 1 day ago"), "2024-03-14 10:00:00");
        assert_eq!(at("2024-03-15 -2 weeks"), "2024-03-01 00:00:00");
        assert_eq!(at("2024-03-15 next year"), "2025-03-15 00:00:00");
        assert_eq!(at("2024-03-15 last month"), "2024-02-15 00:00:00");
        assert_eq!(at("2024-03-15 3 hours"), "2024-03-15 03:00:00");
        assert_eq!(at("2024-03-12 monday"), "2024-03-12 00:00:00");
        assert_eq!(at("2024-03-12 12:30"), "2024-03-12 12:30:00");
        assert_eq!(at("2024-03-12T12:30:00Z 1 sec ago"), "2024-03-12 12:29:59");
        assert_eq!(at("2024-03-12 +1 fortnight"), "2024-03-26 00:00:00");
        assert_eq!(at("monday"), "2026-12-07 00:00:00");
        assert_eq!(at("next monday"), "2026-12-07 00:00:00");
        assert_eq!(at("last monday"), "2026-11-30 00:00:00");
        assert_eq!(at("tuesday"), "2026-12-01 00:00:00");
        assert_eq!(at("next tuesday"), "2026-12-08 00:00:00");
        assert_eq!(at("last tuesday"), "2026-11-24 00:00:00");
        assert_eq!(at("1 day ago"), "2026-11-30 23:29:56");
        assert_eq!(at("yesterday"), "2026-11-30 23:29:56");
        assert_eq!(at("2 days"), "2026-12-03 23:29:56");
        assert_eq!(at("next week"), "2026-12-08 23:29:56");
        assert_eq!(at("friday 10:00"), "2026-12-04 10:00:00");
        assert_eq!(at("10:00 tomorrow"), "2026-12-02 10:00:00");
        assert_eq!(at("noon"), "invalid");
        assert_eq!(at("3 parsecs ago"), "invalid");
    }
}
