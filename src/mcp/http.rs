//! `toolsh mcp --http ADDR`: the `shell` tool over Streamable HTTP, many clients in one process.
//!
//! Each MCP session (one `initialize` handshake, named by the `Mcp-Session-Id` header) gets
//! its own [`Shell`] made with [`Shell::new_session`] from the configured one: the workspace,
//! tools, policy and store are shared; variables, functions, cwd, the in-memory `/tmp`, the
//! audit session and the approval channel are the session's own. The sessions share one list
//! of tool definitions (and, for a shape that restarts, the template a restart starts from).
//! A session ended by the client (`DELETE`) is dropped. Only `/mcp` is served.
//!
//! Idle sessions leave memory. With a store (the default), every session is kept there after
//! each call that changed it, so one idle for [`Limits::idle_after`] (`--session-idle`, 60 s
//! by default) with no call running and no job of its own still running is closed in memory
//! and opened again from the store, transparently, when its client comes back (as after a
//! restart: its handshake replayed, its shell restored). Without a store, or with
//! `--session-idle 0`, a session stays in memory until it has been idle for five minutes, and
//! is then dropped. Against DNS
//! rebinding and pages in a browser (`forbidden`): a request must carry exactly one `Host`
//! naming a loopback host or the bound address, with the bound port; an `Origin`, when sent,
//! must be that same origin (`null` and foreign origins are refused). Refusals are 403.
//!
//! One client cannot hold the server: sessions are capped ([`Limits::max_sessions`]; past it a
//! new one is refused with 503 and a JSON-RPC error saying so), and a connection that does not
//! finish sending a request's headers within [`Limits::header_timeout`] — a half-open one, or
//! an idle keep-alive one — is closed. A session in memory costs about 100 KiB when idle
//! (`scripts/bench.sh scale-sessions`), so the default cap bounds them at about 100 MiB; the cap
//! counts the sessions in memory, not those resting in the store.

use super::{ElicitingApprover, ShellServer};
use crate::contract::Caps;
use crate::interp::Shell;
use bytes::Bytes;
use http_body_util::{BodyExt, Full};
use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
use rmcp::transport::streamable_http_server::session::store::{SessionState, SessionStore, SessionStoreError};
use rmcp::transport::streamable_http_server::{SessionManager, StreamableHttpServerConfig, StreamableHttpService};
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};

/// How long a session kept in the store may wait for its client to come back.
pub const KEPT_FOR: std::time::Duration = std::time::Duration::from_secs(7 * 24 * 3600);

/// The one path the server answers on.
pub const PATH: &str = "/mcp";

/// What the HTTP server lets clients hold.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Sessions alive at once.
    pub max_sessions: usize,
    /// Time a connection has to send a request's headers (also the idle time of a kept-alive
    /// connection between requests).
    pub header_timeout: std::time::Duration,
    /// With a store, how long a session may sit idle (no call running, no job running) before
    /// it leaves memory for the store; zero keeps it in memory.
    pub idle_after: std::time::Duration,
}

impl Default for Limits {
    fn default() -> Self {
        Limits { max_sessions: 1000, header_timeout: std::time::Duration::from_secs(30), idle_after: IDLE_AFTER }
    }
}

/// How long a session kept in the store stays in memory while idle, by default.
pub const IDLE_AFTER: std::time::Duration = std::time::Duration::from_secs(60);

/// The sessions in memory, by id: when each was last asked something, and its shell (to see
/// whether a call or a job still runs in it).
type Resident = Arc<Mutex<std::collections::HashMap<String, Held>>>;

/// A session in memory.
struct Held {
    last: std::time::Instant,
    shell: std::sync::Weak<tokio::sync::Mutex<Shell>>,
}

tokio::task_local! {
    /// The shell of the session the factory made while a request was handled, if it made one
    /// (an `initialize`, or a session opened again from the store).
    static OPENED: std::cell::RefCell<Option<Arc<tokio::sync::Mutex<Shell>>>>;
}

