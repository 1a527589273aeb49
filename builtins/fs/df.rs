//! `df`: the workspace's file systems as GNU df lists them — one row per mount (a `dir`
//! mount shows the host file system it lies on, memory mounts the session's memory budget),
//! or the mount holding each FILE; sizes in 1K blocks, `-B SIZE`, `-h`/`-H`, inodes with
//! `-i` (`-` where a mount cannot tell), `-T`, `-P`, `--output`, `--total`, `-t`/`-x` by
//! type (`dir`, `memory`, `overlay`). Columns are as wide as their widest cell, GNU's
//! minimum widths kept, sizes rounded up as GNU rounds them.

use crate::Ctx;
use crate::session::Status;
use crate::spec::{Args, Opt, Spec};
use crate::vfs::{MountFacts, describe};
use toolsh_bytes::quote::quotef;

const ALL: Opt = Opt::both('a', "all", "include pseudo, duplicate, inaccessible file systems");
const BLOCK_SIZE: Opt = Opt::both(
    'B',
    "block-size",
    "scale sizes by SIZE before printing them; e.g., '-BM' prints sizes in units of 1,048,576 bytes",
)
.value("SIZE");
const HUMAN: Opt = Opt::both('h', "human-readable", "print sizes in powers of 1024 (e.g., 1023M)");
const SI: Opt = Opt::both('H', "si", "print sizes in powers of 1000 (e.g., 1.1G)");
const INODES: Opt = Opt::both('i', "inodes", "list inode information instead of block usage");
const KILO: Opt = Opt::short('k', "like --block-size=1K");
const LOCAL: Opt = Opt::both('l', "local", "limit listing to local file systems");
const NO_SYNC: Opt = Opt::long("no-sync", "do not invoke sync before getting usage info (default)");
const OUTPUT: Opt =
    Opt::long("output", "use the output format defined by FIELD_LIST, or print all fields if FIELD_LIST is omitted.")
        .optional("FIELD_LIST");
const PORTABILITY: Opt = Opt::both('P', "portability", "use the POSIX output format");
const SYNC: Opt = Opt::long("sync", "invoke sync before getting usage info");
const TOTAL: Opt = Opt::long("total", "elide all entries insignificant to available space, and produce a grand total");
const TYPE: Opt = Opt::both('t', "type", "limit listing to file systems of type TYPE").value("TYPE");
const PRINT_TYPE: Opt = Opt::both('T', "print-type", "print file system type");
const EXCLUDE_TYPE: Opt =
    Opt::both('x', "exclude-type", "limit listing to file systems not of type TYPE").value("TYPE");
const IGNORED: Opt = Opt::short('v', "(ignored)");

/// `df`.
pub const DF: Spec = Spec {
    name: "df",
    summary: "report file system space usage",
    synopsis: &["[OPTION]... [FILE]..."],
    about: "Show information about the file system on which each FILE resides, or all file systems by default. Here a file system is a mount of the workspace: a directory mount shows the host file system it lies on, memory mounts the session's memory budget (types: dir, memory, overlay).",
    options: &[
        ALL,
        BLOCK_SIZE,
        HUMAN,
        SI,
        INODES,
        KILO,
        LOCAL,
        NO_SYNC,
        OUTPUT,
        PORTABILITY,
        SYNC,
        TOTAL,
        TYPE,
        PRINT_TYPE,
        EXCLUDE_TYPE,
        IGNORED,
    ],
    tools: &["fs.stat"],
    assumed: true,
    ..Spec::BASE
};

/// A column GNU df can show.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Field {
    Source,
    Fstype,
    Itotal,
    Iused,
    Iavail,
    Ipcent,
    Size,
    Used,
    Avail,
    Pcent,
    File,
    Target,
}

impl Field {
    const ALL: [Field; 12] = [
        Field::Source,
        Field::Fstype,
        Field::Itotal,
        Field::Iused,
        Field::Iavail,
        Field::Ipcent,
        Field::Size,
        Field::Used,
        Field::Avail,
        Field::Pcent,
        Field::File,
        Field::Target,
    ];

    fn name(self) -> &'static str {
        match self {
            Field::Source => "source",
            Field::Fstype => "fstype",
            Field::Itotal => "itotal",
            Field::Iused => "iused",
            Field::Iavail => "iavail",
            Field::Ipcent => "ipcent",
            Field::Size => "size",
            Field::Used => "used",
            Field::Avail => "avail",
            Field::Pcent => "pcent",
            Field::File => "file",
            Field::Target => "target",
        }
    }

    /// GNU's least width for the column.
    fn min_width(self) -> usize {
        match self {
            Field::Source => 14,
            Field::Fstype | Field::Pcent | Field::Ipcent => 4,
            Field::File | Field::Target => 0,
            _ => 5,
        }
    }

    fn left(self) -> bool {
        matches!(self, Field::Source | Field::Fstype | Field::File | Field::Target)
    }
}

