//! The filter as it runs: read with jaq's own parser and written back as jq text, with the
//! constructs whose meaning differs between jaq and jq replaced by definitions that mean what
//! jq means (`prelude.jq`, `paths.rs`):
//!
//! - `l = r`, `l |= r`, `l += r` (and `-= *= /= %=`), `l //= r` become calls over the paths
//!   of `l`, so a missing value is created as jq creates it (`null | .a.b[2] = 1`), an array
//!   grows, and the paths an update deletes go together at the end (`.[1,2] |= empty`);
//! - every definition's body starts with the guard (`limits.rs`), so a filter that recurses
//!   without end or runs past the line's deadline stops;
//! - an index or slice bound that is not an integer is cut as jq cuts it;
//! - `l / r` and `l % r` fail on a zero divisor, as in jq (jaq gives an infinity);
//! - a `catch` sees jaq's messages in jq's words (`messages.rs`);
//! - `$__loc__` is the place it is written at, as jq gives it.
//!
//! Everything else is written back as it was read, fully parenthesised, so the text means
//! what the user's did. Errors are reported against the user's text (compiled first); this
//! text is only run.

use super::limits::GUARD;
use jaq_core::load::lex::{Lexer, StrPart};
use jaq_core::load::parse::{BinaryOp, Def, Parser, Pattern, Term};
use jaq_core::ops;
use jaq_core::path::{Opt, Part, Path};
use std::fmt::Write as _;

/// `code` rewritten, or `None` when jaq's parser does not read it as one filter (the caller
/// then reports the error against `code` itself).
pub fn rewrite(code: &str) -> Option<String> {
    let tokens = Lexer::new(code).lex().ok()?;
    let term = Parser::new(&tokens).parse(|p| p.term()).ok()?;
    let mut printer = Printer { code, out: String::with_capacity(code.len() * 2), bad_key: None };
    printer.term(&term);
    Some(printer.out)
}

/// The first object key in `code` written as a constant that is not a string (`{(0): 1}`,
/// `{(null): 1}`): the token and jq's words for it, which jq says when it compiles the filter.
pub fn constant_key(code: &str) -> Option<(&str, String)> {
    let tokens = Lexer::new(code).lex().ok()?;
    let term = Parser::new(&tokens).parse(|p| p.term()).ok()?;
    let mut printer = Printer { code, out: String::new(), bad_key: None };
    printer.term(&term);
    printer.bad_key
}

/// A module file rewritten: its directives as written, each definition rewritten; the text
/// as written when jaq's parser does not read it (the loader then reports the error).
pub fn module(code: &str) -> String {
    let (header, body) = super::modules::split_header(code);
    let Ok(tokens) = Lexer::new(body).lex() else { return code.to_string() };
    let Ok(defs) = Parser::new(&tokens).parse(|p| p.defs()) else { return code.to_string() };
    let mut printer = Printer { code: body, out: String::with_capacity(body.len() * 2), bad_key: None };
    for def in &defs {
        printer.def(def);
    }
    format!("{header}{}", printer.out)
}

/// Whether `term` is a value written out that holds nothing nested (a number, a string, `[]`,
/// `{}`): compared with it, no value is looked into deeper than its first level.
fn shallow(term: &Term<&str>) -> bool {
    match term {
        Term::Num(_) | Term::Str(..) | Term::Arr(None) => true,
        Term::Obj(entries) => entries.is_empty(),
        Term::Neg(inner) => matches!(**inner, Term::Num(_)),
        _ => false,
    }
}

/// The variable a slice binds its input to, for its bounds (a name no filter writes).
const SLICE_INPUT: &str = "$__jq_slice_input";

/// The variable an arithmetic update binds its right-hand side to (a name no filter writes).
const UPDATE_VALUE: &str = "$__jq_update_value";

/// The `@name` formats jq 1.8 has; any other is an error when it runs.
const FORMATS: &[&str] = &["@text", "@json", "@html", "@uri", "@urid", "@csv", "@tsv", "@sh", "@base64", "@base64d"];

struct Printer<'c> {
    code: &'c str,
    out: String,
    /// The first constant object key that is not a string, with jq's words for it.
    bad_key: Option<(&'c str, String)>,
}

impl<'c> Printer<'c> {
    fn push(&mut self, text: &str) {
        self.out.push_str(text);
    }

