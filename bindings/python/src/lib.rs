//! `toolsh._toolsh`: the engine for Python, as thin as it can be.
//!
//! A [`Shell`] here is a `toolsh::Shell` set up from the command line's own options
//! ([`toolsh::cli::shell_from_args`], so a setting means the same as `toolsh --flag`), run on
//! one multi-threaded tokio runtime per process with the GIL released while a line runs. The
//! app's Python functions become tools ([`PyTool`]) and its approver answers `ask` rules
//! ([`PyApprover`]); both are called back with the GIL taken on a blocking thread. The Python
//! package (`python/toolsh`) builds the options and the tools' schemas; nothing here decides
//! what a line does.

use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyBytes;
use std::sync::{Arc, OnceLock};
use std::time::Duration;
use toolsh::tools::{Answer, Approval, Approver, SideEffect, Tool, ToolCx, ToolError, ToolOutput, ToolSpec};

pyo3::create_exception!(_toolsh, ToolshError, pyo3::exceptions::PyException, "A toolsh call failed.");

/// The runtime every shell of the process runs on: two workers, so a line's background jobs
/// go on between calls and a tool waiting for Python never holds the others.
fn runtime() -> PyResult<&'static tokio::runtime::Runtime> {
    static RUNTIME: OnceLock<Result<tokio::runtime::Runtime, String>> = OnceLock::new();
    RUNTIME
        .get_or_init(|| {
            tokio::runtime::Builder::new_multi_thread()
                .worker_threads(2)
                .thread_name("toolsh")
                .enable_all()
                .build()
                .map_err(|err| err.to_string())
        })
        .as_ref()
        .map_err(|err| PyRuntimeError::new_err(format!("toolsh: cannot start the runtime: {err}")))
}

/// The error kinds of the library API as one Python exception whose `kind` says which (made
/// on a thread attached to Python).
fn error(err: toolsh::Error) -> PyErr {
    let kind = err.kind();
    let exception = ToolshError::new_err(err.to_string());
    Python::try_attach(|py| {
        let _ = exception.value(py).setattr("kind", kind);
    });
    exception
}

/// An app's Python function as a tool. The package's `_start(function, arguments_json,
/// reply)` calls it on a Python thread of its own (a daemon: a call still running when Python
/// exits ends with it, never inside a Rust thread) and answers through [`Reply`].
struct PyTool {
    spec: ToolSpec,
    function: Arc<Py<PyAny>>,
    start: Arc<Py<PyAny>>,
}

impl Tool for PyTool {
    fn spec(&self) -> &ToolSpec {
        &self.spec
    }

    fn call(
        &self,
        _cx: ToolCx,
        args: serde_json::Value,
    ) -> futures::future::BoxFuture<'static, Result<ToolOutput, ToolError>> {
        let (function, start, name) = (self.function.clone(), self.start.clone(), self.spec.name.clone());
        Box::pin(async move {
            let (sender, answer) = tokio::sync::oneshot::channel();
            let reply = Reply::new(move |answer| {
                let _ = sender.send(answer);
            });
            // Only the start is done holding the GIL here; past the line's deadline this
            // future is dropped and the answer, when it comes, goes nowhere.
            let started = Python::try_attach(|py| {
                start
                    .call1(py, (function.as_ref(), args.to_string(), reply))
                    .map(drop)
                    .map_err(|err| described(py, &err))
            });
            match started {
                Some(Ok(())) => {}
                Some(Err(why)) => return Err(ToolError::failed(format!("{name}: {why}"))),
                None => return Err(ToolError::failed(format!("{name}: Python is shutting down"))),
            }
            match answer.await {
                Ok(Ok(output)) => Ok(output),
                Ok(Err(why)) => Err(ToolError::failed(format!("{name}: {why}"))),
                Err(_) => Err(ToolError::failed(format!("{name}: the function ended without an answer"))),
            }
        })
    }
}

/// Where a Python tool's thread answers: `ok(kind, payload)` with what `_invoke` made of the
/// return value (`"json"` and a JSON text, `"text"`, `"bytes"`, `"empty"`), or `err(message)`.
#[pyclass(frozen, module = "toolsh._toolsh")]
struct Reply(std::sync::Mutex<Option<Answering>>);

/// Where an answer goes: the first one only.
type Answering = Box<dyn FnOnce(Result<ToolOutput, String>) + Send>;

impl Reply {
    fn new(answering: impl FnOnce(Result<ToolOutput, String>) + Send + 'static) -> Self {
        Reply(std::sync::Mutex::new(Some(Box::new(answering))))
    }

    fn send(&self, answer: Result<ToolOutput, String>) {
        let answering = self.0.lock().unwrap_or_else(|p| p.into_inner()).take();
        if let Some(answering) = answering {
            answering(answer);
        }
    }
}

