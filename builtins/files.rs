//! File commands over the workspace: `cat`, `ls`, `cp`, `mv`, `rm`, `mkdir`, `rmdir`, `touch`,
//! `ln`, `stat`, `du`, `chmod`, `basename`, `dirname`, `realpath`, `readlink`, `mktemp`.
//! Messages follow GNU coreutils' wording.

use super::Ctx;
use crate::interp::Status;
use crate::vfs::{FileKind, Meta, WriteMode, describe, path};
use std::time::SystemTime;

/// Splits argv into single-letter flags and operands (`--` ends flags; `-` is an operand).
fn split_flags(argv: &[String]) -> (Vec<char>, Vec<String>) {
    let mut flags = Vec::new();
    let mut operands = Vec::new();
    let mut done = false;
    for arg in argv {
        if done || !arg.starts_with('-') || arg == "-" {
            operands.push(arg.clone());
        } else if arg == "--" {
            done = true;
        } else if let Some(long) = arg.strip_prefix("--") {
            flags.push(match long {
                "recursive" => 'r',
                "force" => 'f',
                "parents" => 'p',
                "all" => 'a',
                "symbolic" => 's',
                "human-readable" => 'h',
                "summarize" => 's',
                "no-clobber" => 'n',
                "verbose" => 'v',
                "directory" => 'd',
                _ => '?',
            });
        } else {
            flags.extend(arg[1..].chars());
        }
    }
    (flags, operands)
}

/// `cat [-n] [-b] [-s] [-E] [file…]`
pub async fn cat(ctx: Ctx<'_>) -> Status {
    let (flags, mut files) = split_flags(&ctx.argv[1..]);
    if let Some(bad) = flags.iter().find(|f| !matches!(f, 'n' | 'b' | 's' | 'E' | 'A' | 'u' | 'v' | 'e' | 't' | 'T')) {
        return ctx.usage(format!("invalid option -- '{bad}'"), "cat [-nbsE] [file ...]").await;
    }
    if files.is_empty() {
        files.push("-".to_string());
    }
    let number = flags.contains(&'n') || flags.contains(&'b');
    let plain = flags.is_empty() || flags == ['u'];
    let mut status = 0;
    let mut line_no = 0usize;
    for file in files {
        if plain {
            // Copied piece by piece: a file of any size in constant memory.
            let copied = match ctx.open_operand(&file) {
                Ok(mut reader) => loop {
                    match reader.chunk().await {
                        Ok(Some(chunk)) => {
                            if !ctx.out(chunk).await {
                                return 1;
                            }
                        }
                        Ok(None) => break Ok(()),
                        Err(err) => break Err(err),
                    }
                },
                Err(err) => Err(err),
            };
            if let Err(err) = copied {
                ctx.complain(format!("{file}: {}", describe(&err))).await;
                status = 1;
            }
            continue;
        }
        let data = match ctx.read_operand(&file).await {
            Ok(data) => data,
            Err(err) => {
                ctx.complain(format!("{file}: {}", describe(&err))).await;
                status = 1;
                continue;
            }
        };
        let mut out = Vec::with_capacity(data.len() + data.len() / 8);
        let mut last_blank = false;
        for line in data.split_inclusive(|&b| b == b'\n') {
            let body = line.strip_suffix(b"\n").unwrap_or(line);
            let blank = body.is_empty();
            if flags.contains(&'s') && blank && last_blank {
                continue;
            }
            last_blank = blank;
            if number && !(flags.contains(&'b') && blank) {
                line_no += 1;
                out.extend_from_slice(format!("{line_no:>6}\t").as_bytes());
            }
            out.extend_from_slice(body);
            if line.ends_with(b"\n") {
                if flags.iter().any(|f| matches!(f, 'E' | 'A' | 'e')) {
                    out.push(b'$');
                }
                out.push(b'\n');
            }
        }
        if !ctx.out(out).await {
            return 1;
        }
    }
    status
}

fn mode_string(meta: &Meta) -> String {
    let kind = match meta.kind {
        FileKind::Dir => 'd',
        FileKind::Symlink => 'l',
        FileKind::Device => 'c',
        FileKind::File => '-',
    };
    let mut text = String::from(kind);
    for shift in [6, 3, 0] {
        let bits = (meta.mode >> shift) & 7;
        text.push(if bits & 4 != 0 { 'r' } else { '-' });
        text.push(if bits & 2 != 0 { 'w' } else { '-' });
        text.push(if bits & 1 != 0 { 'x' } else { '-' });
    }
    text
}

fn human(size: u64) -> String {
    if size < 1024 {
        return size.to_string();
    }
    let units = ["K", "M", "G", "T", "P"];
    let mut value = size as f64;
    let mut unit = 0;
    value /= 1024.0;
    while value >= 1024.0 && unit + 1 < units.len() {
        value /= 1024.0;
        unit += 1;
    }
    if value < 10.0 {
        format!("{:.1}{}", (value * 10.0).ceil() / 10.0, units[unit])
    } else {
        format!("{}{}", value.ceil() as u64, units[unit])
    }
}

