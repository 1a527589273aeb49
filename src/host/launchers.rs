//! toolsh's side of the launchers (`launcher.rs`): one is started for a program and a
//! confinement when a call first needs it, kept for the calls after (a few per program, the
//! least recently started let go), asked to start each call's program, and started again
//! should it have died.
use super::launcher::{ARG0, CALL_FDS, Reply, Request, Setup};
use std::os::fd::{AsFd, BorrowedFd, OwnedFd};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt};

/// Launchers kept per program (one per distinct confinement: a session's mounts, which of
/// toolsh's files exist).
const KEPT: usize = 4;

/// How long a launcher may take to confine itself and say it is ready.
const READY_WITHIN: std::time::Duration = std::time::Duration::from_secs(10);

/// A running launcher.
#[derive(Debug)]
pub(super) struct Launcher {
    control: OwnedFd,
    process: Option<std::process::Child>,
    /// Its own directory, removed with the launcher: `tmp/`, its programs' temporary directory
    /// (their `TMPDIR` where the session's `/tmp` is not theirs to write), and `root/`, where it
    /// builds their root.
    scratch: tempfile::TempDir,
    /// Its pids cgroup, removed once it has ended.
    cgroup: Option<super::cgroup::Cgroup>,
}

/// The streams a call's program gets.
pub(super) struct Streams {
    pub(super) stdout: OwnedFd,
    pub(super) stderr: OwnedFd,
    /// `None`: it reads nothing (`/dev/null`).
    pub(super) stdin: Option<OwnedFd>,
}

/// A call under way: the launcher's replies.
pub(super) struct Call {
    replies: tokio::io::Lines<tokio::io::BufReader<tokio::net::UnixStream>>,
    /// Kept while the call runs: a launcher let go ends what it started.
    launcher: Arc<Launcher>,
    /// Processes its cgroup had refused when the call started.
    refused_before: u64,
}

impl Call {
    /// The next reply; `None` when the launcher has gone.
    pub(super) async fn next(&mut self) -> Option<Reply> {
        let line = self.replies.next_line().await.ok()??;
        serde_json::from_str(&line).ok()
    }

    /// The processes refused to its launcher's programs since the call started, because they
    /// had as many as they may (another call of the same launcher may have been refused too);
    /// `None` where it has no pids cgroup.
    pub(super) fn refused_forks(&self) -> Option<u64> {
        let cgroup = self.launcher.cgroup.as_ref()?;
        Some(cgroup.refused().saturating_sub(self.refused_before))
    }
}

