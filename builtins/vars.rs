//! Commands over the session's variables and options: `set`, `shift`, `shopt`, `unset`,
//! `read`, `getopts`, `let`, `env`.

use super::Ctx;
use crate::interp::vars::{Value, is_name};
use crate::interp::{Options, Status};
use std::sync::Arc;

const SET_OPTIONS: &[(&str, char)] = &[
    ("allexport", 'a'),
    ("errexit", 'e'),
    ("noglob", 'f'),
    ("nounset", 'u'),
    ("xtrace", 'x'),
    ("noclobber", 'C'),
    ("pipefail", '\0'),
];

fn option_slot<'o>(options: &'o mut Options, name: &str) -> Option<&'o mut bool> {
    Some(match name {
        "allexport" | "a" => &mut options.allexport,
        "errexit" | "e" => &mut options.errexit,
        "noglob" | "f" => &mut options.noglob,
        "nounset" | "u" => &mut options.nounset,
        "xtrace" | "x" => &mut options.xtrace,
        "noclobber" | "C" => &mut options.noclobber,
        "pipefail" => &mut options.pipefail,
        "globstar" => &mut options.globstar,
        "extglob" => &mut options.extglob,
        "nullglob" => &mut options.nullglob,
        "failglob" => &mut options.failglob,
        "dotglob" => &mut options.dotglob,
        "nocaseglob" => &mut options.nocaseglob,
        "nocasematch" => &mut options.nocasematch,
        _ => return None,
    })
}

/// `set [-+euxfCa] [-o name] [--] [args…]`
pub async fn set(ctx: Ctx<'_>) -> Status {
    let args = ctx.argv[1..].to_vec();
    if args.is_empty() {
        let mut out = String::new();
        for name in ctx.state.vars.names() {
            if let Some(value) = ctx.state.vars.get_str(&name) {
                out.push_str(&format!("{name}={}\n", super::text::quote_for_reuse(value)));
            }
        }
        ctx.out(out).await;
        return 0;
    }
    let mut idx = 0;
    let mut positional = None;
    while idx < args.len() {
        let arg = &args[idx];
        if arg == "--" {
            positional = Some(args[idx + 1..].to_vec());
            break;
        }
        let on = arg.starts_with('-');
        if !(on || arg.starts_with('+')) || arg.len() < 2 {
            if arg == "-" {
                idx += 1;
            }
            positional = Some(args[idx..].to_vec());
            break;
        }
        for flag in arg[1..].chars() {
            if flag == 'o' {
                idx += 1;
                match args.get(idx) {
                    Some(name) => match option_slot(&mut ctx.state.options, name) {
                        Some(slot) if SET_OPTIONS.iter().any(|(n, _)| n == name) => *slot = on,
                        _ => {
                            return ctx
                                .usage(
                                    format!("{name}: invalid option name"),
                                    "set [-euxfC] [-o option] [--] [arg ...]",
                                )
                                .await;
                        }
                    },
                    None => {
                        let mut out = String::new();
                        for (name, _) in SET_OPTIONS {
                            let value = option_slot(&mut ctx.state.options.clone(), name).is_some_and(|v| *v);
                            if on {
                                out.push_str(&format!("{name:<15}\t{}\n", if value { "on" } else { "off" }));
                            } else {
                                out.push_str(&format!("set {}o {name}\n", if value { '-' } else { '+' }));
                            }
                        }
                        ctx.out(out).await;
                        return 0;
                    }
                }
                continue;
            }
            let name = flag.to_string();
            match option_slot(&mut ctx.state.options, &name) {
                Some(slot) => *slot = on,
                None if matches!(flag, 'h' | 'B' | 'H' | 'm' | 'b' | 'v' | 'n' | 'T' | 'E' | 'P') => {}
                None => {
                    return ctx
                        .usage(format!("-{flag}: invalid option"), "set [-euxfC] [-o option] [--] [arg ...]")
                        .await;
                }
            }
        }
        idx += 1;
    }
    if let Some(positional) = positional {
        ctx.state.positional = Arc::new(positional);
    }
    0
}

/// `shift [n]`
pub async fn shift(ctx: Ctx<'_>) -> Status {
    let count = match ctx.argv.get(1).map(|n| n.parse::<usize>()) {
        None => 1,
        Some(Ok(n)) => n,
        Some(Err(_)) => return ctx.fail(format!("{}: numeric argument required", ctx.argv[1])).await,
    };
    if count > ctx.state.positional.len() {
        return 1;
    }
    let rest = ctx.state.positional[count..].to_vec();
    ctx.state.positional = Arc::new(rest);
    0
}

