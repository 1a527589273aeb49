//! The store's schema, versioned by `PRAGMA user_version`: migration N takes version N to N+1.
//! Migrations only ever append; an older toolsh refuses a newer store instead of damaging it.

use rusqlite::{Connection, TransactionBehavior};

const MIGRATIONS: &[&str] = &[
    // 1: presence, mailboxes, key-value metadata, audit log.
    "CREATE TABLE agents (
        name TEXT PRIMARY KEY,
        last_seen INTEGER NOT NULL,
        session TEXT NOT NULL
     );
     CREATE TABLE messages (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        sender TEXT NOT NULL,
        recipient TEXT NOT NULL,
        body TEXT NOT NULL,
        sent_at INTEGER NOT NULL,
        read_at INTEGER,
        archived INTEGER NOT NULL DEFAULT 0
     );
     CREATE INDEX messages_by_recipient ON messages (recipient, read_at, archived);
     CREATE TABLE meta (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL,
        protection TEXT NOT NULL DEFAULT 'none',
        updated_at INTEGER NOT NULL
     );
     CREATE TABLE audit (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        at INTEGER NOT NULL,
        session TEXT NOT NULL,
        agent TEXT NOT NULL,
        command TEXT NOT NULL,
        tool TEXT NOT NULL,
        digest TEXT NOT NULL,
        decision TEXT NOT NULL,
        rule TEXT NOT NULL,
        status INTEGER NOT NULL,
        micros INTEGER NOT NULL,
        calls INTEGER NOT NULL
     );
     CREATE INDEX audit_by_time ON audit (at);",
    // 2: the tool lists of mounted MCP servers, by the identity of their declaration.
    "CREATE TABLE mcp_tools (
        identity TEXT PRIMARY KEY,
        listed_at INTEGER NOT NULL,
        tools TEXT NOT NULL
     );",
    // 3: sessions kept between processes (`--session NAME`, `session save`), per agent.
    "CREATE TABLE sessions (
        agent TEXT NOT NULL,
        name TEXT NOT NULL,
        version INTEGER NOT NULL,
        saved_at INTEGER NOT NULL,
        state TEXT NOT NULL,
        tmp BLOB NOT NULL,
        PRIMARY KEY (agent, name)
     );",
    // 4: timers (`at`, `crontab`), fired by `toolsh serve`; each run claimed once by its slot.
    "CREATE TABLE timers (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        agent TEXT NOT NULL,
        kind TEXT NOT NULL,
        schedule TEXT NOT NULL,
        command TEXT NOT NULL,
        cwd TEXT NOT NULL,
        next_at INTEGER NOT NULL,
        created_at INTEGER NOT NULL
     );
     CREATE INDEX timers_due ON timers (next_at);
     CREATE TABLE crontabs (
        agent TEXT PRIMARY KEY,
        text TEXT NOT NULL
     );
     CREATE TABLE timer_runs (
        timer INTEGER NOT NULL,
        slot INTEGER NOT NULL,
        agent TEXT NOT NULL,
        kind TEXT NOT NULL,
        command TEXT NOT NULL,
        started_at INTEGER NOT NULL,
        ended_at INTEGER,
        status INTEGER,
        output TEXT,
        PRIMARY KEY (timer, slot)
     );",
    // 5: the handshakes of MCP HTTP sessions, so a restarted server answers their ids.
    "CREATE TABLE mcp_sessions (
        id TEXT PRIMARY KEY,
        state TEXT NOT NULL,
        saved_at INTEGER NOT NULL
     );",
];

/// The version this toolsh writes.
pub const VERSION: i64 = MIGRATIONS.len() as i64;

/// Brings the store to [`VERSION`] in one transaction (other processes wait).
pub fn migrate(conn: &mut Connection) -> rusqlite::Result<()> {
    // Up to date (the usual case): a read, no write transaction.
    let current: i64 = conn.query_row("PRAGMA user_version", [], |r| r.get(0))?;
    if current == VERSION {
        return Ok(());
    }
    let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
    let version: i64 = tx.query_row("PRAGMA user_version", [], |r| r.get(0))?;
    if version > VERSION {
        return Err(rusqlite::Error::SqliteFailure(
            rusqlite::ffi::Error::new(rusqlite::ffi::SQLITE_NOTADB),
            Some(format!("schema version {version}, newer than this toolsh's {VERSION}; upgrade toolsh")),
        ));
    }
    for (idx, sql) in MIGRATIONS.iter().enumerate().skip(version as usize) {
        tx.execute_batch(sql)?;
        tx.pragma_update(None, "user_version", idx as i64 + 1)?;
    }
    tx.commit()
}
