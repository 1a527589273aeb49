//! The store: the state outside the workspace that outlives a process and is shared by every
//! process naming the same store — the mailboxes of `msg`, the presence table of `who`/`ping`,
//! the `meta` key-value pairs with their protections, timers, saved sessions, cached MCP tool
//! lists and the audit log. The shell's file commands never see it.
//!
//! [`Store`] is what the rest of toolsh uses: an engine ([`engine::Engine`]) acting for one
//! agent and session. Two engines: SQLite (`sqlite.rs`, one file, the embedded default) and
//! PostgreSQL (`postgres.rs`, `--store postgres://…`, for many processes on many machines).
//! Both get their schema from one list of changes (`schema.rs`), and `tests.rs` runs one
//! suite over both.

pub mod engine;
mod postgres;
mod schema;
mod sqlite;
mod tls;

pub use engine::{Actor, AuditRow, Engine};
pub use postgres::Postgres;
pub use sqlite::{BUSY_WAIT, Sqlite};

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};
use toolsh_gate::audit::{AuditSink, Record};

/// An error that names the store and says what to do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoreError(pub String);

impl std::fmt::Display for StoreError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for StoreError {}

/// Milliseconds since the epoch.
pub fn now_ms() -> i64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_millis() as i64)
}

/// How much of the audit log a store keeps: records older than `max_age` and all but the
/// newest `max_rows` are deleted as new ones arrive (115 MB after ninety minutes of traffic
/// without it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Retention {
    /// The oldest record kept.
    pub max_age: Duration,
    /// The most records kept.
    pub max_rows: u64,
}

impl Default for Retention {
    fn default() -> Self {
        Retention { max_age: Duration::from_secs(30 * 24 * 3600), max_rows: 1_000_000 }
    }
}

/// The audit log is pruned when its row ids pass a multiple of this: a few index-range deletes
/// per thousand records, off the path of all other writes.
const PRUNE_EVERY: i64 = 1024;

/// Where toolsh keeps its state on this host: `$XDG_STATE_HOME/toolsh`, else
/// `~/.local/state/toolsh` (the default store, console histories, agents' own databases).
pub fn state_dir() -> Option<PathBuf> {
    #[allow(clippy::disallowed_methods)] // where the user keeps state is a host fact
    let state = std::env::var_os("XDG_STATE_HOME")
        .map(PathBuf::from)
        .filter(|p| p.is_absolute())
        .or_else(|| std::env::var_os("HOME").map(|home| PathBuf::from(home).join(".local/state")))?;
    Some(state.join("toolsh"))
}

/// Where a store is: `--store` and `store =` in `toolsh.toml` name one.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Location {
    /// A SQLite file.
    File(PathBuf),
    /// A PostgreSQL database: `postgres://[user[:password]@]host[:port]/database[?…]`; what
    /// the address leaves out comes from `PGHOST`, `PGPORT`, `PGUSER`, `PGPASSWORD` and
    /// `PGDATABASE`.
    Postgres(String),
}

impl Location {
    /// A store address as written: a `postgres://` or `postgresql://` URL, else a file path.
    pub fn parse(text: &str) -> Location {
        if text.starts_with("postgres://") || text.starts_with("postgresql://") {
            Location::Postgres(text.to_string())
        } else {
            Location::File(PathBuf::from(text))
        }
    }

    /// The file, for a SQLite store.
    pub fn file(&self) -> Option<&Path> {
        match self {
            Location::File(path) => Some(path),
            Location::Postgres(_) => None,
        }
    }
}

/// The store as one agent's session uses it.
#[derive(Clone)]
pub struct Store {
    engine: Arc<dyn Engine>,
    location: Location,
    agent: String,
    session: String,
    retention: Retention,
}

impl Store {
    /// A SQLite store at `path` used by `agent` in `session` (nothing is opened yet).
    pub fn new(path: &Path, agent: &str, session: &str) -> Self {
        Store::with_engine(Arc::new(Sqlite::new(path)), Location::File(path.to_path_buf()), agent, session)
    }

