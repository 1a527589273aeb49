//! `expr`: GNU's expression evaluator — integer arithmetic, comparisons, `|` and `&`, the
//! anchored regular expression match `STRING : REGEX` (a basic regular expression), and
//! `match`, `substr`, `index`, `length`. Its statuses are GNU's: 1 when the result is null or
//! 0, 2 for a bad expression, 3 for another error.

use crate::Ctx;
use crate::session::Status;
use crate::spec::{Args, Order, Spec};

/// `expr`.
pub const EXPR: Spec = Spec {
    name: "expr",
    summary: "evaluate expressions",
    synopsis: &["EXPRESSION"],
    about: "Print the value of EXPRESSION: ARG1 | ARG2, ARG1 & ARG2, comparisons (< <= = == != >= >), + - * / %, STRING : REGEXP (anchored; the \\(group\\) matched, else the length matched), match STRING REGEXP, substr STRING POS LENGTH, index STRING CHARS, length STRING, + TOKEN, ( EXPRESSION ). Status 1 when the value is null or 0.",
    order: Order::Own,
    usage_status: 2,
    assumed: true,
    ..Spec::BASE
};

/// Why an expression has no value: a syntax error (status 2) or another (3, or 2 as GNU's
/// arithmetic errors are).
struct Failure(Status, String);

/// `expr EXPRESSION…`.
pub async fn expr(ctx: Ctx<'_>, words_parsed: Args) -> Status {
    let words = words_parsed.operands;
    if words.is_empty() {
        return ctx.misuse(&EXPR, "missing operand").await;
    }
    let words: &[String] = if words[0] == "--" { &words[1..] } else { &words };
    let mut parser = Parser { words, at: 0, depth: 0, evaluating: true };
    let value = parser.or().and_then(|value| match parser.words.get(parser.at) {
        Some(extra) => Err(Failure(2, format!("syntax error: unexpected argument '{extra}'"))),
        None => Ok(value),
    });
    match value {
        Ok(value) => {
            if !ctx.out(format!("{value}\n")).await {
                return 3;
            }
            i32::from(!truthy(&value))
        }
        Err(Failure(status, message)) => {
            ctx.complain(message).await;
            status
        }
    }
}

/// How deep parentheses and the keywords' operands nest (as deep as an arithmetic expression
/// may): each level recurses, and 100,000 of `(` overflowed the stack and ended the process.
const MAX_DEPTH: usize = 256;

struct Parser<'a> {
    words: &'a [String],
    at: usize,
    /// Levels open around the current word.
    depth: usize,
    /// False on the side of `|` or `&` that the other decides, which GNU parses but does not
    /// work out (`0 & 1 / 0` is 0, no division by zero).
    evaluating: bool,
}

type Value = Result<String, Failure>;

fn integer(text: &str) -> Option<i128> {
    let digits = text.strip_prefix('-').unwrap_or(text);
    (!digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())).then(|| text.parse().ok()).flatten()
}

fn truthy(value: &str) -> bool {
    !value.is_empty() && integer(value) != Some(0)
}

