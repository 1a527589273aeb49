//! `bc`: arbitrary-precision decimal arithmetic with GNU bc's scale rules — numbers are an
//! integer mantissa and a count of decimal places; `scale` sets the places of `/`, `%`, `^`
//! with a negative exponent and `sqrt`. Variables, arrays, `ibase`/`obase` (2–16), `if`,
//! `while`, `for`, `break`/`continue`, `define` with `auto` and `return`, `print`, strings,
//! comments, `length`, `scale`, `sqrt`, `-l` (scale 20 and the math library's `s c a l e j`,
//! written in bc in `bc_math.bc`).

use crate::Ctx;
use crate::session::Status;
use crate::spec::{Args, Misuse, Opt, Spec, Words};
use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{One, Signed, ToPrimitive, Zero};
use std::collections::HashMap;

const MATHLIB: Opt = Opt::both('l', "mathlib", "use the predefined math routines");
const QUIET: Opt = Opt::both('q', "quiet", "don't print initial banner (none is printed here)");
const STANDARD: Opt = Opt::both('s', "standard", "non-standard bc constructs are errors (refused: not checked here)");
const WARN: Opt = Opt::both('w', "warn", "warn about non-standard bc constructs (refused: not checked here)");

/// `bc`.
pub const BC: Spec = Spec {
    name: "bc",
    summary: "arbitrary-precision calculator (scale, ibase/obase, functions)",
    synopsis: &["[options] [file ...]"],
    about: "Run the bc program in each file, then standard input (unless a file quits).",
    options: &[MATHLIB, QUIET, STANDARD, WARN],
    words: Words::Own(bc_words),
    help_letter: Some('h'),
    ..Spec::BASE
};

/// bc's words: GNU's message, then its usage.
fn bc_words(spec: &Spec, misuse: &Misuse) -> String {
    format!("bc: {misuse}\n{}", spec.help())
}
/// Output lines are cut at this many characters, a `\` ending each cut line (GNU's default).
const LINE_LENGTH: usize = 70;
/// Numbers may grow to this many bits (1 MB, about 2.4 million digits): past it a product or
/// power is an error, so a runaway computation stops instead of taking the machine's memory.
const MAX_BITS: u64 = 8_000_000;
/// Calls may nest this deep (a runaway recursion ends with an error, not a crash).
const MAX_DEPTH: usize = 1000;

/// `mantissa / 10^scale`.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Num {
    mantissa: BigInt,
    scale: u32,
}

fn ten_pow(n: u32) -> BigInt {
    num_traits::pow(BigInt::from(10), n as usize)
}

impl Num {
    fn int(value: i64) -> Num {
        Num { mantissa: BigInt::from(value), scale: 0 }
    }

    fn is_zero(&self) -> bool {
        self.mantissa.is_zero()
    }

    /// The same value with `scale` places (truncating toward zero when fewer).
    fn rescale(&self, scale: u32) -> Num {
        let mantissa = if scale >= self.scale {
            &self.mantissa * ten_pow(scale - self.scale)
        } else {
            &self.mantissa / ten_pow(self.scale - scale)
        };
        Num { mantissa, scale }
    }

    fn add(&self, other: &Num) -> Num {
        let scale = self.scale.max(other.scale);
        Num { mantissa: self.rescale(scale).mantissa + other.rescale(scale).mantissa, scale }
    }

    fn neg(&self) -> Num {
        Num { mantissa: -&self.mantissa, scale: self.scale }
    }

    fn mul(&self, other: &Num, scale: u32) -> Result<Num, String> {
        if self.mantissa.bits() + other.mantissa.bits() > MAX_BITS {
            return Err("the product is too large (more than 8 million bits)".to_string());
        }
        let exact = Num { mantissa: &self.mantissa * &other.mantissa, scale: self.scale + other.scale };
        Ok(exact.rescale(exact.scale.min(scale.max(self.scale).max(other.scale))))
    }

    fn div(&self, other: &Num, scale: u32) -> Result<Num, String> {
        if other.is_zero() {
            return Err("divide by zero".to_string());
        }
        let numerator = &self.mantissa * ten_pow(other.scale + scale);
        let denominator = &other.mantissa * ten_pow(self.scale);
        Ok(Num { mantissa: numerator / denominator, scale })
    }

    fn rem(&self, other: &Num, scale: u32) -> Result<Num, String> {
        let quotient = self.div(other, scale)?;
        let product = Num { mantissa: &quotient.mantissa * &other.mantissa, scale: quotient.scale + other.scale };
        let result = self.add(&product.neg());
        Ok(result.rescale((scale + other.scale).max(self.scale)))
    }

    fn pow(&self, exponent: &Num, scale: u32) -> Result<Num, String> {
        let e = exponent.rescale(0).mantissa;
        let Some(n) = e.abs().to_u32().filter(|n| *n <= 100_000) else {
            return Err("exponent too large".to_string());
        };
        if self.mantissa.bits().saturating_mul(u64::from(n)) > MAX_BITS {
            return Err("the power is too large (more than 8 million bits)".to_string());
        }
        let exact = Num { mantissa: num_traits::pow(self.mantissa.clone(), n as usize), scale: self.scale * n };
        if e.is_negative() {
            return Num::int(1).div(&exact, scale);
        }
        Ok(exact.rescale(exact.scale.min(scale.max(self.scale))))
    }

