//! What an engine of the store does: every operation of the store as one transaction of its
//! own, acting for an [`Actor`]. [`super::Store`] is the one face the rest of toolsh sees;
//! SQLite (`sqlite.rs`, the embedded default) and PostgreSQL (`postgres.rs`, shared by many
//! processes and machines) implement this trait, and `tests.rs` runs one suite over both.
//!
//! What the operations promise, whatever the engine:
//! - a write that returns is committed (messages and metadata durably: synced to disk);
//! - a write marks its actor present in the same transaction;
//! - `read` marks what it returns read in the transaction that selected it, so two readers
//!   never get the same message; messages come out in the order they were sent;
//! - `meta_change` reads and writes the key under a lock, so increments from any number of
//!   processes add up;
//! - `claim_timer` succeeds for exactly one claimant of a timer's slot.

use super::{Lease, Message, MetaChange, MetaEntry, MetaPlan, SessionEntry, StoreError, Timer, TimerRun};
use crate::SavedSession;

/// Who an operation acts for: the agent and its session (presence records both).
#[derive(Debug, Clone, Copy)]
pub struct Actor<'a> {
    /// The agent.
    pub agent: &'a str,
    /// Its session.
    pub session: &'a str,
}

/// One audit record as stored.
#[derive(Debug, Clone)]
pub struct AuditRow {
    /// When the call started (ms since the epoch).
    pub at: i64,
    /// The session that made it.
    pub session: String,
    /// The agent that made it.
    pub agent: String,
    /// The command.
    pub command: String,
    /// The tool.
    pub tool: String,
    /// The digest of its arguments (hex).
    pub digest: String,
    /// `allow`, `ask` or `deny`.
    pub decision: &'static str,
    /// The rule that decided.
    pub rule: String,
    /// Its status.
    pub status: i32,
    /// How long it took.
    pub micros: i64,
    /// How many identical calls it stands for.
    pub calls: u32,
}

/// The store's operations (see the module documentation for what each promises).
#[allow(missing_docs)] // each is documented where `Store` offers it
pub trait Engine: Send + Sync {
    /// How errors name this store: its path, or its address without the password.
    fn target(&self) -> &str;
    /// Opens the store (connects, brings the schema up to date) or says why it cannot.
    fn check(&self) -> Result<(), StoreError>;

