//! `tar`: create (`-c`), list (`-t`) and extract (`-x`) archives of the workspace, plain or
//! compressed with gzip (`-z`), bzip2 (`-j`) or xz (`-J`) — detected by itself when reading;
//! append to (`-r`, `-u`) and delete from (`--delete`) plain ones in place. Every file it reads or writes goes
//! through the workspace's gated operations, so policy applies member by member; members that
//! would land outside the target (`..`) are refused and a leading `/` is removed, as GNU tar does.
//! `--transform` renames members (`transform.rs`), `--mtime` dates them, `--one-top-level`
//! extracts under one directory.

use crate::Ctx;
use crate::data::compress::{Encoder, Format};
use crate::data::transform::Names;
use crate::session::Status;
use crate::spec::{Misuse, Opt, Spec, Words};
use crate::vfs::{FileKind, WriteMode, describe};
use std::io::Read;
use std::time::{Duration, SystemTime, UNIX_EPOCH};
use toolsh_bytes::quote::{tar_listed, tar_name};

/// GNU tar's default blocking: 20 records of 512 bytes.
const RECORD_BLOCK: usize = 20 * 512;

const CREATE: Opt = Opt::both('c', "create", "create a new archive");
const LIST: Opt = Opt::both('t', "list", "list the contents of an archive");
const EXTRACT: Opt = Opt::both('x', "extract", "extract files from an archive").alias("get");
const APPEND: Opt = Opt::both('r', "append", "append files to the end of an archive");
const UPDATE: Opt = Opt::both('u', "update", "only append files newer than copy in archive");
const DELETE: Opt = Opt::long("delete", "delete from the archive (not on compressed archives)");
const VERBOSE: Opt = Opt::both('v', "verbose", "verbosely list files processed");
const GZIP: Opt =
    Opt::both('z', "gzip", "filter the archive through gzip (detected by itself when reading)").alias("gunzip");
const TO_STDOUT: Opt = Opt::both('O', "to-stdout", "extract files to standard output");
const FILE: Opt = Opt::both('f', "file", "use archive file ARCHIVE ('-': standard input or output)").value("ARCHIVE");
const DIRECTORY: Opt = Opt::both('C', "directory", "change to directory DIR").value("DIR");
const EXCLUDE: Opt = Opt::long("exclude", "exclude files matching PATTERN").value("PATTERN");
const BZIP2: Opt = Opt::both('j', "bzip2", "filter the archive through bzip2 (detected by itself when reading)");
const STRIP: Opt =
    Opt::long("strip-components", "strip NUMBER leading components from file names on extraction").value("NUMBER");
const WILDCARDS: Opt = Opt::long("wildcards", "use wildcards in the member names to list or extract");
const TRANSFORM: Opt =
    Opt::long("transform", "rename members with the sed s-expression EXPR as they are added or extracted")
        .alias("xform")
        .value("EXPR");
const MTIME: Opt =
    Opt::long("mtime", "give added files DATE as their time (a name starting with / or . : that file's)").value("DATE");
const ONE_TOP_LEVEL: Opt =
    Opt::long("one-top-level", "extract into DIR (default: the archive's name without its suffix)").optional("DIR");
const OWNER: Opt = Opt::long("owner", "force NAME (or NAME:ID, or a number) as owner for added files").value("NAME");
const GROUP: Opt = Opt::long("group", "force NAME (or NAME:ID, or a number) as group for added files").value("NAME");
const NUMERIC_OWNER: Opt = Opt::long("numeric-owner", "always use numbers for user/group names");
const SORT: Opt =
    Opt::long("sort", "directory sorting order: none, name (added files are always in name order)").value("ORDER");
const XZ: Opt = Opt::both('J', "xz", "filter the archive through xz (detected by itself when reading)");
const COMPRESS_PROGRAM: Opt =
    Opt::both('I', "use-compress-program", "filter through PROG (refused: no programs run here; -z -j -J do)")
        .value("PROG");
const OTHER_COMPRESSION: [Opt; 4] = [
    Opt::long("zstd", "filter the archive through zstd (refused: gzip, bzip2 and xz are available)"),
    Opt::long("lzma", "filter the archive through lzma (refused: gzip, bzip2 and xz are available)"),
    Opt::both('Z', "compress", "filter the archive through compress (refused: gzip, bzip2 and xz are available)"),
    Opt::long("lzip", "filter the archive through lzip (refused: gzip, bzip2 and xz are available)"),
];

