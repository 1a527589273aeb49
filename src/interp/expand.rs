//! Word expansion in bash's order: brace, tilde, parameter, arithmetic and command
//! substitution, word splitting on `IFS`, globbing over the workspace, quote removal.
//!
//! One builder serves three uses: fields for command arguments ([`Mode::Fields`]), one string
//! for assignments and redirections ([`Mode::String`]), and a pattern for `case`, `[[ == ]]`
//! and `${x#pat}` ([`Mode::Pattern`]), where quoted characters are escaped instead of removed.

pub(super) mod quick;

use super::arith::{self, ArithError, ArithVars};
use super::io::{Capture, Io, Output};
use super::pattern::{self, Pattern};
use super::vars::{Attrs, Value, is_name};
use super::{Flow, Interp, State, brace, glob};
use crate::ast::*;
use futures::future::BoxFuture;
use quick::quick;
use std::borrow::Cow;

/// What an expansion produces.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Mode {
    /// Split and globbed fields.
    Fields,
    /// One string, quotes removed.
    String,
    /// One pattern, quoted characters escaped.
    Pattern,
}

#[derive(Default)]
struct Field {
    text: String,
    /// Byte ranges of `text` that were quoted and contain pattern characters: only they need
    /// escaping when the field becomes a pattern, so plain text costs nothing extra.
    quoted_special: Vec<(usize, usize)>,
    glob: bool,
}

impl Field {
    /// `Field::pattern`, taking the text itself when nothing needs escaping.
    fn into_pattern(self) -> String {
        if self.quoted_special.is_empty() { self.text } else { self.pattern() }
    }

    /// The field as a pattern: quoted pattern characters escaped with backslashes.
    fn pattern(&self) -> String {
        if self.quoted_special.is_empty() {
            return self.text.clone();
        }
        let mut out = String::with_capacity(self.text.len() + 8);
        let mut done = 0;
        for &(start, end) in &self.quoted_special {
            out.push_str(&self.text[done..start]);
            out.push_str(&pattern::escape(&self.text[start..end]));
            done = end;
        }
        out.push_str(&self.text[done..]);
        out
    }
}

/// Characters that mean something in a pattern.
fn has_pattern_chars(text: &str) -> bool {
    // `&` too: a quoted `&` in a replacement is not the matched text (`patsub_replacement`).
    text.bytes().any(|b| {
        matches!(b, b'*' | b'?' | b'[' | b']' | b'\\' | b'(' | b')' | b'|' | b'!' | b'@' | b'+' | b'&' | b'-' | b'^')
    })
}

struct Builder {
    mode: Mode,
    fields: Vec<Field>,
    cur: Field,
    active: bool,
    /// `IFS`, read on the first unquoted expansion that needs splitting.
    ifs: Option<String>,
    /// The longest a field may grow ([`super::Limits::output_bytes`]): `s=$s$s` in a loop
    /// stops at it instead of doubling until the process runs out of memory.
    limit: usize,
    /// Set once a field would have grown past `limit` (the word is then a limit error).
    over: bool,
    /// What the finished fields hold: their text and [`FIELD_COST`] each, kept within
    /// `fields_limit` ([`super::Limits::variable_bytes`]: the fields become arguments or an
    /// array's elements), so `a=($x)` over 100 million words stops at it instead of making
    /// 100 million fields first.
    done: usize,
    fields_limit: usize,
    /// Set when it was the fields together that went past `fields_limit`.
    over_fields: bool,
    /// How many items of lists (`$@`, `${a[@]}`) have been placed: tells a list with no
    /// items from one with empty items.
    list_items: usize,
    /// The last expansion ended with a delimiter that is not whitespace (`x,` with `IFS=,`):
    /// the next item of a list then starts after an empty field, as in bash.
    trailing_delim: bool,
}

/// What one field costs beyond its text (its place in the list, the string's header).
const FIELD_COST: usize = 64;

impl Builder {
    fn new(mode: Mode, limit: usize, fields_limit: usize) -> Self {
        Builder {
            mode,
            fields: Vec::new(),
            cur: Field::default(),
            active: false,
            ifs: None,
            limit,
            over: false,
            done: 0,
            fields_limit,
            over_fields: false,
            list_items: 0,
            trailing_delim: false,
        }
    }

    /// Whether `more` bytes still fit in the word; marks it over the limit when not. Asked
    /// before anything is copied or allocated for them.
    fn room(&mut self, more: usize) -> bool {
        if self.over {
            return false;
        }
        let field = self.cur.text.len().saturating_add(more);
        if field > self.limit {
            self.over = true;
        } else if self.done.saturating_add(field) > self.fields_limit {
            (self.over, self.over_fields) = (true, true);
        }
        !self.over
    }

    fn text(&mut self, text: &str, quoted: bool) {
        self.active = true;
        self.trailing_delim = false;
        if !self.room(text.len()) {
            return;
        }
        let start = self.cur.text.len();
        self.cur.text.push_str(text);
        if self.mode == Mode::String {
            return;
        }
        if quoted {
            if has_pattern_chars(text) {
                self.cur.quoted_special.push((start, self.cur.text.len()));
            }
        } else if !self.cur.glob && text.bytes().any(|b| matches!(b, b'*' | b'?' | b'[' | b'(')) {
            // A piece may hold half of a bracket expression (`[$x]`): the whole field decides.
            self.cur.glob = true;
        }
    }

    /// [`Builder::expansion`] of a value the caller owns: when it starts the field and is
    /// not split, it becomes the field's text as it is, not copied (a 200 MB capture assigned
    /// with `x=$(…)` was held twice).
    fn expansion_owned(&mut self, value: String, quoted: bool, state: &State) {
        if !(quoted || self.mode != Mode::Fields) || !self.cur.text.is_empty() {
            return self.expansion(&value, quoted, state);
        }
        if quoted || !value.is_empty() {
            self.active = true;
        }
        if !self.room(value.len()) {
            return;
        }
        if self.mode != Mode::String {
            if quoted {
                if has_pattern_chars(&value) {
                    self.cur.quoted_special.push((0, value.len()));
                }
            } else if !self.cur.glob && value.bytes().any(|b| matches!(b, b'*' | b'?' | b'[' | b'(')) {
                self.cur.glob = true;
            }
        }
        self.cur.text = value;
    }

    /// The result of an expansion: split on IFS when unquoted in field mode.
    fn expansion(&mut self, value: &str, quoted: bool, state: &State) {
        if self.over {
            return;
        }
        if quoted {
            self.text(value, true);
            return;
        }
        if value.is_empty() {
            return;
        }
        if self.mode != Mode::Fields {
            self.text(value, false);
            return;
        }
        let ifs = match self.ifs.take() {
            Some(ifs) => ifs,
            None => ifs_str(state).to_string(),
        };
        if ifs.is_empty() {
            self.text(value, false);
            self.ifs = Some(ifs);
            return;
        }
        let mut pending_break = false;
        let mut run_start: Option<usize> = None;
        let mut hard_end = false;
        for (idx, c) in value.char_indices() {
            if ifs.contains(c) {
                if let Some(start) = run_start.take() {
                    self.text(&value[start..idx], false);
                }
                if c.is_whitespace() {
                    pending_break = true;
                } else {
                    self.force_end();
                    pending_break = false;
                    hard_end = true;
                }
            } else {
                hard_end = false;
                if pending_break {
                    self.end_field();
                    pending_break = false;
                }
                run_start.get_or_insert(idx);
            }
        }
        if let Some(start) = run_start {
            self.text(&value[start..], false);
        }
        if pending_break {
            self.end_field();
        }
        self.trailing_delim = hard_end;
        self.ifs = Some(ifs);
    }

    fn end_field(&mut self) {
        if self.active {
            self.force_end();
        }
    }

    fn force_end(&mut self) {
        self.active = false;
        // The first field is the word's text alone: a word exactly at the limit fits.
        let cost = if self.fields.is_empty() { 0 } else { FIELD_COST };
        if !self.room(cost) {
            return;
        }
        self.done += self.cur.text.len() + cost;
        self.fields.push(std::mem::take(&mut self.cur));
    }

    fn finish(mut self) -> Vec<Field> {
        self.end_field();
        self.fields
    }
}

/// The value of `IFS` (unset means space, tab, newline; set but empty means no splitting).
pub(crate) fn ifs_str(state: &State) -> &str {
    match state.vars.get_str("IFS") {
        Some(ifs) => ifs,
        None if state.vars.get("IFS").is_some() => "",
        None => " \t\n",
    }
}

/// The value of a parameter before it is placed into fields.
enum ParamValue<'w> {
    Unset,
    Str(String),
    List {
        items: Vec<String>,
        star: bool,
    },
    /// A word from an operator (`${x:-word}`), expanded in the caller's quoting context.
    Word(&'w Word),
}

/// The fields of a word as one string, separated by spaces; most words are one field, which is
/// taken as it is.
fn join_fields(fields: Vec<Field>, text: impl Fn(Field) -> String) -> String {
    let mut fields = fields.into_iter();
    let Some(first) = fields.next() else { return String::new() };
    let mut out = text(first);
    for field in fields {
        out.push(' ');
        out.push_str(&text(field));
    }
    out
}

impl Interp {
    /// Expands command words into fields.
    pub(crate) async fn expand_words(&mut self, words: &[Word], io: &Io) -> Result<Vec<String>, Flow> {
        let mut out = Vec::with_capacity(words.len());
        for word in words {
            if let Some(text) = simple_literal(word) {
                out.push(text.to_string());
                continue;
            }
            if let Some(quick) = quick(&self.state, &word.parts, Mode::Fields) {
                if quick.field {
                    out.push(quick.text);
                }
                continue;
            }
            // The general path, boxed: the quick ones above need none of its state, and every
            // command's future would otherwise carry it.
            // `set +B` turns brace expansion off.
            if word.parts.iter().any(|p| matches!(p, WordPart::Literal(t) if t.bytes().any(|b| b == b'{')))
                && self.state.options.get(toolsh_core::options::Kind::Set, "braceexpand") != Some(false)
            {
                let words = match brace::expand(word) {
                    Ok(words) => words,
                    // A fixed bound, not a session limit: said as one, with what to use instead.
                    Err(most) => {
                        return Err(self.stop_with(
                            format!(
                                "limit exceeded: brace words (at most {most}); count with for ((i=1; i<=N; i++)) or seq"
                            ),
                            crate::status::LIMIT,
                        ));
                    }
                };
                for expanded in words {
                    Box::pin(self.expand_fields_into(&expanded, io, &mut out)).await?;
                }
            } else {
                Box::pin(self.expand_fields_into(word, io, &mut out)).await?;
            }
        }
        Ok(out)
    }