    fn sqrt(&self, scale: u32) -> Result<Num, String> {
        if self.mantissa.is_negative() {
            return Err("square root of a negative number".to_string());
        }
        let places = scale.max(self.scale);
        let widened = &self.mantissa * ten_pow(2 * places - self.scale);
        Ok(Num { mantissa: widened.sqrt(), scale: places })
    }

    fn cmp(&self, other: &Num) -> std::cmp::Ordering {
        let scale = self.scale.max(other.scale);
        self.rescale(scale).mantissa.cmp(&other.rescale(scale).mantissa)
    }

    fn truth(&self) -> bool {
        !self.is_zero()
    }

    fn length(&self) -> u32 {
        let digits = if self.is_zero() { 1 } else { self.mantissa.abs().to_string().len() as u32 };
        digits.max(self.scale)
    }

    /// The text bc prints in base `obase` (without line cutting).
    fn render(&self, obase: u32) -> String {
        let sign = if self.mantissa.is_negative() { "-" } else { "" };
        if obase == 10 {
            let digits = self.mantissa.abs().to_string();
            if self.scale == 0 {
                return format!("{sign}{digits}");
            }
            if self.is_zero() {
                return "0".to_string();
            }
            let scale = self.scale as usize;
            let padded =
                if digits.len() < scale { format!("{}{digits}", "0".repeat(scale - digits.len())) } else { digits };
            let (whole, fraction) = padded.split_at(padded.len() - scale);
            return format!("{sign}{whole}.{fraction}");
        }
        // Other bases: the integer part, then as many fraction digits as carry the precision.
        let whole = (self.mantissa.abs() / ten_pow(self.scale)).to_str_radix(obase).to_uppercase();
        let whole = if whole == "0" && self.scale > 0 { String::new() } else { whole };
        if self.scale == 0 {
            return format!("{sign}{whole}");
        }
        let mut fraction = self.mantissa.abs() % ten_pow(self.scale);
        let unit = ten_pow(self.scale);
        let places = ((self.scale as f64) * 10f64.ln() / (obase as f64).ln()).ceil() as usize;
        let mut digits = String::new();
        for _ in 0..places {
            fraction *= obase;
            let (digit, rest) = fraction.div_rem(&unit);
            digits.push(char::from_digit(digit.to_u32().unwrap_or(0), obase).unwrap_or('0').to_ascii_uppercase());
            fraction = rest;
        }
        if whole.is_empty() && digits.chars().all(|c| c == '0') {
            return "0".to_string();
        }
        format!("{sign}{whole}.{digits}")
    }
}

/// Cuts `text` into lines of [`LINE_LENGTH`] characters, each but the last ending in `\`.
fn cut_lines(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    if chars.len() < LINE_LENGTH {
        return format!("{text}\n");
    }
    let mut out = String::new();
    for (i, chunk) in chars.chunks(LINE_LENGTH - 1).enumerate() {
        if i > 0 {
            out.push_str("\\\n");
        }
        out.extend(chunk);
    }
    out.push('\n');
    out
}

#[derive(Clone, Debug, PartialEq)]
enum Tok {
    Num(String),
    Name(String),
    Str(String),
    Op(&'static str),
    Newline,
}

const OPS: &[&str] = &[
    "++", "--", "+=", "-=", "*=", "/=", "%=", "^=", "==", "!=", "<=", ">=", "&&", "||", "+", "-", "*", "/", "%", "^",
    "=", "<", ">", "!", "(", ")", "{", "}", "[", "]", ",", ";",
];

/// Tokens with their line numbers.
fn lex(text: &str) -> Result<Vec<(Tok, usize)>, String> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut line = 1;
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        match c {
            '\n' => {
                out.push((Tok::Newline, line));
                line += 1;
                i += 1;
            }
            ' ' | '\t' | '\r' => i += 1,
            '\\' if chars.get(i + 1) == Some(&'\n') => {
                line += 1;
                i += 2;
            }
            '#' => {
                while i < chars.len() && chars[i] != '\n' {
                    i += 1;
                }
            }
            '/' if chars.get(i + 1) == Some(&'*') => {
                let start = line;
                i += 2;
                loop {
                    match chars.get(i) {
                        None => return Err(format!("{start}: comment not ended; close it with */")),
                        Some('*') if chars.get(i + 1) == Some(&'/') => break,
                        Some('\n') => line += 1,
                        _ => {}
                    }
                    i += 1;
                }
                i += 2;
            }
            '"' => {
                let start = line;
                let mut text = String::new();
                i += 1;
                loop {
                    match chars.get(i) {
                        None => return Err(format!("{start}: string not ended; close it with \"")),
                        Some('"') => break,
                        Some(&ch) => {
                            if ch == '\n' {
                                line += 1;
                            }
                            text.push(ch);
                        }
                    }
                    i += 1;
                }
                i += 1;
                out.push((Tok::Str(text), start));
            }
            _ if c.is_ascii_digit() || c.is_ascii_uppercase() || c == '.' => {
                let start = i;
                while i < chars.len() && (chars[i].is_ascii_digit() || chars[i].is_ascii_uppercase() || chars[i] == '.')
                {
                    i += 1;
                }
                out.push((Tok::Num(chars[start..i].iter().collect()), line));
            }
            _ if c.is_ascii_lowercase() || c == '_' => {
                let start = i;
                while i < chars.len() && (chars[i].is_ascii_lowercase() || chars[i].is_ascii_digit() || chars[i] == '_')
                {
                    i += 1;
                }
                out.push((Tok::Name(chars[start..i].iter().collect()), line));
            }
            _ => {
                let rest: String = chars[i..chars.len().min(i + 2)].iter().collect();
                match OPS.iter().find(|op| rest.starts_with(**op)) {
                    Some(op) => {
                        out.push((Tok::Op(op), line));
                        i += op.len();
                    }
                    None => return Err(format!("{line}: illegal character: {c}")),
                }
            }
        }
    }
    Ok(out)
}

