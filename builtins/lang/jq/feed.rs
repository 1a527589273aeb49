//! JSON input read in pieces, as jq 1.7 reads it (64 KiB at a time): each JSON text is parsed
//! as soon as the bytes that end it have arrived, and the bytes before the text in progress are
//! let go, so 200 MB of JSON lines or of concatenated documents is never held whole (a single
//! text is held until it ends, up to the `input-bytes` limit). A text may span any number of
//! pieces and files (jq reads its files as one stream).
//!
//! A [`Scanner`] finds where each top-level text ends, in one pass that also does what used to
//! take two passes over the whole input before the parser ran: it counts the nesting (refused
//! past [`limits::MAX_DEPTH`] before the parser recurses into it) and marks a text holding
//! anything but plain numbers, strings and `true`/`false`/`null` (jq's number words, what jq
//! refuses: `input::normalize` looks at that text only). Errors name the line and column in the
//! whole input, and a value's place (`FILE:LINE`, for the filter's errors) is counted as the
//! texts go by.

use std::collections::VecDeque;

use jaq_json::Val;

use super::direct::Reader;
use super::{input, limits};

/// What the reader hands the evaluation.
pub enum Piece {
    /// The file whose bytes come next.
    Source(String),
    /// Bytes of the input.
    Data(Vec<u8>),
    /// Reading failed: jq's message (the values before it still count).
    Failed(String),
    /// A file could not be read: jq's message, said at the end (the other files are read).
    Skipped(String),
    /// The end of the input.
    End,
}

/// What the byte begins, outside strings ([`CLASS`]).
const WORD: u8 = 0;
const SPACE: u8 = 1;
const QUOTE: u8 = 2;
const OPEN_OBJECT: u8 = 3;
const OPEN_ARRAY: u8 = 4;
const CLOSE: u8 = 5;
const COMMA: u8 = 6;
const COLON: u8 = 7;

/// The class of each byte: a token of jq's lexer runs to the next byte that is not `WORD`.
const CLASS: [u8; 256] = {
    let mut class = [WORD; 256];
    class[b' ' as usize] = SPACE;
    class[b'\t' as usize] = SPACE;
    class[b'\n' as usize] = SPACE;
    class[b'\r' as usize] = SPACE;
    // As `is_ascii_whitespace`, which `normalize` ends a token at.
    class[0x0c] = SPACE;
    class[b'"' as usize] = QUOTE;
    class[b'{' as usize] = OPEN_OBJECT;
    class[b'[' as usize] = OPEN_ARRAY;
    class[b'}' as usize] = CLOSE;
    class[b']' as usize] = CLOSE;
    class[b',' as usize] = COMMA;
    class[b':' as usize] = COLON;
    class
};

/// Bytes a plain JSON number is made of.
const NUMBER: [bool; 256] = {
    let mut number = [false; 256];
    let mut b = b'0';
    while b <= b'9' {
        number[b as usize] = true;
        b += 1;
    }
    number[b'.' as usize] = true;
    number[b'e' as usize] = true;
    number[b'E' as usize] = true;
    number[b'+' as usize] = true;
    number[b'-' as usize] = true;
    number
};

/// Whether a token is plain JSON (a number or `true`/`false`/`null`), which the parser reads as
/// jq does; any other goes through `input::normalize`.
fn plain_word(word: &[u8]) -> bool {
    match word.first() {
        Some(b'0'..=b'9' | b'-') => word.iter().all(|&c| NUMBER[c as usize]),
        _ => matches!(word, b"true" | b"false" | b"null"),
    }
}

/// A top-level text found whole (or cut by the end of the input) in the buffer.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Text {
    start: usize,
    end: usize,
    /// It holds something only `input::normalize` can judge.
    odd: bool,
    /// Where it first nests deeper than jq allows.
    deep: Option<usize>,
}

/// Where the scan is inside the text in progress.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Mode {
    /// Between tokens.
    Tokens,
    /// Inside a string.
    String,
    /// Inside a token that started at this offset.
    Word(usize),
}