    async fn expand_fields_into(&mut self, word: &Word, io: &Io, out: &mut Vec<String>) -> Result<(), Flow> {
        let fields = self.build(word, Mode::Fields, io).await?;
        for field in fields {
            let pattern = if field.glob && !self.state.options.noglob { Some(field.pattern()) } else { None };
            // A bracket is one only within a path component: `[a/b]` names no pattern (bash),
            // so it stays as written even under nullglob.
            if let Some(pattern) = pattern.filter(|p| p.split('/').any(pattern::has_magic)) {
                let matches = match self.state.vars.get_str("GLOBIGNORE").filter(|list| !list.is_empty()) {
                    None => glob::glob(&self.fs("glob"), &self.state.cwd, &pattern, &self.state.options),
                    // bash: names matching one of GLOBIGNORE's patterns are left out, and
                    // names starting with `.` are matched as under dotglob.
                    Some(list) => {
                        let list = list.to_string();
                        let options = super::Options { dotglob: true, ..self.state.options };
                        let mut matches = glob::glob(&self.fs("glob"), &self.state.cwd, &pattern, &options);
                        matches.retain(|path| !glob_ignored(path, &list));
                        matches
                    }
                };
                if matches.is_empty() {
                    if self.state.options.failglob {
                        self.report(io, &format!("no match: {}", field.text)).await?;
                        return Err(Flow::Discard);
                    }
                    if !self.state.options.nullglob {
                        out.push(field.text);
                    }
                } else {
                    out.extend(matches);
                }
            } else {
                out.push(field.text);
            }
        }
        Ok(())
    }

    /// Expands a word to one string (no splitting, no globbing).
    pub(crate) async fn expand_string(&mut self, word: &Word, io: &Io) -> Result<String, Flow> {
        if let Some(quick) = quick(&self.state, &word.parts, Mode::String) {
            return Ok(quick.text);
        }
        let fields = Box::pin(self.build(word, Mode::String, io)).await?;
        Ok(join_fields(fields, |field| field.text))
    }

