//! The operator console: `toolsh` on a terminal. A reedline editor whose history is the
//! session's own list (`history`, `fc` and `!!` see what the arrow keys and Ctrl-R recall; kept
//! in a file per workspace on the host, hints), completion from the registry, the command table, the
//! shell's variables and the workspace's paths, highlighting, and multi-line input whenever the
//! parser says the text is unfinished. Lines run with Ctrl-C as their interrupt.
//!
//! The editor blocks the main thread while the user types; the shell runs on a two-worker
//! runtime, so background jobs keep running between lines.

mod approve;
mod catalog;
mod complete;
mod highlight;
mod lexer;
mod prompt;
#[cfg(test)]
mod tests;

pub use approve::TerminalApprover;

use crate::interp::io::{HostSink, Input, Io, Output};
use crate::interp::{Shell, Status};
use catalog::{Catalog, View};
use nu_ansi_term::{Color, Style};
use reedline::{
    ColumnarMenu, DefaultHinter, Emacs, FileBackedHistory, History as _, HistoryItem, KeyCode, KeyModifiers,
    MenuBuilder, Reedline, ReedlineEvent, ReedlineMenu, SearchDirection, SearchQuery, Signal, ValidationResult,
    default_emacs_keybindings,
};
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use tokio_util::sync::CancellationToken;

/// Lines of history kept.
const HISTORY_LINES: usize = 10_000;

/// Multi-line input: Enter on unfinished text (open quote, block, heredoc, trailing `|`)
/// starts a new line instead of running it.
struct Validator;

impl reedline::Validator for Validator {
    fn validate(&self, line: &str) -> ValidationResult {
        match crate::parser::parse(line) {
            Err(err) if err.is_incomplete() => ValidationResult::Incomplete,
            _ => ValidationResult::Complete,
        }
    }
}

/// Where the console runs: the workspace root (for the prompt) and the history file.
pub struct Setup {
    /// The workspace root, shown as the prompt's base.
    pub root: String,
    /// The history file (none: history for this run only).
    pub history: Option<PathBuf>,
    /// The session kept in the store after each line (`--session NAME`).
    pub session: Option<String>,
}

/// Listens for Ctrl-C (SIGINT: the terminal is in its own mode while a line runs) on the
/// runtime's workers, which a line blocked at a question does not hold: each one is counted,
/// for the question to give up, and cancels the running line's token, returned here for the
/// console to put each line's into.
fn listen_for_interrupts(runtime: &tokio::runtime::Runtime) -> Arc<Mutex<CancellationToken>> {
    let current = Arc::new(Mutex::new(CancellationToken::new()));
    let line = current.clone();
    runtime.spawn(async move {
        // One listener for the whole run: none is missed between two.
        let Ok(mut interrupt) = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::interrupt()) else {
            return;
        };
        while interrupt.recv().await.is_some() {
            // The line first: a question that gives up must find its line already stopped.
            if let Ok(running) = line.lock() {
                running.cancel();
            }
            approve::INTERRUPTS.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        }
    });
    current
}

