//! `hexdump` and `hd` (util-linux): input shown through format strings. Every display is one:
//! `-C` is three format strings, `-x` two, and `-e`/`-f` take the user's own, so there is one
//! engine — the format language parsed into units of prints, a block size taken from the
//! largest string, each block shown by every string in turn, repeated blocks squeezed to `*`,
//! and the final partial block padded with spaces where its data ends — read a piece at a time.
//!
//! A format string is units `[COUNT][/BYTES] "FORMAT"`; a format is text and printf conversions
//! (`%d %i %o %u %x %X` of 1, 2, 4 or 8 bytes, `%e %f %g` of 4 or 8, `%c`, `%s`) and hexdump's
//! own (`%_a`/`%_A` the offset, `%_c` escaped, `%_p` printable, `%_u` named characters).

use crate::Ctx;
use crate::session::Status;
use crate::spec::{Args, Opt, Spec};
use crate::text::cfmt::{self, format_float, format_int};

/// One conversion of a format, and what it shows.
#[derive(Clone, Copy, PartialEq, Debug)]
enum Conv {
    /// `%_a` (`%_A` in the unit that ends the output): the offset, in `d`, `o` or `x`.
    Address(char),
    /// `%d %i` of this many bytes.
    Signed(char, usize),
    /// `%o %u %x %X` of this many bytes.
    Unsigned(char, usize),
    /// `%e %E %f %g %G` of a float of this many bytes.
    Float(char, usize),
    /// `%c`: the byte.
    Char,
    /// `%s` over this many bytes: the text up to its first NUL.
    Str(usize),
    /// `%_c`: C escapes, printable characters, else three octal digits.
    Escaped,
    /// `%_p`: printable characters, else `.`.
    Printable,
    /// `%_u`: control characters by name, printable ones, else the byte in hex.
    Named,
}

impl Conv {
    /// Bytes of input one print of it shows.
    fn bytes(self) -> usize {
        match self {
            Conv::Address(_) => 0,
            Conv::Signed(_, n) | Conv::Unsigned(_, n) | Conv::Float(_, n) | Conv::Str(n) => n,
            Conv::Char | Conv::Escaped | Conv::Printable | Conv::Named => 1,
        }
    }
}

/// Text, then at most one conversion: a piece of a format as printf would take it.
#[derive(Debug)]
struct Print {
    text: Vec<u8>,
    conv: Option<(Conv, cfmt::Spec)>,
}

impl Print {
    fn bytes(&self) -> usize {
        self.conv.map_or(0, |(conv, _)| conv.bytes())
    }

    /// At most what it writes in a block of `block` bytes, and one more.
    fn most(&self, block: usize) -> usize {
        let Some((conv, spec)) = self.conv else { return self.text.len() + 1 };
        let natural = match conv {
            // 64 bits in octal, a sign and `0x`.
            Conv::Address(_) | Conv::Signed(..) | Conv::Unsigned(..) => 26,
            // The digits of the largest double, its sign, point and exponent.
            Conv::Float(..) => 330,
            Conv::Char | Conv::Printable | Conv::Escaped | Conv::Named => 3,
            Conv::Str(_) => block,
        };
        let body = natural.saturating_add(spec.precision.unwrap_or(0));
        self.text.len().saturating_add(body.max(spec.width.unwrap_or(0))).saturating_add(1)
    }
}

/// `[COUNT][/BYTES] "FORMAT"`, its format split into prints.
#[derive(Debug)]
struct Unit {
    reps: usize,
    prints: Vec<Print>,
    /// It holds `%_A`: shown once, after all input, and never with a block.
    end: bool,
    /// The last print's final whitespace is left out of the last repetition.
    nospace: bool,
}

/// A unit as written, before its format is split.
struct Written {
    reps: Option<usize>,
    bytes: Option<usize>,
    format: Vec<u8>,
}

/// Characters of a conversion between `%` and its letter (flags and width; `.` is read apart).
const FLAGS: &[u8] = b"#-+ 0123456789";

