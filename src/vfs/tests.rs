//! VFS unit tests: mount resolution, symlinks inside mounts, confinement.

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
