//! The session: what a shell carries between commands ([`State`]: variables, functions, cwd,
//! options, limits), what one execution shares ([`Shared`]: the workspace, the gate, the
//! deadline, the counters); the limits and the exit statuses are toolsh-gate's, re-exported.
//!
//! The interpreter (the `toolsh` crate) builds these; commands see them only through
//! [`crate::command::Ctx`], which keeps the [`Shared`] to itself.

use crate::ast::FunctionDef;
use crate::io::{self, Io};
use crate::vars::{self, Attrs, Vars};
use crate::vfs::Vfs;
use futures::future::BoxFuture;
use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;
use toolsh_gate::pace;

pub use toolsh_gate::limits::{Limits, NAMED_LIMITS, NamedLimit, PROMOTED_TIME};
pub use toolsh_gate::status::Status;

pub use crate::options::Options;

/// A frame of the call stack: a function being run, or a file being sourced.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Frame {
    /// The function's name, or `source` for a sourced file.
    pub name: String,
    /// The file the function was defined in, or the sourced file.
    pub source: Arc<str>,
    /// The line it was called from, in the file of the frame below.
    pub line: u32,
    /// The positional parameters of the frame below, as they were when this one began
    /// (`BASH_ARGV` shows the outermost ones).
    pub outer_args: Arc<Vec<String>>,
    /// The `set` options `local -` saved, restored when the function returns.
    pub set_options: Option<Options>,
}

impl State {
    /// `FUNCNAME`, innermost first: empty outside functions; in a script, `main` at the bottom.
    pub fn funcname(&self) -> Vec<String> {
        if !self.frames.iter().any(|frame| frame.name != "source") {
            return Vec::new();
        }
        self.stack_names()
    }

    /// The names of the whole call stack, innermost first, `main` at the bottom of a script's
    /// (what `caller` reads, which FUNCNAME shows only inside a function).
    pub fn stack_names(&self) -> Vec<String> {
        let mut names: Vec<String> = self.frames.iter().rev().map(|frame| frame.name.clone()).collect();
        if !self.main_source.is_empty() {
            names.push("main".to_string());
        }
        names
    }

    /// `BASH_SOURCE`, innermost first: each frame's file, then the script's.
    pub fn bash_source(&self) -> Vec<String> {
        let mut files: Vec<String> = self.frames.iter().rev().map(|frame| frame.source.to_string()).collect();
        if !self.main_source.is_empty() {
            files.push(self.main_source.to_string());
        }
        files
    }

    /// `BASH_ARGV` as bash sets it outside extended debugging: the positional parameters of
    /// the script (or of the file sourced with arguments) outside every function, last first.
    /// Under `shopt -s extdebug`, the whole stack: the arguments of the running function, then
    /// of each function out to the script's, each last first (sourced files push none here).
    pub fn bash_argv(&self) -> Vec<String> {
        if self.extdebug() {
            return self.argument_stack().flat_map(|args| args.iter().rev().cloned()).collect();
        }
        let args = match self.frames.iter().find(|frame| frame.name != "source") {
            Some(frame) => &frame.outer_args,
            None => &self.positional,
        };
        args.iter().rev().cloned().collect()
    }

    /// `BASH_ARGC`: how many of `BASH_ARGV`'s words each level holds, innermost first.
    pub fn bash_argc(&self) -> Vec<String> {
        if self.extdebug() {
            return self.argument_stack().map(|args| args.len().to_string()).collect();
        }
        vec![self.bash_argv().len().to_string()]
    }

    fn extdebug(&self) -> bool {
        self.options.get(crate::options::Kind::Shopt, "extdebug") == Some(true)
    }

    /// The positional parameters of each function level, innermost first, the script's last.
    fn argument_stack(&self) -> impl Iterator<Item = &Vec<String>> {
        let functions = self.frames.iter().rev().filter(|frame| frame.name != "source");
        std::iter::once(self.positional.as_ref()).chain(functions.map(|frame| frame.outer_args.as_ref()))
    }

    /// `BASH_LINENO`, innermost first: the line each frame was called from, then 0 for the
    /// script's own.
    pub fn bash_lineno(&self) -> Vec<String> {
        let mut lines: Vec<String> = self.frames.iter().rev().map(|frame| frame.line.to_string()).collect();
        if !self.main_source.is_empty() {
            lines.push("0".to_string());
        }
        lines
    }
}

/// A function's attributes (`declare -fx`, `declare -fr`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct FunctionAttrs {
    /// `export -f`: listed by `export -f` and `declare -xf` (toolsh has no environment to pass it in).
    pub exported: bool,
    /// `readonly -f`: neither defined again nor unset.
    pub readonly: bool,
    /// `declare -ft`: the function inherits the DEBUG and RETURN traps, as all do under
    /// `set -T`.
    pub traced: bool,
}

impl FunctionAttrs {
    /// The letters bash's `declare -F` shows after `f` (`r`, `t`, `x`, in that order).
    pub fn letters(self) -> String {
        [(self.readonly, 'r'), (self.traced, 't'), (self.exported, 'x')]
            .into_iter()
            .filter_map(|(on, letter)| on.then_some(letter))
            .collect()
    }
}

