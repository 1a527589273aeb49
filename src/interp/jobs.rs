//! The session's background jobs: the table `jobs`, `wait`, `kill`, `disown` and `ps` read,
//! and how a job starts — from `cmd &`, or a line promoted when its call's time ran out.
//!
//! A job is a task on the runtime with an execution of its own
//! ([`toolsh_core::session::Shared::for_job`]: its own deadline, the `job-timeout-ms` limit,
//! so the next line's deadline never stops it), its output in its log `/tmp/.jobs/N.log`
//! ([`toolsh_core::io::joblog`]) and, while the line that started it is still there, in that
//! line's streams too. A finished job stays in the table, its status shown by `jobs`, until
//! `wait` collects it (bash forgets it once reported: a model coming back in a later call
//! would find nothing); a collected job's status stays known to `wait PID`, as in bash. The
//! table keeps at most [`KEPT_FINISHED`] finished jobs. Every job stops when the session ends.

use super::io::{Io, Output};
use super::{ExecResult, Interp, Status};
use crate::builtins::spec::Opt;
use crate::builtins::{opt, special};
use futures::future::BoxFuture;
use std::collections::VecDeque;
use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, OnceLock};
use std::time::{Duration, Instant, SystemTime};
use tokio::sync::watch;
use toolsh_core::io::joblog::{self, JobLog, JobOutput};

/// Finished jobs the table keeps for `jobs` and `wait`, at most: past it the oldest go.
const KEPT_FINISHED: usize = 256;
/// How long starting a job waits for one of `jobs` running ones to end before the limit stops it.
const SLOT_WAIT: Duration = Duration::from_secs(1);
/// Statuses of collected jobs kept for `wait PID`, as bash keeps those of its children.
const KEPT_STATUSES: usize = 256;

/// A session's (or a subshell's) jobs.
#[derive(Default)]
pub(crate) struct JobTable {
    jobs: Vec<Job>,
    /// Statuses of jobs that left the table, by process id, oldest first.
    reaped: VecDeque<(u32, Status)>,
    /// Jobs `disown` took out of the table, by process id: `kill PID` still reaches them, as
    /// bash's reaches a disowned child, and they still stop with the session.
    disowned: Vec<(u32, Arc<Running>)>,
    /// The session's own table names its logs by job number; a subshell's by process id, so
    /// its `%1` never writes over the session's.
    nested: bool,
    /// A subshell's table starts with its parent's jobs (`kill $(jobs -p)`, `jobs | wc -l`),
    /// which it forgets when it starts one of its own, as bash's subshells do.
    inherited: bool,
}

/// One job in the table.
pub(crate) struct Job {
    pub id: usize,
    pub pid: u32,
    /// Shared: a subshell's table copies its parent's jobs at every pipeline stage.
    pub command: Arc<str>,
    pub log: Option<Arc<JobLog>>,
    pub run: Arc<Running>,
    /// It started under job control (`set -m`): only such a job `fg` and `bg` take.
    pub monitored: bool,
}

/// A job's task, as the table and the task itself see it.
pub(crate) struct Running {
    status: watch::Sender<Option<Status>>,
    /// The signal that ended it, when `kill` did.
    signal: AtomicU32,
    abort: OnceLock<tokio::task::AbortHandle>,
    started: Instant,
    started_at: SystemTime,
    /// Nanoseconds the task spent running (being polled) on the shell's threads.
    busy: AtomicU64,
    ended: Mutex<Option<Instant>>,
    /// Its end was told (the console's notice before a prompt).
    told: std::sync::atomic::AtomicBool,
}

impl Running {
    fn new() -> Arc<Running> {
        Arc::new(Running {
            status: watch::Sender::new(None),
            signal: AtomicU32::new(0),
            abort: OnceLock::new(),
            started: Instant::now(),
            started_at: SystemTime::now(),
            busy: AtomicU64::new(0),
            ended: Mutex::new(None),
            told: std::sync::atomic::AtomicBool::new(false),
        })
    }

    /// A job that ended before this process (a restored session's), with `status`, by
    /// `signal` when one ended it.
    pub fn ended(status: Status, signal: u32) -> Arc<Running> {
        let run = Running::new();
        run.end(status);
        run.signal.store(signal, Ordering::Relaxed);
        run
    }

    /// The signal that ended it (0: none).
    pub fn signal(&self) -> u32 {
        self.signal.load(Ordering::Relaxed)
    }

    /// Records how the job ended; the first ending wins (a job killed as it finished).
    fn end(&self, status: Status) -> bool {
        let first = self.status.send_if_modified(|slot| {
            if slot.is_some() {
                return false;
            }
            *slot = Some(status);
            true
        });
        if first {
            *self.ended.lock().unwrap_or_else(|p| p.into_inner()) = Some(Instant::now());
        }
        first
    }

    /// Its status, once it ended.
    pub fn status(&self) -> Option<Status> {
        *self.status.borrow()
    }

    /// Waits for it to end.
    pub async fn finished(&self) -> Status {
        let mut seen = self.status.subscribe();
        match seen.wait_for(Option::is_some).await {
            Ok(status) => status.unwrap_or(1),
            // The sender is `self`: it cannot be gone while this runs.
            Err(_) => 1,
        }
    }

    /// Ends it as `signal` would end a process (status 128 + the signal).
    pub fn kill(&self, signal: u32) {
        if self.end(128 + signal as Status) {
            self.signal.store(signal, Ordering::Relaxed);
            if let Some(abort) = self.abort.get() {
                abort.abort();
            }
        }
    }

    /// Stops it with the session (as a hangup would).
    fn stop(&self) {
        self.kill(1);
    }

