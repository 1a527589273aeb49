//! Shell pattern matching (`case`, `[[ == ]]`, `${x#pat}`, globbing): `*`, `?`, `[…]` with
//! classes, and the extended forms `@( )`, `*( )`, `+( )`, `?( )`, `!( )`.
//!
//! Patterns arrive as text where a backslash quotes the next character (the expander escapes
//! quoted parts that way). Matching takes time polynomial in the text, never exponential:
//! plain patterns by the two-pointer walk, extended ones memoised (see `ExtMatcher`).
//! Extended forms nest at most [`MAX_EXT_DEPTH`] deep: compiling, matching and dropping one
//! recurse per level, and `@(@(@(…` 100,000 deep overflowed the stack and ended the process.

/// How deep extended forms nest (the shell parser's own nesting limit); an opening past it is
/// read as the plain characters an unclosed one is read as.
pub const MAX_EXT_DEPTH: usize = 200;

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
        let toks = compile(&chars, &mut pos, None, 0);
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

    /// The one length of text this pattern can match, when it has one (no `*` and no
    /// extended form): `${x//a/b}` then tries one end at each place, not every end, which
    /// made a replacement over a long value quadratic.
    pub fn fixed_len(&self) -> Option<usize> {
        self.toks
            .iter()
            .all(|tok| matches!(tok, Tok::Char(_) | Tok::Any | Tok::Class { .. }))
            .then_some(self.toks.len())
    }

    /// True when `chars` matches.
    pub fn matches_chars(&self, chars: &[char]) -> bool {
        matches_at(&self.toks, chars)
    }

    /// True when the file name `name` matches, its leading `.` (when `period`) matched only
    /// by a `.` written in the pattern, never by `*`, `?`, a bracket or `!( )`: globbing's
    /// rule for hidden names (`FNM_PERIOD`), also inside extended forms (`@(.a|*)` matches
    /// `.a` but not `.b`; `*(x).a` matches `.a`).
    pub fn matches_name(&self, name: &str, period: bool) -> bool {
        let chars: Vec<char> = if self.nocase { name.to_lowercase().chars().collect() } else { name.chars().collect() };
        let period = period && chars.first() == Some(&'.');
        if !self.toks.iter().any(|tok| matches!(tok, Tok::Ext { .. })) {
            return match_simple(&self.toks, &chars, period, &mut 0);
        }
        ExtMatcher { text: &chars, memo: Default::default(), steps: 0, period }.seq(&self.toks, 0, chars.len())
    }
}

/// True when `text` contains an unquoted pattern character: `*`, `?`, an extended glob, or a
/// `[` that a `]` closes (a lone `[`, as in `[ "$i" -lt 3 ]`, is an ordinary character, so
/// such a word never lists a directory).
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
            b'*' | b'?' => return true,
            b'[' => {
                // A `]` first in the expression (after `!` or `^`) is a member, not its end.
                let first = idx + 1 + usize::from(matches!(bytes.get(idx + 1), Some(b'!' | b'^')));
                if bytes.get(first + 1..).is_some_and(|rest| rest.contains(&b']')) {
                    return true;
                }
            }
            b'+' | b'@' | b'!' if bytes.get(idx + 1) == Some(&b'(') => return true,
            _ => {}
        }
    }
    false
}