#[pymethods]
impl Reply {
    /// The function returned.
    fn ok(&self, kind: &str, payload: &Bound<'_, PyAny>) {
        self.send(output(kind, payload).map_err(|err| described(payload.py(), &err)));
    }

    /// The function raised (`message`: its type and text).
    fn err(&self, message: String) {
        self.send(Err(message));
    }
}

/// What `_invoke` returned, as a tool's output.
fn output(kind: &str, payload: &Bound<'_, PyAny>) -> PyResult<ToolOutput> {
    Ok(match kind {
        "json" => {
            let text: String = payload.extract()?;
            let value = serde_json::from_str(&text).map_err(|err| PyValueError::new_err(err.to_string()))?;
            ToolOutput::Json(value)
        }
        "text" => ToolOutput::Text(payload.extract()?),
        "bytes" => ToolOutput::Bytes(payload.cast::<PyBytes>()?.as_bytes().to_vec()),
        _ => ToolOutput::Empty,
    })
}

/// An exception as one line: `ValueError: no order 7`.
fn described(py: Python<'_>, err: &PyErr) -> String {
    let name = err.get_type(py).name().map(|n| n.to_string()).unwrap_or_else(|_| "Exception".into());
    let message = err.value(py).str().map(|s| s.to_string()).unwrap_or_default();
    if message.is_empty() { name } else { format!("{name}: {message}") }
}

/// The app's approver (the package's `approving` wrapper: `True` only approves, a coroutine is
/// awaited), started on a Python thread of its own as a tool is and waited for no longer than
/// the line may run; an exception, or no answer in time, counts as none.
struct PyApprover {
    ask: Arc<Py<PyAny>>,
    start: Arc<Py<PyAny>>,
}

impl Approver for PyApprover {
    fn approve(&self, request: &Approval) -> Answer {
        let asked = serde_json::json!({
            "request": { "command": request.command, "tool": request.tool, "subject": request.subject, "rule": request.rule }
        });
        let (sender, answer) = std::sync::mpsc::channel();
        let reply = Reply::new(move |answer| {
            let _ = sender.send(answer);
        });
        let started =
            Python::try_attach(|py| self.start.call1(py, (self.ask.as_ref(), asked.to_string(), reply)).map(drop));
        if !matches!(started, Some(Ok(()))) {
            return Answer::Unavailable;
        }
        // The wait leaves the runtime's other work to its other threads.
        let wait = || match request.time_left {
            Some(left) => answer.recv_timeout(left).ok(),
            None => answer.recv().ok(),
        };
        let answered = match tokio::runtime::Handle::try_current() {
            Ok(handle) if handle.runtime_flavor() == tokio::runtime::RuntimeFlavor::MultiThread => {
                tokio::task::block_in_place(wait)
            }
            _ => wait(),
        };
        match answered {
            Some(Ok(ToolOutput::Json(serde_json::Value::Bool(true)))) => Answer::Approved,
            Some(Ok(_)) => Answer::Refused,
            Some(Err(why)) => {
                eprintln!("toolsh: the approver failed: {why}");
                Answer::Unavailable
            }
            None => Answer::Unavailable,
        }
    }
}

/// One tool the package declares: `(name, description, schema_json, read_only, function)`.
type Declared = (String, String, String, bool, Py<PyAny>);

/// A session of the engine. Lines run one at a time (a second caller waits its turn).
#[pyclass(frozen, module = "toolsh._toolsh")]
struct Shell {
    shell: Arc<tokio::sync::Mutex<toolsh::Shell>>,
    /// Answers `ask` rules for this shell and the sessions made from it.
    approver: Option<Arc<dyn Approver>>,
    /// The shell as it started, which new sessions are made from.
    start: Arc<toolsh::Shell>,
    /// What lives as long as the shells of one setup (their host `/tmp`, launchers).
    keep: Arc<toolsh::cli::Keep>,
}

/// A way to stop a running line from another thread or task.
#[pyclass(frozen, module = "toolsh._toolsh")]
struct Cancel(tokio_util::sync::CancellationToken);

#[pymethods]
impl Cancel {
    #[new]
    fn new() -> Self {
        Cancel(tokio_util::sync::CancellationToken::new())
    }

    /// Stops the line at its next step (status 130).
    fn cancel(&self) {
        self.0.cancel();
    }
}

/// What a line did: `(stdout, stderr, status, truncated, executed, blocked, duration, job)`.
type Ran = (Py<PyBytes>, Py<PyBytes>, i32, bool, u64, Vec<String>, f64, Option<usize>);

fn ran(py: Python<'_>, out: toolsh::ExecOutcome) -> Ran {
    (
        PyBytes::new(py, &out.stdout).unbind(),
        PyBytes::new(py, &out.stderr).unbind(),
        out.status,
        out.truncated,
        out.executed,
        out.blocked,
        out.duration.as_secs_f64(),
        out.job,
    )
}

