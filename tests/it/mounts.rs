//! MCP servers mounted as commands (`--mcp`, `[mcp.ALIAS]`), against a real server written with
//! the official Python SDK (`tests/mcp/mounted.py`, which leaves a marker file for every call
//! that reached it): help and usage from the schemas, text, structured, error and image
//! results, a pipeline through a mounted tool, the policy (a denied call sends nothing), a
//! crashed server restarted on the next call, a hung one ended by the deadline, a tool list
//! in pages, both protocol eras, and the configuration's errors.

use crate::support::{Ran, run_binary_with};
use std::path::Path;
use std::time::{Duration, Instant};

/// A workspace, and a directory where the server marks the calls it received.
struct Fixture {
    ws: tempfile::TempDir,
    marks: tempfile::TempDir,
}

impl Fixture {
    fn new() -> Fixture {
        Fixture { ws: tempfile::tempdir().expect("tempdir"), marks: tempfile::tempdir().expect("tempdir") }
    }

    /// `--mcp` declaring the test server as `m`.
    fn flag(&self) -> String {
        let server = format!("{}/tests/mcp/mounted.py", env!("CARGO_MANIFEST_DIR"));
        format!("m=python3 {server} {}", self.marks.path().display())
    }

    /// Runs `toolsh --mcp m=… ARGS… -c LINE`.
    fn run(&self, args: &[&str], line: &str) -> Ran {
        let mut argv: Vec<String> = vec!["--mcp".into(), self.flag()];
        argv.extend(args.iter().map(|a| a.to_string()));
        argv.extend(["-c".into(), line.to_string()]);
        run_binary_with(self.ws.path(), &argv, &host_path(), Duration::from_secs(60))
    }

    /// The calls of `tool` the server received.
    fn reached(&self, tool: &str) -> usize {
        std::fs::read_dir(self.marks.path())
            .map(|entries| {
                entries.flatten().filter(|e| e.file_name().to_string_lossy().starts_with(&format!("{tool}-"))).count()
            })
            .unwrap_or(0)
    }
}

/// The host's `PATH`, which the server needs to find python3 (toolsh passes on only it).
fn host_path() -> Vec<(&'static str, String)> {
    vec![("PATH", std::env::var("PATH").unwrap_or_default())]
}

#[test]
fn a_mounted_servers_tools_are_commands_with_help_from_their_schemas() {
    let fx = Fixture::new();
    let out = fx.run(&[], "help m; m.echo --help");
    assert_eq!(out.status, 0, "{}", out.stderr);
    for tool in ["m.add", "m.authorization", "m.crash", "m.echo", "m.fail", "m.forget", "m.hang", "m.pixel"] {
        assert!(out.stdout.contains(tool), "help m lists {tool}:\n{}", out.stdout);
    }
    assert!(out.stdout.contains("usage: m.echo --text STRING [--times INTEGER]"), "{}", out.stdout);
    assert!(out.stdout.contains("Repeat TEXT, TIMES times"), "{}", out.stdout);
    assert!(out.stdout.contains("side effect: read_only"), "{}", out.stdout);
}

#[test]
fn a_cached_tool_list_starts_no_server_until_a_call_needs_it() {
    let fx = Fixture::new();
    let store = fx.marks.path().join("store.db").display().to_string();
    let first = fx.run(&["--store", &store], "help m | grep -c '^  m[.]'");
    assert_eq!((first.status, fx.reached("started")), (0, 1), "{}", first.stderr);
    let listed: usize = first.stdout.trim().parse().unwrap_or(0);
    assert!(listed >= 8, "the server's tools are listed: {}", first.stdout);
    let cached = fx.run(&["--store", &store], "help m | grep -c '^  m[.]'; m.echo --help | head -1");
    assert_eq!(
        cached.stdout,
        format!("{listed}\nusage: m.echo --text STRING [--times INTEGER]\n"),
        "{}",
        cached.stderr
    );
    assert_eq!(fx.reached("started"), 1, "help and usage came from the store's cache");
    let called = fx.run(&["--store", &store], "m.echo --text hi | jq -r .result");
    assert_eq!((called.stdout.as_str(), fx.reached("started")), ("hi\n", 2), "{}", called.stderr);
}

