//! `toolsh mcp`: an MCP server over stdio offering one tool, `shell` (or the tools of a harness's
//! shape: `shape.rs`).
//!
//! One session per connection (variables, functions and cwd persist between calls); each call
//! runs one command line and answers with the result contract of [`crate::contract`], plus
//! the same facts as structured content (`call.rs`). A call that runs and fails, and a call
//! whose arguments are wrong, are tool results with `isError` that the model reads; JSON-RPC
//! errors are only for requests that cannot be routed (an unknown tool). Calls of a session
//! run one at a time in the order they arrived (`turns.rs`). Standard output is the protocol
//! channel: the shell's output is always captured, never written there. A line's cut output
//! is a resource of its session (`resources/read`). [`http`] serves the same tool to many
//! clients at once, one session each.

mod ask;
mod call;
pub mod http;
mod listen;
pub mod shape;
mod turns;

pub use ask::ElicitingApprover;

/// The one path the HTTP server answers on ([`http`]).
pub const PATH: &str = "/mcp";

/// How long a client waits before reconnecting a stream that ended before its end (the SSE
/// `retry` of each stream's priming event; the library's default, said here so that the
/// streams the server holds itself say the same).
const RETRY: std::time::Duration = std::time::Duration::from_secs(3);

pub use call::{DEFAULT_TIMEOUT, MAX_TIMEOUT, MEDIA_BYTES};

use crate::contract::Caps;
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
use shape::{Answer, Plan, Ran, Shape};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio_util::sync::CancellationToken;

/// The server: one shell session and the description of its one tool.
pub struct ShellServer {
    shell: Arc<tokio::sync::Mutex<Shell>>,
    /// The session as it began, never run: what a restart starts again from (kept only for a
    /// shape that can restart; over HTTP, the server's template, shared by its sessions).
    pristine: Option<Arc<Mutex<Shell>>>,
    /// The session's workspace, for reading its spill files and jobs' output while a line
    /// runs (a restart brings a new one).
    vfs: std::sync::RwLock<crate::vfs::Vfs>,
    /// The harness's tool shape, and its tools as listed (over HTTP, one list shared by every
    /// session: the same description for all, about 10 KiB each made once).
    shape: Shape,
    tools: Arc<[Tool]>,
    /// Background shells started by `run_in_background`, by id, and the next id's number.
    background: Arc<Mutex<(u64, HashMap<String, Background>)>>,
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
    waiting: Arc<Mutex<HashMap<String, Line>>>,
    /// The name this server's session is kept under in the store (`--session NAME`).
    keep_as: Option<String>,
    /// Over HTTP with a store: the session is kept under its id (`mcp:ID`) after every call,
    /// and a call finds it as last saved by whichever server process saved it.
    kept_by_id: bool,
    /// The generation of the kept session this process's shell holds (what it last saved or
    /// restored); `None` before the first call.
    held_generation: Arc<Mutex<Option<i64>>>,
    /// A digest of the snapshot this session last saved, and when: a call that changed nothing
    /// saves nothing (at least once an hour all the same, so a session in use is never taken
    /// for a stale one).
    saved: Arc<Mutex<Saved>>,
    /// One store operation of a call at a time, for every session of the server: the store's
    /// connection is one, so calls queue here, on the runtime, instead of each blocking a
    /// worker thread on its lock (two workers blocked stop every session).
    store_turn: Arc<tokio::sync::Semaphore>,
}

/// What an HTTP session holds of its own apart from the MCP library's service that serves it:
/// enough to serve it again with a new service ([`ShellServer::resumed`]) after that one was
/// closed while the session sat idle (`http.rs`). The shell is held weakly: while the service
/// runs it is the service's.
#[derive(Clone)]
pub(crate) struct SessionParts {
    shell: std::sync::Weak<tokio::sync::Mutex<Shell>>,
    approver: Option<Arc<ElicitingApprover>>,
    background: Arc<Mutex<(u64, HashMap<String, Background>)>>,
    waiting: Arc<Mutex<HashMap<String, Line>>>,
    held_generation: Arc<Mutex<Option<i64>>>,
    saved: Arc<Mutex<Saved>>,
}

impl SessionParts {
    /// The session's shell, while something holds it.
    pub(crate) fn shell(&self) -> Option<Arc<tokio::sync::Mutex<Shell>>> {
        self.shell.upgrade()
    }

    /// Whether nothing of the session is under way but what its shell says: no line waits
    /// for an answer from the client.
    pub(crate) fn settled(&self) -> bool {
        self.waiting.lock().unwrap_or_else(|p| p.into_inner()).is_empty()
    }
}

/// What a session last saved: its snapshot's digest and when.
#[derive(Default)]
struct Saved {
    digest: Option<u64>,
    at: Option<std::time::Instant>,
}

/// How long an unchanged session goes without being saved again.
const SAVE_UNCHANGED_EVERY: Duration = Duration::from_secs(3600);

/// The running calls of each HTTP session, by session id: a token to cancel each, with the
/// number of the call that registered it.
pub(crate) type RunningCalls = Arc<Mutex<HashMap<String, Vec<(u64, CancellationToken)>>>>;

/// The key of the one session a stdio server has in [`RunningCalls`] and its turns.
const STDIO_SESSION: &str = "stdio";

/// Numbers calls for [`RunningCalls`], and request states.
static NEXT_CALL: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

/// Where a line's progress reports go: the client and token of the call that follows it now.
type ProgressSink = Arc<Mutex<Option<(rmcp::Peer<RoleServer>, ProgressToken)>>>;

