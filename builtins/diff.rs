//! `diff`: line differences between files or directory trees, in GNU diff's normal (default) and
//! unified (`-u`, `-U N`) formats, with `-q`, `-r`, `-N`, and statuses 0 same, 1 different,
//! 2 trouble. The Myers algorithm comes from the `similar` crate.

use super::Ctx;
use crate::interp::Status;
use crate::vfs::{describe, path};
use similar::{Algorithm, DiffOp, DiffTag, capture_diff_slices, group_diff_ops};

struct Options {
    unified: Option<usize>,
    brief: bool,
    recursive: bool,
    new_file: bool,
}

/// A file's lines, and whether its last line lacked a newline.
struct Text {
    lines: Vec<String>,
    no_final_newline: bool,
}

fn split(data: &[u8]) -> Text {
    let text = String::from_utf8_lossy(data).into_owned();
    let no_final_newline = !text.is_empty() && !text.ends_with('\n');
    Text { lines: text.lines().map(str::to_string).collect(), no_final_newline }
}

/// `a`, or `a,b` for a range of 1-based lines `start..end`.
fn range(start: usize, end: usize) -> String {
    if end <= start + 1 { format!("{}", start + 1) } else { format!("{},{}", start + 1, end) }
}

fn push_line(out: &mut String, prefix: &str, text: &Text, idx: usize) {
    out.push_str(prefix);
    out.push_str(&text.lines[idx]);
    out.push('\n');
    if text.no_final_newline && idx + 1 == text.lines.len() {
        out.push_str("\\ No newline at end of file\n");
    }
}

fn normal(old: &Text, new: &Text, ops: &[DiffOp]) -> String {
    let mut out = String::new();
    for op in ops {
        let (tag, a, b) = op.as_tag_tuple();
        match tag {
            DiffTag::Equal => {}
            DiffTag::Delete => {
                out.push_str(&format!("{}d{}\n", range(a.start, a.end), b.start));
                for idx in a {
                    push_line(&mut out, "< ", old, idx);
                }
            }
            DiffTag::Insert => {
                out.push_str(&format!("{}a{}\n", a.start, range(b.start, b.end)));
                for idx in b {
                    push_line(&mut out, "> ", new, idx);
                }
            }
            DiffTag::Replace => {
                out.push_str(&format!("{}c{}\n", range(a.start, a.end), range(b.start, b.end)));
                for idx in a {
                    push_line(&mut out, "< ", old, idx);
                }
                out.push_str("---\n");
                for idx in b {
                    push_line(&mut out, "> ", new, idx);
                }
            }
        }
    }
    out
}

/// A unified hunk range: `start,len`, `start` alone for one line, `start-1,0` when empty.
fn hunk_range(start: usize, len: usize) -> String {
    match len {
        0 => format!("{start},0"),
        1 => format!("{}", start + 1),
        _ => format!("{},{len}", start + 1),
    }
}

fn unified(old: &Text, new: &Text, ops: Vec<DiffOp>, context: usize) -> String {
    let mut out = String::new();
    for group in group_diff_ops(ops, context) {
        let (Some(first), Some(last)) = (group.first(), group.last()) else { continue };
        let old_start = first.old_range().start;
        let new_start = first.new_range().start;
        let old_len = last.old_range().end - old_start;
        let new_len = last.new_range().end - new_start;
        out.push_str(&format!("@@ -{} +{} @@\n", hunk_range(old_start, old_len), hunk_range(new_start, new_len)));
        for op in &group {
            let (tag, a, b) = op.as_tag_tuple();
            match tag {
                DiffTag::Equal => {
                    for idx in a {
                        push_line(&mut out, " ", old, idx);
                    }
                }
                _ => {
                    for idx in a {
                        push_line(&mut out, "-", old, idx);
                    }
                    for idx in b {
                        push_line(&mut out, "+", new, idx);
                    }
                }
            }
        }
    }
    out
}

fn timestamp(ctx: &Ctx<'_>, abs: &str) -> String {
    let mtime = ctx.vfs.stat(abs).map(|m| m.mtime).unwrap_or(std::time::SystemTime::UNIX_EPOCH);
    let datetime: chrono::DateTime<chrono::Utc> = mtime.into();
    datetime.format("%Y-%m-%d %H:%M:%S%.9f %z").to_string()
}

/// Compares two files; returns the status and appends the report to `out`.
async fn diff_files(ctx: &Ctx<'_>, o: &Options, left: &str, right: &str, out: &mut String) -> Status {
    let (left_abs, right_abs) = (ctx.abs(left), ctx.abs(right));
    let read = |name: &str, abs: &str| -> Result<Vec<u8>, String> {
        match ctx.vfs.read(abs) {
            Ok(data) => Ok(data),
            Err(_) if o.new_file && !ctx.vfs.exists(abs) => Ok(Vec::new()),
            Err(err) => Err(format!("diff: {name}: {}\n", describe(&err))),
        }
    };
    let (old_data, new_data) = match (read(left, &left_abs), read(right, &right_abs)) {
        (Ok(a), Ok(b)) => (a, b),
        (Err(message), _) | (_, Err(message)) => {
            ctx.err(message).await;
            return 2;
        }
    };
    if old_data == new_data {
        return 0;
    }
    if o.brief {
        out.push_str(&format!("Files {left} and {right} differ\n"));
        return 1;
    }
    let (old, new) = (split(&old_data), split(&new_data));
    let ops = capture_diff_slices(Algorithm::Myers, &old.lines, &new.lines);
    match o.unified {
        Some(context) => {
            out.push_str(&format!("--- {left}\t{}\n", timestamp(ctx, &left_abs)));
            out.push_str(&format!("+++ {right}\t{}\n", timestamp(ctx, &right_abs)));
            out.push_str(&unified(&old, &new, ops, context));
        }
        None => out.push_str(&normal(&old, &new, &ops)),
    }
    1
}

