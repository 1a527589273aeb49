//! One call of a host program: the session's directory and path operands mapped to the host
//! paths of `dir` mounts, the confinement ([`Setup`]) and the [`Request`] a launcher carries
//! out — the program started in a process group of its own with a cleared environment — its
//! streams joined to the command's, and the whole group killed when the call ends, or when its
//! future is dropped (the line's deadline, a cancellation, Ctrl-C).

use super::HostConfig;
use super::confine::{Confine, Rlimits};
use super::launcher::{Reply, Request, Setup};
use super::launchers::Streams;
use crate::tools::ToolCx;
use std::path::PathBuf;
use std::sync::Arc;
use tokio::io::AsyncWriteExt;
use tokio::net::unix::pipe::Receiver;
use toolsh_gate::{Sink, Source};

/// A declared program, resolved (shared by its tool and every call).
#[derive(Debug)]
pub(super) struct Declared {
    pub(super) config: HostConfig,
    /// The program as found (absolute; links not followed).
    pub(super) program: PathBuf,
    /// Its `argv[0]`.
    pub(super) arg0: String,
    /// The installations it belongs to (as found, and where its links lead).
    pub(super) prefixes: Vec<PathBuf>,
    pub(super) setup: Arc<super::HostSetup>,
}

/// System directories every program may read and execute (those that exist).
const SYSTEM: &[&str] = &["/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32"];

/// Files of `/etc` a program may read: the loader's, names and users, time, locale, TLS
/// roots. Not `/etc` whole (`/etc/shadow`, keys).
const ETC: &[&str] = &[
    "/etc/ld.so.cache",
    "/etc/ld.so.conf",
    "/etc/ld.so.conf.d",
    "/etc/localtime",
    "/etc/timezone",
    "/etc/passwd",
    "/etc/group",
    "/etc/nsswitch.conf",
    "/etc/host.conf",
    "/etc/hosts",
    "/etc/resolv.conf",
    "/etc/gai.conf",
    "/etc/services",
    "/etc/protocols",
    "/etc/mime.types",
    "/etc/locale.alias",
    "/etc/alternatives",
    "/etc/ssl",
    "/etc/ca-certificates",
    "/etc/ca-certificates.conf",
];

/// Device files it may read and write.
const DEVICES: &[&str] = &["/dev/null", "/dev/zero", "/dev/full", "/dev/random", "/dev/urandom"];

/// Resource limits besides CPU time (which comes from the deadline).
const FILE_BYTES: u64 = 8 << 30;
const ADDRESS_SPACE: u64 = 64 << 30;

/// The address space a program may have: [`ADDRESS_SPACE`], but no more than the machine's
/// memory and swap, which it could not use anyway without the kernel killing a process to
/// make room — perhaps toolsh's own; past it, its allocation fails inside it instead.
fn address_space() -> u64 {
    static FITTING: std::sync::OnceLock<u64> = std::sync::OnceLock::new();
    *FITTING.get_or_init(|| match nix::sys::sysinfo::sysinfo() {
        Ok(info) => ADDRESS_SPACE.min(info.ram_total().saturating_add(info.swap_total())).max(1 << 30),
        Err(_) => ADDRESS_SPACE,
    })
}

/// A message for the command's standard error, and the status it ends with.
type Refusal = (i32, String);

/// Runs the program with `words` on `io`; its exit status (128+N when killed by signal N).
pub(super) async fn run(declared: &Declared, cx: &ToolCx, words: Vec<String>, io: &toolsh_gate::Streams) -> i32 {
    let name = declared.config.name.clone();
    match start_and_wait(declared, cx, words, io).await {
        Ok(status) => status,
        Err((status, message)) => {
            let _ = io.stderr.write_all(format!("{name}: {message}\n").as_bytes()).await;
            status
        }
    }
}