/// `tar`.
pub const TAR: Spec = Spec {
    name: "tar",
    summary: "create, list or extract tar archives (-z gzip) of the workspace",
    synopsis: &["[OPTION...] [FILE]..."],
    about: "Create (-c), list (-t), extract (-x), append to (-r, -u) or delete from (--delete) tar archives of the workspace; the first word's letters are options even without a dash (tar czf out.tgz dir).",
    options: &[
        CREATE,
        LIST,
        EXTRACT,
        APPEND,
        UPDATE,
        DELETE,
        VERBOSE,
        GZIP,
        TO_STDOUT,
        FILE,
        DIRECTORY,
        EXCLUDE,
        STRIP,
        WILDCARDS,
        TRANSFORM,
        MTIME,
        ONE_TOP_LEVEL,
        OWNER,
        GROUP,
        NUMERIC_OWNER,
        SORT,
        BZIP2,
        XZ,
        COMPRESS_PROGRAM,
        OTHER_COMPRESSION[0],
        OTHER_COMPRESSION[1],
        OTHER_COMPRESSION[2],
        OTHER_COMPRESSION[3],
    ],
    usage_status: 64,
    words: Words::Own(tar_words),
    long_order: &[
        "append",
        "atime-preserve",
        "acls",
        "auto-compress",
        "absolute-names",
        "after-date",
        "add-file",
        "anchored",
        "blocking-factor",
        "bzip2",
        "backup",
        "block-number",
        "create",
        "compare",
        "catenate",
        "concatenate",
        "check-device",
        "clamp-mtime",
        "compress",
        "checkpoint",
        "checkpoint-action",
        "check-links",
        "confirmation",
        "diff",
        "delete",
        "delay-directory-restore",
        "dereference",
        "directory",
        "extract",
        "exclude",
        "exclude-from",
        "exclude-caches",
        "exclude-caches-under",
        "exclude-caches-all",
        "exclude-tag",
        "exclude-ignore",
        "exclude-ignore-recursive",
        "exclude-tag-under",
        "exclude-tag-all",
        "exclude-vcs",
        "exclude-vcs-ignores",
        "exclude-backups",
        "file",
        "force-local",
        "format",
        "full-time",
        "files-from",
        "get",
        "group",
        "group-map",
        "gzip",
        "gunzip",
        "hole-detection",
        "hard-dereference",
        "help",
        "incremental",
        "ignore-failed-read",
        "ignore-command-error",
        "info-script",
        "ignore-zeros",
        "index-file",
        "interactive",
        "ignore-case",
        "keep-old-files",
        "keep-newer-files",
        "keep-directory-symlink",
        "list",
        "listed-incremental",
        "level",
        "label",
        "lzip",
        "lzma",
        "lzop",
        "mtime",
        "mode",
        "multi-volume",
        "no-seek",
        "no-check-device",
        "no-overwrite-dir",
        "no-ignore-command-error",
        "no-same-owner",
        "numeric-owner",
        "no-same-permissions",
        "no-delay-directory-restore",
        "no-xattrs",
        "no-selinux",
        "no-acls",
        "new-volume-script",
        "no-auto-compress",
        "newer",
        "newer-mtime",
        "no-quote-chars",
        "null",
        "no-null",
        "no-unquote",
        "no-verbatim-files-from",
        "no-recursion",
        "no-anchored",
        "no-ignore-case",
        "no-wildcards",
        "no-wildcards-match-slash",
        "occurrence",
        "overwrite",
        "overwrite-dir",
        "one-top-level",
        "owner",
        "owner-map",
        "old-archive",
        "one-file-system",
        "preserve-permissions",
        "preserve-order",
        "portability",
        "posix",
        "pax-option",
        "program-name",
        "quoting-style",
        "quote-chars",
        "remove-files",
        "recursive-unlink",
        "rmt-command",
        "rsh-command",
        "record-size",
        "read-full-records",
        "restrict",
        "recursion",
        "sparse",
        "sparse-version",
        "seek",
        "skip-old-files",
        "same-owner",
        "same-permissions",
        "same-order",
        "sort",
        "selinux",
        "starting-file",
        "suffix",
        "strip-components",
        "show-defaults",
        "show-snapshot-field-ranges",
        "show-omitted-dirs",
        "show-transformed-names",
        "show-stored-names",
        "test-label",
        "to-stdout",
        "to-command",
        "touch",
        "tape-length",
        "transform",
        "totals",
        "update",
        "unlink-first",
        "use-compress-program",
        "ungzip",
        "uncompress",
        "utc",
        "unquote",
        "usage",
        "verify",
        "volno-file",
        "verbose",
        "verbatim-files-from",
        "version",
        "warning",
        "wildcards",
        "wildcards-match-slash",
        "xattrs",
        "xattrs-include",
        "xattrs-exclude",
        "xz",
        "xform",
    ],
    ..Spec::BASE
};

/// tar's words: GNU's message and its hint.
fn tar_words(_: &Spec, misuse: &Misuse) -> String {
    format!("tar: {misuse}\nTry 'tar --help' or 'tar --usage' for more information.\n")
}

#[derive(Default)]
struct Options {
    mode: Option<char>,
    verbose: bool,
    /// `-z`, `-j` or `-J`.
    compression: Option<Format>,
    to_stdout: bool,
    archive: Option<String>,
    directory: Option<String>,
    exclude: Vec<String>,
    operands: Vec<String>,
    /// `--strip-components`: leading components dropped from extracted names.
    strip: usize,
    /// `--wildcards`: the operands are patterns.
    wildcards: bool,
    /// `--owner`, `--group`: the name (when not a number) and id written for added files.
    owner: Option<(Option<String>, u64)>,
    group: Option<(Option<String>, u64)>,
    numeric_owner: bool,
    /// `--transform`: renames, in order.
    transforms: Vec<crate::data::transform::Transform>,
    /// `--mtime`: the time every added member gets.
    mtime: Option<u64>,
    /// `--one-top-level`: the directory every member is extracted under (`Some("")`: named
    /// after the archive).
    one_top_level: Option<String>,
}

/// `NAME`, `NAME:ID` or `ID` as `--owner`/`--group` take it (a name alone has id 0: there are
/// no host accounts to look it up in).
fn owner_of(value: &str) -> Option<(Option<String>, u64)> {
    match value.split_once(':') {
        Some((name, id)) => Some((Some(name.to_string()), id.parse().ok()?)),
        None => match value.parse::<u64>() {
            Ok(id) => Some((None, id)),
            Err(_) => Some((Some(value.to_string()), 0)),
        },
    }
}

