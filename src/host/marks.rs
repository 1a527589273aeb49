//! Marks of running host-program calls, so that a toolsh started meanwhile does not take a
//! policy file or store such a call could have planted.
//!
//! While a program may write the workspace, the toolsh that started it keeps a mark — a small
//! file in a directory of the user's own in the host's temporary directory
//! (`toolsh-calls-UID/PID-N`), outside every program's root — saying which host directories it
//! may write and since when, which of toolsh's own files it sees read-only, and which of them
//! did not exist (and so could be created by it, to be removed when the call ends). A toolsh
//! that starts (console, `-c`, a restarted server) looks at the marks before it takes its
//! policy file and store: one the program could have made or changed — created where a mark
//! says it was missing, or changed since a call began that can write where it lies — stops it
//! with the reason, before anything declared in it (a `[mount]` of `/`, an MCP server, a
//! rule) takes effect. A mark outlives its toolsh only when that toolsh was killed: it is kept
//! while a file the call could have made of toolsh's is there (nothing took it away), and a
//! toolsh that would take that file names the mark, which the operator removes once the file
//! has been looked at; otherwise the next toolsh that starts removes it.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// A mark while its call runs; removed when dropped.
pub(super) struct Mark {
    path: PathBuf,
}

/// What a call's program can reach of the workspace.
pub(super) struct Reach<'a> {
    /// The host directories it may write.
    pub(super) writable: &'a [PathBuf],
    /// toolsh's own files it sees read-only.
    pub(super) kept: &'a [PathBuf],
    /// toolsh's own files that did not exist when it started: it could create them.
    pub(super) missing: &'a [PathBuf],
}

/// The directory of this user's marks, made when `make`; `None` when it cannot be trusted (not
/// a directory of this user's, or open to others).
#[allow(clippy::disallowed_methods)] // toolsh's own directory on the host, outside every mount
fn directory(make: bool) -> Option<PathBuf> {
    use std::os::unix::fs::{DirBuilderExt, MetadataExt};
    let uid = nix::unistd::geteuid().as_raw();
    let dir = std::env::temp_dir().join(format!("toolsh-calls-{uid}"));
    if make {
        let _ = std::fs::DirBuilder::new().mode(0o700).create(&dir);
    }
    let meta = std::fs::symlink_metadata(&dir).ok()?;
    (meta.is_dir() && meta.uid() == uid && meta.mode() & 0o077 == 0).then_some(dir)
}

/// The host path with its directory's links resolved (the file itself may not exist).
#[allow(clippy::disallowed_methods)] // the operator's paths, on the host
fn resolved(path: &Path) -> PathBuf {
    if let Ok(real) = std::fs::canonicalize(path) {
        return real;
    }
    match (path.parent().and_then(|dir| std::fs::canonicalize(dir).ok()), path.file_name()) {
        (Some(dir), Some(name)) => dir.join(name),
        _ => path.to_path_buf(),
    }
}

impl Mark {
    /// Marks a call that reaches `reach`, now; `None` where no mark can be kept (the
    /// directory is not this user's), and then a toolsh started meanwhile is not warned.
    #[allow(clippy::disallowed_methods)] // toolsh's own directory on the host, outside every mount
    pub(super) fn new(reach: &Reach<'_>) -> Option<Mark> {
        static NEXT: AtomicU64 = AtomicU64::new(0);
        let dir = directory(true)?;
        let path = dir.join(format!("{}-{}", std::process::id(), NEXT.fetch_add(1, Ordering::Relaxed)));
        let since = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).ok()?.as_nanos();
        let mut text = format!("since {since}\n");
        for (word, paths) in [("writable", reach.writable), ("kept", reach.kept), ("missing", reach.missing)] {
            for path in paths {
                text.push_str(&format!("{word} {}\n", resolved(path).display()));
            }
        }
        let mut file = std::fs::File::create(&path).ok()?;
        file.write_all(text.as_bytes()).ok()?;
        Some(Mark { path })
    }
}

impl Drop for Mark {
    #[allow(clippy::disallowed_methods)] // toolsh's own mark
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.path);
    }
}

/// One mark as read back.
struct Read {
    file: PathBuf,
    pid: i32,
    since: std::time::SystemTime,
    writable: Vec<PathBuf>,
    kept: Vec<PathBuf>,
    missing: Vec<PathBuf>,
}

