//! The interpreter: a [`Shell`] session that runs parsed scripts over a [`Vfs`].
//!
//! Session state ([`State`]: variables, functions, cwd, options, traps) persists across
//! [`Shell::exec`] calls. Subshells and pipeline stages run on a clone of that state, which is
//! cheap because the large parts are shared copy-on-write. Control flow (`break`, `return`,
//! `exit`, fatal errors) travels as the private `Flow` error and never leaves this module.

mod brace;
mod compgen;
mod complete;
mod cond;
mod coproc;
mod exec;
mod expand;
mod history;
mod jobs;
mod keyword;
pub(crate) mod line;
mod notfound;
mod pathsearch;
pub(crate) mod progcomp;
mod redirect;
mod select;
pub(crate) mod sessions;
pub(crate) mod shebang;
pub(crate) mod special;
mod timing;

// The parts of the session the commands share live in toolsh-core; the interpreter names them
// as its own.
use toolsh_core::io::joblog::JobOutput;
pub use toolsh_core::session::{HeldInput, Limits, OnDeadline, Options, Shared, State, Status};
pub use toolsh_core::{arith, glob, io, pattern, session, vars};
pub use toolsh_gate::pace;

use crate::vfs::Vfs;
use futures::future::BoxFuture;
use io::{Capture, Input, Io, Output};
use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};
use vars::Attrs;

/// Non-local control flow out of a command.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Flow {
    /// `break n`
    Break(usize),
    /// `continue n`
    Continue(usize),
    /// `return n`
    Return(Status),
    /// `exit n`, or errexit.
    Exit(Status),
    /// An error that ends the script (its message is already printed).
    Fatal(Status),
    /// An expansion error (bad substitution, arithmetic, a failed assignment; its message is
    /// already printed): as in bash, the rest of the complete command is dropped and the next
    /// one runs, with status 1; a subshell ends with 1.
    Discard,
    /// Output went to a closed pipe: the stage stops.
    SigPipe,
}

pub(crate) type ExecResult = Result<Status, Flow>;

/// An executing shell: session state plus the execution context.
pub(crate) struct Interp {
    state: State,
    shared: Arc<Shared>,
    /// The background jobs (a subshell has a table of its own; a line that may be promoted
    /// shares the session's).
    jobs: Arc<std::sync::Mutex<jobs::JobTable>>,
    /// The status `exit` asked for, once the shell exited.
    exited: Option<Status>,
    /// Above zero inside conditions, where errexit and the ERR trap do not apply.
    errexit_suppressed: u32,
    /// Set when a compound command's redirection failed, for the pipeline that ran it to judge
    /// that failure by errexit as a simple command's (bash), though a compound's own status is
    /// not judged.
    compound_redirect_failed: bool,
    call_depth: usize,
    loop_depth: usize,
    /// Status of the last command substitution of the current command (for `x=$(false)`).
    last_subst_status: Option<Status>,
    /// Nesting of `source`.
    source_depth: usize,
    /// Descriptors made permanent by `exec` without a command.
    exec_io: Option<Io>,
    /// The table the first `exec` without a command was run with, before its redirections:
    /// a descriptor still as it was there is `exec_io`'s (see [`Io::overlaid`]).
    exec_base: Option<Io>,
    /// The table an `exec` without a command runs with, before its redirections.
    exec_outer: Option<Io>,
    /// An `exec` without a command is applying its redirections (it keeps them itself).
    redirecting_exec: bool,
    /// The coprocess this shell started and has not reaped (a child does not own its parent's).
    coproc: Option<coproc::Coproc>,
    /// Commands being executed inside each other (for the stack guard).
    nesting: usize,
    /// Scratch files of process substitutions made for the current command, with the list that
    /// reads each `>(…)` file.
    process_substs: Vec<(String, u32, Option<Box<crate::ast::Script>>)>,
    /// Functions whose body the pre-flight passed in this line: held, so none is dropped and
    /// another put at its address while it is listed here.
    checked_functions: Vec<Arc<crate::ast::FunctionDef>>,
    /// The buffer the next `$_` is written into while its command runs (it then trades places
    /// with the state's, so a command's last word is copied without an allocation).
    spare_last_arg: String,
    /// Inside `command_not_found_handle`: a command it does not find is not found (bash calls
    /// the handler again, without end).
    in_not_found_handler: bool,
    /// Standard input is not the shell's own here: a pipeline's stage reading the stage
    /// before it, or a compound whose input is redirected. A `cmd &` keeps it, where a job
    /// otherwise gets /dev/null without job control (bash's `pipe_in` and `stdin_redir`).
    pub(crate) pipe_in: bool,
    /// The special builtin about to run was named through `command`, which keeps its errors
    /// from ending a POSIX shell (taken by the builtin it reaches, so nothing it runs sees it).
    pub(crate) via_command: bool,
    /// How many command or process substitutions deep this shell runs (`set -x` repeats
    /// `PS4`'s first character once more for each).
    trace_depth: u32,
    /// The expanded value of the last scalar assignment, kept for `set -x` under xtrace.
    traced_value: String,
    /// `$BASH_COMMAND`: the simple command running, kept while a trap is set (a trap's action
    /// reads it; with none set nothing reads it, and the text is not made).
    bash_command: String,
    /// Trap actions running: their commands leave `$LINENO` and `$BASH_COMMAND` at the
    /// command that triggered the trap, as in bash.
    in_trap: u32,
    /// The DEBUG trap's action is running: no DEBUG trap inside it (one runs inside the
    /// other traps' actions, as in bash).
    in_debug_trap: bool,
    /// The ERR trap's action is running: a failure inside it does not run it again (errexit
    /// still applies there, as in bash).
    in_err_trap: bool,
    /// The texts being read a complete command at a time (a script, `source`, `eval`, a
    /// typed line), outermost first counted.
    readers: u32,
    /// How many `fc` re-runs are running (their commands were not read as lines).
    pub(crate) fc_running: u32,
    /// The [`Flow::Discard`] under way goes back to the outermost reader, as bash's jump to
    /// its top level after an arithmetic error in an array subscript does: through `eval` and
    /// `source` it drops the whole complete command the outermost text was running, and it
    /// ends `-c` text.
    to_top_level: bool,
    /// How many subscripts of elements references name are being expanded inside each other
    /// (`declare -n r='a[$r]'` reads `$r` to read `r`): bounded, so such a reference is an
    /// error, not a stack overflow; kept by subshells, so `a[$(echo $r)]` ends too.
    reference_depth: usize,
}

impl Interp {
    /// The aliases the next command read expands: none unless `shopt -s expand_aliases`.
    pub(crate) fn aliases_in_effect(&self) -> Arc<crate::parser::Aliases> {
        // The session's own table when it is empty: no allocation for each command read.
        if self.state.options.expand_aliases || self.state.aliases.is_empty() {
            self.state.aliases.clone()
        } else {
            Arc::default()
        }
    }

    /// An interpreter over `state` with nothing running yet: no jobs, no enclosing loops,
    /// calls or sources; `nesting` is how deep the native stack already is.
    fn fresh(state: State, shared: Arc<Shared>, nesting: usize) -> Interp {
        Interp {
            state,
            shared,
            jobs: jobs::new_table(),
            exited: None,
            errexit_suppressed: 0,
            compound_redirect_failed: false,
            call_depth: 0,
            loop_depth: 0,
            last_subst_status: None,
            source_depth: 0,
            exec_io: None,
            exec_base: None,
            exec_outer: None,
            redirecting_exec: false,
            coproc: None,
            nesting,
            process_substs: Vec::new(),
            checked_functions: Vec::new(),
            spare_last_arg: String::new(),
            in_not_found_handler: false,
            pipe_in: false,
            via_command: false,
            trace_depth: 0,
            traced_value: String::new(),
            bash_command: String::new(),
            in_trap: 0,
            in_debug_trap: false,
            in_err_trap: false,
            readers: 0,
            fc_running: 0,
            to_top_level: false,
            reference_depth: 0,
        }
    }

