//! `grep` over many files searches on worker threads (builtins/text/grep/tree.rs): the gate
//! holds there as on the command's own thread — a denied read or listing stays denied, a read
//! the policy asks about is asked on the command's thread and answered — the output is the one
//! the line-by-line search (`-P`, which stays on the command's task) writes, and a deadline or a
//! cancellation stops a search of a large tree promptly, its threads with it.

use std::path::Path;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use toolsh::policy::{Policy, Profile, Verdict};
use toolsh::tools::{Answer, Approval, Approver};
use toolsh::{ExecOptions, ExecOutcome, Shell};

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().expect("runtime")
}

/// A host directory mounted at `/w`, under `policy` and `approver`.
fn shell(dir: &Path, policy: Policy, approver: Option<Arc<dyn Approver>>) -> Shell {
    let mut vfs = toolsh::Vfs::new();
    vfs.mount("/w", Arc::new(toolsh::vfs::DirFs::open(dir).expect("open")), false, "dir");
    let mut builder = Shell::builder().vfs(vfs).cwd("/w").policy(policy);
    if let Some(approver) = approver {
        builder = builder.approver(approver);
    }
    builder.build()
}

fn policy(rules: &[(Verdict, &str)]) -> Policy {
    let mut policy = Policy::new(Profile::Workspace);
    for (verdict, spec) in rules {
        policy.add(*verdict, spec, "/").expect("rule");
    }
    policy
}

/// A tree of a few hundred files over nested directories, some matching, one binary.
fn tree(dir: &Path) {
    for d in 0..12 {
        for s in 0..4 {
            let sub = dir.join(format!("d{d:02}/s{s}"));
            std::fs::create_dir_all(&sub).expect("mkdir");
            for f in 0..6 {
                let text = if (d + s + f) % 3 == 0 { format!("x\nhit {d} {s} {f}\ny\n") } else { "nothing\n".into() };
                std::fs::write(sub.join(format!("f{f}.txt")), text).expect("write");
            }
        }
    }
    for name in ["secret/a.txt", "secret/deep/b.txt", "hidden/c.txt", "asked/d.txt", "asked/e.txt"] {
        let path = dir.join(name);
        std::fs::create_dir_all(path.parent().expect("parent")).expect("mkdir");
        std::fs::write(path, "hit here\n").expect("write");
    }
    std::fs::write(dir.join("d03/bin.dat"), b"hit\0binary\n").expect("write");
    std::fs::write(dir.join(".env"), "hit=secret\n").expect("write");
}

struct Recorder {
    asked: Mutex<Vec<String>>,
}

impl Approver for Recorder {
    fn approve(&self, request: &Approval) -> Answer {
        self.asked.lock().expect("lock").push(format!(
            "{} {}",
            request.tool,
            request.subject.clone().unwrap_or_default()
        ));
        Answer::Approved
    }
}

fn exec(rt: &tokio::runtime::Runtime, sh: &mut Shell, line: &str) -> ExecOutcome {
    rt.block_on(sh.exec(line))
}

