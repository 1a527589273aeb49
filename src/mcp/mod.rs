//! `toolsh mcp`: an MCP server over stdio offering exactly one tool, `shell`.
//!
//! One session per connection (variables, functions and cwd persist between calls); each call
//! runs one command line and answers with the result contract of [`crate::contract`]. A call
//! that runs and fails is a tool result with `isError`; JSON-RPC errors are only for requests
//! that cannot be routed (an unknown tool, a missing `command`). Standard output is the
//! protocol channel: the shell's output is always captured, never written there.
//! [`http`] serves the same tool to many clients at once, one session each.

pub mod http;

use crate::contract::Caps;
use crate::interp::Shell;
use crate::tools::Answer;
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ContentBlock, Implementation, InitializeResult,
    ListToolsResult, PaginatedRequestParams, ProgressNotificationParam, ServerCapabilities, ServerConfig, Tool,
    ToolAnnotations,
};
use rmcp::service::{RequestContext, RoleServer};
use rmcp::{ErrorData as McpError, ServerHandler, ServiceExt};
use serde_json::{Value, json};
use std::sync::Arc;
use std::time::Duration;

/// Default time one call may take.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(30);
/// The longest a caller may ask for.
pub const MAX_TIMEOUT: Duration = Duration::from_secs(600);

/// The server: one shell session and the description of its one tool.
pub struct ShellServer {
    shell: tokio::sync::Mutex<Shell>,
    tool: Tool,
    caps: Caps,
    approver: Option<Arc<ElicitingApprover>>,
    /// Offer only protocol revisions with a session handshake (HTTP: revisions without one
    /// serve every request statelessly, and a shell whose variables vanish between calls
    /// is not the tool the description promises).
    sessions_only: bool,
    /// Where this session's running calls are listed, so that ending the session (`DELETE`
    /// over HTTP, closing standard input over stdio) stops them at once.
    running: Option<RunningCalls>,
}

/// The running calls of each HTTP session, by session id: a token to cancel each, with the
/// number of the call that registered it.
pub(crate) type RunningCalls =
    Arc<std::sync::Mutex<std::collections::HashMap<String, Vec<(u64, tokio_util::sync::CancellationToken)>>>>;

/// The key of the one session a stdio server has in [`RunningCalls`].
const STDIO_SESSION: &str = "stdio";

/// Numbers calls for [`RunningCalls`].
static NEXT_CALL: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

impl ShellServer {
    /// A server over `shell`.
    pub fn new(shell: Shell, caps: Caps) -> Self {
        let tool = shell_tool(&shell);
        ShellServer {
            shell: tokio::sync::Mutex::new(shell),
            tool,
            caps,
            approver: None,
            sessions_only: false,
            running: None,
        }
    }

    /// Sends the shell's `ask` decisions to this server's client; `approver` must be the one
    /// the shell was built with.
    pub fn with_approver(mut self, approver: Arc<ElicitingApprover>) -> Self {
        self.approver = Some(approver);
        self
    }
}

/// The `shell` tool definition: the guide and command index as description, the input
/// schema, and annotations true to the session's policy.
pub fn shell_tool(shell: &Shell) -> Tool {
    let schema = json!({
        "type": "object",
        "properties": {
            "command": { "type": "string", "description": "A bash command line or script." },
            "timeout_ms": {
                "type": "integer",
                "description": "Give up after this many milliseconds (default 30000, at most 600000).",
                "minimum": 1
            }
        },
        "required": ["command"],
        "additionalProperties": false
    });
    let object = match schema {
        Value::Object(map) => map,
        _ => serde_json::Map::new(),
    };
    let read_only = shell.policy_profile() == crate::policy::Profile::Readonly;
    let annotations = ToolAnnotations::with_title("shell")
        .read_only(read_only)
        .destructive(!read_only)
        .idempotent(false)
        .open_world(shell.policy_allows_network());
    Tool::new("shell", description(shell), Arc::new(object)).with_annotations(annotations)
}

