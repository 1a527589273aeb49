//! The parser: shell text to [`crate::ast`], by hand-written recursive descent.
//!
//! Shell tokens depend on context (a `)` ends a case pattern, `]]` ends a test, `{` is a keyword
//! only in command position), so the parser reads bytes directly instead of a token stream.
//! This module owns lists, pipelines and commands; `word.rs` owns words and `$`-forms.
//! Parsing does no I/O, never panics, and bounds its recursion depth.

mod error;
mod word;

pub use error::{ParseError, ParseErrorKind};
pub(crate) use word::substitution_at;

use crate::ast::*;
use std::borrow::Cow;
use std::sync::Arc;

/// Deepest nesting of constructs before parsing refuses (protects the stack).
const MAX_DEPTH: usize = 200;

/// The most characters of a word an error message names.
const MAX_TOKEN_CHARS: usize = 200;

pub use crate::ast::RESERVED_WORDS;

/// Words that end a list when found in command position.
const RESERVED: &[&str] = &["then", "else", "elif", "fi", "do", "done", "esac", "}", "]]", "in"];

/// Alias definitions by name, as `alias` keeps them.
pub type Aliases = std::collections::BTreeMap<String, String>;

/// Words that open a compound command or a function: never taken for an alias.
const KEYWORDS: &[&str] = &["if", "while", "until", "for", "case", "select", "function", "{", "[[", "!", "time"];

/// Parses a whole script.
pub fn parse(src: &str) -> Result<Script, ParseError> {
    parse_with_aliases(src, &Arc::default())
}

/// Parses a whole script, expanding `aliases` in command position as bash does with
/// `shopt -s expand_aliases` (the error's place is in the text as expanded).
pub fn parse_with_aliases(src: &str, aliases: &Arc<Aliases>) -> Result<Script, ParseError> {
    parse_from_line(src, aliases, 1)
}

/// [`parse_with_aliases`] for text whose first line is line `first_line` of what the shell
/// reads (`$LINENO` inside `eval` and an ERR or DEBUG trap counts from the line running it, as
/// bash counts). Spans' lines are counted from there; errors' stay within `src`.
pub fn parse_from_line(src: &str, aliases: &Arc<Aliases>, first_line: u32) -> Result<Script, ParseError> {
    let mut parser = Parser::new(src, 0);
    parser.aliases = aliases.clone();
    parser.first_line = first_line;
    parser.parse_script().map_err(|e| e.locate(&parser.src))
}

/// Parses `src` as the text of an arithmetic expression (the inside of `(( ))`, `$(( ))`):
/// expansions and `"…"` are its parts, every other character is text.
pub fn parse_arith_text(src: &str) -> Result<Word, ParseError> {
    let parser = Parser::new(src, 0);
    parser.sub_arith(0, src.len()).map_err(|e| e.locate(&parser.src))
}

/// Parses `src` as the text of an array subscript (`a[…]`): quotes removed, a backslash
/// quoting any character, expansions its parts.
pub fn parse_subscript_text(src: &str) -> Result<Word, ParseError> {
    let parser = Parser::new(src, 0);
    parser.sub_subscript(0, src.len()).map_err(|e| e.locate(&parser.src))
}

/// Checks a whole script's syntax without keeping its tree: each top-level command is parsed and
/// dropped in turn (as `bash -n` does), so memory stays small however long the script is.
/// Returns the number of top-level commands.
pub fn check(src: &str) -> Result<usize, ParseError> {
    let mut parser = Parser::new(src, 0);
    parser.discard_top_level = true;
    parser.parse_script().map(|_| parser.checked).map_err(|e| e.locate(src))
}

/// A script's complete commands one at a time, as bash reads a file: each item is the next
/// line's list (with everything a compound command, a continuation or a here-document carries
/// over to later lines), parsed only when asked for, so the commands before a syntax error run
/// and the ones after it are never read. After an error the iterator ends.
pub struct Commands<'a> {
    parser: Parser<'a>,
    failed: bool,
}

impl<'a> Commands<'a> {
    /// The complete commands of `src` (read in place: the text is copied only if an alias
    /// is expanded in it).
    pub fn new(src: &'a str) -> Self {
        Commands { parser: Parser::new(src, 0), failed: false }
    }

    /// The complete commands of `src`, its first line being line `first_line` of what the
    /// shell reads (`eval`'s text counts from the `eval`'s line): spans' lines count from there,
    /// errors' stay within `src`.
    pub fn from_line(src: &'a str, first_line: u32) -> Self {
        let mut commands = Commands::new(src);
        commands.parser.first_line = first_line;
        commands
    }

    /// The text being read (with the aliases expanded so far).
    pub fn text(&self) -> &str {
        &self.parser.src
    }

    /// Where the next command starts in [`Commands::text`].
    pub fn offset(&self) -> usize {
        self.parser.pos
    }

    /// The line number of the text's first line.
    pub fn first_line(&self) -> u32 {
        self.parser.first_line
    }

    /// Reads the next commands in bash's POSIX mode or not (`set -o posix` applies from the
    /// command after it).
    pub fn set_posix(&mut self, posix: bool) {
        self.parser.posix = posix;
    }

    /// The aliases expanded from the next command on (bash reads a command after running the
    /// one before, so an alias defined there applies).
    pub fn set_aliases(&mut self, aliases: &Arc<Aliases>) {
        if !Arc::ptr_eq(&self.parser.aliases, aliases) {
            self.parser.aliases = aliases.clone();
        }
    }
}

impl Iterator for Commands<'_> {
    type Item = Result<List, ParseError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.failed {
            return None;
        }
        let next = self.parser.parse_complete_command().map_err(|e| e.locate(&self.parser.src)).transpose();
        match &next {
            Some(Err(err)) if err.kind == ParseErrorKind::Line => self.parser.resume_after_line(err.offset),
            _ => self.failed = matches!(next, Some(Err(_))),
        }
        next
    }
}

pub(crate) struct Parser<'a> {
    /// The text, borrowed until an alias in command position is replaced by its value in
    /// place (a script of thousands of lines is not copied to be read).
    src: Cow<'a, str>,
    pos: usize,
    /// Offset of `src` inside the top-level source (for sub-parsers), added to spans.
    base: usize,
    /// A newline that here-document bodies follow: when the cursor passes it, it jumps to the end
    /// of the last body.
    heredoc_skip: Option<(usize, usize)>,
    depth: usize,
    /// Byte offsets where lines start in the top-level source (for `$LINENO`).
    line_starts: std::sync::Arc<Vec<usize>>,
    /// The line number of the source's first line (1 but in `eval` and traps).
    first_line: u32,
    /// [`check`]: drop top-level commands once parsed instead of collecting them.
    discard_top_level: bool,
    /// Index into `line_starts` of the last line looked up.
    line_hint: std::cell::Cell<usize>,
    /// Top-level commands parsed in discard mode.
    checked: usize,
    /// Aliases expanded in command position (empty: none are).
    aliases: Arc<Aliases>,
    /// bash's POSIX mode (`set -o posix`): a single quote inside a double-quoted `${x-word}`
    /// is an ordinary character there.
    posix: bool,
    /// Reading a here-document's body: `$'…'` inside its `${x-word}` stays as written.
    in_heredoc: bool,
    /// How many `$( … )` the cursor is inside: there a here-document's delimiter line may end
    /// with the substitution's `)` (`EOF)`), as bash 5.2 reads it.
    comsub_depth: usize,
    /// Aliases whose text is being read, with the offset where it ends: inside its own text
    /// an alias is not expanded again (`alias ls='ls -F'`).
    expanding: Vec<(String, usize)>,
    /// Where the text of an alias whose value ends in a blank ends: the next word is also
    /// checked for an alias.
    alias_blank_end: Option<usize>,
    /// The buffer a word's literal text is gathered in before it becomes a [`Text`], kept
    /// between words so that gathering allocates nothing.
    scratch: String,
    /// The items of the lists being read, innermost last: a list gathers its items here and
    /// splits them off at its end into a vector of their number (one allocation and one copy),
    /// instead of growing one by doubling and shrinking it (two reallocations and copies of
    /// most lists).
    items: Vec<ListItem>,
    /// The words of the simple commands being read, gathered in the same way.
    words: Vec<Word>,
    /// Function definitions being read around the cursor: each keeps a copy of its text, so
    /// past [`MAX_KEPT_NESTING`] a nested one keeps none (its words print in canonical form)
    /// and nesting cannot multiply the text kept.
    functions_open: usize,
    /// Where the innermost `${` being read opened (bash names its line when the text ends
    /// inside it).
    open_brace: usize,
}

/// How many function definitions nested in one another keep their text.
const MAX_KEPT_NESTING: usize = 3;

type PResult<T> = Result<T, ParseError>;

impl<'a> Parser<'a> {
    pub(crate) fn new(src: &'a str, base: usize) -> Self {
        // Counted first, so that the table is made at its size instead of grown by copies.
        let newlines = || memchr::memchr_iter(b'\n', src.as_bytes()).map(|i| i + 1);
        let mut line_starts = Vec::with_capacity(newlines().count() + 1);
        line_starts.push(0);
        line_starts.extend(newlines());
        Parser {
            src: Cow::Borrowed(src),
            pos: 0,
            base,
            heredoc_skip: None,
            depth: 0,
            line_starts: std::sync::Arc::new(line_starts),
            first_line: 1,
            discard_top_level: false,
            checked: 0,
            line_hint: std::cell::Cell::new(0),
            aliases: Arc::default(),
            posix: false,
            in_heredoc: false,
            comsub_depth: 0,
            expanding: Vec::new(),
            alias_blank_end: None,
            scratch: String::new(),
            items: Vec::new(),
            words: Vec::new(),
            functions_open: 0,
            open_brace: 0,
        }
    }

