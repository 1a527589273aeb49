//! A recursive-descent parser for POSIX awk over the lexer's tokens, with the grammar's
//! precedence (lowest first): assignment, `?:`, `||`, `&&`, `in`, `~ !~`, comparison,
//! concatenation, `+ -`, `* / %`, unary `! + -`, `^`, `++ --`, `$`, grouping. Inside `print`
//! arguments a bare `>` is a redirection, as in every awk.

use super::ast::*;
use super::lexer::{Builtin, Keyword, Style, SyntaxError, Tok, Token, regex_at, tokenize};
use crate::text::posix_regex;
use regex::bytes::{Regex, RegexBuilder};
use std::collections::HashMap;
use std::rc::Rc;

/// Compiles an awk (extended) regular expression, shared: a clone of a `Regex` would start
/// without its match caches.
pub fn compile_regex(source: &str) -> Result<Rc<Regex>, String> {
    // gawk reads a repetition right after the leading `^` as its character (`/^+[0-9]/`).
    let anchored;
    let source = match source.strip_prefix('^') {
        Some(rest) if rest.starts_with(['+', '?', '*']) => {
            anchored = format!("^\\{rest}");
            anchored.as_str()
        }
        _ => source,
    };
    RegexBuilder::new(&posix_regex::extended_in(&numeric_escapes(source), posix_regex::Backslash::Escape))
        .size_limit(16 << 20)
        .build()
        .map(Rc::new)
        .map_err(|err| match err {
            regex::Error::Syntax(text) => gnu_regex_error(&text).to_string(),
            regex::Error::CompiledTooBig(_) => "Regular expression too big".to_string(),
            other => other.to_string(),
        })
}

/// The escaped characters of a regex that gawk reads as plain characters, each with whether
/// gawk knows it as such (`\8`, `\9`) rather than as no operator at all (`\q`). `\d` and
/// `\D` are left out: here they are digit classes (docs/deviations.md).
fn unknown_escapes(source: &str) -> Vec<(char, bool)> {
    const KNOWN: &str = "abfnrtvx01234567<>`'BywWsS{}()|*+?.^$\\[]/-dD";
    let mut found = Vec::new();
    let mut chars = source.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            continue;
        }
        match chars.next() {
            Some(digit @ ('8' | '9')) => found.push((digit, true)),
            Some(other) if !KNOWN.contains(other) => found.push((other, false)),
            _ => {}
        }
    }
    found
}

/// GNU regex's words (which gawk shows) for what the regex crate found wrong.
fn gnu_regex_error(text: &str) -> &'static str {
    let found = text.lines().last().unwrap_or_default();
    [
        ("unclosed group", "Unmatched ( or \\("),
        ("unopened group", "Unmatched ) or \\)"),
        ("reached end of pattern prematurely", "Trailing backslash"),
        ("repetition operator missing expression", "Invalid preceding regular expression"),
        ("unclosed counted repetition", "Unmatched \\{"),
        ("invalid character class range", "Invalid range end"),
    ]
    .iter()
    .find(|(crate_words, _)| found.contains(crate_words))
    .map_or("Invalid regular expression", |(_, gnu)| gnu)
}

/// gawk's numeric escapes in a regular expression (`\101`, `\x41`) as the characters they
/// name (which the regex crate would read as back-references); as in gawk, a character so named
/// keeps its meaning in the expression (`/\056/` is `.`, any character).
fn numeric_escapes(source: &str) -> std::borrow::Cow<'_, str> {
    if !source.contains('\\') {
        return source.into();
    }
    let mut out = String::with_capacity(source.len());
    let mut chars = source.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        let (radix, most) = match chars.peek() {
            Some('0'..='7') => (8, 3),
            Some('x') => {
                chars.next();
                (16, 2)
            }
            // An escape that names no operator is its character, as in gawk (`\e` is `e`,
            // `\8` is `8`), where the regex crate would refuse it.
            Some(&other) if other.is_ascii_alphanumeric() && !"dDsSwWbBntrfvaxy".contains(other) => {
                chars.next();
                out.push(other);
                continue;
            }
            Some(&other) => {
                chars.next();
                out.push('\\');
                out.push(other);
                continue;
            }
            None => {
                out.push('\\');
                continue;
            }
        };
        let mut value = 0u32;
        let mut digits = 0;
        while digits < most
            && let Some(digit) = chars.peek().and_then(|d| d.to_digit(radix))
        {
            value = value * radix + digit;
            digits += 1;
            chars.next();
        }
        match char::from_u32(value).filter(|_| digits > 0) {
            // A byte past ASCII (`\351`, `\xe9`) matches that byte, as in gawk: its stand-in
            // is what the translation matches as the byte.
            Some(_) if (0x80..=0xFF).contains(&value) => out.push(toolsh_bytes::byte_char(value as u8)),
            Some(named) => out.push(named),
            // `\x` with no digit stands for `x`, as in gawk.
            None => out.push('x'),
        }
    }
    out.into()
}

struct Parser {
    /// The program's text (a token may have to be read again, see `concatenation`).
    src: Vec<u8>,
    toks: Vec<Token>,
    at: usize,
    /// Whether the last `bump` was at the end of the program, and so took nothing.
    at_end: bool,
    program: Program,
    globals: HashMap<String, usize>,
    functions: HashMap<String, usize>,
    /// The parameters of the function being parsed.
    locals: Option<HashMap<String, usize>>,
    /// Inside `print` arguments: `>` redirects.
    no_gt: bool,
    /// Inside a `for (… in …)` head probe: `in` is not an operator.
    no_in: bool,
    /// How many `$` operands are being parsed around here.
    in_field: usize,
    loops: usize,
    /// How deeply expressions and statements nest here (bounded: the parser recurses).
    depth: usize,
    /// The line of the statement being parsed.
    line: u32,
    /// What was found wrong (gawk's `error:`s, which let parsing go on) or suspect
    /// (warnings), in order.
    diagnostics: Vec<SyntaxError>,
    /// The characters a regex escaped that gawk has warned about.
    warned_escapes: std::collections::HashSet<char>,
}

