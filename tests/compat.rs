//! Differential tests against bash: one test per case (`cargo test --test compat NAME` runs
//! the cases whose `area::name` contains NAME; they run in parallel).
//!
//! Each `tests/compat/<area>.sh` holds cases:
//!
//! ```text
//! ### name of the case
//! script…
//! ## stdout:
//! expected output…
//! ## status: 0
//! ## files:
//! a.txt: "content\n"
//! ```
//!
//! The expectations were recorded from real bash (`scripts/compat.sh --bless`, which runs this
//! binary with `TOOLSH_BLESS=1`: it then re-records instead of testing), so CI needs no
//! particular bash. `TOOLSH_COMPAT_LIVE=1` runs bash
//! again and also reports drift between bash and the recorded expectations. Each case runs in a
//! fresh temporary directory mounted as the workspace; stdout, status and the files left behind
//! are compared. A case marked `## known-diff: reason` documents a deliberate deviation: it must
//! still differ from bash, so a fixed deviation cannot stay hidden. Add ` +stderr` to a case name
//! to compare stderr as well (with the `bash: line N: ` and `toolsh: ` prefixes removed).

#![allow(clippy::disallowed_methods)] // the cases run in real directories, and so does bash

use libtest_mimic::{Arguments, Failed, Trial};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use toolsh::vfs::{DirFs, MemoryFs, Vfs};
use toolsh::{Limits, Shell};

#[derive(Debug, Clone, Default, PartialEq)]
struct Outcome {
    stdout: String,
    status: i32,
    files: Vec<String>,
    stderr: String,
}

#[derive(Debug, Clone, Default)]
struct Case {
    name: String,
    script: String,
    expected: Option<Outcome>,
    known_diff: Option<String>,
    compare_stderr: bool,
}