    /// A copy of this shell, at rest between lines, to run one line that may go on as a job:
    /// the same state, execution and jobs.
    pub(crate) fn for_line(&self) -> Interp {
        let mut line = Interp::fresh(self.state.clone(), self.shared.clone(), 0);
        line.jobs = self.jobs.clone();
        line.exited = self.exited;
        line.exec_io = self.exec_io.clone();
        line.exec_base = self.exec_base.clone();
        line.coproc = self.coproc.clone();
        line
    }

    /// Makes this subshell a new shell, as bash started on a script (`./s.sh`, `bash s.sh`) or
    /// a `-c` text (`script` none) would be: only the exported variables and functions (`export`,
    /// `export -f`, which bash passes in its environment) and the variables a shell sets as it
    /// starts, default options, its own call stack with the script at its bottom.
    pub(crate) fn become_new_shell(&mut self, script: Option<&str>) {
        // Its own text is its outermost.
        self.readers = 0;
        // A new process: the condition its parent runs it in (`bash -c '…' || …`) does not
        // reach inside, so its own `set -e` holds there.
        self.errexit_suppressed = 0;
        self.state.keep_exported_variables();
        let exported = |name: &String| self.state.function_attrs.get(name).is_some_and(|attrs| attrs.exported);
        let mut functions = (*self.state.functions).clone();
        functions.retain(|name, _| exported(name));
        let attrs = functions
            .keys()
            .map(|name| (name.clone(), toolsh_core::session::FunctionAttrs { exported: true, ..Default::default() }))
            .collect();
        self.state.functions = Arc::new(functions);
        self.state.function_attrs = Arc::new(attrs);
        self.state.function_sources = Arc::default();
        self.state.options = Options::default();
        self.state.import_option_variables();
        self.state.frames = Vec::new();
        // A new shell has a history list of its own, empty.
        self.state.history = Arc::default();
        self.state.hist_memory = Default::default();
        // A new shell starts with no trap but the ignored signals, whatever `set -T` passed on.
        self.state.traps = Arc::new(ignored_traps(&self.state.traps));
        self.state.ignored_at_entry = ignored_traps(&self.state.traps).into_keys().collect();
        self.state.parent_traps = None;
        // A new process's shell is no subshell of its parent's: `$BASH_SUBSHELL` starts at 0.
        self.state.subshell_level = 0;
        let file: Arc<str> = Arc::from(script.unwrap_or(""));
        (self.state.source, self.state.main_source) = (file.clone(), file);
        self.state.enter_shell();
    }

    /// A clone of this shell for a subshell or pipeline stage.
    pub fn subshell(&self) -> Interp {
        let mut state = self.state.clone();
        state.subshell_level += 1;
        state.bashpid = Some(0);
        // Each subshell draws its own `$RANDOM` numbers, as bash's reseeded child does.
        static SUBSHELLS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);
        state.reseed_random(SUBSHELLS.fetch_add(1, std::sync::atomic::Ordering::Relaxed));
        // Traps are reset in a subshell, but an ignored signal stays ignored (bash), and the
        // DEBUG and RETURN traps under `set -T` and the ERR trap under `set -E` are inherited.
        state.parent_traps = Some(state.parent_traps.clone().unwrap_or_else(|| state.traps.clone()));
        state.traps = Arc::new(subshell_traps(&state.traps, &state.options));
        Interp {
            state,
            shared: self.shared.clone(),
            jobs: Arc::new(std::sync::Mutex::new(self.job_table().inherited())),
            exited: None,
            errexit_suppressed: self.errexit_suppressed,
            compound_redirect_failed: false,
            call_depth: self.call_depth,
            loop_depth: 0,
            last_subst_status: None,
            source_depth: self.source_depth,
            exec_io: self.exec_io.clone(),
            exec_base: self.exec_base.clone(),
            exec_outer: None,
            redirecting_exec: false,
            coproc: None,
            nesting: self.nesting,
            process_substs: Vec::new(),
            checked_functions: self.checked_functions.clone(),
            spare_last_arg: String::new(),
            in_not_found_handler: self.in_not_found_handler,
            pipe_in: false,
            via_command: false,
            trace_depth: self.trace_depth,
            traced_value: String::new(),
            bash_command: self.bash_command.clone(),
            in_trap: self.in_trap,
            in_debug_trap: self.in_debug_trap,
            in_err_trap: self.in_err_trap,
            // What a reader inside the subshell drops ends the subshell.
            readers: self.readers,
            fc_running: self.fc_running,
            to_top_level: false,
            reference_depth: self.reference_depth,
        }
    }

    /// Counts one dispatched command against the limit.
    pub fn count_command(&self) -> Result<(), Flow> {
        let (count, total) = self.shared.count_command();
        if count > self.state.limits().commands {
            return Err(self.limit_hit("commands", self.state.limits().commands));
        }
        if total > self.state.limits().session_commands {
            return Err(self.limit_hit("commands in this session", self.state.limits().session_commands));
        }
        Ok(())
    }

    /// The flow for a limit that was hit (the message is printed by the top level).
    pub fn limit_hit(&self, name: &str, value: u64) -> Flow {
        Flow::Fatal(self.shared.note_limit(name, value))
    }

    /// `Ok` when a value of `bytes` fits the value-bytes limit (`output-bytes`); else the
    /// limit stops the line, before the value is built.
    pub(crate) fn value_room(&self, bytes: usize) -> Result<(), Flow> {
        let most = self.state.limits().output_bytes;
        if bytes <= most { Ok(()) } else { Err(self.limit_hit("value bytes", most as u64)) }
    }

    /// Ends the line with `status`, `message` printed once by the top level.
    pub(crate) fn stop_with(&self, message: String, status: Status) -> Flow {
        Flow::Fatal(self.shared.note_stop(message, status))
    }

    /// The flow that ends a line its deadline or caller stopped.
    pub fn stopped(&self, stop: pace::Stop) -> Flow {
        Flow::Fatal(self.shared.note_pace_stop(stop))
    }

    /// One step of work (a command dispatched): stops the line past its deadline or once
    /// cancelled, and now and then lets the rest of the runtime run (see [`pace`]).
    pub async fn step(&self) -> Result<(), Flow> {
        if self.state.vars.bytes() > self.state.limits().variable_bytes {
            return Err(self.limit_hit("variable bytes", self.state.limits().variable_bytes as u64));
        }
        self.shared.pace().step().await.map_err(|stop| self.stopped(stop))
    }

    /// The workspace as `command` sees it: content access passes the gate.
    pub fn fs<'a>(&'a self, command: &'a str) -> crate::tools::workspace::Fs<'a> {
        self.shared.shell_fs(command)
    }

    /// Checks a parsed text before it runs: on a certain denial, prints it, records it, and
    /// returns the status (126) to end with; nothing of the text runs.
    pub(crate) async fn preflight(&self, list: &[crate::ast::ListItem], io: &Io) -> Option<Status> {
        let policy = self.shared.gate().policy();
        let check = crate::preflight::Preflight { policy: &policy, tools: self.shared.tools(), cwd: &self.state.cwd };
        let blocked = check.check(list)?;
        self.shared.gate().record_blocked(&blocked);
        let message = format!("toolsh: {blocked}\n");
        let _ = io.stderr().write_text(&message).await;
        Some(crate::status::DENIED)
    }

    /// Checks a part of the text that runs only now it is reached (a branch taken, a loop's
    /// body, a function called, the next command of a script): a certain denial in what it
    /// runs unconditionally stops the line there, saying how many commands ran before it.
    pub(crate) fn reached<T: ?Sized>(
        &self,
        node: &T,
        check: impl FnOnce(&crate::preflight::Preflight<'_>, &T) -> Option<crate::policy::Blocked>,
    ) -> Result<(), Flow> {
        let policy = self.shared.gate().policy();
        let preflight =
            crate::preflight::Preflight { policy: &policy, tools: self.shared.tools(), cwd: &self.state.cwd };
        let Some(mut blocked) = check(&preflight, node) else {
            return Ok(());
        };
        blocked.ran = self.shared.commands_run();
        self.shared.gate().record_blocked(&blocked);
        Err(self.stop_with(blocked.to_string(), crate::status::DENIED))
    }

    /// 126 when the gate refused a call of the shell's own file access since the last check,
    /// else `fallback`.
    pub fn denial_status(&self, fallback: Status) -> Status {
        if self.shared.take_unheard() { crate::status::DENIED } else { fallback }
    }

    pub fn new_pid(&self) -> u32 {
        self.shared.next_pid()
    }
}

