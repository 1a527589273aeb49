//! The PostgreSQL engine: one database shared by any number of toolsh processes on any number
//! of machines (`--store postgres://…`).
//!
//! The store's interface is synchronous (commands call it between awaits, as they call
//! SQLite), so the connections live on a runtime of their own — one worker thread for the
//! process, started on first use — and a call hands its transaction to that runtime and waits
//! for the answer. Every call is bounded by [`OP_TIMEOUT`]: a cut network fails the call
//! instead of hanging the shell, and a transaction cut short is rolled back by the server, so
//! no half-written message is ever visible. Connections are pooled (deadpool) and shared by
//! every store of the process naming the same address.
//!
//! What the guarantees rest on: a message is sent in one committed transaction
//! (`synchronous_commit` as the server has it, on by default); `read` selects with
//! `FOR UPDATE SKIP LOCKED`, so two readers of one mailbox never take the same message; a
//! `meta` change holds a transaction-scoped advisory lock on its key while it reads and
//! writes, so increments from anywhere add up; a timer's slot is claimed by a conditional
//! update, which exactly one transaction wins.

use super::engine::{Actor, AuditRow, Engine};
use super::schema::{self, Dialect};
use super::tls::Tls;
use super::{
    Lease, MESSAGE_COLUMNS, Message, MetaChange, MetaEntry, MetaPlan, PRUNE_EVERY, Protection, RUN_AS_TIMER,
    SessionEntry, StoreError, TIMER_COLUMNS, Timer, TimerRun, now_ms, plan_meta,
};
use crate::SavedSession;
use deadpool_postgres::GenericClient;
use deadpool_postgres::{Manager, ManagerConfig, Pool, RecyclingMethod};
use futures::future::BoxFuture;
use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;
use tokio_postgres::Row;
use tokio_postgres_rustls::MakeRustlsConnect;

/// The longest any one operation may take, connecting included.
pub const OP_TIMEOUT: Duration = Duration::from_secs(30);

/// How long connecting may take before the server is called unreachable.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(5);

/// Connections per process and address.
const POOL_SIZE: usize = 8;

/// The advisory-lock class of `meta` keys (the key's hash is the second half).
const META_LOCK: i32 = 0x7473_6d01;
/// The advisory lock migrations hold.
const MIGRATION_LOCK: i64 = 0x7473_6d00;

/// A store in a PostgreSQL database.
pub struct Postgres {
    /// The address without the password, as errors name it.
    target: String,
    /// The connections, or why the address cannot give any (said by every use).
    pool: Result<Pool, StoreError>,
    /// The address and its TLS, for the connection that listens for arrivals.
    config: Option<(tokio_postgres::Config, MakeRustlsConnect)>,
    /// Bumped at every arrival (started on first use by a waiting reader).
    arrivals: OnceLock<tokio::sync::watch::Receiver<u64>>,
    /// Whether the schema was brought up to date (tried again by the next use until it is).
    migrated: Mutex<bool>,
    /// Agents already marked present by this process (a read marks its agent once).
    seen: Mutex<HashSet<String>>,
}

/// Why an operation failed, before it is put in the store's words.
enum Failure {
    Db(tokio_postgres::Error),
    Pool(deadpool_postgres::PoolError),
    Timeout,
    Refused(String),
}

impl From<tokio_postgres::Error> for Failure {
    fn from(err: tokio_postgres::Error) -> Self {
        Failure::Db(err)
    }
}

impl From<deadpool_postgres::PoolError> for Failure {
    fn from(err: deadpool_postgres::PoolError) -> Self {
        Failure::Pool(err)
    }
}

type Job<T> = BoxFuture<'static, Result<T, Failure>>;

/// The runtime the connections of every PostgreSQL store of the process live on.
fn runtime() -> Result<&'static tokio::runtime::Runtime, StoreError> {
    static RUNTIME: OnceLock<Result<tokio::runtime::Runtime, String>> = OnceLock::new();
    RUNTIME
        .get_or_init(|| {
            tokio::runtime::Builder::new_multi_thread()
                .worker_threads(1)
                .thread_name("toolsh-store")
                .enable_all()
                .build()
                .map_err(|e| e.to_string())
        })
        .as_ref()
        .map_err(|e| StoreError(format!("store: cannot start its connections' thread: {e}")))
}

/// `url` completed from the libpq variables (`PGHOST`, `PGPORT`, `PGUSER`, `PGPASSWORD`,
/// `PGDATABASE`) where it is silent, as `psql` completes it.
fn config_of(url: &str) -> Result<(tokio_postgres::Config, MakeRustlsConnect), StoreError> {
    // The operator's variables, read by toolsh itself: the shell inside never sees them.
    #[allow(clippy::disallowed_methods)]
    let env = |name: &str| std::env::var(name).ok().filter(|v| !v.is_empty());
    let (url, tls) = Tls::take(url, env);
    let tls = tls.connector()?;
    let mut config: tokio_postgres::Config = url.parse().map_err(|e| {
        // The parser's message never repeats the address, so no password is shown.
        StoreError(format!(
            "store address is not a PostgreSQL URL ({e}): postgres://[user[:password]@]host[:port]/database"
        ))
    })?;
    if config.get_hosts().is_empty() {
        config.host(env("PGHOST").as_deref().unwrap_or("localhost"));
    }
    if config.get_ports().is_empty()
        && let Some(port) = env("PGPORT").and_then(|p| p.parse().ok())
    {
        config.port(port);
    }
    if config.get_user().is_none() {
        let user = env("PGUSER").or_else(|| env("USER")).unwrap_or_else(|| "postgres".to_string());
        config.user(&user);
    }
    if config.get_password().is_none()
        && let Some(password) = env("PGPASSWORD")
    {
        config.password(password);
    }
    if config.get_dbname().is_none()
        && let Some(db) = env("PGDATABASE")
    {
        config.dbname(&db);
    }
    if config.get_connect_timeout().is_none() {
        config.connect_timeout(CONNECT_TIMEOUT);
    }
    config.application_name("toolsh");
    Ok((config, tls))
}