    /// The store at `location` used by `agent` in `session`; nothing is opened yet (see
    /// [`Store::check`]). The stores of a process naming one PostgreSQL address share its
    /// connections.
    pub fn open(location: &Location, agent: &str, session: &str) -> Self {
        match location {
            Location::File(path) => Store::new(path, agent, session),
            Location::Postgres(url) => Store::with_engine(Postgres::shared(url), location.clone(), agent, session),
        }
    }

    /// Opens the store now — connects, brings the schema up to date — or says why it cannot
    /// (what a server checks before it serves anything).
    pub fn check(&self) -> Result<(), StoreError> {
        self.engine.check()
    }

    fn with_engine(engine: Arc<dyn Engine>, location: Location, agent: &str, session: &str) -> Self {
        Store {
            engine,
            location,
            agent: agent.to_string(),
            session: session.to_string(),
            retention: Retention::default(),
        }
    }

    /// The same store keeping the audit log as `retention` says.
    pub fn with_retention(mut self, retention: Retention) -> Self {
        self.retention = retention;
        self
    }

    /// The same store and connection for another session of this process: one connection
    /// (and its file descriptors) serves any number of sessions.
    pub fn for_session(&self, session: &str) -> Store {
        self.for_agent_session(&self.agent, session)
    }

    /// [`Store::for_session`] acting for `agent` (a timer's owner, run by `toolsh serve`).
    pub fn for_agent_session(&self, agent: &str, session: &str) -> Store {
        Store {
            engine: self.engine.clone(),
            location: self.location.clone(),
            agent: agent.to_string(),
            session: session.to_string(),
            retention: self.retention,
        }
    }

    /// Where the store is.
    pub fn location(&self) -> &Location {
        &self.location
    }

    /// How messages name the store: its path, or its address without the password.
    pub fn target(&self) -> &str {
        self.engine.target()
    }

    /// The host directory beside the store for what stays on this host (agents' own SQL
    /// databases): the SQLite file's directory, or [`state_dir`] for a PostgreSQL store.
    pub fn local_dir(&self) -> PathBuf {
        match &self.location {
            Location::File(path) => path.parent().map(Path::to_path_buf).unwrap_or_default(),
            Location::Postgres(_) => state_dir().unwrap_or_default(),
        }
    }

    /// The agent this process acts for.
    pub fn agent(&self) -> &str {
        &self.agent
    }

    fn me(&self) -> Actor<'_> {
        Actor { agent: &self.agent, session: &self.session }
    }

    /// Runs one SQL statement that changes rows (tests age records with it).
    #[doc(hidden)]
    pub fn execute_for_test(&self, sql: &str) -> Result<u64, StoreError> {
        self.engine.execute_for_test(sql)
    }
}

impl AuditSink for Store {
    fn append(&self, session: &str, agent: &str, records: &[Record]) -> Result<(), String> {
        // The log is written at the end of every command line: it survives a crash of the
        // process and skips the sync a lost machine would need, which messages keep.
        let rows: Vec<AuditRow> = records
            .iter()
            .map(|r| AuditRow {
                at: r.at.duration_since(UNIX_EPOCH).map_or(0, |d| d.as_millis() as i64),
                session: session.to_string(),
                agent: agent.to_string(),
                command: r.command.clone(),
                tool: r.tool.clone(),
                digest: format!("{:016x}", r.digest),
                decision: r.verdict.as_str(),
                rule: r.rule.to_string(),
                status: r.status,
                micros: i64::try_from(r.micros).unwrap_or(i64::MAX),
                calls: r.calls,
            })
            .collect();
        let max_age = i64::try_from(self.retention.max_age.as_millis()).unwrap_or(i64::MAX);
        let max_rows = i64::try_from(self.retention.max_rows).unwrap_or(i64::MAX);
        self.engine.append_audit(Actor { agent, session }, &rows, max_age, max_rows).map_err(|e| e.0)
    }
}

