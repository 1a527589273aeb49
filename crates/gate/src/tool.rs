//! A tool: typed capabilities defined once (name, description, JSON Schema derived from the Rust
//! argument type, metadata), collected in a [`Registry`](crate::Registry), reached as shell commands
//! (`fs.read --path a.txt`) and through the library, always past the one [`Gate`].
//!
//! A tool body receives an owned [`ToolCx`] and its arguments already checked against the
//! schema; it never sees the policy, which the registry applies before the body runs.

use crate::gate::{Denied, Gate};
use crate::vfs::Vfs;
use crate::workspace;
use futures::future::BoxFuture;
use serde::de::DeserializeOwned;
use serde_json::Value;
use std::fmt;
use std::future::Future;
use std::sync::Arc;

/// What a call may change in the world; the policy's defaults follow it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum SideEffect {
    /// Only reads.
    ReadOnly,
    /// Changes only what a person then looks at (a prompt, a notification).
    UserMediated,
    /// Hands work to something else that acts on its own (another agent, a server).
    Delegating,
    /// Changes state (files, messages, databases). The default.
    SideEffecting,
}

impl SideEffect {
    /// The snake_case name.
    pub fn as_str(self) -> &'static str {
        match self {
            SideEffect::ReadOnly => "read_only",
            SideEffect::UserMediated => "user_mediated",
            SideEffect::Delegating => "delegating",
            SideEffect::SideEffecting => "side_effecting",
        }
    }
}

/// Whether a call may be repeated after a failure.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Replay {
    /// Repeating it changes nothing more.
    Safe,
    /// Never repeat it automatically. The default.
    Never,
}

/// Whether calls may run side by side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Concurrency {
    /// One at a time. The default.
    Exclusive,
    /// Any number at once.
    ParallelSafe,
}

/// The longest summary a listing shows (see [`ToolSpec::summary`]).
pub const SUMMARY_CHARS: usize = 100;

/// Everything known about a tool except its body.
#[derive(Debug, Clone)]
pub struct ToolSpec {
    /// Qualified name, `namespace.tool`.
    pub name: String,
    /// One or more sentences; the first line is the summary.
    pub description: String,
    /// JSON Schema of the arguments (an object), made on first use: a shell that never looks
    /// at a schema (most command lines) never pays for deriving twenty of them.
    schema: Schema,
    /// Side-effect class.
    pub side_effect: SideEffect,
    /// Replay declaration.
    pub replay: Replay,
    /// Concurrency declaration.
    pub concurrency: Concurrency,
    /// Listed by `help` (hidden tools still run).
    pub visible: bool,
    /// Runs only when a policy rule allows it explicitly.
    pub restricted: bool,
    /// Reaches a world outside the workspace and the store: judged as the network is.
    pub open_world: bool,
    /// The property whose value policy argument patterns match (a path, a URL, a recipient).
    pub subject: Option<&'static str>,
    /// Whether the subject is a workspace path (resolved against the working directory).
    pub subject_is_path: bool,
    /// The tool takes its command line as it is — every word after its name is an item of
    /// the array property `args`, and that list, joined by blanks, is its subject (a host
    /// program). Rules over such a subject match words: `*` crosses `/`, and a deny or ask
    /// rule matches from any word on (`host.git:push*` holds `git -c k=v push`).
    pub takes_words: bool,
    /// The text property piped standard input fills.
    pub stdin: Option<&'static str>,
    /// Other names a model may guess for this tool; absorbed, never listed.
    pub aliases: Vec<String>,
    /// Other names for properties (`file` → `path`); absorbed, never listed.
    pub param_aliases: Vec<(String, String)>,
    /// The body passes the gate itself for every path it reaches (the workspace tools, through
    /// [`workspace::Fs`]), so the registry neither admits nor records the call. Set only by
    /// [`ToolSpec::gates_itself`]; read only by the registry.
    pub(crate) gates_itself: bool,
}

/// A schema derived on first use, or given.
#[derive(Debug, Clone)]
struct Schema {
    value: std::sync::OnceLock<Value>,
    derive: fn() -> Value,
}