/// Polls a future on a stack with room to spare: scripts recurse (functions, `eval`, nested
/// substitutions) and every level adds poll frames, so before polling a level this grows the
/// stack onto the heap when less than `RED_ZONE` is left. The shell then never overflows, on any
/// thread, whatever depth the limits allow.
pub(crate) struct StackGuard<F>(pub F);

const RED_ZONE: usize = 256 * 1024;
/// Nesting of commands below which the stack guard is skipped. Low: a level of a recursive
/// pipeline (`r(){ r|r; }`) took 80–160 KiB of stack in a debug build, so 24 unguarded levels
/// overflowed the 2 MiB stack of a server's worker thread before the guard ever looked.
pub(crate) const GUARDED_DEPTH: usize = 4;
const STACK_GROWTH: usize = 4 * 1024 * 1024;

impl<F: std::future::Future + Unpin> std::future::Future for StackGuard<F> {
    type Output = F::Output;

    fn poll(mut self: std::pin::Pin<&mut Self>, cx: &mut std::task::Context<'_>) -> std::task::Poll<Self::Output> {
        let inner = &mut self.0;
        stacker::maybe_grow(RED_ZONE, STACK_GROWTH, || std::pin::Pin::new(inner).poll(cx))
    }
}

/// The traps a subshell keeps: those that ignore their signal, and those `set -T` (DEBUG,
/// RETURN) and `set -E` (ERR) pass on to it, as bash's children keep.
fn subshell_traps(traps: &HashMap<String, String>, options: &Options) -> HashMap<String, String> {
    let mut kept = ignored_traps(traps);
    let traced = |name: &str| match name {
        "DEBUG" | "RETURN" => options.get(toolsh_core::options::Kind::Set, "functrace") == Some(true),
        "ERR" => options.errtrace,
        _ => false,
    };
    for name in ["DEBUG", "RETURN", "ERR"] {
        if let Some(action) = traps.get(name)
            && traced(name)
        {
            kept.insert(name.to_string(), action.clone());
        }
    }
    kept
}

/// The traps that ignore their signal (`trap '' SIG`), which a subshell keeps.
fn ignored_traps(traps: &HashMap<String, String>) -> HashMap<String, String> {
    traps
        .iter()
        .filter(|(signal, action)| action.is_empty() && !matches!(signal.as_str(), "EXIT" | "DEBUG" | "ERR" | "RETURN"))
        .map(|(k, v)| (k.clone(), v.clone()))
        .collect()
}

/// Runs a command in a subshell built from `state` (what commands use to run commands: the
/// session's [`Shared::run_command`]).
fn run_in_subshell<'a>(state: State, shared: &'a Arc<Shared>, argv: Vec<String>, io: &'a Io) -> BoxFuture<'a, Status> {
    Box::pin(async move {
        if argv.is_empty() {
            return 0;
        }
        let mut sub = Interp::fresh(state, shared.clone(), GUARDED_DEPTH);
        sub.state.subshell_level += 1;
        sub.state.bashpid = Some(0);
        sub.state.parent_traps = Some(sub.state.parent_traps.clone().unwrap_or_else(|| sub.state.traps.clone()));
        sub.state.traps = Arc::new(ignored_traps(&sub.state.traps));
        // A command started by another command runs as its own program would: no functions.
        let result = sub.dispatch_builtin(argv, io).await;
        sub.finish_subshell(result, io).await
    })
}

/// Writes `text` to the spill file `path` (under `/tmp/.out`, made when missing).
fn spill(vfs: &Vfs, path: &str, text: &str) -> Option<String> {
    if !vfs.exists("/tmp/.out") {
        let _ = vfs.mkdir("/tmp");
        vfs.mkdir("/tmp/.out").ok()?;
    }
    vfs.write(path, text.as_bytes(), crate::vfs::WriteMode::Truncate).ok()?;
    Some(path.to_string())
}

/// The captured result of [`Shell::exec`].
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ExecOutcome {
    /// Bytes written to standard output.
    pub stdout: Vec<u8>,
    /// Bytes written to standard error.
    pub stderr: Vec<u8>,
    /// Exit status.
    pub status: Status,
    /// Commands dispatched (0 when nothing ran: a syntax error or a pre-flight denial).
    pub executed: u64,
    /// The policy's refusals during this execution, as the user saw them.
    pub blocked: Vec<String>,
    /// True when output went past the capture limit and was cut.
    pub truncated: bool,
    /// Wall time of the execution.
    pub duration: Duration,
    /// The job the line became when it outran its deadline ([`ExecOptions::on_deadline`]):
    /// it runs on, its output in `/tmp/.jobs/N.log`; the status is then [`crate::status::PROMOTED`].
    pub job: Option<usize>,
}

impl ExecOutcome {
    /// Standard output as text (invalid UTF-8 replaced).
    pub fn stdout_text(&self) -> String {
        toolsh_bytes::lossy(&self.stdout).into_owned()
    }

    /// Standard error as text (invalid UTF-8 replaced).
    pub fn stderr_text(&self) -> String {
        toolsh_bytes::lossy(&self.stderr).into_owned()
    }
}

/// How one [`Shell::exec_with`] runs: its deadline, a way to stop it, and a heartbeat.
#[derive(Default)]
pub struct ExecOptions {
    /// Wall time of this execution: at most the shell's limit (`timeout-ms`), which it is
    /// by default.
    pub timeout: Option<Duration>,
    /// Cancelling it stops the line at its next step; the outcome has status 130 and the
    /// output so far.
    pub cancel: Option<tokio_util::sync::CancellationToken>,
    /// Called every [`ExecOptions::progress_every`] while the line runs.
    pub progress: Option<Box<dyn FnMut(Progress) + Send>>,
    /// Interval of `progress` (default one second).
    pub progress_every: Option<Duration>,
    /// What the deadline does to the line if it is still running then (default: the
    /// session's setting, `config set on-timeout`, which is to stop it).
    pub on_deadline: Option<session::OnDeadline>,
}

