//! Commands that run other commands: `xargs` (arguments from standard input) and `env` (a changed
//! environment). The commands run in subshells of the session, never as host programs.

use super::Ctx;
use crate::interp::Status;
use crate::interp::io::{Input, Io};
use crate::interp::vars::{Attrs, is_name};

/// Splits xargs input the POSIX way: blanks separate, quotes and backslashes protect.
fn split_items(text: &str) -> Result<Vec<String>, String> {
    let mut items = Vec::new();
    let mut current = String::new();
    let mut in_item = false;
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        match c {
            '\'' | '"' => {
                in_item = true;
                loop {
                    match chars.next() {
                        Some(q) if q == c => break,
                        Some('\n') | None => {
                            return Err(format!("unmatched {} quote", if c == '"' { "double" } else { "single" }));
                        }
                        Some(other) => current.push(other),
                    }
                }
            }
            '\\' => {
                in_item = true;
                if let Some(next) = chars.next() {
                    current.push(next);
                }
            }
            c if c.is_whitespace() => {
                if in_item {
                    items.push(std::mem::take(&mut current));
                    in_item = false;
                }
            }
            other => {
                in_item = true;
                current.push(other);
            }
        }
    }
    if in_item {
        items.push(current);
    }
    Ok(items)
}

/// `xargs [-0] [-d DELIM] [-n N] [-L N] [-I REPL] [-r] [-t] [-P N] [command [args…]]`
pub async fn xargs(ctx: Ctx<'_>) -> Status {
    const USAGE: &str = "xargs [-0] [-d DELIM] [-n N] [-L N] [-I REPL] [-r] [-t] [COMMAND [ARG...]]";
    let mut null = false;
    let mut delimiter: Option<char> = None;
    let mut max_args: Option<usize> = None;
    let mut max_lines: Option<usize> = None;
    let mut replace: Option<String> = None;
    let mut no_run_if_empty = false;
    let mut trace = false;
    let mut idx = 1;
    while idx < ctx.argv.len() {
        let arg = ctx.argv[idx].clone();
        if !arg.starts_with('-') || arg == "-" {
            break;
        }
        idx += 1;
        if arg == "--" {
            break;
        }
        let flag = arg.chars().nth(1).unwrap_or('-');
        let inline = arg.get(2..).unwrap_or("").to_string();
        let mut value = || {
            if inline.is_empty() {
                idx += 1;
                ctx.argv.get(idx - 1).cloned()
            } else {
                Some(inline.clone())
            }
        };
        match flag {
            '0' => null = true,
            'r' => no_run_if_empty = true,
            't' => trace = true,
            'd' => {
                let spec = value().unwrap_or_default();
                let (decoded, _) = super::text::expand_backslashes(&spec);
                delimiter = decoded.chars().next();
            }
            'n' | 'L' | 'P' => {
                let Some(n) = value().and_then(|v| v.parse::<usize>().ok()) else {
                    return ctx.usage(format!("-{flag} needs a number"), USAGE).await;
                };
                match flag {
                    'n' => max_args = Some(n.max(1)),
                    'L' => max_lines = Some(n.max(1)),
                    _ => {}
                }
            }
            'I' | 'i' => {
                replace = Some(value().unwrap_or_else(|| "{}".to_string()));
                max_lines = Some(1);
            }
            _ => return ctx.usage(format!("invalid option -- '{flag}'"), USAGE).await,
        }
    }
    let mut command: Vec<String> = ctx.argv[idx..].to_vec();
    if command.is_empty() {
        command.push("echo".to_string());
    }
    let input = match ctx.read_stdin().await {
        Ok(input) => input,
        Err(err) => return ctx.fail(crate::vfs::describe(&err)).await,
    };
    let text = String::from_utf8_lossy(&input).into_owned();
    // Each group is the arguments of one invocation.
    let groups: Vec<Vec<String>> = if let Some(pattern) = &replace {
        text.lines()
            .map(str::trim_start)
            .filter(|l| !l.is_empty())
            .map(|line| command[1..].iter().map(|a| a.replace(pattern.as_str(), line)).collect())
            .collect()
    } else {
        let items: Vec<String> = if null {
            text.split('\0').filter(|s| !s.is_empty()).map(str::to_string).collect()
        } else if let Some(d) = delimiter {
            let mut items: Vec<String> = text.split(d).map(str::to_string).collect();
            if items.last().is_some_and(String::is_empty) {
                items.pop();
            }
            items
        } else if let Some(lines) = max_lines {
            let mut groups = Vec::new();
            let all: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
            for chunk in all.chunks(lines) {
                match split_items(&chunk.join("\n")) {
                    Ok(items) => groups.push(items),
                    Err(message) => return ctx.fail(message).await,
                }
            }
            return run_groups(&ctx, &command, groups, no_run_if_empty, trace).await;
        } else {
            match split_items(&text) {
                Ok(items) => items,
                Err(message) => return ctx.fail(message).await,
            }
        };
        match max_args {
            Some(n) => items.chunks(n).map(<[String]>::to_vec).collect(),
            None if items.is_empty() => Vec::new(),
            None => vec![items],
        }
    };
    let command = if replace.is_some() { command[..1].to_vec() } else { command };
    run_groups(&ctx, &command, groups, no_run_if_empty || replace.is_some(), trace).await
}

