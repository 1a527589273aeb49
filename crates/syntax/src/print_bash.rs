//! Printing a function as bash 5.2 prints it (`declare -f`, `type`, `export -f`): bash keeps no
//! source text but prints its parsed tree again (`print_cmd.c`), four spaces an indentation
//! level, `;` after each command of a function body, `elif` as `else if`, redirections as
//! `> file`, and each word as it was written, but for a few forms its reader rewrote: `$'…'`
//! as single quotes, `$"…"` as `"…"`, `$(…)` and `<(…)` printed anew, line continuations gone.
//!
//! The layout is a port of `print_cmd.c` over toolsh's tree (bash's left-associated
//! connections walked as the flat lists toolsh holds); the words come from the text the
//! definition was read from ([`FunctionDef::source`]) by their spans, and only a word whose
//! span lies outside it (a tree built by hand) is printed in the canonical form of `display.rs`.

use crate::ast::*;
use crate::parser::substitution_at;

/// How [`function_definition`] prints.
#[derive(Debug, Clone, Copy, Default)]
pub struct Style {
    /// bash's POSIX mode: a function defined inside the body prints as `NAME () ` instead of
    /// `function NAME () `.
    pub posix: bool,
}

/// A function's definition as `declare -f NAME` prints it, without the final newline:
/// `NAME () \n{ \n    body;\n}`.
pub fn function_definition(def: &FunctionDef, style: Style) -> String {
    let (src, base) = def.source.0.as_deref().map_or(("", usize::MAX), |text| (text, def.span.start as usize));
    let mut printer = Bash::new(src, base, style);
    printer.named_function(def);
    printer.out
}

/// One separator of a chain of commands (bash's connections).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Connector {
    Semi,
    Newline,
    Amp,
    And,
    Or,
    Pipe,
}

