//! The workspace: the only way to files.
//!
//! A [`Vfs`] is a mount table of [`Backend`]s (`memory`, `dir`, `overlay`); the deepest mount
//! containing a path wins. Paths are normalised lexically, then symlinks are followed component
//! by component in the virtual namespace, so a link can never name a host path. Backends see only
//! mount-relative paths without symlinks; the `dir` backend additionally opens everything through
//! `cap-std`, which refuses any escape even when a component is swapped for a link mid-operation.
//! Nothing outside the mounts exists, except the devices under `/dev`.

mod dir;
mod memory;
#[cfg(feature = "s3")]
mod object;
mod overlay;
pub mod path;

pub use dir::{DirFs, remove_stale_scratch, scratch_dir};
pub use memory::{MemoryBudget, MemoryFs};
#[cfg(feature = "s3")]
pub use object::{ObjectConfig, ObjectFs};
pub use overlay::OverlayFs;

use std::borrow::Cow;
use std::io;
use std::sync::Arc;
use std::time::SystemTime;

/// What a path names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FileKind {
    /// A regular file.
    File,
    /// A directory.
    Dir,
    /// A symbolic link (only from `lstat`).
    Symlink,
    /// A character device such as `/dev/null` (and any other special file of a host directory).
    Device,
    /// A named pipe in a host directory. Nothing in the virtual workspace creates one; reading
    /// it waits for a host writer, so commands that walk trees report it instead of opening it.
    Fifo,
}

/// Which file a path or a descriptor reaches, whatever names it: two with the same identity are
/// one file (GNU compares device and inode: a command will not read the file its output goes
/// to, through a symlink, a hard link or a descriptor the host gave).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FileId {
    /// A regular file on the host.
    Host {
        /// Its device.
        dev: u64,
        /// Its inode.
        ino: u64,
    },
    /// A file of a backend without host files (memory, objects): its path, links resolved.
    Path(String),
}

/// The identity of the regular host file `fd` is open on (a descriptor toolsh was given);
/// `None` for a pipe, a terminal or a device.
pub fn host_file_id<Fd: std::os::fd::AsFd>(fd: Fd) -> Option<FileId> {
    let stat = rustix::fs::fstat(fd).ok()?;
    let regular = rustix::fs::FileType::from_raw_mode(stat.st_mode) == rustix::fs::FileType::RegularFile;
    #[allow(clippy::unnecessary_cast)] // `st_dev` and `st_ino` are not u64 on every target
    regular.then_some(FileId::Host { dev: stat.st_dev as u64, ino: stat.st_ino as u64 })
}

/// File metadata.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Meta {
    /// The kind.
    pub kind: FileKind,
    /// Size in bytes.
    pub size: u64,
    /// Permission bits (`0o755`).
    pub mode: u32,
    /// Last modification.
    pub mtime: SystemTime,
}

impl Meta {
    /// GNU's name for what is at a path (`stat %F`, `rm -i`'s questions, `diff`'s notes).
    pub fn kind_name(&self) -> &'static str {
        match self.kind {
            FileKind::Dir => "directory",
            FileKind::Symlink => "symbolic link",
            FileKind::Device => "character special file",
            FileKind::Fifo => "fifo",
            FileKind::File if self.size == 0 => "regular empty file",
            FileKind::File => "regular file",
        }
    }

    /// True for directories.
    pub fn is_dir(&self) -> bool {
        self.kind == FileKind::Dir
    }
}

/// One directory entry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DirEntry {
    /// The entry's name.
    pub name: String,
    /// Its kind (links are not followed).
    pub kind: FileKind,
}

/// How a write treats existing content.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WriteMode {
    /// Replace the content (create when missing).
    Truncate,
    /// Add at the end (create when missing).
    Append,
    /// Create; fail when the file exists (`set -C`).
    CreateNew,
}

/// How much a backend's storage holds and can hold (`df`). Counts it cannot tell are `None`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Usage {
    /// Bytes in all.
    pub total: u64,
    /// Bytes in use.
    pub used: u64,
    /// Bytes a write may still take (below `total - used` where some are reserved).
    pub available: u64,
    /// File entries in all, and free.
    pub files: Option<(u64, u64)>,
}

/// An open file: read in pieces, and positioned (`tail` reads a file from its end).
pub trait Reader: io::Read + io::Seek + Send {}

impl<T: io::Read + io::Seek + Send> Reader for T {}

/// A file open for writing. Dropping it closes it; [`FileWriter::close`] closes it and says
/// whether what was written is kept — on object storage the upload commits there, so a failure
/// that dropping would leave unsaid is reported.
pub trait FileWriter: io::Write + Send {
    /// Closes the file: `Err` when what was written could not be kept.
    fn close(self: Box<Self>) -> io::Result<()> {
        Ok(())
    }
}