    /// When it ended, if it did.
    pub fn ended_at(&self) -> Option<Instant> {
        *self.ended.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Time since it started, up to its end.
    pub fn elapsed(&self) -> Duration {
        match *self.ended.lock().unwrap_or_else(|p| p.into_inner()) {
            Some(end) => end.duration_since(self.started),
            None => self.started.elapsed(),
        }
    }

    /// Time it spent running on the shell's threads.
    pub fn busy(&self) -> Duration {
        Duration::from_nanos(self.busy.load(Ordering::Relaxed))
    }
}

/// A job's work, its running time counted.
struct Timed {
    work: BoxFuture<'static, Status>,
    run: Arc<Running>,
}

impl std::future::Future for Timed {
    type Output = Status;

    fn poll(mut self: std::pin::Pin<&mut Self>, cx: &mut std::task::Context<'_>) -> std::task::Poll<Status> {
        let start = Instant::now();
        let polled = self.work.as_mut().poll(cx);
        let spent = u64::try_from(start.elapsed().as_nanos()).unwrap_or(u64::MAX);
        self.run.busy.fetch_add(spent, Ordering::Relaxed);
        polled
    }
}

impl JobTable {
    /// The jobs that ended and were not told yet, each as `jobs` lists it; told now.
    pub fn notices(&self) -> String {
        let mut out = String::new();
        for (at, job) in self.jobs.iter().enumerate() {
            if job.run.status().is_some() && !job.run.told.swap(true, Ordering::Relaxed) {
                out.push_str(&format!("[{}]{}  {:<24}{}\n", job.id, self.mark(at), state_word(&job.run), job.command));
            }
        }
        out
    }

    /// The jobs, in the table's order.
    pub fn jobs(&self) -> &[Job] {
        &self.jobs
    }

    /// Replaces the jobs (a restored session's), stopping any that ran.
    pub fn replace(&mut self, jobs: Vec<Job>) {
        for job in &self.jobs {
            job.run.stop();
        }
        self.jobs = jobs;
    }

    /// A subshell's table: its parent's jobs, until it starts one.
    pub fn inherited(&self) -> JobTable {
        let jobs = self
            .jobs
            .iter()
            .map(|job| Job {
                id: job.id,
                pid: job.pid,
                command: job.command.clone(),
                log: job.log.clone(),
                run: job.run.clone(),
                monitored: job.monitored,
            })
            .collect();
        JobTable { jobs, nested: true, inherited: true, ..JobTable::default() }
    }

    /// Whether a job of the table, or one disowned from it, still runs.
    pub fn busy(&self) -> bool {
        self.running() > 0 || self.disowned.iter().any(|(_, run)| run.status().is_none())
    }

    fn running(&self) -> usize {
        self.jobs.iter().filter(|job| job.run.status().is_none()).count()
    }

    /// The jobs still running, disowned ones too.
    pub fn still_running(&self) -> Vec<Arc<Running>> {
        let listed = self.jobs.iter().map(|job| &job.run);
        listed.chain(self.disowned.iter().map(|(_, run)| run)).filter(|run| run.status().is_none()).cloned().collect()
    }

    /// Every job still running, disowned ones too (the session ends them).
    pub fn stop_all(&mut self) {
        for job in &self.jobs {
            job.run.stop();
        }
        for (_, run) in self.disowned.drain(..) {
            run.stop();
        }
    }

    /// The position of the job `spec` names: `%N`, `%+`/`%%`/`%`, `%-`, `%STRING` (the job
    /// whose command starts so), `%?STRING` (contains it), or a process id.
    pub fn find(&self, spec: &str) -> Option<usize> {
        let Some(rest) = spec.strip_prefix('%') else {
            let pid: u32 = spec.parse().ok()?;
            return self.jobs.iter().position(|j| j.pid == pid);
        };
        match rest {
            "" | "+" | "%" => self.jobs.len().checked_sub(1),
            "-" => self.jobs.len().checked_sub(2).or_else(|| self.jobs.len().checked_sub(1)),
            _ => match rest.parse::<usize>() {
                Ok(id) => self.jobs.iter().position(|j| j.id == id),
                // A name that fits several jobs names none (bash: "ambiguous job spec").
                Err(_) => {
                    let fits = |job: &Job| match rest.strip_prefix('?') {
                        Some(part) => job.command.contains(part),
                        None => job.command.starts_with(rest),
                    };
                    let mut fitting = self.jobs.iter().enumerate().filter(|(_, job)| fits(job));
                    match (fitting.next(), fitting.next()) {
                        (Some((at, _)), None) => Some(at),
                        _ => None,
                    }
                }
            },
        }
    }

    /// What `command` says of `spec`, which names no job: bash's words (an ambiguous name
    /// says so first).
    pub fn no_such(&self, prefix: &str, command: &str, spec: &str) -> String {
        let mut said = String::new();
        if let Some(rest) = spec.strip_prefix('%')
            && rest.parse::<usize>().is_err()
            && !matches!(rest, "" | "+" | "%" | "-")
        {
            let word = rest.strip_prefix('?').unwrap_or(rest);
            let fits = |job: &&Job| {
                if rest.starts_with('?') { job.command.contains(word) } else { job.command.starts_with(word) }
            };
            if self.jobs.iter().filter(fits).count() > 1 {
                said.push_str(&format!("{prefix}{command}: {word}: ambiguous job spec\n"));
            }
        }
        said.push_str(&format!("{prefix}{command}: {spec}: no such job\n"));
        said
    }

    /// Keeps `status` for `wait PID` of a process that was never a job: a process
    /// substitution's, whose id `$!` holds.
    pub(crate) fn record_status(&mut self, pid: u32, status: Status) {
        self.reaped.push_back((pid, status));
        if self.reaped.len() > KEPT_STATUSES {
            self.reaped.pop_front();
        }
    }