/// An assignable place: a variable, an array element, or a special (`scale`, `ibase`, `obase`).
#[derive(Clone, Debug)]
enum Place {
    Var(String),
    Elem(String, Box<Expr>),
}

#[derive(Clone, Debug)]
enum Expr {
    Num(String),
    Load(Place),
    Assign(Place, Option<&'static str>, Box<Expr>),
    Step(Place, i64, bool),
    Neg(Box<Expr>),
    Not(Box<Expr>),
    Bin(&'static str, Box<Expr>, Box<Expr>),
    Call(String, Vec<Expr>),
}

#[derive(Clone, Debug)]
enum Stmt {
    Expr(Expr),
    Str(String),
    Print(Vec<Result<Expr, String>>),
    Block(Vec<Stmt>),
    If(Expr, Box<Stmt>, Option<Box<Stmt>>),
    While(Expr, Box<Stmt>),
    For(Option<Expr>, Option<Expr>, Option<Expr>, Box<Stmt>),
    Break,
    Continue,
    Return(Option<Expr>),
    Halt,
    Empty,
}

#[derive(Clone, Debug)]
struct Function {
    params: Vec<String>,
    autos: Vec<String>,
    body: Vec<Stmt>,
}

struct Parser {
    toks: Vec<(Tok, usize)>,
    at: usize,
    functions: HashMap<String, Function>,
    quit: bool,
    /// Nesting of expressions and statements being parsed (see [`MAX_NESTING`]).
    depth: usize,
}

/// How deep expressions and blocks may nest: 50,000 `(` overflowed the stack and ended the
/// process. The tree is parsed, evaluated and dropped recursively, all within this bound.
const MAX_NESTING: usize = 10_000;

impl Parser {
    fn peek(&self) -> Option<&Tok> {
        self.toks.get(self.at).map(|(t, _)| t)
    }

    fn line(&self) -> usize {
        self.toks.get(self.at).or(self.toks.last()).map_or(1, |(_, l)| *l)
    }

    fn error<T>(&self, what: &str) -> Result<T, String> {
        let found = match self.peek() {
            None => "end of input".to_string(),
            Some(Tok::Newline) => "end of line".to_string(),
            Some(Tok::Num(n)) => format!("'{n}'"),
            Some(Tok::Name(n)) => format!("'{n}'"),
            Some(Tok::Str(_)) => "a string".to_string(),
            Some(Tok::Op(op)) => format!("'{op}'"),
        };
        Err(format!("{}: syntax error: expected {what}, found {found}", self.line()))
    }

    fn eat(&mut self, op: &str) -> bool {
        if self.peek() == Some(&Tok::Op(leak(op))) {
            self.at += 1;
            return true;
        }
        false
    }

    fn expect(&mut self, op: &str) -> Result<(), String> {
        if self.eat(op) { Ok(()) } else { self.error(&format!("'{op}'")) }
    }

    fn skip_newlines(&mut self) {
        while matches!(self.peek(), Some(Tok::Newline) | Some(Tok::Op(";"))) {
            self.at += 1;
        }
    }

    fn skip_line_breaks(&mut self) {
        while self.peek() == Some(&Tok::Newline) {
            self.at += 1;
        }
    }

    fn statements_until(&mut self, end: Option<&str>) -> Result<Vec<Stmt>, String> {
        let mut out = Vec::new();
        loop {
            self.skip_newlines();
            match (self.peek(), end) {
                (None, None) => return Ok(out),
                (None, Some(close)) => return self.error(&format!("'{close}'")),
                (Some(Tok::Op(op)), Some(close)) if *op == close => {
                    self.at += 1;
                    return Ok(out);
                }
                _ => {}
            }
            let stmt = self.statement()?;
            if self.quit {
                return Ok(out);
            }
            out.push(stmt);
            match self.peek() {
                None | Some(Tok::Newline) | Some(Tok::Op(";")) | Some(Tok::Op("}")) => {}
                _ => return self.error("end of statement"),
            }
        }
    }

    fn statement(&mut self) -> Result<Stmt, String> {
        self.depth += 1;
        let result = if self.depth > MAX_NESTING {
            self.error(&format!("statements nested at most {MAX_NESTING} deep"))
        } else {
            self.statement_inner()
        };
        self.depth -= 1;
        result
    }

    fn statement_inner(&mut self) -> Result<Stmt, String> {
        match self.peek().cloned() {
            Some(Tok::Str(text)) => {
                self.at += 1;
                Ok(Stmt::Str(text))
            }
            Some(Tok::Op("{")) => {
                self.at += 1;
                Ok(Stmt::Block(self.statements_until(Some("}"))?))
            }
            Some(Tok::Name(word)) => match word.as_str() {
                "if" => {
                    self.at += 1;
                    self.expect("(")?;
                    let cond = self.expr()?;
                    self.expect(")")?;
                    self.skip_line_breaks();
                    let then = Box::new(self.statement()?);
                    let save = self.at;
                    self.skip_newlines();
                    if self.peek() == Some(&Tok::Name("else".to_string())) {
                        self.at += 1;
                        self.skip_line_breaks();
                        return Ok(Stmt::If(cond, then, Some(Box::new(self.statement()?))));
                    }
                    self.at = save;
                    Ok(Stmt::If(cond, then, None))
                }
                "while" => {
                    self.at += 1;
                    self.expect("(")?;
                    let cond = self.expr()?;
                    self.expect(")")?;
                    self.skip_line_breaks();
                    Ok(Stmt::While(cond, Box::new(self.statement()?)))
                }
                "for" => {
                    self.at += 1;
                    self.expect("(")?;
                    let mut parts = Vec::new();
                    for close in [";", ";", ")"] {
                        parts.push(if self.eat(close) {
                            None
                        } else {
                            let e = self.expr()?;
                            self.expect(close)?;
                            Some(e)
                        });
                    }
                    self.skip_line_breaks();
                    let body = Box::new(self.statement()?);
                    let mut parts = parts.into_iter();
                    Ok(Stmt::For(parts.next().flatten(), parts.next().flatten(), parts.next().flatten(), body))
                }
                "break" | "continue" | "halt" => {
                    self.at += 1;
                    Ok(match word.as_str() {
                        "break" => Stmt::Break,
                        "continue" => Stmt::Continue,
                        _ => Stmt::Halt,
                    })
                }
                "quit" => {
                    self.at += 1;
                    self.quit = true;
                    Ok(Stmt::Empty)
                }
                "return" => {
                    self.at += 1;
                    match self.peek() {
                        None | Some(Tok::Newline) | Some(Tok::Op(";")) | Some(Tok::Op("}")) => Ok(Stmt::Return(None)),
                        _ => Ok(Stmt::Return(Some(self.expr()?))),
                    }
                }
                "print" => {
                    self.at += 1;
                    let mut items = Vec::new();
                    loop {
                        match self.peek().cloned() {
                            Some(Tok::Str(text)) => {
                                self.at += 1;
                                items.push(Err(text));
                            }
                            _ => items.push(Ok(self.expr()?)),
                        }
                        if !self.eat(",") {
                            break;
                        }
                    }
                    Ok(Stmt::Print(items))
                }
                "define" => {
                    self.at += 1;
                    let name = match self.peek().cloned() {
                        Some(Tok::Name(name)) => name,
                        _ => return self.error("a function name"),
                    };
                    self.at += 1;
                    self.expect("(")?;
                    let mut params = Vec::new();
                    while let Some(Tok::Name(param)) = self.peek().cloned() {
                        self.at += 1;
                        if self.eat("[") {
                            self.expect("]")?;
                        }
                        params.push(param);
                        if !self.eat(",") {
                            break;
                        }
                    }
                    self.expect(")")?;
                    self.skip_line_breaks();
                    self.expect("{")?;
                    self.skip_newlines();
                    let mut autos = Vec::new();
                    if self.peek() == Some(&Tok::Name("auto".to_string())) {
                        self.at += 1;
                        while let Some(Tok::Name(var)) = self.peek().cloned() {
                            self.at += 1;
                            if self.eat("[") {
                                self.expect("]")?;
                            }
                            autos.push(var);
                            if !self.eat(",") {
                                break;
                            }
                        }
                    }
                    let body = self.statements_until(Some("}"))?;
                    self.functions.insert(name, Function { params, autos, body });
                    Ok(Stmt::Empty)
                }
                _ => Ok(Stmt::Expr(self.expr()?)),
            },
            _ => Ok(Stmt::Expr(self.expr()?)),
        }
    }

    fn expr(&mut self) -> Result<Expr, String> {
        self.depth += 1;
        let result = self.expr_inner();
        self.depth -= 1;
        result
    }

    fn expr_inner(&mut self) -> Result<Expr, String> {
        if self.depth > MAX_NESTING {
            return self.error(&format!("expressions nested at most {MAX_NESTING} deep"));
        }
        let mut left = self.and()?;
        while self.eat("||") {
            left = Expr::Bin("||", Box::new(left), Box::new(self.and()?));
        }
        Ok(left)
    }

    fn and(&mut self) -> Result<Expr, String> {
        let mut left = self.not()?;
        while self.eat("&&") {
            left = Expr::Bin("&&", Box::new(left), Box::new(self.not()?));
        }
        Ok(left)
    }

    fn not(&mut self) -> Result<Expr, String> {
        if self.eat("!") {
            return Ok(Expr::Not(Box::new(self.not()?)));
        }
        self.relation()
    }

    fn relation(&mut self) -> Result<Expr, String> {
        let mut left = self.assignment()?;
        loop {
            let op = match self.peek() {
                Some(Tok::Op(op @ ("==" | "!=" | "<" | "<=" | ">" | ">="))) => *op,
                _ => return Ok(left),
            };
            self.at += 1;
            left = Expr::Bin(op, Box::new(left), Box::new(self.assignment()?));
        }
    }

    fn assignment(&mut self) -> Result<Expr, String> {
        let start = self.at;
        if let Ok(place) = self.place() {
            let op = match self.peek() {
                Some(Tok::Op("=")) => Some(None),
                Some(Tok::Op(op @ ("+=" | "-=" | "*=" | "/=" | "%=" | "^="))) => Some(Some(&op[..1])),
                _ => None,
            };
            if let Some(op) = op {
                self.at += 1;
                let op = op.map(leak);
                return Ok(Expr::Assign(place, op, Box::new(self.assignment()?)));
            }
        }
        self.at = start;
        self.additive()
    }

    fn place(&mut self) -> Result<Place, String> {
        let Some(Tok::Name(name)) = self.peek().cloned() else { return self.error("a variable") };
        if matches!(name.as_str(), "if" | "while" | "for" | "define" | "return" | "print" | "length" | "sqrt") {
            return self.error("a variable");
        }
        self.at += 1;
        if self.eat("[") {
            let index = self.expr()?;
            self.expect("]")?;
            return Ok(Place::Elem(name, Box::new(index)));
        }
        if self.peek() == Some(&Tok::Op("(")) {
            return self.error("a variable");
        }
        Ok(Place::Var(name))
    }

    fn additive(&mut self) -> Result<Expr, String> {
        let mut left = self.term()?;
        loop {
            let op = match self.peek() {
                Some(Tok::Op(op @ ("+" | "-"))) => *op,
                _ => return Ok(left),
            };
            self.at += 1;
            left = Expr::Bin(op, Box::new(left), Box::new(self.term()?));
        }
    }

    fn term(&mut self) -> Result<Expr, String> {
        let mut left = self.power()?;
        loop {
            let op = match self.peek() {
                Some(Tok::Op(op @ ("*" | "/" | "%"))) => *op,
                _ => return Ok(left),
            };
            self.at += 1;
            left = Expr::Bin(op, Box::new(left), Box::new(self.power()?));
        }
    }

    fn power(&mut self) -> Result<Expr, String> {
        let base = self.unary()?;
        if self.eat("^") {
            return Ok(Expr::Bin("^", Box::new(base), Box::new(self.power()?)));
        }
        Ok(base)
    }

    fn unary(&mut self) -> Result<Expr, String> {
        if self.eat("-") {
            return Ok(Expr::Neg(Box::new(self.unary()?)));
        }
        for (op, step) in [("++", 1), ("--", -1)] {
            if self.eat(op) {
                return Ok(Expr::Step(self.place()?, step, true));
            }
        }
        self.primary()
    }

    fn primary(&mut self) -> Result<Expr, String> {
        match self.peek().cloned() {
            Some(Tok::Num(text)) => {
                self.at += 1;
                Ok(Expr::Num(text))
            }
            Some(Tok::Op("(")) => {
                self.at += 1;
                let inner = self.expr()?;
                self.expect(")")?;
                Ok(inner)
            }
            Some(Tok::Name(name)) if self.toks.get(self.at + 1).map(|(t, _)| t) == Some(&Tok::Op("(")) => {
                self.at += 2;
                let mut args = Vec::new();
                if !self.eat(")") {
                    loop {
                        args.push(self.expr()?);
                        if self.eat(")") {
                            break;
                        }
                        self.expect(",")?;
                    }
                }
                Ok(Expr::Call(name, args))
            }
            Some(Tok::Name(_)) => {
                let place = self.place()?;
                for (op, step) in [("++", 1), ("--", -1)] {
                    if self.eat(op) {
                        return Ok(Expr::Step(place, step, false));
                    }
                }
                Ok(Expr::Load(place))
            }
            _ => self.error("an expression"),
        }
    }
}

/// Operator texts are `'static` in the tree; these are the only ones there are.
fn leak(op: &str) -> &'static str {
    OPS.iter().find(|o| **o == op).copied().unwrap_or("+")
}

enum Flow {
    Break,
    Continue,
    Return(Num),
    Halt,
    Error(String),
}

struct Machine {
    scale: u32,
    ibase: u32,
    obase: u32,
    last: Num,
    globals: HashMap<String, Num>,
    arrays: HashMap<String, HashMap<i64, Num>>,
    frames: Vec<HashMap<String, Num>>,
    functions: HashMap<String, Function>,
    out: String,
    /// Raised when the command is abandoned or the line's deadline passed: the next step stops.
    halt: crate::lang::deep::Halt,
}

impl Machine {
    fn number(&self, text: &str) -> Num {
        let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
        let digit = |c: char| c.to_digit(16).map_or(0, |d| d.min(self.ibase.max(2) - 1).min(15));
        if self.ibase == 10 && whole.chars().chain(fraction.chars()).all(|c| c.is_ascii_digit()) {
            let digits = format!("{whole}{fraction}");
            let mantissa = if digits.is_empty() { BigInt::zero() } else { digits.parse().unwrap_or_default() };
            return Num { mantissa, scale: fraction.len() as u32 };
        }
        // A single digit is its own value whatever the base (`ibase=A` means ten).
        if whole.len() == 1 && fraction.is_empty() {
            return Num::int(i64::from(whole.chars().next().and_then(|c| c.to_digit(16)).unwrap_or(0)));
        }
        let base = BigInt::from(self.ibase);
        let mut value = BigInt::zero();
        for c in whole.chars() {
            value = value * &base + digit(c);
        }
        let whole = Num { mantissa: value, scale: 0 };
        if fraction.is_empty() {
            return whole;
        }
        let mut numerator = BigInt::zero();
        let mut denominator = BigInt::one();
        for c in fraction.chars() {
            numerator = numerator * &base + digit(c);
            denominator *= &base;
        }
        let places = fraction.len() as u32;
        let part = Num { mantissa: numerator * ten_pow(places), scale: 0 }
            .div(&Num { mantissa: denominator, scale: 0 }, places)
            .unwrap_or(Num::int(0));
        whole.add(&Num { mantissa: part.mantissa / ten_pow(places), scale: places })
    }

