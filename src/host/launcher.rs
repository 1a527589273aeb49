//! The launcher: toolsh started again, as `toolsh-launch`, once per declared program and
//! confinement, and kept while toolsh needs it. It confines itself once ([`confine`]) and then
//! starts every call's program on toolsh's request; each program inherits the confinement. A
//! call so costs one process start, as in bash — not a start of the launcher and the work of
//! confining it each time — and toolsh needs no `pre_exec` hook (which is `unsafe`: it runs in
//! a copy of a multi-threaded process).
//!
//! The protocol, over the launcher's standard input (a Unix seqpacket socket whose other end
//! toolsh holds): the launcher first sends [`Reply::Ready`] or [`Reply::Failed`]. Then each
//! message from toolsh is one call: one byte, and as `SCM_RIGHTS` a stream socket for the call
//! and the program's standard output, error and, when it reads any, input. Over the call's
//! socket toolsh sends the [`Request`] (one JSON line); the launcher answers
//! [`Reply::Started`], then [`Reply::Ended`] with the status, or [`Reply::Failed`]. When toolsh
//! closes a call's socket before the program ends, the launcher kills its process group; when
//! toolsh closes the control socket (it ended, or needs this launcher no more), the launcher
//! kills every group it started and exits.
//!
//! The launcher serves from a PID namespace of its own, as its first process (the one toolsh
//! starts makes the namespace — as root directly, otherwise inside a user namespace of its own
//! — and waits for it): a process that leaves its call's process group (`setsid`) is reparented
//! to it and killed as soon as no call of the program runs, a program's `kill -9 -1` reaches
//! nothing outside (not its launcher, which as the namespace's first process takes no signal
//! from inside), and when the launcher ends the kernel ends everything left in the namespace.
//! Where the kernel makes none, it serves from where it was started.

use super::confine::{self, Confine, Rlimits};
use serde::{Deserialize, Serialize};
use std::ffi::OsStr;
use std::io::{BufRead, Write};
use std::os::fd::{AsFd, BorrowedFd, OwnedFd};
use std::os::unix::net::UnixStream;
use std::path::{Path, PathBuf};

/// The name the launcher is started under (its `argv[0]`).
pub const ARG0: &str = "toolsh-launch";

/// What a launcher is started with: the program, and what confines it on every call.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    /// The command as typed (the name in messages).
    pub name: String,
    /// The program's `argv[0]`: the name, or the path it was declared by.
    pub arg0: String,
    /// The program, an absolute host path.
    pub program: PathBuf,
    /// The kernel's confinement; `None` runs it unconfined (the operator said so).
    pub confine: Option<Confine>,
    /// Resource limits.
    pub limits: Rlimits,
    /// The pids cgroup it moves itself into before anything else (toolsh made it, and
    /// removes it); `None` where the host lets toolsh make none.
    pub cgroup: Option<PathBuf>,
}

/// One call.
#[derive(Debug, Serialize, Deserialize)]
pub struct Request {
    /// The program's arguments.
    pub args: Vec<String>,
    /// Where it starts (a host directory of a `dir` mount).
    pub cwd: PathBuf,
    /// Its whole environment.
    pub env: Vec<(String, String)>,
    /// CPU seconds it may use (from the line's deadline).
    pub cpu_seconds: Option<u64>,
}

/// What the launcher says.
#[derive(Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Reply {
    /// Confined, and waiting for calls.
    Ready,
    /// The call's program runs.
    Started,
    /// It ended with this status (128+N when killed by signal N).
    Ended { status: i32 },
    /// The launcher or the call could not be set up.
    Failed { status: i32, message: String },
}

/// Descriptors one call brings: its socket, standard output and error, and input.
pub const CALL_FDS: usize = 4;

/// When this process was started as the launcher (`argv[0]` is `toolsh-launch`), serves and
/// never returns; otherwise returns at once. `toolsh`'s `main` calls it first of all, for when
/// the small `toolsh-launch` is not installed beside it.
pub fn main_if_launching() {
    let is_launcher =
        std::env::args_os().next().is_some_and(|arg0| Path::new(&arg0).file_name() == Some(OsStr::new(ARG0)));
    if is_launcher {
        launcher_main();
    }
}

