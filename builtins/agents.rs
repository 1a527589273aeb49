//! Adapters over the store tools: `msg` (send, read, list, archive), `who`, `ping`, `whoami`,
//! and `meta` (get, set, delete, list, incr).

use super::Ctx;
use super::tools::call;
use crate::interp::Status;
use serde_json::{Value, json};

const MSG_USAGE: &str =
    "msg send TO [TEXT...] | msg read [--all] [--json] [-n N] | msg list [--json] | msg archive ID...";

/// Time since `ms` in words (`3s`, `5m`, `2h`, `4d`).
fn ago(ms: i64) -> String {
    let secs = (crate::store::now_ms() - ms).max(0) / 1000;
    match secs {
        0..60 => format!("{secs}s"),
        60..3600 => format!("{}m", secs / 60),
        3600..86400 => format!("{}h", secs / 3600),
        _ => format!("{}d", secs / 86400),
    }
}

fn flag(args: &mut Vec<String>, name: &str) -> bool {
    let before = args.len();
    args.retain(|a| a != name);
    args.len() != before
}

/// `msg send|read|list|archive`.
pub async fn msg(ctx: Ctx<'_>) -> Status {
    let mut args: Vec<String> = ctx.argv[1..].to_vec();
    let json_out = flag(&mut args, "--json");
    let Some(sub) = args.first().cloned() else {
        return ctx.usage("missing subcommand", MSG_USAGE).await;
    };
    let rest = &args[1..];
    match sub.as_str() {
        "send" => {
            let Some(to) = rest.first() else {
                return ctx.usage("send needs a recipient", MSG_USAGE).await;
            };
            let text = if rest.len() > 1 {
                rest[1..].join(" ")
            } else {
                match ctx.read_stdin().await {
                    Ok(bytes) => String::from_utf8_lossy(&bytes).trim_end_matches('\n').to_string(),
                    Err(err) => return ctx.fail(crate::vfs::describe(&err)).await,
                }
            };
            if text.is_empty() {
                return ctx.usage("nothing to send: give the text or pipe it in", MSG_USAGE).await;
            }
            match call(&ctx, "msg.send", json!({ "to": to, "text": text })).await {
                Ok(v) if json_out => i32::from(!ctx.out(format!("{v}\n")).await),
                Ok(v) => i32::from(!ctx.out(format!("sent #{} to {to}\n", v["id"])).await),
                Err(status) => status,
            }
        }
        "read" => {
            let mut all = false;
            let mut limit = None;
            let mut idx = 0;
            while let Some(arg) = rest.get(idx) {
                match arg.as_str() {
                    "--all" | "-a" => all = true,
                    "-n" => {
                        idx += 1;
                        match rest.get(idx).and_then(|n| n.parse::<u32>().ok()) {
                            Some(n) => limit = Some(n),
                            None => return ctx.usage("-n needs a number", MSG_USAGE).await,
                        }
                    }
                    other => return ctx.usage(format!("unknown option {other}"), MSG_USAGE).await,
                }
                idx += 1;
            }
            let list = match call(&ctx, "msg.read", json!({ "all": all, "limit": limit })).await {
                Ok(list) => list,
                Err(status) => return status,
            };
            let messages = list.as_array().cloned().unwrap_or_default();
            let mut out = String::new();
            for m in &messages {
                if json_out {
                    out.push_str(&format!("{m}\n"));
                } else {
                    out.push_str(&format!(
                        "#{} from {} ({} ago): {}\n",
                        m["id"],
                        m["from"].as_str().unwrap_or(""),
                        ago(m["sent_at"].as_i64().unwrap_or(0)),
                        m["text"].as_str().unwrap_or("")
                    ));
                }
            }
            if messages.is_empty() && !json_out {
                out.push_str("no new messages\n");
            }
            i32::from(!ctx.out(out).await)
        }
        "list" => match call(&ctx, "msg.list", json!({})).await {
            Ok(v) if json_out => i32::from(!ctx.out(format!("{v}\n")).await),
            Ok(v) => {
                let line = format!(
                    "unread {}, read {}, archived {}, sent {}\n",
                    v["unread"], v["read"], v["archived"], v["sent"]
                );
                i32::from(!ctx.out(line).await)
            }
            Err(status) => status,
        },
        "archive" | "unarchive" => {
            let mut ids = Vec::new();
            for arg in rest {
                match arg.trim_start_matches('#').parse::<i64>() {
                    Ok(id) => ids.push(id),
                    Err(_) => return ctx.usage(format!("not a message id: {arg}"), MSG_USAGE).await,
                }
            }
            if ids.is_empty() {
                return ctx.usage("archive needs message ids", MSG_USAGE).await;
            }
            match call(&ctx, "msg.update", json!({ "ids": ids, "archived": sub == "archive" })).await {
                Ok(v) => {
                    let missing = v["not_found"].as_array().map_or(0, Vec::len);
                    for id in v["not_found"].as_array().into_iter().flatten() {
                        ctx.complain(format!("#{id}: no such message in your mailbox")).await;
                    }
                    i32::from(missing > 0)
                }
                Err(status) => status,
            }
        }
        other => ctx.usage(format!("unknown subcommand {other}"), MSG_USAGE).await,
    }
}