    fn get(&mut self, place: &Place) -> Result<Num, String> {
        Ok(match place {
            Place::Var(name) => match name.as_str() {
                "scale" => Num::int(i64::from(self.scale)),
                "ibase" => Num::int(i64::from(self.ibase)),
                "obase" => Num::int(i64::from(self.obase)),
                "last" => self.last.clone(),
                _ => self
                    .frames
                    .last()
                    .and_then(|f| f.get(name))
                    .or_else(|| self.globals.get(name))
                    .cloned()
                    .unwrap_or(Num::int(0)),
            },
            Place::Elem(name, index) => {
                let index = self.index(index)?;
                self.arrays.get(name).and_then(|a| a.get(&index)).cloned().unwrap_or(Num::int(0))
            }
        })
    }

    fn index(&mut self, index: &Expr) -> Result<i64, String> {
        let value = self.eval(index)?.rescale(0).mantissa;
        value.to_i64().filter(|i| (0..16_777_216).contains(i)).ok_or_else(|| "array index out of range".to_string())
    }

    fn set(&mut self, place: &Place, value: Num) -> Result<(), String> {
        match place {
            Place::Var(name) => {
                let small = || value.rescale(0).mantissa.to_u32();
                match name.as_str() {
                    "scale" => self.scale = small().filter(|s| *s <= 10_000).ok_or("scale must be 0 to 10000")?,
                    "ibase" => self.ibase = small().filter(|b| (2..=16).contains(b)).ok_or("ibase must be 2 to 16")?,
                    "obase" => self.obase = small().filter(|b| (2..=16).contains(b)).ok_or("obase must be 2 to 16")?,
                    "last" => self.last = value,
                    _ => match self.frames.last_mut().filter(|f| f.contains_key(name)) {
                        Some(frame) => {
                            frame.insert(name.clone(), value);
                        }
                        None => {
                            self.globals.insert(name.clone(), value);
                        }
                    },
                }
            }
            Place::Elem(name, index) => {
                let index = self.index(index)?;
                self.arrays.entry(name.clone()).or_default().insert(index, value);
            }
        }
        Ok(())
    }

