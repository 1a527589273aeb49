//! Timers: `at`, `atq`, `atrm` and `crontab` keep an agent's scripts in the store, and
//! `toolsh serve` fires them — each slot exactly once even with two servers on one store,
//! output kept with the run, a failure sent to the agent's inbox, missed times handled as cron
//! and atd handle them, bad times and lines refused with nothing stored.

use crate::support::{Ran, run_binary};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

/// The SQLite store of the cases that use one in their workspace.
fn file_store(dir: &Path) -> String {
    dir.join("s.db").display().to_string()
}

fn toolsh(dir: &Path, args: &[&str]) -> Ran {
    toolsh_on(dir, &file_store(dir), args)
}

/// `toolsh` as alice on the workspace `dir` and the store `store`.
fn toolsh_on(dir: &Path, store: &str, args: &[&str]) -> Ran {
    let mut all: Vec<String> = vec!["--root".into(), dir.display().to_string()];
    all.extend(["--store".into(), store.to_string(), "--agent".into(), "alice".into()]);
    all.extend(args.iter().map(|a| a.to_string()));
    run_binary(dir, &all, Duration::from_secs(20))
}

fn serve(dir: &Path) -> Child {
    serve_on(dir, &file_store(dir), &[])
}

/// `toolsh serve` on the workspace `dir` and the store `store`, with `extra` flags.
fn serve_on(dir: &Path, store: &str, extra: &[&str]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_toolsh"))
        .env("HOME", crate::support::test_home())
        .args(["serve", "--root", &dir.display().to_string(), "--store", store])
        .args(extra)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("spawn serve")
}

fn stop(mut child: Child) {
    let _ = child.kill();
    let _ = child.wait();
}

fn sql(dir: &Path, query: &str) -> Vec<Vec<i64>> {
    let conn = rusqlite::Connection::open(dir.join("s.db")).expect("open");
    let mut statement = conn.prepare(query).expect("prepare");
    let columns = statement.column_count();
    let rows = statement
        .query_map([], |row| (0..columns).map(|i| row.get::<_, i64>(i)).collect::<Result<Vec<_>, _>>())
        .expect("query");
    rows.map(|r| r.expect("row")).collect()
}

#[test]
fn two_servers_on_one_store_fire_each_second_of_a_crontab_exactly_once() {
    let dir = tempfile::tempdir().expect("tempdir");
    let out = toolsh(dir.path(), &["-c", "echo '* * * * * * date +%s >> ticks.log' | crontab - && crontab -l"]);
    assert_eq!((out.status, out.stdout.as_str()), (0, "* * * * * * date +%s >> ticks.log\n"), "{}", out.stderr);
    let (one, two) = (serve(dir.path()), serve(dir.path()));
    std::thread::sleep(Duration::from_secs(8));
    stop(one);
    stop(two);
    let runs = sql(dir.path(), "SELECT slot, count(*) FROM timer_runs GROUP BY slot ORDER BY slot");
    assert!(runs.len() >= 6, "a run for (nearly) every second: {runs:?}");
    assert!(runs.iter().all(|r| r[1] == 1), "each slot ran once: {runs:?}");
    assert!(runs.windows(2).all(|w| w[1][0] - w[0][0] == 1000), "no second skipped: {runs:?}");
    // A run killed with its server may not have written yet; every finished one did, once.
    let finished = sql(dir.path(), "SELECT count(*) FROM timer_runs WHERE status = 0")[0][0];
    let lines = std::fs::read_to_string(dir.path().join("ticks.log")).expect("ticks");
    assert_eq!(lines.lines().count() as i64, finished, "{lines}");
}