    /// [`Interp::expand_string`], borrowing a word that is one plain literal: arithmetic
    /// text (`i<10000`, `i++`) is read on every pass of a loop.
    pub(crate) async fn expand_text<'w>(&mut self, word: &'w Word, io: &Io) -> Result<Cow<'w, str>, Flow> {
        // Arithmetic text is read as in double quotes: `~` is no tilde prefix (`$((~0))`).
        if let Some(text) = word.as_literal() {
            return Ok(Cow::Borrowed(text));
        }
        // bash 5.2 expands an array subscript on its own and quotes what it made, so the
        // evaluator reads it once (`(( m[$key]++ ))` with `]` or `$(…)` in the key): only
        // words with a `[` in their text need it.
        if has_bracket(&word.parts) {
            let pieces = arith_pieces(word);
            let mut out = String::new();
            for (subscript, piece) in pieces.iter() {
                let text = self.expand_string(piece, io).await?;
                match subscript {
                    true => {
                        out.push('[');
                        for c in text.chars() {
                            if matches!(c, '[' | ']' | '$' | '`' | '~' | '\\' | '\'' | '"') {
                                out.push('\\');
                            }
                            out.push(c);
                        }
                        out.push(']');
                    }
                    false => out.push_str(&text),
                }
            }
            return Ok(Cow::Owned(out));
        }
        self.expand_string(word, io).await.map(Cow::Owned)
    }

    /// The directory a tilde prefix at the start of `text` names, and where the prefix ends (at
    /// the first of `ends`, or the end): `~` is `$HOME`, `~+` the working directory, `~-`
    /// `$OLDPWD`, and `~NAME` the home of NAME when NAME is the session's one user (`whoami`);
    /// any other prefix stays as written, as bash leaves `~nosuchuser`. A prefix that runs on
    /// into what follows `text` in its word (`more`: a quoted part, an expansion) is not one.
    /// The user's home (`~NAME`, and `~` with `HOME` unset, where bash reads the password
    /// file) is the `HOME` the session started with ([`State::login_home`]).
    pub(crate) fn tilde_prefix(&self, text: &str, ends: &[char], more: bool) -> Option<(String, usize)> {
        let rest = text.strip_prefix('~')?;
        let end = match rest.find(ends) {
            Some(at) => at + 1,
            None if more => return None,
            None => text.len(),
        };
        let dir = match &text[1..end] {
            "" => Some(self.state.vars.get_str("HOME").unwrap_or(&self.state.login_home)),
            "+" => Some(self.state.cwd.as_str()),
            "-" => self.state.vars.get_str("OLDPWD"),
            user if user == self.shared.agent() => Some(&*self.state.login_home),
            // `~N`, `~+N`, `~-N`: an entry of the directory stack, as `dirs +N`/`dirs -N`.
            stack => self.dir_stack_entry(stack),
        };
        dir.map(|dir| (dir.to_string(), end))
    }

    /// The directory stack's entry `N`, `+N` or `-N` names (`dirs` numbering: 0 is the
    /// working directory), if there is one.
    fn dir_stack_entry(&self, word: &str) -> Option<&str> {
        let (from_right, digits) = match word.as_bytes().first()? {
            b'-' => (true, &word[1..]),
            b'+' => (false, &word[1..]),
            _ => (false, word),
        };
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let n = digits.parse::<usize>().ok()?;
        let stack = &self.state.dir_stack;
        let len = stack.len() + 1;
        let at = if from_right { len.checked_sub(n + 1)? } else { Some(n).filter(|n| *n < len)? };
        // Entry 0 is the working directory; entry N is the Nth from the top, held last first.
        if at == 0 { Some(self.state.cwd.as_str()) } else { stack.get(len - 1 - at).map(String::as_str) }
    }

    /// `word` with its tilde prefixes expanded as an assignment's value has them: from byte
    /// `start` of its first part, and after each unquoted `:`, each ending at `/` or `:`.
    /// The directories become quoted parts (not split, not globbed); `None` when no literal
    /// part holds a `~`.
    fn assignment_tildes(&self, word: &Word, start: usize) -> Option<Word> {
        let tilde = |part: &WordPart| matches!(part, WordPart::Literal(text) if text.contains('~'));
        if !word.parts.iter().any(tilde) {
            return None;
        }
        let mut parts = Vec::with_capacity(word.parts.len() + 2);
        for (idx, part) in word.parts.iter().enumerate() {
            let WordPart::Literal(text) = part else {
                parts.push(part.clone());
                continue;
            };
            // `name=` of a word that is an assignment's shape stays as written.
            let text = match idx {
                0 if start > 0 => {
                    parts.push(WordPart::Literal(text.get(..start).unwrap_or_default().into()));
                    text.get(start..).unwrap_or_default()
                }
                _ => &text[..],
            };
            // Each piece between colons of a literal; a piece starts a prefix when it is the
            // value's start or follows a colon.
            let pieces = text.split(':').count();
            for (piece_idx, piece) in text.split(':').enumerate() {
                if piece_idx > 0 {
                    parts.push(WordPart::Literal(":".into()));
                }
                let at_start = piece_idx > 0 || idx == 0;
                let more = piece_idx + 1 == pieces && idx + 1 < word.parts.len();
                match self.tilde_prefix(piece, &['/', ':'], more).filter(|_| at_start) {
                    Some((dir, end)) => {
                        parts.push(WordPart::Quoted(dir.into()));
                        parts.push(WordPart::Literal(piece[end..].into()));
                    }
                    None => parts.push(WordPart::Literal(piece.into())),
                }
            }
        }
        Some(Word { parts: parts.into_iter().collect(), span: word.span })
    }

    /// `word` with its leading tilde prefix, ending at `/` or `:`, expanded to a quoted part
    /// (an array element's, the word of `${x:=word}`); `None` when it has none.
    pub(crate) fn leading_tilde(&self, word: &Word) -> Option<Word> {
        let Some(WordPart::Literal(text)) = word.parts.first() else { return None };
        let (dir, end) = self.tilde_prefix(text, &['/', ':'], word.parts.len() > 1)?;
        let mut parts = vec![WordPart::Quoted(dir.into()), WordPart::Literal(text[end..].into())];
        parts.extend(word.parts.iter().skip(1).cloned());
        Some(Word { parts: parts.into_iter().collect(), span: word.span })
    }

    /// Expands the value of an assignment (`a=~/x:~/y`, an array's element, `export a=…`):
    /// a word whose tilde prefixes, at its start and after each unquoted `:`, end at `/` or
    /// `:`, as bash expands them in assignments.
    pub(crate) async fn expand_assigned(&mut self, word: &Word, io: &Io) -> Result<String, Flow> {
        match self.assignment_tildes(word, 0) {
            Some(expanded) => self.expand_string(&expanded, io).await,
            None => self.expand_string(word, io).await,
        }
    }

    /// The array and key a reference to an element names (`declare -n r='a[i+1]'`): an indexed
    /// array's subscript is arithmetic, evaluated now, as bash evaluates it at each use.
    pub(crate) async fn reference_element(&mut self, name: &str, io: &Io) -> Result<(String, String), Flow> {
        let Some((array, key)) = self.state.vars.element_target(name) else {
            return Ok((name.to_string(), String::new()));
        };
        if matches!(key.as_str(), "@" | "*") {
            return Ok((array, key));
        }
        // The subscript is read as one written in `${a[…]}` is: expanded, then arithmetic for
        // an indexed array (`declare -n r='x[$i]'`).
        if self.reference_depth >= MAX_REFERENCE_DEPTH {
            let text = format!("{array}[{key}]");
            self.error(io, &format!("{text}: expression recursion level exceeded (error token is \"{text}\")")).await;
            return Err(Flow::Discard);
        }
        self.reference_depth += 1;
        let key = Box::pin(self.subscript_key(&array, &super::special::subscript_word(&key), io)).await;
        self.reference_depth -= 1;
        Ok((array, key?))
    }

    /// Expands a word to a pattern: quoted characters are escaped with backslashes.
    pub(crate) async fn expand_pattern(&mut self, word: &Word, io: &Io) -> Result<String, Flow> {
        let fields = self.build(word, Mode::Pattern, io).await?;
        Ok(join_fields(fields, Field::into_pattern))
    }

    /// Expands the right side of `=~`: quoted parts match literally.
    pub(crate) async fn expand_regex(&mut self, word: &Word, io: &Io) -> Result<String, Flow> {
        // A leading tilde prefix is expanded, its directory matched literally (bash).
        let tilde = self.leading_tilde(word);
        let word = tilde.as_ref().unwrap_or(word);
        let mut out = String::new();
        // Quoted text is matched literally: escaped outside a bracket expression, as it is
        // inside one (bash adds no backslash there, which glibc would read as a member).
        let mut bracket = Bracket::Outside;
        for part in &word.parts {
            let (text, quoted) = match part {
                WordPart::Literal(text) => (Cow::Borrowed(&text[..]), false),
                WordPart::Quoted(text) => (Cow::Borrowed(&text[..]), true),
                other => {
                    let single = Word { parts: std::iter::once(other.clone()).collect(), span: word.span };
                    let text = self.expand_string(&single, io).await?;
                    (Cow::Owned(text), matches!(other, WordPart::DoubleQuoted(_)))
                }
            };
            if quoted && bracket == Bracket::Outside {
                out.push_str(&regex::escape(&text));
            } else {
                bracket = bracket.after(&text);
                out.push_str(&text);
            }
        }
        Ok(out)
    }

    async fn build(&mut self, word: &Word, mode: Mode, io: &Io) -> Result<Vec<Field>, Flow> {
        let (limit, fields_limit) = (self.state.limits().output_bytes, self.state.limits().variable_bytes);
        let mut builder = Builder::new(mode, limit, fields_limit);
        let mut parts: &[WordPart] = &word.parts;
        let assignment_shaped;
        if let Some(WordPart::Literal(text)) = parts.first()
            // An argument's prefix ends at `:` too (`echo ~:x`); other words' only at `/`
            // (`declare -A m=([k]=~:x)` keeps it).
            && let Some((dir, end)) = self.tilde_prefix(text, if mode == Mode::Fields { &['/', ':'] } else { &['/'] }, parts.len() > 1)
        {
            builder.text(&dir, true);
            builder.text(&text[end..], false);
            parts = &parts[1..];
        } else if mode == Mode::Fields
            && !self.state.options.posix
            && let Some(WordPart::Literal(text)) = parts.first()
            && let Some(eq) = assignment_name_end(text)
            && let Some(expanded) = self.assignment_tildes(word, eq + 1)
        {
            // bash expands `a=~/x:~/y` as an argument too (`echo PATH=~/bin`), as an
            // assignment's value; only an argument (an assignment's value or the word of
            // `${x:=PATH=~/bin}` is not read again for a `name=`).
            assignment_shaped = expanded;
            parts = &assignment_shaped.parts;
        }
        self.expand_parts(parts, false, &mut builder, io).await?;
        if builder.over_fields {
            return Err(self.limit_hit("variable bytes", fields_limit as u64));
        }
        if builder.over {
            return Err(self.limit_hit("value bytes", limit as u64));
        }
        Ok(builder.finish())
    }

    /// The length of a plain `$name`'s value, without copying it; `None` for anything else.
    fn plain_len(&self, param: &ParamExpr) -> Option<usize> {
        if !matches!(param.op, ParamOp::None) || param.indirect || param.index.is_some() {
            return None;
        }
        self.state.vars.get_str(&param.name).map(str::len)
    }

    fn expand_parts<'a>(
        &'a mut self,
        parts: &'a [WordPart],
        quoted: bool,
        builder: &'a mut Builder,
        io: &'a Io,
    ) -> BoxFuture<'a, Result<(), Flow>> {
        Box::pin(async move {
            for part in parts {
                if builder.over {
                    // The word is already a limit error: nothing more of it is expanded.
                    return Ok(());
                }
                match part {
                    WordPart::Literal(text) => builder.text(text, quoted),
                    WordPart::Quoted(text) => builder.text(text, true),
                    WordPart::DoubleQuoted(inner) => {
                        // "$@" with no parameters makes no field, nor does "$x$@" when the
                        // other expansions are empty too (as bash): only quoted text or a list
                        // item makes one then.
                        let only_expansions = inner.iter().any(is_list_param)
                            && !inner.iter().any(|p| matches!(p, WordPart::Literal(_) | WordPart::Quoted(_)));
                        if !only_expansions {
                            builder.text("", true);
                            self.expand_parts(inner, true, builder, io).await?;
                        } else {
                            let before =
                                (builder.active, builder.cur.text.len(), builder.fields.len(), builder.list_items);
                            self.expand_parts(inner, true, builder, io).await?;
                            if before == (false, builder.cur.text.len(), builder.fields.len(), builder.list_items) {
                                builder.active = false;
                            }
                        }
                    }
                    WordPart::Param(param) => {
                        // A plain variable that cannot fit is refused before its value is
                        // copied out (split, it may shrink: that is left to the builder).
                        if (quoted || builder.mode != Mode::Fields)
                            && let Some(len) = self.plain_len(param)
                            && !builder.room(len)
                        {
                            return Ok(());
                        }
                        let value = self.expand_param(param, io).await?;
                        self.place(value, quoted, builder, io).await?;
                    }
                    WordPart::CommandSubst(script) => {
                        let output = self.command_subst(script, io).await?;
                        builder.expansion_owned(output, quoted, &self.state);
                    }
                    WordPart::Arith(expr) => {
                        let text = self.expand_text(expr, io).await?;
                        let value = match self.arith(&text, io).await {
                            Ok(value) => value,
                            Err(flow) => return Err(self.posix_fatal(flow)),
                        };
                        builder.expansion(&value.to_string(), quoted, &self.state);
                    }
                    WordPart::ProcessSubst { script, output } => {
                        let path = self.process_subst(script, *output, io).await?;
                        builder.text(&path, true);
                    }
                    WordPart::Assign(assign) => {
                        // Only declaration commands give these meaning; elsewhere they read as text.
                        builder.text(&assign.name, true);
                        builder.text(if assign.append { "+=" } else { "=" }, true);
                        if let AssignValue::Scalar(word) = &assign.value {
                            let value = self.expand_assigned(word, io).await?;
                            builder.text(&value, true);
                        }
                    }
                }
            }
            Ok(())
        })
    }

    fn place<'a>(
        &'a mut self,
        value: ParamValue<'a>,
        quoted: bool,
        builder: &'a mut Builder,
        io: &'a Io,
    ) -> BoxFuture<'a, Result<(), Flow>> {
        Box::pin(async move {
            match value {
                ParamValue::Unset => builder.expansion("", quoted, &self.state),
                ParamValue::Str(text) => builder.expansion_owned(text, quoted, &self.state),
                // `${x:-~}`: an unquoted operand starts with a tilde prefix as a word does.
                ParamValue::Word(word)
                    if !quoted
                        && let Some(WordPart::Literal(text)) = word.parts.first()
                        && let Some((dir, end)) = self.tilde_prefix(text, &['/', ':'], word.parts.len() > 1) =>
                {
                    builder.expansion(&dir, true, &self.state);
                    let rest = Word { parts: word.parts.iter().skip(1).cloned().collect(), span: word.span };
                    builder.expansion(&text[end..], false, &self.state);
                    self.expand_parts(&rest.parts, false, builder, io).await?
                }
                ParamValue::Word(word) if quoted || builder.mode != Mode::Fields => {
                    self.expand_parts(&word.parts, quoted, builder, io).await?
                }
                ParamValue::Word(word) => {
                    // bash: the unquoted text of `${x:-a b}` is split like an expansion result.
                    for part in &word.parts {
                        match part {
                            WordPart::Literal(text) => builder.expansion(text, false, &self.state),
                            other => self.expand_parts(std::slice::from_ref(other), false, builder, io).await?,
                        }
                    }
                }
                ParamValue::List { items, star } => {
                    if builder.mode != Mode::Fields || (quoted && star) {
                        let sep = if star { self.ifs_first() } else { " ".to_string() };
                        builder.expansion(&items.join(&sep), quoted, &self.state);
                    } else {
                        builder.list_items += items.len();
                        for (idx, item) in items.iter().enumerate() {
                            if idx > 0 {
                                if quoted {
                                    builder.force_end();
                                } else {
                                    // `x,` then `y` with `IFS=,`: the delimiter's empty field.
                                    if std::mem::take(&mut builder.trailing_delim) {
                                        builder.force_end();
                                    }
                                    builder.end_field();
                                }
                            }
                            builder.expansion(item, quoted, &self.state);
                        }
                    }
                }
            }
            Ok(())
        })
    }

    fn ifs_first(&self) -> String {
        match self.state.vars.get_str("IFS") {
            Some(ifs) => ifs.chars().next().map(String::from).unwrap_or_default(),
            None if self.state.vars.get("IFS").is_some() => String::new(),
            None => " ".to_string(),
        }
    }

    /// What an expansion error that drops the command does in POSIX mode: it ends a shell that
    /// is not interactive (a bad substitution, an error in `$(( ))`), as bash's
    /// `expand_wdesc_fatal` does.
    fn posix_fatal(&self, flow: Flow) -> Flow {
        match flow {
            Flow::Discard if self.state.options.posix && !self.state.options.interactive => {
                Flow::Fatal(crate::status::EXPANSION)
            }
            flow => flow,
        }
    }

    /// `$BASHPID`: the process id of this shell, a subshell's given on first read.
    pub(crate) fn bashpid(&mut self) -> u32 {
        match self.state.bashpid {
            None => std::process::id(),
            Some(0) => {
                let pid = self.shared.next_pid();
                self.state.bashpid = Some(pid);
                pid
            }
            Some(pid) => pid,
        }
    }

    /// The variables arithmetic `text` reads, `SECONDS` counting from the session's start; a
    /// subshell's `BASHPID` is given its number first when the text names it.
    pub(crate) fn arith_vars(&mut self, text: &str) -> ArithVars<'_> {
        if text.contains("BASHPID") {
            self.bashpid();
        }
        ArithVars::new(&mut self.state, Some(self.shared.started()))
    }

    /// Evaluates arithmetic text; errors end the script as bash does.
    pub(crate) async fn arith(&mut self, text: &str, io: &Io) -> Result<i64, Flow> {
        match arith::eval(text, &mut self.arith_vars(text)) {
            Ok(value) => Ok(value),
            Err(err) => Err(self.arith_failed(err, None, io).await),
        }
    }

    /// [`Interp::arith`] for a part of `${name…}`, whose errors bash says after the name
    /// (`x: 1+: syntax error …`).
    async fn arith_of(&mut self, text: &str, name: &str, io: &Io) -> Result<i64, Flow> {
        match arith::eval(text, &mut self.arith_vars(text)) {
            Ok(value) => Ok(value),
            Err(err) => Err(self.arith_failed(err, Some(name), io).await),
        }
    }

    /// Says an arithmetic error (after `prefix`, `((` or `let`) and gives its flow: an unbound
    /// variable under `set -u` ends the shell as in any expansion, other errors drop the
    /// command.
    pub(crate) async fn arith_failed(&mut self, err: ArithError, prefix: Option<&str>, io: &Io) -> Flow {
        if err.is_unbound() {
            self.error(io, &err.0).await;
            return Flow::Fatal(crate::status::EXPANSION);
        }
        match prefix {
            Some(prefix) if !err.is_readonly() && !err.in_subscript() => {
                self.error(io, &format!("{prefix}: {}", err.0)).await
            }
            _ => self.error(io, &err.0).await,
        }
        // A subscript's error goes back to the outermost text, as bash's does.
        self.to_top_level |= err.in_subscript();
        Flow::Discard
    }

    /// Says an error bash says with its `report_error` (a bad substitution, a bad array
    /// subscript, failglob's `no match`…): under `set -e` the shell then exits with status 1,
    /// even where errexit is otherwise ignored (`if`, `||`), as bash's does.
    pub(crate) async fn report(&self, io: &Io, message: &str) -> Result<(), Flow> {
        self.error(io, message).await;
        if self.state.options.errexit {
            return Err(Flow::Exit(1));
        }
        Ok(())
    }

    /// Prints `message` on the shell's stderr after bash's prefix (`s.sh: line 4: `,
    /// [`crate::session::State::diagnostic_prefix`]). Boxed: errors are rare, and every future
    /// that may print one would otherwise carry the write's state.
    pub(crate) fn error<'a>(&'a self, io: &'a Io, message: &str) -> BoxFuture<'a, ()> {
        let line = format!("{}{message}\n", self.state.diagnostic_prefix());
        Box::pin(async move {
            let _ = io.stderr().write_text(&line).await;
        })
    }

    /// `<(list)`: runs the list now and names a scratch file holding its output; `>(list)`: names
    /// an empty scratch file whose content the list reads once the command has finished
    /// ([`Interp::finish_process_substs`]). toolsh runs no processes, so the two sides take turns
    /// instead of running at the same time.
    ///
    /// Each has a process id of its own, which `$!` holds and `wait $!` gives the status of, as
    /// bash's.
    async fn process_subst(&mut self, script: &Script, output: bool, io: &Io) -> Result<String, Flow> {
        let n = self.shared.next_pid();
        let path = format!("/tmp/.toolsh-subst-{}-{n}", std::process::id());
        let content = if output {
            Vec::new()
        } else {
            let capture = Capture::new(self.state.limits().output_bytes);
            let sub_io = Io::new(io.stdin(), Output::Capture(capture.clone()), io.stderr());
            let mut sub = self.subshell();
            sub.trace_depth += 1;
            let result = sub.exec_list(&script.body, &sub_io).await;
            let status = sub.finish_subshell(result, &sub_io).await;
            self.job_table().record_status(n, status);
            capture.take()
        };
        if let Err(err) = self.shared.vfs().write(&path, &content, crate::vfs::WriteMode::Truncate) {
            self.error(io, &format!("process substitution needs a writable /tmp: {}", crate::vfs::describe(&err)))
                .await;
            return Err(Flow::Discard);
        }
        self.process_substs.push((path.clone(), n, output.then(|| Box::new(script.clone()))));
        self.state.last_background = Some(n);
        Ok(path)
    }

    /// Feeds `>(list)` files to their lists and removes the process-substitution files made
    /// from the `from`th on: those of one command, whose own commands (a function's body,
    /// `eval`'s text) removed only theirs, so the files stay while the command runs, as
    /// bash's descriptors do.
    pub(crate) async fn finish_process_substs(&mut self, io: &Io, from: usize) {
        let from = from.min(self.process_substs.len());
        let made: Vec<_> = self.process_substs.drain(from..).collect();
        for (path, pid, script) in made {
            if let Some(script) = script {
                let data = self.shared.vfs().read(&path).unwrap_or_default();
                let sub_io = Io::new(super::io::Input::from_bytes(data), io.stdout(), io.stderr());
                let mut sub = self.subshell();
                let result = sub.exec_list(&script.body, &sub_io).await;
                let status = sub.finish_subshell(result, &sub_io).await;
                self.job_table().record_status(pid, status);
            }
            let _ = self.shared.vfs().remove_file(&path);
        }
    }

    async fn command_subst(&mut self, script: &Script, io: &Io) -> Result<String, Flow> {
        let limit = self.state.limits().output_bytes;
        let mut bytes = if let Some(path) = read_file_shortcut(script) {
            // bash: `$(< file)` reads the file without running a command; its word is
            // expanded as a redirection's is (a glob naming one file is that file).
            let mut paths = match self.state.options.posix {
                // In POSIX mode bash does not glob a redirection's word.
                true => vec![self.expand_string(path, io).await?],
                false => self.expand_words(std::slice::from_ref(path), io).await?,
            };
            let (Some(path), None) = (paths.pop(), paths.first()) else {
                self.error(io, &format!("{path}: ambiguous redirect")).await;
                self.last_subst_status = Some(1);
                return Ok(String::new());
            };
            let abs = self.state.abs_path(&path);
            // A file larger than a capture may be is refused before it is read whole (its
            // size is known; read, it is held at its exact size).
            let fs = self.fs("$(<)");
            if fs.stat(&abs).is_ok_and(|meta| meta.size > limit as u64) {
                return Err(self.limit_hit("output bytes", limit as u64));
            }
            match fs.read(&abs) {
                Ok(bytes) => {
                    self.last_subst_status = Some(0);
                    bytes
                }
                Err(err) => {
                    self.error(io, &format!("{path}: {}", crate::vfs::describe(&err))).await;
                    self.last_subst_status = Some(1);
                    Vec::new()
                }
            }
        } else {
            let capture = Capture::new(limit);
            let sub_io = Io::new(io.stdin(), Output::Capture(capture.clone()), io.stderr());
            let mut sub = self.subshell();
            sub.trace_depth += 1;
            // A job inside keeps a pipeline stage's pipe as standard input, as bash's does.
            sub.pipe_in = self.pipe_in;
            // bash turns `set -e` off inside `$( )` unless `shopt -s inherit_errexit` or
            // `set -o posix`.
            sub.state.options.errexit &= self.state.options.inherit_errexit || self.state.options.posix;
            let result = sub.exec_list(&script.body, &sub_io).await;
            // Its EXIT trap is traced at the substitution's own depth (bash: `++ echo`).
            sub.trace_depth -= 1;
            let status = sub.finish_subshell(result, &sub_io).await;
            if capture.overflowed() {
                return Err(self.limit_hit("output bytes", limit as u64));
            }
            if let Some(status) = self.shared.stopping() {
                return Err(Flow::Fatal(status));
            }
            self.last_subst_status = Some(status);
            self.state.last_status = status;
            capture.take()
        };
        while bytes.last() == Some(&b'\n') {
            bytes.pop();
        }
        if bytes.contains(&0) {
            bytes.retain(|&b| b != 0);
            self.error(io, "warning: command substitution: ignored null byte in input").await;
        }
        // Decoded as every other input is: a stand-in's own UTF-8 in the output stays those bytes.
        Ok(toolsh_bytes::decode_vec(bytes))
    }

    async fn expand_param<'w>(&mut self, param: &'w ParamExpr, io: &Io) -> Result<ParamValue<'w>, Flow> {
        if let ParamOp::Bad(text) = &param.op {
            // bash checks a transformation's operator only on a value: `${u@Z}` of an unset
            // `u` (or `${@@Z}` with no parameters) is empty, that of a set one an error.
            // On a value it ends the shell (status 127), as bash's `expand_wdesc_fatal` does.
            if let Some(name) = transform_name(text) {
                let value = self.lookup(name, &None, io).await?;
                let empty = match &value {
                    ParamValue::Unset => true,
                    ParamValue::List { items, .. } => items.is_empty(),
                    _ => false,
                };
                if empty {
                    if matches!(value, ParamValue::Unset) {
                        self.check_unset(name, io).await?;
                    }
                    return Ok(ParamValue::Unset);
                }
                self.report(io, &format!("${{{text}}}: bad substitution")).await?;
                return Err(Flow::Fatal(crate::status::EXPANSION));
            }
            self.report(io, &format!("${{{text}}}: bad substitution")).await?;
            return Err(self.posix_fatal(Flow::Discard));
        }
        if param.indirect
            && param.index.is_none()
            && matches!(param.op, ParamOp::None)
            && let Some(var) = self.state.vars.get_raw(&param.name)
            && var.attrs.has(super::vars::Attrs::NAMEREF)
        {
            // `${!ref}` of a name reference is the name it holds.
            return Ok(var.scalar().map_or(ParamValue::Unset, |name| ParamValue::Str(name.to_string())));
        }
        // The name and subscript expanded: the word's own unless `${!…}` names others.
        let (name, index): (Cow<'_, str>, Cow<'_, Option<Subscript>>) = if param.indirect {
            let (target, unset) = match self.lookup(&param.name, &param.index, io).await? {
                ParamValue::Str(text) => (text, false),
                ParamValue::List { items, .. } => (items.join(" "), false),
                _ => (String::new(), true),
            };
            // `${!*}` with no parameters is empty, as in bash.
            let list = param.name == "@" || param.name == "*";
            // An unset variable named is refused whatever the operator (`${!v:-word}` too), an
            // unset positional or special parameter (`${!9:-word}`) or array element reads as
            // unset, and an empty value names no variable (bash 5.2's rules).
            // A variable that is declared (`declare x`, an array whose element 0 is unset) names
            // none without an error; one never declared is refused.
            let declared = param.index.is_none()
                && self.state.vars.get_raw(&param.name).is_some_and(|var| !var.attrs.has(Attrs::NAMEREF));
            let unset_variable = unset
                && is_name(&param.name)
                && !declared
                && (param.index.is_none() || self.state.vars.get(&param.name).is_none());
            if target.is_empty() && ((list && !self.state.options.nounset) || (unset && !unset_variable && !list)) {
                (Cow::Borrowed(""), Cow::Owned(None))
            } else if target.is_empty() {
                // Named as written, with its subscript (`b[1]: invalid indirect expansion`).
                let written = match &param.index {
                    None => param.name.to_string(),
                    Some(Subscript::At) => format!("{}[@]", param.name),
                    Some(Subscript::Star) => format!("{}[*]", param.name),
                    Some(Subscript::Expr(key)) => format!("{}[{}]", param.name, super::special::as_written(key)),
                };
                let message = match unset || list {
                    true => format!("{written}: invalid indirect expansion"),
                    false => ": invalid variable name".to_string(),
                };
                self.report(io, &message).await?;
                return Err(Flow::Discard);
            } else {
                let Some((name, index)) = split_indirect(&target) else {
                    self.report(io, &format!("{target}: invalid variable name")).await?;
                    return Err(Flow::Discard);
                };
                (Cow::Owned(name), Cow::Owned(index))
            }
        } else {
            (Cow::Borrowed(param.name.as_str()), Cow::Borrowed(&param.index))
        };
        let (name, index) = (&*name, &*index);
        match &param.op {
            ParamOp::Length => {
                if let Some(Subscript::At | Subscript::Star) = index
                    && self.state.options.nounset
                    && !matches!(
                        name,
                        "@" | "*" | "FUNCNAME" | "BASH_SOURCE" | "BASH_LINENO" | "BASH_ARGV" | "BASH_ARGC"
                    )
                    && self.state.vars.get(name).is_none()
                {
                    // bash: `${#u[@]}` of an unset array under `set -u` drops the command.
                    self.error(io, &format!("{name}: unbound variable")).await;
                    return Err(Flow::Discard);
                }
                let value = self.lookup(name, index, io).await?;
                let length = match value {
                    ParamValue::List { items, .. } => items.len(),
                    ParamValue::Str(text) => text.chars().count(),
                    _ => {
                        self.check_unset(name, io).await?;
                        0
                    }
                };
                return Ok(ParamValue::Str(length.to_string()));
            }
            ParamOp::Keys => {
                let keys = match self.state.vars.get(name) {
                    Some(var) => var.keys(),
                    // The alias and command tables' names.
                    None if matches!(name, "BASH_ALIASES" | "BASH_CMDS") => {
                        crate::interp::special::computed_pairs(&self.state, name).into_iter().map(|(k, _)| k).collect()
                    }
                    None => Vec::new(),
                };
                return Ok(ParamValue::List { items: keys, star: matches!(index, Some(Subscript::Star)) });
            }
            ParamOp::PrefixNames { at } => {
                // Only variables that are set: bash leaves out one declared with no value.
                let vars = &self.state.vars;
                let set = |n: &String| {
                    vars.get_raw(n).is_some_and(|v| {
                        !matches!(v.value, Value::Unset) && !v.attrs.has(super::vars::Attrs::INVISIBLE)
                    })
                };
                let names = vars.names().into_iter().filter(|n| n.starts_with(name) && set(n)).collect();
                return Ok(ParamValue::List { items: names, star: !at });
            }
            _ => {}
        }
        let value = self.lookup(name, index, io).await?;
        // Under `set -u` an unset parameter is an error for every operator but the tests (and
        // `${x@Q}`, `${x@a}`… too).
        if matches!(value, ParamValue::Unset)
            && matches!(
                param.op,
                ParamOp::None
                    | ParamOp::Trim { .. }
                    | ParamOp::Replace { .. }
                    | ParamOp::Case { .. }
                    | ParamOp::Slice { .. }
                    | ParamOp::Transform(_)
            )
            // An array's own attributes are there with element 0 unset (`${f@a}` of
            // `f=([1]=x)`); one with no element is refused below.
            && !(matches!(param.op, ParamOp::Transform('a' | 'A'))
                && index.is_none()
                && matches!(self.state.vars.get(name).map(|v| &v.value), Some(Value::Indexed(_) | Value::Assoc(_))))
        {
            // bash names an element as written: `m[$k]: unbound variable`.
            match index {
                Some(Subscript::Expr(key)) => self.check_unset(&format!("{name}[{key}]"), io).await?,
                // and a positional parameter written without braces with its `$`.
                _ if param.bare && name.starts_with(|c: char| c.is_ascii_digit()) => {
                    self.check_unset(&format!("${name}"), io).await?
                }
                _ => self.check_unset(name, io).await?,
            }
        }
        match &param.op {
            ParamOp::None => Ok(value),
            ParamOp::Test { kind, colon, word } => {
                let is_null = match &value {
                    ParamValue::Unset => true,
                    ParamValue::Str(text) => *colon && text.is_empty(),
                    // As bash tests it: the words joined (`$@` with spaces, `$*` with IFS's
                    // first character), so two empty words are not null unless IFS is empty.
                    ParamValue::List { items, star } => {
                        let joined_empty = || {
                            items.iter().all(String::is_empty)
                                && (items.len() == 1 || *star && self.ifs_first().is_empty())
                        };
                        items.is_empty() || (*colon && joined_empty())
                    }
                    ParamValue::Word(_) => false,
                };
                match kind {
                    TestKind::Default => Ok(if is_null { ParamValue::Word(word) } else { value }),
                    // `"${@:+x}"` with no parameters makes no word, as `"$@"` does (with one
                    // empty parameter, one empty word).
                    TestKind::Alternate if is_null && matches!(value, ParamValue::List { star: false, .. }) => {
                        let empty = matches!(&value, ParamValue::List { items, .. } if items.is_empty());
                        let items = if empty { Vec::new() } else { vec![String::new()] };
                        Ok(ParamValue::List { items, star: false })
                    }
                    TestKind::Alternate => Ok(if is_null { ParamValue::Unset } else { ParamValue::Word(word) }),
                    TestKind::Assign => {
                        if !is_null {
                            return Ok(value);
                        }
                        // `${x:=~:y}`: a leading tilde prefix ends at `:` as an assignment's does.
                        let tilde = self.leading_tilde(word);
                        let mut text = self.expand_string(tilde.as_ref().unwrap_or(word), io).await?;
                        // Assigned as `name=word` is: an integer's value is evaluated, a
                        // case attribute applies, and the expansion is the value assigned.
                        if self.state.vars.get(name).is_some_and(|v| v.attrs.has(super::vars::Attrs::INTEGER)) {
                            text = self.arith(&text, io).await?.to_string();
                        }
                        let assigned = match &index {
                            Some(Subscript::Expr(key)) => {
                                let key = self.subscript_key(name, key, io).await?;
                                let set = self.state.vars.set_element(name, &key, text.clone(), false);
                                set.map(|()| self.state.vars.element(name, &key).map(str::to_string))
                            }
                            // Of an associative array, `[@]` and `[*]` name the key `@` or `*`.
                            Some(subscript @ (Subscript::At | Subscript::Star))
                                if matches!(self.state.vars.get(name).map(|v| &v.value), Some(Value::Assoc(_))) =>
                            {
                                let key = if matches!(subscript, Subscript::At) { "@" } else { "*" };
                                let set = self.state.vars.set_element(name, key, text.clone(), false);
                                set.map(|()| self.state.vars.element(name, key).map(str::to_string))
                            }
                            _ if is_name(name) => self
                                .state
                                .try_set_var(name, text.clone())
                                .map(|()| self.state.vars.get_str(name).map(str::to_string)),
                            _ => Err(super::vars::SetError::Invalid(String::new())),
                        };
                        let value = match assigned {
                            Ok(value) => value,
                            // A variable refused says why (a reference's target is named).
                            Err(err) if is_name(name) => {
                                self.say_notes(io).await;
                                if !matches!(err, super::vars::SetError::Circular(_)) {
                                    self.error(io, &err.to_string()).await;
                                }
                                return Err(Flow::Discard);
                            }
                            Err(_) => {
                                // A positional parameter is named as `$6`.
                                let shown = if name.bytes().all(|b| b.is_ascii_digit()) {
                                    format!("${name}")
                                } else {
                                    name.to_string()
                                };
                                self.error(io, &format!("{shown}: cannot assign in this way")).await;
                                return Err(Flow::Discard);
                            }
                        };
                        Ok(ParamValue::Str(value.unwrap_or(text)))
                    }
                    TestKind::Error => {
                        if !is_null {
                            return Ok(value);
                        }
                        let message = self.expand_string(word, io).await?;
                        // bash's words: `${x:?}` says null or not set, `${x?}` only not set.
                        let message = match (message.is_empty(), *colon) {
                            (false, _) => message,
                            (true, true) => "parameter null or not set".to_string(),
                            (true, false) => "parameter not set".to_string(),
                        };
                        self.error(io, &format!("{name}: {message}")).await;
                        Err(Flow::Fatal(crate::status::EXPANSION))
                    }
                }
            }
            ParamOp::Trim { suffix, longest, pattern } => {
                let pattern = self.expand_pattern(pattern, io).await?;
                let compiled = Pattern::new(&pattern);
                Ok(map_value(value, |text| trim(text, &compiled, *suffix, *longest)))
            }
            ParamOp::Replace { mode, pattern, replacement } => {
                let pattern = self.expand_pattern(pattern, io).await?;
                let replacement = self.expand_pattern(replacement, io).await?;
                // bash matches the pattern of a replacement without case under `nocasematch`.
                let compiled =
                    if self.state.options.nocasematch { Pattern::new_nocase(&pattern) } else { Pattern::new(&pattern) };
                let empty = pattern.is_empty();
                // Each result is measured as it grows: `${x//?/$x}` squares its value's length.
                let limit = self.state.limits().output_bytes;
                let amp = self.state.options.patsub_replacement;
                let mut over = false;
                let value = map_value(value, |text| {
                    replace(text, &compiled, empty, *mode, &replacement, amp, limit).unwrap_or_else(|| {
                        over = true;
                        String::new()
                    })
                });
                if over {
                    return Err(self.limit_hit("value bytes", limit as u64));
                }
                Ok(value)
            }
            ParamOp::Case { to, all, pattern } => {
                let pattern = self.expand_pattern(pattern, io).await?;
                let compiled = if pattern.is_empty() { None } else { Some(Pattern::new(&pattern)) };
                Ok(map_value(value, |text| change_case(text, *to, *all, compiled.as_ref())))
            }
            ParamOp::Slice { offset, length } => {
                // Arithmetic, expanded as `(( ))` is (its subscripts quoted).
                let offset_text = self.expand_text(offset, io).await?.into_owned();
                let offset = self.arith_of(&offset_text, name, io).await?;
                let length = match length {
                    Some(word) => {
                        let text = self.expand_text(word, io).await?.into_owned();
                        Some(self.arith_of(&text, name, io).await?)
                    }
                    None => None,
                };
                // `${v[@]:1}` of a variable that is no array slices its string, as `${v:1}`.
                let value = match value {
                    ParamValue::List { mut items, .. }
                        if items.len() == 1
                            && matches!(index, Some(Subscript::At | Subscript::Star))
                            && matches!(self.state.vars.get(name).map(|v| &v.value), Some(Value::Str(_))) =>
                    {
                        ParamValue::Str(items.pop().unwrap_or_default())
                    }
                    other => other,
                };
                // bash names the length as written: `n-1: substring expression < 0`.
                let negative = |param: &ParamExpr| match &param.op {
                    ParamOp::Slice { length: Some(word), .. } => format!("{word}: substring expression < 0"),
                    _ => String::new(),
                };
                match value {
                    ParamValue::List { items, star } => {
                        let mut items = items;
                        if name == "@" || name == "*" {
                            items.insert(0, self.state.arg0.clone());
                        }
                        // An indexed array's offset is an index, not a position: the slice
                        // starts at the first element at or after it (a negative one counts
                        // from one past the last index), as bash's `array_subrange`.
                        let range = match self.state.vars.get(name).map(|v| &v.value) {
                            Some(Value::Indexed(map)) if map.len() == items.len() => {
                                let end = map.keys().next_back().map_or(0, |k| k.saturating_add(1));
                                let start = if offset < 0 { offset.saturating_add(end) } else { offset };
                                // Before the first index, nothing (`${a[@]: -20}`).
                                let first =
                                    if start < 0 { items.len() } else { items.len() - map.range(start..).count() };
                                match length {
                                    Some(l) if l < 0 => None,
                                    Some(l) => Some((first, first.saturating_add(l as usize).min(items.len()))),
                                    None => Some((first, items.len())),
                                }
                            }
                            // A list's length may not be negative (a string's counts from its end).
                            _ => slice_range(items.len(), offset, length).filter(|_| length.is_none_or(|l| l >= 0)),
                        };
                        match range {
                            Some((start, end)) => Ok(ParamValue::List { items: items[start..end].to_vec(), star }),
                            None => {
                                self.error(io, &negative(param)).await;
                                Err(Flow::Discard)
                            }
                        }
                    }
                    ParamValue::Str(text) => {
                        let chars: Vec<char> = text.chars().collect();
                        match slice_range(chars.len(), offset, length) {
                            Some((start, end)) => Ok(ParamValue::Str(chars[start..end].iter().collect())),
                            None => {
                                self.error(io, &negative(param)).await;
                                Err(Flow::Discard)
                            }
                        }
                    }
                    other => Ok(other),
                }
            }
            ParamOp::Transform(op) => {
                let var = self.state.vars.get(name);
                let attrs = var.map(|v| v.attrs).unwrap_or_default();
                let kind = match var.map(|v| &v.value) {
                    Some(Value::Indexed(_)) => Some('a'),
                    Some(Value::Assoc(_)) => Some('A'),
                    _ => None,
                };
                let op = *op;
                if op == 'P' {
                    let ParamValue::Str(text) = value else { return Ok(value) };
                    return Ok(ParamValue::Str(self.expand_prompt_string(&text, io).await));
                }
                // `${@@A}`: the positional parameters as the `set` command that makes them.
                if op == 'A' && (name == "@" || name == "*") {
                    let ParamValue::List { items, .. } = value else { return Ok(value) };
                    if items.is_empty() {
                        return Ok(ParamValue::Unset);
                    }
                    let quoted: Vec<String> =
                        items.iter().map(|item| transform(item, 'Q', name, attrs, kind)).collect();
                    return Ok(ParamValue::Str(format!("set -- {}", quoted.join(" "))));
                }
                // A variable declared with no value (an array with no element): its attributes
                // alone, with `[@]` as without.
                // (`${e[@]@A}` of an empty array is `declare -a e=()`, as `declare -p` shows it.)
                let valueless = match var.map(|v| &v.value) {
                    Some(Value::Unset) => matches!(index, None | Some(Subscript::At | Subscript::Star)),
                    Some(Value::Indexed(map)) => map.is_empty() && (index.is_none() || op == 'a'),
                    Some(Value::Assoc(map)) => map.is_empty() && (index.is_none() || op == 'a'),
                    _ => false,
                };
                if matches!(op, 'A' | 'a') && valueless {
                    // bash: under `set -u` an array with no element is unbound even here.
                    let empty_array = matches!(var.map(|v| &v.value), Some(Value::Indexed(_) | Value::Assoc(_)));
                    if self.state.options.nounset && empty_array && index.is_none() {
                        let shown = if param.indirect { format!("!{}", param.name) } else { name.to_string() };
                        self.error(io, &format!("{shown}: unbound variable")).await;
                        return Err(Flow::Fatal(crate::status::EXPANSION));
                    }
                    let flags = transform("", 'a', name, attrs, kind);
                    return Ok(match (op, flags.is_empty()) {
                        (_, true) => ParamValue::Unset,
                        ('a', false) => ParamValue::Str(flags),
                        _ => ParamValue::Str(format!("declare -{flags} {name}")),
                    });
                }
                // `${a[@]@K}` and `@k`: an array's keys with its values, as pairs in one
                // string (values quoted, as `declare -p` quotes them) or as separate words.
                if matches!(op, 'K' | 'k')
                    && let Some(Subscript::At | Subscript::Star) = index
                    && let Some(var) = var
                    && kind.is_some()
                {
                    let pairs: Vec<(String, String)> = match &var.value {
                        Value::Indexed(map) => map.iter().map(|(k, v)| (k.to_string(), v.clone())).collect(),
                        Value::Assoc(map) => map.iter().map(|(k, v)| (k.clone(), v.clone())).collect(),
                        _ => Vec::new(),
                    };
                    if op == 'k' {
                        let items = pairs.into_iter().flat_map(|(k, v)| [k, v]).collect();
                        return Ok(ParamValue::List { items, star: matches!(index, Some(Subscript::Star)) });
                    }
                    let words: Vec<String> =
                        pairs.iter().map(|(k, v)| format!("{} {}", key_word(k), super::special::dquote(v))).collect();
                    let mut text = words.join(" ");
                    if kind == Some('A') && !text.is_empty() {
                        text.push(' ');
                    }
                    return Ok(ParamValue::Str(text));
                }
                // `${a[@]@A}`: the whole array as `declare -p` shows it.
                if op == 'A'
                    && let Some(Subscript::At | Subscript::Star) = index
                    && let Some(var) = var
                    && kind.is_some()
                {
                    let line = super::special::declare_line(name, var);
                    return Ok(ParamValue::Str(line.trim_end_matches('\n').to_string()));
                }
                if op == 'A' && matches!(value, ParamValue::Unset) && var.is_some() {
                    // `declare -i n` without a value: its attributes alone.
                    let flags = transform("", 'a', name, attrs, kind);
                    return Ok(if flags.is_empty() {
                        ParamValue::Unset
                    } else {
                        ParamValue::Str(format!("declare -{flags} {name}"))
                    });
                }
                if op == 'a' && matches!(value, ParamValue::Unset) && var.is_some() {
                    // A variable's attributes, whether or not this element has a value.
                    return Ok(ParamValue::Str(transform("", op, name, attrs, kind)));
                }
                Ok(map_value(value, |text| transform(text, op, name, attrs, kind)))
            }
            ParamOp::Length | ParamOp::Keys | ParamOp::PrefixNames { .. } | ParamOp::Bad(_) => Ok(value),
        }
    }

    async fn check_unset(&mut self, name: &str, io: &Io) -> Result<(), Flow> {
        if self.state.options.nounset && name != "@" && name != "*" {
            self.error(io, &format!("{name}: unbound variable")).await;
            return Err(Flow::Fatal(crate::status::EXPANSION));
        }
        Ok(())
    }

    async fn subscript_key(&mut self, name: &str, key: &Word, io: &Io) -> Result<String, Flow> {
        let text = self.expand_string(key, io).await?;
        if matches!(self.state.vars.get(name).map(|v| &v.value), Some(Value::Assoc(_))) {
            return Ok(text);
        }
        self.subscript_arith(&text, io).await
    }

    /// The raw value of a parameter.
    async fn lookup(&mut self, name: &str, index: &Option<Subscript>, io: &Io) -> Result<ParamValue<'static>, Flow> {
        if name == "PIPESTATUS" {
            self.materialize_pipestatus();
        }
        if self.state.vars.is_circular(name) {
            // bash warns and reads nothing (inside a function, the global of a local's name).
            self.error(io, &format!("warning: {name}: circular name reference")).await;
        }
        let state = &self.state;
        let value = match name {
            "@" | "*" => ParamValue::List { items: state.positional.as_ref().clone(), star: name == "*" },
            "#" => ParamValue::Str(state.positional.len().to_string()),
            "_" => ParamValue::Str(state.last_arg.clone()),
            "?" => ParamValue::Str(state.last_status.to_string()),
            "$" => ParamValue::Str(std::process::id().to_string()),
            "!" => match state.last_background {
                Some(pid) => ParamValue::Str(pid.to_string()),
                None => ParamValue::Unset,
            },
            "-" => ParamValue::Str(state.flags()),
            "0" => ParamValue::Str(state.arg0.clone()),
            _ if name.bytes().all(|b| b.is_ascii_digit()) => {
                let n: usize = name.parse().unwrap_or(usize::MAX);
                match state.positional.get(n.wrapping_sub(1)) {
                    Some(value) => ParamValue::Str(value.clone()),
                    None => ParamValue::Unset,
                }
            }
            // The dynamic variables, until `unset` makes one ordinary.
            "RANDOM" if state.is_dynamic(name) => ParamValue::Str(self.state.next_random().to_string()),
            "SECONDS" if state.is_dynamic(name) => {
                let started = self.shared.started();
                ParamValue::Str(self.state.seconds(started).unwrap_or(0).to_string())
            }
            "BASH_COMMAND" => ParamValue::Str(self.bash_command.clone()),
            "EPOCHSECONDS" if state.is_dynamic(name) => ParamValue::Str(chrono::Utc::now().timestamp().to_string()),
            "EPOCHREALTIME" if state.is_dynamic(name) => {
                let now = chrono::Utc::now();
                ParamValue::Str(format!("{}.{:06}", now.timestamp(), now.timestamp_subsec_micros()))
            }
            "BASHPID" if state.is_dynamic(name) => ParamValue::Str(self.bashpid().to_string()),
            "BASH_ARGV0" if state.is_dynamic(name) => ParamValue::Str(state.arg0.clone()),
            "BASH_SUBSHELL" => ParamValue::Str(state.subshell_level.to_string()),
            "LINENO" if state.is_dynamic(name) => ParamValue::Str(state.lineno.to_string()),
            "HISTCMD" if state.is_dynamic(name) => ParamValue::Str(self.histcmd().to_string()),
            "FUNCNAME" | "BASH_SOURCE" | "BASH_LINENO" | "BASH_ARGV" | "BASH_ARGC" | "DIRSTACK"
                if state.is_dynamic(name)
                    || (state.vars.get(name).is_none() && !toolsh_core::session::DYNAMIC.contains(&name)) =>
            {
                let items = match name {
                    "FUNCNAME" => state.funcname(),
                    // The directory stack as `dirs -l` numbers it.
                    "DIRSTACK" => std::iter::once(&state.cwd).chain(state.dir_stack.iter().rev()).cloned().collect(),
                    "BASH_SOURCE" => state.bash_source(),
                    "BASH_ARGV" => state.bash_argv(),
                    "BASH_ARGC" => state.bash_argc(),
                    _ => state.bash_lineno(),
                };
                if name == "DIRSTACK" {
                    self.state.dirstack_read.clone_from(&items);
                }
                let items = match index {
                    // `${BASH_SOURCE[1]}`: one element.
                    Some(Subscript::Expr(key)) => {
                        let key = key.clone();
                        let at = self.expand_string(&key, io).await?;
                        let at = self.arith(&at, io).await?;
                        let item = usize::try_from(at).ok().and_then(|at| items.get(at).cloned());
                        return Ok(item.map_or(ParamValue::Unset, ParamValue::Str));
                    }
                    _ => items,
                };
                match index {
                    Some(Subscript::At | Subscript::Star) => {
                        ParamValue::List { items, star: matches!(index, Some(Subscript::Star)) }
                    }
                    _ => items.first().map_or(ParamValue::Unset, |f| ParamValue::Str(f.clone())),
                }
            }
            // The alias table as an associative array (the command hash table is always
            // empty here: no command is a file found on the PATH).
            "BASH_ALIASES" | "BASH_CMDS" if state.vars.get(name).is_none() => {
                let pairs = crate::interp::special::computed_pairs(state, name);
                let key = match index {
                    Some(Subscript::Expr(key)) => {
                        let key = key.clone();
                        self.expand_string(&key, io).await?
                    }
                    Some(Subscript::At | Subscript::Star) => {
                        let items = pairs.into_iter().map(|(_, v)| v).collect();
                        return Ok(ParamValue::List { items, star: matches!(index, Some(Subscript::Star)) });
                    }
                    None => "0".to_string(),
                };
                pairs.into_iter().find(|(k, _)| *k == key).map_or(ParamValue::Unset, |(_, v)| ParamValue::Str(v))
            }
            _ if index.is_none() && state.vars.element_target(name).is_some() => {
                // `declare -n r='a[@]'`: every element, as `${a[@]}`.
                if let Some((array, key @ ("@" | "*"))) =
                    state.vars.element_target(name).as_ref().map(|(array, key)| (array.clone(), key.as_str()))
                {
                    let items = state.vars.get(&array).map(|var| var.values()).unwrap_or_default();
                    return Ok(ParamValue::List { items, star: key == "*" });
                }
                let (array, key) = self.reference_element(name, io).await?;
                self.state.vars.element(&array, &key).map_or(ParamValue::Unset, |s| ParamValue::Str(s.to_string()))
            }
            _ => {
                let Some(var) = state.vars.get(name) else {
                    return Ok(match index {
                        Some(Subscript::At | Subscript::Star) => {
                            ParamValue::List { items: Vec::new(), star: matches!(index, Some(Subscript::Star)) }
                        }
                        _ => ParamValue::Unset,
                    });
                };
                match index {
                    None => var.scalar().map_or(ParamValue::Unset, |s| ParamValue::Str(s.to_string())),
                    Some(Subscript::At) => ParamValue::List { items: var.values(), star: false },
                    Some(Subscript::Star) => ParamValue::List { items: var.values(), star: true },
                    Some(Subscript::Expr(key)) => {
                        let key = key.clone();
                        let key = self.subscript_key(name, &key, io).await?;
                        let scalar = matches!(self.state.vars.get(name).map(|v| &v.value), Some(Value::Str(_)));
                        if self.state.vars.before_first(name, &key) || scalar && key.trim().starts_with('-') {
                            // bash says so and goes on with nothing.
                            self.report(io, &format!("{name}: bad array subscript")).await?;
                            return Ok(ParamValue::Unset);
                        }
                        let Some(var) = self.state.vars.get(name) else {
                            return Ok(ParamValue::Unset);
                        };
                        let found = match &var.value {
                            Value::Assoc(map) => map.get(&key).cloned(),
                            Value::Indexed(map) => {
                                let mut idx: i64 = key.parse().unwrap_or(0);
                                if idx < 0 {
                                    idx = idx.saturating_add(map.keys().next_back().map_or(0, |k| k.saturating_add(1)));
                                }
                                map.get(&idx).cloned()
                            }
                            Value::Str(text) if key == "0" => Some(text.clone()),
                            _ => None,
                        };
                        found.map_or(ParamValue::Unset, ParamValue::Str)
                    }
                }
            }
        };
        Ok(value)
    }
}

