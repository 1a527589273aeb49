//! `ObjectFs`: a bucket (or a prefix of one) on S3-compatible object storage as a mount, over
//! OpenDAL.
//!
//! Object storage has objects, not files: this backend gives them the file system's shape.
//! A directory is a prefix — it exists while an object lies below it, or a marker object
//! `dir/` (what `mkdir` makes; removing a directory's last file leaves one, so the directory
//! stays as on a disk). A read is one streamed GET held at most `READ_AHEAD` bytes ahead of
//! the reader, so `cat`, `grep` and `head` hold that much however large the object; small
//! objects are kept whole in a [`ReadCache`] bounded by size and checked against the
//! object's ETag on every open. A writer uploads in parts as the data comes and commits the
//! object when it is closed: until then, and for ever if the process dies or a part fails,
//! readers see the previous object or none. `rename` is a copy then a delete (a directory's,
//! object by object): not atomic, which `docs/tools.md` says. There are no symbolic links;
//! modes and times are the store's (files `0644`, directories `0755`; `chmod` and `touch -d`
//! change nothing).
//!
//! The [`Backend`] interface is synchronous and is called from the shell's own async runtime,
//! where blocking on another future would panic; so every request runs on a small runtime of
//! this module's and the caller waits on a channel ([`block`]).

use std::collections::HashMap;
use std::future::Future;
use std::io;
use std::sync::mpsc;
use std::sync::{Arc, LazyLock, Mutex};
use std::time::{Duration, SystemTime};

use bytes::Bytes;
use opendal::{ErrorKind, Operator};

use crate::{Backend, DirEntry, FileKind, FileWriter, Meta, Reader, WriteMode};

/// The size of one uploaded part (S3's minimum part is 5 MiB), and of the largest object the
/// read cache keeps.
pub const PIECE: usize = 8 << 20;

/// The read cache's default bound.
pub const DEFAULT_CACHE: u64 = 64 << 20;

/// How long one attempt of a request may take, and how long its transfer may stall; a failed
/// attempt is repeated `RETRIES` times where repeating is harmless (OpenDAL's retry layer
/// knows which errors are temporary), so one operation holds the shell for about a minute and
/// a half at most.
const REQUEST_TIMEOUT: Duration = Duration::from_secs(30);
const IO_TIMEOUT: Duration = Duration::from_secs(10);
const RETRIES: usize = 2;

/// Where a bucket is and how to reach it. The secret never leaves this struct: [`ObjectConfig::shown`]
/// names the endpoint and the bucket only.
#[derive(Clone, Default)]
pub struct ObjectConfig {
    /// The bucket.
    pub bucket: String,
    /// The prefix inside it that is the mount's root (`""` for the whole bucket).
    pub prefix: String,
    /// `AWS_ENDPOINT_URL`: an S3-compatible server (default: AWS for the region).
    pub endpoint: Option<String>,
    /// `AWS_REGION` (default `us-east-1`).
    pub region: Option<String>,
    /// `AWS_ACCESS_KEY_ID`.
    pub access_key_id: Option<String>,
    /// `AWS_SECRET_ACCESS_KEY`.
    pub secret_access_key: Option<String>,
    /// `AWS_SESSION_TOKEN`.
    pub session_token: Option<String>,
    /// Bytes the read cache may hold (0: no cache).
    pub cache_bytes: u64,
}

impl std::fmt::Debug for ObjectConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.shown())
    }
}

impl ObjectConfig {
    /// Reads `s3://bucket/prefix`; `None` when `source` is not such an address.
    pub fn parse(source: &str) -> Option<Result<ObjectConfig, String>> {
        let rest = source.strip_prefix("s3://")?;
        let (bucket, prefix) = rest.split_once('/').unwrap_or((rest, ""));
        if bucket.is_empty() {
            return Some(Err(format!("{source}: the address names no bucket (s3://BUCKET/PREFIX)")));
        }
        let parts: Vec<&str> = prefix.split('/').filter(|c| !c.is_empty()).collect();
        if parts.iter().any(|c| *c == "." || *c == "..") {
            return Some(Err(format!("{source}: a prefix cannot hold '.' or '..'")));
        }
        let prefix = parts.join("/");
        Some(Ok(ObjectConfig {
            bucket: bucket.to_string(),
            prefix,
            cache_bytes: DEFAULT_CACHE,
            ..ObjectConfig::default()
        }))
    }

    /// `s3://bucket/prefix at ENDPOINT`: what messages and `df` show (never a credential).
    pub fn shown(&self) -> String {
        let address = if self.prefix.is_empty() {
            format!("s3://{}", self.bucket)
        } else {
            format!("s3://{}/{}", self.bucket, self.prefix)
        };
        match &self.endpoint {
            Some(endpoint) => format!("{address} at {}", strip_userinfo(endpoint)),
            None => address,
        }
    }
}