/// A command of bash's tree, over toolsh's (which holds lists flat).
#[derive(Clone, Copy)]
enum Node<'t> {
    /// Commands separated by `;`, newlines or `&`.
    List(&'t [ListItem]),
    AndOr(&'t AndOr),
    Pipeline(&'t Pipeline),
    /// A stage, and whether `|&` follows it (bash adds `2>&1` to it).
    Command(&'t Command, bool),
    /// `if` with the branches from one on: an `elif` is an `if` in the `else` part.
    If(&'t [(List, List)], Option<&'t List>),
}

struct Bash<'s> {
    out: String,
    /// The text word spans point into, from offset `base`.
    src: &'s str,
    base: usize,
    style: Style,
    indentation: usize,
    skip_this_indent: usize,
    inside_function_def: usize,
    printing_connection: usize,
    printing_comsub: bool,
    was_heredoc: bool,
    /// Here-document bodies (body, delimiter) waiting for the connector after their command.
    deferred: Vec<(String, String)>,
}

const INDENT: usize = 4;

impl<'s> Bash<'s> {
    fn new(src: &'s str, base: usize, style: Style) -> Self {
        Bash {
            out: String::new(),
            src,
            base,
            style,
            indentation: 0,
            skip_this_indent: 0,
            inside_function_def: 0,
            printing_connection: 0,
            printing_comsub: false,
            was_heredoc: false,
            deferred: Vec::new(),
        }
    }

    // ----- layout (print_cmd.c) -----

    /// bash's `named_function_string` with `FUNC_MULTILINE`.
    fn named_function(&mut self, def: &FunctionDef) {
        if RESERVED_WORDS.contains(&def.name.as_str()) {
            self.out.push_str("function ");
        }
        self.out.push_str(&def.name);
        self.out.push_str(" () \n");
        self.indentation += INDENT;
        self.inside_function_def += 1;
        self.out.push_str("{ \n");
        let redirects = self.function_body(def);
        self.indentation -= INDENT;
        self.inside_function_def -= 1;
        self.function_end(redirects);
    }

    /// `print_function_def`: a definition inside a body.
    fn nested_function(&mut self, def: &FunctionDef) {
        if self.style.posix {
            self.out.push_str(&def.name);
            self.out.push_str(" () \n");
        } else {
            self.out.push_str("function ");
            self.out.push_str(&def.name);
            self.out.push_str(" () \n");
        }
        self.indent(self.indentation);
        self.out.push_str("{ \n");
        self.inside_function_def += 1;
        self.indentation += INDENT;
        let redirects = self.function_body(def);
        self.indentation -= INDENT;
        self.inside_function_def -= 1;
        self.function_end(redirects);
    }

    /// The commands of a body (a group's own, whose redirections are printed after its `}`).
    fn function_body<'t>(&mut self, def: &'t FunctionDef) -> &'t [Redirect] {
        let redirects = match &*def.body {
            Command::Compound(compound, redirects, _) => match &**compound {
                CompoundCommand::Brace(list) => {
                    self.make(Some(Node::List(list)));
                    redirects.as_slice()
                }
                _ => {
                    self.make(Some(Node::Command(&def.body, false)));
                    &[]
                }
            },
            other => {
                self.make(Some(Node::Command(other, false)));
                &[]
            }
        };
        if !self.deferred.is_empty() {
            self.print_deferred_heredocs("");
        }
        redirects
    }

    fn function_end(&mut self, redirects: &[Redirect]) {
        if redirects.is_empty() {
            self.newline("}");
            self.was_heredoc = false;
        } else {
            self.newline("} ");
            self.redirection_list(redirects, false);
        }
    }

    /// Trivial wrappers (a list of one command, a pipeline of one stage) are that command.
    fn simplify(node: Node<'_>) -> Node<'_> {
        let mut node = node;
        loop {
            node = match node {
                Node::List([item]) if !item.background => Node::AndOr(&item.and_or),
                Node::AndOr(and_or) if and_or.rest.is_empty() => Node::Pipeline(&and_or.first),
                _ => return node,
            };
        }
    }

    /// `make_command_string_internal`.
    fn make(&mut self, node: Option<Node<'_>>) {
        let Some(node) = node.map(Self::simplify) else { return };
        if matches!(node, Node::List([])) {
            return;
        }
        if self.skip_this_indent > 0 {
            self.skip_this_indent -= 1;
        } else {
            self.indent(self.indentation);
        }
        match node {
            Node::List(items) => self.list_chain(items),
            Node::AndOr(and_or) => {
                let rest = and_or.rest.iter().map(|(op, pipeline)| {
                    let connector = if *op == AndOrOp::And { Connector::And } else { Connector::Or };
                    (connector, Some(Node::Pipeline(pipeline)))
                });
                self.chain(Node::Pipeline(&and_or.first), rest);
            }
            Node::Pipeline(pipeline) => {
                match pipeline.time {
                    Some(TimeFormat::Bash) => self.out.push_str("time "),
                    Some(TimeFormat::Posix) => self.out.push_str("time -p "),
                    None => {}
                }
                if pipeline.negated {
                    self.out.push_str("! ");
                }
                let stage = |idx: usize| {
                    let stderr = pipeline.pipe_stderr.get(idx).copied().unwrap_or(false);
                    pipeline.commands.get(idx).map(|command| Node::Command(command, stderr))
                };
                match pipeline.commands.len() {
                    0 => {}
                    1 => {
                        if let Some(Node::Command(command, stderr)) = stage(0) {
                            self.command(command, stderr);
                        }
                    }
                    len => {
                        let Some(first) = stage(0) else { return };
                        self.chain(first, (1..len).map(|idx| (Connector::Pipe, stage(idx))));
                    }
                }
            }
            Node::Command(command, stderr) => self.command(command, stderr),
            Node::If(branches, otherwise) => self.print_if(branches, otherwise),
        }
    }

    /// A list's items as bash's chain of `;`, newline and `&` connections.
    fn list_chain(&mut self, items: &[ListItem]) {
        let Some(first) = items.first() else { return };
        let rest = items.iter().enumerate().filter_map(|(idx, item)| {
            let next = items.get(idx + 1).map(|next| Node::AndOr(&next.and_or));
            if item.background {
                Some((Connector::Amp, next))
            } else {
                next.map(|next| (self.separator_after(item), Some(next)))
            }
        });
        let rest: Vec<_> = rest.collect();
        self.chain(Node::AndOr(&first.and_or), rest);
    }

    /// `;` or a newline after an item, as written (it shows only in a command substitution).
    fn separator_after(&self, item: &ListItem) -> Connector {
        if !self.printing_comsub {
            return Connector::Semi;
        }
        let last = item.and_or.rest.last().map_or(&item.and_or.first, |(_, pipeline)| pipeline);
        let after = (last.span.end as usize).checked_sub(self.base).and_then(|end| self.src.get(end..));
        match after.and_then(|text| text.trim_start_matches([' ', '\t']).bytes().next()) {
            Some(b';') => Connector::Semi,
            Some(_) => Connector::Newline,
            None => Connector::Semi,
        }
    }

    /// bash's left-associated connections `((first c1 s1) c2 s2) …`, printed without recursing
    /// once per item: the indentation was done for the whole chain, each second part is printed
    /// with one connection fewer around it.
    fn chain<'t>(&mut self, first: Node<'t>, rest: impl IntoIterator<Item = (Connector, Option<Node<'t>>)>) {
        let rest: Vec<_> = rest.into_iter().collect();
        self.printing_connection += rest.len();
        self.skip_this_indent += 1;
        self.make(Some(first));
        for (connector, second) in rest {
            self.connector(connector, second.is_some());
            self.make(second);
            if !self.deferred.is_empty() {
                self.print_deferred_heredocs("");
            }
            self.printing_connection -= 1;
        }
    }

    fn connector(&mut self, connector: Connector, has_second: bool) {
        match connector {
            Connector::Amp | Connector::Pipe => {
                self.print_deferred_heredocs(if connector == Connector::Amp { " &" } else { " |" });
                if connector != Connector::Amp || has_second {
                    self.out.push(' ');
                    self.skip_this_indent += 1;
                }
            }
            Connector::And | Connector::Or => {
                self.print_deferred_heredocs(if connector == Connector::And { " && " } else { " || " });
                if has_second {
                    self.skip_this_indent += 1;
                }
            }
            Connector::Semi | Connector::Newline => {
                let newline = connector == Connector::Newline;
                let text = if self.printing_comsub && newline { "\n" } else { ";" };
                let was_newline = self.deferred.is_empty() && !self.was_heredoc && newline;
                if self.deferred.is_empty() {
                    if self.was_heredoc {
                        self.was_heredoc = false;
                    } else {
                        self.out.push_str(text);
                    }
                } else {
                    self.print_deferred_heredocs(if self.inside_function_def > 0 { "" } else { ";" });
                }
                // In a body each command has its line; a command substitution keeps its newlines
                // (not doubled after here-document bodies).
                if self.inside_function_def > 0 || self.printing_comsub && newline && !was_newline {
                    self.out.push('\n');
                } else {
                    if connector == Connector::Semi {
                        self.out.push(' ');
                    }
                    if has_second {
                        self.skip_this_indent += 1;
                    }
                }
            }
        }
    }

    fn command(&mut self, command: &Command, stderr: bool) {
        match command {
            Command::Simple(simple) => {
                let mut first = true;
                for assign in &simple.assigns {
                    if !first {
                        self.out.push(' ');
                    }
                    first = false;
                    let text = self.assignment(assign);
                    self.out.push_str(&text);
                }
                for word in &simple.words {
                    if !first {
                        self.out.push(' ');
                    }
                    first = false;
                    let text = self.word(word);
                    self.out.push_str(&text);
                }
                if !simple.redirects.is_empty() || stderr {
                    if !first {
                        self.out.push(' ');
                    }
                    self.redirection_list(&simple.redirects, stderr);
                }
            }
            Command::Compound(compound, redirects, _) => {
                self.compound(compound);
                if !redirects.is_empty() || stderr {
                    self.out.push(' ');
                    self.redirection_list(redirects, stderr);
                }
            }
            Command::Function(def) => self.nested_function(def),
            Command::Coproc(coproc) => {
                // bash prints the name it gave the coprocess, `COPROC` when none was written.
                let name = coproc.name.as_ref().map_or_else(|| "COPROC".to_string(), |name| self.word(name));
                self.out.push_str(&format!("coproc {name} "));
                self.skip_this_indent += 1;
                self.make(Some(Node::Command(&coproc.body, stderr)));
            }
        }
    }

    fn compound(&mut self, compound: &CompoundCommand) {
        match compound {
            CompoundCommand::Brace(list) => {
                self.out.push_str("{ ");
                if self.inside_function_def == 0 {
                    self.skip_this_indent += 1;
                } else {
                    self.out.push('\n');
                    self.indentation += INDENT;
                }
                self.make(Some(Node::List(list)));
                if !self.deferred.is_empty() {
                    self.print_deferred_heredocs("");
                }
                if self.inside_function_def > 0 {
                    self.out.push('\n');
                    self.indentation -= INDENT;
                    self.indent(self.indentation);
                } else {
                    self.semicolon();
                    self.out.push(' ');
                }
                self.out.push('}');
            }
            CompoundCommand::Subshell(list) => {
                self.out.push_str("( ");
                self.skip_this_indent += 1;
                self.make(Some(Node::List(list)));
                if !self.deferred.is_empty() {
                    self.print_deferred_heredocs("");
                }
                self.out.push_str(" )");
            }
            CompoundCommand::If { branches, otherwise } => self.print_if(branches, otherwise.as_ref()),
            CompoundCommand::For { var, words, body } | CompoundCommand::Select { var, words, body } => {
                let keyword = if matches!(compound, CompoundCommand::For { .. }) { "for " } else { "select " };
                self.out.push_str(keyword);
                self.out.push_str(var);
                self.out.push_str(" in ");
                match words {
                    Some(words) => {
                        let words: Vec<String> = words.iter().map(|word| self.word(word)).collect();
                        self.out.push_str(&words.join(" "));
                    }
                    None => self.out.push_str("\"$@\""),
                }
                self.out.push(';');
                self.do_done(body);
            }
            CompoundCommand::ArithFor { init, cond, step, body } => {
                self.out.push_str("for ((");
                for (idx, expr) in [init, cond, step].into_iter().enumerate() {
                    if idx > 0 {
                        self.out.push_str("; ");
                    }
                    // bash reads each expression from its first non-blank; an empty one is `1`.
                    let text = self.raw(expr.span).map(|text| text.trim_start_matches([' ', '\t', '\n']).to_string());
                    match text {
                        Some(text) if text.is_empty() => self.out.push('1'),
                        Some(text) => self.out.push_str(&text),
                        None if expr.parts.is_empty() => self.out.push('1'),
                        None => self.out.push_str(&expr.to_string()),
                    }
                }
                self.out.push_str("))");
                self.do_done(body);
            }
            CompoundCommand::While { until, cond, body } => {
                self.out.push_str(if *until { "until " } else { "while " });
                self.skip_this_indent += 1;
                self.make(Some(Node::List(cond)));
                if !self.deferred.is_empty() {
                    self.print_deferred_heredocs("");
                }
                self.semicolon();
                self.out.push_str(" do\n");
                self.indentation += INDENT;
                self.make(Some(Node::List(body)));
                if !self.deferred.is_empty() {
                    self.print_deferred_heredocs("");
                }
                self.indentation -= INDENT;
                self.semicolon();
                self.newline("done");
            }
            CompoundCommand::Case { word, arms } => {
                self.out.push_str("case ");
                let text = self.word(word);
                self.out.push_str(&text);
                self.out.push_str(" in ");
                self.indentation += INDENT;
                for arm in arms {
                    self.newline("");
                    let patterns: Vec<String> = arm.patterns.iter().map(|pattern| self.word(pattern)).collect();
                    self.out.push_str(&patterns.join(" | "));
                    self.out.push_str(")\n");
                    self.indentation += INDENT;
                    self.make(Some(Node::List(&arm.body)));
                    self.indentation -= INDENT;
                    if !self.deferred.is_empty() {
                        self.print_deferred_heredocs("");
                    }
                    self.newline(match arm.terminator {
                        CaseTerminator::Break => ";;",
                        CaseTerminator::FallThrough => ";&",
                        CaseTerminator::Continue => ";;&",
                    });
                }
                self.indentation -= INDENT;
                self.newline("esac");
            }
            CompoundCommand::Arith(word) => {
                self.out.push_str("((");
                match self.raw(word.span) {
                    Some(text) => {
                        let text = text.to_string();
                        self.out.push_str(&text);
                    }
                    None => self.out.push_str(&word.to_string()),
                }
                self.out.push_str("))");
            }
            CompoundCommand::Cond(expr) => {
                self.out.push_str("[[ ");
                self.cond(expr);
                self.out.push_str(" ]]");
            }
        }
    }

    /// `;` then `do`, the body and `done` of `for`, `select` and arithmetic `for`.
    fn do_done(&mut self, body: &List) {
        self.newline("do\n");
        self.indentation += INDENT;
        self.make(Some(Node::List(body)));
        if !self.deferred.is_empty() {
            self.print_deferred_heredocs("");
        }
        self.semicolon();
        self.indentation -= INDENT;
        self.newline("done");
    }

    fn print_if(&mut self, branches: &[(List, List)], otherwise: Option<&List>) {
        let Some(((cond, body), rest)) = branches.split_first() else { return };
        self.out.push_str("if ");
        self.skip_this_indent += 1;
        self.make(Some(Node::List(cond)));
        self.semicolon();
        self.out.push_str(" then\n");
        self.indentation += INDENT;
        self.make(Some(Node::List(body)));
        if !self.deferred.is_empty() {
            self.print_deferred_heredocs("");
        }
        self.indentation -= INDENT;
        let false_case =
            if rest.is_empty() { otherwise.map(|list| Node::List(list)) } else { Some(Node::If(rest, otherwise)) };
        if let Some(false_case) = false_case {
            self.semicolon();
            self.newline("else\n");
            self.indentation += INDENT;
            self.make(Some(false_case));
            if !self.deferred.is_empty() {
                self.print_deferred_heredocs("");
            }
            self.indentation -= INDENT;
        }
        self.semicolon();
        self.newline("fi");
    }

    fn cond(&mut self, expr: &CondExpr) {
        match expr {
            // bash reads a lone word as `-n word`.
            CondExpr::Word(word) => {
                let text = self.word(word);
                self.out.push_str("-n ");
                self.out.push_str(&text);
            }
            CondExpr::Unary(op, word) => {
                self.out.push_str(op);
                self.out.push(' ');
                let text = self.word(word);
                self.out.push_str(&text);
            }
            CondExpr::Binary(left, op, right) => {
                let left = self.word(left);
                self.out.push_str(&left);
                self.out.push(' ');
                self.out.push_str(op);
                self.out.push(' ');
                let right = self.word(right);
                self.out.push_str(&right);
            }
            CondExpr::Not(inner) => {
                self.out.push_str("! ");
                self.cond(inner);
            }
            CondExpr::And(left, right) | CondExpr::Or(left, right) => {
                self.cond(left);
                self.out.push_str(if matches!(expr, CondExpr::And(..)) { " && " } else { " || " });
                self.cond(right);
            }
            CondExpr::Group(inner) => {
                self.out.push_str("( ");
                self.cond(inner);
                self.out.push_str(" )");
            }
        }
    }

    // ----- redirections -----

    /// `print_redirection_list`: here-document bodies wait for the connector when the command
    /// is part of a connection. `stderr`: the `2>&1` bash adds for `|&`.
    fn redirection_list(&mut self, redirects: &[Redirect], stderr: bool) {
        let mut heredocs = Vec::new();
        self.was_heredoc = false;
        for (idx, redirect) in redirects.iter().enumerate() {
            if let RedirOp::HereDoc { strip_tabs, quoted, delimiter } = &redirect.op {
                self.fd_prefix(&redirect.fd, 0);
                self.out.push_str(if *strip_tabs { "<<-" } else { "<<" });
                if *quoted {
                    self.out.push_str(&single_quote(delimiter));
                } else {
                    self.out.push_str(delimiter);
                }
                heredocs.push((self.heredoc_body(redirect, *strip_tabs, *quoted), delimiter.clone()));
            } else {
                self.redirection(redirect);
            }
            if idx + 1 < redirects.len() {
                self.out.push(' ');
            }
        }
        if stderr {
            if !redirects.is_empty() {
                self.out.push(' ');
            }
            self.out.push_str("2>&1");
        }
        if heredocs.is_empty() {
            return;
        }
        if self.printing_connection > 0 {
            self.deferred.extend(heredocs);
        } else {
            self.heredoc_bodies(heredocs);
        }
    }

    /// `{name}`, or the descriptor unless it is the operator's own (`default`).
    fn fd_prefix(&mut self, fd: &RedirFd, default: u32) {
        match fd {
            RedirFd::Var(name) => {
                self.out.push('{');
                self.out.push_str(name);
                self.out.push('}');
            }
            RedirFd::Number(n) if *n != default => self.out.push_str(&n.to_string()),
            _ => {}
        }
    }

    /// The descriptor always (`2>&1`, `0<&3`), or `{name}`.
    fn fd_always(&mut self, fd: &RedirFd, default: u32) {
        match fd {
            RedirFd::Var(name) => {
                self.out.push('{');
                self.out.push_str(name);
                self.out.push('}');
            }
            RedirFd::Number(n) => self.out.push_str(&n.to_string()),
            RedirFd::Default => self.out.push_str(&default.to_string()),
        }
    }

    /// `print_redirection`.
    fn redirection(&mut self, redirect: &Redirect) {
        let target = self.word(&redirect.target);
        let fd = &redirect.fd;
        let (op, default) = match &redirect.op {
            RedirOp::In => ("< ", 0),
            RedirOp::Out => ("> ", 1),
            RedirOp::Append => (">> ", 1),
            RedirOp::Clobber => (">| ", 1),
            // bash prints the descriptor unless it is 1, and `<>` reads 0 when none is written.
            RedirOp::ReadWrite => {
                let fd = if *fd == RedirFd::Default { RedirFd::Number(0) } else { fd.clone() };
                self.fd_prefix(&fd, 1);
                self.out.push_str("<> ");
                self.out.push_str(&target);
                return;
            }
            RedirOp::HereString => ("<<< ", 0),
            RedirOp::OutErr | RedirOp::AppendOutErr => {
                self.out.push_str(if redirect.op == RedirOp::OutErr { "&> " } else { "&>> " });
                self.out.push_str(&target);
                return;
            }
            RedirOp::DupIn | RedirOp::DupOut => {
                let (arrow, default) = if redirect.op == RedirOp::DupIn { ('<', 0) } else { ('>', 1) };
                let digits = |text: &str| !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit());
                if target == "-" {
                    // bash closes either way and prints `>&-`.
                    self.fd_always(fd, default);
                    self.out.push_str(">&-");
                } else if digits(&target) || target.strip_suffix('-').is_some_and(digits) {
                    self.fd_always(fd, default);
                    self.out.push(arrow);
                    self.out.push('&');
                    self.out.push_str(&target);
                } else {
                    self.fd_prefix(fd, default);
                    self.out.push(arrow);
                    self.out.push('&');
                    self.out.push_str(&target);
                }
                return;
            }
            RedirOp::HereDoc { .. } => return,
        };
        self.fd_prefix(fd, default);
        self.out.push_str(op);
        self.out.push_str(&target);
    }

    /// A here-document's body as bash keeps it: the lines as read, leading tabs gone for `<<-`,
    /// and for a body that expands, line continuations joined.
    fn heredoc_body(&self, redirect: &Redirect, strip_tabs: bool, quoted: bool) -> String {
        if quoted && let [WordPart::Quoted(text)] = redirect.target.parts.as_slice() {
            return text.to_string();
        }
        let Some(raw) = self.raw(redirect.target.span) else {
            // A tree made by hand: its text in the canonical form.
            return redirect
                .target
                .parts
                .iter()
                .map(|part| Word { parts: [part.clone()].into(), span: Span::default() }.to_string())
                .collect();
        };
        // The span ends after the delimiter's line.
        let trimmed = raw.strip_suffix('\n').unwrap_or(raw);
        let body = trimmed.rfind('\n').map_or("", |idx| &raw[..=idx]);
        let joined = if quoted { body.to_string() } else { without_continuations(body) };
        if !strip_tabs {
            return joined;
        }
        let mut out = String::with_capacity(joined.len());
        for line in joined.split_inclusive('\n') {
            out.push_str(line.trim_start_matches('\t'));
        }
        out
    }

    /// `print_deferred_heredocs`.
    fn print_deferred_heredocs(&mut self, cstring: &str) {
        let connector = !cstring.is_empty() && cstring != ";";
        if connector {
            self.out.push_str(cstring);
        }
        if !self.deferred.is_empty() {
            let heredocs = std::mem::take(&mut self.deferred);
            self.heredoc_bodies(heredocs);
            if connector {
                self.out.push(' ');
            }
            self.was_heredoc = true;
        }
    }

    fn heredoc_bodies(&mut self, heredocs: Vec<(String, String)>) {
        self.out.push('\n');
        for (body, delimiter) in heredocs {
            self.out.push_str(&body);
            self.out.push_str(&delimiter);
            self.out.push('\n');
        }
        self.was_heredoc = true;
    }

    // ----- helpers -----

    fn newline(&mut self, text: &str) {
        self.out.push('\n');
        self.indent(self.indentation);
        self.out.push_str(text);
    }

    fn indent(&mut self, amount: usize) {
        self.out.extend(std::iter::repeat_n(' ', amount));
    }

    /// A `;` unless the text ends with `&` or a newline.
    fn semicolon(&mut self) {
        if !self.out.ends_with(['&', '\n']) {
            self.out.push(';');
        }
    }

    /// The source text of a span, when it lies in the text this printer has.
    fn raw(&self, span: Span) -> Option<&'s str> {
        let start = (span.start as usize).checked_sub(self.base)?;
        let end = (span.end as usize).checked_sub(self.base)?;
        self.src.get(start..end)
    }

    // ----- words -----

    /// A word as written, with bash's reader's rewrites (see the module doc).
    fn word(&self, word: &Word) -> String {
        if let [WordPart::Assign(assign)] = word.parts.as_slice()
            && matches!(assign.value, AssignValue::Array(_))
        {
            return self.assignment(assign);
        }
        match self.raw(word.span) {
            Some(text) if !text.is_empty() || word.parts.is_empty() => written(text),
            _ => word.to_string(),
        }
    }

    /// An assignment as written; a compound one as bash rebuilds it: `name=(w1 w2)` with its
    /// words as written, one space apart.
    fn assignment(&self, assign: &Assign) -> String {
        let AssignValue::Array(elements) = &assign.value else {
            return match self.raw(assign.span) {
                Some(text) if !text.is_empty() => written(text),
                _ => WordPart::Assign(Box::new(assign.clone())).to_word_text(),
            };
        };
        let mut out = String::from(assign.name.as_str());
        if let Some(index) = &assign.index {
            out.push('[');
            out.push_str(&self.raw(index.span).map_or_else(|| index.to_string(), str::to_string));
            out.push(']');
        }
        out.push_str(if assign.append { "+=(" } else { "=(" });
        for (idx, element) in elements.iter().enumerate() {
            if idx > 0 {
                out.push(' ');
            }
            if let Some(key) = &element.key {
                out.push('[');
                out.push_str(&self.raw(key.span).map_or_else(|| key.to_string(), written));
                out.push_str(if element.append { "]+=" } else { "]=" });
            }
            if element.key.is_none() || !element.value.parts.is_empty() {
                out.push_str(&self.word(&element.value));
            }
        }
        out.push(')');
        out
    }
}

