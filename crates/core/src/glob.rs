//! Pathname expansion over the workspace: `*`, `?`, `[…]`, extended globs, and `**` with
//! `globstar`. Results are sorted in byte order (bash's order under `LC_ALL=C`).

use crate::pattern::{Pattern, has_magic, unescape};
use crate::session::Options;
use crate::vfs::{DirEntry, FileKind, Meta, Vfs, path};
use std::io;

/// What globbing needs of a file tree: the raw workspace (the `fs.glob` tool) or the gated view
/// a command sees (each directory read is an `fs.list` call).
pub trait Tree {
    /// Directory entries.
    fn read_dir(&self, abs: &str) -> io::Result<Vec<DirEntry>>;
    /// Metadata, following links.
    fn stat(&self, abs: &str) -> io::Result<Meta>;
    /// Metadata of the path itself.
    fn lstat(&self, abs: &str) -> io::Result<Meta>;
}

impl Tree for Vfs {
    fn read_dir(&self, abs: &str) -> io::Result<Vec<DirEntry>> {
        Vfs::read_dir(self, abs)
    }
    fn stat(&self, abs: &str) -> io::Result<Meta> {
        Vfs::stat(self, abs)
    }
    fn lstat(&self, abs: &str) -> io::Result<Meta> {
        Vfs::lstat(self, abs)
    }
}

impl Tree for toolsh_gate::workspace::Fs<'_> {
    fn read_dir(&self, abs: &str) -> io::Result<Vec<DirEntry>> {
        toolsh_gate::workspace::Fs::read_dir(self, abs)
    }
    fn stat(&self, abs: &str) -> io::Result<Meta> {
        toolsh_gate::workspace::Fs::stat(self, abs)
    }
    fn lstat(&self, abs: &str) -> io::Result<Meta> {
        toolsh_gate::workspace::Fs::lstat(self, abs)
    }
}

/// Expands `pattern` (backslash-quoted) relative to `cwd`; no match gives an empty list.
///
/// The walk is bash's `glob_filename` (lib/glob/glob.c): the pattern splits at its last `/`,
/// a directory part with magic is globbed first (recursively), and the last part is matched in
/// each directory found. That order is what gives bash's exact answers for `**`: a final `**`
/// lists every file and directory below (without following links), `dir/**` also names
/// `dir/` itself, `**/` only directories, and `**/a/**` repeats a path that two ways reach
/// (bash does not remove duplicates). Results are sorted in byte order.
pub fn glob(vfs: &(impl Tree + ?Sized), cwd: &str, pattern: &str, options: &Options) -> Vec<String> {
    if pattern.is_empty() {
        return Vec::new();
    }
    let walk = Walk { vfs, cwd, options };
    let flags = if options.globstar { GLOBSTAR } else { 0 };
    let mut out = walk.filename(pattern, flags, 0).unwrap_or_default();
    out.retain(|name| !name.is_empty());
    out.sort_by(|a, b| toolsh_bytes::cmp(a, b));
    out
}

// bash's glob flags (GX_*), as its walk passes them down.
const GLOBSTAR: u8 = 1;
const ALLDIRS: u8 = 2;
const ADDCURDIR: u8 = 4;
const NULLDIR: u8 = 8;
const RECURSE: u8 = 16;

/// Directory parts with magic deeper than this are not globbed (each is a level of recursion;
/// a path has at most a few thousand components, a useful pattern far fewer).
const MAX_GLOB_DEPTH: usize = 512;

struct Walk<'a, T: Tree + ?Sized> {
    vfs: &'a T,
    cwd: &'a str,
    options: &'a Options,
}

fn is_starstar(name: &str) -> bool {
    name == "**"
}

