//! Encodings and checksums: `base64` (`-d`, `-w`) and `md5sum`, `sha1sum`, `sha256sum`
//! (with `-c` to verify a list), in GNU coreutils' formats.

use super::Ctx;
use crate::interp::Status;
use crate::vfs::describe;
use base64::Engine;

/// `base64 [-d] [-i] [-w COLS] [file]`
pub async fn base64(ctx: Ctx<'_>) -> Status {
    let mut decode = false;
    let mut ignore_garbage = false;
    let mut wrap = 76usize;
    let mut files = Vec::new();
    let mut idx = 1;
    while idx < ctx.argv.len() {
        let arg = ctx.argv[idx].clone();
        idx += 1;
        match arg.as_str() {
            "-d" | "--decode" => decode = true,
            "-i" | "--ignore-garbage" => ignore_garbage = true,
            "-w" => {
                let value = ctx.argv.get(idx).cloned().unwrap_or_default();
                idx += 1;
                match value.parse() {
                    Ok(n) => wrap = n,
                    Err(_) => return ctx.fail(format!("invalid wrap size: '{value}'")).await,
                }
            }
            _ if arg.starts_with("--wrap=") || (arg.starts_with("-w") && arg.len() > 2) => {
                let value = arg.trim_start_matches("--wrap=").trim_start_matches("-w");
                match value.parse() {
                    Ok(n) => wrap = n,
                    Err(_) => return ctx.fail(format!("invalid wrap size: '{value}'")).await,
                }
            }
            _ => files.push(arg),
        }
    }
    let file = files.first().cloned().unwrap_or_else(|| "-".to_string());
    let data = match ctx.read_operand(&file).await {
        Ok(data) => data,
        Err(err) => return ctx.fail(format!("{file}: {}", describe(&err))).await,
    };
    let engine = base64::engine::general_purpose::STANDARD;
    if decode {
        let cleaned: Vec<u8> = data
            .iter()
            .copied()
            .filter(|b| !b.is_ascii_whitespace())
            .filter(|b| !ignore_garbage || b.is_ascii_alphanumeric() || matches!(b, b'+' | b'/' | b'='))
            .collect();
        return match engine.decode(&cleaned) {
            Ok(bytes) => {
                if ctx.out(bytes).await {
                    0
                } else {
                    1
                }
            }
            Err(_) => ctx.fail("invalid input").await,
        };
    }
    let encoded = engine.encode(&data);
    let mut out = String::with_capacity(encoded.len() + encoded.len() / 76 + 2);
    if wrap == 0 {
        out.push_str(&encoded);
    } else {
        for chunk in encoded.as_bytes().chunks(wrap) {
            out.push_str(&String::from_utf8_lossy(chunk));
            out.push('\n');
        }
    }
    if ctx.out(out).await { 0 } else { 1 }
}

fn digest(algorithm: &str, data: &[u8]) -> String {
    use sha2::Digest;
    let bytes: Vec<u8> = match algorithm {
        "md5sum" => md5::Md5::digest(data).to_vec(),
        "sha1sum" => sha1::Sha1::digest(data).to_vec(),
        _ => sha2::Sha256::digest(data).to_vec(),
    };
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// `md5sum`, `sha1sum`, `sha256sum` `[-c] [file…]`
pub async fn checksum(ctx: Ctx<'_>) -> Status {
    let name = ctx.name().to_string();
    let mut check = false;
    let mut quiet = false;
    let mut status_only = false;
    let mut files = Vec::new();
    for arg in &ctx.argv[1..] {
        match arg.as_str() {
            "-c" | "--check" => check = true,
            "--quiet" => quiet = true,
            "--status" => status_only = true,
            "-b" | "-t" | "--binary" | "--text" => {}
            _ => files.push(arg.clone()),
        }
    }
    if files.is_empty() {
        files.push("-".to_string());
    }
    let mut status = 0;
    let mut out = String::new();
    if !check {
        for file in &files {
            match ctx.read_operand(file).await {
                Ok(data) => out.push_str(&format!("{}  {file}\n", digest(&name, &data))),
                Err(err) => {
                    ctx.complain(format!("{file}: {}", describe(&err))).await;
                    status = 1;
                }
            }
        }
        return if ctx.out(out).await { status } else { 1 };
    }
    let mut failed = 0;
    for list in &files {
        let text = match ctx.read_operand(list).await {
            Ok(data) => String::from_utf8_lossy(&data).into_owned(),
            Err(err) => {
                ctx.complain(format!("{list}: {}", describe(&err))).await;
                status = 1;
                continue;
            }
        };
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            let Some((expected, file)) = line.split_once("  ").or_else(|| line.split_once(" *")) else {
                ctx.complain(format!("{list}: no properly formatted checksum lines found")).await;
                status = 1;
                continue;
            };
            let ok = match ctx.read_operand(file).await {
                Ok(data) => digest(&name, &data) == expected.trim(),
                Err(err) => {
                    ctx.complain(format!("{file}: {}", describe(&err))).await;
                    false
                }
            };
            if !ok {
                failed += 1;
            }
            if !(status_only || quiet && ok) {
                out.push_str(&format!("{file}: {}\n", if ok { "OK" } else { "FAILED" }));
            }
        }
    }
    if failed > 0 && !status_only {
        let noun = if failed == 1 { "checksum did NOT match" } else { "checksums did NOT match" };
        ctx.complain(format!("WARNING: {failed} computed {noun}")).await;
    }
    ctx.out(out).await;
    if failed > 0 { 1 } else { status }
}
