//! Running the tree: lists, and-or lists, pipelines (concurrent stages over bounded pipes),
//! compound commands, simple commands and the command lookup
//! (function ▸ the command table, commands and interpreter builtins in one ▸ tool ▸ script
//! path ▸ not found).

use super::io::{Io, Output, pipe};
use super::pattern::Pattern;
use super::vars::{Attrs, Value, Var};
use super::{ExecResult, Flow, Interp, Status, special};
use crate::ast::*;
use crate::builtins::{self, Ctx};
use futures::future::BoxFuture;
use std::fmt::Write as _;
use std::sync::Arc;

impl Interp {
    /// Runs a list of and-or lists. Not boxed: the recursion through nested lists is broken
    /// where each command is boxed ([`Interp::exec_command`]), and a script's every line and
    /// every loop pass runs a list.
    pub(crate) async fn exec_list(&mut self, list: &[ListItem], io: &Io) -> ExecResult {
        let mut status = 0;
        for item in list {
            // `set -n` stops the commands after it on its own line too, as bash's
            // `execute_command_internal` runs nothing once `read_but_dont_execute` is set.
            if self.state.options.reads_without_running() {
                return Ok(status);
            }
            // The shell reaps its coprocess once it ended, as bash does its process.
            if self.coproc.as_ref().is_some_and(super::coproc::Coproc::ended) {
                self.reap_coproc(io).await;
            }
            let exec_io;
            let io = match (&self.exec_io, &self.exec_base) {
                (Some(redirected), Some(base)) => {
                    exec_io = io.overlaid(base, redirected);
                    &exec_io
                }
                _ => io,
            };
            if item.background {
                self.spawn_background(&item.and_or, io).await?;
                status = 0;
                self.state.last_status = 0;
                continue;
            }
            status = self.exec_and_or(&item.and_or, io).await?;
        }
        Ok(status)
    }

    /// Runs a list where a failure must not trigger errexit (conditions).
    pub(crate) async fn exec_condition(&mut self, list: &[ListItem], io: &Io) -> ExecResult {
        self.errexit_suppressed += 1;
        let result = self.exec_list(list, io).await;
        self.errexit_suppressed -= 1;
        result
    }

    async fn exec_and_or(&mut self, and_or: &AndOr, io: &Io) -> ExecResult {
        let last = and_or.rest.len();
        let mut status = if last == 0 {
            self.exec_pipeline(&and_or.first, io, true).await?
        } else {
            self.errexit_suppressed += 1;
            let result = self.exec_pipeline(&and_or.first, io, false).await;
            self.errexit_suppressed -= 1;
            result?
        };
        let mut fallback = false;
        for (idx, (op, pipeline)) in and_or.rest.iter().enumerate() {
            fallback |= *op == AndOrOp::Or;
            let run = match op {
                AndOrOp::And => status == 0,
                AndOrOp::Or => status != 0,
            };
            if !run {
                continue;
            }
            if fallback {
                self.reached(pipeline, |check, p| check.check_pipeline(p))?;
            }
            status = if idx + 1 == last {
                self.exec_pipeline(pipeline, io, true).await?
            } else {
                self.errexit_suppressed += 1;
                let result = self.exec_pipeline(pipeline, io, false).await;
                self.errexit_suppressed -= 1;
                result?
            };
        }
        Ok(status)
    }

    /// Runs a trap's action, its first line counted as line `first_line` (bash counts an ERR
    /// or DEBUG trap's lines from the line of the command that set it off, a RETURN trap's
    /// from the function's opening line or the `source` command's, the others' from 1);
    /// `$LINENO` is the command's again after it.
    pub(crate) async fn run_trap(&mut self, action: &str, io: &Io, first_line: u32) -> Result<Status, Flow> {
        self.run_trap_with(action, io, first_line, false).await
    }

    /// Runs the action of a trap that interrupts the commands of a function or sourced file
    /// (ERR, DEBUG, a signal's): a `return` in it returns from that function or file, as in
    /// bash. (The EXIT and RETURN traps' `return` ends only their action.)
    pub(crate) async fn run_trap_returning(&mut self, action: &str, io: &Io, first_line: u32) -> Result<Status, Flow> {
        self.run_trap_with(action, io, first_line, true).await
    }

    async fn run_trap_with(&mut self, action: &str, io: &Io, first_line: u32, returns: bool) -> Result<Status, Flow> {
        let Ok(script) = crate::parser::parse_from_line(action, &self.aliases_in_effect(), first_line) else {
            return Ok(0);
        };
        let (saved, line) = (self.state.last_status, self.state.lineno);
        // A trap's commands leave `PIPESTATUS` as the interrupted pipeline set it, as bash's
        // save_pipestatus_array does (`set -o pipefail; trap … ERR; a | b` reads b's status
        // after the ERR trap ran).
        let pipestatus = self.state.vars.get_raw("PIPESTATUS").cloned();
        // errexit holds inside a trap's action, even one set off inside a condition: bash
        // judges the action's commands as their own (`trap 'false; …' EXIT` under `set -e`
        // ends there, a DEBUG trap's failing command ends the shell).
        let suppressed = std::mem::replace(&mut self.errexit_suppressed, 0);
        self.in_trap += 1;
        // `set -x` shows its commands one level deeper (`++ echo`), as bash does.
        self.trace_depth += 1;
        // Boxed: a trap runs between the commands of the list it interrupts.
        let result = Box::pin(self.exec_list(&script.body, io)).await;
        self.trace_depth -= 1;
        self.in_trap -= 1;
        self.errexit_suppressed = suppressed;
        self.state.last_status = saved;
        self.state.lineno = line;
        match pipestatus {
            Some(var) => self.state.vars.insert("PIPESTATUS", var),
            None => self.state.vars.remove("PIPESTATUS"),
        }
        match result {
            Err(flow @ (Flow::Exit(_) | Flow::Fatal(_))) => Err(flow),
            Err(flow @ Flow::Return(_)) if returns => Err(flow),
            Ok(status) | Err(Flow::Return(status)) => Ok(status),
            // An expansion error ends the trap's action only.
            _ => Ok(1),
        }
    }

    /// Runs the DEBUG trap's action: not again inside itself, though it runs inside the other
    /// traps' actions (an ERR, EXIT or RETURN trap's commands), as bash's does.
    async fn run_debug_trap(&mut self, action: &str, io: &Io, first_line: u32) -> Result<Status, Flow> {
        let outer = std::mem::replace(&mut self.in_debug_trap, true);
        let result = self.run_trap_returning(action, io, first_line).await;
        self.in_debug_trap = outer;
        result
    }

