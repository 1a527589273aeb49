//! Hex dumps and splitting: `xxd` (canonical, `-p`, `-b`, `-i`, and back with `-r`) and `split`
//! (`-l`, `-b`, `-n`, `-d`, prefix and suffix), in vim's and GNU's formats. (`od` has its own
//! module.)

use crate::Ctx;
use crate::session::Status;
use crate::spec::{Args, Opt, Spec};
use crate::vfs::{WriteMode, describe};
use toolsh_bytes::quote::{quoteaf, quotef};

/// What `xxd` was asked for.
struct XxdOptions {
    plain: bool,
    bits: bool,
    include: bool,
    reverse: bool,
    upper: bool,
    columns: Option<usize>,
    group: Option<usize>,
    limit: Option<usize>,
    /// `-s`: where to start; negative counts from the end.
    seek: i64,
    /// `-o`: added to the addresses shown.
    offset: u64,
    name: Option<String>,
    files: Vec<String>,
}

const BITS: Opt = Opt::both('b', "bits", "binary digit dump (incompatible with -ps,-i,-r). Default hex");
const COLS: Opt = Opt::both('c', "cols", "format <cols> octets per line. Default 16 (-i: 12, -ps: 30)").value("cols");
const GROUPSIZE: Opt =
    Opt::both('g', "groupsize", "number of octets per group in normal output. Default 2").value("bytes");
const INCLUDE: Opt = Opt::both('i', "include", "output in C include file style");
const LEN: Opt = Opt::both('l', "len", "stop after <len> octets").value("len");
const NAME: Opt = Opt::both('n', "name", "set the variable name used in C include output (-i)").value("name");
const OFFSET: Opt = Opt::short('o', "add <off> to the displayed file position").value("off");
const POSTSCRIPT: Opt = Opt::both('p', "postscript", "output in postscript plain hexdump style").alias("ps");
const PLAIN: Opt = Opt::long("plain", "the same as -ps");
const REVERT: Opt = Opt::both('r', "revert", "reverse operation: convert hexdump into binary");
const SEEK: Opt =
    Opt::both('s', "seek", "start at <seek> bytes abs. infile offset (-: from the end)").value("[+][-]seek");
const UPPER: Opt = Opt::short('u', "use upper case hex letters");

/// `xxd`.
pub const XXD: Spec = Spec {
    name: "xxd",
    summary: "make a hex dump, or reverse one",
    synopsis: &["[options] [infile [outfile]]", "-r [-s [-]offset] [-c cols] [-ps] [infile [outfile]]"],
    about: "Make a hex dump of infile (or standard input) on outfile (or standard output), or with -r turn one back into binary.",
    options: &[BITS, COLS, GROUPSIZE, INCLUDE, LEN, NAME, OFFSET, POSTSCRIPT, PLAIN, REVERT, SEEK, UPPER],
    one_dash_long: true,
    help_letter: Some('h'),
    words: crate::spec::Words::Own(xxd_words),
    ..Spec::BASE
};

/// xxd's words on a usage error: its summary, after what was wrong (vim's xxd shows the
/// summary alone).
fn xxd_words(spec: &Spec, misuse: &crate::spec::Misuse) -> String {
    format!("xxd: {misuse}\n{}", spec.help())
}

