//! Tools as commands and discovery: running a registered tool by name (`fs.read --path a`),
//! `help`, `config tools`, and `audit`.

use crate::Ctx;
use crate::session::{NAMED_LIMITS, Status};
use crate::spec::{Args, Opt, Spec};
use serde_json::{Value, json};
use toolsh_gate::{Registry, flags};

/// `help`.
pub const HELP: Spec = Spec {
    name: "help",
    summary: "list commands and tools, or show one's usage",
    synopsis: &["[NAME | NAMESPACE]..."],
    about: "Without a NAME, list the commands and the tools by namespace; with one, show the command's or tool's usage, or the tools of a namespace.",
    ..Spec::BASH
};

/// `help [COMMAND | NAMESPACE]…`: the index of commands and tools grouped by namespace, each
/// command's help or tool's usage, and a namespace's tools.
pub async fn help(ctx: Ctx<'_>, args: Args) -> Status {
    let tools = ctx.tools().clone();
    if !args.operands.is_empty() {
        let mut status = 0;
        for name in &args.operands {
            status = status.max(help_on(&ctx, &tools, name).await);
        }
        return status;
    }
    help_index(&ctx, &tools).await
}

/// `help NAME`: a tool's usage, a command's help, a namespace's tools.
async fn help_on(ctx: &Ctx<'_>, tools: &Registry, name: &str) -> Status {
    if let Some(tool) = tools.resolve(name) {
        return i32::from(!ctx.out(flags::usage(tool.spec())).await);
    }
    let mut out = String::new();
    if let Some(entry) = crate::lookup(name) {
        out.push_str(&entry.spec.help());
        if let Some(tools) = crate::adapter_of(name) {
            out.push_str(&format!("It calls the tools {}.\n", tools.join(", ")));
        }
    }
    // A namespace (`help crm`, `help crm.*`) lists its tools, also when a command shares the name.
    let namespace = name.trim_end_matches(['.', '*']);
    let visible = tools.visible();
    let listed: Vec<(&str, String)> = visible
        .iter()
        .map(|tool| tool.spec())
        .filter(|spec| spec.namespace() == namespace)
        .map(|spec| (spec.name.as_str(), spec.summary().into_owned()))
        .collect();
    if !listed.is_empty() {
        out.push_str(&format!("Tools: {namespace} ('NAME -h' for usage)\n"));
        out.push_str(&two_columns(&listed));
    }
    if out.is_empty() {
        return ctx.fail(format!("no help for '{name}': run 'help' for the list")).await;
    }
    i32::from(!ctx.out(out).await)
}

/// What the policy does with calls of `spec`, as a word (`allow`, `ask`, `deny`, or `some` when
/// rules let some subjects through what is otherwise denied, as `--allow
/// 'net.fetch:https://api.example.com/**'` does) and as a sentence naming the rule.
fn verdict_of(policy: &toolsh_gate::policy::Policy, spec: &toolsh_gate::ToolSpec) -> (&'static str, String) {
    let decision = policy.decide(spec.facts(), None);
    let denied = decision.verdict == toolsh_gate::policy::Verdict::Deny;
    if denied && policy.decide_unknown_subject(spec.facts()).is_none() {
        let said = format!("allowed for some subjects by rules ('config policy' lists them); otherwise {decision}");
        return ("some", said);
    }
    (decision.verdict.as_str(), decision.to_string())
}

/// Rows of `NAME  SUMMARY`, the summaries aligned after the longest name (at least 12 wide,
/// as the commands' list is).
fn two_columns(rows: &[(&str, String)]) -> String {
    let width = rows.iter().map(|(name, _)| name.chars().count()).max().unwrap_or(0).max(12);
    rows.iter().map(|(name, summary)| format!("  {name:<width$} {summary}\n")).collect()
}

