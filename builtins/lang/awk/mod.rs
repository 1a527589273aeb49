//! `awk`: POSIX awk (with gawk's common extensions: `**`, `nextfile`, `delete ARRAY`,
//! `length(ARRAY)`, `fflush`, regex `RS`, `FS = ""`, `match(s, re, arr)`, `gensub`,
//! `strftime`, `systime`, `asort`, `asorti`), written for this
//! shell rather than wrapped: programs read files through the workspace, `print > file` writes
//! through it, and `cmd | getline`, `print | cmd` and `system()` run shell commands.
//!
//! The program parses and runs on a thread of its own with a large stack (deep recursion in a
//! user's functions must not overflow the shell's), so the deadline, Ctrl-C and cancellation
//! work while it computes: this async side answers its I/O requests ([`io::Request`]); the
//! thread is started by `deep::run`, whose `Halt` stops it when the command is dropped, the
//! line's deadline passes or it grows the process past `input-bytes`.

mod array;
mod ast;
mod flow;
mod interp;
mod io;
mod lexer;
mod parser;
mod random;
mod record;
mod value;

use crate::Ctx;
use crate::io::{Capture, Fd, Input, Io, Output};
use crate::session::Status;
use crate::spec::{Args, Misuse, Opt, Order, Spec, Words};
use crate::vfs::{WriteMode, describe};
use indexmap::IndexMap;
use io::Request;
use std::collections::HashMap;
use tokio::sync::mpsc;

const FIELD_SEPARATOR: Opt = Opt::both('F', "field-separator", "use fs for the input field separator").value("fs");
const ASSIGN: Opt = Opt::both('v', "assign", "assign val to var before the program runs").value("var=val");
const FILE: Opt = Opt::both('f', "file", "read the program from progfile (may be repeated)").value("progfile");

/// `awk`.
pub const AWK: Spec = Spec {
    name: "awk",
    summary: "scan and process text: patterns, fields, arrays, printf (POSIX awk)",
    synopsis: &[
        "[POSIX or GNU style options] -f progfile [--] file ...",
        "[POSIX or GNU style options] [--] 'program' file ...",
    ],
    about: "Run the awk program on each file (or standard input); an operand var=val assigns before the next file is read.",
    options: &[FIELD_SEPARATOR, ASSIGN, FILE],
    order: Order::OptionsFirst,
    words: Words::Own(awk_words),
    ..Spec::BASE
};

/// `gawk`: the same awk under GNU's name (which its messages and `ARGV[0]` then use).
pub const GAWK: Spec = Spec {
    name: "gawk",
    summary: "scan and process text: awk under GNU's name (gawk's common extensions included)",
    variant_of: Some("awk"),
    ..AWK
};

/// awk's words, as gawk's: its usage, then (unlike gawk, which leaves it out) what was wrong.
fn awk_words(spec: &Spec, misuse: &Misuse) -> String {
    match misuse {
        Misuse::Said(message) if message.is_empty() => spec.help(),
        misuse => format!("{}{}: {misuse}\n", spec.help(), spec.name),
    }
}
/// Most output captured from one `cmd | getline` command.
const CAPTURE_LIMIT: usize = 256 << 20;

/// Where the lines of the program came from: each `-f` file (or `cmd. line`, for a program
/// given as an operand) and the line of the joined program it starts on.
pub(crate) struct Sources(Vec<(String, u32)>);

impl Sources {
    /// The file holding line `line` of the joined program, and the line within it.
    fn locate(&self, line: u32) -> (&str, u32) {
        match self.0.iter().rev().find(|(_, start)| *start <= line) {
            Some((name, start)) => (name, line - start + 1),
            None => ("cmd. line", line),
        }
    }

    /// `FILE:LINE: ` before a message about line `line` (nothing for line 0: no line).
    fn place(&self, line: u32) -> String {
        if line == 0 {
            return String::new();
        }
        let (name, line) = self.locate(line);
        format!("{name}:{line}: ")
    }
}

/// What the command line asks for.
struct Invocation {
    /// The name awk was called by (`awk`, `gawk`): `ARGV[0]`, and the start of messages.
    name: String,
    program: Vec<u8>,
    /// How to name the program's lines in errors.
    sources: Sources,
    field_sep: Option<Vec<u8>>,
    assigns: Vec<(String, Vec<u8>)>,
    operands: Vec<String>,
}

