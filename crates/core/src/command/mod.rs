//! The command API: [`Ctx`], all a command sees — its arguments, streams, the session state and
//! the gated workspace ([`Fs`]) — and the table entry ([`Builtin`]) with its [`spec::Spec`].
//!
//! This module is the boundary between the commands (`builtins/`) and the engine: a `Ctx` holds
//! the session's `Shared` privately, and hands out only what a command may use — tools called
//! through the gate, the agent's name, the store, the deadline — never the workspace behind the
//! gate. Commands (in another module tree) cannot name the private fields, so the compiler keeps
//! them from reaching it:
//!
//! A command reads the session state whole ([`Ctx::state`]) and changes only what its verbs
//! let it: its variables, options, directory, aliases and the like, and its limits only
//! within the shell's ceiling ([`Ctx::set_limit`], [`Ctx::lower_limits`]). It cannot raise a
//! limit past the ceiling, nor replace the state:
//!
//! ```compile_fail
//! fn raise(ctx: &mut toolsh_core::command::Ctx<'_>) {
//!     ctx.state.limits().jobs = usize::MAX;
//! }
//! ```
//!
//! ```compile_fail
//! fn raise(ctx: &mut toolsh_core::command::Ctx<'_>) {
//!     ctx.state().limits().jobs = usize::MAX;
//! }
//! ```
//!
//! ```compile_fail
//! fn replace(ctx: &mut toolsh_core::command::Ctx<'_>) {
//!     *ctx.state() = toolsh_core::session::State::new("/", Default::default());
//! }
//! ```
//!
//! Nor for a command line it runs (`find -exec`, `env`):
//!
//! ```compile_fail
//! async fn raise(ctx: &toolsh_core::command::Ctx<'_>) {
//!     ctx.run_with(vec!["true".into()], ctx.io, |child| child.0.limits.jobs = usize::MAX).await;
//! }
//! ```
//!
//! ```compile_fail
//! // A command cannot get at the session, and so not at the workspace behind the gate.
//! // (The same body compiles once `shared` is public: only its privacy refuses it.)
//! fn reach<'a>(ctx: &'a toolsh_core::command::Ctx<'a>) -> &'a std::sync::Arc<toolsh_core::vfs::Vfs> {
//!     ctx.shared.vfs()
//! }
//! ```

pub mod spec;
mod tool;

pub use tool::{metered, run_tool};

use crate::io::{Input, Io};
use crate::session::{Shared, State, Status};
use futures::future::BoxFuture;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use toolsh_gate::workspace::Fs;

/// bash 5.2's builtins, in the order `compgen -b` lists them. A command of these names speaks
/// as bash's builtin does: its messages carry the shell's prefix ([`Ctx::complain`]).
pub const BASH_BUILTINS: &[&str] = &[
    ".",
    ":",
    "[",
    "alias",
    "bg",
    "bind",
    "break",
    "builtin",
    "caller",
    "cd",
    "command",
    "compgen",
    "complete",
    "compopt",
    "continue",
    "declare",
    "dirs",
    "disown",
    "echo",
    "enable",
    "eval",
    "exec",
    "exit",
    "export",
    "false",
    "fc",
    "fg",
    "getopts",
    "hash",
    "help",
    "history",
    "jobs",
    "kill",
    "let",
    "local",
    "logout",
    "mapfile",
    "popd",
    "printf",
    "pushd",
    "pwd",
    "read",
    "readarray",
    "readonly",
    "return",
    "set",
    "shift",
    "shopt",
    "source",
    "suspend",
    "test",
    "times",
    "trap",
    "true",
    "type",
    "typeset",
    "ulimit",
    "umask",
    "unalias",
    "unset",
    "wait",
];

/// Everything a command works with.
pub struct Ctx<'a> {
    /// The arguments, `argv[0]` being the command name.
    pub argv: Vec<String>,
    /// The descriptor table.
    pub io: &'a Io,
    /// The session (variables, cwd, options): read through [`Ctx::state`], changed only
    /// through the verbs below.
    state: &'a mut State,
    /// The workspace: content access is a call of an `fs.*` tool through the policy gate.
    pub vfs: Fs<'a>,
    shared: &'a Arc<Shared>,
    /// What this command holds of pipes it read whole, given back when it ends.
    held: crate::session::HeldInput<'a>,
}

