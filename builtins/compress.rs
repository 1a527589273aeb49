//! `gzip`, `gunzip` and `zcat` over the workspace (flate2), with GNU gzip's file handling: `F`
//! becomes `F.gz` (mode and mtime kept, the original removed unless `-k`), `-c` streams to stdout,
//! and its statuses (1 error, 2 warning such as "unknown suffix").

use super::Ctx;
use crate::interp::Status;
use crate::vfs::{WriteMode, describe};
use flate2::Compression;
use flate2::read::MultiGzDecoder;
use std::io::{Read, Write};
use std::time::UNIX_EPOCH;

const USAGE: &str = "gzip [-cdfkn] [-1..-9] [FILE...]";

/// What the flags ask for.
struct Options {
    decompress: bool,
    to_stdout: bool,
    keep: bool,
    force: bool,
    no_name: bool,
    level: u32,
}

/// The decompressed-name suffixes gunzip knows, and what each becomes.
const SUFFIXES: [(&str, &str); 2] = [(".tgz", ".tar"), (".gz", "")];

fn compress(data: &[u8], name: Option<&str>, mtime: u32, level: u32) -> std::io::Result<Vec<u8>> {
    let mut builder = flate2::GzBuilder::new().mtime(mtime);
    if let Some(name) = name {
        builder = builder.filename(name.as_bytes());
    }
    let mut encoder = builder.write(Vec::with_capacity(data.len() / 2 + 64), Compression::new(level));
    encoder.write_all(data)?;
    encoder.finish()
}

/// Decompressed output is held in memory, so a cap keeps a small "gzip bomb" from exhausting it.
const MAX_DECOMPRESSED: u64 = 1 << 30;

fn decompress(data: &[u8]) -> Result<Vec<u8>, &'static str> {
    let mut out = Vec::with_capacity(data.len().saturating_mul(3));
    MultiGzDecoder::new(data).take(MAX_DECOMPRESSED + 1).read_to_end(&mut out).map_err(|_| "not in gzip format")?;
    if out.len() as u64 > MAX_DECOMPRESSED {
        return Err("decompressed data exceeds 1 GiB; refused");
    }
    Ok(out)
}

/// `gzip`; `gunzip` and `zcat` are it with `-d` and `-d -c` preset.
pub async fn gzip(ctx: Ctx<'_>) -> Status {
    let mut options = Options {
        decompress: ctx.name() != "gzip",
        to_stdout: ctx.name() == "zcat",
        keep: false,
        force: false,
        no_name: false,
        level: 6,
    };
    let mut files = Vec::new();
    let mut flags_done = false;
    for arg in &ctx.argv[1..] {
        if flags_done || !arg.starts_with('-') || arg == "-" {
            files.push(arg.clone());
            continue;
        }
        match arg.as_str() {
            "--" => flags_done = true,
            "--stdout" | "--to-stdout" => options.to_stdout = true,
            "--decompress" | "--uncompress" => options.decompress = true,
            "--keep" => options.keep = true,
            "--force" => options.force = true,
            "--no-name" => options.no_name = true,
            "--fast" => options.level = 1,
            "--best" => options.level = 9,
            long if long.starts_with("--") => {
                ctx.usage(format!("unrecognized option '{long}'"), USAGE).await;
                return 1;
            }
            short => {
                for flag in short[1..].chars() {
                    match flag {
                        'c' => options.to_stdout = true,
                        'd' => options.decompress = true,
                        'k' => options.keep = true,
                        'f' => options.force = true,
                        'n' => options.no_name = true,
                        'N' | 'q' => {}
                        digit @ '1'..='9' => options.level = digit.to_digit(10).unwrap_or(6),
                        other => {
                            ctx.usage(format!("invalid option -- '{other}'"), USAGE).await;
                            return 1;
                        }
                    }
                }
            }
        }
    }
    if files.is_empty() {
        files.push("-".to_string());
    }
    let mut status = 0;
    for file in &files {
        status = status.max(one_file(&ctx, &options, file).await);
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
        && !SUFFIXES.iter().any(|(suffix, _)| file.ends_with(suffix))
        && ctx.vfs.lstat(&ctx.abs(file)).is_err()
    {
        with_suffix = format!("{file}.gz");
        with_suffix.as_str()
    } else {
        file
    };
    let warn = |message: String| async move {
        complain(ctx, message).await;
        2
    };
    let target = if file == "-" || options.to_stdout {
        None
    } else if options.decompress {
        match SUFFIXES.iter().find_map(|(suffix, new)| file.strip_suffix(suffix).map(|stem| format!("{stem}{new}"))) {
            Some(name) if !name.is_empty() => Some(name),
            _ => return warn(format!("{file}: unknown suffix -- ignored")).await,
        }
    } else if file.ends_with(".gz") || file.ends_with(".tgz") {
        // GNU gzip warns here but still exits 0.
        complain(ctx, format!("{file} already has .gz suffix -- unchanged")).await;
        return 0;
    } else {
        Some(format!("{file}.gz"))
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
