//! Looking at files as bytes: `cmp` (where two differ, as GNU diffutils says it), `strings`
//! (the printable runs in a binary), `cksum` (the POSIX CRC and size) and `sum` (the BSD and
//! System V 16-bit sums).

use crate::Ctx;
use crate::session::Status;
use crate::spec::{Args, Opt, Spec, Words};
use toolsh_bytes::quote::quotef;
use toolsh_core::vfs::describe;

const SILENT: Opt = Opt::both('s', "quiet", "suppress all normal output").alias("silent");
const VERBOSE: Opt = Opt::both('l', "verbose", "output byte numbers and differing byte values");
const PRINT_BYTES: Opt = Opt::both('b', "print-bytes", "print differing bytes");

/// `cmp`.
pub const CMP: Spec = Spec {
    name: "cmp",
    summary: "compare two files byte by byte",
    synopsis: &["[OPTION]... FILE1 [FILE2]"],
    about: "Compare two files byte by byte; FILE2 (or FILE1) '-' or missing is standard input. Status 0 if they are the same, 1 if they differ, 2 if in trouble.",
    options: &[PRINT_BYTES, VERBOSE, SILENT],
    usage_status: 2,
    words: Words::GnuPrefixedHint,
    assumed: true,
    long_order: &["print-bytes", "print-chars", "verbose", "version"],
    ..Spec::BASE
};

/// `cmp [-bls] FILE1 [FILE2]`: the first difference (or every one, `-l`), or which one ended
/// first.
pub async fn cmp(ctx: Ctx<'_>, args: Args) -> Status {
    let names: Vec<String> = match args.operands.as_slice() {
        [] => return ctx.misuse(&CMP, "missing operand after 'cmp'").await,
        [one] => vec![one.clone(), "-".to_string()],
        [one, two] => vec![one.clone(), two.clone()],
        [_, _, extra, ..] => return ctx.misuse(&CMP, format!("invalid --ignore-initial value '{extra}'")).await,
    };
    let mut data = Vec::new();
    for name in &names {
        match ctx.read_operand(name).await {
            Ok(bytes) => data.push(bytes),
            Err(err) => {
                ctx.complain(format!("{name}: {}", describe(&err))).await;
                return 2;
            }
        }
    }
    let (a, b) = (&data[0], &data[1]);
    let (silent, verbose) = (args.has(&SILENT), args.has(&VERBOSE));
    let common = a.len().min(b.len());
    let mut out = String::new();
    let mut differ = false;
    for at in 0..common {
        if a[at] == b[at] {
            continue;
        }
        differ = true;
        if silent {
            break;
        }
        if verbose {
            out.push_str(&format!("{} {:3o} {:3o}\n", at + 1, a[at], b[at]));
            continue;
        }
        let line = a[..at].iter().filter(|&&byte| byte == b'\n').count() + 1;
        out.push_str(&format!("{} {} differ: byte {}, line {line}", names[0], names[1], at + 1));
        if args.has(&PRINT_BYTES) {
            out.push_str(&format!(" is {:3o} {} {:3o} {}", a[at], shown(a[at]), b[at], shown(b[at])));
        }
        out.push('\n');
        break;
    }
    if !out.is_empty() && !ctx.out(out).await {
        return 2;
    }
    if (differ && !verbose) || a.len() == b.len() {
        return i32::from(differ);
    }
    // One is a prefix of the other (up to the differences `-l` listed).
    if !silent {
        let (shorter, short) = if a.len() < b.len() { (&names[0], a) } else { (&names[1], b) };
        let message = if short.is_empty() {
            format!("EOF on {shorter} which is empty")
        } else if verbose {
            format!("EOF on {shorter} after byte {}", short.len())
        } else {
            let lines = short.iter().filter(|&&byte| byte == b'\n').count();
            if short.ends_with(b"\n") {
                format!("EOF on {shorter} after byte {}, line {lines}", short.len())
            } else {
                format!("EOF on {shorter} after byte {}, in line {}", short.len(), lines + 1)
            }
        };
        ctx.complain(message).await;
    }
    1
}

/// A byte as `cmp -b` shows it: printable as itself, others in `cat -v`'s notation.
fn shown(byte: u8) -> String {
    match byte {
        0x20..=0x7e => (byte as char).to_string(),
        0x7f => "^?".to_string(),
        0x80.. => format!("M-{}", shown(byte - 0x80)),
        _ => format!("^{}", (byte + 0x40) as char),
    }
}

const BYTES: Opt = Opt::both('n', "bytes", "print sequences of at least MIN characters (4)").value("MIN");
const RADIX: Opt = Opt::both('t', "radix", "print the offset of each string in base o, d or x").value("RADIX");

