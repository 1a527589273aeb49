//! The decision matrix: each path through `Policy::decide` and the pre-flight's certainty rule.

use super::*;

const ROOT: &str = "/work";

fn tool(name: &str, side_effect: SideEffect) -> ToolFacts<'_> {
    ToolFacts {
        name,
        side_effect,
        restricted: false,
        writes: side_effect != SideEffect::ReadOnly,
        open_world: false,
        words: false,
    }
}

fn policy(profile: Profile, rules: &[(Verdict, &str)]) -> Policy {
    let mut policy = Policy::new(profile);
    for (verdict, spec) in rules {
        policy.add(*verdict, spec, ROOT).unwrap();
    }
    policy
}

fn verdict(policy: &Policy, name: &str, side_effect: SideEffect, subject: Option<&str>) -> (Verdict, String) {
    let decision = policy.decide(tool(name, side_effect), subject);
    (decision.verdict, decision.rule.to_string())
}

#[test]
fn profile_defaults_follow_side_effects() {
    use SideEffect::*;
    let cases = [
        (Profile::Readonly, "fs.read", ReadOnly, Verdict::Allow),
        (Profile::Readonly, "fs.write", SideEffecting, Verdict::Deny),
        (Profile::Readonly, "msg.send", UserMediated, Verdict::Deny),
        (Profile::Workspace, "fs.write", SideEffecting, Verdict::Allow),
        (Profile::Workspace, "agent.run", Delegating, Verdict::Ask),
        (Profile::Workspace, "net.fetch", ReadOnly, Verdict::Deny),
        (Profile::Workspace, "host.exec", SideEffecting, Verdict::Deny),
        (Profile::Trusted, "net.fetch", ReadOnly, Verdict::Allow),
        (Profile::Trusted, "agent.run", Delegating, Verdict::Allow),
    ];
    for (profile, name, side_effect, expected) in cases {
        let (got, rule) = verdict(&Policy::new(profile), name, side_effect, None);
        assert_eq!(got, expected, "{name} under {profile:?}");
        assert!(rule.starts_with(&format!("profile:{}", profile.name())), "{rule}");
    }
}

#[test]
fn deny_beats_ask_beats_allow_beats_default() {
    let p = policy(
        Profile::Workspace,
        &[(Verdict::Allow, "fs.*"), (Verdict::Ask, "fs.delete"), (Verdict::Deny, "fs.delete:/work/keep/**")],
    );
    let del = |subject| verdict(&p, "fs.delete", SideEffect::SideEffecting, Some(subject));
    assert_eq!(del("/work/keep/a"), (Verdict::Deny, "deny:fs.delete:/work/keep/**".to_string()));
    assert_eq!(del("/work/other"), (Verdict::Ask, "ask:fs.delete".to_string()));
    assert_eq!(verdict(&p, "fs.write", SideEffect::SideEffecting, Some("/work/a")).1, "allow:fs.*");
    assert_eq!(verdict(&p, "msg.send", SideEffect::SideEffecting, None).1, "profile:workspace");
}

#[test]
fn allow_rules_open_what_the_profile_denies() {
    let p = policy(Profile::Workspace, &[(Verdict::Allow, "net.fetch:https://api.example/*")]);
    let fetch = |url| verdict(&p, "net.fetch", SideEffect::ReadOnly, Some(url)).0;
    assert_eq!(fetch("https://api.example/v1"), Verdict::Allow);
    assert_eq!(fetch("https://evil.example/"), Verdict::Deny);
}

#[test]
fn relative_path_patterns_start_at_the_root_and_star_stops_at_slashes() {
    let p = policy(Profile::Workspace, &[(Verdict::Deny, "fs.write:src/*.rs")]);
    let write = |path| verdict(&p, "fs.write", SideEffect::SideEffecting, Some(path)).0;
    assert_eq!(write("/work/src/main.rs"), Verdict::Deny);
    assert_eq!(write("/work/src/deep/main.rs"), Verdict::Allow);
    assert_eq!(write("/other/src/main.rs"), Verdict::Allow);
    let p = policy(Profile::Workspace, &[(Verdict::Deny, "fs.write:src/**")]);
    assert_eq!(verdict(&p, "fs.write", SideEffect::SideEffecting, Some("/work/src/a/b/c")).0, Verdict::Deny);
}