#[test]
fn the_newest_revision_both_sides_speak_is_negotiated() {
    // The test server speaks both eras: toolsh discovers the 2026-07-28 revision first. (The
    // npm reference servers speak only the handshake era: their tests use it.)
    let fx = Fixture::new();
    let out = fx.run(&[], "m.revision | jq -r .result");
    assert_eq!(out.stdout, "2026-07-28\n", "{}", out.stderr);
}

#[test]
fn a_changed_tool_list_is_the_shells_at_once() {
    let fx = Fixture::new();
    let line = "set -o pipefail; m.late 2>/dev/null; echo \"before: $?\"; m.grow | jq -r .result; \
                for i in $(seq 50); do m.late 2>/dev/null | jq -r .result && break; sleep 0.1; done; \
                help m | grep -c 'm.late '";
    let out = fx.run(&[], line);
    assert_eq!(out.stdout, "before: 127\ngrown\nlate and here\n1\n", "{}", out.stderr);
    assert_eq!(fx.reached("late"), 1);
}

#[test]
fn a_tool_the_cached_list_lacks_is_found_by_asking_the_server() {
    let fx = Fixture::new();
    let store = fx.marks.path().join("store.db");
    let flag = ["--store", &store.display().to_string()].map(str::to_string);
    let first = fx.run(&[&flag[0], &flag[1]], "true");
    assert_eq!(first.status, 0, "{}", first.stderr);
    // The cache as it would be had the server gained `echo` since it was listed.
    let conn = rusqlite::Connection::open(&store).expect("open store");
    let changed = conn
        .execute("UPDATE mcp_tools SET tools = replace(tools, '\"name\":\"echo\"', '\"name\":\"echoed\"')", [])
        .expect("update");
    assert_eq!(changed, 1);
    drop(conn);
    let out = fx.run(&[&flag[0], &flag[1]], "m.echo --text found | jq -r .result; m.nothing; echo \"nothing: $?\"");
    assert_eq!(out.stdout, "found\nnothing: 127\n", "{}", out.stderr);
    assert_eq!(fx.reached("started"), 2, "listed again once, by the run that missed");
}

#[test]
fn results_become_shell_output() {
    let fx = Fixture::new();
    // Structured content is one line of JSON (the tools declare an outputSchema), so jq reads it.
    let out = fx.run(&[], "m.add --terms 2 --terms 40 | jq .total; m.echo --text hi --times 2 | jq -r .result");
    assert_eq!((out.stdout.as_str(), out.status), ("42\nhi\nhi\n", 0), "{}", out.stderr);
    // isError: status 1, the text on stderr, nothing on stdout.
    let out = fx.run(&[], "m.fail --reason nope");
    assert_eq!((out.stdout.as_str(), out.status), ("", 1), "{}", out.stderr);
    assert!(out.stderr.contains("fail"), "{}", out.stderr);
    // An image is saved in the workspace, never printed as base64.
    let out = fx.run(&[], "m.pixel; wc -c < /tmp/.mcp/m.pixel-1.png; head -c 4 /tmp/.mcp/m.pixel-1.png | od -An -c");
    assert_eq!(out.status, 0, "{}", out.stderr);
    let mut lines = out.stdout.lines();
    assert_eq!(lines.next(), Some("[image saved: /tmp/.mcp/m.pixel-1.png (image/png, 67 bytes)]"));
    assert_eq!(lines.next(), Some("67"));
    assert!(lines.next().is_some_and(|l| l.contains("P   N   G")), "{}", out.stdout);
}

#[test]
fn arguments_that_fail_the_schema_send_nothing() {
    let fx = Fixture::new();
    let out = fx.run(&[], "m.echo --times 2");
    assert_eq!(out.status, 2, "{}", out.stderr);
    assert!(out.stderr.contains("text"), "the error names the property: {}", out.stderr);
    assert_eq!(fx.reached("echo"), 0, "nothing reached the server");
}

