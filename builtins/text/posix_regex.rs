//! POSIX regular expressions (basic and extended, as grep and sed take them) translated into the
//! syntax of the regex crate, with GNU's leniencies (a `{` that starts no interval is literal,
//! a leading `*` is literal, `{,N}` is `{0,N}`) and operators (`\<` and `\>` the start and end
//! of a word, `\`` and `\'` the start and end of the text).

use crate::text::as_text::{AsText, How};

/// Why a translated pattern did not compile, in GNU's words where GNU has them (`Unmatched (
/// or \(`), else in the regex crate's; `error` is that crate's message.
pub fn failure_message(error: &str) -> String {
    let what = error.lines().rev().find(|l| l.starts_with("error:")).or(error.lines().next()).unwrap_or(error);
    let what = what.trim_start_matches("error: ");
    match what {
        "unclosed group" => "Unmatched ( or \\(",
        "unopened group" => "Unmatched ) or \\)",
        "unclosed counted repetition" => "Unmatched \\{",
        "unclosed character class" => "Unmatched [, [^, [:, [., or [=",
        "repetition operator missing expression" => "Invalid preceding regular expression",
        _ if what.starts_with("invalid character class range") || what == "invalid range" => "Invalid range end",
        "invalid character class" | "Unicode property not found" => "Invalid character class name",
        "repetition quantifier expects a valid decimal" => "Invalid content of \\{\\}",
        // GNU's parser recurses, and says where its stack ends; the regex crate's has a limit.
        _ if what.starts_with("exceed the maximum number of nested") => "stack overflow",
        "incomplete escape sequence, reached end of pattern prematurely" => "Trailing backslash",
        _ if what.contains("Invalid back reference") || what.contains("backreference") => "Invalid back reference",
        _ if what.starts_with("invalid repetition count range") => "Invalid content of \\{\\}",
        _ => what,
    }
    .to_string()
}
/// Translates a POSIX basic regular expression (`\(`, `\{`, `\|` special; `(`, `{`, `|` literal);
/// a backslash in a bracket expression is a member, as glibc's `regcomp` reads it.
pub fn basic(pattern: &str) -> String {
    basic_in(pattern, Backslash::Member)
}

/// [`basic`] with a bracket expression's backslash read as `backslash` says.
pub fn basic_in(pattern: &str, backslash: Backslash) -> String {
    let chars: Vec<char> = pattern.chars().collect();
    let mut out = String::with_capacity(pattern.len() + 8);
    let mut idx = 0;
    while idx < chars.len() {
        let c = chars[idx];
        match c {
            '\\' if idx + 1 < chars.len() => {
                let next = chars[idx + 1];
                idx += 2;
                match next {
                    // `\{,N\}` is GNU's `\{0,N\}`.
                    '{' if chars.get(idx) == Some(&',') => out.push_str("{0"),
                    '(' | ')' | '{' | '}' | '|' | '+' | '?' => out.push(next),
                    '`' => out.push_str("\\A"),
                    '\'' => out.push_str("\\z"),
                    _ => {
                        out.push('\\');
                        out.push(next);
                    }
                }
                continue;
            }
            '(' | ')' | '{' | '}' | '|' | '+' | '?' => {
                out.push('\\');
                out.push(c);
            }
            '*' if starts_expression(&out) || (out.ends_with('^') && !out.ends_with("\\^")) => out.push_str("\\*"),
            // `^` anchors only where an expression starts (the pattern, `\(`, `\|`), `$` only
            // where one ends; elsewhere both are ordinary characters in a basic expression.
            '^' if !starts_expression(&out) => out.push_str("\\^"),
            '$' if !ends_expression(&chars[idx + 1..]) => out.push_str("\\$"),
            '[' => {
                idx = bracket(&chars, idx, &mut out, backslash);
                continue;
            }
            _ => push_char(&mut out, c),
        }
        idx += 1;
    }
    out
}