/// An endpoint URL without any `user:password@` part.
fn strip_userinfo(url: &str) -> String {
    match url.split_once("://") {
        Some((scheme, rest)) => {
            let (authority, path) = rest.split_once('/').map_or((rest, ""), |(a, p)| (a, p));
            let host = authority.rsplit_once('@').map_or(authority, |(_, host)| host);
            if path.is_empty() { format!("{scheme}://{host}") } else { format!("{scheme}://{host}/{path}") }
        }
        None => url.to_string(),
    }
}

/// The runtime every request runs on: two workers, so a read's prefetch and a writer's part
/// upload proceed while the shell works.
static RUNTIME: LazyLock<Option<tokio::runtime::Runtime>> = LazyLock::new(|| {
    tokio::runtime::Builder::new_multi_thread().worker_threads(2).thread_name("toolsh-s3").enable_all().build().ok()
});

/// Starts `fut` on this module's runtime; the receiver gets its result.
fn spawn<T: Send + 'static>(
    fut: impl Future<Output = io::Result<T>> + Send + 'static,
) -> mpsc::Receiver<io::Result<T>> {
    let (send, recv) = mpsc::sync_channel(1);
    match RUNTIME.as_ref() {
        Some(runtime) => {
            runtime.spawn(async move {
                let _ = send.send(fut.await);
            });
        }
        None => {
            let _ = send.send(Err(io::Error::other("object storage: cannot start the I/O runtime")));
        }
    }
    recv
}

/// Waits for a result [`spawn`] promised.
fn wait<T>(recv: &mpsc::Receiver<io::Result<T>>) -> io::Result<T> {
    recv.recv().unwrap_or_else(|_| Err(io::Error::other("object storage: a request was dropped")))
}

/// Runs `fut` on this module's runtime and waits for it (callable from inside another runtime).
fn block<T: Send + 'static>(fut: impl Future<Output = io::Result<T>> + Send + 'static) -> io::Result<T> {
    wait(&spawn(fut))
}

/// An OpenDAL error as the file system would say it: the kinds the tools test for keep their
/// `io::ErrorKind`; the rest carry the store's own message.
fn io_error(err: opendal::Error) -> io::Error {
    io_error_of(&err)
}

fn io_error_of(err: &opendal::Error) -> io::Error {
    let kind = match err.kind() {
        ErrorKind::NotFound => io::ErrorKind::NotFound,
        ErrorKind::PermissionDenied => io::ErrorKind::PermissionDenied,
        ErrorKind::AlreadyExists | ErrorKind::ConditionNotMatch => io::ErrorKind::AlreadyExists,
        ErrorKind::IsADirectory => io::ErrorKind::IsADirectory,
        ErrorKind::NotADirectory => io::ErrorKind::NotADirectory,
        ErrorKind::Unsupported => io::ErrorKind::Unsupported,
        _ => return io::Error::other(format!("object storage: {}", err.message().lines().next().unwrap_or(""))),
    };
    io::Error::from(kind)
}

/// Objects kept whole for the next read, bounded by their total size; the least recently used
/// goes first. An entry is used only while the object's ETag is the one it was read with.
struct ReadCache {
    capacity: u64,
    state: Mutex<CacheState>,
}

#[derive(Default)]
struct CacheState {
    entries: HashMap<String, (String, Bytes, u64)>,
    bytes: u64,
    tick: u64,
}

impl ReadCache {
    /// The largest object kept (a sixteenth of the bound), so one object never evicts the rest.
    fn largest(&self) -> u64 {
        (self.capacity / 16).min(PIECE as u64)
    }

    fn get(&self, path: &str, etag: &str) -> Option<Bytes> {
        let mut state = self.state.lock().unwrap_or_else(|p| p.into_inner());
        state.tick += 1;
        let tick = state.tick;
        match state.entries.get_mut(path) {
            Some((tag, bytes, used)) if tag == etag => {
                *used = tick;
                Some(bytes.clone())
            }
            _ => None,
        }
    }

    fn put(&self, path: &str, etag: &str, bytes: Bytes) {
        let size = bytes.len() as u64;
        if size > self.largest() {
            return;
        }
        let mut state = self.state.lock().unwrap_or_else(|p| p.into_inner());
        state.tick += 1;
        let tick = state.tick;
        if let Some((_, old, _)) = state.entries.insert(path.to_string(), (etag.to_string(), bytes, tick)) {
            state.bytes -= old.len() as u64;
        }
        state.bytes += size;
        while state.bytes > self.capacity {
            let Some(oldest) = state.entries.iter().min_by_key(|(_, (_, _, used))| *used).map(|(k, _)| k.clone())
            else {
                break;
            };
            if let Some((_, gone, _)) = state.entries.remove(&oldest) {
                state.bytes -= gone.len() as u64;
            }
        }
    }

