//! Interpreter tests through the public `Shell` API: session state, limits, statuses.

use super::*;

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread().enable_all().build().expect("runtime")
}

fn run(src: &str) -> ExecOutcome {
    runtime().block_on(async { Shell::builder().build().exec(src).await })
}

fn run_with(limits: Limits, src: &str) -> ExecOutcome {
    runtime().block_on(async { Shell::builder().limits(limits).build().exec(src).await })
}

#[test]
fn echo_and_status() {
    let out = run("echo hello; false");
    assert_eq!(out.stdout_text(), "hello\n");
    assert_eq!(out.status, 1);
}

#[test]
fn session_state_persists_between_executions() {
    let rt = runtime();
    let mut shell = Shell::builder().build();
    rt.block_on(shell.exec("x=1; f() { echo \"f:$1:$x\"; }; mkdir /w; cd /w; set -o pipefail"));
    let out = rt.block_on(shell.exec("f a; pwd; false | true; echo $?"));
    assert_eq!(out.stdout_text(), "f:a:1\n/w\n1\n");
    assert_eq!(shell.cwd(), "/w");
    assert_eq!(shell.var("x").as_deref(), Some("1"));
}

#[test]
fn syntax_errors_run_nothing() {
    let rt = runtime();
    let mut shell = Shell::builder().build();
    let out = rt.block_on(shell.exec("echo ran > /marker\nif true; then"));
    assert_eq!(out.status, crate::status::USAGE);
    // bash names the line after the last for an end of file that came too soon.
    assert!(out.stderr_text().contains("line 3: syntax error: unexpected end of file"), "{}", out.stderr_text());
    assert!(!shell.vfs().exists("/marker"));
}

#[test]
fn limits_stop_with_status_124_and_name_the_limit() {
    let commands = Limits { commands: 50, ..Limits::default() };
    let out = run_with(commands, "while :; do true; done; echo never");
    assert_eq!(out.status, crate::status::LIMIT);
    assert!(out.stderr_text().contains("commands (at most 50)"), "{}", out.stderr_text());
    assert!(!out.stdout_text().contains("never"));

    let loops = Limits { loop_iterations: 10, ..Limits::default() };
    let out = run_with(loops, "for i in $(seq 100); do :; done");
    assert_eq!(out.status, crate::status::LIMIT);
    assert!(out.stderr_text().contains("loop iterations"));

    let output = Limits { output_bytes: 1000, ..Limits::default() };
    let out = run_with(output, "x=$(yes | head -c 5000); echo ${#x}");
    assert_eq!(out.status, crate::status::LIMIT);
    assert!(out.stderr_text().contains("output bytes"), "{}", out.stderr_text());

    let depth = Limits { call_depth: 20, ..Limits::default() };
    let out = run_with(depth, "f() { f; }; f");
    assert_eq!(out.status, crate::status::LIMIT);
    assert!(out.stderr_text().contains("call depth"));
}

#[test]
fn whole_input_reads_of_an_endless_pipe_end_in_an_error_at_the_input_limit() {
    // The deadline turns a command that streams after all (and so never ends) into a failure.
    let deadline = Some(std::time::Duration::from_secs(30));
    let input = Limits { input_bytes: 64 * 1024, wall_time: deadline, ..Limits::default() };
    // Every command that reads its standard input whole: the error names the limit, the
    // writer sees its reader go, and the line goes on.
    for reader in ["sort", "jq -s .", "tac", "bash", "tar -t", "shuf"] {
        let out = run_with(input, &format!("yes | {reader} >/dev/null; echo \"${{PIPESTATUS[*]}}\""));
        let err = out.stderr_text();
        assert!(err.contains("input-bytes limit"), "{reader}: {err}");
        assert!(out.stdout_text().starts_with("141 "), "{reader}: {}", out.stdout_text());
        assert_ne!(out.stdout_text().trim_end(), "141 0", "{reader}");
    }
    // Under the limit nothing changes, and a workspace file is not counted.
    let out = run_with(input, "seq 5000 | sort -n | tail -1; seq 20000 > big; sort -n big | tail -1");
    assert_eq!((out.stdout_text().as_str(), out.status), ("5000\n20000\n", 0), "{}", out.stderr_text());
}

