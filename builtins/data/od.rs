//! `od`: bytes as octal, hexadecimal, decimal, floating point, C escapes or named characters, in
//! GNU od's layout — one line per output type for each block, fields aligned across the types,
//! repeated blocks shown as `*` — read a piece at a time, so `od -N 16 big` reads 16 bytes.

use crate::Ctx;
use crate::session::Status;
use crate::spec::{Args, Opt, Spec};
use crate::text::cfmt::{self, format_float};
use toolsh_bytes::quote::quotef;

/// How the bytes of one field are shown.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// `a`: named characters (`nul`, `sp`, `del`), the high bit ignored.
    Named,
    /// `c`: C escapes, printable characters, else three octal digits.
    Char,
    Signed,
    Unsigned,
    Octal,
    Hex,
    Float,
}

/// One output type: `-t x2`, `-t c`, `-t d4z`.
#[derive(Clone, Copy)]
struct Type {
    kind: Kind,
    /// Bytes per field.
    size: usize,
    /// `z`: the block's printable characters after the line, between `>` and `<`.
    text: bool,
    /// `--endian=big`: a field's first byte is its most significant.
    big_endian: bool,
}

impl Type {
    /// Characters of the widest field, without the space before it.
    fn width(&self) -> usize {
        match (self.kind, self.size) {
            (Kind::Named | Kind::Char, _) => 3,
            (Kind::Signed, 1) => 4,
            (Kind::Signed, 2) => 6,
            (Kind::Signed, 4) => 11,
            (Kind::Unsigned, 1) | (Kind::Octal, 1) => 3,
            (Kind::Unsigned, 2) => 5,
            (Kind::Unsigned, 4) => 10,
            (Kind::Signed | Kind::Unsigned, _) => 20,
            (Kind::Octal, 2) => 6,
            (Kind::Octal, 4) => 11,
            (Kind::Octal, _) => 22,
            (Kind::Hex, size) => size * 2,
            (Kind::Float, 4) => 15,
            (Kind::Float, _) => 24,
        }
    }

    /// The field of `bytes` (little-endian, `size` of them).
    fn field(&self, bytes: &[u8]) -> String {
        let mut word = [0u8; 8];
        word[..bytes.len()].copy_from_slice(bytes);
        // A short last field is padded with zeros after its bytes, whichever the byte order.
        let unsigned = if self.big_endian {
            word[..self.size].iter().fold(0u64, |value, &b| (value << 8) | u64::from(b))
        } else {
            u64::from_le_bytes(word)
        };
        let bits = self.size * 8;
        let signed = if bits == 64 { unsigned as i64 } else { ((unsigned << (64 - bits)) as i64) >> (64 - bits) };
        match self.kind {
            Kind::Named => named(bytes[0]).to_string(),
            Kind::Char => escaped(bytes[0]),
            Kind::Signed => signed.to_string(),
            Kind::Unsigned => unsigned.to_string(),
            Kind::Octal => format!("{unsigned:0width$o}", width = self.width()),
            Kind::Hex => format!("{unsigned:0width$x}", width = self.width()),
            // Subnormal numbers are tried from one digit up, the others from all the digits the
            // type always keeps (gnulib's ftoastr).
            Kind::Float if self.size == 4 => {
                let value = f32::from_bits(unsigned as u32);
                let from = if value.abs() < f32::MIN_POSITIVE { 1 } else { 6 };
                shortest(f64::from(value), from..=9, |text| text.parse::<f32>().is_ok_and(|back| back == value))
            }
            Kind::Float => {
                let value = f64::from_bits(unsigned);
                let from = if value.abs() < f64::MIN_POSITIVE { 1 } else { 15 };
                shortest(value, from..=17, |text| text.parse::<f64>().is_ok_and(|back| back == value))
            }
        }
    }
}

