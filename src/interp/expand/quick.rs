//! Words expanded without awaiting: the common shapes (`"$x"`, `"line $x"`, `x=$i`, `${x%.txt}`)
//! whose expansion reads variables and nothing else, so it can neither fail, nor run anything,
//! nor split or glob.
//!
//! The general expansion ([`super`]) is a tree of futures, boxed where it recurses,
//! building fields through a [`Builder`](super) that tracks quoting for splitting and
//! globbing; for these words that machinery costs several times the work of the expansion
//! itself (a script line of `[ -n "$x" ]` spent most of its time in it). [`quick`] answers
//! only when its text is exactly what the general path would make, and `None` otherwise (the
//! caller then takes the general path): unset variables under `set -u`, references, special
//! and dynamic parameters, operators other than a literal trim, unquoted text that would be
//! split or globbed, and results past the value-bytes limit all fall through. A test in
//! `interp/tests.rs` holds the two paths to the same answers.

use super::super::State;
use super::super::vars::Attrs;
use super::{Mode, ifs_str};
use crate::ast::{ParamExpr, ParamOp, WordPart};
use std::borrow::Cow;

/// What a word quickly expanded to.
pub(crate) struct Quick {
    /// The text.
    pub(crate) text: String,
    /// False when the word made no field at all (an unquoted empty value and nothing else):
    /// `Mode::Fields` then adds no argument.
    pub(crate) field: bool,
}

/// `parts` expanded in `mode` when that needs no await (see the module doc), within the
/// value-bytes limit.
pub(crate) fn quick(state: &State, parts: &[WordPart], mode: Mode) -> Option<Quick> {
    if mode == Mode::Pattern {
        return None;
    }
    if super::may_have_tilde(parts) {
        return None;
    }
    let mut out = Quick { text: String::new(), field: false };
    let limit = state.limits().output_bytes;
    // Each piece is measured before it is added: a word past the limit goes to the general
    // path, which refuses it naming the limit, before this one has grown a string past it
    // (`y=$x$x$x$x` over a 200 MB value built 800 MB here first).
    let push = |out: &mut Quick, text: &str| {
        (out.text.len().saturating_add(text.len()) <= limit).then(|| out.text.push_str(text))
    };
    for part in parts {
        match part {
            WordPart::Literal(text) => {
                if mode == Mode::Fields && text.bytes().any(|b| matches!(b, b'{') || globs(b)) {
                    return None;
                }
                push(&mut out, text)?;
                out.field = true;
            }
            WordPart::Quoted(text) => {
                push(&mut out, text)?;
                out.field = true;
            }
            WordPart::DoubleQuoted(inner) => {
                for part in inner {
                    match part {
                        WordPart::Literal(text) | WordPart::Quoted(text) => push(&mut out, text)?,
                        WordPart::Param(param) => push(&mut out, &param_value(state, param)?)?,
                        _ => return None,
                    }
                }
                out.field = true;
            }
            WordPart::Param(param) => {
                let value = param_value(state, param)?;
                if mode == Mode::Fields && !value.is_empty() {
                    // Unquoted: it would be split on IFS or globbed.
                    let ifs = ifs_str(state);
                    if value.bytes().any(globs) || value.chars().any(|c| ifs.contains(c)) {
                        return None;
                    }
                }
                out.field |= !value.is_empty();
                push(&mut out, &value)?;
            }
            _ => return None,
        }
    }
    Some(out)
}

/// Bytes that make an unquoted piece of a field a glob candidate (as the general builder
/// marks it).
fn globs(b: u8) -> bool {
    matches!(b, b'*' | b'?' | b'[' | b'(')
}

/// The value of `$name`, `${name}` or `${name#literal}` (and the other trims with a literal
/// pattern), unset reading as empty; `None` for anything the general path must handle.
fn param_value<'s>(state: &'s State, param: &ParamExpr) -> Option<Cow<'s, str>> {
    if param.indirect || param.index.is_some() {
        return None;
    }
    let name = param.name.as_str();
    let value: Option<Cow<'s, str>> = match name {
        "?" => Some(Cow::Owned(state.last_status.to_string())),
        "#" => Some(Cow::Owned(state.positional.len().to_string())),
        "0" => Some(Cow::Borrowed(&state.arg0)),
        // As the general lookup reads them: `${00}` is no positional parameter.
        _ if name.bytes().all(|b| b.is_ascii_digit()) => {
            let n: usize = name.parse().unwrap_or(usize::MAX);
            state.positional.get(n.wrapping_sub(1)).map(|v| Cow::Borrowed(v.as_str()))
        }
        _ if !super::super::vars::is_name(name) || dynamic(name) => return None,
        _ => match state.vars.get_raw(name) {
            Some(var) if var.attrs.has(Attrs::NAMEREF) => return None,
            Some(var) => var.scalar().map(Cow::Borrowed),
            None => None,
        },
    };
    if value.is_none() && state.options.nounset {
        return None;
    }
    let value = value.unwrap_or_default();
    match &param.op {
        ParamOp::None => Some(value),
        ParamOp::Trim { suffix, pattern, .. } => {
            // A pattern of plain characters matches only itself, shortest or longest.
            let literal = literal_pattern(&pattern.parts)?;
            Some(match value {
                Cow::Borrowed(text) => Cow::Borrowed(trim_literal(text, literal, *suffix)),
                Cow::Owned(text) => Cow::Owned(trim_literal(&text, literal, *suffix).to_string()),
            })
        }
        _ => None,
    }
}

/// `text` without `literal` at its end (`suffix`) or start, if it is there.
fn trim_literal<'t>(text: &'t str, literal: &str, suffix: bool) -> &'t str {
    let rest = if suffix { text.strip_suffix(literal) } else { text.strip_prefix(literal) };
    rest.unwrap_or(text)
}

/// The text of a pattern word that holds no pattern characters, tilde or expansion.
fn literal_pattern(parts: &[WordPart]) -> Option<&str> {
    let plain = |text: &str| {
        !text.starts_with('~')
            && !text
                .bytes()
                .any(|b| matches!(b, b'*' | b'?' | b'[' | b']' | b'\\' | b'(' | b')' | b'|' | b'!' | b'@' | b'+'))
    };
    match parts {
        [] => Some(""),
        [WordPart::Literal(text)] if plain(text) => Some(text.as_str()),
        _ => None,
    }
}

/// Parameters whose value the general lookup computes rather than stores.
fn dynamic(name: &str) -> bool {
    matches!(
        name,
        "_" | "RANDOM"
            | "SECONDS"
            | "EPOCHSECONDS"
            | "EPOCHREALTIME"
            | "BASHPID"
            | "BASH_ARGV0"
            | "BASH_SUBSHELL"
            | "LINENO"
            | "HISTCMD"
            | "FUNCNAME"
            | "BASH_SOURCE"
            | "BASH_LINENO"
            | "DIRSTACK"
            | "BASH_ALIASES"
            | "BASH_CMDS"
            | "BASH_COMMAND"
    )
}
