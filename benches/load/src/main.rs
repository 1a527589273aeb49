//! A load generator for `toolsh mcp --http` (`scripts/bench/scale-sessions.sh`): many MCP
//! sessions over raw HTTP/1.1 with keep-alive, each on a connection of its own, each calling the
//! `shell` tool in a loop; prints calls per second, latency percentiles, the server's and its
//! own CPU time and the server's resident memory.
//!
//! ```text
//! mcp_load HOST:PORT SERVER_PID idle N [REST]                open N sessions (handshake and one
//!                                                            call each), leave them idle, look
//!                                                            again SETTLE seconds later, call
//!                                                            each once more (and look again
//!                                                            REST seconds later)
//! mcp_load HOST:PORT SERVER_PID active N SECONDS LINE...     N sessions calling the lines in turn
//! mcp_load stdio - SECONDS LINE... -- PROGRAM ARGS...        the reference: one session of
//!                                                            `PROGRAM ARGS` (`toolsh mcp …`)
//!                                                            over stdio, calls one after another
//! ```
//!
//! With `LISTEN=1`, each idle session also holds the standalone GET stream open on a connection
//! of its own after its call, as the official Python and TypeScript SDK clients do, and the
//! server's `/status` (sessions resting, streams held) is printed where it has one.
//!
//! With `RATE=R` in the environment, `active` is open-loop: the sessions together send R calls
//! a second (each at its own steady pace, a call due while the last is unanswered sent as soon
//! as it is answered), so latency is measured at that load rather than at saturation.
//!
//! One thread (a current-thread runtime), no MCP library, no TLS, no JSON parsing beyond
//! finding the session id and the result's `[exit N]`: what the generator spends per call is
//! small and printed (`client_cpu_us_per_call`), so a reader sees how the machine's cores were
//! shared between it and the server. Each line of output is `key=value` pairs.

// A benchmark client, not part of the shell: it reads its knobs from the environment and
// starts the stdio server it measures, which the workspace's rules keep out of toolsh itself.
#![allow(clippy::disallowed_methods)]

use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

type Error = Box<dyn std::error::Error>;

/// One keep-alive connection to the server.
struct Conn {
    stream: TcpStream,
    host: String,
    buf: Vec<u8>,
}

/// A response: status, the `Mcp-Session-Id` header, the body.
struct Response {
    status: u16,
    session: Option<String>,
    body: Vec<u8>,
}

impl Conn {
    async fn open(addr: &str) -> Result<Conn, Error> {
        let stream = TcpStream::connect(addr).await?;
        stream.set_nodelay(true)?;
        Ok(Conn { stream, host: addr.to_string(), buf: Vec::with_capacity(4096) })
    }

    /// POSTs one JSON-RPC message and reads the whole answer (an SSE stream ends with the
    /// call's result; rmcp sends it chunked).
    async fn post(&mut self, body: &str, session: Option<&str>) -> Result<Response, Error> {
        let mut request = format!(
            "POST /mcp HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\n\
             Accept: application/json, text/event-stream\r\nMCP-Protocol-Version: 2025-11-25\r\n\
             Content-Length: {}\r\n",
            self.host,
            body.len()
        );
        if let Some(session) = session {
            request.push_str("Mcp-Session-Id: ");
            request.push_str(session);
            request.push_str("\r\n");
        }
        request.push_str("\r\n");
        request.push_str(body);
        self.stream.write_all(request.as_bytes()).await?;
        self.read_response().await
    }

    /// Opens the session's standalone GET stream on this connection and reads its head (the
    /// connection then belongs to the stream). Returns the status.
    async fn listen(&mut self, session: &str) -> Result<u16, Error> {
        let request = format!(
            "GET /mcp HTTP/1.1\r\nHost: {}\r\nAccept: text/event-stream\r\nMCP-Protocol-Version: 2025-11-25\r\n\
             Mcp-Session-Id: {session}\r\n\r\n",
            self.host
        );
        self.stream.write_all(request.as_bytes()).await?;
        let head = self.read_head().await?;
        Ok(head.split(' ').nth(1).and_then(|s| s.parse().ok()).unwrap_or(0))
    }

