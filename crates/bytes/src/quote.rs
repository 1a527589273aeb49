//! File names in messages, quoted as GNU's tools quote them (gnulib's `quotearg`).
//!
//! GNU coreutils, findutils, grep, sed and tar never print a name bare when a reader could
//! misread it: [`quotef`] (`prog: NAME: message`) leaves a plain name bare and otherwise
//! writes what a shell reads back as the name; [`quoteaf`] (`cannot remove NAME`) always
//! quotes it that way; [`quote`] (`cannot create directory NAME`) puts it in quotes with C
//! escapes. Control characters and bytes that are not UTF-8 (toolsh's stand-ins,
//! [`crate::char_byte`]) become `$'\n'`, `$'\351'` pieces.
//!
//! The rules are gnulib's, as GNU's tools show them in a UTF-8 locale (the compat suite
//! records them under `C.UTF-8`), with one change: [`quote`]'s marks are ASCII `'`, where a
//! UTF-8 locale prints `‘’`. Two of gnulib's oddities are kept, since the real tools print
//! them: a name holding `'` and only characters a C string shows as they are is written in
//! double quotes (`"it's"`), and when such a name also ends in an escaped character, the text
//! starts with an extra `''` (gnulib scans the name once, then quotes it again with the
//! first scan's state left over: `'''a'\'''$'\n'`).

/// One piece of a name as quoting sees it.
#[derive(Clone, Copy)]
enum Unit {
    /// A character shown as it is; `compat` when a C string shows it unchanged too (what
    /// decides the double quotes), `special` when a shell would read it specially.
    Plain { c: char, compat: bool, special: bool },
    /// `'`.
    Quote,
    /// A character shown by a C escape (`\n`), or a byte shown in octal (`\351`).
    Escape(char),
    /// A byte that is not printable, shown in octal.
    Octal(u8),
}

/// The C escape letter of a control character, as gnulib writes it.
fn escape_letter(c: char) -> Option<char> {
    Some(match c {
        '\x07' => 'a',
        '\x08' => 'b',
        '\x0c' => 'f',
        '\n' => 'n',
        '\r' => 'r',
        '\t' => 't',
        '\x0b' => 'v',
        _ => return None,
    })
}

/// Whether glibc's `iswprint` holds for `c` in a UTF-8 locale, as near as std can tell:
/// control characters and the line and paragraph separators are not printable.
fn printable(c: char) -> bool {
    !c.is_control() && c != '\u{2028}' && c != '\u{2029}'
}

/// The pieces of `name`, with `colon` making `:` special (as `quotef` does).
fn units(name: &str, colon: bool) -> Vec<Unit> {
    let alone = name.len() == 1;
    let mut out = Vec::with_capacity(name.len());
    for (at, c) in name.char_indices() {
        if let Some(byte) = crate::char_byte(c) {
            out.push(Unit::Octal(byte));
            continue;
        }
        let unit = match c {
            '\'' => Unit::Quote,
            '\\' => Unit::Plain { c, compat: false, special: true },
            c if escape_letter(c).is_some() => Unit::Escape(c),
            // Special only as a whole word (`{`) or at the start (`#`, `~`).
            '{' | '}' => Unit::Plain { c, compat: alone, special: alone },
            '#' | '~' => Unit::Plain { c, compat: at == 0, special: at == 0 },
            ' ' => Unit::Plain { c, compat: true, special: true },
            '!' | '"' | '$' | '&' | '(' | ')' | '*' | ';' | '<' | '=' | '>' | '[' | '^' | '`' | '|' | '?' => {
                Unit::Plain { c, compat: false, special: true }
            }
            ':' => Unit::Plain { c, compat: true, special: colon },
            c if !printable(c) => {
                // Each byte of an unprintable character in octal, as gnulib escapes it.
                let mut buf = [0u8; 4];
                for byte in c.encode_utf8(&mut buf).bytes() {
                    out.push(Unit::Octal(byte));
                }
                continue;
            }
            c => Unit::Plain { c, compat: true, special: false },
        };
        out.push(unit);
    }
    out
}

