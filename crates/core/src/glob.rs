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
pub fn glob(vfs: &(impl Tree + ?Sized), cwd: &str, pattern: &str, options: &Options) -> Vec<String> {
    let absolute = pattern.starts_with('/');
    let trailing_slash = pattern.ends_with('/');
    let components: Vec<&str> = pattern.split('/').filter(|c| !c.is_empty()).collect();
    if components.is_empty() {
        return Vec::new();
    }
    // (text shown to the user, absolute path)
    let start_display = if absolute { "/".to_string() } else { String::new() };
    let start_abs = if absolute { "/".to_string() } else { cwd.to_string() };
    let mut current = vec![(start_display, start_abs)];
    for (idx, component) in components.iter().enumerate() {
        let last = idx + 1 == components.len();
        let mut next = Vec::new();
        if *component == "**" && options.globstar {
            for (display, abs) in &current {
                // bash: a final `**` names the directory itself with a trailing slash.
                let own = if last && !display.is_empty() && !display.ends_with('/') {
                    format!("{display}/")
                } else {
                    display.clone()
                };
                next.push((own, abs.clone()));
                walk_dirs(vfs, display, abs, options, &mut next, last);
            }
            if last {
                // `**` alone also matches files at every level.
                next.retain(|(display, _)| !display.is_empty());
            }
        } else if has_magic(component) {
            let matcher = if options.nocaseglob { Pattern::new_nocase(component) } else { Pattern::new(component) };
            let allow_hidden = options.dotglob || component.starts_with('.') || component.starts_with("\\.");
            for (display, abs) in &current {
                let Ok(entries) = vfs.read_dir(if abs.is_empty() { "/" } else { abs }) else { continue };
                for entry in entries {
                    if entry.name.starts_with('.') && !allow_hidden {
                        continue;
                    }
                    if !matcher.matches(&entry.name) {
                        continue;
                    }
                    let child_abs = path::join(abs, &entry.name);
                    if (!last || trailing_slash) && !vfs.stat(&child_abs).is_ok_and(|m| m.is_dir()) {
                        continue;
                    }
                    next.push((join_display(display, &entry.name), child_abs));
                }
            }
        } else {
            let name = unescape(component);
            for (display, abs) in &current {
                let child_abs = path::normalize(abs, &name);
                if last {
                    if vfs.lstat(&child_abs).is_err() {
                        continue;
                    }
                } else if !vfs.stat(&child_abs).is_ok_and(|m| m.is_dir()) {
                    continue;
                }
                next.push((join_display(display, &name), child_abs));
            }
        }
        current = next;
        if current.is_empty() {
            return Vec::new();
        }
    }
    let mut out: Vec<String> =
        current.into_iter().map(|(display, _)| if trailing_slash { format!("{display}/") } else { display }).collect();
    out.sort();
    out.dedup();
    out
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

/// Adds every directory below `abs` (and, for a final `**`, every file too).
fn walk_dirs(
    vfs: &(impl Tree + ?Sized),
    display: &str,
    abs: &str,
    options: &Options,
    out: &mut Vec<(String, String)>,
    files: bool,
) {
    let Ok(entries) = vfs.read_dir(abs) else { return };
    for entry in entries {
        if entry.name.starts_with('.') && !options.dotglob {
            continue;
        }
        let child_display = join_display(display, &entry.name);
        let child_abs = path::join(abs, &entry.name);
        if entry.kind == FileKind::Dir {
            out.push((child_display.clone(), child_abs.clone()));
            walk_dirs(vfs, &child_display, &child_abs, options, out, files);
        } else if files {
            out.push((child_display, child_abs));
        }
    }
}
