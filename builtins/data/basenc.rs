//! The RFC 4648 encodings and their relatives as GNU coreutils writes and reads them: `basenc`
//! (`--base64`, `--base64url`, `--base32`, `--base32hex`, `--base16`, `--base2msbf`,
//! `--base2lsbf`, `--z85`), `base32`, and `base64` (whose spec is in `encode.rs`). One engine:
//! encoding in blocks wrapped at `-w` columns, decoding group by group as gnulib's decoders do,
//! so invalid input still gives the bytes decoded before it (then "invalid input", status 1).

use crate::Ctx;
use crate::session::Status;
use crate::spec::{Args, Opt, Spec};
use crate::vfs::describe;
use toolsh_bytes::quote::quotef;

pub(crate) const DECODE: Opt = Opt::both('d', "decode", "decode data");
pub(crate) const IGNORE_GARBAGE: Opt =
    Opt::both('i', "ignore-garbage", "when decoding, ignore non-alphabet characters");
pub(crate) const WRAP: Opt =
    Opt::both('w', "wrap", "wrap encoded lines after COLS character (default 76); 0 disables line wrapping")
        .value("COLS");

const ENCODINGS: [(Opt, Encoding); 8] = [
    (Opt::long("base64", "same as 'base64' program (RFC4648 section 4)"), Encoding::Base64),
    (Opt::long("base64url", "file- and url-safe base64 (RFC4648 section 5)"), Encoding::Base64Url),
    (Opt::long("base32", "same as 'base32' program (RFC4648 section 6)"), Encoding::Base32),
    (Opt::long("base32hex", "extended hex alphabet base32 (RFC4648 section 7)"), Encoding::Base32Hex),
    (Opt::long("base16", "hex encoding (RFC4648 section 8)"), Encoding::Base16),
    (Opt::long("base2msbf", "bit string with most significant bit (msb) first"), Encoding::Base2Msbf),
    (Opt::long("base2lsbf", "bit string with least significant bit (lsb) first"), Encoding::Base2Lsbf),
    (
        Opt::long(
            "z85",
            "ascii85-like encoding (ZeroMQ spec:32/Z85); when encoding, input length must be a multiple of 4; when decoding, a multiple of 5",
        ),
        Encoding::Z85,
    ),
];

/// `basenc`.
pub const BASENC: Spec = Spec {
    name: "basenc",
    summary: "encode or decode base64, base64url, base32, base32hex, base16, base2 or z85",
    synopsis: &["[OPTION]... [FILE]"],
    about: "basenc encode or decode FILE, or standard input, to standard output. When decoding, the input may contain newlines in addition to the bytes of the formal alphabet; use --ignore-garbage to attempt to recover from any other non-alphabet bytes in the encoded stream.",
    options: &[
        ENCODINGS[0].0,
        ENCODINGS[1].0,
        ENCODINGS[2].0,
        ENCODINGS[3].0,
        ENCODINGS[4].0,
        ENCODINGS[5].0,
        ENCODINGS[6].0,
        DECODE,
        IGNORE_GARBAGE,
        WRAP,
        ENCODINGS[7].0,
    ],
    variant_of: Some("base64"),
    ..Spec::BASE
};

/// `base32`.
pub const BASE32: Spec = Spec {
    name: "base32",
    summary: "encode or decode base32",
    synopsis: &["[OPTION]... [FILE]"],
    about: "Base32 encode or decode FILE, or standard input, to standard output.",
    options: &[DECODE, IGNORE_GARBAGE, WRAP],
    variant_of: Some("base64"),
    ..Spec::BASE
};

/// An encoding.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Encoding {
    Base64,
    Base64Url,
    Base32,
    Base32Hex,
    Base16,
    Base2Msbf,
    Base2Lsbf,
    Z85,
}

const B64: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const B64URL: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
const B32: &[u8; 32] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
const B32HEX: &[u8; 32] = b"0123456789ABCDEFGHIJKLMNOPQRSTUV";
const B16: &[u8; 16] = b"0123456789ABCDEF";
const Z85: &[u8; 85] = b"0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ.-:+=^!/*?&<>()[]{}@%$#";

