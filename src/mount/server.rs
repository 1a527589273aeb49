//! The connection to one declared server: started on first need, kept for the life of the
//! process on a runtime of its own (so a server outlives the line, the session and the
//! runtime that first asked for it), shared by every shell of the process, and started again
//! on the next call after it crashed or closed.
//!
//! A server's standard error never reaches the shell's output: its last lines are kept to
//! explain a failure ("unavailable", status 125, naming the server).

use super::stdio::{ChildTransport, MAX_MESSAGE, Oversized};
use super::{Endpoint, ServerConfig};
use crate::tools::{Tool, ToolError, ToolSource};
use rmcp::service::{ClientServiceExt, RoleClient, RunningService, ServiceError};
use rmcp::transport::StreamableHttpClientTransport;
use rmcp::transport::streamable_http_client::StreamableHttpClientTransportConfig;
use serde_json::Value;
use std::collections::BTreeMap;
use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;

/// How long a started server may take to list its tools.
const LIST_TIMEOUT: Duration = Duration::from_secs(10);

/// Lines of a server's standard error kept to explain its failures.
const STDERR_LINES: usize = 8;

/// Size past which a server's log is begun afresh at its next start, and at which one start's
/// log stops.
const LOG_BYTES: u64 = 1 << 20;

/// How long after a "tool list changed" notice the tools are listed again: the notices of a
/// burst are answered by one listing.
const LIST_AFTER: Duration = Duration::from_millis(20);

/// How much of one line of a server's standard error is kept to explain a failure.
const LINE_BYTES: usize = 4096;

type Service = RunningService<RoleClient, Client>;

/// toolsh's side of a connection: what it answers a server's requests and notifications.
/// A server's question (form elicitation) goes to the approver of the session whose call it
/// interrupts; its progress to that call's meter; a changed tool list is listed again at
/// once. Sampling and roots are not offered (both deprecated by SEP-2577).
struct Client {
    connection: std::sync::Weak<Connection>,
}

impl rmcp::ClientHandler for Client {
    async fn on_progress(
        &self,
        params: rmcp::model::ProgressNotificationParam,
        _context: rmcp::service::NotificationContext<RoleClient>,
    ) {
        // The meter of the call the token was given to: what the line's progress reports show.
        if let Some(connection) = self.connection.upgrade() {
            let calls = connection.calls.lock().unwrap_or_else(|p| p.into_inner());
            if let Some(InFlight { meter, .. }) = calls.get(&params.progress_token.0.to_string()) {
                let whole = |n: f64| if n.is_finite() && n > 0.0 { n as u64 } else { 0 };
                meter.set(whole(params.progress), params.total.map(whole).filter(|t| *t > 0));
            }
        }
    }

    async fn create_elicitation(
        &self,
        request: rmcp::model::ElicitRequestParams,
        _context: rmcp::service::RequestContext<RoleClient>,
    ) -> Result<rmcp::model::ElicitResult, rmcp::ErrorData> {
        let Some(connection) = self.connection.upgrade() else { return Ok(declined()) };
        // The question belongs to a call in progress; it goes to that call's session (with
        // several at once, to one of them: a handshake-era request does not say whose it is).
        let gate = connection.calls.lock().unwrap_or_else(|p| p.into_inner()).values().next().map(|c| c.gate.clone());
        let Some(gate) = gate else { return Ok(declined()) };
        Ok(answer_question(&connection.config.alias, gate, request).await)
    }

    fn get_info(&self) -> rmcp::model::ClientConfig {
        // Elicitation (form) is offered: questions go to the session's approver.
        let capabilities = rmcp::model::ClientCapabilities::builder().enable_elicitation().build();
        rmcp::model::ClientConfig::new(
            capabilities,
            rmcp::model::Implementation::new("toolsh", env!("CARGO_PKG_VERSION")),
        )
    }

    async fn on_tool_list_changed(&self, context: rmcp::service::NotificationContext<RoleClient>) {
        if let Some(connection) = self.connection.upgrade() {
            connection.list_changed(context.peer);
        }
    }
}

fn declined() -> rmcp::model::ElicitResult {
    rmcp::model::ElicitResult::new(rmcp::model::ElicitationAction::Decline)
}

