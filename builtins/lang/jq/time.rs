//! `__jq_timegm($who)`: the seconds since the epoch of a broken-down time as jq 1.8's
//! `mktime` (and `strftime` of an array) takes one: the first 8 fields of an array, a missing
//! one 0 (the year 1900), each cut to an integer, carried over as C's `timegm` carries them
//! (month 12 is January of the next year, day 0 the last of the month before). jaq's own
//! `mktime` refuses a partial time (`[2024,8,21]`) and a field out of its range.
//!
//! `__jq_strptime_fields($f)`: the broken-down time of a text that names only part of one
//! (`"10:30" | strptime("%H:%M")`, `"2024-03" | strptime("%Y-%m")`), which jaq's `strptime`
//! refuses, as jq 1.8 gives it from the C library's `strptime`: the fields not named are 0 (the
//! year 1900, not carried over: day 0 stays 0), the weekday and day of the year as named, else
//! computed when a date field was named, else jq's markers 8 and 367. An offset is read with
//! or without its colon (`+01:00`), as glibc's `%z` reads it, and `%c`, `%r`, `%x`, `%X` as
//! the C locale's forms.
//!
//! `__jq_strftime_utc($f)`: jaq's `strftime` of the seconds since the epoch, with `%Z` spelt
//! `GMT`, the name the C library gives the zone of `gmtime`'s time, where jaq's says `UTC`.

use jaq_core::DataT;
use jaq_core::native::{Fun, bome, run, v};
use jaq_json::Val;

/// The seconds `fields` (year, month from 0, day, hours, minutes, seconds) name, in UTC.
fn seconds(fields: [i64; 6]) -> i64 {
    let [year, month, day, hours, minutes, secs] = fields;
    let year = year + month.div_euclid(12);
    let month = month.rem_euclid(12) + 1;
    // Days from the civil date (H. Hinnant's algorithm), counted from 1970-01-01.
    let y = if month <= 2 { year - 1 } else { year };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let doy = (153 * (if month > 2 { month - 3 } else { month + 9 }) + 2) / 5 + day - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    let days = era * 146_097 + doe - 719_468;
    days * 86_400 + hours * 3_600 + minutes * 60 + secs
}

fn timegm(value: &Val, who: &Val) -> Result<Val, jaq_core::Error<Val>> {
    let refuse = || {
        let who = match who {
            Val::TStr(text) => toolsh_bytes::lossy(text).into_owned(),
            other => other.to_string(),
        };
        jaq_core::Error::new(Val::from(format!("{who} requires parsed datetime inputs")))
    };
    let Val::Arr(items) = value else { return Err(refuse()) };
    // As jq's `jv2tm`: a C int each (the year less 1900), so the sums below cannot overflow.
    let mut fields = [1900i64, 0, 0, 0, 0, 0];
    for (at, item) in items.iter().take(8).enumerate() {
        let x = match item {
            Val::Num(_) => jaq_std::ValT::as_f64(item).filter(|x| !x.is_nan()),
            _ => None,
        };
        let x = x.ok_or_else(refuse)?;
        let x = if at == 0 { x - 1900.0 } else { x };
        let x = x.clamp(f64::from(i32::MIN), f64::from(i32::MAX)) as i64;
        if let Some(field) = fields.get_mut(at) {
            *field = if at == 0 { x + 1900 } else { x };
        }
    }
    Ok(Val::from(seconds(fields) as isize))
}

/// The broken-down time `text` names by `format`, missing fields and all (see the module doc).
fn strptime_fields(text: &str, format: &str) -> Result<Val, jaq_core::Error<Val>> {
    use jiff::fmt::strtime::BrokenDownTime;
    let format = c_locale(format);
    let parsed = BrokenDownTime::parse(&format, text).or_else(|error| match format.contains("%z") {
        true => BrokenDownTime::parse(format.replace("%z", "%:z"), text).map_err(|_| error),
        false => Err(error),
    });
    let time = parsed.map_err(|error| jaq_core::Error::new(Val::from(error.to_string())))?;
    let year = time.year().map_or(1900, i64::from);
    // glibc works out the weekday and day of the year only once a date field is named (a day
    // of the year alone is not one), and a day of the year the month and day with a date.
    let dated = time.year().is_some() || time.month().is_some() || time.day().is_some();
    let (mut month, mut day) = (time.month().map_or(0, |m| i64::from(m) - 1), time.day().map_or(0, i64::from));
    let yday = time.day_of_year().map(|yday| i64::from(yday) - 1);
    if let (true, Some(yday)) = (dated && (time.month().is_none() || time.day().is_none()), yday) {
        (_, month, day) = civil(seconds([year, 0, yday + 1, 0, 0, 0]));
    }
    let (hour, minute) = (time.hour().map_or(0, i64::from), time.minute().map_or(0, i64::from));
    let second = time.second().map_or(0, i64::from);
    let at = seconds([year, month, day, 0, 0, 0]);
    let wday = match time.weekday() {
        Some(weekday) => i64::from(weekday.to_sunday_zero_offset()),
        None if dated => (at.div_euclid(86_400) + 4).rem_euclid(7),
        None => 8,
    };
    let yday = match yday {
        Some(yday) => yday,
        None if dated => (at - seconds([year, 0, 1, 0, 0, 0])).div_euclid(86_400),
        None => 367,
    };
    let second = match time.subsec_nanosecond().filter(|&n| n > 0) {
        Some(nanos) => Val::from(second as f64 + f64::from(nanos) / 1e9),
        None => Val::from(second as isize),
    };
    let fields = [year, month, day, hour, minute].map(|x| Val::from(x as isize));
    let [year, month, day, hour, minute] = fields;
    Ok([year, month, day, hour, minute, second, Val::from(wday as isize), Val::from(yday as isize)]
        .into_iter()
        .collect())
}

