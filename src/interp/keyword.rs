//! `set -k` (`set -o keyword`): every word of a simple command that reads as an assignment is
//! one, wherever it stands (`cmd a=1 b` gives `cmd` the variable `a` and the argument `b`), as
//! bash's `place_keywords_in_env`. The words are taken out before any expands, so that a
//! command whose words all vanish (`$EMPTY a=1`) assigns to the shell, as prefix assignments do.

use crate::ast::{Assign, AssignValue, SimpleCommand, Word, WordPart};

/// The command with its assignment-like words moved to its assignments (after those written
/// before it, in their order); `None` when it has none, the usual case, which costs no copy.
pub(super) fn keywords_taken(simple: &SimpleCommand) -> Option<SimpleCommand> {
    // The first word is the command's name: the parser took every assignment before it.
    if !simple.words.iter().skip(1).any(|word| as_assignment(word).is_some()) {
        return None;
    }
    let mut taken = SimpleCommand {
        assigns: simple.assigns.clone(),
        words: Vec::with_capacity(simple.words.len()),
        redirects: simple.redirects.clone(),
        span: simple.span,
    };
    for (at, word) in simple.words.iter().enumerate() {
        match as_assignment(word).filter(|_| at > 0) {
            Some(assign) => taken.assigns.push(assign),
            None => taken.words.push(word.clone()),
        }
    }
    Some(taken)
}

/// The assignment a word reads as: an unquoted name, an optional subscript, `=` or `+=`, as
/// the parser reads one before a command (a declaration command's own arguments are already
/// assignments); `None` for any other word (`"a=1"`, `a\=1`, `1a=1`).
fn as_assignment(word: &Word) -> Option<Assign> {
    let (first, rest) = word.parts.split_first()?;
    let text = match first {
        WordPart::Assign(assign) => return Some((**assign).clone()),
        WordPart::Literal(text) => text.as_str(),
        _ => return None,
    };
    let bytes = text.as_bytes();
    if !bytes.first().is_some_and(|b| b.is_ascii_alphabetic() || *b == b'_') {
        return None;
    }
    let name_end = bytes.iter().take_while(|b| b.is_ascii_alphanumeric() || **b == b'_').count();
    let mut at = name_end;
    let mut index = None;
    if bytes.get(at) == Some(&b'[') {
        let close = at + text[at..].find(']')?;
        index = Some(crate::parser::parse_subscript_text(&text[at + 1..close]).ok()?);
        at = close + 1;
    }
    let append = bytes.get(at) == Some(&b'+');
    if append {
        at += 1;
    }
    if bytes.get(at) != Some(&b'=') {
        return None;
    }
    let value_text = &text[at + 1..];
    let head = (!value_text.is_empty()).then(|| WordPart::Literal(value_text.into()));
    let parts = head.into_iter().chain(rest.iter().cloned()).collect();
    Some(Assign {
        name: text[..name_end].into(),
        index,
        append,
        value: AssignValue::Scalar(Word { parts, span: word.span }),
        span: word.span,
    })
}
