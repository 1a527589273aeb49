//! Records and fields: reading records off an input by `RS` (a character, blank-line
//! paragraphs for `""`, a regex when longer), and splitting them by `FS` (blanks for `" "`, a
//! literal character, a regex when longer, characters for `""`). Fields are ranges into the
//! record, split only when a field or `NF` is used.

use super::flow::Flow;
use super::io::Host;
use regex::bytes::Regex;
use std::rc::Rc;

/// How records are separated.
#[derive(Debug, Clone)]
pub enum RecordSep {
    Byte(u8),
    /// `RS = ""`: records end at blank lines.
    Paragraph,
    Regex(Rc<Regex>),
}

impl RecordSep {
    pub fn new(rs: &[u8]) -> Result<Self, String> {
        Ok(match rs {
            [] => RecordSep::Paragraph,
            [b] => RecordSep::Byte(*b),
            _ => RecordSep::Regex(super::parser::compile_regex(&toolsh_bytes::decode(rs))?),
        })
    }
}

/// How fields are separated.
#[derive(Debug, Clone)]
pub enum FieldSep {
    /// `" "`: runs of blanks and newlines, ignoring them at both ends.
    Blank,
    Byte(u8),
    Regex(Rc<Regex>),
    /// `""`: each character is a field.
    Chars,
}

impl FieldSep {
    pub fn new(fs: &[u8]) -> Result<Self, String> {
        Ok(match fs {
            b" " => FieldSep::Blank,
            [] => FieldSep::Chars,
            // Any one character but a blank is itself, a backslash too (gawk's `FS = "\\"`).
            [b] => FieldSep::Byte(*b),
            _ => FieldSep::Regex(super::parser::compile_regex(&toolsh_bytes::decode(fs))?),
        })
    }

    /// In paragraph mode a newline separates fields whatever `FS` is.
    pub fn with_newlines(self) -> Result<Self, String> {
        Ok(match self {
            FieldSep::Byte(b'\n') | FieldSep::Blank | FieldSep::Chars => self,
            FieldSep::Byte(b) => FieldSep::Regex(super::parser::compile_regex(&format!(
                "{}|\n",
                regex::escape(&(b as char).to_string())
            ))?),
            FieldSep::Regex(re) => FieldSep::Regex(super::parser::compile_regex(&format!("(?:{})|\n", re.as_str()))?),
        })
    }

    /// The span of field `n` (1-based) without splitting the rest, for the separators where
    /// that is a plain scan; `None` to split the whole record instead.
    pub fn nth(&self, text: &[u8], n: usize) -> Option<Option<(usize, usize)>> {
        match self {
            FieldSep::Blank => {
                let mut idx = 0;
                let mut field = 0;
                let len = text.len();
                loop {
                    while idx < len && matches!(text[idx], b' ' | b'\t' | b'\n') {
                        idx += 1;
                    }
                    if idx >= len {
                        return Some(None);
                    }
                    let start = idx;
                    while idx < len && !matches!(text[idx], b' ' | b'\t' | b'\n') {
                        idx += 1;
                    }
                    field += 1;
                    if field == n {
                        return Some(Some((start, idx)));
                    }
                }
            }
            FieldSep::Byte(b) => {
                if text.is_empty() {
                    return Some(None);
                }
                let mut start = 0;
                for (field, end) in memchr::memchr_iter(*b, text).chain(std::iter::once(text.len())).enumerate() {
                    if field + 1 == n {
                        return Some(Some((start, end)));
                    }
                    start = end + 1;
                }
                Some(None)
            }
            FieldSep::Regex(_) | FieldSep::Chars => None,
        }
    }

    /// Appends the ranges of `text`'s fields to `out`.
    pub fn split(&self, text: &[u8], out: &mut Vec<(usize, usize)>) {
        match self {
            FieldSep::Blank => {
                let mut idx = 0;
                let len = text.len();
                loop {
                    while idx < len && matches!(text[idx], b' ' | b'\t' | b'\n') {
                        idx += 1;
                    }
                    if idx >= len {
                        break;
                    }
                    let start = idx;
                    while idx < len && !matches!(text[idx], b' ' | b'\t' | b'\n') {
                        idx += 1;
                    }
                    out.push((start, idx));
                }
            }
            FieldSep::Byte(b) => {
                if text.is_empty() {
                    return;
                }
                let mut start = 0;
                for idx in memchr::memchr_iter(*b, text) {
                    out.push((start, idx));
                    start = idx + 1;
                }
                out.push((start, text.len()));
            }
            FieldSep::Regex(re) => {
                if text.is_empty() {
                    return;
                }
                let mut start = 0;
                for found in re.find_iter(text) {
                    if found.is_empty() {
                        continue;
                    }
                    out.push((start, found.start()));
                    start = found.end();
                }
                out.push((start, text.len()));
            }
            FieldSep::Chars => {
                let mut idx = 0;
                while idx < text.len() {
                    let len = utf8_len(text[idx]).min(text.len() - idx);
                    let len = if std::str::from_utf8(&text[idx..idx + len]).is_ok() { len } else { 1 };
                    out.push((idx, idx + len));
                    idx += len;
                }
            }
        }
    }
}

/// The length of the UTF-8 sequence a leading byte starts.
pub fn utf8_len(b: u8) -> usize {
    match b {
        0xC0..=0xDF => 2,
        0xE0..=0xEF => 3,
        0xF0..=0xF7 => 4,
        _ => 1,
    }
}

