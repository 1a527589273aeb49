//! Parse errors: what was found, what was expected, and where (`line:col`).

use std::fmt;

/// Why parsing stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ParseErrorKind {
    /// The input ends inside a construct (open quote, block, heredoc, trailing `|`):
    /// a console should read another line and try again.
    Incomplete,
    /// The input is wrong and more input will not fix it.
    Syntax,
    /// The input is wrong to the end of its line only: bash reports it, drops the rest of
    /// the line and reads on (an operator inside a compound assignment, `a=(x & y)`, which
    /// bash's parser reports with a jump that discards the line rather than the file).
    /// [`super::Commands`] resumes after the line.
    Line,
}

/// A parse failure with its position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseError {
    /// Incomplete or wrong.
    pub kind: ParseErrorKind,
    /// Human-readable description: what was found and what was expected.
    pub message: String,
    /// Byte offset into the source.
    pub offset: usize,
    /// 1-based line.
    pub line: usize,
    /// 1-based column (in characters).
    pub col: usize,
}

impl ParseError {
    /// True when more input could complete the script.
    pub fn is_incomplete(&self) -> bool {
        self.kind == ParseErrorKind::Incomplete
    }

    /// Fills `line` and `col` from the offset within `src`.
    pub(crate) fn locate(mut self, src: &str) -> Self {
        let offset = self.offset.min(src.len());
        let mut cut = offset;
        while !src.is_char_boundary(cut) {
            cut -= 1;
        }
        let before = &src[..cut];
        self.line = before.matches('\n').count() + 1;
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        self.col = before[line_start..].chars().count() + 1;
        self
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.line, self.col, self.message)
    }
}

impl std::error::Error for ParseError {}
