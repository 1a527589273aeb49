//! The shell tools harnesses' models were trained on, served from the one core: each shape is
//! its tools' definitions (names, arguments as the harness has them), how a call becomes
//! command lines ([`Plan`]), and how their outcome is laid out for the model ([`Answer`]).
//!
//! - `shell`: toolsh's own (`command`, `timeout_ms`).
//! - `claude-code`: `Bash` (`command`, `timeout` in ms, `description`, `run_in_background`),
//!   with `BashOutput` and `KillShell` for the background shells.
//! - `anthropic-bash`: Anthropic's bash tool (`command`, `restart`).
//! - `openai-shell`: OpenAI's `shell` (`commands[]`, `timeout_ms`, `max_output_length`; one
//!   outcome per command, as JSON).
//! - `openai-local-shell`: OpenAI's `local_shell` (`command` as argv, `env`,
//!   `working_directory`, `timeout_ms`).
//! - `codex`: Codex's `shell` (`command` as argv, `workdir`, `timeout_ms`) and `apply_patch`
//!   (`input`: a `*** Begin Patch` patch, all files or none).
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
    /// Claude Code's `Bash`, `BashOutput`, `KillShell`.
    ClaudeCode,
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
pub const SHAPES: [(&str, Shape); 6] = [
    ("shell", Shape::Shell),
    ("claude-code", Shape::ClaudeCode),
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
}

