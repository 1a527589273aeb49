//! `toolsh.toml`: the policy (profile and rules) read from the workspace root or `--config`.
//!
//! ```toml
//! profile = "workspace"          # readonly | workspace | trusted
//! allow = ["net.fetch:https://api.example.com/*"]
//! ask = ["fs.delete"]
//! deny = ["fs.write:secrets/**"]
//! disable = ["net.*"]            # not registered at all
//!
//! [limits]                       # as --limit NAME=N (which wins)
//! result-chars = 20000
//! ```
//! The file is part of the control plane: the shell can never write it.

use crate::policy::{Policy, Profile, Verdict};
use serde::Deserialize;
use std::path::Path;

/// The file's contents.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ConfigFile {
    /// The profile name.
    #[serde(default)]
    pub profile: Option<String>,
    /// The store: a SQLite file (relative to the workspace root) or a `postgres://` address
    /// (`--store` wins over it).
    #[serde(default)]
    pub store: Option<String>,
    /// Allow rules.
    #[serde(default)]
    pub allow: Vec<String>,
    /// Ask rules.
    #[serde(default)]
    pub ask: Vec<String>,
    /// Deny rules.
    #[serde(default)]
    pub deny: Vec<String>,
    /// Tools switched off (globs over names): not registered, refused everywhere.
    #[serde(default)]
    pub disable: Vec<String>,
    /// How much of the audit log the store keeps (`[audit]`).
    #[serde(default)]
    pub audit: AuditConfig,
    /// `[mcp.ALIAS]`: MCP servers whose tools are mounted as `ALIAS.TOOL`.
    #[serde(default)]
    pub mcp: std::collections::BTreeMap<String, McpEntry>,
    /// `[host.NAME]`: host programs run as the command `NAME` and the tool `host.NAME`.
    #[serde(default)]
    pub host: std::collections::BTreeMap<String, HostEntry>,
    /// `[mount]`: `"/data" = "SRC[:ro]"`, as `--mount /data=SRC[:ro]` (a host directory, or
    /// `s3://bucket/prefix`).
    #[serde(default)]
    pub mount: std::collections::BTreeMap<String, String>,
    /// `[s3]`: how `s3://` mounts reach their buckets (the `AWS_*` variables win over it).
    #[serde(default)]
    pub s3: S3Entry,
    /// `[limits]`: `result-chars = 20000`, as `--limit result-chars=20000` (which wins), by the
    /// names `--limit` takes.
    #[serde(default)]
    pub limits: std::collections::BTreeMap<String, u64>,
}

/// The `[s3]` table (docs/deploy.md, "Workspaces on object storage").
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct S3Entry {
    /// An S3-compatible server (`AWS_ENDPOINT_URL`).
    pub endpoint: Option<String>,
    /// The region (`AWS_REGION`).
    pub region: Option<String>,
    /// The key's id (`AWS_ACCESS_KEY_ID`).
    pub access_key_id: Option<String>,
    /// The secret (`AWS_SECRET_ACCESS_KEY`): only in a file the shell cannot read.
    pub secret_access_key: Option<String>,
    /// How much the read cache holds: `64MiB` (the default), `0` for none.
    pub cache: Option<String>,
}

/// One `[host.NAME]` table (docs/tools.md, "Host programs").
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HostEntry {
    /// The program: a name on the host's `PATH`, or a path (default: NAME).
    pub program: Option<String>,
    /// Variables passed through.
    #[serde(default)]
    pub env: Vec<String>,
    /// TCP allowed (default false).
    #[serde(default)]
    pub network: bool,
    /// May write the read-write mounts (default true).
    pub writable: Option<bool>,
    /// More host paths it may read.
    #[serde(default)]
    pub read: Vec<String>,
    /// Runs without the kernel's confinement (default false).
    #[serde(default)]
    pub unconfined: bool,
    /// Processes (and threads) its calls may have at once (default 4,096).
    pub processes: Option<u64>,
}