/// A word that is one plain literal with nothing to expand: no tilde, no braces, nothing a
/// glob would match (a lone `[`, as the command `[` is, is plain).
pub(super) fn simple_literal(word: &Word) -> Option<&str> {
    let [WordPart::Literal(text)] = word.parts.as_slice() else { return None };
    // Most words hold none of the bytes that could make them more than text: one scan says so.
    let telling = |byte: u8| matches!(byte, b'~' | b'{' | b'\\' | b'*' | b'?' | b'[' | b'+' | b'@' | b'!');
    if !text.bytes().any(telling) {
        return Some(text);
    }
    (!may_have_tilde(&word.parts) && !text.contains('{') && !pattern::has_magic(text)).then_some(text.as_str())
}

/// Whether the part is `$@` or `${a[@]}`, also sliced, trimmed, replaced, case-changed or
/// transformed (each item stays an item), or `${!a[@]}` and `${!prefix@}`: with no items, it
/// makes no field at all.
fn is_list_param(part: &WordPart) -> bool {
    match part {
        WordPart::Param(param) if matches!(param.op, ParamOp::PrefixNames { at: true }) => true,
        WordPart::Param(param) if matches!(param.op, ParamOp::Keys) => matches!(param.index, Some(Subscript::At)),
        WordPart::Param(param) => {
            matches!(
                param.op,
                ParamOp::None
                    | ParamOp::Test { kind: TestKind::Alternate, .. }
                    | ParamOp::Slice { .. }
                    | ParamOp::Trim { .. }
                    | ParamOp::Replace { .. }
                    | ParamOp::Case { .. }
                    | ParamOp::Transform(_)
            ) && !param.indirect
                && (param.name == "@" || matches!(param.index, Some(Subscript::At)))
        }
        _ => false,
    }
}

