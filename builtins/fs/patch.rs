//! `apply_patch`: the edits Codex's models write (`*** Begin Patch` … `*** End Patch`), as a
//! command: the patch comes as its operand, from a file, or on standard input (a heredoc).
//! Every file of the patch changes, or none does (`Fs::apply`); the summary says what changed
//! in Codex's words.

use crate::Ctx;
use crate::session::Status;
use crate::spec::{Spec, Words};
use toolsh_core::patch;

/// `apply_patch`.
pub const APPLY_PATCH: Spec = Spec {
    name: "apply_patch",
    summary: "apply a patch in the '*** Begin Patch' format",
    synopsis: &["[PATCH | FILE]"],
    about: "Apply a patch that adds, deletes, updates or moves files ('*** Add File:', '*** Delete File:', '*** Update File:' with @@ hunks, '*** Move to:'). The patch is the operand itself, the file it names, or standard input. All files change, or none.",
    options: &[],
    words: Words::Gnu,
    tools: &["fs.read", "fs.write", "fs.delete"],
    ..Spec::BASE
};

/// `apply_patch [PATCH | FILE]`
pub async fn apply_patch(ctx: Ctx<'_>) -> Status {
    let args = match ctx.args(&APPLY_PATCH).await {
        Ok(args) => args,
        Err(status) => return status,
    };
    let text = match args.operands.as_slice() {
        [] => ctx.read_operand("-").await,
        [one] if one.contains("*** Begin Patch") => Ok(one.clone().into_bytes()),
        [file] => ctx.read_operand(file).await,
        [_, extra, ..] => return ctx.misuse(&APPLY_PATCH, format!("extra operand '{extra}'")).await,
    };
    let text = match text {
        Ok(bytes) => String::from_utf8_lossy(&bytes).into_owned(),
        Err(err) => {
            ctx.complain(crate::vfs::describe(&err)).await;
            return 1;
        }
    };
    match apply(&ctx, &text) {
        Ok(summary) => {
            ctx.out(summary).await;
            0
        }
        Err(message) => {
            ctx.complain(message).await;
            1
        }
    }
}

/// Applies `text` through the command's gated workspace: the summary, or what went wrong.
fn apply(ctx: &Ctx<'_>, text: &str) -> Result<String, String> {
    let parsed = patch::parse(text).map_err(|e| e.to_string())?;
    let (changes, done) =
        patch::plan(&parsed, |path| ctx.abs(path), |path| ctx.vfs.read(path)).map_err(|e| e.to_string())?;
    ctx.vfs.apply(&changes).map_err(|err| crate::vfs::describe(&err))?;
    Ok(patch::summary(&done))
}