#[test]
fn the_parallel_search_is_gated_as_the_line_by_line_one() {
    let dir = tempfile::tempdir().expect("tempdir");
    tree(dir.path());
    let rules = [
        (Verdict::Deny, "fs.read:/w/secret/**"),
        (Verdict::Deny, "fs.list:/w/hidden"),
        (Verdict::Ask, "fs.read:/w/asked/**"),
    ];
    let rt = runtime();
    let mut outcomes = Vec::new();
    // `-P` searches line by line on the command's task; the plain pattern on worker threads.
    for line in
        ["grep -rn hit .", "grep -rnP hit .", "grep -rl hit /w", "grep -rlP hit /w", "grep -rc hit", "grep -rcP hit"]
    {
        let recorder = Arc::new(Recorder { asked: Mutex::new(Vec::new()) });
        let mut sh = shell(dir.path(), policy(&rules), Some(recorder.clone()));
        let out = exec(&rt, &mut sh, line);
        let mut asked = recorder.asked.lock().expect("lock").clone();
        asked.sort();
        assert_eq!(asked, ["fs.read /w/asked/d.txt", "fs.read /w/asked/e.txt"], "{line}: asked on its own thread");
        // The audited denials, without what differs between two sessions (time, session id),
        // as a set: workers record theirs in the order they meet them.
        let mut records: Vec<String> = exec(&rt, &mut sh, "audit --denied --json")
            .stdout_text()
            .lines()
            .map(|record| {
                let mut record: serde_json::Value = serde_json::from_str(record).expect("an audit record");
                if let Some(fields) = record.as_object_mut() {
                    // When and how long: they differ from run to run, not between the searches.
                    fields.remove("time");
                    fields.remove("session");
                    fields.remove("micros");
                }
                format!("{record}\n")
            })
            .collect();
        records.sort();
        let audit: String = records.concat();
        outcomes.push((line, out.status, out.stdout_text(), out.stderr_text(), audit));
    }
    for pair in outcomes.chunks(2) {
        let ((line, status, stdout, stderr, audit), (_, p_status, p_stdout, p_stderr, p_audit)) = (&pair[0], &pair[1]);
        assert_eq!((status, stdout, stderr), (p_status, p_stdout, p_stderr), "{line}");
        assert_eq!(audit, p_audit, "{line}: the same denials audited");
        assert_eq!(*status, 126, "{line}: a denied read makes the status 126: {stderr}");
        assert!(stderr.contains("secret/a.txt") && stderr.contains("secret/deep/b.txt"), "{line}: {stderr}");
        assert!(stderr.contains("denied by deny:fs.read:/w/secret/**"), "{line}: {stderr}");
        assert!(!stdout.contains("hidden/") && !stdout.contains("secret/"), "{line}: {stdout}");
        assert!(stdout.contains("asked/d.txt"), "{line}: what was approved is searched: {stdout}");
        assert!(audit.contains("fs.read") && audit.contains("fs.list"), "{line}: {audit}");
    }
    // In order, named as GNU grep names them: the operand's files depth first by name.
    let (_, _, stdout, _, _) = &outcomes[0];
    let names: Vec<&str> = stdout.lines().map(|l| l.split(':').next().unwrap_or("")).collect();
    let mut sorted = names.clone();
    sorted.sort_by_key(|n| n.split('/').map(str::to_string).collect::<Vec<_>>());
    assert_eq!(names, sorted);
    assert!(stdout.starts_with("./.env:1:hit=secret\n./asked/d.txt:1:hit here\n"), "{stdout}");
}

#[test]
fn a_deadline_or_a_cancellation_stops_a_search_of_a_big_tree() {
    let dir = tempfile::tempdir().expect("tempdir");
    // 2,000 names for one file of 2 MB: 4 GB to search, in the page cache once.
    let line = "no match on this line, only words and more words to go through again\n";
    std::fs::write(dir.path().join("one"), line.repeat((2 << 20) / line.len())).expect("write");
    for d in 0..20 {
        std::fs::create_dir_all(dir.path().join(format!("d{d}"))).expect("mkdir");
        for f in 0..100 {
            std::fs::hard_link(dir.path().join("one"), dir.path().join(format!("d{d}/f{f}"))).expect("link");
        }
    }
    let rt = runtime();
    let mut sh = shell(dir.path(), Policy::new(Profile::Workspace), None);
    let started = Instant::now();
    let options = ExecOptions { timeout: Some(Duration::from_millis(300)), ..Default::default() };
    let out = rt.block_on(sh.exec_with("grep -rc -i 'zzz[0-9]' .", options));
    let took = started.elapsed();
    assert_ne!(out.status, 0, "{}", out.stderr_text());
    assert!(out.stderr_text().contains("wall time"), "{}", out.stderr_text());
    assert!(took < Duration::from_millis(1500), "stopped at its deadline, not after {took:?}");
    let token = tokio_util::sync::CancellationToken::new();
    let cancel = token.clone();
    std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(300));
        cancel.cancel();
    });
    let started = Instant::now();
    let options = ExecOptions { cancel: Some(token), ..Default::default() };
    let out = rt.block_on(sh.exec_with("grep -rn 'zzz[0-9]' .", options));
    assert_eq!(out.status, 130, "{}", out.stderr_text());
    assert!(started.elapsed() < Duration::from_millis(1500), "cancelled promptly, not after {:?}", started.elapsed());
    // The worker threads end with the search.
    let deadline = Instant::now() + Duration::from_secs(2);
    while grep_threads() > 0 && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(20));
    }
    assert_eq!(grep_threads(), 0, "no search thread outlives its command");
}