/// A stored message.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Message {
    /// Its id.
    pub id: i64,
    /// The sender.
    pub from: String,
    /// The recipient.
    pub to: String,
    /// The text.
    pub text: String,
    /// When it was sent (ms since the epoch).
    pub sent_at: i64,
    /// When it was first read.
    pub read_at: Option<i64>,
    /// Archived messages are no longer listed.
    pub archived: bool,
}

const MESSAGE_COLUMNS: &str = "id, sender, recipient, body, sent_at, read_at, archived";

/// Mailboxes and presence.
impl Store {
    /// Stores a message; once this returns, it is durable.
    pub fn send(&self, to: &str, text: &str) -> Result<i64, StoreError> {
        self.engine.send(self.me(), to, text)
    }

    /// This agent's messages, oldest first: unread ones (marked read in the same transaction,
    /// so two readers never get the same message), or all that are not archived.
    pub fn read(&self, all: bool, limit: Option<u32>) -> Result<Vec<Message>, StoreError> {
        self.engine.read(self.me(), all, limit)
    }

    /// Counts of this agent's mailbox: unread, read, archived, and sent.
    pub fn counts(&self) -> Result<[i64; 4], StoreError> {
        self.engine.counts(self.me())
    }

    /// Changes this agent's messages: marks them read or unread, archives or restores them.
    /// Returns the ids that were found.
    pub fn update(&self, ids: &[i64], read: Option<bool>, archived: Option<bool>) -> Result<Vec<i64>, StoreError> {
        self.engine.update(self.me(), ids, read, archived)
    }

    /// Agents seen on this store, most recent first: (name, last seen ms).
    pub fn agents(&self) -> Result<Vec<(String, i64)>, StoreError> {
        self.engine.agents(self.me())
    }

    /// When `agent` was last seen.
    pub fn last_seen(&self, agent: &str) -> Result<Option<i64>, StoreError> {
        self.engine.last_seen(self.me(), agent)
    }

    /// Marks this agent as seen now.
    pub fn heartbeat(&self) -> Result<(), StoreError> {
        self.engine.heartbeat(self.me())
    }

    /// [`Store::read`], waiting up to `wait` (for ever with none) for a message when there is
    /// none yet: woken by the engine's arrivals (PostgreSQL: at once) or polling with backoff
    /// (SQLite: from 20 ms up to 500 ms). Dropping the future stops the wait.
    pub async fn read_waiting(
        &self,
        all: bool,
        limit: Option<u32>,
        wait: Option<Duration>,
    ) -> Result<Vec<Message>, StoreError> {
        // A wait too long to be a time (past the clock's range) is no limit at all.
        let until = wait.and_then(|wait| tokio::time::Instant::now().checked_add(wait));
        let mut arrivals = self.engine.arrivals();
        let mut pause = Duration::from_millis(20);
        loop {
            // Seen before the read: an arrival after it wakes the wait below at once.
            if let Some(arrivals) = &mut arrivals {
                arrivals.borrow_and_update();
            }
            let messages = self.read(all, limit)?;
            let left = until.map(|until| until.saturating_duration_since(tokio::time::Instant::now()));
            if !messages.is_empty() || left.is_some_and(|left| left.is_zero()) {
                return Ok(messages);
            }
            let left = left.unwrap_or(Duration::MAX);
            match &mut arrivals {
                // A notification lost with a dropped connection is caught by the next look.
                Some(signal) => {
                    if let Ok(Err(_)) = tokio::time::timeout(left.min(Duration::from_secs(5)), signal.changed()).await {
                        arrivals = None; // the listener is gone: poll
                    }
                }
                None => {
                    tokio::time::sleep(left.min(pause)).await;
                    pause = (pause * 2).min(Duration::from_millis(500));
                }
            }
        }
    }
}

