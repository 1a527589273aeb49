//! The SQLite engine: one file (WAL) outside every mount, the embedded default.
//!
//! Several processes naming the same file share it: each opens its own connection, writes run
//! in `BEGIN IMMEDIATE` transactions (so two writers queue instead of deadlocking), and a busy
//! store is waited for up to [`BUSY_WAIT`]. The file is opened on first use, so a run that
//! never needs it never pays for it; the sessions of one process share the connection.

use super::engine::{Actor, AuditRow, Engine};
use super::{
    Lease, MESSAGE_COLUMNS, Message, MetaChange, MetaEntry, MetaPlan, PRUNE_EVERY, Protection, RUN_AS_TIMER,
    SessionEntry, StoreError, TIMER_COLUMNS, Timer, TimerRun, now_ms, plan_meta, schema,
};
use crate::SavedSession;
use rusqlite::{Connection, OptionalExtension, TransactionBehavior, params};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicI32, Ordering};
use std::time::Duration;

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

/// A store in one SQLite file.
pub struct Sqlite {
    path: PathBuf,
    /// The path as errors show it.
    target: String,
    /// Opened on first use; a failed open is retried by the next use, never remembered.
    conn: Mutex<Option<Connection>>,
    /// Pages in the WAL after the connection's last commit (set by its WAL hook).
    wal_pages: std::sync::Arc<AtomicI32>,
}

impl Sqlite {
    /// A store at `path` (nothing is opened yet).
    pub fn new(path: &Path) -> Sqlite {
        Sqlite {
            path: path.to_path_buf(),
            target: path.display().to_string(),
            conn: Mutex::default(),
            wal_pages: Default::default(),
        }
    }

