//! Work that outlives a call, through the library: a line that outruns its deadline goes on as
//! a job (its output growing in its log, the shell left as it was), jobs collected in later
//! calls, logs bounded, the job limits named when hit, and every job stopped with its session.

use std::time::{Duration, Instant};
use toolsh::{ExecOptions, ExecOutcome, OnDeadline, Shell};

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().expect("runtime")
}

fn exec(rt: &tokio::runtime::Runtime, shell: &mut Shell, src: &str) -> ExecOutcome {
    rt.block_on(shell.exec(src))
}

fn within(rt: &tokio::runtime::Runtime, shell: &mut Shell, src: &str, ms: u64, on: OnDeadline) -> ExecOutcome {
    let options = ExecOptions { timeout: Some(Duration::from_millis(ms)), on_deadline: Some(on), ..Default::default() };
    rt.block_on(shell.exec_with(src, options))
}

#[test]
fn a_line_past_its_deadline_goes_on_as_a_job_whose_log_keeps_growing() {
    let rt = runtime();
    let mut shell = Shell::builder().build();
    let line = "x=changed; cd /tmp; for i in 1 2 3 4 5 6 7 8; do echo tick $i; sleep 0.1; done; echo end";
    let started = Instant::now();
    let out = within(&rt, &mut shell, line, 250, OnDeadline::Background);
    assert!(started.elapsed() < Duration::from_millis(600), "the call returned at its deadline");
    assert_eq!((out.status, out.job), (148, Some(1)), "{}", out.stderr_text());
    assert!(out.stdout_text().starts_with("tick 1\n") && !out.stdout_text().contains("end"));
    assert!(out.stderr_text().contains("[still running as job %1; output continues in /tmp/.jobs/1.log"));
    // The shell is as the line found it: the line's changes went with the job, as with `&`.
    let out = exec(&rt, &mut shell, "echo \"${x-unset} $PWD $?\"; jobs");
    assert!(out.stdout_text().starts_with("unset / 148\n[1]+  Running "), "{}", out.stdout_text());
    let first = exec(&rt, &mut shell, "wc -l < /tmp/.jobs/1.log").stdout_text();
    std::thread::sleep(Duration::from_millis(300));
    let later = exec(&rt, &mut shell, "wc -l < /tmp/.jobs/1.log").stdout_text();
    let (first, later): (u32, u32) = (first.trim().parse().expect("count"), later.trim().parse().expect("count"));
    assert!(later > first, "the log grows while the job runs: {first} then {later}");
    let out = exec(&rt, &mut shell, "wait %1; echo \"status $?\"; jobs -o %1 | tail -2; jobs");
    assert_eq!(out.stdout_text(), "status 0\n", "collected, the job leaves the table");
    let log = exec(&rt, &mut shell, "cat /tmp/.jobs/1.log").stdout_text();
    assert_eq!(log.lines().count(), 9, "the whole output, from before the promotion too: {log}");
    assert!(log.starts_with("tick 1\n") && log.ends_with("tick 8\nend\n"), "{log}");
}

/// A line the caller did not send to the background is bounded by `promoted-timeout-ms` (ten
/// minutes by default, far under a job's hour), and the notice says how to stop it and when it
/// stops by itself.
#[test]
fn a_promoted_line_is_bounded_and_its_notice_says_how_to_stop_it() {
    let rt = runtime();
    assert_eq!(toolsh::Limits::default().promoted_time, Some(Duration::from_secs(600)));
    let limits = toolsh::Limits { promoted_time: Some(Duration::from_millis(400)), ..Default::default() };
    let mut shell = Shell::builder().limits(limits).build();
    let out = within(&rt, &mut shell, "while :; do :; done", 100, OnDeadline::Background);
    assert_eq!((out.status, out.job), (148, Some(1)), "{}", out.stderr_text());
    assert!(
        out.stderr_text().contains("'kill %1' to stop it; it is stopped 0.4 s after it started]"),
        "{}",
        out.stderr_text()
    );
    let started = Instant::now();
    let out = exec(&rt, &mut shell, "wait %1; echo \"status $?\"; tail -1 /tmp/.jobs/1.log");
    assert!(started.elapsed() < Duration::from_secs(2), "the spinning line was stopped at its bound");
    assert!(out.stdout_text().starts_with("status 124\n"), "{}", out.stdout_text());
    assert!(out.stdout_text().contains("wall time"), "the log names the limit: {}", out.stdout_text());
    // `kill` stops one before its bound.
    let out = within(&rt, &mut shell, "sleep 30", 50, OnDeadline::Background);
    let id = out.job.expect("promoted");
    let out = exec(&rt, &mut shell, &format!("kill %{id}; wait %{id}; echo $?"));
    assert_eq!(out.stdout_text(), "143\n");
}

