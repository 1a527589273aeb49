//! History expansion (`set -H`): a line's `!` events, word designators and modifiers, and
//! `^old^new^`, replaced from the [`History`] list as bash 5.2 does it (readline's
//! `history_expand` with bash's rules for what stops it: single quotes, a backslash, `[!`,
//! `${!`, `$!`, `!(` under extglob, and a `!` inside a command substitution of a
//! double-quoted string). Pure: the caller prints, records and runs the result.

use crate::history::History;

/// `histchars`: the expansion character, the quick-substitution character, the comment
/// character.
#[derive(Clone, Copy, Debug)]
pub struct Chars {
    /// `!`
    pub bang: char,
    /// `^` (none: no quick substitution).
    pub sub: Option<char>,
    /// `#` (none: no comment stops expansion).
    pub comment: Option<char>,
}

impl Chars {
    /// The characters `$histchars` gives (bash's defaults `!^#` when it is unset or empty).
    pub fn from_var(value: Option<&str>) -> Chars {
        let mut chars = value.unwrap_or("").chars();
        match chars.next() {
            None => Chars { bang: '!', sub: Some('^'), comment: Some('#') },
            Some(bang) => Chars { bang, sub: chars.next(), comment: chars.next() },
        }
    }
}

/// What expansion remembers between lines: the last `!?string?` searched for and the word it
/// found (`%`), and the last substitution (`:&`).
#[derive(Clone, Debug, Default)]
pub struct Memory {
    search_string: Option<String>,
    search_match: Option<String>,
    lhs: Option<String>,
    rhs: String,
}

/// What became of a line.
#[derive(Debug, PartialEq)]
pub enum Outcome {
    /// No expansion in it.
    Unchanged,
    /// The line as expanded.
    Expanded(String),
    /// The line as expanded, to be printed and not run (`:p`).
    PrintOnly(String),
    /// An error's words (`!foo: event not found`).
    Error(String),
}

/// The shell's modes that change what expands.
#[derive(Clone, Copy, Debug, Default)]
pub struct Mode {
    /// `shopt -s extglob`: `!(` starts a pattern.
    pub extglob: bool,
    /// `set -o posix`: double quotes stop expansion too.
    pub posix: bool,
}

/// readline's first pass: whether any `!` of the whole line is one to expand (the checks see
/// the whole line here, so `[!a-z]` and `${!name}` are left alone).
fn any_expansion(s: &[char], chars: &Chars, mode: Mode, quote: Option<char>) -> bool {
    let mut dquote = quote == Some('"');
    let mut i = 0;
    if quote == Some('\'') {
        i = single_quoted_end(s, 0, false) + 1;
    }
    while i < s.len() {
        let c = s[i];
        let cc = s.get(i + 1).copied();
        if Some(c) == chars.comment && !dquote && (i == 0 || is_word_delimiter(s[i - 1])) {
            return false;
        } else if c == chars.bang {
            let literal = cc.is_none_or(|cc| NO_EXPAND.contains(&cc) || (dquote && cc == '"'));
            if !literal && !inhibited(s, i, chars.bang, mode.extglob, mode.posix) {
                return true;
            }
        } else if dquote && c == '\\' && cc == Some('"') {
            i += 1;
        } else if c == '"' {
            dquote = !dquote;
        } else if !dquote && c == '\'' {
            let dollar = i > 0 && s[i - 1] == '$';
            i = single_quoted_end(s, i + 1, dollar);
        } else if c == '\\' && (cc == Some('\'') || cc == Some(chars.bang)) {
            i += 1;
        }
        i += 1;
    }
    false
}

/// Characters after the expansion character that make it literal.
const NO_EXPAND: &[char] = &[' ', '\t', '\n', '\r', '='];
/// Characters that end an event's search string (bash's `history_search_delimiter_chars`).
const SEARCH_DELIMITERS: &[char] = &[';', '&', '(', ')', '|', '<', '>'];

/// Whether `line` holds the expansion character at all (the cheap test before [`expand`]).
pub fn may_expand(line: &str, chars: &Chars) -> bool {
    line.contains(chars.bang) || chars.sub.is_some_and(|sub| line.starts_with(sub))
}