/// `%g` with the fewest digits from `digits` that read back as the same number, as GNU od
/// prints floating point (gnulib's ftoastr).
fn shortest(value: f64, digits: std::ops::RangeInclusive<usize>, reads_back: impl Fn(&str) -> bool) -> String {
    let last = *digits.end();
    for precision in digits {
        let spec = cfmt::Spec { precision: Some(precision), ..cfmt::Spec::default() };
        let text = format_float(value, 'g', &spec);
        if precision == last || value.is_nan() || reads_back(&text) {
            return text;
        }
    }
    String::new()
}

fn named(byte: u8) -> &'static str {
    const NAMES: [&str; 33] = [
        "nul", "soh", "stx", "etx", "eot", "enq", "ack", "bel", "bs", "ht", "nl", "vt", "ff", "cr", "so", "si", "dle",
        "dc1", "dc2", "dc3", "dc4", "nak", "syn", "etb", "can", "em", "sub", "esc", "fs", "gs", "rs", "us", "sp",
    ];
    const PRINTABLE: &str =
        "!\"#$%&'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~";
    match byte & 0x7f {
        low @ 0..=32 => NAMES[low as usize],
        127 => "del",
        printable => {
            let at = usize::from(printable - 33);
            &PRINTABLE[at..at + 1]
        }
    }
}

