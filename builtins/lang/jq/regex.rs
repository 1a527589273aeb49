//! jq's regular expressions: the `__jq_match($re; $flags; $test)` native behind `match`,
//! `test`, `capture`, `scan`, `split/2`, `splits`, `sub` and `gsub` (`prelude.jq`), answering
//! as jq's Oniguruma does where jaq's differ: every group of the pattern has its place in
//! `captures`, one that took no part with offset -1 and string null; look-around and
//! back-references work (fancy-regex); offsets and lengths count characters; after an empty
//! match a global search moves one byte on (`"qux" | [match("(?=u)"; "g")]` is one match);
//! the flags are jq's (`g i x n s p l m`, anything else an error).

use super::paths::{kind, shown};
use fancy_regex::Regex;
use jaq_core::native::{Fun, v};
use jaq_core::{DataT, Error, Exn, Native, ValX};
use jaq_json::{Map, Val};
use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

/// How many compiled patterns an evaluation keeps (`.[] | test("x")` compiles once).
const CACHED: usize = 64;

thread_local! {
    static COMPILED: RefCell<HashMap<String, Rc<Regex>>> = RefCell::new(HashMap::new());
}

fn fail(message: String) -> ValX<'static, Val> {
    Err(Exn::from(Error::new(Val::from(message))))
}

/// What the flags ask for: the pattern's inline flags, all matches, no empty ones.
struct Flags {
    inline: String,
    global: bool,
    not_empty: bool,
}

fn flags(value: &Val) -> Result<Flags, String> {
    let mut f = Flags { inline: String::new(), global: false, not_empty: false };
    let text = match value {
        Val::Null => return Ok(f),
        Val::TStr(text) => toolsh_bytes::lossy(text).into_owned(),
        other => return Err(format!("{} ({}) is not a string", kind(other), shown(other))),
    };
    for c in text.chars() {
        match c {
            'g' => f.global = true,
            'n' => f.not_empty = true,
            'i' => f.inline.push('i'),
            'x' => f.inline.push('x'),
            // Oniguruma's "multiline" is a dot that matches a newline.
            'p' | 'm' => f.inline.push('s'),
            // `^`/`$` already mean the ends of the text; the longest match is the leftmost here.
            's' | 'l' => {}
            _ => return Err(format!("{text} is not a valid modifier string")),
        }
    }
    Ok(f)
}

/// A pattern that does not compile, in jq 1.8's words: `Regex failure: ` and Oniguruma's
/// message for the same mistake where one is known, else the regex library's.
fn failure(pattern: &str, said: &str) -> String {
    let onig = [
        ("Opening parenthesis without closing", "end pattern with unmatched parenthesis"),
        ("end of string not reached", "unmatched close parenthesis"),
        ("Invalid character class", "premature end of char-class"),
        ("Target of repeat operator is invalid", "target of repeat operator is not specified"),
        ("Backslash without following character", "end pattern at escape"),
        ("Unknown group flag", "undefined group option"),
    ]
    .iter()
    .find(|(theirs, _)| said.contains(theirs))
    .map(|(_, ours)| ours.to_string());
    let onig = onig.or_else(|| {
        // The library says only "error parsing pattern" for these; what the pattern holds tells.
        let bounds = pattern.split('{').skip(1).filter_map(|rest| rest.split_once('}')).any(|(inside, _)| {
            inside
                .split_once(',')
                .and_then(|(lo, hi)| Some((lo.parse::<u64>().ok()?, hi.parse::<u64>().ok()?)))
                .is_some_and(|(lo, hi)| hi < lo)
        });
        if bounds {
            return Some("upper is smaller than lower in repeat range".to_string());
        }
        let chars: Vec<char> = pattern.chars().collect();
        let reversed = chars
            .windows(3)
            .any(|w| w[1] == '-' && w[0] != '[' && w[2] != ']' && w[0] > w[2] && w[0].is_alphanumeric());
        reversed.then(|| "empty range in char class".to_string())
    });
    match onig {
        Some(message) => format!("Regex failure: {message}"),
        None => format!("{pattern} (at offset 0) is not a valid regex: {said}"),
    }
}

fn compile(pattern: &str, inline: &str) -> Result<Rc<Regex>, String> {
    let source = if inline.is_empty() { pattern.to_string() } else { format!("(?{inline}){pattern}") };
    if let Some(regex) = COMPILED.with(|c| c.borrow().get(&source).cloned()) {
        return Ok(regex);
    }
    let regex = Rc::new(Regex::new(&source).map_err(|e| failure(pattern, &e.to_string()))?);
    COMPILED.with(|c| {
        let mut cache = c.borrow_mut();
        if cache.len() >= CACHED {
            cache.clear();
        }
        cache.insert(source, regex.clone());
    });
    Ok(regex)
}

/// Character offsets of byte offsets into one text, read forward (matches come in order).
struct Chars<'t> {
    text: &'t str,
    byte: usize,
    chars: usize,
}

impl Chars<'_> {
    fn at(&mut self, byte: usize) -> usize {
        if byte < self.byte {
            (self.byte, self.chars) = (0, 0);
        }
        self.chars += self.text[self.byte..byte].chars().count();
        self.byte = byte;
        self.chars
    }
}

fn num(n: usize) -> Val {
    Val::from(n as isize)
}

