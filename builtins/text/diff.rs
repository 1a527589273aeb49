//! `diff`: line differences between files (`-` is standard input) or directory trees, in GNU
//! diff's normal (default), unified (`-u`, `-U N`), context (`-c`, `-C N`), ed script (`-e`),
//! RCS (`-n`) and side-by-side (`-y`, `-W`, `--suppress-common-lines`) formats, with `-q -s -r -N -x`, the comparisons `-i -b -w -Z -B`, binary files reported as GNU does, and statuses 0 same, 1 different,
//! 2 trouble. The Myers algorithm comes from the `similar` crate.

use crate::Ctx;
use crate::pattern::Pattern;
use crate::session::Status;
use crate::spec::{Args, Opt, Spec, Words};
use crate::vfs::{FileKind, Meta, describe, path};
use similar::{Algorithm, DiffOp, DiffTag, capture_diff_slices, group_diff_ops};

/// How the differences are written (`-y` aside).
#[derive(Default, Clone, Copy, PartialEq, Eq)]
enum Format {
    #[default]
    Normal,
    /// `-u`, `-U N`: that many lines of context.
    Unified(usize),
    /// `-c`, `-C N`.
    Context(usize),
    /// `-e`: an ed script that makes the first file the second.
    Ed,
    /// `-n`: RCS's form of the same.
    Rcs,
}

#[derive(Default)]
struct Options {
    format: Format,
    brief: bool,
    recursive: bool,
    new_file: bool,
    ignore_case: bool,
    ignore_all_space: bool,
    ignore_space_change: bool,
    ignore_trailing_space: bool,
    report_identical: bool,
    text: bool,
    /// `--label`: the names unified headers show instead of the files'.
    labels: Vec<String>,
    /// `-x`: names a tree comparison skips.
    exclude: Vec<Pattern>,
    /// The options as typed: GNU repeats them in the `diff …` line before each pair of a tree.
    switches: String,
    /// `-B`: changes whose lines are all blank are no changes.
    ignore_blank_lines: bool,
    /// `-y`: the two files side by side, in `width` columns (`-W`).
    side_by_side: bool,
    width: usize,
    /// `--suppress-common-lines` (with `-y`).
    suppress_common: bool,
    /// `--strip-trailing-cr`.
    strip_cr: bool,
}

impl Options {
    /// Whether lines are compared other than byte for byte.
    fn loose(&self) -> bool {
        self.ignore_case || self.ignore_all_space || self.ignore_space_change || self.ignore_trailing_space
    }

    /// A line as `-i`, `-w` and `-b` compare it.
    fn key(&self, line: &str) -> String {
        let mut key = if self.ignore_all_space {
            line.chars().filter(|c| !c.is_whitespace()).collect()
        } else if self.ignore_space_change {
            let mut out = String::with_capacity(line.len());
            for word in line.split_whitespace() {
                if !out.is_empty() || line.starts_with(char::is_whitespace) {
                    out.push(' ');
                }
                out.push_str(word);
            }
            out
        } else if self.ignore_trailing_space {
            line.trim_end().to_string()
        } else {
            line.to_string()
        };
        if self.ignore_case {
            key = key.to_lowercase();
        }
        key
    }
}

/// A file's lines, and whether its last line lacked a newline.
struct Text {
    lines: Vec<String>,
    no_final_newline: bool,
}

