//! `net.fetch`: HTTP(S) requests with a guard against server-side request forgery.
//!
//! Every hop (the first URL and each redirect) is put in its normal form and passes the policy
//! gate as a `net.fetch` call on that URL; only `http` and `https` are followed. Its host is
//! resolved here and every address vetted by [`super::guard`] (globally reachable unicast only;
//! loopback when a rule allows that URL explicitly). The connection then uses exactly the
//! vetted addresses, so a name cannot resolve differently between check and use. Responses
//! are capped in size and time.

use super::guard::normalize_url;
use super::{SideEffect, Tool, ToolCx, ToolError, ToolOutput, ToolSpec, typed};
use crate::policy::ToolFacts;
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::json;
use std::io::Read;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// The facts of `net.fetch` as the gate needs them.
pub const FETCH: ToolFacts<'static> = ToolFacts {
    name: "net.fetch",
    side_effect: SideEffect::SideEffecting,
    restricted: false,
    writes: false,
    open_world: true,
    words: false,
};

/// Default response cap.
pub const MAX_BYTES: u64 = 10 * 1024 * 1024;
/// Redirects followed at most.
pub const MAX_REDIRECTS: usize = 10;

/// Arguments of `net.fetch`.
#[derive(Deserialize, JsonSchema, Clone)]
#[serde(deny_unknown_fields)]
pub struct FetchArgs {
    /// The http:// or https:// URL.
    pub url: String,
    /// GET, POST, PUT, PATCH, DELETE or HEAD.
    #[serde(default = "get")]
    pub method: String,
    /// Request headers as "Name: value".
    #[serde(default)]
    pub headers: Vec<String>,
    /// The request body.
    #[serde(default)]
    pub body: Option<String>,
    /// Follow redirects (each hop is checked again).
    #[serde(default)]
    pub follow: bool,
    /// Give up after this many seconds.
    #[serde(default = "thirty")]
    pub timeout_secs: f64,
    /// Refuse responses larger than this.
    #[serde(default = "max_bytes")]
    pub max_bytes: u64,
}

fn get() -> String {
    "GET".to_string()
}

fn thirty() -> f64 {
    30.0
}

fn max_bytes() -> u64 {
    MAX_BYTES
}

/// What came back.
#[derive(Debug, Clone)]
pub struct Fetched {
    /// The status code.
    pub status: u16,
    /// The status line's text.
    pub status_text: String,
    /// `HTTP/1.1`.
    pub version: String,
    /// The URL that answered (after redirects).
    pub url: String,
    /// Response headers, in order.
    pub headers: Vec<(String, String)>,
    /// The body.
    pub body: Vec<u8>,
    /// Redirects followed.
    pub redirects: usize,
}

/// Why a fetch failed, with the exit status curl would use.
#[derive(Debug, Clone)]
pub struct FetchError {
    /// curl's exit code (6 resolve, 7 connect, 28 timeout, 47 redirects, 63 size, 126 denied).
    pub code: i32,
    /// The message.
    pub message: String,
}

impl From<FetchError> for ToolError {
    fn from(err: FetchError) -> Self {
        let status = if err.code == crate::status::DENIED { err.code } else { 1 };
        ToolError { status, message: err.message }
    }
}

/// The `net.fetch` tool.
pub fn tools() -> Vec<Arc<dyn Tool>> {
    vec![typed(
        ToolSpec::new::<FetchArgs>(
            "net.fetch",
            "Make an HTTP(S) request and return status, headers and body.\nPrivate, link-local and metadata addresses are refused on every hop.",
        )
        .gates_itself()
        .open_world()
        .subject("url", false)
        .stdin("body")
        .aliases(&["web_fetch", "http.get", "fetch_url", "http_request"])
        .param_aliases(&[("uri", "url"), ("data", "body"), ("timeout", "timeout_secs")]),
        |cx: ToolCx, args: FetchArgs| async move {
            let fetched = fetch(&cx, args).await?;
            let headers: serde_json::Map<String, serde_json::Value> =
                fetched.headers.iter().map(|(k, v)| (k.to_ascii_lowercase(), json!(v))).collect();
            Ok(ToolOutput::Json(json!({
                "status": fetched.status,
                "url": fetched.url,
                "headers": headers,
                "body": toolsh_bytes::lossy(&fetched.body),
                "redirects": fetched.redirects,
            })))
        },
    )]
}

/// Runs a request hop by hop in the name of `cx.command`: every hop's URL, the first
/// included, is put in its normal form ([`normalize_url`]), passes the gate as a `net.fetch`
/// call on it and the address guard; the first hop's record carries the outcome. The whole
/// request ends at `timeout_secs` whatever it waits for (a name lookup, a silent server).
pub async fn fetch(cx: &ToolCx, mut args: FetchArgs) -> Result<Fetched, FetchError> {
    args.url = normalize_url(&args.url).map_err(|message| FetchError { code: 3, message })?;
    let ticket = cx
        .gate
        .admit(&cx.command, FETCH, Some(&args.url))
        .map_err(|denied| FetchError { code: crate::status::DENIED, message: denied.to_string() })?;
    let limit = Duration::from_secs_f64(args.timeout_secs.clamp(0.001, 3600.0));
    let url = args.url.clone();
    let body = cx.clone();
    let running = tokio::task::spawn_blocking(move || fetch_blocking(&body, &args));
    let result = match tokio::time::timeout(limit, running).await {
        Ok(done) => done.unwrap_or_else(|_| Err(FetchError { code: 1, message: "the request was interrupted".into() })),
        // The blocking thread ends at its own deadline; nobody waits for it.
        Err(_) => Err(FetchError { code: 28, message: format!("{url}: timed out") }),
    };
    cx.gate.record(ticket, result.as_ref().map_or_else(|e| e.code, |_| 0));
    result
}