#[test]
fn restricted_tools_need_an_explicit_allow() {
    let facts = ToolFacts {
        name: "db.drop",
        side_effect: SideEffect::SideEffecting,
        restricted: true,
        writes: true,
        open_world: false,
        words: false,
    };
    assert_eq!(Policy::new(Profile::Trusted).decide(facts, None).verdict, Verdict::Deny);
    let p = policy(Profile::Workspace, &[(Verdict::Allow, "db.drop")]);
    assert_eq!(p.decide(facts, None).verdict, Verdict::Allow);
}

#[test]
fn the_control_plane_is_never_writable() {
    let mut p = policy(Profile::Trusted, &[(Verdict::Allow, "fs.*")]);
    p.protect("/work/toolsh.toml");
    for path in
        ["/work/toolsh.toml", "/work/.env", "/work/a/.env.local", "/work/tls/server.pem", "/x/id_ed25519", "/k/a.key"]
    {
        let (got, rule) = verdict(&p, "fs.write", SideEffect::SideEffecting, Some(path));
        assert_eq!(got, Verdict::Deny, "{path}");
        assert!(rule.starts_with("control-plane"), "{rule}");
        // Reading is a matter for the rules.
        assert_eq!(verdict(&p, "fs.read", SideEffect::ReadOnly, Some(path)).0, Verdict::Allow);
    }
    assert_eq!(verdict(&p, "fs.write", SideEffect::SideEffecting, Some("/work/environment")).0, Verdict::Allow);
}

#[test]
fn unknown_subjects_block_only_certain_denials() {
    let write = tool("fs.write", SideEffect::SideEffecting);
    assert!(policy(Profile::Workspace, &[(Verdict::Deny, "fs.write")]).decide_unknown_subject(write).is_some());
    assert!(policy(Profile::Workspace, &[(Verdict::Deny, "fs.write:src/**")]).decide_unknown_subject(write).is_none());
    assert!(Policy::new(Profile::Readonly).decide_unknown_subject(write).is_some());
    // An allow rule for some arguments means the call may pass: decided at run time.
    let p = policy(Profile::Readonly, &[(Verdict::Allow, "fs.write:tmp/**")]);
    assert!(p.decide_unknown_subject(write).is_none());
    assert!(
        Policy::new(Profile::Workspace).decide_unknown_subject(tool("agent.run", SideEffect::Delegating)).is_none()
    );
}

#[test]
fn bad_rules_are_refused_with_the_rule_named() {
    let mut p = Policy::default();
    let err = p.add(Verdict::Deny, ":src/**", ROOT).unwrap_err();
    assert!(err.contains("names no tool"), "{err}");
    let err = p.add(Verdict::Deny, "fs.[", ROOT).unwrap_err();
    assert!(err.contains("fs.["), "{err}");
    assert!(Profile::parse("open").unwrap_err().contains("readonly, workspace or trusted"));
}

