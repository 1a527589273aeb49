//! awk's tokens. Newlines are tokens (they end statements); a `/` starts a regular expression
//! wherever an operand may begin and divides elsewhere; a name directly followed by `(` is a
//! function call (POSIX forbids the space there, which is what tells `f (x)` — a concatenation
//! — from a call). String escapes are decoded here; regex text is kept for the regex translator.

use std::fmt;

#[derive(Debug, Clone, PartialEq)]
pub enum Tok {
    Newline,
    Eof,
    Number(f64),
    Str(Vec<u8>),
    Regex(String),
    Name(String),
    /// A name immediately followed by `(`.
    FuncName(String),
    Builtin(Builtin),
    Keyword(Keyword),
    Punct(&'static str),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Keyword {
    Begin,
    End,
    Function,
    If,
    Else,
    While,
    For,
    Do,
    Break,
    Continue,
    Next,
    Nextfile,
    Exit,
    Return,
    Delete,
    In,
    Getline,
    Print,
    Printf,
}

/// The built-in functions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Builtin {
    Length,
    Substr,
    Index,
    Split,
    Sub,
    Gsub,
    Match,
    Sprintf,
    Sin,
    Cos,
    Atan2,
    Exp,
    Log,
    Sqrt,
    Int,
    Rand,
    Srand,
    Tolower,
    Toupper,
    System,
    Close,
    Fflush,
    // gawk's
    Gensub,
    Strftime,
    Systime,
    Asort,
    Asorti,
    Typeof,
}

impl fmt::Display for Tok {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Tok::Newline => f.write_str("newline"),
            Tok::Eof => f.write_str("end of program"),
            Tok::Number(n) => write!(f, "number {n}"),
            Tok::Str(s) => write!(f, "string \"{}\"", toolsh_bytes::decode(s)),
            Tok::Regex(r) => write!(f, "regex /{r}/"),
            Tok::Name(n) | Tok::FuncName(n) => write!(f, "`{n}'"),
            Tok::Builtin(b) => write!(f, "`{}'", format!("{b:?}").to_lowercase()),
            Tok::Keyword(k) => write!(f, "`{}'", format!("{k:?}").to_lowercase()),
            Tok::Punct(p) => write!(f, "`{p}'"),
        }
    }
}

/// A token and where it starts (1-based line and column, and byte offset).
#[derive(Debug, Clone)]
pub struct Token {
    pub tok: Tok,
    pub line: usize,
    pub col: usize,
    pub pos: usize,
}

/// A diagnostic of the program text at a position (line 0: of the program as a whole).
#[derive(Debug, Clone)]
pub struct SyntaxError {
    /// The line the message names.
    pub line: usize,
    /// The line shown above the caret: the named one, but for a newline that came too soon,
    /// which gawk names by the line after it.
    pub text_line: usize,
    pub col: usize,
    pub message: String,
    pub style: Style,
}

/// How gawk shows a diagnostic of the program text, and what it does after.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Style {
    /// The line, then a caret under the place and the words (gawk's `yyerror`); exit 1.
    Caret,
    /// `FILE:LINE: error: …` (gawk's semantic checks, which go on parsing); exit 1.
    Error,
    /// `FILE:LINE: fatal: …`, at once; exit 2.
    Fatal,
    /// `FILE:LINE: warning: …`; the program runs.
    Warning,
}

impl SyntaxError {
    /// A grammar error at a position: gawk shows the line and a caret.
    pub fn caret(line: usize, col: usize, message: impl Into<String>) -> Self {
        SyntaxError { line, text_line: line, col, message: message.into(), style: Style::Caret }
    }

    /// The same diagnostic in another style.
    pub fn styled(self, style: Style) -> Self {
        SyntaxError { style, ..self }
    }

    /// Whether the program may still run after it.
    pub fn is_warning(&self) -> bool {
        self.style == Style::Warning
    }
}