fn format_time(time: SystemTime) -> String {
    let datetime: chrono::DateTime<chrono::Utc> = time.into();
    let six_months = std::time::Duration::from_secs(183 * 24 * 3600);
    let recent = SystemTime::now().duration_since(time).map(|d| d < six_months).unwrap_or(true);
    if recent { datetime.format("%b %e %H:%M").to_string() } else { datetime.format("%b %e  %Y").to_string() }
}

struct LsOptions {
    all: bool,
    almost_all: bool,
    long: bool,
    recursive: bool,
    by_time: bool,
    by_size: bool,
    reverse: bool,
    human: bool,
    directory: bool,
    classify: bool,
}

async fn ls_entries(ctx: &Ctx<'_>, dir_display: &str, dir_abs: &str, opts: &LsOptions, out: &mut String) -> bool {
    let entries = match ctx.vfs.read_dir(dir_abs) {
        Ok(entries) => entries,
        Err(err) => {
            ctx.complain(format!("cannot open directory '{dir_display}': {}", describe(&err))).await;
            return false;
        }
    };
    let mut items: Vec<(String, Meta)> = Vec::new();
    if opts.all {
        for dot in [".", ".."] {
            if let Ok(meta) = ctx.vfs.stat(&path::normalize(dir_abs, dot)) {
                items.push((dot.to_string(), meta));
            }
        }
    }
    for entry in entries {
        if entry.name.starts_with('.') && !opts.all && !opts.almost_all {
            continue;
        }
        if let Ok(meta) = ctx.vfs.lstat(&path::join(dir_abs, &entry.name)) {
            items.push((entry.name, meta));
        }
    }
    sort_items(&mut items, opts);
    if opts.long {
        let blocks: u64 = items.iter().map(|(_, m)| m.size.div_ceil(4096) * 4).sum();
        out.push_str(&format!("total {blocks}\n"));
    }
    for (name, meta) in &items {
        out.push_str(&ls_line(ctx, name, &path::join(dir_abs, name), meta, opts));
    }
    let mut ok = true;
    if opts.recursive {
        for (name, meta) in &items {
            if meta.kind == FileKind::Dir && name != "." && name != ".." {
                let display = if dir_display.ends_with('/') {
                    format!("{dir_display}{name}")
                } else {
                    format!("{dir_display}/{name}")
                };
                out.push_str(&format!("\n{display}:\n"));
                ok &= Box::pin(ls_entries(ctx, &display, &path::join(dir_abs, name), opts, out)).await;
            }
        }
    }
    ok
}

fn sort_items(items: &mut [(String, Meta)], opts: &LsOptions) {
    items.sort_by(|a, b| {
        if opts.by_size {
            b.1.size.cmp(&a.1.size).then_with(|| a.0.cmp(&b.0))
        } else if opts.by_time {
            b.1.mtime.cmp(&a.1.mtime).then_with(|| a.0.cmp(&b.0))
        } else {
            a.0.cmp(&b.0)
        }
    });
    if opts.reverse {
        items.reverse();
    }
}

fn ls_line(ctx: &Ctx<'_>, name: &str, abs: &str, meta: &Meta, opts: &LsOptions) -> String {
    let mut shown = name.to_string();
    if opts.classify {
        match meta.kind {
            FileKind::Dir => shown.push('/'),
            FileKind::Symlink => shown.push('@'),
            _ if meta.mode & 0o111 != 0 => shown.push('*'),
            _ => {}
        }
    }
    if !opts.long {
        return format!("{shown}\n");
    }
    if meta.kind == FileKind::Symlink
        && let Ok(target) = ctx.vfs.read_link(abs)
    {
        shown = format!("{name} -> {target}");
    }
    let size = if opts.human { human(meta.size) } else { meta.size.to_string() };
    format!("{} 1 user user {size:>5} {} {shown}\n", mode_string(meta), format_time(meta.mtime))
}

/// `ls [-laAR1tShrdF] [path…]`
pub async fn ls(ctx: Ctx<'_>) -> Status {
    let (flags, mut operands) = split_flags(&ctx.argv[1..]);
    let has = |c: char| flags.contains(&c);
    if let Some(bad) = flags.iter().find(|f| !"laAR1tShrdFCx".contains(**f)) {
        return ctx.usage(format!("invalid option -- '{bad}'"), "ls [-laAR1tShrdF] [file ...]").await;
    }
    let opts = LsOptions {
        all: has('a'),
        almost_all: has('A'),
        long: has('l'),
        recursive: has('R'),
        by_time: has('t'),
        by_size: has('S'),
        reverse: has('r'),
        human: has('h'),
        directory: has('d'),
        classify: has('F'),
    };
    if operands.is_empty() {
        operands.push(".".to_string());
    }
    let mut status = 0;
    let mut files: Vec<(String, Meta)> = Vec::new();
    let mut dirs: Vec<(String, Meta)> = Vec::new();
    for operand in &operands {
        let abs = ctx.abs(operand);
        match ctx.vfs.stat(&abs) {
            Ok(meta) if meta.kind == FileKind::Dir && !opts.directory => dirs.push((operand.clone(), meta)),
            Ok(_) => {
                let meta = ctx.vfs.lstat(&abs).unwrap_or(Meta {
                    kind: FileKind::File,
                    size: 0,
                    mode: 0,
                    mtime: SystemTime::UNIX_EPOCH,
                });
                files.push((operand.clone(), meta));
            }
            Err(err) => {
                ctx.complain(format!("cannot access '{operand}': {}", describe(&err))).await;
                status = 2;
            }
        }
    }
    sort_items(&mut files, &opts);
    sort_items(&mut dirs, &opts);
    let mut out = String::new();
    for (name, meta) in &files {
        out.push_str(&ls_line(&ctx, name, &ctx.abs(name), meta, &opts));
    }
    let headers = operands.len() > 1 || opts.recursive;
    for (idx, (name, _)) in dirs.iter().enumerate() {
        if headers {
            if idx > 0 || !files.is_empty() {
                out.push('\n');
            }
            out.push_str(&format!("{name}:\n"));
        }
        if !ls_entries(&ctx, name, &ctx.abs(name), &opts, &mut out).await {
            status = 2;
        }
    }
    if !ctx.out(out).await {
        return 2;
    }
    status
}

