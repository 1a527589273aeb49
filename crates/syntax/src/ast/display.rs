//! Printing the tree back as canonical shell text.
//!
//! The output parses back to an equal tree (the property the parser tests check). Every list
//! item ends with a newline so here-document bodies can follow it; parameters are always braced.

use super::*;
use std::fmt;

/// How a word's quoted text must be written where it appears.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Context {
    /// An ordinary word: quoted text goes in single quotes.
    Plain,
    /// Inside double quotes.
    Double,
    /// Here-document body, arithmetic, or a `${…}` word inside double quotes: quoted text is
    /// written with backslashes.
    Backslash,
    /// The pattern of `${name/pattern/…}`.
    SlashPattern,
}

#[derive(Default)]
struct Printer {
    out: String,
    /// Here-document bodies waiting for the end of the current line.
    pending: Vec<(String, String)>,
    indent: usize,
    /// As bash shows a command it runs (`$BASH_COMMAND`): a parameter without braces where
    /// nothing after it could join its name (`$x`), a file redirection's target after a
    /// blank (`> /dev/null`).
    bash: bool,
}

impl Printer {
    fn newline(&mut self) {
        self.out.push('\n');
        for (body, delimiter) in std::mem::take(&mut self.pending) {
            self.out.push_str(&body);
            self.out.push_str(&delimiter);
            self.out.push('\n');
        }
        for _ in 0..self.indent {
            self.out.push_str("  ");
        }
    }

    fn list(&mut self, list: &List) {
        self.indent += 1;
        for item in list {
            self.newline();
            self.and_or(&item.and_or);
            if item.background {
                self.out.push_str(" &");
            }
        }
        self.indent -= 1;
        self.newline();
    }

    /// The body of `$( )` or `<( )`: on one line when it is made of simple commands, so a
    /// here-document started earlier on the line keeps its body after the line's end.
    fn substitution(&mut self, list: &List) {
        let simple = |item: &ListItem| {
            std::iter::once(&item.and_or.first)
                .chain(item.and_or.rest.iter().map(|(_, p)| p))
                .flat_map(|p| p.commands.iter())
                .all(|c| match c {
                    Command::Simple(s) => s.redirects.iter().all(|r| !matches!(r.op, RedirOp::HereDoc { .. })),
                    _ => false,
                })
        };
        if list.is_empty() || !list.iter().all(simple) {
            self.list(list);
            return;
        }
        for (idx, item) in list.iter().enumerate() {
            if idx > 0 {
                self.out.push_str(if list[idx - 1].background { " " } else { "; " });
            }
            self.and_or(&item.and_or);
            if item.background {
                self.out.push_str(" &");
            }
        }
    }

    fn and_or(&mut self, and_or: &AndOr) {
        self.pipeline(&and_or.first);
        for (op, pipeline) in &and_or.rest {
            self.out.push_str(match op {
                AndOrOp::And => " && ",
                AndOrOp::Or => " || ",
            });
            self.pipeline(pipeline);
        }
    }

    fn pipeline(&mut self, pipeline: &Pipeline) {
        match pipeline.time {
            Some(TimeFormat::Bash) => self.out.push_str("time "),
            Some(TimeFormat::Posix) => self.out.push_str("time -p "),
            None => {}
        }
        if pipeline.negated {
            self.out.push_str("! ");
        }
        // `! !` alone: negations that cancel over no command are written as read, so the text
        // still holds a pipeline.
        let empty = matches!(pipeline.commands.as_slice(), [Command::Simple(simple)]
            if simple.words.is_empty() && simple.assigns.is_empty() && simple.redirects.is_empty());
        if empty && pipeline.time.is_none() && !pipeline.negated {
            self.out.push_str("! !");
        }
        for (idx, command) in pipeline.commands.iter().enumerate() {
            if idx > 0 {
                let with_stderr = pipeline.pipe_stderr.get(idx - 1).copied().unwrap_or(false);
                self.out.push_str(if with_stderr { " |& " } else { " | " });
            }
            self.command(command);
        }
    }

