//! toolsh-gate: tools and the one gate every call passes, and nothing of the shell.
//!
//! What a tool is ([`ToolSpec`], [`Tool`], the [`ToolCx`] its body runs with), the
//! [`Registry`] of every tool by name, the policy ([`policy`]) and the [`Gate`] that applies it
//! and keeps the audit log ([`audit`]), what a call reaches in the workspace ([`reach`],
//! [`workspace::Fs`], the gated file system every workspace tool and command goes through),
//! the address guard and `net.fetch` ([`guard`], [`net`]), patches ([`patch`]), a line's pace
//! (deadline and cancellation, [`pace`]), its limits ([`limits`]) and the exit statuses of
//! the result contract ([`status`]).
//!
//! Below it: the workspace ([`vfs`]). Above it: the store (`toolsh-store`), the session and
//! the command API (`toolsh-core`), the built-in tools' bodies (`toolsh-tools`). It names
//! none of them: a tool body reaches the store through [`ToolCx::store`], a [`StoreHandle`]
//! the shell lends, and a tool that runs as a command streams through [`Streams`].

pub use toolsh_vfs as vfs;

pub mod audit;
pub mod calls;
pub mod facts;
pub mod flags;
pub mod gate;
pub mod guard;
pub mod limits;
#[cfg(feature = "net")]
pub mod net;
pub mod pace;
pub mod patch;
pub mod policy;
pub mod reach;
pub mod registry;
pub mod status;
pub mod suggest;
pub mod tool;
pub mod workspace;

pub use gate::{Answer, Approval, Approver, Denied, Elicited, Gate, Ticket};
pub use limits::Limits;
pub use registry::{Registry, ToolSource};
pub use tool::{
    Concurrency, Meter, Replay, SUMMARY_CHARS, SideEffect, Sink, Source, StoreHandle, Streams, Tool, ToolCx, ToolError,
    ToolOutput, ToolSpec, derive_schema, typed,
};
