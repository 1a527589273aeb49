//! toolsh-builtins: the sorted table of every command the shell runs by name, each a function
//! of its [`Ctx`] (all a command sees: its arguments, streams, the session state and the gated
//! workspace) and a [`spec::Spec`] (its options, help and the tools it calls).
//!
//! Commands never see the interpreter; the few that must (`eval`, `source`, `exit`, `declare`,
//! …) run in the `toolsh` crate's `interp/special.rs`, their specs in `shell/special.rs` here.
//! The folders are the families: `fs/` (files and trees), `text/` (filters), `lang/` (awk,
//! sed, bc, jq), `data/` (SQLite, encodings, dumps, archives), `agents/` (messaging, tools,
//! help), `net/` (curl, wget), `shell/` (bash's builtins and the commands that run commands).
//! Adding a command is its file and one line of [`all`]'s table (ARCHITECTURE.md has the
//! recipe); a test checks the table is sorted.

mod agents;
mod data;
mod fs;
mod lang;
#[cfg(feature = "net")]
mod net;
mod shell;
mod text;

// What the interpreter takes from the commands: `$'…'` and `echo -e` decode alike, and `set`
// prints values as `declare -p` quotes them.
pub use text::stream::{expand_backslashes, quote_for_reuse};

// The table names each command by its file.
use agents::{messaging, tools};
use data::{compress, dump, encode, od, sqlite, tar};
use fs::{files, find, tree};
use lang::{awk, bc, jq, sed};
#[cfg(feature = "net")]
use net::http;
use shell::{cond, flow, nav, special, vars, xargs};
use text::{columns, diff, grep, join, lines, printf, sort, stream};

pub use toolsh_core::command::spec;
pub use toolsh_core::command::{Builtin, CommandFn, Ctx, EXIT_INTERNAL, OperandReader, Run};

// The engine's modules, under the names the commands use for them (`crate::vfs`, …).
use toolsh_core::{arith, command, io, parser, pattern, policy, predicates, session, store, vfs};

use crate::session::Status;
use futures::future::BoxFuture;

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
    entry!(spec http::CURL, http::curl),
    entry!(spec lines::CUT, lines::cut),
    entry!(spec stream::DATE, stream::date),
    entry!(interpreter special::DECLARE),
    entry!(spec diff::DIFF, diff::diff),
    entry!(spec files::DIRNAME, files::dirname),
    entry!(spec nav::DIRS, nav::dirs),
    entry!(spec files::DU, files::du),
    entry!(spec stream::ECHO, stream::echo),
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
    entry!(spec stream::HEAD, stream::head),
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
    entry!(spec messaging::META, messaging::meta),
    entry!(spec files::MKDIR, files::mkdir),
    entry!(spec files::MKTEMP, files::mktemp),
    entry!(spec messaging::MSG, messaging::msg),
    entry!(spec files::MV, files::mv),
    entry!(spec columns::NL, columns::nl),
    entry!(spec od::OD, od::od),
    entry!(spec columns::PASTE, columns::paste),
    entry!(spec messaging::PING, messaging::ping),
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
    entry!(spec stream::SEQ, stream::seq),
    entry!(spec vars::SET, vars::set),
    entry!(interpreter special::SH),
    entry!(spec encode::SHA1SUM, encode::checksum),
    entry!(spec encode::SHA256SUM, encode::checksum),
    entry!(spec vars::SHIFT, vars::shift),
    entry!(spec vars::SHOPT, vars::shopt),
    entry!(spec stream::SLEEP_SPEC, stream::sleep),
    entry!(spec sort::SORT, sort::sort),
    entry!(interpreter special::SOURCE),
    entry!(spec dump::SPLIT, dump::split),
    entry!(spec sqlite::SQLITE3, sqlite::sqlite3),
    entry!(spec files::STAT, files::stat),
    entry!(spec lines::TAC, lines::tac),
    entry!(spec stream::TAIL, stream::tail),
    entry!(spec tar::TAR, tar::tar),
    entry!(spec stream::TEE, stream::tee),
    entry!(spec cond::TEST, cond::test),
    entry!(spec files::TOUCH, files::touch),
    entry!(spec stream::TR, stream::tr),
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
    entry!(spec http::WGET, http::wget),
    entry!(spec messaging::WHO, messaging::who),
    entry!(spec messaging::WHOAMI, messaging::whoami),
    entry!(spec xargs::XARGS, xargs::xargs),
    entry!(spec dump::XXD, dump::xxd),
    entry!(spec stream::YES, stream::yes),
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
        super::lookup(name).map(|b| b.spec.flags()).unwrap_or_default()
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
        assert_eq!(flags("find")[..4], ["-P", "-H", "-L", "--help"]);
        assert!(["-name", "-empty", "-exec"].iter().all(|f| flags("find").contains(&f.to_string())));
        // Long options with one dash complete with one.
        assert_eq!(flags("sqlite3")[..3], ["-json", "-csv", "-list"]);
        // bash's builtins complete their letters; echo takes no --help.
        assert_eq!(flags("echo"), ["-n", "-e", "-E"]);
        assert_eq!(flags("read")[..2], ["-a", "-d"]);
    }
}
