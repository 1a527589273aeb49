//! Stream commands: `echo`, `head`, `tail`, `tr`, `seq`, `yes`, `tee`, `sleep`, `date`, and
//! the backslash-escape decoding shared with `printf`.

use crate::Ctx;
use crate::opt;
use crate::session::Status;
use crate::spec::{Args, Opt, Order, Spec};
use crate::vfs::WriteMode;
use toolsh_bytes::quote::{quoteaf, quotef};

/// Decodes `echo -e` escapes; the flag says `\c` asked to stop all output.
pub(crate) fn expand_backslashes_bytes(text: &str, printf_octal: bool) -> (Vec<u8>, bool) {
    // Escapes are ASCII; every other byte is copied, a stand-in as the byte it holds.
    let bytes = &*toolsh_bytes::encode(text);
    let mut out = Vec::with_capacity(bytes.len());
    let mut idx = 0;
    while idx < bytes.len() {
        let b = bytes[idx];
        if b != b'\\' || idx + 1 >= bytes.len() {
            out.push(b);
            idx += 1;
            continue;
        }
        let esc = bytes[idx + 1];
        idx += 2;
        match esc {
            b'a' => out.push(0x07),
            b'b' => out.push(0x08),
            b'c' => return (out, true),
            b'e' | b'E' => out.push(0x1b),
            b'f' => out.push(0x0c),
            b'n' => out.push(b'\n'),
            b'r' => out.push(b'\r'),
            b't' => out.push(b'\t'),
            b'v' => out.push(0x0b),
            b'\\' => out.push(b'\\'),
            b'0'..=b'7' if esc == b'0' || printf_octal => {
                let max = if esc == b'0' { 3 } else { 2 };
                let mut value: u32 = if esc == b'0' { 0 } else { u32::from(esc - b'0') };
                let mut taken = 0;
                while taken < max && idx < bytes.len() && (b'0'..=b'7').contains(&bytes[idx]) {
                    value = value * 8 + u32::from(bytes[idx] - b'0');
                    idx += 1;
                    taken += 1;
                }
                out.push((value & 0xff) as u8);
            }
            b'x' => {
                let digits: Vec<u8> =
                    bytes[idx..].iter().take(2).take_while(|b| b.is_ascii_hexdigit()).copied().collect();
                if digits.is_empty() {
                    out.extend_from_slice(b"\\x");
                } else {
                    idx += digits.len();
                    let text = toolsh_bytes::decode(&digits);
                    out.push(u8::from_str_radix(&text, 16).unwrap_or(0));
                }
            }
            b'u' | b'U' => {
                let max = if esc == b'u' { 4 } else { 8 };
                let digits: Vec<u8> =
                    bytes[idx..].iter().take(max).take_while(|b| b.is_ascii_hexdigit()).copied().collect();
                if digits.is_empty() {
                    out.push(b'\\');
                    out.push(esc);
                } else {
                    idx += digits.len();
                    let text = toolsh_bytes::decode(&digits);
                    let c = u32::from_str_radix(&text, 16).ok().and_then(char::from_u32).unwrap_or('\u{fffd}');
                    let mut buf = [0u8; 4];
                    out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
                }
            }
            other => {
                out.push(b'\\');
                out.push(other);
            }
        }
    }
    (out, false)
}

/// Decodes escapes into text (invalid bytes replaced).
pub fn expand_backslashes(text: &str) -> (String, bool) {
    let (bytes, stop) = expand_backslashes_bytes(text, false);
    (toolsh_bytes::decode(&bytes).into_owned(), stop)
}

/// Quotes a value so the shell reads it back unchanged (as `set` prints values).
pub fn quote_for_reuse(value: &str) -> String {
    // A control character or a byte that is not UTF-8 is quoted as `$'…'`, as bash's `set` does.
    if crate::wants_ansi_c(value) {
        return crate::ansi_c_quote(value);
    }
    if !value.is_empty() && value.chars().all(|c| c.is_ascii_alphanumeric() || "-_./=:,+%@^".contains(c)) {
        return value.to_string();
    }
    format!("'{}'", value.replace('\'', "'\\''"))
}

/// `echo`: its options are read by bash's rule (only words made of `n`, `e`, `E`).
pub const ECHO: Spec = Spec {
    name: "echo",
    summary: "write arguments to the standard output",
    synopsis: &["[-neE] [arg ...]"],
    about: "Display the ARGs, separated by a single space character and followed by a newline.",
    options: &[
        Opt::short('n', "do not append a newline"),
        Opt::short('e', "enable interpretation of the following backslash escapes"),
        Opt::short('E', "explicitly suppress interpretation of backslash escapes"),
    ],
    order: Order::Literal,
    ..Spec::BASH
};

/// `echo [-neE] args…`
pub async fn echo(ctx: Ctx<'_>) -> Status {
    let mut newline = true;
    // `shopt -s xpg_echo`: escapes are decoded without -e (-E still turns them off).
    let mut escapes = ctx.state().options.xpg_echo;
    let mut idx = 1;
    while let Some(arg) = ctx.argv.get(idx) {
        if arg.len() < 2 || !arg.starts_with('-') || !arg[1..].chars().all(|c| matches!(c, 'n' | 'e' | 'E')) {
            break;
        }
        for c in arg[1..].chars() {
            match c {
                'n' => newline = false,
                'e' => escapes = true,
                _ => escapes = false,
            }
        }
        idx += 1;
    }
    let words = &ctx.argv[idx..];
    let mut out = if escapes {
        let (bytes, stop) = expand_backslashes_bytes(&words.join(" "), false);
        if stop {
            return if ctx.out(bytes).await { 0 } else { 1 };
        }
        bytes
    } else {
        // Sized for the words, their spaces and the newline: one allocation.
        let mut out = Vec::with_capacity(words.iter().map(|w| w.len() + 1).sum::<usize>().max(1));
        for (n, word) in words.iter().enumerate() {
            if n > 0 {
                out.push(b' ');
            }
            out.extend_from_slice(&toolsh_bytes::encode(word));
        }
        out
    };
    if newline {
        out.push(b'\n');
    }
    if ctx.out(out).await { 0 } else { 1 }
}