/// The year, month from 0 and day of the month of the day holding `at` (seconds since the
/// epoch), by H. Hinnant's algorithm (the inverse of [`seconds`]).
fn civil(at: i64) -> (i64, i64, i64) {
    let z = at.div_euclid(86_400) + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 2 } else { mp - 10 };
    let year = yoe + era * 400 + i64::from(month < 2);
    (year, month, day)
}

/// The seconds since the epoch `at` (a number) formatted in UTC as jaq's `strftime` does it,
/// but with `%Z` spelt `GMT`.
fn strftime_utc(at: &Val, format: &str) -> Result<Val, jaq_core::Error<Val>> {
    let fail = |error: jiff::Error| jaq_core::Error::new(Val::from(error.to_string()));
    let micros = match at {
        Val::Num(jaq_json::Num::Int(seconds)) => (*seconds as i64).saturating_mul(1_000_000),
        Val::Num(_) => (jaq_std::ValT::as_f64(at).unwrap_or(f64::NAN) * 1e6) as i64,
        _ => return Err(jaq_core::Error::new(Val::from("strftime/1 requires parsed datetime inputs".to_string()))),
    };
    let zoned = jiff::Timestamp::from_microsecond(micros).map_err(fail)?.to_zoned(jiff::tz::TimeZone::UTC);
    let format = if format.contains("%Z") { std::borrow::Cow::Owned(gmt_zone(format)) } else { format.into() };
    jiff::fmt::strtime::format(format.as_bytes(), &zoned).map(Val::from).map_err(fail)
}

/// `format` with each `%Z` (not `%%Z`) as `GMT`.
fn gmt_zone(format: &str) -> String {
    spelt(format, |c| (c == 'Z').then_some("GMT"))
}

/// `format` with the conversions that name the locale's forms (`%c`, `%r`, `%x`, `%X`, which
/// jiff refuses to read) spelt out as the C locale's, which is jq's.
fn c_locale(format: &str) -> String {
    spelt(format, |c| match c {
        'c' => Some("%a %b %e %H:%M:%S %Y"),
        'r' => Some("%I:%M:%S %p"),
        'x' => Some("%m/%d/%y"),
        'X' => Some("%H:%M:%S"),
        _ => None,
    })
}

/// `format` with each conversion `%C` that `spell` gives text for replaced by it.
fn spelt(format: &str, spell: impl Fn(char) -> Option<&'static str>) -> String {
    let mut out = String::with_capacity(format.len());
    let mut chars = format.chars();
    while let Some(c) = chars.next() {
        if c != '%' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some(next) if let Some(text) = spell(next) => out.push_str(text),
            Some(next) => {
                out.push('%');
                out.push(next);
            }
            None => out.push('%'),
        }
    }
    out
}

/// The seconds since the epoch `at` in the zone a `TZ` value names
/// ([`crate::text::zone::Zone`]; UTC for `null`) — or, when `wall`, the time whose wall clock
/// there reads as `at` does in UTC (a broken-down time, which is local time).
fn zoned(at: &Val, tz: &Val, wall: bool) -> Result<jiff::Zoned, jaq_core::Error<Val>> {
    let fail = |error: jiff::Error| jaq_core::Error::new(Val::from(error.to_string()));
    let micros = match at {
        Val::Num(jaq_json::Num::Int(seconds)) => (*seconds as i64).saturating_mul(1_000_000),
        Val::Num(_) => (jaq_std::ValT::as_f64(at).unwrap_or(f64::NAN) * 1e6) as i64,
        _ => return Err(jaq_core::Error::new(Val::from("localtime() requires numeric inputs".to_string()))),
    };
    let zone = crate::text::zone::Zone::named(text_of(tz).as_deref()).time_zone();
    let at = jiff::Timestamp::from_microsecond(micros).map_err(fail)?;
    if wall {
        return at.to_zoned(jiff::tz::TimeZone::UTC).datetime().to_zoned(zone).map_err(fail);
    }
    Ok(at.to_zoned(zone))
}

