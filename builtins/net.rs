//! `curl` and `wget` over `net.fetch`: each request passes the policy gate as a `net.fetch`
//! call on its URL (and on every redirect), through the SSRF guard (both in
//! [`crate::tools::net::fetch`]); bodies stream to standard
//! output or to a workspace file (an `fs.write` call).

use super::Ctx;
use crate::interp::Status;
use crate::tools::gate::EXIT_DENIED;
use crate::tools::net::{FetchArgs, Fetched, MAX_BYTES, fetch};
use crate::vfs::WriteMode;

const CURL_USAGE: &str = "curl [-sSfiIL] [-X METHOD] [-H 'Name: value']... [-d DATA | --data-binary DATA | --json DATA] \
[-o FILE | -O] [-w FORMAT] [--max-time SECS] [--max-filesize BYTES] URL";

/// Runs one request through the gate in the name of the command. With `meter`, a progress
/// line is drawn on standard error while the body arrives (the caller decides: only on a
/// terminal, and not when the body itself goes there).
async fn request(ctx: &Ctx<'_>, args: FetchArgs, meter: bool) -> Result<Fetched, (i32, String)> {
    let shared = ctx.shared().clone();
    let cx = super::tools::tool_cx(&shared, &ctx.state.cwd, ctx.name());
    let progress = cx.meter.clone();
    let fetching = fetch(&cx, args);
    tokio::pin!(fetching);
    let mut ticks = tokio::time::interval(std::time::Duration::from_millis(200));
    let mut drawn = false;
    let result = loop {
        tokio::select! {
            result = &mut fetching => break result,
            _ = ticks.tick(), if meter => {
                let (done, total) = progress.get();
                if done > 0 {
                    let of = total.map_or(String::new(), |t| format!(" of {} ({}%)", size(t), done * 100 / t.max(1)));
                    ctx.err(format!("\r\x1b[K  {} received{of}", size(done))).await;
                    drawn = true;
                }
            }
        }
    };
    if drawn {
        ctx.err("\r\x1b[K").await;
    }
    result.map_err(|e| (e.code, e.message))
}

/// `1.5 MiB`
fn size(bytes: u64) -> String {
    match bytes {
        0..1024 => format!("{bytes} B"),
        1024..1_048_576 => format!("{:.1} KiB", bytes as f64 / 1024.0),
        _ => format!("{:.1} MiB", bytes as f64 / 1_048_576.0),
    }
}

/// Bytes of `-d @file` (or `-d @-`).
async fn data_arg(ctx: &Ctx<'_>, value: &str) -> Result<String, String> {
    match value.strip_prefix('@') {
        Some(path) => ctx
            .read_operand(path)
            .await
            .map(|b| String::from_utf8_lossy(&b).into_owned())
            .map_err(|e| format!("{path}: {}", crate::vfs::describe(&e))),
        None => Ok(value.to_string()),
    }
}

