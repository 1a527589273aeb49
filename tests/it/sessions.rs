//! Sessions that survive the process: `toolsh --session NAME` restores what the last process
//! with that name left (variables, functions, options, traps, cwd, directory stack, jobs,
//! `/tmp`) and saves it after its run; `session list|save|restore|fork|drop`; a snapshot
//! that is damaged or from a newer toolsh is refused, naming the store and the version, and
//! changes nothing; the snapshot limit is named when hit; an MCP server restarted on the same
//! session goes on where the last one stopped.

use crate::support::{Ran, run_binary};
use std::io::{BufRead, Write};
use std::path::Path;
use std::time::Duration;

fn toolsh(dir: &Path, args: &[&str]) -> Ran {
    let mut all: Vec<String> = vec!["--memory".into(), "--store".into(), dir.join("s.db").display().to_string()];
    all.extend(args.iter().map(|a| a.to_string()));
    run_binary(dir, &all, Duration::from_secs(20))
}

#[test]
fn a_named_session_comes_back_in_a_new_process() {
    let dir = tempfile::tempdir().expect("tempdir");
    let first = toolsh(
        dir.path(),
        &[
            "--session",
            "work",
            "-c",
            "x='two words'; declare -A m=([k]=v); declare -ri n=7; arr=(a '' c); f() { echo \"f:$1\"; }
             set -o pipefail; shopt -s nullglob; trap 'echo on-int' INT; mkdir -p /tmp/d /w; cd /w; pushd /tmp >/dev/null
             printf 'bin\\0ary' > /tmp/d/file; ln -s /tmp/d/file /tmp/link; (exit 3) & wait; echo saved",
        ],
    );
    assert_eq!((first.status, first.stdout.as_str()), (0, "saved\n"), "{}", first.stderr);
    let second = toolsh(
        dir.path(),
        &[
            "--session",
            "work",
            "-c",
            "echo \"$x|${m[k]}|$n|${#arr[@]}|${arr[2]}\"; f y; (n=8) 2>/dev/null || echo readonly; set -o | grep -w pipefail
             shopt nullglob; trap -p INT; echo \"$PWD\"; dirs; od -c /tmp/d/file | head -1; readlink /tmp/link",
        ],
    );
    assert_eq!(
        second.stdout,
        "two words|v|7|3|c\nf:y\nreadonly\npipefail       \ton\nnullglob       \ton\ntrap -- 'echo on-int' SIGINT\n/tmp\n/tmp /w\n0000000   b   i   n  \\0   a   r   y\n/tmp/d/file\n",
        "{}",
        second.stderr
    );
    // Without the name, nothing of it.
    let other = toolsh(dir.path(), &["-c", "echo \"${x-unset}\"; ls /tmp"]);
    assert_eq!(other.stdout, "unset\n", "{}", other.stderr);
    // --fresh starts it anew, and the run's end saves the new one.
    let fresh = toolsh(dir.path(), &["--session", "work", "--fresh", "-c", "echo \"${x-unset}\"; y=new"]);
    assert_eq!(fresh.stdout, "unset\n");
    let after = toolsh(dir.path(), &["--session", "work", "-c", "echo \"${x-unset} $y\""]);
    assert_eq!(after.stdout, "unset new\n");
}

