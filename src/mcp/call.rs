//! One `shell` call from the client's side: its arguments read (a mistake is a result the
//! model can read, never a protocol error it cannot see), and its outcome as a result — the
//! text block of [`crate::contract`], the same facts as structured content for harnesses, and
//! the whole output as a resource link when the text was cut, and an image or audio clip the
//! line printed as an image or audio block.

use crate::contract::Rendered;
use crate::interp::ExecOutcome;
use rmcp::model::{CallToolResult, ContentBlock, JsonObject};
use serde_json::{Value, json};
use std::time::Duration;

/// Default time one call may take.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(30);
/// The longest a caller may ask for.
pub const MAX_TIMEOUT: Duration = Duration::from_secs(600);

/// The input schema of the `shell` tool: what it takes, said once (the parse below refuses
/// any other argument by it). Written out rather than derived: each word of it is read by the
/// model on every request (the token budget counts it).
pub fn input_schema() -> JsonObject {
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
    match schema {
        Value::Object(map) => map,
        _ => JsonObject::new(),
    }
}

/// What a call asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Args {
    pub command: String,
    pub timeout: Duration,
    /// What the deadline does to a line still running (default: the session's setting).
    pub on_timeout: Option<crate::interp::OnDeadline>,
}

/// The call's arguments, or what is wrong with them, in words for the model.
pub fn args(arguments: Option<JsonObject>) -> Result<Args, String> {
    let args = arguments.unwrap_or_default();
    let schema = input_schema();
    let known: Vec<&str> = schema
        .get("properties")
        .and_then(Value::as_object)
        .map(|p| p.keys().map(String::as_str).collect())
        .unwrap_or_default();
    only(&args, "the shell tool", &known)?;
    let command = match args.get("command") {
        Some(Value::String(command)) => command.clone(),
        Some(other) => return Err(format!("`command` must be a string (the command line to run), not {other}")),
        None => return Err("`command` is required: the command line to run".to_string()),
    };
    let timeout = millis(&args, "timeout_ms")?.unwrap_or(DEFAULT_TIMEOUT);
    let on_timeout = match args.get("on_timeout") {
        None | Some(Value::Null) => None,
        Some(Value::String(word)) => Some(
            crate::interp::OnDeadline::named(word)
                .ok_or_else(|| format!("`on_timeout` is \"background\" or \"stop\", not \"{word}\""))?,
        ),
        Some(other) => return Err(format!("`on_timeout` is \"background\" or \"stop\", not {other}")),
    };
    Ok(Args { command, timeout, on_timeout })
}

/// Refuses arguments `tool` does not take, naming those it does (and, for a working directory
/// it has no argument for, how to get one).
fn only(args: &JsonObject, tool: &str, known: &[&str]) -> Result<(), String> {
    let unknown: Vec<String> = args.keys().filter(|k| !known.contains(&k.as_str())).map(|k| format!("`{k}`")).collect();
    if unknown.is_empty() {
        return Ok(());
    }
    let takes: Vec<String> = known.iter().map(|k| format!("`{k}`")).collect();
    let asks_for_a_directory = ["workdir", "cwd"].iter().any(|k| args.contains_key(*k) && !known.contains(k));
    let cd = match (asks_for_a_directory, known.contains(&"workdir")) {
        (true, true) => " (the working directory is `workdir`)",
        (true, false) => " (to run somewhere else, begin the command with `cd DIR &&`)",
        _ => "",
    };
    Err(format!("unknown argument {}: {tool} takes only {}{cd}", unknown.join(", "), takes.join(", ")))
}

/// A time in milliseconds, if given: a number, or digits in a string ("5000" means that number:
/// models send both); at most [`MAX_TIMEOUT`].
pub fn millis(args: &JsonObject, name: &str) -> Result<Option<Duration>, String> {
    match args.get(name) {
        None | Some(Value::Null) => Ok(None),
        Some(value) => match value.as_u64().or_else(|| value.as_str().and_then(|s| s.trim().parse().ok())) {
            Some(ms) if ms > 0 => Ok(Some(Duration::from_millis(ms).min(MAX_TIMEOUT))),
            _ => Err(format!(
                "`{name}` must be a whole number of milliseconds above 0 (at most {}), not {value}",
                MAX_TIMEOUT.as_millis()
            )),
        },
    }
}

