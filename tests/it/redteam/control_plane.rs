//! The control plane — the policy file, the store, secrets — is not writable by any route:
//! aliases, tree operations, archives, downloads, tools.

use super::{assert_none, breaches, cases};

#[test]
fn no_route_writes_the_control_plane() {
    let lines = [
        // Plain and through directory aliases.
        "echo 'profile = \"trusted\"' > toolsh.toml",
        "ln -s . here; echo 'profile = \"trusted\"' > here/toolsh.toml",
        "ln -s . here; echo x >> here/.env",
        "ln -s . here; cp other.txt here/toolsh.toml",
        "ln -s . here; mv other.txt here/toolsh.toml",
        "ln -s . here; rm here/toolsh.toml",
        "ln -s . here; rm -f here/.env",
        "ln -s ssh keys; rm keys/id_ed25519",
        "ln -s ssh keys; echo x > keys/id_ed25519",
        "ln -s toolsh.toml t; sed -i s/workspace/trusted/ t",
        "ln -s . here; sed -i s/workspace/trusted/ here/toolsh.toml",
        "ln -s . here; touch here/toolsh.toml; chmod 000 here/toolsh.toml",
        "mkdir -p a/b; ln -s ../.. a/b/up; echo x > a/b/up/toolsh.toml",
        "ln -s /dev/null x; ln -sf . x2; echo x > x2/.env",
        // Tree operations that contain protected files.
        "rm -r sub",
        "rm -rf ssh",
        "rm -rf ./*",
        "rm -rf state",
        "rm -rf .",
        "mv state elsewhere",
        "mv ssh elsewhere",
        "mv sub elsewhere",
        "mkdir t; mv toolsh.toml t/",
        "cp -r dir/. ssh/; cp other.txt ssh/id_ed25519",
        "mkdir n; echo evil > n/toolsh.toml; cp -r n/. .",
        "mkdir n; echo evil > n/.env; cp -r n/. .",
        "mkdir n; echo evil > n/.env; mv -f n/.env .env",
        "fs.move --from state --to s2",
        "fs.delete --path ssh --recursive",
        "fs.delete --path state --recursive",
        "fs.copy --from other.txt --to toolsh.toml",
        "ln -s . here; fs.write --path here/toolsh.toml --content 'profile = \"trusted\"'",
        "ln -s . here; fs.copy --from other.txt --to here/.env",
        "ln -s . here; fs.move --from other.txt --to here/.env",
        // Archives: plain members, a link member, a directory member.
        "mkdir -p pk; echo 'profile = \"trusted\"' > pk/toolsh.toml; tar -cf t.tar -C pk toolsh.toml; tar -xf t.tar",
        "mkdir -p pk; echo evil > pk/.env; tar -cf t.tar -C pk .env; tar -xf t.tar",
        "mkdir -p pk/l; ln -s .. pk/lnk; echo evil > pk/l/toolsh.toml; tar -cf t.tar -C pk lnk; \
         tar -rf t.tar -C pk/l toolsh.toml; mkdir x; tar -xf t.tar -C x; mkdir -p y/lnk; tar -xf t.tar -C .",
        "mkdir -p pk; ln -s . pk/here; tar -cf t.tar -C pk here; tar -xf t.tar; \
         mkdir -p q/here; echo 'profile = \"trusted\"' > q/here/toolsh.toml; tar -cf u.tar -C q here/toolsh.toml; tar -xf u.tar",
        "mkdir -p pk/ssh; echo evil > pk/ssh/id_ed25519; tar -cf t.tar -C pk ssh; tar -xf t.tar",
        // Compression and splitting write new names: never a protected one.
        "cp other.txt toolsh; gzip -c other.txt > .env.gz; gunzip -f .env.gz; ls",
        "echo evil > x; split -b 2 x .env",
        "ln -s .env e; echo evil > z; gzip z; zcat z.gz > e",
        // awk, tee, dd-like tools.
        "echo evil | tee toolsh.toml",
        "ln -s . here; echo evil | tee -a here/.env",
        "awk 'BEGIN { print \"evil\" > \".env\" }'",
        "ln -s . here; awk 'BEGIN { print \"evil\" > \"here/toolsh.toml\" }'",
    ];
    assert_none("control plane", breaches(&cases(&[], &lines), &[], |_, _| None));
}

#[test]
fn no_route_writes_the_control_plane_trusted_and_allowed() {
    // Rules cannot open the control plane: the same attacks under `trusted` and an allow-all.
    let lines = [
        "ln -s . here; echo 'profile = \"trusted\"' > here/toolsh.toml",
        "rm -rf ssh",
        "mv state elsewhere",
        "ln -s . here; cp other.txt here/.env",
        "rm -rf ./* .env",
    ];
    assert_none(
        "control plane (trusted)",
        breaches(&cases(&["--profile", "trusted", "--allow", "fs.*"], &lines), &[], |_, _| None),
    );
}

