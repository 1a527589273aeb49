//! One line from text to status: read whole, checked by the pre-flight, run under its wall
//! time and cancellation, the stop reason printed once and the audit records written; and the
//! end of a session (its `EXIT` trap). A background job runs its list the same way
//! ([`Body::Job`]), under its own execution.

use super::io::Io;
use super::{Flow, Interp, Status};
use crate::parser;
use std::sync::Arc;

use std::time::Duration;
use toolsh_gate::pace;

/// What [`Interp::execute`] runs.
pub(crate) enum Body<'a> {
    /// A line of the shell itself (`exit` ends the session).
    Line(&'a [crate::ast::ListItem]),
    /// A job's list, run as a subshell (its `exit` ends only the job, its `EXIT` trap runs).
    Job(&'a [crate::ast::ListItem]),
    /// A script's text, parsed and run one complete command at a time (`name` prefixes its
    /// syntax errors).
    Script { text: &'a str, name: &'a str },
    /// A typed line, parsed whole before anything runs and run one line of it at a time.
    Typed(&'a Typed<'a>),
}

/// What text the shell is reading, for the words of its syntax errors.
#[derive(Clone, Copy)]
pub(crate) enum Reading<'a> {
    /// A file by the name it was given (a script, `source`, `bash FILE`).
    File(&'a str),
    /// `eval`'s words, run on the given line (where their first line is).
    Eval(u32),
    /// A typed line: `-c` text, an agent's call, the console.
    Typed,
}

/// The words of a syntax error in `text` as bash says it: `s.sh: line 5: syntax error near
/// unexpected token `)'`, then for an unexpected token the line itself (`s.sh: line 5: `echo
/// )'`). `eval` and `-c` text are named (`bash: eval: line 3: …`, `bash: -c: line 1: …`); the
/// console's lines only by the shell's name (`name` is the shell's or the file's being run).
pub(crate) fn syntax_error_text(
    name: &str,
    interactive: bool,
    reading: Reading<'_>,
    text: &str,
    err: &parser::ParseError,
) -> String {
    // bash reads text as ending in a newline: where the text ran out without one, it counts
    // the line after the last.
    let past_end = err.is_incomplete() && err.offset >= text.len() && !text.is_empty() && !text.ends_with('\n');
    let line = err.line + usize::from(past_end);
    let prefix = match reading {
        _ if interactive && !matches!(reading, Reading::File(_)) => format!("{name}: "),
        Reading::File(path) => format!("{path}: line {line}: "),
        Reading::Eval(first) => format!("{name}: eval: line {}: ", first as usize + line.saturating_sub(1)),
        Reading::Typed => format!("{name}: -c: line {line}: "),
    };
    // A message of several lines (`for ((` names its text on a second) has each prefixed.
    let mut said = String::new();
    for part in err.message.split('\n') {
        said.push_str(&format!("{prefix}{part}\n"));
    }
    if err.message.starts_with("syntax error near unexpected token") {
        let line = text.lines().nth(err.line.saturating_sub(1)).unwrap_or("");
        said.push_str(&format!("{prefix}`{line}'\n"));
    }
    said
}

/// A typed line, read whole (for the syntax check and the pre-flight) as bash reads `-c`
/// text line by line: the commands of each of its lines, in order.
pub(crate) struct Typed<'a> {
    text: &'a str,
    /// Every command, in order.
    items: crate::ast::List,
    /// Where each line's commands end in `items`, and the error that dropped the line's rest
    /// (bash reports it when the line is reached, and reads on).
    line_ends: Vec<(usize, Option<parser::ParseError>)>,
    /// The aliases the text was read with.
    aliases: Arc<parser::Aliases>,
    /// Whether it was read in POSIX mode.
    posix: bool,
    /// Each line's text as read (for `set -v`).
    line_texts: Vec<String>,
}

impl<'a> Typed<'a> {
    /// Reads `text` with `aliases`.
    fn read(text: &'a str, aliases: Arc<parser::Aliases>, posix: bool) -> Result<Self, parser::ParseError> {
        let mut typed =
            Typed { text, items: Vec::new(), line_ends: Vec::new(), aliases, posix, line_texts: Vec::new() };
        let mut lines = parser::Commands::new(text);
        lines.set_aliases(&typed.aliases);
        lines.set_posix(posix);
        loop {
            let start = lines.offset();
            let Some(line) = lines.next() else { break };
            let read = lines.text().get(start..lines.offset().min(lines.text().len())).unwrap_or_default();
            typed.line_texts.push(read.to_string());
            match line {
                Ok(line) => {
                    typed.items.extend(line);
                    typed.line_ends.push((typed.items.len(), None));
                }
                Err(err) if err.kind == parser::ParseErrorKind::Line => {
                    typed.line_ends.push((typed.items.len(), Some(err)));
                }
                Err(err) => return Err(err),
            }
        }
        Ok(typed)
    }
}

