//! The address guard and URL rules: every IPv6 form that embeds an IPv4 address is judged by
//! that address, cloud platform addresses are refused, only http and https are followed, URL
//! rules see the normalised path, downloads never land on the control plane, and every network
//! wait ends at `--max-time` and at the line's deadline.

#![allow(clippy::disallowed_types)] // the cases serve HTTP on loopback themselves

use super::{Fixture, assert_none, breaches, cases};

use std::net::TcpListener;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// A loopback server answering every path with `HTTP/1.1 200` and the path as the body, except
/// `/redirect?TO`, which redirects to `TO`; it records the paths it was asked for.
struct Server {
    port: u16,
    paths: Arc<Mutex<Vec<String>>>,
}

fn server() -> Server {
    let paths = Arc::new(Mutex::new(Vec::new()));
    let seen = paths.clone();
    let port = crate::support::http_server(move |request| {
        seen.lock().expect("lock").push(request.path.clone());
        let (status, extra) = match request.path.strip_prefix("/redirect?") {
            Some(to) => ("302 Found", format!("Location: {to}\r\n")),
            None => ("200 OK", String::new()),
        };
        (status.to_string(), extra, format!("profile = \"trusted\" # {}\n", request.path).into_bytes())
    });
    Server { port, paths }
}

#[test]
fn every_embedded_or_special_address_is_refused() {
    let addresses = [
        "[64:ff9b::a9fe:a9fe]",
        "[64:ff9b::169.254.169.254]",
        "[64:ff9b::a00:1]",
        "[64:ff9b:1::a9fe:a9fe]",
        "[64:ff9b:1:fffe::a9fe:a9fe]",
        "[::a9fe:a9fe]",
        "[::10.0.0.1]",
        "[::127.0.0.1]",
        "[2002:a9fe:a9fe::1]",
        "[2002:7f00:1::]",
        "[2001:0:4136:e378:8000:63bf:3fff:fdd2]",
        "[::ffff:0:a9fe:a9fe]",
        "[::ffff:a9fe:a9fe]",
        "[::ffff:127.0.0.1]",
        "[fd00:ec2::254]",
        "[fe80::1]",
        "[fec0::1]",
        "[100::1]",
        "[2001:db8::1]",
        "[3fff::1]",
        "[5f00::1]",
        "[ff02::1]",
        "168.63.129.16",
        "169.254.169.254",
        "100.100.100.200",
        "192.0.0.192",
        "198.18.0.1",
        "192.88.99.1",
        "0.0.0.0",
        "127.1",
        "2130706433",
        "0x7f.0.0.1",
        "0177.0.0.1",
        "[::]",
        "[::1]",
    ];
    let allow = ["--allow", "net.fetch"];
    let lines: Vec<String> =
        addresses.iter().map(|a| format!("curl -s -m 2 http://{a}/latest/meta-data/; echo \"status $?\"")).collect();
    let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
    let found = breaches(&cases(&allow, &lines), &[], |_, ran| {
        (!ran.stdout.contains("status 126") || !ran.stderr.contains("blocked"))
            .then(|| format!("not refused by the guard: {}", ran.stdout.trim()))
    });
    assert_none("address guard", found);
}

#[test]
fn only_http_and_https_are_followed_on_any_hop() {
    let srv = server();
    let p = srv.port;
    let allow = format!("net.fetch:http://127.0.0.1:{p}/**");
    let lines: Vec<String> = [
        "file:///etc/passwd",
        "gopher://127.0.0.1:70/_x",
        "ftp://127.0.0.1/x",
        "dict://127.0.0.1:11211/stat",
        "http://169.254.169.254/latest/",
        "http://[64:ff9b::a9fe:a9fe]/latest/",
        "http://127.0.0.1:1/other-port",
    ]
    .iter()
    .map(|to| format!("curl -sSL -m 5 'http://127.0.0.1:{p}/redirect?{to}'; echo \"status $?\""))
    .collect();
    let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
    let found = breaches(&cases(&["--allow", &allow], &lines), &[], |_, ran| {
        (ran.stdout.contains("status 0") || ran.stdout.contains("root:")).then(|| "followed".to_string())
    });
    assert_none("redirect schemes", found);
    let asked = srv.paths.lock().expect("lock").clone();
    assert!(asked.iter().all(|p| p.starts_with("/redirect?")), "only the first hops reached loopback: {asked:?}");
}

