//! Tools as commands and discovery: running a registered tool by name (`fs.read --path a`),
//! `help`, `config tools`, and `audit`.

use super::Ctx;
use super::spec::{Opt, Spec};
use crate::interp::io::Io;
use crate::interp::{Shared, Status};
use crate::tools::{Tool, ToolCx, flags};
use serde_json::{Value, json};
use std::sync::Arc;

/// What a tool body gets when `command`, run in `cwd`, calls it.
pub(crate) fn tool_cx(shared: &Arc<Shared>, cwd: &str, command: &str) -> ToolCx {
    ToolCx {
        vfs: shared.vfs.clone(),
        cwd: cwd.to_string(),
        agent: shared.agent.clone(),
        session: shared.gate.audit().session().to_string(),
        command: command.to_string(),
        gate: shared.gate.clone(),
        store: shared.store.clone(),
        meter: Arc::default(),
        pace: shared.pace.clone(),
    }
}

/// Runs `argv` as a call of `tool` in the session `state`: words to JSON by the schema, standard input into the
/// tool's text property, the result to standard output.
pub(crate) async fn run_tool(
    shared: &Arc<Shared>,
    state: &crate::interp::State,
    tool: Arc<dyn Tool>,
    argv: Vec<String>,
    io: &Io,
) -> Status {
    let spec = tool.spec();
    let say = |bytes: Vec<u8>, err: bool| async move {
        let out = if err { io.stderr() } else { io.stdout() };
        let _ = out.write_all(&bytes).await;
    };
    if matches!(argv.get(1).map(String::as_str), Some("-h" | "--help")) {
        say(flags::usage(spec).into_bytes(), false).await;
        return 0;
    }
    let mut args = match flags::parse_argv(spec, &argv[1..]) {
        Ok(args) => args,
        Err(err) => {
            say(format!("{}\n{}", err.message, flags::usage(spec)).into_bytes(), true).await;
            return err.status;
        }
    };
    if let Some(property) = flags::stdin_property(spec, &args)
        && !io.stdin().is_null()
    {
        let held = crate::interp::HeldInput::new(shared);
        let bytes = match held.read_whole(&io.stdin(), state.limits.input_bytes).await {
            Ok(bytes) => bytes,
            Err(err) => {
                say(format!("{}: {}\n", argv[0], crate::vfs::describe(&err)).into_bytes(), true).await;
                return 1;
            }
        };
        args.insert(property.to_string(), Value::String(String::from_utf8_lossy(&bytes).into_owned()));
    }
    let cx = tool_cx(shared, &state.cwd, &argv[0]);
    match shared.tools.call(&shared.gate, cx, &argv[0], &spec.name, Value::Object(args)).await {
        Ok(output) => {
            say(output.into_bytes(), false).await;
            0
        }
        Err(err) => {
            let usage = if err.status == crate::interp::EXIT_USAGE { flags::usage(spec) } else { String::new() };
            say(format!("{}\n{usage}", err.message).into_bytes(), true).await;
            err.status
        }
    }
}

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
pub async fn help(ctx: Ctx<'_>) -> Status {
    let shared = ctx.shared().clone();
    let args = match ctx.args(&HELP).await {
        Ok(args) => args,
        Err(status) => return status,
    };
    if !args.operands.is_empty() {
        let mut status = 0;
        for name in &args.operands {
            status = status.max(help_on(&ctx, &shared, name).await);
        }
        return status;
    }
    help_index(&ctx, &shared).await
}

/// `help NAME`: a tool's usage, a command's help, a namespace's tools.
async fn help_on(ctx: &Ctx<'_>, shared: &Arc<Shared>, name: &str) -> Status {
    if let Some(tool) = shared.tools.resolve(name) {
        return i32::from(!ctx.out(flags::usage(tool.spec())).await);
    }
    let mut out = String::new();
    if let Some(entry) = super::lookup(name) {
        out.push_str(&entry.spec.help());
        if let Some(tools) = super::adapter_of(name) {
            out.push_str(&format!("It calls the tools {}.\n", tools.join(", ")));
        }
    }
    // A namespace (`help crm`, `help crm.*`) lists its tools, also when a command shares the name.
    let namespace = name.trim_end_matches(['.', '*']);
    let listed: Vec<String> = shared
        .tools
        .visible()
        .filter(|spec| spec.namespace() == namespace)
        .map(|spec| format!("  {:<12} {}\n", spec.name, spec.summary()))
        .collect();
    if !listed.is_empty() {
        out.push_str(&format!("Tools: {namespace} ('NAME -h' for usage)\n"));
        out.extend(listed);
    }
    if out.is_empty() {
        return ctx.fail(format!("no help for '{name}': run 'help' for the list")).await;
    }
    i32::from(!ctx.out(out).await)
}