/// A server's question (form elicitation) put to `gate`'s approver, answered as the protocol
/// wants it; a URL to open is declined (toolsh has no browser to send anyone to).
async fn answer_question(
    alias: &str,
    gate: Arc<crate::tools::Gate>,
    request: rmcp::model::ElicitRequestParams,
) -> rmcp::model::ElicitResult {
    use rmcp::model::{ElicitResult, ElicitationAction};
    let rmcp::model::ElicitRequestParams::FormElicitationParams { message, requested_schema, .. } = request else {
        return declined();
    };
    let schema = serde_json::to_value(&requested_schema).unwrap_or_default();
    let asker = format!("mcp server '{alias}'");
    // Whoever answers may take a while (a person at the console reads the terminal): off the
    // connections' one worker, which carries every mounted server's messages.
    let asked = tokio::task::spawn_blocking(move || gate.elicit(&asker, &message, &schema)).await;
    match asked.unwrap_or(crate::tools::Elicited::Unavailable) {
        crate::tools::Elicited::Accepted(content) => {
            let mut result = ElicitResult::new(ElicitationAction::Accept);
            result.content = Some(content);
            result
        }
        crate::tools::Elicited::Cancelled => ElicitResult::new(ElicitationAction::Cancel),
        crate::tools::Elicited::Declined | crate::tools::Elicited::Unavailable => declined(),
    }
}

/// Lists the tools again each time the server says they changed, for as long as the
/// subscription lasts (the connection's life). Holds neither the connection nor the service:
/// a connection forgotten after a crash ends it.
async fn listen_for_changes(connection: std::sync::Weak<Connection>, peer: rmcp::Peer<RoleClient>) {
    let filter = rmcp::model::SubscriptionFilter::builder().tools_list_changed().build();
    let Ok(mut subscription) = peer.listen(filter).await else { return };
    while let Ok(Some(notification)) = subscription.next().await {
        if matches!(notification, rmcp::model::ServerNotification::ToolListChangedNotification(_))
            && let Some(connection) = connection.upgrade()
        {
            connection.list_changed(peer.clone());
        }
    }
}

/// Both eras of the protocol: `server/discover` for the 2026-07-28 revision first, then the
/// `initialize` handshake of the earlier ones for a server that does not know it.
fn lifecycle() -> rmcp::service::ClientLifecycleMode {
    rmcp::service::ClientLifecycleMode::Auto {
        preferred_versions: vec![rmcp::model::ProtocolVersion::V_2026_07_28],
        legacy_version: None,
    }
}

/// How many times one call may be answered "input required" before toolsh gives up on it.
const INPUT_ROUNDS: usize = 10;

/// The answers to a server's input requests (2026-07-28: questions returned as the call's
/// result, answered by calling again): form questions go to the call's own approver; sampling
/// and roots are not offered, so asking for them ends the call.
async fn answer_inputs(
    alias: &str,
    gate: &Arc<crate::tools::Gate>,
    requests: rmcp::model::InputRequests,
) -> Result<rmcp::model::InputResponses, String> {
    let mut answers = rmcp::model::InputResponses::new();
    for (key, request) in requests {
        let answer = match request {
            rmcp::model::InputRequest::Elicitation(request) => {
                answer_question(alias, gate.clone(), request.params).await
            }
            _ => return Err("it asked for sampling or roots, which toolsh does not offer".to_string()),
        };
        answers.insert(key, serde_json::to_value(answer).map_err(|err| err.to_string())?);
    }
    Ok(answers)
}

/// One declared server and its connection, when it is up.
pub struct Connection {
    config: ServerConfig,
    live: tokio::sync::Mutex<Option<Arc<Service>>>,
    stderr: Arc<Mutex<VecDeque<String>>>,
    /// Where the server's tool list is cached, and under which identity: refreshed whenever
    /// the server starts.
    cache: Mutex<Option<(crate::store::Store, String)>>,
    /// Raised when the server sends a message past [`MAX_MESSAGE`] (stdio).
    oversized: Arc<Oversized>,
    /// Whether the server listed its tools in this process (the list is then not the cache's).
    listed_live: std::sync::atomic::AtomicBool,
    /// This connection, for what `&self` alone cannot do.
    me: std::sync::Weak<Connection>,
    /// The calls in progress, by the progress token each was sent with.
    calls: Mutex<HashMap<String, InFlight>>,
    /// The server's tools as the shell sees them now (the registry asks at every lookup).
    tools: std::sync::RwLock<Arc<BTreeMap<String, Arc<dyn Tool>>>>,
    /// "The list changed" notices not yet answered by a listing (see [`Connection::list_changed`]).
    changes: std::sync::atomic::AtomicUsize,
}

