//! Evaluators that run off the shell's thread (jq, bc): on a thread of their own with a stack
//! sized for their depth limits, detached so that a line stopped at its deadline returns at once
//! and the process can end without waiting for them, and with a panic of the library caught and
//! reported as the command's failure instead of ending the process.

use std::panic::AssertUnwindSafe;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use super::Ctx;
use crate::interp::Shared;

/// The stack of an evaluator thread: deep enough for values and programs nested to the limits
/// the evaluators enforce (jq's 10,000 levels of JSON, bc's 10,000 of parentheses). Only the
/// pages a computation touches are ever committed.
pub const STACK: usize = 256 * 1024 * 1024;

/// Stack that must remain before an evaluator goes one level deeper; below it the evaluation
/// fails with "too deep" instead of overflowing.
pub const STACK_RESERVE: usize = 4 * 1024 * 1024;

/// When an evaluator must stop: its command was dropped (the line was cut off, the reader went
/// away) or the line reached its deadline or was cancelled.
#[derive(Clone)]
pub struct Halt {
    flag: Arc<AtomicBool>,
    shared: Option<Arc<Shared>>,
}

impl Halt {
    /// A halt only [`Halt::request`] raises (for evaluators run outside a shell: tests).
    #[cfg(test)]
    pub fn never() -> Halt {
        Halt { flag: Arc::new(AtomicBool::new(false)), shared: None }
    }

    /// Whether the evaluation should stop now.
    pub fn requested(&self) -> bool {
        if self.flag.load(Ordering::Relaxed) {
            return true;
        }
        let Some(shared) = &self.shared else { return false };
        match shared.pace.check() {
            Ok(()) => false,
            Err(stop) => {
                // The line ends for this reason, with its status, though no step of it saw it.
                shared.note_pace_stop(stop);
                true
            }
        }
    }

    /// Asks the evaluation to stop (its output is no longer wanted).
    pub fn request(&self) {
        self.flag.store(true, Ordering::Relaxed);
    }
}

/// Runs `work` on its own thread and waits for it without blocking the shell; `Err` carries
/// the message for a thread that could not start or a panic inside the library.
pub async fn run<T: Send + 'static>(
    ctx: &Ctx<'_>,
    name: &str,
    work: impl FnOnce(Halt) -> T + Send + 'static,
) -> Result<T, String> {
    let flag = Arc::new(AtomicBool::new(false));
    // Dropped with the command: the evaluation stops at its next check.
    let _raise = super::StopOnDrop(flag.clone());
    let halt = Halt { flag, shared: Some(ctx.shared().clone()) };
    let (done, finished) = tokio::sync::oneshot::channel();
    let spawned = std::thread::Builder::new().name(name.to_string()).stack_size(STACK).spawn(move || {
        let result = std::panic::catch_unwind(AssertUnwindSafe(|| work(halt)));
        let _ = done.send(result.map_err(|panic| super::panic_message(panic.as_ref())));
    });
    if let Err(err) = spawned {
        return Err(format!("cannot start: {err}"));
    }
    finished.await.unwrap_or_else(|_| Err("the evaluation ended without a result".to_string()))
}

/// Whether less than [`STACK_RESERVE`] of the current thread's stack remains.
pub fn stack_low() -> bool {
    stacker::remaining_stack().is_some_and(|left| left < STACK_RESERVE)
}
