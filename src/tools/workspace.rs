//! [`Fs`]: the shell's view of the workspace. Commands, redirections, globs and scripts reach
//! files only through it, and each operation that reads content or changes anything is a call of
//! an `fs.*` tool through the [`Gate`]: `read` is `fs.read`, `write` `fs.write`, `read_dir`
//! `fs.list`, `mkdir` `fs.mkdir`, removals `fs.delete`, `rename` `fs.move`, `copy_tree`
//! `fs.copy`. Typed and streamed: no JSON on this path, just a decision and an audit record.
//!
//! Metadata lookups (`stat`, `exists`, `resolve`, `read_link`) are not tool calls: every
//! command needs them, they change nothing, and they reveal no content.

use super::gate::{Denied, Gate};
use super::{SideEffect, Ticket};
use crate::policy::ToolFacts;
use crate::vfs::{DirEntry, FileKind, Meta, Vfs, WriteMode};
use std::io;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::SystemTime;

/// The facts of the built-in fs tools, as the gate needs them.
pub(crate) mod facts {
    use super::*;

    const fn tool(name: &'static str, side_effect: SideEffect) -> ToolFacts<'static> {
        let writes = !matches!(side_effect, SideEffect::ReadOnly);
        ToolFacts { name, side_effect, restricted: false, writes }
    }

    pub const READ: ToolFacts<'static> = tool("fs.read", SideEffect::ReadOnly);
    pub const WRITE: ToolFacts<'static> = tool("fs.write", SideEffect::SideEffecting);
    pub const LIST: ToolFacts<'static> = tool("fs.list", SideEffect::ReadOnly);
    pub const MKDIR: ToolFacts<'static> = tool("fs.mkdir", SideEffect::SideEffecting);
    pub const COPY: ToolFacts<'static> = tool("fs.copy", SideEffect::SideEffecting);
    pub const MOVE: ToolFacts<'static> = tool("fs.move", SideEffect::SideEffecting);
    pub const DELETE: ToolFacts<'static> = tool("fs.delete", SideEffect::SideEffecting);
}

/// The workspace as one command sees it: every content access passes the gate in the name of
/// `command`.
pub struct Fs<'a> {
    vfs: &'a Arc<Vfs>,
    gate: &'a Gate,
    command: &'a str,
    /// Set when the gate refused a call, so the command's failure becomes status 126.
    denied: &'a AtomicBool,
}

impl<'a> Fs<'a> {
    /// A view for `command`; refusals are noted in `denied`.
    pub fn new(vfs: &'a Arc<Vfs>, gate: &'a Gate, command: &'a str, denied: &'a AtomicBool) -> Self {
        Fs { vfs, gate, command, denied }
    }