/// A byte as `od -c` shows it.
pub(crate) fn escaped(byte: u8) -> String {
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

/// Parses a `-t` argument: one or more types, `x`, `d2`, `uL`, `fD`, `cz`.
fn parse_types(spec: &str, types: &mut Vec<Type>) -> Result<(), String> {
    let invalid = || format!("invalid type string '{spec}'");
    let mut chars = spec.chars().peekable();
    while let Some(letter) = chars.next() {
        let kind = match letter {
            'a' => Kind::Named,
            'c' => Kind::Char,
            'd' => Kind::Signed,
            'u' => Kind::Unsigned,
            'o' => Kind::Octal,
            'x' => Kind::Hex,
            'f' => Kind::Float,
            other => return Err(format!("invalid character '{other}' in type string '{spec}'")),
        };
        let mut size = match kind {
            Kind::Named | Kind::Char => 1,
            Kind::Float => 8,
            _ => 4,
        };
        if !matches!(kind, Kind::Named | Kind::Char) {
            let mut digits = String::new();
            while let Some(digit) = chars.next_if(char::is_ascii_digit) {
                digits.push(digit);
            }
            if !digits.is_empty() {
                size = digits.parse().map_err(|_| invalid())?;
            } else if let Some(letter) = chars.next_if(|c| "CSILFD".contains(*c)) {
                size = match letter {
                    'C' => 1,
                    'S' => 2,
                    'I' | 'F' => 4,
                    _ => 8,
                };
            }
            let valid = if kind == Kind::Float { matches!(size, 4 | 8) } else { matches!(size, 1 | 2 | 4 | 8) };
            if !valid {
                let what = if kind == Kind::Float { "floating point" } else { "integral" };
                return Err(format!(
                    "invalid type string '{spec}';\nthis system doesn't provide a {size}-byte {what} type"
                ));
            }
        }
        let text = chars.next_if_eq(&'z').is_some();
        types.push(Type { kind, size, text, big_endian: false });
    }
    Ok(())
}

/// `-j`/`-N` counts: decimal, `0x` hex or `0` octal, with GNU's multipliers (`b` 512, `k`
/// 1024, `kB` 1000, `M`, `MB`, `G`, …).
fn parse_count(text: &str) -> Option<u64> {
    let split = text.find(|c: char| !c.is_ascii_hexdigit() && c != 'x' && c != 'X').unwrap_or(text.len());
    let (mut number, mut unit) = text.split_at(split);
    // A trailing `b` is a unit, not a hex digit, unless the number is hexadecimal.
    if !number.starts_with("0x") && !number.starts_with("0X") && number.ends_with(['b', 'B']) && unit.is_empty() {
        (number, unit) = text.split_at(text.len() - 1);
    }
    let value = if let Some(hex) = number.strip_prefix("0x").or_else(|| number.strip_prefix("0X")) {
        u64::from_str_radix(hex, 16).ok()?
    } else if number.len() > 1 && number.starts_with('0') {
        u64::from_str_radix(&number[1..], 8).ok()?
    } else {
        number.parse().ok()?
    };
    let multiplier: u64 = match unit {
        "" => 1,
        "b" | "B" => 512,
        "k" | "K" | "KiB" => 1 << 10,
        "kB" | "KB" => 1000,
        "M" | "MiB" => 1 << 20,
        "MB" => 1_000_000,
        "G" | "GiB" => 1 << 30,
        "GB" => 1_000_000_000,
        _ => return None,
    };
    value.checked_mul(multiplier)
}

/// What the flags asked for.
struct Options {
    radix: char,
    types: Vec<Type>,
    skip: u64,
    limit: Option<u64>,
    width: usize,
    verbose: bool,
    files: Vec<String>,
}

const ENDIAN: Opt =
    Opt::long("endian", "swap input bytes according to the specified order: little or big").value("ORDER");

/// `od`.
pub const OD: Spec = Spec {
    name: "od",
    summary: "dump bytes in octal, hex, decimal, floating point or characters",
    synopsis: &["[OPTION]... [FILE]..."],
    about: "Write an unambiguous representation, octal bytes by default, of FILE to standard output.",
    options: &[
        Opt::both('A', "address-radix", "output format for file offsets; RADIX is one of [doxn]").value("RADIX"),
        Opt::both('j', "skip-bytes", "skip BYTES input bytes first").value("BYTES"),
        Opt::both('N', "read-bytes", "limit dump to BYTES input bytes").value("BYTES"),
        Opt::both('t', "format", "select output format or formats").value("TYPE"),
        Opt::both('v', "output-duplicates", "do not use * to mark line suppression"),
        Opt::both('w', "width", "output BYTES bytes per output line; 32 is implied when BYTES is not specified")
            .optional("BYTES"),
        Opt::short('a', "same as -t a, select named characters"),
        Opt::short('b', "same as -t o1, select octal bytes"),
        Opt::short('c', "same as -t c, select printable characters or backslash escapes"),
        Opt::short('d', "same as -t u2, select unsigned decimal 2-byte units"),
        Opt::short('f', "same as -t fF, select floats"),
        Opt::short('i', "same as -t dI, select decimal ints"),
        Opt::short('l', "same as -t dL, select decimal longs"),
        Opt::short('o', "same as -t o2, select octal 2-byte units"),
        Opt::short('s', "same as -t d2, select decimal 2-byte units"),
        Opt::short('x', "same as -t x2, select hexadecimal 2-byte units"),
        Opt::short('B', "same as -t o2 (traditional)"),
        Opt::short('D', "same as -t u4 (traditional)"),
        Opt::short('e', "same as -t fD (traditional)"),
        Opt::short('F', "same as -t fD (traditional)"),
        Opt::short('h', "same as -t x2 (traditional)"),
        Opt::short('H', "same as -t x4 (traditional)"),
        Opt::short('X', "same as -t x4 (traditional)"),
        Opt::short('I', "same as -t dL (traditional)"),
        Opt::short('L', "same as -t dL (traditional)"),
        Opt::short('O', "same as -t o4 (traditional)"),
        Opt::long("traditional", "accept arguments in the traditional form (the options above)"),
        ENDIAN,
    ],
    long_order: &["skip-bytes", "strings"],
    ..Spec::BASE
};

async fn parse(ctx: &Ctx<'_>, args: Args) -> Result<Options, Status> {
    let mut o =
        Options { radix: 'o', types: Vec::new(), skip: 0, limit: None, width: 16, verbose: false, files: Vec::new() };
    // `--endian=ORDER`, the last one given (GNU takes a unique prefix of the word).
    let mut big_endian = false;
    if let Some(order) = args.last(&ENDIAN) {
        big_endian = match order {
            _ if !order.is_empty() && "big".starts_with(order) => true,
            _ if !order.is_empty() && "little".starts_with(order) => false,
            _ => {
                let said =
                    format!("invalid argument '{order}' for '--endian'\nValid arguments are:\n  - 'little'\n  - 'big'");
                return Err(ctx.misuse(&OD, said).await);
            }
        };
    }
    // Every option of od but --traditional (which changes nothing here) and --endian has a
    // letter: the loop reads them by it.
    for (opt, value) in args.given().filter(|(opt, _)| opt.short.is_some()) {
        let (flag, value) = (opt.short.unwrap_or_default(), value.to_string());
        let legacy = match flag {
            'a' => "a",
            'b' => "o1",
            'c' => "c",
            'd' => "u2",
            'f' => "f4",
            'i' => "d4",
            'l' | 'I' | 'L' => "d8",
            'o' | 'B' => "o2",
            's' => "d2",
            'x' | 'h' => "x2",
            'D' => "u4",
            'e' | 'F' => "f8",
            'H' | 'X' => "x4",
            'O' => "o4",
            _ => "",
        };
        if !legacy.is_empty() {
            let _ = parse_types(legacy, &mut o.types);
            continue;
        }
        let count = parse_count(&value);
        match flag {
            'v' => o.verbose = true,
            'w' if value.is_empty() => o.width = 32,
            'w' => match count.and_then(|w| usize::try_from(w).ok()).filter(|&w| w > 0) {
                Some(width) => o.width = width,
                None => return Err(ctx.fail(format!("invalid width argument '{value}'")).await),
            },
            'A' => match value.as_str() {
                "d" | "o" | "x" | "n" => o.radix = value.chars().next().unwrap_or('o'),
                _ => {
                    let message =
                        format!("invalid output address radix '{value}'; it must be one character from [doxn]");
                    return Err(ctx.fail(message).await);
                }
            },
            't' => {
                if let Err(message) = parse_types(&value, &mut o.types) {
                    return Err(ctx.fail(message).await);
                }
            }
            _ => match count {
                Some(n) if flag == 'j' => o.skip = n,
                Some(n) => o.limit = Some(n),
                None => {
                    let what = if flag == 'j' { "skip" } else { "count" };
                    return Err(ctx.fail(format!("invalid {what} argument '{value}'")).await);
                }
            },
        }
    }
    o.files = args.operands;
    if o.types.is_empty() {
        o.types.push(Type { kind: Kind::Octal, size: 2, text: false, big_endian: false });
    }
    for kind in &mut o.types {
        kind.big_endian = big_endian;
    }
    // A line holds whole fields of every type: else GNU warns and uses the least common
    // multiple of the sizes (all powers of two, so the largest).
    let lcm = o.types.iter().map(|t| t.size).max().unwrap_or(1);
    if !o.width.is_multiple_of(lcm) {
        ctx.complain(format!("warning: invalid width {}; using {lcm} instead", o.width)).await;
        o.width = lcm;
    }
    if o.files.is_empty() {
        o.files.push("-".to_string());
    }
    Ok(o)
}

/// Writes the blocks of the input as they fill.
struct Dumper<'o> {
    o: &'o Options,
    /// Characters of a block's line, the same for every type: the widest type's fields with a
    /// space before each; the others' fields share the spare spaces out, as GNU od does.
    line_width: usize,
    offset: u64,
    previous: Option<Vec<u8>>,
    starred: bool,
    out: String,
}