/// How a call's line ended, as [`Watch::drive`] saw it.
enum Driven<T> {
    Done(T),
    Cancelled,
    /// Its call's time ran out (only when the line is to be promoted then).
    Due,
}

/// What watches a call's line while it runs: its caller's cancellation and progress callback.
struct Watch {
    cancel: tokio_util::sync::CancellationToken,
    progress: Option<Box<dyn FnMut(Progress) + Send>>,
    every: Duration,
    started: Instant,
    meter: Arc<crate::tools::Meter>,
    stdout: Arc<Capture>,
    stderr: Arc<Capture>,
}

impl Watch {
    /// Runs `run` to its end, its cancellation or `due`, reporting progress as it goes.
    async fn drive<F: std::future::Future + Unpin>(&mut self, run: &mut F, due: Option<Duration>) -> Driven<F::Output> {
        let mut ticks = tokio::time::interval_at(tokio::time::Instant::now() + self.every, self.every);
        let due = tokio::time::sleep(due.unwrap_or(Duration::MAX));
        tokio::pin!(due);
        loop {
            tokio::select! {
                done = &mut *run => return Driven::Done(done),
                () = self.cancel.cancelled() => return Driven::Cancelled,
                () = &mut due => return Driven::Due,
                _ = ticks.tick(), if self.progress.is_some() => {
                    if let Some(progress) = self.progress.as_mut() {
                        let (done, total) = self.meter.get();
                        progress(Progress {
                            elapsed: self.started.elapsed(),
                            stdout_bytes: self.stdout.len(),
                            stderr_bytes: self.stderr.len(),
                            tool: (done > 0 || total.is_some()).then_some((done, total)),
                        });
                    }
                }
            }
        }
    }
}

/// What a progress callback learns.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Progress {
    /// Time since the line started.
    pub elapsed: Duration,
    /// Bytes written to standard output so far.
    pub stdout_bytes: usize,
    /// Bytes written to standard error so far.
    pub stderr_bytes: usize,
    /// What the running tool last reported: done, and of how many when it said.
    pub tool: Option<(u64, Option<u64>)>,
}

/// Builds a [`Shell`].
pub struct ShellBuilder {
    vfs: Vfs,
    cwd: String,
    env: Vec<(String, String)>,
    limits: Limits,
    policy: crate::policy::Policy,
    approver: Option<Arc<dyn crate::tools::Approver>>,
    tools: crate::tools::Registry,
    agent: String,
    session: Option<String>,
    audit_sink: Option<Arc<dyn crate::audit::AuditSink>>,
    store: Option<crate::store::Location>,
    retention: crate::store::Retention,
    /// Namespaces of declared MCP servers whose tools could not be listed: rules naming them
    /// cannot be checked (the failure was reported when the server was mounted).
    unlisted: Vec<String>,
}

impl ShellBuilder {
    /// Uses this workspace (default: all in memory).
    pub fn vfs(mut self, vfs: Vfs) -> Self {
        self.vfs = vfs;
        self
    }

    /// Starts in this directory (default `/`).
    pub fn cwd(mut self, cwd: &str) -> Self {
        self.cwd = crate::vfs::path::normalize("/", cwd);
        self
    }

    /// Adds an exported variable.
    pub fn env(mut self, name: &str, value: &str) -> Self {
        self.env.push((name.to_string(), value.to_string()));
        self
    }

    /// Sets the limits.
    pub fn limits(mut self, limits: Limits) -> Self {
        self.limits = limits;
        self
    }

    /// Uses this policy (default: the `workspace` profile, no rules).
    pub fn policy(mut self, policy: crate::policy::Policy) -> Self {
        self.policy = policy;
        self
    }

    /// Sends `ask` decisions to `approver` (default: nobody, so they are denials).
    pub fn approver(mut self, approver: Arc<dyn crate::tools::Approver>) -> Self {
        self.approver = Some(approver);
        self
    }

    /// Registers a namespace whose tools can change while the shell runs (a mounted MCP
    /// server's): the registry asks it at every lookup. A namespace already registered is refused.
    pub fn tool_source(mut self, source: Arc<dyn crate::tools::ToolSource>) -> crate::Result<Self> {
        self.tools.add_source(source).map_err(crate::Error::Name)?;
        Ok(self)
    }

    /// Declares a host program (see [`crate::host`]): the tool `host.NAME` and, unless a
    /// built-in command has that name (which keeps it), the command `NAME`.
    #[cfg(feature = "host")]
    pub fn host_program(mut self, program: crate::host::HostProgram) -> crate::Result<Self> {
        let alias = crate::builtins::lookup(&program.config().name).is_none();
        self.tools.register(program.into_tool(alias)).map_err(crate::Error::Name)?;
        Ok(self)
    }

    /// Registers an embedder's tool; it becomes a command and passes the same gate.
    pub fn tool(mut self, tool: Arc<dyn crate::tools::Tool>) -> crate::Result<Self> {
        // A name the command table holds would never reach the tool (commands come first):
        // refused here rather than silently shadowed.
        let spec = tool.spec();
        if let Some(taken) =
            std::iter::once(&spec.name).chain(&spec.aliases).find(|n| crate::builtins::lookup(n).is_some())
        {
            return Err(crate::Error::Name(format!("tool '{}': the name '{taken}' is a shell command", spec.name)));
        }
        self.tools.register(tool).map_err(crate::Error::Name)?;
        Ok(self)
    }

    /// The agent this session acts for (default `agent`).
    pub fn agent(mut self, name: &str) -> Self {
        self.agent = name.to_string();
        self
    }

    /// The session id (default: a fresh one).
    pub fn session(mut self, id: &str) -> Self {
        self.session = Some(id.to_string());
        self
    }

    /// Writes audit records to `sink` as well as the in-memory log.
    pub fn audit_sink(mut self, sink: Arc<dyn crate::audit::AuditSink>) -> Self {
        self.audit_sink = Some(sink);
        self
    }

    /// Keeps messages, metadata and the audit log in the SQLite store at `path` (opened on
    /// first use; shared safely with other processes naming the same file).
    pub fn store(self, path: &std::path::Path) -> Self {
        self.store_at(crate::store::Location::File(path.to_path_buf()))
    }

    /// Keeps messages, metadata and the audit log in the store at `location`: a SQLite file
    /// or a PostgreSQL database shared with other processes and machines (opened on first
    /// use; [`crate::store::Store::check`] opens it at once).
    pub fn store_at(mut self, location: crate::store::Location) -> Self {
        self.store = Some(location);
        self
    }

    /// Mounts an MCP server: its tools become `ALIAS.TOOL`, behind the policy like any tool.
    /// The list comes from the store's cache when the builder has a store (set it first) and
    /// it is fresh, else from the server, started now; a server that cannot be listed is an
    /// error naming it. (`toolsh.toml`'s `[mcp.ALIAS]` and `--mcp` declare servers the same way.)
    ///
    /// ```no_run
    /// # fn main() -> toolsh::Result<()> {
    /// let memory = toolsh::mount::ServerConfig::from_flag("memory=npx -y @modelcontextprotocol/server-memory")?;
    /// let shell = toolsh::Shell::builder().mcp_server(memory)?.build();
    /// # Ok(()) }
    /// ```
    #[cfg(feature = "mcp")]
    pub fn mcp_server(self, config: crate::mount::ServerConfig) -> crate::Result<Self> {
        let store = self.store.clone();
        let mut unavailable = None;
        let builder = crate::mount::mount(self, std::slice::from_ref(&config), store.as_ref(), |warning| {
            unavailable = Some(warning.to_string());
        })
        .map_err(crate::Error::Server)?;
        match unavailable {
            Some(warning) => Err(crate::Error::Server(warning)),
            None => Ok(builder),
        }
    }