/// `curl`.
pub async fn curl(ctx: Ctx<'_>) -> Status {
    let mut args = FetchArgs {
        url: String::new(),
        method: "GET".into(),
        headers: Vec::new(),
        body: None,
        follow: false,
        timeout_secs: 300.0,
        max_bytes: MAX_BYTES,
    };
    let (mut silent, mut show_errors, mut fail, mut include, mut head) = (false, false, false, false, false);
    let mut method = None;
    let mut output: Option<String> = None;
    let mut remote_name = false;
    let mut write_out = None;
    let mut form = Vec::new();
    let argv = ctx.argv.clone();
    let mut idx = 1;
    while let Some(arg) = argv.get(idx) {
        idx += 1;
        // Long boolean flags are their short letters.
        let arg = match arg.as_str() {
            "--location" => "-L",
            "--silent" => "-s",
            "--show-error" => "-S",
            "--fail" => "-f",
            "--include" => "-i",
            "--head" => "-I",
            "--remote-name" => "-O",
            other => other,
        };
        let mut value = |name: &str| -> Result<String, String> {
            let v = argv.get(idx).cloned().ok_or_else(|| format!("option {name}: requires parameter"));
            idx += 1;
            v
        };
        let step: Result<(), String> = match arg {
            "-X" | "--request" => value(arg).map(|v| method = Some(v)),
            "-H" | "--header" => value(arg).map(|v| args.headers.push(v)),
            "-d" | "--data" | "--data-ascii" => match value(arg) {
                Ok(v) => data_arg(&ctx, &v).await.map(|d| form.push(d.replace(['\n', '\r'], ""))),
                Err(e) => Err(e),
            },
            "--data-binary" | "--data-raw" => match value(arg) {
                Ok(v) if arg == "--data-raw" => {
                    form.push(v);
                    Ok(())
                }
                Ok(v) => data_arg(&ctx, &v).await.map(|d| form.push(d)),
                Err(e) => Err(e),
            },
            "--json" => match value(arg) {
                Ok(v) => data_arg(&ctx, &v).await.map(|d| {
                    form.push(d);
                    args.headers.push("Content-Type: application/json".into());
                    args.headers.push("Accept: application/json".into());
                }),
                Err(e) => Err(e),
            },
            "-o" | "--output" => value(arg).map(|v| output = Some(v)),
            "-w" | "--write-out" => value(arg).map(|v| write_out = Some(v)),
            "-m" | "--max-time" => value(arg).and_then(|v| {
                v.parse().map(|s| args.timeout_secs = s).map_err(|_| format!("--max-time: not a number: {v}"))
            }),
            "--max-filesize" => value(arg).and_then(|v| {
                v.parse().map(|n| args.max_bytes = n).map_err(|_| format!("--max-filesize: not a number: {v}"))
            }),
            "-k" | "--insecure" | "--compressed" | "-#" | "--progress-bar" | "-v" | "--verbose" => Ok(()),
            flags
                if flags.starts_with('-')
                    && !flags.starts_with("--")
                    && flags.len() >= 2
                    && flags[1..].chars().all(|c| "sSfiILOk".contains(c)) =>
            {
                for c in flags[1..].chars() {
                    match c {
                        's' => silent = true,
                        'S' => show_errors = true,
                        'f' => fail = true,
                        'i' => include = true,
                        'I' => head = true,
                        'L' => args.follow = true,
                        'O' => remote_name = true,
                        _ => {}
                    }
                }
                Ok(())
            }
            other if other.starts_with('-') && other.len() > 1 => Err(format!("option {other}: is unknown")),
            url => {
                args.url = if url.contains("://") { url.to_string() } else { format!("http://{url}") };
                Ok(())
            }
        };
        if let Err(message) = step {
            return ctx.usage(message, CURL_USAGE).await;
        }
    }
    if args.url.is_empty() {
        return ctx.usage("no URL specified", CURL_USAGE).await;
    }
    if !form.is_empty() {
        args.body = Some(form.join("&"));
        if !args.headers.iter().any(|h| h.to_ascii_lowercase().starts_with("content-type:")) {
            args.headers.push("Content-Type: application/x-www-form-urlencoded".into());
        }
    }
    args.method = method.unwrap_or_else(|| {
        if head {
            "HEAD".into()
        } else if args.body.is_some() {
            "POST".into()
        } else {
            "GET".into()
        }
    });
    if remote_name {
        let name = args.url.split(['?', '#']).next().unwrap_or("").rsplit('/').next().unwrap_or("").to_string();
        if name.is_empty() {
            return ctx.usage("-O: the URL names no file; use -o FILE", CURL_USAGE).await;
        }
        output = Some(name);
    }
    let quiet_errors = silent && !show_errors;
    // As curl: a meter unless silenced, and not while the body goes to the terminal.
    let meter = !silent && ctx.io.stderr().is_terminal() && (output.is_some() || !ctx.io.stdout().is_terminal());
    let fetched = match request(&ctx, args, meter).await {
        Ok(fetched) => fetched,
        Err((code, message)) => {
            if code == EXIT_DENIED {
                ctx.err(format!("{message}\n")).await;
            } else if !quiet_errors {
                ctx.err(format!("curl: ({code}) {message}\n")).await;
            }
            return code;
        }
    };
    if fail && fetched.status >= 400 {
        if !quiet_errors {
            ctx.err(format!("curl: (22) The requested URL returned error: {}\n", fetched.status)).await;
        }
        return 22;
    }
    let mut out = Vec::new();
    if include || head {
        out.extend(format!("{} {} {}\r\n", fetched.version, fetched.status, fetched.status_text).into_bytes());
        for (name, value) in &fetched.headers {
            out.extend(format!("{name}: {value}\r\n").into_bytes());
        }
        out.extend(b"\r\n");
    }
    if !head {
        out.extend(&fetched.body);
    }
    match &output {
        Some(path) if path != "-" => {
            if let Err(err) = ctx.vfs.write(&ctx.abs(path), &out, WriteMode::Truncate) {
                ctx.err(format!("curl: (23) Failure writing output to destination: {}\n", crate::vfs::describe(&err)))
                    .await;
                return 23;
            }
        }
        _ => {
            if !ctx.out(&out).await {
                return 23;
            }
        }
    }
    if let Some(format) = write_out {
        let text = format
            .replace("%{http_code}", &format!("{:03}", fetched.status))
            .replace("%{response_code}", &format!("{:03}", fetched.status))
            .replace("%{url_effective}", &fetched.url)
            .replace("%{size_download}", &fetched.body.len().to_string())
            .replace("%{num_redirects}", &fetched.redirects.to_string())
            .replace(
                "%{content_type}",
                fetched.headers.iter().find(|(k, _)| k.eq_ignore_ascii_case("content-type")).map_or("", |(_, v)| v),
            )
            .replace("\\n", "\n")
            .replace("\\t", "\t");
        ctx.out(text).await;
    }
    0
}