impl ToolSource for Connection {
    fn namespace(&self) -> &str {
        &self.config.alias
    }

    fn tools(&self) -> Arc<BTreeMap<String, Arc<dyn Tool>>> {
        self.tools.read().unwrap_or_else(|p| p.into_inner()).clone()
    }

    /// The list came from the cache and the server has not listed since it started: a name
    /// the cache lacks may be a tool added since, so the server is started and asked (once).
    fn refresh(&self) -> bool {
        if self.listed_live.load(std::sync::atomic::Ordering::Relaxed) {
            return false;
        }
        let Some(me) = self.me.upgrade() else { return false };
        match me.list_tools_blocking() {
            Ok(listed) => {
                me.accept(listed);
                true
            }
            Err(_) => false,
        }
    }
}

/// The runtime every connection lives on: the process's, never dropped (a runtime dropped
/// inside another's task panics, and a server is kept warm for the life of the process).
fn runtime() -> Result<&'static tokio::runtime::Runtime, ToolError> {
    static RUNTIME: OnceLock<Result<tokio::runtime::Runtime, String>> = OnceLock::new();
    RUNTIME
        .get_or_init(|| {
            tokio::runtime::Builder::new_multi_thread()
                .worker_threads(1)
                .thread_name("toolsh-mcp")
                .enable_all()
                .build()
                .map_err(|err| err.to_string())
        })
        .as_ref()
        .map_err(|err| ToolError {
            status: crate::status::UNAVAILABLE,
            message: format!("cannot start the MCP client: {err}"),
        })
}

/// Runs `work` on the connections' runtime; dropping the returned future (a deadline,
/// Ctrl-C, a cancelled MCP call) aborts it there, which cancels its request at the server.
async fn on_runtime<T: Send + 'static>(
    work: impl std::future::Future<Output = Result<T, ToolError>> + Send + 'static,
) -> Result<T, ToolError> {
    struct AbortOnDrop(tokio::task::AbortHandle);
    impl Drop for AbortOnDrop {
        fn drop(&mut self) {
            self.0.abort();
        }
    }
    let task = runtime()?.spawn(work);
    let _abort = AbortOnDrop(task.abort_handle());
    task.await.unwrap_or_else(|err| Err(ToolError::failed(format!("the MCP client stopped: {err}"))))
}

impl Connection {
    /// The connection to `config`'s server: one per declaration in the process.
    pub fn shared(config: &ServerConfig) -> Arc<Connection> {
        static ALL: OnceLock<Mutex<HashMap<ServerConfig, Arc<Connection>>>> = OnceLock::new();
        let mut all = ALL.get_or_init(Default::default).lock().unwrap_or_else(|p| p.into_inner());
        all.entry(config.clone())
            .or_insert_with(|| {
                Arc::new_cyclic(|me| Connection {
                    config: config.clone(),
                    live: tokio::sync::Mutex::new(None),
                    stderr: Arc::default(),
                    cache: Mutex::new(None),
                    oversized: Arc::default(),
                    tools: Default::default(),
                    calls: Mutex::default(),
                    listed_live: Default::default(),
                    changes: Default::default(),
                    me: me.clone(),
                })
            })
            .clone()
    }

    /// Keeps the server's tool list in `cache` as `identity` each time the server starts.
    pub fn keep_listed_in(&self, cache: crate::store::Store, identity: String) {
        *self.cache.lock().unwrap_or_else(|p| p.into_inner()) = Some((cache, identity));
    }