/// Deepest nesting of expressions and statements a program may have.
const MAX_DEPTH: usize = 1000;

type Parse<T> = Result<T, SyntaxError>;

impl Parser {
    fn peek(&self) -> &Tok {
        &self.toks[self.at].tok
    }

    fn peek_at(&self, ahead: usize) -> &Tok {
        let idx = (self.at + ahead).min(self.toks.len() - 1);
        &self.toks[idx].tok
    }

    fn bump(&mut self) -> Tok {
        let tok = self.toks[self.at].tok.clone();
        self.at_end = self.at + 1 >= self.toks.len();
        if !self.at_end {
            self.at += 1;
        }
        tok
    }

    /// Puts back the token just taken (the end of the program stays where it is).
    fn back(&mut self) {
        if !self.at_end {
            self.at -= 1;
        }
    }

    fn is(&self, punct: &str) -> bool {
        matches!(self.peek(), Tok::Punct(p) if *p == punct)
    }

    fn is_kw(&self, kw: Keyword) -> bool {
        matches!(self.peek(), Tok::Keyword(k) if *k == kw)
    }

    fn eat(&mut self, punct: &str) -> bool {
        if self.is(punct) {
            self.bump();
            true
        } else {
            false
        }
    }

    fn error_here(&self, message: impl Into<String>) -> SyntaxError {
        let token = &self.toks[self.at];
        SyntaxError::caret(token.line, token.col, message)
    }

    /// A grammar error at the next token, in gawk's words. The end of the program is shown
    /// on the last line holding a token: after it when the text ends there (a program given
    /// as an operand), else at that line's start (gawk's place for a file's end).
    fn unexpected(&self) -> SyntaxError {
        match self.peek() {
            Tok::Newline => {
                let err = self.error_here(UNEXPECTED_END);
                SyntaxError { line: err.line + 1, ..err }
            }
            Tok::Eof => {
                let eof = &self.toks[self.at];
                let last = self.toks[..self.at].iter().rev().find(|t| t.tok != Tok::Newline);
                match last {
                    Some(last) if last.line != eof.line => SyntaxError::caret(last.line, 1, UNEXPECTED_END),
                    _ => self.error_here(UNEXPECTED_END),
                }
            }
            _ => self.error_here(SYNTAX_ERROR),
        }
    }

    fn expect(&mut self, punct: &str) -> Parse<()> {
        if self.eat(punct) { Ok(()) } else { Err(self.unexpected()) }
    }

    /// The line of the token just taken.
    fn last_line(&self) -> usize {
        self.toks[self.at.saturating_sub(1)].line
    }

    /// Notes an error that lets parsing go on (gawk's `error:`), on the current line.
    fn report(&mut self, line: usize, message: impl Into<String>) {
        self.diagnostics.push(SyntaxError::caret(line, 0, message).styled(Style::Error));
    }

    fn newlines(&mut self) {
        while matches!(self.peek(), Tok::Newline) {
            self.bump();
        }
    }

    fn terminators(&mut self) {
        while matches!(self.peek(), Tok::Newline) || self.is(";") {
            self.bump();
        }
    }

    fn global(&mut self, name: &str) -> usize {
        if let Some(&slot) = self.globals.get(name) {
            return slot;
        }
        let slot = self.program.globals.len();
        self.program.globals.push(name.to_string());
        self.globals.insert(name.to_string(), slot);
        slot
    }

    fn var(&mut self, name: &str) -> Var {
        if let Some(slot) = self.locals.as_ref().and_then(|l| l.get(name)) {
            return Var::Local(*slot);
        }
        if self.functions.get(name).is_some_and(|&idx| self.program.functions[idx].defined) {
            let message =
                format!("function `{name}' called with space between name and `(',\nor used as a variable or an array");
            self.report(self.last_line(), message);
        }
        Var::Global(self.global(name))
    }

    fn function_index(&mut self, name: &str) -> usize {
        if let Some(&idx) = self.functions.get(name) {
            return idx;
        }
        let idx = self.program.functions.len();
        self.program.functions.push(Function { name: name.to_string(), ..Function::default() });
        self.functions.insert(name.to_string(), idx);
        idx
    }

    fn regex(&mut self, source: &str) -> Parse<Expr> {
        for (escaped, known) in unknown_escapes(source) {
            // gawk warns once a run for each character so escaped.
            if self.warned_escapes.insert(escaped) {
                let message = if known {
                    format!("regexp escape sequence `\\{escaped}' treated as plain `{escaped}'")
                } else {
                    format!("regexp escape sequence `\\{escaped}' is not a known regexp operator")
                };
                let warning = SyntaxError::caret(self.last_line(), 0, message).styled(Style::Warning);
                self.diagnostics.push(warning);
            }
        }
        match compile_regex(source) {
            Ok(regex) => {
                self.program.regexes.push(regex);
                Ok(Expr::Regex(self.program.regexes.len() - 1))
            }
            Err(message) => {
                self.report(self.last_line(), format!("{message}: /{source}/"));
                Ok(Expr::Num(0.0))
            }
        }
    }

    // ---- program structure ----

    fn program(&mut self) -> Parse<()> {
        self.terminators();
        while !matches!(self.peek(), Tok::Eof) {
            self.item()?;
            self.terminators();
        }
        Ok(())
    }