    /// A plain GET of `path`: its status and body (`/status`).
    async fn get(&mut self, path: &str) -> Result<Response, Error> {
        let request = format!("GET {path} HTTP/1.1\r\nHost: {}\r\n\r\n", self.host);
        self.stream.write_all(request.as_bytes()).await?;
        self.read_response().await
    }

    /// Reads more bytes into the buffer; an end of stream is an error.
    async fn fill(&mut self) -> Result<(), Error> {
        let mut chunk = [0u8; 8192];
        let n = self.stream.read(&mut chunk).await?;
        if n == 0 {
            return Err("the server closed the connection".into());
        }
        self.buf.extend_from_slice(&chunk[..n]);
        Ok(())
    }

    /// A response's head (status line and headers), taken out of the buffer.
    async fn read_head(&mut self) -> Result<String, Error> {
        let head_end = loop {
            if let Some(at) = find(&self.buf, b"\r\n\r\n") {
                break at;
            }
            self.fill().await?;
        };
        let head = String::from_utf8_lossy(&self.buf[..head_end]).into_owned();
        self.buf.drain(..head_end + 4);
        Ok(head)
    }

    async fn read_response(&mut self) -> Result<Response, Error> {
        let head = self.read_head().await?;
        let mut lines = head.split("\r\n");
        let status: u16 = lines.next().and_then(|l| l.split(' ').nth(1)).and_then(|s| s.parse().ok()).unwrap_or(0);
        let (mut length, mut chunked, mut session) = (None, false, None);
        for line in lines {
            let Some((name, value)) = line.split_once(':') else { continue };
            let value = value.trim();
            match name.to_ascii_lowercase().as_str() {
                "content-length" => length = value.parse::<usize>().ok(),
                "transfer-encoding" => chunked = value.eq_ignore_ascii_case("chunked"),
                "mcp-session-id" => session = Some(value.to_string()),
                _ => {}
            }
        }
        let mut body = Vec::new();
        if chunked {
            loop {
                let line_end = loop {
                    if let Some(at) = find(&self.buf, b"\r\n") {
                        break at;
                    }
                    self.fill().await?;
                };
                let size_text = String::from_utf8_lossy(&self.buf[..line_end]).into_owned();
                let size = usize::from_str_radix(size_text.split(';').next().unwrap_or("").trim(), 16)?;
                self.buf.drain(..line_end + 2);
                while self.buf.len() < size + 2 {
                    self.fill().await?;
                }
                body.extend_from_slice(&self.buf[..size]);
                self.buf.drain(..size + 2);
                if size == 0 {
                    break;
                }
            }
        } else if let Some(length) = length {
            while self.buf.len() < length {
                self.fill().await?;
            }
            body.extend(self.buf.drain(..length));
        }
        Ok(Response { status, session, body })
    }
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
}

/// A `tools/call` of the `shell` tool running `line`, as JSON-RPC text.
fn call(id: u64, line: &str) -> String {
    let call = serde_json::json!({"jsonrpc": "2.0", "id": id, "method": "tools/call",
        "params": {"name": "shell", "arguments": {"command": line}}});
    call.to_string()
}

/// A session opened on `conn`: its handshake, and one call that leaves it holding a used shell
/// (a variable set, a pipeline run).
async fn open_session(conn: &mut Conn, n: usize) -> Result<String, Error> {
    let init = r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"mcp_load","version":"0"}}}"#;
    let answer = conn.post(init, None).await?;
    let session = answer.session.ok_or_else(|| format!("no session id (status {})", answer.status))?;
    conn.post(r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#, Some(&session)).await?;
    let answer = conn.post(&call(2, &format!("mine={n}; echo $mine | wc -c")), Some(&session)).await?;
    if !contains(&answer.body, b"[exit 0]") {
        return Err(format!("session {n}: {}", String::from_utf8_lossy(&answer.body)).into());
    }
    Ok(session)
}

fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    find(haystack, needle).is_some()
}

/// A process's `(VmRSS KiB, user+system CPU seconds)` from `/proc`.
fn usage(pid: &str) -> (u64, f64) {
    let rss = std::fs::read_to_string(format!("/proc/{pid}/status"))
        .ok()
        .and_then(|s| s.lines().find(|l| l.starts_with("VmRSS:"))?.split_whitespace().nth(1)?.parse().ok())
        .unwrap_or(0);
    // Fields 14 and 15 of `stat`, after the parenthesised name (which may hold spaces).
    let cpu = std::fs::read_to_string(format!("/proc/{pid}/stat"))
        .ok()
        .and_then(|s| {
            let rest = s.rsplit_once(')')?.1.split_whitespace().collect::<Vec<_>>();
            let ticks = rest.get(11)?.parse::<u64>().ok()? + rest.get(12)?.parse::<u64>().ok()?;
            Some(ticks as f64 / 100.0)
        })
        .unwrap_or(0.0);
    (rss, cpu)
}

async fn idle(addr: &str, pid: &str, sessions: usize, rest: Option<f64>) -> Result<(), Error> {
    let mut conn = Conn::open(addr).await?;
    // The first session pays for what every later one shares.
    open_session(&mut conn, usize::MAX).await?;
    tokio::time::sleep(Duration::from_millis(300)).await;
    let (before, _) = usage(pid);
    let started = Instant::now();
    let mut ids = Vec::with_capacity(sessions);
    // `LISTEN=1`: each session's standalone GET stream, held on a connection of its own.
    let listen = std::env::var("LISTEN").is_ok_and(|v| v == "1");
    let mut streams = Vec::new();
    for n in 0..sessions {
        let id = open_session(&mut conn, n).await?;
        if listen {
            let mut stream = Conn::open(addr).await?;
            let status = stream.listen(&id).await?;
            if status != 200 {
                return Err(format!("session {n}: its GET stream was answered {status}").into());
            }
            streams.push(stream);
        }
        ids.push(id);
    }
    let opened = started.elapsed();
    tokio::time::sleep(Duration::from_millis(500)).await;
    let (after, _) = usage(pid);
    let per = (after as f64 - before as f64) / sessions as f64;
    // `SETTLE` seconds later (3 by default): idle long enough to rest in memory (the server
    // closes the MCP library's service of a session with nothing in flight for 2 s), then each
    // asked something again, once (what opening a resting session costs).
    let settle: f64 = std::env::var("SETTLE").ok().and_then(|s| s.parse().ok()).unwrap_or(3.0);
    tokio::time::sleep(Duration::from_secs_f64(settle)).await;
    let (settled, _) = usage(pid);
    let status_settled = status(addr).await;
    let back = Instant::now();
    for (n, id) in ids.iter().enumerate() {
        let answer = conn.post(&call(3, "echo \"[mine=$mine]\""), Some(id)).await?;
        if !contains(&answer.body, format!("[mine={n}]").as_bytes()) || !contains(&answer.body, b"[exit 0]") {
            return Err(format!(
                "session {n} came back without its variable: {}",
                String::from_utf8_lossy(&answer.body)
            )
            .into());
        }
    }
    let back = back.elapsed();
    // Every stream still open after its session was called again (a stream the server ended
    // reads as closed; one kept shows what it was sent, or nothing yet).
    let mut closed = 0;
    for stream in &mut streams {
        let mut chunk = [0u8; 4096];
        loop {
            match stream.stream.try_read(&mut chunk) {
                Ok(0) => {
                    closed += 1;
                    break;
                }
                Ok(_) => continue,
                Err(_) => break,
            }
        }
    }
    let settled = format!(
        " settle_s={settle} rss_settled_kib={settled} kib_per_session_settled={:.1} back_ms_each={:.3} \
         streams={} streams_closed={closed}{status_settled}",
        (settled as f64 - before as f64) / sessions as f64,
        back.as_secs_f64() * 1e3 / sessions as f64,
        streams.len(),
    );
    // After `rest` seconds more (a server whose idle sessions leave memory for the store).
    let rested = match rest {
        Some(rest) => {
            tokio::time::sleep(Duration::from_secs_f64(rest)).await;
            let (rested, _) = usage(pid);
            format!(
                " rested_s={rest} rss_rested_kib={rested} kib_per_session_rested={:.1}",
                (rested as f64 - before as f64) / sessions as f64
            )
        }
        None => String::new(),
    };
    println!(
        "idle sessions={sessions} rss_before_kib={before} rss_after_kib={after} kib_per_session={per:.1} open_ms_each={:.3}{settled}{rested}",
        opened.as_secs_f64() * 1e3 / sessions as f64
    );
    Ok(())
}

