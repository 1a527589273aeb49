//! The policy gate through the library: pre-flight blocks, run-time denials, every bypass route
//! the issue lists, `ask` with and without an approver, and the control plane.

use std::sync::{Arc, Mutex};
use toolsh::policy::{Policy, Profile, Verdict};
use toolsh::tools::{Approval, Approver};
use toolsh::{ExecOutcome, Shell};

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread().enable_all().build().expect("runtime")
}

fn policy(rules: &[(Verdict, &str)]) -> Policy {
    let mut policy = Policy::new(Profile::Workspace);
    for (verdict, spec) in rules {
        policy.add(*verdict, spec, "/").expect("rule");
    }
    policy
}

/// A shell over an in-memory workspace holding `/keep.txt` and an executable `/rm.sh`.
fn shell(policy: Policy) -> Shell {
    let rt = runtime();
    let mut setup = Shell::builder().build();
    let out = rt.block_on(setup.exec("echo data > /keep.txt; printf 'rm /keep.txt\\n' > /rm.sh; chmod +x /rm.sh"));
    assert_eq!(out.status, 0, "{}", out.stderr_text());
    let vfs = setup.vfs().clone();
    Shell::builder().vfs(vfs).policy(policy).build()
}

fn exec(shell: &mut Shell, src: &str) -> ExecOutcome {
    runtime().block_on(shell.exec(src))
}

fn kept(shell: &mut Shell) -> bool {
    exec(shell, "test -f /keep.txt").status == 0
}

#[test]
fn a_static_denial_runs_nothing_and_names_the_rule() {
    let mut sh = shell(policy(&[(Verdict::Deny, "fs.delete")]));
    let out = exec(&mut sh, "echo first > /first.txt; rm /keep.txt");
    assert_eq!(out.status, 126);
    assert_eq!(
        out.stderr_text(),
        "toolsh: [blocked: rm → fs.delete /keep.txt denied by deny:fs.delete — nothing was executed]\n"
    );
    assert!(kept(&mut sh));
    assert_eq!(exec(&mut sh, "test -e /first.txt").status, 1, "the line before the denial must not run");
}

#[test]
fn no_route_around_a_denial_deletes_the_file() {
    let routes = [
        "rm /keep.txt",
        "\\rm /keep.txt",
        "'rm' /keep.txt",
        "r\"m\" /keep.txt",
        "command rm /keep.txt",
        "builtin rm /keep.txt",
        "env rm /keep.txt",
        "env -i -u HOME A=1 rm /keep.txt",
        "env - rm /keep.txt",
        "env -C / rm keep.txt",
        "env -S 'rm /keep.txt'",
        "env --split-string='rm /keep.txt'",
        "timeout 5 rm /keep.txt",
        "nohup rm /keep.txt",
        "timeout -s KILL -k 1 --preserve-status 5s env rm /keep.txt",
        "eval 'rm /keep.txt'",
        "eval \"$(echo rm) /keep.txt\"",
        "x=$(rm /keep.txt)",
        "echo $(rm /keep.txt)",
        "cat <(rm /keep.txt)",
        "echo /keep.txt | xargs rm",
        "echo /keep.txt | xargs -n 1 -r -- rm",
        "echo /keep.txt | xargs -I{} rm {}",
        "echo /keep.txt | xargs --max-args=1 rm -f",
        "sh -c 'rm /keep.txt'",
        "bash -c 'rm /keep.txt'",
        "bash -c \"$(printf 'r%s /keep.txt' m)\"",
        "f() { rm \"$1\"; }; f /keep.txt",
        "rm() { command rm \"$@\"; }; rm /keep.txt",
        "cat() { rm /keep.txt; }; cat",
        "c=rm; $c /keep.txt",
        "c=r; ${c}m /keep.txt",
        "a=(rm /keep.txt); \"${a[@]}\"",
        "source /rm.sh",
        ". /rm.sh",
        "/rm.sh",
        "bash /rm.sh",
        "find / -name keep.txt -delete",
        "find / -name keep.txt -exec rm {} \\;",
        "find -H / -name keep.txt -execdir rm {} +",
        "find / -name x.txt -exec true \\; -o -name keep.txt -exec rm {} \\;",
        "fs.delete /keep.txt",
        "fs.delete '{\"path\": \"/keep.txt\"}'",
        "fs.rm --path /keep.txt",
        "t=fs.delete; $t /keep.txt",
        "mv /keep.txt /moved.txt",
    ];
    for route in routes {
        let rules = if route.starts_with("mv") {
            vec![(Verdict::Deny, "fs.delete"), (Verdict::Deny, "fs.move")]
        } else {
            vec![(Verdict::Deny, "fs.delete")]
        };
        let mut sh = shell(policy(&rules));
        let out = exec(&mut sh, route);
        assert!(kept(&mut sh), "{route}: the file was deleted ({})", out.stderr_text());
        assert!(out.stderr_text().contains("[blocked:"), "{route}: no denial reported: {}", out.stderr_text());
        if !route.contains("$(") && !route.contains("<(") {
            assert_eq!(out.status, 126, "{route}: {}", out.stderr_text());
        }
    }
}