/// Reads the options; `Err` holds the status to end with.
async fn parse(ctx: &Ctx<'_>) -> Result<Options, Status> {
    let mut words: Vec<String> = ctx.argv[1..].to_vec();
    // `tar czf out.tgz dir`: the first word's letters are options even without a dash.
    if let Some(first) = words.first_mut()
        && !first.starts_with('-')
    {
        first.insert(0, '-');
    }
    let args = ctx.args_of(&TAR, &words).await?;
    let mut o = Options { operands: args.operands.clone(), ..Options::default() };
    for (opt, value) in args.given() {
        match *opt {
            CREATE | LIST | EXTRACT | APPEND | UPDATE | DELETE => {
                // `--delete` has no letter: `D` stands for it here.
                let letter = opt.short.unwrap_or('D');
                if o.mode.is_some_and(|m| m != letter) {
                    ctx.err(tar_words(
                        &TAR,
                        &Misuse::Said(
                            "You may not specify more than one '-Acdtrux', '--delete' or  '--test-label' option"
                                .to_string(),
                        ),
                    ))
                    .await;
                    return Err(2);
                }
                o.mode = Some(letter);
            }
            VERBOSE => o.verbose = true,
            GZIP => o.compression = Some(Format::Gzip),
            BZIP2 => o.compression = Some(Format::Bzip2),
            XZ => o.compression = Some(Format::Xz),
            TO_STDOUT => o.to_stdout = true,
            FILE => o.archive = Some(value.to_string()),
            DIRECTORY => o.directory = Some(value.to_string()),
            EXCLUDE => o.exclude.push(value.to_string()),
            STRIP => match value.parse::<usize>() {
                Ok(n) => o.strip = n,
                Err(_) => {
                    ctx.err(tar_words(&TAR, &Misuse::Said(format!("{value}: Invalid number of elements")))).await;
                    return Err(2);
                }
            },
            WILDCARDS => o.wildcards = true,
            TRANSFORM => {
                if let Err(why) = crate::data::transform::parse(value, &mut o.transforms) {
                    ctx.err(tar_words(&TAR, &Misuse::Said(why))).await;
                    return Err(2);
                }
            }
            MTIME => {
                // A name starting with `/` or `.` is a file whose time it is, as GNU reads it.
                let time = if value.starts_with(['/', '.']) {
                    ctx.vfs.stat(&ctx.abs(value)).map(|meta| seconds(meta.mtime)).map_err(|err| describe(&err))
                } else {
                    crate::text::stream::parse_date(value, ctx.state())
                        .map(|when| u64::try_from(when.timestamp()).unwrap_or(0))
                        .ok_or_else(|| format!("Invalid date format '{value}'"))
                };
                match time {
                    Ok(time) => o.mtime = Some(time),
                    Err(why) => {
                        ctx.err(format!("tar: --mtime {value}: {why}\n")).await;
                        return Err(2);
                    }
                }
            }
            ONE_TOP_LEVEL => o.one_top_level = Some(value.to_string()),
            NUMERIC_OWNER => o.numeric_owner = true,
            OWNER | GROUP => {
                let Some(who) = owner_of(value) else {
                    ctx.err(format!("tar: '{value}': Invalid owner or group ID\n")).await;
                    return Err(2);
                };
                if *opt == OWNER { o.owner = Some(who) } else { o.group = Some(who) }
            }
            SORT if matches!(value, "name" | "none") => {}
            SORT => {
                ctx.err(tar_words(&TAR, &Misuse::Said(format!("invalid argument '{value}' for '--sort'")))).await;
                return Err(2);
            }
            _ => {
                let name = opt.long.unwrap_or_default();
                ctx.complain(format!("--{name}: only gzip (-z), bzip2 (-j) and xz (-J) compression are available"))
                    .await;
                return Err(2);
            }
        }
    }
    if o.mode.is_none() {
        ctx.err(tar_words(
            &TAR,
            &Misuse::Said("You must specify one of the '-Acdtrux', '--delete' or '--test-label' options".to_string()),
        ))
        .await;
        return Err(2);
    }
    Ok(o)
}

/// `tar -c|-t|-x [-vzO] [-f ARCHIVE] [-C DIR] [--exclude PATTERN]… [FILE…]`
pub async fn tar(ctx: Ctx<'_>) -> Status {
    let o = match parse(&ctx).await {
        Ok(o) => o,
        Err(status) => return status,
    };
    match o.mode {
        Some('c') => create(&ctx, &o).await,
        Some('r' | 'u' | 'D') => update(&ctx, &o).await,
        _ => read_archive(&ctx, &o).await,
    }
}

/// GNU's report after non-fatal errors.
async fn failed(ctx: &Ctx<'_>) -> Status {
    ctx.err("tar: Exiting with failure status due to previous errors\n").await;
    2
}

fn excluded(o: &Options, name: &str) -> bool {
    let base = name.trim_end_matches('/').rsplit('/').next().unwrap_or(name);
    o.exclude.iter().any(|pattern| {
        let pattern = crate::pattern::Pattern::new(pattern);
        pattern.matches(base) || pattern.matches(name)
    })
}

fn seconds(time: SystemTime) -> u64 {
    time.duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs())
}

async fn create(ctx: &Ctx<'_>, o: &Options) -> Status {
    if o.operands.is_empty() {
        ctx.err(tar_words(&TAR, &Misuse::Said("Cowardly refusing to create an empty archive".to_string()))).await;
        return 2;
    }
    let mut sink = match ArchiveSink::new(ctx, o).await {
        Ok(sink) => sink,
        Err(status) => return status,
    };
    let mut builder = tar::Builder::new(Vec::new());
    let mut listing = String::new();
    let errors = match dump(ctx, o, &o.operands, &mut builder, &mut listing, Some(&mut sink)).await {
        Ok(errors) => errors,
        Err(status) => return status,
    };
    let rest = match builder.into_inner() {
        Ok(bytes) => bytes,
        Err(err) => return ctx.fail(format!("cannot finish the archive: {err}")).await,
    };
    if let Err(status) = sink.finish(ctx, rest).await {
        return status;
    }
    // The member list goes where the archive does not.
    let to_stdout = o.archive.as_deref().is_none_or(|a| a == "-");
    if o.verbose {
        if to_stdout {
            ctx.err(listing).await;
        } else if !ctx.out(listing).await {
            return 1;
        }
    }
    if errors { failed(ctx).await } else { 0 }
}

