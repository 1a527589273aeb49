//! Bash's own builtins that are commands here (`test`, `cd`, `read`, `set`, …), the specs of those the interpreter runs itself, and the commands that run commands (`xargs`, `env`, `timeout`, `nohup`).

pub mod cond;
pub mod flow;
pub mod nav;
pub mod nohup;
pub mod special;
pub mod timeout;
pub mod vars;
pub mod xargs;
