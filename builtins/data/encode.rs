//! Encodings and checksums: `base64` (`-d`, `-w`; the engine is `basenc.rs`'s) and `md5sum`, `sha1sum`, `sha224sum`, `sha256sum`, `sha384sum`, `sha512sum`, `b2sum`
//! (with `-c` to verify a list), in GNU coreutils' formats.

use crate::Ctx;
use crate::session::Status;
use crate::spec::{Args, Opt, Spec};
use crate::vfs::describe;
use toolsh_bytes::quote::quotef;

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

/// The digest state of `algorithm`, fed a piece at a time.
fn hasher(algorithm: &str) -> Box<dyn sha2::digest::DynDigest + Send> {
    match algorithm {
        "md5sum" => Box::new(md5::Md5::default()),
        "sha1sum" => Box::new(sha1::Sha1::default()),
        "sha224sum" => Box::new(sha2::Sha224::default()),
        "sha384sum" => Box::new(sha2::Sha384::default()),
        "sha512sum" => Box::new(sha2::Sha512::default()),
        "b2sum" => Box::new(blake2::Blake2b512::default()),
        _ => Box::new(sha2::Sha256::default()),
    }
}

/// The digest of an operand in hex, read a piece at a time: a file or an input of any size in
/// bounded memory. A line stopped meanwhile (deadline, cancel) ends it with `Interrupted`
/// rather than with the digest of part of the input.
async fn digest_operand(ctx: &Ctx<'_>, algorithm: &str, file: &str) -> std::io::Result<String> {
    let mut reader = ctx.open_operand(file)?;
    let mut state = hasher(algorithm);
    while let Some(piece) = reader.chunk().await? {
        state.update(&piece);
        if !ctx.step().await {
            return Err(std::io::Error::new(std::io::ErrorKind::Interrupted, "stopped"));
        }
    }
    Ok(state.finalize().iter().map(|b| format!("{b:02x}")).collect())
}

const CHECK: Opt = Opt::both('c', "check", "read checksums from the FILEs and check them");
const BINARY: Opt = Opt::both('b', "binary", "read in binary mode (marked with '*'; the same bytes here)");
const TEXT: Opt = Opt::both('t', "text", "read in text mode (the default)");
const TAG: Opt = Opt::long("tag", "create a BSD-style checksum");
const QUIET: Opt = Opt::long("quiet", "with --check, don't print OK for each successfully verified file");
const STATUS: Opt = Opt::long("status", "with --check, don't output anything, status code shows success");
const IGNORE_MISSING: Opt = Opt::long("ignore-missing", "with --check, don't fail or report status for missing files");
const STRICT: Opt = Opt::long("strict", "with --check, exit non-zero for any invalid input line");
const WARN: Opt = Opt::both('w', "warn", "with --check, warn about improperly formatted checksum lines");

const SUM_OPTIONS: &[Opt] = &[BINARY, CHECK, TAG, TEXT, IGNORE_MISSING, QUIET, STATUS, STRICT, WARN];