/// The session: everything a subshell inherits. Its limits stay within the ceiling it was
/// made with, whoever holds it mutably: they change only through [`State::set_limit`],
/// [`State::lower_limits`], [`State::clamp_limits`] and [`State::reset_limits`].
///
/// ```
/// use toolsh_core::session::{Limits, NAMED_LIMITS, State};
/// let mut state = State::new("/", Limits { jobs: 4, ..Limits::default() });
/// let jobs = NAMED_LIMITS.iter().find(|l| l.name == "jobs").unwrap();
/// assert_eq!(state.set_limit(jobs, 9), Err(4));
/// state.lower_limits(|limits| limits.jobs = 2);
/// state.lower_limits(|limits| limits.jobs = 3);
/// assert_eq!(state.limits().jobs, 2);
/// state.clamp_limits(|limits| limits.jobs = 100);
/// assert_eq!(state.limits().jobs, 4);
/// ```
///
/// ```compile_fail
/// fn raise(state: &mut toolsh_core::session::State) {
///     state.limits.jobs = usize::MAX;
/// }
/// ```
#[derive(Clone)]
pub struct State {
    /// Variables.
    pub vars: Vars,
    /// Functions by name.
    pub functions: Arc<rustc_hash::FxHashMap<String, Arc<FunctionDef>>>,
    /// The attributes of the functions that have any (`export -f`, `readonly -f`), by name:
    /// kept apart from the definitions, as bash keeps them across a new definition.
    pub function_attrs: Arc<rustc_hash::FxHashMap<String, FunctionAttrs>>,
    /// Working directory (absolute virtual path).
    pub cwd: String,
    /// `$0`
    pub arg0: String,
    /// `$1 …`
    pub positional: Arc<Vec<String>>,
    /// Whether the `set` builtin gave new positional parameters outside any function since a
    /// sourced file with arguments started (bash's `ARGS_SETBLTIN`): that file's `.` then
    /// keeps them rather than putting the caller's back.
    pub positional_set: bool,
    /// Options.
    pub options: Options,
    /// `$?`
    pub last_status: Status,
    /// Trap actions by condition (`EXIT`, `ERR`).
    pub traps: Arc<HashMap<String, String>>,
    /// Whether text this session ran names `BASH_COMMAND`: only then (or with a trap set) is
    /// each simple command's text kept for it.
    pub reads_bash_command: bool,
    /// In a subshell that has set no trap yet: the traps of the shell it was made from, which
    /// `trap` lists there (bash), though they no longer run.
    pub parent_traps: Option<Arc<HashMap<String, String>>>,
    /// `$!`
    pub last_background: Option<u32>,
    /// `pushd` stack.
    pub dir_stack: Vec<String>,
    /// `DIRSTACK` as it was last read: bash computes the array when it is referenced and its
    /// listings (`declare -a`, `set`) show that value, empty until the first reference.
    pub dirstack_read: Vec<String>,
    /// The operands of the running `read`, `printf`, `wait` or `unset` written as array
    /// references (`read A[$k]`, bash's `W_ARRAYREF`), as they expanded: under
    /// `assoc_expand_once` such an operand's key runs to its last `]`.
    pub arrayref_words: Vec<String>,
    /// The command hash table (`hash -p`, `BASH_CMDS`).
    pub hashed: Arc<HashTable>,
    /// The programmable-completion specifications (`complete`, `compopt`).
    pub completions: Arc<crate::compspec::Completions>,
    /// The completion being generated, while its function runs (`compopt` without a name).
    pub completing: Option<crate::compspec::Current>,
    /// `alias` definitions, by name.
    pub aliases: std::sync::Arc<std::collections::BTreeMap<String, String>>,
    /// The functions and sourced files being run, outermost first (FUNCNAME, BASH_SOURCE,
    /// BASH_LINENO, `caller`).
    pub frames: Vec<Frame>,
    /// The file whose commands run now: a script's or sourced file's name, empty for a typed
    /// line (bash `-c`).
    pub source: Arc<str>,
    /// The script the session runs (`toolsh script.sh`), the bottom of the call stack
    /// (`main`); empty for typed lines.
    pub main_source: Arc<str>,
    /// The file each function was defined in (a function's BASH_SOURCE), by name.
    pub function_sources: Arc<HashMap<String, Arc<str>>>,
    /// State of `$RANDOM`'s generator (bash's, so `RANDOM=N` gives bash's sequence).
    pub random_seed: u64,
    /// The last `$RANDOM` given (bash never gives the same number twice in a row).
    pub last_random: u32,
    /// What `$SECONDS` counts from: the value last assigned and when (`None`: the shell's
    /// start, which the caller knows).
    pub seconds_from: Option<(std::time::Instant, i64)>,
    /// The dynamic variables ([`DYNAMIC`]) that `unset` made ordinary: as in bash, they keep
    /// no special meaning even when set again.
    pub ordinary: Vec<&'static str>,
    /// The user's home as the password file would give it: the `HOME` the session started
    /// with (`~NAME` of the session's user, and `~` once `HOME` is unset, as bash falls back).
    pub login_home: Arc<str>,
    /// The builtins `enable -n` disabled (listed as such; each still runs).
    pub disabled_builtins: Vec<String>,
    /// The signals ignored (`trap '' SIG`) when this shell started as a new one (a script, a
    /// `bash -c`): as in bash, `trap` cannot change them here.
    pub ignored_at_entry: Vec<String>,
    /// Nesting of subshells (`$BASH_SUBSHELL`).
    pub subshell_level: u32,
    /// `$BASHPID` in a subshell: a virtual process id of its own ([`Shared::next_pid`]), as
    /// bash's forked child has; `None` in the shell itself, whose `$BASHPID` is `$$`, and
    /// `Some(0)` in a subshell that has not read it yet (the id is drawn when first read, so
    /// subshells that never read it take no number from `$!`'s sequence).
    pub bashpid: Option<u32>,
    /// `$LINENO`: the line of the simple command being run.
    pub lineno: u32,
    /// The history list (`history`, `fc`, `!` expansion), shared with subshells until one
    /// changes it.
    pub history: Arc<crate::history::History>,
    /// What history expansion remembers between lines (the last search, the last `:s`).
    pub hist_memory: crate::histexpand::Memory,
    /// The limits in force ([`State::limits`]); changed only through the verbs below, each
    /// of which keeps every limit within `ceiling`.
    limits: Limits,
    /// The limits the shell was built with: none of `limits` ever goes above these.
    ceiling: Limits,
    /// `getopts`: position inside the current option word, and the `OPTIND` it last set (an
    /// `OPTIND` the user changed restarts parsing).
    pub getopts_char: usize,
    /// See `getopts_char`.
    pub getopts_optind: String,
    /// `$_`: the last argument of the previous simple command run in this shell.
    pub last_arg: String,
    /// What a call's deadline does to a line still running (`config set on-timeout`).
    pub on_deadline: OnDeadline,
    /// The file-creation mask `umask` shows and sets (kept, not applied: files are created
    /// with the workspace's own modes).
    pub umask: u32,
    /// Set by a command whose error drops the rest of the command line, as an expansion
    /// error does (an arithmetic error in a subscript it assigns or unsets: bash jumps back to
    /// its top level); the interpreter takes it when the command ends ([`Ctx::discard_line`]).
    ///
    /// [`Ctx::discard_line`]: crate::command::Ctx::discard_line
    pub discard_line: bool,
}

