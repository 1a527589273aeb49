//! `test` and `[`: POSIX's argument-count rules, then `!`, `-a`, `-o` and parentheses, nested
//! at most [`MAX_DEPTH`] deep (each level recurses; 100,000 of `!` overflowed the stack and
//! ended the process).

use crate::Ctx;
use crate::parser::{is_binary_test, is_unary_test};
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
    if ctx.name() == "[" {
        if args.last() != Some(&"]") {
            ctx.complain("missing `]'").await;
            return 2;
        }
        args.pop();
    }
    let mut eval = Eval { args: &args, pos: 0, ctx: &ctx, depth: 0 };
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
}

impl<'e> Eval<'e, '_> {
    /// POSIX decides by argument count first, which makes `[ -f ]` and `[ = ]` work.
    fn posix(&mut self) -> Result<bool, String> {
        let a = self.args;
        let result = match a.len() {
            1 => Ok(!a[0].is_empty()),
            2 if a[0] == "!" => Ok(a[1].is_empty()),
            2 if is_unary_test(a[0]) => Ok(unary_test(a[0], a[1], self.ctx.state(), &self.ctx.vfs)),
            2 => Err(format!("{}: unary operator expected", a[0])),
            3 if is_binary_test(a[1]) && a[1] != "=~" => binary_test(a[0], a[1], a[2], self.ctx.state(), &self.ctx.vfs),
            // Binary `-a`/`-o` of two strings, whatever they look like (`[ -z -a -z ]`).
            3 if a[1] == "-a" => Ok(!a[0].is_empty() && !a[2].is_empty()),
            3 if a[1] == "-o" => Ok(!a[0].is_empty() || !a[2].is_empty()),
            3 if a[0] == "!" => Ok(!self.posix_sub(&a[1..])?),
            3 if a[0] == "(" && a[2] == ")" => Ok(!a[1].is_empty()),
            3 => Err(format!("{}: binary operator expected", a[1])),
            4 if a[0] == "!" => Ok(!self.posix_sub(&a[1..])?),
            4 if a[0] == "(" && a[3] == ")" => self.posix_sub(&a[1..3]),
            _ => self.or(),
        };
        if result.is_ok() && self.pos != 0 && self.pos < a.len() {
            return Err(format!("{}: unexpected argument", a[self.pos]));
        }
        result
    }

    fn posix_sub(&self, args: &[&str]) -> Result<bool, String> {
        let mut sub = Eval { args, pos: 0, ctx: self.ctx, depth: self.depth };
        sub.posix()
    }

    fn next(&mut self) -> Option<&'e str> {
        let arg = self.args.get(self.pos).copied();
        self.pos += 1;
        arg
    }

    fn or(&mut self) -> Result<bool, String> {
        let mut value = self.and()?;
        while self.args.get(self.pos) == Some(&"-o") {
            self.pos += 1;
            let right = self.and()?;
            value = value || right;
        }
        Ok(value)
    }

    fn and(&mut self) -> Result<bool, String> {
        let mut value = self.not()?;
        while self.args.get(self.pos) == Some(&"-a") {
            self.pos += 1;
            let right = self.not()?;
            value = value && right;
        }
        Ok(value)
    }

    fn not(&mut self) -> Result<bool, String> {
        if self.args.get(self.pos) == Some(&"!") {
            self.pos += 1;
            return Ok(!self.deeper(Self::not)?);
        }
        self.primary()
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

    fn primary(&mut self) -> Result<bool, String> {
        let Some(first) = self.next() else {
            return Err("argument expected".to_string());
        };
        if first == "(" {
            let value = self.deeper(Self::or)?;
            if self.next() != Some(")") {
                return Err("`)' expected".to_string());
            }
            return Ok(value);
        }
        if let Some(&op) = self.args.get(self.pos)
            && is_binary_test(op)
            && op != "=~"
            && self.pos + 1 < self.args.len()
        {
            self.pos += 1;
            let right = self.next().unwrap_or_default();
            return binary_test(first, op, right, self.ctx.state(), &self.ctx.vfs);
        }
        if is_unary_test(first) {
            if let Some(arg) = self.next() {
                return Ok(unary_test(first, arg, self.ctx.state(), &self.ctx.vfs));
            }
            return Ok(true);
        }
        Ok(!first.is_empty())
    }
}