/// `help`: every command, then the tools by namespace.
async fn help_index(ctx: &Ctx<'_>, tools: &Registry) -> Status {
    let mut out = String::from("Shell commands (bash-like; 'help NAME' for one, 'help NS' for a namespace's tools):\n");
    for builtin in crate::all().iter().filter(|b| b.name.chars().all(|c| c.is_ascii_alphanumeric())) {
        out.push_str(&format!("  {:<12} {}\n", builtin.name, builtin.summary));
    }
    let mut namespace = "";
    let mut rows: Vec<(&str, String)> = Vec::new();
    let visible = tools.visible();
    // What the policy denies whatever its arguments is left out (a declared host program under
    // the default profile, the network): `config tools` lists everything with its verdict.
    let policy = ctx.gate().policy();
    let (runnable, denied): (Vec<_>, Vec<_>) =
        visible.iter().map(|tool| tool.spec()).partition(|spec| policy.decide_unknown_subject(spec.facts()).is_none());
    for spec in runnable {
        if spec.namespace() != namespace {
            out.push_str(&two_columns(&rows));
            rows.clear();
            namespace = spec.namespace();
            out.push_str(&format!("\nTools: {namespace}\n"));
        }
        rows.push((spec.name.as_str(), spec.summary().into_owned()));
    }
    out.push_str(&two_columns(&rows));
    if !denied.is_empty() {
        let names: Vec<&str> = denied.iter().map(|spec| spec.name.as_str()).collect();
        out.push_str(&format!("\nDenied by the policy, so not listed: {}.\n", names.join(", ")));
    }
    out.push_str("\nTools run as commands: NAME --flag value, NAME '{json}', NAME -h for usage.\n");
    i32::from(!ctx.out(out).await)
}

/// What `config tools` says under a host program: rules over its words bound what toolsh
/// starts, not what the program starts next.
const ADVISORY: &str = "word rules are advisory: it can run programs its words do not name (aliases, hooks, scripts); its confinement is the boundary";

const JSON: Opt = Opt::long("json", "tools: print the list as JSON");
const SCHEMA: Opt = Opt::long("schema", "tools NAME: print the tool's input schema");

/// `config`.
pub const CONFIG: Spec = Spec {
    name: "config",
    summary: "list tools (config tools [QUERY]), their schemas, the policy",
    synopsis: &["tools [QUERY]... [--json]", "tools NAME --schema", "policy", "get [NAME]", "set NAME VALUE"],
    about: "List the tools (those matching QUERY first), show one's schema, the policy's profile and rules, or the session's settings; set lowers a limit (or raises it up to the one the shell started with), or says what a call's deadline does to a line still running (set on-timeout stop|background).",
    options: &[JSON, SCHEMA],
    ..Spec::BASE
};

/// `config get [NAME]`, `config set NAME VALUE`: the session's limits (lowered freely, raised
/// only up to what the shell was started with) and, read-only, its identity and policy.
async fn settings(ctx: &mut Ctx<'_>, args: &[&str]) -> Status {
    let gate = ctx.gate().clone();
    match args {
        ["get"] | ["get", _] => {
            let want = args.get(1).copied();
            let mut rows: Vec<(String, String)> =
                NAMED_LIMITS.iter().map(|l| (l.name.to_string(), (l.get)(ctx.state().limits()).to_string())).collect();
            rows.push(("on-timeout".into(), ctx.state().on_deadline.name().to_string()));
            rows.push(("agent".into(), ctx.agent().to_string()));
            rows.push(("session".into(), gate.audit().session().to_string()));
            rows.push(("profile".into(), gate.policy().profile().name().to_string()));
            rows.push(("store".into(), ctx.store().map_or("none".into(), |s| s.target().to_string())));
            let mut out = String::new();
            for (name, value) in &rows {
                match want {
                    Some(w) if w == name => out.push_str(&format!("{value}\n")),
                    Some(_) => {}
                    None => out.push_str(&format!("{name}={value}\n")),
                }
            }
            if out.is_empty() {
                let names: Vec<&str> = rows.iter().map(|(n, _)| n.as_str()).collect();
                return ctx
                    .fail(format!("unknown setting '{}': known are {}", want.unwrap_or(""), names.join(", ")))
                    .await;
            }
            i32::from(!ctx.out(out).await)
        }
        ["set", "on-timeout", value] => match toolsh_core::session::OnDeadline::named(value) {
            Some(setting) => {
                ctx.set_on_deadline(setting);
                0
            }
            None => ctx.misuse(&CONFIG, format!("on-timeout: `{value}` is neither stop nor background")).await,
        },
        ["set", name, value] => {
            let Some(limit) = NAMED_LIMITS.iter().find(|l| l.name == *name) else {
                let mut names: Vec<&str> = NAMED_LIMITS.iter().map(|l| l.name).collect();
                names.push("on-timeout");
                return ctx.misuse(&CONFIG, format!("'{name}' cannot be set: settable are {}", names.join(", "))).await;
            };
            let Ok(number) = value.parse::<u64>() else {
                return ctx.misuse(&CONFIG, format!("{name}: not a number: {value}")).await;
            };
            match ctx.set_limit(limit, number) {
                Ok(()) => 0,
                Err(max) => {
                    ctx.fail(format!(
                        "{name} cannot go above {max}, the limit this shell was started with (denied by its launcher)"
                    ))
                    .await
                }
            }
        }
        _ => ctx.misuse(&CONFIG, "get takes one NAME at most, set a NAME and a VALUE").await,
    }
}

