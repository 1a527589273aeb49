//! The launcher: toolsh started again, as `toolsh-launch`, between the shell and a host
//! program. In a process of its own — one thread, nothing else to break — it sets the limits,
//! the namespaces and the Landlock ruleset the [`Plan`] says, then becomes the program
//! (`exec`), which inherits all of them and can shed none (`no_new_privs`).
//!
//! Doing this in a fresh process rather than between `fork` and `exec` of the shell keeps
//! toolsh free of `unsafe` code (a `pre_exec` hook is unsafe: it runs in a copy of a
//! multi-threaded process) at the cost of one more `exec` per call.

use serde::{Deserialize, Serialize};
use std::ffi::OsStr;
use std::path::{Path, PathBuf};

/// The name the launcher is started under (its `argv[0]`).
pub const ARG0: &str = "toolsh-launch";

/// Exit status of a program that could not be started as declared (bash's "cannot execute").
pub const EXIT_CANNOT_RUN: i32 = 126;

/// What the launcher does: everything it needs, decided by the shell.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Plan {
    /// The command as typed (the program's `argv[0]`, and the name in messages).
    pub name: String,
    /// The program, an absolute host path.
    pub program: PathBuf,
    /// Its arguments.
    pub args: Vec<String>,
    /// Where it starts (a host directory of a `dir` mount).
    pub cwd: PathBuf,
    /// The kernel's confinement; `None` runs it unconfined (the operator said so).
    pub confine: Option<Confine>,
    /// Resource limits.
    pub limits: Rlimits,
}

/// What the program may reach.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Confine {
    /// The Landlock ABI the kernel has (checked when toolsh started).
    pub abi: i32,
    /// Read and execute (the program, the system's directories).
    pub exec: Vec<PathBuf>,
    /// Read only.
    pub read: Vec<PathBuf>,
    /// Read, write, create, remove, execute (the writable mounts, its private temporary
    /// directory).
    pub write: Vec<PathBuf>,
    /// Device files it may read and write (`/dev/null`).
    pub devices: Vec<PathBuf>,
    /// TCP connect and bind allowed.
    pub network: bool,
    /// An empty network namespace to join (`/proc/PID/ns/net` of the holder toolsh keeps,
    /// and the inode it must have) rather than make one: making one costs about a
    /// millisecond per call.
    pub netns: Option<(PathBuf, u64)>,
    /// Files inside writable directories it must not change (toolsh's own configuration and
    /// store): mounted read-only over themselves in a mount namespace of its own.
    pub readonly: Vec<PathBuf>,
}

/// The rlimits set before the program starts.
#[derive(Debug, Clone, Copy, Serialize, Deserialize)]
pub struct Rlimits {
    /// CPU seconds (from the line's deadline).
    pub cpu_seconds: Option<u64>,
    /// Largest file it may write.
    pub file_bytes: u64,
    /// Processes of its user.
    pub processes: u64,
    /// Address space.
    pub address_space: u64,
}

/// When this process was started as the launcher (`argv[0]` is `toolsh-launch`), carries out the plan
/// and never returns; otherwise returns at once. `toolsh`'s `main` calls it first of all, for
/// when the small `toolsh-launch` is not installed beside it.
pub fn main_if_launching() {
    let is_launcher =
        std::env::args_os().next().is_some_and(|arg0| Path::new(&arg0).file_name() == Some(OsStr::new(ARG0)));
    if is_launcher {
        launcher_main();
    }
}

/// The first argument that makes the launcher the holder of an empty network namespace.
pub const HOLD_NETNS: &str = "--hold-empty-network";

/// The launcher's `main`: carries out the plan in its first argument; never returns.
pub fn launcher_main() -> ! {
    if std::env::args_os().nth(1).is_some_and(|arg| arg == HOLD_NETNS) {
        hold_empty_network();
    }
    let plan = std::env::args_os().nth(1).and_then(|text| serde_json::from_str::<Plan>(&text.to_string_lossy()).ok());
    let Some(plan) = plan else {
        eprintln!("toolsh-launch: started without a plan (it is started by toolsh, not by hand)");
        std::process::exit(EXIT_CANNOT_RUN);
    };
    let (status, message) = launch(&plan);
    eprintln!("toolsh: {}: {message}", plan.name);
    std::process::exit(status);
}