fn read_file_shortcut(script: &Script) -> Option<&Word> {
    let [item] = script.body.as_slice() else { return None };
    if item.background || !item.and_or.rest.is_empty() || item.and_or.first.commands.len() != 1 {
        return None;
    }
    match &item.and_or.first.commands[0] {
        Command::Simple(simple) if simple.words.is_empty() && simple.assigns.is_empty() => {
            match simple.redirects.as_slice() {
                [Redirect { fd: RedirFd::Default | RedirFd::Number(0), op: RedirOp::In, target, .. }] => Some(target),
                _ => None,
            }
        }
        _ => None,
    }
}

/// True when literal text of `parts` (inside double quotes too) holds a `[`.
fn has_bracket(parts: &[WordPart]) -> bool {
    parts.iter().any(|part| match part {
        WordPart::Literal(text) => text.contains('['),
        WordPart::DoubleQuoted(inner) => has_bracket(inner),
        _ => false,
    })
}

/// An arithmetic word's pieces ([`arith_pieces`]): whether each is a subscript, and its word.
type Pieces = std::sync::Arc<Vec<(bool, Word)>>;

/// An arithmetic word cut into what lies outside array subscripts and the subscripts
/// (`false`, `true`), each parsed as its text reads there: the subscript as an assignment's
/// (quotes removed), the rest as arithmetic. Kept by text, as loops evaluate the same words;
/// a word that does not cut cleanly is one piece.
fn arith_pieces(word: &Word) -> Pieces {
    thread_local! {
        static PIECES: std::cell::RefCell<std::collections::HashMap<String, Pieces>> =
            std::cell::RefCell::new(std::collections::HashMap::new());
    }
    let text = word.arith_text();
    if let Some(hit) = PIECES.with(|cache| cache.borrow().get(&text).cloned()) {
        return hit;
    }
    let cut = || -> Option<Vec<(bool, Word)>> {
        let mut pieces = Vec::new();
        for (subscript, piece) in subscript_pieces(&text) {
            let parsed = match subscript {
                true => crate::parser::parse_subscript_text(&piece),
                false => crate::parser::parse_arith_text(&piece),
            };
            pieces.push((subscript, parsed.ok()?));
        }
        Some(pieces)
    };
    let pieces = std::sync::Arc::new(cut().unwrap_or_else(|| vec![(false, word.clone())]));
    PIECES.with(|cache| {
        let mut cache = cache.borrow_mut();
        if cache.len() >= 256 {
            cache.clear();
        }
        cache.insert(text, pieces.clone());
    });
    pieces
}

