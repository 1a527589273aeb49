//! `rg -U`: a match may run across lines. The input is read whole (within the session's
//! `input-bytes`, as ripgrep reads a file whole for it) and searched at once; the lines each
//! match touches are the selected lines, which the line-by-line search then prints with its
//! context, counts and names as usual. Under `-o` and `--vimgrep` each match is printed once,
//! from the line where it starts.

use super::Options;
use super::json::{Json, Kind};
use super::print::{At, Heading, Named, Part, prefix};
use crate::OperandReader;

/// Reads an input whole, refusing one past `limit` bytes before holding it.
pub(super) async fn read_whole(mut reader: OperandReader, limit: usize) -> std::io::Result<Vec<u8>> {
    let mut data = Vec::new();
    while let Some(piece) = reader.chunk().await? {
        if data.len().saturating_add(piece.len()) > limit {
            return Err(crate::io::input_too_large(limit));
        }
        data.extend_from_slice(&piece);
    }
    Ok(data)
}

/// The lines the matches of a whole input touch, as ranges of line indices (0-based, both
/// ends in), in order; asked in increasing order of line.
pub(super) struct Selected {
    ranges: Vec<(usize, usize)>,
    next: usize,
}

impl Selected {
    /// The lines touched by `parts`, the matches (in order) of `data`. A match that ends just
    /// after a line's terminator does not touch the line after it; one at the very end of an
    /// input that ends with its terminator touches no line.
    pub(super) fn new(data: &[u8], parts: &[Part], terminator: u8) -> Self {
        let mut ranges: Vec<(usize, usize)> = Vec::new();
        let (mut line, mut counted_to) = (0usize, 0usize);
        let mut line_at = |at: usize| {
            line += bytecount::count(&data[counted_to..at], terminator);
            counted_to = at;
            line
        };
        for part in parts {
            // A match at the very end of an input that ends with its terminator (or is empty)
            // is on no line.
            if part.start == data.len() && data.last().is_none_or(|&last| last == terminator) {
                break;
            }
            let first = line_at(part.start);
            // Its last byte's line; an empty match at the end of an input without a final
            // terminator has no byte and is on the last line (counting never goes back).
            let last = line_at((part.end.max(part.start + 1).min(data.len()) - 1).max(part.start)).max(first);
            match ranges.last_mut() {
                Some(range) if first <= range.1 + 1 => range.1 = range.1.max(last),
                _ => ranges.push((first, last)),
            }
        }
        Selected { ranges, next: 0 }
    }

    /// Whether line `idx` is selected; `idx` never goes down between calls.
    pub(super) fn contains(&mut self, idx: usize) -> bool {
        while self.ranges.get(self.next).is_some_and(|range| range.1 < idx) {
            self.next += 1;
        }
        self.ranges.get(self.next).is_some_and(|range| range.0 <= idx)
    }
}

/// Prints each match (`-o`: the match or its replacement; `--vimgrep`: the line it starts on)
/// after the prefix of the line where it starts; returns how many lines held a match start.
pub(super) fn print_matches(
    o: &Options,
    out: &mut Vec<u8>,
    (label, show): (&str, bool),
    heading: &mut Heading,
    data: &[u8],
    parts: &[Part],
) -> usize {
    let (mut line_no, mut line_start, mut counted_to) = (1usize, 0usize, 0usize);
    let mut lines = 0;
    let mut last_line = 0;
    for part in parts.iter().filter(|part| o.empty_parts || part.end > part.start) {
        if part.start == data.len() && data.last().is_none_or(|&last| last == b'\n') {
            break;
        }
        line_no += bytecount::count(&data[counted_to..part.start], b'\n');
        counted_to = part.start;
        if let Some(at) = memchr::memrchr(b'\n', &data[..part.start]) {
            line_start = line_start.max(at + 1);
        }
        if line_no != last_line {
            (lines, last_line) = (lines + 1, line_no);
        }
        let text = if o.only {
            part.replacement.as_deref().unwrap_or(&data[part.start..part.end])
        } else {
            let end = memchr::memchr(b'\n', &data[part.start..]).map_or(data.len(), |at| part.start + at);
            &data[line_start..end]
        };
        let at = At { line_no, offset: part.start, column: Some(part.start - line_start + 1), blank: text.is_empty() };
        prefix(o, out, &mut Named { label, show, heading }, at, b':');
        out.extend_from_slice(text);
        out.push(b'\n');
    }
    lines
}

