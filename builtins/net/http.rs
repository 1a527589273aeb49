//! `curl` and `wget` over `net.fetch`: each request passes the policy gate as a `net.fetch`
//! call on its URL (and on every redirect), through the SSRF guard (both in
//! [`toolsh_gate::net::fetch`]); bodies stream to standard
//! output or to a workspace file (an `fs.write` call).

use crate::Ctx;
use crate::session::Status;
use crate::spec::{Args, Misuse, Opt, Spec, Words};
use crate::vfs::WriteMode;
use base64::Engine as _;
use toolsh_gate::net::{FetchArgs, Fetched, MAX_BYTES};

const SILENT: Opt = Opt::both('s', "silent", "silent mode: no meter, no errors");
const SHOW_ERROR: Opt = Opt::both('S', "show-error", "show an error even when -s is used");
const FAIL: Opt = Opt::both('f', "fail", "fail fast with no output on HTTP errors (status 22)");
const INCLUDE: Opt = Opt::both('i', "include", "include the response headers in the output");
const HEAD: Opt = Opt::both('I', "head", "show the headers only (a HEAD request)");
const LOCATION: Opt = Opt::both('L', "location", "follow redirects");
const REMOTE_NAME: Opt = Opt::both('O', "remote-name", "write output to a file named as the remote file");
const REQUEST: Opt = Opt::both('X', "request", "the request method to use").value("METHOD");
const HEADER: Opt = Opt::both('H', "header", "pass a custom header to the server").value("HEADER");
const DATA: Opt = Opt::both('d', "data", "HTTP POST data (@FILE reads a file; newlines dropped)").value("DATA");
const DATA_ASCII: Opt = Opt::long("data-ascii", "HTTP POST ASCII data (as --data)").value("DATA");
const DATA_BINARY: Opt = Opt::long("data-binary", "HTTP POST data as is (@FILE reads a file)").value("DATA");
const DATA_RAW: Opt = Opt::long("data-raw", "HTTP POST data, '@' not special").value("DATA");
const JSON: Opt = Opt::long("json", "HTTP POST JSON, with its content type and accept headers").value("DATA");
const GET: Opt = Opt::both('G', "get", "put the post data in the URL and use GET");
const OUTPUT: Opt = Opt::both('o', "output", "write to FILE instead of stdout").value("FILE");
const WRITE_OUT: Opt = Opt::both('w', "write-out", "show what FORMAT names after the transfer").value("FORMAT");
const MAX_TIME: Opt = Opt::both('m', "max-time", "maximum time allowed for the transfer").value("SECONDS");
const MAX_FILESIZE: Opt = Opt::long("max-filesize", "maximum file size to download").value("BYTES");
const USER_AGENT: Opt = Opt::both('A', "user-agent", "send User-Agent NAME to the server").value("NAME");
const REFERER: Opt = Opt::both('e', "referer", "send the Referer URL").value("URL");
const USER: Opt = Opt::both('u', "user", "server user and password (basic authentication)").value("USER:PASSWORD");
const URL: Opt = Opt::long("url", "the URL to work with").value("URL");
const VERBOSE: Opt = Opt::both('v', "verbose", "show the request and response headers on stderr");
const INSECURE: Opt =
    Opt::both('k', "insecure", "accepted for scripts; certificates are verified all the same (docs/deviations.md)");
const COMPRESSED: Opt = Opt::long("compressed", "request a compressed response (always asked for and decoded)");
const PROGRESS_BAR: Opt = Opt::both('#', "progress-bar", "show the transfer's progress (on a terminal)");

