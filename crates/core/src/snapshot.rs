//! A session as it is kept between processes: its state ([`State`]: variables with their
//! attributes, functions as their text, options, traps, cwd, directory stack, positional
//! parameters, limits), the records of its jobs, and its in-memory `/tmp`, so `toolsh
//! --session NAME` or a restarted server goes on where the last one stopped.
//!
//! A snapshot is two parts: the state as JSON (readable, versioned by [`VERSION`]) and `/tmp`
//! as an archive of entries (kind, path, mode, bytes) that holds file contents unencoded. A
//! snapshot from a newer toolsh, or one that does not read back, is refused with what is
//! wrong, never half-applied: [`Snapshot::restore`] checks everything before it changes a thing.
//! The archive is not trusted (the store can be tampered with): every entry lies under `/tmp`,
//! outside any other mount there, below `/tmp` itself or a directory entry before it (so no
//! write goes through a link), once; a job's log is one under `/tmp/.jobs`. A `/tmp` that could
//! not be written back whole is put back as it was.

use crate::ast::{Command, FunctionDef};
use crate::session::{NAMED_LIMITS, OnDeadline, State, Status};
use crate::vars::{Attrs, Value, Var};
use crate::vfs::{FileKind, Vfs, WriteMode};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::sync::Arc;

/// The snapshot format this toolsh writes (and the newest it reads).
pub const VERSION: u32 = 1;

/// Where the in-memory `/tmp` is.
const TMP: &str = "/tmp";

/// A job as its session's snapshot keeps it: a running one cannot be carried over (its work
/// lived in the process that ended), so it comes back ended by a hangup, its log kept.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[allow(missing_docs)]
pub struct SavedJob {
    pub id: usize,
    pub pid: u32,
    pub command: String,
    /// Its status; `None` while it ran.
    pub status: Option<Status>,
    /// The signal that ended it, when one did.
    pub signal: u32,
    pub log: Option<String>,
}

/// A variable's value as saved.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", content = "value", rename_all = "lowercase")]
enum SavedValue {
    Unset,
    Str(String),
    Indexed(Vec<(i64, String)>),
    Assoc(Vec<(String, String)>),
}

/// The state part.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
struct Saved {
    version: u32,
    cwd: String,
    arg0: String,
    positional: Vec<String>,
    vars: Vec<(String, u8, SavedValue)>,
    functions: Vec<String>,
    /// Functions' attributes by name, as `declare -F` shows them (`x`, `r`, `rx`; absent from
    /// older snapshots: none).
    #[serde(default)]
    function_attrs: BTreeMap<String, String>,
    options: BTreeMap<String, bool>,
    traps: BTreeMap<String, String>,
    dir_stack: Vec<String>,
    #[serde(default)]
    aliases: BTreeMap<String, String>,
    /// `umask`'s mask (absent from older snapshots: the default).
    #[serde(default)]
    umask: Option<u32>,
    last_status: Status,
    last_background: Option<u32>,
    last_arg: String,
    limits: BTreeMap<String, u64>,
    on_deadline: String,
    jobs: Vec<SavedJob>,
}

/// One session, ready to store or restore.
#[derive(Debug, Clone, PartialEq)]
pub struct Snapshot {
    /// The state and job records, as JSON text.
    pub state: String,
    /// `/tmp`, as an archive ([`Snapshot::capture`] writes it, [`Snapshot::restore`] reads it).
    pub tmp: Vec<u8>,
}

/// What a snapshot gives back: the state, the job records, and `/tmp` once written.
#[allow(missing_docs)]
pub struct Restored {
    pub state: State,
    pub jobs: Vec<SavedJob>,
}

/// Why a snapshot was not restored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    /// Written by a newer toolsh.
    Newer(u32),
    /// It does not read back (the part and what is wrong).
    Corrupt(String),
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Refusal::Newer(version) => {
                write!(f, "it is snapshot version {version}, newer than this toolsh reads ({VERSION})")
            }
            Refusal::Corrupt(why) => write!(f, "it is damaged ({why})"),
        }
    }
}

/// Entry kinds of the `/tmp` archive.
const DIR: u8 = b'd';
const FILE: u8 = b'f';
const LINK: u8 = b'l';

