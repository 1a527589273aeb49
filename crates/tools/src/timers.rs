//! Tools over the store's timers (`timer.*`): an `at` job added, listed, removed; a crontab
//! installed, read or removed. They only record what is due; `toolsh serve` fires it. `at`,
//! `atq`, `atrm` and `crontab` are these tools as their usual commands.

use super::agents::{store, unavailable};
use serde_json::json;
use std::sync::Arc;
use toolsh_core::timers;
use toolsh_gate::calls::{TimerAt, TimerCrontab, TimerList, TimerRemove};
use toolsh_gate::{Tool, ToolCx, ToolError, ToolOutput, ToolSpec, typed};

/// The timer tools.
pub fn tools() -> Vec<Arc<dyn Tool>> {
    vec![
        typed(
            ToolSpec::of::<TimerAt>("Run a script once at a time (fired by toolsh serve).")
                .stdin("command")
                .aliases(&["schedule_once"]),
            |cx: ToolCx, args: TimerAt| async move {
                let now = chrono::Utc::now();
                let when = timers::parse_at(&args.when, now).map_err(ToolError::failed)?;
                let at = timers::millis(when).max(timers::millis(now));
                // The job keeps the policy of the line that scheduled it: its run is judged by
                // that and the server's, the strictest decision holding.
                let policy = cx.gate.policy().carried();
                let added =
                    store(&cx)?.add_at(&args.command, &cx.cwd, &policy, at, cx.limits.timers).map_err(unavailable)?;
                let id = added.map_err(ToolError::failed)?;
                Ok(ToolOutput::Json(json!({ "id": id, "at_ms": at, "at": timers::shown(at) })))
            },
        ),
        typed(
            ToolSpec::of::<TimerList>("List this agent's at jobs and crontab entries, or their runs.").read_only(),
            |cx: ToolCx, args: TimerList| async move {
                let store = store(&cx)?;
                if args.server {
                    let until = store.timer_servers_until().map_err(unavailable)?;
                    let firing = until.is_some_and(|until| until > timers::millis(chrono::Utc::now()));
                    return Ok(ToolOutput::Json(json!({ "firing": firing, "alive_until_ms": until })));
                }
                if args.runs {
                    let runs = store.timer_runs(args.id, 20).map_err(unavailable)?;
                    let list: Vec<_> = runs
                        .into_iter()
                        .map(|r| {
                            json!({ "id": r.timer, "kind": r.kind, "slot": timers::shown(r.slot), "command": r.command,
                                    "status": r.status, "output": r.output })
                        })
                        .collect();
                    return Ok(ToolOutput::Json(json!(list)));
                }
                let mut list = Vec::new();
                for kind in [timers::AT, timers::CRON] {
                    for t in store.timers(kind).map_err(unavailable)? {
                        list.push(json!({ "id": t.id, "kind": t.kind, "schedule": t.schedule, "next_ms": t.next_at,
                                          "next": timers::shown(t.next_at), "command": t.command }));
                    }
                }
                Ok(ToolOutput::Json(json!(list)))
            },
        ),
        typed(
            ToolSpec::of::<TimerRemove>("Remove one of this agent's at jobs."),
            |cx: ToolCx, args: TimerRemove| async move {
                if !store(&cx)?.remove_at(args.id).map_err(unavailable)? {
                    return Err(ToolError::failed(format!("Cannot find jobid {}", args.id)));
                }
                Ok(ToolOutput::Json(json!({ "removed": args.id })))
            },
        ),
        typed(
            ToolSpec::of::<TimerCrontab>("Install, show or remove this agent's crontab.").stdin("text"),
            |cx: ToolCx, args: TimerCrontab| async move {
                let store = store(&cx)?;
                let none = || ToolError::failed(format!("no crontab for {}", cx.agent));
                if args.remove {
                    return if store.remove_crontab().map_err(unavailable)? {
                        Ok(ToolOutput::Json(json!({ "removed": true })))
                    } else {
                        Err(none())
                    };
                }
                let Some(text) = args.text else {
                    return match store.crontab().map_err(unavailable)? {
                        Some(text) => Ok(ToolOutput::Text(timers::shown_command(&text).to_string())),
                        None => Err(none()),
                    };
                };
                let entries = timers::parse_crontab(&text, "-")
                    .map_err(|errors| ToolError::failed(format!("{errors}\nerrors in crontab file, can't install.")))?;
                let now = timers::millis(chrono::Utc::now());
                let mut planned = Vec::new();
                for entry in entries {
                    let schedule = timers::schedule(&entry.schedule).map_err(ToolError::failed)?;
                    let next = timers::next_after(&schedule, now)
                        .ok_or_else(|| ToolError::failed(format!("'{}' is never due", entry.schedule)))?;
                    planned.push((entry.schedule, entry.command, next));
                }
                store
                    .set_crontab(&text, &planned, &cx.cwd, &cx.gate.policy().carried(), cx.limits.timers)
                    .map_err(unavailable)?
                    .map_err(ToolError::failed)?;
                Ok(ToolOutput::Json(json!({ "installed": planned.len() })))
            },
        ),
    ]
}
