//! `at`, `atq`, `atrm` and `crontab` over the `timer.*` tools: scripts scheduled in the store
//! for this agent, run by `toolsh serve` in a fresh session of the agent (times in UTC).

use crate::Ctx;
use crate::session::Status;
use crate::spec::{Args, Opt, Spec};
use serde_json::Value;
use toolsh_gate::calls::*;

const FILE: Opt = Opt::short('f', "read the script from FILE, not standard input").value("FILE");
const TIME: Opt = Opt::short('t', "the time as [[CC]YY]MMDDhhmm[.ss]").value("TIME");
const RUNS: Opt = Opt::long("runs", "the latest runs (of job ID), with their status and output");
const LIST: Opt = Opt::short('l', "show this agent's crontab");
const REMOVE: Opt = Opt::short('r', "remove this agent's crontab");

/// `at`.
pub const AT: Spec = Spec {
    name: "at",
    summary: "run a script once, later",
    synopsis: &["[-f FILE] TIME...", "-t [[CC]YY]MMDDhhmm[.ss]"],
    about: "Schedule the script on standard input (or in FILE) to run once at TIME: now + N minutes|hours|days|weeks (seconds too), HH:MM [today|tomorrow|YYYY-MM-DD], 9am, noon, midnight, teatime, YYYY-MM-DD HH:MM (UTC). toolsh serve runs it in a fresh session of this agent, in this directory, with this line's exported variables, under this line's policy and the server's (the stricter holds); a failure is sent to the agent's inbox.",
    options: &[FILE, TIME],
    tools: &["timer.at"],
    ..Spec::BASE
};

/// `atq`.
pub const ATQ: Spec = Spec {
    name: "atq",
    summary: "list pending at jobs, or their runs",
    synopsis: &["", "--runs [ID]"],
    about: "List this agent's pending at jobs (number, time, queue a, agent), saying on standard error when no toolsh serve is firing timers for this store; with --runs, the latest runs of at jobs and crontab entries with their status and output.",
    options: &[RUNS],
    tools: &["timer.list"],
    ..Spec::BASE
};

/// `atrm`.
pub const ATRM: Spec = Spec {
    name: "atrm",
    summary: "remove pending at jobs",
    synopsis: &["JOB..."],
    tools: &["timer.remove"],
    ..Spec::BASE
};

/// `crontab`.
pub const CRONTAB: Spec = Spec {
    name: "crontab",
    summary: "install, list or remove this agent's crontab",
    synopsis: &["FILE", "-", "-l", "-r"],
    about: "Install FILE (or standard input with -) as this agent's crontab, replacing it: five fields (minute hour day-of-month month day-of-week; six with seconds first) or @hourly, @daily, @weekly, @monthly, @yearly, then the command; NAME=value lines are exported to the entries after them. Times are UTC. toolsh serve runs each entry when due, in a fresh session of this agent, under this line's policy and the server's (the stricter holds); missed times are skipped, as cron does.",
    options: &[LIST, REMOVE],
    tools: &["timer.crontab"],
    ..Spec::BASE
};

/// `at [-f FILE] TIME…`, `at -t STAMP`.
pub async fn at(ctx: Ctx<'_>, args: Args) -> Status {
    let when = match args.last(&TIME) {
        Some(stamp) if args.operands.is_empty() => {
            match toolsh_core::timers::parse_touch_time(stamp, chrono::Utc::now()) {
                Ok(time) => time.format("%Y-%m-%d %H:%M:%S").to_string(),
                Err(why) => return ctx.fail(why).await,
            }
        }
        Some(_) => return ctx.misuse(&AT, "-t and a TIME together").await,
        None if args.operands.is_empty() => return ctx.misuse(&AT, "missing TIME").await,
        None => args.operands.join(" "),
    };
    let script = match args.last(&FILE) {
        Some(file) => match ctx.vfs.read(&ctx.abs(file)) {
            Ok(bytes) => bytes,
            Err(err) => return ctx.fail(format!("{file}: {}", crate::vfs::describe(&err))).await,
        },
        None => match ctx.read_stdin().await {
            Ok(bytes) => bytes,
            Err(err) => return ctx.fail(crate::vfs::describe(&err)).await,
        },
    };
    let script = toolsh_bytes::decode(&script);
    if script.trim().is_empty() {
        return ctx.fail("no script to run: give it on standard input or with -f FILE").await;
    }
    // As real `at` does, the job carries this line's exported variables (its directory is
    // kept with the job).
    let command = format!("{}{script}", environment_line(&ctx));
    match ctx.call(&TimerAt { when: when.to_string(), command: command.to_string() }).await {
        Ok(job) => {
            ctx.err(format!("job {} at {}\n", job["id"], job["at"].as_str().unwrap_or_default())).await;
            0
        }
        Err(status) => status,
    }
}