    /// Takes job `at` out of the table, its status kept for `wait PID`.
    fn reap(&mut self, at: usize) -> Job {
        let job = self.jobs.remove(at);
        if let Some(status) = job.run.status() {
            self.reaped.push_back((job.pid, status));
            if self.reaped.len() > KEPT_STATUSES {
                self.reaped.pop_front();
            }
        }
        job
    }

    /// Job `pid` was waited for: it leaves the table.
    fn collect(&mut self, pid: u32) {
        if let Some(at) = self.jobs.iter().position(|job| job.pid == pid) {
            self.reap(at);
        }
    }

    fn reaped_status(&self, pid: u32) -> Option<Status> {
        self.reaped.iter().rev().find(|(p, _)| *p == pid).map(|(_, status)| *status)
    }

    /// The table's `+` and `-` marks for the job at `at`.
    fn mark(&self, at: usize) -> char {
        match self.jobs.len() - at {
            1 => '+',
            2 => '-',
            _ => ' ',
        }
    }
}

/// A job's state as `jobs` words it, as bash does.
fn state_word(run: &Running) -> String {
    match run.status() {
        None => "Running".to_string(),
        Some(_) if run.signal.load(Ordering::Relaxed) != 0 => describe_signal(run.signal.load(Ordering::Relaxed)),
        Some(0) => "Done".to_string(),
        Some(status) => format!("Exit {status}"),
    }
}

/// What bash says of a job a signal ended (the C library's descriptions).
fn describe_signal(signal: u32) -> String {
    match signal {
        1 => "Hangup",
        2 => "Interrupt",
        3 => "Quit",
        4 => "Illegal instruction",
        6 => "Aborted",
        7 => "Bus error",
        8 => "Floating point exception",
        9 => "Killed",
        10 => "User defined signal 1",
        11 => "Segmentation fault",
        12 => "User defined signal 2",
        13 => "Broken pipe",
        14 => "Alarm clock",
        15 => "Terminated",
        24 => "CPU time limit exceeded",
        25 => "File size limit exceeded",
        26 => "Virtual timer expired",
        27 => "Profiling timer expired",
        29 => "I/O possible",
        30 => "Power failure",
        31 => "Bad system call",
        _ => return format!("Signal {signal}"),
    }
    .to_string()
}

/// The canonical text of a command on one line, as `jobs` shows it (bash: `( a; b )`,
/// `{ a; b; }`, `if x; then y; fi`); one with a here-document keeps its lines.
pub(crate) fn one_line(printed: &str) -> String {
    if printed.contains("<<") {
        return printed.trim_end().to_string();
    }
    let mut out = String::new();
    for part in printed.lines().map(str::trim).filter(|p| !p.is_empty()) {
        let opens = ["(", "{", "if", "elif", "while", "until", "then", "do", "else", "in", "|", "&&", "||", "!"]
            .iter()
            .any(|end| out == *end || out.ends_with(&format!(" {end}")));
        if out.is_empty() {
        } else if opens || part.starts_with(')') {
            out.push(' ');
        } else {
            out.push_str("; ");
        }
        out.push_str(part);
    }
    out
}

/// A duration as `ps` shows elapsed and CPU time: `[[DD-]HH:]MM:SS`.
fn clock(time: Duration, always_hours: bool) -> String {
    let secs = time.as_secs();
    let (days, hours, mins, secs) = (secs / 86_400, secs / 3600 % 24, secs / 60 % 60, secs % 60);
    match (days, hours) {
        (0, 0) if !always_hours => format!("{mins:02}:{secs:02}"),
        (0, _) => format!("{hours:02}:{mins:02}:{secs:02}"),
        _ => format!("{days}-{hours:02}:{mins:02}:{secs:02}"),
    }
}

impl Interp {
    /// The table, locked for a moment (never across an await).
    pub(crate) fn job_table(&self) -> MutexGuard<'_, JobTable> {
        self.jobs.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Starts `cmd &`: a subshell of this shell as a job, `$!` its process id.
    pub(crate) async fn spawn_background(&mut self, and_or: &crate::ast::AndOr, io: &Io) -> ExecResult {
        let command = one_line(
            &crate::ast::Script { body: vec![crate::ast::ListItem { and_or: and_or.clone(), background: false }] }
                .to_string(),
        );
        self.await_a_free_slot().await;
        let (id, pid, log) = self.enter_job(&command)?;
        let mut sub = self.subshell();
        sub.shared = Arc::new(self.shared.for_job());
        let mut io = self.without_coproc_fds(&mut sub, io).unwrap_or_else(|| io.clone());
        // Without job control a job's standard input is /dev/null before its own redirections
        // (POSIX, bash): `cmd &` does not read what the shell's next commands are to read. A
        // pipeline stage's job keeps the pipe (`… | { cmd & }`), as bash's.
        if !self.job_control() && !self.pipe_in {
            io.set(0, Some(super::io::Fd::Input(super::io::Input::null())));
        }
        for fd in [1, 2] {
            io.set(fd, Some(super::io::Fd::Output(Output::Job(JobOutput::new(io.output(fd), Some(log.clone()))))));
        }
        let work = job_work(sub, and_or.clone(), io);
        self.launch(id, work, log);
        self.state.last_background = Some(pid);
        Ok(0)
    }

    /// With `jobs` running already, waits a moment for one to end (`for …; do cmd & done`
    /// starts jobs faster than they get to run), so only jobs that do not end soon hit the limit.
    pub(crate) async fn await_a_free_slot(&self) {
        let running: Vec<Arc<Running>> = {
            let table = self.job_table();
            if table.running() < self.state.limits().jobs {
                return;
            }
            table.jobs.iter().filter(|job| job.run.status().is_none()).map(|job| job.run.clone()).collect()
        };
        if running.is_empty() {
            return;
        }
        let ends = running.iter().map(|run| Box::pin(run.finished()));
        let _ = tokio::time::timeout(SLOT_WAIT, futures::future::select_all(ends)).await;
    }

