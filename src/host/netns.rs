//! The empty network namespace host programs without network share: one holder process
//! (`toolsh-launch --hold-empty-network`) makes it once and keeps it alive while toolsh runs,
//! and each launcher joins it (`setns`) instead of making its own — about a millisecond less
//! per call. Only as root: joining another process's namespace needs `CAP_SYS_ADMIN` over it.
//! The programs hold no capabilities (the launcher drops them), so none can bring its
//! loopback up: sharing it gives them nothing to reach one another by.

use super::launch::{ARG0, HOLD_NETNS};
use std::io::BufRead;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Stdio};

/// The holder, alive while this value is.
#[derive(Debug)]
pub(crate) struct Holder {
    child: Child,
    /// Its namespace, and that namespace's inode: a launcher joins it only if the file still
    /// names that namespace (should the holder have died and its pid been reused, it would
    /// name another process's).
    namespace: (PathBuf, u64),
}

impl Holder {
    /// Starts the holder and waits for its namespace; `None` where that cannot be (not root,
    /// or the kernel refused), and each launcher makes its own.
    pub(crate) fn start(launcher: &Path) -> Option<Holder> {
        if !nix::unistd::geteuid().is_root() {
            return None;
        }
        #[allow(clippy::disallowed_methods)] // the operator's host programs' namespace holder
        let mut command = std::process::Command::new(launcher);
        command
            .arg0(ARG0)
            .arg(HOLD_NETNS)
            .env_clear()
            .process_group(0)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null());
        let mut child = command.spawn().ok()?;
        let mut ready = String::new();
        let said = child.stdout.take().map(std::io::BufReader::new).and_then(|mut out| out.read_line(&mut ready).ok());
        if said.is_none() || ready != "ready\n" {
            let _ = child.kill();
            let _ = child.wait();
            return None;
        }
        let path = PathBuf::from(format!("/proc/{}/ns/net", child.id()));
        #[allow(clippy::disallowed_methods)] // the namespace's identity, read once
        let inode = std::fs::metadata(&path).ok().map(|meta| std::os::unix::fs::MetadataExt::ino(&meta));
        let Some(inode) = inode else {
            drop(Holder { child, namespace: (path, 0) });
            return None;
        };
        Some(Holder { child, namespace: (path, inode) })
    }

    /// Its namespace: the file to join and the inode it must have.
    pub(crate) fn namespace(&self) -> &(PathBuf, u64) {
        &self.namespace
    }
}

impl Drop for Holder {
    fn drop(&mut self) {
        // Its input closing ends it; then it is reaped.
        drop(self.child.stdin.take());
        let _ = self.child.wait();
    }
}