/// `strings`.
pub const STRINGS: Spec = Spec {
    name: "strings",
    summary: "print the sequences of printable characters in files",
    synopsis: &["[OPTION]... [FILE]..."],
    about: "Print each sequence of at least 4 (-n) printable characters (and tabs) in each FILE, or standard input, one per line.",
    options: &[BYTES, RADIX],
    words: Words::GnuWithHelp,
    assumed: true,
    ..Spec::BASE
};

/// `strings [-n MIN] [-t o|d|x] [FILE…]`.
pub async fn strings(ctx: Ctx<'_>, args: Args) -> Status {
    let least = match args.last(&BYTES).map(str::parse::<usize>) {
        None => 4,
        Some(Ok(n)) if n > 0 => n,
        Some(_) => {
            return ctx.fail(format!("invalid minimum string length {}", args.last(&BYTES).unwrap_or_default())).await;
        }
    };
    let radix = args.last(&RADIX);
    if radix.is_some_and(|r| !matches!(r, "o" | "d" | "x")) {
        return ctx.misuse(&STRINGS, "invalid radix: must be o, d or x").await;
    }
    let names: Vec<String> = if args.operands.is_empty() { vec!["-".to_string()] } else { args.operands.clone() };
    let mut status = 0;
    for name in names {
        // A piece at a time: a run of printable bytes is held until it is `least` long, then
        // written as it goes on, so a file or an endless input takes bounded memory.
        let mut reader = match ctx.open_operand(&name) {
            Ok(reader) => reader,
            Err(err) => {
                ctx.complain(format!("'{name}': {}", describe(&err))).await;
                status = 1;
                continue;
            }
        };
        let (mut offset, mut start) = (0u64, 0u64);
        let limit = ctx.state().limits().input_bytes;
        let mut run: Vec<u8> = Vec::new();
        let mut printing = false;
        loop {
            let piece = match reader.chunk().await {
                Ok(piece) => piece,
                Err(err) => {
                    ctx.complain(format!("'{name}': {}", describe(&err))).await;
                    status = 1;
                    None
                }
            };
            let end = piece.is_none();
            let mut out = Vec::new();
            // The end of the input ends a run as a byte that is not printable does.
            for byte in piece.unwrap_or_default().into_iter().map(Some).chain(end.then_some(None)) {
                if let Some(b) = byte.filter(|&b| (0x20..=0x7e).contains(&b) || b == b'\t') {
                    if printing {
                        out.push(b);
                    } else {
                        // A run shorter than a huge `-n` is held within the input-bytes limit.
                        if run.len() >= limit {
                            return ctx
                                .fail(format!("'{name}': {}", describe(&crate::io::input_too_large(limit))))
                                .await;
                        }
                        run.push(b);
                        if run.len() >= least {
                            match radix {
                                Some("o") => out.extend_from_slice(format!("{start:7o} ").as_bytes()),
                                Some("d") => out.extend_from_slice(format!("{start:7} ").as_bytes()),
                                Some(_) => out.extend_from_slice(format!("{start:7x} ").as_bytes()),
                                None => {}
                            }
                            out.append(&mut run);
                            printing = true;
                        }
                    }
                } else {
                    if printing {
                        out.push(b'\n');
                    }
                    printing = false;
                    run.clear();
                    start = offset + 1;
                }
                offset += 1;
            }
            let going = if out.is_empty() { ctx.step().await } else { ctx.out(out).await };
            if !going {
                return 1;
            }
            if end {
                break;
            }
        }
    }
    status
}

/// `cksum`.
pub const CKSUM: Spec = Spec {
    name: "cksum",
    summary: "print the CRC checksum and byte count of each file",
    synopsis: &["[FILE]..."],
    about: "Print the POSIX CRC-32 checksum and the byte count of each FILE, or standard input.",
    assumed: true,
    long_order: &["status", "strict"],
    ..Spec::BASE
};

/// `cksum [FILE…]`: `CRC SIZE NAME` per file (no name for standard input).
pub async fn cksum(ctx: Ctx<'_>, args: Args) -> Status {
    let names: Vec<String> = if args.operands.is_empty() { vec!["-".to_string()] } else { args.operands.clone() };
    let mut status = 0;
    for name in &names {
        match crc_operand(&ctx, name).await {
            Ok((crc, size)) => {
                // Each line goes out when its file is read, before the next one's message.
                let label = if args.operands.is_empty() { String::new() } else { format!(" {name}") };
                if !ctx.out(format!("{crc} {size}{label}\n")).await {
                    return 1;
                }
            }
            Err(err) => {
                ctx.complain(format!("{name}: {}", describe(&err), name = quotef(name))).await;
                status = 1;
            }
        }
    }
    status
}