/// Threads of this process named `grep`.
fn grep_threads() -> usize {
    let Ok(tasks) = std::fs::read_dir("/proc/self/task") else { return 0 };
    tasks
        .flatten()
        .filter(|task| std::fs::read_to_string(task.path().join("comm")).is_ok_and(|name| name.trim() == "grep"))
        .count()
}

/// The audit records of `line` run in a fresh shell over `dir`, as JSON, without what differs
/// between two sessions (time, session id, duration).
fn audited(
    rt: &tokio::runtime::Runtime,
    dir: &Path,
    rules: &[(Verdict, &str)],
    line: &str,
) -> (ExecOutcome, Vec<serde_json::Value>) {
    let mut sh = shell(dir, policy(rules), None);
    let out = exec(rt, &mut sh, line);
    let records = exec(rt, &mut sh, "audit -n 100000 --json")
        .stdout_text()
        .lines()
        .filter_map(|line| serde_json::from_str::<serde_json::Value>(line).ok())
        .map(|mut record| {
            if let Some(fields) = record.as_object_mut() {
                for varies in ["time", "session", "micros"] {
                    fields.remove(varies);
                }
            }
            record
        })
        .filter(|record| record["command"] == "grep")
        .collect::<Vec<_>>();
    // As a set: workers record denials in the order they meet them.
    let mut records = records;
    records.sort_by_key(|record| record.to_string());
    (out, records)
}

#[test]
fn a_denied_listing_is_said_and_fails_the_search_as_a_denied_read_does() {
    let dir = tempfile::tempdir().expect("tempdir");
    tree(dir.path());
    std::fs::write(dir.path().join("secret/SECRET.txt"), "SECRET\n").expect("write");
    let rt = runtime();
    let list = [(Verdict::Deny, "fs.list:/w/secret")];
    let read = [(Verdict::Deny, "fs.read:/w/secret/**")];
    // Workers (the plain pattern) and the command's own walk (-P) alike.
    for (line, rules) in [
        ("grep -r SECRET .", &list),
        ("grep -rP SECRET .", &list),
        ("grep -rl hit .", &list),
        ("grep -rlP hit .", &list),
        ("grep -rl hit .", &read),
        ("grep -rlP hit .", &read),
    ] {
        let mut sh = shell(dir.path(), policy(rules), None);
        let out = exec(&rt, &mut sh, line);
        let (stdout, stderr) = (out.stdout_text(), out.stderr_text());
        assert_eq!(out.status, 126, "{line} under {rules:?}: {stderr}");
        assert!(stderr.contains("[blocked: grep → fs."), "{line} under {rules:?}: the block is said: {stderr}");
        assert!(!stdout.contains("secret/"), "{line}: {stdout}");
        if rules == &list {
            assert!(stderr.contains("grep: ./secret: [blocked: grep → fs.list /w/secret "), "{line}: {stderr}");
        }
    }
}