impl Snapshot {
    /// The session `state` with `jobs`, and the workspace's `/tmp` when it is in memory (a
    /// `/tmp` on the host is the host's, not the session's).
    pub fn capture(state: &State, jobs: Vec<SavedJob>, vfs: &Vfs) -> std::io::Result<Snapshot> {
        let vars = state
            .vars
            .names()
            .into_iter()
            .filter_map(|name| {
                let var = state.vars.get_raw(&name)?;
                let value = match &var.value {
                    Value::Unset => SavedValue::Unset,
                    Value::Str(text) => SavedValue::Str(text.clone()),
                    Value::Indexed(items) => SavedValue::Indexed(items.iter().map(|(k, v)| (*k, v.clone())).collect()),
                    Value::Assoc(items) => {
                        SavedValue::Assoc(items.iter().map(|(k, v)| (k.clone(), v.clone())).collect())
                    }
                };
                Some((name, var.attrs.bits(), value))
            })
            .collect();
        let mut functions: Vec<(&String, &Arc<FunctionDef>)> = state.functions.iter().collect();
        functions.sort_by(|a, b| a.0.cmp(b.0));
        let opts = state.options;
        let saved = Saved {
            version: VERSION,
            cwd: state.cwd.clone(),
            arg0: state.arg0.clone(),
            positional: state.positional.to_vec(),
            vars,
            functions: functions.into_iter().map(|(_, def)| saved_function(def)).collect(),
            function_attrs: state
                .function_attrs
                .iter()
                .map(|(name, attrs)| (name.clone(), attrs.letters().to_string()))
                .collect(),
            // Every option by its bash name (`shopt`'s and `set -o`'s never share one).
            options: opts.all().into_iter().map(|(_, name, on)| (name.to_string(), on)).collect(),
            traps: state.traps.iter().map(|(k, v)| (k.clone(), v.clone())).collect(),
            dir_stack: state.dir_stack.clone(),
            aliases: state.aliases.as_ref().clone(),
            umask: Some(state.umask),
            last_status: state.last_status,
            last_background: state.last_background,
            last_arg: state.last_arg.clone(),
            // The limits the session lowered, not the ceiling of the process it ran in: a
            // later process's own ceiling holds for the rest.
            limits: NAMED_LIMITS
                .iter()
                .filter(|l| (l.get)(state.limits()) != (l.get)(state.ceiling()))
                .map(|l| (l.name.to_string(), (l.get)(state.limits())))
                .collect(),
            on_deadline: state.on_deadline.name().to_string(),
            jobs,
        };
        let state = serde_json::to_string(&saved).map_err(std::io::Error::other)?;
        let tmp = if vfs.has_private_tmp() && vfs.exists(TMP) { archive(vfs)? } else { Vec::new() };
        Ok(Snapshot { state, tmp })
    }

    /// Its size in bytes.
    pub fn len(&self) -> usize {
        self.state.len() + self.tmp.len()
    }

