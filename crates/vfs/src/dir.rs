//! The `dir` backend: a real host directory, confined with `cap-std`.
//!
//! Every operation goes through a `cap_std::fs::Dir` handle opened once on the root, so paths
//! are resolved by the kernel relative to that handle and any `..`, absolute path or symlink that
//! would leave it is refused, even if the tree changes during the operation.
//!
//! Files are opened without blocking and only regular files are read or written: a FIFO a
//! host program made would block the open (and with it a runtime thread, past every deadline:
//! `cat fifo` froze all of `toolsh mcp --http`); it, a socket or a device is refused instead.

use super::{Backend, DirEntry, FileKind, Meta, Usage, WriteMode};
use cap_fs_ext::{FollowSymlinks, OpenOptionsFollowExt, OpenOptionsSyncExt};
use cap_std::fs::{Dir, FileTypeExt, OpenOptions, Permissions, PermissionsExt};
use std::io::{self, Write};
use std::path::Path;
use std::time::SystemTime;

/// A host directory as a backend.
pub struct DirFs {
    root: Dir,
    /// The host path it was opened at (host programs run there, see [`Backend::host_root`]).
    host: std::path::PathBuf,
    /// A directory made for it ([`DirFs::scratch`]), removed when the backend is dropped.
    _scratch: Option<tempfile::TempDir>,
}

/// `file` when it is a regular file (a directory is `IsADirectory`; a FIFO, socket or device
/// is refused, see the module's note).
fn regular<F: std::os::fd::AsFd>(file: F) -> io::Result<F> {
    let stat = rustix::fs::fstat(&file)?;
    match rustix::fs::FileType::from_raw_mode(stat.st_mode) {
        rustix::fs::FileType::RegularFile => Ok(file),
        rustix::fs::FileType::Directory => Err(io::Error::from(io::ErrorKind::IsADirectory)),
        _ => Err(io::Error::other("not a regular file (a FIFO, socket or device is not opened here)")),
    }
}

/// The host path of a workspace-relative name: each byte's stand-in as the byte (a file name
/// need not be UTF-8).
fn rel_path(rel: &str) -> std::borrow::Cow<'_, Path> {
    match toolsh_bytes::to_os(if rel.is_empty() { "." } else { rel }) {
        std::borrow::Cow::Borrowed(os) => std::borrow::Cow::Borrowed(Path::new(os)),
        std::borrow::Cow::Owned(os) => std::borrow::Cow::Owned(os.into()),
    }
}

fn kind_of(file_type: cap_std::fs::FileType) -> FileKind {
    if file_type.is_symlink() {
        FileKind::Symlink
    } else if file_type.is_dir() {
        FileKind::Dir
    } else if file_type.is_file() {
        FileKind::File
    } else if file_type.is_fifo() {
        FileKind::Fifo
    } else {
        FileKind::Device
    }
}

fn meta_of(meta: &cap_std::fs::Metadata) -> Meta {
    Meta {
        kind: kind_of(meta.file_type()),
        size: meta.len(),
        mode: meta.permissions().mode() & 0o7777,
        mtime: meta.modified().map(|t| t.into_std()).unwrap_or(SystemTime::UNIX_EPOCH),
    }
}

/// A new private directory of this process's, `toolsh-KIND-PID-XXXXXX` in the host's
/// temporary directory (mode 0700), removed when the guard is dropped — or, when this process
/// ends without dropping it (killed, or ended without teardown), by the next toolsh that calls
/// [`remove_stale_scratch`].
pub fn scratch_dir(kind: &str) -> io::Result<tempfile::TempDir> {
    #[allow(clippy::disallowed_methods)] // toolsh's own directory, made on the host
    tempfile::Builder::new()
        .prefix(&format!("toolsh-{kind}-{}-", std::process::id()))
        .permissions(std::os::unix::fs::PermissionsExt::from_mode(0o700))
        .tempdir()
}

