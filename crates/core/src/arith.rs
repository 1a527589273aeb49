//! Shell arithmetic (`$(( ))`, `(( ))`, `let`, subscripts): a nom tokenizer, a precedence
//! climbing parser and an evaluator over 64-bit wrapping integers with C's operator set.
//!
//! The text arrives already expanded (`$x` substituted); bare names are looked up through
//! [`ArithEnv`] and their values are themselves evaluated as expressions, as bash does.

use std::borrow::Cow;

use nom::IResult;
use nom::Parser;
use nom::branch::alt;
use nom::bytes::complete::{tag, take_while, take_while1};
use nom::character::complete::multispace0;
use nom::combinator::{map, recognize};
use nom::sequence::pair;

/// An arithmetic failure, worded as bash words it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ArithError(pub String, bool);

/// How an unbound variable's error ends (`NAME: unbound variable`).
const UNBOUND: &str = ": unbound variable";

impl ArithError {
    fn new(message: String) -> Self {
        ArithError(message, false)
    }

    /// True for an error inside an indexed array's subscript (`(( a[1+] ))`): bash says it
    /// without the `((: ` or `let: ` of the expression around it and jumps back to its top
    /// level, dropping the rest of the command line.
    pub fn in_subscript(&self) -> bool {
        self.1
    }

    /// True for an unbound variable under `set -u`: not an arithmetic error but an expansion
    /// error, which ends a non-interactive shell.
    pub fn is_unbound(&self) -> bool {
        self.0.ends_with(UNBOUND)
    }

    /// True for an assignment to a read-only variable, which bash says as `err_readonly` does
    /// (`V: readonly variable`), without the `((: ` or `let: ` of an arithmetic error.
    pub fn is_readonly(&self) -> bool {
        self.0.ends_with(": readonly variable")
    }
}

/// Variable access for the evaluator.
pub trait ArithEnv {
    /// The value of `name` (element `index` of an array), empty when unset; borrowed when it
    /// is stored, as most values read in a loop's arithmetic are.
    fn get_var(&mut self, name: &str, index: Option<i64>) -> Result<Cow<'_, str>, ArithError>;
    /// Assigns a number.
    fn set_var(&mut self, name: &str, index: Option<i64>, value: i64) -> Result<(), ArithError>;
    /// True when `name` is an associative array: its subscripts are keys, not arithmetic.
    fn is_assoc(&mut self, _name: &str) -> bool {
        false
    }
    /// The value of `name[key]` of an associative array, empty when unset.
    fn get_key(&mut self, _name: &str, _key: &str) -> Result<Cow<'_, str>, ArithError> {
        Ok(Cow::Borrowed(""))
    }
    /// Assigns a number to `name[key]` of an associative array.
    fn set_key(&mut self, _name: &str, _key: &str, _value: i64) -> Result<(), ArithError> {
        Ok(())
    }
}