/// bash's command hash table: where each remembered name is found, and how many times it was
/// used. No command here is a file found on a PATH, so only `hash -p` and assignments to
/// `BASH_CMDS` fill it; it is listed (`hash`, `BASH_CMDS`) in the order of bash's own table.
#[derive(Debug, Clone)]
pub struct HashTable {
    /// Name to path, in a table of bash's 256 buckets (`FILENAME_HASH_BUCKETS`).
    pub paths: crate::assoc::Assoc,
    /// Uses of each name (`hash -t` counts one), for `hash`'s `hits` column.
    pub hits: HashMap<String, u32>,
    /// `PATH` when the table was last filled: bash empties the table whenever `PATH` is
    /// set, which is seen here the next time the table is looked at.
    pub path: Option<String>,
}

impl Default for HashTable {
    fn default() -> Self {
        HashTable { paths: crate::assoc::Assoc::with_buckets(256), hits: HashMap::new(), path: None }
    }
}

/// What a call's deadline does to a line still running then.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum OnDeadline {
    /// Stops it (status 124, the limit named).
    #[default]
    Stop,
    /// Promotes it to a background job: the call returns what it printed so far and
    /// [`toolsh_gate::status::PROMOTED`]; the line runs on, its output in its job's log.
    Background,
}

impl OnDeadline {
    /// The word `config` and the MCP `on_timeout` argument use.
    pub fn name(self) -> &'static str {
        match self {
            OnDeadline::Stop => "stop",
            OnDeadline::Background => "background",
        }
    }

    /// The setting a word names.
    pub fn named(word: &str) -> Option<OnDeadline> {
        match word {
            "stop" => Some(OnDeadline::Stop),
            "background" => Some(OnDeadline::Background),
            _ => None,
        }
    }
}

/// The name of toolsh's machine (`$HOSTNAME`, `uname -n`, `hostname`).
pub const HOSTNAME: &str = "toolsh";
/// The variables bash computes at each use, which `unset` makes ordinary for good.
pub const DYNAMIC: &[&str] = &[
    "RANDOM",
    "SECONDS",
    "LINENO",
    "EPOCHSECONDS",
    "EPOCHREALTIME",
    "BASHPID",
    "BASH_ARGV0",
    "FUNCNAME",
    "BASH_SOURCE",
    "BASH_LINENO",
    "HISTCMD",
    "GROUPS",
];

/// The agent's user and group id (`$UID`, `$EUID`, `id`).
pub const AGENT_ID: u32 = 1000;
/// `$PATH` in a new session.
pub const DEFAULT_PATH: &str = "/usr/local/bin:/usr/bin:/bin";

/// The variables a shell sets as it starts (the session's, or `bash` run inside it): those
/// bash always sets anew (`IFS`, `OPTIND`, `BASH_VERSION`, `UID`, `PPID`, …), and those it
/// takes from its environment when they are there (`HOME`, `PATH`, `SHELL`, `PS4`). `inherited`
/// says the others may be there already, from the environment the new shell was given.
fn shell_variables(vars: &mut Vars, cwd: &str, inherited: bool) {
    // Scripts test these to know they run under bash; toolsh aims to be that bash.
    let machtype = format!("{}-pc-linux-gnu", std::env::consts::ARCH);
    let always = [
        ("IFS", " \t\n"),
        ("OPTIND", "1"),
        ("OPTERR", "1"),
        ("PWD", cwd),
        ("BASH_VERSION", "5.2.0(1)-toolsh"),
        ("OSTYPE", "linux-gnu"),
        ("HOSTNAME", HOSTNAME),
        ("HOSTTYPE", std::env::consts::ARCH),
        // `$BASH` names the shell scripts run under (they test it to know bash runs them).
        ("BASH", "/bin/bash"),
        ("MACHTYPE", machtype.as_str()),
        // Where programmable completion splits a line into `COMP_WORDS`.
        ("COMP_WORDBREAKS", " \t\n\"'@><=;|&(:"),
    ];
    for (name, value) in always {
        let _ = vars.set(name, value);
    }
    // bash exports `PWD` as it starts, and `OLDPWD` (declared without a value until a `cd`).
    if let Some(var) = vars.get_mut("PWD") {
        var.attrs.set(vars::Attrs::EXPORT, true);
    }
    if vars.get_raw("OLDPWD").is_none() {
        let mut attrs = vars::Attrs::default();
        attrs.set(vars::Attrs::EXPORT, true);
        vars.insert("OLDPWD", vars::Var { value: vars::Value::Unset, attrs });
    }
    for name in ["UID", "EUID"] {
        let _ = vars.set(name, AGENT_ID.to_string());
    }
    // The agent's one group, as `id -G` says (scripts pass `${GROUPS[0]}` to chgrp).
    if vars.get_raw("GROUPS").is_none() {
        let groups = std::iter::once((0, AGENT_ID.to_string())).collect();
        vars.insert("GROUPS", vars::Var { value: vars::Value::Indexed(groups), attrs: vars::Attrs::default() });
    }
    let _ = vars.set("PPID", std::os::unix::process::parent_id().to_string());
    for (name, value) in [("PS4", "+ "), ("HOME", "/")] {
        if !inherited || vars.get(name).is_none() {
            let _ = vars.set(name, value);
        }
    }
    // `PATH` and `SHELL` are exported, as in any login: no command here is looked up on the
    // PATH, but scripts read and extend it.
    for (name, value) in [("PATH", DEFAULT_PATH), ("SHELL", "/bin/bash")] {
        if !inherited || vars.get(name).is_none() {
            let _ = vars.set(name, value);
            if let Some(var) = vars.get_mut(name) {
                var.attrs.set(vars::Attrs::EXPORT, true);
            }
        }
    }
    let versinfo = ["5", "2", "0", "1", "toolsh", machtype.as_str()];
    let _ = vars.set_value(
        "BASH_VERSINFO",
        vars::Value::Indexed(versinfo.iter().enumerate().map(|(i, v)| (i as i64, v.to_string())).collect()),
    );
}