/// `postgres://user@host:port/database`: the address as messages show it, never the password.
fn shown(config: &tokio_postgres::Config) -> String {
    let host = match config.get_hosts().first() {
        Some(tokio_postgres::config::Host::Tcp(host)) => host.clone(),
        Some(tokio_postgres::config::Host::Unix(path)) => path.display().to_string(),
        None => "localhost".to_string(),
    };
    let port = config.get_ports().first().copied().unwrap_or(5432);
    let user = config.get_user().unwrap_or_default();
    let db = config.get_dbname().unwrap_or(user);
    format!("postgres://{user}@{host}:{port}/{db}")
}

impl Postgres {
    /// The engine for `url`, shared by every store of the process naming it. Nothing is
    /// connected yet: the first use connects and brings the schema up to date, and says what
    /// is wrong (a bad address, a server that cannot be reached, a newer schema) — as does
    /// every later use until it works, never falling back to anything else.
    pub fn shared(url: &str) -> Arc<Postgres> {
        static ALL: OnceLock<Mutex<HashMap<String, Arc<Postgres>>>> = OnceLock::new();
        let mut all = ALL.get_or_init(Default::default).lock().unwrap_or_else(|p| p.into_inner());
        all.entry(url.to_string()).or_insert_with(|| Arc::new(Postgres::new(url))).clone()
    }

    fn new(url: &str) -> Postgres {
        let (target, pool, config) = match config_of(url) {
            Ok((config, tls)) => {
                let target = shown(&config);
                let pool = Postgres::pool(config.clone(), tls.clone(), &target);
                (target, pool, Some((config, tls)))
            }
            Err(err) => ("postgres://…".to_string(), Err(err), None),
        };
        Postgres {
            target,
            pool,
            config,
            arrivals: OnceLock::new(),
            migrated: Mutex::new(false),
            seen: Mutex::default(),
        }
    }

    fn pool(config: tokio_postgres::Config, tls: MakeRustlsConnect, target: &str) -> Result<Pool, StoreError> {
        let manager = Manager::from_config(config, tls, ManagerConfig { recycling_method: RecyclingMethod::Fast });
        // Building the pool connects nothing; its connections are made on the store's runtime.
        let _entered = runtime()?.enter();
        Pool::builder(manager)
            .max_size(POOL_SIZE)
            .runtime(deadpool_postgres::Runtime::Tokio1)
            .wait_timeout(Some(OP_TIMEOUT))
            .create_timeout(Some(CONNECT_TIMEOUT))
            .build()
            .map_err(|e| StoreError(format!("store {target}: {e}")))
    }

    /// The pool, with the schema up to date.
    fn ready(&self) -> Result<&Pool, StoreError> {
        let pool = self.pool.as_ref().map_err(Clone::clone)?;
        let mut migrated = self.migrated.lock().unwrap_or_else(|p| p.into_inner());
        if !*migrated {
            self.execute(migrate(pool.clone()))?;
            *migrated = true;
        }
        Ok(pool)
    }

    /// Runs `job` with the pool on the store's runtime and waits for it.
    fn run<T: Send + 'static>(&self, job: impl FnOnce(Pool) -> Job<T>) -> Result<T, StoreError> {
        let pool = self.ready()?.clone();
        self.execute(job(pool))
    }

    /// Runs `work` on the store's runtime and waits for it, for at most [`OP_TIMEOUT`].
    fn execute<T: Send + 'static>(&self, work: Job<T>) -> Result<T, StoreError> {
        let (tx, rx) = std::sync::mpsc::sync_channel(1);
        runtime()?.spawn(async move {
            let result = match tokio::time::timeout(OP_TIMEOUT, work).await {
                Ok(result) => result,
                Err(_) => Err(Failure::Timeout),
            };
            let _ = tx.send(result);
        });
        match rx.recv() {
            Ok(Ok(value)) => Ok(value),
            Ok(Err(failure)) => Err(self.describe(failure)),
            Err(_) => Err(StoreError(format!("store {}: its connections' thread ended", self.target))),
        }
    }

    fn describe(&self, failure: Failure) -> StoreError {
        let target = &self.target;
        StoreError(match failure {
            Failure::Refused(why) => format!("store {target} has {why}, or name another with --store"),
            Failure::Timeout => format!("store {target} did not answer within {}s", OP_TIMEOUT.as_secs()),
            Failure::Pool(deadpool_postgres::PoolError::Backend(err)) | Failure::Db(err) => describe_db(target, &err),
            Failure::Pool(deadpool_postgres::PoolError::Timeout(_)) => {
                format!("store {target} cannot be reached: no connection within {}s", CONNECT_TIMEOUT.as_secs())
            }
            Failure::Pool(err) => format!("store {target} failed: {err}"),
        })
    }

    /// Runs `work` in one transaction that also marks `who` present.
    fn write<T, F>(&self, who: Actor<'_>, work: F) -> Result<T, StoreError>
    where
        T: Send + 'static,
        F: for<'t> FnOnce(&'t deadpool_postgres::Transaction<'t>) -> BoxFuture<'t, Result<T, Failure>> + Send + 'static,
    {
        let (agent, session) = (who.agent.to_string(), who.session.to_string());
        self.seen.lock().unwrap_or_else(|p| p.into_inner()).insert(agent.clone());
        self.run(move |pool| {
            Box::pin(async move {
                let mut client = pool.get().await?;
                let tx = client.transaction().await?;
                let value = work(&tx).await?;
                touch(&tx, &agent, &session).await?;
                tx.commit().await?;
                Ok(value)
            })
        })
    }

    /// Runs `work` on a connection outside any transaction; `who`, when given, is marked
    /// present the first time this process reads for it.
    fn query<T, F>(&self, who: Option<Actor<'_>>, work: F) -> Result<T, StoreError>
    where
        T: Send + 'static,
        F: for<'c> FnOnce(&'c deadpool_postgres::Client) -> BoxFuture<'c, Result<T, Failure>> + Send + 'static,
    {
        let first = who.filter(|who| self.seen.lock().unwrap_or_else(|p| p.into_inner()).insert(who.agent.to_string()));
        let presence = first.map(|who| (who.agent.to_string(), who.session.to_string()));
        self.run(move |pool| {
            Box::pin(async move {
                let client = pool.get().await?;
                if let Some((agent, session)) = presence {
                    touch(&client, &agent, &session).await?;
                }
                work(&client).await
            })
        })
    }
}