    /// `(t)`: every compound term is parenthesised, so precedence is never in question.
    fn group(&mut self, t: &Term<&'c str>) {
        self.push("(");
        self.term(t);
        self.push(")");
    }

    fn term(&mut self, t: &Term<&'c str>) {
        match t {
            Term::Id => self.push("."),
            Term::Recurse => self.push(".."),
            Term::Num(n) => self.push(n),
            Term::Str(Some(format), _) if !FORMATS.contains(format) => self.unknown_format(format),
            Term::Str(format, parts) => self.string(*format, parts),
            Term::Arr(None) => self.push("[]"),
            Term::Arr(Some(items)) => {
                self.push("[");
                self.group(items);
                self.push("]");
            }
            Term::Obj(entries) => self.object(entries),
            // jq's words for what is not a number: `string ("a") cannot be negated`.
            Term::Neg(t) => {
                self.push("(");
                self.group(t);
                self.push(" | __jq_negate)");
            }
            Term::BinOp(l, op, r) => self.binary(l, op, r),
            Term::Label(name, body) => {
                self.push("(label ");
                self.push(name);
                self.push(" | ");
                self.group(body);
                self.push(")");
            }
            Term::Break(name) => {
                self.push("break ");
                self.push(name);
            }
            // jq's `reduce` and `foreach` go on from the last output of the update (`null`
            // when it has none), and `foreach` extracts from each output; jaq's go on from
            // every output, one run each.
            Term::Fold(kind, source, pattern, args)
                if matches!(args.len(), 2 | 3) && matches!(*kind, "reduce" | "foreach") =>
            {
                let (init, update) = (&args[0], &args[1]);
                self.push("(");
                self.group(init);
                self.push(" as $__jq_init | ");
                self.push(kind);
                self.push(" ");
                self.guarded_source(source, pattern);
                self.push(" as ");
                self.pattern(pattern);
                if *kind == "reduce" {
                    self.push(" ($__jq_init; __jq_last(");
                    self.group(update);
                    self.push(")))");
                    return;
                }
                self.push(" ([$__jq_init, []]; [.[0] | ");
                self.group(update);
                self.push("] | [__jq_last(.[]), .]; .[1][]");
                if let Some(extract) = args.get(2) {
                    self.push(" | ");
                    self.group(extract);
                }
                self.push("))");
            }
            Term::Fold(kind, source, pattern, args) => {
                self.push("(");
                self.push(kind);
                self.push(" ");
                self.guarded_source(source, pattern);
                self.push(" as ");
                self.pattern(pattern);
                self.args(args);
                self.push(")");
            }
            Term::TryCatch(body, catch) => {
                self.push("(try ");
                self.group(body);
                if let Some(catch) = catch {
                    self.push(" catch (__jq_message | ");
                    self.group(catch);
                    self.push(")");
                }
                self.push(")");
            }
            Term::IfThenElse(branches, otherwise) => {
                for (at, (cond, then)) in branches.iter().enumerate() {
                    self.push(if at == 0 { "(if " } else { " elif " });
                    self.group(cond);
                    self.push(" then ");
                    self.group(then);
                }
                if let Some(otherwise) = otherwise {
                    self.push(" else ");
                    self.group(otherwise);
                }
                self.push(" end)");
            }
            Term::Def(defs, body) => {
                self.push("(");
                for def in defs {
                    self.def(def);
                }
                self.group(body);
                self.push(")");
            }
            Term::Call(name, args) if args.is_empty() && name.starts_with('@') && !FORMATS.contains(name) => {
                self.unknown_format(name)
            }
            // A number jaq holds as a float with an integral value (`10/2`) is written as jq
            // writes it (`5`, not `5.0`) by every format.
            Term::Call(name, args) if args.is_empty() && name.starts_with('@') => {
                self.push("(__jq_num | ");
                self.push(name);
                self.push(")");
            }
            Term::Call(name, args) => {
                self.push(name);
                if !args.is_empty() {
                    self.args(args);
                }
            }
            Term::Var(name) if *name == "$__loc__" => self.location(name),
            Term::Var(name) => self.push(name),
            Term::Path(head, path) => self.path(head, path),
        }
    }

