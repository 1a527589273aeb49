//! The command line's options, declared once: each option's names, its value, the subcommand
//! it belongs to and what `--help` says of it. The parser finds an option here and matches on
//! its [`Flag`] (an option declared and not handled does not compile), `--help` is rendered
//! from this table, and a test holds that README.md documents every option.

/// What an option does; the parser's `match` over it is exhaustive.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Flag {
    Command,
    Check,
    SetOption,
    Shopt,
    Root,
    Overlay,
    Memory,
    MemorySize,
    Mount,
    Env,
    InheritEnv,
    Profile,
    Allow,
    Ask,
    Deny,
    Disable,
    Config,
    Agent,
    Session,
    Fresh,
    Host,
    Mcp,
    Store,
    Timeout,
    Limit,
    Help,
    Version,
    Http,
    MaxSessions,
    SessionIdle,
    SessionPark,
    Shape,
    TimerLease,
    Export,
}

/// Where an option may be given.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Scope {
    /// Anywhere before the script: toolsh's own and every subcommand's.
    Global,
    /// After `mcp` or `serve`.
    Server,
    /// After `serve`.
    Serve,
    /// After `tools`.
    Tools,
}

impl Scope {
    /// Whether an option of this scope is taken after `subcommand` (`None`: none yet).
    pub(super) fn admits(self, subcommand: Option<&str>) -> bool {
        match self {
            Scope::Global => true,
            Scope::Server => matches!(subcommand, Some("mcp" | "serve")),
            Scope::Serve => subcommand == Some("serve"),
            Scope::Tools => subcommand == Some("tools"),
        }
    }

    /// How `--help` and a misplaced option's error name where it belongs.
    pub(super) fn owner(self) -> &'static str {
        match self {
            Scope::Global => "toolsh",
            Scope::Server => "`toolsh mcp` and `toolsh serve`",
            Scope::Serve => "`toolsh serve`",
            Scope::Tools => "`toolsh tools`",
        }
    }
}

/// One option.
pub(super) struct Declared {
    pub(super) flag: Flag,
    pub(super) short: Option<char>,
    pub(super) long: Option<&'static str>,
    /// The value's name, when it takes one.
    pub(super) value: Option<&'static str>,
    pub(super) scope: Scope,
    /// The heading `--help` lists it under.
    pub(super) section: &'static str,
    pub(super) help: &'static str,
}

const fn long(
    flag: Flag,
    name: &'static str,
    value: Option<&'static str>,
    section: &'static str,
    help: &'static str,
) -> Declared {
    Declared { flag, short: None, long: Some(name), value, scope: Scope::Global, section, help }
}

const fn of(scope: Scope, declared: Declared) -> Declared {
    Declared { scope, ..declared }
}

const WORKSPACE: &str = "workspace";
const ENVIRONMENT: &str = "environment";
const POLICY: &str = "policy";
const IDENTITY: &str = "identity and state";
const LIMITS: &str = "limits";
const SERVERS: &str = "mcp and serve";
const OTHER: &str = "other";