/// What a command may change of the state a command line it runs starts with (`env NAME=V`,
/// `find -execdir`, `split --filter`'s `$FILE`): its variables and working directory; never
/// its limits, options or anything else the session holds.
pub struct ChildState<'s>(&'s mut State);

impl ChildState<'_> {
    /// The variables, to change.
    pub fn vars_mut(&mut self) -> &mut crate::vars::Vars {
        &mut self.0.vars
    }

    /// The working directory (an absolute path the command resolved).
    pub fn set_cwd(&mut self, cwd: String) {
        self.0.cwd = cwd;
    }
}

impl<'a> Ctx<'a> {
    /// Bundles a command's context.
    pub fn new(
        argv: Vec<String>,
        io: &'a Io,
        state: &'a mut State,
        shared: &'a Arc<Shared>,
        command: &'a str,
        denied: &'a AtomicBool,
    ) -> Self {
        let vfs = Fs::new(shared.vfs(), shared.gate(), command, denied);
        Ctx { argv, io, state, vfs, shared, held: crate::session::HeldInput::new(shared) }
    }

    /// The session state, to read: variables, cwd, options, limits, positional parameters.
    pub fn state(&self) -> &State {
        self.state
    }

    /// The variables, to change (the attributes and readonly checks are theirs).
    pub fn vars_mut(&mut self) -> &mut crate::vars::Vars {
        &mut self.state.vars
    }

    /// [`Ctx::set_var`], saying why it refused.
    pub fn try_set_var(&mut self, name: &str, value: impl Into<String>) -> Result<(), crate::vars::SetError> {
        self.state.try_set_var(name, value)
    }

    /// Sets a variable as an assignment does (exported under `set -a`); false when readonly.
    pub fn set_var(&mut self, name: &str, value: impl Into<String>) -> bool {
        self.state.set_var(name, value)
    }

    /// Unsets `name[subscript]` (see [`State::unset_element_target`]).
    pub fn unset_element(&mut self, name: &str, subscript: &str, as_is: bool) -> Result<(), crate::arith::TargetError> {
        self.state.unset_element_target(name, subscript, as_is)
    }

    /// Sets a name or `name[subscript]` (see [`State::set_target`]).
    pub fn set_target(&mut self, target: &str, value: String) -> Result<(), crate::arith::TargetError> {
        self.state.set_target(target, value)
    }

    /// Changes the working directory to `cwd` (absolute; the caller checked it exists).
    pub fn set_cwd(&mut self, cwd: String) {
        self.state.cwd = cwd;
    }

    /// `unset NAME` of a dynamic variable (`RANDOM`, `SECONDS`, …) makes it an ordinary one
    /// for good ([`State::make_ordinary`]); false for any other name.
    pub fn make_ordinary(&mut self, name: &str) -> bool {
        self.state.make_ordinary(name)
    }

    /// The shell options (`set`, `shopt`), to change.
    pub fn options_mut(&mut self) -> &mut crate::session::Options {
        &mut self.state.options
    }

    /// The positional parameters, to change (`shift`, `set --`).
    pub fn positional_mut(&mut self) -> &mut Vec<String> {
        Arc::make_mut(&mut self.state.positional)
    }

    /// Gives new positional parameters as `set` does. Outside any function a sourced file's
    /// `.` then keeps them rather than putting its caller's back (bash's
    /// `set_dollar_vars_changed` with `ARGS_SETBLTIN`).
    pub fn set_positional_by_set(&mut self, params: Vec<String>) {
        self.state.positional = Arc::new(params);
        if !self.state.frames.iter().any(|frame| frame.name != "source") {
            self.state.positional_set = true;
        }
    }

    /// The aliases, to change.
    pub fn aliases_mut(&mut self) -> &mut std::collections::BTreeMap<String, String> {
        Arc::make_mut(&mut self.state.aliases)
    }

