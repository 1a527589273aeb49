//! Shell builtins that need the interpreter itself: control flow (`exit`, `return`, `break`,
//! `continue`), code execution (`eval`, `source`, `sh -c`, `exec`), lookup (`command`,
//! `builtin`, `type`), jobs (`wait`, `jobs`, `kill`, `disown`, `ps`: in `jobs.rs`), `trap`, `let`, and the declaration commands
//! (`declare`, `local`, `export`, `readonly`), whose arguments are assignments.

use super::io::Io;
use super::vars::{Attrs, Value, Var};
use super::{ExecResult, Flow, Interp, State, Status};
use crate::ast::{Assign, AssignValue, Word, WordPart};
use crate::builtins;
use crate::builtins::Special;
use crate::builtins::spec::Opt;
use crate::builtins::{opt, special};
use std::sync::Arc;
use toolsh_core::options::{Kind as OptionKind, Options as ShellOptions};

/// True for names this module runs: the table's interpreter builtins.
pub(crate) fn is_special(name: &str) -> bool {
    builtins::lookup(name).is_some_and(|b| matches!(b.run, builtins::Run::Interpreter(_)))
}

/// Reads a builtin's words by its spec; `Err` is the status after the refusal was said in
/// bash's words (`s.sh: line 4: type: -Q: invalid option` and the usage line).
async fn parsed(state: &State, argv: &[String], io: &Io) -> Result<builtins::spec::Args, Status> {
    let Some(spec) = builtins::lookup(&argv[0]).map(|entry| entry.spec) else {
        return Ok(builtins::spec::Args::default());
    };
    match spec.parse(&argv[1..]) {
        Ok(args) => Ok(args),
        // `--help` is answered before the builtin runs (`builtins::interpreter_help`).
        // bash's builtins answer no `--version` (`Spec::answers_version`).
        Err(builtins::spec::Refusal::Help | builtins::spec::Refusal::Version) => Ok(builtins::spec::Args::default()),
        Err(builtins::spec::Refusal::Usage(misuse)) => {
            let text = spec.refusal_said(&state.diagnostic_prefix(), &misuse);
            let _ = io.stderr().write_text(&text).await;
            Err(spec.usage_status)
        }
    }
}

async fn say(io: &Io, text: &str) {
    let _ = io.stdout().write_text(text).await;
}

/// Prints a message of a new shell (`bash -Q`) as bash's own start says it: its name, no line.
async fn new_shell_says(io: &Io, shell: &str, message: &str) {
    let _ = io.stderr().write_text(&format!("{shell}: {message}\n")).await;
}

/// Prints a builtin's message as bash does: `s.sh: line 4: cd: message`.
async fn complain(state: &State, io: &Io, command: &str, message: &str) {
    let line = format!("{}{command}: {message}\n", state.diagnostic_prefix());
    let _ = io.stderr().write_text(&line).await;
}

fn count_arg(argv: &[String], default: usize) -> Result<usize, String> {
    match argv.get(1) {
        None => Ok(default),
        Some(text) => match text.parse::<i64>() {
            Ok(n) if n >= 1 => Ok(n as usize),
            Ok(_) => Err(format!("{text}: loop count out of range")),
            Err(_) => Err(format!("{text}: numeric argument required")),
        },
    }
}

fn status_arg(text: &str) -> Option<Status> {
    text.parse::<i64>().ok().map(|n| (n & 0xff) as Status)
}

pub(crate) fn run<'a>(
    interp: &'a mut Interp,
    which: Special,
    argv: Vec<String>,
    io: &'a Io,
) -> futures::future::BoxFuture<'a, ExecResult> {
    Box::pin(run_special(interp, which, argv, io))
}

async fn run_special(interp: &mut Interp, special: Special, argv: Vec<String>, io: &Io) -> ExecResult {
    let name = argv[0].as_str();
    let via_command = std::mem::take(&mut interp.via_command);
    match special {
        Special::Exit => {
            if argv.len() > 2 && status_arg(&argv[1]).is_some() {
                // bash refuses and exits with status 1.
                complain(&interp.state, io, "exit", "too many arguments").await;
                return Err(Flow::Exit(1));
            }
            let status = match argv.get(1) {
                None => interp.state.last_status,
                Some(text) => match status_arg(text) {
                    Some(status) => status,
                    None => {
                        complain(&interp.state, io, "exit", &format!("{text}: numeric argument required")).await;
                        crate::status::USAGE
                    }
                },
            };
            // Inside a function bash runs the EXIT trap where `exit` runs, the call still on
            // the stack (`$FUNCNAME` names it); elsewhere the shell's end runs it.
            if interp.state.vars.in_function()
                && let Some(action) = Arc::make_mut(&mut interp.state.traps).remove("EXIT")
            {
                interp.state.last_status = status;
                let line = interp.state.lineno;
                interp.run_trap(&action, io, line).await?;
            }
            Err(Flow::Exit(status))
        }
        Special::Return => {
            // Only in a function or a sourced file (`eval` and a script's own text are
            // neither, though they count in `call_depth`).
            let in_function = interp.state.frames.iter().any(|frame| frame.name != "source");
            if !in_function && interp.source_depth == 0 {
                complain(&interp.state, io, "return", "can only `return' from a function or sourced script").await;
                // A special builtin's error ends a POSIX shell that is not interactive (not
                // through `command`).
                if interp.state.options.posix && !interp.state.options.interactive && !via_command {
                    return Err(Flow::Exit(crate::status::USAGE));
                }
                return Ok(crate::status::USAGE);
            }
            let status = match argv.get(1) {
                None => interp.state.last_status,
                Some(text) => match status_arg(text) {
                    Some(status) => status,
                    None => {
                        complain(&interp.state, io, "return", &format!("{text}: numeric argument required")).await;
                        crate::status::USAGE
                    }
                },
            };
            Err(Flow::Return(status))
        }
        Special::Caller => Ok(caller(interp, &argv, io).await),
        Special::History => super::history::history(interp, &argv, io).await,
        Special::Fc => super::history::fc(interp, &argv, io).await,
        Special::Compgen => super::complete::compgen(interp, &argv, io).await,
        Special::Complete => Ok(interp.complete_builtin(&argv, io).await),
        Special::Compopt => Ok(interp.compopt_builtin(&argv, io).await),
        Special::Let => {
            let mut exprs = match parsed(&interp.state, &argv, io).await {
                Ok(args) => args.operands,
                Err(status) => return Ok(status),
            };
            // bash's `let` takes no options but ends them at `--`.
            if exprs.first().is_some_and(|first| first == "--") {
                exprs.remove(0);
            }
            if exprs.is_empty() {
                complain(&interp.state, io, "let", "expression expected").await;
                return Ok(1);
            }
            let mut last = 0;
            for expr in &exprs {
                let vars = &mut interp.arith_vars(expr);
                match super::arith::eval(expr, vars) {
                    Ok(value) => last = value,
                    Err(err) => {
                        return match interp.arith_failed(err, Some("let"), io).await {
                            Flow::Discard if !interp.to_top_level => Ok(1),
                            flow => Err(flow),
                        };
                    }
                }
            }
            Ok(i32::from(last == 0))
        }
        Special::Break | Special::Continue => {
            if interp.loop_depth == 0 {
                complain(&interp.state, io, name, "only meaningful in a `for', `while', or `until' loop").await;
                return Ok(0);
            }
            // As bash: more than one count, or one that is not a number, is a special builtin's
            // error and ends the script (status 1, 128); a count out of range is said, and the
            // innermost loop is still left (status 1).
            if argv.len() > 2 {
                complain(&interp.state, io, name, "too many arguments").await;
                return Err(Flow::Fatal(1));
            }
            let (count, status) = match count_arg(&argv, 1) {
                Ok(count) => (count, 0),
                Err(message) if message.ends_with("numeric argument required") => {
                    complain(&interp.state, io, name, &message).await;
                    return Err(Flow::Fatal(128));
                }
                // A count below 1 leaves every enclosing loop, `continue`'s too (bash sets
                // `breaking` to the loop level).
                Err(message) => {
                    complain(&interp.state, io, name, &message).await;
                    interp.state.last_status = 1;
                    return Err(Flow::Break(interp.loop_depth.max(1)));
                }
            };
            interp.state.last_status = status;
            let count = count.min(interp.loop_depth);
            Err(if special == Special::Break { Flow::Break(count) } else { Flow::Continue(count) })
        }
        Special::Eval => {
            // bash's eval takes no options: `--` ends them, another `-x` is a usage error.
            let words = match argv.get(1).map(String::as_str) {
                Some("--") => &argv[2..],
                Some(option) if option.len() > 1 && option.starts_with('-') => {
                    complain(
                        &interp.state,
                        io,
                        "eval",
                        &format!("{option}: invalid option\neval: usage: eval [arg ...]"),
                    )
                    .await;
                    return Ok(crate::status::USAGE);
                }
                _ => &argv[1..],
            };
            let source = words.join(" ");
            // Its lines count from the `eval`'s own (bash's `$LINENO` and messages).
            let line = interp.state.lineno;
            // `set -x` shows its commands one level deeper (`++ echo`), as bash does.
            interp.trace_depth += 1;
            let result = interp.run_source(&source, io, super::line::Reading::Eval(line)).await;
            interp.trace_depth -= 1;
            result
        }
        Special::Source => source(interp, argv, io, via_command).await,
        Special::Subshell => sub_shell(interp, argv, io).await,
        Special::Exec => exec(interp, argv, io).await,
        Special::Command => command(interp, argv, io).await,
        Special::Builtin => {
            if argv.len() < 2 {
                return Ok(0);
            }
            let rest = argv[1..].to_vec();
            // Only bash's own builtins: toolsh's commands that are programs elsewhere (`ls`,
            // `grep`) are not shell builtins to `builtin`, as in bash.
            let bash_builtin = toolsh_core::command::BASH_BUILTINS.contains(&rest[0].as_str());
            if !bash_builtin || (!is_special(&rest[0]) && builtins::lookup(&rest[0]).is_none()) {
                complain(&interp.state, io, "builtin", &format!("{}: not a shell builtin", rest[0])).await;
                return Ok(1);
            }
            interp.dispatch_builtin(rest, io).await
        }
        Special::Type => type_command(interp, argv, io).await,
        Special::Which => which(interp, argv, io).await,
        Special::Hash => hash(interp, argv, io).await,
        Special::Trap => trap(interp, argv, io).await,
        // Without job control bash's fg and bg say so before reading a word.
        Special::Fg | Special::Bg if !interp.job_control() => {
            complain(&interp.state, io, &argv[0], "no job control").await;
            Ok(1)
        }
        Special::Wait | Special::Jobs | Special::Disown | Special::Fg | Special::Bg => {
            let args = match parsed(&interp.state, &argv, io).await {
                Ok(args) => args,
                Err(status) => return Ok(status),
            };
            match special {
                Special::Wait => super::jobs::wait(interp, &args, io).await,
                Special::Jobs => Ok(super::jobs::jobs(interp, &args, io).await),
                Special::Fg => super::jobs::foreground(interp, &args, io).await,
                Special::Bg => Ok(super::jobs::background(interp, &args, io).await),
                _ => Ok(super::jobs::disown(interp, &args, io).await),
            }
        }
        Special::Ps => Ok(super::jobs::ps(interp, &argv, io).await),
        Special::Session => Ok(super::sessions::session(interp, &argv, io).await),
        Special::Kill => kill(interp, argv, io).await,
        Special::Declaration => declaration(interp, argv, io).await,
        Special::Times => {
            say(io, &super::timing::times()).await;
            Ok(0)
        }
        Special::Enable => enable(interp, argv, io).await,
    }
}

/// `enable [-anps] [NAME…]`: bash's builtins that toolsh runs, listed as bash lists them, and
/// the ones disabled (kept in the session; each still runs, see its spec's words).
async fn enable(interp: &mut Interp, argv: Vec<String>, io: &Io) -> ExecResult {
    let args = match parsed(&interp.state, &argv, io).await {
        Ok(args) => args,
        Err(status) => return Ok(status),
    };
    if args.has(opt!(special::ENABLE, 'f')) || args.has(opt!(special::ENABLE, 'd')) {
        complain(&interp.state, io, "enable", "loading builtins is not supported").await;
        return Ok(1);
    }
    let disable = args.has(opt!(special::ENABLE, 'n'));
    if args.operands.is_empty() {
        let (all, posix) = (args.has(opt!(special::ENABLE, 'a')), args.has(opt!(special::ENABLE, 's')));
        let mut out = String::new();
        for name in super::compgen::builtins_here() {
            let off = interp.state.disabled_builtins.iter().any(|d| d == name);
            if (posix && !POSIX_SPECIAL.contains(&name)) || (!all && off != disable) {
                continue;
            }
            out.push_str(if off { "enable -n " } else { "enable " });
            out.push_str(name);
            out.push('\n');
        }
        say(io, &out).await;
        return Ok(0);
    }
    let mut status = 0;
    for name in &args.operands {
        if !super::compgen::builtins_here().any(|b| b == name) {
            complain(&interp.state, io, "enable", &format!("{name}: not a shell builtin")).await;
            status = 1;
            continue;
        }
        let disabled = &mut interp.state.disabled_builtins;
        disabled.retain(|d| d != name);
        if disable {
            disabled.push(name.clone());
        }
    }
    Ok(status)
}

/// Whether `name` is one of POSIX's special builtins (in POSIX mode, the assignments before
/// one stay after it).
pub(crate) fn is_posix_special(name: &str) -> bool {
    POSIX_SPECIAL.contains(&name)
}

/// POSIX's special builtins, as `enable -s` lists them.
const POSIX_SPECIAL: &[&str] = &[
    ".", ":", "break", "continue", "eval", "exec", "exit", "export", "readonly", "return", "set", "shift", "source",
    "times", "trap", "unset",
];

impl Interp {
    /// Runs text in the current shell as bash runs a file (`eval`, `source`, scripts): one
    /// complete command at a time, each parsed and checked by the pre-flight only when
    /// reached, so the commands before a syntax error or a denied call run. An expansion error
    /// drops the rest of its complete command (status 1) and the next one runs; a syntax error
    /// ends the text with status 2.
    pub(crate) async fn run_source(&mut self, source: &str, io: &Io, reading: super::line::Reading<'_>) -> ExecResult {
        if self.call_depth >= self.state.limits().call_depth {
            return Err(self.limit_hit("call depth", self.state.limits().call_depth as u64));
        }
        self.call_depth += 1;
        self.state.reads_bash_command |= source.contains("BASH_COMMAND");
        let first_line = match reading {
            super::line::Reading::Eval(line) => line,
            _ => 1,
        };
        let result = self.run_commands(crate::parser::Commands::from_line(source, first_line), io, reading).await;
        self.call_depth -= 1;
        result
    }

    /// Runs the complete commands `commands` reads, each read with the aliases in effect
    /// when it is reached.
    pub(crate) async fn run_commands(
        &mut self,
        commands: crate::parser::Commands<'_>,
        io: &Io,
        reading: super::line::Reading<'_>,
    ) -> ExecResult {
        self.readers += 1;
        let result = self.read_and_run(commands, io, reading).await;
        self.readers -= 1;
        result
    }

