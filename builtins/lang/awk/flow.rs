//! Why an awk program's evaluation stopped early: the control flow a statement, a record's
//! reading or an output hands back up (`next`, `exit`, a fatal error, a closed output).

use super::value::Value;

/// Why evaluation stopped early.
#[derive(Debug)]
pub(super) enum Flow {
    Next,
    NextFile,
    Exit,
    Return(Value),
    Break,
    Continue,
    /// A fatal error: the message.
    Error(String),
    /// Stopped from outside (the command abandoned) or by a closed output: the status.
    Stop(i32),
}