#[test]
fn url_rules_match_the_normalised_path() {
    let srv = server();
    let p = srv.port;
    // Allowed below /pub only; and, separately, everything but /admin.
    let pub_only = format!("net.fetch:http://127.0.0.1:{p}/pub/**");
    let sneaky = [
        "/pub/../admin",
        "/pub/%2e%2e/admin",
        "/pub/%2E%2E/admin",
        "/pub/./../admin",
        "/pub/.%2e/admin",
        "/pub/%2e./admin",
        "/pub/x/../../admin",
    ];
    let lines: Vec<String> =
        sneaky.iter().map(|path| format!("curl -s -m 5 'http://127.0.0.1:{p}{path}'; echo \"status $?\"")).collect();
    let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
    let found = breaches(&cases(&["--allow", &pub_only], &lines), &[], |_, _| None);
    assert_none("allow below /pub", found);
    let all = format!("net.fetch:http://127.0.0.1:{p}/**");
    let no_admin = format!("net.fetch:http://127.0.0.1:{p}/admin/**");
    let lines: Vec<String> =
        ["/%61dmin/x", "/%61%64%6D%69%6E/x", "/./admin/x", "/pub/../admin/x", "/admin/./x", "/ADMIN/../admin/x"]
            .iter()
            .map(|path| format!("curl -s -m 5 'http://127.0.0.1:{p}{path}'; echo \"status $?\""))
            .collect();
    let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
    let found = breaches(&cases(&["--allow", &all, "--deny", &no_admin], &lines), &[], |_, _| None);
    assert_none("deny /admin", found);
    let asked = srv.paths.lock().expect("lock").clone();
    let reached: Vec<&String> = asked
        .iter()
        .filter(|path| {
            let lower = path.to_ascii_lowercase();
            lower.contains("admin") || lower.contains("%61") || lower.contains("%2e") || lower.contains("..")
        })
        .filter(|path| !path.starts_with("/pub/") || path.contains(".."))
        .collect();
    assert!(reached.is_empty(), "requests that left what the rules allow: {reached:?}");
    // `%2F` stays distinct from `/`: the path below /pub is one segment, sent as written.
    let fx = Fixture::new();
    let ran = fx.run(&["--allow", &pub_only], &format!("curl -s 'http://127.0.0.1:{p}/pub/a%2Fb'"));
    assert_eq!(ran.status, 0, "{}", ran.stderr);
    assert!(ran.stdout.contains("/pub/a%2Fb"), "{}", ran.stdout);
}

#[test]
fn downloads_never_land_on_the_control_plane() {
    let srv = server();
    let p = srv.port;
    let allow = format!("net.fetch:http://127.0.0.1:{p}/**");
    let lines: Vec<String> = [
        format!("curl -s -o .env http://127.0.0.1:{p}/x"),
        format!("curl -s -O http://127.0.0.1:{p}/toolsh.toml"),
        format!("cd ssh; curl -s -O http://127.0.0.1:{p}/id_ed25519"),
        format!("ln -s . here; curl -s -o here/toolsh.toml http://127.0.0.1:{p}/x"),
        format!("wget -q -O toolsh.toml http://127.0.0.1:{p}/x"),
        format!("ln -s .env e; wget -q -O e http://127.0.0.1:{p}/x"),
        format!("curl -s http://127.0.0.1:{p}/x > toolsh.toml"),
    ]
    .into_iter()
    .collect();
    let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
    assert_none("downloads", breaches(&cases(&["--allow", &allow], &lines), &[], |_, _| None));
}

#[test]
fn a_silent_server_is_left_at_max_time_and_at_the_deadline() {
    let listener = TcpListener::bind("127.0.0.1:0").expect("bind");
    let port = listener.local_addr().expect("addr").port();
    std::thread::spawn(move || {
        let mut held = Vec::new();
        for stream in listener.incoming().flatten() {
            held.push(stream); // accepted, never answered
        }
    });
    let allow = format!("net.fetch:http://127.0.0.1:{port}/**");
    let fx = Fixture::new();
    for (flags, line, code) in [
        (vec!["--allow", allow.as_str()], format!("curl -s -m 1 http://127.0.0.1:{port}/"), 28),
        (vec!["--allow", allow.as_str(), "--timeout", "1"], format!("curl -s http://127.0.0.1:{port}/"), 124),
        (vec!["--allow", allow.as_str(), "--timeout", "1"], format!("wget -q -O - http://127.0.0.1:{port}/"), 124),
    ] {
        let started = Instant::now();
        let ran = fx.run(&flags, &line);
        let took = started.elapsed();
        assert_eq!(ran.status, code, "{line}: {}", ran.stderr);
        assert!(took < Duration::from_secs(4), "{line} took {took:?}");
    }
}