    /// A parser for a piece of the same source (backquotes, here-documents, arithmetic).
    fn sub(&self, src: &str, base: usize) -> Parser<'static> {
        Parser {
            src: Cow::Owned(src.to_string()),
            pos: 0,
            base,
            heredoc_skip: None,
            depth: self.depth,
            line_starts: self.line_starts.clone(),
            first_line: self.first_line,
            discard_top_level: false,
            checked: 0,
            line_hint: std::cell::Cell::new(0),
            aliases: self.aliases.clone(),
            posix: self.posix,
            in_heredoc: self.in_heredoc,
            comsub_depth: self.comsub_depth,
            expanding: Vec::new(),
            alias_blank_end: None,
            scratch: String::new(),
            items: Vec::new(),
            words: Vec::new(),
            functions_open: self.functions_open,
            open_brace: 0,
        }
    }

    /// Replaces the word at the cursor by the text of the alias it names, as bash reads
    /// aliases: an unquoted word in command position that is no reserved word and no alias
    /// already being read here. The text is put in place of the word and read as source, so
    /// it may hold several commands, operators or redirections. True when it did.
    fn expand_alias(&mut self) -> bool {
        if self.aliases.is_empty() {
            return false;
        }
        let start = self.pos;
        let bytes = self.bytes();
        let mut end = start;
        while end < bytes.len()
            && !Self::is_delimiter(Some(bytes[end]))
            && !matches!(bytes[end], b'\'' | b'"' | b'\\' | b'$' | b'`' | b'=')
        {
            end += 1;
        }
        if end == start || !Self::is_delimiter(bytes.get(end).copied()) {
            return false;
        }
        let name = &self.src[start..end];
        if RESERVED.contains(&name) || KEYWORDS.contains(&name) {
            return false;
        }
        self.expanding.retain(|(_, until)| *until > start);
        if self.expanding.iter().any(|(active, _)| active == name) {
            return false;
        }
        let Some(value) = self.aliases.get(name).cloned() else {
            return false;
        };
        let name = name.to_string();
        // bash ends the alias's text as a word of its own: `alias e='echo 0'` then `e>&2`
        // writes 0 to the standard error, not `echo` with its input from there. Text that
        // ends in a blank, an operator or a backslash joins what follows (`\|` quotes it).
        let ends_word = value.ends_with(|c: char| !(c.is_ascii_whitespace() || "|&;()<>\\".contains(c)));
        let blank_end = value.ends_with([' ', '\t']);
        let mut value = value.to_string();
        if ends_word && !matches!(self.bytes().get(end), None | Some(b' ' | b'\t' | b'\r' | b'\n')) {
            value.push(' ');
        }
        let delta = value.len() as isize - (end - start) as isize;
        self.src.to_mut().replace_range(start..end, &value);
        let shift = |offset: &mut usize| {
            if *offset >= end {
                *offset = offset.saturating_add_signed(delta);
            }
        };
        for (_, until) in &mut self.expanding {
            shift(until);
        }
        if let Some((newline, resume)) = &mut self.heredoc_skip {
            shift(newline);
            shift(resume);
        }
        if delta != 0 && self.base == 0 {
            // `$LINENO` of the lines after: the text moved.
            let starts = Arc::make_mut(&mut self.line_starts);
            let first = starts.partition_point(|&line| line < end);
            for line in &mut starts[first..] {
                *line = line.saturating_add_signed(delta);
            }
        }
        self.expanding.push((name, start + value.len()));
        self.alias_blank_end = blank_end.then_some(start + value.len());
        true
    }

    /// Skips a command-position word that is an alias leaving no command on its line: one
    /// whose text is a comment (`alias c='# …'`: the rest of the line with it), or is empty
    /// before the line's end. bash reads such a line as an empty one. True when it did.
    fn skip_empty_alias(&mut self) -> bool {
        if self.aliases.is_empty() {
            return false;
        }
        let start = self.pos;
        let bytes = self.bytes();
        let mut end = start;
        while end < bytes.len()
            && !Self::is_delimiter(Some(bytes[end]))
            && !matches!(bytes[end], b'\'' | b'"' | b'\\' | b'$' | b'`' | b'=' | b'#')
        {
            end += 1;
        }
        if end == start || !Self::is_delimiter(bytes.get(end).copied()) {
            return false;
        }
        let name = &self.src[start..end];
        if RESERVED.contains(&name) || KEYWORDS.contains(&name) {
            return false;
        }
        let Some(value) = self.aliases.get(name) else {
            return false;
        };
        let value = value.trim_start_matches([' ', '\t']);
        let mut after = end;
        if value.starts_with('#') {
            after = self.src[end..].find('\n').map_or(self.src.len(), |at| end + at);
        } else if value.is_empty() {
            while matches!(bytes.get(after), Some(b' ' | b'\t' | b'\r')) {
                after += 1;
            }
            if !matches!(bytes.get(after), None | Some(b'\n' | b'#')) {
                return false;
            }
        } else {
            return false;
        }
        self.pos = after;
        true
    }

    /// Expands aliases at the cursor while the word there names one (each alias at most once,
    /// so this ends).
    fn expand_aliases(&mut self) {
        while self.expand_alias() {
            self.skip_blanks();
        }
    }

    /// The 1-based line of an offset into this parser's text. Commands are met in order, so the
    /// search walks forward from the previous answer and only falls back to bisection.
    fn line_at(&self, offset: usize) -> u32 {
        let absolute = self.base + offset;
        let starts = &self.line_starts;
        let mut idx = self.line_hint.get();
        if idx >= starts.len() || starts[idx] > absolute {
            idx = starts.partition_point(|&start| start <= absolute).saturating_sub(1);
        }
        while idx + 1 < starts.len() && starts[idx + 1] <= absolute {
            idx += 1;
        }
        self.line_hint.set(idx);
        u32::try_from(idx).unwrap_or(u32::MAX).saturating_add(self.first_line.max(1))
    }

    // ----- low-level cursor -----

    fn bytes(&self) -> &[u8] {
        self.src.as_bytes()
    }

    fn peek(&self) -> Option<u8> {
        self.bytes().get(self.pos).copied()
    }

    fn peek_at(&self, ahead: usize) -> Option<u8> {
        self.bytes().get(self.pos + ahead).copied()
    }

    fn at(&self, text: &str) -> bool {
        self.bytes()[self.pos.min(self.bytes().len())..].starts_with(text.as_bytes())
    }

    fn eof(&self) -> bool {
        self.pos >= self.bytes().len()
    }

    fn span_from(&self, start: usize) -> Span {
        Span::new(self.base + start, self.base + self.pos)
    }

    fn syntax_error(&self, message: impl Into<String>) -> ParseError {
        ParseError {
            kind: ParseErrorKind::Syntax,
            message: message.into(),
            offset: self.base + self.pos,
            line: 0,
            col: 0,
        }
    }

    /// Drops what was being read and goes on at the line after the one holding `offset`, as
    /// bash does after an error of [`ParseErrorKind::Line`].
    fn resume_after_line(&mut self, offset: usize) {
        let at = offset.saturating_sub(self.base).min(self.src.len());
        self.pos = memchr::memchr(b'\n', &self.src.as_bytes()[at..]).map_or(self.src.len(), |i| at + i + 1);
        self.depth = 0;
        self.heredoc_skip = None;
        self.expanding.clear();
        self.alias_blank_end = None;
        self.items.clear();
        self.words.clear();
    }

    fn incomplete(&self, message: impl Into<String>) -> ParseError {
        ParseError {
            kind: ParseErrorKind::Incomplete,
            message: message.into(),
            offset: self.base + self.pos,
            line: 0,
            col: 0,
        }
    }

    /// The token at the cursor as bash's messages name it: an operator, a word as written, or
    /// `newline` at a line's end (and at the end of text, which bash reads as ending in one).
    fn token(&self) -> String {
        if self.eof() || self.peek() == Some(b'\n') {
            return "newline".to_string();
        }
        for op in [
            ";;&", "&>>", "<<<", "<<-", ";;", ";&", "&&", "||", "|&", ">>", "<<", "<&", ">&", "<>", ">|", "&>", "|",
            "&", ";", "(", ")", "<", ">",
        ] {
            if self.at(op) {
                return op.to_string();
            }
        }
        // A word is named whole, as bash names it, up to a bound that keeps a message short.
        let rest = self.src.get(self.pos..).unwrap_or_default();
        rest.chars().take_while(|c| !c.is_ascii_whitespace() && !";&|()<>".contains(*c)).take(MAX_TOKEN_CHARS).collect()
    }

    /// bash's `syntax error near unexpected token `X'` for the token at the cursor. At the end
    /// of the text it is the newline bash reads there, unless that newline was read already
    /// (the cursor after a line's end): then the text ended too soon ([`Self::end_of_file`]).
    fn unexpected(&self) -> ParseError {
        if self.eof() && self.after_line_end() {
            return self.end_of_file();
        }
        self.syntax_error(format!("syntax error near unexpected token `{}'", self.token()))
    }

    /// Whether only blanks lie between the last newline (or the start) and the cursor.
    fn after_line_end(&self) -> bool {
        let before = self.src.get(..self.pos).unwrap_or(&self.src);
        let line = before.rfind('\n').map_or(before, |at| &before[at + 1..]);
        line.trim_start_matches([' ', '\t', '\r']).is_empty()
    }

    /// bash's error for text that ends inside a construct still open: more text could finish it.
    fn end_of_file(&self) -> ParseError {
        self.incomplete("syntax error: unexpected end of file")
    }

    /// bash's error for text that ends before the `close` matching what opened at `open`
    /// (a quote, `${`, `$((`, an array's `(`): bash names the line where it opened.
    fn unclosed(&self, open: usize, close: char) -> ParseError {
        ParseError {
            kind: ParseErrorKind::Incomplete,
            message: format!("unexpected EOF while looking for matching `{close}'"),
            offset: self.base + open,
            line: 0,
            col: 0,
        }
    }

    fn enter(&mut self) -> PResult<()> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(self.syntax_error(format!("nesting deeper than {MAX_DEPTH} levels")));
        }
        Ok(())
    }

    fn leave(&mut self) {
        self.depth -= 1;
    }

    /// Skips spaces, tabs, line continuations and comments (not newlines).
    fn skip_blanks(&mut self) {
        loop {
            match self.peek() {
                Some(b' ' | b'\t' | b'\r') => self.pos += 1,
                Some(b'\\') if self.peek_at(1) == Some(b'\n') => self.pos += 2,
                Some(b'#') => {
                    while let Some(c) = self.peek() {
                        if c == b'\n' {
                            break;
                        }
                        self.pos += 1;
                    }
                }
                _ => break,
            }
        }
    }

    /// Consumes one newline, jumping over here-document bodies that follow it.
    fn consume_newline(&mut self) {
        let at = self.pos;
        self.pos += 1;
        if let Some((newline, resume)) = self.heredoc_skip
            && newline == at
        {
            self.pos = resume;
            self.heredoc_skip = None;
        }
    }

    /// Skips blanks, comments and newlines.
    fn skip_linebreaks(&mut self) {
        loop {
            self.skip_blanks();
            if self.peek() == Some(b'\n') {
                self.consume_newline();
            } else {
                break;
            }
        }
    }

    fn is_delimiter(byte: Option<u8>) -> bool {
        matches!(byte, None | Some(b' ' | b'\t' | b'\r' | b'\n' | b';' | b'&' | b'|' | b'(' | b')' | b'<' | b'>'))
    }

    /// True when the cursor is at the reserved word `word` followed by a delimiter.
    fn at_keyword(&self, word: &str) -> bool {
        self.at(word) && Self::is_delimiter(self.peek_at(word.len()))
    }

    fn eat_keyword(&mut self, word: &str) -> bool {
        if self.at_keyword(word) {
            self.pos += word.len();
            true
        } else {
            false
        }
    }

    /// Reads the reserved word `word` after any newlines: else bash's error for what is there
    /// (the end of the text when it ends first).
    fn expect_keyword(&mut self, word: &str) -> PResult<()> {
        self.skip_linebreaks();
        if self.eat_keyword(word) {
            return Ok(());
        }
        if self.eof() {
            return Err(self.end_of_file());
        }
        Err(self.unexpected())
    }

    // ----- lists -----

    fn parse_script(&mut self) -> PResult<Script> {
        let body = self.parse_list(&[])?;
        self.skip_linebreaks();
        if !self.eof() {
            return Err(self.unexpected());
        }
        Ok(Script { body })
    }

    /// The next complete command at top level: and-or lists up to the end of their line
    /// (`None` at the end of the text).
    fn parse_complete_command(&mut self) -> PResult<Option<List>> {
        self.skip_linebreaks();
        while self.skip_empty_alias() {
            self.skip_linebreaks();
        }
        if self.eof() {
            return Ok(None);
        }
        self.enter()?;
        loop {
            let and_or = self.parse_and_or()?;
            self.skip_blanks();
            let mut item = ListItem { and_or, background: false };
            if !self.separator(&mut item) && !matches!(self.peek(), Some(b'\n') | None) {
                return Err(self.unexpected());
            }
            self.items.push(item);
            self.skip_blanks();
            if self.skip_empty_alias() {
                self.skip_blanks();
            }
            match self.peek() {
                None => break,
                Some(b'\n') => {
                    self.consume_newline();
                    break;
                }
                _ => {}
            }
        }
        self.leave();
        Ok(Some(self.items.split_off(0)))
    }

    /// Consumes the `;` or `&` that ends an and-or list (`&` makes `item` a background one);
    /// false when neither is there (`;;` and `;&` end a case arm, `&&` continues the list).
    fn separator(&mut self, item: &mut ListItem) -> bool {
        match self.peek() {
            Some(b';') if !self.at(";;") && !self.at(";&") => self.pos += 1,
            Some(b'&') if !self.at("&&") => {
                self.pos += 1;
                item.background = true;
            }
            _ => return false,
        }
        true
    }

    /// True when the cursor is at something that ends the current list.
    fn at_list_end(&self, terminators: &[&str]) -> bool {
        self.eof()
            || self.peek() == Some(b')')
            || self.at(";;")
            || self.at(";&")
            || terminators.iter().any(|t| self.at_keyword(t))
    }

    /// Parses and-or lists separated by `;`, `&` and newlines until a terminator.
    fn parse_list(&mut self, terminators: &[&str]) -> PResult<List> {
        self.enter()?;
        let base = self.items.len();
        loop {
            self.skip_linebreaks();
            if self.skip_empty_alias() {
                continue;
            }
            if self.at_list_end(terminators) {
                break;
            }
            let and_or = self.parse_and_or()?;
            self.skip_blanks();
            let mut item = ListItem { and_or, background: false };
            match self.peek() {
                _ if self.separator(&mut item) => {}
                Some(b'\n') => self.consume_newline(),
                _ => {
                    self.keep(item);
                    if self.at_list_end(terminators) {
                        break;
                    }
                    return Err(self.unexpected());
                }
            }
            self.keep(item);
        }
        self.leave();
        Ok(self.items.split_off(base))
    }

    /// Adds a parsed item to the list being read, or only counts it when checking a script
    /// at top level.
    fn keep(&mut self, item: ListItem) {
        if self.discard_top_level && self.depth == 1 {
            self.checked += 1;
        } else {
            self.items.push(item);
        }
    }

    fn parse_and_or(&mut self) -> PResult<AndOr> {
        let first = self.parse_pipeline()?;
        let mut rest = Vec::new();
        loop {
            self.skip_blanks();
            let op = if self.at("&&") {
                AndOrOp::And
            } else if self.at("||") {
                AndOrOp::Or
            } else {
                break;
            };
            self.pos += 2;
            self.skip_linebreaks();
            if self.eof() {
                return Err(self.end_of_file());
            }
            rest.push((op, self.parse_pipeline()?));
        }
        Ok(AndOr { first, rest })
    }

    fn parse_pipeline(&mut self) -> PResult<Pipeline> {
        self.skip_blanks();
        let start = self.pos;
        // bash's grammar nests `time` and `!` in any order and number (`time ! a`, `! time a`,
        // `time time -p a`, `! !`): one report (POSIX format if any `-p` asked), the
        // negations toggling.
        let mut time = None;
        let mut negated = false;
        loop {
            if self.eat_keyword("time") {
                self.skip_blanks();
                if time.is_none() {
                    time = Some(TimeFormat::Bash);
                }
                if self.at("-p") && Self::is_delimiter(self.peek_at(2)) {
                    self.pos += 2;
                    self.skip_blanks();
                    time = Some(TimeFormat::Posix);
                    if self.at("--") && Self::is_delimiter(self.peek_at(2)) {
                        self.pos += 2;
                        self.skip_blanks();
                    }
                }
            } else if self.peek() == Some(b'!') && Self::is_delimiter(self.peek_at(1)) {
                self.pos += 1;
                negated = !negated;
                self.skip_blanks();
            } else {
                break;
            }
        }
        let prefixed = self.pos != start;
        // `time` alone reports the times of nothing; `!` alone negates nothing (status 1).
        if prefixed && (self.eof() || matches!(self.peek(), Some(b'\n' | b';' | b'&' | b')'))) {
            let nothing = Command::Simple(SimpleCommand { span: self.span_from(self.pos), ..Default::default() });
            return Ok(Pipeline {
                time,
                negated,
                commands: vec![nothing],
                pipe_stderr: Vec::new(),
                span: self.span_from(start),
            });
        }
        let mut commands = vec![self.parse_command()?];
        let mut pipe_stderr = Vec::new();
        loop {
            self.skip_blanks();
            if self.peek() != Some(b'|') || self.at("||") {
                break;
            }
            self.pos += 1;
            let with_stderr = self.peek() == Some(b'&');
            if with_stderr {
                self.pos += 1;
            }
            self.skip_linebreaks();
            if self.eof() {
                return Err(self.end_of_file());
            }
            pipe_stderr.push(with_stderr);
            commands.push(self.parse_command()?);
        }
        commands.shrink_to_fit();
        Ok(Pipeline { time, negated, commands, pipe_stderr, span: self.span_from(start) })
    }

    // ----- commands -----

    fn parse_command(&mut self) -> PResult<Command> {
        self.skip_blanks();
        self.alias_blank_end = None;
        self.expand_aliases();
        let start = self.pos;
        let Some(first) = self.peek() else {
            return Err(self.unexpected());
        };
        // Keywords start with one of a few bytes; most commands skip all keyword checks.
        if matches!(first, b't' | b'e' | b'f' | b'd' | b'i' | b'}' | b']') {
            for word in RESERVED {
                if self.at_keyword(word) {
                    return Err(self.unexpected());
                }
            }
            if self.at_keyword("function") {
                return self.parse_function_keyword();
            }
        }
        if first == b'c' && self.at_keyword("coproc") {
            return self.parse_coproc(start);
        }
        if matches!(first, b'i' | b'w' | b'u' | b'f' | b'c' | b's' | b'{' | b'(' | b'[')
            && let Some(compound) = self.parse_compound()?
        {
            let redirects = self.parse_trailing_redirects()?;
            let mut span = self.span_from(start);
            span.line = self.line_at(start);
            return Ok(Command::Compound(Box::new(compound), redirects, span));
        }
        if let Some(name) = self.function_header() {
            return self.parse_function_body(name, start);
        }
        self.parse_simple().map(Command::Simple)
    }

    /// `coproc COMPOUND`, `coproc NAME COMPOUND` or `coproc SIMPLE` (bash's grammar: a name
    /// only before a compound command on the same line; otherwise the words are the command).
    fn parse_coproc(&mut self, start: usize) -> PResult<Command> {
        self.pos += "coproc".len();
        self.skip_blanks();
        let mut name = None;
        if !self.at_compound_start() && self.might_be_coproc_name() {
            let (before, heredocs) = (self.pos, self.heredoc_skip);
            let word = self.parse_word()?;
            self.skip_blanks();
            if !word.parts.is_empty() && self.at_compound_start() {
                name = Some(word);
            } else {
                (self.pos, self.heredoc_skip) = (before, heredocs);
            }
        }
        let body_start = self.pos;
        let body = if self.at_compound_start() {
            let Some(compound) = self.parse_compound()? else { return Err(self.unexpected()) };
            let redirects = self.parse_trailing_redirects()?;
            let mut span = self.span_from(body_start);
            span.line = self.line_at(body_start);
            Command::Compound(Box::new(compound), redirects, span)
        } else {
            // What only a pipeline or a list may start with is no command here (`coproc !`,
            // `coproc time`'s `time` is a word), and nor is nothing.
            if self.at_command_end()
                || ["function", "coproc", "!"].iter().any(|word| self.at_keyword(word))
                || RESERVED.iter().any(|word| self.at_keyword(word))
            {
                return Err(self.unexpected());
            }
            Command::Simple(self.parse_simple()?)
        };
        let mut span = self.span_from(start);
        span.line = self.line_at(start);
        Ok(Command::Coproc(Box::new(Coproc { name, body, span })))
    }

    /// A compound command starts at the cursor (a coprocess's name is one only before one).
    fn at_compound_start(&self) -> bool {
        self.peek() == Some(b'(')
            || ["{", "[[", "if", "while", "until", "for", "select", "case"].iter().any(|word| self.at_keyword(word))
    }

    /// The word at the cursor may name a coprocess: a word, not an operator, a redirection or
    /// an assignment (`coproc A=1 cmd` runs `cmd`).
    fn might_be_coproc_name(&self) -> bool {
        let bytes = &self.bytes()[self.pos..];
        let name = bytes.iter().take_while(|b| b.is_ascii_alphanumeric() || **b == b'_').count();
        let assignment = name > 0 && matches!(bytes.get(name), Some(b'=' | b'+' | b'['));
        let redirection = matches!(bytes.get(name), Some(b'<' | b'>')) && bytes[..name].iter().all(u8::is_ascii_digit);
        !Self::is_delimiter(self.peek()) && !assignment && !redirection && self.peek() != Some(b'{')
    }

    /// Recognises `name ( )` at the cursor, consuming it.
    fn function_header(&mut self) -> Option<String> {
        let start = self.pos;
        let mut end = start;
        while end < self.bytes().len()
            && !Self::is_delimiter(Some(self.bytes()[end]))
            && !matches!(self.bytes()[end], b'$' | b'`' | b'\'' | b'"' | b'\\' | b'=')
        {
            end += 1;
        }
        if end == start {
            return None;
        }
        let mut cursor = end;
        while matches!(self.bytes().get(cursor), Some(b' ' | b'\t')) {
            cursor += 1;
        }
        if self.bytes().get(cursor) != Some(&b'(') {
            return None;
        }
        cursor += 1;
        while matches!(self.bytes().get(cursor), Some(b' ' | b'\t')) {
            cursor += 1;
        }
        if self.bytes().get(cursor) != Some(&b')') {
            return None;
        }
        self.pos = cursor + 1;
        Some(self.src[start..end].to_string())
    }

    fn parse_function_keyword(&mut self) -> PResult<Command> {
        let start = self.pos;
        self.pos += "function".len();
        self.skip_blanks();
        let name_start = self.pos;
        while !Self::is_delimiter(self.peek()) {
            self.pos += 1;
        }
        if self.pos == name_start {
            return Err(self.unexpected());
        }
        let name = self.src[name_start..self.pos].to_string();
        self.skip_blanks();
        // `function f ()`; a `(` not followed by `)` opens the body, a subshell
        // (`function f (echo hi)`).
        let after =
            self.pos + 1 + self.bytes()[self.pos..].iter().skip(1).take_while(|b| matches!(b, b' ' | b'\t')).count();
        if self.peek() == Some(b'(') && self.bytes().get(after) == Some(&b')') {
            self.pos = after + 1;
        }
        self.parse_function_body(name, start)
    }

    fn parse_function_body(&mut self, name: String, start: usize) -> PResult<Command> {
        self.skip_linebreaks();
        let body_start = self.pos;
        self.functions_open += 1;
        let compound = self.parse_compound();
        self.functions_open -= 1;
        let Some(compound) = compound? else {
            if self.eof() {
                return Err(self.end_of_file());
            }
            return Err(self.unexpected());
        };
        let redirects = self.parse_trailing_redirects()?;
        let mut span = self.span_from(body_start);
        // Where a function's DEBUG trap (under `set -T`) finds `$LINENO` as it starts.
        span.line = self.line_at(body_start);
        let body = Command::Compound(Box::new(compound), redirects, span);
        // The text up to the end of a here-document body read past the definition's end
        // (`f() { cat <<E; }` with the body on the next lines), so every word's span lies in it.
        let end = match self.heredoc_skip {
            Some((_, resume)) => resume.max(self.pos).min(self.src.len()),
            None => self.pos,
        };
        let kept = self.functions_open < MAX_KEPT_NESTING;
        let source = SourceText(self.src.get(start..end).filter(|_| kept).map(std::sync::Arc::from));
        let mut span = self.span_from(start);
        span.line = self.line_at(start);
        Ok(Command::Function(FunctionDef { name, body: std::sync::Arc::new(body), span, source }))
    }

    fn parse_trailing_redirects(&mut self) -> PResult<Vec<Redirect>> {
        let mut redirects = Vec::new();
        loop {
            self.skip_blanks();
            match self.parse_redirect()? {
                Some(redirect) => redirects.push(redirect),
                None => break,
            }
        }
        Ok(redirects)
    }

    /// Parses a compound command at the cursor, if there is one.
    fn parse_compound(&mut self) -> PResult<Option<CompoundCommand>> {
        self.enter()?;
        let result = if self.at_keyword("if") {
            self.pos += 2;
            self.parse_if().map(Some)
        } else if self.at_keyword("while") || self.at_keyword("until") {
            let until = self.at("until");
            self.pos += 5;
            let cond = self.parse_body(&["do"])?;
            self.expect_keyword("do")?;
            let body = self.parse_body(&["done"])?;
            self.expect_keyword("done")?;
            Ok(Some(CompoundCommand::While { until, cond, body }))
        } else if self.at_keyword("for") {
            self.pos += 3;
            self.parse_for().map(Some)
        } else if self.at_keyword("select") {
            self.pos += 6;
            let (var, words, body) = self.parse_for_in()?;
            Ok(Some(CompoundCommand::Select { var, words, body }))
        } else if self.at_keyword("case") {
            self.pos += 4;
            self.parse_case().map(Some)
        } else if self.at_keyword("{") {
            self.pos += 1;
            let body = self.parse_body(&["}"])?;
            self.expect_keyword("}")?;
            Ok(Some(CompoundCommand::Brace(body)))
        } else if self.at("((") {
            match self.arith_region_end(self.pos + 2) {
                Some(end) => {
                    let word = self.sub_arith(self.pos + 2, end)?;
                    self.pos = end + 2;
                    Ok(Some(CompoundCommand::Arith(word)))
                }
                None if self.arith_unfinished(self.pos + 2) => Err(self.unclosed(self.pos, ')')),
                None => self.parse_subshell().map(Some),
            }
        } else if self.peek() == Some(b'(') {
            self.parse_subshell().map(Some)
        } else if self.at_keyword("[[") {
            let open = self.pos;
            self.pos += 2;
            self.parse_cond(open).map(|expr| Some(CompoundCommand::Cond(expr)))
        } else {
            Ok(None)
        };
        self.leave();
        result
    }

    /// A list that must not be empty (bash rejects `then fi`).
    fn parse_body(&mut self, terminators: &[&str]) -> PResult<List> {
        let list = self.parse_list(terminators)?;
        if list.is_empty() {
            self.skip_linebreaks();
            if self.eof() {
                return Err(self.end_of_file());
            }
            return Err(self.unexpected());
        }
        Ok(list)
    }

    fn parse_subshell(&mut self) -> PResult<CompoundCommand> {
        self.pos += 1;
        let body = self.parse_body(&[])?;
        self.skip_linebreaks();
        if self.peek() != Some(b')') {
            return Err(if self.eof() { self.end_of_file() } else { self.unexpected() });
        }
        self.pos += 1;
        Ok(CompoundCommand::Subshell(body))
    }

    fn parse_if(&mut self) -> PResult<CompoundCommand> {
        let mut branches = Vec::with_capacity(1);
        let mut otherwise = None;
        loop {
            let cond = self.parse_body(&["then"])?;
            self.expect_keyword("then")?;
            let body = self.parse_body(&["elif", "else", "fi"])?;
            branches.push((cond, body));
            self.skip_linebreaks();
            if self.eat_keyword("elif") {
                continue;
            }
            if self.eat_keyword("else") {
                otherwise = Some(self.parse_body(&["fi"])?);
            }
            self.expect_keyword("fi")?;
            break;
        }
        Ok(CompoundCommand::If { branches, otherwise })
    }

    fn parse_name(&mut self) -> Option<Text> {
        let start = self.pos;
        if matches!(self.peek(), Some(c) if c.is_ascii_alphabetic() || c == b'_') {
            while matches!(self.peek(), Some(c) if c.is_ascii_alphanumeric() || c == b'_') {
                self.pos += 1;
            }
            Some(Text::from(&self.src[start..self.pos]))
        } else {
            None
        }
    }

    fn parse_for(&mut self) -> PResult<CompoundCommand> {
        self.skip_blanks();
        if self.at("((") {
            let Some(end) = self.arith_region_end(self.pos + 2) else {
                if self.arith_unfinished(self.pos + 2) {
                    return Err(self.unclosed(self.pos, ')'));
                }
                return Err(self.unexpected());
            };
            let inner_start = self.pos + 2;
            let mut pieces = Vec::new();
            let mut piece_start = inner_start;
            let mut depth = 0i32;
            for idx in inner_start..end {
                match self.bytes()[idx] {
                    b'(' => depth += 1,
                    b')' => depth -= 1,
                    b';' if depth == 0 => {
                        pieces.push((piece_start, idx));
                        piece_start = idx + 1;
                    }
                    _ => {}
                }
            }
            pieces.push((piece_start, end));
            if pieces.len() != 3 {
                // bash's words: too few parts want an expression, too many meet a `;`; then
                // a second line names the whole `(( … ))`.
                let problem = if pieces.len() < 3 {
                    "syntax error: arithmetic expression required"
                } else {
                    "syntax error: `;' unexpected"
                };
                let whole = self.src.get(inner_start..end).unwrap_or_default();
                return Err(self.syntax_error(format!("{problem}\nsyntax error: `(({whole}))'")));
            }
            let init = self.sub_arith(pieces[0].0, pieces[0].1)?;
            let cond = self.sub_arith(pieces[1].0, pieces[1].1)?;
            let step = self.sub_arith(pieces[2].0, pieces[2].1)?;
            self.pos = end + 2;
            let body = self.parse_loop_body()?;
            return Ok(CompoundCommand::ArithFor { init, cond, step, body });
        }
        let (var, words, body) = self.parse_for_in()?;
        Ok(CompoundCommand::For { var, words, body })
    }

    /// `NAME [in WORDS…] ; do BODY done` after `for` or `select`.
    fn parse_for_in(&mut self) -> PResult<(String, Option<Vec<Word>>, List)> {
        self.skip_blanks();
        // bash reads any word here and refuses a bad name only when the loop runs (`for - in
        // 1` says "`-': not a valid identifier", status 1): the text is kept as it was written.
        let start = self.pos;
        let var = match self.parse_name() {
            Some(var) if !matches!(self.peek(), Some(c) if !is_word_end(c)) => var,
            _ => {
                while matches!(self.peek(), Some(c) if !is_word_end(c)) {
                    self.pos += 1;
                }
                if self.pos == start {
                    return Err(self.unexpected());
                }
                Text::from(&self.src[start..self.pos])
            }
        };
        self.skip_linebreaks();
        let mut words = None;
        if self.eat_keyword("in") {
            let mut list = Vec::new();
            loop {
                self.skip_blanks();
                match self.peek() {
                    Some(b';') => {
                        self.pos += 1;
                        break;
                    }
                    Some(b'\n') => {
                        self.consume_newline();
                        break;
                    }
                    None => return Err(self.end_of_file()),
                    _ => {
                        let word = self.parse_word()?;
                        // At an operator (`for x in (a b)`) no word is read: bash's syntax
                        // error, not an endless list of empty words.
                        if word.parts.is_empty() {
                            return Err(self.unexpected());
                        }
                        list.push(word);
                    }
                }
            }
            words = Some(list);
        } else if self.peek() == Some(b';') {
            self.pos += 1;
        }
        let body = self.parse_loop_body()?;
        Ok((String::from(var), words, body))
    }

    fn parse_loop_body(&mut self) -> PResult<List> {
        self.skip_linebreaks();
        if self.peek() == Some(b';') {
            self.pos += 1;
            self.skip_linebreaks();
        }
        if self.at_keyword("{") {
            self.pos += 1;
            let body = self.parse_body(&["}"])?;
            self.expect_keyword("}")?;
            return Ok(body);
        }
        self.expect_keyword("do")?;
        let body = self.parse_body(&["done"])?;
        self.expect_keyword("done")?;
        Ok(body)
    }

    fn parse_case(&mut self) -> PResult<CompoundCommand> {
        self.skip_blanks();
        if self.eof() {
            return Err(self.unexpected());
        }
        let word = self.parse_word()?;
        if word.parts.is_empty() {
            return Err(self.unexpected());
        }
        self.expect_keyword("in")?;
        let mut arms = Vec::new();
        loop {
            self.skip_linebreaks();
            if self.eat_keyword("esac") {
                break;
            }
            if self.eof() {
                return Err(self.end_of_file());
            }
            if self.peek() == Some(b'(') {
                self.pos += 1;
            }
            let mut patterns = Vec::new();
            loop {
                self.skip_blanks();
                let pattern = self.parse_word()?;
                if pattern.parts.is_empty() {
                    return Err(self.unexpected());
                }
                patterns.push(pattern);
                self.skip_blanks();
                match self.peek() {
                    Some(b'|') => self.pos += 1,
                    Some(b')') => {
                        self.pos += 1;
                        break;
                    }
                    _ => return Err(self.unexpected()),
                }
            }
            let body = self.parse_list(&["esac"])?;
            self.skip_linebreaks();
            let terminator = if self.at(";;&") {
                self.pos += 3;
                CaseTerminator::Continue
            } else if self.at(";;") {
                self.pos += 2;
                CaseTerminator::Break
            } else if self.at(";&") {
                self.pos += 2;
                CaseTerminator::FallThrough
            } else if self.at_keyword("esac") {
                CaseTerminator::Break
            } else if self.eof() {
                return Err(self.end_of_file());
            } else {
                return Err(self.unexpected());
            };
            arms.push(CaseArm { patterns, body, terminator });
        }
        arms.shrink_to_fit();
        Ok(CompoundCommand::Case { word, arms })
    }

    // ----- [[ ]] -----
    //
    // bash's grammar and words: a term skips the newlines before and after it, but the word
    // after a term's first word (its operator or the `]]`) and the one after an operator are
    // read where they are. A term that starts at `]]` (`[[ ]]`, `[[ a && ]]`) fails without a
    // message of its own ([`Self::cond_quiet`]), which the `( )` around it or the `[[` words.

    /// `[[ … ]]` after the `[[` at `open`.
    fn parse_cond(&mut self, open: usize) -> PResult<CondExpr> {
        let expr = match self.parse_cond_or() {
            // bash 5.2 says nothing here, and stops with status 0: toolsh says what it is.
            Err(mut err) if err.message.is_empty() => {
                err.message = "syntax error in conditional expression".to_string();
                return Err(err);
            }
            other => other?,
        };
        if self.eat_keyword("]]") {
            return Ok(expr);
        }
        // bash names the line of the `[[`.
        let (kind, message) = match self.cond_operator() {
            _ if self.eof() => (ParseErrorKind::Incomplete, "unexpected EOF while looking for `]]'".to_string()),
            Some(op) => {
                (ParseErrorKind::Syntax, format!("syntax error in conditional expression: unexpected token `{op}'"))
            }
            None => (ParseErrorKind::Syntax, "syntax error in conditional expression".to_string()),
        };
        Err(ParseError { kind, message, offset: self.base + open, line: 0, col: 0 })
    }

    fn parse_cond_or(&mut self) -> PResult<CondExpr> {
        self.enter()?;
        let mut left = self.parse_cond_and()?;
        while self.at("||") {
            self.pos += 2;
            let right = self.parse_cond_and()?;
            left = CondExpr::Or(Box::new(left), Box::new(right));
        }
        self.leave();
        Ok(left)
    }

    fn parse_cond_and(&mut self) -> PResult<CondExpr> {
        let mut left = self.parse_cond_term()?;
        while self.at("&&") {
            self.pos += 2;
            let right = self.parse_cond_term()?;
            left = CondExpr::And(Box::new(left), Box::new(right));
        }
        Ok(left)
    }

    /// The operator at the cursor as bash's `[[` reader names it (`newline` at a line's end),
    /// `]]` included; `None` at a word or the end of the text.
    fn cond_operator(&self) -> Option<String> {
        if self.eof() {
            return None;
        }
        if self.at_keyword("]]") {
            return Some("]]".to_string());
        }
        let token = self.token();
        (token == "newline" || matches!(self.peek(), Some(b';' | b'&' | b'|' | b'(' | b')' | b'<' | b'>')))
            .then_some(token)
    }

    /// A term that failed without a message (bash's `COND_ERROR`).
    fn cond_quiet(&self) -> ParseError {
        self.syntax_error(String::new())
    }

    /// One term: `( … )`, `! term`, `-op word`, `word`, `word op word`.
    fn parse_cond_term(&mut self) -> PResult<CondExpr> {
        self.skip_linebreaks();
        if self.eof() {
            return Err(self.incomplete("unexpected token `EOF' in conditional command"));
        }
        if self.at_keyword("]]") {
            return Err(self.cond_quiet());
        }
        if self.peek() == Some(b'(') {
            let open = self.pos;
            self.pos += 1;
            self.enter()?;
            let inner = self.parse_cond_or();
            self.leave();
            let at = |parser: &Self, kind, message: String| {
                Err(ParseError { kind, message, offset: parser.base + open, line: 0, col: 0 })
            };
            let inner = match inner {
                Err(err) if err.message.is_empty() => return at(self, ParseErrorKind::Syntax, "expected `)'".into()),
                other => other?,
            };
            if self.peek() != Some(b')') {
                return match self.cond_operator() {
                    _ if self.eof() => {
                        at(self, ParseErrorKind::Incomplete, "unexpected token `EOF', expected `)'".into())
                    }
                    Some(op) => at(self, ParseErrorKind::Syntax, format!("unexpected token `{op}', expected `)'")),
                    None => at(self, ParseErrorKind::Syntax, "expected `)'".into()),
                };
            }
            self.pos += 1;
            self.skip_linebreaks();
            return Ok(CondExpr::Group(Box::new(inner)));
        }
        if self.peek() == Some(b'!') && Self::is_delimiter(self.peek_at(1)) {
            self.pos += 1;
            self.enter()?;
            let inner = self.parse_cond_term()?;
            self.leave();
            return Ok(CondExpr::Not(Box::new(inner)));
        }
        if let Some(op) = self.cond_operator() {
            return Err(self.syntax_error(format!("unexpected token `{op}' in conditional command")));
        }
        let first = self.parse_word()?;
        self.skip_blanks();
        if let Some(op) = first.as_literal()
            && is_unary_test(op)
        {
            if self.eof() || self.cond_operator().is_some() {
                let found = self.cond_operator().unwrap_or_else(|| "newline".to_string());
                return Err(self.syntax_error(format!("unexpected argument `{found}' to conditional unary operator")));
            }
            let operand = self.parse_word()?;
            self.skip_linebreaks();
            return Ok(CondExpr::Unary(op.to_string(), operand));
        }
        if self.at_keyword("]]") || self.at("&&") || self.at("||") || self.peek() == Some(b')') {
            return Ok(CondExpr::Word(first));
        }
        let op = if matches!(self.peek(), Some(b'<' | b'>')) {
            let op = if self.peek() == Some(b'<') { "<" } else { ">" };
            self.pos += 1;
            op.to_string()
        } else if let Some(found) = self.cond_operator().or_else(|| self.eof().then(|| "newline".to_string())) {
            return Err(self.syntax_error(format!("unexpected token `{found}', conditional binary operator expected")));
        } else {
            let start = self.pos;
            let op_word = self.parse_word()?;
            match op_word.as_literal() {
                Some(op) if is_binary_test(op) => op.to_string(),
                _ => {
                    self.pos = start;
                    return Err(self.syntax_error("conditional binary operator expected"));
                }
            }
        };
        self.skip_blanks();
        let right = if self.eof() || self.at_keyword("]]") || op != "=~" && self.cond_operator().is_some() {
            None
        } else if op == "=~" {
            Some(self.parse_regex_word()?)
        } else {
            Some(self.parse_word()?)
        };
        let Some(right) = right.filter(|word| !word.parts.is_empty()) else {
            let found = self.cond_operator().unwrap_or_else(|| "newline".to_string());
            return Err(self.syntax_error(format!("unexpected argument `{found}' to conditional binary operator")));
        };
        self.skip_linebreaks();
        Ok(CondExpr::Binary(first, op, right))
    }

    // ----- simple commands -----

    fn at_command_end(&self) -> bool {
        // `&>` and `&>>` are redirections (`echo x &>log`), not `&` then `>log`.
        matches!(self.peek(), None | Some(b'\n' | b';' | b'|' | b')')) || self.peek() == Some(b'&') && !self.at("&>")
    }

    fn parse_simple(&mut self) -> PResult<SimpleCommand> {
        let start = self.pos;
        let mut command = SimpleCommand::default();
        let base = self.words.len();
        // bash's line of a simple command that starts with a word is where its next token
        // ends (its parser needs that token to tell the word from a function's name): `echo
        // 'a<newline>b' $LINENO` is on the second line. Other commands are on their first.
        let (mut first_is_word, mut second_end) = (false, None);
        loop {
            match command.redirects.len() + command.assigns.len() + self.words.len() - base {
                1 => first_is_word = self.words.len() > base,
                2 if second_end.is_none() => second_end = Some(self.pos),
                _ => {}
            }
            self.skip_blanks();
            if self.at_command_end() {
                break;
            }
            if let Some(redirect) = self.parse_redirect()? {
                command.redirects.push(redirect);
                continue;
            }
            if self.peek() == Some(b'(') {
                // One word and a `(` read as a function's name and its `(`: bash names what
                // follows where the `)` should be (`echo (a)` is near `a').
                if self.words.len() == base + 1 && command.assigns.is_empty() && command.redirects.is_empty() {
                    self.pos += 1;
                    self.skip_blanks();
                }
                return Err(self.unexpected());
            }
            if self.words.len() == base {
                if let Some(assign) = self.parse_assign()? {
                    command.assigns.push(assign);
                    continue;
                }
            } else if is_declaration(&self.words[base]) {
                let start = self.pos;
                if let Some(assign) = self.parse_assign()? {
                    let part = WordPart::Assign(Box::new(assign));
                    let word = Word { parts: smallvec::smallvec![part], span: self.span_from(start) };
                    self.words.push(word);
                    continue;
                }
            } else if matches!(self.words[base].as_literal(), Some("eval" | "let")) && self.at_array_assign() {
                // bash reads `eval a=(1 2)` and `let x=(1+2)` as one word, parentheses, blanks
                // and all (the word is text here, which eval or let reads again).
                let word = self.parse_regex_word()?;
                self.words.push(word);
                continue;
            }
            let after_blank = self.alias_blank_end.is_some_and(|end| self.pos >= end);
            if self.words.len() == base || after_blank {
                // After assignments, or the word after an alias whose text ends in a blank.
                if after_blank {
                    self.alias_blank_end = None;
                }
                self.expand_aliases();
                if self.at_command_end() {
                    break;
                }
            }
            let word = self.parse_word()?;
            if word.parts.is_empty() {
                return Err(self.unexpected());
            }
            self.words.push(word);
        }
        command.words = self.words.split_off(base);
        if command.words.is_empty() && command.assigns.is_empty() && command.redirects.is_empty() {
            return Err(self.unexpected());
        }
        command.span = self.span_from(start);
        command.span.line =
            if first_is_word { self.line_at(second_end.unwrap_or(self.pos)) } else { self.line_at(start) };
        Ok(command)
    }

    /// Parses `name=…`, `name+=…`, `name[sub]=…` at the cursor, if it is one.
    fn parse_assign(&mut self) -> PResult<Option<Assign>> {
        if !matches!(self.peek(), Some(c) if c.is_ascii_alphabetic() || c == b'_') {
            return Ok(None);
        }
        let start = self.pos;
        // Most commands' first word is not an assignment: the name is copied only once the
        // `=`, `+=` or `[` after it says it may be one (`parse_name`, which copies first, made
        // parsing the benchmark's 5,000 lines 2.3 % slower).
        let name_end =
            start + self.bytes()[start..].iter().take_while(|c| c.is_ascii_alphanumeric() || **c == b'_').count();
        self.pos = name_end;
        if !matches!(self.peek(), Some(b'=' | b'[' | b'+')) {
            self.pos = start;
            return Ok(None);
        }
        let name = Text::from(&self.src[start..name_end]);
        let mut index = None;
        if self.peek() == Some(b'[') {
            let Some(close) = self.matching_bracket(self.pos) else {
                self.pos = start;
                return Ok(None);
            };
            index = Some(self.sub_subscript(self.pos + 1, close)?);
            self.pos = close + 1;
        }
        let append = self.at("+=");
        if append {
            self.pos += 1;
        }
        if self.peek() != Some(b'=') {
            self.pos = start;
            return Ok(None);
        }
        self.pos += 1;
        // `a[1]=(x)` reads as an assignment bash refuses when it runs (a list to an element).
        let value = if self.peek() == Some(b'(') {
            self.pos += 1;
            let elements = self.parse_array_elements()?;
            if Self::is_delimiter(self.peek()) {
                AssignValue::Array(elements)
            } else {
                // `a=(4*3)/2`: more of the word right after the `)` makes it no list; bash
                // assigns the whole word, its elements joined by single spaces.
                AssignValue::Scalar(self.list_as_word(elements)?)
            }
        } else {
            AssignValue::Scalar(self.parse_word()?)
        };
        Ok(Some(Assign { name, index, append, value, span: self.span_from(start) }))
    }

    /// Finds the `]` matching the `[` at `open`, on the same line.
    /// Quoted text and `$(…)` are skipped, as bash's `skipsubscript` does
    /// (`m["a]b"]=1`, `m[$(echo ])]=2`).
    fn matching_bracket(&self, open: usize) -> Option<usize> {
        let bytes = self.bytes();
        let mut depth = 0usize;
        let mut idx = open;
        while idx < bytes.len() {
            match bytes[idx] {
                b'\\' => idx += 1,
                b'\n' => return None,
                b'\'' => idx += memchr::memchr(b'\'', bytes.get(idx + 1..)?)? + 1,
                b'"' => {
                    idx += 1;
                    while *bytes.get(idx)? != b'"' {
                        idx += if bytes[idx] == b'\\' { 2 } else { 1 };
                    }
                }
                b'$' if bytes.get(idx + 1) == Some(&b'(') => idx = self.matching_close(idx + 1, b'(', b')')?,
                b'[' => depth += 1,
                b']' => {
                    depth -= 1;
                    if depth == 0 {
                        return Some(idx);
                    }
                }
                _ => {}
            }
            idx += 1;
        }
        None
    }

    /// Finds the `close` byte matching the `open_byte` at `open`, on the same line, skipping
    /// backslash-escaped bytes.
    pub(super) fn matching_close(&self, open: usize, open_byte: u8, close: u8) -> Option<usize> {
        let mut depth = 0usize;
        let mut idx = open;
        while idx < self.bytes().len() {
            match self.bytes()[idx] {
                b'\\' => idx += 1,
                b'\n' => return None,
                b if b == open_byte => depth += 1,
                b if b == close => {
                    depth -= 1;
                    if depth == 0 {
                        return Some(idx);
                    }
                }
                _ => {}
            }
            idx += 1;
        }
        None
    }

    /// A compound assignment's elements read back as one word, in parentheses and joined by
    /// single spaces, followed by the rest of the word at the cursor (bash's reading of
    /// `a=(x y)z`: the value `(x y)z`, its parts expanded as a word's).
    fn list_as_word(&mut self, elements: Vec<ArrayElem>) -> PResult<Word> {
        let start = self.pos;
        let literal = |text: &str| WordPart::Literal(Text::from(text));
        let mut parts: smallvec::SmallVec<[WordPart; 1]> = smallvec::smallvec![literal("(")];
        for (at, element) in elements.into_iter().enumerate() {
            if at > 0 {
                parts.push(literal(" "));
            }
            if let Some(key) = element.key {
                parts.push(literal("["));
                parts.extend(key.parts);
                parts.push(literal(if element.append { "]+=" } else { "]=" }));
            }
            parts.extend(element.value.parts);
        }
        parts.push(literal(")"));
        parts.extend(self.parse_word()?.parts);
        Ok(Word { parts, span: self.span_from(start) })
    }

    /// The elements of a compound assignment, after the `(` before the cursor.
    fn parse_array_elements(&mut self) -> PResult<Vec<ArrayElem>> {
        let open = self.pos.saturating_sub(1);
        let mut elements = Vec::new();
        loop {
            self.skip_linebreaks();
            match self.peek() {
                Some(b')') => {
                    self.pos += 1;
                    return Ok(elements);
                }
                None => return Err(self.unclosed(open, ')')),
                Some(b'[') => {
                    if let Some(close) = self.matching_bracket(self.pos) {
                        let append = self.bytes().get(close + 1) == Some(&b'+');
                        if self.bytes().get(close + 1 + usize::from(append)) == Some(&b'=') {
                            let key = self.sub_subscript(self.pos + 1, close)?;
                            self.pos = close + 2 + usize::from(append);
                            let value = self.parse_word()?;
                            elements.push(ArrayElem { key: Some(key), append, value });
                            continue;
                        }
                    }
                    elements.push(ArrayElem { key: None, append: false, value: self.parse_word()? });
                }
                _ => {
                    let value = self.parse_word()?;
                    if value.parts.is_empty() {
                        let mut err = self.unexpected();
                        err.kind = ParseErrorKind::Line;
                        return Err(err);
                    }
                    elements.push(ArrayElem { key: None, append: false, value });
                }
            }
        }
    }

    /// Parses a redirection at the cursor, if there is one.
    fn parse_redirect(&mut self) -> PResult<Option<Redirect>> {
        if !matches!(self.peek(), Some(b'0'..=b'9' | b'<' | b'>' | b'&' | b'{')) || self.at("<(") || self.at(">(") {
            return Ok(None);
        }
        let start = self.pos;
        let mut cursor = self.pos;
        let fd = if self.peek() == Some(b'{') {
            // `{name}>file` or `{array[sub]}>file`: only that in braces right before the
            // operator (else a word).
            cursor += 1;
            while matches!(self.bytes().get(cursor), Some(c) if c.is_ascii_alphanumeric() || *c == b'_') {
                cursor += 1;
            }
            if self.bytes().get(cursor) == Some(&b'[')
                && let Some(close) = self.src[cursor..].find(']').map(|at| cursor + at)
                && close > cursor + 1
                && !self.src[cursor..close].contains(|c: char| c.is_whitespace() || c == '}')
            {
                cursor = close + 1;
            }
            let name = &self.src[start + 1..cursor];
            if self.bytes().get(cursor) != Some(&b'}')
                || !matches!(self.bytes().get(cursor + 1), Some(b'<' | b'>'))
                || matches!(self.bytes().get(cursor + 2), Some(b'('))
                || !name.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
            {
                return Ok(None);
            }
            cursor += 1;
            RedirFd::Var(name.to_string())
        } else {
            while matches!(self.bytes().get(cursor), Some(c) if c.is_ascii_digit()) {
                cursor += 1;
            }
            if cursor > start {
                if !matches!(self.bytes().get(cursor), Some(b'<' | b'>')) {
                    return Ok(None);
                }
                // bash: digits past INT_MAX are not a descriptor but a word of their own
                // (`: 4000000000>f` passes `4000000000` to `:`).
                match self.src[start..cursor].parse::<u32>() {
                    Ok(fd) if fd <= i32::MAX as u32 => RedirFd::Number(fd),
                    _ => return Ok(None),
                }
            } else {
                RedirFd::Default
            }
        };
        self.pos = cursor;
        const OPS: &[(&str, RedirOp)] = &[
            ("&>>", RedirOp::AppendOutErr),
            ("&>", RedirOp::OutErr),
            ("<<<", RedirOp::HereString),
            ("<>", RedirOp::ReadWrite),
            ("<&", RedirOp::DupIn),
            (">>", RedirOp::Append),
            (">|", RedirOp::Clobber),
            (">&", RedirOp::DupOut),
        ];
        if self.at("<<") && !self.at("<<<") {
            let strip_tabs = self.at("<<-");
            self.pos += if strip_tabs { 3 } else { 2 };
            return self.parse_heredoc(fd, strip_tabs, start).map(Some);
        }
        let op = if let Some((text, op)) = OPS.iter().find(|(text, _)| self.at(text)) {
            if fd != RedirFd::Default && matches!(op, RedirOp::OutErr | RedirOp::AppendOutErr) {
                self.pos = start;
                return Ok(None);
            }
            self.pos += text.len();
            op.clone()
        } else if self.peek() == Some(b'<') {
            self.pos += 1;
            RedirOp::In
        } else if self.peek() == Some(b'>') {
            self.pos += 1;
            RedirOp::Out
        } else {
            self.pos = start;
            return Ok(None);
        };
        self.skip_blanks();
        let target = self.parse_word()?;
        if target.parts.is_empty() {
            return Err(self.unexpected());
        }
        Ok(Some(Redirect { fd, op, target, span: self.span_from(start) }))
    }

    fn parse_heredoc(&mut self, fd: RedirFd, strip_tabs: bool, start: usize) -> PResult<Redirect> {
        self.skip_blanks();
        let word_start = self.pos;
        let delim_word = self.parse_word()?;
        if delim_word.parts.is_empty() {
            return Err(self.unexpected());
        }
        // As bash: the delimiter is the word as written, quotes removed (`<<${a}` ends at a
        // line `${a}`, `<<$(a)` at `$(a)`); any quoting keeps the body from expanding.
        // A backslash-newline inside the word is a line continuation, gone before the word is
        // read (`<< EO\<newline>F` is an unquoted `EOF`).
        let raw = self.src[word_start..self.pos].replace("\\\n", "");
        let quoted = raw.contains(['\'', '"', '\\']);
        // `$'a\tb'` and `$"E"` are read as the word reads them (a tab, an `E`).
        let delimiter = if raw.contains('\n') || raw.contains("$'") || raw.contains("$\"") {
            word_text_unquoted(&delim_word)
        } else {
            quote_removed(&raw)
        };
        // The body starts after the newline ending this line (a line continued with `\` goes
        // on), or after the previous body that was queued on the same line.
        let body_start = match self.heredoc_skip {
            Some((newline, resume)) if newline >= self.pos => resume,
            _ => {
                let Some(offset) = line_end(&self.src[self.pos..]) else {
                    return Err(self.heredoc_unended(start, &delimiter));
                };
                self.heredoc_skip = Some((self.pos + offset, self.pos + offset + 1));
                self.pos + offset + 1
            }
        };
        let mut body = String::new();
        let mut cursor = body_start;
        let mut found = false;
        while cursor < self.src.len() {
            let mut line_end = self.src[cursor..].find('\n').map_or(self.src.len(), |i| cursor + i);
            // In a body that expands, a backslash-newline joins the lines before the delimiter
            // is looked for (`EO\<newline>F` ends it); the text keeps it for the expansion.
            let mut joined = None::<String>;
            if !quoted {
                while line_end < self.src.len()
                    && self.src.as_bytes()[cursor..line_end].iter().rev().take_while(|&&b| b == b'\\').count() % 2 == 1
                {
                    line_end = self.src[line_end + 1..].find('\n').map_or(self.src.len(), |i| line_end + 1 + i);
                    joined = Some(self.src[cursor..line_end].replace("\\\n", ""));
                }
            }
            let raw_line = &self.src[cursor..line_end];
            let mut line = joined.as_deref().unwrap_or(raw_line);
            if strip_tabs {
                line = line.trim_start_matches('\t');
            }
            let next = (line_end + 1).min(self.src.len());
            // Under `<<-` a delimiter that itself starts with a tab is met by the line as
            // written (`<<-'<tab>END'` ends at `<tab>END`, not at `END`), as in bash.
            let unstripped = strip_tabs && joined.is_none() && raw_line == delimiter;
            if line == delimiter || line.strip_suffix('\r') == Some(delimiter.as_str()) || unstripped {
                cursor = next;
                found = true;
                break;
            }
            // Inside `$( … )`, the delimiter followed by the substitution's `)` ends the body
            // too (`EOF)`), and the text goes on at the `)`: bash 5.2 reads it so, with a
            // warning toolsh does not give (docs/deviations.md).
            if self.comsub_depth > 0
                && joined.is_none()
                && let Some(after) = line.strip_prefix(delimiter.as_str())
                && after.trim_start_matches([' ', '\t']).starts_with(')')
            {
                cursor = line_end - after.trim_start_matches([' ', '\t']).len();
                found = true;
                break;
            }
            body.push_str(if strip_tabs { raw_line.trim_start_matches('\t') } else { raw_line });
            body.push('\n');
            cursor = next;
        }
        if !found {
            return Err(self.heredoc_unended(start, &delimiter));
        }
        if let Some((newline, _)) = self.heredoc_skip {
            self.heredoc_skip = Some((newline, cursor));
        }
        let target = if quoted {
            Word {
                parts: smallvec::smallvec![WordPart::Quoted(body.into())],
                span: Span::new(self.base + body_start, self.base + cursor),
            }
        } else {
            let mut sub = self.sub(&body, self.base + body_start);
            let parts = sub.parse_heredoc_body()?;
            Word { parts, span: Span::new(self.base + body_start, self.base + cursor) }
        };
        Ok(Redirect { fd, op: RedirOp::HereDoc { strip_tabs, quoted, delimiter }, target, span: self.span_from(start) })
    }
}

