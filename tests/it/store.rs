//! The store across real processes, on both engines: messages exchanged between two `toolsh`
//! processes (also with one killed mid-run), atomic counters, presence, and a store that
//! cannot be used. Each case runs on a SQLite file and, when `TOOLSH_TEST_POSTGRES` names a
//! database (`.ci/run` starts one), on a PostgreSQL schema of its own.

use crate::support::stores;
use std::process::{Command, Stdio};

fn toolsh(store: &str, agent: &str, script: &str) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_toolsh"));
    command.env_clear().env("HOME", crate::support::test_home()).args([
        "--memory",
        "--timeout",
        "120",
        "--agent",
        agent,
        "--store",
        store,
    ]);
    command.args(["-c", script]).stdout(Stdio::piped()).stderr(Stdio::piped());
    command
}

fn finish(child: std::process::Child) -> (String, String, i32) {
    let out = child.wait_with_output().expect("wait");
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.code().unwrap_or(-1),
    )
}

/// Sends 100 numbered messages to `peer` while collecting the 100 the peer sends, then prints
/// the numbers received, sorted.
fn exchange(me: &str, peer: &str) -> String {
    format!(
        "for i in $(seq 100); do msg send {peer} \"{me}$i\" > /dev/null || exit 1; done
         : > /tmp/got; n=0; tries=0
         while [ $n -lt 100 ] && [ $tries -lt 20000 ]; do
           msg read --json | jq -r .text >> /tmp/got
           n=$(wc -l < /tmp/got); tries=$((tries + 1))
         done
         sed 's/^{peer}//' /tmp/got | sort -n"
    )
}

#[test]
fn two_processes_exchange_100_messages_each_none_lost_or_duplicated() {
    for store in stores("exchange") {
        let alice = toolsh(&store.spec, "alice", &exchange("alice", "bob")).spawn().expect("spawn alice");
        let bob = toolsh(&store.spec, "bob", &exchange("bob", "alice")).spawn().expect("spawn bob");
        let (alice_got, alice_err, alice_status) = finish(alice);
        let (bob_got, bob_err, bob_status) = finish(bob);
        assert_eq!((alice_status, bob_status), (0, 0), "{}: {alice_err}\n{bob_err}", store.name);
        let expected = (1..=100).map(|i| format!("{i}\n")).collect::<String>();
        assert_eq!(alice_got, expected, "{}", store.name);
        assert_eq!(bob_got, expected, "{}", store.name);
        let (counts, _, _) = finish(toolsh(&store.spec, "bob", "msg list").spawn().expect("spawn"));
        assert_eq!(counts, "unread 0, read 100, archived 0, sent 100\n", "{}", store.name);
    }
}

#[test]
fn a_sender_killed_mid_run_loses_no_acknowledged_message_and_leaves_no_partial_one() {
    for store in stores("killed") {
        // Each number is printed once `msg send` has returned: acknowledged.
        let script = "for i in $(seq 1000); do msg send bob \"$i\" > /dev/null && echo $i; done";
        let mut sender = toolsh(&store.spec, "alice", script).spawn().expect("spawn");
        let mut acknowledged = Vec::new();
        {
            use std::io::BufRead;
            let lines = std::io::BufReader::new(sender.stdout.take().expect("stdout"));
            for line in lines.lines() {
                acknowledged.push(line.expect("line").parse::<u32>().expect("number"));
                if acknowledged.len() == 40 {
                    sender.kill().expect("SIGKILL");
                    break;
                }
            }
        }
        let _ = sender.wait();
        let (got, err, status) =
            finish(toolsh(&store.spec, "bob", "msg read --json | jq -r .text").spawn().expect("spawn"));
        assert_eq!(status, 0, "{}: {err}", store.name);
        let got: Vec<u32> = got.lines().map(|l| l.parse().expect("a whole message")).collect();
        // Every acknowledged message arrived, in order, once; at most the one being sent when
        // the sender died arrived besides (sent, not yet acknowledged).
        assert!(got.len() == acknowledged.len() || got.len() == acknowledged.len() + 1, "{}: {got:?}", store.name);
        assert_eq!(got, (1..=got.len() as u32).collect::<Vec<_>>(), "{}", store.name);
    }
}

