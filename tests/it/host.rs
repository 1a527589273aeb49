//! Host programs declared by the operator (`[host.NAME]`, `--host`): real git and python3 run
//! in a `dir` mount through the binary, and what the kernel's confinement must hold — nothing
//! outside the mounts read or written, no network, toolsh's own files kept, no process left
//! behind — with the host checked unchanged afterwards. The policy over a program's words is
//! tried through every route that runs a command.

use crate::support::{Ran, processes, run_binary_with};
use std::path::Path;
use std::time::{Duration, Instant};

/// Whether the kernel can confine host programs; when not, the test says so and passes.
fn confinable() -> bool {
    let abi = toolsh::host::landlock_abi();
    if abi == 0 {
        eprintln!("skipped: this kernel has no Landlock, so host programs are refused here");
    }
    abi > 0
}

fn python() -> &'static str {
    // Debian's interpreter: a version manager's shim earlier on the PATH is refused on purpose.
    "/usr/bin/python3"
}

/// `toolsh ARGS` in `dir` with the host's usual PATH, bounded.
fn toolsh(dir: &Path, args: &[&str]) -> Ran {
    let args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
    let path = ("PATH", "/usr/local/bin:/usr/bin:/bin".to_string());
    run_binary_with(dir, &args, &[path], Duration::from_secs(60))
}

/// A workspace with toolsh.toml declaring git and python3 under the trusted profile.
fn workspace() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("tempdir");
    let config = format!("profile = \"trusted\"\n[host.git]\n[host.python3]\nprogram = \"{}\"\n", python());
    #[allow(clippy::disallowed_methods)]
    std::fs::write(dir.path().join("toolsh.toml"), config).expect("config");
    dir
}

#[test]
fn git_runs_in_a_dir_mount_as_it_does_in_bash() {
    if !confinable() {
        return;
    }
    let ws = workspace();
    let line = "git init -q . && echo one > a.txt && git add a.txt \
                && git -c user.name=t -c user.email=t@x commit -qm first && git log --oneline | head -1 \
                && echo two >> a.txt && git diff && git status --short";
    let ran = toolsh(ws.path(), &["--store", "s.db", "-c", line]);
    assert_eq!(ran.status, 0, "{}", ran.stderr);
    let lines: Vec<&str> = ran.stdout.lines().collect();
    assert!(lines[0].ends_with(" first"), "{}", ran.stdout);
    assert!(ran.stdout.contains("+two\n") && ran.stdout.contains(" M a.txt\n"), "{}", ran.stdout);
    // The same repository, read by git outside toolsh, agrees.
    let direct = std::process::Command::new("git")
        .args(["log", "--oneline", "-1"])
        .current_dir(ws.path())
        .output()
        .expect("git");
    assert_eq!(String::from_utf8_lossy(&direct.stdout).trim(), lines[0]);
}

#[test]
fn a_python_script_reaches_nothing_outside_its_mount() {
    if !confinable() {
        return;
    }
    let outside = tempfile::tempdir().expect("outside");
    let secret = outside.path().join("home/.ssh/id_ed25519");
    #[allow(clippy::disallowed_methods)]
    {
        std::fs::create_dir_all(secret.parent().expect("parent")).expect("ssh dir");
        std::fs::write(&secret, "KEY").expect("secret");
    }
    let ws = workspace();
    #[allow(clippy::disallowed_types)] // a loopback server the program must not reach
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("listener");
    let port = listener.local_addr().expect("addr").port();
    listener.set_nonblocking(true).expect("nonblocking");
    let script = format!(
        r#"
import os, socket
def attempt(what, f):
    try:
        f(); print(what, "reached")
    except OSError as e:
        print(what, "refused", e.errno)
attempt("write-outside", lambda: open("{out}/made.txt", "w").write("x"))
attempt("read-ssh", lambda: open("{secret}").read())
attempt("write-ssh", lambda: open("{secret}", "w").write("gone"))
attempt("read-shadow", lambda: open("/etc/shadow").read())
os.symlink("{secret}", "link")
attempt("follow-link", lambda: open("link").read())
attempt("connect", lambda: socket.create_connection(("127.0.0.1", {port}), timeout=2))
attempt("write-inside", lambda: open("inside.txt", "w").write("ok"))
# Root's powers beyond files: setting the host name (to the one it has, so a regression
# changes nothing) needs CAP_SYS_ADMIN, which the program no longer holds.
import ctypes
libc = ctypes.CDLL(None, use_errno=True)
name = socket.gethostname().encode()
print("sethostname", "reached" if libc.sethostname(name, len(name)) == 0 else "refused")
"#,
        out = outside.path().display(),
        secret = secret.display(),
    );
    #[allow(clippy::disallowed_methods)]
    std::fs::write(ws.path().join("probe.py"), script).expect("probe");
    let ran = toolsh(ws.path(), &["--store", "s.db", "-c", "python3 probe.py"]);
    assert_eq!(ran.status, 0, "{}", ran.stderr);
    for what in ["write-outside", "read-ssh", "write-ssh", "read-shadow", "follow-link", "connect", "sethostname"] {
        assert!(ran.stdout.contains(&format!("{what} refused")), "{what}: {}", ran.stdout);
    }
    assert!(ran.stdout.contains("write-inside reached"), "{}", ran.stdout);
    #[allow(clippy::disallowed_methods)]
    {
        assert_eq!(std::fs::read_to_string(&secret).expect("secret"), "KEY", "the secret is unchanged");
        assert!(!outside.path().join("made.txt").exists(), "nothing was made outside");
    }
    assert!(listener.accept().is_err(), "no connection reached the loopback server");
}