/// A checksum command's spec: they differ only in the digest.
const fn sum_spec(name: &'static str, summary: &'static str, about: &'static str) -> Spec {
    Spec {
        name,
        summary,
        synopsis: &["[OPTION]... [FILE]..."],
        about,
        options: SUM_OPTIONS,
        long_order: &["status", "strict", "tag", "text"],
        ..Spec::BASE
    }
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

/// The tag GNU names a digest by, in `--tag` lines and messages, and its length in hex digits.
fn algorithm_tag(algorithm: &str) -> (&'static str, usize) {
    match algorithm {
        "md5sum" => ("MD5", 32),
        "sha1sum" => ("SHA1", 40),
        "sha224sum" => ("SHA224", 56),
        "sha384sum" => ("SHA384", 96),
        "sha512sum" => ("SHA512", 128),
        "b2sum" => ("BLAKE2b", 128),
        _ => ("SHA256", 64),
    }
}

/// A name as GNU writes it in a checksum line: one with a newline or a backslash is escaped
/// (`\n`, `\\`) and the line marked by a leading backslash.
fn escaped_name(name: &str) -> (bool, String) {
    if !name.contains(['\n', '\\']) {
        return (false, name.to_string());
    }
    (true, name.replace('\\', "\\\\").replace('\n', "\\n"))
}

/// `md5sum`, `sha1sum`, `sha256sum`: `[-bct] [--tag] [--quiet|--status|-w] [--strict]
/// [--ignore-missing] [FILE…]`
pub async fn checksum(ctx: Ctx<'_>, args: Args) -> Status {
    let name = ctx.name().to_string();
    let check = args.has(&CHECK);
    // `--quiet`, `--status` and `--warn` override each other: the last given wins (GNU).
    let report = args.last_of(&[&QUIET, &STATUS, &WARN]).copied();
    let text_mode = args.last_of(&[&BINARY, &TEXT]).copied();
    let tag = args.has(&TAG);
    // GNU's refusals, in its order.
    let misuse = if tag && text_mode == Some(TEXT) {
        Some("--tag does not support --text mode")
    } else if tag && check {
        Some("the --tag option is meaningless when verifying checksums")
    } else if text_mode.is_some() && check {
        Some("the --binary and --text options are meaningless when verifying checksums")
    } else if check {
        None
    } else if args.has(&IGNORE_MISSING) {
        Some("the --ignore-missing option is meaningful only when verifying checksums")
    } else if report == Some(STATUS) {
        Some("the --status option is meaningful only when verifying checksums")
    } else if report == Some(WARN) {
        Some("the --warn option is meaningful only when verifying checksums")
    } else if report == Some(QUIET) {
        Some("the --quiet option is meaningful only when verifying checksums")
    } else if args.has(&STRICT) {
        Some("the --strict option is meaningful only when verifying checksums")
    } else {
        None
    };
    if let Some(message) = misuse {
        let spec = crate::lookup(&name).map_or(&SHA256SUM, |b| b.spec);
        return ctx.misuse(spec, message).await;
    }
    let mut files = args.operands.clone();
    if files.is_empty() {
        files.push("-".to_string());
    }
    if !check {
        let (tag_name, _) = algorithm_tag(&name);
        let marker = if text_mode == Some(BINARY) { '*' } else { ' ' };
        let mut status = 0;
        for file in &files {
            // Each line goes out when its file is read, before the next one's message.
            match digest_operand(&ctx, &name, file).await {
                Ok(sum) => {
                    let (escaped, shown) = escaped_name(file);
                    let lead = if escaped { "\\" } else { "" };
                    let line = if tag {
                        format!("{lead}{tag_name} ({shown}) = {sum}\n")
                    } else {
                        format!("{lead}{sum} {marker}{shown}\n")
                    };
                    if !ctx.out(line).await {
                        return 1;
                    }
                }
                Err(err) => {
                    ctx.complain(format!("{}: {}", quotef(file), describe(&err))).await;
                    status = 1;
                }
            }
        }
        return status;
    }
    let how = Verify {
        status_only: report == Some(STATUS),
        quiet: report == Some(QUIET),
        warn: report == Some(WARN),
        strict: args.has(&STRICT),
        ignore_missing: args.has(&IGNORE_MISSING),
    };
    let mut status = 0;
    let mut reversed = None;
    for list in &files {
        if !verify_list(&ctx, &name, list, &how, &mut reversed).await {
            status = 1;
        }
    }
    status
}

/// How `-c` reports.
struct Verify {
    status_only: bool,
    quiet: bool,
    warn: bool,
    strict: bool,
    ignore_missing: bool,
}

/// Checks the files one checksum list names, as GNU's `digest_check` does: what it prints, its
/// warnings, and whether the list passed (some line was well formed, none failed, and with
/// `--strict` none was malformed; with `--ignore-missing` some file was there to check).
/// `reversed` is whether lines are BSD's `TAG (NAME) = DIGEST`, settled by the first line that
/// tells (GNU does not mix the two forms).
async fn verify_list(ctx: &Ctx<'_>, algorithm: &str, list: &str, how: &Verify, reversed: &mut Option<bool>) -> bool {
    let text = match ctx.read_operand(list).await {
        Ok(data) => toolsh_bytes::decode(&data).into_owned(),
        // A directory opens and then fails to read: GNU says only that.
        Err(err) if err.kind() == std::io::ErrorKind::IsADirectory => {
            ctx.complain(format!("{}: read error", quotef(list))).await;
            return false;
        }
        Err(err) => {
            ctx.complain(format!("{}: {}", quotef(list), describe(&err))).await;
            return false;
        }
    };
    let shown_list = if list == "-" { "'standard input'".to_string() } else { quotef(list) };
    let (tag, hex_len) = algorithm_tag(algorithm);
    let (mut well_formed, mut matched) = (false, false);
    let (mut misformatted, mut unreadable, mut mismatched) = (0u64, 0u64, 0u64);
    let mut out = String::new();
    let body = text.strip_suffix('\n').unwrap_or(&text);
    for (number, line) in body.split('\n').enumerate() {
        if line.starts_with('#') {
            continue;
        }
        let line = line.strip_suffix('\r').unwrap_or(line);
        if line.is_empty() {
            continue;
        }
        let parsed = checksum_line(line, tag, hex_len, reversed).filter(|(_, file)| !(list == "-" && file == "-"));
        let Some((expected, file)) = parsed else {
            misformatted += 1;
            if how.warn {
                ctx.complain(format!("{shown_list}: {}: improperly formatted {tag} checksum line", number + 1)).await;
            }
            continue;
        };
        well_formed = true;
        // In `-c`'s report only a newline makes a name escaped (GNU 9.1).
        let (escaped, shown) = if file.contains('\n') { escaped_name(&file) } else { (false, file.clone()) };
        let shown = if escaped { format!("\\{shown}") } else { shown };
        let sum = match digest_operand(ctx, algorithm, &file).await {
            Ok(sum) => sum,
            Err(err) if how.ignore_missing && err.kind() == std::io::ErrorKind::NotFound => continue,
            Err(err) => {
                // What the report holds so far goes first, as GNU's output would.
                ctx.out_piece(&mut out).await;
                ctx.complain(format!("{}: {}", quotef(&file), describe(&err))).await;
                unreadable += 1;
                if !how.status_only {
                    out.push_str(&format!("{shown}: FAILED open or read\n"));
                }
                continue;
            }
        };
        let ok = sum.eq_ignore_ascii_case(&expected);
        if ok {
            matched = true;
        } else {
            mismatched += 1;
        }
        if !how.status_only && (!ok || !how.quiet) {
            out.push_str(&format!("{shown}: {}\n", if ok { "OK" } else { "FAILED" }));
        }
    }
    ctx.out(out).await;
    let plural = |n: u64, one: &str, many: &str| if n == 1 { format!("{n} {one}") } else { format!("{n} {many}") };
    if !well_formed {
        ctx.complain(format!("{shown_list}: no properly formatted checksum lines found")).await;
    } else if !how.status_only {
        if misformatted > 0 {
            let said = plural(misformatted, "line is improperly formatted", "lines are improperly formatted");
            ctx.complain(format!("WARNING: {said}")).await;
        }
        if unreadable > 0 {
            let said = plural(unreadable, "listed file could not be read", "listed files could not be read");
            ctx.complain(format!("WARNING: {said}")).await;
        }
        if mismatched > 0 {
            let said = plural(mismatched, "computed checksum did NOT match", "computed checksums did NOT match");
            ctx.complain(format!("WARNING: {said}")).await;
        }
        if how.ignore_missing && !matched {
            ctx.complain(format!("{shown_list}: no file was verified")).await;
        }
    }
    well_formed
        && mismatched == 0
        && unreadable == 0
        && (!how.strict || misformatted == 0)
        && (!how.ignore_missing || matched)
}

/// One line of a checksum list as GNU's `split_3` reads it: `DIGEST  NAME`, `DIGEST *NAME`,
/// `DIGEST NAME` or `TAG (NAME) = DIGEST`, after any blanks, a leading `\` meaning the name is
/// escaped. The digest and the name, or `None` for a line of another form.
fn checksum_line(line: &str, tag: &str, hex_len: usize, reversed: &mut Option<bool>) -> Option<(String, String)> {
    let line = line.trim_start_matches([' ', '\t']);
    let (escaped, line) = match line.strip_prefix('\\') {
        Some(rest) => (true, rest),
        None => (false, line),
    };
    let hex = |digest: &str| digest.len() == hex_len && digest.bytes().all(|b| b.is_ascii_hexdigit());
    let name_of = |name: &str| if escaped { unescape_name(name) } else { Some(name.to_string()) };
    if let Some(rest) = line.strip_prefix(tag) {
        let rest = rest.strip_prefix(' ').unwrap_or(rest);
        let inner = rest.strip_prefix('(')?;
        let (name, after) = inner.rsplit_once(')')?;
        let digest = after.trim_start_matches([' ', '\t']).strip_prefix('=')?.trim_start_matches([' ', '\t']);
        return if hex(digest) { Some((digest.to_string(), name_of(name)?)) } else { None };
    }
    // The digest, a blank, then at least one character of name.
    if line.len() < hex_len + 2 || !line.is_char_boundary(hex_len) {
        return None;
    }
    let (digest, rest) = line.split_at(hex_len);
    let rest = rest.strip_prefix([' ', '\t'])?;
    if !hex(digest) {
        return None;
    }
    let name = if rest.len() == 1 || !rest.starts_with([' ', '*']) {
        // A name right after one blank is the BSD `md5 -r` form, not to be mixed with ours.
        if *reversed == Some(false) {
            return None;
        }
        *reversed = Some(true);
        rest
    } else if *reversed != Some(true) {
        *reversed = Some(false);
        &rest[1..]
    } else {
        rest
    };
    Some((digest.to_string(), name_of(name)?))
}

/// A name written escaped: `\n` and `\\` are the only escapes.
fn unescape_name(name: &str) -> Option<String> {
    let mut out = String::with_capacity(name.len());
    let mut chars = name.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next()? {
            'n' => out.push('\n'),
            '\\' => out.push('\\'),
            _ => return None,
        }
    }
    Some(out)
}
