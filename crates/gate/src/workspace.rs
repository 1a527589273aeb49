//! [`Fs`]: the shell's view of the workspace. Commands, redirections, globs, scripts and the
//! `fs.*` tools reach files only through it, and each operation that reads content or changes
//! anything is a call of an `fs.*` tool through the [`Gate`]: `read` is `fs.read`, `write`
//! `fs.write`, `read_dir` `fs.list`, `mkdir` `fs.mkdir`, removals `fs.delete`, `rename`
//! `fs.move`, `copy_tree` `fs.copy` — judged on everything the operation reaches (the resolved
//! path, every entry of a tree; see [`super::reach`]) and then done on the resolved path.
//! Typed and streamed: no JSON on this path, just a decision and an audit record.
//!
//! Metadata lookups (`stat`, `exists`, `resolve`, `read_link`) are not tool calls: every
//! command needs them, they change nothing, and they reveal no content.

use super::Ticket;
use super::gate::{Denied, Gate};
use super::reach::{Reach, Role};
use crate::audit::Tally;
use crate::facts;
use crate::policy::ToolFacts;
use crate::vfs::{DirEntry, Meta, Vfs, WriteMode};
use std::io;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::SystemTime;

/// One change of [`Fs::apply`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Change {
    /// The file at `path` holds `data` (made, or replaced).
    Write {
        /// Absolute path.
        path: String,
        /// Its whole content.
        data: Vec<u8>,
    },
    /// The file at `path` is removed.
    Delete {
        /// Absolute path.
        path: String,
    },
}

/// The ancestors of `path` that do not exist, outermost first.
fn missing_parents(vfs: &Vfs, path: &str) -> Vec<String> {
    let mut missing = Vec::new();
    let mut dir = path;
    while let Some((parent, _)) = dir.rsplit_once('/') {
        if parent.is_empty() || vfs.exists(parent) {
            break;
        }
        missing.push(parent.to_string());
        dir = parent;
    }
    missing.reverse();
    missing
}

/// The workspace as one command sees it: every content access passes the gate in the name of
/// `command`.
pub struct Fs<'a> {
    vfs: &'a Arc<Vfs>,
    gate: &'a Gate,
    command: &'a str,
    /// Set when the gate refused a call, so the command's failure becomes status 126.
    denied: &'a AtomicBool,
    /// Whether a call the policy answers with `ask` is put to the approver; a view used on a
    /// worker thread ([`ThreadFs`]) fails it with [`WouldAsk`] instead, and the command does
    /// that operation again on its own thread, where a question can be put.
    asks: bool,
    /// Where allowed reads and listings are counted, one audit record for them all, rather
    /// than recorded one by one ([`Fs::tally_reads`]; a [`ThreadFs`]'s workers always count).
    tally: Option<Arc<Tally>>,
}

/// The error of an operation a [`ThreadFs`] view leaves undone because the policy would ask
/// about it: nothing was done or recorded.
#[derive(Debug)]
pub struct WouldAsk;

impl std::fmt::Display for WouldAsk {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("the policy asks about this operation")
    }
}

impl std::error::Error for WouldAsk {}

impl WouldAsk {
    /// Whether `err` is this refusal to ask.
    pub fn is(err: &io::Error) -> bool {
        err.get_ref().is_some_and(|inner| inner.is::<WouldAsk>())
    }
}

/// The workspace as [`Fs`] shows it to one command, owned, for work the command runs on other
/// threads (`grep -r` searching on every core): the same gate in the command's name, and the
/// same audit. Such a thread cannot put a question to the approver (the console's prompt and
/// the MCP client's elicitation belong to the command's own thread), so an operation the policy
/// asks about fails with [`WouldAsk`]; refusals are noted here until [`Fs::absorb`] hands them
/// to the command.
#[derive(Clone)]
pub struct ThreadFs {
    vfs: Arc<Vfs>,
    gate: Arc<Gate>,
    command: Arc<str>,
    denied: Arc<AtomicBool>,
    /// The workers' allowed reads and listings, one audit record for them all.
    tally: Arc<Tally>,
}

impl ThreadFs {
    /// The view on this thread.
    pub fn fs(&self) -> Fs<'_> {
        Fs {
            vfs: &self.vfs,
            gate: &self.gate,
            command: &self.command,
            denied: &self.denied,
            asks: false,
            tally: Some(self.tally.clone()),
        }
    }
}

impl<'a> Fs<'a> {
    /// A view for `command`; refusals are noted in `denied`.
    pub fn new(vfs: &'a Arc<Vfs>, gate: &'a Gate, command: &'a str, denied: &'a AtomicBool) -> Self {
        Fs { vfs, gate, command, denied, asks: true, tally: None }
    }