/// Runs the console until Ctrl-D or `exit`; returns the final status. The shell is made
/// interactive first (`Shell::set_interactive`) by the caller, so that options given on the
/// command line (`toolsh +H`) come after what being interactive turns on.
///
/// The shell is the editor's too while the user types (programmable completion runs its
/// functions), so it is held behind a lock the loop takes for everything else.
pub fn run(shell: Shell, setup: Setup) -> Status {
    let runtime = match tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build() {
        Ok(runtime) => runtime,
        Err(err) => {
            eprintln!("toolsh: cannot start the runtime: {err}");
            return 1;
        }
    };
    let held = Arc::new(Mutex::new(shell));
    let mut guard = lock(&held);
    let catalog = Arc::new(Catalog::of(&guard));
    let view = Arc::new(Mutex::new(View::of(&guard)));
    let session = complete::Session { shell: held.clone(), runtime: runtime.handle().clone() };
    let mut editor = editor(&guard, &catalog, &view, session);
    // The host file keeps the list between runs: read into the session's list first, each
    // line added later appended to it.
    let mut store = history_store(setup.history.as_ref());
    if let Some(store) = &store
        && let Ok(items) = store.search(SearchQuery::everything(SearchDirection::Forward, None))
    {
        let lines: Vec<String> = items.into_iter().map(|item| item.command_line).collect();
        guard.load_history(&lines);
    }
    let mut shown: Vec<String> = Vec::new();
    let mut stored = guard.history_added();
    drop(guard);
    use std::io::IsTerminal;
    let stdout = Output::Host(HostSink::with_terminal(Box::new(std::io::stdout()), std::io::stdout().is_terminal()));
    let stderr = Output::Host(HostSink::with_terminal(Box::new(std::io::stderr()), std::io::stderr().is_terminal()));
    let io = Io::new(Input::null(), stdout, stderr);
    let interrupts = listen_for_interrupts(&runtime);
    loop {
        let shell = lock(&held);
        if let Ok(mut current) = view.lock() {
            *current = View::of(&shell);
        }
        // Jobs that ended since the last prompt are told before the next, as bash tells them.
        let notices = shell.job_notices();
        if !notices.is_empty() {
            eprint!("{notices}");
        }
        // The editor recalls the session's list as it is now (`history -c`, `history -d`,
        // HISTCONTROL and HISTIGNORE included).
        let lines = shell.history_lines();
        if lines != shown {
            let recall = editor.history_mut();
            let _ = recall.clear();
            for line in &lines {
                let _ = recall.save(HistoryItem::from_command_line(line.clone()));
            }
            shown = lines;
        }
        let prompt = prompt::Prompt::new(shell.agent(), &setup.root, shell.cwd(), shell.state().last_status);
        // Lent to the completer while the user types.
        drop(shell);
        let read = editor.read_line(&prompt);
        let mut shell = lock(&held);
        match read {
            Ok(Signal::Success(line)) => {
                if line.trim().is_empty() {
                    continue;
                }
                let stop = CancellationToken::new();
                if let Ok(mut current) = interrupts.lock() {
                    *current = stop.clone();
                }
                let status = runtime.block_on(shell.run_until(&line, &io, stop));
                // The lines the session added go to the host file.
                let added = shell.history_added().saturating_sub(stored);
                if let Some(store) = store.as_mut()
                    && added > 0
                {
                    let lines = shell.history_lines();
                    for line in &lines[lines.len().saturating_sub(added)..] {
                        let _ = store.save(HistoryItem::from_command_line(line.clone()));
                    }
                    let _ = store.sync();
                }
                stored = shell.history_added();
                if let Some(name) = &setup.session
                    && let Err(why) = shell.save_session(name)
                {
                    eprintln!("toolsh: {why}");
                }
                if status == crate::status::CANCELLED && shell.exit_status().is_none() {
                    // The terminal echoed `^C` already: end its line.
                    eprintln!();
                }
                if shell.exit_status().is_some() {
                    break;
                }
            }
            // Ctrl-C while editing clears the line (reedline already did).
            Ok(Signal::CtrlC) => {}
            Ok(Signal::CtrlD) => break,
            Ok(_) => {}
            Err(err) => {
                eprintln!("toolsh: the terminal failed: {err}");
                break;
            }
        }
    }
    let mut shell = lock(&held);
    let status = runtime.block_on(shell.finish(&io));
    drop(shell);
    drop(editor);
    // The process ends next: the shell is left to the operating system, as `cli.rs` leaves
    // it (its store's connection is not closed and checkpointed on the way out).
    std::mem::forget(held);
    status
}

/// The shell, for the loop: a completer that panicked holding it leaves it as it was.
fn lock(shell: &Arc<Mutex<Shell>>) -> std::sync::MutexGuard<'_, Shell> {
    shell.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// The host file the console's history is kept in between runs (none: this run only).
fn history_store(path: Option<&PathBuf>) -> Option<FileBackedHistory> {
    let path = path?;
    if let Some(parent) = path.parent() {
        #[allow(clippy::disallowed_methods)] // the history lives on the host, outside every mount
        let _ = std::fs::create_dir_all(parent);
    }
    FileBackedHistory::with_file(HISTORY_LINES, path.clone()).ok()
}

fn editor(shell: &Shell, catalog: &Arc<Catalog>, view: &catalog::SharedView, session: complete::Session) -> Reedline {
    let mut keybindings = default_emacs_keybindings();
    keybindings.add_binding(
        KeyModifiers::NONE,
        KeyCode::Tab,
        ReedlineEvent::UntilFound(vec![ReedlineEvent::Menu("completion".to_string()), ReedlineEvent::MenuNext]),
    );
    // The marker replaces the prompt indicator while the menu is open: keep the prompt as it was.
    let menu = ColumnarMenu::default().with_name("completion").with_marker("$ ");
    let completer = complete::Completer {
        catalog: catalog.clone(),
        view: view.clone(),
        vfs: shell.vfs().clone(),
        session: Some(session),
    };
    let highlighter = highlight::Highlighter { catalog: catalog.clone(), view: view.clone() };
    let mut editor = Reedline::create()
        .with_completer(Box::new(completer))
        .with_quick_completions(true)
        .with_partial_completions(true)
        .with_menu(ReedlineMenu::EngineCompleter(Box::new(menu)))
        .with_highlighter(Box::new(highlighter))
        .with_hinter(Box::new(DefaultHinter::default().with_style(Style::new().italic().fg(Color::DarkGray))))
        .with_validator(Box::new(Validator))
        .with_edit_mode(Box::new(Emacs::new(keybindings)));
    match FileBackedHistory::new(HISTORY_LINES) {
        Ok(history) => editor = editor.with_history(Box::new(history)),
        Err(_) => eprintln!("toolsh: history is not available in this run"),
    }
    editor
}
