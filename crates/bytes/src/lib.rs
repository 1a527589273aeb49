//! Text of arbitrary bytes, as a shell needs it.
//!
//! bash's values, file names and arguments are bytes; toolsh's are `str`. A byte sequence
//! that is not UTF-8 (`$'\xff'`, a Latin-1 file name, a binary line read by `read`) is kept
//! in a `str` by giving each byte that is not part of valid UTF-8 a stand-in: the private-use
//! character U+10FF80 + (byte − 0x80) (a byte outside UTF-8 is always 0x80 or more). Where
//! text leaves as bytes (a write, a host argument, a file name) [`encode`] gives each stand-in
//! back as its byte.
//!
//! The round trip is exact for every byte string: `encode(decode(b)) == b`. Input that
//! already holds the UTF-8 of a stand-in (F4 8F BE/BF xx) is decoded byte by byte to stand-ins,
//! so it too comes back as it was. Text in which no byte was invalid is returned borrowed,
//! unchanged and uncopied, by both directions.
//!
//! Where bytes become text for a reader rather than for the shell (a JSON result for a model,
//! a message), invalid bytes are replaced with U+FFFD as usual: [`lossy`].

use std::borrow::Cow;

pub mod quote;

/// The stand-in of byte 0x80; byte `b` is `FIRST + (b - 0x80)`.
const FIRST: u32 = 0x10_FF80;
/// The UTF-8 lead byte of every stand-in (U+10FF80..=U+10FFFF is F4 8F BE/BF xx).
const LEAD: u8 = 0xF4;

/// The stand-in character of a byte that is not valid UTF-8 (0x80 or more); an ASCII byte is
/// itself.
pub fn byte_char(byte: u8) -> char {
    if byte < 0x80 {
        char::from(byte)
    } else {
        // U+10FF80..=U+10FFFF are all valid scalar values.
        char::from_u32(FIRST + u32::from(byte - 0x80)).unwrap_or(char::REPLACEMENT_CHARACTER)
    }
}

/// The byte a stand-in character holds, if `c` is one.
pub fn char_byte(c: char) -> Option<u8> {
    let code = u32::from(c);
    (code >= FIRST).then(|| (code - FIRST + 0x80) as u8)
}

/// True when the text holds a stand-in (it came from bytes that were not UTF-8).
pub fn has_raw(text: &str) -> bool {
    stand_in_at(text.as_bytes(), 0).is_some()
}

/// The position of the first stand-in's UTF-8 at or after `from`.
fn stand_in_at(bytes: &[u8], from: usize) -> Option<usize> {
    let mut at = from;
    while let Some(found) = memchr::memchr(LEAD, &bytes[at..]) {
        let start = at + found;
        if is_stand_in(&bytes[start..]) {
            return Some(start);
        }
        at = start + 1;
    }
    None
}

/// Whether `bytes` begins with the UTF-8 of a stand-in (F4 8F BE|BF 80..BF).
fn is_stand_in(bytes: &[u8]) -> bool {
    matches!(bytes, [LEAD, 0x8F, 0xBE | 0xBF, b, ..] if (0x80..=0xBF).contains(b))
}

/// Bytes as text: valid UTF-8 as it is, every other byte as its stand-in.
pub fn decode(bytes: &[u8]) -> Cow<'_, str> {
    match std::str::from_utf8(bytes) {
        Ok(text) if stand_in_at(bytes, 0).is_none() => Cow::Borrowed(text),
        _ => Cow::Owned(decode_slow(bytes)),
    }
}

/// Owned bytes as text, reusing the buffer when it is valid UTF-8 without stand-ins.
pub fn decode_vec(bytes: Vec<u8>) -> String {
    match String::from_utf8(bytes) {
        Ok(text) if stand_in_at(text.as_bytes(), 0).is_none() => text,
        Ok(text) => decode_slow(text.as_bytes()),
        Err(err) => decode_slow(err.as_bytes()),
    }
}

