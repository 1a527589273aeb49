//! Helpers the integration tests share: running the binary under a time bound, and a
//! loopback HTTP server answering by a function of the request.

use std::io::Read;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// What one run left.
pub struct Ran {
    pub stdout: String,
    pub stderr: String,
    pub status: i32,
}

/// A fresh home for a toolsh the tests start: its default store, logs and history are the
/// test's, never the user's (a store another build migrated would fail every call's audit).
pub fn test_home() -> std::path::PathBuf {
    tempfile::tempdir().map(tempfile::TempDir::keep).expect("a temporary home")
}

/// Runs the binary with a clean environment, killed if it outlives `bound`.
pub fn run_binary(cwd: &Path, args: &[String], bound: Duration) -> Ran {
    run_binary_with(cwd, args, &[], bound)
}

/// [`run_binary`] with the variables `env` (and nothing else of the host's environment).
pub fn run_binary_with(cwd: &Path, args: &[String], env: &[(&str, String)], bound: Duration) -> Ran {
    let started = Instant::now();
    let mut child = Command::new(env!("CARGO_BIN_EXE_toolsh"))
        .env_clear()
        .env("HOME", test_home())
        .envs(env.iter().map(|(name, value)| (*name, value.as_str())))
        .current_dir(cwd)
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn toolsh");
    let mut stdout = child.stdout.take().expect("stdout");
    let mut stderr = child.stderr.take().expect("stderr");
    let out = std::thread::spawn(move || {
        let mut text = String::new();
        let _ = stdout.read_to_string(&mut text);
        text
    });
    let err = std::thread::spawn(move || {
        let mut text = String::new();
        let _ = stderr.read_to_string(&mut text);
        text
    });
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait") {
            break status.code().unwrap_or(-1);
        }
        if started.elapsed() > bound {
            let _ = child.kill();
            let _ = child.wait();
            break -9;
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    Ran { stdout: out.join().unwrap_or_default(), stderr: err.join().unwrap_or_default(), status }
}

/// A request the test server received.
pub struct Request {
    pub method: String,
    pub path: String,
    pub body: Vec<u8>,
}

/// An answer: status line text (`200 OK`), extra header lines (each ending in `\r\n`), body.
pub type Answer = (String, String, Vec<u8>);

/// Serves HTTP/1.1 on a loopback port until the test ends, one connection at a time, each
/// request answered by `answer`; returns the port.
#[allow(clippy::disallowed_types)] // the tests serve HTTP on loopback themselves
pub fn http_server(answer: impl Fn(&Request) -> Answer + Send + 'static) -> u16 {
    use std::io::{BufRead, BufReader, Write};
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
    let port = listener.local_addr().expect("addr").port();
    std::thread::spawn(move || {
        for stream in listener.incoming().flatten() {
            let mut reader = BufReader::new(stream.try_clone().expect("clone"));
            let mut first = String::new();
            if reader.read_line(&mut first).is_err() {
                continue;
            }
            let mut length = 0usize;
            loop {
                let mut line = String::new();
                if reader.read_line(&mut line).unwrap_or(0) == 0 || line == "\r\n" {
                    break;
                }
                if let Some(v) = line.to_ascii_lowercase().strip_prefix("content-length:") {
                    length = v.trim().parse().unwrap_or(0);
                }
            }
            let mut body = vec![0u8; length];
            let _ = reader.read_exact(&mut body);
            let mut words = first.split_whitespace();
            let method = words.next().unwrap_or("GET").to_string();
            let path = words.next().unwrap_or("/").to_string();
            let (status, extra, content) = answer(&Request { method, path, body });
            let head =
                format!("HTTP/1.1 {status}\r\n{extra}Content-Length: {}\r\nConnection: close\r\n\r\n", content.len());
            let mut stream = stream;
            let _ = stream.write_all(head.as_bytes());
            let _ = stream.write_all(&content);
        }
    });
    port
}

/// `toolsh mcp ARGS` over stdio, past its handshake: the child, its input and its output.
pub fn mcp_stdio(
    args: &[&str],
) -> (std::process::Child, std::process::ChildStdin, std::io::BufReader<std::process::ChildStdout>) {
    use std::io::{BufRead, Write};
    let mut child = Command::new(env!("CARGO_BIN_EXE_toolsh"))
        .env("HOME", test_home())
        .arg("mcp")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("spawn toolsh mcp");
    let mut stdin = child.stdin.take().expect("stdin");
    let mut stdout = std::io::BufReader::new(child.stdout.take().expect("stdout"));
    let initialize = r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}"#;
    writeln!(stdin, "{initialize}").expect("send");
    let mut line = String::new();
    stdout.read_line(&mut line).expect("initialize answer");
    writeln!(stdin, r#"{{"jsonrpc":"2.0","method":"notifications/initialized"}}"#).expect("send");
    (child, stdin, stdout)
}

/// Every process now: its pid and its command line, arguments joined by blanks.
pub fn processes() -> Vec<(i32, String)> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir("/proc").expect("proc").flatten() {
        let Some(pid) = entry.file_name().to_str().and_then(|name| name.parse().ok()) else { continue };
        if let Ok(cmdline) = std::fs::read(entry.path().join("cmdline")) {
            found.push((pid, String::from_utf8_lossy(&cmdline).replace('\0', " ")));
        }
    }
    found
}