/// A call's lines running on their own task, followed by one call (or, between the rounds of
/// a question on 2026-07-28, by none).
struct Line {
    finished: tokio::sync::oneshot::Receiver<Vec<Ran>>,
    /// How their outcomes are laid out for the model.
    layout: Answer,
    questions: tokio::sync::mpsc::UnboundedReceiver<Question>,
    /// Stops the lines (the following call was cancelled, or the session ended).
    cancel: CancellationToken,
    progress: ProgressSink,
    /// The answer to the question the line waits on, while it waits.
    reply: Option<tokio::sync::oneshot::Sender<crate::tools::Elicited>>,
}

/// A background shell: how much of its output was read.
#[derive(Default)]
struct Background {
    read_out: usize,
    read_err: usize,
    killed: bool,
}

/// Where background shell `id` keeps its output, status and process id.
fn job_file(id: &str, what: &str) -> String {
    format!("/tmp/.jobs/{id}.{what}")
}

/// Job `id`'s exit status, once it ended.
fn job_status(workspace: &crate::vfs::Vfs, id: &str) -> Option<String> {
    // `echo $? > exit` makes the file before it writes the status: an empty file is a job still
    // ending, not one that ended with no code (read as a failure, it told the model so).
    workspace
        .read(&job_file(id, "exit"))
        .ok()
        .map(|b| toolsh_bytes::lossy(&b).trim().to_string())
        .filter(|code| !code.is_empty())
}

/// What the file at `path` holds past `from` (escapes stripped), `from` moved to its end.
fn unread(workspace: &crate::vfs::Vfs, path: &str, from: &mut usize) -> String {
    let bytes = workspace.read(path).unwrap_or_default();
    let new = bytes.get(*from..).unwrap_or_default();
    *from = bytes.len();
    crate::contract::strip_ansi(&toolsh_bytes::lossy(new))
}

impl ShellServer {
    /// A server over `shell`.
    pub fn new(mut shell: Shell, caps: Caps) -> Self {
        // A line that outruns its call goes on as a job: the model collects it in a later call.
        shell.set_on_deadline(crate::interp::OnDeadline::Background);
        let tools = Arc::from(vec![shell_tool(&shell)]);
        Self::with_tools(shell, caps, tools)
    }

    /// A server over `shell` listing `tools` (made by [`shape_tools`] for a shell like this one).
    fn with_tools(shell: Shell, caps: Caps, tools: Arc<[Tool]>) -> Self {
        ShellServer {
            vfs: std::sync::RwLock::new(shell.vfs().clone()),
            pristine: None,
            shell: Arc::new(tokio::sync::Mutex::new(shell)),
            shape: Shape::Shell,
            tools,
            background: Arc::default(),
            caps,
            approver: None,
            sessions_only: false,
            running: None,
            turns: turns::SessionTurns::default(),
            waiting: Arc::default(),
            keep_as: None,
            kept_by_id: false,
            held_generation: Arc::default(),
            saved: Arc::default(),
            store_turn: Arc::new(tokio::sync::Semaphore::new(1)),
        }
    }

    /// One HTTP session of a server: `shape`'s `tools` and the `pristine` session (for a
    /// shape that restarts) shared with the server's other sessions, as is `store_turn`.
    fn session(
        mut shell: Shell,
        caps: Caps,
        shape: Shape,
        tools: Arc<[Tool]>,
        pristine: Arc<Mutex<Shell>>,
        store_turn: Arc<tokio::sync::Semaphore>,
    ) -> Self {
        shell.set_on_deadline(on_deadline_of(shape));
        let mut server = Self::with_tools(shell, caps, tools);
        server.shape = shape;
        server.pristine = shape.restarts().then_some(pristine);
        server.store_turn = store_turn;
        server
    }

    /// An HTTP session served again by a new service after its last one was closed while it
    /// sat idle: its own `shell` (the one `parts` names) and the rest of `parts`, as they were.
    #[allow(clippy::too_many_arguments)]
    fn resumed(
        shell: Arc<tokio::sync::Mutex<Shell>>,
        parts: SessionParts,
        caps: Caps,
        shape: Shape,
        tools: Arc<[Tool]>,
        pristine: Arc<Mutex<Shell>>,
        store_turn: Arc<tokio::sync::Semaphore>,
    ) -> Self {
        // No call runs in a resting session: the lock is free.
        let vfs = shell.try_lock().map(|shell| shell.vfs().clone()).ok();
        ShellServer {
            vfs: std::sync::RwLock::new(vfs.unwrap_or_default()),
            pristine: shape.restarts().then_some(pristine),
            shell,
            shape,
            tools,
            background: parts.background,
            caps,
            approver: parts.approver,
            sessions_only: false,
            running: None,
            turns: turns::SessionTurns::default(),
            waiting: parts.waiting,
            keep_as: None,
            kept_by_id: false,
            held_generation: parts.held_generation,
            saved: parts.saved,
            store_turn,
        }
    }

    /// What this session holds of its own (see [`SessionParts`]).
    pub(crate) fn parts(&self) -> SessionParts {
        SessionParts {
            shell: Arc::downgrade(&self.shell),
            approver: self.approver.clone(),
            background: self.background.clone(),
            waiting: self.waiting.clone(),
            held_generation: self.held_generation.clone(),
            saved: self.saved.clone(),
        }
    }

    /// Sends the shell's `ask` decisions to this server's client; `approver` must be the one
    /// the shell was built with.
    pub fn with_approver(mut self, approver: Arc<ElicitingApprover>) -> Self {
        self.approver = Some(approver);
        self
    }

