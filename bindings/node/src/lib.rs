//! The `toolsh` npm package's addon: the engine for Node, as thin as it can be.
//!
//! A [`Shell`] here is a `toolsh::Shell` set up from the command line's own options
//! ([`toolsh::cli::shell_from_args`], so a setting means the same as `toolsh --flag`), run on
//! napi's tokio runtime: a line runs off the JavaScript thread, which stays free to answer the
//! app's tools and approver (each one threadsafe function, called with JSON and answering a
//! promise of JSON). The package (`index.js`) builds the options and normalises the callbacks;
//! nothing here decides what a line does.

use napi::bindgen_prelude::{Buffer, Promise};
use napi::threadsafe_function::ThreadsafeFunction;
use napi::{Error, Result, Status};
use napi_derive::napi;
use std::sync::Arc;
use std::time::Duration;
use toolsh::tools::{Answer, Approval, Approver, SideEffect, Tool, ToolCx, ToolError, ToolOutput, ToolSpec};

/// A JavaScript callback taking one JSON text and answering a promise of one: weak, so a
/// shell left alive does not keep Node from exiting.
type Callback = ThreadsafeFunction<String, Promise<String>, String, Status, false, true>;

/// The library API's error as a JavaScript error whose message starts with its kind
/// (`[policy] rule 'deny:fs.dlete' matches no tool …`), which the package turns into a `kind`.
fn error(err: toolsh::Error) -> Error {
    let kind = err.kind();
    Error::new(Status::GenericFailure, format!("[{kind}] {err}"))
}

/// Calls `callback` with `argument` from a runtime thread and waits for its promise.
async fn call(callback: &Callback, argument: String) -> std::result::Result<String, String> {
    match callback.call_async_catch(argument).await {
        Ok(promise) => promise.await.map_err(|err| err.reason.clone()),
        Err(err) => Err(err.reason.clone()),
    }
}

/// An app's JavaScript function as a tool. The package's dispatcher is called with
/// `{"tool": NAME, "args": {…}}` and answers `{"kind": "json"|"text"|"bytes"|"empty",
/// "payload": …}` (bytes as base64) or rejects with the function's error.
struct JsTool {
    spec: ToolSpec,
    dispatch: Arc<Callback>,
}

impl Tool for JsTool {
    fn spec(&self) -> &ToolSpec {
        &self.spec
    }

    fn call(
        &self,
        _cx: ToolCx,
        args: serde_json::Value,
    ) -> futures::future::BoxFuture<'static, std::result::Result<ToolOutput, ToolError>> {
        let dispatch = self.dispatch.clone();
        let name = self.spec.name.clone();
        Box::pin(async move {
            let request = serde_json::json!({ "tool": name, "args": args }).to_string();
            let answer = call(&dispatch, request).await.map_err(|why| ToolError::failed(format!("{name}: {why}")))?;
            output(&answer).map_err(|why| ToolError::failed(format!("{name}: {why}")))
        })
    }
}

/// The dispatcher's answer as a tool's output.
fn output(answer: &str) -> std::result::Result<ToolOutput, String> {
    let answer: serde_json::Value = serde_json::from_str(answer).map_err(|err| err.to_string())?;
    let payload = &answer["payload"];
    Ok(match answer["kind"].as_str() {
        Some("json") => ToolOutput::Json(payload.clone()),
        Some("text") => ToolOutput::Text(payload.as_str().unwrap_or_default().to_string()),
        Some("bytes") => {
            use base64::Engine as _;
            let text = payload.as_str().ok_or("bytes come as base64 text")?;
            ToolOutput::Bytes(base64::engine::general_purpose::STANDARD.decode(text).map_err(|err| err.to_string())?)
        }
        _ => ToolOutput::Empty,
    })
}

/// The app's approver: called with `{command, tool, subject, rule}`; `"yes"` lets the call
/// run, anything else refuses it, a rejection counts as no answer.
struct JsApprover(Arc<Callback>);