/// One pass of gnulib's always-quoting shell style over `units`, starting with `pending` (a
/// `$'…'` piece left open); the text and whether a piece is left open at the end.
fn shell_pass(units: &[Unit], mut pending: bool) -> (String, bool) {
    let mut out = String::from("'");
    for unit in units {
        let escaped = match *unit {
            Unit::Quote => {
                out.push_str("'\\''");
                pending = false;
                continue;
            }
            Unit::Plain { c, .. } => {
                if pending {
                    out.push_str("''");
                    pending = false;
                }
                out.push(c);
                continue;
            }
            Unit::Escape(c) => format!("\\{}", escape_letter(c).unwrap_or('?')),
            Unit::Octal(byte) => format!("\\{byte:03o}"),
        };
        if !pending {
            out.push_str("'$'");
            pending = true;
        }
        out.push_str(&escaped);
    }
    out.push('\'');
    (out, pending)
}

/// gnulib's `shell_escape_always_quoting_style` over the pieces of `name`.
fn shell_always(name: &str, units: &[Unit]) -> String {
    let has_quote = units.iter().any(|u| matches!(u, Unit::Quote));
    if !has_quote {
        return shell_pass(units, false).0;
    }
    let compat = units.iter().all(|u| match u {
        Unit::Quote => true,
        Unit::Plain { compat, .. } => *compat,
        Unit::Escape(_) | Unit::Octal(_) => false,
    });
    if compat {
        // Nothing a C string would escape: "it's" reads better than 'it'\''s'.
        return format!("\"{name}\"");
    }
    // gnulib scans first, then quotes with the scan's open `$'…'` piece left over.
    let (_, left_open) = shell_pass(units, false);
    shell_pass(units, left_open).0
}

/// `quotef`: a name as GNU prints it before a colon (`cat: NAME: No such file or
/// directory`): bare when a shell would read it as it is, else quoted as [`quoteaf`] does;
/// a `:` in it is quoted too.
pub fn quotef(name: &str) -> String {
    let units = units(name, true);
    let bare = !name.is_empty() && units.iter().all(|u| matches!(u, Unit::Plain { special: false, .. }));
    if bare { name.to_string() } else { shell_always(name, &units) }
}

/// `quoteaf`: a name as GNU prints it inside a sentence (`cannot remove NAME`): always
/// quoted so that a shell reads it back as the name (`'a b'`, `"it's"`, `'x'$'\n''y'`).
pub fn quoteaf(name: &str) -> String {
    shell_always(name, &units(name, false))
}

/// `quote`: a name in quotes with C escapes (`'/tmp/a\tb'`, `'f\351'`), as GNU's `mkdir`,
/// `chmod` or `ln` print some names. The marks are ASCII `'` (a UTF-8 locale prints `‘’`);
/// a `’` in the name is escaped, as it would close the quote there.
pub fn quote(name: &str) -> String {
    let mut out = String::from("'");
    c_escape(&mut out, name, |c| c == '\\' || c == '\u{2019}');
    out.push('\'');
    out
}

/// `name` written into `out` in C's escapes: a byte that is not UTF-8 and an unprintable
/// character in octal (`\351`), a control character by its letter (`\t`), and the characters
/// `escaped` picks after a backslash; the rest as it is.
fn c_escape(out: &mut String, name: &str, escaped: impl Fn(char) -> bool) {
    use std::fmt::Write;
    for c in name.chars() {
        if let Some(byte) = crate::char_byte(c) {
            let _ = write!(out, "\\{byte:03o}");
        } else if let Some(letter) = escape_letter(c) {
            out.push('\\');
            out.push(letter);
        } else if escaped(c) {
            out.push('\\');
            out.push(c);
        } else if !printable(c) {
            let mut buf = [0u8; 4];
            for byte in c.encode_utf8(&mut buf).bytes() {
                let _ = write!(out, "\\{byte:03o}");
            }
        } else {
            out.push(c);
        }
    }
}

