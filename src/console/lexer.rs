//! A forgiving scanner of one (possibly unfinished) command line into words and their roles:
//! what the console's highlighting and completion need to know while the user types. The parser
//! proper rejects unfinished input; this never fails and never allocates per character.

use std::ops::Range;

/// What a word does on the line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    /// The command of a simple command.
    Command,
    /// An argument of the command at the given index of the returned words (or of none).
    Argument(Option<usize>),
    /// A reserved word (`if`, `then`, `for`, `{`, …).
    Keyword,
    /// `NAME=value` before the command.
    Assignment,
    /// `|`, `&&`, `;`, `(`, a newline …
    Operator,
    /// `>`, `2>>`, `<`, `&>` …
    Redirect,
    /// `# …` to the end of the line.
    Comment,
}

/// One scanned word.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Word {
    /// Byte range in the line.
    pub span: Range<usize>,
    /// Its role.
    pub role: Role,
}

/// Reserved words after which a command is expected again.
const LEADING_KEYWORDS: &[&str] = &["if", "then", "else", "elif", "do", "while", "until", "!", "{", "time"];

/// The words of `line`, in order.
pub fn scan(line: &str) -> Vec<Word> {
    let bytes = line.as_bytes();
    let mut words = Vec::new();
    let mut at = 0;
    let mut command_expected = true;
    let mut current: Option<usize> = None;
    let mut after_redirect = false;
    while at < bytes.len() {
        let c = bytes[at];
        if c == b' ' || c == b'\t' {
            at += 1;
            continue;
        }
        let start = at;
        if c == b'#' {
            at = line[at..].find('\n').map_or(bytes.len(), |n| at + n);
            words.push(Word { span: start..at, role: Role::Comment });
            continue;
        }
        if let Some(end) = redirect_end(bytes, at) {
            at = end;
            words.push(Word { span: start..at, role: Role::Redirect });
            after_redirect = true;
            continue;
        }
        if matches!(c, b'|' | b'&' | b';' | b'(' | b')' | b'\n') {
            at += 1;
            while at < bytes.len() && matches!(bytes[at], b'|' | b'&' | b';') && c != b'\n' {
                at += 1;
            }
            words.push(Word { span: start..at, role: Role::Operator });
            command_expected = c != b')';
            current = None;
            continue;
        }
        at = word_end(bytes, at);
        let text = &line[start..at];
        let role = if after_redirect {
            after_redirect = false;
            Role::Argument(current)
        } else if command_expected {
            if is_assignment(text) {
                Role::Assignment
            } else if LEADING_KEYWORDS.contains(&text) {
                Role::Keyword
            } else if crate::parser::RESERVED_WORDS.contains(&text) {
                command_expected = matches!(text, "fi" | "done" | "esac" | "}" | "]]");
                Role::Keyword
            } else {
                command_expected = false;
                current = Some(words.len());
                Role::Command
            }
        } else {
            Role::Argument(current)
        };
        words.push(Word { span: start..at, role });
    }
    words
}

/// The end of a redirection operator starting at `at` (`2>>`, `&>`, `<`, `>&`, `<<-`), if one does.
fn redirect_end(bytes: &[u8], at: usize) -> Option<usize> {
    let mut end = at;
    while end < bytes.len() && bytes[end].is_ascii_digit() {
        end += 1;
    }
    if bytes.get(at) == Some(&b'&') && bytes.get(at + 1) == Some(&b'>') {
        end = at + 1;
    }
    if !matches!(bytes.get(end), Some(b'<' | b'>')) {
        return None;
    }
    end += 1;
    while matches!(bytes.get(end), Some(b'<' | b'>' | b'&' | b'|' | b'-')) {
        end += 1;
    }
    Some(end)
}

/// The end of the word starting at `at`: quotes, escapes and `$( )`/`${ }`/backquotes keep it
/// together; an unfinished one runs to the end of the line.
fn word_end(bytes: &[u8], mut at: usize) -> usize {
    while at < bytes.len() {
        match bytes[at] {
            b' ' | b'\t' | b'\n' | b'|' | b'&' | b';' | b'(' | b')' | b'<' | b'>' => return at,
            b'\\' => at = after_escape(bytes, at),
            b'\'' => at = bytes[at + 1..].iter().position(|&b| b == b'\'').map_or(bytes.len(), |n| at + n + 2),
            b'"' => at = quoted_end(bytes, at + 1),
            b'`' => at = bytes[at + 1..].iter().position(|&b| b == b'`').map_or(bytes.len(), |n| at + n + 2),
            b'$' if matches!(bytes.get(at + 1), Some(b'(' | b'{')) => at = group_end(bytes, at + 1),
            _ => at += 1,
        }
    }
    bytes.len()
}

