//! The shell tools harnesses' models were trained on, served from the one core: each shape is
//! its tools' definitions (names, arguments as the harness has them), how a call becomes
//! command lines ([`Plan`]), and how their outcome is laid out for the model ([`Answer`]).
//!
//! - `shell`: toolsh's own (`command`, `timeout_ms`).
//! - `claude-code`: Claude Code 2.1's `Bash` (`command`, `timeout` in ms, `description`,
//!   `run_in_background`, `dangerouslyDisableSandbox`; a command still running at its timeout
//!   goes on as a job of the session, as `run_in_background` starts one), `TaskStop` for those
//!   jobs and `Read` for their output files.
//! - `claude-code-2.0`: Claude Code 2.0's `Bash` with `BashOutput` and `KillShell` for the
//!   background shells.
//! - `anthropic-bash`: Anthropic's bash tool (`command`, `restart`).
//! - `openai-shell`: OpenAI's `shell` (`commands[]`, `timeout_ms`, `max_output_length`; one
//!   outcome per command, as JSON).
//! - `openai-local-shell`: OpenAI's `local_shell` (`command` as argv, `env`,
//!   `working_directory`, `timeout_ms`).
//! - `codex`: Codex 0.171's `shell` (`command` as argv, `workdir`, `timeout_ms`),
//!   `exec_command`/`write_stdin` and `apply_patch` (`input`: a `*** Begin Patch` patch, all
//!   files or none); the approval fields (`sandbox_permissions`, `justification`,
//!   `prefix_rule`) are taken and ignored, since the operator's policy decides what runs.
//!
//! Every shape's tools take their arguments as a type (`Deserialize + JsonSchema`,
//! `deny_unknown_fields`): its serde reading refuses what the harness would not send, naming
//! it, and the listed schema is derived from it (toolsh's own `shell` keeps its hand-held
//! schema, whose tokens are counted).
//!
//! A working directory given with a call is that call's only: the session's own is back when
//! the call ends. A command given as argv (`["bash", "-lc", "ls"]`) runs its script when it is a
//! shell's `-c`, and otherwise the words, quoted.

use super::call::{self, DEFAULT_TIMEOUT};
use rmcp::model::{CallToolResult, ContentBlock, JsonObject, Tool, ToolAnnotations};
use serde_json::{Value, json};
use std::sync::Arc;
use std::time::Duration;

/// A family of tool definitions a harness knows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Shape {
    /// toolsh's own `shell`.
    #[default]
    Shell,
    /// Claude Code 2.1's `Bash`, `TaskStop`, `Read`.
    ClaudeCode,
    /// Claude Code 2.0's `Bash`, `BashOutput`, `KillShell`.
    ClaudeCode20,
    /// Anthropic's `bash` (bash_20250124).
    AnthropicBash,
    /// OpenAI's `shell`.
    OpenaiShell,
    /// OpenAI's `local_shell`.
    OpenaiLocalShell,
    /// Codex's `shell` and `apply_patch`.
    Codex,
}

/// Every shape, by the name `--shape` and `--export` take.
pub const SHAPES: [(&str, Shape); 7] = [
    ("shell", Shape::Shell),
    ("claude-code", Shape::ClaudeCode),
    ("claude-code-2.0", Shape::ClaudeCode20),
    ("anthropic-bash", Shape::AnthropicBash),
    ("openai-shell", Shape::OpenaiShell),
    ("openai-local-shell", Shape::OpenaiLocalShell),
    ("codex", Shape::Codex),
];

/// One command line of a call.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Run {
    /// The command line.
    pub line: String,
    /// How long it may take.
    pub timeout: Duration,
    /// Where it runs, for this call only.
    pub workdir: Option<String>,
    /// What its deadline does if it is still running then (default: the session's setting).
    pub on_timeout: Option<crate::interp::OnDeadline>,
}

/// What a call asks the server to do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Plan {
    /// Run these lines one after the other in the session (a fresh one first when `restart`),
    /// and lay out their outcomes as `answer` says.
    #[allow(missing_docs)]
    Run { runs: Vec<Run>, restart: bool, answer: Answer },
    /// Start `line` in the background as background shell `id` (Claude Code's
    /// `run_in_background`); its output is collected later.
    #[allow(missing_docs)]
    Background { id: String, line: String },
    /// What background shell `id` wrote since it was last asked (lines matching `filter`).
    #[allow(missing_docs)]
    Output { id: String, filter: Option<String> },
    /// Stop background shell `id`.
    #[allow(missing_docs)]
    Kill { id: String },
    /// Start `line` as a job of the session (Claude Code 2.1's `run_in_background`): its ID
    /// `%N` and its output file `/tmp/.jobs/N.log` come back at once.
    #[allow(missing_docs)]
    Spawn { line: String },
    /// Stop the session's job `%job` (Claude Code 2.1's `TaskStop`).
    #[allow(missing_docs)]
    Stop { job: String },
    /// Start `line` as session `session` (Codex's `exec_command`), in `workdir`, and say what
    /// it wrote within `wait` (about `tokens` tokens at most).
    #[allow(missing_docs)]
    Exec { session: u64, line: String, workdir: Option<String>, wait: Duration, tokens: usize },
    /// What session `session` wrote since (Codex's `write_stdin` with nothing to write).
    #[allow(missing_docs)]
    Poll { session: u64, wait: Duration, tokens: usize },
}

/// How the outcomes of a call's lines are laid out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Answer {
    /// The result contract's text, with its facts as structured content.
    Contract,
    /// OpenAI's shell: `{"output": [{stdout, stderr, outcome}], "max_output_length"}`.
    #[allow(missing_docs)]
    PerCommand { max_output_length: Option<usize> },
    /// OpenAI's local shell as Codex reports it: `{"output", "metadata": {exit_code, duration_seconds}}`.
    OutputAndMetadata,
    /// Codex's shell: `Exit code: N`, `Wall time: S seconds`, `Output:` and the output.
    ExitWallOutput,
    /// Claude Code 2.1's `Bash`: the contract, or, for a line its `timeout` moved to the
    /// background, its ID and output file.
    #[allow(missing_docs)]
    Bash { timeout: Duration },
    /// Claude Code's `Read`: the numbered lines as they are, or what went wrong.
    File,
}