/// Parses a count like `10`, `-10`, `+10`, `1K` for head and tail.
fn parse_count(text: &str) -> Option<(i64, Option<char>)> {
    let (sign, digits) = match text.as_bytes().first() {
        Some(b'+') => (Some('+'), &text[1..]),
        Some(b'-') => (Some('-'), &text[1..]),
        _ => (None, text),
    };
    let (number, multiplier) = match digits.char_indices().find(|(_, c)| !c.is_ascii_digit()) {
        Some((idx, _)) => {
            let multiplier = match &digits[idx..] {
                "b" => 512,
                "K" | "KiB" | "k" => 1024,
                "kB" => 1000,
                "M" | "MiB" => 1024 * 1024,
                "MB" => 1_000_000,
                "G" | "GiB" => 1024 * 1024 * 1024,
                _ => return None,
            };
            (&digits[..idx], multiplier)
        }
        None => (digits, 1),
    };
    let value: i64 = number.parse::<i64>().ok()?.checked_mul(multiplier)?;
    Some((if sign == Some('-') { -value } else { value }, sign))
}

struct HeadTailArgs {
    lines: bool,
    count: i64,
    from_start: bool,
    /// `head -n -N`: all but the last N (a sign of its own, so that `-0` means all).
    all_but: bool,
    headers: Option<bool>,
    files: Vec<String>,
}

const LINES: Opt = Opt::both(
    'n',
    "lines",
    "print NUM lines (head: the first, -NUM all but the last; tail: the last, +NUM from line NUM on)",
)
.value("[-+]NUM");
const BYTES: Opt = Opt::both('c', "bytes", "the same, counting bytes").value("[-+]NUM");
const QUIET: Opt = Opt::both('q', "quiet", "never print headers giving file names");
const SILENT: Opt = Opt::long("silent", "same as --quiet");
const VERBOSE: Opt = Opt::both('v', "verbose", "always print headers giving file names");
const FOLLOW: Opt =
    Opt::both('f', "follow", "output appended data as the file grows (here: print and end, nothing else writes)")
        .optional("HOW");
const FOLLOW_RETRY: Opt = Opt::short('F', "same as --follow=name --retry (here: as -f)");
const SLEEP: Opt =
    Opt::both('s', "sleep-interval", "with -f, sleep about N seconds between checks (no checks here)").value("N");

/// head's and tail's words for a file they cannot read: GNU opens a directory and fails on
/// the read (`error reading 'd': Is a directory`), anything else at the open.
fn unreadable(file: &str, err: &std::io::Error) -> String {
    if err.kind() == std::io::ErrorKind::IsADirectory {
        format!("error reading {}: {}", quoteaf(file), crate::vfs::describe(err))
    } else {
        format!("cannot open {} for reading: {}", quoteaf(file), crate::vfs::describe(err))
    }
}

/// `head`.
pub const HEAD: Spec = Spec {
    name: "head",
    summary: "output the first part of files",
    synopsis: &["[OPTION]... [FILE]..."],
    about: "Print the first 10 lines of each FILE to standard output; with more than one FILE, precede each with a header giving the file name. -NUM is -n NUM.",
    options: &[BYTES, LINES, QUIET, SILENT, VERBOSE],
    digits: Some(LINES),
    tools: &["fs.read"],
    operand_paths: true,
    ..Spec::BASE
};

/// `tail`.
pub const TAIL: Spec = Spec {
    name: "tail",
    summary: "output the last part of files",
    synopsis: &["[OPTION]... [FILE]..."],
    about: "Print the last 10 lines of each FILE to standard output; with more than one FILE, precede each with a header giving the file name. -NUM is -n NUM.",
    options: &[BYTES, FOLLOW, FOLLOW_RETRY, LINES, QUIET, SILENT, SLEEP, VERBOSE],
    digits: Some(LINES),
    tools: &["fs.read"],
    operand_paths: true,
    ..Spec::BASE
};

/// The options of `head` or `tail`, as their row's spec read them (whose `digits` make GNU's obsolete
/// `head -5` mean `-n 5`).
async fn parse_head_tail(ctx: &Ctx<'_>, parsed: Args, default: i64) -> Result<HeadTailArgs, Status> {
    let mut args = HeadTailArgs {
        lines: true,
        count: default,
        from_start: false,
        all_but: false,
        headers: None,
        files: Vec::new(),
    };
    for (opt, value) in parsed.given() {
        match *opt {
            LINES | BYTES => {
                let Some((count, sign)) = parse_count(value) else {
                    let what = if *opt == LINES { "lines" } else { "bytes" };
                    return Err(ctx.fail(format!("invalid number of {what}: '{value}'")).await);
                };
                args.lines = *opt == LINES;
                args.count = count;
                args.from_start = sign == Some('+');
                args.all_but = sign == Some('-');
            }
            QUIET | SILENT => args.headers = Some(false),
            VERBOSE => args.headers = Some(true),
            _ => {}
        }
    }
    args.files = parsed.files();
    Ok(args)
}

/// `head [-n N] [-c N] [file…]`
pub async fn head(ctx: Ctx<'_>, parsed: Args) -> Status {
    let args = match parse_head_tail(&ctx, parsed, 10).await {
        Ok(args) => args,
        Err(status) => return status,
    };
    let show_headers = args.headers.unwrap_or(args.files.len() > 1);
    let mut status = 0;
    for (idx, file) in args.files.iter().enumerate() {
        if show_headers {
            let name = if file == "-" { "standard input" } else { file };
            let header = format!("{}==> {name} <==\n", if idx > 0 { "\n" } else { "" });
            if !ctx.out(header).await {
                return 1;
            }
        }
        let out = if file == "-" && !args.all_but {
            // Stream standard input and stop reading once enough arrived, so `yes | head` ends.
            // What is taken goes on in pieces: `yes | head -c 10G` holds 64 KiB, not 10 GiB.
            let input = ctx.stdin();
            let mut taken = Vec::new();
            let mut remaining = args.count;
            while remaining > 0 {
                if args.lines {
                    let Some((mut line, found)) = input.read_until(Some(b'\n'), None).await else { break };
                    if found {
                        line.push(b'\n');
                    }
                    taken.extend_from_slice(&line);
                    remaining -= 1;
                } else {
                    let want = usize::try_from(remaining).unwrap_or(usize::MAX).min(PIECE);
                    let Some((chunk, _)) = input.read_until(None, Some(want)).await else { break };
                    remaining -= chunk.len() as i64;
                    taken.extend_from_slice(&chunk);
                }
                if taken.len() >= PIECE && !ctx.out_piece(&mut taken).await {
                    return 1;
                }
            }
            taken
        } else if !args.all_but {
            match head_of_file(&ctx, file, args.lines, args.count.unsigned_abs()).await {
                Ok(true) => continue,
                Ok(false) => return 1,
                Err(err) => {
                    ctx.complain(unreadable(file, &err)).await;
                    status = 1;
                    continue;
                }
            }
        } else {
            match head_all_but(&ctx, file, args.lines, args.count.unsigned_abs()).await {
                Ok(true) => continue,
                Ok(false) => return 1,
                Err(err) => {
                    ctx.complain(unreadable(file, &err)).await;
                    status = 1;
                    continue;
                }
            }
        };
        if !ctx.out(out).await {
            return 1;
        }
    }
    status
}

