//! `install`: copy files and set their mode, or make directories, as GNU's install does in its
//! four forms (`SOURCE DEST`, `SOURCE... DIRECTORY`, `-t DIRECTORY SOURCE...`, `-d
//! DIRECTORY...`), with `-D` making the leading directories, `-m` the mode (octal or symbolic,
//! 0755 by default), `-v` saying each step, `-p` keeping the modification time and `-C`
//! leaving an identical destination alone. Ownership (`-o`, `-g`) and stripping (`-s`) have
//! no meaning in the workspace and are not offered.

use crate::Ctx;
use crate::session::Status;
use crate::spec::{Args, Opt, Spec};
use crate::vfs::{WriteMode, describe, path};
use toolsh_bytes::quote::quoteaf;

const BACKUP_C: Opt = Opt::short('c', "(ignored)");
const COMPARE: Opt = Opt::both(
    'C',
    "compare",
    "compare content of source and destination files, and if no change to the destination, do not modify it",
);
const DIRECTORY: Opt = Opt::both(
    'd',
    "directory",
    "treat all arguments as directory names; create all components of the specified directories",
);
const LEADING: Opt = Opt::short(
    'D',
    "create all leading components of DEST except the last, or all components of --target-directory, then copy SOURCE to DEST",
);
const MODE: Opt = Opt::both('m', "mode", "set permission mode (as in chmod), instead of rwxr-xr-x").value("MODE");
const PRESERVE: Opt = Opt::both(
    'p',
    "preserve-timestamps",
    "apply the modification time of SOURCE files to corresponding destination files",
);
const TARGET: Opt = Opt::both('t', "target-directory", "copy all SOURCE arguments into DIRECTORY").value("DIRECTORY");
const NO_TARGET: Opt = Opt::both('T', "no-target-directory", "treat DEST as a normal file");
const VERBOSE: Opt = Opt::both('v', "verbose", "print the name of each created file or directory");

/// `install`.
pub const INSTALL: Spec = Spec {
    name: "install",
    summary: "copy files and set attributes",
    synopsis: &[
        "[OPTION]... [-T] SOURCE DEST",
        "[OPTION]... SOURCE... DIRECTORY",
        "[OPTION]... -t DIRECTORY SOURCE...",
        "[OPTION]... -d DIRECTORY...",
    ],
    about: "Copy SOURCE to DEST or each SOURCE into DIRECTORY, setting the mode (0755 unless -m); with -d, create each DIRECTORY. Files here belong to the agent, so there is no -o, -g or -s.",
    options: &[BACKUP_C, COMPARE, DIRECTORY, LEADING, MODE, PRESERVE, TARGET, NO_TARGET, VERBOSE],
    tools: &["fs.read", "fs.write", "fs.mkdir"],
    assumed: true,
    long_order: &[
        "compare",
        "context",
        "preserve-timestamps",
        "preserve-context",
        "strip",
        "strip-program",
        "suffix",
        "verbose",
        "version",
    ],
    ..Spec::BASE
};

/// Makes `abs` and every missing directory above it, saying each made with `-v` as GNU does;
/// the error in GNU's words.
async fn make_dirs(ctx: &Ctx<'_>, abs: &str, shown: &str, verbose: bool) -> Result<(), String> {
    let mut current = String::from("/");
    for component in path::components(abs) {
        current = path::join(&current, component);
        match ctx.vfs.stat(&current) {
            Ok(meta) if meta.is_dir() => {}
            Ok(_) => return Err(format!("cannot create directory {shown}: File exists", shown = quoteaf(shown))),
            Err(_) => {
                if let Err(err) = ctx.vfs.mkdir(&current) {
                    return Err(format!("cannot create directory {shown}: {}", describe(&err), shown = quoteaf(shown)));
                }
                if verbose {
                    ctx.out(format!("install: creating directory {}\n", quoteaf(&relative(shown, abs, &current))))
                        .await;
                }
            }
        }
    }
    Ok(())
}

/// `dir`, made on the way to `abs`, as the user would name it from `shown`.
fn relative(shown: &str, abs: &str, dir: &str) -> String {
    let below = abs.len().saturating_sub(dir.len());
    let cut = shown.trim_end_matches('/');
    if below == 0 || cut.len() < below { cut.to_string() } else { cut[..cut.len() - below].to_string() }
}