fn key(name: &str) -> Val {
    Val::from(name.to_string())
}

/// One match object: `offset length string captures`, each capture `offset length string
/// name` (`offset string length name` for one that is empty or took no part, as jq orders them).
fn match_object(caps: &fancy_regex::Captures, names: &[Option<String>], chars: &mut Chars) -> Val {
    let Some(whole) = caps.get(0) else { return Val::Null };
    let offset = chars.at(whole.start());
    let length = whole.as_str().chars().count();
    let mut captures = Vec::new();
    for (group, name) in names.iter().enumerate().skip(1) {
        let name = name.as_ref().map_or(Val::Null, |n| key(n));
        let mut cap = Map::default();
        match caps.get(group) {
            Some(m) if !m.as_str().is_empty() => {
                cap.insert(key("offset"), num(chars.at(m.start())));
                cap.insert(key("length"), num(m.as_str().chars().count()));
                cap.insert(key("string"), key(m.as_str()));
            }
            found => {
                let at = found.map(|m| chars.at(m.start()) as isize).unwrap_or(-1);
                cap.insert(key("offset"), Val::from(at));
                cap.insert(key("string"), if found.is_some() { key("") } else { Val::Null });
                cap.insert(key("length"), num(0));
            }
        }
        cap.insert(key("name"), name);
        captures.push(Val::obj(cap));
    }
    let mut object = Map::default();
    object.insert(key("offset"), num(offset));
    object.insert(key("length"), num(length));
    object.insert(key("string"), key(whole.as_str()));
    object.insert(key("captures"), Val::Arr(jaq_json::Rc::new(captures)));
    Val::obj(object)
}

/// The matches of `re` with `flags` in `input` (an array), or whether there is one (`test`).
fn matches(input: &Val, re: &Val, flags_value: &Val, test: bool) -> ValX<'static, Val> {
    let Val::TStr(text) = input else {
        return fail(format!("{} ({}) cannot be matched, as it is not a string", kind(input), shown(input)));
    };
    let Val::TStr(pattern) = re else {
        return fail(format!("{} ({}) is not a string", kind(re), shown(re)));
    };
    let f = match flags(flags_value) {
        Ok(f) => f,
        Err(message) => return fail(message),
    };
    let regex = match compile(&toolsh_bytes::lossy(pattern), &f.inline) {
        Ok(regex) => regex,
        Err(message) => return fail(message),
    };
    let text = toolsh_bytes::lossy(text);
    let names: Vec<Option<String>> = regex.capture_names().map(|n| n.map(str::to_string)).collect();
    let mut chars = Chars { text: &text, byte: 0, chars: 0 };
    let mut found = Vec::new();
    let mut start = 0;
    while start <= text.len() {
        let caps = match regex.captures_from_pos(&text, start) {
            Ok(Some(caps)) => caps,
            Ok(None) => break,
            Err(e) => return fail(format!("Regex failure: {e}")),
        };
        let Some(whole) = caps.get(0) else { break };
        let empty = whole.start() == whole.end();
        // After an empty match the search goes on from the next character.
        start = match (empty, whole.end() < text.len()) {
            (false, _) => whole.end(),
            (true, true) => text.ceil_char_boundary(whole.end() + 1),
            (true, false) => text.len() + 1,
        };
        if empty && f.not_empty {
            continue;
        }
        if test {
            return Ok(Val::Bool(true));
        }
        found.push(match_object(&caps, &names, &mut chars));
        if !f.global {
            break;
        }
    }
    if test { Ok(Val::Bool(false)) } else { Ok(Val::Arr(jaq_json::Rc::new(found))) }
}

/// `__jq_match($re; $flags; $test)`.
pub fn native<D: for<'a> DataT<V<'a> = Val>>() -> Fun<D> {
    (
        "__jq_match",
        v(3),
        Native::new(|mut cv| {
            let test = cv.0.pop_var();
            let flags = cv.0.pop_var();
            let re = cv.0.pop_var();
            Box::new(std::iter::once(matches(&cv.1, &re, &flags, matches!(test, Val::Bool(true)))))
        }),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(input: &str, re: &str, flags: &str) -> String {
        let flags = if flags.is_empty() { Val::Null } else { key(flags) };
        match matches(&key(input), &key(re), &flags, false) {
            Ok(value) => super::super::compact_text(&value),
            Err(_) => "error".to_string(),
        }
    }

    #[test]
    fn every_group_has_its_place() {
        assert_eq!(
            run("b", "(?<x>a)?b", ""),
            r#"[{"offset":0,"length":1,"string":"b","captures":[{"offset":-1,"string":null,"length":0,"name":"x"}]}]"#
        );
        assert_eq!(run("qux", "(?=u)", "g"), r#"[{"offset":1,"length":0,"string":"","captures":[]}]"#);
        assert_eq!(
            run("aé1é1", "é(1)", "g"),
            r#"[{"offset":1,"length":2,"string":"é1","captures":[{"offset":2,"length":1,"string":"1","name":null}]},{"offset":3,"length":2,"string":"é1","captures":[{"offset":4,"length":1,"string":"1","name":null}]}]"#
        );
        assert_eq!(run("abc", "", "gn"), "[]");
        assert_eq!(run("abc", "B", "q"), "error");
    }
}