/// What `head` of standard input hands on at a time.
const PIECE: usize = 64 * 1024;

/// The first `count` lines (or bytes) of a file, read only as far as they reach: `head` of
/// a huge file, or of `/dev/zero`, ends at once. False when the reader went away.
async fn head_of_file(ctx: &Ctx<'_>, file: &str, lines: bool, count: u64) -> std::io::Result<bool> {
    let mut reader = ctx.open_operand(file)?;
    let mut remaining = count;
    while remaining > 0 {
        let Some(mut piece) = reader.chunk().await? else { break };
        let take = if lines {
            let wanted = usize::try_from(remaining - 1).unwrap_or(usize::MAX);
            match memchr::memchr_iter(b'\n', &piece).nth(wanted) {
                Some(at) => {
                    remaining = 0;
                    at + 1
                }
                None => {
                    remaining -= bytecount::count(&piece, b'\n') as u64;
                    piece.len()
                }
            }
        } else {
            let take = usize::try_from(remaining).unwrap_or(usize::MAX).min(piece.len());
            remaining -= take as u64;
            take
        };
        piece.truncate(take);
        if !ctx.out(piece).await {
            return Ok(false);
        }
    }
    Ok(true)
}

/// `head -n -N` / `-c -N`: all but the last `count` lines (or bytes), written as they are
/// known not to be among the last: only that window is held (within the input-bytes limit),
/// so an endless input is copied as it comes. False when the reader went away.
async fn head_all_but(ctx: &Ctx<'_>, file: &str, lines: bool, count: u64) -> std::io::Result<bool> {
    let limit = ctx.state().limits().input_bytes;
    let mut reader = ctx.open_operand(file)?;
    let window = usize::try_from(count).unwrap_or(usize::MAX);
    let mut out = Vec::new();
    if lines {
        // The last `count` lines, each with its terminator (a last line may lack it).
        let mut held: std::collections::VecDeque<Vec<u8>> = std::collections::VecDeque::new();
        let mut held_bytes = 0usize;
        let mut partial: Vec<u8> = Vec::new();
        loop {
            let piece = reader.chunk().await?;
            let end = piece.is_none();
            let piece = piece.unwrap_or_default();
            let mut rest = &piece[..];
            loop {
                let (line, more) = match memchr::memchr(b'\n', rest) {
                    Some(at) => (&rest[..=at], &rest[at + 1..]),
                    None if end && !(rest.is_empty() && partial.is_empty()) => (rest, &rest[rest.len()..]),
                    None => {
                        if held_bytes.saturating_add(partial.len()).saturating_add(rest.len()) > limit {
                            return Err(crate::io::input_too_large(limit));
                        }
                        partial.extend_from_slice(rest);
                        break;
                    }
                };
                let mut whole = std::mem::take(&mut partial);
                whole.extend_from_slice(line);
                held_bytes += whole.len();
                held.push_back(whole);
                if held.len() > window
                    && let Some(first) = held.pop_front()
                {
                    held_bytes -= first.len();
                    out.extend_from_slice(&first);
                }
                if held_bytes > limit {
                    return Err(crate::io::input_too_large(limit));
                }
                rest = more;
                if rest.is_empty() {
                    break;
                }
            }
            if end {
                break;
            }
            let going = if out.is_empty() { ctx.step().await } else { ctx.out_piece(&mut out).await };
            if !going {
                return Ok(false);
            }
        }
    } else {
        let mut held: Vec<u8> = Vec::new();
        while let Some(piece) = reader.chunk().await? {
            held.extend_from_slice(&piece);
            if held.len() > window {
                let known = held.len() - window;
                out.extend(held.drain(..known));
            }
            if held.len() > limit {
                return Err(crate::io::input_too_large(limit));
            }
            let going = if out.is_empty() { ctx.step().await } else { ctx.out_piece(&mut out).await };
            if !going {
                return Ok(false);
            }
        }
    }
    Ok(out.is_empty() || ctx.out(out).await)
}

/// `tail [-n [+]N] [-c [+]N] [file…]`
pub async fn tail(ctx: Ctx<'_>, parsed: Args) -> Status {
    let args = match parse_head_tail(&ctx, parsed, 10).await {
        Ok(args) => args,
        Err(status) => return status,
    };
    let show_headers = args.headers.unwrap_or(args.files.len() > 1);
    let mut status = 0;
    for (idx, file) in args.files.iter().enumerate() {
        if !matches!(file.as_str(), "-" | "/dev/stdin") {
            if show_headers {
                let header = format!("{}==> {file} <==\n", if idx > 0 { "\n" } else { "" });
                ctx.out(header).await;
            }
            match tail_of_file(&ctx, file, &args).await {
                Ok(true) => continue,
                Ok(false) => return 1,
                Err(err) => {
                    ctx.complain(unreadable(file, &err)).await;
                    status = 1;
                    continue;
                }
            }
        }
        if show_headers {
            let header = format!("{}==> standard input <==\n", if idx > 0 { "\n" } else { "" });
            ctx.out(header).await;
        }
        match tail_of_stdin(&ctx, &args).await {
            Ok(true) => {}
            Ok(false) => return 1,
            Err(err) => {
                ctx.complain(format!("error reading 'standard input': {}", crate::vfs::describe(&err))).await;
                status = 1;
            }
        }
    }
    status
}

/// Bytes read at a time when looking for the last lines of a file from its end.
const TAIL_BLOCK: u64 = 64 * 1024;

