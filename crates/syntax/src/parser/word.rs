//! Words: quoting, `$`-forms (`$name`, `${…}`, `$(…)`, `$((…))`, `$'…'`), backticks and
//! here-document bodies. Each context has its own rules for what a backslash escapes and what
//! ends the word; [`Mode`] names them.

use super::{PResult, ParseError, ParseErrorKind, Parser};
use crate::ast::*;

/// The quoting context a word is read in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mode {
    /// An ordinary word: ends at a blank or an operator character.
    Unquoted,
    /// Inside `"…"`: ends at `"`.
    DoubleQuoted,
    /// A `"…"` inside the word of a double-quoted `${name op word}`: ends at `"` as
    /// [`Mode::DoubleQuoted`], but a backslash escapes every character there, as bash reads
    /// it (`"${v+"\p"}"` is `p`).
    DqInParam,
    /// A here-document body: only `$`, backquote and backslash are special.
    HereDoc,
    /// An arithmetic expression: like a heredoc, plus `"…"`.
    Arith,
    /// An array subscript: like an arithmetic expression, but quotes are removed and a
    /// backslash quotes any character, as bash removes them from an associative array's key
    /// (`m['a b']`, `m[\]]`).
    Subscript,
    /// The right side of `=~`: parentheses and `|` belong to the word.
    Regex,
    /// The word inside `${name op word}`: ends at the closing `}` (or `/` for a pattern).
    ParamWord { in_dq: bool, stop_slash: bool },
    /// The inside of an extended glob group (`@(…)`, `!(…)`, …) in an ordinary word: read as
    /// [`Mode::Unquoted`] (quotes, expansions), but blanks, `|`, `<`, `>`, `&` and `;` are text
    /// of the pattern and the word goes on to the `)` that closes the group, as bash's reader
    /// takes `@(a b|'c'|$x)` whole.
    ExtGlob,
}

/// Appends a part, merging runs of literal or quoted text so equal words have equal trees.
fn push_part(parts: &mut Parts, part: WordPart) {
    match (parts.last_mut(), part) {
        (Some(WordPart::Literal(prev)), WordPart::Literal(text)) => prev.push_str(&text),
        (Some(WordPart::Quoted(prev)), WordPart::Quoted(text)) => prev.push_str(&text),
        (_, part) => parts.push(part),
    }
}

