//! File commands over the workspace: `cat`, `ls`, `cp`, `mv`, `rm`, `mkdir`, `rmdir`, `touch`,
//! `ln`, `stat`, `du`, `chmod`, `basename`, `dirname`, `realpath`, `readlink`, `mktemp`.
//! Messages follow GNU coreutils' wording.

use crate::Ctx;
use crate::opt;
use crate::session::Status;
use crate::spec::{Args, Opt, Order, Spec};
use crate::vfs::{FileKind, Meta, WriteMode, describe, path};
use std::time::SystemTime;
use toolsh_bytes::quote::{Style, quote, quoteaf, quotef, styled};

/// `cat`.
pub const CAT: Spec = Spec {
    name: "cat",
    summary: "concatenate files to standard output",
    synopsis: &["[OPTION]... [FILE]..."],
    about: "Concatenate FILE(s) to standard output; with no FILE, or when FILE is -, read standard input.",
    options: &[
        Opt::both('A', "show-all", "equivalent to -vET"),
        Opt::both('b', "number-nonblank", "number nonempty output lines, overrides -n"),
        Opt::short('e', "equivalent to -vE"),
        Opt::both('E', "show-ends", "display $ at end of each line"),
        Opt::both('n', "number", "number all output lines"),
        Opt::both('s', "squeeze-blank", "suppress repeated empty output lines"),
        Opt::short('t', "equivalent to -vT"),
        Opt::both('T', "show-tabs", "display TAB characters as ^I"),
        Opt::short('u', "(ignored)"),
        Opt::both('v', "show-nonprinting", "use ^ and M- notation, except for LFD and TAB"),
    ],
    tools: &["fs.read"],
    operand_paths: true,
    ..Spec::BASE
};

/// `cat [-AbeEnstTuv] [FILE…]`
pub async fn cat(ctx: Ctx<'_>, args: Args) -> Status {
    let (all, nonblank, squeeze) = (opt!(CAT, 'A'), opt!(CAT, 'b'), args.has(opt!(CAT, 's')));
    let number = args.any(&[opt!(CAT, 'n'), nonblank]);
    let nonblank = args.has(nonblank);
    let plain = args.given().all(|(opt, _)| opt == opt!(CAT, 'u'));
    let ends = args.any(&[opt!(CAT, 'E'), all, opt!(CAT, 'e')]);
    let tabs = args.any(&[opt!(CAT, 'T'), all, opt!(CAT, 't')]);
    let nonprinting = args.any(&[opt!(CAT, 'v'), all, opt!(CAT, 'e'), opt!(CAT, 't')]);
    let mut files = args.operands;
    if files.is_empty() {
        files.push("-".to_string());
    }
    if plain {
        let mut status = 0;
        for file in files {
            if reads_own_output(&ctx, &file).await {
                status = 1;
                continue;
            }
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
                ctx.complain(format!("{file}: {}", describe(&err), file = quotef(&file))).await;
                status = 1;
            }
        }
        return status;
    }
    // The operands are one stream of lines, as GNU cat reads them: numbering and squeezing go
    // on from one to the next, and a line goes on from piece to piece (and from an operand
    // whose last line lacks its newline into the next), numbered where it starts.
    let (mut line_no, mut last_blank, mut at_start) = (0usize, false, true);
    let mut each = |body: &[u8], ended: bool, out: &mut Vec<u8>| {
        let continued = !at_start;
        at_start = ended;
        if !continued {
            let blank = body.is_empty() && ended;
            if squeeze && blank && last_blank {
                return;
            }
            last_blank = blank;
            if number && !(nonblank && blank) {
                line_no += 1;
                out.extend_from_slice(format!("{line_no:>6}\t").as_bytes());
            }
        }
        if tabs || nonprinting {
            shown_visibly(body, tabs, nonprinting, out);
        } else {
            out.extend_from_slice(body);
        }
        if ended {
            if ends {
                out.push(b'$');
            }
            out.push(b'\n');
        }
    };
    let mut status = 0;
    for file in &files {
        if reads_own_output(&ctx, file).await {
            status = 1;
            continue;
        }
        status =
            status.max(crate::text::lines::filter_pieces(&ctx, std::slice::from_ref(file), b'\n', &mut each).await);
    }
    status
}

/// Whether `file` is the file cat's own output goes to ([`Ctx::is_own_output`]), with
/// something in it to read: refused and said, as GNU cat refuses it (`cat f >> f` would read
/// what it just wrote, without end). A host file given as standard input is taken to have
/// something left (its size is not asked).
async fn reads_own_output(ctx: &Ctx<'_>, file: &str) -> bool {
    let abs = if file == "-" { ctx.stdin().file_path() } else { Some(ctx.abs(file)) };
    let has_data = abs.is_none_or(|abs| ctx.vfs.stat(&abs).is_ok_and(|meta| meta.size > 0));
    if has_data && ctx.is_own_output(file) {
        ctx.complain(format!("{}: input file is output file", quotef(file))).await;
        return true;
    }
    false
}

/// `cat -v`/`-T`: control characters as `^X`, DEL as `^?`, bytes past 127 as `M-` and the
/// same (tabs stay unless `tabs`), as GNU cat shows them.
fn shown_visibly(body: &[u8], tabs: bool, nonprinting: bool, out: &mut Vec<u8>) {
    for &byte in body {
        let (meta, low) = if nonprinting && byte >= 128 { (true, byte - 128) } else { (false, byte) };
        if meta {
            out.extend_from_slice(b"M-");
        }
        match low {
            b'\t' if !tabs && !meta => out.push(b'\t'),
            0..32 if nonprinting || low == b'\t' => out.extend_from_slice(&[b'^', low + 64]),
            127 if nonprinting => out.extend_from_slice(b"^?"),
            _ => out.push(low),
        }
    }
}

/// `-rw-r--r--`: the type and permissions as `ls -l` (and `find -printf %M`) show them.
pub(crate) fn mode_string(meta: &Meta) -> String {
    let kind = match meta.kind {
        FileKind::Dir => 'd',
        FileKind::Symlink => 'l',
        FileKind::Device => 'c',
        FileKind::Fifo => 'p',
        FileKind::File => '-',
    };
    let mut text = String::from(kind);
    text.push_str(&permissions(meta.mode));
    text
}

/// The KiB a file takes on disk as GNU tools count it here, in 4 KiB blocks by its size: a
/// symbolic link whose target fits in its inode (under 60 bytes, as on ext4) takes none.
pub(crate) fn kib_blocks(meta: &Meta) -> u64 {
    if meta.kind == FileKind::Symlink && meta.size < 60 {
        return 0;
    }
    meta.size.div_ceil(4096) * 4
}

/// `rw-r--r--`: the permission bits as `ls` shows them, the set-user-ID, set-group-ID and
/// sticky bits in the execute places (`s`/`S`, `s`/`S`, `t`/`T`: lower case over an execute bit).
fn permissions(mode: u32) -> String {
    let mut text = String::new();
    for (shift, special, letter) in [(6, 0o4000, 's'), (3, 0o2000, 's'), (0, 0o1000, 't')] {
        let bits = (mode >> shift) & 7;
        text.push(if bits & 4 != 0 { 'r' } else { '-' });
        text.push(if bits & 2 != 0 { 'w' } else { '-' });
        text.push(match (mode & special != 0, bits & 1 != 0) {
            (true, true) => letter,
            (true, false) => letter.to_ascii_uppercase(),
            (false, true) => 'x',
            (false, false) => '-',
        });
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

/// `ls -l`'s time of a file, in the zone given (the command's `TZ`).
pub(crate) fn format_time(time: SystemTime, zone: &crate::text::zone::Zone) -> String {
    styled_time(time, &TimeStyle::Locale, zone)
}

/// `ls --time-style`: GNU's named styles, or `+FORMAT` (a second format after a newline is
/// for times within six months).
#[derive(Clone, Debug, PartialEq)]
enum TimeStyle {
    Locale,
    FullIso,
    LongIso,
    Iso,
    Format { old: String, recent: String },
}

impl TimeStyle {
    fn named(word: &str) -> Option<TimeStyle> {
        if let Some(format) = word.strip_prefix('+') {
            let (old, recent) = format.split_once('\n').unwrap_or((format, format));
            return Some(TimeStyle::Format { old: old.to_string(), recent: recent.to_string() });
        }
        // `posix-STYLE` is STYLE outside the POSIX locale, the default in it (GNU).
        Some(match word.strip_prefix("posix-").unwrap_or(word) {
            "full-iso" => TimeStyle::FullIso,
            "long-iso" => TimeStyle::LongIso,
            "iso" => TimeStyle::Iso,
            "locale" => TimeStyle::Locale,
            _ => return None,
        })
    }
}

fn styled_time(time: SystemTime, style: &TimeStyle, zone: &crate::text::zone::Zone) -> String {
    let (datetime, abbreviation) = zone.local(time.into());
    let six_months = std::time::Duration::from_secs(183 * 24 * 3600);
    let recent = SystemTime::now().duration_since(time).map(|d| d < six_months).unwrap_or(true);
    let format = match style {
        TimeStyle::Locale if recent => "%b %e %H:%M",
        TimeStyle::Locale => "%b %e  %Y",
        TimeStyle::FullIso => "%Y-%m-%d %H:%M:%S.%N %z",
        TimeStyle::LongIso => "%Y-%m-%d %H:%M",
        TimeStyle::Iso if recent => "%m-%d %H:%M",
        TimeStyle::Iso => "%Y-%m-%d ",
        TimeStyle::Format { recent: format, .. } if recent => format.as_str(),
        TimeStyle::Format { old: format, .. } => format.as_str(),
    };
    crate::text::strftime::strftime(format, &datetime, &abbreviation, crate::text::strftime::Dialect::Date)
}

struct LsOptions {
    time_style: TimeStyle,
    /// The zone times are shown in (the command's `TZ`).
    zone: crate::text::zone::Zone,
    all: bool,
    almost_all: bool,
    long: bool,
    recursive: bool,
    sort: SortBy,
    reverse: bool,
    human: bool,
    directory: bool,
    /// `-F` (the indicator style `classify`): what decides the default of `deref` too.
    classify: bool,
    /// What mark follows a name (`-p`, `-F`, `--file-type`, `--indicator-style`).
    indicator: Indicator,
    owner: bool,
    group: bool,
    numeric: bool,
    hide_control: bool,
    deref: Deref,
    /// How names are laid out (`-l` is `long`, kept for the details it decides).
    format: Format,
    /// The line width for columns and commas; 0 for no limit.
    width: usize,
    /// Columns are aligned with tabs of this width (0: spaces only).
    tabsize: usize,
    quoting: Style,
    /// `--group-directories-first`.
    dirs_first: bool,
}

/// How `ls` lays names out: the last of `-l -1 -C -x -m` (or `--format`).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Format {
    Long,
    OnePerLine,
    /// `-C`: down the columns.
    Columns,
    /// `-x`: across the rows.
    Across,
    /// `-m`: a comma-separated stream.
    Commas,
}

/// `--indicator-style`: which marks follow names.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Indicator {
    None,
    /// `-p`: `/` after directories.
    Slash,
    /// `--file-type`: as classify, without `*` for executables.
    FileType,
    /// `-F`: `/`, `@`, `|`, `*`.
    Classify,
}

/// Which symbolic links `ls` follows (GNU's `dereference` setting).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Deref {
    /// `-d`, `-F` or `-l` without `-H`/`-L`: none; a link is listed as itself.
    Never,
    /// The default: an operand that is a link to a directory.
    OperandDirs,
    /// `-H`: every operand.
    Operands,
    /// `-L`: every link, operands and entries.
    Always,
}

/// Lists one directory into `out`; false when it cannot be read. `minor` is set for a lesser
/// trouble (an entry -L cannot follow), which GNU ends with status 1.
async fn ls_entries(
    ctx: &Ctx<'_>,
    dir_display: &str,
    dir_abs: &str,
    opts: &LsOptions,
    out: &mut String,
    minor: &mut bool,
    above: &mut Vec<String>,
) -> bool {
    let entries = match ctx.vfs.read_dir(dir_abs) {
        Ok(entries) => entries,
        Err(err) => {
            ctx.complain(format!(
                "cannot open directory {dir_display}: {}",
                describe(&err),
                dir_display = quoteaf(dir_display)
            ))
            .await;
            return false;
        }
    };
    let mut items: Vec<(String, Meta)> = Vec::new();
    // Entries -L could not follow: listed by what `lstat` says, their details unknown.
    let mut unknown: Vec<String> = Vec::new();
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
        let abs = path::join(dir_abs, &entry.name);
        let Ok(mut meta) = ctx.vfs.lstat(&abs) else { continue };
        // With -L an entry is what it leads to; one leading nowhere is said and listed as
        // the link (GNU: status 1, not 2, for what is not an operand).
        if opts.deref == Deref::Always && meta.kind == FileKind::Symlink {
            match ctx.vfs.stat(&abs) {
                Ok(target) => meta = target,
                Err(err) => {
                    let shown =
                        if dir_display == "." { entry.name.clone() } else { path::join(dir_display, &entry.name) };
                    ctx.complain(format!("cannot access {shown}: {}", describe(&err), shown = quoteaf(&shown))).await;
                    *minor = true;
                    unknown.push(entry.name.clone());
                }
            }
        }
        items.push((entry.name, meta));
    }
    sort_items(&mut items, opts);
    if opts.long {
        let blocks: u64 = items.iter().map(|(_, m)| kib_blocks(m)).sum();
        let total = if opts.human { human(blocks * 1024) } else { blocks.to_string() };
        out.push_str(&format!("total {total}\n"));
    }
    out.push_str(&ls_listing(ctx, &items, Some(dir_abs), &unknown, opts));
    let mut ok = true;
    if opts.recursive {
        // The directories being listed, by where they resolve: with -L one may be its own
        // ancestor, which GNU says and does not list again.
        let identity = ctx.vfs.resolve(dir_abs, true).unwrap_or_else(|_| dir_abs.to_string());
        above.push(identity);
        for (name, meta) in &items {
            if meta.kind == FileKind::Dir && name != "." && name != ".." {
                let display = if dir_display.ends_with('/') {
                    format!("{dir_display}{name}")
                } else {
                    format!("{dir_display}/{name}")
                };
                let abs = path::join(dir_abs, name);
                if ctx.vfs.resolve(&abs, true).is_ok_and(|id| above.contains(&id)) {
                    ctx.complain(format!(
                        "{display}: not listing already-listed directory",
                        display = quotef(&display)
                    ))
                    .await;
                    ok = false;
                    continue;
                }
                out.push_str(&format!("\n{}:\n", styled(&display, opts.quoting, &[])));
                ok &= Box::pin(ls_entries(ctx, &display, &abs, opts, out, minor, above)).await;
            }
        }
        above.pop();
    }
    ok
}

/// What `ls` sorts by: `--sort=WORD` or the last of `-S -t -U -v -X` given.
#[derive(Clone, Copy, PartialEq, Eq)]
enum SortBy {
    Name,
    Size,
    Time,
    /// `-U`: the order the directory gives, not reversed by `-r` (as GNU).
    None,
    Version,
    Extension,
    Width,
}