#[test]
fn session_limit_spans_executions() {
    let rt = runtime();
    let limits = Limits { session_commands: 5, ..Limits::default() };
    let mut shell = Shell::builder().limits(limits).build();
    assert_eq!(rt.block_on(shell.exec("true; true; true")).status, 0);
    let out = rt.block_on(shell.exec("true; true; true"));
    assert_eq!(out.status, crate::status::LIMIT);
    assert!(out.stderr_text().contains("commands in this session"));
}

#[test]
fn wall_time_limit_keeps_partial_output() {
    let limits = Limits { wall_time: Some(std::time::Duration::from_millis(100)), ..Limits::default() };
    let out = run_with(limits, "echo started; sleep 10; echo never");
    assert_eq!(out.status, crate::status::LIMIT);
    assert_eq!(out.stdout_text(), "started\n");
    assert!(out.stderr_text().contains("wall time"));
}

#[test]
fn exit_ends_the_session_and_runs_the_exit_trap_once() {
    let rt = runtime();
    let mut shell = Shell::builder().build();
    let out = rt.block_on(shell.exec("trap 'echo bye' EXIT; echo hi; exit 3; echo never"));
    assert_eq!((out.stdout_text().as_str(), out.status), ("hi\nbye\n", 3));
    assert_eq!(shell.exit_status(), Some(3));
}

/// A session outlives its calls: `exit` ends its call's line, with its status, and the next
/// call's status is its own, whatever the one before asked for; the session's state stays.
#[test]
fn exit_ends_the_call_not_the_session_and_the_next_status_is_its_own() {
    let rt = runtime();
    let mut shell = Shell::builder().build();
    let out = rt.block_on(shell.exec("cd /tmp; x=kept; trap 'echo bye' EXIT; exit 3; echo never"));
    assert_eq!((out.stdout_text().as_str(), out.status), ("bye\n", 3));
    let out = rt.block_on(shell.exec("echo \"after $x $PWD\""));
    assert_eq!((out.stdout_text().as_str(), out.status), ("after kept /tmp\n", 0));
    assert_eq!(shell.exit_status(), None);
    // The trap ran once, with the exit that ended its shell.
    let out = rt.block_on(shell.exec("exit 0"));
    assert_eq!((out.stdout_text().as_str(), out.status), ("", 0));
    let out = rt.block_on(shell.exec("ls /no/such/dir"));
    assert_eq!(out.status, 2, "{}", out.stderr_text());
    let out = rt.block_on(shell.exec("test -f /no/such || exit 1"));
    assert_eq!(out.status, 1);
    let out = rt.block_on(shell.exec("true"));
    assert_eq!(out.status, 0);
}

#[test]
fn background_jobs_run_concurrently_and_wait_collects_them() {
    let out = run("(sleep 0.05; echo late) & echo early; wait; echo done");
    assert_eq!(out.stdout_text(), "early\nlate\ndone\n");
}

#[test]
fn unknown_commands_get_suggestions() {
    let out = run("ecoh hi");
    assert_eq!(out.status, crate::status::NOT_FOUND);
    assert!(out.stderr_text().contains("ecoh: command not found (did you mean: echo?)"), "{}", out.stderr_text());
    let out = run("deploy_app() { :; }; deploy_ap");
    assert!(out.stderr_text().contains("did you mean: deploy_app?"), "{}", out.stderr_text());
    let out = run("qqqqqqq");
    assert!(!out.stderr_text().contains("did you mean"));
}

#[test]
fn background_jobs_progress_during_busy_foreground_work() {
    let out = run("(echo bg-started) & for ((i=0;i<20000;i++)); do :; done; echo fg-done; wait");
    assert_eq!(out.stdout_text(), "bg-started\nfg-done\n");
}