/// A format string's units, as hexdump's parser reads them; the error is its message.
fn units_of(text: &str) -> Result<Vec<Written>, String> {
    let bad = || format!("bad format {{{text}}}");
    // The format's own bytes: a byte that is not UTF-8 is written as it was given.
    let raw = toolsh_bytes::encode(text);
    let bytes = &raw[..];
    let mut at = 0;
    let mut units = Vec::new();
    let skip_space = |at: &mut usize| {
        while bytes.get(*at).is_some_and(u8::is_ascii_whitespace) {
            *at += 1;
        }
    };
    let number = |at: &mut usize| {
        let start = *at;
        while bytes.get(*at).is_some_and(u8::is_ascii_digit) {
            *at += 1;
        }
        // As atoi would not, a count too large to hold is held at the most (the block-size
        // limit refuses it before anything is allocated).
        std::str::from_utf8(&bytes[start..*at]).ok().and_then(|d| d.parse::<usize>().ok()).unwrap_or(usize::MAX)
    };
    loop {
        skip_space(&mut at);
        if at >= bytes.len() {
            return Ok(units);
        }
        let mut unit = Written { reps: None, bytes: None, format: Vec::new() };
        if bytes[at].is_ascii_digit() {
            unit.reps = Some(number(&mut at));
            if !bytes.get(at).is_some_and(|&b| b.is_ascii_whitespace() || b == b'/') {
                return Err(bad());
            }
            at += 1;
            skip_space(&mut at);
        }
        if bytes.get(at) == Some(&b'/') {
            at += 1;
            skip_space(&mut at);
        }
        if bytes.get(at).is_some_and(u8::is_ascii_digit) {
            unit.bytes = Some(number(&mut at));
            if !bytes.get(at).is_some_and(u8::is_ascii_whitespace) {
                return Err(bad());
            }
            skip_space(&mut at);
        }
        if bytes.get(at) != Some(&b'"') {
            return Err(bad());
        }
        let start = at + 1;
        let Some(len) = memchr::memchr(b'"', &bytes[start..]) else { return Err(bad()) };
        unit.format = escape(&bytes[start..start + len]);
        at = start + len + 1;
        units.push(unit);
    }
}

/// The format's backslash escapes: `\n`, `\t` and C's other letters; any other character
/// after a backslash stands for itself.
fn escape(format: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(format.len());
    let mut bytes = format.iter();
    while let Some(&b) = bytes.next() {
        if b != b'\\' {
            out.push(b);
            continue;
        }
        match bytes.next() {
            Some(b'a') => out.push(0x07),
            Some(b'b') => out.push(0x08),
            Some(b'f') => out.push(0x0c),
            Some(b'n') => out.push(b'\n'),
            Some(b'r') => out.push(b'\r'),
            Some(b't') => out.push(b'\t'),
            Some(b'v') => out.push(0x0b),
            Some(&other) => out.push(other),
            None => {}
        }
    }
    out
}

/// Bytes a format string shows, as hexdump counts them before reading the formats closely.
fn bytes_of(units: &[Written]) -> usize {
    let mut total = 0usize;
    for unit in units {
        let reps = unit.reps.unwrap_or(1);
        if let Some(bytes) = unit.bytes {
            total = total.saturating_add(bytes.saturating_mul(reps));
            continue;
        }
        let format = &unit.format;
        let mut bytes = 0usize;
        let mut at = 0;
        while at < format.len() {
            if format[at] != b'%' {
                at += 1;
                continue;
            }
            at += 1;
            while format.get(at).is_some_and(|b| FLAGS.contains(b)) {
                at += 1;
            }
            let mut precision = 0;
            if format.get(at) == Some(&b'.') && format.get(at + 1).is_some_and(u8::is_ascii_digit) {
                at += 1;
                let start = at;
                while format.get(at).is_some_and(u8::is_ascii_digit) {
                    at += 1;
                }
                precision = std::str::from_utf8(&format[start..at]).ok().and_then(|t| t.parse().ok()).unwrap_or(0);
            }
            match format.get(at) {
                Some(b'd' | b'i' | b'o' | b'u' | b'x' | b'X') => bytes += 4,
                Some(b'e' | b'f' | b'g' | b'E' | b'G') => bytes += 8,
                Some(b's') => bytes = bytes.saturating_add(precision),
                Some(b'c') => bytes += 1,
                Some(b'_') if matches!(format.get(at + 1), Some(b'c' | b'p' | b'u')) => {
                    at += 1;
                    bytes += 1;
                }
                _ => {}
            }
            at += 1;
        }
        total = total.saturating_add(bytes.saturating_mul(reps));
    }
    total
}