    /// Runs a pipeline: its stages, `!`, `time`'s report, `$?` and `PIPESTATUS`; then, when
    /// `checked` (the last pipeline of an and-or list), the ERR trap and errexit. One function,
    /// not one per step: every command a script runs passes here, and each level of futures
    /// cost a poll and a copy of its state.
    async fn exec_pipeline(&mut self, pipeline: &Pipeline, io: &Io, checked: bool) -> ExecResult {
        let started = pipeline.time.map(|_| super::timing::start());
        // Nothing a negated pipeline runs triggers errexit or the ERR trap, down to the
        // commands of a function it calls (`! f`), as in bash.
        if pipeline.negated {
            self.errexit_suppressed += 1;
        }
        let ran: ExecResult = 'run: {
            if pipeline.commands.len() == 1 {
                let status = match &pipeline.commands[0] {
                    // A simple command runs in this future, as `exec_command` would run it but
                    // not boxed: nothing it awaits leads back here unboxed (functions,
                    // substitutions and the general expansion are boxed), and the box and the
                    // copy of its state cost about 200 instructions of every command. Deep in
                    // nested commands it takes the guarded way.
                    Command::Simple(simple) if self.nesting < super::GUARDED_DEPTH => {
                        if let Err(flow) = self.step().await {
                            break 'run Err(flow);
                        }
                        self.nesting += 1;
                        let result = self.exec_simple(simple, io).await;
                        self.nesting -= 1;
                        result
                    }
                    command => self.exec_command(command, io).await,
                };
                if let Ok(status) = status
                    && (!matches!(pipeline.commands[0], Command::Simple(_))
                        || self.state.vars.get("PIPESTATUS").is_some())
                {
                    self.set_pipestatus(&[status]);
                }
                status
            } else {
                match self.exec_stages(pipeline, io).await {
                    Ok(statuses) => {
                        self.set_pipestatus(&statuses);
                        let last = statuses.last().copied().unwrap_or(0);
                        if self.state.options.pipefail {
                            Ok(statuses.iter().rev().copied().find(|&s| s != 0).unwrap_or(0))
                        } else {
                            Ok(last)
                        }
                    }
                    Err(flow) => Err(flow),
                }
            }
        };
        if pipeline.negated {
            self.errexit_suppressed -= 1;
        }
        let redirect_failed = std::mem::take(&mut self.compound_redirect_failed);
        let status = ran?;
        let status = if pipeline.negated { i32::from(status == 0) } else { status };
        self.state.last_status = status;
        if let (Some(format), Some(started)) = (pipeline.time, started) {
            Box::pin(self.report_time(&started, format, io)).await;
        }
        // A compound command's own status is not judged (bash): its commands were, one by one,
        // so `{ false && :; }` or `if …; then false && :; fi` goes on; a subshell, `(( ))`,
        // `[[ ]]` and a pipeline of several are judged like a simple command, and so is a
        // compound command whose redirection failed (`{ cat; } < missing`).
        let judged = redirect_failed
            || pipeline.commands.len() > 1
            || match &pipeline.commands[0] {
                Command::Compound(compound, ..) => {
                    matches!(
                        **compound,
                        CompoundCommand::Subshell(_) | CompoundCommand::Arith(_) | CompoundCommand::Cond(_)
                    )
                }
                _ => true,
            };
        if checked && judged && status != 0 && !pipeline.negated && self.errexit_suppressed == 0 {
            // Inside a function only under `set -E`, as bash runs it.
            let in_function = self.state.frames.iter().any(|frame| frame.name != "source");
            let traced = !in_function || self.state.options.errtrace;
            if traced
                && !self.in_err_trap
                && let Some(action) = self.state.traps.get("ERR").cloned()
            {
                let line = self.state.lineno;
                self.in_err_trap = true;
                let ran = self.run_trap_returning(&action, io, line).await;
                self.in_err_trap = false;
                ran?;
                self.state.last_status = status;
            }
            if self.state.options.errexit {
                return Err(Flow::Exit(status));
            }
        }
        Ok(status)
    }

    /// `time`'s report of a pipeline, in `TIMEFORMAT` or the POSIX format (`time -p`).
    async fn report_time(&mut self, started: &super::timing::Started, format: TimeFormat, io: &Io) {
        let custom = self.state.vars.get_str("TIMEFORMAT").map(str::to_string);
        match super::timing::report(started, custom.as_deref(), format == TimeFormat::Posix) {
            Ok(text) => {
                let _ = io.stderr().write_text(&text).await;
            }
            Err(message) => self.error(io, &message).await,
        }
    }

    fn set_pipestatus(&mut self, statuses: &[Status]) {
        self.state.vars.put_numbers("PIPESTATUS", statuses);
    }

    /// `PIPESTATUS` is kept only once something made it (a compound command, a pipeline of
    /// several stages, a read of it), so a script of simple commands does not rewrite an array
    /// after each. Until then every pipeline was one simple command and it would hold `$?`
    /// alone: a first read makes it so, and from then on every pipeline keeps it.
    pub(super) fn materialize_pipestatus(&mut self) {
        if self.state.vars.get("PIPESTATUS").is_none() {
            let status = self.state.last_status;
            self.set_pipestatus(&[status]);
        }
    }

    /// Runs the stages of a pipeline concurrently, each in a subshell.
    async fn exec_stages(&mut self, pipeline: &Pipeline, io: &Io) -> Result<Vec<Status>, Flow> {
        let count = pipeline.commands.len();
        let mut stages = Vec::with_capacity(count);
        let mut next_stdin = io.stdin();
        // `shopt -s lastpipe`: the last command is run by this shell, beside the others.
        let lastpipe = self.state.options.lastpipe;
        let mut last_io = None;
        for (idx, command) in pipeline.commands.iter().enumerate() {
            let mut stage_io = io.clone();
            stage_io.set(0, Some(super::io::Fd::Input(next_stdin.clone())));
            if idx + 1 < count {
                let (writer, reader) = pipe();
                stage_io.set(1, Some(super::io::Fd::Output(Output::Pipe(writer.clone()))));
                if pipeline.pipe_stderr.get(idx).copied().unwrap_or(false) {
                    stage_io.set(2, Some(super::io::Fd::Output(Output::Pipe(writer))));
                }
                next_stdin = super::io::Input::from_pipe(reader);
            } else if lastpipe {
                last_io = Some(stage_io);
                break;
            }
            // Each simple command of a pipeline is a command of its own to the DEBUG trap
            // and `$BASH_COMMAND` (bash runs the trap in each stage, before it starts).
            if let Command::Simple(simple) = command {
                if simple.span.line > 0 {
                    self.state.lineno = simple.span.line;
                }
                self.debug_point(io, |text| text.write_str(&simple.bash_text())).await?;
            }
            let mut sub = self.subshell();
            sub.pipe_in = idx > 0;
            if let Some(own) = self.without_coproc_fds(&mut sub, &stage_io) {
                stage_io = own;
            }
            stages.push(async move {
                // A stage that is `( list )` alone runs its list in the stage's subshell, as
                // bash runs it in the stage's process: one subshell for `$BASH_SUBSHELL`, and
                // its jobs keep the pipe (`echo x | ( cat & wait )`, bash's `stdin_redir`).
                let result = match command {
                    Command::Compound(compound, redirects, _) if redirects.is_empty() => match &**compound {
                        CompoundCommand::Subshell(list) => sub.exec_list(list, &stage_io).await,
                        _ => sub.exec_command(command, &stage_io).await,
                    },
                    _ => sub.exec_command(command, &stage_io).await,
                };
                sub.finish_subshell(result, &stage_io).await
            });
        }
        drop(next_stdin);
        let (mut statuses, last) = match (last_io, pipeline.commands.last()) {
            (Some(last_io), Some(command)) => {
                let (statuses, last) =
                    futures::join!(futures::future::join_all(stages), self.exec_command(command, &last_io));
                (statuses, Some(last))
            }
            _ => (futures::future::join_all(stages).await, None),
        };
        if let Some(status) = self.shared.stopping() {
            return Err(Flow::Fatal(status));
        }
        if let Some(last) = last {
            statuses.push(last?);
        }
        Ok(statuses)
    }

    /// Turns a subshell's result into its status, running its EXIT trap.
    pub(crate) async fn finish_subshell(&mut self, result: ExecResult, io: &Io) -> Status {
        let status = match result {
            Ok(status) => status,
            // bash: an expansion error (unbound variable, `${x:?}`) ends a subshell with 1,
            // though the top-level shell exits with 127.
            Err(Flow::Fatal(crate::status::EXPANSION) | Flow::Discard) => 1,
            Err(Flow::Exit(status) | Flow::Fatal(status) | Flow::Return(status)) => status,
            Err(Flow::Break(_) | Flow::Continue(_)) => self.state.last_status,
            Err(Flow::SigPipe) => crate::status::SIGPIPE,
        };
        if let Some(action) = Arc::make_mut(&mut self.state.traps).remove("EXIT") {
            self.state.last_status = status;
            // `exit N` in the trap sets the subshell's status (bash).
            if let Err(Flow::Exit(status) | Flow::Fatal(status)) = self.run_trap(&action, io, 1).await {
                return status;
            }
        }
        status
    }

    /// Gives a `for` loop's variable its next word: a reference (the last of its chain) names
    /// each word in turn, as bash's does, refusing a word that is no variable name, a
    /// read-only reference and (at the top level) a reference to itself; any other variable
    /// takes the word. `Err` carries what to say, if anything (a circle was noted).
    fn set_loop_variable(&mut self, var: &str, item: String) -> Result<(), Option<String>> {
        use toolsh_core::vars::{SetError, valid_reference};
        if let Some(reference) = self.state.vars.last_reference(var).map(str::to_string) {
            if !valid_reference(&item) {
                return Err(Some(format!("`{item}': not a valid identifier")));
            }
            if self.state.vars.get_raw(&reference).is_some_and(|v| v.attrs.has(Attrs::READONLY)) {
                return Err(Some(format!("{reference}: readonly variable")));
            }
            return self.state.vars.set_reference(&reference, item).map_err(|err| Some(err.to_string()));
        }
        match self.state.try_set_var(var, item) {
            Ok(()) => Ok(()),
            Err(SetError::Circular(_)) => Err(None),
            Err(SetError::Readonly(_)) => Err(Some(format!("{}: readonly variable", self.state.vars.resolve(var)))),
            Err(err) => Err(Some(err.to_string())),
        }
    }

    /// Says the warnings the variables noted (a circle of references, a reference made an
    /// array), each as bash's `internal_warning` does, where the command meeting them runs.
    pub(crate) async fn say_notes(&mut self, io: &Io) {
        for note in self.state.vars.take_notes() {
            self.error(io, &note).await;
        }
    }

    /// Runs one command.
    pub(crate) fn exec_command<'a>(&'a mut self, command: &'a Command, io: &'a Io) -> BoxFuture<'a, ExecResult> {
        // Shallow levels run on the thread's own stack; past `GUARDED_DEPTH` nested commands each
        // level is polled through the stack guard (which costs a look at the stack bounds).
        let guarded = self.nesting >= super::GUARDED_DEPTH;
        let run = async move {
            // Every command is a step: the deadline and cancellation reach a line that never
            // waits, and busy lines let other sessions and background jobs run.
            self.step().await?;
            self.nesting += 1;
            let result = self.exec_command_inner(command, io).await;
            self.nesting -= 1;
            if self.state.vars.has_notes() {
                self.say_notes(io).await;
            }
            result
        };
        if guarded { Box::pin(super::StackGuard(Box::pin(run))) } else { Box::pin(run) }
    }

    async fn exec_command_inner(&mut self, command: &Command, io: &Io) -> ExecResult {
        {
            match command {
                Command::Simple(simple) => self.exec_simple(simple, io).await,
                // Boxed apart: a simple command's future does not carry a compound's state.
                Command::Compound(compound, redirects, span) => {
                    // bash's `$LINENO` (and its messages' line) is also the line of these.
                    if span.line > 0
                        && matches!(
                            **compound,
                            CompoundCommand::Arith(_)
                                | CompoundCommand::Cond(_)
                                | CompoundCommand::Subshell(_)
                                | CompoundCommand::ArithFor { .. }
                                | CompoundCommand::For { .. }
                                | CompoundCommand::Case { .. }
                                | CompoundCommand::Select { .. }
                        )
                    {
                        self.state.lineno = span.line;
                    }
                    // `[[ ]]`, `(( ))` and `case` are a command of their own to the DEBUG trap
                    // and `$BASH_COMMAND`, as bash prints them; a subshell only names itself
                    // (its commands run without the trap).
                    match &**compound {
                        CompoundCommand::Arith(_) | CompoundCommand::Cond(_) => {
                            self.debug_point(io, |text| write!(text, "{command}")).await?;
                        }
                        CompoundCommand::Case { word, .. } => {
                            self.debug_point(io, |text| write!(text, "case {} in ", word.bash_text())).await?;
                        }
                        CompoundCommand::Subshell(list) if self.in_trap == 0 && !self.state.traps.is_empty() => {
                            self.bash_command.clear();
                            let script = crate::ast::Script { body: list.clone() };
                            let _ =
                                write!(self.bash_command, "( {} )", script.to_string().trim_end().replace('\n', "; "));
                        }
                        _ => {}
                    }
                    Box::pin(self.exec_redirected_compound(compound, redirects, io)).await
                }
                Command::Coproc(coproc) => {
                    if coproc.span.line > 0 {
                        self.state.lineno = coproc.span.line;
                    }
                    Box::pin(self.exec_coproc(coproc, io)).await
                }
                Command::Function(def) => {
                    // In POSIX mode a special builtin's name cannot be a function's (a special
                    // builtin's error: the shell ends, status 2, as bash's does).
                    if self.state.options.posix && special::is_posix_special(&def.name) {
                        self.error(io, &format!("`{}': is a special builtin", def.name)).await;
                        return Err(Flow::Fatal(crate::status::USAGE));
                    }
                    // And a function's name must be a name (bash's `check_identifier`).
                    if self.state.options.posix && !toolsh_core::vars::is_name(&def.name) {
                        self.error(io, &format!("`{}': not a valid identifier", def.name)).await;
                        return Err(Flow::Fatal(crate::status::USAGE));
                    }
                    if self.state.function_attrs.get(&def.name).is_some_and(|attrs| attrs.readonly) {
                        // bash runs a definition once it has read all of it: its errors name
                        // the line it ends on.
                        if def.span.line > 0 {
                            let text = def.source.0.as_deref().unwrap_or("");
                            let length = (def.span.end.saturating_sub(def.span.start)) as usize;
                            let inside = text.get(..length.min(text.len())).unwrap_or(text);
                            self.state.lineno = def.span.line + inside.matches('\n').count() as u32;
                        }
                        self.error(io, &format!("{}: readonly function", def.name)).await;
                        return Ok(1);
                    }
                    Arc::make_mut(&mut self.state.functions).insert(def.name.clone(), Arc::new(def.clone()));
                    // bash names a function defined in a typed line's text "environment".
                    let file = match &*self.state.source {
                        "" => Arc::from("environment"),
                        _ => self.state.source.clone(),
                    };
                    if self.state.function_sources.get(&def.name) != Some(&file) {
                        Arc::make_mut(&mut self.state.function_sources).insert(def.name.clone(), file);
                    }
                    Ok(0)
                }
            }
        }
    }

    async fn exec_redirected_compound(
        &mut self,
        compound: &CompoundCommand,
        redirects: &[Redirect],
        io: &Io,
    ) -> ExecResult {
        let substs = self.process_substs.len();
        let redirected = match self.redirected(redirects, io).await? {
            Ok(redirected) => redirected,
            Err(status) => {
                self.compound_redirect_failed = true;
                return Ok(status);
            }
        };
        // A compound whose standard input is redirected (`for …; do cmd & done < f`) lets its
        // jobs read it, as a pipeline stage does (bash's `stdin_redir`).
        let stdin_redirected = redirects.iter().any(|redirect| {
            let input = matches!(
                redirect.op,
                RedirOp::In | RedirOp::ReadWrite | RedirOp::DupIn | RedirOp::HereString | RedirOp::HereDoc { .. }
            );
            redirect.fd.number() == Some(0) || input && redirect.fd == crate::ast::RedirFd::Default
        });
        let outer = self.pipe_in;
        self.pipe_in |= stdin_redirected;
        let result = self.exec_compound(compound, redirected.as_ref()).await;
        self.pipe_in = outer;
        if self.process_substs.len() > substs {
            self.finish_process_substs(io, substs).await;
        }
        self.close_redirected(redirected, io, result).await
    }

    async fn exec_compound(&mut self, compound: &CompoundCommand, io: &Io) -> ExecResult {
        match compound {
            CompoundCommand::Brace(list) => self.exec_list(list, io).await,
            CompoundCommand::Subshell(list) => {
                let mut sub = self.subshell();
                let own = self.without_coproc_fds(&mut sub, io);
                let io = own.as_ref().unwrap_or(io);
                let result = sub.exec_list(list, io).await;
                if let Err(Flow::SigPipe) = result {
                    return Err(Flow::SigPipe);
                }
                if let Err(Flow::Fatal(status)) = result
                    && self.shared.stopping().is_some()
                {
                    return Err(Flow::Fatal(status));
                }
                Ok(sub.finish_subshell(result, io).await)
            }
            CompoundCommand::If { branches, otherwise } => {
                for (idx, (cond, body)) in branches.iter().enumerate() {
                    if idx > 0 {
                        self.reached(&cond[..], |check, list| check.check(list))?;
                    }
                    if self.exec_condition(cond, io).await? == 0 {
                        self.reached(&body[..], |check, list| check.check(list))?;
                        return self.exec_list(body, io).await;
                    }
                }
                match otherwise {
                    Some(body) => {
                        self.reached(&body[..], |check, list| check.check(list))?;
                        self.exec_list(body, io).await
                    }
                    None => Ok(0),
                }
            }
            CompoundCommand::While { until, cond, body } => {
                let mut status = 0;
                let mut body_checked = false;
                let mut iterations = 0u64;
                self.loop_depth += 1;
                let result = loop {
                    iterations += 1;
                    if iterations > self.state.limits().loop_iterations {
                        break Err(self.limit_hit("loop iterations", self.state.limits().loop_iterations));
                    }
                    let cond_status = match self.exec_condition(cond, io).await {
                        Ok(s) => s,
                        // `while break`, `until continue`: they act on this loop.
                        Err(flow @ (Flow::Break(_) | Flow::Continue(_))) => match self.loop_step(Err(flow)) {
                            LoopStep::Next(_) => continue,
                            LoopStep::Stop(s) => break Ok(s),
                            LoopStep::Out(flow) => break Err(flow),
                        },
                        Err(flow) => break Err(flow),
                    };
                    if (cond_status == 0) == *until {
                        break Ok(status);
                    }
                    match self.loop_body(body, io, &mut body_checked).await {
                        LoopStep::Next(s) => status = s,
                        LoopStep::Stop(s) => break Ok(s),
                        LoopStep::Out(flow) => break Err(flow),
                    }
                };
                self.loop_depth -= 1;
                result
            }
            CompoundCommand::For { var, words, body } => {
                if !toolsh_core::vars::is_name(var) {
                    self.error(io, &format!("`{var}': not a valid identifier")).await;
                    return Ok(1);
                }
                let items = match words {
                    Some(words) => self.expand_words(words, io).await?,
                    None => self.state.positional.as_ref().clone(),
                };
                // `set -x` shows the loop's head as written before each pass, as bash does; so
                // do `$BASH_COMMAND` and the DEBUG trap.
                let head = match words {
                    Some(words) if self.state.options.xtrace || !self.state.traps.is_empty() => {
                        let words: Vec<String> = words.iter().map(Word::bash_text).collect();
                        format!("for {var} in {}", words.join(" "))
                    }
                    _ => format!("for {var} in \"$@\""),
                };
                let mut status = 0;
                self.loop_depth += 1;
                let mut result = Ok(0);
                let mut body_checked = false;
                // Each pass is on the `for`'s line, wherever the body left `$LINENO` (bash).
                let for_line = self.state.lineno;
                for (count, item) in items.into_iter().enumerate() {
                    if count as u64 >= self.state.limits().loop_iterations {
                        result = Err(self.limit_hit("loop iterations", self.state.limits().loop_iterations));
                        break;
                    }
                    self.state.lineno = for_line;
                    if let Err(flow) = self.debug_point(io, |text| text.write_str(&head)).await {
                        result = Err(flow);
                        break;
                    }
                    if self.state.options.xtrace {
                        self.trace_line(io, &head).await;
                    }
                    if let Err(message) = self.set_loop_variable(var, item) {
                        self.say_notes(io).await;
                        if let Some(message) = message {
                            self.error(io, &message).await;
                        }
                        status = 1;
                        break;
                    }
                    if self.state.vars.has_notes() {
                        self.say_notes(io).await;
                    }
                    match self.loop_body(body, io, &mut body_checked).await {
                        LoopStep::Next(s) => status = s,
                        LoopStep::Stop(s) => {
                            status = s;
                            break;
                        }
                        LoopStep::Out(flow) => {
                            result = Err(flow);
                            break;
                        }
                    }
                    result = Ok(status);
                }
                self.loop_depth -= 1;
                result.map(|_| status)
            }
            CompoundCommand::ArithFor { init, cond, step, body } => {
                // Each part is on the `for`'s line to `$LINENO` and the DEBUG trap, as in bash,
                // wherever the body left it.
                let for_line = self.state.lineno;
                self.debug_point(io, |text| write!(text, "(({}))", init.to_string().trim_start())).await?;
                self.trace_arith(init, io).await;
                if self.eval_for_part(init, io).await?.is_none() {
                    self.state.last_status = 1;
                    return Ok(1);
                }
                let mut status = 0;
                let mut body_checked = false;
                let mut iterations = 0u64;
                self.loop_depth += 1;
                let result = loop {
                    iterations += 1;
                    if iterations > self.state.limits().loop_iterations {
                        break Err(self.limit_hit("loop iterations", self.state.limits().loop_iterations));
                    }
                    self.state.lineno = for_line;
                    if let Err(flow) =
                        self.debug_point(io, |text| write!(text, "(({}))", cond.to_string().trim_start())).await
                    {
                        break Err(flow);
                    }
                    // An empty condition (`(( ; ; ))`, blanks or not) is true, as in bash.
                    let text = match self.expand_text(cond, io).await {
                        Ok(text) => text,
                        Err(flow) => break Err(flow),
                    };
                    if self.state.options.xtrace {
                        // bash drops the blanks before a part, not those after it (`(( i++  ))`).
                        self.trace_line(io, &format!("(( {} ))", text.trim_start())).await;
                    }
                    if !text.trim().is_empty() {
                        match self.for_part(&text, io).await {
                            Ok(Some(0)) => break Ok(status),
                            Ok(Some(_)) => {}
                            Ok(None) => break Ok(1),
                            Err(flow) => break Err(flow),
                        }
                    }
                    match self.loop_body(body, io, &mut body_checked).await {
                        LoopStep::Next(s) => status = s,
                        LoopStep::Stop(s) => break Ok(s),
                        LoopStep::Out(flow) => break Err(flow),
                    }
                    self.state.lineno = for_line;
                    if let Err(flow) =
                        self.debug_point(io, |text| write!(text, "(({}))", step.to_string().trim_start())).await
                    {
                        break Err(flow);
                    }
                    self.trace_arith(step, io).await;
                    match self.eval_for_part(step, io).await {
                        Ok(Some(_)) => {}
                        Ok(None) => break Ok(1),
                        Err(flow) => break Err(flow),
                    }
                };
                self.loop_depth -= 1;
                result
            }
            CompoundCommand::Select { var, words, body } => self.exec_select(var, words, body, io).await,
            CompoundCommand::Case { word, arms } => {
                if self.state.options.xtrace {
                    self.trace_line(io, &format!("case {} in", word.bash_text())).await;
                }
                let subject = self.expand_string(word, io).await?;
                let mut idx = 0;
                let mut status = 0;
                let mut fall_through = false;
                while idx < arms.len() {
                    let arm = &arms[idx];
                    let mut matched = fall_through;
                    if !matched {
                        for pattern in &arm.patterns {
                            let text = self.expand_pattern(pattern, io).await?;
                            let compiled = if self.state.options.nocasematch {
                                Pattern::new_nocase(&text)
                            } else {
                                Pattern::new(&text)
                            };
                            if compiled.matches(&subject) {
                                matched = true;
                                break;
                            }
                        }
                    }
                    fall_through = false;
                    if matched {
                        self.reached(&arm.body[..], |check, list| check.check(list))?;
                        status = self.exec_list(&arm.body, io).await?;
                        match arm.terminator {
                            CaseTerminator::Break => return Ok(status),
                            CaseTerminator::FallThrough => fall_through = true,
                            CaseTerminator::Continue => {}
                        }
                    }
                    idx += 1;
                }
                Ok(status)
            }
            CompoundCommand::Arith(word) => {
                let text = self.expand_text(word, io).await?;
                if self.state.options.xtrace {
                    self.trace_line(io, &format!("(( {text} ))")).await;
                }
                match super::arith::eval(&text, &mut self.arith_vars(&text)) {
                    Ok(value) => Ok(i32::from(value == 0)),
                    Err(err) => match self.arith_failed(err, Some("(("), io).await {
                        // A subscript's error is bash's jump to top level, not a status.
                        Flow::Discard if !self.to_top_level => Ok(1),
                        flow => Err(flow),
                    },
                }
            }
            CompoundCommand::Cond(expr) => self.eval_cond(expr, io).await,
        }
    }

    /// A part of `for (( … ))` expanded and evaluated ([`Interp::for_part`]).
    async fn eval_for_part(&mut self, word: &Word, io: &Io) -> Result<Option<i64>, Flow> {
        let text = self.expand_text(word, io).await?;
        self.for_part(&text, io).await
    }

    /// One part of `for (( … ))` evaluated: an error is said after `((: ` and ends the loop
    /// with status 1 (`None`), the command line going on, as bash's does.
    async fn for_part(&mut self, text: &str, io: &Io) -> Result<Option<i64>, Flow> {
        match super::arith::eval(text, &mut self.arith_vars(text)) {
            Ok(value) => Ok(Some(value)),
            Err(err) => match self.arith_failed(err, Some("(("), io).await {
                Flow::Discard if !self.to_top_level => Ok(None),
                flow => Err(flow),
            },
        }
    }

    /// One pass of a loop's body; the body is checked by the pre-flight on the first pass
    /// (`checked`), as it is the same text each time.
    pub(super) async fn loop_body(&mut self, body: &[ListItem], io: &Io, checked: &mut bool) -> LoopStep {
        if !*checked {
            *checked = true;
            if let Err(flow) = self.reached(body, |check, list| check.check(list)) {
                return LoopStep::Out(flow);
            }
        }
        let result = self.exec_list(body, io).await;
        self.loop_step(result)
    }

    /// What a pass of a loop's body (or of a `while` condition, where `break` and `continue`
    /// act on the loop too) means for the loop.
    fn loop_step(&self, result: ExecResult) -> LoopStep {
        match result {
            Ok(status) => LoopStep::Next(status),
            // The loop's status is break's own: 0, or 1 after a bad count.
            Err(Flow::Break(n)) if n <= 1 => LoopStep::Stop(self.state.last_status),
            Err(Flow::Break(n)) => LoopStep::Out(Flow::Break(n - 1)),
            Err(Flow::Continue(n)) if n <= 1 => LoopStep::Next(0),
            Err(Flow::Continue(n)) => LoopStep::Out(Flow::Continue(n - 1)),
            Err(flow) => LoopStep::Out(flow),
        }
    }

    /// Performs one assignment; false when refused (message printed).
    pub(crate) async fn assign(&mut self, assign: &Assign, io: &Io) -> Result<bool, Flow> {
        let name = &assign.name;
        // bash: setting POSIXLY_CORRECT turns POSIX mode on.
        if name.as_str() == "POSIXLY_CORRECT" {
            self.state.options.posix = true;
        }
        // One lookup for a variable that is not a reference; a reference's target gives the
        // attributes.
        let attrs = match self.state.vars.get_raw(name) {
            // A circle of references is the variables' to refuse or send to the global.
            Some(var) if var.attrs.has(Attrs::NAMEREF) => {
                self.state.vars.get(name).map(|v| v.attrs).unwrap_or_default()
            }
            Some(var) => var.attrs,
            None => Attrs::default(),
        };
        if attrs.has(Attrs::READONLY) {
            // bash reads an element's subscript first: one before the first element is a bad
            // subscript rather than a read-only variable (`declare -r c; c[-2]=4`).
            if let (Some(index), AssignValue::Scalar(_)) = (&assign.index, &assign.value) {
                let key = self.subscript(name, index, io).await?;
                if self.state.vars.before_first(name, &key) {
                    self.report(io, &format!("{name}[{key}]: bad array subscript")).await?;
                    return Err(Flow::Discard);
                }
            }
            // Through a reference, the variable named is the one refused (bash).
            let target = self.state.vars.resolve(name).into_owned();
            self.error(io, &format!("{target}: readonly variable")).await;
            return Ok(false);
        }
        // The call stack's arrays and GROUPS take no assignment while they are the shell's own
        // (bash: "assignments to FUNCNAME have no effect"; `unset` makes one ordinary). The
        // value is still expanded, for what its expansion does.
        if matches!(name.as_str(), "FUNCNAME" | "BASH_SOURCE" | "BASH_LINENO" | "GROUPS") && self.state.is_dynamic(name)
        {
            if let AssignValue::Scalar(word) = &assign.value {
                self.expand_assigned(word, io).await?;
            }
            return Ok(true);
        }
        let result = match &assign.value {
            // Through a reference to an element (`declare -n r='a[i]'; r=v`).
            AssignValue::Scalar(word) if assign.index.is_none() && self.state.vars.element_target(name).is_some() => {
                let value = self.expand_assigned(word, io).await?;
                let (array, key) = self.reference_element(name, io).await?;
                if matches!(key.as_str(), "@" | "*") {
                    self.report(io, &format!("{array}[{key}]: bad array subscript")).await?;
                    return Ok(false);
                }
                self.state.vars.unreference_array(name, &array);
                // The array's attributes say how the value is taken (`declare -ai a`).
                let integer = self.state.vars.get(&array).is_some_and(|var| var.attrs.has(Attrs::INTEGER));
                let old = self.state.vars.element(&array, &key).unwrap_or_default().to_string();
                let value = match (assign.append, integer) {
                    (true, true) => {
                        let sum = self.arith(&old, io).await?.wrapping_add(self.arith(&value, io).await?);
                        sum.to_string()
                    }
                    (false, true) => self.arith(&value, io).await?.to_string(),
                    (true, false) => {
                        self.value_room(old.len().saturating_add(value.len()))?;
                        old + &value
                    }
                    (false, false) => value,
                };
                self.state.vars.set_element(&array, &key, value, false)
            }
            AssignValue::Scalar(word) => {
                let mut value = self.expand_assigned(word, io).await?;
                if self.state.options.xtrace {
                    self.traced_value.clone_from(&value);
                }
                // `SECONDS` is an integer variable in bash (`SECONDS=2+3` counts from 5).
                let integer = attrs.has(Attrs::INTEGER) || (name == "SECONDS" && self.state.is_dynamic(name));
                let key = match &assign.index {
                    Some(index) => Some(self.subscript(name, index, io).await?),
                    None => None,
                };
                if integer {
                    let mut number = self.arith(&value, io).await?;
                    if assign.append {
                        // `a[i]+=n` adds to that element, not to the array's first.
                        let old = match &key {
                            Some(key) => self.state.vars.element(name, key),
                            None => self.state.vars.get_str(name),
                        };
                        let old = old.unwrap_or("0").to_string();
                        number = number.wrapping_add(self.arith(&old, io).await?);
                    }
                    value = number.to_string();
                }
                // `DIRSTACK[N]=dir` replaces the stack's entry N (as `dirs +N` counts), while no
                // variable of the name took the computed array's place; an entry that is not
                // there (0, the working directory, or past the end) is left as it is.
                if let Some(key) = key.as_deref().filter(|_| name == "DIRSTACK" && self.state.vars.get(name).is_none())
                {
                    let len = self.state.dir_stack.len();
                    if let Ok(at @ 1..) = key.parse::<usize>()
                        && at <= len
                    {
                        self.state.dir_stack[len - at] = value;
                    }
                    // An assignment reads the array, as a reference does.
                    self.state.read_dirstack();
                    return Ok(true);
                }
                // `BASH_CMDS[NAME]=PATH` remembers a command's location, `BASH_ALIASES[NAME]=TEXT`
                // defines an alias, while no variable of the name took the array's place.
                if let Some(key) = key.as_deref().filter(|_| {
                    matches!(name.as_str(), "BASH_CMDS" | "BASH_ALIASES") && self.state.vars.get(name).is_none()
                }) {
                    if name == "BASH_CMDS" {
                        let table = Arc::make_mut(&mut self.state.hashed);
                        table.paths.insert(key.to_string(), value);
                        table.hits.insert(key.to_string(), 0);
                    } else {
                        Arc::make_mut(&mut self.state.aliases).insert(key.to_string(), value);
                    }
                    return Ok(true);
                }
                if let Some(key) = key {
                    if self.state.vars.before_first(name, &key) {
                        self.report(io, &format!("{name}[{key}]: bad array subscript")).await?;
                        return Err(Flow::Discard);
                    }
                    if assign.append {
                        // `a[i]+=…` in a loop grows one element: measured before it grows.
                        let old = self.state.vars.element(name, &key).map_or(0, str::len);
                        self.value_room(old.saturating_add(value.len()))?;
                    }
                    self.state.vars.set_element(name, &key, value, assign.append && !attrs.has(Attrs::INTEGER))
                } else if assign.append && !attrs.has(Attrs::INTEGER) {
                    // `x+=…` in a loop: the value is measured before it grows.
                    let old = self.state.vars.get_str(name).unwrap_or("");
                    self.value_room(old.len().saturating_add(value.len()))?;
                    let old = old.to_string();
                    self.state.vars.set(name, old + &value)
                } else {
                    self.state.vars.set(name, value)
                }
            }
            AssignValue::Array(_) if assign.index.is_some() => {
                let index = assign.index.as_ref().map(as_written).unwrap_or_default();
                self.error(io, &format!("{name}[{index}]: cannot assign list to array member")).await;
                return Err(Flow::Discard);
            }
            AssignValue::Array(elements) => {
                let is_assoc = matches!(self.state.vars.get(name).map(|v| &v.value), Some(Value::Assoc(_)));
                if is_assoc {
                    let mut value = Box::pin(self.assoc_value(name, elements, assign.append, io)).await?;
                    // `declare -Ai`: each value is evaluated (the old ones already were).
                    if attrs.has(Attrs::INTEGER)
                        && let Value::Assoc(map) = &mut value
                    {
                        for element in map.values_mut() {
                            *element = self.arith(element, io).await?.to_string();
                        }
                    }
                    self.state.vars.set_value(name, value)
                } else {
                    // The elements are expanded before the array changes (`a=("${a[@]}" x)`);
                    // `a+=(…)` then adds in place: copying the array on every append made a
                    // loop of appends quadratic.
                    let integer = attrs.has(Attrs::INTEGER);
                    let (mut items, failed) =
                        Box::pin(self.indexed_items(name, elements, assign.append, integer, io)).await?;
                    // `declare -ai a=(1+1)`: each element is evaluated.
                    if attrs.has(Attrs::INTEGER) {
                        for (_, element) in &mut items {
                            *element = self.arith(element, io).await?.to_string();
                        }
                    }
                    let cleared = if assign.append {
                        Ok(())
                    } else {
                        self.state.vars.set_value(name, Value::Indexed(Default::default()))
                    };
                    let result = cleared.and_then(|()| self.state.vars.append_indexed(name, items));
                    // A subscript that is no arithmetic stops the list there, as bash assigns
                    // element by element: the array keeps the elements before it.
                    if let Some(flow) = failed
                        && result.is_ok()
                    {
                        return Err(flow);
                    }
                    result
                }
            }
        };
        if let Err(err) = result {
            // A warning noted on the way (a circle of references) comes first.
            self.say_notes(io).await;
            match err {
                toolsh_core::vars::SetError::Circular(_) => {}
                toolsh_core::vars::SetError::Readonly(refused) => {
                    self.error(io, &format!("{refused}: readonly variable")).await
                }
                other => self.error(io, &other.to_string()).await,
            }
            return Ok(false);
        }
        if self.state.vars.has_notes() {
            self.say_notes(io).await;
        }
        if name == "SECONDS" {
            // It counts from the value given from now, not from when it is next read.
            self.state.settle_seconds();
        }
        // `BASH_ARGV0=NAME` sets `$0`, as in bash (a function's assignment too: `$0` is the
        // shell's, not the function's).
        if name == "BASH_ARGV0"
            && self.state.is_dynamic(name)
            && let Some(value) = self.state.vars.get_str(name)
        {
            self.state.arg0 = value.to_string();
        }
        if self.state.options.allexport
            && let Some(var) = self.state.vars.get_mut(name)
        {
            var.attrs.set(Attrs::EXPORT, true);
        }
        Ok(true)
    }

    /// The key of `name[index]`: a string for associative arrays, else an evaluated number.
    /// An empty subscript, and `*` or `@` of an indexed array, are refused as bash refuses them
    /// (a bad array subscript, which drops the rest of the line).
    pub(crate) async fn subscript(&mut self, name: &str, index: &Word, io: &Io) -> Result<String, Flow> {
        let text = self.expand_string(index, io).await?;
        let assoc = match self.state.vars.get(name) {
            Some(var) => matches!(var.value, Value::Assoc(_)),
            // The alias and command tables are associative arrays.
            None => matches!(name, "BASH_ALIASES" | "BASH_CMDS"),
        };
        // An indexed array's subscript is arithmetic, where blanks or an expansion to nothing
        // are 0; only one written empty (`a[]`) is refused.
        let bad = if assoc { text.is_empty() } else { index.parts.is_empty() || matches!(text.trim(), "*" | "@") };
        if bad {
            self.report(io, &format!("{name}[{}]: bad array subscript", as_written(index))).await?;
            return Err(Flow::Discard);
        }
        if assoc {
            return Ok(text);
        }
        self.subscript_arith(&text, io).await
    }

    /// An indexed array's subscript evaluated: an error in it goes back to the outermost text
    /// ([`Interp::to_top_level`]), as bash's does.
    pub(crate) async fn subscript_arith(&mut self, text: &str, io: &Io) -> Result<String, Flow> {
        match self.arith(text, io).await {
            Ok(value) => Ok(value.to_string()),
            Err(flow) => {
                self.to_top_level = matches!(flow, Flow::Discard);
                Err(flow)
            }
        }
    }

    /// The elements of an indexed array assignment, expanded: an explicit index, or none for
    /// "the next one".
    /// `[k]+=v` adds to the element as it stands at that point: set earlier in the list, or
    /// the array's own when the list is appended (`a+=(…)`). A negative index counts back from
    /// the end of what is assigned so far, as in bash; an element whose index is empty, `*`/`@`
    /// or before the first is refused and left out. An index that is no arithmetic ends the
    /// list: the elements before it come back with the error, for the caller to assign first.
    pub(crate) async fn indexed_items(
        &mut self,
        name: &str,
        elements: &[ArrayElem],
        append: bool,
        integer: bool,
        io: &Io,
    ) -> Result<(Vec<(Option<i64>, String)>, Option<Flow>), Flow> {
        let mut items: Vec<(Option<i64>, String)> = Vec::new();
        // Where each index was last set in `items`; one past the last index so far (after the
        // array's last when appending), which the next element without an index takes.
        let mut placed: std::collections::HashMap<i64, usize> = Default::default();
        let mut end = match self.state.vars.get(name).map(|v| &v.value) {
            Some(Value::Indexed(map)) if append => map.keys().next_back().map_or(0, |k| k.saturating_add(1)),
            Some(Value::Str(_)) if append => 1,
            _ => 0,
        };
        let mut next = end;
        // bash expands every key and value first, in order, and evaluates the keys as it
        // assigns: `a=([i++]=$((i++)))` reads `i` for the value before the key.
        enum Expanded<'e> {
            Keyed { element: &'e ArrayElem, key: &'e Word, text: String, value: String },
            Plain(Vec<String>),
        }
        let mut expanded = Vec::with_capacity(elements.len());
        for element in elements {
            match &element.key {
                Some(key) => {
                    let text = self.expand_string(key, io).await?;
                    let value = self.expand_string(&element.value, io).await?;
                    expanded.push(Expanded::Keyed { element, key, text, value });
                }
                None => {
                    // An element's tilde prefix ends at `/` or `:` (`a=(~:x)`), as in an assignment.
                    let tilde = self.leading_tilde(&element.value);
                    let value = tilde.as_ref().unwrap_or(&element.value);
                    expanded.push(Expanded::Plain(self.expand_words(std::slice::from_ref(value), io).await?));
                }
            }
        }
        // A key that reads the array itself (`a=([0]=3 [a[0]]=x)`) sees the elements the list
        // has set so far, in an array `a=(…)` has emptied: they are set as they come.
        let progressive = expanded.iter().any(|e| matches!(e, Expanded::Keyed { text, .. } if text.contains(name)));
        if progressive && !append {
            let _ = self.state.vars.set_value(name, Value::Indexed(Default::default()));
        }
        for item in expanded {
            match item {
                Expanded::Keyed { element, key, text, mut value } => {
                    let problem = match text.trim() {
                        "" => Some("bad array subscript"),
                        "*" | "@" => Some("cannot assign to non-numeric index"),
                        _ => None,
                    };
                    if let Some(problem) = problem {
                        self.error(io, &format!("[{}]={}: {problem}", as_written(key), as_written(&element.value)))
                            .await;
                        continue;
                    }
                    let mut idx = match self.arith(&text, io).await {
                        Ok(idx) => idx,
                        // The elements before it are still assigned (the caller's choice).
                        Err(flow) => return Ok((items, Some(flow))),
                    };
                    if idx < 0 {
                        idx = idx.saturating_add(end);
                        if idx < 0 {
                            self.report(
                                io,
                                &format!("[{}]={}: bad array subscript", as_written(key), as_written(&element.value)),
                            )
                            .await?;
                            continue;
                        }
                    }
                    if element.append {
                        let old = match placed.get(&idx) {
                            Some(&pos) => Some(items[pos].1.clone()),
                            None if append => self.state.vars.element(name, &idx.to_string()).map(str::to_string),
                            None => None,
                        };
                        if let Some(old) = old {
                            // An integer array evaluates each element afterwards: the sum is
                            // written as an expression.
                            value = if integer { format!("({old})+({value})") } else { old + &value };
                        }
                    }
                    if progressive {
                        let _ = self.state.vars.set_element(name, &idx.to_string(), value.clone(), false);
                    }
                    placed.insert(idx, items.len());
                    next = idx.saturating_add(1);
                    end = end.max(next);
                    items.push((Some(idx), value));
                }
                Expanded::Plain(values) => {
                    for value in values {
                        if progressive {
                            let _ = self.state.vars.set_element(name, &next.to_string(), value.clone(), false);
                        }
                        placed.insert(next, items.len());
                        items.push((None, value));
                        next = next.saturating_add(1);
                        end = end.max(next);
                    }
                }
            }
        }
        Ok((items, None))
    }

    /// The value of an associative array assignment (`m=([k]=v …)`, `m+=(…)`).
    async fn assoc_value(&mut self, name: &str, elements: &[ArrayElem], append: bool, io: &Io) -> Result<Value, Flow> {
        let (mut map, old) = match self.state.vars.get(name).map(|v| &v.value) {
            Some(Value::Assoc(map)) if append => (map.clone(), None),
            // The new table is as large as the old (bash's order depends on it).
            Some(Value::Assoc(map)) => (map.emptied(), Some(map.clone())),
            _ => (Default::default(), None),
        };
        // bash 5.1+: a list whose first element has no `[key]=` is key-value pairs
        // (`m=(k1 v1 k2 v2)`, a missing last value empty).
        if elements.first().is_some_and(|element| element.key.is_none()) {
            let mut words = Vec::with_capacity(elements.len());
            for element in elements {
                words.push(self.expand_string(&element.value, io).await?);
            }
            let mut words = words.into_iter();
            while let Some(key) = words.next() {
                let value = words.next().unwrap_or_default();
                if key.is_empty() {
                    // bash refuses the pair and goes on.
                    self.report(io, "\"\": bad array subscript").await?;
                    continue;
                }
                map.insert(key, value);
            }
            return Ok(Value::Assoc(map));
        }
        // bash adds `[k]+=v` of `m+=(…)` to the array as the list has made it so far, but that
        // of `m=(…)` to the value the array had before the list (bash 5.2: `m=([k]=1 [k]+=2)`
        // is 2), not to one set earlier in the list.
        let before = if elements.iter().any(|e| e.append) { old } else { None };
        for element in elements {
            match &element.key {
                Some(key) => {
                    let value = self.expand_string(&element.value, io).await?;
                    let key = self.expand_string(key, io).await?;
                    let value = match if append { map.get(&key) } else { before.as_ref().and_then(|b| b.get(&key)) } {
                        Some(old) if element.append => {
                            let integer = self.state.vars.get(name).is_some_and(|v| v.attrs.has(Attrs::INTEGER));
                            if integer { format!("({old})+({value})") } else { old.clone() + &value }
                        }
                        _ => value,
                    };
                    map.insert(key, value);
                }
                None => {
                    // Said as written, and not expanded (bash expands nothing of it).
                    let written = element.value.to_string();
                    self.report(io, &format!("{name}: {written}: must use subscript when assigning associative array"))
                        .await?;
                }
            }
        }
        Ok(Value::Assoc(map))
    }

    /// bash's point before a command runs (a simple command, each pass of `for` and `select`,
    /// `case`, `[[ ]]`, `(( ))`, each part of `for (( ))`): `$BASH_COMMAND` becomes its text
    /// (`text` writes it) and the DEBUG trap runs, seeing `$?` of the command before and this
    /// one's `$LINENO`. Within a trap's action `$BASH_COMMAND` stays the command that set it
    /// off, and the DEBUG trap runs for its commands but not inside its own, as in bash.
    /// False when the command is to be skipped: under `shopt -s extdebug` the trap's action
    /// ended with a status other than 0 (2 in a function or a sourced file returns from it).
    pub(crate) async fn debug_point(
        &mut self,
        io: &Io,
        text: impl FnOnce(&mut String) -> std::fmt::Result,
    ) -> Result<bool, Flow> {
        if self.in_debug_trap || (self.state.traps.is_empty() && !self.state.reads_bash_command) {
            return Ok(true);
        }
        if self.in_trap == 0 {
            self.bash_command.clear();
            let _ = text(&mut self.bash_command);
        }
        if let Some(action) = self.state.traps.get("DEBUG").filter(|action| !action.is_empty()).cloned() {
            let line = self.state.lineno;
            let status = self.run_debug_trap(&action, io, line).await?;
            if status != 0 && self.state.options.get(toolsh_core::options::Kind::Shopt, "extdebug") == Some(true) {
                if status == 2 && !self.state.frames.is_empty() {
                    return Err(Flow::Return(status));
                }
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// Notes which operands of `read`, `printf`, `wait` or `unset` were written as array references
    /// (bash's `W_ARRAYREF`: `A[$k]`, not `"A[$k]"`), as they expanded, word for field.
    fn note_arrayref_words(&mut self, words: &[Word], argv: &[String]) {
        self.state.arrayref_words.clear();
        let at = argv.iter().position(|word| word != "command").unwrap_or(argv.len());
        if !argv.get(at).is_some_and(|name| matches!(name.as_str(), "read" | "printf" | "wait" | "unset"))
            || argv.len() != words.len()
        {
            return;
        }
        for (word, field) in words.iter().zip(argv).skip(at + 1) {
            let written = word.to_string();
            if toolsh_core::vars::array_reference(&written, false).is_some() {
                self.state.arrayref_words.push(field.clone());
            }
        }
    }

    async fn exec_simple(&mut self, simple: &SimpleCommand, io: &Io) -> ExecResult {
        self.count_command()?;
        let substs = self.process_substs.len();
        self.last_subst_status = None;
        if simple.span.line > 0 {
            self.state.lineno = simple.span.line;
        }
        if !self.debug_point(io, |text| text.write_str(&simple.bash_text())).await? {
            return Ok(self.state.last_status);
        }
        let keywords;
        let simple = match self.state.options.keyword.then(|| super::keyword::keywords_taken(simple)).flatten() {
            Some(taken) => {
                keywords = taken;
                &keywords
            }
            None => simple,
        };
        if let Some(name) = simple.words.first().and_then(Word::as_literal)
            && matches!(name, "declare" | "typeset" | "local" | "export" | "readonly")
            && !self.state.functions.contains_key(name)
        {
            return Box::pin(self.exec_declaration_command(simple, io)).await;
        }
        let argv = self.expand_words(&simple.words, io).await?;
        self.note_arrayref_words(&simple.words, &argv);
        if argv.is_empty() {
            for assign in &simple.assigns {
                // `PS4=…` is traced with the PS4 it replaces, as bash traces before assigning.
                let old_ps4 = (self.state.options.xtrace && assign.name.as_str() == "PS4" && assign.index.is_none())
                    .then(|| self.state.vars.get_str("PS4").map(str::to_string));
                if !self.assign(assign, io).await? {
                    // bash: a failed assignment drops the rest of the complete command; in
                    // POSIX mode it ends a shell that is not interactive, and under errexit
                    // any shell, even in a condition (`if r=2`), as bash's does.
                    if self.state.options.posix && !self.state.options.interactive {
                        return Err(Flow::Fatal(crate::status::EXPANSION));
                    }
                    if self.state.options.errexit {
                        return Err(Flow::Exit(1));
                    }
                    return Err(Flow::Discard);
                }
                if self.state.options.xtrace {
                    let line = self.traced_assignment(assign);
                    match old_ps4 {
                        Some(old) => {
                            let new = self.state.vars.get_str("PS4").unwrap_or_default().to_string();
                            let _ = self.state.vars.set("PS4", old.unwrap_or_default());
                            Box::pin(self.trace_line(io, &line)).await;
                            let _ = self.state.vars.set("PS4", new);
                        }
                        None => Box::pin(self.trace_line(io, &line)).await,
                    }
                }
            }
            let status = self.last_subst_status.unwrap_or(0);
            self.state.last_arg.clear();
            if !simple.redirects.is_empty()
                && let Err(status) = self.apply_redirects(&simple.redirects, io).await?
            {
                self.state.last_status = status;
                return Ok(status);
            }
            self.state.last_status = status;
            return Ok(status);
        }
        let outer_io = io;
        // `exec`'s own record keeps every descriptor it changes, named ones too.
        // `exec` alone (or `exec --`) keeps its redirections.
        let bare_exec = argv[0] == "exec" && (argv.len() == 1 || (argv.len() == 2 && argv[1] == "--"));
        self.redirecting_exec = bare_exec;
        let redirected = self.redirected(&simple.redirects, io).await;
        self.redirecting_exec = false;
        let redirected = match redirected? {
            Ok(io) => io,
            Err(status) => {
                self.state.last_status = status;
                return Ok(status);
            }
        };
        let io = redirected.as_ref();
        if bare_exec {
            // What `exec`'s redirections change is measured from the table before them.
            self.exec_outer = Some(outer_io.clone());
        }
        // The assignments are expanded, and the command traced, with the streams from before
        // the command's own redirections, as bash does both before redirecting
        // (`set -x; cmd 2>/dev/null` still shows `+ cmd`).
        let (saved, refused) = self.temporary_env(&simple.assigns, outer_io).await?;
        if self.state.options.xtrace {
            Box::pin(self.trace(outer_io, &argv)).await;
        }
        // In POSIX mode the assignments before a special builtin stay (`IFS=: eval …`); no
        // function shadows one there (see `way`).
        let keep = self.state.options.posix && super::special::is_posix_special(&argv[0]);
        // In POSIX mode a refused assignment (a read-only variable) keeps the command from
        // running: bash drops the command line back to its top level (status 1), and before a
        // special builtin ends the shell.
        if refused && self.state.options.posix && !self.state.options.interactive {
            self.restore_vars(saved);
            self.state.last_status = 1;
            let flow = if keep {
                Flow::Fatal(crate::status::EXPANSION)
            } else {
                self.to_top_level = true;
                Flow::Discard
            };
            return self.close_redirected(redirected, outer_io, Err(flow)).await;
        }
        // `$_` is the last word of this command once it has run (the command still sees the
        // previous one's). Taken, not borrowed: a command run inside this one takes its own.
        let mut last_arg = std::mem::take(&mut self.spare_last_arg);
        last_arg.clear();
        last_arg.push_str(argv.last().map_or("", String::as_str));
        // The temporary environment is a scope while the command runs: `unset` in it uncovers
        // what an assignment replaced (and takes it out of what is put back).
        let layered = !saved.is_empty();
        if layered {
            self.state.vars.push_temp_layer(saved);
        }
        let result = match self.way(&argv[0], true) {
            // The usual case, a command of the table, runs in this future; every other way is
            // a boxed future of its own.
            Way::Table(builtins::Builtin { name, run: builtins::Run::Command(run), .. }) => {
                self.run_builtin(*run, name, argv, io).await
            }
            way => self.run_way(way, argv, io).await,
        };
        self.spare_last_arg = std::mem::replace(&mut self.state.last_arg, last_arg);
        let saved = if layered { self.state.vars.pop_temp_layer() } else { Vec::new() };
        if self.process_substs.len() > substs {
            // `>(list)` writes where the command's own output would have gone before redirection.
            Box::pin(self.finish_process_substs(outer_io, substs)).await;
        }
        if keep {
            self.propagate(&saved);
        } else {
            self.restore_vars(saved);
        }
        let result = self.close_redirected(redirected, outer_io, result).await;
        if let Ok(status) = result {
            self.state.last_status = status;
        }
        result
    }

    /// The descriptor table with `redirects` applied (borrowed unchanged when there are none);
    /// the inner `Err` is the status of a redirection that failed.
    async fn redirected<'i>(
        &mut self,
        redirects: &[Redirect],
        io: &'i Io,
    ) -> Result<Result<std::borrow::Cow<'i, Io>, Status>, Flow> {
        if redirects.is_empty() {
            return Ok(Ok(std::borrow::Cow::Borrowed(io)));
        }
        Ok(self.apply_redirects(redirects, io).await?.map(std::borrow::Cow::Owned))
    }

    async fn exec_declaration_command(&mut self, simple: &SimpleCommand, io: &Io) -> ExecResult {
        let outer = io;
        let io = match self.redirected(&simple.redirects, io).await? {
            Ok(io) => io,
            Err(status) => return Ok(status),
        };
        let io = io.as_ref();
        // `declare --help` and the like: the usage, as for every other table entry.
        let literal: Vec<String> = simple.words.iter().filter_map(|w| w.as_literal().map(str::to_string)).collect();
        if let Some((help, status)) = literal.first().and_then(|name| builtins::lookup(name)).and_then(|entry| {
            (literal.len() == simple.words.len()).then(|| builtins::interpreter_help(entry, &literal)).flatten()
        }) {
            let _ = io.stdout().write_text(&help).await;
            self.state.last_status = status;
            return Ok(status);
        }
        // `z=y local z`: the declaration sees `z` as any command would.
        let was_local: Vec<bool> = simple.assigns.iter().map(|a| self.state.vars.is_local(&a.name)).collect();
        // Its assignment words are expanded before the temporary variables are (bash:
        // `FOO=foo readonly v=$FOO` gives `v` the `FOO` of before).
        let expanded;
        let words = if simple.assigns.is_empty() {
            &simple.words
        } else {
            let mut words = simple.words.clone();
            for word in &mut words[1..] {
                if let [WordPart::Assign(assign)] = word.parts.as_mut_slice() {
                    self.pre_expand_assign(assign, io).await?;
                }
            }
            expanded = words;
            &expanded
        };
        // Traced each on a line of its own before the declaration's, as bash shows them.
        let (saved, _) = self.temporary_env(&simple.assigns, outer).await?;
        let status = self.exec_declaration(words, self.state.options.xtrace.then_some(outer), io).await;
        // A local the declaration made of a temporary variable stays, with its value; what it
        // shadows is what the variable was before the command.
        // Outside a function, a temporary variable the declaration names stays when it makes
        // it exported or read-only, as bash's does (`x=1 declare -r x`, `w=4 export w`; not
        // `q=5 declare q` nor `declare -i`).
        let prints = simple.words[1..]
            .iter()
            .any(|word| word.as_literal().is_some_and(|text| text.starts_with('-') && text.contains(['p', 'f', 'F'])));
        let exports_or_locks = matches!(literal.first().map(String::as_str), Some("export" | "readonly"))
            || simple.words[1..]
                .iter()
                .any(|word| word.as_literal().is_some_and(|text| text.starts_with('-') && text.contains(['r', 'x'])));
        let named = |name: &str| {
            !prints
                && exports_or_locks
                && simple.words[1..].iter().any(|word| match word.parts.as_slice() {
                    [WordPart::Assign(assign)] => assign.name.as_str() == name,
                    _ => word.as_literal().is_some_and(|text| text.split(['=', '[']).next() == Some(name)),
                })
        };
        let in_function = self.state.vars.in_function();
        // In POSIX mode the assignments before a special builtin (`export`, `readonly`) stay.
        let keep_all =
            self.state.options.posix && literal.first().is_some_and(|name| super::special::is_posix_special(name));
        let mut restore = Vec::with_capacity(saved.len());
        for ((name, before), was_local) in saved.into_iter().zip(was_local) {
            let kept = keep_all
                || if in_function {
                    !was_local && self.state.vars.set_shadowed(&name, before.clone())
                } else {
                    named(&name)
                };
            if !kept {
                restore.push((name, before));
            } else if let Some(var) = self.state.vars.get_raw_mut(&name) {
                var.attrs.set(Attrs::TEMPENV, false);
            }
        }
        self.restore_vars(restore);
        let status = status?;
        self.state.last_status = status;
        Ok(status)
    }

    /// Assigns `assigns`, the temporary environment of one command (exported, and lent to
    /// a `local` of the same name); what they replaced, for [`Interp::restore_vars`].
    /// Whether one was refused comes with them.
    async fn temporary_env(&mut self, assigns: &[Assign], io: &Io) -> Result<(Vec<(String, Option<Var>)>, bool), Flow> {
        let mut saved = Vec::with_capacity(assigns.len());
        let mut refused = false;
        for assign in assigns {
            // An element is no variable of an environment: bash refuses it as a name and runs
            // the command all the same.
            if let Some(index) = &assign.index {
                let written = format!("{}[{}]", assign.name, as_written(index));
                self.error(io, &format!("`{written}': not a valid identifier")).await;
                refused = true;
                continue;
            }
            // Saved and restored under the name written to: a reference stays a reference.
            // One that names no variable by a name (none, an element, a circle) is hidden by
            // a variable of its own name for the command, as bash's temporary environment
            // does.
            let shadow = self.state.vars.is_reference(&assign.name)
                && !matches!(self.state.vars.lead(&assign.name), toolsh_core::vars::Lead::To(t) if toolsh_core::vars::is_name(t));
            let target = match shadow {
                true => assign.name.to_string(),
                false => self.state.vars.resolve(&assign.name).into_owned(),
            };
            let before = self.state.vars.get_raw(&target).cloned();
            saved.push((target, before));
            if shadow {
                self.state.vars.remove(&assign.name);
            }
            if !self.assign(assign, io).await? {
                // bash says so (a readonly variable) and, but in POSIX mode or under errexit
                // (which ends the shell), runs the command all the same.
                if self.state.options.errexit {
                    self.restore_vars(saved);
                    return Err(Flow::Exit(1));
                }
                refused = true;
                continue;
            }
            // Each on its own line before the command's, as bash traces them.
            if self.state.options.xtrace {
                let line = self.traced_assignment(assign);
                Box::pin(self.trace_line(io, &line)).await;
            }
            if let Some(var) = self.state.vars.get_mut(&assign.name) {
                var.attrs.set(Attrs::EXPORT, true);
                var.attrs.set(Attrs::TEMPENV, true);
            }
        }
        Ok((saved, refused))
    }

    /// Marks the variables a POSIX special builtin's assignments kept that were themselves the
    /// temporaries of a command still running (`var=30 f`, `f` running `var=20 return`): the
    /// command's end keeps them too ([`Attrs::PROPAGATE`]), as bash's posix mode does.
    fn propagate(&mut self, kept: &[(String, Option<Var>)]) {
        for (name, before) in kept {
            if before.as_ref().is_some_and(|var| var.attrs.has(Attrs::TEMPENV))
                && let Some(var) = self.state.vars.get_raw_mut(name)
            {
                var.attrs.set(Attrs::PROPAGATE, true);
            }
        }
    }

    /// Puts back what a command's temporary assignments replaced, but a variable marked to
    /// outlive them ([`Interp::propagate`]), which stays as an ordinary one.
    fn restore_vars(&mut self, saved: Vec<(String, Option<Var>)>) {
        for (name, var) in saved.into_iter().rev() {
            // Read first: a mutable look-up copies a map shared with a subshell.
            if self.state.vars.get_raw(&name).is_some_and(|current| current.attrs.has(Attrs::PROPAGATE))
                && let Some(current) = self.state.vars.get_raw_mut(&name)
            {
                current.attrs.set(Attrs::PROPAGATE, false);
                current.attrs.set(Attrs::TEMPENV, false);
                continue;
            }
            match var {
                Some(var) => self.state.vars.insert(&name, var),
                None => self.state.vars.remove(&name),
            }
        }
    }

    /// `set -x`'s line for an assignment just made, as bash shows it: the left side as written,
    /// the value as expanded (kept by `assign`, so the right side is expanded only once); an
    /// array as written.
    fn traced_assignment(&mut self, assign: &Assign) -> String {
        match &assign.value {
            AssignValue::Scalar(_) => {
                let mut left = assign.name.to_string();
                if let Some(index) = &assign.index {
                    left.push_str(&format!("[{index}]"));
                }
                left.push_str(if assign.append { "+=" } else { "=" });
                left + &special::trace_quote(&std::mem::take(&mut self.traced_value))
            }
            AssignValue::Array(_) => {
                let word = Word {
                    parts: [WordPart::Assign(Box::new(assign.clone()))].into_iter().collect(),
                    span: Default::default(),
                };
                word.to_string()
            }
        }
    }

    async fn trace(&mut self, io: &Io, argv: &[String]) {
        let words: Vec<String> = argv.iter().map(|a| special::trace_quote(a)).collect();
        self.trace_line(io, &words.join(" ")).await;
    }

    /// `set -x`'s line for one part of `for (( … ))`, expanded and trimmed.
    async fn trace_arith(&mut self, word: &Word, io: &Io) {
        if self.state.options.xtrace {
            let status = self.state.last_status;
            let text = self.expand_text(word, io).await.unwrap_or_default();
            self.state.last_status = status;
            // bash drops the blanks before a part, not those after it (`(( i++  ))`).
            self.trace_line(io, &format!("(( {} ))", text.trim_start())).await;
        }
    }

    /// Writes one `set -x` line: `PS4` expanded, its first character repeated once more for
    /// each command or process substitution the command runs in (`++ echo` inside `$( )`).
    pub(crate) async fn trace_line(&mut self, io: &Io, text: &str) {
        let mut ps4 = self.state.vars.get_str("PS4").unwrap_or("+ ").to_string();
        if ps4.contains(['$', '`']) {
            ps4 = self.expand_prompt(ps4, io).await;
        }
        let first = ps4.chars().next().map(String::from).unwrap_or_default();
        let line = format!("{}{ps4}{text}\n", first.repeat(self.trace_depth as usize));
        // `BASH_XTRACEFD=N` sends the trace to descriptor N while N is open for writing.
        let fd = self.state.vars.get_str("BASH_XTRACEFD").and_then(|fd| fd.trim().parse::<usize>().ok());
        let out = fd.and_then(|n| io.get(n)).and_then(|fd| fd.output()).cloned().unwrap_or_else(|| io.stderr());
        let _ = out.write_text(&line).await;
    }

    /// `PS4` expanded as bash expands it before each traced command (`+ ${LINENO}: `): its
    /// parameters, substitutions and arithmetic, untraced; as written if it does not expand.
    async fn expand_prompt(&mut self, text: String, io: &Io) -> String {
        let inner = text.replace('\\', "\\\\").replace('"', "\\\"");
        self.expand_quoted_source(&inner, io).await.unwrap_or(text)
    }

    /// `inner` read as the text between double quotes and expanded (parameters, substitutions,
    /// arithmetic), untraced and leaving `$?` as it was; `None` when it does not parse or
    /// expand.
    pub(crate) async fn expand_quoted_source(&mut self, inner: &str, io: &Io) -> Option<String> {
        let word = match crate::parser::parse(&format!(": \"{inner}\"")) {
            Ok(script) => {
                script.body.into_iter().next().and_then(|item| match item.and_or.first.commands.into_iter().next()? {
                    Command::Simple(simple) => simple.words.into_iter().nth(1),
                    _ => None,
                })
            }
            Err(_) => None,
        };
        let word = word?;
        let xtrace = std::mem::replace(&mut self.state.options.xtrace, false);
        let status = self.state.last_status;
        let expanded = Box::pin(self.expand_string(&word, io)).await;
        self.state.options.xtrace = xtrace;
        self.state.last_status = status;
        expanded.ok()
    }

    /// `${x@P}`: `text` as bash expands a prompt: its backslash escapes (`\u`, `\w`, `\$`, …)
    /// decoded, then its parameters and substitutions expanded.
    pub(crate) async fn expand_prompt_string(&mut self, text: &str, io: &Io) -> String {
        let var = |interp: &Self, name: &str| interp.state.vars.get_str(name).unwrap_or_default().to_string();
        let now = || {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| i64::try_from(d.as_secs()).unwrap_or(i64::MAX))
        };
        // What an escape stands for is text: quoted so that the expansion leaves it alone.
        let quote = |value: &str| {
            let mut out = String::with_capacity(value.len());
            for c in value.chars() {
                if matches!(c, '\\' | '$' | '`' | '"') {
                    out.push('\\');
                }
                out.push(c);
            }
            out
        };
        let mut src = String::with_capacity(text.len());
        let mut chars = text.chars().peekable();
        while let Some(c) = chars.next() {
            if c == '"' {
                src.push_str("\\\"");
                continue;
            }
            if c != '\\' {
                src.push(c);
                continue;
            }
            let Some(esc) = chars.next() else {
                src.push_str("\\\\");
                break;
            };
            let value = match esc {
                'a' => "\x07".to_string(),
                'e' => "\x1b".to_string(),
                'n' => "\n".to_string(),
                'r' => "\r".to_string(),
                // bash leaves this one unquoted: the backslash then quotes what follows it in
                // the expansion (`\\$` is `$`).
                '\\' if chars.peek().is_some() => {
                    src.push('\\');
                    continue;
                }
                '\\' => "\\".to_string(),
                // The time now, in the zone of `TZ`, as bash's strftime formats show it.
                't' | 'T' | '@' | 'A' | 'd' => {
                    let format = match esc {
                        't' => "%H:%M:%S",
                        'T' => "%I:%M:%S",
                        '@' => "%I:%M %p",
                        'A' => "%H:%M",
                        _ => "%a %b %d",
                    };
                    toolsh_builtins::format_time(&self.state, format, now())
                }
                'D' if chars.peek() == Some(&'{') => {
                    let rest: String = chars.clone().skip(1).collect();
                    // Without its `}` the format runs to the end, as bash reads it.
                    let close = rest.find('}').unwrap_or(rest.len());
                    let format = &rest[..close];
                    for _ in 0..close + 2 {
                        chars.next();
                    }
                    // An empty format is the locale's time, `%X`.
                    let format = if format.is_empty() { "%X" } else { format };
                    toolsh_builtins::format_time(&self.state, format, now())
                }
                '[' | ']' => String::new(),
                '$' => if var(self, "EUID") == "0" { "#" } else { "$" }.to_string(),
                'u' => var(self, "USER"),
                'h' => var(self, "HOSTNAME").split('.').next().unwrap_or_default().to_string(),
                'H' => var(self, "HOSTNAME"),
                's' => "bash".to_string(),
                'v' => "5.2".to_string(),
                'V' => "5.2.0".to_string(),
                'j' => self.jobs.lock().map(|jobs| jobs.jobs().len()).unwrap_or(0).to_string(),
                'w' | 'W' => {
                    let cwd = self.state.cwd.to_string();
                    let home = var(self, "HOME");
                    if esc == 'W' && cwd != home {
                        cwd.rsplit('/').next().filter(|base| !base.is_empty()).unwrap_or("/").to_string()
                    } else if !home.is_empty() && (cwd == home || cwd.starts_with(&format!("{home}/"))) {
                        format!("~{}", &cwd[home.len()..])
                    } else {
                        cwd
                    }
                }
                '0'..='7' => {
                    let mut value = esc.to_digit(8).unwrap_or(0);
                    for _ in 0..2 {
                        match chars.peek().and_then(|d| d.to_digit(8)) {
                            Some(d) => {
                                value = value * 8 + d;
                                chars.next();
                            }
                            None => break,
                        }
                    }
                    char::from_u32(value & 0xff).map(String::from).unwrap_or_default()
                }
                other => format!("\\{other}"),
            };
            src.push_str(&quote(&value));
        }
        self.expand_quoted_source(&src, io).await.unwrap_or_else(|| text.to_string())
    }

    /// How a command named `name` runs: function (unless `functions` is false: `command`,
    /// `builtin`) ▸ the command table ▸ anything else (tool, script path, not found). Chosen
    /// once, before anything is awaited.
    fn way(&self, name: &str, functions: bool) -> Way {
        // In POSIX mode a special builtin is found before a function of its name (one defined
        // before `set -o posix`), as in bash.
        let functions = functions && !(self.state.options.posix && special::is_posix_special(name));
        if functions && let Some(def) = self.state.functions.get(name) {
            return Way::Function(def.clone());
        }
        builtins::lookup(name).map_or(Way::Other, Way::Table)
    }

    /// Dispatch skipping functions (`command`, `builtin`).
    pub(crate) fn dispatch_builtin<'a>(&'a mut self, argv: Vec<String>, io: &'a Io) -> BoxFuture<'a, ExecResult> {
        let way = self.way(&argv[0], false);
        self.run_way(way, argv, io)
    }

    /// Runs `argv` as `exec` does: skipping functions (bash's exec runs only a builtin's
    /// program or a file), and with `exec -a NAME` giving a command of the table (`bash`,
    /// `sh`: their `$0`) NAME as its zeroth argument. A tool or file is found by its name
    /// and keeps it.
    pub(crate) fn dispatch_exec<'a>(
        &'a mut self,
        mut argv: Vec<String>,
        arg0: Option<String>,
        io: &'a Io,
    ) -> BoxFuture<'a, ExecResult> {
        let way = self.way(&argv[0], false);
        if let (Way::Table(_), Some(arg0)) = (&way, arg0) {
            argv[0] = arg0;
        }
        self.run_way(way, argv, io)
    }

    /// Runs `argv` the way chosen for it. Each way is a future of its own: a command pays for
    /// moving its own state into the box, not for the largest of them all (a function call, a
    /// script).
    fn run_way<'a>(&'a mut self, way: Way, argv: Vec<String>, io: &'a Io) -> BoxFuture<'a, ExecResult> {
        let entry = match way {
            Way::Function(def) => return Box::pin(self.call_function(def, argv, io)),
            Way::Table(entry) => entry,
            Way::Other => return self.run_other(argv, io),
        };
        if let Some((help, status)) = builtins::interpreter_help(entry, &argv) {
            return Box::pin(async move {
                let _ = io.stdout().write_text(&help).await;
                Ok(status)
            });
        }
        match entry.run {
            builtins::Run::Command(run) => Box::pin(self.run_builtin(run, entry.name, argv, io)),
            builtins::Run::Interpreter(which) => special::run(self, which, argv, io),
        }
    }

    /// A name neither a function nor in the table: a tool, a script path, or not found.
    fn run_other<'a>(&'a mut self, argv: Vec<String>, io: &'a Io) -> BoxFuture<'a, ExecResult> {
        let name = argv[0].as_str();
        if let Some(tool) = self.shared.tools().resolve(name) {
            let command = argv[0].clone();
            let run = crate::command::run_tool(&self.shared, &self.state, tool, argv, io);
            return Box::pin(async move { Ok(contain_panic(&command, io, run).await) });
        }
        if name.contains('/') {
            return Box::pin(self.run_script_path(argv, io));
        }
        // An executable workspace file on PATH runs by its name, bash's `$0` its path there;
        // one without an execute bit is refused as bash refuses it.
        if let Some(found) = self.command_file(name, true) {
            if !found.executable {
                return Box::pin(async move {
                    self.error(io, &format!("{}: Permission denied", found.path)).await;
                    Ok(crate::status::CANNOT_RUN)
                });
            }
            let mut argv = argv;
            argv[0] = found.path;
            return Box::pin(self.run_script_path(argv, io));
        }
        // A job spec alone is `fg` of it, as in bash.
        if name.starts_with('%') {
            let argv = vec!["fg".to_string(), argv[0].clone()];
            return special::run(self, builtins::Special::Fg, argv, io);
        }
        // bash runs `command_not_found_handle` with the command's words, in a subshell, and
        // its status is the command's (the handler itself is not looked for inside it).
        if let Some(def) = self.state.functions.get("command_not_found_handle").cloned()
            && !self.in_not_found_handler
        {
            return Box::pin(async move {
                let mut sub = self.subshell();
                sub.in_not_found_handler = true;
                let mut words = vec!["command_not_found_handle".to_string()];
                words.extend(argv);
                let result = sub.call_function(def, words, io).await;
                if let Err(Flow::SigPipe) = result {
                    return Err(Flow::SigPipe);
                }
                Ok(sub.finish_subshell(result, io).await)
            });
        }
        let message = self.not_found(name);
        Box::pin(async move {
            let _ = io.stderr().write_text(&message).await;
            Ok(crate::status::NOT_FOUND)
        })
    }

    /// Runs a command of the table (`command`: its name there, which `argv[0]` is) with the
    /// session's context.
    async fn run_builtin(
        &mut self,
        run: crate::command::CommandFn,
        command: &'static str,
        argv: Vec<String>,
        io: &Io,
    ) -> ExecResult {
        let denied = std::sync::atomic::AtomicBool::new(false);
        let options = self.state.options;
        let ctx = Ctx::new(argv, io, &mut self.state, &self.shared, command, &denied);
        // A bug of one command (a library that panics on some input) ends that command with
        // an error, not the process and every session in it.
        let status = contain_panic(command, io, run(ctx)).await;
        if self.state.options != options {
            // `set`, `shopt`: `$SHELLOPTS` and `$BASHOPTS` follow.
            self.state.sync_option_variables();
        }
        if self.state.vars.has_notes() {
            self.say_notes(io).await;
        }
        if std::mem::take(&mut self.state.discard_line) {
            self.state.last_status = 1;
            self.to_top_level = true;
            return Err(Flow::Discard);
        }
        if status != 0 && io.stdout().is_broken() {
            return Err(Flow::SigPipe);
        }
        // A failure the policy caused is a denial, whatever status the command chose.
        if status != 0 && denied.load(std::sync::atomic::Ordering::Relaxed) {
            return Ok(crate::status::DENIED);
        }
        Ok(status)
    }

    /// The command a path in a system program directory (`/bin`, `/usr/bin`, `/usr/local/bin`,
    /// `/sbin`, `/usr/sbin`) names: its last component, when that is a command of the table
    /// that is also a program there (not one of bash's own builtins such as `cd` or `read`,
    /// which could not change the shell from a program, but `echo`, `printf`, `test`, `kill`,
    /// `sh`), or a tool (a declared host program). The same command, under the same policy,
    /// as its name alone.
    pub(crate) fn standard_program<'p>(&self, abs: &'p str) -> Option<&'p str> {
        const PROGRAMS_TOO: &[&str] = &["echo", "printf", "test", "[", "true", "false", "pwd", "kill"];
        let (dir, base) = abs.rsplit_once('/')?;
        if !matches!(dir, "/bin" | "/usr/bin" | "/usr/local/bin" | "/sbin" | "/usr/sbin") {
            return None;
        }
        let program = match builtins::lookup(base) {
            Some(_) if PROGRAMS_TOO.contains(&base) || matches!(base, "sh" | "bash") => true,
            Some(_) => !builtins::BASH_BUILTINS.contains(&base),
            None => self.shared.tools().resolve(base).is_some(),
        };
        program.then_some(base)
    }

    async fn run_script_path(&mut self, mut argv: Vec<String>, io: &Io) -> ExecResult {
        let name = argv[0].clone();
        let abs = self.state.abs_path(&name);
        let meta = match self.shared.vfs().stat(&abs) {
            Ok(meta) => meta,
            Err(err) if err.kind() == std::io::ErrorKind::NotFound && self.standard_program(&abs).is_some() => {
                // `/bin/echo`, `/usr/bin/env`, `/bin/bash`: where the system keeps the programs
                // these commands stand for, which the workspace does not hold. Functions are
                // passed over, as a path passes over them in bash.
                let program = self.standard_program(&abs).unwrap_or_default().to_string();
                let way = self.way(&program, false);
                if matches!(way, Way::Other) {
                    // A tool (a declared host program) is given its name, which finds it.
                    argv[0] = program;
                }
                return self.run_way(way, argv, io).await;
            }
            Err(err) => {
                self.error(io, &format!("{name}: {}", crate::vfs::describe(&err))).await;
                return Ok(crate::status::NOT_FOUND);
            }
        };
        if meta.is_dir() {
            self.error(io, &format!("{name}: Is a directory")).await;
            return Ok(crate::status::CANNOT_RUN);
        }
        if meta.mode & 0o111 == 0 {
            self.error(io, &format!("{name}: Permission denied")).await;
            return Ok(crate::status::CANNOT_RUN);
        }
        let source = match self.fs(&name).read(&abs) {
            Ok(bytes) => toolsh_bytes::decode(&bytes).into_owned(),
            Err(err) => {
                self.error(io, &format!("{name}: {}", crate::vfs::describe(&err))).await;
                let status = self.denial_status(crate::status::CANNOT_RUN);
                return Ok(status);
            }
        };
        let set = match super::shebang::interpreter(&source) {
            super::shebang::Interpreter::Shell(set) => set,
            super::shebang::Interpreter::Program { name: program, args, line } => {
                return Box::pin(self.run_interpreted(argv, &program, args, &line, io)).await;
            }
            super::shebang::Interpreter::Binary => {
                // bash's words and status for a file it cannot execute; read as shell, its
                // bytes would run as commands.
                let message = if source.starts_with("\x7fELF") {
                    format!(
                        "{name}: cannot execute binary file: a compiled program runs here only as a host \
                         program the operator declares ([host.NAME] program = \"/path/to/it\" in toolsh.toml)"
                    )
                } else {
                    format!("{name}: cannot execute binary file: Exec format error")
                };
                self.error(io, &message).await;
                return Ok(crate::status::CANNOT_RUN);
            }
        };
        // bash's reader drops a NUL byte past the first line.
        let source = if source.contains('\0') { source.replace('\0', "") } else { source };
        let mut sub = self.subshell();
        let own = self.without_coproc_fds(&mut sub, io);
        let io = own.as_ref().unwrap_or(io);
        sub.become_new_shell(Some(&name));
        if !source.starts_with("#!") {
            // A file without `#!` runs in bash's child reinitialised, whose shopt reset
            // (5.2's `reset_shopt_options`) leaves `globskipdots` as it was.
            sub.state.options.globskipdots = self.state.options.globskipdots;
            // Nor is it a new process's shell: `$BASH_SUBSHELL` goes on from the caller's.
            sub.state.subshell_level = self.state.subshell_level;
        }
        sub.state.arg0 = name.clone();
        sub.state.positional = Arc::new(argv[1..].to_vec());
        if !set.is_empty() {
            // The options of its interpreter line (`#!/bin/bash -e`), as bash takes them.
            let set = std::iter::once("set".to_string()).chain(set).collect();
            sub.dispatch_builtin(set, io).await?;
        }
        sub.state.sync_option_variables();
        let result = sub.run_source(&source, io, super::line::Reading::File(&name)).await;
        if let Err(Flow::Fatal(status)) = result
            && self.shared.stopping().is_some()
        {
            return Err(Flow::Fatal(status));
        }
        Ok(sub.finish_subshell(result, io).await)
    }

    /// Runs the script `argv[0]`, whose interpreter line (`line`) names `program` with `args`,
    /// as the kernel would: that program, given the words, the script's path and its
    /// arguments — here the declared host program of that name. Without one, it is refused
    /// (127, as bash's "required file not found"), never read as a shell script.
    async fn run_interpreted(
        &mut self,
        argv: Vec<String>,
        program: &str,
        args: Vec<String>,
        line: &str,
        io: &Io,
    ) -> ExecResult {
        let Some((command, tool)) = self.host_program_for(program) else {
            let declared: Vec<String> = self.host_programs().into_iter().map(|(command, _)| command).collect();
            let here =
                if declared.is_empty() { String::new() } else { format!(" (declared: {})", declared.join(", ")) };
            let message = format!(
                "{}: its interpreter ({line}) is {program}, which is not a declared host program{here}; \
                 the operator declares it with [host.{program}] in toolsh.toml or --host {program}. \
                 Not run: toolsh runs only shell scripts itself",
                argv[0]
            );
            self.error(io, &message).await;
            return Ok(crate::status::NOT_FOUND);
        };
        let words: Vec<String> = std::iter::once(command.clone()).chain(args).chain(argv).collect();
        let run = crate::command::run_tool(&self.shared, &self.state, tool, words, io);
        Ok(contain_panic(&command, io, run).await)
    }

    pub(crate) async fn call_function(&mut self, def: Arc<FunctionDef>, argv: Vec<String>, io: &Io) -> ExecResult {
        if self.call_depth >= self.state.limits().call_depth {
            return Err(self.limit_hit("call depth", self.state.limits().call_depth as u64));
        }
        // `FUNCNEST=N` (N > 0): a call nested deeper is refused as bash refuses it, dropping
        // the rest of the command (status 1).
        if let Some(most) = self.state.vars.get_str("FUNCNEST").and_then(funcnest)
            && self.state.frames.iter().filter(|frame| frame.name != "source").count() >= most
        {
            self.error(io, &format!("{}: maximum function nesting level exceeded ({most})", argv[0])).await;
            return Err(Flow::Discard);
        }
        // The body is judged at the first call of the line (the same text each time).
        if !self.checked_functions.iter().any(|checked| Arc::ptr_eq(checked, &def)) {
            self.reached(&def.body, |check, body| check.check_command(body))?;
            self.checked_functions.push(def.clone());
        }
        let mut argv = argv;
        // A function given the trace attribute (`declare -ft f`) inherits the DEBUG and RETURN
        // traps, as every function does under `set -T`.
        let traced = self.state.function_attrs.get(&argv[0]).is_some_and(|attrs| attrs.traced);
        let name = std::mem::take(&mut argv[0]);
        argv.remove(0);
        let saved_positional = std::mem::replace(&mut self.state.positional, Arc::new(argv));
        // A function with its own `local OPTIND` gives the caller's getopts its place back as
        // it returns (bash's maybe_restore_getopt_state): `f -xyz` calling `f -abc` from its
        // loop goes on at `z`.
        let saved_getopts = (self.state.getopts_char, self.state.getopts_optind.clone());
        self.state.vars.push_frame();
        let file = self.state.function_sources.get(&name).cloned().unwrap_or_else(|| Arc::from("environment"));
        // Its messages name the file it was defined in (bash: `lib.sh: line 3: `).
        let saved_source = std::mem::replace(&mut self.state.source, file.clone());
        let outer_args = saved_positional.clone();
        let line = self.state.lineno;
        self.state.frames.push(toolsh_core::session::Frame { name, source: file, line, outer_args, set_options: None });
        self.call_depth += 1;
        let saved_loop_depth = std::mem::replace(&mut self.loop_depth, 0);
        // Without `set -T` a function does not inherit the DEBUG trap: it is put back as the
        // function returns, unless the function set one of its own (which then stays, as bash).
        // (`shopt -s extdebug` turns `set -T` on, as in bash.)
        let functrace = traced || self.state.options.get(toolsh_core::options::Kind::Set, "functrace") == Some(true);
        // Nor the RETURN trap: it is set aside for the call (bash's restore_default_signal),
        // so one the function sets, even the same again, is the one that runs as it returns.
        let return_trap = match functrace {
            true => self.state.traps.get("RETURN").cloned(),
            false if self.state.traps.contains_key("RETURN") => Arc::make_mut(&mut self.state.traps).remove("RETURN"),
            false => None,
        };
        let debug_trap = match self.state.traps.contains_key("DEBUG") && !functrace {
            true => Arc::make_mut(&mut self.state.traps).remove("DEBUG"),
            false => None,
        };
        // Inherited, the trap also runs as the function starts (bash's run_debug_trap on entry).
        let mut result = match self.state.traps.get("DEBUG").filter(|action| functrace && !action.is_empty()) {
            Some(action) if !self.in_debug_trap => {
                // On the line of the body's opening, as bash's `$LINENO` is then.
                if let Command::Compound(_, _, span) = &*def.body
                    && span.line > 0
                {
                    self.state.lineno = span.line;
                }
                match self.run_debug_trap(&action.clone(), io, self.state.lineno).await {
                    Ok(_) => self.exec_command(&def.body, io).await,
                    Err(flow) => Err(flow),
                }
            }
            _ => self.exec_command(&def.body, io).await,
        };
        if let Some(action) = debug_trap
            && !self.state.traps.contains_key("DEBUG")
        {
            Arc::make_mut(&mut self.state.traps).insert("DEBUG".to_string(), action);
        }
        // A `RETURN` trap set while the function ran runs as it returns (one set outside it
        // is not inherited by it, as in bash without `set -T`).
        // Under `set -T` one set outside runs too, though not while a trap runs (its own call
        // of the function does not run it again).
        if let Some(action) = self.state.traps.get("RETURN").cloned()
            && !action.is_empty()
            && (!functrace || return_trap.as_ref() != Some(&action) || self.in_trap == 0)
            && matches!(result, Ok(_) | Err(Flow::Return(_)))
        {
            let status = self.state.last_status;
            // Its lines count from the function's opening line, as bash's `$LINENO` is there.
            let opening = match &*def.body {
                Command::Compound(_, _, span) if span.line > 0 => span.line,
                _ => self.state.lineno,
            };
            if let Err(flow) = self.run_trap(&action, io, opening).await {
                result = Err(flow);
            }
            self.state.last_status = status;
        }
        // The caller's RETURN trap comes back, unless the function set one (which stays).
        if !functrace
            && let Some(action) = return_trap
            && !self.state.traps.contains_key("RETURN")
        {
            Arc::make_mut(&mut self.state.traps).insert("RETURN".to_string(), action);
        }
        self.loop_depth = saved_loop_depth;
        self.call_depth -= 1;
        if let Some(saved) = self.state.frames.pop().and_then(|frame| frame.set_options) {
            self.state.options.restore_set_options(&saved);
            self.state.sync_option_variables();
        }
        // Back in the caller, `$LINENO` is the call's line again (an ERR trap for the call
        // names it).
        self.state.lineno = line;
        self.state.source = saved_source;
        let own_optind = self.state.vars.is_local("OPTIND");
        self.state.vars.pop_frame();
        if own_optind {
            (self.state.getopts_char, self.state.getopts_optind) = saved_getopts;
        }
        self.state.positional = saved_positional;
        match result {
            Err(Flow::Return(status)) => Ok(status),
            other => other,
        }
    }
}