impl Parser<'_> {
    fn peek(&self) -> Option<&str> {
        self.words.get(self.at).map(String::as_str)
    }

    /// The operand after the keyword just read.
    fn operand(&mut self) -> Value {
        self.require()?;
        self.primary()
    }

    fn or(&mut self) -> Value {
        let mut left = self.and()?;
        while self.peek() == Some("|") {
            self.at += 1;
            self.require()?;
            let right = self.unevaluated_if(truthy(&left), Self::and)?;
            left = if truthy(&left) {
                left
            } else if truthy(&right) {
                right
            } else {
                "0".to_string()
            };
        }
        Ok(left)
    }

    fn and(&mut self) -> Value {
        let mut left = self.compare()?;
        while self.peek() == Some("&") {
            self.at += 1;
            self.require()?;
            let right = self.unevaluated_if(!truthy(&left), Self::compare)?;
            left = if truthy(&left) && truthy(&right) { left } else { "0".to_string() };
        }
        Ok(left)
    }

    /// `side` parsed, not worked out when `skip` (or when nothing here is).
    fn unevaluated_if(&mut self, skip: bool, side: fn(&mut Self) -> Value) -> Value {
        let evaluating = self.evaluating;
        self.evaluating = evaluating && !skip;
        let value = side(self);
        self.evaluating = evaluating;
        value
    }

    /// An operand must follow the operator just read.
    fn require(&self) -> Result<(), Failure> {
        if self.at >= self.words.len() {
            let after = self.words.get(self.at.wrapping_sub(1)).map_or("", String::as_str);
            return Err(Failure(2, format!("syntax error: missing argument after '{after}'")));
        }
        Ok(())
    }

    fn compare(&mut self) -> Value {
        let mut left = self.sum()?;
        while let Some(op) = self.peek().filter(|op| matches!(*op, "<" | "<=" | "=" | "==" | "!=" | ">=" | ">")) {
            let op = op.to_string();
            self.at += 1;
            self.require()?;
            let right = self.sum()?;
            let order = match (integer(&left), integer(&right)) {
                (Some(a), Some(b)) => a.cmp(&b),
                _ => toolsh_bytes::cmp(&left, &right),
            };
            let holds = match op.as_str() {
                "<" => order.is_lt(),
                "<=" => order.is_le(),
                "=" | "==" => order.is_eq(),
                "!=" => order.is_ne(),
                ">=" => order.is_ge(),
                _ => order.is_gt(),
            };
            left = i32::from(holds).to_string();
        }
        Ok(left)
    }

    fn sum(&mut self) -> Value {
        let mut left = self.product()?;
        while let Some(op) = self.peek().filter(|op| matches!(*op, "+" | "-")) {
            let plus = op == "+";
            self.at += 1;
            self.require()?;
            let right = self.product()?;
            if !self.evaluating {
                continue;
            }
            left = arithmetic(&left, &right, |a, b| if plus { a.checked_add(b) } else { a.checked_sub(b) })?;
        }
        Ok(left)
    }

    fn product(&mut self) -> Value {
        let mut left = self.matching()?;
        while let Some(op) = self.peek().filter(|op| matches!(*op, "*" | "/" | "%")) {
            let op = op.to_string();
            self.at += 1;
            self.require()?;
            let right = self.matching()?;
            if !self.evaluating {
                continue;
            }
            if op != "*" && integer(&right) == Some(0) && integer(&left).is_some() {
                return Err(Failure(2, "division by zero".to_string()));
            }
            left = arithmetic(&left, &right, |a, b| match op.as_str() {
                "*" => a.checked_mul(b),
                "/" => a.checked_div(b),
                _ => a.checked_rem(b),
            })?;
        }
        Ok(left)
    }

    fn matching(&mut self) -> Value {
        let mut left = self.primary()?;
        while self.peek() == Some(":") {
            self.at += 1;
            self.require()?;
            let pattern = self.primary()?;
            if self.evaluating {
                left = regex_match(&left, &pattern)?;
            }
        }
        Ok(left)
    }

    fn primary(&mut self) -> Value {
        if self.depth >= MAX_DEPTH {
            return Err(Failure(2, "syntax error: expression nested too deeply".to_string()));
        }
        self.depth += 1;
        let value = self.primary_here();
        self.depth -= 1;
        value
    }

    fn primary_here(&mut self) -> Value {
        let Some(word) = self.peek().map(str::to_string) else {
            return Err(Failure(2, "syntax error: missing argument".to_string()));
        };
        self.at += 1;
        match word.as_str() {
            "(" => {
                self.require()?;
                let value = self.or()?;
                match self.peek() {
                    Some(")") => {}
                    Some(other) => {
                        return Err(Failure(2, format!("syntax error: expecting ')' instead of '{other}'")));
                    }
                    None => {
                        let last = self.words.last().map_or("", String::as_str);
                        return Err(Failure(2, format!("syntax error: expecting ')' after '{last}'")));
                    }
                }
                self.at += 1;
                Ok(value)
            }
            "+" => {
                self.require()?;
                self.at += 1;
                Ok(self.words[self.at - 1].clone())
            }
            "length" => {
                let text = self.operand()?;
                Ok(text.chars().count().to_string())
            }
            "match" => {
                let (text, pattern) = (self.operand()?, self.operand()?);
                regex_match(&text, &pattern)
            }
            "index" => {
                let (text, chars) = (self.operand()?, self.operand()?);
                let found = text.chars().position(|c| chars.contains(c)).map_or(0, |at| at + 1);
                Ok(found.to_string())
            }
            "substr" => {
                let (text, start, length) = (self.operand()?, self.operand()?, self.operand()?);
                let (Some(start), Some(length)) = (integer(&start), integer(&length)) else { return Ok(String::new()) };
                if start < 1 || length < 1 {
                    return Ok(String::new());
                }
                let skip = usize::try_from(start - 1).unwrap_or(usize::MAX);
                let take = usize::try_from(length).unwrap_or(usize::MAX);
                Ok(text.chars().skip(skip).take(take).collect())
            }
            _ => Ok(word),
        }
    }
}

fn arithmetic(left: &str, right: &str, op: impl Fn(i128, i128) -> Option<i128>) -> Value {
    let (Some(a), Some(b)) = (integer(left), integer(right)) else {
        return Err(Failure(2, "non-integer argument".to_string()));
    };
    op(a, b).map(|n| n.to_string()).ok_or_else(|| Failure(3, "result too large".to_string()))
}

/// `STRING : REGEX`, anchored at the start: the first group's text when the pattern has one
/// (empty when it did not match), else how many characters matched (0 when none did).
fn regex_match(text: &str, pattern: &str) -> Value {
    use crate::text::posix_regex;
    let translated = format!("^(?:{})", posix_regex::basic(pattern));
    let regex = posix_regex::Compiled::new(&translated, false).map_err(|message| Failure(2, message))?;
    let grouped = regex.captures_len() > 1;
    // Matched as bytes (a byte that is not UTF-8 as itself), read back the same way.
    let bytes = toolsh_bytes::encode(text);
    let captures = regex.captures_iter(&bytes).next();
    let group = |index| captures.as_ref().and_then(|c| c.get(index)).map(toolsh_bytes::decode);
    if grouped {
        return Ok(group(1).map_or(String::new(), |m| m.into_owned()));
    }
    Ok(group(0).map_or(0, |m| m.chars().count()).to_string())
}
