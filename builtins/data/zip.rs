//! `zip` and `unzip` on the workspace, as Info-ZIP's zip 3.0 and UnZip 6.00 read their words
//! and print their reports: archives built, updated (`-u`, `-f`), pruned (`-d`) and moved into
//! (`-m`) with deflate or storage chosen per entry as zip chooses it, directories walked with
//! `-r` (in sorted order), paths junked with `-j`, entries picked by `-i`/`-x` lists;
//! archives listed (`-l`, `-v`, `-Z1`), tested (`-t`), extracted (into `-d DIR`, overwriting
//! with `-o`, never with `-n`, asking otherwise as unzip asks) or printed (`-p`, `-c`). The
//! format is the zip crate's; an archive is built in memory and written whole, so a failure
//! leaves the old one as it was. Extracted names cannot climb out of the target: `..` and
//! leading `/` are dropped with unzip's warning.

use std::io::{Cursor, Read, Write};

use zip::write::SimpleFileOptions;
use zip::{CompressionMethod, ZipArchive, ZipWriter};

use crate::Ctx;
use crate::pattern::Pattern;
use crate::session::Status;
use crate::spec::{Args, Order, Spec};
use crate::vfs::{FileKind, WriteMode, describe, path};

/// `zip`.
pub const ZIP: Spec = Spec {
    name: "zip",
    summary: "package and compress (archive) files",
    synopsis: &["[-options] [zipfile list] [-xi list]"],
    about: "Add, replace or delete entries of a zip archive (ZIPFILE gets .zip when it has no suffix). Options: -r recurse into directories, -j junk directory names, -0..-9 compression level, -q quiet, -d delete entries, -u update newer and new files, -f freshen existing entries, -m move files into the archive, -D no directory entries, -y store symbolic links as links, -x exclude the names that follow, -i include only the names that follow, -@ read names from standard input.",
    order: Order::Own,
    tools: &["fs.read", "fs.write"],
    ..Spec::BASE
};

/// `unzip`.
pub const UNZIP: Spec = Spec {
    name: "unzip",
    summary: "list, test and extract compressed files in a ZIP archive",
    synopsis: &["[-opts[modifiers]] file[.zip] [list] [-x xlist] [-d exdir]"],
    about: "Extract the entries in LIST (all by default; wildcards allowed), except those in XLIST, into EXDIR. Options: -l list, -v list verbosely, -Z1 names only, -t test, -p extract to standard output, -c extract to standard output with names, -o overwrite without asking, -n never overwrite, -j junk paths, -q quiet (-qq quieter), -d extract into EXDIR.",
    order: Order::Own,
    tools: &["fs.read", "fs.write"],
    ..Spec::BASE
};

const ZIP_USAGE: &str = "zip [-options] [-b path] [-t mmddyyyy] [-n suffixes] [zipfile list] [-xi list]\n";

/// Info-ZIP's percentage: how much smaller, rounded half up.
fn percent(original: u64, packed: u64) -> u64 {
    let (mut n, mut m) = (original, packed);
    while n > 0xff_ffff {
        n = (n + 0x80) >> 8;
        m = (m + 0x80) >> 8;
    }
    if n > m { (200 * (n - m) / n).div_ceil(2) } else { 0 }
}

/// The DOS time zip keeps (two-second steps, 1980 to 2107), from a file's time in UTC.
fn dos_time(when: std::time::SystemTime) -> zip::DateTime {
    use chrono::{Datelike, Timelike};
    let when: chrono::DateTime<chrono::Utc> = when.into();
    let field = |n: u32| u8::try_from(n).unwrap_or(0);
    let year = u16::try_from(when.year().clamp(1980, 2107)).unwrap_or(1980);
    let at = zip::DateTime::from_date_and_time(
        year,
        field(when.month()),
        field(when.day()),
        field(when.hour()),
        field(when.minute()),
        field(when.second()),
    );
    // Before 1980 (or past 2107) a DOS time cannot say it: the format's first day.
    at.ok().filter(|_| (1980..=2107).contains(&when.year())).unwrap_or_default()
}

/// One entry of the archive being built.
enum Entry {
    /// Kept as it was in the old archive (its index there).
    Old(usize),
    /// A directory.
    Dir { time: Stamp, mode: u32 },
    /// A file's content (or a link's target with `-y`), compressed or stored as chosen.
    File { data: Vec<u8>, method: CompressionMethod, time: Stamp, mode: u32, link: bool },
}

/// A file's time as zip keeps it twice: the DOS time every reader knows (two-second steps)
/// and Info-ZIP's extended timestamp (Unix seconds), which unzip restores exactly.
#[derive(Clone, Copy)]
struct Stamp {
    dos: zip::DateTime,
    unix: Option<u32>,
}

impl Stamp {
    fn of(when: std::time::SystemTime) -> Stamp {
        let unix = when.duration_since(std::time::UNIX_EPOCH).ok().and_then(|d| u32::try_from(d.as_secs()).ok());
        Stamp { dos: dos_time(when), unix }
    }
}

