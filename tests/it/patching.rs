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

/// A case for `patch` against GNU patch: files before, the diff, the arguments.
struct Case {
    name: &'static str,
    files: &'static [(&'static str, &'static str)],
    diff: &'static str,
    args: &'static str,
}

const LETTERS: &str = "a\nb\nc\nd\ne\nf\ng\nh\ni\nj\nk\nl\n";
/// Changes `c` and `j` of LETTERS, in two hunks.
const TWO_HUNKS: &str = "--- f\t2026-01-01 00:00:00\n+++ f\t2026-01-01 00:00:00\n@@ -1,5 +1,5 @@\n a\n b\n-c\n+C\n d\n e\n@@ -8,5 +8,5 @@\n h\n i\n-j\n+J\n k\n l\n";

/// TWO_HUNKS as `diff -c` writes it, the second hunk also adding a line at the end.
const CONTEXT: &str = "*** f\t2026-01-01 00:00:00\n--- f\t2026-01-01 00:00:00\n***************\n*** 1,5 ****\n  a\n  b\n! c\n  d\n  e\n\
                       --- 1,5 ----\n  a\n  b\n! C\n  d\n  e\n***************\n*** 8,12 ****\n  h\n  i\n! j\n  k\n  l\n\
                       --- 8,13 ----\n  h\n  i\n! J\n  k\n  l\n+ m\n";

const CASES: &[Case] = &[
    Case { name: "exact", files: &[("f", LETTERS)], diff: TWO_HUNKS, args: "" },
    Case {
        name: "offset",
        files: &[("f", "x\ny\nz\na\nb\nc\nd\ne\nf\ng\nh\ni\nj\nk\nl\n")],
        diff: TWO_HUNKS,
        args: "",
    },
    Case { name: "fuzz", files: &[("f", "a\nB\nc\nd\ne\nf\ng\nh\ni\nj\nk\nL\n")], diff: TWO_HUNKS, args: "" },
    Case { name: "second-fails", files: &[("f", "a\nb\nc\nd\ne\nf\ng\nh\nI\nQ\nK\nl\n")], diff: TWO_HUNKS, args: "" },
    Case {
        name: "dry-run",
        files: &[("f", "a\nb\nc\nd\ne\nf\ng\nh\nI\nQ\nK\nl\n")],
        diff: TWO_HUNKS,
        args: "--dry-run",
    },
    Case { name: "reverse", files: &[("f", "a\nb\nC\nd\ne\nf\ng\nh\ni\nJ\nk\nl\n")], diff: TWO_HUNKS, args: "-R" },
    Case {
        name: "applied-forward",
        files: &[("f", "a\nb\nC\nd\ne\nf\ng\nh\ni\nJ\nk\nl\n")],
        diff: TWO_HUNKS,
        args: "-N",
    },
    Case { name: "applied-asks", files: &[("f", "a\nb\nC\nd\ne\nf\ng\nh\ni\nJ\nk\nl\n")], diff: TWO_HUNKS, args: "" },
    Case { name: "origfile", files: &[("other", LETTERS)], diff: TWO_HUNKS, args: "other" },
    Case {
        name: "create-and-delete",
        files: &[("gone.txt", "bye\n")],
        diff: "--- /dev/null\t2026-01-01\n+++ made/new.txt\t2026-01-01\n@@ -0,0 +1,2 @@\n+one\n+two\n\
               --- gone.txt\t2026-01-01\n+++ /dev/null\t2026-01-01\n@@ -1 +0,0 @@\n-bye\n",
        args: "-p0",
    },
    Case {
        name: "git",
        files: &[("src/lib.rs", "fn a() {}\nfn b() {}\n"), ("README", "old\n")],
        diff: "diff --git a/src/lib.rs b/src/lib.rs\nindex 1111111..2222222 100644\n--- a/src/lib.rs\n+++ b/src/lib.rs\n\
               @@ -1,2 +1,2 @@\n fn a() {}\n-fn b() {}\n+fn b() { todo!() }\ndiff --git a/README b/README\n--- a/README\n+++ b/README\n\
               @@ -1 +1 @@\n-old\n+new\n",
        args: "-p1",
    },
    Case {
        name: "no-newline",
        files: &[("f", "x\ny")],
        diff: "--- f\n+++ f\n@@ -1,2 +1,2 @@\n x\n-y\n\\ No newline at end of file\n+z\n",
        args: "",
    },
    Case {
        name: "default-strip",
        files: &[("d/f", LETTERS)],
        diff: "--- d/f\n+++ d/f\n@@ -2,3 +2,3 @@\n b\n-c\n+C\n d\n",
        args: "",
    },
    Case { name: "context", files: &[("f", "x\nx\na\nb\nc\nd\ne\nf\ng\nh\ni\nj\nk\nl\n")], diff: CONTEXT, args: "" },
    Case { name: "context-fails", files: &[("f", "a\nb\nc\nd\ne\nf\ng\nh\nI\nQ\nK\nl\n")], diff: CONTEXT, args: "" },
    Case {
        name: "context-reverse",
        files: &[("f", "a\nb\nC\nd\ne\nf\ng\nh\ni\nJ\nk\nl\nm\n")],
        diff: CONTEXT,
        args: "-R",
    },
    Case { name: "missing", files: &[("f", LETTERS)], diff: "--- nope\n+++ nope\n@@ -1 +1 @@\n-a\n+b\n", args: "" },
    Case { name: "garbage", files: &[("f", LETTERS)], diff: "this is no diff\n", args: "" },
];