/// jq's broken-down time of `zoned`: year, month from 0, day, hours, minutes, seconds (with
/// their fraction), weekday from Sunday, day of the year from 0.
fn broken_down(zoned: &jiff::Zoned) -> Val {
    let nanos = zoned.subsec_nanosecond();
    let second = match nanos {
        0 => Val::from(zoned.second() as isize),
        _ => Val::from(f64::from(zoned.second()) + f64::from(nanos) / 1e9),
    };
    let int = |x: i64| Val::from(x as isize);
    [
        int(i64::from(zoned.year())),
        int(i64::from(zoned.month()) - 1),
        int(i64::from(zoned.day())),
        int(i64::from(zoned.hour())),
        int(i64::from(zoned.minute())),
        second,
        int(i64::from(zoned.weekday().to_sunday_zero_offset())),
        int(i64::from(zoned.day_of_year()) - 1),
    ]
    .into_iter()
    .collect()
}

fn text_of(value: &Val) -> Option<String> {
    match value {
        Val::TStr(text) | Val::BStr(text) => Some(toolsh_bytes::lossy(text).into_owned()),
        _ => None,
    }
}

pub fn natives<D: for<'a> DataT<V<'a> = Val>>() -> impl Iterator<Item = Fun<D>> {
    [
        run(("__jq_timegm", v(1), |mut cv| {
            let who = cv.0.pop_var();
            bome(timegm(&cv.1, &who))
        })),
        run(("__jq_strptime_fields", v(1), |mut cv| {
            let format = cv.0.pop_var();
            let parsed = match (text_of(&cv.1), text_of(&format)) {
                (Some(text), Some(format)) => strptime_fields(&text, &format),
                _ => {
                    Err(jaq_core::Error::new(Val::from("strptime/1 requires string inputs and arguments".to_string())))
                }
            };
            bome(parsed)
        })),
        // `localtime` and `strflocaltime` in the zone `$tz` names (jq passes `$ENV.TZ`): the
        // session's `TZ`, where jaq's own read the process's.
        run(("__jq_localtime", v(1), |mut cv| {
            let tz = cv.0.pop_var();
            bome(zoned(&cv.1, &tz, false).map(|zoned| broken_down(&zoned)))
        })),
        run(("__jq_strflocaltime", v(3), |mut cv| {
            let wall = cv.0.pop_var();
            let tz = cv.0.pop_var();
            let format = cv.0.pop_var();
            let fail = |error: jiff::Error| jaq_core::Error::new(Val::from(error.to_string()));
            bome(match text_of(&format) {
                Some(format) => zoned(&cv.1, &tz, wall == Val::from(true)).and_then(|zoned| {
                    jiff::fmt::strtime::format(c_locale(&format).as_bytes(), &zoned).map(Val::from).map_err(fail)
                }),
                None => Err(jaq_core::Error::new(Val::from("strflocaltime/1 requires a string format".to_string()))),
            })
        })),
        run(("__jq_strftime_utc", v(1), |mut cv| {
            let format = cv.0.pop_var();
            bome(match text_of(&format) {
                Some(format) => strftime_utc(&cv.1, &format),
                None => Err(jaq_core::Error::new(Val::from("strftime/1 requires a string format".to_string()))),
            })
        })),
    ]
    .into_iter()
}

#[cfg(test)]
mod tests {
    use super::{c_locale, civil, gmt_zone, seconds};

    #[test]
    fn civil_dates_round_trip() {
        assert_eq!(civil(seconds([2024, 2, 0, 0, 0, 0])), (2024, 1, 29));
        assert_eq!(civil(0), (1970, 0, 1));
        assert_eq!(civil(seconds([1900, 0, 0, 0, 0, 0])), (1899, 11, 31));
    }

    #[test]
    fn zone_is_gmt() {
        assert_eq!(gmt_zone("%H %Z %%Z %"), "%H GMT %%Z %");
        assert_eq!(c_locale("%r|%%r|%X"), "%I:%M:%S %p|%%r|%H:%M:%S");
    }

    #[test]
    fn carries_fields_as_timegm() {
        assert_eq!(seconds([2024, 8, 21, 0, 0, 0]), 1_726_876_800);
        assert_eq!(seconds([1970, 0, 1, 0, 0, 0]), 0);
        // Month 13 is February of the next year; day 40 of it is in March.
        assert_eq!(seconds([2024, 13, 40, 0, 0, 0]), 1_741_737_600);
        // A missing day is day 0: the last of the month before.
        assert_eq!(seconds([1900, 0, 0, 0, 0, 0]), -2_209_075_200);
    }
}