#[test]
fn a_reader_that_goes_away_stops_the_program() {
    if !confinable() {
        return;
    }
    let ws = workspace();
    let started = Instant::now();
    let ran = toolsh(ws.path(), &["--store", "s.db", "-c", "python3 -c 'while True: print(1)' | head -1"]);
    assert_eq!(ran.stdout, "1\n", "{}", ran.stderr);
    assert!(started.elapsed() < Duration::from_secs(20), "took {:?}", started.elapsed());
}

/// The command lines holding `marker`.
fn processes_with(marker: &str) -> Vec<String> {
    processes().into_iter().map(|(_, cmdline)| cmdline).filter(|cmdline| cmdline.contains(marker)).collect()
}

#[test]
fn the_deadline_kills_the_whole_process_group() {
    if !confinable() {
        return;
    }
    let ws = workspace();
    let line = "python3 -c 'import subprocess, time; subprocess.Popen([\"sleep\", \"4321.5\"]); time.sleep(4321)'";
    let started = Instant::now();
    let ran = toolsh(ws.path(), &["--store", "s.db", "--timeout", "1", "-c", line]);
    assert_eq!(ran.status, 124, "{}", ran.stderr);
    assert!(started.elapsed() < Duration::from_secs(10), "took {:?}", started.elapsed());
    std::thread::sleep(Duration::from_millis(200));
    // "4321.5", not "4321": a PostgreSQL backend's title names its client's port (43214).
    assert_eq!(processes_with("4321.5"), Vec::<String>::new(), "a process was left behind");
}

/// `toolsh ARGS` in `dir` on a thread of its own, for a test that acts while it runs.
fn toolsh_aside(dir: &Path, args: &[&str]) -> std::thread::JoinHandle<Ran> {
    let (dir, args) = (dir.to_path_buf(), args.iter().map(|a| a.to_string()).collect::<Vec<_>>());
    std::thread::spawn(move || toolsh(&dir, &args.iter().map(String::as_str).collect::<Vec<_>>()))
}

