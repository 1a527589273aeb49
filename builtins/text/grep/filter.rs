//! What `rg`'s walk leaves out, as ripgrep's: hidden entries (a name starting with `.`), what
//! the ignore files say (`.gitignore` inside a git repository, `.ignore` and `.rgignore`
//! anywhere; each applies to its directory and below, a deeper file over a shallower one, and
//! the parents' files above where the search starts count too), the `-g` globs (which win
//! over the ignore files and hidden names) and the `-t`/`-T` file types. The rules are the
//! `ignore` crate's, the crate ripgrep walks with, fed files read through the workspace gate.
//! `grep` has no filter: nothing here runs for it.
//!
//! Each directory listed gets its [`Scope`] (its ignore files over its parent's scope),
//! kept by path so that a directory listed by any worker finds its parent's.

use crate::vfs::{DirEntry, path};
use ignore::Match;
use ignore::gitignore::{Gitignore, GitignoreBuilder};
use ignore::overrides::{Override, OverrideBuilder};
use ignore::types::{Types, TypesBuilder};
use std::collections::HashMap;
use std::io::Read;
use std::sync::{Arc, Mutex};
use toolsh_gate::workspace::Fs;

/// The ignore files a directory may hold, weakest first (a later file's rule wins).
const IGNORE_FILES: [&str; 3] = [".gitignore", ".ignore", ".rgignore"];

/// The most of an ignore file read (a bigger one is read that far).
const MOST: u64 = 1 << 20;

/// The rules in force inside one directory: its own ignore files', then its parent's.
pub(crate) struct Scope {
    rules: Option<Gitignore>,
    /// Inside a git repository (a `.git` here or above): `.gitignore` files count.
    in_git: bool,
    parent: Option<Arc<Scope>>,
}

impl Scope {
    /// What the ignore files say of a path in this directory or below: the deepest file
    /// that has a rule for it decides.
    fn matched(&self, abs: &str, is_dir: bool) -> Match<()> {
        let mut scope = Some(self);
        while let Some(here) = scope {
            if let Some(rules) = &here.rules {
                match rules.matched(abs, is_dir) {
                    Match::None => {}
                    Match::Ignore(_) => return Match::Ignore(()),
                    Match::Whitelist(_) => return Match::Whitelist(()),
                }
            }
            scope = here.parent.as_deref();
        }
        Match::None
    }
}

pub(crate) struct Filter {
    /// `--hidden`: hidden entries are searched.
    hidden: bool,
    /// `--no-ignore`: ignore files are not read.
    no_ignore: bool,
    globs: Override,
    types: Types,
    /// Each directory's scope once it was listed.
    scopes: Mutex<HashMap<String, Arc<Scope>>>,
}

impl Filter {
    /// The filter for a search from the working directory `cwd` (where `-g` globs start);
    /// each glob says whether it ignores case.
    pub(crate) fn new(
        cwd: &str,
        hidden: bool,
        no_ignore: bool,
        globs: &[(String, bool)],
        types: &[(String, bool)],
    ) -> Result<Filter, String> {
        let mut builder = OverrideBuilder::new(cwd);
        for (glob, nocase) in globs {
            // The setting applies to the globs added after it, as ripgrep adds `--iglob`s.
            builder.case_insensitive(*nocase).map_err(|err| err.to_string())?;
            builder.add(glob).map_err(|err| err.to_string())?;
        }
        let globs = builder.build().map_err(|err| err.to_string())?;
        let mut builder = TypesBuilder::new();
        builder.add_defaults();
        for (name, wanted) in types {
            if *wanted {
                builder.select(name);
            } else {
                builder.negate(name);
            }
        }
        let types = builder.build().map_err(|err| err.to_string())?;
        Ok(Filter { hidden, no_ignore, globs, types, scopes: Mutex::new(HashMap::new()) })
    }

    /// The names of the file types `-t` knows, with their globs (`--type-list`).
    pub(crate) fn type_list() -> String {
        let mut builder = TypesBuilder::new();
        builder.add_defaults();
        let mut out = String::new();
        let mut definitions = builder.definitions();
        definitions.sort_by(|a, b| a.name().cmp(b.name()));
        for def in definitions {
            out.push_str(&format!("{}: {}\n", def.name(), def.globs().join(", ")));
        }
        out
    }