    /// From now on, this view's allowed reads (`fs.read`) and listings (`fs.list`) are
    /// counted, one audit record per tool, rule and status written when the view is dropped,
    /// in place of one record each: what a walk of a whole tree (`find`) reads. Denials,
    /// questions and every change stay records of their own.
    pub fn tally_reads(&mut self) {
        if self.tally.is_none() {
            self.tally = Some(Arc::new(Tally::new(self.gate.audit().clone(), self.command)));
        }
    }

    /// The same view, owned, for worker threads (`gate` is this view's gate, as its owner holds
    /// it).
    pub fn for_threads(&self, gate: &Arc<Gate>) -> ThreadFs {
        ThreadFs {
            vfs: self.vfs.clone(),
            gate: gate.clone(),
            command: self.command.into(),
            denied: Arc::new(AtomicBool::new(false)),
            tally: Arc::new(Tally::new(gate.audit().clone(), self.command)),
        }
    }

    /// Takes over the refusals a [`ThreadFs`] view noted (the command's status is 126 as if
    /// it had been refused itself), and writes the audit record of its reads now (were the
    /// workers stopped instead, it is written when the last of them lets go of the view).
    pub fn absorb(&self, threads: &ThreadFs) {
        threads.tally.write();
        if threads.denied.load(Ordering::Relaxed) {
            self.denied.store(true, Ordering::Relaxed);
        }
    }

    /// Records the outcome of an admitted operation in `role`: counted in the tally when
    /// there is one and the operation only read, and was allowed outright; else a record.
    fn finish(&self, role: Role, ticket: Ticket<'_>, status: i32) {
        if let Some(tally) = &self.tally
            && matches!(role, Role::Read | Role::List)
            && ticket.allowed_outright()
        {
            let (digest, rule, micros) = ticket.parts();
            tally.add(role.primary().name, digest, rule, status, micros);
            return;
        }
        self.gate.record(ticket, status);
    }

