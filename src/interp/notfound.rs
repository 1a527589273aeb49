//! What the shell says of a command that does not exist, worded so that a model stops rather
//! than retries: the programs agents reach for first (`git`, `python3`, `rg`, `npm`) are named
//! as host programs that run only when the operator declares them, with the built-in that does
//! the job where one does;
//! anything else gets up to three close names — close by a small edit distance, and never a
//! destructive command (`rg` is not a typo of `rm`).

use super::Interp;
use crate::builtins;
use toolsh_core::suggest::edit_distance;

/// Host programs by name, and what to use instead (empty: nothing does their job here).
const HOST_PROGRAMS: &[(&str, &str)] = &[
    ("ack", "grep -rn PATTERN ."),
    ("ag", "grep -rn PATTERN ."),
    ("apt", ""),
    ("apt-get", ""),
    ("brew", ""),
    ("bun", ""),
    ("cargo", ""),
    ("cc", ""),
    ("deno", ""),
    ("docker", ""),
    ("emacs", "cat, sed -n 'A,Bp' to read; sed -i or fs.write --mode edit to change"),
    ("fd", "find . -name PATTERN"),
    ("gcc", ""),
    ("git", "diff -u A B to compare files; find, grep -rn and ls to look around"),
    ("go", ""),
    ("htop", "jobs"),
    ("java", ""),
    ("kubectl", ""),
    ("less", "cat, head, tail or sed -n 'A,Bp'"),
    ("make", ""),
    ("more", "cat, head, tail or sed -n 'A,Bp'"),
    ("nano", "cat, sed -n 'A,Bp' to read; sed -i or fs.write --mode edit to change"),
    ("node", "awk, jq or bc for computing; the shell itself for scripting"),
    ("npm", ""),
    ("npx", ""),
    ("perl", "awk, sed or jq"),
    ("php", ""),
    ("pip", ""),
    ("pip3", ""),
    ("pnpm", ""),
    ("python", "awk, jq or bc for computing; the shell itself for scripting"),
    ("python3", "awk, jq or bc for computing; the shell itself for scripting"),
    ("rg", "grep -rn PATTERN ."),
    ("ruby", "awk, sed or jq"),
    ("scp", ""),
    ("ssh", ""),
    ("sudo", "the command itself: there is one user here"),
    ("top", "jobs"),
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
        if let Ok(at) = HOST_PROGRAMS.binary_search_by(|(program, _)| program.cmp(&name)) {
            let instead = HOST_PROGRAMS[at].1;
            let instead = if instead.is_empty() { String::new() } else { format!("; use {instead}") };
            return format!(
                "toolsh: {name}: command not found: host programs run here only when the operator \
                 declares them ([host.{name}] in toolsh.toml, or --host {name}), and none can be \
                 installed from here{instead} ('help' lists every command)\n"
            );
        }
        let suggestions = self.similar_commands(name);
        if suggestions.is_empty() {
            // bash's words exactly: scripts and their tests compare them.
            format!("toolsh: {name}: command not found\n")
        } else {
            format!("toolsh: {name}: command not found (did you mean: {}?)\n", suggestions.join(", "))
        }
    }

    /// Up to three known command names close to `name`, closest first: commands and
    /// functions within a small edit distance, and tools as [`crate::tools::Registry::similar`]
    /// finds them.
    fn similar_commands(&self, name: &str) -> Vec<String> {
        let limit = (name.chars().count() / 3).max(1);
        let mut scored: Vec<(usize, String)> = builtins::all()
            .iter()
            .map(|b| b.name.to_string())
            .filter(|candidate| !NEVER_SUGGESTED.contains(&candidate.as_str()))
            .chain(self.state.functions.keys().cloned())
            .filter_map(|candidate| {
                let distance = edit_distance(name, &candidate);
                (distance <= limit).then_some((distance, candidate))
            })
            .collect();
        scored.extend(self.shared.tools.similar(name, 3));
        scored.sort();
        scored.dedup_by(|a, b| a.1 == b.1);
        scored.into_iter().take(3).map(|(_, name)| name).collect()
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_host_programs_are_sorted() {
        for pair in super::HOST_PROGRAMS.windows(2) {
            assert!(pair[0].0 < pair[1].0, "{} before {}", pair[0].0, pair[1].0);
        }
    }
}
