//! JSON texts read straight into jaq values, for the common case of the input (issue 46).
//!
//! jaq-json's parser builds each object a key at a time (its index map grown 0 → 3 → 7 → 14)
//! and makes every key its own allocation, which was a quarter of jq's time over JSON lines.
//! [`Reader`] reads a text without recursion onto one stack of values kept from text to text:
//! an object's pairs are gathered there first and its map made at its final size, and the keys
//! of recent objects are kept ([`Keys`]) so that `"status"` in every record is one shared,
//! counted string. It reads only what it is sure of — strict JSON numbers, strings with the
//! common escapes and valid surrogate pairs, `true`/`false`/`null`, the four whitespace bytes,
//! one value per text — and gives up on anything else, so the caller parses that text again
//! with jaq-json: every error message and every unusual form stays jaq-json's (and then
//! `feed.rs`'s), and a value read here is the one jaq-json makes (the tests compare them).

use bytes::Bytes;
use jaq_json::{Map, Num, Rc, Val};

use super::limits;

/// Keys longer than this are not kept (a record's field names are short; a long key is most
/// likely data).
const KEY_MAX: usize = 32;
/// Items the value stack keeps room for between texts.
const STACK_KEPT: usize = 1 << 16;
/// Slots of the key cache: direct-mapped, a key replaces what was in its slot.
const KEY_SLOTS: usize = 256;

/// Recent object keys, so a key repeated from record to record is one string shared by all.
/// Bounded: at most [`KEY_SLOTS`] keys of at most [`KEY_MAX`] bytes.
struct Keys {
    slots: Vec<Option<Bytes>>,
}

impl Keys {
    fn new() -> Keys {
        Keys { slots: vec![None; KEY_SLOTS] }
    }

    /// The key `bytes` as a string value, shared with the last object that had it.
    fn get(&mut self, bytes: &[u8]) -> Val {
        if bytes.len() > KEY_MAX {
            return Val::TStr(Box::new(Bytes::copy_from_slice(bytes)));
        }
        // FNV-1a: keys are short, and a collision only costs a copy.
        let mut hash: u32 = 0x811c_9dc5;
        for &b in bytes {
            hash = (hash ^ u32::from(b)).wrapping_mul(0x0100_0193);
        }
        let slot = &mut self.slots[(hash ^ (hash >> 16)) as usize % KEY_SLOTS];
        if let Some(kept) = slot
            && kept.as_ref() == bytes
        {
            return Val::TStr(Box::new(kept.clone()));
        }
        let made = Bytes::copy_from_slice(bytes);
        *slot = Some(made.clone());
        Val::TStr(Box::new(made))
    }
}

/// An open container: where its items start on the value stack.
#[derive(Clone, Copy)]
struct Frame {
    start: usize,
    object: bool,
}

/// Bytes that end the plain run of a string: its end, an escape, or a control character (which
/// jaq-json refuses).
const STRING_STOP: [bool; 256] = {
    let mut stop = [false; 256];
    let mut b = 0;
    while b < 0x20 {
        stop[b] = true;
        b += 1;
    }
    stop[b'"' as usize] = true;
    stop[b'\\' as usize] = true;
    stop
};

/// Reads JSON texts into values; its stacks and key cache are kept from one text to the next.
pub struct Reader {
    /// Items of the open containers, in order (an object's as key, value, key, value …).
    values: Vec<Val>,
    frames: Vec<Frame>,
    keys: Keys,
    /// A string with escapes, decoded.
    scratch: Vec<u8>,
}

impl Default for Reader {
    fn default() -> Self {
        Reader::new()
    }
}

impl Reader {
    pub fn new() -> Reader {
        Reader { values: Vec::new(), frames: Vec::new(), keys: Keys::new(), scratch: Vec::new() }
    }

    /// The one value `text` holds (whitespace may surround it), or `None` when the text holds
    /// anything this reader leaves to jaq-json (an error, an unusual form, more than one value).
    pub fn read(&mut self, text: &[u8]) -> Option<Val> {
        let start = space(text, 0);
        let (value, end) = self.read_first(&text[start..])?;
        (space(text, start + end) == text.len()).then_some(value)
    }

