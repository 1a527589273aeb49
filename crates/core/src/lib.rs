//! toolsh-core: what the interpreter and the commands share, and nothing of either.
//!
//! The session ([`session::State`], [`session::Shared`]), the descriptor table ([`io`]),
//! variables ([`vars`]), patterns and globs, arithmetic, the `test` predicates, the result
//! contract, saved sessions' format ([`snapshot`]), timer times ([`timers`]), and the command
//! API ([`command`]: the `Ctx` a command runs with and the `Spec` that describes it).
//!
//! The crate graph is the architecture: `toolsh-syntax`, `toolsh-vfs` and the tools with their
//! gate (`toolsh-gate`) below this crate; the commands (`toolsh-builtins`) on it; the store
//! (`toolsh-store`) and the built-in tools' bodies (`toolsh-tools`) beside it, never under a
//! command; the interpreter (the `toolsh` crate) above all.
//! A command gets a [`command::Ctx`], which holds the session privately: it cannot name the
//! workspace behind the gate.

pub use toolsh_syntax::{ast, parser, print_bash};
pub use toolsh_vfs as vfs;

pub mod arith;
pub mod assoc;
pub mod command;
pub mod compspec;
pub mod contract;
pub mod glob;
pub mod histexpand;
pub mod history;
pub mod io;
pub mod options;
pub mod pattern;
pub mod predicates;
pub mod session;
pub mod signals;
pub mod snapshot;
pub mod timers;
pub mod vars;
