//! MCP servers mounted into the shell: every tool of a server the operator declared
//! (`[mcp.ALIAS]` in toolsh.toml, `--mcp 'ALIAS=COMMAND ARGS…'` or `--mcp ALIAS=URL`,
//! [`crate::ShellBuilder::mcp_server`]) becomes the tool `ALIAS.TOOL`,
//! registered like toolsh's own — flags, `-h`, `help ALIAS`, `config tools`, the pre-flight and
//! the gate all come from the one registry — and called over the server's connection.
//!
//! Starting a server is a host action: only the configuration and the command line, which the
//! operator controls, declare one; nothing inside the shell can. Connections live on a runtime
//! of their own for the life of the process (`server.rs`), so every session of `toolsh mcp
//! --http` shares one connection per server and a server outlives the line that started it.

mod result;
mod server;
mod stdio;

use server::Connection;
pub use server::end_servers;
pub(crate) use server::with_host_variables;

use crate::tools::{SideEffect, Tool, ToolCx, ToolError, ToolOutput, ToolSpec};
use futures::future::BoxFuture;
use serde_json::Value;
use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::Duration;

/// How a declared server is reached.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Endpoint {
    /// A program speaking MCP on its standard streams, started on demand.
    Stdio {
        /// The program (looked up on the host's `PATH`) and its arguments.
        program: String,
        /// Its arguments.
        args: Vec<String>,
        /// The only variables it gets, besides `PATH`.
        env: BTreeMap<String, String>,
    },
    /// A Streamable HTTP server.
    Http {
        /// Its address (`http://127.0.0.1:9000/mcp`, `https://…`).
        url: String,
        /// Headers sent with every request, `${VAR}` taken from the host's environment when
        /// the connection starts (the values are never printed).
        headers: BTreeMap<String, String>,
    },
}

/// One declared server.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ServerConfig {
    /// The namespace of its tools (`memory` → `memory.read_graph`).
    pub alias: String,
    /// Where it is.
    pub endpoint: Endpoint,
    /// How long one call may take before it is given up (the line's own deadline applies too).
    pub timeout: Duration,
    /// How long the server may take to start and answer the handshake (`server/discover`,
    /// `initialize`) before it is reported unavailable; a call's own deadline cuts it shorter.
    pub start_timeout: Duration,
}

/// How long a call of a mounted tool may take unless the server's entry says otherwise.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(60);

/// How long a server may take to start and answer the handshake unless its entry says
/// otherwise: a server that never answers costs every toolsh start this long (it was 30 s),
/// and its tools are left out.
pub const DEFAULT_START_TIMEOUT: Duration = Duration::from_secs(10);

/// The namespaces of toolsh's own tools, which no server may take.
const RESERVED: &[&str] = &["db", "fs", "host", "meta", "msg", "net", "shell", "toolsh"];

impl ServerConfig {
    /// Checks the alias: a namespace of its own, written as a shell word can spell it.
    pub(crate) fn validate_alias(alias: &str) -> Result<(), String> {
        let mut chars = alias.chars();
        let well_formed = chars.next().is_some_and(|c| c.is_ascii_lowercase())
            && chars.all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_' || c == '-');
        if !well_formed {
            return Err(format!(
                "mcp server '{alias}': an alias is a lowercase letter, then letters, digits, '_' or '-'"
            ));
        }
        if RESERVED.contains(&alias) {
            return Err(format!("mcp server '{alias}': the namespace '{alias}' is toolsh's own"));
        }
        Ok(())
    }