/// A unit's format split into prints, each conversion's byte count checked; with the bytes the
/// unit shows and whether it holds `%_A`.
fn rewrite(unit: &Written) -> Result<(Vec<Print>, usize, bool), String> {
    let format = &unit.format;
    let mut prints = Vec::new();
    let mut at = 0;
    let mut conversions = 0;
    let mut end = false;
    while at < format.len() {
        let Some(percent) = memchr::memchr(b'%', &format[at..]).map(|p| at + p) else {
            prints.push(Print { text: format[at..].to_vec(), conv: None });
            break;
        };
        let text = format[at..percent].to_vec();
        let mut letter = percent + 1;
        let mut precision = None;
        if unit.bytes.is_some() {
            while format.get(letter).is_some_and(|b| FLAGS.contains(b) || *b == b'.') {
                letter += 1;
            }
        } else {
            while format.get(letter).is_some_and(|b| FLAGS.contains(b)) {
                letter += 1;
            }
            if format.get(letter) == Some(&b'.') {
                letter += 1;
                if format.get(letter).is_some_and(u8::is_ascii_digit) {
                    let start = letter;
                    while format.get(letter).is_some_and(u8::is_ascii_digit) {
                        letter += 1;
                    }
                    let digits = std::str::from_utf8(&format[start..letter]).unwrap_or("0");
                    precision = Some(digits.parse::<usize>().unwrap_or(usize::MAX));
                }
            }
        }
        let mut spec_at = percent + 1;
        let spec = cfmt::parse_spec(&format[..letter], &mut spec_at, || 0).held();
        let shown =
            |from: usize, len: usize| toolsh_bytes::decode(&format[from..(from + len).min(format.len())]).into_owned();
        let bad_count = |len: usize| format!("bad byte count for conversion character {}", shown(letter, len));
        let bad_conversion = |len: usize| format!("bad conversion character %{}", shown(letter, len));
        let sized = |allowed: &[usize], default: usize| match unit.bytes {
            None => Ok(default),
            Some(n) if allowed.contains(&n) => Ok(n),
            Some(_) => Err(bad_count(1)),
        };
        let mut next = letter + 1;
        let conv = match format.get(letter).copied() {
            Some(b'c') => sized(&[0, 1], 1).map(|_| Conv::Char)?,
            Some(c @ (b'd' | b'i')) => Conv::Signed(c as char, sized(&[1, 2, 4, 8], 4)?),
            Some(c @ (b'o' | b'u' | b'x' | b'X')) => Conv::Unsigned(c as char, sized(&[1, 2, 4, 8], 4)?),
            Some(c @ (b'e' | b'f' | b'g' | b'E' | b'G')) => Conv::Float(c as char, sized(&[4, 8], 8)?),
            Some(b's') => match (unit.bytes, precision) {
                (Some(n), _) => Conv::Str(n),
                (None, Some(n)) => Conv::Str(n),
                (None, None) => return Err("%s requires a precision or a byte count".to_string()),
            },
            Some(b'_') => {
                next += 1;
                let one = || match unit.bytes {
                    None | Some(0 | 1) => Ok(()),
                    Some(_) => Err(bad_count(2)),
                };
                match format.get(letter + 1).copied() {
                    Some(which @ (b'a' | b'A')) => {
                        next += 1;
                        end |= which == b'A';
                        match format.get(letter + 2).copied() {
                            Some(radix @ (b'd' | b'o' | b'x')) => Conv::Address(radix as char),
                            _ => return Err(bad_conversion(3)),
                        }
                    }
                    Some(b'c') => one().map(|()| Conv::Escaped)?,
                    Some(b'p') => one().map(|()| Conv::Printable)?,
                    Some(b'u') => one().map(|()| Conv::Named)?,
                    _ => return Err(bad_conversion(2)),
                }
            }
            _ => return Err(bad_conversion(1)),
        };
        if !matches!(conv, Conv::Address(_)) && unit.bytes.is_some() {
            conversions += 1;
            if conversions > 1 {
                return Err("byte count with multiple conversion characters".to_string());
            }
        }
        // A color (`_L[…]`) after a conversion: toolsh's output is never colored.
        if format[next..].starts_with(b"_L[") {
            next = memchr::memchr(b']', &format[next..]).map_or(format.len(), |p| next + p + 1);
        }
        prints.push(Print { text, conv: Some((conv, spec)) });
        at = next;
    }
    let bytes = unit.bytes.unwrap_or_else(|| prints.iter().map(Print::bytes).sum());
    Ok((prints, bytes, end))
}

/// The format strings read and checked: the units of each, the block size, and the unit that
/// ends the output.
struct Formats {
    strings: Vec<Vec<Unit>>,
    block: usize,
    /// (string, unit) of the last unit holding `%_A`.
    end: Option<(usize, usize)>,
    /// At most the bytes showing one block writes, plus a byte a print: its work.
    work: usize,
}

fn formats(written: Vec<Vec<Written>>) -> Result<Formats, String> {
    let sizes: Vec<usize> = written.iter().map(|units| bytes_of(units)).collect();
    let block = sizes.iter().copied().max().unwrap_or(0);
    let mut strings = Vec::with_capacity(written.len());
    let mut end = None;
    let mut work = 0usize;
    for (index, units) in written.iter().enumerate() {
        let mut done = Vec::with_capacity(units.len());
        for (at, unit) in units.iter().enumerate() {
            let (prints, bytes, is_end) = rewrite(unit)?;
            let mut reps = unit.reps.unwrap_or(1);
            // The last unit of a string that shows less than a block, with no count of its own,
            // repeats to fill the block.
            if at + 1 == units.len() && sizes[index] < block && unit.reps.is_none() && bytes > 0 {
                reps = reps.saturating_add((block - sizes[index]) / bytes);
            }
            let nospace = reps > 1
                && prints
                    .last()
                    .is_some_and(|p| p.conv.is_none() && p.text.last().is_some_and(u8::is_ascii_whitespace));
            if is_end {
                end = Some((index, at));
            }
            let each = prints.iter().fold(0usize, |sum, print| sum.saturating_add(print.most(block)));
            work = work.saturating_add(reps.saturating_mul(each));
            done.push(Unit { reps, prints, end: is_end, nospace });
        }
        strings.push(done);
    }
    Ok(Formats { strings, block, end, work })
}