#[test]
fn sessions_are_listed_forked_and_dropped_and_a_fork_shares_nothing() {
    let dir = tempfile::tempdir().expect("tempdir");
    toolsh(dir.path(), &["--session", "base", "-c", "v=1; echo one > /tmp/f"]);
    let out = toolsh(dir.path(), &["-c", "session fork base copy && session list | cut -f1"]);
    assert_eq!(out.stdout, "base\ncopy\n", "{}", out.stderr);
    toolsh(dir.path(), &["--session", "copy", "-c", "v=2; echo two > /tmp/f"]);
    let base = toolsh(dir.path(), &["--session", "base", "-c", "echo $v; cat /tmp/f"]);
    let copy = toolsh(dir.path(), &["--session", "copy", "-c", "echo $v; cat /tmp/f"]);
    assert_eq!((base.stdout.as_str(), copy.stdout.as_str()), ("1\none\n", "2\ntwo\n"));
    // Saved and restored inside a line, too.
    let out = toolsh(dir.path(), &["-c", "w=3; session save inline; w=4; session restore inline; echo $w"]);
    assert_eq!(out.stdout, "3\n", "{}", out.stderr);
    let out =
        toolsh(dir.path(), &["-c", "session drop copy; session drop copy; echo $?; session restore nope; echo $?"]);
    assert_eq!(out.stdout, "1\n1\n");
    assert!(out.stderr.contains("no session 'copy'") && out.stderr.contains("no session 'nope'"), "{}", out.stderr);
    let out = toolsh(dir.path(), &["-c", "session save ''; echo $?; session frob; echo $?"]);
    assert_eq!(out.stdout, "1\n2\n");
    assert!(out.stderr.contains("is not a session name") && out.stderr.contains("usage: session"), "{}", out.stderr);
    let none =
        run_binary(dir.path(), &["--memory".into(), "-c".into(), "session list".into()], Duration::from_secs(20));
    let _ = none;
}

#[test]
fn a_newer_or_damaged_snapshot_is_refused_naming_the_store_and_nothing_changes() {
    let dir = tempfile::tempdir().expect("tempdir");
    toolsh(dir.path(), &["--session", "s", "-c", "keep=yes"]);
    let db = dir.path().join("s.db");
    let conn = rusqlite::Connection::open(&db).expect("open");
    conn.execute("UPDATE sessions SET state = replace(state, '\"version\":1', '\"version\":5')", []).expect("update");
    let out = toolsh(dir.path(), &["--session", "s", "-c", "echo ran"]);
    assert_eq!((out.status, out.stdout.as_str()), (2, ""), "nothing runs");
    assert!(out.stderr.contains(&format!("session 's' in {}", db.display())), "{}", out.stderr);
    assert!(out.stderr.contains("snapshot version 5, newer than this toolsh reads (1)"), "{}", out.stderr);
    conn.execute("UPDATE sessions SET state = '{\"version\":1,\"cwd\":'", []).expect("update");
    let out = toolsh(dir.path(), &["--session", "s", "-c", "echo ran"]);
    assert_eq!(out.status, 2);
    assert!(out.stderr.contains("it is damaged (state:"), "{}", out.stderr);
    // Refused, the saved one is still there to be looked at; --fresh replaces it.
    let out = toolsh(dir.path(), &["--session", "s", "--fresh", "-c", "echo ran"]);
    assert_eq!((out.status, out.stdout.as_str()), (0, "ran\n"));
    assert_eq!(toolsh(dir.path(), &["--session", "s", "-c", "echo ${keep-gone}"]).stdout, "gone\n");
}

#[test]
fn a_session_past_the_snapshot_limit_is_not_saved_and_says_so() {
    let dir = tempfile::tempdir().expect("tempdir");
    let out = toolsh(
        dir.path(),
        &["--limit", "snapshot-bytes=4096", "--session", "big", "-c", "seq 1 10000 > /tmp/many; echo done"],
    );
    assert_eq!(out.stdout, "done\n");
    assert!(
        out.stderr.contains("session 'big' was not saved: limit exceeded: snapshot bytes (at most 4096"),
        "{}",
        out.stderr
    );
    let out = toolsh(dir.path(), &["-c", "session list | wc -l"]);
    assert_eq!(out.stdout.trim(), "0");
}