pub use toolsh_gate::calls::Protection;

/// A `meta` entry.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct MetaEntry {
    /// The key.
    pub key: String,
    /// The value.
    pub value: String,
    /// Its protection.
    pub protection: Protection,
}

/// Why a `meta` change was refused (the store itself worked).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MetaError {
    /// The store failed.
    Store(StoreError),
    /// The protection forbids it.
    Refused(String),
}

impl From<StoreError> for MetaError {
    fn from(err: StoreError) -> Self {
        MetaError::Store(err)
    }
}

/// A change `meta` asks of a key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MetaChange {
    /// Set the value (and, for a new key, its protection).
    Set(String, Option<Protection>),
    /// Add to the integer value (a missing key starts at 0).
    Incr(i64),
    /// Delete the key.
    Delete,
}

/// What a change does to a key, decided from its current value by [`plan_meta`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MetaPlan {
    /// Write this value with this protection.
    Write(String, Protection),
    /// Delete the key.
    Delete,
    /// Nothing (a delete of a missing key).
    Nothing,
}

/// What `change` does to `key` holding `existing` (value and protection), or why the key's
/// protection refuses it: the one place the protections are decided, for every engine.
pub fn plan_meta(key: &str, existing: Option<(&str, Protection)>, change: &MetaChange) -> Result<MetaPlan, String> {
    match change {
        MetaChange::Set(value, asked) => {
            let protection = match (existing, asked) {
                (Some((_, kept)), Some(asked)) if kept != *asked => {
                    return Err(format!("{key} is {}; its protection cannot change", kept.as_str()));
                }
                (Some((_, kept)), _) => kept,
                (None, asked) => asked.unwrap_or_default(),
            };
            match check_change(key, existing.map(|(v, _)| v), value, protection) {
                Some(why) => Err(why),
                None => Ok(MetaPlan::Write(value.clone(), protection)),
            }
        }
        MetaChange::Incr(by) => {
            let (old, protection) = match existing {
                Some((value, protection)) => match value.trim().parse::<i64>() {
                    Ok(n) => (n, protection),
                    Err(_) => return Err(format!("{key} holds '{value}', not an integer")),
                },
                None => (0, Protection::None),
            };
            let Some(new) = old.checked_add(*by) else {
                return Err(format!("{key}: {old} + {by} overflows"));
            };
            let new = new.to_string();
            match check_change(key, existing.map(|(v, _)| v), &new, protection) {
                Some(why) => Err(why),
                None => Ok(MetaPlan::Write(new, protection)),
            }
        }
        MetaChange::Delete => match existing {
            None => Ok(MetaPlan::Nothing),
            Some((_, Protection::Readonly)) => Err(format!("{key} is readonly; it cannot be deleted")),
            Some(_) => Ok(MetaPlan::Delete),
        },
    }
}

/// Why a change from `old` to `new` breaks `protection`, if it does.
fn check_change(key: &str, old: Option<&str>, new: &str, protection: Protection) -> Option<String> {
    match protection {
        Protection::None => None,
        Protection::Readonly => old.map(|_| format!("{key} is readonly; it cannot change")),
        Protection::Increment => {
            let Ok(new) = new.trim().parse::<i64>() else {
                return Some(format!("{key} is an increment key; '{new}' is not an integer"));
            };
            match old.map(|o| o.trim().parse::<i64>()) {
                Some(Ok(old)) if new < old => Some(format!("{key} only grows: {new} < {old}")),
                _ => None,
            }
        }
    }
}

/// Key-value metadata with protections.
impl Store {
    /// One entry.
    pub fn meta_get(&self, key: &str) -> Result<Option<MetaEntry>, StoreError> {
        self.engine.meta_get(self.me(), key)
    }

