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