/// Sets everything up and `exec`s the program; returns only on failure, with the status and
/// the reason.
fn launch(plan: &Plan) -> (i32, String) {
    if let Err(err) = set_limits(&plan.limits) {
        return (EXIT_CANNOT_RUN, format!("cannot set its resource limits: {err}"));
    }
    if let Some(confine) = &plan.confine {
        if let Err(err) = isolate(confine) {
            return (EXIT_CANNOT_RUN, err);
        }
        if let Err(err) = drop_capabilities() {
            return (EXIT_CANNOT_RUN, format!("cannot drop its capabilities: {err}"));
        }
        if let Err(err) = restrict(confine) {
            return (EXIT_CANNOT_RUN, format!("cannot confine it with Landlock: {err}"));
        }
    }
    #[allow(clippy::disallowed_methods)] // the one host program start: the operator declared it
    let mut command = std::process::Command::new(&plan.program);
    use std::os::unix::process::CommandExt;
    command.arg0(&plan.name).args(&plan.args).current_dir(&plan.cwd);
    let err = command.exec();
    let status = if err.kind() == std::io::ErrorKind::NotFound { 127 } else { EXIT_CANNOT_RUN };
    (status, format!("{}: {}", plan.program.display(), toolsh_vfs::describe(&err)))
}

fn set_limits(limits: &Rlimits) -> nix::Result<()> {
    use nix::sys::resource::{Resource, setrlimit};
    if let Some(seconds) = limits.cpu_seconds {
        // The soft limit sends SIGXCPU, the hard one a second later SIGKILL.
        setrlimit(Resource::RLIMIT_CPU, seconds, seconds.saturating_add(1))?;
    }
    setrlimit(Resource::RLIMIT_FSIZE, limits.file_bytes, limits.file_bytes)?;
    setrlimit(Resource::RLIMIT_NPROC, limits.processes, limits.processes)?;
    setrlimit(Resource::RLIMIT_AS, limits.address_space, limits.address_space)?;
    Ok(())
}

/// An empty network namespace when the network is cut, and a mount namespace with the
/// protected files read-only when there are any. As root both come directly; otherwise inside
/// a user namespace of its own. Without a network namespace, Landlock's TCP rules still cut
/// the network (ABI 4 and later); without a mount namespace the protected files cannot be
/// kept, and the program does not run.
fn isolate(confine: &Confine) -> Result<(), String> {
    use nix::sched::{CloneFlags, unshare};
    let mut wanted = CloneFlags::empty();
    if !confine.network && !joined(confine.netns.as_ref()) {
        wanted |= CloneFlags::CLONE_NEWNET;
    }
    if !confine.readonly.is_empty() {
        wanted |= CloneFlags::CLONE_NEWNS;
    }
    if wanted.is_empty() {
        return Ok(());
    }
    let root = nix::unistd::geteuid().is_root();
    let unshared = if root {
        unshare(wanted).map_err(|e| e.to_string())
    } else {
        let (uid, gid) = (nix::unistd::getuid(), nix::unistd::getgid());
        unshare(wanted | CloneFlags::CLONE_NEWUSER).map_err(|e| e.to_string()).and_then(|()| map_ids(uid, gid))
    };
    if let Err(err) = unshared {
        if !confine.readonly.is_empty() {
            return Err(format!(
                "cannot keep {} read-only for it: no mount namespace ({err}); run toolsh as root or \
                 with user namespaces allowed, keep toolsh's files outside the mount, or declare the \
                 program with writable = false",
                confine.readonly[0].display()
            ));
        }
        if confine.abi < 4 {
            return Err(format!(
                "cannot cut its network: no network namespace ({err}) and Landlock ABI {} has no \
                 network rules; declare it with network = true to run it anyway",
                confine.abi
            ));
        }
        return Ok(());
    }
    if !confine.readonly.is_empty() {
        use nix::mount::{MsFlags, mount};
        let none: Option<&str> = None;
        mount(none, "/", none, MsFlags::MS_REC | MsFlags::MS_PRIVATE, none)
            .map_err(|e| format!("cannot make its mounts private: {e}"))?;
        for path in &confine.readonly {
            mount(Some(path), path, none, MsFlags::MS_BIND, none)
                .and_then(|()| {
                    let flags = MsFlags::MS_BIND | MsFlags::MS_REMOUNT | MsFlags::MS_RDONLY;
                    mount(none, path, none, flags, none)
                })
                .map_err(|e| format!("cannot keep {} read-only for it: {e}", path.display()))?;
        }
    }
    Ok(())
}

/// Joins the network namespace at `path`, when there is one, it is still the one with
/// `inode`, and that works.
fn joined(namespace: Option<&(PathBuf, u64)>) -> bool {
    use std::os::unix::fs::MetadataExt;
    let Some((path, inode)) = namespace else { return false };
    #[allow(clippy::disallowed_methods)] // the holder's namespace file, named by toolsh
    let Ok(file) = std::fs::File::open(path) else { return false };
    if file.metadata().map(|meta| meta.ino()).ok() != Some(*inode) {
        return false;
    }
    nix::sched::setns(file, nix::sched::CloneFlags::CLONE_NEWNET).is_ok()
}