/// Waits up to twenty seconds for `done`.
fn wait_until(what: &str, done: impl Fn() -> bool) {
    let deadline = Instant::now() + Duration::from_secs(20);
    while !done() {
        assert!(Instant::now() < deadline, "gave up waiting for {what}");
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn one_launcher_serves_a_program_s_calls_and_a_dead_one_is_replaced() {
    if !confinable() {
        return;
    }
    let ws = workspace();
    let wait = "python3 -c 'import time; open(\"ready\", \"w\").close(); time.sleep(8765.5)'";
    let again = "python3 -c 'import time; open(\"again\", \"w\").close(); time.sleep(1)'";
    let line = format!("python3 -c 'print(1)'; python3 -c 'print(2)'; {wait}; echo status $?; {again}; echo after");
    let running = toolsh_aside(ws.path(), &["--store", "s.db", "-c", &line]);
    wait_until("the third call", || ws.path().join("ready").exists());
    // The launchers for this workspace (as root, each is also the first process of a PID
    // namespace of its own, started with --in-pid-namespace).
    let workspace = ws.path().display().to_string();
    let launchers = || -> Vec<(i32, String)> {
        processes()
            .into_iter()
            .filter(|(_, cmdline)| cmdline.starts_with("toolsh-launch") && cmdline.contains(&workspace))
            .collect()
    };
    let ours = launchers();
    let outer: Vec<&String> =
        ours.iter().map(|(_, cmdline)| cmdline).filter(|c| !c.contains("--in-pid-namespace")).collect();
    assert_eq!(outer.len(), 1, "three calls, one launcher: {outer:?}");
    // Its own temporary directory, named in its setup.
    let scratch = outer[0].split('"').find(|word| word.contains("/toolsh-host-")).expect("its TMPDIR").to_string();
    // Its launcher killed from outside: the call is lost (125, unavailable; not 126, which is
    // the policy's), its program with it; the next call gets a new launcher.
    for (pid, _) in &ours {
        let _ = nix::sys::signal::kill(nix::unistd::Pid::from_raw(*pid), nix::sys::signal::Signal::SIGKILL);
    }
    wait_until("the next call", || ws.path().join("again").exists());
    let pids: Vec<i32> = ours.iter().map(|(pid, _)| *pid).collect();
    let new = launchers();
    assert!(!new.is_empty() && new.iter().all(|(pid, _)| !pids.contains(pid)), "{new:?} after {ours:?}");
    let ran = running.join().expect("toolsh");
    assert_eq!(ran.stdout, "1\n2\nstatus 125\nafter\n", "{}", ran.stderr);
    assert!(ran.stderr.contains("its launcher ended"), "{}", ran.stderr);
    wait_until("the lost call's program to go", || processes_with("8765.5").is_empty());
    // The first launcher's TMPDIR went with it.
    assert!(!Path::new(&scratch).exists(), "{scratch} remains");
}

/// The pids of processes whose command line starts with `start` and holds `marker`.
fn pids_with(marker: &str, start: &str) -> Vec<i32> {
    let ours = |cmdline: &String| cmdline.starts_with(start) && cmdline.contains(marker);
    processes().into_iter().filter(|(_, cmdline)| ours(cmdline)).map(|(pid, _)| pid).collect()
}

#[test]
fn a_process_that_leaves_its_group_goes_when_the_call_has_ended() {
    if !confinable() {
        return;
    }
    if !nix::unistd::geteuid().is_root() {
        eprintln!("skipped: a launcher has a PID namespace of its own only as root");
        return;
    }
    let ws = workspace();
    let escape = "python3 -c 'import subprocess; subprocess.Popen([\"setsid\", \"sleep\", \"5432.5\"])'";
    let line = format!("{escape}; touch escaped; sleep 8");
    let running = toolsh_aside(ws.path(), &["--store", "s.db", "-c", &line]);
    wait_until("the call to end", || ws.path().join("escaped").exists());
    // The escaped process is gone while toolsh still runs (its own `sleep`), not at its end.
    wait_until("the escaped process to be killed", || pids_with("5432.5", "sleep ").is_empty());
    assert!(!running.is_finished(), "toolsh ended before the check");
    assert_eq!(running.join().expect("toolsh").status, 0);
}

#[test]
fn every_byte_a_program_writes_before_it_ends_arrives() {
    if !confinable() {
        return;
    }
    let ws = workspace();
    // More than a pipe holds, then the end at once: the copy must not stop at the exit.
    let write = "python3 -c 'import sys; sys.stdout.write(\"x\" * 100003); sys.stderr.write(\"e\" * 7)'";
    let line = format!("for i in $(seq 25); do {write}; done 2>err | wc -c; wc -c < err; git --version | wc -l");
    let ran = toolsh(ws.path(), &["--store", "s.db", "-c", &line]);
    assert_eq!(ran.stdout, "2500075\n175\n1\n", "{}", ran.stderr);
}

#[test]
fn statuses_pass_through_and_a_signal_gives_128_plus_n() {
    if !confinable() {
        return;
    }
    let ws = workspace();
    let line = "python3 -c 'import sys; sys.exit(3)'; echo $?; \
                python3 -c 'import os, signal; os.kill(os.getpid(), signal.SIGTERM)'; echo $?";
    let ran = toolsh(ws.path(), &["--store", "s.db", "-c", line]);
    assert_eq!(ran.stdout, "3\n143\n", "{}", ran.stderr);
}

#[test]
fn toolsh_s_own_files_stay_as_they_are() {
    if !confinable() {
        return;
    }
    let ws = workspace();
    #[allow(clippy::disallowed_methods)]
    let before = std::fs::read_to_string(ws.path().join("toolsh.toml")).expect("config");
    let line = "python3 -c 'open(\"toolsh.toml\", \"a\").write(\"profile = 1\")'; \
                python3 -c 'import os; os.remove(\"toolsh.toml\")'; echo done";
    let ran = toolsh(ws.path(), &["--store", "s.db", "-c", line]);
    assert!(ran.stdout.ends_with("done\n"), "{}", ran.stderr);
    assert!(ran.stderr.contains("Read-only file system") && ran.stderr.contains("busy"), "{}", ran.stderr);
    #[allow(clippy::disallowed_methods)]
    let after = std::fs::read_to_string(ws.path().join("toolsh.toml")).expect("config");
    assert_eq!(before, after);

    // Without a configuration file, one the program makes is taken away.
    let bare = tempfile::tempdir().expect("bare");
    let make = format!("--host=python3={}", python());
    let ran = toolsh(bare.path(), &["--profile", "trusted", &make, "-c", "python3 -c 'open(\"toolsh.toml\", \"w\")'"]);
    assert!(ran.stderr.contains("which is toolsh's own and never writable; removed it"), "{}", ran.stderr);
    assert!(!bare.path().join("toolsh.toml").exists());
}

/// A workspace with the program `mark` (a script outside it that creates the file its first
/// word names), the rule `deny host.mark:push*`.
fn marking() -> (tempfile::TempDir, tempfile::TempDir) {
    let bin = tempfile::tempdir().expect("bin");
    let mark = bin.path().join("mark");
    #[allow(clippy::disallowed_methods)]
    {
        std::fs::write(&mark, "#!/bin/sh\n: > \"$1\"\n").expect("mark");
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&mark, std::fs::Permissions::from_mode(0o755)).expect("chmod");
    }
    let ws = tempfile::tempdir().expect("ws");
    let config =
        format!("profile = \"trusted\"\ndeny = [\"host.mark:push*\"]\n[host.mark]\nprogram = \"{}\"\n", mark.display());
    #[allow(clippy::disallowed_methods)]
    std::fs::write(ws.path().join("toolsh.toml"), config).expect("config");
    (bin, ws)
}

#[test]
fn a_rule_over_words_holds_on_every_route() {
    if !confinable() {
        return;
    }
    let (_bin, ws) = marking();
    let ran = toolsh(ws.path(), &["--store", "s.db", "-c", "mark allowed && ls allowed"]);
    assert_eq!(ran.stdout, "allowed\n", "the program runs when the rule does not hold: {}", ran.stderr);
    let routes = [
        "mark push",
        "mark -x push",
        "host.mark push",
        "eval mark push",
        "eval 'mark push'",
        "sh -c 'mark push'",
        "bash -c \"mark push\"",
        "f(){ mark push; }; f",
        "echo push | xargs mark",
        "command mark push",
        "env mark push",
        "timeout 5 mark push",
        "nohup mark push",
        "c=mark; $c push",
        "w=push; mark $w",
        "find . -maxdepth 0 -exec mark push \\;",
        // By the path a system keeps programs under, which names the same program.
        "/usr/bin/mark push",
        "/usr/bin/env mark push",
        "/bin/sh -c 'mark push'",
    ];
    for route in routes {
        let ran = toolsh(ws.path(), &["--store", "s.db", "-c", route]);
        // `find` goes on past a command that failed, as GNU find does; the rest end with 126.
        if !route.starts_with("find") {
            assert_eq!(ran.status, 126, "{route}: {} {}", ran.stdout, ran.stderr);
        }
        assert!(ran.stderr.contains("denied by deny:host.mark:push*"), "{route}: {}", ran.stderr);
        assert!(!ws.path().join("push").exists(), "{route} ran the program");
        assert!(!ws.path().join("-x").exists(), "{route} ran the program");
    }
}

#[test]
fn every_call_is_audited() {
    if !confinable() {
        return;
    }
    let ws = workspace();
    let ran = toolsh(
        ws.path(),
        &["--store", "s.db", "-c", "git --version >/dev/null; git nope 2>/dev/null; audit --tool 'host.*'"],
    );
    // time, tool, command, decision, status, …
    let records: Vec<Vec<&str>> = ran
        .stdout
        .lines()
        .map(|l| l.split_whitespace().collect())
        .filter(|f: &Vec<&str>| f.get(1) == Some(&"host.git"))
        .collect();
    let seen: Vec<(&str, &str)> = records.iter().map(|f| (f[3], f[4])).collect();
    assert_eq!(seen, [("allow", "0"), ("allow", "1")], "{}", ran.stdout);
}

#[test]
fn what_cannot_run_says_why() {
    if !confinable() {
        return;
    }
    let ws = workspace();
    // Declared but missing on the host: a configuration error naming it.
    let ran = toolsh(ws.path(), &["--host", "no-such-program", "-c", "true"]);
    assert_eq!(ran.status, 2);
    assert!(ran.stderr.contains("[host.no-such-program]: program 'no-such-program' not found"), "{}", ran.stderr);
    // Not declared: said plainly.
    let ran = toolsh(ws.path(), &["--store", "s.db", "-c", "node -v"]);
    assert_eq!(ran.status, 127);
    assert!(ran.stderr.contains("host programs run here only when the operator declares them"), "{}", ran.stderr);
    // Declared, but the default profile denies host programs: nothing runs.
    let ran = toolsh(ws.path(), &["--store", "s.db", "--profile", "workspace", "-c", "echo start; git status"]);
    assert_eq!((ran.status, ran.stdout.as_str()), (126, ""), "{}", ran.stderr);
    // A directory with no host files behind it: unavailable (125), not "denied by policy"
    // (126), with what to do instead.
    let ran = toolsh(ws.path(), &["--store", "s.db", "-c", "cd / && git status"]);
    assert_eq!((ran.status, ran.stdout.as_str()), (125, ""), "{}", ran.stderr);
    assert!(ran.stderr.contains("the working directory / is outside every mount"), "{}", ran.stderr);
    assert!(ran.stderr.contains("cd into the workspace"), "{}", ran.stderr);
}

#[test]
fn host_programs_share_the_session_s_tmp_and_it_goes_with_the_run() {
    if !confinable() {
        return;
    }
    let ws = workspace();
    let home = tempfile::tempdir().expect("home");
    let line = "echo 'print(6*7)' > /tmp/x.py; python3 /tmp/x.py; \
                git init -q . && echo one > a.txt && git add a.txt && git diff --cached > /tmp/p.diff; \
                git rm -q --cached a.txt && rm a.txt && git apply --index /tmp/p.diff && cat a.txt; \
                cd /tmp && python3 -c 'import tempfile; f = open(tempfile.mkstemp(prefix=\"made\")[1], \"w\"); f.write(\"seen\")' \
                && cat /tmp/made*; echo; python3 -c 'import os; print(os.environ[\"TMPDIR\"] == os.environ[\"HOME\"], os.environ[\"TMPDIR\"])'; \
                git config --global user.name Agent && git config --global user.email a@x && cd - >/dev/null \
                && git commit -qm first && git log --format=%an/%s && cat /tmp/.gitconfig | grep -c Agent";
    let args: Vec<String> = ["--store", "s.db", "-c", line].iter().map(|a| a.to_string()).collect();
    let env = [("PATH", "/usr/local/bin:/usr/bin:/bin".to_string()), ("HOME", home.path().display().to_string())];
    let ran = run_binary_with(ws.path(), &args, &env, Duration::from_secs(60));
    let lines: Vec<&str> = ran.stdout.lines().collect();
    assert_eq!(lines.len(), 6, "{}\n{}", ran.stdout, ran.stderr);
    assert_eq!(lines[..3], ["42", "one", "seen"], "{}", ran.stderr);
    let tmp = lines[3].strip_prefix("True ").expect("TMPDIR is HOME");
    assert_eq!(lines[4..], ["Agent/first", "1"], "{}", ran.stderr);
    #[allow(clippy::disallowed_methods)]
    {
        assert!(!Path::new(tmp).exists(), "{tmp} is removed when toolsh ends");
        assert!(std::fs::read_dir(home.path()).expect("home").next().is_none(), "the operator's HOME is untouched");
    }
}

#[test]
fn a_venv_interpreter_keeps_its_venv() {
    if !confinable() {
        return;
    }
    let ws = tempfile::tempdir().expect("tempdir");
    let made = std::process::Command::new(python())
        .args(["-m", "venv", "--without-pip", ".venv"])
        .current_dir(ws.path())
        .status()
        .expect("venv");
    assert!(made.success());
    let config = "profile = \"trusted\"\n[host.python3]\nprogram = \".venv/bin/python\"\n";
    #[allow(clippy::disallowed_methods)]
    std::fs::write(ws.path().join("toolsh.toml"), config).expect("config");
    let ran = toolsh(
        ws.path(),
        &["--store", "s.db", "-c", "python3 -c 'import sys; print(sys.prefix); print(sys.prefix != sys.base_prefix)'"],
    );
    #[allow(clippy::disallowed_methods)]
    let venv = std::fs::canonicalize(ws.path().join(".venv")).expect("venv");
    assert_eq!(ran.stdout, format!("{}\nTrue\n", venv.display()), "{}", ran.stderr);
}

#[test]
fn git_commits_through_toolsh_mcp() {
    if !confinable() {
        return;
    }
    use std::io::{BufRead, Write};
    let ws = workspace();
    let root = ws.path().display().to_string();
    let store = ws.path().join("s.db").display().to_string();
    let (mut child, mut stdin, mut stdout) = crate::support::mcp_stdio(&["--root", &root, "--store", &store]);
    let line = "git init -q . && echo x > f && git add f && git -c user.name=m -c user.email=m@x commit -qm viamcp && git log --format=%s";
    let call = serde_json::json!({"jsonrpc": "2.0", "id": 2, "method": "tools/call",
        "params": {"name": "shell", "arguments": {"command": line}}});
    writeln!(stdin, "{call}").expect("send");
    let mut answer = String::new();
    stdout.read_line(&mut answer).expect("answer");
    let _ = child.kill();
    let _ = child.wait();
    assert!(answer.contains("viamcp"), "{answer}");
    assert!(!answer.contains("\"isError\":true"), "{answer}");
}

#[test]
fn toolsh_itself_launches_where_the_small_launcher_is_missing() {
    if !confinable() {
        return;
    }
    // `toolsh` alone in a directory: no `toolsh-launch` beside it.
    let alone = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("host-launcher-fallback");
    let copy = alone.join("toolsh");
    #[allow(clippy::disallowed_methods)]
    {
        let _ = std::fs::remove_dir_all(&alone);
        std::fs::create_dir_all(&alone).expect("dir");
        std::fs::hard_link(env!("CARGO_BIN_EXE_toolsh"), &copy)
            .or_else(|_| std::fs::copy(env!("CARGO_BIN_EXE_toolsh"), &copy).map(|_| ()))
            .expect("copy toolsh");
    }
    let ws = workspace();
    let out = std::process::Command::new(&copy)
        .env_clear()
        .env("PATH", "/usr/local/bin:/usr/bin:/bin")
        .current_dir(ws.path())
        .args(["--store", "s.db", "-c", "python3 -c 'open(\"/etc/shadow\")' 2>&1 | tail -1; python3 -c 'print(6*7)'"])
        .output()
        .expect("run the copy");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        stdout,
        "FileNotFoundError: [Errno 2] No such file or directory: '/etc/shadow'\n42\n",
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// Writes `text` to `path` in `dir`, executable.
fn script(dir: &Path, path: &str, text: &str) {
    use std::os::unix::fs::PermissionsExt;
    let file = dir.join(path);
    #[allow(clippy::disallowed_methods)]
    {
        std::fs::create_dir_all(file.parent().expect("parent")).expect("dir");
        std::fs::write(&file, text).expect("script");
        std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o755)).expect("chmod");
    }
}

