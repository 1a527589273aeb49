//! The example automations in `scripts/examples/` run on fixtures: the same script under
//! `/bin/bash` with GNU tools and under toolsh must print the same thing and exit the same way
//! (the inbox one, which needs the store, is checked against its expected effects).

use std::path::{Path, PathBuf};
use std::process::Command;

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn script(name: &str) -> String {
    repo().join("scripts/examples").join(name).display().to_string()
}

/// A scratch directory holding copies of the named fixtures.
fn fixtures(names: &[&str]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("tempdir");
    for name in names {
        std::fs::copy(repo().join("tests/fixtures/examples").join(name), dir.path().join(name)).expect("fixture");
    }
    dir
}

fn run(mut command: Command) -> (String, String, i32) {
    let out = command.output().expect("run");
    let text = |bytes: &[u8]| String::from_utf8_lossy(bytes).into_owned();
    (text(&out.stdout), text(&out.stderr), out.status.code().unwrap_or(-1))
}

fn bash(dir: &Path, args: &[&str]) -> (String, String, i32) {
    let mut command = Command::new("/bin/bash");
    command.args(args).current_dir(dir).env_clear().env("PATH", std::env::var("PATH").unwrap_or_default());
    command.env("LC_ALL", "C");
    run(command)
}

fn toolsh(dir: &Path, store: &Path, extra: &[&str], args: &[&str]) -> (String, String, i32) {
    let mut command = Command::new(env!("CARGO_BIN_EXE_toolsh"));
    command.env("HOME", crate::support::test_home());
    command.arg("--root").arg(dir).arg("--store").arg(store).args(extra).args(args).current_dir(dir);
    run(command)
}

/// Runs `args` under both shells in `dir` and compares stdout and status.
fn same_as_bash(dir: &Path, args: &[&str]) -> String {
    let store = tempfile::tempdir().expect("store dir");
    let expected = bash(dir, args);
    let actual = toolsh(dir, &store.path().join("store.db"), &[], args);
    assert_eq!(
        (&actual.0, actual.2),
        (&expected.0, expected.2),
        "toolsh differs from bash\n--- toolsh stderr:\n{}\n--- bash stderr:\n{}",
        actual.1,
        expected.1
    );
    actual.0
}

#[test]
fn log_triage_matches_bash() {
    let dir = fixtures(&["app.log"]);
    let out = same_as_bash(dir.path(), &[&script("log-triage.sh"), "app.log"]);
    assert!(out.contains("== top errors\n     20 [worker] job N failed: disk full\n"), "{out}");
    assert!(out.ends_with("== 47 errors in 400 lines\n"), "{out}");
}

#[test]
fn inventory_report_and_summary_match_bash() {
    let dir = fixtures(&["inventory.json"]);
    let out = same_as_bash(dir.path(), &[&script("inventory.sh"), "inventory.json", "4"]);
    assert!(out.contains("tools    30  1005\n"), "{out}");
    let bash_summary = std::fs::read_to_string(dir.path().join("inventory.summary.json")).expect("summary");
    std::fs::remove_file(dir.path().join("inventory.summary.json")).expect("remove");
    let store = tempfile::tempdir().expect("store dir");
    toolsh(dir.path(), &store.path().join("s.db"), &[], &[&script("inventory.sh"), "inventory.json", "4"]);
    let summary = std::fs::read_to_string(dir.path().join("inventory.summary.json")).expect("summary");
    assert_eq!(summary, bash_summary);
}

#[test]
fn repo_stats_match_bash_on_this_repository() {
    let out = same_as_bash(&repo(), &[&script("repo-stats.sh"), "builtins"]);
    assert!(out.contains("\nrs  ") && out.contains("== largest files (lines)\n"), "{out}");
}

#[test]
fn inbox_answers_files_and_keeps_messages() {
    let dir = tempfile::tempdir().expect("tempdir");
    let store = dir.path().join("store.db");
    let work = dir.path().join("work");
    std::fs::create_dir(&work).expect("work");
    let send = |from: &str, script: &str| {
        let (_, err, status) = toolsh(&work, &store, &["--agent", from], &["-c", script]);
        assert_eq!(status, 0, "{err}");
    };
    send("bob", "msg send alice ping; msg send alice 'task: renew the TLS certificate'; msg send alice 'lunch?'");
    send("carol", "msg send alice 'task:  review PR 42'");
    let (out, err, status) = toolsh(&work, &store, &["--agent", "alice"], &[&script("inbox.sh")]);
    assert_eq!(status, 0, "{err}");
    assert_eq!(
        out,
        "#1 from bob: answered pong\n#2 from bob: task filed\n#3 from bob: kept for a human\n\
         #4 from carol: task filed\n4 message(s) handled; 4 in all\n"
    );
    let tasks = std::fs::read_to_string(work.join("tasks.md")).expect("tasks.md");
    assert_eq!(tasks, "- [ ] renew the TLS certificate (from bob)\n- [ ] review PR 42 (from carol)\n");
    assert_eq!(std::fs::read_to_string(work.join("inbox-unsorted.txt")).expect("unsorted"), "bob\tlunch?\n");
    let (out, _, _) = toolsh(&work, &store, &["--agent", "bob"], &["-c", "msg read"]);
    assert!(out.contains("from alice") && out.contains("pong"), "{out}");
    // A second run finds nothing new and keeps the running count.
    let (out, _, _) = toolsh(&work, &store, &["--agent", "alice"], &[&script("inbox.sh")]);
    assert_eq!(out, "0 message(s) handled; 4 in all\n");
}