    fn item(&mut self) -> Parse<()> {
        match self.peek() {
            Tok::Keyword(Keyword::Function) => self.function(),
            Tok::Keyword(Keyword::Begin) => {
                self.bump();
                self.newlines();
                let body = self.block()?;
                self.program.begin.extend(body);
                Ok(())
            }
            Tok::Keyword(Keyword::End) => {
                self.bump();
                self.newlines();
                let body = self.block()?;
                self.program.end.extend(body);
                Ok(())
            }
            Tok::Punct("{") => {
                let line = self.line_here();
                let action = self.block()?;
                self.program.rules.push(Rule { line, pattern: Pattern::All, action: Some(action) });
                Ok(())
            }
            _ => {
                let line = self.line_here();
                let first = self.expr()?;
                let pattern = if self.eat(",") {
                    self.newlines();
                    let second = self.expr()?;
                    self.program.ranges += 1;
                    Pattern::Range(first, second, self.program.ranges - 1)
                } else {
                    Pattern::Expr(first)
                };
                let action = if self.is("{") { Some(self.block()?) } else { None };
                if action.is_none() && !matches!(self.peek(), Tok::Newline | Tok::Eof) && !self.is(";") {
                    return Err(self.unexpected());
                }
                self.program.rules.push(Rule { line, pattern, action });
                Ok(())
            }
        }
    }

    fn function(&mut self) -> Parse<()> {
        self.bump();
        let name = match self.bump() {
            Tok::Name(name) | Tok::FuncName(name) => name,
            tok => {
                self.back();
                return Err(match tok {
                    Tok::Builtin(_) => self.error_here(format!("{tok} is a built-in function, it cannot be redefined")),
                    _ => self.unexpected(),
                });
            }
        };
        let line = self.last_line();
        let idx = self.function_index(&name);
        // A second definition (or one of a name already a variable) is reported and parsed
        // as another function, which nothing calls.
        let idx = if self.program.functions[idx].defined || self.globals.contains_key(&name) {
            self.report(line, format!("function name `{name}' previously defined"));
            self.program.functions.push(Function { name: name.clone(), ..Function::default() });
            self.program.functions.len() - 1
        } else {
            idx
        };
        // Defined from its header on: its name is a function's in its own body too.
        self.program.functions[idx].defined = true;
        self.expect("(")?;
        let mut params = HashMap::new();
        let mut param_names = Vec::new();
        while !self.is(")") {
            match self.bump() {
                Tok::Name(param) => {
                    let line = self.last_line();
                    let number = param_names.len() + 1;
                    if let Some(first) = param_names.iter().position(|p| *p == param) {
                        self.report(
                            line,
                            format!(
                                "function `{name}': parameter #{number}, `{param}', duplicates parameter #{}",
                                first + 1
                            ),
                        );
                    } else if special::NAMES.contains(&param.as_str()) {
                        self.report(
                            line,
                            format!("function `{name}': cannot use special variable `{param}' as a function parameter"),
                        );
                    } else if param == name {
                        self.report(line, format!("function `{name}': cannot use function name as parameter name"));
                    }
                    params.entry(param.clone()).or_insert(param_names.len());
                    param_names.push(param);
                }
                _ => {
                    self.back();
                    return Err(self.unexpected());
                }
            }
            if !self.eat(",") {
                break;
            }
            self.newlines();
        }
        self.expect(")")?;
        self.newlines();
        let count = param_names.len();
        self.locals = Some(params);
        let body = self.block();
        self.locals = None;
        let function = &mut self.program.functions[idx];
        function.params = count;
        function.param_names = param_names;
        function.body = body?;
        Ok(())
    }

    fn block(&mut self) -> Parse<Vec<Stmt>> {
        self.expect("{")?;
        let mut body = Vec::new();
        let mut marked = 0;
        self.terminators();
        while !self.is("}") {
            if matches!(self.peek(), Tok::Eof) {
                return Err(self.unexpected());
            }
            let line = self.line_here();
            if line != marked {
                body.push(Stmt::Line(line));
                marked = line;
            }
            body.push(self.statement()?);
            self.terminators();
        }
        self.bump();
        Ok(body)
    }

    // ---- statements ----

    /// Ends a simple statement: `;` or a newline (consumed), or `}` / end (left).
    fn end_simple(&mut self) -> Parse<()> {
        match self.peek() {
            Tok::Newline => {
                self.bump();
                Ok(())
            }
            Tok::Eof => Ok(()),
            Tok::Punct(";") => {
                self.bump();
                Ok(())
            }
            Tok::Punct("}") => Ok(()),
            _ => Err(self.unexpected()),
        }
    }

    /// The body of `if`, `else`, `while`, `do` and `for`. One that starts on another line, or
    /// a braced one spanning lines, is followed by its owner's line again (the condition
    /// evaluated after it is on that line).
    fn body(&mut self) -> Parse<Stmt> {
        let owner = self.line;
        self.newlines();
        if self.eat(";") {
            return Ok(Stmt::Block(Vec::new()));
        }
        let line = self.line_here();
        let stmt = self.statement()?;
        let spans = match &stmt {
            Stmt::Block(list) => list.iter().any(|s| matches!(s, Stmt::Line(n) if *n != owner)),
            _ => line != owner,
        };
        Ok(if spans { Stmt::Block(vec![Stmt::Line(line), stmt, Stmt::Line(owner)]) } else { stmt })
    }

    fn statement(&mut self) -> Parse<Stmt> {
        let line = self.line_here();
        let owner = std::mem::replace(&mut self.line, line);
        let stmt = self.nested("statements", Self::statement_here);
        self.line = owner;
        stmt
    }

    /// The line of the next token.
    fn line_here(&self) -> u32 {
        u32::try_from(self.toks[self.at].line).unwrap_or(u32::MAX)
    }

