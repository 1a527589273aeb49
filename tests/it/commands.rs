//! Commands against their spec: every command answers `--help` with the help its spec writes
//! (on stdout, status 0; 2 for bash's builtins, as bash's; `echo --help` prints it), recorded in
//! `tests/snapshots/commands/` (re-recorded with `TOOLSH_BLESS=1`), and refuses an unknown option
//! as its real counterpart does — the host tool's message, hint and status — with nothing done.

use std::path::PathBuf;
use std::process::Command;
use toolsh::builtins::spec::{Order, Words};
use toolsh::{ExecOutcome, Shell};

fn exec(shell: &mut Shell, src: &str) -> ExecOutcome {
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().expect("runtime");
    runtime.block_on(shell.exec(src))
}

/// Commands whose refusal is not compared with the host's, and why.
const NOT_COMPARED: &[(&str, &str)] = &[
    ("jq", "its words follow jq 1.7; the host has 1.6 (the status is compared)"),
    ("xxd", "vim's xxd reads `--no-such-option` as `-n` (a C variable name) and dumps the file"),
    ("rg", "ripgrep's words are its argument parser's (clap), not GNU's (the status is compared)"),
    ("fg", "without job control bash says so before it reads a word (the status is compared)"),
    ("bg", "without job control bash says so before it reads a word (the status is compared)"),
];

#[test]
fn every_command_answers_help() {
    let mut shell = Shell::builder().build();
    let mut failures = Vec::new();
    for builtin in toolsh::builtins::all() {
        let spec = builtin.spec;
        let out = exec(&mut shell, &format!("{} --help", builtin.name));
        let text = out.stdout_text();
        if spec.order == Order::Literal {
            // `echo --help` prints it, `true --help` succeeds, `[ --help` lacks its `]`: bash's rules.
            let expected = if builtin.name == "echo" { "--help\n" } else { "" };
            let status = match builtin.name {
                "false" => 1,
                "[" => 2,
                _ => 0,
            };
            if text != expected || out.status != status {
                failures.push(format!("{}: {:?} status {}", builtin.name, text, out.status));
            }
            continue;
        }
        // bash's builtins answer with their help and status 2, as bash's do.
        if out.status != spec.help_status() || text != spec.help() {
            failures.push(format!("{}: status {}, {:?} {:?}", builtin.name, out.status, text, out.stderr_text()));
        }
        snapshot(builtin.name, &text);
    }
    assert!(failures.is_empty(), "commands whose --help is not their spec's:\n{}", failures.join("\n"));
}

/// `--version` is one mechanism from the table: every command that reads options answers
/// `NAME (toolsh) VERSION` (GNU's first-line form, naming toolsh as the package) and succeeds,
/// doing nothing else; bash's builtins refuse it as bash's do, and `echo` prints it.
#[test]
fn every_command_with_options_answers_version() {
    let mut shell = Shell::builder().build();
    let mut failures = Vec::new();
    for builtin in toolsh::builtins::all() {
        let spec = builtin.spec;
        let out = exec(&mut shell, &format!("{} --version", builtin.name));
        let first = out.stdout_text().lines().next().unwrap_or_default().to_string();
        // `egrep` answers as grep, as GNU's egrep says it is grep.
        let names = [Some(builtin.name), Some(spec.name), spec.variant_of];
        let said = |name: &str| first == format!("{name} (toolsh) {}", env!("CARGO_PKG_VERSION"));
        let answers = names.into_iter().flatten().any(said) && out.status == 0;
        if answers != spec.answers_version() {
            failures.push(format!("{}: {first:?} status {}", builtin.name, out.status));
        }
    }
    assert!(failures.is_empty(), "commands whose --version is not the table's:\n{}", failures.join("\n"));
    let out = exec(&mut shell, "echo --version; cd --version; echo $?; touch f; rm --version f; ls f");
    assert_eq!(out.stdout_text().lines().collect::<Vec<_>>()[..2], ["--version", "2"]);
    assert!(out.stdout_text().ends_with("f\n"), "rm --version removes nothing: {:?}", out.stdout_text());
    assert!(matches!(spec_of("cd").words, Words::Bash) && !spec_of("cd").answers_version());
}

