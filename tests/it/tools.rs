//! Tools as commands: argument forms, schema errors, usage generated from schemas (snapshots
//! in `tests/snapshots/`, re-recorded with `TOOLSH_BLESS=1`), discovery, aliases, and a tool
//! registered by an embedder.

use schemars::JsonSchema;
use serde::Deserialize;
use std::path::PathBuf;
use toolsh::tools::{SideEffect, ToolCx, ToolError, ToolOutput, ToolSpec, typed};
use toolsh::{ExecOutcome, Shell};

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread().enable_all().build().expect("runtime")
}

fn exec(shell: &mut Shell, src: &str) -> ExecOutcome {
    runtime().block_on(shell.exec(src))
}

fn fresh() -> Shell {
    let mut shell = Shell::builder().build();
    let out = exec(&mut shell, "mkdir /w && cd /w && printf 'one\\ntwo\\nthree\\n' > a.txt");
    assert_eq!(out.status, 0, "{}", out.stderr_text());
    shell
}

fn snapshot(name: &str, actual: &str) {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/snapshots").join(name);
    if std::env::var_os("TOOLSH_BLESS").is_some() {
        std::fs::create_dir_all(path.parent().expect("parent")).expect("mkdir");
        std::fs::write(&path, actual).expect("write snapshot");
        return;
    }
    let expected = std::fs::read_to_string(&path).unwrap_or_default();
    assert_eq!(actual, expected, "snapshot {name} differs (TOOLSH_BLESS=1 re-records it)");
}

#[test]
fn usage_of_every_tool_and_the_help_index() {
    let mut shell = fresh();
    let names = exec(&mut shell, "config tools --json | jq -r '.[].name'").stdout_text();
    assert!(names.lines().count() >= 9, "{names}");
    for name in names.lines() {
        let out = exec(&mut shell, &format!("{name} -h"));
        assert_eq!(out.status, 0);
        assert!(out.stdout_text().starts_with(&format!("usage: {name}")), "{}", out.stdout_text());
        assert_eq!(exec(&mut shell, &format!("{name} --help")).stdout, out.stdout);
        assert_eq!(exec(&mut shell, &format!("help {name}")).stdout, out.stdout);
        snapshot(&format!("usage/{name}.txt"), &out.stdout_text());
    }
    snapshot("help.txt", &exec(&mut shell, "help").stdout_text());
}

#[test]
fn arguments_by_flag_equals_json_and_position() {
    let mut shell = fresh();
    for line in [
        "fs.read --path a.txt",
        "fs.read --path=a.txt",
        "fs.read a.txt",
        "fs.read '{\"path\": \"a.txt\"}'",
        "fs.read --file a.txt",
        "read_file a.txt",
    ] {
        let out = exec(&mut shell, line);
        assert_eq!((out.stdout_text().as_str(), out.status), ("one\ntwo\nthree\n", 0), "{line}: {}", out.stderr_text());
    }
    let out = exec(&mut shell, "fs.read a.txt --offset 2 --limit=1");
    assert_eq!(out.stdout_text(), "two\n");
    let out = exec(&mut shell, "fs.list --all --no-recursive | jq -r '.[].name'");
    assert_eq!(out.stdout_text(), "a.txt\n");
    let out = exec(&mut shell, "fs.list --recursive=false | jq length");
    assert_eq!(out.stdout_text(), "1\n");
}

#[test]
fn standard_input_fills_the_text_property() {
    let mut shell = fresh();
    let out = exec(&mut shell, "printf 'piped\\n' | fs.write b.txt | jq -c .; cat b.txt");
    assert_eq!(out.stdout_text(), "{\"path\":\"b.txt\",\"bytes\":6}\npiped\n");
    let out = exec(&mut shell, "echo more | fs.write b.txt --mode append > /dev/null; cat b.txt");
    assert_eq!(out.stdout_text(), "piped\nmore\n");
}