/// A store one case uses, removed when the case ends.
pub struct TestStore {
    /// What `--store` is given.
    pub spec: String,
    pub name: &'static str,
    _dir: tempfile::TempDir,
    /// The PostgreSQL database and the case's schema in it.
    schema: Option<(String, String)>,
}

impl Drop for TestStore {
    fn drop(&mut self) {
        if let Some((url, schema)) = &self.schema {
            let admin = toolsh::store::Store::open(&toolsh::store::Location::Postgres(url.clone()), "admin", "setup");
            let _ = admin.execute_for_test(&format!("DROP SCHEMA IF EXISTS {schema} CASCADE"));
        }
    }
}

/// A SQLite store, and a PostgreSQL one when the run names a test database.
pub fn stores(case: &str) -> Vec<TestStore> {
    let dir = tempfile::tempdir().expect("tempdir");
    let spec = dir.path().join("store.db").display().to_string();
    let mut all = vec![TestStore { spec, name: "sqlite", _dir: dir, schema: None }];
    match std::env::var("TOOLSH_TEST_POSTGRES").ok().filter(|url| !url.is_empty()) {
        Some(url) => {
            let schema = format!("it{}_{case}", std::process::id());
            let admin = toolsh::store::Store::open(&toolsh::store::Location::Postgres(url.clone()), "admin", "setup");
            admin.execute_for_test(&format!("DROP SCHEMA IF EXISTS {schema} CASCADE")).expect("drop schema");
            admin.execute_for_test(&format!("CREATE SCHEMA {schema}")).expect("create schema");
            let separator = if url.contains('?') { '&' } else { '?' };
            let spec = format!("{url}{separator}options=-csearch_path%3D{schema}");
            let dir = tempfile::tempdir().expect("tempdir");
            all.push(TestStore { spec, name: "postgres", _dir: dir, schema: Some((url, schema)) });
        }
        None => eprintln!("{case}: PostgreSQL skipped (TOOLSH_TEST_POSTGRES is not set)"),
    }
    all
}

/// Opens an MCP session on `addr` (initialize, initialized) and returns its id.
pub fn mcp_http_session(addr: &str) -> String {
    let init = r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"it","version":"1"}}}"#;
    let (_, answer) = mcp_http(addr, "POST", None, init);
    let id = answer
        .lines()
        .find_map(|l| l.to_ascii_lowercase().starts_with("mcp-session-id:").then(|| l[15..].trim().to_string()))
        .expect("a session id");
    mcp_http(addr, "POST", Some(&id), r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#);
    id
}

/// Calls the `shell` tool with `line` in session `id` on `addr`; the whole HTTP answer.
pub fn mcp_http_shell(addr: &str, id: &str, n: u32, line: &str) -> String {
    let body = serde_json::json!({"jsonrpc": "2.0", "id": n, "method": "tools/call",
        "params": {"name": "shell", "arguments": {"command": line}}});
    mcp_http(addr, "POST", Some(id), &body.to_string()).1
}

/// One HTTP/1.1 request on a fresh connection: the status and the headers and body as text.
#[allow(clippy::disallowed_types)] // the test is the server's client, on loopback
pub fn mcp_http(addr: &str, method: &str, session: Option<&str>, body: &str) -> (u16, String) {
    use std::io::{Read, Write};
    let mut stream = std::net::TcpStream::connect(addr).expect("connect");
    stream.set_read_timeout(Some(Duration::from_secs(20))).expect("timeout");
    let session = session.map(|id| format!("Mcp-Session-Id: {id}\r\n")).unwrap_or_default();
    let request = format!(
        "{method} /mcp HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nMCP-Protocol-Version: 2025-06-18\r\n{session}Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(request.as_bytes()).expect("send");
    let mut answer = Vec::new();
    let _ = stream.read_to_end(&mut answer);
    let text = String::from_utf8_lossy(&answer).into_owned();
    let status = text.split_whitespace().nth(1).and_then(|s| s.parse().ok()).unwrap_or(0);
    (status, text)
}

/// `toolsh mcp --http 127.0.0.1:0 ARGS…` started, and the address it says it serves.
pub fn mcp_http_server(args: &[&str]) -> (std::process::Child, String) {
    mcp_http_server_with(args, &[])
}

/// [`mcp_http_server`] with these host variables (and no others).
pub fn mcp_http_server_with(args: &[&str], env: &[(&str, &str)]) -> (std::process::Child, String) {
    let mut server = Command::new(env!("CARGO_BIN_EXE_toolsh"))
        .env_clear()
        .env("HOME", test_home())
        .envs(env.iter().copied())
        .args(["mcp", "--http", "127.0.0.1:0"])
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn server");
    let mut banner = String::new();
    let mut stderr = std::io::BufReader::new(server.stderr.take().expect("stderr"));
    std::io::BufRead::read_line(&mut stderr, &mut banner).expect("banner");
    let addr = banner.trim().rsplit("http://").next().unwrap_or_default().trim_end_matches("/mcp").to_string();
    (server, addr)
}