    fn statement_here(&mut self) -> Parse<Stmt> {
        match self.peek().clone() {
            Tok::Punct("{") => Ok(Stmt::Block(self.block()?)),
            Tok::Punct(";") => {
                self.bump();
                Ok(Stmt::Block(Vec::new()))
            }
            Tok::Keyword(Keyword::If) => {
                self.bump();
                self.expect("(")?;
                let cond = self.expr()?;
                self.expect(")")?;
                let then = self.body()?;
                // `else` may follow on a later line, or after the `;` ending the branch.
                let save = self.at;
                self.terminators();
                if self.is_kw(Keyword::Else) {
                    self.bump();
                    let otherwise = self.body()?;
                    Ok(Stmt::If(cond, Box::new(then), Some(Box::new(otherwise))))
                } else {
                    self.at = save;
                    Ok(Stmt::If(cond, Box::new(then), None))
                }
            }
            Tok::Keyword(Keyword::While) => {
                self.bump();
                self.expect("(")?;
                let cond = self.expr()?;
                self.expect(")")?;
                if self.is(";") {
                    self.bump();
                    return Ok(Stmt::While(cond, Box::new(Stmt::Block(Vec::new()))));
                }
                self.loops += 1;
                let body = self.body();
                self.loops -= 1;
                Ok(Stmt::While(cond, Box::new(body?)))
            }
            Tok::Keyword(Keyword::Do) => {
                self.bump();
                self.loops += 1;
                let body = self.body();
                self.loops -= 1;
                let body = body?;
                self.terminators();
                if !self.is_kw(Keyword::While) {
                    return Err(self.unexpected());
                }
                self.bump();
                self.expect("(")?;
                let cond = self.expr()?;
                self.expect(")")?;
                self.end_simple()?;
                Ok(Stmt::Do(Box::new(body), cond))
            }
            Tok::Keyword(Keyword::For) => self.for_statement(),
            _ => {
                let stmt = self.simple_statement()?;
                self.end_simple()?;
                Ok(stmt)
            }
        }
    }

    fn for_statement(&mut self) -> Parse<Stmt> {
        self.bump();
        self.expect("(")?;
        // `for (name in array)`
        if let (Tok::Name(key), Tok::Keyword(Keyword::In), Tok::Name(array), Tok::Punct(")")) =
            (self.peek().clone(), self.peek_at(1).clone(), self.peek_at(2).clone(), self.peek_at(3).clone())
        {
            self.at += 4;
            let key = self.var(&key);
            let array = self.var(&array);
            self.loops += 1;
            let body = self.body();
            self.loops -= 1;
            return Ok(Stmt::ForIn(key, array, Box::new(body?)));
        }
        let init = if self.is(";") { None } else { Some(Box::new(self.simple_statement()?)) };
        self.expect(";")?;
        self.newlines();
        let cond = if self.is(";") { None } else { Some(self.expr()?) };
        self.expect(";")?;
        self.newlines();
        let step = if self.is(")") { None } else { Some(Box::new(self.simple_statement()?)) };
        self.expect(")")?;
        if self.is(";") {
            self.bump();
            return Ok(Stmt::For(init, cond, step, Box::new(Stmt::Block(Vec::new()))));
        }
        self.loops += 1;
        let body = self.body();
        self.loops -= 1;
        Ok(Stmt::For(init, cond, step, Box::new(body?)))
    }

    fn simple_statement(&mut self) -> Parse<Stmt> {
        match self.peek().clone() {
            Tok::Keyword(kw @ (Keyword::Print | Keyword::Printf)) => {
                self.bump();
                let args = self.print_args()?;
                let dest = if self.is(">") || self.is(">>") || self.is("|") {
                    let kind = match self.bump() {
                        Tok::Punct(">") => DestKind::Truncate,
                        Tok::Punct(">>") => DestKind::Append,
                        _ => DestKind::Pipe,
                    };
                    Some((kind, self.concatenation(true)?))
                } else {
                    None
                };
                Ok(if kw == Keyword::Print { Stmt::Print(args, dest) } else { Stmt::Printf(args, dest) })
            }
            Tok::Keyword(Keyword::Next) => {
                self.bump();
                Ok(Stmt::Next)
            }
            Tok::Keyword(Keyword::Nextfile) => {
                self.bump();
                Ok(Stmt::NextFile)
            }
            Tok::Keyword(Keyword::Exit) => {
                self.bump();
                let value = if self.ends_statement() { None } else { Some(self.expr()?) };
                Ok(Stmt::Exit(value))
            }
            Tok::Keyword(Keyword::Return) => {
                if self.locals.is_none() {
                    return Err(self.error_here("`return' used outside function context"));
                }
                self.bump();
                let value = if self.ends_statement() { None } else { Some(self.expr()?) };
                Ok(Stmt::Return(value))
            }
            Tok::Keyword(kw @ (Keyword::Break | Keyword::Continue)) => {
                self.bump();
                if self.loops == 0 {
                    let what = if kw == Keyword::Break {
                        "`break' is not allowed outside a loop or switch"
                    } else {
                        "`continue' is not allowed outside a loop"
                    };
                    self.report(self.last_line(), what);
                }
                Ok(if kw == Keyword::Break { Stmt::Break } else { Stmt::Continue })
            }
            Tok::Keyword(Keyword::Delete) => {
                self.bump();
                let Tok::Name(name) = self.bump() else {
                    self.back();
                    return Err(self.unexpected());
                };
                let array = self.var(&name);
                if self.eat("[") {
                    let subscripts = self.expr_list()?;
                    self.expect("]")?;
                    Ok(Stmt::Delete(array, Some(subscripts)))
                } else {
                    Ok(Stmt::Delete(array, None))
                }
            }
            _ => Ok(Stmt::Expr(self.expr()?)),
        }
    }

    fn ends_statement(&self) -> bool {
        matches!(self.peek(), Tok::Newline | Tok::Eof | Tok::Punct(";" | "}"))
    }

    fn ends_print(&self) -> bool {
        self.ends_statement() || self.is(">") || self.is(">>") || self.is("|")
    }