/// Splits a list of patterns at `sep` (`GLOBIGNORE`'s `:`), not at one inside a bracket
/// expression or an extended form (`@([-.,:;])` is one pattern), as bash's
/// `split_ignorespec` does.
pub fn split_patterns(list: &str, sep: char) -> Vec<String> {
    let chars: Vec<char> = list.chars().collect();
    let (mut out, mut current, mut depth, mut i) = (Vec::new(), String::new(), 0usize, 0);
    while i < chars.len() {
        let c = chars[i];
        match c {
            '\\' => {
                current.extend(&chars[i..(i + 2).min(chars.len())]);
                i += 2;
                continue;
            }
            '[' => {
                if let Some((_, next)) = compile_class(&chars, i) {
                    current.extend(&chars[i..next]);
                    i = next;
                    continue;
                }
            }
            '(' if i > 0 && matches!(chars[i - 1], '*' | '?' | '+' | '@' | '!') => depth += 1,
            ')' if depth > 0 => depth -= 1,
            _ if c == sep && depth == 0 => {
                out.push(std::mem::take(&mut current));
                i += 1;
                continue;
            }
            _ => {}
        }
        current.push(c);
        i += 1;
    }
    out.push(current);
    out
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
        // `&` is no pattern character, but escaped it stays literal in a replacement; `-` and
        // `^` are one inside brackets (`[a\-z]` is three characters, not a range).
        if matches!(c, '*' | '?' | '[' | ']' | '\\' | '(' | ')' | '|' | '!' | '@' | '+' | '&' | '-' | '^') {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

fn compile(chars: &[char], pos: &mut usize, stop: Option<&[char]>, depth: usize) -> Vec<Tok> {
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
            '*' | '?' | '+' | '@' | '!'
                if chars.get(*pos + 1) == Some(&'(') && depth < MAX_EXT_DEPTH && brackets_close(chars, *pos + 2) =>
            {
                let save = *pos;
                *pos += 2;
                let mut alternatives = Vec::new();
                let mut closed = false;
                loop {
                    alternatives.push(compile(chars, pos, Some(&['|', ')']), depth + 1));
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

/// Reads a bracket expression as bash's `BRACKMATCH` does: `[:class:]`, `[=c=]`, collating
/// symbols `[.c.]` and `[.name.]` (POSIX names such as `hyphen`, `space`; an unknown one matches
/// nothing, nor does a range it bounds), ranges whose end sorts before their start match
/// nothing, the rest of the expression still counts. `None` when no `]` closes it (the `[` is
/// then an ordinary character).
/// bash's `glob_patscan`: an extended form whose text has a `[` no `]` closes (before its
/// `)`) is no form: `*(a|b[)` is a `*` and the characters `(a|b[)`.
fn brackets_close(chars: &[char], from: usize) -> bool {
    let (mut i, mut depth) = (from, 0usize);
    while i < chars.len() {
        match chars[i] {
            '\\' => i += 1,
            '[' => match compile_class(chars, i) {
                Some((_, next)) => {
                    i = next;
                    continue;
                }
                None => return false,
            },
            '(' => depth += 1,
            ')' if depth == 0 => return true,
            ')' => depth -= 1,
            _ => {}
        }
        i += 1;
    }
    true
}

fn compile_class(chars: &[char], open: usize) -> Option<(Tok, usize)> {
    let mut pos = open + 1;
    let mut negated = false;
    if matches!(chars.get(pos), Some('!' | '^')) {
        negated = true;
        pos += 1;
    }
    let mut items = Vec::new();
    let next = |pos: &mut usize| {
        let c = chars.get(*pos).copied();
        *pos += 1;
        c
    };
    let mut c = next(&mut pos)?;
    loop {
        if c == '['
            && chars.get(pos) == Some(&'=')
            && chars.get(pos + 2) == Some(&'=')
            && chars.get(pos + 3) == Some(&']')
        {
            items.push(ClassItem::Char(chars[pos + 1]));
            pos += 4;
            c = next(&mut pos)?;
            if c == ']' {
                break;
            }
            continue;
        }
        if c == '[' && chars.get(pos) == Some(&':') {
            if let Some(close) = find_pair(chars, pos + 1, ':') {
                items.push(ClassItem::Named(chars[pos + 1..close].iter().filter(|&&c| c != '\\').collect()));
                pos = close + 2;
            }
            c = next(&mut pos)?;
            if c == ']' {
                break;
            }
            continue;
        }
        // The start: a character, a quoted one, or a collating symbol (`None`: unknown).
        let mut start = Some(c);
        if c == '[' && chars.get(pos) == Some(&'.') {
            start = collating_symbol(chars, &mut pos);
        } else if c == '\\' {
            start = Some(next(&mut pos)?);
        }
        c = next(&mut pos)?;
        if c == '-' && chars.get(pos).is_some_and(|&e| e != ']') {
            let mut end = next(&mut pos).map(Some)?;
            if end == Some('\\') {
                end = Some(next(&mut pos)?);
            } else if end == Some('[') && chars.get(pos) == Some(&'.') {
                end = collating_symbol(chars, &mut pos);
            }
            c = next(&mut pos)?;
            if let (Some(lo), Some(hi)) = (start, end)
                && lo <= hi
            {
                items.push(ClassItem::Range(lo, hi));
            }
        } else if let Some(single) = start {
            items.push(ClassItem::Char(single));
        }
        if c == ']' {
            break;
        }
    }
    Some((Tok::Class { negated, items }, pos))
}

/// Where `mark]` closes what starts at `from` (`:]` of a class, `.]` of a symbol).
fn find_pair(chars: &[char], from: usize, mark: char) -> Option<usize> {
    (from..chars.len().saturating_sub(1)).find(|&i| chars[i] == mark && chars[i + 1] == ']')
}

/// Reads `[.name.]` with `pos` at its `.`: the character it names, `None` for a name that is
/// neither one character nor a POSIX name (bash's `collsyms.h`), or with no `.]`.
fn collating_symbol(chars: &[char], pos: &mut usize) -> Option<char> {
    let Some(close) = find_pair(chars, *pos + 1, '.') else {
        *pos = chars.len();
        return None;
    };
    let name: String = chars[*pos + 1..close].iter().collect();
    *pos = close + 2;
    let mut one = name.chars();
    if let (Some(c), None) = (one.next(), one.next()) {
        return Some(c);
    }
    COLLATING_NAMES.iter().find(|(known, _)| *known == name).map(|&(_, c)| c)
}

/// POSIX's collating symbol names (bash's `lib/glob/collsyms.h`).
const COLLATING_NAMES: &[(&str, char)] = &[
    ("NUL", '\0'),
    ("SOH", '\u{1}'),
    ("STX", '\u{2}'),
    ("ETX", '\u{3}'),
    ("EOT", '\u{4}'),
    ("ENQ", '\u{5}'),
    ("ACK", '\u{6}'),
    ("alert", '\u{7}'),
    ("BS", '\u{8}'),
    ("backspace", '\u{8}'),
    ("HT", '\t'),
    ("tab", '\t'),
    ("LF", '\n'),
    ("newline", '\n'),
    ("VT", '\u{b}'),
    ("vertical-tab", '\u{b}'),
    ("FF", '\u{c}'),
    ("form-feed", '\u{c}'),
    ("CR", '\r'),
    ("carriage-return", '\r'),
    ("SO", '\u{e}'),
    ("SI", '\u{f}'),
    ("DLE", '\u{10}'),
    ("DC1", '\u{11}'),
    ("DC2", '\u{12}'),
    ("DC3", '\u{13}'),
    ("DC4", '\u{14}'),
    ("NAK", '\u{15}'),
    ("SYN", '\u{16}'),
    ("ETB", '\u{17}'),
    ("CAN", '\u{18}'),
    ("EM", '\u{19}'),
    ("SUB", '\u{1a}'),
    ("ESC", '\u{1b}'),
    ("IS4", '\u{1c}'),
    ("FS", '\u{1c}'),
    ("IS3", '\u{1d}'),
    ("GS", '\u{1d}'),
    ("IS2", '\u{1e}'),
    ("RS", '\u{1e}'),
    ("IS1", '\u{1f}'),
    ("US", '\u{1f}'),
    ("space", ' '),
    ("exclamation-mark", '!'),
    ("quotation-mark", '"'),
    ("number-sign", '#'),
    ("dollar-sign", '$'),
    ("percent-sign", '%'),
    ("ampersand", '&'),
    ("apostrophe", '\''),
    ("left-parenthesis", '('),
    ("right-parenthesis", ')'),
    ("asterisk", '*'),
    ("plus-sign", '+'),
    ("comma", ','),
    ("hyphen", '-'),
    ("hyphen-minus", '-'),
    ("minus", '-'),
    ("dash", '-'),
    ("period", '.'),
    ("full-stop", '.'),
    ("slash", '/'),
    ("solidus", '/'),
    ("zero", '0'),
    ("one", '1'),
    ("two", '2'),
    ("three", '3'),
    ("four", '4'),
    ("five", '5'),
    ("six", '6'),
    ("seven", '7'),
    ("eight", '8'),
    ("nine", '9'),
    ("colon", ':'),
    ("semicolon", ';'),
    ("less-than-sign", '<'),
    ("equals-sign", '='),
    ("greater-than-sign", '>'),
    ("question-mark", '?'),
    ("commercial-at", '@'),
    ("left-square-bracket", '['),
    ("backslash", '\\'),
    ("reverse-solidus", '\\'),
    ("right-square-bracket", ']'),
    ("circumflex", '^'),
    ("circumflex-accent", '^'),
    ("underscore", '_'),
    ("grave-accent", '`'),
    ("left-brace", '{'),
    ("left-curly-bracket", '{'),
    ("vertical-line", '|'),
    ("right-brace", '}'),
    ("right-curly-bracket", '}'),
    ("tilde", '~'),
    ("DEL", '\u{7f}'),
];

fn class_matches(items: &[ClassItem], c: char) -> bool {
    items.iter().any(|item| match item {
        ClassItem::Char(x) => *x == c,
        ClassItem::Range(lo, hi) => *lo <= c && c <= *hi,
        // A byte that is not UTF-8 is in no class, as in bash (it is no character of the locale).
        ClassItem::Named(_) if toolsh_bytes::char_byte(c).is_some() => false,
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
            "ascii" => c.is_ascii(),
            _ => false,
        },
    })
}

/// True when the single-character token `tok` accepts `c`.
fn accepts(tok: &Tok, c: char) -> bool {
    match tok {
        Tok::Char(x) => *x == c,
        Tok::Any => true,
        Tok::Class { negated, items } => class_matches(items, c) != *negated,
        Tok::Star | Tok::Ext { .. } => false,
    }
}

/// Matches a sequence without extended forms: the standard two-pointer walk that, on a
/// mismatch, only ever retries from the most recent `*` (an earlier `*` can never do better,
/// since the later one absorbs whatever it would). At most `text × tokens` steps, however many
/// stars: no exponential backtracking.
fn match_simple(toks: &[Tok], text: &[char], period: bool, steps: &mut u64) -> bool {
    let (mut t, mut p) = (0, 0);
    let mut retry: Option<(usize, usize)> = None;
    while p < text.len() {
        *steps += 1;
        match toks.get(t) {
            Some(Tok::Star) => {
                t += 1;
                retry = Some((t, p));
            }
            // A protected leading `.` is matched only by a `.` written there.
            Some(tok) if accepts(tok, text[p]) && !(period && p == 0 && !matches!(tok, Tok::Char(_))) => {
                t += 1;
                p += 1;
            }
            _ => match retry {
                Some((_, 0)) if period => return false,
                Some((after_star, from)) => {
                    retry = Some((after_star, from + 1));
                    t = after_star;
                    p = from + 1;
                }
                None => return false,
            },
        }
    }
    toks[t.min(toks.len())..].iter().all(|tok| *tok == Tok::Star)
}

/// Matching with extended forms: the tree walk of the pattern, memoised on (token sequence,
/// start, end) so each sub-question is answered once — polynomial in the text, never
/// exponential. Sequences without extended forms go to [`match_simple`].
struct ExtMatcher<'t> {
    text: &'t [char],
    memo: rustc_hash::FxHashMap<(usize, usize, usize, usize), bool>,
    steps: u64,
    /// The text's first character is a `.` only a written `.` matches.
    period: bool,
}

impl ExtMatcher<'_> {
    fn seq(&mut self, toks: &[Tok], start: usize, end: usize) -> bool {
        if !toks.iter().any(|tok| matches!(tok, Tok::Ext { .. })) {
            return match_simple(toks, &self.text[start..end], self.period && start == 0, &mut self.steps);
        }
        let key = (toks.as_ptr() as usize, toks.len(), start, end);
        if let Some(&known) = self.memo.get(&key) {
            return known;
        }
        self.steps += 1;
        // Nested forms recurse once per level of the pattern and per repetition of `+( )`.
        let found = stacker::maybe_grow(64 * 1024, 1024 * 1024, || self.seq_uncached(toks, start, end));
        self.memo.insert(key, found);
        found
    }

    fn seq_uncached(&mut self, toks: &[Tok], start: usize, end: usize) -> bool {
        let Some((first, rest)) = toks.split_first() else {
            return start == end;
        };
        let guarded = self.period && start == 0;
        match first {
            Tok::Star if guarded => self.seq(rest, start, end),
            Tok::Ext { kind: '!', .. } if guarded => false,
            Tok::Any | Tok::Class { .. } if guarded => false,
            Tok::Star => (start..=end).any(|k| self.seq(rest, k, end)),
            Tok::Ext { kind, alternatives } => match kind {
                '@' => (start..=end).any(|k| self.any_alt(alternatives, start, k) && self.seq(rest, k, end)),
                '?' => {
                    self.seq(rest, start, end)
                        || (start..=end).any(|k| self.any_alt(alternatives, start, k) && self.seq(rest, k, end))
                }
                '+' | '*' => {
                    (*kind == '*' && self.seq(rest, start, end))
                        || (start + 1..=end).any(|k| {
                            self.any_alt(alternatives, start, k) && (self.seq(rest, k, end) || self.seq(toks, k, end))
                        })
                }
                _ => (start..=end).any(|k| !self.any_alt(alternatives, start, k) && self.seq(rest, k, end)),
            },
            single => start < end && accepts(single, self.text[start]) && self.seq(rest, start + 1, end),
        }
    }

    fn any_alt(&mut self, alternatives: &[Vec<Tok>], start: usize, end: usize) -> bool {
        alternatives.iter().any(|alt| self.seq(alt, start, end))
    }
}

/// Matches `toks` against the whole of `text`, counting the steps taken.
fn matches_counted(toks: &[Tok], text: &[char], steps: &mut u64) -> bool {
    if !toks.iter().any(|tok| matches!(tok, Tok::Ext { .. })) {
        return match_simple(toks, text, false, steps);
    }
    let mut matcher = ExtMatcher { text, memo: Default::default(), steps: 0, period: false };
    let found = matcher.seq(toks, 0, text.len());
    *steps += matcher.steps;
    found
}

fn matches_at(toks: &[Tok], text: &[char]) -> bool {
    matches_counted(toks, text, &mut 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(pattern: &str, text: &str, expected: bool) {
        assert_eq!(Pattern::new(pattern).matches(text), expected, "{pattern:?} vs {text:?}");
    }

    /// Steps taken to match `pattern` against `text`.
    fn steps(pattern: &str, text: &str) -> (bool, u64) {
        let compiled = Pattern::new(pattern);
        let chars: Vec<char> = text.chars().collect();
        let mut steps = 0;
        (matches_counted(&compiled.toks, &chars, &mut steps), steps)
    }

    #[test]
    fn many_stars_take_linear_steps() {
        // Backtracking over every star took 7.8 s for 48 characters (2^48 paths).
        for n in [48, 64, 1000] {
            let text = "a".repeat(n);
            let (found, taken) = steps("*a*a*a*a*a*a*a*a*b", &text);
            assert!(!found);
            // The walk retries from the last star at most once per text position per token.
            assert!(taken <= (n as u64 + 1) * 20, "{n} characters took {taken} steps");
        }
        assert!(steps("*a*a*b", "aaaab").0);
    }

    #[test]
    fn extended_forms_are_memoised() {
        for n in [30, 200] {
            let text = "a".repeat(n);
            let (found, taken) = steps("+(a|aa)b", &text);
            assert!(!found);
            // Each (sequence, start, end) is answered once: at most a few per pair.
            let pairs = (n as u64 + 1) * (n as u64 + 1);
            assert!(taken <= pairs * 8, "{n} characters took {taken} steps");
            let (found, taken) = steps("*(a)*(a)*(a)*(a)*(a)c", &text);
            assert!(!found && taken <= pairs * 16, "{n} characters took {taken} steps");
        }
        check("+(a|aa)", &"a".repeat(50), true);
        check("!(*.c)", "x.h", true);
        check("!(*.c)", "x.c", false);
        check("@(a|b)*(c)d", "bcccd", true);
    }

    #[test]
    fn extended_forms_nest_to_a_limit() {
        let nested = |n: usize| format!("{}a{}", "@(".repeat(n), ")".repeat(n));
        check(&nested(MAX_EXT_DEPTH), "a", true);
        // Past the limit the openings are plain characters (and 100,000 of them compile,
        // match and drop without exhausting the stack).
        let deep = nested(100_000);
        check(&deep, "a", false);
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