fn escape(text: &str) -> String {
    let mut out = String::from("\"");
    for c in text.chars() {
        match c {
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\\' => out.push_str("\\\\"),
            '"' => out.push_str("\\\""),
            c if c.is_control() => out.push_str(&format!("\\u{{{:x}}}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

fn unescape(text: &str) -> String {
    let inner = text.trim().trim_start_matches('"').trim_end_matches('"');
    let mut out = String::new();
    let mut chars = inner.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('n') => out.push('\n'),
            Some('t') => out.push('\t'),
            Some('u') => {
                let code: String = chars.by_ref().skip(1).take_while(|c| *c != '}').collect();
                out.push(u32::from_str_radix(&code, 16).ok().and_then(char::from_u32).unwrap_or('?'));
            }
            Some(other) => out.push(other),
            None => out.push('\\'),
        }
    }
    out
}

fn parse_cases(text: &str) -> Vec<Case> {
    let mut cases = Vec::new();
    let mut current: Option<Case> = None;
    let mut section = String::new();
    let mut body: Vec<String> = Vec::new();
    let flush = |case: &mut Case, section: &str, body: &mut Vec<String>| {
        let mut lines = std::mem::take(body);
        while lines.last().is_some_and(|l| l.is_empty()) && section != "stdout" {
            lines.pop();
        }
        let expected = case.expected.get_or_insert_with(Outcome::default);
        match section {
            "script" => {
                let mut lines = lines;
                while lines.last().is_some_and(|l| l.trim().is_empty()) {
                    lines.pop();
                }
                case.script = lines.join("\n");
                case.script.push('\n');
                case.expected = None;
            }
            "stdout" => {
                expected.stdout = lines.iter().map(|l| format!("{l}\n")).collect();
            }
            "stdout-nonl" => {
                expected.stdout = lines.join("\n");
            }
            "stdout-escaped" => expected.stdout = unescape(&lines.join("")),
            "stderr" => expected.stderr = lines.iter().map(|l| format!("{l}\n")).collect(),
            "files" => expected.files = lines,
            _ => {}
        }
    };
    for line in text.lines() {
        if let Some(name) = line.strip_prefix("### ") {
            if let Some(mut case) = current.take() {
                flush(&mut case, &section, &mut body);
                cases.push(case);
            }
            let compare_stderr = name.ends_with(" +stderr");
            current =
                Some(Case { name: name.trim_end_matches(" +stderr").to_string(), compare_stderr, ..Case::default() });
            section = "script".to_string();
            continue;
        }
        let Some(case) = current.as_mut() else { continue };
        if let Some(rest) = line.strip_prefix("## ") {
            if let Some(status) = rest.strip_prefix("status: ") {
                flush(case, &section, &mut body);
                section = String::new();
                case.expected.get_or_insert_with(Outcome::default).status = status.trim().parse().unwrap_or(-1);
                continue;
            }
            if let Some(reason) = rest.strip_prefix("known-diff: ") {
                flush(case, &section, &mut body);
                section = String::new();
                case.known_diff = Some(reason.to_string());
                continue;
            }
            if let Some(name) = rest.strip_suffix(':') {
                flush(case, &section, &mut body);
                section = name.to_string();
                continue;
            }
        }
        body.push(line.to_string());
    }
    if let Some(mut case) = current.take() {
        flush(&mut case, &section, &mut body);
        cases.push(case);
    }
    cases
}

fn render_case(case: &Case, outcome: &Outcome) -> String {
    let mut out = format!("### {}{}\n{}", case.name, if case.compare_stderr { " +stderr" } else { "" }, case.script);
    let needs_escape = outcome.stdout.chars().any(|c| c.is_control() && c != '\n' && c != '\t')
        || outcome.stdout.lines().any(|l| l.starts_with("## ") || l.starts_with("### "));
    if needs_escape {
        out.push_str(&format!("## stdout-escaped:\n{}\n", escape(&outcome.stdout)));
    } else if outcome.stdout.is_empty() {
    } else if outcome.stdout.ends_with('\n') {
        out.push_str("## stdout:\n");
        out.push_str(&outcome.stdout);
    } else {
        out.push_str("## stdout-nonl:\n");
        out.push_str(&outcome.stdout);
        out.push('\n');
    }
    if case.compare_stderr && !outcome.stderr.is_empty() {
        out.push_str("## stderr:\n");
        out.push_str(&outcome.stderr);
        if !outcome.stderr.ends_with('\n') {
            out.push('\n');
        }
    }
    out.push_str(&format!("## status: {}\n", outcome.status));
    if !outcome.files.is_empty() {
        out.push_str("## files:\n");
        for file in &outcome.files {
            out.push_str(file);
            out.push('\n');
        }
    }
    if let Some(reason) = &case.known_diff {
        out.push_str(&format!("## known-diff: {reason}\n"));
    }
    out
}

/// Lists what a case left in its directory: `path: "content"`, `dir/`, `link -> target`.
fn snapshot(root: &Path) -> Vec<String> {
    fn walk(root: &Path, dir: &Path, out: &mut BTreeMap<String, String>) {
        let Ok(entries) = std::fs::read_dir(dir) else { return };
        for entry in entries.flatten() {
            let path = entry.path();
            let rel = path.strip_prefix(root).unwrap_or(&path).to_string_lossy().into_owned();
            let Ok(meta) = std::fs::symlink_metadata(&path) else { continue };
            if meta.file_type().is_symlink() {
                let target = std::fs::read_link(&path).map(|t| t.to_string_lossy().into_owned()).unwrap_or_default();
                out.insert(rel.clone(), format!("{rel} -> {target}"));
            } else if meta.is_dir() {
                out.insert(rel.clone(), format!("{rel}/"));
                walk(root, &path, out);
            } else {
                let data = std::fs::read(&path).unwrap_or_default();
                let text = String::from_utf8_lossy(&data);
                let shown = if text.len() > 300 {
                    format!("{} bytes, {} lines", data.len(), text.lines().count())
                } else {
                    escape(&text)
                };
                out.insert(rel.clone(), format!("{rel}: {shown}"));
            }
        }
    }
    let mut out = BTreeMap::new();
    walk(root, root, &mut out);
    out.into_values().collect()
}

fn normalize(text: &str, tmp: &Path) -> String {
    text.replace(&tmp.to_string_lossy().into_owned(), "<tmp>")
}

fn normalize_stderr(text: &str, tmp: &Path) -> String {
    let text = normalize(text, tmp);
    let mut out = String::new();
    for line in text.lines() {
        let mut line = line;
        for prefix in ["toolsh: ", "/bin/bash: ", "bash: "] {
            if let Some(rest) = line.strip_prefix(prefix) {
                line = rest;
            }
        }
        if let Some(rest) = line.strip_prefix("line ")
            && let Some((_, after)) = rest.split_once(": ")
        {
            line = after;
        }
        // GNU tools quote names with ‘’ in UTF-8 locales; toolsh uses ASCII quotes.
        out.push_str(&line.replace(['‘', '’'], "'"));
        out.push('\n');
    }
    out
}

fn temp_dir() -> tempfile::TempDir {
    tempfile::Builder::new().prefix("toolsh-compat-").tempdir().expect("temporary directory")
}

/// bash's PATH: the system's, after `TOOLSH_ORACLE_PATH` when set, else after
/// `target/oracle/bin` when scripts/jq-oracle.sh has built jq 1.8 there (the distribution's jq
/// is 1.6: a jq case recorded from it would be wrong, and some hang it).
fn oracle_path() -> String {
    let built = concat!(env!("CARGO_MANIFEST_DIR"), "/target/oracle/bin");
    match std::env::var("TOOLSH_ORACLE_PATH") {
        Ok(dir) if !dir.is_empty() => format!("{dir}:/usr/bin:/bin"),
        _ if std::path::Path::new(built).join("jq").exists() => format!("{built}:/usr/bin:/bin"),
        _ => "/usr/bin:/bin".to_string(),
    }
}

fn run_bash(script: &str) -> Outcome {
    let dir = temp_dir();
    let root = dir.path().canonicalize().expect("canonical temp dir");
    let child = std::process::Command::new("/bin/bash")
        .arg("-c")
        .arg(script)
        .current_dir(&root)
        .env_clear()
        .env("HOME", &root)
        .env("LC_ALL", "C.UTF-8")
        .env("PATH", oracle_path())
        .stdin(std::process::Stdio::null())
        .output()
        .expect("run /bin/bash");
    Outcome {
        stdout: normalize(&String::from_utf8_lossy(&child.stdout), &root),
        status: child.status.code().unwrap_or(128),
        files: snapshot(&root),
        stderr: normalize_stderr(&String::from_utf8_lossy(&child.stderr), &root),
    }
}

fn run_toolsh(runtime: &tokio::runtime::Runtime, script: &str) -> Outcome {
    let dir = temp_dir();
    let root = dir.path().canonicalize().expect("canonical temp dir");
    let root_text = root.to_string_lossy().into_owned();
    let mut vfs = Vfs::new();
    vfs.mount(&root_text, Arc::new(DirFs::open(&root).expect("open dir")), false, "dir");
    vfs.mount("/tmp", Arc::new(MemoryFs::new()), false, "memory");
    let limits = Limits { wall_time: Some(std::time::Duration::from_secs(10)), ..Limits::default() };
    let mut shell = Shell::builder().vfs(vfs).cwd(&root_text).env("HOME", &root_text).limits(limits).build();
    let outcome = runtime.block_on(async {
        use toolsh::interp::io::{Capture, Input, Io, Output};
        let stdout = Capture::new(1 << 24);
        let stderr = Capture::new(1 << 24);
        let io = Io::new(Input::null(), Output::Capture(stdout.clone()), Output::Capture(stderr.clone()));
        let mut status = shell.run(script, &io).await;
        if shell.exit_status().is_none() {
            status = shell.finish(&io).await;
        }
        toolsh::ExecOutcome { stdout: stdout.take(), stderr: stderr.take(), status, ..Default::default() }
    });
    Outcome {
        stdout: normalize(&outcome.stdout_text(), &root),
        status: outcome.status,
        files: snapshot(&root),
        stderr: normalize_stderr(&outcome.stderr_text(), &root),
    }
}

fn compat_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/compat")
}

fn shorten(text: &str) -> String {
    let shown = escape(text);
    if shown.len() <= 400 {
        return shown;
    }
    let cut: String = shown.chars().take(400).collect();
    format!("{cut}… ({} chars)", text.len())
}

fn differs(expected: &Outcome, actual: &Outcome, stderr: bool) -> Vec<String> {
    let mut problems = Vec::new();
    if expected.stdout != actual.stdout {
        problems.push(format!(
            "stdout\n  expected: {}\n  actual:   {}",
            shorten(&expected.stdout),
            shorten(&actual.stdout)
        ));
    }
    if expected.status != actual.status {
        problems.push(format!("status: expected {}, actual {}", expected.status, actual.status));
    }
    if expected.files != actual.files {
        problems.push(format!("files\n  expected: {:?}\n  actual:   {:?}", expected.files, actual.files));
    }
    if stderr && expected.stderr != actual.stderr {
        problems.push(format!(
            "stderr\n  expected: {}\n  actual:   {}",
            shorten(&expected.stderr),
            shorten(&actual.stderr)
        ));
    }
    problems
}

/// The case files, sorted, with their areas (`sort` for `tests/compat/sort.sh`).
fn case_files() -> Vec<(String, PathBuf)> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(compat_dir())
        .expect("tests/compat")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "sh"))
        .collect();
    files.sort();
    files.into_iter().map(|f| (f.file_stem().unwrap_or_default().to_string_lossy().into_owned(), f)).collect()
}

