//! `file`: what each operand is, as `file` 5.4x prints it — the names padded to one column,
//! `-b` without them, `-i`/`--mime-type`/`--mime-encoding`, symbolic links told as links
//! (`-L` follows them), `-z` looking inside gzip, bzip2 and xz data, `-f` reading the names
//! from a file, `-F`, `-N`, `-0`, `-E`. The bytes are judged by `magic.rs`, from the first
//! MiB of each file (libmagic reads up to 7 MiB for its rarer tests).

use std::io::{Read, SeekFrom};

use crate::Ctx;
use crate::data::magic::{self, Kind};
use crate::opt;
use crate::session::Status;
use crate::spec::{Args, Misuse, Opt, Spec, Words};
use crate::vfs::{FileKind, describe};

const BRIEF: Opt = Opt::both('b', "brief", "do not prepend filenames to output lines");
const ERRORS: Opt = Opt::short('E', "on filesystem errors, issue an error message and exit");
const FILES_FROM: Opt = Opt::both('f', "files-from", "read the filenames to be examined from FILE").value("FILE");
const SEPARATOR: Opt = Opt::both('F', "separator", "use string as separator instead of `:'").value("STRING");
const MIME: Opt = Opt::both('i', "mime", "output MIME type strings (--mime-type and --mime-encoding)");
const MIME_TYPE: Opt = Opt::long("mime-type", "output the MIME type");
const MIME_ENCODING: Opt = Opt::long("mime-encoding", "output the MIME encoding");
const KEEP_GOING: Opt = Opt::both('k', "keep-going", "don't stop at the first match (one match is all there is)");
const DEREFERENCE: Opt = Opt::both('L', "dereference", "follow symlinks");
const NO_DEREFERENCE: Opt = Opt::both('h', "no-dereference", "don't follow symlinks (default)");
const NO_BUFFER: Opt = Opt::both('n', "no-buffer", "do not buffer output");
const NO_PAD: Opt = Opt::both('N', "no-pad", "do not pad output");
const PRINT0: Opt = Opt::both('0', "print0", "terminate filenames with ASCII NUL");
const PRESERVE: Opt = Opt::both('p', "preserve-date", "preserve access times on files");
const RAW: Opt = Opt::both('r', "raw", "don't translate unprintable chars to \\ooo");
const SPECIAL: Opt = Opt::both('s', "special-files", "treat special (block/char devices) files as ordinary ones");
const UNCOMPRESS: Opt = Opt::both('z', "uncompress", "try to look inside compressed files");
const EXCLUDE: Opt =
    Opt::both('e', "exclude", "exclude TEST from the list of tests (accepted, not applied)").value("TEST");

/// `file`.
pub const FILE: Spec = Spec {
    name: "file",
    summary: "determine file type",
    synopsis: &["[OPTION...] [FILE...]"],
    about: "Determine type of FILEs.",
    options: &[
        BRIEF,
        ERRORS,
        FILES_FROM,
        SEPARATOR,
        MIME,
        MIME_TYPE,
        MIME_ENCODING,
        KEEP_GOING,
        DEREFERENCE,
        NO_DEREFERENCE,
        NO_BUFFER,
        NO_PAD,
        PRINT0,
        PRESERVE,
        RAW,
        SPECIAL,
        UNCOMPRESS,
        EXCLUDE,
    ],
    words: Words::Own(file_words),
    tools: &["fs.read"],
    operand_paths: true,
    assumed: true,
    long_order: &[
        "checking-printout",
        "compile",
        "dereference",
        "debug",
        "exclude",
        "exclude-quiet",
        "extension",
        "magic-file",
        "mime",
        "mime-type",
        "mime-encoding",
        "no-dereference",
        "no-buffer",
        "no-pad",
        "no-sandbox",
        "print0",
        "preserve-date",
        "parameter",
        "separator",
        "special-files",
        "uncompress",
        "uncompress-noreport",
    ],
    ..Spec::BASE
};