    /// `print a, b`, `print (a, b)`, `print (a)(b)`, or nothing.
    fn print_args(&mut self) -> Parse<Vec<Expr>> {
        if self.ends_print() {
            return Ok(Vec::new());
        }
        if self.is("(") {
            let save = self.at;
            self.bump();
            let outer = std::mem::replace(&mut self.no_gt, false);
            let list = self.expr_list();
            self.no_gt = outer;
            if let Ok(list) = list
                && self.eat(")")
                && self.ends_print()
            {
                return Ok(list);
            }
            self.at = save;
        }
        let outer = std::mem::replace(&mut self.no_gt, true);
        let list = self.expr_list();
        self.no_gt = outer;
        list
    }

    fn expr_list(&mut self) -> Parse<Vec<Expr>> {
        let mut list = vec![self.expr()?];
        while self.eat(",") {
            self.newlines();
            list.push(self.expr()?);
        }
        Ok(list)
    }

    // ---- expressions ----

    /// Runs one level of the grammar that may recurse, within [`MAX_DEPTH`].
    fn nested<T>(&mut self, what: &str, level: impl FnOnce(&mut Self) -> Parse<T>) -> Parse<T> {
        self.depth += 1;
        let result = if self.depth > MAX_DEPTH {
            Err(self.error_here(format!("{what} nested deeper than {MAX_DEPTH}")))
        } else {
            level(self)
        };
        self.depth -= 1;
        result
    }

    fn expr(&mut self) -> Parse<Expr> {
        self.nested("expressions", Self::assignment)
    }

    /// The assignment operator next, if one is.
    fn assign_op(&self) -> Option<Option<Arith>> {
        Some(match self.peek() {
            Tok::Punct("=") => None,
            Tok::Punct("+=") => Some(Arith::Add),
            Tok::Punct("-=") => Some(Arith::Sub),
            Tok::Punct("*=") => Some(Arith::Mul),
            Tok::Punct("/=") => Some(Arith::Div),
            Tok::Punct("%=") => Some(Arith::Mod),
            Tok::Punct("^=" | "**=") => Some(Arith::Pow),
            _ => return None,
        })
    }

    /// The right operand of a comparison, a match, `&&` or `||`: in gawk's grammar an
    /// expression, so a variable there may be assigned (`one != one = $1` compares with the
    /// assigned value).
    fn right_operand(&mut self, right: Expr) -> Parse<Expr> {
        if matches!(right, Expr::Lvalue(_)) && self.assign_op().is_some() {
            return self.assignment_from(right);
        }
        Ok(right)
    }

    fn assignment(&mut self) -> Parse<Expr> {
        let left = self.ternary()?;
        self.assignment_from(left)
    }

    fn assignment_from(&mut self, left: Expr) -> Parse<Expr> {
        let Some(op) = self.assign_op() else { return Ok(left) };
        let Expr::Lvalue(target) = left else {
            // gawk finds this once the value is read, so its caret is after the value.
            let field_step = matches!(&left, Expr::IncDec(target, _, true) if matches!(**target, LValue::Field(_)));
            if !field_step {
                return Err(self.unexpected());
            }
            self.bump();
            self.expr()?;
            return Err(self.error_here("cannot assign a value to the result of a field post-increment expression"));
        };
        // No newline may follow the operator, as in gawk.
        self.bump();
        let value = self.expr()?;
        Ok(Expr::Assign(op, Box::new(target), Box::new(value)))
    }

    fn ternary(&mut self) -> Parse<Expr> {
        let cond = self.or()?;
        if !self.is("?") {
            return Ok(cond);
        }
        self.bump();
        self.newlines();
        let yes = self.expr()?;
        self.newlines();
        self.expect(":")?;
        self.newlines();
        let no = self.expr()?;
        Ok(Expr::Cond(Box::new(cond), Box::new(yes), Box::new(no)))
    }

    fn or(&mut self) -> Parse<Expr> {
        let mut left = self.and()?;
        while self.eat("||") {
            self.newlines();
            let right = self.and()?;
            let right = self.right_operand(right)?;
            left = Expr::Or(Box::new(left), Box::new(right));
        }
        Ok(left)
    }

    fn and(&mut self) -> Parse<Expr> {
        let mut left = self.in_expr()?;
        while self.eat("&&") {
            self.newlines();
            let right = self.in_expr()?;
            let right = self.right_operand(right)?;
            left = Expr::And(Box::new(left), Box::new(right));
        }
        Ok(left)
    }

    fn in_expr(&mut self) -> Parse<Expr> {
        let mut left = self.matching()?;
        while !self.no_in && self.is_kw(Keyword::In) {
            self.bump();
            let array = self.array_name()?;
            left = Expr::In(vec![left], array);
        }
        Ok(left)
    }

    fn array_name(&mut self) -> Parse<Var> {
        match self.bump() {
            Tok::Name(name) => Ok(self.var(&name)),
            _ => {
                self.back();
                Err(self.error_here("syntax error: expected an array name"))
            }
        }
    }

    fn matching(&mut self) -> Parse<Expr> {
        let mut left = self.comparison()?;
        loop {
            let negate = match self.peek() {
                Tok::Punct("~") => false,
                Tok::Punct("!~") => true,
                _ => return Ok(left),
            };
            self.bump();
            let right = self.comparison()?;
            let right = self.right_operand(right)?;
            left = Expr::Match(negate, Box::new(left), Box::new(right));
        }
    }

    fn comparison(&mut self) -> Parse<Expr> {
        let left = self.concatenation(false)?;
        let op = match self.peek() {
            Tok::Punct("<") => Cmp::Lt,
            Tok::Punct("<=") => Cmp::Le,
            Tok::Punct("==") => Cmp::Eq,
            Tok::Punct("!=") => Cmp::Ne,
            Tok::Punct(">") if !self.no_gt => Cmp::Gt,
            Tok::Punct(">=") => Cmp::Ge,
            _ => return Ok(left),
        };
        self.bump();
        let right = self.concatenation(false)?;
        let right = self.right_operand(right)?;
        Ok(Expr::Cmp(op, Box::new(left), Box::new(right)))
    }

