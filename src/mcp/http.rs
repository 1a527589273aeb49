//! `toolsh mcp --http ADDR`: the `shell` tool over Streamable HTTP, many clients in one process.
//!
//! Each MCP session (one `initialize` handshake, named by the `Mcp-Session-Id` header) gets
//! its own [`Shell`] made with [`Shell::new_session`] from the configured one: the workspace,
//! tools, policy and store are shared; variables, functions, cwd, the in-memory `/tmp`, the
//! audit session and the approval channel are the session's own. The sessions share one list
//! of tool definitions (and, for a shape that restarts, the template a restart starts from).
//! A session ended by the client (`DELETE`) is dropped. Only `/mcp` is served.
//!
//! Idle sessions shrink, then leave memory. A session with nothing in flight for
//! [`PARK_AFTER`] (no request being answered, no stream open, no call or job running) rests
//! in memory as its own parts: the MCP library's service for it (its session worker, service
//! task and their channels: most of what a session held) is closed, and its next request opens
//! a new one over the same shell, the handshake replayed from memory. With a store (the
//! default), every session is kept there after each call that changed it, so one idle for
//! [`Limits::idle_after`] (`--session-idle`, 60 s by default) leaves memory, and is opened
//! again from the store, transparently, when its client comes back (as after a restart: its
//! handshake replayed, its shell restored). Without a store, or with `--session-idle 0`, a
//! session stays in memory until it has been idle for five minutes, and is then dropped (not
//! while its client holds its standalone stream open: it is connected).
//!
//! A client's standalone GET stream (the official SDKs hold one open) does not keep its session
//! from resting: the stream is the server's own, held open while the session rests and fed by
//! its service again when a request opens it (`listen.rs`). Once sessions rest, each
//! runtime worker going idle hands the pages their services freed back to the system
//! ([`worker_idle`]). `GET /status` ([`STATUS`]) gives the server's figures as JSON.
//!
//! Against DNS rebinding and pages in a browser (`forbidden`): a request must carry exactly one `Host`
//! naming a loopback host or the bound address, with the bound port; an `Origin`, when sent,
//! must be that same origin (`null` and foreign origins are refused). Refusals are 403.
//!
//! One client cannot hold the server: sessions are capped ([`Limits::max_sessions`]; past it a
//! new one is refused with 503 and a JSON-RPC error saying so), and a connection that does not
//! finish sending a request's headers within [`Limits::header_timeout`] — a half-open one, or
//! an idle keep-alive one — is closed. The cap counts the sessions in memory, resting or not,
//! not those in the store (`scripts/bench.sh scale-sessions` measures what each costs).

use super::{ElicitingApprover, ShellServer};
use super::{PATH, RETRY};
use crate::contract::Caps;
use crate::interp::Shell;
use bytes::Bytes;
use http_body_util::{BodyExt, Full};
use rmcp::transport::streamable_http_server::session::local::{LocalSessionManager, LocalSessionManagerError};
use rmcp::transport::streamable_http_server::session::store::{SessionState, SessionStore, SessionStoreError};
use rmcp::transport::streamable_http_server::session::{RestoreOutcome, ServerSseMessage, SessionId};
use rmcp::transport::streamable_http_server::{SessionManager, StreamableHttpServerConfig, StreamableHttpService};
use std::net::SocketAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

/// How long a session kept in the store may wait for its client to come back.
pub const KEPT_FOR: std::time::Duration = std::time::Duration::from_secs(7 * 24 * 3600);

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
    /// How long a session goes with nothing in flight before it rests in memory without the
    /// MCP library's service ([`PARK_AFTER`] by default; `--session-park`).
    pub park_after: std::time::Duration,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_sessions: 1000,
            header_timeout: std::time::Duration::from_secs(30),
            idle_after: IDLE_AFTER,
            park_after: PARK_AFTER,
        }
    }
}

/// How long a session kept in the store stays in memory while idle, by default.
pub const IDLE_AFTER: std::time::Duration = std::time::Duration::from_secs(60);

/// How long a session goes with nothing in flight (no request being answered, no stream
/// open, no call or job running) before the MCP library's service for it is closed and it
/// rests in memory as its own parts: its shell and what the server keeps beside it, about a
/// third of what it held with the service (the library's session worker, its service task
/// and their seven channels, each allocating its first block of 32 message slots when made).
/// Its next request opens a service again over the same shell (about 0.1 ms; the library
/// replays the handshake kept in memory). At most `--session-idle`; `--session-park` sets it.
pub const PARK_AFTER: std::time::Duration = std::time::Duration::from_secs(2);