/// Adds `names` (and what is below the directories among them) to `builder`, depth first in
/// name order, as `-c`, `-r` and `-u` add files; `-v`'s lines go to `listing`. True when some
/// file could not be added (said on standard error).
async fn dump(
    ctx: &Ctx<'_>,
    o: &Options,
    names: &[String],
    builder: &mut tar::Builder<Vec<u8>>,
    listing: &mut String,
    mut sink: Option<&mut ArchiveSink>,
) -> Result<bool, Status> {
    let base = o.directory.as_deref().map_or_else(|| ctx.abs("."), |dir| ctx.abs(dir));
    // The archive being written is not put in itself (GNU: a warning, not an error).
    let archive = o.archive.as_deref().filter(|a| *a != "-").map(|a| ctx.abs(a));
    let mut errors = false;
    let mut warned: Vec<String> = Vec::new();
    // Depth first, in name order, as the operands were given.
    let mut pending: Vec<String> = names.iter().rev().cloned().collect();
    while let Some(name) = pending.pop() {
        if excluded(o, &name) {
            continue;
        }
        let abs = crate::vfs::path::operand(&base, &name);
        let meta = match ctx.vfs.lstat(&abs) {
            Ok(meta) => meta,
            Err(err) => {
                ctx.err(format!("tar: {name}: Cannot stat: {}\n", describe(&err), name = tar_name(&name))).await;
                errors = true;
                continue;
            }
        };
        if archive.as_deref() == Some(abs.as_str()) && meta.kind == FileKind::File {
            ctx.err(format!("tar: {name}: file is the archive; not dumped\n", name = tar_name(&name))).await;
            continue;
        }
        // As GNU: a leading `/` and `../` are taken off (said once for each such prefix), so
        // no member names a place above where it is extracted.
        let (prefix, stripped) = leading_up(&name);
        if !prefix.is_empty() && !warned.iter().any(|p| p == prefix) {
            ctx.err(format!("tar: Removing leading `{prefix}' from member names\n")).await;
            // GNU's tar says it of link targets too for a prefix with `..` (it cuts those
            // twice), whether or not a link follows.
            if prefix.split('/').any(|part| part == "..") {
                ctx.err(format!("tar: Removing leading `{prefix}' from hard link targets\n")).await;
            }
            warned.push(prefix.to_string());
        }
        // `-v` shows the name as given; the archive holds it cut and renamed.
        let mut shown = name.clone();
        let mut member = crate::data::transform::apply(&o.transforms, stripped, Names::Member);
        let mut header = tar::Header::new_gnu();
        header.set_mode(meta.mode & 0o7777);
        header.set_mtime(o.mtime.unwrap_or_else(|| seconds(meta.mtime)));
        for (who, is_owner) in [(&o.owner, true), (&o.group, false)] {
            if let Some((name, id)) = who {
                if is_owner {
                    header.set_uid(*id);
                } else {
                    header.set_gid(*id);
                }
                if let Some(name) = name.as_ref().filter(|_| !o.numeric_owner) {
                    let _ = if is_owner { header.set_username(name) } else { header.set_groupname(name) };
                }
            }
        }
        // Where this member starts: a member that fails part-way is taken back out.
        let mark = builder.get_ref().len();
        let added = match meta.kind {
            FileKind::Dir => {
                let mut children = match ctx.vfs.read_dir(&abs) {
                    Ok(children) => children,
                    Err(err) => {
                        ctx.err(format!("tar: {name}: Cannot open: {}\n", describe(&err), name = tar_name(&name)))
                            .await;
                        errors = true;
                        continue;
                    }
                };
                children.sort_by(|a, b| b.name.cmp(&a.name));
                let prefix = if name.ends_with('/') { name.clone() } else { format!("{name}/") };
                pending.extend(children.into_iter().map(|c| format!("{prefix}{}", c.name)));
                if !member.ends_with('/') {
                    member.push('/');
                }
                if !shown.ends_with('/') {
                    shown.push('/');
                }
                header.set_entry_type(tar::EntryType::Directory);
                header.set_size(0);
                add(builder, &mut header, &member, None, std::io::empty())
            }
            FileKind::Symlink => {
                let target = ctx.vfs.read_link(&abs).unwrap_or_default();
                let target = crate::data::transform::apply(&o.transforms, &target, Names::SymlinkTarget);
                header.set_entry_type(tar::EntryType::Symlink);
                header.set_size(0);
                add(builder, &mut header, &member, Some(&target), std::io::empty())
            }
            _ => match ctx.vfs.open_reader(&abs) {
                Ok(data) => {
                    header.set_entry_type(tar::EntryType::Regular);
                    header.set_size(meta.size);
                    match sink.as_deref_mut() {
                        // Written as it is read: the header, then the data a piece at a time.
                        Some(sink) => match add(builder, &mut header, &member, None, std::io::empty()) {
                            Ok(()) => {
                                sink.hand_on(ctx, std::mem::take(builder.get_mut())).await?;
                                if let Some(why) = sink.stream_data(ctx, data, meta.size).await? {
                                    ctx.err(format!("tar: {name}: {why}\n", name = tar_name(&name))).await;
                                    errors = true;
                                }
                                Ok(())
                            }
                            Err(err) => Err(err),
                        },
                        // Into the archive being changed in memory (`-r`, `-u`), made at its size.
                        None => {
                            builder
                                .get_mut()
                                .reserve(usize::try_from(meta.size).unwrap_or(0).min(1 << 30).saturating_add(4096));
                            add(builder, &mut header, &member, None, data)
                        }
                    }
                }
                Err(err) => {
                    ctx.err(format!("tar: {name}: Cannot open: {}\n", describe(&err), name = tar_name(&name))).await;
                    errors = true;
                    continue;
                }
            },
        };
        if let Err(err) = added {
            builder.get_mut().truncate(mark);
            ctx.err(format!("tar: {name}: {err}\n", name = tar_name(&name))).await;
            errors = true;
            continue;
        }
        if o.verbose {
            listing.push_str(&tar_listed(&shown));
            listing.push('\n');
        }
        if let Some(sink) = sink.as_deref_mut() {
            sink.hand_on(ctx, std::mem::take(builder.get_mut())).await?;
        }
    }
    Ok(errors)
}

/// Where `tar -c` writes its archive, a piece at a time: each member's header, then its data
/// as it is read (through the compressor when one is asked for), to standard output or the
/// archive file, so memory holds a piece, not a member or the archive.
struct ArchiveSink {
    encoder: Option<Encoder>,
    /// The archive file, opened (and emptied) before anything is read, as GNU opens it: a walk
    /// that reaches it finds it and leaves it out. `None`: standard output.
    file: Option<(String, Box<dyn crate::vfs::FileWriter>)>,
    /// Bytes of the plain archive so far, for the padding to whole records.
    written: u64,
}

