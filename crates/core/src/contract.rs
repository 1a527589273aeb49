//! The result contract for models: one text block, ANSI escapes stripped — stdout, then
//! `[stderr]` and stderr if there is any, and `[exit N]` last so it survives any truncation a
//! client applies.
//!
//! Long output keeps its head (about a quarter of the budget) and its tail (the rest), cut at
//! line boundaries, and one line *at the cut* ([`Cut::marked`]) says what was left out there
//! and where all of it is (a file in the workspace the model can page with `sed -n`, `grep`,
//! `tail`): a model reading the kept text never takes the tail for what follows the head.
//! Every layout that cuts output (the harness shapes' per-stream and per-token caps too) cuts
//! with [`truncate`] and marks with [`Cut::marked`].
//!
//! Where the model can take pictures and sound ([`Caps::media`]), output that is one image or
//! one audio clip (`cat chart.png`) is handed over as such ([`Rendered::media`]) and the text
//! says so, instead of showing its bytes.

use std::sync::LazyLock;

/// How much output a model gets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Caps {
    /// Characters at most.
    pub chars: usize,
    /// Lines at most.
    pub lines: usize,
    /// The largest image or audio clip handed to the model as such (0: none is; the bytes are
    /// shown as text, as anywhere else).
    pub media: usize,
}

impl Default for Caps {
    fn default() -> Self {
        Caps::of(&crate::session::Limits::default(), 0)
    }
}

impl Caps {
    /// The caps the session's limits set (`result-chars`, `result-lines`), with `media`.
    pub fn of(limits: &crate::session::Limits, media: usize) -> Caps {
        Caps { chars: limits.result_chars, lines: limits.result_lines, media }
    }
}

/// Output that is one image or one audio clip, for a model that takes them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Media {
    /// Its MIME type (`image/png`, `audio/wav`, …).
    pub mime: &'static str,
    /// Its bytes.
    pub bytes: Vec<u8>,
}

impl Media {
    /// Whether it is a picture (else it is sound).
    pub fn is_image(&self) -> bool {
        self.mime.starts_with("image/")
    }
}

/// The MIME type of `bytes` when they are an image or audio file of a kind models take, by its
/// signature.
pub fn sniff(bytes: &[u8]) -> Option<&'static str> {
    let riff = |kind: &[u8]| bytes.len() >= 12 && &bytes[..4] == b"RIFF" && &bytes[8..12] == kind;
    Some(match bytes {
        [0x89, b'P', b'N', b'G', 0x0d, 0x0a, 0x1a, 0x0a, ..] => "image/png",
        [0xff, 0xd8, 0xff, ..] => "image/jpeg",
        [b'G', b'I', b'F', b'8', b'7' | b'9', b'a', ..] => "image/gif",
        _ if riff(b"WEBP") => "image/webp",
        _ if riff(b"WAVE") => "audio/wav",
        [b'I', b'D', b'3', ..] | [0xff, 0xfb | 0xf3 | 0xf2, ..] => "audio/mpeg",
        [b'O', b'g', b'g', b'S', ..] => "audio/ogg",
        [b'f', b'L', b'a', b'C', ..] => "audio/flac",
        _ => return None,
    })
}

static ANSI: LazyLock<Option<regex::Regex>> = LazyLock::new(|| {
    // CSI sequences, OSC sequences (ended by BEL or ST), and two-byte escapes.
    regex::Regex::new(r"\x1b\[[0-9:;<=>?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[@-Z\\-_]").ok()
});

/// `text` without terminal escape sequences.
pub fn strip_ansi(text: &str) -> String {
    match ANSI.as_ref() {
        Some(re) if text.contains('\x1b') => re.replace_all(text, "").into_owned(),
        _ => text.to_string(),
    }
}

/// The body a model sees before truncation: stdout, then `[stderr]` and stderr.
pub fn body(stdout: &[u8], stderr: &[u8]) -> String {
    let mut text = strip_ansi(&toolsh_bytes::lossy(stdout));
    if !stderr.is_empty() {
        if !text.is_empty() && !text.ends_with('\n') {
            text.push('\n');
        }
        text.push_str("[stderr]\n");
        text.push_str(&strip_ansi(&toolsh_bytes::lossy(stderr)));
    }
    text
}

