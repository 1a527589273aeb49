//! Bytes seen as text by a matcher that takes only text (fancy-regex: grep's `-P` and the
//! back-references of grep's and sed's POSIX expressions): each byte that is not UTF-8 as its
//! stand-in character (`toolsh_bytes`), and the way back from a place in that text to the
//! byte it stands for. A line with a byte that is not UTF-8 is searched like any other, as
//! GNU's matchers search it, rather than matching nothing. In the C locale every byte past
//! ASCII is a character of its own, in the line and in the pattern alike ([`AsText::with`],
//! [`pattern_bytes`]). Under `-i` the text may be seen in lower case, so that a back-reference
//! matches its group's text whatever the case, as GNU's does ([`How::fold`]).

use std::borrow::Cow;

/// How a line is seen.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct How {
    /// Every byte past ASCII is a character (the C locale).
    pub each_byte: bool,
    /// Each character that has a lower case of one character is seen as it (`-i` with
    /// back-references: fancy-regex compares a group's text with its case; the expression
    /// itself matches either case).
    pub fold: bool,
}

/// A line of bytes as text.
pub struct AsText<'h> {
    text: Cow<'h, str>,
    /// For each place in `text` (its length included), the place in the bytes; empty when
    /// the bytes were UTF-8 without stand-ins and the places are the same.
    to_bytes: Vec<usize>,
}

impl<'h> AsText<'h> {
    /// The line as text: each byte that is not UTF-8 as its stand-in; with `each_byte` (the C
    /// locale) every byte past ASCII as its stand-in, so that `.` takes one byte and `é` is two
    /// characters; with `fold` in lower case.
    pub fn with(bytes: &'h [u8], how: How) -> Self {
        let text = if how.each_byte && !bytes.is_ascii() {
            Cow::Owned(bytes.iter().map(|&b| toolsh_bytes::byte_char(b)).collect())
        } else {
            toolsh_bytes::decode(bytes)
        };
        let folds = |text: &str| text.chars().any(|c| lower(c) != c);
        if matches!(text, Cow::Borrowed(_)) && !(how.fold && folds(&text)) {
            return AsText { text, to_bytes: Vec::new() };
        }
        let mut seen = String::with_capacity(text.len());
        let mut places = Vec::with_capacity(text.len() + 1);
        let mut at = 0;
        for c in text.chars() {
            let shown = if how.fold { lower(c) } else { c };
            seen.push(shown);
            places.extend(std::iter::repeat_n(at, shown.len_utf8()));
            // A stand-in is one byte of the input; any other character its UTF-8.
            at += if toolsh_bytes::char_byte(c).is_some() { 1 } else { c.len_utf8() };
        }
        places.push(at);
        AsText { text: Cow::Owned(seen), to_bytes: places }
    }

    /// The text.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The place in the bytes of place `at` in the text.
    pub fn byte_at(&self, at: usize) -> usize {
        if self.to_bytes.is_empty() { at } else { self.to_bytes.get(at).copied().unwrap_or(at) }
    }

    /// The place in the text of place `at` in the bytes: the first character that starts
    /// there, or `None` when `at` is inside a character.
    pub fn text_at(&self, at: usize) -> Option<usize> {
        if self.to_bytes.is_empty() {
            return self.text.is_char_boundary(at).then_some(at);
        }
        let found = self.to_bytes.partition_point(|&b| b < at);
        (self.to_bytes.get(found) == Some(&at) && self.text.is_char_boundary(found)).then_some(found)
    }

    /// A span in the text as a span in the bytes.
    pub fn span(&self, start: usize, end: usize) -> (usize, usize) {
        (self.byte_at(start), self.byte_at(end))
    }
}

/// The lower case of `c` when it is one character (`İ`'s is two, and it stays).
fn lower(c: char) -> char {
    let mut lower = c.to_lowercase();
    match (lower.next(), lower.next()) {
        (Some(one), None) => one,
        _ => c,
    }
}