impl ArchiveSink {
    async fn new(ctx: &Ctx<'_>, o: &Options) -> Result<ArchiveSink, Status> {
        let encoder = match o.compression {
            Some(format) => match Encoder::new(format, None, 0, format.default_level(), false) {
                Ok(encoder) => Some(encoder),
                Err(err) => return Err(ctx.fail(format!("cannot compress the archive: {err}")).await),
            },
            None => None,
        };
        let file = match o.archive.as_deref().filter(|a| *a != "-") {
            Some(path) => match ctx.vfs.open_writer(&ctx.abs(path), WriteMode::Truncate) {
                Ok(writer) => Some((path.to_string(), writer)),
                Err(err) => {
                    ctx.err(format!(
                        "tar: {path}: Cannot open: {}\ntar: Error is not recoverable: exiting now\n",
                        describe(&err),
                        path = tar_name(path)
                    ))
                    .await;
                    return Err(2);
                }
            },
            None => None,
        };
        Ok(ArchiveSink { encoder, file, written: 0 })
    }

    /// Hands on the plain archive's next bytes.
    async fn hand_on(&mut self, ctx: &Ctx<'_>, plain: Vec<u8>) -> Result<(), Status> {
        self.written += plain.len() as u64;
        let bytes = match &mut self.encoder {
            Some(encoder) => match encoder.write_all(&plain) {
                Ok(()) => encoder.take(),
                Err(err) => return Err(ctx.fail(format!("cannot compress the archive: {err}")).await),
            },
            None => plain,
        };
        self.write(ctx, &bytes).await
    }

    /// Hands on a regular member's `size` bytes from `data` a piece at a time (its header went
    /// before), then zeros to the end of its last block. A file that ends early or cannot be
    /// read to its end is padded with zeros to its size, as GNU's tar does: what to say then.
    async fn stream_data(&mut self, ctx: &Ctx<'_>, data: impl Read, size: u64) -> Result<Option<String>, Status> {
        const PIECE: u64 = 256 * 1024;
        let mut data = data.take(size);
        let mut done = 0u64;
        let mut why = None;
        while done < size {
            let mut piece = Vec::with_capacity(PIECE.min(size - done) as usize);
            match data.by_ref().take(PIECE).read_to_end(&mut piece) {
                Ok(0) => {
                    let short = size - done;
                    let bytes = if short == 1 { "byte" } else { "bytes" };
                    why = Some(format!("File shrank by {short} {bytes}; padding with zeros"));
                    break;
                }
                Ok(n) => done += n as u64,
                Err(err) => {
                    let want = PIECE.min(size - done);
                    let bytes = if want == 1 { "byte" } else { "bytes" };
                    why = Some(format!("Read error at byte {done}, while reading {want} {bytes}: {}", describe(&err)));
                    break;
                }
            }
            self.hand_on(ctx, piece).await?;
        }
        // The rest of a short file as zeros, then the last block's padding.
        let mut zeros = size - done;
        zeros += (512 - size % 512) % 512;
        while zeros > 0 {
            let piece = zeros.min(PIECE);
            self.hand_on(ctx, vec![0; piece as usize]).await?;
            zeros -= piece;
        }
        Ok(why)
    }

    async fn write(&mut self, ctx: &Ctx<'_>, bytes: &[u8]) -> Result<(), Status> {
        if bytes.is_empty() {
            return if ctx.step().await { Ok(()) } else { Err(1) };
        }
        match &mut self.file {
            None => {
                if ctx.out(bytes).await {
                    Ok(())
                } else {
                    Err(1)
                }
            }
            Some((path, writer)) => match writer.write_all(bytes) {
                Ok(()) => Ok(()),
                Err(err) => {
                    ctx.err(format!("tar: {path}: Cannot write: {}\n", describe(&err), path = tar_name(path))).await;
                    Err(2)
                }
            },
        }
    }

    /// The end of the archive, padded to whole blocks of 20 records as GNU tar writes them;
    /// the compressor's last bytes; the file closed.
    async fn finish(mut self, ctx: &Ctx<'_>, rest: Vec<u8>) -> Result<(), Status> {
        self.hand_on(ctx, rest).await?;
        let padding = (RECORD_BLOCK as u64 - self.written % RECORD_BLOCK as u64) % RECORD_BLOCK as u64;
        self.hand_on(ctx, vec![0; padding as usize]).await?;
        if let Some(encoder) = self.encoder.take() {
            match encoder.finish() {
                Ok(last) => self.write(ctx, &last).await?,
                Err(err) => return Err(ctx.fail(format!("cannot compress the archive: {err}")).await),
            }
        }
        if let Some((path, writer)) = self.file.take()
            && let Err(err) = writer.close()
        {
            ctx.err(format!("tar: {path}: Cannot write: {}\n", describe(&err), path = tar_name(&path))).await;
            return Err(2);
        }
        Ok(())
    }
}

/// One member of an archive being changed: its name, time and kind, and where its bytes
/// (extension headers, header, data) lie.
struct Member {
    name: String,
    mtime: u64,
    span: std::ops::Range<usize>,
}

/// The members of the plain archive `data`, in order, and where the last one ends (the
/// end-of-archive blocks and padding follow). `Err` when it is not a tar archive.
fn members(data: &[u8]) -> Result<(Vec<Member>, usize), String> {
    let mut archive = tar::Archive::new(data);
    let mut found = Vec::new();
    let mut end = 0usize;
    let entries = archive.entries().map_err(|err| err.to_string())?;
    for entry in entries {
        let entry = entry.map_err(|err| err.to_string())?;
        let size = entry.header().entry_size().map_err(|err| err.to_string())?;
        let data_end = usize::try_from(entry.raw_file_position().saturating_add(size.div_ceil(512) * 512))
            .map_err(|err| err.to_string())?;
        let name = toolsh_bytes::decode(&entry.path_bytes()).into_owned();
        let mtime = entry.header().mtime().unwrap_or(0);
        // Extension headers (long names) sit between the previous member and this header.
        found.push(Member { name, mtime, span: end..data_end.min(data.len()) });
        end = data_end.min(data.len());
    }
    Ok((found, end))
}

