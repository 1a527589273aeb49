//! The decoders of the three compressed formats (gzip, bzip2, xz) over whole buffers, each
//! capped at [`MAX_DECOMPRESSED`]: what `tar -z`, `zcat`-like readers and `rg -z` share. The
//! programs themselves (`gzip`, `bzip2`, `xz`: their options, names, messages) are
//! `data::compress`'s; this module depends on nothing of the commands, so the searches of
//! `text` may use it.

use flate2::read::MultiGzDecoder;
use std::io::Read;

/// What bzip2 reading says of data that is not bzip2 (or is damaged).
pub(crate) const BZIP2_CORRUPT: &str = "not a bzip2 file";

/// One of the three compressed formats, and the program that writes it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Format {
    Gzip,
    Bzip2,
    Xz,
}

impl Format {
    /// The format whose magic number `data` starts with.
    pub(crate) fn sniff(data: &[u8]) -> Option<Format> {
        if data.starts_with(&[0x1f, 0x8b]) {
            Some(Format::Gzip)
        } else if data.starts_with(b"BZh") {
            Some(Format::Bzip2)
        } else if data.starts_with(&[0xfd, b'7', b'z', b'X', b'Z', 0]) {
            Some(Format::Xz)
        } else {
            None
        }
    }

    /// Decompresses `data` (any number of concatenated streams) to at most
    /// [`MAX_DECOMPRESSED`] bytes.
    pub(crate) fn decompress(self, data: &[u8]) -> Result<Vec<u8>, &'static str> {
        match self {
            Format::Gzip => decompress(data),
            Format::Bzip2 => read_capped(bzip2::read::MultiBzDecoder::new(data), data.len(), BZIP2_CORRUPT),
            Format::Xz => {
                if Format::sniff(data) != Some(Format::Xz) {
                    return Err("File format not recognized");
                }
                read_capped(lzma_rust2::XzReader::new(data, true), data.len(), "Compressed data is corrupt")
            }
        }
    }
}

/// What `tar` decompresses is held in memory (gzip itself streams), so a cap keeps a
/// small "gzip bomb" from exhausting it.
const MAX_DECOMPRESSED: u64 = 1 << 30;

/// Decompresses a whole gzip stream (any number of members) of at most [`MAX_DECOMPRESSED`].
pub(crate) fn decompress(data: &[u8]) -> Result<Vec<u8>, &'static str> {
    // The trailer's ISIZE (the size modulo 4 GiB of the last member) is right for the usual
    // single-member file: one allocation of the right size, no copies as the output grows.
    let hinted = data
        .len()
        .checked_sub(4)
        .map_or(0, |at| u32::from_le_bytes([data[at], data[at + 1], data[at + 2], data[at + 3]]) as usize);
    read_capped_into(MultiGzDecoder::new(data), hinted.max(data.len().saturating_mul(3)), "not in gzip format")
}

/// Reads a decoder to its end, at most [`MAX_DECOMPRESSED`] bytes; `corrupt` names a failure.
fn read_capped(decoder: impl Read, packed: usize, corrupt: &'static str) -> Result<Vec<u8>, &'static str> {
    read_capped_into(decoder, packed.saturating_mul(4), corrupt)
}

fn read_capped_into(mut decoder: impl Read, hint: usize, corrupt: &'static str) -> Result<Vec<u8>, &'static str> {
    let limit = MAX_DECOMPRESSED as usize;
    let mut out = Vec::with_capacity(hint.min(limit));
    let mut piece = vec![0u8; 1 << 20];
    loop {
        let n = decoder.read(&mut piece).map_err(|_| corrupt)?;
        if n == 0 {
            return Ok(out);
        }
        if out.len() + n > limit {
            return Err("decompressed data exceeds 1 GiB; refused");
        }
        // Past the hint, grow by doubling but never past the limit: a bomb is refused at
        // about 1 GiB of memory (1.8 GiB of RSS was seen).
        if out.capacity() - out.len() < n {
            let grow = out.capacity().max(n).min(limit - out.len());
            out.reserve_exact(grow);
        }
        out.extend_from_slice(&piece[..n]);
    }
}
