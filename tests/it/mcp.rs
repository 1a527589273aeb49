//! `toolsh mcp` driven by the official TypeScript client (`tests/mcp/client.mjs`) and the
//! official Python MCP SDK (`tests/mcp/client.py`; `.ci/run` installs both): one tool, a pipeline, state across calls, failure, a blocked line that runs
//! nothing, an unknown command, truncation with a readable spill file, a timeout; and
//! cancellation and progress over raw JSON-RPC (`tests/mcp/cancel.py`); `ask` through
//! elicitation (`tests/mcp/elicit.py`); protocol negotiation and JSON-RPC errors
//! (`tests/mcp/negotiate.py`); what a harness meets through the SDK's default client on the
//! newest revision — mistakes as results, calls in order, questions in rounds, structured
//! results and spill resources (`tests/mcp/harness.py`); the harness shapes against golden
//! transcripts (`tests/mcp/shapes.py`, `tests/mcp/transcripts/`); the cut of long output marked
//! where it is in every shape, the file it names read back whole, and the operator's caps
//! (`tests/mcp/cuts.py`); what Codex 0.171 and Claude Code 2.1 send (`tests/mcp/versions.py`);
//! a session restored by its id after `toolsh serve --http` is killed and started again
//! (`tests/mcp/restart.py`); one whole session of 30+ calls described once
//! (`tests/mcp/scenario.json`) through both clients in every shape, and random sessions from a
//! small grammar against a model of the session (`tests/mcp/scenario.py`,
//! `tests/mcp/scenario.mjs`, `tests/mcp/property.py`); sessions that rest between calls
//! (`--session-park`) answering as live ones, under races, streams, DELETE, the session cap and
//! a restart, and resting while their client holds the standalone GET stream open — the
//! Python SDK's (`tests/mcp/parked.py`) and the TypeScript client's (`tests/mcp/parked.mjs`),
//! each checked through the server's `/status`.

use std::process::Command;

/// Runs `PROGRAM tests/mcp/SCRIPT TOOLSH WORKDIR`, which prints `ok` when every check held.
fn drive(program: &str, script: &str) {
    let dir = tempfile::tempdir().expect("tempdir");
    // A home of the test's own: the servers' default store and logs never touch the user's.
    let home = tempfile::tempdir().expect("tempdir");
    let client = format!("{}/tests/mcp/{script}", env!("CARGO_MANIFEST_DIR"));
    let out = Command::new(program)
        .env("HOME", home.path())
        .arg(client)
        .arg(env!("CARGO_BIN_EXE_toolsh"))
        .arg(dir.path())
        .output()
        .expect("python3 with the mcp package and node with the TypeScript client (.ci/run installs them)");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success() && stdout.trim_end().ends_with("ok"), "stdout:\n{stdout}\nstderr:\n{stderr}");
}

/// Runs a Python SDK script of `tests/mcp/`.
pub(crate) fn python(script: &str) {
    drive("python3", script);
}

#[test]
fn the_python_sdk_drives_the_shell_tool() {
    python("client.py");
}

#[test]
fn cancelling_stops_the_line_and_progress_is_reported() {
    python("cancel.py");
}

#[test]
fn ask_decisions_go_to_the_client_through_elicitation() {
    python("elicit.py");
}

#[test]
fn current_and_previous_protocol_revisions_negotiate() {
    python("negotiate.py");
}

#[test]
fn a_harness_gets_readable_mistakes_ordered_calls_questions_and_structured_results() {
    python("harness.py");
}

#[test]
fn the_typescript_client_drives_the_shell_tool_in_both_eras_and_over_http() {
    drive("node", "client.mjs");
}

#[test]
fn the_official_conformance_suite_passes_where_it_applies() {
    // `toolsh mcp --http` on a free port; the suite's scenarios against it, with those that
    // need fixtures toolsh does not offer listed (and why) in tests/mcp/conformance.yaml.
    let dir = tempfile::tempdir().expect("tempdir");
    let server = Command::new(env!("CARGO_BIN_EXE_toolsh"))
        .args(["mcp", "--http", "127.0.0.1:0", "--root"])
        .arg(dir.path())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("toolsh");
    // Ended however the test ends (a panic included), so no server outlives it.
    let mut server = KillOnDrop(server);
    let mut announced = String::new();
    if let Some(stderr) = server.0.stderr.take() {
        use std::io::BufRead;
        let _ = std::io::BufReader::new(stderr).read_line(&mut announced);
    }
    let url = announced.split_whitespace().last().unwrap_or_default().to_string();
    let root = env!("CARGO_MANIFEST_DIR");
    let out = Command::new(format!("{root}/target/node22/node_modules/.bin/node"))
        .arg(format!("{root}/target/mcp-clients/node_modules/@modelcontextprotocol/conformance/dist/index.js"))
        .args(["server", "--url", &url, "--expected-failures"])
        .arg(format!("{root}/tests/mcp/conformance.yaml"))
        .output()
        .expect("Node 22 and the conformance suite (.ci/run installs them)");
    drop(server);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success() && stdout.contains("Baseline check passed"),
        "{url}\n{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn each_harness_shape_answers_as_its_golden_transcript() {
    python("shapes.py");
}

#[test]
fn every_shape_marks_a_cut_where_it_is_and_names_a_file_with_all_of_it() {
    python("cuts.py");
}

#[test]
fn codex_0_171_and_claude_code_2_1_calls_work_as_their_harnesses_send_them() {
    python("versions.py");
}

#[test]
fn http_mode_keeps_fifty_concurrent_sessions_apart() {
    python("sessions.py");
}

#[test]
fn an_http_session_survives_its_server_being_killed_and_started_again() {
    python("restart.py");
}

#[test]
fn a_whole_session_holds_its_contract_after_every_call_in_every_shape_through_the_python_sdk() {
    python("scenario.py");
}

#[test]
fn a_whole_session_holds_its_contract_after_every_call_in_every_shape_through_the_typescript_client() {
    drive("node", "scenario.mjs");
}

#[test]
fn a_session_resting_between_calls_answers_as_one_that_never_rested() {
    python("parked.py");
}

#[test]
fn a_typescript_client_holding_its_get_stream_rests_between_calls_and_hears_the_server_after() {
    drive("node", "parked.mjs");
}

#[test]
fn random_sessions_hold_the_contract_a_model_of_the_session_predicts_in_every_shape() {
    python("property.py");
}

/// A child process killed and reaped when dropped.
struct KillOnDrop(std::process::Child);

impl Drop for KillOnDrop {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}