/// What `zip` was asked.
#[derive(Default)]
struct ZipArgs {
    archive: Option<String>,
    names: Vec<String>,
    recurse: bool,
    junk: bool,
    quiet: bool,
    delete: bool,
    update: bool,
    freshen: bool,
    move_in: bool,
    no_dirs: bool,
    links: bool,
    level: u32,
    from_stdin: bool,
    exclude: Vec<Pattern>,
    include: Vec<Pattern>,
}

/// Reads zip's words: options anywhere, `-x`/`-i` taking the words up to the next option.
fn zip_args(words: &[String]) -> Result<ZipArgs, String> {
    let mut args = ZipArgs { level: 6, ..ZipArgs::default() };
    let mut list: Option<bool> = None;
    for word in words {
        if let Some(long) = word.strip_prefix("--") {
            let name = long.split('=').next().unwrap_or(long);
            match name {
                "recurse-paths" => args.recurse = true,
                "junk-paths" => args.junk = true,
                "quiet" => args.quiet = true,
                "delete" => args.delete = true,
                "update" => args.update = true,
                "freshen" => args.freshen = true,
                "move" => args.move_in = true,
                "no-dir-entries" => args.no_dirs = true,
                "symlinks" => args.links = true,
                "exclude" => list = Some(false),
                "include" => list = Some(true),
                _ => return Err(format!("long option '{name}' not supported")),
            }
            continue;
        }
        if word.len() > 1 && word.starts_with('-') {
            list = None;
            for letter in word[1..].chars() {
                match letter {
                    'r' | 'R' => args.recurse = true,
                    'j' => args.junk = true,
                    'q' => args.quiet = true,
                    'd' => args.delete = true,
                    'u' => args.update = true,
                    'f' => args.freshen = true,
                    'm' => args.move_in = true,
                    'D' => args.no_dirs = true,
                    'y' => args.links = true,
                    '@' => args.from_stdin = true,
                    'x' => list = Some(false),
                    'i' => list = Some(true),
                    'v' | 'T' | 'X' | 'o' | 'l' | 'S' => {}
                    digit @ '0'..='9' => args.level = digit.to_digit(10).unwrap_or(6),
                    other => return Err(format!("short option '{other}' not supported")),
                }
            }
            continue;
        }
        match list {
            Some(true) => args.include.push(Pattern::new(word)),
            Some(false) => args.exclude.push(Pattern::new(word)),
            None if args.archive.is_none() => args.archive = Some(word.clone()),
            None => args.names.push(word.clone()),
        }
    }
    Ok(args)
}

/// What `zip` says: everything on standard output, as Info-ZIP does.
struct ZipReport<'a> {
    ctx: &'a Ctx<'a>,
    text: String,
}

impl ZipReport<'_> {
    fn say(&mut self, line: impl AsRef<str>) {
        self.text.push_str(line.as_ref());
    }

    async fn end(self, status: Status) -> Status {
        if !self.text.is_empty() && !self.ctx.out(&self.text).await {
            return 1;
        }
        status
    }
}

/// The archive's name as zip takes it: `.zip` added when the last component has no suffix.
fn archive_name(name: &str) -> String {
    let base = name.rsplit('/').next().unwrap_or(name);
    if base.contains('.') || name == "-" { name.to_string() } else { format!("{name}.zip") }
}

/// The name a path gets in the archive: no `./`, no leading `/` or `..`, the directory
/// dropped with `-j`.
fn entry_name(file: &str, junk: bool) -> String {
    let parts: Vec<&str> = file.split('/').filter(|p| !p.is_empty() && *p != "." && *p != "..").collect();
    if junk { parts.last().copied().unwrap_or_default().to_string() } else { parts.join("/") }
}

/// The files an operand names: itself, and with `-r` everything under a directory (sorted;
/// zip follows the directory's order), each with its archive name.
fn gather(ctx: &Ctx<'_>, args: &ZipArgs, file: &str, into: &mut Vec<(String, String)>) -> std::io::Result<()> {
    let abs = ctx.abs(file);
    let meta = if args.links { ctx.vfs.lstat(&abs)? } else { ctx.vfs.stat(&abs)? };
    let name = entry_name(file, args.junk);
    if meta.kind != FileKind::Dir {
        into.push((file.to_string(), name));
        return Ok(());
    }
    if !args.no_dirs && !args.junk && !name.is_empty() {
        into.push((file.to_string(), format!("{name}/")));
    }
    if args.recurse {
        let mut entries: Vec<String> = ctx.vfs.read_dir(&abs)?.into_iter().map(|e| e.name).collect();
        entries.sort();
        for entry in entries {
            // A walk that meets a broken entry goes on, as zip does.
            let _ = gather(ctx, args, &path::join(file, &entry), into);
        }
    }
    Ok(())
}

