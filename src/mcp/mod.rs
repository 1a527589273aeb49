//! `toolsh mcp`: an MCP server over stdio offering exactly one tool, `shell`.
//!
//! One session per connection (variables, functions and cwd persist between calls); each call
//! runs one command line and answers with the result contract of [`crate::contract`], plus
//! the same facts as structured content ([`call`]). A call that runs and fails, and a call
//! whose arguments are wrong, are tool results with `isError` that the model reads; JSON-RPC
//! errors are only for requests that cannot be routed (an unknown tool). Calls of a session
//! run one at a time in the order they arrived ([`turns`]). Standard output is the protocol
//! channel: the shell's output is always captured, never written there. A line's cut output
//! is a resource of its session (`resources/read`). [`http`] serves the same tool to many
//! clients at once, one session each.

mod ask;
mod call;
pub mod http;
mod turns;

pub use ask::ElicitingApprover;
pub use call::{DEFAULT_TIMEOUT, MAX_TIMEOUT};

use crate::contract::{Caps, Rendered};
use crate::interp::{ExecOutcome, Shell};
use ask::{Asking, Channel, Question};
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, Implementation, InitializeResult, InputRequest,
    InputRequiredResult, ListResourcesResult, ListToolsResult, PaginatedRequestParams, ProgressNotificationParam,
    ProgressToken, ReadResourceRequestParams, ReadResourceResponse, ReadResourceResult, ResourceContents,
    ServerCapabilities, ServerConfig, Tool, ToolAnnotations,
};
use rmcp::service::{RequestContext, RoleServer};
use rmcp::{ErrorData as McpError, ServerHandler, ServiceExt};
use serde_json::{Value, json};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use tokio_util::sync::CancellationToken;

/// The server: one shell session and the description of its one tool.
pub struct ShellServer {
    shell: Arc<tokio::sync::Mutex<Shell>>,
    /// The session's workspace, for reading its spill files while a line runs.
    vfs: crate::vfs::Vfs,
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
    /// The order calls arrived in, per session.
    turns: turns::SessionTurns,
    /// Lines that asked the client something and wait for the call that answers
    /// (2026-07-28), by the request state given to the client.
    waiting: Mutex<HashMap<String, Line>>,
}

/// The running calls of each HTTP session, by session id: a token to cancel each, with the
/// number of the call that registered it.
pub(crate) type RunningCalls = Arc<Mutex<HashMap<String, Vec<(u64, CancellationToken)>>>>;

/// The key of the one session a stdio server has in [`RunningCalls`] and its turns.
const STDIO_SESSION: &str = "stdio";

/// Numbers calls for [`RunningCalls`], and request states.
static NEXT_CALL: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

/// Where a line's progress reports go: the client and token of the call that follows it now.
type ProgressSink = Arc<Mutex<Option<(rmcp::Peer<RoleServer>, ProgressToken)>>>;

/// A line running on its own task, followed by one call (or, between the rounds of a question
/// on 2026-07-28, by none).
struct Line {
    finished: tokio::sync::oneshot::Receiver<(ExecOutcome, Rendered)>,
    questions: tokio::sync::mpsc::UnboundedReceiver<Question>,
    /// Stops the line (the following call was cancelled, or the session ended).
    cancel: CancellationToken,
    progress: ProgressSink,
    /// The answer to the question the line waits on, while it waits.
    answer: Option<tokio::sync::oneshot::Sender<crate::tools::Elicited>>,
}