fn describe_db(target: &str, err: &tokio_postgres::Error) -> String {
    if let Some(db) = err.as_db_error() {
        return format!("store {target} failed: {}", db.message());
    }
    // The driver's own words first; the cause (refused, timed out, no such host) after.
    let mut text = err.to_string();
    let mut source = std::error::Error::source(err);
    while let Some(cause) = source {
        let cause_text = cause.to_string();
        if !text.contains(&cause_text) {
            text.push_str(": ");
            text.push_str(&cause_text);
        }
        source = cause.source();
    }
    if err.is_closed() || text.contains("connect") {
        format!("store {target} cannot be reached: {text}")
    } else {
        format!("store {target} failed: {text}")
    }
}

/// The channel `msg send` notifies (with the recipient) when its transaction commits.
const MAIL_CHANNEL: &str = "toolsh_mail";

/// Listens on [`MAIL_CHANNEL`] for as long as anyone may wait, bumping `bump` at every
/// notification and at every (re)connection — what was sent while no connection listened is
/// then looked at too. Ends when no receiver is left.
async fn listen(config: tokio_postgres::Config, tls: MakeRustlsConnect, bump: tokio::sync::watch::Sender<u64>) {
    let mut pause = Duration::from_millis(100);
    while !bump.is_closed() {
        if let Ok(Ok((client, mut connection))) =
            tokio::time::timeout(CONNECT_TIMEOUT, config.connect(tls.clone())).await
        {
            let mut messages = futures::stream::poll_fn(move |cx| connection.poll_message(cx));
            let listening = async {
                // The LISTEN is answered through the connection driven below.
                client.batch_execute(&format!("LISTEN {MAIL_CHANNEL}")).await
            };
            let mut listening = std::pin::pin!(listening);
            let mut listened = false;
            loop {
                tokio::select! {
                    done = &mut listening, if !listened => {
                        listened = true;
                        if done.is_err() { break; }
                        pause = Duration::from_millis(100);
                        bump.send_modify(|n| *n += 1);
                    }
                    message = futures::StreamExt::next(&mut messages) => match message {
                        Some(Ok(tokio_postgres::AsyncMessage::Notification(_))) => bump.send_modify(|n| *n += 1),
                        Some(Ok(_)) => {}
                        Some(Err(_)) | None => break,
                    },
                    _ = bump.closed() => return,
                }
            }
        }
        tokio::time::sleep(pause).await;
        pause = (pause * 2).min(Duration::from_secs(5));
    }
}

/// Brings the database to [`schema::VERSION`] under an advisory lock (other processes wait).
fn migrate(pool: Pool) -> Job<()> {
    Box::pin(migrate_now(pool))
}

async fn migrate_now(pool: Pool) -> Result<(), Failure> {
    let mut client = pool.get().await?;
    let tx = client.transaction().await?;
    exec(&tx, "SELECT pg_advisory_xact_lock($1)", &[&MIGRATION_LOCK]).await?;
    tx.batch_execute("CREATE TABLE IF NOT EXISTS toolsh_schema (version BIGINT NOT NULL)").await?;
    let version: i64 = match opt(&tx, "SELECT version FROM toolsh_schema", &[]).await? {
        Some(row) => row.get(0),
        None => {
            exec(&tx, "INSERT INTO toolsh_schema (version) VALUES (0)", &[]).await?;
            0
        }
    };
    if version > schema::VERSION {
        return Err(Failure::Refused(schema::newer(version)));
    }
    for index in version as usize..schema::VERSION as usize {
        tx.batch_execute(&schema::render(index, Dialect::Postgres)).await?;
        exec(&tx, "UPDATE toolsh_schema SET version = $1", &[&(index as i64 + 1)]).await?;
    }
    tx.commit().await?;
    Ok(())
}

/// Marks `agent` as seen now.
async fn touch(client: &impl GenericClient, agent: &str, session: &str) -> Result<(), Failure> {
    exec(
        client,
        "INSERT INTO agents (name, last_seen, session) VALUES ($1, $2, $3)
         ON CONFLICT (name) DO UPDATE SET last_seen = excluded.last_seen, session = excluded.session",
        &[&agent, &now_ms(), &session],
    )
    .await?;
    Ok(())
}

