//! The `toolsh` binary: `-c`, script files, scripts on stdin, exit statuses, syntax errors.

use std::io::Write;
use std::process::{Command, Stdio};

fn toolsh() -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_toolsh"));
    command.env_clear().env("HOME", crate::support::test_home());
    command
}

fn run(command: &mut Command, stdin: &str) -> (String, String, i32) {
    let mut child = command.stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().expect("spawn");
    child.stdin.take().expect("stdin").write_all(stdin.as_bytes()).expect("write stdin");
    let out = child.wait_with_output().expect("wait");
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.code().unwrap_or(-1),
    )
}

#[test]
fn command_string_with_name_and_args() {
    let (out, _, status) = run(toolsh().args(["--memory", "-c", "echo $0 $1 $#; exit 3", "prog", "a", "b"]), "");
    assert_eq!(out, "prog a 2\n");
    assert_eq!(status, 3);
}

/// A brace expression past its 100,000 words stops the line saying so (it ran once over the
/// unexpanded word before: `for i in {1..1000000}` gave one pass with `i={1..1000000}`).
#[test]
fn too_many_brace_words_stop_the_line_saying_so() {
    let line = "for i in {1..1000000}; do n=$((n+1)); done; echo \"n=$n\"";
    let (out, err, status) = run(toolsh().args(["--memory", "-c", line]), "");
    assert_eq!((out.as_str(), status), ("", 124), "{err}");
    assert!(err.contains("limit exceeded: brace words (at most 100000)"), "{err}");
    let (out, _, status) = run(toolsh().args(["--memory", "-c", "echo {1..100000} | wc -w; echo {a..b}{1..2}"]), "");
    assert_eq!((out.as_str(), status), ("100000\na1 a2 b1 b2\n", 0));
}

#[test]
fn syntax_error_runs_nothing_and_names_the_position() {
    let (out, err, status) = run(toolsh().args(["--memory", "-c", "echo before\nif true; then\necho x\nfi fi"]), "");
    assert_eq!(out, "");
    assert_eq!(status, 2);
    // bash's words: the line, then the line's text.
    assert_eq!(err, "toolsh: -c: line 4: syntax error near unexpected token `fi'\ntoolsh: -c: line 4: `fi fi'\n");
}

#[test]
fn script_file_and_stdin_script() {
    let dir = tempfile::tempdir().expect("tempdir");
    let script = dir.path().join("s.sh");
    std::fs::write(&script, "#!/usr/bin/env toolsh\necho \"args: $*\"\necho done > out.txt\n").expect("write");
    let (out, _, status) = run(toolsh().current_dir(dir.path()).arg(&script).args(["x", "y"]), "");
    assert_eq!((out.as_str(), status), ("args: x y\n", 0));
    assert_eq!(std::fs::read_to_string(dir.path().join("out.txt")).expect("out"), "done\n");
    let (out, _, status) = run(toolsh().arg("--memory"), "echo from stdin; false");
    assert_eq!((out.as_str(), status), ("from stdin\n", 1));
}

#[test]
fn host_stdin_reaches_commands_and_env_stays_out() {
    let (out, _, _) = run(toolsh().args(["--memory", "-c", "while read -r l; do echo \"<$l>\"; done"]), "a\nb\n");
    assert_eq!(out, "<a>\n<b>\n");
    let (out, _, _) = run(toolsh().env("SECRET_TOKEN", "x").args(["--memory", "-c", "echo \"[$SECRET_TOKEN]\""]), "");
    assert_eq!(out, "[]\n");
    let (out, _, _) = run(
        toolsh().env("SECRET_TOKEN", "x").args(["--memory", "--env", "SECRET_TOKEN", "-c", "echo \"[$SECRET_TOKEN]\""]),
        "",
    );
    assert_eq!(out, "[x]\n");
}

#[test]
fn yes_into_head_ends_at_once() {
    let (out, _, status) = run(toolsh().args(["--memory", "-c", "yes | head -n 2; echo ${PIPESTATUS[@]}"]), "");
    assert_eq!(out, "y\ny\n141 0\n");
    assert_eq!(status, 0);
}