/// Where `source` lands for `cp`/`mv` with `dest` (inside it when it is a directory).
fn destination(ctx: &Ctx<'_>, source: &str, dest: &str, many: bool) -> Result<String, String> {
    let dest_abs = ctx.abs(dest);
    let is_dir = ctx.vfs.stat(&dest_abs).is_ok_and(|m| m.is_dir());
    if many && !is_dir {
        return Err(format!("target '{dest}' is not a directory"));
    }
    if is_dir { Ok(path::join(&dest_abs, path::file_name(&ctx.abs(source)))) } else { Ok(dest_abs) }
}

/// `cp [-rRafpn] source… dest`
pub async fn cp(ctx: Ctx<'_>) -> Status {
    let (flags, operands) = split_flags(&ctx.argv[1..]);
    let recursive = flags.iter().any(|f| matches!(f, 'r' | 'R' | 'a'));
    let no_clobber = flags.contains(&'n');
    if operands.len() < 2 {
        return ctx.usage("missing destination file operand", "cp [-rfpn] SOURCE... DEST").await;
    }
    let (sources, dest) = operands.split_at(operands.len() - 1);
    let mut status = 0;
    for source in sources {
        let target = match destination(&ctx, source, &dest[0], sources.len() > 1) {
            Ok(target) => target,
            Err(message) => return ctx.fail(message).await,
        };
        let abs = ctx.abs(source);
        let meta = match ctx.vfs.stat(&abs) {
            Ok(meta) => meta,
            Err(err) => {
                ctx.complain(format!("cannot stat '{source}': {}", describe(&err))).await;
                status = 1;
                continue;
            }
        };
        if meta.is_dir() && !recursive {
            ctx.complain(format!("-r not specified; omitting directory '{source}'")).await;
            status = 1;
            continue;
        }
        if target == abs || target.starts_with(&format!("{abs}/")) {
            ctx.complain(format!("cannot copy '{source}' into itself")).await;
            status = 1;
            continue;
        }
        if no_clobber && ctx.vfs.lstat(&target).is_ok() {
            continue;
        }
        let result = if meta.is_dir() {
            ctx.vfs.copy_tree(&abs, &target)
        } else {
            ctx.vfs.read(&abs).and_then(|data| ctx.vfs.write(&target, &data, WriteMode::Truncate)).and_then(|()| {
                if flags.iter().any(|f| matches!(f, 'p' | 'a')) {
                    ctx.vfs.set_mtime(&target, meta.mtime)?;
                }
                ctx.vfs.set_mode(&target, meta.mode)
            })
        };
        if let Err(err) = result {
            ctx.complain(format!("cannot create '{}': {}", dest[0], describe(&err))).await;
            status = 1;
        }
    }
    status
}

/// `mv [-fn] source… dest`
pub async fn mv(ctx: Ctx<'_>) -> Status {
    let (flags, operands) = split_flags(&ctx.argv[1..]);
    if operands.len() < 2 {
        return ctx.usage("missing destination file operand", "mv [-fn] SOURCE... DEST").await;
    }
    let (sources, dest) = operands.split_at(operands.len() - 1);
    let mut status = 0;
    for source in sources {
        let target = match destination(&ctx, source, &dest[0], sources.len() > 1) {
            Ok(target) => target,
            Err(message) => return ctx.fail(message).await,
        };
        let abs = ctx.abs(source);
        if ctx.vfs.lstat(&abs).is_err() {
            ctx.complain(format!("cannot stat '{source}': No such file or directory")).await;
            status = 1;
            continue;
        }
        if flags.contains(&'n') && ctx.vfs.lstat(&target).is_ok() {
            continue;
        }
        if target.starts_with(&format!("{abs}/")) {
            ctx.complain(format!("cannot move '{source}' to a subdirectory of itself")).await;
            status = 1;
            continue;
        }
        if let Err(err) = ctx.vfs.rename(&abs, &target) {
            ctx.complain(format!("cannot move '{source}' to '{}': {}", dest[0], describe(&err))).await;
            status = 1;
        }
    }
    status
}