    /// Entries whose key starts with `prefix`, by key.
    pub fn meta_list(&self, prefix: &str) -> Result<Vec<MetaEntry>, StoreError> {
        self.engine.meta_list(self.me(), prefix)
    }

    fn meta_change(&self, key: &str, change: &MetaChange) -> Result<MetaPlan, MetaError> {
        self.engine.meta_change(self.me(), key, change)?.map_err(MetaError::Refused)
    }

    /// Sets a value (and, for a new key, its protection), within the key's protection.
    pub fn meta_set(&self, key: &str, value: &str, protection: Option<Protection>) -> Result<MetaEntry, MetaError> {
        match self.meta_change(key, &MetaChange::Set(value.to_string(), protection))? {
            MetaPlan::Write(value, protection) => Ok(MetaEntry { key: key.to_string(), value, protection }),
            _ => Err(MetaError::Refused(format!("{key} was not written"))),
        }
    }

    /// Adds `by` to an integer value atomically (a missing key starts at 0).
    pub fn meta_incr(&self, key: &str, by: i64) -> Result<i64, MetaError> {
        match self.meta_change(key, &MetaChange::Incr(by))? {
            MetaPlan::Write(value, _) => {
                value.parse().map_err(|_| MetaError::Refused(format!("{key} holds '{value}'")))
            }
            _ => Err(MetaError::Refused(format!("{key} was not written"))),
        }
    }

    /// Deletes a key unless it is readonly; false when it did not exist.
    pub fn meta_delete(&self, key: &str) -> Result<bool, MetaError> {
        Ok(self.meta_change(key, &MetaChange::Delete)? == MetaPlan::Delete)
    }
}

/// The tool lists of mounted MCP servers, so a fresh process can register a server's tools
/// without starting it (nothing here marks presence: a cache is not an agent).
impl Store {
    /// The cached list for `identity`: when it was listed (ms since the epoch) and the tools
    /// as JSON text.
    pub fn mcp_tools(&self, identity: &str) -> Result<Option<(i64, String)>, StoreError> {
        self.engine.mcp_tools(identity)
    }

    /// Keeps `tools` (JSON text) as the list of `identity`, listed now.
    pub fn set_mcp_tools(&self, identity: &str, tools: &str) -> Result<(), StoreError> {
        self.engine.set_mcp_tools(identity, tools)
    }
}

/// A timer: an `at` job or a crontab entry.
#[derive(Debug, Clone, PartialEq, Eq)]
#[allow(missing_docs)]
pub struct Timer {
    pub id: i64,
    pub agent: String,
    /// `at` or `cron` (toolsh-core's `timers::AT`, `timers::CRON`).
    pub kind: String,
    pub schedule: String,
    pub command: String,
    pub cwd: String,
    /// When it is next due (ms since the epoch).
    pub next_at: i64,
    /// The policy it was scheduled under ([`toolsh_gate::policy::Policy::carried`]); `None` for a
    /// timer scheduled before the store kept it.
    pub policy: Option<String>,
}

/// One firing of a timer, as `atq --runs` shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
#[allow(missing_docs)]
pub struct TimerRun {
    pub timer: i64,
    pub slot: i64,
    pub kind: String,
    pub command: String,
    pub started_at: i64,
    pub status: Option<i64>,
    pub output: Option<String>,
}

const TIMER_COLUMNS: &str = "id, agent, kind, schedule, command, cwd, next_at, policy";

/// A run of a timer as the server that runs it holds it: its name for the process, and until
/// when the run is its own unless renewed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Lease {
    /// The server process (`host:pid:start`).
    pub owner: String,
    /// When the lease runs out (ms since the epoch).
    pub until: i64,
}

/// The columns of a run that make it a timer again (for a server taking it over).
const RUN_AS_TIMER: &str = "timer, agent, kind, COALESCE(schedule, ''), command, COALESCE(cwd, '/'), slot, policy";

