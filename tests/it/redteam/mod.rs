//! The red-team suite: command lines an untrusted model could send, run through the binary
//! against a real `--root` workspace with protected files in it and a host directory beside it.
//! Every case asserts that the host and the protected files are exactly as they were; cases
//! are tables, and a test reports every route that got through, not only the first.

mod address;
mod audit;
mod confined;
mod control_plane;
mod escape;
mod mcp;
mod memory;
mod path_rules;
mod process;
mod programs;
mod sessions;
mod sql;

pub use crate::support::{Ran, run_binary};

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// A workspace with protected files, a host directory outside it, and an empty directory the
/// process runs in (so a name resolved against the host's cwd would land somewhere visible).
pub struct Fixture {
    _outer: tempfile::TempDir,
    /// The outer directory: everything the run could reach on the host.
    pub base: PathBuf,
    /// The workspace (`--root`).
    pub ws: PathBuf,
    /// Host files beside the workspace.
    pub host: PathBuf,
    /// The process's cwd.
    pub cwd: PathBuf,
}

/// The control plane of the fixture (relative to the outer directory): no case may change it.
pub const CONTROL_PLANE: &[&str] =
    &["ws/toolsh.toml", "ws/.env", "ws/ssh/id_ed25519", "ws/sub/.env.local", "ws/state/store.db"];

/// The files under `secret/`, which the path-rule cases protect with a rule.
pub const RULED: &[&str] = &["ws/secret/v.txt", "ws/secret/deep/w.txt"];

impl Fixture {
    pub fn new() -> Fixture {
        let outer = tempfile::tempdir().expect("tempdir");
        let base = outer.path().canonicalize().expect("canonical");
        let ws = base.join("ws");
        let host = base.join("host");
        let cwd = base.join("cwd");
        for dir in ["ws/secret/deep", "ws/ssh", "ws/sub", "ws/dir", "ws/state", "host", "cwd"] {
            std::fs::create_dir_all(base.join(dir)).expect("mkdir");
        }
        for (path, text) in [
            ("ws/toolsh.toml", "profile = \"workspace\"\n"),
            ("ws/.env", "TOKEN=hunter2\n"),
            ("ws/other.txt", "other\n"),
            ("ws/secret/v.txt", "protected value\n"),
            ("ws/secret/deep/w.txt", "deeper value\n"),
            ("ws/ssh/id_ed25519", "PRIVATE KEY\n"),
            ("ws/ssh/known_hosts", "host\n"),
            ("ws/sub/.env.local", "LOCAL=1\n"),
            ("ws/sub/a.txt", "a\n"),
            ("ws/dir/x.txt", "x\n"),
            ("host/notes.txt", "host notes\n"),
        ] {
            std::fs::write(base.join(path), text).expect("write");
        }
        for db in ["host/victim.db", "ws/keep.db"] {
            let conn = rusqlite::Connection::open(base.join(db)).expect("open db");
            conn.execute_batch("CREATE TABLE t(x); INSERT INTO t VALUES ('row-secret');").expect("fill db");
        }
        let fx = Fixture { _outer: outer, base, ws, host, cwd };
        // The store exists before the attack, as it would in use.
        let ran = fx.run(&[], "cat other.txt > /dev/null");
        assert_eq!(ran.status, 0, "fixture: {}", ran.stderr);
        fx
    }

    /// The flags every run gets: the workspace root and a store inside it.
    fn base_args(&self) -> Vec<String> {
        vec![
            "--root".into(),
            self.ws.to_string_lossy().into_owned(),
            "--store".into(),
            self.ws.join("state/store.db").to_string_lossy().into_owned(),
        ]
    }

    /// Runs `toolsh [base flags] FLAGS -c LINE` in the fixture's cwd; killed after 20 s. With
    /// `--memory` or `--overlay {ws}` among the flags, they choose the workspace instead of
    /// `--root`.
    pub fn run(&self, flags: &[&str], line: &str) -> Ran {
        let mut args = self.base_args();
        if flags.iter().any(|f| matches!(*f, "--memory" | "--overlay")) {
            args.drain(..2);
        }
        args.extend(flags.iter().map(|f| self.expand(f)));
        args.push("-c".into());
        args.push(line.into());
        run_binary(&self.cwd, &args, Duration::from_secs(20))
    }

    /// The line with `{host}`, `{ws}` and `{store}` replaced by this fixture's paths.
    pub fn expand(&self, line: &str) -> String {
        line.replace("{host}", &self.host.to_string_lossy())
            .replace("{ws}", &self.ws.to_string_lossy())
            .replace("{store}", &self.ws.join("state/store.db").to_string_lossy())
    }