/// Expands `line` against `history`.
pub fn expand(
    line: &str,
    history: &History,
    chars: &Chars,
    memory: &mut Memory,
    mode: Mode,
    quote: Option<char>,
) -> Outcome {
    let Mode { extglob, posix } = mode;
    let mut s: Vec<char> = line.chars().collect();
    if chars.sub.is_some_and(|sub| s.first() == Some(&sub)) {
        let mut prefixed = vec![chars.bang, chars.bang, ':', 's'];
        prefixed.extend(s);
        s = prefixed;
    } else if !any_expansion(&s, chars, mode, quote) {
        return Outcome::Unchanged;
    }
    let mut out: Vec<char> = Vec::with_capacity(s.len());
    let mut dquote = quote == Some('"');
    let mut i = 0;
    let (mut modified, mut print_only) = (false, false);
    if quote == Some('\'') {
        let end = single_quoted_end(&s, 0, false);
        out.extend_from_slice(&s[..end.min(s.len())]);
        if end < s.len() {
            out.push(s[end]);
        }
        i = end + 1;
    }
    let mut pass = false;
    while i < s.len() {
        let c = s[i];
        if pass {
            pass = false;
            out.push(c);
            i += 1;
            continue;
        }
        if c == chars.bang {
            let cc = s.get(i + 1).copied();
            if cc.is_none_or(|cc| NO_EXPAND.contains(&cc) || (dquote && cc == '"')) {
                out.push(c);
                i += 1;
                continue;
            }
            let mut probe = out.clone();
            probe.push(c);
            probe.extend(cc);
            if inhibited(&probe, out.len(), chars.bang, extglob, posix) {
                out.push(c);
                i += 1;
                continue;
            }
            let qc = if dquote { Some('"') } else { None };
            match expand_one(&s, i, qc, history, memory, &out) {
                Ok((text, end, print)) => {
                    modified = true;
                    print_only |= print;
                    out.extend(text.chars());
                    i = end + 1;
                }
                Err(message) => return Outcome::Error(message),
            }
            continue;
        }
        if Some(c) == chars.comment && !dquote && (i == 0 || is_word_delimiter(s[i - 1])) {
            out.extend_from_slice(&s[i..]);
            break;
        }
        match c {
            '\\' => pass = true,
            '"' => dquote = !dquote,
            '\'' if !dquote => {
                let dollar = i > 0 && s[i - 1] == '$';
                let end = single_quoted_end(&s, i + 1, dollar);
                let stop = (end + 1).min(s.len());
                out.extend_from_slice(&s[i..stop]);
                i = stop;
                continue;
            }
            _ => {}
        }
        out.push(c);
        i += 1;
    }
    let text: String = out.into_iter().collect();
    match (modified, print_only) {
        (_, true) => Outcome::PrintOnly(text),
        (true, false) => Outcome::Expanded(text),
        (false, false) => Outcome::Unchanged,
    }
}

fn is_word_delimiter(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\n' | ';' | '&' | '(' | ')' | '|' | '<' | '>')
}

/// Where the single-quoted text starting at `from` ends (its closing quote's index, or the
/// length); in `$'…'` a backslash quotes the next character.
fn single_quoted_end(s: &[char], from: usize, dollar: bool) -> usize {
    let mut i = from;
    while i < s.len() && s[i] != '\'' {
        if dollar && s[i] == '\\' && i + 1 < s.len() {
            i += 1;
        }
        i += 1;
    }
    i
}

/// bash's `bash_history_inhibit_expansion`: whether the `!` at `i` of `s` (the line expanded
/// so far, the `!` and the character after it) stays as it is.
fn inhibited(s: &[char], i: usize, bang: char, extglob: bool, posix: bool) -> bool {
    let after = |from: usize, c: char| s.get(from..).is_some_and(|rest| rest.contains(&c));
    if i > 0 && s[i - 1] == '[' && after(i + 1, ']') {
        return true;
    }
    if i > 1 && s[i - 1] == '{' && s[i - 2] == '$' && after(i + 1, '}') {
        return true;
    }
    if i > 1 && s[i - 1] == '$' {
        return true;
    }
    if extglob && i > 1 && s.get(i + 1) == Some(&'(') && after(i + 2, ')') {
        return true;
    }
    // Is the `!` at `i` one a scan that skips quotes and command substitutions reaches?
    let mut t = skip_to_bang(s, 0, bang, posix);
    while t < i {
        t = skip_to_bang(s, t + 1, bang, posix);
    }
    t > i
}