/// A fixed string (`grep -F`) as an expression of the regex crate: each character as itself,
/// each byte that is not UTF-8 as that byte (see [`push_char`]).
pub fn fixed(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if toolsh_bytes::char_byte(c).is_some() {
            push_char(&mut out, c);
        } else {
            out.push_str(&regex::escape(c.encode_utf8(&mut [0; 4])));
        }
    }
    out
}

/// An ordinary character of a pattern; a byte that was not UTF-8 (an argument's stand-in,
/// `toolsh_bytes`) matches that byte in the input, as it does in GNU's tools.
fn push_char(out: &mut String, c: char) {
    match toolsh_bytes::char_byte(c) {
        Some(byte) => out.push_str(&format!("(?-u:\\x{byte:02X})")),
        None => out.push(c),
    }
}

/// Whether translated output `out` stands where a basic expression starts: at the beginning,
/// or after a group's `(` or an alternation's `|` (not after an escaped, literal one).
fn starts_expression(out: &str) -> bool {
    out.is_empty() || ((out.ends_with('(') || out.ends_with('|')) && !out.ends_with("\\(") && !out.ends_with("\\|"))
}

/// Whether the rest of a basic expression after a `$` makes it an anchor: nothing, `\)` or `\|`.
fn ends_expression(rest: &[char]) -> bool {
    matches!(rest, [] | ['\\', ')' | '|', ..])
}

/// Makes an extended expression acceptable to the regex crate where GNU tools are lenient; a
/// backslash in a bracket expression is a member, as glibc's `regcomp` reads it.
pub fn extended(pattern: &str) -> String {
    extended_in(pattern, Backslash::Member)
}

/// [`extended`] with a bracket expression's backslash read as `backslash` says (gawk escapes).
pub fn extended_in(pattern: &str, backslash: Backslash) -> String {
    let chars: Vec<char> = pattern.chars().collect();
    let mut out = String::with_capacity(pattern.len() + 8);
    let mut idx = 0;
    // Groups open: a `)` beyond them is a character.
    let mut depth = 0usize;
    while idx < chars.len() {
        let c = chars[idx];
        match c {
            '\\' if idx + 1 < chars.len() => {
                let next = chars[idx + 1];
                match next {
                    '`' => out.push_str("\\A"),
                    '\'' => out.push_str("\\z"),
                    _ => {
                        out.push('\\');
                        out.push(next);
                    }
                }
                idx += 2;
                continue;
            }
            '[' => {
                idx = bracket(&chars, idx, &mut out, backslash);
                continue;
            }
            // A brace that does not start a valid interval is an ordinary character.
            '{' => {
                let rest: String = chars[idx + 1..].iter().collect();
                let valid = rest.find('}').is_some_and(|end| {
                    // `{}` is an interval, and GNU's error.
                    let inner = &rest[..end];
                    inner.chars().all(|c| c.is_ascii_digit() || c == ',') && !out.is_empty()
                });
                if valid {
                    out.push('{');
                    // `{,N}` is GNU's `{0,N}`.
                    if chars.get(idx + 1) == Some(&',') {
                        out.push('0');
                    }
                } else {
                    out.push_str("\\{");
                }
            }
            '}' => {
                let open = out.rfind('{');
                let escaped_open = out.rfind("\\{");
                if open.is_some() && open != escaped_open.map(|i| i + 1) {
                    out.push('}');
                } else {
                    out.push_str("\\}");
                }
            }
            // A `*` where an expression starts has nothing to repeat: it is a character.
            '*' if starts_expression(&out) => out.push_str("\\*"),
            '(' => {
                depth += 1;
                out.push('(');
            }
            // A `)` that closes no group is a character, as in GNU's extended syntax.
            ')' if depth == 0 => out.push_str("\\)"),
            ')' => {
                depth -= 1;
                out.push(')');
            }
            _ => push_char(&mut out, c),
        }
        idx += 1;
    }
    out
}

/// How a backslash inside a bracket expression reads.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Backslash {
    /// It escapes the next character, as gawk reads it (`[\]]`, `[\n]`).
    Escape,
    /// It is a member, as glibc's `regcomp` reads it for grep, sed and bash's `=~` (`[\.]` is
    /// `\` or `.`).
    Member,
}