#[test]
fn the_policy_holds_for_mounted_tools() {
    let fx = Fixture::new();
    // A tool the server marks destructive is asked about; with nobody to ask, it is denied.
    let out = fx.run(&[], "m.forget --key k");
    assert_eq!(out.status, 126, "{}", out.stderr);
    assert_eq!(fx.reached("forget"), 0);
    // An explicit rule allows it.
    let out = fx.run(&["--allow", "m.forget"], "m.forget --key k");
    assert_eq!((out.stdout.as_str(), out.status), ("{\"result\":\"forgot k\"}\n", 0), "{}", out.stderr);
    assert_eq!(fx.reached("forget"), 1);
    // A denied namespace blocks the whole line before anything runs.
    let out = fx.run(&["--deny", "m.*"], "echo before > a.txt; m.echo --text x");
    assert_eq!(out.status, 126, "{}", out.stderr);
    assert!(out.stderr.contains("[blocked: m.echo denied by deny:m.*"), "{}", out.stderr);
    assert!(!fx.ws.path().join("a.txt").exists(), "the blocked line ran nothing");
    assert_eq!(fx.reached("echo"), 0);
}

#[test]
fn a_crashed_server_is_named_and_started_again_on_the_next_call() {
    let fx = Fixture::new();
    let store = fx.marks.path().join("state/store.db").display().to_string();
    let out = fx.run(&["--store", &store], "m.crash; echo \"status $?\"; m.echo --text back | jq -r .result");
    assert!(out.stdout.contains("status 125"), "{}\n{}", out.stdout, out.stderr);
    assert!(out.stderr.contains("mcp server 'm' unavailable"), "{}", out.stderr);
    assert!(out.stderr.contains("crashing as asked"), "its last stderr lines are quoted: {}", out.stderr);
    assert!(out.stdout.ends_with("back\n"), "the next call started it again: {}", out.stdout);
    assert_eq!(fx.reached("echo"), 1);
    // Everything it said on standard error is in its log beside the store, start by start.
    let log = std::fs::read_to_string(fx.marks.path().join("state/mcp-logs/m.log")).unwrap_or_default();
    assert!(log.contains("crashing as asked"), "{log}");
    assert!(log.matches("--- toolsh started the server").count() >= 2, "{log}");
    assert!(!out.stdout.contains("mounted: ready"), "never in the shell's output: {}", out.stdout);
}

#[test]
fn the_deadline_ends_a_call_a_server_never_answers() {
    let fx = Fixture::new();
    let started = Instant::now();
    let out = fx.run(&["--timeout", "3"], "m.hang");
    assert_eq!(out.status, 124, "{}", out.stderr);
    assert!(started.elapsed() < Duration::from_secs(20), "ended at the deadline, not when the server woke");
}

#[test]
fn a_call_past_its_timeout_is_cancelled_at_the_server() {
    let fx = Fixture::new();
    let server = format!("{}/tests/mcp/mounted.py", env!("CARGO_MANIFEST_DIR"));
    let config = format!(
        "[mcp.m]\ncommand = \"python3\"\nargs = [\"{server}\", \"{}\"]\ntimeout = \"1s\"\n",
        fx.marks.path().display()
    );
    std::fs::write(fx.ws.path().join("toolsh.toml"), config).expect("write config");
    // The shell goes on for 3 s after the timeout, the server still connected: a cancellation
    // it saw in that time came from the client, not from its input closing at exit.
    let line = "m.hang --seconds 60; echo \"status $?\"; sleep 3";
    let out = run_binary_with(fx.ws.path(), &["-c".into(), line.into()], &host_path(), Duration::from_secs(60));
    let ended = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).expect("clock").as_nanos();
    assert_eq!(out.stdout, "status 124\n", "{}", out.stderr);
    assert!(
        out.stderr.contains("hang did not answer within 1 s (its timeout); the call was cancelled"),
        "{}",
        out.stderr
    );
    let cancelled: Vec<u128> = std::fs::read_dir(fx.marks.path())
        .expect("marks")
        .flatten()
        .filter_map(|e| e.file_name().to_string_lossy().strip_prefix("cancelled-").and_then(|t| t.parse().ok()))
        .collect();
    assert_eq!(cancelled.len(), 1, "the server saw the cancellation");
    assert!(cancelled[0] + 2_000_000_000 < ended, "it saw it while the shell still ran, not at exit");
}

#[test]
fn an_answer_past_the_message_cap_fails_at_once_saying_so() {
    let fx = Fixture::new();
    let started = Instant::now();
    let out =
        fx.run(&[], "m.big --megabytes 20 | wc -c; echo \"status ${PIPESTATUS[0]}\"; m.big --megabytes 1 | wc -c");
    assert_eq!(out.stdout, "0\nstatus 1\n1048590\n", "{}", out.stderr);
    assert!(out.stderr.contains("its answer to big passed 16 MiB"), "{}", out.stderr);
    assert!(started.elapsed() < Duration::from_secs(30), "not left waiting for the call's timeout");
}