/// `xxd [-bipru] [-c COLS] [-g BYTES] [-l LEN] [-s [+-]SEEK] [-o OFF] [-n NAME] [INFILE [OUTFILE]]`
pub async fn xxd(ctx: Ctx<'_>, args: Args) -> Status {
    let mut o = XxdOptions {
        plain: args.has(&POSTSCRIPT) || args.has(&PLAIN),
        bits: args.has(&BITS),
        include: args.has(&INCLUDE),
        reverse: args.has(&REVERT),
        upper: args.has(&UPPER),
        columns: None,
        group: None,
        limit: None,
        seek: 0,
        offset: 0,
        name: args.last(&NAME).map(str::to_string),
        files: args.operands.clone(),
    };
    let number = |text: &str| -> Option<i64> {
        let (negative, digits) = match text.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, text.strip_prefix('+').unwrap_or(text)),
        };
        let value = match digits.strip_prefix("0x").or_else(|| digits.strip_prefix("0X")) {
            Some(hex) => i64::from_str_radix(hex, 16).ok()?,
            None => digits.parse().ok()?,
        };
        Some(if negative { -value } else { value })
    };
    for (opt, value) in args.given() {
        if ![COLS, GROUPSIZE, LEN, SEEK, OFFSET].contains(opt) {
            continue;
        }
        let Some(n) = number(value) else {
            let name = opt.long.map_or_else(|| opt.short.unwrap_or_default().to_string(), str::to_string);
            return ctx.misuse(&XXD, format!("-{name} needs a number")).await;
        };
        let count = usize::try_from(n.max(0)).unwrap_or(0);
        match *opt {
            // As xxd: a dump's line holds at most 256 octets (-p and -i lines are not bounded;
            // the bound below keeps any line within a megabyte).
            COLS if count > 256 && !(o.plain || o.include) || count > 1 << 20 => {
                ctx.err("xxd: invalid number of columns (max. 256).\n").await;
                return 1;
            }
            COLS => o.columns = Some(count),
            GROUPSIZE => o.group = Some(count),
            LEN => o.limit = Some(count),
            SEEK => o.seek = n,
            _ => o.offset = n.max(0) as u64,
        }
    }
    let input = o.files.first().cloned().unwrap_or_else(|| "-".to_string());
    let data = match ctx.read_operand(&input).await {
        Ok(data) => data,
        Err(err) => {
            ctx.err(format!("xxd: {input}: {}\n", describe(&err))).await;
            return 2;
        }
    };
    let out = if o.reverse {
        xxd_reverse(&data, o.plain)
    } else {
        let start = if o.seek < 0 {
            data.len().saturating_sub(o.seek.unsigned_abs() as usize)
        } else {
            (o.seek as usize).min(data.len())
        };
        let mut data = &data[start..];
        if let Some(limit) = o.limit {
            data = &data[..limit.min(data.len())];
        }
        let base = start as u64 + o.offset;
        let name = o.name.clone().or_else(|| o.files.first().filter(|f| *f != "-").cloned());
        if o.include { xxd_include(data, &o, name.as_deref()) } else { xxd_dump(data, &o, base) }.into_bytes()
    };
    match o.files.get(1) {
        Some(target) => match ctx.vfs.write(&ctx.abs(target), &out, WriteMode::Truncate) {
            Ok(()) => 0,
            Err(err) => {
                ctx.err(format!("xxd: {target}: {}\n", describe(&err))).await;
                3
            }
        },
        None => i32::from(!ctx.out(out).await),
    }
}

/// The canonical dump (address, groups, text) or, with `-p`, plain hex.
fn xxd_dump(data: &[u8], o: &XxdOptions, base: u64) -> String {
    let hex = |b: u8| if o.upper { format!("{b:02X}") } else { format!("{b:02x}") };
    let mut out = String::new();
    if o.plain {
        let columns = o.columns.filter(|&c| c > 0).unwrap_or(30);
        for line in data.chunks(columns) {
            line.iter().for_each(|&b| out.push_str(&hex(b)));
            out.push('\n');
        }
        return out;
    }
    let columns = o.columns.filter(|&c| c > 0).unwrap_or(if o.bits { 6 } else { 16 });
    let group = o.group.unwrap_or(if o.bits { 1 } else { 2 });
    let digits = if o.bits { 8 } else { 2 };
    // Every group ends in a space; a group size of 0 makes the line one group.
    let groups = if group == 0 { 1 } else { columns.div_ceil(group) };
    let area = columns * digits + groups;
    for (line_no, line) in data.chunks(columns).enumerate() {
        let mut text = String::new();
        for (at, &b) in line.iter().enumerate() {
            if o.bits {
                text.push_str(&format!("{b:08b}"));
            } else {
                text.push_str(&hex(b));
            }
            if group > 0 && (at + 1) % group == 0 {
                text.push(' ');
            }
        }
        if group == 0 || line.len() % group != 0 {
            text.push(' ');
        }
        let shown: String = line.iter().map(|&b| if (0x20..0x7f).contains(&b) { b as char } else { '.' }).collect();
        let address = base + (line_no * columns) as u64;
        out.push_str(&format!("{address:08x}: {text}"));
        out.extend(std::iter::repeat_n(' ', area.saturating_sub(text.len())));
        out.push_str(&format!(" {shown}\n"));
    }
    out
}

