//! The MCP server against a hostile client: forged Host and Origin headers are refused with
//! 403; a session that panics a command, overflows an evaluator or spins is contained, and the
//! other sessions keep answering.

#![allow(clippy::disallowed_types)] // raw HTTP on loopback, to send what no SDK would

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

/// `toolsh mcp --http 127.0.0.1:0`, and the port it printed.
fn start() -> (Child, u16) {
    let dir = std::env::temp_dir();
    let mut child = Command::new(env!("CARGO_BIN_EXE_toolsh"))
        .env("HOME", crate::support::test_home())
        .args(["mcp", "--http", "127.0.0.1:0", "--memory"])
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn");
    let mut stderr = BufReader::new(child.stderr.take().expect("stderr"));
    let mut line = String::new();
    let mut port = 0;
    while port == 0 {
        line.clear();
        if stderr.read_line(&mut line).unwrap_or(0) == 0 {
            break;
        }
        if let Some(rest) = line.split("http://127.0.0.1:").nth(1) {
            port = rest.split(|c: char| !c.is_ascii_digit()).next().unwrap_or("0").parse().unwrap_or(0);
        }
    }
    std::thread::spawn(move || std::io::copy(&mut stderr, &mut std::io::sink()));
    assert_ne!(port, 0, "no address printed");
    (child, port)
}

const INITIALIZE: &str = r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}"#;

/// Posts `body` with raw header lines; returns the whole answer (status line, headers, body).
fn post(port: u16, headers: &str, body: &str, wait: Duration) -> String {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).expect("connect");
    stream.set_read_timeout(Some(wait)).expect("timeout");
    let request = format!(
        "POST /mcp HTTP/1.1\r\n{headers}Content-Type: application/json\r\nAccept: application/json, text/event-stream\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(request.as_bytes()).expect("send");
    let mut answer = String::new();
    let _ = stream.read_to_string(&mut answer);
    answer
}

/// Sends raw header lines and an initialize request; returns the status code.
fn status(port: u16, headers: &str) -> u16 {
    let answer = post(port, headers, INITIALIZE, Duration::from_secs(5));
    answer.split_whitespace().nth(1).and_then(|code| code.parse().ok()).unwrap_or(0)
}

/// Opens a session; returns its id.
fn open_session(port: u16) -> String {
    let host = format!("Host: 127.0.0.1:{port}\r\n");
    let answer = post(port, &host, INITIALIZE, Duration::from_secs(5));
    let id = answer
        .lines()
        .find_map(|l| l.to_ascii_lowercase().starts_with("mcp-session-id:").then(|| l[15..].trim().to_string()))
        .expect("a session id");
    let note = r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#;
    post(port, &format!("{host}Mcp-Session-Id: {id}\r\n"), note, Duration::from_secs(5));
    id
}

