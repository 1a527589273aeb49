//! VFS unit tests: mount resolution, symlinks inside mounts, confinement.
#![allow(clippy::disallowed_methods)] // the tests mount real directories

use super::*;

#[test]
fn memory_basics() {
    let vfs = Vfs::in_memory();
    vfs.mkdir("/a").unwrap();
    vfs.write("/a/f", b"x", WriteMode::Truncate).unwrap();
    vfs.write("/a/f", b"y", WriteMode::Append).unwrap();
    assert_eq!(vfs.read("/a/f").unwrap(), b"xy");
    vfs.symlink("/a/f", "/l").unwrap();
    assert_eq!(vfs.read("/l").unwrap(), b"xy");
    assert!(vfs.read("/etc/passwd").is_err());
}

#[test]
fn memory_trees_hold_no_more_than_their_budget_and_give_back_what_they_free() {
    let budget = MemoryBudget::new(100);
    let tree = Arc::new(MemoryFs::with_budget(budget.clone()));
    let tmp = Arc::new(MemoryFs::with_budget(budget.clone()));
    let mut vfs = Vfs::new();
    vfs.mount("/", tree, false, "memory");
    vfs.mount("/tmp", tmp, false, "memory");
    vfs.write("/a", &[b'a'; 60], WriteMode::Truncate).unwrap();
    vfs.write("/tmp/b", &[b'b'; 30], WriteMode::Truncate).unwrap();
    assert_eq!(budget.used(), 90);
    // Past the budget, the write fails as on a full disk and changes nothing.
    let err = vfs.write("/a", &[b'a'; 20], WriteMode::Append).unwrap_err();
    assert_eq!(describe(&err), "No space left on device");
    assert_eq!(vfs.read("/a").unwrap().len(), 60);
    assert!(vfs.write("/c", &[b'c'; 11], WriteMode::Truncate).is_err());
    assert!(!vfs.exists("/c"));
    // Overwriting counts the difference; removing and renaming over a file give back.
    vfs.write("/a", &[b'a'; 10], WriteMode::Truncate).unwrap();
    assert_eq!(budget.used(), 40);
    vfs.write("/c", &[b'c'; 5], WriteMode::Truncate).unwrap();
    vfs.rename("/c", "/a").unwrap();
    assert_eq!(budget.used(), 35);
    vfs.remove_file("/tmp/b").unwrap();
    assert_eq!(budget.used(), 5);
    // An unmounted tree gives back everything it held.
    drop(vfs);
    assert_eq!(budget.used(), 0);
}

/// A backend over a host directory that counts its `lstat` calls (the Vfs's own resolution
/// makes one per path component).
struct Counting {
    inner: Arc<DirFs>,
    lstats: std::sync::atomic::AtomicUsize,
}

impl Backend for Counting {
    fn lstat(&self, rel: &str) -> io::Result<Meta> {
        self.lstats.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        self.inner.lstat(rel)
    }
    fn read_link(&self, rel: &str) -> io::Result<String> {
        self.inner.read_link(rel)
    }
    fn read(&self, rel: &str) -> io::Result<Vec<u8>> {
        self.inner.read(rel)
    }
    fn write(&self, rel: &str, data: &[u8], mode: WriteMode) -> io::Result<()> {
        self.inner.write(rel, data, mode)
    }
    fn read_dir(&self, rel: &str) -> io::Result<Vec<DirEntry>> {
        self.inner.read_dir(rel)
    }
    fn mkdir(&self, rel: &str) -> io::Result<()> {
        self.inner.mkdir(rel)
    }
    fn remove_file(&self, rel: &str) -> io::Result<()> {
        self.inner.remove_file(rel)
    }
    fn remove_dir(&self, rel: &str) -> io::Result<()> {
        self.inner.remove_dir(rel)
    }
    fn rename(&self, from: &str, to: &str) -> io::Result<()> {
        self.inner.rename(from, to)
    }
    fn symlink(&self, target: &str, rel: &str) -> io::Result<()> {
        self.inner.symlink(target, rel)
    }
    fn set_mode(&self, rel: &str, mode: u32) -> io::Result<()> {
        self.inner.set_mode(rel, mode)
    }
    fn set_mtime(&self, rel: &str, mtime: SystemTime) -> io::Result<()> {
        self.inner.set_mtime(rel, mtime)
    }
    fn open_writer(self: Arc<Self>, rel: &str, mode: WriteMode) -> io::Result<Box<dyn crate::FileWriter>> {
        self.inner.clone().open_writer(rel, mode)
    }
    fn stat(&self, rel: &str) -> io::Result<Meta> {
        self.inner.stat(rel)
    }
    fn follows_links_safely(&self) -> bool {
        true
    }
}