/// One `[mcp.ALIAS]` table: a stdio server (`command`, `args`, `env`) or a Streamable HTTP one
/// (`url`, `headers`), how long a call of its tools may take (`timeout`: `30s`, `2m`, `500ms`, or seconds)
/// and how long it may take to start and answer the handshake (`start_timeout`, default 10 s).
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct McpEntry {
    /// The program, found on the host's `PATH`.
    pub command: Option<String>,
    /// Its arguments.
    #[serde(default)]
    pub args: Vec<String>,
    /// The only variables it gets, besides `PATH`.
    #[serde(default)]
    pub env: std::collections::BTreeMap<String, String>,
    /// A Streamable HTTP server's address.
    pub url: Option<String>,
    /// Headers for `url`; `${VAR}` in a value is the host's variable (never shown).
    #[serde(default)]
    pub headers: std::collections::BTreeMap<String, String>,
    /// How long one call may take.
    pub timeout: Option<String>,
    /// How long the server may take to start and answer the handshake.
    pub start_timeout: Option<String>,
}

/// `30s`, `2m`, `500ms`, `1.5` (seconds).
fn duration(text: &str) -> Option<std::time::Duration> {
    let (number, unit) = match text.find(|c: char| c.is_ascii_alphabetic()) {
        Some(at) => text.split_at(at),
        None => (text, "s"),
    };
    let number: f64 = number.trim().parse().ok().filter(|n: &f64| n.is_finite() && *n > 0.0)?;
    let seconds = match unit {
        "ms" => number / 1000.0,
        "s" => number,
        "m" => number * 60.0,
        "h" => number * 3600.0,
        _ => return None,
    };
    std::time::Duration::try_from_secs_f64(seconds).ok()
}

/// `[audit]`: `keep_days` and `keep_rows` (defaults: 30 days, 1,000,000 records).
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AuditConfig {
    /// Records older than this many days are deleted.
    pub keep_days: Option<u64>,
    /// Only the newest this many records are kept.
    pub keep_rows: Option<u64>,
}

impl AuditConfig {
    /// The retention these settings give, over the defaults.
    pub fn retention(&self) -> crate::store::Retention {
        let default = crate::store::Retention::default();
        crate::store::Retention {
            max_age: self.keep_days.map_or(default.max_age, |days| std::time::Duration::from_secs(days * 86_400)),
            max_rows: self.keep_rows.unwrap_or(default.max_rows),
        }
    }
}

impl ConfigFile {
    /// The servers of the `[mcp.*]` tables, checked: a malformed entry is an error naming its
    /// key.
    #[cfg(feature = "mcp")]
    pub fn mcp_servers(&self) -> Result<Vec<crate::mount::ServerConfig>, String> {
        use crate::mount::{DEFAULT_START_TIMEOUT, DEFAULT_TIMEOUT, Endpoint, ServerConfig};
        let mut servers = Vec::new();
        for (alias, entry) in &self.mcp {
            ServerConfig::validate_alias(alias).map_err(|err| format!("[mcp.{alias}]: {err}"))?;
            let timeout = match &entry.timeout {
                Some(text) => duration(text)
                    .ok_or_else(|| format!("[mcp.{alias}] timeout: `{text}` is not a duration (30s, 2m, 500ms)"))?,
                None => DEFAULT_TIMEOUT,
            };
            let start_timeout = match &entry.start_timeout {
                Some(text) => duration(text).ok_or_else(|| {
                    format!("[mcp.{alias}] start_timeout: `{text}` is not a duration (10s, 1m, 500ms)")
                })?,
                None => DEFAULT_START_TIMEOUT,
            };
            let endpoint = match (&entry.command, &entry.url) {
                (Some(_), Some(_)) => return Err(format!("[mcp.{alias}]: give `command` or `url`, not both")),
                (None, None) => {
                    return Err(format!("[mcp.{alias}]: `command` (a stdio server) or `url` (an HTTP one) is missing"));
                }
                (None, Some(url)) if !(url.starts_with("http://") || url.starts_with("https://")) => {
                    return Err(format!("[mcp.{alias}] url: `{url}` is not an http:// or https:// address"));
                }
                (None, Some(url)) => {
                    if !entry.args.is_empty() || !entry.env.is_empty() {
                        return Err(format!("[mcp.{alias}]: `args` and `env` are for a `command` server"));
                    }
                    Endpoint::Http { url: url.clone(), headers: entry.headers.clone() }
                }
                (Some(command), None) if command.trim().is_empty() => {
                    return Err(format!("[mcp.{alias}] command: empty"));
                }
                (Some(command), None) => {
                    if !entry.headers.is_empty() {
                        return Err(format!("[mcp.{alias}] headers: only for a `url` server"));
                    }
                    Endpoint::Stdio { program: command.clone(), args: entry.args.clone(), env: entry.env.clone() }
                }
            };
            servers.push(ServerConfig { alias: alias.clone(), endpoint, timeout, start_timeout });
        }
        Ok(servers)
    }

