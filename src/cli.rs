//! The command line: `toolsh -c SCRIPT [name args…]`, `toolsh FILE [args…]`, a script on
//! standard input, or the console. Flags build the workspace (mounts) and the environment.
//!
//! This is the one module that touches the host directly: it opens mount roots, reads the script
//! file named on the command line, and reads the host environment only when asked
//! (`--env NAME`, `--inherit-env`).

use crate::interp::io::{HostSink, Input, Io, Output, pipe};
use crate::interp::{Limits, Shell};

use crate::mounts::{absolute, parse_size};
use crate::vfs::{Backend, DirFs, MemoryBudget, MemoryFs, OverlayFs, Vfs};
use std::io::{IsTerminal, Read, Write};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

mod flags;
use flags::Flag;

/// What the command line asked for.
#[derive(Debug, Default)]
pub struct Options {
    root: Option<PathBuf>,
    overlay: bool,
    memory: bool,
    memory_size: Option<u64>,
    mounts: Vec<crate::mounts::MountSpec>,
    env: Vec<(String, Option<String>)>,
    inherit_env: bool,
    limits: Limits,
    /// The limits the command line named (they win over the policy file's `[limits]`).
    limits_named: Vec<&'static str>,
    command: Option<String>,
    script_file: Option<String>,
    /// `-n`: parse only.
    no_exec: bool,
    /// `--session NAME`: the session kept in the store.
    session: Option<String>,
    /// `--fresh`: the session starts anew.
    fresh: bool,
    profile: Option<String>,
    rules: Vec<(crate::policy::Verdict, String)>,
    disable: Vec<String>,
    config: Option<PathBuf>,
    agent: Option<String>,
    store: Option<crate::store::Location>,
    /// `--mcp ALIAS=COMMAND ARGS…`: servers declared on the command line.
    mcp_servers: Vec<crate::mount::ServerConfig>,
    /// `--host NAME[=PATH]`: host programs declared on the command line.
    host_programs: Vec<crate::host::HostConfig>,
    /// `toolsh mcp`: serve MCP on stdio.
    mcp: bool,
    /// `toolsh serve`: the timer loop (and, with `--http`, the MCP server).
    serve: bool,
    /// `toolsh serve --timer-lease SECS`: how long a run is this server's without renewal.
    timer_lease: Duration,
    /// `toolsh mcp --http ADDR`: serve MCP over HTTP instead.
    http: Option<std::net::SocketAddr>,
    /// What the HTTP server lets clients hold (`--max-sessions`).
    http_limits: crate::mcp::http::Limits,
    /// `toolsh tools --export FORMAT`.
    export: Option<String>,
    /// Set up for an embedder ([`shell_from_args`]): the workspace's `toolsh.toml` is read
    /// only when `--config` names it.
    embedded: bool,
    /// `toolsh mcp --shape NAME`: the tools served.
    shape: crate::mcp::shape::Shape,
    args: Vec<String>,
    /// bash's options given on the command line (`-e`, `-o pipefail`, `+x`, `-O extglob`),
    /// in order: their kind, name and whether on.
    shell_options: Vec<(toolsh_core::options::Kind, &'static str, bool)>,
}

/// The option of `kind` named `name`, as declared (bash's own names only).
fn shell_option(kind: toolsh_core::options::Kind, name: &str) -> Result<&'static str, String> {
    use toolsh_core::options::{Kind, SET_OPTIONS, SHOPT_OPTIONS};
    let found = match kind {
        Kind::Set => SET_OPTIONS.iter().map(|(known, _, _)| *known).find(|known| *known == name),
        Kind::Shopt => SHOPT_OPTIONS.iter().map(|(known, _)| *known).find(|known| *known == name),
    };
    found.ok_or_else(|| match kind {
        Kind::Set => format!("-o {name}: invalid option name (`set -o` lists them)"),
        Kind::Shopt => format!("-O {name}: invalid shell option name (`shopt` lists them)"),
    })
}

/// bash's `set` letters as command-line options (`-eu`, `+x`): the options they turn on or off.
fn shell_letters(letters: &str, on: bool) -> Result<Vec<(toolsh_core::options::Kind, &'static str, bool)>, String> {
    let sign = if on { '-' } else { '+' };
    letters
        .chars()
        .map(|letter| match toolsh_core::options::Options::letter(letter) {
            Some(name) => Ok((toolsh_core::options::Kind::Set, name, on)),
            None => Err(format!("unknown option `{sign}{letter}`")),
        })
        .collect()
}