/// Removes the directories [`scratch_dir`] made for processes that no longer run (no
/// `/proc/PID`) and owned by this user; those of running ones, and anything else, are left
/// alone.
pub fn remove_stale_scratch() {
    let temp = std::env::temp_dir();
    #[allow(clippy::disallowed_methods)] // toolsh's own leftovers on the host
    let Ok(entries) = std::fs::read_dir(&temp) else { return };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(rest) = name.to_str().and_then(|name| name.strip_prefix("toolsh-")) else { continue };
        // KIND-PID-XXXXXX
        let mut parts = rest.split('-');
        let (Some(_kind), Some(pid), Some(_random), None) = (parts.next(), parts.next(), parts.next(), parts.next())
        else {
            continue;
        };
        let Ok(pid) = pid.parse::<u32>() else { continue };
        #[allow(clippy::disallowed_methods)] // whether the process that made it still runs
        let running = Path::new("/proc").join(pid.to_string()).exists();
        let ours = entry.metadata().is_ok_and(|meta| {
            use std::os::unix::fs::MetadataExt;
            meta.is_dir() && meta.uid() == rustix::process::geteuid().as_raw()
        });
        if !running && ours && entry.file_type().is_ok_and(|kind| kind.is_dir()) {
            #[allow(clippy::disallowed_methods)]
            let _ = std::fs::remove_dir_all(entry.path());
        }
    }
}

/// cap-std reports an escape attempt as PermissionDenied with a message; say it plainly.
fn confine(err: io::Error) -> io::Error {
    if err.kind() == io::ErrorKind::PermissionDenied && err.get_ref().is_some() {
        io::Error::new(io::ErrorKind::PermissionDenied, "Permission denied (outside the workspace)")
    } else {
        err
    }
}

impl DirFs {
    /// Opens `host_path` as the root of a backend.
    pub fn open(host_path: &Path) -> io::Result<Self> {
        let root = Dir::open_ambient_dir(host_path, cap_std::ambient_authority())?;
        Ok(DirFs { root, host: host_path.to_path_buf(), _scratch: None })
    }

    /// A new private directory ([`scratch_dir`] `tmp`) as a backend, removed with everything
    /// in it when the backend is dropped: a session's `/tmp` that host programs see too.
    pub fn scratch() -> io::Result<Self> {
        let made = scratch_dir("tmp")?;
        #[allow(clippy::disallowed_methods)] // a directory toolsh made for the session, not one a command names
        let mut dir = DirFs::open(made.path())?;
        dir._scratch = Some(made);
        Ok(dir)
    }
}

impl DirFs {
    fn open_file(&self, rel: &str, mode: WriteMode) -> io::Result<cap_std::fs::File> {
        self.open_file_with(rel, mode, FollowSymlinks::Yes)
    }

    fn open_file_with(&self, rel: &str, mode: WriteMode, follow: FollowSymlinks) -> io::Result<cap_std::fs::File> {
        let mut options = OpenOptions::new();
        options.write(true);
        options.follow(follow);
        options.nonblock(true);
        match mode {
            WriteMode::Truncate => options.create(true).truncate(true),
            WriteMode::Append => options.create(true).append(true),
            WriteMode::CreateNew => options.create_new(true),
        };
        regular(self.root.open_with(rel_path(rel), &options).map_err(confine)?)
    }

    /// `rel` opened for reading, without blocking, when it is a regular file.
    fn open_read(&self, rel: &str) -> io::Result<cap_std::fs::File> {
        if rel.is_empty() {
            return Err(io::Error::from(io::ErrorKind::IsADirectory));
        }
        let mut options = OpenOptions::new();
        options.read(true);
        options.nonblock(true);
        regular(self.root.open_with(rel_path(rel), &options).map_err(confine)?)
    }
}

impl Backend for DirFs {
    fn follows_links_safely(&self) -> bool {
        true
    }