    /// How much of the audit log the store keeps (default: 30 days, 1,000,000 records).
    pub fn audit_retention(mut self, retention: crate::store::Retention) -> Self {
        self.retention = retention;
        self
    }

    /// Records that the declared server `alias` could not be listed (see `crate::mount`).
    #[cfg_attr(not(feature = "mcp"), allow(dead_code))]
    pub(crate) fn unlisted(mut self, alias: &str) -> Self {
        self.unlisted.push(alias.to_string());
        self
    }

    /// Builds the shell, once every rule and `disable` entry of the policy is found to name a
    /// tool (built in, registered, a host program or a mounted server's): one that names none
    /// — a typo, a command's name, an alias — is the error, naming the rule and what was
    /// probably meant. Add tools, host programs and servers before building.
    pub fn try_build(self) -> crate::Result<Shell> {
        self.tools.check(&self.policy, &self.unlisted, crate::builtins::adapter_of)?;
        Ok(self.build_checked())
    }

    /// Builds the shell. A policy that [`ShellBuilder::try_build`] would refuse makes every
    /// tool call a denial naming the rule at fault, rather than a shell whose rule protects
    /// nothing; prefer `try_build`, which says so before anything runs.
    pub fn build(mut self) -> Shell {
        if let Err(err) = self.tools.check(&self.policy, &self.unlisted, crate::builtins::adapter_of) {
            self.policy.refuse_everything(&err.to_string());
        }
        self.build_checked()
    }

    fn build_checked(self) -> Shell {
        let mut state = State::new(&self.cwd, self.limits);
        // The session's user is the agent (as `id` says); the embedder's variables come after.
        let _ = state.vars.set("USER", self.agent.clone());
        if let Some(var) = state.vars.get_mut("USER") {
            var.attrs.set(Attrs::EXPORT, true);
        }
        for (name, value) in self.env {
            let _ = state.vars.set(&name, value);
            if let Some(var) = state.vars.get_mut(&name) {
                var.attrs.set(Attrs::EXPORT, true);
            }
        }
        // `$SHLVL` counts from the embedder's, as bash's from its environment.
        state.enter_shell();
        state.login_home = Arc::from(state.vars.get_str("HOME").unwrap_or("/"));
        let session = self.session.unwrap_or_else(new_session_id);
        let retention = self.retention;
        let store = self
            .store
            .map(|at| Arc::new(crate::store::Store::open(&at, &self.agent, &session).with_retention(retention)));
        let mut tools = self.tools;
        let policy = self.policy.clone();
        tools.retain(move |name| policy.disabled_by(name).is_none());
        let parts = Parts {
            vfs: Arc::new(self.vfs),
            limits: self.limits,
            tools: Arc::new(tools),
            policy: self.policy,
            approver: self.approver,
            agent: self.agent,
            session,
            audit_sink: self.audit_sink,
            store,
        };
        Shell::assemble(state, parts)
    }
}

/// What a session is made of besides its [`State`]: [`ShellBuilder::build`] makes it from the
/// builder, [`Shell::new_session`] from a running shell.
struct Parts {
    vfs: Arc<Vfs>,
    limits: Limits,
    tools: Arc<crate::tools::Registry>,
    policy: crate::policy::Policy,
    approver: Option<Arc<dyn crate::tools::Approver>>,
    agent: String,
    session: String,
    audit_sink: Option<Arc<dyn crate::audit::AuditSink>>,
    store: Option<Arc<crate::store::Store>>,
}

/// The store the shell lent its session (`Shared::store` holds it as the layers below see it).
pub(crate) fn typed_store(shared: &Shared) -> Option<Arc<crate::store::Store>> {
    shared.store().cloned().and_then(|store| store.into_any().downcast().ok())
}

/// A session id: time and process, unique enough to tell sessions apart in a shared store.
fn new_session_id() -> String {
    // The counter keeps sessions made in the same clock tick apart.
    static MADE: AtomicU64 = AtomicU64::new(0);
    let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos());
    let made = MADE.fetch_add(1, Ordering::Relaxed);
    format!("{:x}-{:x}-{made}", nanos, std::process::id())
}

/// A shell session.
pub struct Shell {
    interp: Interp,
    /// Outputs kept whole for models (`/tmp/.out/N.log`).
    spills: u64,
}

/// `10 min`, `90 s`, `1.5 s`: a bound as a model reads it.
fn spoken_duration(time: Duration) -> String {
    let secs = time.as_secs();
    if time.subsec_millis() == 0 && secs >= 60 && secs.is_multiple_of(60) {
        format!("{} min", secs / 60)
    } else if time.subsec_millis() == 0 {
        format!("{secs} s")
    } else {
        format!("{} s", time.as_secs_f64())
    }
}

/// A session that ends takes its background jobs with it: an MCP session closed by its client
/// leaves nothing running (jobs are tasks on the server's runtime, which would outlive it).
impl Drop for Shell {
    fn drop(&mut self) {
        self.interp.job_table().stop_all();
        // Jobs subshells started, which no table of this shell lists.
        self.interp.shared.stop_jobs();
    }
}

impl Shell {
    /// Starts building a shell.
    pub fn builder() -> ShellBuilder {
        ShellBuilder {
            vfs: Vfs::in_memory(),
            cwd: "/".to_string(),
            env: Vec::new(),
            limits: Limits::default(),
            policy: crate::policy::Policy::default(),
            approver: None,
            tools: toolsh_tools::registry(),
            agent: "agent".to_string(),
            session: None,
            audit_sink: None,
            store: None,
            retention: crate::store::Retention::default(),
            unlisted: Vec::new(),
        }
    }

    fn assemble(state: State, parts: Parts) -> Shell {
        let audit = Arc::new(crate::audit::Audit::new(&parts.session, &parts.agent));
        if let Some(sink) = &parts.audit_sink {
            audit.attach(sink.clone());
        } else if let Some(store) = &parts.store {
            audit.attach(store.clone());
        }
        let pace: Arc<toolsh_gate::pace::Pace> = Arc::default();
        let shared = Arc::new(Shared::new(toolsh_core::session::SharedParts {
            vfs: parts.vfs,
            limits: parts.limits,
            tools: parts.tools,
            gate: Arc::new(crate::tools::Gate::new(parts.policy, parts.approver, audit).with_pace(pace.clone())),
            pace,
            agent: parts.agent,
            store: parts.store.map(|store| store as Arc<dyn toolsh_gate::StoreHandle>),
            audit_sink: parts.audit_sink,
            run_command: run_in_subshell,
        }));
        Shell { interp: Interp::fresh(state, shared, 0), spills: 0 }
    }

    /// A new session beside this one, for a server holding many (one per client): the same
    /// workspace, tools, policy, store and limits; its own copy of this shell's variables,
    /// functions and cwd as they are now, its own in-memory `/tmp`, session id and audit
    /// trail. `ask` decisions go to `approver` (none: denied).
    pub fn new_session(&self, approver: Option<Arc<dyn crate::tools::Approver>>) -> Shell {
        self.new_session_as(self.interp.shared.agent(), approver)
    }

    /// [`Shell::new_session`] acting for `agent` (a timer's owner, run by `toolsh serve`):
    /// the store's messages, metadata, timers and sessions are that agent's.
    pub fn new_session_as(&self, agent: &str, approver: Option<Arc<dyn crate::tools::Approver>>) -> Shell {
        self.new_session_under(agent, approver, None)
    }