    /// Whether the next token can begin an operand of a concatenation.
    fn starts_operand(&self) -> bool {
        match self.peek() {
            Tok::Number(_) | Tok::Str(_) | Tok::Name(_) | Tok::FuncName(_) | Tok::Builtin(_) => true,
            Tok::Punct(p) => matches!(*p, "$" | "(" | "!" | "-" | "+" | "++" | "--"),
            _ => false,
        }
    }

    /// Concatenation, and `cmd | getline` which binds to it. `for_dest` parses a redirection
    /// target, where `|` and `>` cannot continue it.
    fn concatenation(&mut self, for_dest: bool) -> Parse<Expr> {
        let mut parts = vec![self.additive()?];
        loop {
            if !for_dest && self.is("|") && matches!(self.peek_at(1), Tok::Keyword(Keyword::Getline)) {
                self.at += 2;
                let target = self.getline_target()?;
                let command =
                    if parts.len() == 1 { parts.pop() } else { Some(Expr::Concat(std::mem::take(&mut parts))) };
                let command = command.ok_or_else(|| self.unexpected())?;
                // `cmd | getline x + 1` adds to what getline returned, as in gawk.
                let getline = Expr::Getline(Source::Command(Box::new(command)), target);
                parts = vec![self.additive_from(Some(getline))?];
                continue;
            }
            // `!` and the signs only continue an expression as binary operators; `a -1` is
            // a subtraction, handled below this level.
            if self.starts_operand() && !self.is("!") && !self.is("-") && !self.is("+") {
                if self.is_kw(Keyword::In) {
                    break;
                }
                parts.push(self.additive()?);
                continue;
            }
            // A concatenation cannot be assigned to, so a `/=` after one starts a regex, as
            // in gawk (`$/= b/ c /= d/` ends with the regex `= d`).
            if parts.len() > 1
                && self.is("/=")
                && let Some((text, end)) = regex_at(&self.src, self.toks[self.at].pos)
            {
                while self.toks[self.at].pos < end && !matches!(self.peek(), Tok::Eof) {
                    self.bump();
                }
                let regex = self.regex(&text)?;
                parts.push(self.additive_from(Some(regex))?);
                continue;
            }
            break;
        }
        Ok(if parts.len() == 1 { parts.remove(0) } else { Expr::Concat(parts) })
    }

    fn additive(&mut self) -> Parse<Expr> {
        self.additive_from(None)
    }

    /// An additive expression, or the rest of one whose first operand is `first`.
    fn additive_from(&mut self, first: Option<Expr>) -> Parse<Expr> {
        let mut left = self.multiplicative_from(first)?;
        loop {
            let op = match self.peek() {
                Tok::Punct("+") => Arith::Add,
                Tok::Punct("-") => Arith::Sub,
                _ => return Ok(left),
            };
            self.bump();
            let right = self.multiplicative_from(None)?;
            left = Expr::Arith(op, Box::new(left), Box::new(right));
        }
    }

    fn multiplicative_from(&mut self, first: Option<Expr>) -> Parse<Expr> {
        let mut left = match first {
            Some(first) => first,
            None => self.unary()?,
        };
        loop {
            let op = match self.peek() {
                Tok::Punct("*") => Arith::Mul,
                Tok::Punct("/") => Arith::Div,
                Tok::Punct("%") => Arith::Mod,
                _ => return Ok(left),
            };
            self.bump();
            let right = self.unary()?;
            // gawk refuses a division by the constant zero when it parses, run or not.
            if matches!(op, Arith::Div | Arith::Mod) && matches!(right, Expr::Num(n) if n == 0.0) {
                let what = if op == Arith::Div { "" } else { " in `%'" };
                self.report(self.last_line(), format!("division by zero attempted{what}"));
            }
            left = Expr::Arith(op, Box::new(left), Box::new(right));
        }
    }

    fn unary(&mut self) -> Parse<Expr> {
        self.nested("operators", Self::unary_here)
    }

    fn unary_here(&mut self) -> Parse<Expr> {
        match self.peek() {
            Tok::Punct("!") => {
                self.bump();
                Ok(Expr::Not(Box::new(self.unary()?)))
            }
            Tok::Punct("-") => {
                self.bump();
                Ok(Expr::Neg(Box::new(self.unary()?)))
            }
            Tok::Punct("+") => {
                self.bump();
                Ok(Expr::Plus(Box::new(self.unary()?)))
            }
            _ => self.power(),
        }
    }

    fn power(&mut self) -> Parse<Expr> {
        self.nested("operators", Self::power_here)
    }

    fn power_here(&mut self) -> Parse<Expr> {
        let base = self.postfix()?;
        if self.is("^") || self.is("**") {
            self.bump();
            // Right-associative, and the exponent may carry a sign: `2^-1`, `2^3^2`.
            let exponent = match self.peek() {
                Tok::Punct("-") => {
                    self.bump();
                    Expr::Neg(Box::new(self.power()?))
                }
                Tok::Punct("+") => {
                    self.bump();
                    self.power()?
                }
                Tok::Punct("!") => {
                    self.bump();
                    Expr::Not(Box::new(self.power()?))
                }
                _ => self.power()?,
            };
            return Ok(Expr::Arith(Arith::Pow, Box::new(base), Box::new(exponent)));
        }
        Ok(base)
    }

    fn postfix(&mut self) -> Parse<Expr> {
        if self.is("++") || self.is("--") {
            let step = if self.is("++") { 1.0 } else { -1.0 };
            self.bump();
            let target = self.lvalue_operand()?;
            return Ok(Expr::IncDec(Box::new(target), step, false));
        }
        let expr = self.primary()?;
        if let Expr::Lvalue(target) = &expr
            && (self.is("++") || self.is("--"))
        {
            let step = if self.is("++") { 1.0 } else { -1.0 };
            self.bump();
            return Ok(Expr::IncDec(Box::new(target.clone()), step, true));
        }
        Ok(expr)
    }

