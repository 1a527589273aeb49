//! What keeps a jq filter within bounds: JSON input nested at most [`MAX_DEPTH`] deep (as jq
//! refuses deeper input), and a guard at the head of every function the filter defines, which
//! ends the evaluation when the line's deadline passes or it is cancelled, and when recursion
//! is about to exhaust the evaluator's stack (`def f: [f]; f` overflowed it and ended the
//! process). jaq offers no hook of its own, so the guard is a native called from the filter.
//! The filter's own text is bounded before anything reads it: jaq's lexer, parser and compiler
//! recurse once per level of nesting, and so does every chain of operators (`1|1|…` is as deep
//! as it is long), so [`filter_too_deep`] refuses a filter whose nesting, counted that way,
//! passes [`MAX_FILTER_DEPTH`] (a filter nested 8,000 brackets deep overflowed the stack and
//! ended the process).

use jaq_core::DataT;
use jaq_json::Val;

/// How deep JSON input may nest, as in jq 1.7 ("Exceeds depth limit for parsing"; the input's
/// scanner, `feed`, refuses it before the parser recurses into it).
pub const MAX_DEPTH: usize = 10_000;

/// How deep a filter may nest, counting each bracket, string interpolation, operator and
/// keyword of a chain as a level (jq's own parser gives up at 10,000 entries of its stack,
/// "memory exhausted", a few per level). The evaluator's stack ([`crate::lang::deep::STACK`])
/// holds this many in every stage, unoptimised builds included: the costliest levels (`-`,
/// `try`, `{a:`) overflowed it between 4,900 and 10,000.
pub const MAX_FILTER_DEPTH: usize = 4_000;

/// How deep `code` nests, or as `Err` the byte offset where it first nests deeper than
/// [`MAX_FILTER_DEPTH`]. An upper bound of what jaq's recursion reaches, found in one pass without
/// recursing: a level per open bracket or interpolation, plus one per operator or keyword
/// since the last `;` inside it (`def f: …; def g: …;` do not add up, `1|1|1` does).
pub fn filter_depth(code: &str) -> Result<usize, usize> {
    // The open scopes: the byte that opened each (`\\` for an interpolation) and the operators
    // counted in it; `depth` is their sum plus the scopes themselves.
    let mut scopes: Vec<(u8, usize)> = vec![(0, 0)];
    let mut depth = 1usize;
    let mut deepest = depth;
    let bytes = code.as_bytes();
    let mut at = 0;
    let mut in_string = false;
    while let Some(&b) = bytes.get(at) {
        if in_string {
            match b {
                b'\\' if bytes.get(at + 1) == Some(&b'(') => {
                    scopes.push((b'\\', 0));
                    depth += 1;
                    in_string = false;
                    at += 1;
                }
                b'\\' => at += 1,
                b'"' => in_string = false,
                _ => {}
            }
            at += 1;
            if depth > MAX_FILTER_DEPTH {
                return Err(at.min(code.len()));
            }
            deepest = deepest.max(depth);
            continue;
        }
        let operator = matches!(b, b'|' | b',' | b'+' | b'-' | b'*' | b'/' | b'%' | b'=' | b'<' | b'>' | b'!' | b'?');
        // Each byte of `//=` counts: an upper bound is enough, and `----1` nests four deep.
        if operator {
            count(&mut scopes, &mut depth);
        }
        match b {
            b'#' => {
                while bytes.get(at).is_some_and(|&c| c != b'\n') {
                    at += 1;
                }
            }
            b'"' => in_string = true,
            b'(' | b'[' | b'{' => {
                scopes.push((b, 0));
                depth += 1;
            }
            b')' | b']' | b'}' => {
                if scopes.len() > 1
                    && let Some((opened, ops)) = scopes.pop()
                {
                    depth -= 1 + ops;
                    in_string = opened == b'\\';
                }
            }
            b';' => {
                if let Some((_, ops)) = scopes.last_mut() {
                    depth -= *ops;
                    *ops = 0;
                }
            }
            b'a'..=b'z' | b'A'..=b'Z' | b'_' => {
                let start = at;
                while bytes.get(at + 1).is_some_and(|c| c.is_ascii_alphanumeric() || *c == b'_') {
                    at += 1;
                }
                let word = &code[start..=at];
                let keyword = matches!(
                    word,
                    "and"
                        | "or"
                        | "as"
                        | "if"
                        | "then"
                        | "elif"
                        | "else"
                        | "try"
                        | "catch"
                        | "reduce"
                        | "foreach"
                        | "label"
                        | "def"
                );
                if keyword {
                    count(&mut scopes, &mut depth);
                }
            }
            _ => {}
        }
        at += 1;
        if depth > MAX_FILTER_DEPTH {
            return Err(at.min(code.len()));
        }
        deepest = deepest.max(depth);
    }
    Ok(deepest)
}