impl ShellServer {
    /// A server over `shell`.
    pub fn new(shell: Shell, caps: Caps) -> Self {
        let tool = shell_tool(&shell);
        ShellServer {
            vfs: shell.vfs().clone(),
            shell: Arc::new(tokio::sync::Mutex::new(shell)),
            tool,
            caps,
            approver: None,
            sessions_only: false,
            running: None,
            turns: turns::SessionTurns::default(),
            waiting: Mutex::default(),
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
/// schema, the structured result's schema, and annotations true to the session's policy.
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
    let mut tool = Tool::new("shell", description(shell), Arc::new(object)).with_annotations(annotations);
    tool.output_schema = Some(Arc::new(call::output_schema()));
    tool
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

impl ServerHandler for ShellServer {
    fn get_info(&self) -> ServerConfig {
        let capabilities = ServerCapabilities::builder().enable_tools().enable_resources().build();
        let mut info = InitializeResult::new(capabilities)
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
        // The answer to a question a line asked (2026-07-28): that line goes on.
        if let Some(state) = request.request_state.as_deref() {
            let line = self.waiting.lock().unwrap_or_else(|p| p.into_inner()).remove(state);
            let Some(mut line) = line else {
                let why = "this answer belongs to a call that is over (its time ran out, or it was answered); \
                           run the command again";
                return Ok(CallToolResponse::Complete(call::refused(why)));
            };
            let answer = request.input_responses.as_ref().and_then(|answers| answers.get(ANSWER)).cloned();
            let elicited = answer
                .and_then(|answer| serde_json::from_value::<rmcp::model::ElicitResult>(answer).ok())
                .map_or(crate::tools::Elicited::Unavailable, ask::elicited);
            if let Some(waiting) = line.answer.take() {
                let _ = waiting.send(elicited);
            }
            return Ok(self.follow(line, &context).await);
        }
        let session = session_of(&context);
        let turns = turns::of(&self.turns, &session);
        // The turn ends when the call takes the shell, or is given up, or fails below.
        let turn = Turn { turns: &turns, id: context.id.clone() };
        let shell = tokio::select! {
            shell = async {
                turns.wait(&context.id).await;
                self.shell.clone().lock_owned().await
            } => shell,
            () = context.ct.cancelled() => {
                return Ok(CallToolResponse::Complete(call::refused("the call was cancelled before it started")));
            }
        };
        drop(turn);
        let args = match call::args(request.arguments) {
            Ok(args) => args,
            Err(why) => return Ok(CallToolResponse::Complete(call::refused(&why))),
        };
        self.forget_abandoned();
        let line = self.start(shell, args, &session, &context);
        Ok(self.follow(line, &context).await)
    }

    async fn list_resources(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListResourcesResult, McpError> {
        // The session's spill files: the whole output of lines whose text was cut.
        let mut spills: Vec<(u64, String)> = self
            .vfs
            .read_dir("/tmp/.out")
            .unwrap_or_default()
            .into_iter()
            .filter_map(|entry| {
                let path = format!("/tmp/.out/{}", entry.name);
                let number = entry.name.strip_suffix(".log")?.parse().ok()?;
                call::spill_path(&call::spill_uri(&path)).is_some().then_some((number, path))
            })
            .collect();
        spills.sort();
        let resources = spills
            .into_iter()
            .map(|(_, path)| {
                let mut resource = rmcp::model::Resource::new(call::spill_uri(&path), path.clone());
                resource.mime_type = Some("text/plain".to_string());
                resource
            })
            .collect();
        Ok(ListResourcesResult::with_all_items(resources))
    }

    async fn read_resource(
        &self,
        request: ReadResourceRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<ReadResourceResponse, McpError> {
        let not_found = || {
            McpError::resource_not_found(
                format!("no such resource: {} (this session's resources are its cut outputs)", request.uri),
                None,
            )
        };
        let path = call::spill_path(&request.uri).ok_or_else(not_found)?;
        let bytes = self.vfs.read(path).map_err(|_| not_found())?;
        let text = String::from_utf8_lossy(&bytes).into_owned();
        let contents = ResourceContents::text(text, request.uri.clone()).with_mime_type("text/plain");
        Ok(ReadResourceResponse::Complete(ReadResourceResult::new(vec![contents])))
    }
}

/// The key under which a line's question is put to the client, and its answer comes back.
const ANSWER: &str = "answer";

/// The session a request belongs to: over HTTP its id, over stdio the one session.
fn session_of(context: &RequestContext<RoleServer>) -> String {
    context
        .extensions
        .get::<hyper::http::request::Parts>()
        .and_then(|parts| parts.headers.get("mcp-session-id")?.to_str().ok())
        .unwrap_or(STDIO_SESSION)
        .to_string()
}

/// A call's place in its session's queue, left when it is dropped.
struct Turn<'a> {
    turns: &'a turns::Turns,
    id: rmcp::model::RequestId,
}

impl Drop for Turn<'_> {
    fn drop(&mut self) {
        self.turns.done(&self.id);
    }
}

impl ShellServer {
    /// Starts the call's line on a task of its own that holds the session's shell until the
    /// line ends, whether or not a call is following it.
    fn start(
        &self,
        mut shell: tokio::sync::OwnedMutexGuard<Shell>,
        args: call::Args,
        session: &str,
        context: &RequestContext<RoleServer>,
    ) -> Line {
        let cancel = CancellationToken::new();
        let (questions_to, questions) = tokio::sync::mpsc::unbounded_channel();
        if let Some(approver) = &self.approver {
            // How this call's questions reach the client: a request of their own, or the
            // call's own result on a revision without a handshake. A question waits no
            // longer than the call may run.
            let takes_questions = context.client_capabilities().is_some_and(|c| c.elicitation.is_some());
            let rounds = context.protocol_version().is_some_and(|v| !v.has_initialize());
            let to = if rounds { Channel::Rounds(questions_to) } else { Channel::Request(context.peer.clone()) };
            let deadline = tokio::time::Instant::now() + args.timeout;
            approver.prepare(takes_questions.then(|| Asking { to, deadline, cancel: cancel.clone() }));
        }
        // The line is listed under its session, so that ending the session stops it.
        let listed = self.running.as_ref().map(|running| {
            let number = NEXT_CALL.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            let mut map = running.lock().unwrap_or_else(|p| p.into_inner());
            map.entry(session.to_string()).or_default().push((number, cancel.clone()));
            (running.clone(), session.to_string(), number)
        });
        let progress = ProgressSink::default();
        let mut options =
            crate::ExecOptions { timeout: Some(args.timeout), cancel: Some(cancel.clone()), ..Default::default() };
        let reports = progress.clone();
        options.progress = Some(Box::new(move |p: crate::Progress| {
            // A notification every second while the line runs, to whichever call follows it
            // and asked for progress.
            let Some((peer, token)) = reports.lock().unwrap_or_else(|p| p.into_inner()).clone() else { return };
            let mut note = ProgressNotificationParam::new(token, p.elapsed.as_secs_f64());
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
            tokio::spawn(async move {
                let _ = peer.notify_progress(note).await;
            });
        }));
        let (done, finished) = tokio::sync::oneshot::channel();
        let caps = self.caps;
        tokio::spawn(async move {
            let result = shell.exec_for_model_with(&args.command, caps, options).await;
            drop(shell);
            if let Some((running, session, number)) = listed {
                let mut map = running.lock().unwrap_or_else(|p| p.into_inner());
                if let Some(calls) = map.get_mut(&session) {
                    calls.retain(|(n, _)| *n != number);
                    if calls.is_empty() {
                        map.remove(&session);
                    }
                }
            }
            let _ = done.send(result);
        });
        Line { finished, questions, cancel, progress, answer: None }
    }

    /// Follows `line` for the call `context`: its result when it ends; a question for the
    /// client as this call's result (2026-07-28), the line kept until the answer comes; or,
    /// when the call is cancelled, the line stopped and what it did so far.
    async fn follow(&self, mut line: Line, context: &RequestContext<RoleServer>) -> CallToolResponse {
        *line.progress.lock().unwrap_or_else(|p| p.into_inner()) =
            context.meta.get_progress_token().map(|token| (context.peer.clone(), token));
        let asked = tokio::select! {
            finished = &mut line.finished => return Self::ended(finished),
            Some(question) = line.questions.recv() => question,
            () = context.ct.cancelled() => {
                line.cancel.cancel();
                return Self::ended((&mut line.finished).await);
            }
        };
        *line.progress.lock().unwrap_or_else(|p| p.into_inner()) = None;
        let params = rmcp::model::ElicitRequestParams::FormElicitationParams {
            meta: None,
            message: asked.message,
            requested_schema: asked.schema,
        };
        line.answer = Some(asked.answer);
        let state = format!("line-{}", NEXT_CALL.fetch_add(1, std::sync::atomic::Ordering::Relaxed));
        self.waiting.lock().unwrap_or_else(|p| p.into_inner()).insert(state.clone(), line);
        let mut requests = rmcp::model::InputRequests::new();
        requests.insert(ANSWER.to_string(), InputRequest::Elicitation(rmcp::model::ElicitRequest::new(params)));
        let mut result = InputRequiredResult::from_request_state(state);
        result.input_requests = Some(requests);
        CallToolResponse::InputRequired(result)
    }

    /// The result of a line that ended (or whose task is gone, which only a panic could do).
    fn ended(finished: Result<(ExecOutcome, Rendered), tokio::sync::oneshot::error::RecvError>) -> CallToolResponse {
        CallToolResponse::Complete(match finished {
            Ok((outcome, rendered)) => call::finished(&outcome, rendered),
            Err(_) => CallToolResult::error(vec![rmcp::model::ContentBlock::text(
                "toolsh: the line stopped without a result\n[exit 1]",
            )]),
        })
    }

    /// Lines whose question nobody answered in time went on without the answer (a denial):
    /// their places in the waiting list go.
    fn forget_abandoned(&self) {
        let mut waiting = self.waiting.lock().unwrap_or_else(|p| p.into_inner());
        waiting.retain(|_, line| line.answer.as_ref().is_some_and(|answer| !answer.is_closed()));
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
    // Calls are queued as they are read, so they take the shell in that order.
    let transport = rmcp::transport::IntoTransport::<RoleServer, std::io::Error, _>::into_transport((stdin, stdout));
    let transport = turns::Arrivals::new(transport, turns::of(&server.turns, STDIO_SESSION));
    let running = server.serve(transport).await.map_err(|e| format!("mcp: {e}"))?;
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
