//! The `memory` backend: a tree held in a map from relative path to node, its file content
//! counted against a [`MemoryBudget`].

use super::{Backend, DirEntry, FileKind, Meta, Usage, WriteMode};
use std::collections::BTreeMap;
use std::io;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, RwLock};
use std::time::SystemTime;

/// The bytes of file content memory trees may hold together. At capacity a write fails with
/// "No space left on device", as on a full disk, so `yes > f` in a memory workspace ends in an
/// error rather than in exhausting the process's memory. Trees may share one budget (a
/// workspace's root and its `/tmp`).
#[derive(Debug)]
pub struct MemoryBudget {
    capacity: u64,
    used: AtomicU64,
}

impl Default for MemoryBudget {
    fn default() -> Self {
        MemoryBudget { capacity: MemoryBudget::DEFAULT_CAPACITY, used: AtomicU64::new(0) }
    }
}

impl MemoryBudget {
    /// The capacity of a budget nobody chose: 1 GiB.
    pub const DEFAULT_CAPACITY: u64 = 1 << 30;

    /// A budget of `capacity` bytes, none used.
    pub fn new(capacity: u64) -> Arc<Self> {
        Arc::new(MemoryBudget { capacity, used: AtomicU64::new(0) })
    }

    /// Bytes it may hold.
    pub fn capacity(&self) -> u64 {
        self.capacity
    }

    /// Bytes held now.
    pub fn used(&self) -> u64 {
        self.used.load(Ordering::Relaxed)
    }

    /// Holds `new` bytes in place of `old`; beyond capacity, fails and holds nothing more.
    fn exchange(&self, old: usize, new: usize) -> io::Result<()> {
        let (old, new) = (old as u64, new as u64);
        if new <= old {
            self.used.fetch_sub(old - new, Ordering::Relaxed);
            return Ok(());
        }
        let more = new - old;
        self.used
            .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |used| {
                used.checked_add(more).filter(|&total| total <= self.capacity)
            })
            .map(|_| ())
            .map_err(|_| err(io::ErrorKind::StorageFull))
    }
}

#[derive(Clone)]
enum Content {
    File(Arc<Vec<u8>>),
    Dir,
    Symlink(String),
}

#[derive(Clone)]
struct Node {
    content: Content,
    mode: u32,
    mtime: SystemTime,
}

/// Files, directories and symlinks in memory. Keys are mount-relative paths; the root `""` is
/// implicit.
#[derive(Default)]
pub struct MemoryFs {
    nodes: RwLock<BTreeMap<String, Node>>,
    budget: Arc<MemoryBudget>,
}

impl Drop for MemoryFs {
    fn drop(&mut self) {
        let held: usize = self.nodes().values().map(Node::file_len).sum();
        let _ = self.budget.exchange(held, 0);
    }
}

impl Node {
    /// The bytes of content it holds against the budget.
    fn file_len(&self) -> usize {
        match &self.content {
            Content::File(data) => data.len(),
            Content::Dir | Content::Symlink(_) => 0,
        }
    }
}

/// A file's shared content as a byte slice (for a reader over it).
struct SharedBytes(Arc<Vec<u8>>);

impl AsRef<[u8]> for SharedBytes {
    fn as_ref(&self) -> &[u8] {
        &self.0
    }
}

fn err(kind: io::ErrorKind) -> io::Error {
    io::Error::from(kind)
}

fn parent_of(rel: &str) -> &str {
    rel.rfind('/').map_or("", |idx| &rel[..idx])
}

impl MemoryFs {
    /// An empty tree with a budget of its own ([`MemoryBudget::DEFAULT_CAPACITY`]).
    pub fn new() -> Self {
        MemoryFs::default()
    }

    /// An empty tree whose files count against `budget`.
    pub fn with_budget(budget: Arc<MemoryBudget>) -> Self {
        MemoryFs { nodes: RwLock::default(), budget }
    }

    fn nodes(&self) -> std::sync::RwLockReadGuard<'_, BTreeMap<String, Node>> {
        self.nodes.read().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    fn nodes_mut(&self) -> std::sync::RwLockWriteGuard<'_, BTreeMap<String, Node>> {
        self.nodes.write().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    fn check_parent(nodes: &BTreeMap<String, Node>, rel: &str) -> io::Result<()> {
        let parent = parent_of(rel);
        if parent.is_empty() {
            return Ok(());
        }
        match nodes.get(parent).map(|n| &n.content) {
            Some(Content::Dir) => Ok(()),
            Some(_) => Err(err(io::ErrorKind::NotADirectory)),
            None => Err(err(io::ErrorKind::NotFound)),
        }
    }

    fn has_children(nodes: &BTreeMap<String, Node>, rel: &str) -> bool {
        let prefix = format!("{rel}/");
        nodes.range(prefix.clone()..).next().is_some_and(|(key, _)| key.starts_with(&prefix))
    }
}