    fn eval(&mut self, expr: &Expr) -> Result<Num, String> {
        Ok(match expr {
            Expr::Num(text) => self.number(text),
            Expr::Load(place) => self.get(place)?,
            Expr::Assign(place, op, value) => {
                let value = self.eval(value)?;
                let value = match op {
                    None => value,
                    Some(op) => {
                        let current = self.get(place)?;
                        self.binary(op, &current, &value)?
                    }
                };
                self.set(place, value.clone())?;
                value
            }
            Expr::Step(place, step, prefix) => {
                let old = self.get(place)?;
                let new = old.add(&Num::int(*step));
                self.set(place, new.clone())?;
                if *prefix { new } else { old }
            }
            Expr::Neg(inner) => self.eval(inner)?.neg(),
            Expr::Not(inner) => Num::int(i64::from(!self.eval(inner)?.truth())),
            Expr::Bin("&&", a, b) => Num::int(i64::from(self.eval(a)?.truth() && self.eval(b)?.truth())),
            Expr::Bin("||", a, b) => Num::int(i64::from(self.eval(a)?.truth() || self.eval(b)?.truth())),
            Expr::Bin(op, a, b) => {
                let (a, b) = (self.eval(a)?, self.eval(b)?);
                self.binary(op, &a, &b)?
            }
            Expr::Call(name, args) => self.call(name, args)?,
        })
    }