/// bash's `skip_to_histexp`: the next `!` from `start` outside single quotes and not inside a
/// command substitution's double-quoted string (`s.len()` when there is none).
fn skip_to_bang(s: &[char], start: usize, bang: char, posix: bool) -> usize {
    let (mut i, mut dquote, mut old_dquote, mut backq, mut comsub) = (start, false, false, false, 0usize);
    while i < s.len() {
        let c = s[i];
        let next = s.get(i + 1).copied();
        if c == '\\' {
            i += 2;
            continue;
        } else if backq && c == '`' {
            backq = false;
            dquote = old_dquote;
        } else if c == '`' {
            backq = true;
            old_dquote = dquote;
            dquote = false;
        } else if dquote && c == bang && next == Some('"') {
        } else if c == bang {
            return i;
        } else if dquote && c == '\'' {
        } else if c == '\'' {
            i = single_quoted_end(s, i + 1, false);
        } else if c == '"' && posix {
            // POSIX mode: a double-quoted string is skipped whole.
            i += 1;
            while i < s.len() && s[i] != '"' {
                i += if s[i] == '\\' { 2 } else { 1 };
            }
        } else if c == '"' {
            dquote = !dquote;
        } else if matches!(c, '$' | '<' | '>') && next == Some('(') && s.get(i + 2) != Some(&'(') {
            i += 2;
            comsub += 1;
            old_dquote = dquote;
            dquote = false;
            continue;
        } else if comsub > 0 && c == ')' {
            comsub -= 1;
            dquote = old_dquote;
        }
        i += 1;
    }
    s.len()
}

/// One expansion at `start` (the `!`): its text, the index of its last character, and
/// whether `:p` was given.
fn expand_one(
    s: &[char],
    start: usize,
    qc: Option<char>,
    history: &History,
    memory: &mut Memory,
    current: &[char],
) -> Result<(String, usize, bool), String> {
    let err = |end: usize, what: &str| {
        let end = end.min(s.len());
        let text: String = s[start..end].iter().collect();
        format!("{text}: {what}")
    };
    let mut i = start;
    let event: String = if s.get(i + 1).is_some_and(|c| ":$*%^".contains(*c)) {
        i += 1;
        match history.entries().last() {
            Some(entry) => entry.line.clone(),
            None => return Err(err(i, "event not found")),
        }
    } else if s.get(i + 1) == Some(&'#') {
        i += 2;
        current.iter().collect()
    } else {
        match event_at(s, &mut i, qc, history, memory) {
            Some(line) => line,
            None => return Err(err(i, "event not found")),
        }
    };
    // Errors past the event name only what follows it (`:s/a/b/: substitution failed`).
    let after_event = i;
    let err = |end: usize, what: &str| {
        let end = end.min(s.len());
        let text: String = s[after_event.min(end)..end].iter().collect();
        format!("{text}: {what}")
    };
    let mut text = match word_spec(s, &mut i, &event, memory) {
        Ok(Some(words)) => words,
        Ok(None) => event,
        Err(()) => return Err(err(i, "bad word specifier")),
    };
    let (mut global, mut print_only, mut quote) = (false, false, None);
    while s.get(i) == Some(&':') {
        let mut c = s.get(i + 1).copied();
        // `g` and `a` substitute globally; `G` word by word, done here as `g`.
        if matches!(c, Some('g' | 'a' | 'G')) {
            global = true;
            i += 1;
            c = s.get(i + 1).copied();
        }
        match c {
            Some('q') => quote = Some('q'),
            Some('x') => quote = Some('x'),
            Some('p') => print_only = true,
            Some('t') => {
                if let Some(slash) = text.rfind('/') {
                    text = text[slash + 1..].to_string();
                }
            }
            Some('h') => {
                if let Some(slash) = text.rfind('/') {
                    text.truncate(slash);
                }
            }
            Some('r') => {
                if let Some(dot) = text.rfind('.') {
                    text.truncate(dot);
                }
            }
            Some('e') => {
                if let Some(dot) = text.rfind('.') {
                    text = text[dot..].to_string();
                }
            }
            Some(c @ ('s' | '&')) => {
                if c == 's' {
                    let Some(&delimiter) = s.get(i + 2) else { break };
                    i += 3;
                    let lhs = subst_pattern(s, &mut i, delimiter);
                    match lhs {
                        Some(lhs) if !lhs.is_empty() => memory.lhs = Some(lhs),
                        _ if memory.lhs.is_none() => {
                            memory.lhs = memory.search_string.clone().filter(|s| !s.is_empty())
                        }
                        _ => {}
                    }
                    let rhs = subst_pattern(s, &mut i, delimiter).unwrap_or_default();
                    let lhs = memory.lhs.clone().unwrap_or_default();
                    memory.rhs = amp(&rhs, &lhs);
                    // `i` is past the closing delimiter: the loop looks at `s[i]` next.
                    i = i.saturating_sub(2);
                } else {
                    if memory.lhs.is_none() {
                        return Err(err(i + 2, "no previous substitution"));
                    }
                }
                let Some(lhs) = memory.lhs.clone().filter(|l| !l.is_empty()) else {
                    return Err(err(i + 2, "no previous substitution"));
                };
                let rhs = memory.rhs.clone();
                if global {
                    if !text.contains(&lhs) {
                        return Err(err(i + 2, "substitution failed"));
                    }
                    text = text.replace(&lhs, &rhs);
                    global = false;
                } else if let Some(at) = text.find(&lhs) {
                    text.replace_range(at..at + lhs.len(), &rhs);
                } else {
                    return Err(err(i + 2, "substitution failed"));
                }
            }
            _ => {
                let text: String = s.get(i + 1..i + 2).map(|c| c.iter().collect()).unwrap_or_default();
                return Err(format!("{text}: unrecognized history modifier"));
            }
        }
        i += 2;
    }
    let text = match quote {
        Some('q') => single_quote(&text),
        Some(_) => quote_breaks(&text),
        None => text,
    };
    Ok((text, i - 1, print_only))
}