impl State {
    /// A new session in `cwd`.
    pub fn new(cwd: &str, ceiling: Limits) -> Self {
        let mut vars = Vars::new();
        shell_variables(&mut vars, cwd, false);
        let seed = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos() as u64)
            .unwrap_or(12345);
        let mut state = State {
            vars,
            functions: Arc::new(Default::default()),
            function_attrs: Arc::default(),
            cwd: cwd.to_string(),
            arg0: "toolsh".to_string(),
            positional: Arc::new(Vec::new()),
            positional_set: false,
            options: Options::default(),
            last_status: 0,
            traps: Arc::new(HashMap::new()),
            reads_bash_command: false,
            parent_traps: None,
            last_background: None,
            dir_stack: Vec::new(),
            dirstack_read: Vec::new(),
            arrayref_words: Vec::new(),
            hashed: Arc::default(),
            completions: Arc::default(),
            completing: None,
            aliases: Default::default(),
            frames: Vec::new(),
            source: Arc::from(""),
            main_source: Arc::from(""),
            function_sources: Arc::default(),
            random_seed: seed & 0x7fff_ffff,
            last_random: 0,
            seconds_from: None,
            ordinary: Vec::new(),
            disabled_builtins: Vec::new(),
            ignored_at_entry: Vec::new(),
            login_home: Arc::from("/"),
            subshell_level: 0,
            bashpid: None,
            getopts_char: 0,
            getopts_optind: "1".to_string(),
            last_arg: String::new(),
            on_deadline: OnDeadline::Stop,
            lineno: 0,
            history: Arc::default(),
            hist_memory: Default::default(),
            limits: ceiling,
            ceiling,
            umask: 0o022,
            discard_line: false,
        };
        state.sync_option_variables();
        state
    }

    /// The limits in force.
    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    /// The limits the shell was built with, which no limit of this state goes above.
    pub fn ceiling(&self) -> &Limits {
        &self.ceiling
    }

    /// Sets one limit to `value` if it is within the ceiling ([`NamedLimit::within`]: a time
    /// of 0, none, only when the ceiling has none); `Err` with the ceiling's value otherwise.
    pub fn set_limit(&mut self, limit: &NamedLimit, value: u64) -> Result<(), u64> {
        let most = (limit.get)(&self.ceiling);
        if !limit.within(value, most) {
            return Err(most);
        }
        (limit.set)(&mut self.limits, value);
        Ok(())
    }

    /// The limits the shell was built with, again (a new session of the same shell).
    pub fn reset_limits(&mut self) {
        self.limits = self.ceiling;
    }

    /// Lowers the limits as `lower` says; a limit `lower` would raise stays as it was
    /// (`ulimit` lowers, never raises).
    pub fn lower_limits(&mut self, lower: impl FnOnce(&mut Limits)) {
        let before = self.limits;
        let mut after = before;
        lower(&mut after);
        for limit in NAMED_LIMITS {
            let wanted = (limit.get)(&after);
            if limit.within(wanted, (limit.get)(&before)) {
                (limit.set)(&mut self.limits, wanted);
            }
        }
    }

    /// Changes the limits as `change` says, each held to the ceiling: one past it is the
    /// ceiling's (a restored session's, a caller's per-line deadline).
    pub fn clamp_limits(&mut self, change: impl FnOnce(&mut Limits)) {
        let mut after = self.limits;
        change(&mut after);
        for limit in NAMED_LIMITS {
            let (wanted, most) = ((limit.get)(&after), (limit.get)(&self.ceiling));
            (limit.set)(&mut self.limits, if limit.within(wanted, most) { wanted } else { most });
        }
    }

    /// Where `PATH` finds the command `name` (a name without a slash), as bash's search does:
    /// the first executable regular file of that name in its directories, else the first
    /// regular file (which then cannot run): its path as bash writes it (`DIR/NAME`; an empty
    /// entry, or no `PATH` at all, is the working directory, `./NAME`; a leading `~` is the
    /// home) and whether it may run. `stat` looks at an absolute path.
    pub fn find_on_path(&self, name: &str, stat: impl Fn(&str) -> Option<crate::vfs::Meta>) -> Option<(String, bool)> {
        let mut first_file = None;
        for (found, executable) in self.files_on_path(name, stat) {
            if executable {
                return Some((found, true));
            }
            first_file.get_or_insert(found);
        }
        first_file.map(|path| (path, false))
    }

    /// Every regular file `PATH` holds by the name `name`, in its order, each with whether it
    /// may run: what `type -a` lists (its executable ones) and [`State::find_on_path`] picks
    /// from.
    pub fn files_on_path<'a>(
        &'a self,
        name: &'a str,
        stat: impl Fn(&str) -> Option<crate::vfs::Meta> + 'a,
    ) -> impl Iterator<Item = (String, bool)> + 'a {
        self.files_in(self.vars.get_str("PATH").unwrap_or(""), name, stat)
    }

    /// [`State::files_on_path`] over the directories of `path` (a `PATH` value) in its
    /// place: `command -p` searches bash's standard one.
    pub fn files_in<'a>(
        &'a self,
        path: &'a str,
        name: &'a str,
        stat: impl Fn(&str) -> Option<crate::vfs::Meta> + 'a,
    ) -> impl Iterator<Item = (String, bool)> + 'a {
        let home = self.vars.get_str("HOME").unwrap_or("");
        let searched = !(name.is_empty() || name.contains('/'));
        let dirs = path.split(':').filter(move |_| searched);
        dirs.filter_map(move |dir| {
            let dir = match dir.strip_prefix('~') {
                Some(rest) if rest.is_empty() || rest.starts_with('/') => format!("{home}{rest}"),
                _ => dir.to_string(),
            };
            let found =
                if dir.is_empty() { format!("./{name}") } else { format!("{}/{name}", dir.trim_end_matches('/')) };
            let meta = stat(&self.abs_path(&found))?;
            (meta.kind == crate::vfs::FileKind::File).then_some((found, meta.mode & 0o111 != 0))
        })
    }

    /// Resolves `path` against the working directory.
    pub fn abs_path(&self, path: &str) -> String {
        crate::vfs::path::operand(&self.cwd, path)
    }

    /// Sets a variable, printing nothing; false when it is readonly.
    pub fn set_var(&mut self, name: &str, value: impl Into<String>) -> bool {
        self.try_set_var(name, value).is_ok()
    }

    /// [`State::set_var`], saying why it refused.
    pub fn try_set_var(&mut self, name: &str, value: impl Into<String>) -> Result<(), crate::vars::SetError> {
        self.vars.set(name, value)?;
        if self.options.allexport
            && let Some(var) = self.vars.get_mut(name)
        {
            var.attrs.set(Attrs::EXPORT, true);
        }
        Ok(())
    }

    /// What bash puts before a message of the shell's own and of its builtins: the file being
    /// run (a sourced file's name, else `$0`) and the line of the command, `s.sh: line 4: `;
    /// at the console only the shell's name, `toolsh: `. The builtin's name, if any, follows.
    pub fn diagnostic_prefix(&self) -> String {
        let name = self.diagnostic_name();
        if self.options.interactive { format!("{name}: ") } else { format!("{name}: line {}: ", self.lineno) }
    }

    /// The name bash's messages start with: the file being run (a sourced file's name, else
    /// `$0`); at the console the shell's name.
    pub fn diagnostic_name(&self) -> &str {
        if self.options.interactive {
            return self.arg0.rsplit('/').next().unwrap_or(&self.arg0);
        }
        if self.source.is_empty() { &self.arg0 } else { &self.source }
    }

    /// The `$-` flags.
    pub fn flags(&self) -> String {
        let mut flags = self.options.flags();
        // The console's shell is interactive (`i`, after `h` as bash writes it); text run as
        // `-c` (every line that is not a named script's nor typed at the console): bash's `c`.
        if self.options.interactive {
            let at = flags.find('h').map_or(0, |h| h + 1);
            flags.insert(at, 'i');
        } else if self.main_source.is_empty() {
            flags.push('c');
        }
        flags
    }

    /// `DIRSTACK` now: the working directory, then the stack's entries as `dirs` lists them;
    /// read, so that listings show it from now on ([`State::dirstack_read`]).
    pub fn read_dirstack(&mut self) -> Vec<String> {
        let items: Vec<String> = std::iter::once(&self.cwd).chain(self.dir_stack.iter().rev()).cloned().collect();
        self.dirstack_read.clone_from(&items);
        items
    }

    /// Whether `name` is still one of the variables bash computes at each use ([`DYNAMIC`]),
    /// not unset into an ordinary one.
    pub fn is_dynamic(&self, name: &str) -> bool {
        DYNAMIC.contains(&name) && !self.ordinary.contains(&name)
    }

    /// `unset NAME` of a dynamic variable: from now on it is an ordinary one (bash's rule for
    /// `RANDOM`, `SECONDS`, `LINENO`, …). False for any other name.
    pub fn make_ordinary(&mut self, name: &str) -> bool {
        match DYNAMIC.iter().find(|d| **d == name) {
            Some(known) if !self.ordinary.contains(known) => {
                self.ordinary.push(known);
                true
            }
            _ => false,
        }
    }

    /// `$SECONDS` now, the shell having started at `started`; `None` once unset made it an
    /// ordinary variable. A value assigned to it (kept as the variable until it is settled,
    /// as `RANDOM=N` is) is what it counts from, since the assignment.
    pub fn seconds(&mut self, started: std::time::Instant) -> Option<i64> {
        if !self.is_dynamic("SECONDS") {
            return None;
        }
        self.settle_seconds();
        Some(match self.seconds_from {
            Some((at, from)) => from.wrapping_add(at.elapsed().as_secs() as i64),
            None => started.elapsed().as_secs() as i64,
        })
    }

    /// Takes a value assigned to `SECONDS` as what it counts from, from now on (the
    /// interpreter settles its own assignments at once; others are settled when next read).
    pub fn settle_seconds(&mut self) {
        if !self.is_dynamic("SECONDS") {
            return;
        }
        if let Some(from) = self.vars.get_str("SECONDS").map(strtoul) {
            self.vars.remove("SECONDS");
            self.seconds_from = Some((std::time::Instant::now(), from as i64));
        }
    }

    /// A shell started from this one (`bash s.sh`, `./s.sh`) sees only the variables exported
    /// to it, then sets its own as it starts (`shell_variables`), as a new bash process does.
    pub fn keep_exported_variables(&mut self) {
        for name in self.vars.names() {
            // The variable itself, not what a reference names: an environment holds no
            // references (an exported one passes its value, the name, as text).
            // Nor arrays: an exported array stays behind (bash).
            let array = self
                .vars
                .get_raw(&name)
                .is_some_and(|v| matches!(v.value, vars::Value::Indexed(_) | vars::Value::Assoc(_)));
            match self.vars.get_raw(&name).map(|v| v.attrs) {
                Some(attrs) if !attrs.has(vars::Attrs::EXPORT) || array => self.vars.remove(&name),
                Some(attrs) if attrs.has(vars::Attrs::NAMEREF) => {
                    if let Some(var) = self.vars.get_raw_mut(&name) {
                        var.attrs.set(vars::Attrs::NAMEREF, false);
                    }
                }
                _ => {}
            }
        }
        shell_variables(&mut self.vars, &self.cwd, true);
    }

    /// `$SHELLOPTS` and `$BASHOPTS` made to say the options in force: the `set -o` and the
    /// `shopt` options that are on, as bash keeps them, read-only variables it sets anew
    /// whenever an option changes. Called where options change (after a builtin that changed
    /// them, as a new shell starts); a variable already right is left alone.
    pub fn sync_option_variables(&mut self) {
        for (name, kind) in [("SHELLOPTS", crate::options::Kind::Set), ("BASHOPTS", crate::options::Kind::Shopt)] {
            let value = self.options.names_on(kind);
            let attrs = match self.vars.get_raw(name) {
                Some(var) if matches!(&var.value, vars::Value::Str(now) if *now == value) => continue,
                Some(var) => var.attrs,
                None => vars::Attrs::default(),
            };
            let mut attrs = attrs;
            attrs.set(vars::Attrs::READONLY, true);
            self.vars.insert(name, vars::Var { value: vars::Value::Str(value), attrs });
        }
    }

    /// A new shell takes the options named in `$SHELLOPTS` and `$BASHOPTS` when they came in
    /// its environment (exported by the shell that started it), as bash does as it starts: how
    /// `export SHELLOPTS` passes `set -e` or `set -x` on to the scripts a script runs.
    pub fn import_option_variables(&mut self) {
        for (name, kind) in [("SHELLOPTS", crate::options::Kind::Set), ("BASHOPTS", crate::options::Kind::Shopt)] {
            let Some(var) = self.vars.get_raw(name).filter(|var| var.attrs.has(vars::Attrs::EXPORT)) else {
                continue;
            };
            let vars::Value::Str(text) = &var.value else { continue };
            let names: Vec<String> = text.split(':').map(str::to_string).collect();
            for option in names {
                // An unknown name is passed over, as bash's `parse_shellopts` does.
                self.options.set(kind, &option, true);
            }
        }
        self.sync_option_variables();
    }

    /// A new shell starts in this state (the session's, or `bash` run inside it): `$SHLVL` is
    /// one more than the level it was started from, as bash counts it (not a number: 0; below
    /// 0: 0; 1000 or more: 1), exported, and `$SECONDS` counts from 0.
    pub fn enter_shell(&mut self) {
        let level = self.vars.get_str("SHLVL").and_then(|text| text.trim().parse::<i64>().ok()).unwrap_or(0);
        let level = match level.saturating_add(1) {
            level if level < 0 => 0,
            level if level >= 1000 => 1,
            level => level,
        };
        let _ = self.vars.set("SHLVL", level.to_string());
        if let Some(var) = self.vars.get_mut("SHLVL") {
            var.attrs.set(vars::Attrs::EXPORT, true);
        }
        self.seconds_from = Some((std::time::Instant::now(), 0));
    }

    /// Next `$RANDOM` value (0–32767).
    pub fn next_random(&mut self) -> u32 {
        // `RANDOM=N` seeds the generator: the assignment is kept as a variable until the
        // next read (bash reads the number as strtoul does: a non-number is 0).
        if let Some(seed) = self.vars.get_str("RANDOM").map(strtoul) {
            self.vars.remove("RANDOM");
            self.random_seed = u64::from(seed as u32);
            self.last_random = 0;
        }
        // bash's generator: Park and Miller's minimal standard (Schrage's method), its two
        // halves folded, 15 bits, never the same number twice in a row.
        loop {
            let mut last = self.random_seed as i64;
            if last == 0 {
                last = 123_459_876;
            }
            let (h, l) = (last / 127_773, last % 127_773);
            let t = 16_807 * l - 2_836 * h;
            self.random_seed = if t < 0 { t + 0x7fff_ffff } else { t } as u64;
            let value = ((self.random_seed >> 16) ^ (self.random_seed & 0xffff)) as u32 & 32767;
            if value != self.last_random {
                self.last_random = value;
                return value;
            }
        }
    }

    /// Draws a new seed for a subshell, as bash reseeds one (two `$(echo $RANDOM)` differ).
    pub fn reseed_random(&mut self, salt: u64) {
        let mixed = (self.random_seed ^ salt.wrapping_mul(0x9e37_79b9_7f4a_7c15)).wrapping_mul(0x2545_f491_4f6c_dd1d);
        self.random_seed = (mixed >> 33) & 0x7fff_ffff;
        self.last_random = 0;
    }
}

