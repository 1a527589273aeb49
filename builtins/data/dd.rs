//! `dd`: copies its input to its output in blocks, as `if= of= bs= ibs= obs= count= skip= seek=
//! conv= status= iflag= oflag=` say, and reports the records and bytes on standard error as GNU
//! does. Standard output is written as the input arrives (so `dd if=/dev/zero … | head` ends);
//! an `of=` file is written whole at the end.

use crate::Ctx;
use crate::session::Status;
use crate::spec::{Spec, Words};
use std::time::Instant;
use toolsh_bytes::quote::quoteaf;
use toolsh_core::vfs::{WriteMode, describe};

/// `dd`.
pub const DD: Spec = Spec {
    name: "dd",
    summary: "convert and copy a file",
    synopsis: &["[OPERAND]..."],
    about: "Copy a file, converting and formatting according to the operands: if=FILE of=FILE bs= ibs= obs= (BYTES, with c w b kB K MB M GB G) count= skip= seek= (blocks; bytes with iflag=count_bytes,skip_bytes) conv=ucase,lcase,notrunc status=none|noxfer|progress.",
    words: Words::Gnu,
    tools: &["fs.read", "fs.write"],
    assumed: true,
    ..Spec::BASE
};

/// What the operands say.
struct Plan {
    input: String,
    output: Option<String>,
    ibs: usize,
    obs: usize,
    count: Option<usize>,
    skip: usize,
    seek: usize,
    upper: bool,
    lower: bool,
    notrunc: bool,
    quiet: bool,
    no_transfer: bool,
    count_bytes: bool,
    skip_bytes: bool,
}

/// A number of bytes as dd reads them: a product of `N[SUFFIX]` factors joined by `x`.
fn bytes(text: &str) -> Option<usize> {
    text.split('x').try_fold(1usize, |product, factor| {
        let split = factor.find(|c: char| !c.is_ascii_digit()).unwrap_or(factor.len());
        let (digits, unit) = factor.split_at(split);
        let multiplier: usize = match unit {
            "" | "c" => 1,
            "w" => 2,
            "b" => 512,
            "kB" => 1000,
            "K" | "k" | "KiB" => 1 << 10,
            "MB" => 1_000_000,
            "M" | "MiB" => 1 << 20,
            "GB" => 1_000_000_000,
            "G" | "GiB" => 1 << 30,
            _ => return None,
        };
        product.checked_mul(digits.parse::<usize>().ok()?.checked_mul(multiplier)?)
    })
}

fn plan(words: &[String]) -> Result<Plan, String> {
    let mut plan = Plan {
        input: "-".to_string(),
        output: None,
        ibs: 512,
        obs: 512,
        count: None,
        skip: 0,
        seek: 0,
        upper: false,
        lower: false,
        notrunc: false,
        quiet: false,
        no_transfer: false,
        count_bytes: false,
        skip_bytes: false,
    };
    for word in words {
        let Some((key, value)) = word.split_once('=') else {
            return Err(format!("unrecognized operand '{word}'"));
        };
        let number = || bytes(value).ok_or_else(|| format!("invalid number: '{value}'"));
        match key {
            "if" => plan.input = value.to_string(),
            "of" => plan.output = Some(value.to_string()),
            "bs" => (plan.ibs, plan.obs) = (number()?, number()?),
            "ibs" => plan.ibs = number()?,
            "obs" => plan.obs = number()?,
            "count" => plan.count = Some(number()?),
            "skip" | "iseek" => plan.skip = number()?,
            "seek" | "oseek" => plan.seek = number()?,
            "conv" | "iflag" | "oflag" => {
                for flag in value.split(',') {
                    match flag {
                        "ucase" => plan.upper = true,
                        "lcase" => plan.lower = true,
                        "notrunc" => plan.notrunc = true,
                        "count_bytes" => plan.count_bytes = true,
                        "skip_bytes" => plan.skip_bytes = true,
                        // Nothing to do here: no devices, no partial reads to fill, no sync.
                        "fullblock" | "noerror" | "fsync" | "fdatasync" | "sync" | "direct" | "dsync" | "nocache"
                        | "binary" | "text" => {}
                        other => return Err(format!("invalid conversion: '{other}'")),
                    }
                }
            }
            "status" => match value {
                "none" => plan.quiet = true,
                "noxfer" => plan.no_transfer = true,
                "progress" => {}
                other => return Err(format!("invalid status level: '{other}'")),
            },
            _ => return Err(format!("unrecognized operand '{word}'")),
        }
    }
    if plan.ibs == 0 || plan.obs == 0 {
        return Err("invalid number: '0'".to_string());
    }
    Ok(plan)
}

