//! Line filters: `cut`, `uniq`, `wc`, `rev`, `tac`, with GNU coreutils' flags and output format.

use crate::Ctx;
use crate::opt;
use crate::session::Status;
use crate::spec::{Args, Opt, Spec};
use crate::vfs::describe;
use std::io::Read as _;
use toolsh_bytes::quote::{quoteaf, quotef};

/// Reads every operand (standard input when none), reporting unreadable ones.
async fn inputs(ctx: &Ctx<'_>, files: &[String]) -> (Vec<(String, Vec<u8>)>, Status) {
    let names: Vec<String> = if files.is_empty() { vec!["-".to_string()] } else { files.to_vec() };
    let mut out = Vec::new();
    let mut status = 0;
    for name in names {
        match ctx.read_operand(&name).await {
            Ok(data) => out.push((name, data)),
            Err(err) => {
                // tac's words, the one command reading its inputs whole here.
                ctx.complain(format!("failed to open {} for reading: {}", quoteaf(&name), describe(&err))).await;
                status = 1;
            }
        }
    }
    (out, status)
}

/// A `cut` list: 1-based inclusive ranges, or GNU's complaint about it (fields for `f`,
/// positions otherwise).
fn parse_list(spec: &str, mode: u8) -> Result<Vec<(usize, usize)>, String> {
    let fields = mode == b'f';
    let from_one = if fields { "fields are numbered from 1" } else { "byte/character positions are numbered from 1" };
    let number = |text: &str| -> Result<usize, String> {
        if !text.bytes().all(|b| b.is_ascii_digit()) {
            let what = if fields { "invalid field value" } else { "invalid byte/character position" };
            return Err(format!("{what} '{text}'"));
        }
        // Past any offset a line can have, as GNU refuses it.
        text.parse::<usize>().map_err(|_| {
            if fields {
                format!("field number '{text}' is too large")
            } else {
                format!("byte/character offset '{text}' is too large")
            }
        })
    };
    let mut ranges = Vec::new();
    for piece in spec.split([',', ' ']) {
        let (lo, hi) = match piece.split_once('-') {
            Some(("", "")) => return Err("invalid range with no endpoint: -".to_string()),
            Some((_, hi)) if hi.contains('-') => {
                return Err(if fields { "invalid field range" } else { "invalid byte or character range" }.to_string());
            }
            Some((lo, hi)) => {
                (if lo.is_empty() { 1 } else { number(lo)? }, if hi.is_empty() { usize::MAX } else { number(hi)? })
            }
            None if piece.is_empty() => (0, 0),
            None => {
                let n = number(piece)?;
                (n, n)
            }
        };
        if lo == 0 {
            return Err(from_one.to_string());
        }
        if hi < lo {
            return Err("invalid decreasing range".to_string());
        }
        ranges.push((lo, hi));
    }
    Ok(ranges)
}

/// The ranges as GNU's set_fields leaves them: in order, overlapping ones merged (abutting ones
/// stay apart: `--output-delimiter` goes between them), complemented with `--complement`.
fn normalize(mut ranges: Vec<(usize, usize)>, complement: bool) -> Vec<(usize, usize)> {
    ranges.sort_unstable();
    let mut merged: Vec<(usize, usize)> = Vec::with_capacity(ranges.len());
    for (lo, hi) in ranges {
        match merged.last_mut() {
            Some(last) if lo <= last.1 => last.1 = last.1.max(hi),
            _ => merged.push((lo, hi)),
        }
    }
    if !complement {
        return merged;
    }
    let mut gaps = Vec::new();
    let mut next = 1;
    for (lo, hi) in merged {
        if lo > next {
            gaps.push((next, lo - 1));
        }
        if hi == usize::MAX {
            return gaps;
        }
        next = hi + 1;
    }
    gaps.push((next, usize::MAX));
    gaps
}

/// What `cut` selects from each line.
struct CutSpec {
    /// `f` fields, `c` characters, `b` bytes.
    mode: u8,
    /// In order, apart, complemented already ([`normalize`]).
    ranges: Vec<(usize, usize)>,
    delimiter: u8,
    output_delimiter: Option<Vec<u8>>,
    only_delimited: bool,
}

impl CutSpec {
    fn selected(&self, position: usize) -> bool {
        self.ranges.iter().any(|&(lo, hi)| lo <= position && position <= hi)
    }

    /// Between the pieces of bytes or characters, the output delimiter goes only when one was
    /// given, before each range but the first printed.
    fn piece_separator(&self, position: usize, printed: bool) -> Option<&[u8]> {
        let sep = self.output_delimiter.as_deref()?;
        (printed && self.ranges.iter().any(|&(lo, _)| lo == position)).then_some(sep)
    }

    fn field_separator(&self) -> &[u8] {
        self.output_delimiter.as_deref().unwrap_or(std::slice::from_ref(&self.delimiter))
    }

    /// Appends what `line` (without its terminator) keeps; false when `-s` drops the line.
    fn cut(&self, line: &[u8], out: &mut Vec<u8>) -> bool {
        match self.mode {
            b'f' => {
                if !line.contains(&self.delimiter) {
                    if self.only_delimited {
                        return false;
                    }
                    out.extend_from_slice(line);
                    return true;
                }
                let mut first = true;
                for (pos, field) in line.split(|&b| b == self.delimiter).enumerate() {
                    if self.selected(pos + 1) {
                        if !first {
                            out.extend_from_slice(self.field_separator());
                        }
                        out.extend_from_slice(field);
                        first = false;
                    }
                }
            }
            b'c' => {
                let text = toolsh_bytes::decode(line);
                let mut printed = false;
                for (pos, c) in text.chars().enumerate() {
                    if self.selected(pos + 1) {
                        if let Some(sep) = self.piece_separator(pos + 1, printed) {
                            out.extend_from_slice(sep);
                        }
                        toolsh_bytes::push_char(out, c);
                        printed = true;
                    }
                }
            }
            _ => {
                let mut printed = false;
                for (pos, b) in line.iter().enumerate() {
                    if self.selected(pos + 1) {
                        if let Some(sep) = self.piece_separator(pos + 1, printed) {
                            out.extend_from_slice(sep);
                        }
                        out.push(*b);
                        printed = true;
                    }
                }
            }
        }
        true
    }
}