    fn binary(&self, op: &str, a: &Num, b: &Num) -> Result<Num, String> {
        use std::cmp::Ordering::*;
        let truth = |t: bool| Num::int(i64::from(t));
        Ok(match op {
            "+" => a.add(b),
            "-" => a.add(&b.neg()),
            "*" => a.mul(b, self.scale)?,
            "/" => a.div(b, self.scale)?,
            "%" => a.rem(b, self.scale)?,
            "^" => a.pow(b, self.scale)?,
            "==" => truth(a.cmp(b) == Equal),
            "!=" => truth(a.cmp(b) != Equal),
            "<" => truth(a.cmp(b) == Less),
            "<=" => truth(a.cmp(b) != Greater),
            ">" => truth(a.cmp(b) == Greater),
            _ => truth(a.cmp(b) != Less),
        })
    }

    fn call(&mut self, name: &str, args: &[Expr]) -> Result<Num, String> {
        if matches!(name, "sqrt" | "length" | "scale") {
            let [arg] = args else { return Err(format!("{name} takes one argument")) };
            let value = self.eval(arg)?;
            return match name {
                "sqrt" => value.sqrt(self.scale),
                "length" => Ok(Num::int(i64::from(value.length()))),
                _ => Ok(Num::int(i64::from(value.scale))),
            };
        }
        let Some(function) = self.functions.get(name).cloned() else {
            return Err(format!("function {name} is not defined; define it with: define {name}(…) {{ … }}"));
        };
        if args.len() != function.params.len() {
            return Err(format!("{name} takes {} arguments, got {}", function.params.len(), args.len()));
        }
        if self.frames.len() >= MAX_DEPTH {
            return Err(format!("calls nested deeper than {MAX_DEPTH}"));
        }
        let mut frame = HashMap::new();
        for (param, arg) in function.params.iter().zip(args) {
            let value = self.eval(arg)?;
            frame.insert(param.clone(), value);
        }
        for var in &function.autos {
            frame.insert(var.clone(), Num::int(0));
        }
        self.frames.push(frame);
        let result = self.run(&function.body);
        self.frames.pop();
        match result {
            Ok(()) => Ok(Num::int(0)),
            Err(Flow::Return(value)) => Ok(value),
            Err(Flow::Error(message)) => Err(message),
            Err(Flow::Halt) => Err("halt".to_string()),
            Err(Flow::Break | Flow::Continue) => Ok(Num::int(0)),
        }
    }