/// The shell, once no line of it runs; from a thread of the runtime (an approver, a tool asking
/// while its line runs), an error: waiting there would wait for the line that waits for it.
fn held(shell: &tokio::sync::Mutex<toolsh::Shell>) -> PyResult<tokio::sync::MutexGuard<'_, toolsh::Shell>> {
    if tokio::runtime::Handle::try_current().is_ok() {
        return shell.try_lock().map_err(|_| {
            ToolshError::new_err("the shell is running the line that asks: use it once that line has ended")
        });
    }
    Ok(shell.blocking_lock())
}

/// Runs `work` (a line, stopped by `stop`) on the runtime from the calling thread, the GIL
/// released, looking every tenth of a second for a signal Python has to handle: Ctrl-C stops
/// the line and is raised once it has ended, as it would be from Python code.
fn drive<T: Send>(
    py: Python<'_>,
    stop: tokio_util::sync::CancellationToken,
    work: impl Future<Output = T> + Send,
) -> PyResult<T> {
    let runtime = runtime()?;
    let (done, interrupted) = py.detach(|| {
        runtime.block_on(async move {
            tokio::pin!(work);
            let mut interrupted = None;
            let mut ticks = tokio::time::interval(Duration::from_millis(100));
            loop {
                tokio::select! {
                    done = &mut work => break (done, interrupted),
                    _ = ticks.tick(), if interrupted.is_none() => {
                        // Python runs its signal handlers on the main thread only, attached.
                        if let Some(Err(err)) = Python::try_attach(|py| py.check_signals()) {
                            interrupted = Some(err);
                            stop.cancel();
                        }
                    }
                }
            }
        })
    });
    match interrupted {
        Some(err) => Err(err),
        None => Ok(done),
    }
}

fn options(timeout: Option<f64>, cancel: Option<&Cancel>) -> PyResult<toolsh::ExecOptions> {
    let timeout = match timeout {
        Some(secs) if secs.is_finite() && secs > 0.0 => Some(Duration::from_secs_f64(secs.min(1e9))),
        Some(secs) => {
            return Err(PyValueError::new_err(format!("timeout must be a positive number of seconds, not {secs}")));
        }
        None => None,
    };
    // Always a token: Ctrl-C stops the line through it.
    let cancel = cancel.map_or_else(tokio_util::sync::CancellationToken::new, |c| c.0.clone());
    Ok(toolsh::ExecOptions { timeout, cancel: Some(cancel), ..Default::default() })
}

#[pymethods]
impl Shell {
    /// `words`: the command line's options (`--root DIR`, `--deny fs.delete`, …); `tools`: the
    /// app's functions; `approver`: a callable answering `ask` rules; `start`: the package's
    /// function that starts a tool's call.
    #[new]
    #[pyo3(signature = (words, tools, approver, start, launcher=None))]
    fn new(
        py: Python<'_>,
        words: Vec<String>,
        tools: Vec<Declared>,
        approver: Option<Py<PyAny>>,
        start: Py<PyAny>,
        launcher: Option<std::path::PathBuf>,
    ) -> PyResult<Self> {
        let starter = Arc::new(start);
        let tools: Vec<Arc<dyn Tool>> = tools
            .into_iter()
            .map(|(name, description, schema, read_only, function)| -> PyResult<Arc<dyn Tool>> {
                let schema: serde_json::Value = serde_json::from_str(&schema)
                    .map_err(|err| PyValueError::new_err(format!("tool '{name}': its schema: {err}")))?;
                let mut spec = ToolSpec::with_schema(&name, &description, schema);
                if read_only {
                    spec = spec.side_effect(SideEffect::ReadOnly);
                }
                Ok(Arc::new(PyTool { spec, function: Arc::new(function), start: starter.clone() }))
            })
            .collect::<PyResult<_>>()?;
        let approver = approver
            .map(|ask| Arc::new(PyApprover { ask: Arc::new(ask), start: starter.clone() }) as Arc<dyn Approver>);
        let kept = approver.clone();
        let runtime = runtime()?;
        // Mounted servers are started on the runtime (their clients live there).
        let built = py.detach(|| {
            let _entered = runtime.enter();
            let mut embedding = toolsh::cli::Embedding::default();
            embedding.approver = approver;
            embedding.tools = tools;
            embedding.launcher = launcher;
            toolsh::cli::shell_from_args(&words, embedding)
        });
        let (shell, keep) = built.map_err(error)?;
        let start = Arc::new(shell.new_session(kept.clone()));
        Ok(Shell { shell: Arc::new(tokio::sync::Mutex::new(shell)), approver: kept, start, keep: Arc::new(keep) })
    }

