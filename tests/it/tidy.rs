//! Tidiness the compiler does not check: every source file opens with a module doc, every
//! command's spec is consistent (its name is the table's, no letter or long name twice, the
//! tools it names exist), every command has a help snapshot and no snapshot outlives its
//! command, and the crates depend on each other as ARCHITECTURE.md draws it.

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use toolsh::builtins::spec::Order;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The Rust files of the project (not the build's), found from `dir` down.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name().to_string_lossy().into_owned();
        if path.is_dir() && !matches!(name.as_str(), "target" | "corpus" | "artifacts" | ".git") {
            rust_files(&path, out);
        } else if name.ends_with(".rs") {
            out.push(path);
        }
    }
}

#[test]
fn every_source_file_opens_with_a_module_doc() {
    let mut files = Vec::new();
    for dir in ["src", "builtins", "crates", "tests", "benches"] {
        rust_files(&root().join(dir), &mut files);
    }
    assert!(files.len() > 100, "the walk found the sources ({} files)", files.len());
    let undocumented: Vec<String> = files
        .iter()
        .filter(|file| {
            let text = std::fs::read_to_string(file).unwrap_or_default();
            let first = text.lines().map(str::trim).find(|l| !l.is_empty() && !l.starts_with("#!["));
            !first.is_some_and(|l| l.starts_with("//!"))
        })
        .map(|file| file.strip_prefix(root()).unwrap_or(file).display().to_string())
        .collect();
    assert!(undocumented.is_empty(), "files without a module doc (`//! …` first):\n{}", undocumented.join("\n"));
}

#[test]
fn every_spec_is_consistent_with_its_entry_and_the_tools() {
    let tools: HashSet<String> =
        toolsh::tools::Registry::builtin().all().iter().map(|tool| tool.spec().name.to_string()).collect();
    let mut problems = Vec::new();
    for entry in toolsh::builtins::all() {
        let spec = entry.spec;
        if spec.name != entry.name || spec.summary != entry.summary || spec.summary.is_empty() {
            problems.push(format!("{}: the entry and its spec disagree on name or summary", entry.name));
        }
        let mut letters = HashSet::new();
        let mut longs = HashSet::new();
        for opt in spec.options {
            if let Some(letter) = opt.short
                && (!letters.insert(letter) || spec.help_letter == Some(letter))
            {
                problems.push(format!("{}: -{letter} twice", entry.name));
            }
            for long in [opt.long, opt.also].into_iter().flatten() {
                if !longs.insert(long) || long == "help" {
                    problems.push(format!("{}: --{long} twice (or --help, which every spec has)", entry.name));
                }
            }
            if opt.help.is_empty() {
                problems.push(format!("{}: an option without a line of help", entry.name));
            }
        }
        let named = spec.tools.iter().chain(spec.subcommands.iter().flat_map(|(_, t)| t.iter()));
        for tool in named.chain(spec.actions.iter().map(|(_, t)| t)) {
            if !tools.contains(*tool) {
                problems.push(format!("{}: calls {tool}, which is no tool", entry.name));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn every_command_has_a_help_snapshot_and_no_snapshot_outlives_its_command() {
    let dir = root().join("tests/snapshots/commands");
    let snapshots: HashSet<String> = std::fs::read_dir(&dir)
        .expect("tests/snapshots/commands")
        .flatten()
        .filter_map(|e| e.file_name().to_string_lossy().strip_suffix(".txt").map(str::to_string))
        .collect();
    let commands: HashSet<String> = toolsh::builtins::all()
        .iter()
        .filter(|entry| entry.spec.order != Order::Literal)
        .map(|entry| entry.name.to_string())
        .collect();
    let mut missing: Vec<&String> = commands.difference(&snapshots).collect();
    let mut stale: Vec<&String> = snapshots.difference(&commands).collect();
    missing.sort();
    stale.sort();
    assert!(
        missing.is_empty() && stale.is_empty(),
        "help snapshots missing for {missing:?} (TOOLSH_BLESS=1 cargo test --test it commands) and stale for {stale:?}"
    );
}

/// The workspace crates a manifest's `[dependencies]` name (not dev- or build-dependencies).
fn workspace_dependencies(manifest: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(manifest).unwrap_or_default();
    let mut section = String::new();
    let mut found = Vec::new();
    for line in text.lines().map(str::trim) {
        if line.starts_with('[') {
            section = line.to_string();
        } else if section == "[dependencies]"
            && let Some((name, _)) = line.split_once('=')
            && (name.trim() == "toolsh" || name.trim().starts_with("toolsh-"))
        {
            found.push(name.trim().to_string());
        }
    }
    found.sort();
    found
}

#[test]
fn the_crate_graph_is_the_architecture() {
    // Each crate and the workspace crates it may build on: the interpreter above the commands,
    // the commands on the core only, the core on the language and the workspace; the
    // allocator (the one crate with unsafe code) on none; the Python and npm packages on the
    // library.
    let graph: &[(&str, &[&str])] = &[
        ("Cargo.toml", &["toolsh-alloc", "toolsh-builtins", "toolsh-core", "toolsh-syntax", "toolsh-vfs"]),
        ("builtins/Cargo.toml", &["toolsh-core"]),
        ("crates/alloc/Cargo.toml", &[]),
        ("crates/core/Cargo.toml", &["toolsh-syntax", "toolsh-vfs"]),
        ("crates/syntax/Cargo.toml", &[]),
        ("crates/vfs/Cargo.toml", &[]),
        // The packages stand on the library's front only.
        ("bindings/python/Cargo.toml", &["toolsh"]),
        ("bindings/node/Cargo.toml", &["toolsh"]),
    ];
    for (manifest, allowed) in graph {
        let path = root().join(manifest);
        assert!(path.exists(), "{manifest} exists");
        assert_eq!(workspace_dependencies(&path), *allowed, "the workspace crates {manifest} depends on");
    }
}

/// No built-in tool is reachable under the name of a command of the table (commands come
/// first, so such a tool would never run, and the pre-flight judges a builtin's line without
/// asking the registry): embedders' tools are refused such names at registration.
#[test]
fn no_built_in_tool_has_the_name_of_a_command() {
    let registry = toolsh::tools::Registry::builtin();
    let taken: Vec<&str> = toolsh::builtins::all()
        .iter()
        .map(|entry| entry.name)
        .filter(|name| registry.resolve(name).is_some())
        .collect();
    assert!(taken.is_empty(), "tools under command names: {taken:?}");
}