/// What a whole execution shares: the workspace, the limits and the counters. Its fields are
/// this file's: the interpreter and the command API reach them through the verbs below, and a
/// command reaches none (its [`crate::command::Ctx`] keeps the `Shared` to itself).
pub struct Shared {
    vfs: Arc<Vfs>,
    /// The ceiling: the limits the shell was built with (a session may only lower its own).
    limits: Limits,
    /// Commands dispatched by the execution in progress (against `Limits::commands`).
    commands_run: AtomicU64,
    /// What the session's executions count together: the line, its jobs, a promoted line.
    counters: Arc<Counters>,
    started: Instant,
    /// Why the current execution was stopped (a limit, its deadline, cancellation): the line
    /// `Shell::run` prints once.
    stop_reason: std::sync::Mutex<Option<(String, Status)>>,
    /// The deadline and cancellation of the execution in progress (tool bodies hold it too).
    pace: Arc<pace::Pace>,
    tools: Arc<toolsh_gate::Registry>,
    gate: Arc<toolsh_gate::Gate>,
    agent: String,
    store: Option<Arc<dyn toolsh_gate::StoreHandle>>,
    audit_sink: Option<Arc<dyn toolsh_gate::audit::AuditSink>>,
    /// Where the shell's own file access (redirections, globs) notes refusals nobody reads:
    /// those surface as the failed operation's own error.
    unheard: std::sync::atomic::AtomicBool,
    /// How far the tool the line is running last said it got (`net.fetch`'s bytes, a mounted
    /// server's progress notifications): what progress reports of a running line show.
    meter: Arc<toolsh_gate::Meter>,
    run_command: RunCommand,
}

