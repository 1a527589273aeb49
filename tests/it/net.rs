//! `curl`, `wget` and `net.fetch` against a real HTTP server on loopback: the default profile
//! denies the network, loopback needs a rule naming it, and a redirect to a private or
//! metadata address is refused on its hop.

#![allow(clippy::disallowed_types)] // the test serves HTTP on loopback itself

use std::io::{BufRead, BufReader, Write};
use std::net::TcpListener;
use std::process::Command;

/// Serves a few fixed routes on a loopback port until the test ends.
fn server() -> u16 {
    let listener = TcpListener::bind("127.0.0.1:0").expect("bind");
    let port = listener.local_addr().expect("addr").port();
    std::thread::spawn(move || {
        for stream in listener.incoming().flatten() {
            let mut reader = BufReader::new(stream.try_clone().expect("clone"));
            let mut request = String::new();
            if reader.read_line(&mut request).is_err() {
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
            let _ = std::io::Read::read_exact(&mut reader, &mut body);
            let path = request.split_whitespace().nth(1).unwrap_or("/").to_string();
            let method = request.split_whitespace().next().unwrap_or("GET").to_string();
            let (status, extra, content) = match path.as_str() {
                "/hello" => ("200 OK", String::new(), b"hello\n".to_vec()),
                "/echo" => {
                    ("200 OK", String::new(), format!("{method} {}", String::from_utf8_lossy(&body)).into_bytes())
                }
                "/to-hello" => ("302 Found", "Location: /hello\r\n".to_string(), Vec::new()),
                "/to-metadata" => {
                    ("302 Found", "Location: http://169.254.169.254/latest/meta-data/\r\n".to_string(), Vec::new())
                }
                "/to-private" => ("301 Moved", "Location: http://10.0.0.7/admin\r\n".to_string(), Vec::new()),
                "/big" => ("200 OK", String::new(), vec![b'x'; 64 * 1024]),
                _ => ("404 Not Found", String::new(), b"missing\n".to_vec()),
            };
            let mut stream = stream;
            let head =
                format!("HTTP/1.1 {status}\r\n{extra}Content-Length: {}\r\nConnection: close\r\n\r\n", content.len());
            let _ = stream.write_all(head.as_bytes());
            let _ = stream.write_all(&content);
        }
    });
    port
}

fn toolsh(dir: &std::path::Path, args: &[&str], script: &str) -> (String, String, i32) {
    let out = Command::new(env!("CARGO_BIN_EXE_toolsh"))
        .env_clear()
        .arg("--root")
        .arg(dir)
        .args(args)
        .args(["-c", script])
        .output()
        .expect("run");
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.code().unwrap_or(-1),
    )
}

#[test]
fn the_network_is_denied_by_default_and_loopback_needs_a_rule_naming_it() {
    let port = server();
    let dir = tempfile::tempdir().expect("tempdir");
    let url = format!("http://127.0.0.1:{port}/hello");
    let (out, err, status) = toolsh(dir.path(), &[], &format!("echo start; curl -s {url}"));
    assert_eq!((out.as_str(), status), ("", 126));
    assert!(err.contains("denied by profile:workspace") && err.contains("nothing was executed"), "{err}");
    let (_, err, status) = toolsh(dir.path(), &["--allow", "net.fetch"], &format!("curl -s {url}"));
    assert_eq!(status, 126);
    assert!(err.contains("127.0.0.1, a loopback address"), "{err}");
    let rule = format!("net.fetch:http://127.0.0.1:{port}/**");
    let (out, err, status) = toolsh(dir.path(), &["--allow", &rule], &format!("curl -s {url}"));
    assert_eq!((out.as_str(), status), ("hello\n", 0), "{err}");
}

#[test]
fn curl_flags_behave_as_curl() {
    let port = server();
    let dir = tempfile::tempdir().expect("tempdir");
    let base = format!("http://127.0.0.1:{port}");
    let rule = format!("net.fetch:{base}/**");
    let script = format!(
        "curl -s -w ' %{{http_code}}\\n' {base}/missing
         curl -sf {base}/missing; echo \"fail $?\"
         curl -s -X PUT -d a=1 -d b=2 {base}/echo; echo
         curl -s --data-binary @body.txt {base}/echo; echo
         curl -sI {base}/hello | head -1
         curl -s {base}/to-hello; echo \"no follow $?\"
         curl -sL {base}/to-hello
         curl -s -o saved.txt {base}/hello && cat saved.txt
         curl -s --max-filesize 1000 {base}/big; echo \"big $?\"
         wget -q {base}/hello && cat hello
         net.fetch {base}/echo --method POST --body hi | jq -r .body"
    );
    std::fs::write(dir.path().join("body.txt"), "raw\nbytes").expect("write");
    let (out, err, _) = toolsh(dir.path(), &["--allow", &rule], &script);
    let expected = "missing\n 404\nfail 22\nPUT a=1&b=2\nPOST raw\nbytes\nHTTP/1.1 200 OK\r\nno follow 0\nhello\nhello\nbig 63\nhello\nPOST hi\n";
    assert_eq!(out, expected, "{err}");
}

#[test]
fn redirects_to_private_or_metadata_addresses_are_refused_on_their_hop() {
    let port = server();
    let dir = tempfile::tempdir().expect("tempdir");
    let base = format!("http://127.0.0.1:{port}");
    // The policy allows every URL; the address guard still refuses these hops.
    let args = [
        "--allow",
        "net.fetch:http://127.0.0.1:*/**",
        "--allow",
        "net.fetch:http://169.254.169.254/**",
        "--allow",
        "net.fetch:http://10.0.0.7/**",
    ];
    for (path, why) in
        [("to-metadata", "169.254.169.254, a link-local address"), ("to-private", "10.0.0.7, a private address")]
    {
        let (out, err, status) = toolsh(dir.path(), &args, &format!("curl -sL {base}/{path}"));
        assert_eq!((out.as_str(), status), ("", 126), "{path}: {err}");
        assert!(err.contains(why), "{path}: {err}");
    }
    // A redirect to a URL the policy does not allow is a policy denial on that hop.
    let only_loopback = format!("net.fetch:{base}/**");
    let (_, err, status) = toolsh(dir.path(), &["--allow", &only_loopback], &format!("curl -sL {base}/to-metadata"));
    assert_eq!(status, 126);
    assert!(err.contains("net.fetch http://169.254.169.254/latest/meta-data/ denied by profile:workspace"), "{err}");
}