    async fn read_and_run(
        &mut self,
        mut commands: crate::parser::Commands<'_>,
        io: &Io,
        reading: super::line::Reading<'_>,
    ) -> ExecResult {
        let mut status = 0;
        // Files of process substitutions a command left (an assignment's `f=<(…)`) go when
        // the complete command it is part of has run.
        let substs = self.process_substs.len();
        loop {
            if self.process_substs.len() > substs {
                self.finish_process_substs(io, substs).await;
            }
            // Once history is on, the main script is read a line at a time (expansion needs it
            // on too, as bash's `history_expansion_inhibited` does).
            if self.readers == 1 && matches!(reading, super::line::Reading::File(_)) && self.history_on() {
                let at = commands.offset();
                let text = commands.text();
                let line = commands.first_line() + text[..at].matches('\n').count() as u32;
                let rest = text[at..].to_string();
                self.history_load_file();
                return self.read_lines_with_history(&rest, line, io, reading).await;
            }
            commands.set_aliases(&self.aliases_in_effect());
            commands.set_posix(self.state.options.posix);
            let start = commands.offset();
            let Some(command) = commands.next() else { break };
            // `set -v`: the text of the command, as read, before it runs (bash echoes each
            // line its reader takes).
            if self.state.options.get(OptionKind::Set, "verbose") == Some(true) {
                let text = commands.text();
                let read = text.get(start..commands.offset().min(text.len())).unwrap_or_default();
                self.echo_verbose(read, io).await;
            }
            let list = match command {
                Ok(list) => list,
                Err(err) => {
                    self.syntax_error(io, reading, commands.text(), &err).await;
                    if err.kind == crate::parser::ParseErrorKind::Line {
                        // The rest of the line is dropped; the text reads on after it.
                        self.state.last_status = 1;
                        status = 1;
                        continue;
                    }
                    return Ok(crate::status::USAGE);
                }
            };
            match self.run_read_command(list, io, reading).await? {
                std::ops::ControlFlow::Continue(next) => status = next,
                std::ops::ControlFlow::Break(last) => return Ok(last),
            }
        }
        Ok(status)
    }

    /// Writes what a reader took (`set -v`) to standard error, whole lines, as bash echoes them.
    pub(crate) async fn echo_verbose(&self, read: &str, io: &Io) {
        if read.is_empty() {
            return;
        }
        let mut text = read.to_string();
        if !text.ends_with('\n') {
            text.push('\n');
        }
        let _ = io.stderr().write_text(&text).await;
    }

    /// Runs one complete command a reader has read: the pre-flight checks it when reached.
    /// `Break` ends the reading with that status (bash's jump to the top level of `-c` text).
    pub(crate) async fn run_read_command(
        &mut self,
        list: crate::ast::List,
        io: &Io,
        reading: super::line::Reading<'_>,
    ) -> Result<std::ops::ControlFlow<Status, Status>, Flow> {
        use std::ops::ControlFlow;
        // `set -n` in a script: the rest is read, not run (`set +n` too, so it lasts); an
        // interactive shell ignores it, as bash's.
        if self.state.options.reads_without_running() {
            return Ok(ControlFlow::Continue(self.state.last_status));
        }
        let result = match self.reached(&list[..], |check, list| check.check(list)) {
            Ok(()) => self.exec_list(&list, io).await,
            Err(flow) => Err(flow),
        };
        Ok(ControlFlow::Continue(match result {
            // Back to the outermost text first (see `Interp::to_top_level`).
            Err(Flow::Discard) if self.to_top_level && self.readers > 1 => return Err(Flow::Discard),
            // And `-c` text ends there, as bash's `run_one_command` does.
            Err(Flow::Discard) if self.to_top_level && matches!(reading, super::line::Reading::Typed) => {
                self.to_top_level = false;
                self.state.last_status = 1;
                return Ok(ControlFlow::Break(1));
            }
            Err(Flow::Discard) => {
                self.to_top_level = false;
                self.state.last_status = 1;
                1
            }
            other => other?,
        }))
    }
}

/// `caller [EXPR]`, from the call stack: without EXPR `LINE FILE` of the current call, with it
/// `LINE FUNCTION FILE` of the frame EXPR out; `NULL` for a file a typed line has none of, as in
/// bash; status 1 outside a function or past the stack.
async fn caller(interp: &mut Interp, argv: &[String], io: &Io) -> Status {
    let state = &interp.state;
    let (lines, names, files) = (state.bash_lineno(), state.stack_names(), state.bash_source());
    let depth = match argv.get(1).map(|text| text.trim().parse::<usize>()) {
        None => None,
        Some(Ok(depth)) => Some(depth),
        Some(Err(_)) => {
            let said = format!("{}: invalid number\ncaller: usage: caller [expr]", argv[1]);
            complain(&interp.state, io, "caller", &said).await;
            return crate::status::USAGE;
        }
    };
    let at = depth.unwrap_or(0);
    let Some(line) = lines.get(at) else { return 1 };
    let text = match depth {
        None => format!("{line} {}\n", files.get(at + 1).map_or("NULL", String::as_str)),
        // A frame out needs a caller of its own.
        Some(_) => match (names.get(at + 1), files.get(at + 1)) {
            (Some(name), Some(file)) => format!("{line} {name} {file}\n"),
            _ => return 1,
        },
    };
    say(io, &text).await;
    0
}

async fn source(interp: &mut Interp, argv: Vec<String>, io: &Io, via_command: bool) -> ExecResult {
    // bash's `.` takes no option but ends them at `--`; what else starts with `-` is refused.
    let name = &argv[0];
    let usage = format!("{name}: usage: {name} filename [arguments]");
    let words = match argv.get(1).map(String::as_str) {
        Some("--") => &argv[2..],
        Some(option) if option.len() > 1 && option.starts_with('-') => {
            complain(&interp.state, io, name, &format!("{option}: invalid option\n{usage}")).await;
            return Ok(crate::status::USAGE);
        }
        _ => &argv[1..],
    };
    let Some(path) = words.first() else {
        complain(&interp.state, io, name, &format!("filename argument required\n{usage}")).await;
        return Ok(crate::status::USAGE);
    };
    // A name without a slash is looked for on PATH first, then in the working directory (but
    // in POSIX mode), as bash's `sourcepath` does.
    let on_path = (!path.contains('/') && interp.state.options.sourcepath)
        .then(|| interp.state.vars.get_str("PATH").map(str::to_string))
        .flatten()
        .and_then(|dirs| {
            dirs.split(':')
                .filter(|dir| !dir.is_empty())
                .map(|dir| interp.state.abs_path(&format!("{dir}/{path}")))
                .find(|candidate| interp.shared.vfs().stat(candidate).is_ok_and(|meta| !meta.is_dir()))
        });
    // In POSIX mode a file that cannot be sourced ends a shell that is not interactive (a
    // special builtin's error), and a name without a slash is looked for on PATH only.
    let fatal = interp.state.options.posix && !interp.state.options.interactive && !via_command;
    let give_up = |status| if fatal { Err(Flow::Exit(status)) } else { Ok(status) };
    if on_path.is_none() && interp.state.options.posix && !path.contains('/') {
        complain(&interp.state, io, name, &format!("{path}: file not found")).await;
        return give_up(1);
    }
    let abs = on_path.unwrap_or_else(|| interp.state.abs_path(path));
    // bash's own words for a directory (`_evalfile`), after `.`'s name.
    if interp.shared.vfs().stat(&abs).is_ok_and(|meta| meta.is_dir()) {
        complain(&interp.state, io, name, &format!("{path}: is a directory")).await;
        return give_up(1);
    }
    // `cmd | . /dev/stdin`: the file is the command's standard input, read whole.
    let read = match abs.as_str() {
        "/dev/stdin" | "/dev/fd/0" => {
            super::HeldInput::new(&interp.shared).read_whole(&io.stdin(), interp.state.limits().input_bytes).await
        }
        _ => interp.fs(&argv[0]).read(&abs),
    };
    let text = match read {
        Ok(bytes) => toolsh_bytes::decode(&bytes).into_owned(),
        Err(err) => {
            complain(&interp.state, io, path, &crate::vfs::describe(&err)).await;
            let status = interp.denial_status(1);
            // bash runs the RETURN trap for a file it could not read too (its `_evalfile`
            // returns through the same end).
            let in_function = interp.state.frames.iter().any(|frame| frame.name != "source");
            let functrace = interp.state.options.get(OptionKind::Set, "functrace") == Some(true);
            if !fatal
                && interp.in_trap == 0
                && (functrace || !in_function)
                && let Some(action) = interp.state.traps.get("RETURN").filter(|action| !action.is_empty()).cloned()
            {
                let line = interp.state.lineno;
                interp.run_trap(&action, io, line).await?;
            }
            return give_up(status);
        }
    };
    let saved = if words.len() > 1 {
        interp.state.positional_set = false;
        Some(std::mem::replace(&mut interp.state.positional, Arc::new(words[1..].to_vec())))
    } else {
        None
    };
    interp.source_depth += 1;
    let file: Arc<str> = Arc::from(path.as_str());
    let frame = toolsh_core::session::Frame {
        name: "source".to_string(),
        source: file.clone(),
        line: interp.state.lineno,
        outer_args: saved.clone().unwrap_or_else(|| interp.state.positional.clone()),
        set_options: None,
    };
    // Without `set -T` a sourced file runs without the DEBUG trap, as a function does (bash's
    // `_evalfile`): it is put back after the file and its RETURN trap, unless the file set one.
    let functrace = interp.state.options.get(OptionKind::Set, "functrace") == Some(true);
    let in_function = interp.state.frames.iter().any(|frame| frame.name != "source");
    let debug_trap = match !functrace && interp.state.traps.contains_key("DEBUG") {
        true => Arc::make_mut(&mut interp.state.traps).remove("DEBUG"),
        false => None,
    };
    interp.state.frames.push(frame);
    let outer = std::mem::replace(&mut interp.state.source, file);
    let called_at = interp.state.lineno;
    let command_text = interp.bash_command.clone();
    interp.trace_depth += 1;
    let mut result = interp.run_source(&text, io, super::line::Reading::File(path)).await;
    interp.trace_depth -= 1;
    // The file is done: its RETURN trap sees the caller's call stack, and `$BASH_COMMAND` is
    // the `source` command again, as in bash.
    interp.state.source = outer;
    interp.state.frames.pop();
    if !interp.state.traps.is_empty() {
        interp.bash_command = command_text;
    }
    // The RETURN trap runs as a sourced file ends, as bash's does (a function's only under
    // `set -T`, see `call_function`; so inside a function only under `set -T` too, the trap
    // not being the function's), its lines counted from the `source` command's.
    if let Some(action) = interp.state.traps.get("RETURN").filter(|action| !action.is_empty()).cloned()
        && interp.in_trap == 0
        && (functrace || !in_function)
        && matches!(result, Ok(_) | Err(Flow::Return(_)))
    {
        let status = interp.state.last_status;
        if let Err(flow) = interp.run_trap(&action, io, called_at).await {
            result = Err(flow);
        }
        interp.state.last_status = status;
    }
    if let Some(action) = debug_trap
        && !interp.state.traps.contains_key("DEBUG")
    {
        Arc::make_mut(&mut interp.state.traps).insert("DEBUG".to_string(), action);
    }
    interp.source_depth -= 1;
    // The caller's parameters come back, unless the file itself (outside any function) set
    // new ones with `set`: bash's `maybe_pop_dollar_vars`.
    if let Some(saved) = saved
        && (in_function || !interp.state.positional_set)
    {
        interp.state.positional = saved;
    }
    if words.len() > 1 {
        interp.state.positional_set = false;
    }
    match result {
        Err(Flow::Return(status)) => Ok(status),
        other => other,
    }
}

/// `sh`/`bash` inside toolsh: a new toolsh interpreter in a subshell (never a host program).
impl Interp {
    /// A new non-interactive `bash` first reads the file `$BASH_ENV` names (its value
    /// expanded), as bash's startup does; `sh`, POSIX mode and an interactive shell read none.
    /// A file that is not there is passed over unsaid, as bash's; one that starts `bash`
    /// recurses, as bash's does, until the call-depth limit. The future is made here, boxed, so that the shell
    /// that awaits it (`sub_shell`, reached again by a script that starts `bash`) keeps no room
    /// for it on the stack at every level.
    fn read_bash_env<'a>(&'a mut self, name: &'a str, io: &'a Io) -> futures::future::BoxFuture<'a, Result<(), Flow>> {
        Box::pin(async move {
            let bash = name.rsplit('/').next() == Some("bash");
            if !bash || self.state.options.interactive || self.state.options.posix {
                return Ok(());
            }
            let Some(file) = self.state.vars.get_str("BASH_ENV").filter(|file| !file.is_empty()).map(str::to_string)
            else {
                return Ok(());
            };
            let file = self.expand_quoted_source(&file, io).await.unwrap_or(file);
            if !self.shared.vfs().exists(&self.state.abs_path(&file)) {
                return Ok(());
            }
            self.dispatch_builtin(vec![".".to_string(), file], io).await.map(|_| ())
        })
    }
}