fn parse_args(argv: &[String]) -> Result<Options, String> {
    use lexopt::prelude::*;
    let mut options = Options::default();
    // `mcp`, `serve` or `tools`, once its word was read: the global options may come before it
    // (`toolsh --root D tools --export mcp`), its own only after it.
    let mut subcommand: Option<&str> = None;
    let mut parser = lexopt::Parser::from_args(argv.iter().map(String::as_str));
    // What follows the script (or `-c STRING`) is its name and arguments, options or not.
    let rest = |parser: &mut lexopt::Parser| -> Vec<String> {
        parser.raw_args().map(|raw| raw.map(text).collect()).unwrap_or_default()
    };
    // The words are already text (`main` decoded them, bytes kept as stand-ins): lexopt hands
    // them back as they were given, and decoding them again would split each stand-in.
    fn text(word: std::ffi::OsString) -> String {
        word.into_string().unwrap_or_else(|word| toolsh_bytes::from_os(&word).into_owned())
    }
    fn value(parser: &mut lexopt::Parser, flag: &str) -> Result<String, String> {
        parser.value().map(text).map_err(|_| format!("{flag} needs a value"))
    }
    while let Some(arg) = parser.next().map_err(|e| e.to_string())? {
        let declared = match &arg {
            Short(letter) => flags::find(Some(*letter), None),
            Long(name) => flags::find(None, Some(name)),
            Value(_) => None,
        };
        if let Some(declared) = declared {
            let name = match (declared.short, declared.long) {
                (_, Some(long)) => format!("--{long}"),
                (Some(short), None) => format!("-{short}"),
                (None, None) => String::new(),
            };
            if !declared.scope.admits(subcommand) {
                let owner = declared.scope.owner();
                return Err(match subcommand {
                    None => format!("{name} is an option of {owner}: put it after the subcommand"),
                    Some(sub) => format!("{name} is not an option of `toolsh {sub}`: it is one of {owner}"),
                });
            }
            let mut value = || value(&mut parser, &name);
            match declared.flag {
                Flag::Command => {
                    options.command = Some(value()?);
                    options.args = rest(&mut parser);
                    return Ok(options);
                }
                Flag::Root => options.root = Some(PathBuf::from(value()?)),
                Flag::Overlay => {
                    options.root = Some(PathBuf::from(value()?));
                    options.overlay = true;
                }
                Flag::Memory => options.memory = true,
                Flag::MemorySize => {
                    let text = value()?;
                    options.memory_size = Some(parse_size(&text).ok_or_else(|| {
                        format!(
                            "--memory-size: `{text}` is not a size; give bytes or a number with K, M or G, like 512M"
                        )
                    })?);
                }
                Flag::Export => {
                    let format = value()?;
                    // One run prints one definition: a second `--export` would silently win.
                    if let Some(earlier) = &options.export {
                        return Err(format!(
                            "--export given twice ({earlier}, then {format}): `toolsh tools` prints one definition; run it once per format"
                        ));
                    }
                    options.export = Some(format);
                }
                Flag::Http => {
                    let addr = value()?;
                    let parsed = addr.parse().map_err(|_| {
                        format!("--http takes HOST:PORT with a numeric address, like 127.0.0.1:8080; got '{addr}'")
                    })?;
                    options.http = Some(parsed);
                }
                Flag::Shape => options.shape = crate::mcp::shape::Shape::named(&value()?)?,
                Flag::TimerLease => {
                    let text = value()?;
                    options.timer_lease = match text.parse::<f64>().map(Duration::try_from_secs_f64) {
                        Ok(Ok(lease)) if !lease.is_zero() => lease,
                        _ => return Err(format!("--timer-lease takes a positive number of seconds; got '{text}'")),
                    };
                }
                Flag::MaxSessions => {
                    let text = value()?;
                    options.http_limits.max_sessions = match text.parse::<usize>() {
                        Ok(n) if n > 0 => n,
                        _ => return Err(format!("--max-sessions takes a positive number; got '{text}'")),
                    };
                }
                Flag::SessionIdle => {
                    let text = value()?;
                    options.http_limits.idle_after = match text.parse::<f64>().map(Duration::try_from_secs_f64) {
                        Ok(Ok(idle)) => idle,
                        _ => return Err(format!("--session-idle takes a number of seconds (0: never); got '{text}'")),
                    };
                }
                Flag::SessionPark => {
                    let text = value()?;
                    options.http_limits.park_after = match text.parse::<f64>().map(Duration::try_from_secs_f64) {
                        Ok(Ok(park)) if !park.is_zero() => park,
                        _ => return Err(format!("--session-park takes a positive number of seconds; got '{text}'")),
                    };
                }
                Flag::Check => options.no_exec = true,
                Flag::SetOption => {
                    let name = shell_option(toolsh_core::options::Kind::Set, &value()?)?;
                    options.shell_options.push((toolsh_core::options::Kind::Set, name, true));
                }
                Flag::Shopt => {
                    let name = shell_option(toolsh_core::options::Kind::Shopt, &value()?)?;
                    options.shell_options.push((toolsh_core::options::Kind::Shopt, name, true));
                }
                Flag::Mount => {
                    let spec = value()?;
                    let (vpath, source) = spec.split_once('=').ok_or("--mount takes VPATH=SRC[:ro]")?;
                    options.mounts.push(crate::mounts::MountSpec::parse(vpath, source));
                }
                Flag::Env => {
                    let spec = value()?;
                    match spec.split_once('=') {
                        Some((name, value)) => options.env.push((name.to_string(), Some(value.to_string()))),
                        None => options.env.push((spec, None)),
                    }
                }
                Flag::InheritEnv => options.inherit_env = true,
                Flag::Profile => options.profile = Some(value()?),
                Flag::Allow => options.rules.push((crate::policy::Verdict::Allow, value()?)),
                Flag::Ask => options.rules.push((crate::policy::Verdict::Ask, value()?)),
                Flag::Deny => options.rules.push((crate::policy::Verdict::Deny, value()?)),
                Flag::Disable => options.disable.push(value()?),
                Flag::Config => options.config = Some(PathBuf::from(value()?)),
                Flag::Agent => options.agent = Some(value()?),
                Flag::Mcp => options.mcp_servers.push(crate::mount::ServerConfig::from_flag(&value()?)?),
                Flag::Host => options.host_programs.push(crate::host::HostConfig::from_flag(&value()?)?),
                Flag::Store => options.store = Some(crate::store::Location::parse(&value()?)),
                Flag::Session => options.session = Some(value()?),
                Flag::Fresh => options.fresh = true,
                Flag::Timeout => {
                    let text = value()?;
                    // A positive, finite number of seconds that a Duration holds (`inf`, `nan`,
                    // `0` and `1e308` are refused, not a panic or a deadline already past).
                    let wall_time = text
                        .parse::<f64>()
                        .ok()
                        .filter(|secs| *secs > 0.0)
                        .and_then(|secs| Duration::try_from_secs_f64(secs).ok())
                        .ok_or_else(|| format!("--timeout takes a positive number of seconds; got `{text}`"))?;
                    options.limits.wall_time = Some(wall_time);
                    options.limits_named.push("timeout-ms");
                }
                Flag::Limit => {
                    let spec = value()?;
                    let (name, number) = spec.split_once('=').ok_or("--limit takes NAME=N")?;
                    let n: u64 = number.parse().map_err(|_| format!("--limit {name}: `{number}` is not a number"))?;
                    let Some(limit) = crate::NAMED_LIMITS.iter().find(|l| l.name == name) else {
                        let names: Vec<&str> = crate::NAMED_LIMITS.iter().map(|l| l.name).collect();
                        return Err(format!("--limit: unknown limit `{name}` ({})", names.join(", ")));
                    };
                    (limit.set)(&mut options.limits, n);
                    options.limits_named.push(limit.name);
                }
                Flag::Help => return Err(String::new()),
                // Answered by `main` once the options parsed.
                Flag::Version => {}
            }
            continue;
        }
        match arg {
            Value(word) if subcommand.is_none() && matches!(word.to_str(), Some("mcp" | "serve" | "tools")) => {
                let name = match word.to_str() {
                    Some("mcp") => "mcp",
                    Some("serve") => "serve",
                    _ => "tools",
                };
                subcommand = Some(name);
                options.mcp = name != "tools";
                options.serve = name == "serve";
            }
            Value(word) if subcommand == Some("tools") => {
                return Err(format!(
                    "tools takes no operand (`{}`): toolsh tools --export mcp|openai|anthropic|SHAPE",
                    text(word)
                ));
            }
            // bash's `+o NAME`, `+O NAME` and `+LETTERS` turn an option off.
            Value(word) if subcommand.is_none() && word.to_str().is_some_and(|w| w.len() > 1 && w.starts_with('+')) => {
                let word = text(word);
                let kind = match word.as_str() {
                    "+o" => Some(toolsh_core::options::Kind::Set),
                    "+O" => Some(toolsh_core::options::Kind::Shopt),
                    _ => None,
                };
                match kind {
                    Some(kind) => {
                        let name = parser.value().map(text).map_err(|_| format!("{word} needs a value"))?;
                        options.shell_options.push((kind, shell_option(kind, &name)?, false));
                    }
                    None => options.shell_options.extend(shell_letters(&word[1..], false)?),
                }
            }
            Value(script) => {
                options.script_file = Some(text(script));
                options.args = rest(&mut parser);
                return Ok(options);
            }
            Short(letter) if subcommand.is_none() => {
                options.shell_options.extend(shell_letters(&letter.to_string(), true)?)
            }
            Short(letter) => return Err(format!("unknown option `-{letter}`")),
            Long(name) => return Err(format!("unknown option `--{name}`")),
        }
    }
    if subcommand == Some("tools") && options.export.is_none() {
        return Err("tools takes --export mcp|openai|anthropic|SHAPE".to_string());
    }
    Ok(options)
}

