//! The `fs.*` tools: read, write (write, append, edit, batches of edits), list, stat, glob,
//! mkdir, copy, move, delete. Their bodies work on the workspace after the registry's gate; the
//! shell's file commands reach the same tools through [`toolsh_gate::workspace::Fs`].

use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};
use std::sync::Arc;
use toolsh_gate::facts;
use toolsh_gate::{Tool, ToolCx, ToolError, ToolOutput, ToolSpec, typed};
use toolsh_vfs::{FileKind, Meta, WriteMode, path};

/// Arguments of `fs.read`.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct ReadArgs {
    /// The file to read.
    path: String,
    /// First line to return, counting from 1.
    #[serde(default)]
    offset: Option<u64>,
    /// Number of lines to return.
    #[serde(default)]
    limit: Option<u64>,
}

/// How `fs.write` changes the file.
#[derive(Deserialize, JsonSchema, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "snake_case")]
enum WriteKind {
    /// Replace the whole content.
    #[default]
    Write,
    /// Add to the end.
    Append,
    /// Replace `old_text` by `new_text` (or apply `edits`).
    Edit,
}

/// One replacement of a batch.
#[derive(Deserialize, JsonSchema, Clone)]
#[serde(deny_unknown_fields)]
struct Edit {
    /// Text that occurs in the file (exactly once unless replace_all).
    old_text: String,
    /// Its replacement.
    new_text: String,
    /// Replace every occurrence.
    #[serde(default)]
    replace_all: bool,
}

/// Arguments of `fs.write`.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct WriteArgs {
    /// The file to write (created if missing, except for edits).
    path: String,
    /// The text to write or append.
    #[serde(default)]
    content: Option<String>,
    /// write, append or edit.
    #[serde(default)]
    mode: WriteKind,
    /// For edit: the text to replace.
    #[serde(default)]
    old_text: Option<String>,
    /// For edit: the replacement.
    #[serde(default)]
    new_text: Option<String>,
    /// For edit: replace every occurrence of old_text.
    #[serde(default)]
    replace_all: bool,
    /// For edit: several replacements applied in order, all or none.
    #[serde(default)]
    edits: Vec<Edit>,
}

/// Arguments of `fs.list`.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct ListArgs {
    /// The directory to list.
    #[serde(default = "dot")]
    path: String,
    /// Descend into subdirectories.
    #[serde(default)]
    recursive: bool,
    /// Include names starting with a dot.
    #[serde(default)]
    all: bool,
}

fn dot() -> String {
    ".".to_string()
}

/// Arguments of tools that take one path.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct PathArgs {
    /// The path.
    path: String,
}

/// Arguments of `fs.glob`.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct GlobArgs {
    /// A shell pattern: `*`, `?`, `[…]`, `**` for any depth.
    pattern: String,
    /// Directory the pattern is relative to.
    #[serde(default = "dot")]
    path: String,
}

/// Arguments of `fs.mkdir`.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct MkdirArgs {
    /// The directory to create.
    path: String,
    /// Create missing parents; no error if it exists.
    #[serde(default)]
    parents: bool,
}

/// Arguments of `fs.copy` and `fs.move`.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct FromTo {
    /// The source.
    from: String,
    /// The destination (into it when it is a directory).
    to: String,
}

/// Arguments of `fs.delete`.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct DeleteArgs {
    /// The file or directory to delete.
    path: String,
    /// Delete a directory with everything in it.
    #[serde(default)]
    recursive: bool,
}

/// Arguments of `fs.patch`.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct PatchArgs {
    /// The patch: `*** Begin Patch`, then `*** Add File: P` (lines with +), `*** Delete File: P`
    /// or `*** Update File: P` (optional `*** Move to: Q`, then @@ hunks of ' ', '-', '+'
    /// lines), then `*** End Patch`.
    patch: String,
}

