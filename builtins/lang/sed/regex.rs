//! sed's regexes: a script's expression (its escapes already made bytes by `normalize`) as a
//! POSIX basic or extended expression, with GNU sed's `I` and `M` modifiers. Without `M`, `.`
//! and `[^…]` match a newline and `^`/`$` anchor at the pattern space's ends only; with it, they
//! anchor at each line (the line separator of `-z` being NUL) and neither `.` nor `[^…]`
//! crosses one.

use super::Re;
use crate::text::posix_regex;
use std::sync::Arc;

pub use posix_regex::Groups;

/// How an expression is read.
pub struct Flags {
    pub extended: bool,
    pub icase: bool,
    pub multiline: bool,
    /// What separates lines (`-z`: NUL), where `M`'s anchors match.
    pub separator: u8,
    /// Each byte is a character (the C locale).
    pub bytes: bool,
}

/// Compiles `pattern`; the error in GNU's words where it has them.
pub fn compile(pattern: &[u8], flags: &Flags) -> Result<Re, String> {
    // In the C locale each byte past ASCII is a character of its own (its stand-in).
    let text: std::borrow::Cow<'_, str> = if flags.bytes {
        pattern.iter().map(|&b| toolsh_bytes::byte_char(b)).collect::<String>().into()
    } else {
        toolsh_bytes::decode(pattern)
    };
    let mut translated = if flags.extended { posix_regex::extended(&text) } else { posix_regex::basic(&text) };
    if flags.multiline {
        translated = posix_regex::negated_classes_without(&translated, flags.separator);
    }
    let options = posix_regex::Options {
        ignore_case: flags.icase,
        dot_matches_new_line: !flags.multiline,
        multi_line: flags.multiline,
        line_terminator: flags.separator,
        bytes: flags.bytes,
    };
    posix_regex::Compiled::with(&translated, &options).map(Arc::new)
}
