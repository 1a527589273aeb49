//! Pre-flight: before a line runs, every tool call that can be known from its text and runs
//! unconditionally is checked, and one certain denial stops the whole line before anything runs
//! (status 126). What runs only on a condition — a branch, a loop's body, a function's body,
//! what follows `||`, the next command of a script or sourced file — is checked the same way
//! when the interpreter reaches it ([`crate::interp`]'s `reached`), so a script runs up to its
//! first denied call as bash runs up to a failing command, and a denied call in a dead branch
//! or an uncalled function stops nothing.
//!
//! Known from the text: command names written literally (quotes and backslashes removed, so
//! `\rm` and `'rm'` are `rm`), through the wrappers that run another command (`command`,
//! `builtin`, `exec`, `env`, `xargs`, `nohup`, `time`, `timeout`, `find -exec`), the strings
//! given to `eval`, `sh -c` and `bash -c`, command and process substitutions, and redirection
//! targets. Paths and tool arguments are judged when they are literal; otherwise only a denial
//! that holds for every argument blocks. Whatever stays unknown (a name in a variable) meets
//! the same gate at run time.

use crate::ast::{
    AndOr, AndOrOp, Assign, AssignValue, Command, CompoundCommand, CondExpr, ListItem, ParamOp, Pipeline, RedirOp,
    Redirect, SimpleCommand, Subscript, Word, WordPart,
};
use crate::policy::{Blocked, Policy, ToolFacts, Verdict};
use crate::tools::{Registry, facts};

/// What the check needs: the rules, the tools, and the directory relative paths start from.
pub struct Preflight<'a> {
    /// The policy.
    pub policy: &'a Policy,
    /// The registry (tool commands and their facts).
    pub tools: &'a Registry,
    /// The working directory.
    pub cwd: &'a str,
}

/// Nesting of `eval`/`sh -c` strings followed (each is parsed again).
const MAX_NESTED: usize = 8;