impl Parser<'_> {
    /// A here-document whose text ends before its delimiter line, in bash's words (its warning;
    /// toolsh refuses the script: see docs/deviations.md), at the line of the `<<` at `start`.
    fn heredoc_unended(&self, start: usize, delimiter: &str) -> ParseError {
        let line = self.line_at(start);
        let mut err =
            self.incomplete(format!("here-document at line {line} delimited by end-of-file (wanted `{delimiter}')"));
        err.offset = self.base + start;
        err
    }
}

/// Where the newline ending the line that starts `text` is: the first one not escaped by a
/// backslash (a continued line goes on to the next).
fn line_end(text: &str) -> Option<usize> {
    token_line_end(text).or_else(|| physical_line_end(text))
}

/// The newline that ends the command line at the start of `text` as a token: one not inside
/// quotes (`cat <<E; echo "a<newline>b"` has its body after the `b"` line, as bash reads it),
/// a comment ending at it. `None` when a quote is not closed (the physical line is taken).
fn token_line_end(text: &str) -> Option<usize> {
    let bytes = text.as_bytes();
    // Past a quoted run from `from` (just after its opening quote) to its closing `quote`;
    // `escapes`: a backslash takes the next byte.
    let closing = |from: usize, quote: u8, escapes: bool| -> Option<usize> {
        let mut at = from;
        while at < bytes.len() {
            match bytes[at] {
                b'\\' if escapes => at += 2,
                b if b == quote => return Some(at + 1),
                _ => at += 1,
            }
        }
        None
    };
    let mut at = 0;
    while at < bytes.len() {
        let word_start = at == 0 || matches!(bytes[at - 1], b' ' | b'\t' | b';' | b'&' | b'|' | b'(' | b')');
        at = match bytes[at] {
            b'\n' => return Some(at),
            b'\\' => at + 2,
            b'\'' => closing(at + 1, b'\'', false)?,
            b'"' => closing(at + 1, b'"', true)?,
            b'`' => closing(at + 1, b'`', true)?,
            b'$' if bytes.get(at + 1) == Some(&b'\'') => closing(at + 2, b'\'', true)?,
            b'#' if word_start => return memchr::memchr(b'\n', &bytes[at..]).map(|offset| at + offset),
            _ => at + 1,
        };
    }
    None
}

