//! `rg --json`: ripgrep's JSON Lines printer, the sink beside the text one ([`print`](super::print)).
//! A file with something to show opens with a `begin` message, each selected line is a `match`
//! (its submatches' byte spans within the line) and each context line a `context`, and an `end`
//! closes it with its statistics; one `summary` closes the run. Data is `{"text": …}` when it
//! is UTF-8, else `{"bytes": base64}`, as ripgrep writes it (serde_json's escaping, field order
//! and all: `begin`/`match`/`end` in ripgrep's struct order, `summary` in sorted-key order).
//! A file with nothing selected prints nothing and adds nothing to the summary (ripgrep 13).

use std::time::{Duration, Instant};

/// What one search (or, summed, the run) counts, as ripgrep's `Stats`.
#[derive(Clone, Copy, Default)]
struct Stats {
    elapsed: Duration,
    searches: u64,
    searches_with_match: u64,
    bytes_searched: u64,
    bytes_printed: u64,
    matched_lines: u64,
    matches: u64,
}

/// Whether a line is selected or shown as context.
#[derive(Clone, Copy, PartialEq)]
pub(super) enum Kind {
    Match,
    Context,
}

/// The printer's state: the file being searched and the run so far.
pub(super) struct Json {
    started: Instant,
    file_started: Instant,
    /// Whether the current file's `begin` was written.
    begun: bool,
    file: Stats,
    total: Stats,
}

impl Json {
    pub(super) fn new() -> Self {
        let now = Instant::now();
        Json { started: now, file_started: now, begun: false, file: Stats::default(), total: Stats::default() }
    }

    /// A new input is about to be searched.
    pub(super) fn start(&mut self) {
        self.file_started = Instant::now();
        self.begun = false;
        self.file = Stats::default();
    }

    /// A `match` or `context` message: `lines` (one line, or a multi-line match's lines, each
    /// with its terminator) at `offset` in the input, numbered `line_no`, with `submatches` as
    /// byte spans within `lines`; `begin` first when it is the file's first message.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn lines(
        &mut self,
        out: &mut Vec<u8>,
        kind: Kind,
        label: &str,
        lines: &[u8],
        line_no: usize,
        offset: usize,
        submatches: &[(usize, usize)],
    ) {
        let from = out.len();
        if !self.begun {
            self.begun = true;
            out.extend_from_slice(b"{\"type\":\"begin\",\"data\":{\"path\":");
            data(out, &toolsh_bytes::encode(label));
            out.extend_from_slice(b"}}\n");
        }
        out.extend_from_slice(if kind == Kind::Match { b"{\"type\":\"match\"" } else { b"{\"type\":\"context\"" });
        out.extend_from_slice(b",\"data\":{\"path\":");
        data(out, &toolsh_bytes::encode(label));
        out.extend_from_slice(b",\"lines\":");
        data(out, lines);
        out.extend_from_slice(b",\"line_number\":");
        super::print::push_number(out, line_no);
        out.extend_from_slice(b",\"absolute_offset\":");
        super::print::push_number(out, offset);
        out.extend_from_slice(b",\"submatches\":[");
        // ripgrep finds the matches again in the message's bytes, where an empty match at
        // their very end is no match.
        let submatches: Vec<(usize, usize)> =
            submatches.iter().copied().filter(|&(start, end)| !(start == end && end == lines.len())).collect();
        for (i, &(start, end)) in submatches.iter().enumerate() {
            if i > 0 {
                out.push(b',');
            }
            out.extend_from_slice(b"{\"match\":");
            data(out, lines.get(start..end).unwrap_or_default());
            out.extend_from_slice(b",\"start\":");
            super::print::push_number(out, start);
            out.extend_from_slice(b",\"end\":");
            super::print::push_number(out, end);
            out.push(b'}');
        }
        out.extend_from_slice(b"]}}\n");
        if kind == Kind::Match {
            self.file.matched_lines += bytecount::count(lines.strip_suffix(b"\n").unwrap_or(lines), b'\n') as u64 + 1;
            self.file.matches += submatches.len() as u64;
        }
        self.file.bytes_printed += (out.len() - from) as u64;
    }

    /// The input is done: its `end` message, when it had a `begin`, and its statistics added
    /// to the run's. `binary_offset` is where its first NUL byte is; `searched` how many of
    /// its bytes were read.
    pub(super) fn end(&mut self, out: &mut Vec<u8>, label: &str, binary_offset: Option<usize>, searched: usize) {
        if !self.begun {
            return;
        }
        self.begun = false;
        let file = &mut self.file;
        file.elapsed = self.file_started.elapsed();
        (file.searches, file.searches_with_match, file.bytes_searched) = (1, 1, searched as u64);
        out.extend_from_slice(b"{\"type\":\"end\",\"data\":{\"path\":");
        data(out, &toolsh_bytes::encode(label));
        out.extend_from_slice(b",\"binary_offset\":");
        match binary_offset {
            Some(at) => super::print::push_number(out, at),
            None => out.extend_from_slice(b"null"),
        }
        out.extend_from_slice(b",\"stats\":{\"elapsed\":");
        elapsed(out, file.elapsed, false);
        let counts = [
            ("searches", file.searches),
            ("searches_with_match", file.searches_with_match),
            ("bytes_searched", file.bytes_searched),
            ("bytes_printed", file.bytes_printed),
            ("matched_lines", file.matched_lines),
            ("matches", file.matches),
        ];
        for (name, n) in counts {
            out.extend_from_slice(format!(",\"{name}\":{n}").as_bytes());
        }
        out.extend_from_slice(b"}}}\n");
        let total = &mut self.total;
        total.elapsed += file.elapsed;
        total.searches += file.searches;
        total.searches_with_match += file.searches_with_match;
        total.bytes_searched += file.bytes_searched;
        total.bytes_printed += file.bytes_printed;
        total.matched_lines += file.matched_lines;
        total.matches += file.matches;
    }

    /// The run's closing `summary` (its keys sorted, as ripgrep builds it from a JSON map).
    pub(super) fn summary(&self, out: &mut Vec<u8>) {
        let total = &self.total;
        out.extend_from_slice(b"{\"data\":{\"elapsed_total\":");
        elapsed(out, self.started.elapsed(), true);
        out.extend_from_slice(format!(",\"stats\":{{\"bytes_printed\":{},", total.bytes_printed).as_bytes());
        out.extend_from_slice(format!("\"bytes_searched\":{},\"elapsed\":", total.bytes_searched).as_bytes());
        elapsed(out, total.elapsed, true);
        let counts = [
            ("matched_lines", total.matched_lines),
            ("matches", total.matches),
            ("searches", total.searches),
            ("searches_with_match", total.searches_with_match),
        ];
        for (name, n) in counts {
            out.extend_from_slice(format!(",\"{name}\":{n}").as_bytes());
        }
        out.extend_from_slice(b"}},\"type\":\"summary\"}\n");
    }
}