/// `shopt [-s|-u|-q] [name…]`
pub async fn shopt(ctx: Ctx<'_>) -> Status {
    let mut mode = None;
    let mut quiet = false;
    let mut names = Vec::new();
    for arg in &ctx.argv[1..] {
        match arg.as_str() {
            "-s" => mode = Some(true),
            "-u" => mode = Some(false),
            "-q" => quiet = true,
            "-p" | "-o" => {}
            _ => names.push(arg.clone()),
        }
    }
    let known = ["dotglob", "extglob", "failglob", "globstar", "nocaseglob", "nocasematch", "nullglob"];
    if names.is_empty() {
        let mut out = String::new();
        for name in known {
            let value = option_slot(&mut ctx.state.options.clone(), name).is_some_and(|v| *v);
            if mode.is_none_or(|m| m == value) {
                out.push_str(&format!("{name:<15}\t{}\n", if value { "on" } else { "off" }));
            }
        }
        ctx.out(out).await;
        return 0;
    }
    let mut status = 0;
    for name in names {
        let ignored =
            matches!(name.as_str(), "lastpipe" | "expand_aliases" | "checkwinsize" | "histappend" | "inherit_errexit");
        match option_slot(&mut ctx.state.options, &name) {
            Some(slot) if known.contains(&name.as_str()) => match mode {
                Some(on) => *slot = on,
                None => {
                    let value = *slot;
                    if !quiet {
                        let line = format!("{name:<15}\t{}\n", if value { "on" } else { "off" });
                        ctx.out(line).await;
                    }
                    if !value {
                        status = 1;
                    }
                }
            },
            _ if ignored => {}
            _ => {
                ctx.complain(format!("{name}: invalid shell option name")).await;
                status = 1;
            }
        }
    }
    status
}

/// `unset [-v|-f|-n] name…`
pub async fn unset(ctx: Ctx<'_>) -> Status {
    let mut functions = false;
    let mut variables = false;
    let mut status = 0;
    for arg in &ctx.argv[1..] {
        match arg.as_str() {
            "-f" => {
                functions = true;
                continue;
            }
            "-v" => {
                variables = true;
                continue;
            }
            "-n" => continue,
            _ => {}
        }
        if functions {
            Arc::make_mut(&mut ctx.state.functions).remove(arg);
            continue;
        }
        if let Some((name, rest)) = arg.split_once('[') {
            let key = rest.trim_end_matches(']');
            ctx.state.vars.unset_element(name, key);
            continue;
        }
        if !is_name(arg) {
            ctx.complain(format!("`{arg}': not a valid identifier")).await;
            status = 1;
            continue;
        }
        match ctx.state.vars.unset(arg) {
            Ok(Some(_)) => {}
            Ok(None) if !variables => {
                Arc::make_mut(&mut ctx.state.functions).remove(arg);
            }
            Ok(None) => {}
            Err(_) => {
                ctx.complain(format!("{arg}: cannot unset: readonly variable")).await;
                status = 1;
            }
        }
    }
    status
}

/// Splits `text` for `read`: at most `count` fields, the last taking the rest.
fn split_for_read(text: &[(char, bool)], ifs: &str, count: usize) -> Vec<String> {
    let is_ifs = |&(c, escaped): &(char, bool)| !escaped && ifs.contains(c);
    let is_ws = |&(c, escaped): &(char, bool)| !escaped && ifs.contains(c) && c.is_whitespace();
    let mut fields = Vec::new();
    let mut idx = 0;
    let n = text.len();
    while idx < n && is_ws(&text[idx]) {
        idx += 1;
    }
    while idx < n {
        if fields.len() + 1 == count {
            let mut end = n;
            while end > idx && is_ws(&text[end - 1]) {
                end -= 1;
            }
            // A single trailing non-whitespace delimiter is dropped, as bash does.
            if end > idx && is_ifs(&text[end - 1]) && !is_ws(&text[end - 1]) {
                let before = &text[idx..end - 1];
                if !before.iter().any(is_ifs) {
                    end -= 1;
                }
            }
            fields.push(text[idx..end].iter().map(|(c, _)| *c).collect());
            return fields;
        }
        let start = idx;
        while idx < n && !is_ifs(&text[idx]) {
            idx += 1;
        }
        fields.push(text[start..idx].iter().map(|(c, _)| *c).collect());
        // Consume one delimiter: surrounding whitespace plus at most one non-whitespace char.
        while idx < n && is_ws(&text[idx]) {
            idx += 1;
        }
        if idx < n && is_ifs(&text[idx]) && !is_ws(&text[idx]) {
            idx += 1;
            while idx < n && is_ws(&text[idx]) {
                idx += 1;
            }
        }
    }
    fields
}