    fn simple(&mut self, simple: &SimpleCommand) {
        let mut first = true;
        let mut space = |p: &mut Printer| {
            if !first {
                p.out.push(' ');
            }
            first = false;
        };
        // A first word that reads as a keyword (`!`, `if`, `{`) only stayed a word
        // because something came before it: keep the redirections in front then.
        let keyword_first = simple.assigns.is_empty()
            && simple.words.first().and_then(Word::as_literal).is_some_and(|w| super::RESERVED_WORDS.contains(&w));
        if keyword_first {
            for redirect in &simple.redirects {
                space(self);
                self.redirect(redirect);
            }
        }
        for assign in &simple.assigns {
            space(self);
            self.assign(assign);
        }
        for word in &simple.words {
            space(self);
            self.word(word, Context::Plain);
        }
        if !keyword_first {
            for redirect in &simple.redirects {
                space(self);
                self.redirect(redirect);
            }
        }
    }

    fn command(&mut self, command: &Command) {
        match command {
            Command::Simple(simple) => self.simple(simple),
            Command::Compound(compound, redirects, _) => {
                self.compound(compound);
                for redirect in redirects {
                    self.out.push(' ');
                    self.redirect(redirect);
                }
            }
            Command::Function(def) => {
                // A reserved word (`function if { …; }`) is a name only after `function`, and
                // so is a word that would read as something else (`foo=bar` as an assignment).
                let plain = def.name.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
                    && def.name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
                if !plain || super::RESERVED_WORDS.contains(&def.name.as_str()) {
                    self.out.push_str("function ");
                }
                self.out.push_str(&def.name);
                self.out.push_str("() ");
                self.command(&def.body);
            }
            Command::Coproc(coproc) => {
                self.out.push_str("coproc ");
                if let Some(name) = &coproc.name {
                    self.word(name, Context::Plain);
                    self.out.push(' ');
                }
                self.command(&coproc.body);
            }
        }
    }

    fn compound(&mut self, compound: &CompoundCommand) {
        match compound {
            CompoundCommand::Brace(list) => {
                self.out.push('{');
                self.list(list);
                self.out.push('}');
            }
            CompoundCommand::Subshell(list) => {
                self.out.push('(');
                self.list(list);
                self.out.push(')');
            }
            CompoundCommand::If { branches, otherwise } => {
                for (idx, (cond, body)) in branches.iter().enumerate() {
                    self.out.push_str(if idx == 0 { "if" } else { "elif" });
                    self.list(cond);
                    self.out.push_str("then");
                    self.list(body);
                }
                if let Some(body) = otherwise {
                    self.out.push_str("else");
                    self.list(body);
                }
                self.out.push_str("fi");
            }
            CompoundCommand::For { var, words, body } | CompoundCommand::Select { var, words, body } => {
                let keyword = if matches!(compound, CompoundCommand::For { .. }) { "for " } else { "select " };
                self.out.push_str(keyword);
                self.out.push_str(var);
                if let Some(words) = words {
                    self.out.push_str(" in");
                    for word in words {
                        self.out.push(' ');
                        self.word(word, Context::Plain);
                    }
                }
                self.out.push(';');
                self.do_body(body);
            }
            CompoundCommand::ArithFor { init, cond, step, body } => {
                self.out.push_str("for ((");
                self.word(init, Context::Backslash);
                self.out.push(';');
                self.word(cond, Context::Backslash);
                self.out.push(';');
                self.word(step, Context::Backslash);
                self.out.push_str("));");
                self.do_body(body);
            }
            CompoundCommand::While { until, cond, body } => {
                self.out.push_str(if *until { "until" } else { "while" });
                self.list(cond);
                self.do_body(body);
            }
            CompoundCommand::Case { word, arms } => {
                self.out.push_str("case ");
                self.word(word, Context::Plain);
                self.out.push_str(" in");
                self.indent += 1;
                for arm in arms {
                    self.newline();
                    for (idx, pattern) in arm.patterns.iter().enumerate() {
                        if idx > 0 {
                            self.out.push('|');
                        }
                        self.word(pattern, Context::Plain);
                    }
                    self.out.push(')');
                    self.list(&arm.body);
                    self.out.push_str(match arm.terminator {
                        CaseTerminator::Break => ";;",
                        CaseTerminator::FallThrough => ";&",
                        CaseTerminator::Continue => ";;&",
                    });
                }
                self.indent -= 1;
                self.newline();
                self.out.push_str("esac");
            }
            CompoundCommand::Arith(word) => {
                self.out.push_str("((");
                self.word(word, Context::Backslash);
                self.out.push_str("))");
            }
            CompoundCommand::Cond(expr) => {
                self.out.push_str("[[ ");
                self.cond(expr);
                self.out.push_str(" ]]");
            }
        }
    }