#[test]
fn edits_replace_exactly_once_or_fail_without_writing() {
    let mut shell = fresh();
    let out =
        exec(&mut shell, "fs.write a.txt --mode edit --old-text two --new-text TWO | jq .replacements; cat a.txt");
    assert_eq!(out.stdout_text(), "1\none\nTWO\nthree\n");
    exec(&mut shell, "printf 'x x\\n' > x.txt");
    let out = exec(&mut shell, "fs.write x.txt --mode edit --old-text x --new-text y");
    assert_eq!(out.status, 1);
    assert!(out.stderr_text().contains("occurs 2 times"), "{}", out.stderr_text());
    let out =
        exec(&mut shell, "fs.write x.txt --mode edit --old-text x --new-text y --replace-all >/dev/null; cat x.txt");
    assert_eq!(out.stdout_text(), "y y\n");
    // A batch is all or nothing: the second edit fails, so the first is not written either.
    let batch = r#"fs.write a.txt --mode edit --edits '{"old_text":"one","new_text":"1"}' --edits '{"old_text":"nine","new_text":"9"}'"#;
    let out = exec(&mut shell, batch);
    assert_eq!(out.status, 1);
    assert!(out.stderr_text().contains("edit 2 of 2") && out.stderr_text().contains("nothing was written"));
    assert_eq!(exec(&mut shell, "cat a.txt").stdout_text(), "one\nTWO\nthree\n");
}

#[test]
fn schema_errors_exit_2_name_the_property_and_run_nothing() {
    let mut shell = fresh();
    let cases = [
        ("fs.write --path new.txt --content x --colour red", "unknown option --colour"),
        ("fs.read --pth a.txt", "did you mean --path?"),
        ("fs.read a.txt --offset two", "--offset: expected an integer, got 'two'"),
        ("fs.write --path new.txt --content x --mode wipe", "--mode: must be one of write|append|edit"),
        ("fs.read", "--path is required"),
        ("fs.write '{\"path\": \"new.txt\", \"content\": 3}'", "--content: expected string or null, got 3"),
        ("fs.write '{not json'", "not a JSON object"),
        ("fs.read a.txt b.txt", "unexpected argument 'b.txt'"),
    ];
    for (line, message) in cases {
        let out = exec(&mut shell, line);
        assert_eq!(out.status, 2, "{line}");
        let err = out.stderr_text();
        assert!(err.contains(message), "{line}: {err}");
        assert!(err.contains("usage: fs."), "{line}: usage missing: {err}");
        assert_eq!(out.stdout, b"", "{line}");
    }
    assert_eq!(exec(&mut shell, "test -e new.txt").status, 1, "nothing may be written");
}

#[test]
fn unknown_names_suggest_real_commands_and_tools() {
    let mut shell = fresh();
    let out = exec(&mut shell, "fs.raed a.txt");
    assert_eq!(out.status, 127);
    assert!(out.stderr_text().contains("did you mean: fs.read"), "{}", out.stderr_text());
    let out = exec(&mut shell, "fs.lst");
    assert!(out.stderr_text().contains("fs.list"), "{}", out.stderr_text());
}

#[test]
fn host_programs_are_named_as_such_and_no_guess_is_destructive() {
    let mut shell = fresh();
    for (line, instead) in [("git status", "diff -u"), ("ag TODO", "rg PATTERN"), ("npm test", "")] {
        let out = exec(&mut shell, line);
        let said = out.stderr_text();
        assert_eq!(out.status, 127, "{line}");
        assert!(said.contains("host programs run here only when the operator declares them"), "{line}: {said}");
        assert!(said.contains(instead), "{line}: names what does the job: {said}");
        assert!(!said.contains("did you mean"), "{line}: no guesses for a known program: {said}");
    }
    // A typo is never offered a destructive command, nor a tool by a loose likeness.
    let out = exec(&mut shell, "rn -rf x");
    assert!(!out.stderr_text().contains("rm"), "{}", out.stderr_text());
    let out = exec(&mut shell, "gets");
    assert!(!out.stderr_text().contains("meta.get"), "{}", out.stderr_text());
}

#[test]
fn discovery_ranks_tools_and_prints_schemas() {
    let mut shell = fresh();
    let out = exec(&mut shell, "config tools delete");
    assert!(out.stdout_text().starts_with("fs.delete"), "{}", out.stdout_text());
    let out = exec(&mut shell, "config tools fs.read --schema | jq -c '.required'");
    assert_eq!(out.stdout_text(), "[\"path\"]\n");
    let out = exec(&mut shell, "config tools nothing-like-this");
    assert_eq!(out.status, 1);
    let out = exec(&mut shell, "type fs.read rm");
    assert_eq!(
        out.stdout_text(),
        "fs.read is a tool (read_only): Read a file of the workspace.\nrm is a shell builtin (calls fs.delete)\n"
    );
    // Aliases are absorbed, never listed.
    assert!(!exec(&mut shell, "help; config tools").stdout_text().contains("read_file"));
}