async fn start_and_wait(
    declared: &Declared,
    cx: &ToolCx,
    words: Vec<String>,
    io: &toolsh_gate::Streams,
) -> Result<i32, Refusal> {
    let config = &declared.config;
    let mounts = HostMounts::of(&cx.vfs);
    let cwd = mounts.host_path(&cx.cwd).map_err(|why| {
        (
            crate::status::UNAVAILABLE,
            format!(
                "the working directory {} {why}; host programs run only in directories mounted from \
                 the host: cd into the workspace (or a --mount) first; nothing ran",
                cx.cwd
            ),
        )
    })?;
    let args = words.iter().map(|word| mounts.translate(word)).collect::<Result<Vec<_>, _>>()?;
    let protected: Vec<PathBuf> = if config.writable {
        let policy = cx.gate.policy();
        policy.protected().filter_map(|path| mounts.writable_host_path(path)).collect()
    } else {
        Vec::new()
    };
    #[allow(clippy::disallowed_methods)] // which protected files exist on the host now
    let (existing, missing): (Vec<PathBuf>, Vec<PathBuf>) = protected.into_iter().partition(|p| p.exists());
    let mut pinned: Vec<PathBuf> = if config.writable {
        let policy = cx.gate.policy();
        policy.protected().flat_map(|path| mounts.directories_above(path)).collect()
    } else {
        Vec::new()
    };
    // Outermost first, each once.
    pinned.sort_by_key(|path| (path.components().count(), path.clone()));
    pinned.dedup();
    let confine = (!config.unconfined).then(|| Confine {
        abi: declared.setup.abi,
        exec: SYSTEM
            .iter()
            .map(PathBuf::from)
            .chain(declared.prefixes.iter().cloned())
            .chain(mounts.all.iter().map(|m| m.host.clone()))
            .collect(),
        read: ETC.iter().map(PathBuf::from).chain(config.read.iter().cloned()).collect(),
        write: mounts.all.iter().filter(|m| config.writable && !m.read_only).map(|m| m.host.clone()).collect(),
        devices: DEVICES.iter().map(PathBuf::from).collect(),
        network: config.network,
        readonly: existing,
        pinned,
        root: None, // the launcher's own (`launchers.rs`)
    });
    let setup = Setup {
        name: config.name.clone(),
        arg0: declared.arg0.clone(),
        program: declared.program.clone(),
        confine,
        // Its own processes and the launcher's two (the one toolsh starts and its copy in the
        // PID namespace), which count in the same cgroup and, not as root, the same user.
        limits: Rlimits {
            file_bytes: FILE_BYTES,
            processes: config.processes.saturating_add(2),
            address_space: address_space(),
        },
        cgroup: None, // the launcher's own (`launchers.rs`)
    };
    let request = Request {
        args,
        cwd,
        env: environment(declared, cx, &mounts),
        // The soft limit at the deadline (rounded up), so a program that left its process
        // group, and so outlives the kill, still stops.
        cpu_seconds: cx.time_left().map(|left| left.as_secs() + 1),
    };
    let cannot =
        |what: &str, err: std::io::Error| (crate::status::UNAVAILABLE, format!("cannot make its {what}: {err}"));
    let (stdout, stdout_end) = pipe().map_err(|err| cannot("output pipe", err))?;
    let (stderr, stderr_end) = pipe().map_err(|err| cannot("error pipe", err))?;
    let (stdin_end, stdin) = if io.stdin.is_none() {
        (None, None)
    } else {
        let (read, write) = pipe().map_err(|err| cannot("input pipe", err))?;
        (Some(read), Some(write))
    };
    let streams = Streams { stdout: stdout_end, stderr: stderr_end, stdin: stdin_end };
    // While it may write the workspace, a mark says so to any toolsh started meanwhile, which
    // then takes no policy or store the program could have planted (`marks.rs`). Declared
    // first, so it goes last: after the program, and after what it made is taken away.
    let writable: Vec<PathBuf> = setup.confine.as_ref().map(|c| c.write.clone()).unwrap_or_else(|| {
        mounts.all.iter().filter(|m| config.writable && !m.read_only).map(|m| m.host.clone()).collect()
    });
    let _mark = (!writable.is_empty()).then(|| {
        let kept = setup.confine.as_ref().map(|c| c.readonly.clone()).unwrap_or_default();
        super::marks::Mark::new(&super::marks::Reach { writable: &writable, kept: &kept, missing: &missing })
    });
    // Declared before the call, so dropped after it: a call stopped mid-way hangs up first (the
    // launcher then kills its process group), then what it made of toolsh's own files is taken
    // away. (The kill is the launcher's, so it may land a moment after.)
    let mut made = TakeAway(missing);
    let launchers = &declared.setup.launchers;
    let mut call = launchers.call(&declared.setup.launcher, &setup, request, streams).await?;
    let into = |fd| tokio::net::unix::pipe::Receiver::from_owned_fd(fd).map_err(|err| cannot("streams", err));
    let (stdout, stderr) = (into(stdout)?, into(stderr)?);
    // Stopped with the call however it ends, so it reads no more of the command's input.
    let _feed = match stdin {
        Some(fd) => {
            let sender = tokio::net::unix::pipe::Sender::from_owned_fd(fd).map_err(|err| cannot("streams", err))?;
            io.stdin.clone().map(|input| AbortOnDrop(tokio::spawn(feed(input, sender))))
        }
        None => None,
    };
    let (end, over) = tokio::sync::watch::channel(false);
    let copy =
        async { tokio::join!(drain(stdout, io.stdout.clone(), over.clone()), drain(stderr, io.stderr.clone(), over)) };
    tokio::pin!(copy);
    // Its output is copied while it runs; once it has ended (and the launcher has killed
    // whatever it left in its group), what its streams still hold.
    let (ended, copied) = tokio::select! {
        ended = call.next() => (ended, false),
        _ = &mut copy => (call.next().await, true),
    };
    if !copied {
        let _ = end.send(true);
        copy.await;
    }
    remove_created(&std::mem::take(&mut made.0), &config.name, io).await;
    if let Some(refused) = call.refused_forks().filter(|refused| *refused > 0) {
        let line = format!(
            "toolsh: {name} reached its limit of {limit} processes (the kernel refused {refused} more); \
             the operator raises it with processes = N in [host.{name}]\n",
            name = config.name,
            limit = config.processes,
        );
        let _ = io.stderr.write_all(line.as_bytes()).await;
    }
    match ended {
        Some(Reply::Ended { status }) => Ok(status),
        _ => {
            launchers.forget_call(&call);
            Err((crate::status::UNAVAILABLE, "lost: its launcher ended".to_string()))
        }
    }
}