impl Shape {
    /// The shape named `name`.
    pub fn named(name: &str) -> crate::Result<Shape> {
        SHAPES.iter().find(|(n, _)| *n == name).map(|(_, shape)| *shape).ok_or_else(|| {
            let names: Vec<&str> = SHAPES.iter().map(|(n, _)| *n).collect();
            crate::Error::Declaration(format!("unknown shape '{name}': use {}", names.join(", ")))
        })
    }

    /// Whether the shape's commands run as processes of their own (argv commands), so that a
    /// `cd` or a variable ends with the call.
    pub fn processes(self) -> bool {
        matches!(self, Shape::OpenaiLocalShell | Shape::Codex)
    }

    /// Whether a call of the shape can start the session afresh.
    pub fn restarts(self) -> bool {
        self == Shape::AnthropicBash
    }

    /// The tools a client of this shape lists. `description` is the shell's generated guide.
    pub fn tools(self, description: &str, annotations: ToolAnnotations) -> Vec<Tool> {
        // A tool whose arguments are a type: its schema derived from it (field docs and all).
        let tool = |name: &str, about: String, schema: Value| {
            let Value::Object(schema) = schema else { return None };
            Some(Tool::new(name.to_string(), about, Arc::new(schema)).with_annotations(annotations.clone()))
        };
        macro_rules! typed {
            ($args:ty, $name:expr, $about:expr $(,)?) => {
                tool($name, $about, schema_of::<$args>())
            };
        }
        let tools = match self {
            Shape::Shell => vec![Some(shell_definition(description.to_string(), annotations.clone()))],
            Shape::ClaudeCode => vec![
                typed!(Bash,
                    "Bash",
                    format!(
                        "{description}\nA command still running at its timeout (default 120 s, at most 600 s) goes on in \
                         the background, as run_in_background does: the result names its ID and output file; Read the \
                         file, TaskStop stops it."
                    ),
                ),
                typed!(TaskStop, "TaskStop", "Stops a running background task by its ID.".to_string()),
                typed!(Read,
                    "Read",
                    "Reads a file of the workspace (a background task's output file too), as `cat -n` numbers its \
                     lines: from line `offset` (1), `limit` lines (2000)."
                        .to_string(),
                ),
            ],
            Shape::ClaudeCode20 => vec![
                typed!(
                    Bash20,
                    "Bash",
                    format!(
                        "{description}\nWith run_in_background, the command runs on; BashOutput reads what it \
                         wrote, KillShell stops it."
                    ),
                ),
                typed!(
                    BashOutput,
                    "BashOutput",
                    "Output a background shell wrote since it was last read, and whether it is still running."
                        .to_string(),
                ),
                typed!(KillShell, "KillShell", "Stop a background shell by its ID.".to_string()),
            ],
            Shape::AnthropicBash => vec![typed!(AnthropicBash, "bash", description.to_string())],
            Shape::OpenaiShell => vec![typed!(OpenaiShell, "shell", description.to_string())],
            Shape::OpenaiLocalShell => vec![typed!(LocalShell, "local_shell", description.to_string())],
            Shape::Codex => vec![
                typed!(ExecCommand,
                    "exec_command",
                    "Runs a command, returning its output or, if it is still running after yield_time_ms, a session ID \
                     for write_stdin (with empty chars) to collect what it writes next."
                        .to_string(),
                ),
                typed!(WriteStdin,
                    "write_stdin",
                    "Collects what a running exec_command session wrote since last asked (chars must be empty: \
                     toolsh's commands read no terminal)."
                        .to_string(),
                ),
                typed!(ApplyPatch,
                    "apply_patch",
                    "Edit files with a patch: '*** Begin Patch', then for each file '*** Add File: PATH' (lines with +), \
                     '*** Delete File: PATH', or '*** Update File: PATH' (optionally '*** Move to: NEW') with @@ hunks \
                     of ' ' context, '-' removed and '+' added lines; then '*** End Patch'. All files change, or none."
                        .to_string(),
                ),
                typed!(CodexShell, "shell", description.to_string()),
            ],
        };
        tools.into_iter().flatten().collect()
    }

    /// What a call of `tool` with `args` asks for; `Ok(None)` when the shape has no such tool,
    /// `Err` when the arguments are wrong (words for the model).
    pub fn plan(self, tool: &str, args: Option<JsonObject>, next_background: u64) -> Result<Option<Plan>, String> {
        let args = args.unwrap_or_default();
        if self == Shape::Shell {
            if tool != "shell" {
                return Ok(None);
            }
            let args = call::args(Some(args))?;
            let runs =
                vec![Run { line: args.command, timeout: args.timeout, workdir: None, on_timeout: args.on_timeout }];
            return Ok(Some(Plan::Run { runs, restart: false, answer: Answer::Contract }));
        }
        // Every harness tool's arguments are a type: read, refused and described by it.
        let plan = match (self, tool) {
            (Shape::ClaudeCode, "Bash") => typed_args::<Bash>(tool, args)?.plan(),
            (Shape::ClaudeCode, "TaskStop") => typed_args::<TaskStop>(tool, args)?.plan()?,
            (Shape::ClaudeCode, "Read") => typed_args::<Read>(tool, args)?.plan(),
            (Shape::ClaudeCode20, "Bash") => typed_args::<Bash20>(tool, args)?.plan(next_background),
            (Shape::ClaudeCode20, "BashOutput") => {
                let BashOutput { bash_id, filter } = typed_args(tool, args)?;
                Plan::Output { id: bash_id, filter }
            }
            (Shape::ClaudeCode20, "KillShell") => Plan::Kill { id: typed_args::<KillShell>(tool, args)?.shell_id },
            (Shape::AnthropicBash, "bash") => typed_args::<AnthropicBash>(tool, args)?.plan()?,
            (Shape::OpenaiShell, "shell") => typed_args::<OpenaiShell>(tool, args)?.plan()?,
            (Shape::OpenaiLocalShell, "local_shell") => typed_args::<LocalShell>(tool, args)?.plan()?,
            (Shape::Codex, "exec_command") => typed_args::<ExecCommand>(tool, args)?.plan(next_background),
            (Shape::Codex, "write_stdin") => typed_args::<WriteStdin>(tool, args)?.plan()?,
            (Shape::Codex, "apply_patch") => typed_args::<ApplyPatch>(tool, args)?.plan(),
            (Shape::Codex, "shell") => typed_args::<CodexShell>(tool, args)?.plan()?,
            _ => return Ok(None),
        };
        Ok(Some(plan))
    }
}