impl Launcher {
    /// Starts a launcher for `setup` and waits until it has confined itself (blocking: a few
    /// milliseconds, once).
    fn start(
        exe: &Path,
        setup: &Setup,
        scratch: tempfile::TempDir,
        cgroup: Option<super::cgroup::Cgroup>,
    ) -> Result<Launcher, String> {
        use rustix::net::{AddressFamily, SocketFlags, SocketType, socketpair};
        use std::os::unix::process::CommandExt;
        let (control, theirs) = socketpair(AddressFamily::UNIX, SocketType::SEQPACKET, SocketFlags::CLOEXEC, None)
            .map_err(|err| format!("cannot make its launcher's socket: {err}"))?;
        let setup = serde_json::to_string(setup).map_err(|err| err.to_string())?;
        #[allow(clippy::disallowed_methods)] // the launcher of a program the operator declared
        let mut command = std::process::Command::new(exe);
        command
            .arg0(ARG0)
            .arg(setup)
            .env_clear()
            // Out of the terminal's foreground group, so a Ctrl-C reaches toolsh, which stops
            // the call; not the launcher, which other calls may share.
            .process_group(0)
            .stdin(std::process::Stdio::from(theirs))
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null());
        let process = command.spawn().map_err(|err| format!("cannot start {}: {err}", exe.display()))?;
        drop(command);
        let launcher = Launcher { control, process: Some(process), scratch, cgroup };
        // Confining itself takes milliseconds; a launcher still silent after READY_WITHIN is
        // given up (and ended, with the control socket) rather than waited for.
        let timeout = rustix::net::sockopt::Timeout::Recv;
        let _ = rustix::net::sockopt::set_socket_timeout(&launcher.control, timeout, Some(READY_WITHIN));
        let mut said = vec![0u8; 64 * 1024];
        let answer = rustix::net::recv(&launcher.control, &mut said[..], rustix::net::RecvFlags::empty())
            .ok()
            .and_then(|(read, _)| serde_json::from_slice::<Reply>(said.get(..read).unwrap_or_default()).ok());
        match answer {
            Some(Reply::Ready) => Ok(launcher),
            Some(Reply::Failed { message, .. }) => Err(message),
            _ => Err(format!(
                "{} ended, or said nothing within {} s, before it was ready",
                exe.display(),
                READY_WITHIN.as_secs()
            )),
        }
    }

    /// The programs' temporary directory.
    pub(super) fn tmpdir(&self) -> PathBuf {
        self.scratch.path().join("tmp")
    }

    /// Asks for a call; an error means the launcher has gone (and another may be started).
    async fn call(self: &Arc<Self>, request: &Request, streams: &Streams) -> std::io::Result<Call> {
        use rustix::net::{SendAncillaryBuffer, SendAncillaryMessage, SendFlags};
        let (ours, theirs) = std::os::unix::net::UnixStream::pair()?;
        {
            let mut fds: Vec<BorrowedFd<'_>> = vec![theirs.as_fd(), streams.stdout.as_fd(), streams.stderr.as_fd()];
            fds.extend(streams.stdin.as_ref().map(AsFd::as_fd));
            let mut space = [std::mem::MaybeUninit::uninit(); rustix::cmsg_space!(ScmRights(CALL_FDS))];
            let mut ancillary = SendAncillaryBuffer::new(&mut space);
            ancillary.push(SendAncillaryMessage::ScmRights(&fds));
            rustix::net::sendmsg(&self.control, &[std::io::IoSlice::new(b"c")], &mut ancillary, SendFlags::NOSIGNAL)?;
        }
        drop(theirs);
        ours.set_nonblocking(true)?;
        let mut stream = tokio::net::UnixStream::from_std(ours)?;
        let mut line = serde_json::to_vec(request).map_err(std::io::Error::other)?;
        line.push(b'\n');
        let refused_before = self.cgroup.as_ref().map_or(0, super::cgroup::Cgroup::refused);
        stream.write_all(&line).await?;
        Ok(Call { replies: tokio::io::BufReader::new(stream).lines(), launcher: self.clone(), refused_before })
    }
}

impl Drop for Launcher {
    fn drop(&mut self) {
        // Its control socket closes after this (a field): it kills what it started and ends;
        // it is reaped aside, so no zombie stays, and then its cgroup, empty, is removed.
        if let Some(mut process) = self.process.take() {
            let cgroup = self.cgroup.take();
            let _ = std::thread::Builder::new().spawn(move || {
                let _ = process.wait();
                drop(cgroup);
            });
        }
    }
}

/// The launchers of the declared programs, by the setup each was started with (less its
/// temporary directory).
#[derive(Debug, Default)]
pub(super) struct Launchers(Mutex<Vec<(Setup, Arc<Launcher>)>>);