/// `&` in a substitution's replacement is the text replaced; `\&` a plain `&`.
fn amp(rhs: &str, lhs: &str) -> String {
    let mut out = String::new();
    let mut chars = rhs.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '&' => out.push_str(lhs),
            '\\' if chars.peek() == Some(&'&') => {
                out.push('&');
                chars.next();
            }
            c => out.push(c),
        }
    }
    out
}

/// A substitution's side up to `delimiter` (a backslash quotes it); `i` goes past the
/// delimiter. None when it is empty.
fn subst_pattern(s: &[char], i: &mut usize, delimiter: char) -> Option<String> {
    let mut text = String::new();
    while *i < s.len() && s[*i] != delimiter {
        if s[*i] == '\\' && s.get(*i + 1) == Some(&delimiter) {
            *i += 1;
        }
        text.push(s[*i]);
        *i += 1;
    }
    if *i < s.len() {
        *i += 1;
    }
    (!text.is_empty()).then_some(text)
}

/// readline's `get_history_event`: the line an event names; `i` goes past it.
fn event_at(s: &[char], i: &mut usize, qc: Option<char>, history: &History, memory: &mut Memory) -> Option<String> {
    *i += 1;
    let line = |n: usize| history.get(n).map(|e| e.line.clone());
    if s.get(*i) == s.get(*i - 1) {
        *i += 1;
        return history.entries().last().map(|e| e.line.clone());
    }
    let mut sign = false;
    if s.get(*i) == Some(&'-') && s.get(*i + 1).is_some_and(|c| c.is_ascii_digit()) {
        sign = true;
        *i += 1;
    }
    if s.get(*i).is_some_and(|c| c.is_ascii_digit()) {
        let mut n: usize = 0;
        while let Some(d) = s.get(*i).and_then(|c| c.to_digit(10)) {
            n = n.saturating_mul(10).saturating_add(d as usize);
            *i += 1;
        }
        let number = if sign { (history.len() + history.base()).checked_sub(n)? } else { n };
        return line(number);
    }
    let substring = s.get(*i) == Some(&'?');
    if substring {
        *i += 1;
    }
    let from = *i;
    while let Some(&c) = s.get(*i) {
        let stop = if substring {
            c == '?' || c == '\n'
        } else {
            c.is_whitespace()
                || c == ':'
                || (*i > from && c == '-')
                || (c != '-' && "^$*%-".contains(c))
                || SEARCH_DELIMITERS.contains(&c)
                || Some(c) == qc
        };
        if stop {
            break;
        }
        *i += 1;
    }
    let mut wanted: String = s[from..*i].iter().collect();
    if substring && s.get(*i) == Some(&'?') {
        *i += 1;
    }
    if wanted.is_empty() && substring {
        wanted = memory.search_string.clone()?;
    }
    let found = history
        .entries()
        .iter()
        .rev()
        .find(|e| if substring { e.line.contains(&wanted) } else { e.line.starts_with(&wanted) })?;
    if substring {
        // The word holding the match (searched from the line's end, as readline does).
        let at = found.line.rfind(&wanted).unwrap_or(0);
        memory.search_match = word_at(&found.line, at);
        memory.search_string = Some(wanted);
    }
    Some(found.line.clone())
}