/// Writes the bracket expression starting at `open` in the regex crate's syntax and returns the
/// index just past it. POSIX reads `[` and a leading `]` as members (`[[]`, `[][]`, `[^[]`),
/// where the regex crate would open a nested class or find an empty one; `&`, `~`, `-` pairs and
/// `^` elsewhere than first are escaped so they stay members too. `[:class:]` passes through,
/// `[.c.]` and `[=c=]` become `c`. Without a closing `]` (or `:]`) the text is copied as it is,
/// so the regex crate's "unclosed character class" is reported (GNU's `Unmatched [`, bash's
/// status 2).
pub fn bracket(chars: &[char], open: usize, out: &mut String, backslash: Backslash) -> usize {
    let mut class = String::from("[");
    let mut idx = open + 1;
    if chars.get(idx) == Some(&'^') {
        class.push('^');
        idx += 1;
    }
    let first = idx;
    while idx < chars.len() {
        let c = chars[idx];
        match c {
            ']' if idx > first => {
                class.push(']');
                out.push_str(&class);
                return idx + 1;
            }
            '[' if matches!(chars.get(idx + 1), Some(':' | '.' | '=')) => {
                let kind = chars[idx + 1];
                let Some(len) = chars[idx + 2..].windows(2).position(|w| w[0] == kind && w[1] == ']') else {
                    break;
                };
                let inner: String = chars[idx + 2..idx + 2 + len].iter().collect();
                if kind == ':' {
                    class.push_str(&named_class(&inner));
                } else {
                    push_member(&mut class, &inner);
                }
                idx += len + 4;
                continue;
            }
            // An escape the tools read inside brackets (`\n`, `\]`, `\\`) stays one.
            '\\' if backslash == Backslash::Escape && idx + 1 < chars.len() => {
                class.push('\\');
                class.push(chars[idx + 1]);
                idx += 2;
                continue;
            }
            // A `-` that is not between two members is one itself, escaped: the regex crate
            // reads `--` as set subtraction. `---` is the range of `-` alone (as gawk reads
            // `[qrs---tuv]`).
            '-' if chars.get(idx + 1) == Some(&'-') && chars.get(idx + 2) == Some(&'-') => {
                class.push_str("\\-");
                idx += 3;
                continue;
            }
            '-' if idx == first || chars.get(idx + 1) == Some(&']') => class.push_str("\\-"),
            _ => push_member(&mut class, &c.to_string()),
        }
        idx += 1;
    }
    out.extend(&chars[open..]);
    chars.len()
}

/// A named class of a bracket expression as a UTF-8 locale reads it (`[:alpha:]` is every
/// letter, not ASCII's), in the regex crate's syntax; a name POSIX does not define stays one the
/// regex crate refuses (GNU's `Invalid character class name`).
fn named_class(name: &str) -> String {
    match name {
        "alpha" => "\\p{Alphabetic}",
        "digit" => "0-9",
        "alnum" => "\\p{Alphabetic}\\p{Nd}",
        "upper" => "\\p{Uppercase}",
        "lower" => "\\p{Lowercase}",
        "space" => "\\s",
        "blank" => "\\t\\p{Zs}",
        "punct" => "\\p{P}\\p{S}",
        "print" => "\\P{Cc}",
        "graph" => "[\\P{Cc}&&\\S]",
        "cntrl" => "\\p{Cc}",
        "xdigit" => "0-9A-Fa-f",
        _ => "\\p{InvalidClassName}",
    }
    .to_string()
}

/// One member of a bracket expression, escaped where the regex crate would read it otherwise.
fn push_member(class: &mut String, member: &str) {
    for c in member.chars() {
        if matches!(c, '[' | ']' | '&' | '~' | '^' | '\\') {
            class.push('\\');
        }
        class.push(c);
    }
}

