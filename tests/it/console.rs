//! The console in a real terminal: the binary runs inside tmux, keys are typed with
//! `send-keys` and the screen is read with `capture-pane`. Each test has its own tmux server
//! (`-L`), workspace and state directory.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

/// A console running in a private tmux server.
struct Console {
    socket: String,
    command: String,
    dir: tempfile::TempDir,
}

impl Console {
    /// Starts `toolsh ARGS` in a fresh workspace holding `files`.
    fn start(name: &str, args: &[&str], files: &[(&str, &str)]) -> Console {
        let dir = tempfile::tempdir().expect("tempdir");
        let work = dir.path().join("work");
        std::fs::create_dir_all(&work).expect("workspace");
        for (path, text) in files {
            let path = work.join(path);
            std::fs::create_dir_all(path.parent().expect("parent")).expect("dirs");
            std::fs::write(path, text).expect("fixture");
        }
        let socket = format!("toolsh-test-{name}-{}", std::process::id());
        let state = dir.path().join("state");
        let mut command = format!(
            "cd {} && XDG_STATE_HOME={} {} --store {}",
            work.display(),
            state.display(),
            env!("CARGO_BIN_EXE_toolsh"),
            state.join("store.db").display()
        );
        for arg in args {
            command.push(' ');
            command.push_str(arg);
        }
        // What the shell exits with stays on the screen for the test to read.
        command.push_str("; echo \"[console exited $?]\"; sleep 30");
        let console = Console { socket, command, dir };
        console.open();
        console
    }

    fn open(&self) {
        // A server just killed may still hold its socket for a moment: try again briefly.
        let deadline = Instant::now() + Duration::from_secs(5);
        loop {
            let out = Command::new("tmux")
                .args(["-L", &self.socket, "new-session", "-d", "-x", "110", "-y", "40", &self.command])
                .output()
                .expect("tmux must be installed (.ci/run does it)");
            if out.status.success() {
                break;
            }
            assert!(Instant::now() < deadline, "tmux new-session failed: {}", String::from_utf8_lossy(&out.stderr));
            std::thread::sleep(Duration::from_millis(50));
        }
        self.wait_for("$ ");
    }

    /// Ends this terminal and opens a new console on the same workspace and state.
    fn restart(&self) {
        let _ = Command::new("tmux").args(["-L", &self.socket, "kill-server"]).output();
        self.open();
    }

    fn workspace(&self) -> PathBuf {
        self.dir.path().join("work")
    }

    fn tmux(&self, args: &[&str]) -> String {
        let out = Command::new("tmux").arg("-L").arg(&self.socket).args(args).output().expect("tmux");
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    /// Types `keys` (tmux key names: `Enter`, `Tab`, `C-c`, `Up`; other words literally).
    fn keys(&self, keys: &[&str]) {
        for key in keys {
            self.tmux(&["send-keys", "-t", "0", key]);
        }
    }

    /// Types `text` literally.
    fn type_text(&self, text: &str) {
        self.tmux(&["send-keys", "-t", "0", "-l", text]);
    }

    /// The screen's text (trailing spaces kept: a prompt ends in one), blank lines at the
    /// end dropped.
    fn screen(&self) -> String {
        let text = self.tmux(&["capture-pane", "-t", "0", "-p", "-N"]);
        let lines: Vec<&str> = text.lines().collect();
        let used = lines.iter().rposition(|l| !l.trim().is_empty()).map_or(0, |i| i + 1);
        lines[..used].join("\n")
    }

    /// Waits until the screen shows `text`, and returns the screen.
    fn wait_for(&self, text: &str) -> String {
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            let screen = self.screen();
            if screen.contains(text) {
                return screen;
            }
            assert!(Instant::now() < deadline, "the screen never showed {text:?}:\n{screen}");
            std::thread::sleep(Duration::from_millis(30));
        }
    }

    /// The last line of the screen.
    fn last_line(&self) -> String {
        self.screen().lines().last().unwrap_or("").to_string()
    }
}

impl Drop for Console {
    fn drop(&mut self) {
        let _ = Command::new("tmux").args(["-L", &self.socket, "kill-server"]).output();
    }
}