    fn show(&mut self, value: &Num) {
        let text = value.render(self.obase);
        self.out.push_str(&cut_lines(&text));
    }

    fn run(&mut self, stmts: &[Stmt]) -> Result<(), Flow> {
        for stmt in stmts {
            self.exec(stmt)?;
        }
        Ok(())
    }

    fn exec(&mut self, stmt: &Stmt) -> Result<(), Flow> {
        if self.halt.requested() {
            return Err(Flow::Error("stopped".to_string()));
        }
        let eval = |m: &mut Machine, e: &Expr| m.eval(e).map_err(Flow::Error);
        match stmt {
            Stmt::Expr(expr) => {
                let value = eval(self, expr)?;
                if !matches!(expr, Expr::Assign(..)) {
                    self.show(&value);
                    self.last = value;
                }
            }
            Stmt::Str(text) => self.out.push_str(text),
            Stmt::Print(items) => {
                for item in items {
                    match item {
                        Ok(expr) => {
                            let value = eval(self, expr)?;
                            let text = value.render(self.obase);
                            self.out.push_str(&text);
                            self.last = value;
                        }
                        Err(text) => self.out.push_str(&unescape(text)),
                    }
                }
            }
            Stmt::Block(body) => self.run(body)?,
            Stmt::If(cond, then, otherwise) => {
                if eval(self, cond)?.truth() {
                    self.exec(then)?;
                } else if let Some(otherwise) = otherwise {
                    self.exec(otherwise)?;
                }
            }
            Stmt::While(cond, body) => {
                while eval(self, cond)?.truth() {
                    match self.exec(body) {
                        Err(Flow::Break) => break,
                        Err(Flow::Continue) | Ok(()) => {}
                        Err(other) => return Err(other),
                    }
                }
            }
            Stmt::For(init, cond, step, body) => {
                if let Some(init) = init {
                    eval(self, init)?;
                }
                loop {
                    if let Some(cond) = cond
                        && !eval(self, cond)?.truth()
                    {
                        break;
                    }
                    match self.exec(body) {
                        Err(Flow::Break) => break,
                        Err(Flow::Continue) | Ok(()) => {}
                        Err(other) => return Err(other),
                    }
                    if let Some(step) = step {
                        eval(self, step)?;
                    }
                }
            }
            Stmt::Break => return Err(Flow::Break),
            Stmt::Continue => return Err(Flow::Continue),
            Stmt::Return(value) => {
                let value = match value {
                    Some(expr) => eval(self, expr)?,
                    None => Num::int(0),
                };
                return Err(Flow::Return(value));
            }
            Stmt::Halt => return Err(Flow::Halt),
            Stmt::Empty => {}
        }
        Ok(())
    }
}

/// `print` strings take `\n \t \\ \"` and friends.
fn unescape(text: &str) -> String {
    let mut out = String::new();
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('n') => out.push('\n'),
            Some('t') => out.push('\t'),
            Some('a') => out.push('\x07'),
            Some('b') => out.push('\x08'),
            Some('f') => out.push('\x0c'),
            Some('r') => out.push('\r'),
            Some('q') => out.push('"'),
            Some('\\') => out.push('\\'),
            Some(other) => {
                out.push('\\');
                out.push(other);
            }
            None => out.push('\\'),
        }
    }
    out
}

/// `bc [-lq] [FILE...]`: the files, then standard input.
pub async fn bc(ctx: Ctx<'_>, args: Args) -> Status {
    if let Some(opt) = [STANDARD, WARN].iter().find(|o| args.has(o)) {
        let name = opt.long.unwrap_or_default();
        return ctx.fail(format!("--{name}: POSIX conformance is not checked here")).await;
    }
    let math = args.has(&MATHLIB);
    let files = args.operands;
    let mut text = String::new();
    for file in &files {
        match ctx.read_operand(file).await {
            Ok(data) => {
                text.push_str(&toolsh_bytes::decode(&data));
                text.push('\n');
            }
            Err(err) => return ctx.fail(format!("{file}: {}", crate::vfs::describe(&err))).await,
        }
    }
    // As GNU bc: standard input follows the files, unless they `quit` first.
    if files.is_empty() || !quits(&text) {
        match ctx.read_stdin().await {
            Ok(data) => text.push_str(&toolsh_bytes::decode(&data)),
            Err(err) => return ctx.fail(crate::vfs::describe(&err)).await,
        }
    }
    // The program runs on a thread of its own, so the shell's deadline and Ctrl-C still work
    // while it computes; it stops at its next statement once the line does.
    let (out, error) = crate::lang::deep::run(&ctx, "bc", move |halt| evaluate(&text, math, halt))
        .await
        .unwrap_or_else(|message| (String::new(), Some(message)));
    if !out.is_empty() && !ctx.out(out).await {
        return 1;
    }
    match error {
        Some(message) => {
            ctx.err(format!("bc: {message}\n")).await;
            1
        }
        None => 0,
    }
}

