//! `:`, `true` and `false`.

use crate::Ctx;
use crate::session::Status;
use crate::spec::{Order, Spec};

/// `:`, `true`, `false`: their words are nothing to them (`true --help` succeeds quietly).
const fn literal(name: &'static str, summary: &'static str) -> Spec {
    Spec { name, summary, order: Order::Literal, ..Spec::BASH }
}

/// `:`
pub const COLON: Spec = literal(":", "null command: expand the arguments and succeed");
/// `true`
pub const TRUE: Spec = literal("true", "return a successful result");
/// `false`
pub const FALSE: Spec = literal("false", "return an unsuccessful result");

/// `:` — does nothing.
pub async fn colon(_ctx: Ctx<'_>) -> Status {
    0
}

/// `true`
pub async fn true_(_ctx: Ctx<'_>) -> Status {
    0
}

/// `false`
pub async fn false_(_ctx: Ctx<'_>) -> Status {
    1
}