fn spec_of(name: &str) -> &'static toolsh::builtins::spec::Spec {
    toolsh::builtins::lookup(name).expect("a command").spec
}

fn snapshot(name: &str, actual: &str) {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/snapshots/commands").join(format!("{name}.txt"));
    if std::env::var_os("TOOLSH_BLESS").is_some() {
        std::fs::create_dir_all(path.parent().expect("parent")).expect("mkdir");
        std::fs::write(&path, actual).expect("write snapshot");
        return;
    }
    let expected = std::fs::read_to_string(&path).unwrap_or_default();
    assert_eq!(actual, expected, "snapshot commands/{name}.txt differs (TOOLSH_BLESS=1 re-records it)");
}

#[test]
fn unknown_options_are_refused_as_gnu_refuses_them() {
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::write(dir.path().join("keep"), "kept\n").expect("write");
    let mut failures = Vec::new();
    // Commands reading their words themselves (set, let, echo, eval…) have no options to refuse.
    for builtin in toolsh::builtins::all().iter().filter(|b| !matches!(b.spec.order, Order::Own | Order::Literal)) {
        for bad in ["--no-such-option", "--no-such-option=1"] {
            let line = format!("{} {bad} keep", builtin.name);
            let gnu = Command::new("bash").arg("-c").arg(&line).current_dir(dir.path()).output().expect("bash");
            let ours = Command::new(env!("CARGO_BIN_EXE_toolsh"))
                .args(["--root", &dir.path().to_string_lossy(), "--store"])
                .arg(dir.path().join(".store.db"))
                .args(["-c", &line])
                .env_clear()
                .env("HOME", crate::support::test_home())
                .current_dir(dir.path())
                .output()
                .expect("toolsh");
            let (gnu_err, our_err) =
                (String::from_utf8_lossy(&gnu.stderr).into_owned(), String::from_utf8_lossy(&ours.stderr).into_owned());
            // A command of toolsh's own (msg, meta) has no host counterpart: it must still refuse.
            let own = gnu.status.code() == Some(127);
            let refused = ours.status.code().is_some_and(|c| c != 0) && our_err.contains(bad);
            // The message and the hint line; a help text that follows (sed's) is the spec's own.
            let said = |text: &str| -> Vec<String> {
                let lines: Vec<&str> = text.lines().collect();
                let hint =
                    lines.iter().skip(1).find(|l| ["Try '", "try '", "Try `"].iter().any(|t| l.contains(t))).copied();
                lines.first().copied().into_iter().chain(hint).map(str::to_string).collect()
            };
            let exempt = NOT_COMPARED.iter().find(|(name, _)| *name == builtin.name);
            let same = match exempt {
                Some(("xxd", _)) => refused,
                Some(_) => gnu.status.code() == ours.status.code(),
                // bash's builtins: bash prefixes its messages with where it read the line.
                None if matches!(builtin.spec.words, Words::Bash) => gnu.status.code() == ours.status.code() && refused,
                None => gnu.status.code() == ours.status.code() && said(&gnu_err) == said(&our_err),
            };
            if (own && !refused) || (!own && !same) {
                failures.push(format!(
                    "{line}: GNU {:?} {gnu_err:?}, toolsh {:?} {our_err:?}",
                    gnu.status.code(),
                    ours.status.code()
                ));
            }
        }
    }
    assert_eq!(std::fs::read_to_string(dir.path().join("keep")).expect("kept"), "kept\n", "nothing was done");
    assert!(failures.is_empty(), "refused differently from GNU:\n{}", failures.join("\n"));
}

