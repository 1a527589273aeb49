//! `gzip`, `gunzip` and `zcat` over the workspace (flate2), with GNU gzip's file handling: `F`
//! becomes `F.gz` (mode and mtime kept, the original removed unless `-k`), `-c` streams to stdout,
//! `-l` lists, `-t` tests, `-v` reports ratios, `-r` walks directories, `-S` names the suffix,
//! and its statuses (1 error, 2 warning such as "unknown suffix").

use crate::Ctx;
use crate::session::Status;
use crate::spec::{Misuse, Opt, Spec, Words};
use crate::vfs::{WriteMode, describe};
use flate2::Compression;
use flate2::read::MultiGzDecoder;
use std::io::{Read, Write};
use std::time::UNIX_EPOCH;

const STDOUT: Opt =
    Opt::both('c', "stdout", "write on standard output, keep original files unchanged").alias("to-stdout");
const DECOMPRESS: Opt = Opt::both('d', "decompress", "decompress").alias("uncompress");
const FORCE: Opt = Opt::both('f', "force", "force overwrite of output file");
const KEEP: Opt = Opt::both('k', "keep", "keep (don't delete) input files");
const LIST: Opt = Opt::both('l', "list", "list compressed file contents");
const NO_NAME: Opt = Opt::both('n', "no-name", "do not save or restore the original name and timestamp");
const NAME: Opt = Opt::both('N', "name", "save or restore the original name and timestamp (the default)");
const QUIET: Opt = Opt::both('q', "quiet", "suppress all warnings");
const RECURSIVE: Opt = Opt::both('r', "recursive", "operate recursively on directories");
const SUFFIX: Opt = Opt::both('S', "suffix", "use suffix SUF on compressed files").value("SUF");
const TEST: Opt = Opt::both('t', "test", "test compressed file integrity");
const VERBOSE: Opt = Opt::both('v', "verbose", "verbose mode");
const LEVEL: Opt = Opt::number("N", "compression level N: 1 (--fast) is fastest, 9 (--best) smallest");
const FAST: Opt = Opt::long("fast", "compress faster (-1)");
const BEST: Opt = Opt::long("best", "compress better (-9)");
const GZIP_OPTIONS: &[Opt] =
    &[STDOUT, DECOMPRESS, FORCE, KEEP, LIST, NO_NAME, NAME, QUIET, RECURSIVE, SUFFIX, TEST, VERBOSE, LEVEL, FAST, BEST];

/// The spec of `gzip` and of `gunzip` and `zcat`, which are it with `-d` (and `-c`) preset.
const fn gzip_spec(name: &'static str, summary: &'static str, about: &'static str) -> Spec {
    Spec {
        name,
        summary,
        synopsis: &["[OPTION]... [FILE]..."],
        about,
        options: GZIP_OPTIONS,
        digits: Some(LEVEL),
        words: Words::Own(gzip_words),
        help_letter: Some('h'),
        ..Spec::BASE
    }
}

/// `gzip`.
pub const GZIP: Spec = gzip_spec(
    "gzip",
    "compress files to .gz",
    "Compress or uncompress FILEs (by default, compress FILES in-place). With no FILE, or when FILE is -, read standard input.",
);
/// `gunzip`.
pub const GUNZIP: Spec = gzip_spec("gunzip", "decompress .gz files", "Uncompress FILEs (by default, in-place).");
/// `zcat`.
pub const ZCAT: Spec = gzip_spec("zcat", "print .gz files decompressed", "Uncompress FILEs to standard output.");

/// gzip's words (also for gunzip and zcat, which are gzip): GNU's message and gzip's
/// backquoted hint.
fn gzip_words(_: &Spec, misuse: &Misuse) -> String {
    format!("gzip: {misuse}\nTry `gzip --help' for more information.\n")
}

/// What the flags ask for.
struct Options {
    decompress: bool,
    to_stdout: bool,
    keep: bool,
    force: bool,
    no_name: bool,
    list: bool,
    test: bool,
    verbose: bool,
    recursive: bool,
    /// `-S`: the suffix of compressed files.
    suffix: String,
    level: u32,
}

impl Options {
    /// The suffixes a compressed name may end in, and what each becomes when decompressed.
    fn suffixes(&self) -> Vec<(&str, &str)> {
        let mut known = vec![(self.suffix.as_str(), "")];
        known.extend([(".tgz", ".tar"), (".gz", "")].into_iter().filter(|(s, _)| *s != self.suffix));
        known
    }