    fn forget(&self, path: &str) {
        let mut state = self.state.lock().unwrap_or_else(|p| p.into_inner());
        if let Some((_, gone, _)) = state.entries.remove(path) {
            state.bytes -= gone.len() as u64;
        }
    }
}

/// A bucket prefix as a file system.
pub struct ObjectFs {
    op: Operator,
    shown: String,
    cache: ReadCache,
}

impl ObjectFs {
    /// Connects and checks that the bucket answers (a missing bucket, a refused connection or
    /// refused credentials fail here, naming the endpoint and the bucket).
    pub fn open(config: &ObjectConfig) -> Result<ObjectFs, String> {
        // The TLS of real endpoints: rustls with ring, as the rest of toolsh uses.
        let _ = rustls::crypto::ring::default_provider().install_default();
        static TRANSPORT: std::sync::Once = std::sync::Once::new();
        TRANSPORT.call_once(|| {
            opendal::HttpTransporter::install_default(opendal_http_transport_reqwest::ReqwestTransport::new(
                reqwest::Client::new(),
            ));
        });
        let shown = config.shown();
        let mut builder = opendal::services::S3::default()
            .bucket(&config.bucket)
            .root(&format!("/{}", config.prefix))
            .region(config.region.as_deref().unwrap_or("us-east-1"))
            .disable_config_load()
            .disable_ec2_metadata();
        if let Some(endpoint) = &config.endpoint {
            builder = builder.endpoint(endpoint);
        }
        if let Some(key) = &config.access_key_id {
            builder = builder.access_key_id(key);
        }
        if let Some(secret) = &config.secret_access_key {
            builder = builder.secret_access_key(secret);
        }
        if let Some(token) = &config.session_token {
            builder = builder.session_token(token);
        }
        if config.access_key_id.is_none() && config.secret_access_key.is_none() {
            builder = builder.skip_signature();
        }
        let op = Operator::new(builder)
            .map_err(|err| format!("{shown}: {}", err.message()))?
            .layer(opendal::layers::TimeoutLayer::new().with_timeout(REQUEST_TIMEOUT).with_io_timeout(IO_TIMEOUT))
            .layer(opendal::layers::RetryLayer::new().with_jitter().with_max_times(RETRIES));
        let fs = ObjectFs {
            op,
            shown: shown.clone(),
            cache: ReadCache { capacity: config.cache_bytes, state: Mutex::default() },
        };
        let op = fs.op.clone();
        block(async move {
            let described = |err: opendal::Error| io::Error::other(describe_open_error(&err));
            let mut lister = op.lister_with("/").limit(1).await.map_err(described)?;
            futures::TryStreamExt::try_next(&mut lister).await.map_err(described)
        })
        .map_err(|err| format!("{shown}: {err}"))?;
        Ok(fs)
    }

    /// What the mount shows (`s3://bucket/prefix at ENDPOINT`).
    pub fn shown(&self) -> &str {
        &self.shown
    }

    /// The object's metadata, or `None` when no object has that key.
    fn head(&self, key: &str) -> io::Result<Option<opendal::Metadata>> {
        let op = self.op.clone();
        let key = key.to_string();
        block(async move {
            match op.stat(&key).await {
                Ok(meta) => Ok(Some(meta)),
                Err(err) if err.kind() == ErrorKind::NotFound => Ok(None),
                Err(err) => Err(io_error(err)),
            }
        })
    }

    /// Up to `limit` keys directly below the directory `rel` (its marker included).
    fn children(&self, rel: &str, limit: Option<usize>) -> io::Result<Vec<opendal::Entry>> {
        let op = self.op.clone();
        let dir = dir_key(rel);
        block(async move {
            let Some(n) = limit else { return op.list(&dir).await.map_err(io_error) };
            // A lister, not `list_with(..).limit(n)`: that collects every page, however small.
            let mut lister = op.lister_with(&dir).limit(n).await.map_err(io_error)?;
            let mut first = Vec::with_capacity(n);
            while first.len() < n {
                match futures::TryStreamExt::try_next(&mut lister).await.map_err(io_error)? {
                    Some(entry) => first.push(entry),
                    None => break,
                }
            }
            Ok(first)
        })
    }

