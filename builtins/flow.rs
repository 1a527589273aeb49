//! `:`, `true` and `false`.

use super::Ctx;
use crate::interp::Status;

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