/// `config tools [QUERY]`, `config tools NAME --schema`, `config policy`, `config get/set`.
pub async fn config(mut ctx: Ctx<'_>, parsed: Args) -> Status {
    let (tools, gate) = (ctx.tools().clone(), ctx.gate().clone());
    let args: Vec<&str> = parsed.operands.iter().map(String::as_str).collect();
    let sub = args.first().copied().unwrap_or_default();
    if let Some((opt, _)) = parsed.given().find(|_| sub != "tools") {
        let name = opt.long.unwrap_or_default();
        return ctx.misuse(&CONFIG, format!("--{name} is an option of 'config tools'")).await;
    }
    match args.as_slice() {
        ["get", ..] | ["set", ..] => settings(&mut ctx, &args).await,
        ["tools", words @ ..] => {
            let json_out = parsed.has(&JSON);
            if parsed.has(&SCHEMA) {
                let [name] = words else {
                    return ctx.misuse(&CONFIG, "--schema needs one tool name").await;
                };
                let Some(tool) = tools.resolve(name) else {
                    return ctx.fail(tools.unknown(name).message).await;
                };
                let text = serde_json::to_string_pretty(tool.spec().schema()).unwrap_or_default();
                return i32::from(!ctx.out(format!("{text}\n")).await);
            }
            let query = words.join(" ").to_lowercase();
            let policy = gate.policy();
            let every = tools.all();
            let mut rows: Vec<(usize, &toolsh_gate::ToolSpec)> = every
                .iter()
                .chain(tools.disabled())
                .map(|t| t.spec())
                .filter_map(|spec| rank(spec, &query).map(|score| (score, spec)))
                .collect();
            rows.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.name.cmp(&b.1.name)));
            if json_out {
                let list: Vec<Value> = rows
                    .iter()
                    .map(|(_, s)| {
                        let mut row = json!({
                            "name": s.name, "description": s.summary(), "side_effect": s.side_effect,
                            "replay": s.replay, "concurrency": s.concurrency,
                            "enabled": policy.disabled_by(&s.name).is_none(),
                            "visible": s.visible, "restricted": s.restricted,
                            "policy": verdict_of(&policy, s).1,
                        });
                        if s.takes_words {
                            row["word_rules"] = json!(ADVISORY);
                        }
                        row
                    })
                    .collect();
                return i32::from(!ctx.out(format!("{}\n", Value::Array(list))).await);
            }
            if rows.is_empty() {
                return ctx.fail(format!("no tool matches '{query}': run 'config tools' for all")).await;
            }
            let mut out = String::new();
            for (_, spec) in rows {
                let mut state = vec![if policy.disabled_by(&spec.name).is_some() { "disabled" } else { "enabled" }];
                if !spec.visible {
                    state.push("hidden");
                }
                if spec.restricted {
                    state.push("restricted");
                }
                out.push_str(&format!(
                    "{:<12} {:<14} {:<19} {:<9} {}\n",
                    spec.name,
                    spec.side_effect.as_str(),
                    state.join(","),
                    verdict_of(&policy, spec).0,
                    spec.summary()
                ));
                // A program judged by its words (a host program) can start others the words do
                // not name (git's aliases and hooks, an interpreter's script): said where the
                // operator reads the verdict, so a word rule is not taken for a wall.
                if spec.takes_words {
                    out.push_str(&format!("{:<12} {ADVISORY}\n", ""));
                }
            }
            i32::from(!ctx.out(out).await)
        }
        ["policy"] => {
            let policy = gate.policy();
            let mut out = format!("profile: {}\n", policy.profile().name());
            for rule in policy.rules() {
                out.push_str(&format!("rule: {rule}\n"));
            }
            i32::from(!ctx.out(out).await)
        }
        _ => ctx.misuse(&CONFIG, "unknown or missing subcommand").await,
    }
}