/// The options of `rm`, in GNU's spelling.
const RM_SPEC: super::args::OptSpec<'static> = super::args::OptSpec {
    flags: "fiIrRdv",
    valued: "",
    optional: "",
    long: &[
        ("force", 'f', super::args::Takes::Nothing),
        ("interactive", 'w', super::args::Takes::Optional),
        ("recursive", 'r', super::args::Takes::Nothing),
        ("dir", 'd', super::args::Takes::Nothing),
        ("verbose", 'v', super::args::Takes::Nothing),
        ("preserve-root", 'P', super::args::Takes::Nothing),
        ("one-file-system", 'o', super::args::Takes::Nothing),
    ],
};

const RM_USAGE: &str = "rm [-fiIrdv] [--interactive[=WHEN]] FILE...";

/// When `rm` asks before removing.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Ask {
    Never,
    /// `-I`: once, before removing more than three operands or any recursively.
    Once,
    /// `-i`: before every removal.
    Always,
}

/// `rm [-fiIrdv] FILE…`: `-i` asks before each removal and `-I` once, reading the answer from
/// standard input as GNU does; an answer not starting with `y`, or the end of input, is "no".
/// The last of `-f`, `-i`, `-I` wins.
pub async fn rm(ctx: Ctx<'_>) -> Status {
    let parsed = match super::args::options(&ctx.argv[1..], &RM_SPEC) {
        Ok(parsed) => parsed,
        // GNU's words and status (coreutils exit 1 on a usage error); nothing is removed.
        Err(message) => {
            ctx.err(format!("rm: {message}\nTry 'rm --help' for more information.\nusage: {RM_USAGE}\n")).await;
            return 1;
        }
    };
    let recursive = parsed.has('r') || parsed.has('R');
    let mut force = false;
    let mut ask = Ask::Never;
    for (flag, value) in &parsed.flags {
        match (flag, value.as_str()) {
            ('f', _) => (force, ask) = (true, Ask::Never),
            ('i', _) | ('w', "" | "always" | "yes") => (force, ask) = (false, Ask::Always),
            ('I', _) | ('w', "once") => (force, ask) = (false, Ask::Once),
            ('w', "never" | "no" | "none") => ask = Ask::Never,
            ('w', other) => {
                return ctx.usage(format!("invalid argument '{other}' for '--interactive'"), RM_USAGE).await;
            }
            _ => {}
        }
    }
    let only_dirs = parsed.has('d');
    let operands = parsed.operands;
    if operands.is_empty() && !force {
        return ctx.usage("missing operand", RM_USAGE).await;
    }
    if ask == Ask::Once && (recursive || operands.len() > 3) {
        let count = operands.len();
        let what = format!(
            "remove {count} argument{}{}",
            if count == 1 { "" } else { "s" },
            if recursive { " recursively" } else { "" }
        );
        if !confirm(&ctx, &what).await {
            return 0;
        }
    }
    let mut status = 0;
    for operand in operands {
        let abs = ctx.abs(&operand);
        if matches!(path::file_name(&operand), "." | "..") {
            ctx.complain(format!("refusing to remove '.' or '..' directory: skipping '{operand}'")).await;
            status = 1;
            continue;
        }
        let meta = match ctx.vfs.lstat(&abs) {
            Ok(meta) => meta,
            Err(err) => {
                if !force {
                    ctx.complain(format!("cannot remove '{operand}': {}", describe(&err))).await;
                    status = 1;
                }
                continue;
            }
        };
        if meta.is_dir() && !recursive && !only_dirs {
            ctx.complain(format!("cannot remove '{operand}': Is a directory")).await;
            status = 1;
            continue;
        }
        let removed = if ask == Ask::Always {
            remove_asking(&ctx, operand.clone(), abs, meta).await.map(drop)
        } else if meta.is_dir() && recursive {
            ctx.vfs.remove_tree(&abs).map_err(|err| (operand.clone(), err))
        } else if meta.is_dir() {
            ctx.vfs.remove_dir(&abs).map_err(|err| (operand.clone(), err))
        } else {
            ctx.vfs.remove_file(&abs).map_err(|err| (operand.clone(), err))
        };
        if let Err((shown, err)) = removed {
            ctx.complain(format!("cannot remove '{shown}': {}", describe(&err))).await;
            status = 1;
        }
    }
    status
}

/// Asks `rm: QUESTION? ` on standard error and reads a line of standard input: yes when it
/// starts with `y` or `Y`; the end of input is no.
async fn confirm(ctx: &Ctx<'_>, question: &str) -> bool {
    ctx.err(format!("{}: {question}? ", ctx.name())).await;
    match ctx.stdin().read_until(Some(b'\n'), Some(4096)).await {
        Some((line, _)) => matches!(line.first(), Some(b'y' | b'Y')),
        None => false,
    }
}