/// The JSON Schema of `A`, without the `$schema` and `title` noise (also the harness shapes'
/// argument types' schemas).
pub fn derive_schema<A: schemars::JsonSchema>() -> Value {
    let mut schema = schemars::SchemaGenerator::default().into_root_schema_for::<A>().to_value();
    if let Some(object) = schema.as_object_mut() {
        object.remove("$schema");
        object.remove("title");
    }
    schema
}

impl ToolSpec {
    /// A spec with the defaults (side-effecting, never replayed, exclusive, visible) and the
    /// schema of `A`.
    pub fn new<A: schemars::JsonSchema>(name: &str, description: &str) -> Self {
        Self::with_schema_fn(name, description, derive_schema::<A>)
    }

    /// The spec of the tool `A` calls ([`crate::calls::Call::TOOL`]), its schema `A`'s.
    pub fn of<A: crate::calls::Call + schemars::JsonSchema>(description: &str) -> Self {
        Self::new::<A>(A::TOOL, description)
    }

    /// The spec of a workspace tool (`fs.*`) from its facts and the gate crate's grant that
    /// its body judges every path it reaches through [`crate::workspace::Fs`]: the registry
    /// neither admits nor records its calls, the `Fs` does.
    pub fn from_facts<A: schemars::JsonSchema>(grant: crate::facts::SelfGated, description: &str) -> Self {
        let facts = grant.facts();
        let mut spec = Self::new::<A>(facts.name, description);
        spec.side_effect = facts.side_effect;
        spec.restricted = facts.restricted;
        spec.open_world = facts.open_world;
        spec.gates_itself = true;
        spec
    }

    /// A spec whose schema is given as JSON (a tool of another server, say).
    pub fn with_schema(name: &str, description: &str, schema: Value) -> Self {
        let spec = Self::with_schema_fn(name, description, || Value::Null);
        let _ = spec.schema.value.set(schema);
        spec
    }

    fn with_schema_fn(name: &str, description: &str, derive: fn() -> Value) -> Self {
        ToolSpec {
            name: name.to_string(),
            description: description.to_string(),
            schema: Schema { value: std::sync::OnceLock::new(), derive },
            side_effect: SideEffect::SideEffecting,
            replay: Replay::Never,
            concurrency: Concurrency::Exclusive,
            visible: true,
            restricted: false,
            open_world: false,
            subject: None,
            subject_is_path: false,
            takes_words: false,
            gates_itself: false,
            stdin: None,
            aliases: Vec::new(),
            param_aliases: Vec::new(),
        }
    }

    /// Sets the side effect.
    pub fn side_effect(mut self, side_effect: SideEffect) -> Self {
        self.side_effect = side_effect;
        self
    }

    /// Declares read-only, replay-safe and parallel-safe (what pure reads are).
    pub fn read_only(mut self) -> Self {
        self.side_effect = SideEffect::ReadOnly;
        self.replay = Replay::Safe;
        self.concurrency = Concurrency::ParallelSafe;
        self
    }

    /// Names the property policy patterns match, a workspace path when `is_path`.
    pub fn subject(mut self, property: &'static str, is_path: bool) -> Self {
        self.subject = Some(property);
        self.subject_is_path = is_path;
        self
    }

    /// Declares that the tool takes its command line as it is, into the array property
    /// `args`, which is its subject (see [`ToolSpec::takes_words`]).
    pub fn takes_words(mut self) -> Self {
        self.takes_words = true;
        self.subject = Some("args");
        self.subject_is_path = false;
        self
    }

    /// Marks one of this crate's tools whose body passes the gate itself (`net.fetch`, per
    /// hop): the registry then neither admits nor records its calls. Not for other crates:
    /// the workspace tools get it with their grant ([`ToolSpec::from_facts`]).
    #[cfg(feature = "net")]
    pub(crate) fn gates_itself(mut self) -> Self {
        self.gates_itself = true;
        self
    }

    /// Names the property piped standard input fills.
    pub fn stdin(mut self, property: &'static str) -> Self {
        self.stdin = Some(property);
        self
    }