impl Preflight<'_> {
    /// The first certain denial among the calls `list` makes unconditionally, if any.
    pub fn check(&self, list: &[ListItem]) -> Option<Blocked> {
        self.list(list, 0)
    }

    /// [`Preflight::check`] for one pipeline (reached after `||`).
    pub fn check_pipeline(&self, pipeline: &Pipeline) -> Option<Blocked> {
        pipeline.commands.iter().find_map(|c| self.command(c, 0))
    }

    /// [`Preflight::check`] for one command (a function's body, called).
    pub fn check_command(&self, command: &Command) -> Option<Blocked> {
        self.command(command, 0)
    }

    fn list(&self, list: &[ListItem], depth: usize) -> Option<Blocked> {
        list.iter().find_map(|item| self.and_or(&item.and_or, depth))
    }

    /// The pipelines up to the first `||`: `a && b` is the line's plan, what follows `||` a
    /// fallback that runs only if it fails.
    fn and_or(&self, and_or: &AndOr, depth: usize) -> Option<Blocked> {
        std::iter::once(&and_or.first)
            .chain(and_or.rest.iter().take_while(|(op, _)| *op == AndOrOp::And).map(|(_, p)| p))
            .flat_map(|p| p.commands.iter())
            .find_map(|c| self.command(c, depth))
    }

    fn command(&self, command: &Command, depth: usize) -> Option<Blocked> {
        match command {
            Command::Simple(simple) => self.simple(simple, depth),
            Command::Compound(compound, redirects, _) => {
                self.redirects(redirects, depth).or_else(|| self.compound(compound, depth))
            }
            // A definition runs nothing; the body is checked when the function is called.
            Command::Function(_) => None,
            // A coprocess runs its command as a background job does, and its name is expanded.
            Command::Coproc(coproc) => coproc
                .name
                .as_ref()
                .and_then(|name| self.word(name, depth))
                .or_else(|| self.command(&coproc.body, depth)),
        }
    }

    /// What a compound command runs whatever happens: its first condition, a loop's first
    /// test, the words it expands first; its bodies wait until they are reached.
    fn compound(&self, compound: &CompoundCommand, depth: usize) -> Option<Blocked> {
        match compound {
            CompoundCommand::Brace(list) | CompoundCommand::Subshell(list) => self.list(list, depth),
            CompoundCommand::If { branches, .. } => branches.first().and_then(|(c, _)| self.list(c, depth)),
            CompoundCommand::For { words, .. } | CompoundCommand::Select { words, .. } => {
                words.iter().flatten().find_map(|w| self.word(w, depth))
            }
            CompoundCommand::ArithFor { init, cond, .. } => [init, cond].into_iter().find_map(|w| self.word(w, depth)),
            CompoundCommand::While { cond, .. } => self.list(cond, depth),
            CompoundCommand::Case { word, .. } => self.word(word, depth),
            CompoundCommand::Arith(word) => self.word(word, depth),
            CompoundCommand::Cond(expr) => self.cond(expr, depth),
        }
    }

    fn cond(&self, expr: &CondExpr, depth: usize) -> Option<Blocked> {
        match expr {
            CondExpr::Word(w) | CondExpr::Unary(_, w) => self.word(w, depth),
            CondExpr::Binary(l, _, r) => self.word(l, depth).or_else(|| self.word(r, depth)),
            CondExpr::Not(e) | CondExpr::Group(e) => self.cond(e, depth),
            CondExpr::And(l, r) | CondExpr::Or(l, r) => self.cond(l, depth).or_else(|| self.cond(r, depth)),
        }
    }

    /// Substitutions inside a word.
    fn word(&self, word: &Word, depth: usize) -> Option<Blocked> {
        word.parts.iter().find_map(|part| self.part(part, depth))
    }

    fn part(&self, part: &WordPart, depth: usize) -> Option<Blocked> {
        match part {
            WordPart::Literal(_) | WordPart::Quoted(_) => None,
            WordPart::DoubleQuoted(parts) => parts.iter().find_map(|p| self.part(p, depth)),
            WordPart::CommandSubst(script) | WordPart::ProcessSubst { script, .. } => self.list(&script.body, depth),
            WordPart::Arith(word) => self.word(word, depth),
            WordPart::Assign(assign) => self.assign(assign, depth),
            WordPart::Param(param) => {
                let index = match &param.index {
                    Some(Subscript::Expr(w)) => self.word(w, depth),
                    _ => None,
                };
                index.or_else(|| match &param.op {
                    ParamOp::Test { word, .. } => self.word(word, depth),
                    ParamOp::Trim { pattern, .. } | ParamOp::Case { pattern, .. } => self.word(pattern, depth),
                    ParamOp::Replace { pattern, replacement, .. } => {
                        self.word(pattern, depth).or_else(|| self.word(replacement, depth))
                    }
                    ParamOp::Slice { offset, length } => {
                        self.word(offset, depth).or_else(|| length.as_ref().and_then(|l| self.word(l, depth)))
                    }
                    _ => None,
                })
            }
        }
    }

    fn assign(&self, assign: &Assign, depth: usize) -> Option<Blocked> {
        let index = assign.index.as_ref().and_then(|w| self.word(w, depth));
        index.or_else(|| match &assign.value {
            AssignValue::Scalar(w) => self.word(w, depth),
            AssignValue::Array(elems) => elems
                .iter()
                .find_map(|e| e.key.as_ref().and_then(|k| self.word(k, depth)).or_else(|| self.word(&e.value, depth))),
        })
    }

    fn redirects(&self, redirects: &[Redirect], depth: usize) -> Option<Blocked> {
        redirects.iter().find_map(|r| {
            if let Some(blocked) = self.word(&r.target, depth) {
                return Some(blocked);
            }
            let tool = match r.op {
                RedirOp::In => facts::READ,
                RedirOp::Out | RedirOp::Clobber | RedirOp::Append | RedirOp::OutErr | RedirOp::AppendOutErr => {
                    facts::WRITE
                }
                RedirOp::ReadWrite => facts::WRITE,
                _ => return None,
            };
            let target = r.target.static_text()?;
            if target.starts_with("/dev/") {
                return None;
            }
            let abs = crate::vfs::path::normalize(self.cwd, &target);
            self.judge("redirect", tool, Some(&abs))
        })
    }

    fn simple(&self, simple: &SimpleCommand, depth: usize) -> Option<Blocked> {
        if let Some(blocked) = simple
            .assigns
            .iter()
            .find_map(|a| self.assign(a, depth))
            .or_else(|| simple.words.iter().find_map(|w| self.word(w, depth)))
            .or_else(|| self.redirects(&simple.redirects, depth))
        {
            return Some(blocked);
        }
        // A builtin that judges nothing ends here, before its words are copied (3 % of a
        // script's instructions); `argv` makes the same check for the command lines it follows.
        if simple.words.first().and_then(Word::as_literal).is_some_and(|name| self.judges_nothing(name)) {
            return None;
        }
        // Literal words only: from the first word that expands, nothing is known.
        let words: Vec<String> = simple.words.iter().map_while(Word::static_text).collect();
        let all_static = words.len() == simple.words.len();
        self.argv(&words, all_static, depth)
    }

    /// Judges a command line given as words (`complete`: no word was left out as unknown).
    fn argv(&self, words: &[String], complete: bool, depth: usize) -> Option<Blocked> {
        let name = words.first()?.as_str();
        let rest = &words[1..];
        match name {
            "eval" if complete && depth < MAX_NESTED => return self.source(&rest.join(" "), depth),
            "sh" | "bash" if depth < MAX_NESTED => {
                if let Some(idx) = rest.iter().position(|w| w == "-c")
                    && let Some(script) = rest.get(idx + 1)
                {
                    return self.source(script, depth);
                }
            }
            _ => {}
        }
        if let Some(tool) = self.tools.resolve(name) {
            let spec = tool.spec();
            if !spec.takes_words && matches!(rest.first().map(String::as_str), Some("-h" | "--help")) {
                return None; // usage, not a call
            }
            let subject = if complete {
                crate::tools::flags::parse_argv(spec, rest).ok().and_then(|args| {
                    let value = crate::tools::registry::subject_text(args.get(spec.subject?)?);
                    Some(if spec.subject_is_path { crate::vfs::path::normalize(self.cwd, &value) } else { value })
                })
            } else {
                None
            };
            return self.judge(name, spec.facts(), subject.as_deref());
        }
        let spec = crate::builtins::lookup(name)?.spec;
        // Most commands of a script call no tool and run no command line: nothing in their
        // arguments to judge, so they are not parsed.
        if spec.calls_nothing() {
            return None;
        }
        // What the command's parse refuses (or `--help`) runs nothing.
        let operands = spec.parse(rest).ok()?.operands;
        for (line, as_written) in spec.command_lines(&operands) {
            if let Some(blocked) = self.argv(line, complete && as_written, depth) {
                return Some(blocked);
            }
        }
        let by_path = complete && spec.operand_paths && !operands.is_empty();
        for tool in spec.tools_for(&operands) {
            let found;
            let facts = match fs_facts(tool) {
                Some(facts) => facts,
                None => match self.tools.resolve(tool) {
                    Some(registered) => {
                        found = registered;
                        found.spec().facts()
                    }
                    None => continue,
                },
            };
            if by_path {
                for operand in &operands {
                    let abs = crate::vfs::path::normalize(self.cwd, operand);
                    if let Some(blocked) = self.judge(name, facts, Some(&abs)) {
                        return Some(blocked);
                    }
                }
            } else if let Some(blocked) = self.judge(name, facts, None) {
                return Some(blocked);
            }
        }
        None
    }

    /// Whether `argv` judges nothing for a command named `name`, whatever its arguments: not
    /// `eval`, `sh` or `bash`, and a builtin whose spec calls nothing. (No tool has the name
    /// of a builtin: registration refuses one, and `tidy.rs` checks the built-in tools.)
    fn judges_nothing(&self, name: &str) -> bool {
        !matches!(name, "eval" | "sh" | "bash")
            && crate::builtins::lookup(name).is_some_and(|entry| entry.spec.calls_nothing())
    }

    /// Parses a string given to `eval`/`sh -c` and checks it; text that does not parse is left
    /// to run time (where it fails without running anything).
    fn source(&self, text: &str, depth: usize) -> Option<Blocked> {
        let script = crate::parser::parse(text).ok()?;
        self.list(&script.body, depth + 1)
    }

    /// A certain denial of `tool` (with `subject`, or for every subject when unknown).
    fn judge(&self, command: &str, tool: ToolFacts<'_>, subject: Option<&str>) -> Option<Blocked> {
        let decision = match subject {
            Some(subject) => Some(self.policy.decide(tool, Some(subject))).filter(|d| d.verdict == Verdict::Deny),
            None => self.policy.decide_unknown_subject(tool),
        }?;
        Some(Blocked {
            command: command.to_string(),
            tool: tool.name.to_string(),
            subject: subject.map(str::to_string),
            decision,
            ran: 0,
        })
    }
}

fn fs_facts(name: &str) -> Option<ToolFacts<'static>> {
    [facts::READ, facts::WRITE, facts::LIST, facts::MKDIR, facts::COPY, facts::MOVE, facts::DELETE]
        .into_iter()
        .find(|f| f.name == name)
}
