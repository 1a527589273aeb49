//! Colours while typing: known commands green and unknown ones red, reserved words and
//! operators, strings, variables and comments, from the forgiving [`scan`] of the line.

use super::catalog::{Catalog, SharedView, is_known};
use super::lexer::{Role, after_escape, group_end, quoted_end, scan};
use nu_ansi_term::{Color, Style};
use reedline::StyledText;
use std::sync::Arc;

/// The console's highlighter.
pub struct Highlighter {
    /// Commands and tools.
    pub catalog: Arc<Catalog>,
    /// Functions (known commands too).
    pub view: SharedView,
}

impl reedline::Highlighter for Highlighter {
    fn highlight(&self, line: &str, _cursor: usize) -> StyledText {
        let view = self.view.lock().map(|v| v.clone()).unwrap_or_default();
        let mut styled = StyledText::new();
        let mut at = 0;
        for word in scan(line) {
            if word.span.start > at {
                styled.push((Style::new(), line[at..word.span.start].to_string()));
            }
            let text = &line[word.span.clone()];
            let base = match word.role {
                Role::Command if is_known(&self.catalog, &view, text) => Style::new().fg(Color::Green),
                Role::Command => Style::new().fg(Color::Red),
                Role::Keyword => Style::new().fg(Color::Magenta).bold(),
                Role::Operator | Role::Redirect => Style::new().fg(Color::Cyan),
                Role::Comment => Style::new().fg(Color::DarkGray).italic(),
                Role::Assignment | Role::Argument(_) => Style::new(),
            };
            if matches!(word.role, Role::Comment | Role::Operator | Role::Redirect) {
                styled.push((base, text.to_string()));
            } else {
                push_word(&mut styled, text, base);
            }
            at = word.span.end;
        }
        if at < line.len() {
            styled.push((Style::new(), line[at..].to_string()));
        }
        styled
    }
}

/// Pushes `word` with its quoted parts and expansions in their own colours.
fn push_word(styled: &mut StyledText, word: &str, base: Style) {
    let bytes = word.as_bytes();
    let string = Style::new().fg(Color::Yellow);
    let variable = Style::new().fg(Color::LightBlue);
    let mut plain_from = 0;
    let mut at = 0;
    let flush = |styled: &mut StyledText, from: usize, to: usize| {
        if to > from {
            styled.push((base, word[from..to].to_string()));
        }
    };
    while at < bytes.len() {
        let (end, style) = match bytes[at] {
            b'\\' => {
                at = after_escape(bytes, at);
                continue;
            }
            b'\'' => (bytes[at + 1..].iter().position(|&b| b == b'\'').map_or(bytes.len(), |n| at + n + 2), string),
            b'"' => (quoted_end(bytes, at + 1), string),
            b'$' if matches!(bytes.get(at + 1), Some(b'(' | b'{')) => (group_end(bytes, at + 1), variable),
            b'$' => {
                let len = bytes[at + 1..].iter().take_while(|b| b.is_ascii_alphanumeric() || **b == b'_').count();
                let len =
                    if len == 0 && matches!(bytes.get(at + 1), Some(b'?' | b'$' | b'!' | b'#' | b'@' | b'*' | b'-')) {
                        1
                    } else {
                        len
                    };
                (at + 1 + len, variable)
            }
            _ => {
                at += 1;
                continue;
            }
        };
        flush(styled, plain_from, at);
        styled.push((style, word[at..end].to_string()));
        at = end;
        plain_from = end;
    }
    flush(styled, plain_from, bytes.len());
}