/// `curl`.
pub const CURL: Spec = Spec {
    name: "curl",
    summary: "transfer a URL (net.fetch; denied unless policy allows)",
    synopsis: &["[options...] <url>..."],
    about: "Transfer each URL through the net.fetch tool: the policy gate and the address guard judge every request and redirect.",
    options: &[
        SILENT,
        SHOW_ERROR,
        FAIL,
        INCLUDE,
        HEAD,
        LOCATION,
        REMOTE_NAME,
        REQUEST,
        HEADER,
        DATA,
        DATA_ASCII,
        DATA_BINARY,
        DATA_RAW,
        JSON,
        GET,
        OUTPUT,
        WRITE_OUT,
        MAX_TIME,
        MAX_FILESIZE,
        USER_AGENT,
        REFERER,
        USER,
        URL,
        VERBOSE,
        INSECURE,
        COMPRESSED,
        PROGRESS_BAR,
    ],
    usage_status: 2,
    words: Words::Own(curl_words),
    tools: &["net.fetch"],
    ..Spec::BASE
};

/// curl's words: `curl: option -Q: is unknown`, then its hint.
fn curl_words(_: &Spec, misuse: &Misuse) -> String {
    let said = match misuse {
        Misuse::Invalid(letter) => format!("option -{letter}: is unknown"),
        Misuse::Unrecognized(written) | Misuse::Ambiguous(written, _) => format!("option --{written}: is unknown"),
        Misuse::NeedsValue(option) => format!("option {option}: requires parameter"),
        Misuse::NoValue(option) => format!("option {option}: is unknown"),
        Misuse::Said(message) => message.clone(),
    };
    let said = if said.is_empty() { String::new() } else { format!("curl: {said}\n") };
    format!("{said}curl: try 'curl --help' or 'curl --manual' for more information\n")
}

/// Runs one request through the gate in the name of the command. With `meter`, a progress
/// line is drawn on standard error while the body arrives (the caller decides: only on a
/// terminal, and not when the body itself goes there).
async fn request(ctx: &Ctx<'_>, args: FetchArgs, meter: bool) -> Result<Fetched, (i32, String)> {
    let (progress, fetching) = ctx.fetch(args);
    let drawn = if meter { Some(&*progress) } else { None };
    let result = toolsh_core::command::metered(&ctx.io.stderr(), drawn, received, fetching).await;
    result.map_err(|e| (e.code, e.message))
}

/// `1.5 MiB received of 3.0 MiB (50%)`
fn received(done: u64, total: Option<u64>) -> String {
    let of = total.map_or(String::new(), |t| format!(" of {} ({}%)", size(t), done * 100 / t.max(1)));
    format!("{} received{of}", size(done))
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
            .map(|b| toolsh_bytes::lossy(&b).into_owned())
            .map_err(|e| format!("{path}: {}", crate::vfs::describe(&e))),
        None => Ok(value.to_string()),
    }
}