    /// The functions, to change (`unset -f`).
    pub fn functions_mut(&mut self) -> &mut rustc_hash::FxHashMap<String, Arc<toolsh_syntax::ast::FunctionDef>> {
        Arc::make_mut(&mut self.state.functions)
    }

    /// `unset -f NAME`: the definition and its attributes go, unless it is read-only (false).
    pub fn unset_function(&mut self, name: &str) -> bool {
        if self.state.function_attrs.get(name).is_some_and(|attrs| attrs.readonly) {
            return false;
        }
        if self.state.function_attrs.contains_key(name) {
            Arc::make_mut(&mut self.state.function_attrs).remove(name);
        }
        Arc::make_mut(&mut self.state.functions).remove(name);
        true
    }

    /// The `pushd` stack, to change.
    pub fn dir_stack_mut(&mut self) -> &mut Vec<String> {
        &mut self.state.dir_stack
    }

    /// `getopts`' place: the character within the current word, and `OPTIND` as last set.
    pub fn getopts_mut(&mut self) -> (&mut usize, &mut String) {
        (&mut self.state.getopts_char, &mut self.state.getopts_optind)
    }

    /// Sets the file-mode creation mask.
    pub fn set_umask(&mut self, umask: u32) {
        self.state.umask = umask;
    }

    /// Sets what a line that outruns its deadline becomes.
    pub fn set_on_deadline(&mut self, on_deadline: crate::session::OnDeadline) {
        self.state.on_deadline = on_deadline;
    }

    /// The next `$RANDOM` value.
    pub fn next_random(&mut self) -> u32 {
        self.state.next_random()
    }

    /// Sets the limit `limit` of this session to `value`, at most the shell's ceiling (a time
    /// of 0, none, only when the ceiling has none); `Err` with the ceiling's value otherwise.
    pub fn set_limit(&mut self, limit: &crate::session::NamedLimit, value: u64) -> Result<(), u64> {
        self.state.set_limit(limit, value)
    }

    /// Lowers this session's limits as `lower` says; a limit `lower` would raise stays as it
    /// was (`ulimit` lowers, never raises).
    pub fn lower_limits(&mut self, lower: impl FnOnce(&mut crate::session::Limits)) {
        self.state.lower_limits(lower);
    }

    /// The calling agent's name.
    pub fn agent(&self) -> &str {
        self.shared.agent()
    }

    /// Every tool, by name.
    pub fn tools(&self) -> &Arc<toolsh_gate::Registry> {
        self.shared.tools()
    }

    /// The policy gate and audit log.
    pub fn gate(&self) -> &Arc<toolsh_gate::Gate> {
        self.shared.gate()
    }

    /// The store, when the shell has one.
    pub fn store(&self) -> Option<&Arc<dyn toolsh_gate::StoreHandle>> {
        self.shared.store()
    }

    /// The limits the shell was started with: a session may lower its own, never above these.
    pub fn ceiling(&self) -> &crate::session::Limits {
        self.shared.ceiling()
    }

    /// The gated workspace, owned, for work on other threads (`grep -r`); see
    /// [`toolsh_gate::workspace::ThreadFs`] (what it cannot ask, it leaves to this thread).
    pub fn thread_fs(&self) -> toolsh_gate::workspace::ThreadFs {
        self.vfs.for_threads(self.shared.gate())
    }

    /// The line's deadline and stop, for work on another thread (`jq`, `bc`, `awk`).
    pub fn line_stop(&self) -> LineStop {
        LineStop(self.shared.clone())
    }

    /// Runs another command in a subshell of this session with the same streams (for
    /// `find -exec`, `xargs`, `env`); returns its status.
    pub async fn run(&self, argv: Vec<String>) -> Status {
        self.run_with(argv, self.io, |_| {}).await
    }

