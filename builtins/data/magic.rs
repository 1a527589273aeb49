//! What a file's bytes are, as `file` (libmagic 5.4x) names them: the formats a workspace
//! holds — compressed data and archives (gzip, bzip2, xz, zip, tar), images (PNG, GIF, JPEG),
//! PDF and PostScript, SQLite databases, ELF headers — then text: its encoding (ASCII,
//! UTF-8 with or without a BOM, UTF-16 with a BOM, ISO-8859, extended ASCII), what it holds
//! (scripts by their `#!` line, JSON and newline-delimited JSON, CSV, HTML, XML, diffs, C)
//! and libmagic's remarks on its lines. Each answer carries its MIME type and charset for
//! `file -i`.

/// What `file` says of some bytes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Kind {
    /// The description (`PNG image data, 16 x 32, 8-bit/color RGBA, non-interlaced`).
    pub text: String,
    /// The MIME type (`image/png`).
    pub mime: &'static str,
    /// The MIME encoding (`binary`, `us-ascii`, `utf-8`…).
    pub charset: &'static str,
}

impl Kind {
    fn binary(text: impl Into<String>, mime: &'static str) -> Kind {
        Kind { text: text.into(), mime, charset: "binary" }
    }
}

/// What `file` says of `head`, the first bytes of a file of `size` bytes; `last4` are the
/// file's last four bytes (gzip's original size) when `head` does not reach them.
pub fn identify(head: &[u8], size: u64, last4: Option<[u8; 4]>) -> Kind {
    if head.is_empty() {
        return Kind { text: "empty".into(), mime: "inode/x-empty", charset: "binary" };
    }
    if let Some(mut kind) = binary_format(head, size, last4) {
        // The charset is the bytes' own, even under a format's name (a PDF written as text).
        kind.charset = encoding(head).map_or("binary", |e| e.charset);
        return kind;
    }
    text(head).unwrap_or_else(|| Kind::binary("data", "application/octet-stream"))
}

fn u16_le(b: &[u8], at: usize) -> u16 {
    b.get(at..at + 2).map_or(0, |s| u16::from_le_bytes([s[0], s[1]]))
}

fn u16_be(b: &[u8], at: usize) -> u16 {
    b.get(at..at + 2).map_or(0, |s| u16::from_be_bytes([s[0], s[1]]))
}

fn u32_le(b: &[u8], at: usize) -> u32 {
    b.get(at..at + 4).map_or(0, |s| u32::from_le_bytes([s[0], s[1], s[2], s[3]]))
}

fn u32_be(b: &[u8], at: usize) -> u32 {
    b.get(at..at + 4).map_or(0, |s| u32::from_be_bytes([s[0], s[1], s[2], s[3]]))
}