#[test]
fn an_mcp_server_restarted_on_a_session_goes_on_where_it_stopped() {
    let dir = tempfile::tempdir().expect("tempdir");
    let store = dir.path().join("s.db").display().to_string();
    let call = |id: u32, command: &str| -> String {
        format!(
            "{}\n",
            serde_json::json!({"jsonrpc":"2.0","id":id,"method":"tools/call","params":{"name":"shell","arguments":{"command":command}}})
        )
    };
    let serve = |lines: &[String]| -> Vec<String> {
        let (mut child, mut stdin, mut stdout) =
            crate::support::mcp_stdio(&["--memory", "--store", &store, "--session", "agent-1"]);
        let mut answers = Vec::new();
        for request in lines {
            stdin.write_all(request.as_bytes()).expect("send");
            let mut answer = String::new();
            stdout.read_line(&mut answer).expect("answer");
            answers.push(answer);
        }
        // Killed, not closed: the session must already be in the store.
        let _ = child.kill();
        let _ = child.wait();
        answers
    };
    serve(&[call(2, "counter=41; cd /tmp; echo kept > /tmp/note")]);
    let answers = serve(&[call(2, "echo $((counter + 1)) $PWD $(cat /tmp/note)")]);
    assert!(answers[0].contains("42 /tmp kept"), "{}", answers[0]);
}

#[test]
fn a_saved_cwd_this_workspace_lacks_leaves_the_cwd_where_it_is() {
    let dir = tempfile::tempdir().expect("tempdir");
    toolsh(dir.path(), &["--session", "moved", "-c", "mkdir -p /only/here && cd /only/here"]);
    // A fresh in-memory workspace has no /only/here.
    let out = toolsh(dir.path(), &["--session", "moved", "-c", "pwd; echo \"$PWD\""]);
    assert_eq!((out.status, out.stdout.as_str()), (0, "/\n/\n"), "{}", out.stderr);
}

/// A `/tmp` that is a host directory (a mount, or the workspace root started in `/tmp`) is the
/// host's: a session neither saves it nor, restoring, empties it; the session's variables
/// still come back.
#[test]
fn restoring_a_session_leaves_a_host_tmp_as_it_is() {
    let dir = tempfile::tempdir().expect("tempdir");
    let host_tmp = dir.path().join("host-tmp");
    std::fs::create_dir_all(host_tmp.join("sub")).expect("mkdir");
    std::fs::write(host_tmp.join("keep.txt"), "not the session's\n").expect("write");
    std::fs::write(host_tmp.join("sub/deep.txt"), "nor this\n").expect("write");
    let work = dir.path().join("w");
    std::fs::create_dir_all(&work).expect("mkdir");
    let run = |line: &str| {
        let args: Vec<String> = [
            "--root",
            &work.display().to_string(),
            "--mount",
            &format!("/tmp={}", host_tmp.display()),
            "--store",
            &dir.path().join("s.db").display().to_string(),
            "--session",
            "x",
            "-c",
            line,
        ]
        .map(str::to_string)
        .to_vec();
        run_binary(dir.path(), &args, Duration::from_secs(20))
    };
    let first = run("x=1; echo made > /tmp/by-session.txt");
    assert_eq!(first.status, 0, "{}", first.stderr);
    let second = run("echo \"x=$x\"; cat /tmp/keep.txt /tmp/sub/deep.txt /tmp/by-session.txt");
    assert_eq!(
        (second.status, second.stdout.as_str()),
        (0, "x=1\nnot the session's\nnor this\nmade\n"),
        "{}",
        second.stderr
    );
    assert_eq!(std::fs::read_to_string(host_tmp.join("keep.txt")).expect("still there"), "not the session's\n");
}

/// A session carries the limits it lowered, not the ceiling (`--timeout`, `--limit`) of the
/// process it ran in, nor what was left of `--timeout` for its EXIT trap.
#[test]
fn a_session_keeps_the_limits_it_lowered_and_not_its_process_ceiling() {
    let dir = tempfile::tempdir().expect("tempdir");
    let first =
        toolsh(dir.path(), &["--session", "s", "--timeout", "10", "--limit", "jobs=5", "-c", "config set jobs 3"]);
    assert_eq!(first.status, 0, "{}", first.stderr);
    let second = toolsh(dir.path(), &["--session", "s", "-c", "config get timeout-ms; config get jobs"]);
    assert_eq!(second.stdout, "0\n3\n", "{}", second.stderr);
    let third = toolsh(dir.path(), &["--session", "s", "--limit", "jobs=2", "-c", "config get jobs"]);
    assert_eq!(third.stdout, "2\n", "{}", third.stderr);
}
