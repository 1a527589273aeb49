//! Approvals at the terminal: when policy says `ask`, the console shows the command, the tool,
//! its subject and the rule, and reads `y` (once), `a` (always, for this session: the tool and
//! rule are remembered) or `n`. The gate records the decision in the audit log.

use crate::tools::Answer;
use std::collections::HashSet;
use std::io::{BufRead, Write};
use std::sync::Mutex;

/// Answers `ask` decisions at the terminal. It blocks while the user thinks: the console has
/// nothing else to do meanwhile.
#[derive(Default)]
pub struct TerminalApprover {
    /// `(tool, rule)` pairs answered `a`.
    always: Mutex<HashSet<(String, String)>>,
}

impl crate::tools::Approver for TerminalApprover {
    fn approve(&self, request: &crate::tools::Approval) -> Answer {
        let key = (request.tool.clone(), request.rule.clone());
        if self.always.lock().is_ok_and(|always| always.contains(&key)) {
            return Answer::Approved;
        }
        let subject = request.subject.as_deref().map_or(String::new(), |s| format!(" {s}"));
        let mut stderr = std::io::stderr();
        let _ = write!(
            stderr,
            "toolsh: `{}` wants {}{subject} (policy rule {})\n  allow? [y] once, [a] always this session, [n] no: ",
            request.command, request.tool, request.rule
        );
        let _ = stderr.flush();
        let mut answer = String::new();
        match std::io::stdin().lock().read_line(&mut answer) {
            Ok(0) | Err(_) => return Answer::Unavailable,
            Ok(_) => {}
        }
        match answer.trim().to_ascii_lowercase().as_str() {
            "y" | "yes" => Answer::Approved,
            "a" | "always" => {
                if let Ok(mut always) = self.always.lock() {
                    always.insert(key);
                }
                Answer::Approved
            }
            _ => Answer::Refused,
        }
    }
}