impl Shape {
    /// The shape named `name`.
    pub fn named(name: &str) -> Result<Shape, String> {
        SHAPES.iter().find(|(n, _)| *n == name).map(|(_, shape)| *shape).ok_or_else(|| {
            let names: Vec<&str> = SHAPES.iter().map(|(n, _)| *n).collect();
            format!("unknown shape '{name}': use {}", names.join(", "))
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
        let tool = |name: &str, about: String, schema: Value, output: Option<JsonObject>| {
            let Value::Object(schema) = schema else { return None };
            let mut tool = Tool::new(name.to_string(), about, Arc::new(schema)).with_annotations(annotations.clone());
            tool.output_schema = output.map(Arc::new);
            Some(tool)
        };
        let argv = json!({ "type": "array", "items": { "type": "string" }, "minItems": 1,
                            "description": "The command as argv, like [\"bash\", \"-lc\", \"ls -la\"]." });
        let ms = |about: &str| json!({ "type": "integer", "minimum": 1, "description": about });
        let tools = match self {
            Shape::Shell => vec![Some(shell_definition(description.to_string(), annotations.clone()))],
            Shape::ClaudeCode => vec![
                tool(
                    "Bash",
                    format!(
                        "{description}\nWith run_in_background, the command runs on; BashOutput reads what it \
                         wrote, KillShell stops it."
                    ),
                    json!({
                        "type": "object",
                        "properties": {
                            "command": { "type": "string", "description": "The command to execute" },
                            "timeout": ms("Optional timeout in milliseconds (max 600000)"),
                            "description": { "type": "string", "description": "What this command does, in 5-10 words" },
                            "run_in_background": { "type": "boolean", "description": "Run the command in the background; read its output later with BashOutput" }
                        },
                        "required": ["command"],
                        "additionalProperties": false
                    }),
                    None,
                ),
                tool(
                    "BashOutput",
                    "Output a background shell wrote since it was last read, and whether it is still running."
                        .to_string(),
                    json!({
                        "type": "object",
                        "properties": {
                            "bash_id": { "type": "string", "description": "The ID of the background shell" },
                            "filter": { "type": "string", "description": "Only output lines matching this regular expression" }
                        },
                        "required": ["bash_id"],
                        "additionalProperties": false
                    }),
                    None,
                ),
                tool(
                    "KillShell",
                    "Stop a background shell by its ID.".to_string(),
                    json!({
                        "type": "object",
                        "properties": { "shell_id": { "type": "string", "description": "The ID of the background shell to kill" } },
                        "required": ["shell_id"],
                        "additionalProperties": false
                    }),
                    None,
                ),
            ],
            Shape::AnthropicBash => vec![tool(
                "bash",
                description.to_string(),
                json!({
                    "type": "object",
                    "properties": {
                        "command": { "type": "string", "description": "The bash command to run." },
                        "restart": { "type": "boolean", "description": "Restart the session: variables, functions and the working directory start afresh." }
                    },
                    "additionalProperties": false
                }),
                None,
            )],
            Shape::OpenaiShell => vec![tool(
                "shell",
                description.to_string(),
                json!({
                    "type": "object",
                    "properties": {
                        "commands": { "type": "array", "items": { "type": "string" }, "minItems": 1,
                                      "description": "Command lines, run one after the other in the session." },
                        "timeout_ms": ms("Give up on a command after this many milliseconds."),
                        "max_output_length": { "type": "integer", "minimum": 0,
                                               "description": "Keep at most this many characters of each stdout and stderr." }
                    },
                    "required": ["commands"],
                    "additionalProperties": false
                }),
                None,
            )],
            Shape::OpenaiLocalShell => vec![tool(
                "local_shell",
                description.to_string(),
                json!({
                    "type": "object",
                    "properties": {
                        "command": argv,
                        "env": { "type": "object", "additionalProperties": { "type": "string" },
                                 "description": "Variables for this command only." },
                        "working_directory": { "type": "string", "description": "Where to run it, for this call only." },
                        "timeout_ms": ms("Give up after this many milliseconds."),
                        "user": { "type": "string", "description": "Accepted and ignored: the session has one user." }
                    },
                    "required": ["command"],
                    "additionalProperties": false
                }),
                None,
            )],
            Shape::Codex => vec![
                tool(
                    "exec_command",
                    "Run a command; if it is still running after yield_time_ms, its session ID is returned and \
                     write_stdin (with empty chars) collects what it writes next."
                        .to_string(),
                    json!({
                        "type": "object",
                        "properties": {
                            "cmd": { "type": "string", "description": "The shell command to run." },
                            "workdir": { "type": "string", "description": "The working directory for this command." },
                            "yield_time_ms": ms("How long to wait for output before yielding (default 10000)."),
                            "max_output_tokens": { "type": "integer", "minimum": 1, "description": "Most tokens of output to return." },
                            "shell": { "type": "string", "description": "Accepted: the command runs in toolsh's shell." },
                            "login": { "type": "boolean", "description": "Accepted and ignored." },
                            "with_escalated_permissions": { "type": "boolean", "description": "Accepted: the policy decides, not the call." },
                            "justification": { "type": "string", "description": "Why escalated permissions are wanted." }
                        },
                        "required": ["cmd"],
                        "additionalProperties": false
                    }),
                    None,
                ),
                tool(
                    "write_stdin",
                    "Collect what a running exec_command session wrote since last asked (chars must be empty: \
                     toolsh's commands read no terminal)."
                        .to_string(),
                    json!({
                        "type": "object",
                        "properties": {
                            "session_id": { "type": "integer", "description": "The session of a running command." },
                            "chars": { "type": "string", "description": "Must be empty." },
                            "yield_time_ms": ms("How long to wait for output (default 10000)."),
                            "max_output_tokens": { "type": "integer", "minimum": 1, "description": "Most tokens of output to return." }
                        },
                        "required": ["session_id"],
                        "additionalProperties": false
                    }),
                    None,
                ),
                tool(
                    "apply_patch",
                    "Edit files with a patch: '*** Begin Patch', then for each file '*** Add File: PATH' (lines with +), \
                     '*** Delete File: PATH', or '*** Update File: PATH' (optionally '*** Move to: NEW') with @@ hunks \
                     of ' ' context, '-' removed and '+' added lines; then '*** End Patch'. All files change, or none."
                        .to_string(),
                    json!({
                        "type": "object",
                        "properties": { "input": { "type": "string", "description": "The whole patch." } },
                        "required": ["input"],
                        "additionalProperties": false
                    }),
                    None,
                ),
                tool(
                "shell",
                description.to_string(),
                json!({
                    "type": "object",
                    "properties": {
                        "command": argv,
                        "workdir": { "type": "string", "description": "The working directory for this call." },
                        "timeout_ms": ms("The timeout for the command in milliseconds."),
                        "with_escalated_permissions": { "type": "boolean", "description": "Accepted: the policy decides, not the call." },
                        "justification": { "type": "string", "description": "Why escalated permissions are wanted." }
                    },
                    "required": ["command"],
                    "additionalProperties": false
                }),
                None,
            ),
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
        let known: &[&str] = match (self, tool) {
            (Shape::ClaudeCode, "Bash") => &["command", "timeout", "description", "run_in_background"],
            (Shape::ClaudeCode, "BashOutput") => &["bash_id", "filter"],
            (Shape::ClaudeCode, "KillShell") => &["shell_id"],
            (Shape::AnthropicBash, "bash") => &["command", "restart"],
            (Shape::OpenaiShell, "shell") => &["commands", "timeout_ms", "max_output_length"],
            (Shape::OpenaiLocalShell, "local_shell") => &["command", "env", "working_directory", "timeout_ms", "user"],
            (Shape::Codex, "shell") => {
                &["command", "workdir", "timeout_ms", "with_escalated_permissions", "justification"]
            }
            (Shape::Codex, "apply_patch") => &["input"],
            (Shape::Codex, "exec_command") => &[
                "cmd",
                "workdir",
                "yield_time_ms",
                "max_output_tokens",
                "shell",
                "login",
                "with_escalated_permissions",
                "justification",
            ],
            (Shape::Codex, "write_stdin") => &["session_id", "chars", "yield_time_ms", "max_output_tokens"],
            _ => return Ok(None),
        };
        call::only(&args, tool, known)?;
        let one = |line: String, timeout: Duration, workdir: Option<String>, answer: Answer| Plan::Run {
            runs: vec![Run { line, timeout, workdir, on_timeout: None }],
            restart: false,
            answer,
        };
        let plan = match (self, tool) {
            (Shape::Shell, _) => return Ok(None),
            (Shape::ClaudeCode, "Bash") => {
                let command = text(&args, "command")?.ok_or("`command` is required")?;
                if boolean(&args, "run_in_background")? == Some(true) {
                    Plan::Background { id: format!("bash_{next_background}"), line: command }
                } else {
                    one(command, call::millis(&args, "timeout")?.unwrap_or(DEFAULT_TIMEOUT), None, Answer::Contract)
                }
            }
            (Shape::ClaudeCode, "BashOutput") => Plan::Output {
                id: text(&args, "bash_id")?.ok_or("`bash_id` is required")?,
                filter: text(&args, "filter")?,
            },
            (Shape::ClaudeCode, _) => Plan::Kill { id: text(&args, "shell_id")?.ok_or("`shell_id` is required")? },
            (Shape::AnthropicBash, _) => {
                let restart = boolean(&args, "restart")? == Some(true);
                let command = text(&args, "command")?;
                if command.is_none() && !restart {
                    return Err("`command` is required (or `restart: true`)".to_string());
                }
                let runs = command.map(|line| Run { line, timeout: DEFAULT_TIMEOUT, workdir: None, on_timeout: None });
                Plan::Run { runs: runs.into_iter().collect(), restart, answer: Answer::Contract }
            }
            (Shape::OpenaiShell, _) => {
                let commands = match args.get("commands") {
                    Some(Value::Array(items)) if !items.is_empty() => items
                        .iter()
                        .map(|item| item.as_str().map(str::to_string))
                        .collect::<Option<Vec<String>>>()
                        .ok_or("`commands` must be an array of strings")?,
                    Some(_) => return Err("`commands` must be a non-empty array of strings".to_string()),
                    None => return Err("`commands` is required: the command lines to run".to_string()),
                };
                if commands.len() > MAX_COMMANDS {
                    return Err(format!(
                        "`commands` may hold at most {MAX_COMMANDS} command lines, not {}",
                        commands.len()
                    ));
                }
                let timeout = call::millis(&args, "timeout_ms")?.unwrap_or(DEFAULT_TIMEOUT);
                let max_output_length = match args.get("max_output_length") {
                    None | Some(Value::Null) => None,
                    Some(value) => Some(
                        value
                            .as_u64()
                            .and_then(|n| usize::try_from(n).ok())
                            .ok_or("`max_output_length` must be a whole number")?,
                    ),
                };
                let runs =
                    commands.into_iter().map(|line| Run { line, timeout, workdir: None, on_timeout: None }).collect();
                Plan::Run { runs, restart: false, answer: Answer::PerCommand { max_output_length } }
            }
            (Shape::OpenaiLocalShell, _) => {
                let mut exports = String::new();
                match args.get("env") {
                    None | Some(Value::Null) => {}
                    Some(Value::Object(env)) => {
                        for (name, value) in env {
                            let valid = !name.is_empty()
                                && !name.starts_with(|c: char| c.is_ascii_digit())
                                && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
                            let value = value.as_str().ok_or("`env` values must be strings")?;
                            if !valid {
                                return Err(format!("`env`: '{name}' is not a variable name"));
                            }
                            exports.push_str(&format!("export {name}={}; ", quote(value)));
                        }
                    }
                    Some(_) => return Err("`env` must be an object of strings".to_string()),
                }
                let line = process(&exports, &argv_line(&args)?);
                let timeout = call::millis(&args, "timeout_ms")?.unwrap_or(DEFAULT_TIMEOUT);
                one(line, timeout, text(&args, "working_directory")?, Answer::OutputAndMetadata)
            }
            (Shape::Codex, "exec_command") => Plan::Exec {
                session: next_background,
                line: text(&args, "cmd")?.ok_or("`cmd` is required: the command to run")?,
                workdir: text(&args, "workdir")?,
                wait: call::millis(&args, "yield_time_ms")?.unwrap_or(YIELD),
                tokens: tokens(&args)?,
            },
            (Shape::Codex, "write_stdin") => {
                if text(&args, "chars")?.is_some_and(|chars| !chars.is_empty()) {
                    return Err(
                        "toolsh's commands read no terminal: write_stdin only collects output (chars must be empty)"
                            .to_string(),
                    );
                }
                let session = args
                    .get("session_id")
                    .and_then(|v| v.as_u64().or_else(|| v.as_str().and_then(|s| s.parse().ok())))
                    .ok_or("`session_id` is required: the session a running command was given")?;
                Plan::Poll {
                    session,
                    wait: call::millis(&args, "yield_time_ms")?.unwrap_or(YIELD),
                    tokens: tokens(&args)?,
                }
            }
            (Shape::Codex, "apply_patch") => {
                let input = text(&args, "input")?.ok_or("`input` is required: the patch")?;
                // The patch as a here-document, under a delimiter it does not hold.
                let mut delimiter = "TOOLSH_PATCH".to_string();
                while input.lines().any(|line| line == delimiter) {
                    delimiter.push('_');
                }
                let line = format!("apply_patch <<'{delimiter}'\n{input}\n{delimiter}");
                one(line, DEFAULT_TIMEOUT, None, Answer::ExitWallOutput)
            }
            (Shape::Codex, _) => {
                let timeout = call::millis(&args, "timeout_ms")?.unwrap_or(DEFAULT_TIMEOUT);
                one(process("", &argv_line(&args)?), timeout, text(&args, "workdir")?, Answer::ExitWallOutput)
            }
        };
        Ok(Some(plan))
    }
}

/// toolsh's own `shell` tool: a command line and its time limit in, the result contract and
/// its facts (the output schema) out.
pub fn shell_definition(description: String, annotations: ToolAnnotations) -> Tool {
    let schema = json!({
        "type": "object",
        "properties": {
            "command": { "type": "string", "description": "A bash command line or script." },
            "timeout_ms": {
                "type": "integer",
                "minimum": 1,
                "description": "Time in ms (default 30000, max 600000)."
            },
            "on_timeout": {
                "enum": ["background", "stop"],
                "description": "Then: go on as a job (default), or stop."
            }
        },
        "required": ["command"],
        "additionalProperties": false
    });
    let schema = match schema {
        Value::Object(map) => map,
        _ => JsonObject::new(),
    };
    let mut tool = Tool::new("shell", description, Arc::new(schema)).with_annotations(annotations);
    tool.output_schema = Some(Arc::new(call::output_schema()));
    tool
}

/// The most command lines one call of OpenAI's shell may carry (together they have
/// [`call::MAX_TIMEOUT`] at most).
const MAX_COMMANDS: usize = 64;

/// How long Codex's `exec_command` and `write_stdin` wait for output by default.
const YIELD: Duration = Duration::from_secs(10);

/// `max_output_tokens`, or Codex's default.
fn tokens(args: &JsonObject) -> Result<usize, String> {
    match args.get("max_output_tokens") {
        None | Some(Value::Null) => Ok(10_000),
        Some(value) => value
            .as_u64()
            .and_then(|n| usize::try_from(n).ok())
            .filter(|n| *n > 0)
            .ok_or_else(|| format!("`max_output_tokens` must be a whole number above 0, not {value}")),
    }
}

/// A string argument, if given.
fn text(args: &JsonObject, name: &str) -> Result<Option<String>, String> {
    match args.get(name) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) => Ok(Some(s.clone())),
        Some(other) => Err(format!("`{name}` must be a string, not {other}")),
    }
}

/// A boolean argument, if given.
fn boolean(args: &JsonObject, name: &str) -> Result<Option<bool>, String> {
    match args.get(name) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::Bool(b)) => Ok(Some(*b)),
        Some(other) => Err(format!("`{name}` must be true or false, not {other}")),
    }
}

