//! Tools from the command side: the context a tool body gets when a command calls it
//! ([`tool_cx`]), running a tool by its name as a command ([`run_tool`]), and `Ctx`'s calls of
//! tools through the registry and its gate.

use super::Ctx;
use crate::io::Io;
use crate::session::{Shared, Status};
use serde_json::Value;
use std::sync::Arc;
use toolsh_gate::{Tool, ToolCx, flags};

/// What a tool body gets when `command`, run in `cwd`, calls it.
pub(crate) fn tool_cx(shared: &Arc<Shared>, cwd: &str, command: &str) -> ToolCx {
    ToolCx {
        vfs: shared.vfs().clone(),
        cwd: cwd.to_string(),
        agent: shared.agent().to_string(),
        session: shared.gate().audit().session().to_string(),
        command: command.to_string(),
        gate: shared.gate().clone(),
        store: shared.store().cloned(),
        meter: shared.meter().clone(),
        pace: shared.pace().clone(),
        limits: *shared.ceiling(),
        env: Vec::new(),
    }
}

/// Runs `argv` as a call of `tool` in the session `state`: words to JSON by the schema, standard input into the
/// tool's text property, the result to standard output.
pub async fn run_tool(
    shared: &Arc<Shared>,
    state: &crate::session::State,
    tool: Arc<dyn Tool>,
    argv: Vec<String>,
    io: &Io,
) -> Status {
    let spec = tool.spec();
    let say = |bytes: Vec<u8>, err: bool| async move {
        let out = if err { io.stderr() } else { io.stdout() };
        let _ = out.write_all(&bytes).await;
    };
    if spec.takes_words {
        let mut cx = tool_cx(shared, &state.cwd, &argv[0]);
        cx.env = state.vars.exported();
        if let Some(run) = tool.stream(cx, argv[1..].to_vec(), io.streams()) {
            return run_words(shared, spec, &argv, run, io).await;
        }
        // No body of its own: its words go as `args` through the call below, like any tool's.
    }
    if matches!(argv.get(1).map(String::as_str), Some("-h" | "--help")) {
        say(flags::usage(spec).into_bytes(), false).await;
        return 0;
    }
    let mut args = match flags::parse_argv(spec, &argv[1..]) {
        Ok(args) => args,
        Err(err) => {
            say(format!("{}\n{}", err.message, flags::usage(spec)).into_bytes(), true).await;
            return err.status;
        }
    };
    if let Some(property) = flags::stdin_property(spec, &args)
        && !io.stdin().is_null()
    {
        let held = crate::session::HeldInput::new(shared);
        let bytes = match held.read_whole(&io.stdin(), state.limits().input_bytes).await {
            Ok(bytes) => bytes,
            Err(err) => {
                say(format!("{}: {}\n", argv[0], crate::vfs::describe(&err)).into_bytes(), true).await;
                return 1;
            }
        };
        args.insert(property.to_string(), Value::String(toolsh_bytes::lossy(&bytes).into_owned()));
    }
    let cx = tool_cx(shared, &state.cwd, &argv[0]);
    // A long call (a mounted server's, reporting progress) is drawn on a terminal as it runs.
    shared.meter().set(0, None);
    let call = shared.tools().call(shared.gate(), cx, &argv[0], &spec.name, Value::Object(args));
    let drawn = if io.stderr().is_terminal() { Some(shared.meter().as_ref()) } else { None };
    match metered(&io.stderr(), drawn, steps, call).await {
        Ok(output) => {
            say(output.into_bytes(), false).await;
            0
        }
        Err(err) => {
            let usage = if err.status == toolsh_gate::status::USAGE { flags::usage(spec) } else { String::new() };
            say(format!("{}\n{usage}", err.message).into_bytes(), true).await;
            err.status
        }
    }
}

/// Runs the streaming body of a tool that [takes words](toolsh_gate::ToolSpec::takes_words)
/// (a host program): its words are its subject at the gate, and the audit records how it
/// ended — also when the line is stopped while it runs.
async fn run_words(
    shared: &Arc<Shared>,
    spec: &toolsh_gate::ToolSpec,
    argv: &[String],
    run: futures::future::BoxFuture<'static, Status>,
    io: &Io,
) -> Status {
    let subject = argv[1..].join(" ");
    let ticket = match shared.gate().admit(&argv[0], spec.facts(), Some(&subject)) {
        Ok(ticket) => ticket.with_digest(toolsh_gate::gate::digest(&spec.name, Some(&subject))),
        Err(denied) => {
            let _ = io.stderr().write_text(&format!("{denied}\n")).await;
            return toolsh_gate::status::DENIED;
        }
    };
    let mut recorded = RecordOnDrop { gate: shared.gate(), ticket: Some(ticket) };
    let status = run.await;
    recorded.finish(status);
    status
}