/// The formats known by their first bytes.
fn binary_format(b: &[u8], size: u64, last4: Option<[u8; 4]>) -> Option<Kind> {
    if b.starts_with(&[0x1f, 0x8b]) {
        return Some(Kind::binary(gzip(b, size, last4), "application/gzip"));
    }
    if b.len() >= 4 && b.starts_with(b"BZh") && (b'1'..=b'9').contains(&b[3]) {
        let text = format!("bzip2 compressed data, block size = {}00k", b[3] as char);
        return Some(Kind::binary(text, "application/x-bzip2"));
    }
    if b.starts_with(&[0xfd, b'7', b'z', b'X', b'Z', 0]) {
        let check = match b.get(7).map(|c| c & 0x0f) {
            Some(0) => "NONE",
            Some(1) => "CRC32",
            Some(4) => "CRC64",
            Some(10) => "SHA-256",
            _ => "unknown",
        };
        return Some(Kind::binary(format!("XZ compressed data, checksum {check}"), "application/x-xz"));
    }
    if b.starts_with(b"PK\x05\x06") {
        return Some(Kind::binary("Zip archive data (empty)", "application/zip"));
    }
    if b.starts_with(b"PK\x03\x04") && b.len() >= 30 {
        let version = b.get(4).copied().unwrap_or(0);
        let method = match u16_le(b, 8) {
            0 => "store".to_string(),
            8 => "deflate".to_string(),
            9 => "deflate64".to_string(),
            12 => "bzip2".to_string(),
            14 => "lzma".to_string(),
            93 => "zstd".to_string(),
            95 => "xz".to_string(),
            other => other.to_string(),
        };
        let text = format!(
            "Zip archive data, at least v{}.{} to extract, compression method={method}",
            version / 10,
            version % 10
        );
        return Some(Kind::binary(text, "application/zip"));
    }
    if b.get(257..265) == Some(b"ustar  \0") {
        return Some(Kind::binary("POSIX tar archive (GNU)", "application/x-tar"));
    }
    if b.get(257..263) == Some(b"ustar\0") {
        return Some(Kind::binary("POSIX tar archive", "application/x-tar"));
    }
    if b.starts_with(b"\x89PNG\r\n\x1a\n") {
        return Some(Kind::binary(png(b), "image/png"));
    }
    if b.starts_with(b"GIF87a") || b.starts_with(b"GIF89a") {
        let version = toolsh_bytes::lossy(&b[3..6]);
        let text = format!("GIF image data, version {version}, {} x {}", u16_le(b, 6), u16_le(b, 8));
        return Some(Kind::binary(text, "image/gif"));
    }
    if b.starts_with(&[0xff, 0xd8, 0xff]) {
        return Some(Kind::binary(jpeg(b), "image/jpeg"));
    }
    if b.starts_with(b"SQLite format 3\0") && b.len() >= 100 {
        return Some(Kind::binary(sqlite(b), "application/vnd.sqlite3"));
    }
    if b.starts_with(b"\x7fELF") && b.len() >= 20 {
        return elf(b);
    }
    if let Some(version) = b.strip_prefix(b"%PDF-") {
        let version: String =
            version.iter().take_while(|c| c.is_ascii_digit() || **c == b'.').map(|c| *c as char).collect();
        return Some(Kind::binary(format!("PDF document, version {version}"), "application/pdf"));
    }
    None
}

fn gzip(b: &[u8], size: u64, last4: Option<[u8; 4]>) -> String {
    let mut text = String::from("gzip compressed data");
    let flags = b.get(3).copied().unwrap_or(0);
    if flags & 0x08 != 0 {
        // The name follows the header, after an extra field when there is one.
        let mut at = 10;
        if flags & 0x04 != 0 {
            at += 2 + usize::from(u16_le(b, 10));
        }
        if let Some(rest) = b.get(at..) {
            let name: Vec<u8> = rest.iter().take_while(|c| **c != 0).copied().collect();
            text.push_str(&format!(", was \"{}\"", toolsh_bytes::lossy(&name)));
        }
    }
    let mtime = u32_le(b, 4);
    if mtime != 0
        && let Some(when) = chrono::DateTime::from_timestamp(i64::from(mtime), 0)
    {
        text.push_str(&format!(", last modified: {}", when.format("%a %b %e %H:%M:%S %Y")));
    }
    match b.get(8) {
        Some(2) => text.push_str(", max compression"),
        Some(4) => text.push_str(", max speed"),
        _ => {}
    }
    let os = match b.get(9) {
        Some(0) => "FAT filesystem (MS-DOS, OS/2, NT)",
        Some(3) => "Unix",
        Some(7) => "Macintosh",
        Some(11) => "NTFS filesystem (NT)",
        Some(255) => "",
        _ => "",
    };
    if !os.is_empty() {
        text.push_str(&format!(", from {os}"));
    }
    let end = if b.len() as u64 >= size && b.len() >= 4 {
        Some([b[b.len() - 4], b[b.len() - 3], b[b.len() - 2], b[b.len() - 1]])
    } else {
        last4
    };
    if let Some(end) = end {
        text.push_str(&format!(", original size modulo 2^32 {}", u32::from_le_bytes(end)));
    }
    text
}

fn png(b: &[u8]) -> String {
    if b.get(12..16) != Some(b"IHDR") {
        return "PNG image data".into();
    }
    let (width, height, depth) = (u32_be(b, 16), u32_be(b, 20), b.get(24).copied().unwrap_or(0));
    let color = match b.get(25) {
        Some(0) => format!("{depth}-bit grayscale"),
        Some(2) => format!("{depth}-bit/color RGB"),
        Some(3) => format!("{depth}-bit colormap"),
        Some(4) => format!("{depth}-bit gray+alpha"),
        Some(6) => format!("{depth}-bit/color RGBA"),
        _ => format!("{depth}-bit"),
    };
    let laced = if b.get(28) == Some(&1) { "interlaced" } else { "non-interlaced" };
    format!("PNG image data, {width} x {height}, {color}, {laced}")
}