/// The holder: makes an empty network namespace, says `ready`, and keeps it alive for the
/// launchers to join until its standard input closes (toolsh ended).
fn hold_empty_network() -> ! {
    use std::io::{Read, Write};
    if let Err(err) = nix::sched::unshare(nix::sched::CloneFlags::CLONE_NEWNET) {
        eprintln!("toolsh-launch: cannot make a network namespace: {err}");
        std::process::exit(EXIT_CANNOT_RUN);
    }
    let _ = std::io::stdout().write_all(b"ready\n").and_then(|()| std::io::stdout().flush());
    let mut rest = Vec::new();
    let _ = std::io::stdin().read_to_end(&mut rest);
    std::process::exit(0);
}

/// Gives up every capability (all sets, the bounding set first), so a program started by root
/// holds none of root's powers the file rules do not cover (rebooting, setting the clock,
/// loading modules, raw devices); with `no_new_privs`, nothing it runs gets them back.
fn drop_capabilities() -> Result<(), String> {
    use caps::CapSet;
    // Without CAP_SETPCAP (not root) the bounding set cannot change, and there is nothing to
    // lose: what must hold is that no effective capability is left.
    let _ = caps::clear(None, CapSet::Bounding);
    for set in [CapSet::Ambient, CapSet::Inheritable, CapSet::Permitted, CapSet::Effective] {
        caps::clear(None, set).map_err(|e| e.to_string())?;
    }
    match caps::read(None, CapSet::Effective) {
        Ok(left) if left.is_empty() => Ok(()),
        Ok(left) => Err(format!("{} remain", left.len())),
        Err(err) => Err(err.to_string()),
    }
}

/// Maps the caller's own ids into a new user namespace (so files keep their owners).
#[allow(clippy::disallowed_methods)] // the launcher's own /proc files, before the program exists
fn map_ids(uid: nix::unistd::Uid, gid: nix::unistd::Gid) -> Result<(), String> {
    let write = |file: &str, text: String| std::fs::write(file, text).map_err(|e| format!("{file}: {e}"));
    write("/proc/self/setgroups", "deny".to_string())?;
    write("/proc/self/uid_map", format!("{uid} {uid} 1"))?;
    write("/proc/self/gid_map", format!("{gid} {gid} 1"))
}

/// The Landlock ABIs this launcher knows, newest first, with their numbers.
pub(super) const ABIS: [(landlock::ABI, i32); 7] = [
    (landlock::ABI::V7, 7),
    (landlock::ABI::V6, 6),
    (landlock::ABI::V5, 5),
    (landlock::ABI::V4, 4),
    (landlock::ABI::V3, 3),
    (landlock::ABI::V2, 2),
    (landlock::ABI::V1, 1),
];

/// Applies the Landlock ruleset to this process (and so to the program it becomes).
fn restrict(confine: &Confine) -> Result<(), String> {
    use landlock::{
        ABI, Access, AccessFs, AccessNet, BitFlags, CompatLevel, Compatible, PathBeneath, PathFd, Ruleset, RulesetAttr,
        RulesetCreatedAttr, RulesetStatus, Scope,
    };
    let abi = ABIS.iter().find(|(_, number)| *number <= confine.abi).map_or(ABI::V1, |(abi, _)| *abi);
    let all = AccessFs::from_all(abi);
    let read = AccessFs::from_read(abi);
    let read_only = read & !BitFlags::from(AccessFs::Execute);
    let file_rights = AccessFs::from_file(abi);
    let fail = |e: &dyn std::fmt::Display| e.to_string();
    let mut ruleset =
        Ruleset::default().set_compatibility(CompatLevel::HardRequirement).handle_access(all).map_err(|e| fail(&e))?;
    if !confine.network && confine.abi >= 4 {
        ruleset = ruleset.handle_access(AccessNet::from_all(abi)).map_err(|e| fail(&e))?;
    }
    if confine.abi >= 6 {
        // Signals only within its own processes; no abstract Unix sockets made outside.
        ruleset = ruleset.scope(Scope::from_all(abi)).map_err(|e| fail(&e))?;
    }
    let mut created = ruleset.create().map_err(|e| fail(&e))?;
    let groups: [(&[PathBuf], BitFlags<AccessFs>); 4] =
        [(&confine.exec, read), (&confine.read, read_only), (&confine.write, all), (&confine.devices, file_rights)];
    for (paths, rights) in groups {
        for path in paths {
            let Ok(fd) = PathFd::new(path) else { continue }; // absent here: nothing to allow
            let is_dir = path.is_dir();
            let rights = if is_dir { rights } else { rights & file_rights };
            created = created.add_rule(PathBeneath::new(fd, rights)).map_err(|e| format!("{}: {e}", path.display()))?;
        }
    }
    let status = created.restrict_self().map_err(|e| fail(&e))?;
    if status.ruleset != RulesetStatus::FullyEnforced {
        return Err(format!("the kernel enforced it only in part ({:?})", status.ruleset));
    }
    Ok(())
}
