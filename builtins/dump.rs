//! Byte dumps and splitting: `od` (`-c`, `-t x1|x2|o1|o2|d1|u1`, `-A d|o|x|n`), `xxd` (canonical
//! and `-p`), and `split` (`-l`, `-b`, `-d`, prefix), in GNU and vim's formats.

use super::Ctx;
use crate::interp::Status;
use crate::vfs::{WriteMode, describe};

async fn read_all(ctx: &Ctx<'_>, files: &[String]) -> Result<Vec<u8>, Status> {
    let stdin = ["-".to_string()];
    let files = if files.is_empty() { &stdin[..] } else { files };
    let mut data = Vec::new();
    for file in files {
        match ctx.read_operand(file).await {
            Ok(bytes) => data.extend_from_slice(&bytes),
            Err(err) => {
                ctx.complain(format!("{file}: {}", describe(&err))).await;
                return Err(1);
            }
        }
    }
    Ok(data)
}

fn od_char(byte: u8) -> String {
    match byte {
        0 => "\\0".to_string(),
        7 => "\\a".to_string(),
        8 => "\\b".to_string(),
        9 => "\\t".to_string(),
        10 => "\\n".to_string(),
        11 => "\\v".to_string(),
        12 => "\\f".to_string(),
        13 => "\\r".to_string(),
        0x20..=0x7e => (byte as char).to_string(),
        other => format!("{other:03o}"),
    }
}

/// `od [-A RADIX] [-c] [-t TYPE] [file…]`
pub async fn od(ctx: Ctx<'_>) -> Status {
    let mut radix = 'o';
    let mut kind = "o2".to_string();
    let mut files = Vec::new();
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
        match arg.as_str() {
            "-c" => kind = "c".to_string(),
            "-x" => kind = "x2".to_string(),
            "-o" => kind = "o2".to_string(),
            "-d" => kind = "u2".to_string(),
            "-b" => kind = "o1".to_string(),
            _ if arg.starts_with("-A") => radix = value(&arg[2..]).chars().next().unwrap_or('o'),
            _ if arg.starts_with("-t") => kind = value(&arg[2..]),
            _ if arg.starts_with('-') && arg.len() > 1 => {
                return ctx
                    .usage(format!("invalid option -- '{}'", &arg[1..]), "od [-A d|o|x|n] [-c] [-t TYPE] [FILE...]")
                    .await;
            }
            _ => files.push(arg),
        }
    }
    if !matches!(kind.as_str(), "c" | "x1" | "x2" | "o1" | "o2" | "d1" | "u1" | "u2" | "d2") {
        return ctx.fail(format!("invalid type string '{kind}'")).await;
    }
    let data = match read_all(&ctx, &files).await {
        Ok(data) => data,
        Err(status) => return status,
    };
    let address = |offset: usize| match radix {
        'd' => format!("{offset:07}"),
        'x' => format!("{offset:06x}"),
        'n' => String::new(),
        _ => format!("{offset:07o}"),
    };
    let mut out = String::new();
    for (line_no, chunk) in data.chunks(16).enumerate() {
        out.push_str(&address(line_no * 16));
        match kind.as_str() {
            "c" => chunk.iter().for_each(|&b| out.push_str(&format!("{:>4}", od_char(b)))),
            "x1" => chunk.iter().for_each(|b| out.push_str(&format!(" {b:02x}"))),
            "o1" => chunk.iter().for_each(|b| out.push_str(&format!(" {b:03o}"))),
            "d1" => chunk.iter().for_each(|&b| out.push_str(&format!(" {:>4}", b as i8))),
            "u1" => chunk.iter().for_each(|b| out.push_str(&format!(" {b:>3}"))),
            _ => {
                for pair in chunk.chunks(2) {
                    let word = u16::from(pair[0]) | (u16::from(pair.get(1).copied().unwrap_or(0)) << 8);
                    out.push_str(&match kind.as_str() {
                        "x2" => format!(" {word:04x}"),
                        "u2" => format!(" {word:>5}"),
                        "d2" => format!(" {:>6}", word as i16),
                        _ => format!(" {word:06o}"),
                    });
                }
            }
        }
        out.push('\n');
    }
    if radix != 'n' {
        out.push_str(&address(data.len()));
        out.push('\n');
    }
    if ctx.out(out).await { 0 } else { 1 }
}

/// `xxd [-p] [-c COLS] [-l LEN] [file]`
pub async fn xxd(ctx: Ctx<'_>) -> Status {
    let mut plain = false;
    let mut columns = 16usize;
    let mut limit: Option<usize> = None;
    let mut files = Vec::new();
    let mut idx = 1;
    while idx < ctx.argv.len() {
        let arg = ctx.argv[idx].clone();
        idx += 1;
        match arg.as_str() {
            "-p" | "-ps" | "-postscript" | "-plain" => plain = true,
            "-c" | "-l" => {
                let value: Option<usize> = ctx.argv.get(idx).and_then(|v| v.parse().ok());
                idx += 1;
                let Some(value) = value else {
                    return ctx.usage(format!("{arg} needs a number"), "xxd [-p] [-c COLS] [-l LEN] [FILE]").await;
                };
                if arg == "-c" {
                    columns = value.max(1);
                } else {
                    limit = Some(value);
                }
            }
            _ if arg.starts_with('-') && arg.len() > 1 => {
                return ctx.usage(format!("unsupported option {arg}"), "xxd [-p] [-c COLS] [-l LEN] [FILE]").await;
            }
            _ => files.push(arg),
        }
    }
    let mut data = match read_all(&ctx, &files[..files.len().min(1)]).await {
        Ok(data) => data,
        Err(status) => return status,
    };
    if let Some(limit) = limit {
        data.truncate(limit);
    }
    let mut out = String::new();
    if plain {
        let hex: String = data.iter().map(|b| format!("{b:02x}")).collect();
        for chunk in hex.as_bytes().chunks(60) {
            out.push_str(&String::from_utf8_lossy(chunk));
            out.push('\n');
        }
    } else {
        let hex_width = columns * 2 + columns.div_ceil(2);
        for (line_no, chunk) in data.chunks(columns).enumerate() {
            let mut hex = String::new();
            for (i, pair) in chunk.chunks(2).enumerate() {
                if i > 0 {
                    hex.push(' ');
                }
                for b in pair {
                    hex.push_str(&format!("{b:02x}"));
                }
            }
            let text: String = chunk.iter().map(|&b| if (0x20..0x7f).contains(&b) { b as char } else { '.' }).collect();
            out.push_str(&format!("{:08x}: {hex:<hex_width$} {text}\n", line_no * columns));
        }
    }
    if ctx.out(out).await { 0 } else { 1 }
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