/// The POSIX CRC and size of an operand, read a piece at a time (bounded memory whatever its
/// size); a line stopped meanwhile ends it with `Interrupted`, not a CRC of part of it.
async fn crc_operand(ctx: &Ctx<'_>, name: &str) -> std::io::Result<(u32, u64)> {
    let mut reader = ctx.open_operand(name)?;
    let mut crc = PosixCrc::default();
    while let Some(piece) = reader.chunk().await? {
        crc.update(&piece);
        if !ctx.step().await {
            return Err(std::io::Error::new(std::io::ErrorKind::Interrupted, "stopped"));
        }
    }
    Ok((crc.finish(), crc.length))
}

const BSD: Opt = Opt::short('r', "use BSD sum algorithm (the default), use 1K blocks");
const SYSV: Opt = Opt::both('s', "sysv", "use System V sum algorithm, use 512 bytes blocks");

/// `sum`.
pub const SUM: Spec = Spec {
    name: "sum",
    summary: "print the BSD or System V 16-bit checksum and block count of each file",
    synopsis: &["[OPTION]... [FILE]..."],
    about: "Print or check BSD (16-bit) checksums.",
    options: &[BSD, SYSV],
    variant_of: Some("cksum"),
    ..Spec::BASE
};

/// `sum [-r|-s] [FILE…]`: `CHECKSUM BLOCKS NAME` per file (no name without operands), by the
/// BSD rotating sum in 1K blocks or the System V one in 512-byte blocks, the last of -r and
/// -s deciding.
pub async fn sum(ctx: Ctx<'_>, args: Args) -> Status {
    let sysv = args.last_of(&[&BSD, &SYSV]) == Some(&SYSV);
    let mut status = 0;
    let mut out = String::new();
    for name in args.files() {
        let bytes = match ctx.read_operand(&name).await {
            Ok(bytes) => bytes,
            Err(err) => {
                ctx.complain(format!("{name}: {}", describe(&err), name = quotef(&name))).await;
                status = 1;
                continue;
            }
        };
        let label = if args.operands.is_empty() { String::new() } else { format!(" {name}") };
        let size = bytes.len() as u64;
        if sysv {
            let total = bytes.iter().fold(0u32, |acc, &b| acc.wrapping_add(u32::from(b)));
            let r = (total & 0xffff) + (total >> 16);
            let checksum = (r & 0xffff) + (r >> 16);
            out.push_str(&format!("{checksum} {}{label}\n", size.div_ceil(512)));
        } else {
            let checksum = bytes.iter().fold(0u32, |acc, &b| ((acc >> 1) + ((acc & 1) << 15) + u32::from(b)) & 0xffff);
            out.push_str(&format!("{checksum:05} {:>5}{label}\n", size.div_ceil(1024)));
        }
    }
    if !ctx.out(out).await {
        return 1;
    }
    status
}

/// The CRC of POSIX `cksum`: polynomial 0x04C11DB7, most significant bit first, over the data
/// and then its length (least significant byte first, as few bytes as it takes), complemented.
/// GNU cksum's CRC, fed a piece at a time: the bytes, then the length, complemented.
#[derive(Default)]
struct PosixCrc {
    crc: u32,
    length: u64,
}

impl PosixCrc {
    fn feed(crc: u32, byte: u8) -> u32 {
        let mut crc = crc ^ (u32::from(byte) << 24);
        for _ in 0..8 {
            crc = if crc & 0x8000_0000 != 0 { (crc << 1) ^ 0x04C1_1DB7 } else { crc << 1 };
        }
        crc
    }

    fn update(&mut self, data: &[u8]) {
        self.crc = data.iter().fold(self.crc, |crc, &byte| PosixCrc::feed(crc, byte));
        self.length += data.len() as u64;
    }

    fn finish(&self) -> u32 {
        let mut crc = self.crc;
        let mut length = self.length;
        while length > 0 {
            crc = PosixCrc::feed(crc, (length & 0xff) as u8);
            length >>= 8;
        }
        !crc
    }
}

#[cfg(test)]
fn posix_crc(data: &[u8]) -> u32 {
    let mut crc = PosixCrc::default();
    for piece in data.chunks(3) {
        crc.update(piece);
    }
    crc.finish()
}

#[cfg(test)]
mod tests {
    use super::posix_crc;

    #[test]
    fn the_posix_crc_of_known_inputs() {
        // What GNU cksum prints for them.
        assert_eq!(posix_crc(b""), 4_294_967_295);
        assert_eq!(posix_crc(b"abc"), 1_219_131_554);
    }
}