#[test]
fn a_search_audits_its_reads_as_one_record_and_each_denial_as_its_own() {
    let dir = tempfile::tempdir().expect("tempdir");
    tree(dir.path());
    let files = walkdir_count(dir.path());
    let rt = runtime();
    let rules = [(Verdict::Deny, "fs.read:/w/secret/**")];
    let (out, parallel) = audited(&rt, dir.path(), &rules, "grep -rn hit .");
    assert_eq!(out.status, 126, "{}", out.stderr_text());
    let (_, sequential) = audited(&rt, dir.path(), &rules, "grep -rnP hit .");
    // The same records, whichever thread read what, in whatever order.
    assert_eq!(parallel, sequential);
    let reads: Vec<&serde_json::Value> =
        parallel.iter().filter(|r| r["tool"] == "fs.read" && r["decision"] == "allow").collect();
    assert_eq!(reads.len(), 1, "one record for the allowed reads: {parallel:?}");
    // Every file but the two denied ones was read.
    assert_eq!(reads[0]["calls"], files - 2, "{parallel:?}");
    let denied: Vec<&serde_json::Value> = parallel.iter().filter(|r| r["decision"] == "deny").collect();
    assert_eq!(denied.len(), 2, "each denial is a record of its own: {parallel:?}");
    assert!(parallel.iter().any(|r| r["tool"] == "fs.list" && r["decision"] == "allow"), "{parallel:?}");
    // Another set of files read is another digest.
    std::fs::write(dir.path().join("d00/extra.txt"), "hit\n").expect("write");
    let (_, more) = audited(&rt, dir.path(), &rules, "grep -rn hit .");
    let more_reads: Vec<&serde_json::Value> =
        more.iter().filter(|r| r["tool"] == "fs.read" && r["decision"] == "allow").collect();
    assert_eq!(more_reads[0]["calls"], files - 1);
    assert_ne!(more_reads[0]["digest"], reads[0]["digest"]);
}

/// Regular files below `dir`.
fn walkdir_count(dir: &Path) -> u64 {
    let mut count = 0;
    let mut pending = vec![dir.to_path_buf()];
    while let Some(at) = pending.pop() {
        for entry in std::fs::read_dir(&at).expect("list").flatten() {
            let kind = entry.file_type().expect("kind");
            if kind.is_dir() {
                pending.push(entry.path());
            } else if kind.is_file() {
                count += 1;
            }
        }
    }
    count
}