/// Compares two directories recursively in name order.
async fn diff_dirs(ctx: &Ctx<'_>, o: &Options, left: &str, right: &str, out: &mut String) -> Status {
    let names = |dir: &str| -> Vec<String> {
        ctx.vfs.read_dir(&ctx.abs(dir)).map(|entries| entries.into_iter().map(|e| e.name).collect()).unwrap_or_default()
    };
    let (a, b) = (names(left), names(right));
    let mut all: Vec<String> = a.iter().chain(b.iter()).cloned().collect();
    all.sort();
    all.dedup();
    let mut status = 0;
    for name in all {
        let (l, r) = (path::join(left, &name), path::join(right, &name));
        let (in_left, in_right) = (a.contains(&name), b.contains(&name));
        if !(o.new_file || in_left && in_right) {
            let dir = if in_left { left } else { right };
            out.push_str(&format!("Only in {dir}: {name}\n"));
            status = status.max(1);
            continue;
        }
        let l_dir = ctx.vfs.stat(&ctx.abs(&l)).is_ok_and(|m| m.is_dir());
        let r_dir = ctx.vfs.stat(&ctx.abs(&r)).is_ok_and(|m| m.is_dir());
        let result = if l_dir && r_dir {
            Box::pin(diff_dirs(ctx, o, &l, &r, out)).await
        } else if l_dir != r_dir && in_left && in_right {
            out.push_str(&format!(
                "File {} is a {} while file {} is a {}\n",
                l,
                if l_dir { "directory" } else { "regular file" },
                r,
                if r_dir { "directory" } else { "regular file" }
            ));
            1
        } else {
            let mut report = String::new();
            let status = diff_files(ctx, o, &l, &r, &mut report).await;
            if status == 1 && !o.brief {
                let flags = match o.unified {
                    Some(3) => " -u".to_string(),
                    Some(n) => format!(" -U {n}"),
                    None => String::new(),
                };
                out.push_str(&format!("diff -r{flags} {l} {r}\n"));
            }
            out.push_str(&report);
            status
        };
        status = status.max(result);
    }
    status
}

/// `diff [-u|-U N] [-q] [-r] [-N] left right`
pub async fn diff(ctx: Ctx<'_>) -> Status {
    const USAGE: &str = "diff [-u|-U N] [-q] [-r] [-N] FILE1 FILE2";
    let mut o = Options { unified: None, brief: false, recursive: false, new_file: false };
    let mut files = Vec::new();
    let mut idx = 1;
    while idx < ctx.argv.len() {
        let arg = ctx.argv[idx].clone();
        idx += 1;
        match arg.as_str() {
            "-u" | "--unified" => o.unified = Some(3),
            "-q" | "--brief" => o.brief = true,
            "-r" | "--recursive" => o.recursive = true,
            "-N" | "--new-file" => o.new_file = true,
            "-U" => {
                let value = ctx.argv.get(idx).cloned().unwrap_or_default();
                idx += 1;
                match value.parse() {
                    Ok(n) => o.unified = Some(n),
                    Err(_) => return ctx.usage(format!("invalid context length '{value}'"), USAGE).await,
                }
            }
            _ if arg.starts_with("-U") => match arg[2..].parse() {
                Ok(n) => o.unified = Some(n),
                Err(_) => return ctx.usage(format!("invalid context length '{}'", &arg[2..]), USAGE).await,
            },
            _ if arg.starts_with('-') && arg.len() > 1 && arg[1..].chars().all(|c| "uqrN".contains(c)) => {
                for c in arg[1..].chars() {
                    match c {
                        'u' => o.unified = Some(3),
                        'q' => o.brief = true,
                        'r' => o.recursive = true,
                        _ => o.new_file = true,
                    }
                }
            }
            _ if arg.starts_with('-') && arg.len() > 1 => {
                return ctx.usage(format!("unrecognized option '{arg}'"), USAGE).await;
            }
            _ => files.push(arg),
        }
    }
    let [left, right] = files.as_slice() else {
        return ctx.usage("expected two operands", USAGE).await;
    };
    let left_dir = ctx.vfs.stat(&ctx.abs(left)).is_ok_and(|m| m.is_dir());
    let right_dir = ctx.vfs.stat(&ctx.abs(right)).is_ok_and(|m| m.is_dir());
    let mut out = String::new();
    let status = match (left_dir, right_dir) {
        (true, true) if o.recursive => diff_dirs(&ctx, &o, left, right, &mut out).await,
        (true, true) => {
            // Without -r only files present on both sides are compared.
            let entries = ctx.vfs.read_dir(&ctx.abs(left)).unwrap_or_default();
            let mut status = 0;
            for entry in entries {
                let r = path::join(right, &entry.name);
                if ctx.vfs.exists(&ctx.abs(&r)) && entry.kind != crate::vfs::FileKind::Dir {
                    let l = path::join(left, &entry.name);
                    let mut report = String::new();
                    let result = diff_files(&ctx, &o, &l, &r, &mut report).await;
                    if result == 1 && !o.brief {
                        out.push_str(&format!("diff {l} {r}\n"));
                    }
                    out.push_str(&report);
                    status = status.max(result);
                }
            }
            status
        }
        (true, false) => diff_files(&ctx, &o, &path::join(left, path::file_name(right)), right, &mut out).await,
        (false, true) => diff_files(&ctx, &o, left, &path::join(right, path::file_name(left)), &mut out).await,
        (false, false) => diff_files(&ctx, &o, left, right, &mut out).await,
    };
    if !ctx.out(out).await {
        return 2;
    }
    status
}
