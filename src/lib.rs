//! toolsh: a bash-like shell interpreted in-process over a sandboxed workspace.
//!
//! ```text
//! text ─▶ parser ─▶ ast::Script ─▶ interp::Shell (tokio) ─▶ expansion ─▶ command lookup
//!                                                  │   (function ▸ command table ▸ tool ▸ script)
//!                                                  ▼
//!                          tools::Gate ─▶ vfs::Vfs (mounts: memory, dir, overlay, object)
//! ```
//!
//! Start with [`Shell`]: build one over a [`Vfs`], then [`Shell::exec`] command lines.
//!
//! ```
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! let runtime = tokio::runtime::Builder::new_current_thread().enable_time().build()?;
//! let mut shell = toolsh::Shell::builder().build(); // in-memory workspace
//! let out = runtime.block_on(shell.exec("x=41; echo $((x + 1))"));
//! assert_eq!((out.stdout_text().as_str(), out.status), ("42\n", 0));
//! // State persists between calls of one shell.
//! let out = runtime.block_on(shell.exec("echo $x"));
//! assert_eq!(out.stdout_text(), "41\n");
//! # Ok(())
//! # }
//! ```

pub use toolsh_syntax::ast;
mod error;
pub mod interp;
pub use toolsh_syntax::parser;
pub use toolsh_vfs as vfs;

/// Every command (the `toolsh-builtins` crate).
pub use toolsh_builtins as builtins;
pub use toolsh_core::{command, contract, signals, timers};
pub use toolsh_gate::{audit, policy, status};
pub use toolsh_store as store;
/// Tools and their gate (toolsh-gate), with the built-in tools' registry (toolsh-tools).
pub mod tools {
    pub use toolsh_gate::*;
    pub use toolsh_tools::{all as builtins, registry as builtin_registry};
}

pub use error::{Error, Result};
pub use interp::{ExecOptions, ExecOutcome, Limits, OnDeadline, Progress, Shell, ShellBuilder, Status};
pub use parser::{ParseError, check, parse};
pub use toolsh_core::session::{NAMED_LIMITS, NamedLimit};
pub use vfs::Vfs;
#[cfg(feature = "cli")]
pub mod cli;
#[cfg(feature = "cli")]
pub mod config;
#[cfg(feature = "console")]
pub mod console;
#[doc(hidden)]
pub mod fuzz;
#[cfg(feature = "host")]
pub mod host;
#[cfg(feature = "mcp")]
pub mod mcp;
#[cfg(feature = "mcp")]
pub mod mount;
#[cfg(feature = "cli")]
pub mod mounts;
pub mod preflight;
#[cfg(feature = "cli")]
pub mod serve;