/// An argv command runs as the process it is in its harness: in a subshell (its `cd`, `exit`
/// and variables end with it), with `exports` set for it alone.
fn process(exports: &str, line: &str) -> String {
    format!("( {exports}{line}\n)")
}

/// The command line of an argv `command`: a shell's `-c` script as it is, other words quoted.
fn argv_line(args: &JsonObject) -> Result<String, String> {
    let words: Vec<String> = match args.get("command") {
        Some(Value::Array(items)) if !items.is_empty() => items
            .iter()
            .map(|item| item.as_str().map(str::to_string))
            .collect::<Option<_>>()
            .ok_or("`command` must be an array of strings (argv)")?,
        Some(Value::String(line)) => return Ok(line.clone()),
        Some(_) => return Err("`command` must be a non-empty array of strings (argv)".to_string()),
        None => return Err("`command` is required: the command as argv".to_string()),
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
            Some(Ran { outcome, rendered }) => call::finished(&outcome, rendered),
            // `restart` alone: nothing ran.
            None => with_text("the session was restarted\n[exit 0]".to_string(), None),
        },
        Answer::PerCommand { max_output_length } => {
            let cut = |bytes: &[u8]| -> String {
                let text = crate::contract::strip_ansi(&String::from_utf8_lossy(bytes));
                match max_output_length {
                    Some(max) if text.chars().count() > max => text.chars().take(max).collect(),
                    _ => text,
                }
            };
            let output: Vec<Value> = ran
                .iter()
                .map(|Ran { outcome, .. }| {
                    let outcome_json = if outcome.status == crate::interp::EXIT_LIMIT {
                        json!({ "type": "timeout" })
                    } else {
                        json!({ "type": "exit", "exit_code": outcome.status })
                    };
                    json!({ "stdout": cut(&outcome.stdout), "stderr": cut(&outcome.stderr), "outcome": outcome_json })
                })
                .collect();
            let mut body = json!({ "output": output });
            if let Some(max) = max_output_length {
                body["max_output_length"] = json!(max);
            }
            with_text(body.to_string(), Some(body))
        }
        Answer::OutputAndMetadata => {
            let Some(Ran { outcome, rendered }) = ran.into_iter().last() else {
                return with_text(String::new(), None);
            };
            let body = json!({
                "output": without_exit_line(&rendered.text),
                "metadata": { "exit_code": outcome.status, "duration_seconds": seconds(outcome.duration) },
            });
            with_text(body.to_string(), Some(body))
        }
        Answer::ExitWallOutput => {
            let Some(Ran { outcome, rendered }) = ran.into_iter().last() else {
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
        assert!(err(Shape::OpenaiShell, "shell", json!({ "commands": "ls" })).contains("array of strings"));
        assert!(
            err(Shape::ClaudeCode, "Bash", json!({ "command": "ls", "cwd": "/" })).contains("unknown argument `cwd`")
        );
        assert!(
            err(Shape::OpenaiLocalShell, "local_shell", json!({ "command": ["ls"], "env": { "1A": "x" } }))
                .contains("not a variable name")
        );
        assert_eq!(plan(Shape::Codex, "nope", json!({})), Ok(None));
    }
}