#[test]
fn the_policy_files_limits_are_the_command_lines_unless_it_names_them() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path().to_string_lossy().to_string();
    let write = |text: &str| std::fs::write(dir.path().join("toolsh.toml"), text).expect("toolsh.toml");
    write("[limits]\nresult-lines = 50\nresult-chars = 900\n");
    let get = "config get result-lines; config get result-chars";
    let (out, err, status) = run(toolsh().args(["--root", &root, "-c", get]), "");
    assert_eq!((out.as_str(), status), ("50\n900\n", 0), "{err}");
    let (out, _, _) = run(toolsh().args(["--root", &root, "--limit", "result-lines=70", "-c", get]), "");
    assert_eq!(out, "70\n900\n");
    // A name that is no limit stops toolsh, naming it.
    write("[limits]\nresult-line = 50\n");
    let (_, err, status) = run(toolsh().args(["--root", &root, "-c", "true"]), "");
    assert_eq!(status, 2);
    assert!(err.contains("unknown limit `result-line`"), "{err}");
}

#[test]
fn limits_stop_with_a_named_limit() {
    let (_, err, status) =
        run(toolsh().args(["--memory", "--limit", "loop-iterations=100", "-c", "while :; do :; done"]), "");
    assert_eq!(status, 124);
    assert!(err.contains("loop iterations"), "{err}");
    let (_, err, status) = run(toolsh().args(["--memory", "--timeout", "0.2", "-c", "sleep 5"]), "");
    assert_eq!(status, 124);
    assert!(err.contains("wall time"), "{err}");
}

#[test]
fn deep_recursion_hits_the_limit_or_finishes_never_crashes() {
    let script = "f() { local n=$1; if ((n > 0)); then f $((n - 1)); else echo bottom; fi; }; f 5000";
    let (out, err, status) = run(toolsh().args(["--memory", "--limit", "call-depth=6000", "-c", script]), "");
    assert_eq!((out.as_str(), status), ("bottom\n", 0), "{err}");
    let (_, err, status) = run(toolsh().args(["--memory", "-c", "f() { f; }; f"]), "");
    assert_eq!(status, 124);
    assert!(err.contains("call depth"), "{err}");
}

/// Bytes that are not UTF-8 in a script file, in `-c` text, in the script's arguments, in the
/// environment and in file names on a real directory: toolsh writes, names and passes on the
/// same bytes as bash, and a NUL in data goes through pipes untouched.
#[test]
fn bytes_that_are_not_utf8_go_through_as_bash_passes_them() {
    use std::os::unix::ffi::OsStrExt;
    let script: &[u8] = b"echo \xff\xfe ok \"$1\" ${#1} \"$V\"\nprintf '\\xff\\x00z' > raw\ncat raw | cat > copy\n\
        : > \"caf\xe9 $1\"; for f in caf*; do printf '%s|' \"$f\"; done; printf '%q\\n' *\n\
        cat \"$0\" | head -c 9 | od -An -tx1\n";
    let arg = std::ffi::OsStr::from_bytes(b"\xe9t\xe9");
    let value = std::ffi::OsStr::from_bytes(b"v\xfe");
    let mut outputs = Vec::new();
    // toolsh takes the host's environment only when told to.
    for (shell, inherit) in [("bash", &[][..]), (env!("CARGO_BIN_EXE_toolsh"), &["--inherit-env"][..])] {
        let dir = tempfile::tempdir().expect("tempdir");
        std::fs::write(dir.path().join("bytes.sh"), script).expect("write");
        let file = Command::new(shell)
            .args(inherit)
            .arg("bytes.sh")
            .arg(arg)
            .env_clear()
            .env("V", value)
            .current_dir(dir.path())
            .output()
            .expect("run");
        let inline = Command::new(shell)
            .arg("-c")
            .arg(std::ffi::OsStr::from_bytes(b"echo \xe9 \"$1\"; x=$'\\xc3\\xa9\\xff'; echo ${#x} \"$x\""))
            .arg("n")
            .arg(arg)
            .current_dir(dir.path())
            .output()
            .expect("run");
        let mut names: Vec<Vec<u8>> = std::fs::read_dir(dir.path())
            .expect("list")
            .map(|entry| entry.expect("entry").file_name().as_bytes().to_vec())
            .collect();
        names.sort();
        let copy = std::fs::read(dir.path().join("copy")).expect("copy");
        outputs.push((file.stdout, file.status.code(), inline.stdout, inline.status.code(), names, copy));
    }
    assert_eq!(outputs[1], outputs[0], "toolsh (left) and bash (right)");
    assert_eq!(outputs[0].5, b"\xff\x00z");
    // And a word that is not UTF-8 naming a script that is not there: bash's 127, no panic.
    let (_, err, status) = run(toolsh().arg("--memory").arg(arg), "");
    assert_eq!(status, 127, "a script named so is not found: {err}");
}