#[test]
fn a_denied_call_that_never_runs_stops_nothing() {
    // An installer's shape: helpers that fetch, a dead branch for another shell, a fallback
    // after `||`, and a main part that uses none of them. The workspace profile denies the network.
    let mut sh = shell(Policy::new(Profile::Workspace));
    let lib = "fetch() { curl -fsSL \"$1\"; }\n\
               if [ -n \"$ZSH_VERSION\" ]; then curl https://example.invalid/zsh; fi\n\
               case \"$1\" in --net) wget https://example.invalid/x ;; esac\n\
               for url in; do curl \"$url\"; done\n\
               test -f /keep.txt || curl -o /keep.txt https://example.invalid/keep\n\
               greet() { echo \"hello $1\"; }\n";
    let out = exec(&mut sh, &format!("cat > /lib.sh <<'EOF'\n{lib}EOF\n. /lib.sh; greet you; echo status $?"));
    assert_eq!((out.stdout_text().as_str(), out.status), ("hello you\nstatus 0\n", 0), "{}", out.stderr_text());
    assert!(out.blocked.is_empty(), "{:?}", out.blocked);
    // The same text as one line: nothing in it is certain to run curl either.
    let out = exec(&mut sh, &format!("{lib}greet me"));
    assert_eq!((out.stdout_text().as_str(), out.status), ("hello me\n", 0), "{}", out.stderr_text());
}

#[test]
fn a_script_runs_up_to_its_first_denied_call_and_says_how_many_ran() {
    let mut sh = shell(policy(&[(Verdict::Deny, "fs.delete")]));
    // Reached in a branch: the commands before it ran, nothing after it does.
    let script = "echo one > /one.txt\nif test -f /keep.txt; then\n  echo two > /two.txt\n  rm /keep.txt\nfi\necho never > /never.txt\n";
    let out = exec(&mut sh, &format!("cat > /s.sh <<'EOF'\n{script}EOF\nchmod +x /s.sh; /s.sh; echo after"));
    assert_eq!(out.status, 126, "{}", out.stderr_text());
    assert_eq!(out.stdout_text(), "", "the line stops with the script");
    let err = out.stderr_text();
    assert!(
        err.contains(
            "[blocked: rm → fs.delete /keep.txt denied by deny:fs.delete — 5 commands ran before it, nothing after]"
        ),
        "{err}"
    );
    assert!(kept(&mut sh));
    for (file, made) in [("/one.txt", 0), ("/never.txt", 1)] {
        assert_eq!(exec(&mut sh, &format!("test -f {file}")).status, made, "{file}");
    }
    // `two.txt` was not written: the branch's body is judged whole when it is reached.
    assert_eq!(exec(&mut sh, "test -f /two.txt").status, 1);
    // A function's body when it is called, a loop's before its first pass, a fallback when taken.
    for (line, ran) in [
        ("wipe() { rm /keep.txt; }; echo a; wipe; echo b", 2),
        ("for f in /keep.txt; do rm \"$f\"; done; echo b", 0),
        ("false || rm /keep.txt; echo b", 1),
    ] {
        let out = exec(&mut sh, line);
        assert_eq!(out.status, 126, "{line}: {}", out.stderr_text());
        assert!(!out.stdout_text().contains('b'), "{line}: {}", out.stdout_text());
        let said = match ran {
            0 => "nothing was executed".to_string(),
            1 => "1 command ran before it".to_string(),
            n => format!("{n} commands ran before it"),
        };
        assert!(out.stderr_text().contains(&said), "{line}: {}", out.stderr_text());
        assert!(kept(&mut sh), "{line}");
    }
    // A line whose denied call is certain still runs nothing.
    let out = exec(&mut sh, "echo first > /first.txt && rm /keep.txt");
    assert!(out.stderr_text().contains("nothing was executed"), "{}", out.stderr_text());
    assert_eq!(exec(&mut sh, "test -e /first.txt").status, 1);
}

