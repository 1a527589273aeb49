//! No input takes down the process: each line here ended toolsh (and, in `toolsh mcp`, every
//! session with it) by exhausting the stack or asking for gigabytes. Each must now end as a
//! command's failure, with a message, the workspace untouched.

use super::{assert_none, breaches, cases};

/// `N` copies of `text`, made by the shell itself (a short line, a huge argument).
fn times(text: &str, n: usize) -> String {
    format!("$(printf '{text}%.0s' $(seq {n}))")
}

#[test]
fn nesting_and_numbers_end_as_failures_not_crashes() {
    let deep_ext = format!("p={}a{}", times("@(", 100_000), times(")", 100_000));
    let lines = [
        // A descriptor number sized the table by itself (16 GB for 20 bytes).
        ": 1000000000>f".to_string(),
        "exec 2147483647>&1".to_string(),
        // Evaluators and parsers that recursed once per level of their input.
        format!("jq -n \"{}1{}\"", times("[", 8000), times("]", 8000)),
        format!("jq -n \"{}1\"", times("-", 100_000)),
        format!("find . {} -true", times("( ", 100_000)),
        format!("find . {} -true", times("! ", 100_000)),
        format!("find . {} -name nothing", times("-true ", 100_000)),
        format!("test {} a", times("! ", 100_000)),
        format!("[ {} a {} ]", times("( ", 100_000), times(") ", 100_000)),
        format!("expr {} 1", times("( ", 100_000)),
        format!("expr {} 1", times("length ", 100_000)),
        format!("{deep_ext}; case a in $p) echo m;; esac"),
        format!("{deep_ext}; [[ a == $p ]]"),
        format!("{deep_ext}; x=a; echo ${{x//$p/b}}"),
        format!("{deep_ext}; ls $p"),
    ];
    let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
    let found = breaches(&cases(&[], &lines), &[], |_, ran| {
        // A signal (the abort of a stack overflow or a failed allocation) has no status.
        (ran.status < 0 || ran.stderr.contains("overflow") || ran.stderr.contains("memory allocation"))
            .then(|| format!("the process died: status {}", ran.status))
    });
    assert_none("crashes", found);
}

#[test]
fn a_fifo_in_the_workspace_blocks_nothing() {
    // A host program can make a FIFO; opening it blocked a runtime thread past every deadline
    // (`cat f` froze all of `toolsh mcp --http`). Reads and writes of it are refused at once.
    let lines = ["cat fifo", "echo x > fifo", "echo x >> fifo", "read line < fifo", "wc -c fifo", "grep -r x ."];
    let fx = super::Fixture::new();
    let made = std::process::Command::new("mkfifo").arg(fx.ws.join("fifo")).status().expect("mkfifo");
    assert!(made.success());
    let started = std::time::Instant::now();
    for line in lines {
        let ran = fx.run(&[], line);
        assert!(ran.status >= 0, "{line}: status {} ({})", ran.status, ran.stderr);
    }
    assert!(started.elapsed() < std::time::Duration::from_secs(15), "took {:?}", started.elapsed());
    let ran = fx.run(&[], "cat fifo");
    assert!(ran.stderr.contains("not a regular file"), "{}", ran.stderr);
}

/// A program that forks 10,000 children, each sleeping 30 s, and says how many it made: the
/// bomb of issue 47, bounded in itself so that a limit that did not bind costs the machine
/// 10,000 sleeping processes, not all of it.
const FORKS: &str = r#"import os, sys, time
made = 0
try:
    for _ in range(10000):
        if os.fork() == 0:
            time.sleep(30)
            os._exit(0)
        made += 1
except OSError as err:
    print(f"made {made}: {err.strerror}", file=sys.stderr)
    sys.exit(3)
print(f"made {made}")
"#;

