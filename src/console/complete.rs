//! Tab completion: first the session's programmable completion (`complete`: when a
//! specification applies to the command being typed, or `-D`, `-E`, `-I`, its candidates,
//! the function run in the session with `COMP_*` set), else commands and tools (with their
//! descriptions) where a command goes, flags of the command being typed, variables after `$`,
//! and otherwise paths of the workspace — never of the host.

use super::catalog::{Catalog, SharedView};
use super::lexer::{Role, scan};
use crate::interp::Shell;
use crate::interp::progcomp::LineCompletion;
use crate::vfs::Vfs;
use reedline::{CompletionResult, Span, Suggestion};
use std::sync::{Arc, Mutex};
use toolsh_core::compspec;

/// The session itself, for programmable completion: the editor's loop lends it while the user
/// types (it runs no line then), and a completion function runs in it on `runtime`.
pub struct Session {
    /// The shell, locked by the loop while a line runs.
    pub shell: Arc<Mutex<Shell>>,
    /// The runtime the shell's lines run on.
    pub runtime: tokio::runtime::Handle,
}

impl Session {
    /// The session's programmable completion of `line` at `pos`, if a specification applies.
    fn complete(&self, line: &str, pos: usize) -> Option<LineCompletion> {
        let mut shell = self.shell.lock().ok()?;
        self.runtime.block_on(shell.complete_line(line, pos))
    }
}

/// The console's completer.
pub struct Completer {
    /// Commands and tools.
    pub catalog: Arc<Catalog>,
    /// Functions, variables, cwd.
    pub view: SharedView,
    /// The workspace, for paths.
    pub vfs: Vfs,
    /// The session, for `complete`'s specifications (none: the completion above only).
    pub session: Option<Session>,
}

impl reedline::Completer for Completer {
    fn complete(&mut self, line: &str, pos: usize) -> CompletionResult {
        CompletionResult::fresh(self.suggestions(line, pos.min(line.len())))
    }
}