    /// `((a); (b); …)`.
    fn args(&mut self, args: &[Term<&'c str>]) {
        self.push("(");
        for (at, arg) in args.iter().enumerate() {
            if at > 0 {
                self.push("; ");
            }
            self.group(arg);
        }
        self.push(")");
    }

    fn def(&mut self, def: &Def<&'c str>) {
        self.push("def ");
        self.push(def.name);
        if !def.args.is_empty() {
            self.push("(");
            self.push(&def.args.join("; "));
            self.push(")");
        }
        self.push(": ");
        self.push(GUARD);
        self.push(" | ");
        self.group(&def.body);
        self.push("; ");
    }

    fn binary(&mut self, l: &Term<&'c str>, op: &BinaryOp<&'c str>, r: &Term<&'c str>) {
        let infix = match op {
            BinaryOp::Pipe(None) => "|",
            BinaryOp::Pipe(Some(pattern)) => {
                self.push("(");
                self.guarded_source(l, pattern);
                self.push(" as ");
                self.pattern(pattern);
                self.push(" | ");
                self.group(r);
                self.push(")");
                return;
            }
            BinaryOp::Comma => ",",
            BinaryOp::Alt => "//",
            BinaryOp::Or => "or",
            BinaryOp::And => "and",
            // As jq, a number divided by zero is an error, not an infinity.
            BinaryOp::Math(ops::Math::Div) => return self.operands("__jq_divide", l, r),
            BinaryOp::Math(ops::Math::Rem) => return self.operands("__jq_remainder", l, r),
            // A string repeated is measured before it is made (value bytes).
            BinaryOp::Math(ops::Math::Mul) => return self.operands("__jq_multiply", l, r),
            // Two strings joined are measured before they are made (`. + .` in a reduce
            // doubled a string until memory ran out).
            BinaryOp::Math(ops::Math::Add) => return self.operands("__jq_add", l, r),
            // Numbers past 2^53 are computed in doubles, as jq does (`paths::in_doubles`).
            BinaryOp::Math(ops::Math::Sub) => return self.operands("__jq_subtract", l, r),
            // Equality and order stop at jq's depth ("Equality check too deep", "Comparison
            // too deep": `paths::equal`, `paths::compare`; jaq's recursed until the stack
            // overflowed). Against a scalar written out nothing nests, and jaq's own operator
            // is quicker (`select(.kind == "x")` is the common case).
            BinaryOp::Cmp(cmp) if !shallow(l) && !shallow(r) => {
                let native = match cmp {
                    ops::Cmp::Eq => "__jq_equal",
                    ops::Cmp::Ne => "__jq_unequal",
                    ops::Cmp::Lt => "__jq_less",
                    ops::Cmp::Le => "__jq_less_equal",
                    ops::Cmp::Gt => "__jq_greater",
                    ops::Cmp::Ge => "__jq_greater_equal",
                };
                return self.operands(native, l, r);
            }
            BinaryOp::Cmp(cmp) => cmp.as_str(),
            BinaryOp::Assign => return self.call2("__jq_assign", l, r),
            BinaryOp::Update => return self.call2("__jq_modify", l, r),
            BinaryOp::UpdateMath(math) => return self.update_with(l, math.as_str(), r),
            BinaryOp::UpdateAlt => return self.update_with(l, "//", r),
        };
        self.push("(");
        self.group(l);
        self.push(" ");
        self.push(infix);
        self.push(" ");
        self.group(r);
        self.push(")");
    }

    /// `name(r; l)`: a native over both operands as values, the right one bound first, as jq
    /// pairs `(1,2) / (3,4)`.
    fn operands(&mut self, name: &str, l: &Term<&'c str>, r: &Term<&'c str>) {
        self.call2(name, r, l);
    }

    fn call2(&mut self, name: &str, l: &Term<&'c str>, r: &Term<&'c str>) {
        self.push(name);
        self.push("(");
        self.group(l);
        self.push("; ");
        self.group(r);
        self.push(")");
    }

    /// `l op= r` as jq defines it: `r as $v | l |= . op $v` (`r` against the input).
    fn update_with(&mut self, l: &Term<&'c str>, op: &str, r: &Term<&'c str>) {
        self.push("(");
        self.group(r);
        let _ = write!(self.out, " as {UPDATE_VALUE} | __jq_modify(");
        self.group(l);
        match op {
            "+" => write!(self.out, "; __jq_add({UPDATE_VALUE}; .)))"),
            op => write!(self.out, "; . {op} {UPDATE_VALUE}))"),
        }
        .unwrap_or_default();
    }

    fn path(&mut self, head: &Term<&'c str>, path: &Path<Term<&'c str>>) {
        self.path_parts(head, &path.0);
    }

    /// `head` and its `parts`. What a number literal indexes is checked first (`.[0]` on an
    /// object fails as jq's does, "Cannot index object with number"; jaq would look the number
    /// up as a key and give null), through a definition so paths and updates go through it.
    fn path_parts(&mut self, head: &Term<&'c str>, parts: &[(Part<Term<&'c str>>, Opt)]) {
        let slice =
            |part: &Part<Term<&'c str>>| matches!(part, Part::Range(from, upto) if from.is_some() || upto.is_some());
        let guarded = parts.iter().rposition(|(part, _)| matches!(part, Part::Index(Term::Num(_))) || slice(part));
        let from = match guarded {
            // A slice of null is null in jq (jaq refuses it): `null | .[1:3]`, and so
            // `null | .[1:3] = ["x"]` sets the whole value, as jq's does. The bounds are of
            // the input, as where they were written.
            Some(at) if slice(&parts[at].0) => {
                // Bounds written as numbers need no input.
                let literal = |bound: &Option<Term<&'c str>>| matches!(bound, None | Some(Term::Num(_)));
                let input = match &parts[at].0 {
                    Part::Range(from, upto) if literal(from) && literal(upto) => None,
                    _ => Some(SLICE_INPUT),
                };
                self.push("(");
                if let Some(input) = input {
                    self.push(". as ");
                    self.push(input);
                    self.push(" | ");
                }
                self.push("((");
                self.path_parts(head, &parts[..at]);
                self.push(") | (if . == null then . else .");
                self.part(&parts[at].0, &parts[at].1, input);
                self.push(" end)))");
                at + 1
            }
            Some(at) => {
                self.push("((");
                self.path_parts(head, &parts[..at]);
                self.push(") | __jq_indexable(");
                if let (Part::Index(index), _) = &parts[at] {
                    self.group(index);
                }
                self.push(")");
                if matches!(parts[at].1, Opt::Optional) {
                    self.push("?");
                }
                self.push(")");
                at
            }
            None => {
                match head {
                    Term::Id => self.push("."),
                    head => self.group(head),
                }
                0
            }
        };
        for (part, opt) in &parts[from..] {
            self.part(part, opt, None);
        }
    }

    /// One `[index]` or `[from:upto]` of a path, `?` after it when optional; a slice's bounds
    /// of the variable `input` when given.
    fn part(&mut self, part: &Part<Term<&'c str>>, opt: &Opt, input: Option<&str>) {
        self.push("[");
        match part {
            Part::Index(index) => self.index(index, "__jq_index"),
            Part::Range(from, upto) => {
                if let Some(from) = from {
                    self.bound(from, "__jq_from", input);
                }
                if from.is_some() || upto.is_some() {
                    self.push(":");
                }
                if let Some(upto) = upto {
                    self.bound(upto, "__jq_upto", input);
                }
            }
        }
        self.push("]");
        if matches!(opt, Opt::Optional) {
            self.push("?");
        }
    }

    /// A slice bound, of the variable `input` when given.
    fn bound(&mut self, bound: &Term<&'c str>, round: &str, input: Option<&str>) {
        match input {
            Some(input) => {
                self.push("(");
                self.push(input);
                self.push(" | ");
                self.index(bound, round);
                self.push(")");
            }
            None => self.index(bound, round),
        }
    }

    /// An index or slice bound: a number that is not an integer is cut as jq cuts it (`.[1.7]`
    /// is `.[1]`, `.[1.2:3.5]` is `.[1:4]`) by `round`; a string or an integer written as
    /// such needs nothing.
    fn index(&mut self, index: &Term<&'c str>, round: &str) {
        match index {
            Term::Str(None, _) if round == "__jq_index" => self.group(index),
            Term::Num(n) if n.bytes().all(|b| b.is_ascii_digit()) => self.group(index),
            index => {
                self.push("(");
                self.group(index);
                self.push(" | ");
                self.push(round);
                self.push(")");
            }
        }
    }

    fn object(&mut self, entries: &[(Term<&'c str>, Option<Term<&'c str>>)]) {
        self.push("{");
        for (at, (key, value)) in entries.iter().enumerate() {
            if at > 0 {
                self.push(", ");
            }
            match (key, value) {
                // `{$x}`, `{a}`, `{"a"}`, `{"\(x)"}`: the value is `$x` or `.[key]`.
                (Term::Var(name), None) => self.push(name),
                (key @ Term::Str(..), None) => self.term(key),
                (key, None) => self.group(key),
                (key @ Term::Str(..), Some(value)) => {
                    self.group(key);
                    self.push(": ");
                    self.group(value);
                }
                // A key that is not a string is jq's error, never an object jaq allows.
                (key, Some(value)) => {
                    self.note_constant_key(key);
                    self.push("((");
                    self.group(key);
                    self.push(") | __jq_key)");
                    self.push(": ");
                    self.group(value);
                }
            }
        }
        self.push("}");
    }

    /// Notes `key` when it is a constant that is not a string (`(0)`, `(null)`, `(true)`),
    /// which jq refuses as an object key when it compiles the filter.
    fn note_constant_key(&mut self, key: &Term<&'c str>) {
        let constant = match key {
            Term::Num(n) => Some((*n, format!("number ({n})"))),
            Term::Call(name @ ("null" | "true" | "false"), args) if args.is_empty() => {
                let kind = if *name == "null" { "null" } else { "boolean" };
                Some((*name, format!("{kind} ({name})")))
            }
            _ => None,
        };
        if let Some((at, shown)) = constant.filter(|_| self.bad_key.is_none()) {
            self.bad_key = Some((at, format!("Cannot use {shown} as object key")));
        }
    }

    /// What a pattern binds: an array pattern refuses an object as jq does (`{} as [$a]`,
    /// "Cannot index object with number (0)"), where jaq would look 0 up as a key.
    fn guarded_source(&mut self, source: &Term<&'c str>, pattern: &Pattern<&'c str>) {
        if matches!(pattern, Pattern::Arr(_)) {
            self.push("(");
            self.group(source);
            self.push(" | __jq_indexable(0))");
        } else {
            self.group(source);
        }
    }

    fn pattern(&mut self, pattern: &Pattern<&'c str>) {
        match pattern {
            Pattern::Var(name) => self.push(name),
            Pattern::Arr(items) => {
                self.push("[");
                for (at, item) in items.iter().enumerate() {
                    if at > 0 {
                        self.push(", ");
                    }
                    self.pattern(item);
                }
                self.push("]");
            }
            Pattern::Obj(entries) => {
                self.push("{");
                for (at, (key, item)) in entries.iter().enumerate() {
                    if at > 0 {
                        self.push(", ");
                    }
                    self.note_constant_key(key);
                    self.group(key);
                    self.push(": ");
                    self.pattern(item);
                }
                self.push("}");
            }
        }
    }

    /// An `@name` jq does not know fails when it runs, as jq's does (not when compiled).
    fn unknown_format(&mut self, format: &str) {
        let name = format.trim_start_matches('@');
        self.push(&format!("error({})", serde_json::Value::from(format!("{name} is not a valid format"))));
    }

    fn string(&mut self, format: Option<&str>, parts: &[StrPart<&str, Term<&'c str>>]) {
        if let Some(format) = format {
            self.push(format);
            self.push(" ");
        }
        self.push("\"");
        for part in parts {
            match part {
                StrPart::Str(text) => text.chars().for_each(|c| self.char(c)),
                StrPart::Char(c) => self.char(*c),
                // Each value goes in as jq writes it: a plain string takes `tostring`'s text
                // (`"\(10/2)"` is `5`), a format string the value with its number as jq's.
                StrPart::Term(t) => {
                    self.push("\\((");
                    self.term(t);
                    self.push(if format.is_some() { ") | __jq_num)" } else { ") | tostring)" });
                }
            }
        }
        self.push("\"");
    }

    fn char(&mut self, c: char) {
        match c {
            '"' => self.push("\\\""),
            '\\' => self.push("\\\\"),
            c if (c as u32) < 0x20 || c == '\u{7f}' => {
                let _ = write!(self.out, "\\u{:04x}", c as u32);
            }
            c => self.out.push(c),
        }
    }

    /// `$__loc__`: `{"file":"<top-level>","line":N}`, N the line it is written on.
    fn location(&mut self, name: &str) {
        let offset = (name.as_ptr() as usize).wrapping_sub(self.code.as_ptr() as usize).min(self.code.len());
        let line = self.code[..self.code.floor_char_boundary(offset)].matches('\n').count() + 1;
        let _ = write!(self.out, "{{\"file\": \"<top-level>\", \"line\": {line}}}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn r(code: &str) -> String {
        rewrite(code).unwrap_or_else(|| panic!("{code} does not parse")).replace(GUARD, "G")
    }

    #[test]
    fn assignments_become_calls_over_paths() {
        assert_eq!(r(".a = 1"), "__jq_assign((.[(\"a\")]); (1))");
        assert_eq!(r(".a |= . + 1"), "__jq_modify((.[(\"a\")]); (__jq_add((1); (.))))");
        assert_eq!(r(".[] += 2"), format!("((2) as {UPDATE_VALUE} | __jq_modify((.[]); __jq_add({UPDATE_VALUE}; .)))"));
        assert_eq!(r(".x //= 3"), format!("((3) as {UPDATE_VALUE} | __jq_modify((.[(\"x\")]); . // {UPDATE_VALUE}))"));
    }

    #[test]
    fn guards_every_definition_and_nothing_else() {
        assert_eq!(r("def f: [f]; f"), "(def f: G | ([(f)]); (f))");
        assert_eq!(r("def f(a; $b): a + $b; 1"), "(def f(a; $b): G | (__jq_add(($b); (a))); (1))");
        assert_eq!(r(r#""def x: 1" | ."#), r#"(("def x: 1") | (.))"#);
        assert_eq!(r(".a | {def: 1}"), r#"((.[("a")]) | ({("def"): (1)}))"#);
    }

    #[test]
    fn an_index_by_a_number_checks_what_it_indexes() {
        assert_eq!(r(".[0]"), "((.) | __jq_indexable((0)))[(0)]");
        assert_eq!(r(".a[1]?.b"), r#"((.[("a")]) | __jq_indexable((1))?)[(1)]?[("b")]"#);
        assert_eq!(r(".[$i]"), ".[(($i) | __jq_index)]");
    }

    #[test]
    fn writes_back_what_it_read() {
        assert_eq!(r(r#"@base64 "a\(.x)\n\"""#), r#"@base64 "a\((.[("x")]) | __jq_num)\u000a\"""#);
        assert_eq!(r(r#""\(.n / 2)""#), r#""\((__jq_divide((2); (.[("n")]))) | tostring)""#);
        // reduce goes on from the update's last output, as jq's does.
        assert_eq!(
            r("reduce .[] as [$a, {b: $c}] (0; . + $a)"),
            r#"((0) as $__jq_init | reduce ((.[]) | __jq_indexable(0)) as [$a, {("b"): $c}] ($__jq_init; __jq_last((__jq_add(($a); (.))))))"#
        );
        assert_eq!(r("-.a"), r#"((.[("a")]) | __jq_negate)"#);
        assert_eq!(r("{(.k): 1}"), r#"{(((.[("k")])) | __jq_key): (1)}"#);
        assert_eq!(r("try error catch . , .a?"), "(((try (error) catch (__jq_message | (.)))) , (.[(\"a\")]?))");
        assert_eq!(r("if . then 1 elif 2 then 3 end"), "(if (.) then (1) elif (2) then (3) end)");
        assert_eq!(
            r(".[1:][:2][]?"),
            "((((((.) | (if . == null then . else .[(1):] end)))) | (if . == null then . else .[:(2)] end)))[]?"
        );
        assert_eq!(
            r(".a[.n:]"),
            "(. as $__jq_slice_input | ((.[(\"a\")]) | (if . == null then . else .[($__jq_slice_input | ((.[(\"n\")]) | __jq_from)):] end)))"
        );
        assert_eq!(r("{$x, a, \"b\"}"), "{$x, \"a\", \"b\"}");
        assert_eq!(r("label $f | break $f"), "(label $f | (break $f))");
        assert_eq!(r("1,\n$__loc__"), "((1) , ({\"file\": \"<top-level>\", \"line\": 2}))");
        assert_eq!(rewrite("import \"a\" as a; 1"), None);
    }
}