/// Why `paths` (the policy file and store a toolsh is about to take) may have been planted by
/// a host program another toolsh started, if any could have been; `Ok` otherwise. Marks of
/// toolsh processes that have ended, on files they could not have planted, are removed.
#[allow(clippy::disallowed_methods)] // the marks and the operator's files, on the host
pub fn check_planted(paths: &[PathBuf]) -> Result<(), String> {
    let Some(dir) = directory(false) else { return Ok(()) };
    let Ok(entries) = std::fs::read_dir(&dir) else { return Ok(()) };
    let paths: Vec<PathBuf> = paths.iter().map(|path| resolved(path)).collect();
    for entry in entries.flatten() {
        let Some(mark) = read(&entry.path()) else { continue };
        if mark.pid == std::process::id() as i32 {
            continue;
        }
        let alive = nix::sys::signal::kill(nix::unistd::Pid::from_raw(mark.pid), None).is_ok();
        let mut why = None;
        for path in &paths {
            if mark.kept.contains(path) {
                continue; // read-only to the program all along
            }
            let changed = std::fs::symlink_metadata(path).ok().map(|meta| {
                use std::os::unix::fs::MetadataExt;
                let nanos = u64::try_from(meta.ctime()).unwrap_or(0) * 1_000_000_000
                    + u64::try_from(meta.ctime_nsec()).unwrap_or(0);
                std::time::UNIX_EPOCH + std::time::Duration::from_nanos(nanos)
            });
            let Some(changed) = changed else { continue }; // absent: nothing to take
            if mark.missing.contains(path) {
                why = Some(format!("{} did not exist when that program started, and now does", path.display()));
            } else if alive
                && let Some(dir) = mark.writable.iter().find(|dir| path.starts_with(dir))
                && changed >= mark.since
            {
                why = Some(format!(
                    "{} lies in {}, which that program can write, and changed after it started",
                    path.display(),
                    dir.display()
                ));
            }
            if why.is_some() {
                break;
            }
        }
        match (why, alive) {
            (None, true) => {}
            (None, false) => {
                // Its toolsh has ended, and with it the call: the mark goes unless a file of
                // toolsh's that the call could have made is there (its toolsh, killed, never
                // took it away), for the toolsh that would take it to find.
                if !mark.missing.iter().any(|path| std::fs::symlink_metadata(path).is_ok()) {
                    let _ = std::fs::remove_file(&mark.file);
                }
            }
            (Some(why), true) => {
                return Err(format!(
                    "a host program started by toolsh (pid {}) is running with write access to this \
                     workspace: {why}, so it may have been planted; toolsh takes no policy or store \
                     it could have written — start again when that call has ended (a file it made is \
                     removed then)",
                    mark.pid
                ));
            }
            (Some(why), false) => {
                return Err(format!(
                    "a host program started by a toolsh that has since been killed (pid {}) could write \
                     this workspace: {why}, so it may have been planted; look at it, then remove {} to \
                     start",
                    mark.pid,
                    mark.file.display()
                ));
            }
        }
    }
    Ok(())
}

/// Reads the mark at `file` (`PID-N`: `since NANOS`, then a path a line).
#[allow(clippy::disallowed_methods)] // a mark, on the host
fn read(file: &Path) -> Option<Read> {
    let pid = file.file_name()?.to_str()?.split('-').next()?.parse().ok()?;
    let text = std::fs::read_to_string(file).ok()?;
    let mut mark = Read {
        file: file.to_path_buf(),
        pid,
        since: std::time::UNIX_EPOCH,
        writable: Vec::new(),
        kept: Vec::new(),
        missing: Vec::new(),
    };
    for line in text.lines() {
        let (word, rest) = line.split_once(' ')?;
        match word {
            "since" => {
                let nanos: u128 = rest.parse().ok()?;
                mark.since = std::time::UNIX_EPOCH + std::time::Duration::from_nanos(u64::try_from(nanos).ok()?);
            }
            "writable" => mark.writable.push(PathBuf::from(rest)),
            "kept" => mark.kept.push(PathBuf::from(rest)),
            "missing" => mark.missing.push(PathBuf::from(rest)),
            _ => {}
        }
    }
    Some(mark)
}