/// readline's `get_history_word_specifier`: the words a designator picks from `event`
/// (`Ok(None)`: no designator here), `i` past it.
fn word_spec(s: &[char], i: &mut usize, event: &str, memory: &Memory) -> Result<Option<String>, ()> {
    let mut j = *i;
    let colon = s.get(j) == Some(&':');
    if colon {
        j += 1;
    }
    let words = || tokenize(event);
    match s.get(j) {
        Some('%') => {
            *i = j + 1;
            return Ok(Some(memory.search_match.clone().unwrap_or_default()));
        }
        Some('*') => {
            *i = j + 1;
            return Ok(Some(extract(&words(), 1, Last::End).unwrap_or_default()));
        }
        Some('$') => {
            *i = j + 1;
            return extract(&words(), usize::MAX, Last::End).map(Some).ok_or(());
        }
        _ => {}
    }
    let first = match s.get(j) {
        Some('-') => 0,
        Some('^') => {
            j += 1;
            1
        }
        Some(c) if c.is_ascii_digit() && colon => number(s, &mut j),
        _ => return Ok(None),
    };
    let last = match s.get(j) {
        Some('^') => {
            j += 1;
            Last::At(1)
        }
        Some('*') => {
            j += 1;
            Last::End
        }
        Some('-') => {
            j += 1;
            match s.get(j) {
                Some(c) if c.is_ascii_digit() => Last::At(number(s, &mut j)),
                Some('$') => {
                    j += 1;
                    Last::End
                }
                Some('^') => {
                    j += 1;
                    Last::At(1)
                }
                _ => Last::BeforeEnd,
            }
        }
        _ => Last::At(first),
    };
    *i = j;
    if let Last::At(last) = last
        && last < first
    {
        return Err(());
    }
    extract(&words(), first, last).map(Some).ok_or(())
}

fn number(s: &[char], j: &mut usize) -> usize {
    let mut n: usize = 0;
    while let Some(d) = s.get(*j).and_then(|c| c.to_digit(10)) {
        n = n.saturating_mul(10).saturating_add(d as usize);
        *j += 1;
    }
    n
}

/// The end of a range of words.
#[derive(Clone, Copy)]
enum Last {
    At(usize),
    /// `$`
    End,
    /// `x-`: up to the word before the last.
    BeforeEnd,
}

/// readline's `history_arg_extract`: words `first..=last` joined by spaces (`first` of
/// `usize::MAX` is the last word).
fn extract(words: &[String], first: usize, last: Last) -> Option<String> {
    let len = words.len();
    let first = if first == usize::MAX { len.checked_sub(1)? } else { first };
    let end = match last {
        Last::At(n) => n + 1,
        Last::End => len,
        Last::BeforeEnd => len.checked_sub(1)?,
    };
    if first >= len || end > len || first > end {
        return None;
    }
    Some(words[first..end].join(" "))
}

