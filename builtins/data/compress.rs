//! `gzip`/`gunzip`/`zcat` (flate2), `bzip2`/`bunzip2`/`bzcat` (bzip2 over libbz2-rs) and
//! `xz`/`unxz`/`xzcat` (lzma-rust2) over the workspace, with one file handling: `F` becomes
//! `F.gz` (mode and mtime kept, the original removed unless `-k`), `-c` streams to stdout,
//! `-t` tests, `-v` reports, `-d` decompresses. What differs between the three programs — the
//! options each has (gzip's `-l -r -S -n`, xz's `-S -e -T`), their messages and statuses (gzip
//! and xz: 1 error, 2 warning; bzip2: 1, and 2 for a corrupt file), bzip2's `F.out` for a name
//! it cannot guess — is in [`Format`].

use crate::Ctx;
use crate::codec::BZIP2_CORRUPT;
pub(crate) use crate::codec::Format;
use crate::session::Status;
use crate::spec::{Args, Misuse, Opt, Spec, Words};
use crate::vfs::{WriteMode, describe};
use flate2::Compression;
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
const COMPRESS: Opt = Opt::both('z', "compress", "force compression");
const SMALL: Opt = Opt::both('s', "small", "use less memory (at most 2500k)");
const EXTREME: Opt = Opt::both('e', "extreme", "try to improve compression ratio by using more CPU time");
const THREADS: Opt = Opt::both('T', "threads", "use at most NUM threads (one is used)").value("NUM");
const XZ_LEVEL: Opt = Opt::number("N", "compression preset N: 0 is fastest, 9 smallest; the default is 6");
const GZIP_OPTIONS: &[Opt] =
    &[STDOUT, DECOMPRESS, FORCE, KEEP, LIST, NO_NAME, NAME, QUIET, RECURSIVE, SUFFIX, TEST, VERBOSE, LEVEL, FAST, BEST];
const BZIP2_OPTIONS: &[Opt] =
    &[STDOUT, DECOMPRESS, COMPRESS, FORCE, KEEP, QUIET, SMALL, TEST, VERBOSE, LEVEL, FAST, BEST];
const XZ_OPTIONS: &[Opt] =
    &[STDOUT, DECOMPRESS, COMPRESS, FORCE, KEEP, QUIET, SUFFIX, TEST, VERBOSE, EXTREME, THREADS, XZ_LEVEL, FAST, BEST];