/// `help`: every command, then the tools by namespace.
async fn help_index(ctx: &Ctx<'_>, shared: &Arc<Shared>) -> Status {
    let mut out = String::from("Shell commands (bash-like; 'help NAME' for one, 'help NS' for a namespace's tools):\n");
    for builtin in super::all().iter().filter(|b| b.name.chars().all(|c| c.is_ascii_alphanumeric())) {
        out.push_str(&format!("  {:<12} {}\n", builtin.name, builtin.summary));
    }
    let mut namespace = "";
    for spec in shared.tools.visible() {
        if spec.namespace() != namespace {
            namespace = spec.namespace();
            out.push_str(&format!("\nTools: {namespace}\n"));
        }
        out.push_str(&format!("  {:<12} {}\n", spec.name, spec.summary()));
    }
    out.push_str("\nTools run as commands: NAME --flag value, NAME '{json}', NAME -h for usage.\n");
    i32::from(!ctx.out(out).await)
}

const JSON: Opt = Opt::long("json", "tools: print the list as JSON");
const SCHEMA: Opt = Opt::long("schema", "tools NAME: print the tool's input schema");

/// `config`.
pub const CONFIG: Spec = Spec {
    name: "config",
    summary: "list tools (config tools [QUERY]), their schemas, the policy",
    synopsis: &["tools [QUERY]... [--json]", "tools NAME --schema", "policy", "get [NAME]", "set NAME VALUE"],
    about: "List the tools (those matching QUERY first), show one's schema, the policy's profile and rules, or the session's settings; set lowers a limit (or raises it up to the one the shell started with).",
    options: &[JSON, SCHEMA],
    ..Spec::BASE
};