async fn invocation(ctx: &Ctx<'_>, parsed: Args) -> Result<Invocation, Status> {
    let mut field_sep = None;
    let mut assigns = Vec::new();
    let mut files = Vec::new();
    for (opt, value) in parsed.given() {
        match *opt {
            FIELD_SEPARATOR => field_sep = Some(lexer::unescape(&toolsh_bytes::encode(value))),
            ASSIGN => match value.split_once('=') {
                Some((name, text)) if !name.is_empty() => {
                    assigns.push((name.to_string(), toolsh_bytes::encode(text).into_owned()))
                }
                _ => return Err(ctx.misuse(&AWK, format!("`{value}' is not a VAR=VALUE assignment")).await),
            },
            _ => files.push(value.to_string()),
        }
    }
    let args = &parsed.operands[..];
    let mut idx = 0;
    let (program, sources) = if files.is_empty() {
        let Some(text) = args.get(idx) else {
            return Err(ctx.misuse(&AWK, "").await);
        };
        idx += 1;
        (toolsh_bytes::encode(text).into_owned(), Sources(vec![("cmd. line".to_string(), 1)]))
    } else {
        let mut program = Vec::new();
        let mut sources = Vec::new();
        let mut start = 1u32;
        for file in &files {
            match ctx.read_operand(file).await {
                Ok(text) => {
                    sources.push((file.clone(), start));
                    let lines = memchr::memchr_iter(b'\n', &text).count() + 1;
                    start = start.saturating_add(u32::try_from(lines).unwrap_or(u32::MAX));
                    program.extend_from_slice(&text);
                    program.push(b'\n');
                }
                Err(err) => {
                    ctx.complain(format!("fatal: can't open source file `{file}' for reading: {}", describe(&err)))
                        .await;
                    return Err(2);
                }
            }
        }
        (program, Sources(sources))
    };
    Ok(Invocation {
        name: ctx.name().to_string(),
        program,
        sources,
        field_sep,
        assigns,
        operands: args[idx..].to_vec(),
    })
}

/// How the program ended: its exit status, or what to say on standard error and the status.
type Ending = Result<i32, (String, i32)>;

/// A diagnostic of the program text as gawk shows it, each line starting with awk's name.
fn show(diagnostic: &lexer::SyntaxError, invocation: &Invocation) -> String {
    use lexer::Style;
    let awk = &invocation.name;
    let line = u32::try_from(diagnostic.line).unwrap_or(u32::MAX);
    let place = invocation.sources.place(line);
    let message = &diagnostic.message;
    match diagnostic.style {
        Style::Caret => {
            let text = diagnostic
                .text_line
                .checked_sub(1)
                .and_then(|at| invocation.program.split(|b| *b == b'\n').nth(at))
                .unwrap_or_default();
            let text = toolsh_bytes::decode(text);
            // The caret sits under the place; tabs before it stay tabs, so it lines up.
            let pad: String = text
                .chars()
                .take(diagnostic.col.saturating_sub(1))
                .map(|c| if c == '\t' { '\t' } else { ' ' })
                .collect();
            format!("{awk}: {place}{text}\n{awk}: {place}{pad}^ {message}\n")
        }
        Style::Error => format!("{awk}: {place}error: {message}\n"),
        Style::Fatal => format!("{awk}: {place}fatal: {message}\n"),
        Style::Warning => format!("{awk}: {place}warning: {message}\n"),
    }
}

/// Parses and runs the program on the current (dedicated) thread. Errors in the program
/// text exit 1 as gawk's do (a fatal one 2); warnings are shown and the program runs.
fn run_program(
    invocation: Invocation,
    environ: Vec<(String, String)>,
    mut host: io::Host,
    stop: crate::lang::deep::Halt,
) -> Ending {
    let (program, warnings) = match parser::parse(&invocation.program) {
        Ok(parsed) => parsed,
        Err(diagnostics) => {
            let text: String = diagnostics.iter().map(|d| show(d, &invocation)).collect();
            let fatal = diagnostics.iter().any(|d| d.style == lexer::Style::Fatal);
            return Err((text, if fatal { 2 } else { 1 }));
        }
    };
    if !warnings.is_empty() {
        let text: String = warnings.iter().map(|d| show(d, &invocation)).collect();
        let _ = host.stderr(text.into_bytes());
    }
    let name = invocation.name.clone();
    let failed = |message: String| (format!("{name}: {message}\n"), 2);
    let mut argv = vec![invocation.name];
    argv.extend(invocation.operands);
    let setup = interp::Setup {
        argv,
        assigns: invocation.assigns,
        environ,
        field_sep: invocation.field_sep,
        sources: invocation.sources,
    };
    let mut machine = interp::Interp::new(&program, host, stop, setup).map_err(failed)?;
    let outcome = machine.run();
    if outcome.is_err() {
        machine.finish_after_error();
    }
    outcome.map_err(failed)
}

