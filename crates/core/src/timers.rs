//! Timers: when an `at` job or a crontab entry is due. `at`'s times (`now + 10 minutes`,
//! `14:30 tomorrow`, `noon`, `2026-12-24 18:00`, `-t 202612241800`) and crontab lines (five
//! fields, or six with seconds first; `@hourly`-style nicknames; names of months and days),
//! parsed into the instants the store keeps, in UTC. `toolsh serve` fires them.

use chrono::{DateTime, Datelike, Duration, NaiveDate, NaiveTime, TimeZone, Timelike, Utc};
use croner::Cron;
use croner::parser::{CronParser, Year};

/// The kind of a timer, as the store keeps it.
pub const AT: &str = "at";
/// See [`AT`].
pub const CRON: &str = "cron";

/// Milliseconds since the epoch of `time`.
pub fn millis(time: DateTime<Utc>) -> i64 {
    time.timestamp_millis()
}

/// `time` as `at` and `atq` show it: `Wed Dec  2 08:10:00 2026`.
pub fn shown(ms: i64) -> String {
    Utc.timestamp_millis_opt(ms)
        .single()
        .map_or_else(|| ms.to_string(), |t| t.format("%a %b %e %H:%M:%S %Y").to_string())
}

/// The instant `at` is given, or "Garbled time" (at's words).
pub fn parse_at(spec: &str, now: DateTime<Utc>) -> Result<DateTime<Utc>, String> {
    let garbled = || "Garbled time".to_string();
    let words: Vec<String> = spec.split_whitespace().map(str::to_lowercase).collect();
    let words: Vec<&str> = words.iter().map(String::as_str).collect();
    // `now`, `now + N unit` (also `now +N unit`, `now + Nunit`).
    if words.first() == Some(&"now") {
        let rest = words[1..].join(" ");
        let rest = rest.trim();
        if rest.is_empty() {
            return Ok(now);
        }
        let rest = rest.strip_prefix('+').ok_or_else(garbled)?.trim();
        let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
        let count: i64 = digits.parse().map_err(|_| garbled())?;
        let unit = rest[digits.len()..].trim();
        let step = match unit.trim_end_matches('s') {
            "second" | "sec" => Duration::seconds(1),
            "minute" | "min" => Duration::minutes(1),
            "hour" => Duration::hours(1),
            "day" => Duration::days(1),
            "week" => Duration::weeks(1),
            _ => return Err(garbled()),
        };
        return step
            .checked_mul(i32::try_from(count).map_err(|_| garbled())?)
            .and_then(|d| now.checked_add_signed(d))
            .ok_or_else(garbled);
    }
    // A time of day, then optionally `today`, `tomorrow` or a date.
    let (clock, rest) = words.split_first().ok_or_else(garbled)?;
    let (clock, rest): (NaiveTime, &[&str]) = match *clock {
        "noon" => (NaiveTime::from_hms_opt(12, 0, 0).ok_or_else(garbled)?, rest),
        "midnight" => (NaiveTime::MIN, rest),
        "teatime" => (NaiveTime::from_hms_opt(16, 0, 0).ok_or_else(garbled)?, rest),
        other if other.contains('-') => {
            // `YYYY-MM-DD HH:MM`
            let date = NaiveDate::parse_from_str(other, "%Y-%m-%d").map_err(|_| garbled())?;
            let time = rest.first().map_or(Ok(NaiveTime::MIN), |t| time_of_day(t, None)).map_err(|_| garbled())?;
            if rest.len() > 1 {
                return Err(garbled());
            }
            return Ok(Utc.from_utc_datetime(&date.and_time(time)));
        }
        other => {
            let (meridiem, rest) = match rest.first() {
                Some(&m) if m == "am" || m == "pm" => (Some(m), &rest[1..]),
                _ => (None, rest),
            };
            (time_of_day(other, meridiem)?, rest)
        }
    };
    let date = match rest {
        [] => {
            let today = now.date_naive();
            if today.and_time(clock) > now.naive_utc() { today } else { today.succ_opt().ok_or_else(garbled)? }
        }
        ["today"] => now.date_naive(),
        ["tomorrow"] => now.date_naive().succ_opt().ok_or_else(garbled)?,
        [date] => NaiveDate::parse_from_str(date, "%Y-%m-%d").map_err(|_| garbled())?,
        _ => return Err(garbled()),
    };
    Ok(Utc.from_utc_datetime(&date.and_time(clock)))
}