    fn admit(&self, tool: ToolFacts<'static>, path: &str) -> io::Result<Ticket<'a>> {
        // A write through a symlink is judged by where it lands when that is the control plane.
        // Only writes that follow a final link can land elsewhere: removing, renaming or
        // replacing a link changes the link itself.
        let follows = tool.name == facts::WRITE.name || tool.name == facts::COPY.name;
        let target = if follows { self.write_target(path) } else { None };
        let subject = match &target {
            Some(target) if self.gate.policy().control_plane_of(target).is_some() => target.as_str(),
            _ => path,
        };
        self.gate.admit(self.command, tool, Some(subject)).map_err(|denied| self.refused(denied))
    }

    /// Where a write to `path` lands when its last component is a symlink (so a link cannot
    /// carry a write into the control plane).
    fn write_target(&self, path: &str) -> Option<String> {
        match self.vfs.lstat(path) {
            Ok(meta) if meta.kind == FileKind::Symlink => self.vfs.resolve(path, true).ok(),
            _ => None,
        }
    }

    fn call<T>(&self, tool: ToolFacts<'static>, path: &str, op: impl FnOnce() -> io::Result<T>) -> io::Result<T> {
        let ticket = self.admit(tool, path)?;
        let result = op();
        self.gate.record(ticket, i32::from(result.is_err()));
        result
    }

    /// Metadata, following symlinks.
    pub fn stat(&self, abs: &str) -> io::Result<Meta> {
        self.vfs.stat(abs)
    }

    /// Metadata of the path itself.
    pub fn lstat(&self, abs: &str) -> io::Result<Meta> {
        self.vfs.lstat(abs)
    }

    /// True when the path exists.
    pub fn exists(&self, abs: &str) -> bool {
        self.vfs.exists(abs)
    }

    /// The path with symlinks resolved.
    pub fn resolve(&self, abs: &str, follow_last: bool) -> io::Result<String> {
        self.vfs.resolve(abs, follow_last)
    }

    /// The target of a symlink.
    pub fn read_link(&self, abs: &str) -> io::Result<String> {
        self.vfs.read_link(abs)
    }

    /// `fs.read`: the whole content of a file.
    pub fn read(&self, abs: &str) -> io::Result<Vec<u8>> {
        // Devices are no one's files: no call to gate or audit.
        if matches!(abs, "/dev/null" | "/dev/zero") {
            return self.vfs.read(abs);
        }
        self.call(facts::READ, abs, || self.vfs.read(abs))
    }

    /// `fs.read`: opens a file to be read in pieces (one call, however many reads follow).
    pub fn open_reader(&self, abs: &str) -> io::Result<Box<dyn crate::vfs::Reader>> {
        if matches!(abs, "/dev/null" | "/dev/zero") {
            return self.vfs.open_reader(abs);
        }
        self.call(facts::READ, abs, || self.vfs.open_reader(abs))
    }

    /// `fs.write`: writes a file.
    pub fn write(&self, abs: &str, data: &[u8], mode: WriteMode) -> io::Result<()> {
        if abs == "/dev/null" {
            return Ok(());
        }
        self.open_writer(abs, mode)?.write_all(data)
    }

    /// `fs.write`: opens a file for a stream of writes (one call, however many writes follow).
    /// The file is opened without following a final symlink; only when there is one is its
    /// target looked up and judged (a link must not carry a write into the control plane), so
    /// the common case costs no extra lookup.
    pub fn open_writer(&self, abs: &str, mode: WriteMode) -> io::Result<Box<dyn io::Write + Send>> {
        if abs == "/dev/null" {
            return Ok(Box::new(io::sink()));
        }
        let ticket = self.gate.admit(self.command, facts::WRITE, Some(abs)).map_err(|d| self.refused(d))?;
        let result = match self.vfs.open_writer_no_follow(abs, mode) {
            Err(err) if crate::vfs::is_final_symlink(&err) => self.through_link(abs, mode),
            other => other,
        };
        self.gate.record(ticket, i32::from(result.is_err()));
        result
    }

    /// Opens the target of the symlink at `abs` for writing, unless it is the control plane.
    fn through_link(&self, abs: &str, mode: WriteMode) -> io::Result<Box<dyn io::Write + Send>> {
        let target = self.vfs.resolve(abs, true)?;
        if self.gate.policy().control_plane_of(&target).is_some() {
            let denied = match self.gate.admit(self.command, facts::WRITE, Some(&target)) {
                Err(denied) => denied,
                Ok(ticket) => {
                    // Unreachable while the control plane is denied before every rule; kept
                    // so a future policy change cannot turn this into a silent write.
                    self.gate.record(ticket, 0);
                    return Err(io::Error::new(io::ErrorKind::PermissionDenied, "control plane"));
                }
            };
            return Err(self.refused(denied));
        }
        self.vfs.open_writer(abs, mode)
    }

    fn refused(&self, denied: Denied) -> io::Error {
        self.denied.store(true, Ordering::Relaxed);
        denied.into()
    }

    /// `fs.write`: permission bits.
    pub fn set_mode(&self, abs: &str, mode: u32) -> io::Result<()> {
        self.call(facts::WRITE, abs, || self.vfs.set_mode(abs, mode))
    }

    /// `fs.write`: modification time.
    pub fn set_mtime(&self, abs: &str, mtime: SystemTime) -> io::Result<()> {
        self.call(facts::WRITE, abs, || self.vfs.set_mtime(abs, mtime))
    }

    /// `fs.write`: a symlink at `abs` (judged as the link, which is what it writes).
    pub fn symlink(&self, target: &str, abs: &str) -> io::Result<()> {
        let ticket = self.gate.admit(self.command, facts::WRITE, Some(abs)).map_err(|d| self.refused(d))?;
        let result = self.vfs.symlink(target, abs);
        self.gate.record(ticket, i32::from(result.is_err()));
        result
    }

    /// `fs.list`: the entries of a directory.
    pub fn read_dir(&self, abs: &str) -> io::Result<Vec<DirEntry>> {
        self.call(facts::LIST, abs, || self.vfs.read_dir(abs))
    }

    /// `fs.mkdir`: one directory.
    pub fn mkdir(&self, abs: &str) -> io::Result<()> {
        self.call(facts::MKDIR, abs, || self.vfs.mkdir(abs))
    }

    /// `fs.delete`: a file or symlink.
    pub fn remove_file(&self, abs: &str) -> io::Result<()> {
        self.call(facts::DELETE, abs, || self.vfs.remove_file(abs))
    }

    /// `fs.delete`: an empty directory.
    pub fn remove_dir(&self, abs: &str) -> io::Result<()> {
        self.call(facts::DELETE, abs, || self.vfs.remove_dir(abs))
    }

    /// `fs.delete`: a whole tree.
    pub fn remove_tree(&self, abs: &str) -> io::Result<()> {
        self.call(facts::DELETE, abs, || self.vfs.remove_tree(abs))
    }

    /// `fs.move`: both ends are checked.
    pub fn rename(&self, from: &str, to: &str) -> io::Result<()> {
        let source = self.admit(facts::MOVE, from)?;
        self.gate.record(source, 0);
        self.call(facts::MOVE, to, || self.vfs.rename(from, to))
    }

    /// `fs.copy`: the source is read (`fs.read`), the destination written.
    pub fn copy_tree(&self, from: &str, to: &str) -> io::Result<()> {
        let source = self.admit(facts::READ, from)?;
        self.gate.record(source, 0);
        self.call(facts::COPY, to, || self.vfs.copy_tree(from, to))
    }
}