/// `-C`'s format strings.
const CANONICAL: [&str; 3] =
    ["\"%08.8_Ax\n\"", "\"%08.8_ax  \" 8/1 \"%02x \" \"  \" 8/1 \"%02x \" ", "\"  |\" 16/1 \"%_p\" \"|\\n\""];
/// The offset at the end, for every display but `-C`.
const END_OFFSET: &str = "\"%07.7_Ax\n\"";

/// The names `%_u` gives control characters.
const NAMES: [&str; 32] = [
    "nul", "soh", "stx", "etx", "eot", "enq", "ack", "bel", "bs", "ht", "lf", "vt", "ff", "cr", "so", "si", "dle",
    "dc1", "dc2", "dc3", "dc4", "nak", "syn", "etb", "can", "em", "sub", "esc", "fs", "gs", "rs", "us",
];

fn printable(b: u8) -> bool {
    (0x20..0x7f).contains(&b)
}

/// `text` as `%s` or `%c` writes it: cut to the precision (for `%s`), then padded to the width,
/// on the right with `-`. glibc pads strings and characters with spaces, `0` or not.
fn pad(out: &mut Vec<u8>, text: &[u8], spec: &cfmt::Spec, string: bool) {
    let text = match spec.precision {
        Some(p) if string => &text[..p.min(text.len())],
        _ => text,
    };
    let fill = spec.width.unwrap_or(0).saturating_sub(text.len());
    if !spec.left {
        out.resize(out.len() + fill, b' ');
    }
    out.extend_from_slice(text);
    if spec.left {
        out.resize(out.len() + fill, b' ');
    }
}

/// `%o %u %x %X` (and an offset's `%d`) of `value`, written straight into `out` for the plain
/// specs every display uses — a width filled with zeros or spaces, a precision of digits —
/// and through cfmt for the rest: a dump makes one for nearly every byte.
fn unsigned(out: &mut Vec<u8>, value: u64, conv: char, spec: &cfmt::Spec) {
    use std::io::Write;
    let width = spec.width.unwrap_or(0);
    let plain = !(spec.left || spec.plus || spec.space || spec.alt) && width <= 64;
    if !plain || spec.precision.is_some_and(|p| p > 64 || (p == 0 && value == 0)) {
        out.extend_from_slice(format_int(value as i64, conv, spec).as_bytes());
        return;
    }
    let zeros = spec.zero && spec.precision.is_none();
    let digits = if zeros { width.max(1) } else { spec.precision.unwrap_or(1) };
    let start = out.len();
    let _ = match conv {
        'o' => write!(out, "{value:0digits$o}"),
        'x' => write!(out, "{value:0digits$x}"),
        'X' => write!(out, "{value:0digits$X}"),
        _ => write!(out, "{value:0digits$}"),
    };
    let len = out.len() - start;
    if len < width {
        out.splice(start..start, std::iter::repeat_n(b' ', width - len));
    }
}