fn jpeg(b: &[u8]) -> String {
    let mut text = String::from("JPEG image data");
    if b.get(6..11) == Some(b"JFIF\0") {
        let length = u16_be(b, 4);
        let units = match b.get(13) {
            Some(1) => "resolution (DPI)",
            Some(2) => "resolution (DPCM)",
            _ => "aspect ratio",
        };
        text.push_str(&format!(
            ", JFIF standard {}.{:02}, {units}, density {}x{}, segment length {length}",
            b.get(11).copied().unwrap_or(0),
            b.get(12).copied().unwrap_or(0),
            u16_be(b, 14),
            u16_be(b, 16)
        ));
    }
    // The first frame header, walking the segments.
    let mut at = 2;
    while at + 4 <= b.len() && b[at] == 0xff {
        let marker = b[at + 1];
        let length = usize::from(u16_be(b, at + 2));
        let kind = match marker {
            0xc0 => Some("baseline"),
            0xc1 => Some("extended sequential"),
            0xc2 => Some("progressive"),
            _ => None,
        };
        if let Some(kind) = kind {
            if at + 10 <= b.len() {
                text.push_str(&format!(
                    ", {kind}, precision {}, {}x{}, components {}",
                    b[at + 4],
                    u16_be(b, at + 7),
                    u16_be(b, at + 5),
                    b[at + 9]
                ));
            }
            break;
        }
        if marker == 0xda || length < 2 {
            break;
        }
        at += 2 + length;
    }
    text
}

fn sqlite(b: &[u8]) -> String {
    let mut text = String::from("SQLite 3.x database");
    let user = u32_be(b, 60);
    if user != 0 {
        text.push_str(&format!(", user version {user}"));
    }
    let app = u32_be(b, 68);
    if app != 0 {
        text.push_str(&format!(", application id {app}"));
    }
    text.push_str(&format!(", last written using SQLite version {}", u32_be(b, 96)));
    let (writer, reader) = (b[18], b[19]);
    if writer != 1 {
        text.push_str(&format!(", writer version {writer}"));
    }
    if reader != 1 {
        text.push_str(&format!(", read version {reader}"));
    }
    let encoding = match u32_be(b, 56) {
        1 => "UTF-8".to_string(),
        2 => "UTF-16 little endian".to_string(),
        3 => "UTF-16 big endian".to_string(),
        other => format!("unknown {other} encoding"),
    };
    text.push_str(&format!(
        ", file counter {}, database pages {}, cookie {:#x}, schema {}, {encoding}, version-valid-for {}",
        u32_be(b, 24),
        u32_be(b, 28),
        u32_be(b, 40),
        u32_be(b, 44),
        u32_be(b, 92)
    ));
    text
}

/// An ELF header's facts: class, byte order, type, machine, version and ABI (what the
/// program headers and notes add is not read).
fn elf(b: &[u8]) -> Option<Kind> {
    let bits = match b[4] {
        1 => 32,
        2 => 64,
        _ => return None,
    };
    let little = b[5] == 1;
    let half = |at| if little { u16_le(b, at) } else { u16_be(b, at) };
    let (kind, mime) = match half(16) {
        1 => ("relocatable", "application/x-object"),
        2 => ("executable", "application/x-executable"),
        3 => ("shared object", "application/x-sharedlib"),
        4 => ("core file", "application/x-coredump"),
        _ => ("unknown type", "application/octet-stream"),
    };
    let machine = match half(18) {
        3 => "Intel 80386".to_string(),
        8 => "MIPS".to_string(),
        20 => "PowerPC or cisco 4500".to_string(),
        21 => "64-bit PowerPC or cisco 7500".to_string(),
        40 => "ARM".to_string(),
        62 => "x86-64".to_string(),
        183 => "ARM aarch64".to_string(),
        243 => "UCB RISC-V".to_string(),
        other => format!("*unknown arch {other:#x}*"),
    };
    let abi = match b[7] {
        0 => "SYSV",
        3 => "GNU/Linux",
        9 => "FreeBSD",
        _ => "unknown",
    };
    let order = if little { "LSB" } else { "MSB" };
    let text = format!("ELF {bits}-bit {order} {kind}, {machine}, version {} ({abi})", b[6]);
    Some(Kind::binary(text, mime))
}

