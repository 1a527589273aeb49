//! How grep and rg print a line: the prefix (path, line number, column, byte offset), the line
//! or its matched parts (`-o`), ripgrep's replacement (`-r`), `--vimgrep`'s line for each
//! match and `--heading`'s path above a file's lines. The direct search (`scan_block`, on the
//! command's task and on tree.rs's workers) and the line-by-line one print through here alike.

use super::Options;
use regex::bytes::Regex;

/// A number in decimal, right-aligned in `width` columns (`-T`).
fn push_padded(out: &mut Vec<u8>, n: usize, width: usize) {
    let digits = n.checked_ilog10().map_or(1, |d| d as usize + 1);
    out.resize(out.len() + width.saturating_sub(digits), b' ');
    push_number(out, n);
}

/// A number in decimal, without the allocation of `to_string` (one per output line).
pub(super) fn push_number(out: &mut Vec<u8>, mut n: usize) {
    let mut digits = [0u8; 20];
    let mut at = digits.len();
    loop {
        at -= 1;
        digits[at] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    out.extend_from_slice(&digits[at..]);
}

/// `--heading` for one file: whether its path was printed above its lines yet, and whether a
/// blank line goes before it (a file before it printed lines under its own heading).
#[derive(Clone, Copy, Default)]
pub(super) struct Heading {
    pub(super) printed: bool,
    pub(super) gap: bool,
    /// `-T`: the width line numbers and byte offsets are padded to in this file; 0 without.
    pub(super) width: usize,
}

/// The file whose lines are printed, as they are named: its label, whether lines show it at
/// all (several files, `-H`), and its heading.
pub(super) struct Named<'a> {
    pub(super) label: &'a str,
    pub(super) show: bool,
    pub(super) heading: &'a mut Heading,
}

/// Where a printed line (or part) is: its line number, the byte offset of the line or part in
/// its input, and the column of the match it is printed for (`None` for a context line).
#[derive(Clone, Copy)]
pub(super) struct At {
    pub(super) line_no: usize,
    pub(super) offset: usize,
    pub(super) column: Option<usize>,
    /// Whether nothing follows the prefix (an empty line): `-T` puts no tab before it.
    pub(super) blank: bool,
}

/// The name (or, under `--heading`, the heading once), line number, column and byte offset
/// before a line, as asked for; `sep` is `:` for a selected line, `-` for context.
pub(super) fn prefix(o: &Options, out: &mut Vec<u8>, named: &mut Named<'_>, at: At, sep: u8) {
    if let Some(colors) = &o.color {
        // grep's `--color=always`: each piece in its color (rg never colors here).
        let separator = |out: &mut Vec<u8>| colors.wrap(out, &colors.separator, &[sep]);
        if named.show {
            colors.wrap(out, &colors.file_name, &toolsh_bytes::encode(named.label));
            if o.null_after_name { out.push(0) } else { separator(out) }
        }
        let mut digits = Vec::new();
        if o.number {
            push_padded(&mut digits, at.line_no, named.heading.width);
            colors.wrap(out, &colors.line_number, &digits);
            separator(out);
        }
        if o.byte_offset {
            digits.clear();
            push_padded(&mut digits, at.offset, named.heading.width);
            colors.wrap(out, &colors.byte_offset, &digits);
            separator(out);
        }
        initial_tab(o, out, named.show, at);
        return;
    }
    if named.show && o.heading {
        if !named.heading.printed {
            if named.heading.gap {
                out.push(b'\n');
            }
            out.extend_from_slice(&toolsh_bytes::encode(named.label));
            out.push(if o.null_after_name { 0 } else { b'\n' });
            named.heading.printed = true;
        }
    } else if named.show {
        out.extend_from_slice(&toolsh_bytes::encode(named.label));
        out.push(if o.null_after_name { 0 } else { sep });
    }
    if o.number {
        push_padded(out, at.line_no, named.heading.width);
        out.push(sep);
    }
    if o.column
        && let Some(column) = at.column
    {
        push_number(out, column);
        out.push(sep);
    }
    if o.byte_offset {
        push_padded(out, at.offset, named.heading.width);
        out.push(sep);
    }
    initial_tab(o, out, named.show, at);
}

/// `-T`'s tab after a prefix, before a line that is not empty.
fn initial_tab(o: &Options, out: &mut Vec<u8>, named: bool, at: At) {
    if o.initial_tab && (named || o.number || o.byte_offset) && !at.blank {
        out.push(b'\t');
    }
}

/// One match in a line: its byte span, and what it is replaced by under `-r`.
pub(super) struct Part {
    pub(super) start: usize,
    pub(super) end: usize,
    pub(super) replacement: Option<Vec<u8>>,
}

/// What printing needs of a pattern: its matches in a line, empty ones included, each with
/// `with` expanded for it (`$1`, `${name}`, `$$`, as ripgrep's `-r` and the regex crate).
pub(super) trait Finds {
    fn parts(&self, line: &[u8], with: Option<&[u8]>) -> Vec<Part>;
}