    /// Runs `line`; the GIL is free while it runs.
    #[pyo3(signature = (line, timeout=None, cancel=None))]
    fn run(&self, py: Python<'_>, line: &str, timeout: Option<f64>, cancel: Option<&Cancel>) -> PyResult<Ran> {
        let options = options(timeout, cancel)?;
        let stop = options.cancel.clone().unwrap_or_default();
        let shell = self.shell.clone();
        let out = drive(py, stop, async move { shell.lock().await.exec_with(line, options).await })?;
        Ok(ran(py, out))
    }

    /// Runs `line` and renders what a model should read: `(text, status, truncated, spill)`.
    #[pyo3(signature = (line, timeout=None, cancel=None))]
    fn for_model(
        &self,
        py: Python<'_>,
        line: &str,
        timeout: Option<f64>,
        cancel: Option<&Cancel>,
    ) -> PyResult<(String, i32, bool, Option<String>)> {
        let options = options(timeout, cancel)?;
        let stop = options.cancel.clone().unwrap_or_default();
        let shell = self.shell.clone();
        let (out, rendered) = drive(py, stop, async move {
            let mut shell = shell.lock().await;
            let caps = toolsh::contract::Caps::of(shell.state().limits(), 0);
            shell.exec_for_model_with(line, caps, options).await
        })?;
        Ok((rendered.text, out.status, rendered.truncated, rendered.spill))
    }

    /// One call of the `shell` tool as `toolsh mcp` answers it (`arguments`: the JSON object a
    /// model sent): `(text, status, truncated, spill)`.
    #[pyo3(signature = (arguments, cancel=None))]
    fn call(
        &self,
        py: Python<'_>,
        arguments: &str,
        cancel: Option<&Cancel>,
    ) -> PyResult<(String, i32, bool, Option<String>)> {
        let arguments: serde_json::Value = serde_json::from_str(arguments)
            .unwrap_or_else(|err| serde_json::Value::String(format!("not JSON ({err})")));
        let shell = self.shell.clone();
        let stop = cancel.map_or_else(tokio_util::sync::CancellationToken::new, |c| c.0.clone());
        let token = stop.clone();
        let (rendered, status) =
            drive(
                py,
                stop,
                async move { toolsh::mcp::call_shell(&mut *shell.lock().await, arguments, Some(token)).await },
            )?;
        Ok((rendered.text, status, rendered.truncated, rendered.spill))
    }

    /// A new session over the same workspace, tools, policy and store, as the first one
    /// started (its own variables, directory, jobs and `/tmp`).
    fn session(&self) -> Shell {
        let fresh = self.start.new_session(self.approver.clone());
        Shell {
            shell: Arc::new(tokio::sync::Mutex::new(fresh)),
            approver: self.approver.clone(),
            start: self.start.clone(),
            keep: self.keep.clone(),
        }
    }

    /// Saves this session to the store as `name`; its generation.
    fn save(&self, py: Python<'_>, name: &str) -> PyResult<i64> {
        let shell = self.shell.clone();
        py.detach(|| held(&shell)?.save_session(name).map_err(error))
    }

    /// Makes this session the saved `name`; false when there is none.
    fn restore(&self, py: Python<'_>, name: &str) -> PyResult<bool> {
        let shell = self.shell.clone();
        py.detach(|| held(&shell)?.restore_session(name).map_err(error))
    }

    /// The working directory.
    fn cwd(&self, py: Python<'_>) -> PyResult<String> {
        let shell = self.shell.clone();
        py.detach(|| Ok(held(&shell)?.cwd().to_string()))
    }

    /// A variable's value.
    fn var(&self, py: Python<'_>, name: &str) -> PyResult<Option<String>> {
        let shell = self.shell.clone();
        py.detach(|| Ok(held(&shell)?.var(name)))
    }

    /// The `shell` tool's definition for a model as JSON, read off this session as `toolsh
    /// tools --export FORMAT` prints it (`mcp`, `openai`, `anthropic`, or a shape's name).
    fn definition(&self, py: Python<'_>, format: &str) -> PyResult<String> {
        let shell = self.shell.clone();
        py.detach(|| toolsh::mcp::export(&*held(&shell)?, format).map(|value| value.to_string()).map_err(error))
    }
}

/// `toolsh WORDS…` as the command line runs it, host programs started through `launcher`;
/// its exit status.
#[pyfunction]
#[pyo3(signature = (argv, launcher=None))]
fn cli_main(py: Python<'_>, argv: Vec<String>, launcher: Option<std::path::PathBuf>) -> i32 {
    py.detach(|| toolsh::cli::main_with_launcher(argv, launcher))
}

/// The module.
#[pymodule]
fn _toolsh(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Shell>()?;
    m.add_class::<Cancel>()?;
    m.add_class::<Reply>()?;
    m.add_function(wrap_pyfunction!(cli_main, m)?)?;
    m.add("ToolshError", m.py().get_type::<ToolshError>())?;
    m.add("VERSION", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
