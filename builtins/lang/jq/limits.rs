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
    fn finds_input_nested_too_deep() {
        let ok = format!("{}{}", "[".repeat(MAX_DEPTH), "]".repeat(MAX_DEPTH));
        assert_eq!(too_deep(ok.as_bytes()), None);
        let deep = "[".repeat(MAX_DEPTH + 1);
        assert_eq!(too_deep(deep.as_bytes()), Some(MAX_DEPTH));
        assert_eq!(too_deep(format!("\"{deep}\"").as_bytes()), None);
    }
}