/// `curl [options] URL…`: each URL in turn, the `-o` files paired with the URLs in order.
pub async fn curl(ctx: Ctx<'_>, args: Args) -> Status {
    let mut headers: Vec<String> = args.given().filter(|(o, _)| **o == HEADER).map(|(_, v)| v.to_string()).collect();
    let mut form = Vec::new();
    for (opt, value) in args.given() {
        let datum = match *opt {
            DATA | DATA_ASCII => data_arg(&ctx, value).await.map(|d| d.replace(['\n', '\r'], "")),
            DATA_BINARY | JSON => data_arg(&ctx, value).await,
            DATA_RAW => Ok(value.to_string()),
            _ => continue,
        };
        match datum {
            Ok(datum) => form.push(datum),
            Err(message) => return ctx.misuse(&CURL, message).await,
        }
    }
    if args.has(&JSON) {
        headers.push("Content-Type: application/json".into());
        headers.push("Accept: application/json".into());
    }
    for (opt, name) in [(USER_AGENT, "User-Agent"), (REFERER, "Referer")] {
        if let Some(value) = args.last(&opt) {
            headers.push(format!("{name}: {value}"));
        }
    }
    if let Some(user) = args.last(&USER) {
        headers.push(format!(
            "Authorization: Basic {}",
            base64::engine::general_purpose::STANDARD.encode(user.as_bytes())
        ));
    }
    let number = |opt: &Opt, name: &str| -> Result<Option<f64>, String> {
        args.last(opt)
            .map(|v| v.parse::<f64>().map_err(|_| format!("option {name}: expected a proper numerical parameter")))
            .transpose()
    };
    let (timeout, max_bytes) = match (number(&MAX_TIME, "--max-time"), number(&MAX_FILESIZE, "--max-filesize")) {
        (Ok(t), Ok(m)) => (t.unwrap_or(300.0), m.map_or(MAX_BYTES, |m| m as u64)),
        (Err(message), _) | (_, Err(message)) => return ctx.misuse(&CURL, message).await,
    };
    let mut urls: Vec<String> = args.given().filter(|(o, _)| **o == URL).map(|(_, v)| v.to_string()).collect();
    urls.extend(args.operands.iter().cloned());
    if urls.is_empty() {
        return ctx.misuse(&CURL, "no URL specified").await;
    }
    let head = args.has(&HEAD);
    let mut body = (!form.is_empty()).then(|| form.join("&"));
    if args.has(&GET)
        && let Some(query) = body.take()
    {
        for url in &mut urls {
            url.push(if url.contains('?') { '&' } else { '?' });
            url.push_str(&query);
        }
    }
    if body.is_some() && !headers.iter().any(|h| h.to_ascii_lowercase().starts_with("content-type:")) {
        headers.push("Content-Type: application/x-www-form-urlencoded".into());
    }
    let method = args.last(&REQUEST).map(str::to_string).unwrap_or_else(|| {
        if head {
            "HEAD".into()
        } else if body.is_some() {
            "POST".into()
        } else {
            "GET".into()
        }
    });
    let outputs: Vec<&str> = args.given().filter(|(o, _)| **o == OUTPUT).map(|(_, v)| v).collect();
    let quiet_errors = args.has(&SILENT) && !args.has(&SHOW_ERROR);
    let mut status = 0;
    for (idx, url) in urls.iter().enumerate() {
        let url = if url.contains("://") { url.clone() } else { format!("http://{url}") };
        let output = match outputs.get(idx) {
            Some(path) => Some(path.to_string()),
            None if args.has(&REMOTE_NAME) => {
                let name = url.split(['?', '#']).next().unwrap_or("").rsplit('/').next().unwrap_or("").to_string();
                if name.is_empty() {
                    ctx.err("curl: Remote file name has no length\n").await;
                    status = 23;
                    continue;
                }
                Some(name)
            }
            None => None,
        };
        let fetch = FetchArgs {
            url,
            method: method.clone(),
            headers: headers.clone(),
            body: body.clone(),
            follow: args.has(&LOCATION),
            timeout_secs: timeout,
            max_bytes,
        };
        let one = One { output, quiet_errors, include: args.has(&INCLUDE) || head, head, verbose: args.has(&VERBOSE) };
        let meter = !args.has(&SILENT)
            && ctx.io.stderr().is_terminal()
            && (one.output.is_some() || !ctx.io.stdout().is_terminal());
        status = transfer(&ctx, fetch, &one, meter, args.has(&FAIL), args.last(&WRITE_OUT)).await;
    }
    status
}

/// How one of curl's transfers shows its answer.
struct One {
    output: Option<String>,
    quiet_errors: bool,
    include: bool,
    head: bool,
    verbose: bool,
}