/// The launcher's `main`: confines itself as the setup in its first argument says, then
/// serves toolsh's calls on its standard input until toolsh closes it; never returns.
pub fn launcher_main() -> ! {
    let setup = std::env::args_os()
        .nth(1)
        .and_then(|text| serde_json::from_str::<Setup>(&toolsh_bytes::from_os(text.as_ref())).ok());
    let Some(setup) = setup else {
        eprintln!("toolsh-launch: started without a setup (toolsh starts it, not a person)");
        std::process::exit(crate::status::CANNOT_RUN);
    };
    let stdin = std::io::stdin();
    let control = stdin.as_fd();
    let in_namespace = std::env::args_os().nth(2).is_some_and(|arg| arg == IN_NAMESPACE);
    // Into its pids cgroup first, so every process it and its programs make counts there (its
    // copy in the PID namespace is started from here, and so is in it too). Where it cannot
    // enter, its programs run without that bound, as where there is none.
    if !in_namespace && let Some(cgroup) = &setup.cgroup {
        let _ = super::cgroup::join(cgroup);
    }
    if !in_namespace
        && may_make_pid_namespace()
        && let Some(status) = serve_from_pid_namespace(control)
    {
        std::process::exit(status);
    }
    if let Err(message) = prepare(&setup) {
        say(control, &Reply::Failed { status: crate::status::CANNOT_RUN, message });
        std::process::exit(crate::status::CANNOT_RUN);
    }
    say(control, &Reply::Ready);
    serve(&setup, control);
    std::process::exit(0);
}

/// Whether this process may make a PID namespace: as root, or, not as root, once it has
/// entered a user namespace of its own (where the kernel allows them), in which it may.
fn may_make_pid_namespace() -> bool {
    if nix::unistd::geteuid().is_root() {
        return true;
    }
    let (uid, gid) = (nix::unistd::getuid(), nix::unistd::getgid());
    nix::sched::unshare(nix::sched::CloneFlags::CLONE_NEWUSER).is_ok() && confine::map_ids(uid, gid).is_ok()
}

/// The argument that tells a launcher it is the first process of its PID namespace.
const IN_NAMESPACE: &str = "--in-pid-namespace";

/// Makes a PID namespace and starts the launcher again as its first process, with the same
/// setup and control socket; its status when it ends (toolsh closed the socket). `None` where
/// the kernel makes none (a container that forbids it): this launcher then serves itself.
fn serve_from_pid_namespace(control: BorrowedFd<'_>) -> Option<i32> {
    use std::os::unix::process::CommandExt;
    nix::sched::unshare(nix::sched::CloneFlags::CLONE_NEWPID).ok()?;
    let started = std::env::current_exe().map_err(|err| format!("cannot find itself: {err}")).and_then(|exe| {
        #[allow(clippy::disallowed_methods)] // the launcher itself, again
        let mut command = std::process::Command::new(exe);
        command.arg0(ARG0).args(std::env::args_os().skip(1).take(1)).arg(IN_NAMESPACE).env_clear();
        command.spawn().map_err(|err| format!("cannot start in its PID namespace: {err}"))
    });
    Some(match started {
        Ok(mut launcher) => launcher.wait().ok().and_then(|status| status.code()).unwrap_or(crate::status::CANNOT_RUN),
        Err(message) => {
            say(control, &Reply::Failed { status: crate::status::CANNOT_RUN, message });
            crate::status::CANNOT_RUN
        }
    })
}

/// Limits and confines this process, before any other thread exists, and makes it one no
/// program can attach to: its programs share its user and Landlock domain, so without this a
/// program could `ptrace` it and stall or steer every call of its program. (Not before the
/// confinement, which writes its own `/proc/self` files; each program is dumpable again once
/// it `exec`s, as any process is.)
fn prepare(setup: &Setup) -> Result<(), String> {
    confine::set_limits(&setup.limits).map_err(|err| format!("cannot set its resource limits: {err}"))?;
    if let Some(confine) = &setup.confine {
        confine::apply(confine)?;
    }
    rustix::process::set_dumpable_behavior(rustix::process::DumpableBehavior::NotDumpable)
        .map_err(|err| format!("cannot keep programs from attaching to it: {err}"))
}

/// Sends one message on the control socket.
fn say(control: BorrowedFd<'_>, reply: &Reply) {
    if let Ok(text) = serde_json::to_vec(reply) {
        let _ = rustix::net::send(control, &text, rustix::net::SendFlags::NOSIGNAL);
    }
}

/// A program running for a call.
struct Running {
    child: std::process::Child,
    pidfd: OwnedFd,
    call: UnixStream,
}

