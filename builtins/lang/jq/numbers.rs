//! jq 1.8's math where jaq's differs. jq computes in doubles: `floor`, `ceil` and `round` of
//! an integer past 2^53 give the double it rounds to (`9007199254740993 | floor` is
//! 9007199254740992; jaq kept the integer, and printed a huge double's every digit),
//! and `significand` of 0 is 0 (jaq's gave `0.0`). `input_line_number` is the line the
//! input has been read to, as jq counts it.

use super::paths::{EXACT, describe, number};
use jaq_core::native::{Fun, v};
use jaq_core::{Error, Exn, Native, ValX};
use jaq_json::{Num, Val};

thread_local! {
    /// The lines read of the current input file when its last value was taken (what
    /// `input_line_number` gives); kept only when the filter names it.
    static LINE: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// Sets what `input_line_number` gives.
pub fn set_line(line: usize) {
    LINE.with(|l| l.set(line));
}

/// A double as jq holds it: an integral one within 2^53 as an integer (so it indexes and
/// counts as jaq's integers do), anything else as the double (`-0` stays `-0`).
fn double(x: f64) -> Val {
    let integral = x.is_finite() && x.fract() == 0.0 && x.abs() <= EXACT as f64;
    if integral && !(x == 0.0 && x.is_sign_negative()) { Val::from(x as isize) } else { Val::Num(Num::Float(x)) }
}

/// `op` of a number, in doubles; an integer within 2^53 (exact as a double) is its own
/// result when `op` keeps integers.
fn of_number(value: Val, op: fn(f64) -> f64, keeps_integers: bool) -> ValX<'static, Val> {
    if keeps_integers
        && let Val::Num(Num::Int(i)) = value
        && i.unsigned_abs() <= EXACT
    {
        return Ok(value);
    }
    match number(&value) {
        Some(x) => Ok(double(op(x))),
        None => Err(Exn::from(Error::new(Val::from(format!("{} number required", describe(&value)))))),
    }
}

/// C's `significand`: the mantissa scaled into [1, 2), the number itself when 0, infinite or
/// NaN.
fn significand(x: f64) -> f64 {
    if x == 0.0 || !x.is_finite() {
        return x;
    }
    // A subnormal is scaled into the normal range first (2^54), which leaves its mantissa.
    let x = if x.is_subnormal() { x * f64::from_bits((1023 + 54) << 52) } else { x };
    const EXPONENT: u64 = 0x7ff << 52;
    f64::from_bits((x.to_bits() & !EXPONENT) | (1023 << 52))
}

/// The natives behind `floor`, `ceil`, `round`, `significand` and `input_line_number`.
pub fn natives<D: for<'a> jaq_core::DataT<V<'a> = Val>>() -> Vec<Fun<D>> {
    vec![
        ("__jq_floor", v(0), Native::new(|cv| Box::new(std::iter::once(of_number(cv.1, f64::floor, true))))),
        ("__jq_ceil", v(0), Native::new(|cv| Box::new(std::iter::once(of_number(cv.1, f64::ceil, true))))),
        // C's `round`: halves away from zero, as Rust's.
        ("__jq_round", v(0), Native::new(|cv| Box::new(std::iter::once(of_number(cv.1, f64::round, true))))),
        ("__jq_significand", v(0), Native::new(|cv| Box::new(std::iter::once(of_number(cv.1, significand, false))))),
        (
            "input_line_number",
            v(0),
            Native::new(|_| Box::new(std::iter::once(Ok(Val::from(LINE.with(std::cell::Cell::get) as isize))))),
        ),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn significand_is_c_s() {
        assert_eq!(significand(5.0), 1.25);
        assert_eq!(significand(-2.5), -1.25);
        assert_eq!(significand(1e-320), 1.9765625);
        assert_eq!(significand(0.0), 0.0);
        assert!(significand(f64::NAN).is_nan());
    }

    #[test]
    fn doubles_past_2_53_stay_doubles() {
        assert!(matches!(double(9007199254740992.0), Val::Num(Num::Int(_))));
        assert!(matches!(double(18014398509481984.0), Val::Num(Num::Float(_))));
        assert!(matches!(double(-0.0), Val::Num(Num::Float(_))));
        assert!(matches!(double(2.5), Val::Num(Num::Float(_))));
    }
}