#[test]
fn a_script_runs_as_its_interpreter_line_says() {
    if !confinable() {
        return;
    }
    let ws = workspace();
    let argv = "import sys\nprint(sys.argv[1:], sys.flags.dont_write_bytecode)\n";
    script(ws.path(), "tests/runtests.py", &format!("#!/usr/bin/env python\n{argv}"));
    script(ws.path(), "u.py", &format!("#!/usr/bin/python3 -B\n{argv}"));
    script(ws.path(), "e.sh", "#!/usr/bin/env -S bash -e\necho one\nfalse\necho two\n");
    script(ws.path(), "plain.sh", "echo plain \"$@\"\n");
    script(ws.path(), "r.rb", "#!/usr/bin/env ruby\nputs 1\nimport os\n");
    // python finds the declared python3; the script's path and arguments follow its words.
    let ran = toolsh(ws.path(), &["--store", "s.db", "-c", "./tests/runtests.py a 'b c'; ./u.py x"]);
    assert_eq!(ran.stdout, "['a', 'b c'] 0\n['x'] 1\n", "{}", ran.stderr);
    // A shell's line runs here with its options, as bash runs it.
    for line in ["./e.sh", "./plain.sh 1 2"] {
        let ran = toolsh(ws.path(), &["--store", "s.db", "-c", line]);
        let bash = std::process::Command::new("bash").args(["-c", line]).current_dir(ws.path()).output().expect("bash");
        assert_eq!(ran.stdout, String::from_utf8_lossy(&bash.stdout), "{line}: {}", ran.stderr);
        assert_eq!(ran.status, bash.status.code().expect("status"), "{line}");
    }
    // An interpreter nobody declared: refused, named, with how to declare it; not one line of
    // it runs as a command.
    let ran = toolsh(ws.path(), &["--store", "s.db", "-c", "./r.rb"]);
    assert_eq!((ran.status, ran.stdout.as_str()), (127, ""), "{}", ran.stderr);
    assert!(
        ran.stderr.contains("(#!/usr/bin/env ruby) is ruby") && ran.stderr.contains("[host.ruby]"),
        "{}",
        ran.stderr
    );
    assert!(!ran.stderr.contains("command not found"), "{}", ran.stderr);
    // A compiled program is not read as shell either: refused in bash's words and status for
    // a file it cannot execute (`bash tru`); run as `./tru`, bash would execute it, which only a
    // declared host program does here.
    #[allow(clippy::disallowed_methods)]
    std::fs::copy("/bin/true", ws.path().join("tru")).expect("a binary");
    let bash = std::process::Command::new("bash").arg("tru").current_dir(ws.path()).output().expect("bash");
    for args in [&["-c", "./tru"][..], &["tru"]] {
        let ran = toolsh(ws.path(), &[&["--store", "s.db"][..], args].concat());
        assert_eq!(
            (ran.status, ran.stdout.as_str()),
            (bash.status.code().expect("status"), ""),
            "{args:?}: {}",
            ran.stderr
        );
        assert!(ran.stderr.contains("tru: cannot execute binary file"), "{}", ran.stderr);
    }
    // Given to toolsh itself, a script of another language is refused, not read as shell.
    let ran = toolsh(ws.path(), &["--store", "s.db", "tests/runtests.py"]);
    assert_eq!((ran.status, ran.stdout.as_str()), (126, ""), "{}", ran.stderr);
    assert!(ran.stderr.contains("is python, not a shell"), "{}", ran.stderr);
    assert!(!ran.stderr.contains("command not found"), "{}", ran.stderr);
}