impl FileWriter for std::fs::File {}
impl FileWriter for cap_std::fs::File {}
impl FileWriter for io::Sink {}
impl FileWriter for AppendWriter {}

/// `/dev/zero`: zeros without end (what reads it decides when to stop, as `head -c` does).
struct Zeros;

impl io::Read for Zeros {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        buf.fill(0);
        Ok(buf.len())
    }
}

impl io::Seek for Zeros {
    fn seek(&mut self, _: io::SeekFrom) -> io::Result<u64> {
        Ok(0)
    }
}

/// `/dev/urandom` and `/dev/random`: the kernel's random bytes without end, as reading those
/// devices gives them (`tr -dc a-z < /dev/urandom | head -c 8`).
struct RandomBytes;

impl io::Read for RandomBytes {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        rustix::rand::getrandom(buf, rustix::rand::GetRandomFlags::empty()).map_err(io::Error::from)
    }
}

impl io::Seek for RandomBytes {
    fn seek(&mut self, _: io::SeekFrom) -> io::Result<u64> {
        Ok(0)
    }
}

/// Whether `abs` is a device whose reading never ends (`/dev/zero`, `/dev/urandom`,
/// `/dev/random`): read in pieces it gives bytes for as long as it is read; read whole, nothing.
pub fn is_endless_device(abs: &str) -> bool {
    matches!(abs, "/dev/zero" | "/dev/urandom" | "/dev/random")
}

/// A file's reader that ends where the file ended when it was first read: what is written to
/// the file after that is not read. A command writing into the file it reads (`tr a b < f >> f`,
/// `nl f >> f`) read its own output back and grew the file without end, gigabytes a second; it
/// now ends as it does in GNU for a small file. The end is taken at the first read (or seek),
/// not at the open, so what was appended between a redirection's open and its reader's start
/// (`{ echo c >> f; cat; } < f`) is read, as in bash. Seeks are in the file as first read.
struct AsOpened {
    inner: Box<dyn Reader>,
    /// The position and the end, once taken; `u64::MAX` as the end when the file cannot say
    /// its end (not a regular file): unbounded.
    bounds: Option<(u64, u64)>,
}

impl AsOpened {
    fn wrap(inner: Box<dyn Reader>) -> Box<dyn Reader> {
        Box::new(AsOpened { inner, bounds: None })
    }

    /// The position and the end, taken now if not yet.
    fn bounds(&mut self) -> (u64, u64) {
        *self.bounds.get_or_insert_with(|| {
            let inner = &mut self.inner;
            let taken = inner.stream_position().and_then(|pos| Ok((pos, inner.seek(io::SeekFrom::End(0))?)));
            match taken {
                Ok((pos, end)) if inner.seek(io::SeekFrom::Start(pos)).is_ok() => (pos, end),
                _ => (0, u64::MAX),
            }
        })
    }
}

impl io::Read for AsOpened {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let (pos, end) = self.bounds();
        if end == u64::MAX {
            return self.inner.read(buf);
        }
        let left = usize::try_from(end.saturating_sub(pos)).unwrap_or(usize::MAX);
        let want = buf.len().min(left);
        if want == 0 {
            return Ok(0);
        }
        let n = self.inner.read(&mut buf[..want])?;
        self.bounds = Some((pos + n as u64, end));
        Ok(n)
    }
}

impl io::Seek for AsOpened {
    fn seek(&mut self, to: io::SeekFrom) -> io::Result<u64> {
        let (pos, end) = self.bounds();
        if end == u64::MAX {
            return self.inner.seek(to);
        }
        let target = match to {
            io::SeekFrom::End(delta) => end.checked_add_signed(delta),
            io::SeekFrom::Current(delta) => pos.checked_add_signed(delta),
            io::SeekFrom::Start(at) => Some(at),
        };
        let target = target.ok_or_else(|| io::Error::from(io::ErrorKind::InvalidInput))?;
        let at = self.inner.seek(io::SeekFrom::Start(target))?;
        self.bounds = Some((at, end));
        Ok(at)
    }
}