/// A name as GNU tar prints it in messages (`tar: NAME: Cannot open: …`): as [`tar_listed`],
/// with `:` as `\:` so the name cannot be mistaken for the message's colon.
pub fn tar_name(name: &str) -> String {
    tar_escaped(name, true)
}

/// A member name as GNU tar lists it (`tar t`, `-v`; gnulib's escape style): no quotes, control
/// characters as C escapes (`\t`), other unprintable characters and bytes that are not UTF-8 in
/// octal (`\351`), a backslash doubled.
pub fn tar_listed(name: &str) -> String {
    tar_escaped(name, false)
}

fn tar_escaped(name: &str, colon: bool) -> String {
    let mut out = String::with_capacity(name.len());
    c_escape(&mut out, name, |c| c == '\\' || (colon && c == ':'));
    out
}

/// The quoting styles of GNU `ls --quoting-style=WORD` (gnulib's, by their names).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Style {
    /// The name as it is.
    Literal,
    /// In `'…'` when a shell would misread it; other bytes as they are.
    Shell,
    /// Always in `'…'`.
    ShellAlways,
    /// As [`Style::Shell`], with `$'\n'` pieces for what is not printable.
    ShellEscape,
    /// Always quoted, with `$'\n'` pieces ([`quoteaf`]).
    ShellEscapeAlways,
    /// In `"…"` with C escapes.
    C,
    /// As [`Style::C`] when something needs an escape, else as it is.
    CMaybe,
    /// C escapes without quotes; a space is `\ ` (as `ls -b` shows it).
    Escape,
    /// In the locale's quotes (`‘…’` in a UTF-8 locale) with C escapes.
    Locale,
    /// As [`Style::Locale`] (the same in a UTF-8 locale).
    Clocale,
}