    fn describe(&self, err: &rusqlite::Error) -> StoreError {
        let path = &self.target;
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
    fn open(&self, seen: Option<Actor<'_>>) -> Result<Connection, StoreError> {
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
            schema::migrate_sqlite(&mut conn)?;
            let Some(who) = seen else {
                return Ok(());
            };
            // Presence: using the store at all counts as being seen.
            let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
            touch(&tx, who)?;
            tx.commit()
        })
        .map_err(|e| self.describe(&e))?;
        Ok(conn)
    }

    /// Runs `work` with the connection, opening the store on first use (a failed open is
    /// retried by the next use, never remembered); a first open marks `seen` present.
    fn with<T>(
        &self,
        seen: Option<Actor<'_>>,
        work: impl FnOnce(&mut Connection) -> rusqlite::Result<T>,
    ) -> Result<T, StoreError> {
        let mut slot = self.conn.lock().unwrap_or_else(|p| p.into_inner());
        let conn = match slot.as_mut() {
            Some(conn) => conn,
            None => slot.insert(self.open(seen)?),
        };
        work(conn).map_err(|e| self.describe(&e))
    }

    /// Like [`Sqlite::write`], synced to disk before it returns (what is acknowledged to a
    /// user: a sent message, a metadata change).
    fn write_durable<T>(
        &self,
        who: Actor<'_>,
        work: impl FnOnce(&rusqlite::Transaction<'_>) -> rusqlite::Result<T>,
    ) -> Result<T, StoreError> {
        self.with(None, |conn| conn.pragma_update(None, "synchronous", "FULL"))?;
        let result = self.write(who, work);
        let relaxed = self.with(None, |conn| conn.pragma_update(None, "synchronous", "NORMAL"));
        let value = result?;
        relaxed?;
        Ok(value)
    }

    /// Runs `work` in one write transaction (queued behind other processes' writes) that
    /// also marks `who` present.
    fn write<T>(
        &self,
        who: Actor<'_>,
        work: impl FnOnce(&rusqlite::Transaction<'_>) -> rusqlite::Result<T>,
    ) -> Result<T, StoreError> {
        self.with(None, move |conn| {
            let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
            let value = work(&tx)?;
            touch(&tx, who)?;
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
        let _ = self.with(None, |conn| {
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

/// Marks `who` as seen now.
fn touch(conn: &Connection, who: Actor<'_>) -> rusqlite::Result<()> {
    conn.execute(
        "INSERT INTO agents (name, last_seen, session) VALUES (?1, ?2, ?3)
         ON CONFLICT(name) DO UPDATE SET last_seen = excluded.last_seen, session = excluded.session",
        params![who.agent, now_ms(), who.session],
    )?;
    Ok(())
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

fn timer_of(row: &rusqlite::Row<'_>) -> rusqlite::Result<Timer> {
    Ok(Timer {
        id: row.get(0)?,
        agent: row.get(1)?,
        kind: row.get(2)?,
        schedule: row.get(3)?,
        command: row.get(4)?,
        cwd: row.get(5)?,
        next_at: row.get(6)?,
        policy: row.get(7)?,
    })
}

fn meta_entry(row: &rusqlite::Row<'_>) -> rusqlite::Result<MetaEntry> {
    Ok(MetaEntry { key: row.get(0)?, value: row.get(1)?, protection: Protection::parse(&row.get::<_, String>(2)?) })
}

fn current(tx: &Connection, key: &str) -> rusqlite::Result<Option<(String, Protection)>> {
    tx.query_row("SELECT value, protection FROM meta WHERE key = ?1", params![key], |r| {
        Ok((r.get::<_, String>(0)?, Protection::parse(&r.get::<_, String>(1)?)))
    })
    .optional()
}

impl Engine for Sqlite {
    fn target(&self) -> &str {
        &self.target
    }

    fn check(&self) -> Result<(), StoreError> {
        self.with(None, |_| Ok(()))
    }

    fn heartbeat(&self, who: Actor<'_>) -> Result<(), StoreError> {
        self.write(who, |_| Ok(()))
    }

    fn send(&self, who: Actor<'_>, to: &str, text: &str) -> Result<i64, StoreError> {
        self.write_durable(who, |tx| {
            tx.execute(
                "INSERT INTO messages (sender, recipient, body, sent_at) VALUES (?1, ?2, ?3, ?4)",
                params![who.agent, to, text, now_ms()],
            )?;
            Ok(tx.last_insert_rowid())
        })
    }

    fn read(&self, who: Actor<'_>, all: bool, limit: Option<u32>) -> Result<Vec<Message>, StoreError> {
        self.write(who, |tx| {
            let filter = if all { "archived = 0" } else { "read_at IS NULL AND archived = 0" };
            let sql = format!(
                "SELECT {MESSAGE_COLUMNS} FROM messages WHERE recipient = ?1 AND {filter} ORDER BY id LIMIT ?2"
            );
            let limit = limit.map_or(-1, i64::from);
            let messages: Vec<Message> =
                tx.prepare(&sql)?.query_map(params![who.agent, limit], message)?.collect::<rusqlite::Result<_>>()?;
            let now = now_ms();
            let mut mark = tx.prepare("UPDATE messages SET read_at = ?1 WHERE id = ?2 AND read_at IS NULL")?;
            for m in &messages {
                mark.execute(params![now, m.id])?;
            }
            Ok(messages)
        })
    }

    fn counts(&self, who: Actor<'_>) -> Result<[i64; 4], StoreError> {
        self.with(Some(who), |conn| {
            conn.query_row(
                "SELECT
                   COALESCE(SUM(recipient = ?1 AND read_at IS NULL AND archived = 0), 0),
                   COALESCE(SUM(recipient = ?1 AND read_at IS NOT NULL AND archived = 0), 0),
                   COALESCE(SUM(recipient = ?1 AND archived = 1), 0),
                   COALESCE(SUM(sender = ?1), 0)
                 FROM messages",
                params![who.agent],
                |row| Ok([row.get(0)?, row.get(1)?, row.get(2)?, row.get(3)?]),
            )
        })
    }

    fn update(
        &self,
        who: Actor<'_>,
        ids: &[i64],
        read: Option<bool>,
        archived: Option<bool>,
    ) -> Result<Vec<i64>, StoreError> {
        self.write_durable(who, |tx| {
            let mut found = Vec::new();
            for id in ids {
                let exists: Option<i64> = tx
                    .query_row(
                        "SELECT id FROM messages WHERE id = ?1 AND recipient = ?2",
                        params![id, who.agent],
                        |r| r.get(0),
                    )
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

    fn agents(&self, who: Actor<'_>) -> Result<Vec<(String, i64)>, StoreError> {
        self.with(Some(who), |conn| {
            conn.prepare("SELECT name, last_seen FROM agents ORDER BY last_seen DESC, name")?
                .query_map([], |row| Ok((row.get(0)?, row.get(1)?)))?
                .collect()
        })
    }

    fn last_seen(&self, who: Actor<'_>, agent: &str) -> Result<Option<i64>, StoreError> {
        self.with(Some(who), |conn| {
            conn.query_row("SELECT last_seen FROM agents WHERE name = ?1", params![agent], |r| r.get(0)).optional()
        })
    }

    fn meta_get(&self, who: Actor<'_>, key: &str) -> Result<Option<MetaEntry>, StoreError> {
        self.with(Some(who), |conn| {
            conn.query_row("SELECT key, value, protection FROM meta WHERE key = ?1", params![key], meta_entry)
                .optional()
        })
    }

    fn meta_list(&self, who: Actor<'_>, prefix: &str) -> Result<Vec<MetaEntry>, StoreError> {
        self.with(Some(who), |conn| {
            conn.prepare("SELECT key, value, protection FROM meta WHERE substr(key, 1, length(?1)) = ?1 ORDER BY key")?
                .query_map(params![prefix], meta_entry)?
                .collect()
        })
    }

    fn meta_change(
        &self,
        who: Actor<'_>,
        key: &str,
        change: &MetaChange,
    ) -> Result<Result<MetaPlan, String>, StoreError> {
        // BEGIN IMMEDIATE holds the write lock from the read on: no other writer between.
        self.write_durable(who, |tx| {
            let existing = current(tx, key)?;
            let plan = match plan_meta(key, existing.as_ref().map(|(v, p)| (v.as_str(), *p)), change) {
                Ok(plan) => plan,
                Err(why) => return Ok(Err(why)),
            };
            match &plan {
                MetaPlan::Write(value, protection) => {
                    tx.execute(
                        "INSERT INTO meta (key, value, protection, updated_at) VALUES (?1, ?2, ?3, ?4)
                         ON CONFLICT(key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at",
                        params![key, value, protection.as_str(), now_ms()],
                    )?;
                }
                MetaPlan::Delete => {
                    tx.execute("DELETE FROM meta WHERE key = ?1", params![key])?;
                }
                MetaPlan::Nothing => {}
            }
            Ok(Ok(plan))
        })
    }

    fn mcp_tools(&self, identity: &str) -> Result<Option<(i64, String)>, StoreError> {
        self.with(None, |conn| {
            conn.query_row("SELECT listed_at, tools FROM mcp_tools WHERE identity = ?1", [identity], |row| {
                Ok((row.get(0)?, row.get(1)?))
            })
            .optional()
        })
    }

    fn set_mcp_tools(&self, identity: &str, tools: &str) -> Result<(), StoreError> {
        self.with(None, |conn| {
            conn.execute(
                "INSERT INTO mcp_tools (identity, listed_at, tools) VALUES (?1, ?2, ?3)
                 ON CONFLICT (identity) DO UPDATE SET listed_at = excluded.listed_at, tools = excluded.tools",
                params![identity, now_ms(), tools],
            )
            .map(|_| ())
        })
    }

    fn add_at(
        &self,
        who: Actor<'_>,
        command: &str,
        cwd: &str,
        policy: &str,
        at: i64,
        most: usize,
    ) -> Result<Result<i64, String>, StoreError> {
        self.write(who, |tx| {
            let held: i64 = tx.query_row("SELECT count(*) FROM timers WHERE agent = ?1", [who.agent], |r| r.get(0))?;
            if held as usize >= most {
                return Ok(Err(format!("limit exceeded: timers per agent (at most {most})")));
            }
            tx.execute(
                "INSERT INTO timers (agent, kind, schedule, command, cwd, next_at, created_at, policy)
                 VALUES (?1, 'at', ?2, ?3, ?4, ?5, ?6, ?7)",
                params![who.agent, at.to_string(), command, cwd, at, now_ms(), policy],
            )?;
            Ok(Ok(tx.last_insert_rowid()))
        })
    }

    fn timers(&self, agent: &str, kind: &str) -> Result<Vec<Timer>, StoreError> {
        self.with(None, |conn| {
            let sql = format!("SELECT {TIMER_COLUMNS} FROM timers WHERE agent = ?1 AND kind = ?2 ORDER BY next_at, id");
            let mut query = conn.prepare(&sql)?;
            let rows = query.query_map(params![agent, kind], timer_of)?;
            rows.collect()
        })
    }

    fn remove_at(&self, who: Actor<'_>, id: i64) -> Result<bool, StoreError> {
        self.write(who, |tx| {
            tx.execute("DELETE FROM timers WHERE id = ?1 AND agent = ?2 AND kind = 'at'", params![id, who.agent])
                .map(|n| n > 0)
        })
    }

    fn set_crontab(
        &self,
        who: Actor<'_>,
        text: &str,
        entries: &[(String, String, i64)],
        cwd: &str,
        policy: &str,
        most: usize,
    ) -> Result<Result<(), String>, StoreError> {
        self.write(who, |tx| {
            let ats: i64 =
                tx.query_row("SELECT count(*) FROM timers WHERE agent = ?1 AND kind = 'at'", [who.agent], |r| r.get(0))?;
            if ats as usize + entries.len() > most {
                return Ok(Err(format!("limit exceeded: timers per agent (at most {most})")));
            }
            tx.execute("DELETE FROM timers WHERE agent = ?1 AND kind = 'cron'", [who.agent])?;
            for (schedule, command, next) in entries {
                tx.execute(
                    "INSERT INTO timers (agent, kind, schedule, command, cwd, next_at, created_at, policy)
                     VALUES (?1, 'cron', ?2, ?3, ?4, ?5, ?6, ?7)",
                    params![who.agent, schedule, command, cwd, next, now_ms(), policy],
                )?;
            }
            tx.execute(
                "INSERT INTO crontabs (agent, text) VALUES (?1, ?2) ON CONFLICT (agent) DO UPDATE SET text = excluded.text",
                params![who.agent, text],
            )?;
            Ok(Ok(()))
        })
    }

    fn crontab(&self, agent: &str) -> Result<Option<String>, StoreError> {
        self.with(None, |conn| {
            conn.query_row("SELECT text FROM crontabs WHERE agent = ?1", [agent], |r| r.get(0)).optional()
        })
    }

    fn remove_crontab(&self, who: Actor<'_>) -> Result<bool, StoreError> {
        self.write(who, |tx| {
            tx.execute("DELETE FROM timers WHERE agent = ?1 AND kind = 'cron'", [who.agent])?;
            tx.execute("DELETE FROM crontabs WHERE agent = ?1", [who.agent]).map(|n| n > 0)
        })
    }

    fn due_timers(&self, now: i64) -> Result<Vec<Timer>, StoreError> {
        self.with(None, |conn| {
            let sql = format!("SELECT {TIMER_COLUMNS} FROM timers WHERE next_at <= ?1 ORDER BY next_at, id");
            let mut query = conn.prepare(&sql)?;
            let rows = query.query_map([now], timer_of)?;
            rows.collect()
        })
    }

    fn next_due(&self) -> Result<Option<i64>, StoreError> {
        self.with(None, |conn| conn.query_row("SELECT min(next_at) FROM timers", [], |r| r.get(0)))
    }

    fn claim_timer(
        &self,
        who: Actor<'_>,
        timer: &Timer,
        next: Option<i64>,
        run: bool,
        lease: &Lease,
    ) -> Result<bool, StoreError> {
        self.write(who, |tx| {
            // The slot is the timer's `next_at` as read: only one claimant still finds it there.
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
            // cron's rule: a slot whose previous run still goes is passed over, so one entry
            // never runs beside itself (2,000 runs of `sleep 100` piled up in 20 s).
            let going: i64 = tx.query_row(
                "SELECT count(*) FROM timer_runs WHERE timer = ?1 AND ended_at IS NULL",
                [timer.id],
                |row| row.get(0),
            )?;
            if going > 0 {
                return Ok(false);
            }
            tx.execute(
                "INSERT INTO timer_runs (timer, slot, agent, kind, command, started_at, owner, lease_until, schedule, cwd, policy)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)",
                params![
                    timer.id,
                    timer.next_at,
                    timer.agent,
                    timer.kind,
                    timer.command,
                    now_ms(),
                    lease.owner,
                    lease.until,
                    timer.schedule,
                    timer.cwd,
                    timer.policy
                ],
            )?;
            Ok(true)
        })
    }

    fn renew_timer_runs(&self, lease: &Lease) -> Result<u64, StoreError> {
        self.with(None, |conn| {
            conn.execute(
                "INSERT INTO timer_servers (owner, alive_until) VALUES (?1, ?2)
                 ON CONFLICT (owner) DO UPDATE SET alive_until = excluded.alive_until",
                params![lease.owner, lease.until],
            )?;
            // Servers gone for a day are forgotten.
            conn.execute("DELETE FROM timer_servers WHERE alive_until < ?1", [lease.until - 86_400_000])?;
            conn.execute(
                "UPDATE timer_runs SET lease_until = ?1 WHERE owner = ?2 AND ended_at IS NULL",
                params![lease.until, lease.owner],
            )
            .map(|n| n as u64)
        })
    }

    fn timer_servers_until(&self) -> Result<Option<i64>, StoreError> {
        self.with(None, |conn| conn.query_row("SELECT max(alive_until) FROM timer_servers", [], |r| r.get(0)))
    }

    fn take_orphaned_run(&self, who: Actor<'_>, lease: &Lease, now: i64) -> Result<Option<Timer>, StoreError> {
        // One statement in a write transaction: no other taker between the pick and the take.
        self.write(who, |tx| {
            let sql = format!(
                "UPDATE timer_runs SET owner = ?1, lease_until = ?2
                 WHERE rowid = (SELECT rowid FROM timer_runs WHERE ended_at IS NULL AND lease_until < ?3
                                ORDER BY started_at LIMIT 1)
                 RETURNING {RUN_AS_TIMER}"
            );
            tx.query_row(&sql, params![lease.owner, lease.until, now], timer_of).optional()
        })
    }

    fn finish_timer_run(
        &self,
        who: Actor<'_>,
        timer: i64,
        slot: i64,
        owner: &str,
        status: i64,
        output: &str,
    ) -> Result<bool, StoreError> {
        self.write(who, |tx| {
            tx.execute(
                "UPDATE timer_runs SET ended_at = ?1, status = ?2, output = ?3
                 WHERE timer = ?4 AND slot = ?5 AND (owner = ?6 OR owner IS NULL) AND ended_at IS NULL",
                params![now_ms(), status, output, timer, slot, owner],
            )
            .map(|n| n > 0)
        })
    }

    fn timer_runs(&self, agent: &str, only: Option<i64>, limit: u32) -> Result<Vec<TimerRun>, StoreError> {
        self.with(None, |conn| {
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

    fn save_mcp_session(&self, id: &str, state: &str) -> Result<(), StoreError> {
        self.with(None, |conn| {
            conn.execute(
                "INSERT INTO mcp_sessions (id, state, saved_at) VALUES (?1, ?2, ?3)
                 ON CONFLICT (id) DO UPDATE SET state = excluded.state, saved_at = excluded.saved_at",
                params![id, state, now_ms()],
            )
            .map(|_| ())
        })
    }

    fn load_mcp_session(&self, id: &str) -> Result<Option<String>, StoreError> {
        self.with(None, |conn| {
            conn.query_row("SELECT state FROM mcp_sessions WHERE id = ?1", [id], |r| r.get(0)).optional()
        })
    }

    fn drop_mcp_session(&self, id: &str) -> Result<(), StoreError> {
        self.with(None, |conn| conn.execute("DELETE FROM mcp_sessions WHERE id = ?1", [id]).map(|_| ()))
    }

    fn save_session(&self, who: Actor<'_>, name: &str, snapshot: &SavedSession) -> Result<i64, StoreError> {
        self.write(who, |tx| {
            tx.query_row(
                "INSERT INTO sessions (agent, name, version, saved_at, state, tmp, generation)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, 1)
                 ON CONFLICT (agent, name) DO UPDATE SET version = excluded.version,
                    saved_at = excluded.saved_at, state = excluded.state, tmp = excluded.tmp,
                    generation = sessions.generation + 1
                 RETURNING generation",
                params![who.agent, name, snapshot.version, now_ms(), snapshot.state, snapshot.tmp],
                |row| row.get(0),
            )
        })
    }

    fn session_generation(&self, agent: &str, name: &str) -> Result<Option<i64>, StoreError> {
        self.with(None, |conn| {
            conn.query_row("SELECT generation FROM sessions WHERE agent = ?1 AND name = ?2", [agent, name], |row| {
                row.get(0)
            })
            .optional()
        })
    }

    fn load_session(&self, agent: &str, name: &str) -> Result<Option<SavedSession>, StoreError> {
        self.with(None, |conn| {
            conn.query_row(
                "SELECT state, tmp, version FROM sessions WHERE agent = ?1 AND name = ?2",
                [agent, name],
                |row| Ok(SavedSession { state: row.get(0)?, tmp: row.get(1)?, version: row.get(2)? }),
            )
            .optional()
        })
    }

    fn sessions(&self, agent: &str) -> Result<Vec<SessionEntry>, StoreError> {
        self.with(None, |conn| {
            let mut query = conn.prepare(
                "SELECT name, saved_at, length(state) + length(tmp), version FROM sessions WHERE agent = ?1 ORDER BY name",
            )?;
            let rows = query.query_map([agent], |row| {
                Ok(SessionEntry { name: row.get(0)?, saved_at: row.get(1)?, bytes: row.get(2)?, version: row.get(3)? })
            })?;
            rows.collect()
        })
    }

    fn copy_session(&self, who: Actor<'_>, from: &str, to: &str) -> Result<bool, StoreError> {
        self.write(who, |tx| {
            tx.execute(
                "INSERT INTO sessions (agent, name, version, saved_at, state, tmp, generation)
                    SELECT agent, ?3, version, ?4, state, tmp, 1 FROM sessions WHERE agent = ?1 AND name = ?2
                 ON CONFLICT (agent, name) DO UPDATE SET version = excluded.version,
                    saved_at = excluded.saved_at, state = excluded.state, tmp = excluded.tmp,
                    generation = sessions.generation + 1",
                params![who.agent, from, to, now_ms()],
            )
            .map(|n| n > 0)
        })
    }

    fn drop_stale_sessions(&self, who: Actor<'_>, prefix: &str, before: i64) -> Result<usize, StoreError> {
        self.write(who, |tx| {
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

    fn drop_session(&self, who: Actor<'_>, name: &str) -> Result<bool, StoreError> {
        self.write(who, |tx| {
            tx.execute("DELETE FROM sessions WHERE agent = ?1 AND name = ?2", [who.agent, name]).map(|n| n > 0)
        })
    }

    fn append_audit(
        &self,
        who: Actor<'_>,
        rows: &[AuditRow],
        max_age_ms: i64,
        max_rows: i64,
    ) -> Result<(), StoreError> {
        self.write(who, |tx| {
            let mut insert = tx.prepare_cached(
                "INSERT INTO audit (at, session, agent, command, tool, digest, decision, rule, status, micros, calls)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)",
            )?;
            for r in rows {
                insert.execute(params![
                    r.at, r.session, r.agent, r.command, r.tool, r.digest, r.decision, r.rule, r.status, r.micros,
                    r.calls
                ])?;
            }
            let last = tx.last_insert_rowid();
            if !rows.is_empty() && last / PRUNE_EVERY != (last - rows.len() as i64) / PRUNE_EVERY {
                tx.execute("DELETE FROM audit WHERE at < ?1", params![now_ms().saturating_sub(max_age_ms)])?;
                tx.execute("DELETE FROM audit WHERE id <= ?1", params![last.saturating_sub(max_rows)])?;
            }
            Ok(())
        })
    }

    fn execute_for_test(&self, sql: &str) -> Result<u64, StoreError> {
        self.with(None, |conn| conn.execute(sql, []).map(|n| n as u64))
    }
}