/// `rg` in a git repository (a `.git` the shell itself may not create: it is the control
/// plane): `.gitignore` files count, a deeper one over a shallower one and over those of the
/// directories above where the search starts, on the worker threads (hundreds of files) as in
/// the line-by-line search (`-v`, which stays on the command's task).
#[test]
fn rg_honours_gitignore_files_inside_a_repository() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path();
    std::fs::create_dir_all(root.join(".git")).expect("mkdir");
    std::fs::write(root.join(".gitignore"), "target/\n*.tmp\n").expect("write");
    let mut expected = Vec::new();
    for d in 0..6 {
        let sub = root.join(format!("src/m{d}"));
        std::fs::create_dir_all(&sub).expect("mkdir");
        std::fs::create_dir_all(root.join(format!("target/m{d}"))).expect("mkdir");
        // Each module leaves out its own generated files, but keeps one the root leaves out.
        std::fs::write(sub.join(".gitignore"), "gen_*\n!keep.tmp\n").expect("write");
        for f in 0..50 {
            std::fs::write(sub.join(format!("f{f:02}.rs")), format!("fn f{f}() {{}}\n")).expect("write");
            std::fs::write(sub.join(format!("gen_{f:02}.rs")), "fn generated() {}\n").expect("write");
            std::fs::write(root.join(format!("target/m{d}/o{f:02}.rs")), "fn built() {}\n").expect("write");
            expected.push(format!("src/m{d}/f{f:02}.rs"));
        }
        std::fs::write(sub.join("keep.tmp"), "fn kept() {}\n").expect("write");
        std::fs::write(sub.join("drop.tmp"), "fn dropped() {}\n").expect("write");
        expected.push(format!("src/m{d}/keep.tmp"));
    }
    expected.sort();
    let rt = runtime();
    let mut sh = shell(root, Policy::new(Profile::Workspace), None);
    let listed = exec(&rt, &mut sh, "rg -l fn");
    assert_eq!(listed.status, 0, "{}", listed.stderr_text());
    assert_eq!(listed.stdout_text(), expected.iter().map(|f| format!("{f}\n")).collect::<String>());
    let files = exec(&rt, &mut sh, "rg --files");
    assert_eq!(files.stdout_text(), listed.stdout_text());
    // Line by line (`-v`), the same files are left out.
    let inverted = exec(&rt, &mut sh, "rg -l -v zzz");
    assert_eq!(inverted.stdout_text(), listed.stdout_text());
    // Started below, the files of the directories above still count.
    let below = exec(&rt, &mut sh, "cd src/m3 && rg -l fn");
    let in_m3: String = expected.iter().filter_map(|f| f.strip_prefix("src/m3/")).map(|f| format!("{f}\n")).collect();
    assert_eq!(below.stdout_text(), in_m3);
    // An ignore file the policy does not let rg read outright is not read: no question, no
    // denial of a file the user did not name; its rules are simply not there.
    for verdict in [Verdict::Ask, Verdict::Deny] {
        let recorder = Arc::new(Recorder { asked: Mutex::new(Vec::new()) });
        let rules = [(verdict, "fs.read:/w/src/m2/.gitignore")];
        let mut sh = shell(root, policy(&rules), Some(recorder.clone()));
        let listed = exec(&rt, &mut sh, "rg -l fn src/m2 | wc -l");
        // Its 50 generated files are searched; the root's `*.tmp` still leaves out both `.tmp`s.
        assert_eq!(listed.stdout_text().trim(), "100", "{verdict:?}: {}", listed.stderr_text());
        assert!(recorder.asked.lock().expect("lock").is_empty(), "{verdict:?}: asked");
        let denied = exec(&rt, &mut sh, "audit --denied --json");
        assert_eq!(denied.stdout_text(), "", "{verdict:?}");
    }
    // Without the repository, `.gitignore` files are not rules.
    std::fs::remove_dir(root.join(".git")).expect("rmdir");
    let mut sh = shell(root, Policy::new(Profile::Workspace), None);
    let all = exec(&rt, &mut sh, "rg -l fn | wc -l");
    assert_eq!(all.stdout_text().trim(), (6 * 50 * 3 + 6 * 2).to_string());
}

/// `rg --json` searches line by line on the command's task, not on the workers: over a tree
/// with a denied directory it finds the lines `rg -n` finds on the workers, the denied files
/// said the same way, and `--pre` is refused with its reason rather than run.
#[test]
fn rg_json_finds_what_the_parallel_search_finds() {
    let dir = tempfile::tempdir().expect("tempdir");
    tree(dir.path());
    let rt = runtime();
    let mut sh = shell(dir.path(), policy(&[(Verdict::Deny, "fs.read:/w/secret/**")]), None);
    let text = exec(&rt, &mut sh, "rg -n hit");
    let json = exec(
        &rt,
        &mut sh,
        r#"rg --json hit | jq -j 'select(.type == "match") | "\(.data.path.text):\(.data.line_number):\(.data.lines.text)"'"#,
    );
    assert!(text.stdout_text().lines().count() > 90, "{}", text.stdout_text());
    assert_eq!(json.stdout_text(), text.stdout_text());
    assert!(text.stderr_text().contains("secret"), "{}", text.stderr_text());
    assert_eq!(json.stderr_text(), text.stderr_text());
    let summary =
        exec(&rt, &mut sh, r#"rg --json hit | jq -c 'select(.type == "summary") | .data.stats.matched_lines'"#);
    assert_eq!(summary.stdout_text().trim(), text.stdout_text().lines().count().to_string());
    let pre = exec(&rt, &mut sh, "rg --pre cat hit; echo status $?");
    assert_eq!(pre.stdout_text(), "status 2\n");
}