/// readline's `history_tokenize` as bash sets it up: a line's words as the shell would split
/// them, each operator (`;`, `|`, `>>`, …) a word of its own, quotes and `$( )` kept inside
/// their word.
pub fn tokenize(line: &str) -> Vec<String> {
    let s: Vec<char> = line.chars().collect();
    let mut words = Vec::new();
    let mut i = 0;
    while i < s.len() {
        while i < s.len() && s[i].is_whitespace() {
            i += 1;
        }
        if i >= s.len() {
            break;
        }
        let mut start = i;
        // `2>`: a descriptor's digits belong to its operator.
        let digits = s[i..].iter().take_while(|c| c.is_ascii_digit()).count();
        if digits > 0
            && s.get(i + digits).is_some_and(|c| matches!(c, '<' | '>'))
            && s.get(i + digits + 1) != Some(&'(')
        {
            i += digits;
        }
        let c = s[i];
        let next = s.get(i + 1).copied();
        if "<>;&|".contains(c) && !(matches!(c, '<' | '>') && next == Some('(')) {
            i += 1;
            let two = next.is_some_and(|n| {
                (n == c && "<>;&|".contains(c))
                    || (c == '>' && n == '&')
                    || (c == '<' && n == '&')
                    || (c == '&' && n == '>')
                    || (c == '|' && n == '&')
            });
            if two {
                i += 1;
                // `<<<`, `;;&`
                if s.get(i).is_some_and(|&t| (c == '<' && t == '<') || (c == ';' && t == '&')) {
                    i += 1;
                }
            }
            words.push(s[start..i].iter().collect());
            continue;
        }
        start = i;
        if c == '(' || c == ')' {
            i += 1;
            words.push(c.to_string());
            continue;
        }
        let mut quote: Option<char> = None;
        let mut depth = 0usize;
        while i < s.len() {
            let c = s[i];
            if let Some(q) = quote {
                if c == '\\' && q != '\'' {
                    i += 2;
                    continue;
                }
                if c == q {
                    quote = None;
                }
                i += 1;
                continue;
            }
            match c {
                '\\' => {
                    i += 2;
                    continue;
                }
                '\'' | '"' | '`' => quote = Some(c),
                '(' if depth > 0 => depth += 1,
                '(' if i > start && "$<>?*+@!".contains(s[i - 1]) || i == start => depth += 1,
                ')' if depth > 0 => depth -= 1,
                c if depth == 0 && (c.is_whitespace() || ";&|()".contains(c)) => break,
                '<' | '>' if depth == 0 && s.get(i + 1) != Some(&'(') => break,
                _ => {}
            }
            i += 1;
        }
        let end = i.min(s.len());
        words.push(s[start..end].iter().collect());
    }
    words
}

/// The word of `line` that holds byte `at`.
fn word_at(line: &str, at: usize) -> Option<String> {
    let mut from = 0;
    for word in tokenize(line) {
        let start = line[from..].find(&word).map(|i| from + i)?;
        let end = start + word.len();
        if at >= start && at < end {
            return Some(word);
        }
        from = end;
    }
    None
}

/// `:q`: the text single-quoted as the shell reads it back.
fn single_quote(text: &str) -> String {
    format!("'{}'", text.replace('\'', "'\\''"))
}

/// `:x`: quoted as `:q`, with a quote break at each blank so the words split.
fn quote_breaks(text: &str) -> String {
    let mut out = String::from("'");
    for c in text.chars() {
        match c {
            '\'' => out.push_str("'\\''"),
            ' ' | '\t' | '\n' => {
                out.push('\'');
                out.push(c);
                out.push('\'');
            }
            c => out.push(c),
        }
    }
    out.push('\'');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn list(lines: &[&str]) -> History {
        let mut history = History::default();
        for line in lines {
            history.push(line.to_string(), None, None);
        }
        history
    }

    fn run(line: &str, history: &History) -> Outcome {
        let chars = Chars::from_var(None);
        expand(line, history, &chars, &mut Memory::default(), Mode { extglob: true, posix: false }, None)
    }

    #[test]
    fn events_words_and_modifiers() {
        let history = list(&["echo a b c", "ls /usr/lib/x.tar"]);
        assert_eq!(run("!!", &history), Outcome::Expanded("ls /usr/lib/x.tar".into()));
        assert_eq!(run("x !-2:2-$", &history), Outcome::Expanded("x b c".into()));
        assert_eq!(run("!$:h !$:t:r", &history), Outcome::Expanded("/usr/lib x.tar".replace("x.tar", "x")));
        assert_eq!(run("!ec:s/a/z/", &history), Outcome::Expanded("echo z b c".into()));
        assert_eq!(run("^ls^cat^", &history), Outcome::Expanded("cat /usr/lib/x.tar".into()));
        assert_eq!(run("!nope", &history), Outcome::Error("!nope: event not found".into()));
        assert_eq!(run("echo '!!' \\!", &history), Outcome::Unchanged);
        assert_eq!(run("[!a] ${!x} $!", &history), Outcome::Unchanged);
    }

    #[test]
    fn tokens_split_as_the_shell_would() {
        assert_eq!(tokenize("echo 'a b' $(x y)>f;z"), vec!["echo", "'a b'", "$(x y)", ">", "f", ";", "z"]);
    }
}