/// A translated POSIX expression ([`crate::text::posix_regex`]) for a matcher of text: each
/// pattern byte that is not UTF-8 (`(?-u:\xHH)`, which the regex crate matches as that byte)
/// as its stand-in character, which is what that byte is in an [`AsText`].
pub fn bytes_as_stand_ins(translated: &str) -> String {
    const OPEN: &str = "(?-u:\\x";
    let mut out = String::with_capacity(translated.len());
    let mut rest = translated;
    while let Some(at) = rest.find(OPEN) {
        let after = &rest[at + OPEN.len()..];
        let byte = after.get(..2).filter(|_| after.as_bytes().get(2) == Some(&b')'));
        match byte.and_then(|hex| u8::from_str_radix(hex, 16).ok()) {
            Some(byte) => {
                out.push_str(&rest[..at]);
                out.push_str(&format!("\\x{{{:X}}}", u32::from(toolsh_bytes::byte_char(byte))));
                rest = &after[3..];
            }
            None => {
                out.push_str(&rest[..at + OPEN.len()]);
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// A pattern as the C locale reads it: each character past ASCII as the bytes of its UTF-8,
/// each a stand-in (which a translation makes a byte to match, [`bytes_as_stand_ins`]).
pub fn pattern_bytes(pattern: &str) -> String {
    if pattern.is_ascii() {
        return pattern.to_string();
    }
    toolsh_bytes::encode(pattern).iter().map(|&b| toolsh_bytes::byte_char(b)).collect()
}

/// A translated expression for the regex crate with Unicode off (the C locale): a stand-in
/// left as a character (a bracket expression's member) as the byte it holds, and the named
/// classes of bracket expressions (which the translation gives as Unicode's) as ASCII's.
pub fn stand_ins_as_bytes(translated: &str) -> String {
    // The translation's forms of `[:alpha:]`, `[:punct:]`, … (posix_regex's `named_class`).
    const CLASSES: [(&str, &str); 10] = [
        ("[\\P{Cc}&&\\S]", "[:graph:]"),
        ("\\p{Alphabetic}", "[:alpha:]"),
        ("\\p{Nd}", "[:digit:]"),
        ("\\p{Uppercase}", "[:upper:]"),
        ("\\p{Lowercase}", "[:lower:]"),
        ("\\p{Zs}", " "),
        ("\\p{P}", "[:punct:]"),
        ("\\p{S}", ""),
        ("\\P{Cc}", "[:print:]"),
        ("\\p{Cc}", "[:cntrl:]"),
    ];
    let mut translated = translated.to_string();
    for (unicode, ascii) in CLASSES {
        translated = translated.replace(unicode, ascii);
    }
    let mut out = String::with_capacity(translated.len());
    for c in translated.chars() {
        match toolsh_bytes::char_byte(c) {
            Some(byte) => out.push_str(&format!("\\x{byte:02X}")),
            None => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn places_in_the_text_lead_back_to_the_bytes() {
        let line = b"k\x82\xc3\xa9x";
        let seen = AsText::with(line, How::default());
        let k = seen.text().find('k').unwrap_or_default();
        let x = seen.text().find('x').unwrap_or_default();
        assert_eq!(seen.byte_at(k), 0);
        assert_eq!(seen.byte_at(x), 4);
        assert_eq!(seen.byte_at(seen.text().len()), line.len());
        assert_eq!(seen.text_at(4), Some(x));
        assert_eq!(seen.text_at(3), None);
    }

    #[test]
    fn a_pattern_byte_becomes_its_stand_in() {
        let stand_in = u32::from(toolsh_bytes::byte_char(0xD3));
        assert_eq!(bytes_as_stand_ins("a(?-u:\\xD3)b"), format!("a\\x{{{stand_in:X}}}b"));
        assert_eq!(bytes_as_stand_ins("(?-u:\\xZZ)"), "(?-u:\\xZZ)");
    }

    #[test]
    fn a_folded_line_leads_back_to_its_bytes() {
        let seen = AsText::with("ǅA\u{212A}x".as_bytes(), How { each_byte: false, fold: true });
        assert_eq!(seen.text(), "ǆakx");
        let x = seen.text().find('x').unwrap_or_default();
        assert_eq!(seen.byte_at(x), 6);
    }

    #[test]
    fn the_c_locale_sees_each_byte() {
        let seen = AsText::with("é.".as_bytes(), How { each_byte: true, fold: false });
        assert_eq!(seen.text().chars().count(), 3);
        assert_eq!(seen.byte_at(seen.text().len()), 3);
        assert_eq!(pattern_bytes("é").chars().count(), 2);
        assert_eq!(stand_ins_as_bytes(&pattern_bytes("[é]")), "[\\xC3\\xA9]");
    }
}