    /// The host file system's figures (statvfs of the root), as `df` shows them for it.
    fn usage(&self) -> Option<Usage> {
        let stat = rustix::fs::fstatvfs(&self.root).ok()?;
        let unit = stat.f_frsize.max(1);
        let total = stat.f_blocks.saturating_mul(unit);
        let free = stat.f_bfree.saturating_mul(unit);
        Some(Usage {
            total,
            used: total.saturating_sub(free),
            available: stat.f_bavail.saturating_mul(unit),
            files: (stat.f_files > 0).then_some((stat.f_files, stat.f_ffree)),
        })
    }

    fn host_root(&self) -> Option<&Path> {
        Some(&self.host)
    }

    fn host_file_id(&self, rel: &str) -> Option<super::FileId> {
        // Opened through the confined root handle (without blocking), as every other read.
        let file = self.open_read(rel).ok()?;
        super::host_file_id(&file)
    }

    fn is_plain(&self, rel: &str, follow_last: bool) -> Option<bool> {
        // One openat2 that refuses every symlink (the kernel's RESOLVE_NO_SYMLINKS) answers for
        // the whole path; a missing last component is asked of its parent.
        let plain = |rel: &str, nofollow: bool| {
            use rustix::fs::{Mode, OFlags, ResolveFlags};
            let flags = OFlags::PATH | OFlags::CLOEXEC | if nofollow { OFlags::NOFOLLOW } else { OFlags::empty() };
            let how = ResolveFlags::BENEATH | ResolveFlags::NO_SYMLINKS | ResolveFlags::NO_MAGICLINKS;
            rustix::fs::openat2(&self.root, &*rel_path(rel), flags, Mode::empty(), how)
        };
        match plain(rel, !follow_last) {
            Ok(_) => Some(true),
            Err(rustix::io::Errno::LOOP | rustix::io::Errno::XDEV) => Some(false),
            Err(rustix::io::Errno::NOENT) => match rel.rsplit_once('/') {
                None => Some(true),
                Some((parent, _)) => match plain(parent, false) {
                    Ok(_) => Some(true),
                    Err(rustix::io::Errno::LOOP | rustix::io::Errno::XDEV) => Some(false),
                    Err(_) => None,
                },
            },
            // No openat2 (an old kernel), or anything else: resolve the slow way.
            Err(_) => None,
        }
    }

    fn stat(&self, rel: &str) -> io::Result<Meta> {
        let meta = self.root.metadata(rel_path(rel)).map_err(confine)?;
        Ok(meta_of(&meta))
    }

    fn lstat(&self, rel: &str) -> io::Result<Meta> {
        let meta = self.root.symlink_metadata(rel_path(rel)).map_err(confine)?;
        Ok(meta_of(&meta))
    }
    fn read_link(&self, rel: &str) -> io::Result<String> {
        let target = self.root.read_link_contents(rel_path(rel)).map_err(confine)?;
        Ok(toolsh_bytes::from_os(target.as_os_str()).into_owned())
    }

    fn read(&self, rel: &str) -> io::Result<Vec<u8>> {
        let mut file = self.open_read(rel)?;
        let mut data = Vec::new();
        io::Read::read_to_end(&mut file, &mut data)?;
        Ok(data)
    }

    fn open_reader(&self, rel: &str) -> io::Result<Box<dyn crate::Reader>> {
        Ok(Box::new(self.open_read(rel)?))
    }

    fn write(&self, rel: &str, data: &[u8], mode: WriteMode) -> io::Result<()> {
        self.open_file(rel, mode)?.write_all(data)
    }

    fn open_writer(self: std::sync::Arc<Self>, rel: &str, mode: WriteMode) -> io::Result<Box<dyn crate::FileWriter>> {
        Ok(Box::new(self.open_file(rel, mode)?))
    }