/// The fs tools.
pub fn tools() -> Vec<Arc<dyn Tool>> {
    vec![
        typed(
            ToolSpec::from_facts::<ReadArgs>(facts::self_gated::READ, "Read a file of the workspace.\nPrints the bytes as they are; offset and limit select lines.")
                .read_only()
                .subject("path", true)
                .aliases(&["read_file", "fs.cat", "file.read"])
                .param_aliases(&[("file", "path"), ("file_path", "path"), ("filename", "path")]),
            read,
        ),
        typed(
            ToolSpec::from_facts::<WriteArgs>(facts::self_gated::WRITE,
                "Write, append to, or edit a file of the workspace.\nEdits replace old_text by new_text; a batch of edits is applied all or none.",
            )
                .subject("path", true)
            .stdin("content")
            .aliases(&["write_file", "edit_file", "fs.edit", "file.write"])
            .param_aliases(&[("file", "path"), ("file_path", "path"), ("text", "content"), ("old", "old_text"), ("new", "new_text")]),
            write,
        ),
        typed(
            ToolSpec::from_facts::<ListArgs>(facts::self_gated::LIST, "List a directory: name, kind and size of each entry.")
                .read_only()
                .subject("path", true)
                .aliases(&["list_dir", "list_directory", "fs.ls"])
                .param_aliases(&[("dir", "path"), ("directory", "path")]),
            list,
        ),
        typed(
            ToolSpec::new::<PathArgs>("fs.stat", "Show a path's kind, size, mode and modification time.")
                .read_only()
                .subject("path", true)
                .param_aliases(&[("file", "path")]),
            stat,
        ),
        typed(
            ToolSpec::new::<GlobArgs>("fs.glob", "Find paths matching a shell pattern (** matches any depth).")
                .read_only()
                .subject("path", true)
                .aliases(&["glob", "find_files"]),
            glob,
        ),
        typed(
            ToolSpec::from_facts::<MkdirArgs>(facts::self_gated::MKDIR, "Create a directory.")
                .subject("path", true)
                .aliases(&["make_dir", "create_directory"])
                .param_aliases(&[("dir", "path"), ("p", "parents")]),
            mkdir,
        ),
        typed(
            ToolSpec::from_facts::<FromTo>(facts::self_gated::COPY, "Copy a file or a directory tree.")
                .subject("to", true)
                .aliases(&["copy_file", "fs.cp"])
                .param_aliases(&[("source", "from"), ("src", "from"), ("destination", "to"), ("dest", "to")]),
            copy,
        ),
        typed(
            ToolSpec::from_facts::<FromTo>(facts::self_gated::MOVE, "Move or rename a file or directory.")
                .subject("from", true)
                .aliases(&["move_file", "rename_file", "fs.mv", "fs.rename"])
                .param_aliases(&[("source", "from"), ("src", "from"), ("destination", "to"), ("dest", "to")]),
            move_,
        ),
        typed(
            ToolSpec::from_facts::<PatchArgs>(
                facts::self_gated::PATCH,
                "Add, delete, update and move files with one patch ('*** Begin Patch' format).\nAll files change, or none.",
            )
            .stdin("patch")
            .aliases(&["apply_patch_json", "patch_files"])
            .param_aliases(&[("input", "patch"), ("diff", "patch")]),
            patch,
        ),
        typed(
            ToolSpec::from_facts::<DeleteArgs>(facts::self_gated::DELETE, "Delete a file, or a directory with recursive.")
                .subject("path", true)
                .aliases(&["delete_file", "remove_file", "fs.rm", "fs.remove"])
                .param_aliases(&[("file", "path"), ("r", "recursive")]),
            delete,
        ),
    ]
}

fn io_err(what: &str) -> impl Fn(std::io::Error) -> ToolError + '_ {
    move |err| ToolError::io(what, &err)
}

async fn read(cx: ToolCx, args: ReadArgs) -> Result<ToolOutput, ToolError> {
    let abs = cx.abs(&args.path);
    if cx.vfs.stat(&abs).map_err(io_err(&args.path))?.is_dir() {
        return Err(ToolError::failed(format!("{}: Is a directory (use fs.list)", args.path)));
    }
    let data = cx.with_fs(|fs| fs.read(&abs)).map_err(io_err(&args.path))?;
    if args.offset.is_none() && args.limit.is_none() {
        return Ok(ToolOutput::Bytes(data));
    }
    let skip = args.offset.unwrap_or(1).saturating_sub(1) as usize;
    let take = args.limit.map_or(usize::MAX, |l| l as usize);
    let lines: Vec<u8> = data.split_inclusive(|&b| b == b'\n').skip(skip).take(take).flatten().copied().collect();
    Ok(ToolOutput::Bytes(lines))
}