/// A file's lines: split at `\n` only, so a carriage return stays part of its line as GNU
/// keeps it (`str::lines` would drop it), unless `strip_cr` (`--strip-trailing-cr`).
fn split(data: &[u8], strip_cr: bool) -> Text {
    let text = toolsh_bytes::decode(data).into_owned();
    let no_final_newline = !text.is_empty() && !text.ends_with('\n');
    let body = text.strip_suffix('\n').unwrap_or(&text);
    let lines = if text.is_empty() { Vec::new() } else { body.split('\n').collect() };
    let lines = lines
        .into_iter()
        .map(|line| if strip_cr { line.strip_suffix('\r').unwrap_or(line) } else { line }.to_string())
        .collect();
    Text { lines, no_final_newline }
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

/// A context hunk's range: `first,last` (1-based, inclusive), the line itself for one, the
/// line before for none (GNU's `print_context_number_range`).
fn context_range(start: usize, end: usize) -> String {
    if end <= start + 1 { format!("{end}") } else { format!("{},{end}", start + 1) }
}

/// `-c`: each hunk's old lines, then its new ones, each side shown only when it changed;
/// `!` marks a changed line, `-` a deleted one, `+` an added one.
fn context(old: &Text, new: &Text, ops: Vec<DiffOp>, lines: usize) -> String {
    let mut out = String::new();
    for group in group_diff_ops(ops, lines) {
        let (Some(first), Some(last)) = (group.first(), group.last()) else { continue };
        let (old_start, new_start) = (first.old_range().start, first.new_range().start);
        let (old_end, new_end) = (last.old_range().end, last.new_range().end);
        out.push_str("***************\n");
        out.push_str(&format!("*** {} ****\n", context_range(old_start, old_end)));
        let side = |out: &mut String, text: &Text, old_side: bool| {
            for op in &group {
                let (tag, a, b) = op.as_tag_tuple();
                let (range, mark) = match (tag, old_side) {
                    (DiffTag::Equal, _) => (if old_side { a } else { b }, "  "),
                    (DiffTag::Delete, true) => (a, "- "),
                    (DiffTag::Insert, false) => (b, "+ "),
                    (DiffTag::Replace, true) => (a, "! "),
                    (DiffTag::Replace, false) => (b, "! "),
                    _ => continue,
                };
                for idx in range {
                    push_line(out, mark, text, idx);
                }
            }
        };
        if group.iter().any(|op| matches!(op.tag(), DiffTag::Delete | DiffTag::Replace)) {
            side(&mut out, old, true);
        }
        out.push_str(&format!("--- {} ----\n", context_range(new_start, new_end)));
        if group.iter().any(|op| matches!(op.tag(), DiffTag::Insert | DiffTag::Replace)) {
            side(&mut out, new, false);
        }
    }
    out
}

/// `-e`: ed commands from the last change to the first (so each applies to lines the ones
/// before it have not moved). A new line that is only `.` would end ed's input: as GNU, it
/// is written `..` and fixed with `s/.//`.
fn ed(new: &Text, ops: &[DiffOp]) -> String {
    let mut out = String::new();
    for op in ops.iter().rev() {
        let (tag, a, b) = op.as_tag_tuple();
        match tag {
            DiffTag::Equal => continue,
            DiffTag::Delete => {
                out.push_str(&format!("{}d\n", range(a.start, a.end)));
                continue;
            }
            DiffTag::Insert => out.push_str(&format!("{}a\n", a.start)),
            DiffTag::Replace => out.push_str(&format!("{}c\n", range(a.start, a.end))),
        }
        let mut inserting = true;
        for idx in b {
            if !inserting {
                out.push_str("a\n");
                inserting = true;
            }
            if new.lines[idx] == "." {
                out.push_str("..\n.\ns/.//\n");
                inserting = false;
            } else {
                out.push_str(&new.lines[idx]);
                out.push('\n');
            }
        }
        if inserting {
            out.push_str(".\n");
        }
    }
    out
}

/// `-n`: RCS's commands, first to last, numbered as the old file is: `dLINE COUNT` deletes,
/// `aLINE COUNT` adds the lines that follow after that line.
fn rcs(new: &Text, ops: &[DiffOp]) -> String {
    let mut out = String::new();
    for op in ops {
        let (tag, a, b) = op.as_tag_tuple();
        if matches!(tag, DiffTag::Delete | DiffTag::Replace) {
            out.push_str(&format!("d{} {}\n", a.start + 1, a.len()));
        }
        if matches!(tag, DiffTag::Insert | DiffTag::Replace) {
            out.push_str(&format!("a{} {}\n", a.end, b.len()));
            for idx in b {
                out.push_str(&new.lines[idx]);
                if !(new.no_final_newline && idx + 1 == new.lines.len()) {
                    out.push('\n');
                }
            }
        }
    }
    out
}

fn timestamp(ctx: &Ctx<'_>, abs: &str) -> String {
    let mtime = ctx.vfs.stat(abs).map(|m| m.mtime).unwrap_or(std::time::SystemTime::UNIX_EPOCH);
    format_time(ctx, mtime)
}

/// A header's time, in the command's `TZ`.
fn format_time(ctx: &Ctx<'_>, time: std::time::SystemTime) -> String {
    let (local, _) = crate::text::zone::Zone::of(ctx.state()).local(time.into());
    local.format("%Y-%m-%d %H:%M:%S%.9f %z").to_string()
}

/// Compares two files; returns the status and appends the report to `out`.
async fn diff_files(ctx: &Ctx<'_>, o: &Options, left: &str, right: &str, out: &mut String) -> Status {
    let (left_abs, right_abs) = (ctx.abs(left), ctx.abs(right));
    let read = async |name: &str, abs: &str| -> Result<Vec<u8>, String> {
        if name == "-" {
            return ctx.read_stdin().await.map_err(|err| format!("diff: -: {}\n", describe(&err)));
        }
        match ctx.vfs.read(abs) {
            Ok(data) => Ok(data),
            Err(_) if o.new_file && !ctx.vfs.exists(abs) => Ok(Vec::new()),
            Err(err) => Err(format!("diff: {name}: {}\n", describe(&err))),
        }
    };
    let (old_data, new_data) = match (read(left, &left_abs).await, read(right, &right_abs).await) {
        (Ok(a), Ok(b)) => (a, b),
        (Err(message), _) | (_, Err(message)) => {
            ctx.err(message).await;
            return 2;
        }
    };
    let identical = |out: &mut String| {
        if o.report_identical {
            out.push_str(&format!("Files {left} and {right} are identical\n"));
        }
        0
    };
    // Side by side shows the lines even of files that are the same, as GNU does.
    if old_data == new_data && (o.brief || !o.side_by_side) {
        return identical(out);
    }
    // As GNU: a NUL in the first 32 KiB makes a file binary, compared only as a whole.
    let binary = |data: &[u8]| memchr::memchr(0, &data[..data.len().min(32 * 1024)]).is_some();
    if !o.text && (binary(&old_data) || binary(&new_data)) {
        out.push_str(&format!("Binary files {left} and {right} differ\n"));
        return 1;
    }
    if o.brief && !o.loose() {
        out.push_str(&format!("Files {left} and {right} differ\n"));
        return 1;
    }
    let (old, new) = (split(&old_data, o.strip_cr), split(&new_data, o.strip_cr));
    let ops = if o.loose() {
        let keys = |text: &Text| text.lines.iter().map(|line| o.key(line)).collect::<Vec<_>>();
        capture_diff_slices(Algorithm::Myers, &keys(&old), &keys(&new))
    } else if old.no_final_newline || new.no_final_newline {
        // As GNU: a last line without its newline is not the same line with one.
        let keys = |text: &Text| {
            let mut keys: Vec<&str> = text.lines.iter().map(String::as_str).collect();
            if text.no_final_newline {
                keys.pop();
            }
            let mut keys: Vec<String> = keys.into_iter().map(str::to_string).collect();
            if let Some(last) = text.lines.last().filter(|_| text.no_final_newline) {
                keys.push(format!("{last}\n"));
            }
            keys
        };
        capture_diff_slices(Algorithm::Myers, &keys(&old), &keys(&new))
    } else {
        capture_diff_slices(Algorithm::Myers, &old.lines, &new.lines)
    };
    // `-B`: a change of blank lines only (inserted, deleted or replaced) is not one.
    let ops: Vec<DiffOp> = if o.ignore_blank_lines {
        let blank = |text: &Text, range: std::ops::Range<usize>| range.into_iter().all(|i| text.lines[i].is_empty());
        ops.into_iter()
            .filter(|op| op.tag() == DiffTag::Equal || !(blank(&old, op.old_range()) && blank(&new, op.new_range())))
            .collect()
    } else {
        ops
    };
    if ops.iter().all(|op| op.tag() == DiffTag::Equal) {
        if o.side_by_side && !o.brief {
            out.push_str(&side_by_side(&old, &new, &ops, o.width, o.suppress_common));
        }
        return identical(out);
    }
    if o.brief {
        out.push_str(&format!("Files {left} and {right} differ\n"));
        return 1;
    }
    let header = |label: Option<&String>, name: &str, abs: &str| match label {
        Some(label) => label.clone(),
        // Standard input's time is now.
        None if name == "-" => format!("-\t{}", format_time(ctx, std::time::SystemTime::now())),
        None => format!("{name}\t{}", timestamp(ctx, abs)),
    };
    match o.format {
        Format::Unified(lines) => {
            out.push_str(&format!("--- {}\n", header(o.labels.first(), left, &left_abs)));
            out.push_str(&format!("+++ {}\n", header(o.labels.get(1), right, &right_abs)));
            out.push_str(&unified(&old, &new, ops, lines));
        }
        Format::Context(lines) => {
            out.push_str(&format!("*** {}\n", header(o.labels.first(), left, &left_abs)));
            out.push_str(&format!("--- {}\n", header(o.labels.get(1), right, &right_abs)));
            out.push_str(&context(&old, &new, ops, lines));
        }
        Format::Ed => out.push_str(&ed(&new, &ops)),
        Format::Rcs => out.push_str(&rcs(&new, &ops)),
        Format::Normal if o.side_by_side => {
            out.push_str(&side_by_side(&old, &new, &ops, o.width, o.suppress_common));
        }
        Format::Normal => out.push_str(&normal(&old, &new, &ops)),
    }
    1
}

/// GNU's gutter: at least this many columns between the halves of `-y`.
const GUTTER: usize = 3;
const TAB: usize = 8;

/// `-y`: each line of the old file beside its counterpart in the new one, as GNU diff lays
/// them out in `width` columns: `|` between changed lines, `<` and `>` beside a line only one
/// side has, nothing between equal ones (which `suppress` leaves out).
fn side_by_side(old: &Text, new: &Text, ops: &[DiffOp], width: usize, suppress: bool) -> String {
    let offset = (width + TAB + GUTTER) / (2 * TAB) * TAB;
    let half = offset.saturating_sub(GUTTER).min(width.saturating_sub(offset));
    let column2 = if half > 0 { offset } else { width };
    let middle = (half + column2).saturating_sub(1) / 2;
    let mut out = String::new();
    let mut line = |left: Option<&str>, sep: char, right: Option<&str>| {
        let mut col = left.map_or(0, |text| half_line(&mut out, text, half));
        if sep != ' ' {
            col = tab_to(&mut out, col, middle);
            out.push(sep);
        }
        if let Some(text) = right.filter(|t| !t.is_empty()) {
            col = tab_to(&mut out, col, column2);
            half_line(&mut out, text, half);
        }
        let _ = col;
        out.push('\n');
    };
    // Equal and changed runs come in the order of the files; a gap between the ops that `-B`
    // dropped is shown as equal lines would be.
    let (mut a, mut b) = (0, 0);
    for op in ops {
        let (tag, olds, news) = op.as_tag_tuple();
        while a < olds.start && b < news.start {
            if !suppress {
                line(Some(&old.lines[a]), ' ', Some(&new.lines[b]));
            }
            a += 1;
            b += 1;
        }
        while a < olds.start {
            line(Some(&old.lines[a]), '<', None);
            a += 1;
        }
        while b < news.start {
            line(None, '>', Some(&new.lines[b]));
            b += 1;
        }
        match tag {
            DiffTag::Equal => {
                for (i, j) in olds.clone().zip(news.clone()) {
                    if !suppress {
                        line(Some(&old.lines[i]), ' ', Some(&new.lines[j]));
                    }
                }
            }
            _ => {
                let (mut i, mut j) = (olds.start, news.start);
                while i < olds.end && j < news.end {
                    line(Some(&old.lines[i]), '|', Some(&new.lines[j]));
                    i += 1;
                    j += 1;
                }
                for i in i..olds.end {
                    line(Some(&old.lines[i]), '<', None);
                }
                for j in j..news.end {
                    line(None, '>', Some(&new.lines[j]));
                }
            }
        }
        a = olds.end;
        b = news.end;
    }
    out
}

/// Writes `text` cut to `limit` columns (a tab reaching the next multiple of 8), returning the
/// columns it took.
fn half_line(out: &mut String, text: &str, limit: usize) -> usize {
    let mut col = 0;
    for c in text.chars() {
        let next = if c == '\t' { (col / TAB + 1) * TAB } else { col + 1 };
        if next > limit {
            break;
        }
        out.push(c);
        col = next;
    }
    col
}

/// Pads from column `from` to `to` with tabs, then spaces, as GNU diff does.
fn tab_to(out: &mut String, mut from: usize, to: usize) -> usize {
    let mut tab = from + TAB - from % TAB;
    while tab <= to {
        out.push('\t');
        from = tab;
        tab += TAB;
    }
    while from < to {
        out.push(' ');
        from += 1;
    }
    to
}

/// Compares two directories in name order, and their subdirectories with `-r`.
async fn diff_dirs(ctx: &Ctx<'_>, o: &Options, left: &str, right: &str, out: &mut String) -> Status {
    let names = |dir: &str| -> Vec<String> {
        ctx.vfs.read_dir(&ctx.abs(dir)).map(|entries| entries.into_iter().map(|e| e.name).collect()).unwrap_or_default()
    };
    let (a, b) = (names(left), names(right));
    let mut all: Vec<String> = a.iter().chain(b.iter()).cloned().collect();
    all.sort();
    all.dedup();
    all.retain(|name| !o.exclude.iter().any(|pattern| pattern.matches(name)));
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
        let (l_meta, r_meta) = (ctx.vfs.stat(&ctx.abs(&l)).ok(), ctx.vfs.stat(&ctx.abs(&r)).ok());
        let l_dir = l_meta.is_some_and(|m| m.is_dir());
        let r_dir = r_meta.is_some_and(|m| m.is_dir());
        // Anything but a regular file or a directory (a FIFO would block the read) is reported
        // by kind, as GNU does, and the walk goes on.
        let plain = |m: &Meta| matches!(m.kind, FileKind::File | FileKind::Dir);
        let result = if l_dir && r_dir && !o.recursive {
            out.push_str(&format!("Common subdirectories: {l} and {r}\n"));
            0
        } else if l_dir && r_dir {
            Box::pin(diff_dirs(ctx, o, &l, &r, out)).await
        } else if let (Some(l_meta), Some(r_meta)) = (l_meta, r_meta)
            && (l_dir != r_dir || !plain(&l_meta) || !plain(&r_meta))
        {
            let (l_kind, r_kind) = (l_meta.kind_name(), r_meta.kind_name());
            out.push_str(&format!("File {l} is a {l_kind} while file {r} is a {r_kind}\n"));
            1
        } else {
            let mut report = String::new();
            let status = diff_files(ctx, o, &l, &r, &mut report).await;
            if status == 1 && !o.brief && !report.starts_with("Binary files ") {
                out.push_str(&format!("diff{} {l} {r}\n", o.switches));
            }
            out.push_str(&report);
            status
        };
        status = status.max(result);
    }
    status
}