/// The files under `dir` (but the diff), with their contents.
fn tree(dir: &Path) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(at) = stack.pop() {
        for entry in std::fs::read_dir(&at).into_iter().flatten().flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
            } else if entry.file_name() != "the.diff" {
                let name = path.strip_prefix(dir).map(|p| p.display().to_string()).unwrap_or_default();
                out.push((name, std::fs::read_to_string(&path).unwrap_or_default()));
            }
        }
    }
    out.sort();
    out
}

#[test]
fn patch_answers_and_leaves_the_tree_as_gnu_patch_does() {
    if std::process::Command::new("patch").arg("--version").output().is_err() {
        panic!("GNU patch must be installed (.ci/run does it)");
    }
    let mut differences = Vec::new();
    for case in CASES {
        let dirs: Vec<tempfile::TempDir> = (0..2).map(|_| tempfile::tempdir().expect("tempdir")).collect();
        for dir in &dirs {
            for (name, text) in case.files {
                let path = dir.path().join(name);
                std::fs::create_dir_all(path.parent().expect("parent")).expect("dirs");
                std::fs::write(path, text).expect("fixture");
            }
            std::fs::write(dir.path().join("the.diff"), case.diff).expect("diff");
        }
        let line = format!("patch {} < the.diff", case.args);
        let gnu = std::process::Command::new("bash")
            .args(["-c", &line])
            .current_dir(dirs[0].path())
            .stdin(std::process::Stdio::null())
            .output()
            .expect("bash");
        let ours = toolsh(dirs[1].path(), &[], &line);
        let theirs = (String::from_utf8_lossy(&gnu.stdout).into_owned(), gnu.status.code().unwrap_or(-1));
        if (ours.stdout.clone(), ours.status) != theirs {
            differences.push(format!(
                "{}: GNU said {theirs:?}, toolsh {:?} (stderr {:?})",
                case.name,
                (ours.stdout, ours.status),
                ours.stderr
            ));
        }
        let (gnu_tree, our_tree) = (tree(dirs[0].path()), tree(dirs[1].path()));
        if gnu_tree != our_tree {
            differences.push(format!("{}: GNU left {gnu_tree:?}\n  toolsh left {our_tree:?}", case.name));
        }
    }
    assert!(differences.is_empty(), "{}", differences.join("\n"));
}

#[test]
fn a_backup_the_policy_refuses_keeps_the_file_as_it_was() {
    // The hunk lands at an offset, so GNU patch keeps f.orig; writing it is denied: the file
    // is not changed without its backup.
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::write(dir.path().join("f"), format!("x\ny\n{LETTERS}")).expect("fixture");
    std::fs::write(dir.path().join("the.diff"), TWO_HUNKS).expect("diff");
    let out = toolsh(dir.path(), &["--deny", "fs.write:f.orig"], "patch < the.diff");
    assert_eq!(out.status, 126, "{}\n{}", out.stdout, out.stderr);
    assert!(out.stderr.contains("denied by deny:fs.write:f.orig"), "{}", out.stderr);
    assert_eq!(read(dir.path(), "f"), format!("x\ny\n{LETTERS}"));
    assert!(!dir.path().join("f.orig").exists());
}
