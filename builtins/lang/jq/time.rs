//! `__jq_timegm($who)`: the seconds since the epoch of a broken-down time as jq 1.8's
//! `mktime` (and `strftime` of an array) takes one: the first 8 fields of an array, a missing
//! one 0 (the year 1900), each cut to an integer, carried over as C's `timegm` carries them
//! (month 12 is January of the next year, day 0 the last of the month before). jaq's own
//! `mktime` refuses a partial time (`[2024,8,21]`) and a field out of its range.

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

pub fn native<D: for<'a> DataT<V<'a> = Val>>() -> Fun<D> {
    run(("__jq_timegm", v(1), |mut cv| {
        let who = cv.0.pop_var();
        bome(timegm(&cv.1, &who))
    }))
}

#[cfg(test)]
mod tests {
    use super::seconds;

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
