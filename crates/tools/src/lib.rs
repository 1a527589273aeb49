//! toolsh-tools: the built-in tools' bodies — `fs.*` over the gated workspace, `msg.*` and
//! `meta.*` and the timers over the store, `db.*` over SQLite files, and `net.fetch` (its body
//! lives beside its address guard in toolsh-gate) — and the registry that starts with them.
//!
//! The shell's builder registers them ([`registry`]); nothing below the shell names this
//! crate, so a command never compiles a database driver it does not use.

pub mod agents;
pub mod db;
pub mod fs;
pub mod timers;

#[cfg(test)]
mod registry_tests;

use std::sync::Arc;
use toolsh_gate::{Registry, Tool};

/// Every built-in tool, in the order listings show them.
pub fn all() -> Vec<Arc<dyn Tool>> {
    let tools = fs::tools().into_iter().chain(agents::tools()).chain(db::tools()).chain(timers::tools());
    #[cfg(feature = "net")]
    let tools = tools.chain(toolsh_gate::net::tools());
    tools.collect()
}

/// A registry whose first tools are the built-in ones, made when first asked for.
pub fn registry() -> Registry {
    Registry::with_builtins(all)
}

/// The store a tool body was lent, when the shell has one (`None`: no store).
pub(crate) fn store(cx: &toolsh_gate::ToolCx) -> Option<&toolsh_store::Store> {
    cx.store.as_deref().and_then(|handle| handle.as_any().downcast_ref())
}