/// The tool's description: a short guide, then a compact index of the commands and tools the
/// policy lets run (nothing it certainly denies or switched off is named).
pub fn description(shell: &Shell) -> String {
    let mut out = format!(
        "Run bash in a sandboxed workspace (cwd {}); no host programs. Pipes, redirects, && || ;, \
functions, loops, heredocs, $(...). Variables, functions, cwd and /tmp persist between calls. \
Discover: `help`, `help NS`, `CMD -h`, `config tools QUERY`; tools are commands (`fs.read --path f`, \
`ns.tool '{{json}}'`). Output: stdout, `[stderr]` + stderr, a `[truncated: …]` marker naming a file \
with all of it, `[exit N]` last. Exit 0 ok, 1/2 failed (2 also usage), 124 timeout, 125 \
unavailable, 126 blocked by policy (nothing ran), 127 unknown, 130 cancelled. who/ping/msg: \
other agents, not the network.\nCommands besides bash builtins:",
        shell.cwd()
    );
    // Every model knows bash's own builtins: only the other commands are named, and only
    // those with something to do under the policy (not `curl` when the network is denied).
    let listed = crate::builtins::all()
        .iter()
        .filter(|b| matches!(b.run, crate::builtins::Run::Command(_)))
        .filter(|b| b.spec.tools.is_empty() || !b.spec.tools.iter().all(|tool| shell.certainly_denied(tool)))
        .map(|b| b.name)
        .filter(|n| n.chars().all(|c| c.is_ascii_alphanumeric()) && !crate::builtins::BASH_BUILTINS.contains(n));
    for name in listed {
        out.push(' ');
        out.push_str(name);
    }
    out.push_str("\nTools:");
    let visible = shell.tools().visible();
    let allowed = visible.iter().map(|tool| tool.spec().name.as_str()).filter(|name| !shell.certainly_denied(name));
    out.push_str(&tool_index(allowed));
    out
}

/// Characters the tool index may take in the description (about 110 tokens): past it, a
/// namespace is summarised as `ns.* (N)` (`help ns` lists it), and namespaces that do not fit
/// even so are counted at the end, so the description stays within its token budget however
/// many tools an embedder or peer server registers.
const TOOL_INDEX_BUDGET: usize = 450;

/// ` fs.read,write; msg.send,read` — namespaces listed whole, in registry order, as far as the
/// budget allows with the others summarised (`crm.* (12)`); past that, counted
/// (`; +7 more namespaces`).
fn tool_index<'a>(names: impl Iterator<Item = &'a str>) -> String {
    let mut namespaces: Vec<(&str, Vec<&str>)> = Vec::new();
    for name in names {
        let (ns, tool) = name.split_once('.').unwrap_or(("", name));
        match namespaces.iter_mut().find(|(n, _)| *n == ns) {
            Some((_, tools)) => tools.push(tool),
            None => namespaces.push((ns, vec![tool])),
        }
    }
    let whole: Vec<String> = namespaces.iter().map(|(ns, tools)| format!("{ns}.{}", tools.join(","))).collect();
    let summary: Vec<String> = namespaces.iter().map(|(ns, tools)| format!("{ns}.* ({})", tools.len())).collect();
    let cost = |parts: &[&String]| parts.iter().map(|p| p.len() + 2).sum::<usize>();
    // Everything summarised; then namespaces listed whole, in order, while the total fits.
    let mut chosen: Vec<&String> = summary.iter().collect();
    for (i, full) in whole.iter().enumerate() {
        let before = std::mem::replace(&mut chosen[i], full);
        if cost(&chosen) > TOOL_INDEX_BUDGET {
            chosen[i] = before;
        }
    }
    // Too many namespaces even summarised: as many as fit, then a count of the rest.
    let tail = "+9999 more namespaces".len() + 2;
    let mut kept = chosen.len();
    while kept > 0 && cost(&chosen[..kept]) + if kept < chosen.len() { tail } else { 0 } > TOOL_INDEX_BUDGET {
        kept -= 1;
    }
    let mut out = String::new();
    for part in &chosen[..kept] {
        out.push_str(if out.is_empty() { " " } else { "; " });
        out.push_str(part);
    }
    if kept < chosen.len() {
        out.push_str(&format!("; +{} more namespaces", chosen.len() - kept));
    }
    out
}

fn invalid(message: &str) -> McpError {
    McpError::invalid_params(message.to_string(), None)
}

