//! Bash's own builtins that are commands here (`test`, `cd`, `read`, `set`, …), the specs of those the interpreter runs itself, the commands that run commands (`xargs`, `env`, `timeout`, `nohup`), and what the machine says about itself (`uname`, `id`, …).

pub mod alias;
pub mod cond;
pub mod expr;
pub mod flow;
pub mod getopt;
pub mod listing;
pub mod machine;
pub mod nav;
pub mod nice;
pub mod nohup;
pub mod runners;
pub mod special;
pub mod timeout;
pub mod ulimit;
pub mod vars;
pub mod xargs;