/// What tells the three programs' specs apart: their options, the level digits, their
/// misuse words.
/// A family's options, its number option, its words and its program's getopt order
/// ([`Spec::long_order`]).
type Family = (&'static [Opt], Opt, fn(&Spec, &Misuse) -> String, &'static [&'static str]);
const GZIP_FAMILY: Family = (
    GZIP_OPTIONS,
    LEVEL,
    gzip_words,
    &[
        "best",
        "bits",
        "force",
        "fast",
        "list",
        "license",
        "lzw",
        "no-name",
        "name",
        "recursive",
        "rsyncable",
        "stdout",
        "silent",
        "synchronous",
        "suffix",
        "to-stdout",
        "test",
        "verbose",
        "version",
    ],
);
const BZIP2_FAMILY: Family = (BZIP2_OPTIONS, LEVEL, bzip2_words, &[]);
const XZ_FAMILY: Family = (
    XZ_OPTIONS,
    XZ_LEVEL,
    own_words,
    &[
        "arm",
        "armthumb",
        "arm64",
        "block-size",
        "block-list",
        "best",
        "compress",
        "check",
        "decompress",
        "delta",
        "force",
        "files",
        "files0",
        "format",
        "flush-timeout",
        "fast",
        "ignore-check",
        "ia64",
        "info-memory",
        "list",
        "lzma1",
        "lzma2",
        "long-help",
        "memlimit-compress",
        "memlimit-decompress",
        "memlimit-mt-decompress",
        "memlimit",
        "memory",
        "no-sparse",
        "no-adjust",
        "no-warn",
        "stdout",
        "single-stream",
        "suffix",
        "sparc",
        "test",
        "to-stdout",
        "threads",
        "verbose",
        "version",
    ],
);

/// The spec of a compressor, and of its decompressing (`-d`) and printing (`-dc`) names.
const fn spec(name: &'static str, summary: &'static str, about: &'static str, family: Family) -> Spec {
    let (options, digits, words, long_order) = family;
    Spec {
        name,
        summary,
        synopsis: &["[OPTION]... [FILE]..."],
        about,
        options,
        digits: Some(digits),
        words: Words::Own(words),
        help_letter: Some('h'),
        long_order,
        ..Spec::BASE
    }
}

// The decompressing names are gzip's, bzip2's and xz's own (`variant_of`): the tool's
// description lists the family once, as every model knows the rest of it.
const GZIP_ABOUT: &str = "Compress or uncompress FILEs (by default, compress FILES in-place). With no FILE, or when FILE is -, read standard input.";
/// `gzip`.
pub const GZIP: Spec = spec("gzip", "compress files to .gz", GZIP_ABOUT, GZIP_FAMILY);
/// `gunzip`.
pub const GUNZIP: Spec = Spec {
    variant_of: Some("gzip"),
    ..spec("gunzip", "decompress .gz files", "Uncompress FILEs (by default, in-place).", GZIP_FAMILY)
};
/// `zcat`.
pub const ZCAT: Spec = Spec {
    variant_of: Some("gzip"),
    ..spec("zcat", "print .gz files decompressed", "Uncompress FILEs to standard output.", GZIP_FAMILY)
};
const BZIP2_ABOUT: &str = "Compress or decompress FILEs with bzip2 (by default, compress FILEs in place to FILE.bz2). With no FILE, or when FILE is -, read standard input.";
/// `bzip2`.
pub const BZIP2: Spec = spec("bzip2", "compress files to .bz2", BZIP2_ABOUT, BZIP2_FAMILY);
/// `bunzip2`.
pub const BUNZIP2: Spec = Spec {
    variant_of: Some("bzip2"),
    ..spec("bunzip2", "decompress .bz2 files", "Decompress FILEs (by default, in place).", BZIP2_FAMILY)
};
/// `bzcat`.
pub const BZCAT: Spec = Spec {
    variant_of: Some("bzip2"),
    ..spec("bzcat", "print .bz2 files decompressed", "Decompress FILEs to standard output.", BZIP2_FAMILY)
};
const XZ_ABOUT: &str = "Compress or decompress FILEs in the .xz format (by default, compress FILEs in place to FILE.xz). With no FILE, or when FILE is -, read standard input.";
/// `xz`.
pub const XZ: Spec = spec("xz", "compress files to .xz", XZ_ABOUT, XZ_FAMILY);
/// `unxz`.
pub const UNXZ: Spec = Spec {
    variant_of: Some("xz"),
    ..spec("unxz", "decompress .xz files", "Decompress FILEs (by default, in place).", XZ_FAMILY)
};
/// `xzcat`.
pub const XZCAT: Spec = Spec {
    variant_of: Some("xz"),
    ..spec("xzcat", "print .xz files decompressed", "Decompress FILEs to standard output.", XZ_FAMILY)
};

/// gzip's words (also for gunzip and zcat, which are gzip): GNU's message and gzip's
/// backquoted hint.
fn gzip_words(_: &Spec, misuse: &Misuse) -> String {
    format!("gzip: {misuse}\nTry `gzip --help' for more information.\n")
}

/// xz's words: each name says its own.
fn own_words(spec: &Spec, misuse: &Misuse) -> String {
    format!("{}: {misuse}\n{}: Try `{} --help' for more information.\n", spec.name, spec.name, spec.name)
}

/// bzip2's words: a flag it does not know is a "bad flag", and the usage follows.
fn bzip2_words(spec: &Spec, misuse: &Misuse) -> String {
    let said = match misuse {
        Misuse::Unrecognized(written) => format!("Bad flag `--{written}'"),
        Misuse::Invalid(letter) => format!("Bad flag `-{letter}'"),
        other => other.to_string(),
    };
    format!(
        "{}: {said}\n\n   usage: {} [flags and input files in any order] (`{} --help' lists the flags)\n",
        spec.name, spec.name, spec.name
    )
}

impl Format {
    /// What a command name is: its spec, its format, and whether it decompresses (and
    /// prints) by default.
    fn of_command(name: &str) -> (&'static Spec, Format, bool, bool) {
        match name {
            "gunzip" => (&GUNZIP, Format::Gzip, true, false),
            "zcat" => (&ZCAT, Format::Gzip, true, true),
            "bzip2" => (&BZIP2, Format::Bzip2, false, false),
            "bunzip2" => (&BUNZIP2, Format::Bzip2, true, false),
            "bzcat" => (&BZCAT, Format::Bzip2, true, true),
            "xz" => (&XZ, Format::Xz, false, false),
            "unxz" => (&UNXZ, Format::Xz, true, false),
            "xzcat" => (&XZCAT, Format::Xz, true, true),
            _ => (&GZIP, Format::Gzip, false, false),
        }
    }

    /// The name messages start with (gunzip and zcat are gzip; bunzip2 and unxz say their own).
    fn program(self, command: &str) -> &str {
        match self {
            Format::Gzip => "gzip",
            _ => command,
        }
    }

    fn suffix(self) -> &'static str {
        match self {
            Format::Gzip => ".gz",
            Format::Bzip2 => ".bz2",
            Format::Xz => ".xz",
        }
    }

    /// Other suffixes the program knows, and what each becomes decompressed.
    fn other_suffixes(self) -> &'static [(&'static str, &'static str)] {
        match self {
            Format::Gzip => &[(".tgz", ".tar"), (".gz", "")],
            Format::Bzip2 => &[(".tbz2", ".tar"), (".tbz", ".tar"), (".bz2", ""), (".bz", "")],
            Format::Xz => &[(".txz", ".tar"), (".xz", "")],
        }
    }

    pub(crate) fn default_level(self) -> u32 {
        match self {
            Format::Gzip => 6,
            Format::Bzip2 => 9,
            Format::Xz => 6,
        }
    }

    /// What the program says of a file it could not decompress, and the status.
    fn failure(self, file: &str, why: &str) -> (String, Status) {
        match self {
            Format::Bzip2 if why == BZIP2_CORRUPT => (format!("{file} is not a bzip2 file."), 2),
            Format::Bzip2 => (format!("{file}: {why}"), 2),
            _ => (format!("{file}: {why}"), 1),
        }
    }

    /// Messages for the cases the three programs word differently: the input is missing or
    /// unreadable, is a directory, already has the suffix, or the output exists. Each with
    /// its status.
    fn cannot_open(self, file: &str, why: &str) -> String {
        match self {
            Format::Bzip2 => format!("Can't open input file {file}: {why}."),
            _ => format!("{file}: {why}"),
        }
    }

    fn directory(self, file: &str) -> (String, Status) {
        match self {
            Format::Gzip => (format!("{file} is a directory -- ignored"), 2),
            Format::Bzip2 => (format!("Input file {file} is a directory."), 1),
            Format::Xz => (format!("{file}: Is a directory, skipping"), 2),
        }
    }

    fn has_suffix(self, file: &str, suffix: &str) -> (String, Status) {
        match self {
            // GNU gzip warns but exits 0.
            Format::Gzip => (format!("{file} already has {suffix} suffix -- unchanged"), 0),
            Format::Bzip2 => (format!("Input file {file} already has {suffix} suffix."), 1),
            Format::Xz => (format!("{file}: File already has `{suffix}' suffix, skipping"), 2),
        }
    }

    fn exists(self, target: &str) -> (String, Status) {
        match self {
            Format::Gzip => (format!("{target} already exists;\tnot overwritten"), 2),
            Format::Bzip2 => (format!("Output file {target} already exists."), 1),
            Format::Xz => (format!("{target}: File exists"), 1),
        }
    }
}