    /// The value `text` begins with (no whitespace before it) and where it ends, or `None` when
    /// it is left to jaq-json or not whole in `text`. (Whole as far as `text` goes: a number or
    /// a word at its end may go on in bytes not yet read; an array's or object's closing
    /// bracket is its end.)
    pub fn read_first(&mut self, text: &[u8]) -> Option<(Val, usize)> {
        let value = self.read_value(text);
        if value.is_none() {
            // What a text given up on left open.
            self.values.clear();
            self.frames.clear();
        }
        // The stack is kept for the next text, but not the room a big document's array took.
        if self.values.capacity() > STACK_KEPT {
            self.values = Vec::new();
        }
        value
    }

    fn read_value(&mut self, text: &[u8]) -> Option<(Val, usize)> {
        let mut at = 0;
        loop {
            // A value begins at `at`.
            let mut value = match *text.get(at)? {
                b'{' => {
                    // Past jq's depth (an empty container counts) the text is left to the
                    // caller, which says so.
                    if self.frames.len() >= limits::MAX_DEPTH {
                        return None;
                    }
                    at = space(text, at + 1);
                    if text.get(at) == Some(&b'}') {
                        at += 1;
                        Val::obj(Map::default())
                    } else {
                        self.frames.push(Frame { start: self.values.len(), object: true });
                        at = self.key(text, at)?;
                        continue;
                    }
                }
                b'[' => {
                    // Past jq's depth (an empty container counts) the text is left to the
                    // caller, which says so.
                    if self.frames.len() >= limits::MAX_DEPTH {
                        return None;
                    }
                    at = space(text, at + 1);
                    if text.get(at) == Some(&b']') {
                        at += 1;
                        Val::Arr(Rc::new(Vec::new()))
                    } else {
                        self.frames.push(Frame { start: self.values.len(), object: false });
                        continue;
                    }
                }
                b'"' => {
                    let (bytes, next) = self.string(text, at + 1)?;
                    at = next;
                    Val::TStr(Box::new(Bytes::copy_from_slice(bytes.get(&self.scratch, text))))
                }
                b't' if text[at..].starts_with(b"true") => {
                    at += 4;
                    Val::Bool(true)
                }
                b'f' if text[at..].starts_with(b"false") => {
                    at += 5;
                    Val::Bool(false)
                }
                b'n' if text[at..].starts_with(b"null") => {
                    at += 4;
                    Val::Null
                }
                b'-' | b'0'..=b'9' => {
                    let (num, next) = number(text, at)?;
                    at = next;
                    Val::Num(num)
                }
                _ => return None,
            };
            // The value is whole: it ends the containers it closes, or another item follows.
            loop {
                let Some(&frame) = self.frames.last() else {
                    return Some((value, at));
                };
                at = space(text, at);
                self.values.push(value);
                match *text.get(at)? {
                    b',' => {
                        at = space(text, at + 1);
                        if frame.object {
                            at = self.key(text, at)?;
                        }
                        break;
                    }
                    b'}' if frame.object => {
                        at += 1;
                        self.frames.pop();
                        // Made at its final size; a key given twice keeps its first place and
                        // its last value, as jaq-json's `insert` (and jq) do.
                        let mut map =
                            Map::with_capacity_and_hasher((self.values.len() - frame.start) / 2, Default::default());
                        let mut items = self.values.drain(frame.start..);
                        while let (Some(key), Some(item)) = (items.next(), items.next()) {
                            map.insert(key, item);
                        }
                        value = Val::obj(map);
                    }
                    b']' if !frame.object => {
                        at += 1;
                        self.frames.pop();
                        value = Val::Arr(Rc::new(self.values.drain(frame.start..).collect()));
                    }
                    _ => return None,
                }
            }
        }
    }

    /// Reads an object's key at `at` and the colon after it onto the stack; where its value
    /// begins.
    fn key(&mut self, text: &[u8], at: usize) -> Option<usize> {
        if text.get(at) != Some(&b'"') {
            return None;
        }
        let (bytes, next) = self.string(text, at + 1)?;
        let key = self.keys.get(bytes.get(&self.scratch, text));
        self.values.push(key);
        let at = space(text, next);
        if text.get(at) != Some(&b':') {
            return None;
        }
        Some(space(text, at + 1))
    }

