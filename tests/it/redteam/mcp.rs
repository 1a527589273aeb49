//! The MCP server against a hostile client: forged Host and Origin headers are refused with 403.

#![allow(clippy::disallowed_types)] // raw HTTP on loopback, to send what no SDK would

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

/// `toolsh mcp --http 127.0.0.1:0`, and the port it printed.
fn start() -> (Child, u16) {
    let dir = std::env::temp_dir();
    let mut child = Command::new(env!("CARGO_BIN_EXE_toolsh"))
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

/// Sends raw header lines and an initialize request; returns the status code.
fn status(port: u16, headers: &str) -> u16 {
    let body = r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}"#;
    let mut stream = TcpStream::connect(("127.0.0.1", port)).expect("connect");
    stream.set_read_timeout(Some(Duration::from_secs(5))).expect("timeout");
    let request = format!(
        "POST /mcp HTTP/1.1\r\n{headers}Content-Type: application/json\r\nAccept: application/json, text/event-stream\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(request.as_bytes()).expect("send");
    let mut answer = String::new();
    let _ = stream.read_to_string(&mut answer);
    answer.split_whitespace().nth(1).and_then(|code| code.parse().ok()).unwrap_or(0)
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