/// Finds where top-level texts end, a piece at a time: its state carries over from one piece to
/// the next.
#[derive(Debug)]
struct Scanner {
    /// One entry per open container: whether it is an object.
    open: Vec<bool>,
    /// An object's key is due (a token other than a string there is refused by jq).
    expect_key: bool,
    /// Where the text in progress started.
    start: Option<usize>,
    mode: Mode,
    odd: bool,
    /// The next byte to look at.
    pos: usize,
}

impl Scanner {
    fn new() -> Scanner {
        Scanner { open: Vec::new(), expect_key: false, start: None, mode: Mode::Tokens, odd: false, pos: 0 }
    }

    /// The buffer's first `by` bytes were let go.
    fn shift(&mut self, by: usize) {
        self.pos -= by;
        self.start = self.start.map(|start| start - by);
        if let Mode::Word(at) = &mut self.mode {
            *at -= by;
        }
    }

    /// The text in progress ends at `end`; the scan goes on from `next`.
    fn finish(&mut self, end: usize, next: usize, deep: Option<usize>) -> Option<Text> {
        let start = self.start.take()?;
        let text = Text { start, end, odd: std::mem::take(&mut self.odd), deep };
        self.mode = Mode::Tokens;
        self.expect_key = false;
        self.pos = next;
        Some(text)
    }

    /// The next text that ends in `data` (from where the last one ended); `None` when the bytes
    /// that would end it have not arrived. A text nested too deep ends where it does.
    fn next(&mut self, data: &[u8]) -> Option<Text> {
        let mut at = self.pos;
        loop {
            match self.mode {
                Mode::String => {
                    // Skipped to the next quote or backslash at a time; an escape and the byte
                    // after it together (a backslash last waits for its byte).
                    loop {
                        let Some(found) = data.get(at..).and_then(|rest| memchr::memchr2(b'"', b'\\', rest)) else {
                            self.pos = data.len();
                            return None;
                        };
                        let quote = at + found;
                        if data[quote] == b'"' {
                            at = quote + 1;
                            break;
                        }
                        if quote + 1 >= data.len() {
                            self.pos = quote;
                            return None;
                        }
                        at = quote + 2;
                    }
                    self.mode = Mode::Tokens;
                    if self.open.is_empty() {
                        return self.finish(at, at, None);
                    }
                }
                Mode::Word(from) => {
                    let Some(len) = data[at..].iter().position(|&c| CLASS[c as usize] != WORD) else {
                        self.pos = data.len();
                        return None;
                    };
                    let end = at + len;
                    self.mode = Mode::Tokens;
                    if !plain_word(&data[from..end]) {
                        self.odd = true;
                    }
                    if self.open.is_empty() {
                        // The byte that ended the token starts what comes next.
                        return self.finish(end, end, None);
                    }
                    at = end;
                }
                Mode::Tokens => {
                    let Some(&b) = data.get(at) else {
                        self.pos = at;
                        return None;
                    };
                    let class = CLASS[b as usize];
                    if class == SPACE {
                        at += 1;
                        continue;
                    }
                    if self.start.is_none() {
                        self.start = Some(at);
                    }
                    // As `normalize`: at a key only a string or the object's end may come.
                    if self.expect_key && !matches!(class, QUOTE | CLOSE | COLON) {
                        self.odd = true;
                    }
                    match class {
                        QUOTE => {
                            self.expect_key = false;
                            self.mode = Mode::String;
                        }
                        OPEN_OBJECT | OPEN_ARRAY => {
                            self.open.push(class == OPEN_OBJECT);
                            self.expect_key = class == OPEN_OBJECT;
                            if self.open.len() > limits::MAX_DEPTH {
                                self.open.clear();
                                return self.finish(at + 1, at + 1, Some(at));
                            }
                        }
                        CLOSE => {
                            // A closer with nothing open is a text of its own (the parser
                            // refuses it).
                            self.open.pop();
                            self.expect_key = false;
                            if self.open.is_empty() {
                                return self.finish(at + 1, at + 1, None);
                            }
                        }
                        COMMA | COLON => {
                            if class == COMMA {
                                self.expect_key = self.open.last() == Some(&true);
                            }
                            if self.open.is_empty() {
                                return self.finish(at + 1, at + 1, None);
                            }
                        }
                        _ => self.mode = Mode::Word(at),
                    }
                    at += 1;
                }
            }
        }
    }

