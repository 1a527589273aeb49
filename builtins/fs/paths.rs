//! The small commands of names in the workspace, as GNU coreutils words them: `unlink` (one
//! file, the `unlink` call), `link` (a hard link, which the workspace cannot hold: refused with
//! the reason, as `ln` without `-s` is) and `pathchk` (whether names are valid and portable).

use crate::Ctx;
use crate::session::Status;
use crate::spec::{Args, Opt, Spec};
use crate::vfs::describe;
use toolsh_bytes::quote::{quote, quoteaf, quotef};

/// `unlink`.
pub const UNLINK: Spec = Spec {
    name: "unlink",
    summary: "remove one file by the unlink call",
    synopsis: &["FILE"],
    about: "Call the unlink function to remove the specified FILE.",
    operand_paths: true,
    tools: &["fs.delete"],
    assumed: true,
    ..Spec::BASE
};

/// `unlink FILE`: removes a file or symbolic link, never a directory.
pub async fn unlink(ctx: Ctx<'_>, args: Args) -> Status {
    let file = match args.operands.as_slice() {
        [] => return ctx.misuse(&UNLINK, "missing operand").await,
        [file] => file,
        [_, extra, ..] => return ctx.misuse(&UNLINK, format!("extra operand '{extra}'")).await,
    };
    let abs = ctx.abs(file);
    let result = match ctx.vfs.lstat(&abs) {
        Ok(meta) if meta.is_dir() => Err(std::io::Error::from(std::io::ErrorKind::IsADirectory)),
        Ok(_) => ctx.vfs.remove_file(&abs),
        Err(err) => Err(err),
    };
    match result {
        Ok(()) => 0,
        Err(err) => ctx.fail(format!("cannot unlink {file}: {}", describe(&err), file = quoteaf(file))).await,
    }
}

/// `link`.
pub const LINK: Spec = Spec {
    name: "link",
    summary: "make a hard link (not supported in the workspace: use ln -s)",
    synopsis: &["FILE1 FILE2"],
    about: "Call the link function to create a link named FILE2 to an existing FILE1. The workspace holds no hard links: link says why, as ln without -s does.",
    assumed: true,
    ..Spec::BASE
};

/// `link FILE1 FILE2`: the operands checked as GNU's are, then refused.
pub async fn link(ctx: Ctx<'_>, args: Args) -> Status {
    let (target, name) = match args.operands.as_slice() {
        [] => return ctx.misuse(&LINK, "missing operand").await,
        [only] => return ctx.misuse(&LINK, format!("missing operand after {only}", only = quote(only))).await,
        [target, name] => (target, name),
        [_, _, extra, ..] => return ctx.misuse(&LINK, format!("extra operand '{extra}'")).await,
    };
    let why = match ctx.vfs.lstat(&ctx.abs(target)) {
        Err(err) => describe(&err),
        Ok(_) if ctx.vfs.lstat(&ctx.abs(name)).is_ok() => "File exists".to_string(),
        Ok(_) => "hard links are not supported in the workspace; use ln -s".to_string(),
    };
    ctx.fail(format!("cannot create link {name} to {target}: {why}", name = quoteaf(name), target = quoteaf(target)))
        .await
}

const POSIX: Opt = Opt::short('p', "check for most POSIX systems");
const EXTRA: Opt = Opt::short('P', "check for empty names and leading \"-\"");
const PORTABILITY: Opt = Opt::long("portability", "check for all POSIX systems (equivalent to -p -P)");

/// `pathchk`.
pub const PATHCHK: Spec = Spec {
    name: "pathchk",
    summary: "check whether file names are valid or portable",
    synopsis: &["[OPTION]... NAME..."],
    about: "Diagnose invalid or unportable file names.",
    options: &[POSIX, EXTRA, PORTABILITY],
    assumed: true,
    ..Spec::BASE
};

/// POSIX's smallest limits, which `-p` checks against (`_POSIX_PATH_MAX`, `_POSIX_NAME_MAX`).
const POSIX_PATH_MAX: usize = 256;
const POSIX_NAME_MAX: usize = 14;
/// Linux's limits, which names are checked against without `-p`.
const PATH_MAX: usize = 4096;
const NAME_MAX: usize = 255;

/// `pathchk [-pP] [--portability] NAME…`
pub async fn pathchk(ctx: Ctx<'_>, args: Args) -> Status {
    if args.operands.is_empty() {
        return ctx.misuse(&PATHCHK, "missing operand").await;
    }
    let basic = args.any(&[&POSIX, &PORTABILITY]);
    let extra = args.any(&[&EXTRA, &PORTABILITY]);
    let mut status = 0;
    for name in &args.operands {
        if let Some(message) = check(&ctx, name, basic, extra) {
            ctx.complain(message).await;
            status = 1;
        }
    }
    status
}

/// What is wrong with `name`, as GNU's `validate_file_name` finds it first.
fn check(ctx: &Ctx<'_>, name: &str, basic: bool, extra: bool) -> Option<String> {
    if (basic || extra) && name.is_empty() {
        return Some("empty file name".to_string());
    }
    if extra && name.split('/').any(|part| part.starts_with('-')) {
        return Some(format!("leading '-' in a component of file name {}", quoteaf(name)));
    }
    let mut exists = false;
    if basic {
        let portable = |c: char| c.is_ascii_alphanumeric() || matches!(c, '/' | '.' | '_' | '-');
        if let Some(bad) = name.chars().find(|&c| !portable(c)) {
            return Some(format!("nonportable character '{bad}' in file name {}", quoteaf(name)));
        }
    } else {
        // The kernel refuses a name too long before it looks for it.
        if name.len() >= PATH_MAX || name.split('/').any(|part| part.len() > NAME_MAX) {
            return Some(format!("{name}: File name too long"));
        }
        match ctx.vfs.lstat(&ctx.abs(name)) {
            Ok(_) => exists = true,
            Err(err) if err.kind() == std::io::ErrorKind::NotFound && !name.is_empty() => {
                // A leading component that is a file: the kernel's "Not a directory".
                let mut prefix = String::new();
                let parts: Vec<&str> = name.split('/').collect();
                for part in &parts[..parts.len().saturating_sub(1)] {
                    prefix.push_str(part);
                    if !prefix.is_empty() && ctx.vfs.stat(&ctx.abs(&prefix)).is_ok_and(|meta| !meta.is_dir()) {
                        return Some(format!("{name}: Not a directory"));
                    }
                    prefix.push('/');
                }
            }
            Err(err) => return Some(format!("{}: {}", quotef(name), describe(&err))),
        }
    }
    let (path_max, name_max) = if basic { (POSIX_PATH_MAX, POSIX_NAME_MAX) } else { (PATH_MAX, NAME_MAX) };
    if (basic || !exists) && name.len() >= path_max {
        return Some(format!(
            "limit {} exceeded by length {} of file name {}",
            path_max - 1,
            name.len(),
            quoteaf(name)
        ));
    }
    if !exists && let Some(part) = name.split('/').find(|part| part.len() > name_max) {
        return Some(format!(
            "limit {name_max} exceeded by length {} of file name component {}",
            part.len(),
            quoteaf(part)
        ));
    }
    None
}