    fn do_body(&mut self, body: &List) {
        self.out.push_str(" do");
        self.list(body);
        self.out.push_str("done");
    }

    fn cond(&mut self, expr: &CondExpr) {
        match expr {
            CondExpr::Word(word) => self.word(word, Context::Plain),
            CondExpr::Unary(op, word) => {
                self.out.push_str(op);
                self.out.push(' ');
                self.word(word, Context::Plain);
            }
            CondExpr::Binary(left, op, right) => {
                self.word(left, Context::Plain);
                self.out.push(' ');
                self.out.push_str(op);
                self.out.push(' ');
                self.word(right, Context::Plain);
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

    fn assign(&mut self, assign: &Assign) {
        self.out.push_str(&assign.name);
        if let Some(index) = &assign.index {
            self.out.push('[');
            self.word(index, Context::Backslash);
            self.out.push(']');
        }
        self.out.push_str(if assign.append { "+=" } else { "=" });
        match &assign.value {
            // An empty value prints as nothing (`x=`), which is how it parses.
            AssignValue::Scalar(word) => self.parts(&word.parts, Context::Plain),
            AssignValue::Array(elements) => {
                self.out.push('(');
                for (idx, element) in elements.iter().enumerate() {
                    if idx > 0 {
                        self.out.push(' ');
                    }
                    if let Some(key) = &element.key {
                        self.out.push('[');
                        self.word(key, Context::Backslash);
                        self.out.push_str(if element.append { "]+=" } else { "]=" });
                    }
                    if element.value.parts.is_empty() {
                        self.out.push_str("''");
                    } else {
                        self.word(&element.value, Context::Plain);
                    }
                }
                self.out.push(')');
            }
        }
    }

    fn redirect(&mut self, redirect: &Redirect) {
        match &redirect.fd {
            RedirFd::Default => {}
            RedirFd::Number(fd) => self.out.push_str(&fd.to_string()),
            RedirFd::Var(name) => {
                self.out.push('{');
                self.out.push_str(name);
                self.out.push('}');
            }
        }
        let op = match &redirect.op {
            RedirOp::In => "<",
            RedirOp::Out => ">",
            RedirOp::Append => ">>",
            RedirOp::Clobber => ">|",
            RedirOp::ReadWrite => "<>",
            RedirOp::DupIn => "<&",
            RedirOp::DupOut => ">&",
            RedirOp::OutErr => "&>",
            RedirOp::AppendOutErr => "&>>",
            RedirOp::HereString => "<<<",
            RedirOp::HereDoc { strip_tabs, quoted, delimiter } => {
                self.out.push_str(if *strip_tabs { "<<-" } else { "<<" });
                if *quoted {
                    self.out.push('\'');
                    self.out.push_str(delimiter);
                    self.out.push('\'');
                } else {
                    self.out.push_str(delimiter);
                }
                let mut body = Printer::default();
                if *quoted {
                    for part in &redirect.target.parts {
                        if let WordPart::Quoted(text) | WordPart::Literal(text) = part {
                            body.out.push_str(text);
                        }
                    }
                } else {
                    body.word(&redirect.target, Context::Backslash);
                }
                self.pending.push((body.out, delimiter.clone()));
                return;
            }
        };
        self.out.push_str(op);
        // `< <(list)` must not print as `<<(`.
        let file = !matches!(redirect.op, RedirOp::DupIn | RedirOp::DupOut);
        if matches!(redirect.target.parts.first(), Some(WordPart::ProcessSubst { .. })) || (self.bash && file) {
            self.out.push(' ');
        }
        self.word(&redirect.target, Context::Plain);
    }

    fn word(&mut self, word: &Word, context: Context) {
        if word.parts.is_empty() && context == Context::Plain {
            self.out.push_str("''");
            return;
        }
        self.parts(&word.parts, context);
    }

    fn parts(&mut self, parts: &[WordPart], context: Context) {
        for (idx, part) in parts.iter().enumerate() {
            match part {
                WordPart::Param(param) if self.bash && self.bare_param(param, parts.get(idx + 1)) => {
                    self.out.push('$');
                    self.out.push_str(&param.name);
                }
                WordPart::Literal(text) => match context {
                    Context::Double => {
                        for ch in text.chars() {
                            if matches!(ch, '$' | '`' | '"' | '\\') {
                                self.out.push('\\');
                            }
                            self.out.push(ch);
                        }
                    }
                    _ => self.out.push_str(text),
                },
                WordPart::Quoted(text) => match context {
                    // A newline inside quotes is written as `$'\n'`: a here-document body starts
                    // after the first newline of its line, so printed words must not contain one.
                    Context::Plain if text.contains('\n') => self.ansi_c(text),
                    // In a `${…}` word inside double quotes a backslash quotes only these; other
                    // quoted text (from `$'…'`) is written as `$'…'` again.
                    Context::Backslash if text.chars().any(|c| !"$`\"\\}/".contains(c)) => self.ansi_c(text),
                    Context::Plain => {
                        self.out.push('\'');
                        self.out.push_str(&text.replace('\'', "'\\''"));
                        self.out.push('\'');
                    }
                    Context::Double | Context::Backslash | Context::SlashPattern => {
                        for ch in text.chars() {
                            self.out.push('\\');
                            self.out.push(ch);
                        }
                    }
                },
                WordPart::DoubleQuoted(inner) => {
                    self.out.push('"');
                    self.parts(inner, Context::Double);
                    self.out.push('"');
                }
                WordPart::Param(param) => self.param(param, context),
                WordPart::CommandSubst(script) => {
                    self.out.push_str("$(");
                    self.substitution(&script.body);
                    self.out.push(')');
                }
                WordPart::Arith(word) => {
                    self.out.push_str("$((");
                    self.word(word, Context::Backslash);
                    self.out.push_str("))");
                }
                WordPart::Assign(assign) => self.assign(assign),
                WordPart::ProcessSubst { script, output } => {
                    self.out.push_str(if *output { ">(" } else { "<(" });
                    self.substitution(&script.body);
                    self.out.push(')');
                }
            }
        }
    }

    /// `$'…'`: ANSI-C quoting, which says any text (newlines included) on one line.
    fn ansi_c(&mut self, text: &str) {
        self.out.push_str("$'");
        for ch in text.chars() {
            match ch {
                '\n' => self.out.push_str("\\n"),
                '\t' => self.out.push_str("\\t"),
                '\'' => self.out.push_str("\\'"),
                '\\' => self.out.push_str("\\\\"),
                c if c.is_ascii_control() => self.out.push_str(&format!("\\x{:02x}", c as u32)),
                c if c.is_control() => self.out.push_str(&format!("\\u{:04x}", c as u32)),
                other => self.out.push(other),
            }
        }
        self.out.push('\'');
    }

    /// Whether `param` may be written `$name` before `next` (bash's way): a plain variable
    /// or one-digit parameter that nothing after it could join.
    fn bare_param(&self, param: &ParamExpr, next: Option<&WordPart>) -> bool {
        let name = param.name.as_str();
        let plain = matches!(param.op, ParamOp::None) && param.index.is_none() && !param.indirect;
        let named = name.len() == 1 && name.as_bytes()[0].is_ascii_digit()
            || name.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
                && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
        let joins = match next {
            Some(WordPart::Literal(text)) => text.starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_'),
            _ => false,
        };
        plain && named && !joins
    }

    fn param(&mut self, param: &ParamExpr, context: Context) {
        // A `${…}` word inside double quotes treats single quotes as ordinary characters.
        let inner =
            if matches!(context, Context::Double | Context::Backslash) { Context::Backslash } else { Context::Plain };
        // A special parameter alone is written as usual (`$#`, as bash's messages quote it);
        // nothing that follows can run into its name.
        if matches!(param.op, ParamOp::None)
            && param.index.is_none()
            && !param.indirect
            && matches!(param.name.as_str(), "#" | "?" | "@" | "*" | "!" | "$" | "-")
        {
            self.out.push('$');
            self.out.push_str(&param.name);
            return;
        }
        self.out.push_str("${");
        if let ParamOp::Bad(text) = &param.op {
            self.out.push_str(text);
            self.out.push('}');
            return;
        }
        match param.op {
            ParamOp::Length => self.out.push('#'),
            ParamOp::Keys | ParamOp::PrefixNames { .. } => self.out.push('!'),
            _ if param.indirect => self.out.push('!'),
            _ => {}
        }
        self.out.push_str(&param.name);
        match &param.index {
            Some(Subscript::At) => self.out.push_str("[@]"),
            Some(Subscript::Star) => self.out.push_str("[*]"),
            Some(Subscript::Expr(word)) => {
                self.out.push('[');
                self.word(word, Context::Backslash);
                self.out.push(']');
            }
            None => {}
        }
        match &param.op {
            ParamOp::None | ParamOp::Length | ParamOp::Keys => {}
            ParamOp::PrefixNames { at } => self.out.push(if *at { '@' } else { '*' }),
            ParamOp::Test { kind, colon, word } => {
                if *colon {
                    self.out.push(':');
                }
                self.out.push(match kind {
                    TestKind::Default => '-',
                    TestKind::Assign => '=',
                    TestKind::Error => '?',
                    TestKind::Alternate => '+',
                });
                self.parts(&word.parts, inner);
            }
            ParamOp::Trim { suffix, longest, pattern } => {
                let op = if *suffix { "%" } else { "#" };
                self.out.push_str(op);
                if *longest {
                    self.out.push_str(op);
                }
                self.parts(&pattern.parts, inner);
            }
            ParamOp::Replace { mode, pattern, replacement } => {
                self.out.push_str(match mode {
                    ReplaceMode::First => "/",
                    ReplaceMode::All => "//",
                    ReplaceMode::Prefix => "/#",
                    ReplaceMode::Suffix => "/%",
                });
                let pattern_context = if inner == Context::Plain { Context::SlashPattern } else { inner };
                self.parts(&pattern.parts, pattern_context);
                self.out.push('/');
                self.parts(&replacement.parts, inner);
            }
            ParamOp::Case { to, all, pattern } => {
                let op = match to {
                    CaseTo::Upper => "^",
                    CaseTo::Lower => ",",
                    CaseTo::Toggle => "~",
                };
                self.out.push_str(op);
                if *all {
                    self.out.push_str(op);
                }
                self.parts(&pattern.parts, inner);
            }
            ParamOp::Slice { offset, length } => {
                self.out.push(':');
                self.word(offset, Context::Backslash);
                if let Some(length) = length {
                    self.out.push(':');
                    self.word(length, Context::Backslash);
                }
            }
            ParamOp::Transform(op) => {
                self.out.push('@');
                self.out.push(*op);
            }
            ParamOp::Bad(_) => {}
        }
        self.out.push('}');
    }
}

impl fmt::Display for Script {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut printer = Printer::default();
        for item in &self.body {
            printer.and_or(&item.and_or);
            if item.background {
                printer.out.push_str(" &");
            }
            printer.newline();
        }
        f.write_str(&printer.out)
    }
}

impl fmt::Display for Command {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut printer = Printer::default();
        printer.command(self);
        if !printer.pending.is_empty() {
            printer.newline();
        }
        f.write_str(&printer.out)
    }
}

impl fmt::Display for SimpleCommand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut printer = Printer::default();
        printer.simple(self);
        f.write_str(&printer.out)
    }
}