#[test]
fn three_servers_on_one_postgres_store_fire_each_second_exactly_once() {
    let Some(store) = crate::support::stores("serve3").into_iter().find(|s| s.name == "postgres") else {
        return;
    };
    let dir = tempfile::tempdir().expect("tempdir");
    let out = toolsh_on(dir.path(), &store.spec, &["-c", "echo '* * * * * * date +%s >> ticks.log' | crontab -"]);
    assert_eq!(out.status, 0, "{}", out.stderr);
    let servers: Vec<Child> = (0..3).map(|_| serve_on(dir.path(), &store.spec, &[])).collect();
    std::thread::sleep(Duration::from_secs(8));
    servers.into_iter().for_each(stop);
    let runs = toolsh_on(dir.path(), &store.spec, &["-c", "atq --runs | wc -l"]);
    let ticks = std::fs::read_to_string(dir.path().join("ticks.log")).expect("ticks");
    let seconds: Vec<i64> = ticks.lines().map(|l| l.parse().expect("a second")).collect();
    assert!(seconds.len() >= 6, "a run for (nearly) every second: {ticks}");
    assert!(seconds.windows(2).all(|w| w[1] - w[0] == 1), "each second once, none skipped: {ticks}");
    assert!(runs.stdout.trim().parse::<usize>().expect("runs") >= seconds.len(), "{}", runs.stdout);
}

#[test]
fn at_jobs_run_once_keep_their_output_and_report_failure_to_the_inbox() {
    let dir = tempfile::tempdir().expect("tempdir");
    let out = toolsh(
        dir.path(),
        &[
            "-c",
            "mkdir -p sub && cd sub && echo 'echo \"ran in $PWD\"; echo $((6 * 7))' | at now; echo 'echo broke >&2; exit 3' | at -t 202001010000; atq | wc -l",
        ],
    );
    assert_eq!(out.stdout, "2\n", "{}", out.stderr);
    assert!(out.stderr.contains("job 1 at ") && out.stderr.contains("job 2 at "), "{}", out.stderr);
    let server = serve(dir.path());
    std::thread::sleep(Duration::from_secs(3));
    stop(server);
    let out = toolsh(dir.path(), &["-c", "atq | wc -l; atq --runs 1; atq --runs 2 | head -1 | cut -f3; msg read"]);
    let sub = dir.path().join("sub");
    assert!(out.stdout.starts_with("0\n1\t"), "{}", out.stdout);
    assert!(out.stdout.contains(&format!("\tran in {}\n\t42\n", sub.display())), "{}", out.stdout);
    assert!(out.stdout.contains("exit 3\n"), "{}", out.stdout);
    assert!(
        out.stdout.contains("from toolsh-serve") && out.stdout.contains("at job 2 failed with status 3"),
        "{}",
        out.stdout
    );
    assert!(out.stdout.contains("broke"), "{}", out.stdout);
}

#[test]
fn a_crontab_slot_missed_while_nothing_ran_is_skipped_as_cron_skips_it() {
    let dir = tempfile::tempdir().expect("tempdir");
    toolsh(dir.path(), &["-c", "echo '@hourly echo hourly >> hourly.log' | crontab -"]);
    let conn = rusqlite::Connection::open(dir.path().join("s.db")).expect("open");
    conn.execute("UPDATE timers SET next_at = next_at - 7200000", []).expect("age it");
    let server = serve(dir.path());
    std::thread::sleep(Duration::from_millis(1500));
    stop(server);
    assert!(!dir.path().join("hourly.log").exists(), "a slot two hours late does not run");
    let next = sql(dir.path(), "SELECT next_at FROM timers")[0][0];
    assert!(next > toolsh_core_now(), "moved to its next time after now");
    assert_eq!(sql(dir.path(), "SELECT count(*) FROM timer_runs")[0][0], 0);
}

fn toolsh_core_now() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_millis() as i64)
}