/// `awk [-F FS] [-v VAR=VALUE] (-f FILE | PROGRAM) [FILE...]`
pub async fn awk(ctx: Ctx<'_>, args: Args) -> Status {
    let invocation = match invocation(&ctx, args).await {
        Ok(invocation) => invocation,
        Err(status) => return status,
    };
    let environ = ctx.state().vars.exported();
    let (requests, mut incoming) = mpsc::channel::<Request>(4);
    let host = io::Host::new(requests);
    // The program runs on its own thread (deep.rs: a large stack, stopped by its Halt — the
    // command dropped, the deadline, the memory watch — and a panic there caught); its
    // requests are served here until it ends, which closes the channel.
    let running = crate::lang::deep::run(&ctx, "awk", move |halt| run_program(invocation, environ, host, halt));
    let serving = async {
        let mut server = Server { files: HashMap::new(), pipes: IndexMap::new(), inputs: Vec::new() };
        while let Some(request) = incoming.recv().await {
            server.serve(&ctx, request).await;
        }
        // Output files close here; pipes the program left open were run by its own `close_all`.
        drop(server);
    };
    let (finished, ()) = tokio::join!(running, serving);
    match finished {
        Ok(Ok(status)) => status,
        Ok(Err((text, status))) => {
            ctx.err(text).await;
            status
        }
        Err(message) => ctx.fail(format!("the program failed: {message}")).await,
    }
}

/// The shell's side of the program's I/O.
struct Server {
    files: HashMap<String, Output>,
    pipes: IndexMap<String, Vec<u8>>,
    /// Inputs being read, by handle (`None` once finished).
    inputs: Vec<Option<crate::OperandReader>>,
}

impl Server {
    async fn serve(&mut self, ctx: &Ctx<'_>, request: Request) {
        match request {
            Request::Stdout(data, reply) => {
                let ok = ctx.out(&data).await;
                let _ = reply.send(ok);
            }
            Request::Stderr(data, reply) => {
                ctx.err(&data).await;
                let _ = reply.send(());
            }
            Request::Write { name, append, data, reply } => {
                let _ = reply.send(self.write(ctx, &name, append, &data).await);
            }
            Request::Pipe { command, data, reply } => {
                self.pipes.entry(command).or_default().extend_from_slice(&data);
                let _ = reply.send(());
            }
            Request::Close { name, reply } => {
                let status = if self.files.remove(&name).is_some() {
                    0
                } else if let Some(data) = self.pipes.shift_remove(&name) {
                    let mut io = ctx.io.clone();
                    io.set(0, Some(Fd::Input(Input::from_bytes(data))));
                    ctx.run_with(shell_command(&name), &io, |_| {}).await
                } else {
                    -1
                };
                let _ = reply.send(status);
            }
            Request::Open { name, reply } => {
                let result = ctx.open_operand(&name).map_err(|err| describe(&err)).map(|reader| {
                    self.inputs.push(Some(reader));
                    self.inputs.len() - 1
                });
                let _ = reply.send(result);
            }
            Request::Chunk { input, reply } => {
                let result = match self.inputs.get_mut(input).and_then(Option::as_mut) {
                    Some(reader) => reader.chunk().await.map_err(|err| describe(&err)),
                    None => Ok(None),
                };
                if matches!(result, Ok(None) | Err(_)) {
                    // Finished inputs are let go at once (a program may read thousands).
                    if let Some(slot) = self.inputs.get_mut(input) {
                        *slot = None;
                    }
                }
                let _ = reply.send(result);
            }
            Request::Release { input, reply } => {
                if let Some(slot) = self.inputs.get_mut(input) {
                    *slot = None;
                }
                let _ = reply.send(());
            }
            Request::Capture { command, reply } => {
                let capture = Capture::new(CAPTURE_LIMIT);
                let io = Io::new(ctx.io.stdin(), Output::Capture(capture.clone()), ctx.io.stderr());
                let status = ctx.run_with(shell_command(&command), &io, |_| {}).await;
                let _ = reply.send((capture.take(), status));
            }
            Request::System { command, reply } => {
                let status = ctx.run(shell_command(&command)).await;
                let _ = reply.send(status);
            }
        }
    }

    async fn write(&mut self, ctx: &Ctx<'_>, name: &str, append: bool, data: &[u8]) -> Result<(), String> {
        if !self.files.contains_key(name) {
            let output = if name == "/dev/null" {
                Output::Null
            } else {
                let mode = if append { WriteMode::Append } else { WriteMode::Truncate };
                Output::file(&ctx.vfs, ctx.abs(name), mode).map_err(|err| describe(&err))?
            };
            self.files.insert(name.to_string(), output);
        }
        match self.files.get(name) {
            Some(output) => output.write_all(data).await.map_err(|err| describe(&err)),
            None => Ok(()),
        }
    }
}

fn shell_command(command: &str) -> Vec<String> {
    vec!["sh".to_string(), "-c".to_string(), command.to_string()]
}
