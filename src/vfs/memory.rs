//! The `memory` backend: a tree held in a map from relative path to node.

use super::{Backend, DirEntry, FileKind, Meta, WriteMode};
use std::collections::BTreeMap;
use std::io;
use std::sync::{Arc, RwLock};
use std::time::SystemTime;

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
    /// An empty tree.
    pub fn new() -> Self {
        MemoryFs::default()
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

    fn open_reader(&self, rel: &str) -> io::Result<Box<dyn crate::vfs::Reader>> {
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
                    Arc::make_mut(existing).extend_from_slice(data);
                    node.mtime = now;
                    Ok(())
                }
                (content, _) => {
                    *content = Content::File(Arc::new(data.to_vec()));
                    node.mtime = now;
                    Ok(())
                }
            },
            None => {
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
                nodes.remove(rel);
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
        nodes.insert(to.to_string(), node);
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

    fn open_writer(self: Arc<Self>, rel: &str, mode: WriteMode) -> io::Result<Box<dyn std::io::Write + Send>> {
        super::AppendWriter::open(self, rel, mode)
    }
}
