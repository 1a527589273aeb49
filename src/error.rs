//! The error of toolsh's library API: what an embedder (and the Python and TypeScript
//! bindings) can tell apart, each with the message a person reads.
//!
//! Inside the engine a failure is the message a command prints; at the API it becomes one of
//! these kinds, so a caller can act on the kind (retry a store, fix a declaration) and show the
//! message as it is.

use crate::policy::PolicyError;

/// Why a call of toolsh's library API failed. `Display` is the message, in the words the
/// console and `toolsh mcp` use for the same failure.
///
/// ```
/// use toolsh::tools::{ToolOutput, ToolSpec, typed};
///
/// #[derive(serde::Deserialize, schemars::JsonSchema)]
/// struct NoArgs {}
///
/// // A tool named as a shell command would never be reached: refused, as a Name error.
/// let ls = typed(ToolSpec::new::<NoArgs>("ls", "lists"), |_, _: NoArgs| async { Ok(ToolOutput::Text(String::new())) });
/// let err = toolsh::Shell::builder().tool(ls).err();
/// assert!(matches!(err, Some(toolsh::Error::Name(_))));
/// assert_eq!(err.map(|e| e.to_string()).as_deref(), Some("tool 'ls': the name 'ls' is a shell command"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// A name is taken or cannot be one: a tool or namespace registered twice, a tool named as
    /// a shell command, a host program's or mounted server's name that is no command name.
    #[error("{0}")]
    Name(String),
    /// A declaration that cannot be read: a `--mcp`/`--host` flag, a shape's name.
    #[error("{0}")]
    Declaration(String),
    /// A policy rule or `disable` entry that names no tool (see [`crate::ShellBuilder::try_build`]).
    #[error(transparent)]
    Policy(#[from] PolicyError),
    /// A mounted MCP server could not be started, or its tools not listed.
    #[error("{0}")]
    Server(String),
    /// A host program could not be found or set up.
    #[error("{0}")]
    Host(String),
    /// The store or a mounted bucket did not answer (the command line's status 125).
    #[error("{0}")]
    Store(String),
    /// A session could not be saved or restored: no store, the store failed, or the snapshot
    /// is damaged, too large or from a newer toolsh (nothing changed).
    #[error("{0}")]
    Session(String),
    /// A path of the workspace that is not there or not what the call needs (`set_cwd`).
    #[error("{0}")]
    Workspace(String),
}

impl Error {
    /// The kind as one word (`name`, `declaration`, `policy`, `server`, `host`, `store`,
    /// `session`, `workspace`): what the Python and TypeScript packages give their errors.
    pub fn kind(&self) -> &'static str {
        match self {
            Error::Name(_) => "name",
            Error::Declaration(_) => "declaration",
            Error::Policy(_) => "policy",
            Error::Server(_) => "server",
            Error::Host(_) => "host",
            Error::Store(_) => "store",
            Error::Session(_) => "session",
            Error::Workspace(_) => "workspace",
        }
    }
}

/// The message, for code whose failures are messages (the command line's).
impl From<Error> for String {
    fn from(err: Error) -> String {
        err.to_string()
    }
}

/// The result of toolsh's library API.
pub type Result<T, E = Error> = std::result::Result<T, E>;