/// Arguments of the embedder's tool.
#[derive(Deserialize, JsonSchema)]
struct ShoutArgs {
    /// What to shout.
    text: String,
    /// How many times.
    #[serde(default = "one")]
    times: u32,
}

fn one() -> u32 {
    1
}

#[test]
fn an_embedder_tool_is_a_command_behind_the_same_gate() {
    let spec = ToolSpec::new::<ShoutArgs>("demo.shout", "Shout a text.")
        .side_effect(SideEffect::ReadOnly)
        .subject("text", false)
        .stdin("text");
    let tool = typed(spec, |cx: ToolCx, args: ShoutArgs| async move {
        if args.text.is_empty() {
            return Err(ToolError::failed("nothing to shout"));
        }
        Ok(ToolOutput::Text(format!("{}: {}\n", cx.agent, args.text.to_uppercase().repeat(args.times as usize))))
    });
    let mut policy = toolsh::policy::Policy::default();
    policy.add(toolsh::policy::Verdict::Deny, "demo.shout:secret*", "/").expect("rule");
    let mut shell = Shell::builder().agent("alice").policy(policy).tool(tool).expect("register").build();
    let out = exec(&mut shell, "demo.shout hi --times 2; echo abc | demo.shout; demo.shout ''");
    assert_eq!(out.stdout_text(), "alice: HIHI\nalice: ABC\n\n");
    assert_eq!(out.status, 1);
    assert!(out.stderr_text().contains("nothing to shout"));
    let out = exec(&mut shell, "demo.shout secret-plan");
    assert_eq!(out.status, 126);
    assert!(out.stderr_text().contains("denied by deny:demo.shout:secret*"), "{}", out.stderr_text());
    assert!(exec(&mut shell, "help").stdout_text().contains("Tools: demo"));
    let usage = exec(&mut shell, "demo.shout -h").stdout_text();
    assert!(usage.contains("--text STRING") && usage.contains("[default: 1]"), "{usage}");
    // A name the command table holds would never reach the tool: refused at registration.
    let shadow = ToolSpec::new::<ShoutArgs>("demo.echo", "Echo.").aliases(&["echo"]);
    let shadow = typed(shadow, |_: ToolCx, _: ShoutArgs| async move { Ok(ToolOutput::Text(String::new())) });
    let refused = Shell::builder().tool(shadow).err().map(|err| err.to_string()).unwrap_or_default();
    assert_eq!(refused, "tool 'demo.echo': the name 'echo' is a shell command");
}

#[test]
fn a_panicking_tool_ends_its_command_not_the_shell() {
    let spec = ToolSpec::new::<ShoutArgs>("demo.crash", "Panic on purpose.").side_effect(SideEffect::ReadOnly);
    let tool = typed(spec, |_cx: ToolCx, args: ShoutArgs| async move {
        let parts: Vec<&str> = args.text.split(',').collect();
        // An embedder's bug on some input: an index out of bounds.
        Ok(ToolOutput::Text(parts[args.times as usize].to_string()))
    });
    let mut shell = Shell::builder().tool(tool).expect("register").build();
    let out = exec(&mut shell, "demo.crash --text a,b --times 1; demo.crash --text a --times 5; echo $? after");
    assert_eq!(out.stdout_text(), "b70 after\n");
    assert!(out.stderr_text().contains("demo.crash: internal error (index out of bounds"), "{}", out.stderr_text());
    assert_eq!(exec(&mut shell, "echo still here").stdout_text(), "still here\n");
}