impl Dumper<'_> {
    fn address(&self, offset: u64) -> String {
        match self.o.radix {
            'd' => format!("{offset:07}"),
            'x' => format!("{offset:06x}"),
            'n' => String::new(),
            _ => format!("{offset:07o}"),
        }
    }

    fn block(&mut self, block: &[u8]) {
        let full = block.len() == self.o.width;
        if full && !self.o.verbose && self.previous.as_deref() == Some(block) {
            if !self.starred {
                self.out.push_str("*\n");
                self.starred = true;
            }
            self.offset += block.len() as u64;
            return;
        }
        self.starred = false;
        let address = self.address(self.offset);
        for (line, kind) in self.o.types.iter().enumerate() {
            if line == 0 {
                self.out.push_str(&address);
            } else {
                self.out.push_str(&" ".repeat(address.len()));
            }
            let fields = self.o.width / kind.size;
            let pad = self.line_width - kind.width() * fields;
            let (mut pad_left, mut used) = (pad, 0);
            for (at, field) in block.chunks(kind.size).enumerate() {
                let next_pad = pad * (fields - at - 1) / fields;
                let field_width = pad_left - next_pad + kind.width();
                pad_left = next_pad;
                let text = kind.field(field);
                self.out.push_str(&format!("{text:>field_width$}"));
                used += field_width;
            }
            if kind.text {
                let shown: String =
                    block.iter().map(|&b| if (0x20..0x7f).contains(&b) { b as char } else { '.' }).collect();
                self.out.push_str(&format!("{}  >{shown}<", " ".repeat(self.line_width - used)));
            }
            self.out.push('\n');
        }
        self.offset += block.len() as u64;
        self.previous = full.then(|| block.to_vec());
    }
}