/// Runs `command` in session `id`; returns the tool result's text (or what came back).
fn shell_call(port: u16, id: &str, command: &str) -> String {
    let args = serde_json::json!({"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"shell","arguments":{"command":command,"timeout_ms":3000}}});
    let headers = format!("Host: 127.0.0.1:{port}\r\nMcp-Session-Id: {id}\r\n");
    let answer = post(port, &headers, &args.to_string(), Duration::from_secs(20));
    answer
        .lines()
        .filter_map(|l| l.strip_prefix("data:"))
        .filter_map(|d| serde_json::from_str::<serde_json::Value>(d.trim()).ok())
        .find_map(|v| v["result"]["content"][0]["text"].as_str().map(str::to_string))
        .unwrap_or(answer)
}

#[test]
fn one_session_cannot_take_down_or_hold_the_others() {
    let (mut child, port) = start();
    let hostile = open_session(port);
    let bystander = open_session(port);
    for attack in [
        "printf '%.1000000000f' 1",
        "jq -n 'def f: [f]; f'",
        "printf '[%.0s' $(seq 100000) | jq .",
        "bc <<< \"$(printf '(%.0s' $(seq 100000))1\"",
        "r(){ r|r; }; r",
        // A descriptor number sized the table by itself (16 GB for 20 bytes).
        ": 1000000000>f",
        "exec 2147483647>&1",
        // A filter nested deeper than jaq's lexer, parser and compiler recurse.
        "jq -n \"$(printf '[%.0s' $(seq 8000))1$(printf ']%.0s' $(seq 8000))\"",
        "jq -n \"$(printf -- '-%.0s' $(seq 100000))1\"",
        "jq -n \"$(printf '1|%.0s' $(seq 100000))1\"",
        "printf 'def f: %.0s' $(seq 100000) > /tmp/deep.jq; jq -n -f /tmp/deep.jq",
        "yes > /dev/null",
        "while :; do :; done",
    ] {
        let text = shell_call(port, &hostile, attack);
        assert!(text.contains("[exit "), "{attack}: no result: {text:.300}");
        let alive = shell_call(port, &bystander, "echo alive");
        assert_eq!(alive, "alive\n[exit 0]", "after {attack}");
    }
    // The hostile session itself goes on too.
    assert_eq!(shell_call(port, &hostile, "echo still"), "still\n[exit 0]");
    assert!(child.try_wait().expect("wait").is_none(), "the server is still running");
    let _ = child.kill();
    let _ = child.wait();
}

#[test]
fn forged_host_and_origin_headers_get_403() {
    let (mut child, port) = start();
    let host = format!("Host: 127.0.0.1:{port}\r\n");
    assert_eq!(status(port, &host), 200, "the plain request is served");
    assert_eq!(status(port, &format!("{host}Origin: http://127.0.0.1:{port}\r\n")), 200, "a same-origin page");
    assert_eq!(status(port, &format!("{host}Origin: http://localhost:{port}\r\n")), 200);
    for forged in [
        format!("{host}Origin: http://evil.example\r\n"),
        format!("{host}Origin: null\r\n"),
        format!("{host}Origin: http://127.0.0.1:{port}.evil.example\r\n"),
        format!("{host}Origin: http://127.0.0.1:{port}\r\nOrigin: http://evil.example\r\n"),
        format!("{host}Host: evil.example\r\n"),
        format!("Host: evil.example\r\n{host}"),
        "Host: evil.example\r\n".to_string(),
        format!("Host: 127.0.0.1:{port}, evil.example\r\n"),
        format!("Host: 127.0.0.1:{port}@evil.example\r\n"),
        "Host: \r\n".to_string(),
    ] {
        assert_eq!(status(port, &forged), 403, "{forged:?}");
    }
    let _ = child.kill();
    let _ = child.wait();
}

/// `toolsh mcp --memory` over stdio, past its handshake.
fn stdio_server() -> (Child, std::process::ChildStdin, BufReader<std::process::ChildStdout>) {
    stdio_server_with(&[])
}

/// [`stdio_server`] with more of the command line (an in-memory workspace).
fn stdio_server_with(extra: &[&str]) -> (Child, std::process::ChildStdin, BufReader<std::process::ChildStdout>) {
    let mut args = vec!["--memory"];
    args.extend_from_slice(extra);
    crate::support::mcp_stdio(&args)
}

#[test]
fn closing_standard_input_stops_the_running_line() {
    let (mut child, mut stdin, _stdout) = stdio_server();
    let call = r#"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"shell","arguments":{"command":"while :; do :; done","timeout_ms":60000}}}"#;
    writeln!(stdin, "{call}").expect("send");
    std::thread::sleep(Duration::from_millis(300));
    let closed = std::time::Instant::now();
    drop(stdin);
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait") {
            break status;
        }
        assert!(closed.elapsed() < Duration::from_secs(3), "still running after the client left");
        std::thread::sleep(Duration::from_millis(10));
    };
    assert!(status.success(), "{status:?}");
}

/// Ticks of CPU the process has used (user + system).
fn cpu_ticks(pid: u32) -> u64 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).expect("stat");
    // The fields after the command name, which is in parentheses and may hold spaces.
    let rest = stat.rsplit_once(')').map_or("", |(_, rest)| rest);
    let fields: Vec<&str> = rest.split_whitespace().collect();
    fields[11].parse::<u64>().unwrap_or(0) + fields[12].parse::<u64>().unwrap_or(0)
}

