//! Tools over the store: `msg.*` (mailboxes and presence) and `meta.*` (key-value pairs with
//! protections). Bodies need the store; without one they report it unavailable (status 125).

use serde_json::json;
use std::sync::Arc;
use std::time::Duration;
use toolsh_gate::calls::*;
use toolsh_gate::{Tool, ToolCx, ToolError, ToolOutput, ToolSpec, typed};
use toolsh_store::{MetaError, Store, StoreError};

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

/// Seconds within which an agent counts as alive.
pub const ALIVE_SECS: i64 = 120;

/// The store tools.
pub fn tools() -> Vec<Arc<dyn Tool>> {
    vec![
        typed(
            ToolSpec::of::<MsgSend>(
                "Send a message to another agent.\nDelivery is durable: once sent, it survives a crash.",
            )
            .subject("to", false)
            .stdin("text")
            .aliases(&["send_message", "message.send"])
            .param_aliases(&[("recipient", "to"), ("agent", "to"), ("message", "text"), ("body", "text")]),
            |cx: ToolCx, args: MsgSend| async move {
                let id = store(&cx)?.send(&args.to, &args.text).map_err(unavailable)?;
                Ok(ToolOutput::Json(json!({ "id": id, "to": args.to })))
            },
        ),
        typed(
            ToolSpec::of::<MsgRead>("Read this agent's new messages and mark them read.").aliases(&[
                "read_messages",
                "check_messages",
                "message.read",
            ]),
            |cx: ToolCx, args: MsgRead| async move {
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
            ToolSpec::of::<MsgList>("Count this agent's messages: unread, read, archived, sent.").read_only(),
            |cx: ToolCx, _: MsgList| async move {
                let [unread, read, archived, sent] = store(&cx)?.counts().map_err(unavailable)?;
                Ok(ToolOutput::Json(json!({ "unread": unread, "read": read, "archived": archived, "sent": sent })))
            },
        ),
        typed(
            ToolSpec::of::<MsgUpdate>("Mark messages read or unread, archive or restore them."),
            |cx: ToolCx, args: MsgUpdate| async move {
                let found = store(&cx)?.update(&args.ids, args.read, args.archived).map_err(unavailable)?;
                let missing: Vec<i64> = args.ids.iter().copied().filter(|id| !found.contains(id)).collect();
                Ok(ToolOutput::Json(json!({ "updated": found, "not_found": missing })))
            },
        ),
        typed(
            ToolSpec::of::<MsgWho>("List the agents seen on this store, most recent first.")
                .read_only()
                .aliases(&["list_agents"]),
            |cx: ToolCx, _: MsgWho| async move {
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
            ToolSpec::of::<MsgPing>("Say whether an agent is alive (seen in the last two minutes).")
                .read_only()
                .subject("agent", false),
            |cx: ToolCx, args: MsgPing| async move {
                let seen = store(&cx)?.last_seen(&args.agent).map_err(unavailable)?;
                let idle = seen.map(|s| (toolsh_store::now_ms() - s) / 1000);
                let alive = idle.is_some_and(|i| i <= ALIVE_SECS);
                Ok(ToolOutput::Json(json!({ "agent": args.agent, "alive": alive, "idle_secs": idle })))
            },
        ),
        typed(ToolSpec::of::<MetaGet>("Get a metadata value.").read_only(), |cx: ToolCx, args: MetaGet| async move {
            match store(&cx)?.meta_get(&args.key).map_err(unavailable)? {
                Some(entry) => Ok(ToolOutput::Json(json!(entry))),
                None => Err(ToolError::failed(format!("{}: no such key", args.key))),
            }
        }),
        typed(
            ToolSpec::of::<MetaSet>("Set a metadata value, within its protection.")
                .subject("key", false)
                .stdin("value"),
            |cx: ToolCx, args: MetaSet| async move {
                let entry = store(&cx)?.meta_set(&args.key, &args.value, args.protection).map_err(meta_err)?;
                Ok(ToolOutput::Json(json!(entry)))
            },
        ),
        typed(
            ToolSpec::of::<MetaDelete>("Delete a metadata key (readonly keys stay).").subject("key", false),
            |cx: ToolCx, args: MetaDelete| async move {
                let deleted = store(&cx)?.meta_delete(&args.key).map_err(meta_err)?;
                Ok(ToolOutput::Json(json!({ "key": args.key, "deleted": deleted })))
            },
        ),
        typed(
            ToolSpec::of::<MetaList>("List metadata keys and values.").read_only(),
            |cx: ToolCx, args: MetaList| async move {
                let entries = store(&cx)?.meta_list(&args.prefix).map_err(unavailable)?;
                Ok(ToolOutput::Json(json!(entries)))
            },
        ),
        typed(
            ToolSpec::of::<MetaIncr>("Add to an integer value atomically, across processes.").subject("key", false),
            |cx: ToolCx, args: MetaIncr| async move {
                let value = store(&cx)?.meta_incr(&args.key, args.by).map_err(meta_err)?;
                Ok(ToolOutput::Json(json!({ "key": args.key, "value": value })))
            },
        ),
    ]
}