/// `-i`: a C array of the bytes, named after the file (vim's xxd).
fn xxd_include(data: &[u8], o: &XxdOptions, name: Option<&str>) -> String {
    let columns = o.columns.filter(|&c| c > 0).unwrap_or(12);
    let lines: Vec<String> = data
        .chunks(columns)
        .map(|line| {
            let bytes: Vec<String> =
                line.iter().map(|b| if o.upper { format!("0X{b:02X}") } else { format!("0x{b:02x}") }).collect();
            format!("  {}", bytes.join(", "))
        })
        .collect();
    let body = if lines.is_empty() { String::new() } else { format!("{}\n", lines.join(",\n")) };
    match name {
        Some(name) => {
            let ident: String = name.chars().map(|c| if c.is_ascii_alphanumeric() { c } else { '_' }).collect();
            let ident = if ident.starts_with(|c: char| c.is_ascii_digit()) { format!("__{ident}") } else { ident };
            format!("unsigned char {ident}[] = {{\n{body}}};\nunsigned int {ident}_len = {};\n", data.len())
        }
        None => body,
    }
}

/// `-r`: bytes back from plain hex (`-p`) or from a canonical dump, each line at its address.
fn xxd_reverse(text: &[u8], plain: bool) -> Vec<u8> {
    let nibble = |c: u8| (c as char).to_digit(16).map(|d| d as u8);
    let pairs = |hex: &[u8], out: &mut Vec<u8>| {
        let digits: Vec<u8> = hex.iter().filter_map(|&c| nibble(c)).collect();
        out.extend(digits.chunks_exact(2).map(|pair| pair[0] << 4 | pair[1]));
    };
    let mut out = Vec::new();
    if plain {
        pairs(text, &mut out);
        return out;
    }
    for line in text.split(|&b| b == b'\n') {
        let Some(colon) = line.iter().position(|&b| b == b':') else { continue };
        let address = std::str::from_utf8(&line[..colon]).ok().and_then(|a| usize::from_str_radix(a.trim(), 16).ok());
        let Some(address) = address else { continue };
        // The hex ends where the text column starts: at the first two spaces in a row.
        let rest = line.get(colon + 1..).unwrap_or_default();
        let rest = rest.strip_prefix(b" ").unwrap_or(rest);
        let end = rest.windows(2).position(|w| w == b"  ").unwrap_or(rest.len());
        let mut bytes = Vec::new();
        pairs(&rest[..end], &mut bytes);
        if out.len() < address {
            out.resize(address, 0);
        }
        let overlap = (out.len() - address).min(bytes.len());
        out[address..address + overlap].copy_from_slice(&bytes[..overlap]);
        out.extend_from_slice(&bytes[overlap..]);
    }
    out
}

/// How `split` cuts its input.
#[derive(Clone, Copy)]
enum Cut {
    Lines(usize),
    Bytes(usize),
    /// `-C`: whole lines, at most this many bytes a piece (a longer line is cut).
    LineBytes(usize),
    /// `-n`: this many pieces; by bytes, whole lines (`l/`) or lines dealt round (`r/`); only
    /// the `K`th to standard output when given (`K/N`).
    Chunks {
        kind: char,
        count: usize,
        only: Option<usize>,
    },
}

/// A size with GNU's multipliers, not zero (split's sizes).
fn parse_size(text: &str) -> Option<usize> {
    size_with_unit(text).filter(|&n| n > 0)
}

/// A size with GNU's multipliers: `K` 1024, `KB` 1000, `M`, `MB`, `G`, `GB`, `T`, `b` 512.
pub(crate) fn size_with_unit(text: &str) -> Option<usize> {
    let split = text.find(|c: char| !c.is_ascii_digit()).unwrap_or(text.len());
    let (digits, unit) = text.split_at(split);
    let multiplier: usize = match unit {
        "" => 1,
        "b" => 512,
        "K" | "k" | "KiB" => 1 << 10,
        "KB" | "kB" => 1000,
        "M" | "MiB" => 1 << 20,
        "MB" => 1_000_000,
        "G" | "GiB" => 1 << 30,
        "GB" => 1_000_000_000,
        "T" | "TiB" => 1 << 40,
        _ => return None,
    };
    digits.parse::<usize>().ok()?.checked_mul(multiplier)
}