#[test]
fn a_server_that_cannot_start_leaves_the_shell_working() {
    let ws = tempfile::tempdir().expect("tempdir");
    let argv: Vec<String> =
        ["--mcp", "gone=/nonexistent/server", "-c", "echo still here"].iter().map(|a| a.to_string()).collect();
    let out = run_binary_with(ws.path(), &argv, &host_path(), Duration::from_secs(30));
    assert_eq!((out.stdout.as_str(), out.status), ("still here\n", 0));
    assert!(out.stderr.contains("mcp server 'gone' unavailable: cannot start '/nonexistent/server'"), "{}", out.stderr);
}

#[test]
fn malformed_declarations_are_config_errors_naming_the_key() {
    let cases: &[(&str, &str)] = &[
        ("[mcp.fs]\ncommand = \"x\"\n", "the namespace 'fs' is toolsh's own"),
        ("[mcp.api]\nargs = [\"x\"]\n", "[mcp.api]: `command` (a stdio server) or `url` (an HTTP one) is missing"),
        ("[mcp.api]\ncommand = \"x\"\nurl = \"http://127.0.0.1:1/mcp\"\n", "not both"),
        (
            "[mcp.api]\nurl = \"ftp://example/mcp\"\n",
            "[mcp.api] url: `ftp://example/mcp` is not an http:// or https:// address",
        ),
        (
            "[mcp.api]\nurl = \"http://127.0.0.1:1/mcp\"\nargs = [\"x\"]\n",
            "`args` and `env` are for a `command` server",
        ),
        ("[mcp.api]\ncommand = \"x\"\ntimeout = \"soon\"\n", "[mcp.api] timeout: `soon` is not a duration"),
        ("[mcp.api]\ncommand = \"x\"\nport = 3\n", "unknown field `port`"),
        ("[mcp.Bad]\ncommand = \"x\"\n", "an alias is a lowercase letter"),
    ];
    for (toml, said) in cases {
        let ws = tempfile::tempdir().expect("tempdir");
        std::fs::write(ws.path().join("toolsh.toml"), toml).expect("write config");
        let out = run_binary_with(ws.path(), &["-c".into(), "echo ran".into()], &host_path(), Duration::from_secs(30));
        assert_eq!((out.stdout.as_str(), out.status), ("", 2), "{toml}: {}", out.stderr);
        assert!(out.stderr.contains(said), "{toml}: expected {said:?} in {}", out.stderr);
    }
    assert!(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/mcp/mounted.py").exists());
}

/// A reference server from npm (`.ci/run` installs them under `target/mcp-servers`).
fn npm_server(name: &str) -> String {
    let bin = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/mcp-servers/node_modules/.bin").join(name);
    assert!(bin.exists(), "{} is missing: .ci/run installs the reference MCP servers", bin.display());
    bin.display().to_string()
}

#[test]
fn the_memory_server_through_a_pipeline() {
    let ws = tempfile::tempdir().expect("tempdir");
    let memory = ws.path().join("memory.jsonl");
    let config = format!(
        "[mcp.memory]\ncommand = \"{}\"\nenv = {{ MEMORY_FILE_PATH = \"{}\" }}\n",
        npm_server("mcp-server-memory"),
        memory.display()
    );
    std::fs::write(ws.path().join("toolsh.toml"), config).expect("write config");
    let line = r#"memory.create_entities --entities '{"name":"toolsh","entityType":"project","observations":["a shell"]}' >/dev/null && memory.read_graph | jq -r '.entities[] | "\(.name) \(.entityType) \(.observations[0])"'; memory.delete_entities --entityNames toolsh; echo "delete: $?""#;
    let out = run_binary_with(ws.path(), &["-c".into(), line.into()], &host_path(), Duration::from_secs(60));
    assert_eq!(out.stdout, "toolsh project a shell\ndelete: 126\n", "{}", out.stderr);
    assert!(out.stderr.contains("[blocked: memory.delete_entities needs approval"), "{}", out.stderr);
    let stored = std::fs::read_to_string(&memory).expect("the server wrote its file");
    assert!(stored.contains("\"name\":\"toolsh\""), "the denied delete sent nothing: {stored}");
}

#[test]
fn the_filesystem_server_answers_with_structured_content() {
    let ws = tempfile::tempdir().expect("tempdir");
    let shared = tempfile::tempdir().expect("tempdir");
    std::fs::write(shared.path().join("a.txt"), "one\ntwo\n").expect("write");
    let flag = format!("files={} {}", npm_server("mcp-server-filesystem"), shared.path().display());
    let line = format!(
        "files.read_text_file --path {0}/a.txt | jq -r .content; files.list_directory --path {0} | jq -r .content",
        shared.path().display()
    );
    let out =
        run_binary_with(ws.path(), &["--mcp".into(), flag, "-c".into(), line], &host_path(), Duration::from_secs(60));
    assert_eq!(out.stdout, "one\ntwo\n\n[FILE] a.txt\n", "{}", out.stderr);
    assert_eq!(out.status, 0);
}

#[test]
fn the_everything_server_images_resources_structured_content_and_questions() {
    let ws = tempfile::tempdir().expect("tempdir");
    let flag = format!("every={}", npm_server("mcp-server-everything"));
    let line = "every.get-tiny-image | grep saved; wc -c < /tmp/.mcp/every.get-tiny-image-1.png; \
                every.get-resource-links --count 2 | grep -c '^\\[resource: demo://'; \
                every.get-structured-content --location Chicago | jq -r 'keys | join(\",\")'; \
                every.trigger-elicitation-request | grep -c '\"action\": \"decline\"'";
    let out = run_binary_with(
        ws.path(),
        &["--mcp".into(), flag, "-c".into(), line.into()],
        &host_path(),
        Duration::from_secs(60),
    );
    let mut lines = out.stdout.lines();
    assert_eq!(
        lines.next(),
        Some("[image saved: /tmp/.mcp/every.get-tiny-image-1.png (image/png, 4033 bytes)]"),
        "{}",
        out.stderr
    );
    assert_eq!(lines.next(), Some("4033"));
    assert_eq!(lines.next(), Some("2"));
    assert_eq!(lines.next(), Some("conditions,humidity,temperature"));
    // A server of the handshake era asks in the middle of the call; with nobody to ask
    // (`toolsh -c`), it is told the user declined.
    assert_eq!(lines.next(), Some("1"), "{}", out.stdout);
}

/// The test server over Streamable HTTP on a free loopback port, stopped when dropped.
struct HttpServer {
    child: std::process::Child,
    port: u16,
}

impl HttpServer {
    #[allow(clippy::disallowed_types)] // finding a free loopback port, and waiting for the server
    fn start() -> HttpServer {
        let port = std::net::TcpListener::bind("127.0.0.1:0").and_then(|l| l.local_addr()).expect("a free port").port();
        let server = format!("{}/tests/mcp/mounted.py", env!("CARGO_MANIFEST_DIR"));
        let child = std::process::Command::new("python3")
            .args([server.as_str(), "-", &port.to_string()])
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .expect("python3 with the mcp package");
        let started = Instant::now();
        while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(started.elapsed() < Duration::from_secs(30), "the HTTP server did not come up");
            std::thread::sleep(Duration::from_millis(50));
        }
        HttpServer { child, port }
    }
}

