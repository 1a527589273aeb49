//! Tools over the store: `msg.*` (mailboxes and presence) and `meta.*` (key-value pairs with
//! protections). Bodies need the store; without one they report it unavailable (status 125).

use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::json;
use std::sync::Arc;
use std::time::Duration;
use toolsh_gate::{Tool, ToolCx, ToolError, ToolOutput, ToolSpec, typed};
use toolsh_store::{MetaError, Protection, Store, StoreError};

/// The store a body needs, or the error that says there is none (125).
pub(super) fn store(cx: &ToolCx) -> Result<&Store, ToolError> {
    crate::store(cx).ok_or_else(|| ToolError {
        status: toolsh_gate::status::UNAVAILABLE,
        message: "no store is attached to this shell: start toolsh with --store PATH".to_string(),
    })
}

/// A store that failed: unavailable (125), its error as the message.
pub(super) fn unavailable(err: StoreError) -> ToolError {
    ToolError { status: toolsh_gate::status::UNAVAILABLE, message: err.0 }
}

fn meta_err(err: MetaError) -> ToolError {
    match err {
        MetaError::Store(err) => unavailable(err),
        MetaError::Refused(why) => ToolError::failed(why),
    }
}

/// Arguments of `msg.send`.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct SendArgs {
    /// The recipient agent.
    to: String,
    /// The message.
    text: String,
}

/// Arguments of `msg.read`.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct ReadArgs {
    /// Also messages read before (archived ones stay out).
    #[serde(default)]
    all: bool,
    /// At most this many, oldest first.
    #[serde(default)]
    limit: Option<u32>,
    /// With none to read, wait up to this many seconds for one (negative: until one comes).
    #[serde(default)]
    wait: Option<f64>,
}

/// Arguments of `msg.update`.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct UpdateArgs {
    /// The messages to change.
    ids: Vec<i64>,
    /// Mark read (true) or unread (false).
    #[serde(default)]
    read: Option<bool>,
    /// Archive (true) or restore (false).
    #[serde(default)]
    archived: Option<bool>,
}

/// Arguments of `msg.ping`.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct PingArgs {
    /// The agent to look for.
    agent: String,
}

/// No arguments.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct NoArgs {}

/// Arguments of tools that take one key.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct KeyArgs {
    /// The key.
    key: String,
}

/// Arguments of `meta.set`.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct SetArgs {
    /// The key.
    key: String,
    /// The value.
    value: String,
    /// For a new key: none, readonly (set once), increment (an integer that only grows).
    #[serde(default)]
    protection: Option<Protection>,
}

/// Arguments of `meta.incr`.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct IncrArgs {
    /// The key (a missing key starts at 0).
    key: String,
    /// How much to add.
    #[serde(default = "one")]
    by: i64,
}

fn one() -> i64 {
    1
}

/// Arguments of `meta.list`.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct ListArgs {
    /// Only keys starting with this.
    #[serde(default)]
    prefix: String,
}

/// Seconds within which an agent counts as alive.
pub const ALIVE_SECS: i64 = 120;