/// Fields delimited by the line terminator itself (`cut -d $'\n'`, `cut -z -d ''`): as GNU's
/// cut reads them, the input is one record whose fields are its lines, ended by one terminator.
#[derive(Default)]
struct RecordOfLines {
    /// The fields seen so far (the next one's number less one).
    fields: usize,
    printed: bool,
    /// The whole input was one line without a delimiter, which `-s` drops.
    dropped: bool,
}

impl RecordOfLines {
    fn line(&mut self, spec: &CutSpec, line: &[u8], ended: bool, out: &mut Vec<u8>) {
        self.fields += 1;
        // A last line without its terminator and nothing before it: a line with no delimiter.
        if self.fields == 1 && !ended {
            if spec.only_delimited {
                self.dropped = true;
            } else {
                out.extend_from_slice(line);
                self.printed = true;
            }
            return;
        }
        if spec.selected(self.fields) {
            if self.printed {
                out.extend_from_slice(spec.field_separator());
            }
            out.extend_from_slice(line);
            self.printed = true;
        }
    }
}

const FIELDS: Opt = Opt::both('f', "fields", "select only these fields").value("LIST");
const CHARACTERS: Opt = Opt::both('c', "characters", "select only these characters").value("LIST");
const BYTES: Opt = Opt::both('b', "bytes", "select only these bytes").value("LIST");
const DELIMITER: Opt = Opt::both('d', "delimiter", "use DELIM instead of TAB for field delimiter").value("DELIM");
const OUTPUT_DELIMITER: Opt =
    Opt::long("output-delimiter", "use STRING as the output delimiter (default: the input delimiter)").value("STRING");
const ONLY_DELIMITED: Opt = Opt::both('s', "only-delimited", "do not print lines not containing delimiters");
const COMPLEMENT: Opt = Opt::long("complement", "complement the set of selected bytes, characters or fields");
const ZERO: Opt = Opt::both('z', "zero-terminated", "line delimiter is NUL, not newline");

/// `cut`.
pub const CUT: Spec = Spec {
    name: "cut",
    summary: "select fields, characters or bytes of lines",
    synopsis: &["(-f LIST [-d DELIM] [-s] | -c LIST | -b LIST) [OPTION]... [FILE]..."],
    about: "Print selected parts of lines from each FILE to standard output.",
    options: &[
        BYTES,
        CHARACTERS,
        DELIMITER,
        FIELDS,
        Opt::short('n', "(ignored)"),
        COMPLEMENT,
        ONLY_DELIMITED,
        OUTPUT_DELIMITER,
        ZERO,
    ],
    ..Spec::BASE
};

/// `cut -f LIST [-d DELIM] [-s] | -c LIST | -b LIST [--complement] [-z] [file…]`, a piece of
/// input at a time.
pub async fn cut(ctx: Ctx<'_>, args: Args) -> Status {
    let mut mode = None;
    let mut list = None;
    let mut delimiter = b'\t';
    let (mut only_delimited, mut complement, mut zero) = (false, false, false);
    let mut output_delimiter: Option<Vec<u8>> = None;
    let mut delimiter_given = false;
    for (opt, value) in args.given() {
        match *opt {
            FIELDS | CHARACTERS | BYTES => {
                let letter = opt.short.map_or(b'f', |c| c as u8);
                if mode.is_some_and(|m| m != letter) {
                    return ctx.misuse(&CUT, "only one list may be specified").await;
                }
                mode = Some(letter);
                list = Some(value.to_string());
            }
            // One byte, as GNU's cut takes it (a byte that is not UTF-8 is that byte); `-d ''`
            // is the NUL byte.
            DELIMITER if toolsh_bytes::encode(value).len() <= 1 => {
                delimiter = toolsh_bytes::encode(value).first().copied().unwrap_or(0);
                delimiter_given = true;
            }
            DELIMITER => return ctx.misuse(&CUT, "the delimiter must be a single character").await,
            // `--output-delimiter=''` is the NUL byte too.
            OUTPUT_DELIMITER if value.is_empty() => output_delimiter = Some(vec![0]),
            OUTPUT_DELIMITER => output_delimiter = Some(toolsh_bytes::encode(value).into_owned()),
            ONLY_DELIMITED => only_delimited = true,
            COMPLEMENT => complement = true,
            ZERO => zero = true,
            _ => {}
        }
    }
    let files = args.operands;
    let (Some(mode), Some(list)) = (mode, list) else {
        return ctx.misuse(&CUT, "you must specify a list of bytes, characters, or fields").await;
    };
    if mode != b'f' && delimiter_given {
        return ctx.misuse(&CUT, "an input delimiter may be specified only when operating on fields").await;
    }
    if mode != b'f' && only_delimited {
        return ctx.misuse(&CUT, "suppressing non-delimited lines makes sense\n\tonly when operating on fields").await;
    }
    let ranges = match parse_list(&list, mode) {
        Ok(ranges) => normalize(ranges, complement),
        Err(said) => return ctx.misuse(&CUT, said).await,
    };
    let spec = CutSpec { mode, ranges, delimiter, output_delimiter, only_delimited };
    let terminator = if zero { 0 } else { b'\n' };
    if mode == b'f' && delimiter == terminator {
        let mut record = RecordOfLines::default();
        let status =
            filter_lines(&ctx, &files, terminator, |line, ended, out| record.line(&spec, line, ended, out)).await;
        if record.fields > 0 && !record.dropped && !ctx.out_piece(&mut vec![terminator]).await {
            return 1;
        }
        return status;
    }
    filter_lines(&ctx, &files, terminator, |line, _, out| {
        if spec.cut(line, out) {
            out.push(terminator);
        }
    })
    .await
}

/// An operand read a piece at a time and handed over as batches of whole lines. A piece is
/// handed on as it was read; only the line running across two pieces is copied together.
pub(crate) struct LineBatches {
    reader: crate::OperandReader,
    partial: Vec<u8>,
    terminator: u8,
    done: bool,
    /// The longest line held while it is read across pieces (an endless input without a
    /// terminator, `cat /dev/zero | rev`, is refused at this size rather than held whole).
    limit: usize,
}

impl LineBatches {
    pub(crate) fn new(reader: crate::OperandReader, terminator: u8) -> Self {
        LineBatches { reader, partial: Vec::new(), terminator, done: false, limit: usize::MAX }
    }