/// `-n` names the file its syntax error is in, as a run of the file does and as `bash -n` does.
#[test]
fn a_syntax_check_names_the_file() {
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::write(dir.path().join("bad.sh"), "echo ok\nif then\n").expect("write");
    let (out, err, status) = run(toolsh().current_dir(dir.path()).args(["-n", "bad.sh"]), "");
    assert_eq!((out.as_str(), status), ("", 2));
    assert!(err.starts_with("bad.sh: line 2: syntax error near unexpected token `then'"), "{err}");
}

#[test]
fn awk_stops_at_the_deadline_and_recurses_deeply() {
    // The program runs on its own thread; the deadline still ends it.
    let (_, err, status) =
        run(toolsh().args(["--memory", "--timeout", "0.3", "-c", "awk 'BEGIN { while (1) n++ }'"]), "");
    assert_eq!(status, 124, "{err}");
    // Deep recursion in an awk function has the stack it needs, and too deep is an error.
    let deep = "awk 'function f(n) { return n ? 1 + f(n - 1) : 0 } BEGIN { print f(9000) }'";
    let (out, err, status) = run(toolsh().args(["--memory", "-c", deep]), "");
    assert_eq!((out.as_str(), status), ("9000\n", 0), "{err}");
    let deeper = "awk 'function f(n) { return f(n + 1) } BEGIN { f(0) }'";
    let (_, err, status) = run(toolsh().args(["--memory", "-c", deeper]), "");
    assert_eq!(status, 2);
    assert!(err.contains("nested deeper"), "{err}");
    // An awk program reading standard input from the shell's own stdin.
    let (out, _, status) = run(toolsh().args(["--memory", "-c", "awk '{ s += $1 } END { print s }'"]), "1\n2\n3\n");
    assert_eq!((out.as_str(), status), ("6\n", 0));
}