    /// The log of the server's standard error, beside the store (`mcp-logs/ALIAS.log`), opened
    /// for a start: appended to, begun afresh once past [`LOG_BYTES`]. None without a store.
    #[allow(clippy::disallowed_methods)] // the operator's log on the host, outside every mount
    fn log_file(&self) -> Option<std::fs::File> {
        use std::io::Write;
        let dir = self.cache_handle()?.0.local_dir().join("mcp-logs");
        std::fs::create_dir_all(&dir).ok()?;
        let path = dir.join(format!("{}.log", self.config.alias));
        let long = std::fs::metadata(&path).is_ok_and(|m| m.len() > LOG_BYTES);
        let mut file =
            std::fs::OpenOptions::new().create(true).append(!long).write(true).truncate(long).open(&path).ok()?;
        let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs());
        writeln!(file, "--- toolsh started the server (unix time {now}) ---").ok()?;
        Some(file)
    }

    /// Makes the tools of `listed` (as `tools/list` gives them, JSON) the server's tools in the
    /// shell, leaving out each one that cannot be a command (a name such as `../x` or `a;b`):
    /// one hostile or careless tool costs only itself, never the server or the shell. Returns
    /// the tools taken, as listed (what the cache keeps, so a refused one never returns from
    /// it), and a sentence for each left out.
    pub fn accept(self: &Arc<Self>, listed: Vec<Value>) -> (Vec<Value>, Vec<String>) {
        let mut tools = BTreeMap::new();
        let mut taken = Vec::with_capacity(listed.len());
        let mut refused = Vec::new();
        for value in listed {
            match super::MountedTool::new(self, &value) {
                Ok(tool) => {
                    tools.insert(tool.spec().name.clone(), Arc::new(tool) as Arc<dyn Tool>);
                    taken.push(value);
                }
                Err(why) => refused.push(format!("{why}; left out")),
            }
        }
        *self.tools.write().unwrap_or_else(|p| p.into_inner()) = Arc::new(tools);
        (taken, refused)
    }

    /// The server said its tool list changed: it is listed again, by one task for any number
    /// of notices — those that come while it lists are answered by one more listing — so a
    /// server that says so 150,000 times costs a few listings, not 150,000.
    fn list_changed(self: &Arc<Self>, peer: rmcp::Peer<RoleClient>) {
        use std::sync::atomic::Ordering::SeqCst;
        if self.changes.fetch_add(1, SeqCst) > 0 {
            return; // a listing is under way and will look again
        }
        let me = Arc::downgrade(self);
        tokio::spawn(async move {
            loop {
                // A moment for the notices that come in a burst to gather under one listing.
                tokio::time::sleep(LIST_AFTER).await;
                let Some(connection) = me.upgrade() else { return };
                let seen = connection.changes.load(SeqCst);
                if let Ok(tools) = peer.list_all_tools().await {
                    connection.relisted(tools);
                }
                // Nothing came meanwhile: done. Otherwise one listing answers all that came.
                if connection.changes.compare_exchange(seen, 0, SeqCst, SeqCst).is_ok() {
                    return;
                }
                connection.changes.store(1, SeqCst);
            }
        });
    }

    /// The server listed `tools` (when it started, or after it said its list changed): they
    /// are the shell's at once, and the store's cache keeps them for the next process.
    fn relisted(self: &Arc<Self>, tools: Vec<rmcp::model::Tool>) {
        self.listed_live.store(true, std::sync::atomic::Ordering::Relaxed);
        let listed: Vec<Value> = tools.into_iter().filter_map(|tool| serde_json::to_value(tool).ok()).collect();
        // A tool the shell cannot take is left out here and from the cache, as at start.
        let (listed, _) = self.accept(listed);
        if let Some((cache, identity)) = self.cache_handle() {
            let _ = cache.set_mcp_tools(&identity, &Value::Array(listed).to_string());
        }
    }

    /// The namespace of the server's tools.
    pub fn alias(&self) -> &str {
        &self.config.alias
    }

    /// Every tool the server lists (all pages), as JSON, starting it when needed; blocks the
    /// calling thread (mounting happens before the shell runs).
    pub fn list_tools_blocking(self: &Arc<Self>) -> Result<Vec<Value>, ToolError> {
        let this = self.clone();
        futures::executor::block_on(on_runtime(async move { this.list_tools().await }))
    }

    async fn list_tools(self: &Arc<Self>) -> Result<Vec<Value>, ToolError> {
        let service = self.service().await?;
        // An answer the client cannot read (a schema nested past the JSON reader's 128 levels)
        // is dropped without a word, and the request would wait for ever: bounded, so such a
        // server costs its own tools and a moment, not the start of every shell.
        let tools = tokio::time::timeout(LIST_TIMEOUT, service.list_all_tools())
            .await
            .map_err(|_| {
                self.unavailable(&format!(
                    "it did not list its tools within {} s (or listed them in a form toolsh cannot read, such as a schema nested past 128 levels)",
                    LIST_TIMEOUT.as_secs()
                ))
            })?
            .map_err(|err| self.failed("tools/list", err))?;
        self.listed_live.store(true, std::sync::atomic::Ordering::Relaxed);
        tools
            .into_iter()
            .map(|tool| serde_json::to_value(tool).map_err(|err| ToolError::failed(err.to_string())))
            .collect()
    }

    /// Calls `tool` with `args`; the result as the server sent it (JSON). What the server
    /// reports of its progress goes to `meter`.
    pub async fn call(
        self: &Arc<Self>,
        tool: &str,
        args: Value,
        meter: Arc<crate::tools::Meter>,
        gate: Arc<crate::tools::Gate>,
    ) -> Result<Value, ToolError> {
        let this = self.clone();
        let tool = tool.to_string();
        on_runtime(async move {
            let service = this.service().await?;
            let mut params = rmcp::model::CallToolRequestParams::new(tool.clone());
            params.arguments = match args {
                Value::Object(map) => Some(map),
                _ => None,
            };
            // A server of the 2026-07-28 revision asks its questions as the call's result
            // ("input required"); the call is made again with the answers, a few rounds at most.
            for _ in 0..INPUT_ROUNDS {
                let result = this.call_once(&service, &tool, params.clone(), &meter, &gate).await?;
                let asked = match result {
                    rmcp::model::ServerResult::CallToolResult(result) => {
                        return serde_json::to_value(result).map_err(|err| ToolError::failed(err.to_string()));
                    }
                    rmcp::model::ServerResult::InputRequiredResult(asked) => asked,
                    _ => return Err(this.failed(&tool, ServiceError::UnexpectedResponse)),
                };
                let answers = match asked.input_requests {
                    Some(requests) => answer_inputs(&this.config.alias, &gate, requests).await.map_err(|why| {
                        ToolError::failed(format!("mcp server '{}': {tool}: {why}", this.config.alias))
                    })?,
                    None => {
                        // Nothing to answer: the server is not ready yet; ask again shortly.
                        tokio::time::sleep(Duration::from_millis(100)).await;
                        rmcp::model::InputResponses::new()
                    }
                };
                params.input_responses = Some(answers);
                params.request_state = asked.request_state;
            }
            Err(ToolError::failed(format!(
                "mcp server '{}': {tool} still wanted input after {INPUT_ROUNDS} rounds; toolsh gave up",
                this.config.alias
            )))
        })
        .await
    }

    /// Sends one `tools/call` and waits for its answer, within the server's timeout; what the
    /// server reports of its progress meanwhile goes to `meter`, its questions to `gate`.
    async fn call_once(
        self: &Arc<Self>,
        service: &Arc<Service>,
        tool: &str,
        params: rmcp::model::CallToolRequestParams,
        meter: &Arc<crate::tools::Meter>,
        gate: &Arc<crate::tools::Gate>,
    ) -> Result<rmcp::model::ServerResult, ToolError> {
        let request = rmcp::model::ClientRequest::CallToolRequest(rmcp::model::CallToolRequest::new(params));
        // Sent by hand (not `call_tool`) to learn the progress token rmcp gives the request,
        // under which the server's progress comes back.
        let handle = service
            .peer()
            .send_cancellable_request(request, rmcp::service::PeerRequestOptions::no_options())
            .await
            .map_err(|err| self.failed(tool, err))?;
        let call = InFlight { meter: meter.clone(), gate: gate.clone() };
        let _listening = Listening::new(self, &handle.progress_token.0.to_string(), call);
        let mut abandoned = Abandoned { peer: service.peer().clone(), id: Some(handle.id.clone()) };
        let answered = tokio::select! {
            answered = tokio::time::timeout(self.config.timeout, handle.await_response()) => answered,
            () = self.oversized.notify.notified() => {
                let bytes = self.oversized.bytes.load(std::sync::atomic::Ordering::Relaxed);
                return Err(ToolError::failed(format!(
                    "mcp server '{}': its answer to {tool} passed {} MiB ({bytes} bytes so far), the cap for \
                     one message; it was dropped",
                    self.config.alias,
                    MAX_MESSAGE >> 20
                )));
            }
        };
        match answered {
            Err(_) => Err(ToolError {
                status: crate::status::LIMIT,
                message: format!(
                    "mcp server '{}': {tool} did not answer within {} s (its timeout); the call was cancelled",
                    self.config.alias,
                    self.config.timeout.as_secs_f64()
                ),
            }),
            Ok(Err(err)) => {
                abandoned.id = None;
                if !matches!(err, ServiceError::McpError(_)) {
                    // The connection is gone (the server crashed or closed it): the next call
                    // starts the server again.
                    self.forget(service).await;
                }
                Err(self.failed(tool, err))
            }
            Ok(Ok(result)) => {
                abandoned.id = None;
                Ok(result)
            }
        }
    }

    /// The running service, started when there is none or the last one closed.
    async fn service(self: &Arc<Self>) -> Result<Arc<Service>, ToolError> {
        let mut live = self.live.lock().await;
        if let Some(service) = live.as_ref().filter(|service| !service.is_closed()) {
            return Ok(service.clone());
        }
        *live = None;
        let service = Arc::new(self.start().await?);
        *live = Some(service.clone());
        // What the server lists now (tools added or removed since the cached list) becomes the
        // shell's, in the background of the call that started it.
        let (lister, connection) = (service.clone(), self.clone());
        tokio::spawn(async move {
            if let Ok(tools) = lister.list_all_tools().await {
                connection.relisted(tools);
            }
        });
        // A server of the 2026-07-28 revision says its list changed only on a subscription
        // (earlier ones notify every client, which `Client` hears).
        let modern = service.peer_info().is_some_and(|info| !info.protocol_version.has_initialize());
        if modern {
            tokio::spawn(listen_for_changes(Arc::downgrade(self), service.peer().clone()));
        }
        Ok(service)
    }

    /// The cache and identity the server's list is kept under, when there is a store.
    fn cache_handle(&self) -> Option<(crate::store::Store, String)> {
        let cache = self.cache.lock().unwrap_or_else(|p| p.into_inner());
        cache.as_ref().map(|(store, identity)| (store.for_session("mcp-mount"), identity.clone()))
    }

    /// Drops `service` as the live connection (when it still is), so the next need starts anew.
    async fn forget(&self, service: &Arc<Service>) {
        let mut live = self.live.lock().await;
        if live.as_ref().is_some_and(|current| Arc::ptr_eq(current, service)) {
            *live = None;
        }
    }

    async fn start(self: &Arc<Self>) -> Result<Service, ToolError> {
        match &self.config.endpoint {
            Endpoint::Stdio { program, args, env } => {
                // The operator declared this program (toolsh.toml or --mcp): it is the one host
                // program toolsh starts, with only `PATH` and the declared variables.
                #[allow(clippy::disallowed_methods)] // declared by the operator, never from the shell
                let mut command = tokio::process::Command::new(program);
                command.args(args).env_clear();
                #[allow(clippy::disallowed_methods)] // the declared server finds its interpreter on PATH
                if let Some(path) = std::env::var_os("PATH") {
                    command.env("PATH", path);
                }
                command.envs(env);
                // Its own process group: a Ctrl-C at the console is the shell's, not the server's.
                command
                    .stdin(std::process::Stdio::piped())
                    .stdout(std::process::Stdio::piped())
                    .stderr(std::process::Stdio::piped())
                    .process_group(0)
                    .kill_on_drop(true);
                let mut child =
                    command.spawn().map_err(|err| self.unavailable(&format!("cannot start '{program}': {err}")))?;
                if let Some(pid) = child.id() {
                    STARTED.lock().unwrap_or_else(|p| p.into_inner()).push(pid);
                }
                if let Some(stderr) = child.stderr.take() {
                    tokio::spawn(keep_last_lines(stderr, self.stderr.clone(), self.log_file()));
                }
                let transport = ChildTransport::new(child, self.oversized.clone())
                    .map_err(|err| self.unavailable(&format!("cannot talk to '{program}': {err}")))?;
                self.initialize(
                    Client { connection: Arc::downgrade(self) }.serve_with_lifecycle(transport, lifecycle()),
                )
                .await
            }
            Endpoint::Http { url, headers } => {
                let mut sent = HashMap::new();
                for (name, value) in headers {
                    let value = with_host_variables(value).map_err(|missing| {
                        self.unavailable(&format!("header {name}: the host variable {missing} is not set"))
                    })?;
                    let name = hyper::header::HeaderName::from_bytes(name.as_bytes())
                        .map_err(|_| self.unavailable(&format!("header {name}: not a header name")))?;
                    // The value is a secret as often as not: the error does not repeat it.
                    let value = hyper::header::HeaderValue::from_str(&value)
                        .map_err(|_| self.unavailable(&format!("header {name}: its value is not valid in a header")))?;
                    sent.insert(name, value);
                }
                // The HTTP client's TLS runs on ring (the provider ureq brings); installed once.
                let _ = rustls::crypto::ring::default_provider().install_default();
                let config = StreamableHttpClientTransportConfig::with_uri(url.as_str()).custom_headers(sent);
                let transport = StreamableHttpClientTransport::from_config(config);
                self.initialize(
                    Client { connection: Arc::downgrade(self) }.serve_with_lifecycle(transport, lifecycle()),
                )
                .await
            }
        }
    }

    /// Waits for the handshake of a connection being started, up to the server's
    /// `start_timeout` (a call's deadline, when sooner, drops this wait with the call).
    async fn initialize<E: std::fmt::Display>(
        &self,
        handshake: impl std::future::Future<Output = Result<Service, E>>,
    ) -> Result<Service, ToolError> {
        let within = self.config.start_timeout;
        match tokio::time::timeout(within, handshake).await {
            Ok(Ok(service)) => Ok(service),
            Ok(Err(err)) => Err(self.unavailable(&format!("it did not initialize: {err}"))),
            Err(_) => Err(self.unavailable(&format!(
                "it did not answer the handshake within {} s (its start_timeout)",
                within.as_secs_f64()
            ))),
        }
    }

    /// A failed request: the server's own error (status 1, its words), or the connection lost.
    fn failed(&self, what: &str, err: ServiceError) -> ToolError {
        match err {
            ServiceError::McpError(error) => {
                let status = if error.code == rmcp::model::ErrorCode::INVALID_PARAMS { 2 } else { 1 };
                ToolError { status, message: format!("mcp server '{}': {what}: {}", self.config.alias, error.message) }
            }
            other => self.unavailable(&format!("{what}: {other}")),
        }
    }

    /// The server is unavailable: why, and what it last said on standard error.
    fn unavailable(&self, why: &str) -> ToolError {
        // What the server wrote reaches the operator's terminal: its control characters escaped.
        let said: Vec<String> = self
            .stderr
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .iter()
            .map(|line| super::printable(line, false))
            .collect();
        let tail = if said.is_empty() { String::new() } else { format!("\n  its last words: {}", said.join("\n  ")) };
        ToolError {
            status: crate::status::UNAVAILABLE,
            message: format!("mcp server '{}' unavailable: {why}{tail}", self.config.alias),
        }
    }
}