    /// Lines held at most as long as the session's input-bytes limit, the most a command may
    /// hold of its input.
    pub(crate) fn bounded(reader: crate::OperandReader, terminator: u8, ctx: &Ctx<'_>) -> Self {
        LineBatches { limit: ctx.state().limits().input_bytes, ..LineBatches::new(reader, terminator) }
    }

    /// Adds to the line running across pieces, within the limit (checked before growing).
    fn hold(&mut self, piece: &[u8]) -> std::io::Result<()> {
        if self.partial.len().saturating_add(piece.len()) > self.limit {
            return Err(crate::io::input_too_large(self.limit));
        }
        self.partial.extend_from_slice(piece);
        Ok(())
    }

    /// The next whole lines (the last line of the input may lack its terminator); `None` at
    /// the end.
    pub(crate) async fn next(&mut self) -> std::io::Result<Option<Batch>> {
        let terminator = self.terminator;
        while !self.done {
            let Some(piece) = self.reader.chunk().await? else {
                self.done = true;
                if self.partial.is_empty() {
                    break;
                }
                let head = std::mem::take(&mut self.partial);
                return Ok(Some(Batch { head, body: Vec::new(), start: 0, end: 0, terminator }));
            };
            let Some(last) = memchr::memrchr(terminator, &piece) else {
                self.hold(&piece)?;
                continue;
            };
            let (mut head, mut start) = (Vec::new(), 0);
            if !self.partial.is_empty() {
                let first = memchr::memchr(terminator, &piece).unwrap_or(last);
                self.hold(&piece[..=first])?;
                head = std::mem::take(&mut self.partial);
                start = first + 1;
            }
            self.hold(&piece[last + 1..])?;
            return Ok(Some(Batch { head, body: piece, start, end: last + 1, terminator }));
        }
        Ok(None)
    }

    /// What was read past the last line handed out: the start of a line not yet ended.
    pub(crate) fn held(&self) -> &[u8] {
        &self.partial
    }
}

/// The lines of one operand one at a time, each with whether its terminator ended it, for a
/// command that takes lines from several operands in turn (`paste`).
pub(crate) struct LineReader {
    batches: LineBatches,
    ahead: std::collections::VecDeque<(Vec<u8>, bool)>,
}

impl LineReader {
    pub(crate) fn new(batches: LineBatches) -> Self {
        LineReader { batches, ahead: std::collections::VecDeque::new() }
    }

    /// The next line; `None` at the end.
    pub(crate) async fn next(&mut self) -> std::io::Result<Option<(Vec<u8>, bool)>> {
        if self.ahead.is_empty()
            && let Some(batch) = self.batches.next().await?
        {
            self.ahead.extend(batch.lines_ended().map(|(line, ended)| (line.to_vec(), ended)));
        }
        Ok(self.ahead.pop_front())
    }

    /// Whether the next line must be read first (which may wait for the input): the moment
    /// for a filter to hand on what it made so far.
    pub(crate) fn drained(&self) -> bool {
        self.ahead.is_empty()
    }
}

/// The lines of several operands (standard input for none) as one stream, one at a time, for a
/// filter that writes as it goes within a line ([`filter_lines`] otherwise): what it made is
/// handed on whenever more input must be read. Unreadable operands are said as in
/// [`filter_lines`] and make [`OperandLines::status`] 1.
pub(crate) struct OperandLines<'c, 'a> {
    ctx: &'c Ctx<'a>,
    files: std::collections::VecDeque<String>,
    reader: Option<(String, LineReader)>,
    terminator: u8,
    status: Status,
}

impl<'c, 'a> OperandLines<'c, 'a> {
    pub(crate) fn new(ctx: &'c Ctx<'a>, files: &[String], terminator: u8) -> Self {
        let files = if files.is_empty() { vec!["-".to_string()] } else { files.to_vec() };
        OperandLines { ctx, files: files.into(), reader: None, terminator, status: 0 }
    }

    /// The next line and whether its terminator ended it; `None` at the end of the last operand.
    /// `out` is written first when input must be read; `Err` when the reader is gone or the line
    /// must stop (the command then ends with status 1).
    pub(crate) async fn next(&mut self, out: &mut Vec<u8>) -> Result<Option<(Vec<u8>, bool)>, ()> {
        loop {
            let Some((name, reader)) = self.reader.as_mut() else {
                let Some(file) = self.files.pop_front() else { return Ok(None) };
                match self.ctx.open_operand(&file) {
                    Ok(reader) => {
                        let batches = LineBatches::bounded(reader, self.terminator, self.ctx);
                        self.reader = Some((file, LineReader::new(batches)));
                    }
                    Err(err) => self.complain(&file, &err, out).await?,
                }
                continue;
            };
            if reader.drained() {
                let going = if out.is_empty() { self.ctx.step().await } else { self.ctx.out_piece(out).await };
                if !going {
                    return Err(());
                }
            }
            match reader.next().await {
                Ok(Some(line)) => return Ok(Some(line)),
                Ok(None) => self.reader = None,
                Err(err) => {
                    let name = name.clone();
                    self.reader = None;
                    self.complain(&name, &err, out).await?;
                }
            }
        }
    }

    async fn complain(&mut self, file: &str, err: &std::io::Error, out: &mut Vec<u8>) -> Result<(), ()> {
        if !self.ctx.out_piece(out).await {
            return Err(());
        }
        self.ctx.complain(format!("{file}: {}", describe(err), file = quotef(file))).await;
        self.status = 1;
        Ok(())
    }

    /// 1 when an operand could not be read, else 0.
    pub(crate) fn status(&self) -> Status {
        self.status
    }
}

/// Runs a line filter over its operands (standard input when there are none), in order, as
/// one stream of lines: `each` is given every line without its terminator, whether the
/// terminator ended it (the last line of an operand may lack it), and the output to add to.
/// What a batch of lines made goes out before the next batch is read, so output keeps pace
/// with the input (`yes | rev | head -1` answers at once), memory stays bounded by the
/// longest line, and a reader gone (`head` done) ends the filter with status 1 as a write
/// error would. An unreadable operand is said as GNU's filters say it (`NAME: reason`, after
/// the output before it) and the next one is read; the status is then 1.
pub(crate) async fn filter_lines(
    ctx: &Ctx<'_>,
    files: &[String],
    terminator: u8,
    each: impl FnMut(&[u8], bool, &mut Vec<u8>),
) -> Status {
    filter(ctx, files, terminator, true, each).await
}