/// Runs one case against its recording (and, live, bash against the recording too).
fn check(case: &Case, live: bool) -> Result<(), Failed> {
    let Some(expected) = &case.expected else {
        return Err("no recorded expectation; run scripts/compat.sh --bless".into());
    };
    if live {
        let drift = differs(expected, &run_bash(&case.script), case.compare_stderr);
        if !drift.is_empty() {
            return Err(format!("bash drifted from the recording:\n{}", drift.join("\n")).into());
        }
    }
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().expect("runtime");
    let problems = differs(expected, &run_toolsh(&runtime, &case.script), case.compare_stderr);
    match (&case.known_diff, problems.is_empty()) {
        (None, true) | (Some(_), false) => Ok(()),
        (None, false) => Err(format!("{}\n--- script:\n{}", problems.join("\n"), case.script).into()),
        (Some(reason), true) => {
            Err(format!("marked known-diff ({reason}) but now matches bash: remove the marker").into())
        }
    }
}

/// Re-records the expectations from bash: every area, or the one `only` names (a partial bless
/// would drop the cases it skipped, so only whole areas are written back).
fn bless(only: Option<&str>) {
    for (area, file) in case_files() {
        if only.is_some_and(|o| o != area) {
            continue;
        }
        let text = std::fs::read_to_string(&file).expect("read case file");
        let mut rewritten = String::new();
        for case in parse_cases(&text) {
            rewritten.push_str(&render_case(&case, &run_bash(&case.script)));
            rewritten.push('\n');
        }
        std::fs::write(&file, rewritten.trim_end().to_string() + "\n").expect("write blessed cases");
    }
}

fn main() {
    if std::env::var("TOOLSH_BLESS").is_ok_and(|v| v == "1") {
        bless(std::env::var("TOOLSH_COMPAT_ONLY").ok().as_deref());
        return;
    }
    let live = std::env::var("TOOLSH_COMPAT_LIVE").is_ok_and(|v| v == "1");
    let mut trials = Vec::new();
    for (area, file) in case_files() {
        let text = std::fs::read_to_string(&file).expect("read case file");
        for case in parse_cases(&text) {
            let name = format!("{area}::{}", case.name);
            trials.push(Trial::test(name, move || check(&case, live)));
        }
    }
    assert!(!trials.is_empty(), "no compat case found");
    libtest_mimic::run(&Arguments::from_args(), trials).exit();
}