async fn write(cx: ToolCx, args: WriteArgs) -> Result<ToolOutput, ToolError> {
    let abs = cx.abs(&args.path);
    let mut edits = args.edits;
    match args.mode {
        WriteKind::Write | WriteKind::Append => {
            if !edits.is_empty() || args.old_text.is_some() {
                return Err(ToolError::usage("fs.write: old_text and edits need --mode edit"));
            }
            let content =
                args.content.ok_or_else(|| ToolError::usage("fs.write: --content is required (or pipe it in)"))?;
            let mode = if args.mode == WriteKind::Append { WriteMode::Append } else { WriteMode::Truncate };
            cx.with_fs(|fs| fs.write(&abs, content.as_bytes(), mode)).map_err(io_err(&args.path))?;
            Ok(ToolOutput::Json(json!({ "path": args.path, "bytes": content.len() })))
        }
        WriteKind::Edit => {
            match (args.old_text, args.new_text) {
                (Some(old_text), Some(new_text)) => {
                    edits.insert(0, Edit { old_text, new_text, replace_all: args.replace_all })
                }
                (None, None) => {}
                _ => return Err(ToolError::usage("fs.write: --old-text and --new-text go together")),
            }
            if edits.is_empty() {
                return Err(ToolError::usage("fs.write: --mode edit needs --old-text/--new-text or --edits"));
            }
            let bytes = cx.with_fs(|fs| fs.read(&abs)).map_err(io_err(&args.path))?;
            let mut text = String::from_utf8(bytes)
                .map_err(|_| ToolError::failed(format!("{}: not UTF-8 text; edits need text", args.path)))?;
            let mut replaced = 0;
            for (idx, edit) in edits.iter().enumerate() {
                let (next, count) = apply_edit(&text, edit).map_err(|why| {
                    ToolError::failed(format!(
                        "{}: edit {} of {}: {why}; nothing was written",
                        args.path,
                        idx + 1,
                        edits.len()
                    ))
                })?;
                text = next;
                replaced += count;
            }
            cx.with_fs(|fs| fs.write(&abs, text.as_bytes(), WriteMode::Truncate)).map_err(io_err(&args.path))?;
            Ok(ToolOutput::Json(json!({ "path": args.path, "replacements": replaced })))
        }
    }
}

/// Applies one edit; an ambiguous or missing old text is an error that says what to do.
fn apply_edit(text: &str, edit: &Edit) -> Result<(String, usize), String> {
    if edit.old_text.is_empty() {
        return Err("old_text is empty".to_string());
    }
    let count = text.matches(edit.old_text.as_str()).count();
    match count {
        0 => Err("old_text was not found (check whitespace and line breaks)".to_string()),
        1 => Ok((text.replacen(&edit.old_text, &edit.new_text, 1), 1)),
        n if edit.replace_all => Ok((text.replace(&edit.old_text, &edit.new_text), n)),
        n => Err(format!("old_text occurs {n} times; add context to make it unique or set replace_all")),
    }
}

fn kind_name(kind: FileKind) -> &'static str {
    match kind {
        FileKind::File => "file",
        FileKind::Dir => "dir",
        FileKind::Symlink => "symlink",
        FileKind::Device => "device",
        FileKind::Fifo => "fifo",
    }
}

fn meta_json(path: &str, meta: &Meta) -> Value {
    let mtime: chrono::DateTime<chrono::Utc> = meta.mtime.into();
    json!({
        "path": path,
        "kind": kind_name(meta.kind),
        "size": meta.size,
        "mode": format!("{:o}", meta.mode),
        "mtime": mtime.to_rfc3339_opts(chrono::SecondsFormat::Secs, true),
    })
}

async fn list(cx: ToolCx, args: ListArgs) -> Result<ToolOutput, ToolError> {
    let abs = cx.abs(&args.path);
    let mut out = Vec::new();
    let mut stack = vec![(abs, String::new())];
    while let Some((dir, prefix)) = stack.pop() {
        let entries = cx.with_fs(|fs| fs.read_dir(&dir)).map_err(io_err(&args.path))?;
        for entry in entries {
            if entry.name.starts_with('.') && !args.all {
                continue;
            }
            let child = path::join(&dir, &entry.name);
            let shown = if prefix.is_empty() { entry.name.clone() } else { format!("{prefix}/{}", entry.name) };
            let size = cx.vfs.lstat(&child).map_or(0, |m| m.size);
            if args.recursive && entry.kind == FileKind::Dir {
                stack.push((child, shown.clone()));
            }
            out.push(json!({ "name": shown, "kind": kind_name(entry.kind), "size": size }));
        }
    }
    out.sort_by(|a, b| a["name"].as_str().cmp(&b["name"].as_str()));
    Ok(ToolOutput::Json(Value::Array(out)))
}