/// Whether the member `name` is one `operand` names: itself or below it, or with
/// `--wildcards` matched by it as a pattern (`*` matching `/` too, as GNU's default).
fn names_member(o: &Options, operand: &str, name: &str) -> bool {
    let op = operand.trim_end_matches('/');
    let name = name.trim_end_matches('/');
    if o.wildcards {
        let pattern = crate::pattern::Pattern::new(op);
        let mut prefix = name;
        loop {
            if pattern.matches(prefix) {
                return true;
            }
            match prefix.rfind('/') {
                Some(at) => prefix = &prefix[..at],
                None => return false,
            }
        }
    }
    name == op || name.strip_prefix(op).is_some_and(|rest| rest.starts_with('/'))
}

/// `-r`, `-u` and `--delete`: the archive changed in place, as GNU's tar changes it. `-r`
/// appends the files named; `-u` those newer than their last copy in the archive or not in
/// it (a directory already there is not added again, but what it holds is, file by file);
/// `--delete` drops the members the operands name. A compressed archive is refused, as GNU
/// refuses it.
async fn update(ctx: &Ctx<'_>, o: &Options) -> Status {
    let mode = o.mode.unwrap_or('r');
    if o.compression.is_some() {
        ctx.err(tar_words(&TAR, &Misuse::Said("Cannot update compressed archives".to_string()))).await;
        return 2;
    }
    let path = o.archive.as_deref().unwrap_or("-");
    let on_stdio = path == "-";
    if on_stdio && mode != 'D' {
        ctx.err(tar_words(&TAR, &Misuse::Said("Options '-Aru' are incompatible with '-f -'".to_string()))).await;
        return 2;
    }
    let abs = ctx.abs(path);
    let data = match ctx.read_operand(path).await {
        Ok(data) => data,
        // A missing archive is made, as GNU opens it for writing.
        Err(err) if err.kind() == std::io::ErrorKind::NotFound && !on_stdio => Vec::new(),
        Err(err) => {
            ctx.err(format!("tar: {path}: Cannot open: {}\n", describe(&err), path = tar_name(path))).await;
            ctx.err("tar: Error is not recoverable: exiting now\n").await;
            return 2;
        }
    };
    if Format::sniff(&data).is_some() {
        ctx.err("tar: Cannot update compressed archives\ntar: Error is not recoverable: exiting now\n").await;
        return 2;
    }
    let (members, end) = match members(&data) {
        Ok(found) => found,
        Err(_) => {
            ctx.err("tar: This does not look like a tar archive\n").await;
            return failed(ctx).await;
        }
    };
    let mut errors = false;
    let mut bytes: Vec<u8>;
    let mut listing = String::new();
    if mode == 'D' {
        let mut used = vec![false; o.operands.len()];
        bytes = Vec::with_capacity(end);
        for member in &members {
            let mut dropped = false;
            for (at, operand) in o.operands.iter().enumerate() {
                if names_member(o, operand, &member.name) {
                    used[at] = true;
                    dropped = true;
                }
            }
            if !dropped {
                bytes.extend_from_slice(data.get(member.span.clone()).unwrap_or_default());
            }
        }
        for (operand, used) in o.operands.iter().zip(used) {
            if !used {
                ctx.err(format!("tar: {operand}: Not found in archive\n", operand = tar_name(operand))).await;
                errors = true;
            }
        }
        // GNU leaves a missing archive empty.
        if data.is_empty() {
            if let Err(err) = ctx.vfs.write(&abs, b"", WriteMode::Truncate) {
                ctx.err(format!("tar: {path}: Cannot open: {}\n", describe(&err), path = tar_name(path))).await;
                return 2;
            }
            return failed(ctx).await;
        }
    } else {
        let names = if mode == 'u' { newer_names(ctx, o, &members) } else { o.operands.clone() };
        let mut builder = tar::Builder::new(Vec::new());
        errors = match dump(ctx, o, &names, &mut builder, &mut listing, None).await {
            Ok(errors) => errors,
            Err(status) => return status,
        };
        let added = match builder.into_inner() {
            Ok(added) => added,
            Err(err) => return ctx.fail(format!("cannot finish the archive: {err}")).await,
        };
        bytes = data.get(..end).unwrap_or_default().to_vec();
        // The builder's own end-of-archive blocks close the archive.
        bytes.extend_from_slice(&added);
    }
    if mode == 'D' {
        bytes.extend_from_slice(&[0; 1024]);
    }
    bytes.resize(bytes.len().div_ceil(RECORD_BLOCK) * RECORD_BLOCK, 0);
    if o.verbose && !ctx.out(listing).await {
        return 1;
    }
    let written =
        if on_stdio { ctx.out(bytes).await } else { ctx.vfs.write(&abs, &bytes, WriteMode::Truncate).is_ok() };
    if !written {
        ctx.err(format!("tar: {path}: Cannot write\n", path = tar_name(path))).await;
        return 2;
    }
    if errors { failed(ctx).await } else { 0 }
}

/// `-u`: the operands to add, as GNU's tar settles them while it reads the archive: a name
/// with a copy in the archive at least as new as the file is left out; a directory already
/// there is replaced by its entries, added after the operands (which are settled in turn by
/// the members that follow).
fn newer_names(ctx: &Ctx<'_>, o: &Options, members: &[Member]) -> Vec<String> {
    let base = o.directory.as_deref().map_or_else(|| ctx.abs("."), |dir| ctx.abs(dir));
    let mut names: Vec<(String, bool)> = o.operands.iter().map(|name| (name.clone(), true)).collect();
    for member in members {
        let member_name = member.name.trim_end_matches('/');
        let Some(at) = names.iter().position(|(name, wanted)| *wanted && name.trim_end_matches('/') == member_name)
        else {
            continue;
        };
        let name = names[at].0.clone();
        let Ok(meta) = ctx.vfs.lstat(&crate::vfs::path::operand(&base, &name)) else { continue };
        if meta.is_dir() {
            names[at].1 = false;
            let mut children = ctx.vfs.read_dir(&crate::vfs::path::operand(&base, &name)).unwrap_or_default();
            children.sort_by(|a, b| a.name.cmp(&b.name));
            let prefix = if name.ends_with('/') { name.clone() } else { format!("{name}/") };
            names.extend(children.into_iter().map(|c| (format!("{prefix}{}", c.name), true)));
        } else if seconds(meta.mtime) <= member.mtime {
            names[at].1 = false;
        }
    }
    names.into_iter().filter(|(_, wanted)| *wanted).map(|(name, _)| name).collect()
}

