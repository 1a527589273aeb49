//! `toolsh mcp --http ADDR`: the `shell` tool over Streamable HTTP, many clients in one process.
//!
//! Each MCP session (one `initialize` handshake, named by the `Mcp-Session-Id` header) gets
//! its own [`Shell`] made with [`Shell::new_session`] from the configured one: the workspace,
//! tools, policy and store are shared; variables, functions, cwd, the in-memory `/tmp`, the
//! audit session and the approval channel are the session's own. A session idle for five
//! minutes, or ended by the client (`DELETE`), is dropped. Only `/mcp` is served; requests
//! must name a loopback host or the bound address (DNS rebinding protection).

use super::{ElicitingApprover, ShellServer};
use crate::contract::Caps;
use crate::interp::Shell;
use bytes::Bytes;
use http_body_util::{BodyExt, Full};
use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
use rmcp::transport::streamable_http_server::{StreamableHttpServerConfig, StreamableHttpService};
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};

/// The one path the server answers on.
pub const PATH: &str = "/mcp";

/// Serves until the process ends. `listening` learns the bound address (the port may have
/// been 0) once connections are accepted.
pub async fn serve(
    template: Shell,
    caps: Caps,
    addr: SocketAddr,
    listening: impl FnOnce(SocketAddr),
) -> Result<(), String> {
    let listener =
        tokio::net::TcpListener::bind(addr).await.map_err(|e| format!("mcp: cannot listen on {addr}: {e}"))?;
    let bound = listener.local_addr().map_err(|e| format!("mcp: {e}"))?;
    // `new_session` borrows the template; the factory runs on any worker, hence the lock.
    let template = Mutex::new(template);
    let factory = move || {
        let approver = Arc::new(ElicitingApprover::default());
        let shell = template.lock().unwrap_or_else(|p| p.into_inner()).new_session(Some(approver.clone()));
        let mut server = ShellServer::new(shell, caps).with_approver(approver);
        server.sessions_only = true;
        Ok(server)
    };
    let mut hosts = vec!["localhost".to_string(), "127.0.0.1".to_string(), "::1".to_string()];
    if !bound.ip().is_unspecified() {
        hosts.push(bound.ip().to_string());
    }
    let config = StreamableHttpServerConfig::default().with_allowed_hosts(hosts);
    let service = StreamableHttpService::new(factory, Arc::new(LocalSessionManager::default()), config);
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
        let route = hyper::service::service_fn(move |request: hyper::Request<hyper::body::Incoming>| {
            let service = service.clone();
            async move {
                if request.uri().path() == PATH {
                    let ending = request.method() == hyper::Method::DELETE;
                    let mut response = service.handle(request).await;
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
            let _ = hyper::server::conn::http1::Builder::new().serve_connection(io, route).await;
        });
    }
}

fn not_found() -> hyper::Response<http_body_util::combinators::BoxBody<Bytes, std::convert::Infallible>> {
    let body = Full::new(Bytes::from(format!("toolsh serves MCP on {PATH} only\n"))).boxed();
    let mut response = hyper::Response::new(body);
    *response.status_mut() = hyper::StatusCode::NOT_FOUND;
    response
}