/// `translated` with `newline` added to each negated bracket expression, so that it matches no
/// line end (sed's `M`: `[^a]` stays within a line).
pub fn negated_classes_without(translated: &str, newline: u8) -> String {
    let chars: Vec<char> = translated.chars().collect();
    let mut out = String::with_capacity(translated.len() + 8);
    let mut depth = 0usize;
    let mut idx = 0;
    while idx < chars.len() {
        let c = chars[idx];
        out.push(c);
        match c {
            '\\' if idx + 1 < chars.len() => {
                out.push(chars[idx + 1]);
                idx += 1;
            }
            '[' if depth > 0 && chars.get(idx + 1) == Some(&':') => {
                // A named class inside a bracket expression: copied to its `:]`.
                while idx + 1 < chars.len() {
                    idx += 1;
                    out.push(chars[idx]);
                    if chars[idx] == ']' && chars[idx - 1] == ':' {
                        break;
                    }
                }
            }
            '[' => {
                depth += 1;
                if depth == 1 && chars.get(idx + 1) == Some(&'^') {
                    out.push('^');
                    out.push_str(if newline == 0 { "\\x00" } else { "\\n" });
                    idx += 1;
                }
            }
            ']' if depth > 0 => depth -= 1,
            _ => {}
        }
        idx += 1;
    }
    out
}

/// Whether a translated expression repeats something more than POSIX's `RE_DUP_MAX` (32767)
/// times, which GNU refuses as `Regular expression too big`.
pub fn too_big(translated: &str) -> bool {
    let bytes = translated.as_bytes();
    let mut idx = 0;
    let mut in_class = false;
    while idx < bytes.len() {
        match bytes[idx] {
            b'\\' => idx += 1,
            b'[' if !in_class => in_class = true,
            b']' if in_class => in_class = false,
            b'{' if !in_class => {
                let counts: String =
                    translated[idx + 1..].chars().take_while(|c| c.is_ascii_digit() || *c == ',').collect();
                if counts.split(',').any(|n| n.len() > 5 || n.parse::<u32>().is_ok_and(|n| n > 32767)) {
                    return true;
                }
            }
            _ => {}
        }
        idx += 1;
    }
    false
}

/// Whether a POSIX pattern holds a bracket expression that is only a named class's name
/// (`[:space:]` for `[[:space:]]`), which GNU's matcher refuses: `character class syntax is
/// [[:space:]], not [:space:]`.
pub fn misplaced_class(pattern: &str) -> bool {
    let chars: Vec<char> = pattern.chars().collect();
    let mut idx = 0;
    while idx < chars.len() {
        match chars[idx] {
            '\\' => idx += 1,
            '[' => {
                let mut end = idx + 1;
                if chars.get(end) == Some(&'^') {
                    end += 1;
                }
                if chars.get(end) == Some(&']') {
                    end += 1;
                }
                while end < chars.len() && chars[end] != ']' {
                    if chars[end] == '[' && matches!(chars.get(end + 1), Some(':' | '.' | '=')) {
                        let kind = chars[end + 1];
                        end += 2;
                        while end + 1 < chars.len() && !(chars[end] == kind && chars[end + 1] == ']') {
                            end += 1;
                        }
                        end += 1;
                    }
                    end += 1;
                }
                let inner = &chars[(idx + 1).min(chars.len())..end.min(chars.len())];
                let inner = inner.strip_prefix(&['^']).unwrap_or(inner);
                // `:name:`, the name letters only (`[::]` and `[:spac-e:]` are sets).
                if let [':', name @ .., ':'] = inner
                    && !name.is_empty()
                    && name.iter().all(char::is_ascii_alphabetic)
                {
                    return true;
                }
                idx = end;
            }
            _ => {}
        }
        idx += 1;
    }
    false
}

/// How deep a translated expression's groups nest (the regex crate refuses more than 250).
pub fn nesting(translated: &str) -> usize {
    let bytes = translated.as_bytes();
    let (mut depth, mut deepest, mut in_class, mut idx) = (0usize, 0usize, false, 0);
    while idx < bytes.len() {
        match bytes[idx] {
            b'\\' => idx += 1,
            b'[' if !in_class => in_class = true,
            b']' if in_class => in_class = false,
            b'(' if !in_class => {
                depth += 1;
                deepest = deepest.max(depth);
            }
            b')' if !in_class => depth = depth.saturating_sub(1),
            _ => {}
        }
        idx += 1;
    }
    deepest
}