/// How sizes are shown.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Scale {
    /// In blocks of this many bytes, with the unit's letter after each number when the size was
    /// given as a letter alone (`-BM`).
    Blocks { size: u64, suffix: Option<&'static str> },
    /// `-h` (1024) or `-H` (1000).
    Human(u64),
}

/// Units of a SIZE argument: the letter, its 1024 power and its name in a header.
const UNITS: [char; 8] = ['K', 'M', 'G', 'T', 'P', 'E', 'Z', 'Y'];

/// A `-B` argument (`1K`, `M`, `1MB`, `2048`), as GNU reads it: the bytes and, for a unit
/// alone, the suffix the numbers carry.
fn block_size(text: &str) -> Option<(u64, Option<&'static str>)> {
    let digits = text.bytes().take_while(u8::is_ascii_digit).count();
    let (number, unit) = text.split_at(digits);
    let count: u64 = if number.is_empty() { 1 } else { number.parse().ok()? };
    let (multiplier, suffix): (u64, Option<&'static str>) = if unit.is_empty() {
        (1, None)
    } else {
        let letter = unit.chars().next()?.to_ascii_uppercase();
        let power = UNITS.iter().position(|u| *u == letter)? as u32 + 1;
        let rest = &unit[1..];
        let (base, suffix) = match rest {
            "" | "iB" => (1024u64, ["K", "M", "G", "T", "P", "E", "Z", "Y"][power as usize - 1]),
            "B" => (1000u64, ["kB", "MB", "GB", "TB", "PB", "EB", "ZB", "YB"][power as usize - 1]),
            _ => return None,
        };
        if letter == 'K' && unit.starts_with('k') && rest != "B" {
            return None;
        }
        (base.checked_pow(power)?, Some(suffix))
    };
    let bytes = count.checked_mul(multiplier).filter(|b| *b > 0)?;
    Some((bytes, if number.is_empty() { suffix } else { None }))
}

/// A block size as a header names it (`1K`, `1MB`, `2K`, `1.6kB`): GNU's autoscaled form.
fn block_header(size: u64) -> String {
    for (base, names) in [(1024u64, ["K", "M", "G", "T", "P", "E"]), (1000, ["kB", "MB", "GB", "TB", "PB", "EB"])] {
        let mut unit = None;
        let mut value = size;
        for (i, _) in names.iter().enumerate() {
            if value.is_multiple_of(base) && value >= base {
                value /= base;
                unit = Some(i);
            } else {
                break;
            }
        }
        if let Some(i) = unit {
            return format!("{value}{}", names[i]);
        }
    }
    if size < 1000 {
        return size.to_string();
    }
    human(size, 1000, true)
}

/// GNU's human form of `bytes`: one decimal below 10, rounded up; no unit below the base.
fn human(bytes: u64, base: u64, si_kilo_lower: bool) -> String {
    if bytes < base {
        return bytes.to_string();
    }
    let names = if base == 1000 {
        if si_kilo_lower { ["kB", "MB", "GB", "TB", "PB", "EB"] } else { ["k", "M", "G", "T", "P", "E"] }
    } else {
        ["K", "M", "G", "T", "P", "E"]
    };
    let mut value = bytes as f64 / base as f64;
    let mut unit = 0;
    while value >= base as f64 && unit + 1 < names.len() {
        value /= base as f64;
        unit += 1;
    }
    let tenths = (value * 10.0 - 1e-9).ceil() / 10.0;
    if tenths < 10.0 {
        format!("{tenths:.1}{}", names[unit])
    } else {
        let whole = (value - 1e-9).ceil();
        if whole >= base as f64 && unit + 1 < names.len() {
            format!("1.0{}", names[unit + 1])
        } else {
            format!("{whole}{}", names[unit])
        }
    }
}

/// A count of bytes (or, with `inodes`, of files) in the chosen scale.
fn shown(value: u64, scale: Scale, inodes: bool) -> String {
    match scale {
        Scale::Human(base) => human(value, base, false),
        _ if inodes => value.to_string(),
        Scale::Blocks { size, suffix } => format!("{}{}", value.div_ceil(size), suffix.unwrap_or("")),
    }
}

/// GNU's percentage: used over used plus available, rounded up; `-` when both are 0.
fn percent(used: u64, available: u64) -> String {
    let whole = u128::from(used) + u128::from(available);
    if whole == 0 {
        return "-".into();
    }
    format!("{}%", (u128::from(used) * 100).div_ceil(whole))
}

/// One row's figures (a mount's, or the total).
#[derive(Default, Clone)]
struct Row {
    source: String,
    fstype: String,
    file: String,
    target: String,
    bytes: Option<(u64, u64, u64)>,
    files: Option<(u64, u64)>,
}

