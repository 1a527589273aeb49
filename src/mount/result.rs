//! A mounted tool's result as shell output: text content on stdout; `structuredContent` as one
//! line of JSON when the tool declares an `outputSchema` (so `| jq` works); `isError` as status
//! 1 with the text on stderr; images, audio and blobs saved under `/tmp/.mcp/` in the
//! workspace with a line naming the file, type and size (never base64 on stdout); resource
//! links and embedded resources as their URI (and an embedded text's text).

use crate::tools::{ToolCx, ToolError, ToolOutput};
use base64::Engine;
use serde_json::Value;
use std::sync::atomic::{AtomicU64, Ordering};

/// Where binary content is saved, in the session's workspace.
pub const SAVED_DIR: &str = "/tmp/.mcp";

/// The output of `alias.tool` for the server's `answer` (a `CallToolResult` as JSON).
pub(super) fn output(
    cx: &ToolCx,
    alias: &str,
    tool: &str,
    structured: bool,
    answer: &Value,
) -> Result<ToolOutput, ToolError> {
    let mut text = String::new();
    for block in answer.get("content").and_then(Value::as_array).into_iter().flatten() {
        let piece = match block.get("type").and_then(Value::as_str).unwrap_or_default() {
            "text" => block.get("text").and_then(Value::as_str).unwrap_or_default().to_string(),
            kind @ ("image" | "audio") => saved(cx, alias, tool, kind, block.get("mimeType"), block.get("data"))?,
            "resource_link" => {
                let uri = block.get("uri").and_then(Value::as_str).unwrap_or_default();
                match block.get("name").and_then(Value::as_str) {
                    Some(name) if name != uri => format!("[resource: {uri} ({name})]"),
                    _ => format!("[resource: {uri}]"),
                }
            }
            "resource" => {
                let resource = block.get("resource").unwrap_or(&Value::Null);
                let uri = resource.get("uri").and_then(Value::as_str).unwrap_or_default();
                match resource.get("text").and_then(Value::as_str) {
                    Some(body) => format!("[resource: {uri}]\n{body}"),
                    None => saved(cx, alias, tool, "blob", resource.get("mimeType"), resource.get("blob"))?,
                }
            }
            other => format!("[{other} content, not shown]"),
        };
        if !text.is_empty() && !text.ends_with('\n') {
            text.push('\n');
        }
        text.push_str(&piece);
    }
    if !text.is_empty() && !text.ends_with('\n') {
        text.push('\n');
    }
    if answer.get("isError").and_then(Value::as_bool) == Some(true) {
        let message = text.trim_end();
        let message = if message.is_empty() { "the tool reported an error" } else { message };
        return Err(ToolError::failed(message.to_string()));
    }
    if structured && let Some(value) = answer.get("structuredContent") {
        return Ok(ToolOutput::Json(value.clone()));
    }
    Ok(if text.is_empty() { ToolOutput::Empty } else { ToolOutput::Text(text) })
}

/// Saves base64 `data` of type `mime` as a file of its own; the line that names it.
fn saved(
    cx: &ToolCx,
    alias: &str,
    tool: &str,
    kind: &str,
    mime: Option<&Value>,
    data: Option<&Value>,
) -> Result<String, ToolError> {
    static SAVED: AtomicU64 = AtomicU64::new(1);
    let mime = mime.and_then(Value::as_str).unwrap_or("application/octet-stream");
    let bytes =
        base64::engine::general_purpose::STANDARD.decode(data.and_then(Value::as_str).unwrap_or_default()).map_err(
            |err| ToolError::failed(format!("mcp server '{alias}': {tool} sent {kind} data that is not base64: {err}")),
        )?;
    let extension = mime.rsplit('/').next().filter(|e| e.chars().all(|c| c.is_ascii_alphanumeric())).unwrap_or("bin");
    let n = SAVED.fetch_add(1, Ordering::Relaxed);
    let path = format!("{SAVED_DIR}/{alias}.{tool}-{n}.{extension}");
    for dir in ["/tmp", SAVED_DIR] {
        match cx.vfs.mkdir(dir) {
            Err(err) if err.kind() != std::io::ErrorKind::AlreadyExists => return Err(ToolError::io(dir, &err)),
            _ => {}
        }
    }
    cx.vfs.write(&path, &bytes, crate::vfs::WriteMode::Truncate).map_err(|err| ToolError::io(&path, &err))?;
    Ok(format!("[{kind} saved: {path} ({mime}, {} bytes)]", bytes.len()))
}