    /// The scope inside the directory `abs`, just listed (`entries`): its ignore files read,
    /// over its parent's scope (for a directory the search starts at, its ancestors').
    pub(crate) fn enter(&self, fs: &Fs<'_>, abs: &str, entries: &[DirEntry]) -> Option<Arc<Scope>> {
        if self.no_ignore {
            return None;
        }
        let parent = {
            let known = self.scopes.lock().unwrap_or_else(|p| p.into_inner()).get(path::parent(abs)).cloned();
            match known {
                Some(parent) => Some(parent),
                None if abs != "/" => self.ancestors(fs, path::parent(abs)),
                None => None,
            }
        };
        let has = |name: &str| entries.iter().any(|entry| entry.name == name);
        let in_git = has(".git") || parent.as_ref().is_some_and(|p| p.in_git);
        let scope = Arc::new(Scope { rules: rules(fs, abs, in_git, &has), in_git, parent });
        self.scopes.lock().unwrap_or_else(|p| p.into_inner()).insert(abs.to_string(), scope.clone());
        Some(scope)
    }

    /// The scope inside `dir` from the ignore files of it and every directory above it.
    fn ancestors(&self, fs: &Fs<'_>, dir: &str) -> Option<Arc<Scope>> {
        let mut chain = vec![dir];
        while let Some(last) = chain.last().copied().filter(|d| *d != "/") {
            chain.push(path::parent(last));
        }
        // A `.git` in a directory puts it and what is below it in the repository.
        let git_at = chain.iter().position(|d| fs.stat(&path::join(d, ".git")).is_ok());
        let mut scope: Option<Arc<Scope>> = None;
        for (depth, dir) in chain.iter().enumerate().rev() {
            let in_git = git_at.is_some_and(|at| depth <= at);
            let has = |name: &str| fs.stat(&path::join(dir, name)).is_ok_and(|meta| !meta.is_dir());
            let rules = rules(fs, dir, in_git, &has);
            if rules.is_some() || scope.is_some() || in_git {
                scope = Some(Arc::new(Scope { rules, in_git, parent: scope }));
            }
        }
        scope
    }

    /// Whether the walk leaves out the entry `name` (at `abs`, a directory or not) of a
    /// directory whose scope is `scope`.
    pub(crate) fn leaves_out(&self, scope: Option<&Arc<Scope>>, abs: &str, name: &str, is_dir: bool) -> bool {
        // As the `ignore` crate decides: a glob first; then the ignore files and the types,
        // either leaving it out; a hidden name is left out unless one of them named it.
        match self.globs.matched(abs, is_dir) {
            Match::Whitelist(_) => return false,
            Match::Ignore(_) => return true,
            Match::None => {}
        }
        let mut named = false;
        if let Some(scope) = scope {
            match scope.matched(abs, is_dir) {
                Match::Ignore(()) => return true,
                Match::Whitelist(()) => named = true,
                Match::None => {}
            }
        }
        match self.types.matched(abs, is_dir) {
            Match::Ignore(_) => return true,
            Match::Whitelist(_) => named = true,
            Match::None => {}
        }
        !named && !self.hidden && name.starts_with('.')
    }
}

/// The rules of the ignore files in `dir` (`has` says which are there): `None` when none.
fn rules(fs: &Fs<'_>, dir: &str, in_git: bool, has: &dyn Fn(&str) -> bool) -> Option<Gitignore> {
    let mut builder = GitignoreBuilder::new(dir);
    let mut any = false;
    for file in IGNORE_FILES {
        let at = path::join(dir, file);
        // Read only where the policy lets it be read outright: a search must not put a
        // question, or leave a refusal, about a file the user did not name.
        if (file == ".gitignore" && !in_git) || !has(file) || !fs.reads_freely(&at) {
            continue;
        }
        let Ok(reader) = fs.open_reader(&at) else { continue };
        let mut text = Vec::new();
        if reader.take(MOST).read_to_end(&mut text).is_err() {
            continue;
        }
        for line in toolsh_bytes::decode(&text).lines() {
            // A line the crate cannot read is left out, as ripgrep leaves it out.
            any |= builder.add_line(None, line).is_ok();
        }
    }
    if !any {
        return None;
    }
    builder.build().ok()
}
