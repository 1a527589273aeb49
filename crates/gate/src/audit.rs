//! The audit log: one record per tool call (time, session, agent, tool, argument digest,
//! decision and rule, status, duration).
//!
//! Records go to an in-memory ring (what `audit` shows without a store) and, when a store is
//! attached, are written to it in batches at the end of each command line, so a loop of ten
//! thousand redirections costs one transaction — and every 5,000 records within a line, so a
//! line making more distinct calls than the ring holds loses none. Consecutive identical calls
//! (same command, tool, digest, decision and status) are folded into one record with a call
//! count: the log stays readable and cheap without losing a call.
//!
//! A walk over a tree (`grep -r`, `find`) reads or lists thousands of paths, each an allowed
//! `fs.read` or `fs.list` call: a [`Tally`] counts those of one command as one record per tool,
//! rule and status, written when the command is done — its digest the sum of the calls'
//! digests, so the record still says which set of paths was reached (a denial, a question and
//! every change stay records of their own). One record in place of 15,000 is what keeps the
//! store's writes, and its checkpoint's syncs, out of a search's time.

use crate::policy::Verdict;
use std::collections::VecDeque;
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, SystemTime};

/// Records kept in memory.
const RING: usize = 10_000;

/// Records not yet written after which a write is tried within the command line.
const FLUSH_AT: usize = RING / 2;

/// One audited call (or a run of identical consecutive calls).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Record {
    /// When the (first) call started.
    pub at: SystemTime,
    /// The tool.
    pub tool: String,
    /// The command that made the call.
    pub command: String,
    /// Digest of the arguments.
    pub digest: u64,
    /// The final verdict (`ask` resolves to allow or deny).
    pub verdict: Verdict,
    /// The rule that decided.
    pub rule: Arc<str>,
    /// Exit status (126 when denied).
    pub status: i32,
    /// Total duration in microseconds.
    pub micros: u64,
    /// Number of identical consecutive calls folded into this record.
    pub calls: u32,
}

/// One call as the gate reports it, borrowing its names. When it started is not part of it: a
/// call folded into the record before it needs no clock, and a new record's start is read when
/// it is opened (now, less the call's duration).
#[derive(Debug, Clone, Copy)]
pub struct Call<'a> {
    /// The tool.
    pub tool: &'a str,
    /// The command that made it.
    pub command: &'a str,
    /// Digest of the arguments.
    pub digest: u64,
    /// The final verdict.
    pub verdict: Verdict,
    /// The rule that decided.
    pub rule: &'a Arc<str>,
    /// Exit status.
    pub status: i32,
    /// Duration in microseconds.
    pub micros: u64,
}

impl Record {
    fn same_call(&self, call: &Call<'_>) -> bool {
        self.digest == call.digest
            && self.status == call.status
            && self.verdict == call.verdict
            && self.tool == call.tool
            && self.command == call.command
            && (Arc::ptr_eq(&self.rule, call.rule) || *self.rule == **call.rule)
    }
}

/// Where records are kept durably (the store).
pub trait AuditSink: Send + Sync {
    /// Appends records of `session`/`agent`; errors are reported, records are kept for retry.
    fn append(&self, session: &str, agent: &str, records: &[Record]) -> Result<(), String>;
}

/// The records in memory: the newest [`RING`] and how many at the end are not in the sink yet.
#[derive(Default)]
struct Log {
    ring: VecDeque<Record>,
    unflushed: usize,
    /// Records pushed out of memory before the sink took them (the sink kept failing).
    lost: usize,
    /// Records pushed since a write was last tried within a line.
    since_attempt: usize,
}

impl Log {
    /// Hands the unwritten records to `sink`; they stay unwritten if it fails.
    fn write_to(&mut self, sink: &dyn AuditSink, session: &str, agent: &str) -> Result<(), String> {
        self.since_attempt = 0;
        if self.unflushed == 0 {
            return Ok(());
        }
        let start = self.ring.len() - self.unflushed;
        let batch: Vec<Record> = self.ring.iter().skip(start).cloned().collect();
        sink.append(session, agent, &batch)?;
        self.unflushed = 0;
        Ok(())
    }
}

/// The log of one session.
pub struct Audit {
    session: String,
    agent: String,
    log: Mutex<Log>,
    sink: OnceLock<Arc<dyn AuditSink>>,
}

impl Audit {
    /// An empty log for `session` of `agent`.
    pub fn new(session: &str, agent: &str) -> Self {
        Audit { session: session.to_string(), agent: agent.to_string(), log: Mutex::default(), sink: OnceLock::new() }
    }

    /// The session id.
    pub fn session(&self) -> &str {
        &self.session
    }