/// Every option, in the order `--help` lists them.
pub(super) const FLAGS: &[Declared] = &[
    long(
        Flag::Root,
        "root",
        Some("DIR"),
        WORKSPACE,
        "mount DIR read-write at its own path and start there (default: .)",
    ),
    long(Flag::Overlay, "overlay", Some("DIR"), WORKSPACE, "like --root, but writes stay in memory"),
    long(Flag::Memory, "memory", None, WORKSPACE, "an empty in-memory workspace at /"),
    long(
        Flag::MemorySize,
        "memory-size",
        Some("SIZE"),
        WORKSPACE,
        "what the in-memory parts (--memory, --overlay changes, /tmp) may hold together, like 512M or 2G (default 1G); past it writes fail with `No space left on device`",
    ),
    long(
        Flag::Mount,
        "mount",
        Some("VPATH=SRC[:ro]"),
        WORKSPACE,
        "also mount SRC at VPATH (read-only with :ro): a host directory, or a bucket prefix s3://BUCKET/PREFIX reached with AWS_ENDPOINT_URL, AWS_REGION, AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY (toolsh.toml: [mount] and [s3])",
    ),
    long(Flag::Env, "env", Some("NAME[=VALUE]"), ENVIRONMENT, "export NAME (its host value when no VALUE is given)"),
    long(Flag::InheritEnv, "inherit-env", None, ENVIRONMENT, "export the whole host environment"),
    long(
        Flag::Profile,
        "profile",
        Some("NAME"),
        POLICY,
        "readonly | workspace (default: reads and workspace writes; no network, no host programs) | trusted",
    ),
    long(Flag::Allow, "allow", Some("PAT"), POLICY, "allow calls matching PAT (see --deny)"),
    long(Flag::Ask, "ask", Some("PAT"), POLICY, "ask before calls matching PAT (see --deny)"),
    long(
        Flag::Deny,
        "deny",
        Some("PAT"),
        POLICY,
        "deny calls matching PAT: a tool name, optionally with an argument pattern: fs.delete, fs.write:src/**, net.fetch:https://api.example.com/*; a namespace alone (fs) is all of its tools",
    ),
    long(Flag::Disable, "disable", Some("PAT"), POLICY, "switch tools off entirely (net.*, db.execute)"),
    long(
        Flag::Config,
        "config",
        Some("FILE"),
        POLICY,
        "policy file (default: toolsh.toml in the workspace root, if present)",
    ),
    long(Flag::Agent, "agent", Some("NAME"), IDENTITY, "who this session acts for (default: agent)"),
    long(
        Flag::Session,
        "session",
        Some("NAME"),
        IDENTITY,
        "keep this session in the store as NAME (the agent's): restored at start, saved after each line of the console, each MCP call and at the end (variables, functions, options, traps, cwd, jobs, /tmp)",
    ),
    long(Flag::Fresh, "fresh", None, IDENTITY, "with --session: start NAME anew instead of restoring it"),
    long(
        Flag::Host,
        "host",
        Some("NAME[=PATH]"),
        IDENTITY,
        "run the host program NAME (on the PATH, or PATH) as the command NAME, confined to the dir mounts (see [host.NAME] in toolsh.toml)",
    ),
    long(
        Flag::Mcp,
        "mcp",
        Some("'ALIAS=COMMAND ARGS…' | ALIAS=URL"),
        IDENTITY,
        "mount an MCP server (a program speaking MCP on stdio, or a Streamable HTTP address): its tools become the commands ALIAS.TOOL, behind the policy like any tool (toolsh.toml: [mcp.ALIAS] command, args, env | url, headers; timeout, start_timeout)",
    ),
    long(
        Flag::Store,
        "store",
        Some("PATH|URL"),
        IDENTITY,
        "the store for messages, metadata, timers, sessions and the audit log, shared by every process naming it: a SQLite file (default: $XDG_STATE_HOME/toolsh/store.db, else ~/.local/state/toolsh/store.db) or postgres://[USER@]HOST[:PORT]/DB, shared across machines (the password from PGPASSWORD; toolsh.toml: store = PATH|URL)",
    ),
    long(Flag::Timeout, "timeout", Some("SECS"), LIMITS, "wall time of the whole run"),
    long(
        Flag::Limit,
        "limit",
        Some("NAME=N"),
        LIMITS,
        "a named limit (listed below; times in ms, 0 for none; toolsh.toml: [limits] NAME = N); output-bytes bounds what the shell holds (captures, a call's output, values), not what a command streams to stdout, a file or a pipe",
    ),
    of(
        Scope::Server,
        long(
            Flag::Http,
            "http",
            Some("ADDR"),
            SERVERS,
            "serve over Streamable HTTP at http://ADDR/mcp, one session per client (ADDR like 127.0.0.1:8080; port 0 picks one)",
        ),
    ),
    of(
        Scope::Server,
        long(
            Flag::MaxSessions,
            "max-sessions",
            Some("N"),
            SERVERS,
            "sessions the HTTP server holds in memory at once (default 1000)",
        ),
    ),
    of(
        Scope::Server,
        long(
            Flag::SessionIdle,
            "session-idle",
            Some("SECS"),
            SERVERS,
            "with a store, a session idle this long with no job running leaves memory for the store and comes back from it when called (default 60; 0: never)",
        ),
    ),
    of(
        Scope::Server,
        long(
            Flag::SessionPark,
            "session-park",
            Some("SECS"),
            SERVERS,
            "a session with nothing in flight this long rests in memory without its MCP service, which its next request opens again (default 2; at most --session-idle)",
        ),
    ),
    of(
        Scope::Server,
        long(
            Flag::Shape,
            "shape",
            Some("NAME"),
            SERVERS,
            "serve the tools a harness knows instead of `shell` (the shapes are listed below)",
        ),
    ),
    of(
        Scope::Serve,
        long(
            Flag::TimerLease,
            "timer-lease",
            Some("SECS"),
            SERVERS,
            "how long a timer's run is this server's without renewal (default 30): a run whose server died is run by another once it runs out",
        ),
    ),
    of(
        Scope::Tools,
        long(
            Flag::Export,
            "export",
            Some("mcp|openai|anthropic|SHAPE"),
            OTHER,
            "with `tools`: the definition to print",
        ),
    ),
    Declared {
        flag: Flag::Command,
        short: Some('c'),
        long: None,
        value: Some("SCRIPT"),
        scope: Scope::Global,
        section: OTHER,
        help: "run SCRIPT; the words after it are $0, $1, …",
    },
    Declared {
        flag: Flag::Check,
        short: Some('n'),
        long: None,
        value: None,
        scope: Scope::Global,
        section: OTHER,
        help: "parse the script and report syntax errors; run nothing",
    },
    Declared {
        flag: Flag::SetOption,
        short: Some('o'),
        long: None,
        value: Some("NAME"),
        scope: Scope::Global,
        section: OTHER,
        help: "bash's `set -o NAME` before anything runs (+o NAME: off); its letters too: -e, -u, -x, -v, -f, -a, -C, -E, -T, -B, -H, -b, -k, -m, -p, -t, -P (+LETTER: off)",
    },
    Declared {
        flag: Flag::Shopt,
        short: Some('O'),
        long: None,
        value: Some("NAME"),
        scope: Scope::Global,
        section: OTHER,
        help: "`shopt -s NAME` before anything runs (+O NAME: `shopt -u`)",
    },
    Declared {
        flag: Flag::Help,
        short: Some('h'),
        long: Some("help"),
        value: None,
        scope: Scope::Global,
        section: OTHER,
        help: "this help",
    },
    Declared {
        flag: Flag::Version,
        short: Some('V'),
        long: Some("version"),
        value: None,
        scope: Scope::Global,
        section: OTHER,
        help: "the version",
    },
];