    fn open_reader_plain(&self, rel: &str) -> Option<io::Result<Box<dyn crate::Reader>>> {
        use rustix::fs::{Mode, OFlags, ResolveFlags};
        let resolve = ResolveFlags::BENEATH | ResolveFlags::NO_SYMLINKS | ResolveFlags::NO_MAGICLINKS;
        let flags = OFlags::RDONLY | OFlags::CLOEXEC | OFlags::NONBLOCK;
        match rustix::fs::openat2(&self.root, &*rel_path(rel), flags, Mode::empty(), resolve) {
            Ok(fd) => Some(regular(std::fs::File::from(fd)).map(|file| Box::new(file) as Box<dyn crate::Reader>)),
            Err(rustix::io::Errno::LOOP | rustix::io::Errno::XDEV | rustix::io::Errno::NOSYS) => None,
            Err(errno) => Some(Err(io::Error::from_raw_os_error(errno.raw_os_error()))),
        }
    }

    fn read_dir_plain(&self, rel: &str) -> Option<io::Result<Vec<DirEntry>>> {
        // One openat2 that refuses every symlink on the way and anything outside the root, then
        // the entries straight from getdents64: four system calls a directory, where going
        // through cap-std's `read_dir` (which opens the directory again, relative to itself,
        // after an fcntl) and resolving the path first took nine.
        use rustix::fs::{AtFlags, FileType, Mode, OFlags, RawDir, ResolveFlags};
        let resolve = ResolveFlags::BENEATH | ResolveFlags::NO_SYMLINKS | ResolveFlags::NO_MAGICLINKS;
        let flags = OFlags::RDONLY | OFlags::DIRECTORY | OFlags::CLOEXEC;
        let fd = match rustix::fs::openat2(&self.root, &*rel_path(rel), flags, Mode::empty(), resolve) {
            Ok(fd) => fd,
            Err(rustix::io::Errno::LOOP | rustix::io::Errno::XDEV | rustix::io::Errno::NOSYS) => return None,
            Err(errno) => return Some(Err(io::Error::from_raw_os_error(errno.raw_os_error()))),
        };
        let mut buf = vec![std::mem::MaybeUninit::<u8>::uninit(); 32 * 1024];
        let mut dir = RawDir::new(&fd, &mut buf);
        let mut entries = Vec::new();
        while let Some(entry) = dir.next() {
            let entry = match entry {
                Ok(entry) => entry,
                Err(errno) => return Some(Err(io::Error::from_raw_os_error(errno.raw_os_error()))),
            };
            let name = entry.file_name().to_bytes();
            if name == b"." || name == b".." {
                continue;
            }
            let kind = match entry.file_type() {
                // A file system that does not say the kind in its listing: asked of the entry.
                FileType::Unknown => rustix::fs::statat(&fd, entry.file_name(), AtFlags::SYMLINK_NOFOLLOW)
                    .map(|stat| FileType::from_raw_mode(stat.st_mode))
                    .unwrap_or(FileType::RegularFile),
                kind => kind,
            };
            let kind = match kind {
                FileType::Symlink => FileKind::Symlink,
                FileType::Directory => FileKind::Dir,
                FileType::RegularFile => FileKind::File,
                FileType::Fifo => FileKind::Fifo,
                _ => FileKind::Device,
            };
            entries.push(DirEntry { name: toolsh_bytes::decode(name).into_owned(), kind });
        }
        Some(Ok(entries))
    }