    /// At the end of the input: the text in progress, cut short (a token ends there).
    fn end(&mut self, data: &[u8]) -> Option<Text> {
        if let Mode::Word(from) = self.mode
            && !plain_word(&data[from..])
        {
            self.odd = true;
        }
        self.open.clear();
        self.finish(data.len(), data.len(), None)
    }
}

/// What comes next in the input.
enum Next {
    /// A value read directly ([`Reader::read_first`]).
    Value(Val),
    /// A text the scanner found, to parse.
    Text(Text),
}

/// A byte order mark, read past before the input.
const BOM: &[u8] = "\u{feff}".as_bytes();

/// Where the reader's pieces come from: `None` when it went away before the end.
pub type Pieces = Box<dyn FnMut() -> Option<Piece>>;

/// The last text handed out, for the place an error of the filter names.
struct Last {
    /// Absolute offset of its last byte.
    at: u64,
    /// Newlines in the input before `at`.
    lines: u64,
    /// Whether a newline follows it (so its line is counted), once known.
    newline_after: Option<bool>,
}

/// The input as the evaluation reads it: JSON values parsed a text at a time.
pub struct Feed {
    pieces: Pieces,
    /// The bytes not yet let go; `buf[0]` is at absolute offset `base`.
    buf: Vec<u8>,
    base: u64,
    scanner: Scanner,
    /// Values parsed from the last text and not yet taken (a token such as `1-2` holds two).
    ready: VecDeque<Result<Val, String>>,
    /// No more pieces will come (`End`, a failure, or the reader gone).
    ended: bool,
    /// The reader went away before the end: the line was stopped.
    pub gone: bool,
    /// A fault ended the values (after those before it).
    over: bool,
    /// A failure of the reader, said after the values before it.
    failed: Option<String>,
    /// The failure was handed out (jq's status 2, not a parse error's 5).
    pub failed_reading: bool,
    /// What files could not be read, to say at the end.
    pub skipped: Vec<String>,
    /// Each file, where it starts and the newlines before it.
    sources: Vec<(String, u64, u64)>,
    /// Newlines counted in the input up to the absolute offset `counted.0`.
    counted: (u64, u64),
    /// The last newline before `base`.
    newline_before: Option<u64>,
    last: Option<Last>,
    /// The longest text held (`input-bytes`).
    limit: usize,
    /// Whether a byte order mark at the start has been looked for.
    bom_checked: bool,
    /// Raw lines (`-R`) rather than JSON texts, and how many were handed out.
    raw: Option<u64>,
    /// Reads the common texts into values itself (jaq-json parses the rest).
    reader: Reader,
}

impl Feed {
    /// A feed of `pieces`; texts longer than `limit` are refused. Until a `Source` names a file,
    /// the input is standard input.
    pub fn new(pieces: Pieces, limit: usize) -> Feed {
        Feed {
            pieces,
            buf: Vec::new(),
            base: 0,
            scanner: Scanner::new(),
            ready: VecDeque::new(),
            ended: false,
            gone: false,
            over: false,
            failed: None,
            failed_reading: false,
            skipped: Vec::new(),
            sources: vec![("<stdin>".to_string(), 0, 0)],
            counted: (0, 0),
            newline_before: None,
            last: None,
            limit,
            bom_checked: false,
            raw: None,
            reader: Reader::new(),
        }
    }

    /// A feed of raw lines (`-R`): each line a string (bytes not UTF-8 replaced, as jq does),
    /// the last one with or without its newline; a byte order mark is text like any other.
    pub fn raw(pieces: Pieces, limit: usize) -> Feed {
        Feed { raw: Some(0), bom_checked: true, ..Feed::new(pieces, limit) }
    }

