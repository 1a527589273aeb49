//! `jq` on jaq (jaq-core, jaq-std, jaq-json): filters over JSON read from the workspace or
//! standard input, with jq's flags (`-r -j -c -s -n -e -R -S -f --tab --indent N --arg --argjson
//! --slurpfile --rawfile --args --jsonargs --stream --raw-output0 --seq -C -L`), modules
//! (`import`, `include`), `input`/`inputs`, `$ENV` from the shell's exported variables (never
//! the host's), and `halt`/`halt_error` as exit statuses.

mod alternatives;
mod colors;
mod direct;
mod feed;
mod formats;
mod grammar;
mod input;
mod library;
mod limits;
mod messages;
mod modules;
mod numbers;
mod paths;
mod regex;
mod rewrite;
mod time;
mod walk;

use crate::Ctx;
use crate::session::Status;
use crate::spec::{Args, Misuse, Opt, Spec, Words};
use crate::vfs::describe;
use colors::Colors;
use jaq_core::compile::Compiler;
use jaq_core::data::{DataT, HasLut};
use jaq_core::load::{Arena, File, Loader};
use jaq_core::{Lut, Native, Vars};
use jaq_json::Val;
use jaq_std::input::{HasInputs, Inputs, RcIter};

const RAW_OUTPUT: Opt = Opt::both('r', "raw-output", "output raw strings, not JSON texts");
const RAW_OUTPUT0: Opt = Opt::long("raw-output0", "implies -r and output NUL after each output");
const JOIN_OUTPUT: Opt = Opt::both('j', "join-output", "implies -r and output without newline after each output");
const ASCII_OUTPUT: Opt =
    Opt::both('a', "ascii-output", "output strings by only ASCII characters using escape sequences");
const COMPACT_OUTPUT: Opt = Opt::both('c', "compact-output", "compact instead of pretty-printed output");
const SLURP: Opt = Opt::both('s', "slurp", "read all inputs into an array and use it as the single input value");
const NULL_INPUT: Opt = Opt::both('n', "null-input", "use `null` as the single input value");
const EXIT_STATUS: Opt = Opt::both('e', "exit-status", "set exit status code based on the output");
const RAW_INPUT: Opt = Opt::both('R', "raw-input", "read each line as string instead of JSON");
const SORT_KEYS: Opt = Opt::both('S', "sort-keys", "sort keys of each object on output");
const MONOCHROME: Opt = Opt::both('M', "monochrome-output", "disable colored output");
const COLOR: Opt = Opt::both('C', "color-output", "colorize JSON output (the colors of JQ_COLORS, else jq's)");
const SEQ: Opt = Opt::long("seq", "parse input/output as application/json-seq");
const FROM_FILE: Opt = Opt::both('f', "from-file", "read the filter from the file named by the first operand");
const STREAM: Opt = Opt::long("stream", "parse the input in streaming fashion: [path, leaf] and [path] events");
const TAB: Opt = Opt::long("tab", "use tabs for indentation");
const INDENT: Opt = Opt::long("indent", "use n spaces for indentation (max 7 spaces)").value("n");
const ARG: Opt = Opt::long("arg", "set $name to the string value").two("name", "value");
const ARGJSON: Opt = Opt::long("argjson", "set $name to the JSON value").two("name", "value");
const SLURPFILE: Opt =
    Opt::long("slurpfile", "set $name to an array of JSON values read from the file").two("name", "file");
const RAWFILE: Opt = Opt::long("rawfile", "set $name to string contents of file").two("name", "file");
const ARGS: Opt = Opt::long("args", "consume remaining arguments as positional string values");
const JSONARGS: Opt = Opt::long("jsonargs", "consume remaining arguments as positional JSON values");
const LIBRARY: Opt = Opt::both('L', "library-path", "search modules from the directory").value("dir");

/// `jq`.
pub const JQ: Spec = Spec {
    name: "jq",
    summary: "filter JSON with jq programs",
    synopsis: &[
        "[OPTION]... FILTER [FILE]...",
        "[OPTION]... --args FILTER [ARGUMENTS]...",
        "[OPTION]... --jsonargs FILTER [JSON_VALUES]...",
    ],
    about: "Process each JSON input (the FILEs, or standard input) with the FILTER and print its results as JSON.",
    options: &[
        RAW_OUTPUT,
        RAW_OUTPUT0,
        JOIN_OUTPUT,
        ASCII_OUTPUT,
        COMPACT_OUTPUT,
        SLURP,
        NULL_INPUT,
        EXIT_STATUS,
        RAW_INPUT,
        SORT_KEYS,
        MONOCHROME,
        COLOR,
        SEQ,
        FROM_FILE,
        STREAM,
        TAB,
        INDENT,
        ARG,
        ARGJSON,
        SLURPFILE,
        RAWFILE,
        ARGS,
        JSONARGS,
        LIBRARY,
    ],
    usage_status: 2,
    words: Words::Own(jq_words),
    // `jq -1` is the filter -1, as jq 1.7+ reads it.
    negatives: true,
    // As jq's `isoptish`: `--…` or a dash and a letter is an option; any other word starting
    // with a dash (`-.`, `-(.a)`) is the filter or an operand.
    option_word: Some(|word| {
        word.starts_with("--") || word.get(1..).is_some_and(|rest| rest.starts_with(|c: char| c.is_ascii_alphabetic()))
    }),
    ..Spec::BASE
};

/// jq 1.8's words: `jq: Unknown option -Q` and its hint.
fn jq_words(_: &Spec, misuse: &Misuse) -> String {
    let said = match misuse {
        Misuse::Invalid(letter) => format!("Unknown option -{letter}"),
        Misuse::Unrecognized(written) | Misuse::Ambiguous(written, _) => format!("Unknown option --{written}"),
        Misuse::NeedsValue(option) => match option.as_str() {
            "--arg" => format!("{option} takes two parameters (e.g. {option} varname value)"),
            "--argjson" => format!("{option} takes two parameters (e.g. {option} varname text)"),
            "--slurpfile" | "--rawfile" => format!("{option} takes two parameters (e.g. {option} varname filename)"),
            _ => format!("{option} takes one parameter"),
        },
        misuse => misuse.to_string(),
    };
    let usage = "Use jq --help for help with command-line options,\nor see the jq manpage, or online docs at https://jqlang.org";
    match misuse {
        // jq 1.8 says this one without its name before it.
        Misuse::NeedsValue(option) if matches!(option.as_str(), "-L" | "--library-path") => {
            format!("-L takes a parameter: (e.g. -L /search/path or -L/search/path)\n{usage}\n")
        }
        _ if said.is_empty() => format!("{usage}\n"),
        _ => format!("jq: {said}\n{usage}\n"),
    }
}

/// The data jaq's native filters see: the compiled program and the remaining inputs.
struct JqData;

impl DataT for JqData {
    type V<'a> = Val;
    type Data<'a> = Global<'a>;
}

#[derive(Clone)]
struct Global<'a> {
    lut: &'a Lut<JqData>,
    inputs: Inputs<'a, Val>,
    /// The modules read, and the workspace for `modulemeta`.
    library: &'a modules::Library,
}

impl<'a> HasLut<'a, JqData> for Global<'a> {
    fn lut(&self) -> &'a Lut<JqData> {
        self.lut
    }
}

impl<'a> HasInputs<'a, Val> for Global<'a> {
    fn inputs(&self) -> Inputs<'a, Val> {
        self.inputs
    }
}

#[derive(Default)]
struct Options {
    /// `-C` without `-M`: the escape sequences of each kind (see `colors`).
    colors: Option<Colors>,
    /// `--seq`: RS before each output, input texts separated by RS.
    seq: bool,
    /// `-L`: where modules are looked for (`~/.jq` when none is given).
    library: Vec<String>,
    raw: bool,
    join: bool,
    nul: bool,
    from_file: bool,
    stream: bool,
    compact: bool,
    slurp: bool,
    null_input: bool,
    exit_status: bool,
    raw_input: bool,
    sort_keys: bool,
    indent: Option<String>,
    ascii: bool,
    named: Vec<(String, Arg)>,
    positional: Vec<Arg>,
    filter: Option<String>,
    files: Vec<String>,
}

/// An argument value before it becomes a jq value (jq values are not `Send`, so they only exist
/// inside the synchronous evaluation).
enum Arg {
    Text(String),
    Json(String),
    Slurp(Vec<u8>),
}

impl Arg {
    fn value(&self) -> Result<Val, String> {
        match self {
            // jq's strings are UTF-8: a byte that is not is U+FFFD, as jq reads it.
            Arg::Text(text) => Ok(Val::from(toolsh_bytes::utf8(text).into_owned())),
            Arg::Json(text) => parse_json(&toolsh_bytes::utf8(text)),
            Arg::Slurp(data) => {
                let data = input::normalize(data).map_err(|fault| format!("invalid JSON text: {}", fault.what))?;
                let values: Result<Vec<Val>, _> = jaq_json::read::parse_many(&data).collect();
                values.map(Val::from_iter).map_err(|e| format!("invalid JSON text: {e:?}"))
            }
        }
    }
}

fn parse_json(text: &str) -> Result<Val, String> {
    let text = input::normalize(text.as_bytes()).map_err(|fault| format!("invalid JSON text: {}", fault.what))?;
    jaq_json::read::parse_single(&text).map_err(|e| format!("invalid JSON text: {e}"))
}