    /// Serves the tools of `shape` instead of `shell` alone.
    pub fn with_shape(mut self, shape: Shape) -> Self {
        // Nobody else holds the shell yet.
        if let Ok(mut shell) = self.shell.try_lock() {
            shell.set_on_deadline(on_deadline_of(shape));
            self.tools = shape_tools(&shell, shape).into();
            if shape.restarts() {
                self.pristine = Some(Arc::new(Mutex::new(shell.new_session(None))));
            }
        }
        self.shape = shape;
        self
    }
}

/// What a line past its call's time does under `shape`: the harnesses the shapes stand in for
/// stop it; the `shell` tool lets it go on as a job.
fn on_deadline_of(shape: Shape) -> crate::interp::OnDeadline {
    match shape {
        Shape::Shell => crate::interp::OnDeadline::Background,
        _ => crate::interp::OnDeadline::Stop,
    }
}

/// The tools of `shape` for `shell`: its description and annotations on each.
pub fn shape_tools(shell: &Shell, shape: Shape) -> Vec<Tool> {
    let guide = if shape.processes() {
        described(
            shell,
            "each command is a process of its own: its cd and variables end with it; files and /tmp stay.",
            false,
        )
    } else {
        described(shell, PERSISTS, shape == Shape::Shell)
    };
    shape.tools(&guide, annotations(shell))
}

/// The `shell` tool definition: the guide and command index as description, the input
/// schema, the structured result's schema, and annotations true to the session's policy.
pub fn shell_tool(shell: &Shell) -> Tool {
    shape::shell_definition(description(shell), annotations(shell))
}

/// Annotations true to the session's policy: read-only under the `readonly` profile, open to
/// the world when the policy lets the network in.
fn annotations(shell: &Shell) -> ToolAnnotations {
    let read_only = shell.policy_profile() == crate::policy::Profile::Readonly;
    ToolAnnotations::with_title("shell")
        .read_only(read_only)
        .destructive(!read_only)
        .idempotent(false)
        .open_world(shell.policy_allows_network())
}

/// The tool's description: a short guide, then a compact index of the commands and tools the
/// policy lets run (nothing it certainly denies or switched off is named).
pub fn description(shell: &Shell) -> String {
    described(shell, PERSISTS, true)
}

/// What a session of the shapes that keep one keeps between calls.
const PERSISTS: &str = "state and /tmp persist, `exit` ends only the call.";

/// [`description`], saying what persists between calls as `persists` does, and (`promotes`)
/// that a line past the call's `timeout_ms` goes on as a job. Every claim is read off the
/// session: the host programs and the commands and tools listed are those the policy lets run
/// (tests/it/description.rs holds it to `help` and `config tools` under several policies).
fn described(shell: &Shell, persists: &str, promotes: bool) -> String {
    let visible = shell.tools().visible();
    // By the command that runs each: its own name, or `host.NAME` when a built-in has that.
    let hosts: Vec<&str> = visible
        .iter()
        .map(|tool| tool.spec())
        .filter(|spec| spec.name.starts_with("host.") && !shell.certainly_denied(&spec.name))
        .map(|spec| spec.aliases.first().map_or(spec.name.as_str(), String::as_str))
        .collect();
    let hosts = match hosts.is_empty() {
        true => "no host programs (python, node, git…)".to_string(),
        false => format!("host programs (real, confined): {}", hosts.join(" ")),
    };
    // Only where a line past its time goes on as a job is there a 148 to explain.
    let job = match promotes {
        true => ", 148 past timeout_ms, still running as job %N (`wait %N`, `kill %N`)",
        false => "",
    };
    let mut out = format!(
        "Bash in a sandboxed workspace (cwd {}); {hosts}. Pipes, redirects, functions, loops, heredocs, \
$(...); {persists} `help NAME`: any command's or tool's usage; `help [NS]`, `config tools QUERY` list \
them; tools are commands (`fs.read --path f`, `ns.tool '{{json}}'`). Output: stdout, `[stderr]` + \
stderr, a mark where cut naming a file with all of it, `[exit N]`. Exit 1/2 failed (2 usage), 124 \
timeout, 125 unavailable, 126 denied by policy (nothing ran), 127 unknown, 130 cancelled{job}. \
who/ping/msg: other agents, not the network.\nCommands besides bash builtins:",
        shell.cwd()
    );
    // Every model knows bash's own builtins and the Unix basics (`mkdir`, `uname`): only the
    // other commands are named, and only those with something to do under the policy (not
    // `curl` when the network is denied).
    let listed = crate::builtins::all()
        .iter()
        .filter(|b| matches!(b.run, crate::builtins::Run::Command(_)) && b.spec.variant_of.is_none() && !b.spec.assumed)
        .filter(|b| b.spec.tools.is_empty() || !b.spec.tools.iter().all(|tool| shell.certainly_denied(tool)))
        .map(|b| b.name)
        // Names with punctuation (`[`, `.`, `:`) are bash's; `apply_patch` is not.
        .filter(|n| {
            n.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') && !crate::builtins::BASH_BUILTINS.contains(n)
        });
    for name in listed {
        out.push(' ');
        out.push_str(name);
    }
    out.push_str("\nTools:");
    // Host programs are named above, as the commands they are.
    let allowed = visible
        .iter()
        .map(|tool| tool.spec().name.as_str())
        .filter(|name| !name.starts_with("host.") && !shell.certainly_denied(name));
    out.push_str(&tool_index(allowed));
    out
}