    /// The next raw line. The scanner's position marks what was handed out, so filling lets
    /// go of it; only the line in progress is held.
    fn next_line(&mut self) -> Option<Result<Val, String>> {
        loop {
            let from = self.scanner.pos.min(self.buf.len());
            let line_end = match memchr::memchr(b'\n', &self.buf[from..]) {
                Some(nl) => Some((from + nl, from + nl + 1)),
                None if self.fill(true) => continue,
                None if self.failed.is_some() || self.gone || from == self.buf.len() => None,
                None => Some((self.buf.len(), self.buf.len())),
            };
            let Some((end, next)) = line_end else {
                self.over = true;
                self.failed_reading = self.failed.is_some();
                return self.failed.take().map(Err);
            };
            let from = self.scanner.pos.min(self.buf.len());
            let value = Val::from(toolsh_bytes::lossy(&self.buf[from..end]).into_owned());
            self.scanner.pos = next;
            self.raw = self.raw.map(|taken| taken + 1);
            return Some(Ok(value));
        }
    }

    /// A feed of bytes already read whole, and where each file starts in them.
    pub fn whole(data: Vec<u8>, sources: &[(String, usize)], limit: usize) -> Feed {
        let mut pieces = VecDeque::new();
        let mut data = data;
        // The files back to front, each split off the end.
        for (name, start) in sources.iter().rev() {
            // The first file takes the buffer itself (`split_off(0)` would allocate another).
            let piece = match *start {
                0 => std::mem::take(&mut data),
                start => data.split_off(start.min(data.len())),
            };
            pieces.push_front(Piece::Data(piece));
            pieces.push_front(Piece::Source(name.clone()));
        }
        pieces.push_back(Piece::End);
        Feed::new(Box::new(move || pieces.pop_front()), limit)
    }

    /// Newlines in the input before absolute offset `at` (within the buffer).
    fn lines_before(&mut self, at: u64) -> u64 {
        let (from, lines) = self.counted;
        let index = |abs: u64| usize::try_from(abs.saturating_sub(self.base)).unwrap_or(usize::MAX).min(self.buf.len());
        let lines = if at >= from {
            lines + bytecount::count(&self.buf[index(from)..index(at)], b'\n') as u64
        } else {
            lines.saturating_sub(bytecount::count(&self.buf[index(at)..index(from)], b'\n') as u64)
        };
        self.counted = (at, lines);
        lines
    }

    /// Takes the next piece into the buffer; false at the end of the input. With `keep`, the
    /// bytes before the text in progress are let go first.
    fn fill(&mut self, keep: bool) -> bool {
        let before = (self.base, self.buf.len());
        while !self.ended {
            let piece = (self.pieces)();
            match piece {
                Some(Piece::Data(data)) => {
                    if data.is_empty() {
                        continue;
                    }
                    if keep {
                        self.let_go();
                    }
                    let held = self.buf.len() - self.scanner.start.unwrap_or(self.scanner.pos).min(self.buf.len());
                    if held.saturating_add(data.len()) > self.limit {
                        let what = if self.raw.is_some() { "a line" } else { "a JSON text" };
                        self.failed = Some(format!(
                            "error: {what} longer than {} bytes, the input-bytes limit; nothing more was read",
                            self.limit
                        ));
                        self.ended = true;
                        return false;
                    }
                    if self.buf.is_empty() {
                        self.buf = data;
                    } else {
                        self.buf.extend_from_slice(&data);
                    }
                    if !self.bom_checked {
                        // What may still be the start of a byte order mark waits for more.
                        if self.buf.len() < BOM.len() && BOM.starts_with(&self.buf) {
                            continue;
                        }
                        self.strip_bom();
                    }
                    return true;
                }
                Some(Piece::Source(name)) => {
                    let at = self.base + self.buf.len() as u64;
                    let lines = self.lines_before(at);
                    if self.sources.len() == 1 && self.sources[0].0 == "<stdin>" && at == 0 {
                        self.sources.clear();
                    }
                    self.sources.push((name, at, lines));
                }
                Some(Piece::Skipped(message)) => self.skipped.push(message),
                Some(Piece::Failed(message)) => {
                    self.failed = Some(message);
                    self.ended = true;
                }
                Some(Piece::End) => self.ended = true,
                None => {
                    self.gone = true;
                    self.ended = true;
                }
            }
        }
        if !self.bom_checked {
            self.strip_bom();
        }
        // What waited for the rest of a byte order mark is there to scan.
        (self.base, self.buf.len()) != before && self.scanner.pos < self.buf.len()
    }