/// Marks session `id` as asked something now.
fn touch(resident: &Resident, id: &str, opened: Option<&Arc<tokio::sync::Mutex<Shell>>>) {
    let mut resident = resident.lock().unwrap_or_else(|p| p.into_inner());
    let held = resident
        .entry(id.to_string())
        .or_insert_with(|| Held { last: std::time::Instant::now(), shell: std::sync::Weak::new() });
    held.last = std::time::Instant::now();
    // The first shell made for it is its own (a later one would be a throwaway the library
    // made to read a tool's schema).
    if let Some(shell) = opened
        && held.shell.upgrade().is_none()
    {
        held.shell = Arc::downgrade(shell);
    }
}

/// Serves until the process ends. `listening` learns the bound address (the port may have
/// been 0) once connections are accepted.
pub async fn serve(
    template: Shell,
    caps: Caps,
    shape: super::shape::Shape,
    addr: SocketAddr,
    limits: Limits,
    listening: impl FnOnce(SocketAddr),
) -> Result<(), String> {
    let listener =
        tokio::net::TcpListener::bind(addr).await.map_err(|e| format!("mcp: cannot listen on {addr}: {e}"))?;
    let bound = listener.local_addr().map_err(|e| format!("mcp: {e}"))?;
    // With a store, sessions outlive the process: their handshakes and shells are kept there,
    // for a week after their last call.
    let kept = template.store();
    if let Some(store) = &kept {
        let _ = store.drop_stale_sessions("mcp:", crate::store::now_ms() - KEPT_FOR.as_millis() as i64);
    }
    // The tools every session lists, made once: the sessions are the template's, with its
    // description. `new_session` borrows the template; the factory runs on any worker, hence
    // the lock (the template is also what a restarting shape starts again from).
    let tools: Arc<[rmcp::model::Tool]> = super::shape_tools(&template, shape).into();
    let template = Arc::new(Mutex::new(template));
    let store_turn = Arc::new(tokio::sync::Semaphore::new(1));
    let running = super::RunningCalls::default();
    let listed = running.clone();
    let turns = super::turns::SessionTurns::default();
    let queued = turns.clone();
    let keeps = kept.is_some();
    let factory = move || {
        let approver = Arc::new(ElicitingApprover::default());
        let shell = template.lock().unwrap_or_else(|p| p.into_inner()).new_session(Some(approver.clone()));
        let mut server = ShellServer::session(shell, caps, shape, tools.clone(), template.clone(), store_turn.clone())
            .with_approver(approver);
        // The request being handled learns the session's shell (see `touch`).
        let _ = OPENED.try_with(|opened| *opened.borrow_mut() = Some(server.shell.clone()));
        server.sessions_only = true;
        server.kept_by_id = keeps;
        server.running = Some(listed.clone());
        server.turns = queued.clone();
        Ok(server)
    };
    let mut hosts = vec!["localhost".to_string(), "127.0.0.1".to_string(), "::1".to_string()];
    if !bound.ip().is_unspecified() {
        hosts.push(bound.ip().to_string());
    }
    let mut config = StreamableHttpServerConfig::default().with_allowed_hosts(hosts);
    if let Some(store) = &kept {
        config.session_store = Some(Arc::new(KeptSessions(store.clone())));
    }
    let sessions = Arc::new(LocalSessionManager::default());
    let service = StreamableHttpService::new(factory, sessions.clone(), config);
    let resident = Resident::default();
    if kept.is_some() && !limits.idle_after.is_zero() {
        tokio::spawn(put_idle_to_rest(
            resident.clone(),
            sessions.clone(),
            running.clone(),
            turns.clone(),
            limits.idle_after,
        ));
    }
    listening(bound);
    loop {
        let (stream, _) = match listener.accept().await {
            Ok(accepted) => accepted,
            // Out of file descriptors and the like: refuse this one, keep serving the rest.
            Err(_) => {
                tokio::time::sleep(std::time::Duration::from_millis(10)).await;
                continue;
            }
        };
        // Answers are small and written in pieces (SSE framing): without this, Nagle's
        // algorithm meets the client's delayed ACK and every answer waits 40 ms.
        let _ = stream.set_nodelay(true);
        let service = service.clone();
        let sessions = sessions.clone();
        let running = running.clone();
        let turns = turns.clone();
        let kept = kept.clone();
        let resident = resident.clone();
        let route = hyper::service::service_fn(move |request: hyper::Request<hyper::body::Incoming>| {
            let service = service.clone();
            let sessions = sessions.clone();
            let running = running.clone();
            let turns = turns.clone();
            let kept = kept.clone();
            let resident = resident.clone();
            async move {
                if let Some(why) = forbidden(request.headers(), bound) {
                    return Ok(refused(why));
                }
                // Ending a session stops its running calls now (the MCP library would let them
                // run for another five seconds, then cancel them).
                if request.method() == hyper::Method::DELETE
                    && let Some(id) = request.headers().get("mcp-session-id").and_then(|v| v.to_str().ok())
                {
                    let calls = running.lock().unwrap_or_else(|p| p.into_inner()).remove(id).unwrap_or_default();
                    calls.into_iter().for_each(|(_, token)| token.cancel());
                    turns.lock().unwrap_or_else(|p| p.into_inner()).remove(id);
                    resident.lock().unwrap_or_else(|p| p.into_inner()).remove(id);
                    // The client ended it: nothing of it is kept for a restart.
                    if let Some(store) = &kept {
                        let _ = store.drop_session(&super::kept_name(id));
                    }
                }
                // A POST without a session id opens a session (its `initialize`).
                let opens =
                    request.method() == hyper::Method::POST && !request.headers().contains_key("mcp-session-id");
                if request.uri().path() == PATH && opens && sessions.sessions.read().await.len() >= limits.max_sessions
                {
                    return Ok(too_many_sessions(limits.max_sessions));
                }
                if request.uri().path() == PATH {
                    let ending = request.method() == hyper::Method::DELETE;
                    let asked = request
                        .headers()
                        .get("mcp-session-id")
                        .and_then(|v| v.to_str().ok())
                        .map(str::to_string)
                        .filter(|_| !ending);
                    // Asked something now: not idle (before it is handled, so a session being
                    // put to rest is seen as busy again).
                    if let Some(id) = &asked {
                        touch(&resident, id, None);
                    }
                    let (request, queued) = match arrive(request, &turns).await {
                        Ok(read) => read,
                        Err(response) => return Ok(response),
                    };
                    let (mut response, opened) = OPENED
                        .scope(std::cell::RefCell::new(None), async {
                            let response = service.handle(request).await;
                            (response, OPENED.with(|opened| opened.borrow_mut().take()))
                        })
                        .await;
                    let id = asked.or_else(|| {
                        response.headers().get("mcp-session-id").and_then(|v| v.to_str().ok()).map(str::to_string)
                    });
                    if let Some(id) = &id
                        && !ending
                    {
                        touch(&resident, id, opened.as_ref());
                        // The answer's end counts as activity too (a long call's stream).
                        let done = Touched { resident: resident.clone(), id: id.clone() };
                        response = response.map(|body| {
                            body.map_frame(move |frame| {
                                let _ = &done;
                                frame
                            })
                            .boxed()
                        });
                    }
                    if let Some((turns, id)) = queued {
                        // Answered: a call that never took its turn leaves the queue now.
                        let left = Left { turns, id };
                        response = response.map(|body| {
                            body.map_frame(move |frame| {
                                let _ = &left;
                                frame
                            })
                            .boxed()
                        });
                    }
                    // rmcp acknowledges a session's end with 202; the official SDKs expect
                    // 200 or 204 and log a failure otherwise.
                    if ending && response.status() == hyper::StatusCode::ACCEPTED {
                        *response.status_mut() = hyper::StatusCode::OK;
                    }
                    Ok::<_, std::convert::Infallible>(response)
                } else {
                    Ok(not_found())
                }
            }
        });
        tokio::spawn(async move {
            let io = hyper_util::rt::TokioIo::new(stream);
            // A client that goes away mid-request is its own business: nothing to report.
            let _ = hyper::server::conn::http1::Builder::new()
                .timer(hyper_util::rt::TokioTimer::new())
                .header_read_timeout(limits.header_timeout)
                .serve_connection(io, route)
                .await;
        });
    }
}