    /// The agent name.
    pub fn agent(&self) -> &str {
        &self.agent
    }

    /// Sends records to `sink` from now on (once).
    pub fn attach(&self, sink: Arc<dyn AuditSink>) {
        let _ = self.sink.set(sink);
    }

    /// Appends a call, folding it into the previous record when it is the same call and that
    /// record has not gone to the sink yet.
    pub fn push(&self, call: Call<'_>) {
        let mut log = self.log.lock().unwrap_or_else(|p| p.into_inner());
        let foldable = log.unflushed > 0 || self.sink.get().is_none();
        if foldable
            && let Some(last) = log.ring.back_mut()
            && last.same_call(&call)
        {
            last.calls += 1;
            last.micros += call.micros;
            return;
        }
        if log.ring.len() == RING {
            log.ring.pop_front();
            if log.unflushed == RING {
                log.lost += 1;
            }
        }
        let now = SystemTime::now();
        log.ring.push_back(Record {
            at: now.checked_sub(Duration::from_micros(call.micros)).unwrap_or(now),
            tool: call.tool.to_string(),
            command: call.command.to_string(),
            digest: call.digest,
            verdict: call.verdict,
            rule: call.rule.clone(),
            status: call.status,
            micros: call.micros,
            calls: 1,
        });
        log.unflushed = (log.unflushed + 1).min(log.ring.len());
        log.since_attempt += 1;
        // A long line writes as it goes (at most every FLUSH_AT records, even while the sink
        // fails), before the ring pushes unwritten records out.
        if log.unflushed >= FLUSH_AT
            && log.since_attempt >= FLUSH_AT
            && let Some(sink) = self.sink.get()
        {
            let _ = log.write_to(sink.as_ref(), &self.session, &self.agent);
        }
    }

    /// Appends a run of `calls` calls counted together (a [`Tally`]'s), started at `at`, as
    /// one record (never folded into another).
    fn push_run(&self, run: &Run) {
        let mut log = self.log.lock().unwrap_or_else(|p| p.into_inner());
        if log.ring.len() == RING {
            log.ring.pop_front();
            if log.unflushed == RING {
                log.lost += 1;
            }
        }
        log.ring.push_back(Record {
            at: run.at,
            tool: run.tool.to_string(),
            command: run.command.to_string(),
            digest: run.digest,
            verdict: Verdict::Allow,
            rule: run.rule.clone(),
            status: run.status,
            micros: run.micros,
            calls: run.calls,
        });
        log.unflushed = (log.unflushed + 1).min(log.ring.len());
        log.since_attempt += 1;
    }

    /// The most recent records, oldest first.
    pub fn recent(&self, limit: usize) -> Vec<Record> {
        let log = self.log.lock().unwrap_or_else(|p| p.into_inner());
        log.ring.iter().skip(log.ring.len().saturating_sub(limit)).cloned().collect()
    }

    /// Writes records not yet in the sink; on failure they stay pending (while they remain in
    /// memory) and the error is returned for the caller to report.
    pub fn flush(&self) -> Result<(), String> {
        let Some(sink) = self.sink.get() else { return Ok(()) };
        let mut log = self.log.lock().unwrap_or_else(|p| p.into_inner());
        log.write_to(sink.as_ref(), &self.session, &self.agent)?;
        match std::mem::take(&mut log.lost) {
            0 => Ok(()),
            lost => Err(format!("{lost} earlier records were lost: the log could not be written while they were kept")),
        }
    }
}

/// Allowed calls of one command, counted as one record per tool, rule and status (see the
/// module's note): what a tree walk's thousands of reads and listings leave in the log. The
/// records are written by [`Tally::write`], or when the tally is dropped, however the command
/// ended.
pub struct Tally {
    audit: Arc<Audit>,
    command: Arc<str>,
    runs: Mutex<Vec<Run>>,
}

/// The calls of one tool under one rule with one status.
struct Run {
    tool: &'static str,
    command: Arc<str>,
    rule: Arc<str>,
    status: i32,
    /// When the first started.
    at: SystemTime,
    calls: u32,
    micros: u64,
    /// The wrapping sum of the calls' digests: the same set of calls gives the same digest,
    /// in whatever order worker threads made them.
    digest: u64,
}

impl Tally {
    /// An empty tally of `command`'s calls, for `audit`.
    pub fn new(audit: Arc<Audit>, command: &str) -> Self {
        Tally { audit, command: command.into(), runs: Mutex::default() }
    }