    /// The string whose contents begin at `at`, and where it ends (after its quote).
    fn string(&mut self, text: &[u8], at: usize) -> Option<(Span, usize)> {
        let mut end = at;
        while !STRING_STOP[*text.get(end)? as usize] {
            end += 1;
        }
        match text[end] {
            b'"' => return Some((Span::Text(at, end), end + 1)),
            b'\\' => {}
            _ => return None,
        }
        // Escapes: decoded into the scratch buffer.
        self.scratch.clear();
        self.scratch.extend_from_slice(&text[at..end]);
        let mut at = end;
        loop {
            match text[at] {
                b'"' => return Some((Span::Scratch, at + 1)),
                b'\\' => {
                    let (c, next) = escape(text, at + 1)?;
                    self.scratch.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes());
                    at = next;
                }
                _ => return None,
            }
            let mut end = at;
            while !STRING_STOP[*text.get(end)? as usize] {
                end += 1;
            }
            self.scratch.extend_from_slice(&text[at..end]);
            at = end;
        }
    }
}

/// Where a string's bytes are: in the text (no escapes) or decoded in the scratch buffer.
enum Span {
    Text(usize, usize),
    Scratch,
}

impl Span {
    fn get<'a>(&self, scratch: &'a [u8], text: &'a [u8]) -> &'a [u8] {
        match *self {
            Span::Text(from, to) => &text[from..to],
            Span::Scratch => scratch,
        }
    }
}

/// Past the JSON whitespace at `at` (jaq-json's four bytes; a form feed is left to it).
fn space(text: &[u8], mut at: usize) -> usize {
    while let Some(b' ' | b'\n' | b'\r' | b'\t') = text.get(at) {
        at += 1;
    }
    at
}

/// The escape whose letter is at `at` (after the backslash): its character and where the
/// string goes on. A lone surrogate is left to jaq-json (its error).
fn escape(text: &[u8], at: usize) -> Option<(char, usize)> {
    let c = match *text.get(at)? {
        b'"' => '"',
        b'\\' => '\\',
        b'/' => '/',
        b'b' => '\u{8}',
        b'f' => '\u{c}',
        b'n' => '\n',
        b'r' => '\r',
        b't' => '\t',
        b'u' => {
            let unit = hex4(text, at + 1)?;
            return match unit {
                0xD800..=0xDBFF => {
                    if text.get(at + 5..at + 7)? != b"\\u" {
                        return None;
                    }
                    let low = hex4(text, at + 7)?;
                    if !(0xDC00..=0xDFFF).contains(&low) {
                        return None;
                    }
                    let code = 0x10000 + (unit - 0xD800) * 0x400 + (low - 0xDC00);
                    Some((char::from_u32(code)?, at + 11))
                }
                unit => Some((char::from_u32(unit)?, at + 5)),
            };
        }
        _ => return None,
    };
    Some((c, at + 1))
}

/// The four hexadecimal digits at `at`.
fn hex4(text: &[u8], at: usize) -> Option<u32> {
    let digits = text.get(at..at + 4)?;
    let mut unit = 0;
    for &d in digits {
        unit = unit * 16 + char::from(d).to_digit(16)?;
    }
    Some(unit)
}