/// `zip [options] ZIPFILE [FILE…]`.
pub async fn zip(ctx: Ctx<'_>, words_parsed: Args) -> Status {
    let words = words_parsed.operands;
    let mut report = ZipReport { ctx: &ctx, text: String::new() };
    let mut args = match zip_args(&words) {
        Ok(args) => args,
        Err(why) => {
            report.say(format!("\nzip error: Invalid command arguments ({why})\n"));
            return report.end(16).await;
        }
    };
    let Some(archive) = args.archive.as_deref().map(archive_name) else {
        report.say(format!("\nzip error: Invalid command arguments (nothing to select from)\n{ZIP_USAGE}"));
        return report.end(16).await;
    };
    if args.from_stdin {
        match ctx.read_stdin().await {
            Ok(data) => args.names.extend(toolsh_bytes::decode(&data).lines().map(str::to_string)),
            Err(err) => return ctx.fail(describe(&err)).await,
        }
    }
    let archive_abs = ctx.abs(&archive);
    // Archives and files are held whole: none may pass the session's input limit.
    let limit = ctx.state().limits().input_bytes as u64;
    let old_bytes = match ctx.vfs.stat(&archive_abs) {
        Ok(meta) if meta.size > limit => {
            report.say(format!(
                "\nzip error: Could not open zip file ({archive}: larger than the input limit, {limit} bytes)\n"
            ));
            return report.end(15).await;
        }
        Ok(_) => match ctx.vfs.read(&archive_abs) {
            Ok(bytes) => Some(bytes),
            Err(err) => {
                report.say(format!("\nzip error: Could not open zip file ({archive}: {})\n", describe(&err)));
                return report.end(15).await;
            }
        },
        Err(_) => None,
    };
    let mut old = match old_bytes.map(|b| ZipArchive::new(Cursor::new(b))).transpose() {
        Ok(old) => old,
        Err(_) => {
            report.say(format!(
                "\tzip warning: missing end signature--probably not a zip file (did you\n\tzip warning: remember to use binary mode when you transferred it?)\n\tzip warning: (if you are trying to read a damaged archive try -F)\n\nzip error: Zip file structure invalid ({archive})\n"
            ));
            return report.end(3).await;
        }
    };
    // The old entries, by name, in their order.
    let mut entries: Vec<(String, Entry)> = Vec::new();
    let mut old_times = std::collections::HashMap::new();
    if let Some(old) = old.as_mut() {
        for index in 0..old.len() {
            if let Ok(file) = old.by_index_raw(index) {
                let name = file.name().map(|n| n.to_string()).unwrap_or_default();
                old_times.insert(name.clone(), file.last_modified());
                entries.push((name, Entry::Old(index)));
            }
        }
    }
    let selected = |name: &str| {
        (args.include.is_empty() || args.include.iter().any(|p| p.matches(name)))
            && !args.exclude.iter().any(|p| p.matches(name))
    };
    let mut changed = false;
    let mut moved = Vec::new();
    if args.delete {
        for pattern in &args.names {
            let pattern = Pattern::new(pattern);
            let before = entries.len();
            entries.retain(|(name, _)| {
                let gone = pattern.matches(name) && selected(name);
                if gone {
                    report.text.push_str(&format!("deleting: {name}\n"));
                }
                !gone
            });
            changed |= entries.len() != before;
        }
        if !changed {
            for name in &args.names {
                report.say(format!("\tzip warning: name not matched: {name}\n"));
            }
        }
    } else {
        let mut files = Vec::new();
        for name in &args.names {
            if gather(&ctx, &args, name, &mut files).is_err() {
                report.say(format!("\tzip warning: name not matched: {name}\n"));
            }
        }
        files.retain(|(_, name)| !name.is_empty() && selected(name));
        for (file, name) in files {
            let abs = ctx.abs(&file);
            let meta = match if args.links { ctx.vfs.lstat(&abs) } else { ctx.vfs.stat(&abs) } {
                Ok(meta) => meta,
                Err(_) => continue,
            };
            let time = Stamp::of(meta.mtime);
            let mtime = time.dos;
            let existing = entries.iter().position(|(n, _)| *n == name);
            if args.freshen && existing.is_none() {
                continue;
            }
            if (args.update || args.freshen)
                && let Some(Some(old_time)) = old_times.get(&name)
                && (old_time.datepart(), old_time.timepart()) >= (mtime.datepart(), mtime.timepart())
            {
                continue;
            }
            let mode = meta.mode & 0o7777;
            let (entry, method_note) = if name.ends_with('/') {
                (Entry::Dir { time, mode }, "stored 0%".to_string())
            } else {
                if meta.size > limit {
                    report.say(format!("\tzip warning: could not open for reading: {file} (larger than the input limit, {limit} bytes)\n"));
                    continue;
                }
                let (data, link) = if meta.kind == FileKind::Symlink {
                    (ctx.vfs.read_link(&abs).unwrap_or_default().into_bytes(), true)
                } else {
                    match ctx.vfs.read(&abs) {
                        Ok(data) => (data, false),
                        Err(err) => {
                            report.say(format!(
                                "\tzip warning: could not open for reading: {file} ({})\n",
                                describe(&err)
                            ));
                            continue;
                        }
                    }
                };
                let packed = if args.level == 0 || data.is_empty() { None } else { deflated_size(&data, args.level) };
                match packed.filter(|p| (*p as u64) < data.len() as u64) {
                    Some(packed) => {
                        let note = format!("deflated {}%", percent(data.len() as u64, packed as u64));
                        (Entry::File { data, method: CompressionMethod::Deflated, time, mode, link }, note)
                    }
                    None => (
                        Entry::File { data, method: CompressionMethod::Stored, time, mode, link },
                        "stored 0%".to_string(),
                    ),
                }
            };
            if !ctx.step().await {
                return report.end(1).await;
            }
            let verb = if existing.is_some() { "updating" } else { "  adding" };
            report.say(format!("{verb}: {name} ({method_note})\n"));
            match existing {
                Some(at) => entries[at].1 = entry,
                None => entries.push((name, entry)),
            }
            changed = true;
            if args.move_in {
                moved.push((abs, meta.kind == FileKind::Dir));
            }
        }
    }
    if args.quiet {
        report.text.clear();
    }
    if !changed {
        // -u and -f with nothing newer end quietly; otherwise zip says so.
        if !(args.update || args.freshen) {
            report.say(format!("\nzip error: Nothing to do! ({archive})\n"));
        }
        return report.end(12).await;
    }
    let bytes = match build(&mut old, entries, args.level) {
        Ok(bytes) => bytes,
        Err(err) => {
            report.say(format!("\nzip error: {err}\n"));
            return report.end(2).await;
        }
    };
    if let Err(err) = ctx.vfs.write(&archive_abs, &bytes, WriteMode::Truncate) {
        report.say(format!("\nzip error: Could not create output file ({archive}: {})\n", describe(&err)));
        return report.end(15).await;
    }
    // What -m moved in goes once the archive holds it: files first, then directories,
    // deepest first.
    moved.sort_by(|(a, a_dir), (b, b_dir)| a_dir.cmp(b_dir).then_with(|| if *a_dir { b.cmp(a) } else { a.cmp(b) }));
    for (abs, dir) in moved {
        let _ = if dir { ctx.vfs.remove_dir(&abs) } else { ctx.vfs.remove_file(&abs) };
    }
    report.end(0).await
}

