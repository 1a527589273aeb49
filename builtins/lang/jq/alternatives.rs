//! jq's destructuring alternatives, which jaq's parser does not read, written out in terms it
//! does: `E as P1 ?// P2 ?// P3 | BODY` becomes
//!
//! ```text
//! E as $__jq_alt | . as $__jq_dot
//! | try (null as $only_in_others | $__jq_alt as P1 | BODY)
//!   catch ($__jq_dot | try (… P2 …) catch ($__jq_dot | … $__jq_alt as P3 | BODY))
//! ```
//!
//! as jq means it: each value of `E` is bound by the first pattern for which neither the
//! binding nor `BODY` fails (an error in the last one is the result), and every variable of
//! every pattern is bound, to null where its pattern was not the one used. `BODY` runs to the
//! end of the expression the binding is in (a closing bracket, a `;`, or `then elif else end`).

use jaq_core::load::lex::{Lexer, Tok, Token};

/// `code` with every `?//` written out, or `code` itself when it has none (or does not lex:
/// the compiler then reports the error against it).
pub fn expand(code: &str) -> String {
    let mut code = code.to_string();
    // Each round writes out the first alternative found; a body can hold another.
    for _ in 0..64 {
        if !code.contains("?//") {
            break;
        }
        match first(&code) {
            Some(expanded) => code = expanded,
            None => break,
        }
    }
    code
}

/// `code` with each `$name: PATTERN` entry of an object pattern (`. as {$b: [$c]}`, which
/// binds `$b` to `.b` and destructures `.b` too) written `$name, "name": PATTERN`, which
/// jaq's parser reads; `code` itself when it has none or does not lex.
pub fn object_variables(code: &str) -> String {
    let Ok(tokens) = Lexer::new(code).lex() else { return code.to_string() };
    let mut edits: Vec<(usize, usize, String)> = Vec::new();
    find_patterns(code, &tokens, &mut edits);
    if edits.is_empty() {
        return code.to_string();
    }
    edits.sort_by_key(|(start, _, _)| *start);
    let mut out = String::with_capacity(code.len() + 16 * edits.len());
    let mut at = 0;
    for (start, end, text) in edits {
        if start < at {
            continue;
        }
        out.push_str(&code[at..start]);
        out.push_str(&text);
        at = end;
    }
    out.push_str(&code[at..]);
    out
}

/// Every pattern after `as` or `?//` in `tokens`, depth first.
fn find_patterns(code: &str, tokens: &[Token<&str>], edits: &mut Vec<(usize, usize, String)>) {
    for (at, token) in tokens.iter().enumerate() {
        let after_as = at > 0 && matches!(tokens[at - 1], Token("as", Tok::Word));
        let after_alt = at > 1 && is_sym(&tokens[at - 1], "//") && is_sym(&tokens[at - 2], "?");
        if (after_as || after_alt) && is_pattern(token) {
            pattern_entries(code, token, edits);
        }
        match token {
            Token(_, Tok::Block(inner)) => find_patterns(code, inner, edits),
            Token(_, Tok::Str(parts)) => {
                for part in parts {
                    if let jaq_core::load::lex::StrPart::Term(Token(_, Tok::Block(inner))) = part {
                        find_patterns(code, inner, edits);
                    }
                }
            }
            _ => {}
        }
    }
}

/// The `$name:` entries of the object patterns in `pattern` (nested ones too).
fn pattern_entries(code: &str, pattern: &Token<&str>, edits: &mut Vec<(usize, usize, String)>) {
    let Token(text, Tok::Block(inner)) = pattern else { return };
    let object = text.starts_with('{');
    for (at, token) in inner.iter().enumerate() {
        let entry_start = at == 0 || is_sym(&inner[at - 1], ",");
        if object
            && entry_start
            && let Token(var, Tok::Var) = token
            && let Some(colon) = inner.get(at + 1).filter(|t| is_sym(t, ":"))
        {
            let start = offset(code, var);
            let end = offset(code, colon.0) + colon.0.len();
            let name = var.trim_start_matches('$');
            edits.push((start, end, format!("{var}, \"{name}\":")));
        }
        if matches!(token, Token(_, Tok::Block(_))) {
            pattern_entries(code, token, edits);
        }
    }
}