/// `wget [-q] [-O FILE] URL`: saves the body (to the URL's file name, or index.html).
pub async fn wget(ctx: Ctx<'_>) -> Status {
    const USAGE: &str = "wget [-q] [-O FILE] [--timeout SECS] URL";
    let mut quiet = false;
    let mut output = None;
    let mut url = None;
    let mut timeout = 900.0;
    let mut idx = 1;
    while let Some(arg) = ctx.argv.get(idx) {
        idx += 1;
        match arg.as_str() {
            "-q" | "--quiet" | "-nv" | "--no-verbose" => quiet = true,
            "-O" | "--output-document" | "-T" | "--timeout" => {
                let Some(value) = ctx.argv.get(idx).cloned() else {
                    return ctx.usage(format!("option {arg} requires an argument"), USAGE).await;
                };
                idx += 1;
                if arg.starts_with("-O") || arg == "--output-document" {
                    output = Some(value);
                } else {
                    match value.parse() {
                        Ok(secs) => timeout = secs,
                        Err(_) => return ctx.usage(format!("{arg}: not a number: {value}"), USAGE).await,
                    }
                }
            }
            other if other.starts_with('-') => return ctx.usage(format!("unknown option {other}"), USAGE).await,
            other => url = Some(if other.contains("://") { other.to_string() } else { format!("http://{other}") }),
        }
    }
    let Some(url) = url else {
        return ctx.usage("missing URL", USAGE).await;
    };
    let args = FetchArgs {
        url: url.clone(),
        method: "GET".into(),
        headers: Vec::new(),
        body: None,
        follow: true,
        timeout_secs: timeout,
        max_bytes: MAX_BYTES,
    };
    let meter = !quiet && ctx.io.stderr().is_terminal();
    let fetched = match request(&ctx, args, meter).await {
        Ok(fetched) => fetched,
        Err((code, message)) => {
            ctx.err(format!("{}{message}\n", if code == EXIT_DENIED { "" } else { "wget: " })).await;
            return if code == EXIT_DENIED { code } else { 4 };
        }
    };
    if fetched.status >= 400 {
        ctx.err(format!("wget: {url}: ERROR {} {}.\n", fetched.status, fetched.status_text)).await;
        return 8;
    }
    let name = output.unwrap_or_else(|| {
        let last = url.split(['?', '#']).next().unwrap_or("").rsplit('/').next().unwrap_or("");
        if last.is_empty() || url.matches('/').count() < 3 { "index.html".to_string() } else { last.to_string() }
    });
    if name == "-" {
        return i32::from(!ctx.out(&fetched.body).await);
    }
    if let Err(err) = ctx.vfs.write(&ctx.abs(&name), &fetched.body, WriteMode::Truncate) {
        ctx.err(format!("wget: {name}: {}\n", crate::vfs::describe(&err))).await;
        return 3;
    }
    if !quiet {
        ctx.err(format!("'{name}' saved [{}]\n", fetched.body.len())).await;
    }
    0
}