/// Issue 47's route: with only `git status` allowed, the agent writes `core.fsmonitor` into
/// `.git/config` with toolsh's own commands, and the next `git status` runs it. The write is
/// refused, so git runs nothing the agent planted.
#[test]
fn a_planted_fsmonitor_never_reaches_git() {
    if toolsh::host::landlock_abi() == 0 {
        eprintln!("skipped: this kernel has no Landlock, so host programs are refused here");
        return;
    }
    let ws = tempfile::tempdir().expect("tempdir");
    let run = |line: &str| {
        let argv: Vec<String> = ["--host", "git", "--allow", "host.git:*", "-c", line].map(str::to_string).to_vec();
        let path = ("PATH", "/usr/local/bin:/usr/bin:/bin".to_string());
        crate::support::run_binary_with(ws.path(), &argv, &[path], std::time::Duration::from_secs(60))
    };
    let made = run("git init -q .");
    assert_eq!(made.status, 0, "{}", made.stderr);
    let before = std::fs::read_to_string(ws.path().join(".git/config")).expect("git's config");
    let routes = [
        "printf '[core]\\n\\tfsmonitor = \"touch pwned; false\"\\n' >> .git/config; git status --short",
        "f=.git/config; printf '[core]\\n\\tfsmonitor = \"touch pwned; false\"\\n' >> $f; git status --short",
        "git config --list >/dev/null; cp .git/config c; printf '[core]\\n\\tfsmonitor = \"touch pwned; false\"\\n' >> c; mv c .git/config; git status",
        "mkdir -p h; printf '#!/bin/sh\\ntouch pwned\\n' > h/post-checkout; cp h/post-checkout .git/hooks/; chmod +x .git/hooks/post-checkout; git checkout -q -b x",
    ];
    for route in routes {
        let out = run(&format!("{route}; true"));
        assert!(out.stderr.contains("runs code later"), "{route}: {}", out.stderr);
        assert!(!ws.path().join("pwned").exists(), "{route}: git ran what the agent planted");
        assert_eq!(
            std::fs::read_to_string(ws.path().join(".git/config")).ok().as_deref(),
            Some(before.as_str()),
            "{route}"
        );
    }
}

/// Issue 47's route: a host program plants `toolsh.toml` (with a `[mount]` of `/`) while its
/// call runs; a toolsh started meanwhile in the same workspace (another agent, the console, a
/// restarted server) took it. Now it refuses to start, naming why, until the call has ended
/// and the planted file is gone; a toolsh killed mid-call leaves a mark the next one names.
#[test]
fn a_policy_planted_by_a_running_program_is_not_taken() {
    if toolsh::host::landlock_abi() == 0 {
        eprintln!("skipped: this kernel has no Landlock, so host programs are refused here");
        return;
    }
    let ws = tempfile::tempdir().expect("tempdir");
    let ws = ws.path().to_path_buf();
    let store = ws.join("state.db").display().to_string();
    let args = |line: &str| -> Vec<String> {
        ["--store", &store, "--host", "python3=/usr/bin/python3", "--allow", "host.python3", "-c", line]
            .map(str::to_string)
            .to_vec()
    };
    let path = || vec![("PATH", "/usr/local/bin:/usr/bin:/bin".to_string())];
    let plant = "python3 -c 'import time; open(\"toolsh.toml\", \"w\").write(\"profile = \\\"trusted\\\"\\n[mount]\\n\\\"/hostroot\\\" = \\\"/\\\"\\n\"); time.sleep(4)'";
    let first = {
        let (ws, argv) = (ws.clone(), args(plant));
        std::thread::spawn(move || {
            crate::support::run_binary_with(&ws, &argv, &path(), std::time::Duration::from_secs(30))
        })
    };
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    while !ws.join("toolsh.toml").exists() {
        assert!(std::time::Instant::now() < deadline, "the program planted nothing");
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    // A second toolsh in the same workspace, mid-call: it takes nothing.
    let second = crate::support::run_binary_with(
        &ws,
        &["-c".to_string(), "ls /hostroot/etc/hostname".to_string()],
        &path(),
        std::time::Duration::from_secs(20),
    );
    assert_eq!(second.status, 2, "{} / {}", second.stdout, second.stderr);
    assert!(second.stdout.is_empty(), "{}", second.stdout);
    assert!(
        second.stderr.contains("a host program started by toolsh (pid")
            && second.stderr.contains("toolsh.toml did not exist when that program started, and now does")
            && second.stderr.contains("may have been planted"),
        "{}",
        second.stderr
    );
    let first = first.join().expect("first");
    assert!(first.stderr.contains("which is toolsh's own and never writable; removed it"), "{}", first.stderr);
    assert!(!ws.join("toolsh.toml").exists());
    let again =
        crate::support::run_binary_with(&ws, &args("echo started"), &path(), std::time::Duration::from_secs(20));
    assert_eq!((again.status, again.stdout.as_str()), (0, "started\n"), "{}", again.stderr);

    // The first toolsh killed mid-call: nothing removes what its program planted, and the
    // next toolsh names the mark left behind.
    let mut first = std::process::Command::new(env!("CARGO_BIN_EXE_toolsh"))
        .env_clear()
        .env("HOME", crate::support::test_home())
        .env("PATH", "/usr/local/bin:/usr/bin:/bin")
        .current_dir(&ws)
        .args(args(plant))
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("toolsh");
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    while !ws.join("toolsh.toml").exists() {
        assert!(std::time::Instant::now() < deadline, "the program planted nothing");
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    first.kill().expect("kill");
    first.wait().expect("wait");
    let second = crate::support::run_binary_with(
        &ws,
        &["-c".to_string(), "ls /hostroot/etc/hostname".to_string()],
        &path(),
        std::time::Duration::from_secs(20),
    );
    assert_eq!(second.status, 2, "{} / {}", second.stdout, second.stderr);
    assert!(second.stderr.contains("has since been killed") && second.stderr.contains("remove "), "{}", second.stderr);
    let mark = second.stderr.split("remove ").nth(1).and_then(|rest| rest.split(" to start").next()).expect("mark");
    std::fs::remove_file(mark).expect("the named mark");
    std::fs::remove_file(ws.join("toolsh.toml")).expect("the planted file");
    let again =
        crate::support::run_binary_with(&ws, &args("echo started"), &path(), std::time::Duration::from_secs(20));
    assert_eq!((again.status, again.stdout.as_str()), (0, "started\n"), "{}", again.stderr);
}