/// The server's `/status` figures, as ` status_KEY=VALUE` pairs (nothing from a server without
/// one): what the sessions are doing, so a reader sees that idle ones rested.
async fn status(addr: &str) -> String {
    let Ok(mut conn) = Conn::open(addr).await else { return String::new() };
    let Ok(answer) = conn.get("/status").await else { return String::new() };
    let Ok(serde_json::Value::Object(figures)) = serde_json::from_slice::<serde_json::Value>(&answer.body) else {
        return String::new();
    };
    let mut out = String::new();
    let mut add = |prefix: &str, object: &serde_json::Map<String, serde_json::Value>| {
        for (key, value) in object {
            if value.is_number() {
                out.push_str(&format!(" status_{prefix}{key}={value}"));
            }
        }
    };
    add("", &figures);
    for (key, value) in &figures {
        if let serde_json::Value::Object(inner) = value {
            add(&format!("{key}_"), inner);
        }
    }
    out
}

async fn active(addr: &str, pid: &str, sessions: usize, seconds: f64, lines: Vec<String>) -> Result<(), Error> {
    let (before, _) = usage(pid);
    // Every session opened (and connected) before any is timed.
    let mut opened = Vec::with_capacity(sessions);
    for n in 0..sessions {
        let mut conn = Conn::open(addr).await?;
        let session = open_session(&mut conn, n).await?;
        opened.push((conn, session));
    }
    let (ready, _) = usage(pid);
    // `WARMUP=S` sets the warm-up (default a fifth of the timed part, 0.2 to 2 s): with many
    // sessions and slow calls it should cover a round of every session's first call.
    let warmup = std::env::var("WARMUP")
        .ok()
        .and_then(|w| w.parse::<f64>().ok())
        .map_or(Duration::from_secs_f64((seconds / 5.0).clamp(0.2, 2.0)), Duration::from_secs_f64);
    let start = Instant::now() + Duration::from_millis(50);
    let timed_from = start + warmup;
    let end = timed_from + Duration::from_secs_f64(seconds);
    let lines = std::rc::Rc::new(lines);
    // Open loop: each session's gap between calls, and a phase spreading the sessions out.
    let gap = std::env::var("RATE")
        .ok()
        .and_then(|r| r.parse::<f64>().ok())
        .filter(|r| *r > 0.0)
        .map(|rate| Duration::from_secs_f64(sessions as f64 / rate));
    let local = tokio::task::LocalSet::new();
    let mut tasks = Vec::new();
    for (n, (mut conn, session)) in opened.into_iter().enumerate() {
        let lines = lines.clone();
        tasks.push(local.spawn_local(async move {
            let mut latencies: Vec<u32> = Vec::with_capacity(4096);
            let mut errors = 0u64;
            tokio::time::sleep_until(start.into()).await;
            // Sessions start at different lines of the mix, so the mix holds at every moment.
            let mut i = n;
            let mut id = 10u64;
            let mut due = gap.map(|gap| start + gap.mul_f64(n as f64 / sessions as f64));
            loop {
                if let (Some(at), Some(gap)) = (due, gap) {
                    tokio::time::sleep_until(at.into()).await;
                    due = Some(at + gap);
                }
                let now = Instant::now();
                if now >= end {
                    break;
                }
                let line = &lines[i % lines.len()];
                i += 1;
                id += 1;
                let body = call(id, line);
                let answer = conn.post(&body, Some(&session)).await;
                let took = now.elapsed();
                let ok = matches!(&answer, Ok(a) if a.status == 200 && contains(&a.body, b"[exit 0]"));
                // A call counts when it ends inside the timed part (throughput), whenever it began.
                let ended = Instant::now();
                let timed = ended >= timed_from && ended <= end;
                if timed && ok {
                    latencies.push(u32::try_from(took.as_micros()).unwrap_or(u32::MAX));
                } else if !ok && (timed || answer.is_err()) {
                    errors += 1;
                }
                if answer.is_err() {
                    // A broken connection ends this session's loop.
                    break;
                }
            }
            (latencies, errors)
        }));
    }
    let (server_rss, server_cpu, client_cpu, results) = local
        .run_until(async move {
            tokio::time::sleep_until(timed_from.into()).await;
            let (_, server_cpu0) = usage(pid);
            let (_, client_cpu0) = usage("self");
            tokio::time::sleep_until(end.into()).await;
            let (server_rss, server_cpu1) = usage(pid);
            let (_, client_cpu1) = usage("self");
            let mut results = Vec::new();
            for task in tasks {
                results.push(task.await.unwrap_or_default());
            }
            (server_rss, server_cpu1 - server_cpu0, client_cpu1 - client_cpu0, results)
        })
        .await;
    let mut all: Vec<u32> = Vec::new();
    let mut errors = 0;
    for (latencies, failed) in results {
        all.extend(latencies);
        errors += failed;
    }
    let rate = gap.map_or("closed".to_string(), |gap| format!("{:.0}", sessions as f64 / gap.as_secs_f64()));
    println!(
        "active sessions={sessions} offered={rate} errors={errors} {} rss_before_kib={before} rss_ready_kib={ready} \
         rss_loaded_kib={server_rss} kib_per_session_ready={:.1} kib_per_session_loaded={:.1}",
        summary(all, seconds, server_cpu, client_cpu),
        (ready as f64 - before as f64) / sessions as f64,
        (server_rss as f64 - before as f64) / sessions as f64,
    );
    Ok(())
}