/// An arithmetic expression's text cut at its array subscripts (`name[…]`, as bash's
/// expansion finds them: not inside `$(…)`, `${…}` or backquotes; inside `"…"` too, whose
/// quotes the arithmetic drops): `(is a subscript, text)`, in order.
fn subscript_pieces(text: &str) -> Vec<(bool, String)> {
    let bytes = text.as_bytes();
    let mut pieces = Vec::new();
    let mut plain = String::new();
    let (mut start, mut idx) = (0, 0);
    while idx < bytes.len() {
        match bytes[idx] {
            b'\\' => idx += 2,
            b'$' | b'`' => idx = skip_quoted(bytes, idx),
            b'"' => {
                plain.push_str(&text[start..idx]);
                idx += 1;
                start = idx;
            }
            b'[' if idx > 0 && (bytes[idx - 1].is_ascii_alphanumeric() || bytes[idx - 1] == b'_') => {
                match subscript_end(bytes, idx) {
                    Some(close) if close > idx + 1 => {
                        plain.push_str(&text[start..idx]);
                        pieces.push((false, std::mem::take(&mut plain)));
                        pieces.push((true, text[idx + 1..close].to_string()));
                        idx = close + 1;
                        start = idx;
                    }
                    _ => idx += 1,
                }
            }
            _ => idx += 1,
        }
    }
    plain.push_str(text.get(start..).unwrap_or_default());
    pieces.push((false, plain));
    pieces
}