impl ServerHandler for ShellServer {
    fn get_info(&self) -> ServerConfig {
        let mut info = InitializeResult::new(ServerCapabilities::builder().enable_tools().build())
            .with_instructions("One tool, `shell`: run bash command lines; start with `help`.");
        info.server_info = Implementation::new("toolsh", env!("CARGO_PKG_VERSION"));
        info
    }

    fn supported_protocol_versions(&self) -> std::borrow::Cow<'static, [rmcp::model::ProtocolVersion]> {
        let known = rmcp::model::ProtocolVersion::KNOWN_VERSIONS;
        if self.sessions_only {
            known.iter().filter(|v| v.has_initialize()).cloned().collect::<Vec<_>>().into()
        } else {
            known.into()
        }
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, McpError> {
        Ok(ListToolsResult::with_all_items(vec![self.tool.clone()]))
    }

    fn get_tool(&self, name: &str) -> Option<Tool> {
        (name == "shell").then(|| self.tool.clone())
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, McpError> {
        if request.name != "shell" {
            return Err(McpError::invalid_params(
                format!("unknown tool '{}': the only tool is 'shell'", request.name),
                None,
            ));
        }
        let args = request.arguments.unwrap_or_default();
        let command =
            args.get("command").and_then(Value::as_str).ok_or_else(|| invalid("'command' (a string) is required"))?;
        let timeout = match args.get("timeout_ms") {
            None | Some(Value::Null) => DEFAULT_TIMEOUT,
            Some(value) => match value.as_u64() {
                Some(ms) if ms > 0 => Duration::from_millis(ms).min(MAX_TIMEOUT),
                _ => return Err(invalid("'timeout_ms' must be a positive integer")),
            },
        };
        // The call is listed under its session (over HTTP its id, over stdio the one session),
        // so that ending the session — `DELETE`, or the client closing standard input — stops it.
        let listed = self.running.as_ref().and_then(|running| {
            let session = match context.extensions.get::<hyper::http::request::Parts>() {
                Some(parts) => parts.headers.get("mcp-session-id")?.to_str().ok()?.to_string(),
                None => STDIO_SESSION.to_string(),
            };
            let number = NEXT_CALL.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            let mut map = running.lock().unwrap_or_else(|p| p.into_inner());
            map.entry(session.clone()).or_default().push((number, context.ct.clone()));
            Some((running.clone(), session, number))
        });
        let mut shell = self.shell.lock().await;
        if let Some(approver) = &self.approver {
            // A question this call puts to the client waits no longer than the call may run.
            approver.prepare(context.peer.clone(), tokio::time::Instant::now() + timeout, context.ct.clone());
        }
        let mut options =
            crate::ExecOptions { timeout: Some(timeout), cancel: Some(context.ct.clone()), ..Default::default() };
        if let Some(token) = context.meta.get_progress_token() {
            // The client asked for progress: a notification every second while the line runs.
            let peer = context.peer.clone();
            options.progress = Some(Box::new(move |p: crate::Progress| {
                let mut note = ProgressNotificationParam::new(token.clone(), p.elapsed.as_secs_f64());
                let tool = match p.tool {
                    Some((done, Some(total))) => format!("; the running tool is at {done} of {total}"),
                    Some((done, None)) => format!("; the running tool is at {done}"),
                    None => String::new(),
                };
                note.message = Some(format!(
                    "running for {:.0} s; {} bytes of output so far{tool}",
                    p.elapsed.as_secs_f64(),
                    p.stdout_bytes + p.stderr_bytes
                ));
                let peer = peer.clone();
                tokio::spawn(async move {
                    let _ = peer.notify_progress(note).await;
                });
            }));
        }
        let (outcome, text) = shell.exec_for_model_with(command, self.caps, options).await;
        if let Some((running, session, number)) = listed {
            let mut map = running.lock().unwrap_or_else(|p| p.into_inner());
            if let Some(calls) = map.get_mut(&session) {
                calls.retain(|(n, _)| *n != number);
                if calls.is_empty() {
                    map.remove(&session);
                }
            }
        }
        let status = outcome.status;
        let mut result = CallToolResult::success(vec![ContentBlock::text(text)]);
        result.is_error = Some(status != 0);
        Ok(CallToolResponse::Complete(result))
    }
}

/// The `shell` tool definition in the format another harness expects: `mcp`, `openai`
/// (function calling) or `anthropic` (tool use).
pub fn export(shell: &Shell, format: &str) -> Result<Value, String> {
    let tool = shell_tool(shell);
    let description = tool.description.as_deref().unwrap_or("").to_string();
    let schema = Value::Object((*tool.input_schema).clone());
    match format {
        "mcp" => serde_json::to_value(&tool).map_err(|e| e.to_string()),
        "openai" => Ok(json!({
            "type": "function",
            "function": { "name": "shell", "description": description, "parameters": schema }
        })),
        "anthropic" => Ok(json!({ "name": "shell", "description": description, "input_schema": schema })),
        other => Err(format!("unknown format '{other}': use mcp, openai or anthropic")),
    }
}

/// Answers `ask` decisions by asking the MCP client (elicitation), when the client supports it;
/// otherwise, or when the user declines, the call is denied.
///
/// The gate asks synchronously from inside the running line, so this blocks its worker thread
/// (`block_in_place`) while the transport, on the other workers, carries the question and the
/// answer: it needs the multi-thread runtime `serve_stdio` builds on. A question unanswered by
/// the call's deadline, or when the call is cancelled, is answered "nobody approved": a
/// client that never replies cannot hold the session.
#[derive(Default)]
pub struct ElicitingApprover {
    call: std::sync::Mutex<Option<Asking>>,
}

/// Whom the current call asks, and until when.
#[derive(Clone)]
struct Asking {
    peer: rmcp::Peer<RoleServer>,
    deadline: tokio::time::Instant,
    cancel: tokio_util::sync::CancellationToken,
}

impl ElicitingApprover {
    fn prepare(
        &self,
        peer: rmcp::Peer<RoleServer>,
        deadline: tokio::time::Instant,
        cancel: tokio_util::sync::CancellationToken,
    ) {
        *self.call.lock().unwrap_or_else(|p| p.into_inner()) = Some(Asking { peer, deadline, cancel });
    }
}

impl ElicitingApprover {
    /// Puts a form question to the client of the call in progress, waiting no longer than the
    /// call may run: the client's answer, or `Unavailable` when there is no call, the client
    /// does not take elicitation, or nothing can block to wait for it.
    fn ask(&self, message: String, requested_schema: rmcp::model::ElicitationSchema) -> crate::tools::Elicited {
        use crate::tools::Elicited;
        let Some(Asking { peer, deadline, cancel }) = self.call.lock().unwrap_or_else(|p| p.into_inner()).clone()
        else {
            return Elicited::Unavailable;
        };
        let supported = peer.peer_info().is_some_and(|info| info.capabilities.elicitation.is_some());
        let Ok(handle) = tokio::runtime::Handle::try_current() else { return Elicited::Unavailable };
        if !supported || handle.runtime_flavor() != tokio::runtime::RuntimeFlavor::MultiThread {
            return Elicited::Unavailable;
        }
        let params = rmcp::model::ElicitRequestParams::FormElicitationParams { meta: None, message, requested_schema };
        let asked = async {
            tokio::select! {
                answer = tokio::time::timeout_at(deadline, peer.create_elicitation(params)) => answer.ok(),
                () = cancel.cancelled() => None,
            }
        };
        match tokio::task::block_in_place(|| handle.block_on(asked)) {
            Some(Ok(result)) => match result.action {
                rmcp::model::ElicitationAction::Accept => {
                    Elicited::Accepted(result.content.unwrap_or(Value::Object(Default::default())))
                }
                rmcp::model::ElicitationAction::Decline => Elicited::Declined,
                _ => Elicited::Cancelled,
            },
            Some(Err(_)) | None => Elicited::Unavailable,
        }
    }
}

impl crate::tools::Approver for ElicitingApprover {
    fn approve(&self, request: &crate::tools::Approval) -> Answer {
        let target = request.subject.as_deref().map_or(String::new(), |s| format!(" {s}"));
        let message =
            format!("Allow `{}` to call {}{target}? (policy rule {})", request.command, request.tool, request.rule);
        let Ok(schema) = rmcp::model::ElicitationSchema::builder().required_bool("approve").build() else {
            return Answer::Unavailable;
        };
        match self.ask(message, schema) {
            crate::tools::Elicited::Accepted(content) if content.get("approve") == Some(&Value::Bool(true)) => {
                Answer::Approved
            }
            crate::tools::Elicited::Unavailable => Answer::Unavailable,
            _ => Answer::Refused,
        }
    }