#[test]
fn two_processes_incrementing_1000_times_each_make_2000() {
    for store in stores("incr") {
        let script = "for i in $(seq 1000); do meta incr n 1 > /dev/null || exit 1; done";
        let a = toolsh(&store.spec, "a", script).spawn().expect("spawn");
        let b = toolsh(&store.spec, "b", script).spawn().expect("spawn");
        let (_, a_err, a_status) = finish(a);
        let (_, b_err, b_status) = finish(b);
        assert_eq!((a_status, b_status), (0, 0), "{}: {a_err}\n{b_err}", store.name);
        let (value, _, _) = finish(toolsh(&store.spec, "c", "meta get n").spawn().expect("spawn"));
        assert_eq!(value, "2000\n", "{}", store.name);
    }
}

#[test]
fn presence_and_identity() {
    for store in stores("presence") {
        let store = store.spec.as_str();
        let (out, _, _) = finish(toolsh(store, "alice", "whoami; msg list > /dev/null").spawn().expect("spawn"));
        assert_eq!(out, "alice\n");
        let (out, _, status) =
            finish(toolsh(store, "bob", "ping alice; who | cut -d' ' -f1 | sort").spawn().expect("spawn"));
        assert_eq!(status, 0);
        assert!(out.starts_with("alice is alive (seen "), "{out}");
        assert!(out.ends_with("alice\nbob\n"), "{store}: {out}");
        let (out, _, status) = finish(toolsh(store, "bob", "ping carol").spawn().expect("spawn"));
        assert_eq!(
            (out.as_str(), status),
            ("carol has never been seen on this store (ping asks about agents, not network hosts)\n", 1)
        );
    }
}

#[test]
fn an_unusable_store_is_named_and_kept() {
    let dir = tempfile::tempdir().expect("tempdir");
    let store = dir.path().join("store.db");
    std::fs::write(&store, "my notes, not a database\n".repeat(100)).expect("write");
    let (_, err, status) = finish(toolsh(&store.display().to_string(), "a", "msg send b hi").spawn().expect("spawn"));
    assert_eq!(status, 125, "{err}");
    assert!(err.contains(&store.display().to_string()) && err.contains("not a toolsh store"), "{err}");
    assert!(std::fs::read_to_string(&store).expect("read").starts_with("my notes"));
    // The audit log cannot be written either: said once, at the end, without failing the line.
    assert!(err.contains("audit log could not be written"), "{err}");
}

#[test]
fn the_audit_log_lands_in_the_store() {
    let dir = tempfile::tempdir().expect("tempdir");
    let store = dir.path().join("store.db");
    let (_, err, status) = finish(
        toolsh(&store.display().to_string(), "a", "echo x > /f; cat /f /f > /dev/null; rm /f").spawn().expect("spawn"),
    );
    assert_eq!(status, 0, "{err}");
    let conn = rusqlite::Connection::open(&store).expect("open");
    let rows: Vec<(String, String, i64)> = conn
        .prepare("SELECT tool, command, calls FROM audit ORDER BY id")
        .expect("prepare")
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
        .expect("query")
        .collect::<Result<_, _>>()
        .expect("rows");
    let expected = [("fs.write", "redirect", 1), ("fs.read", "cat", 2), ("fs.delete", "rm", 1)];
    let rows: Vec<(&str, &str, i64)> = rows.iter().map(|(t, c, n)| (t.as_str(), c.as_str(), *n)).collect();
    assert_eq!(rows, expected);
}