async fn parse_args(ctx: &Ctx<'_>, args: Args) -> Result<Options, Status> {
    let mut o = Options { indent: Some("  ".to_string()), ..Options::default() };
    for (opt, value) in args.given() {
        match *opt {
            RAW_OUTPUT => o.raw = true,
            JOIN_OUTPUT => (o.raw, o.join) = (true, true),
            RAW_OUTPUT0 => (o.raw, o.join, o.nul) = (true, true, true),
            FROM_FILE => o.from_file = true,
            STREAM => o.stream = true,
            COMPACT_OUTPUT => o.compact = true,
            SLURP => o.slurp = true,
            NULL_INPUT => o.null_input = true,
            EXIT_STATUS => o.exit_status = true,
            RAW_INPUT => o.raw_input = true,
            SORT_KEYS => o.sort_keys = true,
            ASCII_OUTPUT => o.ascii = true,
            SEQ => o.seq = true,
            LIBRARY => o.library.push(ctx.abs(value)),
            TAB => o.indent = Some("\t".to_string()),
            // -1 is a tab, as jq 1.8 takes it.
            INDENT => match value.parse::<i8>() {
                Ok(-1) => o.indent = Some("\t".to_string()),
                Ok(n @ 0..=7) => o.indent = Some(" ".repeat(n.unsigned_abs().into())),
                _ => return Err(ctx.misuse(&JQ, "--indent takes a number between -1 and 7").await),
            },
            _ => {}
        }
    }
    // -M wins over -C wherever it stands, as in jq.
    if args.has(&COLOR) && !args.has(&MONOCHROME) {
        let spec = ctx.state().vars.get_str("JQ_COLORS");
        o.colors = Some(match spec.map(Colors::parse) {
            Some(Some(colors)) => colors,
            Some(None) => {
                ctx.err("Failed to set $JQ_COLORS\n").await;
                Colors::default()
            }
            None => Colors::default(),
        });
    }
    for (name, value) in args.pairs(&ARG) {
        o.named.push((name.to_string(), Arg::Text(value.to_string())));
    }
    for (name, text) in args.pairs(&ARGJSON) {
        if parse_json(text).is_err() {
            return Err(ctx.misuse(&JQ, "invalid JSON text passed to --argjson").await);
        }
        o.named.push((name.to_string(), Arg::Json(text.to_string())));
    }
    for (opt, raw) in [(SLURPFILE, false), (RAWFILE, true)] {
        for (name, file) in args.pairs(&opt) {
            let data = match ctx.read_operand(file).await {
                Ok(data) => data,
                Err(err) => {
                    let message = format!(
                        "Bad JSON in --{} {name} {file}: Could not open {file}: {}",
                        opt.long.unwrap_or_default(),
                        describe(&err)
                    );
                    ctx.err(format!("jq: {message}\n")).await;
                    return Err(2);
                }
            };
            let value = if raw { Arg::Text(toolsh_bytes::lossy(&data).into_owned()) } else { Arg::Slurp(data) };
            o.named.push((name.to_string(), value));
        }
    }
    // After `--args`/`--jsonargs` the operands (but the filter) are positional values.
    let files_end = [args.operands_before(&ARGS), args.operands_before(&JSONARGS)].into_iter().flatten().min();
    let json =
        args.given().filter(|(opt, _)| [ARGS, JSONARGS].contains(opt)).last().is_some_and(|(opt, _)| *opt == JSONARGS);
    let mut operands = args.operands.into_iter();
    o.filter = operands.next();
    for (at, word) in operands.enumerate() {
        if files_end.is_none_or(|end| at + 1 < end) {
            o.files.push(word);
        } else if json {
            if parse_json(&word).is_err() {
                return Err(ctx.misuse(&JQ, "invalid JSON text passed to --jsonargs").await);
            }
            o.positional.push(Arg::Json(word));
        } else {
            o.positional.push(Arg::Text(word));
        }
    }
    Ok(o)
}

/// Appends the file operand `file` (or standard input) to `data`.
async fn read_into(ctx: &Ctx<'_>, file: &str, data: &mut Vec<u8>) -> std::io::Result<()> {
    let regular = !matches!(file, "-" | "/dev/stdin")
        && ctx.vfs.stat(&ctx.abs(file)).is_ok_and(|meta| meta.kind == crate::vfs::FileKind::File);
    if regular && let crate::OperandReader::File(mut reader) = ctx.open_operand(file)? {
        std::io::Read::read_to_end(&mut reader, data)?;
    } else {
        // Standard input, or a device read as `read_operand` reads it.
        data.extend_from_slice(&ctx.read_operand(file).await?);
    }
    Ok(())
}

/// Sends the input to the evaluation in pieces: standard input, or each file operand in turn
/// (named before its bytes, a newline after the JSON of each; raw lines run on). A file
/// that cannot be read is said at the end and the others are read, as jq does. Ends when the
/// input does, or when the evaluation no longer takes pieces.
async fn feed_pieces(ctx: &Ctx<'_>, files: &[String], raw: bool, pieces: tokio::sync::mpsc::Sender<feed::Piece>) {
    /// An operand opened: read in pieces, or (a device) already read whole.
    enum Opened {
        Reader(crate::OperandReader),
        Whole(Vec<u8>),
    }
    let operands: Vec<Option<&String>> = if files.is_empty() { vec![None] } else { files.iter().map(Some).collect() };
    for file in operands {
        let name = file.map_or("-", String::as_str);
        let stdin = matches!(name, "-" | "/dev/stdin");
        let regular = !stdin && ctx.vfs.stat(&ctx.abs(name)).is_ok_and(|meta| meta.kind == crate::vfs::FileKind::File);
        let opened = if stdin || regular {
            ctx.open_operand(name).map(Opened::Reader)
        } else {
            ctx.read_operand(name).await.map(Opened::Whole)
        };
        let opened = match opened {
            Ok(opened) => opened,
            Err(err) => {
                let said = format!("jq: error: Could not open file {name}: {}\n", describe(&err));
                if pieces.send(feed::Piece::Skipped(said)).await.is_err() {
                    return;
                }
                continue;
            }
        };
        if let Some(file) = file
            && pieces.send(feed::Piece::Source(file.clone())).await.is_err()
        {
            return;
        }
        match opened {
            Opened::Whole(data) => {
                if pieces.send(feed::Piece::Data(data)).await.is_err() {
                    return;
                }
            }
            Opened::Reader(mut reader) => loop {
                // A line stopped meanwhile ends the input here (the evaluation sees the reader
                // gone and stops too).
                if ctx.stop_requested() {
                    return;
                }
                let piece = match reader.chunk().await {
                    Ok(Some(chunk)) => feed::Piece::Data(chunk),
                    Ok(None) => break,
                    Err(err) => feed::Piece::Failed(format!("error: Could not open file {name}: {}", describe(&err))),
                };
                let failed = matches!(piece, feed::Piece::Failed(_));
                if pieces.send(piece).await.is_err() || failed {
                    return;
                }
            },
        }
        // Raw lines run on from one file into the next, as jq reads them.
        if file.is_some() && !raw && pieces.send(feed::Piece::Data(vec![b'\n'])).await.is_err() {
            return;
        }
    }
    let _ = pieces.send(feed::Piece::End).await;
}

/// Reads the input values: JSON texts, or raw lines with `-R`. As jq, the values before a
/// text that does not parse still count (unless slurped); the error comes with them.
/// `--seq` input: the texts after each RS. A text an RS cuts short is dropped, one cut short
/// by the end of the input is ignored with jq's warning (the values before the fault kept);
/// text before the first RS is abandoned, and said so when no RS follows it at all.
fn read_seq(data: &[u8]) -> (Vec<Val>, Vec<String>) {
    let mut warnings = Vec::new();
    if !data.contains(&0x1e) {
        // jq says so of any input without an RS, an empty one too; its column counts the
        // bytes of the last line.
        let line = bytecount::count(data, b'\n') + 1;
        let column = data.len() - memchr::memrchr(b'\n', data).map_or(0, |at| at + 1);
        warnings.push(format!(
            "jq: ignoring parse error: Unfinished abandoned text at EOF at line {line}, column {column}\n"
        ));
        return (Vec::new(), warnings);
    }
    let mut values = Vec::new();
    let mut start = memchr::memchr(0x1e, data).map_or(data.len(), |at| at + 1);
    while start <= data.len() {
        let end = memchr::memchr(0x1e, &data[start..]).map_or(data.len(), |at| start + at);
        for value in jaq_json::read::parse_many(&data[start..end]) {
            match value {
                Ok(value) => values.push(value),
                Err(err) => {
                    if end == data.len() {
                        // Placed in the whole input, as jq counts lines.
                        let said = parse_error(&data[..end], &shift(&err.to_string(), start));
                        let said = said.strip_prefix("parse error: ").unwrap_or(&said);
                        warnings.push(format!("jq: ignoring parse error: {said}\n"));
                    }
                    break;
                }
            }
        }
        start = end + 1;
    }
    (values, warnings)
}