impl<T: Tree + ?Sized> Walk<'_, T> {
    fn abs(&self, display: &str) -> String {
        if display.is_empty() { self.cwd.to_string() } else { path::normalize(self.cwd, display) }
    }

    /// bash's `glob_testdir`: with `ALLDIRS` a link is not a directory (`**` does not
    /// descend through links).
    fn is_dir(&self, display: &str, flags: u8) -> bool {
        let abs = self.abs(display);
        let meta = if flags & ALLDIRS != 0 { self.vfs.lstat(&abs) } else { self.vfs.stat(&abs) };
        meta.is_ok_and(|m| m.is_dir())
    }

    /// bash's `glob_filename`; `None` is its error return (the name is skipped).
    fn filename(&self, pathname: &str, flags: u8, depth: usize) -> Option<Vec<String>> {
        if depth > MAX_GLOB_DEPTH {
            return None;
        }
        let slash = last_slash(pathname, self.options.extglob);
        let (directory, file) = match slash {
            Some(at) => (&pathname[..=at], &pathname[at + 1..]),
            None => ("", pathname),
        };
        let globstar = flags & GLOBSTAR != 0;
        if !directory.is_empty() && has_magic(directory) {
            let mut d = directory;
            let mut dflags = flags;
            let mut all_starstar = false;
            // A run of leading `**/` is one `**`.
            if globstar && starts_starstar(d) {
                let mut p = d;
                while starts_starstar(d) {
                    p = d;
                    if d.len() > 2 {
                        d = d[3..].trim_start_matches('/');
                        if d.is_empty() {
                            break;
                        }
                    } else {
                        break;
                    }
                }
                all_starstar = d.is_empty();
                d = p;
                dflags |= ALLDIRS | ADDCURDIR;
            }
            let mut len = d.len();
            if globstar && !all_starstar {
                // A run of trailing `/**/` is one too.
                let bytes = d.as_bytes();
                let (mut dl, mut prev) = (len, len);
                while dl >= 4 && &bytes[dl - 4..dl] == b"/**/" {
                    prev = dl;
                    dl -= 3;
                }
                let last_starstar = dl != len;
                len = prev;
                if last_starstar && len > 4 && is_starstar(file) {
                    len -= 3;
                }
            }
            let d = d[..len].strip_suffix('/').unwrap_or(&d[..len]);
            let directories = self.filename(d, dflags | RECURSE, depth + 1)?;
            if directories.is_empty() {
                return None;
            }
            if all_starstar && is_starstar(file) {
                return self.only_filename("", file, flags);
            }
            let mut result = Vec::new();
            for directory in &directories {
                let mut dflags = flags & !(ALLDIRS | ADDCURDIR);
                if globstar && is_starstar(file) {
                    dflags |= ALLDIRS | ADDCURDIR;
                }
                let mut dname = directory.as_str();
                if dname.is_empty() && !file.is_empty() {
                    dflags |= NULLDIR;
                    dname = ".";
                }
                let found = if all_starstar
                    && dflags & NULLDIR == 0
                    && self.vfs.lstat(&self.abs(dname)).is_ok_and(|m| m.kind == FileKind::Symlink)
                    && self.is_dir(dname, 0)
                {
                    // A link to a directory is named (`**/`) but not searched.
                    if file.is_empty() { Some(vec![String::new()]) } else { None }
                } else {
                    self.vector(file, dname, dflags)
                };
                let Some(mut found) = found else { continue };
                if dflags & ALLDIRS != 0 && is_starstar(file) {
                    // Already joined to the directory by the walk; a null directory searched
                    // from the current one has found everything: stop there.
                    if dflags & NULLDIR != 0 && flags & NULLDIR == 0 && found.first().is_some_and(String::is_empty) {
                        found.retain(|name| !name.is_empty());
                        result.extend(found);
                        break;
                    }
                    result.extend(found);
                } else {
                    result.extend(dir_to_array(directory, found));
                }
            }
            return Some(result);
        }
        self.only_filename(directory, file, flags)
    }

    fn only_filename(&self, directory: &str, file: &str, flags: u8) -> Option<Vec<String>> {
        if file.is_empty() {
            if !directory.is_empty() && flags & RECURSE == 0 && !self.is_dir(directory, 0) {
                return None;
            }
            return Some(vec![unescape(directory)]);
        }
        let directory = unescape(directory);
        let mut dflags = flags;
        if directory.is_empty() {
            dflags |= NULLDIR;
        }
        if flags & GLOBSTAR != 0 && is_starstar(file) {
            dflags |= ALLDIRS | ADDCURDIR;
            if directory.is_empty() && flags & ALLDIRS == 0 {
                dflags &= !ADDCURDIR;
            }
        }
        let found = self.vector(file, if directory.is_empty() { "." } else { &directory }, dflags)?;
        Some(if dflags & ALLDIRS != 0 { found } else { dir_to_array(&directory, found) })
    }

    /// bash's `glob_vector`: the names in `dir` that `pat` matches (with `ALLDIRS`, every path
    /// below it, joined to it).
    fn vector(&self, pat: &str, dir: &str, flags: u8) -> Option<Vec<String>> {
        if pat.is_empty() {
            return self.is_dir(dir, 0).then(|| vec![String::new()]);
        }
        if !has_magic(pat) {
            if !self.is_dir(dir, 0) {
                return None;
            }
            let name = unescape(pat);
            let child = join_display(if flags & NULLDIR != 0 { "" } else { dir }, &name);
            return Some(if self.vfs.lstat(&self.abs(&child)).is_ok() { vec![name] } else { Vec::new() });
        }
        // Stat first: a file found for a directory part is not read as a directory.
        if !self.is_dir(dir, 0) {
            return None;
        }
        let entries = self.vfs.read_dir(&self.abs(dir)).ok()?;
        let all = flags & ALLDIRS != 0;
        let matcher =
            (!all).then(|| if self.options.nocaseglob { Pattern::new_nocase(pat) } else { Pattern::new(pat) });
        let mut out = Vec::new();
        // With globskipdots off, `.` and `..` are there to match (only a written `.` does).
        let dots = (!all && !self.options.globskipdots)
            .then(|| [".", ".."].map(|name| DirEntry { name: name.to_string(), kind: FileKind::Dir }));
        for entry in dots.into_iter().flatten().chain(entries) {
            let hidden = entry.name.starts_with('.');
            if all && hidden && !self.options.dotglob {
                continue;
            }
            let Some(matcher) = &matcher else {
                let sub = if flags & NULLDIR != 0 && dir == "." {
                    entry.name.clone()
                } else {
                    // A directory written `./` keeps it, as bash's `sh_makepath` does.
                    join_display(dir, &entry.name)
                };
                if entry.kind == FileKind::Dir
                    && let Some(below) = self.vector(pat, &sub, flags & !ADDCURDIR)
                {
                    out.extend(below);
                }
                out.push(sub);
                continue;
            };
            // A hidden name's `.` is matched only by a written one (and `.`, `..` so even
            // under dotglob).
            let period = hidden && (!self.options.dotglob || entry.name == "." || entry.name == "..");
            if matcher.matches_name(&entry.name, period) {
                out.push(entry.name);
            }
        }
        if all && flags & ADDCURDIR != 0 {
            out.push(if flags & NULLDIR != 0 { String::new() } else { dir.to_string() });
        }
        Some(out)
    }
}

