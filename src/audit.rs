//! The audit log: one record per tool call (time, session, agent, tool, argument digest,
//! decision and rule, status, duration).
//!
//! Records go to an in-memory ring (what `audit` shows without a store) and, when a store is
//! attached, are written to it in batches at the end of each command line, so a loop of ten
//! thousand redirections costs one transaction. Consecutive identical calls (same command, tool,
//! digest, decision and status) are folded into one record with a call count: the log stays
//! readable and cheap without losing a call.

use crate::policy::Verdict;
use std::collections::VecDeque;
use std::sync::{Arc, Mutex, OnceLock};
use std::time::SystemTime;

/// Records kept in memory.
const RING: usize = 10_000;

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
    pub rule: String,
    /// Exit status (126 when denied).
    pub status: i32,
    /// Total duration in microseconds.
    pub micros: u64,
    /// Number of identical consecutive calls folded into this record.
    pub calls: u32,
}

impl Record {
    fn same_call(&self, other: &Record) -> bool {
        self.digest == other.digest
            && self.status == other.status
            && self.verdict == other.verdict
            && self.tool == other.tool
            && self.command == other.command
            && self.rule == other.rule
    }
}

/// Where records are kept durably (the store).
pub trait AuditSink: Send + Sync {
    /// Appends records of `session`/`agent`; errors are reported, records are kept for retry.
    fn append(&self, session: &str, agent: &str, records: &[Record]) -> Result<(), String>;
}

/// The log of one session.
pub struct Audit {
    session: String,
    agent: String,
    ring: Mutex<VecDeque<Record>>,
    pending: Mutex<Vec<Record>>,
    sink: OnceLock<Arc<dyn AuditSink>>,
}

impl Audit {
    /// An empty log for `session` of `agent`.
    pub fn new(session: &str, agent: &str) -> Self {
        Audit {
            session: session.to_string(),
            agent: agent.to_string(),
            ring: Mutex::new(VecDeque::new()),
            pending: Mutex::new(Vec::new()),
            sink: OnceLock::new(),
        }
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

    /// Appends a record, folding it into the previous one when it is the same call.
    pub fn push(&self, record: Record) {
        let mut ring = self.ring.lock().unwrap_or_else(|p| p.into_inner());
        if self.sink.get().is_some() {
            let mut pending = self.pending.lock().unwrap_or_else(|p| p.into_inner());
            fold(&mut pending, record.clone());
        }
        if let Some(last) = ring.back_mut()
            && last.same_call(&record)
        {
            last.calls += 1;
            last.micros += record.micros;
            return;
        }
        if ring.len() == RING {
            ring.pop_front();
        }
        ring.push_back(record);
    }

    /// The most recent records, oldest first.
    pub fn recent(&self, limit: usize) -> Vec<Record> {
        let ring = self.ring.lock().unwrap_or_else(|p| p.into_inner());
        ring.iter().skip(ring.len().saturating_sub(limit)).cloned().collect()
    }

    /// Writes pending records to the sink; on failure they stay pending and the error is
    /// returned for the caller to report.
    pub fn flush(&self) -> Result<(), String> {
        let Some(sink) = self.sink.get() else { return Ok(()) };
        let batch = std::mem::take(&mut *self.pending.lock().unwrap_or_else(|p| p.into_inner()));
        if batch.is_empty() {
            return Ok(());
        }
        match sink.append(&self.session, &self.agent, &batch) {
            Ok(()) => Ok(()),
            Err(err) => {
                let mut pending = self.pending.lock().unwrap_or_else(|p| p.into_inner());
                let newer = std::mem::replace(&mut *pending, batch);
                pending.extend(newer);
                Err(err)
            }
        }
    }
}

fn fold(records: &mut Vec<Record>, record: Record) {
    if let Some(last) = records.last_mut()
        && last.same_call(&record)
    {
        last.calls += 1;
        last.micros += record.micros;
        return;
    }
    records.push(record);
}