/// One conversion of the bytes at `data` (the rest of the block), at offset `address`.
fn convert(out: &mut Vec<u8>, conv: Conv, spec: &cfmt::Spec, data: &[u8], address: u64) {
    let byte = data.first().copied().unwrap_or(0);
    let word = |n: usize| {
        let mut word = [0u8; 8];
        let have = n.min(data.len());
        word[..have].copy_from_slice(&data[..have]);
        u64::from_ne_bytes(word)
    };
    match conv {
        Conv::Address(radix) => unsigned(out, address, radix, spec),
        Conv::Signed(c, n) => {
            let bits = n * 8;
            let value = word(n);
            let signed = if bits == 64 { value as i64 } else { ((value << (64 - bits)) as i64) >> (64 - bits) };
            out.extend_from_slice(format_int(signed, c, spec).as_bytes());
        }
        Conv::Unsigned(c, n) => unsigned(out, word(n), c, spec),
        Conv::Float(c, 4) => {
            let value = f32::from_bits(word(4) as u32);
            out.extend_from_slice(format_float(f64::from(value), c, spec).as_bytes());
        }
        Conv::Float(c, _) => out.extend_from_slice(format_float(f64::from_bits(word(8)), c, spec).as_bytes()),
        Conv::Char => pad(out, &[byte], spec, false),
        Conv::Str(_) => {
            // printf's `%s` of the bytes there: up to the first NUL (within the block).
            let text = memchr::memchr(0, data).map_or(data, |nul| &data[..nul]);
            pad(out, text, spec, true);
        }
        Conv::Escaped => {
            let escaped: &[u8] = match byte {
                0 => b"\\0",
                0x07 => b"\\a",
                0x08 => b"\\b",
                0x0c => b"\\f",
                b'\n' => b"\\n",
                b'\r' => b"\\r",
                b'\t' => b"\\t",
                0x0b => b"\\v",
                b if printable(b) => return pad(out, &[b], spec, false),
                b => return pad(out, format!("{b:03o}").as_bytes(), spec, true),
            };
            pad(out, escaped, spec, true);
        }
        Conv::Printable => pad(out, &[if printable(byte) { byte } else { b'.' }], spec, false),
        Conv::Named => match byte {
            0..=0x1f => pad(out, NAMES[usize::from(byte)].as_bytes(), spec, true),
            0x7f => pad(out, b"del", spec, true),
            b if printable(b) => pad(out, &[b], spec, false),
            b => out.extend_from_slice(format_int(i64::from(b), 'x', spec).as_bytes()),
        },
    }
}

/// Where squeezing stands (hexdump's `vflag`).
#[derive(Clone, Copy, PartialEq)]
enum Squeeze {
    /// `-v`: every block is shown.
    Never,
    /// No block shown yet.
    First,
    /// The last block was shown.
    Shown,
    /// The last block repeated the one before; `*` is out.
    Repeating,
}

/// The display: blocks as they fill, in the order read.
struct Dumper<'f> {
    formats: &'f Formats,
    block: Vec<u8>,
    previous: Vec<u8>,
    squeeze: Squeeze,
    /// The offset of the block being filled.
    address: u64,
    out: Vec<u8>,
}

impl Dumper<'_> {
    /// Takes in bytes, showing each block they complete, until the output holds a piece;
    /// returns how many it took.
    fn feed(&mut self, data: &[u8]) -> usize {
        let size = self.formats.block;
        if size == 0 {
            self.address += data.len() as u64;
            return data.len();
        }
        let mut used = 0;
        while used < data.len() && self.out.len() < OUT_PIECE {
            let take = (size - self.block.len()).min(data.len() - used);
            self.block.extend_from_slice(&data[used..used + take]);
            used += take;
            if self.block.len() < size {
                break;
            }
            let repeated = matches!(self.squeeze, Squeeze::Shown | Squeeze::Repeating) && self.block == self.previous;
            if repeated {
                if self.squeeze == Squeeze::Shown {
                    self.out.extend_from_slice(b"*\n");
                }
                self.squeeze = Squeeze::Repeating;
            } else {
                show(self.formats, &mut self.out, &self.block, self.address, None);
                if self.squeeze != Squeeze::Never {
                    self.squeeze = Squeeze::Shown;
                }
                std::mem::swap(&mut self.previous, &mut self.block);
            }
            self.block.clear();
            self.address += size as u64;
        }
        used
    }

    /// The last partial block, then the unit that ends the output.
    fn finish(&mut self) {
        let mut end = None;
        if !self.block.is_empty() {
            let data = self.block.len();
            let at = self.address + data as u64;
            let mut block = std::mem::take(&mut self.block);
            block.resize(self.formats.block, 0);
            show(self.formats, &mut self.out, &block, self.address, Some(at));
            end = Some(at);
        }
        let Some((string, unit)) = self.formats.end else { return };
        let end = match end {
            Some(end) => end,
            None if self.address == 0 => return,
            None => self.address,
        };
        for print in &self.formats.strings[string][unit].prints {
            match print.conv {
                None => self.out.extend_from_slice(&print.text),
                Some((Conv::Address(radix), spec)) => {
                    self.out.extend_from_slice(&print.text);
                    self.out.extend_from_slice(format_int(end as i64, radix, &spec).as_bytes());
                }
                Some(_) => {}
            }
        }
    }
}

