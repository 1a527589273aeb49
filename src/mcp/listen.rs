//! The standalone GET streams of `toolsh mcp --http`'s sessions (a client listening for the
//! server's requests and notifications), held by the server while their session rests.
//!
//! The official Python and TypeScript SDK clients open one after the handshake and keep it open.
//! Served by the MCP library alone, such a stream is its session's service's, so a session whose
//! client listens could never rest (`http.rs`: a resting session's service is closed). Here
//! the stream a client holds is the server's own ([`Heard`]): while a service serves the
//! session it passes on what the library's stream says (a library GET made for it); when that
//! service is closed for a rest, the library's stream ends and the client's goes on, a comment
//! every [`PING`]; when a request opens the session again, `http.rs` makes a new library GET
//! for each stream held ([`Listeners::detached`], [`Listener::attached`]) and its events go on
//! down the same connection. The client notices nothing: it never reconnects, and what the new
//! service sends before its stream is attached is not lost (the library keeps the messages of a
//! session's standalone stream while no GET has it, and gives them to the first GET that
//! comes). Each library stream starts with the library's priming event (id `0` and the retry
//! delay, SEP-1699), which a client takes as the cursor to resume from; a stream held for a
//! session that rests when its client asks for it starts with the same event.
//!
//! The MCP revisions of 2025 allow it: a server "MAY close the SSE stream at any time", and a
//! client resuming it after a break sends the last event id it saw. A stream held is one that
//! is not closed; each message still goes out on one stream only (the library's first GET of a
//! service takes its messages, others only its keep-alive, as the library does for a client
//! holding several).

use bytes::Bytes;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, Weak};
use std::task::{Context, Poll, Waker};
use std::time::Duration;

/// The body of a response served.
pub(super) type Body = http_body_util::combinators::BoxBody<Bytes, std::convert::Infallible>;

/// How often a held stream sends a comment (the library's keep-alive for its own streams): a
/// client gone away is found when a write fails, and a proxy between sees a live stream.
const PING: Duration = Duration::from_secs(15);

/// The SSE event a stream begins with, as the library's begin: no data, the id a client resumes
/// from, and how long it waits before reconnecting (`retry`, milliseconds).
fn priming(retry: Duration) -> Bytes {
    Bytes::from(format!("data: \nid: 0\nretry: {}\n\n", retry.as_millis()))
}

/// The streams held by listening clients, by session id (weakly: a stream is its response
/// body's, dropped when the client goes away).
#[derive(Default)]
pub(super) struct Listeners(Mutex<HashMap<String, Vec<Weak<Listener>>>>);