impl SortBy {
    const WORDS: [(&'static str, SortBy); 6] = [
        ("none", SortBy::None),
        ("time", SortBy::Time),
        ("size", SortBy::Size),
        ("extension", SortBy::Extension),
        ("version", SortBy::Version),
        ("width", SortBy::Width),
    ];

    /// `--sort=WORD`, a word or an unambiguous start of one (as GNU's argmatch takes it).
    fn word(value: &str) -> Result<SortBy, String> {
        let exact = SortBy::WORDS.iter().find(|(word, _)| *word == value);
        let mut starting = SortBy::WORDS.iter().filter(|(word, _)| word.starts_with(value));
        match (exact, starting.next(), starting.next()) {
            (Some((_, sort)), _, _) | (None, Some((_, sort)), None) => Ok(*sort),
            (None, first, _) => {
                let list: String = SortBy::WORDS.iter().map(|(word, _)| format!("\n  - ‘{word}’")).collect();
                let kind = if first.is_some() { "ambiguous" } else { "invalid" };
                Err(format!("{kind} argument ‘{value}’ for ‘--sort’\nValid arguments are:{list}"))
            }
        }
    }
}

fn sort_items(items: &mut [(String, Meta)], opts: &LsOptions) {
    let extension = |name: &str| path::file_name(name).rsplit_once('.').map_or("", |(_, ext)| ext).to_string();
    let by_name = |a: &(String, Meta), b: &(String, Meta)| toolsh_bytes::cmp(&a.0, &b.0);
    match opts.sort {
        SortBy::None => return,
        SortBy::Name => items.sort_by(by_name),
        SortBy::Size => items.sort_by(|a, b| b.1.size.cmp(&a.1.size).then_with(|| by_name(a, b))),
        SortBy::Time => items.sort_by(|a, b| b.1.mtime.cmp(&a.1.mtime).then_with(|| by_name(a, b))),
        SortBy::Version => items.sort_by(|a, b| crate::text::sort::version_cmp(a.0.as_bytes(), b.0.as_bytes())),
        SortBy::Extension => items.sort_by(|a, b| extension(&a.0).cmp(&extension(&b.0)).then_with(|| by_name(a, b))),
        SortBy::Width => {
            items.sort_by(|a, b| a.0.chars().count().cmp(&b.0.chars().count()).then_with(|| by_name(a, b)))
        }
    }
    if opts.reverse {
        items.reverse();
    }
    if opts.dirs_first {
        // Stable: each group keeps its order.
        items.sort_by_key(|(_, meta)| !meta.is_dir());
    }
}

/// A file's size as `ls -l` shows it (`-h`: human).
fn size_text(meta: &Meta, opts: &LsOptions) -> String {
    if opts.human { human(meta.size) } else { meta.size.to_string() }
}

/// The width of the size column of one listing: its widest size, as GNU aligns it.
fn size_width(items: &[(String, Meta)], opts: &LsOptions) -> usize {
    items.iter().map(|(_, meta)| size_text(meta, opts).len()).max().unwrap_or(0)
}

/// A name as `ls` shows it in its quoting style (`-q`: `?` for what cannot be shown, in the
/// styles that do not escape it), and whether that differs from the name (GNU's "quoted").
fn ls_quoted(name: &str, opts: &LsOptions) -> (String, bool) {
    // GNU quotes the indicator characters too, so a name cannot seem to carry one.
    let also: &[char] = match opts.indicator {
        Indicator::Classify => &['=', '>', '@', '|'],
        Indicator::FileType => &['*', '=', '>', '@', '|'],
        _ => &[],
    };
    let mut shown = styled(name, opts.quoting, also);
    if opts.hide_control && matches!(opts.quoting, Style::Literal | Style::Shell | Style::ShellAlways) {
        shown = shown
            .chars()
            .map(|c| if c.is_control() || toolsh_bytes::char_byte(c).is_some() { '?' } else { c })
            .collect();
    }
    let quoted = shown != name;
    (shown, quoted)
}

/// Columns a name takes on a terminal: wide characters two, a byte that is not UTF-8 one.
fn ls_width(text: &str) -> usize {
    text.chars()
        .map(|c| {
            if toolsh_bytes::char_byte(c).is_some() {
                1
            } else {
                unicode_width::UnicodeWidthChar::width(c).unwrap_or(0)
            }
        })
        .sum()
}

/// One listing (a directory's entries, or the operands that are not directories), laid out as
/// `opts.format` says. `dir_abs` is where the names are (else they are operands); `unknown`
/// are the entries -L could not follow.
fn ls_listing(
    ctx: &Ctx<'_>,
    items: &[(String, Meta)],
    dir_abs: Option<&str>,
    unknown: &[String],
    opts: &LsOptions,
) -> String {
    let abs_of = |name: &str| match dir_abs {
        Some(dir) => path::join(dir, name),
        None => ctx.abs(name),
    };
    // GNU lines up names when some are quoted and others not, in the styles that quote only
    // some: a name left bare gets a space before it.
    let align = matches!(opts.quoting, Style::Shell | Style::ShellEscape | Style::CMaybe)
        && (opts.format == Format::Long
            || (matches!(opts.format, Format::Columns | Format::Across) && opts.width != 0));
    let quoted: Vec<(String, bool)> = items.iter().map(|(name, _)| ls_quoted(name, opts)).collect();
    let pad = align && quoted.iter().any(|(_, quoted)| *quoted);
    let mut shown: Vec<String> = Vec::with_capacity(items.len());
    for ((name, meta), (text, was_quoted)) in items.iter().zip(quoted) {
        let mut line = if pad && !was_quoted { format!(" {text}") } else { text };
        // In a long listing a link shows where it leads, marked as what it leads to (only
        // with -F: GNU does not look at the target for -p); the link itself gets no `@` there.
        if opts.long && meta.kind == FileKind::Symlink {
            // One -L could not follow shows its name alone.
            if unknown.contains(name) {
                shown.push(line);
                continue;
            }
            let abs = abs_of(name);
            if let Ok(target) = ctx.vfs.read_link(&abs) {
                line.push_str(" -> ");
                line.push_str(&ls_quoted(&target, opts).0);
                if opts.classify
                    && let Ok(reached) = ctx.vfs.stat(&abs)
                {
                    line.push_str(indicator(&reached, opts));
                }
            }
        } else {
            line.push_str(indicator(meta, opts));
        }
        shown.push(line);
    }
    if opts.long {
        let width = size_width(items, opts);
        let mut out = String::new();
        for ((name, meta), line) in items.iter().zip(&shown) {
            if unknown.contains(name) {
                out.push_str(&unknown_line(ctx, line, meta, opts, width));
            } else {
                out.push_str(&ls_line(ctx, line, meta, opts, width));
            }
        }
        return out;
    }
    ls_layout(&shown, opts)
}

/// GNU's fewest columns of names on a line: each at least this wide.
const MIN_COLUMN_WIDTH: usize = 3;
/// Candidate column counts tried at most (GNU tries width/3; this bounds the work for an
/// absurd -w).
const MOST_COLUMNS: usize = 1024;

/// Names laid out as `-1`, `-C`, `-x` or `-m` lays them out, with GNU's arithmetic.
fn ls_layout(names: &[String], opts: &LsOptions) -> String {
    let mut out = String::new();
    if names.is_empty() {
        return out;
    }
    let widths: Vec<usize> = names.iter().map(|name| ls_width(name)).collect();
    let line = opts.width;
    match opts.format {
        Format::Commas => {
            let mut pos = 0usize;
            for (at, name) in names.iter().enumerate() {
                let len = if line == 0 { 0 } else { widths[at] };
                if at > 0 {
                    out.push(',');
                    if line == 0 || pos + len + 2 < line {
                        pos += 2;
                        out.push(' ');
                    } else {
                        pos = 0;
                        out.push('\n');
                    }
                }
                out.push_str(name);
                pos += len;
            }
            out.push('\n');
        }
        Format::Columns | Format::Across => {
            let by_columns = opts.format == Format::Columns;
            let n = names.len();
            let (cols, col_widths) = ls_columns(&widths, line, by_columns);
            // With no width limit GNU aligns with spaces alone.
            let tabsize = if line == 0 { 0 } else { opts.tabsize };
            let indent = |out: &mut String, mut from: usize, to: usize| {
                while from < to {
                    if tabsize != 0 && to / tabsize > (from + 1) / tabsize {
                        out.push('\t');
                        from += tabsize - from % tabsize;
                    } else {
                        out.push(' ');
                        from += 1;
                    }
                }
            };
            if by_columns {
                let rows = n.div_ceil(cols);
                for row in 0..rows {
                    let (mut at, mut col, mut pos) = (row, 0, 0);
                    loop {
                        let most = col_widths.get(col).copied().unwrap_or(0);
                        col += 1;
                        out.push_str(&names[at]);
                        at += rows;
                        if at >= n {
                            break;
                        }
                        indent(&mut out, pos + widths[at - rows], pos + most);
                        pos += most;
                    }
                    out.push('\n');
                }
            } else {
                let mut pos = 0;
                out.push_str(&names[0]);
                let (mut len, mut most) = (widths[0], col_widths.first().copied().unwrap_or(0));
                for at in 1..n {
                    let col = at % cols;
                    if col == 0 {
                        out.push('\n');
                        pos = 0;
                    } else {
                        indent(&mut out, pos + len, pos + most);
                        pos += most;
                    }
                    out.push_str(&names[at]);
                    len = widths[at];
                    most = col_widths.get(col).copied().unwrap_or(0);
                }
                out.push('\n');
            }
        }
        _ => {
            for name in names {
                out.push_str(name);
                out.push('\n');
            }
        }
    }
    out
}

/// GNU's `calculate_columns`: the most columns whose line stays under `line` (0: no limit),
/// and the width of each (a name and its two spaces; the last column without them).
fn ls_columns(widths: &[usize], line: usize, by_columns: bool) -> (usize, Vec<usize>) {
    let n = widths.len();
    if line == 0 {
        // No limit: every name on one line.
        let mut col_widths: Vec<usize> = widths.iter().map(|w| w + 2).collect();
        if let Some(last) = col_widths.last_mut() {
            *last -= 2;
        }
        return (n, col_widths);
    }
    let max_idx = line / MIN_COLUMN_WIDTH + usize::from(!line.is_multiple_of(MIN_COLUMN_WIDTH));
    let max_cols = if max_idx > 0 && max_idx < n { max_idx } else { n }.min(MOST_COLUMNS);
    for cols in (1..=max_cols).rev() {
        let mut col_widths = vec![MIN_COLUMN_WIDTH; cols];
        let mut line_len = cols * MIN_COLUMN_WIDTH;
        let mut valid = true;
        let rows = n.div_ceil(cols);
        for (at, width) in widths.iter().enumerate() {
            let idx = if by_columns { at / rows } else { at % cols };
            let real = width + if idx == cols - 1 { 0 } else { 2 };
            if let Some(slot) = col_widths.get_mut(idx)
                && *slot < real
            {
                line_len += real - *slot;
                *slot = real;
                if line_len >= line {
                    valid = false;
                    break;
                }
            }
        }
        if valid || cols == 1 {
            return (cols, col_widths);
        }
    }
    (1, vec![widths.iter().copied().max().unwrap_or(0)])
}

/// One entry's line of a long listing, `shown` its name as shown (quoted, with its mark or
/// where a link leads); `width` is its listing's size column ([`size_width`]).
fn ls_line(ctx: &Ctx<'_>, shown: &str, meta: &Meta, opts: &LsOptions, width: usize) -> String {
    let size = size_text(meta, opts);
    // Every file is the agent's, in the agent's group (as `id` says).
    let id = toolsh_core::session::AGENT_ID.to_string();
    let name = if opts.numeric { id.as_str() } else { ctx.agent() };
    let mut owners = String::new();
    for (wanted, who) in [(opts.owner, name), (opts.group, name)] {
        if wanted {
            owners.push_str(who);
            owners.push(' ');
        }
    }
    format!(
        "{} 1 {owners}{size:>width$} {} {shown}\n",
        mode_string(meta),
        styled_time(meta.mtime, &opts.time_style, &opts.zone)
    )
}

/// `ls -lL`'s line for a link it could not follow, as GNU writes it: `?` for all it could not
/// learn, each in its column.
fn unknown_line(ctx: &Ctx<'_>, name: &str, meta: &Meta, opts: &LsOptions, width: usize) -> String {
    let id = toolsh_core::session::AGENT_ID.to_string();
    let who = if opts.numeric { id.as_str() } else { ctx.agent() };
    let mut owners = String::new();
    for wanted in [opts.owner, opts.group] {
        if wanted {
            owners.push_str(&format!("{:<w$} ", "?", w = who.chars().count()));
        }
    }
    let kind = mode_string(meta).chars().next().unwrap_or('?');
    let time_width = styled_time(SystemTime::now(), &opts.time_style, &opts.zone).chars().count();
    format!("{kind}????????? ? {owners}{:>width$} {:>time_width$} {name}\n", "?", "?")
}

/// The mark `-F` (or `-p`: directories only; `--file-type`: no `*`) puts after a name.
fn indicator(meta: &Meta, opts: &LsOptions) -> &'static str {
    match (meta.kind, opts.indicator) {
        (_, Indicator::None) => "",
        (FileKind::Dir, _) => "/",
        (_, Indicator::Slash) => "",
        (FileKind::Symlink, _) => "@",
        (FileKind::Fifo, _) => "|",
        (FileKind::File, Indicator::Classify) if meta.mode & 0o111 != 0 => "*",
        _ => "",
    }
}

/// `ls`.
pub const LS: Spec = Spec {
    name: "ls",
    summary: "list directory contents",
    synopsis: &["[OPTION]... [FILE]..."],
    about: "List information about the FILEs (the current directory by default), sorted by name, one per line (as GNU ls does when not on a terminal) unless -C, -x or -m lays them out in the width -w, $COLUMNS or 80 gives.",
    options: &[
        Opt::both('a', "all", "do not ignore entries starting with ."),
        Opt::both('A', "almost-all", "do not list implied . and .."),
        Opt::both('d', "directory", "list directories themselves, not their contents"),
        Opt::both('F', "classify", "append indicator (one of */=>@|) to entries"),
        Opt::both('h', "human-readable", "with -l, print sizes like 1K 234M 2G"),
        Opt::short('l', "use a long listing format"),
        Opt::both('r', "reverse", "reverse order while sorting"),
        Opt::both('R', "recursive", "list subdirectories recursively"),
        Opt::both('L', "dereference", "show information for the file a symbolic link references"),
        Opt::both('H', "dereference-command-line", "follow symbolic links listed on the command line"),
        Opt::long(
            "dereference-command-line-symlink-to-dir",
            "follow each command line symbolic link that points to a directory",
        ),
        Opt::short('S', "sort by file size, largest first"),
        Opt::short('t', "sort by time, newest first"),
        Opt::short('U', "do not sort; list entries in directory order"),
        Opt::short('v', "natural sort of (version) numbers within text"),
        Opt::short('X', "sort alphabetically by entry extension"),
        Opt::long(
            "sort",
            "sort by WORD instead of name: none (-U), size (-S), time (-t), version (-v), extension (-X), width",
        )
        .value("WORD"),
        Opt::short('1', "list one file per line"),
        Opt::short('C', "list entries by columns (the default on a terminal)"),
        Opt::short('x', "list entries by lines instead of by columns"),
        Opt::short('m', "fill width with a comma separated list of entries"),
        Opt::long(
            "format",
            "across -x, commas -m, horizontal -x, long -l, single-column -1, verbose -l, vertical -C",
        )
        .value("WORD"),
        Opt::both('w', "width", "set output width to COLS; 0 means no limit (default: $COLUMNS, else 80)")
            .value("COLS"),
        Opt::both('T', "tabsize", "assume tab stops at each COLS instead of 8").value("COLS"),
        Opt::both('Q', "quote-name", "enclose entry names in double quotes"),
        Opt::both('b', "escape", "print C-style escapes for nongraphic characters"),
        Opt::both('N', "literal", "print entry names without quoting"),
        Opt::long(
            "quoting-style",
            "use quoting style WORD for entry names: literal (the default when not on a terminal), locale, shell, shell-always, shell-escape, shell-escape-always, c, escape (overrides QUOTING_STYLE)",
        )
        .value("WORD"),
        Opt::short('p', "append / to directories"),
        Opt::long("indicator-style", "append indicator with style WORD to entry names: none, slash (-p), file-type (--file-type), classify (-F)").value("WORD"),
        Opt::long("file-type", "likewise, except do not append '*'"),
        Opt::long("group-directories-first", "group directories before files (not with --sort=none)"),
        Opt::short('g', "like -l, but do not list the owner"),
        Opt::short('o', "like -l, but do not list the group"),
        Opt::both('n', "numeric-uid-gid", "like -l, but list the user and group ids"),
        Opt::both('q', "hide-control-chars", "print ? instead of nongraphic characters"),
        Opt::long("time-style", "time/date format with -l: full-iso, long-iso, iso, locale, or +FORMAT").value("STYLE"),
        Opt::long("full-time", "like -l --time-style=full-iso"),
    ],
    usage_status: 2,
    tools: &["fs.list"],
    operand_paths: true,
    long_order: &[
        "all",
        "almost-all",
        "author",
        "classify",
        "color",
        "context",
        "directory",
        "dired",
        "dereference-command-line",
        "dereference-command-line-symlink-to-dir",
        "dereference",
        "full-time",
        "file-type",
        "format",
        "group-directories-first",
        "human-readable",
        "hide-control-chars",
        "hide",
        "hyperlink",
        "help",
        "inode",
        "ignore-backups",
        "ignore",
        "indicator-style",
        "numeric-uid-gid",
        "no-group",
        "quote-name",
        "quoting-style",
        "reverse",
        "recursive",
        "size",
        "si",
        "show-control-chars",
        "sort",
        "tabsize",
        "time",
        "time-style",
        "escape",
        "literal",
        "width",
    ],
    ..Spec::BASE
};

/// `--opt=WORD` of `ls`: one of `words` or an unambiguous start of one (argmatch), else
/// GNU's words for it.
/// What one option of ls chooses: a layout, a quoting style, an indicator style.
type Choices = (Option<Format>, Option<Style>, Option<Indicator>);