/// `od [-A RADIX] [-j SKIP] [-N COUNT] [-t TYPE]... [-w[N]] [-v] [-abcdfilosx] [FILE]...`
pub async fn od(ctx: Ctx<'_>, args: Args) -> Status {
    let o = match parse(&ctx, args).await {
        Ok(o) => o,
        Err(status) => return status,
    };
    let line_width = o.types.iter().map(|t| (t.width() + 1) * (o.width / t.size)).max().unwrap_or(0);
    let mut dumper = Dumper { o: &o, line_width, offset: o.skip, previous: None, starred: false, out: String::new() };
    let (mut skip, mut left) = (o.skip, o.limit.unwrap_or(u64::MAX));
    let mut pending: Vec<u8> = Vec::new();
    let mut status = 0;
    // GNU prints the closing offset only when some input could be opened.
    let mut opened = false;
    'files: for file in &o.files {
        let mut reader = match ctx.open_operand(file) {
            Ok(reader) => {
                opened = true;
                reader
            }
            Err(err) => {
                // GNU opens a directory; only its read fails, so the offset is still printed.
                opened |= err.kind() == std::io::ErrorKind::IsADirectory;
                ctx.complain(format!("{file}: {}", crate::vfs::describe(&err), file = quotef(file))).await;
                status = 1;
                continue;
            }
        };
        while left > 0 {
            let mut piece = match reader.chunk().await {
                Ok(Some(piece)) => piece,
                Ok(None) => break,
                Err(err) => {
                    ctx.complain(format!("{file}: read error: {}", crate::vfs::describe(&err), file = quotef(file)))
                        .await;
                    status = 1;
                    break;
                }
            };
            let dropped = usize::try_from(skip).unwrap_or(usize::MAX).min(piece.len());
            piece.drain(..dropped);
            skip -= dropped as u64;
            piece.truncate(usize::try_from(left).unwrap_or(usize::MAX));
            left -= piece.len() as u64;
            pending.extend_from_slice(&piece);
            let whole = pending.len() - pending.len() % o.width;
            for block in pending[..whole].chunks(o.width) {
                dumper.block(block);
            }
            pending.drain(..whole);
            // The lines of a piece go out before the next is waited for; a piece that made
            // none (repeats shown as `*`) is still a step, so the deadline holds.
            let going = if dumper.out.is_empty() { ctx.step().await } else { ctx.out_piece(&mut dumper.out).await };
            if !going {
                return 1;
            }
            if left == 0 {
                break 'files;
            }
        }
    }
    if skip > 0 {
        ctx.complain("cannot skip past end of combined input").await;
        return 1;
    }
    if !pending.is_empty() {
        let rest = std::mem::take(&mut pending);
        dumper.block(&rest);
    }
    if o.radix != 'n' && (opened || o.files.is_empty()) {
        let end = dumper.address(dumper.offset);
        dumper.out.push_str(&end);
        dumper.out.push('\n');
    }
    if !ctx.out(dumper.out).await {
        return 1;
    }
    status
}
