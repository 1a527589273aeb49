//! A pids cgroup per launcher, where the host lets toolsh make one: every process a launcher's
//! programs start counts against its `pids.max`, so a fork bomb in a program ends in `EAGAIN`
//! inside it — also as root, whose processes the kernel exempts from `RLIMIT_NPROC` (the
//! check passes over uid 0 whatever capabilities it holds). toolsh makes the cgroup before it
//! starts the launcher and removes it once the launcher has ended; the launcher moves itself in
//! as the first thing it does, before it starts anything, so nothing of it runs outside.
//!
//! Where it is made: under toolsh's own cgroup in the hierarchy that has the pids controller —
//! a cgroup v1 `pids` mount, or cgroup v2 where toolsh's cgroup gives `pids` to its children
//! (`cgroup.subtree_control`). Where neither is writable (a container, a user without a
//! delegated cgroup), there is none, and the process rlimit alone bounds a program (which does
//! not bind root).

use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use std::sync::atomic::{AtomicU64, Ordering};

/// A launcher's pids cgroup, removed when dropped (once its processes have gone).
#[derive(Debug)]
pub(super) struct Cgroup {
    path: PathBuf,
}

/// Prefix of the cgroups toolsh makes: `toolsh-PID-N`, PID toolsh's own.
const PREFIX: &str = "toolsh-";

/// The directory toolsh makes its launchers' cgroups in, found (and tried) once per process.
fn parent() -> Option<&'static Path> {
    static PARENT: OnceLock<Option<PathBuf>> = OnceLock::new();
    PARENT.get_or_init(find_parent).as_deref()
}

/// Whether launchers get a pids cgroup here.
pub(super) fn available() -> bool {
    parent().is_some()
}

/// toolsh's cgroup in the hierarchy with the pids controller, if a child made there gets a
/// `pids.max` — found by making one (and removing it): whether the host lets toolsh write there
/// is known only by trying. Cgroups an earlier toolsh left (killed before it could remove
/// them) are removed on the way when nothing runs in them.
#[allow(clippy::disallowed_methods)] // the host's cgroup files, never a workspace's
fn find_parent() -> Option<PathBuf> {
    let own = std::fs::read_to_string("/proc/self/cgroup").ok()?;
    let mounts = std::fs::read_to_string("/proc/self/mountinfo").ok()?;
    // A v1 hierarchy with `pids` among its controllers, else the v2 one.
    let v1 = own.lines().find_map(|line| {
        let mut fields = line.splitn(3, ':');
        let (_, controllers, path) = (fields.next()?, fields.next()?, fields.next()?);
        controllers.split(',').any(|c| c == "pids").then_some(path)
    });
    let (path, fstype) = match v1 {
        Some(path) => (path, "cgroup"),
        None => (own.lines().find_map(|line| line.strip_prefix("0::"))?, "cgroup2"),
    };
    let mount = mounts.lines().find_map(|line| {
        let (left, right) = line.split_once(" - ")?;
        let mut right = right.split(' ');
        let (kind, _source, options) = (right.next()?, right.next()?, right.next()?);
        let wanted = kind == fstype && (fstype == "cgroup2" || options.split(',').any(|o| o == "pids"));
        let mut left = left.split(' ');
        let (root, point) = (left.nth(3)?, left.next()?);
        wanted.then(|| (root.to_string(), point.to_string()))
    })?;
    let (root, point) = mount;
    let inside = Path::new(path).strip_prefix(&root).ok()?;
    let dir = Path::new(&point).join(inside);
    // Try it: a child with a pids.max it can set.
    let probe = dir.join(format!("{PREFIX}{}-probe", std::process::id()));
    std::fs::create_dir(&probe).ok()?;
    let works = std::fs::write(probe.join("pids.max"), "max").is_ok();
    let _ = std::fs::remove_dir(&probe);
    if !works {
        return None;
    }
    sweep(&dir);
    Some(dir)
}

/// Removes the cgroups of toolsh processes that have ended (rmdir fails on one still in use).
#[allow(clippy::disallowed_methods)] // the host's cgroup files
fn sweep(dir: &Path) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(pid) = name.to_str().and_then(|n| n.strip_prefix(PREFIX)).and_then(|n| n.split('-').next()) else {
            continue;
        };
        let alive =
            pid.parse::<i32>().is_ok_and(|pid| nix::sys::signal::kill(nix::unistd::Pid::from_raw(pid), None).is_ok());
        if !alive {
            let _ = std::fs::remove_dir(entry.path());
        }
    }
}

impl Cgroup {
    /// A new cgroup allowing `processes` at once; `None` where toolsh can make none.
    #[allow(clippy::disallowed_methods)] // the host's cgroup files
    pub(super) fn make(processes: u64) -> Option<Cgroup> {
        static NEXT: AtomicU64 = AtomicU64::new(0);
        let dir = parent()?;
        let path = dir.join(format!("{PREFIX}{}-{}", std::process::id(), NEXT.fetch_add(1, Ordering::Relaxed)));
        std::fs::create_dir(&path).ok()?;
        let cgroup = Cgroup { path };
        std::fs::write(cgroup.path.join("pids.max"), processes.to_string()).ok()?;
        Some(cgroup)
    }

    /// Where it is (the launcher moves itself in there).
    pub(super) fn path(&self) -> &Path {
        &self.path
    }

    /// How many times a process of it could not be made because it was full (`pids.events`).
    #[allow(clippy::disallowed_methods)] // the host's cgroup files
    pub(super) fn refused(&self) -> u64 {
        let text = std::fs::read_to_string(self.path.join("pids.events")).unwrap_or_default();
        text.lines().find_map(|line| line.strip_prefix("max ")).and_then(|n| n.trim().parse().ok()).unwrap_or(0)
    }
}

impl Drop for Cgroup {
    /// Removes it once the kernel has let its last process go (a moment after the launcher
    /// was reaped); one still busy after a second is left to the next toolsh's sweep.
    #[allow(clippy::disallowed_methods)] // the host's cgroup files
    fn drop(&mut self) {
        for _ in 0..100 {
            match std::fs::remove_dir(&self.path) {
                Err(err) if err.raw_os_error() == Some(nix::libc::EBUSY) => {
                    std::thread::sleep(std::time::Duration::from_millis(10));
                }
                _ => return,
            }
        }
    }
}

/// Moves this process into the cgroup at `path` (the launcher, before it starts anything).
#[allow(clippy::disallowed_methods)] // the host's cgroup files, before the launcher confines itself
pub(super) fn join(path: &Path) -> Result<(), String> {
    std::fs::write(path.join("cgroup.procs"), std::process::id().to_string())
        .map_err(|err| format!("cannot enter its pids cgroup {}: {err}", path.display()))
}