/// `HH:MM`, `HHMM`, `H` (with `am`/`pm` a 12-hour clock; `14:30pm` is garbled).
fn time_of_day(text: &str, meridiem: Option<&str>) -> Result<NaiveTime, String> {
    let garbled = || "Garbled time".to_string();
    let (text, meridiem) = match (text.strip_suffix("am").or(text.strip_suffix("pm")), meridiem) {
        (Some(bare), None) => (bare, Some(&text[text.len() - 2..])),
        _ => (text, meridiem),
    };
    let (text, second): (&str, u32) = match text.matches(':').count() {
        2 => text.rsplit_once(':').map_or((text, 0), |(hm, s)| (hm, s.parse().unwrap_or(60))),
        _ => (text, 0),
    };
    let (hour, minute): (u32, u32) = match text.split_once(':') {
        Some((h, m)) => (h.parse().map_err(|_| garbled())?, m.parse().map_err(|_| garbled())?),
        None if text.len() > 2 => {
            let number: u32 = text.parse().map_err(|_| garbled())?;
            (number / 100, number % 100)
        }
        None => (text.parse().map_err(|_| garbled())?, 0),
    };
    let hour = match meridiem {
        None => hour,
        Some(_) if hour == 0 || hour > 12 => return Err(garbled()),
        Some("am") => hour % 12,
        Some(_) => hour % 12 + 12,
    };
    NaiveTime::from_hms_opt(hour, minute, second).ok_or_else(garbled)
}

/// `at -t [[CC]YY]MMDDhhmm[.ss]`.
pub fn parse_touch_time(spec: &str, now: DateTime<Utc>) -> Result<DateTime<Utc>, String> {
    let garbled = || "Garbled time".to_string();
    let (main, secs) = spec.split_once('.').map_or((spec, "0"), |(m, s)| (m, s));
    if !main.bytes().all(|b| b.is_ascii_digit()) || !secs.bytes().all(|b| b.is_ascii_digit()) {
        return Err(garbled());
    }
    let full = match main.len() {
        8 => format!("{}{main}", now.year()),
        10 => format!("{}{main}", now.year() / 100),
        12 => main.to_string(),
        _ => return Err(garbled()),
    };
    let secs: u32 = secs.parse().map_err(|_| garbled())?;
    let naive = chrono::NaiveDateTime::parse_from_str(&full, "%Y%m%d%H%M").map_err(|_| garbled())?;
    naive.with_second(secs).map(|n| Utc.from_utc_datetime(&n)).ok_or_else(garbled)
}

/// One entry of a crontab: its schedule's text, the schedule, and its command.
#[derive(Debug, Clone)]
pub struct Entry {
    /// The schedule as written (`*/5 * * * *`, `@daily`).
    pub schedule: String,
    /// Its command, with the variables the crontab set before it exported.
    pub command: String,
}

/// The end of the first line of an `at` job that holds the exported variables of the line that
/// scheduled it (as real `at` writes them into its job); shown commands leave that line out.
pub const ENV_MARK: &str = "# the scheduling line's environment";

/// `command` as shown to people: without the environment line `at` put before it.
pub fn shown_command(command: &str) -> &str {
    match command.split_once('\n') {
        Some((first, rest)) if first.ends_with(ENV_MARK) => rest,
        _ => command,
    }
}

/// The schedule of `text` (five fields, or six with seconds first, or a nickname).
pub fn schedule(text: &str) -> Result<Cron, String> {
    if text.trim().eq_ignore_ascii_case("@reboot") {
        return Err("@reboot is not supported (nothing boots here)".to_string());
    }
    CronParser::builder().year(Year::Disallowed).build().parse(text).map_err(|err| err.to_string())
}

/// The first instant after `ms` that `schedule` names.
pub fn next_after(schedule: &Cron, ms: i64) -> Option<i64> {
    let after = Utc.timestamp_millis_opt(ms).single()?;
    schedule.find_next_occurrence(&after, false).ok().map(millis)
}

/// The entries of a crontab, or its errors as crontab words them (`"-":3: bad minute`):
/// comments and blank lines skipped, `NAME=value` lines exported to the entries after them.
pub fn parse_crontab(text: &str, source: &str) -> Result<Vec<Entry>, String> {
    let mut entries = Vec::new();
    let mut env = String::new();
    let mut errors = Vec::new();
    // Lines are numbered as their writer wrote them, without the environment line.
    let shift = usize::from(text.lines().next().is_some_and(|first| first.trim().ends_with(ENV_MARK)));
    for (number, line) in text.lines().enumerate() {
        let number = number.saturating_sub(shift);
        let line = line.trim();
        // The scheduling line's environment (`crontab` puts it first): before every entry.
        if shift == 1
            && env.is_empty()
            && let Some(exports) = line.strip_suffix(ENV_MARK)
        {
            env.push_str(exports);
            continue;
        }
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let words: Vec<&str> = line.split_whitespace().collect();
        if let Some((name, _)) = words[0].split_once('=')
            && crate::vars::is_name(name)
        {
            env.push_str(&format!("export {line}; "));
            continue;
        }
        let fields = if line.starts_with('@') { 1 } else { count_fields(&words) };
        let schedule_text = words[..fields.min(words.len())].join(" ");
        let command = after_words(line, fields);
        if command.is_empty() {
            errors.push(format!("\"{source}\":{}: bad command", number + 1));
            continue;
        }
        match schedule(&schedule_text) {
            Ok(_) => entries.push(Entry { schedule: schedule_text, command: format!("{env}{command}") }),
            Err(why) => errors.push(format!("\"{source}\":{}: bad schedule '{schedule_text}': {why}", number + 1)),
        }
    }
    if errors.is_empty() { Ok(entries) } else { Err(errors.join("\n")) }
}

