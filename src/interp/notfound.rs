//! What the shell says of a command that does not exist, worded so that a model stops rather
//! than retries, and true of this session: a declared host program close to the name (`python`
//! where `python3` is declared) is offered first; the programs agents reach for (`git`,
//! `pytest`, `npm`) are named as host programs that run only when the operator declares them,
//! with how to declare one, those that are declared, and the built-in that does the job where one
//! does; anything else gets up to three close names — close by a small edit distance, and never a
//! destructive command (`rg` is not a typo of `rm`).

use super::Interp;
use crate::builtins;
use crate::tools::Tool;
use std::sync::Arc;
use toolsh_gate::suggest::edit_distance;

/// Host programs by name, and what to use instead (empty: nothing does their job here).
const HOST_PROGRAMS: &[(&str, &str)] = &[
    ("ack", "rg PATTERN"),
    ("ag", "rg PATTERN"),
    ("apt", ""),
    ("apt-get", ""),
    ("black", ""),
    ("brew", ""),
    ("bun", ""),
    ("cargo", ""),
    ("cc", ""),
    ("clang", ""),
    ("cmake", ""),
    ("conda", ""),
    ("deno", ""),
    ("docker", ""),
    ("dotnet", ""),
    ("emacs", "cat, sed -n 'A,Bp' to read; sed -i or fs.write --mode edit to change"),
    ("eslint", ""),
    ("fd", "find . -name PATTERN"),
    ("flake8", ""),
    ("g++", ""),
    ("gcc", ""),
    ("gh", ""),
    ("git", "diff -u A B to compare files; find, grep -rn and ls to look around"),
    ("go", ""),
    ("gradle", ""),
    ("htop", "jobs"),
    ("java", ""),
    ("javac", ""),
    ("jest", ""),
    ("kubectl", ""),
    ("less", "cat, head, tail or sed -n 'A,Bp'"),
    ("make", ""),
    ("more", "cat, head, tail or sed -n 'A,Bp'"),
    ("mvn", ""),
    ("mypy", ""),
    ("nano", "cat, sed -n 'A,Bp' to read; sed -i or fs.write --mode edit to change"),
    ("node", "awk, jq or bc for computing; the shell itself for scripting"),
    ("npm", ""),
    ("npx", ""),
    ("perl", "awk, sed or jq"),
    ("php", ""),
    ("pip", ""),
    ("pip3", ""),
    ("pipx", ""),
    ("pnpm", ""),
    ("poetry", ""),
    ("prettier", ""),
    ("pylint", ""),
    ("pyright", ""),
    ("pytest", ""),
    ("python", "awk, jq or bc for computing; the shell itself for scripting"),
    ("python3", "awk, jq or bc for computing; the shell itself for scripting"),
    ("ruby", "awk, sed or jq"),
    ("ruff", ""),
    ("rustc", ""),
    ("rustup", ""),
    ("scp", ""),
    ("ssh", ""),
    ("sudo", "the command itself: there is one user here"),
    ("swift", ""),
    ("top", "jobs"),
    ("tox", ""),
    ("tsc", ""),
    ("uv", ""),
    ("uvx", ""),
    ("vi", "cat, sed -n 'A,Bp' to read; sed -i or fs.write --mode edit to change"),
    ("vim", "cat, sed -n 'A,Bp' to read; sed -i or fs.write --mode edit to change"),
    ("yarn", ""),
    ("yum", ""),
];

/// Commands never offered as a guess: a typo must not turn into a deletion.
const NEVER_SUGGESTED: &[&str] = &["kill", "mv", "rm", "rmdir", "truncate"];

impl Interp {
    /// The message for the unknown command `name` (a line, newline-terminated).
    pub(crate) fn not_found(&self, name: &str) -> String {
        let prefix = self.state.diagnostic_prefix();
        let declared = self.host_programs();
        if let Some((close, _)) = declared.iter().find(|(command, _)| same_program(name, command)) {
            return format!(
                "{prefix}{name}: command not found (did you mean: {close}? the operator declared the \
                 host program {close}, not {name})\n"
            );
        }
        if let Ok(at) = HOST_PROGRAMS.binary_search_by(|(program, _)| program.cmp(&name)) {
            let instead = HOST_PROGRAMS[at].1;
            let instead = if instead.is_empty() { String::new() } else { format!("; use {instead}") };
            let names: Vec<&str> = declared.iter().map(|(command, _)| command.as_str()).collect();
            let here = match names.as_slice() {
                [] => String::new(),
                names => format!("; declared here: {}", names.join(", ")),
            };
            return format!(
                "{prefix}{name}: command not found: {name} is a host program, and host programs run \
                 here only when the operator declares them ([host.{name}] in toolsh.toml, or --host \
                 {name}); none can be installed from here{here}{instead} ('help' lists every command)\n"
            );
        }
        // A script gets bash's words exactly (scripts and their tests compare them); a typed
        // line (an agent's call, the console) gets the guesses too.
        let suggestions = if self.state.main_source.is_empty() { self.similar_commands(name) } else { Vec::new() };
        if suggestions.is_empty() {
            // bash's words exactly: scripts and their tests compare them. With no PATH to
            // search (unset or empty) bash looked in the current directory, and says so.
            if self.state.vars.get_str("PATH").is_none_or(str::is_empty) {
                return format!("{prefix}{name}: No such file or directory\n");
            }
            // A name holding a control character or a byte that is not UTF-8 as `$'…'`
            // (bash's `printable_filename`).
            format!("{prefix}{}: command not found\n", crate::builtins::printable_filename(name))
        } else {
            format!("{prefix}{name}: command not found (did you mean: {}?)\n", suggestions.join(", "))
        }
    }

