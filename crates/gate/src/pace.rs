//! The pace of an execution: how its deadline and cancellation reach every step, and how a busy
//! line lets the rest of the runtime run.
//!
//! A future that never waits is never interrupted by `tokio::time::timeout` or a `select!`:
//! `while :; do :; done` or `yes > /dev/null` would hold the thread (and, in a server, a
//! worker other sessions need) past any deadline. So the interpreter and the commands call
//! [`Pace::step`] at their choke points (every command dispatched, every piece a command writes
//! or reads); every `CHECK_EVERY` steps it looks at the clock and the cancellation token, and
//! every `YIELD_AFTER` of busy time it yields to the runtime. Code that cannot await (a
//! command's blocking evaluator, the pattern matcher) calls [`Pace::check`].

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use tokio_util::sync::CancellationToken;

/// Steps between two looks at the clock.
const CHECK_EVERY: u32 = 128;

/// Busy time after which a step yields to the runtime, so other sessions and jobs run.
const YIELD_AFTER: Duration = Duration::from_millis(2);

/// Why an execution must stop now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stop {
    /// Its wall time (the limit) ran out.
    Deadline(Duration),
    /// Its caller cancelled it (a token, a client that went away).
    Cancelled,
    /// Something else already stopped it (a limit, in another stage of the line): every step
    /// after that ends too, so a line fanning out (`r(){ r|r; }`) ends at once.
    Halted,
}

impl std::fmt::Display for Stop {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Stop::Deadline(limit) => write!(f, "wall time (at most {})", shown(*limit)),
            Stop::Cancelled => f.write_str("cancelled"),
            Stop::Halted => f.write_str("stopped"),
        }
    }
}

/// A limit as people write it, to the millisecond: `1s`, `1.5s`, `250ms`.
fn shown(limit: Duration) -> String {
    let ms = limit.as_secs_f64() * 1000.0;
    let ms = ms.round() as u64;
    if ms < 1000 {
        return format!("{ms}ms");
    }
    let text = format!("{:.3}", ms as f64 / 1000.0);
    format!("{}s", text.trim_end_matches('0').trim_end_matches('.'))
}

/// The deadline and cancellation of the execution in progress, shared by everything it runs.
pub struct Pace {
    origin: Instant,
    /// Nanoseconds after `origin` when the line must end (`u64::MAX`: never), and its limit.
    deadline: AtomicU64,
    limit: Mutex<Option<Duration>>,
    cancel: Mutex<Option<CancellationToken>>,
    steps: AtomicU32,
    halted: AtomicBool,
    /// Nanoseconds after `origin` of the last yield.
    last_yield: AtomicU64,
}

impl Default for Pace {
    fn default() -> Self {
        Pace {
            origin: Instant::now(),
            deadline: AtomicU64::new(u64::MAX),
            limit: Mutex::new(None),
            cancel: Mutex::new(None),
            steps: AtomicU32::new(0),
            halted: AtomicBool::new(false),
            last_yield: AtomicU64::new(0),
        }
    }
}

impl Pace {
    fn now(&self) -> u64 {
        u64::try_from(self.origin.elapsed().as_nanos()).unwrap_or(u64::MAX)
    }

    /// Starts an execution: `limit` from now, stopped early by `cancel`.
    pub fn begin(&self, limit: Option<Duration>, cancel: Option<CancellationToken>) {
        let deadline = match limit {
            Some(limit) => self.now().saturating_add(u64::try_from(limit.as_nanos()).unwrap_or(u64::MAX)),
            None => u64::MAX,
        };
        self.deadline.store(deadline, Ordering::Relaxed);
        *self.limit.lock().unwrap_or_else(|p| p.into_inner()) = limit;
        *self.cancel.lock().unwrap_or_else(|p| p.into_inner()) = cancel;
        self.halted.store(false, Ordering::Relaxed);
        self.last_yield.store(self.now(), Ordering::Relaxed);
    }

    /// The execution goes on without its caller's cancellation (a line promoted to a job: the
    /// call that could cancel it has returned).
    pub fn release(&self) {
        *self.cancel.lock().unwrap_or_else(|p| p.into_inner()) = None;
    }

    /// Ends the execution: nothing is stopped any more (background jobs go on).
    pub fn end(&self) {
        self.begin(None, None);
    }

    /// Marks the execution stopped: every later step fails with [`Stop::Halted`].
    pub fn halt(&self) {
        self.halted.store(true, Ordering::Relaxed);
    }

    /// How long until the deadline (`None`: there is none).
    pub fn time_left(&self) -> Option<Duration> {
        let deadline = self.deadline.load(Ordering::Relaxed);
        (deadline != u64::MAX).then(|| Duration::from_nanos(deadline.saturating_sub(self.now())))
    }

    /// Whether the execution must stop now.
    pub fn check(&self) -> Result<(), Stop> {
        if self.halted.load(Ordering::Relaxed) {
            return Err(Stop::Halted);
        }
        if self.now() >= self.deadline.load(Ordering::Relaxed) {
            let limit = self.limit.lock().unwrap_or_else(|p| p.into_inner()).unwrap_or_default();
            return Err(Stop::Deadline(limit));
        }
        let cancel = self.cancel.lock().unwrap_or_else(|p| p.into_inner());
        if cancel.as_ref().is_some_and(CancellationToken::is_cancelled) {
            return Err(Stop::Cancelled);
        }
        Ok(())
    }

    /// The next step looks at the clock and the cancellation token, whatever the count: time
    /// passed that the steps did not see (a question put to a person, who may have pressed
    /// Ctrl-C meanwhile).
    pub fn look_next_step(&self) {
        self.steps.store(0, Ordering::Relaxed);
    }

    /// One step of work: now and then checks the deadline and cancellation, and yields to the
    /// runtime once the line has been busy for `YIELD_AFTER`.
    pub async fn step(&self) -> Result<(), Stop> {
        if self.halted.load(Ordering::Relaxed) {
            return Err(Stop::Halted);
        }
        if !self.steps.fetch_add(1, Ordering::Relaxed).is_multiple_of(CHECK_EVERY) {
            return Ok(());
        }
        self.check()?;
        let now = self.now();
        let busy_since = self.last_yield.load(Ordering::Relaxed);
        if now.saturating_sub(busy_since) >= YIELD_AFTER.as_nanos() as u64 {
            tokio::task::yield_now().await;
            self.last_yield.store(self.now(), Ordering::Relaxed);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_passed_deadline_stops_within_one_check() {
        let pace = Pace::default();
        pace.begin(Some(Duration::ZERO), None);
        assert_eq!(pace.check(), Err(Stop::Deadline(Duration::ZERO)));
        pace.end();
        assert_eq!(pace.check(), Ok(()));
    }

    #[test]
    fn limits_are_shown_to_the_millisecond() {
        assert_eq!(shown(Duration::from_micros(999_527)), "1s");
        assert_eq!(shown(Duration::from_millis(1500)), "1.5s");
        assert_eq!(shown(Duration::from_millis(250)), "250ms");
        assert_eq!(shown(Duration::from_secs(30)), "30s");
    }

    #[test]
    fn cancellation_is_seen_without_a_task() {
        let pace = Pace::default();
        let token = CancellationToken::new();
        pace.begin(None, Some(token.clone()));
        assert_eq!(pace.check(), Ok(()));
        token.cancel();
        assert_eq!(pace.check(), Err(Stop::Cancelled));
    }
}