/// A pipe whose ends close on `exec` (the launcher receives the ends it passes on).
fn pipe() -> std::io::Result<(std::os::fd::OwnedFd, std::os::fd::OwnedFd)> {
    Ok(rustix::pipe::pipe_with(rustix::pipe::PipeFlags::CLOEXEC)?)
}

/// The program's whole environment: `PATH` (the host's); the declared variables, each the
/// session's exported value, else the host's; and, where the session's `/tmp` is a host
/// directory the program may write, that directory as its `TMPDIR` and — unless `HOME` is
/// declared — its `HOME`, so what it keeps (`git config --global`, caches) stays in the
/// session, seen by the shell, and goes with it. (Elsewhere the launcher gives its own
/// `TMPDIR`, and there is no `HOME`.)
fn environment(declared: &Declared, cx: &ToolCx, mounts: &HostMounts) -> Vec<(String, String)> {
    let mut env = vec![("PATH".to_string(), declared.setup.path.clone())];
    env.extend(declared.config.env.iter().filter(|name| *name != "TMPDIR").filter_map(|name| {
        let value = cx
            .env
            .iter()
            .chain(declared.setup.host_env.iter())
            .find(|(key, _)| key == name)
            .map(|(_, value)| value.clone())?;
        Some((name.clone(), value))
    }));
    let tmp = mounts.writable_host_path("/tmp").filter(|_| declared.config.writable);
    if let Some(tmp) = tmp.map(|path| path.display().to_string()) {
        if !env.iter().any(|(name, _)| name == "HOME") {
            env.push(("HOME".to_string(), tmp.clone()));
        }
        env.push(("TMPDIR".to_string(), tmp));
    }
    env
}