/// `read [-r] [-a array] [-d delim] [-n n] [-N n] [-p prompt] [-t secs] [name…]`
pub async fn read(ctx: Ctx<'_>) -> Status {
    let mut raw = false;
    let mut array = None;
    let mut delim = Some(b'\n');
    let mut max = None;
    let mut exact = false;
    let mut timeout = None;
    let mut names = Vec::new();
    let mut idx = 1;
    let argv = ctx.argv.clone();
    while idx < argv.len() {
        let arg = &argv[idx];
        if !arg.starts_with('-') || arg == "-" || !names.is_empty() {
            names.push(arg.clone());
            idx += 1;
            continue;
        }
        let mut chars = arg[1..].chars();
        while let Some(flag) = chars.next() {
            let rest: String = chars.clone().collect();
            let mut value = || -> Option<String> {
                if !rest.is_empty() {
                    Some(rest.clone())
                } else {
                    idx += 1;
                    argv.get(idx).cloned()
                }
            };
            match flag {
                'r' => raw = true,
                's' | 'e' => {}
                'a' | 'd' | 'n' | 'N' | 'p' | 't' | 'u' | 'i' => {
                    let Some(value) = value() else {
                        return ctx
                            .usage(
                                format!("-{flag}: option requires an argument"),
                                "read [-r] [-a array] [-d delim] [-n nchars] [-p prompt] [-t timeout] [name ...]",
                            )
                            .await;
                    };
                    match flag {
                        'a' => array = Some(value),
                        'd' => delim = Some(value.bytes().next().unwrap_or(0)),
                        'n' | 'N' => {
                            let Ok(n) = value.parse::<usize>() else {
                                return ctx.fail(format!("{value}: invalid number")).await;
                            };
                            max = Some(n);
                            exact = flag == 'N';
                        }
                        't' => timeout = value.parse::<f64>().ok(),
                        _ => {}
                    }
                    break;
                }
                _ => {
                    return ctx
                        .usage(
                            format!("-{flag}: invalid option"),
                            "read [-r] [-a array] [-d delim] [-n nchars] [-p prompt] [-t timeout] [name ...]",
                        )
                        .await;
                }
            }
        }
        idx += 1;
    }
    let input = ctx.stdin();
    let stop = if exact { None } else { delim };
    let mut bytes = Vec::new();
    let mut found;
    loop {
        let chunk = match timeout {
            Some(secs) => {
                let limit = std::time::Duration::from_secs_f64(secs.max(0.0));
                match tokio::time::timeout(limit, input.read_until(stop, max)).await {
                    Ok(chunk) => chunk,
                    Err(_) => return 142,
                }
            }
            None => input.read_until(stop, max).await,
        };
        let Some((chunk, got_delim)) = chunk else {
            found = false;
            break;
        };
        found = got_delim || max.is_some();
        bytes.extend_from_slice(&chunk);
        // Without -r a backslash before the newline continues the line.
        if !raw && got_delim && delim == Some(b'\n') && bytes.last() == Some(&b'\\') {
            let escaped = bytes.iter().rev().take_while(|&&b| b == b'\\').count();
            if escaped % 2 == 1 {
                bytes.pop();
                continue;
            }
        }
        break;
    }
    let eof_without_data = !found && bytes.is_empty();
    let text = String::from_utf8_lossy(&bytes).into_owned();
    let mut chars: Vec<(char, bool)> = Vec::with_capacity(text.len());
    let mut iter = text.chars();
    while let Some(c) = iter.next() {
        if c == '\\' && !raw {
            if let Some(next) = iter.next() {
                chars.push((next, true));
            }
            continue;
        }
        chars.push((c, false));
    }
    let ifs = match ctx.state.vars.get_str("IFS") {
        Some(ifs) => ifs.to_string(),
        None if ctx.state.vars.get("IFS").is_some() => String::new(),
        None => " \t\n".to_string(),
    };
    if let Some(array) = array {
        let fields = split_for_read(&chars, &ifs, usize::MAX);
        let map = fields.into_iter().enumerate().map(|(i, f)| (i as i64, f)).collect();
        if ctx.state.vars.set_value(&array, Value::Indexed(map)).is_err() {
            return ctx.fail(format!("{array}: readonly variable")).await;
        }
    } else if names.is_empty() {
        let line: String = chars.iter().map(|(c, _)| *c).collect();
        ctx.state.set_var("REPLY", line);
    } else {
        let fields = split_for_read(&chars, &ifs, names.len());
        for (idx, name) in names.iter().enumerate() {
            if !is_name(name) {
                return ctx.fail(format!("`{name}': not a valid identifier")).await;
            }
            let value = fields.get(idx).cloned().unwrap_or_default();
            if !ctx.state.set_var(name, value) {
                return ctx.fail(format!("{name}: readonly variable")).await;
            }
        }
    }
    if found && !eof_without_data { 0 } else { 1 }
}