/// Answers calls until toolsh closes the control socket, then kills what still runs. One
/// thread, waiting on the control socket, each program's pidfd and each call's socket: no
/// thread is made or torn down per call.
fn serve(setup: &Setup, control: BorrowedFd<'_>) {
    use rustix::event::{PollFd, PollFlags, poll};
    let mut running: Vec<Running> = Vec::new();
    loop {
        let mut fds = vec![PollFd::from_borrowed_fd(control, PollFlags::IN)];
        for run in &running {
            fds.push(PollFd::new(&run.pidfd, PollFlags::IN));
            fds.push(PollFd::new(&run.call, PollFlags::IN));
        }
        match poll(&mut fds, None) {
            Ok(_) => {}
            Err(rustix::io::Errno::INTR) => continue,
            Err(_) => break,
        }
        let ready: Vec<bool> = fds.iter().map(|fd| !fd.revents().is_empty()).collect();
        drop(fds);
        // Ended, or given up by toolsh (it never writes after the request, so anything
        // readable on the call's socket is its end).
        let mut index = running.len();
        let mut finished = false;
        while index > 0 {
            index -= 1;
            if ready[1 + 2 * index] || ready[2 + 2 * index] {
                finish(running.swap_remove(index));
                finished = true;
            }
        }
        if finished && running.is_empty() {
            sweep();
        }
        if ready[0] {
            match receive(control) {
                Some(fds) => running.extend(start(setup, fds)),
                None => break, // toolsh closed it
            }
        }
    }
    for run in running {
        finish(run);
    }
}

/// With no call running, whatever still runs in the launcher's PID namespace left its call's
/// process group to outlive it: it is killed, and what has ended is reaped (the namespace's
/// orphans are the launcher's). Outside a PID namespace of its own, nothing is done: another
/// process's kill(-1) would reach the whole user.
fn sweep() {
    use nix::sys::wait::{WaitPidFlag, WaitStatus, waitpid};
    if nix::unistd::getpid().as_raw() != 1 {
        return;
    }
    let _ = nix::sys::signal::kill(nix::unistd::Pid::from_raw(-1), nix::sys::signal::Signal::SIGKILL);
    while let Ok(status) = waitpid(nix::unistd::Pid::from_raw(-1), Some(WaitPidFlag::WNOHANG)) {
        if status == WaitStatus::StillAlive {
            break;
        }
    }
}

/// The descriptors of the next call; `None` when toolsh has closed the control socket.
fn receive(control: BorrowedFd<'_>) -> Option<Vec<OwnedFd>> {
    use rustix::net::{RecvAncillaryBuffer, RecvAncillaryMessage, RecvFlags};
    loop {
        let mut byte = [0u8; 1];
        let mut space = [std::mem::MaybeUninit::uninit(); rustix::cmsg_space!(ScmRights(CALL_FDS))];
        let mut ancillary = RecvAncillaryBuffer::new(&mut space);
        let received = rustix::net::recvmsg(
            control,
            &mut [std::io::IoSliceMut::new(&mut byte)],
            &mut ancillary,
            RecvFlags::CMSG_CLOEXEC,
        );
        let fds: Vec<OwnedFd> = ancillary
            .drain()
            .flat_map(|message| match message {
                RecvAncillaryMessage::ScmRights(fds) => fds.collect(),
                _ => Vec::new(),
            })
            .collect();
        match received {
            Ok(message) if message.bytes > 0 => return Some(fds),
            Err(rustix::io::Errno::INTR) => continue,
            _ => return None,
        }
    }
}