impl Completer {
    /// What may replace the word before `pos`.
    pub fn suggestions(&self, line: &str, pos: usize) -> Vec<Suggestion> {
        let Some(before) = line.get(..pos) else { return Vec::new() };
        // The word being typed is the last word of the text before the cursor plus one more
        // character: that also tells the role of a word not begun yet.
        let probe = format!("{before}x");
        let words = scan(&probe);
        let Some(word) = words.last() else { return Vec::new() };
        let start = word.span.start.min(pos);
        let typed = &before[start..];
        let span = Span::new(start, pos);
        let view = self.view.lock().map(|v| v.clone()).unwrap_or_default();
        if let Some(found) = self.session.as_ref().and_then(|session| session.complete(line, pos))
            && let Some(suggestions) = self.programmable(found, before, pos, &view.cwd)
        {
            return suggestions;
        }
        if let Some(at) = typed.rfind('$') {
            let name = typed[at + 1..].trim_start_matches('{');
            if name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
                let braced = typed[at + 1..].starts_with('{');
                let span = Span::new(start + at, pos);
                return view
                    .variables
                    .iter()
                    .filter(|v| v.starts_with(name))
                    .map(|v| Suggestion {
                        value: if braced { format!("${{{v}}}") } else { format!("${v}") },
                        span,
                        append_whitespace: false,
                        ..Default::default()
                    })
                    .collect();
            }
        }
        match word.role {
            Role::Command | Role::Keyword if !typed.contains('/') => self.commands(typed, span, &view.functions),
            Role::Argument(Some(command)) if typed.starts_with('-') => {
                let name = &probe[words[command].span.clone()];
                self.flags(name, typed, span)
            }
            Role::Comment | Role::Operator => Vec::new(),
            _ => self.paths(&view.cwd, typed, span),
        }
    }

    /// What a specification's matches offer (`None`: none, and `-o bashdefault` asks for the
    /// completion above). As readline takes them: not filtered again, `-o filenames` quoting
    /// them and marking directories with `/` (no space after), `-o nospace` adding no space,
    /// `-o default` completing paths when there are none.
    fn programmable(&self, found: LineCompletion, before: &str, pos: usize, cwd: &str) -> Option<Vec<Suggestion>> {
        let start = found.start.min(pos);
        let span = Span::new(start, pos);
        let options = found.options;
        if found.matches.is_empty() {
            if options & compspec::BASHDEFAULT != 0 {
                return None;
            }
            if options & compspec::OPT_DEFAULT != 0 {
                return Some(self.paths(cwd, &before[start..], span));
            }
            return Some(Vec::new());
        }
        let filenames = options & compspec::FILENAMES != 0;
        let mut matches = found.matches;
        if options & compspec::NOSORT == 0 {
            matches.sort();
            matches.dedup();
        }
        let suggestions = matches
            .into_iter()
            .map(|name| {
                let is_dir = filenames
                    && self.vfs.stat(&crate::vfs::path::normalize(cwd, &name)).is_ok_and(|meta| meta.is_dir());
                let mut value = if filenames && options & compspec::NOQUOTE == 0 { quote(&name) } else { name.clone() };
                if is_dir && !value.ends_with('/') {
                    value.push('/');
                }
                Suggestion {
                    value,
                    span,
                    append_whitespace: options & compspec::NOSPACE == 0 && !is_dir,
                    ..Default::default()
                }
            })
            .collect();
        Some(suggestions)
    }

    fn commands(&self, typed: &str, span: Span, functions: &[String]) -> Vec<Suggestion> {
        let mut out: Vec<Suggestion> = self
            .catalog
            .entries
            .range(typed.to_string()..)
            .take_while(|(name, _)| name.starts_with(typed))
            .map(|(name, entry)| Suggestion {
                value: name.clone(),
                description: Some(entry.summary.clone()),
                span,
                append_whitespace: true,
                ..Default::default()
            })
            .collect();
        out.extend(functions.iter().filter(|f| f.starts_with(typed)).map(|f| Suggestion {
            value: f.clone(),
            description: Some("function".to_string()),
            span,
            append_whitespace: true,
            ..Default::default()
        }));
        out
    }

    fn flags(&self, command: &str, typed: &str, span: Span) -> Vec<Suggestion> {
        let Some(entry) = self.catalog.entries.get(command) else { return Vec::new() };
        entry
            .flags
            .iter()
            .filter(|(flag, _)| flag.starts_with(typed))
            .map(|(flag, text)| Suggestion {
                value: flag.clone(),
                description: (!text.is_empty()).then(|| text.clone()),
                span,
                append_whitespace: true,
                ..Default::default()
            })
            .collect()
    }

    /// Entries of the directory named by `typed` up to its last `/`, starting with the rest.
    fn paths(&self, cwd: &str, typed: &str, span: Span) -> Vec<Suggestion> {
        if typed.contains(['\'', '"', '\\', '$', '`']) {
            return Vec::new();
        }
        let (dir, prefix) = match typed.rfind('/') {
            Some(at) => (&typed[..=at], &typed[at + 1..]),
            None => ("", typed),
        };
        let abs = crate::vfs::path::normalize(cwd, if dir.is_empty() { "." } else { dir });
        let Ok(mut entries) = self.vfs.read_dir(&abs) else { return Vec::new() };
        entries.sort_by(|a, b| a.name.cmp(&b.name));
        entries
            .into_iter()
            .filter(|e| e.name.starts_with(prefix) && (prefix.starts_with('.') || !e.name.starts_with('.')))
            .map(|e| {
                let is_dir = self.vfs.stat(&crate::vfs::path::join(&abs, &e.name)).is_ok_and(|m| m.is_dir());
                let name = if is_dir { format!("{}/", e.name) } else { e.name.clone() };
                Suggestion {
                    value: format!("{dir}{}", quote(&name)),
                    span,
                    append_whitespace: !is_dir,
                    ..Default::default()
                }
            })
            .collect()
    }
}

/// `name` as one shell word (spaces and specials escaped with `\`).
fn quote(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    for c in name.chars() {
        if c.is_whitespace() || "'\"\\$`|&;()<>*?[]{}#!~".contains(c) {
            out.push('\\');
        }
        out.push(c);
    }
    out
}