    /// Whether it is empty (it never is: the state is always there).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The session it holds, over `base` (a new session's state: what the snapshot does not
    /// hold, such as the shell's own variables' defaults, stays), its limits never above
    /// `base`'s ceiling; `/tmp` is replaced by the saved one. Nothing changes when it is refused.
    pub fn restore(&self, base: &State, vfs: &Vfs) -> Result<Restored, Refusal> {
        let header: serde_json::Value =
            serde_json::from_str(&self.state).map_err(|e| Refusal::Corrupt(format!("state: {e}")))?;
        let version = header.get("version").and_then(serde_json::Value::as_u64).unwrap_or(0);
        if version > u64::from(VERSION) {
            return Err(Refusal::Newer(u32::try_from(version).unwrap_or(u32::MAX)));
        }
        let saved: Saved = serde_json::from_value(header).map_err(|e| Refusal::Corrupt(format!("state: {e}")))?;
        let mut state = base.clone();
        state.cwd = saved.cwd;
        state.arg0 = saved.arg0;
        state.positional = Arc::new(saved.positional);
        for name in state.vars.names() {
            state.vars.remove(&name);
        }
        for (name, attrs, value) in saved.vars {
            let value = match value {
                SavedValue::Unset => Value::Unset,
                SavedValue::Str(text) => Value::Str(text),
                SavedValue::Indexed(items) => Value::Indexed(items.into_iter().collect()),
                SavedValue::Assoc(items) => Value::Assoc(crate::assoc::Assoc::from_listed(items)),
            };
            state.vars.insert(&name, Var { value, attrs: Attrs::from_bits(attrs) });
        }
        let mut functions = rustc_hash::FxHashMap::default();
        for text in &saved.functions {
            let script = crate::parser::parse(text).map_err(|e| Refusal::Corrupt(format!("function: {e}")))?;
            let def = script.body.into_iter().find_map(|item| match item.and_or.first.commands.into_iter().next() {
                Some(Command::Function(def)) => Some(def),
                _ => None,
            });
            let def = def.ok_or_else(|| Refusal::Corrupt(format!("function: not a definition: {text}")))?;
            functions.insert(def.name.clone(), Arc::new(def));
        }
        state.functions = Arc::new(functions);
        state.function_attrs = Arc::new(
            saved
                .function_attrs
                .iter()
                .map(|(name, letters)| {
                    let attrs = crate::session::FunctionAttrs {
                        exported: letters.contains('x'),
                        readonly: letters.contains('r'),
                        traced: letters.contains('t'),
                    };
                    (name.clone(), attrs)
                })
                .collect(),
        );
        for (kind, name, _) in state.options.all() {
            if let Some(saved) = saved.options.get(name) {
                state.options.set(kind, name, *saved);
            }
        }
        state.traps = Arc::new(saved.traps.into_iter().collect());
        state.dir_stack = saved.dir_stack;
        state.aliases = std::sync::Arc::new(saved.aliases);
        if let Some(umask) = saved.umask {
            state.umask = umask;
        }
        state.last_status = saved.last_status;
        state.last_background = saved.last_background;
        state.last_arg = saved.last_arg;
        state.clamp_limits(|limits| {
            for limit in NAMED_LIMITS {
                if let Some(value) = saved.limits.get(limit.name) {
                    (limit.set)(limits, *value);
                }
            }
        });
        state.on_deadline = OnDeadline::named(&saved.on_deadline).unwrap_or_default();
        let entries = unarchive(&self.tmp).map_err(Refusal::Corrupt)?;
        if let Some(entry) = entries.iter().find(|entry| other_mount(vfs, &entry.path)) {
            return Err(Refusal::Corrupt(format!("/tmp: entry '{}' lies in another mount", entry.path)));
        }
        let mut jobs = saved.jobs;
        for job in &mut jobs {
            // A log is where this toolsh writes logs, or none: a path elsewhere would be read
            // back without the rules that guard it.
            if job.log.as_deref().is_some_and(|log| !is_job_log(log)) {
                job.log = None;
            }
        }
        // Only a `/tmp` that is the session's own is written back, as only such a one is saved: a
        // `/tmp` that is a host directory (the workspace root, a mount) is the host's, and
        // emptying it to restore would delete what is not the session's.
        if vfs.has_private_tmp() && (!entries.is_empty() || vfs.exists(TMP)) {
            let before = if vfs.exists(TMP) { Some(archive(vfs)) } else { None };
            if let Err(err) = replace_tmp(vfs, &entries) {
                if let Some(Ok(before)) = before
                    && let Ok(before) = unarchive(&before)
                {
                    let _ = replace_tmp(vfs, &before);
                }
                return Err(Refusal::Corrupt(format!("/tmp could not be written back: {err}")));
            }
        }
        Ok(Restored { state, jobs })
    }
}