#[test]
fn a_line_that_ends_in_time_keeps_its_changes_and_stop_still_stops() {
    let rt = runtime();
    let mut shell = Shell::builder().build();
    let out = within(&rt, &mut shell, "x=kept; cd /tmp; echo done", 2000, OnDeadline::Background);
    assert_eq!((out.status, out.job, out.stdout_text().as_str()), (0, None, "done\n"));
    assert_eq!(exec(&rt, &mut shell, "echo $x $PWD").stdout_text(), "kept /tmp\n");
    let out = within(&rt, &mut shell, "echo a; sleep 5; echo b", 200, OnDeadline::Stop);
    assert_eq!((out.status, out.job, out.stdout_text().as_str()), (124, None, "a\n"));
    assert_eq!(exec(&rt, &mut shell, "jobs | wc -l").stdout_text().trim(), "0");
    // The session's setting is what a call without its own choice gets.
    assert_eq!(
        exec(&rt, &mut shell, "config set on-timeout background; config get on-timeout").stdout_text(),
        "background\n"
    );
    let options = ExecOptions { timeout: Some(Duration::from_millis(200)), ..Default::default() };
    let out = rt.block_on(shell.exec_with("sleep 0.5", options));
    assert_eq!((out.status, out.job), (148, Some(1)));
    let out = exec(&rt, &mut shell, "config set on-timeout later");
    assert_eq!(out.status, 1, "{}", out.stderr_text());
    assert!(out.stderr_text().contains("neither stop nor background"), "{}", out.stderr_text());
}

#[test]
fn a_job_started_in_one_call_is_collected_in_another_and_the_next_deadline_spares_it() {
    let rt = runtime();
    let mut shell = Shell::builder().build();
    let out = exec(&rt, &mut shell, "{ sleep 0.4; echo slow; echo oops >&2; exit 3; } & echo started");
    assert_eq!(out.stdout_text(), "started\n");
    // A later line stopped by its deadline does not take the job with it.
    let out = within(&rt, &mut shell, "sleep 2", 100, OnDeadline::Stop);
    assert_eq!(out.status, 124);
    let out = exec(&rt, &mut shell, "wait %1; echo \"status $?\"; cat /tmp/.jobs/1.log");
    assert_eq!(out.stdout_text(), "status 3\nslow\noops\n", "{}", out.stderr_text());
    assert_eq!(out.stderr_text(), "", "a job's output after its line returned goes to its log alone");
}

#[test]
fn a_log_past_its_cap_keeps_head_and_tail_and_the_job_limits_are_named() {
    let rt = runtime();
    let limits = toolsh::Limits { job_log_bytes: 4000, jobs: 2, ..Default::default() };
    let mut shell = Shell::builder().limits(limits).build();
    let out = exec(
        &rt,
        &mut shell,
        "{ seq 1 100000 & wait; } > /dev/null; head -1 /tmp/.jobs/1.log; tail -1 /tmp/.jobs/1.log; wc -c < /tmp/.jobs/1.log",
    );
    let text = out.stdout_text();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[..2], ["1", "100000"], "{text}");
    let size: usize = lines[2].trim().parse().expect("size");
    assert!(size < 4200, "the log holds about its cap: {size}");
    let log = exec(&rt, &mut shell, "grep -c 'bytes cut' /tmp/.jobs/1.log").stdout_text();
    assert_eq!(log, "1\n", "one marker where the middle was cut");
    let out = exec(&rt, &mut shell, "sleep 5 & sleep 5 & sleep 5 & echo never");
    assert_eq!(out.status, 124, "{}", out.stderr_text());
    assert!(
        out.stderr_text().contains("limit exceeded: background jobs running at once (at most 2)"),
        "{}",
        out.stderr_text()
    );
    assert_eq!(out.stdout_text(), "");
}

#[test]
fn a_subshells_jobs_are_its_own_and_jobs_stop_with_the_session() {
    let rt = runtime();
    let mut shell = Shell::builder().build();
    let out = exec(&rt, &mut shell, "sleep 0.2 & ( echo inner & wait; jobs ); jobs | wc -l; wait");
    assert_eq!(out.stdout_text(), "inner\n1\n", "{}", out.stderr_text());
    let out = exec(&rt, &mut shell, "ls /tmp/.jobs | sort");
    assert_eq!(
        out.stdout_text().lines().count(),
        2,
        "the subshell's log is named by its process id: {}",
        out.stdout_text()
    );
    let out = exec(&rt, &mut shell, "while :; do echo spin > /tmp/spin; done & echo $!");
    assert_eq!(out.status, 0);
    // One a subshell started, which outlives the subshell as in bash, stops with the session too.
    let out = exec(&rt, &mut shell, "( while :; do echo spin > /tmp/inner; done & )");
    assert_eq!(out.status, 0);
    let vfs = shell.vfs().clone();
    drop(shell);
    std::thread::sleep(Duration::from_millis(100));
    let _ = vfs.remove_file("/tmp/spin");
    let _ = vfs.remove_file("/tmp/inner");
    std::thread::sleep(Duration::from_millis(200));
    assert!(!vfs.exists("/tmp/spin"), "the job stopped with its session");
    assert!(!vfs.exists("/tmp/inner"), "a subshell's job stopped with the session");
}