    /// A byte order mark before the input is read past, as jq does (offsets count after it).
    fn strip_bom(&mut self) {
        self.bom_checked = true;
        if self.buf.starts_with(BOM) && self.scanner.pos == 0 && self.base == 0 {
            self.buf.drain(..BOM.len());
        }
    }

    /// Lets go of the bytes before the text in progress (what a place still needs is counted
    /// first).
    fn let_go(&mut self) {
        let keep = self.scanner.start.unwrap_or(self.scanner.pos).min(self.buf.len());
        if keep == 0 {
            return;
        }
        let kept_at = self.base + keep as u64;
        if let Some(last) = &self.last
            && last.newline_after.is_none()
        {
            let from = usize::try_from(last.at.saturating_sub(self.base)).unwrap_or(usize::MAX).min(keep);
            if memchr::memchr(b'\n', &self.buf[from..keep]).is_some()
                && let Some(last) = &mut self.last
            {
                last.newline_after = Some(true);
            }
        }
        if let Some(nl) = memchr::memrchr(b'\n', &self.buf[..keep]) {
            self.newline_before = Some(self.base + nl as u64);
        }
        if self.counted.0 < kept_at {
            self.lines_before(kept_at);
        }
        self.buf.drain(..keep);
        self.base = kept_at;
        self.scanner.shift(keep);
    }

    /// The line (from 1) and column (bytes after the newline before it) of absolute offset
    /// `at` within the buffer.
    fn line_column(&mut self, at: u64) -> (u64, u64) {
        let line = 1 + self.lines_before(at);
        let index = usize::try_from(at.saturating_sub(self.base)).unwrap_or(usize::MAX).min(self.buf.len());
        let newline = match memchr::memrchr(b'\n', &self.buf[..index]) {
            Some(nl) => Some(self.base + nl as u64),
            None => self.newline_before,
        };
        (line, at - newline.map_or(0, |nl| nl + 1))
    }

    /// Whether nothing but whitespace follows absolute offset `at` in the whole input (read on
    /// until something else comes).
    fn only_space_after(&mut self, at: u64) -> bool {
        let mut from = usize::try_from(at.saturating_sub(self.base)).unwrap_or(usize::MAX).min(self.buf.len());
        loop {
            if !self.buf[from..].iter().all(u8::is_ascii_whitespace) {
                return false;
            }
            from = self.buf.len();
            if !self.fill(false) {
                return true;
            }
        }
    }

    /// `FILE:LINE` of the last value handed out, as jq names it in an error: the lines counted
    /// to the end of the line the value ends on (jq reads its input a line at a time).
    pub fn place(&mut self) -> Option<String> {
        // A raw line is placed as jq places it: its number in the whole input, under the
        // first file's name.
        if let Some(taken) = self.raw {
            return (taken > 0)
                .then(|| format!("{}:{taken}", self.sources.first().map_or("<stdin>", |s| s.0.as_str())));
        }
        let at = self.last.as_ref()?.at;
        if self.last.as_ref().is_some_and(|last| last.newline_after.is_none()) {
            let mut from = usize::try_from(at.saturating_sub(self.base)).unwrap_or(usize::MAX).min(self.buf.len());
            let found = loop {
                if memchr::memchr(b'\n', &self.buf[from..]).is_some() {
                    break true;
                }
                from = self.buf.len();
                if !self.fill(false) {
                    break false;
                }
            };
            if let Some(last) = &mut self.last {
                last.newline_after = Some(found);
            }
        }
        let last = self.last.as_ref()?;
        let (name, _, before) =
            self.sources.iter().rev().find(|(_, start, _)| *start <= at).or(self.sources.first())?;
        let lines = last.lines.saturating_sub(*before) + u64::from(last.newline_after == Some(true));
        Some(format!("{name}:{lines}"))
    }