/// `tail` of a file: where its output starts is found from the end (lines) or by position
/// (bytes), without reading the file through; from there it is handed on in pieces. False
/// when the reader went away.
async fn tail_of_file(ctx: &Ctx<'_>, file: &str, args: &HeadTailArgs) -> std::io::Result<bool> {
    use std::io::{Read, Seek, SeekFrom};
    let mut reader = ctx.open_operand(file)?;
    let crate::OperandReader::File(handle) = &mut reader else {
        return Err(std::io::Error::from(std::io::ErrorKind::Unsupported));
    };
    let count = args.count.unsigned_abs();
    let len = handle.seek(SeekFrom::End(0))?;
    let mut skip_lines = 0;
    let start = match (args.from_start, args.lines) {
        (true, false) => count.saturating_sub(1).min(len),
        (true, true) => {
            skip_lines = count.saturating_sub(1);
            0
        }
        (false, false) => len.saturating_sub(count),
        (false, true) => {
            // Newlines counted back from the end; the file's last byte, when a newline, ends
            // the last line rather than starting one.
            let mut block = vec![0; TAIL_BLOCK as usize];
            let (mut pos, mut seen, mut start) = (len, 0, if count == 0 { len } else { 0 });
            'back: while pos > 0 && count > 0 {
                let size = TAIL_BLOCK.min(pos);
                pos -= size;
                let bytes = &mut block[..size as usize];
                handle.seek(SeekFrom::Start(pos))?;
                handle.read_exact(bytes)?;
                let end = if pos + size == len && bytes.last() == Some(&b'\n') { bytes.len() - 1 } else { bytes.len() };
                for at in memchr::memrchr_iter(b'\n', &bytes[..end]) {
                    seen += 1;
                    if seen == count {
                        start = pos + at as u64 + 1;
                        break 'back;
                    }
                }
                // Between blocks the deadline or Ctrl-C may end the command.
                tokio::task::yield_now().await;
            }
            start
        }
    };
    handle.seek(SeekFrom::Start(start))?;
    pass_on(ctx, reader, skip_lines, 0).await
}

/// `tail` of standard input, which cannot seek: from a position, what comes before it is
/// dropped as it arrives; from the end, only a window ending in the last lines (or bytes) is
/// kept, cut back whenever it has doubled. False when the reader went away.
async fn tail_of_stdin(ctx: &Ctx<'_>, args: &HeadTailArgs) -> std::io::Result<bool> {
    let mut reader = ctx.open_operand("-")?;
    let count = args.count.unsigned_abs();
    if args.from_start {
        let skip = count.saturating_sub(1);
        return if args.lines { pass_on(ctx, reader, skip, 0).await } else { pass_on(ctx, reader, 0, skip).await };
    }
    let start_of_tail = |window: &[u8]| {
        if args.lines {
            last_lines_start(window, count)
        } else {
            window.len().saturating_sub(usize::try_from(count).unwrap_or(usize::MAX))
        }
    };
    let limit = ctx.state().limits().input_bytes;
    let (mut window, mut kept) = (Vec::new(), 0);
    while let Some(piece) = reader.chunk().await? {
        window.extend_from_slice(&piece);
        if window.len() >= 2 * kept + TAIL_BLOCK as usize {
            window.drain(..start_of_tail(&window));
            kept = window.len();
            if kept > limit {
                return Err(crate::io::input_too_large(limit));
            }
        }
    }
    Ok(ctx.out(&window[start_of_tail(&window)..]).await)
}

/// Where the last `count` lines of `bytes` start; a final newline ends the last line rather
/// than starting one.
fn last_lines_start(bytes: &[u8], count: u64) -> usize {
    let Some(nth) = count.checked_sub(1) else { return bytes.len() };
    let end = bytes.len() - usize::from(bytes.last() == Some(&b'\n'));
    let nth = usize::try_from(nth).unwrap_or(usize::MAX);
    memchr::memrchr_iter(b'\n', &bytes[..end]).nth(nth).map_or(0, |at| at + 1)
}

/// Hands `reader` on to standard output in pieces, less its first `skip_lines` lines and
/// `skip_bytes` bytes. False when the reader went away.
async fn pass_on(
    ctx: &Ctx<'_>,
    mut reader: crate::OperandReader,
    mut skip_lines: u64,
    mut skip_bytes: u64,
) -> std::io::Result<bool> {
    while let Some(mut piece) = reader.chunk().await? {
        if skip_bytes > 0 {
            let drop = usize::try_from(skip_bytes).unwrap_or(usize::MAX).min(piece.len());
            piece.drain(..drop);
            skip_bytes -= drop as u64;
            if piece.is_empty() {
                continue;
            }
        }
        if skip_lines > 0 {
            let wanted = usize::try_from(skip_lines - 1).unwrap_or(usize::MAX);
            match memchr::memchr_iter(b'\n', &piece).nth(wanted) {
                Some(at) => {
                    skip_lines = 0;
                    piece.drain(..=at);
                }
                None => {
                    skip_lines -= bytecount::count(&piece, b'\n') as u64;
                    continue;
                }
            }
        }
        if !ctx.out(piece).await {
            return Ok(false);
        }
    }
    Ok(true)
}

/// Expands a `tr` set (`a-z`, `[:upper:]`, `\n`, `[x*n]`) into bytes, a repeat at most `most`
/// long: past the first set's length no byte of the second is used (`[x*99999999999]` was
/// made whole).
fn tr_set(spec: &str, most: usize) -> Vec<u8> {
    let (decoded, _) = expand_backslashes_bytes(spec, true);
    let bytes = decoded;
    let mut out = Vec::new();
    let mut idx = 0;
    while idx < bytes.len() {
        if bytes[idx] == b'['
            && bytes.get(idx + 1) == Some(&b':')
            && let Some(len) = bytes[idx + 2..].windows(2).position(|w| w == b":]")
        {
            let class = toolsh_bytes::decode(&bytes[idx + 2..idx + 2 + len]).into_owned();
            let members: Vec<u8> = (0u8..=127)
                .filter(|&b| {
                    let c = b as char;
                    match class.as_str() {
                        "upper" => c.is_ascii_uppercase(),
                        "lower" => c.is_ascii_lowercase(),
                        "alpha" => c.is_ascii_alphabetic(),
                        "digit" => c.is_ascii_digit(),
                        "alnum" => c.is_ascii_alphanumeric(),
                        "space" => c.is_ascii_whitespace() || b == 0x0b,
                        "blank" => c == ' ' || c == '\t',
                        "punct" => c.is_ascii_punctuation(),
                        "xdigit" => c.is_ascii_hexdigit(),
                        "cntrl" => c.is_ascii_control(),
                        "print" => (32..127).contains(&b),
                        "graph" => (33..127).contains(&b),
                        _ => false,
                    }
                })
                .collect();
            out.extend(members);
            idx += len + 4;
            continue;
        }
        if bytes[idx] == b'['
            && bytes.get(idx + 2) == Some(&b'*')
            && let Some(close) = bytes[idx + 3..].iter().position(|&b| b == b']')
        {
            let repeat: usize = toolsh_bytes::decode(&bytes[idx + 3..idx + 3 + close]).parse().unwrap_or(0);
            out.extend(std::iter::repeat_n(bytes[idx + 1], repeat.clamp(1, most.max(1))));
            idx += close + 4;
            continue;
        }
        if bytes.get(idx + 1) == Some(&b'-') && idx + 2 < bytes.len() {
            let (lo, hi) = (bytes[idx], bytes[idx + 2]);
            if lo <= hi {
                out.extend(lo..=hi);
            }
            idx += 3;
            continue;
        }
        out.push(bytes[idx]);
        idx += 1;
    }
    out
}