    fn lvalue_operand(&mut self) -> Parse<LValue> {
        match self.primary()? {
            Expr::Lvalue(target) => Ok(target),
            _ => Err(self.unexpected()),
        }
    }

    /// The optional variable after `getline`.
    fn getline_target(&mut self) -> Parse<Option<Box<LValue>>> {
        if matches!(self.peek(), Tok::Name(_)) || self.is("$") {
            return Ok(Some(Box::new(self.lvalue_operand()?)));
        }
        Ok(None)
    }

    fn primary(&mut self) -> Parse<Expr> {
        self.nested("operands", Self::primary_here)
    }

    fn primary_here(&mut self) -> Parse<Expr> {
        let tok = self.bump();
        match tok {
            Tok::Number(value) => Ok(Expr::Num(value)),
            Tok::Str(text) => Ok(Expr::Str(Rc::from(text))),
            Tok::Regex(source) => self.regex(&source),
            Tok::Punct("$") => {
                self.in_field += 1;
                let index = match self.peek() {
                    Tok::Punct("++" | "--") => self.postfix(),
                    Tok::Punct("-") => {
                        self.bump();
                        self.primary().map(|e| Expr::Neg(Box::new(e)))
                    }
                    _ => self.primary(),
                };
                self.in_field -= 1;
                let index = index?;
                let field = LValue::Field(Box::new(index));
                // `$x++` increments the field; inside another `$` that is its operand
                // (`$$a++++` is `($($a++))++`, gawk's `'$' non_post_simp_exp opt_incdec`).
                if self.in_field > 0
                    && let Tok::Punct(op @ ("++" | "--")) = self.peek()
                {
                    let step = if *op == "++" { 1.0 } else { -1.0 };
                    self.bump();
                    return Ok(Expr::IncDec(Box::new(field), step, true));
                }
                Ok(Expr::Lvalue(field))
            }
            Tok::Punct("(") => {
                let outer = (std::mem::replace(&mut self.no_gt, false), std::mem::replace(&mut self.no_in, false));
                let first = self.expr();
                let result = match first {
                    Ok(first) if self.is(",") => {
                        let mut list = vec![first];
                        while self.eat(",") {
                            self.newlines();
                            list.push(self.expr()?);
                        }
                        self.expect(")")?;
                        if !self.is_kw(Keyword::In) {
                            return Err(self.unexpected());
                        }
                        self.bump();
                        let array = self.array_name()?;
                        Ok(Expr::In(list, array))
                    }
                    Ok(first) => {
                        self.expect(")")?;
                        Ok(Expr::Group(Box::new(first)))
                    }
                    Err(err) => Err(err),
                };
                (self.no_gt, self.no_in) = outer;
                result
            }
            Tok::Punct("-") => Ok(Expr::Neg(Box::new(self.unary()?))),
            Tok::Punct("+") => Ok(Expr::Plus(Box::new(self.unary()?))),
            Tok::Punct("!") => Ok(Expr::Not(Box::new(self.unary()?))),
            Tok::Keyword(Keyword::Getline) => {
                let target = self.getline_target()?;
                if self.eat("<") {
                    let file = self.primary_for_getline()?;
                    return Ok(Expr::Getline(Source::File(Box::new(file)), target));
                }
                Ok(Expr::Getline(Source::Main, target))
            }
            Tok::Name(name) => {
                let var = self.var(&name);
                if self.eat("[") {
                    let subscripts = self.expr_list()?;
                    self.expect("]")?;
                    return Ok(Expr::Lvalue(LValue::Index(var, subscripts)));
                }
                Ok(Expr::Lvalue(LValue::Var(var)))
            }
            Tok::FuncName(name) => {
                if self.locals.as_ref().is_some_and(|l| l.contains_key(&name)) {
                    self.report(self.last_line(), format!("attempt to use non-function `{name}' in function call"));
                }
                let idx = self.function_index(&name);
                self.expect("(")?;
                let args = self.call_args()?;
                Ok(Expr::Call(idx, args))
            }
            Tok::Builtin(builtin) => {
                if !self.is("(") {
                    if builtin == Builtin::Length {
                        return Ok(Expr::Builtin(builtin, Vec::new()));
                    }
                    return Err(self.error_here(SYNTAX_ERROR));
                }
                self.bump();
                let args = self.call_args()?;
                self.check_builtin(builtin, &args)?;
                Ok(Expr::Builtin(builtin, args))
            }
            _ => {
                self.back();
                Err(self.unexpected())
            }
        }
    }

    /// The file after `getline <`: a primary, so `getline < "a" "b"` concatenates after.
    fn primary_for_getline(&mut self) -> Parse<Expr> {
        let outer = std::mem::replace(&mut self.no_gt, true);
        let file = self.primary();
        self.no_gt = outer;
        file
    }

    fn call_args(&mut self) -> Parse<Vec<Expr>> {
        self.newlines();
        if self.eat(")") {
            return Ok(Vec::new());
        }
        let outer = (std::mem::replace(&mut self.no_gt, false), std::mem::replace(&mut self.no_in, false));
        let args = self.expr_list();
        (self.no_gt, self.no_in) = outer;
        let args = args?;
        self.newlines();
        self.expect(")")?;
        Ok(args)
    }