/// A storage backend. Paths are relative to the mount (`""` is its root), use `/`, and contain
/// no `.`, `..` or symlinks in their directory part (the [`Vfs`] resolved them).
pub trait Backend: Send + Sync {
    /// Metadata without following a final symlink.
    fn lstat(&self, rel: &str) -> io::Result<Meta>;
    /// The target of a symlink.
    fn read_link(&self, rel: &str) -> io::Result<String>;
    /// The whole content of a file.
    fn read(&self, rel: &str) -> io::Result<Vec<u8>>;
    /// Opens a file for reading in pieces (so a large file need not be held in memory); by
    /// default it is read whole.
    fn open_reader(&self, rel: &str) -> io::Result<Box<dyn Reader>> {
        Ok(Box::new(io::Cursor::new(self.read(rel)?)))
    }
    /// Writes `data` according to `mode`.
    fn write(&self, rel: &str, data: &[u8], mode: WriteMode) -> io::Result<()>;
    /// The entries of a directory, in no particular order.
    fn read_dir(&self, rel: &str) -> io::Result<Vec<DirEntry>>;
    /// Creates one directory.
    fn mkdir(&self, rel: &str) -> io::Result<()>;
    /// Removes a file or symlink.
    fn remove_file(&self, rel: &str) -> io::Result<()>;
    /// Removes an empty directory.
    fn remove_dir(&self, rel: &str) -> io::Result<()>;
    /// Renames within this backend.
    fn rename(&self, from: &str, to: &str) -> io::Result<()>;
    /// Creates a symlink at `rel` pointing to `target` (a virtual path, stored as written).
    fn symlink(&self, target: &str, rel: &str) -> io::Result<()>;
    /// Sets permission bits.
    fn set_mode(&self, rel: &str, mode: u32) -> io::Result<()>;
    /// Sets the modification time.
    fn set_mtime(&self, rel: &str, mtime: SystemTime) -> io::Result<()>;
    /// Opens a file for a stream of writes (a redirection), applying `mode` once.
    fn open_writer(self: Arc<Self>, rel: &str, mode: WriteMode) -> io::Result<Box<dyn FileWriter>>;
    /// Like `open_reader`, when no component of `rel` is a symlink: `None` when one is, or when
    /// the backend cannot tell as part of the open.
    fn open_reader_plain(&self, _rel: &str) -> Option<io::Result<Box<dyn Reader>>> {
        None
    }
    /// Like `read_dir`, when no component of `rel` is a symlink: `None` when one is, or when
    /// the backend cannot tell as part of the open.
    fn read_dir_plain(&self, _rel: &str) -> Option<io::Result<Vec<DirEntry>>> {
        None
    }
    /// Like `open_writer`, when no component of `rel` is a symlink: `None` when one is, or when
    /// the backend cannot tell as part of the open (the caller then resolves the path first).
    /// Nothing is created or truncated unless the file is opened.
    fn open_writer_plain(self: Arc<Self>, _rel: &str, _mode: WriteMode) -> Option<io::Result<Box<dyn FileWriter>>> {
        None
    }
    /// Metadata following symlinks, for backends that follow them safely themselves.
    fn stat(&self, rel: &str) -> io::Result<Meta> {
        self.lstat(rel)
    }
    /// Whether no component of `rel` is a symlink (a missing last component counts as none; with
    /// `follow_last` false a final link does not count), when the backend can tell at about the
    /// cost of one lookup; `None` when it cannot, and the Vfs resolves component by component.
    fn is_plain(&self, _rel: &str, _follow_last: bool) -> Option<bool> {
        None
    }
    /// The host directory this backend is, when it is one whose files a host program can be
    /// given as they are (a `dir` mount; not memory, not an overlay whose changes stay in
    /// memory).
    fn host_root(&self) -> Option<&std::path::Path> {
        None
    }
    /// The host identity of the regular file at `rel` (links resolved), when the backend's
    /// files are the host's.
    fn host_file_id(&self, _rel: &str) -> Option<FileId> {
        None
    }
    /// The capacity and use of its storage, when it can tell.
    fn usage(&self) -> Option<Usage> {
        None
    }
    /// True when the backend follows symlinks itself and refuses, with an error, any that would
    /// leave its root (as `cap-std` does). The Vfs then skips its own component-by-component
    /// resolution on the hot paths and falls back to it only when the backend refused a link.
    fn follows_links_safely(&self) -> bool {
        false
    }
}

/// True for the errors a confining backend gives when a symlink would leave its root.
fn is_escape(err: &io::Error) -> bool {
    (err.kind() == io::ErrorKind::PermissionDenied && err.get_ref().is_some())
        || matches!(err.raw_os_error(), Some(18 | 40))
}

/// Writes by appending through a backend, for backends without file handles.
pub(crate) struct AppendWriter {
    backend: Arc<dyn Backend>,
    rel: String,
}

impl AppendWriter {
    /// Applies `mode` to `rel` now, then appends every write.
    pub(crate) fn open(backend: Arc<dyn Backend>, rel: &str, mode: WriteMode) -> io::Result<Box<dyn FileWriter>> {
        backend.write(rel, b"", mode)?;
        Ok(Box::new(AppendWriter { backend, rel: rel.to_string() }))
    }
}

