//! Programmable completion, as bash's `pcomplete.c` does it: one specification evaluated
//! for a word (its actions, `-G`, `-W`, the `-F` function run in the shell with `COMP_*` set
//! and its `COMPREPLY` read back, the `-C` command's output, `-X`, `-P`/`-S`, `-o dirnames`
//! and `plusdirs`), and, for a whole line, which specification applies (the command's, its
//! basename's, `-D`, `-E` for an empty line, `-I` for the command word) with bash's retry
//! when a function returns 124. `compgen` evaluates a specification of its own with no line;
//! the console completes its line through [`Interp::complete_line`].

use super::{Flow, Interp, Io};
use crate::interp::vars::Value;
use std::collections::BTreeMap;
use toolsh_core::compspec::{self, CompSpec};

/// A function's status asking for the completion to be tried again (bash's `EX_RETRYFAIL`).
const RETRY: i32 = 124;

/// The line a completion is for, as the `-F` function and `-C` command see it.
#[derive(Debug, Clone, Default)]
pub(crate) struct LineContext {
    /// `COMP_LINE`: the current command's text.
    pub line: String,
    /// The cursor's byte offset in `line` (`COMP_POINT` counts characters).
    pub point: usize,
    /// `COMP_WORDS`.
    pub words: Vec<String>,
    /// `COMP_CWORD`: the index of the word being completed (-1 for none).
    pub cword: i64,
    /// `COMP_TYPE` and `COMP_KEY`: the kind of completion and the key that asked (9: Tab).
    pub kind: i64,
}

/// What evaluating a specification gave.
#[derive(Debug, Default)]
pub(crate) struct Generated {
    /// The matches; `None` when `-W` failed to expand, or a function asked to retry.
    pub matches: Option<Vec<String>>,
    /// The function returned 124: try the (changed) specifications again. Only a line's
    /// completion (the console's) retries; `compgen` takes no matches.
    #[cfg_attr(not(feature = "console"), allow(dead_code))]
    pub retry: bool,
}

impl Interp {
    /// Evaluates `spec` for `word`, an argument of `cmd` (bash's `gen_compspec_completions`).
    pub(crate) async fn generate(
        &mut self,
        spec: &CompSpec,
        cmd: &str,
        word: &str,
        context: &LineContext,
        io: &Io,
    ) -> Result<Generated, Flow> {
        let mut found = true;
        let mut retry = false;
        let mut matches = self.action_matches(spec.actions, word);
        if let Some(glob) = &spec.globpat {
            matches.extend(self.glob_matches(glob));
        }
        if let Some(words) = &spec.words {
            match self.wordlist_matches(words, word, io).await {
                Some(words) => matches.extend(words),
                None => found = false,
            }
        }
        if let Some(function) = &spec.funcname {
            // A function not defined, or returning 127, adds nothing; 124 asks for a retry
            // and drops every match.
            let (status, reply) = self.run_completion_function(function, cmd, word, context, io).await?;
            if status == Some(RETRY) {
                retry = true;
            } else if status.is_some_and(|status| status != crate::status::NOT_FOUND) {
                matches.extend(reply);
            }
        }
        if let Some(command) = &spec.command {
            matches.extend(self.run_completion_command(command, cmd, word, context, io).await?);
        }
        if !found || retry {
            return Ok(Generated { matches: None, retry });
        }
        if let Some(filter) = &spec.filterpat {
            let (negated, pattern) = match filter.strip_prefix('!') {
                Some(rest) => (true, rest),
                None => (false, filter.as_str()),
            };
            let pattern = super::pattern::Pattern::new(&super::compgen::with_word(pattern, word));
            // `-X PAT` removes what matches; `-X !PAT` keeps only what does.
            matches.retain(|name| pattern.matches(name) == negated);
        }
        if spec.prefix.is_some() || spec.suffix.is_some() {
            let prefix = spec.prefix.as_deref().unwrap_or("");
            let suffix = spec.suffix.as_deref().unwrap_or("");
            for name in &mut matches {
                *name = format!("{prefix}{name}{suffix}");
            }
        }
        if matches.is_empty() && spec.options & compspec::DIRNAMES != 0 {
            matches = self.files(word, true);
        } else if spec.options & compspec::PLUSDIRS != 0 {
            matches.extend(self.files(word, true));
        }
        Ok(Generated { matches: Some(matches), retry: false })
    }