    /// `--mcp ALIAS=COMMAND ARGS…`: the words after `=` are the program and its arguments;
    /// `--mcp ALIAS=URL` (`http://`, `https://`) a Streamable HTTP server.
    pub fn from_flag(text: &str) -> crate::Result<ServerConfig> {
        let Some((alias, command)) = text.split_once('=') else {
            return Err(crate::Error::Declaration(format!(
                "--mcp '{text}': expected ALIAS=COMMAND [ARGS…] or ALIAS=URL"
            )));
        };
        Self::validate_alias(alias).map_err(crate::Error::Name)?;
        if command.starts_with("http://") || command.starts_with("https://") {
            return Ok(ServerConfig {
                alias: alias.to_string(),
                endpoint: Endpoint::Http { url: command.trim().to_string(), headers: BTreeMap::new() },
                timeout: DEFAULT_TIMEOUT,
                start_timeout: DEFAULT_START_TIMEOUT,
            });
        }
        let mut words = command.split_whitespace().map(str::to_string);
        let Some(program) = words.next() else {
            return Err(crate::Error::Declaration(format!("--mcp '{text}': no command after '='")));
        };
        Ok(ServerConfig {
            alias: alias.to_string(),
            endpoint: Endpoint::Stdio { program, args: words.collect(), env: BTreeMap::new() },
            timeout: DEFAULT_TIMEOUT,
            start_timeout: DEFAULT_START_TIMEOUT,
        })
    }
}

/// How long a cached tool list is used without listing again at start-up. (Whenever a
/// server starts for a call, its list is refreshed in the background anyway.)
pub const CACHE_AGE: Duration = Duration::from_secs(24 * 3600);

/// Registers every declared server's tools in `builder` as `ALIAS.TOOL`. A server's list comes
/// from the store's cache (`store`: a fresh process then starts no server until a call needs
/// it) or, when there is none or it is older than [`CACHE_AGE`], from the server, started now.
/// A server that cannot be listed is reported through `warn` and left out (the rest of the
/// shell works; its commands are then unknown); so is a tool whose name cannot be a command,
/// the server's other tools mounted.
pub fn mount(
    mut builder: crate::ShellBuilder,
    servers: &[ServerConfig],
    store: Option<&crate::store::Location>,
    mut warn: impl FnMut(&str),
) -> Result<crate::ShellBuilder, String> {
    let cache = store.map(|at| crate::store::Store::open(at, "toolsh", "mcp-mount"));
    for config in servers {
        let connection = Connection::shared(config);
        let identity = config.identity();
        if let Some(cache) = &cache {
            connection.keep_listed_in(cache.for_session("mcp-mount"), identity.clone());
        }
        let cached = cache.as_ref().and_then(|cache| cached_tools(cache, &identity));
        let refused = match cached {
            Some(listed) => connection.accept(listed).1,
            None => match connection.list_tools_blocking() {
                Ok(listed) => {
                    let (taken, refused) = connection.accept(listed);
                    if let Some(cache) = &cache {
                        let _ = cache.set_mcp_tools(&identity, &Value::Array(taken).to_string());
                    }
                    refused
                }
                Err(err) => {
                    warn(&format!("{}; its tools are not mounted", err.message));
                    builder = builder.unlisted(&config.alias);
                    continue;
                }
            },
        };
        for why in refused {
            warn(&why);
        }
        builder = builder.tool_source(connection).map_err(|err| format!("mcp server '{}': {err}", config.alias))?;
    }
    Ok(builder)
}

/// The cached list of the server declared as `identity`, unless it is missing, unreadable or
/// older than [`CACHE_AGE`].
fn cached_tools(cache: &crate::store::Store, identity: &str) -> Option<Vec<Value>> {
    let (listed_at, text) = cache.mcp_tools(identity).ok().flatten()?;
    let age = crate::store::now_ms().saturating_sub(listed_at);
    if age < 0 || age as u128 > CACHE_AGE.as_millis() {
        return None;
    }
    serde_json::from_str(&text).ok()
}

impl ServerConfig {
    /// What identifies the declaration in the cache: a digest of how the server is started
    /// (FNV-1a; the declaration may hold secrets, the store keeps only this).
    pub fn identity(&self) -> String {
        let text = format!("{:?}", self.endpoint);
        let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
        for byte in text.bytes() {
            hash = (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3);
        }
        format!("{}:{hash:016x}", self.alias)
    }
}

