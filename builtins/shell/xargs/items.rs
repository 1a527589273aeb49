//! How `xargs` cuts its input into arguments, a piece at a time as the input arrives: blanks
//! with quotes and backslashes (the default), one argument per line (`-I`), or a delimiter byte
//! (`-0`, `-d`). Pure: the command feeds it pieces and runs what comes out.

/// How input splits into arguments.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Split {
    /// Spaces, tabs and newlines separate; quotes and backslashes protect (POSIX).
    Blanks,
    /// Each line holding more than blanks is one argument, its leading blanks removed; quotes
    /// and backslashes still protect (`-I`).
    Lines,
    /// The byte separates and nothing else is special (`-0`, `-d`).
    Byte(u8),
}

/// One argument.
#[derive(Debug, PartialEq, Eq)]
pub struct Item {
    /// The argument, quotes removed.
    pub text: String,
    /// Whether it ends a logical input line (what `-L` counts): a line that ends in a blank
    /// goes on into the next.
    pub ends_line: bool,
}

/// Cuts input into [`Item`]s.
pub struct Splitter {
    split: Split,
    /// `-E`: an argument equal to it ends the input.
    eof: Option<String>,
    /// Input not yet cut: the start of an item whose end has not arrived.
    pending: Vec<u8>,
    finished: bool,
}

fn is_blank(byte: u8) -> bool {
    matches!(byte, b' ' | b'\t')
}

/// The message of GNU xargs for a quote without its pair on the same line.
fn unmatched(quote: u8) -> String {
    let kind = if quote == b'"' { "double" } else { "single" };
    format!("unmatched {kind} quote; by default quotes are special to xargs unless you use the -0 option")
}

/// What became of the bytes from one position on.
enum Step {
    /// An item and the position after it (and after its terminator).
    Item(Vec<u8>, bool, usize),
    /// Only blanks up to the end.
    Nothing,
    /// An item begun, not ended: more input is needed.
    Incomplete,
}

impl Splitter {
    /// A splitter for `split`, stopping at an argument equal to `eof` (not with `Byte`, as GNU).
    pub fn new(split: Split, eof: Option<String>) -> Self {
        let eof = if matches!(split, Split::Byte(_)) { None } else { eof };
        Splitter { split, eof, pending: Vec::new(), finished: false }
    }

    /// Bytes held for an item whose end has not arrived.
    pub fn pending(&self) -> usize {
        self.pending.len()
    }

    /// True once the `-E` string ended the input: what follows is not read.
    pub fn finished(&self) -> bool {
        self.finished
    }

    /// Takes `piece` of input (`None` at its end) and appends the whole items now known to
    /// `out`. An unmatched quote ends the input with GNU's message; the items before it stand.
    pub fn feed(&mut self, piece: Option<&[u8]>, out: &mut Vec<Item>) -> Result<(), String> {
        if self.finished {
            return Ok(());
        }
        let at_end = piece.is_none();
        if let Some(piece) = piece {
            self.pending.extend_from_slice(piece);
        }
        let mut pos = 0;
        let result = loop {
            let step = match self.split {
                Split::Blanks => self.blank_item(pos, at_end),
                Split::Lines => self.line_item(pos, at_end),
                Split::Byte(sep) => Ok(self.byte_item(sep, pos, at_end)),
            };
            match step {
                Ok(Step::Item(bytes, ends_line, next)) => {
                    pos = next;
                    let text = toolsh_bytes::decode(&bytes).into_owned();
                    if self.eof.as_deref() == Some(text.as_str()) {
                        self.finished = true;
                        break Ok(());
                    }
                    out.push(Item { text, ends_line });
                }
                Ok(Step::Nothing) => {
                    pos = self.pending.len();
                    break Ok(());
                }
                Ok(Step::Incomplete) => break Ok(()),
                Err(message) => {
                    self.finished = true;
                    break Err(message);
                }
            }
        };
        if self.finished {
            self.pending = Vec::new();
        } else {
            self.pending.drain(..pos);
        }
        result
    }

    /// The default syntax: the next item after blanks, with its quotes and backslashes.
    fn blank_item(&self, from: usize, at_end: bool) -> Result<Step, String> {
        let bytes = &self.pending;
        let Some(start) = bytes[from..].iter().position(|&b| !is_blank(b) && b != b'\n') else {
            return Ok(Step::Nothing);
        };
        let mut text = Vec::new();
        let mut idx = from + start;
        while let Some(&byte) = bytes.get(idx) {
            match byte {
                b'\'' | b'"' => {
                    let rest = &bytes[idx + 1..];
                    match rest.iter().position(|&b| b == byte || b == b'\n') {
                        Some(close) if rest[close] == byte => {
                            text.extend_from_slice(&rest[..close]);
                            idx += close + 2;
                        }
                        Some(_) => return Err(unmatched(byte)),
                        None if at_end => return Err(unmatched(byte)),
                        None => return Ok(Step::Incomplete),
                    }
                }
                b'\\' => match bytes.get(idx + 1) {
                    Some(&next) => {
                        text.push(next);
                        idx += 2;
                    }
                    // A backslash ending the input escapes nothing and is dropped, as GNU does.
                    None if at_end => idx += 1,
                    None => return Ok(Step::Incomplete),
                },
                b' ' | b'\t' => return Ok(Step::Item(text, false, idx + 1)),
                b'\n' => return Ok(Step::Item(text, true, idx + 1)),
                other => {
                    text.push(other);
                    idx += 1;
                }
            }
        }
        Ok(if at_end { Step::Item(text, true, idx) } else { Step::Incomplete })
    }