/// Keeps the last [`STDERR_LINES`] lines a server writes on standard error (each cut at
/// [`LINE_BYTES`]), and writes what it says to its log file when it has one, until the log
/// holds [`LOG_BYTES`]: a server that writes without end, or one endless line, costs neither
/// the operator's disk nor toolsh's memory (the log begins afresh at the next start).
async fn keep_last_lines(
    mut stderr: tokio::process::ChildStderr,
    into: Arc<Mutex<VecDeque<String>>>,
    mut log: Option<std::fs::File>,
) {
    use std::io::Write;
    use tokio::io::AsyncReadExt;
    let mut logged = log.as_ref().and_then(|file| file.metadata().ok()).map_or(0, |meta| meta.len());
    let mut line: Vec<u8> = Vec::new();
    let mut chunk = vec![0u8; 8192];
    while let Ok(n) = stderr.read(&mut chunk).await
        && n > 0
    {
        let chunk = &chunk[..n];
        if let Some(file) = log.as_mut() {
            let room = usize::try_from(LOG_BYTES.saturating_sub(logged)).unwrap_or(usize::MAX);
            let written = file.write_all(&chunk[..n.min(room)]);
            logged += n.min(room) as u64;
            if n > room {
                let _ = writeln!(file, "\n--- toolsh stopped this log at {LOG_BYTES} bytes; the server goes on ---");
            }
            if n > room || written.is_err() {
                log = None; // a full log or disk stops the log, not the server
            }
        }
        for piece in chunk.split_inclusive(|byte| *byte == b'\n') {
            let (text, ends) = match piece.strip_suffix(b"\n") {
                Some(text) => (text, true),
                None => (piece, false),
            };
            line.extend_from_slice(&text[..text.len().min(LINE_BYTES.saturating_sub(line.len()))]);
            if ends {
                let mut kept = into.lock().unwrap_or_else(|p| p.into_inner());
                if kept.len() == STDERR_LINES {
                    kept.pop_front();
                }
                kept.push_back(toolsh_bytes::lossy(&line).into_owned());
                line.clear();
            }
        }
    }
}

