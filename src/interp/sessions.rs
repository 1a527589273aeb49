//! Sessions that survive the process: a shell's state, jobs and `/tmp` saved to the store
//! under a name ([`toolsh_core::snapshot`]) and restored from it, and the `session` builtin
//! that manages them (`list`, `save`, `restore`, `fork`, `drop`). The sessions `toolsh mcp
//! --http` keeps for its clients (named [`SERVER_PREFIX`]`<Mcp-Session-Id>`) belong to those
//! clients: the builtin neither lists nor names them, so one client cannot read, plant in or
//! drop another's.

use super::io::Io;
use super::jobs::{Job, Running};
use super::{Interp, Status};
use std::sync::Arc;
use toolsh_core::snapshot::{SavedJob, Snapshot};

/// The longest session name.
const NAME_CHARS: usize = 128;

/// The start of the names the MCP server keeps its clients' sessions under.
pub const SERVER_PREFIX: &str = "mcp:";

/// Whether the `session` builtin may name `name`: not one of the server's own.
fn check_own_name(name: &str) -> Result<(), (Failure, Status)> {
    if name.starts_with(SERVER_PREFIX) {
        return Err((
            format!(
                "'{name}' belongs to another client of the server (names starting with '{SERVER_PREFIX}' are not the session command's)"
            ),
            1,
        ));
    }
    Ok(())
}

/// Why a session was not saved or restored, in words for the user.
pub type Failure = String;

/// Whether `name` can name a session: 1 to 128 characters, none of them a control character.
pub fn check_name(name: &str) -> Result<(), Failure> {
    if name.is_empty() || name.chars().count() > NAME_CHARS || name.chars().any(char::is_control) {
        return Err(format!("'{name}' is not a session name (1 to {NAME_CHARS} characters, no control characters)"));
    }
    Ok(())
}

/// A snapshot as the store keeps it, in this toolsh's format version.
fn saved(snapshot: Snapshot) -> toolsh_store::SavedSession {
    toolsh_store::SavedSession { version: toolsh_core::snapshot::VERSION, state: snapshot.state, tmp: snapshot.tmp }
}

impl Interp {
    fn store_for_sessions(&self) -> Result<Arc<toolsh_store::Store>, Failure> {
        crate::interp::typed_store(&self.shared)
            .ok_or_else(|| "sessions are kept in the store, and this shell has none (--store PATH)".to_string())
    }

    /// This shell as a snapshot: its state, its jobs' records, its in-memory `/tmp`.
    pub(crate) fn snapshot(&self) -> Result<Snapshot, Failure> {
        let jobs = self.job_table().records();
        let snapshot = Snapshot::capture(&self.state, jobs, self.shared.vfs())
            .map_err(|err| format!("it could not be read: {}", crate::vfs::describe(&err)))?;
        let most = self.state.limits().snapshot_bytes;
        if snapshot.len() > most {
            return Err(format!(
                "limit exceeded: snapshot bytes (at most {most}; this session takes {}): make /tmp smaller, or raise --limit snapshot-bytes=N",
                snapshot.len()
            ));
        }
        Ok(snapshot)
    }

    /// Saves this shell as session `name` of its agent; the session's generation now.
    pub(crate) fn save_session(&self, name: &str) -> Result<i64, Failure> {
        check_name(name)?;
        let store = self.store_for_sessions()?;
        let snapshot = self.snapshot().map_err(|why| format!("session '{name}' was not saved: {why}"))?;
        store.save_session(name, &saved(snapshot)).map_err(|err| format!("session '{name}' was not saved: {err}"))
    }

    /// [`Interp::save_session`] unless its snapshot's digest is `last`; `last` becomes the
    /// digest of what was saved (or found unchanged).
    pub(crate) fn save_session_unless(&self, name: &str, last: &mut Option<u64>) -> Result<Option<i64>, Failure> {
        use std::hash::{Hash, Hasher};
        check_name(name)?;
        let store = self.store_for_sessions()?;
        let snapshot = self.snapshot().map_err(|why| format!("session '{name}' was not saved: {why}"))?;
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        snapshot.state.hash(&mut hasher);
        snapshot.tmp.hash(&mut hasher);
        let digest = hasher.finish();
        if *last == Some(digest) {
            return Ok(None);
        }
        let generation = store
            .save_session(name, &saved(snapshot))
            .map_err(|err| format!("session '{name}' was not saved: {err}"))?;
        *last = Some(digest);
        Ok(Some(generation))
    }

    /// How many times session `name` of this agent was saved (`None`: never).
    pub(crate) fn session_generation(&self, name: &str) -> Result<Option<i64>, Failure> {
        let store = self.store_for_sessions()?;
        store.session_generation(name).map_err(|err| format!("session '{name}': {err}"))
    }