fn decode_slow(bytes: &[u8]) -> String {
    let mut text = String::with_capacity(bytes.len() + bytes.len() / 2);
    for chunk in bytes.utf8_chunks() {
        let valid = chunk.valid();
        // A stand-in's own UTF-8 in the input is taken byte by byte, so it comes back as it was.
        let mut from = 0;
        while let Some(at) = stand_in_at(valid.as_bytes(), from) {
            text.push_str(&valid[from..at]);
            text.extend(valid.as_bytes()[at..at + 4].iter().map(|&b| byte_char(b)));
            from = at + 4;
        }
        text.push_str(&valid[from..]);
        text.extend(chunk.invalid().iter().map(|&b| byte_char(b)));
    }
    text
}

/// Text as bytes: every stand-in as the byte it holds, the rest as its UTF-8.
pub fn encode(text: &str) -> Cow<'_, [u8]> {
    let bytes = text.as_bytes();
    let Some(first) = stand_in_at(bytes, 0) else {
        return Cow::Borrowed(bytes);
    };
    let mut out = Vec::with_capacity(bytes.len());
    let mut from = 0;
    let mut at = Some(first);
    while let Some(start) = at {
        out.extend_from_slice(&bytes[from..start]);
        // F4 8F BE 80 is 0x80; the low bit of the third byte and the fourth's six bits count on.
        out.push(0x80 | ((bytes[start + 2] & 1) << 6) | (bytes[start + 3] & 0x3F));
        from = start + 4;
        at = stand_in_at(bytes, from);
    }
    out.extend_from_slice(&bytes[from..]);
    Cow::Owned(out)
}

/// Appends one character as bytes: a stand-in as its byte, any other as its UTF-8.
pub fn push_char(out: &mut Vec<u8>, c: char) {
    match char_byte(c) {
        Some(byte) => out.push(byte),
        None => out.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes()),
    }
}

/// Orders two texts as their bytes order (bash's order under `C.UTF-8`, `strcmp`'s): a
/// stand-in sorts as the byte it holds, not as its character past every other.
pub fn cmp(a: &str, b: &str) -> std::cmp::Ordering {
    encode(a).cmp(&encode(b))
}

/// Owned text as bytes, reusing the buffer when it holds no stand-in.
pub fn encode_string(text: String) -> Vec<u8> {
    match encode(&text) {
        Cow::Borrowed(_) => text.into_bytes(),
        Cow::Owned(bytes) => bytes,
    }
}

/// Bytes as text for a reader (a model's result, a message): invalid UTF-8 becomes U+FFFD, and
/// a stand-in's own UTF-8 is kept as the character it is.
pub fn lossy(bytes: &[u8]) -> Cow<'_, str> {
    #[allow(clippy::disallowed_methods)] // the one place a replacing decode is meant
    String::from_utf8_lossy(bytes)
}

/// Shell text as UTF-8 for a reader that takes only UTF-8 (jq's strings, JSON): each stand-in
/// as U+FFFD, as [`lossy`] gives the bytes it holds; text without one is borrowed.
pub fn utf8(text: &str) -> Cow<'_, str> {
    match encode(text) {
        Cow::Borrowed(_) => Cow::Borrowed(text),
        Cow::Owned(bytes) => Cow::Owned(lossy(&bytes).into_owned()),
    }
}

/// A host string (an argument, a variable, a file name) as text.
#[cfg(unix)]
pub fn from_os(os: &std::ffi::OsStr) -> Cow<'_, str> {
    use std::os::unix::ffi::OsStrExt as _;
    decode(os.as_bytes())
}

/// Text as a host string, each stand-in as its byte.
#[cfg(unix)]
pub fn to_os(text: &str) -> Cow<'_, std::ffi::OsStr> {
    use std::os::unix::ffi::{OsStrExt as _, OsStringExt as _};
    match encode(text) {
        Cow::Borrowed(bytes) => Cow::Borrowed(std::ffi::OsStr::from_bytes(bytes)),
        Cow::Owned(bytes) => Cow::Owned(std::ffi::OsString::from_vec(bytes)),
    }
}

/// What a command writes, as the bytes that go out: text has each stand-in given back as its
/// byte ([`encode`]); bytes go as they are (a file's content is never rewritten).
pub trait Emit {
    /// The bytes to write.
    fn emit(&self) -> Cow<'_, [u8]>;
}