    /// `-I`: the next line holding more than blanks, as one item.
    fn line_item(&self, mut from: usize, at_end: bool) -> Result<Step, String> {
        let bytes = &self.pending;
        loop {
            let (line, next) = match memchr::memchr(b'\n', &bytes[from..]) {
                Some(len) => (&bytes[from..from + len], from + len + 1),
                None if at_end && from < bytes.len() => (&bytes[from..], bytes.len()),
                None if at_end => return Ok(Step::Nothing),
                None => return Ok(Step::Incomplete),
            };
            let Some(start) = line.iter().position(|&b| !is_blank(b)) else {
                from = next;
                continue;
            };
            let line = &line[start..];
            let mut text = Vec::with_capacity(line.len());
            let mut idx = 0;
            while let Some(&byte) = line.get(idx) {
                match byte {
                    b'\'' | b'"' => {
                        let close = line[idx + 1..].iter().position(|&b| b == byte).ok_or_else(|| unmatched(byte))?;
                        text.extend_from_slice(&line[idx + 1..idx + 1 + close]);
                        idx += close + 2;
                    }
                    b'\\' => {
                        text.extend(line.get(idx + 1));
                        idx += 2;
                    }
                    other => {
                        text.push(other);
                        idx += 1;
                    }
                }
            }
            return Ok(Step::Item(text, true, next));
        }
    }

    /// `-0`, `-d`: the bytes up to the next separator; empty items count.
    fn byte_item(&self, sep: u8, from: usize, at_end: bool) -> Step {
        let bytes = &self.pending;
        match memchr::memchr(sep, &bytes[from..]) {
            Some(len) => Step::Item(bytes[from..from + len].to_vec(), true, from + len + 1),
            None if at_end && from < bytes.len() => Step::Item(bytes[from..].to_vec(), true, bytes.len()),
            None if at_end => Step::Nothing,
            None => Step::Incomplete,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn cut(split: Split, eof: Option<&str>, pieces: &[&[u8]]) -> (Vec<(String, bool)>, Option<String>) {
        let mut splitter = Splitter::new(split, eof.map(str::to_string));
        let mut out = Vec::new();
        let mut error = None;
        for piece in pieces.iter().map(|p| Some(*p)).chain([None]) {
            if let Err(message) = splitter.feed(piece, &mut out) {
                error = Some(message);
                break;
            }
        }
        (out.into_iter().map(|i| (i.text, i.ends_line)).collect(), error)
    }

    fn texts(items: &[(String, bool)]) -> Vec<&str> {
        items.iter().map(|(t, _)| t.as_str()).collect()
    }

    #[test]
    fn blanks_quotes_and_backslashes() {
        let (items, error) = cut(Split::Blanks, None, &[b"  a 'b c' \"d\"e\\ f\r\n\n g \nh"]);
        assert_eq!(texts(&items), ["a", "b c", "de f\r", "g", "h"]);
        // A line ending in a blank goes on into the next one.
        assert_eq!(items.iter().map(|(_, e)| *e).collect::<Vec<_>>(), [false, false, true, false, true]);
        assert_eq!(error, None);
    }

    #[test]
    fn an_unmatched_quote_keeps_the_items_before_it() {
        let (items, error) = cut(Split::Blanks, None, &[b"a 'b\nc' d\n"]);
        assert_eq!(texts(&items), ["a"]);
        assert!(error.is_some_and(|m| m.starts_with("unmatched single quote")));
        let (items, error) = cut(Split::Lines, None, &[b"x\nq\"y\nz\n"]);
        assert_eq!(texts(&items), ["x"]);
        assert!(error.is_some_and(|m| m.starts_with("unmatched double quote")));
    }

    #[test]
    fn lines_keep_inner_and_trailing_blanks() {
        let (items, _) = cut(Split::Lines, None, &[b"  x 'y z'  \n\n  \nlast"]);
        assert_eq!(texts(&items), ["x y z  ", "last"]);
    }

    #[test]
    fn separators_keep_empty_items_and_ignore_the_eof_string() {
        let (items, _) = cut(Split::Byte(0), Some("b"), &[b"a\0\0b\0c"]);
        assert_eq!(texts(&items), ["a", "", "b", "c"]);
    }

    #[test]
    fn the_eof_string_ends_the_input() {
        let (items, _) = cut(Split::Blanks, Some("END"), &[b"a b\nEND\nc 'unmatched\n"]);
        assert_eq!(texts(&items), ["a", "b"]);
    }

    proptest! {
        /// However the input is cut into pieces, the items are the same.
        #[test]
        fn pieces_do_not_change_the_items(
            text in "[ab '\"\\\\\t\n]{0,40}",
            cuts in proptest::collection::vec(0usize..40, 0..6),
            mode in 0usize..3,
        ) {
            let split = [Split::Blanks, Split::Lines, Split::Byte(b'\n')][mode];
            let bytes = text.as_bytes();
            let whole = cut(split, None, &[bytes]);
            let mut points: Vec<usize> = cuts.into_iter().map(|c| c.min(bytes.len())).collect();
            points.sort_unstable();
            let mut pieces = Vec::new();
            let mut last = 0;
            for point in points {
                pieces.push(&bytes[last..point]);
                last = point;
            }
            pieces.push(&bytes[last..]);
            prop_assert_eq!(cut(split, None, &pieces), whole);
        }
    }
}
