//! Patches as commands. `apply_patch`: the edits Codex's models write (`*** Begin Patch` …
//! `*** End Patch`): the patch comes as its operand, from a file, or on standard input (a
//! heredoc); every file of the patch changes, or none does (`Fs::apply`); the summary says
//! what changed in Codex's words. `patch`: unified and context diffs as GNU patch applies
//! them, file by file, its report and its `.orig` and `.rej` files included.

use crate::Ctx;
use crate::session::Status;
use crate::spec::{Args, Opt, Spec, Words};
use toolsh_gate::patch;
use toolsh_gate::patch::unified;
use toolsh_gate::workspace::Change;

/// `apply_patch`.
pub const APPLY_PATCH: Spec = Spec {
    name: "apply_patch",
    summary: "apply a patch in the '*** Begin Patch' format",
    synopsis: &["[PATCH | FILE]"],
    about: "Apply a patch that adds, deletes, updates or moves files ('*** Add File:', '*** Delete File:', '*** Update File:' with @@ hunks, '*** Move to:'). The patch is the operand itself, the file it names, or standard input. All files change, or none.",
    options: &[],
    words: Words::Gnu,
    tools: PATCH_TOOLS,
    ..Spec::BASE
};

/// The tools every patch calls, which the pre-flight judges before it runs: it reads, and
/// writes each file it changes (a delete is a write of that path too). Which files it deletes
/// (`fs.delete`) depends on the patch: each is judged with its path when the patch is applied,
/// so `--deny fs.delete` refuses a patch that deletes or moves a file and lets one that only
/// adds or updates files through.
const PATCH_TOOLS: &[&str] = &["fs.read", "fs.write"];