/// A parser error's `byte offset N` moved on by `by` bytes.
fn shift(error: &str, by: usize) -> String {
    match error.strip_prefix("byte offset ").and_then(|rest| rest.split_once(": ")) {
        Some((offset, what)) => match offset.parse::<usize>() {
            Ok(offset) => format!("byte offset {}: {what}", offset + by),
            Err(_) => error.to_string(),
        },
        None => error.to_string(),
    }
}

/// Raw lines (`-R`), or all the text as one string when slurped.
fn read_raw(data: &[u8], slurp: bool) -> (Vec<Val>, Option<String>) {
    let text = toolsh_bytes::lossy(data).into_owned();
    if slurp {
        return (vec![Val::from(text)], None);
    }
    (text.lines().map(|l| Val::from(l.to_string())).collect(), None)
}

/// The JSON texts of input read whole (slurped): as jq, the values before a text that does not
/// parse still count unless slurped; the error comes with them.
fn read_json(data: Vec<u8>, sources: &[(String, usize)], slurp: bool) -> (Vec<Val>, Option<String>) {
    let mut values = Vec::new();
    let mut error = None;
    for value in feed::Feed::whole(data, sources, usize::MAX) {
        match value {
            Ok(value) => values.push(value),
            Err(message) => error = Some(message),
        }
    }
    match (slurp, error) {
        (true, Some(error)) => (Vec::new(), Some(error)),
        (true, None) => (vec![Val::from_iter(values)], None),
        (false, error) => (values, error),
    }
}

/// The events `tostream` gives for `value`: `[path, leaf]` for each scalar or empty container,
/// and `[path]` after the last child of each other container (its last child's path).
fn stream_events(value: &Val) -> Vec<Val> {
    stream_events_within(value, usize::MAX).0
}

/// The events of `value` (see [`stream_events`]) up to the first path longer than `limit`
/// steps, and whether there was one (it ends the walk, so a value nested a million deep is
/// looked at only to that depth).
fn stream_events_within(value: &Val, limit: usize) -> (Vec<Val>, bool) {
    fn walk(value: &Val, path: &mut Vec<Val>, out: &mut Vec<Val>, limit: usize) -> Result<(), ()> {
        if path.len() > limit {
            return Err(());
        }
        let children: Vec<(Val, &Val)> = match value {
            Val::Arr(items) => items.iter().enumerate().map(|(i, v)| (Val::from(i as isize), v)).collect(),
            Val::Obj(map) => map.iter().map(|(k, v)| (k.clone(), v)).collect(),
            _ => Vec::new(),
        };
        let Some(last) = children.last().map(|(key, _)| key.clone()) else {
            out.push(Val::from_iter([Val::from_iter(path.iter().cloned()), value.clone()]));
            return Ok(());
        };
        for (key, child) in children {
            path.push(key);
            walk(child, path, out, limit)?;
            path.pop();
        }
        out.push(Val::from_iter([Val::from_iter(path.iter().cloned().chain([last]))]));
        Ok(())
    }
    let mut out = Vec::new();
    let deep = walk(value, &mut Vec::new(), &mut out, limit).is_err();
    (out, deep)
}

/// `tostream`: the events of the input, and jq's "Path too deep" at a path longer than its
/// 10,000 steps (jq gets each value by its path), after the events before it.
fn jq_tostream<D: for<'a> DataT<V<'a> = Val>>() -> jaq_core::native::Fun<D> {
    jaq_core::native::run(("__jq_tostream", jaq_core::native::v(0), |cv| {
        let (events, deep) = stream_events_within(&cv.1, MAX_DEPTH);
        let error =
            deep.then(|| Err(jaq_core::Exn::from(jaq_core::Error::new(Val::from("Path too deep".to_string())))));
        Box::new(events.into_iter().map(Ok).chain(error))
    }))
}

/// `modulemeta`: what `modules::Library::meta` says of the module the input names; a module
/// that does not parse is said on standard error, and the answer is null, as jq's.
fn jq_modulemeta() -> jaq_core::native::Fun<JqData> {
    jaq_core::native::run(("modulemeta", jaq_core::native::v(0), |cv| {
        let error = |message: String| Err(jaq_core::Exn::from(jaq_core::Error::new(Val::from(message))));
        let answer = match &cv.1 {
            Val::TStr(name) => match cv.0.data().library.meta(&toolsh_bytes::lossy(name)) {
                Ok(modules::ModuleMeta::Json(text)) => match jaq_json::read::parse_many(text.as_bytes()).next() {
                    Some(Ok(value)) => Ok(value),
                    _ => error(format!("the metadata of module {}", toolsh_bytes::lossy(name))),
                },
                Ok(modules::ModuleMeta::Refused(why)) => {
                    let said = format!("jq: error: {why}\n");
                    MESSAGES.with(|m| m.borrow_mut().extend_from_slice(said.as_bytes()));
                    Ok(Val::Null)
                }
                Err(message) => error(message),
            },
            _ => error("modulemeta input module name must be a string".to_string()),
        };
        Box::new(std::iter::once(answer))
    }))
}

/// Where each input value ends, as jq names it in an error: `FILE:LINE`, the lines counted up
/// to the end of the line the value ends on (jq reads its input a line at a time). Raw lines
/// are their own numbers; a slurped input is all the lines.
fn input_places(data: &[u8], sources: &[(String, usize)], o: &Options) -> Vec<String> {
    let data = data.strip_prefix("\u{feff}".as_bytes()).unwrap_or(data);
    let source = |offset: usize| {
        let at = sources.iter().rposition(|(_, start)| *start <= offset).unwrap_or(0);
        sources.get(at).map_or(("<stdin>", 0), |(name, start)| (name.as_str(), *start))
    };
    let line_of = |end: usize| {
        let (name, start) = source(end);
        let upto = memchr::memchr(b'\n', &data[end.min(data.len())..]).map_or(data.len(), |nl| end + nl + 1);
        format!("{name}:{}", bytecount::count(&data[start.min(upto)..upto], b'\n'))
    };
    if o.slurp {
        return vec![line_of(data.len())];
    }
    if o.raw_input {
        return (1..=bytecount::count(data, b'\n') + 1).map(|line| format!("{}:{line}", source(0).0)).collect();
    }
    let mut ends = Vec::new();
    let (mut depth, mut in_string, mut escaped, mut in_scalar) = (0usize, false, false, false);
    for (at, &b) in data.iter().enumerate() {
        if in_string {
            match (escaped, b) {
                (true, _) => escaped = false,
                (false, b'\\') => escaped = true,
                (false, b'"') => {
                    in_string = false;
                    if depth == 0 {
                        ends.push(at);
                    }
                }
                _ => {}
            }
            continue;
        }
        if in_scalar {
            if !(b.is_ascii_whitespace() || b"[]{},:\"".contains(&b)) {
                continue;
            }
            in_scalar = false;
            ends.push(at - 1);
        }
        match b {
            b'"' => in_string = true,
            b'[' | b'{' => depth += 1,
            b']' | b'}' => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    ends.push(at);
                }
            }
            b if b.is_ascii_whitespace() || b == b',' || b == b':' => {}
            _ if depth == 0 => in_scalar = true,
            _ => {}
        }
    }
    if in_scalar {
        ends.push(data.len() - 1);
    }
    ends.into_iter().map(line_of).collect()
}

/// jq's message `what` for input that stops being JSON jq reads just before byte `after`.
fn place_error(data: &[u8], after: usize, what: &str) -> String {
    let before = &data[..after.min(data.len())];
    let line = 1 + bytecount::count(before, b'\n');
    let column = before.len() - memchr::memrchr(b'\n', before).map_or(0, |i| i + 1);
    format!("parse error: {what} at line {line}, column {column}")
}

/// jq's kind of message for input that is not JSON, with the line and column (counted from 0,
/// as jq does) of where reading stopped. `error` is jaq-json's `byte offset N: what expected`.
fn parse_error(data: &[u8], error: &str) -> String {
    let (offset, what) = error
        .strip_prefix("byte offset ")
        .and_then(|rest| rest.split_once(": "))
        .and_then(|(offset, what)| Some((offset.parse::<usize>().ok()?.min(data.len()), what)))
        .unwrap_or((data.len(), error));
    let before = &data[..offset];
    let line = 1 + bytecount::count(before, b'\n');
    let column = before.len() - memchr::memrchr(b'\n', before).map_or(0, |at| at + 1);
    let at_end = data[offset..].iter().all(u8::is_ascii_whitespace);
    let what = if at_end { "Unfinished JSON term at EOF".to_string() } else { format!("Invalid JSON text ({what})") };
    format!("parse error: {what} at line {line}, column {column}")
}