/// What a shell is made of, given once to [`Shared::new`].
pub struct SharedParts {
    /// The workspace, ungated (the gate and the shell's own file access wrap it).
    pub vfs: Arc<Vfs>,
    /// The ceiling of every limit.
    pub limits: Limits,
    /// Every tool, by name.
    pub tools: Arc<toolsh_gate::Registry>,
    /// The policy gate and audit log.
    pub gate: Arc<toolsh_gate::Gate>,
    /// The deadline and cancellation the gate was given too.
    pub pace: Arc<pace::Pace>,
    /// The calling agent's name.
    pub agent: String,
    /// The store, when the shell has one.
    pub store: Option<Arc<dyn toolsh_gate::StoreHandle>>,
    /// The embedder's audit sink, when it gave one (otherwise the store takes the records).
    pub audit_sink: Option<Arc<dyn toolsh_gate::audit::AuditSink>>,
    /// How a command runs another (`xargs`, `env`, `find -exec`): the interpreter's own
    /// dispatch, in a subshell of `State`. The interpreter sits above the commands, so it
    /// hands its entry point down here rather than the commands naming it.
    pub run_command: RunCommand,
}

/// The interpreter's entry point for a command run by a command: the subshell's state, the
/// execution, the words and the streams; the command's status.
pub type RunCommand = for<'a> fn(State, &'a Arc<Shared>, Vec<String>, &'a Io) -> BoxFuture<'a, Status>;