/// The strict JSON number at `at` (`-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`) as
/// jaq-json keeps it — an integer as `Num::Int` (or a big one), anything else as its decimal
/// text — and where it ends. What follows must end it (checked by the caller: only whitespace,
/// `,`, `]`, `}` or the end are taken).
fn number(text: &[u8], start: usize) -> Option<(Num, usize)> {
    let digits = |mut at: usize| {
        while text.get(at).is_some_and(u8::is_ascii_digit) {
            at += 1;
        }
        at
    };
    let mut at = start;
    let negative = text[at] == b'-';
    if negative {
        at += 1;
    }
    let int_start = at;
    match text.get(at)? {
        b'0' => at += 1,
        b'1'..=b'9' => at = digits(at),
        _ => return None,
    }
    let int_end = at;
    let mut integer = true;
    if text.get(at) == Some(&b'.') {
        let after = digits(at + 1);
        if after == at + 1 {
            return None;
        }
        at = after;
        integer = false;
    }
    if let Some(b'e' | b'E') = text.get(at) {
        at += 1;
        if let Some(b'+' | b'-') = text.get(at) {
            at += 1;
        }
        let after = digits(at);
        if after == at {
            return None;
        }
        at = after;
        integer = false;
    }
    // ASCII by construction.
    let spelled = std::str::from_utf8(&text[start..at]).ok()?;
    let num = if !integer {
        Num::Dec(Rc::new(spelled.to_string()))
    } else if int_end - int_start <= 18 {
        // Fits an `isize` (64-bit; at most 18 digits): what `isize::from_str_radix` gives.
        let mut n: i64 = 0;
        for &d in &text[int_start..int_end] {
            n = n * 10 + i64::from(d - b'0');
        }
        Num::Int(isize::try_from(if negative { -n } else { n }).ok()?)
    } else {
        Num::from_str_radix(spelled, 10)?
    };
    Some((num, at))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What jaq-json makes of `text`: its values, or its error.
    fn jaq(text: &[u8]) -> Result<Vec<Val>, String> {
        jaq_json::read::parse_many(text).collect::<Result<Vec<_>, _>>().map_err(|e| e.to_string())
    }

    /// A value and its kind all the way down: `PartialEq` takes `1` and `1.0` as equal, and
    /// strings of bytes and of text as equal; output spells them apart.
    fn shape(value: &Val) -> String {
        match value {
            Val::Null => "null".into(),
            Val::Bool(b) => format!("{b}"),
            Val::Num(Num::Int(i)) => format!("int {i}"),
            Val::Num(Num::BigInt(i)) => format!("big {i}"),
            Val::Num(Num::Float(f)) => format!("float {f:?}"),
            Val::Num(Num::Dec(d)) => format!("dec {d}"),
            Val::TStr(s) => format!("text {:?}", s.as_ref()),
            Val::BStr(s) => format!("bytes {:?}", s.as_ref()),
            Val::Arr(a) => format!("[{}]", a.iter().map(shape).collect::<Vec<_>>().join(", ")),
            Val::Obj(o) => {
                format!(
                    "{{{}}}",
                    o.iter().map(|(k, v)| format!("{}: {}", shape(k), shape(v))).collect::<Vec<_>>().join(", ")
                )
            }
        }
    }

    /// Reading `text` here gives jaq-json's one value, or gives up; `expect_read` says which.
    fn check(reader: &mut Reader, text: &[u8], expect_read: bool) {
        let ours = reader.read(text);
        let theirs = jaq(text);
        match ours {
            Some(value) => {
                let theirs =
                    theirs.unwrap_or_else(|e| panic!("{:?}: read here, jaq-json says {e}", toolsh_bytes::lossy(text)));
                assert_eq!(theirs.len(), 1, "{:?}", toolsh_bytes::lossy(text));
                assert_eq!(shape(&value), shape(&theirs[0]), "{:?}", toolsh_bytes::lossy(text));
                assert_eq!(value.to_string(), theirs[0].to_string());
            }
            None => assert!(!expect_read, "{:?} was given up on", toolsh_bytes::lossy(text)),
        }
        // The stacks are left empty whatever the text was.
        assert!(reader.values.is_empty() && reader.frames.is_empty());
    }

    const READ: &[&str] = &[
        "0",
        "-0",
        "1",
        "-1",
        "123456789012345678",
        "-123456789012345678",
        "1234567890123456789",
        "9223372036854775807",
        "9223372036854775808",
        "-9223372036854775808",
        "-9223372036854775809",
        "100000000000000000000000000000000000000",
        "1.000",
        "1.5",
        "-0.0",
        "0.1e2",
        "1e1000",
        "-1E-1000",
        "1e+5",
        "3.141592653589793238462643383279",
        "true",
        "false",
        "null",
        "\"\"",
        "\"plain\"",
        "\"esc \\\" \\\\ \\/ \\b \\f \\n \\r \\t\"",
        "\"\\u0041\\u00e9\\u20AC\\u0000\"",
        "\"\\ud83d\\ude00 pair\"",
        "\"\\uD83D\\uDE00\"",
        "\"unicode é € 😀\"",
        "\"\u{7f} del\"",
        "[]",
        "{}",
        "[ ]",
        "{ }",
        "[[[[[]]]]]",
        "[1,[2,[3,{\"a\":[4,{}]}]]]",
        "{\"a\":1,\"b\":2,\"a\":3}",
        "{\"a\":{\"x\":1},\"a\":[2]}",
        "{\"\":0}",
        "{\"k\\u0065y\":1,\"key\":2}",
        " \t\r\n{ \"a\" : [ 1 , 2 ] , \"b\" : { } }\n\r\t ",
        "{\"id\":0,\"ts\":1764547200,\"method\":\"GET\",\"path\":\"/api/x\",\"status\":502,\"ms\":2.61,\"user\":{\"id\":6,\"plan\":\"free\"},\"tags\":[\"a\",\"b\"]}",
        "{\"a key longer than thirty-two bytes, not kept\":true}",
    ];

    /// Texts left to jaq-json: errors and forms this reader does not take.
    const GIVEN_UP: &[&str] = &[
        "",
        " ",
        "1 2",
        "-1-2",
        "01",
        "-",
        "1.",
        ".5",
        "1e",
        "1e+",
        "+1",
        "1.5.3",
        "NaN",
        "Infinity",
        "-Infinity",
        "nan",
        "tru",
        "truex",
        "nul",
        "[1,]",
        "[,1]",
        "[1 2]",
        "{\"a\"}",
        "{\"a\":}",
        "{\"a\" 1}",
        "{1:2}",
        "{\"a\":1,}",
        "[1}",
        "{\"a\":1]",
        "[",
        "{",
        "]",
        "\"unterminated",
        "\"ctrl \u{1} char\"",
        "\"tab\tinside\"",
        "\"\\x41\"",
        "\"\\ud800\"",
        "\"\\ud800x\"",
        "\"\\ud800\\u0041\"",
        "\"\\udc00\"",
        "\"\\u12\"",
        "\"\\u12G4\"",
        "\"\\",
        "b\"bytes\"",
        "[1]#c",
        "\u{c}1",
        "[1]\u{c}",
    ];

    #[test]
    fn the_same_values_as_jaq_json() {
        let mut reader = Reader::new();
        for _ in 0..2 {
            for text in READ {
                check(&mut reader, text.as_bytes(), true);
            }
            for text in GIVEN_UP {
                check(&mut reader, text.as_bytes(), false);
            }
        }
        // Invalid UTF-8 is kept as it is, as jaq-json keeps it.
        check(&mut reader, b"[\"\xff\xfe\", {\"\xc3\":\"\xe2\x82\"}]", true);
    }

    #[test]
    fn deep_nesting_and_many_keys() {
        // jaq-json, the comparison and dropping the value recurse: a thread with room for it.
        std::thread::Builder::new()
            .stack_size(256 << 20)
            .spawn(|| {
                let mut reader = Reader::new();
                let deep = format!("{}1{}", "[{\"a\":".repeat(2500), "}]".repeat(2500));
                check(&mut reader, deep.as_bytes(), true);
                // jq's depth, counted as the scanner counts it (an empty container too).
                let most = format!("{}{}", "[".repeat(limits::MAX_DEPTH), "]".repeat(limits::MAX_DEPTH));
                check(&mut reader, most.as_bytes(), true);
                for deeper in [format!("[{most}]"), format!("[{{\"a\":{most}}}]")] {
                    assert!(reader.read(deeper.as_bytes()).is_none());
                    assert!(reader.values.is_empty() && reader.frames.is_empty());
                }
                let cut = format!("{}1{}", "[".repeat(5000), "]".repeat(4999));
                check(&mut reader, cut.as_bytes(), false);
            })
            .and_then(|thread| thread.join().map_err(|_| std::io::Error::other("panicked")))
            .unwrap_or_else(|e| panic!("{e}"));
        let mut reader = Reader::new();
        // More keys than the cache holds, repeated, and a collision of slots.
        let keys: Vec<String> = (0..1000).map(|i| format!("\"k{i}\":{i}")).collect();
        let object = format!("{{{}}}", keys.join(","));
        for _ in 0..3 {
            check(&mut reader, object.as_bytes(), true);
        }
    }

    #[test]
    fn keys_are_shared_between_texts() {
        let mut reader = Reader::new();
        let a = reader.read(b"{\"status\":1}");
        let b = reader.read(b"{\"status\":2}");
        let key = |v: &Option<Val>| match v {
            Some(Val::Obj(o)) => match o.keys().next() {
                Some(Val::TStr(s)) => s.as_ptr(),
                _ => std::ptr::null(),
            },
            _ => std::ptr::null(),
        };
        assert!(!key(&a).is_null());
        assert_eq!(key(&a), key(&b));
    }
}
