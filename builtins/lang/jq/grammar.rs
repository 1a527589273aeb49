//! Where jq's grammar reads more than jaq's parser, the filter written out in terms jaq reads:
//!
//! - a number written with no digit before its point (`.5`, `select(. > .00005)`): jaq
//!   lexes `.` and `5`; it is given its `0`;
//! - `reduce`/`foreach` over an expression with operators (`reduce .[] / .[] as $i (…)`):
//!   jq's grammar takes any expression short of `|` and `,` before `as`, jaq's a postfix
//!   term; the expression is parenthesised.
//!
//! A text that does not lex is left as it is (the compiler then reports the error).

use jaq_core::load::lex::{Lexer, StrPart, Tok, Token};

/// `code` with the constructs above written out; `code` itself when it has none.
pub fn widen(code: &str) -> String {
    let Ok(tokens) = Lexer::new(code).lex() else { return code.to_string() };
    let mut inserts: Vec<(usize, &str)> = Vec::new();
    walk(code, &tokens, &mut inserts);
    if inserts.is_empty() {
        return code.to_string();
    }
    // Stable: an opening parenthesis and a `0` at the same place keep their order.
    inserts.sort_by_key(|(at, _)| *at);
    let mut out = String::with_capacity(code.len() + inserts.len());
    let mut at = 0;
    for (place, text) in inserts {
        out.push_str(&code[at..place]);
        out.push_str(text);
        at = place;
    }
    out.push_str(&code[at..]);
    out
}

fn walk<'c>(code: &'c str, tokens: &[Token<&'c str>], inserts: &mut Vec<(usize, &'static str)>) {
    for (at, token) in tokens.iter().enumerate() {
        match token {
            Token(".", Tok::Sym) => {
                if let Some(Token(num, Tok::Num)) = tokens.get(at + 1)
                    && offset(code, num) == offset(code, token.0) + 1
                {
                    inserts.push((offset(code, token.0), "0"));
                }
            }
            Token("reduce" | "foreach", Tok::Word) => {
                let field = at > 0 && matches!(tokens[at - 1], Token(".", Tok::Sym));
                if !field && let Some(end) = source_end(tokens, at) {
                    let first = &tokens[at + 1];
                    let last = &tokens[end - 1];
                    inserts.push((offset(code, first.0), "("));
                    inserts.push((offset(code, last.0) + last.0.len(), ")"));
                }
            }
            Token(_, Tok::Block(inner)) => walk(code, inner, inserts),
            Token(_, Tok::Str(parts)) => {
                for part in parts {
                    if let StrPart::Term(Token(_, Tok::Block(inner))) = part {
                        walk(code, inner, inserts);
                    }
                }
            }
            _ => {}
        }
    }
}

/// Where the source of the `reduce`/`foreach` at `at` ends (the index of its `as`), when it
/// has an operator jaq's postfix term lacks (else it needs no parentheses, and the text stays
/// as written, so errors point where the user wrote) and ends as jq's expression does.
fn source_end(tokens: &[Token<&str>], at: usize) -> Option<usize> {
    let mut open = 1;
    let mut operator = false;
    for (end, token) in tokens.iter().enumerate().skip(at + 1) {
        match token {
            Token("reduce" | "foreach", Tok::Word) => open += 1,
            Token("as", Tok::Word) => {
                open -= 1;
                if open == 0 {
                    return operator.then_some(end);
                }
            }
            Token("and" | "or", Tok::Word) => operator = true,
            Token(".." | "." | "?", Tok::Sym) => {}
            Token("|" | "," | ";" | ":", Tok::Sym) => return None,
            Token(_, Tok::Sym) => operator = true,
            _ => {}
        }
    }
    None
}

/// Byte offset of the slice `s` in `code`.
fn offset(code: &str, s: &str) -> usize {
    (s.as_ptr() as usize).wrapping_sub(code.as_ptr() as usize).min(code.len())
}

#[cfg(test)]
mod tests {
    use super::widen;

    #[test]
    fn numbers_and_fold_sources() {
        assert_eq!(widen("select(. > .5)"), "select(. > 0.5)");
        assert_eq!(widen(".a | .5"), ".a | 0.5");
        assert_eq!(widen("reduce .[] / .[] as $i (0; . + $i)"), "reduce (.[] / .[]) as $i (0; . + $i)");
        assert_eq!(widen("[foreach .[] as $i (0; 1)]"), "[foreach .[] as $i (0; 1)]");
        assert_eq!(widen(".reduce | . as $x | $x"), ".reduce | . as $x | $x");
        assert_eq!(widen("{reduce: 1}"), "{reduce: 1}");
    }
}
