//! `db.query` and `db.execute`: SQL over a real SQLite database.
//!
//! A database in the workspace is read through the Vfs (so every mount kind works and the
//! workspace stays the only way to files), loaded into an in-memory SQLite with
//! `sqlite3_deserialize`, and written back as a whole when a statement changed it. Without a
//! `database` the agent's own database beside the store is used; `:memory:` is a scratch one.
//!
//! SQL reaches no file but the one it was opened on: `confine` installs an authorizer that
//! refuses `ATTACH` of anything but `:memory:` (which also stops `VACUUM INTO`, an attach
//! underneath), extension loading and the pragmas that name directories, and turns on SQLite's
//! defensive mode. So no statement creates, reads or changes a host file, nor reaches the store.

use rusqlite::fallible_iterator::FallibleIterator as _;
use rusqlite::hooks::{AuthAction, AuthContext, Authorization};
use rusqlite::types::ValueRef;
use rusqlite::{Batch, Connection, MAIN_DB};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};
use std::sync::Arc;
use toolsh_gate::{Tool, ToolCx, ToolError, ToolOutput, ToolSpec, typed};

/// Arguments of `db.query` and `db.execute`.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct SqlArgs {
    /// One or more SQL statements separated by semicolons.
    sql: String,
    /// A database file in the workspace, or :memory:; default: this agent's own database.
    #[serde(default)]
    database: Option<String>,
}

/// The db tools.
pub fn tools() -> Vec<Arc<dyn Tool>> {
    vec![
        typed(
            ToolSpec::new::<SqlArgs>(
                "db.query",
                "Run reading SQL statements (SELECT, read-only PRAGMA) and return their rows.\nEach statement gives {columns, rows}.",
            )
            .read_only()
            .subject("database", true)
            .stdin("sql")
            .aliases(&["query_db", "sql.query", "sqlite.query"])
            .param_aliases(&[("query", "sql"), ("db", "database"), ("file", "database")]),
            |cx: ToolCx, args: SqlArgs| async move { run(&cx, &args, false) },
        ),
        typed(
            ToolSpec::new::<SqlArgs>(
                "db.execute",
                "Run SQL statements that may change the database (CREATE, INSERT, UPDATE, DELETE, …).\nEach statement gives {columns, rows, changes}.",
            )
            .subject("database", true)
            .stdin("sql")
            .aliases(&["execute_sql", "sql.execute", "sqlite.execute"])
            .param_aliases(&[("query", "sql"), ("db", "database"), ("file", "database")]),
            |cx: ToolCx, args: SqlArgs| async move { run(&cx, &args, true) },
        ),
    ]
}

/// Where the statements run.
enum Target {
    /// A workspace file (absolute virtual path), loaded into memory.
    Workspace(String),
    /// A scratch database.
    Memory,
    /// The agent's database on the host, beside the store.
    Own(std::path::PathBuf),
}

/// An SQL error as the sqlite3 shell words it (`Error: in prepare, no such table: t`).
fn sql_error(stage: &str, err: &rusqlite::Error) -> ToolError {
    let message = match err {
        rusqlite::Error::SqliteFailure(_, Some(message)) => message.clone(),
        rusqlite::Error::SqlInputError { msg, .. } => msg.clone(),
        other => other.to_string(),
    };
    ToolError::failed(format!("Error: {stage}{message}"))
}

fn run(cx: &ToolCx, args: &SqlArgs, writes: bool) -> Result<ToolOutput, ToolError> {
    let target = match args.database.as_deref() {
        Some(":memory:") => Target::Memory,
        Some(path) => Target::Workspace(cx.abs(path)),
        None => {
            let store = crate::store(cx).ok_or_else(|| ToolError {
                status: toolsh_gate::status::UNAVAILABLE,
                message: "no default database without a store: name a database file, or start toolsh with --store"
                    .into(),
            })?;
            let agent: String = cx
                .agent
                .chars()
                .map(|c| if c.is_ascii_alphanumeric() || c == '-' || c == '_' { c } else { '_' })
                .collect();
            let dir = store.local_dir().join("db");
            Target::Own(dir.join(format!("{agent}.sqlite")))
        }
    };
    let mut conn = match &target {
        Target::Memory => Connection::open_in_memory().map_err(|e| sql_error("", &e))?,
        Target::Own(path) => {
            if let Some(dir) = path.parent() {
                #[allow(clippy::disallowed_methods)] // the agent's database lives beside the store
                std::fs::create_dir_all(dir).map_err(|e| ToolError::failed(format!("{}: {e}", dir.display())))?;
            }
            Connection::open(path).map_err(|e| sql_error("", &e))?
        }
        Target::Workspace(abs) => load(cx, abs)?,
    };
    confine(&mut conn)?;
    // SQLite asks now and then whether to go on: a runaway query (a recursive CTE without end)
    // stops at the line's deadline or cancellation.
    let pace = cx.pace.clone();
    conn.progress_handler(10_000, Some(move || pace.check().is_err())).map_err(|e| sql_error("", &e))?;
    let (results, changed) = execute(&conn, &args.sql, writes)?;
    if changed && let Target::Workspace(abs) = &target {
        let data = conn.serialize(MAIN_DB).map_err(|e| sql_error("", &e))?;
        cx.with_fs(|fs| fs.write(abs, &data, toolsh_vfs::WriteMode::Truncate)).map_err(|e| ToolError::io(abs, &e))?;
    }
    Ok(ToolOutput::Json(Value::Array(results)))
}

