//! The facts of the workspace's own tools (`fs.*`), said once: the gate judges every path a
//! command or a tool reaches as these tools, the pre-flight reads a redirection as one, and
//! toolsh-tools builds the tools' specs from them ([`crate::ToolSpec::from_facts`]).

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