/// `install` itself.
pub async fn install(ctx: Ctx<'_>, args: Args) -> Status {
    let verbose = args.has(&VERBOSE);
    let mode = match args.last(&MODE) {
        None => 0o755,
        Some(spec) => match crate::fs::files::apply_mode(spec, 0, false, 0) {
            Some(mode) if mode <= 0o7777 => mode,
            _ => return ctx.fail(format!("invalid mode '{spec}'")).await,
        },
    };
    let operands = &args.operands;
    if args.has(&DIRECTORY) {
        if operands.is_empty() {
            return ctx.misuse(&INSTALL, "missing file operand").await;
        }
        let mut status = 0;
        for dir in operands {
            let abs = ctx.abs(dir);
            let made = make_dirs(&ctx, &abs, dir, verbose).await;
            let made = match made {
                Ok(()) => ctx
                    .vfs
                    .set_mode(&abs, mode)
                    .map_err(|e| format!("cannot change permissions of {dir}: {}", describe(&e), dir = quoteaf(dir))),
                Err(said) => Err(said),
            };
            if let Err(said) = made {
                ctx.complain(said).await;
                status = 1;
            }
        }
        return status;
    }
    // The sources and where each goes: into a directory (`-t`, or a last operand that is one)
    // or to the one destination named.
    let (sources, target_dir, dest) = match (args.last(&TARGET), operands.as_slice()) {
        (_, []) => return ctx.misuse(&INSTALL, "missing file operand").await,
        (Some(dir), sources) => (sources.to_vec(), Some(dir.to_string()), None),
        (None, [only]) => {
            return ctx
                .misuse(&INSTALL, format!("missing destination file operand after {only}", only = quoteaf(only)))
                .await;
        }
        (None, [source, dest]) if args.has(&NO_TARGET) || !ctx.vfs.stat(&ctx.abs(dest)).is_ok_and(|m| m.is_dir()) => {
            (vec![source.clone()], None, Some(dest.clone()))
        }
        (None, [sources @ .., last]) => (sources.to_vec(), Some(last.clone()), None),
    };
    if let Some(dir) = &target_dir {
        let abs = ctx.abs(dir);
        if args.has(&LEADING) {
            if let Err(said) = make_dirs(&ctx, &abs, dir, verbose).await {
                return ctx.fail(said).await;
            }
        } else if !ctx.vfs.stat(&abs).is_ok_and(|m| m.is_dir()) {
            // GNU's words differ between a -t directory and a last operand.
            let said = match (ctx.vfs.stat(&abs).is_ok(), args.last(&TARGET).is_some()) {
                (true, _) => format!("target {dir}: Not a directory", dir = quoteaf(dir)),
                (false, true) => format!("failed to access {dir}: No such file or directory", dir = quoteaf(dir)),
                (false, false) => format!("target {dir}: No such file or directory", dir = quoteaf(dir)),
            };
            return ctx.fail(said).await;
        }
    }
    let mut status = 0;
    for source in &sources {
        let shown_dest = match (&target_dir, &dest) {
            (Some(dir), _) => path::join(dir, path::file_name(source)),
            (None, Some(dest)) => dest.clone(),
            (None, None) => continue,
        };
        let (from, to) = (ctx.abs(source), ctx.abs(&shown_dest));
        let meta = match ctx.vfs.stat(&from) {
            Ok(meta) if meta.is_dir() => {
                ctx.complain(format!("omitting directory {source}", source = quoteaf(source))).await;
                status = 1;
                continue;
            }
            Ok(meta) => meta,
            Err(err) => {
                ctx.complain(format!("cannot stat {source}: {}", describe(&err), source = quoteaf(source))).await;
                status = 1;
                continue;
            }
        };
        if dest.is_some() && args.has(&LEADING) {
            let parent = path::parent(&to).to_string();
            if let Err(said) = make_dirs(&ctx, &parent, path::parent(&shown_dest), verbose).await {
                ctx.complain(said).await;
                status = 1;
                continue;
            }
        }
        if ctx.vfs.stat(&to).is_ok_and(|m| m.is_dir()) {
            ctx.complain(format!(
                "cannot overwrite directory {shown_dest} with non-directory",
                shown_dest = quoteaf(&shown_dest)
            ))
            .await;
            status = 1;
            continue;
        }
        let data = match ctx.vfs.read(&from) {
            Ok(data) => data,
            Err(err) => {
                ctx.complain(format!("cannot open {source} for reading: {}", describe(&err), source = quoteaf(source)))
                    .await;
                status = 1;
                continue;
            }
        };
        let same = args.has(&COMPARE)
            && ctx.vfs.stat(&to).is_ok_and(|m| m.mode & 0o7777 == mode)
            && ctx.vfs.read(&to).is_ok_and(|old| old == data);
        if same {
            continue;
        }
        let written = ctx
            .vfs
            .write(&to, &data, WriteMode::Truncate)
            .map_err(|e| {
                format!("cannot create regular file {shown_dest}: {}", describe(&e), shown_dest = quoteaf(&shown_dest))
            })
            .and_then(|()| {
                ctx.vfs.set_mode(&to, mode).map_err(|e| {
                    format!(
                        "cannot change permissions of {shown_dest}: {}",
                        describe(&e),
                        shown_dest = quoteaf(&shown_dest)
                    )
                })
            })
            .and_then(|()| {
                if args.has(&PRESERVE) {
                    ctx.vfs.set_mtime(&to, meta.mtime).map_err(|e| {
                        format!(
                            "cannot set timestamps for {shown_dest}: {}",
                            describe(&e),
                            shown_dest = quoteaf(&shown_dest)
                        )
                    })
                } else {
                    Ok(())
                }
            });
        match written {
            Ok(()) if verbose => {
                ctx.out(format!(
                    "{source} -> {shown_dest}\n",
                    source = quoteaf(source),
                    shown_dest = quoteaf(&shown_dest)
                ))
                .await;
            }
            Ok(()) => {}
            Err(said) => {
                ctx.complain(said).await;
                status = 1;
            }
        }
    }
    status
}