impl Interp {
    /// Says a syntax error in `text` on the shell's stderr ([`syntax_error_text`]).
    pub(crate) async fn syntax_error(&self, io: &Io, reading: Reading<'_>, text: &str, err: &parser::ParseError) {
        let (state, name) = (&self.state, self.state.diagnostic_name());
        let said = syntax_error_text(name, state.options.interactive, reading, text, err);
        let _ = io.stderr().write_text(&said).await;
    }

    /// Runs `src` under `limit` and `cancel`: the whole text is parsed first (a syntax error
    /// runs nothing), the pre-flight may refuse it whole.
    pub(crate) async fn run_line(
        &mut self,
        src: &str,
        io: &Io,
        cancel: Option<tokio_util::sync::CancellationToken>,
        limit: Option<Duration>,
    ) -> Status {
        // At the console each line typed is expanded and added to the history, as bash -i's
        // reader does.
        let expanded;
        let src = if self.state.options.interactive && self.history_on() {
            match self.history_read_typed(src, io).await {
                Some(text) => {
                    expanded = text;
                    expanded.as_str()
                }
                None => return self.state.last_status,
            }
        } else {
            src
        };
        self.state.reads_bash_command |= src.contains("BASH_COMMAND");
        let typed = match Typed::read(src, self.aliases_in_effect(), self.state.options.posix) {
            Ok(typed) => typed,
            Err(err) => {
                self.syntax_error(io, Reading::Typed, src, &err).await;
                self.state.last_status = crate::status::USAGE;
                return crate::status::USAGE;
            }
        };
        self.shared.begin_execution();
        self.checked_functions.clear();
        if let Some(status) = self.preflight(&typed.items, io).await {
            self.state.last_status = status;
            let _ = self.shared.gate().audit().flush();
            return status;
        }
        self.run_body(Body::Typed(&typed), io, cancel, limit).await
    }

    /// Runs a typed line one of its lines at a time. Once a line changes the aliases in
    /// effect (`alias`, `unalias`, `shopt -s expand_aliases`), the lines after it are read
    /// again with the new ones, as bash would read them only then.
    async fn exec_typed(&mut self, typed: &Typed<'_>, io: &Io) -> super::ExecResult {
        self.readers += 1;
        let result = self.exec_typed_lines(typed, io).await;
        self.readers -= 1;
        result
    }

    async fn exec_typed_lines(&mut self, typed: &Typed<'_>, io: &Io) -> super::ExecResult {
        let mut status = 0;
        let mut start = 0;
        for (line, (end, dropped)) in typed.line_ends.iter().enumerate() {
            let end = *end;
            if self.state.options.get(toolsh_core::options::Kind::Set, "verbose") == Some(true)
                && let Some(read) = typed.line_texts.get(line)
            {
                self.echo_verbose(read, io).await;
            }
            if let Some(err) = dropped {
                self.syntax_error(io, Reading::Typed, typed.text, err).await;
                self.state.last_status = 1;
                status = 1;
                continue;
            }
            // An expansion error drops the rest of its line's complete command; the next line
            // runs, as bash reads `-c` text a line at a time.
            let substs = self.process_substs.len();
            let result = self.exec_list(&typed.items[start..end], io).await;
            if self.process_substs.len() > substs {
                self.finish_process_substs(io, substs).await;
            }
            status = match result {
                // bash's jump to its top level ends `-c` text (`Interp::to_top_level`).
                Err(Flow::Discard) if std::mem::take(&mut self.to_top_level) => {
                    self.state.last_status = 1;
                    return Ok(1);
                }
                Err(Flow::Discard) => {
                    self.state.last_status = 1;
                    1
                }
                other => other?,
            };
            start = end;
            let now = self.aliases_in_effect();
            let changed = !(Arc::ptr_eq(&now, &typed.aliases) || now.is_empty() && typed.aliases.is_empty())
                || self.state.options.posix != typed.posix;
            if changed && end < typed.items.len() {
                let mut rest = parser::Commands::new(typed.text);
                rest.set_aliases(&typed.aliases);
                rest.set_posix(typed.posix);
                // Past the lines already run, read as they were.
                rest.by_ref().take(line + 1).for_each(drop);
                return self.run_commands(rest, io, Reading::Typed).await;
            }
        }
        Ok(status)
    }

    /// Runs a script's text as bash runs a file: each complete command is parsed, checked by
    /// the pre-flight and run in turn, so the commands before a syntax error or a denied call
    /// run (see [`Interp::run_source`]).
    pub(crate) async fn run_script(
        &mut self,
        text: &str,
        name: &str,
        io: &Io,
        cancel: Option<tokio_util::sync::CancellationToken>,
        limit: Option<Duration>,
    ) -> Status {
        self.shared.begin_execution();
        self.checked_functions.clear();
        self.run_body(Body::Script { text, name }, io, cancel, limit).await
    }