/// [`filter_lines`] for a filter that needs no line whole (`cat -n`, `cat -v`): `each` is given
/// the pieces of lines as they are read, a piece not ended by the terminator going on in the
/// next call, so even an endless line (`cat -v /dev/zero`) is worked on in bounded memory.
pub(crate) async fn filter_pieces(
    ctx: &Ctx<'_>,
    files: &[String],
    terminator: u8,
    each: impl FnMut(&[u8], bool, &mut Vec<u8>),
) -> Status {
    filter(ctx, files, terminator, false, each).await
}

async fn filter(
    ctx: &Ctx<'_>,
    files: &[String],
    terminator: u8,
    whole_lines: bool,
    mut each: impl FnMut(&[u8], bool, &mut Vec<u8>),
) -> Status {
    enum Reading {
        Lines(LineBatches),
        Pieces(crate::OperandReader),
    }
    let stdin = ["-".to_string()];
    let files = if files.is_empty() { &stdin[..] } else { files };
    let mut status = 0;
    let mut out = Vec::new();
    for file in files {
        let opened = ctx.open_operand(file).map(|reader| {
            if whole_lines {
                Reading::Lines(LineBatches::bounded(reader, terminator, ctx))
            } else {
                Reading::Pieces(reader)
            }
        });
        let mut reading = match opened {
            Ok(reading) => reading,
            Err(err) => {
                if !ctx.out_piece(&mut out).await {
                    return 1;
                }
                ctx.complain(format!("{file}: {}", describe(&err), file = quotef(file))).await;
                status = 1;
                continue;
            }
        };
        loop {
            let read = match &mut reading {
                Reading::Lines(batches) => batches.next().await.map(|batch| {
                    batch.map(|batch| {
                        for (line, ended) in batch.lines_ended() {
                            each(line, ended, &mut out);
                        }
                    })
                }),
                Reading::Pieces(reader) => reader.chunk().await.map(|piece| {
                    piece.map(|piece| {
                        for part in piece.split_inclusive(|&b| b == terminator) {
                            let body = part.strip_suffix(&[terminator]);
                            each(body.unwrap_or(part), body.is_some(), &mut out);
                        }
                    })
                }),
            };
            match read {
                Ok(Some(())) => {}
                Ok(None) => break,
                Err(err) => {
                    if !ctx.out_piece(&mut out).await {
                        return 1;
                    }
                    ctx.complain(format!("{file}: {}", describe(&err), file = quotef(file))).await;
                    status = 1;
                    break;
                }
            }
            // A batch that made nothing (`yes | uniq`) is still a step: the deadline holds.
            let going = if out.is_empty() { ctx.step().await } else { ctx.out_piece(&mut out).await };
            if !going {
                return 1;
            }
        }
    }
    status
}

/// Whole lines read together: a line completed across pieces, then the lines of one piece.
pub(crate) struct Batch {
    head: Vec<u8>,
    body: Vec<u8>,
    start: usize,
    end: usize,
    terminator: u8,
}

impl Batch {
    /// A whole input as one batch.
    pub(crate) fn whole(data: Vec<u8>, terminator: u8) -> Batch {
        let end = data.len();
        Batch { head: Vec::new(), body: data, start: 0, end, terminator }
    }

    /// Whether the last line lacks its terminator (the end of an input without a final one).
    pub(crate) fn unterminated(&self) -> bool {
        let last = if self.end > self.start { self.body.get(self.end - 1) } else { self.head.last() };
        last.is_some_and(|&b| b != self.terminator)
    }

    /// The batch's bytes from `at` (counted from the batch's start) to its end.
    pub(crate) fn bytes_from(&self, at: usize) -> Vec<u8> {
        let body = &self.body[self.start..self.end];
        match self.head.get(at..) {
            Some(head) => [head, body].concat(),
            None => body.get(at - self.head.len()..).unwrap_or_default().to_vec(),
        }
    }

    /// The number of bytes in the batch's lines.
    pub(crate) fn byte_len(&self) -> usize {
        self.head.len() + (self.end - self.start)
    }

    /// Where `byte` first occurs in the batch's lines, counted from the batch's start.
    pub(crate) fn find(&self, byte: u8) -> Option<usize> {
        memchr::memchr(byte, &self.head)
            .or_else(|| memchr::memchr(byte, &self.body[self.start..self.end]).map(|at| self.head.len() + at))
    }

    /// The lines, each without its terminator.
    pub(crate) fn lines(&self) -> impl Iterator<Item = &[u8]> {
        let terminator = self.terminator;
        let head = (!self.head.is_empty()).then(|| strip_terminator(&self.head, terminator));
        let body = &self.body[self.start..self.end];
        let body_lines =
            (!body.is_empty()).then(|| split_at_terminators(strip_terminator(body, terminator), terminator));
        head.into_iter().chain(body_lines.into_iter().flatten())
    }
}

impl Batch {
    /// The lines with whether their terminator ended each: only the last line of an input
    /// can lack it.
    pub(crate) fn lines_ended(&self) -> impl Iterator<Item = (&[u8], bool)> {
        let unterminated = self.unterminated();
        let mut lines = self.lines().peekable();
        std::iter::from_fn(move || {
            let line = lines.next()?;
            Some((line, !(unterminated && lines.peek().is_none())))
        })
    }
}

/// The pieces of `text` between terminators, as `split` makes them, each end found by memchr
/// (`split`'s test of every byte was a third of `grep -v`'s time).
fn split_at_terminators(text: &[u8], terminator: u8) -> impl Iterator<Item = &[u8]> {
    let mut rest = Some(text);
    std::iter::from_fn(move || {
        let text = rest?;
        match memchr::memchr(terminator, text) {
            Some(at) => {
                rest = Some(&text[at + 1..]);
                Some(&text[..at])
            }
            None => {
                rest = None;
                Some(text)
            }
        }
    })
}

/// `text` without its final terminator: the empty piece after the last one is no line.
fn strip_terminator(text: &[u8], terminator: u8) -> &[u8] {
    text.strip_suffix(&[terminator]).unwrap_or(text)
}

/// The part of a line `uniq` compares.
struct UniqKey {
    skip_fields: usize,
    skip_chars: usize,
    check_chars: usize,
    ignore_case: bool,
}