impl Drop for HttpServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[test]
fn a_streamable_http_server_with_headers_from_the_host_environment() {
    let server = HttpServer::start();
    let ws = tempfile::tempdir().expect("tempdir");
    let config = format!(
        "[mcp.web]\nurl = \"http://127.0.0.1:{}/mcp\"\nheaders = {{ Authorization = \"Bearer ${{WEB_TOKEN}}\" }}\n",
        server.port
    );
    std::fs::write(ws.path().join("toolsh.toml"), config).expect("write config");
    let line = "web.echo --text over-http | jq -r .result; web.authorization | jq -r .result".to_string();
    let mut env = host_path();
    env.push(("WEB_TOKEN", "s3cret".to_string()));
    let out = run_binary_with(ws.path(), &["-c".into(), line.clone()], &env, Duration::from_secs(60));
    assert_eq!((out.stdout.as_str(), out.status), ("over-http\nBearer s3cret\n", 0), "{}", out.stderr);
    // Without the variable nothing connects, and the message names the variable, not a value.
    let out = run_binary_with(ws.path(), &["-c".into(), line], &host_path(), Duration::from_secs(60));
    assert!(out.stderr.contains("header Authorization: the host variable WEB_TOKEN is not set"), "{}", out.stderr);
    assert!(!out.stderr.contains("s3cret") && out.stdout.is_empty(), "{}", out.stderr);
}

