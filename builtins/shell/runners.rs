//! What a command that runs another (`env`, `nice`, `nohup`, `stdbuf`, `timeout`, `xargs`,
//! `find -exec`) says when that one cannot start. GNU's tools exec the command themselves and
//! report the failure in their own words and with their own status (127 when it is not there,
//! 126 when it cannot be run), where the shell would say `x: command not found`; so the command
//! is looked up here, as the interpreter will look it up, before it is run.

use crate::Ctx;
use crate::session::Status;
use crate::vfs::describe;

/// Why `name` cannot be started, as `errno`'s words (`No such file or directory`, `Permission
/// denied`) and the status GNU's runners give (127, 126); `None` when it can.
pub fn cannot_run(ctx: &Ctx<'_>, name: &str) -> Option<(String, Status)> {
    if !name.contains('/') {
        // A command of the table, or a tool or declared host program, or a workspace file on
        // PATH (as the shell finds it).
        if !name.is_empty() && (crate::lookup(name).is_some() || ctx.tools().resolve(name).is_some()) {
            return None;
        }
        return match ctx.state().find_on_path(name, |abs| ctx.vfs.stat(abs).ok()) {
            Some((_, true)) => None,
            Some(_) => Some(("Permission denied".to_string(), crate::status::CANNOT_RUN)),
            None => Some(("No such file or directory".to_string(), crate::status::NOT_FOUND)),
        };
    }
    match ctx.vfs.stat(&ctx.abs(name)) {
        Err(err) => {
            let status = if err.kind() == std::io::ErrorKind::NotFound {
                crate::status::NOT_FOUND
            } else {
                crate::status::CANNOT_RUN
            };
            Some((describe(&err), status))
        }
        // execve says EACCES for a directory as for a file without an execute bit.
        Ok(meta) if meta.is_dir() || meta.mode & 0o111 == 0 => {
            Some(("Permission denied".to_string(), crate::status::CANNOT_RUN))
        }
        Ok(_) => None,
    }
}

/// Runs `argv` for a runner, or says why it cannot in the words `say` makes of the quoted name
/// and the reason, returning GNU's status for it.
pub async fn run_or_say(ctx: &Ctx<'_>, argv: Vec<String>, say: impl FnOnce(&str, &str) -> String) -> Status {
    let name = argv.first().cloned().unwrap_or_default();
    if let Some((why, status)) = cannot_run(ctx, &name) {
        ctx.complain(say(&name, &why)).await;
        return status;
    }
    ctx.run(argv).await
}
