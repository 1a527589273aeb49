//! Host programs as confined tools: a program the operator declares (`[host.NAME]` in
//! toolsh.toml, `--host NAME[=PATH]`, [`crate::ShellBuilder::host_program`]) becomes the tool
//! `host.NAME` and the command `NAME`. Its words are its subject at the gate (`--deny
//! 'host.git:push*'`), in the pre-flight as at run time; it runs as a real child process with
//! the command's streams, confined by the kernel to the workspace's `dir` mounts
//! (`confine.rs`) by a launcher that starts it (`launcher.rs`, kept by `launchers.rs`), and is
//! killed with its whole process group when its line ends or is stopped (`run.rs`).
//!
//! Declaring is a host action, like mounting an MCP server: only the configuration and the
//! command line can; nothing typed inside the shell can.

mod cgroup;
mod confine;
mod launcher;
mod launchers;
mod marks;
mod run;

pub use launcher::{launcher_main, main_if_launching};
pub use marks::check_planted;

use crate::tools::{SideEffect, Tool, ToolCx, ToolError, ToolOutput, ToolSpec};
use futures::future::BoxFuture;
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// One declared program, as the operator wrote it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HostConfig {
    /// The command's name (`git`), and the tool's `host.git`.
    pub name: String,
    /// The program: a name looked up on the host's `PATH` when toolsh starts, or a path.
    pub program: String,
    /// The variables passed through: the session's exported value, else the host's.
    pub env: Vec<String>,
    /// TCP connect and bind allowed.
    pub network: bool,
    /// May write the read-write mounts (otherwise every mount is read-only to it).
    pub writable: bool,
    /// More host paths it may read.
    pub read: Vec<PathBuf>,
    /// Runs without the kernel's confinement (only where the operator says so).
    pub unconfined: bool,
    /// Processes (threads counted) its calls may have at once, in each of its launchers: a
    /// pids cgroup of the launcher's own where one can be made, and the process rlimit.
    pub processes: u64,
}

/// The processes a program may have unless its declaration says otherwise.
pub const DEFAULT_PROCESSES: u64 = 4096;

/// The most a declaration may give (the kernel's own default `pid_max` is 4,194,304).
pub const MAX_PROCESSES: u64 = 1 << 20;

/// Whether a host program's process limit binds here: a pids cgroup can be made for its
/// launcher, or toolsh does not run as root (whose processes the kernel exempts from the
/// process rlimit). Where it does not, a fork bomb in a program is bounded by nothing toolsh
/// sets (docs/tools.md says what the operator does instead).
pub fn process_limit_binds() -> bool {
    cgroup::available() || !nix::unistd::geteuid().is_root()
}

impl HostConfig {
    /// A program called `name`, found on the `PATH` as `name`, with the defaults: no
    /// network, writable, no extra reads, confined.
    pub fn new(name: &str) -> HostConfig {
        HostConfig {
            name: name.to_string(),
            program: name.to_string(),
            env: Vec::new(),
            network: false,
            writable: true,
            read: Vec::new(),
            unconfined: false,
            processes: DEFAULT_PROCESSES,
        }
    }

    /// `--host NAME[=PATH]`.
    pub fn from_flag(text: &str) -> crate::Result<HostConfig> {
        let (name, program) = match text.split_once('=') {
            Some((name, program)) => (name, Some(program)),
            None => (text, None),
        };
        validate_name(name).map_err(|err| crate::Error::Declaration(format!("--host '{text}': {err}")))?;
        let mut config = HostConfig::new(name);
        if let Some(program) = program.filter(|p| !p.trim().is_empty()) {
            config.program = program.to_string();
        }
        Ok(config)
    }
}

/// Checks a program's name: a word a command line can type, and no path.
pub(crate) fn validate_name(name: &str) -> Result<(), String> {
    let well_formed = name.chars().next().is_some_and(|c| c.is_ascii_alphanumeric())
        && name.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.' | '+'));
    if well_formed {
        Ok(())
    } else {
        Err(format!("'{name}' is not a program name (letters, digits, '_', '-', '.', '+')"))
    }
}