    fn check_builtin(&self, builtin: Builtin, args: &[Expr]) -> Parse<()> {
        use Builtin as B;
        let (min, max) = match builtin {
            B::Length => (0, 1),
            B::Substr => (2, 3),
            B::Index | B::Atan2 => (2, 2),
            B::Split => (2, 4),
            B::Sub | B::Gsub => (2, 3),
            B::Match => (2, 3),
            B::Sprintf => (1, usize::MAX),
            B::Sin | B::Cos | B::Exp | B::Log | B::Sqrt | B::Int | B::Tolower | B::Toupper | B::System | B::Close => {
                (1, 1)
            }
            B::Rand | B::Systime => (0, 0),
            B::Typeof => (1, 2),
            B::Srand | B::Fflush => (0, 1),
            B::Gensub => (3, 4),
            B::Strftime => (0, 3),
            B::Asort | B::Asorti => (1, 3),
        };
        let name = format!("{builtin:?}").to_lowercase();
        if args.len() < min || args.len() > max {
            // gawk's caret is under the closing parenthesis.
            let close = &self.toks[self.at.saturating_sub(1)];
            let message = format!("{} is invalid as number of arguments for {name}", args.len());
            return Err(SyntaxError::caret(close.line, close.col, message));
        }
        let not_array = |what: &str| {
            let message = format!("{name}: {what} argument is not an array");
            Err(SyntaxError::caret(self.last_line(), 0, message).styled(Style::Fatal))
        };
        let needs_target = |idx: usize| {
            args.get(idx).is_some_and(|arg| !matches!(arg, Expr::Lvalue(_) | Expr::Num(_) | Expr::Str(_)))
                && matches!(builtin, B::Sub | B::Gsub)
                && idx == 2
        };
        if needs_target(2) {
            // gawk's caret is under the call's closing parenthesis.
            let close = &self.toks[self.at.saturating_sub(1)];
            let message = format!("{name} third parameter is not a changeable object");
            return Err(SyntaxError::caret(close.line, close.col, message));
        }
        let array = |idx: usize| matches!(args.get(idx), Some(Expr::Lvalue(LValue::Var(_))) | None);
        if builtin == B::Split && !array(1) {
            return not_array("second");
        }
        if builtin == B::Split && !array(3) {
            return not_array("fourth");
        }
        if builtin == B::Match && !array(2) {
            return not_array("third");
        }
        if matches!(builtin, B::Asort | B::Asorti) && !array(0) {
            return not_array("first");
        }
        if matches!(builtin, B::Asort | B::Asorti) && !array(1) {
            return not_array("second");
        }
        Ok(())
    }
}

/// Parses a whole program: it and the warnings about it, or everything found wrong (and
/// the warnings among it), in order.
pub fn parse(src: &[u8]) -> Result<(Program, Vec<SyntaxError>), Vec<SyntaxError>> {
    let toks = tokenize(src).map_err(|err| vec![err])?;
    let mut parser = Parser {
        src: src.to_vec(),
        toks,
        at: 0,
        at_end: false,
        program: Program::default(),
        globals: HashMap::new(),
        functions: HashMap::new(),
        locals: None,
        no_gt: false,
        no_in: false,
        in_field: 0,
        loops: 0,
        depth: 0,
        line: 1,
        diagnostics: Vec::new(),
        warned_escapes: Default::default(),
    };
    for name in special::NAMES {
        parser.global(name);
    }
    if let Err(err) = parser.program() {
        parser.diagnostics.push(err);
        return Err(parser.diagnostics);
    }
    if parser.diagnostics.iter().any(|d| !d.is_warning()) {
        return Err(parser.diagnostics);
    }
    Ok((parser.program, parser.diagnostics))
}

/// gawk's words for a grammar error.
const SYNTAX_ERROR: &str = "syntax error";
/// gawk's words for a program that stops in the middle of something.
const UNEXPECTED_END: &str = "unexpected newline or end of string";

#[cfg(test)]
mod tests {
    use super::parse;

    fn error_of(src: &str) -> (usize, usize, String) {
        match parse(src.as_bytes()) {
            Ok(_) => panic!("{src:?} parsed"),
            Err(errors) => errors.last().map(|e| (e.line, e.col, e.message.clone())).unwrap_or_default(),
        }
    }

    #[test]
    fn errors_name_their_place() {
        // A newline that came too soon is named by the line after it, as gawk names it.
        let (line, col, message) = error_of("BEGIN {\n  x = 1 +\n}");
        assert_eq!((line, col), (3, 10), "{message}");
        let (line, col, message) = error_of("{ print $1 }\n/x/ { y( }");
        assert_eq!((line, col), (2, 10), "{message}");
        assert!(parse(b"BEGIN { if (0) f(1) }").is_ok(), "an undefined function fails when called");
        assert!(error_of("BEGIN { x = /a(/ }").2.contains("Unmatched ("));
        assert!(error_of("BEGIN { x = /[/ }").2.contains("unterminated regexp"));
        assert!(error_of("BEGIN { break }").2.contains("outside a loop"));
    }

    #[test]
    fn nesting_is_bounded_not_a_stack_overflow() {
        // Programs parse on the command's own thread with a large stack; so does this test.
        let checks = std::thread::Builder::new().stack_size(crate::lang::deep::STACK).spawn(nesting_checks);
        assert!(checks.map(|handle| handle.join().is_ok()).unwrap_or(false));
    }

    fn nesting_checks() {
        for src in [
            format!("BEGIN {{ x = {}1{} }}", "(".repeat(5000), ")".repeat(5000)),
            format!("BEGIN {}{}", "{".repeat(5000), "}".repeat(5000)),
            format!("BEGIN {{ x = {}1 }}", "- ".repeat(5000)),
            format!("BEGIN {{ x = {}0 }}", "$".repeat(5000)),
            format!("BEGIN {{ x = 2{} }}", "^2".repeat(5000)),
        ] {
            assert!(error_of(&src).2.contains("nested deeper"));
        }
        // Long flat lists are not nesting.
        assert!(parse(format!("BEGIN {{ x = 1{} }}", " 1".repeat(5000)).as_bytes()).is_ok());
    }
}
