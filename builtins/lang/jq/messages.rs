//! jaq's error messages in jq's words, where a filter sees them (`catch`, through the
//! `__jq_message` native the rewrite puts before every handler) and where the command prints
//! them: `cannot use 5 as iterable (array or object)` is jq's `Cannot iterate over number
//! (5)`, `cannot calculate "x" + 1` is `string ("x") and number (1) cannot be added`, and
//! `cannot index 0 with "b"` is `Cannot index number with string ("b")`, `cannot use "x" as
//! number` is `string ("x") number required`. A message of any
//! other shape (an `error("…")` of the filter's own) passes unchanged.

use super::paths::{kind, shown, shown_index};
use jaq_core::DataT;
use jaq_core::native::{Fun, bome, run, v};
use jaq_json::Val;

fn json(text: &str) -> Option<Val> {
    jaq_json::read::parse_single(text.as_bytes()).ok()
}

/// `a` and `b` of a text `A SEP B` where both are JSON (a value's text may hold `SEP`).
fn pair(text: &str, sep: &str) -> Option<(Val, Val)> {
    text.match_indices(sep).find_map(|(at, _)| Some((json(&text[..at])?, json(&text[at + sep.len()..])?)))
}

/// jq's words for jaq's message `text`, or `None` when it is not one of jaq's.
pub fn translate(text: &str) -> Option<String> {
    if let Some(rest) = text.strip_prefix("cannot use ") {
        let (value, what) = rest.rsplit_once(" as ")?;
        let value = json(value)?;
        return match what {
            "iterable (array or object)" => Some(format!("Cannot iterate over {} ({})", kind(&value), shown(&value))),
            "number" => Some(format!("{} ({}) number required", kind(&value), shown(&value))),
            _ => None,
        };
    }
    if let Some(value) = text.strip_suffix(" has no length") {
        let value = json(value)?;
        return Some(format!("{} ({}) has no length", kind(&value), shown(&value)));
    }
    if let Some(rest) = text.strip_prefix("cannot index ") {
        let (value, key) = pair(rest, " with ")?;
        return Some(format!("Cannot index {} with {} ({})", kind(&value), kind(&key), shown_index(&key)));
    }
    if let Some(rest) = text.strip_prefix("cannot calculate ") {
        for (op, verb) in [
            (" + ", "added"),
            (" - ", "subtracted"),
            (" * ", "multiplied"),
            (" / ", "divided"),
            (" % ", "divided (remainder)"),
        ] {
            if let Some((l, r)) = pair(rest, op) {
                return Some(format!("{} ({}) and {} ({}) cannot be {verb}", kind(&l), shown(&l), kind(&r), shown(&r)));
            }
        }
    }
    None
}

/// An error value in jq's words (a string of jaq's shape translated, anything else as is).
pub fn in_jq_words(value: Val) -> Val {
    match &value {
        Val::TStr(text) => match translate(&toolsh_bytes::lossy(text)) {
            Some(said) => Val::from(said),
            None => value,
        },
        _ => value,
    }
}

/// `__jq_message`: the input error value in jq's words.
pub fn native<D: for<'a> DataT<V<'a> = Val>>() -> Fun<D> {
    run(("__jq_message", v(0), |cv| bome(Ok(in_jq_words(cv.1)))))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn says_what_jq_says() {
        let t = |text: &str| translate(text).unwrap_or_else(|| format!("untranslated: {text}"));
        assert_eq!(t("cannot use 123 as iterable (array or object)"), "Cannot iterate over number (123)");
        assert_eq!(t(r#"cannot calculate "x" + 1"#), r#"string ("x") and number (1) cannot be added"#);
        assert_eq!(t(r#"cannot calculate "a - b" - "c""#), r#"string ("a - b") and string ("c") cannot be subtracted"#);
        assert_eq!(t(r#"cannot index 0 with "b""#), r#"Cannot index number with string ("b")"#);
        assert_eq!(t(r#"cannot use "x" as number"#), r#"string ("x") number required"#);
        assert_eq!(t("true has no length"), "boolean (true) has no length");
        assert_eq!(translate("my own error"), None);
    }
}