/// The quick expansion answers exactly what the general path would, in every state that
/// changes an expansion (IFS, `set -u`, files a glob would match), and answers at all for
/// the shapes it exists for.
#[test]
fn quick_expansion_agrees_with_the_general_path() {
    use super::expand::Mode;
    let words = [
        "$x",
        "${x}",
        "$e",
        "$u",
        "a$x",
        "line$x",
        "\"line $x\"",
        "'q'$x",
        "$sp",
        "\"$sp\"",
        "$g",
        "\"$g\"",
        "$paren",
        "$colon",
        "\"$colon\"",
        "$tab",
        "${x%c}",
        "${x#a}",
        "${x%%bc}",
        "${x##z}",
        "${x%}",
        "${u%x}",
        "${x%\"c\"}",
        "${x%*}",
        "${x%$e}",
        "${sp#a }",
        "${g%a}",
        "$1",
        "$2",
        "\"$2\"",
        "$0",
        "$#",
        "$?",
        "${10}",
        "$11",
        "$r",
        "$a",
        "${a}",
        "${a[1]}",
        "$_",
        "$RANDOM",
        "$LINENO",
        "\"$@\"",
        "$*",
        "~",
        "~/d",
        "a~",
        "f*",
        "\"f*\"",
        "\"\"",
        "''",
        "$e$e",
        "\"$e\"",
        "a{b,c}",
        "$-",
        "$$",
        "${#x}",
        "${x:-d}",
        "x=$x",
        "$(echo c)",
    ];
    let states = ["", "set -u", "IFS=:", "IFS=", "unset IFS", "IFS=' a'"];
    let rt = runtime();
    let io = Io::new(Input::null(), Output::Null, Output::Null);
    let mut answered = std::collections::BTreeSet::new();
    for state in states {
        let mut shell = Shell::builder().build();
        let setup = "mkdir /d; cd /d; : > fa; : > fb; x=abc; e=; sp='a b'; g='f*'; paren='(p)'; colon=a:b; \
                     tab=$'a\\tb'; declare -n r=x; a=(one two); set -- one 'two words' 3 4 5 6 7 8 9 ten; true";
        let out = rt.block_on(shell.exec(&format!("{setup}; {state}")));
        assert_eq!(out.status, 0, "{state}: {}", out.stderr_text());
        for text in words {
            let script = crate::parser::parse(&format!(": {text}")).expect("parses");
            let Some(crate::ast::Command::Simple(simple)) = script.body[0].and_or.first.commands.first() else {
                panic!("{text}: not a simple command")
            };
            let word = &simple.words[1];
            for mode in [Mode::Fields, Mode::String] {
                let Some(quick) = super::expand::quick::quick(&shell.interp.state, &word.parts, mode) else {
                    continue;
                };
                answered.insert((state, text, mode == Mode::Fields));
                let general = rt.block_on(shell.interp.expand_general(word, mode, &io));
                let quick = match mode {
                    Mode::Fields if !quick.field => Vec::new(),
                    _ => vec![quick.text],
                };
                assert_eq!(Ok(quick), general.map_err(|_| ()), "{text} under {state:?} in {mode:?}");
            }
        }
    }
    // The shapes the quick path exists for are answered by it.
    for text in ["$x", "\"line $x\"", "${x%c}", "${x#a}", "\"$2\"", "$e", "'q'$x"] {
        assert!(answered.contains(&("", text, true)), "{text} was not answered quickly");
    }
    assert!(answered.contains(&("", "$sp", false)), "an assignment's value is not split");
    // And what it must leave to the general path is not.
    for text in ["$sp", "$g", "\"$@\"", "$r", "$RANDOM", "$_", "~", "f*", "${x%*}", "a{b,c}"] {
        assert!(!answered.contains(&("", text, true)), "{text} was answered quickly");
    }
    assert!(!answered.contains(&("set -u", "$u", true)), "an unset variable under set -u");
    assert!(!answered.contains(&("IFS=:", "$colon", true)), "a value IFS splits");
}

#[test]
fn seconds_counts_on_from_an_assigned_value_across_lines() {
    let rt = runtime();
    let mut shell = Shell::builder().build();
    let out = rt.block_on(shell.exec("SECONDS=100; sleep 1.1; echo $SECONDS"));
    assert_eq!(out.stdout_text(), "101\n");
    // The next line counts on from the same assignment; unset, it is an ordinary variable.
    let out = rt.block_on(shell.exec("echo $((SECONDS >= 101)); unset SECONDS; SECONDS=5; sleep 1.1; echo $SECONDS"));
    assert_eq!(out.stdout_text(), "1\n5\n");
}

#[test]
fn shlvl_counts_from_the_embedders_and_the_user_home_stays() {
    let rt = runtime();
    let mut shell = Shell::builder().env("SHLVL", "4").env("HOME", "/home/agent").build();
    let out = rt.block_on(shell.exec("echo $SHLVL; HOME=/else; echo ~agent; unset HOME; echo ~ ~/x"));
    assert_eq!(out.stdout_text(), "5\n/home/agent\n/home/agent /home/agent/x\n");
}