    /// Sets `COMP_LINE`, `COMP_POINT`, `COMP_TYPE`, `COMP_KEY` (exported for a command) and,
    /// for a function, `COMP_WORDS` and `COMP_CWORD` (bash's `bind_compfunc_variables`).
    fn bind_comp_variables(&mut self, context: &LineContext, exported: bool) {
        let point = context.line.get(..context.point).map_or(0, |before| before.chars().count());
        let vars = &mut self.state.vars;
        let scalars = [
            ("COMP_LINE", context.line.clone()),
            ("COMP_POINT", point.to_string()),
            ("COMP_TYPE", context.kind.to_string()),
            ("COMP_KEY", context.kind.to_string()),
        ];
        for (name, value) in scalars {
            let _ = vars.set(name, value);
            if exported && let Some(var) = vars.get_mut(name) {
                var.attrs.set(super::vars::Attrs::EXPORT, true);
            }
        }
        if !exported {
            if vars.is_reference("COMP_WORDS") {
                vars.drop_reference("COMP_WORDS");
            }
            let words: BTreeMap<i64, String> =
                context.words.iter().cloned().enumerate().map(|(at, w)| (at as i64, w)).collect();
            let _ = vars.set_value("COMP_WORDS", Value::Indexed(words));
            let _ = vars.set("COMP_CWORD", context.cword.to_string());
        }
    }

    fn unbind_comp_variables(&mut self) {
        for name in ["COMP_LINE", "COMP_POINT", "COMP_TYPE", "COMP_KEY", "COMP_WORDS", "COMP_CWORD"] {
            let _ = self.state.vars.unset_raw(name);
        }
    }

    /// The word before the one being completed, or the first (bash's `build_arg_list`).
    fn previous_word(context: &LineContext) -> String {
        let at = (context.cword - 1).max(0) as usize;
        context.words.get(at).cloned().unwrap_or_default()
    }

    /// Runs `-F`'s function with `COMP_*` set and `$1 $2 $3` the command, the word and the
    /// word before; returns its status (`None`: not defined) and `COMPREPLY`, which is then
    /// unset (bash's `gen_shell_function_matches`).
    async fn run_completion_function(
        &mut self,
        function: &str,
        cmd: &str,
        word: &str,
        context: &LineContext,
        io: &Io,
    ) -> Result<(Option<i32>, Vec<String>), Flow> {
        let Some(def) = self.state.functions.get(function).cloned() else {
            self.error(io, &format!("completion: function `{function}' not found")).await;
            return Ok((None, Vec::new()));
        };
        self.bind_comp_variables(context, false);
        let argv = vec![function.to_string(), cmd.to_string(), word.to_string(), Self::previous_word(context)];
        let result = Box::pin(self.call_function(def, argv, io)).await;
        self.unbind_comp_variables();
        let status = match result {
            Ok(status) | Err(Flow::Return(status)) => status,
            Err(flow) => return Err(flow),
        };
        let reply = match self.state.vars.get("COMPREPLY").map(|var| &var.value) {
            Some(Value::Indexed(items)) => items.values().cloned().collect(),
            Some(Value::Str(text)) => vec![text.clone()],
            _ => Vec::new(),
        };
        let _ = self.state.vars.unset_raw("COMPREPLY");
        Ok((Some(status), reply))
    }

    /// Runs `-C`'s command line as a command substitution with the command, the word and the
    /// word before as its arguments and `COMP_*` exported; its output's lines are the matches,
    /// a backslash-newline kept inside one (bash's `gen_command_matches`).
    async fn run_completion_command(
        &mut self,
        command: &str,
        cmd: &str,
        word: &str,
        context: &LineContext,
        io: &Io,
    ) -> Result<Vec<String>, Flow> {
        self.bind_comp_variables(context, true);
        let text = format!(
            "{command} {} {} {}",
            compspec::single_quote(cmd),
            compspec::single_quote(word),
            compspec::single_quote(&Self::previous_word(context))
        );
        let output = match super::compgen::as_word(&format!("\"$({text}\n)\"")) {
            Some(substitution) => Box::pin(self.expand_string(&substitution, io)).await,
            None => Ok(String::new()),
        };
        self.unbind_comp_variables();
        let output = output?;
        let mut lines = Vec::new();
        let mut current = String::new();
        let mut chars = output.chars().peekable();
        while let Some(c) = chars.next() {
            match c {
                '\\' if chars.peek() == Some(&'\n') => {
                    current.push('\\');
                    current.push('\n');
                    chars.next();
                }
                '\n' => {
                    lines.push(std::mem::take(&mut current));
                    while chars.peek() == Some(&'\n') {
                        chars.next();
                    }
                }
                c => current.push(c),
            }
        }
        if !current.is_empty() {
            lines.push(current);
        }
        Ok(lines)
    }
}

/// The console's half: a whole line completed on Tab.
#[cfg(feature = "console")]
mod line;
#[cfg(feature = "console")]
pub use line::LineCompletion;