#[test]
fn deep_trees_cost_no_lookup_per_component() {
    // `mkdir -p` 1,000 levels, `find .` and `rm -rf` took 10-20 s each: every operation
    // looked up each component of its path (quadratic in the depth, cubic in the kernel).
    let dir = tempfile::tempdir().unwrap();
    let backend = Arc::new(Counting { inner: Arc::new(DirFs::open(dir.path()).unwrap()), lstats: Default::default() });
    let mut vfs = Vfs::new();
    vfs.mount("/w", backend.clone(), false, "dir");
    let mut path = "/w".to_string();
    for _ in 0..200 {
        path.push_str("/a");
        vfs.mkdir(&path).unwrap();
        vfs.read_dir(&path).unwrap();
    }
    vfs.remove_tree("/w/a").unwrap();
    assert!(vfs.read_dir("/w").unwrap().is_empty());
    // A lookup per operation at most (mkdir checks that nothing is there; remove_tree asks
    // what each path is), never one per component: 200 levels would make 20,000.
    let lstats = backend.lstats.load(std::sync::atomic::Ordering::Relaxed);
    assert!(lstats <= 3 * 200 + 10, "{lstats} lookups");
}

#[test]
fn a_session_s_host_tmp_is_its_own_and_goes_with_it() {
    let mut first = Vfs::in_memory();
    assert!(first.has_private_tmp());
    #[allow(clippy::disallowed_methods)]
    first.mount_scratch_tmp().unwrap();
    assert!(first.has_private_tmp());
    first.write("/tmp/a", b"first", WriteMode::Truncate).unwrap();
    let host = |vfs: &Vfs| {
        vfs.mounts().iter().find(|m| m.at == "/tmp").and_then(|m| m.backend.host_root()).unwrap().to_path_buf()
    };
    let first_dir = host(&first);
    #[allow(clippy::disallowed_methods)]
    let on_host = std::fs::read(first_dir.join("a")).unwrap();
    assert_eq!(on_host, b"first", "what the shell writes, the host directory holds");
    // A new session: a fresh directory of the same kind, empty, the workspace shared.
    let second = first.with_private_tmp();
    let second_dir = host(&second);
    assert_ne!(first_dir, second_dir);
    assert!(second.read("/tmp/a").is_err());
    #[allow(clippy::disallowed_methods)]
    let mode = std::fs::metadata(&second_dir).unwrap().permissions();
    assert_eq!(std::os::unix::fs::PermissionsExt::mode(&mode) & 0o777, 0o700, "private to toolsh's user");
    drop(second);
    assert!(!second_dir.exists(), "removed with its session");
    assert!(first_dir.exists());
    drop(first);
    assert!(!first_dir.exists());
}

