//! Tidiness the compiler does not check: every source file opens with a module doc, every
//! command's spec is consistent (its name is the table's, no letter or long name twice, the
//! tools it names exist), every command has a help snapshot and no snapshot outlives its
//! command, the crates depend on each other as ARCHITECTURE.md draws it, and no module of a
//! crate reaches itself through its siblings.

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
        toolsh::tools::builtin_registry().all().iter().map(|tool| tool.spec().name.to_string()).collect();
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
    // Each crate and the workspace crates it may build on: the interpreter above everything;
    // the commands on the core and the gate only (no store, no tool bodies: no database
    // driver); the core on the gate, the language and the workspace; the store on the gate;
    // the tool bodies on the gate, the store and the core; the gate on the workspace alone;
    // the allocator (the one crate with unsafe code) on none; the text of arbitrary bytes
    // (toolsh-bytes) on none, under every crate that turns bytes into text; the Python and npm
    // packages on the library's front.
    let graph: &[(&str, &[&str])] = &[
        (
            "Cargo.toml",
            &[
                "toolsh-alloc",
                "toolsh-builtins",
                "toolsh-bytes",
                "toolsh-core",
                "toolsh-gate",
                "toolsh-store",
                "toolsh-syntax",
                "toolsh-tools",
                "toolsh-vfs",
            ],
        ),
        ("builtins/Cargo.toml", &["toolsh-bytes", "toolsh-core", "toolsh-gate"]),
        ("crates/alloc/Cargo.toml", &[]),
        ("crates/bytes/Cargo.toml", &[]),
        ("crates/core/Cargo.toml", &["toolsh-bytes", "toolsh-gate", "toolsh-syntax", "toolsh-vfs"]),
        ("crates/gate/Cargo.toml", &["toolsh-bytes", "toolsh-vfs"]),
        ("crates/store/Cargo.toml", &["toolsh-gate"]),
        ("crates/tools/Cargo.toml", &["toolsh-bytes", "toolsh-core", "toolsh-gate", "toolsh-store", "toolsh-vfs"]),
        ("crates/syntax/Cargo.toml", &["toolsh-bytes"]),
        ("crates/vfs/Cargo.toml", &["toolsh-bytes"]),
        ("bindings/python/Cargo.toml", &["toolsh"]),
        ("bindings/node/Cargo.toml", &["toolsh"]),
    ];
    for (manifest, allowed) in graph {
        let path = root().join(manifest);
        assert!(path.exists(), "{manifest} exists");
        assert_eq!(workspace_dependencies(&path), *allowed, "the workspace crates {manifest} depends on");
    }
}

/// Every package `package` pulls in, by Cargo.lock (dev- and build-dependencies too: the
/// lock file does not tell them apart, so this over-approximates).
fn locked_closure(package: &str) -> HashSet<String> {
    let lock = std::fs::read_to_string(root().join("Cargo.lock")).expect("Cargo.lock");
    let mut deps: std::collections::HashMap<String, Vec<String>> = std::collections::HashMap::new();
    for block in lock.split("[[package]]") {
        let Some(name) = block.lines().find_map(|l| l.strip_prefix("name = ")) else { continue };
        let list = block.split("dependencies = [").nth(1).and_then(|rest| rest.split(']').next()).unwrap_or("");
        let names = list.lines().filter_map(|l| {
            l.trim().trim_end_matches(',').strip_prefix('"')?.split([' ', '"']).next().map(str::to_string)
        });
        deps.entry(name.trim_matches('"').to_string()).or_default().extend(names);
    }
    let mut seen = HashSet::new();
    let mut todo = vec![package.to_string()];
    while let Some(next) = todo.pop() {
        if seen.insert(next.clone()) {
            todo.extend(deps.get(&next).into_iter().flatten().cloned());
        }
    }
    seen
}

#[test]
fn the_commands_compile_no_database_driver() {
    let commands = locked_closure("toolsh-builtins");
    assert!(commands.contains("jaq-core"), "the closure is read from the lock file");
    for driver in ["rusqlite", "libsqlite3-sys", "tokio-postgres", "deadpool-postgres", "toolsh-store", "toolsh-tools"]
    {
        assert!(!commands.contains(driver), "toolsh-builtins pulls in {driver}");
    }
    assert!(locked_closure("toolsh-tools").contains("rusqlite"), "and the tool bodies do");
}

/// The modules a file names by `prefix` (`super::`, `crate::a::b::`): `prefix` followed by an
/// identifier or a `{a, b::c}` group, not preceded by a path character. Comments are skipped.
fn named_after(text: &str, prefix: &str) -> Vec<String> {
    let mut names = Vec::new();
    for line in text.lines() {
        let code = line.split("//").next().unwrap_or("");
        let mut from = 0;
        while let Some(at) = code[from..].find(prefix) {
            let start = from + at;
            from = start + prefix.len();
            let before = code[..start].chars().next_back();
            if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':') {
                continue;
            }
            let rest = &code[from..];
            let ident = |s: &str| s.trim().chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect::<String>();
            if let Some(group) = rest.strip_prefix('{') {
                let group = group.split('}').next().unwrap_or("");
                names.extend(group.split(',').map(ident));
            } else {
                names.push(ident(rest));
            }
        }
    }
    names.retain(|name| !name.is_empty());
    names
}