#[test]
fn rules_over_words_match_a_command_line() {
    let words = ToolFacts { words: true, ..tool("host.git", SideEffect::SideEffecting) };
    let p = policy(
        Profile::Workspace,
        &[(Verdict::Deny, "host.git:push*"), (Verdict::Allow, "host.git:status*"), (Verdict::Allow, "host.git:log *")],
    );
    let verdict = |line: &str| p.decide(words, Some(line)).verdict;
    // `*` crosses `/`; a deny rule holds from any word on.
    assert_eq!(verdict("push origin/main"), Verdict::Deny);
    assert_eq!(verdict("-c alias.x=y push"), Verdict::Deny);
    assert_eq!(verdict("--no-pager push --force"), Verdict::Deny);
    // An allow rule only from the first word: a later word does not open the call.
    assert_eq!(verdict("status --short"), Verdict::Allow);
    assert_eq!(verdict("log --oneline src/a.rs"), Verdict::Allow);
    assert_eq!(verdict("commit -m status"), Verdict::Deny, "the profile's default for host.*");
    // Path subjects keep `*` within one component.
    let path = tool("fs.write", SideEffect::SideEffecting);
    let q = policy(Profile::Workspace, &[(Verdict::Deny, "fs.write:/w/*")]);
    assert_eq!(q.decide(path, Some("/w/a/b")).verdict, Verdict::Allow);
}

#[test]
fn a_namespace_alone_is_all_of_it_and_a_star_alone_any_subject() {
    let delete = tool("fs.delete", SideEffect::SideEffecting);
    for rule in ["fs", "fs:*", "fs.*", "fs.*:*"] {
        let p = policy(Profile::Workspace, &[(Verdict::Deny, rule)]);
        assert_eq!(p.decide(delete, Some("/work/deep/a")).verdict, Verdict::Deny, "{rule}");
        assert_eq!(p.decide(delete, None).verdict, Verdict::Deny, "{rule}");
        assert!(p.decide_unknown_subject(delete).is_some(), "{rule}: certain, so the pre-flight blocks");
        assert_eq!(p.decide(tool("fsx.delete", SideEffect::SideEffecting), None).verdict, Verdict::Allow, "{rule}");
    }
    // The entries directly in the root are still a rule of their own.
    let p = policy(Profile::Workspace, &[(Verdict::Deny, "fs.delete:./*")]);
    assert_eq!(p.decide(delete, Some("/work/a")).verdict, Verdict::Deny);
    assert_eq!(p.decide(delete, Some("/work/deep/a")).verdict, Verdict::Allow);
    let mut p = Policy::default();
    p.disable("msg").unwrap();
    assert!(p.disabled_by("msg.send").is_some() && p.disabled_by("meta.get").is_none());
    let written: Vec<(&str, &str)> = p.name_patterns().map(|n| (n.rule, n.written)).collect();
    assert_eq!(written, [("disabled:msg", "msg")]);
}

#[test]
fn what_runs_code_later_is_written_only_under_a_rule_naming_its_path() {
    let later = [
        "/work/.git/hooks/pre-commit",
        "/work/.git/config",
        "/work/.git",
        "/work/sub/.git/modules/m/config",
        "/work/.git/worktrees/w/config.worktree",
        "/work/.git/info/attributes",
        "/work/.github/workflows/ci.yml",
        "/work/.github/actions/a/action.yml",
        "/work/.gitlab-ci.yml",
        "/work/.circleci/config.yml",
        "/work/.ssh/authorized_keys",
        "/work/.gitconfig",
        "/work/.bashrc",
    ];
    let ordinary = [
        "/work/.git/COMMIT_EDITMSG",
        "/work/.git/objects/ab/cd",
        "/work/.github/CODEOWNERS",
        "/work/src/config",
        "/work/git/hooks/x",
    ];
    for path in later {
        assert!(runs_code_later(path).is_some(), "{path}");
    }
    for path in ordinary {
        assert!(runs_code_later(path).is_none(), "{path}");
    }
    assert!(runs_code_later(".git/config").is_none(), "a subject that is no path");
    let write = tool("fs.write", SideEffect::SideEffecting);
    let trusted = policy(Profile::Trusted, &[(Verdict::Allow, "fs.*")]);
    let (verdict, rule) = verdict(&trusted, "fs.write", SideEffect::SideEffecting, Some("/work/.git/hooks/x"));
    assert_eq!(verdict, Verdict::Deny);
    assert!(rule.starts_with("control-plane (a git hook runs code later"), "{rule}");
    assert_eq!(
        trusted.decide(tool("fs.read", SideEffect::ReadOnly), Some("/work/.git/config")).verdict,
        Verdict::Allow
    );
    let named = policy(Profile::Workspace, &[(Verdict::Allow, "fs.*:.git/hooks/**")]);
    assert_eq!(named.decide(write, Some("/work/.git/hooks/x")).verdict, Verdict::Allow);
    assert_eq!(named.decide(write, Some("/work/.git/config")).verdict, Verdict::Deny);
    // A deny rule still holds over a path an allow rule names.
    let both = policy(Profile::Workspace, &[(Verdict::Allow, "fs.*:.git/**"), (Verdict::Deny, "fs.delete")]);
    assert_eq!(
        both.decide(tool("fs.delete", SideEffect::SideEffecting), Some("/work/.git/config")).verdict,
        Verdict::Deny
    );
    // A host program's words are not paths of the workspace.
    let words = ToolFacts { words: true, ..tool("host.git", SideEffect::SideEffecting) };
    assert_eq!(trusted.decide(words, Some("/work/.git/config")).verdict, Verdict::Allow);
}