/// How long a stream that ended before its end was sent keeps its session's service: the
/// library keeps a finished stream's events that long for a client that resumes it
/// (`Last-Event-ID`; rmcp's `SessionConfig::DEFAULT_COMPLETED_CACHE_TTL`).
const RESUMABLE_FOR: std::time::Duration = std::time::Duration::from_secs(60);

/// The path of the server's figures (`status`): its sessions and streams, as JSON.
pub const STATUS: &str = "/status";

/// Without a store (or with `--session-idle 0`), how long an idle session stays in memory
/// before it is dropped: the library's own keep-alive for a session it serves.
const KEEP_ALIVE: std::time::Duration = std::time::Duration::from_secs(300);

/// The server's sessions in memory, by id (see [`Held`]), a wake-up for requests that
/// arrived while their session's service was being closed or opened, the standalone streams
/// clients hold (see [`super::listen`]), and what [`STATUS`] counts.
#[derive(Default)]
struct Sessions {
    held: Mutex<std::collections::HashMap<String, Held>>,
    parked: tokio::sync::Notify,
    listeners: Arc<super::listen::Listeners>,
    /// Services closed for a rest, since the server started.
    rests: AtomicU64,
    /// Services opened again for a session resting in memory or kept in the store.
    wakes: AtomicU64,
    /// Standalone streams clients opened.
    listens: AtomicU64,
    /// A store keeps the sessions: one that leaves memory can be opened again from it.
    kept: bool,
}

impl Sessions {
    fn lock(&self) -> std::sync::MutexGuard<'_, std::collections::HashMap<String, Held>> {
        self.held.lock().unwrap_or_else(|p| p.into_inner())
    }
}

/// A session in memory: served by the library's service, or resting (`resting`: its shell,
/// held here alone while no service runs).
struct Held {
    /// When it was last asked something or last answered.
    last: std::time::Instant,
    /// Its requests being answered now (a stream open counts until it ends).
    in_flight: u32,
    /// When a stream of it last ended before its end was sent: the client may resume it.
    cut_short: Option<std::time::Instant>,
    /// Its service is being closed: a request waits for that, then opens a new one.
    closing: bool,
    /// A request of it is opening a service for it (see [`open_closed`]): the others wait.
    opening: bool,
    /// What it holds of its own, once a service was made for it.
    parts: Option<super::SessionParts>,
    /// Its shell while no service holds it.
    resting: Option<Arc<tokio::sync::Mutex<Shell>>>,
    /// Its `initialize`, replayed by the library when a service is opened for it again.
    handshake: Option<SessionState>,
}

impl Held {
    fn new() -> Self {
        Held {
            last: std::time::Instant::now(),
            in_flight: 0,
            cut_short: None,
            closing: false,
            opening: false,
            parts: None,
            resting: None,
            handshake: None,
        }
    }
}

/// What the factory learns from the request it runs for, and tells it.
struct Handling {
    /// The session the request names.
    asked: Option<String>,
    /// The parts of the session the factory made a service for (an `initialize`, or a session
    /// opened again), if it made one.
    opened: Option<super::SessionParts>,
}

tokio::task_local! {
    static HANDLING: std::cell::RefCell<Handling>;
}

/// For the server's runtime (`on_thread_park`): a worker going idle returns the memory it holds
/// free to the system once after sessions were put to rest or left memory (see
/// [`toolsh_alloc::ask_release`]: their services' blocks, freed from whichever worker closed
/// them, stay in their pages until the worker that made them takes them in).
pub fn worker_idle() {
    thread_local! {
        static SEEN: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
    }
    SEEN.with(|seen| {
        let mut last = seen.get();
        toolsh_alloc::release_if_asked(&mut last);
        seen.set(last);
    });
}

/// A request of session `id` arrived: it is in flight until the guard is dropped. When the
/// session's service is being closed, waits for that first (the request then opens a new one).
async fn arrived(sessions: &Arc<Sessions>, id: &str) -> InFlight {
    loop {
        let closed = sessions.parked.notified();
        tokio::pin!(closed);
        // Registered before looking, so a wake-up between the look and the wait is not missed.
        closed.as_mut().enable();
        {
            let mut held = sessions.lock();
            let held = held.entry(id.to_string()).or_insert_with(Held::new);
            if !held.closing {
                held.in_flight += 1;
                held.last = std::time::Instant::now();
                return InFlight { sessions: sessions.clone(), id: id.to_string(), ended: false };
            }
        }
        closed.await;
    }
}