async fn sub_shell(interp: &mut Interp, argv: Vec<String>, io: &Io) -> ExecResult {
    let mut sub = interp.subshell();
    let own = interp.without_coproc_fds(&mut sub, io);
    let io = own.as_ref().unwrap_or(io);
    sub.become_new_shell(None);
    // bash's words: letters alone or together, `-` or `+` (`-ec`, `+x`), `-o NAME`, `-O NAME`;
    // with -c the first operand is the text, then $0 and the parameters.
    let mut idx = 1;
    let mut command_mode = false;
    let mut from_stdin = false;
    while let Some(arg) = argv.get(idx) {
        let word = arg.as_str();
        if word == "--" || word == "-" {
            idx += 1;
            break;
        }
        // --norc, --noprofile, --posix, --login, …: nothing to change here; --rcfile and
        // --init-file take a file (not read: no startup file is).
        if word.starts_with("--") {
            if word == "--posix" {
                sub.state.options.posix = true;
            }
            idx += if matches!(word, "--rcfile" | "--init-file") { 2 } else { 1 };
            continue;
        }
        let on = word.starts_with('-');
        if word.len() < 2 || !(on || word.starts_with('+')) {
            break;
        }
        for letter in word[1..].chars() {
            match letter {
                'c' => command_mode = true,
                's' => from_stdin = true,
                // Interactive as bash -i is: `$-` has `i`, aliases are expanded.
                'i' => {
                    sub.state.options.interactive = on;
                    sub.state.options.expand_aliases = on;
                }
                // Login, restricted, dump strings: nothing to change here.
                'l' | 'r' | 'D' => {}
                'o' | 'O' => {
                    idx += 1;
                    let kind = if letter == 'o' { OptionKind::Set } else { OptionKind::Shopt };
                    let Some(option) = argv.get(idx) else {
                        new_shell_says(io, &argv[0], &format!("-{letter}: option requires an argument")).await;
                        return Ok(crate::status::USAGE);
                    };
                    if !sub.state.options.set(kind, option, on) {
                        let what = if letter == 'o' { "option name" } else { "shell option name" };
                        new_shell_says(io, &argv[0], &format!("{option}: invalid {what}")).await;
                        return Ok(crate::status::USAGE);
                    }
                }
                _ => match ShellOptions::letter(letter) {
                    Some(option) => {
                        sub.state.options.set(OptionKind::Set, option, on);
                    }
                    None => {
                        new_shell_says(io, &argv[0], &format!("-{letter}: invalid option")).await;
                        return Ok(crate::status::USAGE);
                    }
                },
            }
        }
        idx += 1;
    }
    let mut command_text = None;
    if command_mode {
        match argv.get(idx) {
            Some(text) => command_text = Some(text.clone()),
            None => {
                new_shell_says(io, &argv[0], "-c: option requires an argument").await;
                return Ok(crate::status::USAGE);
            }
        }
        idx += 1;
    }
    let source = match command_text.clone() {
        Some(text) => {
            sub.state.set_var("BASH_EXECUTION_STRING", text.clone());
            sub.state.arg0 = argv.get(idx).cloned().unwrap_or_else(|| argv[0].clone());
            sub.state.positional = Arc::new(argv.get(idx + 1..).map(<[String]>::to_vec).unwrap_or_default());
            text
        }
        None => match argv.get(idx).filter(|_| !from_stdin) {
            Some(path) => {
                let abs = sub.state.abs_path(path);
                // A directory cannot run (126), named as bash's `open_shell_script` names it.
                if sub.shared.vfs().stat(&abs).is_ok_and(|meta| meta.is_dir()) {
                    let _ = io.stderr().write_text(&format!("{path}: {path}: Is a directory\n")).await;
                    return Ok(crate::status::CANNOT_RUN);
                }
                match sub.fs(&argv[0]).read(&abs) {
                    // bash reads no binary file as a script (a NUL in its first line).
                    Ok(bytes) if super::shebang::binary(&toolsh_bytes::decode(&bytes[..bytes.len().min(80)])) => {
                        let message = format!("{}: {path}: cannot execute binary file\n", argv[0]);
                        let _ = io.stderr().write_text(&message).await;
                        return Ok(crate::status::CANNOT_RUN);
                    }
                    Ok(bytes) => {
                        sub.state.arg0 = path.clone();
                        (sub.state.source, sub.state.main_source) =
                            (Arc::from(path.as_str()), Arc::from(path.as_str()));
                        sub.state.positional = Arc::new(argv[idx + 1..].to_vec());
                        // bash's reader drops a NUL byte past the first line.
                        toolsh_bytes::decode(&bytes).replace('\0', "")
                    }
                    Err(err) => {
                        // The new shell's own start: its name, no line (`bash: f.sh: No such file…`).
                        let message = format!("{}: {path}: {}\n", argv[0], crate::vfs::describe(&err));
                        let _ = io.stderr().write_text(&message).await;
                        return Ok(127);
                    }
                }
            }
            None => {
                if from_stdin {
                    sub.state.positional = Arc::new(argv.get(idx..).map(<[String]>::to_vec).unwrap_or_default());
                }
                match super::HeldInput::new(&interp.shared)
                    .read_whole(&io.stdin(), sub.state.limits().input_bytes)
                    .await
                {
                    Ok(bytes) => toolsh_bytes::decode(&bytes).into_owned(),
                    Err(err) => {
                        let message = format!("{}: -: {}\n", argv[0], crate::vfs::describe(&err));
                        let _ = io.stderr().write_text(&message).await;
                        return Ok(2);
                    }
                }
            }
        },
    };
    let reading = if command_text.is_some() || from_stdin || argv.get(idx).is_none() {
        super::line::Reading::Typed
    } else {
        super::line::Reading::File(argv[idx].as_str())
    };
    // The options its words gave, in `$SHELLOPTS` and `$BASHOPTS`.
    sub.state.sync_option_variables();
    // A shell started with history on (`bash -o history`) sets bash's defaults and reads
    // its history file first.
    if sub.history_on() {
        sub.history_start();
    }
    let startup = sub.read_bash_env(&argv[0], io).await;
    let result = match startup {
        Ok(()) => sub.run_source(&source, io, reading).await,
        Err(flow) => Err(flow),
    };
    if let Err(Flow::Fatal(status)) = result
        && interp.shared.stopping().is_some()
    {
        return Err(Flow::Fatal(status));
    }
    // A new shell is a top-level one: an expansion error ends it with 127 (1 reading a file,
    // as bash's), not a subshell's 1.
    let result = match result {
        Err(Flow::Fatal(crate::status::EXPANSION)) if matches!(reading, super::line::Reading::File(_)) => {
            Err(Flow::Exit(1))
        }
        Err(Flow::Fatal(crate::status::EXPANSION)) => Err(Flow::Exit(crate::status::EXPANSION)),
        other => other,
    };
    let status = sub.finish_subshell(result, io).await;
    // bash writes the history file after the EXIT trap.
    sub.history_save_at_exit();
    Ok(status)
}

async fn exec(interp: &mut Interp, argv: Vec<String>, io: &Io) -> ExecResult {
    // -a and -l name `bash`'s or `sh`'s `$0` (a login shell's with a dash); -c runs the
    // command with an empty environment (the shell ends with it, so its variables can go).
    let (words, clean, arg0) = match parsed(&interp.state, &argv, io).await {
        Ok(args) => {
            let mut arg0 = args.last(opt!(special::EXEC, 'a')).map(str::to_string);
            // -l: a login shell's zeroth argument, a dash before the name.
            if args.has(opt!(special::EXEC, 'l'))
                && let Some(name) = arg0.as_deref().or(args.operands.first().map(String::as_str))
            {
                arg0 = Some(format!("-{name}"));
            }
            (args.operands.clone(), args.has(opt!(special::EXEC, 'c')), arg0)
        }
        Err(status) => return Ok(status),
    };
    if clean && !words.is_empty() {
        for name in interp.state.vars.names() {
            if interp.state.vars.get(&name).is_some_and(|v| v.attrs.has(Attrs::EXPORT)) {
                interp.state.vars.remove(&name);
            }
        }
    }
    if words.is_empty() {
        // `exec >file` with no command: the redirections (already applied to `io`) stay.
        let before = interp.exec_outer.take().unwrap_or_else(|| io.clone());
        interp.make_permanent(&before, io);
        return Ok(0);
    }
    // A command that cannot be found is refused in exec's words; bash's shell goes on after
    // it only with `shopt -s execfail` (or interactive), else it exits with 127.
    let name = &words[0];
    let missing = if name.contains('/') {
        let path = interp.state.abs_path(name);
        // bash names the path it looked for, made absolute.
        (!interp.shared.vfs().exists(&path)).then(|| format!("{path}: No such file or directory"))
    } else {
        // A function, alias or keyword is no program to run in the shell's place.
        let runs = kinds_of(interp, name).iter().any(|kind| matches!(kind, Kind::Builtin | Kind::Tool | Kind::File));
        (!runs).then(|| format!("exec: {name}: not found"))
    };
    if let Some(message) = missing {
        interp.error(io, &message).await;
        let goes_on = interp.state.options.interactive
            || interp.state.options.get(toolsh_core::options::Kind::Shopt, "execfail") == Some(true);
        return if goes_on { Ok(crate::status::NOT_FOUND) } else { Err(Flow::Exit(crate::status::NOT_FOUND)) };
    }
    // The command takes the shell's place: bash's process is replaced, so its EXIT trap
    // never runs.
    if interp.state.traps.contains_key("EXIT") {
        Arc::make_mut(&mut interp.state.traps).remove("EXIT");
    }
    let status = interp.dispatch_exec(words, arg0, io).await?;
    Err(Flow::Exit(status))
}