    /// True when `rel` is a directory: the root, a marker, or a prefix with objects below.
    fn is_dir(&self, rel: &str) -> io::Result<bool> {
        Ok(rel.is_empty() || !self.children(rel, Some(1))?.is_empty())
    }

    /// Fails unless the directory that would hold `rel` exists (as `open(O_CREAT)` does).
    fn parent_exists(&self, rel: &str) -> io::Result<()> {
        match rel.rsplit_once('/') {
            Some((parent, _)) if !self.is_dir(parent)? => Err(match self.head(parent)? {
                Some(_) => io::Error::from(io::ErrorKind::NotADirectory),
                None => io::Error::from(io::ErrorKind::NotFound),
            }),
            _ => Ok(()),
        }
    }

    /// Checks that a file may be written at `rel`: its directory exists, it is no directory,
    /// and (`CreateNew`) no file is there.
    fn check_writable(&self, rel: &str, mode: WriteMode) -> io::Result<Option<opendal::Metadata>> {
        if rel.is_empty() {
            return Err(io::Error::from(io::ErrorKind::IsADirectory));
        }
        let existing = self.head(rel)?;
        if existing.is_none() {
            if self.is_dir(rel)? {
                return Err(io::Error::from(io::ErrorKind::IsADirectory));
            }
            self.parent_exists(rel)?;
        } else if mode == WriteMode::CreateNew {
            return Err(io::Error::from(io::ErrorKind::AlreadyExists));
        }
        Ok(existing)
    }

    /// A writer of `rel` (parts of [`PIECE`] bytes, two in flight); an append starts the new
    /// object with the `existing` one's bytes (S3 has no append), read in pieces.
    fn writer(&self, rel: &str, existing: Option<u64>, mode: WriteMode) -> io::Result<ObjectWriter> {
        self.cache.forget(rel);
        let op = self.op.clone();
        let key = rel.to_string();
        let create_new = mode == WriteMode::CreateNew;
        let writer = block(async move {
            let writer = op.writer_with(&key).chunk(PIECE).concurrent(2).if_not_exists(create_new).await;
            let mut writer = writer.map_err(io_error)?;
            let size = existing.unwrap_or(0);
            let mut at = 0;
            while at < size {
                let end = (at + PIECE as u64).min(size);
                let piece = op.read_with(&key).range(at..end).await.map_err(io_error)?;
                writer.write(piece).await.map_err(io_error)?;
                at = end;
            }
            Ok(writer)
        })?;
        Ok(ObjectWriter { writer: Some(writer), buf: Vec::new(), failed: false })
    }
}

/// Says why a bucket did not answer when opened.
fn describe_open_error(err: &opendal::Error) -> String {
    let message = err.message();
    // OpenDAL gives a missing bucket no kind of its own; S3's code says it.
    if message.contains("NoSuchBucket") {
        "the bucket does not exist".to_string()
    } else if err.kind() == ErrorKind::PermissionDenied {
        "access denied (check AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY)".to_string()
    } else {
        let first = message.lines().next().unwrap_or("");
        match std::error::Error::source(err) {
            Some(source) => format!("{first}: {}", innermost(source)),
            None => first.to_string(),
        }
    }
}