    /// The name `file` decompresses to, when it ends in a known suffix.
    fn plain_name(&self, file: &str) -> Option<String> {
        self.suffixes()
            .iter()
            .find_map(|(suffix, new)| file.strip_suffix(suffix).map(|stem| format!("{stem}{new}")))
            .filter(|name| !name.is_empty() && !name.ends_with('/'))
    }
}

/// The bytes of a gzip file that are not compressed data (header with its name, comment and
/// extra field; trailer), its CRC and its uncompressed size; `None` when it is not gzip.
fn layout(data: &[u8]) -> Option<(usize, u32, u32)> {
    if data.len() < 18 || data[..3] != [0x1f, 0x8b, 8] {
        return None;
    }
    let flags = data[3];
    let mut at = 10;
    if flags & 4 != 0 {
        let extra = usize::from(u16::from_le_bytes([*data.get(at)?, *data.get(at + 1)?]));
        at += 2 + extra;
    }
    for bit in [8, 16] {
        if flags & bit != 0 {
            at += memchr::memchr(0, data.get(at..)?)? + 1;
        }
    }
    if flags & 2 != 0 {
        at += 2;
    }
    let trailer = data.get(data.len() - 8..)?;
    let crc = u32::from_le_bytes([trailer[0], trailer[1], trailer[2], trailer[3]]);
    let size = u32::from_le_bytes([trailer[4], trailer[5], trailer[6], trailer[7]]);
    Some((at + 8, crc, size))
}

/// GNU's ratio: how much smaller the compressed data (without header and trailer) is than
/// the original, in percent with one decimal.
fn ratio(original: u64, compressed: u64) -> String {
    let saved = original as f64 - compressed as f64;
    format!("{:5.1}%", if original == 0 { 0.0 } else { 100.0 * saved / original as f64 })
}

fn compress(data: &[u8], name: Option<&str>, mtime: u32, level: u32) -> std::io::Result<Vec<u8>> {
    // OS 3 (Unix), as GNU gzip writes it (flate2 would write 255, unknown).
    let mut builder = flate2::GzBuilder::new().mtime(mtime).operating_system(3);
    if let Some(name) = name {
        builder = builder.filename(name.as_bytes());
    }
    let mut encoder = builder.write(Vec::with_capacity(data.len() / 2 + 64), Compression::new(level));
    encoder.write_all(data)?;
    encoder.finish()
}

/// Decompressed output is held in memory, so a cap keeps a small "gzip bomb" from exhausting it.
const MAX_DECOMPRESSED: u64 = 1 << 30;

/// Decompresses a whole gzip stream (any number of members) of at most [`MAX_DECOMPRESSED`].
pub(crate) fn decompress(data: &[u8]) -> Result<Vec<u8>, &'static str> {
    let limit = MAX_DECOMPRESSED as usize;
    // The trailer's ISIZE (the size modulo 4 GiB of the last member) is right for the usual
    // single-member file: one allocation of the right size, no copies as the output grows.
    let hinted = data
        .len()
        .checked_sub(4)
        .map_or(0, |at| u32::from_le_bytes([data[at], data[at + 1], data[at + 2], data[at + 3]]) as usize);
    let mut out = Vec::with_capacity(hinted.max(data.len().saturating_mul(3)).min(limit));
    let mut decoder = MultiGzDecoder::new(data);
    let mut piece = vec![0u8; 1 << 20];
    loop {
        let n = decoder.read(&mut piece).map_err(|_| "not in gzip format")?;
        if n == 0 {
            return Ok(out);
        }
        if out.len() + n > limit {
            return Err("decompressed data exceeds 1 GiB; refused");
        }
        // Past the hint, grow by doubling but never past the limit: a bomb is refused at
        // about 1 GiB of memory (1.8 GiB of RSS was seen).
        if out.capacity() - out.len() < n {
            let grow = out.capacity().max(n).min(limit - out.len());
            out.reserve_exact(grow);
        }
        out.extend_from_slice(&piece[..n]);
    }
}