#[test]
fn a_declared_program_close_to_the_name_is_offered() {
    if !confinable() {
        return;
    }
    let ws = workspace();
    let ran = toolsh(ws.path(), &["--store", "s.db", "-c", "python -V"]);
    assert_eq!(ran.status, 127);
    assert!(ran.stderr.contains("did you mean: python3?"), "{}", ran.stderr);
    assert!(!ran.stderr.contains("[host.python]"), "{}", ran.stderr);
    // A known program that is not declared says so, and names what is.
    let ran = toolsh(ws.path(), &["--store", "s.db", "-c", "pytest -q"]);
    assert_eq!(ran.status, 127);
    assert!(
        ran.stderr.contains("[host.pytest]") && ran.stderr.contains("declared here: git, python3"),
        "{}",
        ran.stderr
    );
}

#[test]
fn the_programs_agents_reach_for_are_named_as_host_programs() {
    let dir = tempfile::tempdir().expect("tempdir");
    for name in ["pytest", "ruff", "tox", "mypy", "uv", "poetry", "gh"] {
        let ran = toolsh(dir.path(), &["--memory", "-c", &format!("{name} --version")]);
        assert_eq!(ran.status, 127, "{name}");
        let declare = format!(
            "{name} is a host program, and host programs run here only when the operator declares them ([host.{name}] in toolsh.toml, or --host {name})"
        );
        assert!(ran.stderr.contains(&declare), "{name}: {}", ran.stderr);
        assert!(!ran.stderr.contains("did you mean"), "{name}: {}", ran.stderr);
    }
}