#[test]
fn work_past_the_deadline_stops_with_the_call() {
    // Generators jq runs natively (range) or through the standard library (repeat, recurse)
    // kept a core busy and memory growing after the call had answered.
    let (mut child, mut stdin, mut stdout) = stdio_server();
    let mut line = String::new();
    for (id, command) in [
        "jq -n '[range(1e12)] | length'",
        "jq -n '[repeat(1)] | length'",
        "jq -n 'reduce range(1e12) as $i (0; . + $i)'",
        "jq -n '[1 | recurse(. + 1)] | length'",
        "jq -n 'last(1 | until(. < 0; . + 1))'",
    ]
    .iter()
    .enumerate()
    {
        let call = serde_json::json!({"jsonrpc":"2.0","id":id + 2,"method":"tools/call","params":{"name":"shell","arguments":{"command":command,"timeout_ms":500,"on_timeout":"stop"}}});
        writeln!(stdin, "{call}").expect("send");
        line.clear();
        stdout.read_line(&mut line).expect("answer");
        assert!(line.contains("wall time"), "{command}: {line}");
        std::thread::sleep(Duration::from_millis(300));
        let before = cpu_ticks(child.id());
        std::thread::sleep(Duration::from_millis(700));
        let spent = cpu_ticks(child.id()) - before;
        assert!(spent < 20, "{command}: {spent} ticks of CPU in 0.7 s after the call answered");
    }
    drop(stdin);
    let _ = child.wait();
}

/// One call of the `shell` tool over stdio: its answer's line.
fn call_shell(
    stdin: &mut std::process::ChildStdin,
    stdout: &mut BufReader<std::process::ChildStdout>,
    id: u32,
    arguments: serde_json::Value,
) -> String {
    let call = serde_json::json!({"jsonrpc":"2.0","id":id,"method":"tools/call","params":{"name":"shell","arguments":arguments}});
    writeln!(stdin, "{call}").expect("send");
    let mut line = String::new();
    stdout.read_line(&mut line).expect("answer");
    line
}

#[test]
fn a_busy_line_promoted_to_a_job_stops_at_its_limit_and_when_killed() {
    // A line that outruns its call goes on as a job; it must not keep a core busy past the
    // line's own limit (`promoted-timeout-ms`), nor after `kill`.
    let (mut child, mut stdin, mut stdout) = stdio_server_with(&["--limit", "promoted-timeout-ms=1500"]);
    let spin = serde_json::json!({"command": "while :; do :; done", "timeout_ms": 300});
    let answer = call_shell(&mut stdin, &mut stdout, 2, spin.clone());
    assert!(answer.contains("[exit 148]") && answer.contains("still running as job %1"), "{answer}");
    std::thread::sleep(Duration::from_millis(1700));
    let before = cpu_ticks(child.id());
    std::thread::sleep(Duration::from_millis(500));
    assert!(cpu_ticks(child.id()) - before < 15, "the job outlived its limit");
    let answer = call_shell(
        &mut stdin,
        &mut stdout,
        3,
        serde_json::json!({"command": "jobs; wait %1; echo \"status $?\"; cat /tmp/.jobs/1.log"}),
    );
    assert!(
        answer.contains("Exit 124") && answer.contains("status 124") && answer.contains("limit exceeded: wall time"),
        "{answer}"
    );

    let answer = call_shell(&mut stdin, &mut stdout, 4, spin);
    assert!(answer.contains("[exit 148]"), "{answer}");
    let answer =
        call_shell(&mut stdin, &mut stdout, 5, serde_json::json!({"command": "kill %1; wait %1; echo \"status $?\""}));
    assert!(answer.contains("status 143"), "{answer}");
    std::thread::sleep(Duration::from_millis(200));
    let before = cpu_ticks(child.id());
    std::thread::sleep(Duration::from_millis(500));
    assert!(cpu_ticks(child.id()) - before < 15, "the job outlived kill");
    drop(stdin);
    let _ = child.wait();
}