#[test]
fn scratch_left_by_a_process_that_ended_is_removed_and_no_other() {
    let temp = std::env::temp_dir();
    // No process has a pid past the kernel's largest (4,194,304).
    let dead = temp.join("toolsh-tmp-4194399-AbCdEf");
    let other = temp.join("toolsh-notes-4194399");
    #[allow(clippy::disallowed_methods)]
    {
        std::fs::create_dir_all(dead.join("sub")).unwrap();
        std::fs::create_dir_all(&other).unwrap();
    }
    let alive = scratch_dir("tmp").unwrap();
    remove_stale_scratch();
    assert!(!dead.exists(), "the dead process's directory is removed");
    assert!(alive.path().exists(), "a running process's is kept");
    assert!(other.exists(), "a name of another form is not toolsh's to remove");
    #[allow(clippy::disallowed_methods)]
    let _ = std::fs::remove_dir_all(&other);
}

#[test]
fn a_reader_ends_where_its_file_ended_when_first_read() {
    // `tr a b < f >> f` read its own output back and grew the file by gigabytes a second.
    let dir = tempfile::tempdir().unwrap();
    let mut vfs = Vfs::new();
    vfs.mount("/w", Arc::new(DirFs::open(dir.path()).unwrap()), false, "dir");
    for plain in [false, true] {
        vfs.write("/w/f", b"abc\n", WriteMode::Truncate).unwrap();
        let mut reader =
            if plain { vfs.open_reader_plain("/w/f").unwrap().unwrap() } else { vfs.open_reader("/w/f").unwrap() };
        let mut read = vec![0; 1];
        io::Read::read_exact(&mut reader, &mut read).unwrap();
        vfs.write("/w/f", b"more\n", WriteMode::Append).unwrap();
        io::Read::read_to_end(&mut reader, &mut read).unwrap();
        assert_eq!(read, b"abc\n");
        // Seeks are in the file as opened: its end is the end it had.
        assert_eq!(io::Seek::seek(&mut reader, io::SeekFrom::End(-2)).unwrap(), 2);
        read.clear();
        io::Read::read_to_end(&mut reader, &mut read).unwrap();
        assert_eq!(read, b"c\n");
    }
    // Opened again, it is read to its new end; and what is appended between the open and the
    // first read is read (`{ echo c >> f; cat; } < f`).
    let mut reader = vfs.open_reader("/w/f").unwrap();
    vfs.write("/w/f", b"last\n", WriteMode::Append).unwrap();
    let mut read = Vec::new();
    io::Read::read_to_end(&mut reader, &mut read).unwrap();
    assert_eq!(read, b"abc\nmore\nlast\n");
}

#[test]
fn no_set_id_file_is_made_on_the_host() {
    // A set-user-ID file left in a host directory would run with its owner's rights (root,
    // where toolsh runs as root) for whoever starts it there.
    let dir = tempfile::tempdir().unwrap();
    let mut vfs = Vfs::new();
    vfs.mount("/w", Arc::new(DirFs::open(dir.path()).unwrap()), false, "dir");
    vfs.write("/w/s", b"#!/bin/sh\n", WriteMode::Truncate).unwrap();
    for mode in [0o4755, 0o2750, 0o6711] {
        let err = vfs.set_mode("/w/s", mode).unwrap_err();
        assert_eq!(err.raw_os_error(), Some(1), "{mode:o}");
        // The other bits are set (`tar -x` of such a file keeps it executable).
        assert_eq!(vfs.stat("/w/s").unwrap().mode & 0o7777, mode & 0o1777);
    }
    vfs.set_mode("/w/s", 0o1755).unwrap();
    assert_eq!(vfs.stat("/w/s").unwrap().mode & 0o7777, 0o1755);
    // A directory's set-group-ID passes its group on to what is made in it: allowed.
    vfs.mkdir("/w/d").unwrap();
    vfs.set_mode("/w/d", 0o2775).unwrap();
    assert_eq!(vfs.stat("/w/d").unwrap().mode & 0o7777, 0o2775);
    // In memory no host program can run the file: the bits are kept.
    let memory = Vfs::in_memory();
    memory.write("/s", b"x", WriteMode::Truncate).unwrap();
    memory.set_mode("/s", 0o4755).unwrap();
    assert_eq!(memory.stat("/s").unwrap().mode & 0o7777, 0o4755);
}