/// The parameters of a statement.
type Params<'a> = &'a [&'a (dyn tokio_postgres::types::ToSql + Sync)];

// Every statement is prepared once per connection (deadpool keeps them) and then only bound
// and run: one round trip instead of two.

/// Runs `sql`; the rows it changed.
async fn exec(client: &impl GenericClient, sql: &str, params: Params<'_>) -> Result<u64, Failure> {
    Ok(client.execute(&client.prepare_cached(sql).await?, params).await?)
}

/// The one row `sql` returns.
async fn one(client: &impl GenericClient, sql: &str, params: Params<'_>) -> Result<Row, Failure> {
    Ok(client.query_one(&client.prepare_cached(sql).await?, params).await?)
}

/// The row `sql` returns, if any.
async fn opt(client: &impl GenericClient, sql: &str, params: Params<'_>) -> Result<Option<Row>, Failure> {
    Ok(client.query_opt(&client.prepare_cached(sql).await?, params).await?)
}

/// The rows `sql` returns.
async fn rows(client: &impl GenericClient, sql: &str, params: Params<'_>) -> Result<Vec<Row>, Failure> {
    Ok(client.query(&client.prepare_cached(sql).await?, params).await?)
}

fn message(row: &Row) -> Message {
    Message {
        id: row.get(0),
        from: row.get(1),
        to: row.get(2),
        text: row.get(3),
        sent_at: row.get(4),
        read_at: row.get(5),
        archived: row.get::<_, i64>(6) != 0,
    }
}

fn timer_of(row: &Row) -> Timer {
    Timer {
        id: row.get(0),
        agent: row.get(1),
        kind: row.get(2),
        schedule: row.get(3),
        command: row.get(4),
        cwd: row.get(5),
        next_at: row.get(6),
        policy: row.get(7),
    }
}

fn meta_entry(row: &Row) -> MetaEntry {
    MetaEntry { key: row.get(0), value: row.get(1), protection: Protection::parse(row.get::<_, &str>(2)) }
}

/// `most` timers as the count the database compares.
fn most_of(most: usize) -> i64 {
    i64::try_from(most).unwrap_or(i64::MAX)
}

impl Engine for Postgres {
    fn target(&self) -> &str {
        &self.target
    }

    fn check(&self) -> Result<(), StoreError> {
        self.ready().map(|_| ())
    }

    fn heartbeat(&self, who: Actor<'_>) -> Result<(), StoreError> {
        self.write(who, |_| Box::pin(async { Ok(()) }))
    }

    fn send(&self, who: Actor<'_>, to: &str, text: &str) -> Result<i64, StoreError> {
        let (from, to, text) = (who.agent.to_string(), to.to_string(), text.to_string());
        self.write(who, move |tx| {
            Box::pin(async move {
                let row = one(
                    tx,
                    "INSERT INTO messages (sender, recipient, body, sent_at) VALUES ($1, $2, $3, $4) RETURNING id",
                    &[&from, &to, &text, &now_ms()],
                )
                .await?;
                // Delivered to listeners when the transaction commits, never before.
                exec(tx, "SELECT pg_notify('toolsh_mail', $1)", &[&to]).await?;
                Ok(row.get(0))
            })
        })
    }

    fn read(&self, who: Actor<'_>, all: bool, limit: Option<u32>) -> Result<Vec<Message>, StoreError> {
        let (me, session) = (who.agent.to_string(), who.session.to_string());
        let limit = limit.map(i64::from);
        if !all {
            // New messages in one statement (one round trip, atomic as a statement): mark the
            // reader present, take its unread messages — skipping those another reader holds,
            // so none is handed out twice — and mark them read. They come back as they were
            // when taken (unread), oldest first.
            return self.query(None, move |client| {
                Box::pin(async move {
                    let taken = rows(
                        client,
                        "WITH seen AS (
                            INSERT INTO agents (name, last_seen, session) VALUES ($1, $3, $4)
                            ON CONFLICT (name) DO UPDATE SET last_seen = excluded.last_seen, session = excluded.session
                         ), picked AS (
                            SELECT id FROM messages WHERE recipient = $1 AND read_at IS NULL AND archived = 0
                            ORDER BY id LIMIT $2 FOR UPDATE SKIP LOCKED
                         )
                         UPDATE messages SET read_at = $3 FROM picked WHERE messages.id = picked.id
                         RETURNING messages.id, sender, recipient, body, sent_at, NULL::BIGINT, archived",
                        &[&me, &limit, &now_ms(), &session],
                    )
                    .await?;
                    let mut messages: Vec<Message> = taken.iter().map(message).collect();
                    messages.sort_by_key(|m| m.id);
                    Ok(messages)
                })
            });
        }
        self.write(who, move |tx| {
            Box::pin(async move {
                let sql = format!(
                    "SELECT {MESSAGE_COLUMNS} FROM messages WHERE recipient = $1 AND archived = 0 ORDER BY id LIMIT $2 FOR UPDATE"
                );
                let messages: Vec<Message> = rows(tx, &sql, &[&me, &limit]).await?.iter().map(message).collect();
                let ids: Vec<i64> = messages.iter().filter(|m| m.read_at.is_none()).map(|m| m.id).collect();
                if !ids.is_empty() {
                    exec(tx, "UPDATE messages SET read_at = $1 WHERE id = ANY($2) AND read_at IS NULL", &[&now_ms(), &ids])
                        .await?;
                }
                Ok(messages)
            })
        })
    }

    fn counts(&self, who: Actor<'_>) -> Result<[i64; 4], StoreError> {
        let me = who.agent.to_string();
        self.query(Some(who), move |client| {
            Box::pin(async move {
                let row = one(
                    client,
                    "SELECT
                           count(*) FILTER (WHERE recipient = $1 AND read_at IS NULL AND archived = 0),
                           count(*) FILTER (WHERE recipient = $1 AND read_at IS NOT NULL AND archived = 0),
                           count(*) FILTER (WHERE recipient = $1 AND archived = 1),
                           count(*) FILTER (WHERE sender = $1)
                         FROM messages WHERE recipient = $1 OR sender = $1",
                    &[&me],
                )
                .await?;
                Ok([row.get(0), row.get(1), row.get(2), row.get(3)])
            })
        })
    }

    fn update(
        &self,
        who: Actor<'_>,
        ids: &[i64],
        read: Option<bool>,
        archived: Option<bool>,
    ) -> Result<Vec<i64>, StoreError> {
        let (me, ids) = (who.agent.to_string(), ids.to_vec());
        self.write(who, move |tx| {
            Box::pin(async move {
                let mut found = Vec::new();
                for id in ids {
                    let exists =
                        opt(tx, "SELECT id FROM messages WHERE id = $1 AND recipient = $2", &[&id, &me]).await?;
                    if exists.is_none() {
                        continue;
                    }
                    if let Some(read) = read {
                        let at = read.then(now_ms);
                        exec(tx, "UPDATE messages SET read_at = $1 WHERE id = $2", &[&at, &id]).await?;
                    }
                    if let Some(archived) = archived {
                        exec(tx, "UPDATE messages SET archived = $1 WHERE id = $2", &[&i64::from(archived), &id])
                            .await?;
                    }
                    found.push(id);
                }
                Ok(found)
            })
        })
    }

    fn agents(&self, who: Actor<'_>) -> Result<Vec<(String, i64)>, StoreError> {
        self.query(Some(who), |client| {
            Box::pin(async move {
                let rows =
                    rows(client, "SELECT name, last_seen FROM agents ORDER BY last_seen DESC, name", &[]).await?;
                Ok(rows.iter().map(|r| (r.get(0), r.get(1))).collect())
            })
        })
    }

    fn last_seen(&self, who: Actor<'_>, agent: &str) -> Result<Option<i64>, StoreError> {
        let agent = agent.to_string();
        self.query(Some(who), move |client| {
            Box::pin(async move {
                let row = opt(client, "SELECT last_seen FROM agents WHERE name = $1", &[&agent]).await?;
                Ok(row.map(|r| r.get(0)))
            })
        })
    }

    fn meta_get(&self, who: Actor<'_>, key: &str) -> Result<Option<MetaEntry>, StoreError> {
        let key = key.to_string();
        self.query(Some(who), move |client| {
            Box::pin(async move {
                let row = opt(client, "SELECT key, value, protection FROM meta WHERE key = $1", &[&key]).await?;
                Ok(row.as_ref().map(meta_entry))
            })
        })
    }

    fn meta_list(&self, who: Actor<'_>, prefix: &str) -> Result<Vec<MetaEntry>, StoreError> {
        let prefix = prefix.to_string();
        self.query(Some(who), move |client| {
            Box::pin(async move {
                let rows = rows(client, "SELECT key, value, protection FROM meta WHERE substr(key, 1, length($1)) = $1 ORDER BY key COLLATE \"C\"", &[&prefix]).await?;
                Ok(rows.iter().map(meta_entry).collect())
            })
        })
    }

    fn meta_change(
        &self,
        who: Actor<'_>,
        key: &str,
        change: &MetaChange,
    ) -> Result<Result<MetaPlan, String>, StoreError> {
        let (key, change) = (key.to_string(), change.clone());
        self.write(who, move |tx| {
            Box::pin(async move {
                // The key's lock, held to the commit: a missing key has no row to lock.
                exec(tx, "SELECT pg_advisory_xact_lock($1, hashtext($2))", &[&META_LOCK, &key]).await?;
                let existing = opt(tx, "SELECT value, protection FROM meta WHERE key = $1", &[&key]).await?;
                let existing = existing.map(|r| (r.get::<_, String>(0), Protection::parse(r.get::<_, &str>(1))));
                let plan = match plan_meta(&key, existing.as_ref().map(|(v, p)| (v.as_str(), *p)), &change) {
                    Ok(plan) => plan,
                    Err(why) => return Ok(Err(why)),
                };
                match &plan {
                    MetaPlan::Write(value, protection) => {
                        exec(
                            tx,
                            "INSERT INTO meta (key, value, protection, updated_at) VALUES ($1, $2, $3, $4)
                             ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at",
                            &[&key, value, &protection.as_str(), &now_ms()],
                        )
                        .await?;
                    }
                    MetaPlan::Delete => {
                        exec(tx, "DELETE FROM meta WHERE key = $1", &[&key]).await?;
                    }
                    MetaPlan::Nothing => {}
                }
                Ok(Ok(plan))
            })
        })
    }

    fn mcp_tools(&self, identity: &str) -> Result<Option<(i64, String)>, StoreError> {
        let identity = identity.to_string();
        self.query(None, move |client| {
            Box::pin(async move {
                let row =
                    opt(client, "SELECT listed_at, tools FROM mcp_tools WHERE identity = $1", &[&identity]).await?;
                Ok(row.map(|r| (r.get(0), r.get(1))))
            })
        })
    }

    fn set_mcp_tools(&self, identity: &str, tools: &str) -> Result<(), StoreError> {
        let (identity, tools) = (identity.to_string(), tools.to_string());
        self.query(None, move |client| {
            Box::pin(async move {
                exec(
                    client,
                    "INSERT INTO mcp_tools (identity, listed_at, tools) VALUES ($1, $2, $3)
                         ON CONFLICT (identity) DO UPDATE SET listed_at = excluded.listed_at, tools = excluded.tools",
                    &[&identity, &now_ms(), &tools],
                )
                .await?;
                Ok(())
            })
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
        let (agent, command, cwd, policy) =
            (who.agent.to_string(), command.to_string(), cwd.to_string(), policy.to_string());
        self.write(who, move |tx| {
            Box::pin(async move {
                let held: i64 = one(tx, "SELECT count(*) FROM timers WHERE agent = $1", &[&agent]).await?.get(0);
                if held >= most_of(most) {
                    return Ok(Err(format!("limit exceeded: timers per agent (at most {most})")));
                }
                let row = one(
                    tx,
                    "INSERT INTO timers (agent, kind, schedule, command, cwd, next_at, created_at, policy)
                         VALUES ($1, 'at', $2, $3, $4, $5, $6, $7) RETURNING id",
                    &[&agent, &at.to_string(), &command, &cwd, &at, &now_ms(), &policy],
                )
                .await?;
                Ok(Ok(row.get(0)))
            })
        })
    }

    fn timers(&self, agent: &str, kind: &str) -> Result<Vec<Timer>, StoreError> {
        let (agent, kind) = (agent.to_string(), kind.to_string());
        self.query(None, move |client| {
            Box::pin(async move {
                let sql =
                    format!("SELECT {TIMER_COLUMNS} FROM timers WHERE agent = $1 AND kind = $2 ORDER BY next_at, id");
                Ok(rows(client, &sql, &[&agent, &kind]).await?.iter().map(timer_of).collect())
            })
        })
    }

    fn remove_at(&self, who: Actor<'_>, id: i64) -> Result<bool, StoreError> {
        let agent = who.agent.to_string();
        self.write(who, move |tx| {
            Box::pin(async move {
                let n =
                    exec(tx, "DELETE FROM timers WHERE id = $1 AND agent = $2 AND kind = 'at'", &[&id, &agent]).await?;
                Ok(n > 0)
            })
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
        let (agent, text, entries, cwd) = (who.agent.to_string(), text.to_string(), entries.to_vec(), cwd.to_string());
        let policy = policy.to_string();
        self.write(who, move |tx| {
            Box::pin(async move {
                let ats: i64 =
                    one(tx, "SELECT count(*) FROM timers WHERE agent = $1 AND kind = 'at'", &[&agent]).await?.get(0);
                if ats + most_of(entries.len()) > most_of(most) {
                    return Ok(Err(format!("limit exceeded: timers per agent (at most {most})")));
                }
                exec(tx, "DELETE FROM timers WHERE agent = $1 AND kind = 'cron'", &[&agent]).await?;
                for (schedule, command, next) in &entries {
                    exec(tx, "INSERT INTO timers (agent, kind, schedule, command, cwd, next_at, created_at, policy)
                         VALUES ($1, 'cron', $2, $3, $4, $5, $6, $7)", &[&agent, schedule, command, &cwd, next, &now_ms(), &policy]).await?;
                }
                exec(tx, "INSERT INTO crontabs (agent, text) VALUES ($1, $2) ON CONFLICT (agent) DO UPDATE SET text = excluded.text", &[&agent, &text]).await?;
                Ok(Ok(()))
            })
        })
    }

    fn crontab(&self, agent: &str) -> Result<Option<String>, StoreError> {
        let agent = agent.to_string();
        self.query(None, move |client| {
            Box::pin(async move {
                Ok(opt(client, "SELECT text FROM crontabs WHERE agent = $1", &[&agent]).await?.map(|r| r.get(0)))
            })
        })
    }

    fn remove_crontab(&self, who: Actor<'_>) -> Result<bool, StoreError> {
        let agent = who.agent.to_string();
        self.write(who, move |tx| {
            Box::pin(async move {
                exec(tx, "DELETE FROM timers WHERE agent = $1 AND kind = 'cron'", &[&agent]).await?;
                Ok(exec(tx, "DELETE FROM crontabs WHERE agent = $1", &[&agent]).await? > 0)
            })
        })
    }

    fn due_timers(&self, now: i64) -> Result<Vec<Timer>, StoreError> {
        self.query(None, move |client| {
            Box::pin(async move {
                let sql = format!("SELECT {TIMER_COLUMNS} FROM timers WHERE next_at <= $1 ORDER BY next_at, id");
                Ok(rows(client, &sql, &[&now]).await?.iter().map(timer_of).collect())
            })
        })
    }

    fn next_due(&self) -> Result<Option<i64>, StoreError> {
        self.query(None, |client| {
            Box::pin(async move { Ok(one(client, "SELECT min(next_at) FROM timers", &[]).await?.get(0)) })
        })
    }

    fn claim_timer(
        &self,
        who: Actor<'_>,
        timer: &Timer,
        next: Option<i64>,
        run: bool,
        lease: &Lease,
    ) -> Result<bool, StoreError> {
        let (timer, lease) = (timer.clone(), lease.clone());
        self.write(who, move |tx| {
            Box::pin(async move {
                // The slot is the timer's `next_at` as read: a second claimant waits for the
                // first's row lock, then finds `next_at` moved and changes nothing.
                let moved = match next {
                    Some(next) => {
                        exec(
                            tx,
                            "UPDATE timers SET next_at = $1 WHERE id = $2 AND next_at = $3",
                            &[&next, &timer.id, &timer.next_at],
                        )
                        .await?
                    }
                    None => {
                        exec(tx, "DELETE FROM timers WHERE id = $1 AND next_at = $2", &[&timer.id, &timer.next_at])
                            .await?
                    }
                };
                if moved == 0 || !run {
                    return Ok(false);
                }
                // cron's rule: a slot whose previous run still goes is passed over.
                let going: i64 = one(
                    tx,
                    "SELECT count(*) FROM timer_runs WHERE timer = $1 AND ended_at IS NULL",
                    &[&timer.id],
                )
                .await?
                .get(0);
                if going > 0 {
                    return Ok(false);
                }
                exec(
                    tx,
                    "INSERT INTO timer_runs (timer, slot, agent, kind, command, started_at, owner, lease_until, schedule, cwd, policy)
                     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)",
                    &[
                        &timer.id,
                        &timer.next_at,
                        &timer.agent,
                        &timer.kind,
                        &timer.command,
                        &now_ms(),
                        &lease.owner,
                        &lease.until,
                        &timer.schedule,
                        &timer.cwd,
                        &timer.policy,
                    ],
                )
                .await?;
                Ok(true)
            })
        })
    }

    fn renew_timer_runs(&self, lease: &Lease) -> Result<u64, StoreError> {
        let lease = lease.clone();
        self.query(None, move |client| {
            Box::pin(async move {
                exec(
                    client,
                    "INSERT INTO timer_servers (owner, alive_until) VALUES ($1, $2)
                     ON CONFLICT (owner) DO UPDATE SET alive_until = excluded.alive_until",
                    &[&lease.owner, &lease.until],
                )
                .await?;
                // Servers gone for a day are forgotten.
                exec(client, "DELETE FROM timer_servers WHERE alive_until < $1", &[&(lease.until - 86_400_000)])
                    .await?;
                exec(
                    client,
                    "UPDATE timer_runs SET lease_until = $1 WHERE owner = $2 AND ended_at IS NULL",
                    &[&lease.until, &lease.owner],
                )
                .await
            })
        })
    }

    fn timer_servers_until(&self) -> Result<Option<i64>, StoreError> {
        self.query(None, |client| {
            Box::pin(async move { Ok(one(client, "SELECT max(alive_until) FROM timer_servers", &[]).await?.get(0)) })
        })
    }

    fn take_orphaned_run(&self, who: Actor<'_>, lease: &Lease, now: i64) -> Result<Option<Timer>, StoreError> {
        let lease = lease.clone();
        self.write(who, move |tx| {
            Box::pin(async move {
                // A run another taker holds is skipped, never taken twice.
                let sql = format!(
                    "UPDATE timer_runs SET owner = $1, lease_until = $2
                     WHERE (timer, slot) = (SELECT timer, slot FROM timer_runs
                                            WHERE ended_at IS NULL AND lease_until < $3
                                            ORDER BY started_at LIMIT 1 FOR UPDATE SKIP LOCKED)
                     RETURNING {RUN_AS_TIMER}"
                );
                Ok(opt(tx, &sql, &[&lease.owner, &lease.until, &now]).await?.as_ref().map(timer_of))
            })
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
        let (owner, output) = (owner.to_string(), output.to_string());
        self.write(who, move |tx| {
            Box::pin(async move {
                let n = exec(
                    tx,
                    "UPDATE timer_runs SET ended_at = $1, status = $2, output = $3
                     WHERE timer = $4 AND slot = $5 AND (owner = $6 OR owner IS NULL) AND ended_at IS NULL",
                    &[&now_ms(), &status, &output, &timer, &slot, &owner],
                )
                .await?;
                Ok(n > 0)
            })
        })
    }

    fn timer_runs(&self, agent: &str, only: Option<i64>, limit: u32) -> Result<Vec<TimerRun>, StoreError> {
        let agent = agent.to_string();
        self.query(None, move |client| {
            Box::pin(async move {
                let rows = rows(
                    client,
                    "SELECT timer, slot, kind, command, started_at, status, output FROM timer_runs
                         WHERE agent = $1 AND ($2::BIGINT IS NULL OR timer = $2)
                         ORDER BY started_at DESC, slot DESC LIMIT $3",
                    &[&agent, &only, &i64::from(limit)],
                )
                .await?;
                Ok(rows
                    .iter()
                    .map(|row| TimerRun {
                        timer: row.get(0),
                        slot: row.get(1),
                        kind: row.get(2),
                        command: row.get(3),
                        started_at: row.get(4),
                        status: row.get(5),
                        output: row.get(6),
                    })
                    .collect())
            })
        })
    }

    fn save_mcp_session(&self, id: &str, state: &str) -> Result<(), StoreError> {
        let (id, state) = (id.to_string(), state.to_string());
        self.query(None, move |client| {
            Box::pin(async move {
                exec(
                    client,
                    "INSERT INTO mcp_sessions (id, state, saved_at) VALUES ($1, $2, $3)
                         ON CONFLICT (id) DO UPDATE SET state = excluded.state, saved_at = excluded.saved_at",
                    &[&id, &state, &now_ms()],
                )
                .await?;
                Ok(())
            })
        })
    }

    fn load_mcp_session(&self, id: &str) -> Result<Option<String>, StoreError> {
        let id = id.to_string();
        self.query(None, move |client| {
            Box::pin(async move {
                Ok(opt(client, "SELECT state FROM mcp_sessions WHERE id = $1", &[&id]).await?.map(|r| r.get(0)))
            })
        })
    }

    fn drop_mcp_session(&self, id: &str) -> Result<(), StoreError> {
        let id = id.to_string();
        self.query(None, move |client| {
            Box::pin(async move {
                exec(client, "DELETE FROM mcp_sessions WHERE id = $1", &[&id]).await?;
                Ok(())
            })
        })
    }

    fn save_session(&self, who: Actor<'_>, name: &str, snapshot: &SavedSession) -> Result<i64, StoreError> {
        let (agent, name, state, tmp, version) =
            (who.agent.to_string(), name.to_string(), snapshot.state.clone(), snapshot.tmp.clone(), snapshot.version);
        self.write(who, move |tx| {
            Box::pin(async move {
                let row = one(
                    tx,
                    "INSERT INTO sessions (agent, name, version, saved_at, state, tmp, generation)
                     VALUES ($1, $2, $3, $4, $5, $6, 1)
                     ON CONFLICT (agent, name) DO UPDATE SET version = excluded.version,
                        saved_at = excluded.saved_at, state = excluded.state, tmp = excluded.tmp,
                        generation = sessions.generation + 1
                     RETURNING generation",
                    &[&agent, &name, &i64::from(version), &now_ms(), &state, &tmp],
                )
                .await?;
                Ok(row.get(0))
            })
        })
    }

    fn session_generation(&self, agent: &str, name: &str) -> Result<Option<i64>, StoreError> {
        let (agent, name) = (agent.to_string(), name.to_string());
        self.query(None, move |client| {
            Box::pin(async move {
                let row =
                    opt(client, "SELECT generation FROM sessions WHERE agent = $1 AND name = $2", &[&agent, &name])
                        .await?;
                Ok(row.map(|r| r.get(0)))
            })
        })
    }

    fn load_session(&self, agent: &str, name: &str) -> Result<Option<SavedSession>, StoreError> {
        let (agent, name) = (agent.to_string(), name.to_string());
        self.query(None, move |client| {
            Box::pin(async move {
                let row = opt(
                    client,
                    "SELECT state, tmp, version FROM sessions WHERE agent = $1 AND name = $2",
                    &[&agent, &name],
                )
                .await?;
                Ok(row.map(|r| SavedSession {
                    state: r.get(0),
                    tmp: r.get(1),
                    version: u32::try_from(r.get::<_, i64>(2)).unwrap_or(u32::MAX),
                }))
            })
        })
    }

    fn sessions(&self, agent: &str) -> Result<Vec<SessionEntry>, StoreError> {
        let agent = agent.to_string();
        self.query(None, move |client| {
            Box::pin(async move {
                let rows = rows(
                    client,
                    "SELECT name, saved_at, (octet_length(state) + octet_length(tmp))::BIGINT, version
                         FROM sessions WHERE agent = $1 ORDER BY name COLLATE \"C\"",
                    &[&agent],
                )
                .await?;
                Ok(rows
                    .iter()
                    .map(|r| SessionEntry { name: r.get(0), saved_at: r.get(1), bytes: r.get(2), version: r.get(3) })
                    .collect())
            })
        })
    }

    fn copy_session(&self, who: Actor<'_>, from: &str, to: &str) -> Result<bool, StoreError> {
        let (agent, from, to) = (who.agent.to_string(), from.to_string(), to.to_string());
        self.write(who, move |tx| {
            Box::pin(async move {
                let n = exec(
                    tx,
                    "INSERT INTO sessions (agent, name, version, saved_at, state, tmp, generation)
                        SELECT agent, $3, version, $4, state, tmp, 1 FROM sessions WHERE agent = $1 AND name = $2
                     ON CONFLICT (agent, name) DO UPDATE SET version = excluded.version,
                        saved_at = excluded.saved_at, state = excluded.state, tmp = excluded.tmp,
                        generation = sessions.generation + 1",
                    &[&agent, &from, &to, &now_ms()],
                )
                .await?;
                Ok(n > 0)
            })
        })
    }

    fn drop_stale_sessions(&self, who: Actor<'_>, prefix: &str, before: i64) -> Result<usize, StoreError> {
        let prefix = prefix.to_string();
        self.write(who, move |tx| {
            Box::pin(async move {
                let stale = rows(
                    tx,
                    "DELETE FROM sessions WHERE substr(name, 1, length($1)) = $1 AND saved_at < $2 RETURNING name",
                    &[&prefix, &before],
                )
                .await?;
                for row in &stale {
                    if let Some(id) = row.get::<_, &str>(0).strip_prefix("mcp:") {
                        exec(tx, "DELETE FROM mcp_sessions WHERE id = $1", &[&id]).await?;
                    }
                }
                Ok(stale.len())
            })
        })
    }

    fn drop_session(&self, who: Actor<'_>, name: &str) -> Result<bool, StoreError> {
        let (agent, name) = (who.agent.to_string(), name.to_string());
        self.write(who, move |tx| {
            Box::pin(async move {
                Ok(exec(tx, "DELETE FROM sessions WHERE agent = $1 AND name = $2", &[&agent, &name]).await? > 0)
            })
        })
    }

    fn append_audit(
        &self,
        who: Actor<'_>,
        rows: &[AuditRow],
        max_age_ms: i64,
        max_rows: i64,
    ) -> Result<(), StoreError> {
        let rows = rows.to_vec();
        self.write(who, move |tx| {
            Box::pin(async move {
                let mut last = 0_i64;
                for r in &rows {
                    let (status, calls) = (i64::from(r.status), i64::from(r.calls));
                    let row = one(
                        tx,
                        "INSERT INTO audit (at, session, agent, command, tool, digest, decision, rule, status, micros, calls)
                         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id",
                        &[
                            &r.at, &r.session, &r.agent, &r.command, &r.tool, &r.digest, &r.decision, &r.rule, &status,
                            &r.micros, &calls,
                        ],
                    )
                    .await?;
                    last = row.get(0);
                }
                if !rows.is_empty() && last / PRUNE_EVERY != (last - rows.len() as i64) / PRUNE_EVERY {
                    exec(tx, "DELETE FROM audit WHERE at < $1", &[&now_ms().saturating_sub(max_age_ms)]).await?;
                    exec(tx, "DELETE FROM audit WHERE id <= $1", &[&last.saturating_sub(max_rows)]).await?;
                }
                Ok(())
            })
        })
    }

    fn arrivals(&self) -> Option<tokio::sync::watch::Receiver<u64>> {
        let (config, tls) = self.config.clone()?;
        let runtime = runtime().ok()?;
        let receiver = self.arrivals.get_or_init(|| {
            let (bump, receiver) = tokio::sync::watch::channel(0);
            runtime.spawn(listen(config, tls, bump));
            receiver
        });
        Some(receiver.clone())
    }

    fn execute_for_test(&self, sql: &str) -> Result<u64, StoreError> {
        let sql = sql.to_string();
        self.query(None, move |client| Box::pin(async move { exec(client, &sql, &[]).await }))
    }
}