/// Characters the tool index may take in the description (about 85 tokens): past it, a
/// namespace is summarised as `ns.* (N)` (`help ns` lists it), and namespaces that do not fit
/// even so are counted at the end, so the description stays within its token budget however
/// many tools an embedder or peer server registers.
const TOOL_INDEX_BUDGET: usize = 340;

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
        Ok(ListToolsResult::with_all_items(self.tools.to_vec()))
    }

    fn get_tool(&self, name: &str) -> Option<Tool> {
        self.tools.iter().find(|tool| tool.name == name).cloned()
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, McpError> {
        if !self.tools.iter().any(|tool| tool.name == request.name) {
            let names: Vec<&str> = self.tools.iter().map(|tool| tool.name.as_ref()).collect();
            return Err(McpError::invalid_params(
                format!("unknown tool '{}': the tools are {}", request.name, names.join(", ")),
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
            if let Some(waiting) = line.reply.take() {
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
        let mut shell = shell;
        // A session another process saved since this one held it (a restarted server, or a
        // balancer that sent its last call elsewhere): its shell as last saved. The store is
        // read off the runtime's workers, one call at a time.
        if self.kept_by_id {
            let name = kept_name(&session);
            let (held, saved) = (self.held_generation.clone(), self.saved.clone());
            let _turn = self.store_turn.clone().acquire_owned().await.ok();
            let caught = tokio::task::spawn_blocking(move || {
                let caught = catch_up(&mut shell, &name, &held, &saved);
                (shell, caught)
            })
            .await;
            shell = match caught {
                Ok((shell, Ok(()))) => shell,
                Ok((_, Err(why))) => return Ok(CallToolResponse::Complete(call::refused(&why))),
                Err(_) => return Ok(CallToolResponse::Complete(call::refused("the session could not be read"))),
            };
        }
        let next = self.background.lock().unwrap_or_else(|p| p.into_inner()).0 + 1;
        let plan = match self.shape.plan(&request.name, request.arguments, next) {
            Ok(Some(plan)) => plan,
            Ok(None) => return Ok(CallToolResponse::Complete(call::refused("this tool takes no calls"))),
            Err(why) => return Ok(CallToolResponse::Complete(call::refused(&why))),
        };
        self.forget_abandoned();
        // What a model is given of output: the session's result caps as they are now.
        let caps = Caps::of(shell.state().limits(), self.caps.media);
        let result = match plan {
            Plan::Run { runs, restart, answer } => {
                if restart && let Some(pristine) = &self.pristine {
                    // A fresh session: what the session began as, with its approver.
                    let approver = self.approver.clone().map(|a| a as Arc<dyn crate::tools::Approver>);
                    *shell = pristine.lock().unwrap_or_else(|p| p.into_inner()).new_session(approver);
                    shell.set_on_deadline(on_deadline_of(self.shape));
                    *self.vfs.write().unwrap_or_else(|p| p.into_inner()) = shell.vfs().clone();
                    self.background.lock().unwrap_or_else(|p| p.into_inner()).1.clear();
                }
                let line = self.start(shell, runs, answer, &session, &context);
                return Ok(self.follow(line, &context).await);
            }
            Plan::Background { id, line } => self.run_in_background(&mut shell, id, &line).await,
            Plan::Output { id, filter } => self.background_output(&id, filter.as_deref(), caps),
            Plan::Exec { session, line, workdir, wait, tokens } => {
                let id = format!("exec_{session}");
                let line = match workdir {
                    Some(dir) => format!("cd -- {} && {{\n{line}\n}}", shape::quote(&dir)),
                    None => line,
                };
                match self.start_job(&mut shell, &id, &line, true).await {
                    Ok(()) => self.job_so_far(&id, session, wait, tokens, caps).await,
                    Err(refused) => refused,
                }
            }
            Plan::Poll { session, wait, tokens } => {
                self.job_so_far(&format!("exec_{session}"), session, wait, tokens, caps).await
            }
            Plan::Kill { id } => self.kill_background(&mut shell, &id).await,
            Plan::Spawn { line } => self.spawn_job(&mut shell, &line, caps).await,
            Plan::Stop { job } => self.stop_job(&mut shell, &job, caps).await,
        };
        Ok(CallToolResponse::Complete(result))
    }

    async fn list_resources(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListResourcesResult, McpError> {
        // The session's spill files: the whole output of lines whose text was cut.
        let mut spills: Vec<(u64, String)> = self
            .workspace()
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
        let bytes = self.workspace().read(path).map_err(|_| not_found())?;
        let text = toolsh_bytes::lossy(&bytes).into_owned();
        let contents = ResourceContents::text(text, request.uri.clone()).with_mime_type("text/plain");
        Ok(ReadResourceResponse::Complete(ReadResourceResult::new(vec![contents])))
    }
}

/// The key under which a line's question is put to the client, and its answer comes back.
const ANSWER: &str = "answer";

/// The name an HTTP session's shell is kept under in the store.
pub fn kept_name(session: &str) -> String {
    format!("{}{session}", crate::interp::sessions::SERVER_PREFIX)
}

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

/// Brings `shell` to the kept session `name` when another process saved it since this one
/// last held it (`held`): one look at the session's generation per call, a restore only when
/// it moved (and at the first call of a session this process did not start).
fn catch_up(
    shell: &mut crate::Shell,
    name: &str,
    held: &Mutex<Option<i64>>,
    saved: &Mutex<Saved>,
) -> Result<(), String> {
    let stored = shell.session_generation(name)?;
    let mut held = held.lock().unwrap_or_else(|p| p.into_inner());
    if stored.is_some() && stored != *held {
        shell.restore_session(name)?;
        *held = stored;
        // What this shell now holds was saved elsewhere: the next call saves it.
        *saved.lock().unwrap_or_else(|p| p.into_inner()) = Saved::default();
    }
    Ok(())
}

/// Saves `shell` as `name` unless it is the snapshot `saved` says was saved last (and that
/// was within [`SAVE_UNCHANGED_EVERY`]); the generation when it was saved.
fn save_if_changed(shell: &Shell, name: &str, saved: &Mutex<Saved>) -> crate::Result<Option<i64>> {
    let mut saved = saved.lock().unwrap_or_else(|p| p.into_inner());
    let fresh = saved.at.is_some_and(|at| at.elapsed() < SAVE_UNCHANGED_EVERY);
    let mut digest = if fresh { saved.digest } else { None };
    let generation = shell.save_session_unless(name, &mut digest)?;
    if generation.is_some() {
        saved.at = Some(std::time::Instant::now());
    }
    saved.digest = digest;
    Ok(generation)
}

impl ShellServer {
    /// The session's workspace as it is now.
    fn workspace(&self) -> crate::vfs::Vfs {
        self.vfs.read().unwrap_or_else(|p| p.into_inner()).clone()
    }

    /// Starts the call's lines, one after the other, on a task of its own that holds the
    /// session's shell until they end, whether or not a call is following them.
    fn start(
        &self,
        mut shell: tokio::sync::OwnedMutexGuard<Shell>,
        runs: Vec<shape::Run>,
        layout: Answer,
        session: &str,
        context: &RequestContext<RoleServer>,
    ) -> Line {
        let cancel = CancellationToken::new();
        // The call's lines together take no longer than one call may; a question no longer.
        let deadline = tokio::time::Instant::now() + total(&runs);
        let (questions_to, questions) = tokio::sync::mpsc::unbounded_channel();
        if let Some(approver) = &self.approver {
            // How this call's questions reach the client: a request of their own, or the
            // call's own result on a revision without a handshake. A question waits no
            // longer than the call may run.
            let takes_questions = context.client_capabilities().is_some_and(|c| c.elicitation.is_some());
            let rounds = context.protocol_version().is_some_and(|v| !v.has_initialize());
            let to = if rounds { Channel::Rounds(questions_to) } else { Channel::Request(context.peer.clone()) };
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
        let reports = progress.clone();
        let report = move |p: crate::Progress| {
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
        };
        let (done, finished) = tokio::sync::oneshot::channel();
        let media = self.caps.media;
        let keep_as = self.keep_as.clone().or_else(|| self.kept_by_id.then(|| kept_name(session)));
        let held_generation = self.held_generation.clone();
        let (saved, store_turn) = (self.saved.clone(), self.store_turn.clone());
        let stop = cancel.clone();
        tokio::spawn(async move {
            let mut ran = Vec::new();
            for run in runs {
                let left = deadline.saturating_duration_since(tokio::time::Instant::now());
                if stop.is_cancelled() || left.is_zero() {
                    break;
                }
                // A working directory given with the call is the call's only.
                let back = run.workdir.as_ref().map(|_| shell.cwd().to_string());
                // The caps are the session's limits as they are now (`config set result-chars`).
                let caps = Caps::of(shell.state().limits(), media);
                if let Some(dir) = &run.workdir
                    && let Err(why) = shell.set_cwd(dir)
                {
                    ran.push(refused_run(&why.to_string(), caps));
                    continue;
                }
                let report = report.clone();
                let options = crate::ExecOptions {
                    timeout: Some(run.timeout.min(left)),
                    cancel: Some(stop.clone()),
                    progress: Some(Box::new(report)),
                    on_deadline: run.on_timeout,
                    ..Default::default()
                };
                let (outcome, rendered) = shell.exec_for_model_with(&run.line, caps, options).await;
                if let Some(back) = back {
                    let _ = shell.set_cwd(&back);
                }
                ran.push(Ran { outcome, rendered, streams: None });
            }
            // OpenAI's shell gives each stream on its own: cut to fit together, each cut
            // marked with where the whole output is.
            if let Answer::PerCommand { max_output_length } = layout {
                let caps = Caps::of(shell.state().limits(), media);
                shape::fit_streams(&mut ran, max_output_length, caps, &mut |text| shell.keep_output(text));
            }
            // A session kept in the store is saved after every call that changed it (a failure
            // is said in the call's result, not lost), off the runtime's workers, one at a time.
            if let Some(name) = keep_as {
                let _turn = store_turn.acquire_owned().await.ok();
                let saving = tokio::task::spawn_blocking(move || {
                    let result = save_if_changed(&shell, &name, &saved);
                    drop(shell);
                    result
                });
                let failure = match saving.await {
                    Ok(Ok(Some(generation))) => {
                        *held_generation.lock().unwrap_or_else(|p| p.into_inner()) = Some(generation);
                        None
                    }
                    Ok(Ok(None)) => None,
                    Ok(Err(why)) => Some(why.to_string()),
                    Err(_) => Some("the session was not saved".to_string()),
                };
                if let (Some(why), Some(last)) = (failure, ran.last_mut()) {
                    last.rendered.text = format!("toolsh: {why}\n{}", last.rendered.text);
                }
            } else {
                drop(shell);
            }
            if let Some((running, session, number)) = listed {
                let mut map = running.lock().unwrap_or_else(|p| p.into_inner());
                if let Some(calls) = map.get_mut(&session) {
                    calls.retain(|(n, _)| *n != number);
                    if calls.is_empty() {
                        map.remove(&session);
                    }
                }
            }
            let _ = done.send(ran);
        });
        Line { finished, layout, questions, cancel, progress, reply: None }
    }

    /// Follows `line` for the call `context`: its result when it ends; a question for the
    /// client as this call's result (2026-07-28), the line kept until the answer comes; or,
    /// when the call is cancelled, the line stopped and what it did so far.
    async fn follow(&self, mut line: Line, context: &RequestContext<RoleServer>) -> CallToolResponse {
        *line.progress.lock().unwrap_or_else(|p| p.into_inner()) =
            context.meta.get_progress_token().map(|token| (context.peer.clone(), token));
        let asked = tokio::select! {
            finished = &mut line.finished => return Self::ended(line.layout, finished),
            Some(question) = line.questions.recv() => question,
            () = context.ct.cancelled() => {
                line.cancel.cancel();
                return Self::ended(line.layout, (&mut line.finished).await);
            }
        };
        *line.progress.lock().unwrap_or_else(|p| p.into_inner()) = None;
        let params = rmcp::model::ElicitRequestParams::FormElicitationParams {
            meta: None,
            message: asked.message,
            requested_schema: asked.schema,
        };
        line.reply = Some(asked.answer);
        let state = format!("line-{}", NEXT_CALL.fetch_add(1, std::sync::atomic::Ordering::Relaxed));
        self.waiting.lock().unwrap_or_else(|p| p.into_inner()).insert(state.clone(), line);
        let mut requests = rmcp::model::InputRequests::new();
        requests.insert(ANSWER.to_string(), InputRequest::Elicitation(rmcp::model::ElicitRequest::new(params)));
        let mut result = InputRequiredResult::from_request_state(state);
        result.input_requests = Some(requests);
        CallToolResponse::InputRequired(result)
    }

    /// The result of lines that ended (or whose task is gone, which only a panic could do).
    fn ended(layout: Answer, finished: Result<Vec<Ran>, tokio::sync::oneshot::error::RecvError>) -> CallToolResponse {
        CallToolResponse::Complete(match finished {
            Ok(ran) => shape::answered(layout, ran),
            Err(_) => CallToolResult::error(vec![rmcp::model::ContentBlock::text(
                "toolsh: the line stopped without a result\n[exit 1]",
            )]),
        })
    }

    /// Lines whose question nobody answered in time went on without the answer (a denial):
    /// their places in the waiting list go.
    fn forget_abandoned(&self) {
        let mut waiting = self.waiting.lock().unwrap_or_else(|p| p.into_inner());
        waiting.retain(|_, line| line.reply.as_ref().is_some_and(|answer| !answer.is_closed()));
    }

    /// Starts `line` as background shell `id`: its output, its status when it ends and its
    /// process id go to `/tmp/.jobs/`, where `BashOutput` and `KillShell` find them.
    async fn run_in_background(&self, shell: &mut Shell, id: String, line: &str) -> CallToolResult {
        if let Err(refused) = self.start_job(shell, &id, line, false).await {
            return refused;
        }
        CallToolResult::success(vec![rmcp::model::ContentBlock::text(format!(
            "Command running in background with ID: {id}"
        ))])
    }

    /// Starts `line` as a job of the session (`line &`), answering with its ID `%N` and its
    /// output file `/tmp/.jobs/N.log` (Claude Code 2.1's `run_in_background`); a line that
    /// does not start (the policy refused it) is the error, as a result.
    async fn spawn_job(&self, shell: &mut Shell, line: &str, caps: Caps) -> CallToolResult {
        // A job asks nobody: no call follows it to carry a question.
        if let Some(approver) = &self.approver {
            approver.prepare(None);
        }
        let before = shell.last_job();
        let options = crate::ExecOptions { timeout: Some(DEFAULT_TIMEOUT), ..Default::default() };
        let started = shell.exec_with(&format!("{{ {line}\n}} &"), options).await;
        match shell.last_job() {
            Some(job) if started.status == 0 && shell.last_job() != before => {
                CallToolResult::success(vec![rmcp::model::ContentBlock::text(shape::backgrounded(job, None))])
            }
            _ => {
                let rendered =
                    crate::contract::render(&started.stdout, &started.stderr, started.status, caps, |_| None);
                call::finished(&started, rendered)
            }
        }
    }

    /// Stops the session's job `%job` (Claude Code 2.1's `TaskStop`), answering as Claude Code
    /// does: a JSON object with a message, or the reason it could not.
    async fn stop_job(&self, shell: &mut Shell, job: &str, caps: Caps) -> CallToolResult {
        let options = || crate::ExecOptions { timeout: Some(DEFAULT_TIMEOUT), ..Default::default() };
        // Only a running job is stopped: one that ended says so, with how it ended.
        let running = shell.exec_with(&format!("jobs -r %{job}"), options()).await;
        if running.status == 0 && running.stdout.is_empty() {
            let state = shell.exec_with(&format!("jobs %{job}"), options()).await.stdout_text();
            let why = format!("Task %{job} is not running: {}", state.trim());
            let mut result = CallToolResult::error(vec![rmcp::model::ContentBlock::text(why)]);
            result.is_error = Some(true);
            return result;
        }
        let stopped = shell.exec_with(&format!("kill %{job}"), options()).await;
        if stopped.status != 0 {
            let rendered = crate::contract::render(&stopped.stdout, &stopped.stderr, stopped.status, caps, |_| None);
            return call::finished(&stopped, rendered);
        }
        let said = json!({
            "message": format!("Successfully stopped task: %{job}"),
            "task_id": format!("%{job}"),
            "task_type": "local_bash",
        });
        CallToolResult::success(vec![rmcp::model::ContentBlock::text(said.to_string())])
    }

    /// Starts `line` as the session's job `id`, its output (with `merged`, standard error too)
    /// in `/tmp/.jobs/ID.out`, its status in `.exit` when it ends, its process in `.pid`; a line
    /// that does not start (the policy refused it) is the error, as a result.
    async fn start_job(&self, shell: &mut Shell, id: &str, line: &str, merged: bool) -> Result<(), CallToolResult> {
        // A job asks nobody: no call follows it to carry a question.
        if let Some(approver) = &self.approver {
            approver.prepare(None);
        }
        let (out, err, exit, pid) =
            (job_file(id, "out"), job_file(id, "err"), job_file(id, "exit"), job_file(id, "pid"));
        let streams = if merged { format!("> {out} 2>&1") } else { format!("> {out} 2> {err}") };
        // The inner subshell keeps an `exit` in the line from skipping the status.
        let wrapped = format!("mkdir -p /tmp/.jobs; ( ( {line}\n) {streams}; echo $? > {exit} ) & echo $! > {pid}");
        let options = crate::ExecOptions { timeout: Some(DEFAULT_TIMEOUT), ..Default::default() };
        let started = shell.exec_with(&wrapped, options).await;
        if started.status != 0 {
            let rendered =
                crate::contract::render(&started.stdout, &started.stderr, started.status, self.caps, |_| None);
            return Err(call::finished(&started, rendered));
        }
        let mut background = self.background.lock().unwrap_or_else(|p| p.into_inner());
        background.0 += 1;
        background.1.insert(id.to_string(), Background::default());
        Ok(())
    }

    /// Codex's `exec_command` and `write_stdin`: waits up to `wait` for job `id` to end, then
    /// says what it wrote since it was last read (at most about `tokens` tokens: its head and
    /// tail) and whether it ended (`Process exited with code N`) or runs on (`Process running
    /// with session ID N`).
    async fn job_so_far(&self, id: &str, session: u64, wait: Duration, tokens: usize, caps: Caps) -> CallToolResult {
        let started = tokio::time::Instant::now();
        while started.elapsed() < wait && job_status(&self.workspace(), id).is_none() {
            tokio::time::sleep(Duration::from_millis(25)).await;
        }
        let workspace = self.workspace();
        let ended = job_status(&workspace, id);
        let output = {
            let mut background = self.background.lock().unwrap_or_else(|p| p.into_inner());
            let Some(job) = background.1.get_mut(id) else {
                return call::refused(&format!("no session {session} (a command's session ends with it)"));
            };
            unread(&workspace, &job_file(id, "out"), &mut job.read_out)
        };
        // About four characters a token, within the session's caps: its head and tail kept,
        // whole lines where they can be, the cut marked with the file that holds all of it.
        let caps = Caps { chars: tokens.saturating_mul(4).min(caps.chars), lines: caps.lines, media: 0 };
        let output = match crate::contract::truncate(&output, caps) {
            Some(cut) => cut.marked(Some(&job_file(id, "out"))),
            None => output,
        };
        let state = match &ended {
            Some(code) => {
                self.background.lock().unwrap_or_else(|p| p.into_inner()).1.remove(id);
                format!("Process exited with code {code}")
            }
            None => format!("Process running with session ID {session}"),
        };
        let text = format!("Wall time: {:.1} seconds\n{state}\nOutput:\n{output}", started.elapsed().as_secs_f64());
        let mut result = CallToolResult::success(vec![rmcp::model::ContentBlock::text(text)]);
        result.is_error = Some(ended.as_deref().is_some_and(|code| code != "0"));
        result
    }

    /// What background shell `id` wrote since it was last read (its lines matching `filter`),
    /// and whether it still runs.
    fn background_output(&self, id: &str, filter: Option<&str>, caps: Caps) -> CallToolResult {
        let filter = match filter.map(regex::Regex::new).transpose() {
            Ok(filter) => filter,
            Err(err) => return call::refused(&format!("`filter` is not a regular expression: {err}")),
        };
        let mut background = self.background.lock().unwrap_or_else(|p| p.into_inner());
        let known: Vec<String> = background.1.keys().cloned().collect();
        let Some(job) = background.1.get_mut(id) else {
            return call::refused(&format!("no background shell '{id}' (this session's: {})", listed(known)));
        };
        let workspace = self.workspace();
        // Each stream gets half the session's caps; a cut is marked with the file holding it all.
        let half = Caps { chars: caps.chars / 2, lines: (caps.lines / 2).max(1), media: 0 };
        let read = |path: &str, from: &mut usize| -> String {
            let text = unread(&workspace, path, from);
            let text = match &filter {
                Some(filter) => text.lines().filter(|l| filter.is_match(l)).map(|l| format!("{l}\n")).collect(),
                None => text,
            };
            match crate::contract::truncate(&text, half) {
                Some(cut) => cut.marked(Some(path)),
                None => text,
            }
        };
        let stdout = read(&job_file(id, "out"), &mut job.read_out);
        let stderr = read(&job_file(id, "err"), &mut job.read_err);
        let exit = job_status(&workspace, id);
        let status = match (&exit, job.killed) {
            (_, true) => "<status>killed</status>".to_string(),
            (Some(code), _) => format!("<status>completed</status>\n<exit_code>{code}</exit_code>"),
            (None, _) => "<status>running</status>".to_string(),
        };
        let mut text = status;
        for (name, body) in [("stdout", stdout), ("stderr", stderr)] {
            if !body.is_empty() {
                text.push_str(&format!(
                    "\n<{name}>\n{}</{name}>",
                    if body.ends_with('\n') { body } else { body + "\n" }
                ));
            }
        }
        CallToolResult::success(vec![rmcp::model::ContentBlock::text(text)])
    }

    /// Stops background shell `id` (its whole job).
    async fn kill_background(&self, shell: &mut Shell, id: &str) -> CallToolResult {
        let known: Vec<String> = self.background.lock().unwrap_or_else(|p| p.into_inner()).1.keys().cloned().collect();
        if !known.iter().any(|k| k == id) {
            return call::refused(&format!("no background shell '{id}' (this session's: {})", listed(known)));
        }
        let line = format!("kill $(cat {}) 2>/dev/null", job_file(id, "pid"));
        let options = crate::ExecOptions { timeout: Some(DEFAULT_TIMEOUT), ..Default::default() };
        let killed = shell.exec_with(&line, options).await.status == 0;
        let mut background = self.background.lock().unwrap_or_else(|p| p.into_inner());
        let text = match background.1.get_mut(id) {
            Some(job) if killed => {
                job.killed = true;
                format!("Successfully killed shell: {id}")
            }
            _ => format!("Shell {id} is not running"),
        };
        CallToolResult::success(vec![rmcp::model::ContentBlock::text(text)])
    }
}

/// The time a call's lines have together: their own, at most [`MAX_TIMEOUT`].
fn total(runs: &[shape::Run]) -> Duration {
    runs.iter().fold(Duration::ZERO, |sum, run| sum.saturating_add(run.timeout)).min(MAX_TIMEOUT)
}

/// `bash_1, bash_2`, or `none`.
fn listed(mut names: Vec<String>) -> String {
    names.sort();
    if names.is_empty() { "none".to_string() } else { names.join(", ") }
}

/// The outcome of a line that could not start (its working directory is not there).
fn refused_run(why: &str, caps: Caps) -> Ran {
    let outcome = ExecOutcome { stderr: format!("toolsh: {why}\n").into_bytes(), status: 1, ..Default::default() };
    let rendered = crate::contract::render(&outcome.stdout, &outcome.stderr, outcome.status, caps, |_| None);
    Ran { outcome, rendered, streams: None }
}

/// One call of the `shell` tool as `toolsh mcp` answers it, for an embedder whose agent
/// framework calls the tool itself (the Python and TypeScript adapters): the arguments read
/// the same way (`command`, `timeout_ms`, `on_timeout`; a mistake is answered in words for the
/// model), the line run with its deadline and `cancel`, the result rendered by the contract
/// with the session's caps. Returns the rendering and the line's status.
pub async fn call_shell(
    shell: &mut Shell,
    arguments: Value,
    cancel: Option<tokio_util::sync::CancellationToken>,
) -> (crate::contract::Rendered, i32) {
    let caps = Caps::of(shell.state().limits(), 0);
    let args = match arguments {
        Value::Object(map) => call::args(Some(map)),
        Value::Null => call::args(None),
        other => Err(format!("the shell tool's arguments are an object with `command`, not {other}")),
    };
    let args = match args {
        Ok(args) => args,
        Err(why) => {
            let ran = refused_run(&why, caps);
            return (ran.rendered, ran.outcome.status);
        }
    };
    // As the server's sessions: a line that outruns its call goes on as a job (148), unless the
    // call says `on_timeout: "stop"` — what the tool's description tells the model.
    let on_deadline = args.on_timeout.or(Some(crate::interp::OnDeadline::Background));
    let options = crate::ExecOptions { timeout: Some(args.timeout), cancel, on_deadline, ..Default::default() };
    let (outcome, rendered) = shell.exec_for_model_with(&args.command, caps, options).await;
    (rendered, outcome.status)
}

/// The `shell` tool definition in the format another harness expects: `mcp`, `openai`
/// (function calling) or `anthropic` (tool use).
pub fn export(shell: &Shell, format: &str) -> crate::Result<Value> {
    let unwritten = |err: serde_json::Error| crate::Error::Declaration(err.to_string());
    if let Ok(shape) = Shape::named(format)
        && shape != Shape::Shell
    {
        // A harness's shape: its tools, as MCP lists them.
        return serde_json::to_value(shape_tools(shell, shape)).map_err(unwritten);
    }
    let tool = shell_tool(shell);
    let description = tool.description.as_deref().unwrap_or("").to_string();
    let schema = Value::Object((*tool.input_schema).clone());
    match format {
        "mcp" => serde_json::to_value(&tool).map_err(unwritten),
        "openai" => Ok(json!({
            "type": "function",
            "function": { "name": "shell", "description": description, "parameters": schema }
        })),
        "anthropic" => Ok(json!({ "name": "shell", "description": description, "input_schema": schema })),
        other => {
            let shapes: Vec<&str> = shape::SHAPES.iter().map(|(name, _)| *name).skip(1).collect();
            Err(crate::Error::Declaration(format!(
                "unknown format '{other}': use mcp, openai or anthropic (the shell tool), or a shape: {}",
                shapes.join(", ")
            )))
        }
    }
}

/// Serves `shell` over stdio until the client goes away. `approver`, when given, is the one the
/// shell was built with: it learns the client here.
pub async fn serve_stdio(
    shell: Shell,
    caps: Caps,
    shape: Shape,
    approver: Option<Arc<ElicitingApprover>>,
    keep_as: Option<String>,
) -> Result<(), String> {
    let mut server = ShellServer::new(shell, caps).with_shape(shape);
    if let Some(approver) = approver {
        server = server.with_approver(approver);
    }
    server.keep_as = keep_as;
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