fn keyword(word: &str) -> Option<Tok> {
    use Builtin as B;
    use Keyword as K;
    Some(match word {
        "BEGIN" => Tok::Keyword(K::Begin),
        "END" => Tok::Keyword(K::End),
        "function" | "func" => Tok::Keyword(K::Function),
        "if" => Tok::Keyword(K::If),
        "else" => Tok::Keyword(K::Else),
        "while" => Tok::Keyword(K::While),
        "for" => Tok::Keyword(K::For),
        "do" => Tok::Keyword(K::Do),
        "break" => Tok::Keyword(K::Break),
        "continue" => Tok::Keyword(K::Continue),
        "next" => Tok::Keyword(K::Next),
        "nextfile" => Tok::Keyword(K::Nextfile),
        "exit" => Tok::Keyword(K::Exit),
        "return" => Tok::Keyword(K::Return),
        "delete" => Tok::Keyword(K::Delete),
        "in" => Tok::Keyword(K::In),
        "getline" => Tok::Keyword(K::Getline),
        "print" => Tok::Keyword(K::Print),
        "printf" => Tok::Keyword(K::Printf),
        "length" => Tok::Builtin(B::Length),
        "substr" => Tok::Builtin(B::Substr),
        "index" => Tok::Builtin(B::Index),
        "split" => Tok::Builtin(B::Split),
        "sub" => Tok::Builtin(B::Sub),
        "gsub" => Tok::Builtin(B::Gsub),
        "match" => Tok::Builtin(B::Match),
        "sprintf" => Tok::Builtin(B::Sprintf),
        "sin" => Tok::Builtin(B::Sin),
        "cos" => Tok::Builtin(B::Cos),
        "atan2" => Tok::Builtin(B::Atan2),
        "exp" => Tok::Builtin(B::Exp),
        "log" => Tok::Builtin(B::Log),
        "sqrt" => Tok::Builtin(B::Sqrt),
        "int" => Tok::Builtin(B::Int),
        "rand" => Tok::Builtin(B::Rand),
        "srand" => Tok::Builtin(B::Srand),
        "tolower" => Tok::Builtin(B::Tolower),
        "toupper" => Tok::Builtin(B::Toupper),
        "system" => Tok::Builtin(B::System),
        "close" => Tok::Builtin(B::Close),
        "fflush" => Tok::Builtin(B::Fflush),
        "gensub" => Tok::Builtin(B::Gensub),
        "strftime" => Tok::Builtin(B::Strftime),
        "systime" => Tok::Builtin(B::Systime),
        "asort" => Tok::Builtin(B::Asort),
        "asorti" => Tok::Builtin(B::Asorti),
        "typeof" => Tok::Builtin(B::Typeof),
        _ => return None,
    })
}

/// Operators, longest first so `**=` wins over `**` and `*`.
const PUNCTS: &[&str] = &[
    "**=", "&&", "||", "==", "<=", ">=", "!=", "!~", "++", "--", "+=", "-=", "*=", "/=", "%=", "^=", "**", ">>", "{",
    "}", "(", ")", "[", "]", ";", ",", "+", "-", "*", "/", "%", "^", "!", ">", "<", "|", "?", ":", "~", "$", "=",
];

/// Decodes the escape sequence after a backslash at `src[*idx]` (which is past the backslash)
/// in a string: `\n \t \" \\ \/ \a \b \f \r \v`, octal `\ddd`, hex `\xhh`; anything else keeps the
/// backslash, as gawk does (with a warning we do not print).
pub fn escape(src: &[u8], idx: &mut usize, out: &mut Vec<u8>) {
    let Some(&c) = src.get(*idx) else {
        out.push(b'\\');
        return;
    };
    *idx += 1;
    match c {
        b'n' => out.push(b'\n'),
        b't' => out.push(b'\t'),
        b'r' => out.push(b'\r'),
        b'a' => out.push(7),
        b'b' => out.push(8),
        b'f' => out.push(12),
        b'v' => out.push(11),
        b'\\' | b'"' | b'/' => out.push(c),
        b'0'..=b'7' => {
            let mut value = u32::from(c - b'0');
            for _ in 0..2 {
                match src.get(*idx) {
                    Some(&d @ b'0'..=b'7') => {
                        value = value * 8 + u32::from(d - b'0');
                        *idx += 1;
                    }
                    _ => break,
                }
            }
            out.push(value as u8);
        }
        b'x' if src.get(*idx).is_some_and(u8::is_ascii_hexdigit) => {
            let mut value = 0u8;
            for _ in 0..2 {
                match src.get(*idx).and_then(|d| (*d as char).to_digit(16)) {
                    Some(digit) => {
                        value = value.wrapping_mul(16).wrapping_add(digit as u8);
                        *idx += 1;
                    }
                    None => break,
                }
            }
            out.push(value);
        }
        _ => {
            out.push(b'\\');
            out.push(c);
        }
    }
}

/// Decodes escapes in a whole string (`-v` assignments and `var=value` operands).
pub fn unescape(text: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(text.len());
    let mut idx = 0;
    while idx < text.len() {
        if text[idx] == b'\\' {
            idx += 1;
            escape(text, &mut idx, &mut out);
        } else {
            out.push(text[idx]);
            idx += 1;
        }
    }
    out
}

struct Lexer<'a> {
    src: &'a [u8],
    pos: usize,
    line: usize,
    line_start: usize,
    tokens: Vec<Token>,
}