/// `rm -i` of one path: a file after a yes; a directory (with `-r`) entry by entry, after a
/// yes to descending into it, and itself after a last yes — unless something inside was kept,
/// as GNU does not ask then. `Ok(true)` when the path is gone; what is kept is not an error.
fn remove_asking<'a>(
    ctx: &'a Ctx<'_>,
    shown: String,
    abs: String,
    meta: Meta,
) -> futures::future::BoxFuture<'a, Result<bool, (String, std::io::Error)>> {
    Box::pin(async move {
        if meta.is_dir() {
            let entries = ctx.vfs.read_dir(&abs).map_err(|err| (shown.clone(), err))?;
            if !entries.is_empty() {
                if !confirm(ctx, &format!("descend into directory '{shown}'")).await {
                    return Ok(false);
                }
                let mut emptied = true;
                for entry in entries {
                    let child_abs = path::join(&abs, &entry.name);
                    let child_shown = path::join(&shown, &entry.name);
                    let child = ctx.vfs.lstat(&child_abs).map_err(|err| (child_shown.clone(), err))?;
                    emptied &= remove_asking(ctx, child_shown, child_abs, child).await?;
                }
                if !emptied {
                    return Ok(false);
                }
            }
            if !confirm(ctx, &format!("remove directory '{shown}'")).await {
                return Ok(false);
            }
            ctx.vfs.remove_dir(&abs).map_err(|err| (shown, err))?;
            return Ok(true);
        }
        if !confirm(ctx, &format!("remove {} '{shown}'", kind_name(&meta))).await {
            return Ok(false);
        }
        ctx.vfs.remove_file(&abs).map_err(|err| (shown, err))?;
        Ok(true)
    })
}

/// `mkdir [-p] dir…`
pub async fn mkdir(ctx: Ctx<'_>) -> Status {
    let (flags, operands) = split_flags(&ctx.argv[1..]);
    let parents = flags.contains(&'p');
    if operands.is_empty() {
        return ctx.usage("missing operand", "mkdir [-p] DIRECTORY...").await;
    }
    let mut status = 0;
    for operand in operands {
        let abs = ctx.abs(&operand);
        let result = if parents {
            let mut current = String::from("/");
            let mut result = Ok(());
            for component in path::components(&abs) {
                current = path::join(&current, component);
                match ctx.vfs.stat(&current) {
                    Ok(meta) if meta.is_dir() => continue,
                    Ok(_) => {
                        result = Err(std::io::Error::new(std::io::ErrorKind::AlreadyExists, "File exists"));
                        break;
                    }
                    Err(_) => {
                        if let Err(err) = ctx.vfs.mkdir(&current) {
                            result = Err(err);
                            break;
                        }
                    }
                }
            }
            result
        } else {
            ctx.vfs.mkdir(&abs)
        };
        if let Err(err) = result {
            ctx.complain(format!("cannot create directory '{operand}': {}", describe(&err))).await;
            status = 1;
        }
    }
    status
}

/// `rmdir dir…`
pub async fn rmdir(ctx: Ctx<'_>) -> Status {
    let (_, operands) = split_flags(&ctx.argv[1..]);
    if operands.is_empty() {
        return ctx.usage("missing operand", "rmdir DIRECTORY...").await;
    }
    let mut status = 0;
    for operand in operands {
        if let Err(err) = ctx.vfs.remove_dir(&ctx.abs(&operand)) {
            ctx.complain(format!("failed to remove '{operand}': {}", describe(&err))).await;
            status = 1;
        }
    }
    status
}

/// `touch [-c] file…`
pub async fn touch(ctx: Ctx<'_>) -> Status {
    let (flags, operands) = split_flags(&ctx.argv[1..]);
    if operands.is_empty() {
        return ctx.usage("missing file operand", "touch [-c] FILE...").await;
    }
    let mut status = 0;
    for operand in operands {
        let abs = ctx.abs(&operand);
        let result = if ctx.vfs.stat(&abs).is_ok() {
            ctx.vfs.set_mtime(&abs, SystemTime::now())
        } else if flags.contains(&'c') {
            Ok(())
        } else {
            ctx.vfs.write(&abs, b"", WriteMode::Append)
        };
        if let Err(err) = result {
            ctx.complain(format!("cannot touch '{operand}': {}", describe(&err))).await;
            status = 1;
        }
    }
    status
}

/// `ln -s [-f] target [link]`
pub async fn ln(ctx: Ctx<'_>) -> Status {
    let (flags, operands) = split_flags(&ctx.argv[1..]);
    if !flags.contains(&'s') {
        return ctx.fail("hard links are not supported in the workspace; use ln -s").await;
    }
    let (target, link) = match operands.as_slice() {
        [target] => (target.clone(), path::file_name(target).to_string()),
        [target, link] => (target.clone(), link.clone()),
        _ => return ctx.usage("wrong number of operands", "ln -s TARGET [LINK]").await,
    };
    let mut link_abs = ctx.abs(&link);
    if ctx.vfs.stat(&link_abs).is_ok_and(|m| m.is_dir()) && !flags.contains(&'n') {
        link_abs = path::join(&link_abs, path::file_name(&target));
    }
    if flags.contains(&'f') && ctx.vfs.lstat(&link_abs).is_ok() {
        let _ = ctx.vfs.remove_file(&link_abs);
    }
    match ctx.vfs.symlink(&target, &link_abs) {
        Ok(()) => 0,
        Err(err) => ctx.fail(format!("failed to create symbolic link '{link}': {}", describe(&err))).await,
    }
}

