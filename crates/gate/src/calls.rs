//! The calls commands make of the built-in tools, as types. Each argument type names its tool
//! ([`Call::TOOL`]); the command serializes it, the tool's body (toolsh-tools) deserializes it
//! and its spec's JSON Schema is derived from it, so a command and the tool it calls cannot
//! disagree on a field's name or type.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The arguments of one tool's call.
pub trait Call: Serialize {
    /// The tool's qualified name.
    const TOOL: &'static str;
}

/// How a `meta` key may change.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema, Default)]
#[serde(rename_all = "snake_case")]
pub enum Protection {
    /// Any change.
    #[default]
    None,
    /// Set once; never changed or deleted.
    Readonly,
    /// An integer that only grows.
    Increment,
}

impl Protection {
    /// The protection named `text` (`none` for anything else, as the store reads its rows).
    pub fn parse(text: &str) -> Protection {
        match text {
            "readonly" => Protection::Readonly,
            "increment" => Protection::Increment,
            _ => Protection::None,
        }
    }

    /// The snake_case name.
    pub fn as_str(self) -> &'static str {
        match self {
            Protection::None => "none",
            Protection::Readonly => "readonly",
            Protection::Increment => "increment",
        }
    }
}

fn one() -> i64 {
    1
}

/// Arguments of `msg.send`.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MsgSend {
    /// The recipient agent.
    pub to: String,
    /// The message.
    pub text: String,
}

impl Call for MsgSend {
    const TOOL: &'static str = "msg.send";
}

/// Arguments of `msg.read`.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MsgRead {
    /// Also messages read before (archived ones stay out).
    #[serde(default)]
    pub all: bool,
    /// At most this many, oldest first.
    #[serde(default)]
    pub limit: Option<u32>,
    /// With none to read, wait up to this many seconds for one (negative: until one comes).
    #[serde(default)]
    pub wait: Option<f64>,
}

impl Call for MsgRead {
    const TOOL: &'static str = "msg.read";
}

/// No arguments.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MsgList {}

impl Call for MsgList {
    const TOOL: &'static str = "msg.list";
}

/// Arguments of `msg.update`.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MsgUpdate {
    /// The messages to change.
    pub ids: Vec<i64>,
    /// Mark read (true) or unread (false).
    #[serde(default)]
    pub read: Option<bool>,
    /// Archive (true) or restore (false).
    #[serde(default)]
    pub archived: Option<bool>,
}

impl Call for MsgUpdate {
    const TOOL: &'static str = "msg.update";
}

/// No arguments.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MsgWho {}

impl Call for MsgWho {
    const TOOL: &'static str = "msg.who";
}

/// Arguments of `msg.ping`.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MsgPing {
    /// The agent to look for.
    pub agent: String,
}

impl Call for MsgPing {
    const TOOL: &'static str = "msg.ping";
}

/// Arguments of tools that take one key.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MetaGet {
    /// The key.
    pub key: String,
}

impl Call for MetaGet {
    const TOOL: &'static str = "meta.get";
}

/// Arguments of `meta.set`.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MetaSet {
    /// The key.
    pub key: String,
    /// The value.
    pub value: String,
    /// For a new key: none, readonly (set once), increment (an integer that only grows).
    #[serde(default)]
    pub protection: Option<Protection>,
}

impl Call for MetaSet {
    const TOOL: &'static str = "meta.set";
}

/// Arguments of tools that take one key.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MetaDelete {
    /// The key.
    pub key: String,
}

impl Call for MetaDelete {
    const TOOL: &'static str = "meta.delete";
}

/// Arguments of `meta.list`.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MetaList {
    /// Only keys starting with this.
    #[serde(default)]
    pub prefix: String,
}

impl Call for MetaList {
    const TOOL: &'static str = "meta.list";
}

/// Arguments of `meta.incr`.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MetaIncr {
    /// The key (a missing key starts at 0).
    pub key: String,
    /// How much to add.
    #[serde(default = "one")]
    pub by: i64,
}

impl Call for MetaIncr {
    const TOOL: &'static str = "meta.incr";
}

/// Arguments of `timer.at`.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TimerAt {
    /// When: `now + 10 minutes`, `14:30`, `9am tomorrow`, `noon`, `2026-12-24 18:00` (UTC).
    pub when: String,
    /// The script to run then.
    pub command: String,
}

impl Call for TimerAt {
    const TOOL: &'static str = "timer.at";
}

/// Arguments of `timer.list`.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TimerList {
    /// Also the latest runs (with their status and output), of this timer only when given.
    #[serde(default)]
    pub runs: bool,
    /// The timer whose runs to show.
    #[serde(default)]
    pub id: Option<i64>,
    /// Instead, whether a `toolsh serve` is firing timers for this store now.
    #[serde(default)]
    pub server: bool,
}

impl Call for TimerList {
    const TOOL: &'static str = "timer.list";
}

/// Arguments of `timer.remove`.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TimerRemove {
    /// The `at` job's number.
    pub id: i64,
}

impl Call for TimerRemove {
    const TOOL: &'static str = "timer.remove";
}

/// Arguments of `timer.crontab`.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TimerCrontab {
    /// A whole crontab to install in place of the agent's (five fields or six with seconds
    /// first, or `@hourly` and the like, then the command). Without it, the crontab is shown.
    #[serde(default)]
    pub text: Option<String>,
    /// Remove the agent's crontab.
    #[serde(default)]
    pub remove: bool,
}

impl Call for TimerCrontab {
    const TOOL: &'static str = "timer.crontab";
}