#[test]
fn a_fork_bomb_in_a_host_program_stops_at_its_process_limit() {
    // Issue 47: as root, RLIMIT_NPROC binds nothing, and a program's fork bomb was bounded by
    // nothing toolsh set. Its launcher's pids cgroup bounds it: the program's fork fails with
    // EAGAIN at its limit, toolsh says which limit and how to raise it, the program's children
    // go with its call, and the session's next calls run.
    if toolsh::host::landlock_abi() == 0 || !toolsh::host::process_limit_binds() {
        eprintln!("skipped: host programs cannot run here, or no process limit binds (root without a pids cgroup)");
        return;
    }
    let fx = super::Fixture::new();
    std::fs::write(
        fx.ws.join("toolsh.toml"),
        "profile = \"workspace\"\n[host.python3]\nprogram = \"/usr/bin/python3\"\nprocesses = 64\n",
    )
    .expect("config");
    std::fs::write(fx.ws.join("forks.py"), FORKS).expect("script");
    let started = std::time::Instant::now();
    let ran = fx
        .run(&["--allow", "host.python3"], "python3 forks.py; echo \"bomb $?\"; python3 -c 'print(2 + 2)'; echo after");
    let took = started.elapsed();
    assert_eq!(ran.stdout, "bomb 3\n4\nafter\n", "{}", ran.stderr);
    // The program made fewer than its limit (the interpreter's own threads count too).
    let made: u64 = ran
        .stderr
        .split("made ")
        .nth(1)
        .and_then(|rest| rest.split(':').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no count in {:?}", ran.stderr));
    assert!((32..64).contains(&made), "made {made}: {}", ran.stderr);
    assert!(ran.stderr.contains("Resource temporarily unavailable"), "{}", ran.stderr);
    assert!(
        ran.stderr.contains("toolsh: python3 reached its limit of 64 processes")
            && ran.stderr.contains("processes = N in [host.python3]"),
        "{}",
        ran.stderr
    );
    // Its children did not wait out their 30 s: the call's end killed them.
    assert!(took < std::time::Duration::from_secs(15), "took {took:?}");
    let left = std::process::Command::new("pgrep").args(["-f", "forks.py"]).output().expect("pgrep");
    assert!(left.stdout.is_empty(), "left running: {}", String::from_utf8_lossy(&left.stdout));
}

#[test]
fn one_http_sessions_fork_bomb_leaves_another_sessions_programs_running() {
    // Through `toolsh mcp --http`: one client's program fills its process limit and holds it
    // (a background job); another client's program, in a launcher and cgroup of its own, runs
    // meanwhile, and so does the first client's next line.
    if toolsh::host::landlock_abi() == 0 || !toolsh::host::process_limit_binds() {
        eprintln!("skipped: host programs cannot run here, or no process limit binds (root without a pids cgroup)");
        return;
    }
    use crate::support::{mcp_http_server, mcp_http_session, mcp_http_shell};
    let ws = tempfile::tempdir().expect("tempdir");
    std::fs::write(
        ws.path().join("toolsh.toml"),
        "profile = \"workspace\"\nallow = [\"host.python3\"]\n[host.python3]\nprogram = \"/usr/bin/python3\"\nprocesses = 64\n",
    )
    .expect("config");
    // The bomb, holding its children 10 s once the kernel refuses more (then the job ends).
    let holding = FORKS
        .replace("    sys.exit(3)", "    open(\"held\", \"w\").write(str(made))\n    time.sleep(10)\n    sys.exit(3)");
    std::fs::write(ws.path().join("forks.py"), holding).expect("script");
    let root = ws.path().to_string_lossy().into_owned();
    let store = ws.path().join("store.db").to_string_lossy().into_owned();
    let (mut server, addr) = mcp_http_server(&["--root", &root, "--store", &store]);
    let (attacker, victim) = (mcp_http_session(&addr), mcp_http_session(&addr));
    let answer = mcp_http_shell(&addr, &attacker, 2, "python3 forks.py > /dev/null 2>&1 & echo started");
    assert!(answer.contains("started"), "{answer}");
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    // The file is made empty before its number is written: wait for the number.
    let made = loop {
        let held = std::fs::read_to_string(ws.path().join("held")).unwrap_or_default();
        if !held.is_empty() {
            break held;
        }
        assert!(std::time::Instant::now() < deadline, "the bomb never filled its limit");
        std::thread::sleep(std::time::Duration::from_millis(20));
    };
    assert!(made.parse::<u64>().is_ok_and(|n| (32..64).contains(&n)), "made {made}");
    // While the bomb holds all it may: the other client's program runs.
    let answer = mcp_http_shell(&addr, &victim, 2, "python3 -c 'print(6 * 7)'");
    assert!(answer.contains("42"), "{answer}");
    // And the server answers the attacker's own next line.
    let answer = mcp_http_shell(&addr, &attacker, 3, "echo still here");
    assert!(answer.contains("still here"), "{answer}");
    let _ = server.kill();
    let _ = server.wait();
}
