//! `test` and `[`: POSIX's argument-count rules, then `!`, `-a`, `-o` and parentheses, nested
//! at most [`MAX_DEPTH`] deep (each level recurses; 100,000 of `!` overflowed the stack and
//! ended the process).

use crate::Ctx;
use crate::predicates::{binary_test, unary_test};
use crate::session::Status;
use crate::spec::{Order, Spec};

/// `test`: its words are the expression, `--help` too (bash's rule).
pub const TEST: Spec = Spec {
    name: "test",
    summary: "evaluate conditional expression",
    synopsis: &["[expr]"],
    about: "Exit with status 0 (true) or 1 (false) after evaluating EXPR: file tests (-e -f -d -s -r -w -x -L …), string tests (-z -n = != < >), integer comparisons (-eq -ne -lt -le -gt -ge), ! -a -o and parentheses.",
    order: Order::Literal,
    ..Spec::BASH
};

/// `[`: `test` with a closing `]`.
pub const BRACKET: Spec = Spec { name: "[", synopsis: &["arg... ]"], ..TEST };

/// `test EXPR` / `[ EXPR ]`
pub async fn test(ctx: Ctx<'_>) -> Status {
    let mut args: Vec<&str> = ctx.argv[1..].iter().map(String::as_str).collect();
    // `[` or the program's path (`/usr/bin/[`).
    let bracket = ctx.name().rsplit('/').next() == Some("[");
    if bracket {
        if args.last() != Some(&"]") {
            ctx.complain("missing `]'").await;
            return 2;
        }
        args.pop();
    }
    let mut eval = Eval { args: &args, pos: 0, ctx: &ctx, depth: 0, bracket };
    let result = if args.is_empty() { Ok(false) } else { eval.posix() };
    match result {
        Ok(true) => 0,
        Ok(false) => 1,
        Err(message) => {
            ctx.complain(message).await;
            2
        }
    }
}

/// How deep `!` and parentheses nest (as deep as an arithmetic expression may).
const MAX_DEPTH: usize = 256;

struct Eval<'e, 'c> {
    args: &'e [&'e str],
    pos: usize,
    ctx: &'e Ctx<'c>,
    /// `!` and `(` open around the current position.
    depth: usize,
    /// Run as `[`: its `]` stays past the last word, where bash still finds it.
    bracket: bool,
}

/// bash's binary operators of `test` (`=~` and `!~` match a glob pattern there).
fn test_binop(op: &str) -> bool {
    matches!(
        op,
        "=" | "=="
            | "!="
            | "<"
            | ">"
            | "=~"
            | "!~"
            | "-eq"
            | "-ne"
            | "-lt"
            | "-le"
            | "-gt"
            | "-ge"
            | "-nt"
            | "-ot"
            | "-ef"
    )
}

/// bash's unary operators of `test`.
fn test_unop(op: &str) -> bool {
    let bytes = op.as_bytes();
    bytes.len() == 2 && bytes[0] == b'-' && b"abcdefghknoprstuvwxzGLOSNR".contains(&bytes[1])
}

/// bash's `legal_number`: blanks around an optionally signed decimal integer.
fn legal_number(text: &str) -> bool {
    text.trim().parse::<i64>().is_ok()
}