#[test]
fn ps_lists_the_shell_and_its_running_jobs_in_ps_columns() {
    let rt = runtime();
    let mut shell = Shell::builder().build();
    let out = exec(&rt, &mut shell, "sleep 1 | cat & ps; ps -o pid=,args= -p $!; ps -f | head -1; kill %1");
    let text = out.stdout_text();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0].split_whitespace().collect::<Vec<_>>(), ["PID", "TTY", "TIME", "CMD"], "{text}");
    assert!(lines[1].ends_with(" toolsh") && lines[2].ends_with(" sleep"), "{text}");
    assert!(lines[3].trim().ends_with("sleep 1 | cat"), "{text}");
    assert_eq!(lines[4].split_whitespace().collect::<Vec<_>>(), ["UID", "PID", "PPID", "STIME", "TTY", "TIME", "CMD"]);
    let out = exec(&rt, &mut shell, "ps -o nope");
    assert_eq!(out.status, 1);
    assert!(out.stderr_text().contains("unknown user-defined format specifier \"nope\""), "{}", out.stderr_text());
}

/// A caller's longer timeout does not lengthen the session's own wall time (`--timeout`,
/// `timeout-ms`): the line stops, or goes on as a job, at the shorter of the two.
#[test]
fn a_call_timeout_never_outlasts_the_session_wall_time() {
    let rt = runtime();
    let limits = toolsh::Limits { wall_time: Some(Duration::from_millis(300)), ..Default::default() };
    let mut shell = Shell::builder().limits(limits).build();
    let out = within(&rt, &mut shell, "sleep 5; echo never", 20_000, OnDeadline::Stop);
    assert_eq!(out.status, 124, "{}", out.stderr_text());
    assert!(!out.stdout_text().contains("never"));
    let out = within(&rt, &mut shell, "sleep 5; echo later", 20_000, OnDeadline::Background);
    assert_eq!((out.status, out.job), (148, Some(1)), "{}", out.stderr_text());
    let out = within(&rt, &mut shell, "sleep 0.05; echo soon", 100, OnDeadline::Stop);
    assert_eq!(out.stdout_text(), "soon\n");
}

/// A coprocess is a job: it lives across calls with its descriptors, counts against the `jobs`
/// limit, and one nobody reads waits on its bounded pipe instead of filling memory.
#[test]
fn a_coprocess_lives_across_calls_counts_as_a_job_and_waits_on_its_bounded_pipe() {
    let rt = runtime();
    let limits = toolsh::Limits { jobs: 2, ..Default::default() };
    let mut shell = Shell::builder().limits(limits).build();
    let out = exec(&rt, &mut shell, "coproc cat; echo \"${COPROC[@]}\"; jobs");
    assert_eq!(
        out.stdout_text(),
        "63 60\n[1]+  Running                 coproc COPROC cat &\n",
        "{}",
        out.stderr_text()
    );
    let out = exec(&rt, &mut shell, "echo hi >&${COPROC[1]}; read -u ${COPROC[0]} x; echo \"got $x\"");
    assert_eq!(out.stdout_text(), "got hi\n", "{}", out.stderr_text());
    // `yes` with nobody reading fills its pipe and waits: it takes no time of the shell's.
    let out = exec(&rt, &mut shell, "coproc Y { yes; }; sleep 0.5; ps -o pcpu= -p $Y_PID; read -u ${Y[0]} l; echo $l");
    assert!(out.stderr_text().contains("warning: execute_coproc: coproc ["), "{}", out.stderr_text());
    let text = out.stdout_text();
    let (share, line) = text.split_once('\n').expect("two lines");
    let share: f64 = share.trim().parse().expect("a share of time");
    assert!(share < 20.0, "the coprocess waits on its full pipe: {share}% of its time busy");
    assert_eq!(line, "y\n");
    let out = exec(&rt, &mut shell, "coproc Z { cat; }; echo never");
    assert_eq!(out.status, 124, "{}", out.stderr_text());
    assert!(out.stderr_text().contains("background jobs running at once (at most 2)"), "{}", out.stderr_text());
    let out = exec(&rt, &mut shell, "kill %1 %2; wait %1; echo $?; wait %2; echo $?; echo \"[${Y[@]}]\"");
    assert_eq!(out.stdout_text(), "143\n143\n[]\n", "{}", out.stderr_text());
}