/// `getopts optstring name [args…]`
pub async fn getopts(ctx: Ctx<'_>) -> Status {
    let (Some(spec), Some(name)) = (ctx.argv.get(1).cloned(), ctx.argv.get(2).cloned()) else {
        return ctx.usage("usage error", "getopts optstring name [arg ...]").await;
    };
    let args: Vec<String> =
        if ctx.argv.len() > 3 { ctx.argv[3..].to_vec() } else { ctx.state.positional.as_ref().clone() };
    let silent = spec.starts_with(':');
    let optind_text = ctx.state.vars.get_str("OPTIND").unwrap_or("1").to_string();
    let mut optind: usize = optind_text.parse().unwrap_or(1).max(1);
    if optind_text != ctx.state.getopts_optind {
        ctx.state.getopts_char = 0;
    }
    let end = |ctx: Ctx<'_>, optind: usize| {
        ctx.state.set_var(&name, "?");
        ctx.state.set_var("OPTIND", optind.to_string());
        ctx.state.getopts_optind = optind.to_string();
        ctx.state.getopts_char = 0;
        1
    };
    let Some(arg) = args.get(optind - 1).cloned() else {
        return end(ctx, optind);
    };
    if ctx.state.getopts_char == 0 {
        if arg == "--" {
            return end(ctx, optind + 1);
        }
        if !arg.starts_with('-') || arg == "-" {
            return end(ctx, optind);
        }
        ctx.state.getopts_char = 1;
    }
    let chars: Vec<char> = arg.chars().collect();
    let pos = ctx.state.getopts_char;
    let Some(&option) = chars.get(pos) else {
        return end(ctx, optind + 1);
    };
    let mut next_pos = pos + 1;
    let spec_chars: Vec<char> = spec.trim_start_matches(':').chars().collect();
    let found = spec_chars.iter().position(|&c| c == option && c != ':');
    let mut status = 0;
    match found {
        Some(at) if spec_chars.get(at + 1) == Some(&':') => {
            if next_pos < chars.len() {
                ctx.state.set_var("OPTARG", chars[next_pos..].iter().collect::<String>());
                next_pos = chars.len();
            } else if let Some(value) = args.get(optind) {
                ctx.state.set_var("OPTARG", value.clone());
                optind += 1;
            } else {
                if silent {
                    ctx.state.set_var(&name, ":");
                    ctx.state.set_var("OPTARG", option.to_string());
                } else {
                    ctx.err(format!("toolsh: option requires an argument -- {option}\n")).await;
                    ctx.state.set_var(&name, "?");
                    let _ = ctx.state.vars.unset("OPTARG");
                }
                ctx.state.getopts_char = 0;
                ctx.state.set_var("OPTIND", (optind + 1).to_string());
                ctx.state.getopts_optind = (optind + 1).to_string();
                return 0;
            }
            ctx.state.set_var(&name, option.to_string());
        }
        Some(_) => {
            ctx.state.set_var(&name, option.to_string());
            let _ = ctx.state.vars.unset("OPTARG");
        }
        None => {
            if silent {
                ctx.state.set_var("OPTARG", option.to_string());
            } else {
                ctx.err(format!("toolsh: illegal option -- {option}\n")).await;
                let _ = ctx.state.vars.unset("OPTARG");
            }
            ctx.state.set_var(&name, "?");
            status = 0;
        }
    }
    if next_pos >= chars.len() {
        ctx.state.getopts_char = 0;
        optind += 1;
    } else {
        ctx.state.getopts_char = next_pos;
    }
    ctx.state.set_var("OPTIND", optind.to_string());
    ctx.state.getopts_optind = optind.to_string();
    status
}

/// `let expr…`
pub async fn let_(ctx: Ctx<'_>) -> Status {
    if ctx.argv.len() < 2 {
        return ctx.fail("expression expected").await;
    }
    let mut last = 0;
    for expr in &ctx.argv[1..] {
        match crate::interp::cond::eval_arith(expr, ctx.state) {
            Ok(value) => last = value,
            Err(message) => return ctx.fail(message).await,
        }
    }
    i32::from(last == 0)
}
