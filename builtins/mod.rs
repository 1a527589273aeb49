//! Commands: the sorted table of every command the shell runs by name, and [`Ctx`], all a
//! command sees (its arguments, streams, the session state and the workspace).
//!
//! Every entry has a spec (`spec.rs`), which says its options, help and the tools it calls.
//! Commands never see the interpreter; the few that must (`eval`, `source`, `exit`, `declare`,
//! …) run in `src/interp/special.rs`, their specs in `special.rs` here. One file per family; a
//! test checks the table is sorted.

mod agents;
mod awk;
mod bc;
mod cfmt;
mod columns;
mod compress;
mod cond;
mod deep;
mod diff;
mod dump;
mod encode;
mod files;
mod find;
mod flow;
mod grep;
mod join;
mod jq;
mod jq_limits;
mod lines;
mod nav;
#[cfg(feature = "net")]
mod net;
mod od;
mod posix_regex;
mod printf;
mod sed;
mod sort;
pub mod spec;
mod special;
mod sqlite;
mod tar;
pub(crate) mod text;
mod tools;
mod tree;
mod vars;
mod xargs;

pub(crate) use tools::run_tool;

use crate::interp::io::{Input, Io};
use crate::interp::{Shared, State, Status};
use crate::tools::workspace::Fs;
use futures::future::BoxFuture;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

/// Everything a command works with.
pub struct Ctx<'a> {
    /// The arguments, `argv[0]` being the command name.
    pub argv: Vec<String>,
    /// The descriptor table.
    pub io: &'a Io,
    /// The session (variables, cwd, options).
    pub state: &'a mut State,
    /// The workspace: content access is a call of an `fs.*` tool through the policy gate.
    pub vfs: Fs<'a>,
    shared: &'a Arc<Shared>,
    /// What this command holds of pipes it read whole, given back when it ends.
    held: crate::interp::HeldInput<'a>,
}

impl<'a> Ctx<'a> {
    /// Bundles a command's context.
    pub(crate) fn new(
        argv: Vec<String>,
        io: &'a Io,
        state: &'a mut State,
        shared: &'a Arc<Shared>,
        command: &'a str,
        denied: &'a AtomicBool,
    ) -> Self {
        let vfs = Fs::new(&shared.vfs, &shared.gate, command, denied);
        Ctx { argv, io, state, vfs, shared, held: crate::interp::HeldInput::new(shared) }
    }

    /// The session's tools, gate and identity.
    pub(crate) fn shared(&self) -> &Arc<Shared> {
        self.shared
    }

    /// Runs another command in a subshell of this session with the same streams (for
    /// `find -exec`, `xargs`, `env`); returns its status.
    pub async fn run(&self, argv: Vec<String>) -> Status {
        self.run_with(argv, self.io, |_| {}).await
    }