/// What one option of ls chooses; the error is GNU's words for a value that is none of them.
fn ls_choices(opt: &Opt, value: &str) -> Result<Choices, String> {
    let format = match (opt.short, opt.long) {
        (Some('l' | 'g' | 'o' | 'n'), _) | (_, Some("full-time")) => Some(Format::Long),
        (Some('1'), _) => Some(Format::OnePerLine),
        (Some('C'), _) => Some(Format::Columns),
        (Some('x'), _) => Some(Format::Across),
        (Some('m'), _) => Some(Format::Commas),
        (_, Some("format")) => {
            const WORDS: [(&str, Format); 7] = [
                ("verbose", Format::Long),
                ("long", Format::Long),
                ("commas", Format::Commas),
                ("horizontal", Format::Across),
                ("across", Format::Across),
                ("vertical", Format::Columns),
                ("single-column", Format::OnePerLine),
            ];
            Some(ls_word(value, "format", &WORDS)?)
        }
        _ => None,
    };
    let style = match (opt.short, opt.long) {
        (Some('N'), _) => Some(Style::Literal),
        (Some('b'), _) => Some(Style::Escape),
        (Some('Q'), _) => Some(Style::C),
        (_, Some("quoting-style")) => Some(ls_word(value, "quoting-style", &Style::NAMES)?),
        _ => None,
    };
    let marks = match (opt.short, opt.long) {
        (Some('p'), _) => Some(Indicator::Slash),
        (Some('F'), _) => Some(Indicator::Classify),
        (_, Some("file-type")) => Some(Indicator::FileType),
        (_, Some("indicator-style")) => {
            const WORDS: [(&str, Indicator); 4] = [
                ("none", Indicator::None),
                ("slash", Indicator::Slash),
                ("file-type", Indicator::FileType),
                ("classify", Indicator::Classify),
            ];
            Some(ls_word(value, "indicator-style", &WORDS)?)
        }
        _ => None,
    };
    Ok((format, style, marks))
}

fn ls_word<T: Copy + PartialEq>(value: &str, option: &str, words: &[(&str, T)]) -> Result<T, String> {
    let exact = words.iter().find(|(word, _)| *word == value);
    let mut starting = words.iter().filter(|(word, _)| word.starts_with(value));
    match (exact, starting.next(), starting.next()) {
        (Some((_, it)), _, _) | (None, Some((_, it)), None) => Ok(*it),
        (None, first, _) => {
            // Synonyms (the same value, one after another) share a line, as argmatch lists them.
            let mut list = String::new();
            for (at, (word, it)) in words.iter().enumerate() {
                let synonym = at > 0 && words[at - 1].1 == *it;
                list.push_str(if synonym { ", " } else { "\n  - " });
                list.push_str(&format!("‘{word}’"));
            }
            let kind = if first.is_some() { "ambiguous" } else { "invalid" };
            Err(format!("{kind} argument ‘{value}’ for ‘--{option}’\nValid arguments are:{list}"))
        }
    }
}

/// A width or tab size of `ls`: a number GNU takes (none past what a size holds).
fn ls_number(value: &str) -> Option<usize> {
    if value.is_empty() || !value.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    value.parse().ok()
}

/// `ls [-1aAbCdFghlmnNopqQrRStUvxX] [-w COLS] [--sort=WORD] [--quoting-style=WORD] [FILE…]`
pub async fn ls(ctx: Ctx<'_>, mut args: Args) -> Status {
    let mut sort = SortBy::Name;
    let mut time_style = TimeStyle::Locale;
    // Not on a terminal GNU lists one name a line, unquoted, unless told otherwise.
    let mut format = Format::OnePerLine;
    let mut quoting = Style::Literal;
    let exported = |name: &str| {
        ctx.state()
            .vars
            .get(name)
            .filter(|var| var.attrs.has(toolsh_core::vars::Attrs::EXPORT))
            .and_then(|var| var.scalar().map(str::to_string))
    };
    if let Some(style) = exported("QUOTING_STYLE") {
        match Style::named(&style) {
            Some(style) => quoting = style,
            None => {
                ctx.complain(format!("ignoring invalid value of environment variable QUOTING_STYLE: {}", quote(&style)))
                    .await
            }
        }
    }
    let mut indicator = Indicator::None;
    let mut width: Option<usize> = None;
    let mut tabsize = exported("TABSIZE").and_then(|t| ls_number(&t)).unwrap_or(8);
    let usage = |message: String| async { ctx.err(LS.refusal_text(&crate::spec::Misuse::Said(message))).await };
    for (opt, value) in args.given() {
        // GNU says a bad word as a usage error, with status 1 (the option was known).
        let (chosen, style, marks) = match ls_choices(opt, value) {
            Ok(choices) => choices,
            Err(message) => {
                usage(message).await;
                return 1;
            }
        };
        if let Some(chosen) = chosen {
            format = chosen;
        }
        if let Some(style) = style {
            quoting = style;
        }
        if let Some(marks) = marks {
            indicator = marks;
        }
        match (opt.short, opt.long) {
            (Some('w'), _) => match ls_number(value) {
                Some(cols) => width = Some(cols),
                None => {
                    ctx.complain(format!("invalid line width: {}", quote(value))).await;
                    return 2;
                }
            },
            (Some('T'), _) => match ls_number(value) {
                Some(cols) => tabsize = cols,
                None => {
                    ctx.complain(format!("invalid tab size: {}", quote(value))).await;
                    return 2;
                }
            },
            _ => {}
        }
        match opt.long {
            Some("full-time") => {
                time_style = TimeStyle::FullIso;
                continue;
            }
            Some("time-style") => {
                let Some(style) = TimeStyle::named(value) else {
                    let said = format!(
                        "invalid argument {value} for 'time style'\nValid arguments are:\n  - [posix-]full-iso\n  - [posix-]long-iso\n  - [posix-]iso\n  - [posix-]locale\n  - +FORMAT (e.g., +%H:%M) for a 'date'-style format",
                        value = quote(value)
                    );
                    ctx.err(LS.refusal_text(&crate::spec::Misuse::Said(said))).await;
                    return 2;
                };
                time_style = style;
                continue;
            }
            _ => {}
        }
        sort = match (opt.short, opt.long) {
            (Some('S'), _) => SortBy::Size,
            (Some('t'), _) => SortBy::Time,
            (Some('U'), _) => SortBy::None,
            (Some('v'), _) => SortBy::Version,
            (Some('X'), _) => SortBy::Extension,
            (_, Some("sort")) => match SortBy::word(value) {
                Ok(sort) => sort,
                Err(message) => {
                    // GNU says it as a usage error, with status 1 (not 2: the option was known).
                    ctx.err(LS.refusal_text(&crate::spec::Misuse::Said(message))).await;
                    return 1;
                }
            },
            _ => continue,
        };
    }
    let mut operands = std::mem::take(&mut args.operands);
    // The width counts only where names share a line: -w, else $COLUMNS, else 80.
    let width = match width {
        Some(cols) => cols,
        None if matches!(format, Format::Columns | Format::Across | Format::Commas) => match exported("COLUMNS") {
            Some(cols) if !cols.is_empty() => match ls_number(&cols) {
                Some(cols) => cols,
                None => {
                    ctx.complain(format!("ignoring invalid width in environment variable COLUMNS: {}", quote(&cols)))
                        .await;
                    80
                }
            },
            _ => 80,
        },
        None => 80,
    };
    let opts = LsOptions {
        all: args.has(opt!(LS, 'a')),
        almost_all: args.has(opt!(LS, 'A')),
        long: format == Format::Long,
        time_style,
        zone: crate::text::zone::Zone::of(ctx.state()),
        recursive: args.has(opt!(LS, 'R')),
        sort,
        reverse: args.has(opt!(LS, 'r')),
        human: args.has(opt!(LS, 'h')),
        directory: args.has(opt!(LS, 'd')),
        classify: indicator == Indicator::Classify,
        indicator,
        owner: !args.has(opt!(LS, 'g')),
        group: !args.has(opt!(LS, 'o')),
        numeric: args.has(opt!(LS, 'n')),
        hide_control: args.has(opt!(LS, 'q')),
        deref: Deref::Never,
        format,
        width,
        tabsize,
        quoting,
        dirs_first: args.given().any(|(o, _)| o.long == Some("group-directories-first")) && sort != SortBy::None,
    };
    // GNU: -L, else -H, else the long option, else (no -d, -F or -l) operands that lead to
    // directories are followed.
    let mut opts = opts;
    opts.deref = if args.has(opt!(LS, 'L')) {
        Deref::Always
    } else if args.has(opt!(LS, 'H')) {
        Deref::Operands
    } else if args.given().any(|(o, _)| o.long == Some("dereference-command-line-symlink-to-dir"))
        || !(opts.directory || opts.classify || opts.long)
    {
        Deref::OperandDirs
    } else {
        Deref::Never
    };
    if operands.is_empty() {
        operands.push(".".to_string());
    }
    let mut status = 0;
    let mut minor = false;
    let mut files: Vec<(String, Meta)> = Vec::new();
    let mut dirs: Vec<(String, Meta)> = Vec::new();
    for operand in &operands {
        let abs = ctx.abs(operand);
        // A name with a final slash names what its link leads to, whatever the setting.
        let looked = match opts.deref {
            _ if operand.ends_with('/') => ctx.vfs.stat(&abs),
            Deref::Always | Deref::Operands => ctx.vfs.stat(&abs),
            // Only a link leading nowhere is listed as itself (GNU: a loop is an error).
            Deref::OperandDirs => match ctx.vfs.stat(&abs) {
                Ok(meta) if meta.is_dir() => Ok(meta),
                Err(err) if err.kind() != std::io::ErrorKind::NotFound => Err(err),
                _ => ctx.vfs.lstat(&abs),
            },
            Deref::Never => ctx.vfs.lstat(&abs),
        };
        match looked {
            Ok(meta) if meta.kind == FileKind::Dir && !opts.directory => dirs.push((operand.clone(), meta)),
            Ok(meta) => files.push((operand.clone(), meta)),
            Err(err) => {
                ctx.complain(format!("cannot access {operand}: {}", describe(&err), operand = quoteaf(operand))).await;
                status = 2;
            }
        }
    }
    sort_items(&mut files, &opts);
    sort_items(&mut dirs, &opts);
    let mut out = ls_listing(&ctx, &files, None, &[], &opts);
    let headers = operands.len() > 1 || opts.recursive;
    for (idx, (name, _)) in dirs.iter().enumerate() {
        if headers {
            if idx > 0 || !files.is_empty() {
                out.push('\n');
            }
            out.push_str(&format!("{}:\n", styled(name, opts.quoting, &[])));
        }
        if !ls_entries(&ctx, name, &ctx.abs(name), &opts, &mut out, &mut minor, &mut Vec::new()).await {
            status = 2;
        }
    }
    if !ctx.out(out).await {
        return 2;
    }
    if status == 0 && minor { 1 } else { status }
}

/// Where `source` lands for `cp`/`mv` with `dest` (inside it when it is a directory).
/// How the last operand of `cp` and `mv` is taken.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Into {
    /// A directory the sources go into if it is one, else the name of the copy.
    Auto,
    /// A directory the sources go into (several sources, or `-t DIR`).
    Always,
    /// The name of the copy even if it is a directory (`-T`).
    Never,
}

const TARGET_DIRECTORY: Opt =
    Opt::both('t', "target-directory", "copy all SOURCE arguments into DIRECTORY").value("DIRECTORY");
const NO_TARGET_DIRECTORY: Opt = Opt::both('T', "no-target-directory", "treat DEST as a normal file");

/// The sources, the destination and how it is taken, from the operands and `-t`/`-T`, in
/// GNU's words when they do not fit.
async fn placement(ctx: &Ctx<'_>, spec: &Spec, args: &mut Args) -> Result<(Vec<String>, String, Into), Status> {
    let mut operands = std::mem::take(&mut args.operands);
    let target = args.last(&TARGET_DIRECTORY).map(str::to_string);
    let no_target = args.has(&NO_TARGET_DIRECTORY);
    if target.is_some() && no_target {
        return Err(ctx.fail("cannot combine --target-directory (-t) and --no-target-directory (-T)").await);
    }
    if operands.is_empty() {
        return Err(ctx.misuse(spec, "missing file operand").await);
    }
    if let Some(dir) = target {
        if let Err(err) = ctx.vfs.stat(&ctx.abs(&dir)).and_then(|meta| {
            if meta.is_dir() { Ok(()) } else { Err(std::io::Error::from(std::io::ErrorKind::NotADirectory)) }
        }) {
            return Err(ctx.fail(format!("target directory {dir}: {}", describe(&err), dir = quoteaf(&dir))).await);
        }
        return Ok((operands, dir, Into::Always));
    }
    if operands.len() < 2 {
        return Err(ctx
            .misuse(spec, format!("missing destination file operand after {}", quoteaf(&operands[0])))
            .await);
    }
    if no_target && operands.len() > 2 {
        return Err(ctx.misuse(spec, format!("extra operand {}", quote(&operands[2]))).await);
    }
    let dest = operands.pop().unwrap_or_default();
    let into = match (no_target, operands.len()) {
        (true, _) => Into::Never,
        (false, 1) => Into::Auto,
        (false, _) => Into::Always,
    };
    Ok((operands, dest, into))
}

/// Why `dir`, the last of several operands, cannot take them, in coreutils 9's words:
/// `target 'x': Not a directory`, or why it cannot be reached.
fn not_a_target(ctx: &Ctx<'_>, dir: &str) -> String {
    let why = match ctx.vfs.stat(&ctx.abs(dir)) {
        Ok(_) => "Not a directory".to_string(),
        Err(err) => describe(&err),
    };
    format!("target {}: {why}", quoteaf(dir))
}

/// Whether `dest` ends in a slash but is no directory, when it would be the copy's own name.
fn slash_not_dir(ctx: &Ctx<'_>, dest: &str, into: Into) -> bool {
    into == Into::Auto && dest.ends_with('/') && !ctx.vfs.stat(&ctx.abs(dest)).is_ok_and(|m| m.is_dir())
}

fn destination(ctx: &Ctx<'_>, source: &str, dest: &str, into: Into) -> Result<String, String> {
    let dest_abs = ctx.abs(dest);
    let is_dir = into != Into::Never && ctx.vfs.stat(&dest_abs).is_ok_and(|m| m.is_dir());
    if into == Into::Always && !is_dir {
        return Err(not_a_target(ctx, dest));
    }
    if is_dir { Ok(path::join(&dest_abs, path::file_name(&ctx.abs(source)))) } else { Ok(dest_abs) }
}

/// `cp`.
pub const CP: Spec = Spec {
    name: "cp",
    summary: "copy files and directories",
    synopsis: &["[OPTION]... SOURCE DEST", "[OPTION]... SOURCE... DIRECTORY"],
    about: "Copy SOURCE to DEST, or multiple SOURCE(s) to DIRECTORY.",
    options: &[
        Opt::both('a', "archive", "same as -rp"),
        Opt::both('f', "force", "replace an existing destination (what cp does here anyway)"),
        Opt::both('n', "no-clobber", "do not overwrite an existing file"),
        Opt::short('p', "preserve mode and modification time"),
        Opt::both('r', "recursive", "copy directories recursively"),
        Opt::short('R', "same as -r"),
        Opt::both('v', "verbose", "explain what is being done"),
        Opt::both('P', "no-dereference", "copy symbolic links as links (the default with -r)"),
        Opt::short('d', "same as --no-dereference"),
        Opt::both('L', "dereference", "follow symbolic links given as SOURCE (the default without -r)"),
        Opt::short('H', "follow symbolic links given as SOURCE, also with -r"),
        TARGET_DIRECTORY,
        NO_TARGET_DIRECTORY,
    ],
    tools: &["fs.read", "fs.copy"],
    long_order: &[
        "archive",
        "attributes-only",
        "copy-contents",
        "context",
        "no-clobber",
        "no-dereference",
        "no-preserve",
        "no-target-directory",
        "parents",
        "preserve",
        "recursive",
        "remove-destination",
        "reflink",
        "sparse",
        "strip-trailing-slashes",
        "suffix",
        "symbolic-link",
        "verbose",
        "version",
    ],
    ..Spec::BASE
};