/// The store tools.
pub fn tools() -> Vec<Arc<dyn Tool>> {
    vec![
        typed(
            ToolSpec::new::<SendArgs>(
                "msg.send",
                "Send a message to another agent.\nDelivery is durable: once sent, it survives a crash.",
            )
            .subject("to", false)
            .stdin("text")
            .aliases(&["send_message", "message.send"])
            .param_aliases(&[("recipient", "to"), ("agent", "to"), ("message", "text"), ("body", "text")]),
            |cx: ToolCx, args: SendArgs| async move {
                let id = store(&cx)?.send(&args.to, &args.text).map_err(unavailable)?;
                Ok(ToolOutput::Json(json!({ "id": id, "to": args.to })))
            },
        ),
        typed(
            ToolSpec::new::<ReadArgs>("msg.read", "Read this agent's new messages and mark them read.").aliases(&[
                "read_messages",
                "check_messages",
                "message.read",
            ]),
            |cx: ToolCx, args: ReadArgs| async move {
                let messages = match args.wait {
                    None => store(&cx)?.read(args.all, args.limit),
                    Some(secs) => {
                        let wait = (secs >= 0.0).then(|| Duration::try_from_secs_f64(secs).unwrap_or(Duration::MAX));
                        store(&cx)?.read_waiting(args.all, args.limit, wait).await
                    }
                }
                .map_err(unavailable)?;
                Ok(ToolOutput::Json(json!(messages)))
            },
        ),
        typed(
            ToolSpec::new::<NoArgs>("msg.list", "Count this agent's messages: unread, read, archived, sent.")
                .read_only(),
            |cx: ToolCx, _: NoArgs| async move {
                let [unread, read, archived, sent] = store(&cx)?.counts().map_err(unavailable)?;
                Ok(ToolOutput::Json(json!({ "unread": unread, "read": read, "archived": archived, "sent": sent })))
            },
        ),
        typed(
            ToolSpec::new::<UpdateArgs>("msg.update", "Mark messages read or unread, archive or restore them."),
            |cx: ToolCx, args: UpdateArgs| async move {
                let found = store(&cx)?.update(&args.ids, args.read, args.archived).map_err(unavailable)?;
                let missing: Vec<i64> = args.ids.iter().copied().filter(|id| !found.contains(id)).collect();
                Ok(ToolOutput::Json(json!({ "updated": found, "not_found": missing })))
            },
        ),
        typed(
            ToolSpec::new::<NoArgs>("msg.who", "List the agents seen on this store, most recent first.")
                .read_only()
                .aliases(&["list_agents"]),
            |cx: ToolCx, _: NoArgs| async move {
                let agents = store(&cx)?.agents().map_err(unavailable)?;
                let now = toolsh_store::now_ms();
                let list: Vec<_> = agents
                    .into_iter()
                    .map(
                        |(name, seen)| json!({ "agent": name, "last_seen_ms": seen, "idle_secs": (now - seen) / 1000 }),
                    )
                    .collect();
                Ok(ToolOutput::Json(json!(list)))
            },
        ),
        typed(
            ToolSpec::new::<PingArgs>("msg.ping", "Say whether an agent is alive (seen in the last two minutes).")
                .read_only()
                .subject("agent", false),
            |cx: ToolCx, args: PingArgs| async move {
                let seen = store(&cx)?.last_seen(&args.agent).map_err(unavailable)?;
                let idle = seen.map(|s| (toolsh_store::now_ms() - s) / 1000);
                let alive = idle.is_some_and(|i| i <= ALIVE_SECS);
                Ok(ToolOutput::Json(json!({ "agent": args.agent, "alive": alive, "idle_secs": idle })))
            },
        ),
        typed(
            ToolSpec::new::<KeyArgs>("meta.get", "Get a metadata value.").read_only(),
            |cx: ToolCx, args: KeyArgs| async move {
                match store(&cx)?.meta_get(&args.key).map_err(unavailable)? {
                    Some(entry) => Ok(ToolOutput::Json(json!(entry))),
                    None => Err(ToolError::failed(format!("{}: no such key", args.key))),
                }
            },
        ),
        typed(
            ToolSpec::new::<SetArgs>("meta.set", "Set a metadata value, within its protection.")
                .subject("key", false)
                .stdin("value"),
            |cx: ToolCx, args: SetArgs| async move {
                let entry = store(&cx)?.meta_set(&args.key, &args.value, args.protection).map_err(meta_err)?;
                Ok(ToolOutput::Json(json!(entry)))
            },
        ),
        typed(
            ToolSpec::new::<KeyArgs>("meta.delete", "Delete a metadata key (readonly keys stay).")
                .subject("key", false),
            |cx: ToolCx, args: KeyArgs| async move {
                let deleted = store(&cx)?.meta_delete(&args.key).map_err(meta_err)?;
                Ok(ToolOutput::Json(json!({ "key": args.key, "deleted": deleted })))
            },
        ),
        typed(
            ToolSpec::new::<ListArgs>("meta.list", "List metadata keys and values.").read_only(),
            |cx: ToolCx, args: ListArgs| async move {
                let entries = store(&cx)?.meta_list(&args.prefix).map_err(unavailable)?;
                Ok(ToolOutput::Json(json!(entries)))
            },
        ),
        typed(
            ToolSpec::new::<IncrArgs>("meta.incr", "Add to an integer value atomically, across processes.")
                .subject("key", false),
            |cx: ToolCx, args: IncrArgs| async move {
                let value = store(&cx)?.meta_incr(&args.key, args.by).map_err(meta_err)?;
                Ok(ToolOutput::Json(json!({ "key": args.key, "value": value })))
            },
        ),
    ]
}
