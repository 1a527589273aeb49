//! Named pipes in a host directory: nothing in the workspace makes one, but a mounted tree can
//! hold one. Commands that walk a tree report it by kind, as GNU does, instead of opening it
//! (a read would wait forever for a writer); each answer is compared with the GNU tool's on
//! the same directory.

use std::path::Path;
use std::process::Command;
use std::time::Duration;

/// toolsh on the directory, killed after a while: a hang fails the test instead of holding it.
fn toolsh(root: &Path, script: &str) -> (String, i32) {
    let args = ["--root".to_string(), root.display().to_string(), "-c".to_string(), script.to_string()];
    let ran = crate::support::run_binary(root, &args, Duration::from_secs(30));
    (ran.stdout, ran.status)
}

fn gnu(root: &Path, script: &str) -> (String, i32) {
    let out = Command::new("bash").current_dir(root).args(["-c", script]).output().expect("run bash");
    (String::from_utf8_lossy(&out.stdout).into_owned(), out.status.code().unwrap_or(-1))
}

fn mkfifo(path: &Path) {
    let status = Command::new("mkfifo").arg(path).status().expect("run mkfifo");
    assert!(status.success());
}

#[test]
fn diff_r_reports_a_fifo_and_goes_on_as_gnu_does() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path();
    for side in ["a", "b"] {
        std::fs::create_dir(root.join(side)).expect("mkdir");
    }
    mkfifo(&root.join("a/p"));
    mkfifo(&root.join("b/p"));
    mkfifo(&root.join("a/q"));
    std::fs::write(root.join("b/q"), "z\n").expect("write");
    std::fs::write(root.join("a/e"), "").expect("write");
    mkfifo(&root.join("b/e"));
    std::fs::write(root.join("a/f"), "x\n").expect("write");
    std::fs::write(root.join("b/f"), "y\n").expect("write");
    std::fs::create_dir(root.join("a/d")).expect("mkdir");
    std::fs::write(root.join("b/d"), "file\n").expect("write");
    let script = "diff -r a b; echo \"status $?\"; find . -type p | sort; [ -p a/p ] && echo pipe; \
                  [ -f a/p ] || echo 'not a file'; stat -c '%F %n' a/p; ls -l a/p | cut -c1; file a/p";
    let expected = gnu(root, script);
    assert!(expected.0.contains("is a fifo"), "GNU diff reports the FIFO: {}", expected.0);
    assert_eq!(toolsh(root, script), expected);
}