/// `cp [-afnprRvPdLH] [-t DIR | -T] SOURCE… DEST`
pub async fn cp(ctx: Ctx<'_>, mut args: Args) -> Status {
    let (sources, dest, into) = match placement(&ctx, &CP, &mut args).await {
        Ok(placed) => placed,
        Err(status) => return status,
    };
    let recursive = args.any(&[opt!(CP, 'r'), opt!(CP, 'R'), opt!(CP, 'a')]);
    // Whether a SOURCE that is a symbolic link is followed: the last of -P/-d (and -a, which
    // is -dR) and -L/-H says, else GNU's default (followed, unless copying recursively); -L
    // also follows the links inside a tree.
    let (logical, command_line) = (opt!(CP, 'L'), opt!(CP, 'H'));
    let last = args.last_of(&[opt!(CP, 'P'), opt!(CP, 'd'), opt!(CP, 'a'), logical, command_line]);
    let follow = match last {
        Some(opt) => opt == logical || opt == command_line,
        None => !recursive,
    };
    let follow_all = last == Some(logical);
    let preserve = args.any(&[opt!(CP, 'p'), opt!(CP, 'a')]);
    let no_clobber = args.has(opt!(CP, 'n'));
    let verbose = args.has(opt!(CP, 'v'));
    let mut status = 0;
    for source in &sources {
        let target = match destination(&ctx, source, &dest, into) {
            Ok(target) => target,
            Err(message) => return ctx.fail(message).await,
        };
        let abs = ctx.abs(source);
        // A final slash names what a link leads to, whatever the options.
        let follow = follow || source.ends_with('/');
        let meta = match if follow { ctx.vfs.stat(&abs) } else { ctx.vfs.lstat(&abs) } {
            Ok(meta) => meta,
            Err(err) => {
                ctx.complain(format!("cannot stat {source}: {}", describe(&err), source = quoteaf(source))).await;
                status = 1;
                continue;
            }
        };
        // `-T` onto a directory: GNU will not put a file in its place.
        if into == Into::Never && !meta.is_dir() && ctx.vfs.stat(&target).is_ok_and(|m| m.is_dir()) {
            ctx.complain(format!("cannot overwrite directory {dest} with non-directory", dest = quoteaf(&dest))).await;
            status = 1;
            continue;
        }
        if meta.is_dir() && !recursive {
            ctx.complain(format!("-r not specified; omitting directory {source}", source = quoteaf(source))).await;
            status = 1;
            continue;
        }
        // A final slash asks for a directory: a file is not made under that name.
        if !meta.is_dir() && slash_not_dir(&ctx, &dest, into) {
            ctx.complain(format!("cannot create regular file {}: Not a directory", quoteaf(&dest))).await;
            status = 1;
            continue;
        }
        // Where both ends are, links followed: a directory copied below itself, or a file
        // onto itself, is refused in GNU's words.
        let from_id = ctx.vfs.resolve(&abs, follow).unwrap_or_else(|_| abs.clone());
        let to_id = match ctx.vfs.resolve(path::parent(&target), true) {
            Ok(parent) => path::join(&parent, path::file_name(&target)),
            Err(_) => target.clone(),
        };
        let shown_to = shown_target(source, &dest, into, &ctx);
        if meta.is_dir() && (to_id == from_id || to_id.starts_with(&format!("{from_id}/"))) {
            // GNU copies what it can first: the copy is made, all but the one directory it
            // meets that is the copy itself.
            if to_id != from_id
                && let Err(err) = copy_skipping(&ctx, &from_id, &to_id, &to_id)
            {
                ctx.complain(format!("cannot create directory {}: {}", quoteaf(&shown_to), describe(&err))).await;
            }
            ctx.complain(format!(
                "cannot copy a directory, {source}, into itself, {shown_to}",
                source = quoteaf(source),
                shown_to = quoteaf(&shown_to)
            ))
            .await;
            status = 1;
            continue;
        }
        if !meta.is_dir()
            && ctx.vfs.lstat(&target).is_ok()
            && ctx.vfs.resolve(&target, follow).is_ok_and(|id| id == from_id)
        {
            ctx.complain(format!(
                "{source} and {shown_to} are the same file",
                source = quoteaf(source),
                shown_to = quoteaf(&shown_to)
            ))
            .await;
            status = 1;
            continue;
        }
        if no_clobber && ctx.vfs.lstat(&target).is_ok() {
            continue;
        }
        // Named before the copy, which may make the destination a directory; a tree is
        // shown entry by entry, as GNU does.
        let mut shown = verbose.then(|| {
            let top = shown_target(source, &dest, into, &ctx);
            let entries = if meta.is_dir() { tree_order(&ctx, source, &abs, &meta, true) } else { Vec::new() };
            let mut lines: Vec<String> = entries
                .into_iter()
                .map(|(from, _)| {
                    let to = format!("{top}{}", &from[source.len().min(from.len())..]);
                    format!("{} -> {}\n", quoteaf(&from), quoteaf(&to))
                })
                .collect();
            if lines.is_empty() {
                lines.push(format!("{source} -> {top}\n", source = quoteaf(source), top = quoteaf(&top)));
            }
            lines.concat()
        });
        let result = if meta.is_dir() && follow_all {
            // -L: every link inside is copied as what it leads to (and -v says what was).
            let mut walk = Followed { preserve, above: Vec::new(), trouble: false, listing: verbose.then(String::new) };
            let result = copy_followed(&ctx, &abs, source, &target, &shown_to, &mut walk).await;
            if walk.trouble {
                status = 1;
            }
            shown = walk.listing;
            result
        } else if meta.is_dir() {
            // Followed, a link to a directory is copied as the directory it names.
            let from = if follow { ctx.vfs.resolve(&abs, true).unwrap_or_else(|_| abs.clone()) } else { abs.clone() };
            ctx.vfs.copy_tree(&from, &target)
        } else if meta.kind == FileKind::Symlink {
            ctx.vfs.read_link(&abs).and_then(|link| {
                if ctx.vfs.lstat(&target).is_ok() {
                    ctx.vfs.remove_file(&target)?;
                }
                ctx.vfs.symlink(&link, &target)
            })
        } else {
            ctx.vfs.read(&abs).and_then(|data| ctx.vfs.write(&target, &data, WriteMode::Truncate)).and_then(|()| {
                if preserve {
                    ctx.vfs.set_mtime(&target, meta.mtime)?;
                }
                ctx.vfs.set_mode(&target, meta.mode)
            })
        };
        match result {
            Err(err) => {
                ctx.complain(format!("cannot create regular file {}: {}", quoteaf(&dest), describe(&err))).await;
                status = 1;
            }
            Ok(()) => {
                if let Some(shown) = shown {
                    ctx.out(shown).await;
                }
            }
        }
    }
    status
}

/// Copies the tree `from` to `to`, leaving out `skip` (the copy itself, inside `from`): each
/// directory is read after its copy is made, as GNU's walk reads it.
fn copy_skipping(ctx: &Ctx<'_>, from: &str, to: &str, skip: &str) -> std::io::Result<()> {
    if !ctx.vfs.stat(to).is_ok_and(|m| m.is_dir()) {
        ctx.vfs.mkdir(to)?;
    }
    for entry in ctx.vfs.read_dir(from)? {
        let (child, copy) = (path::join(from, &entry.name), path::join(to, &entry.name));
        if child == skip {
            continue;
        }
        if skip.starts_with(&format!("{child}/")) {
            copy_skipping(ctx, &child, &copy, skip)?;
        } else {
            ctx.vfs.copy_tree(&child, &copy)?;
        }
    }
    Ok(())
}

/// What `cp -rL` carries through a tree.
struct Followed {
    preserve: bool,
    /// Where the directories being copied resolve.
    above: Vec<String>,
    /// Set when something was left out.
    trouble: bool,
    /// `-v`'s lines, when asked for.
    listing: Option<String>,
}

/// `cp -rL`: copies the tree at `from` (shown as `shown`) to `to` (shown as `shown_to`), every
/// link followed. A link that leads nowhere is said and left out, as is one leading back to a
/// directory being copied (GNU's "cyclic symbolic link").
async fn copy_followed(
    ctx: &Ctx<'_>,
    from: &str,
    shown: &str,
    to: &str,
    shown_to: &str,
    walk: &mut Followed,
) -> std::io::Result<()> {
    let meta = match ctx.vfs.stat(from) {
        Ok(meta) => meta,
        Err(err) => {
            ctx.complain(format!("cannot stat {shown}: {}", describe(&err), shown = quoteaf(shown))).await;
            walk.trouble = true;
            return Ok(());
        }
    };
    if !meta.is_dir() {
        let data = ctx.vfs.read(from)?;
        ctx.vfs.write(to, &data, WriteMode::Truncate)?;
        ctx.vfs.set_mode(to, meta.mode)?;
        if walk.preserve {
            ctx.vfs.set_mtime(to, meta.mtime)?;
        }
        if let Some(listing) = walk.listing.as_mut() {
            listing.push_str(&format!("{shown} -> {shown_to}\n", shown = quoteaf(shown), shown_to = quoteaf(shown_to)));
        }
        return Ok(());
    }
    let identity = ctx.vfs.resolve(from, true)?;
    if walk.above.contains(&identity) {
        ctx.complain(format!("cannot copy cyclic symbolic link {shown}", shown = quoteaf(shown))).await;
        walk.trouble = true;
        return Ok(());
    }
    if !ctx.vfs.stat(to).is_ok_and(|m| m.is_dir()) {
        ctx.vfs.mkdir(to)?;
    }
    if let Some(listing) = walk.listing.as_mut() {
        listing.push_str(&format!("{shown} -> {shown_to}\n", shown = quoteaf(shown), shown_to = quoteaf(shown_to)));
    }
    walk.above.push(identity);
    let mut entries = ctx.vfs.read_dir(from)?;
    entries.sort_by(|a, b| a.name.cmp(&b.name));
    for entry in entries {
        let (child_shown, child_shown_to) = (path::join(shown, &entry.name), path::join(shown_to, &entry.name));
        let (child_from, child_to) = (path::join(from, &entry.name), path::join(to, &entry.name));
        Box::pin(copy_followed(ctx, &child_from, &child_shown, &child_to, &child_shown_to, walk)).await?;
    }
    walk.above.pop();
    ctx.vfs.set_mode(to, meta.mode)?;
    if walk.preserve {
        ctx.vfs.set_mtime(to, meta.mtime)?;
    }
    Ok(())
}

/// The destination as `cp -v` and `mv -v` name it: `DIR/NAME` when copying into a directory.
fn shown_target(source: &str, dest: &str, into: Into, ctx: &Ctx<'_>) -> String {
    let into = match into {
        Into::Always => true,
        Into::Never => false,
        Into::Auto => ctx.vfs.stat(&ctx.abs(dest)).is_ok_and(|m| m.is_dir()),
    };
    if into { path::join(dest.trim_end_matches('/'), path::file_name(source)) } else { dest.to_string() }
}

/// `mv`.
pub const MV: Spec = Spec {
    name: "mv",
    summary: "move or rename files",
    synopsis: &["[OPTION]... SOURCE DEST", "[OPTION]... SOURCE... DIRECTORY"],
    about: "Rename SOURCE to DEST, or move SOURCE(s) to DIRECTORY.",
    options: &[
        Opt::both('f', "force", "do not prompt before overwriting (mv never prompts here)"),
        Opt::both('n', "no-clobber", "do not overwrite an existing file"),
        Opt::both('v', "verbose", "explain what is being done"),
        Opt { help: "move all SOURCE arguments into DIRECTORY", ..TARGET_DIRECTORY },
        NO_TARGET_DIRECTORY,
    ],
    tools: &["fs.move"],
    long_order: &["no-clobber", "no-target-directory", "strip-trailing-slashes", "suffix", "verbose", "version"],
    ..Spec::BASE
};

/// `mv [-fnv] [-t DIR | -T] SOURCE… DEST`
pub async fn mv(ctx: Ctx<'_>, mut args: Args) -> Status {
    let (sources, dest, into) = match placement(&ctx, &MV, &mut args).await {
        Ok(placed) => placed,
        Err(status) => return status,
    };
    let mut status = 0;
    for source in &sources {
        let target = match destination(&ctx, source, &dest, into) {
            Ok(target) => target,
            Err(message) => return ctx.fail(message).await,
        };
        let abs = ctx.abs(source);
        let Ok(meta) = ctx.vfs.lstat(&abs) else {
            ctx.complain(format!("cannot stat {source}: No such file or directory", source = quoteaf(source))).await;
            status = 1;
            continue;
        };
        if !meta.is_dir() && slash_not_dir(&ctx, &dest, into) {
            ctx.complain(format!("cannot move {} to {}: Not a directory", quoteaf(source), quoteaf(&dest))).await;
            status = 1;
            continue;
        }
        // rename(2) would say ENOTDIR; GNU says what it will not do.
        if meta.is_dir() && ctx.vfs.stat(&target).is_ok_and(|m| !m.is_dir()) {
            let shown = shown_target(source, &dest, into, &ctx);
            ctx.complain(format!(
                "cannot overwrite non-directory {} with directory {}",
                quoteaf(&shown),
                quoteaf(source)
            ))
            .await;
            status = 1;
            continue;
        }
        if args.has(opt!(MV, 'n')) && ctx.vfs.lstat(&target).is_ok() {
            continue;
        }
        if target.starts_with(&format!("{abs}/")) {
            let shown = shown_target(source, &dest, into, &ctx);
            ctx.complain(format!("cannot move {} to a subdirectory of itself, {}", quoteaf(source), quoteaf(&shown)))
                .await;
            status = 1;
            continue;
        }
        // Named before the move, which may make the destination a directory.
        let shown = args.has(opt!(MV, 'v')).then(|| shown_target(source, &dest, into, &ctx));
        match ctx.vfs.rename(&abs, &target) {
            Err(err) => {
                ctx.complain(format!(
                    "cannot move {source} to {dest}: {}",
                    describe(&err),
                    source = quoteaf(source),
                    dest = quoteaf(&dest)
                ))
                .await;
                status = 1;
            }
            Ok(()) => {
                if let Some(shown) = shown {
                    ctx.out(format!(
                        "renamed {source} -> {shown}\n",
                        source = quoteaf(source),
                        shown = quoteaf(&shown)
                    ))
                    .await;
                }
            }
        }
    }
    status
}

const FORCE: Opt = Opt::both('f', "force", "ignore nonexistent files and arguments, never prompt");
const PROMPT: Opt = Opt::short('i', "prompt before every removal");
const PROMPT_ONCE: Opt =
    Opt::short('I', "prompt once before removing more than three files, or when removing recursively");
const INTERACTIVE: Opt =
    Opt::long("interactive", "prompt according to WHEN: never, once (-I), or always (-i)").optional("WHEN");
const RECURSIVE: Opt = Opt::both('r', "recursive", "remove directories and their contents recursively");
const RECURSIVE_R: Opt = Opt::short('R', "same as -r");
const DIR: Opt = Opt::both('d', "dir", "remove empty directories");
const VERBOSE: Opt = Opt::both('v', "verbose", "explain what is being done");
const PRESERVE_ROOT: Opt = Opt::long("preserve-root", "do not remove '/' (the default)");
const ONE_FILE_SYSTEM: Opt = Opt::long("one-file-system", "stay on one file system (the workspace is one)");

/// `rm`.
pub const RM: Spec = Spec {
    name: "rm",
    summary: "remove files or directories",
    synopsis: &["[OPTION]... [FILE]..."],
    about: "Remove (unlink) the FILE(s).",
    options: &[
        FORCE,
        PROMPT,
        PROMPT_ONCE,
        INTERACTIVE,
        RECURSIVE,
        RECURSIVE_R,
        DIR,
        VERBOSE,
        PRESERVE_ROOT,
        ONE_FILE_SYSTEM,
    ],
    tools: &["fs.delete"],
    operand_paths: true,
    ..Spec::BASE
};

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
pub async fn rm(ctx: Ctx<'_>, args: Args) -> Status {
    // GNU's words and status on a usage error; nothing is removed.
    let recursive = args.has(&RECURSIVE) || args.has(&RECURSIVE_R);
    let mut force = false;
    let mut ask = Ask::Never;
    for (opt, value) in args.given() {
        match (*opt, value) {
            (FORCE, _) => (force, ask) = (true, Ask::Never),
            (PROMPT, _) | (INTERACTIVE, "" | "always" | "yes") => (force, ask) = (false, Ask::Always),
            (PROMPT_ONCE, _) | (INTERACTIVE, "once") => (force, ask) = (false, Ask::Once),
            (INTERACTIVE, "never" | "no" | "none") => ask = Ask::Never,
            (INTERACTIVE, other) => {
                return ctx
                    .misuse(&RM, format!("invalid argument {other} for '--interactive'", other = quote(other)))
                    .await;
            }
            _ => {}
        }
    }
    let only_dirs = args.has(&DIR);
    let verbose = args.has(&VERBOSE);
    let operands = args.operands;
    if operands.is_empty() && !force {
        return ctx.misuse(&RM, "missing operand").await;
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
            ctx.complain(format!(
                "refusing to remove '.' or '..' directory: skipping {operand}",
                operand = quoteaf(&operand)
            ))
            .await;
            status = 1;
            continue;
        }
        let meta = match ctx.vfs.lstat(&abs) {
            Ok(meta) => meta,
            Err(err) => {
                if !force {
                    ctx.complain(format!("cannot remove {operand}: {}", describe(&err), operand = quoteaf(&operand)))
                        .await;
                    status = 1;
                }
                continue;
            }
        };
        if meta.is_dir() && !recursive && !only_dirs {
            ctx.complain(format!("cannot remove {operand}: Is a directory", operand = quoteaf(&operand))).await;
            status = 1;
            continue;
        }
        // With -v, what goes is said as GNU says it, children before their directory.
        let gone = if verbose { tree_order(&ctx, &operand, &abs, &meta, false) } else { Vec::new() };
        let removed = if ask == Ask::Always {
            remove_asking(&ctx, operand.clone(), abs, meta, verbose).await.map(drop)
        } else if meta.is_dir() && recursive {
            ctx.vfs.remove_tree(&abs).map_err(|err| (operand.clone(), err))
        } else if meta.is_dir() {
            ctx.vfs.remove_dir(&abs).map_err(|err| (operand.clone(), err))
        } else {
            ctx.vfs.remove_file(&abs).map_err(|err| (operand.clone(), err))
        };
        match removed {
            Err((shown, err)) => {
                ctx.complain(format!("cannot remove {shown}: {}", describe(&err), shown = quoteaf(&shown))).await;
                status = 1;
            }
            Ok(()) if ask != Ask::Always => {
                for (shown, is_dir) in gone {
                    ctx.out(removed_line(&shown, is_dir)).await;
                }
            }
            Ok(()) => {}
        }
    }
    status
}