    /// Takes a place in the table for a job running `command`: its number, process id and
    /// log; refused (the line stops, the limit named) when `jobs` run already.
    pub(crate) fn enter_job(&self, command: &str) -> Result<(usize, u32, Arc<JobLog>), super::Flow> {
        let limits = self.state.limits();
        let pid = self.new_pid();
        let mut table = self.job_table();
        if table.running() >= limits.jobs {
            drop(table);
            return Err(self.limit_hit("background jobs running at once", limits.jobs as u64));
        }
        if std::mem::take(&mut table.inherited) {
            table.jobs.clear();
        }
        let finished: Vec<usize> = (0..table.jobs.len()).filter(|&at| table.jobs[at].run.status().is_some()).collect();
        for &at in finished.iter().take(finished.len().saturating_sub(KEPT_FINISHED - 1)).rev() {
            table.reap(at);
        }
        let id = table.jobs.iter().map(|j| j.id).max().unwrap_or(0) + 1;
        let name = if table.nested { pid as usize } else { id };
        let log = JobLog::create(self.shared.vfs().clone(), joblog::path(name), limits.job_log_bytes);
        let run = Running::new();
        let monitored = self.job_control();
        table.jobs.push(Job { id, pid, command: command.into(), log: Some(log.clone()), run, monitored });
        Ok((id, pid, log))
    }

    /// Runs `work` as job `id` (entered by [`Interp::enter_job`]): its status recorded when it
    /// ends, its log written out, its audit records flushed.
    pub(crate) fn launch(&self, id: usize, work: BoxFuture<'static, Status>, log: Arc<JobLog>) -> Option<Arc<Running>> {
        let run = self.job_table().jobs.iter().find(|j| j.id == id).map(|j| j.run.clone())?;
        let gate = self.shared.gate().clone();
        let timed = Timed { work, run: run.clone() };
        let ending = run.clone();
        let task = tokio::spawn(async move {
            let status = timed.await;
            // Its log whole and its audit written before anyone waiting learns it ended.
            log.finish();
            let _ = gate.audit().flush();
            ending.end(status);
            status
        });
        let _ = run.abort.set(task.abort_handle());
        self.shared.track_job(task.abort_handle());
        // A job killed before its task existed.
        if run.signal.load(Ordering::Relaxed) != 0 {
            task.abort();
        }
        Some(run)
    }