#[test]
fn a_name_known_only_at_run_time_is_denied_when_called() {
    let mut sh = shell(policy(&[(Verdict::Deny, "fs.delete")]));
    let out = exec(&mut sh, "echo before; c=rm; $c /keep.txt; echo \"after $?\"");
    assert_eq!(out.stdout_text(), "before\nafter 126\n");
    assert!(out.stderr_text().contains("rm → fs.delete /keep.txt denied by deny:fs.delete"), "{}", out.stderr_text());
}

#[test]
fn argument_patterns_decide_per_path() {
    let mut sh = shell(policy(&[(Verdict::Deny, "fs.write:/locked/**")]));
    exec(&mut sh, "mkdir /locked /open");
    let out = exec(&mut sh, "echo x > /open/a && echo x > /locked/a");
    assert_eq!(out.status, 126, "{}", out.stderr_text());
    assert!(out.stderr_text().contains("redirect → fs.write /locked/a denied by deny:fs.write:/locked/**"));
    assert_eq!(exec(&mut sh, "test -e /open/a").status, 1, "pre-flight runs nothing of the line");
    let out = exec(&mut sh, "d=/locked; echo ok > /open/a; echo x > $d/a");
    assert_eq!(out.status, 126);
    assert_eq!(exec(&mut sh, "cat /open/a; test -e /locked/a").stdout_text(), "ok\n");
}

#[test]
fn profiles_set_the_defaults() {
    let mut sh = shell(Policy::new(Profile::Readonly));
    assert_eq!(exec(&mut sh, "cat /keep.txt").stdout_text(), "data\n");
    let out = exec(&mut sh, "echo x > /new.txt");
    assert_eq!(out.status, 126);
    assert!(out.stderr_text().contains("profile:readonly"), "{}", out.stderr_text());
    let mut sh = shell(Policy::new(Profile::Workspace));
    assert_eq!(exec(&mut sh, "echo x > /new.txt; cat /new.txt").stdout_text(), "x\n");
}

struct Recorder {
    answer: bool,
    asked: Mutex<Vec<Approval>>,
}

impl Approver for Recorder {
    fn approve(&self, request: &Approval) -> toolsh::tools::Answer {
        self.asked.lock().expect("lock").push(request.clone());
        if self.answer { toolsh::tools::Answer::Approved } else { toolsh::tools::Answer::Refused }
    }
}

#[test]
fn ask_goes_to_the_approver_and_nobody_means_no() {
    let mut sh = shell(policy(&[(Verdict::Ask, "fs.delete")]));
    let out = exec(&mut sh, "rm /keep.txt");
    assert_eq!(out.status, 126);
    assert!(out.stderr_text().contains("needs approval (ask:fs.delete) and none was given"), "{}", out.stderr_text());
    assert!(kept(&mut sh));
    for answer in [false, true] {
        let recorder = Arc::new(Recorder { answer, asked: Mutex::new(Vec::new()) });
        let base = shell(Policy::default());
        let mut sh = Shell::builder()
            .vfs(base.vfs().clone())
            .policy(policy(&[(Verdict::Ask, "fs.delete")]))
            .approver(recorder.clone())
            .build();
        let out = exec(&mut sh, "rm /keep.txt");
        assert_eq!(out.status, if answer { 0 } else { 126 }, "{}", out.stderr_text());
        if !answer {
            assert!(out.stderr_text().contains("was refused approval (ask:fs.delete)"), "{}", out.stderr_text());
        }
        assert_eq!(kept(&mut sh), !answer);
        let asked = recorder.asked.lock().expect("lock");
        assert_eq!(asked.len(), 1);
        assert_eq!((asked[0].command.as_str(), asked[0].tool.as_str()), ("rm", "fs.delete"));
        assert_eq!(asked[0].subject.as_deref(), Some("/keep.txt"));
    }
}

