//! The generators of bash's completion, which `compgen` runs as a command (scripts use it to
//! list names: `compgen -A function`, `compgen -v PREFIX`, `compgen -W "$words" -- "$cur"`)
//! and programmable completion runs for a specification: the names of each action (`-a`
//! aliases, `-c` every command, `-f`/`-d` files and directories, `-v` variables, …) read from
//! the interpreter's tables in bash's order, `-G`'s glob, and `-W`'s words expanded as bash
//! expands them. `progcomp.rs` puts them together in bash's order (actions, glob, words, then
//! `-F`'s function and `-C`'s command) and applies `-X`, `-P` and `-S`; the `compgen` builtin
//! itself is in `complete.rs`.

use super::{Interp, Io};
use crate::ast::{Command, Word};

/// bash 5.2's builtins that toolsh runs, in bash's order (`compgen -b`, `enable`).
pub(crate) fn builtins_here() -> impl Iterator<Item = &'static str> {
    toolsh_core::command::BASH_BUILTINS.iter().copied().filter(|name| crate::builtins::lookup(name).is_some())
}

/// `set -o`'s names (`compgen -A setopt`).
const SETOPT: &[&str] = &[
    "allexport",
    "braceexpand",
    "emacs",
    "errexit",
    "errtrace",
    "functrace",
    "hashall",
    "histexpand",
    "history",
    "ignoreeof",
    "interactive-comments",
    "keyword",
    "monitor",
    "noclobber",
    "noexec",
    "noglob",
    "nolog",
    "notify",
    "nounset",
    "onecmd",
    "physical",
    "pipefail",
    "posix",
    "privileged",
    "verbose",
    "vi",
    "xtrace",
];

/// `shopt`'s names (`compgen -A shopt`).
const SHOPT: &[&str] = &[
    "autocd",
    "assoc_expand_once",
    "cdable_vars",
    "cdspell",
    "checkhash",
    "checkjobs",
    "checkwinsize",
    "cmdhist",
    "compat31",
    "compat32",
    "compat40",
    "compat41",
    "compat42",
    "compat43",
    "compat44",
    "complete_fullquote",
    "direxpand",
    "dirspell",
    "dotglob",
    "execfail",
    "expand_aliases",
    "extdebug",
    "extglob",
    "extquote",
    "failglob",
    "force_fignore",
    "globasciiranges",
    "globskipdots",
    "globstar",
    "gnu_errfmt",
    "histappend",
    "histreedit",
    "histverify",
    "hostcomplete",
    "huponexit",
    "inherit_errexit",
    "interactive_comments",
    "lastpipe",
    "lithist",
    "localvar_inherit",
    "localvar_unset",
    "login_shell",
    "mailwarn",
    "no_empty_cmd_completion",
    "nocaseglob",
    "nocasematch",
    "noexpand_translation",
    "nullglob",
    "patsub_replacement",
    "progcomp",
    "progcomp_alias",
    "promptvars",
    "restricted_shell",
    "shift_verbose",
    "sourcepath",
    "varredir_close",
    "xpg_echo",
];

/// Variables the interpreter answers without holding them (`compgen -v` lists them, as
/// bash's do exist).
const DYNAMIC: &[&str] = &[
    "BASHPID",
    "BASH_ARGC",
    "BASH_ARGV",
    "BASH_ARGV0",
    "BASH_LINENO",
    "BASH_SOURCE",
    "BASH_SUBSHELL",
    "EPOCHREALTIME",
    "EPOCHSECONDS",
    "LINENO",
    "PIPESTATUS",
    "RANDOM",
    "SECONDS",
];

/// The actions, in the order bash generates them (`gen_action_completions`).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
enum Action {
    Alias,
    ArrayVar,
    Binding,
    Builtin,
    Disabled,
    Enabled,
    Export,
    Function,
    HelpTopic,
    Hostname,
    Job,
    Keyword,
    Running,
    SetOpt,
    Shopt,
    Signal,
    Stopped,
    Variable,
    Command,
    File,
    User,
    Group,
    Service,
    Directory,
}