/// `tr`.
pub const TR: Spec = Spec {
    name: "tr",
    summary: "translate or delete characters",
    synopsis: &["[OPTION]... STRING1 [STRING2]"],
    about: "Translate, squeeze, and/or delete characters from standard input, writing to standard output.",
    options: &[
        Opt::both('c', "complement", "use the complement of STRING1"),
        Opt::short('C', "same as -c"),
        Opt::both('d', "delete", "delete characters in STRING1, do not translate"),
        Opt::both(
            's',
            "squeeze-repeats",
            "replace each sequence of a repeated character listed in the last STRING with one",
        ),
        Opt::both('t', "truncate-set1", "first truncate STRING1 to the length of STRING2"),
    ],
    order: Order::OptionsFirst,
    ..Spec::BASE
};

/// `tr [-cdst] SET1 [SET2]`
pub async fn tr(ctx: Ctx<'_>, args: Args) -> Status {
    let delete = args.has(opt!(TR, 'd'));
    let squeeze = args.has(opt!(TR, 's'));
    let complement = args.any(&[opt!(TR, 'c'), opt!(TR, 'C')]);
    let truncate = args.has(opt!(TR, 't'));
    let sets = args.operands;
    // One string for -d alone or -s alone; two to translate, or to delete and then squeeze.
    let needed = if delete != squeeze && (delete || sets.len() == 1) { 1 } else { 2 };
    if sets.len() < needed {
        let message = match sets.first() {
            None => "missing operand".to_string(),
            Some(first) if delete && squeeze => format!(
                "missing operand after '{first}'\nTwo strings must be given when both deleting and squeezing repeats."
            ),
            Some(first) => format!("missing operand after '{first}'\nTwo strings must be given when translating."),
        };
        return ctx.misuse(&TR, message).await;
    }
    // GNU: one string at most for -d without -s, two otherwise.
    let most = if delete && !squeeze { 1 } else { 2 };
    if let Some(extra) = sets.get(most) {
        let mut message = format!("extra operand {}", toolsh_bytes::quote::quote(extra));
        if sets.len() == 2 {
            message.push_str("\nOnly one string may be given when deleting without squeezing repeats.");
        }
        return ctx.misuse(&TR, message).await;
    }
    // The first set holds no repeat in GNU's tr; one here is taken at most 256 long.
    let mut set1 = tr_set(&sets[0], 256);
    if complement {
        set1 = (0u8..=255).filter(|b| !set1.contains(b)).collect();
    }
    let set2 = sets.get(1).map(|s| tr_set(s, set1.len())).unwrap_or_default();
    let mut map: [u8; 256] = [0; 256];
    for (i, slot) in map.iter_mut().enumerate() {
        *slot = i as u8;
    }
    let mut in_set1 = [false; 256];
    for &b in &set1 {
        in_set1[b as usize] = true;
    }
    let translating = !delete && !set2.is_empty();
    if translating {
        let limit = if truncate { set1.len().min(set2.len()) } else { set1.len() };
        for (i, &b) in set1.iter().take(limit).enumerate() {
            let target = set2.get(i).or(set2.last()).copied().unwrap_or(b);
            map[b as usize] = target;
        }
    }
    let squeeze_set: [bool; 256] = {
        let mut set = [false; 256];
        let source = if squeeze && (translating || delete) { &set2 } else { &set1 };
        for &b in source {
            set[b as usize] = true;
        }
        set
    };
    let input = ctx.stdin();
    let mut last: Option<u8> = None;
    while let Some(mut chunk) = input.read_chunk().await {
        // Each piece is changed where it lies: a lookup a byte for translation, a `retain` for
        // deletion; only squeezing needs the byte before (a branch a byte was 3x GNU's time).
        if delete {
            chunk.retain(|&b| !in_set1[b as usize]);
        } else {
            for b in chunk.iter_mut() {
                *b = map[*b as usize];
            }
        }
        if squeeze {
            chunk.retain(|&b| {
                let repeat = squeeze_set[b as usize] && last == Some(b);
                last = Some(b);
                !repeat
            });
        }
        if !ctx.out(chunk).await {
            return 1;
        }
    }
    0
}

/// Splits a `seq -f` format into the text before its one conversion (`%e %f %g %a`, with flags,
/// width and precision), the conversion, and the text after; `%%` is a percent sign.
fn seq_format(format: &str) -> Result<(String, crate::text::cfmt::Spec, char, String), String> {
    let bytes = format.as_bytes();
    let mut parts = (String::new(), None, String::new());
    let mut idx = 0;
    while idx < bytes.len() {
        if bytes[idx] == b'%' && bytes.get(idx + 1) == Some(&b'%') {
            let text = if parts.1.is_some() { &mut parts.2 } else { &mut parts.0 };
            text.push('%');
            idx += 2;
            continue;
        }
        if bytes[idx] == b'%' {
            if parts.1.is_some() {
                return Err(format!("format '{format}' has too many % directives"));
            }
            idx += 1;
            if idx == bytes.len() {
                return Err(format!("format '{format}' ends in %"));
            }
            let spec = crate::text::cfmt::parse_spec(bytes, &mut idx, || 0).held();
            let conversion = bytes.get(idx).map(|&b| b as char).unwrap_or('?');
            if !"eEfFgGaA".contains(conversion) {
                return Err(format!("format '{format}' has unknown %{conversion} directive"));
            }
            parts.1 = Some((spec, conversion));
            idx += 1;
            continue;
        }
        let end = bytes[idx..].iter().position(|&b| b == b'%').map_or(bytes.len(), |at| idx + at);
        let text = if parts.1.is_some() { &mut parts.2 } else { &mut parts.0 };
        text.push_str(&format[idx..end]);
        idx = end;
    }
    match parts {
        (before, Some((spec, conversion)), after) => Ok((before, spec, conversion, after)),
        _ => Err(format!("format '{format}' has no % directive")),
    }
}