#[test]
fn the_control_plane_is_not_writable_even_through_links() {
    let mut p = Policy::new(Profile::Trusted);
    p.add(Verdict::Allow, "fs.*", "/").expect("rule");
    p.protect("/toolsh.toml");
    let mut sh = shell(p);
    for line in [
        "echo x > /.env",
        "echo x > /toolsh.toml",
        "fs.write --path /server.pem --content x",
        "touch /id_rsa",
        "cp /keep.txt /a.key",
        "mv /keep.txt /.env",
    ] {
        let out = exec(&mut sh, line);
        assert_eq!(out.status, 126, "{line}: {}", out.stderr_text());
        assert!(out.stderr_text().contains("control-plane"), "{line}: {}", out.stderr_text());
    }
    exec(&mut sh, "ln -s /.env /innocent");
    let out = exec(&mut sh, "echo x > /innocent");
    assert_eq!(out.status, 126, "{}", out.stderr_text());
    assert_eq!(exec(&mut sh, "test -e /.env").status, 1);
}

#[test]
fn denials_are_audited() {
    let mut sh = shell(policy(&[(Verdict::Deny, "fs.delete")]));
    exec(&mut sh, "cat /keep.txt > /dev/null");
    exec(&mut sh, "rm /keep.txt");
    exec(&mut sh, "c=rm; $c /keep.txt");
    let out = exec(&mut sh, "audit --denied --json");
    let lines: Vec<serde_json::Value> =
        out.stdout_text().lines().map(|l| serde_json::from_str(l).expect("json line")).collect();
    assert_eq!(lines.len(), 2, "{}", out.stdout_text());
    assert_eq!(lines[0]["rule"], "deny:fs.delete (pre-flight)");
    assert_eq!(lines[1]["rule"], "deny:fs.delete");
    assert!(lines.iter().all(|l| l["tool"] == "fs.delete" && l["status"] == 126 && l["decision"] == "deny"));
    let all = exec(&mut sh, "audit --json -n 100").stdout_text();
    assert!(all.contains("\"tool\":\"fs.read\""), "reads are audited too: {all}");
}

#[test]
fn a_disabled_tool_is_not_registered_and_refused_on_every_path() {
    let mut p = Policy::new(Profile::Trusted);
    p.disable("fs.delete").expect("pattern");
    let mut sh = shell(p);
    let out = exec(&mut sh, "fs.delete /keep.txt");
    assert_eq!(out.status, 127, "the tool command is gone: {}", out.stderr_text());
    let out = exec(&mut sh, "c=rm; $c /keep.txt");
    assert_eq!(out.status, 126);
    assert!(out.stderr_text().contains("denied by disabled:fs.delete"), "{}", out.stderr_text());
    assert!(kept(&mut sh));
    let listed = exec(&mut sh, "config tools fs.delete").stdout_text();
    assert!(listed.contains("disabled"), "{listed}");
    assert!(!exec(&mut sh, "help").stdout_text().contains("fs.delete"));
}

