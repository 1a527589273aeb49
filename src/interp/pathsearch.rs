//! bash's search of `PATH` for a command name that is nothing else here (no function, builtin
//! or tool): an executable workspace file in one of `PATH`'s directories runs by its name, as
//! bash runs it — a script in `./bin` after `PATH=$PWD/bin:$PATH` — and is remembered in the
//! command hash table (`hash`, `type` say so), which the next run looks in first. The host's
//! own program directories are not in the workspace, so nothing of the host is found this way
//! (host programs run only as the operator declares them).

use super::Interp;
use std::sync::Arc;

/// The `PATH` bash's `command -p` searches (the C library's `_CS_PATH` on Linux).
const STANDARD_PATH: &str = "/bin:/usr/bin";

/// A file `PATH` holds for a name.
pub(crate) struct Found {
    /// Its path, as bash writes it (`DIR/NAME`).
    pub path: String,
    /// Whether it may run: a regular file with an execute bit. bash takes the first such
    /// file; with none, the first regular file there is, which then cannot run.
    pub executable: bool,
}

impl Interp {
    /// Where `PATH` finds `name` ([`toolsh_core::session::State::find_on_path`]).
    pub(crate) fn find_on_path(&self, name: &str) -> Option<Found> {
        let (path, executable) = self.state.find_on_path(name, |abs| self.shared.vfs().stat(abs).ok())?;
        Some(Found { path, executable })
    }

    /// Every executable file of the name `name` on `PATH`, in its order: what `type -a`
    /// lists (bash's `user_command_matches` with `FS_EXEC_ONLY`).
    pub(crate) fn executables_on_path(&self, name: &str) -> Vec<String> {
        let stat = |abs: &str| self.shared.vfs().stat(abs).ok();
        self.state.files_on_path(name, stat).filter(|(_, executable)| *executable).map(|(path, _)| path).collect()
    }

    /// The executable file of the name `name` in the standard `PATH` (`/bin:/usr/bin`, what
    /// bash's `command -p` searches: the system's `getconf PATH`).
    pub(crate) fn standard_path_file(&self, name: &str) -> Option<String> {
        let stat = |abs: &str| self.shared.vfs().stat(abs).ok();
        self.state.files_in(STANDARD_PATH, name, stat).find(|(_, executable)| *executable).map(|(path, _)| path)
    }

    /// Empties the command hash table when `PATH` changed since it was filled, as setting
    /// `PATH` empties bash's (`sv_path`), and notes the `PATH` it is kept for.
    pub(crate) fn hash_table_for_path(&mut self) {
        let path = self.state.vars.get_str("PATH").map(str::to_string);
        if self.state.hashed.path != path {
            let table = Arc::make_mut(&mut self.state.hashed);
            // Entries made before any `PATH` was noted (`hash -p`) are kept for this one.
            if table.path.is_some() {
                table.paths = toolsh_core::assoc::Assoc::with_buckets(256);
                table.hits.clear();
            }
            table.path = path;
        }
    }

    /// The file `name` runs as: the one the hash table remembers while it is still there
    /// (bash's `phash_search`: a relative one as `./PATH`), else the one `PATH` finds.
    pub(crate) fn lookup_file(&self, name: &str) -> Option<Found> {
        let remembered = self.state.hashed.paths.get(name).filter(|_| self.hashing()).and_then(|path| {
            let meta = self.shared.vfs().stat(&self.state.abs_path(path)).ok()?;
            let path = match path.starts_with('/') || path.starts_with("./") {
                true => path.clone(),
                false => format!("./{path}"),
            };
            (meta.kind == crate::vfs::FileKind::File).then_some(Found { path, executable: meta.mode & 0o111 != 0 })
        });
        remembered.or_else(|| self.find_on_path(name))
    }

    fn hashing(&self) -> bool {
        self.state.options.get(toolsh_core::options::Kind::Set, "hashall") != Some(false)
    }

    /// [`Interp::lookup_file`] after `PATH`'s changes empty the table; what it finds is
    /// remembered for next time, its hit counted, when `used` (hashing on, `set -h`).
    pub(crate) fn command_file(&mut self, name: &str, used: bool) -> Option<Found> {
        self.hash_table_for_path();
        let found = self.lookup_file(name)?;
        if self.hashing() && used {
            let table = Arc::make_mut(&mut self.state.hashed);
            table.paths.insert(name.to_string(), found.path.clone());
            *table.hits.entry(name.to_string()).or_insert(0) += 1;
        }
        Some(found)
    }
}
