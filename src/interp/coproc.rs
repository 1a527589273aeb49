//! `coproc [NAME] command`: the command runs as a background job whose standard input and
//! output are pipes to the shell, which holds their other ends as the descriptors `NAME[1]`
//! (writing its input) and `NAME[0]` (reading its output), numbered high as bash numbers them,
//! and its process id as `NAME_PID` and `$!`. Its standard error stays the shell's (and goes
//! to its job log, as every job's does).
//!
//! As bash 5.2 does, the shell tracks one coprocess ([`Coproc`], bash's `sh_coproc`):
//! - a second started while the first's descriptors are open is warned about, and the first
//!   is forgotten (its descriptors and variables stay as they are);
//! - a redirection closing or moving one of its descriptors (`exec {NAME[1]}>&-`,
//!   `exec 4<&${NAME[0]}-`) sets that element to -1;
//! - once it ended, the shell reaps it (at a command starting [`REAP_AFTER`] later, or in the
//!   `wait` that collects it, where bash reaps the process): `NAME` and `NAME_PID` are unset
//!   and its descriptors still open are closed;
//! - a subshell, a pipeline's stage, a job or a new shell does not get its descriptors
//!   (bash closes them in every child it forks; a command substitution keeps them).
//!
//! The shell's write end is a [`shared_pipe`]: closed in the shell's own table (and held by
//! no other of its descriptors), it is shut for every copy of the table, so the coprocess
//! sees the end of its input even while an enclosing command's table still lists it. The read
//! end is shut the same way, so a coprocess writing to a shell that closed it gets
//! `BrokenPipe`. When the shell ends (`-c` text, a script) its ends close with it
//! ([`crate::Shell::await_jobs`]). Its pipes are the bounded pipes: a coprocess nobody reads
//! waits.

use super::io::{Fd, Input, Io, Output, pipe, shared_pipe};
use super::jobs::{Running, one_line};
use super::vars::SetError;
use super::{ExecResult, Interp};
use std::sync::Arc;
use toolsh_core::io::joblog::JobOutput;

/// Descriptors from here down are free for the shell's own pipes (bash's `move_to_high_fd`
/// looks below 64, above 3).
const HIGH_FDS: std::ops::Range<usize> = 4..64;

/// How long after its job ended the shell reaps a coprocess, at its next command. bash reaps
/// it when it handles the child's exit, which comes a moment after the process ends: the
/// commands right after the one that read its last output, or that killed it, still see its
/// variables (`kill $COPROC_PID; wait $COPROC_PID`), those after a `sleep` no longer do.
/// toolsh's jobs end within the shell's own turns, so the moment is a time. `wait` collecting
/// it reaps it at once, as bash's does.
const REAP_AFTER: std::time::Duration = std::time::Duration::from_millis(100);

/// The shell's coprocess (bash's `sh_coproc`).
#[derive(Clone)]
pub(crate) struct Coproc {
    /// The name its variables have (a reference's target, when it was one to a new array).
    name: String,
    pid: u32,
    /// The shell's descriptor reading its output; `None` (bash's -1) once closed or moved.
    read_fd: Option<usize>,
    /// The shell's descriptor writing its input; `None` once closed or moved.
    write_fd: Option<usize>,
    /// The ends themselves, known wherever a table copied them.
    reader: Input,
    writer: Output,
    run: Arc<Running>,
}

impl Coproc {
    /// Its job ended [`REAP_AFTER`] ago or more: the shell reaps it at its next command.
    pub(crate) fn ended(&self) -> bool {
        self.run.ended_at().is_some_and(|at| at.elapsed() >= REAP_AFTER)
    }

    /// Shuts the ends `before` held that `after` (the shell's table from now on) no longer
    /// holds at any descriptor, as closing the shell's last descriptor of a pipe would.
    fn release(&self, before: &Io, after: &Io) {
        let ends = [Fd::Input(self.reader.clone()), Fd::Output(self.writer.clone())];
        for n in 0..before.len() {
            let Some(gone) = before.get(n) else { continue };
            if after.get(n).is_some_and(|now| now.same(gone)) {
                continue;
            }
            let Some(end) = ends.iter().find(|end| end.same(gone)) else { continue };
            if (0..after.len()).any(|m| after.get(m).is_some_and(|fd| fd.same(end))) {
                continue;
            }
            match end {
                Fd::Input(input) => input.shut(),
                Fd::Output(Output::Pipe(writer)) => writer.shut(),
                _ => {}
            }
        }
    }
}