fn action_named(name: &str) -> Option<Action> {
    Some(match name {
        "alias" => Action::Alias,
        "arrayvar" => Action::ArrayVar,
        "binding" => Action::Binding,
        "builtin" => Action::Builtin,
        "command" => Action::Command,
        "directory" => Action::Directory,
        "disabled" => Action::Disabled,
        "enabled" => Action::Enabled,
        "export" => Action::Export,
        "file" => Action::File,
        "function" => Action::Function,
        "group" => Action::Group,
        "helptopic" => Action::HelpTopic,
        "hostname" => Action::Hostname,
        "job" => Action::Job,
        "keyword" => Action::Keyword,
        "running" => Action::Running,
        "service" => Action::Service,
        "setopt" => Action::SetOpt,
        "shopt" => Action::Shopt,
        "signal" => Action::Signal,
        "stopped" => Action::Stopped,
        "user" => Action::User,
        "variable" => Action::Variable,
        _ => return None,
    })
}

/// Splits `-W`'s text at the characters of `ifs`, a quoted part staying whole (bash's
/// `split_at_delims`); the pieces keep their quotes, for the expansion to remove.
fn split_words(text: &str, ifs: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut current = String::new();
    let mut quote: Option<char> = None;
    // Open `$(`/`(` and `${`/`{` of substitutions: blanks inside them split nothing.
    let mut depth = 0usize;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if quote.is_none() && c == '$' && matches!(chars.peek(), Some('(' | '{')) {
            current.push(c);
            if let Some(open) = chars.next() {
                current.push(open);
            }
            depth += 1;
            continue;
        }
        if quote.is_none() && depth > 0 {
            match c {
                '(' | '{' => depth += 1,
                ')' | '}' => depth -= 1,
                _ => {}
            }
            if c != '\\' && c != '\'' && c != '"' && c != '`' {
                current.push(c);
                continue;
            }
        }
        match quote {
            Some(q) => {
                current.push(c);
                if c == '\\' && q == '"' {
                    if let Some(next) = chars.next() {
                        current.push(next);
                    }
                } else if c == q {
                    quote = None;
                }
            }
            None if c == '\\' => {
                current.push(c);
                if let Some(next) = chars.next() {
                    current.push(next);
                }
            }
            None if c == '\'' || c == '"' || c == '`' => {
                quote = Some(c);
                current.push(c);
            }
            None if ifs.contains(c) => {
                if !current.is_empty() {
                    words.push(std::mem::take(&mut current));
                }
            }
            None => current.push(c),
        }
    }
    if !current.is_empty() {
        words.push(current);
    }
    words
}

/// A piece of `-W`'s text read as the word of a command (`: PIECE`), when it reads as one.
pub(super) fn as_word(piece: &str) -> Option<Word> {
    let script = crate::parser::parse(&format!(": {piece}")).ok()?;
    let [item] = script.body.as_slice() else { return None };
    if !item.and_or.rest.is_empty() || item.and_or.first.commands.len() != 1 {
        return None;
    }
    match &item.and_or.first.commands[0] {
        Command::Simple(simple) if simple.words.len() == 2 && simple.redirects.is_empty() => {
            simple.words.get(1).cloned()
        }
        _ => None,
    }
}

impl Interp {
    /// The names the actions in `bits` generate that start with `word`, in bash's order.
    pub(super) fn action_matches(&self, bits: u32, word: &str) -> Vec<String> {
        let mut actions: Vec<Action> = toolsh_core::compspec::action_names(bits).filter_map(action_named).collect();
        actions.sort();
        let mut found = Vec::new();
        for action in actions {
            let names = self.names_for(action, word);
            found.extend(names.into_iter().filter(|name| name.starts_with(word)));
        }
        found
    }