/// The first newline not escaped by a backslash.
fn physical_line_end(text: &str) -> Option<usize> {
    let bytes = text.as_bytes();
    let mut from = 0;
    while let Some(offset) = memchr::memchr(b'\n', &bytes[from..]) {
        let at = from + offset;
        let backslashes = bytes[..at].iter().rev().take_while(|&&b| b == b'\\').count();
        if backslashes % 2 == 0 {
            return Some(at);
        }
        from = at + 1;
    }
    None
}

/// A word's source text with bash's quote removal: `\x` is `x`, quotes go, `$` forms stay as
/// written.
fn quote_removed(raw: &str) -> String {
    let mut out = String::with_capacity(raw.len());
    let mut chars = raw.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => out.extend(chars.next()),
            '\'' => out.extend(chars.by_ref().take_while(|&c| c != '\'')),
            '"' => {
                while let Some(c) = chars.next() {
                    match c {
                        '"' => break,
                        '\\' => match chars.next() {
                            Some(next @ ('$' | '`' | '"' | '\\')) => out.push(next),
                            Some(next) => {
                                out.push('\\');
                                out.push(next);
                            }
                            None => out.push('\\'),
                        },
                        c => out.push(c),
                    }
                }
            }
            c => out.push(c),
        }
    }
    out
}