/// What was cut: the text kept on either side of the cut, and what the cut left out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cut {
    /// The text kept from the start.
    pub head: String,
    /// The text kept from the end.
    pub tail: String,
    /// Characters left out.
    pub chars: usize,
    /// Line endings left out (0 when the cut is inside one long line).
    pub lines: usize,
}

impl Cut {
    /// The kept text with one line at the cut naming what was left out and where all of it
    /// is (`place`; `None`: it could not be kept), so that a reader never takes the tail for
    /// what follows the head.
    pub fn marked(&self, place: Option<&str>) -> String {
        let left_out = match self.lines {
            0 => format!("{} chars", grouped(self.chars)),
            lines => format!("{} lines ({} chars)", grouped(lines), grouped(self.chars)),
        };
        let place = match place {
            Some(path) => format!("all of it: {path}"),
            None => "the whole output could not be kept".to_string(),
        };
        let mut out = String::with_capacity(self.head.len() + self.tail.len() + 96);
        out.push_str(&self.head);
        if !out.is_empty() && !out.ends_with('\n') {
            out.push('\n');
        }
        out.push_str(&format!("[truncated: {left_out} cut here; {place}]\n"));
        out.push_str(&self.tail);
        out
    }
}

/// Cuts `text` to `caps`, keeping a head of about a quarter and a tail of the rest, at line
/// boundaries when a boundary is near. `None` when it fits.
pub fn truncate(text: &str, caps: Caps) -> Option<Cut> {
    let total = text.chars().count();
    let lines = text.lines().count();
    if total <= caps.chars && lines <= caps.lines {
        return None;
    }
    let head_chars = caps.chars / 4;
    let tail_chars = caps.chars - head_chars;
    let head_lines = (caps.lines / 4).max(1);
    let tail_lines = caps.lines.saturating_sub(head_lines).max(1);
    // Head: whole lines while both budgets hold (a single huge line is cut by characters).
    let mut head_end = 0;
    let (mut used_chars, mut used_lines) = (0, 0);
    for line in text.split_inclusive('\n') {
        let n = line.chars().count();
        if used_chars + n > head_chars || used_lines + 1 > head_lines {
            break;
        }
        used_chars += n;
        used_lines += 1;
        head_end += line.len();
    }
    if head_end == 0 {
        head_end = text.char_indices().nth(head_chars).map_or(text.len(), |(i, _)| i);
    }
    // Tail: whole lines from the end, the same way.
    let mut tail_start = text.len();
    let (mut used_chars, mut used_lines) = (0, 0);
    for line in text.split_inclusive('\n').rev() {
        let n = line.chars().count();
        if used_chars + n > tail_chars || used_lines + 1 > tail_lines || tail_start - line.len() < head_end {
            break;
        }
        used_chars += n;
        used_lines += 1;
        tail_start -= line.len();
    }
    if tail_start == text.len() {
        let skip = total.saturating_sub(tail_chars);
        tail_start = text.char_indices().nth(skip).map_or(text.len(), |(i, _)| i).max(head_end);
    }
    let middle = &text[head_end..tail_start];
    Some(Cut {
        head: text[..head_end].to_string(),
        tail: text[tail_start..].to_string(),
        chars: middle.chars().count(),
        lines: middle.matches('\n').count(),
    })
}

/// Thousands separators: `48213` → `48,213`.
fn grouped(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// A result as the model gets it: the text block, and the facts a harness may want without
/// parsing it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rendered {
    /// The one text block (output, truncation marker, `[exit N]`).
    pub text: String,
    /// Whether anything was cut from it.
    pub truncated: bool,
    /// Where the whole output was kept, when it was cut and could be kept.
    pub spill: Option<String>,
    /// Standard output, when it was one image or audio clip handed over as such.
    pub media: Option<Media>,
}