/// Whether `text` holds a `quit` statement (a word, not part of a string or comment).
fn quits(text: &str) -> bool {
    lex(text).is_ok_and(|tokens| tokens.iter().any(|(tok, _)| *tok == Tok::Name("quit".to_string())))
}

/// The functions of `-l`: `s c a l e j`, written in bc (`bc_math.bc`); a program may redefine them.
fn math_library() -> HashMap<String, Function> {
    const SOURCE: &str = include_str!("bc_math.bc");
    let tokens = lex(SOURCE).unwrap_or_default();
    let mut parser = Parser { toks: tokens, at: 0, functions: HashMap::new(), quit: false, depth: 0 };
    // The library is part of the program and parses (a unit test holds it).
    let _ = parser.statements_until(None);
    parser.functions
}

/// Parses and runs a whole program: its output and the error that stopped it, if one did.
fn evaluate(text: &str, math: bool, halt: crate::lang::deep::Halt) -> (String, Option<String>) {
    let tokens = match lex(text) {
        Ok(tokens) => tokens,
        Err(message) => return (String::new(), Some(format!("line {message}"))),
    };
    let functions = if math { math_library() } else { HashMap::new() };
    let mut parser = Parser { toks: tokens, at: 0, functions, quit: false, depth: 0 };
    let program = match parser.statements_until(None) {
        Ok(program) => program,
        Err(message) => return (String::new(), Some(format!("line {message}"))),
    };
    let mut machine = Machine {
        scale: if math { 20 } else { 0 },
        ibase: 10,
        obase: 10,
        last: Num::int(0),
        globals: HashMap::new(),
        arrays: HashMap::new(),
        frames: Vec::new(),
        functions: parser.functions,
        out: String::new(),
        halt,
    };
    let error = match machine.run(&program) {
        Ok(()) | Err(Flow::Halt) => None,
        Err(Flow::Error(message)) => Some(message),
        Err(Flow::Return(_)) => Some("return outside a function".to_string()),
        Err(Flow::Break | Flow::Continue) => Some("break or continue outside a loop".to_string()),
    };
    (machine.out, error)
}

#[cfg(test)]
mod tests {
    fn evaluate(text: &str, math: bool) -> (String, Option<String>) {
        super::evaluate(text, math, crate::lang::deep::Halt::never())
    }

    #[test]
    fn the_math_library_parses_whole() {
        let functions = super::math_library();
        let mut names: Vec<&str> = functions.keys().map(String::as_str).collect();
        names.sort_unstable();
        assert_eq!(names, ["a", "c", "e", "j", "l", "s"]);
        // Values recorded from GNU bc -l.
        assert_eq!(evaluate("scale=30; a(1)*4", true), ("3.141592653589793238462643383276\n".to_string(), None));
    }

    fn bc(text: &str) -> String {
        let (out, error) = evaluate(text, false);
        assert_eq!(error, None, "{text}");
        out
    }

    #[test]
    fn scale_rules_follow_gnu_bc() {
        assert_eq!(
            bc("scale=3; 10/3; -1/3; 7%3; 7.5%2; 1.25*1.5; .1+.2; sqrt(2)"),
            "3.333\n-.333\n.001\n0\n1.875\n.3\n1.414\n"
        );
        assert_eq!(bc("2^100"), "1267650600228229401496703205376\n");
        assert_eq!(bc("scale=2; 2^-2; 1.5^2"), ".25\n2.25\n");
        assert_eq!(bc("length(123.45); scale(1.50)"), "5\n2\n");
    }

    #[test]
    fn long_numbers_are_cut_at_seventy_characters() {
        let out = bc("2^300");
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), 2);
        assert_eq!(lines[0].len(), 70);
        assert!(lines[0].ends_with('\\'));
    }

    #[test]
    fn functions_loops_bases_and_errors() {
        assert_eq!(bc("define f(n) { if (n<2) return (n); return (f(n-1)+f(n-2)); }\nf(15)"), "610\n");
        assert_eq!(bc("for (i=0; i<3; i++) { print i, \" \" }; print \"\\n\""), "0 1 2 \n");
        assert_eq!(bc("obase=16; 255; obase=2; 5"), "FF\n101\n");
        assert_eq!(bc("ibase=16; FF"), "255\n");
        let (out, error) = evaluate("1; 5/0; 2", false);
        assert_eq!((out.as_str(), error.as_deref()), ("1\n", Some("divide by zero")));
        assert!(super::quits("1\nquit\n") && !super::quits("print \"quit\"; /* quit */ quitter"));
        let (_, error) = evaluate("1 +\n", false);
        assert_eq!(error.as_deref(), Some("line 1: syntax error: expected an expression, found end of line"));
    }
}
