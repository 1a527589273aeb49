//! Adapters over the store tools: `msg` (send, read, list, archive), `who`, `ping`, `whoami`,
//! and `meta` (get, set, delete, list, incr).

use crate::Ctx;
use crate::session::Status;
use crate::spec::{Args, Opt, Spec};
use serde_json::Value;
use toolsh_gate::calls::*;

const JSON: Opt = Opt::long("json", "print the tool's answer as JSON, one value a line");
const ALL: Opt = Opt::both('a', "all", "read: every message, read ones too");
const COUNT: Opt = Opt::short('n', "read: at most NUM messages").value("NUM");
const WAIT: Opt =
    Opt::long("wait", "read: with no new message, wait up to SECONDS (without: until one comes)").optional("SECONDS");

/// `msg`.
pub const MSG: Spec = Spec {
    name: "msg",
    summary: "send and read messages between agents",
    synopsis: &[
        "send TO [TEXT]...",
        "read [-a] [-n NUM] [--wait [SECONDS]] [--json]",
        "list [--json]",
        "archive|unarchive ID...",
    ],
    about: "Send a message (the TEXT, or standard input), read your new messages, count your mailbox, or archive messages.",
    options: &[JSON, ALL, COUNT, WAIT],
    tools: &["msg.send", "msg.read", "msg.list", "msg.update"],
    subcommands: &[
        ("archive", &["msg.update"]),
        ("list", &["msg.list"]),
        ("read", &["msg.read"]),
        ("send", &["msg.send"]),
        ("unarchive", &["msg.update"]),
    ],
    ..Spec::BASE
};

/// `who`.
pub const WHO: Spec = Spec {
    name: "who",
    summary: "list agents seen on the store",
    synopsis: &["[--json]"],
    options: &[JSON],
    tools: &["msg.who"],
    long_order: &["heading", "help", "login", "lookup"],
    ..Spec::BASE
};

/// `ping`.
pub const PING: Spec = Spec {
    name: "ping",
    summary: "say whether an agent is alive (not a network ping)",
    synopsis: &["AGENT"],
    about: "Say whether AGENT, another agent of this store, was seen lately; status 0 when it was. \
It is not a network ping: no host is reached.",
    tools: &["msg.ping"],
    ..Spec::BASE
};

/// `whoami`.
pub const WHOAMI: Spec = Spec { name: "whoami", summary: "print this session's agent name", ..Spec::BASE };

/// Refuses an option given to a subcommand it is not for.
async fn only_for(ctx: &Ctx<'_>, spec: &Spec, args: &Args, sub: &str, allowed: &[Opt]) -> Result<(), Status> {
    match args.given().find(|(opt, _)| !allowed.contains(opt)) {
        Some((opt, _)) => {
            let name = opt.long.map_or_else(|| format!("-{}", opt.short.unwrap_or('?')), |l| format!("--{l}"));
            Err(ctx.misuse(spec, format!("{name} is not an option of '{sub}'")).await)
        }
        None => Ok(()),
    }
}

/// Time since `ms` in words (`3s`, `5m`, `2h`, `4d`).
fn ago(ms: i64) -> String {
    let secs = (now_ms() - ms).max(0) / 1000;
    match secs {
        0..60 => format!("{secs}s"),
        60..3600 => format!("{}m", secs / 60),
        3600..86400 => format!("{}h", secs / 3600),
        _ => format!("{}d", secs / 86400),
    }
}