impl Launchers {
    /// Starts a call of `setup`'s program with `request` on `streams` (which are given to the
    /// launcher; toolsh's copies are closed): the launcher that has that setup, else a new one.
    /// `exe` is the launcher's executable. Returns once the program runs; a kept launcher found
    /// dead (killed from outside, say) before it said the program started is replaced, and the
    /// call made again.
    pub(super) async fn call(
        &self,
        exe: &Path,
        setup: &Setup,
        mut request: Request,
        streams: Streams,
    ) -> Result<Call, (i32, String)> {
        let cannot = |message: String| (crate::status::CANNOT_RUN, message);
        loop {
            let (launcher, fresh) = match self.find(setup) {
                Some(launcher) => (launcher, false),
                None => (self.start(exe, setup).await.map_err(cannot)?, true),
            };
            if !request.env.iter().any(|(name, _)| name == "TMPDIR") {
                request.env.push(("TMPDIR".to_string(), launcher.tmpdir().display().to_string()));
            }
            let mut call = match launcher.call(&request, &streams).await {
                Ok(call) => call,
                Err(err) if fresh => return Err(cannot(format!("its launcher did not take the call: {err}"))),
                Err(_) => {
                    self.forget(&launcher);
                    continue;
                }
            };
            match call.next().await {
                Some(Reply::Started) => return Ok(call),
                Some(Reply::Failed { status, message }) => return Err((status, message)),
                _ if fresh => return Err(cannot("its launcher ended before it started".to_string())),
                _ => self.forget(&launcher),
            }
        }
    }

    /// Lets the launcher of `call` go: it ended while the call ran.
    pub(super) fn forget_call(&self, call: &Call) {
        self.forget(&call.launcher);
    }

    fn find(&self, setup: &Setup) -> Option<Arc<Launcher>> {
        let kept = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        kept.iter().find(|(started, _)| started == setup).map(|(_, launcher)| launcher.clone())
    }

    fn forget(&self, launcher: &Arc<Launcher>) {
        self.0.lock().unwrap_or_else(PoisonError::into_inner).retain(|(_, kept)| !Arc::ptr_eq(kept, launcher));
    }

    async fn start(&self, exe: &Path, setup: &Setup) -> Result<Arc<Launcher>, String> {
        // The programs' own temporary directory, writable to them.
        let cannot = |err: std::io::Error| format!("cannot make its temporary directory: {err}");
        let scratch = crate::vfs::scratch_dir("host").map_err(cannot)?;
        let (tmp, root) = (scratch.path().join("tmp"), scratch.path().join("root"));
        #[allow(clippy::disallowed_methods)] // in the launcher's own directory
        std::fs::create_dir(&tmp).and_then(|()| std::fs::create_dir(&root)).map_err(cannot)?;
        let mut full = setup.clone();
        if let Some(confine) = &mut full.confine {
            confine.write.push(tmp);
            confine.root = Some(root);
        }
        // Its own pids cgroup, so a fork bomb in one program stops at its limit, also as root.
        let cgroup = super::cgroup::Cgroup::make(setup.limits.processes);
        full.cgroup = cgroup.as_ref().map(|cgroup| cgroup.path().to_path_buf());
        let exe: PathBuf = exe.to_path_buf();
        let launcher = tokio::task::spawn_blocking(move || Launcher::start(&exe, &full, scratch, cgroup))
            .await
            .map_err(|err| err.to_string())??;
        let launcher = Arc::new(launcher);
        let mut kept = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        let same_program = |(started, _): &(Setup, Arc<Launcher>)| started.name == setup.name;
        if kept.iter().filter(|entry| same_program(entry)).count() >= KEPT
            && let Some(oldest) = kept.iter().position(same_program)
        {
            kept.remove(oldest);
        }
        kept.push((setup.clone(), launcher.clone()));
        Ok(launcher)
    }

    /// Lets every launcher go: each kills what it started and ends (at once where no call
    /// holds it), and its temporary directory is removed.
    pub(super) fn end(&self) {
        let ended = std::mem::take(&mut *self.0.lock().unwrap_or_else(PoisonError::into_inner));
        for (_, launcher) in ended {
            // One no call holds is ended here and now, so its cgroup goes before toolsh exits
            // (the process would not wait for the thread that reaps it aside).
            if let Ok(mut launcher) = Arc::try_unwrap(launcher) {
                let _ = rustix::net::shutdown(&launcher.control, rustix::net::Shutdown::Both);
                if let Some(mut process) = launcher.process.take() {
                    let _ = process.wait();
                }
            }
        }
    }
}