/// The most a POST's body may hold (one JSON-RPC message).
const MAX_BODY: usize = 16 << 20;

/// The body of a response served.
type Body = http_body_util::combinators::BoxBody<Bytes, std::convert::Infallible>;

/// A request read whole; when it is a call of a session, the call is queued in that
/// session's turns (calls of one session take the shell in the order they arrived here).
async fn arrive(
    request: hyper::Request<hyper::body::Incoming>,
    turns: &super::turns::SessionTurns,
) -> Result<
    (hyper::Request<Full<Bytes>>, Option<(Arc<super::turns::Turns>, rmcp::model::RequestId)>),
    hyper::Response<Body>,
> {
    let session = request.headers().get("mcp-session-id").and_then(|v| v.to_str().ok()).map(str::to_string);
    let (parts, body) = request.into_parts();
    let bytes = match http_body_util::Limited::new(body, MAX_BODY).collect().await {
        Ok(collected) => collected.to_bytes(),
        Err(_) => {
            let body = Full::new(Bytes::from(format!("toolsh: a request body may hold at most {MAX_BODY} bytes\n")));
            let mut response = hyper::Response::new(body.boxed());
            *response.status_mut() = hyper::StatusCode::PAYLOAD_TOO_LARGE;
            return Err(response);
        }
    };
    let queued = session.and_then(|session| {
        let message = serde_json::from_slice::<rmcp::model::ClientJsonRpcMessage>(&bytes).ok()?;
        let id = super::turns::takes_a_turn(&message)?;
        let turns = super::turns::of(turns, &session);
        turns.arrived(id.clone());
        Some((turns, id))
    });
    Ok((hyper::Request::from_parts(parts, Full::new(bytes)), queued))
}