#[test]
fn bad_times_lines_and_ids_are_refused_with_nothing_stored() {
    let dir = tempfile::tempdir().expect("tempdir");
    let out = toolsh(
        dir.path(),
        &["-c", "echo x | at teatime-ish; echo \"at $?\"; echo x | at -t 13991399; echo \"t $?\"; at now </dev/null; echo \"empty $?\"
                 echo '0 9 * * * ok' | crontab -; printf '61 * * * * x\\n* * *\\n' | crontab -; echo \"bad $?\"; crontab -l
                 atrm 99 x; echo \"atrm $?\"; crontab -r; crontab -r; echo \"r $?\"; crontab -l; echo \"l $?\"; atq | wc -l"],
    );
    assert_eq!(out.stdout, "at 1\nt 1\nempty 1\nbad 1\n0 9 * * * ok\natrm 1\nr 1\nl 1\n0\n", "{}", out.stderr);
    for said in [
        "at: Garbled time",
        "at: no script to run",
        "crontab: \"-\":1: bad schedule '61 * * * *'",
        "\"-\":2: bad command",
        "errors in crontab file, can't install.",
        "atrm: Cannot find jobid 99",
        "atrm: Cannot find jobid x",
        "crontab: no crontab for alice",
    ] {
        assert!(out.stderr.contains(said), "{said}: {}", out.stderr);
    }
    // The timers limit is named when hit, and the store holds no more than it.
    let out = toolsh(
        dir.path(),
        &["--limit", "timers=2", "-c", "for i in 1 2 3; do echo : | at now + 1 hour; done; atq | wc -l"],
    );
    assert_eq!(out.stdout, "2\n");
    assert!(out.stderr.contains("limit exceeded: timers per agent (at most 2)"), "{}", out.stderr);
}

#[test]
fn a_run_whose_server_died_is_run_once_more_by_another_and_recorded_once() {
    for store in crate::support::stores("orphan") {
        let dir = tempfile::tempdir().expect("tempdir");
        let run = |line: &str| toolsh_on(dir.path(), &store.spec, &["-c", line]);
        let out = run("echo 'echo start >> ran.log; sleep 2; echo end >> ran.log' | at now");
        assert_eq!(out.status, 0, "{}: {}", store.name, out.stderr);
        let server = || serve_on(dir.path(), &store.spec, &["--timer-lease", "1"]);
        let log = dir.path().join("ran.log");
        let until = |what: &str| {
            let started = std::time::Instant::now();
            while !std::fs::read_to_string(&log).unwrap_or_default().contains(what) {
                assert!(started.elapsed() < Duration::from_secs(20), "{}: never saw {what}", store.name);
                std::thread::sleep(Duration::from_millis(50));
            }
        };
        // The first server dies (SIGKILL) in the middle of the run.
        let first = server();
        until("start");
        stop(first);
        let second = server();
        until("end");
        // The outcome is written once the script has ended.
        let started = std::time::Instant::now();
        while run("atq --runs | cut -f3 | head -1").stdout == "running\n" {
            assert!(started.elapsed() < Duration::from_secs(20), "{}: the run never finished", store.name);
            std::thread::sleep(Duration::from_millis(50));
        }
        stop(second);
        let ran = std::fs::read_to_string(&log).expect("log");
        assert_eq!(ran, "start\nstart\nend\n", "{}: run again from the start, once", store.name);
        let runs = run("atq --runs | wc -l; atq --runs | cut -f3 | head -1");
        assert_eq!(runs.stdout, "1\nexit 0\n", "{}: one run, finished with status 0: {}", store.name, runs.stderr);
    }
}

/// The most resident memory process `pid` has had, in bytes (`VmHWM`).
fn peak_rss(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).expect("status");
    let kib = status.lines().find_map(|l| l.strip_prefix("VmHWM:")).expect("VmHWM");
    kib.trim().trim_end_matches("kB").trim().parse::<u64>().expect("a number") * 1024
}

