//! `:`, `true`, `false` and `logout`.

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

/// `logout`
pub const LOGOUT: Spec = Spec {
    name: "logout",
    summary: "exit a login shell",
    synopsis: &["[n]"],
    about: "Exit a login shell with status N. A toolsh session is never a login shell, so this refuses, in bash's words: use `exit`.",
    order: Order::Own,
    ..Spec::BASH
};

/// `:` — does nothing.
pub async fn colon(_ctx: Ctx<'_>) -> Status {
    0
}

/// `true`
pub async fn true_(_ctx: Ctx<'_>) -> Status {
    0
}

/// `logout`: what bash's says in a shell that is not a login shell (toolsh never is one).
pub async fn logout(ctx: Ctx<'_>, _args: crate::spec::Args) -> Status {
    ctx.fail("not login shell: use `exit'").await
}

/// `false`
pub async fn false_(_ctx: Ctx<'_>) -> Status {
    1
}