const USAGE: &str = "Usage: file [-bcCdEhikLlNnprsSvzZ0] [--apple] [--extension] [--mime-encoding]
            [--mime-type] [-e <testname>] [-F <separator>]  [-f <namefile>]
            [-m <magicfiles>] [-P <parameter=value>] [--exclude-quiet]
            <file> ...
       file -C [-m <magicfiles>]
       file [--help]
";

fn file_words(spec: &Spec, misuse: &Misuse) -> String {
    match misuse {
        Misuse::Said(message) if message.is_empty() => USAGE.to_string(),
        misuse => format!("{}: {misuse}\n{USAGE}", spec.name),
    }
}

/// How much of a file is judged.
const HEAD: u64 = 1 << 20;

/// What one operand is, or why it could not be read.
enum Answer {
    /// Its kind, and with `-z` the kind of the compressed data around it.
    Is(Kind, Option<Kind>),
    /// libmagic's words for a file it could not open (printed as the description).
    Cannot(String),
}

/// Reads the head of an open file (and its last four bytes when the head stops short).
fn head_of(reader: &mut dyn crate::vfs::Reader, size: u64) -> std::io::Result<(Vec<u8>, Option<[u8; 4]>)> {
    let mut head = Vec::new();
    reader.take(HEAD).read_to_end(&mut head)?;
    let mut last4 = None;
    if size > head.len() as u64 && size >= 4 {
        let mut end = [0u8; 4];
        reader.seek(SeekFrom::Start(size - 4))?;
        reader.read_exact(&mut end)?;
        last4 = Some(end);
    }
    Ok((head, last4))
}

/// What is inside compressed data, when it is gzip, bzip2 or xz and its start decodes.
fn inside(head: &[u8]) -> Option<Kind> {
    let mut plain = Vec::new();
    let decoder: Box<dyn Read + '_> = if head.starts_with(&[0x1f, 0x8b]) {
        Box::new(flate2::read::MultiGzDecoder::new(head))
    } else if head.starts_with(b"BZh") {
        Box::new(bzip2::read::MultiBzDecoder::new(head))
    } else if head.starts_with(&[0xfd, b'7', b'z', b'X', b'Z', 0]) {
        Box::new(lzma_rust2::XzReader::new(head, true))
    } else {
        return None;
    };
    // What decodes before the head runs out (or the data turns out corrupt) is judged.
    let _ = decoder.take(HEAD).read_to_end(&mut plain);
    Some(magic::identify(&plain, plain.len() as u64, None))
}

/// `file [options] FILE…`.
pub async fn file(ctx: Ctx<'_>, args: Args) -> Status {
    let mut names = args.operands.clone();
    if let Some(list) = args.last(&FILES_FROM) {
        match ctx.read_operand(list).await {
            Ok(data) => names.extend(toolsh_bytes::decode(&data).lines().map(str::to_string)),
            Err(err) => return ctx.fail(format!("Cannot open `{list}' ({})", describe(&err))).await,
        }
    }
    if names.is_empty() {
        return ctx.misuse(&FILE, "").await;
    }
    // -L and -h: the last one given counts.
    let follow = args.last_of(&[opt!(FILE, 'L'), opt!(FILE, 'h')]) == Some(opt!(FILE, 'L'));
    let (mime_type, mime_encoding) =
        (args.has(&MIME) || args.has(&MIME_TYPE), args.has(&MIME) || args.has(&MIME_ENCODING));
    let separator = args.last(&SEPARATOR).unwrap_or(":");
    let mut answers = Vec::new();
    for name in &names {
        let answer = judge(&ctx, name, follow, args.has(&UNCOMPRESS)).await;
        if let Answer::Cannot(why) = &answer
            && args.has(&ERRORS)
        {
            // libmagic prints the error where the answer would have been.
            ctx.out(format!("{name}: ERROR: {}\n", why.replacen("cannot open", "cannot stat", 1))).await;
            return 1;
        }
        answers.push(answer);
    }
    let shown = |name: &str| if name == "-" { "/dev/stdin".to_string() } else { name.to_string() };
    let width = names.iter().map(|n| shown(n).chars().count()).max().unwrap_or(0);
    let mut out = String::new();
    for (name, answer) in names.iter().zip(answers) {
        if !args.has(&BRIEF) {
            let name = shown(name);
            out.push_str(&name);
            if args.has(&PRINT0) {
                out.push('\0');
            }
            out.push_str(separator);
            if !args.has(&NO_PAD) {
                out.push_str(&" ".repeat(width - name.chars().count()));
            }
            out.push(' ');
        }
        match answer {
            Answer::Cannot(why) => out.push_str(&why),
            Answer::Is(kind, outer) => out.push_str(&say(&kind, outer.as_ref(), mime_type, mime_encoding)),
        }
        out.push('\n');
    }
    if ctx.out(out).await { 0 } else { 1 }
}