/// `/tmp` as entries: kind, path length, path, mode, data length, data (lengths as
/// little-endian u32/u64), parents before children.
fn archive(vfs: &Vfs) -> std::io::Result<Vec<u8>> {
    // Parents before children, by an explicit stack. Another mount inside `/tmp` (the host
    // directory `toolsh` started in, say) is not the session's: neither saved nor, on restore,
    // replaced.
    let mut paths = Vec::new();
    let mut pending = vec![TMP.to_string()];
    while let Some(dir) = pending.pop() {
        let mut entries = vfs.read_dir(&dir)?;
        entries.sort_by(|a, b| b.name.cmp(&a.name));
        for entry in entries {
            let path = crate::vfs::path::join(&dir, &entry.name);
            if other_mount(vfs, &path) {
                continue;
            }
            if entry.kind == FileKind::Dir {
                pending.push(path.clone());
            }
            paths.push((path, entry.kind));
        }
    }
    paths.sort_by(|a, b| a.0.cmp(&b.0));
    let mut out = Vec::new();
    for (path, kind) in paths {
        if path == TMP {
            continue;
        }
        let (tag, data) = match kind {
            FileKind::Dir => (DIR, Vec::new()),
            // A link's target is kept as its bytes, and `decode`d back on restore.
            FileKind::Symlink => (LINK, toolsh_bytes::encode_string(vfs.read_link(&path)?)),
            _ => (FILE, vfs.read(&path)?),
        };
        let mode = vfs.lstat(&path).map(|m| m.mode).unwrap_or(0o644);
        out.push(tag);
        out.extend_from_slice(&(path.len() as u32).to_le_bytes());
        out.extend_from_slice(path.as_bytes());
        out.extend_from_slice(&mode.to_le_bytes());
        out.extend_from_slice(&(data.len() as u64).to_le_bytes());
        out.extend_from_slice(&data);
    }
    Ok(out)
}

/// Whether `path` is, or holds, a mount other than `/tmp`'s own.
fn other_mount(vfs: &Vfs, path: &str) -> bool {
    vfs.mounts().iter().any(|m| m.at != TMP && (m.at == path || m.at.starts_with(&format!("{path}/"))))
}

/// Whether `path` names a job log as this toolsh writes them: a file right under
/// [`crate::io::joblog::DIR`].
fn is_job_log(path: &str) -> bool {
    path.strip_prefix(crate::io::joblog::DIR)
        .and_then(|rest| rest.strip_prefix('/'))
        .is_some_and(|name| !name.is_empty() && !name.contains('/') && name != "..")
}

/// One entry of the archive.
struct Entry {
    kind: u8,
    path: String,
    mode: u32,
    data: Vec<u8>,
}

/// Reads an archive whole, or says where it is damaged. Each entry's parent is `/tmp` or a
/// directory entry before it, and no path comes twice: written back in order into an emptied
/// `/tmp`, no entry goes through a link.
fn unarchive(bytes: &[u8]) -> Result<Vec<Entry>, String> {
    let mut entries = Vec::new();
    let mut dirs = std::collections::HashSet::new();
    let mut seen = std::collections::HashSet::new();
    let mut at = 0usize;
    let take = |at: &mut usize, n: usize| -> Result<&[u8], String> {
        let end = at.checked_add(n).filter(|end| *end <= bytes.len()).ok_or(format!("/tmp: cut short at byte {at}"))?;
        let piece = &bytes[*at..end];
        *at = end;
        Ok(piece)
    };
    while at < bytes.len() {
        let kind = take(&mut at, 1)?[0];
        let len = u32::from_le_bytes(take(&mut at, 4)?.try_into().map_err(|_| "length")?) as usize;
        let path = String::from_utf8(take(&mut at, len)?.to_vec())
            .map_err(|_| format!("/tmp: a path at byte {at} is not text"))?;
        let mode = u32::from_le_bytes(take(&mut at, 4)?.try_into().map_err(|_| "mode")?);
        let size = u64::from_le_bytes(take(&mut at, 8)?.try_into().map_err(|_| "size")?);
        let data = take(&mut at, usize::try_from(size).map_err(|_| "size")?)?.to_vec();
        let parent = path.rsplit_once('/').map_or("", |(parent, _)| parent);
        let well_placed = path.starts_with("/tmp/")
            && !path.split('/').skip(1).any(|p| matches!(p, "" | "." | ".."))
            && (parent == TMP || dirs.contains(parent));
        if !matches!(kind, DIR | FILE | LINK) || !well_placed || !seen.insert(path.clone()) {
            return Err(format!("/tmp: entry '{path}' at byte {at} is not one this toolsh writes"));
        }
        if kind == DIR {
            dirs.insert(path.clone());
        }
        entries.push(Entry { kind, path, mode, data });
    }
    Ok(entries)
}