/// `value` with its numbers spelled as jq 1.7+ spells them: a number as read (a literal in the
/// input or the filter) keeps its digits, in decNumber's canonical form (`1.000` stays
/// `1.000`, `1e3` is `1E+3`, `100000000000000000001` keeps its last digit); a computed
/// non-integer is a double printed with the shortest digits that read back the same, in plain
/// notation unless the decimal point lies more than 15 places past the digits or before 4
/// leading zeros (`1e+16`, `1e-05`); NaN is null and infinities the largest doubles. jaq
/// prints `5.0` for `2.5*2` and `1e3` as written: a model comparing with real jq would see
/// differences that are not there. `None` when nothing changes (every number an integer,
/// nothing too deep).
///
/// What lies more than [`MAX_DEPTH`] levels below `depth` is cut in the same walk: it becomes
/// [`SKIPPED`] and `cut` is set ([`unmark_skipped`] writes it as jq does). The walk goes no
/// deeper than that, so a million-deep value does not overflow the stack here or in the writer.
fn for_print(value: &Val, depth: usize, cut: &mut bool) -> Option<Val> {
    use jaq_json::Num;
    if depth > MAX_DEPTH {
        *cut = true;
        return Some(Val::from(SKIPPED.to_string()));
    }
    match value {
        Val::Num(Num::Int(_) | Num::BigInt(_)) => None,
        Val::Num(num) => {
            let text = match num {
                Num::Dec(text) => decimal_text(text),
                _ => None,
            };
            let text = text.or_else(|| {
                let x = match num {
                    Num::Float(x) => *x,
                    Num::Dec(text) => text.parse().unwrap_or(f64::NAN),
                    _ => f64::NAN,
                };
                (!x.is_nan()).then(|| format_double(x))
            });
            Some(text.map_or(Val::Null, |text| Val::Num(Num::Dec(std::rc::Rc::new(text)))))
        }
        Val::Arr(items) => {
            let fixed: Vec<Option<Val>> = items.iter().map(|item| for_print(item, depth + 1, cut)).collect();
            fixed.iter().any(Option::is_some).then(|| {
                Val::Arr(std::rc::Rc::new(
                    items.iter().zip(fixed).map(|(item, fixed)| fixed.unwrap_or_else(|| item.clone())).collect(),
                ))
            })
        }
        Val::Obj(map) => {
            let fixed: Vec<Option<Val>> = map.values().map(|item| for_print(item, depth + 1, cut)).collect();
            fixed.iter().any(Option::is_some).then(|| {
                Val::obj(
                    map.iter()
                        .zip(fixed)
                        .map(|((key, item), fixed)| (key.clone(), fixed.unwrap_or_else(|| item.clone())))
                        .collect(),
                )
            })
        }
        _ => None,
    }
}