/// What toolsh learned about the host when it started: what every declared program shares.
#[derive(Debug)]
pub struct HostSetup {
    /// The launcher: `toolsh-launch` beside toolsh's executable, or toolsh itself started
    /// again under that name (see [`HostSetup::launcher_for`]).
    pub launcher: PathBuf,
    /// The host's `PATH`, which programs are looked up on and get.
    pub path: String,
    /// The host's values of the variables declared anywhere (read once, here).
    pub host_env: Vec<(String, String)>,
    /// The kernel's Landlock ABI (0: none).
    pub abi: i32,
    /// The programs' launchers, started on first need.
    launchers: launchers::Launchers,
}

impl HostSetup {
    /// The launcher for the toolsh executable `toolsh`: the small `toolsh-launch` installed
    /// beside it (cargo builds and installs both), else `toolsh` itself, which becomes the
    /// launcher when started under that name.
    pub fn launcher_for(toolsh: &Path) -> PathBuf {
        let small = toolsh.with_file_name("toolsh-launch");
        #[allow(clippy::disallowed_methods)] // which launcher is installed, looked at once
        let installed = std::fs::metadata(&small).is_ok_and(|meta| meta.is_file());
        if installed { small } else { toolsh.to_path_buf() }
    }

    /// Reads the host: `launcher` is the toolsh executable (the CLI's own; an embedder passes
    /// the installed `toolsh`), `env` the host environment's variables the declarations name.
    pub fn new(launcher: PathBuf, path: String, host_env: Vec<(String, String)>) -> HostSetup {
        HostSetup { launcher, path, host_env, abi: landlock_abi(), launchers: Default::default() }
    }

    /// Ends every launcher: each kills what it started, and its temporary directory is
    /// removed. For a process that ends without dropping its shell; dropping does the same.
    pub fn end_launchers(&self) {
        self.launchers.end();
    }
}

/// The kernel's Landlock ABI version, 0 when it has none (not built in, or not enabled).
pub fn landlock_abi() -> i32 {
    use landlock::{Access, AccessFs, CompatLevel, Compatible, Ruleset, RulesetAttr};
    // A ruleset made and dropped restricts nothing; the newest ABI whose rights it accepts as
    // a hard requirement is the kernel's.
    for (abi, number) in confine::ABIS {
        let made = Ruleset::default()
            .set_compatibility(CompatLevel::HardRequirement)
            .handle_access(AccessFs::from_all(abi))
            .and_then(|ruleset| ruleset.create());
        if made.is_ok() {
            return number;
        }
    }
    0
}

/// A declared program, resolved: the tool `host.NAME`.
pub struct HostProgram {
    declared: Arc<run::Declared>,
    spec: ToolSpec,
}

impl HostProgram {
    /// Resolves `config` on the host: a program that cannot be found is an error naming it;
    /// one that cannot be confined here is refused unless declared `unconfined`.
    pub fn resolve(config: HostConfig, setup: Arc<HostSetup>) -> crate::Result<HostProgram> {
        Self::find(config, setup).map_err(crate::Error::Host)
    }

    fn find(config: HostConfig, setup: Arc<HostSetup>) -> Result<HostProgram, String> {
        validate_name(&config.name).map_err(|err| format!("[host.{}]: {err}", config.name))?;
        let found = find_program(&config.program, &setup.path).ok_or_else(|| {
            format!("[host.{}]: program '{}' not found on the host's PATH", config.name, config.program)
        })?;
        if found.components().any(|c| c.as_os_str() == "shims") {
            // pyenv, rbenv, asdf: a script that runs the manager, which reads its own tree and
            // variables at every start — none of which the program is given.
            return Err(format!(
                "[host.{name}]: '{program}' is {}, a version manager's shim; declare the program it \
                 runs (`pyenv which {program}` or the like names it): program = \"/path/to/{program}\"",
                found.display(),
                name = config.name,
                program = config.program,
            ));
        }
        // The program is run by the path it was found at, as bash would run it, not the file a
        // link leads to: a venv's `bin/python` links to the system's interpreter, and finds its
        // venv only from the path it was started by.
        let program =
            std::path::absolute(&found).map_err(|e| format!("[host.{}]: {}: {e}", config.name, found.display()))?;
        #[allow(clippy::disallowed_methods)] // the operator's declaration, resolved on the host once
        let real =
            std::fs::canonicalize(&found).map_err(|e| format!("[host.{}]: {}: {e}", config.name, found.display()))?;
        if setup.abi == 0 && !config.unconfined {
            return Err(format!(
                "[host.{}]: this kernel has no Landlock, so host programs cannot be confined here; \
                 set unconfined = true for it to run it anyway",
                config.name
            ));
        }
        // A program in PREFIX/bin keeps its libraries under PREFIX (a Python or Node install;
        // a venv, whose interpreter is a link to one).
        let mut prefixes: Vec<PathBuf> = [&program, &real].into_iter().map(|path| prefix_of(path)).collect();
        prefixes.dedup();
        let reach = match (config.unconfined, config.writable, config.network) {
            (true, ..) => "unconfined",
            (false, true, false) => "confined to the dir mounts",
            (false, false, false) => "confined to the dir mounts, read-only",
            (false, true, true) => "confined to the dir mounts, with network",
            (false, false, true) => "confined to the dir mounts, read-only, with network",
        };
        // Where nothing bounds its processes, the operator reads so beside it.
        let unbound = if process_limit_binds() { "" } else { "; no process limit binds here (root, no pids cgroup)" };
        let summary = format!(
            "Host program {} ({reach}{unbound}): {} ARGS….\nIts words are its arguments, its standard streams \
             the command's; the policy's rules match its words (host.{}:WORDS).",
            program.display(),
            config.name,
            config.name
        );
        let spec = ToolSpec::with_schema(&format!("host.{}", config.name), &summary, schema())
            .side_effect(SideEffect::SideEffecting)
            .takes_words();
        // argv[0] as bash gives it: the name typed, or the path when the program was declared
        // by one (an interpreter finds its installation from it).
        let arg0 = if config.program.contains('/') { program.display().to_string() } else { config.name.clone() };
        let declared = run::Declared { config, program, arg0, prefixes, setup };
        Ok(HostProgram { declared: Arc::new(declared), spec })
    }