/// Whether `pattern` can match a newline at all (a literal or a class holding one). ripgrep
/// searches line by line under `-U` when it cannot, so its `--json` shows each line alone; a
/// pattern that does not parse here is taken to be able to.
pub(super) fn can_match_newline(pattern: &str, dot_all: bool) -> bool {
    use regex_syntax::hir::{Class, Hir, HirKind};
    fn walk(hir: &Hir) -> bool {
        match hir.kind() {
            HirKind::Literal(literal) => literal.0.contains(&b'\n'),
            HirKind::Class(Class::Unicode(class)) => {
                class.ranges().iter().any(|range| range.start() <= '\n' && '\n' <= range.end())
            }
            HirKind::Class(Class::Bytes(class)) => {
                class.ranges().iter().any(|range| range.start() <= b'\n' && b'\n' <= range.end())
            }
            HirKind::Repetition(repetition) => walk(&repetition.sub),
            HirKind::Capture(capture) => walk(&capture.sub),
            HirKind::Concat(hirs) | HirKind::Alternation(hirs) => hirs.iter().any(walk),
            // `^` and `$` match at line ends (the search's multi-line mode): ripgrep counts
            // them as matching there.
            HirKind::Look(look) => {
                use regex_syntax::hir::Look;
                matches!(look, Look::StartLF | Look::EndLF | Look::StartCRLF | Look::EndCRLF)
            }
            HirKind::Empty => false,
        }
    }
    let mut parser = regex_syntax::ParserBuilder::new().dot_matches_new_line(dot_all).multi_line(true).build();
    match parser.parse(pattern) {
        Ok(hir) => walk(&hir),
        Err(_) => true,
    }
}

/// A run of lines that matches touch: its first and last line (0-based) and the matches in it
/// (byte spans of the whole input).
struct Run {
    first: usize,
    last: usize,
    matches: Vec<(usize, usize)>,
}

/// `--json` under `-U`: each run of lines that matches touch (runs that meet joined, as
/// ripgrep joins them) is one `match` message holding all its matches, with `-A`/`-B`
/// context lines around it; returns how many runs were shown, and how far ripgrep reads the
/// input (to the end, or under `-m` to the end of the first match past the last run shown).
pub(super) fn json_blocks(
    o: &Options,
    json: &mut Json,
    out: &mut Vec<u8>,
    label: &str,
    data: &[u8],
    parts: &[Part],
) -> (usize, usize) {
    let mut starts = vec![0];
    starts.extend(memchr::memchr_iter(b'\n', data).map(|at| at + 1).filter(|&at| at < data.len()));
    let lines = if data.is_empty() { 0 } else { starts.len() };
    let line_of = |at: usize| starts.partition_point(|&start| start <= at) - 1;
    let line_end = |idx: usize| starts.get(idx + 1).copied().unwrap_or(data.len());
    let mut runs: Vec<Run> = Vec::new();
    for part in parts {
        if part.start == data.len() && data.last().is_none_or(|&last| last == b'\n') {
            break;
        }
        let first = line_of(part.start);
        let last = if part.end > starts[first] && data.get(part.end - 1) == Some(&b'\n') {
            line_of(part.end - 1)
        } else {
            line_of(part.end.min(data.len()))
        };
        match runs.last_mut() {
            Some(run) if run.last + 1 >= first => {
                run.last = run.last.max(last);
                run.matches.push((part.start, part.end));
            }
            _ => runs.push(Run { first, last: last.max(first), matches: vec![(part.start, part.end)] }),
        }
    }
    let mut searched = data.len();
    if let Some(most) = o.max
        && let Some(past) = runs.get(most)
    {
        searched = past.matches.first().map_or(searched, |&(_, end)| end);
        runs.truncate(most);
    }
    let context = |json: &mut Json, out: &mut Vec<u8>, idx: usize| {
        json.lines(out, Kind::Context, label, &data[starts[idx]..line_end(idx)], idx + 1, starts[idx], &[]);
    };
    // The first line not shown yet, and the last run's last line.
    let (mut next, mut previous) = (0usize, None::<usize>);
    for Run { first, last, matches } in &runs {
        if let Some(previous) = previous {
            for idx in previous + 1..(previous + 1 + o.after).min(*first) {
                context(json, out, idx);
                next = idx + 1;
            }
        }
        for idx in first.saturating_sub(o.before).max(next)..*first {
            context(json, out, idx);
        }
        let (from, to) = (starts[*first], line_end(*last));
        let spans: Vec<(usize, usize)> = matches.iter().map(|&(start, end)| (start - from, end - from)).collect();
        json.lines(out, Kind::Match, label, &data[from..to], first + 1, from, &spans);
        (next, previous) = (last + 1, Some(*last));
    }
    if let Some(previous) = previous {
        for idx in previous + 1..(previous + 1 + o.after).min(lines) {
            context(json, out, idx);
        }
    }
    (runs.len(), searched)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn part(start: usize, end: usize) -> Part {
        Part { start, end, replacement: None }
    }

    #[test]
    fn a_match_selects_the_lines_it_touches() {
        let data = b"ab\ncd\nef\ngh\n";
        // "b\nc" touches lines 0 and 1; "ef\n" only line 2 (it ends after the terminator).
        let mut selected = Selected::new(data, &[part(1, 4), part(6, 9)], b'\n');
        assert_eq!((0..4).map(|i| selected.contains(i)).collect::<Vec<_>>(), [true, true, true, false]);
        // An empty match at the very end of a terminated input is on no line, nor one in an
        // empty input.
        let mut selected = Selected::new(data, &[part(12, 12)], b'\n');
        assert!(!(0..5).any(|i| selected.contains(i)));
        let mut selected = Selected::new(b"", &[part(0, 0)], b'\n');
        assert!(!selected.contains(0));
    }
}
