//! The little languages: `awk`, `sed`, `bc` and `jq`, and the off-thread runner the evaluators share (`deep`).

pub mod awk;
pub mod bc;
pub mod deep;
pub mod jq;
pub mod sed;
