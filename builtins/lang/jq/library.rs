//! The definitions written in jq that every filter may call — jaq's core, standard and JSON
//! libraries, then toolsh's prelude — parsed once a process, and the part of them a filter
//! can reach, which is all that is compiled for it.
//!
//! Lexing, parsing and compiling the whole library (some 270 definitions) on every `jq` was
//! nine tenths of `jq -n 1`'s instructions (docs/performance.md): it is parsed once now, and
//! only the definitions the filter names, and those they call in turn, are compiled.

use jaq_core::load::lex::StrPart;
use jaq_core::load::parse::{Def, Pattern, Term};
use jaq_core::path::Part;
use std::collections::HashSet;
use std::sync::OnceLock;

/// Definitions jq has that jaq lacks, `env` as the shell's exported variables, `tojson`/
/// `tostring` (so `@csv`, `@tsv` and the other formats) spelling numbers as jq does,
/// `stderr`, `debug`, `halt_error` writing to the command's standard error (jaq-std sends them
/// to a logger), and the generators that can run without end — `repeat`, `recurse` (so `..`),
/// `while`, `until`, and `range` in pieces of 4,096 — passing the guard (`limits`) as they
/// go, so a filter like `[range(1e9)]` stops at the deadline instead of running on after it.
const PRELUDE: &str = include_str!("prelude.jq");

/// The library's definitions, in the order they are defined (a later one of the same name
/// and arity hides an earlier one), each with the names its body calls.
struct Library {
    defs: Vec<Def<&'static str>>,
    calls: Vec<Vec<&'static str>>,
}

fn library() -> &'static Library {
    static LIBRARY: OnceLock<Library> = OnceLock::new();
    LIBRARY.get_or_init(|| {
        let prelude = jaq_core::load::parse(PRELUDE, |p| p.defs()).unwrap_or_default();
        let defs: Vec<_> = jaq_core::defs().chain(jaq_std::defs()).chain(jaq_json::defs()).chain(prelude).collect();
        let calls = defs
            .iter()
            .map(|def| {
                let mut names = Vec::new();
                calls(&def.body, &mut names);
                names
            })
            .collect();
        Library { defs, calls }
    })
}

/// The library's definitions `code` (the filter's whole text) can reach, in their order:
/// every definition of a name the text holds as a word, then of every name those call, until
/// nothing more is added. Words are taken from the text, not its parse, so a word in a string
/// or a key keeps a definition it does not need, never the other way round; a text that
/// imports or includes a module gets them all (the module's text is read later, by the loader).
pub fn reachable(code: &str) -> Vec<Def<&'static str>> {
    let library = library();
    let mut wanted = words(code);
    if wanted.contains("import") || wanted.contains("include") {
        return library.defs.clone();
    }
    let mut keep = vec![false; library.defs.len()];
    let mut grew = true;
    while grew {
        grew = false;
        // From the last: a definition calls only those before it (and itself), so one pass
        // mostly finds them all; the loop is there for the rest.
        for (i, def) in library.defs.iter().enumerate().rev() {
            if !keep[i] && wanted.contains(def.name) {
                keep[i] = true;
                grew = true;
                wanted.extend(library.calls[i].iter().copied());
            }
        }
    }
    library.defs.iter().zip(keep).filter(|(_, kept)| *kept).map(|(def, _)| def.clone()).collect()
}

/// The words of a filter's text that can name a definition: `name`, `@format`.
fn words(code: &str) -> HashSet<&str> {
    let bytes = code.as_bytes();
    let mut words = HashSet::new();
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if b == b'@' || b == b'_' || b.is_ascii_alphabetic() {
            let start = i;
            i += 1;
            while i < bytes.len() && (bytes[i] == b'_' || bytes[i].is_ascii_alphanumeric()) {
                i += 1;
            }
            words.insert(&code[start..i]);
        } else {
            i += 1;
        }
    }
    words
}

/// Adds the names `term` calls (a format string's `@name` too) to `names`.
fn calls<'s>(term: &Term<&'s str>, names: &mut Vec<&'s str>) {
    match term {
        Term::Id | Term::Recurse | Term::Num(_) | Term::Var(_) | Term::Break(_) => {}
        Term::Str(format, parts) => {
            names.extend(format.iter().copied());
            for part in parts {
                if let StrPart::Term(term) = part {
                    calls(term, names);
                }
            }
        }
        Term::Arr(items) => {
            if let Some(items) = items {
                calls(items, names);
            }
        }
        Term::Obj(entries) => {
            for (key, value) in entries {
                calls(key, names);
                if let Some(value) = value {
                    calls(value, names);
                }
            }
        }
        Term::Neg(term) | Term::Label(_, term) => calls(term, names),
        Term::BinOp(left, _, right) => {
            calls(left, names);
            calls(right, names);
        }
        Term::Fold(_, source, pattern, args) => {
            calls(source, names);
            pattern_calls(pattern, names);
            for arg in args {
                calls(arg, names);
            }
        }
        Term::TryCatch(body, catch) => {
            calls(body, names);
            if let Some(catch) = catch {
                calls(catch, names);
            }
        }
        Term::IfThenElse(branches, otherwise) => {
            for (condition, then) in branches {
                calls(condition, names);
                calls(then, names);
            }
            if let Some(otherwise) = otherwise {
                calls(otherwise, names);
            }
        }
        Term::Def(defs, rest) => {
            for def in defs {
                calls(&def.body, names);
            }
            calls(rest, names);
        }
        Term::Call(name, args) => {
            names.push(name);
            for arg in args {
                calls(arg, names);
            }
        }
        Term::Path(term, path) => {
            calls(term, names);
            for (part, _) in &path.0 {
                match part {
                    Part::Index(index) => calls(index, names),
                    Part::Range(from, to) => {
                        for bound in [from, to].into_iter().flatten() {
                            calls(bound, names);
                        }
                    }
                }
            }
        }
    }
}

/// Adds the names a destructuring pattern's computed keys call.
fn pattern_calls<'s>(pattern: &Pattern<&'s str>, names: &mut Vec<&'s str>) {
    match pattern {
        Pattern::Var(_) => {}
        Pattern::Arr(items) => {
            for item in items {
                pattern_calls(item, names);
            }
        }
        Pattern::Obj(entries) => {
            for (key, pattern) in entries {
                calls(key, names);
                pattern_calls(pattern, names);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(code: &str) -> Vec<&'static str> {
        reachable(code).iter().map(|def| def.name).collect()
    }

    #[test]
    fn a_filter_gets_what_it_names_and_what_that_calls() {
        assert!(names(".a").is_empty());
        let mapped = names("map(.+1)");
        assert!(mapped.contains(&"map"), "{mapped:?}");
        assert!(!mapped.contains(&"ltrimstr") && !mapped.contains(&"walk"), "{mapped:?}");
        // `to_entries` is written in terms of `keys` and the like, which come along.
        let entries = names("to_entries");
        let every = library().defs.iter().position(|d| d.name == "to_entries").map(|i| &library().calls[i]);
        for called in every.into_iter().flatten() {
            if library().defs.iter().any(|d| d.name == *called) {
                assert!(entries.contains(called), "{called} missing from {entries:?}");
            }
        }
    }

    #[test]
    fn a_module_gets_everything() {
        assert_eq!(names(r#"include "m"; .a"#).len(), library().defs.len());
    }

    #[test]
    fn format_names_are_words() {
        assert!(words("@base64d \"\\(.a)\" | ascii_downcase").contains("@base64d"));
        assert!(words("$__loc__ | .x_1").contains("x_1"));
    }
}