/// `dd [OPERAND]…`.
pub async fn dd(ctx: Ctx<'_>) -> Status {
    let words = &ctx.argv[1..];
    // Only `--help` and refusals come from the spec: dd's operands are words, not options.
    if words.iter().any(|w| w.starts_with('-')) {
        return match ctx.args(&DD).await {
            Ok(_) => 0,
            Err(status) => status,
        };
    }
    let plan = match plan(words) {
        Ok(plan) => plan,
        Err(message) => return ctx.misuse(&DD, message).await,
    };
    let started = Instant::now();
    let skip = if plan.skip_bytes { plan.skip } else { plan.skip.saturating_mul(plan.ibs) };
    let wanted = plan.count.map(|n| if plan.count_bytes { n } else { n.saturating_mul(plan.ibs) });
    let mut reader = match ctx.open_operand(&plan.input) {
        Ok(reader) => reader,
        Err(err) => return ctx.fail(format!("failed to open {}: {}", quoteaf(&plan.input), describe(&err))).await,
    };
    let (mut skipped, mut copied) = (0usize, 0usize);
    let mut kept = Vec::new();
    let limit = ctx.ceiling().input_bytes;
    // `of=/dev/stdout`, `/dev/stderr`, `/dev/fd/N`: the stream, written as the input arrives.
    let device = plan.output.as_deref().and_then(|file| ctx.io.device(file));
    while wanted.is_none_or(|w| copied < w) {
        let mut piece = match reader.chunk().await {
            Ok(Some(piece)) => piece,
            Ok(None) => break,
            Err(err) => return ctx.fail(format!("error reading {}: {}", quoteaf(&plan.input), describe(&err))).await,
        };
        if skipped < skip {
            let drop = (skip - skipped).min(piece.len());
            skipped += drop;
            piece.drain(..drop);
        }
        if let Some(wanted) = wanted {
            piece.truncate(wanted - copied);
        }
        if plan.upper {
            piece.make_ascii_uppercase();
        } else if plan.lower {
            piece.make_ascii_lowercase();
        }
        copied += piece.len();
        if let Some(device) = &device {
            if !piece.is_empty() && device.write_all(&piece).await.is_err() {
                return 1;
            }
        } else if plan.output.is_some() {
            if copied > limit {
                return ctx.fail(format!("more than {limit} bytes for one file (the input-bytes limit)")).await;
            }
            kept.extend_from_slice(&piece);
        } else if !piece.is_empty() && !ctx.out(piece).await {
            return 1;
        }
    }
    if let Some(file) = plan.output.as_ref().filter(|_| device.is_none()) {
        let abs = ctx.abs(file);
        let offset = plan.seek.saturating_mul(plan.obs);
        let mut data = if offset > 0 || plan.notrunc { ctx.vfs.read(&abs).unwrap_or_default() } else { Vec::new() };
        if !plan.notrunc {
            data.truncate(offset);
        }
        let end = offset + kept.len();
        if data.len() < end {
            data.resize(end, 0);
        }
        data[offset..end].copy_from_slice(&kept);
        if let Err(err) = ctx.vfs.write(&abs, &data, WriteMode::Truncate) {
            return ctx.fail(format!("failed to open {file}: {}", describe(&err), file = quoteaf(file))).await;
        }
    }
    if !plan.quiet {
        ctx.err(report(copied, plan.ibs, plan.obs, started.elapsed().as_secs_f64(), plan.no_transfer)).await;
    }
    0
}

/// GNU's three lines: whole and partial records read and written, then the bytes, time and rate.
fn report(copied: usize, ibs: usize, obs: usize, seconds: f64, no_transfer: bool) -> String {
    let records = |size: usize| format!("{}+{}", copied / size, usize::from(!copied.is_multiple_of(size)));
    let mut text = format!("{} records in\n{} records out\n", records(ibs), records(obs));
    if no_transfer {
        return text;
    }
    let amount = if copied >= 1000 {
        format!("{copied} bytes ({}, {}) copied", human(copied as f64, 1000.0, "B"), human(copied as f64, 1024.0, "iB"))
    } else if copied == 1 {
        "1 byte copied".to_string()
    } else {
        format!("{copied} bytes copied")
    };
    let rate = if seconds > 0.0 { human(copied as f64 / seconds, 1000.0, "B/s") } else { "Infinity B/s".to_string() };
    text.push_str(&format!("{amount}, {seconds:.6} s, {rate}\n"));
    text
}

/// `3.0 kB`, `2.9 KiB`: one decimal below 10, none above, with SI or binary prefixes.
fn human(value: f64, base: f64, unit: &str) -> String {
    let prefixes = if base == 1000.0 { ["", "k", "M", "G", "T"] } else { ["", "K", "M", "G", "T"] };
    let mut scaled = value;
    let mut at = 0;
    while scaled >= base && at + 1 < prefixes.len() {
        scaled /= base;
        at += 1;
    }
    let unit = if at == 0 && base == 1024.0 { "B" } else { unit };
    if scaled < 10.0 {
        format!("{scaled:.1} {}{unit}", prefixes[at])
    } else {
        format!("{scaled:.0} {}{unit}", prefixes[at])
    }
}
