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
