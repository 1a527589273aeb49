//! `truncate`: each FILE cut or extended with zero bytes to a size (`-s`, with GNU's units and
//! its `+ - < > / %` adjustments) or to another file's (`-r`); a missing FILE is created unless
//! `-c`. The file is rewritten whole, so a size above [`LARGEST`] is refused.

use crate::Ctx;
use crate::session::Status;
use crate::spec::{Args, Opt, Spec, Words};
use toolsh_bytes::quote::quoteaf;
use toolsh_core::vfs::{WriteMode, describe};

const NO_CREATE: Opt = Opt::both('c', "no-create", "do not create any files");
const SIZE: Opt = Opt::both('s', "size", "set or adjust the file size by SIZE bytes").value("SIZE");
const REFERENCE: Opt = Opt::both('r', "reference", "base size on RFILE").value("RFILE");
const IO_BLOCKS: Opt = Opt::both('o', "io-blocks", "treat SIZE as number of IO blocks (4096 bytes) instead of bytes");

/// The largest size written (the workspace writes a file whole; no sparse holes).
const LARGEST: usize = 1 << 30;

/// `truncate`.
pub const TRUNCATE: Spec = Spec {
    name: "truncate",
    summary: "shrink or extend the size of a file to the specified size",
    synopsis: &["OPTION... FILE..."],
    about: "Shrink or extend the size of each FILE to SIZE (-s; prefixed by + extend by, - reduce by, < at most, > at least, / round down to, % round up to a multiple of) or RFILE's (-r); a FILE that does not exist is created, unless -c. Extended bytes are zero.",
    options: &[NO_CREATE, IO_BLOCKS, REFERENCE, SIZE],
    words: Words::Gnu,
    tools: &["fs.write"],
    operand_paths: true,
    assumed: true,
    ..Spec::BASE
};

/// How `-s` changes a size.
#[derive(Clone, Copy)]
enum Adjust {
    Set,
    Extend,
    Reduce,
    AtMost,
    AtLeast,
    RoundDown,
    RoundUp,
}

fn adjusted(current: usize, how: Adjust, size: usize) -> usize {
    match how {
        Adjust::Set => size,
        Adjust::Extend => current.saturating_add(size),
        Adjust::Reduce => current.saturating_sub(size),
        Adjust::AtMost => current.min(size),
        Adjust::AtLeast => current.max(size),
        Adjust::RoundDown => current - current % size.max(1),
        Adjust::RoundUp => current.div_ceil(size.max(1)) * size.max(1),
    }
}

/// `truncate [-co] (-s SIZE | -r RFILE) FILE…`.
pub async fn truncate(ctx: Ctx<'_>, args: Args) -> Status {
    let (size_text, reference) = (args.last(&SIZE), args.last(&REFERENCE));
    if size_text.is_none() && reference.is_none() {
        return ctx.misuse(&TRUNCATE, "you must specify either '--size' or '--reference'").await;
    }
    // GNU's rules, in its order: with RFILE a size can only adjust it, and -o is a unit of -s.
    let relative = |text: &str| text.starts_with(['+', '-', '<', '>', '/', '%']);
    if reference.is_some() && size_text.is_some_and(|text| !relative(text)) {
        return ctx.misuse(&TRUNCATE, "you must specify a relative '--size' with '--reference'").await;
    }
    if args.has(&IO_BLOCKS) && size_text.is_none() {
        return ctx.misuse(&TRUNCATE, "'--io-blocks' was specified but '--size' was not").await;
    }
    if args.operands.is_empty() {
        return ctx.misuse(&TRUNCATE, "missing file operand").await;
    }
    let (how, size) = match size_text {
        Some(text) => {
            let (how, number) = match text.chars().next() {
                Some('+') => (Adjust::Extend, &text[1..]),
                Some('-') => (Adjust::Reduce, &text[1..]),
                Some('<') => (Adjust::AtMost, &text[1..]),
                Some('>') => (Adjust::AtLeast, &text[1..]),
                Some('/') => (Adjust::RoundDown, &text[1..]),
                Some('%') => (Adjust::RoundUp, &text[1..]),
                _ => (Adjust::Set, text),
            };
            let block = if args.has(&IO_BLOCKS) { 4096 } else { 1 };
            match crate::data::dump::size_with_unit(number).and_then(|n| n.checked_mul(block)) {
                Some(0) if matches!(how, Adjust::RoundDown | Adjust::RoundUp) => {
                    return ctx.fail("division by zero").await;
                }
                Some(n) => (how, Some(n)),
                None => return ctx.fail(format!("Invalid number: '{number}'")).await,
            }
        }
        None => (Adjust::Set, None),
    };
    // With both, -s adjusts RFILE's size.
    let base = match reference {
        Some(reference) => match ctx.vfs.stat(&ctx.abs(reference)) {
            Ok(meta) => Some(meta.size as usize),
            Err(err) => {
                return ctx
                    .fail(format!("cannot stat {reference}: {}", describe(&err), reference = quoteaf(reference)))
                    .await;
            }
        },
        None => None,
    };
    let mut status = 0;
    for operand in &args.operands {
        let abs = ctx.abs(operand);
        let mut data = match ctx.vfs.read(&abs) {
            Ok(data) => data,
            Err(err) if err.kind() == std::io::ErrorKind::NotFound => {
                if args.has(&NO_CREATE) {
                    continue;
                }
                Vec::new()
            }
            Err(err) => {
                ctx.complain(format!(
                    "cannot open {operand} for writing: {}",
                    describe(&err),
                    operand = quoteaf(operand)
                ))
                .await;
                status = 1;
                continue;
            }
        };
        let current = base.unwrap_or(data.len());
        let wanted = match size {
            Some(size) => adjusted(current, how, size),
            None => current,
        };
        if wanted > LARGEST {
            ctx.complain(format!("'{operand}': {wanted} bytes is more than this workspace writes at once ({LARGEST})"))
                .await;
            status = 1;
            continue;
        }
        data.resize(wanted, 0);
        if let Err(err) = ctx.vfs.write(&abs, &data, WriteMode::Truncate) {
            ctx.complain(format!("cannot open {operand} for writing: {}", describe(&err), operand = quoteaf(operand)))
                .await;
            status = 1;
        }
    }
    status
}