/// What every execution of one session counts together.
#[derive(Debug)]
struct Counters {
    /// Commands dispatched over the whole session (against `Limits::session_commands`).
    commands: AtomicU64,
    /// The next virtual process id (`$!`, a job's, a process substitution's).
    next_pid: AtomicU64,
    /// Bytes the session's running commands hold from pipes they read whole, together: the
    /// input-bytes limit bounds this sum, so four `yes | sort &` cannot take four times it.
    held_input: std::sync::atomic::AtomicUsize,
    /// Every background job the session started, in any subshell (a job outlives the subshell
    /// that started it, as in bash): all stop when the session ends.
    jobs: std::sync::Mutex<Vec<tokio::task::AbortHandle>>,
}

impl Counters {
    /// Keeps `job` to be stopped with the session (forgetting those that ended).
    fn track_job(&self, job: tokio::task::AbortHandle) {
        let mut jobs = self.jobs.lock().unwrap_or_else(|p| p.into_inner());
        jobs.retain(|job| !job.is_finished());
        jobs.push(job);
    }

    /// Stops every job of the session.
    fn stop_jobs(&self) {
        for job in self.jobs.lock().unwrap_or_else(|p| p.into_inner()).drain(..) {
            job.abort();
        }
    }
}

impl Default for Counters {
    fn default() -> Self {
        Counters {
            commands: AtomicU64::new(0),
            next_pid: AtomicU64::new(1000),
            held_input: std::sync::atomic::AtomicUsize::new(0),
            jobs: std::sync::Mutex::default(),
        }
    }
}

impl Shared {
    /// A shell's shared parts, its counters at zero.
    pub fn new(parts: SharedParts) -> Shared {
        Shared {
            vfs: parts.vfs,
            limits: parts.limits,
            commands_run: AtomicU64::new(0),
            counters: Arc::default(),
            started: Instant::now(),
            stop_reason: std::sync::Mutex::new(None),
            pace: parts.pace,
            tools: parts.tools,
            gate: parts.gate,
            agent: parts.agent,
            store: parts.store,
            audit_sink: parts.audit_sink,
            unheard: std::sync::atomic::AtomicBool::new(false),
            meter: Arc::default(),
            run_command: parts.run_command,
        }
    }

    /// The workspace, ungated: the interpreter's, to wrap in the gate ([`Shared::shell_fs`]) or
    /// hand to what judges its own reach (globs, snapshots).
    pub fn vfs(&self) -> &Arc<Vfs> {
        &self.vfs
    }

    /// The workspace as the shell's own file access sees it (redirections, globs, `cd`): each
    /// operation judged by the gate in the name of `command`, a refusal noted for
    /// [`Shared::take_unheard`].
    pub fn shell_fs<'a>(&'a self, command: &'a str) -> toolsh_gate::workspace::Fs<'a> {
        toolsh_gate::workspace::Fs::new(&self.vfs, &self.gate, command, &self.unheard)
    }

    /// Whether the shell's own file access was refused since last asked.
    pub fn take_unheard(&self) -> bool {
        self.unheard.swap(false, Ordering::Relaxed)
    }

    /// The ceiling: the limits the shell was built with.
    pub fn ceiling(&self) -> &Limits {
        &self.limits
    }

    /// Every tool, by name.
    pub fn tools(&self) -> &Arc<toolsh_gate::Registry> {
        &self.tools
    }

    /// The policy gate and audit log.
    pub fn gate(&self) -> &Arc<toolsh_gate::Gate> {
        &self.gate
    }

    /// The deadline and cancellation of the execution in progress.
    pub fn pace(&self) -> &Arc<pace::Pace> {
        &self.pace
    }

    /// How far the running tool last said it got.
    pub fn meter(&self) -> &Arc<toolsh_gate::Meter> {
        &self.meter
    }

    /// The calling agent's name.
    pub fn agent(&self) -> &str {
        &self.agent
    }

    /// The store, when the shell has one.
    pub fn store(&self) -> Option<&Arc<dyn toolsh_gate::StoreHandle>> {
        self.store.as_ref()
    }

    /// The embedder's audit sink, when it gave one.
    pub fn audit_sink(&self) -> Option<&Arc<dyn toolsh_gate::audit::AuditSink>> {
        self.audit_sink.as_ref()
    }

    /// The interpreter's entry point for a command run by a command.
    pub fn run_command(&self) -> RunCommand {
        self.run_command
    }

    /// When the session started (`$SECONDS`, `times`).
    pub fn started(&self) -> Instant {
        self.started
    }

    /// Counts one command dispatched: (this execution's count, the session's).
    pub fn count_command(&self) -> (u64, u64) {
        let line = self.commands_run.fetch_add(1, Ordering::Relaxed) + 1;
        (line, self.counters.commands.fetch_add(1, Ordering::Relaxed) + 1)
    }