const UNIFIED_3: Opt = Opt::short('u', "output 3 lines of unified context");
const UNIFIED: Opt = Opt::short('U', "output NUM lines of unified context").value("NUM");
const UNIFIED_LONG: Opt = Opt::long("unified", "output NUM (default 3) lines of unified context").optional("NUM");
const NORMAL: Opt = Opt::long("normal", "output a normal diff (the default)");
const CONTEXT_3: Opt = Opt::short('c', "output 3 lines of copied context");
const CONTEXT: Opt = Opt::short('C', "output NUM lines of copied context").value("NUM");
const CONTEXT_LONG: Opt = Opt::long("context", "output NUM (default 3) lines of copied context").optional("NUM");
const ED: Opt = Opt::both('e', "ed", "output an ed script");
const RCS: Opt = Opt::both('n', "rcs", "output an RCS format diff");
const BRIEF: Opt = Opt::both('q', "brief", "report only when files differ");
const REPORT_IDENTICAL: Opt = Opt::both('s', "report-identical-files", "report when two files are the same");
const RECURSIVE: Opt = Opt::both('r', "recursive", "recursively compare any subdirectories found");
const NEW_FILE: Opt = Opt::both('N', "new-file", "treat absent files as empty");
const EXCLUDE: Opt = Opt::both('x', "exclude", "exclude files that match PAT").value("PAT");
const IGNORE_CASE: Opt = Opt::both('i', "ignore-case", "ignore case differences in file contents");
const IGNORE_TRAILING_SPACE: Opt = Opt::both('Z', "ignore-trailing-space", "ignore white space at line end");
const IGNORE_SPACE_CHANGE: Opt = Opt::both('b', "ignore-space-change", "ignore changes in the amount of white space");
const IGNORE_ALL_SPACE: Opt = Opt::both('w', "ignore-all-space", "ignore all white space");
const TEXT: Opt = Opt::both('a', "text", "treat all files as text");
const IGNORE_BLANK_LINES: Opt = Opt::both('B', "ignore-blank-lines", "ignore changes where lines are all blank");
const SIDE_BY_SIDE: Opt = Opt::both('y', "side-by-side", "output in two columns");
const WIDTH: Opt = Opt::both('W', "width", "output at most NUM (default 130) print columns").value("NUM");
const SUPPRESS_COMMON: Opt = Opt::long("suppress-common-lines", "do not output common lines (with -y)");
const LABEL: Opt = Opt::long("label", "use LABEL instead of file name and timestamp (can be repeated)").value("LABEL");
const STRIP_CR: Opt = Opt::long("strip-trailing-cr", "strip trailing carriage return on input");
const COLOR: Opt = Opt::long("color", "color output: never here (WHEN: never, auto)").optional("WHEN");