/// bash's test.c, step by step: the argument count decides first (POSIX), then the grammar
/// `or: and [-o or]`, `and: term [-a and]`, `term: !… term | ( expr ) | binary | unary | string`,
/// with bash's messages.
impl<'e> Eval<'e, '_> {
    fn posix(&mut self) -> Result<bool, String> {
        let a = self.args;
        let argc = a.len();
        let value = match argc {
            1 => {
                self.pos = argc;
                !a[0].is_empty()
            }
            2 => {
                let value = self.two()?;
                self.pos = argc;
                value
            }
            3 => self.three()?,
            4 if a[0] == "!" => {
                self.pos += 1;
                !self.three()?
            }
            4 if a[0] == "(" && a[3] == ")" => {
                self.pos += 1;
                let value = self.two()?;
                self.pos = argc;
                value
            }
            _ => self.expr()?,
        };
        if self.pos != argc {
            return Err(match a.get(self.pos) {
                Some(word) if word.starts_with('-') => format!("syntax error: `{word}' unexpected"),
                _ => "too many arguments".to_string(),
            });
        }
        Ok(value)
    }

    /// The word at `pos + n`, empty past the end (bash reads its NULL as "").
    fn at(&self, n: usize) -> &'e str {
        self.args.get(self.pos + n).copied().unwrap_or("")
    }

    /// Steps past a word; with `need`, a word must follow ("argument expected").
    fn advance(&mut self, need: bool) -> Result<(), String> {
        self.pos += 1;
        if need && self.pos >= self.args.len() {
            return Err("argument expected".to_string());
        }
        Ok(())
    }

    fn two(&mut self) -> Result<bool, String> {
        let first = self.at(0);
        if first == "!" {
            return Ok(self.at(1).is_empty());
        }
        if test_unop(first) {
            return self.unary();
        }
        Err(format!("{first}: unary operator expected"))
    }

    fn three(&mut self) -> Result<bool, String> {
        let argc = self.args.len();
        let (first, op, last) = (self.at(0), self.at(1), self.at(2));
        let value = if test_binop(op) {
            self.binary()?
        } else if op == "-a" || op == "-o" {
            if op == "-a" { !first.is_empty() && !last.is_empty() } else { !first.is_empty() || !last.is_empty() }
        } else if first == "!" {
            self.advance(true)?;
            !self.two()?
        } else if first == "(" && last.starts_with(')') {
            !op.is_empty()
        } else {
            return Err(format!("{op}: binary operator expected"));
        };
        self.pos = argc;
        Ok(value)
    }

    fn expr(&mut self) -> Result<bool, String> {
        if self.pos >= self.args.len() {
            return Err("argument expected".to_string());
        }
        self.or()
    }

    fn or(&mut self) -> Result<bool, String> {
        let value = self.and()?;
        if self.args.get(self.pos) == Some(&"-o") {
            self.advance(false)?;
            let right = self.deeper(Self::or)?;
            return Ok(value || right);
        }
        Ok(value)
    }

    fn and(&mut self) -> Result<bool, String> {
        let value = self.term()?;
        if self.args.get(self.pos) == Some(&"-a") {
            self.advance(false)?;
            let right = self.deeper(Self::and)?;
            return Ok(value && right);
        }
        Ok(value)
    }

    /// Runs `inner` one level deeper, refusing past [`MAX_DEPTH`].
    fn deeper(&mut self, inner: fn(&mut Self) -> Result<bool, String>) -> Result<bool, String> {
        if self.depth >= MAX_DEPTH {
            return Err("expression nested too deeply".to_string());
        }
        self.depth += 1;
        let value = inner(self);
        self.depth -= 1;
        value
    }

    fn term(&mut self) -> Result<bool, String> {
        let argc = self.args.len();
        if self.pos >= argc {
            return Err("argument expected".to_string());
        }
        if self.at(0) == "!" {
            let mut negate = false;
            while self.pos < argc && self.at(0) == "!" {
                self.advance(true)?;
                negate = !negate;
            }
            let value = self.deeper(Self::term)?;
            return Ok(value != negate);
        }
        if self.at(0) == "(" {
            self.advance(true)?;
            let value = self.deeper(Self::expr)?;
            match self.args.get(self.pos) {
                None if self.bracket => return Err("`)' expected, found ]".to_string()),
                None => return Err("`)' expected".to_string()),
                Some(&")") => {}
                Some(word) => return Err(format!("`)' expected, found {word}")),
            }
            self.advance(false)?;
            return Ok(value);
        }
        if self.pos + 3 <= argc && test_binop(self.at(1)) {
            return self.binary();
        }
        if self.pos + 2 <= argc && test_unop(self.at(0)) {
            return self.unary();
        }
        let value = !self.at(0).is_empty();
        self.advance(false)?;
        Ok(value)
    }

    fn binary(&mut self) -> Result<bool, String> {
        let (left, op, right) = (self.at(0), self.at(1), self.at(2));
        let ctx = self.ctx;
        let value = match op {
            "=~" | "!~" => {
                let matched = toolsh_core::pattern::Pattern::new(right).matches(left);
                matched == (op == "=~")
            }
            _ => binary_test(left, op, right, ctx.state(), &ctx.vfs)?,
        };
        self.pos += 3;
        Ok(value)
    }

    fn unary(&mut self) -> Result<bool, String> {
        let op = self.at(0);
        let ctx = self.ctx;
        // `-t` alone is `-t 1`; with a word that is not a number it is false.
        if op == "-t" {
            self.advance(false)?;
            if self.pos < self.args.len() {
                let arg = self.at(0);
                if !legal_number(arg) {
                    return Ok(false);
                }
                self.advance(false)?;
                return Ok(unary_test(op, arg, ctx.state(), &ctx.vfs));
            }
            return Ok(unary_test(op, "1", ctx.state(), &ctx.vfs));
        }
        self.advance(true)?;
        let arg = self.at(0);
        self.pos += 1;
        Ok(unary_test(op, arg, ctx.state(), &ctx.vfs))
    }
}
