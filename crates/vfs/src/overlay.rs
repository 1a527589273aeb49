//! The `overlay` backend: reads fall through to a lower backend (usually a read-only host
//! directory); every change stays in an upper in-memory layer. Deletions are recorded as
//! whiteouts so a removed lower file stays removed.

use super::{Backend, DirEntry, FileKind, MemoryFs, Meta, Usage, WriteMode};
use std::collections::HashSet;
use std::io;
use std::sync::{Arc, RwLock};
use std::time::SystemTime;

/// A copy-on-write view over `lower`.
pub struct OverlayFs {
    lower: Arc<dyn Backend>,
    upper: MemoryFs,
    whiteouts: RwLock<HashSet<String>>,
}

impl OverlayFs {
    /// Layers an empty memory tree over `lower`.
    pub fn new(lower: Arc<dyn Backend>) -> Self {
        OverlayFs::with_upper(lower, MemoryFs::new())
    }

    /// Layers `upper`, an empty memory tree (with the budget the changes may use), over `lower`.
    pub fn with_upper(lower: Arc<dyn Backend>, upper: MemoryFs) -> Self {
        OverlayFs { lower, upper, whiteouts: RwLock::new(HashSet::new()) }
    }

    fn hidden(&self, rel: &str) -> bool {
        let whiteouts = self.whiteouts.read().unwrap_or_else(|p| p.into_inner());
        let mut prefix = rel;
        loop {
            if whiteouts.contains(prefix) {
                return true;
            }
            match prefix.rfind('/') {
                Some(idx) => prefix = &prefix[..idx],
                None => return false,
            }
        }
    }

    fn in_upper(&self, rel: &str) -> bool {
        rel.is_empty() || self.upper.lstat(rel).is_ok()
    }

    /// Makes the directories above `rel` exist in the upper layer (copying them up).
    fn copy_up_parents(&self, rel: &str) -> io::Result<()> {
        let mut prefix = String::new();
        let components: Vec<&str> = rel.split('/').collect();
        for component in &components[..components.len().saturating_sub(1)] {
            if !prefix.is_empty() {
                prefix.push('/');
            }
            prefix.push_str(component);
            if !self.in_upper(&prefix) {
                let meta = self.lstat(&prefix)?;
                if !meta.is_dir() {
                    return Err(io::Error::from(io::ErrorKind::NotADirectory));
                }
                self.upper.mkdir(&prefix)?;
                self.upper.set_mode(&prefix, meta.mode)?;
            }
        }
        Ok(())
    }

    fn unhide(&self, rel: &str) {
        self.whiteouts.write().unwrap_or_else(|p| p.into_inner()).remove(rel);
    }

    fn hide(&self, rel: &str) {
        self.whiteouts.write().unwrap_or_else(|p| p.into_inner()).insert(rel.to_string());
    }
}

impl Backend for OverlayFs {
    /// The lower tree's figures: the changes held in memory are not on it yet.
    fn usage(&self) -> Option<Usage> {
        self.lower.usage()
    }

    fn lstat(&self, rel: &str) -> io::Result<Meta> {
        if let Ok(meta) = self.upper.lstat(rel)
            && !rel.is_empty()
        {
            return Ok(meta);
        }
        if self.hidden(rel) {
            return Err(io::Error::from(io::ErrorKind::NotFound));
        }
        self.lower.lstat(rel)
    }

    fn read_link(&self, rel: &str) -> io::Result<String> {
        if self.in_upper(rel) && !rel.is_empty() {
            return self.upper.read_link(rel);
        }
        if self.hidden(rel) {
            return Err(io::Error::from(io::ErrorKind::NotFound));
        }
        self.lower.read_link(rel)
    }

    fn read(&self, rel: &str) -> io::Result<Vec<u8>> {
        if self.in_upper(rel) && !rel.is_empty() {
            return self.upper.read(rel);
        }
        if self.hidden(rel) {
            return Err(io::Error::from(io::ErrorKind::NotFound));
        }
        self.lower.read(rel)
    }

    fn open_reader(&self, rel: &str) -> io::Result<Box<dyn crate::Reader>> {
        if self.in_upper(rel) && !rel.is_empty() {
            return self.upper.open_reader(rel);
        }
        if self.hidden(rel) {
            return Err(io::Error::from(io::ErrorKind::NotFound));
        }
        self.lower.open_reader(rel)
    }

    fn write(&self, rel: &str, data: &[u8], mode: WriteMode) -> io::Result<()> {
        self.copy_up_parents(rel)?;
        if !self.in_upper(rel)
            && !self.hidden(rel)
            && let Ok(meta) = self.lower.lstat(rel)
        {
            if mode == WriteMode::CreateNew {
                return Err(io::Error::from(io::ErrorKind::AlreadyExists));
            }
            if meta.is_dir() {
                return Err(io::Error::from(io::ErrorKind::IsADirectory));
            }
            if mode == WriteMode::Append {
                let mut existing = self.lower.read(rel)?;
                existing.extend_from_slice(data);
                self.upper.write(rel, &existing, WriteMode::Truncate)?;
                return self.upper.set_mode(rel, meta.mode);
            }
        }
        self.unhide(rel);
        self.upper.write(rel, data, mode)
    }