#[test]
fn a_program_not_found_in_a_pipeline_still_reaches_the_model() {
    // pipefail is off, so the line's status is head's (0), as in bash; what it printed on
    // standard error is in the text the model reads.
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path().display().to_string();
    let store = dir.path().join("s.db").display().to_string();
    use std::io::{BufRead, Write};
    let (mut child, mut stdin, mut stdout) = crate::support::mcp_stdio(&["--root", &root, "--store", &store]);
    let call = serde_json::json!({"jsonrpc": "2.0", "id": 2, "method": "tools/call",
        "params": {"name": "shell", "arguments": {"command": "git status | head"}}});
    writeln!(stdin, "{call}").expect("send");
    let mut answer = String::new();
    stdout.read_line(&mut answer).expect("answer");
    let _ = child.kill();
    let _ = child.wait();
    let answer: serde_json::Value = serde_json::from_str(&answer).expect("json");
    let text = answer["result"]["content"][0]["text"].as_str().expect("text");
    assert_eq!(answer["result"]["isError"], false, "{answer}");
    assert!(text.starts_with("[stderr]\ntoolsh: line 1: git: command not found: git is a host program"), "{text}");
    assert!(text.ends_with("[exit 0]"), "{text}");
}

#[test]
fn the_control_plane_s_directories_cannot_be_swapped() {
    if !confinable() {
        return;
    }
    let ws = tempfile::tempdir().expect("tempdir");
    let config = format!("profile = \"trusted\"\n[host.python3]\nprogram = \"{}\"\n", python());
    #[allow(clippy::disallowed_methods)]
    {
        std::fs::create_dir_all(ws.path().join("conf")).expect("conf");
        std::fs::create_dir_all(ws.path().join("state/deeper")).expect("state");
        std::fs::write(ws.path().join("conf/policy.toml"), &config).expect("config");
    }
    let flags = ["--config", "conf/policy.toml", "--store", "state/deeper/s.db", "-c"];
    // The store made, then the attack: carry each directory away with the read-only file in
    // it and put a forged one in its place.
    let attack = r#"
import os
for old in ["conf", "state", "state/deeper"]:
    try:
        os.rename(old, old + "_old"); print(old, "moved")
    except OSError as e:
        print(old, "refused", e.errno)
open("state/deeper/beside", "w").write("a file beside the store is the program's")
print("beside written")
"#;
    #[allow(clippy::disallowed_methods)]
    std::fs::write(ws.path().join("attack.py"), attack).expect("attack");
    let line = "python3 -c pass; python3 attack.py";
    let ran = toolsh(ws.path(), &[&flags[..], &[line]].concat());
    assert_eq!(
        ran.stdout, "conf refused 16\nstate refused 16\nstate/deeper refused 16\nbeside written\n",
        "{}",
        ran.stderr
    );
    #[allow(clippy::disallowed_methods)]
    {
        assert_eq!(std::fs::read_to_string(ws.path().join("conf/policy.toml")).expect("config"), config);
        let store = std::fs::read(ws.path().join("state/deeper/s.db")).expect("store");
        assert!(store.starts_with(b"SQLite format 3\0"), "the store is toolsh's");
    }
}