/// Just past the character a backslash at `at` escapes (a whole UTF-8 sequence), so spans
/// never end inside a character.
pub fn after_escape(bytes: &[u8], at: usize) -> usize {
    let len = match bytes.get(at + 1).copied().unwrap_or(0) {
        0xF0..=0xF7 => 4,
        0xE0..=0xEF => 3,
        0xC0..=0xDF => 2,
        _ => 1,
    };
    (at + 1 + len).min(bytes.len())
}

/// The end of a double-quoted string whose body starts at `at` (past the closing quote).
pub fn quoted_end(bytes: &[u8], mut at: usize) -> usize {
    while at < bytes.len() {
        match bytes[at] {
            b'\\' => at = after_escape(bytes, at),
            b'"' => return at + 1,
            b'$' if matches!(bytes.get(at + 1), Some(b'(' | b'{')) => at = group_end(bytes, at + 1),
            _ => at += 1,
        }
    }
    bytes.len()
}

/// The end of a `( … )` or `{ … }` group opening at `at` (past the closer), nesting counted.
pub fn group_end(bytes: &[u8], at: usize) -> usize {
    let (open, close) = if bytes.get(at) == Some(&b'{') { (b'{', b'}') } else { (b'(', b')') };
    let mut depth = 0usize;
    let mut i = at;
    while i < bytes.len() {
        match bytes[i] {
            b'\\' => i = after_escape(bytes, i) - 1,
            b'\'' if open == b'(' => {
                i = bytes[i + 1..].iter().position(|&b| b == b'\'').map_or(bytes.len(), |n| i + n + 1);
            }
            b if b == open => depth += 1,
            b if b == close => {
                depth -= 1;
                if depth == 0 {
                    return i + 1;
                }
            }
            _ => {}
        }
        i += 1;
    }
    bytes.len()
}

fn is_assignment(text: &str) -> bool {
    let name = text.split_once('=').map_or("", |(name, _)| name.trim_end_matches('+'));
    let name = name.split_once('[').map_or(name, |(base, _)| base);
    crate::interp::vars::is_name(name)
}

#[cfg(test)]
mod tests {
    use super::{Role, scan};

    fn roles(line: &str) -> Vec<(&str, Role)> {
        scan(line).into_iter().map(|w| (&line[w.span], w.role)).collect()
    }

    #[test]
    fn commands_arguments_and_operators() {
        assert_eq!(
            roles("x=1 grep -n 'a b' f.txt | wc -l && echo \"$x\" # done"),
            [
                ("x=1", Role::Assignment),
                ("grep", Role::Command),
                ("-n", Role::Argument(Some(1))),
                ("'a b'", Role::Argument(Some(1))),
                ("f.txt", Role::Argument(Some(1))),
                ("|", Role::Operator),
                ("wc", Role::Command),
                ("-l", Role::Argument(Some(6))),
                ("&&", Role::Operator),
                ("echo", Role::Command),
                ("\"$x\"", Role::Argument(Some(9))),
                ("# done", Role::Comment),
            ]
        );
    }

    #[test]
    fn keywords_redirections_and_unfinished_input() {
        assert_eq!(
            roles("if true; then cat 2>err <in; fi"),
            [
                ("if", Role::Keyword),
                ("true", Role::Command),
                (";", Role::Operator),
                ("then", Role::Keyword),
                ("cat", Role::Command),
                ("2>", Role::Redirect),
                ("err", Role::Argument(Some(4))),
                ("<", Role::Redirect),
                ("in", Role::Argument(Some(4))),
                (";", Role::Operator),
                ("fi", Role::Keyword),
            ]
        );
        assert_eq!(roles("echo \"$(ls | wc"), [("echo", Role::Command), ("\"$(ls | wc", Role::Argument(Some(0)))]);
        assert_eq!(roles("echo 'open"), [("echo", Role::Command), ("'open", Role::Argument(Some(0)))]);
        // An escaped multi-byte character stays whole, also at the end of the line.
        assert_eq!(
            roles("echo a\\é \"\\é\" \\"),
            [
                ("echo", Role::Command),
                ("a\\é", Role::Argument(Some(0))),
                ("\"\\é\"", Role::Argument(Some(0))),
                ("\\", Role::Argument(Some(0))),
            ]
        );
    }
}