impl io::Write for AppendWriter {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.backend.write(&self.rel, buf, WriteMode::Append)?;
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// A mounted backend.
#[derive(Clone)]
pub struct Mount {
    /// Absolute virtual path of the mount point.
    pub at: String,
    /// The storage.
    pub backend: Arc<dyn Backend>,
    /// Writes are refused.
    pub read_only: bool,
    /// What it is, for `mount`-like listings (`memory`, `dir:/host/path`, …).
    pub label: String,
    /// The backend resolves paths itself and no other mount lies inside this one, so paths
    /// below it can go to the backend directly.
    direct: bool,
}

/// A mount as listings show it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MountFacts {
    /// The mount point.
    pub at: String,
    /// What it is (`memory`, `dir:/host/path`, …).
    pub label: String,
    /// Writes are refused.
    pub read_only: bool,
    /// Its storage's figures, when the backend can tell.
    pub usage: Option<Usage>,
}

/// The mount table.
#[derive(Clone, Default)]
pub struct Vfs {
    /// Sorted deepest first, so the first match wins.
    mounts: Vec<Mount>,
}

/// Symlinks followed in one resolution before giving up (as Linux's ELOOP).
const MAX_SYMLINKS: usize = 40;

/// Device files that always exist.
const DEVICES: &[&str] =
    &["/dev/null", "/dev/stdin", "/dev/stdout", "/dev/stderr", "/dev/zero", "/dev/random", "/dev/urandom", "/dev/tty"];

/// A path resolved to its mount.
struct Located<'m, 'p> {
    mount: &'m Mount,
    /// The path inside the mount: borrowed from the path asked about when it can be, so a
    /// direct operation allocates nothing to find its backend.
    rel: Cow<'p, str>,
}

impl std::fmt::Debug for Vfs {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.mounts.iter().map(|m| (&m.at, &m.label, m.read_only))).finish()
    }
}

/// The label's start of a `/tmp` that is a session's private host directory.
const SCRATCH_TMP: &str = "tmp:";

impl Vfs {
    /// An empty table: nothing exists.
    pub fn new() -> Self {
        Vfs::default()
    }

    /// A workspace held entirely in memory, with `/tmp`, both within one default budget.
    pub fn in_memory() -> Self {
        let budget = Arc::new(MemoryBudget::default());
        let mut vfs = Vfs::new();
        vfs.mount("/", Arc::new(MemoryFs::with_budget(budget.clone())), false, "memory");
        vfs.mount("/tmp", Arc::new(MemoryFs::with_budget(budget)), false, "memory");
        vfs
    }

    /// Adds a mount at the absolute virtual path `at` (replacing one at the same point).
    pub fn mount(&mut self, at: &str, backend: Arc<dyn Backend>, read_only: bool, label: &str) {
        let at = path::normalize("/", at);
        self.mounts.retain(|m| m.at != at);
        self.mounts.push(Mount { at, backend, read_only, label: label.to_string(), direct: false });
        self.mounts.sort_by_key(|m| std::cmp::Reverse(path::depth(&m.at)));
        let points: Vec<String> = self.mounts.iter().map(|m| m.at.clone()).collect();
        for mount in &mut self.mounts {
            let nested = points.iter().any(|p| *p != mount.at && path::strip_mount(p, &mount.at).is_some());
            mount.direct = mount.backend.follows_links_safely() && !nested;
        }
    }