/// Past the expansion or quoted text at `at` (`$(…)`, `$((…))`, `${…}`, a backquoted
/// command, `"…"`); past `$` alone when no bracket follows it.
fn skip_quoted(bytes: &[u8], at: usize) -> usize {
    let (open, close, mut idx) = match (bytes[at], bytes.get(at + 1)) {
        (b'$', Some(b'(')) => (b'(', b')', at + 2),
        (b'$', Some(b'{')) => (b'{', b'}', at + 2),
        (b'$', _) => return at + 1,
        (quote, _) => {
            let mut idx = at + 1;
            while idx < bytes.len() && bytes[idx] != quote {
                idx += if bytes[idx] == b'\\' { 2 } else { 1 };
            }
            return idx + 1;
        }
    };
    let mut depth = 1usize;
    while idx < bytes.len() {
        match bytes[idx] {
            b'\\' => idx += 1,
            b'\'' | b'"' | b'`' => {
                idx = skip_quoted(bytes, idx);
                continue;
            }
            c if c == open => depth += 1,
            c if c == close => {
                depth -= 1;
                if depth == 0 {
                    return idx + 1;
                }
            }
            _ => {}
        }
        idx += 1;
    }
    idx
}

/// The `]` closing the subscript that opens at `at` (bash's `skipsubscript`: nested brackets,
/// quotes, backslashes and expansions passed over).
fn subscript_end(bytes: &[u8], at: usize) -> Option<usize> {
    let mut depth = 0usize;
    let mut idx = at;
    while idx < bytes.len() {
        match bytes[idx] {
            b'\\' => idx += 1,
            b'$' | b'`' | b'"' => {
                idx = skip_quoted(bytes, idx);
                continue;
            }
            b'\'' => {
                idx += 1;
                while idx < bytes.len() && bytes[idx] != b'\'' {
                    idx += 1;
                }
            }
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

/// How deep subscripts of elements named by references may be expanded inside each other.
const MAX_REFERENCE_DEPTH: usize = 32;

/// The parameter `${!ref}` names: a variable (with a subscript), a positional or a special
/// parameter; None for anything else, which bash refuses as an invalid variable name.
fn split_indirect(target: &str) -> Option<(String, Option<Subscript>)> {
    if let Some(open) = target.find('[')
        && let Some(inner) = target[open + 1..].strip_suffix(']')
    {
        let name = &target[..open];
        if !is_name(name) {
            return None;
        }
        let index = match inner {
            "@" => Subscript::At,
            "*" => Subscript::Star,
            _ => Subscript::Expr(super::special::subscript_word(inner)),
        };
        return Some((name.to_string(), Some(index)));
    }
    let special = matches!(target, "#" | "@" | "*" | "?" | "$" | "!" | "-" | "0");
    let valid = special || is_name(target) || target.bytes().all(|b| b.is_ascii_digit());
    valid.then(|| (target.to_string(), None))
}

fn map_value<'w>(value: ParamValue<'w>, mut f: impl FnMut(&str) -> String) -> ParamValue<'w> {
    match value {
        ParamValue::Str(text) => ParamValue::Str(f(&text)),
        ParamValue::List { items, star } => ParamValue::List { items: items.iter().map(|s| f(s)).collect(), star },
        other => other,
    }
}

fn slice_range(len: usize, offset: i64, length: Option<i64>) -> Option<(usize, usize)> {
    let len_i = len as i64;
    let start = if offset < 0 { (len_i + offset).max(0) } else { offset.min(len_i) };
    if offset < 0 && len_i + offset < 0 {
        return Some((0, 0));
    }
    let end = match length {
        None => len_i,
        Some(l) if l < 0 => {
            let end = len_i.saturating_add(l);
            if end < start {
                return None;
            }
            end
        }
        Some(l) => start.saturating_add(l).min(len_i),
    };
    Some((start as usize, end.max(start) as usize))
}

fn trim(text: &str, pattern: &Pattern, suffix: bool, longest: bool) -> String {
    let chars: Vec<char> = text.chars().collect();
    let n = chars.len();
    if !suffix {
        let mut candidates: Box<dyn Iterator<Item = usize>> =
            if longest { Box::new((0..=n).rev()) } else { Box::new(0..=n) };
        if let Some(k) = candidates.find(|&k| pattern.matches_chars(&chars[..k])) {
            return chars[k..].iter().collect();
        }
    } else {
        let mut candidates: Box<dyn Iterator<Item = usize>> =
            if longest { Box::new(0..=n) } else { Box::new((0..=n).rev()) };
        if let Some(k) = candidates.find(|&k| pattern.matches_chars(&chars[k..])) {
            return chars[..k].iter().collect();
        }
    }
    text.to_string()
}

/// Expands an unquoted `&` in a replacement to the matched text when `amp` (bash 5.2's
/// `patsub_replacement`) and removes the pattern quoting (`\&` is a plain `&`).
fn replacement_text(replacement: &str, matched: &[char], amp: bool) -> String {
    let mut out = String::new();
    let mut chars = replacement.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => {
                if let Some(next) = chars.next() {
                    out.push(next);
                }
            }
            '&' if amp => out.extend(matched.iter()),
            other => out.push(other),
        }
    }
    out
}