/// Input is encoded this many bytes at a time (GNU's block; a multiple of 3, 4 and 5), so
/// output is written as it is made.
const BLOCK: usize = 1024 * 3 * 10;

impl Encoding {
    fn alphabet(self) -> &'static [u8] {
        match self {
            Encoding::Base64 => B64,
            Encoding::Base64Url => B64URL,
            Encoding::Base32 => B32,
            Encoding::Base32Hex => B32HEX,
            Encoding::Base16 => B16,
            Encoding::Base2Msbf | Encoding::Base2Lsbf => b"01",
            Encoding::Z85 => Z85,
        }
    }

    /// How many characters decode on their own (a group): the input is decoded that many at a time.
    fn group(self) -> usize {
        match self {
            Encoding::Base64 | Encoding::Base64Url => 4,
            Encoding::Base32 | Encoding::Base32Hex | Encoding::Base2Msbf | Encoding::Base2Lsbf => 8,
            Encoding::Base16 => 2,
            Encoding::Z85 => 5,
        }
    }

    /// The value of an alphabet character.
    fn value(self, c: u8) -> Option<u32> {
        self.alphabet().iter().position(|&a| a == c).map(|v| v as u32)
    }

    /// Encodes a block (whole groups, but at the input's end).
    fn encode(self, data: &[u8], out: &mut Vec<u8>) {
        let alphabet = self.alphabet();
        match self {
            Encoding::Base64 | Encoding::Base64Url => {
                for group in data.chunks(3) {
                    let bits = group.iter().enumerate().fold(0u32, |acc, (i, &b)| acc | u32::from(b) << (16 - 8 * i));
                    let chars = group.len() + 1;
                    for i in 0..4 {
                        out.push(if i < chars { alphabet[(bits >> (18 - 6 * i) & 63) as usize] } else { b'=' });
                    }
                }
            }
            Encoding::Base32 | Encoding::Base32Hex => {
                for group in data.chunks(5) {
                    let bits = group.iter().enumerate().fold(0u64, |acc, (i, &b)| acc | u64::from(b) << (32 - 8 * i));
                    let chars = (group.len() * 8).div_ceil(5);
                    for i in 0..8 {
                        out.push(if i < chars { alphabet[(bits >> (35 - 5 * i) & 31) as usize] } else { b'=' });
                    }
                }
            }
            Encoding::Base16 => {
                for &b in data {
                    out.extend([alphabet[usize::from(b >> 4)], alphabet[usize::from(b & 15)]]);
                }
            }
            Encoding::Base2Msbf => {
                for &b in data {
                    out.extend((0..8).rev().map(|bit| b'0' + (b >> bit & 1)));
                }
            }
            Encoding::Base2Lsbf => {
                for &b in data {
                    out.extend((0..8).map(|bit| b'0' + (b >> bit & 1)));
                }
            }
            Encoding::Z85 => {
                for group in data.chunks_exact(4) {
                    let mut value = u32::from_be_bytes([group[0], group[1], group[2], group[3]]);
                    let mut chars = [0u8; 5];
                    for slot in chars.iter_mut().rev() {
                        *slot = alphabet[(value % 85) as usize];
                        value /= 85;
                    }
                    out.extend(chars);
                }
            }
        }
    }

    /// Decodes `data` (newlines skipped) into `out`; `false` at the first invalid group, with
    /// the bytes gnulib's decoder gives before it in `out`.
    fn decode(self, data: &[u8], out: &mut Vec<u8>) -> bool {
        let chars = data.iter().copied().filter(|&c| c != b'\n');
        match self {
            Encoding::Base64 | Encoding::Base64Url => self.decode_groups(chars, 4, out),
            Encoding::Base32 | Encoding::Base32Hex => self.decode_groups(chars, 8, out),
            Encoding::Base16 => {
                let mut high = None;
                for c in chars {
                    let Some(v) = self.value(c) else { return false };
                    match high.take() {
                        Some(h) => out.push((h << 4 | v) as u8),
                        None => high = Some(v),
                    }
                }
                high.is_none()
            }
            Encoding::Base2Msbf | Encoding::Base2Lsbf => {
                let (mut byte, mut bits) = (0u8, 0);
                for c in chars {
                    let Some(v) = self.value(c) else { return false };
                    byte = if self == Encoding::Base2Msbf { byte << 1 | v as u8 } else { byte | (v as u8) << bits };
                    bits += 1;
                    if bits == 8 {
                        out.push(byte);
                        (byte, bits) = (0, 0);
                    }
                }
                bits == 0
            }
            Encoding::Z85 => {
                let (mut value, mut count) = (0u64, 0);
                for c in chars {
                    let Some(v) = self.value(c) else { return false };
                    value = value * 85 + u64::from(v);
                    count += 1;
                    if count == 5 {
                        let Ok(word) = u32::try_from(value) else { return false };
                        out.extend(word.to_be_bytes());
                        (value, count) = (0, 0);
                    }
                }
                count == 0
            }
        }
    }

    /// base64 and base32: groups of `size` characters, each decoded as far as it is valid
    /// (gnulib's `decode_4` and `decode_8`, which write a group's bytes one by one).
    fn decode_groups(self, chars: impl Iterator<Item = u8>, size: usize, out: &mut Vec<u8>) -> bool {
        let mut group = Vec::with_capacity(size);
        let mut chars = chars.peekable();
        while chars.peek().is_some() {
            group.clear();
            group.extend(chars.by_ref().take(size));
            let ok = if size == 4 { self.decode_4(&group, out) } else { self.decode_8(&group, out) };
            if !ok {
                return false;
            }
        }
        true
    }

    /// One base64 group (shorter at the input's end, which is invalid but gives its bytes).
    fn decode_4(self, group: &[u8], out: &mut Vec<u8>) -> bool {
        let v = |i: usize| group.get(i).and_then(|&c| self.value(c));
        let (Some(v0), Some(v1)) = (v(0), v(1)) else { return false };
        out.push((v0 << 2 | v1 >> 4) as u8);
        match group.get(2) {
            None => false,
            Some(b'=') => group.len() == 4 && group[3] == b'=',
            Some(_) => {
                let Some(v2) = v(2) else { return false };
                out.push((v1 << 4 | v2 >> 2) as u8);
                match group.get(3) {
                    None => false,
                    Some(b'=') => true,
                    Some(_) => {
                        let Some(v3) = v(3) else { return false };
                        out.push((v2 << 6 | v3) as u8);
                        true
                    }
                }
            }
        }
    }

    /// One base32 group of 8 characters (a shorter one gives nothing).
    fn decode_8(self, group: &[u8], out: &mut Vec<u8>) -> bool {
        if group.len() < 8 {
            return false;
        }
        let v = |i: usize| self.value(group[i]);
        let padding = |from: usize| group[from..].iter().all(|&c| c == b'=');
        let (Some(v0), Some(v1)) = (v(0), v(1)) else { return false };
        out.push((v0 << 3 | v1 >> 2) as u8);
        if group[2] == b'=' {
            return padding(3);
        }
        let (Some(v2), Some(v3)) = (v(2), v(3)) else { return false };
        out.push((v1 << 6 | v2 << 1 | v3 >> 4) as u8);
        if group[4] == b'=' {
            return padding(5);
        }
        let Some(v4) = v(4) else { return false };
        out.push((v3 << 4 | v4 >> 1) as u8);
        if group[5] == b'=' {
            return padding(6);
        }
        let (Some(v5), Some(v6)) = (v(5), v(6)) else { return false };
        out.push((v4 << 7 | v5 << 2 | v6 >> 3) as u8);
        if group[7] == b'=' {
            return true;
        }
        let Some(v7) = v(7) else { return false };
        out.push((v6 << 5 | v7) as u8);
        true
    }
}