    /// The mount and relative path for `abs` when the backend can take it directly.
    fn direct<'p>(&self, abs: &'p str) -> Option<Located<'_, 'p>> {
        let located = self.mount_for(abs)?;
        (located.mount.direct && !located.rel.is_empty()).then_some(located)
    }

    /// Runs `op` on the backend directly when possible; `None` means "resolve virtually".
    fn try_direct<T>(
        &self,
        abs: &str,
        write: bool,
        op: impl FnOnce(&Located<'_, '_>) -> io::Result<T>,
    ) -> Option<io::Result<T>> {
        let located = self.direct(abs)?;
        if write && located.mount.read_only {
            return Some(Err(io::Error::new(io::ErrorKind::ReadOnlyFilesystem, "Read-only file system")));
        }
        match op(&located) {
            Err(err) if is_escape(&err) => None,
            result => Some(result),
        }
    }

    /// The same mounts, except that a session's own `/tmp` ([`Vfs::has_private_tmp`]) is a
    /// fresh, empty one of the same kind: scratch space private to a new session while the
    /// workspace stays shared. (A host directory that cannot be made gives way to memory.)
    pub fn with_private_tmp(&self) -> Vfs {
        let mut vfs = self.clone();
        let label = vfs.mounts.iter().find(|m| m.at == "/tmp").map(|m| m.label.clone()).unwrap_or_default();
        #[allow(clippy::disallowed_methods)] // the same kind of /tmp the configuration chose
        let scratch = label.starts_with(SCRATCH_TMP) && vfs.mount_scratch_tmp().is_ok();
        if scratch {
            return vfs;
        }
        if label == "memory" || label.starts_with(SCRATCH_TMP) {
            vfs.mount("/tmp", Arc::new(MemoryFs::new()), false, "memory");
        }
        vfs
    }

    /// Mounts at `/tmp` a new private host directory ([`DirFs::scratch`]), removed when the
    /// last copy of this table is dropped: the session's `/tmp`, which host programs see as
    /// the shell does (labelled `tmp:HOST-PATH`).
    pub fn mount_scratch_tmp(&mut self) -> io::Result<()> {
        let dir = DirFs::scratch()?;
        let label = format!("{SCRATCH_TMP}{}", dir.host_root().map(|p| p.display().to_string()).unwrap_or_default());
        self.mount("/tmp", Arc::new(dir), false, &label);
        Ok(())
    }

    /// Whether `/tmp` is the session's own: in memory, or a private host directory
    /// ([`Vfs::mount_scratch_tmp`]) — what a snapshot of a session keeps.
    pub fn has_private_tmp(&self) -> bool {
        self.mounts.iter().any(|m| m.at == "/tmp" && (m.label == "memory" || m.label.starts_with(SCRATCH_TMP)))
    }

    /// The mounts, deepest first.
    pub fn mounts(&self) -> &[Mount] {
        &self.mounts
    }

    /// What each mount is and holds, by mount point (what `df` lists; no backend handed out).
    pub fn mount_facts(&self) -> Vec<MountFacts> {
        let mut facts: Vec<MountFacts> = self
            .mounts
            .iter()
            .map(|m| MountFacts {
                at: m.at.clone(),
                label: m.label.clone(),
                read_only: m.read_only,
                usage: m.backend.usage(),
            })
            .collect();
        facts.sort_by(|a, b| a.at.cmp(&b.at));
        facts
    }

    fn mount_for<'p>(&self, abs: &'p str) -> Option<Located<'_, 'p>> {
        if !abs.starts_with('/') {
            return None;
        }
        self.mounts
            .iter()
            .find_map(|mount| path::strip_mount(abs, &mount.at).map(|rel| Located { mount, rel: rel.into() }))
    }

    /// True when `abs` is a proper ancestor of some mount point (a synthetic directory).
    fn is_mount_ancestor(&self, abs: &str) -> bool {
        self.mounts.iter().any(|m| m.at != abs && path::strip_mount(&m.at, abs).is_some())
    }

    /// Which file `abs` is ([`FileId`]), following links; `None` when nothing is there.
    pub fn file_id(&self, abs: &str) -> Option<FileId> {
        let (resolved, located) = self.locate(abs, true).ok()?;
        let located = located?;
        let meta = located.mount.backend.lstat(&located.rel).ok()?;
        if meta.kind != FileKind::File {
            return None;
        }
        located.mount.backend.host_file_id(&located.rel).or(Some(FileId::Path(resolved)))
    }

    /// Resolves symlinks in `abs` (normalised). With `follow_last`, a final link is followed too.
    pub fn resolve(&self, abs: &str, follow_last: bool) -> io::Result<String> {
        // Only an absolute path names anything; the empty operand in particular is not `/`.
        if !abs.starts_with('/') {
            return Err(not_found());
        }
        // Most paths have no link in them: a backend that can say so in one lookup saves one
        // per component (the gate resolves every path it judges).
        if let Some(located) = self.direct(abs)
            && located.mount.backend.is_plain(&located.rel, follow_last) == Some(true)
        {
            return Ok(abs.to_string());
        }
        let mut pending: Vec<String> = path::components(abs).map(str::to_string).collect();
        pending.reverse();
        let mut done = String::from("/");
        let mut hops = 0;
        while let Some(component) = pending.pop() {
            if component == ".." {
                done = path::parent(&done).to_string();
                continue;
            }
            let candidate = path::join(&done, &component);
            let is_last = pending.is_empty();
            if is_last && !follow_last {
                done = candidate;
                break;
            }
            let Some(located) = self.mount_for(&candidate) else {
                done = candidate;
                continue;
            };
            if located.rel.is_empty() {
                done = candidate;
                continue;
            }
            match located.mount.backend.lstat(&located.rel) {
                Ok(meta) if meta.kind == FileKind::Symlink => {
                    hops += 1;
                    if hops > MAX_SYMLINKS {
                        return Err(io::Error::other("Too many levels of symbolic links"));
                    }
                    let target = located.mount.backend.read_link(&located.rel)?;
                    let base = if target.starts_with('/') { "/".to_string() } else { done.clone() };
                    let full = path::normalize(&base, &target);
                    let mut parts: Vec<String> = path::components(&full).map(str::to_string).collect();
                    parts.reverse();
                    pending.extend(parts);
                    done = "/".to_string();
                }
                _ => done = candidate,
            }
        }
        Ok(done)
    }

    fn locate(&self, abs: &str, follow_last: bool) -> io::Result<(String, Option<Located<'_, 'static>>)> {
        let resolved = self.resolve(abs, follow_last)?;
        let located =
            self.mount_for(&resolved).map(|l| Located { mount: l.mount, rel: Cow::Owned(l.rel.into_owned()) });
        Ok((resolved, located))
    }

    fn locate_existing(&self, abs: &str, follow_last: bool) -> io::Result<Located<'_, 'static>> {
        let (_, located) = self.locate(abs, follow_last)?;
        located.ok_or_else(outside)
    }

    fn locate_writable(&self, abs: &str, follow_last: bool) -> io::Result<Located<'_, 'static>> {
        let (resolved, located) = self.locate(abs, follow_last)?;
        let located = located.ok_or_else(outside)?;
        if located.mount.read_only {
            return Err(io::Error::new(io::ErrorKind::ReadOnlyFilesystem, "Read-only file system"));
        }
        if located.rel.is_empty() || self.mounts.iter().any(|m| m.at == resolved) {
            return Err(io::Error::new(io::ErrorKind::ResourceBusy, "Device or resource busy (a mount point)"));
        }
        Ok(located)
    }

    /// Metadata, following symlinks.
    pub fn stat(&self, abs: &str) -> io::Result<Meta> {
        self.stat_impl(abs, true)
    }

    /// Metadata of the path itself.
    pub fn lstat(&self, abs: &str) -> io::Result<Meta> {
        self.stat_impl(abs, false)
    }

    fn stat_impl(&self, abs: &str, follow: bool) -> io::Result<Meta> {
        if DEVICES.contains(&abs) || abs.starts_with("/dev/fd/") {
            return Ok(Meta { kind: FileKind::Device, size: 0, mode: 0o666, mtime: SystemTime::UNIX_EPOCH });
        }
        let direct = self.try_direct(abs, false, |l| {
            if follow { l.mount.backend.stat(&l.rel) } else { l.mount.backend.lstat(&l.rel) }
        });
        if let Some(result) = direct {
            return result;
        }
        let (resolved, located) = self.locate(abs, follow)?;
        if let Some(located) = &located {
            match located.mount.backend.lstat(&located.rel) {
                Ok(meta) => return Ok(meta),
                Err(err) if !self.is_mount_ancestor(&resolved) => return Err(err),
                Err(_) => {}
            }
        }
        if self.is_mount_ancestor(&resolved) || resolved == "/dev" {
            return Ok(Meta { kind: FileKind::Dir, size: 0, mode: 0o755, mtime: SystemTime::UNIX_EPOCH });
        }
        Err(not_found())
    }

    /// True when the path exists (following symlinks).
    pub fn exists(&self, abs: &str) -> bool {
        self.stat(abs).is_ok()
    }

    /// The whole content of a file.
    pub fn read(&self, abs: &str) -> io::Result<Vec<u8>> {
        match abs {
            "/dev/null" | "/dev/zero" | "/dev/urandom" | "/dev/random" => return Ok(Vec::new()),
            _ => {}
        }
        if let Some(result) = self.try_direct(abs, false, |l| l.mount.backend.read(&l.rel)) {
            return result;
        }
        let located = self.locate_existing(abs, true)?;
        located.mount.backend.read(&located.rel)
    }

    /// Opens a file to be read in pieces.
    pub fn open_reader(&self, abs: &str) -> io::Result<Box<dyn Reader>> {
        match abs {
            "/dev/null" => return Ok(Box::new(io::empty())),
            "/dev/zero" => return Ok(Box::new(Zeros)),
            "/dev/urandom" | "/dev/random" => return Ok(Box::new(RandomBytes)),
            _ => {}
        }
        if let Some(result) = self.try_direct(abs, false, |l| l.mount.backend.open_reader(&l.rel)) {
            return result.map(AsOpened::wrap);
        }
        let located = self.locate_existing(abs, true)?;
        located.mount.backend.open_reader(&located.rel).map(AsOpened::wrap)
    }

    /// Writes a file (creating it), following a final symlink.
    pub fn write(&self, abs: &str, data: &[u8], mode: WriteMode) -> io::Result<()> {
        if abs == "/dev/null" {
            return Ok(());
        }
        if let Some(result) = self.try_direct(abs, true, |l| l.mount.backend.write(&l.rel, data, mode)) {
            return result;
        }
        let located = self.locate_writable(abs, true)?;
        located.mount.backend.write(&located.rel, data, mode)
    }

    /// Opens a file for a stream of writes, following a final symlink.
    pub fn open_writer(&self, abs: &str, mode: WriteMode) -> io::Result<Box<dyn FileWriter>> {
        if abs == "/dev/null" {
            return Ok(Box::new(io::sink()));
        }
        if let Some(result) = self.try_direct(abs, true, |l| l.mount.backend.clone().open_writer(&l.rel, mode)) {
            return result;
        }
        let located = self.locate_writable(abs, true)?;
        located.mount.backend.clone().open_writer(&located.rel, mode)
    }

    /// Opens a file for reading when its path holds no symlink, in one step (see
    /// [`Backend::open_reader_plain`]); `None` when it holds one or the mount cannot tell.
    pub fn open_reader_plain(&self, abs: &str) -> Option<io::Result<Box<dyn Reader>>> {
        let located = self.direct(abs)?;
        Some(located.mount.backend.open_reader_plain(&located.rel)?.map(AsOpened::wrap))
    }

    /// The entries of a directory, sorted by name, when its path holds no symlink, in one step
    /// (see [`Backend::read_dir_plain`]); `None` when it holds one or the mount cannot tell.
    pub fn read_dir_plain(&self, abs: &str) -> Option<io::Result<Vec<DirEntry>>> {
        let located = self.direct(abs)?;
        let mut entries = located.mount.backend.read_dir_plain(&located.rel)?;
        if let Ok(entries) = &mut entries {
            entries.sort_by(|a, b| a.name.cmp(&b.name));
        }
        Some(entries)
    }

    /// Opens a file for writing when its path holds no symlink, in one step (see
    /// [`Backend::open_writer_plain`]); `None` when it holds one or the mount cannot tell.
    pub fn open_writer_plain(&self, abs: &str, mode: WriteMode) -> Option<io::Result<Box<dyn FileWriter>>> {
        let located = self.direct(abs)?;
        if located.mount.read_only {
            return Some(Err(io::Error::new(io::ErrorKind::ReadOnlyFilesystem, "Read-only file system")));
        }
        located.mount.backend.clone().open_writer_plain(&located.rel, mode)
    }

    /// The entries of a directory, sorted by name.
    pub fn read_dir(&self, abs: &str) -> io::Result<Vec<DirEntry>> {
        // No mount is nested in a direct one, so there is nothing to merge into its listing.
        if let Some(result) = self.try_direct(abs, false, |l| l.mount.backend.read_dir(&l.rel)) {
            return result.map(|mut entries| {
                entries.sort_by(|a, b| a.name.cmp(&b.name));
                entries
            });
        }
        let (resolved, located) = self.locate(abs, true)?;
        let mut entries = match &located {
            Some(located) => match located.mount.backend.read_dir(&located.rel) {
                Ok(entries) => entries,
                Err(err) if !self.is_mount_ancestor(&resolved) => return Err(err),
                Err(_) => Vec::new(),
            },
            None if self.is_mount_ancestor(&resolved) => Vec::new(),
            None if resolved == "/dev" => {
                DEVICES.iter().map(|d| DirEntry { name: d[5..].to_string(), kind: FileKind::Device }).collect()
            }
            None => return Err(not_found()),
        };
        for mount in &self.mounts {
            if let Some(rest) = path::strip_mount(&mount.at, &resolved)
                && let Some(first) = rest.split('/').next().filter(|s| !s.is_empty())
                && !entries.iter().any(|e| e.name == first)
            {
                entries.push(DirEntry { name: first.to_string(), kind: FileKind::Dir });
            }
        }
        entries.sort_by(|a, b| a.name.cmp(&b.name));
        Ok(entries)
    }

    /// Creates one directory.
    pub fn mkdir(&self, abs: &str) -> io::Result<()> {
        if self.lstat(abs).is_ok() {
            return Err(io::Error::new(io::ErrorKind::AlreadyExists, "File exists"));
        }
        if let Some(result) = self.try_direct(abs, true, |l| l.mount.backend.mkdir(&l.rel)) {
            return result;
        }
        let located = self.locate_writable(abs, false)?;
        located.mount.backend.mkdir(&located.rel)
    }

    /// Removes a file or symlink (not following it).
    pub fn remove_file(&self, abs: &str) -> io::Result<()> {
        if let Some(result) = self.try_direct(abs, true, |l| l.mount.backend.remove_file(&l.rel)) {
            return result;
        }
        let located = self.locate_writable(abs, false)?;
        located.mount.backend.remove_file(&located.rel)
    }

    /// Removes an empty directory.
    pub fn remove_dir(&self, abs: &str) -> io::Result<()> {
        if let Some(result) = self.try_direct(abs, true, |l| l.mount.backend.remove_dir(&l.rel)) {
            return result;
        }
        let located = self.locate_writable(abs, false)?;
        located.mount.backend.remove_dir(&located.rel)
    }

    /// Renames a file or directory; across mounts it copies then removes.
    pub fn rename(&self, from: &str, to: &str) -> io::Result<()> {
        let source = self.locate_writable(from, false)?;
        let dest = self.locate_writable(to, false)?;
        if Arc::ptr_eq(&source.mount.backend, &dest.mount.backend) {
            return source.mount.backend.rename(&source.rel, &dest.rel);
        }
        self.copy_tree(from, to)?;
        self.remove_tree(from)
    }

    /// Copies a file or a whole tree (symlinks are copied as links).
    pub fn copy_tree(&self, from: &str, to: &str) -> io::Result<()> {
        let meta = self.lstat(from)?;
        match meta.kind {
            FileKind::Dir => {
                if !self.stat(to).is_ok_and(|m| m.is_dir()) {
                    self.mkdir(to)?;
                }
                for entry in self.read_dir(from)? {
                    self.copy_tree(&path::join(from, &entry.name), &path::join(to, &entry.name))?;
                }
                Ok(())
            }
            FileKind::Symlink => {
                let located = self.locate_existing(from, false)?;
                let target = located.mount.backend.read_link(&located.rel)?;
                self.symlink(&target, to)
            }
            _ => {
                let data = self.read(from)?;
                self.write(to, &data, WriteMode::Truncate)?;
                self.set_mode(to, meta.mode)
            }
        }
    }

    /// Visits `abs` and, when it is a directory, everything below it, parents before children,
    /// without following symlinks; stops early when `visit` returns false (then the result is
    /// `Ok(false)`). An explicit stack, so a tree of any depth costs no recursion.
    pub fn walk(&self, abs: &str, visit: &mut dyn FnMut(&str, FileKind) -> bool) -> io::Result<bool> {
        let mut pending = vec![(abs.to_string(), self.lstat(abs)?.kind)];
        while let Some((at, kind)) = pending.pop() {
            if !visit(&at, kind) {
                return Ok(false);
            }
            if kind == FileKind::Dir {
                let entries = self.read_dir(&at)?;
                pending.extend(entries.into_iter().rev().map(|e| (path::join(&at, &e.name), e.kind)));
            }
        }
        Ok(true)
    }

    /// Removes a file or a whole tree.
    pub fn remove_tree(&self, abs: &str) -> io::Result<()> {
        if self.lstat(abs)?.is_dir() {
            for entry in self.read_dir(abs)? {
                self.remove_tree(&path::join(abs, &entry.name))?;
            }
            self.remove_dir(abs)
        } else {
            self.remove_file(abs)
        }
    }

    /// Creates a symlink at `abs` pointing to `target`.
    pub fn symlink(&self, target: &str, abs: &str) -> io::Result<()> {
        if self.lstat(abs).is_ok() {
            return Err(io::Error::new(io::ErrorKind::AlreadyExists, "File exists"));
        }
        let located = self.locate_writable(abs, false)?;
        located.mount.backend.symlink(target, &located.rel)
    }

    /// The target of a symlink, as stored.
    pub fn read_link(&self, abs: &str) -> io::Result<String> {
        let located = self.locate_existing(abs, false)?;
        located.mount.backend.read_link(&located.rel)
    }

    /// Sets permission bits (following symlinks).
    pub fn set_mode(&self, abs: &str, mode: u32) -> io::Result<()> {
        let located = self.locate_writable(abs, true)?;
        located.mount.backend.set_mode(&located.rel, mode)
    }

    /// Sets the modification time (following symlinks).
    pub fn set_mtime(&self, abs: &str, mtime: SystemTime) -> io::Result<()> {
        let located = self.locate_writable(abs, true)?;
        located.mount.backend.set_mtime(&located.rel, mtime)
    }
}

fn not_found() -> io::Error {
    io::Error::new(io::ErrorKind::NotFound, "No such file or directory")
}

fn outside() -> io::Error {
    io::Error::new(io::ErrorKind::NotFound, "No such file or directory (outside the workspace)")
}

/// The message GNU tools print for an error (`No such file or directory`, …).
pub fn describe(err: &io::Error) -> String {
    use io::ErrorKind::*;
    match err.kind() {
        NotFound if err.get_ref().is_none() => "No such file or directory".to_string(),
        PermissionDenied if err.get_ref().is_none() => "Permission denied".to_string(),
        AlreadyExists if err.get_ref().is_none() => "File exists".to_string(),
        IsADirectory => "Is a directory".to_string(),
        NotADirectory => "Not a directory".to_string(),
        DirectoryNotEmpty => "Directory not empty".to_string(),
        ReadOnlyFilesystem => "Read-only file system".to_string(),
        StorageFull => "No space left on device".to_string(),
        _ => {
            let text = err.to_string();
            match text.find(" (os error") {
                Some(idx) => text[..idx].to_string(),
                None => text,
            }
        }
    }
}

#[cfg(test)]
mod tests;