#[test]
fn toolsh_mcp_serves_mounted_tools_to_the_python_sdk_and_shares_one_connection() {
    crate::mcp::python("gateway.py");
}

#[test]
fn an_embedder_mounts_a_server_through_the_builder() {
    let marks = tempfile::tempdir().expect("tempdir");
    let server = format!("{}/tests/mcp/mounted.py", env!("CARGO_MANIFEST_DIR"));
    let config = toolsh::mount::ServerConfig::from_flag(&format!("lib=python3 {server} {}", marks.path().display()))
        .expect("flag");
    let mut shell = toolsh::Shell::builder().mcp_server(config).expect("mounted").build();
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().expect("runtime");
    let out = runtime.block_on(shell.exec("lib.add --terms 1 --terms 2 | jq .total"));
    assert_eq!((out.stdout_text().as_str(), out.status), ("3\n", 0), "{}", out.stderr_text());
    let gone = toolsh::mount::ServerConfig::from_flag("gone=/nonexistent/server").expect("flag");
    let refused = toolsh::Shell::builder().mcp_server(gone).err();
    assert!(
        matches!(&refused, Some(toolsh::Error::Server(why)) if why.contains("mcp server 'gone' unavailable")),
        "{refused:?}"
    );
}

#[test]
fn an_open_world_tool_is_judged_as_the_network() {
    // server-everything's gzip tool says it reaches an open world (it fetches a URL): the
    // default profile denies it as it denies the network, and an allow rule opens it.
    let ws = tempfile::tempdir().expect("tempdir");
    let flag = format!("every={}", npm_server("mcp-server-everything"));
    let line = "every.echo --message hi; every.gzip-file-as-resource --name x.gz --data 'data:text/plain;base64,aGk='";
    let run = |extra: &[&str]| {
        let mut argv: Vec<String> = vec!["--mcp".into(), flag.clone()];
        argv.extend(extra.iter().map(|a| a.to_string()));
        argv.extend(["-c".into(), line.into()]);
        run_binary_with(ws.path(), &argv, &host_path(), Duration::from_secs(60))
    };
    let denied = run(&[]);
    assert_eq!((denied.status, denied.stdout.as_str()), (126, ""), "{}", denied.stderr);
    assert!(denied.stderr.contains("open-world tools are denied"), "{}", denied.stderr);
    let allowed = run(&["--allow", "every.gzip-file-as-resource"]);
    assert_eq!(allowed.status, 0, "{}", allowed.stderr);
    assert!(allowed.stdout.contains("[resource: demo://resource/session/x.gz"), "{}", allowed.stdout);
}

#[test]
fn a_hostile_servers_tools_cost_only_themselves() {
    // Tool names that cannot be shell words are named and left out, the good tool is mounted,
    // and the escape sequences in its descriptions are shown, not sent to the terminal.
    let ws = tempfile::tempdir().expect("tempdir");
    let store = ws.path().join("s.db").display().to_string();
    let flag = format!("h=python3 {}/tests/mcp/hostile.py", env!("CARGO_MANIFEST_DIR"));
    let run = |line: &str| {
        let argv: Vec<String> = ["--store", &store, "--mcp", &flag, "-c", line].map(str::to_string).to_vec();
        run_binary_with(ws.path(), &argv, &host_path(), Duration::from_secs(60))
    };
    let out = run("h.ok --text hi; help h; h.ok -h");
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert!(out.stdout.starts_with("ok\n"), "{}", out.stdout);
    for name in ["../x", "a;b", "`id`", "t\\u{1b}]0;pwned\\u{7}\\u{1b}[2J"] {
        let said = format!("mcp server 'h': the tool name '{name}' is not a word the shell can type; left out");
        assert!(out.stderr.contains(&said), "{said}\n{}", out.stderr);
    }
    assert!(!out.stdout.contains('\x1b') && !out.stderr.contains('\x1b'), "no escape reaches the terminal");
    assert!(out.stdout.contains("A good tool.\\u{1b}]0;pwned"), "{}", out.stdout);
    assert!(out.stdout.contains("What to say\\u{1b}"), "the schema's texts too: {}", out.stdout);
    // The cache keeps what was taken: the next start mounts `ok` and says nothing.
    let cached = run("h.ok --text again");
    assert_eq!((cached.status, cached.stdout.as_str(), cached.stderr.as_str()), (0, "ok\n", ""));
    // A cache written before (the whole list) costs the same: named, left out, the rest works.
    let conn = rusqlite::Connection::open(ws.path().join("s.db")).expect("open store");
    let hostile = r#"[{"name":"ok","inputSchema":{"type":"object"},"annotations":{"readOnlyHint":true,"openWorldHint":false}},{"name":"a;b","inputSchema":{"type":"object"}}]"#;
    assert_eq!(conn.execute("UPDATE mcp_tools SET tools = ?1", [hostile]).expect("update"), 1);
    drop(conn);
    let poisoned = run("h.ok; echo $?");
    assert_eq!(poisoned.stdout, "ok\n0\n", "{}", poisoned.stderr);
    assert!(poisoned.stderr.contains("'a;b' is not a word the shell can type; left out"), "{}", poisoned.stderr);
}