/// `removed 'f'` or `removed directory 'd'`, as `rm -v` says it.
fn removed_line(shown: &str, is_dir: bool) -> String {
    if is_dir {
        format!("removed directory {}\n", quoteaf(shown))
    } else {
        format!("removed {shown}\n", shown = quoteaf(shown))
    }
}

/// The paths of the tree at `abs`, as shown from `shown`, each with whether it is a
/// directory: parents before their children (what `cp -rv` copies) or after them (what `rm -rv`
/// removes). Metadata only: the operation itself is judged and made whole by the workspace.
fn tree_order(ctx: &Ctx<'_>, shown: &str, abs: &str, meta: &Meta, parents_first: bool) -> Vec<(String, bool)> {
    let mut order = Vec::new();
    if parents_first {
        order.push((shown.to_string(), meta.is_dir()));
    }
    if meta.is_dir() {
        let mut entries = ctx.vfs.read_dir(abs).unwrap_or_default();
        entries.sort_by(|a, b| a.name.cmp(&b.name));
        for entry in entries {
            let child_abs = path::join(abs, &entry.name);
            if let Ok(child) = ctx.vfs.lstat(&child_abs) {
                order.extend(tree_order(ctx, &path::join(shown, &entry.name), &child_abs, &child, parents_first));
            }
        }
    }
    if !parents_first {
        order.push((shown.to_string(), meta.is_dir()));
    }
    order
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
    verbose: bool,
) -> futures::future::BoxFuture<'a, Result<bool, (String, std::io::Error)>> {
    Box::pin(async move {
        if meta.is_dir() {
            let entries = ctx.vfs.read_dir(&abs).map_err(|err| (shown.clone(), err))?;
            if !entries.is_empty() {
                if !confirm(ctx, &format!("descend into directory {shown}", shown = quoteaf(&shown))).await {
                    return Ok(false);
                }
                let mut emptied = true;
                for entry in entries {
                    let child_abs = path::join(&abs, &entry.name);
                    let child_shown = path::join(&shown, &entry.name);
                    let child = ctx.vfs.lstat(&child_abs).map_err(|err| (child_shown.clone(), err))?;
                    emptied &= remove_asking(ctx, child_shown, child_abs, child, verbose).await?;
                }
                if !emptied {
                    return Ok(false);
                }
            }
            if !confirm(ctx, &format!("remove directory {shown}", shown = quoteaf(&shown))).await {
                return Ok(false);
            }
            ctx.vfs.remove_dir(&abs).map_err(|err| (shown.clone(), err))?;
            if verbose {
                ctx.out(removed_line(&shown, true)).await;
            }
            return Ok(true);
        }
        if !confirm(ctx, &format!("remove {} {shown}", meta.kind_name(), shown = quoteaf(&shown))).await {
            return Ok(false);
        }
        ctx.vfs.remove_file(&abs).map_err(|err| (shown.clone(), err))?;
        if verbose {
            ctx.out(removed_line(&shown, false)).await;
        }
        Ok(true)
    })
}

const PARENTS: Opt = Opt::both('p', "parents", "no error if existing, make parent directories as needed");
const MODE: Opt = Opt::both('m', "mode", "set file mode (as in chmod), not a=rwx - umask").value("MODE");
const MKDIR_VERBOSE: Opt = Opt::both('v', "verbose", "print a message for each created directory");

/// `mkdir`.
pub const MKDIR: Spec = Spec {
    name: "mkdir",
    summary: "make directories",
    synopsis: &["[OPTION]... DIRECTORY..."],
    about: "Create the DIRECTORY(ies), if they do not already exist.",
    options: &[MODE, PARENTS, MKDIR_VERBOSE],
    tools: &["fs.mkdir"],
    operand_paths: true,
    assumed: true,
    ..Spec::BASE
};

/// `mkdir [-pv] [-m MODE] DIRECTORY…`
pub async fn mkdir(ctx: Ctx<'_>, args: Args) -> Status {
    let parents = args.has(&PARENTS);
    let verbose = args.has(&MKDIR_VERBOSE);
    // Octal, or symbolic from GNU's starting point, all permissions (`a=x` is 0111).
    let mode = match args.last(&MODE).map(|m| apply_mode(m, 0o777, true, ctx.state().umask)) {
        None => None,
        Some(Some(mode)) if mode <= 0o7777 => Some(mode),
        Some(_) => return ctx.fail(format!("invalid mode {}", quote(args.last(&MODE).unwrap_or_default()))).await,
    };
    let operands = args.operands;
    if operands.is_empty() {
        return ctx.misuse(&MKDIR, "missing operand").await;
    }
    let mut status = 0;
    for operand in operands {
        let abs = ctx.abs(&operand);
        let mut created = Vec::new();
        let mut blocked = false;
        let result = if parents {
            let mut current = String::from("/");
            let mut result = Ok(());
            let components: Vec<&str> = path::components(&abs).collect();
            for (at, component) in components.iter().enumerate() {
                current = path::join(&current, component);
                match ctx.vfs.stat(&current) {
                    Ok(meta) if meta.is_dir() => continue,
                    // GNU names the first file on the way, as the operand spells it.
                    Ok(_) if at + 1 < components.len() => {
                        let shown = shown_relative(&operand, &abs, &current);
                        ctx.complain(format!("cannot create directory {}: Not a directory", quote(&shown))).await;
                        status = 1;
                        result = Ok(());
                        blocked = true;
                        break;
                    }
                    Ok(_) => {
                        result = Err(std::io::Error::new(std::io::ErrorKind::AlreadyExists, "File exists"));
                        break;
                    }
                    Err(_) => {
                        if let Err(err) = ctx.vfs.mkdir(&current) {
                            result = Err(err);
                            break;
                        }
                        created.push(current.clone());
                    }
                }
            }
            result
        } else {
            ctx.vfs.mkdir(&abs).map(|()| created.push(abs.clone()))
        };
        // `-m` applies to the directory named (GNU: parents made by -p get the default).
        let result = match (result, mode) {
            (Ok(()), Some(mode)) if !blocked => ctx.vfs.set_mode(&abs, mode),
            (result, _) => result,
        };
        if let Err(err) = result {
            ctx.complain(format!("cannot create directory {operand}: {}", describe(&err), operand = quote(&operand)))
                .await;
            status = 1;
        }
        if verbose {
            for dir in created {
                ctx.out(format!("mkdir: created directory {}\n", quoteaf(&shown_relative(&operand, &abs, &dir)))).await;
            }
        }
    }
    status
}

/// `dir`, a directory made on the way to `abs`, as the user would name it from `operand`.
fn shown_relative(operand: &str, abs: &str, dir: &str) -> String {
    let trimmed = operand.trim_end_matches('/');
    let below = abs.len().saturating_sub(dir.len());
    match trimmed.len().checked_sub(below) {
        Some(cut) if trimmed.is_char_boundary(cut) => trimmed[..cut].to_string(),
        _ => dir.to_string(),
    }
}

const RMDIR_PARENTS: Opt =
    Opt::both('p', "parents", "remove DIRECTORY and its ancestors; 'rmdir -p a/b' is 'rmdir a/b a'");
const NON_EMPTY: Opt = Opt::long("ignore-fail-on-non-empty", "ignore each failure to remove a non-empty directory");

/// `rmdir`.
pub const RMDIR: Spec = Spec {
    name: "rmdir",
    summary: "remove empty directories",
    synopsis: &["[OPTION]... DIRECTORY..."],
    about: "Remove the DIRECTORY(ies), if they are empty.",
    options: &[
        NON_EMPTY,
        RMDIR_PARENTS,
        Opt::both('v', "verbose", "output a diagnostic for every directory processed"),
    ],
    tools: &["fs.delete"],
    operand_paths: true,
    assumed: true,
    long_order: &["ignore-fail-on-non-empty", "parents", "verbose", "version"],
    ..Spec::BASE
};

/// `rmdir [-pv] [--ignore-fail-on-non-empty] DIRECTORY…`
pub async fn rmdir(ctx: Ctx<'_>, args: Args) -> Status {
    if args.operands.is_empty() {
        return ctx.misuse(&RMDIR, "missing operand").await;
    }
    let mut status = 0;
    for operand in &args.operands {
        let mut name = operand.trim_end_matches('/').to_string();
        loop {
            // Named as given, final slashes and all.
            let shown = if *operand.trim_end_matches('/') == *name { operand } else { &name };
            if args.has(opt!(RMDIR, 'v')) {
                ctx.out(format!("rmdir: removing directory, {}\n", quoteaf(shown))).await;
            }
            // rmdir(2) refuses a last component `.` (EINVAL) and `..` (never empty); the path
            // normalized would name the directory itself, or its parent.
            let last = name.rsplit('/').next().unwrap_or_default();
            let removed = match last {
                "." => Err(std::io::Error::from_raw_os_error(22)),
                ".." => Err(std::io::Error::from(std::io::ErrorKind::DirectoryNotEmpty)),
                _ => ctx.vfs.remove_dir(&ctx.abs(&name)),
            };
            match removed {
                Err(err) if err.kind() == std::io::ErrorKind::DirectoryNotEmpty && args.has(&NON_EMPTY) => break,
                Err(err) => {
                    ctx.complain(format!("failed to remove {shown}: {}", describe(&err), shown = quoteaf(shown))).await;
                    status = 1;
                    break;
                }
                Ok(()) => {}
            }
            match name.rsplit_once('/') {
                Some((parent, _)) if args.has(&RMDIR_PARENTS) && !parent.is_empty() => name = parent.to_string(),
                _ => break,
            }
        }
    }
    status
}

const NO_CREATE: Opt = Opt::both('c', "no-create", "do not create any files");

/// `touch`.
pub const TOUCH: Spec = Spec {
    name: "touch",
    summary: "create files or update their times",
    synopsis: &["[OPTION]... FILE..."],
    about: "Update the modification time of each FILE to the current time (or the one -d, -t or -r gives); a FILE that does not exist is created empty, unless -c is given. A file keeps one time here: -a alone changes nothing but creates.",
    options: &[NO_CREATE, ACCESS_ONLY, MODIFICATION_ONLY, TOUCH_DATE, TOUCH_STAMP, TOUCH_REFERENCE],
    tools: &["fs.write"],
    operand_paths: true,
    assumed: true,
    long_order: &["no-create", "no-dereference"],
    ..Spec::BASE
};

const ACCESS_ONLY: Opt = Opt::short('a', "change only the access time (not kept here: nothing changes)");
const MODIFICATION_ONLY: Opt = Opt::short('m', "change only the modification time (the only one kept here)");
const TOUCH_DATE: Opt =
    Opt::both('d', "date", "use the time STRING names instead of now (as date -d reads it)").value("STRING");
const TOUCH_STAMP: Opt = Opt::short('t', "use [[CC]YY]MMDDhhmm[.ss] instead of now").value("STAMP");
const TOUCH_REFERENCE: Opt = Opt::both('r', "reference", "use FILE's time instead of now").value("FILE");

/// `touch -t`'s `[[CC]YY]MMDDhhmm[.ss]`, in UTC (the workspace's zone).
fn touch_stamp(stamp: &str) -> Option<SystemTime> {
    let (main, seconds) = match stamp.split_once('.') {
        Some((main, seconds)) if seconds.len() == 2 => (main, seconds.parse::<u32>().ok()?),
        Some(_) => return None,
        None => (stamp, 0),
    };
    if !main.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let number = |range: std::ops::Range<usize>| main.get(range).and_then(|d| d.parse::<u32>().ok());
    let (year, rest) = match main.len() {
        8 => (chrono::Datelike::year(&chrono::Utc::now()), 0),
        // POSIX: YY from 69 is 19YY, below it 20YY.
        10 => (number(0..2).map(|yy| if yy >= 69 { 1900 + yy } else { 2000 + yy })? as i32, 2),
        12 => (number(0..4)? as i32, 4),
        _ => return None,
    };
    let date = chrono::NaiveDate::from_ymd_opt(year, number(rest..rest + 2)?, number(rest + 2..rest + 4)?)?;
    let time = date.and_hms_opt(number(rest + 4..rest + 6)?, number(rest + 6..rest + 8)?, seconds)?;
    Some(time.and_utc().into())
}

/// `touch [-acm] [-d DATE|-t STAMP|-r FILE] FILE…`
pub async fn touch(ctx: Ctx<'_>, mut args: Args) -> Status {
    let when = if let Some(date) = args.last(&TOUCH_DATE) {
        match crate::text::stream::parse_date(date, ctx.state()) {
            Some(when) => when.into(),
            None => return ctx.fail(format!("invalid date format {date}", date = quote(date))).await,
        }
    } else if let Some(stamp) = args.last(&TOUCH_STAMP) {
        match touch_stamp(stamp) {
            Some(when) => when,
            None => return ctx.fail(format!("invalid date format {stamp}", stamp = quote(stamp))).await,
        }
    } else if let Some(reference) = args.last(&TOUCH_REFERENCE) {
        match ctx.vfs.stat(&ctx.abs(reference)) {
            Ok(meta) => meta.mtime,
            Err(err) => {
                return ctx
                    .fail(format!(
                        "failed to get attributes of {reference}: {}",
                        describe(&err),
                        reference = quoteaf(reference)
                    ))
                    .await;
            }
        }
    } else {
        SystemTime::now()
    };
    // `-a` without `-m` asks for the access time only, which no file keeps here.
    let keep_time = args.has(opt!(TOUCH, 'a')) && !args.has(opt!(TOUCH, 'm'));
    let operands = std::mem::take(&mut args.operands);
    if operands.is_empty() {
        return ctx.misuse(&TOUCH, "missing file operand").await;
    }
    let mut status = 0;
    for operand in operands {
        let abs = ctx.abs(&operand);
        let result = if ctx.vfs.stat(&abs).is_ok() {
            if keep_time { Ok(()) } else { ctx.vfs.set_mtime(&abs, when) }
        } else if args.has(opt!(TOUCH, 'c')) {
            Ok(())
        } else {
            ctx.vfs
                .write(&abs, b"", WriteMode::Append)
                .and_then(|()| if keep_time { Ok(()) } else { ctx.vfs.set_mtime(&abs, when) })
        };
        if let Err(err) = result {
            ctx.complain(format!("cannot touch {operand}: {}", describe(&err), operand = quoteaf(&operand))).await;
            status = 1;
        }
    }
    status
}

/// `ln`.
pub const LN: Spec = Spec {
    name: "ln",
    summary: "make links (symbolic with -s)",
    synopsis: &["[OPTION]... -s TARGET [LINK_NAME]", "[OPTION]... -s TARGET... DIRECTORY"],
    about: "Create a symbolic link to TARGET named LINK_NAME, or in DIRECTORY (hard links are not supported in the workspace).",
    options: &[
        Opt::both('f', "force", "remove existing destination files"),
        Opt::both('n', "no-dereference", "treat LINK_NAME as a normal file if it is a symbolic link to a directory"),
        Opt::both('s', "symbolic", "make symbolic links instead of hard links"),
        Opt::both('v', "verbose", "print name of each linked file"),
    ],
    tools: &["fs.write"],
    long_order: &["no-dereference", "no-target-directory", "suffix", "symbolic", "verbose", "version"],
    ..Spec::BASE
};