/// Builds the workspace and the starting directory from the options and the policy file's
/// `[mount]` table (`--mount` wins for the same path).
#[allow(clippy::disallowed_methods)] // the operator's own mounts: the one place host directories open
fn build_vfs(
    options: &Options,
    config: &Config,
    mounts: &[crate::mounts::MountSpec],
) -> Result<(Vfs, String), crate::mounts::MountError> {
    let mut vfs = Vfs::new();
    // One budget for everything the workspace holds in memory.
    let budget = MemoryBudget::new(options.memory_size.unwrap_or(MemoryBudget::DEFAULT_CAPACITY));
    let memory = || Arc::new(MemoryFs::with_budget(budget.clone()));
    let cwd = if options.memory {
        vfs.mount("/", memory(), false, "memory");
        "/".to_string()
    } else {
        let abs = workspace_root(options)?;
        let dir = DirFs::open(std::path::Path::new(&abs)).map_err(|e| format!("{abs}: {e}"))?;
        let backend: Arc<dyn Backend> = if options.overlay {
            Arc::new(OverlayFs::with_upper(Arc::new(dir), MemoryFs::with_budget(budget.clone())))
        } else {
            Arc::new(dir)
        };
        let label = if options.overlay { format!("overlay:{abs}") } else { format!("dir:{abs}") };
        vfs.mount(&abs, backend, false, &label);
        abs
    };
    // `/tmp` is scratch memory unless the workspace root is `/tmp` itself; a root below `/tmp`
    // stays reachable because the deepest mount wins.
    if cwd != "/tmp" {
        vfs.mount("/tmp", memory(), false, "memory");
    }
    let default = crate::config::S3Entry::default();
    let settings = config.file.as_ref().map_or(&default, |file| &file.s3);
    // Whether the shell could read the policy file, from the workspace before the extra
    // mounts (a secret written there must not be readable).
    let readable = config.readable_by(&vfs);
    for spec in mounts {
        let (backend, label) = crate::mounts::open(spec, settings, readable)?;
        vfs.mount(&spec.at, backend, spec.read_only, &label);
    }
    Ok((vfs, cwd))
}

/// The workspace root on the host (`--root`, default `.`), absolute.
fn workspace_root(options: &Options) -> Result<String, String> {
    absolute(options.root.as_deref().unwrap_or(std::path::Path::new(".")))
}

/// The policy file: where it is (`--config`, else `toolsh.toml` in the workspace root) and what
/// it says, read before anything else since it declares mounts too.
struct Config {
    path: Option<PathBuf>,
    file: Option<crate::config::ConfigFile>,
}

impl Config {
    fn read(options: &Options) -> Result<Config, String> {
        let path = match &options.config {
            Some(path) => Some(path.clone()),
            None if !options.memory => Some(std::path::Path::new(&workspace_root(options)?).join("toolsh.toml")),
            None => None,
        };
        let mut file = None;
        // An embedder reads a policy file only when it names one: the workspace's own is
        // content the app did not write (a cloned repository's), and its `[mcp]` entries
        // would start programs on the host. The path stays the control plane's either way.
        let read = options.config.is_some() || !options.embedded;
        if let Some(path) = path.as_ref().filter(|_| read) {
            #[allow(clippy::disallowed_methods)] // the control plane is read from the host, never the VFS
            match std::fs::read_to_string(path) {
                Ok(text) => file = Some(crate::config::ConfigFile::parse(path, &text)?),
                Err(err) if err.kind() == std::io::ErrorKind::NotFound && options.config.is_none() => {}
                Err(err) => return Err(format!("{}: {err}", path.display())),
            }
        }
        Ok(Config { path, file })
    }

    /// The file's `[mount]` entries (a relative directory is the workspace root's), then the
    /// command line's (which win for the same path).
    fn mounts(&self, options: &Options) -> Vec<crate::mounts::MountSpec> {
        let root = workspace_root(options).ok();
        let mut all: Vec<crate::mounts::MountSpec> = self
            .file
            .iter()
            .flat_map(|file| file.mount.iter())
            .filter(|(at, _)| !options.mounts.iter().any(|m| &m.at == *at))
            .map(|(at, source)| {
                let mut spec = crate::mounts::MountSpec::parse(at, source);
                if let (crate::mounts::Source::Dir(dir), Some(root)) = (&mut spec.source, &root)
                    && dir.is_relative()
                {
                    *dir = std::path::Path::new(root).join(&*dir);
                }
                spec
            })
            .collect();
        all.extend(options.mounts.iter().cloned());
        all
    }

    /// Sets the file's `[limits]` that the command line did not name (`--limit` wins); a
    /// name that is no limit is an error naming the ones there are.
    fn limits(&self, options: &mut Options) -> Result<(), String> {
        for (name, value) in self.file.iter().flat_map(|file| file.limits.iter()) {
            let Some(limit) = crate::NAMED_LIMITS.iter().find(|l| l.name == name) else {
                let names: Vec<&str> = crate::NAMED_LIMITS.iter().map(|l| l.name).collect();
                return Err(format!("[limits]: unknown limit `{name}` ({})", names.join(", ")));
            };
            if !options.limits_named.contains(&limit.name) {
                (limit.set)(&mut options.limits, *value);
            }
        }
        Ok(())
    }

    /// The policy file and the store's files (when it is a file) on the host: what another
    /// toolsh's host program must not have planted.
    #[cfg(feature = "host")]
    fn control_files(&self, options: &Options) -> Vec<PathBuf> {
        let root = workspace_root(options).ok();
        let mut files: Vec<PathBuf> = self.path.iter().cloned().collect();
        let named = match (&options.store, self.file.as_ref().and_then(|f| f.store.as_deref())) {
            (Some(store), _) => store.file().map(std::path::Path::to_path_buf),
            (None, Some(named)) => crate::store::Location::parse(named).file().map(|path| match &root {
                Some(root) if path.is_relative() => std::path::Path::new(root).join(path),
                _ => path.to_path_buf(),
            }),
            (None, None) => default_store(),
        };
        // The store's WAL and journal too: SQLite replays a planted one into the store.
        if let Some(store) = named {
            for suffix in ["", "-wal", "-shm", "-journal"] {
                let mut name = store.clone().into_os_string();
                name.push(suffix);
                files.push(PathBuf::from(name));
            }
        }
        files
    }