impl Style {
    /// Every style by its name, in gnulib's order.
    pub const NAMES: [(&'static str, Style); 10] = [
        ("literal", Style::Literal),
        ("shell", Style::Shell),
        ("shell-always", Style::ShellAlways),
        ("shell-escape", Style::ShellEscape),
        ("shell-escape-always", Style::ShellEscapeAlways),
        ("c", Style::C),
        ("c-maybe", Style::CMaybe),
        ("escape", Style::Escape),
        ("locale", Style::Locale),
        ("clocale", Style::Clocale),
    ];

    /// The style named `word`, exactly.
    pub fn named(word: &str) -> Option<Style> {
        Style::NAMES.iter().find(|(name, _)| *name == word).map(|(_, style)| *style)
    }
}

/// `name` in `style`, as GNU `ls` shows it; the characters in `also` are quoted too (`ls -F`
/// quotes its indicator characters so a name cannot seem to carry one).
pub fn styled(name: &str, style: Style, also: &[char]) -> String {
    match style {
        Style::Literal => name.to_string(),
        Style::Shell | Style::ShellAlways => {
            let units = units(name, false);
            // What makes gnulib's shell style quote: a character a shell reads specially, a
            // quote, a line break or tab, a character of `also`.
            let needs = name.is_empty()
                || units.iter().any(|unit| match *unit {
                    Unit::Quote => true,
                    Unit::Plain { c, special, .. } => special || also.contains(&c),
                    Unit::Escape(c) => matches!(c, '\n' | '\r' | '\t'),
                    Unit::Octal(_) => false,
                });
            if style == Style::Shell && !needs {
                return name.to_string();
            }
            let compat = units.iter().all(|u| match u {
                Unit::Quote => true,
                Unit::Plain { compat, .. } => *compat,
                Unit::Escape(_) | Unit::Octal(_) => false,
            });
            if name.contains('\'') && compat {
                return format!("\"{name}\"");
            }
            format!("'{}'", name.replace('\'', "'\\''"))
        }
        Style::ShellEscape => {
            let units = units(name, false);
            let bare = !name.is_empty()
                && units.iter().all(|u| matches!(u, Unit::Plain { special: false, c, .. } if !also.contains(c)));
            if bare { name.to_string() } else { shell_always(name, &units) }
        }
        Style::ShellEscapeAlways => quoteaf(name),
        Style::C => format!("\"{}\"", c_body(name, CMarks::Double, also)),
        Style::CMaybe => {
            // A backslash alone is no reason to quote (gnulib leaves it bare when eliding).
            let body = c_body(name, CMarks::Double, also);
            if body.replace("\\\\", "\\") == name { name.to_string() } else { format!("\"{body}\"") }
        }
        Style::Escape => c_body(name, CMarks::None, also),
        Style::Locale | Style::Clocale => format!("\u{2018}{}\u{2019}", c_body(name, CMarks::Curly, also)),
    }
}

/// Which quotes surround a C-escaped name (and so are escaped inside it).
#[derive(Clone, Copy, PartialEq, Eq)]
enum CMarks {
    Double,
    Curly,
    /// None: a space is escaped instead (`ls -b`).
    None,
}

/// `name` with C escapes, for the C-like styles.
fn c_body(name: &str, marks: CMarks, also: &[char]) -> String {
    let mut out = String::with_capacity(name.len());
    c_escape(&mut out, name, |c| {
        c == '\\'
            || (c == '"' && marks == CMarks::Double)
            || (c == '\u{2019}' && marks == CMarks::Curly)
            || (c == ' ' && marks == CMarks::None)
            || also.contains(&c)
    });
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn raw(bytes: &[u8]) -> String {
        crate::decode(bytes).into_owned()
    }

    // Each expectation is what GNU coreutils 9.1's cat/rm/mkdir print under C.UTF-8.
    #[test]
    fn quotef_is_bare_when_safe() {
        for name in ["a", "é", "a~", "a#", "a{", "-x", "a@b", "‘q", "%+,-./_]"] {
            assert_eq!(quotef(name), name);
        }
        assert_eq!(quotef(""), "''");
        assert_eq!(quotef("a:b"), "'a:b'");
        assert_eq!(quotef("~a"), "'~a'");
        assert_eq!(quotef("#a"), "'#a'");
        assert_eq!(quotef("{"), "'{'");
        assert_eq!(quotef("=a"), "'=a'");
        assert_eq!(quotef("a?b"), "'a?b'");
        assert_eq!(quotef("a\\b"), "'a\\b'");
        assert_eq!(quotef("a\"b"), "'a\"b'");
        assert_eq!(quotef("a b"), "'a b'");
        assert_eq!(quotef("a$b"), "'a$b'");
    }

    #[test]
    fn single_quotes() {
        assert_eq!(quotef("a'b"), "\"a'b\"");
        assert_eq!(quotef("a'b c"), "\"a'b c\"");
        assert_eq!(quotef("'"), "\"'\"");
        assert_eq!(quotef("#'a"), "\"#'a\"");
        assert_eq!(quotef("a@'"), "\"a@'\"");
        assert_eq!(quotef("a'é"), "\"a'é\"");
        assert_eq!(quotef("a'$b"), "'a'\\''$b'");
        assert_eq!(quotef("a#'"), "'a#'\\'''");
        assert_eq!(quotef("{'"), "'{'\\'''");
        assert_eq!(quotef("a'?"), "'a'\\''?'");
        assert_eq!(quotef("a'\\b"), "'a'\\''\\b'");
    }

    #[test]
    fn escapes() {
        assert_eq!(quotef("x\ny"), "'x'$'\\n''y'");
        assert_eq!(quotef("a\tb"), "'a'$'\\t''b'");
        assert_eq!(quotef(&raw(b"f\xe9")), "'f'$'\\351'");
        assert_eq!(quotef(&raw(b"\xe9")), "''$'\\351'");
        assert_eq!(quotef("a\x01b"), "'a'$'\\001''b'");
        assert_eq!(quotef("a\x7f"), "'a'$'\\177'");
        assert_eq!(quoteaf(&raw(b"f\xe9x")), "'f'$'\\351''x'");
        assert_eq!(quoteaf("a b"), "'a b'");
        assert_eq!(quoteaf("a"), "'a'");
    }

    #[test]
    fn quotes_and_escapes_together() {
        assert_eq!(quotef("a'\n"), "'''a'\\'''$'\\n'");
        assert_eq!(quotef("a'\nb"), "'a'\\'''$'\\n''b'");
        assert_eq!(quotef("x'y\tz"), "'x'\\''y'$'\\t''z'");
        assert_eq!(quotef("'\n"), "''\\'''$'\\n'");
        assert_eq!(quotef(&raw(b"ab'c\xe9")), "'''ab'\\''c'$'\\351'");
        assert_eq!(quotef("\n'"), "''$'\\n'\\'''");
        assert_eq!(quotef("a\nb'c"), "'a'$'\\n''b'\\''c'");
        assert_eq!(quotef(&raw(b"a'\xe2\x80")), "'''a'\\'''$'\\342\\200'");
        // The left-over open piece swallows the next one's `'$'`.
        assert_eq!(quotef("\x01'\x01"), "'\\001'\\'''$'\\001'");
    }

    #[test]
    fn tar_style() {
        assert_eq!(tar_name("a\\b"), "a\\\\b");
        assert_eq!(tar_name("a:b"), "a\\:b");
        assert_eq!(tar_name(&raw(b"\xe9\xc3\xa9")), "\\351\u{e9}");
        assert_eq!(tar_name("x\ty \"?'"), "x\\ty \"?'");
        assert_eq!(tar_name("\x01\x7f"), "\\001\\177");
        assert_eq!(tar_listed("a:b\nc"), "a:b\\nc");
    }

    // Each expectation is what GNU ls 9.1 --quoting-style=WORD prints under C.UTF-8.
    #[test]
    fn ls_styles() {
        let sh = |name: &str| styled(name, Style::Shell, &[]);
        assert_eq!(sh("plain"), "plain");
        assert_eq!(sh("a b"), "'a b'");
        assert_eq!(sh("it's"), "\"it's\"");
        assert_eq!(sh("q'$x"), "'q'\\''$x'");
        assert_eq!(sh("nl\nx"), "'nl\nx'");
        assert_eq!(styled("at@", Style::Shell, &['@']), "'at@'");
        assert_eq!(styled("plain", Style::ShellAlways, &[]), "'plain'");
        assert_eq!(styled("tab\tx", Style::ShellEscape, &[]), "'tab'$'\\t''x'");
        assert_eq!(styled(&raw(b"\xe9t"), Style::ShellEscape, &[]), "''$'\\351''t'");
        assert_eq!(styled("d\"q", Style::C, &[]), "\"d\\\"q\"");
        assert_eq!(styled("back\\slash", Style::CMaybe, &[]), "back\\slash");
        assert_eq!(styled("d\"q", Style::CMaybe, &[]), "\"d\\\"q\"");
        assert_eq!(styled("a b\\", Style::Escape, &[]), "a\\ b\\\\");
        assert_eq!(styled("it's", Style::Locale, &[]), "\u{2018}it's\u{2019}");
    }

    #[test]
    fn locale_style() {
        assert_eq!(quote("/nonexist/\t"), "'/nonexist/\\t'");
        assert_eq!(quote("/nonexist/a'b"), "'/nonexist/a'b'");
        assert_eq!(quote(&raw(b"/nonexist/\xe9")), "'/nonexist/\\351'");
        assert_eq!(quote("a\\b\x01\x7f\"'\u{2019}"), "'a\\\\b\\001\\177\"'\\\u{2019}'");
    }
}