    /// The declared host programs the session may see, each by the name that runs it (`git`,
    /// or `host.test` where a built-in command has the name), sorted.
    pub(crate) fn host_programs(&self) -> Vec<(String, Arc<dyn Tool>)> {
        let mut found: Vec<(String, Arc<dyn Tool>)> = self
            .shared
            .tools()
            .visible()
            .into_iter()
            .filter_map(|tool| {
                let program = tool.spec().name.strip_prefix("host.")?.to_string();
                let runs_it = self.shared.tools().resolve(&program).is_some_and(|found| Arc::ptr_eq(&found, &tool));
                let command = if runs_it { program } else { tool.spec().name.clone() };
                Some((command, tool))
            })
            .collect();
        found.sort_by(|a, b| a.0.cmp(&b.0));
        found
    }

    /// The declared host program that runs what `name` names, as an interpreter line does:
    /// the program of that name, else one of the same program with or without a version
    /// (`python` → `python3`, `python3.12` → `python3`; never `python2` → `python3`).
    pub(crate) fn host_program_for(&self, name: &str) -> Option<(String, Arc<dyn Tool>)> {
        let declared = self.host_programs();
        let program =
            |(command, _): &&(String, Arc<dyn Tool>)| command.strip_prefix("host.").unwrap_or(command).to_string();
        let exact = declared.iter().find(|entry| program(entry) == name);
        exact.or_else(|| declared.iter().find(|entry| same_program(name, &program(entry)))).cloned()
    }

    /// Up to three known command names close to `name`, closest first: commands and
    /// functions within a small edit distance, and tools as [`crate::tools::Registry::similar`]
    /// finds them.
    fn similar_commands(&self, name: &str) -> Vec<String> {
        if name.is_empty() {
            return Vec::new();
        }
        let limit = (name.chars().count() / 3).max(1);
        let mut scored: Vec<(usize, String)> = builtins::all()
            .iter()
            .map(|b| b.name.to_string())
            .filter(|candidate| !NEVER_SUGGESTED.contains(&candidate.as_str()))
            // `.`, `:` and `[` are one edit from every one-letter name, and never what it meant.
            .filter(|candidate| {
                candidate.starts_with(|c: char| c.is_alphanumeric()) || !name.starts_with(|c: char| c.is_alphanumeric())
            })
            .chain(self.state.functions.keys().cloned())
            .filter_map(|candidate| {
                let distance = edit_distance(name, &candidate);
                (distance <= limit).then_some((distance, candidate))
            })
            .collect();
        scored.extend(self.shared.tools().similar(name, 3));
        scored.sort();
        scored.dedup_by(|a, b| a.1 == b.1);
        scored.into_iter().take(3).map(|(_, name)| name).collect()
    }
}

/// Whether `a` and `b` name one program, one of them with a version the other leaves out
/// (`python`, `python3`, `python3.12`; `pip`, `pip3`): the rest after the shorter is digits and
/// dots, starting with a digit.
fn same_program(a: &str, b: &str) -> bool {
    let (short, long) = if a.len() <= b.len() { (a, b) } else { (b, a) };
    match long.strip_prefix(short) {
        Some(version) if !short.is_empty() && short != long => {
            let version = version.strip_prefix('.').unwrap_or(version);
            version.starts_with(|c: char| c.is_ascii_digit()) && version.chars().all(|c| c.is_ascii_digit() || c == '.')
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_program_matches_itself_with_a_version_and_nothing_else() {
        for (a, b) in [("python", "python3"), ("python3.12", "python3"), ("pip", "pip3"), ("ruby", "ruby3.2")] {
            assert!(super::same_program(a, b) && super::same_program(b, a), "{a} {b}");
        }
        for (a, b) in [("python2", "python3"), ("python", "python"), ("py", "python3"), ("git", "git2x"), ("", "3")] {
            assert!(!super::same_program(a, b), "{a} {b}");
        }
    }

    #[test]
    fn the_host_programs_are_sorted() {
        for pair in super::HOST_PROGRAMS.windows(2) {
            assert!(pair[0].0 < pair[1].0, "{} before {}", pair[0].0, pair[1].0);
        }
    }
}