    /// Adds tool aliases.
    pub fn aliases(mut self, names: &[&str]) -> Self {
        self.aliases.extend(names.iter().map(|n| n.to_string()));
        self
    }

    /// Adds property aliases (`alias`, `property`).
    pub fn param_aliases(mut self, pairs: &[(&str, &str)]) -> Self {
        self.param_aliases.extend(pairs.iter().map(|(a, p)| (a.to_string(), p.to_string())));
        self
    }

    /// Hides the tool from listings.
    pub fn hidden(mut self) -> Self {
        self.visible = false;
        self
    }

    /// Marks the tool restricted.
    pub fn restricted(mut self) -> Self {
        self.restricted = true;
        self
    }

    /// Marks the tool as reaching a world outside the workspace and the store.
    pub fn open_world(mut self) -> Self {
        self.open_world = true;
        self
    }

    /// The JSON Schema of the arguments.
    pub fn schema(&self) -> &Value {
        self.schema.value.get_or_init(self.schema.derive)
    }

    /// The description's first sentence (of its first line), at most [`SUMMARY_CHARS`]
    /// characters: what listings show of a tool, however long a server's description is.
    pub fn summary(&self) -> std::borrow::Cow<'_, str> {
        let line = self.description.lines().next().unwrap_or("");
        let sentence = line.find(". ").map_or(line, |end| &line[..=end]);
        match sentence.char_indices().nth(SUMMARY_CHARS) {
            Some((cut, _)) => format!("{}…", sentence[..cut].trim_end()).into(),
            None => sentence.into(),
        }
    }

    /// The namespace (`fs` of `fs.read`).
    pub fn namespace(&self) -> &str {
        self.name.split_once('.').map_or(self.name.as_str(), |(ns, _)| ns)
    }

    /// The facts the policy decides on.
    pub fn facts(&self) -> crate::policy::ToolFacts<'_> {
        crate::policy::ToolFacts {
            name: &self.name,
            side_effect: self.side_effect,
            restricted: self.restricted,
            // Only paths can name the control plane; a recipient called `.env` is just a name.
            writes: self.side_effect != SideEffect::ReadOnly && self.subject_is_path,
            open_world: self.open_world,
            words: self.takes_words,
        }
    }
}

/// What a tool body works with: owned, so bodies are `'static` futures.
#[derive(Clone)]
pub struct ToolCx {
    /// The workspace (the registry already applied the policy to this call).
    pub vfs: Arc<Vfs>,
    /// The caller's working directory, for relative paths.
    pub cwd: String,
    /// The calling agent's name.
    pub agent: String,
    /// The session id.
    pub session: String,
    /// The command that made the call (for messages and the audit log).
    pub command: String,
    /// The gate, for bodies that touch a second subject (the destination of a move).
    pub gate: Arc<Gate>,
    /// The store (messages, metadata), when the shell has one.
    pub store: Option<Arc<dyn StoreHandle>>,
    /// Where a long-running body reports how far it got (bytes done of a total); the
    /// command that called it may draw it on a terminal.
    pub meter: Arc<Meter>,
    /// The calling line's deadline and cancellation.
    pub pace: Arc<crate::pace::Pace>,
    /// The shell's limits (those a body enforces itself: timers per agent).
    pub limits: crate::limits::Limits,
    /// The session's exported variables, for a tool run as a command that takes words (a
    /// host program picks the ones it was declared with); empty otherwise.
    pub env: Vec<(String, String)>,
}

/// How far a tool body got: `done` of `total` units (bytes, steps), `total` 0 when unknown.
#[derive(Debug, Default)]
pub struct Meter {
    done: std::sync::atomic::AtomicU64,
    total: std::sync::atomic::AtomicU64,
}

impl Meter {
    /// Records progress.
    pub fn set(&self, done: u64, total: Option<u64>) {
        use std::sync::atomic::Ordering::Relaxed;
        self.done.store(done, Relaxed);
        self.total.store(total.unwrap_or(0), Relaxed);
    }