    /// The execution a promoted line goes on with is its own; the session takes a new one.
    pub(crate) fn leave_execution(&mut self) {
        self.shared = Arc::new(self.shared.for_job());
    }
}

/// `jobs [-lnprs] [-o] [JOBSPEC]…`: the table, as bash lists it; `-l` adds the process id,
/// the time since the job started and its log; `-o` prints the jobs' output so far.
pub(crate) async fn jobs(interp: &mut Interp, args: &crate::builtins::spec::Args, io: &Io) -> Status {
    let has = |opt: &Opt| args.has(opt);
    let mut status = 0;
    let mut out = String::new();
    let mut problems = String::new();
    let mut logs = Vec::new();
    {
        let table = interp.job_table();
        let mut picked = Vec::new();
        for spec in &args.operands {
            match table.find(spec) {
                Some(at) => picked.push(at),
                None => {
                    problems.push_str(&table.no_such(&interp.state.diagnostic_prefix(), "jobs", spec));
                    status = 1;
                }
            }
        }
        // Those named in the order named (bash's), or all in the table's order.
        if args.operands.is_empty() {
            picked = (0..table.jobs.len()).collect();
        }
        for at in picked {
            let job = &table.jobs[at];
            let done = job.run.status().is_some();
            if (has(opt!(special::JOBS, 'r')) && done) || has(opt!(special::JOBS, 's')) {
                continue;
            }
            if has(opt!(special::JOBS, 'o')) {
                logs.push((job.id, job.log.clone()));
                continue;
            }
            let mark = table.mark(at);
            let state = state_word(&job.run);
            let tail = if done { "" } else { " &" };
            if has(opt!(special::JOBS, 'p')) {
                out.push_str(&format!("{}\n", job.pid));
            } else if has(opt!(special::JOBS, 'l')) {
                let log = job.log.as_ref().map_or("-", |log| log.path());
                let elapsed = clock(job.run.elapsed(), false);
                out.push_str(&format!(
                    "[{}]{mark} {} {state:<12} {elapsed:>8}  {log}  {}{tail}\n",
                    job.id, job.pid, job.command
                ));
            } else {
                out.push_str(&format!("[{}]{mark}  {state:<24}{}{tail}\n", job.id, job.command));
            }
        }
    }
    let _ = io.stderr().write_text(&problems).await;
    let several = logs.len() > 1;
    for (id, log) in logs {
        let text = match &log {
            Some(log) => match interp.shared.vfs().read(log.path()) {
                Ok(bytes) => bytes,
                Err(err) => {
                    let message = format!(
                        "{}jobs: {}: {}\n",
                        interp.state.diagnostic_prefix(),
                        log.path(),
                        crate::vfs::describe(&err)
                    );
                    let _ = io.stderr().write_text(&message).await;
                    status = 1;
                    continue;
                }
            },
            None => Vec::new(),
        };
        if several {
            out.push_str(&format!("==> %{id} <==\n"));
        }
        out.push_str(&toolsh_bytes::decode(&text));
    }
    let _ = io.stdout().write_text(&out).await;
    status
}

/// What `wait` waits for: a job of the table, or a status already known.
enum Waited {
    Job(Arc<Running>),
    Known(Status),
}

/// `wait [-n] [-p VAR] [ID]…`: every job (or those named), or with `-n` the first of them to
/// end; collected jobs leave the table.
pub(crate) async fn wait(interp: &mut Interp, args: &crate::builtins::spec::Args, io: &Io) -> ExecResult {
    let any = args.has(opt!(special::WAIT, 'n'));
    let var = args.last(opt!(special::WAIT, 'p')).map(str::to_string);
    // `-p` takes a name or an element (`wait -p A[k]`); anything else is refused before any
    // wait, as bash's.
    // (An element as bash's valid_array_reference reads it: under assoc_expand_once `A[]]`.)
    let valid = |name: &str| toolsh_core::vars::is_name(name) || interp.state.element_operand(name, false).is_some();
    if let Some(name) = var.as_deref().filter(|name| !valid(name)) {
        let message = format!("{}wait: `{name}': not a valid identifier\n", interp.state.diagnostic_prefix());
        let _ = io.stderr().write_text(&message).await;
        return Ok(1);
    }
    // bash unsets the name first: a read-only one stops the wait.
    if let Some(name) = var
        .as_deref()
        .filter(|name| interp.state.vars.get(name).is_some_and(|v| v.attrs.has(toolsh_core::vars::Attrs::READONLY)))
    {
        let message = format!("{}wait: {name}: cannot unset: readonly variable\n", interp.state.diagnostic_prefix());
        let _ = io.stderr().write_text(&message).await;
        return Ok(1);
    }
    let specs = &args.operands;
    let mut targets = Vec::new();
    let mut status = 0;
    let mut problems = String::new();
    {
        let table = interp.job_table();
        for spec in specs {
            let (problem, code) = match table.find(spec) {
                Some(at) => {
                    targets.push((Waited::Job(table.jobs[at].run.clone()), table.jobs[at].pid));
                    continue;
                }
                None if spec.starts_with('%') => {
                    problems.push_str(&table.no_such(&interp.state.diagnostic_prefix(), "wait", spec));
                    status = 127;
                    continue;
                }
                None => match spec.parse::<u32>() {
                    Ok(pid) => match table.reaped_status(pid) {
                        Some(known) => {
                            targets.push((Waited::Known(known), pid));
                            continue;
                        }
                        None => (format!("pid {pid} is not a child of this shell"), 127),
                    },
                    Err(_) => (format!("`{spec}': not a pid or valid job spec"), 1),
                },
            };
            problems.push_str(&format!("{}wait: {problem}\n", interp.state.diagnostic_prefix()));
            status = code;
        }
        if specs.is_empty() {
            targets = table.jobs.iter().map(|job| (Waited::Job(job.run.clone()), job.pid)).collect();
        }
    }
    let _ = io.stderr().write_text(&problems).await;
    if any {
        let status = wait_any(interp, targets, var.as_deref(), io).await;
        if status != 127 {
            child_ended(interp, io).await?;
        }
        return Ok(status);
    }
    let all = specs.is_empty();
    for (target, pid) in targets {
        status = match target {
            Waited::Known(known) => known,
            Waited::Job(run) => {
                let ended = run.finished().await;
                interp.job_table().collect(pid);
                interp.reap_coproc_of(pid, io).await;
                child_ended(interp, io).await?;
                ended
            }
        };
        if let Some(name) = &var {
            name_waited(interp, name, pid, io).await;
        }
    }
    // `wait` with no operands ends with 0 whatever the jobs' statuses, as bash's does.
    Ok(if all { 0 } else { status })
}

/// `wait -p NAME`: the process id of the job waited for goes to NAME, a variable or an
/// element (`A[k]`, an indexed array's subscript arithmetic); a read-only one is said.
async fn name_waited(interp: &mut Interp, name: &str, pid: u32, io: &Io) {
    if let Err(err) = interp.state.set_target(name, pid.to_string()) {
        let message = format!("{}wait: {err}\n", interp.state.diagnostic_prefix());
        let _ = io.stderr().write_text(&message).await;
    }
}

/// A job `wait` saw end runs the `CHLD` trap, as bash's does for each child that ends (here
/// at the `wait` that collects it: toolsh's jobs are no processes that could signal sooner).
async fn child_ended(interp: &mut Interp, io: &Io) -> Result<(), super::Flow> {
    if let Some(action) = interp.state.traps.get("CHLD").filter(|action| !action.is_empty()).cloned() {
        let line = interp.state.lineno;
        interp.run_trap_returning(&action, io, line).await?;
    }
    Ok(())
}

/// `wait -n`: the first of `targets` to end (one already ended counts), collected.
async fn wait_any(interp: &mut Interp, targets: Vec<(Waited, u32)>, var: Option<&str>, io: &Io) -> Status {
    let mut waiting = Vec::new();
    for (target, pid) in targets {
        match target {
            Waited::Known(status) => {
                if let Some(name) = var {
                    name_waited(interp, name, pid, io).await;
                }
                return status;
            }
            Waited::Job(run) => waiting.push((pid, run)),
        }
    }
    if waiting.is_empty() {
        return 127;
    }
    let ends = waiting.iter().map(|(_, run)| Box::pin(run.finished()));
    let (status, first, _) = futures::future::select_all(ends).await;
    let pid = waiting[first].0;
    if let Some(name) = var {
        name_waited(interp, name, pid, io).await;
    }
    interp.job_table().collect(pid);
    interp.reap_coproc_of(pid, io).await;
    status
}

/// `kill` of the jobs `specs`: a signal whose default action ends a process ends the job
/// (status 128 + its number), one ignored by default does nothing, `0` asks whether it runs.
pub(crate) async fn kill_jobs(interp: &mut Interp, signal: u32, specs: &[String], io: &Io) -> Status {
    let mut status = 0;
    for spec in specs {
        let (found, no_such) = {
            let table = interp.job_table();
            match table.find(spec) {
                Some(at) => (Some(table.jobs[at].run.clone()), String::new()),
                None => {
                    match table.disowned.iter().find(|(pid, run)| spec.parse() == Ok(*pid) && run.status().is_none()) {
                        Some((_, run)) => (Some(run.clone()), String::new()),
                        None => (None, table.no_such(&interp.state.diagnostic_prefix(), "kill", spec)),
                    }
                }
            }
        };
        match found {
            Some(run) => {
                let running = run.status().is_none();
                if signal == 0 || matches!(signal, 17 | 18 | 23 | 28) {
                    status = status.max(i32::from(signal == 0 && !running));
                } else if running {
                    run.kill(signal);
                }
            }
            None => {
                let message = if spec.starts_with('%') {
                    no_such
                } else if spec.parse::<u32>().is_ok() {
                    format!("{}kill: ({spec}) - No such process\n", interp.state.diagnostic_prefix())
                } else if spec.is_empty() {
                    format!("{}kill: `': not a pid or valid job spec\n", interp.state.diagnostic_prefix())
                } else {
                    format!("{}kill: {spec}: arguments must be process or job IDs\n", interp.state.diagnostic_prefix())
                };
                let _ = io.stderr().write_text(&message).await;
                status = 1;
            }
        }
    }
    status
}

impl Interp {
    /// Whether job control is on (`set -m`; the console turns it on, as bash -i does): `fg`
    /// and `bg` work only then, and only on jobs started then.
    pub(crate) fn job_control(&self) -> bool {
        self.state.options.get(toolsh_core::options::Kind::Set, "monitor") == Some(true)
    }
}

/// The job `fg`/`bg` (named `command`) takes for `spec` (`None`: the current job), or what
/// bash says when there is none or it started without job control.
fn controlled_job(
    interp: &Interp,
    command: &str,
    spec: Option<&str>,
) -> Result<(u32, Arc<str>, Arc<Running>, usize), String> {
    let prefix = interp.state.diagnostic_prefix();
    if !interp.job_control() {
        return Err(format!("{prefix}{command}: no job control\n"));
    }
    let table = interp.job_table();
    // A subshell's copy of its parent's jobs lists them, but they are not its to take.
    if table.inherited {
        return Err(format!("{prefix}{command}: no current jobs\n"));
    }
    let Some(at) = table.find(spec.unwrap_or("%+")) else {
        return Err(match spec {
            Some(spec) => table.no_such(&prefix, command, spec),
            None => format!("{prefix}{command}: current: no such job\n"),
        });
    };
    let job = &table.jobs[at];
    if !job.monitored {
        return Err(format!("{prefix}{command}: job {} started without job control\n", job.id));
    }
    Ok((job.pid, job.command.clone(), job.run.clone(), job.id))
}

/// `fg [JOBSPEC]` (and a bare `%N` as a command): the job's command is printed, the shell
/// waits for it and takes its status, and it leaves the table — a foreground job's end is
/// not kept for `jobs`, as in bash.
pub(crate) async fn foreground(interp: &mut Interp, args: &crate::builtins::spec::Args, io: &Io) -> ExecResult {
    let (pid, command, run) = match controlled_job(interp, "fg", args.operands.first().map(String::as_str)) {
        Ok((pid, command, run, _)) => (pid, command, run),
        Err(problem) => {
            let _ = io.stderr().write_text(&problem).await;
            return Ok(1);
        }
    };
    let _ = io.stdout().write_text(&format!("{command}\n")).await;
    let status = run.finished().await;
    interp.job_table().collect(pid);
    interp.reap_coproc_of(pid, io).await;
    child_ended(interp, io).await?;
    Ok(status)
}

/// `bg [JOBSPEC]…`: a job here is never stopped (`kill -STOP` is refused), so each named
/// job already runs in the background and bash's warning says so; status 0 unless one was
/// not found or started without job control.
pub(crate) async fn background(interp: &mut Interp, args: &crate::builtins::spec::Args, io: &Io) -> Status {
    let specs: Vec<Option<&str>> = if args.operands.is_empty() {
        vec![None]
    } else {
        args.operands.iter().map(|spec| Some(spec.as_str())).collect()
    };
    let mut status = 0;
    let mut said = String::new();
    for spec in specs {
        match controlled_job(interp, "bg", spec) {
            Ok((_, _, run, id)) if run.status().is_none() => {
                said.push_str(&format!("{}bg: job {id} already in background\n", interp.state.diagnostic_prefix()));
            }
            // A job that ended: bash's `bg` resumes nothing and says nothing.
            Ok(_) => {}
            Err(problem) => {
                said.push_str(&problem);
                status = 1;
            }
        }
    }
    let _ = io.stderr().write_text(&said).await;
    status
}

/// `disown [-ar] [-h] [JOBSPEC]…`: the jobs leave the table (they run on, and stop with the
/// session); `-h` keeps them in it, as a job here never receives a hangup anyway.
pub(crate) async fn disown(interp: &mut Interp, args: &crate::builtins::spec::Args, io: &Io) -> Status {
    if args.has(opt!(special::DISOWN, 'h')) {
        return 0;
    }
    let problems = disown_picked(interp, args);
    let failed = !problems.is_empty();
    let _ = io.stderr().write_text(&problems).await;
    i32::from(failed)
}

/// Takes the jobs `disown` names out of the table; what it could not find, in bash's words.
fn disown_picked(interp: &Interp, args: &crate::builtins::spec::Args) -> String {
    let mut table = interp.job_table();
    let mut picked: Vec<usize> = Vec::new();
    let mut problems = String::new();
    let running_only = args.has(opt!(special::DISOWN, 'r'));
    if running_only || args.has(opt!(special::DISOWN, 'a')) {
        picked = (0..table.jobs.len()).filter(|&at| !running_only || table.jobs[at].run.status().is_none()).collect();
    } else if args.operands.is_empty() {
        match table.find("%+") {
            Some(at) => picked.push(at),
            None => problems.push_str(&format!("{}disown: current: no such job\n", interp.state.diagnostic_prefix())),
        }
    }
    for spec in &args.operands {
        match table.find(spec) {
            Some(at) => picked.push(at),
            None => problems.push_str(&table.no_such(&interp.state.diagnostic_prefix(), "disown", spec)),
        }
    }
    picked.sort_unstable();
    picked.dedup();
    for at in picked.into_iter().rev() {
        let job = table.jobs.remove(at);
        if job.run.status().is_none() {
            table.disowned.push((job.pid, job.run));
        }
    }
    problems
}

/// `ps [-efl] [-o FIELDS] [-p PIDS] | ps aux`: the session as processes — the shell, and each
/// running job (its pipeline, one line) — in `ps`'s columns for the fields that exist here.
pub(crate) async fn ps(interp: &mut Interp, argv: &[String], io: &Io) -> Status {
    let mut full = false;
    let mut bsd = false;
    let mut fields: Option<Vec<String>> = None;
    let mut pids: Option<Vec<u32>> = None;
    let mut words = argv[1..].iter();
    while let Some(word) = words.next() {
        let word = word.as_str();
        let value = |words: &mut std::slice::Iter<'_, String>, inline: &str| -> Option<String> {
            if inline.is_empty() { words.next().cloned() } else { Some(inline.to_string()) }
        };
        if let Some(rest) = word.strip_prefix('-') {
            let mut letters = rest.chars();
            while let Some(letter) = letters.next() {
                match letter {
                    'e' | 'A' | 'a' | 'x' | 'w' | 'H' => {}
                    'f' | 'l' | 'F' => full = true,
                    'o' | 'p' | 'q' => {
                        let Some(list) = value(&mut words, letters.as_str()) else {
                            let _ = io.stderr().write_all(b"error: list of process IDs must follow -p\n").await;
                            return 1;
                        };
                        if letter == 'o' {
                            fields.get_or_insert_with(Vec::new).extend(list.split([',', ' ']).map(str::to_string));
                        } else {
                            let mut wanted: Vec<u32> = Vec::new();
                            for part in list.split([',', ' ']).filter(|p| !p.is_empty()) {
                                match part.parse() {
                                    Ok(pid) => wanted.push(pid),
                                    Err(_) => {
                                        let _ = io.stderr().write_all(b"error: process ID list syntax error\n").await;
                                        return 1;
                                    }
                                }
                            }
                            pids.get_or_insert_with(Vec::new).extend(wanted);
                        }
                        break;
                    }
                    _ => {
                        let message = format!(
                            "error: unsupported option -{letter}\n  (toolsh's ps takes -e, -f, -l, -o FIELDS, -p PIDS and aux)\n"
                        );
                        let _ = io.stderr().write_text(&message).await;
                        return 1;
                    }
                }
            }
        } else if word.chars().all(|c| matches!(c, 'a' | 'u' | 'x' | 'w' | 'e')) {
            bsd = bsd || word.contains('u');
        } else {
            let message = format!("error: unsupported option (BSD syntax): {word}\n");
            let _ = io.stderr().write_text(&message).await;
            return 1;
        }
    }
    let shell_pid = std::process::id();
    let session_time = interp.shared.started().elapsed();
    let user = interp.state.vars.get_str("USER").unwrap_or(interp.shared.agent()).to_string();
    let mut rows: Vec<Row> = vec![Row {
        pid: shell_pid,
        ppid: 1,
        comm: "toolsh".to_string(),
        args: "toolsh".to_string(),
        elapsed: session_time,
        busy: Duration::ZERO,
        started_at: SystemTime::now() - session_time,
        state: "Ss",
        user: user.clone(),
    }];
    for job in interp.job_table().jobs.iter().filter(|job| job.run.status().is_none()) {
        rows.push(Row {
            pid: job.pid,
            ppid: shell_pid,
            comm: program(&job.command),
            args: job.command.to_string(),
            elapsed: job.run.elapsed(),
            busy: job.run.busy(),
            started_at: job.run.started_at,
            state: "S",
            user: user.clone(),
        });
    }
    if let Some(pids) = &pids {
        rows.retain(|row| pids.contains(&row.pid));
    }
    let fields: Vec<String> = match fields {
        Some(fields) => fields.into_iter().filter(|f| !f.is_empty()).collect(),
        None if bsd => ["user", "pid", "%cpu", "stat", "start", "time", "command"].map(String::from).to_vec(),
        None if full => ["uid", "pid", "ppid", "stime", "tty", "time", "cmd"].map(String::from).to_vec(),
        None => ["pid", "tty", "time", "comm"].map(String::from).to_vec(),
    };
    let mut columns = Vec::new();
    for field in &fields {
        let (name, custom) = field.split_once('=').map_or((field.as_str(), None), |(n, h)| (n, Some(h)));
        let Some(column) = Column::named(name) else {
            let message = format!("error: unknown user-defined format specifier \"{name}\"\n");
            let _ = io.stderr().write_text(&message).await;
            return 1;
        };
        columns.push((column, custom.map(str::to_string)));
    }
    let mut out = String::new();
    let last = columns.len().saturating_sub(1);
    let line = |cells: Vec<(String, bool)>| -> String {
        let mut text = String::new();
        for (i, ((cell, right), (column, _))) in cells.into_iter().zip(&columns).enumerate() {
            let width = column.width();
            if i > 0 {
                text.push(' ');
            }
            if i == last && !right {
                text.push_str(&cell);
            } else if right {
                text.push_str(&format!("{cell:>width$}"));
            } else {
                text.push_str(&format!("{cell:<width$}"));
            }
        }
        text.trim_end().to_string() + "\n"
    };
    if columns.iter().any(|(_, header)| header.as_deref() != Some("")) {
        out.push_str(&line(
            columns.iter().map(|(c, h)| (h.clone().unwrap_or_else(|| c.header().to_string()), c.right())).collect(),
        ));
    }
    for row in &rows {
        out.push_str(&line(columns.iter().map(|(c, _)| (c.cell(row), c.right())).collect()));
    }
    let _ = io.stdout().write_text(&out).await;
    i32::from(rows.len() <= usize::from(pids.is_none()) && pids.is_some())
}