    /// Counts an allowed call of `tool` (its digest, rule, status and duration).
    pub fn add(&self, tool: &'static str, digest: u64, rule: &Arc<str>, status: i32, micros: u64) {
        let mut runs = self.runs.lock().unwrap_or_else(|p| p.into_inner());
        let same = |run: &&mut Run| {
            run.tool == tool && run.status == status && (Arc::ptr_eq(&run.rule, rule) || *run.rule == **rule)
        };
        match runs.iter_mut().find(same) {
            Some(run) if run.calls < u32::MAX => {
                run.calls += 1;
                run.micros = run.micros.saturating_add(micros);
                run.digest = run.digest.wrapping_add(digest);
            }
            // A run that is full goes to the log, and a new one starts.
            Some(_) | None => {
                if let Some(full) = runs.iter().position(|run| run.calls == u32::MAX) {
                    self.audit.push_run(&runs.swap_remove(full));
                }
                let now = SystemTime::now();
                runs.push(Run {
                    tool,
                    command: self.command.clone(),
                    rule: rule.clone(),
                    status,
                    at: now.checked_sub(Duration::from_micros(micros)).unwrap_or(now),
                    calls: 1,
                    micros,
                    digest,
                });
            }
        }
    }

    /// Writes the counted calls to the log, one record per run (in the order the runs began),
    /// and starts counting anew.
    pub fn write(&self) {
        let runs = std::mem::take(&mut *self.runs.lock().unwrap_or_else(|p| p.into_inner()));
        for run in &runs {
            self.audit.push_run(run);
        }
    }
}

impl Drop for Tally {
    fn drop(&mut self) {
        self.write();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Sink(Mutex<Vec<Record>>);

    impl AuditSink for Sink {
        fn append(&self, _: &str, _: &str, records: &[Record]) -> Result<(), String> {
            self.0.lock().map_err(|e| e.to_string())?.extend_from_slice(records);
            Ok(())
        }
    }

    fn call<'a>(tool: &'a str, rule: &'a Arc<str>) -> Call<'a> {
        Call { tool, command: "cat", digest: 7, verdict: Verdict::Allow, rule, status: 0, micros: 2 }
    }

    #[test]
    fn identical_calls_fold_and_flushed_records_stay_as_written() {
        let rule: Arc<str> = "profile:workspace".into();
        let audit = Audit::new("s", "a");
        let sink = Arc::new(Sink(Mutex::new(Vec::new())));
        audit.attach(sink.clone());
        for _ in 0..3 {
            audit.push(call("fs.read", &rule));
        }
        audit.push(call("fs.write", &rule));
        audit.flush().expect("flush");
        audit.push(call("fs.write", &rule));
        audit.flush().expect("flush");
        let written = sink.0.lock().expect("lock").clone();
        let summary: Vec<(&str, u32, u64)> = written.iter().map(|r| (r.tool.as_str(), r.calls, r.micros)).collect();
        assert_eq!(summary, [("fs.read", 3, 6), ("fs.write", 1, 2), ("fs.write", 1, 2)]);
        assert_eq!(audit.recent(10).len(), 3);
        assert!(audit.flush().is_ok(), "nothing left to write");
    }

    #[test]
    fn a_line_with_more_distinct_calls_than_the_ring_loses_none() {
        let rule: Arc<str> = "r".into();
        let audit = Audit::new("s", "a");
        let sink = Arc::new(Sink(Mutex::new(Vec::new())));
        audit.attach(sink.clone());
        let calls = RING as u64 * 2 + 7;
        for digest in 0..calls {
            audit.push(Call { digest, ..call("fs.write", &rule) });
        }
        assert!(audit.flush().is_ok(), "nothing was lost");
        let written = sink.0.lock().expect("lock");
        let digests: Vec<u64> = written.iter().map(|r| r.digest).collect();
        assert_eq!(digests, (0..calls).collect::<Vec<_>>());
    }

    struct Broken(std::sync::atomic::AtomicBool);

    impl AuditSink for Broken {
        fn append(&self, _: &str, _: &str, _: &[Record]) -> Result<(), String> {
            if self.0.load(std::sync::atomic::Ordering::Relaxed) { Ok(()) } else { Err("disk full".into()) }
        }
    }

    #[test]
    fn records_lost_while_the_sink_fails_are_reported() {
        let rule: Arc<str> = "r".into();
        let audit = Audit::new("s", "a");
        let sink = Arc::new(Broken(std::sync::atomic::AtomicBool::new(false)));
        audit.attach(sink.clone());
        for digest in 0..(RING as u64 + 3) {
            audit.push(Call { digest, ..call("fs.read", &rule) });
        }
        assert_eq!(audit.flush().unwrap_err(), "disk full");
        sink.0.store(true, std::sync::atomic::Ordering::Relaxed);
        let err = audit.flush().unwrap_err();
        assert!(err.starts_with("3 earlier records were lost"), "{err}");
        assert!(audit.flush().is_ok());
    }
}