/// Copies the command's standard input to the program until either ends.
async fn feed(input: Arc<dyn Source>, mut stdin: tokio::net::unix::pipe::Sender) {
    while let Some(chunk) = input.read_chunk().await {
        if stdin.write_all(&chunk).await.is_err() {
            return;
        }
    }
}

/// Copies one of the program's streams to `out`. When `out`'s reader has gone, it stops
/// reading, so the program's next write fails as a pipe's would (SIGPIPE). Once the program
/// has ended (`ended`), it copies what the pipe still holds and stops: a process that left the
/// program's group and still holds the stream is not waited for.
async fn drain(mut from: Receiver, out: Arc<dyn Sink>, mut ended: tokio::sync::watch::Receiver<bool>) {
    use tokio::io::AsyncReadExt;
    let mut buf = vec![0u8; 64 * 1024];
    loop {
        let n = tokio::select! {
            biased;
            read = from.read(&mut buf) => match read {
                Ok(0) | Err(_) => return,
                Ok(n) => n,
            },
            _ = ended.wait_for(|ended| *ended) => break,
        };
        if out.write_all(&buf[..n]).await.is_err() {
            return;
        }
    }
    // Read by the kernel, not through the runtime's readiness (which may not have seen yet what
    // the program wrote just before it ended); the pipe does not block.
    loop {
        let n = match rustix::io::read(std::os::fd::AsFd::as_fd(&from), &mut buf) {
            Ok(0) => return,
            Ok(n) => n,
            Err(rustix::io::Errno::INTR) => continue,
            Err(_) => return, // empty (EAGAIN): all of it has been copied
        };
        if out.write_all(&buf[..n]).await.is_err() {
            return;
        }
    }
}

/// Stops a task when dropped.
struct AbortOnDrop(tokio::task::JoinHandle<()>);

impl Drop for AbortOnDrop {
    fn drop(&mut self) {
        self.0.abort();
    }
}

/// Removes, when dropped, the protected files it holds that now exist (see [`remove_created`]).
struct TakeAway(Vec<PathBuf>);

impl Drop for TakeAway {
    fn drop(&mut self) {
        for path in &self.0 {
            take_away(path);
        }
    }
}

/// Removes `path` if it exists: `None` when it does not, else whether it went.
#[allow(clippy::disallowed_methods)] // undoing what a program made of toolsh's own files
fn take_away(path: &std::path::Path) -> Option<bool> {
    let removed = match std::fs::symlink_metadata(path).ok()? {
        meta if meta.is_dir() => std::fs::remove_dir_all(path),
        _ => std::fs::remove_file(path),
    };
    Some(removed.is_ok())
}

/// Protected files that did not exist when the program started (the policy file of a
/// workspace that has none yet) cannot be mounted read-only; one it made is removed.
async fn remove_created(missing: &[PathBuf], name: &str, io: &toolsh_gate::Streams) {
    for path in missing {
        let Some(removed) = take_away(path) else { continue };
        let what = if removed { "removed it" } else { "could not remove it" };
        let line =
            format!("toolsh: {name} made {}, which is toolsh's own and never writable; {what}\n", path.display());
        let _ = io.stderr.write_all(line.as_bytes()).await;
    }
}

/// A `dir` mount as host programs see it.
struct HostMount {
    host: PathBuf,
    read_only: bool,
}

/// The session's mounts: those with host directories, and where the others are.
struct HostMounts {
    all: Vec<HostMount>,
    vfs: Arc<crate::vfs::Vfs>,
}

impl HostMounts {
    fn of(vfs: &Arc<crate::vfs::Vfs>) -> HostMounts {
        let all = vfs
            .mounts()
            .iter()
            .filter_map(|m| {
                let host = m.backend.host_root()?.to_path_buf();
                Some(HostMount { host, read_only: m.read_only })
            })
            .collect();
        HostMounts { all, vfs: vfs.clone() }
    }

