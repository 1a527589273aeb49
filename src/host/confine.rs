//! The confinement a launcher puts on itself once, before it starts any program: resource
//! limits, an empty network namespace, toolsh's own files read-only in a mount namespace of its
//! own, no capabilities, and a Landlock ruleset. Every program it then starts inherits all of
//! them and can shed none (`no_new_privs`).
//!
//! It runs in the launcher's one thread, before any other exists: `unshare` of a mount
//! namespace needs a single-threaded process, and a Landlock domain binds the thread that takes
//! it and what that thread starts.

use serde::{Deserialize, Serialize};
use std::path::PathBuf;

/// What the program may reach.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
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
    /// Files inside writable directories it must not change (toolsh's own configuration and
    /// store): mounted read-only over themselves in a mount namespace of its own.
    pub readonly: Vec<PathBuf>,
    /// The directories between a writable mount's root and those files, outermost first:
    /// mounted over themselves (still writable), so none can be renamed or removed — which
    /// would carry the read-only file away and let a forged one take its path.
    pub pinned: Vec<PathBuf>,
    /// An empty directory where it builds the program's root: a file system holding only the
    /// paths above (bound from the host), so what lies elsewhere — Unix sockets of other
    /// servers (`/run`, `/tmp/tmux-*`), `/proc`, the rest of `/dev` — is not there at all.
    /// `None`: the host's root, with Landlock's rules alone.
    pub root: Option<PathBuf>,
}

/// The rlimits every program of a launcher has (CPU time comes with each call, from its
/// deadline).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rlimits {
    /// Largest file it may write.
    pub file_bytes: u64,
    /// Processes of its user.
    pub processes: u64,
    /// Address space.
    pub address_space: u64,
}

/// Confines this process as `confine` says; the reason when it cannot be.
pub fn apply(confine: &Confine) -> Result<(), String> {
    isolate(confine)?;
    drop_capabilities().map_err(|err| format!("cannot drop its capabilities: {err}"))?;
    restrict(confine).map_err(|err| format!("cannot confine it with Landlock: {err}"))
}