    /// An array or object at the top level read whole by the direct reader, in place of the
    /// scanner's pass and the parse after it (the next text as `next_text` would find and
    /// `parse` read it); `None` leaves the text to them.
    fn next_direct(&mut self) -> Option<Val> {
        if self.scanner.start.is_some() || self.scanner.mode != Mode::Tokens {
            return None;
        }
        let mut at = self.scanner.pos;
        while let Some(b' ' | b'\n' | b'\r' | b'\t') = self.buf.get(at) {
            at += 1;
        }
        if !matches!(self.buf.get(at), Some(b'{' | b'[')) {
            return None;
        }
        let (value, len) = self.reader.read_first(&self.buf[at..])?;
        let end = at + len;
        self.scanner.pos = end;
        let last = self.base + (end - 1) as u64;
        let lines = self.lines_before(last);
        self.last = Some(Last { at: last, lines, newline_after: None });
        Some(value)
    }

    /// The next text, or `None` at the end of the input.
    fn next_text(&mut self) -> Option<Next> {
        loop {
            if let Some(value) = self.next_direct() {
                return Some(Next::Value(value));
            }
            if let Some(text) = self.scanner.next(&self.buf) {
                return Some(Next::Text(text));
            }
            if !self.fill(true) {
                // A text cut short by a failure is not parsed as if the input ended there.
                if self.failed.is_some() || self.gone {
                    return None;
                }
                return self.scanner.end(&self.buf).map(Next::Text);
            }
        }
    }

    /// Parses `text` into `ready`: its values, then the fault or parse error it holds (which
    /// ends the values).
    fn parse(&mut self, text: Text) {
        let abs = |feed: &Feed, at: usize| feed.base + at as u64;
        if let Some(at) = text.deep {
            let (line, column) = self.line_column(abs(self, at));
            let said = format!("parse error: Exceeds depth limit for parsing at line {line}, column {}", column + 1);
            self.ready.push_back(Err(said));
            self.over = true;
            return;
        }
        // A token at the top level is judged with the byte that ended it (jq says "at EOF" only
        // when the input ends it).
        let with_end = (text.end + 1).min(self.buf.len());
        let (data, parsed_len, fault) = if text.odd {
            match input::normalize(&self.buf[text.start..with_end]) {
                Ok(std::borrow::Cow::Borrowed(_)) => (None, text.end - text.start, None),
                Ok(std::borrow::Cow::Owned(mut spelled)) => {
                    spelled.truncate(spelled.len() - (with_end - text.end));
                    let len = spelled.len();
                    (Some(spelled), len, None)
                }
                Err(fault) => (None, fault.at, Some(fault)),
            }
        } else {
            (None, text.end - text.start, None)
        };
        let mut error = None;
        let mut values = Vec::new();
        {
            let slice = match &data {
                Some(spelled) => &spelled[..parsed_len],
                None => &self.buf[text.start..text.start + parsed_len],
            };
            // The common text is read directly; jaq-json reads it again when it is not (its
            // values and errors are the ones said).
            let direct = match fault {
                None => self.reader.read(slice),
                Some(_) => None,
            };
            let parsed = match direct {
                Some(value) => {
                    values.push(value);
                    None
                }
                None => Some(jaq_json::read::parse_many(slice)),
            };
            for value in parsed.into_iter().flatten() {
                match value {
                    Ok(value) => values.push(value),
                    Err(err) => {
                        error = Some(err.to_string());
                        break;
                    }
                }
            }
        }
        if !values.is_empty() {
            let end = abs(self, text.end.saturating_sub(1).max(text.start));
            let lines = self.lines_before(end);
            self.last = Some(Last { at: end, lines, newline_after: None });
            self.ready.extend(values.into_iter().map(Ok));
        }
        // The fault of the text wins over a parse error before it (which cutting it made).
        if let Some(fault) = fault {
            let (line, column) = self.line_column(abs(self, text.start + fault.after));
            self.ready.push_back(Err(format!("parse error: {} at line {line}, column {column}", fault.what)));
            self.over = true;
        } else if let Some(error) = error {
            let (offset, what) = error
                .strip_prefix("byte offset ")
                .and_then(|rest| rest.split_once(": "))
                .and_then(|(offset, what)| Some((offset.parse::<usize>().ok()?.min(parsed_len), what.to_string())))
                .unwrap_or((parsed_len, error.clone()));
            let at = abs(self, text.start + offset);
            let rest = match &data {
                Some(spelled) => &spelled[offset..parsed_len],
                None => &self.buf[text.start + offset..text.start + parsed_len],
            };
            let at_end = rest.iter().all(u8::is_ascii_whitespace) && self.only_space_after(abs(self, text.end));
            let (line, column) = self.line_column(at);
            let what =
                if at_end { "Unfinished JSON term at EOF".to_string() } else { format!("Invalid JSON text ({what})") };
            self.ready.push_back(Err(format!("parse error: {what} at line {line}, column {column}")));
            self.over = true;
        }
    }
}

