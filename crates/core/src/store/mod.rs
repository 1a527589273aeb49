//! The store: one SQLite file (WAL) outside every mount, invisible to the shell's file
//! commands. It holds the mailboxes of `msg`, the presence table of `who`/`ping`, the `meta`
//! key-value pairs with their protections, and the audit log.
//!
//! Several processes naming the same file share it: each opens its own connection, writes run
//! in `BEGIN IMMEDIATE` transactions (so two writers queue instead of deadlocking), and a busy
//! store is waited for up to [`BUSY_WAIT`]. The schema is versioned with `PRAGMA user_version`
//! and migrated forward in one transaction. The file is opened on first use, so a run that
//! never needs it never pays for it.

mod schema;

use crate::audit::{AuditSink, Record};
use rusqlite::{Connection, OptionalExtension, TransactionBehavior, params};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicI32, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// How long a write waits for another process holding the store.
pub const BUSY_WAIT: Duration = Duration::from_secs(30);

/// WAL pages after which a write empties the WAL into the database.
///
/// A one-shot `toolsh -c` leaves the WAL in place (see `cli::exit_without_teardown`), and the
/// next process to open the store rebuilds the WAL index by reading and checksumming every
/// page of it. SQLite's own automatic checkpoint does not help there: it copies the pages but
/// only the *same* connection's next write restarts the WAL, and a new process forgets what
/// was copied — the WAL grew without end and every process copied all of it again. So the
/// store checkpoints in TRUNCATE mode itself, once the WAL holds this many pages: a rebuild
/// then reads at most ~0.5 MB, for one checkpoint every few dozen command lines.
const WAL_PAGES: i32 = 128;

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

/// The store of one process: a path, opened on first use.
pub struct Store {
    path: PathBuf,
    agent: String,
    session: String,
    /// Opened on first use; a failed open is retried by the next use, never remembered.
    /// Sessions of one process share it ([`Store::for_session`]).
    conn: Arc<Mutex<Option<Connection>>>,
    /// Pages in the WAL after the connection's last commit (set by its WAL hook).
    wal_pages: Arc<AtomicI32>,
    retention: Retention,
}

impl Store {
    /// A store at `path` used by `agent` in `session` (nothing is opened yet).
    pub fn new(path: &Path, agent: &str, session: &str) -> Self {
        Store {
            path: path.to_path_buf(),
            agent: agent.to_string(),
            session: session.to_string(),
            conn: Arc::default(),
            wal_pages: Arc::default(),
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
            path: self.path.clone(),
            agent: agent.to_string(),
            session: session.to_string(),
            conn: self.conn.clone(),
            wal_pages: self.wal_pages.clone(),
            retention: self.retention,
        }
    }

    /// The file's path.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The agent this process acts for.
    pub fn agent(&self) -> &str {
        &self.agent
    }

    fn describe(&self, err: &rusqlite::Error) -> StoreError {
        let path = self.path.display();
        let hint = match err.sqlite_error_code() {
            // A store a newer toolsh migrated says so (the migration wrote why).
            Some(rusqlite::ErrorCode::NotADatabase)
                if let rusqlite::Error::SqliteFailure(_, Some(why)) = err
                    && why.contains("newer than this toolsh") =>
            {
                format!("has {why}, or name another with --store")
            }
            Some(rusqlite::ErrorCode::DatabaseBusy | rusqlite::ErrorCode::DatabaseLocked) => {
                format!("is locked by another process for more than {}s; try again", BUSY_WAIT.as_secs())
            }
            Some(rusqlite::ErrorCode::NotADatabase | rusqlite::ErrorCode::DatabaseCorrupt) => {
                "is not a toolsh store or is damaged; move it aside and name another with --store".to_string()
            }
            Some(rusqlite::ErrorCode::CannotOpen | rusqlite::ErrorCode::PermissionDenied) => {
                "cannot be opened; check the directory exists and is writable, or name another with --store".to_string()
            }
            Some(rusqlite::ErrorCode::ReadOnly) => "is read-only; name a writable one with --store".to_string(),
            Some(rusqlite::ErrorCode::DiskFull) => "cannot grow: the disk is full".to_string(),
            _ => format!("failed: {err}"),
        };
        StoreError(format!("store {path} {hint}"))
    }