/// Five schedule fields, or six when the sixth looks like a field too (seconds first).
fn count_fields(words: &[&str]) -> usize {
    let field = |w: &str| {
        w.chars().all(|c| c.is_ascii_alphanumeric() || "*/,-?LW#".contains(c))
            && w.chars().any(|c| c.is_ascii_digit() || c == '*' || c == '?')
    };
    if words.len() > 6 && field(words[5]) { 6 } else { 5 }
}

/// `line` past its first `count` words, as written.
fn after_words(line: &str, count: usize) -> String {
    let mut rest = line.trim_start();
    for _ in 0..count {
        rest = rest.trim_start();
        let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
        rest = &rest[end..];
    }
    rest.trim().to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(spec: &str) -> Result<String, String> {
        let now = Utc.with_ymd_and_hms(2026, 12, 2, 8, 30, 0).single().expect("now");
        parse_at(spec, now).map(|t| t.format("%Y-%m-%d %H:%M:%S").to_string())
    }

    #[test]
    fn at_reads_the_times_people_write() {
        assert_eq!(at("now").as_deref(), Ok("2026-12-02 08:30:00"));
        assert_eq!(at("now + 10 minutes").as_deref(), Ok("2026-12-02 08:40:00"));
        assert_eq!(at("now +2 hours").as_deref(), Ok("2026-12-02 10:30:00"));
        assert_eq!(at("now + 1 week").as_deref(), Ok("2026-12-09 08:30:00"));
        assert_eq!(at("14:00").as_deref(), Ok("2026-12-02 14:00:00"));
        assert_eq!(at("08:00").as_deref(), Ok("2026-12-03 08:00:00"), "past today: tomorrow");
        assert_eq!(at("9am tomorrow").as_deref(), Ok("2026-12-03 09:00:00"));
        assert_eq!(at("noon").as_deref(), Ok("2026-12-02 12:00:00"));
        assert_eq!(at("2026-12-24 18:00").as_deref(), Ok("2026-12-24 18:00:00"));
        assert_eq!(at("1730").as_deref(), Ok("2026-12-02 17:30:00"));
        assert_eq!(at("2026-12-24 18:00:30").as_deref(), Ok("2026-12-24 18:00:30"));
        for bad in ["later", "now + ten minutes", "now - 1 hour", "25:00", "13pm", "now + 1 fortnight", ""] {
            assert_eq!(at(bad), Err("Garbled time".to_string()), "{bad}");
        }
        let now = Utc.with_ymd_and_hms(2026, 12, 2, 8, 30, 0).single().expect("now");
        assert_eq!(parse_touch_time("12241800", now).map(|t| t.to_rfc3339()), Ok("2026-12-24T18:00:00+00:00".into()));
    }

    #[test]
    fn crontab_lines_and_their_next_times() {
        let entries = parse_crontab(
            "# comment\nMSG=hi\n*/15 * * * * echo $MSG\n@daily date\n* * * * * * echo each second\n",
            "-",
        )
        .expect("parse");
        assert_eq!(entries.len(), 3);
        assert_eq!(entries[0].schedule, "*/15 * * * *");
        assert_eq!(entries[0].command, "export MSG=hi; echo $MSG");
        assert_eq!(entries[2].schedule, "* * * * * *");
        let base = millis(Utc.with_ymd_and_hms(2026, 12, 2, 8, 31, 0).single().expect("t"));
        let every = schedule(&entries[0].schedule).expect("schedule");
        assert_eq!(next_after(&every, base).map(shown).as_deref(), Some("Wed Dec  2 08:45:00 2026"));
        let second = schedule(&entries[2].schedule).expect("schedule");
        assert_eq!(next_after(&second, base), Some(base + 1000));
        let errors = parse_crontab("61 * * * * x\n* * * * *\n@reboot x\n", "-").expect_err("bad");
        assert!(errors.contains("\"-\":1: bad schedule") && errors.contains("\"-\":2: bad command"), "{errors}");
        assert!(errors.contains("@reboot is not supported"), "{errors}");
    }
}