/// The child modules of the module whose directory is `dir`: each name with its files.
fn child_modules(dir: &Path) -> Vec<(String, Vec<PathBuf>)> {
    let mut children: std::collections::BTreeMap<String, Vec<PathBuf>> = std::collections::BTreeMap::new();
    for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let path = entry.path();
        let name = entry.file_name().to_string_lossy().into_owned();
        if let Some(stem) = name.strip_suffix(".rs") {
            if !matches!(stem, "mod" | "lib" | "main") {
                children.entry(stem.to_string()).or_default().push(path);
            }
        } else if path.is_dir()
            && name != "bin"
            && (path.join("mod.rs").exists() || dir.join(format!("{name}.rs")).exists())
        {
            let mut files = Vec::new();
            rust_files(&path, &mut files);
            children.entry(name).or_default().extend(files);
        }
    }
    children.into_iter().collect()
}

/// The cycles among the sibling modules under `dir` (module path `path`), and under each of
/// them in turn.
fn module_cycles(dir: &Path, path: &[String], found: &mut Vec<String>) {
    let children = child_modules(dir);
    let names: Vec<&str> = children.iter().map(|(name, _)| name.as_str()).collect();
    let mut edges: Vec<Vec<usize>> = vec![Vec::new(); children.len()];
    for (index, (name, files)) in children.iter().enumerate() {
        for file in files {
            let text = std::fs::read_to_string(file).unwrap_or_default();
            let relative = file.strip_prefix(dir).unwrap_or(file);
            // How far up `super::` must go from this file to reach `dir`'s module.
            let mut depth = relative.components().count();
            if file.file_name().is_some_and(|n| n == "mod.rs") {
                depth -= 1;
            }
            let up = "super::".repeat(depth);
            let absolute = format!("crate::{}", path.iter().map(|p| format!("{p}::")).collect::<String>());
            for other in named_after(&text, &up).into_iter().chain(named_after(&text, &absolute)) {
                if let Some(to) = names.iter().position(|n| *n == other)
                    && other != *name
                    && !edges[index].contains(&to)
                {
                    edges[index].push(to);
                }
            }
        }
    }
    // A module is on a cycle when it reaches itself.
    for start in 0..children.len() {
        let mut seen = vec![false; children.len()];
        let mut todo = edges[start].clone();
        while let Some(next) = todo.pop() {
            if next == start {
                found.push(format!("{} in {}", names[start], dir.display()));
                break;
            }
            if !std::mem::replace(&mut seen[next], true) {
                todo.extend(&edges[next]);
            }
        }
    }
    for (name, files) in &children {
        let sub = dir.join(name);
        if sub.is_dir() && !files.is_empty() {
            let mut deeper = path.to_vec();
            deeper.push(name.clone());
            module_cycles(&sub, &deeper, found);
        }
    }
}

/// Within each crate the modules form layers too: no module reaches itself through its
/// siblings' references, at any level (what one module needs of another's internals moves
/// to the one below both, or becomes the other's child).
#[test]
fn no_module_cycle_inside_any_crate() {
    let mut roots = vec![root().join("src"), root().join("builtins")];
    for entry in std::fs::read_dir(root().join("crates")).expect("crates").flatten() {
        roots.push(entry.path().join("src"));
    }
    let mut found = Vec::new();
    for dir in &roots {
        module_cycles(dir, &[], &mut found);
    }
    assert!(found.is_empty(), "modules on a cycle: {found:#?}");
    // The check sees a cycle when there is one.
    let scratch = tempfile::tempdir().expect("tempdir");
    std::fs::write(scratch.path().join("a.rs"), "use super::b::B;").expect("write");
    std::fs::write(scratch.path().join("b.rs"), "fn f() { crate::a::f() }").expect("write");
    let mut seen = Vec::new();
    module_cycles(scratch.path(), &[], &mut seen);
    assert_eq!(seen.len(), 2, "{seen:?}");
}

/// No built-in tool is reachable under the name of a command of the table (commands come
/// first, so such a tool would never run, and the pre-flight judges a builtin's line without
/// asking the registry): embedders' tools are refused such names at registration.
#[test]
fn no_built_in_tool_has_the_name_of_a_command() {
    let registry = toolsh::tools::builtin_registry();
    let taken: Vec<&str> = toolsh::builtins::all()
        .iter()
        .map(|entry| entry.name)
        .filter(|name| registry.resolve(name).is_some())
        .collect();
    assert!(taken.is_empty(), "tools under command names: {taken:?}");
}