/// A kind as the options ask for it; `outer` is the compressed data it was found in (`-z`).
fn say(kind: &Kind, outer: Option<&Kind>, mime_type: bool, mime_encoding: bool) -> String {
    match (mime_type, mime_encoding, outer) {
        (true, true, _) if kind.charset.is_empty() => kind.mime.to_string(),
        (true, true, None) => format!("{}; charset={}", kind.mime, kind.charset),
        (true, true, Some(outer)) => format!(
            "{}; charset={} compressed-encoding={}; charset={}",
            kind.mime, kind.charset, outer.mime, outer.charset
        ),
        (true, false, _) => kind.mime.to_string(),
        (false, true, _) => kind.charset.to_string(),
        // The size gzip keeps at its end is not told when its content is.
        (false, false, Some(outer)) => {
            let outer = outer.text.split(", original size modulo").next().unwrap_or_default();
            format!("{} ({outer})", kind.text)
        }
        (false, false, None) => kind.text.clone(),
    }
}

/// What the operand `name` is.
async fn judge(ctx: &Ctx<'_>, name: &str, follow: bool, uncompress: bool) -> Answer {
    let (head, size, last4) = if name == "-" {
        match ctx.read_stdin().await {
            Ok(data) => {
                let size = data.len() as u64;
                (data, size, None)
            }
            Err(err) => return Answer::Cannot(format!("cannot read `/dev/stdin' ({})", describe(&err))),
        }
    } else {
        let abs = ctx.abs(name);
        let meta = if follow { ctx.vfs.stat(&abs) } else { ctx.vfs.lstat(&abs) };
        let meta = match meta {
            Ok(meta) => meta,
            Err(err) => return Answer::Cannot(format!("cannot open `{name}' ({})", describe(&err))),
        };
        match meta.kind {
            FileKind::Dir => return Answer::Is(special("directory", "inode/directory", "binary"), None),
            FileKind::Symlink => {
                let target = ctx.vfs.read_link(&abs).unwrap_or_default();
                let kind = if ctx.vfs.stat(&abs).is_ok() {
                    special(&format!("symbolic link to {target}"), "inode/symlink", "binary")
                } else {
                    special(&format!("broken symbolic link to {target}"), "inode/symlink", "")
                };
                return Answer::Is(kind, None);
            }
            FileKind::Device => {
                return Answer::Is(special("character special", "inode/chardevice", "binary"), None);
            }
            FileKind::Fifo => return Answer::Is(special("fifo (named pipe)", "inode/fifo", "binary"), None),
            FileKind::File => {}
        }
        let read = ctx.vfs.open_reader(&abs).and_then(|mut reader| head_of(reader.as_mut(), meta.size));
        match read {
            Ok((head, last4)) => (head, meta.size, last4),
            Err(err) => return Answer::Cannot(format!("cannot open `{name}' ({})", describe(&err))),
        }
    };
    let kind = magic::identify(&head, size, last4);
    match uncompress.then(|| inside(&head)).flatten() {
        Some(plain) => Answer::Is(plain, Some(kind)),
        None => Answer::Is(kind, None),
    }
}

fn special(text: &str, mime: &'static str, charset: &'static str) -> Kind {
    Kind { text: text.to_string(), mime, charset }
}