/// Shows one block at offset `start`; `end` is where the data ends in the last one.
fn show(formats: &Formats, out: &mut Vec<u8>, block: &[u8], start: u64, end: Option<u64>) {
    for units in &formats.strings {
        let mut address = start;
        let mut at = 0usize;
        let mut left = block.len() as i64;
        for unit in units {
            if unit.end {
                break;
            }
            if unit.prints.iter().all(|p| p.conv.is_none() && p.text.is_empty()) {
                continue;
            }
            let mut count = unit.reps;
            'reps: while count > 0 && left >= 0 {
                for (index, print) in unit.prints.iter().enumerate() {
                    let mut text = &print.text[..];
                    if count == 1 && unit.nospace && index + 1 == unit.prints.len() {
                        text = &text[..text.len() - 1];
                    }
                    out.extend_from_slice(text);
                    if let Some((conv, spec)) = print.conv {
                        if end.is_some_and(|end| address >= end) {
                            // Past the data: as many spaces as the field's width.
                            out.resize(out.len() + spec.width.unwrap_or(0), b' ');
                        } else {
                            convert(out, conv, &spec, block.get(at..).unwrap_or(&[]), address);
                        }
                    }
                    let bytes = print.bytes();
                    address += bytes as u64;
                    left -= bytes as i64;
                    if left < 0 {
                        break 'reps;
                    }
                    at += bytes;
                }
                count -= 1;
            }
        }
    }
}

/// Output gathered before it is written.
const OUT_PIECE: usize = 64 * 1024;

/// A size as util-linux reads one (`-n`, `-s`): a number in C's bases, then a multiplier
/// (`K`, `KiB` of 1024, `KB` of 1000, up to `Y`).
fn size(text: &str) -> Result<u64, &'static str> {
    const INVALID: &str = "Invalid argument";
    const RANGE: &str = "Numerical result out of range";
    let digits_end = |s: &str, radix: u32| s.find(|c: char| !c.is_digit(radix)).unwrap_or(s.len());
    let (radix, body) = if let Some(hex) = text.strip_prefix("0x").or_else(|| text.strip_prefix("0X")) {
        (16, hex)
    } else if text.len() > 1 && text.starts_with('0') {
        (8, &text[1..])
    } else {
        (10, text)
    };
    let len = digits_end(body, radix);
    if len == 0 && radix != 8 {
        return Err(INVALID);
    }
    let value = if len == 0 { 0 } else { u64::from_str_radix(&body[..len], radix).map_err(|_| RANGE)? };
    let mut rest = &body[len..];
    // A fraction (`1.5K`) counts with its multiplier.
    let mut fraction = (0u64, 1u64);
    if radix == 10
        && let Some(after) = rest.strip_prefix('.')
    {
        let flen = digits_end(after, 10);
        for digit in after[..flen].bytes().take(9) {
            fraction = (fraction.0 * 10 + u64::from(digit - b'0'), fraction.1 * 10);
        }
        rest = &after[flen..];
    }
    if rest.is_empty() {
        return Ok(value);
    }
    let mut letters = rest.chars();
    let power = match letters.next().map(|c| c.to_ascii_uppercase()) {
        Some(c) => "KMGTPEZY".find(c).ok_or(INVALID)? as u32 + 1,
        None => 0,
    };
    let base: u64 = match letters.as_str() {
        "" | "iB" | "ib" => 1024,
        "B" | "b" => 1000,
        _ => return Err(INVALID),
    };
    let multiplier = base.checked_pow(power).ok_or(RANGE)?;
    let whole = value.checked_mul(multiplier).ok_or(RANGE)?;
    let part = u128::from(multiplier) * u128::from(fraction.0) / u128::from(fraction.1);
    Ok(whole.saturating_add(u64::try_from(part).unwrap_or(u64::MAX)))
}

const FORMAT: Opt = Opt::both('e', "format", "format string to be used for displaying data").value("format");
const FORMAT_FILE: Opt = Opt::both('f', "format-file", "file that contains format strings").value("file");
const LENGTH: Opt = Opt::both('n', "length", "interpret only length bytes of input").value("length");
const SKIP: Opt = Opt::both('s', "skip", "skip offset bytes from the beginning").value("offset");
const NO_SQUEEZING: Opt = Opt::both('v', "no-squeezing", "output identical lines");
const OPTIONS: &[Opt] = &[
    Opt::both('b', "one-byte-octal", "one-byte octal display"),
    Opt::both('c', "one-byte-char", "one-byte character display"),
    Opt::both('C', "canonical", "canonical hex+ASCII display"),
    Opt::both('d', "two-bytes-decimal", "two-byte decimal display"),
    Opt::both('o', "two-bytes-octal", "two-byte octal display"),
    Opt::both('x', "two-bytes-hex", "two-byte hexadecimal display"),
    Opt::both('L', "color", "interpret color formatting specifiers (toolsh's output is never colored)")
        .optional("when"),
    FORMAT,
    FORMAT_FILE,
    LENGTH,
    SKIP,
    NO_SQUEEZING,
];
const ABOUT: &str = "Display file contents in hexadecimal, decimal, octal, or ascii.";

/// `hexdump`.
pub const HEXDUMP: Spec = Spec {
    name: "hexdump",
    summary: "display bytes through format strings (hex, octal, characters)",
    synopsis: &["[options] <file>..."],
    about: ABOUT,
    options: OPTIONS,
    help_letter: Some('h'),
    ..Spec::BASE
};