fn denied(message: String) -> FetchError {
    FetchError { code: crate::status::DENIED, message }
}

fn fetch_blocking(cx: &ToolCx, args: &FetchArgs) -> Result<Fetched, FetchError> {
    let deadline = std::time::Instant::now() + Duration::from_secs_f64(args.timeout_secs.clamp(0.001, 3600.0));
    let mut url = args.url.clone();
    let mut method = args.method.to_ascii_uppercase();
    let mut body = args.body.clone();
    let mut redirects = 0;
    loop {
        let parsed =
            url::Url::parse(&url).map_err(|e| FetchError { code: 3, message: format!("{url}: bad URL: {e}") })?;
        if !matches!(parsed.scheme(), "http" | "https") {
            return Err(FetchError { code: 1, message: format!("{url}: only http and https are supported") });
        }
        if redirects > 0 {
            // The first hop passed the gate in `fetch`; each redirect passes it again.
            cx.admit_also(FETCH, &url).map_err(|e| denied(e.message))?;
        }
        let loopback = cx.gate.policy().explicitly_allows(FETCH, &url);
        let refusal: Arc<Mutex<Option<String>>> = Arc::default();
        let seen = refusal.clone();
        let resolver = move |host_port: &str| -> std::io::Result<Vec<SocketAddr>> {
            #[allow(clippy::disallowed_methods)] // the guard resolves names itself to vet every address
            let addrs: Vec<SocketAddr> = std::net::ToSocketAddrs::to_socket_addrs(host_port)?.collect();
            for addr in &addrs {
                if let Err(why) = super::guard::address_allowed(addr.ip(), loopback) {
                    let mut slot = seen.lock().unwrap_or_else(|p| p.into_inner());
                    *slot = Some(format!("{host_port} resolves to {}, {why}", addr.ip()));
                    return Err(std::io::Error::new(std::io::ErrorKind::PermissionDenied, "address refused"));
                }
            }
            Ok(addrs)
        };
        let left = deadline.saturating_duration_since(std::time::Instant::now());
        if left.is_zero() {
            return Err(FetchError { code: 28, message: format!("{url}: timed out") });
        }
        let agent = ureq::AgentBuilder::new().redirects(0).timeout(left).resolver(resolver).build();
        let mut request = agent.request(&method, &url);
        for header in &args.headers {
            let Some((name, value)) = header.split_once(':') else {
                return Err(FetchError { code: 2, message: format!("bad header '{header}': write 'Name: value'") });
            };
            request = request.set(name.trim(), value.trim());
        }
        let result = match &body {
            Some(data) => request.send_bytes(data.as_bytes()),
            None => request.call(),
        };
        let response = match result {
            Ok(response) | Err(ureq::Error::Status(_, response)) => response,
            Err(ureq::Error::Transport(transport)) => {
                if let Some(why) = refusal.lock().unwrap_or_else(|p| p.into_inner()).take() {
                    return Err(denied(format!("[blocked: net.fetch {url}: {why}]")));
                }
                let code = match transport.kind() {
                    ureq::ErrorKind::Dns => 6,
                    ureq::ErrorKind::ConnectionFailed => 7,
                    ureq::ErrorKind::InvalidUrl | ureq::ErrorKind::UnknownScheme => 3,
                    _ if transport.to_string().contains("timed out") => 28,
                    _ => 56,
                };
                return Err(FetchError { code, message: format!("{url}: {transport}") });
            }
        };
        let status = response.status();
        if args.follow
            && (300..400).contains(&status)
            && status != 304
            && let Some(location) = response.header("location")
        {
            redirects += 1;
            if redirects > MAX_REDIRECTS {
                return Err(FetchError { code: 47, message: format!("{url}: more than {MAX_REDIRECTS} redirects") });
            }
            let next =
                parsed.join(location).map_err(|e| FetchError { code: 3, message: format!("{location}: {e}") })?;
            url = normalize_url(next.as_str()).map_err(|message| FetchError { code: 3, message })?;
            if matches!(status, 301..=303) && method != "HEAD" {
                method = "GET".to_string();
                body = None;
            }
            continue;
        }
        let headers: Vec<(String, String)> = response
            .headers_names()
            .into_iter()
            .filter_map(|name| response.header(&name).map(|v| (name.clone(), v.to_string())))
            .collect();
        let (status_text, version, final_url) =
            (response.status_text().to_string(), response.http_version().to_string(), response.get_url().to_string());
        let total = response.header("content-length").and_then(|v| v.trim().parse::<u64>().ok());
        let mut data = Vec::new();
        let mut reader = response.into_reader().take(args.max_bytes + 1);
        let mut chunk = vec![0u8; 64 * 1024];
        loop {
            let read = reader.read(&mut chunk).map_err(|e| FetchError { code: 56, message: format!("{url}: {e}") })?;
            if read == 0 {
                break;
            }
            data.extend_from_slice(&chunk[..read]);
            cx.meter.set(data.len() as u64, total);
        }
        if data.len() as u64 > args.max_bytes {
            return Err(FetchError {
                code: 63,
                message: format!(
                    "{url}: the response is larger than {} bytes; raise max_bytes (curl: --max-filesize)",
                    args.max_bytes
                ),
            });
        }
        return Ok(Fetched { status, status_text, version, url: final_url, headers, body: data, redirects });
    }
}