/// The schema of the structured content every result carries.
pub fn output_schema() -> JsonObject {
    let schema = json!({
        "type": "object",
        "properties": {
            "exit": { "type": "integer", "description": "The exit status of the command line." },
            "truncated": { "type": "boolean", "description": "Whether the text was cut." },
            "spill": {
                "type": ["string", "null"],
                "description": "The workspace file with the whole output, when it was cut (also a resource)."
            },
            "duration_ms": { "type": "integer", "description": "Wall time of the line." },
            "job": {
                "type": ["integer", "null"],
                "description": "The job the line became when its time ran out (exit 148): it runs on."
            }
        },
        "required": ["exit", "truncated", "spill", "duration_ms"]
    });
    match schema {
        Value::Object(map) => map,
        _ => JsonObject::new(),
    }
}

/// The URI of a spill file as a resource of the session.
pub fn spill_uri(path: &str) -> String {
    format!("toolsh://{path}")
}

/// The workspace path of a spill resource's URI, when it names one (only `/tmp/.out/N.log`).
pub fn spill_path(uri: &str) -> Option<&str> {
    let path = uri.strip_prefix("toolsh://")?;
    let name = path.strip_prefix("/tmp/.out/")?.strip_suffix(".log")?;
    (!name.is_empty() && name.bytes().all(|b| b.is_ascii_digit())).then_some(path)
}

/// The result of a line that ran.
pub fn finished(outcome: &ExecOutcome, rendered: Rendered) -> CallToolResult {
    let facts = json!({
        "exit": outcome.status,
        "truncated": rendered.truncated,
        "spill": rendered.spill,
        "duration_ms": u64::try_from(outcome.duration.as_millis()).unwrap_or(u64::MAX),
        "job": outcome.job,
    });
    let mut content = vec![ContentBlock::text(rendered.text)];
    content.extend(rendered.media.as_ref().map(media_block));
    if let Some(path) = &rendered.spill {
        let mut link = rmcp::model::Resource::new(spill_uri(path), "the whole output");
        link.mime_type = Some("text/plain".to_string());
        content.push(ContentBlock::resource_link(link));
    }
    let mut result = CallToolResult::success(content);
    result.structured_content = Some(facts);
    // A line that goes on as a job has not failed: its end is collected later.
    result.is_error = Some(outcome.status != 0 && outcome.job.is_none());
    result
}

/// The most an image or audio clip a line prints may hold to be handed to the client as such:
/// what 5 MiB of base64 carries.
pub const MEDIA_BYTES: usize = (5 << 20) / 4 * 3;

/// An image or audio clip as a content block.
pub fn media_block(media: &crate::contract::Media) -> ContentBlock {
    use base64::Engine as _;
    let data = base64::engine::general_purpose::STANDARD.encode(&media.bytes);
    if media.is_image() { ContentBlock::image(data, media.mime) } else { ContentBlock::audio(data, media.mime) }
}

/// The result of a call that ran nothing because its arguments were wrong: status 2, as a
/// usage error, saying why.
pub fn refused(why: &str) -> CallToolResult {
    let mut result = CallToolResult::error(vec![ContentBlock::text(format!("toolsh: {why}; nothing ran\n[exit 2]"))]);
    result.structured_content = Some(json!({ "exit": 2, "truncated": false, "spill": null, "duration_ms": 0 }));
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    fn of(value: Value) -> Result<Args, String> {
        match value {
            Value::Object(map) => args(Some(map)),
            _ => args(None),
        }
    }

    #[test]
    fn arguments_are_read_and_mistakes_are_worded_for_the_model() {
        let ok = of(json!({"command": "pwd", "timeout_ms": "5000"}));
        assert_eq!(ok, Ok(Args { command: "pwd".into(), timeout: Duration::from_secs(5), on_timeout: None }));
        assert_eq!(of(json!({"command": "pwd", "timeout_ms": 10_000_000})).map(|a| a.timeout), Ok(MAX_TIMEOUT));
        let err = |value| of(value).err().unwrap_or_default();
        assert!(err(json!({"command": "pwd", "workdir": "/"})).contains("unknown argument `workdir`"));
        assert!(err(json!({"command": "pwd", "workdir": "/"})).contains("cd DIR &&"));
        assert!(err(json!({"command": "pwd", "timeout_ms": 0})).contains("above 0"));
        assert!(err(json!({"command": "pwd", "timeout_ms": -5})).contains("not -5"));
        assert!(err(json!({})).contains("`command` is required"));
        assert!(err(json!({"command": ["ls"]})).contains("must be a string"));
    }

    #[test]
    fn only_spill_files_are_resources() {
        assert_eq!(spill_path(&spill_uri("/tmp/.out/12.log")), Some("/tmp/.out/12.log"));
        for uri in
            ["toolsh:///etc/passwd", "toolsh:///tmp/.out/../x.log", "toolsh:///tmp/.out/.log", "file:///tmp/.out/1.log"]
        {
            assert_eq!(spill_path(uri), None, "{uri}");
        }
    }
}