/// A long option may be shortened to any prefix getopt finds unambiguous in the real program's
/// table (`--help` and `--version` included), and an ambiguous one is refused with the same
/// possibilities in the same order: for every command on the host, every one-letter prefix the
/// host's tool calls ambiguous is refused with the host's first line, and `--vers` answers as
/// the host's does (the version, or a refusal where it is ambiguous).
#[test]
fn long_option_prefixes_are_read_as_gnu_reads_them() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut shell = Shell::builder().build();
    let mut failures = Vec::new();
    // Programs whose parser is not getopt's (curl, less), or that run an endless or timed
    // command (yes, sleep), or whose name here is bash's builtin or keyword.
    let skip =
        ["yes", "sleep", "timeout", "nohup", "xargs", "env", "tail", "cat", "tee", "watch", "find", "curl", "less"];
    for builtin in toolsh::builtins::all() {
        let name = builtin.name;
        let host = ["/usr/bin", "/bin"].iter().any(|d| std::path::Path::new(d).join(name).exists());
        if !host || skip.contains(&name) || matches!(builtin.spec.order, Order::Own | Order::Literal) {
            continue;
        }
        if matches!(builtin.spec.words, Words::Bash) {
            continue;
        }
        let prefixes = ('a'..='z').map(|c| format!("--{c}")).chain(["--vers".to_string()]);
        for prefix in prefixes {
            let gnu = Command::new(name)
                .arg(&prefix)
                .env("LC_ALL", "C")
                .current_dir(dir.path())
                .stdin(std::process::Stdio::null())
                .output();
            let Ok(gnu) = gnu else { continue };
            let gnu_first = String::from_utf8_lossy(&gnu.stderr).lines().next().unwrap_or_default().to_string();
            let version = String::from_utf8_lossy(&gnu.stdout).lines().next().is_some_and(|l| l.starts_with(name));
            let ambiguous = gnu_first.contains("is ambiguous; possibilities:");
            if !(ambiguous || (prefix == "--vers" && version)) {
                continue;
            }
            let ours = exec(&mut shell, &format!("{name} {prefix} </dev/null"));
            let our_first = ours.stderr_text().lines().next().unwrap_or_default().to_string();
            let same = if ambiguous {
                our_first == gnu_first && ours.status == gnu.status.code().unwrap_or(-1)
            } else {
                ours.status == 0 && ours.stdout_text().starts_with(&format!("{name} (toolsh) "))
            };
            if !same {
                failures.push(format!("{name} {prefix}: GNU {gnu_first:?}, toolsh {our_first:?} ({})", ours.status));
            }
        }
    }
    assert!(failures.is_empty(), "prefixes read differently from GNU:\n{}", failures.join("\n"));
}

/// The workspace's one user and group is the agent: chown/chgrp to it (by name or number)
/// succeed and change nothing; any other owner does not exist here, as `id` says.
#[test]
fn ownership_belongs_to_the_agent_alone() {
    let mut shell = Shell::builder().build();
    let out = exec(
        &mut shell,
        "me=$(id -un); touch f; mkdir -p d/e; chown -v \"$me\" f; chown \"$me:$me\" f && chown 1000:1000 f && echo same; \
         chgrp -v \"$me\" f; chown -Rv \"$me\" d; stat -c '%U:%G' f",
    );
    let me = exec(&mut shell, "id -un").stdout_text().trim().to_string();
    assert_eq!(
        out.stdout_text(),
        format!(
            "ownership of 'f' retained as {me}\nsame\ngroup of 'f' retained as {me}\nownership of 'd' retained as \
             {me}\nownership of 'd/e' retained as {me}\n{me}:{me}\n"
        )
    );
    assert_eq!(out.status, 0);
    for (line, message) in [
        ("chown root f", "chown: invalid user: ‘root’\n"),
        ("chgrp wheel f", "chgrp: invalid group: ‘wheel’\n"),
        ("chown \"$(id -un)\":staff f", "chown: invalid group: ‘"),
        ("chown \"$(id -un)\" missing", "chown: cannot access 'missing': No such file or directory\n"),
    ] {
        let out = exec(&mut shell, line);
        assert_eq!(out.status, 1, "{line}");
        assert!(String::from_utf8_lossy(&out.stderr).starts_with(message), "{line}: {:?}", out.stderr);
    }
}