/// A text's encoding as libmagic names it.
#[derive(Clone, Copy)]
struct Encoding {
    /// What the description says (`ASCII`, `Unicode text, UTF-8`).
    name: &'static str,
    charset: &'static str,
    /// Bytes before the text proper (a BOM).
    bom: usize,
    /// UTF-16 and its byte order.
    utf16: Option<bool>,
}

/// libmagic's text characters: the printable ones and BEL BS HT LF VT FF CR ESC.
fn is_text_byte(c: u8) -> bool {
    matches!(c, 7..=13 | 27 | 0x20..=0x7e)
}

fn encoding(b: &[u8]) -> Option<Encoding> {
    let plain = |name, charset| Some(Encoding { name, charset, bom: 0, utf16: None });
    if b.iter().all(|c| is_text_byte(*c)) {
        return plain("ASCII", "us-ascii");
    }
    let utf8 = |body: &[u8]| {
        // A multibyte sequence cut at the end of what was read still counts.
        let valid = match std::str::from_utf8(body) {
            Ok(_) => true,
            Err(err) => err.error_len().is_none() && body.len() - err.valid_up_to() < 4,
        };
        valid && body.iter().all(|c| *c >= 0x80 || is_text_byte(*c))
    };
    if let Some(body) = b.strip_prefix(b"\xef\xbb\xbf")
        && utf8(body)
    {
        return Some(Encoding { name: "Unicode text, UTF-8 (with BOM)", charset: "utf-8", bom: 3, utf16: None });
    }
    if utf8(b) {
        return plain("Unicode text, UTF-8", "utf-8");
    }
    for (bom, little, name, charset) in [
        (b"\xff\xfe", true, "Unicode text, UTF-16, little-endian", "utf-16le"),
        (b"\xfe\xff", false, "Unicode text, UTF-16, big-endian", "utf-16be"),
    ] {
        if let Some(body) = b.strip_prefix(bom) {
            let units = body.chunks(2).map(|c| {
                let pair = [c[0], c.get(1).copied().unwrap_or(0)];
                if little { u16::from_le_bytes(pair) } else { u16::from_be_bytes(pair) }
            });
            if units.clone().all(|u| u >= 0x80 || is_text_byte(u as u8)) {
                return Some(Encoding { name, charset, bom: 2, utf16: Some(little) });
            }
        }
    }
    if b.iter().all(|c| is_text_byte(*c) || *c >= 0xa0) {
        return plain("ISO-8859", "iso-8859-1");
    }
    if b.iter().all(|c| is_text_byte(*c) || *c >= 0x80) {
        return plain("Non-ISO extended-ASCII", "unknown-8bit");
    }
    None
}

/// How a script's entry ends: libmagic's generic one adds the encoding and "executable",
/// some entries word it their own way.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Ending {
    /// `, ASCII text executable`.
    Executable,
    /// `, ASCII text` (Node's entry says "executable" itself).
    Encoding,
    /// Nothing (Perl's entry is whole).
    Nothing,
}

/// What a `#!` line runs: the description's start, the MIME type and how the entry ends.
fn script(first_line: &str) -> (String, &'static str, Ending) {
    let command = first_line.trim_start_matches("#!").trim();
    let mut words = command.split_whitespace();
    let program = words.next().unwrap_or("");
    let (name, shown) = if program.rsplit('/').next() == Some("env") {
        let rest = command[command.find(program).map_or(0, |i| i + program.len())..].trim();
        (rest.split_whitespace().next().unwrap_or(""), rest.to_string())
    } else {
        (program.rsplit('/').next().unwrap_or(""), command.to_string())
    };
    let name = name.trim_end_matches(|c: char| c.is_ascii_digit() || c == '.');
    match name {
        "sh" => ("POSIX shell script".into(), "text/x-shellscript", Ending::Executable),
        "bash" => ("Bourne-Again shell script".into(), "text/x-shellscript", Ending::Executable),
        "zsh" => ("Paul Falstad's zsh script".into(), "text/x-shellscript", Ending::Executable),
        "python" => ("Python script".into(), "text/x-script.python", Ending::Executable),
        "ruby" => ("Ruby script".into(), "text/x-ruby", Ending::Executable),
        "awk" | "gawk" => ("awk script".into(), "text/x-awk", Ending::Executable),
        "perl" => ("Perl script text executable".into(), "text/x-perl", Ending::Nothing),
        "node" => ("Node.js script executable".into(), "application/javascript", Ending::Encoding),
        _ => (format!("a {shown} script"), "text/plain", Ending::Executable),
    }
}