/// One call: reads its request, starts the program and says its pid; `None` when it did not
/// start (the call has been told why).
fn start(setup: &Setup, fds: Vec<OwnedFd>) -> Option<Running> {
    let mut fds = fds.into_iter();
    let (Some(call), Some(stdout), Some(stderr)) = (fds.next(), fds.next(), fds.next()) else { return None };
    let stdin = fds.next();
    let mut call = UnixStream::from(call);
    let request = match read_request(&call) {
        Ok(request) => request,
        Err(message) => return fail(&mut call, crate::status::CANNOT_RUN, message),
    };
    // The program inherits the launcher's working directory: a command given a directory of
    // its own is started with `fork` where the C library is linked statically, and `vfork`
    // (`posix_spawn`) costs less.
    if let Err(err) = nix::unistd::chdir(&request.cwd) {
        return fail(
            &mut call,
            crate::status::CANNOT_RUN,
            format!("cannot enter {}: {}", request.cwd.display(), err.desc()),
        );
    }
    use std::os::unix::process::CommandExt;
    use std::process::Stdio;
    #[allow(clippy::disallowed_methods)] // the one host program start: the operator declared it
    let mut command = std::process::Command::new(&setup.program);
    command
        .arg0(&setup.arg0)
        // Each byte's stand-in goes out as the byte: an argument or a value need not be UTF-8.
        .args(request.args.iter().map(|arg| toolsh_bytes::to_os(arg)))
        .env_clear()
        .envs(request.env.iter().map(|(name, value)| (toolsh_bytes::to_os(name), toolsh_bytes::to_os(value))))
        .process_group(0)
        .stdin(stdin.map_or_else(Stdio::null, Stdio::from))
        .stdout(Stdio::from(stdout))
        .stderr(Stdio::from(stderr));
    let spawned = with_cpu_limit(request.cpu_seconds, || command.spawn());
    // Its copies of the streams: they must close with the program, not stay open here.
    drop(command);
    let mut child = match spawned {
        Ok(child) => child,
        Err(err) => {
            let status = if err.kind() == std::io::ErrorKind::NotFound { 127 } else { crate::status::CANNOT_RUN };
            return fail(&mut call, status, format!("{}: {}", setup.program.display(), toolsh_vfs::describe(&err)));
        }
    };
    let pid = rustix::process::Pid::from_child(&child);
    let pidfd = match rustix::process::pidfd_open(pid, rustix::process::PidfdFlags::empty()) {
        Ok(pidfd) => pidfd,
        Err(err) => {
            kill_group(pid.as_raw_nonzero().get());
            let _ = child.wait();
            return fail(&mut call, crate::status::CANNOT_RUN, format!("cannot watch it (pidfd, Linux 5.3): {err}"));
        }
    };
    reply(&mut call, &Reply::Started);
    Some(Running { child, pidfd, call })
}

/// Says a call failed; no program runs for it.
fn fail(call: &mut UnixStream, status: i32, message: String) -> Option<Running> {
    reply(call, &Reply::Failed { status, message });
    None
}

/// Kills whatever is left of a program's group (all of it, when toolsh gave the call up),
/// reaps it and says its status.
fn finish(mut run: Running) {
    if let Ok(pid) = i32::try_from(run.child.id()) {
        kill_group(pid);
    }
    use std::os::unix::process::ExitStatusExt;
    let status = match run.child.wait() {
        Ok(status) => {
            status.code().or_else(|| status.signal().map(|signal| 128 + signal)).unwrap_or(crate::status::CANNOT_RUN)
        }
        Err(_) => crate::status::CANNOT_RUN,
    };
    reply(&mut run.call, &Reply::Ended { status });
}

/// The call's request: its first line.
fn read_request(call: &UnixStream) -> Result<Request, String> {
    let mut line = String::new();
    std::io::BufReader::new(call).read_line(&mut line).map_err(|err| format!("lost the call: {err}"))?;
    serde_json::from_str(&line).map_err(|err| format!("unreadable call: {err}"))
}

/// Sends one reply line (to no one, when toolsh has given the call up).
fn reply(call: &mut UnixStream, reply: &Reply) {
    if let Ok(mut line) = serde_json::to_vec(reply) {
        line.push(b'\n');
        let _ = call.write_all(&line);
    }
}

fn kill_group(group: i32) {
    let _ = nix::sys::signal::killpg(nix::unistd::Pid::from_raw(group), nix::sys::signal::Signal::SIGKILL);
}

/// Starts a program with `seconds` of CPU time: the launcher's own soft limit is set to what
/// it has used plus `seconds` while the program starts (which inherits it and counts from
/// zero), and put back after.
fn with_cpu_limit<T>(seconds: Option<u64>, start: impl FnOnce() -> T) -> T {
    use nix::sys::resource::{Resource, UsageWho, getrlimit, getrusage, setrlimit};
    let Some(seconds) = seconds else { return start() };
    let Ok((soft, hard)) = getrlimit(Resource::RLIMIT_CPU) else { return start() };
    let used = getrusage(UsageWho::RUSAGE_SELF)
        .map(|usage| u64::try_from(usage.user_time().tv_sec() + usage.system_time().tv_sec() + 1).unwrap_or(0))
        .unwrap_or(0);
    let limited = setrlimit(Resource::RLIMIT_CPU, used.saturating_add(seconds).min(hard), hard).is_ok();
    let started = start();
    if limited {
        let _ = setrlimit(Resource::RLIMIT_CPU, soft, hard);
    }
    started
}