/// Timers: kept per agent, fired once each by whichever `toolsh serve` claims the slot first.
impl Store {
    /// Adds an `at` job of this agent due at `at` (ms), scheduled under `policy`
    /// ([`toolsh_gate::policy::Policy::carried`]); its number. Refused past `most` timers.
    pub fn add_at(
        &self,
        command: &str,
        cwd: &str,
        policy: &str,
        at: i64,
        most: usize,
    ) -> Result<Result<i64, String>, StoreError> {
        self.engine.add_at(self.me(), command, cwd, policy, at, most)
    }

    /// This agent's timers of `kind`, soonest first.
    pub fn timers(&self, kind: &str) -> Result<Vec<Timer>, StoreError> {
        self.engine.timers(&self.agent, kind)
    }

    /// Removes this agent's `at` job `id`; false when it has none such.
    pub fn remove_at(&self, id: i64) -> Result<bool, StoreError> {
        self.engine.remove_at(self.me(), id)
    }

    /// Installs this agent's crontab: its text, and its entries with when each is next due,
    /// all scheduled under `policy` ([`toolsh_gate::policy::Policy::carried`]).
    pub fn set_crontab(
        &self,
        text: &str,
        entries: &[(String, String, i64)],
        cwd: &str,
        policy: &str,
        most: usize,
    ) -> Result<Result<(), String>, StoreError> {
        self.engine.set_crontab(self.me(), text, entries, cwd, policy, most)
    }

    /// This agent's crontab as installed.
    pub fn crontab(&self) -> Result<Option<String>, StoreError> {
        self.engine.crontab(&self.agent)
    }

    /// Removes this agent's crontab; false when it had none.
    pub fn remove_crontab(&self) -> Result<bool, StoreError> {
        self.engine.remove_crontab(self.me())
    }

    /// Every agent's timers due by `now` (ms).
    pub fn due_timers(&self, now: i64) -> Result<Vec<Timer>, StoreError> {
        self.engine.due_timers(now)
    }

    /// When the soonest timer of any agent is due.
    pub fn next_due(&self) -> Result<Option<i64>, StoreError> {
        self.engine.next_due()
    }

    /// Claims `timer`'s run at `slot` for this process, held under `lease`: true for exactly
    /// one claimant. The timer moves to `next` (an `at` job, with none, is gone); `run` says
    /// whether it runs (a missed crontab slot is only passed over).
    pub fn claim_timer(&self, timer: &Timer, next: Option<i64>, run: bool, lease: &Lease) -> Result<bool, StoreError> {
        self.engine.claim_timer(self.me(), timer, next, run, lease)
    }

    /// Renews the lease of every unfinished run `lease.owner` holds.
    pub fn renew_timer_runs(&self, lease: &Lease) -> Result<u64, StoreError> {
        self.engine.renew_timer_runs(lease)
    }

    /// When the lease of the `toolsh serve` last seen firing timers on this store runs out
    /// (`None`: none ever did): a time past means none is firing them now.
    pub fn timer_servers_until(&self) -> Result<Option<i64>, StoreError> {
        self.engine.timer_servers_until()
    }

    /// Takes over, under `lease`, one unfinished run whose lease ran out before `now` (its
    /// server died): the timer as it stood at that slot, for exactly one taker.
    pub fn take_orphaned_run(&self, lease: &Lease, now: i64) -> Result<Option<Timer>, StoreError> {
        self.engine.take_orphaned_run(self.me(), lease, now)
    }

    /// Records how the run of `timer` at `slot` that `owner` holds ended; false when another
    /// server took it over since.
    pub fn finish_timer_run(
        &self,
        timer: i64,
        slot: i64,
        owner: &str,
        status: i64,
        output: &str,
    ) -> Result<bool, StoreError> {
        self.engine.finish_timer_run(self.me(), timer, slot, owner, status, output)
    }

    /// This agent's latest runs (of timer `only`, when given), newest first.
    pub fn timer_runs(&self, only: Option<i64>, limit: u32) -> Result<Vec<TimerRun>, StoreError> {
        self.engine.timer_runs(&self.agent, only, limit)
    }
}