    /// `(done, total)`, the total when known.
    pub fn get(&self) -> (u64, Option<u64>) {
        use std::sync::atomic::Ordering::Relaxed;
        let total = self.total.load(Relaxed);
        (self.done.load(Relaxed), (total > 0).then_some(total))
    }
}

impl ToolCx {
    /// Passes the gate for a further subject of this call; a refusal ends the call with 126.
    pub fn admit_also(&self, tool: crate::policy::ToolFacts<'_>, subject: &str) -> Result<(), ToolError> {
        match self.gate.admit(&self.command, tool, Some(subject)) {
            Ok(ticket) => {
                self.gate.record(ticket, 0);
                Ok(())
            }
            Err(denied) => Err(ToolError { status: crate::status::DENIED, message: denied.to_string() }),
        }
    }

    /// Whether the calling line's deadline passed or it was cancelled: a long body (a query,
    /// a transfer) should end now, with an error.
    pub fn stop_requested(&self) -> bool {
        self.pace.check().is_err()
    }

    /// How long the calling line may still run (`None`: no deadline) — a program started for
    /// the call gets its CPU limit from it.
    pub fn time_left(&self) -> Option<std::time::Duration> {
        self.pace.time_left()
    }

    /// Runs `body` with the workspace as the gate sees it, in the name of this call's command:
    /// each operation is judged on everything it reaches and recorded (see [`reach`](crate::reach)).
    pub fn with_fs<T>(&self, body: impl FnOnce(&workspace::Fs<'_>) -> T) -> T {
        let denied = std::sync::atomic::AtomicBool::new(false);
        body(&workspace::Fs::new(&self.vfs, &self.gate, &self.command, &denied))
    }

    /// Resolves a path argument against the working directory.
    pub fn abs(&self, path: &str) -> String {
        crate::vfs::path::operand(&self.cwd, path)
    }
}

/// A tool's result.
#[derive(Debug, Clone, PartialEq)]
pub enum ToolOutput {
    /// Text, printed as it is.
    Text(String),
    /// Raw bytes (file contents), printed as they are.
    Bytes(Vec<u8>),
    /// Structured data, printed as one line of JSON.
    Json(Value),
    /// Nothing to print.
    Empty,
}

impl ToolOutput {
    /// The bytes a command prints.
    pub fn into_bytes(self) -> Vec<u8> {
        match self {
            ToolOutput::Text(text) => text.into_bytes(),
            ToolOutput::Bytes(bytes) => bytes,
            ToolOutput::Json(value) => {
                let mut out = serde_json::to_vec(&value).unwrap_or_default();
                out.push(b'\n');
                out
            }
            ToolOutput::Empty => Vec::new(),
        }
    }

    /// The result as JSON (text becomes a string).
    pub fn into_json(self) -> Value {
        match self {
            ToolOutput::Text(text) => Value::String(text),
            ToolOutput::Bytes(bytes) => Value::String(toolsh_bytes::lossy(&bytes).into_owned()),
            ToolOutput::Json(value) => value,
            ToolOutput::Empty => Value::Null,
        }
    }
}

/// Why a call did not succeed; carries the exit status the command returns.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ToolError {
    /// Exit status: 1 failure, 2 usage/schema, 125 unavailable, 126 denied.
    pub status: i32,
    /// What went wrong and, where it helps, what to do.
    pub message: String,
}

impl ToolError {
    /// A failure of the tool's work (status 1).
    pub fn failed(message: impl Into<String>) -> Self {
        ToolError { status: 1, message: message.into() }
    }

    /// A usage or schema error (status 2): nothing ran.
    pub fn usage(message: impl Into<String>) -> Self {
        ToolError { status: 2, message: message.into() }
    }

    /// An I/O error on `what`.
    pub fn io(what: &str, err: &std::io::Error) -> Self {
        match err.get_ref().and_then(|inner| inner.downcast_ref::<Denied>()) {
            Some(denied) => ToolError { status: crate::status::DENIED, message: denied.to_string() },
            None => ToolError::failed(format!("{what}: {}", crate::vfs::describe(err))),
        }
    }
}

impl fmt::Display for ToolError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ToolError {}