/// `atq`, `atq --runs [ID]`.
pub async fn atq(ctx: Ctx<'_>, args: Args) -> Status {
    let runs = args.has(&RUNS);
    let id = match args.operands.first().map(|id| id.parse::<i64>()) {
        None => None,
        Some(Ok(id)) if runs => Some(id),
        Some(_) => return ctx.misuse(&ATQ, format!("'{}': only --runs takes a job number", args.operands[0])).await,
    };
    let list = match ctx.call(&TimerList { runs, id, server: false }).await {
        Ok(Value::Array(list)) => list,
        Ok(_) => Vec::new(),
        Err(status) => return status,
    };
    let mut out = String::new();
    let agent = ctx.agent().to_string();
    for item in &list {
        let text = |key: &str| item[key].as_str().unwrap_or_default().to_string();
        if runs {
            let status = item["status"].as_i64().map_or_else(|| "running".to_string(), |s| format!("exit {s}"));
            let command = text("command");
            let command = toolsh_core::timers::shown_command(&command).trim();
            out.push_str(&format!("{}\t{}\t{}\t{command}\n", item["id"], text("slot"), status));
            for line in text("output").lines() {
                out.push_str(&format!("\t{line}\n"));
            }
        } else if item["kind"] == "at" {
            out.push_str(&format!("{}\t{} a {agent}\n", item["id"], text("next")));
        }
    }
    if !ctx.out(out).await {
        return 1;
    }
    // Pending jobs wait for a server: say so when none is firing them (any status is kept).
    if !runs
        && let Ok(server) = ctx.call(&TimerList { runs: false, id: None, server: true }).await
        && server["firing"] == false
    {
        ctx.err("atq: no toolsh serve is firing timers for this store now: pending jobs run once one starts (toolsh serve --store …)\n").await;
    }
    0
}

/// `atrm JOB…`.
pub async fn atrm(ctx: Ctx<'_>, args: Args) -> Status {
    if args.operands.is_empty() {
        return ctx.misuse(&ATRM, "missing JOB").await;
    }
    let mut status = 0;
    for job in &args.operands {
        let Ok(id) = job.parse::<i64>() else {
            ctx.complain(format!("Cannot find jobid {job}")).await;
            status = 1;
            continue;
        };
        if let Err(failed) = ctx.call(&TimerRemove { id }).await {
            status = failed;
        }
    }
    status
}

/// The scheduling line's exported variables as the line a timer's script starts with
/// (`export A=1 B=2; # the scheduling line's environment`), which shown commands and `crontab
/// -l` leave out; empty when nothing is exported.
fn environment_line(ctx: &Ctx<'_>) -> String {
    let mut exports: Vec<String> = ctx
        .state()
        .vars
        .exported()
        .into_iter()
        .filter(|(name, _)| !matches!(name.as_str(), "PWD" | "OLDPWD" | "SHLVL" | "_"))
        .map(|(name, value)| format!("{name}={}", crate::text::printf::shell_quote(&value)))
        .collect();
    if exports.is_empty() {
        return String::new();
    }
    exports.sort();
    format!("export {}; {}\n", exports.join(" "), toolsh_core::timers::ENV_MARK)
}

/// `crontab FILE|-`, `crontab -l`, `crontab -r`.
pub async fn crontab(ctx: Ctx<'_>, args: Args) -> Status {
    let (list, remove) = (args.has(&LIST), args.has(&REMOVE));
    match (list, remove, args.operands.as_slice()) {
        (true, false, []) => match ctx.call(&TimerCrontab { text: None, remove: false }).await {
            Ok(Value::String(text)) => i32::from(!ctx.out(text).await),
            Ok(other) => i32::from(!ctx.out(format!("{other}\n")).await),
            Err(status) => status,
        },
        (false, true, []) => ctx.call(&TimerCrontab { text: None, remove: true }).await.map_or_else(|s| s, |_| 0),
        (false, false, [file]) => {
            let text = if file == "-" { ctx.read_stdin().await } else { ctx.vfs.read(&ctx.abs(file)) };
            // Its entries run with this line's exported variables, as an `at` job does (the
            // crontab's own `NAME=value` lines come after them, so they win).
            let text = match text {
                Ok(bytes) => format!("{}{}", environment_line(&ctx), toolsh_bytes::decode(&bytes)),
                Err(err) => return ctx.fail(format!("{file}: {}", crate::vfs::describe(&err))).await,
            };
            ctx.call(&TimerCrontab { text: Some(text.to_string()), remove: false }).await.map_or_else(|s| s, |_| 0)
        }
        _ => ctx.misuse(&CRONTAB, "give one of FILE, -, -l or -r").await,
    }
}
