//! JSON input as jq reads it, before jaq-json parses it. jq reads `nan`, `NaN`, `-nan`, `inf`,
//! `Infinity`, `-Infinity` in any case (its numbers go through `strtod`; Python's
//! `json.dumps` writes `NaN` and `Infinity`), which jaq-json reads only as `NaN`, `Infinity`
//! and `±Infinity`; those words are spelled jaq's way here. jaq-json also reads what jq
//! refuses, and toolsh could not print back as JSON: `#` comments, `b"…"` byte strings and
//! object keys that are not strings (`{1:2}`); those are refused here with jq's words.

use std::borrow::Cow;

/// Where and why the input stops being JSON jq reads.
pub struct Fault {
    /// The byte offset of the token at fault (the values before it still count).
    pub at: usize,
    /// The offset jq's message points after.
    pub after: usize,
    /// jq's words.
    pub what: &'static str,
}

/// What a bare word (letters, digits, signs, points) outside a string means to jq: the text
/// jaq-json reads the same way, or `None` when it is no number word (`nan`, `inf`,
/// `infinity` in any case, with a sign).
fn number_word(word: &[u8]) -> Option<&'static [u8]> {
    let (negative, body) = match word.first() {
        Some(b'-') => (true, &word[1..]),
        Some(b'+') => (false, &word[1..]),
        _ => (false, word),
    };
    if body.eq_ignore_ascii_case(b"nan") {
        return Some(b"NaN");
    }
    if body.eq_ignore_ascii_case(b"inf") || body.eq_ignore_ascii_case(b"infinity") {
        return Some(if negative { b"-Infinity" } else { b"Infinity" });
    }
    None
}

/// Where the string whose text starts at `from` ends: past its closing quote, or the end of
/// `data`. Its text is skipped to the next quote or backslash at a time (most of a JSON text
/// is inside strings), an escape and the character after it together.
pub fn string_end(data: &[u8], mut from: usize) -> usize {
    while let Some(found) = data.get(from..).and_then(|rest| memchr::memchr2(b'"', b'\\', rest)) {
        let at = from + found;
        if data[at] == b'"' {
            return at + 1;
        }
        from = at + 2;
    }
    data.len()
}

/// `data` with jq's number words spelled as jaq-json reads them (borrowed when it has none),
/// or where it first holds what jq refuses.
pub fn normalize(data: &[u8]) -> Result<Cow<'_, [u8]>, Fault> {
    let mut out: Option<Vec<u8>> = None;
    let mut copied = 0;
    // One entry per open container: whether it is an object.
    let mut open: Vec<bool> = Vec::new();
    let mut expect_key = false;
    let mut at = 0;
    while at < data.len() {
        let b = data[at];
        match b {
            b'"' => {
                expect_key = false;
                at = string_end(data, at + 1);
                continue;
            }
            b' ' | b'\t' | b'\n' | b'\r' | b':' => {}
            b'}' | b']' => {
                open.pop();
                expect_key = false;
            }
            // A single-quoted string is a token jq's lexer reads to the next delimiter and
            // then refuses, key or value.
            b'\'' => {
                let len = data[at..]
                    .iter()
                    .position(|c| c.is_ascii_whitespace() || b"[]{},:\"".contains(c))
                    .unwrap_or(data.len() - at);
                let after = (at + len + 1).min(data.len());
                return Err(Fault { at, after, what: "Invalid string literal; expected \", but got '" });
            }
            _ if expect_key => {
                let colon = memchr::memchr(b':', &data[at..]).map_or(data.len(), |i| at + i + 1);
                return Err(Fault { at, after: colon, what: "Object keys must be strings" });
            }
            b'{' => {
                open.push(true);
                expect_key = true;
            }
            b'[' => open.push(false),
            b',' => expect_key = open.last() == Some(&true),
            _ => {
                // A token runs to the next delimiter, as jq's lexer reads it.
                let len = data[at..]
                    .iter()
                    .position(|c| c.is_ascii_whitespace() || b"[]{},:\"".contains(c))
                    .unwrap_or(data.len() - at);
                let word = &data[at..at + len];
                let numeric = word.first().is_some_and(|c| c.is_ascii_digit() || matches!(c, b'.' | b'-' | b'+'))
                    && !word.iter().any(|c| c.is_ascii_alphabetic() && !matches!(c, b'e' | b'E'));
                if !numeric && !matches!(word, b"null" | b"true" | b"false") {
                    // jq names the place past the delimiter that ended the token.
                    let after = (at + len + 1).min(data.len());
                    let Some(spelled) = number_word(word) else {
                        // jq says so when no delimiter ended the token.
                        let what = if at + len == data.len() {
                            "Invalid numeric literal at EOF"
                        } else {
                            "Invalid numeric literal"
                        };
                        return Err(Fault { at, after, what });
                    };
                    if spelled != word {
                        let buf = out.get_or_insert_with(|| Vec::with_capacity(data.len() + 16));
                        buf.extend_from_slice(&data[copied..at]);
                        buf.extend_from_slice(spelled);
                        copied = at + len;
                    }
                }
                at += len.max(1);
                continue;
            }
        }
        at += 1;
    }
    Ok(match out {
        Some(mut buf) => {
            buf.extend_from_slice(&data[copied..]);
            Cow::Owned(buf)
        }
        None => Cow::Borrowed(data),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn n(text: &str) -> String {
        match normalize(text.as_bytes()) {
            Ok(text) => toolsh_bytes::lossy(&text).into_owned(),
            Err(fault) => format!("{} at {}", fault.what, fault.at),
        }
    }

    #[test]
    fn spells_number_words_as_jaq_reads_them() {
        assert_eq!(n("[nan, -NAN, inf, -Infinity, infinity]"), "[NaN, NaN, Infinity, -Infinity, Infinity]");
        assert_eq!(n(r#"{"nan": nan}"#), r#"{"nan": NaN}"#);
        assert_eq!(n("[1,true,null,\"#\"]"), "[1,true,null,\"#\"]");
        // Escaped quotes and backslashes inside strings do not end them.
        assert_eq!(n(r#"["a\"nan", "c\\", nan, "\\\"inf"]"#), r#"["a\"nan", "c\\", NaN, "\\\"inf"]"#);
        assert_eq!(string_end(br#""ab\"c" x"#, 1), 7);
        assert_eq!(string_end(br#""ab\"#, 1), 4);
    }

    #[test]
    fn refuses_what_jq_refuses() {
        assert_eq!(n("{1:2}"), "Object keys must be strings at 1");
        assert_eq!(n("{'a': 1}"), "Invalid string literal; expected \", but got ' at 1");
        assert_eq!(n(r#"{"a":1, 2:3}"#), "Object keys must be strings at 8");
        assert_eq!(n("nan1"), "Invalid numeric literal at EOF at 0");
        assert_eq!(n("nan1\n"), "Invalid numeric literal at 0");
        assert_eq!(n("[1] # note"), "Invalid numeric literal at 4");
        assert_eq!(n(r#"b"x""#), "Invalid numeric literal at 0");
        assert_eq!(n("[1] // c"), "Invalid numeric literal at 4");
    }
}