/// An input: bytes in hand, or an input the shell opened, read in pieces.
pub struct Reader {
    buf: Vec<u8>,
    pos: usize,
    eof: bool,
    /// Where a search for the separator may resume (what lies before holds none).
    scanned: usize,
    /// The shell's handle of the input, and whether it is standard input.
    source: Option<(usize, bool)>,
    /// What ended the last record (gawk's `RT`): the separator's text, empty at the end.
    pub terminator: Vec<u8>,
}

impl Reader {
    pub fn whole(data: Vec<u8>) -> Self {
        Reader { buf: data, pos: 0, eof: true, scanned: 0, source: None, terminator: Vec::new() }
    }

    /// Opens an input by name (`-` is standard input).
    pub fn open(name: &str, host: &mut Host) -> Result<Result<Self, String>, Flow> {
        Ok(host.open(name)?.map(|input| Reader {
            buf: Vec::new(),
            pos: 0,
            eof: false,
            scanned: 0,
            source: Some((input, matches!(name, "-" | "/dev/stdin"))),
            terminator: Vec::new(),
        }))
    }

    /// Gives the shell's input back when the program stops reading before the end (an open
    /// file would otherwise stay open until the command ends).
    pub fn release(self, host: &mut Host) -> Result<(), Flow> {
        match self.source {
            Some((input, _)) if !self.eof => host.release(input),
            _ => Ok(()),
        }
    }

    /// Reads the next piece; false at the end (a read error is fatal, as in gawk).
    fn fill(&mut self, host: &mut Host) -> Result<bool, Flow> {
        let Some((input, interactive)) = self.source.filter(|_| !self.eof) else {
            return Ok(false);
        };
        let piece = host.chunk(input, interactive)?.map_err(|message| Flow::Error(format!("read error: {message}")))?;
        match piece {
            Some(chunk) => {
                if self.pos > 0 {
                    self.buf.drain(..self.pos);
                    self.scanned -= self.pos.min(self.scanned);
                    self.pos = 0;
                }
                self.buf.extend_from_slice(&chunk);
                Ok(true)
            }
            None => {
                self.eof = true;
                Ok(false)
            }
        }
    }

    /// Reads the next record into `out` (cleared first); false at the end of the input.
    pub fn next(&mut self, sep: &RecordSep, host: &mut Host, out: &mut Vec<u8>) -> Result<bool, Flow> {
        out.clear();
        self.terminator.clear();
        match sep {
            RecordSep::Byte(b) => loop {
                let from = self.scanned.max(self.pos);
                if let Some(idx) = memchr::memchr(*b, &self.buf[from..]) {
                    let end = from + idx;
                    out.extend_from_slice(&self.buf[self.pos..end]);
                    self.pos = end + 1;
                    self.scanned = self.pos;
                    self.terminator.push(*b);
                    return Ok(true);
                }
                self.scanned = self.buf.len();
                if !self.fill(host)? {
                    return Ok(self.rest(out));
                }
            },
            RecordSep::Paragraph => {
                self.skip_newlines(host)?;
                loop {
                    let from = self.scanned.max(self.pos);
                    if let Some(idx) = memchr::memmem::find(&self.buf[from..], b"\n\n") {
                        let end = from + idx;
                        out.extend_from_slice(&self.buf[self.pos..end]);
                        self.pos = end;
                        self.scanned = end;
                        // The separator is the whole run of newlines, as in gawk: a record
                        // read next with another `RS` starts after it.
                        let newlines = self.skip_newlines(host)?;
                        self.terminator.resize(newlines, b'\n');
                        return Ok(true);
                    }
                    self.scanned = self.buf.len().saturating_sub(1).max(self.pos);
                    if !self.fill(host)? {
                        let found = self.rest(out);
                        while out.last() == Some(&b'\n') {
                            out.pop();
                            self.terminator.push(b'\n');
                        }
                        return Ok(found);
                    }
                }
            }
            RecordSep::Regex(re) => loop {
                let found = re.find_iter(&self.buf[self.pos..]).find(|m| !m.is_empty());
                if let Some(m) = found {
                    // A match touching the end of what was read may grow with more input.
                    if self.pos + m.end() < self.buf.len() || self.eof {
                        out.extend_from_slice(&self.buf[self.pos..self.pos + m.start()]);
                        self.terminator.extend_from_slice(m.as_bytes());
                        self.pos += m.end();
                        return Ok(true);
                    }
                }
                if !self.fill(host)? {
                    if let Some(m) = re.find_iter(&self.buf[self.pos..]).find(|m| !m.is_empty()) {
                        out.extend_from_slice(&self.buf[self.pos..self.pos + m.start()]);
                        self.terminator.extend_from_slice(m.as_bytes());
                        self.pos += m.end();
                        return Ok(true);
                    }
                    return Ok(self.rest(out));
                }
            },
        }
    }

    /// Moves past newlines, reading more while they last; how many there were.
    fn skip_newlines(&mut self, host: &mut Host) -> Result<usize, Flow> {
        let mut count = 0;
        loop {
            while self.pos < self.buf.len() && self.buf[self.pos] == b'\n' {
                self.pos += 1;
                count += 1;
            }
            if self.pos < self.buf.len() || !self.fill(host)? {
                return Ok(count);
            }
        }
    }

    fn rest(&mut self, out: &mut Vec<u8>) -> bool {
        if self.pos >= self.buf.len() {
            return false;
        }
        out.extend_from_slice(&self.buf[self.pos..]);
        self.pos = self.buf.len();
        true
    }
}