    /// Passes the gate for an operation whose reach is known, in the name of `tool` on `subject`.
    fn judge(&self, tool: ToolFacts<'static>, subject: &str, reach: Reach) -> io::Result<Ticket<'a>> {
        if !self.asks && !reach.is_allowed() && !reach.is_denied() {
            return Err(io::Error::other(WouldAsk));
        }
        self.gate.admit_reach(self.command, tool, subject, reach).map_err(|denied| self.refused(denied))
    }

    /// The common case in one step: the path as typed is allowed, and `open`, which refuses
    /// every symlink on its way, succeeds, so the path typed is the path reached (a redirection
    /// in a loop pays no lookup for its judgment). `None` — nothing done — when the path holds a
    /// link or asks for more than an allowance: then the judgment resolves it first.
    fn plain<T>(&self, role: Role, abs: &str, open: impl FnOnce() -> Option<io::Result<T>>) -> Option<io::Result<T>> {
        let mut reach = self.gate.reach();
        reach.typed(role, abs);
        if !reach.is_allowed() {
            return None;
        }
        let opened = open()?;
        let ticket = match self.judge(role.primary(), abs, reach) {
            Ok(ticket) => ticket,
            Err(err) => return Some(Err(err)),
        };
        self.finish(role, ticket, i32::from(opened.is_err()));
        Some(opened)
    }

    /// `op` on the path `abs` reaches in `role` (resolved through symlinks), once the gate
    /// admitted it; the outcome is recorded under the role's tool.
    fn call<T>(&self, role: Role, abs: &str, op: impl FnOnce(&str) -> io::Result<T>) -> io::Result<T> {
        let mut reach = self.gate.reach();
        let resolved = reach.path(self.vfs, role, abs)?;
        let ticket = self.judge(role.primary(), &resolved, reach)?;
        let result = op(&resolved);
        self.finish(role, ticket, i32::from(result.is_err()));
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

    /// The mounts and their figures (`df`): metadata, as `stat` is, not a tool call.
    pub fn mount_facts(&self) -> Vec<crate::vfs::MountFacts> {
        self.vfs.mount_facts()
    }

    /// Whether another file system is mounted at `abs` (`find -xdev` stops there).
    pub fn is_mount_point(&self, abs: &str) -> bool {
        self.vfs.mounts().iter().any(|mount| mount.at == abs)
    }

    /// True when the path exists.
    pub fn exists(&self, abs: &str) -> bool {
        self.vfs.exists(abs)
    }

    /// Which file `abs` is, whatever names it ([`crate::vfs::FileId`]).
    pub fn file_id(&self, abs: &str) -> Option<crate::vfs::FileId> {
        self.vfs.file_id(abs)
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
        if abs == "/dev/null" || crate::vfs::is_endless_device(abs) {
            return self.vfs.read(abs);
        }
        if let Some(read) = self.plain(Role::Read, abs, || self.vfs.open_reader_plain(abs)) {
            return read.and_then(|mut reader| {
                let mut data = Vec::new();
                reader.read_to_end(&mut data).map(|_| data)
            });
        }
        self.call(Role::Read, abs, |at| self.vfs.read(at))
    }

    /// `fs.read`: opens a file to be read in pieces (one call, however many reads follow).
    pub fn open_reader(&self, abs: &str) -> io::Result<Box<dyn crate::vfs::Reader>> {
        if abs == "/dev/null" || crate::vfs::is_endless_device(abs) {
            return self.vfs.open_reader(abs);
        }
        if let Some(opened) = self.plain(Role::Read, abs, || self.vfs.open_reader_plain(abs)) {
            return opened;
        }
        self.call(Role::Read, abs, |at| self.vfs.open_reader(at))
    }

    /// `fs.write`: writes a file.
    pub fn write(&self, abs: &str, data: &[u8], mode: WriteMode) -> io::Result<()> {
        if abs == "/dev/null" {
            return Ok(());
        }
        let mut writer = self.open_writer(abs, mode)?;
        writer.write_all(data)?;
        writer.close()
    }

    /// Whether the policy lets this command write `abs` outright, neither asking nor refusing.
    /// Nothing is done or recorded: a command that could keep its work in memory instead
    /// (sort's scratch runs) asks first, so that a read-only or asking policy meets no call
    /// the user did not ask for.
    pub fn writes_freely(&self, abs: &str) -> bool {
        let mut reach = self.gate.reach();
        reach.typed(Role::Write, abs);
        reach.is_allowed()
    }

    /// Whether the policy lets this command read `abs` outright, neither asking nor refusing;
    /// nothing done or recorded. What a command reads of its own accord, beyond what it was
    /// named (`rg`'s ignore files), is read only then.
    pub fn reads_freely(&self, abs: &str) -> bool {
        let mut reach = self.gate.reach();
        reach.typed(Role::Read, abs);
        reach.is_allowed()
    }

    /// `fs.write`: opens a file for a stream of writes (one call, however many writes follow),
    /// judged where it lands: through a symlink, at the link's target.
    pub fn open_writer(&self, abs: &str, mode: WriteMode) -> io::Result<Box<dyn crate::vfs::FileWriter>> {
        if abs == "/dev/null" {
            return Ok(Box::new(io::sink()));
        }
        if let Some(opened) = self.plain(Role::Write, abs, || self.vfs.open_writer_plain(abs, mode)) {
            return opened;
        }
        self.call(Role::Write, abs, |at| self.vfs.open_writer(at, mode))
    }

    fn refused(&self, denied: Denied) -> io::Error {
        self.denied.store(true, Ordering::Relaxed);
        denied.into()
    }

    /// `fs.write`: permission bits.
    pub fn set_mode(&self, abs: &str, mode: u32) -> io::Result<()> {
        self.call(Role::Write, abs, |at| self.vfs.set_mode(at, mode))
    }

    /// `fs.write`: modification time.
    pub fn set_mtime(&self, abs: &str, mtime: SystemTime) -> io::Result<()> {
        self.call(Role::Write, abs, |at| self.vfs.set_mtime(at, mtime))
    }

    /// `fs.write`: a symlink at `abs` (judged as the link, which is what it writes).
    pub fn symlink(&self, target: &str, abs: &str) -> io::Result<()> {
        self.call(Role::Link, abs, |at| self.vfs.symlink(target, at))
    }

    /// `fs.list`: the entries of a directory.
    pub fn read_dir(&self, abs: &str) -> io::Result<Vec<DirEntry>> {
        if let Some(listed) = self.plain(Role::List, abs, || self.vfs.read_dir_plain(abs)) {
            return listed;
        }
        self.call(Role::List, abs, |at| self.vfs.read_dir(at))
    }

    /// `fs.mkdir`: one directory.
    pub fn mkdir(&self, abs: &str) -> io::Result<()> {
        self.call(Role::Mkdir, abs, |at| self.vfs.mkdir(at))
    }

    /// `fs.delete`: a file or symlink.
    pub fn remove_file(&self, abs: &str) -> io::Result<()> {
        self.call(Role::Delete, abs, |at| self.vfs.remove_file(at))
    }

    /// `fs.delete`: an empty directory.
    pub fn remove_dir(&self, abs: &str) -> io::Result<()> {
        self.call(Role::Delete, abs, |at| self.vfs.remove_dir(at))
    }

    /// `fs.delete`: a whole tree, judged entry by entry before anything is removed, so a
    /// protected file anywhere in it keeps the whole tree.
    pub fn remove_tree(&self, abs: &str) -> io::Result<()> {
        let mut reach = self.gate.reach();
        let resolved = reach.path(self.vfs, Role::Delete, abs)?;
        reach.below(self.vfs, Role::Delete, &resolved, None)?;
        let ticket = self.judge(facts::DELETE, &resolved, reach)?;
        let result = self.vfs.remove_tree(&resolved);
        self.gate.record(ticket, i32::from(result.is_err()));
        result
    }

    /// `fs.write` (and `fs.delete`) of several files as one operation, as a patch changes
    /// them: every path is judged before anything changes (one question for an `ask` rule),
    /// missing parent directories of a written file are made, and a failure part way puts back
    /// what was already changed — all of it happens, or none.
    pub fn apply(&self, changes: &[Change]) -> io::Result<()> {
        let mut reach = self.gate.reach();
        let mut resolved = Vec::with_capacity(changes.len());
        for change in changes {
            let (role, path) = match change {
                Change::Write { path, .. } => (Role::Write, path),
                Change::Delete { path } => (Role::Delete, path),
            };
            for dir in missing_parents(self.vfs, path) {
                reach.path(self.vfs, Role::Mkdir, &dir)?;
            }
            resolved.push(reach.path(self.vfs, role, path)?);
        }
        let Some(first) = resolved.first() else { return Ok(()) };
        let ticket = self.judge(facts::WRITE, first, reach)?;
        // What each path held, to put back should a later change fail.
        let before: Vec<Option<Vec<u8>>> = resolved.iter().map(|path| self.vfs.read(path).ok()).collect();
        let mut made: Vec<String> = Vec::new();
        let mut failure = None;
        for (k, change) in changes.iter().enumerate() {
            let done = match change {
                Change::Write { data, .. } => missing_parents(self.vfs, &resolved[k])
                    .into_iter()
                    .try_for_each(|dir| {
                        self.vfs.mkdir(&dir)?;
                        made.push(dir);
                        Ok(())
                    })
                    .and_then(|()| self.vfs.write(&resolved[k], data, WriteMode::Truncate)),
                Change::Delete { .. } => self.vfs.remove_file(&resolved[k]),
            };
            if let Err(err) = done {
                failure = Some((k, err));
                break;
            }
        }
        if let Some((failed, err)) = failure {
            for k in (0..failed).rev() {
                let _ = match &before[k] {
                    Some(old) => self.vfs.write(&resolved[k], old, WriteMode::Truncate),
                    None => self.vfs.remove_file(&resolved[k]),
                };
            }
            for dir in made.iter().rev() {
                let _ = self.vfs.remove_dir(dir);
            }
            self.gate.record(ticket, 1);
            return Err(err);
        }
        self.gate.record(ticket, 0);
        Ok(())
    }

    /// `fs.move`: the source tree is deleted where it is and written where it goes; every
    /// entry of both is judged before anything moves.
    pub fn rename(&self, from: &str, to: &str) -> io::Result<()> {
        let mut reach = self.gate.reach();
        let source = reach.path(self.vfs, Role::MoveFrom, from)?;
        let dest = reach.path(self.vfs, Role::MoveTo, to)?;
        reach.below(self.vfs, Role::MoveFrom, &source, Some((&dest, Role::MoveTo)))?;
        let ticket = self.judge(facts::MOVE, &source, reach)?;
        let result = self.vfs.rename(&source, &dest);
        self.gate.record(ticket, i32::from(result.is_err()));
        result
    }

    /// `fs.copy`: the source tree is read (`fs.read`), the destination tree written; every
    /// entry of both is judged before anything is copied.
    pub fn copy_tree(&self, from: &str, to: &str) -> io::Result<()> {
        let mut reach = self.gate.reach();
        let source = reach.path(self.vfs, Role::CopyFrom, from)?;
        let dest = reach.path(self.vfs, Role::CopyTo, to)?;
        reach.below(self.vfs, Role::CopyFrom, &source, Some((&dest, Role::CopyTo)))?;
        let ticket = self.judge(facts::COPY, &dest, reach)?;
        let result = self.vfs.copy_tree(&source, &dest);
        self.gate.record(ticket, i32::from(result.is_err()));
        result
    }
}