/// Appends one member under exactly the name given (`./ok` stays `./ok`, as GNU keeps it; the
/// crate's path setters normalise it away). Names past the 100-byte header field go through
/// the crate, which writes GNU long-name records.
fn add(
    builder: &mut tar::Builder<Vec<u8>>,
    header: &mut tar::Header,
    member: &str,
    link: Option<&str>,
    data: impl Read,
) -> std::io::Result<()> {
    // The archive holds the names' bytes: a byte that is not UTF-8 is stored as itself.
    let (name, target) = (toolsh_bytes::encode(member), link.map(toolsh_bytes::encode));
    if name.len() < 100 && target.as_ref().is_none_or(|l| l.len() < 100) {
        let field = &mut header.as_old_mut().name;
        field.fill(0);
        field[..name.len()].copy_from_slice(&name);
        if let Some(target) = &target {
            header.set_link_name_literal(target)?;
        }
        header.set_cksum();
        return builder.append(header, data);
    }
    let path = std::path::PathBuf::from(toolsh_bytes::to_os(member).into_owned());
    match link {
        Some(link) => {
            builder.append_link(header, path, std::path::PathBuf::from(toolsh_bytes::to_os(link).into_owned()))
        }
        None => builder.append_data(header, path, data),
    }
}

/// `ls -l`-style mode letters.
fn mode_string(kind: tar::EntryType, mode: u32) -> String {
    let mut out = String::with_capacity(10);
    out.push(if kind.is_dir() {
        'd'
    } else if kind.is_symlink() {
        'l'
    } else {
        '-'
    });
    for (shift, letters) in [(6, "rwx"), (3, "rwx"), (0, "rwx")] {
        for (bit, letter) in letters.chars().enumerate() {
            out.push(if mode >> (shift + 2 - bit) & 1 == 1 { letter } else { '-' });
        }
    }
    out
}

async fn read_archive(ctx: &Ctx<'_>, o: &Options) -> Status {
    let path = o.archive.as_deref().unwrap_or("-");
    let data = match ctx.read_operand(path).await {
        Ok(data) => data,
        Err(err) => {
            ctx.err(format!("tar: {path}: Cannot open: {}\n", describe(&err), path = tar_name(path))).await;
            ctx.err("tar: Error is not recoverable: exiting now\n").await;
            return 2;
        }
    };
    // Compression is recognised by its magic number, as GNU tar does when reading.
    let data = if let Some(format) = Format::sniff(&data).or(o.compression) {
        // Bounded as gunzip is: a small archive cannot unpack into unbounded memory.
        match format.decompress(&data) {
            Ok(plain) => plain,
            Err(why) => {
                ctx.err(format!("tar: the archive cannot be unpacked: {why}\n")).await;
                return 2;
            }
        }
    } else {
        data
    };
    let (out, messages, status) = walk(ctx, o, &data);
    if !messages.is_empty() {
        ctx.err(messages).await;
    }
    if !out.is_empty() && !ctx.out(out).await {
        return 1;
    }
    match status {
        Walked::Done => 0,
        Walked::Errors => failed(ctx).await,
        Walked::NotAnArchive => 2,
    }
}

/// How reading an archive ended.
enum Walked {
    Done,
    /// Some members failed; the rest were handled.
    Errors,
    NotAnArchive,
}