impl SimpleCommand {
    /// The command as bash shows it in `$BASH_COMMAND` (`echo $x > /dev/null`), where
    /// [`Display`](fmt::Display) writes the canonical text (`echo ${x} >/dev/null`).
    pub fn bash_text(&self) -> String {
        let mut printer = Printer { bash: true, ..Printer::default() };
        printer.simple(self);
        printer.out
    }
}

impl Word {
    /// The text of an arithmetic expression's word (the inside of `(( ))`), which
    /// [`parse_arith_text`](crate::parser::parse_arith_text) reads back as the same word.
    pub fn arith_text(&self) -> String {
        // bash's form of a parameter (`$key`): the text may be read as a subscript, where a
        // quoted `'$key'` stays as written.
        let mut printer = Printer { bash: true, ..Printer::default() };
        printer.word(self, Context::Backslash);
        printer.out
    }

    /// The word as bash shows it in `$BASH_COMMAND` (`$x`; see [`SimpleCommand::bash_text`]).
    pub fn bash_text(&self) -> String {
        let mut printer = Printer { bash: true, ..Printer::default() };
        printer.word(self, Context::Plain);
        printer.out
    }
}

impl fmt::Display for Word {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut printer = Printer::default();
        printer.word(self, Context::Plain);
        f.write_str(&printer.out)
    }
}