/// The text of a word with quotes removed, ignoring expansions (for heredoc delimiters).
fn word_text_unquoted(word: &Word) -> String {
    fn collect(parts: &[WordPart], out: &mut String) {
        for part in parts {
            match part {
                WordPart::Literal(text) | WordPart::Quoted(text) => out.push_str(text),
                WordPart::DoubleQuoted(inner) => collect(inner, out),
                WordPart::Param(param) => {
                    out.push('$');
                    out.push_str(&param.name);
                }
                _ => {}
            }
        }
    }
    let mut out = String::new();
    collect(&word.parts, &mut out);
    out
}

/// Commands whose `name=value` arguments are assignments (`local x=(1 2)` is not a syntax error).
impl Parser<'_> {
    /// Whether the cursor is at `name=(` or `name+=(`.
    fn at_array_assign(&self) -> bool {
        let bytes = &self.bytes()[self.pos..];
        let name = bytes.iter().take_while(|b| b.is_ascii_alphanumeric() || **b == b'_').count();
        let rest = &bytes[name..];
        name > 0 && !bytes[0].is_ascii_digit() && (rest.starts_with(b"=(") || rest.starts_with(b"+=("))
    }
}

fn is_declaration(word: &Word) -> bool {
    matches!(word.as_literal(), Some("declare" | "typeset" | "local" | "export" | "readonly"))
}

/// Unary operators of `test` and `[[ ]]`.
pub fn is_unary_test(op: &str) -> bool {
    matches!(
        op,
        "-a" | "-b"
            | "-c"
            | "-d"
            | "-e"
            | "-f"
            | "-g"
            | "-h"
            | "-k"
            | "-p"
            | "-r"
            | "-s"
            | "-t"
            | "-u"
            | "-w"
            | "-x"
            | "-G"
            | "-L"
            | "-N"
            | "-O"
            | "-S"
            | "-z"
            | "-n"
            | "-o"
            | "-v"
            | "-R"
    )
}

/// Binary operators of `test` and `[[ ]]`.
pub fn is_binary_test(op: &str) -> bool {
    matches!(
        op,
        "=" | "==" | "!=" | "=~" | "<" | ">" | "-eq" | "-ne" | "-lt" | "-le" | "-gt" | "-ge" | "-nt" | "-ot" | "-ef"
    )
}

#[cfg(test)]
mod tests;

/// Whether `c` ends a word that is read raw (a `for` loop's name): a blank or an operator.
fn is_word_end(c: u8) -> bool {
    matches!(c, b' ' | b'\t' | b'\n' | b';' | b'&' | b'|' | b'<' | b'>' | b'(' | b')')
}
