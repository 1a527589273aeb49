//! `rg -z`: a file whose name says it is compressed is searched decompressed, with toolsh's own
//! gzip, bzip2 and xz ([`codec`](crate::codec)) where ripgrep runs the programs.
//! The file is read whole (within `input-bytes`) and decompressed (within the decompressors'
//! own cap); the search then reads the plain bytes as it reads any file. A name no
//! decompressor here knows (`.lz4`, `.zst`, `.br`, `.Z`, `.lzma`) is searched as it is, as
//! ripgrep searches it when the program is not installed.

use crate::codec::Format;
use crate::{Ctx, OperandReader};

/// The format a file's name says it is in, by ripgrep's suffixes.
pub(super) fn format_of(name: &str) -> Option<Format> {
    let (_, suffix) = name.rsplit_once('.')?;
    match suffix {
        "gz" | "tgz" => Some(Format::Gzip),
        "bz2" | "tbz2" => Some(Format::Bzip2),
        "xz" | "txz" => Some(Format::Xz),
        _ => None,
    }
}

/// The decompressed contents of the file at `abs` (named `label`), ready to search; or what is
/// said when it cannot be had, in ripgrep's frame around the decompressor's message.
pub(super) async fn open(ctx: &Ctx<'_>, abs: &str, label: &str, format: Format) -> Result<OperandReader, String> {
    let reader = ctx.vfs.open_reader(abs).map_err(|err| format!("{label}: {}", crate::vfs::describe(&err)))?;
    let limit = ctx.state().limits().input_bytes;
    let packed = super::multiline::read_whole(OperandReader::File(reader), limit)
        .await
        .map_err(|err| format!("{label}: {}", crate::vfs::describe(&err)))?;
    let plain = format.decompress(&packed).map_err(|why| {
        let said = match format {
            Format::Gzip => format!("gzip: {label}: {why}"),
            Format::Bzip2 if why == "not a bzip2 file" => format!("bzip2: {label} is not a bzip2 file."),
            Format::Bzip2 => format!("bzip2: {label}: {why}"),
            Format::Xz => format!("xz: {label}: {why}"),
        };
        let rule = "-".repeat(79);
        format!("{label}: \n{rule}\n{said}\n{rule}")
    })?;
    Ok(OperandReader::File(Box::new(std::io::Cursor::new(plain))))
}