#[derive(Debug, Clone, PartialEq)]
enum Token {
    Num(i64),
    Ident(String),
    Op(&'static str),
    /// `[…]` right after a name: kept as text, since an associative array reads it as a key
    /// (`((count[$word]++))`) and an indexed array as arithmetic.
    Sub(String),
}

/// A subscript: its text (an associative array's key) and the arithmetic an indexed array
/// reads (an error only if one does). A subscript holding quotes, backslashes or `$` is
/// expanded when it is evaluated ([`Evaluator::subscript_text`]): `raw` is then the text as
/// written, and `expr` unused.
#[derive(Debug, Clone, PartialEq)]
struct Index {
    raw: String,
    expr: Result<Expr, ArithError>,
    dynamic: bool,
}

#[derive(Debug, Clone, PartialEq)]
enum Expr {
    Num(i64),
    Var(String, Option<Box<Index>>),
    Unary(&'static str, Box<Expr>),
    /// Left-associated operators in a row, folded left to right (`1 + 2 * 3 - 4` at one
    /// level): flat, so a sum of 100,000 terms (`IFS=+; $((${a[*]}))`) is neither evaluated
    /// nor dropped by recursion as deep as it is long.
    /// Each operator with its right operand and where bash's error token for it starts.
    Chain(Box<Expr>, Vec<(&'static str, Expr, usize)>),
    /// The operator, the target, the value, and where bash's error token for it starts.
    Assign(&'static str, String, Option<Box<Index>>, Box<Expr>, usize),
    IncDec {
        name: String,
        index: Option<Box<Index>>,
        delta: i64,
        post: bool,
    },
    Ternary(Box<Expr>, Box<Expr>, Box<Expr>),
}

/// Deepest recursion when variables refer to expressions that refer to variables: bash's
/// `MAX_EXPR_RECURSION_LEVEL` of 1024 counts two more levels of its own (ble.sh loops by a
/// variable that names itself, a level a pass).
/// Each level grows the stack on the heap past a red zone, so it is not the thread's stack
/// that bounds it.
const MAX_DEPTH: usize = 1022;

/// `]` is none: after an operand bash calls it an invalid operator, elsewhere a missing operand.
const OPERATORS: [&str; 43] = [
    "<<=", ">>=", "**=", "**", "++", "--", "<<", ">>", "<=", ">=", "==", "!=", "&&", "||", "+=", "-=", "*=", "/=",
    "%=", "&=", "^=", "|=", "+", "-", "*", "/", "%", "<", ">", "=", "!", "~", "&", "^", "|", "?", ":", ",", "(", ")",
    "[", "#", "$",
];

fn operator(input: &str) -> IResult<&str, Token> {
    for op in OPERATORS {
        if let Some(rest) = input.strip_prefix(op) {
            return Ok((rest, Token::Op(op)));
        }
    }
    Err(nom::Err::Error(nom::error::Error::new(input, nom::error::ErrorKind::Tag)))
}

fn identifier(input: &str) -> IResult<&str, Token> {
    map(
        recognize(pair(
            take_while1(|c: char| c.is_ascii_alphabetic() || c == '_'),
            take_while(|c: char| c.is_ascii_alphanumeric() || c == '_'),
        )),
        |name: &str| Token::Ident(name.to_string()),
    )
    .parse(input)
}

fn number_text(input: &str) -> IResult<&str, &str> {
    alt((
        recognize(pair(
            take_while1(|c: char| c.is_ascii_digit()),
            // `2#` and `2#1#1` are one (bad) number to bash, not a number and an operator.
            pair(tag("#"), take_while(|c: char| c.is_ascii_alphanumeric() || c == '@' || c == '_' || c == '#')),
        )),
        recognize(pair(alt((tag("0x"), tag("0X"))), take_while(|c: char| c.is_ascii_alphanumeric()))),
        take_while1(|c: char| c.is_ascii_alphanumeric() || c == '_'),
    ))
    .parse(input)
}

fn parse_number(text: &str) -> Result<i64, ArithError> {
    let invalid = || ArithError::new(format!("{text}: value too great for base (error token is \"{text}\")"));
    let (base, digits) = if let Some((base, digits)) = text.split_once('#') {
        let base: u32 = base.parse().map_err(|_| invalid())?;
        if base == 0 || digits.contains('#') {
            return Err(ArithError::new(format!("{text}: invalid number (error token is \"{text}\")")));
        }
        if digits.is_empty() {
            return Err(ArithError::new(format!("{text}: invalid integer constant (error token is \"{text}\")")));
        }
        if !(2..=64).contains(&base) {
            return Err(ArithError::new(format!("{text}: invalid arithmetic base (error token is \"{text}\")")));
        }
        (base, digits)
    } else if let Some(hex) = text.strip_prefix("0x").or_else(|| text.strip_prefix("0X")) {
        // bash reads a bare `0x` as 0.
        if hex.is_empty() {
            return Ok(0);
        }
        (16, hex)
    } else if text.len() > 1 && text.starts_with('0') {
        (8, &text[1..])
    } else {
        (10, text)
    };
    if digits.is_empty() {
        return Err(invalid());
    }
    let mut value: i64 = 0;
    for c in digits.chars() {
        let digit = match c {
            '0'..='9' => c as u32 - '0' as u32,
            'a'..='z' => c as u32 - 'a' as u32 + 10,
            'A'..='Z' if base <= 36 => c as u32 - 'A' as u32 + 10,
            'A'..='Z' => c as u32 - 'A' as u32 + 36,
            '@' => 62,
            '_' => 63,
            _ => return Err(invalid()),
        };
        if digit >= base {
            return Err(invalid());
        }
        value = value.wrapping_mul(i64::from(base)).wrapping_add(i64::from(digit));
    }
    Ok(value)
}

/// The index of the `]` closing the `[` that starts `text`, nested brackets counted and a
/// backslash-quoted character skipped (the expansion of `(( ))` quotes what a subscript's
/// expansion made, `a[x\]]`; quotes do not hide a bracket from bash's tokenizer).
fn closing_bracket(text: &str) -> Option<usize> {
    let bytes = text.as_bytes();
    let mut depth = 0usize;
    let mut idx = 0;
    while idx < bytes.len() {
        match bytes[idx] {
            b'\\' => idx += 1,
            b'[' => depth += 1,
            b']' => {
                depth = depth.saturating_sub(1);
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

/// True when a subscript's text needs expanding before it is read: quotes, backslashes, `$`.
fn needs_expanding(raw: &str) -> bool {
    raw.contains(['\\', '\'', '"', '$'])
}

/// The tokens of `text`, each with the byte offset where it starts (for bash's "error
/// token is" text, the expression from that token on).
fn tokenize(text: &str) -> Result<(Vec<Token>, Vec<usize>), ArithError> {
    let mut tokens = Vec::new();
    let mut offsets = Vec::new();
    let mut input = text;
    loop {
        let (rest, _) = multispace0::<&str, nom::error::Error<&str>>(input)
            .map_err(|_| ArithError::new("syntax error".to_string()))?;
        input = rest;
        if input.is_empty() {
            return Ok((tokens, offsets));
        }
        // Every token pushed below starts here (a subscript is part of its name's).
        let last = offsets.last().copied().unwrap_or(0);
        offsets.resize(tokens.len(), last);
        let at = text.len() - input.len();
        offsets.push(at);
        if input.starts_with(|c: char| c.is_ascii_digit()) {
            let (rest, digits) = number_text(input)
                .map_err(|_| ArithError::new(format!("syntax error: operand expected (error token is \"{input}\")")))?;
            tokens.push(Token::Num(parse_number(digits)?));
            input = rest;
        } else if let Ok((rest, tok)) = alt((identifier, operator)).parse(input) {
            let named = matches!(tok, Token::Ident(_));
            // `++`/`--` is an increment after a variable or before one (blanks between
            // allowed); elsewhere it is two signs (`++7` is 7, `4++` lacks an operand), as
            // bash's tokenizer reads it.
            if let Token::Op(op @ ("++" | "--")) = tok
                && !matches!(tokens.last(), Some(Token::Ident(_) | Token::Sub(_)))
                && !rest.trim_start().starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
            {
                tokens.push(Token::Op(if op == "++" { "+" } else { "-" }));
                input = &input[1..];
                continue;
            }
            tokens.push(tok);
            let from = input;
            input = rest;
            if named && input.starts_with('[') {
                let Some(close) = closing_bracket(input) else {
                    // bash: a subscript with no `]` (`a[1`), named from the array on.
                    return Err(ArithError::new(format!(
                        "{}: bad array subscript (error token is \"{from}\")",
                        text.trim_start()
                    )));
                };
                tokens.push(Token::Sub(input[1..close].to_string()));
                input = &input[close + 1..];
            }
        } else {
            // bash names the expression first, without its leading blanks (`2.1 > 1 : …`).
            // A character no token starts with stands where an operand or an operator was
            // due: after a name or a number, bash calls it an operator (after `)` too, its
            // tokenizer having no memory of the group: an operand).
            let after_operand =
                matches!(tokens.last(), Some(Token::Num(_) | Token::Ident(_) | Token::Sub(_) | Token::Op("++" | "--")));
            let problem = if after_operand { "invalid arithmetic operator" } else { "operand expected" };
            return Err(ArithError::new(format!(
                "{}: syntax error: {problem} (error token is \"{input}\")",
                text.trim_start()
            )));
        }
    }
}

struct ExprParser {
    tokens: Vec<Token>,
    /// Where each token starts in `text`.
    offsets: Vec<usize>,
    pos: usize,
    text: String,
}

fn binary_precedence(op: &str) -> Option<(u8, bool)> {
    // (precedence, right associative)
    Some(match op {
        "," => (1, false),
        "=" | "+=" | "-=" | "*=" | "/=" | "%=" | "<<=" | ">>=" | "&=" | "^=" | "|=" | "**=" => (2, true),
        "?" => (3, true),
        "||" => (4, false),
        "&&" => (5, false),
        "|" => (6, false),
        "^" => (7, false),
        "&" => (8, false),
        "==" | "!=" => (9, false),
        "<" | ">" | "<=" | ">=" => (10, false),
        "<<" | ">>" => (11, false),
        "+" | "-" => (12, false),
        "*" | "/" | "%" => (13, false),
        "**" => (14, true),
        _ => return None,
    })
}

impl ExprParser {
    fn peek_op(&self) -> Option<&'static str> {
        match self.tokens.get(self.pos) {
            Some(Token::Op(op)) => Some(op),
            _ => None,
        }
    }

    /// bash's "error token": the expression from the token the parser stopped at (the
    /// last one, at the end of the text).
    fn error_token(&self) -> String {
        self.token_text(self.pos.min(self.tokens.len().saturating_sub(1)))
    }

    /// The expression from token `at` on.
    fn token_text(&self, at: usize) -> String {
        self.offsets.get(at).and_then(|&start| self.text.get(start..)).unwrap_or_default().to_string()
    }

    fn expect(&mut self, op: &str) -> Result<(), ArithError> {
        if self.peek_op() == Some(op) {
            self.pos += 1;
            Ok(())
        } else {
            let problem = match op {
                ")" => "missing `)'".to_string(),
                ":" => "`:' expected for conditional expression".to_string(),
                _ => format!("syntax error: `{op}' expected"),
            };
            Err(ArithError::new(format!("{}: {problem} (error token is \"{}\")", self.text, self.error_token())))
        }
    }

    /// bash's error for a conditional expression missing a part (`1 ? : 2`, `1 ? 2 :`).
    fn expression_expected(&self) -> Result<(), ArithError> {
        if matches!(self.peek_op(), Some(":")) || self.pos >= self.tokens.len() {
            return Err(ArithError::new(format!(
                "{}: expression expected (error token is \"{}\")",
                self.text,
                self.error_token()
            )));
        }
        Ok(())
    }

    fn parse(&mut self, min_prec: u8, depth: usize) -> Result<Expr, ArithError> {
        if depth > 256 {
            return Err(ArithError::new("expression nested too deeply".to_string()));
        }
        let mut left = self.parse_unary(depth)?;
        while let Some(op) = self.peek_op() {
            let Some((prec, right_assoc)) = binary_precedence(op) else { break };
            if prec < min_prec {
                break;
            }
            let op_at = self.pos;
            self.pos += 1;
            if op == "?" {
                self.expression_expected()?;
                let then = self.parse(1, depth + 1)?;
                self.expect(":")?;
                self.expression_expected()?;
                let otherwise = self.parse(3, depth + 1)?;
                left = Expr::Ternary(Box::new(left), Box::new(then), Box::new(otherwise));
                continue;
            }
            if prec == 2 && !matches!(left, Expr::Var(..)) {
                return Err(ArithError::new(format!(
                    "{}: attempted assignment to non-variable (error token is \"{}\")",
                    self.text,
                    self.token_text(op_at)
                )));
            }
            let next_min = if right_assoc { prec } else { prec + 1 };
            let right = self.parse(next_min, depth + 1)?;
            // bash's error token for a division by 0 is the text of the right operand; for
            // the other errors of an evaluated operator (`**` of a negative, `/=` by 0), the
            // token after it, the one its parser had read ahead.
            let token_at =
                if matches!(op, "/" | "%") { op_at + 1 } else { self.pos.min(self.tokens.len().saturating_sub(1)) };
            let token_at = self.offsets.get(token_at).copied().unwrap_or(self.text.len());
            left = if prec == 2 {
                match left {
                    Expr::Var(name, index) => Expr::Assign(op, name, index, Box::new(right), token_at),
                    _ => return Err(ArithError::new(format!("{}: attempted assignment to non-variable", self.text))),
                }
            } else {
                match left {
                    Expr::Chain(first, mut rest) => {
                        rest.push((op, right, token_at));
                        Expr::Chain(first, rest)
                    }
                    other => Expr::Chain(Box::new(other), vec![(op, right, token_at)]),
                }
            };
        }
        Ok(left)
    }

    fn parse_unary(&mut self, depth: usize) -> Result<Expr, ArithError> {
        if depth > 256 {
            return Err(ArithError::new("expression nested too deeply".to_string()));
        }
        match self.peek_op() {
            Some(op @ ("!" | "~" | "-" | "+")) => {
                self.pos += 1;
                Ok(Expr::Unary(op, Box::new(self.parse_unary(depth + 1)?)))
            }
            Some(op @ ("++" | "--")) => {
                self.pos += 1;
                match self.parse_unary(depth + 1)? {
                    Expr::Var(name, index) => {
                        Ok(Expr::IncDec { name, index, delta: if op == "++" { 1 } else { -1 }, post: false })
                    }
                    _ => Err(ArithError::new(format!(
                        "{}: syntax error: operand expected (error token is \"{}\")",
                        self.text,
                        self.error_token()
                    ))),
                }
            }
            _ => self.parse_postfix(depth),
        }
    }

    fn parse_postfix(&mut self, depth: usize) -> Result<Expr, ArithError> {
        let primary = self.parse_primary(depth)?;
        if let (Some(op @ ("++" | "--")), Expr::Var(..)) = (self.peek_op(), &primary) {
            self.pos += 1;
            if let Expr::Var(name, index) = primary {
                return Ok(Expr::IncDec { name, index, delta: if op == "++" { 1 } else { -1 }, post: true });
            }
        }
        Ok(primary)
    }

    fn parse_primary(&mut self, depth: usize) -> Result<Expr, ArithError> {
        match self.tokens.get(self.pos).cloned() {
            Some(Token::Num(n)) => {
                self.pos += 1;
                Ok(Expr::Num(n))
            }
            Some(Token::Ident(name)) => {
                self.pos += 1;
                let index = match self.tokens.get(self.pos) {
                    Some(Token::Sub(raw)) => {
                        let raw = raw.clone();
                        self.pos += 1;
                        let dynamic = needs_expanding(&raw);
                        let expr = match parse_expr(&raw) {
                            _ if dynamic => Err(ArithError::new(String::new())),
                            Ok(Some(expr)) => Ok(expr),
                            // Blanks are an expression of 0, as in bash (`a[ ]`).
                            Ok(None) if !raw.is_empty() => Ok(Expr::Num(0)),
                            Ok(None) => Err(ArithError::new(format!("{name}: bad array subscript"))),
                            Err(err) => Err(err),
                        };
                        Some(Box::new(Index { raw, expr, dynamic }))
                    }
                    _ => None,
                };
                Ok(Expr::Var(name, index))
            }
            Some(Token::Op("(")) => {
                self.pos += 1;
                let inner = self.parse(1, depth + 1)?;
                self.expect(")")?;
                Ok(inner)
            }
            _ => Err(ArithError::new(format!(
                "{}: syntax error: operand expected (error token is \"{}\")",
                self.text,
                self.error_token()
            ))),
        }
    }
}

fn parse_expr(text: &str) -> Result<Option<Expr>, ArithError> {
    let (tokens, mut offsets) = tokenize(text)?;
    if tokens.is_empty() {
        return Ok(None);
    }
    // Offsets into the text as bash shows it: without its leading blanks.
    let lead = text.len() - text.trim_start().len();
    offsets.resize(tokens.len(), text.len());
    let offsets = offsets.iter().map(|at| at.saturating_sub(lead)).collect();
    let mut parser = ExprParser { tokens, offsets, pos: 0, text: text.trim_start().to_string() };
    let expr = parser.parse(1, 0)?;
    if parser.pos < parser.tokens.len() {
        return Err(ArithError::new(format!(
            "{}: syntax error in expression (error token is \"{}\")",
            parser.text,
            parser.error_token()
        )));
    }
    Ok(Some(expr))
}

/// Evaluates an expression text; empty text is 0.
pub fn eval(text: &str, env: &mut dyn ArithEnv) -> Result<i64, ArithError> {
    eval_depth(text, env, 0)
}

fn eval_depth(text: &str, env: &mut dyn ArithEnv, depth: usize) -> Result<i64, ArithError> {
    if depth > MAX_DEPTH {
        return Err(ArithError::new(format!("{text}: expression recursion level exceeded")));
    }
    stacker::maybe_grow(64 * 1024, 1024 * 1024, || match parse_cached(text)? {
        Some(expr) => Evaluator { env, depth, text }.eval(&expr),
        None => Ok(0),
    })
}

/// Expressions parsed before, by text: loops evaluate the same few expressions many times.
const CACHE_ENTRIES: usize = 512;

thread_local! {
    // Fx, not SipHash: hashing the text was a fifth of evaluating `i<10000`; the cache's size
    // bound keeps colliding keys harmless.
    static PARSED: std::cell::RefCell<rustc_hash::FxHashMap<String, Option<std::rc::Rc<Expr>>>> =
        std::cell::RefCell::new(rustc_hash::FxHashMap::default());
}

fn parse_cached(text: &str) -> Result<Option<std::rc::Rc<Expr>>, ArithError> {
    if let Some(hit) = PARSED.with(|cache| cache.borrow().get(text).cloned()) {
        return Ok(hit);
    }
    let parsed = parse_expr(text)?.map(std::rc::Rc::new);
    PARSED.with(|cache| {
        let mut cache = cache.borrow_mut();
        if cache.len() >= CACHE_ENTRIES {
            cache.clear();
        }
        cache.insert(text.to_string(), parsed.clone());
    });
    Ok(parsed)
}

/// `text` as a decimal number written the plain way (`-` at most, digits, no leading zero: bash
/// reads `010` as octal), else `None` for the expression evaluator to read.
fn plain_decimal(text: &str) -> Option<i64> {
    let (negative, digits) = match text.as_bytes() {
        [b'-', rest @ ..] => (true, rest),
        bytes => (false, bytes),
    };
    match digits {
        [b'0'] => return Some(0),
        [b'1'..=b'9', ..] => {}
        _ => return None,
    }
    // Read in one pass (`str::parse` is a fifth of evaluating `i<10000`), accumulated below
    // zero so that `i64::MIN` reads; a number out of range is left to the evaluator.
    let mut n: i64 = 0;
    for &byte in digits {
        if !byte.is_ascii_digit() {
            return None;
        }
        n = n.checked_mul(10)?.checked_sub(i64::from(byte - b'0'))?;
    }
    if negative { Some(n) } else { n.checked_neg() }
}

/// What a variable reference names once its subscript is read.
enum Slot {
    /// The variable, or an element of an indexed array.
    At(Option<i64>),
    /// A key of an associative array.
    Key(String),
}

struct Evaluator<'e> {
    env: &'e mut dyn ArithEnv,
    depth: usize,
    text: &'e str,
}

impl Evaluator<'_> {
    /// Where a subscript points: an associative array's key (its text as written), or an
    /// indexed array's element (its arithmetic).
    fn slot(&mut self, name: &str, index: &Option<Box<Index>>) -> Result<Slot, ArithError> {
        match index {
            None => Ok(Slot::At(None)),
            Some(index) if index.dynamic => {
                let text = self.subscript_text(&index.raw)?;
                if self.env.is_assoc(name) {
                    return Ok(Slot::Key(text));
                }
                if text.is_empty() {
                    return Err(ArithError::new(format!("{name}: bad array subscript")));
                }
                // Said in the subscript's own words, as an indexed subscript's error is.
                match eval_depth(&text, self.env, self.depth + 1) {
                    Ok(value) => Ok(Slot::At(Some(value))),
                    Err(err) if err.is_unbound() || err.is_readonly() || err.in_subscript() => Err(err),
                    Err(err) => Err(ArithError(err.0, true)),
                }
            }
            Some(index) if self.env.is_assoc(name) => Ok(Slot::Key(index.raw.clone())),
            Some(index) => match &index.expr {
                // Said as bash says it: in the subscript's own words (`1/0: division by 0`).
                Ok(expr) => match (Evaluator { env: &mut *self.env, depth: self.depth, text: &index.raw }).eval(expr) {
                    Ok(value) => Ok(Slot::At(Some(value))),
                    Err(err) if err.is_unbound() || err.is_readonly() => Err(err),
                    Err(err) => Err(ArithError(err.0, true)),
                },
                Err(err) => Err(ArithError(err.0.clone(), true)),
            },
        }
    }

    /// A subscript's text as bash's evaluator expands it (`expand_subscript_string`): a
    /// backslash quotes the next character, `'…'` is literal, `"…"` holds escapes and
    /// expansions, and `$name`/`${name}` is the variable's value. A command substitution is
    /// no part of arithmetic here and stays as text (the shell's expansion of `(( ))` has
    /// run any and quoted what they made).
    fn subscript_text(&mut self, raw: &str) -> Result<String, ArithError> {
        let chars: Vec<char> = raw.chars().collect();
        let mut out = String::with_capacity(raw.len());
        let mut idx = 0;
        let mut in_double = false;
        while idx < chars.len() {
            let c = chars[idx];
            match c {
                '\\' if idx + 1 < chars.len() => {
                    let next = chars[idx + 1];
                    if in_double && !matches!(next, '$' | '`' | '"' | '\\') {
                        out.push('\\');
                    }
                    out.push(next);
                    idx += 2;
                    continue;
                }
                // A quote with no partner is text (`a[80's]`).
                '\'' if !in_double && chars[idx + 1..].contains(&'\'') => {
                    idx += 1;
                    while idx < chars.len() && chars[idx] != '\'' {
                        out.push(chars[idx]);
                        idx += 1;
                    }
                }
                '"' => in_double = !in_double,
                '$' => {
                    let braced = chars.get(idx + 1) == Some(&'{');
                    let start = idx + 1 + usize::from(braced);
                    let mut end = start;
                    while end < chars.len() && (chars[end].is_ascii_alphanumeric() || chars[end] == '_') {
                        end += 1;
                    }
                    let name: String = chars[start..end].iter().collect();
                    let closed = !braced || chars.get(end) == Some(&'}');
                    if crate::vars::is_name(&name) && closed {
                        out.push_str(&self.env.get_var(&name, None)?);
                        idx = end + usize::from(braced);
                        continue;
                    }
                    out.push(c);
                }
                _ => out.push(c),
            }
            idx += 1;
        }
        Ok(out)
    }

    fn set(&mut self, name: &str, slot: &Slot, value: i64) -> Result<(), ArithError> {
        match slot {
            Slot::At(index) => self.env.set_var(name, *index, value),
            Slot::Key(key) => self.env.set_key(name, key, value),
        }
    }

    fn var(&mut self, name: &str, slot: &Slot) -> Result<i64, ArithError> {
        let value = match slot {
            Slot::At(index) => self.env.get_var(name, *index)?,
            Slot::Key(key) => self.env.get_key(name, key)?,
        };
        // Most values are plain decimal numbers (a loop's counter): read them as they are.
        if let Some(n) = plain_decimal(&value) {
            return Ok(n);
        }
        let trimmed = value.trim();
        if trimmed.is_empty() {
            return Ok(0);
        }
        if let Some(n) = plain_decimal(trimmed) {
            return Ok(n);
        }
        // A value that is itself an expression is evaluated against the variables it reads;
        // its trailing blanks stay, for the text of an error (`4 + : … operand expected`).
        let expression = value.trim_start().to_string();
        eval_depth(&expression, self.env, self.depth + 1)
    }

    fn eval(&mut self, expr: &Expr) -> Result<i64, ArithError> {
        Ok(match expr {
            Expr::Num(n) => *n,
            Expr::Var(name, index) => {
                let slot = self.slot(name, index)?;
                self.var(name, &slot)?
            }
            Expr::Unary(op, inner) => {
                let value = self.eval(inner)?;
                match *op {
                    "!" => i64::from(value == 0),
                    "~" => !value,
                    "-" => value.wrapping_neg(),
                    _ => value,
                }
            }
            Expr::IncDec { name, index, delta, post } => {
                let slot = self.slot(name, index)?;
                let old = self.var(name, &slot)?;
                let new = old.wrapping_add(*delta);
                self.set(name, &slot, new)?;
                if *post { old } else { new }
            }
            Expr::Ternary(cond, then, otherwise) => {
                if self.eval(cond)? != 0 {
                    self.eval(then)?
                } else {
                    self.eval(otherwise)?
                }
            }
            Expr::Assign(op, name, index, value, token_at) => {
                // bash reads a plain assignment's value before its subscript (`a[n]=++n`
                // sets a[1]), and an updating one's subscript first, once (`a[n++]+=n`).
                let (slot, right) = if *op == "=" {
                    let right = self.eval(value)?;
                    (self.slot(name, index)?, right)
                } else {
                    (self.slot(name, index)?, self.eval(value)?)
                };
                let result = if *op == "=" {
                    right
                } else {
                    let left = self.var(name, &slot)?;
                    self.apply(op.trim_end_matches('='), left, right, *token_at)?
                };
                self.set(name, &slot, result)?;
                result
            }
            Expr::Chain(first, rest) => {
                let mut value = self.eval(first)?;
                for (op, right, token_at) in rest {
                    value = match *op {
                        "&&" => i64::from(value != 0 && self.eval(right)? != 0),
                        "||" => i64::from(value != 0 || self.eval(right)? != 0),
                        "," => self.eval(right)?,
                        _ => {
                            let right = self.eval(right)?;
                            self.apply(op, value, right, *token_at)?
                        }
                    };
                }
                value
            }
        })
    }

    /// `token_at`: where bash's error token starts in the expression without its leading
    /// blanks, as bash shows the expression (trailing blanks kept).
    fn apply(&self, op: &str, left: i64, right: i64, token_at: usize) -> Result<i64, ArithError> {
        let text = self.text.trim_start();
        let token = text.get(token_at..).unwrap_or_default();
        let fail = |problem: &str| ArithError::new(format!("{text}: {problem} (error token is \"{token}\")"));
        let div_zero = || fail("division by 0");
        Ok(match op {
            "+" => left.wrapping_add(right),
            "-" => left.wrapping_sub(right),
            "*" => left.wrapping_mul(right),
            "/" => {
                if right == 0 {
                    return Err(div_zero());
                }
                left.wrapping_div(right)
            }
            "%" => {
                if right == 0 {
                    return Err(div_zero());
                }
                left.wrapping_rem(right)
            }
            "**" => {
                if right < 0 {
                    return Err(fail("exponent less than 0"));
                }
                let mut result: i64 = 1;
                let mut base = left;
                let mut exp = right;
                while exp > 0 {
                    if exp & 1 == 1 {
                        result = result.wrapping_mul(base);
                    }
                    base = base.wrapping_mul(base);
                    exp >>= 1;
                }
                result
            }
            "<<" => left.wrapping_shl((right & 63) as u32),
            ">>" => left.wrapping_shr((right & 63) as u32),
            "&" => left & right,
            "|" => left | right,
            "^" => left ^ right,
            "==" => i64::from(left == right),
            "!=" => i64::from(left != right),
            "<" => i64::from(left < right),
            ">" => i64::from(left > right),
            "<=" => i64::from(left <= right),
            ">=" => i64::from(left >= right),
            _ => return Err(ArithError::new(format!("unknown operator `{op}`"))),
        })
    }
}

/// Arithmetic variable access over the session state: names are the shell's variables, and
/// the ones bash computes at each use (`RANDOM`, `LINENO`, `SECONDS`, `EPOCHSECONDS`), as in
/// an expansion.
pub struct ArithVars<'s> {
    /// The session's variables.
    pub state: &'s mut crate::session::State,
    /// When `SECONDS` counts from (`None`: it is an ordinary variable here).
    pub started: Option<std::time::Instant>,
    /// How many references to elements are being read inside each other: a subscript that
    /// reads its own reference (`declare -n r='a[r]'`) stops at [`MAX_DEPTH`] as bash's
    /// recursion does.
    elements: usize,
}

impl<'s> ArithVars<'s> {
    /// Over `state`, with `SECONDS` counting from `started`.
    pub fn new(state: &'s mut crate::session::State, started: Option<std::time::Instant>) -> Self {
        ArithVars { state, started, elements: 0 }
    }

    /// The subscript `key` of an element a reference names (`array[key]`), evaluated, deeper
    /// than [`MAX_DEPTH`] refused.
    fn element_index(&mut self, array: &str, key: &str) -> Result<i64, ArithError> {
        if self.elements >= MAX_DEPTH {
            let text = format!("{array}[{key}]");
            return Err(ArithError::new(format!(
                "{text}: expression recursion level exceeded (error token is \"{text}\")"
            )));
        }
        self.elements += 1;
        let at = eval(key, self);
        self.elements -= 1;
        at
    }

    fn dynamic(&mut self, name: &str) -> Option<String> {
        if !matches!(name.as_bytes().first(), Some(b'R' | b'L' | b'S' | b'E' | b'H' | b'B'))
            || !self.state.is_dynamic(name)
        {
            return None;
        }
        Some(match name {
            "RANDOM" => self.state.next_random().to_string(),
            "LINENO" => self.state.lineno.to_string(),
            "HISTCMD" => self.state.history.last_number().to_string(),
            // A subshell's number is given by the interpreter before the text is read.
            "BASHPID" => self.state.bashpid.filter(|&pid| pid > 0).unwrap_or_else(std::process::id).to_string(),
            "SECONDS" => self.state.seconds(self.started?)?.to_string(),
            "EPOCHSECONDS" => {
                let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH);
                now.map(|since| since.as_secs()).unwrap_or(0).to_string()
            }
            _ => return None,
        })
    }
}

impl ArithEnv for ArithVars<'_> {
    fn get_var(&mut self, name: &str, index: Option<i64>) -> Result<Cow<'_, str>, ArithError> {
        if index.is_none()
            && let Some(value) = self.dynamic(name)
        {
            return Ok(Cow::Owned(value));
        }
        // A reference to an element (`declare -n ref='arr[i]'`) reads that element.
        if index.is_none()
            && let Some((array, key)) = self.state.vars.element_target(name)
        {
            let assoc = matches!(self.state.vars.get(&array).map(|var| &var.value), Some(crate::vars::Value::Assoc(_)));
            if assoc {
                let value = self.state.vars.get(&array).and_then(|var| match &var.value {
                    crate::vars::Value::Assoc(map) => map.get(&key).cloned(),
                    _ => None,
                });
                return Ok(Cow::Owned(value.unwrap_or_default()));
            }
            let at = self.element_index(&array, &key)?;
            return Ok(Cow::Owned(self.get_var(&array, Some(at))?.into_owned()));
        }
        let Some(var) = self.state.vars.get(name) else {
            if self.state.options.nounset {
                return Err(ArithError::new(format!("{name}{UNBOUND}")));
            }
            return Ok(Cow::Borrowed(""));
        };
        Ok(Cow::Borrowed(match (index, &var.value) {
            (None, _) => var.scalar().unwrap_or_default(),
            (Some(idx), crate::vars::Value::Indexed(map)) => {
                let idx = if idx < 0 { map.keys().next_back().map_or(0, |k| k + 1) + idx } else { idx };
                map.get(&idx).map_or("", String::as_str)
            }
            (Some(idx), crate::vars::Value::Assoc(map)) => map.get(&idx.to_string()).map_or("", String::as_str),
            (Some(0), _) => var.scalar().unwrap_or_default(),
            (Some(_), _) => "",
        }))
    }

    fn set_var(&mut self, name: &str, index: Option<i64>, value: i64) -> Result<(), ArithError> {
        // A reference to an element writes that element, its subscript evaluated as one.
        if index.is_none()
            && let Some((array, key)) = self.state.vars.element_target(name)
        {
            let assoc = matches!(self.state.vars.get(&array).map(|var| &var.value), Some(crate::vars::Value::Assoc(_)));
            let key = if assoc { key } else { self.element_index(&array, &key)?.to_string() };
            self.state.vars.unreference_array(name, &array);
            let result = self.state.vars.set_element(&array, &key, value.to_string(), false);
            return refused(result);
        }
        let result = match index {
            None => self.state.vars.set_number(name, value),
            Some(idx) => self.state.vars.set_element(name, &idx.to_string(), value.to_string(), false),
        };
        refused(result)
    }

    fn is_assoc(&mut self, name: &str) -> bool {
        matches!(self.state.vars.get(name).map(|var| &var.value), Some(crate::vars::Value::Assoc(_)))
    }

    fn get_key(&mut self, name: &str, key: &str) -> Result<Cow<'_, str>, ArithError> {
        Ok(Cow::Borrowed(self.state.vars.element(name, key).unwrap_or_default()))
    }