async fn run_groups(
    ctx: &Ctx<'_>,
    command: &[String],
    groups: Vec<Vec<String>>,
    skip_empty: bool,
    trace: bool,
) -> Status {
    let groups = if groups.is_empty() && !skip_empty { vec![Vec::new()] } else { groups };
    // The commands must not read the input xargs consumed.
    let io = {
        let mut io = ctx.io.clone();
        io.set(0, Some(crate::interp::io::Fd::Input(Input::null())));
        io
    };
    let mut status = 0;
    for group in groups {
        let mut argv = command.to_vec();
        argv.extend(group);
        if trace {
            ctx.err(format!("{}\n", argv.join(" "))).await;
        }
        let code = ctx.run_with(argv, &io, |_| {}).await;
        match code {
            0 => {}
            255 => {
                ctx.complain(format!("{}: exited with status 255; aborting", command[0])).await;
                return 124;
            }
            126 | 127 => return code,
            _ => status = 123,
        }
    }
    status
}

/// `env [-i] [-u NAME]… [NAME=VALUE]… [COMMAND [ARG]…]`
pub async fn env(ctx: Ctx<'_>) -> Status {
    let mut clear = false;
    let mut unset = Vec::new();
    let mut set = Vec::new();
    let mut idx = 1;
    while idx < ctx.argv.len() {
        let arg = &ctx.argv[idx];
        match arg.as_str() {
            "-i" | "-" | "--ignore-environment" => clear = true,
            "-u" => {
                idx += 1;
                if let Some(name) = ctx.argv.get(idx) {
                    unset.push(name.clone());
                }
            }
            "--" => {
                idx += 1;
                break;
            }
            _ => match arg.split_once('=') {
                Some((name, value)) if is_name(name) => set.push((name.to_string(), value.to_string())),
                _ => break,
            },
        }
        idx += 1;
    }
    let command = ctx.argv[idx..].to_vec();
    let adjust = |state: &mut crate::interp::State| {
        if clear {
            for name in state.vars.names() {
                if state.vars.get(&name).is_some_and(|v| v.attrs.has(Attrs::EXPORT)) {
                    state.vars.remove(&name);
                }
            }
        }
        for name in &unset {
            state.vars.remove(name);
        }
        for (name, value) in &set {
            state.vars.remove(name);
            let _ = state.vars.set(name, value.clone());
            if let Some(var) = state.vars.get_mut(name) {
                var.attrs.set(Attrs::EXPORT, true);
            }
        }
    };
    if command.is_empty() {
        let mut state = ctx.state.clone();
        adjust(&mut state);
        let mut out = String::new();
        for (name, value) in state.vars.exported() {
            out.push_str(&format!("{name}={value}\n"));
        }
        return if ctx.out(out).await { 0 } else { 1 };
    }
    let io: &Io = ctx.io;
    ctx.run_with(command, io, adjust).await
}
