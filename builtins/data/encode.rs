//! Encodings and checksums: `base64` (`-d`, `-w`; the engine is `basenc.rs`'s) and `md5sum`, `sha1sum`, `sha224sum`, `sha256sum`, `sha384sum`, `sha512sum`, `b2sum`
//! (with `-c` to verify a list), in GNU coreutils' formats.

use crate::Ctx;
use crate::session::Status;
use crate::spec::{Args, Opt, Spec};
use crate::vfs::describe;

use super::basenc::{DECODE, IGNORE_GARBAGE, WRAP};

/// `base64`.
pub const BASE64: Spec = Spec {
    name: "base64",
    summary: "encode or decode base64",
    synopsis: &["[OPTION]... [FILE]"],
    about: "Base64 encode or decode FILE, or standard input, to standard output.",
    options: &[DECODE, IGNORE_GARBAGE, WRAP],
    ..Spec::BASE
};

/// `base64 [-di] [-w COLS] [FILE]`: `basenc --base64`.
pub async fn base64(ctx: Ctx<'_>, args: Args) -> Status {
    super::basenc::transcode(ctx, args, &BASE64, Some(super::basenc::Encoding::Base64)).await
}

fn digest(algorithm: &str, data: &[u8]) -> String {
    use sha2::Digest;
    let bytes: Vec<u8> = match algorithm {
        "md5sum" => md5::Md5::digest(data).to_vec(),
        "sha1sum" => sha1::Sha1::digest(data).to_vec(),
        "sha224sum" => sha2::Sha224::digest(data).to_vec(),
        "sha384sum" => sha2::Sha384::digest(data).to_vec(),
        "sha512sum" => sha2::Sha512::digest(data).to_vec(),
        "b2sum" => blake2::Blake2b512::digest(data).to_vec(),
        _ => sha2::Sha256::digest(data).to_vec(),
    };
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

const CHECK: Opt = Opt::both('c', "check", "read checksums from the FILEs and check them");
const BINARY: Opt = Opt::both('b', "binary", "read in binary mode (marked with '*'; the same bytes here)");
const TEXT: Opt = Opt::both('t', "text", "read in text mode (the default)");
const QUIET: Opt = Opt::long("quiet", "with --check, don't print OK for each successfully verified file");
const STATUS: Opt = Opt::long("status", "with --check, don't output anything, status code shows success");
const IGNORE_MISSING: Opt = Opt::long("ignore-missing", "with --check, don't fail or report status for missing files");

const SUM_OPTIONS: &[Opt] = &[BINARY, CHECK, TEXT, IGNORE_MISSING, QUIET, STATUS];

/// A checksum command's spec: they differ only in the digest.
const fn sum_spec(name: &'static str, summary: &'static str, about: &'static str) -> Spec {
    Spec { name, summary, synopsis: &["[OPTION]... [FILE]..."], about, options: SUM_OPTIONS, ..Spec::BASE }
}

/// `md5sum`.
pub const MD5SUM: Spec = Spec {
    variant_of: Some("sha256sum"),
    ..sum_spec("md5sum", "compute or check MD5 checksums", "Print or check MD5 (128-bit) checksums.")
};
/// `sha1sum`.
pub const SHA1SUM: Spec = Spec {
    variant_of: Some("sha256sum"),
    ..sum_spec("sha1sum", "compute or check SHA-1 checksums", "Print or check SHA1 (160-bit) checksums.")
};
/// `sha256sum`.
pub const SHA256SUM: Spec =
    sum_spec("sha256sum", "compute or check SHA-256 checksums", "Print or check SHA256 (256-bit) checksums.");
/// `sha224sum`.
pub const SHA224SUM: Spec = Spec {
    variant_of: Some("sha256sum"),
    ..sum_spec("sha224sum", "compute or check SHA-224 checksums", "Print or check SHA224 (224-bit) checksums.")
};
/// `sha384sum`.
pub const SHA384SUM: Spec = Spec {
    variant_of: Some("sha256sum"),
    ..sum_spec("sha384sum", "compute or check SHA-384 checksums", "Print or check SHA384 (384-bit) checksums.")
};
/// `sha512sum`.
pub const SHA512SUM: Spec = Spec {
    variant_of: Some("sha256sum"),
    ..sum_spec("sha512sum", "compute or check SHA-512 checksums", "Print or check SHA512 (512-bit) checksums.")
};
/// `b2sum`.
pub const B2SUM: Spec = Spec {
    variant_of: Some("sha256sum"),
    ..sum_spec("b2sum", "compute or check BLAKE2b checksums", "Print or check BLAKE2b (512-bit) checksums.")
};

/// `md5sum`, `sha1sum`, `sha256sum`: `[-bct] [--quiet] [--status] [--ignore-missing] [FILE…]`
pub async fn checksum(ctx: Ctx<'_>, args: Args) -> Status {
    let name = ctx.name().to_string();
    let check = args.has(&CHECK);
    let quiet = args.has(&QUIET);
    let status_only = args.has(&STATUS);
    let ignore_missing = args.has(&IGNORE_MISSING);
    // The last of -b and -t says how names are marked: `*` binary, ` ` text.
    let marker = match args.given().filter(|(o, _)| **o == BINARY || **o == TEXT).last() {
        Some((opt, _)) if *opt == BINARY => '*',
        _ => ' ',
    };
    let mut files = args.operands;
    if files.is_empty() {
        files.push("-".to_string());
    }
    let mut status = 0;
    let mut out = String::new();
    if !check {
        for file in &files {
            match ctx.read_operand(file).await {
                Ok(data) => out.push_str(&format!("{} {marker}{file}\n", digest(&name, &data))),
                Err(err) => {
                    ctx.complain(format!("{file}: {}", describe(&err))).await;
                    status = 1;
                }
            }
        }
        return if ctx.out(out).await { status } else { 1 };
    }
    let (mut failed, mut unreadable) = (0, 0);
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
                Err(err) if ignore_missing && err.kind() == std::io::ErrorKind::NotFound => continue,
                Err(err) => {
                    ctx.complain(format!("{file}: {}", describe(&err))).await;
                    unreadable += 1;
                    if !status_only {
                        out.push_str(&format!("{file}: FAILED open or read\n"));
                    }
                    continue;
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
    ctx.out(out).await;
    if unreadable > 0 && !status_only {
        let noun = if unreadable == 1 { "listed file could not be read" } else { "listed files could not be read" };
        ctx.complain(format!("WARNING: {unreadable} {noun}")).await;
    }
    if failed > 0 && !status_only {
        let noun = if failed == 1 { "checksum did NOT match" } else { "checksums did NOT match" };
        ctx.complain(format!("WARNING: {failed} computed {noun}")).await;
    }
    if failed > 0 || unreadable > 0 { 1 } else { status }
}
