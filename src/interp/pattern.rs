//! Shell pattern matching (`case`, `[[ == ]]`, `${x#pat}`, globbing): `*`, `?`, `[…]` with
//! classes, and the extended forms `@( )`, `*( )`, `+( )`, `?( )`, `!( )`.
//!
//! Patterns arrive as text where a backslash quotes the next character (the expander escapes
//! quoted parts that way). Matching backtracks over characters.

/// One element of a compiled pattern.
#[derive(Debug, Clone, PartialEq)]
enum Tok {
    Char(char),
    Any,
    Star,
    Class { negated: bool, items: Vec<ClassItem> },
    Ext { kind: char, alternatives: Vec<Vec<Tok>> },
}

#[derive(Debug, Clone, PartialEq)]
enum ClassItem {
    Char(char),
    Range(char, char),
    Named(String),
}

/// A compiled pattern.
#[derive(Debug, Clone, PartialEq)]
pub struct Pattern {
    toks: Vec<Tok>,
    nocase: bool,
}

impl Pattern {
    /// Compiles `text` (backslash quotes the next character).
    pub fn new(text: &str) -> Self {
        let chars: Vec<char> = text.chars().collect();
        let mut pos = 0;
        let toks = compile(&chars, &mut pos, None);
        Pattern { toks, nocase: false }
    }

    /// Compiles for case-insensitive matching.
    pub fn new_nocase(text: &str) -> Self {
        let mut pattern = Pattern::new(&text.to_lowercase());
        pattern.nocase = true;
        pattern
    }

    /// True when the whole of `text` matches.
    pub fn matches(&self, text: &str) -> bool {
        let chars: Vec<char> = if self.nocase { text.to_lowercase().chars().collect() } else { text.chars().collect() };
        matches_at(&self.toks, &chars)
    }

    /// True when `chars` matches.
    pub fn matches_chars(&self, chars: &[char]) -> bool {
        matches_at(&self.toks, chars)
    }
}

/// True when `text` contains an unquoted pattern character.
pub fn has_magic(text: &str) -> bool {
    let mut escaped = false;
    let bytes = text.as_bytes();
    for (idx, &byte) in bytes.iter().enumerate() {
        if escaped {
            escaped = false;
            continue;
        }
        match byte {
            b'\\' => escaped = true,
            b'*' | b'?' | b'[' => return true,
            b'+' | b'@' | b'!' if bytes.get(idx + 1) == Some(&b'(') => return true,
            _ => {}
        }
    }
    false
}

/// Removes pattern quoting (backslashes) from `text`.
pub fn unescape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c == '\\'
            && let Some(next) = chars.next()
        {
            out.push(next);
            continue;
        }
        out.push(c);
    }
    out
}