/// `diff`.
pub const DIFF: Spec = Spec {
    name: "diff",
    summary: "compare files line by line",
    synopsis: &["[OPTION]... FILES"],
    about: "Compare FILES line by line. FILES are 'FILE1 FILE2', 'DIR1 DIR2', 'DIR FILE' or 'FILE DIR'; '-' is standard input. Exit status is 0 if inputs are the same, 1 if different, 2 if trouble.",
    options: &[
        NORMAL,
        BRIEF,
        CONTEXT_3,
        CONTEXT,
        CONTEXT_LONG,
        ED,
        RCS,
        REPORT_IDENTICAL,
        UNIFIED_3,
        UNIFIED,
        UNIFIED_LONG,
        RECURSIVE,
        NEW_FILE,
        EXCLUDE,
        IGNORE_CASE,
        IGNORE_TRAILING_SPACE,
        IGNORE_SPACE_CHANGE,
        IGNORE_ALL_SPACE,
        TEXT,
        IGNORE_BLANK_LINES,
        SIDE_BY_SIDE,
        WIDTH,
        SUPPRESS_COMMON,
        LABEL,
        STRIP_CR,
        COLOR,
    ],
    usage_status: 2,
    words: Words::GnuPrefixedHint,
    long_order: &[
        "binary",
        "brief",
        "changed-group-format",
        "color",
        "context",
        "ed",
        "exclude",
        "exclude-from",
        "expand-tabs",
        "forward-ed",
        "from-file",
        "help",
        "horizon-lines",
        "ifdef",
        "ignore-all-space",
        "ignore-blank-lines",
        "ignore-case",
        "ignore-file-name-case",
        "ignore-matching-lines",
        "ignore-space-change",
        "ignore-tab-expansion",
        "ignore-trailing-space",
        "inhibit-hunk-merge",
        "initial-tab",
        "label",
        "left-column",
        "line-format",
        "new-file",
        "new-group-format",
        "new-line-format",
        "no-dereference",
        "no-ignore-file-name-case",
        "normal",
        "old-group-format",
        "old-line-format",
        "paginate",
        "palette",
        "rcs",
        "recursive",
        "report-identical-files",
        "sdiff-merge-assist",
        "show-c-function",
        "show-function-line",
        "side-by-side",
        "speed-large-files",
        "starting-file",
        "strip-trailing-cr",
        "suppress-blank-empty",
        "suppress-common-lines",
        "tabsize",
        "text",
        "to-file",
        "unchanged-group-format",
        "unchanged-line-format",
        "unidirectional-new-file",
        "unified",
    ],
    ..Spec::BASE
};