#[test]
fn the_wal_stays_bounded_across_one_shot_processes() {
    // Each `toolsh -c` commits once and leaves without closing the store; the next process
    // rebuilds the WAL index from the whole WAL, so the WAL must be emptied now and then
    // (SQLite's automatic checkpoint never restarted it across processes: it only grew).
    let dir = tempfile::tempdir().expect("tempdir");
    let store = dir.path().join("store.db");
    let mut largest = 0;
    for i in 0..80 {
        let (_, err, status) = finish(
            toolsh(&store.display().to_string(), "a", &format!("meta set k{i} v > /dev/null")).spawn().expect("spawn"),
        );
        assert_eq!(status, 0, "{err}");
        largest = largest.max(std::fs::metadata(dir.path().join("store.db-wal")).map_or(0, |m| m.len()));
    }
    // 128 pages of 4 KiB and their headers, plus one command line's own pages.
    assert!(largest < 150 * 4120, "the WAL reached {largest} bytes");
    let (out, _, _) = finish(toolsh(&store.display().to_string(), "a", "meta list k | wc -l").spawn().expect("spawn"));
    assert_eq!(out.trim(), "80");
}

#[test]
fn an_unreachable_postgres_store_is_named_without_its_password_and_nothing_runs() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut command = toolsh("postgres://agent:hunter2@127.0.0.1:9/fleet", "a", "echo ran > /tmp/x; echo ran");
    let (out, err, status) = finish(command.current_dir(dir.path()).spawn().expect("spawn"));
    assert_eq!((out.as_str(), status), ("", 125), "{err}");
    assert!(err.contains("store postgres://agent@127.0.0.1:9/fleet cannot be reached"), "{err}");
    assert!(!err.contains("hunter2"), "{err}");
}

#[test]
fn a_session_kept_by_one_process_is_resumed_by_another() {
    for store in stores("resume") {
        let run = |script: &str| {
            let mut command = Command::new(env!("CARGO_BIN_EXE_toolsh"));
            command.env_clear().env("HOME", crate::support::test_home()).args([
                "--memory",
                "--agent",
                "alice",
                "--store",
                &store.spec,
                "--session",
                "work",
            ]);
            finish(command.args(["-c", script]).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().expect("spawn"))
        };
        let (_, err, status) = run("x=42; f() { echo \"f sees $x\"; }; cd /tmp; echo kept > note");
        assert_eq!(status, 0, "{}: {err}", store.name);
        let (out, err, status) = run("f; pwd; cat note");
        assert_eq!((out.as_str(), status), ("f sees 42\n/tmp\nkept\n", 0), "{}: {err}", store.name);
    }
}

#[test]
fn a_waiting_reader_gets_the_message_sent_while_it_waits() {
    for store in stores("wait") {
        let reader = toolsh(&store.spec, "bob", "msg read --wait 60; msg read --wait=0.2").spawn().expect("spawn");
        std::thread::sleep(std::time::Duration::from_millis(500));
        let (_, err, status) =
            finish(toolsh(&store.spec, "alice", "msg send bob 'while you waited'").spawn().expect("spawn"));
        assert_eq!(status, 0, "{}: {err}", store.name);
        // The first read returns with the message (not after its 60 s); the second finds none.
        let (out, err, status) = finish(reader);
        assert_eq!(status, 0, "{}: {err}", store.name);
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), 2, "{}: {out}", store.name);
        assert!(lines[0].ends_with("from alice (0s ago): while you waited"), "{}: {out}", store.name);
        assert_eq!(lines[1], "no new messages");
    }
}

#[test]
fn an_http_session_is_answered_as_it_is_by_whichever_server_a_call_reaches() {
    for store in stores("balanced") {
        let (mut one, first) = crate::support::mcp_http_server(&["--memory", "--store", &store.spec]);
        let (mut two, second) = crate::support::mcp_http_server(&["--memory", "--store", &store.spec]);
        let id = crate::support::mcp_http_session(&first);
        let call = |addr: &str, n: u32, line: &str| crate::support::mcp_http_shell(addr, &id, n, line);
        // Calls alternate between the servers as a balancer without affinity sends them.
        call(&first, 2, "x=1; cd /tmp");
        let answer = call(&second, 3, "x=$((x + 1)); echo \"x=$x in $PWD\"");
        assert!(answer.contains("x=2 in /tmp"), "{}: {answer}", store.name);
        let answer = call(&first, 4, "echo \"x=$x\"");
        assert!(answer.contains("x=2"), "{}: the first server answered with its stale shell: {answer}", store.name);
        for server in [&mut one, &mut two] {
            let _ = server.kill();
            let _ = server.wait();
        }
    }
}