/// The stdio servers toolsh started, by process id (each leads its own process group).
static STARTED: Mutex<Vec<u32>> = Mutex::new(Vec::new());

/// Ends the process group of every stdio server toolsh started that is still its child: a
/// server busy in a call (which reads no more of its input, so never sees it close) would
/// otherwise outlive toolsh, still working. A server that already ended, whose id the system
/// may have given another process since, is left alone (it is no longer toolsh's child).
#[allow(clippy::disallowed_methods)] // reads /proc/PID/stat of toolsh's own children
pub fn end_servers() {
    let me = std::process::id();
    for pid in std::mem::take(&mut *STARTED.lock().unwrap_or_else(|p| p.into_inner())) {
        // /proc/PID/stat: "PID (COMM) STATE PPID …", COMM possibly holding blanks or ')'.
        let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
        let parent = stat.rsplit_once(')').and_then(|(_, rest)| rest.split_whitespace().nth(1)?.parse::<u32>().ok());
        if parent == Some(me)
            && let Ok(group) = i32::try_from(pid)
        {
            let _ = nix::sys::signal::killpg(nix::unistd::Pid::from_raw(group), nix::sys::signal::Signal::SIGKILL);
        }
    }
}

/// `value` with every `${NAME}` replaced by the host variable `NAME`; `Err` names one unset.
pub(crate) fn with_host_variables(value: &str) -> Result<String, String> {
    let mut out = String::new();
    let mut rest = value;
    while let Some(start) = rest.find("${") {
        let Some(len) = rest[start + 2..].find('}') else { break };
        let name = &rest[start + 2..start + 2 + len];
        #[allow(clippy::disallowed_methods)] // the operator's declaration names the variable
        let found = std::env::var(name).map_err(|_| name.to_string())?;
        out.push_str(&rest[..start]);
        out.push_str(&found);
        rest = &rest[start + 3 + len..];
    }
    out.push_str(rest);
    Ok(out)
}