    fn set_key(&mut self, name: &str, key: &str, value: i64) -> Result<(), ArithError> {
        let result = self.state.vars.set_element(name, key, value.to_string(), false);
        refused(result)
    }
}

/// An assignment's refusal as an arithmetic error (`V: readonly variable`, "`0': not a valid
/// identifier"); a circle of references assigns nothing and is no error, as in bash (its
/// warning is a note).
fn refused(result: Result<(), crate::vars::SetError>) -> Result<(), ArithError> {
    match result {
        Err(crate::vars::SetError::Circular(_)) | Ok(()) => Ok(()),
        Err(err) => Err(ArithError::new(err.to_string())),
    }
}

/// Arithmetic over the state, for callers outside the interpreter.
pub fn eval_arith(text: &str, state: &mut crate::session::State) -> Result<i64, String> {
    eval(text, &mut ArithVars::new(state, None)).map_err(|e| e.0)
}

/// Why [`State::set_target`](crate::session::State::set_target) did not set its target.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TargetError {
    /// Neither a name nor `name[subscript]`, or a reference to nothing assignable.
    Invalid(String),
    /// The variable is read-only.
    Readonly(String),
    /// The subscript's arithmetic failed (its message).
    Subscript(String),
    /// Refused for another reason of the variables (a circle of references, warned about
    /// in a note and said no more; a reference to itself).
    Refused(crate::vars::SetError),
}