#[test]
fn links_into_the_control_plane_are_refused_on_a_host_directory() {
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::write(dir.path().join(".env"), "SECRET=1\n").expect("write");
    let mut vfs = toolsh::Vfs::new();
    let backend = toolsh::vfs::DirFs::open(dir.path()).expect("open");
    vfs.mount("/w", Arc::new(backend), false, "dir");
    let mut sh = Shell::builder().vfs(vfs).cwd("/w").build();
    for line in [
        "ln -s .env innocent; echo x >> innocent",
        "echo y > innocent",
        "tee innocent < /dev/null",
        "cp /dev/null innocent",
    ] {
        let out = exec(&mut sh, line);
        assert_eq!(out.status, 126, "{line}: {}", out.stderr_text());
        assert!(out.stderr_text().contains("/w/.env denied by control-plane"), "{line}: {}", out.stderr_text());
    }
    assert_eq!(std::fs::read_to_string(dir.path().join(".env")).expect("read"), "SECRET=1\n");
    // Ordinary links still work, and a link to a secret can itself be removed.
    let out = exec(&mut sh, "ln -s notes.txt n; echo ok > n; cat notes.txt; rm innocent n; ls -A");
    assert_eq!(out.stdout_text(), "ok\n.env\nnotes.txt\n", "{}", out.stderr_text());
}

#[test]
fn tar_extraction_passes_the_gate_member_by_member() {
    let mut sh = shell(policy(&[(Verdict::Deny, "fs.write:/out/secret/**")]));
    let out =
        exec(&mut sh, "mkdir -p /src/secret /out; echo a > /src/ok; echo b > /src/secret/x; tar -cf /t.tar -C /src .");
    assert_eq!(out.status, 0, "{}", out.stderr_text());
    let out = exec(&mut sh, "tar -xf /t.tar -C /out; echo \"status $?\"; cat /out/ok; ls /out/secret | wc -l");
    // The refused member makes the status 126 (blocked by policy); the others were extracted.
    assert_eq!(out.stdout_text(), "status 126\na\n0\n");
    assert!(out.stderr_text().contains("./secret/x: Cannot extract"), "{}", out.stderr_text());
    // Reading members passes the gate too: a denied file is not archived.
    let mut sh = shell(policy(&[(Verdict::Deny, "fs.read:/keep.txt")]));
    let out = exec(&mut sh, "tar -cf /k.tar /keep.txt /rm.sh; echo \"status $?\"; tar -tf /k.tar");
    assert_eq!(out.stdout_text(), "status 126\nrm.sh\n", "{}", out.stderr_text());
}

#[test]
fn awk_reads_and_writes_through_the_gate() {
    // A denied input is an error of the program, not a way around the policy.
    let mut sh = shell(policy(&[(Verdict::Deny, "fs.read:/keep.txt")]));
    let out = exec(&mut sh, "awk '{ print }' /keep.txt");
    assert_eq!((out.stdout_text().as_str(), out.status), ("", 126), "{}", out.stderr_text());
    let out = exec(&mut sh, "awk 'BEGIN { r = getline line < \"/keep.txt\"; print r }'");
    assert_eq!(out.stdout_text(), "-1\n", "{}", out.stderr_text());
    // `print > file` is an fs.write: refused where the policy says so, the file not created.
    let mut sh = shell(policy(&[(Verdict::Deny, "fs.write:/out/**")]));
    let out = exec(&mut sh, "mkdir /out; awk 'BEGIN { print \"x\" > \"/out/f\"; print \"after\" }'; ls /out | wc -l");
    assert_eq!(out.stdout_text(), "after\n0\n", "{}", out.stderr_text());
    assert!(out.stderr_text().contains("/out/f"), "{}", out.stderr_text());
    // Commands run from awk are commands of the session: the pre-flight judges the text when
    // awk runs it, and a certain denial stops the line there.
    let mut sh = shell(policy(&[(Verdict::Deny, "fs.delete")]));
    let out = exec(&mut sh, "awk 'BEGIN { print system(\"rm /keep.txt\"); print \"after\" }'");
    assert_eq!((out.stdout_text().as_str(), out.status), ("", 126), "{}", out.stderr_text());
    assert!(out.stderr_text().contains("fs.delete /keep.txt denied by deny:fs.delete — 1 command ran before it"));
    assert!(kept(&mut sh));
}