/// GNU's name for what is at a path (`stat %F`, `rm -i`'s questions).
fn kind_name(meta: &Meta) -> &'static str {
    match meta.kind {
        FileKind::Dir => "directory",
        FileKind::Symlink => "symbolic link",
        FileKind::Device => "character special file",
        FileKind::File if meta.size == 0 => "regular empty file",
        FileKind::File => "regular file",
    }
}

/// `stat [-c FORMAT] [-L] file…`
pub async fn stat(ctx: Ctx<'_>) -> Status {
    let mut format = None;
    let mut follow = false;
    let mut files = Vec::new();
    let mut idx = 1;
    while idx < ctx.argv.len() {
        let arg = &ctx.argv[idx];
        match arg.as_str() {
            "-c" | "--format" | "--printf" => {
                idx += 1;
                format = ctx.argv.get(idx).cloned();
            }
            "-L" => follow = true,
            _ if arg.starts_with("--format=") => format = Some(arg["--format=".len()..].to_string()),
            _ if arg.starts_with("-c") => format = Some(arg[2..].to_string()),
            _ => files.push(arg.clone()),
        }
        idx += 1;
    }
    if files.is_empty() {
        return ctx.usage("missing operand", "stat [-L] [-c FORMAT] FILE...").await;
    }
    let mut status = 0;
    let mut out = String::new();
    for file in files {
        let abs = ctx.abs(&file);
        let meta = if follow { ctx.vfs.stat(&abs) } else { ctx.vfs.lstat(&abs) };
        let meta = match meta {
            Ok(meta) => meta,
            Err(err) => {
                ctx.complain(format!("cannot stat '{file}': {}", describe(&err))).await;
                status = 1;
                continue;
            }
        };
        let epoch = meta.mtime.duration_since(SystemTime::UNIX_EPOCH).map(|d| d.as_secs()).unwrap_or(0);
        let datetime: chrono::DateTime<chrono::Utc> = meta.mtime.into();
        match &format {
            Some(format) => {
                let mut chars = format.chars();
                while let Some(c) = chars.next() {
                    if c != '%' {
                        out.push(c);
                        continue;
                    }
                    match chars.next() {
                        Some('n') => out.push_str(&file),
                        Some('s') => out.push_str(&meta.size.to_string()),
                        Some('F') => out.push_str(kind_name(&meta)),
                        Some('a') => out.push_str(&format!("{:o}", meta.mode)),
                        Some('A') => out.push_str(&mode_string(&meta)),
                        Some('Y') => out.push_str(&epoch.to_string()),
                        Some('y') => out.push_str(&datetime.format("%Y-%m-%d %H:%M:%S%.9f %z").to_string()),
                        Some('U' | 'G') => out.push_str("user"),
                        Some('u' | 'g') => out.push_str("1000"),
                        Some('h') => out.push('1'),
                        Some('%') => out.push('%'),
                        Some(other) => {
                            out.push('%');
                            out.push(other);
                        }
                        None => out.push('%'),
                    }
                }
                out.push('\n');
            }
            None => {
                out.push_str(&format!(
                    "  File: {file}\n  Size: {}\t{}\nAccess: ({:04o}/{})\nModify: {}\n",
                    meta.size,
                    kind_name(&meta),
                    meta.mode,
                    mode_string(&meta),
                    datetime.format("%Y-%m-%d %H:%M:%S%.9f %z")
                ));
            }
        }
    }
    ctx.out(out).await;
    status
}

fn disk_usage(
    ctx: &Ctx<'_>,
    abs: &str,
    display: &str,
    all: bool,
    depth: usize,
    max_depth: Option<usize>,
    lines: &mut Vec<(u64, String)>,
) -> u64 {
    let Ok(meta) = ctx.vfs.lstat(abs) else { return 0 };
    let own = meta.size.div_ceil(4096) * 4;
    if meta.kind != FileKind::Dir {
        if all && max_depth.is_none_or(|m| depth <= m) {
            lines.push((own, display.to_string()));
        }
        return own;
    }
    let mut total = 4;
    for entry in ctx.vfs.read_dir(abs).unwrap_or_default() {
        let child_display = if display.ends_with('/') {
            format!("{display}{}", entry.name)
        } else {
            format!("{display}/{}", entry.name)
        };
        total += disk_usage(ctx, &path::join(abs, &entry.name), &child_display, all, depth + 1, max_depth, lines);
    }
    if max_depth.is_none_or(|m| depth <= m) {
        lines.push((total, display.to_string()));
    }
    total
}