/// Marks a session as asked something when an answer's body is dropped (sent or abandoned).
struct Touched {
    resident: Resident,
    id: String,
}

impl Drop for Touched {
    fn drop(&mut self) {
        touch(&self.resident, &self.id, None);
    }
}

/// Closes in memory every session idle for `idle_after` with no call and no job running: it
/// rests in the store, which opens it again when its client comes back. Sessions whose
/// server ended (rmcp closed them) are forgotten.
async fn put_idle_to_rest(
    resident: Resident,
    sessions: Arc<LocalSessionManager>,
    running: super::RunningCalls,
    turns: super::turns::SessionTurns,
    idle_after: std::time::Duration,
) {
    let every = (idle_after / 4).clamp(std::time::Duration::from_millis(250), std::time::Duration::from_secs(15));
    loop {
        tokio::time::sleep(every).await;
        let idle: Vec<(String, std::sync::Weak<tokio::sync::Mutex<Shell>>)> = resident
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .iter()
            .filter(|(_, held)| held.last.elapsed() >= idle_after)
            .map(|(id, held)| (id.clone(), held.shell.clone()))
            .collect();
        for (id, shell) in idle {
            let busy = running.lock().unwrap_or_else(|p| p.into_inner()).contains_key(&id);
            let rests = match shell.upgrade() {
                // A call holds the shell, or a job of the session runs: it stays.
                Some(shell) => !busy && shell.try_lock().is_ok_and(|shell| !shell.has_running_jobs()),
                // Its server is gone: only the entry is left to forget.
                None => true,
            };
            if !rests {
                continue;
            }
            {
                // Asked something since it was looked at: it stays.
                let mut resident = resident.lock().unwrap_or_else(|p| p.into_inner());
                if resident.get(&id).is_none_or(|held| held.last.elapsed() < idle_after) {
                    continue;
                }
                resident.remove(&id);
            }
            turns.lock().unwrap_or_else(|p| p.into_inner()).remove(&id);
            let _ = sessions.close_session(&id.as_str().into()).await;
        }
    }
}

/// A call's place in its session's queue, left when dropped.
struct Left {
    turns: Arc<super::turns::Turns>,
    id: rmcp::model::RequestId,
}

impl Drop for Left {
    fn drop(&mut self) {
        self.turns.done(&self.id);
    }
}