    /// Runs another command with other streams, after `adjust` changed the subshell's state.
    pub async fn run_with(&self, argv: Vec<String>, io: &Io, adjust: impl FnOnce(&mut State)) -> Status {
        let mut state = self.state.clone();
        adjust(&mut state);
        crate::interp::run_in_subshell(state, self.shared, argv, io).await
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
    pub async fn out(&self, bytes: impl AsRef<[u8]>) -> bool {
        if !self.step().await {
            return false;
        }
        match self.io.stdout().write_all(bytes.as_ref()).await {
            Ok(()) => true,
            Err(err) => {
                if err.kind() != std::io::ErrorKind::BrokenPipe {
                    self.complain(format!("write error: {}", crate::vfs::describe(&err))).await;
                }
                false
            }
        }
    }

    /// One step of the command's work: `false` once the line's deadline passed or its caller
    /// cancelled it (the reason is recorded; the command should end with status 1). Now and
    /// then it yields to the runtime, so a busy command lets other sessions run.
    pub async fn step(&self) -> bool {
        match self.shared.pace.step().await {
            Ok(()) => true,
            Err(stop) => {
                self.shared.note_pace_stop(stop);
                false
            }
        }
    }

    /// Whether the line must stop now, for work that cannot await (a blocking evaluator).
    pub fn stop_requested(&self) -> bool {
        self.shared.pace.check().is_err()
    }

    /// Writes to standard error.
    pub async fn err(&self, bytes: impl AsRef<[u8]>) {
        let _ = self.io.stderr().write_all(bytes.as_ref()).await;
    }

    /// Prints `name: message` on stderr and returns 1.
    pub async fn fail(&self, message: impl std::fmt::Display) -> Status {
        self.complain(message).await;
        1
    }

    /// Prints `name: message` on stderr.
    pub async fn complain(&self, message: impl std::fmt::Display) {
        let line = format!("{}: {message}\n", self.name());
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
        self.err(spec.refusal_text(misuse)).await;
        spec.usage_status
    }

    /// Resolves a path against the working directory.
    pub fn abs(&self, path: &str) -> String {
        self.state.abs_path(path)
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
        let data = self.held.read_whole(&self.stdin(), self.state.limits.input_bytes).await?;
        if self.stop_requested() {
            return Err(std::io::Error::new(std::io::ErrorKind::Interrupted, "stopped"));
        }
        Ok(data)
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
pub(crate) struct StopOnDrop(pub std::sync::Arc<std::sync::atomic::AtomicBool>);

impl Drop for StopOnDrop {
    fn drop(&mut self) {
        self.0.store(true, std::sync::atomic::Ordering::Relaxed);
    }
}

/// The status of a command stopped by a bug of its own (a caught panic), as sysexits'
/// `EX_SOFTWARE`.
pub const EXIT_INTERNAL: Status = 70;

/// The message for a command whose code panicked: the panic's text, and that it was stopped.
pub(crate) fn panic_message(panic: &(dyn std::any::Any + Send)) -> String {
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
    Interpreter,
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

impl Builtin {
    /// The flags for the console to complete: `-f`, `--force`, … (and a command's own words
    /// that read as flags, such as `find -name`).
    pub fn flags(&self) -> Vec<String> {
        self.spec.flags()
    }
}

macro_rules! entry {
    (spec $spec:path, $func:path) => {
        Builtin {
            name: $spec.name,
            run: Run::Command({
                fn run(ctx: Ctx<'_>) -> BoxFuture<'_, Status> {
                    Box::pin($func(ctx))
                }
                run
            }),
            summary: $spec.summary,
            spec: &$spec,
        }
    };
    (interpreter $spec:path) => {
        Builtin { name: $spec.name, run: Run::Interpreter, summary: $spec.summary, spec: &$spec }
    };
}

/// Bash's own builtins among the commands: every model knows them, so the `shell` tool's
/// description does not spend tokens listing them (`help` does).
pub const BASH_BUILTINS: &[&str] = &[
    "cd", "dirs", "echo", "false", "getopts", "let", "popd", "printf", "pushd", "pwd", "read", "set", "shift", "shopt",
    "test", "true", "unset",
];

/// Every command, sorted by name.
static TABLE: &[Builtin] = &[
    entry!(interpreter special::DOT),
    entry!(spec flow::COLON, flow::colon),
    entry!(spec cond::BRACKET, cond::test),
    entry!(spec tools::AUDIT, tools::audit),
    entry!(spec awk::AWK, awk::awk),
    entry!(spec encode::BASE64, encode::base64),
    entry!(spec files::BASENAME, files::basename),
    entry!(interpreter special::BASH),
    entry!(spec bc::BC, bc::bc),
    entry!(interpreter special::BREAK),
    entry!(interpreter special::BUILTIN),
    entry!(spec files::CAT, files::cat),
    entry!(spec nav::CD, nav::cd),
    entry!(spec files::CHMOD, files::chmod),
    entry!(spec columns::COLUMN, columns::column),
    entry!(spec columns::COMM, columns::comm),
    entry!(interpreter special::COMMAND),
    entry!(spec tools::CONFIG, tools::config),
    entry!(interpreter special::CONTINUE),
    entry!(spec files::CP, files::cp),
    #[cfg(feature = "net")]
    entry!(spec net::CURL, net::curl),
    entry!(spec lines::CUT, lines::cut),
    entry!(spec text::DATE, text::date),
    entry!(interpreter special::DECLARE),
    entry!(spec diff::DIFF, diff::diff),
    entry!(spec files::DIRNAME, files::dirname),
    entry!(spec nav::DIRS, nav::dirs),
    entry!(spec files::DU, files::du),
    entry!(spec text::ECHO, text::echo),
    entry!(spec xargs::ENV, xargs::env),
    entry!(interpreter special::EVAL),
    entry!(interpreter special::EXEC),
    entry!(interpreter special::EXIT),
    entry!(spec columns::EXPAND, columns::expand),
    entry!(interpreter special::EXPORT),
    entry!(spec flow::FALSE, flow::false_),
    entry!(spec find::FIND, find::find),
    entry!(spec columns::FOLD, columns::fold),
    entry!(spec vars::GETOPTS, vars::getopts),
    entry!(spec grep::GREP, grep::grep),
    entry!(spec compress::GUNZIP, compress::gzip),
    entry!(spec compress::GZIP, compress::gzip),
    entry!(spec text::HEAD, text::head),
    entry!(spec tools::HELP, tools::help),
    entry!(interpreter special::JOBS),
    entry!(spec join::JOIN, join::join),
    entry!(spec jq::JQ, jq::jq),
    entry!(interpreter special::KILL),
    entry!(spec vars::LET, vars::let_),
    entry!(spec files::LN, files::ln),
    entry!(interpreter special::LOCAL),
    entry!(spec files::LS, files::ls),
    entry!(spec encode::MD5SUM, encode::checksum),
    entry!(spec agents::META, agents::meta),
    entry!(spec files::MKDIR, files::mkdir),
    entry!(spec files::MKTEMP, files::mktemp),
    entry!(spec agents::MSG, agents::msg),
    entry!(spec files::MV, files::mv),
    entry!(spec columns::NL, columns::nl),
    entry!(spec od::OD, od::od),
    entry!(spec columns::PASTE, columns::paste),
    entry!(spec agents::PING, agents::ping),
    entry!(spec nav::POPD, nav::popd),
    entry!(spec printf::PRINTF, printf::printf),
    entry!(spec nav::PUSHD, nav::pushd),
    entry!(spec nav::PWD, nav::pwd),
    entry!(spec vars::READ, vars::read),
    entry!(spec files::READLINK, files::readlink),
    entry!(interpreter special::READONLY),
    entry!(spec files::REALPATH, files::realpath),
    entry!(interpreter special::RETURN),
    entry!(spec lines::REV, lines::rev),
    entry!(spec files::RM, files::rm),
    entry!(spec files::RMDIR, files::rmdir),
    entry!(spec sed::SED, sed::sed),
    entry!(spec text::SEQ, text::seq),
    entry!(spec vars::SET, vars::set),
    entry!(interpreter special::SH),
    entry!(spec encode::SHA1SUM, encode::checksum),
    entry!(spec encode::SHA256SUM, encode::checksum),
    entry!(spec vars::SHIFT, vars::shift),
    entry!(spec vars::SHOPT, vars::shopt),
    entry!(spec text::SLEEP_SPEC, text::sleep),
    entry!(spec sort::SORT, sort::sort),
    entry!(interpreter special::SOURCE),
    entry!(spec dump::SPLIT, dump::split),
    entry!(spec sqlite::SQLITE3, sqlite::sqlite3),
    entry!(spec files::STAT, files::stat),
    entry!(spec lines::TAC, lines::tac),
    entry!(spec text::TAIL, text::tail),
    entry!(spec tar::TAR, tar::tar),
    entry!(spec text::TEE, text::tee),
    entry!(spec cond::TEST, cond::test),
    entry!(spec files::TOUCH, files::touch),
    entry!(spec text::TR, text::tr),
    entry!(interpreter special::TRAP),
    entry!(spec tree::TREE, tree::tree),
    entry!(spec flow::TRUE, flow::true_),
    entry!(interpreter special::TYPE),
    entry!(interpreter special::TYPESET),
    entry!(spec lines::UNIQ, lines::uniq),
    entry!(spec vars::UNSET, vars::unset),
    entry!(interpreter special::WAIT),
    entry!(spec lines::WC, lines::wc),
    #[cfg(feature = "net")]
    entry!(spec net::WGET, net::wget),
    entry!(spec agents::WHO, agents::who),
    entry!(spec agents::WHOAMI, agents::whoami),
    entry!(spec xargs::XARGS, xargs::xargs),
    entry!(spec dump::XXD, dump::xxd),
    entry!(spec text::YES, text::yes),
    entry!(spec compress::ZCAT, compress::gzip),
];

/// The tools a command calls, from its spec (`None` for a command that calls none).
pub fn adapter_of(name: &str) -> Option<&'static [&'static str]> {
    lookup(name).map(|b| b.spec.tools).filter(|tools| !tools.is_empty())
}

/// Finds a command by name.
pub fn lookup(name: &str) -> Option<&'static Builtin> {
    TABLE.binary_search_by(|b| b.name.cmp(name)).ok().map(|idx| &TABLE[idx])
}

/// All commands, sorted.
pub fn all() -> &'static [Builtin] {
    TABLE
}

/// What `NAME --help` prints for an interpreter builtin (a command reads its spec itself), with
/// its status; `None` when the builtin runs as usual.
pub fn interpreter_help(entry: &Builtin, argv: &[String]) -> Option<(String, Status)> {
    let asked = matches!(entry.run, Run::Interpreter)
        && matches!(entry.spec.parse(argv.get(1..).unwrap_or_default()), Err(spec::Refusal::Help));
    asked.then(|| (entry.spec.help(), entry.spec.help_status()))
}

#[cfg(test)]
mod tests {
    #[test]
    fn table_is_sorted_without_duplicates() {
        for pair in super::TABLE.windows(2) {
            assert!(pair[0].name < pair[1].name, "{} must come before {}", pair[0].name, pair[1].name);
        }
    }

    fn flags(name: &str) -> Vec<String> {
        super::lookup(name).map(|b| b.flags()).unwrap_or_default()
    }

    #[test]
    fn flags_come_from_the_spec() {
        assert_eq!(flags("sort")[..4], ["-b", "--ignore-leading-blanks", "-d", "--dictionary-order"]);
        assert!(["-t", "-k", "-o", "-V"].iter().all(|f| flags("sort").contains(&f.to_string())));
        // A command with a spec completes its letters, long names and --help.
        let head = flags("head");
        assert!(["-n", "--lines", "-c", "--bytes", "-q", "-v", "--help"].iter().all(|f| head.contains(&f.to_string())));
        let grep = flags("grep");
        assert!(grep.starts_with(&["-E".to_string(), "--extended-regexp".to_string()]), "{grep:?}");
        assert!(
            ["-m", "-A", "-B", "-C", "-e", "--include", "--exclude-dir"].iter().all(|f| grep.contains(&f.to_string()))
        );
        // A command's own language (find's predicates) completes too.
        assert_eq!(flags("find")[..3], ["-P", "-H", "--help"]);
        assert!(["-name", "-empty", "-exec"].iter().all(|f| flags("find").contains(&f.to_string())));
        // Long options with one dash complete with one.
        assert_eq!(flags("sqlite3")[..3], ["-json", "-csv", "-list"]);
        // bash's builtins complete their letters; echo takes no --help.
        assert_eq!(flags("echo"), ["-n", "-e", "-E"]);
        assert_eq!(flags("read")[..2], ["-a", "-d"]);
    }
}