#[test]
fn a_carried_policy_joins_with_the_strictest_decision_holding() {
    use SideEffect::*;
    // The scheduler denied deletes and asked for writes under src/; the server trusts all
    // but denies the network.
    let mut scheduler = policy(Profile::Workspace, &[(Verdict::Deny, "fs.delete"), (Verdict::Ask, "fs.write:src/**")]);
    scheduler.disable("msg").unwrap();
    scheduler.protect("/work/toolsh.toml");
    let carried = scheduler.carried();
    let mut server = policy(Profile::Trusted, &[(Verdict::Deny, "net.fetch")]);
    server.join(&carried);

    let (got, rule) = verdict(&server, "fs.delete", SideEffecting, Some("/work/a"));
    assert_eq!(got, Verdict::Deny);
    assert_eq!(rule, "deny:fs.delete (the policy the timer was scheduled under)");
    // A relative argument pattern keeps the root it was written under.
    assert_eq!(verdict(&server, "fs.write", SideEffecting, Some("/work/src/x")).0, Verdict::Ask);
    assert_eq!(verdict(&server, "fs.write", SideEffecting, Some("/work/doc/x")).0, Verdict::Allow);
    // The server's own rule holds over the scheduler's profile (which would deny it too) and
    // names itself; the scheduler's disabled namespace and protected file hold.
    assert_eq!(verdict(&server, "net.fetch", ReadOnly, Some("https://x.example/")).1, "deny:net.fetch");
    assert!(server.disabled_by("msg.send").is_some());
    assert!(server.protected().any(|p| p == "/work/toolsh.toml"));
    assert_eq!(verdict(&server, "fs.write", SideEffecting, Some("/work/toolsh.toml")).0, Verdict::Deny);
    // The pre-flight sees the scheduler's certain denial.
    assert!(server.decide_unknown_subject(tool("fs.delete", SideEffecting)).is_some());

    // Carried again (a timer scheduled by a timer's run) it does not grow.
    let again = server.carried();
    let mut next = policy(Profile::Trusted, &[(Verdict::Deny, "net.fetch")]);
    next.join(&again);
    next.join(&again);
    assert_eq!(next.carried(), again);

    // A text that cannot be read refuses everything.
    let mut broken = Policy::new(Profile::Trusted);
    broken.join("{not json");
    let (got, rule) = verdict(&broken, "fs.read", ReadOnly, Some("/work/a"));
    assert_eq!(got, Verdict::Deny);
    assert!(rule.contains("cannot be read"), "{rule}");
    let mut bad_rule = Policy::new(Profile::Trusted);
    bad_rule.join(r#"[{"profile":"trusted","rules":[{"verdict":"maybe","spec":"fs.read","root":"/"}]}]"#);
    assert_eq!(verdict(&bad_rule, "fs.read", ReadOnly, None).0, Verdict::Deny);
}