/// `hd`: `hexdump -C` first, then what its options add.
pub const HD: Spec =
    Spec { name: "hd", summary: "hexdump -C: canonical hex and characters", variant_of: Some("hexdump"), ..HEXDUMP };

/// `hexdump [-bcCdovx] [-e FORMAT]... [-f FILE]... [-n LENGTH] [-s OFFSET] [FILE]...`
pub async fn hexdump(ctx: Ctx<'_>, args: Args) -> Status {
    let mut written: Vec<Vec<Written>> = Vec::new();
    let add = |written: &mut Vec<Vec<Written>>, text: &str| units_of(text).map(|units| written.push(units));
    let mut added: Result<(), String> = Ok(());
    if ctx.name() == "hd" {
        for text in CANONICAL {
            added = added.and_then(|()| add(&mut written, text));
        }
    }
    let (mut length, mut skip, mut verbose) = (None, 0u64, false);
    for (opt, value) in args.given() {
        if added.is_err() {
            break;
        }
        let built_in: &[&str] = match opt.short.unwrap_or_default() {
            'b' => &[END_OFFSET, "\"%07.7_ax \" 16/1 \"%03o \" \"\\n\""],
            'c' => &[END_OFFSET, "\"%07.7_ax \" 16/1 \"%3_c \" \"\\n\""],
            'C' => &CANONICAL,
            'd' => &[END_OFFSET, "\"%07.7_ax \" 8/2 \"  %05u \" \"\\n\""],
            'o' => &[END_OFFSET, "\"%07.7_ax \" 8/2 \" %06o \" \"\\n\""],
            'x' => &[END_OFFSET, "\"%07.7_ax \" 8/2 \"   %04x \" \"\\n\""],
            _ => &[],
        };
        for text in built_in {
            added = added.and_then(|()| add(&mut written, text));
        }
        match opt.short.unwrap_or_default() {
            'e' => added = add(&mut written, value),
            'f' => match ctx.read_operand(value).await {
                Ok(file) => {
                    let file = toolsh_bytes::decode(&file);
                    for line in file.lines().map(str::trim_start).filter(|l| !l.is_empty() && !l.starts_with('#')) {
                        added = added.and_then(|()| add(&mut written, line));
                    }
                }
                Err(err) => return ctx.fail(format!("can't read {value}: {}", crate::vfs::describe(&err))).await,
            },
            'n' => match size(value) {
                Ok(n) => length = Some(n),
                Err(why) => return ctx.fail(format!("failed to parse length: '{value}': {why}")).await,
            },
            's' => match size(value) {
                Ok(n) => skip = n,
                Err(why) => return ctx.fail(format!("failed to parse offset: '{value}': {why}")).await,
            },
            'v' => verbose = true,
            _ => {}
        }
    }
    if added.is_ok() && written.is_empty() {
        added = add(&mut written, END_OFFSET).and_then(|()| add(&mut written, "\"%07.7_ax \" 8/2 \"%04x \" \"\\n\""));
    }
    if let Err(message) = added {
        return ctx.fail(message).await;
    }
    let formats = match formats(written) {
        Ok(formats) => formats,
        Err(message) => return ctx.fail(message).await,
    };
    // A block and what showing it may write are bounded before anything is read: a format
    // repeating a unit a billion times is refused here, not after building its output.
    if let Err(status) = ctx.value_room(formats.block.max(formats.work)) {
        return status;
    }
    let squeeze = if verbose { Squeeze::Never } else { Squeeze::First };
    let mut dumper =
        Dumper { formats: &formats, block: Vec::new(), previous: Vec::new(), squeeze, address: 0, out: Vec::new() };
    let files = if args.operands.is_empty() { vec!["-".to_string()] } else { args.operands.clone() };
    let mut left = length.unwrap_or(u64::MAX);
    let mut status = 0;
    let mut opened = 0;
    for (index, file) in files.iter().enumerate() {
        if left == 0 {
            // `-n` is used up: the files after are not opened (nor said to be missing).
            opened += usize::from(index == 0);
            break;
        }
        let mut reader = match ctx.open_operand(file) {
            Ok(reader) => reader,
            Err(err) if err.kind() == std::io::ErrorKind::IsADirectory => {
                // hexdump opens a directory; its read fails, said without changing the status.
                opened += 1;
                ctx.complain(format!("{file}: {}", crate::vfs::describe(&err))).await;
                continue;
            }
            Err(err) => {
                ctx.complain(format!("{file}: {}", crate::vfs::describe(&err))).await;
                status = 1;
                continue;
            }
        };
        opened += 1;
        while left > 0 {
            let piece = match reader.chunk().await {
                Ok(Some(piece)) => piece,
                Ok(None) => break,
                Err(err) => {
                    ctx.complain(format!("{file}: {}", crate::vfs::describe(&err))).await;
                    break;
                }
            };
            let mut piece = &piece[..];
            // The offset skipped counts in every address shown (stdin is read past, not sought).
            let skipped = usize::try_from(skip).unwrap_or(usize::MAX).min(piece.len());
            piece = &piece[skipped..];
            skip -= skipped as u64;
            dumper.address += skipped as u64;
            let take = usize::try_from(left).unwrap_or(usize::MAX).min(piece.len());
            left -= take as u64;
            let mut part = &piece[..take];
            while !part.is_empty() {
                part = &part[dumper.feed(part)..];
                let going = if dumper.out.is_empty() { ctx.step().await } else { ctx.out_piece(&mut dumper.out).await };
                if !going {
                    return 1;
                }
            }
        }
    }
    if opened == 0 && !files.is_empty() {
        ctx.complain("all input file arguments failed").await;
        return 1;
    }
    dumper.finish();
    if !ctx.out(dumper.out).await {
        return 1;
    }
    status
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dump(formats_given: &[&str], input: &[u8], verbose: bool) -> String {
        let written = formats_given.iter().map(|f| units_of(f).unwrap()).collect();
        let formats = formats(written).unwrap();
        let squeeze = if verbose { Squeeze::Never } else { Squeeze::First };
        let mut d =
            Dumper { formats: &formats, block: Vec::new(), previous: Vec::new(), squeeze, address: 0, out: Vec::new() };
        let mut input = input;
        while !input.is_empty() {
            input = &input[d.feed(input)..];
        }
        d.finish();
        String::from_utf8(d.out).unwrap()
    }

    #[test]
    fn the_canonical_display_pads_its_last_line_and_squeezes_repeats() {
        let out = dump(&CANONICAL, &[0u8; 40], false);
        let want = "00000000  00 00 00 00 00 00 00 00  00 00 00 00 00 00 00 00  |................|\n*\n\
                    00000020  00 00 00 00 00 00 00 00                           |........|\n00000028\n";
        assert_eq!(out, want);
    }

    #[test]
    fn a_last_unit_without_a_count_repeats_to_fill_the_block_without_its_last_space() {
        let out = dump(&["\"%_ad: \" 4/1 \"%02x \" \"\\n\"", "2/1 \"%c\" \" \""], b"abcdef", false);
        assert_eq!(out, "0: 61 62 63 64\nab 4: 65 66      \nef ");
    }

    #[test]
    fn the_quick_unsigned_conversion_writes_what_cfmt_writes() {
        for value in [0u64, 1, 7, 8, 255, 0xabcd, u64::from(u32::MAX), u64::MAX] {
            for conv in ['o', 'u', 'x', 'X', 'd'] {
                for (zero, width, precision) in
                    [(false, None, None), (true, Some(2), None), (true, Some(8), None), (false, Some(5), None)]
                        .into_iter()
                        .chain([(false, None, Some(0)), (false, Some(6), Some(3)), (true, Some(7), Some(7))])
                {
                    let spec = cfmt::Spec { zero, width, precision, ..cfmt::Spec::default() };
                    let mut out = Vec::new();
                    unsigned(&mut out, value, conv, &spec);
                    // An offset's `%d` is never negative: cfmt's `%u` is the reference for it.
                    let want = format_int(value as i64, if conv == 'd' { 'u' } else { conv }, &spec);
                    if conv != 'd' || value <= i64::MAX as u64 {
                        assert_eq!(String::from_utf8(out).unwrap(), want, "{value} {conv} {spec:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn sizes_read_as_util_linux_reads_them() {
        assert_eq!(size("0x10"), Ok(16));
        assert_eq!(size("1K"), Ok(1024));
        assert_eq!(size("1KB"), Ok(1000));
        assert_eq!(size("2MiB"), Ok(2 << 20));
        assert_eq!(size("1.5K"), Ok(1536));
        assert!(size("x").is_err() && size("-1").is_err() && size("99999999999999999999").is_err());
    }

    #[test]
    fn bad_formats_are_refused_with_hexdumps_words() {
        let check = |f: &str| match units_of(f) {
            Err(message) => message,
            Ok(units) => formats(vec![units]).err().unwrap_or_default(),
        };
        assert_eq!(check("4/1\"%x\""), "bad format {4/1\"%x\"}");
        assert_eq!(check("\"%%\""), "bad conversion character %%");
        assert_eq!(check("\"%_ay\""), "bad conversion character %_ay");
        assert_eq!(check("4/3 \"%x\""), "bad byte count for conversion character x");
        assert_eq!(check("\"%s\""), "%s requires a precision or a byte count");
        assert_eq!(check("2/1 \"%x%x\""), "byte count with multiple conversion characters");
    }
}