/// The whole result block. `spill` stores the full body and returns where (called only when
/// something is cut).
pub fn render(
    stdout: &[u8],
    stderr: &[u8],
    status: i32,
    caps: Caps,
    spill: impl FnOnce(&str) -> Option<String>,
) -> Rendered {
    let media = sniff(stdout).filter(|_| stdout.len() <= caps.media).map(|mime| Media { mime, bytes: stdout.to_vec() });
    let text = match &media {
        Some(media) => {
            let kind = if media.is_image() { "image" } else { "audio" };
            let said = format!("[{kind} attached: {}, {} bytes]\n", media.mime, grouped(media.bytes.len()));
            body(said.as_bytes(), stderr)
        }
        None => body(stdout, stderr),
    };
    let (mut out, truncated, kept) = match truncate(&text, caps) {
        None => (text, false, None),
        Some(cut) => {
            let kept_at = spill(&text);
            (cut.marked(kept_at.as_deref()), true, kept_at)
        }
    };
    if !out.is_empty() && !out.ends_with('\n') {
        out.push('\n');
    }
    out.push_str(&format!("[exit {status}]"));
    Rendered { text: out, truncated, spill: kept, media }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_image_or_clip_is_handed_over_where_the_model_takes_them() {
        let png = [&[0x89, b'P', b'N', b'G', 0x0d, 0x0a, 0x1a, 0x0a][..], &[0u8; 100]].concat();
        let caps = Caps { media: 1000, ..Caps::default() };
        let rendered = render(&png, b"", 0, caps, |_| None);
        assert_eq!(rendered.text, "[image attached: image/png, 108 bytes]\n[exit 0]");
        assert_eq!(rendered.media, Some(Media { mime: "image/png", bytes: png.clone() }));
        // Past the cap, or where media is not taken, the bytes are output as any other.
        for caps in [Caps { media: 50, ..Caps::default() }, Caps::default()] {
            let rendered = render(&png, b"", 0, caps, |_| None);
            assert!(rendered.media.is_none() && rendered.text.contains("PNG"), "{}", rendered.text);
        }
        assert_eq!(sniff(b"RIFF\0\0\0\0WAVEfmt "), Some("audio/wav"));
        assert_eq!(sniff(b"GIF89a"), Some("image/gif"));
        assert_eq!(sniff(b"hello"), None);
    }

    #[test]
    fn short_output_ends_with_the_exit_line() {
        assert_eq!(render(b"hi\n", b"", 0, Caps::default(), |_| None).text, "hi\n[exit 0]");
        assert_eq!(render(b"a", b"oops\n", 1, Caps::default(), |_| None).text, "a\n[stderr]\noops\n[exit 1]");
        assert_eq!(render(b"", b"", 0, Caps::default(), |_| None).text, "[exit 0]");
        assert_eq!(
            render(b"\x1b[1;31mred\x1b[0m \x1b]0;title\x07ok\n", b"", 0, Caps::default(), |_| None).text,
            "red ok\n[exit 0]"
        );
    }

    #[test]
    fn long_output_keeps_head_and_tail_and_marks_the_cut_where_it_is() {
        let text: String = (1..=1000).map(|i| format!("line {i}\n")).collect();
        let caps = Caps { chars: 1_000_000, lines: 100, media: 0 };
        let rendered = render(text.as_bytes(), b"", 0, caps, |_| Some("/tmp/.out/1.log".to_string()));
        assert!(rendered.truncated);
        assert_eq!(rendered.spill.as_deref(), Some("/tmp/.out/1.log"));
        let out = rendered.text;
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines[0], "line 1");
        assert_eq!(lines[24], "line 25");
        // The cut is marked between the last line of the head and the first of the tail.
        assert_eq!(lines[25], "[truncated: 900 lines (8,026 chars) cut here; all of it: /tmp/.out/1.log]");
        assert_eq!(lines[26], "line 926");
        assert_eq!(lines[100], "line 1000");
        assert_eq!(lines[101], "[exit 0]");
        assert_eq!(lines.len(), 102);
        // Nothing kept says it is whole when the whole could not be kept.
        let lost = render(text.as_bytes(), b"", 0, caps, |_| None).text;
        assert!(lost.contains("cut here; the whole output could not be kept]\nline 926\n"), "{lost}");
        // A single long line is cut by characters, and the mark counts characters.
        let long = "x".repeat(100);
        let cut = truncate(&long, Caps { chars: 40, lines: 10, media: 0 }).unwrap();
        assert_eq!((cut.head.len(), cut.tail.len(), cut.chars, cut.lines), (10, 30, 60, 0));
        assert_eq!(
            cut.marked(Some("/f")),
            format!("{}\n[truncated: 60 chars cut here; all of it: /f]\n{}", "x".repeat(10), "x".repeat(30))
        );
    }
}