/// Whether a translated expression refers back to a group (`\1`…`\9` outside brackets), which
/// the regex crate cannot match and fancy-regex (backtracking, bounded) can.
pub fn has_backreference(translated: &str) -> bool {
    let bytes = translated.as_bytes();
    let mut idx = 0;
    let mut in_class = false;
    while idx < bytes.len() {
        match bytes[idx] {
            b'\\' => {
                if !in_class && bytes.get(idx + 1).is_some_and(|d| (b'1'..=b'9').contains(d)) {
                    return true;
                }
                idx += 1;
            }
            b'[' if !in_class => in_class = true,
            b']' if in_class => in_class = false,
            _ => {}
        }
        idx += 1;
    }
    false
}

/// `translated` with each back-reference raised by `by` and the number of capturing groups it
/// opens, for joining expressions into one alternation (`grep -e A -e B`) whose later members
/// refer to their own groups.
pub fn renumber_groups(translated: &str, by: usize) -> (String, usize) {
    let chars: Vec<char> = translated.chars().collect();
    let mut out = String::with_capacity(translated.len());
    let mut groups = 0;
    let mut in_class = false;
    let mut idx = 0;
    while idx < chars.len() {
        let c = chars[idx];
        match c {
            '\\' if idx + 1 < chars.len() => {
                let next = chars[idx + 1];
                match next.to_digit(10) {
                    Some(n @ 1..=9) if !in_class => out.push_str(&format!("\\{}", n as usize + by)),
                    _ => {
                        out.push(c);
                        out.push(next);
                    }
                }
                idx += 2;
                continue;
            }
            '[' if !in_class => in_class = true,
            ']' if in_class => in_class = false,
            '(' if !in_class && chars.get(idx + 1) != Some(&'?') => groups += 1,
            _ => {}
        }
        out.push(c);
        idx += 1;
    }
    (out, groups)
}

/// Where POSIX's match ends: among the matches that start where the regex crate's leftmost-first
/// one does (the leftmost start is the same), the longest (`a|ab` takes `ab`, as GNU's tools
/// do). A lazy DFA that reports every match, run anchored from that start; when it gives up
/// (its cache thrashing), the leftmost-first match stands.
#[derive(Debug)]
pub struct Longest {
    dfa: regex_automata::hybrid::dfa::DFA,
    cache: std::sync::Mutex<regex_automata::hybrid::dfa::Cache>,
}

impl Clone for Longest {
    /// The same DFA with a cache of its own (for another thread).
    fn clone(&self) -> Self {
        Longest { dfa: self.dfa.clone(), cache: std::sync::Mutex::new(self.dfa.create_cache()) }
    }
}

impl Longest {
    /// The DFA of a translated expression, compiled as [`Compiled::with`] compiles it; `None`
    /// when it cannot be built (the leftmost-first match is then kept).
    pub fn new(translated: &str, options: &Options) -> Option<Longest> {
        use regex_automata::hybrid::dfa::DFA;
        let syntax = regex_automata::util::syntax::Config::new()
            .case_insensitive(options.ignore_case)
            .multi_line(options.multi_line)
            .dot_matches_new_line(options.dot_matches_new_line)
            .line_terminator(options.line_terminator)
            .unicode(!options.bytes)
            .utf8(false);
        let dfa = DFA::builder()
            .syntax(syntax)
            .thompson(regex_automata::nfa::thompson::Config::new().utf8(false))
            .configure(DFA::config().match_kind(regex_automata::MatchKind::All))
            .build(translated)
            .ok()?;
        let cache = std::sync::Mutex::new(dfa.create_cache());
        Some(Longest { dfa, cache })
    }

    /// The end of the longest match that starts at `start` (the text before it is context).
    pub fn end(&self, hay: &[u8], start: usize) -> Option<usize> {
        let input = regex_automata::Input::new(hay).range(start..).anchored(regex_automata::Anchored::Yes);
        let mut cache = self.cache.lock().ok()?;
        self.dfa.try_search_fwd(&mut cache, &input).ok().flatten().map(|m| m.offset())
    }
}