    /// bash's own completion of `word` outside a command's position (`-o bashdefault`,
    /// `bash_default_completion`): `$NAME`/`${NAME` the variables, `~NAME` the users,
    /// `@NAME` the host names, a word with glob characters its matches; nothing else (file
    /// names are readline's, `-o default`).
    pub(super) fn default_matches(&self, word: &str) -> Vec<String> {
        let with = |action: Action, typed: &str, before: &str, after: &str| -> Vec<String> {
            let names = self.names_for(action, typed);
            names
                .into_iter()
                .filter(|name| name.starts_with(typed))
                .map(|name| format!("{before}{name}{after}"))
                .collect()
        };
        if let Some(rest) = word.strip_prefix('$') {
            if rest.starts_with('(') {
                return Vec::new();
            }
            return match rest.strip_prefix('{') {
                Some(name) => with(Action::Variable, name, "${", "}"),
                None => with(Action::Variable, rest, "$", ""),
            };
        }
        if let Some(user) = word.strip_prefix('~')
            && !user.contains('/')
        {
            return with(Action::User, user, "~", "");
        }
        if let Some(host) = word.strip_prefix('@') {
            return with(Action::Hostname, host, "@", "");
        }
        if word.contains(['*', '?', '[']) {
            return self.glob_matches(word);
        }
        Vec::new()
    }

    /// `-G`'s matches: the glob as it is, dot files left out.
    pub(super) fn glob_matches(&self, glob: &str) -> Vec<String> {
        let options = super::Options { dotglob: false, ..self.state.options };
        super::glob::glob(&self.fs("compgen"), &self.state.cwd, glob, &options)
    }

    /// `-W`'s words that start with `word`, each expanded as bash expands them (no globbing);
    /// `None` when an expansion failed.
    pub(super) async fn wordlist_matches(&mut self, text: &str, word: &str, io: &Io) -> Option<Vec<String>> {
        let ifs = self.state.vars.get_str("IFS").unwrap_or(" \t\n").to_string();
        let noglob = std::mem::replace(&mut self.state.options.noglob, true);
        let mut found = Vec::new();
        for piece in split_words(text, &ifs) {
            let Some(parsed) = as_word(&piece) else {
                found.extend(std::iter::once(piece).filter(|p| p.starts_with(word)));
                continue;
            };
            match Box::pin(self.expand_words(std::slice::from_ref(&parsed), io)).await {
                Ok(fields) => found.extend(fields.into_iter().filter(|field| field.starts_with(word))),
                Err(_) => {
                    self.state.options.noglob = noglob;
                    return None;
                }
            }
        }
        self.state.options.noglob = noglob;
        Some(found)
    }
}

/// `-X`'s pattern with each unquoted `&` replaced by the word being completed (its pattern
/// characters quoted); `\&` is a plain `&`.
pub(super) fn with_word(pattern: &str, word: &str) -> String {
    let mut out = String::new();
    let mut chars = pattern.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => {
                out.push('\\');
                if let Some(next) = chars.next() {
                    out.push(next);
                }
            }
            '&' => out.push_str(&super::pattern::escape(word)),
            c => out.push(c),
        }
    }
    out
}