fn exists(path: &Path) -> bool {
    path.exists()
}

/// Waits up to ten seconds for `done`; `show` says what was there instead.
fn wait_until(done: impl Fn() -> bool, show: impl Fn() -> String) {
    let deadline = Instant::now() + Duration::from_secs(10);
    while !done() {
        assert!(Instant::now() < deadline, "gave up waiting:\n{}", show());
        std::thread::sleep(Duration::from_millis(30));
    }
}

#[test]
fn a_typed_pipeline_runs_and_the_prompt_shows_agent_place_and_status() {
    let console = Console::start("pipeline", &["--agent", "alice"], &[("notes.txt", "b\na\nb\n")]);
    assert!(console.last_line().starts_with("alice work$"), "{}", console.screen());
    console.type_text("sort notes.txt | uniq -c | sort -rn");
    console.keys(&["Enter"]);
    console.wait_for("      2 b\n      1 a");
    console.type_text("mkdir sub && cd sub && false");
    console.keys(&["Enter"]);
    console.wait_for("alice work/sub [1]$");
    // On a terminal, nohup sends the output to nohup.out, saying so, as GNU's does.
    console.type_text("nohup echo kept; cat nohup.out");
    console.keys(&["Enter"]);
    let screen = console.wait_for("\nkept\n");
    assert!(screen.contains("nohup: ignoring input and appending output to 'nohup.out'"), "{screen}");
}

#[test]
fn tab_completes_commands_flags_and_workspace_paths() {
    let console = Console::start("complete", &[], &[("readme.txt", "hello\n"), ("src/main.rs", "fn main() {}\n")]);
    // A command: unique prefix, completed in place.
    console.type_text("sqlit");
    console.keys(&["Tab"]);
    console.wait_for("$ sqlite3 ");
    console.keys(&["C-u"]);
    // A tool's flag from its schema.
    console.type_text("fs.read --pa");
    console.keys(&["Tab"]);
    console.wait_for("$ fs.read --path ");
    // A path from the workspace, through a directory.
    console.type_text("rea");
    console.keys(&["Tab"]);
    console.wait_for("--path readme.txt ");
    console.keys(&["Enter"]);
    console.wait_for("\nhello\n");
    console.type_text("cat s");
    console.keys(&["Tab"]);
    console.wait_for("$ cat src/");
    console.keys(&["Tab"]);
    console.wait_for("$ cat src/main.rs ");
    // Several candidates: a menu with their descriptions.
    console.keys(&["C-u"]);
    console.type_text("sha");
    console.keys(&["Tab"]);
    let screen = console.wait_for("sha256sum");
    assert!(screen.contains("sha1sum") && screen.contains("compute"), "{screen}");
}