/// How many bytes deflate makes of `data` at `level`.
fn deflated_size(data: &[u8], level: u32) -> Option<usize> {
    let mut encoder = flate2::write::DeflateEncoder::new(Vec::new(), flate2::Compression::new(level.min(9)));
    encoder.write_all(data).ok()?;
    encoder.finish().ok().map(|packed| packed.len())
}

/// The new archive's bytes: old entries copied as they were, new ones written.
fn build(
    old: &mut Option<ZipArchive<Cursor<Vec<u8>>>>,
    entries: Vec<(String, Entry)>,
    level: u32,
) -> zip::result::ZipResult<Vec<u8>> {
    let mut writer = ZipWriter::new(Cursor::new(Vec::new()));
    for (name, entry) in entries {
        match entry {
            Entry::Old(index) => {
                if let Some(old) = old.as_mut() {
                    writer.raw_copy_file(old.by_index_raw(index)?)?;
                }
            }
            Entry::Dir { time, mode } => {
                let options = SimpleFileOptions::default()
                    .last_modified_time(time.dos)
                    .unix_permissions(mode | 0o40000)
                    .with_extended_timestamp(time.unix, None, None)?;
                writer.add_directory(name.trim_end_matches('/'), options)?;
            }
            Entry::File { data, method, time, mode, link } => {
                let level = (method == CompressionMethod::Deflated).then_some(i64::from(level));
                let options = SimpleFileOptions::default()
                    .compression_method(method)
                    .compression_level(level)
                    .last_modified_time(time.dos)
                    .large_file(data.len() as u64 >= u64::from(u32::MAX))
                    .with_extended_timestamp(time.unix, None, None)?;
                if link {
                    writer.add_symlink(name, toolsh_bytes::decode(&data), options)?;
                } else {
                    writer.start_file(name, options.unix_permissions(mode))?;
                    writer.write_all(&data)?;
                }
            }
        }
    }
    Ok(writer.finish()?.into_inner())
}

/// What `unzip` was asked.
#[derive(Default)]
struct UnzipArgs {
    archive: Option<String>,
    list: Vec<String>,
    exclude: Vec<String>,
    exdir: Option<String>,
    mode: UnzipMode,
    overwrite: Option<bool>,
    junk: bool,
    quiet: u8,
}

#[derive(Default, Clone, Copy, PartialEq, Eq)]
enum UnzipMode {
    #[default]
    Extract,
    List,
    Verbose,
    Names,
    Test,
    Pipe,
    Show,
}

const UNZIP_USAGE: &str = "UnZip 6.00 of 20 April 2009, by Debian. Original by Info-ZIP.