/// Quotes every pattern character of `text`.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    for c in text.chars() {
        if matches!(c, '*' | '?' | '[' | ']' | '\\' | '(' | ')' | '|' | '!' | '@' | '+') {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

fn compile(chars: &[char], pos: &mut usize, stop: Option<&[char]>) -> Vec<Tok> {
    let mut toks = Vec::new();
    while *pos < chars.len() {
        let c = chars[*pos];
        if stop.is_some_and(|s| s.contains(&c)) {
            break;
        }
        match c {
            '\\' => {
                *pos += 1;
                if *pos < chars.len() {
                    toks.push(Tok::Char(chars[*pos]));
                    *pos += 1;
                } else {
                    toks.push(Tok::Char('\\'));
                }
            }
            '*' | '?' | '+' | '@' | '!' if chars.get(*pos + 1) == Some(&'(') => {
                let save = *pos;
                *pos += 2;
                let mut alternatives = Vec::new();
                let mut closed = false;
                loop {
                    alternatives.push(compile(chars, pos, Some(&['|', ')'])));
                    match chars.get(*pos) {
                        Some('|') => *pos += 1,
                        Some(')') => {
                            *pos += 1;
                            closed = true;
                            break;
                        }
                        _ => break,
                    }
                }
                if closed {
                    toks.push(Tok::Ext { kind: c, alternatives });
                } else {
                    *pos = save + 1;
                    toks.push(match c {
                        '*' => Tok::Star,
                        '?' => Tok::Any,
                        other => Tok::Char(other),
                    });
                }
            }
            '*' => {
                *pos += 1;
                if toks.last() != Some(&Tok::Star) {
                    toks.push(Tok::Star);
                }
            }
            '?' => {
                *pos += 1;
                toks.push(Tok::Any);
            }
            '[' => match compile_class(chars, *pos) {
                Some((tok, next)) => {
                    toks.push(tok);
                    *pos = next;
                }
                None => {
                    toks.push(Tok::Char('['));
                    *pos += 1;
                }
            },
            other => {
                toks.push(Tok::Char(other));
                *pos += 1;
            }
        }
    }
    toks
}

fn compile_class(chars: &[char], open: usize) -> Option<(Tok, usize)> {
    let mut pos = open + 1;
    let mut negated = false;
    if matches!(chars.get(pos), Some('!' | '^')) {
        negated = true;
        pos += 1;
    }
    let mut items = Vec::new();
    let mut first = true;
    loop {
        let c = *chars.get(pos)?;
        if c == ']' && !first {
            return Some((Tok::Class { negated, items }, pos + 1));
        }
        first = false;
        if c == '[' && chars.get(pos + 1) == Some(&':') {
            let rest: String = chars[pos + 2..].iter().collect();
            if let Some(end) = rest.find(":]") {
                items.push(ClassItem::Named(rest[..end].to_string()));
                pos += 2 + rest[..end].chars().count() + 2;
                continue;
            }
        }
        let mut literal = c;
        if c == '\\' {
            pos += 1;
            literal = *chars.get(pos)?;
        }
        if chars.get(pos + 1) == Some(&'-') && chars.get(pos + 2).is_some_and(|&e| e != ']') {
            let mut end = *chars.get(pos + 2)?;
            let mut skip = 3;
            if end == '\\' {
                end = *chars.get(pos + 3)?;
                skip = 4;
            }
            items.push(ClassItem::Range(literal, end));
            pos += skip;
        } else {
            items.push(ClassItem::Char(literal));
            pos += 1;
        }
    }
}

fn class_matches(items: &[ClassItem], c: char) -> bool {
    items.iter().any(|item| match item {
        ClassItem::Char(x) => *x == c,
        ClassItem::Range(lo, hi) => *lo <= c && c <= *hi,
        ClassItem::Named(name) => match name.as_str() {
            "alpha" => c.is_alphabetic(),
            "digit" => c.is_ascii_digit(),
            "alnum" => c.is_alphanumeric(),
            "upper" => c.is_uppercase(),
            "lower" => c.is_lowercase(),
            "space" => c.is_whitespace(),
            "blank" => c == ' ' || c == '\t',
            "punct" => c.is_ascii_punctuation(),
            "xdigit" => c.is_ascii_hexdigit(),
            "cntrl" => c.is_control(),
            "print" => !c.is_control(),
            "graph" => !c.is_control() && c != ' ',
            "word" => c.is_alphanumeric() || c == '_',
            _ => false,
        },
    })
}

fn matches_at(toks: &[Tok], text: &[char]) -> bool {
    let Some((first, rest)) = toks.split_first() else {
        return text.is_empty();
    };
    match first {
        Tok::Char(c) => text.first() == Some(c) && matches_at(rest, &text[1..]),
        Tok::Any => !text.is_empty() && matches_at(rest, &text[1..]),
        Tok::Class { negated, items } => {
            text.first().is_some_and(|&c| class_matches(items, c) != *negated) && matches_at(rest, &text[1..])
        }
        Tok::Star => {
            if rest.is_empty() {
                return true;
            }
            (0..=text.len()).any(|k| matches_at(rest, &text[k..]))
        }
        Tok::Ext { kind, alternatives } => match kind {
            '@' => (0..=text.len()).any(|k| any_alt(alternatives, &text[..k]) && matches_at(rest, &text[k..])),
            '?' => {
                matches_at(rest, text)
                    || (0..=text.len()).any(|k| any_alt(alternatives, &text[..k]) && matches_at(rest, &text[k..]))
            }
            '+' | '*' => {
                (*kind == '*' && matches_at(rest, text))
                    || (1..=text.len()).any(|k| {
                        any_alt(alternatives, &text[..k])
                            && (matches_at(rest, &text[k..]) || matches_at(toks, &text[k..]))
                    })
            }
            _ => (0..=text.len()).any(|k| !any_alt(alternatives, &text[..k]) && matches_at(rest, &text[k..])),
        },
    }
}

fn any_alt(alternatives: &[Vec<Tok>], text: &[char]) -> bool {
    alternatives.iter().any(|alt| matches_at(alt, text))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(pattern: &str, text: &str, expected: bool) {
        assert_eq!(Pattern::new(pattern).matches(text), expected, "{pattern:?} vs {text:?}");
    }

    #[test]
    fn basics() {
        check("*.txt", "a.txt", true);
        check("*.txt", "a.txt.bak", false);
        check("a?c", "abc", true);
        check("[a-c]x", "bx", true);
        check("[!a-c]x", "bx", false);
        check("[[:digit:]]*", "9lives", true);
        check("\\*", "*", true);
        check("\\*", "a", false);
        check("@(foo|bar).c", "bar.c", true);
        check("!(foo).c", "foo.c", false);
        check("!(foo).c", "baz.c", true);
        check("+(ab)", "ababab", true);
        check("*(ab)c", "c", true);
        check("?(x)y", "xy", true);
        check("[]]", "]", true);
    }
}