#[test]
fn hostile_crontabs_neither_pile_up_runs_nor_gather_output_whole() {
    let dir = tempfile::tempdir().expect("tempdir");
    // Every second: a run that outlasts its slot, and three that write without end.
    let crontab = "* * * * * * sleep 100\n* * * * * * yes\n* * * * * * yes y\n* * * * * * yes n\n";
    let out = toolsh(dir.path(), &["-c", &format!("printf '{}' | crontab -", crontab.replace('\n', "\\n"))]);
    assert_eq!(out.status, 0, "{}", out.stderr);
    let server = serve(dir.path());
    std::thread::sleep(Duration::from_secs(5));
    let peak = peak_rss(server.id());
    let mut server = server;
    assert!(server.try_wait().expect("wait").is_none(), "the server ended");
    stop(server);
    assert!(peak < 300 << 20, "the server peaked at {} MiB", peak >> 20);
    // cron's rule: a slot whose previous run of the entry still goes is passed over (the
    // writers end at the cap, so each of their slots runs).
    let runs = sql(dir.path(), "SELECT timer, count(*) FROM timer_runs GROUP BY timer ORDER BY timer");
    assert_eq!(runs.first().map(|r| r[1]), Some(1), "`sleep 100` ran beside itself: {runs:?}");
    assert_eq!(runs.len(), 4, "{runs:?}");
    // The writers' runs ended at the cap, their output kept within it.
    let kept = sql(dir.path(), "SELECT length(output) FROM timer_runs WHERE timer > 1 AND ended_at IS NOT NULL");
    assert!(!kept.is_empty(), "no writer's run ended");
    assert!(kept.iter().all(|r| r[0] > 0 && r[0] <= 130 * 1024), "{kept:?}");
}

#[test]
fn an_at_job_runs_with_the_exported_variables_and_directory_of_its_line() {
    let dir = tempfile::tempdir().expect("tempdir");
    let line = "mkdir -p sub && cd sub && export GREETING=\"it's $((6 * 7))\" && LOCAL=no && \
                echo 'echo \"$GREETING/${LOCAL-unset} in $PWD\"' | at now";
    let out = toolsh(dir.path(), &["-c", line]);
    assert_eq!(out.status, 0, "{}", out.stderr);
    let server = serve(dir.path());
    std::thread::sleep(Duration::from_secs(3));
    stop(server);
    let out = toolsh(dir.path(), &["-c", "atq --runs 1"]);
    let sub = dir.path().join("sub");
    // The command shown is the script as given; it ran with the line's environment.
    let expected =
        format!("\texit 0\techo \"$GREETING/${{LOCAL-unset}} in $PWD\"\n\tit's 42/unset in {}\n", sub.display());
    assert!(out.stdout.ends_with(&expected), "{}", out.stdout);
}

/// A crontab's entries run with the exported variables and the directory of the line that
/// installed it, as an `at` job's; `crontab -l` shows the table as written, and its errors
/// count the lines as written.
#[test]
fn a_crontab_runs_with_the_exported_variables_and_directory_of_its_line() {
    let dir = tempfile::tempdir().expect("tempdir");
    let table = "* * * * * * echo \"$GREETING ${LOCAL-unset} in $PWD\" >> ../cron.out";
    let line =
        format!("mkdir -p sub && cd sub && export GREETING=hi && LOCAL=no && echo '{table}' | crontab - && crontab -l");
    let out = toolsh(dir.path(), &["-c", &line]);
    assert_eq!((out.stdout.trim_end(), out.status), (table, 0), "{}", out.stderr);
    let out = toolsh(dir.path(), &["-c", "export X=1; printf '* * * * * true\\nbad line\\n' | crontab -"]);
    assert!(out.stderr.contains("\"-\":2: "), "lines counted as written: {}", out.stderr);
    let server = serve(dir.path());
    std::thread::sleep(Duration::from_millis(2500));
    stop(server);
    let ran = std::fs::read_to_string(dir.path().join("cron.out")).unwrap_or_default();
    let expected = format!("hi unset in {}", dir.path().join("sub").display());
    assert_eq!(ran.lines().next(), Some(expected.as_str()), "{ran}");
}