/// `ln -s [-fnv] TARGET [LINK]`
pub async fn ln(ctx: Ctx<'_>, mut args: Args) -> Status {
    let operands = std::mem::take(&mut args.operands);
    if !args.has(opt!(LN, 's')) {
        return ctx.fail("hard links are not supported in the workspace; use ln -s").await;
    }
    let (target, link) = match operands.as_slice() {
        // GNU makes it in `.`, and names it so.
        [target] => (target.clone(), format!("./{}", path::file_name(target))),
        [target, link] => (target.clone(), link.clone()),
        [] => return ctx.misuse(&LN, "missing file operand").await,
        [targets @ .., dir] => {
            // Several targets: links to each inside the directory, named as the targets are.
            if !ctx.vfs.stat(&ctx.abs(dir)).is_ok_and(|m| m.is_dir()) {
                return ctx.fail(not_a_target(&ctx, dir)).await;
            }
            let mut status = 0;
            for target in targets {
                let link_abs = path::join(&ctx.abs(dir), path::file_name(target));
                if args.has(opt!(LN, 'f')) && ctx.vfs.lstat(&link_abs).is_ok() {
                    let _ = ctx.vfs.remove_file(&link_abs);
                }
                let shown = path::join(dir, path::file_name(target));
                if let Err(err) = ctx.vfs.symlink(target, &link_abs) {
                    ctx.complain(format!(
                        "failed to create symbolic link {shown}: {}",
                        describe(&err),
                        shown = quoteaf(&shown)
                    ))
                    .await;
                    status = 1;
                } else if args.has(opt!(LN, 'v')) {
                    ctx.out(format!("{} -> {}\n", quoteaf(&shown), quoteaf(target))).await;
                }
            }
            return status;
        }
    };
    let mut link_abs = ctx.abs(&link);
    let mut shown = link.clone();
    if ctx.vfs.stat(&link_abs).is_ok_and(|m| m.is_dir()) && !args.has(opt!(LN, 'n')) {
        link_abs = path::join(&link_abs, path::file_name(&target));
        shown = path::join(&link, path::file_name(&target));
    }
    if args.has(opt!(LN, 'f')) && ctx.vfs.lstat(&link_abs).is_ok() {
        let _ = ctx.vfs.remove_file(&link_abs);
    }
    match ctx.vfs.symlink(&target, &link_abs) {
        Ok(()) => {
            if args.has(opt!(LN, 'v')) {
                ctx.out(format!("{} -> {}\n", quoteaf(&shown), quoteaf(&target))).await;
            }
            0
        }
        Err(err) => {
            ctx.fail(format!("failed to create symbolic link {shown}: {}", describe(&err), shown = quoteaf(&shown)))
                .await
        }
    }
}

const FORMAT: Opt =
    Opt::both('c', "format", "use the specified FORMAT instead of the default; a newline after each use")
        .value("FORMAT");
const PRINTF: Opt =
    Opt::long("printf", "like --format, but interpret backslash escapes, and no trailing newline").value("FORMAT");
const DEREFERENCE: Opt = Opt::both('L', "dereference", "follow links");

/// `stat`.
pub const STAT: Spec = Spec {
    name: "stat",
    summary: "display file status",
    synopsis: &["[OPTION]... FILE..."],
    about: "Display file status. FORMAT sequences: %n name, %s size, %F type, %a octal mode, %A mode, %Y and %y modification time, %U %G owner, %u %g ids, %h links, %% a %.",
    options: &[DEREFERENCE, FORMAT, PRINTF],
    long_order: &["file-system", "format"],
    ..Spec::BASE
};