/// toolsh's own `shell` tool: a command line and its time limit in, the result contract and
/// its facts (the output schema) out.
pub fn shell_definition(description: String, annotations: ToolAnnotations) -> Tool {
    let mut tool = Tool::new("shell", description, Arc::new(call::input_schema())).with_annotations(annotations);
    tool.output_schema = Some(Arc::new(call::output_schema()));
    tool
}

/// The most command lines one call of OpenAI's shell may carry (together they have
/// [`call::MAX_TIMEOUT`] at most).
const MAX_COMMANDS: usize = 64;

/// How long Codex's `exec_command` and `write_stdin` wait for output by default.
const YIELD: Duration = Duration::from_secs(10);

/// `max_output_tokens`, or Codex's default.
fn tokens(max_output_tokens: Option<u64>) -> usize {
    max_output_tokens.and_then(|n| usize::try_from(n).ok()).filter(|n| *n > 0).unwrap_or(10_000)
}

/// An argv command runs as the process it is in its harness: in a subshell (its `cd`, `exit`
/// and variables end with it), with `exports` set for it alone.
fn process(exports: &str, line: &str) -> String {
    format!("( {exports}{line}\n)")
}

/// A command as argv (`["bash", "-lc", "ls"]`), or, leniently, as one command line.
#[derive(Debug, Clone, serde::Deserialize)]
#[serde(untagged)]
enum Argv {
    Words(Vec<String>),
    Line(String),
}

impl schemars::JsonSchema for Argv {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Argv".into()
    }

    fn inline_schema() -> bool {
        true
    }

    // The harnesses' schema says argv; a line is taken too, and not advertised.
    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({ "type": "array", "items": { "type": "string" }, "minItems": 1 })
    }
}

impl Argv {
    /// The command line: a shell's `-c` script as it is, other words quoted.
    fn line(&self) -> Result<String, String> {
        let words = match self {
            Argv::Line(line) => return Ok(line.clone()),
            Argv::Words(words) if words.is_empty() => {
                return Err("`command` must be a non-empty array of strings (argv)".to_string());
            }
            Argv::Words(words) => words,
        };
        let program = words[0].rsplit('/').next().unwrap_or_default();
        let is_shell = matches!(program, "bash" | "sh" | "zsh" | "dash");
        match words.get(1).map(String::as_str) {
            Some("-c" | "-lc" | "-ic") if is_shell => {
                words.get(2).cloned().ok_or_else(|| format!("`command`: {} {} needs a script", words[0], words[1]))
            }
            // `bash -l -c SCRIPT`
            Some("-l") if is_shell && words.get(2).map(String::as_str) == Some("-c") => {
                words.get(3).cloned().ok_or_else(|| format!("`command`: {} -l -c needs a script", words[0]))
            }
            _ => Ok(words.iter().map(|w| quote(w)).collect::<Vec<_>>().join(" ")),
        }
    }
}

/// A time in milliseconds as harnesses send it: a whole or fractional number (Claude Code's
/// `timeout` is a JSON number), or digits in a string; above 0, at most [`call::MAX_TIMEOUT`].
#[derive(Debug, Clone, Copy)]
struct Millis(Duration);

impl<'de> serde::Deserialize<'de> for Millis {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let value = Value::deserialize(deserializer)?;
        let ms = value.as_f64().or_else(|| value.as_str().and_then(|s| s.trim().parse::<f64>().ok()));
        match ms {
            Some(ms) if ms >= 1.0 && ms.is_finite() => {
                Ok(Millis(Duration::from_millis(ms.min(u64::MAX as f64) as u64).min(call::MAX_TIMEOUT)))
            }
            _ => Err(serde::de::Error::custom(format!(
                "a time must be a number of milliseconds of at least 1 (at most {}), not {value}",
                call::MAX_TIMEOUT.as_millis()
            ))),
        }
    }
}

impl schemars::JsonSchema for Millis {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Millis".into()
    }

    fn inline_schema() -> bool {
        true
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({ "type": "number" })
    }
}

/// A whole number as harnesses send it (a JSON number, whole, or digits in a string); its
/// schema says `number`, as the harnesses' own do.
#[derive(Debug, Clone, Copy)]
struct Count(u64);

impl<'de> serde::Deserialize<'de> for Count {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let value = Value::deserialize(deserializer)?;
        let whole = value.as_f64().filter(|n| n.fract() == 0.0 && *n >= 0.0).map(|n| n.min(u64::MAX as f64) as u64);
        whole
            .or_else(|| value.as_str().and_then(|s| s.trim().parse().ok()))
            .map(Count)
            .ok_or_else(|| serde::de::Error::custom(format!("expected a whole number, not {value}")))
    }
}

impl schemars::JsonSchema for Count {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Count".into()
    }

    fn inline_schema() -> bool {
        true
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({ "type": "number" })
    }
}