impl Backend for MemoryFs {
    /// The memory budget, shared by every memory tree of a session (entries are not counted).
    fn usage(&self) -> Option<Usage> {
        let (total, used) = (self.budget.capacity(), self.budget.used().min(self.budget.capacity()));
        Some(Usage { total, used, available: total - used, files: None })
    }

    fn lstat(&self, rel: &str) -> io::Result<Meta> {
        if rel.is_empty() {
            return Ok(Meta { kind: FileKind::Dir, size: 0, mode: 0o755, mtime: SystemTime::UNIX_EPOCH });
        }
        let nodes = self.nodes();
        let node = nodes.get(rel).ok_or_else(|| err(io::ErrorKind::NotFound))?;
        let (kind, size) = match &node.content {
            Content::File(data) => (FileKind::File, data.len() as u64),
            Content::Dir => (FileKind::Dir, 0),
            Content::Symlink(target) => (FileKind::Symlink, target.len() as u64),
        };
        Ok(Meta { kind, size, mode: node.mode, mtime: node.mtime })
    }

    fn read_link(&self, rel: &str) -> io::Result<String> {
        match self.nodes().get(rel).map(|n| &n.content) {
            Some(Content::Symlink(target)) => Ok(target.clone()),
            Some(_) => Err(io::Error::new(io::ErrorKind::InvalidInput, "Invalid argument")),
            None => Err(err(io::ErrorKind::NotFound)),
        }
    }

    fn read(&self, rel: &str) -> io::Result<Vec<u8>> {
        if rel.is_empty() {
            return Err(err(io::ErrorKind::IsADirectory));
        }
        match self.nodes().get(rel).map(|n| &n.content) {
            Some(Content::File(data)) => Ok(data.as_ref().clone()),
            Some(Content::Dir) => Err(err(io::ErrorKind::IsADirectory)),
            Some(Content::Symlink(_)) | None => Err(err(io::ErrorKind::NotFound)),
        }
    }

    fn open_reader(&self, rel: &str) -> io::Result<Box<dyn crate::Reader>> {
        if rel.is_empty() {
            return Err(err(io::ErrorKind::IsADirectory));
        }
        match self.nodes().get(rel).map(|n| &n.content) {
            // The content is shared, not copied: later writes replace it, this reader keeps
            // what was there when it opened.
            Some(Content::File(data)) => Ok(Box::new(io::Cursor::new(SharedBytes(data.clone())))),
            Some(Content::Dir) => Err(err(io::ErrorKind::IsADirectory)),
            Some(Content::Symlink(_)) | None => Err(err(io::ErrorKind::NotFound)),
        }
    }

    fn write(&self, rel: &str, data: &[u8], mode: WriteMode) -> io::Result<()> {
        let mut nodes = self.nodes_mut();
        Self::check_parent(&nodes, rel)?;
        let now = SystemTime::now();
        match nodes.get_mut(rel) {
            Some(node) => match (&mut node.content, mode) {
                (Content::Dir, _) => Err(err(io::ErrorKind::IsADirectory)),
                (_, WriteMode::CreateNew) => {
                    Err(io::Error::new(io::ErrorKind::AlreadyExists, "cannot overwrite existing file"))
                }
                (Content::File(existing), WriteMode::Append) => {
                    self.budget.exchange(0, data.len())?;
                    Arc::make_mut(existing).extend_from_slice(data);
                    node.mtime = now;
                    Ok(())
                }
                (content, _) => {
                    let old = match content {
                        Content::File(existing) => existing.len(),
                        Content::Dir | Content::Symlink(_) => 0,
                    };
                    self.budget.exchange(old, data.len())?;
                    *content = Content::File(Arc::new(data.to_vec()));
                    node.mtime = now;
                    Ok(())
                }
            },
            None => {
                self.budget.exchange(0, data.len())?;
                let node = Node { content: Content::File(Arc::new(data.to_vec())), mode: 0o644, mtime: now };
                nodes.insert(rel.to_string(), node);
                Ok(())
            }
        }
    }

    fn read_dir(&self, rel: &str) -> io::Result<Vec<DirEntry>> {
        let nodes = self.nodes();
        if !rel.is_empty() {
            match nodes.get(rel).map(|n| &n.content) {
                Some(Content::Dir) => {}
                Some(_) => return Err(err(io::ErrorKind::NotADirectory)),
                None => return Err(err(io::ErrorKind::NotFound)),
            }
        }
        let prefix = if rel.is_empty() { String::new() } else { format!("{rel}/") };
        let mut entries = Vec::new();
        for (key, node) in nodes.range(prefix.clone()..) {
            let Some(rest) = key.strip_prefix(&prefix) else { break };
            if rest.contains('/') {
                continue;
            }
            let kind = match node.content {
                Content::File(_) => FileKind::File,
                Content::Dir => FileKind::Dir,
                Content::Symlink(_) => FileKind::Symlink,
            };
            entries.push(DirEntry { name: rest.to_string(), kind });
        }
        Ok(entries)
    }