/// `du [-sahc] [-d N] [path…]` — sizes in KiB as 4 KiB blocks.
pub async fn du(ctx: Ctx<'_>) -> Status {
    let mut flags = Vec::new();
    let mut operands = Vec::new();
    let mut max_depth = None;
    let mut idx = 1;
    while idx < ctx.argv.len() {
        let arg = &ctx.argv[idx];
        if arg == "-d" || arg == "--max-depth" {
            idx += 1;
            max_depth = ctx.argv.get(idx).and_then(|d| d.parse().ok());
        } else if let Some(depth) = arg.strip_prefix("--max-depth=") {
            max_depth = depth.parse().ok();
        } else if arg.starts_with('-') && arg.len() > 1 {
            flags.extend(arg[1..].chars());
        } else {
            operands.push(arg.clone());
        }
        idx += 1;
    }
    if flags.contains(&'s') {
        max_depth = Some(0);
    }
    if operands.is_empty() {
        operands.push(".".to_string());
    }
    let mut out = String::new();
    let mut grand = 0;
    let mut status = 0;
    for operand in &operands {
        let abs = ctx.abs(operand);
        if ctx.vfs.lstat(&abs).is_err() {
            ctx.complain(format!("cannot access '{operand}': No such file or directory")).await;
            status = 1;
            continue;
        }
        let mut lines = Vec::new();
        grand += disk_usage(&ctx, &abs, operand, flags.contains(&'a'), 0, max_depth, &mut lines);
        for (size, name) in lines {
            let size = if flags.contains(&'h') { human(size * 1024) } else { size.to_string() };
            out.push_str(&format!("{size}\t{name}\n"));
        }
    }
    if flags.contains(&'c') {
        let size = if flags.contains(&'h') { human(grand * 1024) } else { grand.to_string() };
        out.push_str(&format!("{size}\ttotal\n"));
    }
    ctx.out(out).await;
    status
}

/// Applies a symbolic or octal mode to `mode`.
fn apply_mode(spec: &str, mode: u32, is_dir: bool) -> Option<u32> {
    if spec.chars().all(|c| c.is_digit(8)) {
        return u32::from_str_radix(spec, 8).ok();
    }
    let mut mode = mode;
    for clause in spec.split(',') {
        let who_end = clause.find(['+', '-', '=']).unwrap_or(clause.len());
        let who = &clause[..who_end];
        let mut mask = 0;
        for c in who.chars() {
            mask |= match c {
                'u' => 0o700,
                'g' => 0o070,
                'o' => 0o007,
                'a' => 0o777,
                _ => return None,
            };
        }
        if who.is_empty() {
            mask = 0o777;
        }
        let rest = &clause[who_end..];
        let mut chars = rest.chars().peekable();
        while let Some(op) = chars.next() {
            if !matches!(op, '+' | '-' | '=') {
                return None;
            }
            let mut bits = 0;
            while let Some(&c) = chars.peek() {
                if matches!(c, '+' | '-' | '=') {
                    break;
                }
                chars.next();
                bits |= match c {
                    'r' => 0o444,
                    'w' => 0o222,
                    'x' => 0o111,
                    'X' if is_dir || mode & 0o111 != 0 => 0o111,
                    'X' => 0,
                    _ => return None,
                };
            }
            let bits = bits & mask;
            mode = match op {
                '+' => mode | bits,
                '-' => mode & !bits,
                _ => (mode & !mask) | bits,
            };
        }
    }
    Some(mode)
}

/// `chmod [-R] MODE file…`
pub async fn chmod(ctx: Ctx<'_>) -> Status {
    let mut recursive = false;
    let mut rest = Vec::new();
    for arg in &ctx.argv[1..] {
        if arg == "-R" {
            recursive = true;
        } else {
            rest.push(arg.clone());
        }
    }
    if rest.len() < 2 {
        return ctx.usage("missing operand", "chmod [-R] MODE FILE...").await;
    }
    let spec = rest.remove(0);
    let mut status = 0;
    let mut pending: Vec<(String, String)> = rest.iter().map(|f| (f.clone(), ctx.abs(f))).collect();
    while let Some((display, abs)) = pending.pop() {
        let meta = match ctx.vfs.stat(&abs) {
            Ok(meta) => meta,
            Err(err) => {
                ctx.complain(format!("cannot access '{display}': {}", describe(&err))).await;
                status = 1;
                continue;
            }
        };
        let Some(mode) = apply_mode(&spec, meta.mode, meta.is_dir()) else {
            return ctx.fail(format!("invalid mode: '{spec}'")).await;
        };
        if let Err(err) = ctx.vfs.set_mode(&abs, mode) {
            ctx.complain(format!("changing permissions of '{display}': {}", describe(&err))).await;
            status = 1;
        }
        if recursive && meta.is_dir() {
            for entry in ctx.vfs.read_dir(&abs).unwrap_or_default() {
                pending.push((format!("{display}/{}", entry.name), path::join(&abs, &entry.name)));
            }
        }
    }
    status
}

/// `basename NAME [SUFFIX]`, `basename -a [-s SUFFIX] NAME…`
pub async fn basename(ctx: Ctx<'_>) -> Status {
    let mut multiple = false;
    let mut suffix = None;
    let mut names = Vec::new();
    let mut idx = 1;
    while idx < ctx.argv.len() {
        match ctx.argv[idx].as_str() {
            "-a" => multiple = true,
            "-s" => {
                idx += 1;
                suffix = ctx.argv.get(idx).cloned();
                multiple = true;
            }
            "--" => {}
            other => names.push(other.to_string()),
        }
        idx += 1;
    }
    if names.is_empty() {
        return ctx.usage("missing operand", "basename NAME [SUFFIX]").await;
    }
    if !multiple && names.len() == 2 {
        suffix = names.pop();
    }
    let mut out = String::new();
    for name in names {
        let trimmed = name.trim_end_matches('/');
        let mut base = if trimmed.is_empty() && name.starts_with('/') {
            "/".to_string()
        } else {
            trimmed.rsplit('/').next().unwrap_or(trimmed).to_string()
        };
        if let Some(suffix) = &suffix
            && base.len() > suffix.len()
            && base.ends_with(suffix.as_str())
        {
            base.truncate(base.len() - suffix.len());
        }
        out.push_str(&base);
        out.push('\n');
    }
    if ctx.out(out).await { 0 } else { 1 }
}