/// What the flags ask for.
struct Options {
    format: Format,
    /// The name messages start with.
    program: String,
    /// xz's `-e`.
    extreme: bool,
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
        known.extend(self.format.other_suffixes().iter().copied().filter(|(s, _)| *s != self.suffix));
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

/// The size of the gzip header `data` starts with; `None` when it is not gzip (or the head
/// given is too short to hold it).
fn layout_head(data: &[u8]) -> Option<usize> {
    if data.len() < 10 || data[..3] != [0x1f, 0x8b, 8] {
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
    Some(at)
}

/// GNU's ratio: how much smaller the compressed data (without header and trailer) is than
/// the original, in percent with one decimal.
fn ratio(original: u64, compressed: u64) -> String {
    let saved = original as f64 - compressed as f64;
    format!("{:5.1}%", if original == 0 { 0.0 } else { 100.0 * saved / original as f64 })
}

/// A gzip header as GNU gzip writes it: OS 3 (Unix; flate2 would write 255, unknown), the
/// name and mtime when given.
fn gzip_builder(name: Option<&str>, mtime: u32) -> flate2::GzBuilder {
    let builder = flate2::GzBuilder::new().mtime(mtime).operating_system(3);
    match name {
        Some(name) => builder.filename(name.as_bytes()),
        None => builder,
    }
}

/// xz's preset, and `-e`: the slower match finder searched deepest, for every preset.
fn xz_options(level: u32, extreme: bool) -> lzma_rust2::XzOptions {
    let mut options = lzma_rust2::XzOptions::with_preset(level.min(9));
    if extreme {
        let lzma = &mut options.lzma_options;
        (lzma.mode, lzma.mf) = (lzma_rust2::EncodeMode::Normal, lzma_rust2::MfType::Bt4);
        (lzma.nice_len, lzma.depth_limit) = (lzma_rust2::LzmaOptions::NICE_LEN_MAX, 512);
    }
    options
}

/// `gzip`, `bzip2` and `xz`; their `un…`/`…cat` names are them with `-d` and `-d -c` preset.
pub async fn compressor(ctx: Ctx<'_>, args: Args) -> Status {
    let (spec, format, decompress, to_stdout) = Format::of_command(ctx.name());
    let mut options = Options {
        format,
        program: format.program(ctx.name()).to_string(),
        extreme: false,
        decompress,
        to_stdout,
        keep: false,
        force: false,
        no_name: false,
        list: false,
        test: false,
        verbose: false,
        recursive: false,
        suffix: format.suffix().to_string(),
        level: format.default_level(),
    };
    for (opt, value) in args.given() {
        match *opt {
            STDOUT => options.to_stdout = true,
            DECOMPRESS => options.decompress = true,
            COMPRESS => options.decompress = false,
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
            EXTREME => options.extreme = true,
            SMALL | THREADS => {}
            FAST => options.level = 1,
            BEST => options.level = 9,
            // A run of digits: the last one is the level (`-9`), as gzip reads `-19`; xz
            // also has -0.
            _ => match value.chars().last().and_then(|d| d.to_digit(10)) {
                Some(level) if level > 0 || format == Format::Xz => options.level = level,
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
    // bzip2 lines its verbose reports up on the longest operand (at least 7 characters).
    let width = files.iter().map(|f| f.chars().count()).max().unwrap_or(0).max(7);
    let mut status = 0;
    for file in &files {
        status = status.max(one_file(&ctx, &options, file, width).await);
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
        let ends = if file == "-" { ctx.read_stdin().await.map(Ends::of) } else { Ends::read(ctx, file) };
        let ends = match ends {
            Ok(ends) => ends,
            Err(err) => {
                complain(ctx, options, format!("{file}: {}", describe(&err))).await;
                status = 1;
                continue;
            }
        };
        let Some((header, size)) = ends.layout() else {
            complain(ctx, options, format!("{file}: not in gzip format")).await;
            status = 1;
            continue;
        };
        let name = if file == "-" { "stdout".to_string() } else { options.plain_name(file).unwrap_or(file.clone()) };
        let (compressed, original) = (ends.size, u64::from(size));
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

/// What `-l` reads of a gzip file: its head, its last 8 bytes (the trailer) and its size — not
/// the compressed data between them.
struct Ends {
    head: Vec<u8>,
    tail: Vec<u8>,
    size: u64,
}

impl Ends {
    /// The most of the head read: enough for any header but one with a name or comment of
    /// megabytes (which is then not found, as for a file that is not gzip).
    const HEAD: u64 = 1 << 20;

    fn of(data: Vec<u8>) -> Ends {
        let tail = data[data.len().saturating_sub(8)..].to_vec();
        Ends { size: data.len() as u64, tail, head: data }
    }

    fn read(ctx: &Ctx<'_>, file: &str) -> std::io::Result<Ends> {
        use std::io::{Seek, SeekFrom};
        let abs = ctx.abs(file);
        let size = ctx.vfs.stat(&abs)?.size;
        let mut reader = ctx.vfs.open_reader(&abs)?;
        let mut head = Vec::new();
        reader.by_ref().take(Self::HEAD.min(size)).read_to_end(&mut head)?;
        let mut tail = Vec::new();
        if size >= 8 {
            reader.seek(SeekFrom::Start(size - 8))?;
            reader.take(8).read_to_end(&mut tail)?;
        }
        Ok(Ends { head, tail, size })
    }

    /// The bytes that are not compressed data (header and trailer) and the uncompressed size
    /// the trailer records; `None` when it is not gzip.
    fn layout(&self) -> Option<(usize, u32)> {
        if self.size < 18 || self.tail.len() != 8 {
            return None;
        }
        let header = layout_head(&self.head)?;
        let size = u32::from_le_bytes([self.tail[4], self.tail[5], self.tail[6], self.tail[7]]);
        Some((header + 8, size))
    }
}

/// A message with the program's name (GNU's gunzip and zcat are scripts around gzip, so they
/// say `gzip:`).
async fn complain(ctx: &Ctx<'_>, options: &Options, message: String) {
    ctx.err(format!("{}: {message}\n", options.program)).await;
}

/// Compresses or decompresses one operand; returns 0, 1 (error) or 2 (warning; for bzip2, a
/// corrupt file).
async fn one_file(ctx: &Ctx<'_>, options: &Options, file: &str, width: usize) -> Status {
    let format = options.format;
    // Like GNU, gunzip of a missing `F` without a known suffix means `F.gz`.
    let with_suffix;
    let file = if options.decompress
        && format == Format::Gzip
        && file != "-"
        && options.plain_name(file).is_none()
        && ctx.vfs.lstat(&ctx.abs(file)).is_err()
    {
        with_suffix = format!("{file}{}", options.suffix);
        with_suffix.as_str()
    } else {
        file
    };
    let say = |(message, status): (String, Status)| async move {
        complain(ctx, options, message).await;
        status
    };
    // bzip2's report starts with the name, padded to the longest operand.
    let report_head = format!("  {file}: {}", " ".repeat(width.saturating_sub(file.chars().count())));
    let target = if file == "-" || options.to_stdout || options.test {
        None
    } else if options.decompress {
        match options.plain_name(file) {
            Some(name) => Some(name),
            // Walking a tree, gunzip passes over files that are not compressed.
            None if options.recursive => return 0,
            None if format == Format::Gzip => return say((format!("{file}: unknown suffix -- ignored"), 2)).await,
            None if format == Format::Bzip2 => {
                complain(ctx, options, format!("Can't guess original name for {file} -- using {file}.out")).await;
                Some(format!("{file}.out"))
            }
            // xz looks at the data first: a file that is not xz says so.
            None => None,
        }
    } else if let Some((suffix, _)) = options.suffixes().into_iter().find(|(suffix, _)| file.ends_with(suffix)) {
        return say(format.has_suffix(file, suffix)).await;
    } else {
        Some(format!("{file}{}", options.suffix))
    };
    let source_abs = ctx.abs(file);
    let meta = if file == "-" {
        None
    } else {
        match ctx.vfs.stat(&source_abs) {
            Ok(meta) if meta.is_dir() => return say(format.directory(file)).await,
            Ok(meta) => Some(meta),
            Err(err) => return say((format.cannot_open(file, &describe(&err)), 1)).await,
        }
    };
    if let Some(target) = &target
        && !options.force
        && ctx.vfs.lstat(&ctx.abs(target)).is_ok()
    {
        return say(format.exists(target)).await;
    }
    // xz looks at the data before it names the output: data that is xz but has no suffix it
    // knows is decompressed (to nothing) and then refused, as xz does.
    let nameless = options.decompress && target.is_none() && file != "-" && !options.to_stdout && !options.test;
    let target_abs = target.as_ref().map(|target| ctx.abs(target));
    let mut sink = match &target_abs {
        _ if options.test || nameless => Sink::Discard,
        None => Sink::Out,
        Some(abs) => match ctx.vfs.open_writer(abs, WriteMode::Truncate) {
            Ok(writer) => Sink::File(writer),
            Err(err) => return say((format!("{}: {}", target.as_deref().unwrap_or(file), describe(&err)), 1)).await,
        },
    };
    let name = (file != "-" && !options.no_name).then(|| file.rsplit('/').next().unwrap_or(file));
    let sizes = if options.decompress {
        decompress_stream(ctx, format, file, meta.is_some(), &source_abs, &mut sink).await
    } else {
        // Like GNU gzip, a named file records its base name and mtime; `-n` and stdin do not.
        let mtime = meta
            .as_ref()
            .filter(|_| !options.no_name)
            .and_then(|m| m.mtime.duration_since(UNIX_EPOCH).ok())
            .map_or(0, |d| u32::try_from(d.as_secs()).unwrap_or(0));
        compress_stream(ctx, options, file, name, mtime, &mut sink).await
    };
    let sizes = match sizes {
        Ok(sizes) => sizes,
        Err(failure) => {
            // GNU removes what it began to write when the input turns out bad.
            if let Some(abs) = &target_abs {
                drop(sink);
                let _ = ctx.vfs.remove_file(abs);
            }
            return match failure {
                Failure::Said(failure) => say(failure).await,
                Failure::Input(err) => say((format.cannot_open(file, &describe(&err)), 1)).await,
                Failure::Output(err) => {
                    say((format!("{}: {}", target.as_deref().unwrap_or(file), describe(&err)), 1)).await
                }
                Failure::Gone => 1,
            };
        }
    };
    if nameless {
        // xz: the data is xz, but the name does not say what it decompresses to.
        return say((format!("{file}: Filename has an unknown suffix, skipping"), 2)).await;
    }
    if options.test {
        if options.verbose {
            let line = match format {
                Format::Gzip => format!("{file}:\t OK\n"),
                Format::Bzip2 => format!("{report_head}ok\n"),
                Format::Xz => xz_report(file, sizes.packed, sizes.plain),
            };
            ctx.err(line).await;
        }
        return 0;
    }
    if options.verbose {
        let (packed, plain) = (sizes.packed, sizes.plain);
        let line = match format {
            Format::Gzip => {
                let ratio = ratio(plain, packed.saturating_sub(sizes.framing));
                let done = match &target {
                    None => "replaced with stdout".to_string(),
                    Some(target) if options.keep => format!("created {target}"),
                    Some(target) => format!("replaced with {target}"),
                };
                format!("{file}:\t{ratio} -- {done}\n")
            }
            Format::Bzip2 if options.decompress => format!("{report_head}done\n"),
            Format::Bzip2 => {
                let (plain, packed) = (plain as f64, packed as f64);
                let (ratio, bits) = if plain == 0.0 { (0.0, 0.0) } else { (plain / packed, 8.0 * packed / plain) };
                let saved = if plain == 0.0 { 0.0 } else { 100.0 * (1.0 - packed / plain) };
                format!(
                    "{report_head}{ratio:6.3}:1, {bits:6.3} bits/byte, {saved:5.2}% saved, {} in, {} out.\n",
                    plain as u64, packed as u64
                )
            }
            Format::Xz => xz_report(file, packed, plain),
        };
        ctx.err(line).await;
    }
    let (Some(target), Some(target_abs), Sink::File(writer)) = (target, target_abs, sink) else {
        return 0;
    };
    let written = writer.close().and_then(|()| {
        if let Some(meta) = &meta {
            ctx.vfs.set_mode(&target_abs, meta.mode)?;
            ctx.vfs.set_mtime(&target_abs, meta.mtime)?;
        }
        if options.keep { Ok(()) } else { ctx.vfs.remove_file(&source_abs) }
    });
    match written {
        Ok(()) => 0,
        Err(err) => say((format!("{target}: {}", describe(&err)), 1)).await,
    }
}

/// Bytes of output handed on at a time, and read from a file at a time.
const PIECE: usize = 256 * 1024;

/// Where one operand's result goes: standard output, the file it becomes, or nowhere (`-t`).
enum Sink {
    Out,
    File(Box<dyn crate::vfs::FileWriter>),
    Discard,
}

/// Why an operand's transformation stopped.
enum Failure {
    /// The program's own message and status (data that is not in the format, or damaged).
    Said((String, Status)),
    /// The input could not be read.
    Input(std::io::Error),
    /// The output file could not be written.
    Output(std::io::Error),
    /// Standard output's reader left (or the line was stopped): status 1, nothing to say.
    Gone,
}

/// What went through: compressed and plain bytes, and the gzip header and trailer among the
/// compressed ones (for `-v`'s ratio, which GNU takes over the compressed data alone).
struct Sizes {
    packed: u64,
    plain: u64,
    framing: u64,
}

impl Sink {
    async fn put(&mut self, ctx: &Ctx<'_>, bytes: Vec<u8>) -> Result<(), Failure> {
        if bytes.is_empty() {
            return Ok(());
        }
        match self {
            Sink::Out => {
                if ctx.out(bytes).await {
                    Ok(())
                } else {
                    Err(Failure::Gone)
                }
            }
            Sink::File(writer) => {
                writer.write_all(&bytes).map_err(Failure::Output)?;
                // A file written is not a wait: the deadline and Ctrl-C are seen between pieces.
                if ctx.step().await { Ok(()) } else { Err(Failure::Gone) }
            }
            Sink::Discard => {
                if ctx.step().await {
                    Ok(())
                } else {
                    Err(Failure::Gone)
                }
            }
        }
    }
}

/// A compressor writing into memory that is handed on and emptied after every piece (gzip's
/// own files and `tar -c`'s archive).
pub(crate) enum Encoder {
    Gzip(flate2::write::GzEncoder<Vec<u8>>),
    Bzip2(bzip2::write::BzEncoder<Vec<u8>>),
    Xz(Box<lzma_rust2::XzWriter<Vec<u8>>>),
}

impl Encoder {
    pub(crate) fn new(
        format: Format,
        name: Option<&str>,
        mtime: u32,
        level: u32,
        extreme: bool,
    ) -> std::io::Result<Encoder> {
        Ok(match format {
            Format::Gzip => Encoder::Gzip(gzip_builder(name, mtime).write(Vec::new(), Compression::new(level))),
            Format::Bzip2 => {
                Encoder::Bzip2(bzip2::write::BzEncoder::new(Vec::new(), bzip2::Compression::new(level.clamp(1, 9))))
            }
            Format::Xz => Encoder::Xz(Box::new(
                lzma_rust2::XzWriter::new(Vec::new(), xz_options(level, extreme)).map_err(std::io::Error::other)?,
            )),
        })
    }

    pub(crate) fn write_all(&mut self, data: &[u8]) -> std::io::Result<()> {
        match self {
            Encoder::Gzip(encoder) => encoder.write_all(data),
            Encoder::Bzip2(encoder) => encoder.write_all(data),
            Encoder::Xz(encoder) => encoder.write_all(data),
        }
    }

    /// What it wrote so far, taken out of it.
    pub(crate) fn take(&mut self) -> Vec<u8> {
        std::mem::take(match self {
            Encoder::Gzip(encoder) => encoder.get_mut(),
            Encoder::Bzip2(encoder) => encoder.get_mut(),
            Encoder::Xz(encoder) => encoder.inner_mut(),
        })
    }

    pub(crate) fn finish(self) -> std::io::Result<Vec<u8>> {
        match self {
            Encoder::Gzip(encoder) => encoder.finish(),
            Encoder::Bzip2(encoder) => encoder.finish(),
            Encoder::Xz(encoder) => encoder.finish().map_err(std::io::Error::other),
        }
    }
}

/// Compresses an operand into `sink` a piece at a time: memory stays the compressor's own
/// window and one piece each way, whatever the size of the input.
async fn compress_stream(
    ctx: &Ctx<'_>,
    options: &Options,
    file: &str,
    name: Option<&str>,
    mtime: u32,
    sink: &mut Sink,
) -> Result<Sizes, Failure> {
    let format = options.format;
    let failed = |err: std::io::Error| Failure::Said((format!("{file}: {}", describe(&err)), 1));
    let mut input = ctx.open_operand(file).map_err(Failure::Input)?;
    let mut encoder = Encoder::new(format, name, mtime, options.level, options.extreme).map_err(failed)?;
    let (mut plain, mut packed) = (0u64, 0u64);
    while let Some(chunk) = input.chunk().await.map_err(Failure::Input)? {
        plain += chunk.len() as u64;
        encoder.write_all(&chunk).map_err(failed)?;
        let out = encoder.take();
        packed += out.len() as u64;
        sink.put(ctx, out).await?;
    }
    let out = encoder.finish().map_err(failed)?;
    packed += out.len() as u64;
    sink.put(ctx, out).await?;
    // GNU's ratio leaves out the header (with the name) and the 8-byte trailer.
    let framing = if format == Format::Gzip { 10 + name.map_or(0, |n| n.len() as u64 + 1) + 8 } else { 0 };
    Ok(Sizes { packed, plain, framing })
}

/// Decompresses an operand into `sink` a piece at a time. The decoders pull their input, so
/// they run on a thread of their own (`deep::run`: stopped with the command): a file is read
/// there as the decoder asks for it; standard input is fed to it a piece at a time by the
/// command, which hands on each piece of plain bytes it makes. Memory stays a piece each way
/// and the decoder's window, whatever the size of the input.
async fn decompress_stream(
    ctx: &Ctx<'_>,
    format: Format,
    file: &str,
    is_file: bool,
    abs: &str,
    sink: &mut Sink,
) -> Result<Sizes, Failure> {
    let (asks, mut incoming) = tokio::sync::mpsc::channel::<Ask>(2);
    let (source, size): (Box<dyn Read + Send>, Option<u64>) = if is_file {
        let reader = ctx.vfs.open_reader(abs).map_err(Failure::Input)?;
        let size = ctx.vfs.stat(abs).map_err(Failure::Input)?.size;
        (Box::new(reader), Some(size))
    } else {
        (Box::new(Fed { asks: asks.clone(), piece: Vec::new(), at: 0, done: false }), None)
    };
    let mut stdin = if is_file { None } else { Some(ctx.open_operand("-").map_err(Failure::Input)?) };
    let name = file.to_string();
    let running = crate::lang::deep::run(ctx, ctx.name(), move |_| decode(format, &name, source, &asks));
    // What the command met while serving the decoder comes first: the input failing, or the
    // output gone.
    let mut failure = None;
    let mut fed = 0u64;
    let serving = async {
        while let Some(ask) = incoming.recv().await {
            match ask {
                Ask::Input(reply) => {
                    let piece = match stdin.as_mut().map(|input| input.chunk()) {
                        Some(chunk) => chunk.await.unwrap_or_else(|err| {
                            failure.get_or_insert(Failure::Input(err));
                            None
                        }),
                        None => None,
                    };
                    fed += piece.as_ref().map_or(0, |piece| piece.len() as u64);
                    let _ = reply.send(piece);
                }
                Ask::Output(bytes, reply) => {
                    let went = match sink.put(ctx, bytes).await {
                        Ok(()) => true,
                        Err(err) => {
                            failure.get_or_insert(err);
                            false
                        }
                    };
                    let _ = reply.send(went);
                }
            }
        }
    };
    let (finished, ()) = tokio::join!(running, serving);
    if let Some(failure) = failure {
        return Err(failure);
    }
    let (plain, framing) = finished.map_err(|why| Failure::Said((format!("{file}: {why}"), 1)))??;
    Ok(Sizes { packed: size.unwrap_or(fed), plain, framing })
}

/// What the decoding thread asks of the command.
enum Ask {
    /// The next piece of standard input (`None` at its end).
    Input(tokio::sync::oneshot::Sender<Option<Vec<u8>>>),
    /// Plain bytes to hand on; the answer is whether to go on.
    Output(Vec<u8>, tokio::sync::oneshot::Sender<bool>),
}

/// Standard input as a decoder's `Read`: each piece asked of the command as the decoder needs it.
struct Fed {
    asks: tokio::sync::mpsc::Sender<Ask>,
    piece: Vec<u8>,
    at: usize,
    done: bool,
}

impl Read for Fed {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        while self.at == self.piece.len() {
            if self.done {
                return Ok(0);
            }
            let (reply, answer) = tokio::sync::oneshot::channel();
            if self.asks.blocking_send(Ask::Input(reply)).is_err() {
                return Err(std::io::Error::other("stopped"));
            }
            match answer.blocking_recv() {
                Ok(Some(piece)) => {
                    self.piece = piece;
                    self.at = 0;
                }
                _ => self.done = true,
            }
        }
        let n = buf.len().min(self.piece.len() - self.at);
        buf[..n].copy_from_slice(&self.piece[self.at..self.at + n]);
        self.at += n;
        Ok(n)
    }
}

/// Hands a piece of plain bytes to the command; false when it is not to go on.
fn hand_on(asks: &tokio::sync::mpsc::Sender<Ask>, piece: Vec<u8>) -> bool {
    let (reply, answer) = tokio::sync::oneshot::channel();
    asks.blocking_send(Ask::Output(piece, reply)).is_ok() && answer.blocking_recv().unwrap_or(false)
}

/// The decoding thread's work: `source` through `format`'s decoder, a piece at a time handed
/// on; the plain size and the gzip framing (which `-v` leaves out of its ratio).
fn decode(
    format: Format,
    file: &str,
    source: Box<dyn Read + Send>,
    asks: &tokio::sync::mpsc::Sender<Ask>,
) -> Result<(u64, u64), Failure> {
    // The head: the magic number, and the gzip header whose size `-v` leaves out of its ratio.
    let mut source = std::io::BufReader::with_capacity(PIECE, source);
    let head = std::io::BufRead::fill_buf(&mut source).map_err(Failure::Input)?;
    let framing = match format {
        Format::Gzip => layout_head(head).map_or(0, |header| header as u64 + 8),
        _ => 0,
    };
    let corrupt = |why: &'static str| Failure::Said(format.failure(file, why));
    if format == Format::Xz && Format::sniff(head) != Some(Format::Xz) {
        return Err(corrupt("File format not recognized"));
    }
    let (mut decoder, why): (Box<dyn Read + Send>, &'static str) = match format {
        Format::Gzip => (Box::new(flate2::bufread::MultiGzDecoder::new(source)), "not in gzip format"),
        Format::Bzip2 => (Box::new(bzip2::bufread::MultiBzDecoder::new(source)), BZIP2_CORRUPT),
        Format::Xz => (Box::new(lzma_rust2::XzReader::new(source, true)), "Compressed data is corrupt"),
    };
    let mut plain = 0u64;
    loop {
        let mut piece = vec![0u8; PIECE];
        let mut filled = 0;
        while filled < PIECE {
            match decoder.read(&mut piece[filled..]) {
                Ok(0) => break,
                Ok(n) => filled += n,
                Err(err) if err.kind() == std::io::ErrorKind::Interrupted => {}
                Err(err) => {
                    // What came before the damage goes out first, as GNU's does; a stream cut
                    // short is said as gzip says it.
                    piece.truncate(filled);
                    if !piece.is_empty() && !hand_on(asks, piece) {
                        return Err(Failure::Gone);
                    }
                    let truncated = format == Format::Gzip && err.kind() == std::io::ErrorKind::UnexpectedEof;
                    return Err(corrupt(if truncated && plain + filled as u64 > 0 {
                        "unexpected end of file"
                    } else {
                        why
                    }));
                }
            }
        }
        piece.truncate(filled);
        plain += filled as u64;
        let done = filled < PIECE;
        if !piece.is_empty() && !hand_on(asks, piece) {
            return Err(Failure::Gone);
        }
        if done {
            return Ok((plain, framing));
        }
    }
}

/// xz's `-v` line off a terminal: compressed and uncompressed sizes and their ratio.
fn xz_report(file: &str, packed: u64, plain: u64) -> String {
    let ratio = if plain == 0 || packed as f64 / plain as f64 > 9.999 {
        "> 9.999".to_string()
    } else {
        format!("= {:.3}", packed as f64 / plain as f64)
    };
    format!("{file}: {} / {} {ratio}\n", xz_size(packed), xz_size(plain))
}

/// A size as xz shows it in the C locale: bytes, or KiB/MiB/GiB with one decimal from
/// 10,000 bytes on.
fn xz_size(bytes: u64) -> String {
    let units = ["KiB", "MiB", "GiB"];
    if bytes < 10_000 {
        return format!("{bytes} B");
    }
    let mut value = bytes as f64 / 1024.0;
    let mut unit = 0;
    while value >= 10_000.0 && unit + 1 < units.len() {
        value /= 1024.0;
        unit += 1;
    }
    format!("{value:.1} {}", units[unit])
}