    fn mkdir(&self, rel: &str) -> io::Result<()> {
        let mut nodes = self.nodes_mut();
        Self::check_parent(&nodes, rel)?;
        if rel.is_empty() || nodes.contains_key(rel) {
            return Err(err(io::ErrorKind::AlreadyExists));
        }
        nodes.insert(rel.to_string(), Node { content: Content::Dir, mode: 0o755, mtime: SystemTime::now() });
        Ok(())
    }

    fn remove_file(&self, rel: &str) -> io::Result<()> {
        let mut nodes = self.nodes_mut();
        match nodes.get(rel).map(|n| &n.content) {
            Some(Content::Dir) => Err(err(io::ErrorKind::IsADirectory)),
            Some(_) => {
                if let Some(node) = nodes.remove(rel) {
                    self.budget.exchange(node.file_len(), 0)?;
                }
                Ok(())
            }
            None => Err(err(io::ErrorKind::NotFound)),
        }
    }

    fn remove_dir(&self, rel: &str) -> io::Result<()> {
        let mut nodes = self.nodes_mut();
        match nodes.get(rel).map(|n| &n.content) {
            Some(Content::Dir) if Self::has_children(&nodes, rel) => Err(err(io::ErrorKind::DirectoryNotEmpty)),
            Some(Content::Dir) => {
                nodes.remove(rel);
                Ok(())
            }
            Some(_) => Err(err(io::ErrorKind::NotADirectory)),
            None => Err(err(io::ErrorKind::NotFound)),
        }
    }

    fn rename(&self, from: &str, to: &str) -> io::Result<()> {
        let mut nodes = self.nodes_mut();
        Self::check_parent(&nodes, to)?;
        let node = nodes.get(from).cloned().ok_or_else(|| err(io::ErrorKind::NotFound))?;
        if from == to {
            return Ok(());
        }
        if to.starts_with(&format!("{from}/")) {
            return Err(io::Error::new(io::ErrorKind::InvalidInput, "Invalid argument"));
        }
        if let Some(existing) = nodes.get(to) {
            match (&existing.content, &node.content) {
                (Content::Dir, Content::Dir) if Self::has_children(&nodes, to) => {
                    return Err(err(io::ErrorKind::DirectoryNotEmpty));
                }
                (Content::Dir, Content::Dir) => {}
                (Content::Dir, _) => return Err(err(io::ErrorKind::IsADirectory)),
                (_, Content::Dir) => return Err(err(io::ErrorKind::NotADirectory)),
                _ => {}
            }
        }
        let prefix = format!("{from}/");
        let moved: Vec<String> =
            nodes.range(prefix.clone()..).take_while(|(k, _)| k.starts_with(&prefix)).map(|(k, _)| k.clone()).collect();
        nodes.remove(from);
        if let Some(replaced) = nodes.insert(to.to_string(), node) {
            self.budget.exchange(replaced.file_len(), 0)?;
        }
        for key in moved {
            if let Some(child) = nodes.remove(&key) {
                nodes.insert(format!("{to}/{}", &key[prefix.len()..]), child);
            }
        }
        Ok(())
    }

    fn symlink(&self, target: &str, rel: &str) -> io::Result<()> {
        let mut nodes = self.nodes_mut();
        Self::check_parent(&nodes, rel)?;
        if nodes.contains_key(rel) {
            return Err(err(io::ErrorKind::AlreadyExists));
        }
        let node = Node { content: Content::Symlink(target.to_string()), mode: 0o777, mtime: SystemTime::now() };
        nodes.insert(rel.to_string(), node);
        Ok(())
    }

    fn set_mode(&self, rel: &str, mode: u32) -> io::Result<()> {
        let mut nodes = self.nodes_mut();
        let node = nodes.get_mut(rel).ok_or_else(|| err(io::ErrorKind::NotFound))?;
        node.mode = mode & 0o7777;
        Ok(())
    }

    fn set_mtime(&self, rel: &str, mtime: SystemTime) -> io::Result<()> {
        let mut nodes = self.nodes_mut();
        let node = nodes.get_mut(rel).ok_or_else(|| err(io::ErrorKind::NotFound))?;
        node.mtime = mtime;
        Ok(())
    }

    fn open_writer(self: Arc<Self>, rel: &str, mode: WriteMode) -> io::Result<Box<dyn crate::FileWriter>> {
        super::AppendWriter::open(self, rel, mode)
    }
}
