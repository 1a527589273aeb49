//! toolsh: a bash-like shell interpreted in-process over a sandboxed workspace.
//!
//! ```text
//! text ─▶ parser ─▶ ast::Script ─▶ interp::Shell (tokio) ─▶ expansion ─▶ command lookup
//!                                                  │            (function ▸ builtin ▸ command)
//!                                                  ▼
//!                                      vfs::Vfs (mounts: memory, dir, overlay)
//! ```
//!
//! Start with [`Shell`]: build one over a [`Vfs`], then [`Shell::exec`] command lines.

pub mod ast;
pub mod interp;
pub mod parser;
pub mod vfs;

#[path = "../builtins/mod.rs"]
pub mod builtins;

pub use interp::{ExecOutcome, Limits, Shell, ShellBuilder, Status};
pub use parser::{ParseError, parse};
pub use vfs::Vfs;
pub mod cli;
pub mod repl;