impl From<crate::vars::SetError> for TargetError {
    fn from(err: crate::vars::SetError) -> Self {
        match err {
            crate::vars::SetError::Readonly(name) => TargetError::Readonly(name),
            crate::vars::SetError::Invalid(text) => TargetError::Invalid(text),
            other => TargetError::Refused(other),
        }
    }
}

impl std::fmt::Display for TargetError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TargetError::Invalid(target) => write!(f, "`{target}': not a valid identifier"),
            TargetError::Readonly(name) => write!(f, "{name}: readonly variable"),
            TargetError::Subscript(message) => f.write_str(message),
            TargetError::Refused(err) => write!(f, "{err}"),
        }
    }
}

/// Assignments to a target whose subscript is arithmetic.
impl crate::session::State {
    /// Sets `target`, a name or `name[subscript]` as `printf -v`, `read` and `declare`'s
    /// operands take it (an indexed array's subscript is arithmetic, an associative array's a
    /// key), to `value`. A name that is a reference to an element sets that element.
    pub fn set_target(&mut self, target: &str, value: String) -> Result<(), TargetError> {
        if crate::vars::is_name(target) {
            if let Some((base, key)) = self.vars.element_target(target) {
                self.vars.unreference_array(target, &base);
                return self.set_element_target(&base, &key, value);
            }
            return Ok(self.try_set_var(target, value)?);
        }
        let Some((name, subscript, as_is)) = self.element_operand(target, false) else {
            return Err(TargetError::Invalid(target.to_string()));
        };
        // Unless `assoc_expand_once`, an associative array's key is expanded once more, as
        // `unset` expands it (`printf -v 'm["k"]'` sets the key k, `read 'm[$k]'` the key $k
        // holds).
        let key = match self.vars.get(name).map(|var| &var.value) {
            Some(crate::vars::Value::Assoc(_)) if !as_is => self.assoc_key_text(subscript)?,
            _ => subscript.to_string(),
        };
        self.set_element_target(name, &key, value)
    }