/// The deepest cause of an error (a refused connection says so there).
fn innermost(err: &(dyn std::error::Error + 'static)) -> String {
    let mut err = err;
    while let Some(next) = err.source() {
        err = next;
    }
    err.to_string()
}

/// The key of `rel` as a directory (`a/b/`; the root is `/`).
fn dir_key(rel: &str) -> String {
    if rel.is_empty() { "/".to_string() } else { format!("{rel}/") }
}

/// True when a listing of the directory `rel` holds anything besides its marker.
fn holds_objects(listing: &[opendal::Entry], rel: &str) -> bool {
    let marker = dir_key(rel);
    listing.iter().any(|e| e.path().trim_start_matches('/') != marker)
}

fn file_meta(meta: &opendal::Metadata) -> Meta {
    Meta {
        kind: FileKind::File,
        size: meta.content_length(),
        mode: 0o644,
        mtime: meta.last_modified().map(SystemTime::from).unwrap_or(SystemTime::UNIX_EPOCH),
    }
}

fn dir_meta() -> Meta {
    Meta { kind: FileKind::Dir, size: 0, mode: 0o755, mtime: SystemTime::UNIX_EPOCH }
}

impl Backend for ObjectFs {
    fn lstat(&self, rel: &str) -> io::Result<Meta> {
        if rel.is_empty() {
            return Ok(dir_meta());
        }
        match self.head(rel)? {
            Some(meta) => Ok(file_meta(&meta)),
            None if self.is_dir(rel)? => Ok(dir_meta()),
            None => Err(io::Error::from(io::ErrorKind::NotFound)),
        }
    }

    fn read_link(&self, rel: &str) -> io::Result<String> {
        self.lstat(rel)?;
        Err(io::Error::from(io::ErrorKind::InvalidInput))
    }

    fn read(&self, rel: &str) -> io::Result<Vec<u8>> {
        let mut reader = self.open_reader(rel)?;
        let mut out = Vec::new();
        io::Read::read_to_end(&mut reader, &mut out)?;
        Ok(out)
    }

    fn open_reader(&self, rel: &str) -> io::Result<Box<dyn Reader>> {
        let Some(meta) = self.head(rel)? else {
            return Err(io::Error::from(if self.is_dir(rel)? {
                io::ErrorKind::IsADirectory
            } else {
                io::ErrorKind::NotFound
            }));
        };
        let etag = meta.etag().unwrap_or("").to_string();
        let size = meta.content_length();
        if !etag.is_empty() && size <= self.cache.largest() {
            if let Some(bytes) = self.cache.get(rel, &etag) {
                return Ok(Box::new(io::Cursor::new(bytes)));
            }
            let op = self.op.clone();
            let key = rel.to_string();
            let tag = etag.clone();
            let bytes =
                block(async move { op.read_with(&key).if_match(&tag).await.map(|b| b.to_bytes()).map_err(io_error) })?;
            self.cache.put(rel, &etag, bytes.clone());
            return Ok(Box::new(io::Cursor::new(bytes)));
        }
        Ok(Box::new(ObjectReader {
            op: self.op.clone(),
            key: rel.to_string(),
            etag,
            size,
            pos: 0,
            piece: Bytes::new(),
            piece_at: 0,
            flow: None,
        }))
    }

    fn write(&self, rel: &str, data: &[u8], mode: WriteMode) -> io::Result<()> {
        use io::Write;
        let existing = self.check_writable(rel, mode)?;
        let appended = existing.filter(|_| mode == WriteMode::Append).map(|meta| meta.content_length());
        let mut writer = self.writer(rel, appended, mode)?;
        writer.write_all(data)?;
        writer.close()
    }

    fn read_dir(&self, rel: &str) -> io::Result<Vec<DirEntry>> {
        let entries = self.children(rel, None)?;
        let marker = dir_key(rel);
        let mut out = Vec::with_capacity(entries.len());
        for entry in &entries {
            let path = entry.path().trim_start_matches('/');
            if path == marker.trim_start_matches('/') || path.is_empty() {
                continue;
            }
            let kind = if path.ends_with('/') { FileKind::Dir } else { FileKind::File };
            let name = path.trim_end_matches('/').rsplit('/').next().unwrap_or("");
            if !name.is_empty() {
                out.push(DirEntry { name: name.to_string(), kind });
            }
        }
        if out.is_empty() && entries.is_empty() {
            // Nothing below: an empty listing only for a directory that exists.
            self.lstat(rel).and_then(|meta| {
                if meta.is_dir() { Ok(()) } else { Err(io::Error::from(io::ErrorKind::NotADirectory)) }
            })?;
        }
        Ok(out)
    }

    fn mkdir(&self, rel: &str) -> io::Result<()> {
        if rel.is_empty() || self.head(rel)?.is_some() || self.is_dir(rel)? {
            return Err(io::Error::from(io::ErrorKind::AlreadyExists));
        }
        self.parent_exists(rel)?;
        let op = self.op.clone();
        let key = dir_key(rel);
        block(async move { op.create_dir(&key).await.map_err(io_error) })
    }

    fn remove_file(&self, rel: &str) -> io::Result<()> {
        if self.head(rel)?.is_none() {
            return Err(io::Error::from(if self.is_dir(rel)? {
                io::ErrorKind::IsADirectory
            } else {
                io::ErrorKind::NotFound
            }));
        }
        self.cache.forget(rel);
        let op = self.op.clone();
        let key = rel.to_string();
        block(async move { op.delete(&key).await.map_err(io_error) })?;
        self.keep_parent(rel)
    }

    fn remove_dir(&self, rel: &str) -> io::Result<()> {
        if rel.is_empty() {
            return Err(io::Error::from(io::ErrorKind::PermissionDenied));
        }
        let marker = dir_key(rel);
        let below = self.children(rel, Some(2))?;
        if holds_objects(&below, rel) {
            return Err(io::Error::from(io::ErrorKind::DirectoryNotEmpty));
        }
        if below.is_empty() {
            return Err(io::Error::from(if self.head(rel)?.is_some() {
                io::ErrorKind::NotADirectory
            } else {
                io::ErrorKind::NotFound
            }));
        }
        let op = self.op.clone();
        block(async move { op.delete(&marker).await.map_err(io_error) })?;
        self.keep_parent(rel)
    }

    fn rename(&self, from: &str, to: &str) -> io::Result<()> {
        if from == to {
            return Ok(());
        }
        let meta = self.lstat(from)?;
        if meta.is_dir() {
            if to.starts_with(&dir_key(from)) {
                return Err(io::Error::from(io::ErrorKind::InvalidInput));
            }
            match self.lstat(to) {
                Ok(there) if !there.is_dir() => return Err(io::Error::from(io::ErrorKind::NotADirectory)),
                Ok(_)
                    if self.children(to, Some(2))?.iter().any(|e| e.path().trim_start_matches('/') != dir_key(to)) =>
                {
                    return Err(io::Error::from(io::ErrorKind::DirectoryNotEmpty));
                }
                Ok(_) => {}
                Err(err) if err.kind() == io::ErrorKind::NotFound => self.parent_exists(to)?,
                Err(err) => return Err(err),
            }
            // Object by object: every copy first, then every delete, so an interruption
            // leaves both trees rather than neither.
            let op = self.op.clone();
            let (from_dir, to_dir) = (dir_key(from), dir_key(to));
            block(async move {
                let all = op.list_with(&from_dir).recursive(true).await.map_err(io_error)?;
                for entry in &all {
                    let path = entry.path().trim_start_matches('/');
                    let Some(tail) = path.strip_prefix(from_dir.as_str()) else { continue };
                    let target = format!("{to_dir}{tail}");
                    if path.ends_with('/') {
                        op.create_dir(&target).await.map_err(io_error)?;
                    } else {
                        op.copy(path, &target).await.map_err(io_error)?;
                    }
                }
                if !all.iter().any(|e| e.path().trim_start_matches('/') == from_dir) {
                    op.create_dir(&to_dir).await.map_err(io_error)?;
                }
                let keys: Vec<String> = all.iter().map(|e| e.path().trim_start_matches('/').to_string()).collect();
                op.delete_iter(keys).await.map_err(io_error)?;
                op.delete(&from_dir).await.map_err(io_error)
            })?;
        } else {
            match self.lstat(to) {
                Ok(there) if there.is_dir() => return Err(io::Error::from(io::ErrorKind::IsADirectory)),
                Ok(_) => {}
                Err(err) if err.kind() == io::ErrorKind::NotFound => self.parent_exists(to)?,
                Err(err) => return Err(err),
            }
            self.cache.forget(from);
            self.cache.forget(to);
            let op = self.op.clone();
            let (from_key, to_key) = (from.to_string(), to.to_string());
            block(async move {
                op.copy(&from_key, &to_key).await.map_err(io_error)?;
                op.delete(&from_key).await.map_err(io_error)
            })?;
        }
        self.keep_parent(from)
    }

    fn symlink(&self, _target: &str, _rel: &str) -> io::Result<()> {
        Err(io::Error::new(
            io::ErrorKind::Unsupported,
            "Operation not supported (object storage has no symbolic links)",
        ))
    }

    fn set_mode(&self, rel: &str, _mode: u32) -> io::Result<()> {
        // Objects have no modes; the change is accepted and shown as the store has it, as a
        // file system mounted without permissions does.
        self.lstat(rel).map(|_| ())
    }

    fn set_mtime(&self, rel: &str, _mtime: SystemTime) -> io::Result<()> {
        // The store sets an object's time when it is written.
        self.lstat(rel).map(|_| ())
    }

    fn open_writer(self: Arc<Self>, rel: &str, mode: WriteMode) -> io::Result<Box<dyn FileWriter>> {
        let existing = self.check_writable(rel, mode)?;
        let appended = existing.filter(|_| mode == WriteMode::Append).map(|meta| meta.content_length());
        Ok(Box::new(self.writer(rel, appended, mode)?))
    }

    fn open_reader_plain(&self, rel: &str) -> Option<io::Result<Box<dyn Reader>>> {
        Some(self.open_reader(rel))
    }

    fn open_writer_plain(self: Arc<Self>, rel: &str, mode: WriteMode) -> Option<io::Result<Box<dyn FileWriter>>> {
        Some(self.open_writer(rel, mode))
    }

    fn is_plain(&self, _rel: &str, _follow_last: bool) -> Option<bool> {
        Some(true)
    }

    fn follows_links_safely(&self) -> bool {
        // There are no links to follow, so none can leave the root.
        true
    }
}

impl ObjectFs {
    /// Keeps the directory that held `rel` when it has just lost its last object, as
    /// removing a file from a directory on a disk leaves the directory.
    fn keep_parent(&self, rel: &str) -> io::Result<()> {
        let Some((parent, _)) = rel.rsplit_once('/') else { return Ok(()) };
        if self.children(parent, Some(1))?.is_empty() {
            let op = self.op.clone();
            let key = dir_key(parent);
            block(async move { op.create_dir(&key).await.map_err(io_error) })?;
        }
        Ok(())
    }
}

/// How many bytes a reader's stream may hold ahead of what was read: the bound of its memory.
const READ_AHEAD: usize = 8 << 20;

/// The unit `READ_AHEAD` is counted in (a semaphore's permits).
const READ_UNIT: usize = 16 << 10;

/// Reads an object as one streamed GET from where reading is, holding at most [`READ_AHEAD`]
/// bytes ahead (the stream waits for the reader beyond that, so the server waits too); a seek
/// elsewhere starts a new GET there. Every GET asks for the ETag the object had when opened,
/// so a reader never mixes two versions (a change mid-read fails the read). A stream that
/// breaks mid-way is started once more from where it broke (a read repeats harmlessly).
struct ObjectReader {
    op: Operator,
    key: String,
    etag: String,
    size: u64,
    pos: u64,
    /// The piece last received, and where it starts in the object.
    piece: Bytes,
    piece_at: u64,
    flow: Option<Flow>,
}

/// A GET in progress: its pieces, the credit that lets it run ahead, and where its next piece
/// starts.
struct Flow {
    pieces: mpsc::Receiver<io::Result<Bytes>>,
    credit: Arc<tokio::sync::Semaphore>,
    task: tokio::task::AbortHandle,
    started_at: u64,
    next_at: u64,
}

impl Drop for Flow {
    fn drop(&mut self) {
        self.task.abort();
    }
}

impl ObjectReader {
    /// Starts a GET of the object from `at` to its end.
    fn start(&self, at: u64) -> io::Result<Flow> {
        let runtime =
            RUNTIME.as_ref().ok_or_else(|| io::Error::other("object storage: cannot start the I/O runtime"))?;
        let (send, pieces) = mpsc::channel();
        let credit = Arc::new(tokio::sync::Semaphore::new(READ_AHEAD / READ_UNIT));
        let (op, key, etag, size, budget) =
            (self.op.clone(), self.key.clone(), self.etag.clone(), self.size, credit.clone());
        let task = runtime.spawn(async move {
            let mut read = op.reader_with(&key);
            if !etag.is_empty() {
                read = read.if_match(&etag);
            }
            let stream = match read.await {
                Ok(reader) => reader.into_bytes_stream(at..size).await,
                Err(err) => Err(err),
            };
            let mut stream = match stream {
                Ok(stream) => stream,
                Err(err) => {
                    let _ = send.send(Err(read_error(io::Error::other(err))));
                    return;
                }
            };
            loop {
                match futures::TryStreamExt::try_next(&mut stream).await {
                    Ok(Some(piece)) => {
                        let units = piece.len().div_ceil(READ_UNIT).clamp(1, READ_AHEAD / READ_UNIT) as u32;
                        match budget.acquire_many(units).await {
                            Ok(permit) => permit.forget(),
                            Err(_) => return,
                        }
                        if send.send(Ok(piece)).is_err() {
                            return;
                        }
                    }
                    Ok(None) => return,
                    Err(err) => {
                        let _ = send.send(Err(read_error(err)));
                        return;
                    }
                }
            }
        });
        Ok(Flow { pieces, credit, task: task.abort_handle(), started_at: at, next_at: at })
    }

    /// The next piece from where reading is.
    fn next_piece(&mut self) -> io::Result<()> {
        let mut restarted = false;
        loop {
            let flow = match &mut self.flow {
                Some(flow) if flow.next_at == self.pos => flow,
                _ => self.flow.insert(self.start(self.pos)?),
            };
            match flow.pieces.recv() {
                Ok(Ok(piece)) => {
                    flow.credit.add_permits(piece.len().div_ceil(READ_UNIT).clamp(1, READ_AHEAD / READ_UNIT));
                    if !piece.is_empty() {
                        self.piece_at = flow.next_at;
                        flow.next_at += piece.len() as u64;
                        self.piece = piece;
                        return Ok(());
                    }
                }
                failed => {
                    // A GET that had been delivering and broke is started once more from here;
                    // one that failed at once (a missing or changed object) would again.
                    let progressed = flow.next_at > flow.started_at;
                    self.flow = None;
                    if progressed && !restarted {
                        restarted = true;
                        continue;
                    }
                    return Err(match failed {
                        Ok(Err(err)) => err,
                        _ => io::Error::from(io::ErrorKind::UnexpectedEof),
                    });
                }
            }
        }
    }
}

/// An error of a GET (OpenDAL's, or its byte stream's wrapping of one), with a changed object
/// said so.
fn read_error(err: io::Error) -> io::Error {
    match err.get_ref().and_then(|inner| inner.downcast_ref::<opendal::Error>()) {
        Some(inner) if inner.kind() == ErrorKind::ConditionNotMatch => {
            io::Error::other("object storage: the object changed while it was read")
        }
        Some(inner) => io_error_of(inner),
        None => err,
    }
}

impl io::Read for ObjectReader {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.pos >= self.size || buf.is_empty() {
            return Ok(0);
        }
        let end = self.piece_at + self.piece.len() as u64;
        if self.pos < self.piece_at || self.pos >= end {
            self.next_piece()?;
        }
        let offset = (self.pos - self.piece_at) as usize;
        let n = (self.piece.len() - offset).min(buf.len());
        buf[..n].copy_from_slice(&self.piece[offset..offset + n]);
        self.pos += n as u64;
        Ok(n)
    }
}