/// An operand as strtold reads it: leading blanks skipped, a sign, decimal or hexadecimal
/// (`0x1F`, integers only here).
fn seq_number(text: &str) -> Option<f64> {
    let text = text.trim_start_matches(|c: char| c.is_ascii_whitespace());
    let (negative, unsigned) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text.strip_prefix('+').unwrap_or(text)),
    };
    let value = match unsigned.strip_prefix("0x").or_else(|| unsigned.strip_prefix("0X")) {
        Some(hex) if !hex.is_empty() && hex.bytes().all(|b| b.is_ascii_hexdigit()) => {
            u128::from_str_radix(hex, 16).ok()? as f64
        }
        _ if unsigned.starts_with(['+', '-']) => return None,
        _ => unsigned.parse::<f64>().ok()?,
    };
    Some(if negative { -value } else { value })
}

/// An operand's width and precision as written, as GNU's seq reckons them (`scan_arg`): the
/// digits after the point (less a positive exponent, more a negative one), and the columns it
/// takes printed in fixed notation; `None` for no fixed precision (a hexadecimal number).
fn seq_width_precision(arg: &str, value: f64) -> (i64, Option<i64>) {
    let arg = arg.trim_start_matches(|c: char| c.is_ascii_whitespace() || c == '+');
    let point = arg.find('.');
    let mut precision = (point.is_none() && !arg.contains('p')).then_some(0i64);
    let mut width = 0i64;
    if arg.contains(['x', 'X']) || !value.is_finite() {
        return (width, precision);
    }
    let len = arg.len() as i64;
    width = len;
    let mut fraction = 0i64;
    if let Some(at) = point {
        fraction = arg[at + 1..].find(['e', 'E']).unwrap_or(arg.len() - at - 1) as i64;
        precision = Some(fraction);
        width += if fraction == 0 { -1 } else { i64::from(at == 0 || !arg.as_bytes()[at - 1].is_ascii_digit()) };
    }
    if let Some(e) = arg.find(['e', 'E']) {
        let tail = &arg[e + 1..];
        let sign_len = usize::from(tail.starts_with(['+', '-']));
        let digits = tail[sign_len..].bytes().take_while(u8::is_ascii_digit).count();
        let mut exponent: i64 = tail[..sign_len + digits].parse().unwrap_or(0);
        if let Some(p) = precision.as_mut() {
            *p += if exponent < 0 { -exponent } else { -(*p).min(exponent) };
        }
        width -= len - e as i64;
        if exponent < 0 {
            if point.is_none_or(|at| e == at + 1) {
                width += 1;
            }
            exponent = -exponent;
        } else {
            if point.is_some() && precision == Some(0) && fraction > 0 {
                width -= 1;
            }
            exponent -= fraction.min(exponent);
        }
        width += exponent;
    }
    (width, precision)
}

const FORMAT: Opt = Opt::both('f', "format", "use printf style floating-point FORMAT").value("FORMAT");
const SEPARATOR: Opt = Opt::both('s', "separator", "use STRING to separate numbers (default: \\n)").value("STRING");
const EQUAL_WIDTH: Opt = Opt::both('w', "equal-width", "equalize width by padding with leading zeroes");

/// `seq`.
pub const SEQ: Spec = Spec {
    name: "seq",
    summary: "print a sequence of numbers",
    synopsis: &["[OPTION]... LAST", "[OPTION]... FIRST LAST", "[OPTION]... FIRST INCREMENT LAST"],
    about: "Print numbers from FIRST to LAST, in steps of INCREMENT. If FIRST or INCREMENT is omitted, it defaults to 1.",
    options: &[FORMAT, SEPARATOR, EQUAL_WIDTH],
    negatives: true,
    assumed: true,
    ..Spec::BASE
};