/// bash's `glob_dir_to_array`: each name joined to `dir` (an empty name is `dir/`).
fn dir_to_array(dir: &str, names: Vec<String>) -> Vec<String> {
    if dir.is_empty() {
        return names;
    }
    let slash = if dir.ends_with('/') { "" } else { "/" };
    names.into_iter().map(|name| format!("{dir}{slash}{name}")).collect()
}

fn starts_starstar(d: &str) -> bool {
    d.starts_with("**") && matches!(d.as_bytes().get(2), None | Some(b'/'))
}

/// Where the pattern's last `/` is: with extglob, not one inside a `@(…)` (bash's
/// `glob_dirscan`); a quoted one (`\/`) still separates.
fn last_slash(pattern: &str, extglob: bool) -> Option<usize> {
    if !extglob {
        return pattern.rfind('/');
    }
    let bytes = pattern.as_bytes();
    let (mut depth, mut last, mut idx) = (0usize, None, 0);
    while idx < bytes.len() {
        match bytes[idx] {
            b'\\' => idx += 1,
            b'(' if depth > 0 || idx > 0 && matches!(bytes[idx - 1], b'?' | b'*' | b'+' | b'@' | b'!') => depth += 1,
            b')' if depth > 0 => depth -= 1,
            b'/' if depth == 0 => last = Some(idx),
            _ => {}
        }
        idx += 1;
    }
    last
}

fn join_display(display: &str, name: &str) -> String {
    if display.is_empty() {
        name.to_string()
    } else if display.ends_with('/') {
        format!("{display}{name}")
    } else {
        format!("{display}/{name}")
    }
}