/// `-n CHUNKS`: `N`, `K/N`, `l/N`, `l/K/N`, `r/N`, `r/K/N`.
fn parse_chunks(text: &str) -> Option<Cut> {
    let (kind, rest) = match text.split_once('/') {
        Some(("l", rest)) => ('l', rest),
        Some(("r", rest)) => ('r', rest),
        _ => ('b', text),
    };
    let (only, count) = match rest.split_once('/') {
        Some((k, n)) => (Some(k.parse::<usize>().ok()?), n.parse::<usize>().ok()?),
        None => (None, rest.parse::<usize>().ok()?),
    };
    (count > 0 && only.is_none_or(|k| (1..=count).contains(&k))).then_some(Cut::Chunks { kind, count, only })
}

/// The suffixes of the pieces: letters, digits (`-d`) or hex digits (`-x`), from a start.
struct Suffixes {
    alphabet: &'static [u8],
    length: usize,
    /// Whether `-a` fixed the length; otherwise it grows as GNU's does (`yz`, then `zaaa`).
    fixed: bool,
    start: usize,
}

/// The longest suffix `-a` takes: a file name is far shorter.
const MAX_SUFFIX: usize = 1 << 20;

impl Suffixes {
    /// The length of suffix `count` chunks need, as GNU's: enough digits for the last one's
    /// number (from the start).
    fn needed(&self, count: usize) -> usize {
        let base = self.alphabet.len();
        let mut last = (count - 1).saturating_add(self.start);
        let mut digits = 0;
        loop {
            digits += 1;
            last /= base;
            if last == 0 {
                break;
            }
        }
        digits
    }

    /// The suffix of the `n`-th piece; `None` once the fixed length is used up.
    fn name(&self, n: usize) -> Option<String> {
        let base = self.alphabet.len();
        let mut n = n + self.start;
        let mut length = self.length;
        let mut prefix = String::new();
        if !self.fixed {
            // Names starting with the last letter (`z`) are not used: `z` starts the next,
            // longer names instead (`yz`, then `zaaa`), and so on.
            loop {
                let span = (base - 1) * base.pow(length as u32 - 1);
                if n < span {
                    break;
                }
                n -= span;
                prefix.push(self.alphabet[base - 1] as char);
                length += 1;
            }
        } else if n >= base.checked_pow(length as u32).unwrap_or(usize::MAX) {
            return None;
        }
        let mut digits = vec![self.alphabet[0]; length];
        for slot in digits.iter_mut().rev() {
            *slot = self.alphabet[n % base];
            n /= base;
        }
        Some(format!("{prefix}{}", toolsh_bytes::decode(&digits)))
    }
}

const ADDITIONAL_SUFFIX: Opt =
    Opt::long("additional-suffix", "append an additional SUFFIX to file names").value("SUFFIX");
const SPLIT_VERBOSE: Opt = Opt::long("verbose", "print a diagnostic just before each output file is opened");
const NUMERIC_SUFFIXES: Opt =
    Opt::long("numeric-suffixes", "same as -d, but allow setting the start value").optional("FROM");
const HEX_SUFFIXES: Opt = Opt::long("hex-suffixes", "same as -x, but allow setting the start value").optional("FROM");