/// Whether a word whose parts are `parts` may have a tilde prefix: its first part starts with
/// `~`, or it has an assignment's shape (`a=~/x`, `a=$x:~`) and a `~` in a literal part.
pub(super) fn may_have_tilde(parts: &[WordPart]) -> bool {
    let Some(WordPart::Literal(first)) = parts.first() else { return false };
    first.starts_with('~')
        || (assignment_name_end(first).is_some()
            && parts.iter().any(|part| matches!(part, WordPart::Literal(text) if text.contains('~'))))
}

/// Where the `=` of `name=…` is in `text`, when `text` starts with a name and `=` (a word of
/// an assignment's shape); `None` otherwise.
fn assignment_name_end(text: &str) -> Option<usize> {
    let eq = text.find('=')?;
    super::vars::is_name(&text[..eq]).then_some(eq)
}

/// `${x/pattern/replacement}` and its kin over one value; `None` once the result would grow
/// past `limit` bytes (checked before each piece is added).
fn replace(
    text: &str,
    pattern: &Pattern,
    empty_pattern: bool,
    mode: ReplaceMode,
    replacement: &str,
    amp: bool,
    limit: usize,
) -> Option<String> {
    let chars: Vec<char> = text.chars().collect();
    let n = chars.len();
    // The longest match from `from` ending by `to` (and past `least`): with a fixed length
    // there is one end to try, else every end, longest first.
    let fixed = pattern.fixed_len();
    let longest = |from: usize, least: usize, to: usize| -> Option<usize> {
        match fixed {
            Some(len) => from
                .checked_add(len)
                .filter(|&end| end <= to && end >= least && pattern.matches_chars(&chars[from..end])),
            None => (least..=to).rev().find(|&end| pattern.matches_chars(&chars[from..end])),
        }
    };
    match mode {
        ReplaceMode::Prefix => {
            if let Some(k) = longest(0, 0, n) {
                let mut out = replacement_text(replacement, &chars[..k], amp);
                out.extend(chars[k..].iter());
                return (out.len() <= limit).then_some(out);
            }
            Some(text.to_string())
        }
        ReplaceMode::Suffix => {
            let found = match fixed {
                Some(len) => n.checked_sub(len).filter(|&k| pattern.matches_chars(&chars[k..])),
                None => (0..=n).find(|&k| pattern.matches_chars(&chars[k..])),
            };
            if let Some(k) = found {
                let mut out: String = chars[..k].iter().collect();
                out.push_str(&replacement_text(replacement, &chars[k..], amp));
                return (out.len() <= limit).then_some(out);
            }
            Some(text.to_string())
        }
        ReplaceMode::First | ReplaceMode::All => {
            if empty_pattern {
                return Some(text.to_string());
            }
            // An empty value is replaced when the pattern matches the empty string (`${v/*/x}`).
            if n == 0 {
                let whole = pattern.matches_chars(&[]);
                return Some(if whole { replacement_text(replacement, &[], amp) } else { String::new() });
            }
            let mut out = String::with_capacity(text.len());
            let mut idx = 0;
            let mut replaced = false;
            while idx < n {
                if !(replaced && mode == ReplaceMode::First)
                    && let Some(end) = longest(idx, idx + 1, n)
                {
                    let piece = replacement_text(replacement, &chars[idx..end], amp);
                    let needed = out.len().saturating_add(piece.len());
                    if needed > limit {
                        return None;
                    }
                    // Grown by doubling but never past the limit: the result's buffer, and
                    // the one it is copied from as it grows, stay within twice the limit.
                    if needed > out.capacity() {
                        out.reserve_exact(needed.max(out.capacity().saturating_mul(2)).min(limit) - out.len());
                    }
                    out.push_str(&piece);
                    idx = end;
                    replaced = true;
                    continue;
                }
                if out.len() >= limit {
                    return None;
                }
                out.push(chars[idx]);
                idx += 1;
            }
            Some(out)
        }
    }
}

fn change_case(text: &str, to: CaseTo, all: bool, pattern: Option<&Pattern>) -> String {
    let mut out = String::with_capacity(text.len());
    for (idx, c) in text.chars().enumerate() {
        let selected = (all || idx == 0) && pattern.is_none_or(|p| p.matches(&c.to_string()));
        if selected {
            match to {
                CaseTo::Upper => out.push(super::vars::upper_char(c)),
                CaseTo::Lower => out.push(super::vars::lower_char(c)),
                CaseTo::Toggle if c.is_uppercase() => out.push(super::vars::lower_char(c)),
                CaseTo::Toggle => out.push(super::vars::upper_char(c)),
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// An associative array's key as `${m[@]@K}` shows it: quoted when it holds more than
/// letters, digits and `_`.
/// A key of `${a[@]@K}`, quoted as `declare -p` quotes it.
fn key_word(key: &str) -> String {
    crate::builtins::listing::assoc_key(key)
}

fn transform(text: &str, op: char, name: &str, attrs: super::vars::Attrs, kind: Option<char>) -> String {
    use super::vars::Attrs;
    match op {
        // bash quotes text holding control characters as `$'…'`, the rest in single quotes.
        'Q' | 'K' | 'k' if crate::builtins::wants_ansi_c(text) => crate::builtins::ansi_c_quote(text),
        'Q' | 'K' | 'k' => format!("'{}'", text.replace('\'', "'\\''")),
        'E' => crate::builtins::expand_backslashes(text).0,
        'U' => super::vars::upper(text),
        'u' => change_case(text, CaseTo::Upper, false, None),
        'L' => super::vars::lower(text),
        'A' => {
            // `declare -FLAGS name=…` when the variable has attributes, `name=…` otherwise.
            let flags = transform("", 'a', name, attrs, kind);
            let value = transform(text, 'Q', name, attrs, kind);
            if flags.is_empty() { format!("{name}={value}") } else { format!("declare -{flags} {name}={value}") }
        }
        'a' => {
            let mut flags: String = kind.into_iter().collect();
            // bash's order, as `declare -p` shows them.
            for (attr, c) in Attrs::LETTERS {
                if attrs.has(attr) {
                    flags.push(c);
                }
            }
            flags
        }
        _ => text.to_string(),
    }
}

#[cfg(test)]
impl Interp {
    /// What the general path (no quick answer) makes of `word` in `mode`: its fields, globbed,
    /// or its one string.
    pub(super) async fn expand_general(&mut self, word: &Word, mode: Mode, io: &Io) -> Result<Vec<String>, Flow> {
        if mode == Mode::Fields {
            let mut out = Vec::new();
            self.expand_fields_into(word, io, &mut out).await?;
            return Ok(out);
        }
        let fields = self.build(word, mode, io).await?;
        Ok(vec![join_fields(fields, |field| field.text)])
    }
}

/// The parameter of a bad `${NAME@OP}` (an operator bash does not know): `NAME` when the
/// text is a name or special parameter, without subscript, then `@`.
fn transform_name(text: &str) -> Option<&str> {
    // Not `!` nor `#`: `${!@…}` and `${#@…}` are other forms.
    let end = match text.as_bytes().first()? {
        b'@' | b'*' | b'?' | b'$' | b'-' => 1,
        b'0'..=b'9' => text.bytes().take_while(u8::is_ascii_digit).count(),
        _ => text.bytes().take_while(|b| b.is_ascii_alphanumeric() || *b == b'_').count(),
    };
    let name = &text[..end];
    (!name.is_empty()
        && text[end..].starts_with('@')
        && (end == 1 || is_name(name) || name.bytes().all(|b| b.is_ascii_digit())))
    .then_some(name)
}

/// True when `path`, a glob's match, is left out by GLOBIGNORE's `list`: `.` and `..` always,
/// and a path one of the colon-separated patterns matches whole, `*` not crossing a `/` (as
/// bash matches them: `*.log` leaves `d/c.log` in).
fn glob_ignored(path: &str, list: &str) -> bool {
    let base = path.trim_end_matches('/').rsplit('/').next().unwrap_or(path);
    if base == "." || base == ".." {
        return true;
    }
    super::pattern::split_patterns(list, ':').iter().filter(|pattern| !pattern.is_empty()).any(|pattern| {
        let mut names = path.split('/');
        let mut parts = pattern.split('/');
        loop {
            match (names.next(), parts.next()) {
                (None, None) => return true,
                (Some(name), Some(part)) if Pattern::new(part).matches(name) => {}
                _ => return false,
            }
        }
    })
}

/// Where a regex's text stands with respect to a bracket expression (`[…]`).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Bracket {
    Outside,
    /// Just after `[` or `[^`, where `]` is a member.
    Opened,
    Inside,
}

impl Bracket {
    /// The state after `text`.
    fn after(mut self, text: &str) -> Bracket {
        let mut chars = text.chars().peekable();
        while let Some(c) = chars.next() {
            self = match (self, c) {
                (Bracket::Outside, '\\') => {
                    chars.next();
                    Bracket::Outside
                }
                (Bracket::Outside, '[') => {
                    chars.next_if_eq(&'^');
                    Bracket::Opened
                }
                (Bracket::Outside, _) => Bracket::Outside,
                (Bracket::Opened | Bracket::Inside, '[')
                    if chars.peek().is_some_and(|n| matches!(n, ':' | '.' | '=')) =>
                {
                    // `[:alpha:]`, `[.c.]`, `[=c=]` end at their own `:]`, `.]`, `=]`.
                    let kind = chars.next().unwrap_or(':');
                    let mut last = ' ';
                    for inner in chars.by_ref() {
                        if last == kind && inner == ']' {
                            break;
                        }
                        last = inner;
                    }
                    Bracket::Inside
                }
                (Bracket::Inside, ']') => Bracket::Outside,
                _ => Bracket::Inside,
            };
        }
        self
    }
}