    /// Runs another command with other streams, after `adjust` changed the subshell's
    /// variables or working directory (all it may change: see [`ChildState`]).
    pub async fn run_with(&self, argv: Vec<String>, io: &Io, adjust: impl FnOnce(&mut ChildState<'_>)) -> Status {
        let state = self.child_state(adjust);
        (self.shared.run_command())(state, self.shared, argv, io).await
    }

    /// A copy of the session state for a command line this command runs, as `adjust` changed
    /// it (`env` prints the environment it would pass).
    pub fn child_state(&self, adjust: impl FnOnce(&mut ChildState<'_>)) -> State {
        let mut state = self.state.clone();
        adjust(&mut ChildState(&mut state));
        state
    }

    /// The command name.
    pub fn name(&self) -> &str {
        &self.argv[0]
    }

    /// Standard input.
    pub fn stdin(&self) -> Input {
        self.io.stdin()
    }

    /// Writes to standard output; `false` when the reader is gone or the write failed (a
    /// failure other than a closed pipe is reported, as GNU tools do).
    /// Every write is a step of the line (see [`Ctx::step`]): a command that only writes
    /// (`yes`, `seq`, `cat /dev/zero`) ends at its deadline like any other.
    /// Text goes out with each stand-in as its byte ([`toolsh_bytes::Emit`]), bytes as they are.
    pub async fn out(&self, data: impl toolsh_bytes::Emit) -> bool {
        if !self.step().await {
            return false;
        }
        match self.io.stdout().write_all(&data.emit()).await {
            Ok(()) => true,
            Err(err) => {
                if err.kind() != std::io::ErrorKind::BrokenPipe {
                    self.complain(format!("write error: {}", crate::vfs::describe(&err))).await;
                }
                false
            }
        }
    }

    /// Writes a piece of a streaming command's output ([`Ctx::out`]) and empties `buffer` for
    /// the next piece, keeping its allocation: one buffer serves the whole run. A buffer taken
    /// instead (`mem::take`) grew afresh through every size for each piece; mimalloc keeps
    /// blocks of 128 KiB to 512 KiB in 4 MiB pages, one per size class, and each piece ending
    /// in another class touched fresh memory, so `uniq -c` over 1 GB peaked 4 MB above the
    /// same run over 10 MB (docs/performance.md, "Start-up's pages"). A buffer that once grew past
    /// [`Ctx::KEPT_BUFFER`] (a long line) is let go rather than held for the rest of the run.
    pub async fn out_piece<B: PieceBuffer>(&self, buffer: &mut B) -> bool {
        let going = self.out(&*buffer).await;
        if buffer.capacity() > Self::KEPT_BUFFER {
            *buffer = B::default();
        } else {
            buffer.clear();
        }
        going
    }

    /// The largest output buffer [`Ctx::out_piece`] keeps between pieces.
    pub const KEPT_BUFFER: usize = 4 << 20;

    /// One step of the command's work: `false` once the line's deadline passed or its caller
    /// cancelled it (the reason is recorded; the command should end with status 1). Now and
    /// then it yields to the runtime, so a busy command lets other sessions run.
    pub async fn step(&self) -> bool {
        match self.shared.pace().step().await {
            Ok(()) => true,
            Err(stop) => {
                self.shared.note_pace_stop(stop);
                false
            }
        }
    }

    /// Whether the line must stop now, for work that cannot await (a blocking evaluator).
    pub fn stop_requested(&self) -> bool {
        self.shared.pace().check().is_err()
    }

    /// Writes to standard error.
    pub async fn err(&self, data: impl toolsh_bytes::Emit) {
        let _ = self.io.stderr().write_all(&data.emit()).await;
    }

    /// Stops the line because what the command would build passes the limit `name` (`most`),
    /// before it is built; the status to return ([`toolsh_gate::status::LIMIT`]).
    pub fn limit_hit(&self, name: &str, most: u64) -> Status {
        self.shared.note_limit(name, most)
    }

    /// Whether a value of `bytes` fits the value-bytes limit (`output-bytes`, the longest value
    /// a line may build); when it does not, the line is stopped with that limit named
    /// ([`Ctx::limit_hit`]) and the caller returns the status in `Err`.
    pub fn value_room(&self, bytes: usize) -> Result<(), Status> {
        let most = self.state.limits().output_bytes;
        if bytes <= most { Ok(()) } else { Err(self.limit_hit("value bytes", most as u64)) }
    }

    /// Prints `name: message` on stderr and returns 1.
    pub async fn fail(&self, message: impl std::fmt::Display) -> Status {
        self.complain(message).await;
        1
    }

    /// A variable the command was to set is read-only: said as bash's `err_readonly` says it,
    /// the shell's prefix and no command name (`s.sh: line 3: V: readonly variable`, not
    /// `read: V: …`); status 1.
    pub async fn readonly_refused(&self, name: &str) -> Status {
        self.err(format!("{}{name}: readonly variable\n", self.shell_prefix())).await;
        1
    }

    /// An array the command was to set (`read -a NAME`, `mapfile NAME`) refused, said as bash
    /// says it: a read-only variable by the name given ([`Ctx::readonly_refused`]), a
    /// reference to what cannot be an array by the command (``mapfile: `a[0]': not a valid
    /// identifier``), a circle of references not at all (its warning is a note); status 1.
    pub async fn array_refused(&mut self, name: &str, err: crate::vars::SetError) -> Status {
        match err {
            crate::vars::SetError::Readonly(_) => self.readonly_refused(name).await,
            crate::vars::SetError::Circular(_) => 1,
            other => self.fail(other).await,
        }
    }

    /// A failed [`Ctx::set_target`] said as bash says it (a read-only variable by
    /// [`Ctx::readonly_refused`]; an arithmetic error in the subscript with the shell's prefix
    /// alone, dropping the rest of the command line, [`Ctx::discard_line`]); status 1.
    pub async fn target_refused(&mut self, err: &crate::arith::TargetError) -> Status {
        match err {
            crate::arith::TargetError::Readonly(name) => self.readonly_refused(name).await,
            crate::arith::TargetError::Subscript(message) => {
                self.err(format!("{}{message}\n", self.shell_prefix())).await;
                // An arithmetic error jumps back to the top level; a subscript that names no
                // element (`a[@]`) is only refused.
                if !message.ends_with(": bad array subscript") {
                    self.discard_line();
                }
                1
            }
            // A circle of references: its warning is a note, said after the command.
            crate::arith::TargetError::Refused(crate::vars::SetError::Circular(_)) => 1,
            // bash's `sh_invalidid` and `internal_error`: the shell's prefix, no command name.
            crate::arith::TargetError::Refused(err) => {
                self.err(format!("{}{err}\n", self.shell_prefix())).await;
                1
            }
            other => self.fail(other).await,
        }
    }

    /// Drops the rest of the command line once this command ends (status 1), as an expansion
    /// error does: bash's jump back to its top level after an arithmetic error in a subscript
    /// that `unset`, `read` or `printf -v` was given.
    pub fn discard_line(&mut self) {
        self.state.discard_line = true;
    }

    /// Prints `name: message` on stderr; one of bash's builtins puts the shell's prefix first,
    /// as bash does (`s.sh: line 4: read: …`, [`State::diagnostic_prefix`]).
    pub async fn complain(&self, message: impl std::fmt::Display) {
        let line = format!("{}{}: {message}\n", self.shell_prefix(), self.name());
        self.err(line).await;
    }

    /// Reads the command's arguments by its spec. `--help` prints the help (the command is
    /// then over, status 0); a usage error is said in GNU's words with the hint to `--help`
    /// (status: the spec's). Either way `Err` carries the status to return.
    pub async fn args(&self, spec: &spec::Spec) -> Result<spec::Args, Status> {
        self.args_of(spec, &self.argv[1..]).await
    }

    /// [`Ctx::args`] of words the command picked (after taking out what it reads itself).
    pub async fn args_of(&self, spec: &spec::Spec, words: &[String]) -> Result<spec::Args, Status> {
        match spec.parse(words) {
            Ok(args) => Ok(args),
            Err(spec::Refusal::Help) => Err(if self.out(spec.help()).await { spec.help_status() } else { 1 }),
            Err(spec::Refusal::Version) => Err(if self.out(spec.version()).await { 0 } else { 1 }),
            Err(spec::Refusal::Usage(misuse)) => Err(self.refuse(spec, &misuse).await),
        }
    }

    /// A usage error found by the command itself (a missing operand), said as [`Ctx::args`]
    /// says those of the parse.
    pub async fn misuse(&self, spec: &spec::Spec, message: impl std::fmt::Display) -> Status {
        self.refuse(spec, &spec::Misuse::Said(message.to_string())).await
    }

    /// Says a usage error in the spec's words; the spec's usage status.
    async fn refuse(&self, spec: &spec::Spec, misuse: &spec::Misuse) -> Status {
        self.err(spec.refusal_said(&self.shell_prefix(), misuse)).await;
        spec.usage_status
    }

    /// The shell's prefix for a message of one of bash's builtins (`s.sh: line 4: `); nothing
    /// for the other commands, which speak as the programs they stand for (`grep: …`).
    pub fn shell_prefix(&self) -> String {
        if BASH_BUILTINS.contains(&self.name()) { self.state.diagnostic_prefix() } else { String::new() }
    }

    /// Resolves a path against the working directory.
    pub fn abs(&self, path: &str) -> String {
        self.state.abs_path(path)
    }

    /// Writes to a path the command was given: `/dev/stdout`, `/dev/stderr`, `/dev/fd/N` and
    /// `/dev/null` are the command's own descriptors (as `tee /dev/stderr`, `sort -o /dev/stdout`
    /// take them), anything else a workspace file, through the gate.
    pub async fn write_path(&self, path: &str, bytes: &[u8], mode: crate::vfs::WriteMode) -> std::io::Result<()> {
        match self.io.device(path) {
            Some(device) => device.write_all(bytes).await,
            None => self.vfs.write(&self.abs(path), bytes, mode),
        }
    }

    /// Whether `operand` (`-` for standard input) is the file this command's standard output
    /// writes to: reading it while writing it would read what was just written (`cat f >> f`
    /// grew without end), so GNU's cat and grep refuse it. Files are compared as GNU compares
    /// device and inode ([`crate::vfs::FileId`]): through a symlink, a hard link made on the
    /// host, or a host file given as toolsh's own output, it is the same file.
    pub fn is_own_output(&self, operand: &str) -> bool {
        let of_path = |abs: &str| self.vfs.file_id(abs);
        let Some(target) = self.io.stdout().file_id(of_path) else { return false };
        let input = match operand {
            "-" | "/dev/stdin" => self.stdin().file_id(of_path),
            _ => of_path(&self.abs(operand)),
        };
        input == Some(target)
    }

    /// Opens a file operand to be read in pieces: `-` and `/dev/stdin` are standard input.
    pub fn open_operand(&self, path: &str) -> std::io::Result<OperandReader> {
        match path {
            "-" | "/dev/stdin" => Ok(OperandReader::Stdin(self.stdin())),
            _ => {
                let abs = self.abs(path);
                if self.vfs.stat(&abs)?.is_dir() {
                    return Err(std::io::Error::from(std::io::ErrorKind::IsADirectory));
                }
                self.vfs.open_reader(&abs).map(OperandReader::File)
            }
        }
    }

    /// All of standard input, up to the session's `input-bytes` limit.
    /// A line stopped meanwhile (its producer hit the deadline) ends here with an
    /// [`std::io::ErrorKind::Interrupted`] error rather than working on a partial input.
    /// What every command of the session holds this way counts against the one limit.
    pub async fn read_stdin(&self) -> std::io::Result<Vec<u8>> {
        let data = self.held.read_whole(&self.stdin(), self.state.limits().input_bytes).await?;
        if self.stop_requested() {
            return Err(std::io::Error::new(std::io::ErrorKind::Interrupted, "stopped"));
        }
        Ok(data)
    }

    /// The next piece of an operand read in pieces by a command that keeps what it reads
    /// (`sort`, in its buffer and scratch files): what it takes of standard input counts
    /// against the session's `input-bytes` limit as [`Ctx::read_stdin`]'s does, so an endless
    /// producer (`yes | sort`) still ends in that error.
    pub async fn read_held(&self, reader: &mut OperandReader) -> std::io::Result<Option<Vec<u8>>> {
        let piece = reader.chunk().await?;
        if let (OperandReader::Stdin(_), Some(piece)) = (&*reader, &piece) {
            self.held.count(piece.len(), self.state.limits().input_bytes)?;
            if self.stop_requested() {
                return Err(std::io::Error::new(std::io::ErrorKind::Interrupted, "stopped"));
            }
        }
        Ok(piece)
    }

    /// [`Ctx::read_held`] into the end of `buffer`: a file's next bytes (at most `most`) are
    /// read straight into its spare room, with no piece between to allocate and copy (sort
    /// reads a 1 GB file into its buffer so); standard input's next piece is appended whole.
    /// The bytes appended; 0 at the end.
    pub async fn read_held_into(
        &self,
        reader: &mut OperandReader,
        buffer: &mut Vec<u8>,
        most: usize,
    ) -> std::io::Result<usize> {
        match reader {
            OperandReader::File(file) => {
                let before = buffer.len();
                std::io::Read::read_to_end(&mut std::io::Read::take(file, most as u64), buffer)?;
                // As [`OperandReader::chunk`]: a file read is not a wait, so yield.
                tokio::task::yield_now().await;
                Ok(buffer.len() - before)
            }
            OperandReader::Stdin(_) => match self.read_held(reader).await? {
                Some(piece) => {
                    buffer.extend_from_slice(&piece);
                    Ok(piece.len())
                }
                None => Ok(0),
            },
        }
    }

    /// Reads a file operand: `-` and `/dev/stdin` are standard input.
    pub async fn read_operand(&self, path: &str) -> std::io::Result<Vec<u8>> {
        match path {
            "-" | "/dev/stdin" => self.read_stdin().await,
            _ => {
                let abs = self.abs(path);
                if self.vfs.stat(&abs)?.is_dir() {
                    return Err(std::io::Error::from(std::io::ErrorKind::IsADirectory));
                }
                self.vfs.read(&abs)
            }
        }
    }
}

/// The line a command runs in, as work on another thread sees it: whether it must stop, and a
/// way to stop it with a reason. It gives nothing else of the session.
#[derive(Clone)]
pub struct LineStop(Arc<Shared>);

impl LineStop {
    /// Whether the line reached its deadline or was cancelled; the reason is recorded.
    pub fn stopped(&self) -> bool {
        match self.0.pace().check() {
            Ok(()) => false,
            Err(stop) => {
                // The line ends for this reason, with its status, though no step of it saw it.
                self.0.note_pace_stop(stop);
                true
            }
        }
    }

    /// Stops the line with `message` and `status` (a limit the work itself found).
    pub fn stop(&self, message: String, status: Status) {
        self.0.note_stop(message, status);
    }
}

/// An output buffer [`Ctx::out_piece`] writes and empties: bytes, or text (its stand-ins go
/// out as their bytes).
pub trait PieceBuffer: toolsh_bytes::Emit + Default {
    /// The bytes it holds room for.
    fn capacity(&self) -> usize;
    /// Empties it, keeping the room.
    fn clear(&mut self);
}

impl PieceBuffer for Vec<u8> {
    fn capacity(&self) -> usize {
        Vec::capacity(self)
    }
    fn clear(&mut self) {
        Vec::clear(self);
    }
}

impl PieceBuffer for String {
    fn capacity(&self) -> usize {
        String::capacity(self)
    }
    fn clear(&mut self) {
        String::clear(self);
    }
}

/// Bytes read from a file operand at a time.
const READ_CHUNK: usize = 256 * 1024;

/// An operand opened to be read in pieces: standard input, or a workspace file.
pub enum OperandReader {
    /// Standard input, as its pipe delivers it.
    Stdin(Input),
    /// A workspace file.
    File(Box<dyn crate::vfs::Reader>),
}

impl OperandReader {
    /// The next piece; `None` at the end.
    pub async fn chunk(&mut self) -> std::io::Result<Option<Vec<u8>>> {
        match self {
            OperandReader::Stdin(input) => Ok(input.read_chunk().await),
            OperandReader::File(reader) => {
                // `read_to_end` fills without zeroing the buffer first; `take` bounds the piece
                // (and a pipe or slow disk handing over less at a time is read until full).
                let mut buf = Vec::with_capacity(READ_CHUNK);
                std::io::Read::read_to_end(&mut std::io::Read::take(reader, READ_CHUNK as u64), &mut buf)?;
                // A file read is not a wait: yield, so the deadline or Ctrl-C can end a command
                // going through a large file between its pieces.
                tokio::task::yield_now().await;
                Ok((!buf.is_empty()).then_some(buf))
            }
        }
    }
}

/// Raises its flag when dropped: a command running work on a blocking thread holds one, so
/// that when the command is abandoned (deadline, Ctrl-C, cancellation, its reader gone) the
/// work sees the flag at its next step and stops.
pub struct StopOnDrop(pub std::sync::Arc<std::sync::atomic::AtomicBool>);

impl Drop for StopOnDrop {
    fn drop(&mut self) {
        self.0.store(true, std::sync::atomic::Ordering::Relaxed);
    }
}

/// The message for a command whose code panicked: the panic's text, and that it was stopped.
pub fn panic_message(panic: &(dyn std::any::Any + Send)) -> String {
    let text = panic
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| panic.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "unknown cause".to_string());
    format!("internal error ({text}); the command was stopped")
}

/// The function type of a command.
pub type CommandFn = for<'a> fn(Ctx<'a>) -> BoxFuture<'a, Status>;