/// The arguments of a typed tool, or what is wrong with them in the deserializer's words
/// (`unknown field `cwd`, expected one of …`, `missing field `cmd``), naming the tool.
fn typed_args<A: serde::de::DeserializeOwned + schemars::JsonSchema>(
    tool: &str,
    args: JsonObject,
) -> Result<A, String> {
    let asks_for_a_directory = args.contains_key("cwd");
    serde_json::from_value(Value::Object(args)).map_err(|err| {
        let schema = schema_of::<A>();
        let takes: Vec<String> = schema
            .get("properties")
            .and_then(Value::as_object)
            .map(|properties| properties.keys().map(|k| format!("`{k}`")).collect())
            .unwrap_or_default();
        let hint = match (asks_for_a_directory, takes.iter().any(|k| k == "`workdir`")) {
            (true, true) => " (the working directory is `workdir`)",
            (true, false) => " (to run somewhere else, begin the command with `cd DIR &&`)",
            _ => "",
        };
        // serde names the fields a type takes, except one with flattened fields (Codex's
        // approval fields): then the schema does.
        let err = err.to_string();
        if err.starts_with("unknown field") && !err.contains("expected") {
            format!("{tool}: {err}, expected one of {}{hint}", takes.join(", "))
        } else {
            format!("{tool}: {err}{hint}")
        }
    })
}

/// Codex's approval fields, taken and ignored: what runs is the operator's policy's to decide
/// (`toolsh.toml`), never the call's, so a request to escalate changes nothing (a denied line
/// stays denied, 126) and a suggested prefix rule is not kept.
#[derive(Debug, Default, serde::Deserialize, schemars::JsonSchema)]
#[allow(dead_code)] // taken so that a harness's call is not refused; see the doc above
struct Approval {
    /// use_default, or require_escalated / with_additional_permissions: taken, and ignored (toolsh's policy decides).
    sandbox_permissions: Option<String>,
    /// Taken, and ignored.
    justification: Option<String>,
    /// Taken, and ignored: rules are the operator's.
    prefix_rule: Option<Vec<String>>,
    /// Older Codex's name for require_escalated: taken, and ignored.
    with_escalated_permissions: Option<bool>,
    /// Taken, and ignored.
    additional_permissions: Option<Value>,
}

/// Codex's `exec_command` (Codex 0.171).
#[derive(Debug, serde::Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
struct ExecCommand {
    /// Shell command to execute.
    cmd: String,
    /// Working directory for this command only; defaults to the session's.
    workdir: Option<String>,
    /// Taken, and ignored: the command runs in toolsh's shell.
    #[allow(dead_code)] // see the field's doc
    shell: Option<String>,
    /// Taken, and ignored: toolsh's shell has no profile to load.
    #[allow(dead_code)] // see the field's doc
    login: Option<bool>,
    /// Taken, and ignored: toolsh's commands read no terminal, so output is the same either way.
    #[allow(dead_code)] // see the field's doc
    tty: Option<bool>,
    /// How long to wait (in milliseconds) for output before yielding (default 10000).
    yield_time_ms: Option<Millis>,
    /// Maximum number of tokens to return; excess output is cut in the middle, the cut marked.
    max_output_tokens: Option<Count>,
    #[serde(flatten)]
    #[allow(dead_code)] // see Approval
    approval: Approval,
}

impl ExecCommand {
    fn plan(self, session: u64) -> Plan {
        Plan::Exec {
            session,
            line: self.cmd,
            workdir: self.workdir,
            wait: self.yield_time_ms.map_or(YIELD, |ms| ms.0),
            tokens: tokens(self.max_output_tokens.map(|n| n.0)),
        }
    }
}

/// Codex's `write_stdin`.
#[derive(Debug, serde::Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
struct WriteStdin {
    /// Identifier of the running exec_command session.
    session_id: Count,
    /// Must be empty (a poll): toolsh's commands read no terminal.
    chars: Option<String>,
    /// How long to wait (in milliseconds) for output before yielding (default 10000).
    yield_time_ms: Option<Millis>,
    /// Maximum number of tokens to return; excess output is cut in the middle, the cut marked.
    max_output_tokens: Option<Count>,
}

impl WriteStdin {
    fn plan(self) -> Result<Plan, String> {
        if self.chars.is_some_and(|chars| !chars.is_empty()) {
            return Err("toolsh's commands read no terminal: write_stdin only collects output (chars must be empty)"
                .to_string());
        }
        Ok(Plan::Poll {
            session: self.session_id.0,
            wait: self.yield_time_ms.map_or(YIELD, |ms| ms.0),
            tokens: tokens(self.max_output_tokens.map(|n| n.0)),
        })
    }
}

/// Codex's `apply_patch` (the JSON form).
#[derive(Debug, serde::Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
struct ApplyPatch {
    /// The whole patch.
    input: String,
}

impl ApplyPatch {
    fn plan(self) -> Plan {
        // The patch as a here-document, under a delimiter it does not hold.
        let mut delimiter = "TOOLSH_PATCH".to_string();
        while self.input.lines().any(|line| line == delimiter) {
            delimiter.push('_');
        }
        let line = format!("apply_patch <<'{delimiter}'\n{}\n{delimiter}", self.input);
        one(line, DEFAULT_TIMEOUT, None, None, Answer::ExitWallOutput)
    }
}

/// Codex's `shell`: argv as a process of its own.
#[derive(Debug, serde::Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
struct CodexShell {
    /// The command as argv, like ["bash", "-lc", "ls -la"].
    command: Argv,
    /// The working directory for this call.
    workdir: Option<String>,
    /// The timeout for the command in milliseconds.
    timeout_ms: Option<Millis>,
    #[serde(flatten)]
    #[allow(dead_code)] // see Approval
    approval: Approval,
}

impl CodexShell {
    fn plan(self) -> Result<Plan, String> {
        let timeout = self.timeout_ms.map_or(DEFAULT_TIMEOUT, |ms| ms.0);
        Ok(one(process("", &self.command.line()?), timeout, self.workdir, None, Answer::ExitWallOutput))
    }
}

/// How long Claude Code's `Bash` waits by default before moving a command to the background.
pub const CLAUDE_CODE_TIMEOUT: Duration = Duration::from_secs(120);

/// Claude Code's `Bash` (2.1).
#[derive(Debug, serde::Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
struct Bash {
    /// The command to execute
    command: String,
    /// Optional timeout in milliseconds (default 120000, max 600000); past it the command goes on in the background
    timeout: Option<Millis>,
    /// What this command does, in 5-10 words
    #[allow(dead_code)] // for the harness's display; nothing to do here
    description: Option<String>,
    /// Run the command in the background: its ID and output file come back at once
    run_in_background: Option<bool>,
    /// Taken, and ignored: toolsh's policy decides what runs, not the call
    #[serde(rename = "dangerouslyDisableSandbox")]
    #[allow(dead_code)] // see the field's doc
    dangerously_disable_sandbox: Option<bool>,
}