    /// Makes this shell session `name` as it was saved; false when there is no such session.
    /// A snapshot that is damaged or newer is refused, naming the store and the version, and
    /// nothing changes.
    pub(crate) fn restore_session(&mut self, name: &str) -> Result<bool, Failure> {
        check_name(name)?;
        let store = self.store_for_sessions()?;
        let Some(snapshot) = store.load_session(name).map_err(|err| format!("session '{name}': {err}"))? else {
            return Ok(false);
        };
        let restored = Snapshot { state: snapshot.state, tmp: snapshot.tmp }.restore(&self.state, self.shared.vfs()).map_err(|refusal| {
            format!(
                "session '{name}' in {} was not restored: {refusal}; 'session drop NAME' (or --fresh) starts it anew",
                store.target()
            )
        })?;
        let mut state = restored.state;
        // A directory this workspace lacks (saved over another root) leaves the cwd as it is.
        if !self.shared.vfs().stat(&state.cwd).is_ok_and(|meta| meta.is_dir()) {
            state.cwd = self.state.cwd.clone();
            let _ = state.vars.set("PWD", state.cwd.clone());
        }
        self.state = state;
        let vfs = self.shared.vfs().clone();
        self.job_table().restore(restored.jobs, &vfs);
        Ok(true)
    }
}

impl super::jobs::JobTable {
    /// The jobs as a snapshot keeps them.
    pub fn records(&self) -> Vec<SavedJob> {
        self.jobs()
            .iter()
            .map(|job| SavedJob {
                id: job.id,
                pid: job.pid,
                command: job.command.to_string(),
                status: job.run.status(),
                signal: job.run.signal(),
                log: job.log.as_ref().map(|log| log.path().to_string()),
            })
            .collect()
    }

    /// Puts saved jobs back: each ended (one that was running ended with its process, as a
    /// hangup ends it), its log where it was.
    pub fn restore(&mut self, saved: Vec<SavedJob>, vfs: &Arc<crate::vfs::Vfs>) {
        let jobs = saved
            .into_iter()
            .map(|job| {
                let (status, signal) = match job.status {
                    Some(status) => (status, job.signal),
                    None => (129, 1),
                };
                let log = job.log.map(|path| toolsh_core::io::joblog::JobLog::kept(vfs.clone(), path));
                Job {
                    id: job.id,
                    pid: job.pid,
                    command: job.command.into(),
                    log,
                    run: Running::ended(status, signal),
                    monitored: true,
                }
            })
            .collect();
        self.replace(jobs);
    }
}

/// `session [list | save NAME | restore NAME | fork NAME NEW | drop NAME]`.
pub(crate) async fn session(interp: &mut Interp, argv: &[String], io: &Io) -> Status {
    let words: Vec<&str> = argv[1..].iter().map(String::as_str).collect();
    let store = match interp.store_for_sessions() {
        Ok(store) => store,
        Err(why) => return complain(io, &why, 1).await,
    };
    let result: Result<String, (String, Status)> = match words.as_slice() {
        [] | ["list"] => match store.sessions() {
            Ok(entries) => Ok(entries
                .iter()
                .filter(|e| !e.name.starts_with(SERVER_PREFIX))
                .map(|e| {
                    let age = (toolsh_store::now_ms() - e.saved_at).max(0) / 1000;
                    format!("{}\t{} bytes\tsaved {}s ago\n", e.name, e.bytes, age)
                })
                .collect()),
            Err(err) => Err((err.to_string(), 1)),
        },
        ["save" | "restore" | "drop", name] | ["fork", name, _] | ["fork", _, name]
            if let Err(refused) = check_own_name(name) =>
        {
            Err(refused)
        }
        ["save", name] => interp.save_session(name).map(|_| String::new()).map_err(|why| (why, 1)),
        ["restore", name] => match interp.restore_session(name) {
            Ok(true) => Ok(String::new()),
            Ok(false) => Err((format!("no session '{name}' (session list shows them)"), 1)),
            Err(why) => Err((why, 1)),
        },
        ["fork", from, to] => match check_name(to) {
            Err(why) => Err((why, 2)),
            Ok(()) => match store.copy_session(from, to) {
                Ok(true) => Ok(String::new()),
                Ok(false) => Err((format!("no session '{from}' (session list shows them)"), 1)),
                Err(err) => Err((err.to_string(), 1)),
            },
        },
        ["drop", name] => match store.drop_session(name) {
            Ok(true) => Ok(String::new()),
            Ok(false) => Err((format!("no session '{name}' (session list shows them)"), 1)),
            Err(err) => Err((err.to_string(), 1)),
        },
        _ => Err(("usage: session [list | save NAME | restore NAME | fork NAME NEW | drop NAME]".to_string(), 2)),
    };
    match result {
        Ok(text) => {
            let _ = io.stdout().write_text(&text).await;
            0
        }
        Err((why, status)) => complain(io, &why, status).await,
    }
}

async fn complain(io: &Io, why: &str, status: Status) -> Status {
    let _ = io.stderr().write_text(&format!("toolsh: session: {why}\n")).await;
    status
}