    /// True when the shell could read the file through `vfs`.
    fn readable_by(&self, vfs: &Vfs) -> bool {
        #[allow(clippy::disallowed_methods)] // where the control plane lies on the host
        let host = self.path.as_ref().and_then(|p| std::fs::canonicalize(p).ok());
        host.and_then(|p| p.to_str().map(|p| vfs.stat(p).is_ok())).unwrap_or(false)
    }
}

/// Reads the policy file (`--config`, or `toolsh.toml` in the workspace root) and adds the
/// command line's rules; the file itself becomes part of the control plane.
fn load_policy(options: &Options, config: Config, root: &str) -> Result<Declared, String> {
    let Config { path, file } = config;
    let mut policy = crate::config::policy(file.as_ref(), options.profile.as_deref(), &options.rules, root)?;
    for pattern in &options.disable {
        policy.disable(pattern)?;
    }
    if let Some(path) = path {
        let shown = if path.is_absolute() { path } else { std::path::Path::new(root).join(path) };
        policy.protect(&toolsh_bytes::from_os(shown.as_ref()));
    }
    // `--store`, else the file's `store =` (a relative file is the workspace's), else the
    // default file.
    let store = match (&options.store, file.as_ref().and_then(|f| f.store.as_deref())) {
        (Some(store), _) => Some(store.clone()),
        (None, Some(named)) => Some(match crate::store::Location::parse(named) {
            crate::store::Location::File(path) if path.is_relative() => {
                crate::store::Location::File(std::path::Path::new(root).join(path))
            }
            other => other,
        }),
        (None, None) => default_store().map(crate::store::Location::File),
    };
    if let Some(store) = store.as_ref().and_then(crate::store::Location::file) {
        // The store and its WAL files, should the user put them inside the workspace.
        let shown = if store.is_absolute() { store.to_path_buf() } else { std::path::Path::new(root).join(store) };
        for suffix in ["", "-wal", "-shm", "-journal"] {
            policy.protect(&format!("{}{suffix}", toolsh_bytes::from_os(shown.as_ref())));
        }
    }
    let retention = file.as_ref().map(|f| f.audit.retention()).unwrap_or_default();
    let mut servers = match &file {
        Some(file) => file.mcp_servers()?,
        None => Vec::new(),
    };
    for declared in &options.mcp_servers {
        if servers.iter().any(|s| s.alias == declared.alias) {
            return Err(format!("--mcp {}: the alias is declared twice", declared.alias));
        }
        servers.push(declared.clone());
    }
    let mut hosts = match &file {
        Some(file) => file.host_programs()?,
        None => Vec::new(),
    };
    for declared in &options.host_programs {
        if hosts.iter().any(|h| h.name == declared.name) {
            return Err(format!("--host {}: the program is declared twice", declared.name));
        }
        hosts.push(declared.clone());
    }
    Ok(Declared { policy, retention, servers, hosts, store })
}

/// What the configuration and the command line declare.
struct Declared {
    policy: crate::policy::Policy,
    /// Where the store is: `--store`, the file's `store =`, or the default file.
    store: Option<crate::store::Location>,
    retention: crate::store::Retention,
    servers: Vec<crate::mount::ServerConfig>,
    hosts: Vec<crate::host::HostConfig>,
}

/// Resolves the declared host programs on the host (status 2 and a message naming the one
/// that cannot be) and adds them to `builder`. A name a built-in command has stays the
/// built-in's; the program is then `host.NAME`, which the operator is told.
#[allow(clippy::disallowed_methods)] // the host's PATH and the declared variables, read once here
fn declare_hosts(
    mut builder: crate::ShellBuilder,
    hosts: Vec<crate::host::HostConfig>,
    launcher: Option<PathBuf>,
) -> Result<(crate::ShellBuilder, Option<EndLaunchers>), String> {
    if hosts.is_empty() {
        return Ok((builder, None));
    }
    let launcher = match launcher {
        Some(launcher) => launcher,
        None => {
            let toolsh = std::env::current_exe().map_err(|e| format!("cannot find toolsh's own executable: {e}"))?;
            let launcher = crate::host::HostSetup::launcher_for(&toolsh);
            // Only toolsh itself becomes a launcher when started as one: an embedding process
            // (Python, Node) must name the installed `toolsh-launch`.
            let is_toolsh = launcher.file_name().is_some_and(|name| toolsh_bytes::from_os(name).starts_with("toolsh"));
            if !is_toolsh {
                return Err(format!(
                    "host programs need toolsh's launcher, and there is no toolsh-launch beside {}: \
                     install toolsh's own binaries, or give the launcher's path",
                    toolsh.display()
                ));
            }
            launcher
        }
    };
    let path = std::env::var("PATH").unwrap_or_else(|_| "/usr/local/bin:/usr/bin:/bin".to_string());
    let mut host_env = Vec::new();
    for name in hosts.iter().flat_map(|h| &h.env) {
        if let Ok(value) = std::env::var(name) {
            host_env.push((name.clone(), value));
        }
    }
    let setup = std::sync::Arc::new(crate::host::HostSetup::new(launcher, path, host_env));
    for config in hosts {
        let program = crate::host::HostProgram::resolve(config, setup.clone())?;
        let name = program.config().name.clone();
        if crate::builtins::lookup(&name).is_some() {
            eprintln!(
                "toolsh: host program '{name}': '{name}' is a built-in command, which keeps the name; run the program as host.{name}"
            );
        }
        builder = builder.host_program(program)?;
    }
    Ok((builder, Some(EndLaunchers(setup))))
}

/// With host programs declared, puts a private host directory behind the in-memory `/tmp`
/// (not when the workspace root is `/tmp` itself); what removes it when `main` returns, whose
/// shell is left to the operating system (see [`exit_without_teardown`]).
fn host_tmp(vfs: &mut Vfs, hosts: &[crate::host::HostConfig], cwd: &str) -> std::io::Result<Option<RemoveTmp>> {
    if hosts.is_empty() {
        return Ok(None);
    }
    // What toolsh runs that ended without removing theirs left behind.
    crate::vfs::remove_stale_scratch();
    if cwd == "/tmp" || !vfs.has_private_tmp() {
        return Ok(None);
    }
    #[allow(clippy::disallowed_methods)] // the operator declared host programs: they share /tmp
    vfs.mount_scratch_tmp()?;
    let host = vfs
        .mounts()
        .iter()
        .find(|m| m.at == "/tmp")
        .and_then(|m| m.backend.host_root())
        .map(std::path::Path::to_path_buf);
    Ok(host.map(RemoveTmp))
}

/// Removes the session's `/tmp` directory on the host when dropped.
struct RemoveTmp(PathBuf);