/// `split`.
pub const SPLIT: Spec = Spec {
    name: "split",
    summary: "split a file into pieces",
    synopsis: &["[OPTION]... [FILE [PREFIX]]"],
    about: "Output pieces of FILE to PREFIXaa, PREFIXab, ...; default size is 1000 lines, and default PREFIX is 'x'.",
    options: &[
        Opt::both('a', "suffix-length", "generate suffixes of length N (default 2)").value("N"),
        ADDITIONAL_SUFFIX,
        Opt::both('b', "bytes", "put SIZE bytes per output file").value("SIZE"),
        Opt::both('C', "line-bytes", "put at most SIZE bytes of records per output file").value("SIZE"),
        Opt::short('d', "use numeric suffixes starting at 0, not alphabetic"),
        NUMERIC_SUFFIXES,
        Opt::both('e', "elide-empty-files", "do not generate empty output files with '-n'"),
        Opt::short('x', "use hex suffixes starting at 0, not alphabetic"),
        HEX_SUFFIXES,
        Opt::both('l', "lines", "put NUMBER lines/records per output file").value("NUMBER"),
        Opt::both('n', "number", "generate CHUNKS output files").value("CHUNKS"),
        SPLIT_VERBOSE,
        SPLIT_FILTER,
    ],
    long_order: &[
        "hex-suffixes",
        "help",
        "lines",
        "line-bytes",
        "number",
        "numeric-suffixes",
        "suffix-length",
        "separator",
        "verbose",
        "version",
    ],
    ..Spec::BASE
};

const SPLIT_FILTER: Opt =
    Opt::long("filter", "write each piece to the shell COMMAND's input instead of a file; $FILE is its name")
        .value("COMMAND");