    fn open_writer_plain(
        self: std::sync::Arc<Self>,
        rel: &str,
        mode: WriteMode,
    ) -> Option<io::Result<Box<dyn crate::FileWriter>>> {
        // One openat2 that refuses every symlink (RESOLVE_NO_SYMLINKS) and anything outside the
        // root: the open itself says the path is plain, at no extra cost. A link anywhere, or a
        // kernel without openat2, leaves it to the caller (nothing was created or truncated).
        use rustix::fs::{Mode, OFlags, ResolveFlags};
        let how = match mode {
            WriteMode::Truncate => OFlags::CREATE | OFlags::TRUNC,
            WriteMode::Append => OFlags::CREATE | OFlags::APPEND,
            WriteMode::CreateNew => OFlags::CREATE | OFlags::EXCL,
        };
        let flags = OFlags::WRONLY | OFlags::CLOEXEC | OFlags::NONBLOCK | how;
        let resolve = ResolveFlags::BENEATH | ResolveFlags::NO_SYMLINKS | ResolveFlags::NO_MAGICLINKS;
        match rustix::fs::openat2(&self.root, &*rel_path(rel), flags, Mode::from_bits_truncate(0o666), resolve) {
            Ok(fd) => Some(regular(std::fs::File::from(fd)).map(|file| Box::new(file) as Box<dyn crate::FileWriter>)),
            Err(rustix::io::Errno::LOOP | rustix::io::Errno::XDEV | rustix::io::Errno::NOSYS) => None,
            Err(errno) => Some(Err(io::Error::from_raw_os_error(errno.raw_os_error()))),
        }
    }

    fn read_dir(&self, rel: &str) -> io::Result<Vec<DirEntry>> {
        let mut entries = Vec::new();
        for entry in self.root.read_dir(rel_path(rel)).map_err(confine)? {
            let entry = entry?;
            let kind = entry.file_type().map(kind_of).unwrap_or(FileKind::File);
            entries.push(DirEntry { name: toolsh_bytes::from_os(&entry.file_name()).into_owned(), kind });
        }
        Ok(entries)
    }

    fn mkdir(&self, rel: &str) -> io::Result<()> {
        self.root.create_dir(rel_path(rel)).map_err(confine)
    }

    fn remove_file(&self, rel: &str) -> io::Result<()> {
        self.root.remove_file(rel_path(rel)).map_err(confine)
    }

    fn remove_dir(&self, rel: &str) -> io::Result<()> {
        self.root.remove_dir(rel_path(rel)).map_err(confine)
    }

    fn rename(&self, from: &str, to: &str) -> io::Result<()> {
        self.root.rename(rel_path(from), &self.root, rel_path(to)).map_err(confine)
    }

    fn symlink(&self, target: &str, rel: &str) -> io::Result<()> {
        self.root.symlink_contents(&*toolsh_bytes::to_os(target), rel_path(rel)).map_err(confine)
    }

    fn set_mode(&self, rel: &str, mode: u32) -> io::Result<()> {
        // A set-user-ID or set-group-ID file on the host would run with its owner's rights for
        // whoever starts it there, and toolsh may run as root: the agent cannot make one, as a
        // user cannot on a `nosuid` mount (a directory's set-group-ID only passes its group on).
        // The other bits are set, so that what restores a mode and goes on (`tar -x`, `cp -p`)
        // keeps them, and the refusal is said.
        if mode & 0o6000 != 0 && !self.root.metadata(rel_path(rel)).map_err(confine)?.is_dir() {
            self.root.set_permissions(rel_path(rel), Permissions::from_mode(mode & !0o6000)).map_err(confine)?;
            return Err(io::Error::from_raw_os_error(1));
        }
        self.root.set_permissions(rel_path(rel), Permissions::from_mode(mode)).map_err(confine)
    }

    fn set_mtime(&self, rel: &str, mtime: SystemTime) -> io::Result<()> {
        use cap_fs_ext::{DirExt, SystemTimeSpec};
        // cap-std's conversion panics on a time before 1970 (`touch -d @-1`): refused instead.
        if mtime < SystemTime::UNIX_EPOCH {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                "a time before 1970 cannot be set on a host directory's file",
            ));
        }
        let spec = SystemTimeSpec::Absolute(cap_std::time::SystemTime::from_std(mtime));
        self.root.set_times(rel_path(rel), None, Some(spec)).map_err(confine)
    }
}
