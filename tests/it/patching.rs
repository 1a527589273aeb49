//! Editing by patch on a real directory: `apply_patch` (and `fs.patch`, the same engine) changes
//! every file of a patch or none — a hunk that finds no place in the third file, a policy that
//! denies one path, or a write the disk refuses part way leave the first files as they were.

use crate::support::{Ran, run_binary};
use std::path::Path;
use std::time::Duration;

fn toolsh(dir: &Path, args: &[&str], line: &str) -> Ran {
    let mut argv: Vec<String> = args.iter().map(|a| a.to_string()).collect();
    argv.extend(["-c".to_string(), line.to_string()]);
    run_binary(dir, &argv, Duration::from_secs(30))
}

/// A workspace holding `one.txt`, `two.txt`, `three.txt` (each "a\nb\n").
fn workspace() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("tempdir");
    for name in ["one.txt", "two.txt", "three.txt"] {
        std::fs::write(dir.path().join(name), "a\nb\n").expect("fixture");
    }
    dir
}

fn read(dir: &Path, name: &str) -> String {
    std::fs::read_to_string(dir.join(name)).unwrap_or_else(|_| "<missing>".to_string())
}

/// A patch that changes `one.txt` and `two.txt`, adds `new/four.txt`, and changes the line
/// `old` of `third` (which fails where `third` has no such line).
fn patch(third: &str, old: &str) -> String {
    format!(
        "*** Begin Patch\n*** Update File: one.txt\n-b\n+B1\n*** Update File: two.txt\n a\n-b\n+B2\n\
         *** Add File: new/four.txt\n+four\n*** Update File: {third}\n-{old}\n+B3\n*** End Patch\n"
    )
}

#[test]
fn a_whole_patch_applies() {
    let dir = workspace();
    let out = toolsh(dir.path(), &[], &format!("apply_patch <<'EOF'\n{}EOF", patch("three.txt", "b")));
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert_eq!(
        out.stdout,
        "Success. Updated the following files:\nM one.txt\nM two.txt\nA new/four.txt\nM three.txt\n"
    );
    let files: Vec<String> =
        ["one.txt", "two.txt", "new/four.txt", "three.txt"].iter().map(|f| read(dir.path(), f)).collect();
    assert_eq!(files, ["a\nB1\n", "a\nB2\n", "four\n", "a\nB3\n"]);
}

#[test]
fn a_hunk_that_finds_no_place_in_the_third_file_changes_nothing() {
    let dir = workspace();
    let out = toolsh(dir.path(), &[], &format!("apply_patch <<'EOF'\n{}EOF", patch("three.txt", "nothing-like-this")));
    assert_eq!(out.status, 1, "{}", out.stdout);
    assert!(out.stderr.contains("three.txt: cannot find the lines the hunk expects"), "{}", out.stderr);
    assert_eq!((read(dir.path(), "one.txt"), read(dir.path(), "two.txt")), ("a\nb\n".into(), "a\nb\n".into()));
    assert!(!dir.path().join("new").exists(), "no directory was made");
}

#[test]
fn a_path_the_policy_denies_keeps_every_file() {
    let dir = workspace();
    let out = toolsh(
        dir.path(),
        &["--deny", "fs.write:three.txt"],
        &format!("apply_patch <<'EOF'\n{}EOF", patch("three.txt", "b")),
    );
    assert_eq!(out.status, 126, "{}", out.stderr);
    assert!(out.stderr.contains("[blocked: apply_patch → fs.write"), "{}", out.stderr);
    for name in ["one.txt", "two.txt", "three.txt"] {
        assert_eq!(read(dir.path(), name), "a\nb\n", "{name}");
    }
    assert!(!dir.path().join("new").exists());
    // The JSON tool is the same engine, under the same rule.
    let json = serde_json::json!({ "patch": patch("three.txt", "b") }).to_string();
    let out =
        toolsh(dir.path(), &["--deny", "fs.write:three.txt"], &format!("fs.patch '{}'", json.replace('\'', "'\\''")));
    assert_eq!(out.status, 126, "{}", out.stderr);
    assert_eq!(read(dir.path(), "one.txt"), "a\nb\n");
}

#[test]
fn a_write_refused_part_way_puts_back_what_was_changed() {
    // The third file lies in a read-only mount: the gate allows it, the disk refuses it.
    let dir = workspace();
    let frozen = tempfile::tempdir().expect("tempdir");
    std::fs::write(frozen.path().join("three.txt"), "a\nb\n").expect("fixture");
    let mount = format!("/frozen={}:ro", frozen.path().display());
    let out = toolsh(
        dir.path(),
        &["--mount", &mount],
        &format!("apply_patch <<'EOF'\n{}EOF", patch("/frozen/three.txt", "b")),
    );
    assert_eq!(out.status, 1, "{}\n{}", out.stdout, out.stderr);
    assert!(out.stderr.contains("Read-only file system"), "{}", out.stderr);
    assert_eq!((read(dir.path(), "one.txt"), read(dir.path(), "two.txt")), ("a\nb\n".into(), "a\nb\n".into()));
    assert!(!dir.path().join("new").exists(), "the directory it made is gone again");
    assert_eq!(read(frozen.path(), "three.txt"), "a\nb\n");
}