/// The session settings `config get`/`config set` know: name, reader, writer.
type Setting = (&'static str, fn(&crate::interp::Limits) -> u64, fn(&mut crate::interp::Limits, u64));

const SETTINGS: &[Setting] = &[
    ("call-depth", |l| l.call_depth as u64, |l, v| l.call_depth = v as usize),
    ("commands", |l| l.commands, |l, v| l.commands = v),
    ("input-bytes", |l| l.input_bytes as u64, |l, v| l.input_bytes = v as usize),
    ("loop-iterations", |l| l.loop_iterations, |l, v| l.loop_iterations = v),
    ("output-bytes", |l| l.output_bytes as u64, |l, v| l.output_bytes = v as usize),
    ("variable-bytes", |l| l.variable_bytes as u64, |l, v| l.variable_bytes = v as usize),
    (
        "timeout-ms",
        |l| l.wall_time.map_or(0, |d| d.as_millis() as u64),
        |l, v| l.wall_time = (v > 0).then(|| std::time::Duration::from_millis(v)),
    ),
];

/// `config get [NAME]`, `config set NAME VALUE`: the session's limits (lowered freely, raised
/// only up to what the shell was started with) and, read-only, its identity and policy.
async fn settings(ctx: &mut Ctx<'_>, args: &[&str]) -> Status {
    let shared = ctx.shared().clone();
    let ceiling = shared.limits;
    match args {
        ["get"] | ["get", _] => {
            let want = args.get(1).copied();
            let mut rows: Vec<(String, String)> =
                SETTINGS.iter().map(|(name, get, _)| (name.to_string(), get(&ctx.state.limits).to_string())).collect();
            rows.push(("agent".into(), shared.agent.clone()));
            rows.push(("session".into(), shared.gate.audit().session().to_string()));
            rows.push(("profile".into(), shared.gate.policy().profile().name().to_string()));
            rows.push((
                "store".into(),
                shared.store.as_ref().map_or("none".into(), |s| s.path().display().to_string()),
            ));
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
        ["set", name, value] => {
            let Some((_, get, set)) = SETTINGS.iter().find(|(n, _, _)| n == name) else {
                let names: Vec<&str> = SETTINGS.iter().map(|(n, _, _)| *n).collect();
                return ctx.misuse(&CONFIG, format!("'{name}' cannot be set: settable are {}", names.join(", "))).await;
            };
            let Ok(number) = value.parse::<u64>() else {
                return ctx.misuse(&CONFIG, format!("{name}: not a number: {value}")).await;
            };
            let max = get(&ceiling);
            let unlimited_ceiling = *name == "timeout-ms" && max == 0;
            if !unlimited_ceiling && (number > max || (*name == "timeout-ms" && number == 0)) {
                return ctx
                    .fail(format!(
                        "{name} cannot go above {max}, the limit this shell was started with (denied by its launcher)"
                    ))
                    .await;
            }
            set(&mut ctx.state.limits, number);
            0
        }
        _ => ctx.misuse(&CONFIG, "get takes one NAME at most, set a NAME and a VALUE").await,
    }
}

/// `config tools [QUERY]`, `config tools NAME --schema`, `config policy`, `config get/set`.
pub async fn config(mut ctx: Ctx<'_>) -> Status {
    let shared = ctx.shared().clone();
    let parsed = match ctx.args(&CONFIG).await {
        Ok(parsed) => parsed,
        Err(status) => return status,
    };
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
                let Some(tool) = shared.tools.resolve(name) else {
                    return ctx.fail(shared.tools.unknown(name).message).await;
                };
                let text = serde_json::to_string_pretty(tool.spec().schema()).unwrap_or_default();
                return i32::from(!ctx.out(format!("{text}\n")).await);
            }
            let query = words.join(" ").to_lowercase();
            let policy = shared.gate.policy();
            let mut rows: Vec<(usize, &crate::tools::ToolSpec)> = shared
                .tools
                .iter()
                .chain(shared.tools.disabled())
                .map(|t| t.spec())
                .filter_map(|spec| rank(spec, &query).map(|score| (score, spec)))
                .collect();
            rows.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.name.cmp(&b.1.name)));
            if json_out {
                let list: Vec<Value> = rows
                    .iter()
                    .map(|(_, s)| {
                        json!({
                            "name": s.name, "description": s.summary(), "side_effect": s.side_effect,
                            "replay": s.replay, "concurrency": s.concurrency,
                            "enabled": policy.disabled_by(&s.name).is_none(),
                            "visible": s.visible, "restricted": s.restricted,
                            "policy": policy.decide(s.facts(), None).to_string(),
                        })
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
                let decision = policy.decide(spec.facts(), None);
                out.push_str(&format!(
                    "{:<12} {:<14} {:<19} {:<9} {}\n",
                    spec.name,
                    spec.side_effect.as_str(),
                    state.join(","),
                    decision.verdict.as_str(),
                    spec.summary()
                ));
            }
            i32::from(!ctx.out(out).await)
        }
        ["policy"] => {
            let policy = shared.gate.policy();
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
fn rank(spec: &crate::tools::ToolSpec, query: &str) -> Option<usize> {
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
pub async fn audit(ctx: Ctx<'_>) -> Status {
    let args = match ctx.args(&AUDIT).await {
        Ok(args) => args,
        Err(status) => return status,
    };
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
    let audit = ctx.shared().gate.audit().clone();
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

/// Calls a tool for an adapter command: the JSON result, or the status after the error was
/// printed as `command: message`.
pub(crate) async fn call(ctx: &Ctx<'_>, tool: &str, args: Value) -> Result<Value, Status> {
    match call_quiet(ctx, tool, args).await {
        Ok(value) => Ok(value),
        Err(err) => {
            if err.status == crate::tools::gate::EXIT_DENIED {
                ctx.err(format!("{}\n", err.message)).await;
            } else {
                ctx.complain(&err.message).await;
            }
            Err(err.status)
        }
    }
}

/// Calls a tool for an adapter command that words its own errors.
pub(crate) async fn call_quiet(ctx: &Ctx<'_>, tool: &str, args: Value) -> Result<Value, crate::tools::ToolError> {
    let shared = ctx.shared().clone();
    let cx = tool_cx(&shared, &ctx.state.cwd, ctx.name());
    shared.tools.call(&shared.gate, cx, ctx.name(), tool, args).await.map(|output| output.into_json())
}