/// `command [-pvV] NAME [ARG]…`: NAME as a builtin, tool or file, never a function. `-p`
/// looks for a file in the standard `PATH` (`/bin:/usr/bin`) in place of `PATH`, as bash's does
/// (the commands of toolsh are found as ever: they are the standard utilities).
async fn command(interp: &mut Interp, argv: Vec<String>, io: &Io) -> ExecResult {
    let args = match parsed(&interp.state, &argv, io).await {
        Ok(args) => args,
        Err(status) => return Ok(status),
    };
    let verbose = opt!(special::COMMAND, 'V');
    let describe = args.last_of(&[opt!(special::COMMAND, 'v'), verbose]).map(|opt| opt == verbose);
    let standard = args.has(opt!(special::COMMAND, 'p'));
    let mut names = args.operands;
    let Some(name) = names.first().cloned() else {
        return Ok(0);
    };
    // Under -p a name that would run as a file found on PATH is looked for in the standard
    // one instead: how it runs and, for such a file, its path; None when it runs as nothing.
    let resolve = |interp: &Interp, name: &str| -> Option<(Kind, Option<String>)> {
        let kind = classify(interp, name);
        if !standard || name.contains('/') {
            return kind.map(|kind| (kind, None));
        }
        match kind {
            Some(Kind::File) | None => interp.standard_path_file(name).map(|path| (Kind::File, Some(path))),
            Some(kind) => Some((kind, None)),
        }
    };
    match describe {
        Some(verbose) => {
            // bash succeeds when any name is found (`any_found`), unlike `type`, which fails
            // when any is missing.
            let mut found = false;
            for name in &names {
                let resolved = resolve(interp, name);
                match (resolved.clone(), verbose) {
                    (Some((Kind::Alias, _)), false) => {
                        let text = interp.state.aliases.get(name).map_or("", String::as_str);
                        say(io, &format!("alias {name}={}\n", shell_quote(text))).await
                    }
                    (Some((Kind::File, path)), false) => {
                        let path = path.or_else(|| file_path_of(interp, name)).unwrap_or_else(|| name.clone());
                        say(io, &format!("{path}\n")).await
                    }
                    (Some((Kind::File, Some(path))), true) => say(io, &format!("{name} is {path}\n")).await,
                    (Some(_), false) => say(io, &format!("{name}\n")).await,
                    (Some((kind, _)), true) => say(io, &describe_kind(interp, name, kind)).await,
                    (None, true) => complain(&interp.state, io, "command", &format!("{name}: not found")).await,
                    (None, false) => {}
                }
                found |= resolved.is_some();
            }
            Ok(if found { 0 } else { 1 })
        }
        None => {
            // A builtin or tool runs as ever; what would be a file on PATH (or nothing) is
            // the standard PATH's file, by its path.
            let runs_here = |kind: &Kind| matches!(kind, Kind::Builtin | Kind::Tool);
            if standard && !name.contains('/') && !kinds_of(interp, &name).iter().any(runs_here) {
                match interp.standard_path_file(&name) {
                    Some(path) => names[0] = path,
                    None => {
                        interp.error(io, &format!("{name}: command not found")).await;
                        return Ok(crate::status::NOT_FOUND);
                    }
                }
            }
            interp.via_command = true;
            let result = interp.dispatch_builtin(names, io).await;
            interp.via_command = false;
            result
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// Only while aliases expand (`shopt -s expand_aliases`), as bash reports them.
    Alias,
    Keyword,
    Function,
    Builtin,
    Tool,
    /// A name with a slash that names an executable file (or a system program path such as
    /// `/bin/echo`): bash's "file", described by the path as given.
    File,
}

fn classify(interp: &Interp, name: &str) -> Option<Kind> {
    kinds_of(interp, name).into_iter().next()
}

/// Every way `name` could run, in the order the shell looks: keyword, function, builtin, tool.
fn kinds_of(interp: &Interp, name: &str) -> Vec<Kind> {
    let alias = interp.state.options.expand_aliases && interp.state.aliases.contains_key(name);
    let found = [
        (alias, Kind::Alias),
        (crate::parser::RESERVED_WORDS.contains(&name), Kind::Keyword),
        (interp.state.functions.contains_key(name), Kind::Function),
        (builtins::lookup(name).is_some(), Kind::Builtin),
        (interp.shared.tools().resolve(name).is_some(), Kind::Tool),
        (file_path_of(interp, name).is_some(), Kind::File),
    ];
    found.into_iter().filter(|(present, _)| *present).map(|(_, kind)| kind).collect()
}

/// The file a name runs as: a name with a slash itself when it runs as a path, a name without
/// one by the path `PATH` finds it at ([`Interp::find_on_path`]).
fn file_path_of(interp: &Interp, name: &str) -> Option<String> {
    match name.contains('/') {
        true => runs_as_path(interp, name).then(|| name.to_string()),
        false => interp.lookup_file(name).filter(|found| found.executable).map(|found| found.path),
    }
}

/// Whether a name with a slash runs as a path: an executable file that is no directory, or a
/// system program path toolsh's command of that name stands for (`/bin/echo`).
fn runs_as_path(interp: &Interp, name: &str) -> bool {
    let abs = interp.state.abs_path(name);
    match interp.shared.vfs().stat(&abs) {
        Ok(meta) => !meta.is_dir() && meta.mode & 0o111 != 0,
        Err(_) => interp.standard_program(&abs).is_some(),
    }
}

fn describe_kind(interp: &Interp, name: &str, kind: Kind) -> String {
    match kind {
        Kind::Alias => {
            let text = interp.state.aliases.get(name).map_or("", String::as_str);
            format!("{name} is aliased to `{text}'\n")
        }
        Kind::Keyword => format!("{name} is a shell keyword\n"),
        Kind::Builtin => match builtins::adapter_of(name) {
            Some(tools) => format!("{name} is a shell builtin (calls {})\n", tools.join(", ")),
            None => format!("{name} is a shell builtin\n"),
        },
        Kind::Tool => match interp.shared.tools().resolve(name) {
            Some(tool) if tool.spec().name == name => {
                format!("{name} is a tool ({}): {}\n", tool.spec().side_effect.as_str(), tool.spec().summary())
            }
            Some(tool) => format!("{name} is an alias of the tool {}\n", tool.spec().name),
            None => format!("{name} is a tool\n"),
        },
        Kind::Function => {
            let text = interp
                .state
                .functions
                .get(name)
                .map(|def| toolsh_syntax::print_bash::function_definition(def, interp.print_style()));
            format!("{name} is a function\n{}\n", text.unwrap_or_default())
        }
        Kind::File => match interp.lookup_file(name).filter(|_| interp.state.hashed.paths.get(name).is_some()) {
            Some(found) if !name.contains('/') => format!("{name} is hashed ({})\n", found.path),
            _ => format!("{name} is {}\n", file_path_of(interp, name).unwrap_or_else(|| name.to_string())),
        },
    }
}

/// `which [-as] NAME…`: the name itself for each that runs as a command (there are no files on
/// a PATH to name, as `command -v` says); status 1 when one does not.
async fn which(interp: &mut Interp, argv: Vec<String>, io: &Io) -> ExecResult {
    let args = match parsed(&interp.state, &argv, io).await {
        Ok(args) => args,
        Err(status) => return Ok(status),
    };
    let silent = args.has(opt!(special::WHICH, 's'));
    let mut status = 0;
    let mut out = String::new();
    for name in &args.operands {
        let kinds = kinds_of(interp, name);
        let runs = kinds.iter().any(|kind| matches!(kind, Kind::Builtin | Kind::Tool | Kind::File));
        if !runs {
            status = 1;
        } else if !silent {
            // A file on PATH by the path it is found at; a command of toolsh's by its name.
            let file =
                kinds.iter().find(|kind| matches!(kind, Kind::Builtin | Kind::Tool | Kind::File)) == Some(&Kind::File);
            let path = file.then(|| interp.find_on_path(name).map(|found| found.path)).flatten();
            out.push_str(path.as_deref().unwrap_or(name));
            out.push('\n');
        }
    }
    let _ = io.stdout().write_text(&out).await;
    Ok(status)
}

/// `hash [-lrdt] [-p PATH] [NAME…]`: the table of remembered command locations — files found
/// on `PATH` as they run ([`Interp::command_file`]), `hash NAME` of one, `-p` and
/// `BASH_CMDS[NAME]=PATH`; a NAME of a command of toolsh's succeeds unremembered, one that
/// runs as nothing is said not found, as in bash. Listed in bash's table order, with each
/// name's hits (`-t` counts one); setting `PATH` empties it.
async fn hash(interp: &mut Interp, argv: Vec<String>, io: &Io) -> ExecResult {
    interp.hash_table_for_path();
    // With `set +h` the table is off: bash refuses every use before reading a word.
    if interp.state.options.get(toolsh_core::options::Kind::Set, "hashall") == Some(false) {
        complain(&interp.state, io, "hash", "hashing disabled").await;
        return Ok(1);
    }
    let args = match parsed(&interp.state, &argv, io).await {
        Ok(args) => args,
        Err(status) => return Ok(status),
    };
    let (reset, list) = (args.has(opt!(special::HASH, 'r')), args.has(opt!(special::HASH, 'l')));
    let (show, forget) = (args.has(opt!(special::HASH, 't')), args.has(opt!(special::HASH, 'd')));
    let path = args.last(opt!(special::HASH, 'p')).map(str::to_string);
    if reset {
        interp.state.hashed = Arc::default();
    }
    let mut status = 0;
    let mut out = String::new();
    if args.operands.is_empty() {
        if reset || path.is_some() {
            return Ok(0);
        }
        let table = &interp.state.hashed;
        if table.paths.is_empty() {
            // bash says this on standard output.
            say(io, "hash: hash table empty\n").await;
            return Ok(0);
        }
        if !list {
            out.push_str("hits\tcommand\n");
        }
        for (name, path) in table.paths.iter() {
            match list {
                true => out.push_str(&format!("builtin hash -p {path} {name}\n")),
                false => out.push_str(&format!("{:4}\t{path}\n", table.hits.get(name).copied().unwrap_or(0))),
            }
        }
        say(io, &out).await;
        return Ok(0);
    }
    let many = args.operands.len() > 1;
    for name in &args.operands {
        if let Some(path) = &path {
            let table = Arc::make_mut(&mut interp.state.hashed);
            table.paths.insert(name.clone(), path.clone());
            table.hits.insert(name.clone(), 0);
            continue;
        }
        let known = interp.state.hashed.paths.get(name).cloned();
        match known {
            Some(path) if show => {
                let table = Arc::make_mut(&mut interp.state.hashed);
                *table.hits.entry(name.clone()).or_insert(0) += 1;
                match many {
                    true => out.push_str(&format!("{name}\t{path}\n")),
                    false => out.push_str(&format!("{path}\n")),
                }
            }
            Some(path) if list => out.push_str(&format!("builtin hash -p {path} {name}\n")),
            Some(_) if forget => {
                let table = Arc::make_mut(&mut interp.state.hashed);
                table.paths.remove(name);
                table.hits.remove(name);
            }
            // `hash NAME` of a file on PATH remembers where it is, its count started anew.
            _ if !(show || forget || list)
                && let Some(found) = interp.find_on_path(name).filter(|found| found.executable) =>
            {
                let table = Arc::make_mut(&mut interp.state.hashed);
                table.paths.insert(name.clone(), found.path);
                table.hits.insert(name.clone(), 0);
            }
            Some(_) => {}
            None => {
                let runs = !kinds_of(interp, name).is_empty();
                if show || forget || list || !runs {
                    say(io, &std::mem::take(&mut out)).await;
                    complain(&interp.state, io, "hash", &format!("{name}: not found")).await;
                    status = 1;
                }
            }
        }
    }
    say(io, &out).await;
    Ok(status)
}

/// `type [-afptP] NAME…`: how each name would run. `-p` and `-P` print the path of a file
/// (a name with a slash, or one found on `PATH`); for a command of toolsh's `-p` prints
/// nothing (and succeeds) and `-P` finds nothing, as bash's do for builtins.
async fn type_command(interp: &mut Interp, argv: Vec<String>, io: &Io) -> ExecResult {
    interp.hash_table_for_path();
    let args = match parsed(&interp.state, &argv, io).await {
        Ok(args) => args,
        Err(status) => return Ok(status),
    };
    let has = |letter: &Opt| args.has(letter);
    let (terse, all) = (has(opt!(special::TYPE, 't')), has(opt!(special::TYPE, 'a')));
    let no_functions = has(opt!(special::TYPE, 'f'));
    let (path_only, path_forced) = (has(opt!(special::TYPE, 'p')), has(opt!(special::TYPE, 'P')));
    let mut status = 0;
    for arg in &args.operands {
        // Each way the name runs; under -a a file once for every executable `PATH` holds by
        // that name (bash's `user_command_matches`), not only the one that would run.
        let mut ways: Vec<(Kind, Option<String>)> = Vec::new();
        for kind in kinds_of(interp, arg) {
            match kind {
                Kind::Function if no_functions => {}
                Kind::File if all && !arg.contains('/') => {
                    ways.extend(interp.executables_on_path(arg).into_iter().map(|path| (Kind::File, Some(path))))
                }
                _ => ways.push((kind, None)),
            }
        }
        if !all {
            ways.truncate(1);
        }
        let path_of = |way: &(Kind, Option<String>)| match way {
            (Kind::File, Some(path)) => Some(path.clone()),
            (Kind::File, None) => Some(file_path_of(interp, arg).unwrap_or_else(|| arg.clone())),
            _ => None,
        };
        if path_only || path_forced {
            // -P looks for a file whatever else the name is; -p names one only when a file is
            // what runs (under -a, every file).
            let paths: Vec<String> = match (path_forced, all) {
                (true, true) if !arg.contains('/') => interp.executables_on_path(arg),
                (true, _) => file_path_of(interp, arg).into_iter().collect(),
                (false, _) => ways.iter().filter_map(path_of).collect(),
            };
            for path in &paths {
                say(io, &format!("{path}\n")).await;
            }
            if paths.is_empty() && (path_forced || ways.is_empty()) {
                status = 1;
            }
            continue;
        }
        if ways.is_empty() {
            if !terse {
                complain(&interp.state, io, "type", &format!("{arg}: not found")).await;
            }
            status = 1;
            continue;
        }
        for way in &ways {
            let kind = way.0;
            if terse {
                let word = match kind {
                    Kind::Alias => "alias",
                    Kind::Keyword => "keyword",
                    Kind::Function => "function",
                    Kind::Builtin => "builtin",
                    Kind::Tool => "tool",
                    Kind::File => "file",
                };
                say(io, &format!("{word}\n")).await;
            } else if let (Kind::File, Some(path)) = way {
                say(io, &format!("{arg} is {path}\n")).await;
            } else {
                say(io, &describe_kind(interp, arg, kind)).await;
            }
        }
    }
    Ok(status)
}

fn normalize_signal(name: &str) -> String {
    let upper = name.to_uppercase();
    let bare = upper.strip_prefix("SIG").unwrap_or(&upper);
    match bare {
        "0" => "EXIT".to_string(),
        other => match other.parse::<u32>().ok().and_then(crate::signals::name) {
            Some(name) => name,
            None => other.to_string(),
        },
    }
}

/// Where a trap comes in bash's listing: `EXIT`, the signals by number, then `DEBUG`, `ERR`
/// and `RETURN`; `None` for what names no trap.
fn trap_rank(signal: &str) -> Option<u32> {
    match signal {
        "EXIT" => Some(0),
        "DEBUG" => Some(100),
        "ERR" => Some(101),
        "RETURN" => Some(102),
        other => crate::signals::number(other).filter(|n| *n > 0),
    }
}

fn shell_quote(text: &str) -> String {
    format!("'{}'", text.replace('\'', "'\\''"))
}

/// `kill -l` / `trap -l` without operands: five `N) SIGNAME` a line, as bash lays them out;
/// with operands, each number's name or each name's number (an exit status above 128 names
/// its signal).
async fn list_signals(state: &State, io: &Io, command: &str, operands: &[String]) -> Status {
    let all = crate::signals::all();
    if operands.is_empty() {
        let mut out = String::new();
        for (idx, (n, name)) in all.iter().enumerate() {
            out.push_str(&format!("{n:2}) SIG{name}"));
            out.push(if (idx + 1) % 5 == 0 { '\n' } else { '\t' });
        }
        if !out.ends_with('\n') {
            out.push('\n');
        }
        say(io, &out).await;
        return 0;
    }
    let mut status = 0;
    for operand in operands {
        let line = match operand.parse::<u32>() {
            Ok(n) => all.iter().find(|(m, _)| *m == n || *m + 128 == n).map(|(_, name)| name.clone()),
            Err(_) => crate::signals::number(operand).map(|n| n.to_string()),
        };
        match line {
            Some(line) => say(io, &format!("{line}\n")).await,
            None => {
                complain(state, io, command, &format!("{operand}: invalid signal specification")).await;
                status = 1;
            }
        }
    }
    status
}

async fn trap(interp: &mut Interp, argv: Vec<String>, io: &Io) -> ExecResult {
    let parsed = match parsed(&interp.state, &argv, io).await {
        Ok(args) => args,
        Err(status) => return Ok(status),
    };
    if parsed.has(opt!(special::TRAP, 'l')) {
        return Ok(list_signals(&interp.state, io, "trap", &parsed.operands).await);
    }
    let args: Vec<&str> = parsed.operands.iter().map(String::as_str).collect();
    if args.is_empty() || parsed.has(opt!(special::TRAP, 'p')) {
        // Every trap, or with -p the ones named.
        let wanted: Vec<String> = args.iter().map(|s| normalize_signal(s)).collect();
        // A name that is no signal is said, and the status is 1 (the others are listed).
        let mut status = 0;
        for (word, signal) in args.iter().zip(&wanted) {
            if trap_rank(signal).is_none() {
                complain(&interp.state, io, "trap", &format!("{word}: invalid signal specification")).await;
                status = 1;
            }
        }
        let listed = interp.state.parent_traps.as_ref().unwrap_or(&interp.state.traps);
        let mut entries: Vec<(&String, &String)> =
            listed.iter().filter(|(signal, _)| wanted.is_empty() || wanted.contains(signal)).collect();
        entries.sort_by_key(|(signal, _)| trap_rank(signal));
        let mut out = String::new();
        for (signal, action) in entries {
            // bash names real signals with their SIG prefix, its own conditions without.
            let sig = if matches!(signal.as_str(), "EXIT" | "ERR" | "DEBUG" | "RETURN") { "" } else { "SIG" };
            out.push_str(&format!("trap -- {} {sig}{signal}\n", shell_quote(action)));
        }
        say(io, &out).await;
        return Ok(status);
    }
    // A subshell's own trap: its parent's are no longer listed.
    interp.state.parent_traps = None;
    if args.len() == 1 {
        // `trap SIGNAL` resets like `trap - SIGNAL`; an action with no signal (`trap 'cmd'`)
        // is bash's usage error, its line alone without the shell's prefix.
        let signal = normalize_signal(args[0]);
        if trap_rank(&signal).is_none() {
            let _ = io.stderr().write_text("trap: usage: trap [-lp] [[arg] signal_spec ...]\n").await;
            return Ok(crate::status::USAGE);
        }
        Arc::make_mut(&mut interp.state.traps).remove(&signal);
        return Ok(0);
    }
    let action = args[0];
    let mut status = 0;
    for signal in &args[1..] {
        let signal = normalize_signal(signal);
        // Every signal is kept and listed; those no process here is sent run no trap.
        if trap_rank(&signal).is_none() {
            complain(&interp.state, io, "trap", &format!("{signal}: invalid signal specification")).await;
            status = 1;
            continue;
        }
        // A signal ignored when this shell started stays so, silently (bash).
        if interp.state.ignored_at_entry.contains(&signal) {
            continue;
        }
        let traps = Arc::make_mut(&mut interp.state.traps);
        if action == "-" {
            traps.remove(&signal);
        } else {
            traps.insert(signal, action.to_string());
        }
    }
    Ok(status)
}

/// `kill [-s SIG | -n NUM | -SIG] ID…`, `kill -l [SIG]…`. A job here is a task, not a process:
/// a signal whose default action ends a process ends the job (its status 128 + the signal's
/// number), one that is ignored by default (CHLD, CONT, URG, WINCH) does nothing, `0` only asks
/// whether it runs, and the stop signals are refused.
async fn kill(interp: &mut Interp, argv: Vec<String>, io: &Io) -> ExecResult {
    let mut words = &argv[1..];
    let mut signal = 15;
    match words.first().map(String::as_str) {
        Some("-l" | "-L") => return Ok(list_signals(&interp.state, io, "kill", &words[1..]).await),
        Some("-s" | "-n") => {
            let Some(spec) = words.get(1) else {
                complain(&interp.state, io, "kill", &format!("{}: option requires an argument", words[0])).await;
                return Ok(crate::status::USAGE);
            };
            match crate::signals::number(spec) {
                Some(n) => signal = n,
                None => {
                    complain(&interp.state, io, "kill", &format!("{spec}: invalid signal specification")).await;
                    return Ok(1);
                }
            }
            words = &words[2..];
        }
        Some("--") => words = &words[1..],
        Some(word) if word.starts_with('-') && !word.starts_with("-%") => {
            match crate::signals::number(&word[1..]) {
                Some(n) => signal = n,
                None => {
                    complain(&interp.state, io, "kill", &format!("{}: invalid signal specification", &word[1..])).await;
                    return Ok(1);
                }
            }
            words = &words[1..];
        }
        _ => {}
    }
    if matches!(signal, 19..=22) {
        complain(&interp.state, io, "kill", "stopping a job is not supported here (its work cannot be suspended)")
            .await;
        return Ok(1);
    }
    if words.is_empty() {
        // A usage line alone, without the shell's prefix (bash's `builtin_usage`).
        let usage = "kill: usage: kill [-s sigspec | -n signum | -sigspec] pid | jobspec ... or kill -l [sigspec]\n";
        let _ = io.stderr().write_text(usage).await;
        return Ok(crate::status::USAGE);
    }
    // `kill -SIG $$`: the shell signals itself; its trap runs, or the signal's default action
    // ends it (128+N), as bash's does. Other operands are jobs.
    let me = std::process::id().to_string();
    let others: Vec<String> = words.iter().filter(|word| **word != me).cloned().collect();
    let mut status = 0;
    if !others.is_empty() {
        status = super::jobs::kill_jobs(interp, signal, &others, io).await;
    }
    if others.len() < words.len() && signal != 0 {
        let name = crate::signals::name(signal).unwrap_or_default();
        match interp.state.traps.get(&name).cloned() {
            Some(action) if action.is_empty() => {}
            Some(action) => drop(interp.run_trap_returning(&action, io, 1).await?),
            // CHLD, CONT, URG and WINCH are ignored by default.
            None if matches!(signal, 17 | 18 | 23 | 28) => {}
            None => return Err(Flow::Exit(128 + signal as Status)),
        }
    }
    Ok(status)
}

/// Attribute flags of the declaration commands.
#[derive(Default, Clone)]
struct DeclFlags {
    set: Vec<(char, bool)>,
    print: bool,
    functions: bool,
    /// `-F`: function names, not their bodies.
    names_only: bool,
    global: bool,
    /// `-I`: a local made starts with the value and attributes of what it hides.
    inherit: bool,
    /// `readonly -n` (bash takes the letter, unlisted): the names are assigned but not made
    /// readonly, and one already readonly stays so.
    undo: bool,
    /// How many times an operand was declared again as the name a reference holds (bash's
    /// `restart_new_var_name`): bounded, so no chain of element references loops.
    restarts: u8,
}

impl DeclFlags {
    /// True when `-LETTER` is given.
    fn wants(&self, letter: char) -> bool {
        self.set.iter().any(|&(c, on)| c == letter && on)
    }

    /// True when `+LETTER` is given.
    fn unwants(&self, letter: char) -> bool {
        self.set.iter().any(|&(c, on)| c == letter && !on)
    }

    /// The same flags without `-n`/`+n` (and only `-a`, `-A`, `-i`, `-l`, `-u`, `-c` for
    /// `only_value`: the ones bash's declaration of a compound assignment's name takes).
    fn without_reference(&self, only_value: bool) -> DeclFlags {
        let mut flags = self.clone();
        flags.set.retain(|&(c, on)| c != 'n' && (!only_value || on && matches!(c, 'a' | 'A' | 'i' | 'l' | 'u' | 'c')));
        flags
    }
}

/// What `declare` does with an operand a name reference is part of
/// ([`Interp::declare_through`]).
enum Through {
    /// Done (refused, or the reference itself declared): the status.
    Done(Status),
    /// Declare this operand instead, with these flags, as an operand that is no reference;
    /// then take the reference attribute from `unreference` (`declare +n ref=v`).
    Act(Box<Retarget>),
}

/// An operand to declare in place of one whose reference led elsewhere ([`Through::Act`]).
struct Retarget {
    target: Target,
    flags: DeclFlags,
    make_local: bool,
    unreference: Option<String>,
}

/// A declaration command reached with expanded arguments (`command local …`, `builtin declare …`).
async fn declaration(interp: &mut Interp, argv: Vec<String>, io: &Io) -> ExecResult {
    let mut words = vec![Word::literal(&argv[0])];
    words.extend(argv[1..].iter().map(|arg| Word::quoted(arg)));
    interp.exec_declaration(&words, None, io).await
}

impl Interp {
    /// Expands a declaration's assignment word (its value and subscript) ahead of the
    /// assignments: every word is expanded before the first is assigned, as bash expands a
    /// command's words before running it (`local x=1 y=$x` gives `y` the `x` of before;
    /// `export A=1 v=$(cmd)` runs `cmd` without `A` exported).
    pub(crate) async fn pre_expand_assign(&mut self, assign: &mut Assign, io: &Io) -> Result<(), Flow> {
        if let AssignValue::Scalar(value) = &assign.value
            && value.static_text().is_none()
        {
            assign.value = AssignValue::Scalar(Word::quoted(&self.expand_assigned(value, io).await?));
        }
        if let Some(index) = &assign.index
            && index.static_text().is_none()
        {
            assign.index = Some(Word::quoted(&self.expand_text(index, io).await?));
        }
        Ok(())
    }

    /// Runs `declare`/`typeset`/`local`/`export`/`readonly` with its unexpanded words.
    /// Runs a declaration command (`declare`, `typeset`, `local`, `export`, `readonly`) of
    /// `words` as written; `trace_io`: `set -x` shows it there as bash does, its words expanded
    /// (the streams from before the command's own redirections, as for any command).
    pub(crate) async fn exec_declaration(&mut self, words: &[Word], trace_io: Option<&Io>, io: &Io) -> ExecResult {
        let traced = trace_io.is_some();
        let command = words[0].as_literal().unwrap_or("declare").to_string();
        if command == "local" && !self.state.vars.in_function() {
            if let Some(trace_io) = trace_io {
                let shown: Vec<String> = words.iter().map(Word::to_string).collect();
                self.trace_line(trace_io, &shown.join(" ")).await;
            }
            complain(&self.state, io, "local", "can only be used in a function").await;
            return Ok(1);
        }
        if words[1..].iter().any(|word| word.as_literal().is_some_and(|text| text.starts_with("PIPESTATUS"))) {
            self.materialize_pipestatus();
        }
        let mut flags = DeclFlags::default();
        let mut targets: Vec<Target> = Vec::new();
        let mut options_done = false;
        // `set -x`'s words: each expanded field, or the target an assignment word names.
        let mut trace: Vec<Result<String, usize>> = Vec::new();
        // `$_` after the command: its last word expanded, an array assignment's name alone
        // (bash).
        let mut last_word = command.clone();
        for word in &words[1..] {
            if let [WordPart::Assign(assign)] = word.parts.as_slice() {
                trace.push(Err(targets.len()));
                let mut assign = assign.as_ref().clone();
                self.pre_expand_assign(&mut assign, io).await?;
                last_word = match &assign.value {
                    AssignValue::Array(_) => assign.name.to_string(),
                    AssignValue::Scalar(value) => {
                        let index =
                            assign.index.as_ref().map(|index| format!("[{}]", index.static_text().unwrap_or_default()));
                        let op = if assign.append { "+=" } else { "=" };
                        format!(
                            "{}{}{op}{}",
                            assign.name,
                            index.unwrap_or_default(),
                            value.static_text().unwrap_or_default()
                        )
                    }
                };
                targets.push(Target::Assign(assign));
                continue;
            }
            for field in self.expand_words(std::slice::from_ref(word), io).await? {
                last_word.clone_from(&field);
                if traced {
                    trace.push(Ok(field.clone()));
                }
                if !options_done && (field.starts_with('-') || field.starts_with('+')) && field.len() > 1 {
                    if field == "--" {
                        options_done = true;
                        continue;
                    }
                    let on = field.starts_with('-');
                    let spec = builtins::lookup(&command).map(|entry| entry.spec);
                    for c in field[1..].chars() {
                        // Each of the five takes its own letters (`export -x` is refused).
                        // `export -a`/`-A` are taken as bash's export takes them, unlisted.
                        // So is `readonly -n`.
                        let unlisted =
                            command == "export" && matches!(c, 'a' | 'A') || command == "readonly" && c == 'n';
                        if let Some(spec) =
                            spec.filter(|spec| !unlisted && !spec.options.iter().any(|opt| opt.short == Some(c)))
                        {
                            let text = spec.refusal_text(&builtins::spec::Misuse::Invalid(c));
                            let _ = io.stderr().write_text(&format!("{}{text}", self.state.diagnostic_prefix())).await;
                            return Ok(crate::status::USAGE);
                        }
                        match c {
                            'p' => flags.print = true,
                            // `+f` names variables: bash's `declare +ft f` leaves the function as it is.
                            'f' => flags.functions |= on,
                            'F' => (flags.functions, flags.names_only) = (true, true),
                            'g' => flags.global = true,
                            'I' => flags.inherit = on,
                            'n' if command == "export" => flags.set.push(('x', false)),
                            'n' if command == "readonly" => flags.undo = true,
                            'a' | 'A' | 'i' | 'r' | 't' | 'x' | 'l' | 'u' | 'c' | 'n' => flags.set.push((c, on)),
                            _ => {
                                complain(&self.state, io, &command, &format!("-{c}: invalid option")).await;
                                return Ok(crate::status::USAGE);
                            }
                        }
                    }
                    continue;
                }
                options_done = true;
                match split_operand(&field) {
                    Some((name, index, append, Some(value))) => {
                        targets.push(Target::Assign(Assign {
                            name: name.into(),
                            index: index.map(subscript_word),
                            append,
                            value: AssignValue::Scalar(Word::quoted(value)),
                            span: Default::default(),
                        }));
                    }
                    _ => targets.push(Target::Name(field)),
                }
            }
        }
        self.state.last_arg = last_word;
        if let Some(trace_io) = trace_io {
            self.trace_declaration(&command, &flags, trace, &mut targets, trace_io, io).await?;
        }
        // bash 5.2's `export -p NAME`/`readonly -p NAME` print nothing: the names are exported
        // or made readonly, as without -p.
        if matches!(command.as_str(), "export" | "readonly") && !targets.is_empty() {
            flags.print = false;
        }
        match command.as_str() {
            "export" => flags.set.push(('x', true)),
            "readonly" if !flags.undo => flags.set.push(('r', true)),
            _ => {}
        }
        if flags.set.iter().any(|&(c, on)| c == 'x' && !on) {
            flags.set.retain(|&(c, on)| !(c == 'x' && on));
        }
        if flags.functions
            && !flags.print
            && !targets.is_empty()
            && matches!(command.as_str(), "declare" | "typeset" | "local")
        {
            return self.declare_functions(&command, &flags, &targets, io).await;
        }
        // `export -f f`, `readonly -f f`: attributes of functions (toolsh has no environment to
        // pass one in); nothing printed, an unknown name refused.
        let attr_letters = flags.set.iter().any(|&(c, _)| matches!(c, 'x' | 'r' | 't'));
        if flags.functions && attr_letters && !targets.is_empty() {
            let mut status = 0;
            for target in &targets {
                // A function may be named `foo=bar`: the operand whole is its name.
                let whole;
                let name = match target {
                    Target::Name(name) => name.as_str(),
                    Target::Assign(assign) => {
                        let value = match &assign.value {
                            AssignValue::Scalar(word) => word.static_text().unwrap_or_default(),
                            AssignValue::Array(_) => String::new(),
                        };
                        whole = format!("{}{}{value}", assign.name, if assign.append { "+=" } else { "=" });
                        whole.as_str()
                    }
                };
                // bash exports no function whose name could not come back from the environment.
                let exporting = flags.set.iter().any(|&(c, on)| c == 'x' && on);
                if exporting && name.contains(['=', '/']) && self.state.functions.contains_key(name) {
                    complain(&self.state, io, &command, &format!("{name}: cannot export")).await;
                    status = 1;
                    continue;
                }
                if !self.state.functions.contains_key(name) {
                    if command != "declare" && command != "typeset" {
                        complain(&self.state, io, &command, &format!("{name}: not a function")).await;
                    }
                    status = 1;
                    continue;
                }
                let mut attrs = self.state.function_attrs.get(name).copied().unwrap_or_default();
                for &(c, on) in &flags.set {
                    match (c, on) {
                        ('x', true) => attrs.exported = true,
                        // bash's `declare +fx` leaves the attribute; `export -n -f` takes it off.
                        ('x', false) if command == "export" => attrs.exported = false,
                        ('r', true) => attrs.readonly = true,
                        ('t', true) => attrs.traced = true,
                        _ => {}
                    }
                }
                self.set_function_attrs(name, attrs);
            }
            return Ok(status);
        }
        if flags.functions {
            // Listed with attributes: the functions having any of them (a letter no function
            // can have, `declare -fi`, lists none).
            let letter = |c: char| flags.set.iter().any(|&(letter, on)| on && letter == c);
            let only = flags.set.iter().any(|&(_, on)| on).then(|| toolsh_core::session::FunctionAttrs {
                exported: letter('x'),
                readonly: letter('r'),
                traced: letter('t'),
            });
            // With -p a name that is no function is said not found, as bash's `show_func_attributes`.
            let missing = flags.print.then_some(command.as_str());
            return self.print_functions(&targets, flags.names_only, only, missing, io).await;
        }
        if targets.is_empty() {
            return self.print_declarations(&command, &flags, io).await;
        }
        if flags.print {
            let mut status = 0;
            let mut out = String::new();
            for target in &targets {
                let name = match target {
                    Target::Name(name) => name.as_str(),
                    Target::Assign(assign) => assign.name.as_str(),
                };
                if name == "DIRSTACK" {
                    // Named, it is computed anew, as a reference computes it.
                    self.state.dirstack_read =
                        std::iter::once(&self.state.cwd).chain(self.state.dir_stack.iter().rev()).cloned().collect();
                }
                let computed = computed_arrays(&self.state);
                let own = computed.iter().find(|(own, _)| *own == name).map(|(_, var)| var);
                match own.or_else(|| self.state.vars.get_raw(name)) {
                    Some(var) => out.push_str(&declare_line(name, var)),
                    None => {
                        // What was listed comes first, as bash's lines are written as it goes.
                        say(io, &std::mem::take(&mut out)).await;
                        complain(&self.state, io, &command, &format!("{name}: not found")).await;
                        status = 1;
                    }
                }
            }
            say(io, &out).await;
            return Ok(status);
        }
        let make_local = command == "local"
            || (!flags.global && self.state.vars.in_function() && matches!(command.as_str(), "declare" | "typeset"));
        // `declare -g` in a function reaches the global variable under a local of its name:
        // the global one is put in place for the declaration and the local put back after.
        let names: Vec<String> = targets
            .iter()
            .map(|target| match target {
                Target::Name(name) => name.split('[').next().unwrap_or(name).to_string(),
                Target::Assign(assign) => assign.name.to_string(),
            })
            .collect();
        let swapped: Vec<String> = if flags.global && self.state.vars.in_function() {
            names.into_iter().filter(|name| self.state.vars.swap_global(name)).collect()
        } else {
            Vec::new()
        };
        let result = self.declare_targets(&command, targets, &flags, make_local, io).await;
        for name in swapped.iter().rev() {
            self.state.vars.swap_global(name);
        }
        result
    }

    /// Declares each of `targets` (the operands of a declaration command).
    async fn declare_targets(
        &mut self,
        command: &str,
        targets: Vec<Target>,
        flags: &DeclFlags,
        make_local: bool,
        io: &Io,
    ) -> ExecResult {
        let mut status = 0;
        for mut target in targets {
            // An assignment word's subscript is expanded here, once, and must then close where
            // it was written to (bash expands the word, then reads `name[sub]=` from it:
            // `declare A[$k]=v` with `k=']'` names no element).
            if let Target::Assign(assign) = &mut target
                && let Some(index) = assign.index.as_ref().filter(|index| index.as_literal().is_none())
            {
                let text = self.expand_string(index, io).await?;
                // Under `assoc_expand_once` the first `]` closes it (bash's `assoc_noexpand`).
                let once = self.state.options.get(OptionKind::Shopt, "assoc_expand_once") == Some(true);
                let bracketed = format!("[{text}]");
                if toolsh_core::vars::skip_subscript(&bracketed, once) + 1 != bracketed.len() {
                    let value = match &assign.value {
                        AssignValue::Scalar(word) => self.expand_string(word, io).await?,
                        AssignValue::Array(_) => String::new(),
                    };
                    let op = if assign.append { "+=" } else { "=" };
                    let shown = format!("`{}{bracketed}{op}{value}': not a valid identifier", assign.name);
                    complain(&self.state, io, command, &shown).await;
                    status = 1;
                    continue;
                }
                if !text.is_empty() {
                    // Expanded once (an empty one is left to the assignment, which says so).
                    assign.index = Some(Word::quoted(&text));
                }
            }
            let name = match &target {
                Target::Name(name) => name.clone(),
                Target::Assign(assign) => assign.name.to_string(),
            };
            if command == "local" && name == "-" && matches!(target, Target::Name(_)) {
                // `local -`: the function's `set` options are put back when it returns.
                let options = self.state.options;
                if let Some(frame) = self.state.frames.last_mut() {
                    frame.set_options.get_or_insert(options);
                }
                continue;
            }
            let bare = name.split('[').next().unwrap_or(&name).to_string();
            // `export` and `readonly` take no subscript (`export 'e[1]=x'`).
            let subscripted = match &target {
                Target::Assign(assign) => assign.index.is_some(),
                Target::Name(_) => name != bare,
            };
            let whole = matches!(command, "export" | "readonly") && subscripted;
            if whole
                || !super::vars::is_name(&bare)
                || matches!(target, Target::Name(_)) && split_operand(&name).is_none()
            {
                let name = match &target {
                    Target::Assign(assign) if whole => {
                        format!("{bare}[{}]", assign.index.as_ref().map(Word::to_string).unwrap_or_default())
                    }
                    _ => name,
                };
                complain(&self.state, io, command, &format!("`{name}': not a valid identifier")).await;
                status = 1;
                continue;
            }
            // A name reference in play (`-n`, `+n`, or the name is one): bash's own steps.
            if matches!(command, "declare" | "typeset" | "local")
                && (flags.set.iter().any(|&(c, _)| c == 'n') || self.state.vars.is_reference(&bare))
            {
                let done = match Box::pin(self.declare_through(command, target, flags, make_local, io)).await? {
                    Through::Done(done) => done,
                    Through::Act(retarget) => {
                        let Retarget { target, flags, make_local, unreference } = *retarget;
                        let done =
                            Box::pin(self.declare_targets(command, vec![target], &flags, make_local, io)).await?;
                        if let Some(reference) = unreference
                            && let Some(var) = self.state.vars.get_raw_mut(&reference)
                        {
                            var.attrs.set(Attrs::NAMEREF, false);
                        }
                        done
                    }
                };
                if done != 0 {
                    status = done;
                }
                continue;
            }
            // `export r`/`readonly r` of a reference that names no variable by a name: bash
            // says so (status 0) and marks nothing.
            if matches!(target, Target::Name(_)) && self.state.vars.is_reference(&bare) {
                let named = match self.state.vars.lead(&bare) {
                    toolsh_core::vars::Lead::To(target) if !super::vars::is_name(target) => Some(target.to_string()),
                    toolsh_core::vars::Lead::Empty(_) => Some(String::new()),
                    _ => None,
                };
                if let Some(named) = named {
                    complain(&self.state, io, command, &format!("`{named}': not a valid identifier")).await;
                    continue;
                }
            }
            // A read-only local of a calling function is hidden by a new local, as bash allows
            // (a read-only global is not).
            let context = self.state.vars.context_of(&bare);
            let shadowed = make_local && context > 0 && context < self.state.vars.depth();
            if !shadowed
                && self.state.vars.get(&bare).is_some_and(|v| v.attrs.has(Attrs::READONLY))
                && (matches!(target, Target::Assign(_)) || flags.set.iter().any(|&(c, on)| c == 'r' && !on))
            {
                // A compound assignment (`declare r=(1)`) is reported as an assignment would
                // be, without the command's name, and so are `export` and `readonly`'s unless an
                // array attribute has them assign a value from text (bash's `-a r='(1)'` path);
                // otherwise `declare`, `typeset` and `local` name themselves.
                let message = format!("{bare}: readonly variable");
                let array_flag = flags.set.iter().any(|&(c, on)| matches!(c, 'a' | 'A') && on);
                let compound =
                    matches!(&target, Target::Assign(assign) if matches!(assign.value, AssignValue::Array(_)));
                if compound && make_local {
                    // A function's own variable refused: the assignment is said (by the
                    // function's name for `local`), then the command, which fails; the line
                    // goes on, as bash's.
                    let who = match self.state.frames.last() {
                        Some(frame) if command == "local" => format!("{}: ", frame.name),
                        _ => String::new(),
                    };
                    let line = format!("{}{who}{message}\n", self.state.diagnostic_prefix());
                    let _ = io.stderr().write_text(&line).await;
                    complain(&self.state, io, command, &message).await;
                } else if compound || matches!(command, "export" | "readonly") && !array_flag {
                    let line = format!("{}{message}\n", self.state.diagnostic_prefix());
                    let _ = io.stderr().write_text(&line).await;
                    if compound {
                        // An assignment error: the rest of the line is dropped, as in bash.
                        return Err(Flow::Discard);
                    }
                } else {
                    complain(&self.state, io, command, &message).await;
                }
                status = 1;
                continue;
            }
            if make_local {
                // The value is expanded before the local hides the variable it may read
                // (`local x=$x`, `local a=("${a[@]}")`).
                if let Target::Assign(assign) = &mut target {
                    // An associative array's keys stay text: `-A`, or a local that inherits one.
                    let inherits = flags.inherit || self.state.options.localvar_inherit;
                    let assoc = flags.set.iter().any(|&(c, on)| c == 'A' && on)
                        || inherits && matches!(self.state.vars.get(&bare).map(|v| &v.value), Some(Value::Assoc(_)));
                    self.expand_before_local(assign, assoc, io).await?;
                }
                self.state.vars.make_local_as(&bare, flags.inherit || self.state.options.localvar_inherit);
            }
            // `declare -A` of an indexed array and `-a` of an associative one are refused
            // (`readonly` and `export` leave the kind as it is); with a value, as an
            // assignment error that drops the rest of the command.
            if matches!(command, "declare" | "typeset" | "local") {
                let kind = self.state.vars.get(&bare).map(|v| &v.value);
                let wants = |flag: char| flags.set.iter().any(|&(c, on)| c == flag && on);
                let unwants = |flag: char| flags.set.iter().any(|&(c, on)| c == flag && !on);
                let refused = match kind {
                    Some(Value::Indexed(_)) if wants('A') => Some("cannot convert indexed to associative array"),
                    Some(Value::Assoc(_)) if wants('a') => Some("cannot convert associative to indexed array"),
                    Some(Value::Indexed(_)) if unwants('a') => Some("cannot destroy array variables in this way"),
                    Some(Value::Assoc(_)) if unwants('A') => Some("cannot destroy array variables in this way"),
                    _ => None,
                };
                if let Some(problem) = refused {
                    // With a value it is an assignment error: outside a function it drops the
                    // rest of the line; inside one bash says it (after the function's name
                    // under -g), then fails the command as below, and the function goes on.
                    if matches!(target, Target::Assign(_)) {
                        let function = self.state.frames.iter().rev().find(|frame| frame.name != "source");
                        let Some(function) = function.map(|frame| frame.name.clone()) else {
                            self.error(io, &format!("{bare}: {problem}")).await;
                            return Err(Flow::Discard);
                        };
                        let named = if flags.global { format!("{function}: ") } else { String::new() };
                        self.error(io, &format!("{named}{bare}: {problem}")).await;
                    }
                    complain(&self.state, io, command, &format!("{bare}: {problem}")).await;
                    status = 1;
                    continue;
                }
            }
            self.apply_attributes(&bare, flags, true);
            if name != bare
                && let Some(var) = self.state.vars.get_raw_mut(&bare)
                && !matches!(var.value, Value::Indexed(_) | Value::Assoc(_))
            {
                // `declare 'a[2]'` makes `a` an array, its value the first element (none yet:
                // listed as declared only).
                var.value = match std::mem::replace(&mut var.value, Value::Unset) {
                    Value::Str(text) => Value::Indexed(std::iter::once((0, text)).collect()),
                    _ => {
                        var.attrs.set(Attrs::INVISIBLE, true);
                        Value::Indexed(Default::default())
                    }
                };
            }
            if let Target::Assign(assign) = &target {
                let mut assign = assign.clone();
                // A value that reads `(…)` once expanded is a compound assignment to an array
                // (`declare -a "b=(x y)"`, `declare -a c=$list`); to a scalar it stays text.
                // `readonly`/`export` read it so only with `-a` or `-A` (`readonly 'a=(1)'` sets
                // element 0 to `(1)`).
                let compound = matches!(command, "declare" | "typeset" | "local")
                    || flags.set.iter().any(|&(c, on)| on && matches!(c, 'a' | 'A'));
                if let AssignValue::Scalar(word) = &assign.value
                    && compound
                    && assign.index.is_none()
                    && matches!(self.state.vars.get(&bare).map(|v| &v.value), Some(Value::Indexed(_) | Value::Assoc(_)))
                {
                    let text = self.expand_assigned(word, io).await?;
                    assign.value = match compound_value(&text) {
                        Some(elements) => AssignValue::Array(elements),
                        None => AssignValue::Scalar(Word::quoted(&text)),
                    };
                }
                // `declare -a x=(…)` on an associative array keeps it associative, and
                // `readonly x=1` must assign before the readonly bit lands.
                let readonly = flags.set.iter().any(|&(c, on)| c == 'r' && on);
                if readonly && let Some(var) = self.state.vars.get_mut(&bare) {
                    var.attrs.set(Attrs::READONLY, false);
                }
                if let AssignValue::Scalar(word) = &assign.value
                    && matches!(self.state.vars.get(&bare).map(|v| &v.value), Some(Value::Indexed(_) | Value::Assoc(_)))
                    && assign.index.is_none()
                    && !flags.set.is_empty()
                {
                    assign.index = Some(Word::literal("0"));
                    let _ = word;
                }
                if !self.assign(&assign, io).await? {
                    status = 1;
                }
                if readonly && let Some(var) = self.state.vars.get_mut(&bare) {
                    var.attrs.set(Attrs::READONLY, true);
                }
            }
        }
        Ok(status)
    }

    /// One operand of `declare`, `typeset` or `local` with a name reference in play (`-n`,
    /// `+n`, or the name is a reference), as bash's `declare_internal` takes it: which
    /// variable it acts on (the reference itself with `-n`, a reference with no value, else
    /// the variable the reference names, declared anew as the name the reference holds when
    /// none exists, a local of that name in a function), and what bash refuses on the way.
    /// The reference's own declaration is done here; a variable that is no reference is
    /// handed back to be declared as any other.
    async fn declare_through(
        &mut self,
        command: &str,
        target: Target,
        flags: &DeclFlags,
        make_local: bool,
        io: &Io,
    ) -> Result<Through, Flow> {
        let (on, off) = (flags.wants('n'), flags.unwants('n'));
        // A compound value (`declare -n r=(…)`, `declare r=(…)` through a reference): bash
        // declares the name with the value's attributes, assigns the array as a statement
        // would, then declares the name with every flag.
        if let Target::Assign(assign) = &target
            && matches!(assign.value, AssignValue::Array(_))
        {
            let name = assign.name.to_string();
            // Expanded first, as bash does, before a local could hide what it reads.
            let mut assign = assign.clone();
            let assoc =
                flags.wants('A') || matches!(self.state.vars.get(&name).map(|v| &v.value), Some(Value::Assoc(_)));
            self.expand_before_local(&mut assign, assoc, io).await?;
            let first = flags.without_reference(true);
            Box::pin(self.declare_targets(command, vec![Target::Name(name.clone())], &first, make_local, io)).await?;
            if !self.assign(&assign, io).await? {
                self.state.last_status = 1;
                return Err(Flow::Discard);
            }
            let done = Box::pin(self.declare_targets(command, vec![Target::Name(name)], flags, make_local, io)).await?;
            return Ok(Through::Done(done));
        }
        // The operand's parts: its name, subscript as written, whether it appends, its value.
        let (name, index, append, value): (String, Option<String>, bool, Option<String>) = match &target {
            Target::Name(field) => match split_operand(field) {
                Some((name, index, _, _)) => (name.to_string(), index.map(str::to_string), false, None),
                None => (field.clone(), None, false, None),
            },
            Target::Assign(assign) => {
                let value = match &assign.value {
                    AssignValue::Scalar(word) => self.expand_assigned(word, io).await?,
                    AssignValue::Array(_) => String::new(),
                };
                (assign.name.to_string(), assign.index.as_ref().map(as_written), assign.append, Some(value))
            }
        };
        let written = match &index {
            Some(index) => format!("{name}[{index}]"),
            None => name.clone(),
        };
        let in_function = self.state.vars.in_function();
        if on {
            if index.is_some() {
                complain(&self.state, io, command, &format!("{written}: reference variable cannot be an array")).await;
                return Ok(Through::Done(1));
            }
            if let Some(value) = &value
                && super::vars::refers_to_itself(&name, value)
            {
                if !in_function {
                    let message = format!("{name}: nameref variable self references not allowed");
                    complain(&self.state, io, command, &message).await;
                    return Ok(Through::Done(1));
                }
                complain(&self.state, io, command, &format!("warning: {name}: circular name reference")).await;
            }
            if let Some(value) = &value
                && !value.is_empty()
                && !append
                && !super::vars::valid_reference(value)
            {
                let message = format!("`{value}': invalid variable name for name reference");
                complain(&self.state, io, command, &message).await;
                return Ok(Through::Done(1));
            }
        }
        let vars = &self.state.vars;
        let readonly = |vars: &toolsh_core::vars::Vars, name: &str| {
            vars.get_raw(name).is_some_and(|v| v.attrs.has(Attrs::READONLY))
        };
        // The variable acted on, and whether it was found (not made by this declaration).
        let mut act: Option<String> = None;
        let mut found = true;
        let mut reference_of: Option<String> = None;
        if make_local {
            let depth = vars.depth();
            // bash's `declare_transform_name`: a local is made for what a reference of this
            // call names, not for the reference.
            let newname = match vars.found_name(&name) {
                _ if on || off => name.clone(),
                None => match vars.last_reference(&name) {
                    Some(reference) if vars.context_of(reference) == depth => {
                        match vars.get_raw(reference).and_then(Var::scalar) {
                            Some(held) if super::vars::is_name(held) => held.to_string(),
                            _ => name.clone(),
                        }
                    }
                    _ => name.clone(),
                },
                Some(found) => match vars.last_reference(&name) {
                    Some(reference) if vars.context_of(reference) != depth => name.clone(),
                    _ => found.to_string(),
                },
            };
            let arrays = flags.wants('a') || flags.wants('A') || index.is_some();
            let chosen = if !arrays && value.is_none() && on {
                match vars.last_reference(&name).map(str::to_string) {
                    Some(reference) if vars.context_of(&reference) == depth => reference,
                    Some(_) => {
                        self.state.vars.make_local_as(&name, flags.inherit || self.state.options.localvar_inherit);
                        name.clone()
                    }
                    None => match vars.found_name(&name).map(str::to_string) {
                        Some(found) if vars.context_of(&found) == depth => found,
                        _ => {
                            self.state.vars.make_local_as(&name, flags.inherit || self.state.options.localvar_inherit);
                            name.clone()
                        }
                    },
                }
            } else {
                self.state.vars.make_local_as(&newname, flags.inherit || self.state.options.localvar_inherit);
                newname
            };
            let holds = self.state.vars.get_raw(&chosen).and_then(Var::scalar).is_some_and(|held| !held.is_empty());
            if off && holds && self.state.vars.is_reference(&chosen) && readonly(&self.state.vars, &chosen) {
                complain(&self.state, io, command, &format!("{name}: readonly variable")).await;
                return Ok(Through::Done(1));
            }
            act = Some(chosen);
        }
        let vars = &self.state.vars;
        if act.is_none() {
            if on {
                act = vars.is_reference(&name).then(|| name.clone());
            } else if off {
                // The reference's attribute goes; anything else acts on what it names.
                if let Some(reference) = filled_reference(vars, &name) {
                    if readonly(vars, &reference) {
                        complain(&self.state, io, command, &format!("{name}: readonly variable")).await;
                        return Ok(Through::Done(1));
                    }
                    if value.is_none() && flags.set.iter().all(|&(c, on)| c == 'n' && !on) {
                        if let Some(var) = self.state.vars.get_raw_mut(&reference) {
                            var.attrs.set(Attrs::NAMEREF, false);
                        }
                        return Ok(Through::Done(0));
                    }
                    let held = vars.get_raw(&reference).and_then(Var::scalar).unwrap_or_default();
                    act = vars.found_name(held).map(str::to_string);
                    reference_of = Some(reference);
                }
            } else if value.is_some() && index.is_some() && vars.is_reference(&name) {
                // `declare r[1]=v` of a reference: it becomes the array.
                self.state.vars.drop_reference(&name);
                self.error(io, &format!("warning: {name}: removing nameref attribute")).await;
                let mut flags = flags.clone();
                flags.restarts = u8::MAX;
                return Ok(Through::Act(Box::new(Retarget { target, flags, make_local: false, unreference: None })));
            }
        }
        let vars = &self.state.vars;
        if act.is_none()
            && (!flags.set.is_empty() || flags.global || value.is_some())
            && let Some(reference) = filled_reference(vars, &name)
        {
            let held = vars.get_raw(&reference).and_then(Var::scalar).unwrap_or_default().to_string();
            match vars.found_name(&held) {
                Some(found) => act = Some(found.to_string()),
                None if flags.restarts < 2 => {
                    // bash declares the name the reference holds instead.
                    if off && let Some(var) = self.state.vars.get_raw_mut(&reference) {
                        var.attrs.set(Attrs::NAMEREF, false);
                    }
                    let mut text = held.clone();
                    if let Some(index) = &index {
                        text.push_str(&format!("[{index}]"));
                    }
                    if let Some(value) = &value {
                        text.push_str(if append { "+=" } else { "=" });
                        text.push_str(value);
                    }
                    let target = match split_operand(&text) {
                        Some((name, index, append, Some(value))) => Target::Assign(Assign {
                            name: name.into(),
                            index: index.map(subscript_word),
                            append,
                            value: AssignValue::Scalar(Word::quoted(value)),
                            span: Default::default(),
                        }),
                        Some(_) if value.is_none() => Target::Name(text),
                        _ => {
                            complain(&self.state, io, command, &format!("`{text}': not a valid identifier")).await;
                            return Ok(Through::Done(1));
                        }
                    };
                    let mut flags = flags.clone();
                    flags.restarts += 1;
                    return Ok(Through::Act(Box::new(Retarget { target, flags, make_local, unreference: None })));
                }
                None => {}
            }
            reference_of = Some(reference);
        }
        let vars = &self.state.vars;
        let act = match act {
            Some(act) => act,
            None => match vars.lead(&name) {
                toolsh_core::vars::Lead::Circular { .. } => {
                    // bash warns and declares nothing.
                    self.error(io, &format!("warning: {name}: circular name reference")).await;
                    return Ok(Through::Done(0));
                }
                toolsh_core::vars::Lead::To(target) if vars.get_raw(target).is_some() => target.to_string(),
                toolsh_core::vars::Lead::To(target) if super::vars::is_name(target) => {
                    found = false;
                    target.to_string()
                }
                _ => {
                    // A reference with no value: bash binds one that no declaration touched
                    // yet ("invisible"), nothing once one did (its attributes stay as they are).
                    if let Some(var) =
                        vars.get_raw(&name).filter(|v| v.attrs.has(Attrs::NAMEREF) && v.scalar().is_none())
                        && !on
                        && !off
                    {
                        if !var.attrs.has(Attrs::INVISIBLE) {
                            return Ok(Through::Done(0));
                        }
                        if value.is_some()
                            && let Some(var) = self.state.vars.get_raw_mut(&name)
                        {
                            var.attrs.set(Attrs::INVISIBLE, false);
                        }
                    }
                    let vars = &self.state.vars;
                    found = vars.get_raw(&name).is_some_and(|v| !v.attrs.has(Attrs::NAMEREF));
                    name.clone()
                }
            },
        };
        let own = on || self.state.vars.is_reference(&act);
        if !own {
            // A variable that is no reference: declared as any other operand.
            let target = match target {
                Target::Name(_) => Target::Name(match &index {
                    Some(index) => format!("{act}[{index}]"),
                    None => act.clone(),
                }),
                Target::Assign(mut assign) => {
                    assign.name = act.as_str().into();
                    if let Some(value) = &value {
                        assign.value = AssignValue::Scalar(Word::quoted(value));
                    }
                    Target::Assign(assign)
                }
            };
            let mut flags = flags.without_reference(false);
            flags.restarts = u8::MAX;
            return Ok(Through::Act(Box::new(Retarget {
                target,
                flags,
                make_local,
                unreference: reference_of.filter(|_| off),
            })));
        }
        // The reference itself (`-n`, or one with no value yet).
        let var = self.state.vars.get_raw(&act).cloned();
        let is_array = matches!(var.as_ref().map(|v| &v.value), Some(Value::Indexed(_) | Value::Assoc(_)));
        if found && let Some(var) = &var {
            let held = var.scalar().map(str::to_string);
            let problem = if on && is_array {
                Some(format!("{name}: reference variable cannot be an array"))
            } else if !on
                && !off
                && var.attrs.has(Attrs::NAMEREF)
                && value.as_ref().is_some_and(|v| !super::vars::valid_reference(v))
            {
                Some(format!("`{}': invalid variable name for name reference", value.as_deref().unwrap_or_default()))
            } else if on
                && !var.attrs.has(Attrs::NAMEREF)
                && value.is_none()
                && let Some(held) = held.as_ref().filter(|held| !super::vars::valid_reference(held))
            {
                Some(format!("`{held}': invalid variable name for name reference"))
            } else if on && var.attrs.has(Attrs::READONLY) {
                Some(format!("{name}: readonly variable"))
            } else {
                None
            };
            if let Some(problem) = problem {
                complain(&self.state, io, command, &problem).await;
                return Ok(Through::Done(1));
            }
        }
        if readonly(&self.state.vars, &act) && (flags.unwants('r') || value.is_some()) {
            let who = if value.is_some() { &name } else { &act };
            complain(&self.state, io, command, &format!("{who}: readonly variable")).await;
            return Ok(Through::Done(1));
        }
        if self.state.vars.get_raw(&act).is_none() {
            self.state.vars.insert(&act, Var { value: Value::Unset, attrs: Attrs::default() });
        }
        if on && let Some(var) = self.state.vars.get_raw_mut(&act) {
            // A reference made with no value is "invisible" until a declaration gives it one.
            if value.is_none() && !var.attrs.has(Attrs::NAMEREF) && matches!(var.value, Value::Unset) {
                var.attrs.set(Attrs::INVISIBLE, true);
            }
            // ksh93's rule, bash's too: a reference is no integer and changes no case.
            for attr in [Attrs::INTEGER, Attrs::LOWER, Attrs::UPPER, Attrs::CAPITALIZE] {
                var.attrs.set(attr, false);
            }
        }
        self.apply_attributes(&act, &flags.without_reference(false), false);
        // `-a`/`-A` made it an array: no longer a reference, its value assigned as any.
        let array_now =
            matches!(self.state.vars.get_raw(&act).map(|v| &v.value), Some(Value::Indexed(_) | Value::Assoc(_)));
        if array_now {
            if let Some(var) = self.state.vars.get_raw_mut(&act) {
                var.attrs.set(Attrs::NAMEREF, false);
            }
            if let (Target::Assign(mut assign), Some(value)) = (target, value) {
                assign.name = act.as_str().into();
                assign.value = AssignValue::Scalar(Word::quoted(&value));
                if !self.assign(&assign, io).await? {
                    return Ok(Through::Done(1));
                }
            }
            return Ok(Through::Done(0));
        }
        if let Some(given) = value {
            // The value is taken as the reference's attributes say (bash's
            // `make_variable_value`): `declare -in r=a[0]` evaluates it, and fails.
            let attrs = self.state.vars.get_raw(&act).map(|v| v.attrs).unwrap_or_default();
            let old = self.state.vars.get_raw(&act).and_then(Var::scalar).unwrap_or_default().to_string();
            let value = match (append, attrs.has(Attrs::INTEGER)) {
                (true, true) => (self.arith(&old, io).await?.wrapping_add(self.arith(&given, io).await?)).to_string(),
                (false, true) => self.arith(&given, io).await?.to_string(),
                (true, false) => toolsh_core::vars::apply_case(attrs, old + &given),
                (false, false) => toolsh_core::vars::apply_case(attrs, given.clone()),
            };
            if let Err(err) = self.state.vars.set_reference(&act, value) {
                self.say_notes(io).await;
                match err {
                    toolsh_core::vars::SetError::SelfReference(_) => self.error(io, &err.to_string()).await,
                    // Said only when the value given was no name (bash's own check).
                    _ if super::vars::valid_reference(&given) => {}
                    _ => complain(&self.state, io, command, &format!("`{given}': not a valid identifier")).await,
                }
                if !found {
                    let _ = self.state.vars.unset_raw(&act);
                }
                return Ok(Through::Done(1));
            }
            self.say_notes(io).await;
        }
        if let Some(var) = self.state.vars.get_raw_mut(&act) {
            if on {
                var.attrs.set(Attrs::NAMEREF, true);
            }
            if off {
                var.attrs.set(Attrs::NAMEREF, false);
            }
        }
        if off
            && let Some(reference) = reference_of
            && let Some(var) = self.state.vars.get_raw_mut(&reference)
        {
            var.attrs.set(Attrs::NAMEREF, false);
        }
        Ok(Through::Done(0))
    }

    /// `set -x`'s lines for a declaration command, as bash writes them: each compound
    /// assignment first on a line of its own, its elements expanded (`a=('1' '2 3')`), then
    /// the command with its words expanded and the compound assignments reduced to their
    /// names (`declare -a a`, `local 's=x y'`). The assignments' values are expanded here,
    /// once: the declaration assigns what was traced.
    async fn trace_declaration(
        &mut self,
        command: &str,
        flags: &DeclFlags,
        trace: Vec<Result<String, usize>>,
        targets: &mut [Target],
        trace_io: &Io,
        io: &Io,
    ) -> Result<(), Flow> {
        let quote = |text: &str| format!("'{}'", text.replace('\'', "'\\''"));
        let mut line = vec![command.to_string()];
        // `export` and `readonly` show each scalar assignment again after the command.
        let mut after = Vec::new();
        for item in trace {
            let assign = match item {
                Ok(field) => {
                    line.push(trace_quote(&field));
                    continue;
                }
                Err(idx) => match targets.get_mut(idx) {
                    Some(Target::Assign(assign)) => assign,
                    _ => continue,
                },
            };
            let assoc = flags.set.iter().any(|&(c, on)| c == 'A' && on)
                || matches!(self.state.vars.get(&assign.name).map(|v| &v.value), Some(Value::Assoc(_)));
            self.expand_before_local(assign, assoc, io).await?;
            let mut left = assign.name.to_string();
            if let Some(index) = &assign.index {
                left.push_str(&format!("[{index}]"));
            }
            match &assign.value {
                AssignValue::Scalar(word) => {
                    let value = self.expand_assigned(word, io).await?;
                    let op = if assign.append { "+=" } else { "=" };
                    let text = trace_quote(&format!("{left}{op}{value}"));
                    if matches!(command, "export" | "readonly") {
                        after.push(format!("{left}{op}{}", trace_quote(&value)));
                    }
                    line.push(text);
                }
                AssignValue::Array(elements) => {
                    let mut shown = Vec::with_capacity(elements.len());
                    for element in elements {
                        let value = self.expand_string(&element.value, io).await?;
                        shown.push(match (&element.key, assoc) {
                            (Some(key), true) => {
                                format!("[{}]={}", quote(&self.expand_string(key, io).await?), quote(&value))
                            }
                            _ => quote(&value),
                        });
                    }
                    let op = if assign.append { "+=" } else { "=" };
                    self.trace_line(trace_io, &format!("{left}{op}({})", shown.join(" "))).await;
                    line.push(left);
                }
            }
        }
        // The command's line is shown before its redirections, as any command's; the
        // assignments `export` and `readonly` show again after it, as they are made, behind them.
        self.trace_line(trace_io, &line.join(" ")).await;
        for text in after {
            self.trace_line(io, &text).await;
        }
        Ok(())
    }

    /// Replaces an assignment's value with its expansion, as quoted text that expands to
    /// itself: each element of a compound value (an indexed array's words split, its indices
    /// evaluated; an associative array's keys and values as they are).
    async fn expand_before_local(&mut self, assign: &mut Assign, assoc: bool, io: &Io) -> Result<(), Flow> {
        match &assign.value {
            AssignValue::Scalar(word) => {
                let text = self.expand_assigned(word, io).await?;
                assign.value = AssignValue::Scalar(Word::quoted(&text));
            }
            AssignValue::Array(elements) if assoc => {
                let mut expanded = Vec::with_capacity(elements.len());
                for element in elements {
                    let key = match &element.key {
                        Some(key) => Some(Word::quoted(&self.expand_string(key, io).await?)),
                        None => None,
                    };
                    let value = Word::quoted(&self.expand_string(&element.value, io).await?);
                    expanded.push(crate::ast::ArrayElem { key, append: element.append, value });
                }
                assign.value = AssignValue::Array(expanded);
            }
            AssignValue::Array(elements) => {
                let name = assign.name.to_string();
                let (items, failed) = Box::pin(self.indexed_items(&name, elements, assign.append, false, io)).await?;
                if let Some(flow) = failed {
                    return Err(flow);
                }
                let expanded = items
                    .into_iter()
                    .map(|(index, value)| crate::ast::ArrayElem {
                        key: index.map(|index| Word::quoted(&index.to_string())),
                        append: false,
                        value: Word::quoted(&value),
                    })
                    .collect();
                assign.value = AssignValue::Array(expanded);
            }
        }
        Ok(())
    }

    /// Sets the attributes `flags` name: on the variable a reference names, unless `-n`/`+n`
    /// is among them (then every attribute is the reference's own, as in bash).
    fn apply_attributes(&mut self, name: &str, flags: &DeclFlags, follow: bool) {
        let own = !follow || flags.set.iter().any(|&(c, _)| c == 'n');
        let name = if own { name.to_string() } else { self.state.vars.resolve(name).into_owned() };
        if super::vars::split_element(&name).is_some() {
            return;
        }
        if self.state.vars.get_raw(&name).is_none() {
            self.state.vars.insert(&name, Var { value: Value::Unset, attrs: Attrs::default() });
        }
        let Some(var) = self.state.vars.get_raw_mut(&name) else { return };
        for &(flag, on) in &flags.set {
            match flag {
                'a' if on && !matches!(var.value, Value::Indexed(_) | Value::Assoc(_)) => {
                    var.value = match std::mem::replace(&mut var.value, Value::Unset) {
                        Value::Str(text) => Value::Indexed(std::iter::once((0, text)).collect()),
                        _ => {
                            var.attrs.set(Attrs::INVISIBLE, true);
                            Value::Indexed(Default::default())
                        }
                    };
                }
                'A' if on && !matches!(var.value, Value::Indexed(_) | Value::Assoc(_)) => {
                    var.attrs.set(Attrs::INVISIBLE, matches!(var.value, Value::Unset));
                    // A value is converted as bash converts it: kept at key 0, in a smaller
                    // table than a new array's.
                    var.value = match std::mem::replace(&mut var.value, Value::Unset) {
                        Value::Str(text) => {
                            let mut map = toolsh_core::assoc::Assoc::converted();
                            map.insert("0".to_string(), text);
                            Value::Assoc(map)
                        }
                        _ => Value::Assoc(Default::default()),
                    };
                }
                'i' => var.attrs.set(Attrs::INTEGER, on),
                'n' if !on => var.attrs.set(Attrs::NAMEREF, false),
                'r' => var.attrs.set(Attrs::READONLY, on || var.attrs.has(Attrs::READONLY)),
                'x' => var.attrs.set(Attrs::EXPORT, on),
                't' => var.attrs.set(Attrs::TRACE, on),
                // The three case attributes exclude each other: the last one given holds.
                'l' | 'u' | 'c' => {
                    for (attr, c) in [(Attrs::LOWER, 'l'), (Attrs::UPPER, 'u'), (Attrs::CAPITALIZE, 'c')] {
                        if c == flag {
                            var.attrs.set(attr, on);
                        } else if on {
                            var.attrs.set(attr, false);
                        }
                    }
                }
                _ => {}
            }
        }
        // A variable of a command's temporary environment (`x=1 f`, `f` running `export x`)
        // made exported or read-only outlives the command, as bash's `att_propagate` has it.
        if var.attrs.has(Attrs::TEMPENV) && flags.set.iter().any(|&(c, on)| on && matches!(c, 'x' | 'r')) {
            var.attrs.set(Attrs::PROPAGATE, true);
        }
    }

    /// `declare -f [NAME…]` (definitions) and `declare -F [NAME…]` (names: `declare -f NAME`
    /// for all, the name alone for those asked).
    /// `only`: the attributes a listing of all functions is limited to (`declare -xf`, `export
    /// -f`); a function with attributes is followed by its `declare -fx NAME` line.
    /// Keeps a function's attributes (none kept as no entry).
    fn set_function_attrs(&mut self, name: &str, attrs: toolsh_core::session::FunctionAttrs) {
        let map = Arc::make_mut(&mut self.state.function_attrs);
        if attrs == Default::default() {
            map.remove(name);
        } else {
            map.insert(name.to_string(), attrs);
        }
    }

    /// `declare -f`/`-F` (or `typeset`, `local`) with names, as bash's declare takes them: a
    /// letter no function can have refused first (`-n`, `-i`, `-A`, `-a`, in bash's order of
    /// checking), then each name in turn — `NAME=VALUE` stops all (functions are not made by
    /// assignment), a readonly function keeps its `-r`, the others print (no letters) or take
    /// and lose `-x`, `-r`, `-t`; a name of no function fails, unsaid.
    async fn declare_functions(&mut self, command: &str, flags: &DeclFlags, targets: &[Target], io: &Io) -> ExecResult {
        let on = |c: char| flags.set.iter().any(|&(letter, on)| on && letter == c);
        if let Some(letter) = ['n', 'i', 'A', 'a'].into_iter().find(|&c| on(c)) {
            complain(&self.state, io, command, &format!("-{letter}: invalid option")).await;
            return Ok(1);
        }
        let mut status = 0;
        for target in targets {
            let name = match target {
                Target::Name(name) => name.as_str(),
                Target::Assign(_) => {
                    complain(&self.state, io, command, "cannot use `-f' to make functions").await;
                    return Ok(1);
                }
            };
            if !self.state.functions.contains_key(name) {
                status = 1;
                continue;
            }
            let mut attrs = self.state.function_attrs.get(name).copied().unwrap_or_default();
            if attrs.readonly && flags.set.contains(&('r', false)) {
                complain(&self.state, io, command, &format!("{name}: readonly function")).await;
                status = 1;
                continue;
            }
            if flags.set.is_empty() {
                let shown = std::slice::from_ref(target);
                status = status.max(self.print_functions(shown, flags.names_only, None, None, io).await?);
                continue;
            }
            for &(c, on) in &flags.set {
                match c {
                    'x' => attrs.exported = on,
                    'r' => attrs.readonly |= on,
                    't' => attrs.traced = on,
                    _ => {}
                }
            }
            self.set_function_attrs(name, attrs);
        }
        Ok(status)
    }

    async fn print_functions(
        &mut self,
        targets: &[Target],
        names_only: bool,
        only: Option<toolsh_core::session::FunctionAttrs>,
        missing: Option<&str>,
        io: &Io,
    ) -> ExecResult {
        let mut names: Vec<String> = targets
            .iter()
            .map(|t| match t {
                Target::Name(name) => name.clone(),
                Target::Assign(a) => a.name.to_string(),
            })
            .collect();
        let all = names.is_empty();
        if all {
            names = self.state.functions.keys().cloned().collect();
            names.sort();
        }
        let mut out = String::new();
        let mut status = 0;
        for name in names {
            let attrs = self.state.function_attrs.get(&name).copied().unwrap_or_default();
            if all
                && only.is_some_and(|only| {
                    !(only.exported && attrs.exported || only.readonly && attrs.readonly || only.traced && attrs.traced)
                })
            {
                continue;
            }
            let letters = attrs.letters();
            match self.state.functions.get(&name) {
                Some(_) if names_only && all => out.push_str(&format!("declare -f{letters} {name}\n")),
                Some(_) if names_only => out.push_str(&format!("{name}\n")),
                Some(def) => {
                    out.push_str(&toolsh_syntax::print_bash::function_definition(def, self.print_style()));
                    out.push('\n');
                    if !letters.is_empty() {
                        out.push_str(&format!("declare -f{letters} {name}\n"));
                    }
                }
                None => {
                    if let Some(command) = missing {
                        say(io, &std::mem::take(&mut out)).await;
                        complain(&self.state, io, command, &format!("{name}: not found")).await;
                    }
                    status = 1
                }
            }
        }
        say(io, &out).await;
        Ok(status)
    }

    /// `declare`/`export`/`readonly`/`local` with no name: `declare` alone lists every variable
    /// as `set` does (`name=value`); with attributes, the variables that have any of them
    /// (`-a` and `-A` only arrays of that kind, as bash's `set_or_show_attributes`); with
    /// `-p` alone, every variable; each as a `declare` line.
    async fn print_declarations(&mut self, command: &str, flags: &DeclFlags, io: &Io) -> ExecResult {
        let mut out = String::new();
        let mut wanted: Vec<char> = flags.set.iter().filter(|&&(_, on)| on).map(|&(c, _)| c).collect();
        match command {
            "export" => wanted.push('x'),
            "readonly" => wanted.push('r'),
            _ => {}
        }
        let arrays_only = wanted.contains(&'a');
        let assoc_only = !arrays_only && wanted.contains(&'A');
        let attrs = wanted.iter().fold(Attrs::default(), |mut attrs, &c| {
            if let Some(attr) = attr_of(c) {
                attrs.set(attr, true);
            }
            attrs
        });
        // `-a`/`-A` with no other attribute lists every array of the kind.
        let any_attr = attrs == Attrs::default();
        // `local` lists the current function's variables only, as declarations.
        let names = if command == "local" { self.state.vars.local_names() } else { self.state.vars.names() };
        // The shell's computed arrays are listed among the variables, in name order.
        let computed = if command == "local" { Vec::new() } else { computed_arrays(&self.state) };
        // In POSIX mode `export` and `readonly` name themselves (`export A="1"`).
        let posix_head = self.state.options.posix && matches!(command, "export" | "readonly");
        for (name, var) in crate::builtins::listing::merged(&self.state, names, &computed) {
            if command == "local" {
                out.push_str(&declare_line(&name, var));
                continue;
            }
            if wanted.is_empty() && !flags.print {
                out.push_str(&set_line(&name, var));
                continue;
            }
            if arrays_only && !matches!(var.value, Value::Indexed(_))
                || assoc_only && !matches!(var.value, Value::Assoc(_))
                || !wanted.is_empty() && !any_attr && var.attrs.bits() & attrs.bits() == 0
            {
                continue;
            }
            match posix_head {
                true => out.push_str(&crate::builtins::listing::posix_declare_line(command, &name, var)),
                false => out.push_str(&declare_line(&name, var)),
            }
        }
        say(io, &out).await;
        Ok(0)
    }
}

/// The last reference of `name`'s chain when it holds a name (bash's
/// `find_variable_last_nameref` with no flags: a reference with no value counts for none).
fn filled_reference(vars: &toolsh_core::vars::Vars, name: &str) -> Option<String> {
    let reference = vars.last_reference(name)?;
    let var = vars.get_raw(reference)?;
    var.scalar().is_some_and(|held| !held.is_empty()).then(|| reference.to_string())
}

/// The attribute a `declare` letter sets (`-a`/`-A` are the value's kind, not attributes).
fn attr_of(c: char) -> Option<Attrs> {
    Some(match c {
        'i' => Attrs::INTEGER,
        'n' => Attrs::NAMEREF,
        'r' => Attrs::READONLY,
        't' => Attrs::TRACE,
        'x' => Attrs::EXPORT,
        'l' => Attrs::LOWER,
        'u' => Attrs::UPPER,
        _ => return None,
    })
}

enum Target {
    Name(String),
    Assign(Assign),
}

/// An expanded declaration operand as bash reads it: `name`, `name=value`, `name+=value`,
/// `name[sub]=value` or `name[sub]`: the name, the subscript, whether it appends, the value.
fn split_operand(field: &str) -> Option<(&str, Option<&str>, bool, Option<&str>)> {
    let name_end = field.find(['[', '=', '+']).unwrap_or(field.len());
    let name = &field[..name_end];
    if !super::vars::is_name(name) {
        return None;
    }
    let mut rest = &field[name_end..];
    let mut index = None;
    if rest.starts_with('[') {
        let close = toolsh_core::vars::skip_subscript(rest, false);
        if close >= rest.len() {
            return None;
        }
        index = Some(&rest[1..close]);
        rest = &rest[close + 1..];
    }
    let append = rest.starts_with("+=");
    let rest = rest.strip_prefix('+').unwrap_or(rest);
    match rest.strip_prefix('=') {
        Some(value) => Some((name, index, append, Some(value))),
        None if rest.is_empty() && !append => Some((name, index, false, None)),
        None => None,
    }
}

/// A subscript from an expanded operand or a reference's value, read as bash reads it once
/// more (`a[$i+1]=x` expands `$i`): as the subscript of an assignment word, else as text.
pub(crate) fn subscript_word(text: &str) -> Word {
    let parsed = crate::parser::parse(&format!("_[{text}]=")).ok();
    let index =
        parsed.and_then(|script| match script.body.into_iter().next()?.and_or.first.commands.into_iter().next()? {
            crate::ast::Command::Simple(simple) if simple.words.is_empty() && simple.assigns.len() == 1 => {
                simple.assigns.into_iter().next()?.index
            }
            _ => None,
        });
    index.unwrap_or_else(|| Word::quoted(text))
}

/// A word as it was written (nothing for an empty one), for messages naming a subscript.
pub(crate) fn as_written(word: &Word) -> String {
    if word.parts.is_empty() { String::new() } else { word.to_string() }
}

/// The elements of `(…)`, an expanded value read as a compound assignment, as bash reads one
/// (its words expanded again); `None` for text that is not one.
fn compound_value(text: &str) -> Option<Vec<crate::ast::ArrayElem>> {
    if !(text.starts_with('(') && text.ends_with(')')) {
        return None;
    }
    let script = crate::parser::parse(&format!("_={text}")).ok()?;
    let mut items = script.body.into_iter();
    let item = items.next()?;
    if items.next().is_some() || !item.and_or.rest.is_empty() || item.background {
        return None;
    }
    match item.and_or.first.commands.into_iter().next()? {
        crate::ast::Command::Simple(simple) if simple.words.is_empty() && simple.redirects.is_empty() => {
            match simple.assigns.into_iter().next()?.value {
                AssignValue::Array(elements) => Some(elements),
                AssignValue::Scalar(_) => None,
            }
        }
        _ => None,
    }
}

pub(crate) use crate::builtins::listing::{computed_arrays, computed_pairs, declare_line, dquote, set_line};

/// Quotes a word for `set -x` output the way bash does: a word holding a character the shell
/// reads specially in single quotes (a tab, a newline, a byte that is not UTF-8 and all);
/// else one holding a control character or such a byte as `$'…'`; else as it is (`é`).
pub(crate) fn trace_quote(word: &str) -> String {
    let meta = |c: char| " \t\n'\"\\|&;()<>!{}*[?]^$`".contains(c);
    let quoted = || format!("'{}'", word.replace('\'', "'\\''"));
    if word.is_empty() || word.contains(meta) || word.starts_with(['~', '#']) {
        return quoted();
    }
    if crate::builtins::wants_ansi_c(word) {
        return crate::builtins::ansi_c_quote(word);
    }
    word.to_string()
}

impl Interp {
    /// How functions print (`declare -f`, `type`): bash's POSIX mode drops `function` before a
    /// definition nested in a body.
    fn print_style(&self) -> toolsh_syntax::print_bash::Style {
        toolsh_syntax::print_bash::Style { posix: self.state.options.posix }
    }
}