/// A tool: its spec and a body taking JSON arguments that passed the schema check.
pub trait Tool: Send + Sync {
    /// The spec.
    fn spec(&self) -> &ToolSpec;
    /// Runs the body (the gate has already admitted the call).
    fn call(&self, cx: ToolCx, args: Value) -> BoxFuture<'static, Result<ToolOutput, ToolError>>;

    /// Runs a tool that [takes words](ToolSpec::takes_words) as a command: `words` (its
    /// arguments) with the command's own streams, standing in for it until it ends, its exit
    /// status the command's (the gate has already admitted the call). `None`: the tool has
    /// no such body, and its words go through [`Tool::call`] like any tool's.
    fn stream(&self, cx: ToolCx, words: Vec<String>, streams: Streams) -> Option<BoxFuture<'static, i32>> {
        let _ = (cx, words, streams);
        None
    }
}

/// The store as this crate sees it: the shell lends it to tool bodies ([`ToolCx::store`]) and
/// only the bodies that keep their data there (toolsh-tools', naming toolsh-store) look
/// inside, so nothing under the store compiles a database driver.
pub trait StoreHandle: Send + Sync {
    /// Where it is, as `config get store` shows it (a file, `postgres://host/db`).
    fn target(&self) -> String;
    /// Itself, for a body that knows its type to downcast.
    fn as_any(&self) -> &dyn std::any::Any;
    /// Itself, shared, for the shell that knows its type to downcast.
    fn into_any(self: Arc<Self>) -> Arc<dyn std::any::Any + Send + Sync>;
}

/// Where a tool that runs as a command reads its standard input: chunks as they come.
pub trait Source: Send + Sync {
    /// The next chunk; `None` at the end.
    fn read_chunk(&self) -> BoxFuture<'_, Option<Vec<u8>>>;
}

/// Where a tool that runs as a command writes its standard output or error.
pub trait Sink: Send + Sync {
    /// Writes all of `bytes`; an error when the reader has gone.
    fn write_all<'a>(&'a self, bytes: &'a [u8]) -> BoxFuture<'a, std::io::Result<()>>;
}

/// The standard streams of a tool that runs as a command ([`Tool::stream`]): what it may
/// do with the command's descriptors, and nothing else of them.
#[derive(Clone)]
pub struct Streams {
    /// Standard input; `None` when there is none (`/dev/null`, no pipe).
    pub stdin: Option<Arc<dyn Source>>,
    /// Standard output.
    pub stdout: Arc<dyn Sink>,
    /// Standard error.
    pub stderr: Arc<dyn Sink>,
}

/// A tool whose body takes a typed argument `A` (the schema in its spec is `A`'s).
struct TypedTool<A, F> {
    spec: ToolSpec,
    body: F,
    _args: std::marker::PhantomData<fn(A)>,
}

impl<A, F, Fut> Tool for TypedTool<A, F>
where
    A: DeserializeOwned + Send + 'static,
    F: Fn(ToolCx, A) -> Fut + Send + Sync + 'static,
    Fut: Future<Output = Result<ToolOutput, ToolError>> + Send + 'static,
{
    fn spec(&self) -> &ToolSpec {
        &self.spec
    }

    fn call(&self, cx: ToolCx, args: Value) -> BoxFuture<'static, Result<ToolOutput, ToolError>> {
        match serde_json::from_value::<A>(args) {
            Ok(args) => Box::pin((self.body)(cx, args)),
            Err(err) => {
                let message = format!("{}: invalid arguments: {err}", self.spec.name);
                Box::pin(async move { Err(ToolError::usage(message)) })
            }
        }
    }
}

/// Makes a tool from a spec (built with [`ToolSpec::new::<A>`]) and an async body over `A`.
pub fn typed<A, F, Fut>(spec: ToolSpec, body: F) -> Arc<dyn Tool>
where
    A: DeserializeOwned + Send + 'static,
    F: Fn(ToolCx, A) -> Fut + Send + Sync + 'static,
    Fut: Future<Output = Result<ToolOutput, ToolError>> + Send + 'static,
{
    Arc::new(TypedTool { spec, body, _args: std::marker::PhantomData })
}
