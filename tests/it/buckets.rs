//! Workspaces on object storage, through the real binary and a real S3-compatible server (the
//! one `TOOLSH_TEST_S3` names, with the bucket `toolsh`; `.ci/run` starts one with
//! `scripts/s3.sh`): the same script gives the same output on a bucket as on a host directory;
//! a 100 MB object is searched in constant memory; an upload killed mid-way leaves no object;
//! a bucket that does not answer stops the shell with status 125; credentials never reach the
//! shell.

use std::io::Read;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The server's endpoint, or `None` (and a note) when the suite runs without one.
fn endpoint(case: &str) -> Option<String> {
    #[allow(clippy::disallowed_methods)] // where the test's server is
    let endpoint = std::env::var("TOOLSH_TEST_S3").ok().filter(|e| !e.is_empty());
    if endpoint.is_none() {
        eprintln!("{case}: object storage skipped (TOOLSH_TEST_S3 is not set)");
    }
    endpoint
}

/// A prefix of the test bucket no other case (or run) uses.
fn fresh_prefix(case: &str) -> String {
    let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos());
    format!("s3://toolsh/it-{case}-{}-{nanos}", std::process::id())
}

fn toolsh(endpoint: &str, args: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_toolsh"));
    command
        .env_clear()
        .env("HOME", crate::support::test_home())
        .env("AWS_ENDPOINT_URL", endpoint)
        .env("AWS_ACCESS_KEY_ID", "test-key")
        .env("AWS_SECRET_ACCESS_KEY", "test-secret-never-shown")
        .args(["--timeout", "300"])
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    command
}

fn run(mut command: Command) -> (String, String, i32) {
    let out = command.output().expect("run toolsh");
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.code().unwrap_or(-1),
    )
}