/// libmagic's remarks on a text's lines: very long ones, their terminators, escapes and
/// overstriking.
fn line_remarks(units: &[u32]) -> String {
    let (mut crlf, mut cr, mut lf, mut longest, mut line) = (0, 0, 0, 0, 0);
    let (mut escapes, mut backspaces) = (false, false);
    let mut i = 0;
    while i < units.len() {
        match units[i] {
            13 if units.get(i + 1) == Some(&10) => {
                crlf += 1;
                i += 1;
                line = 0;
            }
            13 => {
                cr += 1;
                line = 0;
            }
            10 => {
                lf += 1;
                line = 0;
            }
            27 => escapes = true,
            8 => backspaces = true,
            _ => {
                line += 1;
                longest = longest.max(line);
            }
        }
        i += 1;
    }
    let mut text = String::new();
    if longest > 300 {
        text.push_str(&format!(", with very long lines ({longest})"));
    }
    if crlf + cr + lf == 0 {
        text.push_str(", with no line terminators");
    } else if crlf + cr > 0 {
        let kinds: Vec<&str> =
            [(crlf, "CRLF"), (cr, "CR"), (lf, "LF")].iter().filter(|(n, _)| *n > 0).map(|(_, name)| *name).collect();
        text.push_str(&format!(", with {} line terminators", kinds.join(", ")));
    }
    if escapes {
        text.push_str(", with escape sequences");
    }
    if backspaces {
        text.push_str(", with overstriking");
    }
    text
}

/// What a text holds, when its content says: the description's start and the MIME type.
fn content(text: &str) -> Option<(String, &'static str)> {
    let start = text.trim_start();
    let lower: String = start.chars().take(64).collect::<String>().to_ascii_lowercase();
    if let Some(rest) = start.strip_prefix("<?xml version=\"") {
        let version: String = rest.chars().take_while(|c| *c != '"').collect();
        return Some((format!("XML {version} document"), "text/xml"));
    }
    const HTML: &[&str] =
        &["<!doctype html", "<html", "<head", "<title", "<body", "<script", "<style", "<table", "<h1"];
    if HTML.iter().any(|tag| lower.starts_with(tag)) {
        return Some(("HTML document".into(), "text/html"));
    }
    // A unified diff: `--- ` then `+++ ` then a hunk, on lines of their own.
    let lines: Vec<&str> = text.lines().take(64).collect();
    let unified =
        lines.windows(3).any(|w| w[0].starts_with("--- ") && w[1].starts_with("+++ ") && w[2].starts_with("@@"));
    if unified {
        return Some(("unified diff output".into(), "text/x-diff"));
    }
    if text.starts_with("diff ") {
        return Some(("diff output".into(), "text/x-diff"));
    }
    if text.lines().any(|l| l.starts_with("#include <") || l.starts_with("#include \"")) {
        return Some(("C source".into(), "text/x-c"));
    }
    None
}

/// JSON as libmagic's `is_json` takes it: one object or array, or several objects on lines
/// of their own (newline-delimited).
fn json(text: &str) -> Option<(&'static str, &'static str)> {
    let trimmed = text.trim();
    if !(trimmed.starts_with('{') || trimmed.starts_with('[')) {
        return None;
    }
    if serde_json::from_str::<serde_json::Value>(trimmed).is_ok() {
        return Some(("JSON text data", "application/json"));
    }
    let lines: Vec<&str> = trimmed.lines().filter(|l| !l.trim().is_empty()).collect();
    let all = lines.len() > 1
        && lines.iter().all(|l| {
            let l = l.trim();
            (l.starts_with('{') || l.starts_with('[')) && serde_json::from_str::<serde_json::Value>(l).is_ok()
        });
    all.then_some(("New Line Delimited JSON text data", "application/x-ndjson"))
}