/// `diff [OPTION]… FILE1 FILE2`.
pub async fn diff(ctx: Ctx<'_>, args: Args) -> Status {
    let mut o = Options { width: 130, ..Options::default() };
    // As GNU: one output style, however often it is asked for.
    let style = |opt: &Opt| match *opt {
        UNIFIED_3 | UNIFIED | UNIFIED_LONG => Some(0),
        CONTEXT_3 | CONTEXT | CONTEXT_LONG => Some(1),
        ED => Some(2),
        RCS => Some(3),
        NORMAL => Some(4),
        SIDE_BY_SIDE => Some(5),
        _ => None,
    };
    let mut styles = args.given().filter_map(|(opt, _)| style(opt));
    if let Some(first) = styles.next()
        && styles.any(|other| other != first)
    {
        return ctx.misuse(&DIFF, "conflicting output style options").await;
    }
    for (opt, value) in args.given() {
        match *opt {
            // As GNU: the most lines of context asked for, whichever option asked.
            UNIFIED_3 | UNIFIED | UNIFIED_LONG | CONTEXT_3 | CONTEXT | CONTEXT_LONG => {
                let lines = match value {
                    "" => 3,
                    text => match text.parse() {
                        Ok(n) => n,
                        Err(_) => return ctx.misuse(&DIFF, format!("invalid context length '{text}'")).await,
                    },
                };
                let lines = match o.format {
                    Format::Unified(before) | Format::Context(before) => lines.max(before),
                    _ => lines,
                };
                let unified = matches!(*opt, UNIFIED_3 | UNIFIED | UNIFIED_LONG);
                o.format = if unified { Format::Unified(lines) } else { Format::Context(lines) };
            }
            ED => o.format = Format::Ed,
            RCS => o.format = Format::Rcs,
            NORMAL => o.format = Format::Normal,
            BRIEF => o.brief = true,
            RECURSIVE => o.recursive = true,
            NEW_FILE => o.new_file = true,
            IGNORE_CASE => o.ignore_case = true,
            IGNORE_ALL_SPACE => o.ignore_all_space = true,
            IGNORE_SPACE_CHANGE => o.ignore_space_change = true,
            IGNORE_TRAILING_SPACE => o.ignore_trailing_space = true,
            REPORT_IDENTICAL => o.report_identical = true,
            TEXT => o.text = true,
            IGNORE_BLANK_LINES => o.ignore_blank_lines = true,
            SIDE_BY_SIDE => o.side_by_side = true,
            SUPPRESS_COMMON => o.suppress_common = true,
            STRIP_CR => o.strip_cr = true,
            WIDTH => match value.parse() {
                Ok(n) => o.width = n,
                Err(_) => return ctx.misuse(&DIFF, format!("invalid width '{value}'")).await,
            },
            LABEL => o.labels.push(value.to_string()),
            EXCLUDE => o.exclude.push(Pattern::new(value)),
            // No terminal here: colour is never wanted, whatever `auto` would pick.
            _ if matches!(value, "" | "never" | "auto") => {}
            _ => return ctx.misuse(&DIFF, "--color=always: colour is not drawn here").await,
        }
    }
    if o.side_by_side && o.ignore_blank_lines {
        return ctx.misuse(&DIFF, "-B with -y: the ignored lines are not drawn here").await;
    }
    let files = args.operands.clone();
    // A recursive diff names each pair with the options as given: every word but the files.
    let mut words = ctx.argv[1..].to_vec();
    for file in files.iter().rev() {
        if let Some(at) = words.iter().rposition(|w| w == file) {
            words.remove(at);
        }
    }
    words.retain(|w| w != "--");
    o.switches = words.iter().map(|w| format!(" {w}")).collect();
    let [left, right] = files.as_slice() else {
        let message = match files.len() {
            0 => "missing operand after 'diff'".to_string(),
            1 => format!("missing operand after '{}'", files[0]),
            _ => format!("extra operand '{}'", files[2]),
        };
        return ctx.misuse(&DIFF, message).await;
    };
    let left_dir = ctx.vfs.stat(&ctx.abs(left)).is_ok_and(|m| m.is_dir());
    let right_dir = ctx.vfs.stat(&ctx.abs(right)).is_ok_and(|m| m.is_dir());
    let mut out = String::new();
    let status = match (left_dir, right_dir) {
        (true, true) => diff_dirs(&ctx, &o, left, right, &mut out).await,
        (true, false) => diff_files(&ctx, &o, &path::join(left, path::file_name(right)), right, &mut out).await,
        (false, true) => diff_files(&ctx, &o, left, &path::join(right, path::file_name(left)), &mut out).await,
        (false, false) => diff_files(&ctx, &o, left, right, &mut out).await,
    };
    if !ctx.out(out).await {
        return 2;
    }
    status
}
