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
mod codec;
mod data;
mod fs;
mod lang;
#[cfg(feature = "net")]
mod net;
mod shell;
mod text;

// What the interpreter takes from the commands: `$'…'` and `echo -e` decode alike, and `set`
// prints values as `declare -p` quotes them.
/// POSIX bracket expressions in the regex crate's syntax, for bash's `=~` as for grep.
pub use text::posix_regex::{Backslash as BracketBackslash, bracket as posix_bracket};
pub use text::printf::{ansi_c_quote, printable_filename, wants_ansi_c};
pub use text::stream::{expand_backslashes, quote_for_reuse};

/// The specs of the builtins the interpreter runs (`Run::Interpreter`), for it to read their options by.
pub use shell::listing;
pub use shell::special;
pub use toolsh_core::command::spec;
pub use toolsh_core::command::{Builtin, ChildState, CommandFn, Ctx, OperandReader, Run, Special};
pub use toolsh_core::opt;

// The engine's modules, under the names the commands use for them (`crate::vfs`, …).
use toolsh_core::{command, io, pattern, predicates, session, signals, vfs};
use toolsh_gate::{policy, status};

use crate::session::Status;
use futures::future::BoxFuture;

macro_rules! entry {
    // The row's spec reads the arguments (`--help`, `--version` and usage errors are answered
    // here, the body never runs); the body gets them parsed.
    (spec $spec:path, $func:path) => {
        Builtin {
            name: $spec.name,
            run: Run::Command({
                fn run(ctx: Ctx<'_>) -> BoxFuture<'_, Status> {
                    Box::pin(async move {
                        match ctx.args(&$spec).await {
                            Ok(args) => $func(ctx, args).await,
                            Err(status) => status,
                        }
                    })
                }
                run
            }),
            summary: $spec.summary,
            spec: &$spec,
        }
    };
    // A command that reads its words itself (`echo`, `test`, `dd`'s `if=`…): its spec still
    // says what it takes, for `help` and the pre-flight.
    (own $spec:path, $func:path) => {
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
    (interpreter $spec:path, $special:ident) => {
        Builtin { name: $spec.name, run: Run::Interpreter(Special::$special), summary: $spec.summary, spec: &$spec }
    };
}

/// bash's own builtins: every model knows them, so the `shell` tool's description does not
/// spend tokens listing them (`help` does).
pub use toolsh_core::command::BASH_BUILTINS;

/// Every command, sorted by name.
static TABLE: &[Builtin] = &[
    entry!(interpreter shell::special::DOT, Source),
    entry!(own shell::flow::COLON, shell::flow::colon),
    entry!(own shell::cond::BRACKET, shell::cond::test),
    entry!(spec shell::alias::ALIAS, shell::alias::alias),
    entry!(spec fs::patch::APPLY_PATCH, fs::patch::apply_patch),
    entry!(spec agents::timers::AT, agents::timers::at),
    entry!(spec agents::timers::ATQ, agents::timers::atq),
    entry!(spec agents::timers::ATRM, agents::timers::atrm),
    entry!(spec agents::tools::AUDIT, agents::tools::audit),
    entry!(spec lang::awk::AWK, lang::awk::awk),
    entry!(spec data::encode::B2SUM, data::encode::checksum),
    entry!(spec data::basenc::BASE32, data::basenc::base32),
    entry!(spec data::encode::BASE64, data::encode::base64),
    entry!(spec fs::files::BASENAME, fs::files::basename),
    entry!(spec data::basenc::BASENC, data::basenc::basenc),
    entry!(interpreter shell::special::BASH, Subshell),
    entry!(spec lang::bc::BC, lang::bc::bc),
    entry!(interpreter shell::special::BG, Bg),
    entry!(interpreter shell::special::BREAK, Break),
    entry!(interpreter shell::special::BUILTIN, Builtin),
    entry!(spec data::compress::BUNZIP2, data::compress::compressor),
    entry!(spec data::compress::BZCAT, data::compress::compressor),
    entry!(spec data::compress::BZIP2, data::compress::compressor),
    entry!(spec text::cal::CAL, text::cal::cal),
    entry!(interpreter shell::special::CALLER, Caller),
    entry!(spec fs::files::CAT, fs::files::cat),
    entry!(spec shell::nav::CD, shell::nav::cd),
    entry!(spec fs::owner::CHGRP, fs::owner::chown),
    entry!(own fs::files::CHMOD, fs::files::chmod),
    entry!(spec fs::owner::CHOWN, fs::owner::chown),
    entry!(spec data::bytes::CKSUM, data::bytes::cksum),
    entry!(spec data::bytes::CMP, data::bytes::cmp),
    entry!(spec text::columns::COLUMN, text::columns::column),
    entry!(spec text::columns::COMM, text::columns::comm),
    entry!(interpreter shell::special::COMMAND, Command),
    entry!(interpreter shell::special::COMPGEN, Compgen),
    entry!(interpreter shell::special::COMPLETE, Complete),
    entry!(interpreter shell::special::COMPOPT, Compopt),
    entry!(spec agents::tools::CONFIG, agents::tools::config),
    entry!(interpreter shell::special::CONTINUE, Continue),
    entry!(spec fs::files::CP, fs::files::cp),
    entry!(spec agents::timers::CRONTAB, agents::timers::crontab),
    entry!(spec text::csplit::CSPLIT, text::csplit::csplit),
    #[cfg(feature = "net")]
    entry!(spec net::http::CURL, net::http::curl),
    entry!(spec text::lines::CUT, text::lines::cut),
    entry!(spec text::stream::DATE, text::stream::date),
    entry!(own data::dd::DD, data::dd::dd),
    entry!(interpreter shell::special::DECLARE, Declaration),
    entry!(spec fs::df::DF, fs::df::df),
    entry!(spec text::diff::DIFF, text::diff::diff),
    entry!(spec fs::files::DIRNAME, fs::files::dirname),
    entry!(spec shell::nav::DIRS, shell::nav::dirs),
    entry!(interpreter shell::special::DISOWN, Disown),
    entry!(spec fs::files::DU, fs::files::du),
    entry!(own text::stream::ECHO, text::stream::echo),
    entry!(own text::grep::EGREP, text::grep::egrep),
    entry!(interpreter shell::special::ENABLE, Enable),
    entry!(spec shell::xargs::ENV, shell::xargs::env),
    entry!(spec text::envsubst::ENVSUBST, text::envsubst::envsubst),
    entry!(interpreter shell::special::EVAL, Eval),
    entry!(interpreter shell::special::EXEC, Exec),
    entry!(interpreter shell::special::EXIT, Exit),
    entry!(spec text::columns::EXPAND, text::columns::expand),
    entry!(interpreter shell::special::EXPORT, Declaration),
    entry!(spec shell::expr::EXPR, shell::expr::expr),
    entry!(spec text::factor::FACTOR, text::factor::factor),
    entry!(own shell::flow::FALSE, shell::flow::false_),
    entry!(interpreter shell::special::FC, Fc),
    entry!(interpreter shell::special::FG, Fg),
    entry!(own text::grep::FGREP, text::grep::egrep),
    entry!(spec data::file::FILE, data::file::file),
    entry!(spec fs::find::FIND, fs::find::find),
    entry!(spec text::fmt::FMT, text::fmt::fmt),
    entry!(spec text::columns::FOLD, text::columns::fold),
    entry!(spec lang::awk::GAWK, lang::awk::awk),
    entry!(own shell::getopt::GETOPT, shell::getopt::getopt),
    entry!(spec shell::vars::GETOPTS, shell::vars::getopts),
    entry!(spec text::grep::GREP, text::grep::grep),
    entry!(spec shell::machine::GROUPS_SPEC, shell::machine::groups),
    entry!(spec data::compress::GUNZIP, data::compress::compressor),
    entry!(spec data::compress::GZIP, data::compress::compressor),
    entry!(interpreter shell::special::HASH, Hash),
    entry!(spec data::hexdump::HD, data::hexdump::hexdump),
    entry!(spec text::stream::HEAD, text::stream::head),
    entry!(spec agents::tools::HELP, agents::tools::help),
    entry!(spec data::hexdump::HEXDUMP, data::hexdump::hexdump),
    entry!(interpreter shell::special::HISTORY, History),
    entry!(spec shell::machine::HOSTNAME, shell::machine::hostname),
    entry!(spec text::iconv::ICONV, text::iconv::iconv),
    entry!(spec shell::machine::ID_SPEC, shell::machine::id),
    entry!(spec fs::install::INSTALL, fs::install::install),
    entry!(interpreter shell::special::JOBS, Jobs),
    entry!(spec text::join::JOIN, text::join::join),
    entry!(spec lang::jq::JQ, lang::jq::jq),
    entry!(interpreter shell::special::KILL, Kill),
    entry!(spec text::pager::LESS, text::pager::pager),
    entry!(interpreter shell::vars::LET, Let),
    entry!(spec fs::paths::LINK, fs::paths::link),
    entry!(spec fs::files::LN, fs::files::ln),
    entry!(interpreter shell::special::LOCAL, Declaration),
    entry!(spec shell::machine::LOGNAME, shell::machine::logname),
    entry!(spec shell::flow::LOGOUT, shell::flow::logout),
    entry!(spec fs::files::LS, fs::files::ls),
    entry!(spec shell::vars::MAPFILE, shell::vars::mapfile),
    entry!(spec data::encode::MD5SUM, data::encode::checksum),
    entry!(spec agents::messaging::META, agents::messaging::meta),
    entry!(spec fs::files::MKDIR, fs::files::mkdir),
    entry!(spec fs::files::MKTEMP, fs::files::mktemp),
    entry!(spec text::pager::MORE, text::pager::pager),
    entry!(spec agents::messaging::MSG, agents::messaging::msg),
    entry!(spec fs::files::MV, fs::files::mv),
    entry!(spec shell::nice::NICE, shell::nice::nice),
    entry!(spec text::columns::NL, text::columns::nl),
    entry!(spec shell::nohup::NOHUP, shell::nohup::nohup),
    entry!(spec shell::machine::NPROC, shell::machine::nproc),
    entry!(spec text::numfmt::NUMFMT, text::numfmt::numfmt),
    entry!(spec data::od::OD, data::od::od),
    entry!(spec text::columns::PASTE, text::columns::paste),
    entry!(spec fs::patch::PATCH, fs::patch::patch),
    entry!(spec fs::paths::PATHCHK, fs::paths::pathchk),
    entry!(spec agents::messaging::PING, agents::messaging::ping),
    entry!(spec shell::nav::POPD, shell::nav::popd),
    entry!(spec text::pr::PR, text::pr::pr),
    entry!(spec shell::vars::PRINTENV, shell::vars::printenv),
    entry!(spec text::printf::PRINTF, text::printf::printf),
    entry!(interpreter shell::special::PS, Ps),
    entry!(spec shell::nav::PUSHD, shell::nav::pushd),
    entry!(spec shell::nav::PWD, shell::nav::pwd),
    entry!(spec shell::vars::READ, shell::vars::read),
    entry!(spec shell::vars::READARRAY, shell::vars::mapfile),
    entry!(spec fs::files::READLINK, fs::files::readlink),
    entry!(interpreter shell::special::READONLY, Declaration),
    entry!(spec fs::files::REALPATH, fs::files::realpath),
    entry!(interpreter shell::special::RETURN, Return),
    entry!(spec text::lines::REV, text::lines::rev),
    entry!(spec text::grep::rg::RG, text::grep::rg::rg),
    entry!(spec fs::files::RM, fs::files::rm),
    entry!(spec fs::files::RMDIR, fs::files::rmdir),
    entry!(spec lang::sed::SED, lang::sed::sed),
    entry!(spec text::stream::SEQ, text::stream::seq),
    entry!(interpreter shell::special::SESSION, Session),
    entry!(spec shell::vars::SET, shell::vars::set),
    entry!(interpreter shell::special::SH, Subshell),
    entry!(spec data::encode::SHA1SUM, data::encode::checksum),
    entry!(spec data::encode::SHA224SUM, data::encode::checksum),
    entry!(spec data::encode::SHA256SUM, data::encode::checksum),
    entry!(spec data::encode::SHA384SUM, data::encode::checksum),
    entry!(spec data::encode::SHA512SUM, data::encode::checksum),
    entry!(spec shell::vars::SHIFT, shell::vars::shift),
    entry!(spec shell::vars::SHOPT, shell::vars::shopt),
    entry!(spec text::shuf::SHUF, text::shuf::shuf),
    entry!(spec text::stream::SLEEP_SPEC, text::stream::sleep),
    entry!(spec text::sort::SORT, text::sort::sort),
    entry!(interpreter shell::special::SOURCE, Source),
    entry!(spec data::dump::SPLIT, data::dump::split),
    entry!(spec data::sqlite::SQLITE3, data::sqlite::sqlite3),
    entry!(spec fs::files::STAT, fs::files::stat),
    entry!(spec shell::nice::STDBUF, shell::nice::stdbuf),
    entry!(spec data::bytes::STRINGS, data::bytes::strings),
    entry!(spec data::bytes::SUM, data::bytes::sum),
    entry!(spec shell::machine::SYNC, shell::machine::sync),
    entry!(spec text::lines::TAC, text::lines::tac),
    entry!(spec text::stream::TAIL, text::stream::tail),
    entry!(own data::tar::TAR, data::tar::tar),
    entry!(spec text::stream::TEE, text::stream::tee),
    entry!(own shell::cond::TEST, shell::cond::test),
    entry!(spec shell::timeout::TIMEOUT, shell::timeout::timeout),
    entry!(interpreter shell::special::TIMES, Times),
    entry!(spec fs::files::TOUCH, fs::files::touch),
    entry!(spec text::stream::TR, text::stream::tr),
    entry!(interpreter shell::special::TRAP, Trap),
    entry!(spec fs::tree::TREE, fs::tree::tree),
    entry!(own shell::flow::TRUE, shell::flow::true_),
    entry!(spec fs::truncate::TRUNCATE, fs::truncate::truncate),
    entry!(spec text::tsort::TSORT, text::tsort::tsort),
    entry!(spec shell::machine::TTY, shell::machine::tty),
    entry!(interpreter shell::special::TYPE, Type),
    entry!(interpreter shell::special::TYPESET, Declaration),
    entry!(spec shell::ulimit::ULIMIT, shell::ulimit::ulimit),
    entry!(spec shell::ulimit::UMASK, shell::ulimit::umask),
    entry!(spec shell::alias::UNALIAS, shell::alias::unalias),
    entry!(spec shell::machine::UNAME, shell::machine::uname),
    entry!(spec text::columns::UNEXPAND, text::columns::unexpand),
    entry!(spec text::lines::UNIQ, text::lines::uniq),
    entry!(spec fs::paths::UNLINK, fs::paths::unlink),
    entry!(spec shell::vars::UNSET, shell::vars::unset),
    entry!(spec data::compress::UNXZ, data::compress::compressor),
    entry!(spec data::zip::UNZIP, data::zip::unzip),
    entry!(interpreter shell::special::WAIT, Wait),
    entry!(spec text::lines::WC, text::lines::wc),
    #[cfg(feature = "net")]
    entry!(spec net::http::WGET, net::http::wget),
    entry!(interpreter shell::special::WHICH, Which),
    entry!(spec agents::messaging::WHO, agents::messaging::who),
    entry!(spec agents::messaging::WHOAMI, agents::messaging::whoami),
    entry!(spec shell::xargs::XARGS, shell::xargs::xargs),
    entry!(spec data::dump::XXD, data::dump::xxd),
    entry!(spec data::compress::XZ, data::compress::compressor),
    entry!(spec data::compress::XZCAT, data::compress::compressor),
    entry!(spec text::stream::YES, text::stream::yes),
    entry!(spec data::compress::ZCAT, data::compress::compressor),
    entry!(spec data::zip::ZIP, data::zip::zip),
];

/// The tools a command calls, from its spec (`None` for a command that calls none).
pub fn adapter_of(name: &str) -> Option<&'static [&'static str]> {
    lookup(name).map(|b| b.spec.tools).filter(|tools| !tools.is_empty())
}

/// Finds a command by name.
pub fn lookup(name: &str) -> Option<&'static Builtin> {
    // Hashed once on first use: every command a line runs is looked up, some twice (the
    // pre-flight and the dispatch), and a binary search compares a name a dozen times.
    static INDEX: std::sync::LazyLock<rustc_hash::FxHashMap<&'static str, &'static Builtin>> =
        std::sync::LazyLock::new(|| TABLE.iter().map(|b| (b.name, b)).collect());
    INDEX.get(name).copied()
}

/// All commands, sorted.
pub fn all() -> &'static [Builtin] {
    TABLE
}

/// What `NAME --help` prints for an interpreter builtin (a command reads its spec itself), with
/// its status; `None` when the builtin runs as usual.
pub fn interpreter_help(entry: &Builtin, argv: &[String]) -> Option<(String, Status)> {
    let asked = matches!(entry.run, Run::Interpreter(_))
        && matches!(entry.spec.parse(argv.get(1..).unwrap_or_default()), Err(spec::Refusal::Help));
    asked.then(|| (entry.spec.help(), entry.spec.help_status()))
}

/// `seconds` since the epoch formatted by strftime's `format` in the zone of `state`'s `TZ`, as
/// `printf '%(FORMAT)T'` writes it (`history` under `HISTTIMEFORMAT`).
pub fn format_time(state: &session::State, format: &str, seconds: i64) -> String {
    let when = chrono::DateTime::from_timestamp(seconds, 0).unwrap_or_else(chrono::Utc::now);
    let (local, abbreviation) = text::zone::Zone::of(state).local(when);
    text::strftime::strftime(format, &local, &abbreviation, text::strftime::Dialect::Libc)
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