/// `dirname NAME…`
pub async fn dirname(ctx: Ctx<'_>) -> Status {
    if ctx.argv.len() < 2 {
        return ctx.usage("missing operand", "dirname NAME...").await;
    }
    let mut out = String::new();
    for name in &ctx.argv[1..] {
        let trimmed = name.trim_end_matches('/');
        let dir = match trimmed.rfind('/') {
            None if name.starts_with('/') => "/",
            None => ".",
            Some(idx) => {
                let dir = trimmed[..idx].trim_end_matches('/');
                if dir.is_empty() { "/" } else { dir }
            }
        };
        out.push_str(dir);
        out.push('\n');
    }
    if ctx.out(out).await { 0 } else { 1 }
}

/// `realpath [-e|-m] path…`
pub async fn realpath(ctx: Ctx<'_>) -> Status {
    let (flags, operands) = split_flags(&ctx.argv[1..]);
    let mut out = String::new();
    let mut status = 0;
    for operand in operands {
        let abs = ctx.abs(&operand);
        match ctx.vfs.resolve(&abs, true) {
            Ok(resolved)
                if flags.contains(&'m')
                    || ctx.vfs.exists(&resolved)
                    || (!flags.contains(&'e') && ctx.vfs.exists(path::parent(&resolved))) =>
            {
                out.push_str(&resolved);
                out.push('\n');
            }
            Ok(_) => {
                ctx.complain(format!("{operand}: No such file or directory")).await;
                status = 1;
            }
            Err(err) => {
                ctx.complain(format!("{operand}: {}", describe(&err))).await;
                status = 1;
            }
        }
    }
    ctx.out(out).await;
    status
}

/// `readlink [-f|-e|-m] path…`
pub async fn readlink(ctx: Ctx<'_>) -> Status {
    let (flags, operands) = split_flags(&ctx.argv[1..]);
    let canonical = flags.iter().any(|f| matches!(f, 'f' | 'e' | 'm'));
    let mut out = String::new();
    let mut status = 0;
    for operand in operands {
        let abs = ctx.abs(&operand);
        let result = if canonical {
            ctx.vfs.resolve(&abs, true).and_then(|resolved| {
                if flags.contains(&'e') && !ctx.vfs.exists(&resolved) {
                    Err(std::io::Error::from(std::io::ErrorKind::NotFound))
                } else {
                    Ok(resolved)
                }
            })
        } else {
            ctx.vfs.read_link(&abs)
        };
        match result {
            Ok(text) => {
                out.push_str(&text);
                out.push('\n');
            }
            Err(_) => status = 1,
        }
    }
    ctx.out(out).await;
    status
}

/// `mktemp [-d] [-p DIR] [-t] [TEMPLATE]`
pub async fn mktemp(mut ctx: Ctx<'_>) -> Status {
    let (flags, operands) = split_flags(&ctx.argv[1..]);
    let dir_mode = flags.contains(&'d');
    let template = operands.first().cloned().unwrap_or_else(|| "tmp.XXXXXXXXXX".to_string());
    let x_count = template.chars().rev().take_while(|&c| c == 'X').count();
    if x_count < 3 {
        return ctx.fail(format!("too few X's in template '{template}'")).await;
    }
    let base_dir = if template.contains('/') && !flags.contains(&'t') {
        String::new()
    } else {
        ctx.state.vars.get_str("TMPDIR").unwrap_or("/tmp").to_string()
    };
    const ALPHABET: &[u8] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    for _ in 0..100 {
        let mut name = template[..template.len() - x_count].to_string();
        for _ in 0..x_count {
            let pick = ctx.state.next_random() as usize % ALPHABET.len();
            name.push(ALPHABET[pick] as char);
        }
        let full = if base_dir.is_empty() { name.clone() } else { path::join(&base_dir, &name) };
        let abs = ctx.abs(&full);
        if ctx.vfs.lstat(&abs).is_ok() {
            continue;
        }
        let result = if dir_mode { ctx.vfs.mkdir(&abs) } else { ctx.vfs.write(&abs, b"", WriteMode::CreateNew) };
        return match result {
            Ok(()) => {
                if !dir_mode {
                    let _ = ctx.vfs.set_mode(&abs, 0o600);
                } else {
                    let _ = ctx.vfs.set_mode(&abs, 0o700);
                }
                let line = format!("{full}\n");
                ctx.state.last_status = 0;
                if ctx.out(line).await { 0 } else { 1 }
            }
            Err(err) => ctx.fail(format!("failed to create '{full}': {}", describe(&err))).await,
        };
    }
    let _ = &mut ctx;
    ctx.fail("could not find an unused name").await
}