/// `who [--json]`: agents seen on the store.
pub async fn who(ctx: Ctx<'_>) -> Status {
    let json_out = ctx.argv.iter().any(|a| a == "--json");
    let list = match call(&ctx, "msg.who", json!({})).await {
        Ok(list) => list,
        Err(status) => return status,
    };
    let mut out = String::new();
    for a in list.as_array().into_iter().flatten() {
        if json_out {
            out.push_str(&format!("{a}\n"));
        } else {
            let seen = a["last_seen_ms"].as_i64().unwrap_or(0);
            out.push_str(&format!("{:<16} seen {} ago\n", a["agent"].as_str().unwrap_or(""), ago(seen)));
        }
    }
    i32::from(!ctx.out(out).await)
}

/// `ping AGENT`: 0 when the agent was seen recently.
pub async fn ping(ctx: Ctx<'_>) -> Status {
    let Some(agent) = ctx.argv.get(1).cloned() else {
        return ctx.usage("missing agent name", "ping AGENT").await;
    };
    let v = match call(&ctx, "msg.ping", json!({ "agent": agent })).await {
        Ok(v) => v,
        Err(status) => return status,
    };
    let line = match (v["alive"].as_bool(), v["idle_secs"].as_i64()) {
        (Some(true), Some(idle)) => format!("{agent} is alive (seen {idle}s ago)\n"),
        (_, Some(idle)) => {
            format!("{agent} is not responding (last seen {} ago)\n", ago(crate::store::now_ms() - idle * 1000))
        }
        _ => format!("{agent} has never been seen on this store\n"),
    };
    ctx.out(line).await;
    i32::from(v["alive"] != Value::Bool(true))
}

/// `whoami`: the agent this session acts for.
pub async fn whoami(ctx: Ctx<'_>) -> Status {
    let name = format!("{}\n", ctx.shared().agent);
    i32::from(!ctx.out(name).await)
}

const META_USAGE: &str = "meta get KEY | meta set KEY VALUE [--protect none|readonly|increment] | meta delete KEY | meta list [PREFIX] [--json] | meta incr KEY [N]";

/// `meta get|set|delete|list|incr`.
pub async fn meta(ctx: Ctx<'_>) -> Status {
    let mut args: Vec<String> = ctx.argv[1..].to_vec();
    let json_out = flag(&mut args, "--json");
    let mut protection = None;
    if let Some(idx) = args.iter().position(|a| a == "--protect") {
        let Some(value) = args.get(idx + 1).cloned() else {
            return ctx.usage("--protect needs none, readonly or increment", META_USAGE).await;
        };
        protection = Some(value);
        args.drain(idx..idx + 2);
    }
    let words: Vec<&str> = args.iter().map(String::as_str).collect();
    let (tool, call_args) = match words.as_slice() {
        ["get", key] => ("meta.get", json!({ "key": key })),
        ["set", key, value @ ..] if !value.is_empty() => {
            ("meta.set", json!({ "key": key, "value": value.join(" "), "protection": protection }))
        }
        ["delete" | "rm", key] => ("meta.delete", json!({ "key": key })),
        ["list"] => ("meta.list", json!({})),
        ["list", prefix] => ("meta.list", json!({ "prefix": prefix })),
        ["incr", key] => ("meta.incr", json!({ "key": key })),
        ["incr", key, by] => match by.parse::<i64>() {
            Ok(by) => ("meta.incr", json!({ "key": key, "by": by })),
            Err(_) => return ctx.usage(format!("incr: not an integer: {by}"), META_USAGE).await,
        },
        _ => return ctx.usage("unknown or incomplete subcommand", META_USAGE).await,
    };
    let v = match call(&ctx, tool, call_args).await {
        Ok(v) => v,
        Err(status) => return status,
    };
    let out = if json_out {
        format!("{v}\n")
    } else {
        match tool {
            "meta.get" | "meta.set" => format!("{}\n", v["value"].as_str().unwrap_or("")),
            "meta.incr" => format!("{}\n", v["value"]),
            "meta.delete" => {
                if v["deleted"] == Value::Bool(false) {
                    return ctx.fail(format!("{}: no such key", v["key"].as_str().unwrap_or(""))).await;
                }
                String::new()
            }
            _ => v
                .as_array()
                .into_iter()
                .flatten()
                .map(|e| {
                    let protection = e["protection"].as_str().unwrap_or("none");
                    let mark = if protection == "none" { String::new() } else { format!("  ({protection})") };
                    format!("{}={}{mark}\n", e["key"].as_str().unwrap_or(""), e["value"].as_str().unwrap_or(""))
                })
                .collect(),
        }
    };
    i32::from(!ctx.out(out).await)
}