    fn read_dir(&self, rel: &str) -> io::Result<Vec<DirEntry>> {
        let meta = self.lstat(rel)?;
        if !meta.is_dir() {
            return Err(io::Error::from(io::ErrorKind::NotADirectory));
        }
        let mut entries = self.upper.read_dir(rel).unwrap_or_default();
        let seen: HashSet<String> = entries.iter().map(|e| e.name.clone()).collect();
        if !self.hidden(rel) {
            for entry in self.lower.read_dir(rel).unwrap_or_default() {
                let child = if rel.is_empty() { entry.name.clone() } else { format!("{rel}/{}", entry.name) };
                if !seen.contains(&entry.name) && !self.hidden(&child) {
                    entries.push(entry);
                }
            }
        }
        Ok(entries)
    }

    fn mkdir(&self, rel: &str) -> io::Result<()> {
        if self.lstat(rel).is_ok() {
            return Err(io::Error::from(io::ErrorKind::AlreadyExists));
        }
        self.copy_up_parents(rel)?;
        self.upper.mkdir(rel)?;
        // A directory recreated over a deleted one must not show the old lower entries.
        Ok(())
    }

    fn remove_file(&self, rel: &str) -> io::Result<()> {
        let meta = self.lstat(rel)?;
        if meta.is_dir() {
            return Err(io::Error::from(io::ErrorKind::IsADirectory));
        }
        if self.in_upper(rel) {
            self.upper.remove_file(rel)?;
        }
        self.hide(rel);
        Ok(())
    }

    fn remove_dir(&self, rel: &str) -> io::Result<()> {
        if !self.lstat(rel)?.is_dir() {
            return Err(io::Error::from(io::ErrorKind::NotADirectory));
        }
        if !self.read_dir(rel)?.is_empty() {
            return Err(io::Error::from(io::ErrorKind::DirectoryNotEmpty));
        }
        if self.in_upper(rel) {
            self.upper.remove_dir(rel)?;
        }
        self.hide(rel);
        Ok(())
    }

    fn rename(&self, from: &str, to: &str) -> io::Result<()> {
        let meta = self.lstat(from)?;
        if meta.kind == FileKind::Dir {
            if self.lstat(to).is_err() {
                self.mkdir(to)?;
            }
            for entry in self.read_dir(from)? {
                self.rename(&format!("{from}/{}", entry.name), &format!("{to}/{}", entry.name))?;
            }
            return self.remove_dir(from);
        }
        if meta.kind == FileKind::Symlink {
            let target = self.read_link(from)?;
            if self.lstat(to).is_ok() {
                self.remove_file(to)?;
            }
            self.symlink(&target, to)?;
        } else {
            let data = self.read(from)?;
            self.write(to, &data, WriteMode::Truncate)?;
            self.set_mode(to, meta.mode)?;
            self.set_mtime(to, meta.mtime)?;
        }
        self.remove_file(from)
    }

    fn symlink(&self, target: &str, rel: &str) -> io::Result<()> {
        if self.lstat(rel).is_ok() {
            return Err(io::Error::from(io::ErrorKind::AlreadyExists));
        }
        self.copy_up_parents(rel)?;
        self.unhide(rel);
        self.upper.symlink(target, rel)
    }

    fn set_mode(&self, rel: &str, mode: u32) -> io::Result<()> {
        self.copy_up(rel)?;
        self.upper.set_mode(rel, mode)
    }

    fn set_mtime(&self, rel: &str, mtime: SystemTime) -> io::Result<()> {
        self.copy_up(rel)?;
        self.upper.set_mtime(rel, mtime)
    }

    fn open_writer(self: Arc<Self>, rel: &str, mode: WriteMode) -> io::Result<Box<dyn crate::FileWriter>> {
        super::AppendWriter::open(self, rel, mode)
    }
}

impl OverlayFs {
    /// Copies one node up so its metadata can change.
    fn copy_up(&self, rel: &str) -> io::Result<()> {
        if self.in_upper(rel) {
            return Ok(());
        }
        let meta = self.lstat(rel)?;
        self.copy_up_parents(rel)?;
        match meta.kind {
            FileKind::Dir => self.upper.mkdir(rel)?,
            FileKind::Symlink => self.upper.symlink(&self.lower.read_link(rel)?, rel)?,
            _ => self.upper.write(rel, &self.lower.read(rel)?, WriteMode::Truncate)?,
        }
        self.upper.set_mode(rel, meta.mode)?;
        self.upper.set_mtime(rel, meta.mtime)
    }
}
