//! A minimal line console: prompt, read a line, keep reading while the parser says the input is
//! incomplete (open quote, block, heredoc, trailing `|`), run it. It sees only [`Shell`].

use crate::interp::Shell;
use crate::interp::io::Io;
use std::io::{BufRead, Write};

/// Reads one line from the host's standard input without blocking the runtime.
async fn read_line() -> Option<String> {
    tokio::task::spawn_blocking(|| {
        let mut line = String::new();
        match std::io::stdin().lock().read_line(&mut line) {
            Ok(0) | Err(_) => None,
            Ok(_) => Some(line),
        }
    })
    .await
    .ok()
    .flatten()
}

/// Answers `ask` decisions at the terminal: the question on stderr, `y` or `yes` on stdin.
/// It blocks while the user thinks; the console has nothing else to do meanwhile.
pub struct TerminalApprover;

impl crate::tools::Approver for TerminalApprover {
    fn approve(&self, request: &crate::tools::Approval) -> bool {
        let target = request.subject.as_deref().map_or(String::new(), |s| format!(" {s}"));
        prompt(&format!("toolsh: allow {} → {}{target}? ({}) [y/N] ", request.command, request.tool, request.rule));
        let mut answer = String::new();
        if std::io::stdin().lock().read_line(&mut answer).is_err() {
            return false;
        }
        matches!(answer.trim().to_ascii_lowercase().as_str(), "y" | "yes")
    }
}

fn prompt(text: &str) {
    let mut stderr = std::io::stderr();
    let _ = write!(stderr, "{text}");
    let _ = stderr.flush();
}

/// Runs the console until end of input or `exit`; returns the final status.
pub async fn run(shell: &mut Shell, io: &Io) -> i32 {
    let mut pending = String::new();
    loop {
        if pending.is_empty() {
            let status = shell.state().last_status;
            let mark = if status == 0 { String::new() } else { format!(" [{status}]") };
            prompt(&format!("toolsh:{}{mark}$ ", shell.cwd()));
        } else {
            prompt("> ");
        }
        let Some(line) = read_line().await else {
            if !pending.is_empty() {
                let _ = shell.run(&pending, io).await;
            }
            break;
        };
        pending.push_str(&line);
        match crate::parser::parse(&pending) {
            Err(err) if err.is_incomplete() => continue,
            _ => {}
        }
        let source = std::mem::take(&mut pending);
        shell.run(&source, io).await;
        if shell.exit_status().is_some() {
            break;
        }
    }
    shell.finish(io).await
}