impl Bash {
    fn plan(self) -> Plan {
        if self.run_in_background == Some(true) {
            return Plan::Spawn { line: self.command };
        }
        let timeout = self.timeout.map_or(CLAUDE_CODE_TIMEOUT, |ms| ms.0);
        let background = Some(crate::interp::OnDeadline::Background);
        one(self.command, timeout, None, background, Answer::Bash { timeout })
    }
}

/// Claude Code's `TaskStop`.
#[derive(Debug, serde::Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
struct TaskStop {
    /// The ID of the background task to stop
    task_id: Option<String>,
    /// Deprecated: use task_id instead
    shell_id: Option<String>,
}

impl TaskStop {
    fn plan(self) -> Result<Plan, String> {
        let id = self.task_id.or(self.shell_id).ok_or("`task_id` is required: the ID of the task to stop")?;
        let job = id.trim_start_matches('%');
        if job.is_empty() || !job.bytes().all(|b| b.is_ascii_digit()) {
            return Err(format!("No task found with ID: {id} (a task's ID is %N, as its Bash result named it)"));
        }
        Ok(Plan::Stop { job: job.to_string() })
    }
}

/// Claude Code's `Read`, of the workspace's files (a background task's output file above all).
#[derive(Debug, serde::Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
struct Read {
    /// The path of the file to read (absolute, or from the session's directory)
    file_path: String,
    /// The line number to start reading from (1)
    offset: Option<Count>,
    /// The number of lines to read (2000)
    limit: Option<Count>,
}

impl Read {
    fn plan(self) -> Plan {
        let from = self.offset.map_or(1, |n| n.0).max(1);
        let to = from.saturating_add(self.limit.map_or(2000, |n| n.0).max(1)) - 1;
        // A line of the session, so the policy judges the read as any other; numbered as
        // `cat -n` numbers, each line at most 2000 characters as Claude Code's Read keeps them.
        let line = format!(
            "awk -v from={from} -v to={to} 'NR > to {{ exit }} NR >= from {{ printf \"%6d\\t%s\\n\", NR, substr($0, 1, 2000) }}' {}",
            quote(&self.file_path)
        );
        one(line, DEFAULT_TIMEOUT, None, None, Answer::File)
    }
}

/// The input schema of a typed tool: its type's, without the type's own doc (the tool's
/// description says what the tool does), and with an optional argument's type as the
/// harnesses write it (`"string"`: leaving it out is how it is not given; `["string", "null"]`
/// is serde's reading of `Option`, which no harness's schema says).
fn schema_of<A: schemars::JsonSchema>() -> Value {
    let mut schema = crate::tools::derive_schema::<A>();
    if let Some(object) = schema.as_object_mut() {
        object.remove("description");
        for property in
            object.get_mut("properties").and_then(Value::as_object_mut).into_iter().flat_map(|p| p.values_mut())
        {
            let types = property.get("type").and_then(Value::as_array).cloned().unwrap_or_default();
            if let [one, Value::String(null)] = types.as_slice()
                && null == "null"
            {
                property["type"] = one.clone();
            }
        }
    }
    schema
}

/// Claude Code 2.0's `Bash`.
#[derive(Debug, serde::Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
struct Bash20 {
    /// The command to execute
    command: String,
    /// Optional timeout in milliseconds (default 120000, max 600000)
    timeout: Option<Millis>,
    /// What this command does, in 5-10 words
    #[allow(dead_code)] // for the harness's display; nothing to do here
    description: Option<String>,
    /// Run the command in the background; read its output later with BashOutput
    run_in_background: Option<bool>,
}

impl Bash20 {
    fn plan(self, next_background: u64) -> Plan {
        if self.run_in_background == Some(true) {
            return Plan::Background { id: format!("bash_{next_background}"), line: self.command };
        }
        // Claude Code's default then as now; at it, 2.0 killed the command (the shape's
        // deadline stops it, 124).
        let timeout = self.timeout.map_or(CLAUDE_CODE_TIMEOUT, |ms| ms.0);
        one(self.command, timeout, None, None, Answer::Contract)
    }
}

/// Claude Code 2.0's `BashOutput`.
#[derive(Debug, serde::Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
struct BashOutput {
    /// The ID of the background shell
    bash_id: String,
    /// Only output lines matching this regular expression
    filter: Option<String>,
}

/// Claude Code 2.0's `KillShell`.
#[derive(Debug, serde::Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
struct KillShell {
    /// The ID of the background shell to kill
    shell_id: String,
}

/// Anthropic's `bash` tool (bash_20250124).
#[derive(Debug, serde::Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
struct AnthropicBash {
    /// The bash command to run.
    command: Option<String>,
    /// Restart the session: variables, functions and the working directory start afresh.
    restart: Option<bool>,
}

impl AnthropicBash {
    fn plan(self) -> Result<Plan, String> {
        let restart = self.restart == Some(true);
        if self.command.is_none() && !restart {
            return Err("`command` is required (or `restart: true`)".to_string());
        }
        let runs = self.command.map(|line| Run { line, timeout: DEFAULT_TIMEOUT, workdir: None, on_timeout: None });
        Ok(Plan::Run { runs: runs.into_iter().collect(), restart, answer: Answer::Contract })
    }
}

/// OpenAI's `shell` tool (the Responses API's).
#[derive(Debug, serde::Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
struct OpenaiShell {
    /// Command lines, run one after the other in the session.
    commands: Vec<String>,
    /// Give up on a command after this many milliseconds.
    timeout_ms: Option<Millis>,
    /// Keep at most this many characters of each stdout and stderr (head and tail, the cut marked).
    max_output_length: Option<Count>,
}