    async fn run_body(
        &mut self,
        body: Body<'_>,
        io: &Io,
        cancel: Option<tokio_util::sync::CancellationToken>,
        limit: Option<Duration>,
    ) -> Status {
        let (status, _) = self.execute(body, io, limit, cancel).await;
        self.state.last_status = status;
        if self.exited.is_some() {
            return self.finish(io).await;
        }
        status
    }

    /// Runs `body` under `limit` and `cancel`: the stop reason, if it was stopped, is printed
    /// once, and the audit records are written whatever happened. The status, and whether a
    /// stop (a limit, the deadline, cancellation) ended it.
    pub(crate) async fn execute(
        &mut self,
        body: Body<'_>,
        io: &Io,
        limit: Option<Duration>,
        cancel: Option<tokio_util::sync::CancellationToken>,
    ) -> (Status, bool) {
        // The deadline is checked at every step of the line (busy or not) and, for a line that
        // waits, by the timer below.
        self.shared.pace().begin(limit, cancel);
        self.to_top_level = false;
        // bash reading a file (a script, or standard input) exits 1 after an expansion error
        // that ends it (`${x:?}`, an unbound variable under `set -u`); with `-c` it exits 127.
        let file = matches!(body, Body::Script { .. });
        let run = async {
            match body {
                Body::Line(list) => self.exec_list(list, io).await,
                Body::Job(list) => {
                    let result = self.exec_list(list, io).await;
                    Ok(self.finish_subshell(result, io).await)
                }
                Body::Script { text, name } => self.run_source(text, io, Reading::File(name)).await,
                Body::Typed(typed) => self.exec_typed(typed, io).await,
            }
        };
        let result = match limit {
            Some(limit) => match tokio::time::timeout(limit, run).await {
                Ok(result) => result,
                Err(_) => Err(self.stopped(pace::Stop::Deadline(limit))),
            },
            None => run.await,
        };
        // Work that saw the deadline without a step of the line seeing it (a tool body, an
        // evaluator thread) ended early: the line was stopped all the same.
        if let Err(stop) = self.shared.pace().check()
            && stop != pace::Stop::Halted
        {
            self.shared.note_pace_stop(stop);
        }
        self.shared.pace().end();
        let status = match result {
            Ok(status) => status,
            Err(Flow::Exit(status)) => {
                self.exited = Some(status);
                status
            }
            // An expansion error (`$unset` under `set -u`, `${x:?}`) ends a script with 1, and
            // `-c` text with 127 but under errexit, as bash's do.
            Err(Flow::Fatal(crate::status::EXPANSION))
                if (file || self.state.options.errexit) && self.shared.stopping().is_none() =>
            {
                1
            }
            Err(Flow::Fatal(status)) => status,
            Err(Flow::Discard) => 1,
            Err(Flow::Return(status)) => status,
            Err(Flow::Break(_) | Flow::Continue(_)) => self.state.last_status,
            Err(Flow::SigPipe) => crate::status::SIGPIPE,
        };
        let stopped = self.shared.take_stop();
        // A command that noticed the stop itself ended with its own status: the line's is the stop's.
        let was_stopped = stopped.is_some();
        let status = match stopped {
            Some((message, stop_status)) => {
                let _ = io.stderr().write_text(&format!("toolsh: {message}\n")).await;
                stop_status
            }
            None => status,
        };
        if let Err(err) = self.shared.gate().audit().flush() {
            let message = format!("toolsh: the audit log could not be written: {err}\n");
            let _ = io.stderr().write_text(&message).await;
        }
        (status, was_stopped)
    }

    /// Ends the session: runs the EXIT trap once and returns the final status.
    pub(crate) async fn finish(&mut self, io: &Io) -> Status {
        let status = self.finish_with_trap(io).await;
        // bash writes the history file after the EXIT trap.
        self.history_save_at_exit();
        status
    }

    async fn finish_with_trap(&mut self, io: &Io) -> Status {
        let status = self.exited.unwrap_or(self.state.last_status);
        if let Some(action) = Arc::make_mut(&mut self.state.traps).remove("EXIT") {
            self.state.last_status = status;
            // Under the same wall time as any line, and audited like one; a trap cut off by
            // it ends the session with the stop's status.
            if let Ok(script) = parser::parse_with_aliases(&action, &self.aliases_in_effect()) {
                let limit = self.state.limits().wall_time;
                self.exited = None;
                // Its commands leave `$BASH_COMMAND` at the last one the script ran (bash).
                self.in_trap += 1;
                let (trap_status, stopped) = self.execute(Body::Line(&script.body), io, limit, None).await;
                self.in_trap -= 1;
                // `exit N` in the trap is the session's status (bash).
                if let Some(exit) = self.exited.filter(|_| !stopped) {
                    return exit;
                }
                if stopped {
                    self.exited = Some(trap_status);
                    return trap_status;
                }
            }
        }
        self.exited = Some(status);
        status
    }
}