impl Emit for str {
    fn emit(&self) -> Cow<'_, [u8]> {
        encode(self)
    }
}

impl Emit for String {
    fn emit(&self) -> Cow<'_, [u8]> {
        encode(self)
    }
}

impl Emit for Cow<'_, str> {
    fn emit(&self) -> Cow<'_, [u8]> {
        encode(self)
    }
}

impl Emit for [u8] {
    fn emit(&self) -> Cow<'_, [u8]> {
        Cow::Borrowed(self)
    }
}

impl<const N: usize> Emit for [u8; N] {
    fn emit(&self) -> Cow<'_, [u8]> {
        Cow::Borrowed(self)
    }
}

impl Emit for Vec<u8> {
    fn emit(&self) -> Cow<'_, [u8]> {
        Cow::Borrowed(self)
    }
}

impl Emit for Cow<'_, [u8]> {
    fn emit(&self) -> Cow<'_, [u8]> {
        Cow::Borrowed(self)
    }
}

impl<T: Emit + ?Sized> Emit for &T {
    fn emit(&self) -> Cow<'_, [u8]> {
        (**self).emit()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_byte_string_comes_back_as_it_was() {
        let cases: &[&[u8]] = &[
            b"",
            b"plain",
            "caf\u{e9}".as_bytes(),
            b"a\xffb",
            b"\x80\xbf\xc0\xf4\xf5\xff",
            b"\xc3",                   // a cut sequence
            b"\xf4\x8f\xbe\x80",       // a stand-in's own UTF-8 in the input
            b"x\xf4\x8f\xbf\xbfy\xe9", // and the last one, beside an invalid byte
            b"\xed\xa0\x80",           // a surrogate's encoding is not UTF-8
        ];
        for &bytes in cases {
            let text = decode(bytes);
            assert_eq!(&*encode(&text), bytes, "{bytes:?}");
            assert_eq!(encode_string(decode_vec(bytes.to_vec())), bytes, "{bytes:?}");
        }
        for byte in 0..=255u8 {
            let text = decode(std::slice::from_ref(&byte)).into_owned();
            assert_eq!(&*encode(&text), [byte]);
            assert_eq!(text.chars().count(), 1, "one byte is one character");
        }
    }

    #[test]
    fn utf8_replaces_stand_ins() {
        // Bytes that are valid UTF-8 (here a stand-in's own) are that character, as jq reads them.
        assert_eq!(utf8(&decode(b"a\xe9b\xf4\x8f\xbe\x80")), "a\u{FFFD}b\u{10FF80}");
        assert_eq!(utf8(&decode(b"a\xc3\xa9")), "a\u{e9}");
        assert!(matches!(utf8("plain"), Cow::Borrowed(_)));
    }

    #[test]
    fn texts_order_as_their_bytes() {
        use std::cmp::Ordering::*;
        let (e9, smile, replacement) = (decode(b"\xe9"), "\u{1F600}", "\u{FFFD}");
        assert_eq!(cmp(&e9, smile), Less, "e9 before f0 9f 98 80");
        assert_eq!(cmp(&e9, replacement), Less, "e9 before ef bf bd");
        assert_eq!(cmp("\u{e9}", &e9), Less, "c3 a9 before e9");
        assert_eq!(cmp("a", "b"), Less);
        assert_eq!(cmp(&e9, &decode(b"\xe9")), Equal);
    }

    #[test]
    fn valid_text_is_borrowed_both_ways() {
        assert!(matches!(decode("h\u{e9}llo \u{1F600}".as_bytes()), Cow::Borrowed(_)));
        assert!(matches!(encode("h\u{e9}llo \u{1F600}"), Cow::Borrowed(_)));
        assert_eq!(decode(b"a\xffb"), "a\u{10FFFF}b");
        assert_eq!(char_byte(byte_char(0xE9)), Some(0xE9));
        assert_eq!(char_byte('\u{e9}'), None);
        assert!(has_raw(&decode(b"\x80")) && !has_raw("\u{10FF7F}"));
    }
}