impl OpenaiShell {
    fn plan(self) -> Result<Plan, String> {
        if self.commands.is_empty() {
            return Err("`commands` must be a non-empty array of strings".to_string());
        }
        if self.commands.len() > MAX_COMMANDS {
            return Err(format!(
                "`commands` may hold at most {MAX_COMMANDS} command lines, not {}",
                self.commands.len()
            ));
        }
        let timeout = self.timeout_ms.map_or(DEFAULT_TIMEOUT, |ms| ms.0);
        let max_output_length = self.max_output_length.map(|n| usize::try_from(n.0).unwrap_or(usize::MAX));
        let runs = self.commands.into_iter().map(|line| Run { line, timeout, workdir: None, on_timeout: None });
        Ok(Plan::Run { runs: runs.collect(), restart: false, answer: Answer::PerCommand { max_output_length } })
    }
}

/// OpenAI's `local_shell` tool.
#[derive(Debug, serde::Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
struct LocalShell {
    /// The command as argv, like ["bash", "-lc", "ls -la"].
    command: Argv,
    /// Variables for this command only.
    env: Option<std::collections::BTreeMap<String, String>>,
    /// Where to run it, for this call only.
    working_directory: Option<String>,
    /// Give up after this many milliseconds.
    timeout_ms: Option<Millis>,
    /// Taken, and ignored: the session has one user.
    #[allow(dead_code)] // see the field's doc
    user: Option<String>,
}

impl LocalShell {
    fn plan(self) -> Result<Plan, String> {
        let mut exports = String::new();
        for (name, value) in self.env.unwrap_or_default() {
            let valid = !name.is_empty()
                && !name.starts_with(|c: char| c.is_ascii_digit())
                && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
            if !valid {
                return Err(format!("`env`: '{name}' is not a variable name"));
            }
            exports.push_str(&format!("export {name}={}; ", quote(&value)));
        }
        let line = process(&exports, &self.command.line()?);
        let timeout = self.timeout_ms.map_or(DEFAULT_TIMEOUT, |ms| ms.0);
        Ok(one(line, timeout, self.working_directory, None, Answer::OutputAndMetadata))
    }
}

/// A plan of one line.
fn one(
    line: String,
    timeout: Duration,
    workdir: Option<String>,
    on_timeout: Option<crate::interp::OnDeadline>,
    answer: Answer,
) -> Plan {
    Plan::Run { runs: vec![Run { line, timeout, workdir, on_timeout }], restart: false, answer }
}

/// `word` as one shell word: bare when it is plain, else in single quotes.
pub fn quote(word: &str) -> String {
    let plain = !word.is_empty()
        && word
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.' | '/' | ':' | '=' | '+' | ',' | '@'));
    if plain { word.to_string() } else { format!("'{}'", word.replace('\'', "'\\''")) }
}

/// One line's outcome, as the model gets it.
pub struct Ran {
    /// What the line did.
    pub outcome: crate::interp::ExecOutcome,
    /// What the model reads of it.
    pub rendered: crate::contract::Rendered,
    /// Its standard output and error as a layout that gives them apart shows them (cut by
    /// [`fit_streams`]); `None` until then.
    pub streams: Option<[String; 2]>,
}

/// Shares of `budget` for wants `wants`: each gets what it wants up to `ceiling`, and what the
/// small ones leave is shared by the large ones (water-filling), so one long stream cannot
/// starve a short one and together they never pass the budget.
fn shares(wants: &[usize], ceiling: usize, budget: usize) -> Vec<usize> {
    let mut order: Vec<usize> = (0..wants.len()).collect();
    order.sort_by_key(|&i| wants[i]);
    let mut given = vec![0; wants.len()];
    let mut left = budget;
    for (placed, &i) in order.iter().enumerate() {
        let fair = left / (wants.len() - placed);
        given[i] = wants[i].min(ceiling).min(fair);
        left -= given[i];
    }
    given
}

/// Cuts the standard output and error of each line `ran` for OpenAI's shell: each stream to
/// `max_output_length` characters when the call gives one, and all of them together to
/// `caps` (the session's result caps) whether it does or not; a cut stream keeps its head and
/// tail with the cut marked and naming the file with the line's whole output (its spill file,
/// else one `keep` writes).
pub fn fit_streams(
    ran: &mut [Ran],
    max_output_length: Option<usize>,
    caps: crate::contract::Caps,
    keep: &mut dyn FnMut(&str) -> Option<String>,
) {
    let texts: Vec<[String; 2]> = ran
        .iter()
        .map(|r| {
            let text = |bytes: &[u8]| crate::contract::strip_ansi(&toolsh_bytes::lossy(bytes));
            [text(&r.outcome.stdout), text(&r.outcome.stderr)]
        })
        .collect();
    let all: Vec<&String> = texts.iter().flatten().collect();
    let chars = shares(
        &all.iter().map(|t| t.chars().count()).collect::<Vec<_>>(),
        max_output_length.unwrap_or(usize::MAX),
        caps.chars,
    );
    let lines = shares(&all.iter().map(|t| t.lines().count()).collect::<Vec<_>>(), usize::MAX, caps.lines);
    for (at, (r, streams)) in ran.iter_mut().zip(texts).enumerate() {
        let mut place: Option<Option<String>> = r.rendered.spill.clone().map(Some);
        let mut out: [String; 2] = Default::default();
        for (which, text) in streams.into_iter().enumerate() {
            let n = 2 * at + which;
            let stream_caps = crate::contract::Caps { chars: chars[n], lines: lines[n].max(1), media: 0 };
            out[which] = match crate::contract::truncate(&text, stream_caps) {
                None => text,
                Some(cut) => {
                    let kept =
                        place.get_or_insert_with(|| keep(&crate::contract::body(&r.outcome.stdout, &r.outcome.stderr)));
                    cut.marked(kept.as_deref())
                }
            };
        }
        if let Some(Some(path)) = place {
            r.rendered.spill = Some(path);
        }
        r.streams = Some(out);
    }
}