/// Sets `limits` on this process (and so on every program it starts).
pub fn set_limits(limits: &Rlimits) -> nix::Result<()> {
    use nix::sys::resource::{Resource, setrlimit};
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
    if !confine.network {
        wanted |= CloneFlags::CLONE_NEWNET;
    }
    if !confine.readonly.is_empty() || !confine.pinned.is_empty() || confine.root.is_some() {
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
        if !confine.readonly.is_empty() || !confine.pinned.is_empty() {
            return Err(format!(
                "cannot keep {} read-only for it: no mount namespace ({err}); run toolsh as root or \
                 with user namespaces allowed, keep toolsh's files outside the mount, or declare the \
                 program with writable = false",
                confine
                    .readonly
                    .first()
                    .or(confine.pinned.first())
                    .map(|p| p.display().to_string())
                    .unwrap_or_default()
            ));
        }
        // Without a mount namespace there is no root of its own: Landlock's rules alone hold
        // (which, before ABI 9, leave Unix sockets reachable).
        if confine.abi < 4 && !confine.network {
            return Err(format!(
                "cannot cut its network: no network namespace ({err}) and Landlock ABI {} has no \
                 network rules; declare it with network = true to run it anyway",
                confine.abi
            ));
        }
        return Ok(());
    }
    if !confine.readonly.is_empty() || !confine.pinned.is_empty() || confine.root.is_some() {
        use nix::mount::{MsFlags, mount};
        let none: Option<&str> = None;
        mount(none, "/", none, MsFlags::MS_REC | MsFlags::MS_PRIVATE, none)
            .map_err(|e| format!("cannot make its mounts private: {e}"))?;
        if let Some(staging) = &confine.root {
            own_root(confine, staging)?;
        }
        // First the directories (a bind over one made later would hide the files' binds
        // inside it): a mount point cannot be renamed or removed (EBUSY), its contents can.
        for path in &confine.pinned {
            mount(Some(path), path, none, MsFlags::MS_BIND, none)
                .map_err(|e| format!("cannot keep {} in place for it: {e}", path.display()))?;
        }
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

/// Makes `staging` the root of this mount namespace, holding only the paths `confine` lets the
/// program reach, each bound from the host at its own path (a path inside one already bound
/// comes with it); the host's root is then let go.
#[allow(clippy::disallowed_methods)] // the launcher building its programs' root, before any program exists
fn own_root(confine: &Confine, staging: &std::path::Path) -> Result<(), String> {
    use nix::mount::{MntFlags, MsFlags, mount, umount2};
    let none: Option<&str> = None;
    let fail = |what: &str, path: &std::path::Path, err: &dyn std::fmt::Display| {
        format!("cannot build its root ({what} {}): {err}", path.display())
    };
    mount(Some("tmpfs"), staging, Some("tmpfs"), MsFlags::MS_NOSUID, Some("mode=0755"))
        .map_err(|e| fail("a file system at", staging, &e))?;
    let mut paths: Vec<&PathBuf> =
        confine.exec.iter().chain(&confine.read).chain(&confine.write).chain(&confine.devices).collect();
    // Outermost first: what lies inside a bound directory is there already.
    paths.sort_by_key(|path| path.components().count());
    let mut bound: Vec<&PathBuf> = Vec::new();
    for path in paths {
        if !path.is_absolute() || bound.iter().any(|outer| path.starts_with(outer)) {
            continue;
        }
        let Ok(meta) = std::fs::metadata(path) else { continue }; // absent here: nothing to give
        let Ok(rel) = path.strip_prefix("/") else { continue };
        let at = staging.join(rel);
        if let Some(parent) = at.parent() {
            std::fs::create_dir_all(parent).map_err(|e| fail("a directory for", path, &e))?;
        }
        let made = if meta.is_dir() { std::fs::create_dir(&at) } else { std::fs::File::create(&at).map(drop) };
        match made {
            Err(err) if err.kind() != std::io::ErrorKind::AlreadyExists => return Err(fail("a place for", path, &err)),
            _ => {}
        }
        mount(Some(path.as_path()), &at, none, MsFlags::MS_BIND | MsFlags::MS_REC, none)
            .map_err(|e| fail("binding", path, &e))?;
        // What it may not write is bound read-only: Landlock's rules do not cover a file's
        // mode, times or owner, and a program started by root owns root's files — so without
        // this, `chmod u+s /usr/bin/python3` by a confined program changed the host's file.
        // (A device stays writable; a path holding a writable one keeps it writable.)
        let holds_writable = confine.write.iter().any(|w| w.starts_with(path));
        if !holds_writable && !confine.devices.contains(path) {
            read_only(&at).map_err(|e| fail("making read-only", path, &e))?;
        }
        bound.push(path);
    }
    let old = staging.join(".host-root");
    std::fs::create_dir(&old).map_err(|e| fail("a place for", &old, &e))?;
    nix::unistd::pivot_root(staging, &old).map_err(|e| fail("pivoting into", staging, &e))?;
    nix::unistd::chdir("/").map_err(|e| fail("entering", staging, &e))?;
    umount2("/.host-root", MntFlags::MNT_DETACH).map_err(|e| fail("letting go of", &old, &e))?;
    let _ = std::fs::remove_dir("/.host-root");
    Ok(())
}

/// Remounts the bind at `at` read-only, keeping the flags its source has (in a user namespace
/// the kernel refuses a remount that would drop one of them).
fn read_only(at: &std::path::Path) -> nix::Result<()> {
    use nix::mount::{MsFlags, mount};
    use nix::sys::statvfs::{FsFlags, statvfs};
    let had = statvfs(at)?.flags();
    let mut flags = MsFlags::MS_BIND | MsFlags::MS_REMOUNT | MsFlags::MS_RDONLY;
    for (fs, ms) in [
        (FsFlags::ST_NOSUID, MsFlags::MS_NOSUID),
        (FsFlags::ST_NODEV, MsFlags::MS_NODEV),
        (FsFlags::ST_NOEXEC, MsFlags::MS_NOEXEC),
        (FsFlags::ST_NOATIME, MsFlags::MS_NOATIME),
        (FsFlags::ST_NODIRATIME, MsFlags::MS_NODIRATIME),
        (FsFlags::ST_RELATIME, MsFlags::MS_RELATIME),
    ] {
        if had.contains(fs) {
            flags |= ms;
        }
    }
    let none: Option<&str> = None;
    mount(none, at, none, flags, none)
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
pub(super) fn map_ids(uid: nix::unistd::Uid, gid: nix::unistd::Gid) -> Result<(), String> {
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

/// Applies the Landlock ruleset to this process (and so to the programs it starts).
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