thread_local! {
    /// What `stderr`, `debug` and `halt_error` wrote during the evaluation on this thread
    /// (natives are plain functions; an evaluation runs on one thread from start to end).
    static MESSAGES: std::cell::RefCell<Vec<u8>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// `value` as compact JSON text with jq's numbers.
fn compact_text(value: &Val) -> String {
    toolsh_bytes::lossy(&compact_json(value)).into_owned()
}

/// `value` as compact JSON with jq's numbers, cut at jq's print depth (`stderr`,
/// `halt_error`, messages).
fn compact_json(value: &Val) -> Vec<u8> {
    compact_json_at(value, 0)
}

/// [`compact_json`] of a value written `depth` levels down in a text (`debug` writes it inside
/// `["DEBUG:", …]`, so jq cuts it one level sooner).
fn compact_json_at(value: &Val, depth: usize) -> Vec<u8> {
    let mut cut = false;
    let fixed = for_print(value, depth, &mut cut);
    let mut text = Vec::new();
    let _ = jaq_json::write::write(&mut text, &jaq_json::write::Pp::default(), 0, fixed.as_ref().unwrap_or(value));
    if cut { unmark_skipped(&text).into_bytes() } else { text }
}

/// The natives behind `stderr` (compact JSON, no newline), `debug` (`["DEBUG:",v]` and a
/// newline) and `halt_error` (a string as is, anything else as JSON and a newline), as jq 1.6.
fn jq_messages<D: for<'a> DataT<V<'a> = Val>>() -> Vec<jaq_core::native::Fun<D>> {
    use jaq_core::native::{run, v};
    fn say(bytes: &[u8]) {
        MESSAGES.with(|m| m.borrow_mut().extend_from_slice(bytes));
    }
    vec![
        run(("__jq_stderr", v(0), |cv| {
            match &cv.1 {
                Val::TStr(text) => say(text),
                other => say(&compact_json(other)),
            }
            Box::new(std::iter::empty())
        })),
        run(("__jq_debug", v(0), |cv| {
            say(b"[\"DEBUG:\",");
            say(&compact_json_at(&cv.1, 1));
            say(b"]\n");
            Box::new(std::iter::empty())
        })),
        run(("__jq_halt_message", v(0), |cv| {
            match &cv.1 {
                Val::TStr(text) => say(text),
                // jq halts without a word for null.
                Val::Null => {}
                other => {
                    say(&compact_json(other));
                    say(b"\n");
                }
            }
            Box::new(std::iter::empty())
        })),
    ]
}

/// How deep jq's printer goes (jq's MAX_PRINT_DEPTH) and its parser (MAX_PARSING_DEPTH).
const MAX_DEPTH: usize = 10_000;

/// What stands for a value deeper than [`MAX_DEPTH`] until the text is written: a string no
/// filter makes by chance, written in place as jq writes it (`<skipped: too deep>`).
const SKIPPED: &str = "\u{1}<skipped: too deep>\u{1}";

/// JSON text written from a value [`for_print`] cut, with each [`SKIPPED`] string as jq writes
/// it: `<skipped: too deep>`, bare.
fn unmark_skipped(text: &[u8]) -> String {
    let written = format!("\"{}\"", SKIPPED.replace('\u{1}', "\\u0001"));
    toolsh_bytes::lossy(text).replace(&written, "<skipped: too deep>")
}

/// `__jq_tojson`: `tojson` with numbers as jq spells them (see [`for_print`]), and what lies
/// deeper than jq prints as `<skipped: too deep>`.
fn jq_tojson<D: for<'a> DataT<V<'a> = Val>>() -> jaq_core::native::Fun<D> {
    jaq_core::native::run(("__jq_tojson", jaq_core::native::v(0), |cv| {
        jaq_core::native::bome(Ok(Val::utf8_str(compact_text(&cv.1))))
    }))
}

/// Where JSON text nests deeper than jq's parser goes: the offset just past the bracket that
/// opens level [`MAX_DEPTH`] + 1.
fn too_deep(text: &[u8]) -> Option<usize> {
    let (mut depth, mut in_string, mut escaped) = (0usize, false, false);
    for (at, &b) in text.iter().enumerate() {
        if in_string {
            match (escaped, b) {
                (true, _) => escaped = false,
                (false, b'\\') => escaped = true,
                (false, b'"') => in_string = false,
                _ => {}
            }
            continue;
        }
        match b {
            b'"' => in_string = true,
            b'[' | b'{' => {
                depth += 1;
                if depth > MAX_DEPTH {
                    return Some(at + 1);
                }
            }
            b']' | b'}' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    None
}

/// `__jq_fromjson`: a string's one JSON value as jq reads it (its number words, `nan` too),
/// a fault said in jq's words with the text it was parsing.
fn jq_fromjson<D: for<'a> DataT<V<'a> = Val>>() -> jaq_core::native::Fun<D> {
    jaq_core::native::run(("__jq_fromjson", jaq_core::native::v(0), |cv| {
        let text = match &cv.1 {
            Val::TStr(text) => text.clone(),
            other => {
                let said = format!("{} only strings can be parsed", paths::describe(other));
                return jaq_core::native::bome(Err(jaq_core::Error::new(Val::from(said))));
            }
        };
        let shown = toolsh_bytes::lossy(&text);
        let fail = |what: String| {
            let what = what.strip_prefix("parse error: ").unwrap_or(&what).to_string();
            jaq_core::Error::new(Val::from(format!("{what} (while parsing '{shown}')")))
        };
        // jq's parser stops at its depth before it sees what lies deeper.
        if let Some(at) = too_deep(&text) {
            return jaq_core::native::bome(Err(fail(place_error(&text, at, "Exceeds depth limit for parsing"))));
        }
        let result = match input::normalize(&text) {
            Err(fault) => Err(fail(place_error(&text, fault.after, fault.what))),
            Ok(data) => {
                let mut values = jaq_json::read::parse_many(&data);
                match (values.next(), values.next()) {
                    (Some(Ok(value)), None) => Ok(value),
                    (Some(Ok(_)), Some(_)) => Err(fail("Unexpected extra JSON values".to_string())),
                    (None, _) => Err(fail("Expected JSON value".to_string())),
                    (Some(Err(err)), _) => Err(fail(parse_error(&data, &err.to_string()))),
                }
            }
        };
        jaq_core::native::bome(result)
    }))
}

/// A decimal literal (`-12.50e-3`) in decNumber's canonical form, as jq 1.7+ prints a number it
/// read: plain when the exponent is at most 0 and the number not below 1E-6 in magnitude
/// (`0.01250`), else one digit before the point and `E±n`; `None` when it is not a literal.
fn decimal_text(literal: &str) -> Option<String> {
    let (sign, rest) = match literal.strip_prefix('-') {
        Some(rest) => ("-", rest),
        None => ("", literal),
    };
    let (mantissa, exponent) = match rest.find(['e', 'E']) {
        Some(at) => (&rest[..at], rest[at + 1..].parse::<i64>().ok()?),
        None => (rest, 0),
    };
    let (whole, fraction) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    if whole.is_empty() && fraction.is_empty() || !(whole.bytes().chain(fraction.bytes()).all(|b| b.is_ascii_digit())) {
        return None;
    }
    let digits = format!("{whole}{fraction}");
    let digits = digits.trim_start_matches('0');
    let digits = if digits.is_empty() { "0" } else { digits };
    // In i128, so no exponent a text can hold overflows the sums below.
    let exponent = i128::from(exponent) - fraction.len() as i128;
    let count = digits.len() as i128;
    let adjusted = exponent + count - 1;
    // Past decNumber's exponent range jq holds the number as a double.
    if adjusted.abs() > 999_999_999 {
        return None;
    }
    Some(if exponent <= 0 && adjusted >= -6 {
        let point = count + exponent;
        if exponent == 0 {
            format!("{sign}{digits}")
        } else if point > 0 {
            format!("{sign}{}.{}", &digits[..point as usize], &digits[point as usize..])
        } else {
            format!("{sign}0.{}{digits}", "0".repeat((-point) as usize))
        }
    } else {
        let (first, rest) = digits.split_at(1);
        let rest = if rest.is_empty() { String::new() } else { format!(".{rest}") };
        format!("{sign}{first}{rest}E{}{}", if adjusted < 0 { '-' } else { '+' }, adjusted.abs())
    })
}

/// A finite double as jq prints it (see [`for_print`]).
fn format_double(x: f64) -> String {
    let x = if x.is_infinite() { f64::MAX.copysign(x) } else { x };
    // `{:e}` gives the shortest round-trip digits: `-1.2345e17`.
    let scientific = format!("{:e}", x.abs());
    let (mantissa, exponent) = scientific.split_once('e').unwrap_or((&scientific, "0"));
    let digits: String = mantissa.chars().filter(char::is_ascii_digit).collect();
    let point = exponent.parse::<i64>().unwrap_or(0) + 1;
    let count = digits.len() as i64;
    let sign = if x.is_sign_negative() { "-" } else { "" };
    if point <= -4 || point > count + 15 {
        let (first, rest) = digits.split_at(1);
        let fraction = if rest.is_empty() { String::new() } else { format!(".{rest}") };
        let e = point - 1;
        format!("{sign}{first}{fraction}e{}{:02}", if e < 0 { '-' } else { '+' }, e.abs())
    } else if point <= 0 {
        format!("{sign}0.{}{digits}", "0".repeat(point.unsigned_abs() as usize))
    } else if point >= count {
        format!("{sign}{digits}{}", "0".repeat((point - count) as usize))
    } else {
        let (whole, fraction) = digits.split_at(point as usize);
        format!("{sign}{whole}.{fraction}")
    }
}

fn render(value: &Val, o: &Options, out: &mut Vec<u8>) {
    // Numbers as jq spells them, and what lies deeper than jq prints cut (jaq's writer
    // recurses: a million-deep value would overflow the stack).
    let mut cut = false;
    let fixed = for_print(value, 0, &mut cut);
    let value = fixed.as_ref().unwrap_or(value);
    if o.raw
        && let Val::TStr(text) = value
    {
        out.extend_from_slice(text);
        if o.nul {
            out.push(0);
        } else if !o.join {
            out.push(b'\n');
        }
        return;
    }
    let pp = jaq_json::write::Pp {
        indent: if o.compact { None } else { o.indent.clone() },
        sort_keys: o.sort_keys,
        sep_space: !o.compact,
        ..Default::default()
    };
    // --seq: RS before each JSON text (a raw string goes without, as in jq).
    if o.seq {
        out.push(0x1e);
    }
    let mut text = Vec::new();
    match &o.colors {
        Some(colors) => colors.write(value, &pp, 0, &mut text),
        None => {
            let _ = jaq_json::write::write(&mut text, &pp, 0, value);
        }
    }
    if o.ascii {
        // Outside strings JSON text is ASCII already, so every other character is in a string.
        let mut escaped = String::new();
        for ch in toolsh_bytes::lossy(&text).chars() {
            if ch.is_ascii() {
                escaped.push(ch);
            } else {
                let mut units = [0u16; 2];
                for unit in ch.encode_utf16(&mut units) {
                    escaped.push_str(&format!("\\u{unit:04x}"));
                }
            }
        }
        text = escaped.into_bytes();
    }
    if cut {
        text = unmark_skipped(&text).into_bytes();
    }
    out.extend_from_slice(&text);
    if o.nul {
        out.push(0);
    } else if !o.join {
        out.push(b'\n');
    }
}

/// `jq [options] FILTER [FILE…]`
pub async fn jq(ctx: Ctx<'_>, args: Args) -> Status {
    let o = match parse_args(&ctx, args).await {
        Ok(o) => o,
        Err(status) => return status,
    };
    // As jq: without a filter, `.` — unless there is nothing to filter and a person to tell.
    let interactive = ctx.io.stdout().is_terminal() && ctx.stdin().is_null();
    // The filter is UTF-8 as jq reads it (a string literal's byte that is not: U+FFFD).
    // (With -f it names the filter's file, which is read below.)
    let filter =
        o.filter.as_deref().map(|f| if o.from_file { f.to_string() } else { toolsh_bytes::utf8(f).into_owned() });
    let Some(mut code) = filter.or_else(|| (!interactive).then(|| ".".to_string())) else {
        return ctx.misuse(&JQ, "").await;
    };
    // With -f the first operand names the file the filter is in.
    if o.from_file {
        code = match ctx.read_operand(&code).await {
            Ok(text) => toolsh_bytes::lossy(&text).into_owned(),
            Err(err) => {
                ctx.err(format!("jq: error: Could not open {code}: {}\n", describe(&err))).await;
                return 2;
            }
        };
    }
    // Every later stage recurses once per level of the filter: a filter nested deeper than
    // they can hold is refused before anything reads it, as jq refuses it ("memory exhausted").
    let depth = match limits::filter_depth(&code) {
        Ok(depth) => depth,
        Err(at) => {
            let message = format!(
                "jq: error: the filter nests deeper than {} levels{}\njq: 1 compile error\n",
                limits::MAX_FILTER_DEPTH,
                place(&code, &code, &code[code.floor_char_boundary(at)..], 1)
            );
            ctx.err(message).await;
            return 3;
        }
    };
    // Inputs: files read through the workspace, else standard input. JSON texts and raw lines
    // are read in pieces as the filter takes them (`feed`); slurped and `--seq` input is read
    // whole first, as it must be.
    // With -n, input is read only when the filter asks for it (`input`, `inputs`).
    let wants_input = !o.null_input || !o.files.is_empty() || code.contains("input");
    // Raw lines are streamed too, but slurped into one string (`--stream` keeps them lines).
    let streamed = wants_input && if o.raw_input { !o.slurp || o.stream } else { !o.seq && !o.slurp };
    let mut data = Vec::new();
    // Where each file starts in `data`, for the place an error names.
    let mut sources = vec![("<stdin>".to_string(), 0)];
    if wants_input && !streamed {
        if o.files.is_empty() {
            data = match ctx.read_stdin().await {
                Ok(data) => data,
                Err(err) => {
                    ctx.err(format!("jq: error: {}\n", describe(&err))).await;
                    return 2;
                }
            };
        } else {
            sources.clear();
            // Room for every file and the newline after each, so a big input is read into
            // place once (a file read alone and then extended by its newline was copied whole).
            let sizes =
                o.files.iter().filter_map(|file| ctx.vfs.stat(&ctx.abs(file)).ok()).map(|m| m.size + 1).sum::<u64>();
            // Only a hint: what cannot be had now is grown into as it is read.
            let _ = data.try_reserve(usize::try_from(sizes).unwrap_or(0));
            for file in &o.files {
                sources.push((file.clone(), data.len()));
                match read_into(&ctx, file, &mut data).await {
                    // Raw input is the files' bytes end to end, as jq reads them (a newline
                    // added after each file was an empty line more with -R, one more `\n` with -Rs).
                    Ok(()) if o.raw_input => {}
                    Ok(()) => {
                        data.push(b'\n');
                    }
                    Err(err) => {
                        ctx.err(format!("jq: error: Could not open file {file}: {}\n", describe(&err))).await;
                        return 2;
                    }
                }
            }
        }
    }
    // Pieces of input on their way to the evaluation: a few at a time, so memory stays bounded
    // whatever the input's size.
    let (pieces, received_pieces) = tokio::sync::mpsc::channel::<feed::Piece>(2);
    let input = if streamed { JobInput::Stream(received_pieces) } else { JobInput::Whole { data, sources } };
    let limit = ctx.state().limits().input_bytes;
    let files = o.files.clone();
    let raw = o.raw_input;
    // Reading the directives lexes and parses the filter and the modules it names: on a stack
    // that holds as much nesting as the evaluator's (this thread's may be a runtime worker's
    // 2 MiB) unless the filter is shallow and names none.
    let read = || read_library(&ctx, &o, &modules::data_names(&code));
    let may_import = code.contains("import") || code.contains("include");
    let library = if depth > SHALLOW || may_import { stacker::grow(crate::lang::deep::STACK, read) } else { read() };
    let env = ctx.state().vars.exported();
    // A thread of its own keeps the shell's deadline, Ctrl-C and cancellation working while the
    // filter computes; the evaluation stops at its next output or function call once the line
    // does (see `limits`). Output streams back in chunks, so `jq … | head` ends when head
    // has enough.
    let (chunks, mut received) = tokio::sync::mpsc::channel::<Vec<u8>>(4);
    let (halt_tx, halt_rx) = tokio::sync::oneshot::channel::<crate::lang::deep::Halt>();
    // What `modulemeta` was refused, the command was refused.
    let threads = library.fs.clone();
    let running = crate::lang::deep::run(&ctx, "jq", move |halt| {
        let _ = halt_tx.send(halt.clone());
        let mut emit = |chunk: Vec<u8>| chunks.blocking_send(chunk).is_ok();
        evaluate(Job { o: &o, library: &library, code: &code, input, limit, env }, &halt, &mut emit)
    });
    let feeding = async {
        if streamed {
            feed_pieces(&ctx, &files, raw, pieces).await;
        }
    };
    let reading = async {
        let halt = halt_rx.await.ok();
        while let Some(chunk) = received.recv().await {
            if !ctx.out(&chunk).await {
                // The reader went away: stop the evaluation and let it finish quietly.
                if let Some(halt) = &halt {
                    halt.request();
                }
                return true;
            }
        }
        false
    };
    let (result, reader_gone, ()) = futures::join!(running, reading, feeding);
    if let Some(threads) = &threads {
        ctx.vfs.absorb(threads);
    }
    let result = result.unwrap_or_else(|message| failure(format!("jq: error: {message}\n"), 5));
    if reader_gone || (!result.out.is_empty() && !ctx.out(&result.out).await) {
        return 1;
    }
    if !result.err.is_empty() {
        ctx.err(result.err).await;
    }
    result.status
}

/// The module and data files the filter's directives reach (see `modules`), read through the
/// workspace until the loader asks for nothing new.
fn read_library(ctx: &Ctx<'_>, o: &Options, code: &str) -> modules::Library {
    let search = if o.library.is_empty() {
        ctx.state()
            .vars
            .get_str("HOME")
            .map(|home| vec![format!("{}/.jq", home.trim_end_matches('/'))])
            .unwrap_or_default()
    } else {
        o.library.clone()
    };
    let mut library = modules::Library {
        search,
        cwd: ctx.abs("."),
        origin: match (&o.filter, o.from_file) {
            (Some(file), true) => {
                let path = ctx.abs(file);
                path.rsplit_once('/')
                    .map_or("/".to_string(), |(dir, _)| if dir.is_empty() { "/" } else { dir }.to_string())
            }
            _ => ctx.abs("."),
        },
        files: std::collections::HashMap::new(),
        fs: code.contains("modulemeta").then(|| ctx.thread_fs()),
    };
    if modules::split_header(code).0.is_empty() {
        return library;
    }
    // Each round reads what the loader reached; a chain of imports is followed a file a round.
    for _ in 0..64 {
        let wanted = library.wanted(code);
        if wanted.is_empty() {
            break;
        }
        for path in wanted {
            let is_file = ctx.vfs.stat(&path).is_ok_and(|m| m.kind == crate::vfs::FileKind::File);
            let text =
                is_file.then(|| ctx.vfs.read(&path).ok()).flatten().map(|b| toolsh_bytes::lossy(&b).into_owned());
            library.files.insert(path, text);
        }
    }
    library
}

/// ` at <top-level>, line L, column C:` and the line, indented as jq indents it, with `width`
/// carets under the spot, for a slice `at` of `program` (the prelude followed by the user's
/// `code`); empty when `at` lies elsewhere (in the prelude).
fn place(program: &str, code: &str, at: &str, width: usize) -> String {
    let offset = (at.as_ptr() as usize).wrapping_sub(program.as_ptr() as usize);
    let Some(offset) = offset.checked_sub(program.len() - code.len()).filter(|&o| o <= code.len()) else {
        return String::new();
    };
    let before = &code[..code.floor_char_boundary(offset)];
    let line = before.matches('\n').count() + 1;
    let start = before.rfind('\n').map_or(0, |i| i + 1);
    let column = before[start..].chars().count() + 1;
    let text = code[start..].lines().next().unwrap_or("");
    let carets = "^".repeat(width.max(1));
    format!(" at <top-level>, line {line}, column {column}:\n    {text}\n    {}{carets}", " ".repeat(column - 1))
}

/// jq's words for `break $name` with no such label: jq binds a label as the variable
/// `*label-name`, and marks the whole `break $name`.
fn undefined_label(code: &str, name: &str) -> String {
    let label = name.trim_start_matches('$');
    let offset = (name.as_ptr() as usize).wrapping_sub(code.as_ptr() as usize);
    let end = offset.saturating_add(name.len());
    // A name elsewhere (in a module) is said without its place, as `place` does.
    let Some(before) = code.get(..offset).filter(|_| end <= code.len()) else {
        return format!("$*label-{label} is not defined");
    };
    let at = before.trim_end().strip_suffix("break").map_or(offset, str::len);
    let width = code[at..end].chars().count();
    format!("$*label-{label} is not defined{}", place(code, code, &code[at..], width))
}

/// jq's words for a string's invalid escape, which jq's lexer takes as a token (a backslash
/// and one byte, or `\u` and up to four letters or digits) and reads as the JSON text
/// `"TOKEN"`: its column is where that reading stopped, after the token's closing quote.
/// `found` is where jaq's lexer stopped, just after the backslash or at the bad digit of a
/// `\u` escape; `None` for what jq would say otherwise (a `\u` code point out of range).
fn invalid_escape(program: &str, code: &str, found: &str, unicode: bool) -> Option<String> {
    let offset = (found.as_ptr() as usize).checked_sub(program.as_ptr() as usize)?;
    let before = program.get(..offset)?;
    let (start, token_len, what) = if unicode {
        let start = before.rfind("\\u").filter(|&start| offset - start <= 6)?;
        let rest = &program[start + 2..];
        let alnum = rest.bytes().take(4).take_while(u8::is_ascii_alphanumeric).count();
        if alnum == 4 && rest.bytes().take(4).all(|b| b.is_ascii_hexdigit()) {
            return None;
        }
        let what = if alnum == 4 { "Invalid characters in \\uXXXX escape" } else { "Invalid \\uXXXX escape" };
        (start, 2 + alnum, what)
    } else {
        let start = offset.checked_sub(1).filter(|&s| program.as_bytes().get(s) == Some(&b'\\'))?;
        // A character past ASCII is more than jq's one byte; jq would show half of it.
        found.chars().next().filter(char::is_ascii)?;
        (start, 2, "Invalid escape")
    };
    let token = &program[start..start + token_len];
    let column = token_len + 2;
    Some(format!(
        "{what} at line 1, column {column} (while parsing '\"{token}\"'){}",
        place(program, code, &program[start..], token_len)
    ))
}

/// jq's kind of message for a lexing or parsing error, with its place.
fn syntax_error(program: &str, code: &str, error: &jaq_core::load::Error<&str>) -> String {
    use jaq_core::load::{Error, lex};
    let (expected, found) = match error {
        Error::Lex(errors) => match errors.first() {
            Some((expect, found)) => {
                let unicode = matches!(expect, lex::Expect::Unicode);
                if matches!(expect, lex::Expect::Escape | lex::Expect::Unicode)
                    && let Some(said) = invalid_escape(program, code, found, unicode)
                {
                    return said;
                }
                let expected = match expect {
                    lex::Expect::Digit => "a digit".to_string(),
                    lex::Expect::Ident => "an identifier".to_string(),
                    lex::Expect::Delim(open) => format!("the closing partner of {open}"),
                    lex::Expect::Escape => "a string escape sequence".to_string(),
                    lex::Expect::Unicode => "4 hexadecimal digits".to_string(),
                    _ => "a token".to_string(),
                };
                (expected, *found)
            }
            None => return "syntax error".to_string(),
        },
        Error::Parse(errors) => match errors.first() {
            // What jaq calls expecting nothing more, jq's grammar calls the end of the file.
            Some((expect, found)) => (expect.as_str().replace("nothing", "end of file"), *found),
            None => return "syntax error".to_string(),
        },
        Error::Io(errors) => return errors.first().map_or("cannot load a module".to_string(), |(_, e)| e.clone()),
    };
    let token: String = found.chars().take_while(|c| !c.is_whitespace()).take(12).collect();
    let unexpected = if token.is_empty() { "end of file".to_string() } else { format!("'{token}'") };
    format!("syntax error, unexpected {unexpected}, expecting {expected}{}", place(program, code, found, 1))
}

/// What an evaluation produced.
struct Outcome {
    out: Vec<u8>,
    err: String,
    status: Status,
}

fn failure(err: String, status: Status) -> Outcome {
    Outcome { out: Vec::new(), err, status }
}

/// What one evaluation reads: the options, the filter, the input, and the shell's exported
/// variables.
struct Job<'a> {
    o: &'a Options,
    /// The module files the filter's directives reach, read before it runs.
    library: &'a modules::Library,
    code: &'a str,
    input: JobInput,
    /// The longest JSON text held (`input-bytes`).
    limit: usize,
    env: Vec<(String, String)>,
}

/// The input of an evaluation.
enum JobInput {
    /// Read whole, with where each file starts in it.
    Whole { data: Vec<u8>, sources: Vec<(String, usize)> },
    /// In pieces, as the reader (`feed_pieces`) sends them.
    Stream(tokio::sync::mpsc::Receiver<feed::Piece>),
}

/// Compiles and runs the filter over the inputs, synchronously (jaq values are not `Send`);
/// what the filter wrote to standard error comes before any error message.
fn evaluate(job: Job, halt: &crate::lang::deep::Halt, emit: &mut dyn FnMut(Vec<u8>) -> bool) -> Outcome {
    MESSAGES.with(|m| m.borrow_mut().clear());
    limits::set_halt(Some(halt.clone()));
    let mut outcome = evaluate_filter(job, halt, emit);
    limits::set_halt(None);
    let messages = MESSAGES.with(|m| std::mem::take(&mut *m.borrow_mut()));
    if !messages.is_empty() {
        outcome.err = format!("{}{}", toolsh_bytes::lossy(&messages), outcome.err);
    }
    outcome
}

/// How deep a filter may nest and still be read on the shell's own stack (a runtime worker's
/// 2 MiB); a deeper one is read on a stack grown to the evaluator's.
const SHALLOW: usize = 200;

/// Output is handed to `emit` in chunks of about this many bytes (the rest comes back in the
/// outcome); `emit` answers false when nobody reads any more.
const CHUNK: usize = 16 * 1024;

/// jq's message for a module's syntax error, placed in the module's file as jq places it.
fn placed_syntax_error(file: &File<&str, modules::ModPath>, error: &jaq_core::load::Error<&str>) -> String {
    syntax_error(file.code, file.code, error).replacen(" at <top-level>,", &format!(" at {},", file.path), 1)
}

/// Loads and compiles `code` with jq's definitions (`prelude.jq`) before it and the modules
/// its directives reach (their text passed through `module`); gives the filter and the values
/// of its data imports, or jq's message for the first error.
fn compile(
    code: &str,
    var_names: &[String],
    library: &modules::Library,
    module: &dyn Fn(&str) -> String,
) -> Result<(jaq_core::Filter<JqData>, Vec<Val>), String> {
    let arena = Arena::default();
    let loader = Loader::new(library::reachable(code))
        .with_read(|import: jaq_core::load::Import<&str, modules::ModPath>| library.read(import, module));
    let modules = match loader.load(&arena, File { code, path: modules::TOP.to_string() }) {
        Ok(modules) => modules,
        Err(errors) => {
            let first = errors.into_iter().next().map(|(file, error)| match &error {
                // jq follows a one-line failure (`module not found: m`) with an empty line, and
                // one placed in a file (under its carets) with none.
                jaq_core::load::Error::Io(failures) => {
                    failures.first().map_or("cannot load a module".to_string(), |(_, why)| {
                        if why.contains('\n') { why.clone() } else { format!("{why}\n") }
                    })
                }
                _ if file.path == modules::TOP => syntax_error(code, code, &error),
                _ => placed_syntax_error(&file, &error),
            });
            return Err(first.unwrap_or_else(|| format!("syntax error in the filter `{code}`")));
        }
    };
    let mut imported = Vec::new();
    let data = jaq_core::load::import(&modules, |import| {
        imported.push(library.data(import)?);
        Ok(())
    });
    if let Err(errors) = data {
        let why = errors.into_iter().find_map(|(_, error)| match error {
            jaq_core::load::Error::Io(failures) => failures.into_iter().next().map(|(_, why)| why),
            _ => None,
        });
        return Err(format!("{}\n", why.unwrap_or_else(|| "cannot load data".to_string())));
    }
    let funs = jaq_core::funs::<JqData>()
        .chain(jaq_std::funs::<JqData>().filter(|(name, _, _)| *name != "env"))
        .chain(
            jaq_std::input::funs::<JqData>()
                .into_vec()
                .into_iter()
                .map(|(name, args, run)| (name, args, Native::<JqData>::new(run))),
        )
        .chain(jaq_json::funs::<JqData>())
        .chain(std::iter::once(jq_tojson::<JqData>()))
        .chain(std::iter::once(jq_fromjson::<JqData>()))
        .chain(std::iter::once(jq_tostream::<JqData>()))
        .chain(std::iter::once(jq_modulemeta()))
        .chain(std::iter::once(limits::guard::<JqData>()))
        .chain(paths::natives::<JqData>())
        .chain(formats::natives::<JqData>())
        .chain(std::iter::once(messages::native::<JqData>()))
        .chain(std::iter::once(regex::native::<JqData>()))
        .chain(time::natives::<JqData>())
        .chain(std::iter::once(walk::native::<JqData>()))
        .chain(numbers::natives::<JqData>())
        .chain(jq_messages::<JqData>());
    let compiler = Compiler::default().with_funs(funs).with_global_vars(var_names.iter().map(String::as_str));
    match compiler.compile(modules) {
        Ok(filter) => Ok((filter, imported)),
        Err(errors) => {
            let first = errors.into_iter().flat_map(|(_, errs)| errs).next();
            let message = match first {
                Some((name, jaq_core::compile::Undefined::Label)) => undefined_label(code, name),
                Some((name, undefined)) => {
                    let what = match undefined {
                        jaq_core::compile::Undefined::Filter(arity) => format!("{name}/{arity}"),
                        _ => name.to_string(),
                    };
                    format!("{what} is not defined{}", place(code, code, name, name.chars().count()))
                }
                None => "a name is not defined".to_string(),
            };
            Err(message)
        }
    }
}

fn evaluate_filter(job: Job, halt: &crate::lang::deep::Halt, emit: &mut dyn FnMut(Vec<u8>) -> bool) -> Outcome {
    let Job { o, library, code, input, limit, env } = job;
    // JSON texts read in pieces are parsed one at a time as the filter takes them (a 200 MB
    // input parsed first was held as values several times its size); what was read whole is
    // read into values here.
    let (data, sources, feed) = match input {
        JobInput::Whole { data, sources } => (data, sources, None),
        JobInput::Stream(mut received) => {
            let pieces: feed::Pieces = Box::new(move || received.blocking_recv());
            let feed = if o.raw_input { feed::Feed::raw(pieces, limit) } else { feed::Feed::new(pieces, limit) };
            (Vec::new(), Vec::new(), Some(std::rc::Rc::new(std::cell::RefCell::new(feed))))
        }
    };
    // A slurped input's place is its end (worked out now: its bytes go to the parser).
    let slurp_place =
        (o.slurp && !o.raw_input && !o.seq).then(|| input_places(&data, &sources, o).into_iter().next()).flatten();
    let (values, input_error, warnings, data) = if feed.is_some() {
        (Vec::new(), None, String::new(), data)
    } else if o.seq && !o.raw_input {
        // `-n` reads no input, so there is no text to abandon.
        let (values, warnings) = if o.null_input && data.is_empty() { Default::default() } else { read_seq(&data) };
        let values = if o.slurp && !o.stream { vec![Val::from_iter(values)] } else { values };
        (values, None, warnings.concat(), data)
    } else if o.raw_input {
        let (values, error) = read_raw(&data, o.slurp && !o.stream);
        (values, error, String::new(), data)
    } else {
        let (values, error) = read_json(data, &sources, o.slurp && !o.stream);
        (values, error, String::new(), Vec::new())
    };
    let data = data.as_slice();
    let sources = sources.as_slice();
    // --stream: each input as the events `tostream` gives (slurped, the array of them all).
    let values = if o.stream && !o.raw_input {
        let events = values.iter().flat_map(stream_events);
        if o.slurp { vec![Val::from_iter(events)] } else { events.collect() }
    } else {
        values
    };
    // `$ENV` is the shell's exported variables; jaq-std's `env` would read the host's, so it is
    // left out and `env` is defined as `$ENV`.
    let text = |s: String| Val::from(toolsh_bytes::utf8(&s).into_owned());
    let env = Val::obj(env.into_iter().map(|(k, v)| (text(k), text(v))).collect());
    // `$__loc__` is defined for the check of the text as written; the rewritten text that runs
    // has each one replaced by its own place.
    let location = Val::obj(
        [
            (Val::from("file".to_string()), Val::from("<top-level>".to_string())),
            (Val::from("line".to_string()), Val::from(1isize)),
        ]
        .into_iter()
        .collect(),
    );
    let mut var_names: Vec<String> = vec!["$ENV".to_string(), "$__loc__".to_string()];
    let mut var_values: Vec<Val> = vec![env, location];
    let mut named = Vec::new();
    for (name, arg) in &o.named {
        match arg.value() {
            Ok(value) => {
                var_names.push(format!("${name}"));
                var_values.push(value.clone());
                named.push((Val::from(name.clone()), value));
            }
            Err(message) => return failure(format!("jq: {message}\n"), 2),
        }
    }
    let mut positional = Vec::new();
    for arg in &o.positional {
        match arg.value() {
            Ok(value) => positional.push(value),
            Err(message) => return failure(format!("jq: {message}\n"), 2),
        }
    }
    let named_args = Val::obj(
        [
            (Val::from("positional".to_string()), Val::from_iter(positional)),
            (Val::from("named".to_string()), Val::obj(named.into_iter().collect())),
        ]
        .into_iter()
        .collect(),
    );
    var_names.push("$ARGS".to_string());
    var_values.push(named_args);
    // The inputs are read before the filter runs, so the file is known only when there is one.
    var_names.push("$__input_filename".to_string());
    var_values.push(match o.files.as_slice() {
        [file] => Val::from(file.clone()),
        [] if !o.null_input => Val::from("<stdin>".to_string()),
        _ => Val::Null,
    });
    // jq's search list as `-L` gave it (its defaults, written as jq writes them, without),
    // and the directory the filter came from.
    var_names.push("$__search_list".to_string());
    var_values.push(if o.library.is_empty() {
        Val::from_iter(["~/.jq", "$ORIGIN/../lib/jq", "$ORIGIN/../lib"].map(|dir| Val::from(dir.to_string())))
    } else {
        Val::from_iter(o.library.iter().map(|dir| Val::from(dir.clone())))
    });
    var_names.push("$__prog_origin".to_string());
    var_values.push(Val::from(library.origin.clone()));
    // `?//` is written out in terms jaq reads (see `alternatives`), and so are data imports'
    // qualified names (`modules`).
    let code = modules::data_names(code);
    let expanded = alternatives::expand(&alternatives::object_variables(&grammar::widen(&code)));
    let code = expanded.as_str();
    // Errors are reported against the text as written; the run uses it rewritten (jq's
    // assignments, guarded definitions: see `rewrite`), its modules too.
    let (header, body) = modules::split_header(code);
    if let Some((at, said)) = modules::metadata_error(code) {
        let place = place(code, code, at, at.chars().count());
        return failure(format!("jq: error: {said}{place}\njq: 1 compile error\n"), 3);
    }
    let (mut filter, mut imported) = match compile(code, &var_names, library, &|text| text.to_string()) {
        Ok(compiled) => compiled,
        // An `@name` jq lacks is an error when it runs, which the rewritten text raises.
        Err(message) if message.starts_with('@') && message.contains("/0 is not defined") => {
            let rewritten = rewrite::rewrite(body).map(|text| format!("{header}{text}")).unwrap_or_default();
            match compile(&rewritten, &var_names, library, &rewrite::module) {
                Ok(compiled) => compiled,
                Err(_) => return failure(format!("jq: error: {message}\njq: 1 compile error\n"), 3),
            }
        }
        Err(message) => return failure(format!("jq: error: {message}\njq: 1 compile error\n"), 3),
    };
    if let Some((at, said)) = rewrite::constant_key(body) {
        let place = place(code, code, at, at.chars().count());
        return failure(format!("jq: error: {said}{place}\njq: 1 compile error\n"), 3);
    }
    if let Some(rewritten) = rewrite::rewrite(body) {
        let rewritten = format!("{header}{rewritten}");
        match compile(&rewritten, &var_names, library, &rewrite::module) {
            Ok(compiled) => (filter, imported) = compiled,
            Err(message) => return failure(format!("jq: error: {message} (in the filter as rewritten)\n"), 3),
        }
    }
    // Data imports come after the global variables, as the compiler numbers them.
    var_values.extend(imported);
    // A text that does not parse comes after the values before it: read by `input`/`inputs` it
    // is an error of the filter, else the end of the input (as in jq).
    // Input positions of what was read whole are worked out only when an error names one (a
    // scan of all the input); the feed counts them as it goes.
    let places = std::cell::OnceCell::new();
    let taken = std::cell::Cell::new(0usize);
    let queue: Box<dyn Iterator<Item = Result<Val, String>>> = match &feed {
        Some(feed) if o.stream && !o.raw_input => {
            let feed = feed.clone();
            Box::new(std::iter::from_fn(move || feed.borrow_mut().next()).flat_map(|value| match value {
                Ok(value) => stream_events(&value).into_iter().map(Ok).collect::<Vec<_>>(),
                Err(message) => vec![Err(message)],
            }))
        }
        Some(feed) => {
            let feed = feed.clone();
            Box::new(std::iter::from_fn(move || feed.borrow_mut().next()))
        }
        None => Box::new(values.into_iter().map(Ok).chain(input_error.map(Err))),
    };
    // Where the input being filtered came from, as an error names it.
    let place = || -> String {
        if let Some(feed) = &feed {
            return feed.borrow_mut().place().unwrap_or_else(|| "<unknown>".to_string());
        }
        if let Some(place) = &slurp_place {
            return if taken.get() > 0 { place.clone() } else { "<unknown>".to_string() };
        }
        match taken.get().checked_sub(1).and_then(|at| places.get_or_init(|| input_places(data, sources, o)).get(at)) {
            Some(place) => place.clone(),
            None => "<unknown>".to_string(),
        }
    };
    // `input_line_number` is the line of the place the last input taken ends on (worked out
    // only when the filter names it: for input read whole it is a scan of all of it).
    let count_lines = code.contains("input_line_number");
    numbers::set_line(0);
    let queue: Box<dyn Iterator<Item = Result<Val, String>>> = Box::new(queue.inspect(|_| {
        taken.set(taken.get() + 1);
        if count_lines {
            let place = place();
            numbers::set_line(place.rsplit_once(':').and_then(|(_, line)| line.parse().ok()).unwrap_or(0));
        }
    }));
    let inputs = RcIter::new(queue);
    let inputs: &RcIter<dyn Iterator<Item = Result<Val, String>>> = &inputs;
    // The warnings of --seq input come first, as jq reads its input before it filters.
    let mut outcome = Outcome { out: Vec::new(), err: warnings, status: 0 };
    let mut last: Option<bool> = None;
    let mut first = true;
    // A file could not be read: jq's status 2 at the end.
    let mut skipped = false;
    loop {
        let input = if o.null_input {
            if !first {
                break;
            }
            Val::Null
        } else {
            let next = { inputs }.next();
            // Files that could not be read are said as the input reaches them.
            if let Some(feed) = &feed {
                for said in std::mem::take(&mut feed.borrow_mut().skipped) {
                    outcome.err.push_str(&said);
                    skipped = true;
                }
            }
            match next {
                Some(Ok(value)) => value,
                Some(Err(message)) => {
                    // After the values before it, as jq; it exits 5 then (as jq 1.7+ does), 2
                    // when reading failed.
                    outcome.err.push_str("jq: ");
                    outcome.err.push_str(&message);
                    outcome.err.push('\n');
                    outcome.status =
                        if skipped || feed.as_ref().is_some_and(|feed| feed.borrow().failed_reading) { 2 } else { 5 };
                    return outcome;
                }
                None => {
                    if feed.as_ref().is_some_and(|feed| feed.borrow().gone) {
                        // The reader went away: the line was stopped.
                        outcome.status = crate::status::CANCELLED;
                        return outcome;
                    }
                    break;
                }
            }
        };
        first = false;
        // As jq, the status is the last input's: an error in one input does not stay.
        outcome.status = 0;
        let global = Global { lut: &filter.lut, inputs, library };
        let run_ctx = jaq_core::Ctx::<JqData>::new(global, Vars::new(var_values.clone()));
        for result in filter.id.run((run_ctx, input)) {
            if halt.requested() {
                outcome.status = crate::status::CANCELLED;
                return outcome;
            }
            match result {
                Ok(value) => {
                    last = Some(!matches!(value, Val::Null | Val::Bool(false)));
                    if o.nul && matches!(&value, Val::TStr(text) if text.contains(&0)) {
                        outcome.err.push_str(&format!(
                            "jq: error (at {}): Cannot dump a string containing NUL with --raw-output0 option\n",
                            place()
                        ));
                        outcome.status = 5;
                        break;
                    }
                    render(&value, o, &mut outcome.out);
                    if outcome.out.len() >= CHUNK && !emit(std::mem::take(&mut outcome.out)) {
                        halt.request();
                    }
                }
                Err(exn) => match exn.get_halt() {
                    Ok(code) => {
                        outcome.status = code;
                        return outcome;
                    }
                    Err(exn) => {
                        // As jq: a string error is shown as text, another value as JSON.
                        let message = match exn.get_err().map(jaq_core::Error::into_val) {
                            Ok(Val::TStr(text)) => {
                                let text = toolsh_bytes::lossy(&text);
                                format!(": {}", messages::translate(&text).unwrap_or_else(|| text.into_owned()))
                            }
                            Ok(value) => format!(" (not a string): {value}"),
                            Err(_) => ": unexpected control flow".to_string(),
                        };
                        outcome.err.push_str(&format!("jq: error (at {}){message}\n", place()));
                        outcome.status = 5;
                        // As jq: an error ends this input's outputs (`1, error, 2` prints 1;
                        // jaq's `fromjson` of "nan" repeated its error for ever).
                        break;
                    }
                },
            }
        }
    }
    if outcome.status == 0 && o.exit_status {
        outcome.status = match last {
            Some(true) => 0,
            Some(false) => 1,
            None => 4,
        };
    }
    if skipped {
        outcome.status = 2;
    }
    outcome
}

#[cfg(test)]
mod tests {
    use super::decimal_text;

    #[test]
    fn literals_keep_their_digits_in_decnumber_form() {
        let d = |text: &str| decimal_text(text).unwrap_or_else(|| "none".to_string());
        assert_eq!(d("1.000"), "1.000");
        assert_eq!(d("1e3"), "1E+3");
        assert_eq!(d("0.0000001"), "1E-7");
        assert_eq!(d("-12.5e-3"), "-0.0125");
        assert_eq!(d("0e10"), "0E+10");
        assert_eq!(d("123e9223372036854775807"), "none");
        assert_eq!(d("1.2.3"), "none");
    }
}