/// The result of a call whose lines ran: `ran` in order (fewer than asked when one stopped the
/// rest: a cancelled call runs no more).
pub fn answered(answer: Answer, ran: Vec<Ran>) -> CallToolResult {
    let status = ran.last().map_or(0, |r| r.outcome.status);
    // Images and audio the lines printed go along as such (the contract's layout adds its own).
    let media: Vec<ContentBlock> =
        ran.iter().filter_map(|r| r.rendered.media.as_ref()).map(call::media_block).collect();
    let with_text = |text: String, structured: Option<Value>| {
        let mut content = vec![ContentBlock::text(text)];
        content.extend(media.iter().cloned());
        let mut result = CallToolResult::success(content);
        result.structured_content = structured;
        result.is_error = Some(status != 0);
        result
    };
    match answer {
        Answer::Contract => match ran.into_iter().last() {
            Some(Ran { outcome, rendered, .. }) => call::finished(&outcome, rendered),
            // `restart` alone: nothing ran.
            None => with_text("the session was restarted\n[exit 0]".to_string(), None),
        },
        Answer::PerCommand { max_output_length } => {
            let output: Vec<Value> = ran
                .iter()
                .map(|Ran { outcome, streams, .. }| {
                    let outcome_json = if outcome.status == crate::status::LIMIT {
                        json!({ "type": "timeout" })
                    } else {
                        json!({ "type": "exit", "exit_code": outcome.status })
                    };
                    let [stdout, stderr] = streams.clone().unwrap_or_default();
                    json!({ "stdout": stdout, "stderr": stderr, "outcome": outcome_json })
                })
                .collect();
            let mut body = json!({ "output": output });
            if let Some(max) = max_output_length {
                body["max_output_length"] = json!(max);
            }
            // The text is the JSON: sent once (structured content would repeat it whole).
            with_text(body.to_string(), None)
        }
        Answer::OutputAndMetadata => {
            let Some(Ran { outcome, rendered, .. }) = ran.into_iter().last() else {
                return with_text(String::new(), None);
            };
            let body = json!({
                "output": without_exit_line(&rendered.text),
                "metadata": { "exit_code": outcome.status, "duration_seconds": seconds(outcome.duration) },
            });
            with_text(body.to_string(), None)
        }
        Answer::Bash { timeout } => match ran.into_iter().last() {
            Some(Ran { outcome, .. }) if outcome.job.is_some() => {
                let job = outcome.job.unwrap_or_default();
                let mut result = CallToolResult::success(vec![ContentBlock::text(backgrounded(job, Some(timeout)))]);
                // Moved to the background is not a failure: its end is collected later.
                result.is_error = Some(false);
                result
            }
            Some(Ran { outcome, rendered, .. }) => call::finished(&outcome, rendered),
            None => with_text(String::new(), None),
        },
        Answer::File => match ran.into_iter().last() {
            Some(Ran { outcome, rendered, .. }) if outcome.status == 0 => {
                let text = without_exit_line(&rendered.text);
                let text = if text.is_empty() {
                    "(no lines: the file is empty, or shorter than `offset`)".to_string()
                } else {
                    text
                };
                with_text(text, None)
            }
            Some(Ran { outcome, rendered, .. }) => call::finished(&outcome, rendered),
            None => with_text(String::new(), None),
        },
        Answer::ExitWallOutput => {
            let Some(Ran { outcome, rendered, .. }) = ran.into_iter().last() else {
                return with_text(String::new(), None);
            };
            let text = format!(
                "Exit code: {}\nWall time: {} seconds\nOutput:\n{}",
                outcome.status,
                seconds(outcome.duration),
                without_exit_line(&rendered.text)
            );
            with_text(text, None)
        }
    }
}

/// Claude Code 2.1's words for a command moved to the background (by its `timeout`, or by
/// `run_in_background` when `timeout` is `None`), naming its ID and output file.
pub fn backgrounded(job: usize, timeout: Option<Duration>) -> String {
    let moved = match timeout {
        Some(timeout) if timeout.subsec_millis() == 0 => format!(
            "Command did not complete within its {}s timeout and was moved to the background (ID: %{job})",
            timeout.as_secs()
        ),
        Some(timeout) => format!(
            "Command did not complete within its {:.1}s timeout and was moved to the background (ID: %{job})",
            timeout.as_secs_f64()
        ),
        None => format!("Command running in background with ID: %{job}"),
    };
    format!(
        "{moved}. Output is being written to: /tmp/.jobs/{job}.log. To check its output, use Read on that file \
         path; TaskStop stops it."
    )
}

/// Seconds to a tenth, as the harnesses print them.
fn seconds(duration: Duration) -> f64 {
    (duration.as_secs_f64() * 10.0).round() / 10.0
}