Usage: unzip [-Z] [-opts[modifiers]] file[.zip] [list] [-x xlist] [-d exdir]
  Default action is to extract files in list, except those in xlist, to exdir;
  file[.zip] may be a wildcard.  -Z => ZipInfo mode (\"unzip -Z\" for usage).

  -p  extract files to pipe, no messages     -l  list files (short format)
  -f  freshen existing files, create none    -t  test compressed archive data
  -u  update files, create if necessary      -z  display archive comment only
  -v  list verbosely/show version info       -T  timestamp archive to latest
  -x  exclude files that follow (in xlist)   -d  extract files into exdir
modifiers:
  -n  never overwrite existing files         -q  quiet mode (-qq => quieter)
  -o  overwrite files WITHOUT prompting      -a  auto-convert any text files
  -j  junk paths (do not make directories)   -aa treat ALL files as text
  -U  use escapes for all non-ASCII Unicode  -UU ignore any Unicode fields
  -C  match filenames case-insensitively     -L  make (some) names lowercase
  -X  restore UID/GID info                   -V  retain VMS version numbers
  -K  keep setuid/setgid/tacky permissions   -M  pipe through \"more\" pager
See \"unzip -hh\" or unzip.txt for more help.  Examples:
  unzip data1 -x joe   => extract all files except joe from zipfile data1.zip
  unzip -p foo | more  => send contents of foo.zip via pipe into program more
  unzip -fo foo ReadMe => quietly replace existing ReadMe if archive file newer
";

/// Reads unzip's words: options anywhere, `-d DIR`, `-x` taking the words up to the next option.
/// `None`: print the usage (as unzip does, with status 0).
fn unzip_args(words: &[String]) -> Option<UnzipArgs> {
    let mut args = UnzipArgs::default();
    let mut excluding = false;
    let mut words = words.iter();
    while let Some(word) = words.next() {
        if word.starts_with("--") {
            return None;
        }
        if word.len() > 1 && word.starts_with('-') {
            excluding = false;
            let letters: Vec<char> = word[1..].chars().collect();
            let mut i = 0;
            while i < letters.len() {
                match letters[i] {
                    'l' => args.mode = UnzipMode::List,
                    'v' => args.mode = UnzipMode::Verbose,
                    't' => args.mode = UnzipMode::Test,
                    'p' => args.mode = UnzipMode::Pipe,
                    'c' => args.mode = UnzipMode::Show,
                    'Z' => {
                        if letters.get(i + 1) == Some(&'1') {
                            i += 1;
                        }
                        args.mode = UnzipMode::Names;
                    }
                    'o' => args.overwrite = Some(true),
                    'n' => args.overwrite = Some(false),
                    'j' => args.junk = true,
                    'q' => args.quiet += 1,
                    'x' => excluding = true,
                    'd' => {
                        let rest: String = letters[i + 1..].iter().collect();
                        args.exdir = Some(if rest.is_empty() { words.next()?.clone() } else { rest });
                        break;
                    }
                    'a' | 'b' | 'C' | 'L' | 'U' | 'X' | 'V' | 'K' | 'M' | 'D' | 'T' | 'f' | 'u' => {}
                    _ => return None,
                }
                i += 1;
            }
            continue;
        }
        if excluding {
            args.exclude.push(word.clone());
        } else if args.archive.is_none() {
            args.archive = Some(word.clone());
        } else {
            args.list.push(word.clone());
        }
    }
    Some(args)
}

/// Why unzip changed an entry's path, and where it says so.
enum Stripped {
    /// `..` components dropped (said on standard output, as unzip says it).
    Parents(String),
    /// A leading `/` dropped (said on standard error).
    Absolute(String),
}

/// An entry's path on disk: no leading `/`, no `..`, and unzip's warning when it dropped some.
fn safe_path(name: &str, junk: bool) -> (String, Option<Stripped>) {
    let parts: Vec<&str> = name.split('/').filter(|p| !p.is_empty() && *p != ".").collect();
    let warning = if parts.contains(&"..") {
        Some(Stripped::Parents(format!("warning:  skipped \"../\" path component(s) in {name}\n")))
    } else if name.starts_with('/') {
        Some(Stripped::Absolute(format!("warning:  stripped absolute path spec from {name}\n")))
    } else {
        None
    };
    let parts: Vec<&str> = parts.into_iter().filter(|p| *p != "..").collect();
    let joined = if junk { parts.last().copied().unwrap_or_default().to_string() } else { parts.join("/") };
    (joined, warning)
}

/// An entry's date and time as unzip lists them.
fn listed_time(time: Option<zip::DateTime>) -> String {
    match time {
        Some(t) => format!("{:04}-{:02}-{:02} {:02}:{:02}", t.year(), t.month(), t.day(), t.hour(), t.minute()),
        None => "1980-00-00 00:00".into(),
    }
}

/// `unzip [options] ARCHIVE [LIST…] [-x XLIST…] [-d EXDIR]`.
pub async fn unzip(ctx: Ctx<'_>, words_parsed: Args) -> Status {
    let words = words_parsed.operands;
    let Some(args) = unzip_args(&words) else {
        return if ctx.out(UNZIP_USAGE).await { 0 } else { 1 };
    };
    let Some(given) = args.archive.clone() else {
        return if ctx.out(UNZIP_USAGE).await { 0 } else { 1 };
    };
    // The archive, or the name with .zip or .ZIP added.
    let mut found = None;
    for candidate in [given.clone(), format!("{given}.zip"), format!("{given}.ZIP")] {
        let abs = ctx.abs(&candidate);
        if ctx.vfs.stat(&abs).is_ok_and(|m| m.kind == FileKind::File) {
            found = Some((candidate, abs));
            break;
        }
    }
    let Some((shown, abs)) = found else {
        ctx.err(format!("unzip:  cannot find or open {given}, {given}.zip or {given}.ZIP.\n")).await;
        return 9;
    };
    let limit = ctx.state().limits().input_bytes as u64;
    if ctx.vfs.stat(&abs).is_ok_and(|m| m.size > limit) {
        return ctx.fail(format!("cannot read {shown}: larger than the input limit ({limit} bytes)")).await;
    }
    let bytes = match ctx.vfs.read(&abs) {
        Ok(bytes) => bytes,
        Err(err) => return ctx.fail(format!("cannot read {shown}: {}", describe(&err))).await,
    };
    let mut archive = match ZipArchive::new(Cursor::new(bytes)) {
        Ok(archive) => archive,
        Err(_) => {
            if args.mode != UnzipMode::Pipe {
                ctx.out(format!("Archive:  {shown}\n")).await;
            }
            ctx.err(format!(
                "  End-of-central-directory signature not found.  Either this file is not\n  a zipfile, or it constitutes one disk of a multi-part archive.  In the\n  latter case the central directory and zipfile comment will be found on\n  the last disk(s) of this archive.\nunzip:  cannot find zipfile directory in one of {given} or\n        {given}.zip, and cannot find {given}.ZIP, period.\n"
            ))
            .await;
            return 9;
        }
    };
    let includes: Vec<Pattern> = args.list.iter().map(|p| Pattern::new(p)).collect();
    let excludes: Vec<Pattern> = args.exclude.iter().map(|p| Pattern::new(p)).collect();
    let mut matched = vec![false; includes.len()];
    let mut picked = Vec::new();
    for index in 0..archive.len() {
        let Ok(file) = archive.by_index_raw(index) else { continue };
        let name = file.name().map(|n| n.to_string()).unwrap_or_default();
        let mut wanted = includes.is_empty();
        for (i, pattern) in includes.iter().enumerate() {
            if pattern.matches(&name) {
                matched[i] = true;
                wanted = true;
            }
        }
        if wanted && !excludes.iter().any(|p| p.matches(&name)) {
            picked.push(index);
        }
    }
    let header = args.mode != UnzipMode::Pipe && args.mode != UnzipMode::Names && args.quiet == 0;
    if header && !ctx.out(format!("Archive:  {shown}\n")).await {
        return 1;
    }
    let mut status = match args.mode {
        UnzipMode::List => list(&ctx, &mut archive, &picked).await,
        UnzipMode::Verbose => verbose(&ctx, &mut archive, &picked).await,
        UnzipMode::Names => {
            let mut out = String::new();
            for &index in &picked {
                if let Ok(file) = archive.by_index_raw(index) {
                    out.push_str(&file.name().map(|n| n.to_string()).unwrap_or_default());
                    out.push('\n');
                }
            }
            if ctx.out(out).await { 0 } else { 1 }
        }
        UnzipMode::Test => test(&ctx, &mut archive, &picked, &shown, args.quiet).await,
        UnzipMode::Pipe | UnzipMode::Show => show(&ctx, &mut archive, &picked, args.mode == UnzipMode::Show).await,
        UnzipMode::Extract => extract(&ctx, &mut archive, &picked, &args).await,
    };
    for (pattern, hit) in args.list.iter().zip(matched) {
        if !hit {
            // A listing says nothing of it, but fails all the same.
            if !matches!(args.mode, UnzipMode::List | UnzipMode::Verbose | UnzipMode::Names) {
                ctx.err(format!("caution: filename not matched:  {pattern}\n")).await;
            }
            status = status.max(11);
        }
    }
    status
}

async fn list(ctx: &Ctx<'_>, archive: &mut ZipArchive<Cursor<Vec<u8>>>, picked: &[usize]) -> Status {
    let mut out = String::from("  Length      Date    Time    Name\n---------  ---------- -----   ----\n");
    let mut total = 0u64;
    for &index in picked {
        let Ok(file) = archive.by_index_raw(index) else { continue };
        total += file.size();
        let name = file.name().map(|n| n.to_string()).unwrap_or_default();
        out.push_str(&format!("{:>9}  {}   {name}\n", file.size(), listed_time(file.last_modified())));
    }
    let files = if picked.len() == 1 { "file" } else { "files" };
    out.push_str(&format!(
        "---------                     -------\n{total:>9}                     {} {files}\n",
        picked.len()
    ));
    if ctx.out(out).await { if picked.is_empty() { 11 } else { 0 } } else { 1 }
}

/// unzip's ratio: how much smaller, in whole percent, negative when larger.
fn ratio(size: u64, packed: u64) -> i64 {
    if size == 0 {
        return 0;
    }
    let saved = size as i128 - packed as i128;
    let value = (saved * 1000 / size as i128) as i64;
    // Rounded half away from zero, in tenths first.
    if value >= 0 { (value + 5) / 10 } else { (value - 5) / 10 }
}

async fn verbose(ctx: &Ctx<'_>, archive: &mut ZipArchive<Cursor<Vec<u8>>>, picked: &[usize]) -> Status {
    let mut out = String::from(
        " Length   Method    Size  Cmpr    Date    Time   CRC-32   Name\n--------  ------  ------- ---- ---------- ----- --------  ----\n",
    );
    let (mut total, mut total_packed) = (0u64, 0u64);
    for &index in picked {
        let Ok(file) = archive.by_index_raw(index) else { continue };
        let (size, packed) = (file.size(), file.compressed_size());
        total += size;
        total_packed += packed;
        let method = match file.compression() {
            CompressionMethod::Stored => "Stored".to_string(),
            CompressionMethod::Deflated => {
                // The level kept in the general-purpose flags (bits 1 and 2).
                match (file.flags().as_u16() >> 1) & 3 {
                    1 => "Defl:X".to_string(),
                    2 => "Defl:F".to_string(),
                    3 => "Defl:S".to_string(),
                    _ => "Defl:N".to_string(),
                }
            }
            other => format!("{other:?}"),
        };
        let name = file.name().map(|n| n.to_string()).unwrap_or_default();
        out.push_str(&format!(
            "{size:>8}  {method:<6} {packed:>8} {:>3}% {} {:08x}  {name}\n",
            ratio(size, packed),
            listed_time(file.last_modified()),
            file.crc32()
        ));
    }
    let files = if picked.len() == 1 { "file" } else { "files" };
    out.push_str(&format!(
        "--------          -------  ---                            -------\n{total:>8}         {total_packed:>8} {:>3}%                            {} {files}\n",
        ratio(total, total_packed),
        picked.len()
    ));
    if ctx.out(out).await { 0 } else { 1 }
}

/// Reads one entry whole, checking its CRC (the zip crate checks it at the end).
fn contents(
    archive: &mut ZipArchive<Cursor<Vec<u8>>>,
    index: usize,
    limit: u64,
) -> Result<(String, Vec<u8>, bool, CompressionMethod), String> {
    let mut file = archive.by_index(index).map_err(|e| e.to_string())?;
    let name = file.name().map(|n| n.to_string()).unwrap_or_default();
    if file.size() > limit {
        return Err(format!("{name}: larger than the input limit ({limit} bytes)"));
    }
    let mut data = Vec::new();
    file.read_to_end(&mut data).map_err(|e| format!("{name}: {e}"))?;
    Ok((name, data, file.is_dir(), file.compression()))
}

async fn test(
    ctx: &Ctx<'_>,
    archive: &mut ZipArchive<Cursor<Vec<u8>>>,
    picked: &[usize],
    shown: &str,
    quiet: u8,
) -> Status {
    let mut bad = 0;
    for &index in picked {
        let limit = ctx.state().limits().input_bytes as u64;
        let line = match contents(archive, index, limit) {
            Ok((name, ..)) => format!("    testing: {name:<22}   OK\n"),
            Err(why) => {
                bad += 1;
                format!("    testing: {why}\n")
            }
        };
        if quiet == 0 && !ctx.out(line).await {
            return 1;
        }
    }
    let end = if bad == 0 {
        format!("No errors detected in compressed data of {shown}.\n")
    } else {
        format!("At least one error was detected in {shown}.\n")
    };
    if quiet < 2 {
        ctx.out(end).await;
    }
    if bad == 0 { 0 } else { 2 }
}

async fn show(ctx: &Ctx<'_>, archive: &mut ZipArchive<Cursor<Vec<u8>>>, picked: &[usize], named: bool) -> Status {
    let limit = ctx.state().limits().input_bytes as u64;
    let mut status = 0;
    for &index in picked {
        match contents(archive, index, limit) {
            Ok((name, data, dir, _)) => {
                if dir {
                    continue;
                }
                let written = if named {
                    ctx.out(format!(" extracting: {name:<22}  \n")).await && ctx.out(&data).await && ctx.out("\n").await
                } else {
                    ctx.out(&data).await
                };
                if !written {
                    return 1;
                }
            }
            Err(why) => {
                ctx.err(format!("unzip: {why}\n")).await;
                status = 2;
            }
        }
    }
    status
}

/// What the operator answered to unzip's question.
enum Answer {
    Yes,
    No,
    All,
    None,
    Rename(String),
    /// Standard input ended: unzip takes it as [N]one, and fails.
    Ended,
}

/// Asks whether to replace `path` as unzip asks; the answer read from standard input.
async fn ask(ctx: &Ctx<'_>, path: &str) -> Answer {
    loop {
        // unzip asks on its terminal; here that is standard error.
        ctx.err(format!("replace {path}? [y]es, [n]o, [A]ll, [N]one, [r]ename: ")).await;
        let Some((line, _)) = ctx.stdin().read_until(Some(b'\n'), Some(4096)).await else {
            ctx.err(" NULL\n(EOF or read error, treating as \"[N]one\" ...)\n").await;
            return Answer::Ended;
        };
        let line = toolsh_bytes::decode(&line);
        match line.trim().chars().next() {
            Some('y') | Some('Y') => return Answer::Yes,
            Some('n') => return Answer::No,
            Some('A') => return Answer::All,
            Some('N') => return Answer::None,
            Some('r') | Some('R') => {
                ctx.err("new name: ").await;
                let Some((name, _)) = ctx.stdin().read_until(Some(b'\n'), Some(4096)).await else {
                    return Answer::Ended;
                };
                return Answer::Rename(toolsh_bytes::decode(&name).trim().to_string());
            }
            _ => ctx.err(format!("error:  invalid response [{}]\n", line.trim())).await,
        }
    }
}

async fn extract(
    ctx: &Ctx<'_>,
    archive: &mut ZipArchive<Cursor<Vec<u8>>>,
    picked: &[usize],
    args: &UnzipArgs,
) -> Status {
    let limit = ctx.state().limits().input_bytes as u64;
    let quiet = args.quiet > 0;
    let mut overwrite = args.overwrite;
    let mut status = 0;
    let base = args.exdir.clone().unwrap_or_default();
    if !base.is_empty()
        && let Err(err) = make_dirs(ctx, &ctx.abs(&base))
    {
        return ctx.fail(format!("cannot create extraction directory: {base} ({})", describe(&err))).await;
    }
    // Directories get their times once their files are in, as unzip sets them last.
    let mut dir_times = Vec::new();
    for &index in picked {
        if !ctx.step().await {
            return 1;
        }
        let (name, data, dir, method) = match contents(archive, index, limit) {
            Ok(entry) => entry,
            Err(why) => {
                ctx.err(format!("unzip: {why}\n")).await;
                status = 2;
                continue;
            }
        };
        let (relative, warning) = safe_path(&name, args.junk);
        let warning_given = warning.is_some();
        match warning {
            Some(Stripped::Parents(said)) => ctx.out(said).await,
            Some(Stripped::Absolute(said)) => {
                ctx.err(said).await;
                true
            }
            None => true,
        };
        if warning_given {
            status = status.max(1);
        }
        if relative.is_empty() || (dir && args.junk) {
            continue;
        }
        let mut target = if base.is_empty() { relative.clone() } else { path::join(&base, &relative) };
        let abs = ctx.abs(&target);
        if dir {
            if !ctx.vfs.exists(&abs) {
                if let Err(err) = make_dirs(ctx, &abs) {
                    ctx.err(format!("checkdir error:  cannot create {target}\n                 {}\n", describe(&err)))
                        .await;
                    status = 3;
                    continue;
                }
                if !quiet {
                    ctx.out(format!("   creating: {target}/\n")).await;
                }
            }
            if let Some(when) = archive.by_index_raw(index).ok().and_then(|f| entry_time(&f)) {
                dir_times.push((abs, when));
            }
            continue;
        }
        if let Some((parent, _)) = abs.rsplit_once('/')
            && !parent.is_empty()
            && !ctx.vfs.exists(parent)
            && let Err(err) = make_dirs(ctx, parent)
        {
            ctx.err(format!("checkdir error:  cannot create {target}\n                 {}\n", describe(&err))).await;
            status = 3;
            continue;
        }
        let mut abs = abs;
        if ctx.vfs.lstat(&abs).is_ok() {
            match overwrite {
                Some(true) => {}
                Some(false) => continue,
                None => match ask(ctx, &target).await {
                    Answer::Yes => {}
                    Answer::No => continue,
                    Answer::All => overwrite = Some(true),
                    Answer::None => {
                        overwrite = Some(false);
                        continue;
                    }
                    Answer::Ended => {
                        overwrite = Some(false);
                        status = status.max(1);
                        continue;
                    }
                    Answer::Rename(new) => {
                        target = new;
                        abs = ctx.abs(&target);
                    }
                },
            }
        }
        if !quiet {
            let verb = if method == CompressionMethod::Stored { " extracting" } else { "  inflating" };
            ctx.out(format!("{verb}: {target:<22}  \n")).await;
        }
        let written = ctx.vfs.write(&abs, &data, WriteMode::Truncate);
        if let Err(err) = written {
            ctx.err(format!("error:  cannot create {target}\n        {}\n", describe(&err))).await;
            status = status.max(2);
            continue;
        }
        if let Ok(file) = archive.by_index_raw(index) {
            if let Some(mode) = file.unix_mode() {
                let _ = ctx.vfs.set_mode(&abs, mode & 0o777);
            }
            if let Some(when) = entry_time(&file) {
                let _ = ctx.vfs.set_mtime(&abs, when);
            }
        }
    }
    for (abs, when) in dir_times.into_iter().rev() {
        let _ = ctx.vfs.set_mtime(&abs, when);
    }
    status
}

/// An entry's time: its extended timestamp when it has one, else its DOS time read as UTC.
fn entry_time<R: Read>(file: &zip::read::ZipFile<'_, R>) -> Option<std::time::SystemTime> {
    let exact = file.extra_data_fields().find_map(|field| match field {
        zip::ExtraField::ExtendedTimestamp(stamp) => stamp.mod_time(),
        _ => None,
    });
    if let Some(seconds) = exact {
        return Some(std::time::UNIX_EPOCH + std::time::Duration::from_secs(seconds.into()));
    }
    let when = file.last_modified()?;
    let date = chrono::NaiveDate::from_ymd_opt(when.year().into(), when.month().into(), when.day().into())?;
    let at = date.and_hms_opt(when.hour().into(), when.minute().into(), when.second().into())?;
    Some(at.and_utc().into())
}

/// Creates `abs` and its missing parents.
fn make_dirs(ctx: &Ctx<'_>, abs: &str) -> std::io::Result<()> {
    if ctx.vfs.exists(abs) {
        return Ok(());
    }
    if let Some((parent, _)) = abs.rsplit_once('/')
        && !parent.is_empty()
    {
        make_dirs(ctx, parent)?;
    }
    ctx.vfs.mkdir(abs)
}