/// Records a call whose command was dropped mid-way (the line's deadline, a cancellation,
/// Ctrl-C) as killed: its program was.
struct RecordOnDrop<'a> {
    gate: &'a toolsh_gate::Gate,
    ticket: Option<toolsh_gate::Ticket<'a>>,
}

impl RecordOnDrop<'_> {
    /// Records the call as it ended.
    fn finish(&mut self, status: Status) {
        if let Some(ticket) = self.ticket.take() {
            self.gate.record(ticket, status);
        }
    }
}

impl Drop for RecordOnDrop<'_> {
    fn drop(&mut self) {
        self.finish(128 + 9);
    }
}

/// `2 of 3 (66%)`: a tool's progress in its own units.
fn steps(done: u64, total: Option<u64>) -> String {
    match total {
        Some(total) => format!("{done} of {total} ({}%)", done * 100 / total.max(1)),
        None => done.to_string(),
    }
}

/// Runs `work`, drawing `meter` on `stderr` (worded by `describe`) every 200 ms while it runs
/// and has something to show, and clearing the line at the end; with no meter, just runs it.
/// The caller decides whether to draw: only on a terminal, and not where the output goes.
pub async fn metered<F: std::future::Future>(
    stderr: &crate::io::Output,
    meter: Option<&toolsh_gate::Meter>,
    describe: fn(u64, Option<u64>) -> String,
    work: F,
) -> F::Output {
    let Some(meter) = meter else { return work.await };
    tokio::pin!(work);
    let mut ticks = tokio::time::interval(std::time::Duration::from_millis(200));
    let mut drawn = false;
    let result = loop {
        tokio::select! {
            result = &mut work => break result,
            _ = ticks.tick() => {
                let (done, total) = meter.get();
                if done > 0 {
                    let _ = stderr.write_text(&format!("\r\x1b[K  {}", describe(done, total))).await;
                    drawn = true;
                }
            }
        }
    };
    if drawn {
        let _ = stderr.write_all(b"\r\x1b[K").await;
    }
    result
}

impl Ctx<'_> {
    /// Calls a built-in tool for an adapter command with its typed arguments
    /// ([`toolsh_gate::calls`]): the JSON result, or the status after the error was printed as
    /// `command: message` (a denial as the gate words it).
    pub async fn call<A: toolsh_gate::calls::Call>(&self, args: &A) -> Result<Value, Status> {
        let args = serde_json::to_value(args).unwrap_or_default();
        match self.call_quiet(A::TOOL, args).await {
            Ok(value) => Ok(value),
            Err(err) => {
                if err.status == toolsh_gate::status::DENIED {
                    self.err(format!("{}\n", err.message)).await;
                } else {
                    self.complain(&err.message).await;
                }
                Err(err.status)
            }
        }
    }

    /// Calls a tool for an adapter command that words its own errors.
    pub async fn call_quiet(&self, tool: &str, args: Value) -> Result<Value, toolsh_gate::ToolError> {
        let cx = tool_cx(self.shared, &self.state.cwd, self.name());
        self.shared.tools().call(self.shared.gate(), cx, self.name(), tool, args).await.map(|output| output.into_json())
    }

    /// Runs `net.fetch`'s body in the name of this command, with the meter it reports to
    /// (`curl` draws it); the body gates itself. The command gets the meter, never the
    /// tool's context (which holds the workspace behind the gate).
    #[cfg(feature = "net")]
    pub fn fetch(
        &self,
        args: toolsh_gate::net::FetchArgs,
    ) -> (
        Arc<toolsh_gate::Meter>,
        impl std::future::Future<Output = Result<toolsh_gate::net::Fetched, toolsh_gate::net::FetchError>> + use<>,
    ) {
        let cx = tool_cx(self.shared, &self.state.cwd, self.name());
        (cx.meter.clone(), async move { toolsh_gate::net::fetch(&cx, args).await })
    }
}