/// A tool of a mounted server, as the registry holds it.
pub(super) struct MountedTool {
    spec: ToolSpec,
    /// The tool's name on its server.
    remote: String,
    /// Whether it declared an `outputSchema` (its `structuredContent` is then the output).
    structured: bool,
    connection: Arc<Connection>,
}

impl MountedTool {
    /// The tool `listed` (as the server's `tools/list` gave it) of `connection`'s server.
    pub(super) fn new(connection: &Arc<Connection>, listed: &Value) -> Result<MountedTool, String> {
        let alias = connection.alias();
        let remote = listed.get("name").and_then(Value::as_str).unwrap_or_default();
        let well_formed =
            !remote.is_empty() && remote.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.'));
        if !well_formed {
            let remote = printable(remote, false);
            return Err(format!("mcp server '{alias}': the tool name '{remote}' is not a word the shell can type"));
        }
        // A server's words reach the terminal (`help`, `-h`, `config tools`): its control
        // characters are shown escaped, never sent to the terminal as escape sequences.
        let description = printable(listed.get("description").and_then(Value::as_str).unwrap_or(remote), true);
        let mut schema = listed.get("inputSchema").cloned().unwrap_or_else(|| serde_json::json!({"type": "object"}));
        printable_texts(&mut schema);
        let annotations = listed.get("annotations");
        let hint = |name: &str| annotations.and_then(|a| a.get(name)).and_then(Value::as_bool);
        let mut spec = ToolSpec::with_schema(&format!("{alias}.{remote}"), &description, schema);
        // A tool is what its annotations say, and an absent hint is what MCP's schema says it
        // defaults to: not read-only, destructive, open-world. So a tool that says nothing is
        // judged as the worst it could be (`sql.delete_records`, `git_push`), never as a local
        // edit; the operator opens it with an allow rule (`--allow sql.delete_records`,
        // `--allow sql`), and a server that describes its tools gets them judged as described.
        spec = if hint("readOnlyHint").unwrap_or(false) {
            spec.read_only()
        } else if hint("destructiveHint").unwrap_or(true) {
            spec.side_effect(SideEffect::Delegating)
        } else {
            spec.side_effect(SideEffect::SideEffecting)
        };
        if hint("openWorldHint").unwrap_or(true) {
            spec = spec.open_world();
        }
        Ok(MountedTool {
            spec,
            remote: remote.to_string(),
            structured: listed.get("outputSchema").is_some_and(Value::is_object),
            connection: connection.clone(),
        })
    }
}

/// `text` with its control characters written as escapes (`\x1b`), line breaks and tabs kept
/// when `lines` says so: what a server says is shown, not obeyed by the terminal.
pub(crate) fn printable(text: &str, lines: bool) -> String {
    if !text.chars().any(char::is_control) {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        match c {
            '\n' | '\t' if lines => out.push(c),
            c if c.is_control() => out.extend(c.escape_default()),
            c => out.push(c),
        }
    }
    out
}

/// Makes the texts a schema shows in usage (`description`, `title`) printable, at every depth.
fn printable_texts(schema: &mut Value) {
    match schema {
        Value::Object(map) => {
            for (key, value) in map.iter_mut() {
                match value {
                    Value::String(text) if matches!(key.as_str(), "description" | "title") => {
                        *text = printable(text, true);
                    }
                    other => printable_texts(other),
                }
            }
        }
        Value::Array(items) => items.iter_mut().for_each(printable_texts),
        _ => {}
    }
}

impl Tool for MountedTool {
    fn spec(&self) -> &ToolSpec {
        &self.spec
    }

    fn call(&self, cx: ToolCx, args: Value) -> BoxFuture<'static, Result<ToolOutput, ToolError>> {
        let connection = self.connection.clone();
        let remote = self.remote.clone();
        let structured = self.structured;
        Box::pin(async move {
            let answer = connection.call(&remote, args, cx.meter.clone(), cx.gate.clone()).await?;
            result::output(&cx, connection.alias(), &remote, structured, &answer)
        })
    }
}
