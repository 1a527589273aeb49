//! The facts of the workspace's own tools (`fs.*`), said once: the gate judges every path a
//! command or a tool reaches as these tools, the pre-flight reads a redirection as one, and
//! toolsh-tools builds the tools' specs from them ([`crate::ToolSpec::from_facts`]) with the
//! grant ([`SelfGated`]) that their bodies judge what they reach themselves.

use crate::SideEffect;
use crate::policy::ToolFacts;

const fn tool(name: &'static str, side_effect: SideEffect) -> ToolFacts<'static> {
    let writes = !matches!(side_effect, SideEffect::ReadOnly);
    ToolFacts { name, side_effect, restricted: false, writes, open_world: false, words: false }
}

/// `fs.read`.
pub const READ: ToolFacts<'static> = tool("fs.read", SideEffect::ReadOnly);
/// `fs.write`.
pub const WRITE: ToolFacts<'static> = tool("fs.write", SideEffect::SideEffecting);
/// `fs.list`.
pub const LIST: ToolFacts<'static> = tool("fs.list", SideEffect::ReadOnly);
/// `fs.mkdir`.
pub const MKDIR: ToolFacts<'static> = tool("fs.mkdir", SideEffect::SideEffecting);
/// `fs.copy`.
pub const COPY: ToolFacts<'static> = tool("fs.copy", SideEffect::SideEffecting);
/// `fs.move`.
pub const MOVE: ToolFacts<'static> = tool("fs.move", SideEffect::SideEffecting);
/// `fs.delete`.
pub const DELETE: ToolFacts<'static> = tool("fs.delete", SideEffect::SideEffecting);
/// `fs.patch`: no path is its subject (they are inside the patch, each judged by `Fs` as the
/// write, delete or move it is).
pub const PATCH: ToolFacts<'static> = ToolFacts { writes: false, ..tool("fs.patch", SideEffect::SideEffecting) };

/// A workspace tool's facts with the grant that its body judges every path it reaches through
/// [`crate::workspace::Fs`], so the registry neither admits nor records its calls (the `Fs`
/// does, path by path). Only this module makes one ([`self_gated`]'s constants): an embedder's
/// tool cannot be built to skip the gate.
///
/// Neither a grant of one's own nor the mark without one compiles outside this crate:
///
/// ```compile_fail
/// let mine = toolsh_gate::facts::SelfGated(toolsh_gate::facts::READ);
/// ```
///
/// ```compile_fail
/// let spec = toolsh_gate::ToolSpec::with_schema("my.read", "", serde_json::json!({})).gates_itself();
/// ```
#[derive(Debug, Clone, Copy)]
pub struct SelfGated(ToolFacts<'static>);

impl SelfGated {
    /// The tool's facts.
    pub const fn facts(&self) -> ToolFacts<'static> {
        self.0
    }
}

/// The grants of the `fs.*` tools, each on the facts the gate judges paths by.
pub mod self_gated {
    use super::SelfGated;

    /// `fs.read`.
    pub const READ: SelfGated = SelfGated(super::READ);
    /// `fs.write`.
    pub const WRITE: SelfGated = SelfGated(super::WRITE);
    /// `fs.list`.
    pub const LIST: SelfGated = SelfGated(super::LIST);
    /// `fs.mkdir`.
    pub const MKDIR: SelfGated = SelfGated(super::MKDIR);
    /// `fs.copy`.
    pub const COPY: SelfGated = SelfGated(super::COPY);
    /// `fs.move`.
    pub const MOVE: SelfGated = SelfGated(super::MOVE);
    /// `fs.delete`.
    pub const DELETE: SelfGated = SelfGated(super::DELETE);
    /// `fs.patch`.
    pub const PATCH: SelfGated = SelfGated(super::PATCH);
}