/// Why a request's `Host` or `Origin` headers are refused, if they are: the host must be one
/// of the names this server answers to, on its port, said once; an origin must be this server.
fn forbidden(headers: &hyper::HeaderMap, bound: SocketAddr) -> Option<&'static str> {
    let mut hosts = headers.get_all(hyper::header::HOST).iter();
    let (Some(host), None) = (hosts.next(), hosts.next()) else {
        return Some("exactly one Host header is required");
    };
    let ours = |authority: &str| -> bool {
        let (name, port) = match authority.rsplit_once(':') {
            Some((name, port)) if !name.ends_with(':') || name.starts_with('[') => (name, Some(port)),
            _ => (authority, None),
        };
        let name = name.trim_start_matches('[').trim_end_matches(']');
        let known = matches!(name, "localhost" | "127.0.0.1" | "::1")
            || (!bound.ip().is_unspecified() && name.parse::<std::net::IpAddr>().is_ok_and(|ip| ip == bound.ip()));
        let port_ok = match port {
            Some(port) => port.parse::<u16>().is_ok_and(|p| p == bound.port()),
            None => bound.port() == 80,
        };
        known && port_ok && !authority.is_empty()
    };
    if !host.to_str().is_ok_and(|h| ours(h.trim())) {
        return Some("the Host header does not name this server");
    }
    let mut origins = headers.get_all(hyper::header::ORIGIN).iter();
    match (origins.next(), origins.next()) {
        (None, _) => None,
        (Some(origin), None) if origin.to_str().ok().and_then(|o| o.strip_prefix("http://")).is_some_and(ours) => None,
        _ => Some("the Origin is not this server (a page elsewhere may not call it)"),
    }
}

/// 403 saying why.
fn refused(why: &str) -> hyper::Response<http_body_util::combinators::BoxBody<Bytes, std::convert::Infallible>> {
    let body = Full::new(Bytes::from(format!("toolsh: forbidden: {why}\n"))).boxed();
    let mut response = hyper::Response::new(body);
    *response.status_mut() = hyper::StatusCode::FORBIDDEN;
    response
}

/// 503 with a JSON-RPC error a client can show: the server holds as many sessions as it may.
fn too_many_sessions(
    max: usize,
) -> hyper::Response<http_body_util::combinators::BoxBody<Bytes, std::convert::Infallible>> {
    let error = serde_json::json!({
        "jsonrpc": "2.0",
        "id": null,
        "error": {"code": -32000, "message": format!("toolsh: too many sessions (at most {max}); end one (DELETE) or wait for an idle one to expire")},
    });
    let body = Full::new(Bytes::from(error.to_string())).boxed();
    let mut response = hyper::Response::new(body);
    *response.status_mut() = hyper::StatusCode::SERVICE_UNAVAILABLE;
    response
        .headers_mut()
        .insert(hyper::header::CONTENT_TYPE, hyper::header::HeaderValue::from_static("application/json"));
    response
}

fn not_found() -> hyper::Response<http_body_util::combinators::BoxBody<Bytes, std::convert::Infallible>> {
    let body = Full::new(Bytes::from(format!("toolsh serves MCP on {PATH} only\n"))).boxed();
    let mut response = hyper::Response::new(body);
    *response.status_mut() = hyper::StatusCode::NOT_FOUND;
    response
}

/// The handshakes of the server's sessions kept in the store, so that after a restart rmcp
/// replays a session's `initialize` when its client comes back with its `Mcp-Session-Id`
/// (and [`ShellServer`] then restores the shell saved under that id).
pub struct KeptSessions(pub Arc<crate::store::Store>);

#[async_trait::async_trait]
impl SessionStore for KeptSessions {
    async fn load(&self, id: &str) -> Result<Option<SessionState>, SessionStoreError> {
        match self.0.load_mcp_session(id)? {
            Some(text) => Ok(Some(serde_json::from_str(&text)?)),
            None => Ok(None),
        }
    }

    async fn store(&self, id: &str, state: &SessionState) -> Result<(), SessionStoreError> {
        Ok(self.0.save_mcp_session(id, &serde_json::to_string(state)?)?)
    }

    async fn delete(&self, id: &str) -> Result<(), SessionStoreError> {
        Ok(self.0.drop_mcp_session(id)?)
    }
}