/// A compiled POSIX expression: the regex crate's automaton, or for an expression with
/// back-references fancy-regex's backtracking over the bytes seen as text ([`AsText`]; a
/// search past fancy-regex's backtrack limit finds nothing).
#[derive(Debug)]
pub enum Compiled {
    /// No back-reference.
    Automaton(Box<Automaton>),
    /// With back-references; searched in the text [`AsText::with`] makes as [`How`] says.
    Backtracking(fancy_regex::Regex, How),
}

/// An expression without back-references: the regex crate's automaton, the DFA that finds
/// where POSIX's match ends, and (made when first needed) the expression anchored at the
/// text's end, which finds the groups of a match longer than the automaton's.
#[derive(Debug)]
pub struct Automaton {
    regex: regex::bytes::Regex,
    longest: Option<Longest>,
    anchored: std::sync::OnceLock<Option<regex::bytes::Regex>>,
    options: Options,
}

/// The regex crate's automaton for a translated expression.
fn build(translated: &str, options: &Options) -> Result<regex::bytes::Regex, regex::Error> {
    regex::bytes::RegexBuilder::new(translated)
        .case_insensitive(options.ignore_case)
        .dot_matches_new_line(options.dot_matches_new_line)
        .multi_line(options.multi_line)
        .line_terminator(options.line_terminator)
        .unicode(!options.bytes)
        .size_limit(16 << 20)
        .build()
}

/// The spans of one match and its groups (byte offsets into the searched text).
pub struct Groups<'h> {
    hay: &'h [u8],
    spans: Vec<Option<(usize, usize)>>,
}

impl<'h> Groups<'h> {
    /// Group `index` (0: the whole match) as bytes, if it took part.
    pub fn get(&self, index: usize) -> Option<&'h [u8]> {
        self.span(index).map(|(start, end)| &self.hay[start..end])
    }

    /// Group `index`'s span.
    pub fn span(&self, index: usize) -> Option<(usize, usize)> {
        self.spans.get(index).copied().flatten()
    }
}

/// How a translated expression is compiled.
#[derive(Debug, Clone, Copy)]
pub struct Options {
    pub ignore_case: bool,
    /// `.` matches a newline (sed's pattern space, which `N` fills with lines).
    pub dot_matches_new_line: bool,
    /// `^` and `$` match at each line's start and end (sed's `M`).
    pub multi_line: bool,
    /// What ends a line for `multi_line` (NUL for `sed -z`).
    pub line_terminator: u8,
    /// Each byte is a character (the C locale): the expression's characters past ASCII are
    /// their bytes ([`crate::text::as_text::pattern_bytes`] made them stand-ins), classes and
    /// case are ASCII's, and `.` takes one byte.
    pub bytes: bool,
}

impl Compiled {
    /// Compiles a translated expression (see [`basic`], [`extended`]).
    pub fn new(translated: &str, ignore_case: bool) -> Result<Compiled, String> {
        let options = Options {
            ignore_case,
            dot_matches_new_line: false,
            multi_line: false,
            line_terminator: b'\n',
            bytes: false,
        };
        Compiled::with(translated, &options)
    }

    /// Compiles a translated expression with `options`.
    pub fn with(translated: &str, options: &Options) -> Result<Compiled, String> {
        if too_big(translated) {
            return Err("Regular expression too big".to_string());
        }
        if has_backreference(translated) {
            let mut flags = String::new();
            for (on, flag) in
                [(options.ignore_case, "i"), (options.dot_matches_new_line, "s"), (options.multi_line, "m")]
            {
                if on {
                    flags.push_str(flag);
                }
            }
            let flags = if flags.is_empty() { flags } else { format!("(?{flags})") };
            let translated = crate::text::as_text::bytes_as_stand_ins(translated);
            return fancy_regex::Regex::new(&format!("{flags}{translated}"))
                .map(|regex| Compiled::Backtracking(regex, How { each_byte: options.bytes, fold: options.ignore_case }))
                .map_err(|err| failure_message(&err.to_string()));
        }
        let translated =
            if options.bytes { crate::text::as_text::stand_ins_as_bytes(translated) } else { translated.to_string() };
        let translated = translated.as_str();
        let regex = build(translated, options).map_err(|err| failure_message(&err.to_string()))?;
        let longest = Longest::new(translated, options);
        let anchored = std::sync::OnceLock::new();
        Ok(Compiled::Automaton(Box::new(Automaton { regex, longest, anchored, options: *options })))
    }