/// The program a job runs as `ps` names it: its first command's, or the shell's for a
/// compound command (a subshell of it, as in bash).
fn program(command: &str) -> String {
    // A coprocess's job is listed as `coproc NAME COMMAND`: its program is COMMAND's.
    let mut words = command.split_whitespace().peekable();
    if words.peek() == Some(&"coproc") {
        words.nth(1);
    }
    let first = words.find(|word| !word.contains('=')).unwrap_or("toolsh");
    let keyword =
        ["(", "{", "!", "if", "for", "while", "until", "case", "[["].contains(&first) || first.starts_with('(');
    if keyword { "toolsh".to_string() } else { first.to_string() }
}

/// One process as `ps` shows it.
struct Row {
    pid: u32,
    ppid: u32,
    comm: String,
    args: String,
    elapsed: Duration,
    busy: Duration,
    started_at: SystemTime,
    state: &'static str,
    user: String,
}

/// A `ps` field that exists here.
#[derive(Clone, Copy)]
enum Column {
    Pid,
    Ppid,
    User,
    Uid,
    Tty,
    Time,
    Etime,
    Start,
    Stat,
    Cpu,
    Comm,
    Args,
}

impl Column {
    fn named(name: &str) -> Option<Column> {
        Some(match name {
            "pid" => Column::Pid,
            "ppid" => Column::Ppid,
            "user" | "euser" | "ruser" => Column::User,
            "uid" | "euid" => Column::Uid,
            "tty" | "tt" | "tname" => Column::Tty,
            "time" | "cputime" => Column::Time,
            "etime" => Column::Etime,
            "stime" | "start" | "start_time" | "lstart" => Column::Start,
            "stat" | "s" | "state" => Column::Stat,
            "%cpu" | "pcpu" | "c" => Column::Cpu,
            "comm" | "ucmd" | "ucomm" => Column::Comm,
            "args" | "cmd" | "command" => Column::Args,
            _ => return None,
        })
    }