impl Parser<'_> {
    /// Reads an ordinary word at the cursor (possibly empty when at an operator).
    pub(super) fn parse_word(&mut self) -> PResult<Word> {
        let start = self.pos;
        let parts = self.parse_parts(Mode::Unquoted)?;
        Ok(Word { parts, span: self.span_from(start) })
    }

    /// Reads the right side of `=~` inside `[[ ]]`.
    pub(super) fn parse_regex_word(&mut self) -> PResult<Word> {
        let start = self.pos;
        let parts = self.parse_parts(Mode::Regex)?;
        Ok(Word { parts, span: self.span_from(start) })
    }

    /// Reads a whole here-document body (this parser holds only the body).
    pub(super) fn parse_heredoc_body(&mut self) -> PResult<Parts> {
        let outer = std::mem::replace(&mut self.in_heredoc, true);
        let parts = self.parse_parts(Mode::HereDoc);
        self.in_heredoc = outer;
        parts
    }

    /// Parses `src[start..end]` as an arithmetic word.
    pub(super) fn sub_arith(&self, start: usize, end: usize) -> PResult<Word> {
        let mut sub = self.sub(&self.src[start..end], self.base + start);
        let parts = sub.parse_parts(Mode::Arith)?;
        Ok(Word { parts, span: Span::new(self.base + start, self.base + end) })
    }

    /// Parses `src[start..end]` as an array subscript ([`Mode::Subscript`]).
    pub(super) fn sub_subscript(&self, start: usize, end: usize) -> PResult<Word> {
        let mut sub = self.sub(&self.src[start..end], self.base + start);
        let parts = sub.parse_parts(Mode::Subscript)?;
        Ok(Word { parts, span: Span::new(self.base + start, self.base + end) })
    }

    /// Finds the `))` that closes an arithmetic expression starting at `from`; `None` when the
    /// text is not arithmetic (e.g. `$( (a); b )`) or unfinished ([`Self::arith_unfinished`]).
    pub(super) fn arith_region_end(&self, from: usize) -> Option<usize> {
        self.arith_region(from).ok()
    }

    /// Whether the text ends inside the arithmetic expression starting at `from` (bash's
    /// `unexpected EOF while looking for matching `)'`, where a `)` not doubled makes it a
    /// subshell instead).
    pub(super) fn arith_unfinished(&self, from: usize) -> bool {
        self.arith_region(from) == Err(true)
    }

    /// The `))` closing the arithmetic text at `from`, or whether the text ran out first.
    fn arith_region(&self, from: usize) -> Result<usize, bool> {
        let bytes = self.bytes();
        let mut depth = 0usize;
        let mut idx = from;
        while idx < bytes.len() {
            match bytes[idx] {
                b'(' => depth += 1,
                b')' => {
                    if depth == 0 {
                        return if bytes.get(idx + 1) == Some(&b')') { Ok(idx) } else { Err(false) };
                    }
                    depth -= 1;
                }
                b'\\' => idx += 1,
                b'\'' => {
                    idx += 1;
                    while idx < bytes.len() && bytes[idx] != b'\'' {
                        idx += 1;
                    }
                }
                b'"' => {
                    idx += 1;
                    while idx < bytes.len() && bytes[idx] != b'"' {
                        if bytes[idx] == b'\\' {
                            idx += 1;
                        }
                        idx += 1;
                    }
                }
                _ => {}
            }
            idx += 1;
        }
        Err(true)
    }

    fn mode_ends(&self, mode: Mode, paren_depth: usize) -> bool {
        let Some(byte) = self.peek() else {
            return true;
        };
        match mode {
            Mode::Unquoted => Self::is_delimiter(Some(byte)),
            Mode::Regex => {
                paren_depth == 0 && matches!(byte, b' ' | b'\t' | b'\n' | b'\r' | b';' | b'&' | b'<' | b'>' | b')')
            }
            Mode::ExtGlob => paren_depth == 0 && byte == b')',
            Mode::DoubleQuoted | Mode::DqInParam => byte == b'"',
            Mode::HereDoc | Mode::Arith | Mode::Subscript => false,
            Mode::ParamWord { stop_slash, .. } => byte == b'}' || stop_slash && byte == b'/',
        }
    }

    /// The characters a backslash escapes in `mode`; `None` means every character.
    fn escapable(mode: Mode) -> Option<&'static [u8]> {
        match mode {
            Mode::Unquoted
            | Mode::ExtGlob
            | Mode::Regex
            | Mode::Subscript
            | Mode::ParamWord { in_dq: false, .. }
            | Mode::DqInParam => None,
            Mode::DoubleQuoted => Some(b"$`\"\\\n"),
            Mode::ParamWord { in_dq: true, .. } => Some(b"$`\"\\\n}/"),
            Mode::HereDoc | Mode::Arith => Some(b"$`\\\n"),
        }
    }

    fn parse_parts(&mut self, mode: Mode) -> PResult<Parts> {
        let mut parts = Parts::new();
        // A nested word (inside `"…"` or `${…}`) takes a fresh buffer; this one is put back.
        let mut literal = std::mem::take(&mut self.scratch);
        let mut paren_depth = 0usize;
        let in_dq =
            matches!(mode, Mode::DoubleQuoted | Mode::DqInParam | Mode::HereDoc | Mode::ParamWord { in_dq: true, .. });
        // Inside `'…'` in the word of a double-quoted `${…}`: the quotes are text and what is
        // between them is expanded, but a `}` there does not end the expansion (bash finds the
        // closing brace past quoted text).
        let mut in_squote = false;
        let quotes_active = matches!(
            mode,
            Mode::Unquoted | Mode::ExtGlob | Mode::Regex | Mode::Subscript | Mode::ParamWord { in_dq: false, .. }
        );
        macro_rules! flush {
            () => {
                if !literal.is_empty() {
                    push_part(&mut parts, WordPart::Literal(Text::from(literal.as_str())));
                    literal.clear();
                }
            };
        }
        loop {
            // bash reads `<(…)` and `>(…)` inside a word too (`f=<(cmd)`, `--file=<(cmd)`).
            let subst = mode == Mode::Unquoted && (self.at("<(") || self.at(">("));
            if subst {
                flush!();
                parts.push(self.parse_process_subst()?);
                continue;
            }
            if self.mode_ends(mode, paren_depth) && !(in_squote && self.peek() == Some(b'}')) {
                break;
            }
            let Some(byte) = self.peek() else { break };
            match byte {
                b'\\' => {
                    let Some(next) = self.peek_at(1) else {
                        // A backslash that ends the input stands for itself.
                        flush!();
                        push_part(&mut parts, WordPart::Quoted("\\".into()));
                        self.pos += 1;
                        continue;
                    };
                    let escapes = Self::escapable(mode).is_none_or(|set| set.contains(&next));
                    if !escapes {
                        literal.push('\\');
                        self.pos += 1;
                        // `\'` is two characters of text: the quote opens nothing.
                        if next == b'\'' {
                            literal.push('\'');
                            self.pos += 1;
                        }
                        continue;
                    }
                    if next == b'\n' {
                        self.pos += 2;
                        continue;
                    }
                    let ch = self.src[self.pos + 1..].chars().next().unwrap_or('\\');
                    self.pos += 1 + ch.len_utf8();
                    if matches!(mode, Mode::DoubleQuoted | Mode::DqInParam) {
                        literal.push(ch);
                    } else {
                        flush!();
                        push_part(&mut parts, WordPart::Quoted(Text::from(&*ch.encode_utf8(&mut [0; 4]))));
                    }
                }
                b'\'' if quotes_active => {
                    flush!();
                    self.pos += 1;
                    let Some(len) = self.src[self.pos..].find('\'') else {
                        return Err(self.unclosed(self.pos - 1, '\''));
                    };
                    let text = Text::from(&self.src[self.pos..self.pos + len]);
                    self.pos += len + 1;
                    push_part(&mut parts, WordPart::Quoted(text));
                }
                // Inside double quotes a `'…'` in `${x-'…'}` is text, but bash reads past it
                // whole: a `}` in it does not end the expansion.
                b'\'' if matches!(mode, Mode::ParamWord { in_dq: true, .. }) => {
                    // An unmatched quote is plain text, and every quote in POSIX mode.
                    if !self.posix && (in_squote || self.src[self.pos + 1..].contains('\'')) {
                        in_squote = !in_squote;
                    }
                    literal.push('\'');
                    self.pos += 1;
                }
                b'"' if matches!(mode, Mode::ParamWord { in_dq: true, .. }) => {
                    if in_squote {
                        literal.push('"');
                        self.pos += 1;
                    } else {
                        flush!();
                        parts.push(self.parse_double_quoted_in(Mode::DqInParam)?);
                    }
                }
                b'"' if !matches!(mode, Mode::DoubleQuoted | Mode::DqInParam | Mode::HereDoc) => {
                    flush!();
                    parts.push(self.parse_double_quoted()?);
                }
                b'$' => {
                    // bash decodes `$'…'` in the words of `${…}` even inside double quotes, but
                    // not in a here-document's.
                    let ansi_c = !in_dq || matches!(mode, Mode::ParamWord { .. }) && !self.in_heredoc;
                    if let Some(part) = self.parse_dollar(in_dq, ansi_c)? {
                        flush!();
                        match part {
                            WordPart::Literal(text) if matches!(mode, Mode::DoubleQuoted | Mode::DqInParam) => {
                                literal.push_str(&text)
                            }
                            part => push_part(&mut parts, part),
                        }
                    } else {
                        literal.push('$');
                        self.pos += 1;
                    }
                }
                b'`' => {
                    flush!();
                    parts.push(self.parse_backtick(in_dq)?);
                }
                // `${x:-<(list)}`: a process substitution in an unquoted operand.
                b'<' | b'>'
                    if matches!(mode, Mode::ParamWord { in_dq: false, .. }) && self.peek_at(1) == Some(b'(') =>
                {
                    flush!();
                    parts.push(self.parse_process_subst()?);
                }
                // An extended glob group: its inside is read as a word of its own (quotes and
                // expansions work there), the group's marks are text of the pattern.
                b'?' | b'*' | b'+' | b'@' | b'!'
                    if matches!(mode, Mode::Unquoted | Mode::ExtGlob) && self.peek_at(1) == Some(b'(') =>
                {
                    let open = self.pos + 1;
                    literal.push(byte as char);
                    literal.push('(');
                    self.pos += 2;
                    flush!();
                    self.enter()?;
                    let inner = self.parse_parts(Mode::ExtGlob)?;
                    self.leave();
                    if self.peek() != Some(b')') {
                        return Err(self.unclosed(open, ')'));
                    }
                    self.pos += 1;
                    for part in inner {
                        push_part(&mut parts, part);
                    }
                    literal.push(')');
                }
                _ => {
                    match (mode, byte) {
                        (Mode::Regex | Mode::ExtGlob, b'(') => paren_depth += 1,
                        (Mode::Regex | Mode::ExtGlob, b')') => paren_depth = paren_depth.saturating_sub(1),
                        _ => {}
                    }
                    if byte.is_ascii() {
                        literal.push(byte as char);
                        self.pos += 1;
                    } else {
                        let ch = self.src[self.pos..].chars().next().unwrap_or('\u{fffd}');
                        literal.push(ch);
                        self.pos += ch.len_utf8().max(1);
                    }
                }
            }
        }
        // Double-quoted text that runs out is refused by its reader, which knows where the
        // quote opened.
        if self.eof() && matches!(mode, Mode::ParamWord { .. }) {
            return Err(self.unclosed_brace());
        }
        flush!();
        self.scratch = literal;
        parts.shrink_to_fit();
        Ok(parts)
    }

    /// `<(list)` or `>(list)` at the cursor.
    fn parse_process_subst(&mut self) -> PResult<WordPart> {
        let output = self.peek() == Some(b'>');
        self.pos += 2;
        self.enter()?;
        let body = self.parse_list(&[])?;
        self.skip_linebreaks();
        self.leave();
        if self.peek() != Some(b')') {
            // bash reads the list with its parser, which meets the end of the text where it is.
            if self.eof() {
                return Err(self.incomplete("unexpected EOF while looking for matching `)'"));
            }
            return Err(self.unexpected());
        }
        self.pos += 1;
        Ok(WordPart::ProcessSubst { script: Box::new(Script { body }), output })
    }

    fn parse_double_quoted(&mut self) -> PResult<WordPart> {
        self.parse_double_quoted_in(Mode::DoubleQuoted)
    }

    /// `"…"` at the cursor, read in `mode` ([`Mode::DoubleQuoted`] or [`Mode::DqInParam`]).
    fn parse_double_quoted_in(&mut self, mode: Mode) -> PResult<WordPart> {
        let open = self.pos;
        self.pos += 1;
        self.enter()?;
        let inner = self.parse_parts(mode)?;
        self.leave();
        if self.peek() != Some(b'"') {
            return Err(self.unclosed(open, '"'));
        }
        self.pos += 1;
        Ok(WordPart::DoubleQuoted(inner.into_vec()))
    }

    /// Parses a `$`-form at the cursor; `None` when the `$` is literal. `ansi_c`: whether `$'…'`
    /// is ANSI-C quoting here.
    fn parse_dollar(&mut self, in_dq: bool, ansi_c: bool) -> PResult<Option<WordPart>> {
        // bash joins the lines before it reads the word: `$\<newline>?` is `$?`. What follows
        // the continuations is read as if it came right after the `$` (the last byte of the
        // last continuation stands in for it); a `$` nothing follows stays a `$`.
        if self.peek_at(1) == Some(b'\\') && self.peek_at(2) == Some(b'\n') {
            let mut at = self.pos + 1;
            while self.bytes().get(at) == Some(&b'\\') && self.bytes().get(at + 1) == Some(&b'\n') {
                at += 2;
            }
            let dollar = self.pos;
            self.pos = at - 1;
            let part = self.parse_dollar(in_dq, ansi_c)?;
            if part.is_none() {
                self.pos = dollar;
            }
            return Ok(part);
        }
        let start = self.pos;
        match self.peek_at(1) {
            // `$[expr]`: bash's old form of `$((expr))`.
            Some(b'[') => {
                let Some(end) = self.matching_close(start + 1, b'[', b']') else {
                    return Err(self.unclosed(start + 1, ']'));
                };
                let word = self.sub_arith(start + 2, end)?;
                self.pos = end + 1;
                Ok(Some(WordPart::Arith(Box::new(word))))
            }
            Some(b'(') => {
                if self.peek_at(2) == Some(b'(') {
                    if let Some(end) = self.arith_region_end(start + 3) {
                        let word = self.sub_arith(start + 3, end)?;
                        self.pos = end + 2;
                        return Ok(Some(WordPart::Arith(Box::new(word))));
                    }
                    if self.arith_unfinished(start + 3) {
                        return Err(self.unclosed(start, ')'));
                    }
                }
                self.pos += 2;
                self.enter()?;
                let saved_skip = self.heredoc_skip.take();
                self.comsub_depth += 1;
                let body = self.parse_list(&[]);
                self.comsub_depth -= 1;
                let body = body?;
                self.skip_linebreaks();
                if self.heredoc_skip.is_none() {
                    self.heredoc_skip = saved_skip;
                }
                self.leave();
                if self.peek() != Some(b')') {
                    // bash reads the list with its parser, which meets the end of the text where
                    // it is (not where the `$(` opened, as for a quote).
                    if self.eof() {
                        return Err(self.incomplete("unexpected EOF while looking for matching `)'"));
                    }
                    return Err(self.unexpected());
                }
                self.pos += 1;
                Ok(Some(WordPart::CommandSubst(Box::new(Script { body }))))
            }
            Some(b'{') => self.parse_braced_param(in_dq).map(Some),
            Some(b'\'') if ansi_c => {
                self.pos += 2;
                self.parse_ansi_c().map(Some)
            }
            Some(b'"') if !in_dq => {
                self.pos += 1;
                self.parse_double_quoted().map(Some)
            }
            Some(c) if c.is_ascii_alphabetic() || c == b'_' => {
                self.pos += 1;
                let name = self.parse_name().unwrap_or_default();
                Ok(Some(simple_param(name)))
            }
            Some(c) if c.is_ascii_digit() || b"@*#?-$!".contains(&c) => {
                self.pos += 2;
                Ok(Some(simple_param(Text::from(&self.src[self.pos - 1..self.pos]))))
            }
            _ => Ok(None),
        }
    }

    fn parse_backtick(&mut self, in_dq: bool) -> PResult<WordPart> {
        let start = self.pos;
        self.pos += 1;
        let mut inner = String::new();
        loop {
            match self.peek() {
                None => return Err(self.unclosed(start, '`')),
                Some(b'`') => {
                    self.pos += 1;
                    break;
                }
                Some(b'\\') => {
                    let next = self.src[self.pos + 1..].chars().next();
                    match next {
                        Some(c @ ('$' | '`' | '\\')) => {
                            inner.push(c);
                            self.pos += 2;
                        }
                        Some('"') if in_dq => {
                            inner.push('"');
                            self.pos += 2;
                        }
                        // bash joins the lines before it reads the command, even inside quotes
                        // there (`\`echo 'a\<newline>b'\`` is `ab`).
                        Some('\n') => self.pos += 2,
                        _ => {
                            inner.push('\\');
                            self.pos += 1;
                        }
                    }
                }
                Some(_) => {
                    let ch = self.src[self.pos..].chars().next().unwrap_or('\u{fffd}');
                    inner.push(ch);
                    self.pos += ch.len_utf8();
                }
            }
        }
        self.enter()?;
        let mut sub = self.sub(&inner, self.base + start + 1);
        let script = sub.parse_script()?;
        self.leave();
        Ok(WordPart::CommandSubst(Box::new(script)))
    }

    /// `$'…'` after the `$'`. `\xHH` and `\NNN` are bytes, as in bash, so `$'\xe2\x9c\x93'`
    /// is `✓`; a byte that is not part of UTF-8 is kept as its stand-in (`toolsh_bytes`).
    fn parse_ansi_c(&mut self) -> PResult<WordPart> {
        let mut out = AnsiBytes(Vec::new());
        let open = self.pos.saturating_sub(1);
        loop {
            let Some(ch) = self.src[self.pos..].chars().next() else {
                return Err(self.unclosed(open, '\''));
            };
            self.pos += ch.len_utf8();
            match ch {
                '\'' => break,
                '\\' => {
                    let Some(esc) = self.src[self.pos..].chars().next() else {
                        return Err(self.unclosed(open, '\''));
                    };
                    self.pos += esc.len_utf8();
                    match esc {
                        'a' => out.push('\x07'),
                        'b' => out.push('\x08'),
                        'e' | 'E' => out.push('\x1b'),
                        'f' => out.push('\x0c'),
                        'n' => out.push('\n'),
                        'r' => out.push('\r'),
                        't' => out.push('\t'),
                        'v' => out.push('\x0b'),
                        '\\' | '\'' | '"' | '?' => out.push(esc),
                        'c' => match self.src[self.pos..].chars().next() {
                            // `\c` before the closing quote stays as written.
                            None | Some('\'') => out.push_str("\\c"),
                            Some(ctl) => {
                                self.pos += ctl.len_utf8();
                                // `\c\\` is one backslash's control character.
                                if ctl == '\\' && self.peek() == Some(b'\\') {
                                    self.pos += 1;
                                }
                                // bash: `\c?` is DEL, a letter's case does not matter.
                                out.push(match ctl {
                                    '?' => '\x7f',
                                    c if c.is_ascii() => char::from((c.to_ascii_uppercase() as u8) & 0x1f),
                                    _ => '\u{fffd}',
                                });
                            }
                        },
                        '0'..='7' => {
                            let mut value = esc.to_digit(8).unwrap_or(0);
                            for _ in 0..2 {
                                match self.peek() {
                                    Some(d @ b'0'..=b'7') => {
                                        value = value * 8 + u32::from(d - b'0');
                                        self.pos += 1;
                                    }
                                    _ => break,
                                }
                            }
                            out.0.push((value & 0xff) as u8);
                        }
                        // `\x{HH…}`: any number of digits, the value's low byte, the `}`
                        // optional (bash's reading).
                        'x' if self.peek() == Some(b'{') => {
                            self.pos += 1;
                            let mut value = 0u32;
                            while let Some(d) = self.peek().and_then(|d| char::from(d).to_digit(16)) {
                                value = (value << 4 | d) & 0xff;
                                self.pos += 1;
                            }
                            if self.peek() == Some(b'}') {
                                self.pos += 1;
                            }
                            out.0.push(value as u8);
                        }
                        'x' | 'u' | 'U' => {
                            let max = match esc {
                                'x' => 2,
                                'u' => 4,
                                _ => 8,
                            };
                            let digits: String =
                                self.src[self.pos..].chars().take(max).take_while(char::is_ascii_hexdigit).collect();
                            if digits.is_empty() {
                                out.push('\\');
                                out.push(esc);
                            } else {
                                self.pos += digits.len();
                                let value = u32::from_str_radix(&digits, 16).unwrap_or(0xfffd);
                                match esc {
                                    'x' => out.0.push(value as u8),
                                    _ => out.push(char::from_u32(value).unwrap_or('\u{fffd}')),
                                }
                            }
                        }
                        other => {
                            out.push('\\');
                            out.push(other);
                        }
                    }
                }
                other => out.push(other),
            }
        }
        // A NUL ends the value in bash (C strings): `$'a\0b'` is `a`.
        let mut bytes = out.0;
        if let Some(nul) = bytes.iter().position(|&b| b == 0) {
            bytes.truncate(nul);
        }
        Ok(WordPart::Quoted(toolsh_bytes::decode(&bytes).as_ref().into()))
    }

    /// `${…}` at the cursor. What bash could not expand is kept as [`ParamOp::Bad`] up to its
    /// closing brace and fails only when expanded, as bash's bad substitution does.
    fn parse_braced_param(&mut self, in_dq: bool) -> PResult<WordPart> {
        let start = self.pos;
        let outer = std::mem::replace(&mut self.open_brace, start);
        let read = self.parse_braced_param_ops(in_dq);
        self.open_brace = outer;
        match read {
            Err(err) if err.kind == ParseErrorKind::Syntax && err.message.starts_with(BAD_SUBSTITUTION) => {
                let Some(end) = self.braced_end(start + 2) else {
                    self.pos = self.bytes().len();
                    return Err(self.unclosed(start, '}'));
                };
                self.pos = end + 1;
                let text = self.src[start + 2..end].to_string();
                Ok(WordPart::Param(Box::new(ParamExpr {
                    name: Text::default(),
                    index: None,
                    indirect: false,
                    op: ParamOp::Bad(text),
                    bare: false,
                })))
            }
            other => other,
        }
    }

    /// The `}` that closes a `${` whose text starts at `from`, as bash finds it: quotes,
    /// backslashes and nested `${…}` are skipped over.
    fn braced_end(&self, from: usize) -> Option<usize> {
        let mut depth = 0usize;
        let mut idx = from;
        while idx < self.bytes().len() {
            match self.bytes()[idx] {
                b'\\' => idx += 1,
                b'\'' => idx += self.src[idx + 1..].find('\'')? + 1,
                b'"' => {
                    idx += 1;
                    while idx < self.bytes().len() && self.bytes()[idx] != b'"' {
                        idx += if self.bytes()[idx] == b'\\' { 2 } else { 1 };
                    }
                }
                b'$' if self.bytes().get(idx + 1) == Some(&b'{') => {
                    depth += 1;
                    idx += 1;
                }
                b'}' if depth == 0 => return Some(idx),
                b'}' => depth -= 1,
                _ => {}
            }
            idx += 1;
        }
        None
    }

    fn parse_braced_param_ops(&mut self, in_dq: bool) -> PResult<WordPart> {
        self.pos += 2;
        // `${\<newline>HOME}`: the lines are joined before the word is read.
        while self.peek() == Some(b'\\') && self.peek_at(1) == Some(b'\n') {
            self.pos += 2;
        }
        let mut param =
            ParamExpr { name: Text::default(), index: None, indirect: false, op: ParamOp::None, bare: false };
        let mut length = false;
        if self.peek() == Some(b'#') {
            // `${#}` is `$#`; `${#name}` and `${#-}` are lengths; `${#:-x}` tests `$#`.
            let is_length = match self.peek_at(1) {
                Some(c) if c.is_ascii_alphanumeric() || c == b'_' => true,
                // A special parameter's length only before the brace: `${#?:-x}` tests `$#`.
                Some(b'@' | b'*' | b'!' | b'?' | b'$' | b'#' | b'-') => self.peek_at(2) == Some(b'}'),
                // bash refuses these operators on `$#` with nothing after them.
                Some(b'/' | b'%' | b'=' | b'+') if self.peek_at(2) == Some(b'}') => {
                    self.pos += 1;
                    return Err(self.bad_substitution());
                }
                _ => false,
            };
            if is_length {
                length = true;
                self.pos += 1;
            }
        } else if self.peek() == Some(b'!')
            && matches!(self.peek_at(1), Some(c) if c.is_ascii_alphanumeric() || b"_#?@*".contains(&c))
        {
            // bash reads `${!` as indirection only before a name, a digit or one of `#?@*`;
            // otherwise it is `$!` (`${!-none}`).
            param.indirect = true;
            self.pos += 1;
        }
        param.name = self.parse_param_name();
        if param.name.is_empty() {
            return Err(self.bad_substitution());
        }
        if self.peek() == Some(b'[') {
            let Some(close) = self.matching_bracket(self.pos) else {
                return Err(self.unclosed_brace());
            };
            let inner = &self.src[self.pos + 1..close];
            param.index = Some(match inner {
                "@" => Subscript::At,
                "*" => Subscript::Star,
                _ => Subscript::Expr(self.sub_subscript(self.pos + 1, close)?),
            });
            self.pos = close + 1;
        }
        if length {
            param.op = ParamOp::Length;
            return self.close_brace(param);
        }
        if param.indirect {
            if param.index.is_none() && matches!(self.peek(), Some(b'*' | b'@')) && self.peek_at(1) == Some(b'}') {
                // `${!prefix*}` takes a name's prefix: `${!1*}` and `${!@*}` are bad.
                if !param.name.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_') {
                    return Err(self.bad_substitution());
                }
                param.op = ParamOp::PrefixNames { at: self.peek() == Some(b'@') };
                param.indirect = false;
                self.pos += 1;
                return self.close_brace(param);
            }
            if matches!(param.index, Some(Subscript::At | Subscript::Star)) && self.peek() == Some(b'}') {
                param.op = ParamOp::Keys;
                param.indirect = false;
                return self.close_brace(param);
            }
        }
        let Some(byte) = self.peek() else {
            return Err(self.unclosed_brace());
        };
        let word_mode = Mode::ParamWord { in_dq, stop_slash: false };
        // A pattern (`#`, `%`, `/`, `^`, `,`) and a replacement read quotes as quotes even
        // inside double quotes (`"${v#'a'}"` trims `a`), as bash reads them.
        let pattern_mode = Mode::ParamWord { in_dq: false, stop_slash: false };
        param.op = match byte {
            b'}' => ParamOp::None,
            b':' if matches!(self.peek_at(1), Some(b'-' | b'=' | b'?' | b'+')) => {
                let kind = test_kind(self.peek_at(1).unwrap_or(b'-'));
                self.pos += 2;
                let word = self.param_word(word_mode)?;
                ParamOp::Test { kind, colon: true, word }
            }
            b'-' | b'=' | b'?' | b'+' => {
                self.pos += 1;
                let word = self.param_word(word_mode)?;
                ParamOp::Test { kind: test_kind(byte), colon: false, word }
            }
            b'#' | b'%' => {
                self.pos += 1;
                let longest = self.peek() == Some(byte);
                if longest {
                    self.pos += 1;
                }
                let pattern = self.param_word(pattern_mode)?;
                ParamOp::Trim { suffix: byte == b'%', longest, pattern }
            }
            b'/' => {
                self.pos += 1;
                let mode = match self.peek() {
                    Some(b'/') => ReplaceMode::All,
                    Some(b'#') => ReplaceMode::Prefix,
                    Some(b'%') => ReplaceMode::Suffix,
                    _ => ReplaceMode::First,
                };
                if mode != ReplaceMode::First {
                    self.pos += 1;
                }
                // bash: a pattern that starts with `/` keeps it (`${a///x/}` replaces `/x`).
                let slash = mode == ReplaceMode::All && self.peek() == Some(b'/');
                if slash {
                    self.pos += 1;
                }
                let mut pattern = self.param_word(Mode::ParamWord { in_dq: false, stop_slash: true })?;
                if slash {
                    match pattern.parts.first_mut() {
                        Some(WordPart::Literal(text)) => text.insert(0, '/'),
                        _ => pattern.parts.insert(0, WordPart::Literal("/".into())),
                    }
                }
                let replacement = if self.peek() == Some(b'/') {
                    self.pos += 1;
                    self.param_word(pattern_mode)?
                } else {
                    Word::default()
                };
                ParamOp::Replace { mode, pattern, replacement }
            }
            b'^' | b',' | b'~' => {
                self.pos += 1;
                let all = self.peek() == Some(byte);
                if all {
                    self.pos += 1;
                }
                let pattern = self.param_word(pattern_mode)?;
                let to = match byte {
                    b'^' => CaseTo::Upper,
                    b',' => CaseTo::Lower,
                    _ => CaseTo::Toggle,
                };
                ParamOp::Case { to, all, pattern }
            }
            b':' => {
                self.pos += 1;
                let offset_end = self.slice_field_end(self.pos);
                if offset_end == self.pos && self.peek() == Some(b'}') {
                    // `${x:}`: bash names no offset a bad substitution (`${x::2}` is offset 0).
                    return Err(self.bad_substitution());
                }
                let offset = self.sub_arith(self.pos, offset_end)?;
                self.pos = offset_end;
                let length = if self.peek() == Some(b':') {
                    self.pos += 1;
                    let end = self.slice_field_end(self.pos);
                    let length = self.sub_arith(self.pos, end)?;
                    self.pos = end;
                    Some(length)
                } else {
                    None
                };
                ParamOp::Slice { offset, length }
            }
            b'@' => {
                let Some(op) = self.peek_at(1) else {
                    return Err(self.unclosed_brace());
                };
                if !b"QEPAKaUuLk".contains(&op) {
                    return Err(self.bad_substitution());
                }
                self.pos += 2;
                ParamOp::Transform(op as char)
            }
            _ => return Err(self.bad_substitution()),
        };
        self.close_brace(param)
    }

    /// bash's error for text that ends inside the `${` being read.
    fn unclosed_brace(&self) -> ParseError {
        self.unclosed(self.open_brace, '}')
    }

    fn bad_substitution(&self) -> ParseError {
        if self.eof() {
            return self.unclosed_brace();
        }
        self.syntax_error(BAD_SUBSTITUTION)
    }

    fn close_brace(&mut self, param: ParamExpr) -> PResult<WordPart> {
        match self.peek() {
            Some(b'}') => {
                self.pos += 1;
                Ok(WordPart::Param(Box::new(param)))
            }
            _ => Err(self.bad_substitution()),
        }
    }

    fn param_word(&mut self, mode: Mode) -> PResult<Word> {
        let start = self.pos;
        self.enter()?;
        let parts = self.parse_parts(mode)?;
        self.leave();
        Ok(Word { parts, span: self.span_from(start) })
    }

    /// The end of one field of `${name:offset:length}`: the next `:` or `}` outside brackets.
    /// Quoted text and backquotes are skipped whole (`${x:`echo }`}`).
    fn slice_field_end(&self, from: usize) -> usize {
        let bytes = self.bytes();
        let mut depth = 0usize;
        let mut ternary = 0usize;
        let mut idx = from;
        while idx < bytes.len() {
            match bytes[idx] {
                b'\\' => idx += 1,
                quote @ (b'\'' | b'`' | b'"') => {
                    idx += 1;
                    while idx < bytes.len() && bytes[idx] != quote {
                        if bytes[idx] == b'\\' && quote != b'\'' {
                            idx += 1;
                        }
                        idx += 1;
                    }
                }
                b'(' | b'{' | b'[' => depth += 1,
                b')' | b']' => depth = depth.saturating_sub(1),
                b'}' if depth == 0 => return idx,
                b'}' => depth -= 1,
                // A `:` that closes a `?` is the conditional operator's (`${s:j?1:0:2}`).
                b':' if depth == 0 && ternary > 0 => ternary -= 1,
                b':' if depth == 0 => return idx,
                b'?' if depth == 0 => ternary += 1,
                _ => {}
            }
            idx += 1;
        }
        self.bytes().len()
    }

    fn parse_param_name(&mut self) -> Text {
        let start = self.pos;
        match self.peek() {
            Some(c) if c.is_ascii_alphabetic() || c == b'_' => self.parse_name().unwrap_or_default(),
            Some(c) if c.is_ascii_digit() => {
                while matches!(self.peek(), Some(c) if c.is_ascii_digit()) {
                    self.pos += 1;
                }
                Text::from(&self.src[start..self.pos])
            }
            Some(c) if b"@*#?-$!".contains(&c) => {
                self.pos += 1;
                Text::from(&self.src[start..self.pos])
            }
            _ => Text::default(),
        }
    }
}