impl WordPart {
    /// One part printed alone in the canonical form.
    fn to_word_text(&self) -> String {
        Word { parts: [self.clone()].into(), span: Span::default() }.to_string()
    }
}

/// Where the scan of a word is.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Quoting {
    Double,
    /// Inside `${…}`, itself inside double quotes or not.
    Param {
        in_dq: bool,
    },
}

/// A word's text as bash's reader leaves it: `$'…'` decoded and single-quoted (left bare in a
/// double-quoted `${…}`), `$"…"` as `"…"`, `$(…)`, `<(…)` and `>(…)` printed anew, `\`-newline
/// gone; everything else as written.
fn written(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut stack: Vec<Quoting> = Vec::new();
    let mut idx = 0;
    while idx < bytes.len() {
        let top = stack.last().copied();
        let quotes_active = matches!(top, None | Some(Quoting::Param { in_dq: false }));
        match bytes[idx] {
            b'\\' => {
                if bytes.get(idx + 1) == Some(&b'\n') {
                    idx += 2;
                    continue;
                }
                let len = 1 + text[idx + 1..].chars().next().map_or(0, char::len_utf8);
                out.push_str(&text[idx..idx + len]);
                idx += len;
            }
            b'\'' if quotes_active => {
                let end = text[idx + 1..].find('\'').map_or(text.len(), |at| idx + 1 + at + 1);
                out.push_str(&text[idx..end]);
                idx = end;
            }
            b'"' => {
                if top == Some(Quoting::Double) {
                    stack.pop();
                } else {
                    stack.push(Quoting::Double);
                }
                out.push('"');
                idx += 1;
            }
            b'`' => {
                let mut end = idx + 1;
                while end < bytes.len() && bytes[end] != b'`' {
                    end += if bytes[end] == b'\\' { 2 } else { 1 };
                }
                let end = (end + 1).min(bytes.len());
                out.push_str(&text[idx..end]);
                idx = end;
            }
            b'}' if matches!(top, Some(Quoting::Param { .. })) => {
                stack.pop();
                out.push('}');
                idx += 1;
            }
            b'$' => match bytes.get(idx + 1) {
                Some(b'{') => {
                    let in_dq = matches!(top, Some(Quoting::Double | Quoting::Param { in_dq: true }));
                    stack.push(Quoting::Param { in_dq });
                    out.push_str("${");
                    idx += 2;
                }
                Some(b'(') => match substitution_at(text, idx) {
                    Some((WordPart::CommandSubst(script), end)) => {
                        out.push_str("$(");
                        out.push_str(&comsub(&script.body, &text[..end]));
                        out.push(')');
                        idx = end;
                    }
                    // `$((…))`: copied, what is inside still scanned (a `$(…)` there is printed
                    // anew too).
                    _ => {
                        out.push_str("$(");
                        idx += 2;
                    }
                },
                Some(b'\'') if top != Some(Quoting::Double) => match substitution_at(text, idx) {
                    Some((WordPart::Quoted(decoded), end)) => {
                        if top == Some(Quoting::Param { in_dq: true }) {
                            out.push_str(&decoded);
                        } else {
                            out.push_str(&single_quote(&decoded));
                        }
                        idx = end;
                    }
                    _ => {
                        out.push('$');
                        idx += 1;
                    }
                },
                // `$"…"`: no translation, so the plain double quotes.
                Some(b'"') if top != Some(Quoting::Double) => idx += 1,
                _ => {
                    out.push('$');
                    idx += 1;
                }
            },
            b'<' | b'>' if quotes_active && bytes.get(idx + 1) == Some(&b'(') => match substitution_at(text, idx) {
                Some((WordPart::ProcessSubst { script, .. }, end)) => {
                    out.push_str(&text[idx..idx + 2]);
                    out.push_str(&comsub(&script.body, &text[..end]));
                    out.push(')');
                    idx = end;
                }
                _ => {
                    out.push_str(&text[idx..idx + 1]);
                    idx += 1;
                }
            },
            _ => {
                let len = text[idx..].chars().next().map_or(1, char::len_utf8);
                out.push_str(&text[idx..idx + len]);
                idx += len;
            }
        }
    }
    out
}