impl Row {
    fn of(mount: &MountFacts, file: &str) -> Row {
        let fstype = mount.label.split(':').next().unwrap_or("").to_string();
        Row {
            source: mount.label.clone(),
            fstype,
            file: file.to_string(),
            target: mount.at.clone(),
            bytes: mount.usage.map(|u| (u.total, u.used, u.available)),
            files: mount.usage.and_then(|u| u.files),
        }
    }

    fn cell(&self, field: Field, scale: Scale) -> String {
        let dash = || "-".to_string();
        match field {
            Field::Source => self.source.clone(),
            Field::Fstype => self.fstype.clone(),
            Field::File => self.file.clone(),
            Field::Target => self.target.clone(),
            Field::Size => self.bytes.map_or_else(dash, |b| shown(b.0, scale, false)),
            Field::Used => self.bytes.map_or_else(dash, |b| shown(b.1, scale, false)),
            Field::Avail => self.bytes.map_or_else(dash, |b| shown(b.2, scale, false)),
            Field::Pcent => self.bytes.map_or_else(dash, |b| percent(b.1, b.2)),
            Field::Itotal => self.files.map_or_else(dash, |f| shown(f.0, inode_scale(scale), true)),
            Field::Iused => self.files.map_or_else(dash, |f| shown(f.0 - f.1.min(f.0), inode_scale(scale), true)),
            Field::Iavail => self.files.map_or_else(dash, |f| shown(f.1, inode_scale(scale), true)),
            Field::Ipcent => self.files.map_or_else(dash, |f| percent(f.0 - f.1.min(f.0), f.1)),
        }
    }
}

/// Inode counts are counts: only `-h`/`-H` scale them.
fn inode_scale(scale: Scale) -> Scale {
    match scale {
        Scale::Human(base) => Scale::Human(base),
        _ => Scale::Blocks { size: 1, suffix: None },
    }
}