impl Interp {
    /// Runs `coproc [NAME] command` (bash's `execute_coproc`).
    pub(crate) async fn exec_coproc(&mut self, coproc: &crate::ast::Coproc, io: &Io) -> ExecResult {
        // bash 5.2 keeps one coprocess: a second one forgets the first (here once it starts:
        // one the job limit refuses leaves the first known).
        if let Some(old) = &self.coproc
            && (old.read_fd.is_some() || old.write_fd.is_some())
        {
            let message = format!("warning: execute_coproc: coproc [{}:{}] still exists", old.pid, old.name);
            self.error(io, &message).await;
        }
        // The name is expanded as one word, not split.
        let name = match &coproc.name {
            Some(word) => self.expand_string(word, io).await?,
            None => "COPROC".to_string(),
        };
        if !toolsh_core::vars::is_name(&name) {
            self.error(io, &format!("`{name}': not a valid identifier")).await;
            self.coproc = None;
            return Ok(1);
        }
        let command = format!("coproc {name} {}", one_line(&coproc.body.to_string()));
        self.await_a_free_slot().await;
        let (id, pid, log) = self.enter_job(&command)?;
        let (to_shell, from_coproc) = pipe();
        let (to_coproc, coproc_input) = shared_pipe();
        let (read_fd, write_fd) = coproc_fds(io);
        let mut sub = self.subshell();
        sub.shared = Arc::new(self.shared.for_job());
        let mut child_io = io.clone();
        child_io.set(0, Some(Fd::Input(Input::from_pipe(coproc_input))));
        child_io.set(1, Some(Fd::Output(Output::Pipe(to_shell))));
        let stderr = JobOutput::new(io.output(2), Some(log.clone()));
        child_io.set(2, Some(Fd::Output(Output::Job(stderr))));
        let and_or = crate::ast::AndOr {
            first: crate::ast::Pipeline {
                time: None,
                negated: false,
                commands: vec![coproc.body.clone()],
                pipe_stderr: Vec::new(),
                span: coproc.span,
            },
            rest: Vec::new(),
        };
        let Some(run) = self.launch(id, super::jobs::job_work(sub, and_or, child_io), log) else { return Ok(1) };
        let (reader, writer) = (Input::from_pipe(from_coproc), Output::Pipe(to_coproc));
        // The shell's ends become its own descriptors, as `exec` would make them.
        let mut after = self.exec_view(io);
        after.set(read_fd, Some(Fd::Input(reader.clone())));
        after.set(write_fd, Some(Fd::Output(writer.clone())));
        let before = self.exec_view(io);
        self.coproc = Some(Coproc { name, pid, read_fd: Some(read_fd), write_fd: Some(write_fd), reader, writer, run });
        self.make_permanent(&before, &after);
        self.state.last_background = Some(pid);
        self.set_coproc_vars(io).await;
        Ok(0)
    }

    /// `io` as the next command sees it: with the descriptors `exec` made permanent.
    pub(crate) fn exec_view(&self, io: &Io) -> Io {
        match (&self.exec_io, &self.exec_base) {
            (Some(made), Some(base)) => io.overlaid(base, made),
            _ => io.clone(),
        }
    }

    /// Makes the shell's table `after` from now on, where it was `before` (the way `exec`
    /// without a command keeps its redirections): the coprocess's ends it no longer holds are
    /// shut.
    pub(crate) fn make_permanent(&mut self, before: &Io, after: &Io) {
        let (mut base, mut made) = (self.exec_base.take().unwrap_or_default(), self.exec_io.take().unwrap_or_default());
        Io::record_exec(&mut base, &mut made, before, after);
        self.exec_base = Some(base);
        self.exec_io = Some(made);
        if let Some(coproc) = &self.coproc {
            coproc.release(before, after);
        }
    }

    /// A redirection closed or moved descriptor `fd` (bash's `coproc_fdchk`): when it is one
    /// of the coprocess's, its element becomes -1 (even when the redirection was a command's
    /// own, which bash undoes without setting the element back).
    pub(crate) fn coproc_fd_closed(&mut self, fd: usize) {
        let Some(coproc) = &mut self.coproc else { return };
        let mut changed = false;
        for slot in [&mut coproc.read_fd, &mut coproc.write_fd] {
            if *slot == Some(fd) {
                *slot = None;
                changed = true;
            }
        }
        if changed {
            let _ = self.bind_coproc_vars();
        }
    }