impl io::Seek for ObjectReader {
    fn seek(&mut self, to: io::SeekFrom) -> io::Result<u64> {
        let target = match to {
            io::SeekFrom::Start(n) => Some(n),
            io::SeekFrom::End(d) => self.size.checked_add_signed(d),
            io::SeekFrom::Current(d) => self.pos.checked_add_signed(d),
        };
        self.pos = target.ok_or_else(|| io::Error::from(io::ErrorKind::InvalidInput))?;
        Ok(self.pos)
    }
}

/// An upload: bytes gathered into parts and sent as they fill; closing (or dropping) commits
/// the object. After a failed part nothing is committed: the upload is aborted, and the
/// previous object (or none) stays what readers see.
pub struct ObjectWriter {
    writer: Option<opendal::Writer>,
    buf: Vec<u8>,
    failed: bool,
}

impl ObjectWriter {
    /// Sends what is gathered (the writer goes to the runtime and comes back).
    fn send(&mut self) -> io::Result<()> {
        let Some(mut writer) = self.writer.take() else {
            return Err(io::Error::other("object storage: the upload is closed"));
        };
        let piece = Bytes::from(std::mem::take(&mut self.buf));
        match block(async move {
            let result = writer.write(piece).await;
            Ok((writer, result))
        }) {
            Ok((writer, Ok(()))) => {
                self.writer = Some(writer);
                Ok(())
            }
            Ok((writer, Err(err))) => {
                self.writer = Some(writer);
                self.fail();
                Err(io_error(err))
            }
            Err(err) => {
                self.failed = true;
                Err(err)
            }
        }
    }