impl Iterator for Feed {
    type Item = Result<Val, String>;

    fn next(&mut self) -> Option<Result<Val, String>> {
        if self.raw.is_some() {
            return if self.over { None } else { self.next_line() };
        }
        loop {
            if let Some(item) = self.ready.pop_front() {
                return Some(item);
            }
            if self.over {
                return None;
            }
            match self.next_text() {
                Some(Next::Value(value)) => return Some(Ok(value)),
                Some(Next::Text(text)) => self.parse(text),
                None => {
                    self.over = true;
                    self.failed_reading = self.failed.is_some();
                    return self.failed.take().map(Err);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What a feed of `pieces` gives, values as compact JSON and errors as said.
    fn run(pieces: Vec<Piece>) -> Vec<String> {
        let mut pieces: VecDeque<Piece> = pieces.into();
        let mut feed = Feed::new(Box::new(move || pieces.pop_front()), 1 << 20);
        let mut out = Vec::new();
        while let Some(item) = feed.next() {
            out.push(match item {
                Ok(value) => format!("{value} @{}", feed.place().unwrap_or_default()),
                Err(message) => message,
            });
        }
        out
    }

    /// `text` in pieces of `size` bytes.
    fn split(text: &[u8], size: usize) -> Vec<Piece> {
        let mut pieces: Vec<Piece> = text.chunks(size).map(|c| Piece::Data(c.to_vec())).collect();
        pieces.push(Piece::End);
        pieces
    }

    const CASES: &[&str] = &[
        "1 2 3",
        "{\"a\":[1,2,{\"b\":\"x\\\"y\"}]}\n{\"c\":null}\n",
        "\"a\"\"b\"[1][2]{}3 true false null",
        "[1,2\n",
        "1 {1:2} 3\n",
        "[1]\n# note\n",
        "[nan1]\n",
        "2 b\"x\"\n",
        "nan1",
        "nan1\n",
        "[nan, -Infinity, inf]\n",
        "1]\n",
        "1 : 2",
        "[1,]\n\n2",
        "\"abc\\",
        "\"unfinished\n",
        "-1-2 3",
        "1.2.3 4",
        "tru e",
        "\u{feff}[1]\n[2]",
        "{\"a\" 1}",
        "[}]",
        "{\"k\":\"\\u00e9\\ud83d\\ude00\"}\n[1,{\"b\":-0.50}]\n{\"a\":1,\"a\":2}\n",
        "{\"a\":1} \u{c}{\"b\":2}\t[3]\r\n[]{}",
        "{\"a\":[1,2]}\n{\"a\":[1,2}\n",
        "[1,2] [3,\"\\ud800\"]",
        "{\"a\":1}x",
    ];

    #[test]
    fn a_text_in_any_pieces_reads_as_whole() {
        for case in CASES {
            let whole = run(split(case.as_bytes(), case.len().max(1)));
            for size in 1..case.len() {
                assert_eq!(run(split(case.as_bytes(), size)), whole, "{case:?} in pieces of {size}");
            }
        }
    }

    #[test]
    fn values_places_and_errors() {
        let r = |text: &str| run(split(text.as_bytes(), 4));
        assert_eq!(r("1 2\n3"), ["1 @<stdin>:1", "2 @<stdin>:1", "3 @<stdin>:1"]);
        assert_eq!(r("[1,2\n"), ["parse error: Unfinished JSON term at EOF at line 2, column 0"]);
        assert_eq!(r("1 {1:2} 3\n"), ["1 @<stdin>:1", "parse error: Object keys must be strings at line 1, column 5"]);
        assert_eq!(r("[nan1]\n"), ["parse error: Invalid numeric literal at line 1, column 6"]);
        assert_eq!(r("nan1"), ["parse error: Invalid numeric literal at EOF at line 1, column 4"]);
        assert_eq!(r("[nan,inf]"), ["[NaN,Infinity] @<stdin>:0"]);
        assert_eq!(r("\u{feff}[1]\n[2]"), ["[1] @<stdin>:1", "[2] @<stdin>:1"]);
        let deep = format!("1 {}", "[".repeat(limits::MAX_DEPTH + 1));
        assert_eq!(
            r(&deep),
            [
                "1 @<stdin>:0".to_string(),
                format!("parse error: Exceeds depth limit for parsing at line 1, column {}", limits::MAX_DEPTH + 3)
            ]
        );
    }

    #[test]
    fn a_whole_text_too_deep_is_refused_where_it_goes_too_deep() {
        let most = format!("{}{}", "[".repeat(limits::MAX_DEPTH), "]".repeat(limits::MAX_DEPTH));
        let deeper = format!("[{most}]\n");
        let whole = run(split(deeper.as_bytes(), deeper.len()));
        assert_eq!(
            whole,
            [format!("parse error: Exceeds depth limit for parsing at line 1, column {}", limits::MAX_DEPTH + 1)]
        );
        // At the limit it is read (printing and dropping it recurse: a thread with room).
        let read = std::thread::Builder::new()
            .stack_size(256 << 20)
            .spawn(move || run(split(format!("{most}\n").as_bytes(), 1 << 16)).len())
            .ok()
            .and_then(|thread| thread.join().ok());
        assert_eq!(read, Some(1));
    }

    #[test]
    fn files_are_one_stream_with_their_own_lines() {
        let pieces = vec![
            Piece::Source("a.json".into()),
            Piece::Data(b"1\n2\n[3,".to_vec()),
            Piece::Data(b"\n".to_vec()),
            Piece::Source("b.json".into()),
            Piece::Data(b"4]\n5".to_vec()),
            Piece::Data(b"\n".to_vec()),
            Piece::End,
        ];
        assert_eq!(run(pieces), ["1 @a.json:1", "2 @a.json:2", "[3,4] @b.json:1", "5 @b.json:2"]);
    }

    #[test]
    fn a_text_past_the_limit_is_refused_before_it_is_held() {
        let mut pieces: VecDeque<Piece> = split(b"[1] [2,3,4,5,6,7,8,9]", 4).into();
        let mut feed = Feed::new(Box::new(move || pieces.pop_front()), 8);
        assert_eq!(feed.next().map(|v| v.map(|v| v.to_string())), Some(Ok("[1]".to_string())));
        assert!(matches!(feed.next(), Some(Err(message)) if message.contains("input-bytes")));
        assert!(feed.next().is_none());
    }

    #[test]
    fn a_reader_gone_ends_the_values() {
        let mut pieces: VecDeque<Piece> = vec![Piece::Data(b"1 2".to_vec())].into();
        let mut feed = Feed::new(Box::new(move || pieces.pop_front()), 1 << 20);
        assert_eq!(feed.next().map(|v| v.map(|v| v.to_string())), Some(Ok("1".to_string())));
        // `2` may go on in what never came: it is not taken for a value.
        assert!(feed.next().is_none());
        assert!(feed.gone);
    }
}