/// `stat [-L] [-c FORMAT | --printf FORMAT] FILE…`
pub async fn stat(ctx: Ctx<'_>, args: Args) -> Status {
    let follow = args.has(&DEREFERENCE);
    // The last of -c/--format/--printf wins; --printf ends no line and reads escapes.
    let (format, newline) = match args.given().filter(|(o, _)| **o == FORMAT || **o == PRINTF).last() {
        Some((opt, text)) if *opt == PRINTF => (Some(crate::text::stream::expand_backslashes(text).0), false),
        Some((_, text)) => (Some(text.to_string()), true),
        None => (None, true),
    };
    let files = args.operands;
    if files.is_empty() {
        return ctx.misuse(&STAT, "missing operand").await;
    }
    let zone = crate::text::zone::Zone::of(ctx.state());
    let mut status = 0;
    let mut out = String::new();
    for file in files {
        let abs = ctx.abs(&file);
        let meta = if follow { ctx.vfs.stat(&abs) } else { ctx.vfs.lstat(&abs) };
        let meta = match meta {
            Ok(meta) => meta,
            Err(err) => {
                // coreutils 9 reads metadata with statx(2) and names the call.
                ctx.complain(format!("cannot statx {file}: {}", describe(&err), file = quoteaf(&file))).await;
                status = 1;
                continue;
            }
        };
        let epoch = meta.mtime.duration_since(SystemTime::UNIX_EPOCH).map(|d| d.as_secs()).unwrap_or(0);
        let (datetime, _) = zone.local(meta.mtime.into());
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
                        // The name quoted as coreutils quotes it, with a link's target.
                        Some('N') => {
                            out.push_str(&quoteaf(&file));
                            if meta.kind == crate::vfs::FileKind::Symlink
                                && let Ok(target) = ctx.vfs.read_link(&abs)
                            {
                                out.push_str(" -> ");
                                out.push_str(&quoteaf(&target));
                            }
                        }
                        Some('s') => out.push_str(&meta.size.to_string()),
                        Some('F') => out.push_str(meta.kind_name()),
                        Some('a') => out.push_str(&format!("{:o}", meta.mode)),
                        Some('A') => out.push_str(&mode_string(&meta)),
                        Some('Y') => out.push_str(&epoch.to_string()),
                        Some('y') => out.push_str(&datetime.format("%Y-%m-%d %H:%M:%S%.9f %z").to_string()),
                        Some('U' | 'G') => out.push_str(ctx.agent()),
                        Some('u' | 'g') => out.push_str(&toolsh_core::session::AGENT_ID.to_string()),
                        Some('h') => out.push('1'),
                        Some('%') => out.push('%'),
                        Some(other) => {
                            out.push('%');
                            out.push(other);
                        }
                        None => out.push('%'),
                    }
                }
                if newline {
                    out.push('\n');
                }
            }
            None => {
                // GNU's default names a link's target too, with the names as they are.
                let shown = match ctx.vfs.read_link(&abs) {
                    Ok(target) if meta.kind == crate::vfs::FileKind::Symlink => format!("{file} -> {target}"),
                    _ => file.clone(),
                };
                out.push_str(&format!(
                    "  File: {shown}\n  Size: {}\t{}\nAccess: ({:04o}/{})\nModify: {}\n",
                    meta.size,
                    meta.kind_name(),
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

/// How `du` walks and counts.
struct DuOptions {
    all: bool,
    max_depth: Option<usize>,
    /// `-L`: every link is followed; `-H`/`-D`: the operands only.
    follow_all: bool,
    follow_operands: bool,
    /// `-S`: a directory's size leaves out its subdirectories.
    separate: bool,
    /// What is counted per file: 4 KiB blocks (in bytes), its size (`--apparent-size`, `-b`),
    /// or one (`--inodes`).
    measure: DuMeasure,
    /// The unit sizes are printed in (bytes per unit), or `None` for `-h`.
    unit: Option<u64>,
    /// `-x`: other mounts are not entered.
    one_fs: bool,
    /// Whether a file already counted is skipped (GNU does so for every file with several
    /// operands or -L, unless `-l`: there are no hard links here, so only then).
    dedupe: bool,
    /// `-t`: sizes below it (negative: above its magnitude) are not printed.
    threshold: Option<i64>,
    end: char,
    /// `--exclude`, `-X`: patterns of names not counted.
    exclude: Vec<crate::pattern::Pattern>,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum DuMeasure {
    Blocks,
    Apparent,
    Inodes,
}

impl DuOptions {
    fn measure(&self, meta: &Meta) -> u64 {
        match self.measure {
            DuMeasure::Blocks => kib_blocks(meta) * 1024,
            DuMeasure::Apparent => meta.size,
            DuMeasure::Inodes => 1,
        }
    }

    /// A size as `du` prints it: in the unit, rounded up, or `-h`'s form.
    fn shown(&self, size: u64) -> String {
        match (self.measure, self.unit) {
            (DuMeasure::Inodes, None) => human_count(size),
            (DuMeasure::Inodes, Some(_)) => size.to_string(),
            (_, None) => human(size),
            (_, Some(unit)) => size.div_ceil(unit.max(1)).to_string(),
        }
    }

    /// Whether `--exclude` leaves out the file shown as `display`: a pattern matching it
    /// whole or from after any `/` (GNU's unanchored exclusion; `*` matches `/` too).
    fn excluded(&self, display: &str) -> bool {
        self.exclude.iter().any(|pattern| {
            pattern.matches(display) || display.match_indices('/').any(|(at, _)| pattern.matches(&display[at + 1..]))
        })
    }

    fn printed(&self, size: u64) -> bool {
        match self.threshold {
            Some(limit) if limit < 0 => size <= limit.unsigned_abs(),
            Some(limit) => size >= limit.unsigned_abs(),
            None => true,
        }
    }
}

/// A count as `du --inodes -h` prints it: like a size, without the bytes.
fn human_count(count: u64) -> String {
    if count < 1024 { count.to_string() } else { human(count) }
}

/// What one walk of `du` gathers.
struct DuWalk {
    lines: String,
    /// Every file counted, where it resolves (for `dedupe`).
    seen: std::collections::HashSet<String>,
    /// The grand total: every counted file's own size, once.
    total: u64,
    /// Where the directories being walked resolve: one met again below itself (a loop of
    /// links under -L) is left out, as GNU's walk does, even when `-l` counts files again.
    above: Vec<String>,
    failed: bool,
}

/// Counts `abs` and what is below it; returns what it adds to its directory's size.
async fn disk_usage(ctx: &Ctx<'_>, o: &DuOptions, walk: &mut DuWalk, abs: &str, display: &str, depth: usize) -> u64 {
    if o.excluded(display) {
        return 0;
    }
    let follow = o.follow_all || (depth == 0 && (o.follow_operands || display.ends_with('/')));
    let meta = match if follow { ctx.vfs.stat(abs) } else { ctx.vfs.lstat(abs) } {
        Ok(meta) => meta,
        // A link leading nowhere, when it was to be followed: GNU says no reason.
        Err(err) if follow && err.kind() == std::io::ErrorKind::NotFound && ctx.vfs.lstat(abs).is_ok() => {
            ctx.complain(format!("cannot access {display}", display = quoteaf(display))).await;
            walk.failed = true;
            return 0;
        }
        Err(err) => {
            ctx.complain(format!("cannot access {display}: {}", describe(&err), display = quoteaf(display))).await;
            walk.failed = true;
            return 0;
        }
    };
    if o.dedupe {
        let identity = ctx.vfs.resolve(abs, follow).unwrap_or_else(|_| abs.to_string());
        if !walk.seen.insert(identity) {
            return 0;
        }
    }
    let own = o.measure(&meta);
    walk.total += own;
    let mut size = own;
    if meta.is_dir() && !(o.one_fs && depth > 0 && ctx.vfs.is_mount_point(abs)) {
        let identity = ctx.vfs.resolve(abs, true).unwrap_or_else(|_| abs.to_string());
        if walk.above.contains(&identity) {
            walk.total -= own;
            return 0;
        }
        walk.above.push(identity);
        match ctx.vfs.read_dir(abs) {
            Ok(entries) => {
                for entry in entries {
                    let child = if display.ends_with('/') {
                        format!("{display}{}", entry.name)
                    } else {
                        format!("{display}/{}", entry.name)
                    };
                    let child_abs = path::join(abs, &entry.name);
                    let below = Box::pin(disk_usage(ctx, o, walk, &child_abs, &child, depth + 1)).await;
                    // -S: what a subdirectory holds is its own line's, not this one's.
                    if !(o.separate && entry.kind == FileKind::Dir) {
                        size += below;
                    }
                }
            }
            Err(err) => {
                ctx.complain(format!(
                    "cannot read directory {display}: {}",
                    describe(&err),
                    display = quoteaf(display)
                ))
                .await;
                walk.failed = true;
            }
        }
        walk.above.pop();
    }
    let within = o.max_depth.is_none_or(|m| depth <= m);
    if ((meta.is_dir() || o.all) && within || depth == 0) && o.printed(size) {
        walk.lines.push_str(&format!("{}\t{display}{}", o.shown(size), o.end));
    }
    size
}

/// `-t SIZE`: a whole number with an optional unit (`K`, `M`, … of 1024, `KB`, `MB`, … of
/// 1000, `KiB` the same as `K`).
fn threshold_bytes(text: &str) -> Option<i64> {
    let (negative, body) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text),
    };
    let digits = body.find(|c: char| !c.is_ascii_digit()).unwrap_or(body.len());
    let (number, suffix) = body.split_at(digits);
    let number: i64 = if number.is_empty() { 1 } else { number.parse().ok()? };
    if digits == 0 && suffix.is_empty() {
        return None;
    }
    let (letter, rest) = match suffix.chars().next() {
        Some(c) => (Some(c), &suffix[c.len_utf8()..]),
        None => (None, ""),
    };
    let power = match letter {
        None => 0,
        Some(c) => "KMGTPEZY".find(c.to_ascii_uppercase()).map(|at| at as u32 + 1)?,
    };
    let base: i64 = match rest {
        "" | "iB" => 1024,
        "B" => 1000,
        _ => return None,
    };
    let size = number.checked_mul(base.checked_pow(power)?)?;
    Some(if negative { -size } else { size })
}

const MAX_DEPTH: Opt =
    Opt::both('d', "max-depth", "print the total for a directory only if it is N or fewer levels below").value("N");
const DU_HUMAN: Opt = Opt::both('h', "human-readable", "print sizes in human readable format (e.g., 1K 234M 2G)");
const DU_KIB: Opt = Opt::short('k', "print sizes in KiB (the default)");
const DU_MIB: Opt = Opt::short('m', "print sizes in MiB");
const DU_BYTES: Opt = Opt::both('b', "bytes", "print apparent sizes, in bytes");
const DU_APPARENT: Opt = Opt::long("apparent-size", "print apparent sizes rather than disk usage");
const DU_INODES: Opt = Opt::long("inodes", "list inode usage information instead of block usage");
const DU_DEREF: Opt = Opt::both('L', "dereference", "dereference all symbolic links");
const DU_DEREF_ARGS: Opt =
    Opt::both('D', "dereference-args", "dereference only symlinks that are listed on the command line");
const DU_DEREF_H: Opt = Opt::short('H', "equivalent to --dereference-args (-D)");
const DU_NO_DEREF: Opt = Opt::both('P', "no-dereference", "don't follow any symbolic links (this is the default)");
const DU_EXCLUDE: Opt = Opt::long("exclude", "exclude files that match PATTERN").value("PATTERN");
const DU_EXCLUDE_FROM: Opt =
    Opt::both('X', "exclude-from", "exclude files that match any pattern in FILE").value("FILE");
const DU_THRESHOLD: Opt = Opt::both(
    't',
    "threshold",
    "exclude entries smaller than SIZE if positive, or entries greater than SIZE if negative",
)
.value("SIZE");

/// `du`.
pub const DU: Spec = Spec {
    name: "du",
    summary: "estimate file space usage",
    synopsis: &["[OPTION]... [FILE]..."],
    about: "Summarize disk usage of each FILE, recursively for directories, in 1 KiB units of 4 KiB blocks.",
    options: &[
        Opt::both('0', "null", "end each output line with NUL, not newline"),
        Opt::both('a', "all", "write counts for all files, not just directories"),
        DU_APPARENT,
        DU_BYTES,
        Opt::both('c', "total", "produce a grand total"),
        DU_DEREF_ARGS,
        MAX_DEPTH,
        DU_EXCLUDE,
        DU_EXCLUDE_FROM,
        DU_DEREF_H,
        DU_HUMAN,
        DU_INODES,
        DU_KIB,
        DU_DEREF,
        Opt::both('l', "count-links", "count sizes many times if hard linked"),
        DU_MIB,
        DU_NO_DEREF,
        Opt::both('S', "separate-dirs", "for directories do not include size of subdirectories"),
        Opt::both('s', "summarize", "display only a total for each argument"),
        DU_THRESHOLD,
        Opt::both('x', "one-file-system", "skip directories on different file systems"),
    ],
    tools: &["fs.list"],
    operand_paths: true,
    long_order: &[
        "all",
        "apparent-size",
        "block-size",
        "bytes",
        "dereference",
        "dereference-args",
        "exclude",
        "exclude-from",
        "human-readable",
        "help",
        "null",
        "no-dereference",
        "si",
        "separate-dirs",
        "summarize",
        "total",
        "threshold",
        "time",
        "time-style",
    ],
    ..Spec::BASE
};

/// `du [-0abcDhHklLmPsSx] [-d N] [-t SIZE] [--apparent-size] [--inodes] [FILE…]`
pub async fn du(ctx: Ctx<'_>, mut args: Args) -> Status {
    let mut max_depth = match args.last(&MAX_DEPTH).map(str::parse::<usize>) {
        None => None,
        Some(Ok(depth)) => Some(depth),
        Some(Err(_)) => {
            let shown = args.last(&MAX_DEPTH).unwrap_or_default();
            return ctx.misuse(&DU, format!("invalid maximum depth {shown}", shown = quote(shown))).await;
        }
    };
    if args.has(opt!(DU, 's')) {
        if args.has(opt!(DU, 'a')) {
            return ctx.misuse(&DU, "cannot both summarize and show all entries").await;
        }
        match max_depth {
            Some(0) => ctx.complain("warning: summarizing is the same as using --max-depth=0").await,
            Some(depth) => {
                return ctx.misuse(&DU, format!("warning: summarizing conflicts with --max-depth={depth}")).await;
            }
            None => {}
        }
        max_depth = Some(0);
    }
    let threshold = match args.last(&DU_THRESHOLD) {
        None => None,
        Some(text) => match threshold_bytes(text) {
            Some(size) => Some(size),
            None => return ctx.fail(format!("invalid suffix in -t argument {text}", text = quote(text))).await,
        },
    };
    // The last of -h, -k, -m and -b says the unit; -b also counts sizes, as --apparent-size.
    let mut unit = Some(1024);
    let mut measure = DuMeasure::Blocks;
    for (opt, _) in args.given() {
        match *opt {
            DU_HUMAN => unit = None,
            DU_KIB => unit = Some(1024),
            DU_MIB => unit = Some(1024 * 1024),
            DU_BYTES => {
                unit = Some(1);
                measure = DuMeasure::Apparent;
            }
            DU_APPARENT => measure = DuMeasure::Apparent,
            _ => {}
        }
    }
    if args.has(&DU_INODES) {
        measure = DuMeasure::Inodes;
        unit = if unit.is_none() { None } else { Some(1) };
    }
    let mut exclude = Vec::new();
    for (opt, value) in args.given() {
        if *opt == DU_EXCLUDE {
            exclude.push(crate::pattern::Pattern::new(value));
        } else if *opt == DU_EXCLUDE_FROM {
            match ctx.read_operand(value).await {
                Ok(data) => exclude.extend(
                    toolsh_bytes::decode(&data).lines().filter(|l| !l.is_empty()).map(crate::pattern::Pattern::new),
                ),
                // GNU says it as a usage error (with the hint), status 1.
                Err(err) => return ctx.misuse(&DU, format!("{}: {}", quotef(value), describe(&err))).await,
            }
        }
    }
    let follow = args.last_of(&[&DU_DEREF, &DU_DEREF_ARGS, &DU_DEREF_H, &DU_NO_DEREF]);
    let follow_all = follow == Some(&DU_DEREF);
    let mut operands = std::mem::take(&mut args.operands);
    let o = DuOptions {
        all: args.has(opt!(DU, 'a')),
        max_depth,
        follow_all,
        follow_operands: follow.is_some_and(|f| *f == DU_DEREF_ARGS || *f == DU_DEREF_H),
        separate: args.has(opt!(DU, 'S')),
        measure,
        unit,
        one_fs: args.has(opt!(DU, 'x')),
        dedupe: !args.has(opt!(DU, 'l')) && (operands.len() > 1 || follow_all),
        threshold,
        end: if args.has(opt!(DU, '0')) { '\0' } else { '\n' },
        exclude,
    };
    if operands.is_empty() {
        operands.push(".".to_string());
    }
    let mut walk =
        DuWalk { lines: String::new(), seen: Default::default(), total: 0, failed: false, above: Vec::new() };
    for operand in &operands {
        let abs = ctx.abs(operand);
        disk_usage(&ctx, &o, &mut walk, &abs, operand, 0).await;
        if walk.lines.len() > 64 * 1024 && !ctx.out_piece(&mut walk.lines).await {
            return 1;
        }
    }
    if args.has(opt!(DU, 'c')) {
        walk.lines.push_str(&format!("{}\ttotal{}", o.shown(walk.total), o.end));
    }
    if !ctx.out(walk.lines).await {
        return 1;
    }
    if walk.failed { 1 } else { 0 }
}

/// The bits a symbolic mode sets from none (`u+x` → 0o100), for `find -perm`.
pub(crate) fn symbolic_mode(spec: &str) -> Option<u32> {
    apply_mode(spec, 0, false, 0)
}

/// Applies a symbolic or octal mode to `mode`, as gnulib's `mode_compile` and `mode_adjust`
/// do for chmod: clauses `[ugoa]*[-+=]…` separated by commas, each operator followed by
/// permission letters (`rwxXst`) or one class to copy (`u`, `g`, `o`: `g=u`). A clause that
/// names no class is limited by `umask` (`+w` under 022 is `u+w`); on a directory `=` without
/// `s` keeps its set-user and set-group bits.
pub(crate) fn apply_mode(spec: &str, mode: u32, is_dir: bool, umask: u32) -> Option<u32> {
    const ALL: u32 = 0o7777;
    const READ: u32 = 0o444;
    const WRITE: u32 = 0o222;
    const EXEC: u32 = 0o111;
    if spec.chars().all(|c| c.is_digit(8)) {
        // Fewer than five digits keep a directory's set-user and set-group bits that the
        // number does not set (`chmod 755` of a setgid directory), as GNU's do.
        let kept = if is_dir && spec.len() < 5 { mode & 0o6000 } else { 0 };
        return u32::from_str_radix(spec, 8).ok().filter(|mode| *mode <= ALL).map(|new| new | kept);
    }
    let mut mode = mode & ALL;
    for clause in spec.split(',') {
        let mut chars = clause.chars().peekable();
        let mut affected = 0;
        while let Some(&c) = chars.peek() {
            affected |= match c {
                'u' => 0o4700,
                'g' => 0o2070,
                'o' => 0o1007,
                'a' => ALL,
                _ => break,
            };
            chars.next();
        }
        // At least one operator, each with its letters.
        chars.peek()?;
        while let Some(op) = chars.next() {
            if !matches!(op, '+' | '-' | '=') {
                return None;
            }
            // An operator and an octal number (`=755`, `+0`, `-7000`), without a class: the
            // number's bits, not limited by the umask, and the clause ends there (gnulib's
            // mode_compile).
            if chars.peek().is_some_and(|c| c.is_digit(8)) {
                let digits: String = std::iter::from_fn(|| chars.next_if(|c| c.is_digit(8))).collect();
                let value = u32::from_str_radix(&digits, 8).ok().filter(|value| *value <= ALL)?;
                if affected != 0 || chars.peek().is_some() {
                    return None;
                }
                // All the bits are named: `=700` clears a directory's set-group-ID too.
                mode = match op {
                    '+' => mode | value,
                    '-' => mode & !value,
                    _ => value,
                };
                continue;
            }
            let (mut value, copy, mut if_any_x) = match chars.peek() {
                Some('u') => (0o700, true, false),
                Some('g') => (0o070, true, false),
                Some('o') => (0o007, true, false),
                _ => (0, false, false),
            };
            if copy {
                chars.next();
            } else {
                while let Some(&c) = chars.peek() {
                    match c {
                        'r' => value |= READ,
                        'w' => value |= WRITE,
                        'x' => value |= EXEC,
                        'X' => if_any_x = true,
                        's' => value |= 0o6000,
                        't' => value |= 0o1000,
                        _ => break,
                    }
                    chars.next();
                }
            }
            let mentioned = if affected != 0 { affected & value } else { value };
            let omit = if is_dir { 0o6000 & !mentioned } else { 0 };
            if copy {
                // The class's bits, copied to the other two.
                value &= mode;
                let spread = |bits: u32| if value & bits != 0 { bits } else { 0 };
                value |= spread(READ) | spread(WRITE) | spread(EXEC);
            }
            if if_any_x && (mode & EXEC != 0 || is_dir) {
                value |= EXEC;
            }
            value &= (if affected != 0 { affected } else { !umask }) & !omit;
            mode = match op {
                '+' => mode | value,
                '-' => mode & !value,
                _ => {
                    let preserved = (if affected != 0 { !affected } else { 0 }) | omit;
                    (mode & preserved) | value
                }
            };
        }
    }
    Some(mode & ALL)
}

const CHANGES: Opt = Opt::both('c', "changes", "like verbose but report only when a change is made");
const SILENT: Opt = Opt::both('f', "silent", "suppress most error messages").alias("quiet");
const VERBOSE_MODE: Opt = Opt::both('v', "verbose", "output a diagnostic for every file processed");
const REFERENCE: Opt = Opt::long("reference", "use RFILE's mode instead of MODE values").value("RFILE");
const CHMOD_NO_PRESERVE_ROOT: Opt = Opt::long("no-preserve-root", "do not treat '/' specially (the default)");
const CHMOD_PRESERVE_ROOT: Opt = Opt::long("preserve-root", "fail to operate recursively on '/'");
const RECURSIVE_MODE: Opt = Opt::both('R', "recursive", "change files and directories recursively");

/// `chmod`.
pub const CHMOD: Spec = Spec {
    name: "chmod",
    summary: "change file mode bits",
    synopsis: &[
        "[OPTION]... MODE[,MODE]... FILE...",
        "[OPTION]... OCTAL-MODE FILE...",
        "[OPTION]... --reference=RFILE FILE...",
    ],
    about: "Change the mode of each FILE to MODE. With --reference, change the mode of each FILE to that of RFILE.",
    options: &[CHANGES, SILENT, VERBOSE_MODE, CHMOD_NO_PRESERVE_ROOT, CHMOD_PRESERVE_ROOT, REFERENCE, RECURSIVE_MODE],
    tools: &["fs.write"],
    long_order: &["recursive", "reference", "verbose", "version"],
    ..Spec::BASE
};

/// Whether `word` is a mode that reads like an option (`-w`, `-x,o+r`), which chmod takes as
/// its MODE as GNU does.
fn is_dash_mode(word: &str) -> bool {
    word.len() > 1
        && word.starts_with('-')
        && !word.starts_with("--")
        && word[1..].chars().all(|c| "rwxXstugoa01234567,+-=".contains(c))
}

/// `chmod [-cfvR] MODE|--reference=RFILE FILE…`: a mode that looks like an option (`-w`) is
/// the mode, as for GNU.
pub async fn chmod(ctx: Ctx<'_>) -> Status {
    let mut words = ctx.argv[1..].to_vec();
    let end = words.iter().position(|w| w == "--").unwrap_or(words.len());
    let dash_mode = words[..end].iter().position(|w| is_dash_mode(w)).map(|at| words.remove(at));
    let args = match ctx.args_of(&CHMOD, &words).await {
        Ok(args) => args,
        Err(status) => return status,
    };
    let mut operands = args.operands.clone();
    let mode = match (args.last(&REFERENCE), dash_mode) {
        (Some(reference), _) => match ctx.vfs.stat(&ctx.abs(reference)) {
            Ok(meta) => Mode::Exact(meta.mode & 0o7777),
            Err(err) => {
                return ctx
                    .fail(format!(
                        "failed to get attributes of {reference}: {}",
                        describe(&err),
                        reference = quoteaf(reference)
                    ))
                    .await;
            }
        },
        (None, Some(mode)) => Mode::Spec(mode),
        (None, None) if operands.is_empty() => return ctx.misuse(&CHMOD, "missing operand").await,
        (None, None) => Mode::Spec(operands.remove(0)),
    };
    if operands.is_empty() {
        let message = match &mode {
            Mode::Spec(spec) => format!("missing operand after {spec}", spec = quote(spec)),
            Mode::Exact(_) => "missing operand".to_string(),
        };
        return ctx.misuse(&CHMOD, message).await;
    }
    let (recursive, silent) = (args.has(&RECURSIVE_MODE), args.has(&SILENT));
    let preserve_root = args.given().filter(|(o, _)| [CHMOD_PRESERVE_ROOT, CHMOD_NO_PRESERVE_ROOT].contains(o)).last();
    if recursive
        && preserve_root.is_some_and(|(o, _)| *o == CHMOD_PRESERVE_ROOT)
        && operands.iter().any(|f| ctx.abs(f) == "/")
    {
        ctx.complain("it is dangerous to operate recursively on '/'").await;
        return ctx.fail("use --no-preserve-root to override this failsafe").await;
    }
    let report = if args.has(&VERBOSE_MODE) {
        Report::All
    } else if args.has(&CHANGES) {
        Report::Changes
    } else {
        Report::None
    };
    let mut status = 0;
    let mut pending: Vec<(String, String, bool)> =
        operands.iter().rev().map(|f| (f.clone(), ctx.abs(f), true)).collect();
    while let Some((display, abs, operand)) = pending.pop() {
        // A link met inside a tree is left alone (GNU's -R does not follow it; a link's own
        // mode cannot change); a link given as an operand is followed.
        if !operand && ctx.vfs.lstat(&abs).is_ok_and(|m| m.kind == FileKind::Symlink) {
            if report == Report::All {
                ctx.out(format!("neither symbolic link {} nor referent has been changed\n", quoteaf(&display))).await;
            }
            continue;
        }
        let meta = match ctx.vfs.stat(&abs) {
            Ok(meta) => meta,
            Err(err) => {
                if !silent {
                    ctx.complain(format!("cannot access {display}: {}", describe(&err), display = quoteaf(&display)))
                        .await;
                }
                if report == Report::All {
                    ctx.out(format!("{display} could not be accessed\n", display = quoteaf(&display))).await;
                }
                status = 1;
                continue;
            }
        };
        let old = meta.mode & 0o7777;
        let new = match &mode {
            Mode::Exact(bits) => *bits,
            Mode::Spec(spec) => match apply_mode(spec, old, meta.is_dir(), ctx.state().umask) {
                Some(bits) => bits,
                None => return ctx.misuse(&CHMOD, format!("invalid mode: {spec}", spec = quote(spec))).await,
            },
        };
        if let Err(err) = ctx.vfs.set_mode(&abs, new) {
            if !silent {
                ctx.complain(format!(
                    "changing permissions of {display}: {}",
                    describe(&err),
                    display = quoteaf(&display)
                ))
                .await;
            }
            status = 1;
        } else if report == Report::All || (report == Report::Changes && old != new) {
            let line = if old == new {
                format!("mode of {display} retained as {old:04o} ({})\n", permissions(old), display = quoteaf(&display))
            } else {
                format!(
                    "mode of {display} changed from {old:04o} ({}) to {new:04o} ({})\n",
                    permissions(old),
                    permissions(new),
                    display = quoteaf(&display)
                )
            };
            ctx.out(line).await;
        }
        if recursive && meta.is_dir() {
            let mut entries = ctx.vfs.read_dir(&abs).unwrap_or_default();
            entries.sort_by(|a, b| b.name.cmp(&a.name));
            for entry in entries {
                pending.push((format!("{display}/{}", entry.name), path::join(&abs, &entry.name), false));
            }
        }
    }
    status
}

/// The mode chmod sets: a mode written (applied to each file's own) or a reference file's.
enum Mode {
    Spec(String),
    Exact(u32),
}

/// Which files chmod reports on.
#[derive(PartialEq, Eq)]
enum Report {
    None,
    Changes,
    All,
}

const MULTIPLE: Opt = Opt::both('a', "multiple", "support multiple arguments and treat each as a NAME");
const SUFFIX: Opt = Opt::both('s', "suffix", "remove a trailing SUFFIX; implies -a").value("SUFFIX");
const ZERO: Opt = Opt::both('z', "zero", "end each output line with NUL, not newline");

/// `basename`.
pub const BASENAME: Spec = Spec {
    name: "basename",
    summary: "strip directory and suffix from a path",
    synopsis: &["NAME [SUFFIX]", "OPTION... NAME..."],
    about: "Print NAME with any leading directory components removed, and a trailing SUFFIX if given.",
    options: &[MULTIPLE, SUFFIX, ZERO],
    order: Order::OptionsFirst,
    assumed: true,
    ..Spec::BASE
};

/// `basename NAME [SUFFIX]`, `basename -a|-s SUFFIX [-z] NAME…`
pub async fn basename(ctx: Ctx<'_>, args: Args) -> Status {
    let mut suffix = args.last(&SUFFIX).map(str::to_string);
    let multiple = args.has(&MULTIPLE) || suffix.is_some();
    let end = if args.has(&ZERO) { '\0' } else { '\n' };
    let mut names = args.operands;
    if names.is_empty() {
        return ctx.misuse(&BASENAME, "missing operand").await;
    }
    if !multiple && names.len() > 2 {
        return ctx.misuse(&BASENAME, format!("extra operand {}", quote(&names[2]))).await;
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
        out.push(end);
    }
    if ctx.out(out).await { 0 } else { 1 }
}

/// `dirname`.
pub const DIRNAME: Spec = Spec {
    name: "dirname",
    summary: "strip the last component of a path",
    synopsis: &["[OPTION] NAME..."],
    about: "Output each NAME with its last non-slash component and trailing slashes removed; if NAME contains no /'s, output '.' (meaning the current directory).",
    options: &[ZERO],
    assumed: true,
    ..Spec::BASE
};

/// `dirname [-z] NAME…`
pub async fn dirname(ctx: Ctx<'_>, args: Args) -> Status {
    if args.operands.is_empty() {
        return ctx.misuse(&DIRNAME, "missing operand").await;
    }
    let end = if args.has(&ZERO) { '\0' } else { '\n' };
    let mut out = String::new();
    for name in &args.operands {
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
        out.push(end);
    }
    if ctx.out(out).await { 0 } else { 1 }
}

/// How much of a path must exist to be canonicalized (gnulib's `canonicalize_filename_mode`).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Canon {
    /// `-e`: every component.
    Existing,
    /// `-f`, realpath's default: all but the last.
    AllButLast,
    /// `-m`: none, nor need one be a directory.
    Missing,
}

/// The most links one canonicalization follows (Linux's limit, as gnulib's).
const MAX_LINKS: usize = 40;

/// `name` made absolute and resolved as GNU's readlink and realpath do: physically, a `..`
/// going up from where the links before it led (not lexically, as other paths here), each
/// link followed where it stands. `logical` resolves `..` first (`realpath -L`), `no_links`
/// follows none (`realpath -s`).
fn canonicalize(ctx: &Ctx<'_>, name: &str, mode: Canon, logical: bool, no_links: bool) -> std::io::Result<String> {
    use std::io::{Error, ErrorKind};
    if name.is_empty() {
        return Err(ErrorKind::NotFound.into());
    }
    // Without links the name is only made absolute; the file it names must exist (-e) or
    // at least not stand below a file that is not a directory (GNU's stat of it then fails
    // otherwise than "no such file").
    if no_links {
        let abs = ctx.abs(name);
        return match (mode, ctx.vfs.stat(&abs)) {
            (Canon::Missing, _) => Ok(abs),
            (_, Ok(meta)) if name.ends_with('/') && !meta.is_dir() => Err(ErrorKind::NotADirectory.into()),
            (_, Ok(_)) => Ok(abs),
            (Canon::AllButLast, Err(err)) if err.kind() == ErrorKind::NotFound => Ok(abs),
            (_, Err(err)) => Err(err),
        };
    }
    let start = if logical {
        ctx.abs(name)
    } else if name.starts_with('/') {
        name.to_string()
    } else {
        path::join(&ctx.state().cwd, name)
    };
    // What is left to resolve, last component first; "" stands for a final slash, which asks
    // that what precedes it be a directory.
    let mut pending: Vec<String> = Vec::new();
    let push_path = |pending: &mut Vec<String>, text: &str| {
        if text.ends_with('/') && !text.trim_matches('/').is_empty() {
            pending.push(String::new());
        }
        pending.extend(text.split('/').filter(|c| !c.is_empty()).rev().map(str::to_string));
    };
    push_path(&mut pending, &start);
    let mut done = String::from("/");
    let mut links = 0;
    while let Some(component) = pending.pop() {
        let more = !pending.is_empty();
        match component.as_str() {
            "" | "." => {}
            ".." => done = path::parent(&done).to_string(),
            _ => {
                let candidate = path::join(&done, &component);
                let found = ctx.vfs.lstat(&candidate);
                match found {
                    Ok(meta) if meta.kind == FileKind::Symlink => {
                        links += 1;
                        if links > MAX_LINKS {
                            if mode == Canon::Missing {
                                done = candidate;
                                continue;
                            }
                            return Err(Error::other("Too many levels of symbolic links"));
                        }
                        let target = ctx.vfs.read_link(&candidate)?;
                        if target.starts_with('/') {
                            done = "/".to_string();
                        }
                        push_path(&mut pending, &target);
                    }
                    Ok(meta) => {
                        // Something follows a file that is not a directory.
                        if more && mode != Canon::Missing && meta.kind != FileKind::Dir {
                            let followed = ctx.vfs.stat(&candidate).is_ok_and(|m| m.is_dir());
                            if !followed {
                                return Err(ErrorKind::NotADirectory.into());
                            }
                        }
                        done = candidate;
                    }
                    Err(err) if err.kind() == ErrorKind::NotFound => {
                        // The last component may be missing (-f), a final slash after it too.
                        let last = pending.iter().all(String::is_empty);
                        if mode == Canon::Existing || (mode == Canon::AllButLast && !last) {
                            return Err(err);
                        }
                        done = candidate;
                    }
                    Err(_) if mode == Canon::Missing => done = candidate,
                    Err(err) => return Err(err),
                }
            }
        }
    }
    Ok(done)
}

const CANON_EXISTING: Opt = Opt::both('e', "canonicalize-existing", "all components of the path must exist");
const CANON_MISSING: Opt = Opt::both('m', "canonicalize-missing", "no path components need exist or be a directory");
const LOGICAL: Opt = Opt::both('L', "logical", "resolve '..' components before symlinks");
const PHYSICAL: Opt = Opt::both('P', "physical", "resolve symlinks as encountered (default)");

/// `realpath`.
pub const REALPATH: Spec = Spec {
    name: "realpath",
    summary: "print the resolved absolute path",
    synopsis: &["[OPTION]... FILE..."],
    about: "Print the resolved absolute file name; all but the last component must exist.",
    options: &[
        CANON_EXISTING,
        CANON_MISSING,
        LOGICAL,
        PHYSICAL,
        Opt::both('q', "quiet", "suppress most error messages"),
        RELATIVE_TO,
        RELATIVE_BASE,
        Opt::both('s', "strip", "don't expand symlinks").alias("no-symlinks"),
        Opt::both('z', "zero", "end each output line with NUL, not newline"),
    ],
    assumed: true,
    ..Spec::BASE
};

const RELATIVE_TO: Opt = Opt::long("relative-to", "print the resolved path relative to DIR").value("DIR");
const RELATIVE_BASE: Opt = Opt::long("relative-base", "print absolute paths unless paths below DIR").value("DIR");

/// `realpath [-e|-m] [-L|-P] [-qsz] [--relative-to=DIR] [--relative-base=DIR] FILE…`
pub async fn realpath(ctx: Ctx<'_>, mut args: Args) -> Status {
    let (to, base) = (args.last(&RELATIVE_TO).map(str::to_string), args.last(&RELATIVE_BASE).map(str::to_string));
    let operands = std::mem::take(&mut args.operands);
    if operands.is_empty() {
        return ctx.misuse(&REALPATH, "missing operand").await;
    }
    // The last of -e and -m says how much must exist; the last of -L and -P how `..` goes.
    let mode = match args.last_of(&[&CANON_EXISTING, &CANON_MISSING]) {
        Some(opt) if *opt == CANON_EXISTING => Canon::Existing,
        Some(_) => Canon::Missing,
        None => Canon::AllButLast,
    };
    let logical = args.last_of(&[&LOGICAL, &PHYSICAL]).is_some_and(|opt| *opt == LOGICAL);
    let no_links = args.has(opt!(REALPATH, 's'));
    let quiet = args.has(opt!(REALPATH, 'q'));
    let canonical = |name: &str| -> Result<String, String> {
        canonicalize(&ctx, name, mode, logical, no_links).map_err(|err| format!("{}: {}", quotef(name), describe(&err)))
    };
    // GNU's rules: --relative-base alone is also the directory paths are told against; with
    // both, a --relative-to outside the base gives absolute paths.
    let mut relative_to = match to.as_deref().or(base.as_deref()).map(canonical).transpose() {
        Ok(dir) => dir,
        Err(message) => return ctx.fail(message).await,
    };
    let mut relative_base = match base.as_deref().map(canonical).transpose() {
        Ok(dir) => dir,
        Err(message) => return ctx.fail(message).await,
    };
    if let (Some(base_dir), Some(to_dir)) = (&relative_base, &relative_to)
        && !below(base_dir, to_dir)
    {
        (relative_to, relative_base) = (None, None);
    }
    let end = if args.has(opt!(REALPATH, 'z')) { '\0' } else { '\n' };
    let mut out = String::new();
    let mut status = 0;
    for operand in operands {
        match canonical(&operand) {
            Ok(resolved) => {
                let shown = match (&relative_to, &relative_base) {
                    (Some(_), Some(base_dir)) if !below(base_dir, &resolved) => resolved,
                    (Some(dir), _) => relative(&resolved, dir),
                    _ => resolved,
                };
                out.push_str(&shown);
                out.push(end);
            }
            Err(message) => {
                if !quiet {
                    ctx.complain(message).await;
                }
                status = 1;
            }
        }
    }
    ctx.out(out).await;
    status
}

/// Whether `path` is `dir` or below it (both absolute and resolved).
fn below(dir: &str, path: &str) -> bool {
    dir == "/" || path == dir || path.strip_prefix(dir).is_some_and(|rest| rest.starts_with('/'))
}

/// `path` as seen from `dir` (both absolute and resolved): `..` up to their common part.
fn relative(path: &str, dir: &str) -> String {
    let parts = |p: &str| p.split('/').filter(|c| !c.is_empty()).map(str::to_string).collect::<Vec<_>>();
    let (path, dir) = (parts(path), parts(dir));
    let common = path.iter().zip(&dir).take_while(|(a, b)| a == b).count();
    let mut shown: Vec<&str> = vec![".."; dir.len() - common];
    shown.extend(path[common..].iter().map(String::as_str));
    if shown.is_empty() { ".".to_string() } else { shown.join("/") }
}

const READLINK_CANONICALIZE: Opt =
    Opt::both('f', "canonicalize", "canonicalize; all but the last component must exist");
const READLINK_VERBOSE: Opt = Opt::both('v', "verbose", "report error messages");
const READLINK_QUIET: Opt = Opt::both('q', "quiet", "suppress most error messages (on by default)").alias("silent");

/// `readlink`.
pub const READLINK: Spec = Spec {
    name: "readlink",
    summary: "print a symlink's target",
    synopsis: &["[OPTION]... FILE..."],
    about: "Print the value of a symbolic link, or with -f, -e or -m the canonical file name.",
    options: &[
        Opt::both('e', "canonicalize-existing", "canonicalize; every component must exist"),
        READLINK_CANONICALIZE,
        Opt::both('m', "canonicalize-missing", "canonicalize; no component need exist"),
        Opt::both('n', "no-newline", "do not output the trailing delimiter"),
        READLINK_QUIET,
        Opt::short('s', "same as -q"),
        READLINK_VERBOSE,
        Opt::both('z', "zero", "end each output line with NUL, not newline"),
    ],
    assumed: true,
    long_order: &["canonicalize", "canonicalize-existing", "canonicalize-missing", "verbose", "version"],
    ..Spec::BASE
};

/// `readlink [-efmnqsvz] FILE…`
pub async fn readlink(ctx: Ctx<'_>, mut args: Args) -> Status {
    let operands = std::mem::take(&mut args.operands);
    if operands.is_empty() {
        return ctx.misuse(&READLINK, "missing operand").await;
    }
    // GNU: -n drops the delimiter only when there is one name (and says so otherwise).
    let mut newline = true;
    if args.has(opt!(READLINK, 'n')) {
        if operands.len() == 1 {
            newline = false;
        } else {
            ctx.complain("ignoring --no-newline with multiple arguments").await;
        }
    }
    let end = if args.has(opt!(READLINK, 'z')) { '\0' } else { '\n' };
    // The last of -e, -f and -m says how much must exist; the last of -v and -q/-s whether
    // failures are said.
    let (existing, missing) = (opt!(READLINK, 'e'), opt!(READLINK, 'm'));
    let mode = args.last_of(&[existing, &READLINK_CANONICALIZE, missing]).map(|opt| match opt {
        _ if opt == existing => Canon::Existing,
        _ if opt == missing => Canon::Missing,
        _ => Canon::AllButLast,
    });
    let verbose = args.last_of(&[&READLINK_VERBOSE, &READLINK_QUIET, opt!(READLINK, 's')]) == Some(&READLINK_VERBOSE);
    let mut out = String::new();
    let mut status = 0;
    for operand in operands {
        let result = match mode {
            Some(mode) => canonicalize(&ctx, &operand, mode, false, false),
            // A final slash names what a link leads to, which is no link (or nothing).
            None if operand.ends_with('/') => ctx
                .vfs
                .stat(&ctx.abs(&operand))
                .and_then(|_| Err(std::io::Error::from(std::io::ErrorKind::InvalidInput))),
            None => ctx.vfs.lstat(&ctx.abs(&operand)).and_then(|meta| {
                if meta.kind == FileKind::Symlink {
                    ctx.vfs.read_link(&ctx.abs(&operand))
                } else {
                    Err(std::io::Error::from(std::io::ErrorKind::InvalidInput))
                }
            }),
        };
        match result {
            Ok(text) => {
                out.push_str(&text);
                if newline {
                    out.push(end);
                }
            }
            Err(err) => {
                if verbose {
                    let why = if err.kind() == std::io::ErrorKind::InvalidInput {
                        "Invalid argument".to_string()
                    } else {
                        describe(&err)
                    };
                    ctx.complain(format!("{}: {why}", quotef(&operand))).await;
                }
                status = 1;
            }
        }
    }
    ctx.out(out).await;
    status
}

const MKTEMP_DIR: Opt = Opt::both('d', "directory", "create a directory, not a file");
const TMPDIR: Opt =
    Opt::both('p', "tmpdir", "interpret TEMPLATE relative to DIR (default: $TMPDIR, else /tmp)").value("DIR");
const UNDER_TMPDIR: Opt = Opt::short('t', "interpret TEMPLATE as a single file name under $TMPDIR or DIR");
const QUIET: Opt = Opt::both('q', "quiet", "suppress diagnostics about file/dir-creation failure");
const DRY_RUN: Opt = Opt::both('u', "dry-run", "do not create anything; merely print a name (unsafe)");
const MKTEMP_SUFFIX: Opt =
    Opt::long("suffix", "append SUFF to TEMPLATE; implied when TEMPLATE does not end in X").value("SUFF");

/// `mktemp`.
pub const MKTEMP: Spec = Spec {
    name: "mktemp",
    summary: "create a temporary file or directory",
    synopsis: &["[OPTION]... [TEMPLATE]"],
    about: "Create a temporary file or directory, safely, and print its name. TEMPLATE must end in at least 3 X's (default tmp.XXXXXXXXXX, in $TMPDIR or /tmp).",
    options: &[MKTEMP_DIR, DRY_RUN, QUIET, MKTEMP_SUFFIX, TMPDIR, UNDER_TMPDIR],
    tools: &["fs.write"],
    assumed: true,
    long_order: &["directory", "dry-run"],
    ..Spec::BASE
};

/// `mktemp [-dqtu] [-p DIR] [--suffix=SUFF] [TEMPLATE]`
pub async fn mktemp(mut ctx: Ctx<'_>, args: Args) -> Status {
    let dir_mode = args.has(&MKTEMP_DIR);
    let quiet = args.has(&QUIET);
    if args.operands.len() > 1 {
        return ctx.misuse(&MKTEMP, "too many templates").await;
    }
    let explicit = args.operands.first().cloned();
    let whole = explicit.clone().unwrap_or_else(|| "tmp.XXXXXXXXXX".to_string());
    // As GNU: what follows the last X is a suffix, and --suffix adds to it.
    let stem_end = whole.rfind('X').map_or(0, |at| at + 1);
    let (template, mut suffix) = (whole[..stem_end].to_string(), whole[stem_end..].to_string());
    if let Some(extra) = args.last(&MKTEMP_SUFFIX) {
        if extra.contains('/') {
            return ctx
                .fail(format!("invalid suffix {extra}, contains directory separator", extra = quote(extra)))
                .await;
        }
        suffix.push_str(extra);
    }
    let x_count = template.chars().rev().take_while(|&c| c == 'X').count();
    if x_count < 3 {
        return if quiet {
            1
        } else {
            ctx.fail(format!("too few X's in template {whole}", whole = quote(&whole))).await
        };
    }
    let env_dir = || ctx.state().vars.get_str("TMPDIR").filter(|d| !d.is_empty()).unwrap_or("/tmp").to_string();
    // As GNU: without a template, or with -p or -t, the name goes under DIR; a template of
    // its own (with a slash) is taken as written.
    let base_dir = match args.last(&TMPDIR) {
        Some(dir) if !dir.is_empty() => dir.to_string(),
        Some(_) => env_dir(),
        None if explicit.is_none() || args.has(&UNDER_TMPDIR) => env_dir(),
        None => String::new(),
    };
    const ALPHABET: &[u8] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    for _ in 0..100 {
        let mut name = template[..template.len() - x_count].to_string();
        for _ in 0..x_count {
            let pick = ctx.next_random() as usize % ALPHABET.len();
            name.push(ALPHABET[pick] as char);
        }
        name.push_str(&suffix);
        let full = if base_dir.is_empty() { name.clone() } else { path::join(&base_dir, &name) };
        let abs = ctx.abs(&full);
        if ctx.vfs.lstat(&abs).is_ok() {
            continue;
        }
        if args.has(&DRY_RUN) {
            return if ctx.out(format!("{full}\n")).await { 0 } else { 1 };
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
                if ctx.out(line).await { 0 } else { 1 }
            }
            Err(_) if quiet => 1,
            Err(err) => {
                let what = if dir_mode { "directory" } else { "file" };
                // GNU names the template as it was filled: under DIR, with the suffix.
                let written = format!("{template}{suffix}");
                let shown = if base_dir.is_empty() { written } else { path::join(&base_dir, &written) };
                ctx.fail(format!("failed to create {what} via template {}: {}", quote(&shown), describe(&err))).await
            }
        };
    }
    let _ = &mut ctx;
    ctx.fail("could not find an unused name").await
}