    /// The host path of the virtual path `abs`, or why there is none.
    fn host_path(&self, abs: &str) -> Result<PathBuf, String> {
        let mount = self
            .vfs
            .mounts()
            .iter()
            .find(|m| crate::vfs::path::strip_mount(abs, &m.at).is_some())
            .ok_or_else(|| "is outside every mount".to_string())?;
        let rel = crate::vfs::path::strip_mount(abs, &mount.at).unwrap_or_default();
        match mount.backend.host_root() {
            Some(root) if rel.is_empty() => Ok(root.to_path_buf()),
            Some(root) => Ok(root.join(&*toolsh_bytes::to_os(rel))),
            None => Err(format!("is in {} ({}), not a host directory", mount.at, mount.label)),
        }
    }

    /// The host path of `abs` when it lies in a `dir` mount the program may write.
    fn writable_host_path(&self, abs: &str) -> Option<PathBuf> {
        // The mounts are deepest first: the first holding `abs` is the one it lies in.
        let mount = self.vfs.mounts().iter().find(|m| crate::vfs::path::strip_mount(abs, &m.at).is_some())?;
        if mount.read_only {
            return None;
        }
        self.host_path(abs).ok()
    }

    /// The host directories between the root of the writable `dir` mount holding `abs` and
    /// `abs` itself (neither included) that exist now, outermost first.
    fn directories_above(&self, abs: &str) -> Vec<PathBuf> {
        let Some(file) = self.writable_host_path(abs) else { return Vec::new() };
        let Some(root) = self
            .all
            .iter()
            .map(|m| &m.host)
            .filter(|root| file.starts_with(root))
            .max_by_key(|root| root.components().count())
            .filter(|root| file != **root)
        else {
            return Vec::new(); // in no mount, or a mount's root itself: nothing above to keep
        };
        #[allow(clippy::disallowed_methods)] // which of them exist on the host now
        let found = file
            .ancestors()
            .skip(1)
            .take_while(|dir| dir != root)
            .filter(|dir| dir.is_dir())
            .map(PathBuf::from)
            .collect::<Vec<_>>();
        found.into_iter().rev().collect()
    }

    /// An argument as the program gets it: a virtual path (`/w/x`, or `--opt=/w/x`) inside a
    /// `dir` mount becomes its host path; one inside another mount cannot be given; anything
    /// else is passed as written (relative paths start from its working directory).
    fn translate(&self, word: &str) -> Result<String, Refusal> {
        let (head, path) = match word.find("=/") {
            Some(at) if word.starts_with('-') => word.split_at(at + 1),
            _ => ("", word),
        };
        if !path.starts_with('/')
            || !self.vfs.mounts().iter().any(|m| m.at != "/" && crate::vfs::path::strip_mount(path, &m.at).is_some())
        {
            return Ok(word.to_string());
        }
        let abs = crate::vfs::path::normalize("/", path);
        match self.host_path(&abs) {
            Ok(host) => Ok(format!("{head}{}", host.display())),
            Err(why) => Err((
                crate::status::UNAVAILABLE,
                format!(
                    "{path} {why}: host programs see only directories mounted from the host; copy it \
                     into the workspace (cp {path} .) and give that path; nothing ran"
                ),
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::HostMounts;
    use crate::vfs::{DirFs, MemoryFs, Vfs};
    use std::sync::Arc;

    #[test]
    fn a_path_in_no_host_directory_is_unavailable_with_what_to_do() {
        let dir = tempfile::tempdir().expect("tempdir");
        let mut vfs = Vfs::new();
        #[allow(clippy::disallowed_methods)] // the test's own directory
        vfs.mount("/w", Arc::new(DirFs::open(dir.path()).expect("dir")), false, "dir");
        vfs.mount("/m", Arc::new(MemoryFs::new()), false, "memory");
        let mounts = HostMounts::of(&Arc::new(vfs));
        assert_eq!(mounts.translate("/w/a.py").ok(), Some(dir.path().join("a.py").display().to_string()));
        assert_eq!(mounts.translate("--x=/w/b").ok(), Some(format!("--x={}", dir.path().join("b").display())));
        let (status, message) = mounts.translate("/m/p.diff").expect_err("memory");
        assert_eq!(status, crate::status::UNAVAILABLE);
        assert!(message.starts_with("/m/p.diff is in /m (memory), not a host directory"), "{message}");
        assert!(message.contains("cp /m/p.diff ."), "{message}");
    }
}