/// The option a command-line word names: `-c` by its letter, `--root` by its name.
pub(super) fn find(short: Option<char>, long: Option<&str>) -> Option<&'static Declared> {
    FLAGS.iter().find(|d| (short.is_some() && d.short == short) || (long.is_some() && d.long == long))
}

const SYNOPSIS: &str = "\
usage: toolsh [options] [-c SCRIPT [NAME [ARG...]] | FILE [ARG...]]
       toolsh mcp [--http ADDR] [options]
                          serve the one `shell` tool over MCP (stdio, or Streamable HTTP)
       toolsh serve [--http ADDR] [--timer-lease SECS] [options]
                          fire every agent's at jobs and crontab entries from the store
                          (--store), each in a fresh session of its agent; with --http,
                          serve MCP too (as mcp --http)
       toolsh tools --export mcp|openai|anthropic|SHAPE [options]
                          print the `shell` tool definition for another harness, or a
                          shape's tools

Runs bash-like scripts in-process over a sandboxed workspace. With no script and a terminal on
standard input, opens the console; otherwise reads the script from standard input.
";

/// How wide `--help` is, and where the descriptions start.
const WIDTH: usize = 96;
const COLUMN: usize = 24;

/// `--help`: the synopsis, then each section's options with their descriptions wrapped, and
/// the names `--limit` takes.
pub(super) fn usage() -> String {
    let mut out = String::from(SYNOPSIS);
    let mut section = "";
    for declared in FLAGS {
        if declared.section != section {
            section = declared.section;
            out.push('\n');
            out.push_str(section);
            out.push_str(":\n");
        }
        let names = match (declared.short, declared.long) {
            (Some(s), Some(l)) => format!("-{s}, --{l}"),
            (Some(s), None) => format!("-{s}"),
            (None, Some(l)) => format!("--{l}"),
            (None, None) => String::new(),
        };
        let head = match declared.value {
            Some(value) => format!("  {names} {value}"),
            None => format!("  {names}"),
        };
        let help = match declared.scope {
            Scope::Global | Scope::Tools => declared.help.to_string(),
            scope => format!("({}) {}", scope.owner(), declared.help),
        };
        wrap(&mut out, &head, &help);
        let names: Vec<&str> = match declared.flag {
            Flag::Limit => crate::NAMED_LIMITS.iter().map(|l| l.name).collect(),
            Flag::Shape => crate::mcp::shape::SHAPES.iter().map(|(name, _)| *name).collect(),
            _ => Vec::new(),
        };
        if !names.is_empty() {
            wrap(&mut out, "", &names.join(", "));
        }
    }
    out
}