/// How a command name runs ([`Interp::way`]).
enum Way {
    Function(Arc<FunctionDef>),
    Table(&'static builtins::Builtin),
    Other,
}

pub(super) enum LoopStep {
    Next(Status),
    Stop(Status),
    Out(Flow),
}

/// Runs a command's future; a bug of the command (a library that panics on some input, an
/// embedder's tool) ends that command with [`crate::status::INTERNAL`] and a message,
/// not the process and every session in it.
async fn contain_panic(command: &str, io: &Io, run: impl std::future::Future<Output = Status>) -> Status {
    match futures::FutureExt::catch_unwind(std::panic::AssertUnwindSafe(run)).await {
        Ok(status) => status,
        Err(panic) => {
            let message = crate::command::panic_message(panic.as_ref());
            let _ = io.stderr().write_text(&format!("{command}: {message}\n")).await;
            crate::status::INTERNAL
        }
    }
}

/// A word as its source reads, for a message (an empty subscript is empty, not `''`).
/// `$FUNCNEST` as bash reads it: a whole number above 0, blanks around it allowed; anything
/// else sets no bound.
fn funcnest(value: &str) -> Option<usize> {
    value.trim().parse::<usize>().ok().filter(|&most| most > 0)
}

fn as_written(word: &Word) -> String {
    if word.parts.is_empty() { String::new() } else { word.to_string() }
}