    /// A mounted server's question, passed to this server's client as its own elicitation.
    fn elicit(&self, asker: &str, message: &str, schema: &Value) -> crate::tools::Elicited {
        match serde_json::from_value::<rmcp::model::ElicitationSchema>(schema.clone()) {
            Ok(schema) => self.ask(format!("{asker} asks: {message}"), schema),
            Err(_) => crate::tools::Elicited::Unavailable,
        }
    }
}

/// Serves `shell` over stdio until the client goes away. `approver`, when given, is the one the
/// shell was built with: it learns the client here.
pub async fn serve_stdio(shell: Shell, caps: Caps, approver: Option<Arc<ElicitingApprover>>) -> Result<(), String> {
    let mut server = ShellServer::new(shell, caps);
    if let Some(approver) = approver {
        server = server.with_approver(approver);
    }
    // A client that closes standard input has ended the session: its running call stops now
    // (the MCP library would wait up to five seconds for it to finish on its own).
    let calls = RunningCalls::default();
    server.running = Some(calls.clone());
    let (stdin, stdout) = rmcp::transport::stdio();
    let stdin = OnEof {
        inner: stdin,
        on_eof: Some(Box::new(move || {
            let ended = calls.lock().unwrap_or_else(|p| p.into_inner()).remove(STDIO_SESSION).unwrap_or_default();
            ended.into_iter().for_each(|(_, token)| token.cancel());
        })),
    };
    let running = server.serve((stdin, stdout)).await.map_err(|e| format!("mcp: {e}"))?;
    running.waiting().await.map_err(|e| format!("mcp: {e}"))?;
    Ok(())
}

/// A reader that runs `on_eof` once, when its input ends.
struct OnEof<R> {
    inner: R,
    on_eof: Option<Box<dyn FnOnce() + Send>>,
}

impl<R: tokio::io::AsyncRead + Unpin> tokio::io::AsyncRead for OnEof<R> {
    fn poll_read(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
        buf: &mut tokio::io::ReadBuf<'_>,
    ) -> std::task::Poll<std::io::Result<()>> {
        let before = buf.filled().len();
        let polled = std::pin::Pin::new(&mut self.inner).poll_read(cx, buf);
        let ended = matches!(polled, std::task::Poll::Ready(Ok(()))) && buf.filled().len() == before;
        if ended
            && buf.remaining() > 0
            && let Some(on_eof) = self.on_eof.take()
        {
            on_eof();
        }
        polled
    }
}

#[cfg(test)]
mod tests {
    use super::{TOOL_INDEX_BUDGET, tool_index};