/// Files, directories, globs, `find`, `tar`, `grep -r`, renames and removals, written once and
/// run on a host directory and on a bucket prefix: the outputs must be the same.
const EVERYDAY: &str = r#"
cd /data
mkdir -p src/lib docs
printf 'alpha\nbeta\ngamma\n' > src/a.txt
echo 'fn main() {}' > src/lib/main.rs
seq 1 5000 > docs/numbers
echo appended >> src/a.txt
set -C; echo no > src/a.txt; echo "noclobber: $?"; set +C
cat src/a.txt; wc -l docs/numbers; tail -n 2 docs/numbers; head -c 7 docs/numbers | od -c
ls; ls src; ls -d src/*; echo src/*.txt */lib/*.rs
find . | sort; find . -type d | sort; find . -name '*.rs' -size -1k
grep -rn beta .; grep -c 9 docs/numbers
tar cf /tmp/t.tar src && mkdir copy && tar xf /tmp/t.tar -C copy && find copy | sort
cp -r src src2 && diff -r src src2 && echo same
mv src/a.txt src/b.txt; mv src2 moved; ls src moved
sed -i 's/beta/BETA/' src/b.txt; cat src/b.txt
rm src/lib/main.rs; ls src/lib; echo "lib kept: $?"
rmdir src; echo "rmdir non-empty: $?"
cat missing; echo "missing: $?"
mkdir docs; echo "mkdir existing: $?"
rm -r copy moved; ls
stat -c '%s %F' docs/numbers; stat -c %F docs
"#;

#[test]
fn a_bucket_answers_as_a_directory_does() {
    let Some(endpoint) = endpoint("everyday") else { return };
    let dir = tempfile::tempdir().expect("tempdir");
    let on_dir = format!("/data={}", dir.path().display());
    let on_bucket = format!("/data={}", fresh_prefix("everyday"));
    let (dir_out, dir_err, dir_status) = run(toolsh(&endpoint, &["--memory", "--mount", &on_dir, "-c", EVERYDAY]));
    let (out, err, status) = run(toolsh(&endpoint, &["--memory", "--mount", &on_bucket, "-c", EVERYDAY]));
    assert_eq!(out, dir_out, "stderr on the bucket: {err}\nstderr on the directory: {dir_err}");
    assert_eq!((err.as_str(), status), (dir_err.as_str(), dir_status));
    assert!(out.contains("noclobber: 1") && out.contains("same\n"), "{out}");
}

#[test]
fn the_gate_and_read_only_mounts_hold_on_a_bucket() {
    let Some(endpoint) = endpoint("gate") else { return };
    let prefix = fresh_prefix("gate");
    let writable = format!("/data={prefix}");
    let (_, err, status) = run(toolsh(
        &endpoint,
        &[
            "--memory",
            "--mount",
            &writable,
            "-c",
            "mkdir /data/secret && echo ok > /data/open && echo x > /data/secret/f",
        ],
    ));
    assert_eq!(status, 0, "{err}");
    // A denied write is refused before anything runs; the file keeps its content.
    let deny = ["--memory", "--mount", &writable, "--deny", "fs.write:/data/secret/**"];
    let (out, err, status) = run(toolsh(&endpoint, &[&deny[..], &["-c", "echo y > /data/secret/f"]].concat()));
    assert_eq!((out.as_str(), status), ("", 126), "{err}");
    assert!(err.contains("denied by deny:fs.write:/data/secret/**"), "{err}");
    let (out, err, status) =
        run(toolsh(&endpoint, &[&deny[..], &["-c", "cat /data/secret/f; echo z > /data/open2"]].concat()));
    assert_eq!((out.as_str(), status), ("x\n", 0), "{err}");
    let read_only = format!("/data={prefix}:ro");
    let (out, err, _) =
        run(toolsh(&endpoint, &["--memory", "--mount", &read_only, "-c", "cat /data/open; rm /data/open; echo $?"]));
    assert_eq!(out, "ok\n1\n");
    assert!(err.contains("Read-only file system"), "{err}");
}

/// Peak resident memory of a running process, in KiB, polled until it ends.
fn peak_kib(child: &mut std::process::Child) -> u64 {
    let mut peak = 0;
    let started = Instant::now();
    while child.try_wait().expect("wait").is_none() && started.elapsed() < Duration::from_secs(300) {
        #[allow(clippy::disallowed_methods)] // the child's own figures, from the kernel
        if let Ok(status) = std::fs::read_to_string(format!("/proc/{}/status", child.id())) {
            let hwm = status
                .lines()
                .find_map(|l| l.strip_prefix("VmHWM:"))
                .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok());
            peak = peak.max(hwm.unwrap_or(0));
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    peak
}

#[test]
fn a_hundred_megabyte_object_is_searched_in_constant_memory_and_a_killed_upload_leaves_nothing() {
    let Some(endpoint) = endpoint("large") else { return };
    let mount = format!("/data={}", fresh_prefix("large"));
    // 100,000,000 bytes of 20-byte lines, uploaded in parts through a redirection.
    let (_, err, status) = run(toolsh(
        &endpoint,
        &["--memory", "--mount", &mount, "-c", "yes 'the quick brown fox' | head -c 100000000 > /data/big"],
    ));
    assert_eq!(status, 0, "{err}");
    // What the shell holds with the bucket mounted and a small object read: the baseline.
    let mut child =
        toolsh(&endpoint, &["--memory", "--mount", &mount, "-c", "echo x > /data/small; cat /data/small; sleep 0.5"])
            .spawn()
            .expect("spawn");
    let baseline = peak_kib(&mut child);
    let mut child =
        toolsh(&endpoint, &["--memory", "--mount", &mount, "-c", "grep -c fox /data/big; head -n 1 /data/big"])
            .spawn()
            .expect("spawn");
    let peak = peak_kib(&mut child);
    let mut out = String::new();
    child.stdout.take().expect("stdout").read_to_string(&mut out).expect("read");
    assert_eq!(out, "5000000\nthe quick brown fox\n");
    // At most 8 MiB read ahead and the HTTP buffers, whatever the object's size (95 MiB):
    // holding it whole would add at least as much.
    assert!(baseline > 0 && peak < baseline + 48 * 1024, "peak resident memory {peak} KiB, baseline {baseline} KiB");

    // An upload without end, killed: nothing was committed, so nothing is there.
    let mut child = toolsh(&endpoint, &["--memory", "--mount", &mount, "-c", "yes 0123456789 > /data/killed"])
        .spawn()
        .expect("spawn");
    std::thread::sleep(Duration::from_millis(2500));
    assert!(child.try_wait().expect("wait").is_none(), "the upload ended by itself");
    child.kill().expect("SIGKILL");
    let _ = child.wait();
    let (out, err, status) =
        run(toolsh(&endpoint, &["--memory", "--mount", &mount, "-c", "ls /data; cat /data/killed"]));
    assert_eq!((out.as_str(), status), ("big\nsmall\n", 1), "{err}");
    assert!(err.contains("No such file or directory"), "{err}");
}

#[test]
fn a_bucket_that_does_not_answer_stops_the_shell_with_status_125_naming_the_endpoint() {
    let Some(endpoint) = endpoint("unreachable") else { return };
    let (out, err, status) =
        run(toolsh(&endpoint, &["--memory", "--mount", "/data=s3://no-such-bucket/p", "-c", "echo ran"]));
    assert_eq!((out.as_str(), status), ("", 125));
    assert_eq!(err, format!("toolsh: s3://no-such-bucket/p at {endpoint}: the bucket does not exist\n"));
    let mut closed =
        toolsh("http://someone:hunter2@127.0.0.1:9", &["--memory", "--mount", "/data=s3://toolsh", "-c", "echo ran"]);
    closed.env("AWS_ENDPOINT_URL", "http://someone:hunter2@127.0.0.1:9");
    let (out, err, status) = run(closed);
    assert_eq!((out.as_str(), status), ("", 125));
    assert!(err.starts_with("toolsh: s3://toolsh at http://127.0.0.1:9: ") && !err.contains("hunter2"), "{err}");
}

#[test]
fn credentials_never_reach_the_shell() {
    let Some(endpoint) = endpoint("credentials") else { return };
    let workspace = tempfile::tempdir().expect("tempdir");
    let mount = format!("/data={}", fresh_prefix("credentials"));
    let root = workspace.path().display().to_string();
    let (out, err, status) = run(toolsh(
        &endpoint,
        &[
            "--root",
            &root,
            "--inherit-env",
            "--mount",
            &mount,
            "-c",
            "echo \"[$AWS_SECRET_ACCESS_KEY][$AWS_ACCESS_KEY_ID]\"; env | grep -c AWS_SECRET; df /data | grep -c secret",
        ],
    ));
    assert_eq!((out.as_str(), status), ("[][]\n0\n0\n", 1), "{err}");
    // A secret written in a policy file the shell could read is refused, naming the way out.
    #[allow(clippy::disallowed_methods)] // the test writes the workspace's policy file
    std::fs::write(
        workspace.path().join("toolsh.toml"),
        format!("[mount]\n\"/data\" = \"{}\"\n\n[s3]\nsecret_access_key = \"written-here\"\n", fresh_prefix("c")),
    )
    .expect("write toolsh.toml");
    let mut command = toolsh(&endpoint, &["--root", &root, "-c", "echo ran"]);
    command.env_remove("AWS_SECRET_ACCESS_KEY");
    let (out, err, status) = run(command);
    assert_eq!((out.as_str(), status), ("", 2));
    assert!(
        err.contains("secret_access_key is written in a file the shell can read") && !err.contains("written-here"),
        "{err}"
    );
    // Naming a host variable instead mounts the bucket from the file.
    #[allow(clippy::disallowed_methods)] // as above
    std::fs::write(
        workspace.path().join("toolsh.toml"),
        format!("[mount]\n\"/data\" = \"{}\"\n\n[s3]\nsecret_access_key = \"${{MY_SECRET}}\"\n", fresh_prefix("c")),
    )
    .expect("write toolsh.toml");
    let mut command = toolsh(&endpoint, &["--root", &root, "-c", "echo hi > /data/f && cat /data/f"]);
    command.env_remove("AWS_SECRET_ACCESS_KEY").env("MY_SECRET", "from-the-host");
    let (out, err, status) = run(command);
    assert_eq!((out.as_str(), status), ("hi\n", 0), "{err}");
}

#[test]
fn a_write_the_bucket_cannot_commit_is_said_and_fails_the_command() {
    let Some(endpoint) = endpoint("commit") else { return };
    let mount = format!("/data={}", fresh_prefix("commit"));
    // Under `set -C` the object is created only if none is there when the upload commits; here
    // another write creates it first, while the redirection's upload is open.
    let script = "echo theirs > /data/g; set -C
                  { cp /data/g /data/f; echo mine; } > /data/f; echo \"status $?\"; cat /data/f";
    let (out, err, status) = run(toolsh(&endpoint, &["--memory", "--mount", &mount, "-c", script]));
    assert_eq!(
        (out.as_str(), err.as_str(), status),
        ("status 1\ntheirs\n", "toolsh: line 2: /data/f: File exists\n", 0)
    );
}

#[test]
fn agents_on_two_servers_share_one_store_and_one_bucket() {
    let Some(endpoint) = endpoint("fleet") else { return };
    let env = [("AWS_ENDPOINT_URL", endpoint.as_str()), ("AWS_ACCESS_KEY_ID", "k"), ("AWS_SECRET_ACCESS_KEY", "s")];
    let mount = format!("/data={}", fresh_prefix("fleet"));
    for store in crate::support::stores("fleet") {
        let shared = |agent: &'static str| {
            crate::support::mcp_http_server_with(
                &["--memory", "--agent", agent, "--store", &store.spec, "--mount", &mount],
                &env,
            )
        };
        let (mut one, first) = shared("alice");
        let (mut two, second) = shared("bob");
        let (alice, bob) = (crate::support::mcp_http_session(&first), crate::support::mcp_http_session(&second));
        let waiting = {
            let (second, bob) = (second.clone(), bob.clone());
            std::thread::spawn(move || {
                crate::support::mcp_http_shell(&second, &bob, 2, "msg read --wait 60 && cat /data/report.txt")
            })
        };
        std::thread::sleep(Duration::from_millis(500));
        let sent = crate::support::mcp_http_shell(
            &first,
            &alice,
            2,
            "echo 'all green' > /data/report.txt && msg send bob 'report in /data'",
        );
        assert!(sent.contains("sent #"), "{}: {sent}", store.name);
        let read = waiting.join().expect("reader");
        assert!(
            read.contains("from alice") && read.contains("report in /data") && read.contains("all green"),
            "{}: {read}",
            store.name
        );
        for server in [&mut one, &mut two] {
            let _ = server.kill();
            let _ = server.wait();
        }
    }
}