#[test]
fn a_flooding_or_shouting_server_costs_a_few_listings_and_a_bounded_log() {
    let ws = tempfile::tempdir().expect("tempdir");
    let store = ws.path().join("state/s.db").display().to_string();
    let flag = format!("h=python3 {}/tests/mcp/hostile.py clean", env!("CARGO_MANIFEST_DIR"));
    // 20,000 "the tool list changed" notices: listed again a few times, not 20,000.
    let line = "before=$(h.lists); h.flood --count 20000; sleep 1; after=$(h.lists); \
                echo $((after - before)); h.shout --megabytes 3; h.ok";
    let argv: Vec<String> = ["--store", &store, "--mcp", &flag, "-c", line].map(str::to_string).to_vec();
    let out = run_binary_with(ws.path(), &argv, &host_path(), Duration::from_secs(60));
    assert_eq!(out.status, 0, "{}", out.stderr);
    let mut lines = out.stdout.lines();
    assert_eq!(lines.next(), Some("flooded"), "{}", out.stdout);
    let listings: u32 = lines.next().and_then(|n| n.parse().ok()).expect("a count");
    assert!((1..=20).contains(&listings), "{listings} listings for 20,000 notices");
    assert_eq!(lines.collect::<Vec<_>>(), ["shouted", "ok"]);
    // 3 MiB of standard error in one line: the log stops at its cap, saying so.
    let log = std::fs::read(ws.path().join("state/mcp-logs/h.log")).expect("the server's log");
    assert!(log.len() < (1 << 20) + 4096, "{} bytes", log.len());
    assert!(
        String::from_utf8_lossy(&log)
            .ends_with("--- toolsh stopped this log at 1048576 bytes; the server goes on ---\n")
    );
}

#[test]
fn a_server_busy_in_a_call_ends_with_toolsh() {
    // `h.nap` keeps the server from reading its input, so it never sees toolsh's end: toolsh
    // ends its process group as it exits. (The job is stopped first: at its end a script
    // waits for its jobs, as a caller reading bash's output waits for its jobs' writes.)
    let ws = tempfile::tempdir().expect("tempdir");
    let marker = ws.path().display().to_string();
    let flag = format!("h=python3 {}/tests/mcp/hostile.py clean {marker}", env!("CARGO_MANIFEST_DIR"));
    let server = || {
        crate::support::processes().into_iter().any(|(_, line)| line.contains("hostile.py") && line.contains(&marker))
    };
    let argv: Vec<String> =
        ["--mcp", &flag, "-c", "h.nap --seconds 30 & sleep 1; echo left; kill %1"].map(str::to_string).to_vec();
    let out = run_binary_with(ws.path(), &argv, &host_path(), Duration::from_secs(60));
    assert_eq!((out.status, out.stdout.as_str()), (0, "left\n"), "{}", out.stderr);
    let deadline = Instant::now() + Duration::from_secs(5);
    while server() && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(50));
    }
    assert!(!server(), "the server outlived toolsh");
}