/// Latency percentiles and per-call CPU of `latencies` (microseconds, sorted here).
fn summary(mut all: Vec<u32>, seconds: f64, server_cpu: f64, client_cpu: f64) -> String {
    all.sort_unstable();
    let pct = |p: f64| -> f64 {
        if all.is_empty() {
            return 0.0;
        }
        let at = ((all.len() as f64 * p).ceil() as usize).clamp(1, all.len()) - 1;
        f64::from(all[at]) / 1000.0
    };
    let calls = all.len();
    let per_call = |cpu: f64| if calls == 0 { 0.0 } else { cpu * 1e6 / calls as f64 };
    format!(
        "calls={calls} seconds={seconds} calls_per_s={:.0} p50_ms={:.2} p90_ms={:.2} p99_ms={:.2} max_ms={:.2} \
         server_cpu_s={server_cpu:.2} client_cpu_s={client_cpu:.2} server_cpu_us_per_call={:.0} \
         client_cpu_us_per_call={:.0}",
        calls as f64 / seconds,
        pct(0.5),
        pct(0.9),
        pct(0.99),
        pct(1.0),
        per_call(server_cpu),
        per_call(client_cpu),
    )
}

/// One session over stdio, calls one after another for `seconds` (after a warm-up).
async fn stdio(seconds: f64, lines: &[String], program: &[String]) -> Result<(), Error> {
    use tokio::io::AsyncBufReadExt;
    let [program, args @ ..] = program else { return Err("stdio: no program".into()) };
    let mut child = tokio::process::Command::new(program)
        .args(args)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .kill_on_drop(true)
        .spawn()?;
    let pid = child.id().ok_or("stdio: no pid")?.to_string();
    let mut to = child.stdin.take().ok_or("stdio: no stdin")?;
    let mut from = tokio::io::BufReader::new(child.stdout.take().ok_or("stdio: no stdout")?);
    let mut answer = String::new();
    let init = r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"mcp_load","version":"0"}}}"#;
    to.write_all(format!("{init}\n{{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}}\n").as_bytes())
        .await?;
    from.read_line(&mut answer).await?;
    let warmup = Duration::from_secs_f64((seconds / 5.0).clamp(0.2, 2.0));
    let timed_from = Instant::now() + warmup;
    let end = timed_from + Duration::from_secs_f64(seconds);
    let (mut latencies, mut errors, mut id) = (Vec::new(), 0u64, 10u64);
    let (mut cpu0, mut client0) = (None, 0.0);
    loop {
        let now = Instant::now();
        if now >= end {
            break;
        }
        if now >= timed_from && cpu0.is_none() {
            cpu0 = Some(usage(&pid).1);
            client0 = usage("self").1;
        }
        id += 1;
        let line = &lines[(id as usize) % lines.len()];
        to.write_all(format!("{}\n", call(id, line)).as_bytes()).await?;
        // Notifications (none are asked for) would come first; the answer names the id.
        let wanted = format!("\"id\":{id}");
        loop {
            answer.clear();
            if from.read_line(&mut answer).await? == 0 {
                return Err("stdio: the server ended".into());
            }
            if answer.contains(&wanted) {
                break;
            }
        }
        if now >= timed_from && Instant::now() <= end {
            if answer.contains("[exit 0]") {
                latencies.push(u32::try_from(now.elapsed().as_micros()).unwrap_or(u32::MAX));
            } else {
                errors += 1;
            }
        }
    }
    let server_cpu = usage(&pid).1 - cpu0.unwrap_or(0.0);
    let client_cpu = usage("self").1 - client0;
    let (rss, _) = usage(&pid);
    println!("stdio sessions=1 errors={errors} {} rss_kib={rss}", summary(latencies, seconds, server_cpu, client_cpu));
    drop(to);
    let _ = child.wait().await;
    Ok(())
}