    /// Commands this execution dispatched so far.
    pub fn commands_run(&self) -> u64 {
        self.commands_run.load(Ordering::Relaxed)
    }

    /// A new execution begins: its command count at zero.
    pub fn begin_execution(&self) {
        self.commands_run.store(0, Ordering::Relaxed);
    }

    /// Why the execution was stopped, once (the next call answers `None`).
    pub fn take_stop(&self) -> Option<(String, Status)> {
        self.stop_reason.lock().unwrap_or_else(|p| p.into_inner()).take()
    }

    /// The next virtual process id (`$!`, a job's, a process substitution's).
    pub fn next_pid(&self) -> u32 {
        self.counters.next_pid.fetch_add(1, Ordering::Relaxed) as u32
    }

    /// Keeps `job` to be stopped with the session.
    pub fn track_job(&self, job: tokio::task::AbortHandle) {
        self.counters.track_job(job);
    }

    /// Stops every job of the session.
    pub fn stop_jobs(&self) {
        self.counters.stop_jobs();
    }

    /// An execution of its own for a background job (or a line promoted to one), beside the
    /// session's: the same workspace, gate, tools, store and session counters, but its own
    /// deadline and cancellation, stop reason, command count and meter, so the next line's
    /// deadline never stops the job, nor the job's limit the line.
    pub fn for_job(&self) -> Shared {
        Shared {
            vfs: self.vfs.clone(),
            limits: self.limits,
            commands_run: AtomicU64::new(0),
            counters: self.counters.clone(),
            started: self.started,
            stop_reason: std::sync::Mutex::new(None),
            pace: Arc::default(),
            tools: self.tools.clone(),
            gate: self.gate.clone(),
            agent: self.agent.clone(),
            store: self.store.clone(),
            audit_sink: self.audit_sink.clone(),
            unheard: std::sync::atomic::AtomicBool::new(false),
            meter: Arc::default(),
            run_command: self.run_command,
        }
    }

    /// Records why the line stops (the first reason wins) and returns the status it ends with.
    pub fn note_stop(&self, message: String, status: Status) -> Status {
        let mut slot = self.stop_reason.lock().unwrap_or_else(|p| p.into_inner());
        self.pace.halt();
        slot.get_or_insert((message, status)).1
    }

    /// Stops the line because what it would build passes the limit `name` (`most`): every
    /// limit hit, the interpreter's and a command's, is said in these words.
    pub fn note_limit(&self, name: &str, most: u64) -> Status {
        self.note_stop(
            format!("limit exceeded: {name} (at most {most}); raise it or simplify the command"),
            toolsh_gate::status::LIMIT,
        )
    }

    /// Records that the line's deadline passed or its caller cancelled it.
    pub fn note_pace_stop(&self, stop: pace::Stop) -> Status {
        match stop {
            pace::Stop::Deadline(_) => {
                self.note_stop(format!("limit exceeded: {stop}; nothing more ran"), toolsh_gate::status::LIMIT)
            }
            pace::Stop::Cancelled => {
                self.note_stop("cancelled; the line was stopped".to_string(), toolsh_gate::status::CANCELLED)
            }
            pace::Stop::Halted => self.stopping().unwrap_or(toolsh_gate::status::LIMIT),
        }
    }

    /// The status the line ends with when something stopped it: a subshell, pipeline stage
    /// or command substitution passes that on instead of its own status.
    pub fn stopping(&self) -> Option<Status> {
        self.stop_reason.lock().unwrap_or_else(|p| p.into_inner()).as_ref().map(|(_, status)| *status)
    }
}

/// What one command holds of a pipe it read whole, counted in the session's `held_input` counter with
/// what every other running command of the session holds, and given back when it is dropped.
pub struct HeldInput<'a> {
    shared: &'a Shared,
    bytes: std::sync::atomic::AtomicUsize,
}

impl<'a> HeldInput<'a> {
    /// Nothing held yet.
    pub fn new(shared: &'a Shared) -> Self {
        HeldInput { shared, bytes: std::sync::atomic::AtomicUsize::new(0) }
    }

    /// Counts `bytes` more as held: an error once the session's commands would hold more
    /// than `limit` together.
    pub fn count(&self, bytes: usize, limit: usize) -> std::io::Result<()> {
        let before = self.shared.counters.held_input.fetch_add(bytes, Ordering::Relaxed);
        self.bytes.fetch_add(bytes, Ordering::Relaxed);
        if before.saturating_add(bytes) > limit { Err(io::input_too_large(limit)) } else { Ok(()) }
    }

    /// All of `input`, unless the session's commands would then hold more than `limit`
    /// together (the input-bytes limit): four `yes | sort &` share one limit.
    pub async fn read_whole(&self, input: &io::Input, limit: usize) -> std::io::Result<Vec<u8>> {
        let mut data = Vec::new();
        while let Some(chunk) = input.read_chunk().await {
            self.count(chunk.len(), limit)?;
            if data.is_empty() {
                data = chunk;
            } else {
                data.extend_from_slice(&chunk);
            }
        }
        Ok(data)
    }
}

impl Drop for HeldInput<'_> {
    fn drop(&mut self) {
        let bytes = *self.bytes.get_mut();
        if bytes > 0 {
            self.shared.counters.held_input.fetch_sub(bytes, Ordering::Relaxed);
        }
    }
}

/// A number as C's `strtoul` reads it in base 10: leading blanks, a sign, the digits that
/// follow (a negative number wraps), 0 when there are none.
fn strtoul(text: &str) -> u64 {
    let text = text.trim_start();
    let (negative, digits) = match text.as_bytes().first() {
        Some(b'-') => (true, &text[1..]),
        Some(b'+') => (false, &text[1..]),
        _ => (false, text),
    };
    let mut value: u64 = 0;
    for b in digits.bytes().take_while(u8::is_ascii_digit) {
        value = value.saturating_mul(10).saturating_add(u64::from(b - b'0'));
    }
    if negative { value.wrapping_neg() } else { value }
}