/// `df` shows a directory mount as the host file system it lies on: the figures that do not
/// move between two runs (size, inodes) are GNU df's own for the same directory, in every
/// scale; memory mounts show the session's memory budget.
#[test]
fn df_reports_the_file_system_a_mount_lies_on() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path().canonicalize().expect("canonical");
    // The header's words and the first row as printed.
    let split = |text: &str| {
        let mut lines = text.lines();
        let header: Vec<String> = lines.next().unwrap_or_default().split_whitespace().map(str::to_string).collect();
        (header, lines.next().unwrap_or_default().trim().to_string())
    };
    let gnu = |args: &str| {
        let out = Command::new("bash").arg("-c").arg(format!("df {args} .")).current_dir(&root).output().expect("df");
        split(&String::from_utf8_lossy(&out.stdout))
    };
    let ours = |args: &str| {
        let out = Command::new(env!("CARGO_BIN_EXE_toolsh"))
            .args(["--root", &root.to_string_lossy(), "--store"])
            .arg(root.join(".store.db"))
            .args(["-c", &format!("df {args} .")])
            .env_clear()
            .env("HOME", crate::support::test_home())
            .output()
            .expect("toolsh");
        assert_eq!(out.status.code(), Some(0), "df {args}: {:?}", out.stderr);
        split(&String::from_utf8_lossy(&out.stdout))
    };
    for scale in ["", "-h", "-H", "-k", "-BM", "-BK", "-B 1000", "-B 1536", "-B2K"] {
        // What does not move between two runs: the size and the inode count, as printed.
        for fields in ["--output=size", "--output=itotal"] {
            let args = format!("{scale} {fields}");
            assert_eq!(ours(&args), gnu(&args), "df {args}");
        }
        // The headers of every layout (used and free space move meanwhile).
        for layout in ["", "-T", "-P", "--output", "--output=size,used,avail,pcent"] {
            let args = format!("{scale} {layout}");
            assert_eq!(ours(&args).0, gnu(&args).0, "df {args}");
        }
    }
    for args in ["-i", "-hi", "-Ph", "-P"] {
        assert_eq!(ours(args).0, gnu(args).0, "df {args}");
    }
    let mut shell = Shell::builder().build();
    let out =
        exec(&mut shell, "df -T --output=source,fstype,size,used,target /tmp; df -t memory -x memory /tmp; echo $?");
    assert_eq!(
        out.stdout_text(),
        "Filesystem     Type   1K-blocks  Used Mounted on\nmemory         memory   1048576     0 /tmp\n1\n"
    );
}

/// `ulimit` reports the limits toolsh holds a session to, and lowers the ones a session can
/// lower (jobs at once, a line's wall time) for the rest of the session, never raising them.
#[test]
fn ulimit_reports_and_lowers_the_sessions_limits() {
    let mut shell = Shell::builder().build();
    let out = exec(&mut shell, "ulimit -n; ulimit -u; ulimit; ulimit -a | grep -c .");
    assert_eq!(out.stdout_text(), "1024\n64\nunlimited\n17\n");
    let out = exec(&mut shell, "ulimit -u 1; ulimit -u; ulimit -u 5; echo $?; ulimit -n 10; echo $?");
    assert_eq!(out.stdout_text(), "1\n1\n1\n");
    assert!(out.stderr_text().contains("max user processes: cannot modify limit: Operation not permitted"));
    let out = exec(&mut shell, "sleep 1 & sleep 1 & wait");
    assert!(out.stderr_text().contains("background jobs running at once"), "{:?}", out.stderr_text());
    // The line's wall time holds from the next line on, as `config set timeout-ms` does.
    assert_eq!(exec(&mut shell, "ulimit -t 1; ulimit -t").stdout_text(), "1\n");
    let out = exec(&mut shell, "sleep 3; echo not reached");
    assert_eq!(out.stdout_text(), "");
}