/// `apply_patch [PATCH | FILE]`
pub async fn apply_patch(ctx: Ctx<'_>, args: Args) -> Status {
    let text = match args.operands.as_slice() {
        [] => ctx.read_operand("-").await,
        [one] if one.contains("*** Begin Patch") => Ok(one.clone().into_bytes()),
        [file] => ctx.read_operand(file).await,
        [_, extra, ..] => return ctx.misuse(&APPLY_PATCH, format!("extra operand '{extra}'")).await,
    };
    let text = match text {
        Ok(bytes) => toolsh_bytes::decode(&bytes).into_owned(),
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

const STRIP: Opt = Opt::both('p', "strip", "Strip NUM leading components from file names.").value("NUM");
const REVERSE: Opt = Opt::both('R', "reverse", "Assume patches were created with old and new files swapped.");
const FORWARD: Opt = Opt::both('N', "forward", "Ignore patches that seem to be reversed or already applied.");
const DRY_RUN: Opt = Opt::long("dry-run", "Do not actually change any files; just print what would happen.");
const INPUT: Opt = Opt::both('i', "input", "Read patch from PATCHFILE instead of stdin.").value("PATCHFILE");
const SILENT: Opt = Opt::both('s', "quiet", "Work silently unless an error occurs.");
const DIRECTORY: Opt = Opt::both('d', "directory", "Change the working directory to DIR first.").value("DIR");
const NO_BACKUP: Opt = Opt::long("no-backup-if-mismatch", "Back up mismatches only if otherwise requested.");

/// `patch`.
pub const PATCH: Spec = Spec {
    name: "patch",
    summary: "apply a diff file to an original",
    synopsis: &["[OPTION]... [ORIGFILE [PATCHFILE]]"],
    about: "Apply a unified or context diff (diff -u, git diff, diff -c) as GNU patch does: hunks found where they say or at an offset, with up to two lines of context ignored (fuzz); hunks that fail go to FILE.rej and the file is kept as FILE.orig.",
    options: &[STRIP, REVERSE, FORWARD, DRY_RUN, INPUT, SILENT, DIRECTORY, NO_BACKUP],
    words: Words::GnuPrefixedHint,
    usage_status: 2,
    tools: PATCH_TOOLS,
    long_order: &[
        "backup",
        "batch",
        "basename-prefix",
        "binary",
        "backup-if-mismatch",
        "directory",
        "debug",
        "dry-run",
        "force",
        "fuzz",
        "forward",
        "follow-symlinks",
        "ifdef",
        "input",
        "ignore-whitespace",
        "normal",
        "no-backup-if-mismatch",
        "prefix",
        "posix",
        "quiet",
        "quoting-style",
        "remove-empty-files",
        "reject-file",
        "reverse",
        "reject-format",
        "read-only",
        "strip",
        "silent",
        "set-time",
        "suffix",
        "set-utc",
        "version",
        "version-control",
        "verbose",
    ],
    ..Spec::BASE
};

/// What the options ask of every file.
struct Asked {
    strip: Option<usize>,
    reverse: bool,
    forward: bool,
    dry_run: bool,
    backup: bool,
}

/// `patch [OPTION]... [ORIGFILE [PATCHFILE]]`
pub async fn patch(ctx: Ctx<'_>, args: Args) -> Status {
    let strip = match args.last(&STRIP).map(str::parse::<usize>) {
        None => None,
        Some(Ok(n)) => Some(n),
        Some(Err(_)) => {
            let value = args.last(&STRIP).unwrap_or_default();
            ctx.err(format!("patch: **** strip count {value} is not a number\n")).await;
            return 2;
        }
    };
    let asked = Asked {
        strip,
        reverse: args.has(&REVERSE),
        forward: args.has(&FORWARD),
        dry_run: args.has(&DRY_RUN),
        backup: !args.has(&NO_BACKUP),
    };
    let base = match args.last(&DIRECTORY) {
        Some(dir) => ctx.abs(dir),
        None => ctx.state().cwd.clone(),
    };
    let (original, source) = match (args.operands.as_slice(), args.last(&INPUT)) {
        ([], input) => (None, input.map(str::to_string)),
        ([file], input) => (Some(file.clone()), input.map(str::to_string)),
        ([file, patch, ..], _) => (Some(file.clone()), Some(patch.clone())),
    };
    let text = match ctx.read_operand(source.as_deref().unwrap_or("-")).await {
        Ok(bytes) => toolsh_bytes::decode(&bytes).into_owned(),
        Err(err) => {
            ctx.err(format!(
                "patch: **** Can't open patch file {} : {}\n",
                source.unwrap_or_default(),
                crate::vfs::describe(&err)
            ))
            .await;
            return 2;
        }
    };
    let files = match unified::parse(&text) {
        Ok(files) if files.is_empty() => {
            ctx.err("patch: **** Only garbage was found in the patch input.\n").await;
            return 2;
        }
        Ok(files) => files,
        Err(bad) => {
            ctx.err(format!("patch: **** {}\n", bad.message)).await;
            return 2;
        }
    };
    let mut status = 0;
    let mut said = String::new();
    for file in &files {
        status = status.max(one_file(&ctx, &asked, &base, original.as_deref(), file, &mut said).await);
    }
    if !args.has(&SILENT) || status != 0 {
        ctx.out(said).await;
    }
    status
}

/// `name` without its first `strip` components (`None`: GNU's default, the last component).
fn stripped(name: &str, strip: Option<usize>) -> String {
    match strip {
        Some(0) => name.to_string(),
        Some(n) => name.split('/').skip(n).filter(|p| !p.is_empty()).collect::<Vec<_>>().join("/"),
        None => name.rsplit('/').next().unwrap_or(name).to_string(),
    }
}

fn join(base: &str, name: &str) -> String {
    if name.starts_with('/') { name.to_string() } else { format!("{}/{name}", base.trim_end_matches('/')) }
}

/// Patches one file of the diff, saying what happened into `said`; its status.
async fn one_file(
    ctx: &Ctx<'_>,
    asked: &Asked,
    base: &str,
    original: Option<&str>,
    file: &unified::FilePatch,
    said: &mut String,
) -> Status {
    let hunks: Vec<unified::Hunk> =
        file.hunks.iter().map(|h| if asked.reverse { h.reversed() } else { h.clone() }).collect();
    let (old, new) = if asked.reverse { (&file.new, &file.old) } else { (&file.old, &file.new) };
    let names: Vec<String> =
        [old, new].iter().filter(|n| n.as_str() != "/dev/null").map(|n| stripped(n, asked.strip)).collect();
    let creates = old == "/dev/null";
    let removes = new == "/dev/null";
    let target = match original {
        Some(name) => Some(name.to_string()),
        None => names
            .iter()
            .find(|n| ctx.vfs.exists(&join(base, n)))
            .cloned()
            .or_else(|| creates.then(|| names.first().cloned()).flatten()),
    };
    let Some(target) = target else {
        said.push_str(&format!(
            "can't find file to patch at input line {}\nPerhaps you should have used the -p or --strip option?\n\
             The text leading up to this was:\n--------------------------\n|{}\n|{}\n--------------------------\n\
             File to patch: \nSkip this patch? [y] \nSkipping patch.\n{} ignored\n",
            file.line + 2,
            file.header[0],
            file.header[1],
            out_of(hunks.len(), hunks.len())
        ));
        return 1;
    };
    let path = join(base, &target);
    let before = if ctx.vfs.exists(&path) {
        match ctx.vfs.read(&path) {
            Ok(bytes) => bytes,
            Err(err) => {
                ctx.err(format!("patch: **** Can't open file {target} : {}\n", crate::vfs::describe(&err))).await;
                return 2;
            }
        }
    } else {
        Vec::new()
    };
    let text = unified::Text::of(&before);
    said.push_str(&format!("{} file {target}\n", if asked.dry_run { "checking" } else { "patching" }));
    let (after, outcomes) = unified::apply(&text, &hunks);
    let first_failed = matches!(outcomes.first(), Some(unified::Outcome::Failed { .. }));
    if first_failed && unified::applies_reversed(&text, &hunks) {
        // Reversed, or applied already: GNU patch asks; nobody is at a terminal to say yes.
        let (what, assume) =
            if asked.reverse { ("Unreversed", "Ignore -R? [n] \n") } else { ("Reversed", "Assume -R? [n] \n") };
        said.push_str(&format!("{what} (or previously applied) patch detected!  "));
        if !asked.forward {
            said.push_str(assume);
            said.push_str("Apply anyway? [n] \n");
        }
        said.push_str("Skipping patch.\n");
        said.push_str(&format!("{} ignored", out_of(hunks.len(), hunks.len())));
        return reject(ctx, asked, file, &path, &target, file.hunks.iter().collect(), said).await;
    }
    let mut failed = Vec::new();
    for (k, outcome) in outcomes.iter().enumerate() {
        if let Some(line) = unified::said(k + 1, outcome) {
            said.push_str(&line);
            said.push('\n');
        }
        if matches!(outcome, unified::Outcome::Failed { .. }) {
            failed.push(&file.hunks[k]);
        }
    }
    let mismatch = outcomes.iter().any(|o| *o != unified::Outcome::Exact);
    if !asked.dry_run {
        // The backup and the file change together, or neither does (missing directories made).
        let mut changes = Vec::new();
        if mismatch && asked.backup && !before.is_empty() {
            changes.push(Change::Write { path: format!("{path}.orig"), data: before.clone() });
        }
        let bytes = after.bytes();
        changes.push(if removes && bytes.is_empty() && failed.is_empty() {
            Change::Delete { path: path.clone() }
        } else {
            Change::Write { path: path.clone(), data: bytes }
        });
        if let Err(err) = ctx.vfs.apply(&changes) {
            ctx.err(format!("patch: **** Can't create file {target} : {}\n", crate::vfs::describe(&err))).await;
            return 2;
        }
    }
    if failed.is_empty() {
        return 0;
    }
    said.push_str(&format!("{} FAILED", out_of(failed.len(), hunks.len())));
    reject(ctx, asked, file, &path, &target, failed, said).await
}

/// Ends the report of failed or ignored hunks and, unless it is a dry run, keeps them in
/// `TARGET.rej` as GNU patch does (the file's header, then each hunk as it was written).
async fn reject(
    ctx: &Ctx<'_>,
    asked: &Asked,
    file: &unified::FilePatch,
    path: &str,
    target: &str,
    hunks: Vec<&unified::Hunk>,
    said: &mut String,
) -> Status {
    if asked.dry_run {
        said.push('\n');
        return 1;
    }
    said.push_str(&format!(" -- saving rejects to file {target}.rej\n"));
    let mut rejected = format!("{}\n{}\n", file.header[0], file.header[1]);
    for hunk in hunks {
        rejected.push_str(&hunk.text);
    }
    if let Err(err) = ctx.vfs.write(&format!("{path}.rej"), rejected.as_bytes(), crate::vfs::WriteMode::Truncate) {
        ctx.err(format!("patch: **** Can't create file {target}.rej : {}\n", crate::vfs::describe(&err))).await;
        return 2;
    }
    1
}

/// `1 out of 1 hunk`, `2 out of 3 hunks`.
fn out_of(some: usize, all: usize) -> String {
    format!("{some} out of {all} hunk{}", if all == 1 { "" } else { "s" })
}