    /// The programs of the `[host.*]` tables, checked: a malformed entry is an error naming
    /// its key. (Whether each exists on the host is checked when it is resolved.)
    #[cfg(feature = "host")]
    pub fn host_programs(&self) -> Result<Vec<crate::host::HostConfig>, String> {
        let mut programs = Vec::new();
        for (name, entry) in &self.host {
            crate::host::validate_name(name).map_err(|err| format!("[host.{name}]: {err}"))?;
            let mut config = crate::host::HostConfig::new(name);
            if let Some(program) = &entry.program {
                if program.trim().is_empty() {
                    return Err(format!("[host.{name}] program: empty"));
                }
                config.program = program.clone();
            }
            for variable in &entry.env {
                let ok = variable.chars().next().is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
                    && variable.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
                if !ok || variable == "PATH" {
                    return Err(format!(
                        "[host.{name}] env: '{variable}' is not a variable it can be given (PATH always is)"
                    ));
                }
            }
            config.env = entry.env.clone();
            config.network = entry.network;
            config.writable = entry.writable.unwrap_or(true);
            for path in &entry.read {
                if !path.starts_with('/') {
                    return Err(format!("[host.{name}] read: '{path}' is not an absolute host path"));
                }
            }
            config.read = entry.read.iter().map(std::path::PathBuf::from).collect();
            config.unconfined = entry.unconfined;
            if let Some(processes) = entry.processes {
                if !(1..=crate::host::MAX_PROCESSES).contains(&processes) {
                    return Err(format!(
                        "[host.{name}] processes: {processes} is not between 1 and {}",
                        crate::host::MAX_PROCESSES
                    ));
                }
                config.processes = processes;
            }
            programs.push(config);
        }
        Ok(programs)
    }

    /// Parses the text of `path` (named in errors, with line and column).
    pub fn parse(path: &Path, text: &str) -> Result<ConfigFile, String> {
        toml::from_str(text).map_err(|err| {
            let at = err
                .span()
                .map(|span| {
                    let before = &text[..span.start.min(text.len())];
                    let line = before.matches('\n').count() + 1;
                    let col = before.len() - before.rfind('\n').map_or(0, |i| i + 1) + 1;
                    format!(":{line}:{col}")
                })
                .unwrap_or_default();
            format!("{}{at}: {}", path.display(), err.message())
        })
    }
}

/// Builds the policy: the file's profile and rules, then the command line's (`--profile`
/// replaces the file's; rules add up, and deny wins whatever their order).
pub fn policy(
    file: Option<&ConfigFile>,
    profile: Option<&str>,
    rules: &[(Verdict, String)],
    root: &str,
) -> Result<Policy, String> {
    let mut policy = Policy::default();
    if let Some(name) = profile.or(file.and_then(|f| f.profile.as_deref())) {
        policy.set_profile(Profile::parse(name)?);
    }
    if let Some(file) = file {
        for (verdict, list) in [(Verdict::Allow, &file.allow), (Verdict::Ask, &file.ask), (Verdict::Deny, &file.deny)] {
            for spec in list {
                policy.add(verdict, spec, root)?;
            }
        }
    }
    for (verdict, spec) in rules {
        policy.add(*verdict, spec, root)?;
    }
    for pattern in file.map_or(&[][..], |f| &f.disable[..]) {
        policy.disable(pattern)?;
    }
    Ok(policy)
}