impl Approver for JsApprover {
    fn approve(&self, request: &Approval) -> Answer {
        let asked = serde_json::json!({
            "command": request.command, "tool": request.tool, "subject": request.subject, "rule": request.rule,
        });
        // The gate asks from a runtime thread; the answer comes from the JavaScript thread,
        // which a running line leaves free. The question is put on the runtime and waited for
        // no longer than the line may run, the runtime's other work going on meanwhile.
        let asked = asked.to_string();
        let runtime = tokio::runtime::Handle::try_current()
            .ok()
            .filter(|handle| handle.runtime_flavor() == tokio::runtime::RuntimeFlavor::MultiThread);
        let Some(runtime) = runtime else {
            return match futures::executor::block_on(call(&self.0, asked)) {
                Ok(answer) if answer == "yes" => Answer::Approved,
                Ok(_) => Answer::Refused,
                Err(_) => Answer::Unavailable,
            };
        };
        let (sender, answer) = std::sync::mpsc::channel();
        let callback = self.0.clone();
        runtime.spawn(async move {
            let _ = sender.send(call(&callback, asked).await);
        });
        let wait = || match request.time_left {
            Some(left) => answer.recv_timeout(left).ok(),
            None => answer.recv().ok(),
        };
        match tokio::task::block_in_place(wait) {
            Some(Ok(answer)) if answer == "yes" => Answer::Approved,
            Some(Ok(_)) => Answer::Refused,
            Some(Err(_)) | None => Answer::Unavailable,
        }
    }
}

/// One tool the package declares.
#[napi(object)]
pub struct Declared {
    /// `namespace.tool`.
    pub name: String,
    /// Its help.
    pub description: String,
    /// The JSON Schema of its arguments, as JSON text.
    pub schema: String,
    /// It changes nothing.
    pub read_only: bool,
}

/// What a line did.
#[napi(object)]
pub struct Ran {
    /// Standard output's bytes.
    pub stdout: Buffer,
    /// Standard error's bytes.
    pub stderr: Buffer,
    /// The exit status.
    pub status: i32,
    /// Output went past the capture limit and was cut.
    pub truncated: bool,
    /// Commands run (0: nothing ran).
    pub executed: i64,
    /// The policy's refusals, as they were said.
    pub blocked: Vec<String>,
    /// How long the line took.
    pub duration_ms: f64,
    /// The job the line became when it outran its deadline (status 148).
    pub job: Option<u32>,
}

/// What a model should read of a line, and its facts.
#[napi(object)]
pub struct Rendered {
    /// The text block a model reads, ending in `[exit N]`.
    pub text: String,
    /// The exit status.
    pub status: i32,
    /// Something was cut from the text.
    pub truncated: bool,
    /// Where all of the output is, when it was cut.
    pub spill: Option<String>,
}

/// A way to stop a running line.
#[napi]
pub struct Cancel(tokio_util::sync::CancellationToken);

#[napi]
impl Cancel {
    /// A token no line has yet.
    #[napi(constructor)]
    #[allow(clippy::new_without_default)]
    pub fn new() -> Self {
        Cancel(tokio_util::sync::CancellationToken::new())
    }

    /// Stops the line at its next step (status 130).
    #[napi]
    pub fn cancel(&self) {
        self.0.cancel();
    }
}

/// A session of the engine. Lines run one at a time (a second call waits its turn).
#[napi]
pub struct Shell {
    shell: Arc<tokio::sync::Mutex<toolsh::Shell>>,
    approver: Option<Arc<dyn Approver>>,
    /// The shell as it started, which new sessions are made from.
    start: Arc<toolsh::Shell>,
    /// What lives as long as the shells of one setup (their host `/tmp`, launchers).
    keep: Arc<toolsh::cli::Keep>,
}

fn options(timeout_ms: Option<f64>, cancel: Option<&Cancel>) -> Result<toolsh::ExecOptions> {
    let timeout = match timeout_ms {
        Some(ms) if ms.is_finite() && ms > 0.0 => Some(Duration::from_secs_f64((ms / 1000.0).min(1e9))),
        Some(ms) => {
            return Err(Error::new(
                Status::InvalidArg,
                format!("timeout must be a positive number of milliseconds, not {ms}"),
            ));
        }
        None => None,
    };
    Ok(toolsh::ExecOptions { timeout, cancel: cancel.map(|c| c.0.clone()), ..Default::default() })
}

#[napi]
impl Shell {
    /// Sets a shell up from the command line's options (`["--root", dir, "--deny", "fs.delete"]`),
    /// the app's tools (called through `dispatch`), an approver and the launcher of host programs.
    #[napi(factory)]
    pub fn create(
        words: Vec<String>,
        tools: Vec<Declared>,
        dispatch: Option<Callback>,
        approver: Option<Callback>,
        launcher: Option<String>,
    ) -> Result<Shell> {
        let dispatch = dispatch.map(Arc::new);
        let mut made: Vec<Arc<dyn Tool>> = Vec::new();
        for Declared { name, description, schema, read_only } in tools {
            let schema: serde_json::Value = serde_json::from_str(&schema)
                .map_err(|err| Error::new(Status::InvalidArg, format!("tool '{name}': its schema: {err}")))?;
            let Some(dispatch) = dispatch.clone() else {
                return Err(Error::new(Status::InvalidArg, "tools need a dispatcher"));
            };
            let mut spec = ToolSpec::with_schema(&name, &description, schema);
            if read_only {
                spec = spec.side_effect(SideEffect::ReadOnly);
            }
            made.push(Arc::new(JsTool { spec, dispatch }));
        }
        let approver = approver.map(|a| Arc::new(JsApprover(Arc::new(a))) as Arc<dyn Approver>);
        let mut embedding = toolsh::cli::Embedding::default();
        embedding.approver = approver.clone();
        embedding.tools = made;
        embedding.launcher = launcher.map(std::path::PathBuf::from);
        let (shell, keep) = toolsh::cli::shell_from_args(&words, embedding).map_err(error)?;
        let start = Arc::new(shell.new_session(approver.clone()));
        Ok(Shell { shell: Arc::new(tokio::sync::Mutex::new(shell)), approver, start, keep: Arc::new(keep) })
    }