/// Opens session `id` when the library serves no service for it (it rests in memory, or in the
/// store), before its client's request reaches the library. The library opens one for the
/// first request that finds none (it replays the session's handshake), but makes it known
/// before the handshake is replayed: a second request arriving meanwhile talks to it first,
/// and the new service ends ("session service terminated"). So the first request of a closed
/// session opens it with a notification of the server's own (`notifications/initialized`,
/// which a session takes and ignores), and the others wait until that is answered.
async fn open_closed(
    sessions: &Arc<Sessions>,
    manager: &LocalSessionManager,
    service: &StreamableHttpService<ShellServer, Manager>,
    id: &str,
    headers: &hyper::HeaderMap,
) {
    loop {
        let opened = sessions.parked.notified();
        tokio::pin!(opened);
        // Registered before looking, so a wake-up between the look and the wait is not missed.
        opened.as_mut().enable();
        // Looked at before whether it is being opened: a service found while none is being
        // opened is one whose handshake is over.
        let served = manager.has_session(&id.into()).await.unwrap_or(true);
        {
            let mut held = sessions.lock();
            let held = held.entry(id.to_string()).or_insert_with(Held::new);
            if !held.opening {
                if served {
                    return;
                }
                held.opening = true;
                break;
            }
        }
        opened.await;
    }
    // Over when dropped (the client may leave mid-way): the others go on.
    let _opening = Opening { sessions: sessions.clone(), id: id.to_string() };
    let body = Full::new(Bytes::from_static(br#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#));
    let mut request = hyper::Request::new(body);
    *request.method_mut() = hyper::Method::POST;
    *request.uri_mut() = hyper::Uri::from_static(PATH);
    for name in [hyper::header::HOST.as_str(), "mcp-protocol-version", "mcp-session-id"] {
        if let Some(value) = headers.get(name) {
            request.headers_mut().insert(name, value.clone());
        }
    }
    let json = hyper::header::HeaderValue::from_static("application/json");
    request.headers_mut().insert(hyper::header::CONTENT_TYPE, json);
    let accept = hyper::header::HeaderValue::from_static("application/json, text/event-stream");
    request.headers_mut().insert(hyper::header::ACCEPT, accept);
    let handling = Handling { asked: Some(id.to_string()), opened: None };
    let (served, made) = HANDLING
        .scope(std::cell::RefCell::new(handling), async {
            let served = service.handle(request).await.status().is_success();
            (served, HANDLING.with(|handling| handling.borrow_mut().opened.take()))
        })
        .await;
    opened(sessions, id, made, served);
    drop(_opening);
    if served {
        sessions.wakes.fetch_add(1, Ordering::Relaxed);
        // Its client's streams, held while it rested, hear the new service. After the opening
        // is over (a stream that came meanwhile either was held before it ended, and is found
        // here, or saw it over, and attached itself: `listen`); before the request is answered.
        attach(sessions, service, id).await;
    }
}

/// Feeds the held standalone streams of session `id` from the service now serving it (see
/// [`super::listen`]): a library GET for each, made while a request of the session is in
/// flight (so the service is not closed under it) and none is opening it.
async fn attach(sessions: &Sessions, service: &StreamableHttpService<ShellServer, Manager>, id: &str) {
    for listener in sessions.listeners.detached(id) {
        let response = service.handle(listener.request()).await;
        let status = response.status();
        listener.attached(status.is_success().then(|| response.into_body()), status == hyper::StatusCode::NOT_FOUND);
    }
}

/// Answers a client's GET of session `id`'s standalone stream (see [`super::listen`]) with a
/// stream of the server's own, fed by the session's service while one serves it and held while
/// the session rests (in memory, or in the store): it never opens the session. A session the
/// server does not know is not found, as the library says.
async fn listen(
    sessions: &Arc<Sessions>,
    manager: &LocalSessionManager,
    service: &StreamableHttpService<ShellServer, Manager>,
    store: Option<&crate::store::Store>,
    id: &str,
    headers: &hyper::HeaderMap,
) -> hyper::Response<Body> {
    let listener = super::listen::Listener::new(id, headers);
    // Whether the store keeps the session, looked up (once) when it is not in memory.
    let mut stored = None;
    let (body, flight) = loop {
        let changed = sessions.parked.notified();
        tokio::pin!(changed);
        // Registered before looking, so a wake-up between the look and the wait is not missed.
        changed.as_mut().enable();
        {
            let mut held = sessions.lock();
            match held.get_mut(id) {
                // Being closed or opened: looked at again once that is over.
                Some(held) if held.closing || held.opening => {}
                // In memory: registered under the lock, so a request opening it either finds
                // it once that is over (`open_closed`) or was over before, and it is attached
                // below. In flight meanwhile: its service is not closed under the attaching.
                Some(held) if held.resting.is_some() || held.parts.is_some() || held.handshake.is_some() => {
                    held.in_flight += 1;
                    held.last = std::time::Instant::now();
                    let flight = InFlight { sessions: sessions.clone(), id: id.to_string(), ended: true };
                    break (listener.body(sessions.listeners.clone()), Some(flight));
                }
                _ => match stored {
                    Some(true) => break (listener.body(sessions.listeners.clone()), None),
                    Some(false) => {
                        let body = Full::new(Bytes::from_static(b"Not Found: Session not found")).boxed();
                        let mut response = hyper::Response::new(body);
                        *response.status_mut() = hyper::StatusCode::NOT_FOUND;
                        return response;
                    }
                    None => {
                        drop(held);
                        stored = Some(store.is_some_and(|store| store.load_mcp_session(id).ok().flatten().is_some()));
                        continue;
                    }
                },
            }
        }
        changed.await;
    };
    sessions.listens.fetch_add(1, Ordering::Relaxed);
    // Served now (not resting, no opening under way): the stream is fed at once.
    if flight.is_some() && manager.has_session(&id.into()).await.unwrap_or(false) {
        let open = sessions.lock().get(id).is_some_and(|held| held.resting.is_none() && !held.opening);
        if open {
            attach(sessions, service, id).await;
        }
    }
    drop(flight);
    let mut response = hyper::Response::new(body.boxed());
    let headers = response.headers_mut();
    headers.insert(hyper::header::CONTENT_TYPE, hyper::header::HeaderValue::from_static("text/event-stream"));
    headers.insert(hyper::header::CACHE_CONTROL, hyper::header::HeaderValue::from_static("no-cache"));
    headers.insert("x-accel-buffering", hyper::header::HeaderValue::from_static("no"));
    response
}

/// A session being opened by a request ([`open_closed`]); over when dropped.
struct Opening {
    sessions: Arc<Sessions>,
    id: String,
}

impl Drop for Opening {
    fn drop(&mut self) {
        if let Some(held) = self.sessions.lock().get_mut(&self.id) {
            held.opening = false;
        }
        self.sessions.parked.notify_waiters();
    }
}

/// Records the parts of session `id` made by the factory (the first made are its own; a later
/// one would be a throwaway the library made to read a tool's schema).
/// `served`: the request was answered, so a service made over the session's resting shell now
/// serves it (the shell is no longer resting).
fn opened(sessions: &Sessions, id: &str, parts: Option<super::SessionParts>, served: bool) {
    let mut held = sessions.lock();
    let held = held.entry(id.to_string()).or_insert_with(Held::new);
    let Some(parts) = parts else { return };
    if let (Some(resting), Some(made)) = (&held.resting, parts.shell())
        && Arc::ptr_eq(resting, &made)
    {
        if served {
            held.resting = None;
        }
        return;
    }
    if held.parts.as_ref().and_then(super::SessionParts::shell).is_none() && held.resting.is_none() {
        held.parts = Some(parts);
    }
}

/// A request of a session being answered; dropped when its answer's body is (sent, or
/// abandoned by the client: then the session's service is kept for a resuming client).
struct InFlight {
    sessions: Arc<Sessions>,
    id: String,
    ended: bool,
}

impl Drop for InFlight {
    fn drop(&mut self) {
        let mut held = self.sessions.lock();
        if let Some(held) = held.get_mut(&self.id) {
            held.in_flight = held.in_flight.saturating_sub(1);
            held.last = std::time::Instant::now();
            if !self.ended {
                held.cut_short = Some(held.last);
            }
        }
    }
}

/// An answer's body, watched: the session is asked nothing more once it is dropped, and a body
/// dropped before its end marks the session's stream as cut short.
struct Watched<B: hyper::body::Body> {
    body: B,
    flight: InFlight,
}

impl<B: hyper::body::Body + Unpin> hyper::body::Body for Watched<B> {
    type Data = B::Data;
    type Error = B::Error;

    fn poll_frame(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<Option<Result<hyper::body::Frame<Self::Data>, Self::Error>>> {
        let polled = std::pin::Pin::new(&mut self.body).poll_frame(cx);
        // A body that knows it ended is not polled again (a whole answer in one frame).
        if matches!(polled, std::task::Poll::Ready(None)) || self.body.is_end_stream() {
            self.flight.ended = true;
        }
        polled
    }

    fn is_end_stream(&self) -> bool {
        self.body.is_end_stream()
    }

    fn size_hint(&self) -> hyper::body::SizeHint {
        self.body.size_hint()
    }
}

impl<B: hyper::body::Body> Drop for Watched<B> {
    fn drop(&mut self) {
        // An empty answer (202 to a notification) is never polled: it ended all the same.
        if self.body.is_end_stream() {
            self.flight.ended = true;
        }
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
    let sessions = Arc::new(Sessions { kept: kept.is_some(), ..Sessions::default() });
    let held = sessions.clone();
    let factory = move || {
        let pristine = template.clone();
        // A session opened again after resting: a new service over its own shell.
        let asked = HANDLING.try_with(|handling| handling.borrow().asked.clone()).ok().flatten();
        let resting = asked.and_then(|id| {
            let mut held = held.lock();
            let held = held.get_mut(&id)?;
            let parts = held.parts.clone()?;
            // Kept as resting until the request is answered: a service whose opening failed
            // leaves the shell for the next request instead of taking it down with it.
            Some((held.resting.clone()?, parts))
        });
        let mut server = match resting {
            Some((shell, parts)) => {
                ShellServer::resumed(shell, parts, caps, shape, tools.clone(), pristine, store_turn.clone())
            }
            None => {
                let approver = Arc::new(ElicitingApprover::default());
                let shell = template.lock().unwrap_or_else(|p| p.into_inner()).new_session(Some(approver.clone()));
                ShellServer::session(shell, caps, shape, tools.clone(), pristine, store_turn.clone())
                    .with_approver(approver)
            }
        };
        server.sessions_only = true;
        server.kept_by_id = keeps;
        server.running = Some(listed.clone());
        server.turns = queued.clone();
        // The request being handled learns the session's parts (see `opened`): the first
        // made are its own, a later one a throwaway made to read a tool's schema.
        let _ = HANDLING.try_with(|handling| {
            let mut handling = handling.borrow_mut();
            if handling.opened.is_none() {
                handling.opened = Some(server.parts());
            }
        });
        Ok(server)
    };
    let mut hosts = vec!["localhost".to_string(), "127.0.0.1".to_string(), "::1".to_string()];
    if !bound.ip().is_unspecified() {
        hosts.push(bound.ip().to_string());
    }
    let mut config = StreamableHttpServerConfig::default().with_allowed_hosts(hosts).with_sse_retry(Some(RETRY));
    // The handshakes are kept in memory with the sessions (and in the store, when there is
    // one): the library replays one when a resting session is asked something.
    config.session_store = Some(Arc::new(Handshakes { sessions: sessions.clone(), store: kept.clone() }));
    let manager = Arc::new(LocalSessionManager::default());
    let stale = Arc::new(StaleCloses::default());
    let service =
        StreamableHttpService::new(factory, Arc::new(Manager { inner: manager.clone(), stale: stale.clone() }), config);
    // With a store, an idle session leaves memory after `--session-idle` (it is in the store);
    // without one, or with 0, after the library's keep-alive (and is then gone).
    let leave_after = match kept.is_some() && !limits.idle_after.is_zero() {
        true => limits.idle_after,
        false => KEEP_ALIVE,
    };
    let park_after = limits.park_after.min(leave_after);
    tokio::spawn(tend(
        sessions.clone(),
        manager.clone(),
        stale,
        running.clone(),
        turns.clone(),
        park_after,
        leave_after,
    ));
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
        let manager = manager.clone();
        let running = running.clone();
        let turns = turns.clone();
        let kept = kept.clone();
        let sessions = sessions.clone();
        let route = hyper::service::service_fn(move |request: hyper::Request<hyper::body::Incoming>| {
            let service = service.clone();
            let manager = manager.clone();
            let running = running.clone();
            let turns = turns.clone();
            let kept = kept.clone();
            let sessions = sessions.clone();
            // Boxed: the connection keeps a place for its request's future as long as it lives
            // (a held stream's connection, for days), the size of the largest one; boxed, that
            // place is a pointer and the future's memory is freed once the answer is begun.
            Box::pin(async move {
                if let Some(why) = forbidden(request.headers(), bound) {
                    return Ok(refused(why));
                }
                if request.method() == hyper::Method::GET && request.uri().path() == STATUS {
                    return Ok(status(&sessions, &manager).await);
                }
                if let Some(id) = listens_to(&request) {
                    let store = kept.as_deref();
                    return Ok(listen(&sessions, &manager, &service, store, &id, request.headers()).await);
                }
                // Ending a session stops its running calls now (the MCP library would let them
                // run for another five seconds, then cancel them).
                if request.method() == hyper::Method::DELETE
                    && let Some(id) = request.headers().get("mcp-session-id").and_then(|v| v.to_str().ok())
                {
                    let calls = running.lock().unwrap_or_else(|p| p.into_inner()).remove(id).unwrap_or_default();
                    calls.into_iter().for_each(|(_, token)| token.cancel());
                    turns.lock().unwrap_or_else(|p| p.into_inner()).remove(id);
                    sessions.lock().remove(id);
                    sessions.listeners.end(id);
                    // Closed here, not through `Manager`, which may hold back one close of it.
                    let _ = manager.close_session(&id.into()).await;
                    // The client ended it: nothing of it is kept for a restart.
                    if let Some(store) = &kept {
                        let _ = store.drop_session(&super::kept_name(id));
                    }
                }
                // A POST without a session id opens a session (its `initialize`). Sessions
                // resting in memory count.
                let opens =
                    request.method() == hyper::Method::POST && !request.headers().contains_key("mcp-session-id");
                if request.uri().path() == PATH && opens {
                    // A session whose service is being closed is in neither count: it is one too.
                    let resting =
                        sessions.lock().values().filter(|held| held.resting.is_some() || held.closing).count();
                    if manager.sessions.read().await.len() + resting >= limits.max_sessions {
                        return Ok(too_many_sessions(limits.max_sessions));
                    }
                }
                if request.uri().path() == PATH {
                    let ending = request.method() == hyper::Method::DELETE;
                    let asked = request
                        .headers()
                        .get("mcp-session-id")
                        .and_then(|v| v.to_str().ok())
                        .map(str::to_string)
                        .filter(|_| !ending);
                    // In flight from now until its answer is over (before it is handled, so a
                    // session is not put to rest under it).
                    let flight = match &asked {
                        Some(id) => Some(arrived(&sessions, id).await),
                        None => None,
                    };
                    let (request, queued) = match arrive(request, &turns).await {
                        Ok(read) => read,
                        Err(response) => return Ok(response),
                    };
                    if let Some(id) = &asked {
                        open_closed(&sessions, &manager, &service, id, request.headers()).await;
                    }
                    let handling = Handling { asked: asked.clone(), opened: None };
                    let (mut response, made) = HANDLING
                        .scope(std::cell::RefCell::new(handling), async {
                            let response = service.handle(request).await;
                            (response, HANDLING.with(|handling| handling.borrow_mut().opened.take()))
                        })
                        .await;
                    let id = asked.or_else(|| {
                        response.headers().get("mcp-session-id").and_then(|v| v.to_str().ok()).map(str::to_string)
                    });
                    if let Some(id) = &id
                        && !ending
                    {
                        opened(&sessions, id, made, response.status().is_success());
                        // A new session's first answer is in flight too.
                        let flight = match flight {
                            Some(flight) => flight,
                            None => arrived(&sessions, id).await,
                        };
                        response = response.map(|body| Watched { body, flight }.boxed());
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
            })
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

/// Tends the sessions in memory, every quarter of `park_after`: closes the service of each
/// with nothing in flight for `park_after` (no request being answered, no stream of a request
/// open, no call, no job, no line waiting for an answer, no stream cut short in the last
/// minute; a standalone stream its client holds is no obstacle, see [`super::listen`]),
/// keeping its shell and parts (see [`Held`]); drops those resting for `leave_after` (with a
/// store, [`Sessions::kept`], they rest there, and the store opens them again when their
/// client comes back; without one, not while their client listens); forgets those whose
/// service the library ended.
async fn tend(
    sessions: Arc<Sessions>,
    manager: Arc<LocalSessionManager>,
    stale: Arc<StaleCloses>,
    running: super::RunningCalls,
    turns: super::turns::SessionTurns,
    park_after: std::time::Duration,
    leave_after: std::time::Duration,
) {
    let keeps = sessions.kept;
    let every = (park_after / 4).max(std::time::Duration::from_millis(100));
    loop {
        tokio::time::sleep(every).await;
        let mut closing = Vec::new();
        let mut gone = Vec::new();
        {
            let running = running.lock().unwrap_or_else(|p| p.into_inner());
            let mut held = sessions.lock();
            held.retain(|id, held| {
                if held.in_flight > 0 || held.closing {
                    return true;
                }
                let idle = held.last.elapsed();
                if held.resting.is_some() {
                    // Without a store, leaving memory is the end of it: not while its client
                    // listens (it is connected; its session rests at its resting cost).
                    let stays = idle < leave_after || (!keeps && sessions.listeners.listened(id));
                    if !stays {
                        gone.push(id.clone());
                    }
                    return stays;
                }
                let Some(shell) = held.parts.as_ref().and_then(super::SessionParts::shell) else {
                    // Its service ended (or none was ever made: an unknown id asked).
                    let stays = idle < park_after;
                    if !stays {
                        gone.push(id.clone());
                    }
                    return stays;
                };
                let busy = running.contains_key(id)
                    || !held.parts.as_ref().is_some_and(super::SessionParts::settled)
                    || shell.try_lock().map_or(true, |shell| shell.has_running_jobs())
                    || held.cut_short.is_some_and(|at| at.elapsed() < RESUMABLE_FOR);
                if idle >= park_after && !busy {
                    held.closing = true;
                    closing.push((id.clone(), shell));
                }
                true
            });
        }
        if !gone.is_empty() {
            let mut turns = turns.lock().unwrap_or_else(|p| p.into_inner());
            gone.iter().for_each(|id| drop(turns.remove(id)));
        }
        if !keeps {
            // Without a store, a session dropped from memory is gone for good: a stream its
            // client holds ends (with a store, it waits for the session to be opened again).
            gone.iter().for_each(|id| sessions.listeners.end(id));
        }
        if !gone.is_empty() {
            toolsh_alloc::ask_release();
        }
        if closing.is_empty() {
            continue;
        }
        for (id, _) in &closing {
            // The library's task for the closed service ends by closing the session by its id
            // once more, maybe after a new service was opened for it: that close is not passed on.
            stale.expect(id);
            let _ = manager.close_session(&id.as_str().into()).await;
        }
        // Requests wait until every old service is gone (with it the shell's other holder) and
        // its task has closed the session once more.
        let waited = std::time::Instant::now();
        while closing.iter().any(|(id, shell)| Arc::strong_count(shell) > 1 || stale.pending(id))
            && waited.elapsed() < std::time::Duration::from_secs(1)
        {
            tokio::time::sleep(std::time::Duration::from_millis(1)).await;
        }
        {
            let mut held = sessions.lock();
            sessions.rests.fetch_add(closing.len() as u64, Ordering::Relaxed);
            for (id, shell) in closing {
                if let Some(held) = held.get_mut(&id) {
                    held.resting = Some(shell);
                    held.closing = false;
                }
            }
        }
        sessions.parked.notify_waiters();
        // What their services held is free now, in pages of whichever worker made it.
        toolsh_alloc::ask_release();
    }
}

/// The id of the session whose standalone stream `request` asks for, when it is such a GET: of
/// `/mcp`, accepting SSE, on a revision with sessions (later ones the library answers itself),
/// and resuming nothing but that stream (a `Last-Event-ID` of a request's stream, `N/M`, is a
/// replay the library serves).
fn listens_to(request: &hyper::Request<hyper::body::Incoming>) -> Option<String> {
    if request.method() != hyper::Method::GET || request.uri().path() != PATH {
        return None;
    }
    let headers = request.headers();
    let revision = headers.get("mcp-protocol-version").map(|v| v.to_str().unwrap_or_default());
    let sessions = |revision: &str| {
        rmcp::model::ProtocolVersion::KNOWN_VERSIONS
            .iter()
            .any(|known| known.as_str() == revision && known.has_initialize())
    };
    if revision.is_some_and(|revision| !sessions(revision)) {
        return None;
    }
    let sse = headers.get_all(hyper::header::ACCEPT).iter().filter_map(|v| v.to_str().ok()).any(|accept| {
        accept.split(',').any(|kind| {
            kind.split(';').next().is_some_and(|kind| kind.trim().eq_ignore_ascii_case("text/event-stream"))
        })
    });
    if !sse || headers.get("last-event-id").is_some_and(|id| id.as_bytes().contains(&b'/')) {
        return None;
    }
    headers.get("mcp-session-id")?.to_str().ok().map(str::to_string)
}

/// The server's figures, as JSON: sessions in memory (served by a service, resting, being
/// closed), standalone streams open (and how many a service feeds), and since it started, the
/// rests, the wakes and the streams clients opened (a client that reconnects opens another).
async fn status(sessions: &Sessions, manager: &LocalSessionManager) -> hyper::Response<Body> {
    let served = manager.sessions.read().await.len();
    let (in_memory, resting, closing) = {
        let held = sessions.lock();
        let resting = held.values().filter(|held| held.resting.is_some()).count();
        (held.len(), resting, held.values().filter(|held| held.closing).count())
    };
    let (streams, fed) = sessions.listeners.count();
    let figures = serde_json::json!({
        "sessions": {"in_memory": in_memory, "served": served, "resting": resting, "closing": closing},
        "streams": {"open": streams, "fed": fed, "held": streams.saturating_sub(fed)},
        "rests": sessions.rests.load(Ordering::Relaxed),
        "wakes": sessions.wakes.load(Ordering::Relaxed),
        "listens": sessions.listens.load(Ordering::Relaxed),
    });
    let mut response = hyper::Response::new(Full::new(Bytes::from(figures.to_string())).boxed());
    response
        .headers_mut()
        .insert(hyper::header::CONTENT_TYPE, hyper::header::HeaderValue::from_static("application/json"));
    response
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

/// The handshakes of the server's sessions, so that rmcp replays a session's `initialize`
/// when a request comes for one it does not serve: one resting in memory (its handshake kept
/// with it), or, with a store, one kept there (after a restart, or after it left memory), whose
/// [`ShellServer`] then restores the shell saved under that id.
struct Handshakes {
    sessions: Arc<Sessions>,
    store: Option<Arc<crate::store::Store>>,
}

#[async_trait::async_trait]
impl SessionStore for Handshakes {
    async fn load(&self, id: &str) -> Result<Option<SessionState>, SessionStoreError> {
        if let Some(state) = self.sessions.lock().get(id).and_then(|held| held.handshake.clone()) {
            return Ok(Some(state));
        }
        let Some(store) = &self.store else { return Ok(None) };
        let Some(text) = store.load_mcp_session(id)? else { return Ok(None) };
        let state: SessionState = serde_json::from_str(&text)?;
        // Kept with the session while it is in memory (a request is in flight: it has an entry).
        if let Some(held) = self.sessions.lock().get_mut(id) {
            held.handshake = Some(state.clone());
        }
        Ok(Some(state))
    }

    async fn store(&self, id: &str, state: &SessionState) -> Result<(), SessionStoreError> {
        self.sessions.lock().entry(id.to_string()).or_insert_with(Held::new).handshake = Some(state.clone());
        match &self.store {
            Some(store) => Ok(store.save_mcp_session(id, &serde_json::to_string(state)?)?),
            None => Ok(()),
        }
    }

    async fn delete(&self, id: &str) -> Result<(), SessionStoreError> {
        self.sessions.lock().remove(id);
        match &self.store {
            Some(store) => Ok(store.drop_mcp_session(id)?),
            None => Ok(()),
        }
    }
}

/// Closes of sessions whose service [`tend`] closed, still to come from the library's task for
/// that service (which ends by closing its session by id), by session id.
#[derive(Default)]
struct StaleCloses(Mutex<std::collections::HashMap<String, u32>>);

impl StaleCloses {
    fn lock(&self) -> std::sync::MutexGuard<'_, std::collections::HashMap<String, u32>> {
        self.0.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// The service of session `id` is being closed: one close of it is still to come.
    fn expect(&self, id: &str) {
        *self.lock().entry(id.to_string()).or_default() += 1;
    }

    /// Whether a close of session `id` is still to come.
    fn pending(&self, id: &str) -> bool {
        self.lock().contains_key(id)
    }

    /// Whether this close of session `id` is one still to come (then it is no longer).
    fn take(&self, id: &str) -> bool {
        let mut stale = self.lock();
        let Some(count) = stale.get_mut(id) else { return false };
        *count -= 1;
        if *count == 0 {
            stale.remove(id);
        }
        true
    }
}

/// The library's session manager, but for one thing: the close that the library's task for a
/// service [`tend`] closed sends when that service ends is not passed on. By then the session
/// may be served by a new service (a request came while it rested), which that close would end
/// under its requests ("session service terminated").
struct Manager {
    inner: Arc<LocalSessionManager>,
    stale: Arc<StaleCloses>,
}

impl SessionManager for Manager {
    type Error = LocalSessionManagerError;
    type Transport = <LocalSessionManager as SessionManager>::Transport;

    async fn create_session(&self) -> Result<(SessionId, Self::Transport), Self::Error> {
        self.inner.create_session().await
    }

    async fn initialize_session(
        &self,
        id: &SessionId,
        message: rmcp::model::ClientJsonRpcMessage,
    ) -> Result<rmcp::model::ServerJsonRpcMessage, Self::Error> {
        self.inner.initialize_session(id, message).await
    }

    async fn has_session(&self, id: &SessionId) -> Result<bool, Self::Error> {
        self.inner.has_session(id).await
    }

    async fn close_session(&self, id: &SessionId) -> Result<(), Self::Error> {
        if self.stale.take(id) {
            return Ok(());
        }
        self.inner.close_session(id).await
    }

    async fn create_stream(
        &self,
        id: &SessionId,
        message: rmcp::model::ClientJsonRpcMessage,
    ) -> Result<impl futures::Stream<Item = ServerSseMessage> + Send + Sync + 'static, Self::Error> {
        self.inner.create_stream(id, message).await
    }

    async fn accept_message(
        &self,
        id: &SessionId,
        message: rmcp::model::ClientJsonRpcMessage,
    ) -> Result<(), Self::Error> {
        self.inner.accept_message(id, message).await
    }

    async fn create_standalone_stream(
        &self,
        id: &SessionId,
    ) -> Result<impl futures::Stream<Item = ServerSseMessage> + Send + Sync + 'static, Self::Error> {
        self.inner.create_standalone_stream(id).await
    }

    async fn resume(
        &self,
        id: &SessionId,
        last_event_id: String,
    ) -> Result<impl futures::Stream<Item = ServerSseMessage> + Send + Sync + 'static, Self::Error> {
        self.inner.resume(id, last_event_id).await
    }

    async fn restore_session(&self, id: SessionId) -> Result<RestoreOutcome<Self::Transport>, Self::Error> {
        self.inner.restore_session(id).await
    }

    fn event_store(&self) -> Option<Arc<dyn rmcp::transport::streamable_http_server::session::EventStore>> {
        self.inner.event_store()
    }
}
