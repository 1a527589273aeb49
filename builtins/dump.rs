//! Hex dumps and splitting: `xxd` (canonical, `-p`, `-b`, `-i`, and back with `-r`) and `split`
//! (`-l`, `-b`, `-n`, `-d`, prefix and suffix), in vim's and GNU's formats. (`od` has its own
//! module.)

use super::Ctx;
use crate::interp::Status;
use crate::vfs::{WriteMode, describe};

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

/// `xxd [-bipru] [-c COLS] [-g BYTES] [-l LEN] [-s [+-]SEEK] [-o OFF] [-n NAME] [INFILE [OUTFILE]]`
pub async fn xxd(ctx: Ctx<'_>) -> Status {
    let usage = super::lookup("xxd").map_or("", |b| b.usage);
    let mut o = XxdOptions {
        plain: false,
        bits: false,
        include: false,
        reverse: false,
        upper: false,
        columns: None,
        group: None,
        limit: None,
        seek: 0,
        offset: 0,
        name: None,
        files: Vec::new(),
    };
    let mut idx = 1;
    while let Some(arg) = ctx.argv.get(idx).cloned() {
        idx += 1;
        if arg == "-" || !arg.starts_with('-') {
            o.files.push(arg);
            continue;
        }
        // vim's xxd takes whole words (`-ps`, `-cols 8`) and values attached (`-c8`).
        let word = arg.trim_start_matches('-');
        let (name, attached) =
            match word.find(|c: char| c.is_ascii_digit() || c == '+' || (c == '-' && word.starts_with('s'))) {
                Some(at) if at > 0 => (&word[..at], Some(word[at..].to_string())),
                _ => (word, None),
            };
        let value = |idx: &mut usize| match attached.clone() {
            Some(value) => Some(value),
            None => {
                *idx += 1;
                ctx.argv.get(*idx - 1).cloned()
            }
        };
        let number = |text: Option<String>| -> Option<i64> {
            let text = text?;
            let (negative, digits) = match text.strip_prefix('-') {
                Some(rest) => (true, rest),
                None => (false, text.strip_prefix('+').unwrap_or(&text)),
            };
            let value = match digits.strip_prefix("0x").or_else(|| digits.strip_prefix("0X")) {
                Some(hex) => i64::from_str_radix(hex, 16).ok()?,
                None => digits.parse().ok()?,
            };
            Some(if negative { -value } else { value })
        };
        match name {
            "p" | "ps" | "postscript" | "plain" => o.plain = true,
            "b" | "bits" => o.bits = true,
            "i" | "include" => o.include = true,
            "r" | "revert" => o.reverse = true,
            "u" => o.upper = true,
            "c" | "cols" | "g" | "groupsize" | "l" | "len" | "s" | "seek" | "o" => {
                let Some(n) = number(value(&mut idx)) else {
                    return ctx.usage(format!("-{name} needs a number"), usage).await;
                };
                let count = usize::try_from(n.max(0)).unwrap_or(0);
                match name {
                    "c" | "cols" => o.columns = Some(count),
                    "g" | "groupsize" => o.group = Some(count),
                    "l" | "len" => o.limit = Some(count),
                    "s" | "seek" => o.seek = n,
                    _ => o.offset = n.max(0) as u64,
                }
            }
            "n" | "name" => o.name = value(&mut idx),
            _ => return ctx.usage(format!("unsupported option {arg}"), usage).await,
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
        out.push_str(&format!("{address:08x}: {text:<area$} {shown}\n"));
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

/// The suffix of the `n`-th piece: `aa`, `ab`, … or `00`, `01`, … with `-d`.
fn suffix(n: usize, numeric: bool, length: usize) -> String {
    if numeric {
        return format!("{n:0length$}");
    }
    let mut chars = vec!['a'; length];
    let mut rest = n;
    for slot in chars.iter_mut().rev() {
        *slot = (b'a' + (rest % 26) as u8) as char;
        rest /= 26;
    }
    chars.into_iter().collect()
}

/// `split [-l N | -b N] [-d] [-a LEN] [file [prefix]]`
pub async fn split(ctx: Ctx<'_>) -> Status {
    let mut lines: Option<usize> = None;
    let mut bytes: Option<usize> = None;
    let mut numeric = false;
    let mut length = 2usize;
    let mut operands = Vec::new();
    let mut idx = 1;
    while idx < ctx.argv.len() {
        let arg = ctx.argv[idx].clone();
        idx += 1;
        let mut value = |inline: &str| {
            if inline.is_empty() {
                idx += 1;
                ctx.argv.get(idx - 1).cloned().unwrap_or_default()
            } else {
                inline.to_string()
            }
        };
        let parse_size = |text: &str| -> Option<usize> {
            let (digits, multiplier) = match text.chars().last() {
                Some('k' | 'K') => (&text[..text.len() - 1], 1024),
                Some('m' | 'M') => (&text[..text.len() - 1], 1024 * 1024),
                _ => (text, 1),
            };
            digits.parse::<usize>().ok().map(|n| n * multiplier).filter(|n| *n > 0)
        };
        if arg == "-d" {
            numeric = true;
        } else if let Some(inline) = arg.strip_prefix("-l") {
            let Some(n) = parse_size(&value(inline)) else { return ctx.fail("invalid number of lines").await };
            lines = Some(n);
        } else if let Some(inline) = arg.strip_prefix("-b") {
            let Some(n) = parse_size(&value(inline)) else { return ctx.fail("invalid number of bytes").await };
            bytes = Some(n);
        } else if let Some(inline) = arg.strip_prefix("-a") {
            length = value(inline).parse().unwrap_or(2).max(1);
        } else if arg.starts_with('-') && arg.len() > 1 {
            return ctx
                .usage(format!("invalid option -- '{}'", &arg[1..]), "split [-l N|-b N] [-d] [-a LEN] [FILE [PREFIX]]")
                .await;
        } else {
            operands.push(arg);
        }
    }
    let input = operands.first().cloned().unwrap_or_else(|| "-".to_string());
    let prefix = operands.get(1).cloned().unwrap_or_else(|| "x".to_string());
    let data = match ctx.read_operand(&input).await {
        Ok(data) => data,
        Err(err) => return ctx.fail(format!("cannot open '{input}' for reading: {}", describe(&err))).await,
    };
    let mut pieces: Vec<&[u8]> = Vec::new();
    if let Some(size) = bytes {
        pieces.extend(data.chunks(size));
    } else {
        let per_piece = lines.unwrap_or(1000);
        let mut start = 0;
        let mut count = 0;
        for (i, b) in data.iter().enumerate() {
            if *b == b'\n' {
                count += 1;
                if count == per_piece {
                    pieces.push(&data[start..=i]);
                    start = i + 1;
                    count = 0;
                }
            }
        }
        if start < data.len() {
            pieces.push(&data[start..]);
        }
    }
    for (n, piece) in pieces.iter().enumerate() {
        let name = format!("{prefix}{}", suffix(n, numeric, length));
        if let Err(err) = ctx.vfs.write(&ctx.abs(&name), piece, WriteMode::Truncate) {
            return ctx.fail(format!("{name}: {}", describe(&err))).await;
        }
    }
    0
}