    #[test]
    fn a_small_registry_is_listed_whole() {
        let index = tool_index(["fs.read", "fs.write", "msg.send", "net.fetch"].into_iter());
        assert_eq!(index, " fs.read,write; msg.send; net.fetch");
    }

    #[test]
    fn a_large_registry_is_summarised_within_the_budget() {
        let registry = |namespaces: usize| -> Vec<String> {
            (0..namespaces).flat_map(|ns| (0..8).map(move |t| format!("ns{ns}.tool_{t}"))).collect()
        };
        // Ten namespaces: the first listed whole, the rest summarised.
        let names = registry(10);
        let index = tool_index(names.iter().map(String::as_str));
        assert!(index.len() <= TOOL_INDEX_BUDGET, "{} chars: {index}", index.len());
        assert!(index.starts_with(" ns0.tool_0,tool_1") && index.ends_with("; ns9.* (8)"), "{index}");
        // A hundred: summaries as far as they fit, then a count.
        let names = registry(100);
        let index = tool_index(names.iter().map(String::as_str));
        assert!(index.len() <= TOOL_INDEX_BUDGET, "{} chars: {index}", index.len());
        assert!(index.starts_with(" ns0.* (8); ns1.* (8)") && index.ends_with("more namespaces"), "{index}");
    }
}