/// Byte offset of slice `s` in `code`.
fn offset(code: &str, s: &str) -> usize {
    (s.as_ptr() as usize).wrapping_sub(code.as_ptr() as usize).min(code.len())
}

fn first(code: &str) -> Option<String> {
    let tokens = Lexer::new(code).lex().ok()?;
    find(code, &tokens)
}

fn is_sym(token: &Token<&str>, text: &str) -> bool {
    matches!(token, Token(s, Tok::Sym) if *s == text)
}

fn is_pattern(token: &Token<&str>) -> bool {
    match token {
        Token(_, Tok::Var) => true,
        Token(s, Tok::Block(_)) => s.starts_with('[') || s.starts_with('{'),
        _ => false,
    }
}

/// The variables a pattern binds (every `$name` in it).
fn variables<'s>(token: &Token<&'s str>, out: &mut Vec<&'s str>) {
    match token {
        Token(name, Tok::Var) if !out.contains(name) => out.push(name),
        Token(_, Tok::Block(inner)) => inner.iter().for_each(|t| variables(t, out)),
        _ => {}
    }
}

/// Finds the first `as P ?// …` in `tokens` (depth first) and returns `code` with it written out.
fn find(code: &str, tokens: &[Token<&str>]) -> Option<String> {
    for (at, token) in tokens.iter().enumerate() {
        if matches!(token, Token("as", Tok::Word))
            && let Some(expanded) = expand_at(code, tokens, at)
        {
            return Some(expanded);
        }
        if let Token(_, Tok::Block(inner)) = token
            && let Some(expanded) = find(code, inner)
        {
            return Some(expanded);
        }
        if let Token(_, Tok::Str(parts)) = token {
            for part in parts {
                if let jaq_core::load::lex::StrPart::Term(Token(_, Tok::Block(inner))) = part
                    && let Some(expanded) = find(code, inner)
                {
                    return Some(expanded);
                }
            }
        }
    }
    None
}

fn expand_at(code: &str, tokens: &[Token<&str>], at: usize) -> Option<String> {
    // `as` P1 (`?` `//` P)+ `|`
    let mut patterns = vec![tokens.get(at + 1).filter(|t| is_pattern(t))?];
    let mut next = at + 2;
    while tokens.get(next).is_some_and(|t| is_sym(t, "?")) && tokens.get(next + 1).is_some_and(|t| is_sym(t, "//")) {
        patterns.push(tokens.get(next + 2).filter(|t| is_pattern(t))?);
        next += 3;
    }
    if patterns.len() < 2 {
        return None;
    }
    if let Some(Token(args, Tok::Block(inner))) = tokens.get(next)
        && args.starts_with('(')
    {
        return reduction(code, tokens, at, &patterns, args, inner);
    }
    if !tokens.get(next).is_some_and(|t| is_sym(t, "|")) {
        return None;
    }
    let body_start = next + 1;
    // The body's own `if … end` and `def …;` do not end it.
    let (mut ifs, mut defs) = (0usize, 0usize);
    let ends = |t: &Token<&str>| match t {
        Token("if", Tok::Word) => {
            ifs += 1;
            false
        }
        Token("end", Tok::Word) if ifs > 0 => {
            ifs -= 1;
            false
        }
        Token("then" | "elif" | "else", Tok::Word) => ifs == 0,
        Token("end", Tok::Word) => true,
        Token("def", Tok::Word) => {
            defs += 1;
            false
        }
        Token(";", Tok::Sym) if defs > 0 => {
            defs -= 1;
            false
        }
        Token(";" | ")" | "]" | "}", Tok::Sym) => true,
        _ => false,
    };
    let body_end = tokens[body_start..].iter().position(ends).map_or(tokens.len(), |n| body_start + n);
    let (first_body, last_body) = (tokens.get(body_start)?, tokens.get(body_end.checked_sub(1)?)?);
    let body = &code[offset(code, first_body.0)..offset(code, last_body.0) + last_body.0.len()];
    let mut all = Vec::new();
    patterns.iter().for_each(|p| variables(p, &mut all));
    let alternative = |pattern: &Token<&str>| {
        let mut own = Vec::new();
        variables(pattern, &mut own);
        let nulls: String = all.iter().filter(|v| !own.contains(v)).map(|v| format!("null as {v} | ")).collect();
        format!("$__jq_dot | {nulls}$__jq_alt as {} | ({body})", pattern.0)
    };
    let mut chain = alternative(patterns[patterns.len() - 1]);
    for pattern in patterns[..patterns.len() - 1].iter().rev() {
        chain = format!("try ({}) catch ({chain})", alternative(pattern));
    }
    let start = offset(code, tokens[at].0);
    let end = offset(code, last_body.0) + last_body.0.len();
    Some(format!("{}as $__jq_alt | . as $__jq_dot | ({chain}){}", &code[..start], &code[end..]))
}

