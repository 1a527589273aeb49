//! What keeps a jq filter within bounds: JSON input nested at most [`MAX_DEPTH`] deep (as jq
//! refuses deeper input), and a guard at the head of every function the filter defines, which
//! ends the evaluation when the line's deadline passes or it is cancelled, and when recursion
//! is about to exhaust the evaluator's stack (`def f: [f]; f` overflowed it and ended the
//! process). jaq offers no hook of its own, so the guard is a native called from the filter.

use jaq_core::DataT;
use jaq_json::Val;

/// How deep JSON input may nest, as in jq 1.7 ("Exceeds depth limit for parsing").
pub const MAX_DEPTH: usize = 10_000;

/// The name of the guard native.
pub const GUARD: &str = "__jq_guard";

thread_local! {
    /// The halt of the evaluation running on this thread (natives are plain functions).
    static HALT: std::cell::RefCell<Option<crate::lang::deep::Halt>> = const { std::cell::RefCell::new(None) };
}

/// Makes `halt` the one the guard consults on this thread.
pub fn set_halt(halt: Option<crate::lang::deep::Halt>) {
    HALT.with(|h| *h.borrow_mut() = halt);
}

/// The guard: the value passes through, unless the evaluation must stop.
pub fn guard<D: for<'a> DataT<V<'a> = Val>>() -> jaq_core::native::Fun<D> {
    jaq_core::native::run((GUARD, jaq_core::native::v(0), |cv| {
        let stopped = HALT.with(|h| h.borrow().as_ref().is_some_and(crate::lang::deep::Halt::requested));
        let result = if stopped {
            Err(jaq_core::Error::new(Val::from("stopped".to_string())))
        } else if crate::lang::deep::stack_low() {
            Err(jaq_core::Error::new(Val::from(
                "the filter recursed too deep (the evaluator's stack is nearly exhausted)".to_string(),
            )))
        } else {
            Ok(cv.1)
        };
        jaq_core::native::bome(result)
    }))
}

/// `code` with `GUARD |` at the head of the body of every `def` (strings, their
/// interpolations and comments are read past). `def f: BODY;` means the same as
/// `def f: GUARD | BODY;`, since `|` binds loosest.
pub fn guard_definitions(code: &str) -> String {
    let bytes = code.as_bytes();
    let mut inserts = Vec::new();
    scan(bytes, 0, false, &mut inserts);
    let mut out = String::with_capacity(code.len() + inserts.len() * 16);
    let mut copied = 0;
    for at in inserts {
        out.push_str(&code[copied..at]);
        out.push(' ');
        out.push_str(GUARD);
        out.push_str(" |");
        copied = at;
    }
    out.push_str(&code[copied..]);
    out
}

/// Scans code from `at`; inside an interpolation (`nested`) it ends at the `)` that closes it.
/// Records the byte after the `:` of each definition's head. Returns where it stopped.
fn scan(bytes: &[u8], mut at: usize, nested: bool, inserts: &mut Vec<usize>) -> usize {
    let mut parens = 0usize;
    while at < bytes.len() {
        match bytes[at] {
            b'#' => {
                while at < bytes.len() && bytes[at] != b'\n' {
                    at += 1;
                }
            }
            b'"' => at = string(bytes, at + 1, inserts),
            b'(' => {
                parens += 1;
                at += 1;
            }
            b')' => {
                if nested && parens == 0 {
                    return at + 1;
                }
                parens = parens.saturating_sub(1);
                at += 1;
            }
            b'd' if bytes[at..].starts_with(b"def")
                && (at == 0 || !is_word(bytes[at - 1]))
                && bytes.get(at + 3).is_some_and(|b| b.is_ascii_whitespace()) =>
            {
                at = head_end(bytes, at + 3).unwrap_or(at + 3);
                if bytes.get(at.wrapping_sub(1)) == Some(&b':') {
                    inserts.push(at);
                }
            }
            _ => at += 1,
        }
    }
    at
}

/// Reads a string from after its opening quote; returns the index after the closing quote.
fn string(bytes: &[u8], mut at: usize, inserts: &mut Vec<usize>) -> usize {
    while at < bytes.len() {
        match bytes[at] {
            b'"' => return at + 1,
            b'\\' if bytes.get(at + 1) == Some(&b'(') => at = scan(bytes, at + 2, true, inserts),
            b'\\' => at += 2,
            _ => at += 1,
        }
    }
    at
}

/// After `def`: the name, optional parameters in parentheses, then `:`; the index after the
/// `:`, or `None` when the text is not a definition's head.
fn head_end(bytes: &[u8], mut at: usize) -> Option<usize> {
    while bytes.get(at).is_some_and(u8::is_ascii_whitespace) {
        at += 1;
    }
    let name_start = at;
    while bytes.get(at).is_some_and(|&b| is_word(b) || b == b'@') {
        at += 1;
    }
    if at == name_start {
        return None;
    }
    while bytes.get(at).is_some_and(u8::is_ascii_whitespace) {
        at += 1;
    }
    if bytes.get(at) == Some(&b'(') {
        let close = at + bytes[at..].iter().position(|&b| b == b')')?;
        at = close + 1;
        while bytes.get(at).is_some_and(u8::is_ascii_whitespace) {
            at += 1;
        }
    }
    (bytes.get(at) == Some(&b':')).then_some(at + 1)
}

fn is_word(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_' || b == b'$'
}

/// The byte offset at which JSON `data` first nests deeper than [`MAX_DEPTH`], if it does
/// (strings are read past; the text need not be valid).
pub fn too_deep(data: &[u8]) -> Option<usize> {
    let mut depth = 0usize;
    let mut in_string = false;
    let mut escaped = false;
    for (at, &b) in data.iter().enumerate() {
        if in_string {
            match (escaped, b) {
                (true, _) => escaped = false,
                (false, b'\\') => escaped = true,
                (false, b'"') => in_string = false,
                _ => {}
            }
            continue;
        }
        match b {
            b'"' => in_string = true,
            b'[' | b'{' => {
                depth += 1;
                if depth > MAX_DEPTH {
                    return Some(at);
                }
            }
            b']' | b'}' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn guards_every_definition_and_nothing_else() {
        let g = |code: &str| guard_definitions(code).replace(GUARD, "G");
        assert_eq!(g("def f: [f]; f"), "def f: G | [f]; f");
        assert_eq!(g("def f(a; $b): a + $b; def g: 1; f(1; 2)"), "def f(a; $b): G | a + $b; def g: G | 1; f(1; 2)");
        // Strings, interpolations and comments: only real definitions.
        assert_eq!(g(r#""def x: 1" | . # def y: 2"#), r#""def x: 1" | . # def y: 2"#);
        assert_eq!(g(r#""\(def h: 3; h)" | undef"#), r#""\(def h: G | 3; h)" | undef"#);
        assert_eq!(g(".a | {def: 1}"), ".a | {def: 1}");
    }

    #[test]
    fn finds_input_nested_too_deep() {
        let ok = format!("{}{}", "[".repeat(MAX_DEPTH), "]".repeat(MAX_DEPTH));
        assert_eq!(too_deep(ok.as_bytes()), None);
        let deep = "[".repeat(MAX_DEPTH + 1);
        assert_eq!(too_deep(deep.as_bytes()), Some(MAX_DEPTH));
        assert_eq!(too_deep(format!("\"{deep}\"").as_bytes()), None);
    }
}