/// `seq [-f FORMAT] [-s SEP] [-w] [FIRST [INCREMENT]] LAST`
pub async fn seq(ctx: Ctx<'_>, args: Args) -> Status {
    let separator = args.last(&SEPARATOR).unwrap_or("\n").to_string();
    let equal_width = args.has(&EQUAL_WIDTH);
    let format_text = args.last(&FORMAT).map(str::to_string);
    let numbers = args.operands;
    if equal_width && format_text.is_some() {
        return ctx.fail("format string may not be specified when printing equal width strings").await;
    }
    // `-f`: the text around the one floating-point conversion, and the conversion.
    let format = match format_text.as_deref().map(seq_format) {
        None => None,
        Some(Ok(parts)) => Some(parts),
        Some(Err(message)) => return ctx.fail(message).await,
    };
    let parsed: Vec<f64> = match numbers.iter().map(|n| seq_number(n)).collect::<Option<_>>() {
        Some(parsed) => parsed,
        None => {
            let bad = numbers.iter().find(|n| seq_number(n).is_none()).cloned().unwrap_or_default();
            return ctx.misuse(&SEQ, format!("invalid floating point argument: '{bad}'")).await;
        }
    };
    let (first, step, last) = match parsed.as_slice() {
        [last] => (1.0, 1.0, *last),
        [first, last] => (*first, 1.0, *last),
        [first, step, last] => (*first, *step, *last),
        [] => return ctx.misuse(&SEQ, "missing operand").await,
        [_, _, _, extra, ..] => return ctx.misuse(&SEQ, format!("extra operand '{extra}'")).await,
    };
    if let Some(bad) = numbers.iter().zip(&parsed).find(|(_, value)| value.is_nan()).map(|(arg, _)| arg) {
        let message = format!("invalid ‘not-a-number’ argument: ‘{bad}’");
        return ctx.misuse(&SEQ, crate::text::locale_marks(&ctx, &message)).await;
    }
    if step == 0.0 {
        let written = numbers.get(1).map_or("0", String::as_str);
        let message = format!("invalid Zero increment value: ‘{written}’");
        return ctx.misuse(&SEQ, crate::text::locale_marks(&ctx, &message)).await;
    }
    // Non-negative integers written as digits, counted without a format: exactly, as GNU's
    // `seq_fast` counts them (a double loses the last digits past 2^53).
    let digits = |text: &str| !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit());
    if format.is_none() && !equal_width && numbers.iter().all(|n| digits(n)) {
        let whole: Option<Vec<u128>> = numbers.iter().map(|n| n.parse::<u128>().ok()).collect();
        let (first, step, last) = match whole.as_deref() {
            Some([last]) => (1, 1, *last),
            Some([first, last]) => (*first, 1, *last),
            Some([first, step, last]) => (*first, *step, *last),
            _ => (0, 0, 0),
        };
        if step > 0 {
            let mut out = String::new();
            let mut value = first;
            while value <= last {
                if value != first {
                    out.push_str(&separator);
                }
                out.push_str(&value.to_string());
                if out.len() > 64 * 1024 && !ctx.out_piece(&mut out).await {
                    return 1;
                }
                let Some(next) = value.checked_add(step) else { break };
                value = next;
            }
            if first <= last {
                out.push('\n');
            }
            return if ctx.out(out).await { 0 } else { 1 };
        }
    }
    // GNU's default format (`get_default_format`): the precision of FIRST and INCREMENT in
    // fixed notation, zero-padded to the widest end with -w; `%g` when one has none.
    let scanned: Vec<(i64, Option<i64>)> =
        numbers.iter().zip(&parsed).map(|(arg, value)| seq_width_precision(arg, *value)).collect();
    let (first_scan, step_scan, last_scan) = match scanned.as_slice() {
        [last] => ((1, Some(0)), (1, Some(0)), *last),
        [first, last] => (*first, (1, Some(0)), *last),
        [first, step, last, ..] => (*first, *step, *last),
        [] => ((1, Some(0)), (1, Some(0)), (1, Some(0))),
    };
    let precision = match (first_scan.1, step_scan.1, last_scan.1) {
        (Some(a), Some(b), Some(_)) => Some(a.max(b)),
        _ => None,
    };
    let mut width = 0usize;
    if let (true, Some(prec), Some(last_prec), Some(first_prec)) = (equal_width, precision, last_scan.1, first_scan.1) {
        let mut first_width = first_scan.0 + (prec - first_prec);
        let mut last_width = last_scan.0 + (prec - last_prec);
        if last_prec > 0 && prec == 0 {
            last_width -= 1;
        }
        if last_prec == 0 && prec > 0 {
            last_width += 1;
        }
        if first_prec == 0 && prec > 0 {
            first_width += 1;
        }
        width = usize::try_from(first_width.max(last_width)).unwrap_or(0);
    }
    let format = |value: f64| match (&format, precision) {
        (Some((before, spec, conversion, after)), _) => {
            format!("{before}{}{after}", crate::text::cfmt::format_float(value, *conversion, spec))
        }
        (None, Some(places)) => crate::text::cfmt::fixed(value, usize::try_from(places).unwrap_or(0)),
        (None, None) => crate::text::cfmt::format_float(value, 'g', &crate::text::cfmt::Spec::default()),
    };
    let mut out = String::new();
    let mut count = 0u64;
    let mut value = first;
    let mut started = false;
    // How many steps fit, counted once: past 2^53 adding the step may not move the value
    // (`seq 1e17 1e17` printed it nine times).
    let steps = ((last - first) / step + 1e-9).floor();
    while steps >= 0.0 && count as f64 <= steps {
        if started {
            out.push_str(&separator);
        }
        started = true;
        let text = format(value);
        if width > 0 && text.len() < width {
            let (sign, digits) = text.strip_prefix('-').map_or(("", text.as_str()), |d| ("-", d));
            out.push_str(sign);
            out.push_str(&"0".repeat(width - text.len()));
            out.push_str(digits);
        } else {
            out.push_str(&text);
        }
        count += 1;
        value = first + step * count as f64;
        if out.len() > 64 * 1024 && !ctx.out_piece(&mut out).await {
            return 1;
        }
    }
    if started {
        out.push('\n');
    }
    if ctx.out(out).await { 0 } else { 1 }
}

/// `yes [string…]`
pub async fn yes(ctx: Ctx<'_>, args: Args) -> Status {
    let line = if args.operands.is_empty() { "y".to_string() } else { args.operands.join(" ") };
    let line = format!("{line}\n");
    let block = line.repeat((8192 / line.len()).max(1));
    loop {
        if !ctx.out(&block).await {
            return 1;
        }
    }
}

const APPEND: Opt = Opt::both('a', "append", "append to the given FILEs, do not overwrite");

/// `tee`.
pub const TEE: Spec = Spec {
    name: "tee",
    summary: "copy standard input to files and standard output",
    synopsis: &["[OPTION]... [FILE]..."],
    about: "Copy standard input to each FILE, and also to standard output.",
    options: &[APPEND, Opt::both('i', "ignore-interrupts", "ignore interrupt signals (there are none to ignore here)")],
    tools: &["fs.write"],
    operand_paths: true,
    assumed: true,
    ..Spec::BASE
};

/// `tee [-a] [file…]`
pub async fn tee(ctx: Ctx<'_>, args: Args) -> Status {
    let append = args.has(&APPEND);
    let files = args.operands;
    let mut status = 0;
    let mut targets = Vec::new();
    for file in &files {
        let mode = if append { WriteMode::Append } else { WriteMode::Truncate };
        match ctx.write_path(file, b"", mode).await {
            Ok(()) => targets.push(file),
            Err(err) => {
                ctx.complain(format!("{file}: {}", crate::vfs::describe(&err), file = quotef(file))).await;
                status = 1;
            }
        }
    }
    let input = ctx.stdin();
    let mut stdout_open = true;
    while let Some(chunk) = input.read_chunk().await {
        for target in &targets {
            if let Err(err) = ctx.write_path(target, &chunk, WriteMode::Append).await {
                ctx.complain(format!("{target}: {}", crate::vfs::describe(&err), target = quotef(target))).await;
                status = 1;
            }
        }
        if stdout_open && !ctx.out(&chunk).await {
            // Its reader gone, tee ends as GNU's ends by SIGPIPE (`yes | tee f | head -1`
            // would otherwise copy for ever); after another write error it goes on with the files.
            if ctx.io.stdout().is_broken() || ctx.stop_requested() {
                return 1;
            }
            stdout_open = false;
            status = 1;
        }
    }
    status
}

/// `sleep`.
pub const SLEEP_SPEC: Spec = Spec {
    name: "sleep",
    summary: "wait for a number of seconds",
    synopsis: &["NUMBER[SUFFIX]..."],
    about: "Pause for NUMBER seconds, the sum of the arguments; SUFFIX may be 's' for seconds (the default), 'm' for minutes, 'h' for hours or 'd' for days.",
    options: &[],
    assumed: true,
    ..Spec::BASE
};

/// `yes`.
pub const YES: Spec = Spec {
    name: "yes",
    summary: "print a string repeatedly",
    synopsis: &["[STRING]..."],
    about: "Repeatedly output a line with all specified STRING(s), or 'y'.",
    options: &[],
    assumed: true,
    ..Spec::BASE
};