/// The message of a `${…}` the parser cannot read (kept for expansion time as
/// [`ParamOp::Bad`]).
const BAD_SUBSTITUTION: &str = "bad substitution: expected a name and an operator such as `${name:-word}`";

fn test_kind(byte: u8) -> TestKind {
    match byte {
        b'=' => TestKind::Assign,
        b'?' => TestKind::Error,
        b'+' => TestKind::Alternate,
        _ => TestKind::Default,
    }
}

fn simple_param(name: Text) -> WordPart {
    WordPart::Param(Box::new(ParamExpr { name, index: None, indirect: false, op: ParamOp::None, bare: true }))
}

/// The bytes of a `$'…'` string as they are decoded: characters as UTF-8, `\xHH` and `\NNN` as
/// the bytes they name.
struct AnsiBytes(Vec<u8>);

impl AnsiBytes {
    /// A character of the text; a stand-in (a byte of the script that was not UTF-8) is that
    /// byte again, so it joins the bytes around it as in bash.
    fn push(&mut self, c: char) {
        toolsh_bytes::push_char(&mut self.0, c);
    }

    fn push_str(&mut self, text: &str) {
        self.0.extend_from_slice(text.as_bytes());
    }
}

/// The `$`-form (`$(…)`, `$((…))`, `$'…'`, `${…}`) or `<(…)`/`>(…)` that starts at byte `pos` of
/// `text`, with the offset just past it: how `print_bash` finds where a substitution that bash
/// prints anew ends in a word it otherwise copies. `None` when nothing parses there.
pub(crate) fn substitution_at(text: &str, pos: usize) -> Option<(WordPart, usize)> {
    let mut parser = Parser::new(text, 0);
    parser.pos = pos;
    let part = match parser.peek()? {
        b'$' => parser.parse_dollar(false, true).ok()??,
        b'<' | b'>' if parser.peek_at(1) == Some(b'(') => parser.parse_process_subst().ok()?,
        _ => return None,
    };
    Some((part, parser.pos))
}