    /// The first match of `hay` that starts at `start` or later (POSIX's: the longest of
    /// those that start leftmost), with its groups; what comes before `start` is context (`^`
    /// does not match at `start`, `\b` sees the byte before).
    pub fn captures_at<'h>(&self, hay: &'h [u8], start: usize) -> Option<Groups<'h>> {
        let spans: Vec<Option<(usize, usize)>> = match self {
            Compiled::Automaton(automaton) => {
                let spans = |caps: regex::bytes::Captures<'_>| -> Vec<Option<(usize, usize)>> {
                    caps.iter().map(|m| m.map(|m| (m.start(), m.end()))).collect()
                };
                let caps = automaton.regex.captures_at(hay, start)?;
                let whole = caps.get(0)?;
                match automaton.longest.as_ref().and_then(|l| l.end(hay, whole.start())) {
                    Some(end) if end > whole.end() => {
                        // The groups of the longer match: the expression anchored at the
                        // text's end, over the text up to where the match ends.
                        let anchored = automaton.anchored.get_or_init(|| {
                            build(&format!("(?:{})\\z", automaton.regex.as_str()), &automaton.options).ok()
                        });
                        match anchored.as_ref().and_then(|a| a.captures_at(&hay[..end], whole.start())) {
                            Some(longer) if longer.get(0).is_some_and(|m| m.start() == whole.start()) => spans(longer),
                            _ => spans(caps),
                        }
                    }
                    _ => spans(caps),
                }
            }
            Compiled::Backtracking(regex, how) => {
                let seen = AsText::with(hay, *how);
                let caps = regex.captures_from_pos(seen.text(), seen.text_at(start)?).ok()??;
                caps.iter().map(|m| m.map(|m| seen.span(m.start(), m.end()))).collect()
            }
        };
        Some(Groups { hay, spans })
    }

    /// The number of groups, the whole match included.
    pub fn captures_len(&self) -> usize {
        match self {
            Compiled::Automaton(automaton) => automaton.regex.captures_len(),
            Compiled::Backtracking(regex, _) => regex.captures_len(),
        }
    }

    /// Whether `hay` holds a match.
    pub fn is_match(&self, hay: &[u8]) -> bool {
        match self {
            Compiled::Automaton(automaton) => automaton.regex.is_match(hay),
            Compiled::Backtracking(regex, how) => regex.is_match(AsText::with(hay, *how).text()).unwrap_or(false),
        }
    }

    /// The matches of `hay` from left to right, with their groups, found as they are asked for.
    pub fn captures_iter<'r, 'h>(&'r self, hay: &'h [u8]) -> Box<dyn Iterator<Item = Groups<'h>> + 'r>
    where
        'h: 'r,
    {
        let groups = move |spans: Vec<Option<(usize, usize)>>| Groups { hay, spans };
        match self {
            Compiled::Automaton(automaton) => Box::new(
                automaton
                    .regex
                    .captures_iter(hay)
                    .map(move |caps| groups(caps.iter().map(|m| m.map(|m| (m.start(), m.end()))).collect())),
            ),
            Compiled::Backtracking(regex, how) => {
                // The matches are found at once: the text they are found in is made here.
                let seen = AsText::with(hay, *how);
                let found: Vec<_> = regex
                    .captures_iter(seen.text())
                    .map_while(Result::ok)
                    .map(|caps| caps.iter().map(|m| m.map(|m| seen.span(m.start(), m.end()))).collect())
                    .collect();
                Box::new(found.into_iter().map(groups))
            }
        }
    }
}