/// The result contract's text without its `[exit N]` line (the layout says the status itself).
fn without_exit_line(text: &str) -> String {
    match text.rfind("[exit ") {
        Some(at) if text[at..].ends_with(']') => text[..at].to_string(),
        _ => text.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plan(shape: Shape, tool: &str, args: Value) -> Result<Option<Plan>, String> {
        let Value::Object(map) = args else { return shape.plan(tool, None, 1) };
        shape.plan(tool, Some(map), 1)
    }

    fn line_of(plan: Result<Option<Plan>, String>) -> (String, Option<String>) {
        match plan {
            Ok(Some(Plan::Run { runs, .. })) => (runs[0].line.clone(), runs[0].workdir.clone()),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn argv_commands_become_lines() {
        let codex = |argv: Value| line_of(plan(Shape::Codex, "shell", json!({ "command": argv, "workdir": "/w" })));
        assert_eq!(
            codex(json!(["bash", "-lc", "ls -la | head"])),
            ("( ls -la | head\n)".to_string(), Some("/w".into()))
        );
        assert_eq!(codex(json!(["/bin/sh", "-c", "echo $HOME"])).0, "( echo $HOME\n)");
        assert_eq!(codex(json!(["bash", "-l", "-c", "echo hi"])).0, "( echo hi\n)");
        assert_eq!(codex(json!(["bash", "-l", "run.sh"])).0, "( bash -l run.sh\n)");
        assert_eq!(codex(json!(["grep", "-n", "it's", "a b.txt"])).0, "( grep -n 'it'\\''s' 'a b.txt'\n)");
        let local = plan(Shape::OpenaiLocalShell, "local_shell", json!({ "command": ["env"], "env": { "A": "x y" } }));
        assert_eq!(line_of(local).0, "( export A='x y'; env\n)");
    }

    #[test]
    fn wrong_arguments_are_named() {
        let err = |shape, tool, args| plan(shape, tool, args).err().unwrap_or_default();
        assert!(err(Shape::Codex, "shell", json!({ "command": [] })).contains("non-empty array"));
        assert!(err(Shape::OpenaiShell, "shell", json!({ "commands": "ls" })).contains("expected a sequence"));
        assert!(err(Shape::OpenaiShell, "shell", json!({ "commands": [] })).contains("non-empty array"));
        let cwd = err(Shape::ClaudeCode, "Bash", json!({ "command": "ls", "cwd": "/" }));
        assert!(cwd.contains("unknown field `cwd`") && cwd.contains("cd DIR &&"), "{cwd}");
        let cwd = err(Shape::Codex, "shell", json!({ "command": ["ls"], "cwd": "/" }));
        assert!(cwd.contains("unknown field `cwd`") && cwd.contains("is `workdir`"), "{cwd}");
        assert!(err(Shape::Codex, "exec_command", json!({ "cmd": "ls", "pty": true })).contains("unknown field `pty`"));
        assert!(
            err(Shape::OpenaiLocalShell, "local_shell", json!({ "command": ["ls"], "env": { "1A": "x" } }))
                .contains("not a variable name")
        );
        assert_eq!(plan(Shape::Codex, "nope", json!({})), Ok(None));
    }

    #[test]
    fn what_codex_0_171_and_claude_code_2_1_send_is_taken() {
        // Codex 0.171's exec_command: tty, login, shell and the approval fields are taken.
        let exec = plan(
            Shape::Codex,
            "exec_command",
            json!({ "cmd": "ls", "workdir": "sub", "tty": true, "login": false, "shell": "/bin/zsh",
                    "sandbox_permissions": "require_escalated", "justification": "Do you want to list?",
                    "prefix_rule": ["ls"], "yield_time_ms": 2500.0, "max_output_tokens": "300" }),
        );
        match exec {
            Ok(Some(Plan::Exec { line, workdir, wait, tokens, .. })) => {
                assert_eq!(
                    (line.as_str(), workdir.as_deref(), wait, tokens),
                    ("ls", Some("sub"), Duration::from_millis(2500), 300)
                );
            }
            other => panic!("{other:?}"),
        }
        let shell = plan(
            Shape::Codex,
            "shell",
            json!({ "command": ["ls"], "sandbox_permissions": "use_default", "prefix_rule": ["ls"] }),
        );
        assert_eq!(line_of(shell).0, "( ls\n)");
        // Claude Code 2.1's Bash: a fractional number timeout, the sandbox flag; past the timeout
        // the line goes on in the background; 120 s by default.
        match plan(
            Shape::ClaudeCode,
            "Bash",
            json!({ "command": "make", "timeout": 1500.5, "dangerouslyDisableSandbox": true, "description": "Build" }),
        ) {
            Ok(Some(Plan::Run { runs, answer: Answer::Bash { timeout }, .. })) => {
                assert_eq!((runs[0].timeout, timeout), (Duration::from_millis(1500), Duration::from_millis(1500)));
                assert_eq!(runs[0].on_timeout, Some(crate::interp::OnDeadline::Background));
            }
            other => panic!("{other:?}"),
        }
        match plan(Shape::ClaudeCode, "Bash", json!({ "command": "make" })) {
            Ok(Some(Plan::Run { runs, .. })) => assert_eq!(runs[0].timeout, CLAUDE_CODE_TIMEOUT),
            other => panic!("{other:?}"),
        }
        // 2.0's default was 120 s too, and the command stopped at it.
        match plan(Shape::ClaudeCode20, "Bash", json!({ "command": "make" })) {
            Ok(Some(Plan::Run { runs, .. })) => {
                assert_eq!((runs[0].timeout, runs[0].on_timeout), (CLAUDE_CODE_TIMEOUT, None))
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(
            plan(Shape::ClaudeCode, "Bash", json!({ "command": "make", "run_in_background": true })),
            Ok(Some(Plan::Spawn { line: "make".into() }))
        );
        assert_eq!(
            plan(Shape::ClaudeCode, "TaskStop", json!({ "task_id": "%3" })),
            Ok(Some(Plan::Stop { job: "3".into() }))
        );
        assert_eq!(
            plan(Shape::ClaudeCode, "TaskStop", json!({ "shell_id": "4" })),
            Ok(Some(Plan::Stop { job: "4".into() }))
        );
        assert!(plan(Shape::ClaudeCode, "TaskStop", json!({ "task_id": "b1x2; rm -rf /" })).is_err());
        assert!(plan(Shape::ClaudeCode, "BashOutput", json!({ "bash_id": "bash_1" })).is_ok_and(|p| p.is_none()));
        assert!(plan(Shape::ClaudeCode20, "BashOutput", json!({ "bash_id": "bash_1" })).is_ok_and(|p| p.is_some()));
        // Read: numbered lines from `offset`, `limit` of them, the path quoted.
        let read = line_of(plan(
            Shape::ClaudeCode,
            "Read",
            json!({ "file_path": "/tmp/.jobs/1.log", "offset": 3, "limit": 2 }),
        ))
        .0;
        assert!(read.contains("-v from=3 -v to=4") && read.ends_with(" /tmp/.jobs/1.log"), "{read}");
    }

    #[test]
    fn streams_share_the_budget_and_the_small_ones_are_whole() {
        assert_eq!(shares(&[10, 1000, 5], usize::MAX, 100), vec![10, 85, 5]);
        assert_eq!(shares(&[1000, 1000], usize::MAX, 100), vec![50, 50]);
        assert_eq!(shares(&[1000, 10], 30, 100), vec![30, 10]);
        assert_eq!(shares(&[], usize::MAX, 100), Vec::<usize>::new());
    }
}