/// A call in progress: where its progress goes, and whom its server's questions go to.
struct InFlight {
    meter: Arc<crate::tools::Meter>,
    gate: Arc<crate::tools::Gate>,
}

/// A call's progress token, listened to while it lives.
struct Listening {
    connection: Arc<Connection>,
    token: String,
}

impl Listening {
    fn new(connection: &Arc<Connection>, token: &str, call: InFlight) -> Listening {
        connection.calls.lock().unwrap_or_else(|p| p.into_inner()).insert(token.to_string(), call);
        Listening { connection: connection.clone(), token: token.to_string() }
    }
}

impl Drop for Listening {
    fn drop(&mut self) {
        self.connection.calls.lock().unwrap_or_else(|p| p.into_inner()).remove(&self.token);
    }
}

/// A request the caller gave up (its deadline, its timeout, Ctrl-C): the server is told, so
/// it stops the work.
struct Abandoned {
    peer: rmcp::Peer<RoleClient>,
    id: Option<rmcp::model::RequestId>,
}

impl Drop for Abandoned {
    fn drop(&mut self) {
        if let Some(id) = self.id.take() {
            let peer = self.peer.clone();
            let cancelled =
                rmcp::model::CancelledNotificationParam::new(Some(id), Some("toolsh stopped the call".to_string()));
            // Dropped on the connections' runtime (the call's task); outside any, nobody is left
            // to tell.
            if let Ok(runtime) = tokio::runtime::Handle::try_current() {
                runtime.spawn(async move {
                    let _ = peer.notify_cancelled(cancelled).await;
                });
            }
        }
    }
}