fn main() -> Result<(), Error> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage_text = "usage: mcp_load HOST:PORT PID idle N | mcp_load HOST:PORT PID active N SECONDS LINE... \
                      | mcp_load stdio - SECONDS LINE... -- PROGRAM ARGS...";
    if args.first().map(String::as_str) == Some("stdio") {
        let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build()?;
        let split = args.iter().position(|a| a == "--").ok_or(usage_text)?;
        let (Some(seconds), Some(lines)) = (args.get(2), args.get(3..split)) else { return Err(usage_text.into()) };
        return runtime.block_on(stdio(seconds.parse()?, lines, &args[split + 1..]));
    }
    let [addr, pid, mode, count, rest @ ..] = args.as_slice() else {
        return Err(usage_text.into());
    };
    let count: usize = count.parse()?;
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build()?;
    match (mode.as_str(), rest) {
        ("idle", []) => runtime.block_on(idle(addr, pid, count, None)),
        ("idle", [rest]) => runtime.block_on(idle(addr, pid, count, Some(rest.parse()?))),
        ("active", [seconds, lines @ ..]) if !lines.is_empty() => {
            runtime.block_on(active(addr, pid, count, seconds.parse()?, lines.to_vec()))
        }
        _ => Err(usage_text.into()),
    }
}