    /// [`Shell::new_session_as`] for a timer's run: with `carried` (the policy the timer was
    /// scheduled under, [`crate::policy::Policy::carried`]) joined to this shell's, so each
    /// call is decided by both and the strictest decision holds.
    pub fn new_session_under(
        &self,
        agent: &str,
        approver: Option<Arc<dyn crate::tools::Approver>>,
        carried: Option<&str>,
    ) -> Shell {
        let shared = &self.interp.shared;
        let mut policy = (*shared.gate().policy()).clone();
        if let Some(carried) = carried {
            policy.join(carried);
        }
        let session = new_session_id();
        let mut state = self.interp.state.clone();
        state.reset_limits();
        state.traps = Arc::default();
        state.last_background = None;
        let parts = Parts {
            vfs: Arc::new(shared.vfs().with_private_tmp()),
            limits: *shared.ceiling(),
            tools: shared.tools().clone(),
            policy,
            approver,
            agent: agent.to_string(),
            store: typed_store(shared).map(|store| Arc::new(store.for_agent_session(agent, &session))),
            session,
            audit_sink: shared.audit_sink().cloned(),
        };
        Shell::assemble(state, parts)
    }

    /// Runs `src` and captures its output.
    pub async fn exec(&mut self, src: &str) -> ExecOutcome {
        self.exec_with(src, ExecOptions::default()).await
    }