/// The handshakes of MCP HTTP sessions (the client's `initialize`, as JSON), by session id:
/// what a restarted `toolsh mcp --http` needs to answer a session it did not start.
impl Store {
    /// Keeps session `id`'s handshake.
    pub fn save_mcp_session(&self, id: &str, state: &str) -> Result<(), StoreError> {
        self.engine.save_mcp_session(id, state)
    }

    /// Session `id`'s handshake, when it was kept.
    pub fn load_mcp_session(&self, id: &str) -> Result<Option<String>, StoreError> {
        self.engine.load_mcp_session(id)
    }

    /// Forgets session `id`'s handshake.
    pub fn drop_mcp_session(&self, id: &str) -> Result<(), StoreError> {
        self.engine.drop_mcp_session(id)
    }
}

/// A session kept in the store, as `session list` shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SessionEntry {
    /// Its name.
    pub name: String,
    /// When it was saved (ms since the epoch).
    pub saved_at: i64,
    /// Its size in bytes (state and `/tmp`).
    pub bytes: i64,
    /// The snapshot version it was written in.
    pub version: i64,
}

/// A saved session as the store keeps it: opaque text and bytes, in the format of the version
/// its writer names (toolsh-core's `snapshot` writes and reads them; the store only keeps them).
#[derive(Debug, Clone, PartialEq)]
pub struct SavedSession {
    /// The format version it was written in.
    pub version: u32,
    /// The session's state.
    pub state: String,
    /// Its `/tmp`, archived.
    pub tmp: Vec<u8>,
}

/// The agent's saved sessions.
impl Store {
    /// Keeps `snapshot` as session `name` of this agent, replacing what it held; the
    /// session's generation now (each save adds one).
    pub fn save_session(&self, name: &str, snapshot: &SavedSession) -> Result<i64, StoreError> {
        self.engine.save_session(self.me(), name, snapshot)
    }

    /// Session `name`'s generation: how many times it was saved (`None`: there is none).
    pub fn session_generation(&self, name: &str) -> Result<Option<i64>, StoreError> {
        self.engine.session_generation(&self.agent, name)
    }

    /// Session `name` of this agent, when there is one.
    pub fn load_session(&self, name: &str) -> Result<Option<SavedSession>, StoreError> {
        self.engine.load_session(&self.agent, name)
    }

    /// This agent's sessions, by name.
    pub fn sessions(&self) -> Result<Vec<SessionEntry>, StoreError> {
        self.engine.sessions(&self.agent)
    }

    /// Copies session `from` to `to` (replacing `to`); false when there is no `from`.
    pub fn copy_session(&self, from: &str, to: &str) -> Result<bool, StoreError> {
        self.engine.copy_session(self.me(), from, to)
    }

    /// Forgets every agent's sessions named `prefix…` saved before `before` (ms) and, for
    /// `mcp:` ones, their handshakes: an HTTP session idle that long will not come back.
    pub fn drop_stale_sessions(&self, prefix: &str, before: i64) -> Result<usize, StoreError> {
        self.engine.drop_stale_sessions(self.me(), prefix, before)
    }

    /// Forgets session `name`; false when there was none.
    pub fn drop_session(&self, name: &str) -> Result<bool, StoreError> {
        self.engine.drop_session(self.me(), name)
    }
}

/// What the layers under the store see of it: where it is, and itself for the tool bodies that
/// keep their data in it.
impl toolsh_gate::StoreHandle for Store {
    fn target(&self) -> String {
        Store::target(self).to_string()
    }

    fn as_any(&self) -> &dyn std::any::Any {
        self
    }

    fn into_any(self: Arc<Self>) -> Arc<dyn std::any::Any + Send + Sync> {
        self
    }
}

#[cfg(test)]
mod tests;