    /// Opens the file, in WAL mode and migrated; `seen` marks this agent present (a caller
    /// about to write skips it: every write transaction marks presence itself).
    fn open(&self, seen: bool) -> Result<Connection, StoreError> {
        if let Some(parent) = self.path.parent().filter(|p| !p.as_os_str().is_empty()) {
            #[allow(clippy::disallowed_methods)] // the store lives on the host, outside every mount
            std::fs::create_dir_all(parent).map_err(|e| {
                StoreError(format!("store {}: cannot create {}: {e}", self.path.display(), parent.display()))
            })?;
        }
        let mut conn = Connection::open(&self.path).map_err(|e| self.describe(&e))?;
        conn.busy_timeout(BUSY_WAIT).map_err(|e| self.describe(&e))?;
        // Switching to WAL and migrating can meet another process doing the same on a new
        // store; SQLite does not always call the busy handler there, so wait here.
        retry_busy(|| {
            // WAL lets readers run beside a writer. Writes survive a crash of the process;
            // `write_durable` also syncs, so acknowledged messages survive a lost machine.
            conn.pragma_update(None, "journal_mode", "WAL")?;
            conn.pragma_update(None, "synchronous", "NORMAL")?;
            // Replaces SQLite's automatic checkpoint (see `WAL_PAGES`).
            let pages = self.wal_pages.clone();
            conn.wal_hook(Some(move |_: &mut rusqlite::hooks::Wal, now: std::ffi::c_int| {
                pages.store(now, Ordering::Relaxed);
                Ok(())
            }))?;
            schema::migrate(&mut conn)?;
            if !seen {
                return Ok(());
            }
            // Presence: using the store at all counts as being seen.
            let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
            touch(&tx, &self.agent, &self.session)?;
            tx.commit()
        })
        .map_err(|e| self.describe(&e))?;
        Ok(conn)
    }

    /// Runs `work` with the connection, opening the store on first use (a failed open is
    /// retried by the next use, never remembered).
    pub fn with<T>(&self, work: impl FnOnce(&mut Connection) -> rusqlite::Result<T>) -> Result<T, StoreError> {
        self.with_opened(true, work)
    }

    /// [`Store::with`]; a first open marks presence only when `seen` (see [`Store::open`]).
    fn with_opened<T>(
        &self,
        seen: bool,
        work: impl FnOnce(&mut Connection) -> rusqlite::Result<T>,
    ) -> Result<T, StoreError> {
        let mut slot = self.conn.lock().unwrap_or_else(|p| p.into_inner());
        let conn = match slot.as_mut() {
            Some(conn) => conn,
            None => slot.insert(self.open(seen)?),
        };
        work(conn).map_err(|e| self.describe(&e))
    }