    /// Sets `NAME=(READ WRITE)` and `NAME_PID` (bash's `coproc_setvars`), saying why not.
    async fn set_coproc_vars(&mut self, io: &Io) {
        if let Err(message) = self.bind_coproc_vars() {
            self.error(io, &message).await;
        }
    }

    /// bash's `coproc_setvars`: a name no variable has yet that is a reference names the
    /// array made (its target, or itself when it has no value); a read-only variable is
    /// refused, and then so is `NAME_PID`.
    fn bind_coproc_vars(&mut self) -> Result<(), String> {
        let Some(coproc) = &mut self.coproc else { return Ok(()) };
        let vars = &mut self.state.vars;
        if vars.get(&coproc.name).is_none() {
            match vars.array_name(&coproc.name) {
                Ok(target) => coproc.name = target,
                Err(SetError::Invalid(target)) => return Err(format!("`{target}': not a valid identifier")),
                Err(err) => return Err(err.to_string()),
            }
        }
        if vars.get(&coproc.name).is_some_and(|var| var.attrs.has(super::Attrs::READONLY)) {
            return Err(format!("{}: readonly variable", coproc.name));
        }
        let number = |fd: Option<usize>| fd.map_or_else(|| "-1".to_string(), |fd| fd.to_string());
        vars.set_element(&coproc.name, "0", number(coproc.read_fd), false).map_err(|err| err.to_string())?;
        vars.set_element(&coproc.name, "1", number(coproc.write_fd), false).map_err(|err| err.to_string())?;
        vars.set(&format!("{}_PID", coproc.name), coproc.pid.to_string()).map_err(|err| err.to_string())
    }

    /// Reaps the coprocess once its job ended (bash's `coproc_dispose`, which runs when bash
    /// reaps the process): `NAME_PID` and `NAME` are unset (`NAME_PID` even when read-only,
    /// as bash's `unbind_variable_noref` does) and its descriptors still open are closed.
    pub(crate) async fn reap_coproc(&mut self, io: &Io) {
        let Some(coproc) = self.coproc.clone() else { return };
        self.state.vars.remove(&format!("{}_PID", coproc.name));
        if let Err(SetError::Readonly(_)) = self.state.vars.unset(&coproc.name) {
            self.error(io, &format!("{}: cannot unset: readonly variable", coproc.name)).await;
        }
        let before = self.exec_view(io);
        let mut after = before.clone();
        for fd in [coproc.read_fd, coproc.write_fd].into_iter().flatten() {
            after.set(fd, None);
        }
        self.make_permanent(&before, &after);
        self.coproc = None;
    }

    /// Reaps the coprocess now when `pid` is its job (`wait` collected it).
    pub(crate) async fn reap_coproc_of(&mut self, pid: u32, io: &Io) {
        if self.coproc.as_ref().is_some_and(|coproc| coproc.pid == pid) {
            self.reap_coproc(io).await;
        }
    }

    /// The table a child of this shell (a subshell, a pipeline's stage, a job, a new shell)
    /// runs with, `sub` its interpreter: without the coprocess's descriptors, which bash
    /// closes in every child it forks. `None` when there is none to take away.
    pub(crate) fn without_coproc_fds(&self, sub: &mut Interp, io: &Io) -> Option<Io> {
        let coproc = self.coproc.as_ref()?;
        let fds: Vec<usize> = [coproc.read_fd, coproc.write_fd].into_iter().flatten().collect();
        if fds.is_empty() {
            return None;
        }
        let mut after = io.clone();
        for &fd in &fds {
            after.set(fd, None);
        }
        // Its own record of what `exec` made forgets them too.
        let (mut base, mut made) = (sub.exec_base.take().unwrap_or_default(), sub.exec_io.take().unwrap_or_default());
        Io::record_exec(&mut base, &mut made, io, &after);
        sub.exec_base = Some(base);
        sub.exec_io = Some(made);
        Some(after)
    }
}

/// The descriptors bash gives a coprocess's ends: each of its two pipes' ends moved to the
/// highest free descriptor below 64 in turn (read end of its output first, the write end of
/// its input last), the child's two then closed; the lowest free ones when none is free there.
fn coproc_fds(io: &Io) -> (usize, usize) {
    let mut taken: Vec<usize> = Vec::with_capacity(4);
    for _ in 0..4 {
        let free = |n: &usize| io.get(*n).is_none() && !taken.contains(n);
        let fd = HIGH_FDS.rev().find(free).or_else(|| (0..).find(free)).unwrap_or(0);
        taken.push(fd);
    }
    (taken[0], taken[3])
}