/// How well `spec` matches `query` (None: not at all). Name matches rank above description
/// matches; every query word must match somewhere.
fn rank(spec: &toolsh_gate::ToolSpec, query: &str) -> Option<usize> {
    if query.is_empty() {
        return Some(0);
    }
    let name = spec.name.to_lowercase();
    let text = spec.description.to_lowercase();
    let mut score = 0;
    for word in query.split_whitespace() {
        let alias = spec.aliases.iter().any(|a| a.to_lowercase().contains(word));
        score += if name == word || name.ends_with(&format!(".{word}")) {
            100
        } else if name.contains(word) {
            50
        } else if alias {
            30
        } else if text.contains(word) {
            10
        } else {
            return None;
        };
    }
    Some(score)
}

const COUNT: Opt = Opt::short('n', "show the last N calls (default 20)").value("N");
const TOOL: Opt = Opt::long("tool", "only calls of tools whose name matches the glob PATTERN").value("PATTERN");
const DENIED: Opt = Opt::long("denied", "only the calls the policy denied");
const AUDIT_JSON: Opt = Opt::long("json", "one JSON object a line");

/// `audit`.
pub const AUDIT: Spec = Spec {
    name: "audit",
    summary: "show recent tool calls with their policy decisions",
    synopsis: &["[-n N] [--tool PATTERN] [--denied] [--json]"],
    about: "Show this session's recent tool calls, newest last: time, tool, command, decision, status, duration, digest of the arguments and the rule that decided.",
    options: &[COUNT, TOOL, DENIED, AUDIT_JSON],
    ..Spec::BASE
};

/// `audit`: recent tool calls of this session, newest last.
pub async fn audit(ctx: Ctx<'_>, args: Args) -> Status {
    if let Some(extra) = args.operands.first() {
        return ctx.misuse(&AUDIT, format!("extra operand '{extra}'")).await;
    }
    let count = match args.last(&COUNT).map(str::parse::<usize>) {
        None => 20,
        Some(Ok(n)) => n,
        Some(Err(_)) => {
            return ctx.misuse(&AUDIT, format!("-n: not a number: {}", args.last(&COUNT).unwrap_or_default())).await;
        }
    };
    let tool = match args.last(&TOOL).map(globset::Glob::new) {
        None => None,
        Some(Ok(glob)) => Some(glob.compile_matcher()),
        Some(Err(err)) => return ctx.misuse(&AUDIT, format!("--tool: {err}")).await,
    };
    let denied_only = args.has(&DENIED);
    let json_out = args.has(&AUDIT_JSON);
    let audit = ctx.gate().audit().clone();
    let records: Vec<_> = audit
        .recent(usize::MAX)
        .into_iter()
        .filter(|r| tool.as_ref().is_none_or(|t| t.is_match(&r.tool)))
        .filter(|r| !denied_only || r.verdict == crate::policy::Verdict::Deny)
        .collect();
    let records = &records[records.len().saturating_sub(count)..];
    let mut out = String::new();
    for r in records {
        let at: chrono::DateTime<chrono::Utc> = r.at.into();
        let at = at.to_rfc3339_opts(chrono::SecondsFormat::Millis, true);
        if json_out {
            let line = json!({
                "time": at, "session": audit.session(), "agent": audit.agent(), "command": r.command,
                "tool": r.tool, "digest": format!("{:016x}", r.digest), "decision": r.verdict.as_str(),
                "rule": &*r.rule, "status": r.status, "micros": r.micros, "calls": r.calls,
            });
            out.push_str(&format!("{line}\n"));
        } else {
            let calls = if r.calls > 1 { format!(" ×{}", r.calls) } else { String::new() };
            out.push_str(&format!(
                "{at} {:<10} {:<8} {:<5} {:>3} {:>7}µs {} ({}){calls}\n",
                r.tool,
                r.command,
                r.verdict.as_str(),
                r.status,
                r.micros,
                format_args!("{:016x}", r.digest),
                r.rule
            ));
        }
    }
    i32::from(!ctx.out(out).await)
}