/// Lists or extracts the members of the plain tar `data`: standard output, messages for
/// standard error, and how it ended. Synchronous: the archive reader is not `Send`.
fn walk(ctx: &Ctx<'_>, o: &Options, data: &[u8]) -> (Vec<u8>, String, Walked) {
    let mut base = o.directory.as_deref().map_or_else(|| ctx.abs("."), |dir| ctx.abs(dir));
    if let Some(top) = &o.one_top_level {
        let top = if top.is_empty() { top_level_of(o.archive.as_deref().unwrap_or("-")) } else { top.clone() };
        base = crate::vfs::path::normalize(&base, &top);
    }
    let mut out = Vec::new();
    let mut messages = String::new();
    let mut archive = tar::Archive::new(data);
    let entries = match archive.entries() {
        Ok(entries) => entries,
        Err(err) => {
            messages.push_str(&format!("tar: This does not look like a tar archive ({err})\n"));
            return (out, messages, Walked::NotAnArchive);
        }
    };
    // A member is wanted when an operand names it or a directory above it.
    let wanted = |name: &str| o.operands.is_empty() || o.operands.iter().any(|op| names_member(o, op, name));
    let mut errors = false;
    let mut warned_absolute = false;
    for entry in entries {
        let mut entry = match entry {
            Ok(entry) => entry,
            Err(err) => {
                messages.push_str(&format!("tar: Damaged archive: {err}\n"));
                errors = true;
                break;
            }
        };
        let raw = toolsh_bytes::decode(&entry.path_bytes()).into_owned();
        if !wanted(&raw) || excluded(o, &raw) {
            continue;
        }
        let kind = entry.header().entry_type();
        let mode = entry.header().mode().unwrap_or(0o644);
        if o.mode == Some('t') {
            if o.verbose {
                let header = entry.header();
                let owner = match (header.username().ok().flatten(), header.groupname().ok().flatten()) {
                    (Some(user), Some(group)) if !user.is_empty() => format!("{user}/{group}"),
                    _ => format!("{}/{}", header.uid().unwrap_or(0), header.gid().unwrap_or(0)),
                };
                let mtime = UNIX_EPOCH + Duration::from_secs(header.mtime().unwrap_or(0));
                let when = chrono::DateTime::<chrono::Local>::from(mtime).format("%Y-%m-%d %H:%M");
                let link = match entry.link_name().ok().flatten() {
                    Some(target) if kind.is_symlink() => format!(" -> {}", target.display()),
                    Some(target) if kind.is_hard_link() => format!(" link to {}", target.display()),
                    _ => String::new(),
                };
                let size = header.size().unwrap_or(0);
                out.extend_from_slice(
                    format!("{} {owner} {size:>9} {when} {}{link}\n", mode_string(kind, mode), tar_listed(&raw))
                        .as_bytes(),
                );
            } else {
                out.extend_from_slice(tar_listed(&raw).as_bytes());
                out.push(b'\n');
            }
            continue;
        }
        let name = raw.trim_start_matches('/');
        if name.len() != raw.len() && !warned_absolute {
            messages.push_str("tar: Removing leading `/' from member names\n");
            warned_absolute = true;
        }
        if name.split('/').any(|part| part == "..") {
            messages.push_str(&format!("tar: {raw}: Member name contains '..'\n", raw = tar_name(&raw)));
            errors = true;
            continue;
        }
        // --strip-components: a member with no more components than that is skipped (and
        // not listed by -v).
        let name = match name.splitn(o.strip + 1, '/').nth(o.strip) {
            Some(rest) if !rest.is_empty() || o.strip == 0 => rest,
            _ => continue,
        };
        if o.verbose && !o.to_stdout {
            out.extend_from_slice(tar_listed(&raw).as_bytes());
            out.push(b'\n');
        }
        let renamed;
        let name = if o.transforms.is_empty() {
            name
        } else {
            renamed = crate::data::transform::apply(&o.transforms, name, Names::Member);
            renamed.as_str()
        };
        let abs = crate::vfs::path::normalize(&base, name);
        let result = if o.to_stdout {
            if kind.is_file() {
                let mut body = Vec::new();
                entry.read_to_end(&mut body).map(|_| out.extend_from_slice(&body))
            } else {
                Ok(())
            }
        } else {
            extract_one(ctx, o, &mut entry, kind, mode, &base, &abs)
        };
        if let Err(err) = result {
            messages.push_str(&format!("tar: {name}: Cannot extract: {}\n", describe(&err), name = tar_name(name)));
            errors = true;
        }
    }
    (out, messages, if errors { Walked::Errors } else { Walked::Done })
}

/// Writes one member at `abs` (parents made as needed), with its mode and time.
fn extract_one(
    ctx: &Ctx<'_>,
    o: &Options,
    entry: &mut tar::Entry<'_, &[u8]>,
    kind: tar::EntryType,
    mode: u32,
    base: &str,
    abs: &str,
) -> std::io::Result<()> {
    let parent = crate::vfs::path::parent(abs);
    make_dirs(ctx, parent)?;
    let mtime = UNIX_EPOCH + Duration::from_secs(entry.header().mtime().unwrap_or(0));
    if kind.is_dir() {
        make_dirs(ctx, abs)?;
    } else if kind.is_symlink() {
        let target = entry.link_name()?.map(|t| toolsh_bytes::from_os(t.as_os_str()).into_owned()).unwrap_or_default();
        let target = crate::data::transform::apply(&o.transforms, &target, Names::SymlinkTarget);
        if ctx.vfs.lstat(abs).is_ok() {
            ctx.vfs.remove_file(abs)?;
        }
        return ctx.vfs.symlink(&target, abs);
    } else if kind.is_hard_link() {
        let target = entry.link_name()?.map(|t| toolsh_bytes::from_os(t.as_os_str()).into_owned()).unwrap_or_default();
        let target = crate::data::transform::apply(&o.transforms, &target, Names::HardlinkTarget);
        let data = ctx.vfs.read(&crate::vfs::path::normalize(base, target.trim_start_matches('/')))?;
        ctx.vfs.write(abs, &data, WriteMode::Truncate)?;
    } else {
        let mut data = Vec::new();
        entry.read_to_end(&mut data)?;
        ctx.vfs.write(abs, &data, WriteMode::Truncate)?;
    }
    let _ = ctx.vfs.set_mode(abs, mode & 0o7777);
    let _ = ctx.vfs.set_mtime(abs, mtime);
    Ok(())
}

/// What GNU takes off the front of a member's name, and the rest: everything through its
/// last `..` component, then any `/`s (`../../w/src/../x` keeps `x`, `/etc/x` keeps `etc/x`).
fn leading_up(name: &str) -> (&str, &str) {
    let mut cut = 0;
    let mut at = 0;
    for part in name.split('/') {
        at += part.len();
        if part == ".." {
            cut = (at + 1).min(name.len());
        }
        at += 1;
    }
    let rest = name[cut..].trim_start_matches('/');
    (&name[..name.len() - rest.len()], rest)
}

/// `--one-top-level`'s directory when none is named: the archive's name without its
/// directory and its tar or compression suffix, as GNU names it.
fn top_level_of(archive: &str) -> String {
    let name = crate::vfs::path::file_name(archive);
    for suffix in [".tar.gz", ".tar.bz2", ".tar.xz", ".tgz", ".tbz2", ".tbz", ".txz", ".taz", ".tar"] {
        if let Some(stem) = name.strip_suffix(suffix).filter(|stem| !stem.is_empty()) {
            return stem.to_string();
        }
    }
    name.to_string()
}

/// `mkdir -p`.
fn make_dirs(ctx: &Ctx<'_>, abs: &str) -> std::io::Result<()> {
    match ctx.vfs.stat(abs) {
        Ok(meta) if meta.is_dir() => return Ok(()),
        Ok(_) => return Err(std::io::Error::from(std::io::ErrorKind::AlreadyExists)),
        Err(_) => {}
    }
    if abs != "/" {
        make_dirs(ctx, crate::vfs::path::parent(abs))?;
    }
    match ctx.vfs.mkdir(abs) {
        Err(err) if err.kind() != std::io::ErrorKind::AlreadyExists => Err(err),
        _ => Ok(()),
    }
}