impl Lexer<'_> {
    fn col(&self, at: usize) -> usize {
        // A token continued over a backslash-newline (a string) starts on an earlier line.
        let line_start = if at >= self.line_start {
            self.line_start
        } else {
            self.src[..at].iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1)
        };
        toolsh_bytes::decode(&self.src[line_start..at]).chars().count() + 1
    }

    fn error(&self, at: usize, message: impl Into<String>) -> SyntaxError {
        SyntaxError::caret(self.line, self.col(at), message)
    }

    /// Whether a `/` here divides: it does after anything that ends an operand.
    fn divides(&self) -> bool {
        matches!(
            self.tokens.last().map(|t| &t.tok),
            Some(
                Tok::Number(_)
                    | Tok::Str(_)
                    | Tok::Name(_)
                    | Tok::Regex(_)
                    | Tok::Builtin(Builtin::Length)
                    | Tok::Punct(")" | "]" | "++" | "--")
            )
        )
    }

    fn push(&mut self, tok: Tok, at: usize) {
        let col = self.col(at);
        self.tokens.push(Token { tok, line: self.line, col, pos: at });
    }

    fn newline(&mut self) {
        self.line += 1;
        self.line_start = self.pos;
    }

    fn run(mut self) -> Result<Vec<Token>, SyntaxError> {
        while self.pos < self.src.len() {
            let start = self.pos;
            let c = self.src[self.pos];
            match c {
                b' ' | b'\t' | b'\r' => self.pos += 1,
                b'\n' => {
                    self.push(Tok::Newline, start);
                    self.pos += 1;
                    self.newline();
                }
                b'\\' if self.src.get(self.pos + 1) == Some(&b'\n') => {
                    self.pos += 2;
                    self.newline();
                }
                b'\\' if self.src.get(self.pos + 1) == Some(&b'\r') && self.src.get(self.pos + 2) == Some(&b'\n') => {
                    self.pos += 3;
                    self.newline();
                }
                b'#' => {
                    while self.pos < self.src.len() && self.src[self.pos] != b'\n' {
                        self.pos += 1;
                    }
                }
                b'"' => {
                    let text = self.string(start)?;
                    self.push(Tok::Str(text), start);
                }
                b'/' if !self.divides() => {
                    let text = self.regex(start)?;
                    self.push(Tok::Regex(text), start);
                }
                b'0'..=b'9' | b'.' if c != b'.' || self.src.get(self.pos + 1).is_some_and(u8::is_ascii_digit) => {
                    let value = self.number();
                    self.push(Tok::Number(value), start);
                }
                c if c.is_ascii_alphabetic() || c == b'_' => {
                    while self.src.get(self.pos).is_some_and(|b| b.is_ascii_alphanumeric() || *b == b'_') {
                        self.pos += 1;
                    }
                    let word = toolsh_bytes::decode(&self.src[start..self.pos]).into_owned();
                    let tok = match keyword(&word) {
                        Some(tok) => tok,
                        None if self.src.get(self.pos) == Some(&b'(') => Tok::FuncName(word),
                        None => Tok::Name(word),
                    };
                    self.push(tok, start);
                }
                _ => {
                    let rest = &self.src[self.pos..];
                    let Some(punct) = PUNCTS.iter().find(|p| rest.starts_with(p.as_bytes())) else {
                        let shown = toolsh_bytes::decode(&rest[..rest.len().min(4)]).chars().next().unwrap_or('?');
                        return Err(self.error(start, format!("invalid char '{shown}' in expression")));
                    };
                    self.pos += punct.len();
                    self.push(Tok::Punct(punct), start);
                }
            }
        }
        let end = self.pos;
        self.push(Tok::Eof, end);
        Ok(self.tokens)
    }

    fn string(&mut self, start: usize) -> Result<Vec<u8>, SyntaxError> {
        self.pos += 1;
        let mut out = Vec::new();
        loop {
            match self.src.get(self.pos) {
                None | Some(b'\n') => return Err(self.error(start, "unterminated string")),
                Some(b'"') => {
                    self.pos += 1;
                    return Ok(out);
                }
                Some(b'\\') if self.src.get(self.pos + 1) == Some(&b'\n') => {
                    self.pos += 2;
                    self.newline();
                }
                Some(b'\\') => {
                    self.pos += 1;
                    escape(self.src, &mut self.pos, &mut out);
                }
                Some(&b) => {
                    out.push(b);
                    self.pos += 1;
                }
            }
        }
    }

    /// A regex literal's text: `\/` becomes `/`, other escapes stay for the regex translator,
    /// and a `/` inside a bracket expression does not end it.
    fn regex(&mut self, start: usize) -> Result<String, SyntaxError> {
        self.pos += 1;
        let mut out = Vec::new();
        let mut in_bracket = false;
        loop {
            let Some(&b) = self.src.get(self.pos) else {
                return Err(self.error(start + 1, "unterminated regexp"));
            };
            match b {
                b'\n' => return Err(self.error(start + 1, "unterminated regexp")),
                b'\\' if self.src.get(self.pos + 1) == Some(&b'/') => {
                    out.push(b'/');
                    self.pos += 2;
                    continue;
                }
                b'\\' => {
                    out.push(b);
                    if let Some(&next) = self.src.get(self.pos + 1) {
                        out.push(next);
                    }
                    self.pos += 2;
                    continue;
                }
                b'[' if !in_bracket => {
                    in_bracket = true;
                    out.push(b);
                    self.pos += 1;
                    // `[]…]` and `[^]…]` hold a literal `]`.
                    if self.src.get(self.pos) == Some(&b'^') {
                        out.push(b'^');
                        self.pos += 1;
                    }
                    if self.src.get(self.pos) == Some(&b']') {
                        out.push(b']');
                        self.pos += 1;
                    }
                    continue;
                }
                b'[' if self.src.get(self.pos + 1) == Some(&b':') => {
                    // A class such as `[:alpha:]` inside a bracket expression.
                    let close = self.src[self.pos..].windows(2).position(|w| w == b":]");
                    let end = close.map_or(self.pos + 1, |c| self.pos + c + 2);
                    out.extend_from_slice(&self.src[self.pos..end]);
                    self.pos = end;
                    continue;
                }
                b']' if in_bracket => in_bracket = false,
                b'/' if !in_bracket => {
                    self.pos += 1;
                    return Ok(toolsh_bytes::decode(&out).into_owned());
                }
                _ => {}
            }
            out.push(b);
            self.pos += 1;
        }
    }

    fn number(&mut self) -> f64 {
        let start = self.pos;
        let src = self.src;
        if src[self.pos] == b'0' && matches!(src.get(self.pos + 1), Some(b'x' | b'X')) {
            let digits_start = self.pos + 2;
            let mut end = digits_start;
            while src.get(end).is_some_and(u8::is_ascii_hexdigit) {
                end += 1;
            }
            if end > digits_start {
                self.pos = end;
                let text = toolsh_bytes::decode(&src[digits_start..end]);
                return u64::from_str_radix(&text, 16).map_or(f64::INFINITY, |v| v as f64);
            }
        }
        while src.get(self.pos).is_some_and(u8::is_ascii_digit) {
            self.pos += 1;
        }
        // gawk reads `011` in a program as octal (but `019` as decimal).
        let integer = &src[start..self.pos];
        if integer.len() > 1
            && integer[0] == b'0'
            && integer.iter().all(|b| (b'0'..=b'7').contains(b))
            && !matches!(src.get(self.pos), Some(b'.' | b'e' | b'E'))
        {
            return integer.iter().fold(0.0, |acc, b| acc * 8.0 + f64::from(b - b'0'));
        }
        if src.get(self.pos) == Some(&b'.') {
            self.pos += 1;
            while src.get(self.pos).is_some_and(u8::is_ascii_digit) {
                self.pos += 1;
            }
        }
        if matches!(src.get(self.pos), Some(b'e' | b'E')) {
            let mut end = self.pos + 1;
            if matches!(src.get(end), Some(b'+' | b'-')) {
                end += 1;
            }
            if src.get(end).is_some_and(u8::is_ascii_digit) {
                while src.get(end).is_some_and(u8::is_ascii_digit) {
                    end += 1;
                }
                self.pos = end;
            }
        }
        toolsh_bytes::decode(&src[start..self.pos]).parse().unwrap_or(0.0)
    }
}

/// Splits a program into tokens.
/// The regex constant a `/` at byte `pos` would start, and the offset after it: for the
/// parser, where a `/=` lexed as an operator can only begin a regex.
pub fn regex_at(src: &[u8], pos: usize) -> Option<(String, usize)> {
    let mut lexer = Lexer { src, pos, line: 1, line_start: pos, tokens: Vec::new() };
    let text = lexer.regex(pos).ok()?;
    Some((text, lexer.pos))
}

pub fn tokenize(src: &[u8]) -> Result<Vec<Token>, SyntaxError> {
    // gawk refuses a NUL byte anywhere in the source, inside a string or regex too.
    if let Some(at) = memchr::memchr(0, src) {
        let line = memchr::memchr_iter(b'\n', &src[..at]).count() + 1;
        let message = "error: invalid character '\\000' in source code";
        return Err(SyntaxError::caret(line, 0, message).styled(Style::Fatal));
    }
    Lexer { src, pos: 0, line: 1, line_start: 0, tokens: Vec::new() }.run()
}