/// How a table entry runs.
#[derive(Clone, Copy)]
pub enum Run {
    /// A command: a function of its [`Ctx`], which never sees the interpreter.
    Command(CommandFn),
    /// An interpreter builtin (`eval`, `exit`, `local`, …), run by the interpreter itself
    /// (`interp/special.rs`): it changes control flow or the interpreter's own state.
    Interpreter(Special),
}

/// What an interpreter builtin is, for the interpreter's exhaustive `match`: a builtin the
/// table names that the interpreter does not run cannot be written (it was a name falling
/// through to `declare`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Special {
    /// `exit`.
    Exit,
    /// `return`.
    Return,
    /// `caller`.
    Caller,
    /// `history`.
    History,
    /// `fc`.
    Fc,
    /// `compgen`.
    Compgen,
    /// `complete`.
    Complete,
    /// `compopt`.
    Compopt,
    /// `let`.
    Let,
    /// `break`.
    Break,
    /// `continue`.
    Continue,
    /// `eval`.
    Eval,
    /// `.` and `source`.
    Source,
    /// `sh` and `bash`: toolsh itself.
    Subshell,
    /// `exec`.
    Exec,
    /// `command`.
    Command,
    /// `builtin`.
    Builtin,
    /// `type`.
    Type,
    /// `which`.
    Which,
    /// `hash`.
    Hash,
    /// `trap`.
    Trap,
    /// `wait`.
    Wait,
    /// `jobs`.
    Jobs,
    /// `disown`.
    Disown,
    /// `fg`.
    Fg,
    /// `bg`.
    Bg,
    /// `ps`.
    Ps,
    /// `session`.
    Session,
    /// `kill`.
    Kill,
    /// `declare`, `typeset`, `local`, `export`, `readonly`: their operands are assignments.
    Declaration,
    /// `times`.
    Times,
    /// `enable`.
    Enable,
}

/// One entry of the table of commands and interpreter builtins (one lookup for both: a
/// function ▸ this table ▸ a tool ▸ a script path).
pub struct Builtin {
    /// The name typed.
    pub name: &'static str,
    /// How it runs.
    pub run: Run,
    /// One line for `help`.
    pub summary: &'static str,
    /// What it takes, said once: its help, usage errors, flags, the tools it calls.
    pub spec: &'static spec::Spec,
}
