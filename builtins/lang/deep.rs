//! Evaluators that run off the shell's thread (jq, bc, awk): on a thread of their own with a stack
//! sized for their depth limits, detached so that a line stopped at its deadline returns at once
//! and the process can end without waiting for them, and with a panic of the library caught and
//! reported as the command's failure instead of ending the process. The libraries account for
//! no memory, so the [`Halt`] they consult also watches the process: an evaluation that grows
//! its resident memory by more than `input-bytes` (what one command may gather) stops the line
//! with that limit named (`[range(1e12)]` grew by 0.6 GB a second until its deadline).

use std::panic::AssertUnwindSafe;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use crate::Ctx;
use crate::command::LineStop;

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
    line: Option<LineStop>,
    memory: Option<Arc<MemoryWatch>>,
    /// Calls of [`Halt::requested`]: the clock and the process are looked at every
    /// [`Halt::LOOK_EVERY`]th, the flag every time.
    calls: Arc<std::sync::atomic::AtomicU32>,
    /// The longest value an evaluator may make in one step (`output-bytes`, "value bytes"),
    /// asked by [`Halt::refuses_value`] before a value whose size is known in advance is made
    /// (`"abc" * 1e8`, an array grown to a far index): the memory watch sees a single
    /// allocation only once it is made.
    value_bytes: usize,
}

/// How far the process's resident memory may grow during one evaluation, and when it was last
/// looked at (reading it costs a system call, so at most every [`MemoryWatch::EVERY`]).
struct MemoryWatch {
    baseline: u64,
    ceiling: u64,
    started: std::time::Instant,
    /// Milliseconds after `started` of the last look.
    looked: std::sync::atomic::AtomicU64,
}

impl MemoryWatch {
    const EVERY: std::time::Duration = std::time::Duration::from_millis(5);

    fn new(ceiling: usize) -> Option<MemoryWatch> {
        let baseline = resident_bytes()?;
        let started = std::time::Instant::now();
        Some(MemoryWatch { baseline, ceiling: ceiling as u64, started, looked: Default::default() })
    }

    /// Whether the process grew past the ceiling (looked at once per [`MemoryWatch::EVERY`]).
    fn exceeded(&self) -> bool {
        let now = self.started.elapsed().as_millis() as u64;
        if now < self.looked.load(Ordering::Relaxed) + Self::EVERY.as_millis() as u64 {
            return false;
        }
        self.looked.store(now, Ordering::Relaxed);
        resident_bytes().is_some_and(|rss| rss.saturating_sub(self.baseline) > self.ceiling)
    }
}

/// The process's resident memory in bytes, where the system says (`/proc/self/statm`).
fn resident_bytes() -> Option<u64> {
    #[allow(clippy::disallowed_methods)] // a fact about this process, not a file of the user's
    let statm = std::fs::read_to_string("/proc/self/statm").ok()?;
    let pages: u64 = statm.split_whitespace().nth(1)?.parse().ok()?;
    Some(pages * rustix::param::page_size() as u64)
}

impl Halt {
    /// A halt only [`Halt::request`] raises (for evaluators run outside a shell: tests).
    #[cfg(test)]
    pub fn never() -> Halt {
        Halt {
            flag: Arc::new(AtomicBool::new(false)),
            line: None,
            memory: None,
            calls: Default::default(),
            value_bytes: usize::MAX,
        }
    }

    const LOOK_EVERY: u32 = 64;

    /// Whether the evaluation should stop now. Cheap enough for every turn of a loop: the
    /// deadline and the memory are looked at on every [`Halt::LOOK_EVERY`]th call.
    pub fn requested(&self) -> bool {
        if self.flag.load(Ordering::Relaxed) {
            return true;
        }
        if !self.calls.fetch_add(1, Ordering::Relaxed).is_multiple_of(Self::LOOK_EVERY) {
            return false;
        }
        let Some(line) = &self.line else { return false };
        if let Some(watch) = &self.memory
            && watch.exceeded()
        {
            let message = format!(
                "limit exceeded: input bytes (the evaluation grew the process by more than {} bytes); nothing more ran",
                watch.ceiling
            );
            line.stop(message, crate::status::LIMIT);
            self.flag.store(true, Ordering::Relaxed);
            return true;
        }
        line.stopped()
    }

    /// Whether a value of `bytes` is past the value-bytes limit; when it is, the line stops
    /// with that limit named and the evaluation is asked to stop, before the value is made.
    pub fn refuses_value(&self, bytes: usize) -> bool {
        if bytes <= self.value_bytes {
            return false;
        }
        if let Some(line) = &self.line {
            let message = format!(
                "limit exceeded: value bytes (a value of {bytes} bytes, more than {}); nothing more ran",
                self.value_bytes
            );
            line.stop(message, crate::status::LIMIT);
        }
        self.flag.store(true, Ordering::Relaxed);
        true
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
    let _raise = crate::command::StopOnDrop(flag.clone());
    let memory = MemoryWatch::new(ctx.state().limits().input_bytes).map(Arc::new);
    let halt = Halt {
        flag,
        line: Some(ctx.line_stop()),
        memory,
        calls: Default::default(),
        value_bytes: ctx.state().limits().output_bytes,
    };
    let (done, finished) = tokio::sync::oneshot::channel();
    let spawned = std::thread::Builder::new().name(name.to_string()).stack_size(STACK).spawn(move || {
        let result = std::panic::catch_unwind(AssertUnwindSafe(|| work(halt)));
        let _ = done.send(result.map_err(|panic| crate::command::panic_message(panic.as_ref())));
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