    /// Abandons the upload: the parts sent are discarded by the store.
    fn fail(&mut self) {
        self.failed = true;
        if let Some(mut writer) = self.writer.take() {
            let _ = block(async move { writer.abort().await.map_err(io_error) });
        }
    }

    /// Commits the object; the error says why it was not.
    pub fn close(mut self) -> io::Result<()> {
        self.commit()
    }

    fn commit(&mut self) -> io::Result<()> {
        if self.failed {
            return Err(io::Error::other("object storage: the upload failed and was discarded"));
        }
        if !self.buf.is_empty() {
            self.send()?;
        }
        let Some(mut writer) = self.writer.take() else { return Ok(()) };
        match block(async move {
            let result = writer.close().await;
            Ok((writer, result))
        }) {
            Ok((_, Ok(_))) => Ok(()),
            Ok((writer, Err(err))) => {
                self.writer = Some(writer);
                self.fail();
                Err(io_error(err))
            }
            Err(err) => Err(err),
        }
    }
}

impl io::Write for ObjectWriter {
    fn write(&mut self, data: &[u8]) -> io::Result<usize> {
        if self.failed {
            return Err(io::Error::other("object storage: the upload failed and was discarded"));
        }
        self.buf.extend_from_slice(data);
        if self.buf.len() >= PIECE {
            self.send()?;
        }
        Ok(data.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

impl crate::FileWriter for ObjectWriter {
    fn close(self: Box<Self>) -> io::Result<()> {
        ObjectWriter::close(*self)
    }
}

impl Drop for ObjectWriter {
    fn drop(&mut self) {
        // The file is closed: commit what was written (a failed upload stays discarded).
        if self.writer.is_some() && !self.failed {
            let _ = self.commit();
        }
    }
}

#[cfg(test)]
#[path = "object_tests.rs"]
mod tests;