/// `gzip`; `gunzip` and `zcat` are it with `-d` and `-d -c` preset.
pub async fn gzip(ctx: Ctx<'_>) -> Status {
    let mut options = Options {
        decompress: ctx.name() != "gzip",
        to_stdout: ctx.name() == "zcat",
        keep: false,
        force: false,
        no_name: false,
        list: false,
        test: false,
        verbose: false,
        recursive: false,
        suffix: ".gz".to_string(),
        level: 6,
    };
    let spec = match ctx.name() {
        "gunzip" => &GUNZIP,
        "zcat" => &ZCAT,
        _ => &GZIP,
    };
    let args = match ctx.args(spec).await {
        Ok(args) => args,
        Err(status) => return status,
    };
    for (opt, value) in args.given() {
        match *opt {
            STDOUT => options.to_stdout = true,
            DECOMPRESS => options.decompress = true,
            FORCE => options.force = true,
            KEEP => options.keep = true,
            LIST => options.list = true,
            NO_NAME => options.no_name = true,
            NAME => options.no_name = false,
            QUIET => options.verbose = false,
            RECURSIVE => options.recursive = true,
            SUFFIX if value.is_empty() => return ctx.misuse(spec, "invalid suffix ''").await,
            SUFFIX => options.suffix = value.to_string(),
            TEST => options.test = true,
            VERBOSE => options.verbose = true,
            FAST => options.level = 1,
            BEST => options.level = 9,
            // A run of digits: the last one is the level (`-9`), as gzip reads `-19`.
            _ => match value.chars().last().and_then(|d| d.to_digit(10)) {
                Some(level @ 1..=9) => options.level = level,
                _ => return ctx.misuse(spec, "invalid option -- '0'").await,
            },
        }
    }
    let mut files = args.operands;
    if files.is_empty() {
        files.push("-".to_string());
    }
    // Testing is decompressing and throwing the result away.
    options.decompress |= options.test;
    if options.recursive {
        files = files.iter().flat_map(|file| walk(&ctx, file)).collect();
    }
    if options.list {
        return list(&ctx, &options, &files).await;
    }
    let mut status = 0;
    for file in &files {
        status = status.max(one_file(&ctx, &options, file).await);
    }
    status
}

/// `-r`: the files below a directory operand, in name order; other operands as they are.
fn walk(ctx: &Ctx<'_>, file: &str) -> Vec<String> {
    let Ok(entries) = ctx.vfs.read_dir(&ctx.abs(file)) else { return vec![file.to_string()] };
    let mut names: Vec<String> = entries.into_iter().map(|e| e.name).collect();
    names.sort();
    names.iter().flat_map(|name| walk(ctx, &crate::vfs::path::join(file, name))).collect()
}

/// `-l`: compressed and uncompressed sizes, the ratio and the name, with totals for several.
async fn list(ctx: &Ctx<'_>, options: &Options, files: &[String]) -> Status {
    let mut out = String::from("         compressed        uncompressed  ratio uncompressed_name\n");
    let (mut total_in, mut total_out, mut last_header, mut status) = (0u64, 0u64, 0u64, 0);
    let mut listed = 0;
    for file in files {
        let data = match ctx.read_operand(file).await {
            Ok(data) => data,
            Err(err) => {
                complain(ctx, format!("{file}: {}", describe(&err))).await;
                status = 1;
                continue;
            }
        };
        let Some((header, _, size)) = layout(&data) else {
            complain(ctx, format!("{file}: not in gzip format")).await;
            status = 1;
            continue;
        };
        let name = if file == "-" { "stdout".to_string() } else { options.plain_name(file).unwrap_or(file.clone()) };
        let (compressed, original) = (data.len() as u64, u64::from(size));
        let ratio = ratio(original, compressed.saturating_sub(header as u64));
        out.push_str(&format!("{compressed:>19} {original:>19} {ratio} {name}\n"));
        (total_in, total_out, last_header) = (total_in + compressed, total_out + original, header as u64);
        listed += 1;
    }
    if listed > 1 {
        // GNU subtracts only the last file's header and trailer from the total.
        let ratio = ratio(total_out, total_in.saturating_sub(last_header));
        out.push_str(&format!("{total_in:>19} {total_out:>19} {ratio} (totals)\n"));
    }
    if listed > 0 && !ctx.out(out).await {
        return 1;
    }
    status
}

/// GNU's gunzip and zcat are scripts around gzip, so every message says `gzip:`.
async fn complain(ctx: &Ctx<'_>, message: String) {
    ctx.err(format!("gzip: {message}\n")).await;
}

