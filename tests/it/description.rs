//! The `shell` tool's description says what is true of the session it describes: under each
//! policy, the host programs it names are those that may run (and "no host programs" only when
//! none may), every command it lists answers `help NAME`, a command whose tools are all denied
//! is not listed, and its tool index is exactly what `config tools` says is not denied.

use serde_json::Value;
use std::collections::BTreeSet;
use std::process::Command;

/// `toolsh ARGS…` in `dir`, its standard output and status.
fn toolsh(dir: &std::path::Path, args: &[&str]) -> (String, i32) {
    let out = Command::new(env!("CARGO_BIN_EXE_toolsh"))
        .current_dir(dir)
        .env_clear()
        .env("HOME", crate::support::test_home())
        .args(args)
        .output()
        .expect("run");
    (String::from_utf8_lossy(&out.stdout).into_owned(), out.status.code().unwrap_or(-1))
}

/// What the description of the session `policy` makes says, read back.
struct Said {
    text: String,
    hosts: Option<BTreeSet<String>>,
    commands: Vec<String>,
    tools: BTreeSet<String>,
}

fn described(dir: &std::path::Path, policy: &[&str]) -> Said {
    let (json, status) = toolsh(dir, &[policy, &["tools", "--export", "mcp"]].concat());
    assert_eq!(status, 0, "{policy:?}: {json}");
    let tool: Value = serde_json::from_str(&json).expect("the definition is JSON");
    let text = tool["description"].as_str().expect("a description").to_string();
    let after = |label: &str| text.split_once(label).map(|(_, rest)| rest.lines().next().unwrap_or("").to_string());
    let hosts = after("; host programs (real, confined): ")
        .map(|line| line.split_once('.').map_or(line.clone(), |(names, _)| names.to_string()))
        .map(|names| names.split_whitespace().map(str::to_string).collect());
    assert!(
        hosts.is_some() != text.contains("; no host programs"),
        "{policy:?}: the description says whether host programs run, once: {text}"
    );
    let commands = after("Commands besides bash builtins:").expect("a command list");
    let index = after("\nTools:").expect("a tool index");
    let mut tools = BTreeSet::new();
    for part in index.split("; ").map(str::trim).filter(|p| !p.is_empty()) {
        assert!(!part.contains("* ("), "{policy:?}: the built-in index is short enough to list whole: {part}");
        let (ns, names) = part.split_once('.').expect("ns.names");
        tools.extend(names.split(',').map(|name| format!("{ns}.{name}")));
    }
    Said { commands: commands.split_whitespace().map(str::to_string).collect(), tools, hosts, text }
}

/// The tools `config tools` shows as visible, switched on and not denied by the policy.
fn runnable_tools(dir: &std::path::Path, policy: &[&str]) -> BTreeSet<String> {
    let (json, status) = toolsh(dir, &[policy, &["-c", "config tools --json"]].concat());
    assert_eq!(status, 0, "{json}");
    let rows: Vec<Value> = serde_json::from_str(&json).expect("config tools --json");
    rows.iter()
        .filter(|row| row["visible"] == true && row["enabled"] == true)
        .filter(|row| !row["policy"].as_str().unwrap_or("").starts_with("denied"))
        .filter_map(|row| row["name"].as_str().map(str::to_string))
        .collect()
}

#[test]
fn the_description_is_read_off_the_session_under_every_policy() {
    let dir = tempfile::tempdir().expect("tempdir");
    let git = "--host=git";
    let python = "--host=python3=/usr/bin/python3";
    let policies: &[&[&str]] = &[
        &[],
        &["--profile", "readonly"],
        &["--deny", "fs.delete", "--deny", "msg.*"],
        &["--allow", "net.fetch:https://api.example.com/**"],
        &[git, python],
        &[git, python, "--allow", "host.git"],
        &[git, python, "--profile", "trusted"],
    ];
    for policy in policies {
        let said = described(dir.path(), policy);
        let runnable = runnable_tools(dir.path(), policy);
        let hosts: BTreeSet<String> =
            runnable.iter().filter_map(|name| name.strip_prefix("host.")).map(str::to_string).collect();
        assert_eq!(said.hosts.clone().unwrap_or_default(), hosts, "{policy:?}: host programs\n{}", said.text);
        let others: BTreeSet<String> = runnable.into_iter().filter(|name| !name.starts_with("host.")).collect();
        assert_eq!(said.tools, others, "{policy:?}: the tool index\n{}", said.text);
        // Every command listed, and every host program, has usage that `help NAME` shows.
        let names: Vec<&String> = said.commands.iter().chain(said.hosts.iter().flatten()).collect();
        let line = names
            .iter()
            .map(|name| format!("help {name} >/dev/null || echo \"no help: {name}\""))
            .collect::<Vec<_>>()
            .join("\n");
        let (out, _) = toolsh(dir.path(), &[*policy, &["-c", line.as_str()]].concat());
        assert_eq!(out, "", "{policy:?}");
        assert!(
            said.commands.iter().any(|c| c == "apply_patch"),
            "{policy:?}: names with `_` are listed: {:?}",
            said.commands
        );
        // A command whose every tool is denied is not offered.
        let listed = |name: &str| said.commands.iter().any(|c| c == name);
        let network = policy.contains(&"trusted") || policy.contains(&"net.fetch:https://api.example.com/**");
        let deletes = !policy.contains(&"readonly") && !policy.contains(&"fs.delete");
        assert_eq!(
            (listed("curl"), listed("rm"), listed("cat")),
            (network, deletes, true),
            "{policy:?}: {:?}",
            said.commands
        );
        assert_eq!(listed("msg"), !policy.contains(&"msg.*"), "{policy:?}: {:?}", said.commands);
    }
}

/// The default shape tells what a call past its `timeout_ms` becomes and how to stop it; the
/// shapes that run each command as a process say their state ends with it.
#[test]
fn each_shape_says_what_persists_and_what_a_timeout_becomes() {
    let dir = tempfile::tempdir().expect("tempdir");
    let said = described(dir.path(), &[]);
    assert!(said.text.contains("`exit` ends only the call"), "{}", said.text);
    assert!(said.text.contains("148 past timeout_ms, still running as job %N (`wait %N`, `kill %N`)"), "{}", said.text);
    let (json, status) = toolsh(dir.path(), &["tools", "--export", "codex"]);
    assert_eq!(status, 0, "{json}");
    assert!(json.contains("each command is a process of its own") && !json.contains("148 past"), "{json}");
}

/// `--export` names the one definition printed: given twice, it is a usage error (status 2)
/// that names both, not the last silently winning.
#[test]
fn a_repeated_export_is_refused() {
    let dir = tempfile::tempdir().expect("tempdir");
    let out = Command::new(env!("CARGO_BIN_EXE_toolsh"))
        .current_dir(dir.path())
        .env_clear()
        .env("HOME", crate::support::test_home())
        .args(["tools", "--export", "mcp", "--export", "openai"])
        .output()
        .expect("run");
    let said = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{said}");
    assert!(out.stdout.is_empty());
    assert!(said.contains("--export given twice (mcp, then openai)"), "{said}");
}