impl Finds for Regex {
    fn parts(&self, line: &[u8], with: Option<&[u8]>) -> Vec<Part> {
        match with {
            None => self.find_iter(line).map(|m| Part { start: m.start(), end: m.end(), replacement: None }).collect(),
            Some(with) => self
                .captures_iter(line)
                .filter_map(|caps| {
                    let whole = caps.get(0)?;
                    let mut replacement = Vec::new();
                    caps.expand(with, &mut replacement);
                    Some(Part { start: whole.start(), end: whole.end(), replacement: Some(replacement) })
                })
                .collect(),
        }
    }
}

/// A selected line after its prefix — or its matched parts (`-o`), a line for each match
/// (`--vimgrep`), its matches replaced (`-r`); `offset` is where the line starts in its input.
/// False when something was left out for not being UTF-8 (see [`printable`]).
#[allow(clippy::too_many_arguments)]
pub(super) fn emit_line(
    o: &Options,
    out: &mut Vec<u8>,
    named: &mut Named<'_>,
    line_no: usize,
    offset: usize,
    line: &[u8],
    terminator: u8,
    finds: &dyn Finds,
) -> bool {
    let at = |start: usize| At { line_no, offset: offset + start, column: Some(start + 1), blank: false };
    let with = o.replace.as_deref();
    if o.only || o.vimgrep {
        return emit_parts(o, out, named, (line_no, offset), line, terminator, finds, b':');
    }
    let needs_parts = with.is_some() || o.column;
    let parts = if needs_parts { finds.parts(line, with) } else { Vec::new() };
    let text = if with.is_some() { &replaced(line, &parts) } else { line };
    if !printable(o, text) {
        return false;
    }
    let mut at = at(parts.first().map_or(0, |part| part.start));
    // An inverted match has no column to point at.
    at.column = parts.first().map(|part| part.start + 1);
    at.blank = text.is_empty();
    prefix(o, out, named, at, b':');
    match &o.color {
        // A selected line of `-v` has no match to show.
        Some(colors) => {
            let line_color = if o.invert && colors.reverse { &colors.context_line } else { &colors.selected_line };
            let spans = if o.invert { Vec::new() } else { spans(finds, line) };
            colors.line(out, line, &spans, line_color, &colors.selected_match);
        }
        None => out.extend_from_slice(text),
    }
    out.push(terminator);
    true
}

/// The matched parts of a line (`-o`), or the whole line once for each match (`--vimgrep`),
/// each after its prefix with `sep` (`:` for a selected line; `-` for a context line of
/// `-o -v`, whose matches GNU grep prints); `at` is the line's number and where it starts.
/// False when a part was left out for not being UTF-8.
#[allow(clippy::too_many_arguments)]
pub(super) fn emit_parts(
    o: &Options,
    out: &mut Vec<u8>,
    named: &mut Named<'_>,
    (line_no, offset): (usize, usize),
    line: &[u8],
    terminator: u8,
    finds: &dyn Finds,
    sep: u8,
) -> bool {
    let at = |start: usize| At { line_no, offset: offset + start, column: Some(start + 1), blank: false };
    let with = o.replace.as_deref();
    let mut whole = true;
    let parts = finds.parts(line, with);
    for part in parts.iter().filter(|part| o.empty_parts || part.end > part.start) {
        let text = match (&part.replacement, o.only) {
            (Some(replacement), true) => replacement.as_slice(),
            (None, true) => &line[part.start..part.end],
            // `--vimgrep` without `-o`: the whole line for each match.
            (_, false) if with.is_some() => &replaced(line, &parts),
            (_, false) => line,
        };
        if !printable(o, text) {
            whole = false;
            continue;
        }
        let at = At { blank: text.is_empty(), ..at(part.start) };
        prefix(o, out, named, at, sep);
        match &o.color {
            Some(colors) if sep == b'-' => colors.wrap(out, &colors.context_match, text),
            Some(colors) => colors.wrap(out, &colors.selected_match, text),
            None => out.extend_from_slice(text),
        }
        out.push(terminator);
    }
    whole
}

/// The non-empty matches of a line, as byte spans (what `--color` marks).
pub(super) fn spans(finds: &dyn Finds, line: &[u8]) -> Vec<(usize, usize)> {
    finds.parts(line, None).into_iter().filter(|part| part.end > part.start).map(|p| (p.start, p.end)).collect()
}

/// A line with each of its matches replaced.
fn replaced(line: &[u8], parts: &[Part]) -> Vec<u8> {
    let mut out = Vec::with_capacity(line.len());
    let mut from = 0;
    for part in parts {
        out.extend_from_slice(&line[from..part.start]);
        out.extend_from_slice(part.replacement.as_deref().unwrap_or(&line[part.start..part.end]));
        from = part.end;
    }
    out.extend_from_slice(&line[from..]);
    out
}

/// Whether output may hold `bytes`: GNU grep in a UTF-8 locale leaves out a line that is not
/// UTF-8 and says at the end that the input is binary (`-a` prints it).
pub(super) fn printable(o: &Options, bytes: &[u8]) -> bool {
    o.text || o.raw_lines || bytes.is_ascii() || std::str::from_utf8(bytes).is_ok()
}