    /// Runs `line`.
    #[napi]
    pub async fn run(&self, line: String, timeout_ms: Option<f64>, cancel: Option<&Cancel>) -> Result<Ran> {
        let options = options(timeout_ms, cancel)?;
        let out = self.shell.lock().await.exec_with(&line, options).await;
        Ok(Ran {
            stdout: out.stdout.into(),
            stderr: out.stderr.into(),
            status: out.status,
            truncated: out.truncated,
            executed: i64::try_from(out.executed).unwrap_or(i64::MAX),
            blocked: out.blocked,
            duration_ms: out.duration.as_secs_f64() * 1000.0,
            job: out.job.and_then(|job| u32::try_from(job).ok()),
        })
    }

    /// Runs `line` and renders what a model should read.
    #[napi]
    pub async fn for_model(&self, line: String, timeout_ms: Option<f64>, cancel: Option<&Cancel>) -> Result<Rendered> {
        let options = options(timeout_ms, cancel)?;
        let mut shell = self.shell.lock().await;
        let caps = toolsh::contract::Caps::of(shell.state().limits(), 0);
        let (out, rendered) = shell.exec_for_model_with(&line, caps, options).await;
        Ok(Rendered { text: rendered.text, status: out.status, truncated: rendered.truncated, spill: rendered.spill })
    }

    /// One call of the `shell` tool as `toolsh mcp` answers it (`arguments`: the JSON text a
    /// model sent).
    #[napi]
    pub async fn call(&self, arguments: String, cancel: Option<&Cancel>) -> Result<Rendered> {
        let arguments: serde_json::Value = serde_json::from_str(&arguments)
            .unwrap_or_else(|err| serde_json::Value::String(format!("not JSON ({err})")));
        let cancel = cancel.map(|c| c.0.clone());
        let (rendered, status) = toolsh::mcp::call_shell(&mut *self.shell.lock().await, arguments, cancel).await;
        Ok(Rendered { text: rendered.text, status, truncated: rendered.truncated, spill: rendered.spill })
    }

    /// A new session over the same workspace, tools, policy and store, as the first one
    /// started.
    #[napi]
    pub fn session(&self) -> Shell {
        Shell {
            shell: Arc::new(tokio::sync::Mutex::new(self.start.new_session(self.approver.clone()))),
            approver: self.approver.clone(),
            start: self.start.clone(),
            keep: self.keep.clone(),
        }
    }

    /// Saves this session to the store as `name`; its generation.
    #[napi]
    pub async fn save(&self, name: String) -> Result<i64> {
        self.shell.lock().await.save_session(&name).map_err(error)
    }

    /// Makes this session the saved `name`; false when there is none.
    #[napi]
    pub async fn restore(&self, name: String) -> Result<bool> {
        self.shell.lock().await.restore_session(&name).map_err(error)
    }

    /// The working directory.
    #[napi]
    pub async fn cwd(&self) -> String {
        self.shell.lock().await.cwd().to_string()
    }

    /// A variable's value.
    #[napi]
    pub async fn var(&self, name: String) -> Option<String> {
        self.shell.lock().await.var(&name)
    }

    /// The `shell` tool's definition as JSON text (`openai`, `anthropic`, `mcp`, or a shape).
    #[napi]
    pub async fn definition(&self, format: String) -> Result<String> {
        let shell = self.shell.lock().await;
        toolsh::mcp::export(&shell, &format).map(|value| value.to_string()).map_err(error)
    }
}

/// `toolsh WORDS…` as the command line runs it; its exit status.
#[napi]
pub fn cli_main(argv: Vec<String>, launcher: Option<String>) -> i32 {
    toolsh::cli::main_with_launcher(argv, launcher.map(std::path::PathBuf::from))
}