impl Interp {
    /// The names `action` generates (those starting with `word` are kept by the caller).
    fn names_for(&self, action: Action, word: &str) -> Vec<String> {
        let state = &self.state;
        let strs = |list: &[&str]| list.iter().map(|s| s.to_string()).collect::<Vec<String>>();
        match action {
            Action::Alias => state.aliases.keys().cloned().collect(),
            Action::ArrayVar => {
                let names = state.vars.names();
                names
                    .into_iter()
                    .filter(|name| {
                        state.vars.get(name).is_some_and(|var| {
                            matches!(var.value, super::vars::Value::Indexed(_) | super::vars::Value::Assoc(_))
                        })
                    })
                    .collect()
            }
            Action::Builtin | Action::HelpTopic => builtins_here().map(str::to_string).collect(),
            Action::Enabled => builtins_here()
                .filter(|name| !state.disabled_builtins.iter().any(|d| d == name))
                .map(str::to_string)
                .collect(),
            Action::Export => state.vars.exported_names(),
            Action::Function => {
                let mut names: Vec<String> = state.functions.keys().cloned().collect();
                names.sort();
                names
            }
            Action::Job | Action::Running => {
                let table = self.job_table();
                table
                    .jobs()
                    .iter()
                    .filter(|job| action == Action::Job || job.run.status().is_none())
                    .map(|job| job.command.split_whitespace().next().unwrap_or_default().to_string())
                    .collect()
            }
            Action::Keyword => strs(crate::parser::RESERVED_WORDS),
            Action::SetOpt => strs(SETOPT),
            Action::Shopt => strs(SHOPT),
            Action::Signal => {
                let mut names = vec!["EXIT".to_string()];
                names.extend(crate::signals::all().into_iter().map(|(_, name)| format!("SIG{name}")));
                names.extend(strs(&["DEBUG", "ERR", "RETURN"]));
                names
            }
            Action::Variable => {
                let mut names = state.vars.names();
                names.extend(DYNAMIC.iter().map(|s| s.to_string()));
                if state.vars.in_function() {
                    names.push("FUNCNAME".to_string());
                }
                names.sort();
                names.dedup();
                names
            }
            Action::Command => {
                let mut names: Vec<String> = state.aliases.keys().cloned().collect();
                names.extend(strs(crate::parser::RESERVED_WORDS));
                let mut functions: Vec<String> = state.functions.keys().cloned().collect();
                functions.sort();
                names.extend(functions);
                let builtins = self.names_for(Action::Builtin, word);
                // The other commands stand where bash finds programs on the PATH.
                let others = crate::builtins::all()
                    .iter()
                    .map(|entry| entry.name)
                    .filter(|name| !builtins.iter().any(|b| b == name));
                names.extend(builtins.iter().cloned());
                names.extend(others.map(str::to_string));
                if word.contains('/') {
                    names.extend(self.files(word, false));
                }
                names
            }
            Action::File => self.files(word, false),
            Action::Directory => self.files(word, true),
            Action::User | Action::Group => vec![self.shared.agent().to_string()],
            Action::Hostname => vec![super::session::HOSTNAME.to_string()],
            Action::Disabled => builtins_here()
                .filter(|name| state.disabled_builtins.iter().any(|d| d == name))
                .map(str::to_string)
                .collect(),
            Action::Binding | Action::Stopped | Action::Service => Vec::new(),
        }
    }

    /// The files (or only directories) whose path starts with `word`, dot files included as
    /// readline's completion lists them, `.` and `..` when the last part of `word` starts them.
    pub(super) fn files(&self, word: &str, dirs_only: bool) -> Vec<String> {
        let (dir, base) = match word.rfind('/') {
            Some(at) => (&word[..=at], &word[at + 1..]),
            None => ("", word),
        };
        let pattern = format!("{}*{}", super::pattern::escape(word), if dirs_only { "/" } else { "" });
        let options = super::Options { dotglob: true, nullglob: true, failglob: false, ..self.state.options };
        let mut names: Vec<String> = super::glob::glob(&self.fs("compgen"), &self.state.cwd, &pattern, &options)
            .into_iter()
            .map(|path| if dirs_only { path.trim_end_matches('/').to_string() } else { path })
            .collect();
        if !base.is_empty() {
            for special in [".", ".."] {
                if special.starts_with(base) {
                    names.push(format!("{dir}{special}"));
                }
            }
        }
        names
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_split_at_ifs_outside_quotes() {
        assert_eq!(split_words("a 'b c'  \"d e\"f g\\ h", " \t\n"), ["a", "'b c'", "\"d e\"f", "g\\ h"]);
        assert_eq!(split_words("a:b c", ":"), ["a", "b c"]);
        assert_eq!(
            split_words("$(echo a b) ${x:- y} `echo c d` e", " "),
            ["$(echo a b)", "${x:- y}", "`echo c d`", "e"]
        );
        assert!(split_words("", " ").is_empty());
    }

    #[test]
    fn the_filter_puts_the_word_for_ampersands() {
        assert_eq!(with_word("!&b", "a"), "!ab");
        assert_eq!(with_word("\\&x", "a"), "\\&x");
        assert_eq!(with_word("&", "*"), "\\*");
    }
}