/// `df [OPTION]... [FILE]...`.
pub async fn df(ctx: Ctx<'_>, args: Args) -> Status {
    // The last of -h, -H, -k and -B counts.
    let mut scale = Scale::Blocks { size: 1024, suffix: None };
    for (opt, value) in args.given() {
        scale = match opt.short {
            Some('h') => Scale::Human(1024),
            Some('H') => Scale::Human(1000),
            Some('k') => Scale::Blocks { size: 1024, suffix: None },
            Some('B') => match block_size(value) {
                Some((size, suffix)) => Scale::Blocks { size, suffix },
                None => return ctx.fail(format!("invalid -B argument '{value}'")).await,
            },
            _ => scale,
        };
    }
    let posix = args.has(&PORTABILITY);
    let output = args.given().filter(|(o, _)| **o == OUTPUT).map(|(_, v)| v.to_string()).last();
    if output.is_some() && args.has(&INODES) {
        return ctx.misuse(&DF, "options -i and --output are mutually exclusive").await;
    }
    let fields: Vec<Field> = match &output {
        Some(list) if list.is_empty() => Field::ALL.to_vec(),
        Some(list) => {
            let mut fields = Vec::new();
            for name in list.split(',') {
                let Some(field) = Field::ALL.iter().find(|f| f.name() == name) else {
                    return ctx.misuse(&DF, format!("option --output: field \u{2018}{name}\u{2019} unknown")).await;
                };
                if fields.contains(field) {
                    return ctx
                        .misuse(&DF, format!("option --output: field \u{2018}{name}\u{2019} used more than once"))
                        .await;
                }
                fields.push(*field);
            }
            fields
        }
        None => {
            let mut fields = vec![Field::Source];
            if args.has(&PRINT_TYPE) {
                fields.push(Field::Fstype);
            }
            if args.has(&INODES) {
                fields.extend([Field::Itotal, Field::Iused, Field::Iavail, Field::Ipcent]);
            } else {
                fields.extend([Field::Size, Field::Used, Field::Avail, Field::Pcent]);
            }
            fields.push(Field::Target);
            fields
        }
    };
    let values = |wanted: &Opt| -> Vec<&str> { args.given().filter(|(o, _)| *o == wanted).map(|(_, v)| v).collect() };
    let (wanted, unwanted) = (values(&TYPE), values(&EXCLUDE_TYPE));
    if let Some(both) = wanted.iter().find(|t| unwanted.contains(t)) {
        return ctx.fail(format!("file system type \u{2018}{both}\u{2019} both selected and excluded")).await;
    }
    let mounts = ctx.vfs.mount_facts();
    let mut status = 0;
    let mut rows = Vec::new();
    if args.operands.is_empty() {
        rows.extend(mounts.iter().map(|m| Row::of(m, "-")));
    } else {
        for file in &args.operands {
            let abs = ctx.abs(file);
            let resolved = match ctx.vfs.stat(&abs).and_then(|_| ctx.vfs.resolve(&abs, true)) {
                Ok(resolved) => resolved,
                Err(err) => {
                    ctx.complain(format!("{file}: {}", describe(&err), file = quotef(file))).await;
                    status = 1;
                    continue;
                }
            };
            // The deepest mount holding it.
            let holder = mounts
                .iter()
                .filter(|m| crate::vfs::path::strip_mount(&resolved, &m.at).is_some())
                .max_by_key(|m| m.at.len());
            if let Some(mount) = holder {
                rows.push(Row::of(mount, file));
            }
        }
    }
    rows.retain(|r| {
        (wanted.is_empty() || wanted.contains(&r.fstype.as_str())) && !unwanted.contains(&r.fstype.as_str())
    });
    if rows.is_empty() {
        if status == 0 || args.operands.is_empty() {
            ctx.complain("no file systems processed").await;
        }
        return 1;
    }
    if args.has(&TOTAL) {
        let mut total =
            Row { source: "total".into(), fstype: "-".into(), file: "-".into(), target: "-".into(), ..Row::default() };
        for row in &rows {
            if let Some((size, used, avail)) = row.bytes {
                let sum = total.bytes.unwrap_or_default();
                total.bytes = Some((sum.0 + size, sum.1 + used, sum.2 + avail));
            }
            if let Some((all, free)) = row.files {
                let sum = total.files.unwrap_or_default();
                total.files = Some((sum.0 + all, sum.1 + free));
            }
        }
        rows.push(total);
    }
    let header = |field: Field| -> String {
        match field {
            Field::Source => "Filesystem".into(),
            Field::Fstype => "Type".into(),
            Field::Itotal => "Inodes".into(),
            Field::Iused => "IUsed".into(),
            Field::Iavail => "IFree".into(),
            Field::Ipcent => "IUse%".into(),
            Field::Size => match scale {
                Scale::Human(_) => "Size".into(),
                // POSIX names the block size in bytes.
                Scale::Blocks { size, .. } if posix => format!("{size}-blocks"),
                Scale::Blocks { size, .. } => format!("{}-blocks", block_header(size)),
            },
            Field::Used => "Used".into(),
            Field::Avail if output.is_some() || matches!(scale, Scale::Human(_)) => "Avail".into(),
            Field::Avail => "Available".into(),
            Field::Pcent if posix && !matches!(scale, Scale::Human(_)) => "Capacity".into(),
            Field::Pcent => "Use%".into(),
            Field::File => "File".into(),
            Field::Target => "Mounted on".into(),
        }
    };
    let table: Vec<Vec<String>> = std::iter::once(fields.iter().map(|f| header(*f)).collect())
        .chain(rows.iter().map(|row| fields.iter().map(|f| row.cell(*f, scale)).collect()))
        .collect();
    let widths: Vec<usize> = fields
        .iter()
        .enumerate()
        .map(|(i, f)| table.iter().map(|r| r[i].chars().count()).max().unwrap_or(0).max(f.min_width()))
        .collect();
    let mut out = String::new();
    for line in &table {
        let mut text = String::new();
        for (i, (cell, field)) in line.iter().zip(&fields).enumerate() {
            if i > 0 {
                text.push(' ');
            }
            let pad = " ".repeat(widths[i].saturating_sub(cell.chars().count()));
            if field.left() {
                text.push_str(cell);
                if i + 1 < fields.len() {
                    text.push_str(&pad);
                }
            } else {
                text.push_str(&pad);
                text.push_str(cell);
            }
        }
        out.push_str(&text);
        out.push('\n');
    }
    if !ctx.out(out).await {
        return 1;
    }
    status
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn block_sizes_read_as_gnu_reads_them() {
        assert_eq!(block_size("M"), Some((1 << 20, Some("M"))));
        assert_eq!(block_size("1K"), Some((1024, None)));
        assert_eq!(block_size("MB"), Some((1_000_000, Some("MB"))));
        assert_eq!(block_size("1000"), Some((1000, None)));
        assert_eq!(block_size("0"), None);
        assert_eq!(block_size("x"), None);
        assert_eq!(block_header(1000), "1kB");
        assert_eq!(block_header(2048), "2K");
        assert_eq!(block_header(1536), "1.6kB");
    }

    #[test]
    fn human_sizes_round_up() {
        assert_eq!(human(0, 1024, false), "0");
        assert_eq!(human(264212084 * 1024, 1024, false), "252G");
        assert_eq!(human(3085448, 1000, false), "3.1M");
        assert_eq!(percent(61153980, 34131908), "65%");
        assert_eq!(percent(0, 0), "-");
    }
}