#[test]
fn config_lowers_limits_but_never_raises_them() {
    let limits = toolsh::Limits { call_depth: 50, ..Default::default() };
    let mut shell = Shell::builder().limits(limits).build();
    assert_eq!(exec(&mut shell, "config set call-depth 10 && config get call-depth").stdout_text(), "10\n");
    let out = exec(&mut shell, "config set call-depth 60");
    assert_eq!(out.status, 1);
    assert!(out.stderr_text().contains("cannot go above 50"), "{}", out.stderr_text());
    let out = exec(&mut shell, "f() { f; }; f");
    assert_eq!(out.status, 124);
    assert!(out.stderr_text().contains("call depth (at most 10)"), "{}", out.stderr_text());
    // A subshell's change stays in the subshell.
    assert_eq!(exec(&mut shell, "(config set call-depth 5); config get call-depth").stdout_text(), "10\n");
    assert_eq!(exec(&mut shell, "config get agent").stdout_text(), "agent\n");
}

/// An embedder's per-line deadline is lowered to the session's ceiling, never set past it.
#[test]
fn a_caller_timeout_never_goes_past_the_ceiling() {
    let limits = toolsh::Limits { wall_time: Some(std::time::Duration::from_secs(2)), ..Default::default() };
    let mut shell = Shell::builder().limits(limits).build();
    shell.set_timeout(None);
    assert_eq!(exec(&mut shell, "config get timeout-ms").stdout_text(), "2000\n");
    shell.set_timeout(Some(std::time::Duration::from_secs(60)));
    assert_eq!(exec(&mut shell, "config get timeout-ms").stdout_text(), "2000\n");
    shell.set_timeout(Some(std::time::Duration::from_millis(500)));
    assert_eq!(exec(&mut shell, "config get timeout-ms").stdout_text(), "500\n");
    let mut unbounded = Shell::builder().build();
    unbounded.set_timeout(Some(std::time::Duration::from_millis(700)));
    assert_eq!(exec(&mut unbounded, "config get timeout-ms").stdout_text(), "700\n");
}

#[test]
fn outcomes_say_what_ran_what_was_blocked_and_what_was_cut() {
    let mut policy = toolsh::policy::Policy::default();
    policy.add(toolsh::policy::Verdict::Deny, "fs.delete", "/").expect("rule");
    let mut shell = Shell::builder().policy(policy).build();
    let out = exec(&mut shell, "echo a; echo b | cat");
    assert_eq!((out.executed, out.blocked.len(), out.truncated), (3, 0, false));
    let out = exec(&mut shell, "echo a; rm /x");
    assert_eq!((out.status, out.executed), (126, 0));
    assert_eq!(out.blocked.len(), 1);
    assert!(out.blocked[0].contains("nothing was executed"), "{:?}", out.blocked);
    let out = exec(&mut shell, "touch /x; c=rm; $c /x; echo after");
    assert_eq!((out.status, out.blocked.len()), (0, 1));
    let caps = toolsh::contract::Caps { chars: 1000, lines: 100, ..Default::default() };
    let (outcome, rendered) = runtime().block_on(shell.exec_for_model("seq 1 5000; echo oops >&2", caps));
    assert_eq!((rendered.truncated, rendered.spill.as_deref()), (true, Some("/tmp/.out/1.log")));
    let text = rendered.text;
    assert_eq!(outcome.status, 0);
    assert!(text.starts_with("1\n2\n"), "{text}");
    assert!(
        text.contains("\n25\n[truncated: 4,902 lines (23,462 chars) cut here; all of it: /tmp/.out/1.log]\n4928\n"),
        "{text}"
    );
    assert!(text.ends_with("oops\n[exit 0]"), "{text}");
    assert_eq!(exec(&mut shell, "sed -n '5000p;5001p' /tmp/.out/1.log").stdout_text(), "5000\n[stderr]\n");
}

#[test]
fn progress_is_reported_while_a_line_runs() {
    let mut shell = Shell::builder().build();
    let ticks = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
    let seen = ticks.clone();
    let options = toolsh::ExecOptions {
        progress: Some(Box::new(move |p: toolsh::Progress| seen.lock().expect("lock").push(p))),
        progress_every: Some(std::time::Duration::from_millis(10)),
        ..Default::default()
    };
    let out = runtime().block_on(shell.exec_with("echo one; sleep 0.2; echo two", options));
    assert_eq!(out.stdout_text(), "one\ntwo\n");
    let ticks = ticks.lock().expect("lock");
    assert!(ticks.len() >= 5, "{} ticks", ticks.len());
    assert!(ticks.iter().all(|p| p.stdout_bytes == 4), "{ticks:?}");
    assert!(ticks.windows(2).all(|w| w[0].elapsed < w[1].elapsed));
}