    /// Like [`Store::write`], synced to disk before it returns (what is acknowledged to a
    /// user: a sent message, a metadata change).
    pub fn write_durable<T>(
        &self,
        work: impl FnOnce(&rusqlite::Transaction<'_>) -> rusqlite::Result<T>,
    ) -> Result<T, StoreError> {
        self.with_opened(false, |conn| conn.pragma_update(None, "synchronous", "FULL"))?;
        let result = self.write(work);
        let relaxed = self.with(|conn| conn.pragma_update(None, "synchronous", "NORMAL"));
        let value = result?;
        relaxed?;
        Ok(value)
    }

    /// Runs `work` in one write transaction (queued behind other processes' writes).
    pub fn write<T>(
        &self,
        work: impl FnOnce(&rusqlite::Transaction<'_>) -> rusqlite::Result<T>,
    ) -> Result<T, StoreError> {
        let (agent, session) = (self.agent.clone(), self.session.clone());
        self.with_opened(false, move |conn| {
            let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
            let value = work(&tx)?;
            touch(&tx, &agent, &session)?;
            tx.commit()?;
            Ok(value)
        })
        .inspect(|_| self.checkpoint_if_due())
    }

    /// Empties the WAL into the database once it holds [`WAL_PAGES`] pages, without waiting:
    /// while another process reads or writes, the checkpoint copies what it can and the next
    /// write tries again. A failure loses nothing (the pages stay in the WAL), so it is not
    /// the failure of the write that came before.
    fn checkpoint_if_due(&self) {
        if self.wal_pages.load(Ordering::Relaxed) < WAL_PAGES {
            return;
        }
        let _ = self.with(|conn| {
            conn.busy_timeout(Duration::ZERO)?;
            let done = conn.wal_checkpoint_v2(rusqlite::DEFAULT_NAME, rusqlite::wal::CheckpointMode::TRUNCATE);
            conn.busy_timeout(BUSY_WAIT)?;
            if done.is_ok() {
                self.wal_pages.store(0, Ordering::Relaxed);
            }
            Ok(())
        });
    }
}

/// Runs `step` again while the store is busy, for up to [`BUSY_WAIT`].
fn retry_busy<T>(mut step: impl FnMut() -> rusqlite::Result<T>) -> rusqlite::Result<T> {
    let started = std::time::Instant::now();
    let mut pause = Duration::from_millis(1);
    loop {
        match step() {
            Err(err) if is_busy(&err) && started.elapsed() < BUSY_WAIT => {
                std::thread::sleep(pause);
                pause = (pause * 2).min(Duration::from_millis(100));
            }
            other => return other,
        }
    }
}

fn is_busy(err: &rusqlite::Error) -> bool {
    matches!(err.sqlite_error_code(), Some(rusqlite::ErrorCode::DatabaseBusy | rusqlite::ErrorCode::DatabaseLocked))
}

/// Marks `agent` as seen now.
fn touch(conn: &Connection, agent: &str, session: &str) -> rusqlite::Result<()> {
    conn.execute(
        "INSERT INTO agents (name, last_seen, session) VALUES (?1, ?2, ?3)
         ON CONFLICT(name) DO UPDATE SET last_seen = excluded.last_seen, session = excluded.session",
        params![agent, now_ms(), session],
    )?;
    Ok(())
}

impl AuditSink for Store {
    fn append(&self, session: &str, agent: &str, records: &[Record]) -> Result<(), String> {
        // The log is written at the end of every command line: it survives a crash of the
        // process (WAL) and skips the sync a lost machine would need, which messages keep.
        let result = self.write(|tx| {
            let mut insert = tx.prepare_cached(
                "INSERT INTO audit (at, session, agent, command, tool, digest, decision, rule, status, micros, calls)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)",
            )?;
            for r in records {
                let at = r.at.duration_since(UNIX_EPOCH).map_or(0, |d| d.as_millis() as i64);
                insert.execute(params![
                    at,
                    session,
                    agent,
                    r.command,
                    r.tool,
                    format!("{:016x}", r.digest),
                    r.verdict.as_str(),
                    r.rule,
                    r.status,
                    r.micros as i64,
                    r.calls
                ])?;
            }
            let last = tx.last_insert_rowid();
            if !records.is_empty() && last / PRUNE_EVERY != (last - records.len() as i64) / PRUNE_EVERY {
                let cutoff = now_ms().saturating_sub(self.retention.max_age.as_millis() as i64);
                tx.execute("DELETE FROM audit WHERE at < ?1", params![cutoff])?;
                let keep = i64::try_from(self.retention.max_rows).unwrap_or(i64::MAX);
                tx.execute("DELETE FROM audit WHERE id <= ?1", params![last.saturating_sub(keep)])?;
            }
            Ok(())
        });
        result.map_err(|e| e.0)
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

fn message(row: &rusqlite::Row<'_>) -> rusqlite::Result<Message> {
    Ok(Message {
        id: row.get(0)?,
        from: row.get(1)?,
        to: row.get(2)?,
        text: row.get(3)?,
        sent_at: row.get(4)?,
        read_at: row.get(5)?,
        archived: row.get::<_, i64>(6)? != 0,
    })
}

const MESSAGE_COLUMNS: &str = "id, sender, recipient, body, sent_at, read_at, archived";

impl Store {
    /// Stores a message; once this returns, it is on disk.
    pub fn send(&self, to: &str, text: &str) -> Result<i64, StoreError> {
        let from = self.agent.clone();
        self.write_durable(|tx| {
            tx.execute(
                "INSERT INTO messages (sender, recipient, body, sent_at) VALUES (?1, ?2, ?3, ?4)",
                params![from, to, text, now_ms()],
            )?;
            Ok(tx.last_insert_rowid())
        })
    }

    /// This agent's messages, oldest first: unread ones (marked read in the same transaction,
    /// so two readers never get the same message), or all that are not archived.
    pub fn read(&self, all: bool, limit: Option<u32>) -> Result<Vec<Message>, StoreError> {
        let me = self.agent.clone();
        self.write(|tx| {
            let filter = if all { "archived = 0" } else { "read_at IS NULL AND archived = 0" };
            let sql = format!(
                "SELECT {MESSAGE_COLUMNS} FROM messages WHERE recipient = ?1 AND {filter} ORDER BY id LIMIT ?2"
            );
            let limit = limit.map_or(-1, i64::from);
            let messages: Vec<Message> =
                tx.prepare(&sql)?.query_map(params![me, limit], message)?.collect::<rusqlite::Result<_>>()?;
            let now = now_ms();
            let mut mark = tx.prepare("UPDATE messages SET read_at = ?1 WHERE id = ?2 AND read_at IS NULL")?;
            for m in &messages {
                mark.execute(params![now, m.id])?;
            }
            Ok(messages)
        })
    }

    /// Counts of this agent's mailbox: unread, read, archived, and sent.
    pub fn counts(&self) -> Result<[i64; 4], StoreError> {
        let me = self.agent.clone();
        self.with(|conn| {
            conn.query_row(
                "SELECT
                   COALESCE(SUM(recipient = ?1 AND read_at IS NULL AND archived = 0), 0),
                   COALESCE(SUM(recipient = ?1 AND read_at IS NOT NULL AND archived = 0), 0),
                   COALESCE(SUM(recipient = ?1 AND archived = 1), 0),
                   COALESCE(SUM(sender = ?1), 0)
                 FROM messages",
                params![me],
                |row| Ok([row.get(0)?, row.get(1)?, row.get(2)?, row.get(3)?]),
            )
        })
    }

    /// Changes this agent's messages: marks them read or unread, archives or restores them.
    /// Returns the ids that were found.
    pub fn update(&self, ids: &[i64], read: Option<bool>, archived: Option<bool>) -> Result<Vec<i64>, StoreError> {
        let me = self.agent.clone();
        self.write_durable(|tx| {
            let mut found = Vec::new();
            for id in ids {
                let exists: Option<i64> = tx
                    .query_row("SELECT id FROM messages WHERE id = ?1 AND recipient = ?2", params![id, me], |r| {
                        r.get(0)
                    })
                    .optional()?;
                if exists.is_none() {
                    continue;
                }
                if let Some(read) = read {
                    let at = read.then(now_ms);
                    tx.execute("UPDATE messages SET read_at = ?1 WHERE id = ?2", params![at, id])?;
                }
                if let Some(archived) = archived {
                    tx.execute("UPDATE messages SET archived = ?1 WHERE id = ?2", params![i64::from(archived), id])?;
                }
                found.push(*id);
            }
            Ok(found)
        })
    }

    /// Agents seen on this store, most recent first: (name, last seen ms).
    pub fn agents(&self) -> Result<Vec<(String, i64)>, StoreError> {
        self.with(|conn| {
            conn.prepare("SELECT name, last_seen FROM agents ORDER BY last_seen DESC, name")?
                .query_map([], |row| Ok((row.get(0)?, row.get(1)?)))?
                .collect()
        })
    }

    /// When `agent` was last seen.
    pub fn last_seen(&self, agent: &str) -> Result<Option<i64>, StoreError> {
        self.with(|conn| {
            conn.query_row("SELECT last_seen FROM agents WHERE name = ?1", params![agent], |r| r.get(0)).optional()
        })
    }

    /// Marks this agent as seen now.
    pub fn heartbeat(&self) -> Result<(), StoreError> {
        self.write(|_| Ok(()))
    }
}

/// How a `meta` key may change.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize, schemars::JsonSchema, Default)]
#[serde(rename_all = "snake_case")]
pub enum Protection {
    /// Any change.
    #[default]
    None,
    /// Set once; never changed or deleted.
    Readonly,
    /// An integer that only grows.
    Increment,
}

impl Protection {
    fn parse(text: &str) -> Protection {
        match text {
            "readonly" => Protection::Readonly,
            "increment" => Protection::Increment,
            _ => Protection::None,
        }
    }

    /// The snake_case name.
    pub fn as_str(self) -> &'static str {
        match self {
            Protection::None => "none",
            Protection::Readonly => "readonly",
            Protection::Increment => "increment",
        }
    }
}

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

fn current(tx: &Connection, key: &str) -> rusqlite::Result<Option<(String, Protection)>> {
    tx.query_row("SELECT value, protection FROM meta WHERE key = ?1", params![key], |r| {
        Ok((r.get::<_, String>(0)?, Protection::parse(&r.get::<_, String>(1)?)))
    })
    .optional()
}

impl Store {
    /// One entry.
    pub fn meta_get(&self, key: &str) -> Result<Option<MetaEntry>, StoreError> {
        self.with(|conn| {
            Ok(current(conn, key)?.map(|(value, protection)| MetaEntry { key: key.to_string(), value, protection }))
        })
    }

    /// Entries whose key starts with `prefix`, by key.
    pub fn meta_list(&self, prefix: &str) -> Result<Vec<MetaEntry>, StoreError> {
        self.with(|conn| {
            conn.prepare("SELECT key, value, protection FROM meta WHERE substr(key, 1, length(?1)) = ?1 ORDER BY key")?
                .query_map(params![prefix], |r| {
                    Ok(MetaEntry {
                        key: r.get(0)?,
                        value: r.get(1)?,
                        protection: Protection::parse(&r.get::<_, String>(2)?),
                    })
                })?
                .collect()
        })
    }

    /// Sets a value (and, for a new key, its protection), within the key's protection.
    pub fn meta_set(&self, key: &str, value: &str, protection: Option<Protection>) -> Result<MetaEntry, MetaError> {
        let mut refused = None;
        let entry = self.write_durable(|tx| {
            let existing = current(tx, key)?;
            let protection = match (&existing, protection) {
                (Some((_, kept)), Some(asked)) if *kept != asked => {
                    refused = Some(format!("{key} is {}; its protection cannot change", kept.as_str()));
                    return Ok(None);
                }
                (Some((_, kept)), _) => *kept,
                (None, asked) => asked.unwrap_or_default(),
            };
            if let Some(why) = check_change(key, existing.as_ref().map(|(v, _)| v.as_str()), value, protection) {
                refused = Some(why);
                return Ok(None);
            }
            tx.execute(
                "INSERT INTO meta (key, value, protection, updated_at) VALUES (?1, ?2, ?3, ?4)
                 ON CONFLICT(key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at",
                params![key, value, protection.as_str(), now_ms()],
            )?;
            Ok(Some(MetaEntry { key: key.to_string(), value: value.to_string(), protection }))
        })?;
        entry.ok_or_else(|| MetaError::Refused(refused.unwrap_or_default()))
    }

    /// Adds `by` to an integer value atomically (a missing key starts at 0).
    pub fn meta_incr(&self, key: &str, by: i64) -> Result<i64, MetaError> {
        let mut refused = None;
        let value = self.write_durable(|tx| {
            let existing = current(tx, key)?;
            let (old, protection) = match &existing {
                Some((value, protection)) => match value.trim().parse::<i64>() {
                    Ok(n) => (n, *protection),
                    Err(_) => {
                        refused = Some(format!("{key} holds '{value}', not an integer"));
                        return Ok(None);
                    }
                },
                None => (0, Protection::None),
            };
            let Some(new) = old.checked_add(by) else {
                refused = Some(format!("{key}: {old} + {by} overflows"));
                return Ok(None);
            };
            if let Some(why) =
                check_change(key, existing.as_ref().map(|(v, _)| v.as_str()), &new.to_string(), protection)
            {
                refused = Some(why);
                return Ok(None);
            }
            tx.execute(
                "INSERT INTO meta (key, value, protection, updated_at) VALUES (?1, ?2, ?3, ?4)
                 ON CONFLICT(key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at",
                params![key, new.to_string(), protection.as_str(), now_ms()],
            )?;
            Ok(Some(new))
        })?;
        value.ok_or_else(|| MetaError::Refused(refused.unwrap_or_default()))
    }

    /// Deletes a key unless it is readonly; false when it did not exist.
    pub fn meta_delete(&self, key: &str) -> Result<bool, MetaError> {
        let mut refused = None;
        let deleted = self.write_durable(|tx| {
            match current(tx, key)? {
                None => return Ok(false),
                Some((_, Protection::Readonly)) => {
                    refused = Some(format!("{key} is readonly; it cannot be deleted"));
                    return Ok(false);
                }
                Some(_) => {}
            }
            tx.execute("DELETE FROM meta WHERE key = ?1", params![key])?;
            Ok(true)
        })?;
        match refused {
            Some(why) => Err(MetaError::Refused(why)),
            None => Ok(deleted),
        }
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

/// The tool lists of mounted MCP servers, so a fresh process can register a server's tools
/// without starting it (nothing here marks presence: a cache is not an agent).
impl Store {
    /// The cached list for `identity`: when it was listed (ms since the epoch) and the tools
    /// as JSON text.
    pub fn mcp_tools(&self, identity: &str) -> Result<Option<(i64, String)>, StoreError> {
        self.with_opened(false, |conn| {
            conn.query_row("SELECT listed_at, tools FROM mcp_tools WHERE identity = ?1", [identity], |row| {
                Ok((row.get(0)?, row.get(1)?))
            })
            .optional()
        })
    }

    /// Keeps `tools` (JSON text) as the list of `identity`, listed now.
    pub fn set_mcp_tools(&self, identity: &str, tools: &str) -> Result<(), StoreError> {
        self.with_opened(false, |conn| {
            conn.execute(
                "INSERT INTO mcp_tools (identity, listed_at, tools) VALUES (?1, ?2, ?3)
                 ON CONFLICT (identity) DO UPDATE SET listed_at = excluded.listed_at, tools = excluded.tools",
                params![identity, now_ms(), tools],
            )
            .map(|_| ())
        })
    }
}

/// A timer: an `at` job or a crontab entry.
#[derive(Debug, Clone, PartialEq, Eq)]
#[allow(missing_docs)]
pub struct Timer {
    pub id: i64,
    pub agent: String,
    /// [`crate::timers::AT`] or [`crate::timers::CRON`].
    pub kind: String,
    pub schedule: String,
    pub command: String,
    pub cwd: String,
    /// When it is next due (ms since the epoch).
    pub next_at: i64,
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

fn timer_of(row: &rusqlite::Row<'_>) -> rusqlite::Result<Timer> {
    Ok(Timer {
        id: row.get(0)?,
        agent: row.get(1)?,
        kind: row.get(2)?,
        schedule: row.get(3)?,
        command: row.get(4)?,
        cwd: row.get(5)?,
        next_at: row.get(6)?,
    })
}

const TIMER_COLUMNS: &str = "id, agent, kind, schedule, command, cwd, next_at";

/// Timers: kept per agent, fired once each by whichever `toolsh serve` claims the slot first.
impl Store {
    /// Adds an `at` job of this agent due at `at` (ms); its number. Refused past `most` timers.
    pub fn add_at(&self, command: &str, cwd: &str, at: i64, most: usize) -> Result<Result<i64, String>, StoreError> {
        let agent = self.agent.clone();
        self.write(|tx| {
            let held: i64 = tx.query_row("SELECT count(*) FROM timers WHERE agent = ?1", [&agent], |r| r.get(0))?;
            if held as usize >= most {
                return Ok(Err(format!("limit exceeded: timers per agent (at most {most})")));
            }
            tx.execute(
                "INSERT INTO timers (agent, kind, schedule, command, cwd, next_at, created_at)
                 VALUES (?1, 'at', ?2, ?3, ?4, ?2, ?5)",
                params![agent, at, command, cwd, now_ms()],
            )?;
            Ok(Ok(tx.last_insert_rowid()))
        })
    }

    /// This agent's timers of `kind`, soonest first.
    pub fn timers(&self, kind: &str) -> Result<Vec<Timer>, StoreError> {
        let agent = self.agent.clone();
        self.with_opened(false, |conn| {
            let sql = format!("SELECT {TIMER_COLUMNS} FROM timers WHERE agent = ?1 AND kind = ?2 ORDER BY next_at, id");
            let mut query = conn.prepare(&sql)?;
            let rows = query.query_map(params![agent, kind], timer_of)?;
            rows.collect()
        })
    }

    /// Removes this agent's `at` job `id`; false when it has none such.
    pub fn remove_at(&self, id: i64) -> Result<bool, StoreError> {
        let agent = self.agent.clone();
        self.write(|tx| {
            tx.execute("DELETE FROM timers WHERE id = ?1 AND agent = ?2 AND kind = 'at'", params![id, agent])
                .map(|n| n > 0)
        })
    }

    /// Installs this agent's crontab: its text, and its entries with when each is next due.
    pub fn set_crontab(
        &self,
        text: &str,
        entries: &[(String, String, i64)],
        cwd: &str,
        most: usize,
    ) -> Result<Result<(), String>, StoreError> {
        let agent = self.agent.clone();
        self.write(|tx| {
            let ats: i64 =
                tx.query_row("SELECT count(*) FROM timers WHERE agent = ?1 AND kind = 'at'", [&agent], |r| r.get(0))?;
            if ats as usize + entries.len() > most {
                return Ok(Err(format!("limit exceeded: timers per agent (at most {most})")));
            }
            tx.execute("DELETE FROM timers WHERE agent = ?1 AND kind = 'cron'", [&agent])?;
            for (schedule, command, next) in entries {
                tx.execute(
                    "INSERT INTO timers (agent, kind, schedule, command, cwd, next_at, created_at)
                     VALUES (?1, 'cron', ?2, ?3, ?4, ?5, ?6)",
                    params![agent, schedule, command, cwd, next, now_ms()],
                )?;
            }
            tx.execute(
                "INSERT INTO crontabs (agent, text) VALUES (?1, ?2) ON CONFLICT (agent) DO UPDATE SET text = excluded.text",
                params![agent, text],
            )?;
            Ok(Ok(()))
        })
    }

    /// This agent's crontab as installed.
    pub fn crontab(&self) -> Result<Option<String>, StoreError> {
        let agent = self.agent.clone();
        self.with_opened(false, |conn| {
            conn.query_row("SELECT text FROM crontabs WHERE agent = ?1", [&agent], |r| r.get(0)).optional()
        })
    }

    /// Removes this agent's crontab; false when it had none.
    pub fn remove_crontab(&self) -> Result<bool, StoreError> {
        let agent = self.agent.clone();
        self.write(|tx| {
            tx.execute("DELETE FROM timers WHERE agent = ?1 AND kind = 'cron'", [&agent])?;
            tx.execute("DELETE FROM crontabs WHERE agent = ?1", [&agent]).map(|n| n > 0)
        })
    }

    /// Every agent's timers due by `now` (ms).
    pub fn due_timers(&self, now: i64) -> Result<Vec<Timer>, StoreError> {
        self.with_opened(false, |conn| {
            let sql = format!("SELECT {TIMER_COLUMNS} FROM timers WHERE next_at <= ?1 ORDER BY next_at, id");
            let mut query = conn.prepare(&sql)?;
            let rows = query.query_map([now], timer_of)?;
            rows.collect()
        })
    }

    /// When the soonest timer of any agent is due.
    pub fn next_due(&self) -> Result<Option<i64>, StoreError> {
        self.with_opened(false, |conn| conn.query_row("SELECT min(next_at) FROM timers", [], |r| r.get(0)))
    }

    /// Claims `timer`'s run at `slot` for this process: true for exactly one claimant. The
    /// timer moves to `next` (an `at` job, with none, is gone); `run` says whether it runs
    /// (a missed crontab slot is only passed over).
    pub fn claim_timer(&self, timer: &Timer, next: Option<i64>, run: bool) -> Result<bool, StoreError> {
        self.write(|tx| {
            let moved = match next {
                Some(next) => tx.execute(
                    "UPDATE timers SET next_at = ?1 WHERE id = ?2 AND next_at = ?3",
                    params![next, timer.id, timer.next_at],
                )?,
                None => tx.execute("DELETE FROM timers WHERE id = ?1 AND next_at = ?2", params![timer.id, timer.next_at])?,
            };
            if moved == 0 || !run {
                return Ok(false);
            }
            tx.execute(
                "INSERT INTO timer_runs (timer, slot, agent, kind, command, started_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                params![timer.id, timer.next_at, timer.agent, timer.kind, timer.command, now_ms()],
            )?;
            Ok(true)
        })
    }

    /// Records how the run of `timer` at `slot` ended (its output cut to `most` bytes).
    pub fn finish_timer_run(&self, timer: i64, slot: i64, status: i64, output: &str) -> Result<(), StoreError> {
        self.write(|tx| {
            tx.execute(
                "UPDATE timer_runs SET ended_at = ?1, status = ?2, output = ?3 WHERE timer = ?4 AND slot = ?5",
                params![now_ms(), status, output, timer, slot],
            )
            .map(|_| ())
        })
    }

    /// This agent's latest runs (of timer `only`, when given), newest first.
    pub fn timer_runs(&self, only: Option<i64>, limit: u32) -> Result<Vec<TimerRun>, StoreError> {
        let agent = self.agent.clone();
        self.with_opened(false, |conn| {
            let mut query = conn.prepare(
                "SELECT timer, slot, kind, command, started_at, status, output FROM timer_runs
                 WHERE agent = ?1 AND (?2 IS NULL OR timer = ?2) ORDER BY started_at DESC, slot DESC LIMIT ?3",
            )?;
            let rows = query.query_map(params![agent, only, limit], |row| {
                Ok(TimerRun {
                    timer: row.get(0)?,
                    slot: row.get(1)?,
                    kind: row.get(2)?,
                    command: row.get(3)?,
                    started_at: row.get(4)?,
                    status: row.get(5)?,
                    output: row.get(6)?,
                })
            })?;
            rows.collect()
        })
    }
}

/// The handshakes of MCP HTTP sessions (the client's `initialize`, as JSON), by session id:
/// what a restarted `toolsh mcp --http` needs to answer a session it did not start.
impl Store {
    /// Keeps session `id`'s handshake.
    pub fn save_mcp_session(&self, id: &str, state: &str) -> Result<(), StoreError> {
        self.with_opened(false, |conn| {
            conn.execute(
                "INSERT INTO mcp_sessions (id, state, saved_at) VALUES (?1, ?2, ?3)
                 ON CONFLICT (id) DO UPDATE SET state = excluded.state, saved_at = excluded.saved_at",
                params![id, state, now_ms()],
            )
            .map(|_| ())
        })
    }

    /// Session `id`'s handshake, when it was kept.
    pub fn load_mcp_session(&self, id: &str) -> Result<Option<String>, StoreError> {
        self.with_opened(false, |conn| {
            conn.query_row("SELECT state FROM mcp_sessions WHERE id = ?1", [id], |r| r.get(0)).optional()
        })
    }

    /// Forgets session `id`'s handshake.
    pub fn drop_mcp_session(&self, id: &str) -> Result<(), StoreError> {
        self.with_opened(false, |conn| conn.execute("DELETE FROM mcp_sessions WHERE id = ?1", [id]).map(|_| ()))
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

/// The agent's saved sessions ([`crate::snapshot`]).
impl Store {
    /// Keeps `snapshot` as session `name` of this agent, replacing what it held.
    pub fn save_session(&self, name: &str, snapshot: &crate::snapshot::Snapshot) -> Result<(), StoreError> {
        let agent = self.agent.clone();
        self.write(|tx| {
            tx.execute(
                "INSERT INTO sessions (agent, name, version, saved_at, state, tmp) VALUES (?1, ?2, ?3, ?4, ?5, ?6)
                 ON CONFLICT (agent, name) DO UPDATE SET version = excluded.version,
                    saved_at = excluded.saved_at, state = excluded.state, tmp = excluded.tmp",
                params![agent, name, crate::snapshot::VERSION, now_ms(), snapshot.state, snapshot.tmp],
            )
            .map(|_| ())
        })
    }

    /// Session `name` of this agent, when there is one.
    pub fn load_session(&self, name: &str) -> Result<Option<crate::snapshot::Snapshot>, StoreError> {
        let agent = self.agent.clone();
        self.with_opened(false, |conn| {
            conn.query_row("SELECT state, tmp FROM sessions WHERE agent = ?1 AND name = ?2", [&agent, name], |row| {
                Ok(crate::snapshot::Snapshot { state: row.get(0)?, tmp: row.get(1)? })
            })
            .optional()
        })
    }

    /// This agent's sessions, by name.
    pub fn sessions(&self) -> Result<Vec<SessionEntry>, StoreError> {
        let agent = self.agent.clone();
        self.with_opened(false, |conn| {
            let mut query = conn.prepare(
                "SELECT name, saved_at, length(state) + length(tmp), version FROM sessions WHERE agent = ?1 ORDER BY name",
            )?;
            let rows = query.query_map([&agent], |row| {
                Ok(SessionEntry { name: row.get(0)?, saved_at: row.get(1)?, bytes: row.get(2)?, version: row.get(3)? })
            })?;
            rows.collect()
        })
    }

    /// Copies session `from` to `to` (replacing `to`); false when there is no `from`.
    pub fn copy_session(&self, from: &str, to: &str) -> Result<bool, StoreError> {
        let agent = self.agent.clone();
        self.write(|tx| {
            tx.execute(
                "INSERT INTO sessions (agent, name, version, saved_at, state, tmp)
                    SELECT agent, ?3, version, ?4, state, tmp FROM sessions WHERE agent = ?1 AND name = ?2
                 ON CONFLICT (agent, name) DO UPDATE SET version = excluded.version,
                    saved_at = excluded.saved_at, state = excluded.state, tmp = excluded.tmp",
                params![agent, from, to, now_ms()],
            )
            .map(|n| n > 0)
        })
    }

    /// Forgets every agent's sessions named `prefix…` saved before `before` (ms) and, for
    /// `mcp:` ones, their handshakes: an HTTP session idle that long will not come back.
    pub fn drop_stale_sessions(&self, prefix: &str, before: i64) -> Result<usize, StoreError> {
        self.write(|tx| {
            let stale: Vec<String> = {
                let mut query =
                    tx.prepare("SELECT name FROM sessions WHERE substr(name, 1, length(?1)) = ?1 AND saved_at < ?2")?;
                let rows = query.query_map(params![prefix, before], |r| r.get::<_, String>(0))?;
                rows.collect::<rusqlite::Result<_>>()?
            };
            for name in &stale {
                tx.execute("DELETE FROM sessions WHERE name = ?1", [name])?;
                if let Some(id) = name.strip_prefix("mcp:") {
                    tx.execute("DELETE FROM mcp_sessions WHERE id = ?1", [id])?;
                }
            }
            Ok(stale.len())
        })
    }

    /// Forgets session `name`; false when there was none.
    pub fn drop_session(&self, name: &str) -> Result<bool, StoreError> {
        let agent = self.agent.clone();
        self.write(|tx| {
            tx.execute("DELETE FROM sessions WHERE agent = ?1 AND name = ?2", [&agent, name]).map(|n| n > 0)
        })
    }
}

#[cfg(test)]
mod tests;