async fn stat(cx: ToolCx, args: PathArgs) -> Result<ToolOutput, ToolError> {
    let meta = cx.vfs.lstat(&cx.abs(&args.path)).map_err(io_err(&args.path))?;
    Ok(ToolOutput::Json(meta_json(&args.path, &meta)))
}

async fn glob(cx: ToolCx, args: GlobArgs) -> Result<ToolOutput, ToolError> {
    let base = cx.abs(&args.path);
    let options = toolsh_core::session::Options { globstar: true, ..Default::default() };
    let mut matches = toolsh_core::glob::glob(&*cx.vfs, &base, &args.pattern, &options);
    // bash repeats a path two ways of `**` reach (`**/a/**`); a tool's list names each once.
    matches.dedup();
    Ok(ToolOutput::Json(Value::Array(matches.into_iter().map(Value::String).collect())))
}

async fn mkdir(cx: ToolCx, args: MkdirArgs) -> Result<ToolOutput, ToolError> {
    let abs = cx.abs(&args.path);
    cx.with_fs(|fs| {
        if !args.parents {
            return fs.mkdir(&abs);
        }
        let mut built = String::new();
        for component in abs.split('/').filter(|c| !c.is_empty()) {
            built.push('/');
            built.push_str(component);
            if !fs.stat(&built).is_ok_and(|m| m.is_dir()) {
                fs.mkdir(&built)?;
            }
        }
        Ok(())
    })
    .map_err(io_err(&args.path))?;
    Ok(ToolOutput::Json(json!({ "path": args.path, "created": true })))
}

/// The destination path: inside `to` when it is a directory.
fn destination(cx: &ToolCx, from: &str, to: &str) -> String {
    let to_abs = cx.abs(to);
    if cx.vfs.stat(&to_abs).is_ok_and(|m| m.is_dir()) {
        let from = cx.abs(from);
        path::join(&to_abs, from.rsplit('/').next().unwrap_or(&from))
    } else {
        to_abs
    }
}

async fn copy(cx: ToolCx, args: FromTo) -> Result<ToolOutput, ToolError> {
    let to = destination(&cx, &args.from, &args.to);
    cx.with_fs(|fs| fs.copy_tree(&cx.abs(&args.from), &to)).map_err(io_err(&args.from))?;
    Ok(ToolOutput::Json(json!({ "from": args.from, "to": to })))
}

async fn move_(cx: ToolCx, args: FromTo) -> Result<ToolOutput, ToolError> {
    let to = destination(&cx, &args.from, &args.to);
    cx.with_fs(|fs| fs.rename(&cx.abs(&args.from), &to)).map_err(io_err(&args.from))?;
    Ok(ToolOutput::Json(json!({ "from": args.from, "to": to })))
}

async fn patch(cx: ToolCx, args: PatchArgs) -> Result<ToolOutput, ToolError> {
    let parsed = toolsh_gate::patch::parse(&args.patch).map_err(|err| ToolError::usage(format!("fs.patch: {err}")))?;
    let (changes, done) = cx
        .with_fs(|fs| toolsh_gate::patch::plan(&parsed, |path| cx.abs(path), |path| fs.read(path)))
        .map_err(|err| ToolError::failed(format!("fs.patch: {err}")))?;
    cx.with_fs(|fs| fs.apply(&changes)).map_err(|err| ToolError::io("fs.patch", &err))?;
    let files: Vec<Value> = done.iter().map(|d| json!({ "change": d.mark.to_string(), "path": d.path })).collect();
    Ok(ToolOutput::Json(json!({ "applied": true, "files": files })))
}

async fn delete(cx: ToolCx, args: DeleteArgs) -> Result<ToolOutput, ToolError> {
    let abs = cx.abs(&args.path);
    let meta = cx.vfs.lstat(&abs).map_err(io_err(&args.path))?;
    if meta.is_dir() && !args.recursive {
        cx.with_fs(|fs| fs.remove_dir(&abs)).map_err(|err| match err.kind() {
            std::io::ErrorKind::DirectoryNotEmpty => {
                ToolError::failed(format!("{}: directory not empty (set recursive to delete it all)", args.path))
            }
            _ => ToolError::io(&args.path, &err),
        })?;
    } else {
        cx.with_fs(|fs| fs.remove_tree(&abs)).map_err(io_err(&args.path))?;
    }
    Ok(ToolOutput::Json(json!({ "path": args.path, "deleted": true })))
}