#[test]
fn an_endless_writer_into_memory_or_a_whole_read_ends_at_its_budget() {
    // A memory workspace is a disk of --memory-size bytes: `yes > f` ends with ENOSPC.
    let script = "yes > f; echo status $?; wc -c < f; rm f; echo small > g && cat g";
    let (out, err, status) = run(toolsh().args(["--memory", "--memory-size", "64K", "-c", script]), "");
    assert_eq!(status, 0, "{err}");
    assert!(err.contains("yes: write error: No space left on device"), "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "status 1");
    let size: u64 = lines[1].trim().parse().unwrap_or(u64::MAX);
    assert!(size <= 64 * 1024, "{out}");
    assert_eq!(lines[2], "small");
    // A command that reads a pipe whole stops at --limit input-bytes.
    let args = ["--memory", "--limit", "input-bytes=100000", "-c", "yes | sort | head -1"];
    let (out, err, status) = run(toolsh().args(args), "");
    assert_eq!((out.as_str(), status), ("", 0), "{err}");
    assert!(err.contains("sort: cannot read: -: input larger than 100000 bytes"), "{err}");
    let (_, err, status) = run(toolsh().args(["--memory-size", "lots", "-c", "true"]), "");
    assert_eq!(status, 2);
    assert!(err.contains("--memory-size: `lots` is not a size"), "{err}");
}

#[test]
fn version_is_answered() {
    // `--version` was listed in `--help` and refused as an unknown option.
    for flag in ["--version", "-V"] {
        let (out, err, status) = run(toolsh().arg(flag), "");
        assert_eq!((out.as_str(), status), (concat!("toolsh ", env!("CARGO_PKG_VERSION"), "\n"), 0), "{err}");
    }
}

/// Runs `script` as a file with real bash and with toolsh (both as `NAME ARGS`, as standard
/// input, and sourced from a line), and compares what each wrote to stdout and its status.
fn same_as_bash(script: &str, args: &[&str]) {
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::write(dir.path().join("s.sh"), script).expect("write");
    let mut bash = Command::new("/bin/bash");
    bash.env_clear().env("PATH", "/usr/bin:/bin").current_dir(dir.path());
    let forms: [(Vec<&str>, &str, &str); 3] = [
        ([vec!["s.sh"], args.to_vec()].concat(), "", "file"),
        (vec![], script, "stdin"),
        (vec!["-c", "source ./s.sh; echo \"sourced: $?\""], "", "source"),
    ];
    for (argv, stdin, form) in forms {
        let (bash_out, _, bash_status) = run(bash.args(&argv), stdin);
        bash = Command::new("/bin/bash");
        bash.env_clear().env("PATH", "/usr/bin:/bin").current_dir(dir.path());
        let (out, err, status) = run(toolsh().current_dir(dir.path()).args(&argv), stdin);
        assert_eq!((out.as_str(), status), (bash_out.as_str(), bash_status), "{form} of {script:?}: {err}");
    }
}

#[test]
fn scripts_run_one_complete_command_at_a_time_as_bash_runs_them() {
    // A syntax error ends the script with 2 after the commands before it ran.
    same_as_bash("echo one\nif true; then echo two; fi\nfi\necho never\n", &[]);
    // A zsh-only branch bash never takes, and a bad substitution that drops the rest of its line.
    same_as_bash(
        "if [ -n \"$ZSH_VERSION\" ]; then me=${(%):-%x}; fi\necho a; echo ${(%):-%x}; echo same\necho b\n",
        &[],
    );
    // An arithmetic error, a readonly assignment and a failed glob likewise.
    same_as_bash("echo $((1+)); echo same\necho after $?\nreadonly r=1\nr=2; echo same\necho end\n", &[]);
    // Case toggling, `{` in a pattern, here-documents and continued lines across commands.
    same_as_bash("x=aBc; echo ${x~~} ${x~} ${1~~}\ny='{z}'; echo ${y#{}\ncat <<E\n$x\nE\necho a \\\n  b\n", &["Arg"]);
    // The last command's status is the script's.
    same_as_bash("echo a\nfalse\n", &[]);
}

/// `BASH_ARGV` and `BASH_ARGC` outside extended debugging: the script's arguments, last
/// first, at the top and inside functions (sourcing is left out: bash then pushes the file's
/// name and never pops it, docs/deviations.md).
#[test]
fn bash_argv_holds_the_scripts_arguments() {
    let script = "echo \"[${BASH_ARGV[*]}] [${BASH_ARGC[*]}] ${#BASH_ARGV[@]}\"\nf() { echo \"f [${BASH_ARGV[*]}] [${BASH_ARGC[*]}] ${BASH_ARGV[0]}\"; }\nf x y z\n";
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::write(dir.path().join("s.sh"), script).expect("write");
    for args in [&["s.sh", "a", "b"][..], &["s.sh"], &["-c", script, "name", "p", "q"]] {
        let mut bash = Command::new("/bin/bash");
        bash.env_clear().env("PATH", "/usr/bin:/bin").current_dir(dir.path());
        let expected = run(bash.args(args), "");
        let (out, err, status) = run(toolsh().current_dir(dir.path()).args(args), "");
        assert_eq!((out.as_str(), status), (expected.0.as_str(), expected.2), "{args:?}: {err}");
    }
}

/// An expansion error that ends the shell exits 1 from a file or standard input (127 for `-c`
/// text, which the compat cases hold), in a function, `eval`, arithmetic and `let` alike.
#[test]
fn expansion_errors_end_a_script_with_1() {
    same_as_bash("echo a\necho ${x:?need x}\necho never\n", &[]);
    same_as_bash("set -u\nf() { echo $u; }\nf\necho never\n", &[]);
    same_as_bash("set -u\neval 'echo $((y + 5))'\necho never\n", &[]);
    same_as_bash("set -u\n(( z + 1 )) || echo no\necho never\n", &[]);
    same_as_bash("set -u\nlet 'q = w + 1'\necho never\n", &[]);
    same_as_bash("set -u\n(echo $u)\necho after $?\n", &[]);
}

/// `return` at a script's top level is refused (status 2) and the script goes on.
#[test]
fn return_outside_a_function_in_a_script() {
    same_as_bash("return 2>/dev/null\necho \"after $?\"\nf() { eval return 4; }\nf\necho $?\n", &[]);
}

#[test]
fn the_policy_file_mounts_directories_relative_to_the_workspace_and_the_flag_wins() {
    let root = tempfile::tempdir().expect("tempdir");
    let other = tempfile::tempdir().expect("tempdir");
    #[allow(clippy::disallowed_methods)] // the test lays out the host directories
    {
        std::fs::create_dir(root.path().join("shared")).expect("mkdir");
        std::fs::write(root.path().join("shared/f"), "from the file's mount\n").expect("write");
        std::fs::write(other.path().join("f"), "from the flag's mount\n").expect("write");
        std::fs::write(root.path().join("toolsh.toml"), "[mount]\n\"/srv\" = \"shared:ro\"\n\"/opt\" = \"shared\"\n")
            .expect("write toolsh.toml");
    }
    let root_arg = root.path().display().to_string();
    let flag = format!("/opt={}", other.path().display());
    let script = "cat /srv/f /opt/f; echo x > /srv/g; echo \"status $?\"";
    let (out, err, status) = run(toolsh().args(["--root", &root_arg, "--mount", &flag, "-c", script]), "");
    assert_eq!((out.as_str(), status), ("from the file's mount\nfrom the flag's mount\nstatus 1\n", 0), "{err}");
    assert!(err.contains("Read-only file system"), "{err}");
}

/// The allocator's first arena is the small one `toolsh_alloc` asks for (its bitmaps cost
/// start-up page faults), read from mimalloc's own statistics (what it reserved: the arena and
/// its page map), so a renumbered option in a new mimalloc, or a constructor the linker
/// dropped, fails here; a size set in the environment is kept.
#[test]
fn the_first_arena_is_small() {
    let reserved_mib = |env: &[(&str, &str)]| -> f64 {
        let (_, err, status) = run(
            toolsh().env("MIMALLOC_SHOW_STATS", "1").envs(env.iter().copied()).args(["--memory", "-c", "true"]),
            "",
        );
        assert_eq!(status, 0, "{err}");
        let line = err.lines().find(|l| l.trim_start().starts_with("reserved")).unwrap_or_default();
        let words: Vec<&str> = line.split_whitespace().collect();
        let scale = match words.get(3) {
            Some(&"MiB") => 1.0,
            Some(&"GiB") => 1024.0,
            _ => panic!("no statistics: {err}"),
        };
        words.get(2).and_then(|w| w.parse::<f64>().ok()).expect("a size") * scale
    };
    let default = reserved_mib(&[]);
    assert!((64.0..80.0).contains(&default), "reserved {default} MiB");
    let chosen = reserved_mib(&[("MIMALLOC_ARENA_RESERVE", "256MiB")]);
    assert!((256.0..272.0).contains(&chosen), "reserved {chosen} MiB");
    // mimalloc's own default, asked for by name, is kept too.
    let chosen = reserved_mib(&[("MIMALLOC_ARENA_RESERVE", "1GiB")]);
    assert!((1024.0..1100.0).contains(&chosen), "reserved {chosen} MiB");
}

/// A job still running when the `-c` text or the script ends writes its output before the
/// process ends, as bash's jobs (which outlive bash) write to a captured stream; the status is
/// the script's. `--timeout` still bounds the wait.
#[test]
fn background_jobs_still_running_at_the_end_write_their_output() {
    let script = "echo a &\n(sleep 0.2; echo late) &\necho first\nexit 3\n";
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::write(dir.path().join("s.sh"), script).expect("write");
    for args in [&["s.sh"][..], &["-c", script]] {
        let mut bash = Command::new("/bin/bash");
        bash.env_clear().env("PATH", "/usr/bin:/bin").current_dir(dir.path());
        let (expected, _, expected_status) = run(bash.args(args), "");
        let (out, err, status) = run(toolsh().current_dir(dir.path()).args(args), "");
        let sorted = |text: &str| {
            let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
            lines.sort();
            lines
        };
        // The order of `a` and `first` is a race in bash too.
        assert_eq!((sorted(&out), status), (sorted(&expected), expected_status), "{args:?}: {err}");
        assert!(out.ends_with("late\n"), "{out}");
    }
    let started = std::time::Instant::now();
    let (_, _, status) = run(toolsh().args(["--timeout", "1", "-c", "sleep 30 &"]), "");
    assert_eq!(status, 0);
    assert!(started.elapsed() < std::time::Duration::from_secs(10));
}

/// A process ends with its coprocesses as bash's does: its ends of their pipes close, so one
/// reading its input sees the end of it and one writing to it has no reader (the process does
/// not wait for them forever); after `exit` too.
#[test]
fn coprocesses_end_with_the_shell_that_started_them() {
    for text in ["coproc cat; coproc Y { yes; }; echo done", "coproc C { cat; }; exec 5>&${C[1]}; echo done; exit 3"] {
        let started = std::time::Instant::now();
        let (out, err, status) = run(toolsh().args(["--timeout", "20", "-c", text]), "");
        assert_eq!(out, "done\n", "{text}: {err}");
        assert_eq!(status, if text.ends_with("exit 3") { 3 } else { 0 });
        assert!(started.elapsed() < std::time::Duration::from_secs(5), "{text}: took {:?}", started.elapsed());
    }
}

/// The shell's messages and its builtins' carry bash's prefix, `FILE: line N: ` (the sourced
/// file's name inside it), and a syntax error repeats its line: checked against bash on one
/// script that trips most kinds of message and goes on.
#[test]
fn messages_name_the_file_and_line_as_bash_does() {
    let dir = tempfile::tempdir().expect("tempdir");
    let script = "echo start\nnosuch arg\ncd /nonexistent-dir\nreadonly r=1\nr=2\nread -t x v\ndeclare -Q\n\
                  getopts ab o -z\nf() {\n  printf '%d\\n' notanumber\n}\nf\n[ 1 -eq ]\nsource ./lib.sh\nshift 1 2\n\
                  for i in 1; do (( 1/0 )); done\necho ${unset_var:?is required}\necho never\n";
    std::fs::write(dir.path().join("main.sh"), script).expect("write");
    std::fs::write(dir.path().join("lib.sh"), "echo in lib\n\nbadcmd\n").expect("write");
    std::fs::write(dir.path().join("bad.sh"), "echo ok\nif then\n").expect("write");
    for file in ["main.sh", "bad.sh"] {
        let bash = Command::new("bash").arg(file).current_dir(dir.path()).env_clear().output().expect("bash");
        let (out, err, status) = run(toolsh().current_dir(dir.path()).arg(file), "");
        let expected = String::from_utf8_lossy(&bash.stderr);
        // bash words an arithmetic error's text with the blanks around it; the prefix is what is checked here.
        let err = err.replace(
            "((: 1/0: division by 0 (error token is \"0\")",
            "((: 1/0 : division by 0 (error token is \"0 \")",
        );
        assert_eq!(
            (out.as_str(), err.as_str(), status),
            (&*String::from_utf8_lossy(&bash.stdout), &*expected, bash.status.code().unwrap_or(-1)),
            "{file}"
        );
    }
}

/// bash's own options on the command line (`toolsh -e script`, `-o pipefail`, `+B`, `-O
/// dotglob`) apply before anything runs, as bash's do; the same words given to bash print the
/// same. A name that is no option is refused before anything runs.
#[test]
fn bash_options_on_the_command_line() {
    let script = "echo \"$- ${SHELLOPTS}\"; shopt dotglob nullglob || :; echo {a,b}; false | true; echo \"pipe $?\"; false; echo after";
    let cases: [&[&str]; 5] = [
        &["-e"],
        &["-o", "pipefail", "-u"],
        &["+B", "-O", "dotglob", "-eo", "pipefail"],
        &["-x", "+O", "dotglob", "-O", "nullglob"],
        &["-euf", "+e"],
    ];
    for options in cases {
        let argv: Vec<&str> = [options, &["-c", script]].concat();
        let mut bash = Command::new("/bin/bash");
        bash.env_clear().env("PATH", "/usr/bin:/bin");
        let (bash_out, bash_err, bash_status) = run(bash.args(&argv), "");
        let (out, err, status) = run(toolsh().arg("--memory").args(&argv), "");
        assert_eq!((out.as_str(), status), (bash_out.as_str(), bash_status), "{options:?}: {err}");
        // `set -x`'s trace, without the prefix each shell names itself by; its lines as a set,
        // since bash's pipeline stages trace as they run, in either order.
        let lines = |text: &str| {
            let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
            lines.sort();
            lines
        };
        assert_eq!(lines(&err.replace("toolsh", "bash")), lines(&bash_err), "{options:?}");
    }
    let (_, err, status) = run(toolsh().args(["--memory", "-o", "nope", "-c", "echo ran"]), "");
    assert_eq!(status, 2);
    assert!(err.starts_with("toolsh: -o nope: invalid option name"), "{err}");
    let (out, err, status) = run(toolsh().args(["--memory", "-y", "-c", "echo ran"]), "");
    assert_eq!((out.as_str(), status), ("", 2), "{err}");
}

/// A regular file on standard input is left just after what the commands took, as GNU's
/// tools and bash's `read` leave it: the next process reading the same descriptor goes on
/// from there (`{ toolsh -c 'head -n1'; head -n1; } < file`, a `while read` loop calling
/// toolsh). Bash runs the same lines with GNU's tools as the oracle.
#[test]
fn a_file_on_standard_input_is_given_back_past_what_was_taken() {
    let dir = tempfile::tempdir().expect("tempdir");
    let lines: String = (1..=20000).map(|n| format!("{n}\n")).collect();
    std::fs::write(dir.path().join("nums"), lines).expect("write");
    std::fs::write(dir.path().join("four"), "1\n2\n3\n4\n").expect("write");
    let toolsh = env!("CARGO_BIN_EXE_toolsh");
    let scripts = [
        "{ T -c 'head -n1'; head -n2; } < nums",
        "{ T -c 'grep -m1 5'; head -n1; } < nums",
        "{ T -c 'read x; echo \"got $x\"; read y; echo \"got $y\"'; head -n1; } < nums",
        "{ T -c 'cat > /dev/null'; wc -c; } < nums",
        "{ T -c 'echo none read'; head -n1; } < nums",
        "while read l; do echo \"loop $l\"; T -c 'read x; echo \" inner $x\"'; done < four",
    ];
    for script in scripts {
        let run = |program: &str| {
            let text = script.replace("T -c", &format!("{program} -c"));
            let out = Command::new("/bin/bash")
                .args(["-c", &text])
                .env_clear()
                .env("PATH", "/usr/bin:/bin")
                .env("HOME", crate::support::test_home())
                .current_dir(dir.path())
                .output()
                .expect("bash");
            (String::from_utf8_lossy(&out.stdout).into_owned(), String::from_utf8_lossy(&out.stderr).into_owned())
        };
        let (bash_out, _) = run("/bin/bash");
        let (out, err) = run(toolsh);
        assert_eq!(out, bash_out, "{script}: {err}");
    }
}

/// A `bash` whose BASH_ENV starts `bash` again recurses, as bash's does, until the call-depth
/// limit stops it, named: the process is not aborted by its stack running out (the shell runs
/// on a thread with a deep stack).
#[test]
fn a_bash_env_that_starts_bash_stops_at_the_call_depth_limit() {
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::write(dir.path().join("env.sh"), "echo read; bash -c true\n").expect("write");
    let script = "export BASH_ENV=$PWD/env.sh; bash -c 'echo inner'";
    let (out, err, status) = run(toolsh().current_dir(dir.path()).args(["-c", script]), "");
    assert_eq!(status, 124, "{err}");
    assert!(err.contains("limit exceeded: call depth"), "{err}");
    assert!(out.starts_with("read\nread\n"), "{out}");
}