impl UniqKey {
    /// Borrowed unless case is folded.
    fn of<'l>(&self, line: &'l [u8]) -> std::borrow::Cow<'l, [u8]> {
        let mut rest = line;
        for _ in 0..self.skip_fields {
            // Past the last field every further skip is empty: stop (`-f 9223372036854775807`
            // looped for ever).
            if rest.is_empty() {
                break;
            }
            let start = rest.iter().position(|&b| b != b' ' && b != b'\t').unwrap_or(rest.len());
            rest = &rest[start..];
            let end = rest.iter().position(|&b| b == b' ' || b == b'\t').unwrap_or(rest.len());
            rest = &rest[end..];
        }
        let rest = &rest[self.skip_chars.min(rest.len())..];
        let rest = &rest[..self.check_chars.min(rest.len())];
        if self.ignore_case { rest.to_ascii_lowercase().into() } else { rest.into() }
    }
}

/// How `uniq` prints groups of equal lines.
#[derive(Clone, Copy, PartialEq, Eq)]
enum UniqShow {
    /// One line a group, filtered by `-d`/`-u`.
    First,
    /// `-D`/`--all-repeated`: every line of repeated groups, with `prepend` or `separate`
    /// putting empty lines around groups.
    AllRepeated(&'static str),
    /// `--group`: every line, groups parted by empty lines (`separate`, `prepend`, `append`,
    /// `both`).
    Group(&'static str),
}

const COUNT: Opt = Opt::both('c', "count", "prefix lines by the number of occurrences");
const REPEATED: Opt = Opt::both('d', "repeated", "only print duplicate lines, one for each group");
const ALL_REPEATED_SHORT: Opt = Opt::short('D', "print all duplicate lines");
const ALL_REPEATED: Opt =
    Opt::long("all-repeated", "like -D, but allow separating groups with an empty line").optional("METHOD");
const SKIP_FIELDS: Opt = Opt::both('f', "skip-fields", "avoid comparing the first N fields").value("N");
const GROUP: Opt = Opt::long("group", "show all items, separating groups with an empty line").optional("METHOD");
const IGNORE_CASE: Opt = Opt::both('i', "ignore-case", "ignore differences in case when comparing");
const SKIP_CHARS: Opt = Opt::both('s', "skip-chars", "avoid comparing the first N characters").value("N");
const UNIQUE: Opt = Opt::both('u', "unique", "only print unique lines");
const UNIQ_ZERO: Opt = Opt::both('z', "zero-terminated", "line delimiter is NUL, not newline");
const CHECK_CHARS: Opt = Opt::both('w', "check-chars", "compare no more than N characters in lines").value("N");

/// `uniq`.
pub const UNIQ: Spec = Spec {
    name: "uniq",
    summary: "report or omit repeated lines",
    synopsis: &["[OPTION]... [INPUT [OUTPUT]]"],
    about: "Filter adjacent matching lines from INPUT (or standard input), writing to OUTPUT (or standard output).",
    options: &[
        COUNT,
        REPEATED,
        ALL_REPEATED_SHORT,
        ALL_REPEATED,
        SKIP_FIELDS,
        GROUP,
        IGNORE_CASE,
        SKIP_CHARS,
        UNIQUE,
        UNIQ_ZERO,
        CHECK_CHARS,
    ],
    ..Spec::BASE
};

/// `uniq [-cdDui] [-f N] [-s N] [-w N] [-z] [--group[=M]] [INPUT [OUTPUT]]`, a piece of input at
/// a time.
pub async fn uniq(ctx: Ctx<'_>, args: Args) -> Status {
    let (mut count, mut repeated, mut unique, mut ignore_case, mut zero) = (false, false, false, false, false);
    let (mut skip_fields, mut skip_chars, mut check_chars) = (0usize, 0usize, usize::MAX);
    let mut show = UniqShow::First;
    for (opt, value) in args.given() {
        match *opt {
            COUNT => count = true,
            REPEATED => repeated = true,
            ALL_REPEATED_SHORT => show = UniqShow::AllRepeated("none"),
            UNIQUE => unique = true,
            IGNORE_CASE => ignore_case = true,
            UNIQ_ZERO => zero = true,
            ALL_REPEATED | GROUP => {
                let (name, methods): (&str, &[&'static str]) = if *opt == ALL_REPEATED {
                    ("all-repeated", &["none", "prepend", "separate"])
                } else {
                    ("group", &["separate", "prepend", "append", "both"])
                };
                let method = if value.is_empty() { methods[0] } else { value };
                let Some(&method) = methods.iter().find(|m| **m == method) else {
                    return ctx.misuse(&UNIQ, format!("invalid argument '{method}' for '--{name}'")).await;
                };
                show = if *opt == GROUP { UniqShow::Group(method) } else { UniqShow::AllRepeated(method) };
            }
            SKIP_FIELDS | SKIP_CHARS | CHECK_CHARS => {
                let Ok(n) = value.parse::<usize>() else {
                    let what = match *opt {
                        SKIP_FIELDS => "number of fields to skip",
                        SKIP_CHARS => "number of bytes to skip",
                        _ => "number of bytes to compare",
                    };
                    return ctx.fail(format!("{value}: invalid {what}")).await;
                };
                match *opt {
                    SKIP_FIELDS => skip_fields = n,
                    SKIP_CHARS => skip_chars = n,
                    _ => check_chars = n,
                }
            }
            _ => {}
        }
    }
    let operands = args.operands;
    if let UniqShow::Group(_) = show
        && (count || repeated || unique)
    {
        return ctx.misuse(&UNIQ, "--group is mutually exclusive with -c/-d/-D/-u").await;
    }
    if count && matches!(show, UniqShow::AllRepeated(_)) {
        return ctx.misuse(&UNIQ, "printing all duplicated lines and repeat counts is meaningless").await;
    }
    if operands.len() > 2 {
        return ctx.misuse(&UNIQ, format!("extra operand '{}'", operands[2])).await;
    }
    let input = operands.first().cloned().unwrap_or_else(|| "-".to_string());
    let to_stdout = operands.get(1).is_none_or(|t| t == "-");
    let reader = match ctx.open_operand(&input) {
        Ok(reader) => reader,
        Err(err) => return ctx.fail(format!("{input}: {}", describe(&err), input = quotef(&input))).await,
    };
    let terminator = if zero { 0 } else { b'\n' };
    let key = UniqKey { skip_fields, skip_chars, check_chars, ignore_case };
    // The group being read: its key and lines (only the first is kept unless all are shown).
    let keep_all = show != UniqShow::First;
    let mut group: Vec<Vec<u8>> = Vec::new();
    let (mut group_key, mut group_size, mut groups_shown) = (Vec::new(), 0usize, 0usize);
    let mut out = Vec::new();
    let emit = |lines: &mut Vec<Vec<u8>>, size: usize, shown: &mut usize, out: &mut Vec<u8>| {
        match show {
            UniqShow::First => {
                if (!repeated || size > 1) && (!unique || size == 1) {
                    if count {
                        out.extend_from_slice(format!("{size:>7} ").as_bytes());
                    }
                    out.extend_from_slice(&lines[0]);
                    out.push(terminator);
                }
            }
            UniqShow::AllRepeated(method) => {
                if size > 1 {
                    if method == "prepend" || (method == "separate" && *shown > 0) {
                        out.push(terminator);
                    }
                    for line in lines.iter() {
                        out.extend_from_slice(line);
                        out.push(terminator);
                    }
                    *shown += 1;
                }
            }
            UniqShow::Group(method) => {
                if matches!(method, "prepend" | "both") || (*shown > 0 && method != "append") {
                    out.push(terminator);
                }
                for line in lines.iter() {
                    out.extend_from_slice(line);
                    out.push(terminator);
                }
                if method == "append" {
                    out.push(terminator);
                }
                *shown += 1;
            }
        }
        lines.clear();
    };
    let mut batches = LineBatches::bounded(reader, terminator, &ctx);
    loop {
        let batch = match batches.next().await {
            Ok(Some(batch)) => batch,
            Ok(None) => break,
            Err(err) => return ctx.fail(format!("{input}: {}", describe(&err), input = quotef(&input))).await,
        };
        for line in batch.lines() {
            let line_key = key.of(line);
            if group_size > 0 && *line_key == *group_key {
                group_size += 1;
                if keep_all {
                    group.push(line.to_vec());
                }
                continue;
            }
            if group_size > 0 {
                emit(&mut group, group_size, &mut groups_shown, &mut out);
            }
            (group_key, group_size) = (line_key.into_owned(), 1);
            group.push(line.to_vec());
        }
        // The groups ended so far go out now (the last one may go on in the next batch).
        let going = if to_stdout && !out.is_empty() { ctx.out_piece(&mut out).await } else { ctx.step().await };
        if !going {
            return 1;
        }
    }
    if group_size > 0 {
        emit(&mut group, group_size, &mut groups_shown, &mut out);
        if matches!(show, UniqShow::Group("both")) {
            out.push(terminator);
        }
    }
    // An OUTPUT of `-` is standard output, as for GNU.
    if let Some(target) = operands.get(1).filter(|t| *t != "-") {
        return match ctx.write_path(target, &out, crate::vfs::WriteMode::Truncate).await {
            Ok(()) => 0,
            Err(err) => ctx.fail(format!("{target}: {}", describe(&err), target = quotef(target))).await,
        };
    }
    if ctx.out(out).await { 0 } else { 1 }
}

#[derive(Default, Clone, Copy)]
struct Counts {
    lines: usize,
    words: usize,
    bytes: usize,
    chars: usize,
    longest: usize,
}

/// Counts fed in chunks, so a stream of any length is counted in constant memory. Text is
/// decoded as UTF-8 (invalid bytes count as one replacement character each run, as a lossy
/// decoding of the whole would), an incomplete sequence at a chunk's end waiting for the next.
#[derive(Default)]
struct Counter {
    counts: Counts,
    in_word: bool,
    /// Characters of the current line so far; a `\r` right before `\n` is not one.
    line_chars: usize,
    last_was_cr: bool,
    pending: Vec<u8>,
    /// Whether words, characters or the longest line are wanted: lines and bytes alone need
    /// no decoding.
    decode: bool,
    longest: bool,
}

/// Whitespace as `wc` separates words in ASCII text.
fn ascii_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r' | b'\x0b' | b'\x0c')
}

impl Counter {
    fn new(want: &[char]) -> Self {
        let longest = want.contains(&'L');
        Counter { decode: longest || want.contains(&'w') || want.contains(&'m'), longest, ..Counter::default() }
    }

    fn feed(&mut self, chunk: &[u8]) {
        self.counts.bytes += chunk.len();
        self.counts.lines += bytecount::count(chunk, b'\n');
        if !self.decode {
            return;
        }
        // ASCII (the common case) needs no decoding: a byte is a character.
        if !self.longest && self.pending.is_empty() && chunk.is_ascii() {
            self.counts.chars += chunk.len();
            for &b in chunk {
                if ascii_space(b) {
                    self.in_word = false;
                } else if !self.in_word {
                    self.in_word = true;
                    self.counts.words += 1;
                }
            }
            return;
        }
        let mut data = std::mem::take(&mut self.pending);
        data.extend_from_slice(chunk);
        let keep = incomplete_utf8_tail(&data);
        let (now, later) = data.split_at(data.len() - keep);
        self.scan(&toolsh_bytes::decode(now));
        self.pending = later.to_vec();
    }

    fn scan(&mut self, text: &str) {
        for c in text.chars() {
            // A byte that is not UTF-8 is no character to GNU's wc: not counted, of no width,
            // neither starting nor ending a word.
            if toolsh_bytes::char_byte(c).is_some() {
                continue;
            }
            self.counts.chars += 1;
            if c == '\n' {
                let line = self.line_chars - usize::from(self.last_was_cr);
                self.counts.longest = self.counts.longest.max(line);
                self.line_chars = 0;
            } else {
                self.line_chars += 1;
            }
            self.last_was_cr = c == '\r';
            if c.is_whitespace() {
                self.in_word = false;
            } else if !self.in_word {
                self.in_word = true;
                self.counts.words += 1;
            }
        }
    }

    fn finish(mut self) -> Counts {
        let rest = std::mem::take(&mut self.pending);
        self.scan(&toolsh_bytes::decode(&rest));
        self.counts.longest = self.counts.longest.max(self.line_chars);
        self.counts
    }
}

/// How many bytes at the end of `data` start a UTF-8 sequence that is not complete yet.
fn incomplete_utf8_tail(data: &[u8]) -> usize {
    for back in 1..=3.min(data.len()) {
        let byte = data[data.len() - back];
        if byte & 0xC0 != 0x80 {
            let needed = match byte {
                0xC0..=0xDF => 2,
                0xE0..=0xEF => 3,
                0xF0..=0xF7 => 4,
                _ => return 0,
            };
            return if needed > back { back } else { 0 };
        }
    }
    0
}

/// The error of a count cut short by the line's deadline or cancellation: no count of part of
/// the input is printed.
fn stopped() -> std::io::Error {
    std::io::Error::new(std::io::ErrorKind::Interrupted, "stopped")
}

/// The counts of one operand, read in pieces.
async fn count_operand(ctx: &Ctx<'_>, name: &str, want: &[char]) -> std::io::Result<Counts> {
    let mut counter = Counter::new(want);
    match ctx.open_operand(name)? {
        // A file is read into one buffer over and over: no memory to fault in per piece, and
        // small enough to stay in cache between the copy and the count (1 MiB was slower).
        // Only bytes wanted of a regular file: its size says it, as GNU wc reads it from stat.
        crate::OperandReader::File(mut file)
            if want == ['c'] && ctx.vfs.stat(&ctx.abs(name)).is_ok_and(|m| m.kind == crate::vfs::FileKind::File) =>
        {
            counter.counts.bytes =
                usize::try_from(std::io::Seek::seek(&mut file, std::io::SeekFrom::End(0))?).unwrap_or(usize::MAX);
        }
        crate::OperandReader::File(mut file) => {
            let mut buf = vec![0; 128 * 1024];
            loop {
                match file.read(&mut buf) {
                    Ok(0) => break,
                    Ok(n) => {
                        counter.feed(&buf[..n]);
                        // Between pieces the deadline or Ctrl-C may end the command.
                        if !ctx.step().await {
                            return Err(stopped());
                        }
                    }
                    Err(err) if err.kind() == std::io::ErrorKind::Interrupted => {}
                    Err(err) => return Err(err),
                }
            }
        }
        mut stdin => {
            while let Some(chunk) = stdin.chunk().await? {
                counter.feed(&chunk);
                if !ctx.step().await {
                    return Err(stopped());
                }
            }
        }
    }
    Ok(counter.finish())
}

/// `wc`.
pub const WC: Spec = Spec {
    name: "wc",
    summary: "count lines, words and bytes",
    synopsis: &["[OPTION]... [FILE]..."],
    about: "Print newline, word, and byte counts for each FILE, and a total line if more than one FILE is specified.",
    options: &[
        Opt::both('c', "bytes", "print the byte counts"),
        Opt::both('m', "chars", "print the character counts"),
        Opt::both('l', "lines", "print the newline counts"),
        Opt::both('L', "max-line-length", "print the maximum display width"),
        Opt::both('w', "words", "print the word counts"),
        WC_FILES0_FROM,
    ],
    ..Spec::BASE
};

/// `wc [-lwcmL] [file…]`
pub async fn wc(ctx: Ctx<'_>, args: Args) -> Status {
    // GNU prints columns in a fixed order whatever order the flags came in.
    let mut columns: Vec<char> = ['l', 'w', 'm', 'c', 'L']
        .into_iter()
        .zip([opt!(WC, 'l'), opt!(WC, 'w'), opt!(WC, 'm'), opt!(WC, 'c'), opt!(WC, 'L')])
        .filter_map(|(column, opt)| args.has(opt).then_some(column))
        .collect();
    if columns.is_empty() {
        columns = vec!['l', 'w', 'c'];
    }
    let files0 = args.last(&WC_FILES0_FROM).map(str::to_string);
    let files = args.operands;
    let names: Vec<String> = match &files0 {
        Some(_) if !files.is_empty() => return ctx.misuse(&WC, crate::text::files0_extra_operand(&files[0])).await,
        Some(list) => match crate::text::files0_names(&ctx, list).await {
            Ok(names) => names,
            Err(err) => {
                return ctx
                    .fail(format!("cannot open {} for reading: {}", toolsh_bytes::quote::quoteaf(list), describe(&err)))
                    .await;
            }
        },
        None if files.is_empty() => vec!["-".to_string()],
        None => files.clone(),
    };
    let named = files0.is_some() || !files.is_empty();
    // As GNU: the width comes before any counting, from the sizes of the regular files (at
    // least 7 when one is not a regular file), so each row can go out as soon as it is counted.
    let width = if columns.len() == 1 && names.len() == 1 {
        1
    } else {
        let metas: Vec<Option<crate::vfs::Meta>> = names
            .iter()
            .map(|name| if name == "-" || name == "/dev/stdin" { None } else { ctx.vfs.stat(&ctx.abs(name)).ok() })
            .collect();
        let regular: u64 =
            metas.iter().flatten().filter(|m| m.kind == crate::vfs::FileKind::File).map(|m| m.size).sum();
        let streams = names
            .iter()
            .zip(&metas)
            .any(|(name, meta)| name == "-" || meta.as_ref().is_some_and(|m| m.kind != crate::vfs::FileKind::File));
        regular.to_string().len().max(if streams { 7 } else { 1 })
    };
    let row = |counts: &Counts, name: Option<&str>| {
        let values: Vec<String> = columns
            .iter()
            .map(|c| {
                let value = match c {
                    'l' => counts.lines,
                    'w' => counts.words,
                    'm' => counts.chars,
                    'c' => counts.bytes,
                    _ => counts.longest,
                };
                format!("{value:>width$}")
            })
            .collect();
        match name {
            // GNU quotes a name only when a newline in it would break the line up.
            Some(name) if name.contains('\n') => format!("{} {}\n", values.join(" "), quotef(name)),
            Some(name) => format!("{} {name}\n", values.join(" ")),
            None => format!("{}\n", values.join(" ")),
        }
    };
    let mut status = 0;
    let mut total = Counts::default();
    for (at, name) in names.iter().enumerate() {
        if name.is_empty() {
            // GNU's words for an empty name (it is no file), with its place in a list.
            match &files0 {
                Some(list) => ctx.complain(format!("{}:{}: invalid zero-length file name", quotef(list), at + 1)).await,
                None => ctx.complain("invalid zero-length file name").await,
            }
            status = 1;
            continue;
        }
        if name == "-" && files0.as_deref() == Some("-") {
            ctx.complain("when reading file names from stdin, no file name of '-' allowed").await;
            status = 1;
            continue;
        }
        let counts = match count_operand(&ctx, name, &columns).await {
            Ok(counts) => counts,
            // GNU counts a directory as empty after saying what it is.
            Err(err) if err.kind() == std::io::ErrorKind::IsADirectory => {
                ctx.complain(format!("{name}: {}", describe(&err), name = quotef(name))).await;
                status = 1;
                Counts::default()
            }
            Err(err) => {
                ctx.complain(format!("{name}: {}", describe(&err), name = quotef(name))).await;
                status = 1;
                continue;
            }
        };
        total.lines += counts.lines;
        total.words += counts.words;
        total.bytes += counts.bytes;
        total.chars += counts.chars;
        total.longest = total.longest.max(counts.longest);
        if !ctx.out(row(&counts, named.then_some(name.as_str()))).await {
            return 1;
        }
    }
    if names.len() > 1 && !ctx.out(row(&total, Some("total"))).await {
        return 1;
    }
    status
}

const WC_FILES0_FROM: Opt =
    Opt::long("files0-from", "read input from the files specified by NUL-terminated names in file F").value("F");

/// `rev`.
pub const REV: Spec = Spec {
    name: "rev",
    summary: "reverse the characters of lines",
    synopsis: &["[options] [file ...]"],
    about: "Reverse lines characterwise.",
    help_letter: Some('h'),
    assumed: true,
    ..Spec::BASE
};

/// `rev [file…]`, a line at a time.
pub async fn rev(ctx: Ctx<'_>, args: Args) -> Status {
    filter_lines(&ctx, &args.operands, b'\n', |line, ended, out| {
        for c in toolsh_bytes::decode(line).chars().rev() {
            toolsh_bytes::push_char(out, c);
        }
        if ended {
            out.push(b'\n');
        }
    })
    .await
}

const BEFORE: Opt = Opt::both('b', "before", "attach the separator before instead of after");
const REGEX: Opt = Opt::both('r', "regex", "interpret the separator as a regular expression");
const SEPARATOR: Opt = Opt::both('s', "separator", "use STRING as the separator instead of newline").value("STRING");

/// `tac`.
pub const TAC: Spec = Spec {
    name: "tac",
    summary: "print lines (or records) in reverse order",
    synopsis: &["[OPTION]... [FILE]..."],
    about: "Write each FILE to standard output, last line first.",
    options: &[BEFORE, REGEX, SEPARATOR],
    ..Spec::BASE
};

/// `tac [-br] [-s SEP] [FILE…]`: records (lines by default) in reverse order.
pub async fn tac(ctx: Ctx<'_>, args: Args) -> Status {
    let separator = args.last(&SEPARATOR).map_or(b"\n".to_vec(), |s| toolsh_bytes::encode(s).into_owned());
    let (before, regex) = (args.has(&BEFORE), args.has(&REGEX));
    let files = args.operands;
    // Where each separator lies, as a regular expression (`-r`, GNU's basic syntax) or a string.
    let matcher = if regex {
        // Anchored: GNU tac searches backwards, taking the match that starts last.
        let pattern = format!("^(?:{})", crate::text::posix_regex::basic(&toolsh_bytes::decode(&separator)));
        match regex::bytes::RegexBuilder::new(&pattern).build() {
            Ok(regex) => Some(regex),
            Err(err) => return ctx.fail(crate::text::posix_regex::failure_message(&err.to_string())).await,
        }
    } else {
        None
    };
    let (data, status) = inputs(&ctx, &files).await;
    let mut out = Vec::new();
    for (_, bytes) in data {
        let matches: Vec<(usize, usize)> = match &matcher {
            Some(regex) => {
                let mut found = Vec::new();
                let mut limit = bytes.len();
                for at in (0..bytes.len()).rev() {
                    if at < limit
                        && let Some(m) = regex.find(&bytes[at..limit]).filter(|m| !m.is_empty())
                    {
                        found.push((at, at + m.end()));
                        limit = at;
                    }
                }
                found.reverse();
                found
            }
            // An empty separator separates nothing: the input comes out as it is.
            None if separator.is_empty() => Vec::new(),
            None => memchr::memmem::find_iter(&bytes, &separator).map(|at| (at, at + separator.len())).collect(),
        };
        // Records end after their separator, or with -b start at it; they come out last first.
        let mut cuts: Vec<usize> = matches.iter().map(|&(start, end)| if before { start } else { end }).collect();
        cuts.dedup();
        let mut end = bytes.len();
        for &cut in cuts.iter().rev() {
            if cut < end {
                out.extend_from_slice(&bytes[cut..end]);
                end = cut;
            }
        }
        out.extend_from_slice(&bytes[..end]);
    }
    if !ctx.out(out).await {
        return 1;
    }
    status
}

#[cfg(test)]
mod tests {
    use super::Counter;

    fn counts_of(want: &[char], chunks: &[&[u8]]) -> (usize, usize, usize, usize, usize) {
        let mut counter = Counter::new(want);
        for chunk in chunks {
            counter.feed(chunk);
        }
        let c = counter.finish();
        (c.lines, c.words, c.bytes, c.chars, c.longest)
    }

    #[test]
    fn counts_do_not_depend_on_where_chunks_split() {
        let text = "héllo wörld\r\n\u{20ac}€ x\n\u{ff}tail \r".as_bytes().to_vec();
        let mut data = text.clone();
        data.extend_from_slice(b"\xff\xfe bad\n");
        let all = ['l', 'w', 'c', 'm', 'L'];
        let whole = counts_of(&all, &[&data]);
        // GNU wc's counts of the same bytes: an invalid byte is no character and no part of a
        // word or a line's width.
        assert_eq!(whole, (3, 6, data.len(), 30, 11));
        // Without -L, ASCII pieces take the fast path and others are decoded: same counts.
        let no_longest = ['l', 'w', 'm'];
        for size in 1..6 {
            let chunks: Vec<&[u8]> = data.chunks(size).collect();
            assert_eq!(counts_of(&all, &chunks), whole, "chunks of {size}");
            let (lines, words, bytes, chars, _) = counts_of(&no_longest, &chunks);
            assert_eq!((lines, words, bytes, chars), (whole.0, whole.1, whole.2, whole.3), "chunks of {size}");
        }
    }
}