/// `split [-l N | -b SIZE | -C SIZE | -n CHUNKS] [-a LEN] [-d | -x] [--additional-suffix=S]
/// [-e] [--verbose] [FILE [PREFIX]]`
pub async fn split(ctx: Ctx<'_>, args: Args) -> Status {
    let mut cut: Option<Cut> = None;
    let mut suffixes = Suffixes { alphabet: b"abcdefghijklmnopqrstuvwxyz", length: 2, fixed: false, start: 0 };
    let (mut extra, mut elide, mut verbose) = (String::new(), false, false);
    let mut filter: Option<String> = None;
    for (opt, text) in args.given() {
        // The long-only options by the letters this loop knows them by.
        let flag = match *opt {
            ADDITIONAL_SUFFIX => 'S',
            SPLIT_VERBOSE => 'V',
            SPLIT_FILTER => 'F',
            NUMERIC_SUFFIXES => 'd',
            HEX_SUFFIXES => 'x',
            _ => opt.short.unwrap_or_default(),
        };
        let text = text.to_string();
        let new_cut = match flag {
            'l' => Some(parse_size(&text).map(Cut::Lines).ok_or(format!("invalid number of lines: '{text}'"))),
            'b' => Some(parse_size(&text).map(Cut::Bytes).ok_or(format!("invalid number of bytes: '{text}'"))),
            'C' => Some(parse_size(&text).map(Cut::LineBytes).ok_or(format!("invalid number of bytes: '{text}'"))),
            'n' => Some(parse_chunks(&text).ok_or(format!("invalid number of chunks: '{text}'"))),
            _ => None,
        };
        match (flag, new_cut) {
            (_, Some(Err(message))) => return ctx.fail(message).await,
            (_, Some(Ok(_))) if cut.is_some() => {
                return ctx.fail("cannot split in more than one way").await;
            }
            (_, Some(Ok(new_cut))) => cut = Some(new_cut),
            // A name longer than a MiB is no file's: refused before one is made (GNU runs
            // out of memory making it).
            ('a', None) => match text.parse::<usize>() {
                Ok(length) if length > MAX_SUFFIX => {
                    return ctx
                        .fail(format!("invalid suffix length: '{text}': Value too large for defined data type"))
                        .await;
                }
                Ok(length) if length > 0 => (suffixes.length, suffixes.fixed) = (length, true),
                _ => return ctx.fail(format!("invalid suffix length: '{text}'")).await,
            },
            ('d' | 'x', None) => {
                suffixes.alphabet = if flag == 'd' { b"0123456789" } else { b"0123456789abcdef" };
                let radix = suffixes.alphabet.len() as u32;
                // A start (`--numeric-suffixes=7`) fixes the length, as GNU's does.
                if !text.is_empty() {
                    match usize::from_str_radix(&text, radix) {
                        Ok(start) => (suffixes.start, suffixes.fixed) = (start, true),
                        Err(_) => {
                            return ctx.fail(format!("invalid start value for numerical suffix: '{text}'")).await;
                        }
                    }
                }
            }
            ('S', None) => extra = text,
            ('e', None) => elide = true,
            ('V', None) => verbose = true,
            ('F', None) => filter = Some(text),
            _ => {}
        }
    }
    let [input, prefix] = match args.operands.as_slice() {
        [] => ["-".to_string(), "x".to_string()],
        [input] => [input.clone(), "x".to_string()],
        [input, prefix] => [input.clone(), prefix.clone()],
        [_, _, extra, ..] => return ctx.misuse(&SPLIT, format!("extra operand '{extra}'")).await,
    };
    let data = match ctx.read_operand(&input).await {
        Ok(data) => data,
        Err(err) => {
            return ctx
                .fail(format!("cannot open {input} for reading: {}", describe(&err), input = quoteaf(&input)))
                .await;
        }
    };
    let cut = cut.unwrap_or(Cut::Lines(1000));
    if let Cut::Chunks { count, .. } = cut {
        // As GNU: names long enough for every chunk, all of one length.
        let needed = suffixes.needed(count);
        if suffixes.fixed && suffixes.length < needed {
            return ctx.fail(format!("the suffix length needs to be at least {needed}")).await;
        }
        if !suffixes.fixed {
            (suffixes.length, suffixes.fixed) = (needed.max(2), true);
        }
    }
    if let Cut::Chunks { kind, count, only: Some(k) } = cut {
        let lines: Vec<&[u8]> = if kind == 'r' { data.split_inclusive(|&b| b == b'\n').collect() } else { Vec::new() };
        return i32::from(!ctx.out(chunk(&data, &lines, kind, count, k).concat()).await);
    }
    let mut pieces = Pieces::new(&data, cut);
    let mut written = 0;
    while let Some(piece) = pieces.next() {
        // A chunk count past the input makes empty files, one a step: the line's deadline
        // stops an endless-looking run (`-n 99999999999`) rather than memory.
        if !ctx.step().await {
            return 1;
        }
        if elide && piece.iter().all(|part| part.is_empty()) {
            if pieces.rest_empty() {
                break;
            }
            continue;
        }
        let Some(suffix) = suffixes.name(written) else {
            return ctx.fail("output file suffixes exhausted").await;
        };
        let name = format!("{prefix}{suffix}{extra}");
        if verbose {
            ctx.out(format!("creating file {name}\n", name = quoteaf(&name))).await;
        }
        if let Some(command) = &filter {
            // As GNU: the command reads the piece, `$FILE` names it, and a failure ends split.
            let mut io = ctx.io.clone();
            io.set(0, Some(crate::io::Fd::Input(crate::io::Input::from_bytes(piece.concat()))));
            let argv = vec!["sh".to_string(), "-c".to_string(), command.clone()];
            let status = ctx
                .run_with(argv, &io, |child| {
                    let _ = child.vars_mut().set("FILE", name.clone());
                    if let Some(var) = child.vars_mut().get_mut("FILE") {
                        var.attrs.set(toolsh_core::vars::Attrs::EXPORT, true);
                    }
                })
                .await;
            if status != 0 {
                ctx.complain(format!("with FILE={name}, exit {status} from command: {command}")).await;
                return status;
            }
        } else if let Err(err) = ctx.vfs.write(&ctx.abs(&name), &piece.concat(), WriteMode::Truncate) {
            return ctx.fail(format!("{name}: {}", describe(&err), name = quotef(&name))).await;
        }
        written += 1;
    }
    0
}