    /// Rows in the store's audit log.
    pub fn audit_rows(&self) -> i64 {
        let conn = rusqlite::Connection::open(self.ws.join("state/store.db")).expect("open store");
        conn.query_row("SELECT count(*) FROM audit", [], |row| row.get(0)).expect("count audit")
    }

    /// Everything a case must leave alone: the `protected` files and the whole host side.
    pub fn snapshot(&self, protected: &[&str]) -> BTreeMap<String, Option<Vec<u8>>> {
        let mut seen = BTreeMap::new();
        for rel in CONTROL_PLANE.iter().chain(protected) {
            let content = std::fs::read(self.base.join(rel)).ok();
            // The store changes with every run (the audit log); that it is there is what counts.
            let content = if rel.ends_with("store.db") { content.map(|_| Vec::new()) } else { content };
            seen.insert(rel.to_string(), content);
        }
        for dir in ["host", "cwd"] {
            walk(&self.base, &self.base.join(dir), &mut seen);
        }
        seen
    }
}

fn walk(base: &Path, dir: &Path, seen: &mut BTreeMap<String, Option<Vec<u8>>>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let path = entry.path();
        let rel = path.strip_prefix(base).expect("inside").to_string_lossy().into_owned();
        if path.is_dir() {
            seen.insert(format!("{rel}/"), None);
            walk(base, &path, seen);
        } else {
            seen.insert(rel, std::fs::read(&path).ok());
        }
    }
}

/// One attack: extra flags and the line.
pub struct Case {
    pub flags: Vec<String>,
    pub line: String,
}

impl Case {
    pub fn new(flags: &[&str], line: impl Into<String>) -> Case {
        Case { flags: flags.iter().map(|f| f.to_string()).collect(), line: line.into() }
    }
}

/// Runs every case on a fresh fixture and returns the routes that changed the control plane,
/// a `protected` file or the host (or that `check` rejects), described for the failure message.
pub fn breaches(cases: &[Case], protected: &[&str], check: impl Fn(&Fixture, &Ran) -> Option<String>) -> Vec<String> {
    let mut found = Vec::new();
    for case in cases {
        let fx = Fixture::new();
        let before = fx.snapshot(protected);
        let flags: Vec<&str> = case.flags.iter().map(String::as_str).collect();
        let ran = fx.run(&flags, &fx.expand(&case.line));
        let after = fx.snapshot(protected);
        let mut what: Vec<String> = Vec::new();
        for (path, content) in &after {
            if before.get(path) != Some(content) {
                what.push(format!("{path} changed"));
            }
        }
        for path in before.keys().filter(|p| !after.contains_key(*p)) {
            what.push(format!("{path} vanished"));
        }
        if ran.status == -9 {
            what.push("still running after 20 s".into());
        }
        if ran.stderr.contains("panicked") {
            what.push("panicked".into());
        }
        if let Some(extra) = check(&fx, &ran) {
            what.push(extra);
        }
        if !what.is_empty() {
            found.push(format!(
                "{:?} {:?}: {} (status {}, stderr {:?})",
                case.flags,
                case.line,
                what.join(", "),
                ran.status,
                ran.stderr.chars().take(300).collect::<String>()
            ));
        }
    }
    found
}

/// Fails with every breach listed.
pub fn assert_none(category: &str, found: Vec<String>) {
    assert!(found.is_empty(), "{category}: {} routes got through:\n{}", found.len(), found.join("\n"));
}

/// A table of cases sharing flags.
pub fn cases(flags: &[&str], lines: &[&str]) -> Vec<Case> {
    lines.iter().map(|line| Case::new(flags, *line)).collect()
}

/// A workspace and a host directory beside it, under one temporary directory, for the cases
/// that run host programs; `None` (said) where the kernel has no Landlock and host programs
/// are refused.
pub fn program_dirs() -> Option<(tempfile::TempDir, std::path::PathBuf, std::path::PathBuf)> {
    if toolsh::host::landlock_abi() == 0 {
        eprintln!("skipped: this kernel has no Landlock, so host programs are refused here");
        return None;
    }
    let outer = tempfile::tempdir().expect("tempdir");
    let base = outer.path().canonicalize().expect("canonical");
    let (ws, host) = (base.join("ws"), base.join("host"));
    std::fs::create_dir_all(&ws).expect("ws");
    std::fs::create_dir_all(&host).expect("host");
    Some((outer, ws, host))
}