/// CSV as libmagic's `is_csv` takes it: several lines with the same number of commas, at
/// least one.
fn csv(text: &str) -> bool {
    let lines: Vec<&str> = text.lines().collect();
    if lines.len() < 3 {
        return false;
    }
    let fields = |line: &str| {
        let (mut count, mut quoted) = (1, false);
        for c in line.chars() {
            match c {
                '"' => quoted = !quoted,
                ',' if !quoted => count += 1,
                _ => {}
            }
        }
        count
    };
    let first = fields(lines[0]);
    first > 1 && lines.iter().all(|l| fields(l) == first)
}

fn text(b: &[u8]) -> Option<Kind> {
    let enc = encoding(b)?;
    let body = &b[enc.bom..];
    let units: Vec<u32> = match enc.utf16 {
        Some(little) => body
            .chunks(2)
            .map(|c| {
                let pair = [c[0], c.get(1).copied().unwrap_or(0)];
                u32::from(if little { u16::from_le_bytes(pair) } else { u16::from_be_bytes(pair) })
            })
            .collect(),
        None => body.iter().map(|c| u32::from(*c)).collect(),
    };
    let remarks = line_remarks(&units);
    let decoded: String = if enc.utf16.is_some() {
        units.iter().filter_map(|u| char::from_u32(*u)).collect()
    } else {
        toolsh_bytes::lossy(body).into_owned()
    };
    let name = enc.name;
    let charset = enc.charset;
    if enc.utf16.is_none() {
        if decoded.starts_with("#!") {
            let first = decoded.lines().next().unwrap_or("");
            let (what, mime, ending) = script(first);
            let text = match ending {
                Ending::Executable => format!("{what}, {name} text executable{remarks}"),
                Ending::Encoding => format!("{what}, {name} text{remarks}"),
                Ending::Nothing => what,
            };
            return Some(Kind { text, mime, charset });
        }
        if enc.bom == 0 {
            if let Some((what, mime)) = json(&decoded) {
                return Some(Kind { text: what.into(), mime, charset });
            }
            if csv(&decoded) {
                return Some(Kind { text: "CSV text".into(), mime: "text/csv", charset });
            }
        }
        if let Some(level) = decoded.strip_prefix("%!PS-Adobe-") {
            let level: String = level.chars().take_while(|c| c.is_ascii_digit() || *c == '.').collect();
            let text = format!("PostScript document text conforming DSC level {level}");
            return Some(Kind { text, mime: "application/postscript", charset });
        }
        if let Some((what, mime)) = content(&decoded) {
            return Some(Kind { text: format!("{what}, {name} text{remarks}"), mime, charset });
        }
    }
    Some(Kind { text: format!("{name} text{remarks}"), mime: "text/plain", charset })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn says(bytes: &[u8]) -> String {
        identify(bytes, bytes.len() as u64, None).text
    }

    #[test]
    fn text_is_told_by_its_encoding_and_lines() {
        assert_eq!(says(b"hello\n"), "ASCII text");
        assert_eq!(says(b"a\r\nb\nc\r"), "ASCII text, with CRLF, CR, LF line terminators");
        assert_eq!(says("h\u{e9}\n".as_bytes()), "Unicode text, UTF-8 text");
        assert_eq!(says(b"caf\xe9\n"), "ISO-8859 text");
        assert_eq!(says(b"x\0y"), "data");
        assert_eq!(says(b""), "empty");
    }

    #[test]
    fn scripts_are_told_by_their_interpreter() {
        assert_eq!(says(b"#!/bin/sh\necho\n"), "POSIX shell script, ASCII text executable");
        assert_eq!(says(b"#!/usr/bin/env python3\n"), "Python script, ASCII text executable");
        assert_eq!(says(b"#!/usr/bin/env node\nx\n"), "Node.js script executable, ASCII text");
        assert_eq!(says(b"#!/bin/dash\n"), "a /bin/dash script, ASCII text executable");
    }
}