/// `basenc`, `base32` and `base64`: encode or decode the one FILE (or standard input).
pub(crate) async fn transcode(ctx: Ctx<'_>, args: Args, spec: &Spec, base: Option<Encoding>) -> Status {
    let base = base.or_else(|| {
        args.given().filter_map(|(opt, _)| ENCODINGS.iter().find(|(o, _)| o == opt)).map(|(_, b)| *b).last()
    });
    let wrap = match args.last(&WRAP) {
        None => 76,
        Some(text) => match text.trim_start().strip_prefix('+').unwrap_or(text.trim_start()).parse::<u64>() {
            Ok(n) if i64::try_from(n).is_ok() => usize::try_from(n).unwrap_or(usize::MAX),
            _ => return ctx.fail(format!("invalid wrap size: '{text}'")).await,
        },
    };
    let Some(base) = base else { return ctx.misuse(spec, "missing encoding type").await };
    if let [_, extra, ..] = args.operands.as_slice() {
        return ctx.misuse(spec, format!("extra operand '{extra}'")).await;
    }
    let file = args.operands.first().map_or("-", String::as_str);
    let mut reader = match ctx.open_operand(file) {
        Ok(reader) => reader,
        Err(err) => return ctx.fail(format!("{file}: {}", describe(&err), file = quotef(file))).await,
    };
    // The input is read a piece at a time and worked on in whole groups (whole blocks when
    // encoding) as they are complete: an input of any size in bounded memory, output as it comes.
    let decoding = args.has(&DECODE);
    let ignore_garbage = args.has(&IGNORE_GARBAGE);
    let unit = if decoding { base.group() } else { BLOCK };
    let mut pending: Vec<u8> = Vec::new();
    let mut column = 0;
    loop {
        let piece = match reader.chunk().await {
            Ok(piece) => piece,
            Err(err) => return ctx.fail(format!("{file}: {}", describe(&err), file = quotef(file))).await,
        };
        let end = piece.is_none();
        match piece {
            // Newlines (and with -i anything outside the alphabet) are no part of the groups.
            Some(piece) if decoding => pending.extend(
                piece.into_iter().filter(|&c| c != b'\n' && (!ignore_garbage || c == b'=' || base.value(c).is_some())),
            ),
            Some(piece) => pending.extend_from_slice(&piece),
            None => {}
        }
        let whole = if end { pending.len() } else { pending.len() / unit * unit };
        if decoding {
            let mut out = Vec::new();
            let ok = base.decode(&pending[..whole], &mut out);
            pending.drain(..whole);
            if !ctx.out(out).await {
                return 1;
            }
            if !ok {
                return ctx.fail("invalid input").await;
            }
        } else {
            // z85 takes whole words only: the blocks before the one holding the rest are written.
            let invalid = end && base == Encoding::Z85 && !pending.len().is_multiple_of(4);
            let whole = if invalid { 0 } else { whole };
            for block in pending[..whole].chunks(BLOCK) {
                let mut encoded = Vec::new();
                base.encode(block, &mut encoded);
                let mut out = Vec::with_capacity(encoded.len() + encoded.len() / wrap.max(1) + 1);
                for &c in &encoded {
                    if wrap > 0 && column == wrap {
                        out.push(b'\n');
                        column = 0;
                    }
                    out.push(c);
                    column += 1;
                }
                if !ctx.out(out).await {
                    return 1;
                }
            }
            pending.drain(..whole);
            if end {
                if wrap > 0 && column > 0 && !ctx.out("\n").await {
                    return 1;
                }
                if invalid {
                    return ctx.fail("invalid input (length must be multiple of 4 characters)").await;
                }
            }
        }
        if end {
            return 0;
        }
        if !ctx.step().await {
            return 1;
        }
    }
}

/// `basenc --ENCODING [-di] [-w COLS] [FILE]`
pub async fn basenc(ctx: Ctx<'_>, args: Args) -> Status {
    transcode(ctx, args, &BASENC, None).await
}

/// `base32 [-di] [-w COLS] [FILE]`
pub async fn base32(ctx: Ctx<'_>, args: Args) -> Status {
    transcode(ctx, args, &BASE32, Some(Encoding::Base32)).await
}