/// Appends `head` and `text` wrapped at [`WIDTH`], the text in its column (below the head when
/// the head reaches into it).
fn wrap(out: &mut String, head: &str, text: &str) {
    let mut line = head.to_string();
    if line.chars().count() + 1 >= COLUMN {
        out.push_str(&line);
        out.push('\n');
        line.clear();
    }
    let pad = |line: &mut String| {
        while line.chars().count() < COLUMN {
            line.push(' ');
        }
    };
    pad(&mut line);
    let mut empty = true;
    for word in text.split(' ') {
        if !empty && line.chars().count() + 1 + word.chars().count() > WIDTH {
            out.push_str(line.trim_end());
            out.push('\n');
            line.clear();
            pad(&mut line);
            empty = true;
        }
        if !empty {
            line.push(' ');
        }
        line.push_str(word);
        empty = false;
    }
    out.push_str(line.trim_end());
    out.push('\n');
}

#[cfg(test)]
mod tests {
    use super::*;

    /// README.md documents every option the command line takes.
    #[test]
    fn the_readme_documents_every_option() {
        #[allow(clippy::disallowed_methods)] // the repository's README, not the workspace
        let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).expect("README.md");
        for declared in FLAGS {
            let name = match (declared.long, declared.short) {
                (Some(long), _) => format!("--{long}"),
                (None, Some(short)) => format!("-{short}"),
                (None, None) => continue,
            };
            let documented = readme.match_indices(&name).any(|(at, _)| {
                let next = readme[at + name.len()..].chars().next();
                !next.is_some_and(|c| c.is_alphanumeric() || c == '-')
            });
            assert!(documented, "README.md does not mention {name}");
        }
    }

    /// Each option has one name of each kind, and `--help` lists every one.
    #[test]
    fn every_option_is_named_once_and_listed() {
        let usage = usage();
        for (index, declared) in FLAGS.iter().enumerate() {
            let same = |other: &Declared| {
                (declared.long.is_some() && other.long == declared.long)
                    || (declared.short.is_some() && other.short == declared.short)
            };
            assert!(!FLAGS[index + 1..].iter().any(same), "{:?} is declared twice", declared.flag);
            if let Some(long) = declared.long {
                assert!(usage.contains(&format!("--{long}")), "--help lists --{long}");
            }
        }
    }
}