#[test]
fn a_program_cannot_attach_to_its_launcher() {
    if !confinable() {
        return;
    }
    let ws = workspace();
    let probe = r#"
import ctypes, os, time
libc = ctypes.CDLL(None, use_errno=True)
attached = libc.ptrace(16, os.getppid(), 0, 0) == 0  # PTRACE_ATTACH to the launcher
print("attached" if attached else "refused %d" % ctypes.get_errno())
if attached:
    time.sleep(0.1)
    libc.ptrace(17, os.getppid(), 0, 0)  # PTRACE_DETACH: leave it as it was
"#;
    #[allow(clippy::disallowed_methods)]
    std::fs::write(ws.path().join("probe.py"), probe).expect("probe");
    let ran = toolsh(ws.path(), &["--store", "s.db", "-c", "python3 probe.py; python3 -c 'print(2)'"]);
    assert_eq!(ran.stdout, "refused 1\n2\n", "{}", ran.stderr);
}

#[test]
fn http_sessions_programs_live_apart() {
    if !confinable() {
        return;
    }
    let ws = workspace();
    let (root, store) = (ws.path().display().to_string(), ws.path().join("s.db").display().to_string());
    let (server, addr) =
        crate::support::mcp_http_server_with(&["--root", &root, "--store", &store], &[("PATH", "/usr/bin:/bin")]);
    struct Stop(std::process::Child);
    impl Drop for Stop {
        fn drop(&mut self) {
            let _ = self.0.kill();
            let _ = self.0.wait();
        }
    }
    let running = Stop(server);
    let text = |answer: String| -> String {
        let json = answer.lines().find_map(|line| line.strip_prefix("data: ").filter(|data| data.starts_with('{')));
        let value: serde_json::Value = serde_json::from_str(json.unwrap_or("{}")).unwrap_or_default();
        value["result"]["content"][0]["text"].as_str().unwrap_or(&answer).to_string()
    };
    let (a, b) = (crate::support::mcp_http_session(&addr), crate::support::mcp_http_session(&addr));
    let tmpdir = "python3 -c 'import os; print(os.environ[\"TMPDIR\"])'";
    let line = format!("echo mine > /tmp/secret; {tmpdir}; python3 -c 'import time; time.sleep(8765.7)' &");
    let a_tmp = text(crate::support::mcp_http_shell(&addr, &a, 2, &line));
    assert!(a_tmp.contains("toolsh-tmp-"), "{a_tmp:?}");
    let a_tmp = a_tmp.lines().next().unwrap_or_default().to_string();
    wait_until("A's program", || !processes_with("8765.7").is_empty());
    // B's programs: another /tmp, A's out of reach, and a kill of every process they may
    // signal reaches nothing of A's.
    let probe = format!(
        "{tmpdir}; ls /tmp; python3 -c 'open(\"{a_tmp}/secret\")' 2>&1 | tail -1; \
         python3 -c 'import os, signal; os.kill(-1, signal.SIGKILL)' 2>/dev/null; echo killed"
    );
    let seen = text(crate::support::mcp_http_shell(&addr, &b, 3, &probe));
    let lines: Vec<&str> = seen.lines().collect();
    assert!(lines[0].contains("toolsh-tmp-") && lines[0] != a_tmp, "{seen:?}");
    assert!(!seen.contains("secret\n"), "B's /tmp is its own: {seen}");
    assert!(seen.contains(&format!("No such file or directory: '{a_tmp}/secret'")), "A's /tmp is not there: {seen}");
    std::thread::sleep(Duration::from_millis(300));
    assert!(!processes_with("8765.7").is_empty(), "A's program survived B's kill -1: {seen}");
    // Killed, the server leaves its sessions' directories; the next toolsh with host programs
    // removes them.
    drop(running);
    assert!(Path::new(&a_tmp).exists());
    let ran = toolsh(ws.path(), &["--store", "s.db", "-c", "true"]);
    assert_eq!(ran.status, 0, "{}", ran.stderr);
    assert!(!Path::new(&a_tmp).exists(), "{a_tmp} remains");
}

