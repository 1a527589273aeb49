//! `chown` and `chgrp` as the workspace allows them: its one user is the agent (uid and gid
//! `AGENT_ID`, in its own group, as `id` says), and every file is the agent's, so giving a
//! file to the agent (by name or number) succeeds and changes nothing, and any other user or
//! group does not exist here, as on a machine without it. Operands are checked as GNU checks
//! them (missing files, `-R` walking directories), with GNU's messages and statuses.

use crate::Ctx;
use crate::session::{AGENT_ID, Status};
use crate::spec::{Args, Opt, Spec};
use crate::vfs::describe;
use toolsh_bytes::quote::quoteaf;

const CHANGES: Opt = Opt::both('c', "changes", "like verbose but report only when a change is made");
const SILENT: Opt = Opt::both('f', "silent", "suppress most error messages").alias("quiet");
const VERBOSE: Opt = Opt::both('v', "verbose", "output a diagnostic for every file processed");
const DEREFERENCE: Opt = Opt::long("dereference", "affect the referent of each symbolic link (the default)");
const NO_DEREFERENCE: Opt = Opt::both('h', "no-dereference", "affect symbolic links instead of any referenced file");
const FROM: Opt =
    Opt::long("from", "change only files whose current owner and/or group match").value("CURRENT_OWNER:CURRENT_GROUP");
const NO_PRESERVE_ROOT: Opt = Opt::long("no-preserve-root", "do not treat '/' specially (the default)");
const PRESERVE_ROOT: Opt = Opt::long("preserve-root", "fail to operate recursively on '/'");
const REFERENCE: Opt = Opt::long("reference", "use RFILE's owner and group").value("RFILE");
const RECURSIVE: Opt = Opt::both('R', "recursive", "operate on files and directories recursively");
const TRAVERSE_ARGS: Opt = Opt::short('H', "with -R, traverse a symbolic link to a directory given as an argument");
const TRAVERSE_ALL: Opt = Opt::short('L', "with -R, traverse every symbolic link to a directory");
const TRAVERSE_NONE: Opt = Opt::short('P', "with -R, do not traverse any symbolic links (default)");
const OPTIONS: &[Opt] = &[
    CHANGES,
    SILENT,
    VERBOSE,
    DEREFERENCE,
    NO_DEREFERENCE,
    FROM,
    NO_PRESERVE_ROOT,
    PRESERVE_ROOT,
    REFERENCE,
    RECURSIVE,
    TRAVERSE_ARGS,
    TRAVERSE_ALL,
    TRAVERSE_NONE,
];

/// `chown`.
pub const CHOWN: Spec = Spec {
    name: "chown",
    summary: "change file owner and group",
    synopsis: &["[OPTION]... [OWNER][:[GROUP]] FILE...", "[OPTION]... --reference=RFILE FILE..."],
    about: "Change the owner and/or group of each FILE to OWNER and/or GROUP. The workspace's one user and group is the agent (also numbered by its id): giving files to it succeeds and changes nothing; other users and groups do not exist here.",
    options: OPTIONS,
    tools: &["fs.stat"],
    long_order: &["no-dereference", "no-preserve-root", "recursive", "reference", "verbose", "version"],
    ..Spec::BASE
};

/// `chgrp`.
pub const CHGRP: Spec = Spec {
    name: "chgrp",
    summary: "change group ownership",
    synopsis: &["[OPTION]... GROUP FILE...", "[OPTION]... --reference=RFILE FILE..."],
    about: "Change the group of each FILE to GROUP. The workspace's one group is the agent's (also numbered by its id): giving files to it succeeds and changes nothing; other groups do not exist here.",
    options: OPTIONS,
    tools: &["fs.stat"],
    long_order: &["no-dereference", "no-preserve-root", "recursive", "reference", "verbose", "version"],
    ..Spec::BASE
};

/// `chown OWNER[:GROUP] FILE…` and `chgrp GROUP FILE…`.
pub async fn chown(ctx: Ctx<'_>, args: Args) -> Status {
    let group_only = ctx.name() == "chgrp";
    let spec = if group_only { &CHGRP } else { &CHOWN };
    let me = ctx.agent().to_string();
    let mut operands = args.operands.clone();
    // What -v says the files are retained as: the owner as written, or the reference's.
    let mut retained = if group_only { me.clone() } else { format!("{me}:{me}") };
    if args.last(&REFERENCE).is_none() {
        if operands.is_empty() {
            return ctx.misuse(spec, "missing operand").await;
        }
        let wanted = operands.remove(0);
        retained = wanted.clone();
        if operands.is_empty() {
            return ctx.misuse(spec, format!("missing operand after ‘{wanted}’")).await;
        }
        let (user, group) = match (group_only, wanted.split_once([':', '.'])) {
            (true, _) => ("", wanted.as_str()),
            (false, Some((user, group))) => (user, group),
            (false, None) => (wanted.as_str(), ""),
        };
        let known = |name: &str| name.is_empty() || name == me || name == AGENT_ID.to_string();
        if !known(user) {
            return ctx.fail(format!("invalid user: ‘{wanted}’")).await;
        }
        if !known(group) {
            return ctx.fail(format!("invalid group: ‘{wanted}’")).await;
        }
    } else if operands.is_empty() {
        return ctx.misuse(spec, "missing operand").await;
    }
    if let Some(reference) = args.last(&REFERENCE)
        && let Err(err) = ctx.vfs.stat(&ctx.abs(reference))
    {
        return ctx
            .fail(format!(
                "failed to get attributes of {reference}: {}",
                describe(&err),
                reference = quoteaf(reference)
            ))
            .await;
    }
    let (silent, verbose, recursive) = (args.has(&SILENT), args.has(&VERBOSE), args.has(&RECURSIVE));
    let mut status = 0;
    let mut pending: Vec<String> = operands.into_iter().rev().collect();
    let mut out = String::new();
    while let Some(file) = pending.pop() {
        let abs = ctx.abs(&file);
        let meta = match ctx.vfs.lstat(&abs) {
            Ok(meta) => meta,
            Err(err) => {
                if !silent {
                    ctx.complain(format!("cannot access {file}: {}", describe(&err), file = quoteaf(&file))).await;
                }
                status = 1;
                continue;
            }
        };
        if verbose {
            // Nothing changes: every file already is the agent's.
            let owner = if group_only {
                format!("group of {}", quoteaf(&file))
            } else {
                format!("ownership of {}", quoteaf(&file))
            };
            out.push_str(&format!("{owner} retained as {retained}\n"));
        }
        if recursive
            && meta.is_dir()
            && let Ok(entries) = ctx.vfs.read_dir(&abs)
        {
            let mut names: Vec<String> = entries.into_iter().map(|e| e.name).collect();
            names.sort();
            pending.extend(names.iter().rev().map(|name| crate::vfs::path::join(&file, name)));
        }
    }
    if !out.is_empty() && !ctx.out(out).await {
        return 1;
    }
    status
}