/// Lets statements on `conn` reach no file: see the module documentation.
fn confine(conn: &mut Connection) -> Result<(), ToolError> {
    use rusqlite::config::DbConfig;
    conn.set_db_config(DbConfig::SQLITE_DBCONFIG_DEFENSIVE, true).map_err(|e| sql_error("", &e))?;
    conn.set_db_config(DbConfig::SQLITE_DBCONFIG_TRUSTED_SCHEMA, false).map_err(|e| sql_error("", &e))?;
    // Temporary tables and sorts stay in memory too, never in a file of the host's temp directory.
    conn.pragma_update(None, "temp_store", "MEMORY").map_err(|e| sql_error("", &e))?;
    conn.authorizer(Some(authorize)).map_err(|e| sql_error("", &e))
}

/// The authorizer: everything but what could name a file outside the connection.
fn authorize(cx: AuthContext<'_>) -> Authorization {
    match cx.action {
        AuthAction::Attach { filename } if filename != ":memory:" => Authorization::Deny,
        AuthAction::Function { function_name } if function_name.eq_ignore_ascii_case("load_extension") => {
            Authorization::Deny
        }
        AuthAction::Pragma { pragma_name, .. }
            if ["temp_store_directory", "data_store_directory"].iter().any(|p| pragma_name.eq_ignore_ascii_case(p)) =>
        {
            Authorization::Deny
        }
        _ => Authorization::Allow,
    }
}

/// Loads a workspace database file into memory (a missing or empty file is a new database).
fn load(cx: &ToolCx, abs: &str) -> Result<Connection, ToolError> {
    let mut conn = Connection::open_in_memory().map_err(|e| sql_error("", &e))?;
    let mut bytes = match cx.with_fs(|fs| fs.read(abs)) {
        Ok(bytes) => bytes,
        Err(err) if err.kind() == std::io::ErrorKind::NotFound => Vec::new(),
        Err(err) => return Err(ToolError::io(abs, &err)),
    };
    if bytes.is_empty() {
        return Ok(conn);
    }
    if bytes.len() < 100 || !bytes.starts_with(b"SQLite format 3\0") {
        return Err(ToolError::failed(format!("{abs}: not a SQLite database (file is not a database)")));
    }
    // A WAL-mode file says so in its header; an in-memory copy must use a rollback journal.
    if bytes[18] == 2 {
        bytes[18] = 1;
        bytes[19] = 1;
    }
    let len = bytes.len();
    conn.deserialize_read_exact(MAIN_DB, &bytes[..], len, false).map_err(|e| sql_error("", &e))?;
    Ok(conn)
}

/// Runs each statement; returns their results and whether the database may have changed.
fn execute(conn: &Connection, sql: &str, writes: bool) -> Result<(Vec<Value>, bool), ToolError> {
    let mut results = Vec::new();
    let mut changed = false;
    let mut batch = Batch::new(conn, sql);
    while let Some(mut stmt) = batch.next().map_err(|e| sql_error("in prepare, ", &e))? {
        if !stmt.readonly() {
            if !writes {
                return Err(ToolError::failed(format!(
                    "db.query runs only reading statements; use db.execute for: {}",
                    stmt.expanded_sql().unwrap_or_default().trim()
                )));
            }
            changed = true;
        }
        let columns: Vec<String> = stmt.column_names().map(str::to_string).collect();
        let before = conn.total_changes();
        let mut rows = Vec::new();
        let mut query = stmt.raw_query();
        while let Some(row) = query.next().map_err(|e| sql_error("stepping, ", &e))? {
            let mut values = Vec::with_capacity(columns.len());
            for idx in 0..columns.len() {
                values.push(match row.get_ref(idx).map_err(|e| sql_error("", &e))? {
                    ValueRef::Null => Value::Null,
                    ValueRef::Integer(n) => json!(n),
                    ValueRef::Real(f) => json!(f),
                    ValueRef::Text(t) | ValueRef::Blob(t) => Value::String(toolsh_bytes::lossy(t).into_owned()),
                });
            }
            rows.push(Value::Array(values));
        }
        let changes = conn.total_changes() - before;
        results.push(json!({ "columns": columns, "rows": rows, "changes": changes }));
    }
    Ok((results, changed))
}