/// `reduce E as P1 ?// P2 (INIT; UPDATE)` (or `foreach`, with EXTRACT too) written as
/// `reduce E as $__jq_each (INIT; $__jq_each as P1 ?// P2 | (UPDATE))`: the alternatives bind
/// each value for the update (and the extract), which the next round writes out as above.
fn reduction(
    code: &str,
    tokens: &[Token<&str>],
    at: usize,
    patterns: &[&Token<&str>],
    args: &str,
    inner: &[Token<&str>],
) -> Option<String> {
    // The top-level `;` of the arguments (a `def …;` inside one is not one).
    let mut cuts = Vec::new();
    let mut defs = 0usize;
    for token in inner {
        match token {
            Token("def", Tok::Word) => defs += 1,
            Token(";", Tok::Sym) if defs > 0 => defs -= 1,
            Token(";", Tok::Sym) => cuts.push(offset(args, token.0)),
            _ => {}
        }
    }
    if !(1..=2).contains(&cuts.len()) || !args.ends_with(')') {
        return None;
    }
    let binding: Vec<&str> = patterns.iter().map(|p| p.0).collect();
    let binding = binding.join(" ?// ");
    let mut rewritten = String::from("(");
    let mut from = 1;
    for (n, cut) in cuts.iter().chain(std::iter::once(&(args.len() - 1))).enumerate() {
        let part = args.get(from..*cut)?;
        if n == 0 {
            rewritten.push_str(part);
        } else {
            rewritten.push_str(&format!("; $__jq_each as {binding} | ({part})"));
        }
        from = cut + 1;
    }
    rewritten.push(')');
    let start = offset(code, tokens[at].0);
    let end = offset(code, args) + args.len();
    Some(format!("{}as $__jq_each {rewritten}{}", &code[..start], &code[end..]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_out_each_alternative_with_every_variable_bound() {
        assert_eq!(
            expand(".[] as [$a] ?// $b | [$a, $b]"),
            ".[] as $__jq_alt | . as $__jq_dot | (try ($__jq_dot | null as $b | $__jq_alt as [$a] | ([$a, $b])) \
             catch ($__jq_dot | null as $a | $__jq_alt as $b | ([$a, $b])))"
        );
        // The body ends where its expression does; text without `?//` is untouched.
        assert!(expand("[. as {a:$x} ?// $x | $x], 1").ends_with("| ($x)))], 1"));
        assert_eq!(expand(". as $x | $x"), ". as $x | $x");
    }

    #[test]
    fn reduce_and_foreach_bind_alternatives_for_each_value() {
        let once = first("reduce .[] as [$a] ?// $a (0; . + $a)").unwrap_or_default();
        assert_eq!(once, "reduce .[] as $__jq_each (0; $__jq_each as [$a] ?// $a | ( . + $a))");
        let once = first("foreach .[] as [$a] ?// $a (0; . + $a; [$a])").unwrap_or_default();
        assert!(once.ends_with("| ( . + $a); $__jq_each as [$a] ?// $a | ( [$a]))"), "{once}");
        assert!(!expand("reduce .[] as [$a] ?// $a (0; . + $a)").contains("?//"));
    }

    #[test]
    fn object_pattern_variables_with_a_pattern_bind_both() {
        assert_eq!(object_variables(". as {$a, $b:[$c, $d]} | $b"), ". as {$a, $b, \"b\":[$c, $d]} | $b");
        assert_eq!(
            object_variables(".[] as [{$x: {$y: $z}}] ?// {$x: $w} | 1"),
            ".[] as [{$x, \"x\": {$y, \"y\": $z}}] ?// {$x, \"x\": $w} | 1"
        );
        // Object construction is not a pattern.
        assert_eq!(object_variables("{$a: 1} | . as {$a} | $a"), "{$a: 1} | . as {$a} | $a");
    }
}