    /// An associative array's key written in an operand (`unset 'm[$k]'`, `test -v 'm["k"]'`)
    /// expanded once more, as bash's evaluator expands a subscript: quotes removed, `$name`
    /// read; a command substitution stays as text here.
    pub fn assoc_key_text(&mut self, subscript: &str) -> Result<String, TargetError> {
        let mut env = ArithVars::new(self, None);
        let mut evaluator = Evaluator { env: &mut env, depth: 0, text: subscript };
        evaluator.subscript_text(subscript).map_err(|err| TargetError::Subscript(err.0))
    }

    /// `name[subscript]` as bash's `valid_array_reference` reads an operand of `read`,
    /// `printf -v` (`unset` false) or `unset`, and whether an associative array's key is taken
    /// as it is rather than expanded once more. Under `shopt -s assoc_expand_once` a key is not
    /// expanded again, so its first `]` closes it, or its last when the operand was written as
    /// an element (`read A[$k]`, [`crate::session::State::arrayref_words`]), which for `unset` is enough;
    /// otherwise quotes and nested brackets are skipped (`A[]]` and `a[80's]` are no element).
    pub fn element_operand<'t>(&self, target: &'t str, unset: bool) -> Option<(&'t str, &'t str, bool)> {
        let open = target.find('[')?;
        let once = self.options.get(crate::options::Kind::Shopt, "assoc_expand_once") == Some(true);
        let written = self.arrayref_words.iter().any(|word| word == target);
        let as_is = once || unset && written;
        let assoc =
            as_is && matches!(self.vars.get(&target[..open]).map(|v| &v.value), Some(crate::vars::Value::Assoc(_)));
        if assoc && written {
            let key = target[open + 1..].strip_suffix(']')?;
            return (crate::vars::is_name(&target[..open]) && !key.is_empty()).then(|| (&target[..open], key, true));
        }
        crate::vars::array_reference(target, assoc).map(|(name, key)| (name, key, as_is))
    }

    /// Sets `name[subscript]`, the subscript evaluated for an indexed array.
    fn set_element_target(&mut self, name: &str, subscript: &str, value: String) -> Result<(), TargetError> {
        let key = match self.vars.get(name).map(|var| &var.value) {
            Some(crate::vars::Value::Assoc(_)) => subscript.to_string(),
            // `@` and `*` stand for every element, which no assignment sets.
            _ if matches!(subscript, "@" | "*") => {
                return Err(TargetError::Subscript(format!("{name}[{subscript}]: bad array subscript")));
            }
            _ => eval(subscript, &mut ArithVars::new(self, None))
                .map_err(|err| TargetError::Subscript(err.0))?
                .to_string(),
        };
        Ok(self.vars.set_element(name, &key, value, false)?)
    }

    /// `unset 'name[subscript]'`: an indexed array's subscript is arithmetic (`a[i]`,
    /// `a[n-1]`), a negative one counting back from the end and refused before the first
    /// element (`[-5]: bad array subscript`, as bash words it); an associative array's is a key.
    /// Unless `as_is`, an associative array's key is expanded once more, as bash's evaluator
    /// expands a subscript (`unset 'a[$k]'` unsets the key `$k` holds; a command substitution
    /// stays as text here).
    pub fn unset_element_target(&mut self, name: &str, subscript: &str, as_is: bool) -> Result<(), TargetError> {
        let last = match self.vars.get(name).map(|var| &var.value) {
            Some(crate::vars::Value::Indexed(map)) => map.keys().next_back().copied(),
            Some(crate::vars::Value::Assoc(_)) if !as_is => {
                let key = self.assoc_key_text(subscript)?;
                self.vars.unset_element(name, &key);
                return Ok(());
            }
            _ => {
                self.vars.unset_element(name, subscript);
                return Ok(());
            }
        };
        let index = eval(subscript, &mut ArithVars::new(self, None)).map_err(|err| TargetError::Subscript(err.0))?;
        if index < 0 && index.saturating_add(last.map_or(0, |last| last.saturating_add(1))) < 0 {
            return Err(TargetError::Subscript(format!("[{subscript}]: bad array subscript")));
        }
        self.vars.unset_element(name, &index.to_string());
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    #[derive(Default)]
    struct Env(HashMap<String, String>);

    impl ArithEnv for Env {
        fn get_var(&mut self, name: &str, _index: Option<i64>) -> Result<Cow<'_, str>, ArithError> {
            Ok(Cow::Borrowed(self.0.get(name).map_or("", String::as_str)))
        }
        fn set_var(&mut self, name: &str, _index: Option<i64>, value: i64) -> Result<(), ArithError> {
            self.0.insert(name.to_string(), value.to_string());
            Ok(())
        }
    }

    fn check(text: &str, expected: i64) {
        let mut env = Env::default();
        env.0.insert("x".into(), "5".into());
        env.0.insert("e".into(), "x*2".into());
        assert_eq!(eval(text, &mut env), Ok(expected), "{text}");
    }

    #[test]
    fn plain_decimal_reads_what_parse_reads_of_plain_numbers() {
        let plain = |text: &str| {
            let digits = text.strip_prefix('-').unwrap_or(text);
            let shaped = digits == "0"
                || digits.starts_with(|c: char| matches!(c, '1'..='9')) && digits.bytes().all(|b| b.is_ascii_digit());
            if shaped { text.parse::<i64>().ok() } else { None }
        };
        let cases = [
            "0",
            "-0",
            "7",
            "-7",
            "10",
            "010",
            "-010",
            "00",
            "",
            "-",
            "--1",
            "+1",
            " 1",
            "1 ",
            "1a",
            "12x3",
            "0x10",
            "9223372036854775807",
            "9223372036854775808",
            "-9223372036854775808",
            "-9223372036854775809",
            "99999999999999999999",
            "1234567890",
            "١",
        ];
        for text in cases {
            assert_eq!(plain_decimal(text), plain(text), "{text:?}");
        }
    }

    #[test]
    fn operators() {
        check("1 + 2 * 3", 7);
        check("(1 + 2) * 3", 9);
        check("2 ** 3 ** 2", 512);
        check("-2 ** 2", 4);
        check("7 / 2 + 7 % 3", 4);
        check("1 << 4 | 1", 17);
        check("x > 3 ? 10 : 20", 10);
        check("x++ + x", 11);
        check("e + 1", 11);
        // A value with a leading zero is octal, as bash reads it; spaces around it are dropped.
        let mut env = Env::default();
        for (value, expected) in [("010", 8), (" 010 ", 8), ("-010", -8), ("0", 0), ("-0", 0), ("+5", 5), ("42", 42)] {
            env.0.insert("v".into(), value.into());
            assert_eq!(eval("v", &mut env), Ok(expected), "{value:?}");
        }
        check("0x1f + 010 + 2#101", 44);
        check("!0 && ~0", 1);
        check("a = 3, a *= 2", 6);
        check("", 0);
    }

    #[test]
    fn errors() {
        let mut env = Env::default();
        assert!(eval("1 / 0", &mut env).is_err());
        assert!(eval("1 +", &mut env).is_err());
        assert!(eval("08", &mut env).is_err());
        assert!(eval("3 = 4", &mut env).is_err());
        env.0.insert("r".into(), "r + 1".into());
        assert!(eval("r", &mut env).is_err());
    }
}