impl Listeners {
    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<String, Vec<Weak<Listener>>>> {
        self.0.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Adds `listener` to its session's streams.
    pub(super) fn add(&self, listener: &Arc<Listener>) {
        let mut all = self.lock();
        let streams = all.entry(listener.session.clone()).or_default();
        streams.retain(|stream| stream.strong_count() > 0);
        streams.push(Arc::downgrade(listener));
    }

    /// The streams of `session` that no library stream feeds (its session rested, or the
    /// stream was held for a resting session), each now marked as being attached: the caller
    /// makes a library GET for each and hands its body to [`Listener::attached`].
    pub(super) fn detached(&self, session: &str) -> Vec<Arc<Listener>> {
        let all = self.lock();
        let Some(streams) = all.get(session) else { return Vec::new() };
        streams
            .iter()
            .filter_map(Weak::upgrade)
            .filter(|listener| {
                let mut state = listener.lock();
                let detached = state.inner.is_none() && !state.attaching && !state.ended;
                state.attaching |= detached;
                detached
            })
            .collect()
    }

    /// Ends the streams of `session` (the session ended): each ends once what it was sent is
    /// passed on.
    pub(super) fn end(&self, session: &str) {
        let streams = self.lock().remove(session).unwrap_or_default();
        for listener in streams.iter().filter_map(Weak::upgrade) {
            let mut state = listener.lock();
            state.ended = true;
            if let Some(waker) = state.waker.take() {
                waker.wake();
            }
        }
    }

    /// Whether a client listens to `session`.
    pub(super) fn listened(&self, session: &str) -> bool {
        self.lock().get(session).is_some_and(|streams| streams.iter().any(|stream| stream.strong_count() > 0))
    }

    /// How many streams are open, and how many of them a library stream feeds now.
    pub(super) fn count(&self) -> (usize, usize) {
        let all = self.lock();
        let open = all.values().flatten().filter_map(Weak::upgrade);
        open.fold((0, 0), |(open, fed), listener| (open + 1, fed + usize::from(listener.lock().inner.is_some())))
    }

    /// Forgets `listener`, and the streams of its session that are gone.
    fn forget(&self, listener: &Arc<Listener>) {
        let mut all = self.lock();
        if let Some(streams) = all.get_mut(&listener.session) {
            streams.retain(|stream| stream.strong_count() > 0 && !std::ptr::eq(stream.as_ptr(), Arc::as_ptr(listener)));
            if streams.is_empty() {
                all.remove(&listener.session);
            }
        }
    }
}

/// One client's standalone stream of a session.
pub(super) struct Listener {
    session: String,
    /// The client's `Host` and `MCP-Protocol-Version`, sent again with each library GET made
    /// for it (copies: a header value of the request shares the connection's read buffer).
    host: Option<hyper::header::HeaderValue>,
    version: Option<hyper::header::HeaderValue>,
    state: Mutex<State>,
}

/// Where a stream stands.
#[derive(Default)]
struct State {
    /// The library's stream for the session's service, while one serves it.
    inner: Option<Body>,
    /// A library GET is being made for it.
    attaching: bool,
    /// The session ended: the stream ends once `inner` has.
    ended: bool,
    /// The connection's task, waiting for one of the above.
    waker: Option<Waker>,
}

impl Listener {
    /// A stream of `session` for a client that sent `headers`.
    pub(super) fn new(session: &str, headers: &hyper::HeaderMap) -> Arc<Listener> {
        let copy = |name: &str| {
            headers.get(name).and_then(|value| hyper::header::HeaderValue::from_bytes(value.as_bytes()).ok())
        };
        Arc::new(Listener {
            session: session.to_string(),
            host: copy(hyper::header::HOST.as_str()),
            version: copy("mcp-protocol-version"),
            state: Mutex::default(),
        })
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// A library GET of this stream's session, as its client would send it.
    pub(super) fn request(&self) -> hyper::Request<http_body_util::Full<Bytes>> {
        let mut request = hyper::Request::new(http_body_util::Full::new(Bytes::new()));
        *request.uri_mut() = hyper::Uri::from_static(super::PATH);
        let headers = request.headers_mut();
        let accept = hyper::header::HeaderValue::from_static("text/event-stream");
        headers.insert(hyper::header::ACCEPT, accept);
        if let Ok(id) = hyper::header::HeaderValue::from_str(&self.session) {
            headers.insert("mcp-session-id", id);
        }
        if let Some(host) = &self.host {
            headers.insert(hyper::header::HOST, host.clone());
        }
        if let Some(version) = &self.version {
            headers.insert("mcp-protocol-version", version.clone());
        }
        request
    }

    /// What the library GET made for this stream gave: its stream (`None`: none, the stream
    /// stays held; `ended`: the session is gone, the stream ends).
    pub(super) fn attached(&self, inner: Option<Body>, ended: bool) {
        let mut state = self.lock();
        state.attaching = false;
        state.ended |= ended;
        if state.inner.is_none() && !state.ended {
            state.inner = inner;
        }
        if let Some(waker) = state.waker.take() {
            waker.wake();
        }
    }

    /// The body of the response to the client's GET (this stream, now registered): a priming
    /// event of its own (SEP-1699: a stream begins with an id to resume from), then what is
    /// attached (each library stream begins with the library's own, the same), or comments.
    pub(super) fn body(self: &Arc<Listener>, listeners: Arc<Listeners>) -> Heard {
        listeners.add(self);
        Heard {
            listener: self.clone(),
            listeners,
            first: Some(priming(super::RETRY)),
            ping: Box::pin(tokio::time::sleep(PING)),
        }
    }
}

/// The body of a listening client's response: the library's stream while one is attached,
/// comments every [`PING`] while none is.
pub(super) struct Heard {
    listener: Arc<Listener>,
    listeners: Arc<Listeners>,
    /// The stream's priming event, until sent.
    first: Option<Bytes>,
    ping: std::pin::Pin<Box<tokio::time::Sleep>>,
}

impl hyper::body::Body for Heard {
    type Data = Bytes;
    type Error = std::convert::Infallible;

    fn poll_frame(
        self: std::pin::Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<hyper::body::Frame<Bytes>, Self::Error>>> {
        let this = self.get_mut();
        if let Some(first) = this.first.take() {
            return Poll::Ready(Some(Ok(hyper::body::Frame::data(first))));
        }
        let mut state = this.listener.lock();
        if let Some(inner) = state.inner.as_mut() {
            match std::pin::Pin::new(inner).poll_frame(cx) {
                Poll::Ready(None) => {
                    // The service was closed (the session rests, or ended): held from now.
                    state.inner = None;
                    this.ping.as_mut().reset(tokio::time::Instant::now() + PING);
                }
                polled => return polled,
            }
        }
        if state.ended {
            return Poll::Ready(None);
        }
        state.waker = Some(cx.waker().clone());
        drop(state);
        if this.ping.as_mut().poll(cx).is_ready() {
            this.ping.as_mut().reset(tokio::time::Instant::now() + PING);
            return Poll::Ready(Some(Ok(hyper::body::Frame::data(Bytes::from_static(b":\n\n")))));
        }
        Poll::Pending
    }
}

impl Drop for Heard {
    fn drop(&mut self) {
        // The client went away (or the stream ended): the registry forgets it.
        self.listeners.forget(&self.listener);
    }
}