#[test]
fn atq_says_whether_a_server_is_firing_timers_for_the_store() {
    let dir = tempfile::tempdir().expect("tempdir");
    let out = toolsh(dir.path(), &["-c", "echo true | at now + 1 hour 2>/dev/null; atq | wc -l"]);
    assert_eq!(out.stdout, "1\n", "{}", out.stderr);
    assert!(out.stderr.contains("no toolsh serve is firing timers for this store"), "{}", out.stderr);
    let server = serve(dir.path());
    std::thread::sleep(Duration::from_millis(1500));
    let out = toolsh(dir.path(), &["-c", "atq | wc -l"]);
    stop(server);
    assert_eq!((out.stdout.as_str(), out.stderr.as_str()), ("1\n", ""), "while a server runs");
}

/// A timer runs under the policy of the line that scheduled it joined to the server's, the
/// strictest decision holding: an `at` job and a crontab entry scheduled under `--deny
/// fs.delete` cannot delete (the server's own policy would let them), an `ask` has no one to
/// answer in a timer's run and is refused, and the server's own deny still holds over a
/// permissive scheduler. A job scheduled with no rule deletes (the case can fail).
#[test]
fn a_timer_runs_under_the_policy_of_its_line_and_the_servers_the_strictest_holding() {
    let dir = tempfile::tempdir().expect("tempdir");
    for name in ["at.txt", "cron.txt", "ask.txt", "free.txt", "served.txt"] {
        std::fs::write(dir.path().join(name), "x").expect("write");
    }
    let denied = toolsh(
        dir.path(),
        &["--deny", "fs.delete", "-c", "echo 'rm at.txt' | at now && echo '* * * * * * rm cron.txt' | crontab -"],
    );
    assert_eq!(denied.status, 0, "{}", denied.stderr);
    let asked = toolsh(dir.path(), &["--ask", "fs.delete", "-c", "echo 'rm ask.txt' | at now"]);
    assert_eq!(asked.status, 0, "{}", asked.stderr);
    let free = toolsh(dir.path(), &["-c", "echo 'rm free.txt' | at now"]);
    assert_eq!(free.status, 0, "{}", free.stderr);
    let server = serve(dir.path());
    std::thread::sleep(Duration::from_millis(3000));
    stop(server);
    let exists = |name: &str| dir.path().join(name).exists();
    assert!(!exists("free.txt"), "a job scheduled with no rule deletes");
    assert!(exists("at.txt"), "the at job's scheduler denied fs.delete");
    assert!(exists("cron.txt"), "the crontab's scheduler denied fs.delete");
    assert!(exists("ask.txt"), "an ask has no one to answer in a timer's run");
    let out = toolsh(dir.path(), &["-c", "atq --runs 1; atq --runs 3"]);
    assert!(
        out.stdout.contains("deny:fs.delete (the policy the timer was scheduled under)"),
        "the refusal names the scheduler's rule: {}",
        out.stdout
    );
    assert!(out.stdout.contains("ask:fs.delete (the policy the timer was scheduled under)"), "{}", out.stdout);
    let crons = sql(dir.path(), "SELECT count(*), count(status) FROM timer_runs WHERE kind = 'cron' AND status = 126");
    assert!(crons[0][0] >= 1, "the crontab entry ran and was refused: {crons:?}");

    // The server's own deny holds over a scheduler that trusts everything.
    toolsh(dir.path(), &["-c", "crontab -r"]);
    let trusting = toolsh(dir.path(), &["--profile", "trusted", "-c", "echo 'rm served.txt' | at now"]);
    assert_eq!(trusting.status, 0, "{}", trusting.stderr);
    let server = serve_on(dir.path(), &file_store(dir.path()), &["--deny", "fs.delete"]);
    std::thread::sleep(Duration::from_millis(2500));
    stop(server);
    assert!(exists("served.txt"), "the server's deny holds");
    let out = toolsh(dir.path(), &["-c", "atq --runs 5"]);
    assert!(out.stdout.contains("\texit 126\t") && out.stdout.contains("by deny:fs.delete"), "{}", out.stdout);
}