/// One URL of `curl`: fetches, writes the answer where `one` says, and returns curl's status.
async fn transfer(
    ctx: &Ctx<'_>,
    fetch: FetchArgs,
    one: &One,
    meter: bool,
    fail: bool,
    write_out: Option<&str>,
) -> Status {
    if one.verbose {
        let mut said = format!("> {} {}\n", fetch.method, fetch.url);
        for header in &fetch.headers {
            said.push_str(&format!("> {header}\n"));
        }
        ctx.err(format!("{said}>\n")).await;
    }
    let fetched = match request(ctx, fetch, meter).await {
        Ok(fetched) => fetched,
        Err((code, message)) => {
            if code == crate::status::DENIED {
                ctx.err(format!("{message}\n")).await;
            } else if !one.quiet_errors {
                ctx.err(format!("curl: ({code}) {message}\n")).await;
            }
            return code;
        }
    };
    let mut head = format!("{} {} {}\r\n", fetched.version, fetched.status, fetched.status_text);
    for (name, value) in &fetched.headers {
        head.push_str(&format!("{name}: {value}\r\n"));
    }
    head.push_str("\r\n");
    if one.verbose {
        let shown: String = head.lines().map(|line| format!("< {line}\n")).collect();
        ctx.err(shown).await;
    }
    if fail && fetched.status >= 400 {
        if !one.quiet_errors {
            ctx.err(format!("curl: (22) The requested URL returned error: {}\n", fetched.status)).await;
        }
        return 22;
    }
    let mut out = Vec::new();
    if one.include {
        out.extend(head.into_bytes());
    }
    if !one.head {
        out.extend(&fetched.body);
    }
    match &one.output {
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

const QUIET: Opt = Opt::both('q', "quiet", "quiet (no output)");
const NO: Opt = Opt::short('n', "-nv: no verbose output (as -q here)").value("v");
const NO_VERBOSE: Opt = Opt::long("no-verbose", "turn off verboseness (as -q here)");
const OUTPUT_DOCUMENT: Opt = Opt::both('O', "output-document", "write documents to FILE ('-': stdout)").value("FILE");
const TIMEOUT: Opt = Opt::both('T', "timeout", "set all timeout values to SECONDS").value("SECONDS");
const WGET_HEADER: Opt = Opt::long("header", "insert STRING among the headers sent").value("STRING");
const WGET_USER_AGENT: Opt = Opt::both('U', "user-agent", "identify as AGENT").value("AGENT");
const PREFIX: Opt = Opt::both('P', "directory-prefix", "save files to PREFIX/...").value("PREFIX");

/// `wget`.
pub const WGET: Spec = Spec {
    name: "wget",
    summary: "download a URL to a file (net.fetch)",
    synopsis: &["[OPTION]... [URL]..."],
    about: "Download each URL to a workspace file named as the remote one (index.html for a directory), through the net.fetch tool.",
    options: &[QUIET, NO, NO_VERBOSE, OUTPUT_DOCUMENT, TIMEOUT, WGET_HEADER, WGET_USER_AGENT, PREFIX],
    usage_status: 2,
    words: Words::Own(wget_words),
    tools: &["net.fetch"],
    long_order: &[
        "accept",
        "accept-regex",
        "adjust-extension",
        "append-output",
        "ask-password",
        "auth-no-challenge",
        "background",
        "backup-converted",
        "backups",
        "base",
        "bind-address",
        "body-data",
        "body-file",
        "ca-certificate",
        "ca-directory",
        "cache",
        "certificate",
        "certificate-type",
        "check-certificate",
        "clobber",
        "compression",
        "config",
        "connect-timeout",
        "continue",
        "convert-file-only",
        "convert-links",
        "content-disposition",
        "content-on-error",
        "cookies",
        "crl-file",
        "cut-dirs",
        "ciphers",
        "debug",
        "default-page",
        "delete-after",
        "directories",
        "directory-prefix",
        "dns-cache",
        "dns-timeout",
        "domains",
        "dont-remove-listing",
        "dot-style",
        "egd-file",
        "exclude-directories",
        "exclude-domains",
        "execute",
        "follow-ftp",
        "follow-tags",
        "force-directories",
        "force-html",
        "ftp-password",
        "ftp-user",
        "ftps-clear-data-connection",
        "ftps-fallback-to-ftp",
        "ftps-implicit",
        "ftps-resume-ssl",
        "header",
        "help",
        "host-directories",
        "hsts",
        "hsts-file",
        "html-extension",
        "htmlify",
        "http-keep-alive",
        "http-passwd",
        "http-password",
        "http-user",
        "https-only",
        "ignore-case",
        "ignore-length",
        "ignore-tags",
        "include-directories",
        "inet4-only",
        "inet6-only",
        "input-file",
        "iri",
        "if-modified-since",
        "keep-badhash",
        "keep-session-cookies",
        "level",
        "limit-rate",
        "load-cookies",
        "local-encoding",
        "max-redirect",
        "method",
        "mirror",
        "no-adjust-extension",
        "no-ask-password",
        "no-auth-no-challenge",
        "no-background",
        "no-backup-converted",
        "no-backups",
        "no-cache",
        "no-check-certificate",
        "no-continue",
        "no-convert-file-only",
        "no-convert-links",
        "no-content-disposition",
        "no-content-on-error",
        "no-cookies",
        "no-debug",
        "no-delete-after",
        "no-directories",
        "no-dns-cache",
        "no-follow-ftp",
        "no-force-directories",
        "no-force-html",
        "no-ftps-clear-data-connection",
        "no-ftps-fallback-to-ftp",
        "no-ftps-implicit",
        "no-ftps-resume-ssl",
        "no-glob",
        "no-host-directories",
        "no-hsts",
        "no-html-extension",
        "no-htmlify",
        "no-http-keep-alive",
        "no-https-only",
        "no-ignore-case",
        "no-ignore-length",
        "no-inet4-only",
        "no-inet6-only",
        "no-iri",
        "no-keep-badhash",
        "no-keep-session-cookies",
        "no-mirror",
        "netrc",
        "no-netrc",
        "no",
        "no-clobber",
        "no-no-clobber",
        "no-config",
        "no-no-config",
        "no-parent",
        "no-no-parent",
        "no-page-requisites",
        "no-passive-ftp",
        "no-preserve-permissions",
        "no-show-progress",
        "no-protocol-directories",
        "no-proxy",
        "no-quiet",
        "no-random-wait",
        "no-recursive",
        "no-relative",
        "no-remove-listing",
        "no-report-speed",
        "no-restrict-file-names",
        "no-retr-symlinks",
        "no-retry-connrefused",
        "no-retry-on-host-error",
        "no-save-headers",
        "no-server-response",
        "no-span-hosts",
        "no-spider",
        "no-strict-comments",
        "no-timestamping",
        "no-if-modified-since",
        "no-unlink",
        "no-trust-server-names",
        "no-use-server-timestamps",
        "no-verbose",
        "no-warc-cdx",
        "no-warc-compression",
        "no-warc-digests",
        "no-warc-keep-log",
        "no-xattr",
        "output-document",
        "output-file",
        "page-requisites",
        "parent",
        "passive-ftp",
        "password",
        "pinnedpubkey",
        "post-data",
        "post-file",
        "prefer-family",
        "preserve-permissions",
        "private-key",
        "private-key-type",
        "progress",
        "protocol-directories",
        "proxy",
        "proxy__compat",
        "proxy-passwd",
        "proxy-password",
        "proxy-user",
        "quiet",
        "quota",
        "rejected-log",
        "random-file",
        "random-wait",
        "read-timeout",
        "recursive",
        "referer",
        "regex-type",
        "reject",
        "reject-regex",
        "relative",
        "remote-encoding",
        "remove-listing",
        "report-speed",
        "restrict-file-names",
        "retr-symlinks",
        "retry-connrefused",
        "retry-on-host-error",
        "retry-on-http-error",
        "show-progress",
        "save-cookies",
        "save-headers",
        "secure-protocol",
        "server-response",
        "span-hosts",
        "spider",
        "start-pos",
        "strict-comments",
        "timeout",
        "timestamping",
        "tries",
        "trust-server-names",
        "unlink",
        "use-askpass",
        "use-server-timestamps",
        "user",
        "user-agent",
        "verbose",
        "version",
        "wait",
        "waitretry",
        "warc-cdx",
        "warc-compression",
        "warc-dedup",
        "warc-digests",
        "warc-file",
        "warc-header",
        "warc-keep-log",
        "warc-max-size",
        "warc-tempdir",
    ],
    ..Spec::BASE
};

/// wget's words: GNU's message, its usage line and its backquoted hint.
fn wget_words(spec: &Spec, misuse: &Misuse) -> String {
    format!("wget: {misuse}\nUsage: {}\n\nTry `wget --help' for more options.\n", spec.usage_line())
}

/// `wget [-q] [-O FILE] [-P DIR] URL…`: saves each body (to the URL's file name, or
/// index.html), following redirects.
pub async fn wget(ctx: Ctx<'_>, args: Args) -> Status {
    if let Some(letters) = args.last(&NO).filter(|l| *l != "v") {
        return ctx.misuse(&WGET, format!("-n{letters}: only -nv is known here")).await;
    }
    let quiet = args.has(&QUIET) || args.has(&NO) || args.has(&NO_VERBOSE);
    let timeout = match args.last(&TIMEOUT).map(str::parse::<f64>) {
        None => 900.0,
        Some(Ok(secs)) => secs,
        Some(Err(_)) => {
            let value = args.last(&TIMEOUT).unwrap_or_default();
            return ctx.misuse(&WGET, format!("--timeout: Invalid time period '{value}'")).await;
        }
    };
    if args.operands.is_empty() {
        ctx.err(WGET.refusal_text(&Misuse::Said("missing URL".to_string()))).await;
        return 1;
    }
    let mut headers: Vec<String> =
        args.given().filter(|(o, _)| **o == WGET_HEADER).map(|(_, v)| v.to_string()).collect();
    if let Some(agent) = args.last(&WGET_USER_AGENT) {
        headers.push(format!("User-Agent: {agent}"));
    }
    let mut status = 0;
    for (idx, url) in args.operands.iter().enumerate() {
        let url = if url.contains("://") { url.clone() } else { format!("http://{url}") };
        // One `-O FILE` holds every document, one after another, as wget writes it.
        let output = args.last(&OUTPUT_DOCUMENT);
        let mode = if idx > 0 && output.is_some() { WriteMode::Append } else { WriteMode::Truncate };
        let one = Download { quiet, timeout, headers: headers.clone(), output, prefix: args.last(&PREFIX), mode };
        status = download(&ctx, url, &one).await;
    }
    status
}

/// How `wget` saves one URL.
struct Download<'a> {
    quiet: bool,
    timeout: f64,
    headers: Vec<String>,
    output: Option<&'a str>,
    prefix: Option<&'a str>,
    mode: WriteMode,
}

/// One URL of `wget`, with wget's status.
async fn download(ctx: &Ctx<'_>, url: String, one: &Download<'_>) -> Status {
    let (quiet, timeout) = (one.quiet, one.timeout);
    let args = FetchArgs {
        url: url.clone(),
        method: "GET".into(),
        headers: one.headers.clone(),
        body: None,
        follow: true,
        timeout_secs: timeout,
        max_bytes: MAX_BYTES,
    };
    let meter = !quiet && ctx.io.stderr().is_terminal();
    let fetched = match request(ctx, args, meter).await {
        Ok(fetched) => fetched,
        Err((code, message)) => {
            ctx.err(format!("{}{message}\n", if code == crate::status::DENIED { "" } else { "wget: " })).await;
            return if code == crate::status::DENIED { code } else { 4 };
        }
    };
    if fetched.status >= 400 {
        ctx.err(format!("wget: {url}: ERROR {} {}.\n", fetched.status, fetched.status_text)).await;
        return 8;
    }
    let name = one.output.map(str::to_string).unwrap_or_else(|| {
        let last = url.split(['?', '#']).next().unwrap_or("").rsplit('/').next().unwrap_or("");
        let name = if last.is_empty() || url.matches('/').count() < 3 { "index.html" } else { last };
        one.prefix.map_or(name.to_string(), |dir| crate::vfs::path::join(dir, name))
    });
    if name == "-" {
        return i32::from(!ctx.out(&fetched.body).await);
    }
    if let Err(err) = ctx.vfs.write(&ctx.abs(&name), &fetched.body, one.mode) {
        ctx.err(format!("wget: {name}: {}\n", crate::vfs::describe(&err))).await;
        return 3;
    }
    if !quiet {
        ctx.err(format!("'{name}' saved [{}]\n", fetched.body.len())).await;
    }
    0
}