#[test]
fn more_refusals_than_are_listed_are_counted() {
    let mut policy = toolsh::policy::Policy::default();
    policy.add(toolsh::policy::Verdict::Deny, "fs.read", "/").expect("rule");
    let mut shell = Shell::builder().policy(policy).build();
    let out = exec(&mut shell, "for i in $(seq 105); do f=/x$i; : < $f 2>/dev/null; done");
    assert_eq!(out.blocked.len(), toolsh::tools::gate::MAX_BLOCKED + 1);
    assert_eq!(out.blocked.last().map(String::as_str), Some("[5 more refusals not listed]"));
}

#[test]
fn new_sessions_share_the_workspace_and_store_but_not_state_or_tmp() {
    let dir = tempfile::tempdir().expect("tempdir");
    let store = dir.path().join("store.db");
    let mut first = Shell::builder().store(&store).agent("alice").build();
    exec(&mut first, "greet() { echo hi; }; x=1; mkdir /w; echo shared > /w/f; echo mine > /tmp/t");
    let mut second = first.new_session(None);
    // A copy of the state as it was, then each goes its own way.
    assert_eq!(exec(&mut second, "greet; echo $x; cat /w/f").stdout_text(), "hi\n1\nshared\n");
    exec(&mut second, "x=2; cd /w; echo theirs > /w/g");
    assert_eq!(exec(&mut first, "echo $x $PWD; cat /w/g").stdout_text(), "1 /\ntheirs\n");
    // /tmp is the session's own.
    let out = exec(&mut second, "cat /tmp/t");
    assert_eq!(out.status, 1, "{}", out.stderr_text());
    // One store: a message sent by one session is read by the same agent in the other,
    // and the audit log tells the sessions apart.
    exec(&mut second, "msg send alice ping");
    assert_eq!(exec(&mut first, "msg read | grep -c ping").stdout_text(), "1\n");
    let conn = rusqlite::Connection::open(&store).expect("store");
    let distinct: i64 =
        conn.query_row("SELECT COUNT(DISTINCT session) FROM audit", [], |r| r.get(0)).expect("audit sessions");
    assert_eq!(distinct, 2);
}

#[test]
fn jq_compile_errors_say_what_and_where() {
    let mut shell = Shell::builder().build();
    let out = exec(&mut shell, "jq -n '.a |\n  map(.b'");
    assert_eq!(out.status, 3);
    assert_eq!(
        out.stderr_text(),
        "jq: error: syntax error, unexpected end of file, expecting the closing partner of ( at <top-level>, \
         line 2, column 9:\n      map(.b\n            ^\njq: 1 compile error\n"
    );
    let out = exec(&mut shell, "jq -n '.a | nosuch(1)'");
    assert_eq!(out.status, 3);
    assert_eq!(
        out.stderr_text(),
        "jq: error: nosuch/1 is not defined at <top-level>, line 1, column 6:\n    .a | nosuch(1)\n         ^^^^^^\n\
         jq: 1 compile error\n"
    );
    // Nothing was written to standard output.
    assert!(out.stdout.is_empty());
}

#[test]
fn a_session_that_ends_takes_its_background_jobs_with_it() {
    // A closed MCP session left its jobs running on the server's runtime.
    static MARKED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);
    let spec =
        ToolSpec::new::<ShoutArgs>("demo.mark", "Note that a job got this far.").side_effect(SideEffect::ReadOnly);
    let tool = typed(spec, |_cx: ToolCx, _args: ShoutArgs| async move {
        MARKED.store(true, std::sync::atomic::Ordering::Relaxed);
        Ok(ToolOutput::Text(String::new()))
    });
    let runtime = tokio::runtime::Builder::new_current_thread().enable_time().build().expect("runtime");
    let mut shell = Shell::builder().tool(tool).expect("register").build();
    let out = runtime.block_on(shell.exec("{ sleep 0.3; demo.mark --text x; } & echo started"));
    assert_eq!(out.stdout_text(), "started\n");
    drop(shell);
    runtime.block_on(async { tokio::time::sleep(std::time::Duration::from_millis(800)).await });
    assert!(!MARKED.load(std::sync::atomic::Ordering::Relaxed), "the job ran on after its session ended");
}