/// Compresses or decompresses one operand; returns 0, 1 (error) or 2 (warning).
async fn one_file(ctx: &Ctx<'_>, options: &Options, file: &str) -> Status {
    // Like GNU, gunzip of a missing `F` without a known suffix means `F.gz`.
    let with_suffix;
    let file = if options.decompress
        && file != "-"
        && options.plain_name(file).is_none()
        && ctx.vfs.lstat(&ctx.abs(file)).is_err()
    {
        with_suffix = format!("{file}{}", options.suffix);
        with_suffix.as_str()
    } else {
        file
    };
    let warn = |message: String| async move {
        complain(ctx, message).await;
        2
    };
    let target = if file == "-" || options.to_stdout || options.test {
        None
    } else if options.decompress {
        match options.plain_name(file) {
            Some(name) => Some(name),
            // Walking a tree, gunzip passes over files that are not compressed.
            None if options.recursive => return 0,
            None => return warn(format!("{file}: unknown suffix -- ignored")).await,
        }
    } else if let Some((suffix, _)) = options.suffixes().into_iter().find(|(suffix, _)| file.ends_with(suffix)) {
        // GNU gzip warns here but still exits 0.
        complain(ctx, format!("{file} already has {suffix} suffix -- unchanged")).await;
        return 0;
    } else {
        Some(format!("{file}{}", options.suffix))
    };
    let source_abs = ctx.abs(file);
    let meta = if file == "-" {
        None
    } else {
        match ctx.vfs.stat(&source_abs) {
            Ok(meta) if meta.is_dir() => return warn(format!("{file} is a directory -- ignored")).await,
            Ok(meta) => Some(meta),
            Err(err) => {
                complain(ctx, format!("{file}: {}", describe(&err))).await;
                return 1;
            }
        }
    };
    if let Some(target) = &target
        && !options.force
        && ctx.vfs.lstat(&ctx.abs(target)).is_ok()
    {
        return warn(format!("{target} already exists;\tnot overwritten")).await;
    }
    let data = match ctx.read_operand(file).await {
        Ok(data) => data,
        Err(err) => {
            complain(ctx, format!("{file}: {}", describe(&err))).await;
            return 1;
        }
    };
    let result = if options.decompress {
        decompress(&data).map_err(|why| format!("{file}: {why}"))
    } else {
        // Like GNU gzip, a named file records its base name and mtime; `-n` and stdin do not.
        let name = (file != "-" && !options.no_name).then(|| file.rsplit('/').next().unwrap_or(file));
        let mtime = meta
            .as_ref()
            .filter(|_| !options.no_name)
            .and_then(|m| m.mtime.duration_since(UNIX_EPOCH).ok())
            .map_or(0, |d| u32::try_from(d.as_secs()).unwrap_or(0));
        compress(&data, name, mtime, options.level).map_err(|err| format!("{file}: {}", describe(&err)))
    };
    let bytes = match result {
        Ok(bytes) => bytes,
        Err(message) => {
            complain(ctx, message).await;
            return 1;
        }
    };
    if options.test {
        if options.verbose {
            ctx.err(format!("{file}:\t OK\n")).await;
        }
        return 0;
    }
    if options.verbose {
        let (packed, plain) = if options.decompress { (&data, &bytes) } else { (&bytes, &data) };
        let header = layout(packed).map_or(0, |(header, _, _)| header);
        let ratio = ratio(plain.len() as u64, (packed.len() - header.min(packed.len())) as u64);
        let done = match &target {
            None => "replaced with stdout".to_string(),
            Some(target) if options.keep => format!("created {target}"),
            Some(target) => format!("replaced with {target}"),
        };
        ctx.err(format!("{file}:\t{ratio} -- {done}\n")).await;
    }
    let Some(target) = target else {
        return if ctx.out(bytes).await { 0 } else { 1 };
    };
    let target_abs = ctx.abs(&target);
    let written = ctx.vfs.write(&target_abs, &bytes, WriteMode::Truncate).and_then(|()| {
        if let Some(meta) = &meta {
            ctx.vfs.set_mode(&target_abs, meta.mode)?;
            ctx.vfs.set_mtime(&target_abs, meta.mtime)?;
        }
        if options.keep { Ok(()) } else { ctx.vfs.remove_file(&source_abs) }
    });
    match written {
        Ok(()) => 0,
        Err(err) => {
            complain(ctx, format!("{target}: {}", describe(&err))).await;
            1
        }
    }
}