/// One more operator in the innermost scope.
fn count(scopes: &mut [(u8, usize)], depth: &mut usize) {
    if let Some((_, ops)) = scopes.last_mut() {
        *ops += 1;
        *depth += 1;
    }
}

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

/// Whether a value of `bytes` about to be made is past the value-bytes limit (the line is
/// then stopped naming it: [`crate::lang::deep::Halt::refuses_value`]); `Err` to return
/// instead of making it.
pub fn refuse_value(bytes: usize) -> Result<(), jaq_core::Error<Val>> {
    let refused = HALT.with(|h| h.borrow().as_ref().is_some_and(|halt| halt.refuses_value(bytes)));
    if refused { Err(jaq_core::Error::new(Val::from("stopped".to_string()))) } else { Ok(()) }
}

/// Why the evaluation must stop here, if it must: the line was stopped, or the evaluator's
/// stack is nearly used up.
pub(super) fn must_stop() -> Option<jaq_core::Error<Val>> {
    let stopped = HALT.with(|h| h.borrow().as_ref().is_some_and(crate::lang::deep::Halt::requested));
    if stopped {
        Some(jaq_core::Error::new(Val::from("stopped".to_string())))
    } else if crate::lang::deep::stack_low() {
        Some(jaq_core::Error::new(Val::from(
            "the filter recursed too deep (the evaluator's stack is nearly exhausted)".to_string(),
        )))
    } else {
        None
    }
}

/// The guard: the value passes through, unless the evaluation must stop. It is a path
/// expression too (the value's own path), so a definition it starts stays one (`def x:
/// .[1,2]; x = 10`, `path(f)`), and an update goes through it to the value.
pub fn guard<D: for<'a> DataT<V<'a> = Val>>() -> jaq_core::native::Fun<D> {
    use jaq_core::box_iter::box_once;
    let native = jaq_core::Native::<D>::new(|cv| match must_stop() {
        Some(err) => box_once(Err(jaq_core::Exn::from(err))),
        None => box_once(Ok(cv.1)),
    })
    .with_paths(|cv| match must_stop() {
        Some(err) => box_once(Err(jaq_core::Exn::from(err))),
        None => box_once(Ok(cv.1)),
    })
    .with_update(|cv, f| match must_stop() {
        Some(err) => box_once(Err(jaq_core::Exn::from(err))),
        None => f(cv.1),
    });
    (GUARD, jaq_core::native::v(0), native)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_filters_nested_too_deep() {
        let limit = MAX_FILTER_DEPTH;
        let nested = |open: &str, close: &str, n: usize| format!("{}1{}", open.repeat(n), close.repeat(n));
        // Nested brackets, interpolations, and operator chains each count a level.
        assert_eq!(filter_depth(&nested("[", "]", limit - 1)), Ok(limit));
        assert_eq!(filter_depth(&nested("[", "]", limit)), Err(limit));
        assert!(filter_depth(&nested("\"\\(", ")\"", limit)).is_err());
        assert!(filter_depth(&"1|".repeat(limit)).is_err());
        assert!(filter_depth(&"if . then ".repeat(limit / 2)).is_err());
        assert!(filter_depth(&"-".repeat(limit)).is_err());
        // Definitions one after another, paths, strings and comments do not nest.
        assert_eq!(filter_depth(&"def f: 1|2; ".repeat(limit)), Ok(3));
        assert_eq!(filter_depth(&".a".repeat(limit * 2)), Ok(1));
        assert_eq!(filter_depth(&format!("\"{}\"", "[|".repeat(limit))), Ok(1));
        assert_eq!(filter_depth(&format!("# {}\n.", "[".repeat(limit * 2))), Ok(1));
        // A closing bracket gives back the operators counted inside it.
        assert!(filter_depth(&"(1|1|1) | ".repeat(limit / 2)).is_ok());
    }
}