impl Drop for RemoveTmp {
    fn drop(&mut self) {
        #[allow(clippy::disallowed_methods)] // the directory toolsh made for this run
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Ends the host programs' launchers when `main` returns, whose shell is left to the operating
/// system (see [`exit_without_teardown`]): their temporary directories go with them.
struct EndLaunchers(std::sync::Arc<crate::host::HostSetup>);

impl Drop for EndLaunchers {
    fn drop(&mut self) {
        self.0.end_launchers();
    }
}

/// Ends the mounted MCP servers toolsh started when `main` returns (see
/// [`crate::mount::end_servers`]): one busy in a call does not outlive toolsh.
struct EndServers;

impl Drop for EndServers {
    fn drop(&mut self) {
        crate::mount::end_servers();
    }
}

/// `$XDG_STATE_HOME/toolsh/store.db`, else `~/.local/state/toolsh/store.db`.
fn default_store() -> Option<PathBuf> {
    Some(crate::store::state_dir()?.join("store.db"))
}

/// The console's history file: one per workspace, beside the default store
/// (`…/toolsh/history/<root with / as %>`); none for an in-memory workspace.
fn history_file(options: &Options, root: &str) -> Option<PathBuf> {
    if options.memory {
        return None;
    }
    let dir = default_store()?.parent()?.join("history");
    Some(dir.join(root.replace('/', "%")))
}

/// The host's standard input as a file of its own (sharing the descriptor's offset), when it
/// is a regular file.
fn host_stdin_file() -> Option<std::fs::File> {
    use std::os::fd::AsFd;
    let fd = std::io::stdin().as_fd().try_clone_to_owned().ok()?;
    let file = std::fs::File::from(fd);
    file.metadata().ok().filter(std::fs::Metadata::is_file).map(|_| file)
}

/// Whether the host's standard input is a file or a pipe (not a terminal or a device).
#[allow(clippy::disallowed_methods)] // the host's own standard input, looked at, not opened
fn host_stdin_has_data() -> bool {
    use std::os::unix::fs::FileTypeExt;
    std::fs::metadata("/dev/stdin").is_ok_and(|meta| {
        let kind = meta.file_type();
        kind.is_file() || kind.is_fifo() || kind.is_socket()
    })
}

/// Pumps the host's standard input into a pipe on a thread (reads block); started on the
/// first read so scripts that never read stdin pay nothing.
fn host_stdin() -> crate::interp::io::PipeReader {
    let (writer, reader) = pipe();
    std::thread::spawn(move || {
        let runtime = tokio::runtime::Builder::new_current_thread().build();
        let Ok(runtime) = runtime else { return };
        let mut stdin = std::io::stdin();
        let mut buf = vec![0u8; 64 * 1024];
        let output = Output::Pipe(writer);
        loop {
            match stdin.read(&mut buf) {
                Ok(0) | Err(_) => break,
                Ok(n) => {
                    if runtime.block_on(output.write_all(&buf[..n])).is_err() {
                        break;
                    }
                }
            }
        }
    });
    reader
}

/// Script bytes as text: valid UTF-8 is taken without a copy; other bytes keep their value as
/// stand-ins ([`toolsh_bytes::decode`]), as bash keeps a script's bytes.
fn text_of(bytes: Vec<u8>) -> String {
    toolsh_bytes::decode_vec(bytes)
}

/// Why a shell could not be set up, and the status toolsh exits with.
struct Failed {
    error: crate::Error,
    status: i32,
}

impl Failed {
    /// An option, declaration or file that cannot be taken (status 2), or the store or a
    /// bucket that does not answer (125).
    fn new(status: i32, message: String) -> Self {
        let error = if status == crate::status::UNAVAILABLE {
            crate::Error::Store(message)
        } else {
            crate::Error::Declaration(message)
        };
        Failed { error, status }
    }
}

/// A shell set up from the options, with what it keeps.
struct Setup {
    shell: Shell,
    store: Option<crate::store::Location>,
    /// The directory it starts in (the workspace root).
    cwd: String,
    keep: Keep,
}

/// What must live as long as a shell set up from command-line words: the host directory
/// behind its `/tmp` and its host programs' launchers (both end when this is dropped).
pub struct Keep {
    _remove_tmp: Option<RemoveTmp>,
    _end_launchers: Option<EndLaunchers>,
}

/// What an embedder adds to the shell the command line's options describe.
#[derive(Default)]
#[non_exhaustive]
pub struct Embedding {
    /// Answers `ask` rules (none: they are refusals).
    pub approver: Option<Arc<dyn crate::tools::Approver>>,
    /// The embedder's own tools, registered before the policy is checked (a rule may name them).
    pub tools: Vec<Arc<dyn crate::tools::Tool>>,
    /// The `toolsh-launch` host programs are started through (default: the one beside the
    /// running executable, which must then be toolsh's).
    pub launcher: Option<PathBuf>,
}

/// A shell set up as `toolsh WORDS…` sets one up, for an embedder that takes the command line's
/// options (the Python and TypeScript packages): the same words mean the same workspace,
/// policy file, rules, limits, store, session, host programs and mounted servers everywhere.
/// `words` are options only (no script, `-c` or subcommand). Keep the [`Keep`] as long as the
/// shell; the mounted servers' processes end with the process (see
/// [`crate::mount::end_servers`]).
pub fn shell_from_args(words: &[String], embedding: Embedding) -> crate::Result<(Shell, Keep)> {
    let mut options = match parse_args(words) {
        Ok(options) => options,
        Err(message) if message.is_empty() => return Err(crate::Error::Declaration("--help is no setting".into())),
        Err(message) => return Err(crate::Error::Declaration(message)),
    };
    if options.command.is_some() || options.script_file.is_some() || options.mcp || options.export.is_some() {
        return Err(crate::Error::Declaration("options only: no script, -c or subcommand".into()));
    }
    options.embedded = true;
    match setup(&mut options, embedding) {
        Ok(Setup { shell, keep, .. }) => Ok((shell, keep)),
        Err(Failed { error, .. }) => Err(error),
    }
}

/// Sets up the shell the options describe: the policy file, the workspace and its mounts,
/// the store, the environment, the mounted servers and host programs, the session restored.
fn setup(options: &mut Options, embedding: Embedding) -> Result<Setup, Failed> {
    let Embedding { approver, tools, launcher } = embedding;
    let config = match Config::read(options) {
        Ok(config) => config,
        Err(message) => return Err(Failed::new(crate::status::USAGE, message)),
    };
    // Before anything the file declares is acted on (a mount, a server, a rule): a policy or
    // store a host program of another toolsh could have planted is not taken.
    #[cfg(feature = "host")]
    if let Err(message) = crate::host::check_planted(&config.control_files(options)) {
        return Err(Failed::new(crate::status::USAGE, message));
    }
    if let Err(message) = config.limits(options) {
        return Err(Failed::new(crate::status::USAGE, message));
    }
    let mounts = config.mounts(options);
    let (mut vfs, cwd) = match build_vfs(options, &config, &mounts) {
        Ok(built) => built,
        // Storage that does not answer is said as a shared store's is (status 125).
        Err(err) => {
            return Err(Failed::new(
                if err.unreachable { crate::status::UNAVAILABLE } else { crate::status::USAGE },
                err.message,
            ));
        }
    };
    let buckets = mounts.iter().any(|m| matches!(m.source, crate::mounts::Source::Object(_)));
    let Declared { policy, retention, servers, hosts, store } = match load_policy(options, config, &cwd) {
        Ok(loaded) => loaded,
        Err(message) => return Err(Failed::new(crate::status::USAGE, message)),
    };
    // Host programs see the shell's `/tmp`: a private host directory behind it, made for this
    // run and removed when it ends (each MCP or timer session gets its own).
    let remove_tmp = match host_tmp(&mut vfs, &hosts, &cwd) {
        Ok(made) => made,
        Err(err) => {
            let message = format!("cannot make /tmp a host directory for the host programs: {err}");
            return Err(Failed::new(1, message));
        }
    };
    let mut builder = Shell::builder().vfs(vfs).cwd(&cwd).limits(options.limits).env("HOME", &cwd).policy(policy);
    if let Some(agent) = &options.agent {
        builder = builder.agent(agent);
    }
    if let Some(store) = &store {
        // A shared store is checked before anything runs: a wrong address or a server that
        // cannot be reached is said now (status 125), never replaced by local state.
        if matches!(store, crate::store::Location::Postgres(_))
            && let Err(err) = crate::store::Store::open(store, "toolsh", "check").check()
        {
            return Err(Failed::new(crate::status::UNAVAILABLE, err.to_string()));
        }
        builder = builder.store_at(store.clone()).audit_retention(retention);
    }
    if let Some(approver) = approver {
        builder = builder.approver(approver);
    }
    if options.inherit_env {
        #[allow(clippy::disallowed_methods)] // asked for explicitly with --inherit-env
        for (name, value) in std::env::vars_os() {
            // The environment is bytes; shell variables are text. A name that is not text is
            // no shell identifier anyway; a value that is not keeps its bytes as U+FFFD.
            // (`std::env::vars` panicked on either.)
            if let Some(name) = name.to_str()
                && !(buckets && crate::mounts::CREDENTIAL_VARIABLES.contains(&name))
            {
                builder = builder.env(name, &toolsh_bytes::from_os(value.as_ref()));
            }
        }
    }
    for (name, value) in &options.env {
        #[allow(clippy::disallowed_methods)] // asked for explicitly with --env NAME
        let value =
            value.clone().or_else(|| std::env::var_os(name).map(|v| toolsh_bytes::from_os(v.as_ref()).into_owned()));
        if let Some(value) = value {
            builder = builder.env(name, &value);
        }
    }
    // The operator's MCP servers: listed now (started, for the ones not running yet), their
    // tools registered as `ALIAS.TOOL`; ended when toolsh ends.
    builder = match crate::mount::mount(builder, &servers, store.as_ref(), |warning| eprintln!("toolsh: {warning}")) {
        Ok(builder) => builder,
        Err(message) => return Err(Failed { error: crate::Error::Server(message), status: crate::status::USAGE }),
    };
    let end_launchers;
    (builder, end_launchers) = match declare_hosts(builder, hosts, launcher) {
        Ok(declared) => declared,
        Err(message) => return Err(Failed::new(crate::status::USAGE, message)),
    };
    for tool in tools {
        builder = match builder.tool(tool) {
            Ok(builder) => builder,
            Err(error) => return Err(Failed { error, status: crate::status::USAGE }),
        };
    }
    let mut shell = match builder.try_build() {
        Ok(shell) => shell,
        Err(error) => return Err(Failed { error, status: crate::status::USAGE }),
    };
    if let Some(name) = &options.session
        && !options.fresh
        && let Err(why) = shell.restore_session(name)
    {
        return Err(Failed { error: why, status: crate::status::USAGE });
    }
    Ok(Setup { shell, store, cwd, keep: Keep { _remove_tmp: remove_tmp, _end_launchers: end_launchers } })
}

/// Runs the command line; returns the process exit status.
pub fn main(argv: Vec<String>) -> i32 {
    main_with_launcher(argv, None)
}

/// [`main`] for a process that is not toolsh (the Python package's `toolsh` command): host
/// programs start through `launcher`, the `toolsh-launch` it carries.
pub fn main_with_launcher(argv: Vec<String>, launcher: Option<PathBuf>) -> i32 {
    let mut options = match parse_args(&argv) {
        Ok(options) => options,
        Err(message) if message.is_empty() => {
            print!("{}", flags::usage());
            return 0;
        }
        Err(message) => {
            eprintln!("toolsh: {message}\n{}", flags::usage());
            return crate::status::USAGE;
        }
    };
    if argv.iter().any(|a| a == "-V" || a == "--version") && options.command.is_none() && options.script_file.is_none()
    {
        println!("toolsh {}", env!("CARGO_PKG_VERSION"));
        return 0;
    }
    // An approver for `ask`: the operator at the console, the client for `toolsh mcp`.
    let console =
        !options.mcp && options.command.is_none() && options.script_file.is_none() && std::io::stdin().is_terminal();
    let eliciting = options.mcp.then(|| Arc::new(crate::mcp::ElicitingApprover::default()));
    let approver: Option<Arc<dyn crate::tools::Approver>> = match &eliciting {
        Some(eliciting) => Some(eliciting.clone()),
        None if console => Some(Arc::new(crate::console::TerminalApprover::default())),
        None => None,
    };
    // The operator's MCP servers end when toolsh ends (one busy in a call does not outlive it).
    let _end_servers = EndServers;
    let Setup { mut shell, store, cwd, keep: _keep } =
        match setup(&mut options, Embedding { approver, launcher, ..Embedding::default() }) {
            Ok(setup) => setup,
            Err(Failed { error, status }) => {
                eprintln!("toolsh: {error}");
                return status;
            }
        };
    let runtime = match tokio::runtime::Builder::new_current_thread().enable_all().build() {
        Ok(runtime) => runtime,
        Err(err) => {
            eprintln!("toolsh: cannot start the runtime: {err}");
            return 1;
        }
    };
    if let Some(format) = &options.export {
        return match crate::mcp::export(&shell, format) {
            Ok(definition) => {
                println!("{}", serde_json::to_string_pretty(&definition).unwrap_or_default());
                0
            }
            Err(message) => {
                eprintln!("toolsh: {message}");
                crate::status::USAGE
            }
        };
    }
    if options.mcp {
        if options.command.is_some() || options.script_file.is_some() {
            eprintln!("toolsh: mcp takes options only; the client sends the commands");
            return crate::status::USAGE;
        }
        // Several workers: an approval question blocks one while the transport runs on another.
        // A worker going idle returns what resting sessions freed (`worker_idle`).
        let runtime = match tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .on_thread_park(crate::mcp::http::worker_idle)
            .enable_all()
            .build()
        {
            Ok(runtime) => runtime,
            Err(err) => {
                eprintln!("toolsh: cannot start the runtime: {err}");
                return 1;
            }
        };
        // The client's model takes pictures and sound: a line that prints one hands it over.
        let caps = crate::contract::Caps { media: crate::mcp::MEDIA_BYTES, ..Default::default() };
        if options.serve {
            let Some(at) = &store else {
                eprintln!("toolsh: serve fires the timers kept in the store: give --store PATH");
                return crate::status::USAGE;
            };
            let timers = Arc::new(crate::store::Store::open(at, "toolsh-serve", "serve"));
            let target = timers.target().to_string();
            runtime.spawn(crate::serve::fire_timers(shell.new_session(None), timers, options.timer_lease));
            if options.http.is_none() {
                eprintln!("toolsh: firing timers from {target}");
                runtime.block_on(async {
                    let _ = tokio::signal::ctrl_c().await;
                });
                runtime.shutdown_background();
                return 0;
            }
        }
        let served = match options.http {
            Some(addr) => runtime.block_on(crate::mcp::http::serve(
                shell,
                caps,
                options.shape,
                addr,
                options.http_limits,
                |bound| {
                    eprintln!("toolsh: serving MCP on http://{bound}{}", crate::mcp::PATH);
                    if !bound.ip().is_loopback() {
                        eprintln!("toolsh: warning: {bound} is reachable from other machines and asks no credentials");
                    }
                },
            )),
            None => runtime.block_on(crate::mcp::serve_stdio(
                shell,
                caps,
                options.shape,
                eliciting,
                options.session.clone(),
            )),
        };
        runtime.shutdown_background();
        return match served {
            Ok(()) => 0,
            Err(message) => {
                eprintln!("toolsh: {message}");
                1
            }
        };
    }
    widen_output_pipe();
    // Which host file each stream is, if one: grep will not read the file its output goes to.
    let stdout = Output::Host(HostSink::on_file(
        Box::new(std::io::stdout()),
        std::io::stdout().is_terminal(),
        crate::vfs::host_file_id(std::io::stdout()),
    ));
    let stderr = Output::Host(HostSink::with_terminal(Box::new(std::io::stderr()), std::io::stderr().is_terminal()));
    // A line given with -c is parsed whole (a syntax error runs nothing); a script file or a
    // script on standard input runs one complete command at a time, as bash runs it.
    let console = options.command.is_none() && options.script_file.is_none() && std::io::stdin().is_terminal();
    if console {
        shell.set_interactive();
    }
    for &(kind, name, on) in &options.shell_options {
        shell.set_option(kind, name, on);
    }
    let (source, script_name) = if let Some(command) = &options.command {
        let name = options.args.first().cloned().unwrap_or_else(|| "toolsh".to_string());
        let args = options.args.get(1..).map(<[String]>::to_vec).unwrap_or_default();
        shell.set_args(&name, args);
        shell.set_execution_string(command);
        (command.clone(), None)
    } else if let Some(file) = &options.script_file {
        let read = |f: std::fs::File| {
            let size = f.metadata().map_or(0, |meta| meta.len());
            read_script(f, size, options.limits.input_bytes)
        };
        #[allow(clippy::disallowed_methods)] // the script named on the command line
        let bytes = match std::fs::File::open(file).and_then(read) {
            Ok(bytes) => bytes,
            Err(err) => {
                eprintln!("toolsh: {file}: {}", crate::vfs::describe(&err));
                return if err.kind() == std::io::ErrorKind::NotFound { 127 } else { 1 };
            }
        };
        let source = text_of(bytes);
        let interpreter = crate::interp::shebang::interpreter(&source);
        if interpreter == crate::interp::shebang::Interpreter::Binary {
            eprintln!("toolsh: {file}: cannot execute binary file");
            return crate::status::CANNOT_RUN;
        }
        if let crate::interp::shebang::Interpreter::Program { name, line, .. } = interpreter {
            // Read as a shell script, its lines would run as commands (`import os`); bash
            // refuses a binary file the same way (126).
            let path = if file.contains('/') { file.clone() } else { format!("./{file}") };
            eprintln!(
                "toolsh: {file}: its interpreter ({line}) is {name}, not a shell, and toolsh runs only \
                 shell scripts: run it with {name} itself, or inside toolsh as {path} with {name} \
                 declared as a host program"
            );
            return crate::status::CANNOT_RUN;
        }
        shell.set_args(file, options.args.clone());
        shell.set_script_file(file);
        // bash's reader drops a NUL byte past the first line.
        let source = if source.contains('\0') { source.replace('\0', "") } else { source };
        (source, Some(file.clone()))
    } else if console {
        let setup = crate::console::Setup {
            root: cwd.clone(),
            history: history_file(&options, &cwd),
            session: options.session.clone(),
        };
        return crate::console::run(shell, setup) & 0xff;
    } else {
        let text = match read_script(std::io::stdin(), 0, options.limits.input_bytes) {
            Ok(text) => text,
            Err(err) => {
                eprintln!("toolsh: cannot read the script from standard input: {}", crate::vfs::describe(&err));
                return 1;
            }
        };
        (text_of(text), Some("toolsh".to_string()))
    };
    if options.no_exec {
        return match crate::parser::check(&source) {
            Ok(_) => 0,
            Err(err) => {
                // Named as a run of the same text names it (`f.sh: line 2: …`), as `bash -n` does.
                use crate::interp::line::{Reading, syntax_error_text};
                let reading = match options.script_file.as_deref() {
                    Some(file) => Reading::File(file),
                    None => Reading::Typed,
                };
                eprint!("{}", syntax_error_text("toolsh", false, reading, &source, &err));
                crate::status::USAGE
            }
        };
    }
    // A regular file on standard input is read in place, so what is left of it can be given
    // back as the process ends (below); anything else is pumped from a thread as it comes.
    let host_file = (options.command.is_some() || options.script_file.is_some()).then(host_stdin_file).flatten();
    let stdin = match (&host_file, options.command.is_some() || options.script_file.is_some()) {
        (Some(file), _) => match file.try_clone() {
            Ok(file) => {
                let id = crate::vfs::host_file_id(&file);
                Input::from_host_file(Box::new(file), id)
            }
            Err(_) => Input::lazy(host_stdin, host_stdin_has_data()),
        },
        (None, true) => Input::lazy(host_stdin, host_stdin_has_data()),
        (None, false) => Input::null(),
    };
    let io = Io::new(stdin, stdout, stderr);
    // `--timeout` bounds the whole run: the EXIT trap gets what is left of it.
    let started = std::time::Instant::now();
    let wall_time = options.limits.wall_time;
    let status = runtime.block_on(async {
        let status = match &script_name {
            Some(name) => shell.run_script(&source, name, &io).await,
            None => shell.run(&source, &io).await,
        };
        let status = if shell.exit_status().is_some() {
            status
        } else {
            // For the EXIT trap only: what is saved of the session is its own wall time.
            let own = shell.state().limits().wall_time;
            if let Some(limit) = wall_time {
                shell.set_timeout(Some(limit.saturating_sub(started.elapsed())));
            }
            let status = shell.finish(&io).await;
            shell.set_timeout(own);
            status
        };
        // bash leaves its jobs running when it exits, and they still write to its streams: a
        // caller reading them (a pipe, a capture) gets their output and its end only once they
        // end. toolsh's jobs cannot outlive the process, so it waits for them, within what is
        // left of `--timeout` (past it they stop with the session), rather than drop them and
        // their output (`toolsh -c 'echo a &'` printed nothing).
        let left = wall_time.map(|limit| limit.saturating_sub(started.elapsed()));
        shell.await_jobs(left).await;
        status
    });
    // What the commands read of a file on standard input and did not take goes back to it:
    // the descriptor is left just after what they consumed, as GNU's tools and bash's `read`
    // leave a seekable input (`grep -m1` after its last line).
    if let Some(mut file) = host_file {
        let left = io.stdin().buffered();
        if left > 0 {
            use std::io::Seek;
            let _ = file.seek(std::io::SeekFrom::Current(-(left as i64)));
        }
    }
    if let Some(name) = &options.session
        && let Err(why) = shell.save_session(name)
    {
        eprintln!("toolsh: {why}");
    }
    let _ = std::io::stdout().flush();
    // A blocking task still waiting (a request to a silent server past the deadline) must not
    // hold the exit: the runtime is left behind, not joined.
    runtime.shutdown_background();
    exit_without_teardown(shell);
    status & 0xff
}

/// A whole script, of about `size` bytes (its file's length; 0 when unknown), held whole
/// while it runs: at most `limit` bytes (input-bytes), so a script with a gigabyte
/// here-document is refused rather than held. The buffer is made at the file's size, so a long
/// script is not grown into by copies (each a new set of pages the kernel faults in).
/// Grows the pipe standard output is, when it is one, to 256 KiB: the size of the pieces
/// commands hand their output on in. Into the default 64 KiB pipe each piece's `write` waited
/// for the reader to drain it, so making the next piece and the reader's work took turns
/// instead of overlapping: `tr a-z A-Z < log | cat` of 1 GB took 1.6x GNU's wall time at the
/// same CPU time. Not larger: pipes count against the user's pipe quota (`pipe-user-pages-soft`,
/// 64 MiB), past which the kernel makes everyone's new pipes small, and a harness may run many
/// toolsh processes at once. Not a pipe, or past the quota: left as it is.
fn widen_output_pipe() {
    let stdout = std::io::stdout();
    if !stdout.is_terminal() {
        let _ = rustix::pipe::fcntl_setpipe_size(&stdout, 256 << 10);
    }
}

fn read_script(source: impl Read, size: u64, limit: usize) -> std::io::Result<Vec<u8>> {
    let expected = usize::try_from(size).unwrap_or(usize::MAX).min(limit);
    let mut text = Vec::new();
    // A size the allocator refuses is only read into as it comes.
    let _ = text.try_reserve_exact(expected.saturating_add(1));
    source.take(limit as u64 + 1).read_to_end(&mut text)?;
    if text.len() > limit {
        return Err(std::io::Error::other(format!(
            "the script is larger than {limit} bytes (the input-bytes limit); raise it with --limit input-bytes=N"
        )));
    }
    Ok(text)
}

/// The process ends next: leave the shell to the operating system instead of dropping it. The
/// store's last connection would otherwise checkpoint its WAL and delete it on close (two more
/// syncs on every run); everything written is already durable in the WAL, which the next
/// process reads and SQLite checkpoints on its own schedule.
fn exit_without_teardown(shell: Shell) {
    std::mem::forget(shell);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(text: &str) -> Vec<String> {
        text.split_whitespace().map(str::to_string).collect()
    }

    #[test]
    fn parses_command_and_script_forms() {
        let options = parse_args(&args("--memory -c echo name a b")).unwrap();
        assert!(options.memory);
        assert_eq!(options.command.as_deref(), Some("echo"));
        assert_eq!(options.args, ["name", "a", "b"]);
        let options = parse_args(&args("--mount /data=/srv:ro script.sh x")).unwrap();
        assert_eq!(options.mounts, [crate::mounts::MountSpec::parse("/data", "/srv:ro")]);
        assert!(options.mounts[0].read_only);
        assert_eq!(options.script_file.as_deref(), Some("script.sh"));
        assert_eq!(options.args, ["x"]);
        assert!(parse_args(&args("--bogus")).is_err());
        assert!(parse_args(&args("--limit nope=1")).is_err());
    }

    #[test]
    fn global_options_may_come_before_the_subcommand_and_its_own_only_after() {
        let options = parse_args(&args("--root /srv --deny fs.delete tools --export mcp")).unwrap();
        assert_eq!((options.export.as_deref(), options.root.as_deref()), (Some("mcp"), Some("/srv".as_ref())));
        assert!(options.script_file.is_none() && !options.mcp);
        let options = parse_args(&args("--memory mcp --http 127.0.0.1:0 --shape codex")).unwrap();
        assert!(options.mcp && options.memory && options.http.is_some() && !options.serve);
        let options = parse_args(&args("--agent a serve --timer-lease 5")).unwrap();
        assert!(options.serve && options.mcp);
        let refused = |line: &str| parse_args(&args(line)).err().unwrap_or_default();
        assert!(refused("--http 127.0.0.1:0 mcp").contains("put it after the subcommand"));
        assert!(refused("tools").contains("tools takes --export"));
        assert!(refused("tools --export mcp extra").contains("tools takes no operand"));
        // A word after a script's name is the script's, whatever it spells.
        let options = parse_args(&args("run.sh tools mcp")).unwrap();
        assert_eq!(
            (options.script_file.as_deref(), options.args.as_slice()),
            (Some("run.sh"), &["tools".to_string(), "mcp".to_string()][..])
        );
    }

    #[test]
    fn a_script_is_read_whole_whatever_its_size_is_said_to_be_and_refused_past_the_limit() {
        let text = b"echo a\necho b\n";
        // The file's length is a hint: a file that grew or shrank since, or an unknown
        // length, still gives the whole text; a length past any memory allocates nothing.
        for size in [0, 3, text.len() as u64, 1000, u64::MAX] {
            assert_eq!(read_script(&text[..], size, 100).unwrap(), text, "size {size}");
        }
        assert_eq!(read_script(&text[..], 0, text.len()).unwrap(), text, "exactly at the limit");
        for size in [0, 3, u64::MAX] {
            let err = read_script(&text[..], size, text.len() - 1).unwrap_err();
            assert!(err.to_string().contains("the input-bytes limit"), "size {size}: {err}");
        }
    }
}