    /// Runs `src` with a deadline, a cancellation token and a progress callback.
    ///
    /// ```
    /// # fn main() -> Result<(), Box<dyn std::error::Error>> {
    /// use std::time::Duration;
    /// use toolsh::{ExecOptions, Shell};
    /// let runtime = tokio::runtime::Builder::new_current_thread().enable_time().build()?;
    /// let mut shell = Shell::builder().build();
    /// runtime.block_on(async {
    ///     // A deadline: the partial output is kept and the status is 124.
    ///     let options = ExecOptions { timeout: Some(Duration::from_millis(50)), ..Default::default() };
    ///     let out = shell.exec_with("echo started; sleep 5; echo never", options).await;
    ///     assert_eq!((out.stdout_text().as_str(), out.status), ("started\n", 124));
    ///     // Cancellation from elsewhere: status 130.
    ///     let cancel = tokio_util::sync::CancellationToken::new();
    ///     let trigger = cancel.clone();
    ///     tokio::spawn(async move {
    ///         tokio::time::sleep(Duration::from_millis(20)).await;
    ///         trigger.cancel();
    ///     });
    ///     let out = shell.exec_with("sleep 5", ExecOptions { cancel: Some(cancel), ..Default::default() }).await;
    ///     assert_eq!(out.status, 130);
    /// });
    /// # Ok(())
    /// # }
    /// ```
    pub async fn exec_with(&mut self, src: &str, mut options: ExecOptions) -> ExecOutcome {
        // Each call is a line of a session that outlives it: an `exit` of an earlier call
        // ended that call's line (its EXIT trap ran then, once), not the session, so this
        // call's status is its own (docs/agents.md, "exit in a session").
        self.interp.exited = None;
        let limit = self.interp.state.limits().output_bytes;
        let stdout = Capture::new(limit);
        let stderr = Capture::new(limit);
        let started = Instant::now();
        self.interp.shared.gate().take_blocked();
        let cancel = options.cancel.take().unwrap_or_default();
        // What a tool of this line reports, from nothing.
        self.interp.shared.meter().set(0, None);
        let mut watch = Watch {
            cancel: cancel.clone(),
            progress: options.progress.take(),
            every: options.progress_every.unwrap_or(Duration::from_secs(1)),
            started,
            meter: self.interp.shared.meter().clone(),
            stdout: stdout.clone(),
            stderr: stderr.clone(),
        };
        // A caller's timeout shortens the session's wall time, never lengthens it.
        let limit = self.interp.state.limits().wall_time;
        let wall_time = match (options.timeout, limit) {
            (Some(asked), Some(limit)) => Some(asked.min(limit)),
            (asked, limit) => asked.or(limit),
        };
        let on_deadline = options.on_deadline.unwrap_or(self.interp.state.on_deadline);
        let mut promoted = None;
        let status = match wall_time.filter(|_| on_deadline == session::OnDeadline::Background) {
            None => {
                let io = Io::new(Input::null(), Output::Capture(stdout.clone()), Output::Capture(stderr.clone()));
                let ended = {
                    let run = self.interp.run_line(src, &io, Some(cancel.clone()), wall_time);
                    tokio::pin!(run);
                    watch.drive(&mut run, None).await
                };
                match ended {
                    Driven::Done(status) => status,
                    Driven::Cancelled | Driven::Due => self.cancelled(&io).await,
                }
            }
            Some(due) => {
                // The line runs on a copy of the shell it can take along if its time runs out:
                // finished in time, the copy is the shell; promoted, the shell is as it was.
                let (out, err) = (
                    JobOutput::new(Output::Capture(stdout.clone()), None),
                    JobOutput::new(Output::Capture(stderr.clone()), None),
                );
                let io = Io::new(Input::null(), Output::Job(out.clone()), Output::Job(err.clone()));
                let mut line = self.interp.for_line();
                // Promoted, it runs on to its own bound (never shorter than the call's time).
                let limit = line.state.limits().promoted_time.map(|bound| bound.max(due));
                let (text, line_io, line_cancel) = (src.to_string(), io.clone(), cancel.clone());
                let mut run: BoxFuture<'static, (Interp, Status)> = Box::pin(async move {
                    let status = line.run_line(&text, &line_io, Some(line_cancel), limit).await;
                    (line, status)
                });
                match watch.drive(&mut run, Some(due)).await {
                    Driven::Done((line, status)) => {
                        self.interp = line;
                        status
                    }
                    Driven::Cancelled => self.cancelled(&io).await,
                    Driven::Due => match self.promote(src, run, [(&stdout, &out), (&stderr, &err)]) {
                        Ok((id, so_far)) => {
                            promoted = Some((id, so_far));
                            crate::status::PROMOTED
                        }
                        Err(why) => {
                            let message = format!("toolsh: limit exceeded: wall time; {why}\n");
                            let _ = io.stderr().write_text(&message).await;
                            self.interp.state.last_status = crate::status::LIMIT;
                            crate::status::LIMIT
                        }
                    },
                }
            }
        };
        let (job, [stdout_bytes, mut stderr_bytes]) = match promoted {
            Some((id, so_far)) => (Some(id), so_far),
            None => (None, [stdout.take_sealed(), stderr.take_sealed()]),
        };
        if let Some(id) = job {
            let path = toolsh_core::io::joblog::path(id);
            let bound = match self.interp.state.limits().promoted_time {
                Some(bound) => format!(
                    "; it is stopped {} after it started",
                    spoken_duration(bound.max(wall_time.unwrap_or_default()))
                ),
                None => String::new(),
            };
            let notice = format!(
                "[still running as job %{id}; output continues in {path} — 'wait %{id}' or 'jobs -o %{id}' to collect, 'kill %{id}' to stop it{bound}]\n"
            );
            stderr_bytes.extend_from_slice(notice.as_bytes());
        }
        ExecOutcome {
            truncated: stdout.overflowed() || stderr.overflowed(),
            stdout: stdout_bytes,
            stderr: stderr_bytes,
            status,
            executed: self.interp.shared.commands_run(),
            blocked: self.interp.shared.gate().take_blocked(),
            duration: started.elapsed(),
            job,
        }
    }

    /// A line dropped while it waited: what it did is still on record, and its status is 130.
    async fn cancelled(&mut self, io: &Io) -> Status {
        let _ = io.stderr().write_all(b"toolsh: cancelled; the line was stopped\n").await;
        self.interp.shared.pace().end();
        self.interp.shared.take_stop();
        let _ = self.interp.shared.gate().audit().flush();
        self.interp.state.last_status = crate::status::CANCELLED;
        crate::status::CANCELLED
    }

    /// Makes the line `run` (which outran its call) a background job: what it printed so far
    /// starts its log and stays the call's output, what it prints from now on goes to the log
    /// alone; it keeps its execution (its deadline now the job's limit, no caller to cancel
    /// it) and the shell takes a new one. The job's number and the output so far, or why it
    /// could not be a job.
    fn promote(
        &mut self,
        src: &str,
        run: BoxFuture<'static, (Interp, Status)>,
        streams: [(&Arc<Capture>, &Arc<JobOutput>); 2],
    ) -> Result<(usize, [Vec<u8>; 2]), String> {
        let (id, pid, log) = match self.interp.enter_job(src.trim()) {
            Ok(entered) => entered,
            Err(_) => {
                let stopped = self.interp.shared.take_stop();
                self.interp.shared.pace().end();
                return Err(format!(
                    "it could not go on as a job ({})",
                    stopped.map_or_else(|| "too many jobs".to_string(), |(message, _)| message)
                ));
            }
        };
        let so_far = streams.map(|(capture, stream)| {
            let bytes = capture.take_sealed();
            log.write(&bytes);
            stream.attach(log.clone());
            bytes
        });
        self.interp.shared.pace().release();
        self.interp.leave_execution();
        self.interp.launch(id, Box::pin(async move { run.await.1 }), log);
        self.interp.state.last_background = Some(pid);
        self.interp.state.last_status = crate::status::PROMOTED;
        Ok((id, so_far))
    }

    /// Runs `src` and renders the result for a model (see [`crate::contract`]): one text block
    /// ending in `[exit N]`, cut to `caps` with the whole output kept in the workspace's
    /// `/tmp/.out/N.log`, named by the marker.
    pub async fn exec_for_model(
        &mut self,
        src: &str,
        caps: crate::contract::Caps,
    ) -> (ExecOutcome, crate::contract::Rendered) {
        self.exec_for_model_with(src, caps, ExecOptions::default()).await
    }

    /// [`Shell::exec_for_model`] with a deadline, a cancellation token and a progress callback.
    pub async fn exec_for_model_with(
        &mut self,
        src: &str,
        caps: crate::contract::Caps,
        options: ExecOptions,
    ) -> (ExecOutcome, crate::contract::Rendered) {
        let outcome = self.exec_with(src, options).await;
        self.spills += 1;
        let path = format!("/tmp/.out/{}.log", self.spills);
        let vfs = self.interp.shared.vfs().clone();
        let text = crate::contract::render(&outcome.stdout, &outcome.stderr, outcome.status, caps, |full| {
            spill(&vfs, &path, full)
        });
        (outcome, text)
    }

    /// Keeps `text` whole in the next `/tmp/.out/N.log` and says where, for a layout that cuts
    /// output the contract did not (a harness's per-stream cap); `None` when it cannot be kept.
    pub fn keep_output(&mut self, text: &str) -> Option<String> {
        self.spills += 1;
        spill(self.interp.shared.vfs(), &format!("/tmp/.out/{}.log", self.spills), text)
    }

    /// Runs `src` with the given streams and returns its status. The whole text is parsed first:
    /// a syntax error runs nothing.
    pub async fn run(&mut self, src: &str, io: &Io) -> Status {
        self.run_paced(src, io, None).await
    }

    /// Runs `src` as bash runs the script file `name`: one complete command at a time, each
    /// parsed and checked by the pre-flight when reached, so the commands before a syntax error
    /// or a denied call run; a syntax error ends the script with status 2.
    pub async fn run_script(&mut self, src: &str, name: &str, io: &Io) -> Status {
        let limit = self.interp.state.limits().wall_time;
        self.interp.run_script(src, name, io, None, limit).await
    }

    /// [`Shell::run`], stopped early by `cancel` at the line's next step.
    async fn run_paced(&mut self, src: &str, io: &Io, cancel: Option<tokio_util::sync::CancellationToken>) -> Status {
        let limit = self.interp.state.limits().wall_time;
        self.interp.run_line(src, io, cancel, limit).await
    }

    /// [`Shell::run`] until `stop` is cancelled (an interrupt): a busy line stops at its next
    /// step, a waiting one is dropped where it stands — its pipeline stages with it — and the
    /// status is [`crate::status::CANCELLED`].
    pub async fn run_until(&mut self, src: &str, io: &Io, stop: tokio_util::sync::CancellationToken) -> Status {
        tokio::select! {
            status = self.run_paced(src, io, Some(stop.clone())) => status,
            () = stop.cancelled() => {
                self.interp.state.last_status = crate::status::CANCELLED;
                crate::status::CANCELLED
            }
        }
    }

    /// The agent this session acts for.
    pub fn agent(&self) -> &str {
        self.interp.shared.agent()
    }

    /// Ends the session: runs the EXIT trap once and returns the final status.
    pub async fn finish(&mut self, io: &Io) -> Status {
        self.interp.finish(io).await
    }

    /// Ends the shell's own descriptors and waits, at most `limit`, for the background jobs
    /// still running (disowned ones too): a process run with `-c` or a script ends only when
    /// they have (see `cli.rs`), since bash's jobs outlive bash and still write to its
    /// streams. Returns whether all ended.
    pub async fn await_jobs(&mut self, limit: Option<std::time::Duration>) -> bool {
        // The shell has ended: the descriptors it made its own close, as its process's do
        // when it exits, so a coprocess sees the end of its input (or that nobody reads it).
        self.interp.coproc = None;
        self.interp.exec_io = None;
        self.interp.exec_base = None;
        let running = self.interp.job_table().still_running();
        if running.is_empty() {
            return true;
        }
        let all = futures::future::join_all(running.iter().map(|run| run.finished()));
        match limit {
            Some(limit) => tokio::time::timeout(limit, all).await.is_ok(),
            None => {
                all.await;
                true
            }
        }
    }

    /// The status `exit` asked for, once the script exited (for [`Shell::exec_with`], the
    /// last call's: the next call starts the session again).
    pub fn exit_status(&self) -> Option<Status> {
        self.interp.exited
    }

    /// Names the script file the session runs: the bottom of its call stack (`BASH_SOURCE`,
    /// `main` in `FUNCNAME`) and the file its commands come from.
    pub fn set_script_file(&mut self, file: &str) {
        self.interp.state.main_source = Arc::from(file);
        self.interp.state.source = Arc::from(file);
    }

    /// The text given with `-c`: `$BASH_EXECUTION_STRING`, as bash sets it.
    pub fn set_execution_string(&mut self, text: &str) {
        self.interp.state.set_var("BASH_EXECUTION_STRING", text.to_string());
    }

    /// Sets `$0` and the positional parameters.
    pub fn set_args(&mut self, arg0: &str, args: Vec<String>) {
        self.interp.state.arg0 = arg0.to_string();
        self.interp.state.positional = Arc::new(args);
    }

    /// The working directory.
    pub fn cwd(&self) -> &str {
        &self.interp.state.cwd
    }

    /// Makes `dir` (absolute, or relative to the working directory) the working directory, as
    /// `cd` does (`PWD` and `OLDPWD` follow); the error says why not, in `cd`'s words.
    pub fn set_cwd(&mut self, dir: &str) -> crate::Result<()> {
        let abs = self.interp.state.abs_path(dir);
        match self.interp.shared.vfs().stat(&abs) {
            Ok(meta) if meta.is_dir() => {
                let old = std::mem::replace(&mut self.interp.state.cwd, abs.clone());
                self.interp.state.set_var("OLDPWD", old);
                self.interp.state.set_var("PWD", abs);
                Ok(())
            }
            Ok(_) => Err(crate::Error::Workspace(format!("cd: {dir}: Not a directory"))),
            Err(err) => Err(crate::Error::Workspace(format!("cd: {dir}: {}", crate::vfs::describe(&err)))),
        }
    }

    /// The workspace.
    pub fn vfs(&self) -> &Vfs {
        self.interp.shared.vfs()
    }

    /// The scalar value of a variable.
    pub fn var(&self, name: &str) -> Option<String> {
        self.interp.state.vars.get_str(name).map(str::to_string)
    }

    /// Sets an exported variable.
    pub fn set_env(&mut self, name: &str, value: &str) {
        let _ = self.interp.state.vars.set(name, value);
        if let Some(var) = self.interp.state.vars.get_mut(name) {
            var.attrs.set(Attrs::EXPORT, true);
        }
    }

    /// The jobs that ended since they were last told, as interactive bash tells them before
    /// its prompt (`[1]+  Done                    make`); each is told once.
    pub fn job_notices(&self) -> String {
        self.interp.job_table().notices()
    }

    /// The number of the session's newest job (`%N`, its output in `/tmp/.jobs/N.log`), if it
    /// has any.
    pub fn last_job(&self) -> Option<usize> {
        self.interp.job_table().jobs().last().map(|job| job.id)
    }

    /// The store, when the shell has one.
    pub fn store(&self) -> Option<Arc<crate::store::Store>> {
        typed_store(&self.interp.shared)
    }

    /// Saves this session to the store as `name` (its agent's): variables, functions,
    /// options, traps, cwd, directory stack, job records and in-memory `/tmp`.
    pub fn save_session(&self, name: &str) -> crate::Result<i64> {
        self.interp.save_session(name).map_err(crate::Error::Session)
    }

    /// [`Shell::save_session`], unless the snapshot is the one whose digest `last` holds (a
    /// line that changed nothing): then nothing is written and the answer is `None`. `last`
    /// becomes the digest of what the store now holds for this shell.
    pub fn save_session_unless(&self, name: &str, last: &mut Option<u64>) -> crate::Result<Option<i64>> {
        self.interp.save_session_unless(name, last).map_err(crate::Error::Session)
    }

    /// Whether any job of the session (disowned ones too) is still running.
    pub fn has_running_jobs(&self) -> bool {
        self.interp.job_table().busy()
    }

    /// How many times the saved session `name` was saved (`None`: there is none): a process
    /// holding the session compares it with the generation it last saved or restored to see
    /// whether another process saved it since.
    pub fn session_generation(&self, name: &str) -> crate::Result<Option<i64>> {
        self.interp.session_generation(name).map_err(crate::Error::Session)
    }

    /// Makes this shell the saved session `name`; `Ok(false)` when there is none. A snapshot
    /// that is damaged or from a newer toolsh is refused (the store's path and the version
    /// named) and nothing changes.
    pub fn restore_session(&mut self, name: &str) -> crate::Result<bool> {
        self.interp.restore_session(name).map_err(crate::Error::Session)
    }

    /// Says what a call's deadline does to a line still running then (what `config set
    /// on-timeout` sets): stop it, or let it go on as a background job.
    pub fn set_on_deadline(&mut self, on_deadline: OnDeadline) {
        self.interp.state.on_deadline = on_deadline;
    }

    /// Sets the wall time of each following execution, as a caller that gives every command
    /// line its own deadline does; never past the session's ceiling (`None` is the ceiling's).
    pub fn set_timeout(&mut self, timeout: Option<Duration>) {
        self.interp.state.clamp_limits(|limits| limits.wall_time = timeout);
    }

    /// The registered tools.
    pub fn tools(&self) -> &crate::tools::Registry {
        self.interp.shared.tools()
    }

    /// The policy's profile.
    pub fn policy_profile(&self) -> crate::policy::Profile {
        self.interp.shared.gate().policy().profile()
    }

    /// Whether the policy denies every call of the tool `name` whatever its arguments (or
    /// switched it off, or there is no such tool).
    pub fn certainly_denied(&self, name: &str) -> bool {
        let policy = self.interp.shared.gate().policy();
        match self.interp.shared.tools().resolve(name) {
            Some(tool) => policy.decide_unknown_subject(tool.spec().facts()).is_some(),
            None => true,
        }
    }

    /// Whether the policy lets any network request through (`net.fetch` is not certainly denied).
    pub fn policy_allows_network(&self) -> bool {
        #[cfg(feature = "net")]
        return self.interp.shared.gate().policy().decide_unknown_subject(crate::tools::net::FETCH).is_none();
        #[cfg(not(feature = "net"))]
        false
    }

    /// Session state (read-only view).
    pub fn state(&self) -> &State {
        &self.interp.state
    }

    /// The history list's lines, oldest first (the console's arrow keys recall these).
    pub fn history_lines(&self) -> Vec<String> {
        self.interp.state.history.entries().iter().map(|entry| entry.line.clone()).collect()
    }

    /// How many lines the history list has had added in this session (a counter that only
    /// grows: what changed since it was last read).
    pub fn history_added(&self) -> usize {
        self.interp.state.history.this_session
    }

    /// Puts `lines` (an earlier run's, oldest first) at the start of the history list, as
    /// bash -i reads its history file.
    pub fn load_history(&mut self, lines: &[String]) {
        Arc::make_mut(&mut self.interp.state.history).load(lines.iter().cloned());
    }

    /// Lowers the most output a line of this session may produce (`output-bytes`) to `bytes`,
    /// never raising it: a caller that keeps only so much has it refused as it streams instead
    /// of gathered whole first.
    pub fn cap_output(&mut self, bytes: usize) {
        self.interp.state.lower_limits(|limits| limits.output_bytes = limits.output_bytes.min(bytes));
    }

    /// Turns a `set -o` or `shopt` option on or off, as those builtins do (`toolsh -e`,
    /// `toolsh -O extglob`); returns whether `name` is one of `kind`'s.
    pub fn set_option(&mut self, kind: toolsh_core::options::Kind, name: &str, on: bool) -> bool {
        let known = self.interp.state.options.set(kind, name, on);
        self.interp.state.sync_option_variables();
        known
    }

    /// Makes the session interactive as bash -i is: aliases are expanded (`shopt -s
    /// expand_aliases`), lines typed are kept in the history list and `!` expands in them
    /// (`set -o history`, `set -H`) and job control is on (`set -m`: `fg`, `bg`), which a script's and an agent's shell leave off.
    pub fn set_interactive(&mut self) {
        self.interp.state.options.expand_aliases = true;
        self.interp.state.options.interactive = true;
        let options = &mut self.interp.state.options;
        options.set(toolsh_core::options::Kind::Set, "history", true);
        options.set(toolsh_core::options::Kind::Set, "histexpand", true);
        options.set(toolsh_core::options::Kind::Set, "monitor", true);
        self.interp.state.sync_option_variables();
    }
}

#[cfg(test)]
mod tests;