/// The pieces, each as the parts of the input it is made of (several only with `r/N`).
fn cut_pieces(data: &[u8], cut: Cut) -> Vec<Vec<&[u8]>> {
    let lines = || data.split_inclusive(|&b| b == b'\n');
    match cut {
        Cut::Bytes(size) => data.chunks(size).map(|piece| vec![piece]).collect(),
        Cut::Lines(count) => {
            let all: Vec<&[u8]> = lines().collect();
            all.chunks(count)
                .map(|group| {
                    let start = offset(data, group[0]);
                    vec![&data[start..start + group.iter().map(|line| line.len()).sum::<usize>()]]
                })
                .collect()
        }
        Cut::LineBytes(size) => {
            // The piece being built is data[start..end], whole lines; a line that does not fit
            // starts the next one, and a line longer than a piece is cut into pieces of its own.
            let mut pieces: Vec<Vec<&[u8]>> = Vec::new();
            let (mut start, mut end) = (0, 0);
            for line in lines() {
                let line_end = offset(data, line) + line.len();
                if line_end - start > size && end > start {
                    pieces.push(vec![&data[start..end]]);
                    start = end;
                }
                while line_end - start > size {
                    pieces.push(vec![&data[start..start + size]]);
                    start += size;
                }
                end = line_end;
            }
            if end > start {
                pieces.push(vec![&data[start..end]]);
            }
            pieces
        }
        // Chunks are made one at a time (`Pieces`), never all at once.
        Cut::Chunks { .. } => Vec::new(),
    }
}

/// The pieces of the input in order: those of a size or a line count all made at once (no
/// more of them than bytes), the `-n` chunks one at a time, however many are asked for.
struct Pieces<'a> {
    data: &'a [u8],
    made: std::vec::IntoIter<Vec<&'a [u8]>>,
    /// `-n`: the kind, the count, the next chunk (from 1) and the input's lines for `r/`.
    chunks: Option<(char, usize, usize, Vec<&'a [u8]>)>,
}

impl<'a> Pieces<'a> {
    fn new(data: &'a [u8], cut: Cut) -> Self {
        let chunks = match cut {
            Cut::Chunks { kind, count, .. } => {
                let lines = if kind == 'r' { data.split_inclusive(|&b| b == b'\n').collect() } else { Vec::new() };
                Some((kind, count, 1, lines))
            }
            _ => None,
        };
        Pieces { data, made: cut_pieces(data, cut).into_iter(), chunks }
    }

    /// Whether every chunk still to come is empty.
    fn rest_empty(&self) -> bool {
        match &self.chunks {
            Some(('r', _, next, lines)) => *next > lines.len(),
            Some((kind, count, next, _)) => chunk_bounds(self.data, *kind, *count, *next).0 >= self.data.len(),
            None => self.made.len() == 0,
        }
    }
}

impl<'a> Iterator for Pieces<'a> {
    type Item = Vec<&'a [u8]>;

    fn next(&mut self) -> Option<Self::Item> {
        let Some((kind, count, next, lines)) = &mut self.chunks else { return self.made.next() };
        if *next > *count {
            return None;
        }
        let piece = chunk(self.data, lines, *kind, *count, *next);
        *next += 1;
        Some(piece)
    }
}

/// The `k`th of `count` chunks (from 1): lines dealt round (`r/`, over `lines`), or as GNU,
/// total/N bytes (at least 1) a chunk, the last one taking the rest; with `l/` each chunk
/// runs on to the end of the line its last byte is in.
fn chunk<'a>(data: &'a [u8], lines: &[&'a [u8]], kind: char, count: usize, k: usize) -> Vec<&'a [u8]> {
    if kind == 'r' {
        return lines.iter().skip(k - 1).step_by(count).copied().collect();
    }
    let (start, end) = chunk_bounds(data, kind, count, k);
    vec![&data[start..end]]
}

/// Where the `k`th of `count` byte or line chunks starts and ends: each end is the nominal
/// one (`k` × total/N), moved on to a line's end for `l/`, never before the chunk's start.
fn chunk_bounds(data: &[u8], kind: char, count: usize, k: usize) -> (usize, usize) {
    let size = (data.len() / count).max(1);
    let end_of = |k: usize| -> usize {
        let nominal = if k >= count { data.len() } else { k.saturating_mul(size).min(data.len()) };
        if kind == 'l' && nominal > 0 && nominal < data.len() {
            memchr::memchr(b'\n', &data[nominal - 1..]).map_or(data.len(), |at| nominal + at)
        } else {
            nominal
        }
    };
    let start = if k <= 1 { 0 } else { end_of(k - 1) };
    (start, end_of(k).max(start))
}

/// Where `part`, a slice of `data`, starts in it.
fn offset(data: &[u8], part: &[u8]) -> usize {
    part.as_ptr() as usize - data.as_ptr() as usize
}