/// A duration as ripgrep writes one: seconds, nanoseconds and a human form; `sorted` puts the
/// keys in the summary's sorted order.
fn elapsed(out: &mut Vec<u8>, d: Duration, sorted: bool) {
    let (secs, nanos) = (d.as_secs(), d.subsec_nanos());
    let human = format!("{:0.6}s", d.as_secs_f64());
    let text = if sorted {
        format!("{{\"human\":\"{human}\",\"nanos\":{nanos},\"secs\":{secs}}}")
    } else {
        format!("{{\"secs\":{secs},\"nanos\":{nanos},\"human\":\"{human}\"}}")
    };
    out.extend_from_slice(text.as_bytes());
}

/// Bytes as ripgrep's JSON holds them: `{"text":"…"}` when UTF-8 (serde_json's escaping),
/// else `{"bytes":"<base64>"}`.
fn data(out: &mut Vec<u8>, bytes: &[u8]) {
    use base64::Engine;
    match std::str::from_utf8(bytes) {
        Ok(text) => {
            out.extend_from_slice(b"{\"text\":");
            // A string always serializes.
            let _ = serde_json::to_writer(&mut *out, text);
            out.push(b'}');
        }
        Err(_) => {
            out.extend_from_slice(b"{\"bytes\":\"");
            out.extend_from_slice(base64::engine::general_purpose::STANDARD.encode(bytes).as_bytes());
            out.extend_from_slice(b"\"}");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn data_is_text_or_base64() {
        let mut out = Vec::new();
        data(&mut out, b"a\"\0\n\x1b");
        assert_eq!(out, br#"{"text":"a\"\u0000\n\u001b"}"#);
        out.clear();
        data(&mut out, b"caf\xe9 hello\n");
        assert_eq!(out, br#"{"bytes":"Y2Fm6SBoZWxsbwo="}"#);
    }
}