#[test]
fn a_program_s_address_space_fits_the_machine() {
    if !confinable() {
        return;
    }
    #[allow(clippy::disallowed_methods)]
    let meminfo = std::fs::read_to_string("/proc/meminfo").expect("meminfo");
    let kib = |field: &str| -> u64 {
        let line = meminfo.lines().find(|line| line.starts_with(field)).expect("field");
        line.split_whitespace().nth(1).and_then(|n| n.parse().ok()).expect("number")
    };
    let machine = (kib("MemTotal:") + kib("SwapTotal:")) * 1024;
    let ws = workspace();
    let ran = toolsh(
        ws.path(),
        &["--store", "s.db", "-c", "python3 -c 'import resource; print(resource.getrlimit(resource.RLIMIT_AS)[0])'"],
    );
    let limit: u64 = ran.stdout.trim().parse().expect(&ran.stderr);
    // sysinfo and /proc/meminfo round differently: within a page per MiB.
    let expected = machine.min(64 << 30);
    assert!(limit.abs_diff(expected) <= expected / 256, "{limit} for a machine of {machine}");
}

#[test]
fn a_program_s_root_holds_only_what_it_was_given() {
    if !confinable() {
        return;
    }
    // A server's Unix socket outside every mount (a tmux server, docker.sock, an ssh agent).
    let outside = tempfile::tempdir().expect("outside");
    let socket = outside.path().join("server.sock");
    let listener = std::os::unix::net::UnixListener::bind(&socket).expect("listener");
    listener.set_nonblocking(true).expect("nonblocking");
    let ws = workspace();
    let probe = format!(
        r#"
import os, socket
s = socket.socket(socket.AF_UNIX)
try:
    s.connect("{socket}"); print("socket reached")
except OSError as e:
    print("socket refused", e.errno)
for path in ["/run", "/proc/1/environ", "/var", "/home", "{outside}"]:
    print(path, os.path.exists(path))
print("own", os.path.exists("probe.py"), os.path.exists("/usr/bin/git"), os.path.exists("/dev/null"))
"#,
        socket = socket.display(),
        outside = outside.path().display(),
    );
    #[allow(clippy::disallowed_methods)]
    std::fs::write(ws.path().join("probe.py"), probe).expect("probe");
    let ran = toolsh(ws.path(), &["--store", "s.db", "-c", "python3 probe.py; git --version | cut -d' ' -f1-2"]);
    let outside = outside.path().display();
    assert_eq!(
        ran.stdout,
        format!(
            "socket refused 2\n/run False\n/proc/1/environ False\n/var False\n/home False\n{outside} False\nown True True True\ngit version\n"
        ),
        "{}",
        ran.stderr
    );
    assert!(listener.accept().is_err(), "nothing connected to the server outside");
}

#[test]
fn not_as_root_a_program_s_kill_minus_one_reaches_nothing_outside() {
    if !confinable() {
        return;
    }
    // Run as another user (nobody), which only root can arrange here.
    let nobody = "65534";
    if !nix::unistd::geteuid().is_root() || !Path::new("/usr/bin/setpriv").exists() {
        eprintln!("skipped: needs root and setpriv to run toolsh as another user");
        return;
    }
    let ws = workspace();
    let as_nobody = |args: &[&str]| {
        let mut command = std::process::Command::new("/usr/bin/setpriv");
        command
            .args(["--reuid", nobody, "--regid", nobody, "--clear-groups", "env", "-i", "PATH=/usr/bin:/bin"])
            .args(args)
            .current_dir(ws.path())
            .stdin(std::process::Stdio::null())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped());
        command
    };
    let chowned = std::process::Command::new("chown")
        .args(["-R", &format!("{nobody}:{nobody}"), &ws.path().display().to_string()])
        .status();
    assert!(chowned.expect("chown").success());
    // A process of the same user outside toolsh.
    let mut outside = as_nobody(&["sleep", "8765.8"]).spawn().expect("sleep");
    wait_until("the outside process", || !processes_with("8765.8").is_empty());
    // (ESRCH where it has nothing to signal: the point is what it does not reach.)
    let line = "python3 -c 'import os, signal; os.kill(-1, signal.SIGKILL)'; python3 -c 'print(2)'";
    let ran = as_nobody(&[env!("CARGO_BIN_EXE_toolsh"), "--store", "s.db", "-c", line]).output().expect("toolsh");
    let alive = outside.try_wait().expect("try_wait").is_none();
    let _ = outside.kill();
    let _ = outside.wait();
    let (stdout, stderr) = (String::from_utf8_lossy(&ran.stdout), String::from_utf8_lossy(&ran.stderr));
    // Its launcher took no signal either: the next call runs on it.
    assert_eq!(stdout, "2\n", "{stderr}");
    assert!(!stderr.contains("launcher ended"), "{stderr}");
    assert!(alive, "the user's process outside toolsh was killed");
}