#[test]
fn a_tool_list_toolsh_cannot_read_costs_that_servers_tools_only() {
    // A schema nested 200 levels is dropped by the JSON reader without an answer: the listing
    // is bounded, the server reported and left out, the shell runs.
    let ws = tempfile::tempdir().expect("tempdir");
    let flag = format!("h=python3 {}/tests/mcp/hostile.py deep", env!("CARGO_MANIFEST_DIR"));
    let argv: Vec<String> = ["--mcp", &flag, "-c", "echo alive"].map(str::to_string).to_vec();
    let started = Instant::now();
    let out = run_binary_with(ws.path(), &argv, &host_path(), Duration::from_secs(60));
    assert_eq!((out.status, out.stdout.as_str()), (0, "alive\n"), "{}", out.stderr);
    assert!(out.stderr.contains("mcp server 'h' unavailable: it did not list its tools within 10 s"), "{}", out.stderr);
    assert!(out.stderr.contains("its tools are not mounted"), "{}", out.stderr);
    assert!(started.elapsed() < Duration::from_secs(30), "{:?}", started.elapsed());
}

#[test]
fn a_server_that_never_answers_the_handshake_costs_its_start_timeout_named() {
    // Issue 47: a server that reads `initialize` and never answers held every start 30 s.
    // Its entry's start_timeout bounds it, and the error names the server and the setting.
    let ws = tempfile::tempdir().expect("tempdir");
    let server = format!("{}/tests/mcp/hostile.py", env!("CARGO_MANIFEST_DIR"));
    let config = format!(
        "[mcp.mute]\ncommand = \"python3\"\nargs = [\"{server}\", \"mute\"]\nstart_timeout = \"1s\"\n\
         [mcp.later]\ncommand = \"python3\"\nargs = [\"{server}\", \"mute-later\"]\nstart_timeout = \"1s\"\n"
    );
    std::fs::write(ws.path().join("toolsh.toml"), config).expect("config");
    let store = ws.path().join("store.db").display().to_string();
    let argv = |line: &str| -> Vec<String> {
        ["--store", &store, "--allow", "later", "-c", line].map(str::to_string).to_vec()
    };
    let started = Instant::now();
    let out = run_binary_with(ws.path(), &argv("echo alive"), &host_path(), Duration::from_secs(60));
    assert_eq!((out.status, out.stdout.as_str()), (0, "alive\n"), "{}", out.stderr);
    assert!(
        out.stderr.contains(
            "toolsh: mcp server 'mute' unavailable: it did not answer the handshake within 1 s (its start_timeout)"
        ),
        "{}",
        out.stderr
    );
    assert!(out.stderr.contains("its tools are not mounted"), "{}", out.stderr);
    // The other server answered this first time, and its tools are cached.
    assert!(!out.stderr.contains("'later'"), "{}", out.stderr);
    assert!(started.elapsed() < Duration::from_secs(8), "{:?}", started.elapsed());
    // Now `later` is mute too: a call of a cached tool starts it and gives up at its
    // start_timeout, naming it, status 125; the shell goes on.
    let started = Instant::now();
    let out = run_binary_with(ws.path(), &argv("later.ok; echo after $?"), &host_path(), Duration::from_secs(60));
    assert!(out.stdout.ends_with("after 125\n"), "{} / {}", out.stdout, out.stderr);
    assert!(
        out.stderr.contains("mcp server 'later' unavailable: it did not answer the handshake within 1 s"),
        "{}",
        out.stderr
    );
    assert!(started.elapsed() < Duration::from_secs(8), "{:?}", started.elapsed());
}

#[test]
fn the_lines_deadline_cuts_a_servers_start_short() {
    // The default start_timeout (10 s) is longer than the line's deadline: the line ends at its
    // deadline (124), not when the start gives up.
    let ws = tempfile::tempdir().expect("tempdir");
    let flag = format!("h=python3 {}/tests/mcp/hostile.py mute-later", env!("CARGO_MANIFEST_DIR"));
    let store = ws.path().join("store.db").display().to_string();
    let run = |line: &str| {
        let argv: Vec<String> = ["--store", &store, "--mcp", &flag, "--allow", "h", "--timeout", "2", "-c", line]
            .map(str::to_string)
            .to_vec();
        run_binary_with(ws.path(), &argv, &host_path(), Duration::from_secs(60))
    };
    let out = run("echo listed");
    assert_eq!(out.status, 0, "{}", out.stderr);
    let started = Instant::now();
    let out = run("h.ok");
    assert_eq!(out.status, 124, "{}", out.stderr);
    assert!(started.elapsed() < Duration::from_secs(6), "{:?}", started.elapsed());
}