#[test]
fn the_mcp_description_names_only_what_the_policy_lets_run() {
    let words = |shell: &Shell| -> Vec<String> {
        toolsh::mcp::description(shell).split([' ', ',', ';', '\n']).map(str::to_string).collect()
    };
    // The default profile denies the network: neither curl nor wget nor net.fetch is offered.
    let default = words(&shell(Policy::default()));
    for absent in ["curl", "wget", "net.fetch"] {
        assert!(!default.iter().any(|w| w == absent), "{absent} is not offered: {default:?}");
    }
    assert!(default.iter().any(|w| w == "grep") && default.iter().any(|w| w.starts_with("fs.")), "{default:?}");
    let text = toolsh::mcp::description(&shell(Policy::default()));
    assert!(text.contains("(cwd /)") && text.contains("`config tools QUERY`"), "{text}");
    // Allowed, they are named again; a tool switched off is not.
    let mut opened = policy(&[(Verdict::Allow, "net.fetch")]);
    opened.disable("db.*").expect("disable");
    let opened = words(&shell(opened));
    assert!(opened.iter().any(|w| w == "curl") && opened.iter().any(|w| w == "net.fetch"), "{opened:?}");
    assert!(!opened.iter().any(|w| w == "sqlite3" || w.starts_with("db.")), "{opened:?}");
}

/// sort spills sorted runs to scratch files only where the policy lets it write without a
/// question: under a read-only or asking policy a big pipe is sorted in memory, with no call
/// the user did not ask for (no denial, no question, no audit record); `-S` asks to spill,
/// and then the policy's answer stands.
#[test]
fn sort_spills_scratch_runs_only_where_the_policy_lets_it_write() {
    // Past the 4 MiB a pipe's buffer holds by default.
    let line = "seq 1000000 | sort -rn | head -n 1";
    for rules in [vec![(Verdict::Deny, "fs.write")], vec![(Verdict::Ask, "fs.write")]] {
        let mut sh = shell(policy(&rules));
        let out = exec(&mut sh, line);
        assert_eq!((out.status, out.stdout_text().as_str(), out.stderr_text().as_str()), (0, "1000000\n", ""));
        let audit = exec(&mut sh, "audit");
        assert!(!audit.stdout_text().contains("fs.write"), "{}", audit.stdout_text());
    }
    let mut sh = shell(policy(&[(Verdict::Deny, "fs.write")]));
    let out = exec(&mut sh, "seq 1000000 | sort -S 1M -rn | head -n 1");
    assert!(out.stderr_text().contains("sort: cannot create temporary file in '/tmp'"), "{}", out.stderr_text());
    let mut sh = shell(policy(&[]));
    let out = exec(&mut sh, &format!("{line}; audit"));
    assert!(out.stdout_text().starts_with("1000000\n"), "{}", out.stdout_text());
    // The runs were written and removed: their removals are the audit's last records.
    assert!(out.stdout_text().contains("fs.delete  sort"), "{}", out.stdout_text());
    assert_eq!(exec(&mut sh, "ls -A /tmp").stdout_text(), "", "the scratch files are gone");
}

#[test]
fn history_files_and_fcs_editor_pass_the_gate() {
    // `history -w` writes through fs.write: a denied write leaves the file and says why.
    let mut sh = shell(policy(&[(Verdict::Deny, "fs.write")]));
    let out = exec(&mut sh, "set -o history; HISTFILE=/keep.txt; history -s 'echo x'; history -w");
    assert_eq!(out.status, 126, "{}", out.stderr_text());
    assert!(out.stderr_text().contains("history → fs.write /keep.txt denied"), "{}", out.stderr_text());
    assert!(kept(&mut sh));
    // `history -r` reads through fs.read.
    let mut sh = shell(policy(&[(Verdict::Deny, "fs.read")]));
    let out = exec(&mut sh, "history -r /keep.txt; echo \"status $?\"; history");
    assert_eq!(out.stdout_text(), "status 126\n", "{}", out.stderr_text());
    // fc's editor is a command of the shell, under the same policy as any other.
    let mut sh = shell(policy(&[(Verdict::Deny, "fs.delete")]));
    let out = exec(&mut sh, "history -s 'echo hi'; fc -e 'rm /keep.txt; cat' -1");
    assert!(out.stderr_text().contains("[blocked:"), "{}", out.stderr_text());
    assert!(kept(&mut sh));
}