#[test]
fn tab_runs_the_sessions_completion_function() {
    let console = Console::start("progcomp", &[], &[]);
    // The function counts its calls in the session and offers the word before the cursor's
    // predecessor, so the candidate proves COMP_WORDS and COMP_CWORD reached it.
    console.type_text(r#"_deploy() { calls=$((calls+1)); COMPREPLY=("to-${COMP_WORDS[COMP_CWORD-1]}"); }; complete -F _deploy deploy"#);
    console.keys(&["Enter"]);
    console.type_text("deploy prod t");
    console.keys(&["Tab"]);
    console.wait_for("$ deploy prod to-prod ");
    console.keys(&["C-u"]);
    console.type_text("echo calls=$calls");
    console.keys(&["Enter"]);
    console.wait_for("\ncalls=1\n");
}

#[test]
fn multi_line_heredocs_and_blocks_and_history_recall() {
    let console = Console::start("multiline", &[], &[]);
    console.type_text("cat <<EOF");
    console.keys(&["Enter"]);
    console.wait_for("\n> ");
    console.type_text("sum $((40 + 2))");
    console.keys(&["Enter"]);
    console.type_text("EOF");
    console.keys(&["Enter"]);
    console.wait_for("\nsum 42\n");
    console.type_text("for i in 1 2; do");
    console.keys(&["Enter"]);
    console.type_text("if [ $i = 2 ]; then echo two; fi");
    console.keys(&["Enter"]);
    console.type_text("done");
    console.keys(&["Enter"]);
    console.wait_for("\ntwo\n");
    // Up recalls the last entry, all of its lines.
    console.wait_for("\ntwo\nagent work$ ");
    console.keys(&["Up"]);
    wait_until(|| console.screen().matches("for i in 1 2; do").count() == 2, || console.screen());
    assert!(console.screen().ends_with("done"), "{}", console.screen());
}

#[test]
fn ctrl_c_interrupts_a_running_line_and_ctrl_d_exits() {
    let console = Console::start("interrupt", &[], &[]);
    console.type_text("sleep 100; echo not-reached");
    console.keys(&["Enter"]);
    std::thread::sleep(Duration::from_millis(300));
    let started = Instant::now();
    console.keys(&["C-c"]);
    console.wait_for("[130]$");
    assert!(started.elapsed() < Duration::from_secs(5));
    assert!(!console.screen().lines().any(|l| l == "not-reached"), "{}", console.screen());
    // Ctrl-C while editing clears the line; the shell keeps going.
    console.type_text("echo half-typed");
    console.keys(&["C-c"]);
    wait_until(|| console.screen().matches("[130]$ ").count() == 2, || console.screen());
    console.type_text("echo $((6 * 7))");
    console.keys(&["Enter"]);
    console.wait_for("\n42\n");
    console.keys(&["C-d"]);
    console.wait_for("[console exited 0]");
}

#[test]
fn an_approval_answered_no_leaves_nothing_executed() {
    let console = Console::start("approve", &["--ask", "fs.delete"], &[("keep.txt", "precious\n")]);
    console.type_text("rm keep.txt && echo removed");
    console.keys(&["Enter"]);
    let screen = console.wait_for("[n] no:");
    assert!(
        screen.contains("`rm` wants fs.delete") && screen.contains("keep.txt") && screen.contains("ask:fs.delete"),
        "{screen}"
    );
    console.type_text("n");
    console.keys(&["Enter"]);
    console.wait_for("[126]$");
    assert!(exists(&console.workspace().join("keep.txt")), "the file must still be there");
    assert!(!console.screen().contains("\nremoved"), "{}", console.screen());
    // `a` approves this tool for the rest of the session: the second delete does not ask.
    console.type_text("touch x y; rm x; rm y; ls x y 2>&1 | wc -l");
    console.keys(&["Enter"]);
    wait_until(|| console.screen().matches("[n] no:").count() == 2, || console.screen());
    console.type_text("a");
    console.keys(&["Enter"]);
    let screen = console.wait_for("\n2\n");
    assert_eq!(screen.matches("[n] no:").count(), 2, "{screen}");
    console.type_text("exit 3");
    console.keys(&["Enter"]);
    console.wait_for("[console exited 3]");
}

/// Ctrl-C at a question refuses it and stops the line: what is typed next is a line of its
/// own, not the answer to a question nobody sees any more.
#[test]
fn ctrl_c_at_an_approval_refuses_and_stops_the_line() {
    let console = Console::start("approve-interrupt", &["--ask", "fs.delete"], &[("keep.txt", "precious\n")]);
    console.type_text("rm keep.txt; echo after");
    console.keys(&["Enter"]);
    console.wait_for("[n] no:");
    console.keys(&["C-c"]);
    console.wait_for("[130]$");
    console.type_text("echo typed-next");
    console.keys(&["Enter"]);
    let screen = console.wait_for("\ntyped-next\n");
    assert!(exists(&console.workspace().join("keep.txt")), "the file must still be there: {screen}");
    assert!(!screen.contains("\nafter"), "the rest of the line did not run: {screen}");
    console.keys(&["C-d"]);
    console.wait_for("[console exited");
}

/// Serves one response of `size` bytes on loopback, slowly (a tenth every 150 ms).
#[allow(clippy::disallowed_types)] // the test plays the remote server
fn slow_server(size: usize) -> u16 {
    use std::io::{Read, Write};
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
    let port = listener.local_addr().expect("addr").port();
    std::thread::spawn(move || {
        if let Ok((mut stream, _)) = listener.accept() {
            let mut request = [0u8; 4096];
            let _ = stream.read(&mut request);
            let _ = write!(stream, "HTTP/1.1 200 OK\r\nContent-Length: {size}\r\nConnection: close\r\n\r\n");
            let chunk = vec![b'x'; size / 10];
            for _ in 0..10 {
                let _ = stream.write_all(&chunk);
                let _ = stream.flush();
                std::thread::sleep(Duration::from_millis(150));
            }
        }
    });
    port
}

#[test]
fn a_download_shows_progress_on_the_terminal_and_clears_it() {
    let port = slow_server(1_000_000);
    let allow = "--allow=net.fetch:http://127.0.0.1:*/**".to_string();
    let console = Console::start("progress", &[&allow], &[]);
    console.type_text(&format!("curl -o big http://127.0.0.1:{port}/big && wc -c < big"));
    console.keys(&["Enter"]);
    let screen = console.wait_for(" received of 976.6 KiB (");
    assert!(screen.contains("KiB received"), "{screen}");
    let screen = console.wait_for("\n1000000\n");
    assert!(!screen.contains("received"), "the meter is cleared when the download ends:\n{screen}");
    // Standard error redirected to a file is no terminal: no meter there.
    let quiet = slow_server(1_000_000);
    console.type_text(&format!("curl -o big2 http://127.0.0.1:{quiet}/big 2>err.txt; wc -c < big2; wc -c < err.txt"));
    console.keys(&["Enter"]);
    console.wait_for("\n1000000\n0\n");
}

#[test]
fn history_survives_a_restart_and_ctrl_r_searches_it() {
    let console = Console::start("history", &[], &[]);
    console.type_text("echo remembered-$((40 + 2))");
    console.keys(&["Enter"]);
    console.wait_for("\nremembered-42\n");
    console.type_text("echo other");
    console.keys(&["Enter"]);
    console.wait_for("\nother\n");
    console.keys(&["C-d"]);
    console.wait_for("[console exited 0]");
    console.restart();
    console.keys(&["C-r"]);
    console.type_text("remem");
    console.wait_for("echo remembered-$((40 + 2))");
    console.keys(&["Enter"]);
    wait_until(
        || {
            console.screen().contains("\nremembered-42\n")
                || console.screen().trim_end().ends_with("$ echo remembered-$((40 + 2))")
        },
        || console.screen(),
    );
    if !console.screen().contains("\nremembered-42\n") {
        // Enter in search mode accepts the entry into the editor; a second Enter runs it.
        console.keys(&["Enter"]);
    }
    console.wait_for("\nremembered-42\n");
}

#[test]
fn history_fc_and_bang_share_the_list_the_arrow_keys_recall() {
    let console = Console::start("banghistory", &[], &[]);
    console.type_text("echo alpha");
    console.keys(&["Enter"]);
    console.wait_for("\nalpha\n");
    // `!!` expands at the console, as in bash -i, and the expanded line is echoed.
    console.type_text("!!:s/alpha/beta/");
    console.keys(&["Enter"]);
    console.wait_for("\necho beta\nbeta\n");
    // The arrow key recalls the expanded line, which `history` lists.
    console.keys(&["Up"]);
    wait_until(|| console.screen().trim_end().ends_with("$ echo beta"), || console.screen());
    console.keys(&["C-u"]);
    console.type_text("history");
    console.keys(&["Enter"]);
    console.wait_for("    2  echo beta\n    3  history\n");
    // `history -c` empties what the arrow keys recall too.
    console.type_text("history -c");
    console.keys(&["Enter"]);
    console.type_text("fc -l");
    console.keys(&["Enter"]);
    console.keys(&["Up"]);
    console.keys(&["Up"]);
    wait_until(|| console.screen().trim_end().ends_with("$ fc -l"), || console.screen());
}

#[test]
fn a_mounted_servers_question_and_progress_reach_the_terminal() {
    let marks = tempfile::tempdir().expect("tempdir");
    let server = format!("'m=python3 {}/tests/mcp/mounted.py {}'", env!("CARGO_MANIFEST_DIR"), marks.path().display());
    let console = Console::start("elicit", &["--mcp", &server], &[]);
    // The server asks whom to greet: the form is read at the terminal, field by field.
    console.type_text("m.greet");
    console.keys(&["Enter"]);
    let screen = console.wait_for("[c] cancel: ");
    assert!(screen.contains("mcp server 'm' asks: Whom shall I greet?"), "{screen}");
    console.type_text("y");
    console.keys(&["Enter"]);
    console.wait_for("(string, required): ");
    console.type_text("Ada");
    console.keys(&["Enter"]);
    console.wait_for("\n{\"result\":\"hello Ada\"}\n");
    // Declined, the server hears so.
    console.type_text("m.greet");
    console.keys(&["Enter"]);
    wait_until(|| console.screen().matches("[c] cancel: ").count() == 2, || console.screen());
    console.type_text("n");
    console.keys(&["Enter"]);
    console.wait_for("\n{\"result\":\"decline\"}\n");
    // The server's progress is drawn while the call runs, and cleared when it ends.
    console.type_text("m.slow --steps 3");
    console.keys(&["Enter"]);
    console.wait_for("1 of 3 (33%)");
    let screen = console.wait_for("\n{\"result\":\"3 steps\"}\n");
    assert!(!screen.contains("of 3 ("), "the meter is cleared when the call ends:\n{screen}");
}

#[test]
fn a_job_that_ended_is_told_before_the_next_prompt_once() {
    let console = Console::start("jobs", &[], &[]);
    console.type_text("sleep 0.3 & (exit 3) &");
    console.keys(&["Enter"]);
    std::thread::sleep(Duration::from_millis(600));
    console.type_text("true");
    console.keys(&["Enter"]);
    let screen = console.wait_for("Done                    sleep 0.3");
    assert!(screen.contains("Exit 3                  ( exit 3 )"), "{screen}");
    console.type_text("echo again");
    console.keys(&["Enter"]);
    let screen = console.wait_for("\nagain\n");
    assert_eq!(screen.matches("Done                    sleep 0.3").count(), 1, "told once: {screen}");
}

#[test]
fn host_programs_run_from_the_console_and_ctrl_c_stops_one() {
    if toolsh::host::landlock_abi() == 0 {
        eprintln!("skipped: this kernel has no Landlock, so host programs are refused here");
        return;
    }
    let config = "profile = \"trusted\"\n[host.git]\n[host.python3]\nprogram = \"/usr/bin/python3\"\n";
    let script = "import sys\nassert sum([1, 2]) == 3\nprint('tests passed')\nsys.exit(3)\n";
    let console = Console::start("host", &[], &[("toolsh.toml", config), ("check.py", script)]);
    console.type_text("git init -q . && git status --short");
    console.keys(&["Enter"]);
    console.wait_for("?? check.py");
    console.type_text("python3 check.py");
    console.keys(&["Enter"]);
    console.wait_for("tests passed");
    console.wait_for("[3]$");
    console.type_text("git add check.py && git -c user.name=t -c user.email=t@x commit -qm one && git log --format=%s");
    console.keys(&["Enter"]);
    console.wait_for("\none\n");
    // A program that would run for a long time stops at Ctrl-C, its whole group with it.
    console.type_text("python3 -c 'import time; time.sleep(9876.5)'; echo not-reached");
    console.keys(&["Enter"]);
    wait_until(|| processes_with("9876.5"), || console.screen());
    let started = Instant::now();
    console.keys(&["C-c"]);
    console.wait_for("[130]$");
    assert!(started.elapsed() < Duration::from_secs(5));
    assert!(!console.screen().lines().any(|l| l == "not-reached"), "{}", console.screen());
    wait_until(|| !processes_with("9876.5"), || console.screen());
}

/// Whether a process whose command line holds `marker` runs.
fn processes_with(marker: &str) -> bool {
    crate::support::processes().iter().any(|(_, cmdline)| cmdline.contains(marker))
}