    /// The declaration.
    pub fn config(&self) -> &HostConfig {
        &self.declared.config
    }

    /// The resolved program.
    pub fn program(&self) -> &Path {
        &self.declared.program
    }

    /// Gives the tool the command's name as an alias (unless a built-in command has it, which
    /// keeps it: the program is then `host.NAME`).
    pub fn into_tool(mut self, alias: bool) -> Arc<dyn Tool> {
        if alias {
            let name = self.declared.config.name.clone();
            self.spec = self.spec.aliases(&[name.as_str()]);
        }
        Arc::new(self)
    }
}

/// `{args: [string]}`: the words of a call, as the pre-flight and `config tools --schema` see them.
fn schema() -> Value {
    serde_json::json!({
        "type": "object",
        "properties": {
            "args": {"type": "array", "items": {"type": "string"}, "description": "The program's arguments."}
        }
    })
}

/// The installation a program at `path` belongs to: `PREFIX` of `PREFIX/bin/NAME`, else its
/// directory.
fn prefix_of(path: &Path) -> PathBuf {
    let parent = path.parent().unwrap_or(Path::new("/"));
    match parent.file_name().and_then(|n| n.to_str()) {
        Some("bin" | "sbin") => parent.parent().unwrap_or(parent),
        _ => parent,
    }
    .to_path_buf()
}

/// `name` on `path` (a name with a `/` is a path as it is).
fn find_program(name: &str, path: &str) -> Option<PathBuf> {
    use std::os::unix::fs::PermissionsExt;
    let executable = |candidate: &Path| {
        #[allow(clippy::disallowed_methods)] // looking the declared program up on the host
        let meta = std::fs::metadata(candidate).ok()?;
        (meta.is_file() && meta.permissions().mode() & 0o111 != 0).then(|| candidate.to_path_buf())
    };
    if name.contains('/') {
        return executable(Path::new(name));
    }
    path.split(':').filter(|dir| !dir.is_empty()).find_map(|dir| executable(&Path::new(dir).join(name)))
}

impl Tool for HostProgram {
    fn spec(&self) -> &ToolSpec {
        &self.spec
    }

    /// Every call comes as a command ([`Tool::stream`]); a program's words are not JSON.
    fn call(&self, _cx: ToolCx, _args: Value) -> BoxFuture<'static, Result<ToolOutput, ToolError>> {
        let name = self.declared.config.name.clone();
        Box::pin(async move { Err(ToolError::usage(format!("host.{name} runs as a command: {name} ARGS…"))) })
    }

    fn stream(&self, cx: ToolCx, words: Vec<String>, io: toolsh_gate::Streams) -> Option<BoxFuture<'static, i32>> {
        let declared = self.declared.clone();
        Some(Box::pin(async move { run::run(&declared, &cx, words, &io).await }))
    }
}