/// `msg send|read|list|archive`.
pub async fn msg(ctx: Ctx<'_>, args: Args) -> Status {
    let json_out = args.has(&JSON);
    let Some(sub) = args.operands.first().cloned() else {
        return ctx.misuse(&MSG, "missing subcommand").await;
    };
    let rest = &args.operands[1..];
    let allowed: &[Opt] = match sub.as_str() {
        "send" | "list" => &[JSON],
        "read" => &[JSON, ALL, COUNT, WAIT],
        _ => &[],
    };
    if let Err(status) = only_for(&ctx, &MSG, &args, &sub, allowed).await {
        return status;
    }
    match sub.as_str() {
        "send" => {
            let Some(to) = rest.first() else {
                return ctx.misuse(&MSG, "send needs a recipient").await;
            };
            let text = if rest.len() > 1 {
                rest[1..].join(" ")
            } else {
                match ctx.read_stdin().await {
                    Ok(bytes) => toolsh_bytes::lossy(&bytes).trim_end_matches('\n').to_string(),
                    Err(err) => return ctx.fail(crate::vfs::describe(&err)).await,
                }
            };
            if text.is_empty() {
                return ctx.misuse(&MSG, "nothing to send: give the text or pipe it in").await;
            }
            match ctx.call(&MsgSend { to: to.to_string(), text: text.to_string() }).await {
                Ok(v) if json_out => i32::from(!ctx.out(format!("{v}\n")).await),
                Ok(v) => i32::from(!ctx.out(format!("sent #{} to {to}\n", v["id"])).await),
                Err(status) => status,
            }
        }
        "read" => {
            // `--wait 5` as well as `--wait=5`: a number right after a bare --wait is its time.
            let mut rest = rest;
            let wait = match (args.has(&WAIT), args.last(&WAIT)) {
                (false, _) => None,
                (true, Some(text)) if !text.is_empty() => Some(text.to_string()),
                (true, _) => match rest.first().filter(|t| t.parse::<f64>().is_ok()) {
                    Some(secs) => {
                        rest = &rest[1..];
                        Some(secs.clone())
                    }
                    None => Some("-1".to_string()),
                },
            };
            let wait = match wait.map(|w| w.parse::<f64>()) {
                None => None,
                Some(Ok(secs)) if secs.is_finite() => Some(secs),
                Some(_) => return ctx.misuse(&MSG, "--wait needs a number of seconds").await,
            };
            if let Some(extra) = rest.first() {
                return ctx.misuse(&MSG, format!("extra operand '{extra}'")).await;
            }
            let all = args.has(&ALL);
            let limit = match args.last(&COUNT).map(str::parse::<u32>) {
                None => None,
                Some(Ok(n)) => Some(n),
                Some(Err(_)) => return ctx.misuse(&MSG, "-n needs a number").await,
            };
            let list = match ctx.call(&MsgRead { all, limit, wait }).await {
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
        "list" => match ctx.call(&MsgList {}).await {
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
                    Err(_) => return ctx.misuse(&MSG, format!("not a message id: {arg}")).await,
                }
            }
            if ids.is_empty() {
                return ctx.misuse(&MSG, format!("{sub} needs message ids")).await;
            }
            match ctx.call(&MsgUpdate { ids, read: None, archived: Some(sub == "archive") }).await {
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
        other => ctx.misuse(&MSG, format!("unknown subcommand '{other}'")).await,
    }
}

/// `who [--json]`: agents seen on the store.
pub async fn who(ctx: Ctx<'_>, args: Args) -> Status {
    if let Some(extra) = args.operands.first() {
        return ctx.misuse(&WHO, format!("extra operand '{extra}'")).await;
    }
    let json_out = args.has(&JSON);
    let list = match ctx.call(&MsgWho {}).await {
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
pub async fn ping(ctx: Ctx<'_>, args: Args) -> Status {
    let agent = match args.operands.as_slice() {
        [agent] => agent.clone(),
        [] => return ctx.misuse(&PING, "missing agent name").await,
        [_, extra, ..] => return ctx.misuse(&PING, format!("extra operand '{extra}'")).await,
    };
    let v = match ctx.call(&MsgPing { agent: agent.to_string() }).await {
        Ok(v) => v,
        Err(status) => return status,
    };
    let line = match (v["alive"].as_bool(), v["idle_secs"].as_i64()) {
        (Some(true), Some(idle)) => format!("{agent} is alive (seen {idle}s ago)\n"),
        (_, Some(idle)) => {
            format!("{agent} is not responding (last seen {} ago)\n", ago(now_ms() - idle * 1000))
        }
        _ => format!("{agent} has never been seen on this store (ping asks about agents, not network hosts)\n"),
    };
    ctx.out(line).await;
    i32::from(v["alive"] != Value::Bool(true))
}

/// `whoami`: the agent this session acts for.
pub async fn whoami(ctx: Ctx<'_>, args: Args) -> Status {
    if let Some(extra) = args.operands.first() {
        return ctx.misuse(&WHOAMI, format!("extra operand '{extra}'")).await;
    }
    let name = format!("{}\n", ctx.agent());
    i32::from(!ctx.out(name).await)
}

const PROTECT: Opt =
    Opt::long("protect", "set: none, readonly (never changes) or increment (only by incr)").value("WHO");

/// `meta`.
pub const META: Spec = Spec {
    name: "meta",
    summary: "get, set, delete, list and atomically increment metadata",
    synopsis: &[
        "get KEY",
        "set KEY VALUE... [--protect none|readonly|increment]",
        "delete KEY",
        "list [PREFIX]",
        "incr KEY [N]",
    ],
    about: "Read and change the metadata the agents of this store share; incr adds atomically. --json prints the tool's answer.",
    options: &[JSON, PROTECT],
    negatives: true,
    tools: &[MetaGet::TOOL, MetaSet::TOOL, MetaDelete::TOOL, MetaList::TOOL, MetaIncr::TOOL],
    subcommands: &[
        ("delete", &[MetaDelete::TOOL]),
        ("get", &[MetaGet::TOOL]),
        ("incr", &[MetaIncr::TOOL]),
        ("list", &[MetaList::TOOL]),
        ("rm", &[MetaDelete::TOOL]),
        ("set", &[MetaSet::TOOL]),
    ],
    ..Spec::BASE
};

/// `meta get|set|delete|list|incr`.
pub async fn meta(ctx: Ctx<'_>, args: Args) -> Status {
    let json_out = args.has(&JSON);
    let protection = args.last(&PROTECT);
    let sub = args.operands.first().map_or("", String::as_str);
    let allowed: &[Opt] = if sub == "set" { &[JSON, PROTECT] } else { &[JSON] };
    if let Err(status) = only_for(&ctx, &META, &args, sub, allowed).await {
        return status;
    }
    let words: Vec<&str> = args.operands.iter().map(String::as_str).collect();
    let protection = match protection.map(|p| (p, serde_json::from_value::<Protection>(Value::String(p.to_string())))) {
        None => None,
        Some((_, Ok(protection))) => Some(protection),
        Some((p, Err(_))) => {
            return ctx.misuse(&META, format!("--protect: `{p}`: use none, readonly or increment")).await;
        }
    };
    let key = |key: &str| key.to_string();
    let (tool, answer) = match words.as_slice() {
        ["get", k] => (MetaGet::TOOL, ctx.call(&MetaGet { key: key(k) }).await),
        ["set", k, value @ ..] if !value.is_empty() => {
            (MetaSet::TOOL, ctx.call(&MetaSet { key: key(k), value: value.join(" "), protection }).await)
        }
        ["delete" | "rm", k] => (MetaDelete::TOOL, ctx.call(&MetaDelete { key: key(k) }).await),
        ["list"] => (MetaList::TOOL, ctx.call(&MetaList { prefix: String::new() }).await),
        ["list", prefix] => (MetaList::TOOL, ctx.call(&MetaList { prefix: prefix.to_string() }).await),
        ["incr", k] => (MetaIncr::TOOL, ctx.call(&MetaIncr { key: key(k), by: 1 }).await),
        ["incr", k, by] => match by.parse::<i64>() {
            Ok(by) => (MetaIncr::TOOL, ctx.call(&MetaIncr { key: key(k), by }).await),
            Err(_) => return ctx.misuse(&META, format!("incr: not an integer: {by}")).await,
        },
        [] => return ctx.misuse(&META, "missing subcommand").await,
        _ => return ctx.misuse(&META, "unknown or incomplete subcommand").await,
    };
    let v = match answer {
        Ok(v) => v,
        Err(status) => return status,
    };
    let out = if json_out {
        format!("{v}\n")
    } else {
        match tool {
            MetaGet::TOOL | MetaSet::TOOL => format!("{}\n", v["value"].as_str().unwrap_or("")),
            MetaIncr::TOOL => format!("{}\n", v["value"]),
            MetaDelete::TOOL => {
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

/// Now, in milliseconds since the epoch (as the store stamps what it keeps).
fn now_ms() -> i64 {
    let since = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap_or_default();
    i64::try_from(since.as_millis()).unwrap_or(i64::MAX)
}