/// The text of a command substitution as bash's `parse_comsub` makes it: the commands printed
/// alone (`print_comsub`), a space before one that starts with `(` (so it cannot read as
/// `$((`). `src` is the text the list's spans point into.
fn comsub(list: &List, src: &str) -> String {
    let mut printer = Bash::new(src, 0, Style::default());
    printer.printing_comsub = true;
    printer.make(Some(Node::List(list)));
    if !printer.deferred.is_empty() {
        printer.print_deferred_heredocs("");
    }
    if printer.out.starts_with('(') {
        printer.out.insert(0, ' ');
    }
    printer.out
}

/// bash's `sh_single_quote`.
fn single_quote(text: &str) -> String {
    if text == "'" {
        return "\\'".to_string();
    }
    format!("'{}'", text.replace('\'', "'\\''"))
}

/// `\`-newline pairs removed (a backslash before another backslash quotes it).
fn without_continuations(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars();
    while let Some(ch) = chars.next() {
        if ch == '\\' {
            match chars.next() {
                Some('\n') => {}
                Some(next) => {
                    out.push('\\');
                    out.push(next);
                }
                None => out.push('\\'),
            }
        } else {
            out.push(ch);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn declare_f(src: &str) -> String {
        let script = crate::parse(src).expect("parses");
        let Some(Command::Function(def)) = script.body[0].and_or.first.commands.first() else { panic!("no function") };
        function_definition(def, Style::default())
    }

    #[test]
    fn words_are_printed_as_written() {
        assert_eq!(declare_f("f() { echo \"$x\" ${y} 'a b';}"), "f () \n{ \n    echo \"$x\" ${y} 'a b'\n}");
    }

    #[test]
    fn substitutions_and_ansi_c_are_rewritten_as_bash_reads_them() {
        assert_eq!(
            declare_f("f() { echo $(echo   a;echo  b) $'x\\ty' `echo  q`; }"),
            "f () \n{ \n    echo $(echo a; echo b) 'x\ty' `echo  q`\n}"
        );
    }

    /// Keeping a definition's text costs only definitions: `Command` stays the size of its
    /// simple variant.
    #[test]
    fn the_kept_text_does_not_grow_commands() {
        assert!(std::mem::size_of::<FunctionDef>() <= std::mem::size_of::<SimpleCommand>());
    }

    /// Deeply nested definitions do not each copy the text around them, and the outer one still
    /// prints every word as written.
    #[test]
    fn nested_definitions_keep_their_text_to_a_bounded_depth() {
        let src = "f0() { f1() { f2() { f3() { f4() { echo \"$x\"; }; }; }; }; }";
        let script = crate::parse(src).expect("parses");
        let mut def = match script.body[0].and_or.first.commands.first() {
            Some(Command::Function(def)) => def.clone(),
            _ => panic!("no function"),
        };
        assert!(declare_f(src).contains("echo \"$x\""));
        let mut kept = Vec::new();
        loop {
            kept.push(def.source.0.is_some());
            let Command::Compound(body, _, _) = &*def.body else { break };
            let CompoundCommand::Brace(list) = &**body else { break };
            match list[0].and_or.first.commands.first() {
                Some(Command::Function(inner)) => def = inner.clone(),
                _ => break,
            }
        }
        assert_eq!(kept, [true, true, true, false, false]);
    }

    #[test]
    fn a_long_body_prints_without_recursing_per_command() {
        let body: String = (0..20_000).map(|n| format!("echo {n}\n")).collect();
        let text = declare_f(&format!("f() {{\n{body}}}"));
        assert!(text.ends_with("    echo 19999\n}"));
    }
}
