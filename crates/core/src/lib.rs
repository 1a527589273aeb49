//! toolsh-core: what the interpreter and the commands share, and nothing of either.
//!
//! The session ([`session::State`], [`session::Shared`]), the descriptor table ([`io`]),
//! variables ([`vars`]), patterns and globs, arithmetic, the `test` predicates, the tools with
//! their policy gate ([`tools`], [`policy`]), the store, the audit log, the result contract, and
//! the command API ([`command`]: the `Ctx` a command runs with and the `Spec` that describes it).
//!
//! The crate graph is the architecture: `toolsh-syntax` and `toolsh-vfs` below this crate,
//! the commands (`toolsh-builtins`) on it, and the interpreter (the `toolsh` crate) above both.
//! A command gets a [`command::Ctx`], which holds the session privately: it cannot name the
//! workspace behind the gate.

pub use toolsh_syntax::{ast, parser};
pub use toolsh_vfs as vfs;

pub mod arith;
pub mod audit;
pub mod command;
pub mod contract;
pub mod glob;
pub mod io;
pub mod joblog;
pub mod pace;
pub mod patch;
pub mod pattern;
pub mod policy;
pub mod predicates;
pub mod session;
pub mod signals;
pub mod snapshot;
pub mod status;
pub mod store;
pub mod suggest;
pub mod timers;
pub mod tools;
pub mod vars;