/// Removes what `dir` holds except other mounts and the directories above them, at any depth
/// (the host's files behind a mount in `/tmp` are not the session's to remove).
fn clear(vfs: &Vfs, dir: &str) -> std::io::Result<()> {
    for entry in vfs.read_dir(dir)? {
        let path = crate::vfs::path::join(dir, &entry.name);
        if vfs.mounts().iter().any(|m| m.at == path) {
            continue;
        }
        if other_mount(vfs, &path) {
            clear(vfs, &path)?;
        } else {
            vfs.remove_tree(&path)?;
        }
    }
    Ok(())
}

/// Empties `/tmp` and writes `entries` into it.
fn replace_tmp(vfs: &Vfs, entries: &[Entry]) -> std::io::Result<()> {
    if vfs.exists(TMP) {
        clear(vfs, TMP)?;
    } else {
        vfs.mkdir(TMP)?;
    }
    for entry in entries {
        match entry.kind {
            DIR => vfs.mkdir(&entry.path)?,
            LINK => vfs.symlink(&toolsh_bytes::decode(&entry.data), &entry.path)?,
            _ => vfs.write(&entry.path, &entry.data, WriteMode::Truncate)?,
        }
        if entry.kind != LINK {
            let _ = vfs.set_mode(&entry.path, entry.mode);
        }
    }
    Ok(())
}