    fn header(self) -> &'static str {
        match self {
            Column::Pid => "PID",
            Column::Ppid => "PPID",
            Column::User => "USER",
            Column::Uid => "UID",
            Column::Tty => "TTY",
            Column::Time => "TIME",
            Column::Etime => "ELAPSED",
            Column::Start => "STIME",
            Column::Stat => "STAT",
            Column::Cpu => "%CPU",
            Column::Comm | Column::Args => "CMD",
        }
    }

    fn width(self) -> usize {
        match self {
            Column::Pid | Column::Ppid => 7,
            Column::User | Column::Uid => 8,
            Column::Tty => 8,
            Column::Time | Column::Etime => 8,
            Column::Start | Column::Stat | Column::Cpu => 5,
            Column::Comm | Column::Args => 0,
        }
    }

    fn right(self) -> bool {
        matches!(self, Column::Pid | Column::Ppid | Column::Time | Column::Etime | Column::Cpu)
    }

    fn cell(self, row: &Row) -> String {
        match self {
            Column::Pid => row.pid.to_string(),
            Column::Ppid => row.ppid.to_string(),
            Column::User => row.user.clone(),
            Column::Uid => "1000".to_string(),
            Column::Tty => "?".to_string(),
            Column::Time => clock(row.busy, true),
            Column::Etime => clock(row.elapsed, false),
            Column::Start => {
                let secs = row.started_at.duration_since(SystemTime::UNIX_EPOCH).map_or(0, |d| d.as_secs());
                format!("{:02}:{:02}", secs / 3600 % 24, secs / 60 % 60)
            }
            Column::Stat => row.state.to_string(),
            Column::Cpu => {
                let share = row.busy.as_secs_f64() / row.elapsed.as_secs_f64().max(1e-9) * 100.0;
                format!("{share:.1}")
            }
            Column::Comm => row.comm.clone(),
            Column::Args => row.args.clone(),
        }
    }
}

/// A table for a new shell.
pub(crate) fn new_table() -> Arc<Mutex<JobTable>> {
    Arc::new(Mutex::new(JobTable::default()))
}

/// What a background job runs: `and_or` in `sub`, under the job time limit. A function of its
/// own so that its type is named: the compiler proves the job's future `Send` here without
/// following the lists that start jobs back into themselves.
pub(crate) fn job_work(mut sub: Interp, and_or: crate::ast::AndOr, io: Io) -> BoxFuture<'static, Status> {
    let limit = sub.state.limits().job_time;
    Box::pin(async move {
        let body = [crate::ast::ListItem { and_or, background: false }];
        sub.execute(super::line::Body::Job(&body), &io, limit, None).await.0
    })
}