    fn heartbeat(&self, who: Actor<'_>) -> Result<(), StoreError>;
    fn send(&self, who: Actor<'_>, to: &str, text: &str) -> Result<i64, StoreError>;
    fn read(&self, who: Actor<'_>, all: bool, limit: Option<u32>) -> Result<Vec<Message>, StoreError>;
    fn counts(&self, who: Actor<'_>) -> Result<[i64; 4], StoreError>;
    fn update(
        &self,
        who: Actor<'_>,
        ids: &[i64],
        read: Option<bool>,
        archived: Option<bool>,
    ) -> Result<Vec<i64>, StoreError>;
    fn agents(&self, who: Actor<'_>) -> Result<Vec<(String, i64)>, StoreError>;
    fn last_seen(&self, who: Actor<'_>, agent: &str) -> Result<Option<i64>, StoreError>;

    fn meta_get(&self, who: Actor<'_>, key: &str) -> Result<Option<MetaEntry>, StoreError>;
    fn meta_list(&self, who: Actor<'_>, prefix: &str) -> Result<Vec<MetaEntry>, StoreError>;
    /// Applies `change` to `key` as [`super::plan_meta`] decides from the key's current value,
    /// under a lock; the plan it carried out, or why the key's protection refused it.
    fn meta_change(
        &self,
        who: Actor<'_>,
        key: &str,
        change: &MetaChange,
    ) -> Result<Result<MetaPlan, String>, StoreError>;

    fn mcp_tools(&self, identity: &str) -> Result<Option<(i64, String)>, StoreError>;
    fn set_mcp_tools(&self, identity: &str, tools: &str) -> Result<(), StoreError>;

    fn add_at(
        &self,
        who: Actor<'_>,
        command: &str,
        cwd: &str,
        policy: &str,
        at: i64,
        most: usize,
    ) -> Result<Result<i64, String>, StoreError>;
    fn timers(&self, agent: &str, kind: &str) -> Result<Vec<Timer>, StoreError>;
    fn remove_at(&self, who: Actor<'_>, id: i64) -> Result<bool, StoreError>;
    fn set_crontab(
        &self,
        who: Actor<'_>,
        text: &str,
        entries: &[(String, String, i64)],
        cwd: &str,
        policy: &str,
        most: usize,
    ) -> Result<Result<(), String>, StoreError>;
    fn crontab(&self, agent: &str) -> Result<Option<String>, StoreError>;
    fn remove_crontab(&self, who: Actor<'_>) -> Result<bool, StoreError>;
    fn due_timers(&self, now: i64) -> Result<Vec<Timer>, StoreError>;
    fn next_due(&self) -> Result<Option<i64>, StoreError>;
    fn claim_timer(
        &self,
        who: Actor<'_>,
        timer: &Timer,
        next: Option<i64>,
        run: bool,
        lease: &Lease,
    ) -> Result<bool, StoreError>;
    /// Moves the lease of every unfinished run `lease.owner` holds to `lease.until`, and
    /// records that server as alive until then.
    fn renew_timer_runs(&self, lease: &Lease) -> Result<u64, StoreError>;
    /// When the lease of the server last seen firing timers runs out (`None`: never seen).
    fn timer_servers_until(&self) -> Result<Option<i64>, StoreError>;
    /// Takes over one unfinished run whose lease ran out before `now`, for `lease`: the
    /// timer as it stood at that slot (exactly one taker gets each).
    fn take_orphaned_run(&self, who: Actor<'_>, lease: &Lease, now: i64) -> Result<Option<Timer>, StoreError>;
    /// Records the end of a run `owner` holds (a run taken over since is not touched).
    fn finish_timer_run(
        &self,
        who: Actor<'_>,
        timer: i64,
        slot: i64,
        owner: &str,
        status: i64,
        output: &str,
    ) -> Result<bool, StoreError>;
    fn timer_runs(&self, agent: &str, only: Option<i64>, limit: u32) -> Result<Vec<TimerRun>, StoreError>;

    fn save_mcp_session(&self, id: &str, state: &str) -> Result<(), StoreError>;
    fn load_mcp_session(&self, id: &str) -> Result<Option<String>, StoreError>;
    fn drop_mcp_session(&self, id: &str) -> Result<(), StoreError>;

    /// Saves the session; its generation now (one more than before, 1 for a new one).
    fn save_session(&self, who: Actor<'_>, name: &str, snapshot: &SavedSession) -> Result<i64, StoreError>;
    fn session_generation(&self, agent: &str, name: &str) -> Result<Option<i64>, StoreError>;
    fn load_session(&self, agent: &str, name: &str) -> Result<Option<SavedSession>, StoreError>;
    fn sessions(&self, agent: &str) -> Result<Vec<SessionEntry>, StoreError>;
    fn copy_session(&self, who: Actor<'_>, from: &str, to: &str) -> Result<bool, StoreError>;
    fn drop_stale_sessions(&self, who: Actor<'_>, prefix: &str, before: i64) -> Result<usize, StoreError>;
    fn drop_session(&self, who: Actor<'_>, name: &str) -> Result<bool, StoreError>;

    /// Appends audit rows, then drops records older than `max_age_ms` and all but the newest
    /// `max_rows` once the log passes a multiple of `PRUNE_EVERY` (1,024 rows).
    fn append_audit(&self, who: Actor<'_>, rows: &[AuditRow], max_age_ms: i64, max_rows: i64)
    -> Result<(), StoreError>;

    /// A signal that changes whenever a message may have arrived for anyone, when the engine
    /// can push one (PostgreSQL's LISTEN/NOTIFY); `None` makes waiting readers poll.
    fn arrivals(&self) -> Option<tokio::sync::watch::Receiver<u64>> {
        None
    }

    /// Runs one SQL statement that changes rows (tests age records with it).
    #[doc(hidden)]
    fn execute_for_test(&self, sql: &str) -> Result<u64, StoreError>;
}