/// A function's text as saved: as `declare -f` prints it, so that it comes back printing its
/// words as written, when that text reads back as the same tree; else the canonical text.
fn saved_function(def: &FunctionDef) -> String {
    let text = crate::print_bash::function_definition(def, crate::print_bash::Style::default());
    let same = crate::parser::parse(&text).is_ok_and(|script| {
        matches!(script.body.first().and_then(|item| item.and_or.first.commands.first()),
            Some(Command::Function(back)) if back == def)
    });
    if same { text } else { Command::Function(def.clone()).to_string() }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> (State, Vfs) {
        let vfs = Vfs::in_memory();
        let _ = vfs.mkdir("/tmp");
        let _ = vfs.mkdir("/tmp/d");
        let _ = vfs.write("/tmp/d/f", b"\x00bytes\xff", WriteMode::Truncate);
        let _ = vfs.symlink("/tmp/d/f", "/tmp/link");
        let mut state = State::new("/tmp", crate::session::Limits::default());
        let _ = state.vars.set("plain", "value with spaces");
        let _ = state.vars.set_value("arr", Value::Indexed([(0, "a".to_string()), (5, "b".to_string())].into()));
        state.vars.insert("ro", Var { value: Value::Str("x".into()), attrs: Attrs::READONLY });
        state.options.pipefail = true;
        state.umask = 0o027;
        state.dir_stack = vec!["/".into()];
        let script = crate::parser::parse("greet() { echo \"hi $1\"; }").expect("parse");
        if let Some(Command::Function(def)) = script.body[0].and_or.first.commands.first() {
            Arc::make_mut(&mut state.functions).insert(def.name.clone(), Arc::new(def.clone()));
            Arc::make_mut(&mut state.function_attrs)
                .insert(def.name.clone(), crate::session::FunctionAttrs { exported: true, ..Default::default() });
        }
        (state, vfs)
    }

    #[test]
    fn a_function_comes_back_printing_its_words_as_written() {
        let (state, vfs) = sample();
        let text = saved_function(&state.functions["greet"]);
        assert_eq!(text, "greet () \n{ \n    echo \"hi $1\"\n}");
        drop(vfs);
    }

    #[test]
    fn a_session_comes_back_as_it_was_saved() {
        let (state, vfs) = sample();
        let snapshot = Snapshot::capture(&state, Vec::new(), &vfs).expect("capture");
        let fresh = Vfs::in_memory();
        let back = snapshot.restore(&State::new("/", crate::session::Limits::default()), &fresh).expect("restore");
        assert_eq!(back.state.vars.get_str("plain"), Some("value with spaces"));
        assert_eq!(back.state.vars.get("arr").map(|v| v.values()), Some(vec!["a".to_string(), "b".to_string()]));
        assert!(back.state.vars.get("ro").is_some_and(|v| v.attrs.has(Attrs::READONLY)));
        assert!(back.state.options.pipefail && back.state.functions.contains_key("greet"));
        assert!(back.state.function_attrs.get("greet").is_some_and(|attrs| attrs.exported));
        assert_eq!((back.state.cwd.as_str(), back.state.dir_stack.len()), ("/tmp", 1));
        assert_eq!(back.state.umask, 0o027);
        assert_eq!(fresh.read("/tmp/d/f").ok(), Some(b"\x00bytes\xff".to_vec()));
        assert_eq!(fresh.read_link("/tmp/link").ok().as_deref(), Some("/tmp/d/f"));
    }

    #[test]
    fn a_tampered_archive_is_refused_and_changes_nothing() {
        let entry = |kind: u8, path: &str, data: &[u8]| {
            let mut out = vec![kind];
            out.extend_from_slice(&(path.len() as u32).to_le_bytes());
            out.extend_from_slice(path.as_bytes());
            out.extend_from_slice(&0o644u32.to_le_bytes());
            out.extend_from_slice(&(data.len() as u64).to_le_bytes());
            out.extend_from_slice(data);
            out
        };
        let (state, vfs) = sample();
        let snapshot = Snapshot::capture(&state, Vec::new(), &vfs).expect("capture");
        let base = State::new("/", crate::session::Limits::default());
        for tmp in [
            // Through a link the archive itself makes, out of /tmp.
            [entry(LINK, "/tmp/out", b"/"), entry(FILE, "/tmp/out/toolsh.toml", b"trusted")].concat(),
            // Below a directory the archive never made, or twice the same path.
            entry(FILE, "/tmp/none/f", b"x"),
            [entry(FILE, "/tmp/f", b"x"), entry(FILE, "/tmp/f", b"y")].concat(),
            entry(FILE, "/tmp/./f", b"x"),
            entry(FILE, "/toolsh.toml", b"x"),
        ] {
            let target = Vfs::in_memory();
            let _ = target.mkdir("/tmp");
            let _ = target.write("/tmp/keep", b"k", WriteMode::Truncate);
            let tampered = Snapshot { tmp, ..snapshot.clone() };
            assert!(matches!(tampered.restore(&base, &target), Err(Refusal::Corrupt(_))));
            assert!(target.exists("/tmp/keep"), "a refused snapshot changes nothing");
            assert!(!target.exists("/toolsh.toml"));
        }
        // A job's log is one this toolsh writes, or none.
        let job = |log: &str| SavedJob {
            id: 1,
            pid: 1,
            command: "true".into(),
            status: Some(0),
            signal: 0,
            log: Some(log.to_string()),
        };
        let jobs = vec![job("/tmp/.jobs/1.log"), job("/secret/v.txt"), job("/tmp/.jobs/../../secret")];
        let with_jobs = Snapshot::capture(&state, jobs, &vfs).expect("capture");
        let back = with_jobs.restore(&base, &Vfs::in_memory()).expect("restore");
        let logs: Vec<Option<&str>> = back.jobs.iter().map(|job| job.log.as_deref()).collect();
        assert_eq!(logs, [Some("/tmp/.jobs/1.log"), None, None]);
    }

    #[test]
    fn a_newer_or_damaged_snapshot_is_refused_and_changes_nothing() {
        let (state, vfs) = sample();
        let snapshot = Snapshot::capture(&state, Vec::new(), &vfs).expect("capture");
        let target = Vfs::in_memory();
        let _ = target.mkdir("/tmp");
        let _ = target.write("/tmp/keep", b"k", WriteMode::Truncate);
        let base = State::new("/", crate::session::Limits::default());
        let newer =
            Snapshot { state: snapshot.state.replacen("\"version\":1", "\"version\":9", 1), ..snapshot.clone() };
        assert_eq!(newer.restore(&base, &target).err(), Some(Refusal::Newer(9)));
        let cut = Snapshot { tmp: snapshot.tmp[..snapshot.tmp.len() - 3].to_vec(), ..snapshot.clone() };
        assert!(matches!(cut.restore(&base, &target), Err(Refusal::Corrupt(_))));
        let garbled = Snapshot { state: "{not json".into(), ..snapshot };
        assert!(matches!(garbled.restore(&base, &target), Err(Refusal::Corrupt(_))));
        assert!(target.exists("/tmp/keep"), "a refused snapshot changes nothing");
    }
}