/// A time interval as GNU's `sleep` and `timeout` read it: a number of seconds, or of minutes,
/// hours or days with `m`, `h`, `d` (`s` for seconds); `infinity` too (a deadline ends it).
pub fn interval(arg: &str) -> Option<f64> {
    let (number, factor) = match arg.chars().last() {
        Some('s') => (&arg[..arg.len() - 1], 1.0),
        Some('m') => (&arg[..arg.len() - 1], 60.0),
        Some('h') => (&arg[..arg.len() - 1], 3600.0),
        Some('d') => (&arg[..arg.len() - 1], 86400.0),
        _ => (arg, 1.0),
    };
    number.parse::<f64>().ok().filter(|value| *value >= 0.0 && !value.is_nan()).map(|value| value * factor)
}

/// `sleep NUMBER[smhd]…`
pub async fn sleep(ctx: Ctx<'_>, args: Args) -> Status {
    if args.operands.is_empty() {
        return ctx.misuse(&SLEEP_SPEC, "missing operand").await;
    }
    let mut total = 0.0f64;
    let mut bad = Vec::new();
    for arg in &args.operands {
        match interval(arg) {
            Some(seconds) => total += seconds,
            None => bad.push(arg),
        }
    }
    if let Some((last, others)) = bad.split_last() {
        for arg in others {
            ctx.complain(format!("invalid time interval '{arg}'")).await;
        }
        return ctx.misuse(&SLEEP_SPEC, format!("invalid time interval '{last}'")).await;
    }
    tokio::time::sleep(std::time::Duration::from_secs_f64(total.min(1e9))).await;
    0
}

const DATE_STRING: Opt = Opt::both(
    'd',
    "date",
    "display time described by STRING, not 'now': GNU's date input formats ('2024-03-10 12:00 UTC', 'Sun, 10 Mar 2024 12:00:00 +0200', '@EPOCH', 'next monday', '2 weeks ago', 'TZ=\"EST5\" 10:00', …)",
)
.value("STRING");
const ISO_8601: Opt =
    Opt::both('I', "iso-8601", "output date/time in ISO 8601 format; FMT: date (default), hours, minutes, seconds, ns")
        .optional("FMT");
const RFC_EMAIL: Opt = Opt::both('R', "rfc-email", "output date and time in RFC 5322 format");
const RFC_3339: Opt = Opt::long("rfc-3339", "output date/time in RFC 3339 format; FMT: date, seconds, ns").value("FMT");
const REFERENCE: Opt = Opt::both('r', "reference", "display the last modification time of FILE").value("FILE");
const UTC: Opt = Opt::both('u', "utc", "print Coordinated Universal Time (UTC), whatever TZ says").alias("universal");

/// `date`.
pub const DATE: Spec = Spec {
    name: "date",
    summary: "print the date and time",
    synopsis: &["[OPTION]... [+FORMAT]"],
    about: "Display the date and time (UTC) in the given FORMAT (strftime's conversions).",
    options: &[DATE_STRING, ISO_8601, RFC_EMAIL, RFC_3339, REFERENCE, UTC],
    long_order: &[
        "date",
        "debug",
        "reference",
        "resolution",
        "rfc-email",
        "rfc-822=rfc-email",
        "rfc-2822=rfc-email",
        "rfc-3339",
    ],
    ..Spec::BASE
};

/// A `-d` date as GNU date reads it (`builtins/text/when.rs`), relative to now, its wall clock
/// in the command's `TZ`.
pub(crate) fn parse_date(value: &str, state: &toolsh_core::session::State) -> Option<chrono::DateTime<chrono::Utc>> {
    crate::text::when::parse(value, chrono::Utc::now(), &crate::text::zone::Zone::of(state))
}

/// `date [-u] [-d STRING | -r FILE] [-I[FMT] | -R | --rfc-3339=FMT] [+FORMAT]`
pub async fn date(ctx: Ctx<'_>, args: Args) -> Status {
    use chrono::{DateTime, Utc};
    let mut format = "%a %b %e %H:%M:%S %Z %Y".to_string();
    let mut when: DateTime<Utc> = Utc::now();
    let (mut utc, mut date_string) = (false, None);
    for (opt, value) in args.given() {
        let iso = |name: &str| -> Option<&'static str> {
            Some(match name {
                "" | "date" => "%Y-%m-%d",
                "hours" => "%Y-%m-%dT%H%:z",
                "minutes" => "%Y-%m-%dT%H:%M%:z",
                "seconds" => "%Y-%m-%dT%H:%M:%S%:z",
                "ns" => "%Y-%m-%dT%H:%M:%S,%f%:z",
                _ => return None,
            })
        };
        match *opt {
            ISO_8601 => match iso(value) {
                Some(iso) => format = iso.to_string(),
                None => return ctx.misuse(&DATE, format!("invalid argument '{value}' for '--iso-8601'")).await,
            },
            RFC_3339 => match value {
                "date" => format = "%Y-%m-%d".to_string(),
                "seconds" => format = "%Y-%m-%d %H:%M:%S%:z".to_string(),
                "ns" => format = "%Y-%m-%d %H:%M:%S.%f%:z".to_string(),
                _ => return ctx.misuse(&DATE, format!("invalid argument '{value}' for '--rfc-3339'")).await,
            },
            RFC_EMAIL => format = "%a, %d %b %Y %H:%M:%S %z".to_string(),
            DATE_STRING => date_string = Some(value),
            REFERENCE => match ctx.vfs.stat(&ctx.abs(value)) {
                Ok(meta) => when = meta.mtime.into(),
                Err(err) => {
                    return ctx.fail(format!("{value}: {}", crate::vfs::describe(&err), value = quotef(value))).await;
                }
            },
            UTC => utc = true,
            _ => {}
        }
    }
    // `-u` reads and shows the time in UTC, wherever it stands among the options.
    let zone = if utc { crate::text::zone::Zone::named(None) } else { crate::text::zone::Zone::of(ctx.state()) };
    if let Some(value) = date_string {
        match crate::text::when::parse(value, Utc::now(), &zone) {
            Some(value) => when = value,
            None => return ctx.fail(format!("invalid date '{value}'")).await,
        }
    }
    match args.operands.as_slice() {
        [] => {}
        [spec] if spec.starts_with('+') => format = spec[1..].to_string(),
        [spec] => return ctx.fail(format!("invalid date '{spec}'")).await,
        [_, extra, ..] => return ctx.misuse(&DATE, format!("extra operand '{extra}'")).await,
    }
    let (local, abbreviation) = zone.local(when);
    let mut text =
        crate::text::strftime::strftime(&format, &local, &abbreviation, crate::text::strftime::Dialect::Date);
    text.push('\n');
    if ctx.out(text).await { 0 } else { 1 }
}
