//! Commands that run other commands: `xargs` (arguments from standard input, run as they
//! arrive) and `env` (a changed environment). The commands run in subshells of the session,
//! never as host programs.

mod items;

use super::Ctx;
use crate::interp::Status;
use crate::interp::io::{Input, Io};
use crate::interp::vars::{Attrs, is_name};
use items::{Item, Split, Splitter};

/// Bytes GNU xargs allows one command line (`xargs --show-limits`: the buffer it uses): each
/// argument counts with a terminating NUL, the command's own words included.
const DEFAULT_MAX_CHARS: usize = 128 * 1024;

/// What the flags asked for.
struct Options {
    split: Split,
    eof: Option<String>,
    max_args: Option<usize>,
    max_lines: Option<usize>,
    /// `-I`: each input line replaces this string in the command's arguments.
    replace: Option<String>,
    max_chars: usize,
    exit_on_size: bool,
    no_run_if_empty: bool,
    trace: bool,
    arg_file: Option<String>,
    command: Vec<String>,
}

/// A flag error: GNU's message, then the hint, status 1.
async fn bad_flag(ctx: &Ctx<'_>, message: String) -> Status {
    ctx.complain(message).await;
    ctx.err("Try 'xargs --help' for more information.\n").await;
    1
}

/// GNU's warning for a flag that replaces an earlier one it excludes.
async fn exclusive(ctx: &Ctx<'_>, earlier: &str, later: &str) {
    let message =
        format!("warning: options {earlier} and {later} are mutually exclusive, ignoring previous {earlier} value");
    ctx.complain(message).await;
}

/// Reads the flags; `Err` holds the status to end with.
async fn parse_options(ctx: &Ctx<'_>) -> Result<Options, Status> {
    let mut o = Options {
        split: Split::Blanks,
        eof: None,
        max_args: None,
        max_lines: None,
        replace: None,
        max_chars: DEFAULT_MAX_CHARS,
        exit_on_size: false,
        no_run_if_empty: false,
        trace: false,
        arg_file: None,
        command: Vec::new(),
    };
    let argv = &ctx.argv;
    let mut idx = 1;
    while let Some(arg) = argv.get(idx) {
        idx += 1;
        if arg == "--" || !arg.starts_with('-') || arg == "-" {
            if arg != "--" {
                idx -= 1;
            }
            break;
        }
        // Each flag with its value, if it takes one: `--name=V`, `--name V`, `-xV`, `-x V`.
        let mut flags: Vec<(char, Option<String>)> = Vec::new();
        if let Some(long) = arg.strip_prefix("--") {
            let (name, inline) = match long.split_once('=') {
                Some((name, value)) => (name, Some(value.to_string())),
                None => (long, None),
            };
            let (flag, takes) = match name {
                "null" => ('0', false),
                "delimiter" => ('d', true),
                "max-args" => ('n', true),
                "max-lines" => ('l', false),
                "replace" => ('i', false),
                "no-run-if-empty" => ('r', false),
                "verbose" => ('t', false),
                "max-procs" => ('P', true),
                "max-chars" => ('s', true),
                "exit" => ('x', false),
                "eof" => ('e', false),
                "arg-file" => ('a', true),
                "interactive" => ('p', false),
                "help" => ('h', false),
                _ => return Err(bad_flag(ctx, format!("unrecognized option '{arg}'")).await),
            };
            let value = match (takes, inline) {
                (true, None) => {
                    idx += 1;
                    match argv.get(idx - 1) {
                        Some(value) => Some(value.clone()),
                        None => return Err(bad_flag(ctx, format!("option '--{name}' requires an argument")).await),
                    }
                }
                (_, inline) => inline,
            };
            flags.push((flag, value));
        } else {
            for (at, flag) in arg[1..].char_indices() {
                let rest = &arg[1 + at + flag.len_utf8()..];
                match flag {
                    'd' | 'n' | 'L' | 'P' | 's' | 'a' | 'E' | 'I' => {
                        let value = if rest.is_empty() {
                            idx += 1;
                            match argv.get(idx - 1) {
                                Some(value) => value.clone(),
                                None => {
                                    return Err(bad_flag(ctx, format!("option requires an argument -- '{flag}'")).await);
                                }
                            }
                        } else {
                            rest.to_string()
                        };
                        flags.push((flag, Some(value)));
                        break;
                    }
                    // Optional values, attached only.
                    'i' | 'l' | 'e' => {
                        flags.push((flag, (!rest.is_empty()).then(|| rest.to_string())));
                        break;
                    }
                    _ => flags.push((flag, None)),
                }
            }
        }
        for (flag, value) in flags {
            let number = |name: char, value: Option<String>| {
                let text = value.unwrap_or_default();
                match text.parse::<usize>() {
                    Ok(0) if name != 'P' => Err(format!("value 0 for -{name} option should be >= 1")),
                    Ok(n) => Ok(n),
                    Err(_) => Err(format!("invalid number \"{text}\" for -{name} option")),
                }
            };
            match flag {
                '0' => o.split = Split::Byte(0),
                'd' => {
                    let spec = value.unwrap_or_default();
                    let (decoded, _) = crate::builtins::text::expand_backslashes(&spec);
                    match decoded.as_bytes() {
                        [byte] => o.split = Split::Byte(*byte),
                        _ => {
                            let message = format!(
                                "Invalid input delimiter specification {spec}: the delimiter must be either a \
                                 single character or an escape sequence starting with \\."
                            );
                            return Err(ctx.fail(message).await);
                        }
                    }
                }
                'r' => o.no_run_if_empty = true,
                't' => o.trace = true,
                'x' => o.exit_on_size = true,
                'a' => o.arg_file = value,
                'E' | 'e' => o.eof = value,
                'n' | 'L' | 'l' | 's' | 'P' => {
                    let value = if flag == 'l' { Some(value.unwrap_or_else(|| "1".to_string())) } else { value };
                    let n = match number(flag, value) {
                        Ok(n) => n,
                        Err(message) => return Err(bad_flag(ctx, message).await),
                    };
                    // -n, -L and -I exclude each other; GNU warns which earlier one it drops
                    // (and lets -I win over a later -n).
                    match flag {
                        'n' => {
                            if o.max_lines.take().is_some() {
                                exclusive(ctx, "--max-lines", "--max-args/-n").await;
                            }
                            o.max_args = Some(n);
                        }
                        'L' | 'l' => {
                            if o.max_args.take().is_some() {
                                exclusive(ctx, "--max-args", "-L").await;
                            }
                            if o.replace.take().is_some() {
                                exclusive(ctx, "--replace", "-L").await;
                            }
                            o.max_lines = Some(n);
                        }
                        's' => o.max_chars = n,
                        _ => {} // -P: the groups run one after another (docs/deviations.md).
                    }
                }
                'I' | 'i' => {
                    if o.max_args.take().is_some() {
                        exclusive(ctx, "--max-args", "--replace/-I/-i").await;
                    }
                    if o.max_lines.take().is_some() {
                        exclusive(ctx, "--max-lines", "--replace/-I/-i").await;
                    }
                    o.replace = Some(value.unwrap_or_else(|| "{}".to_string()));
                }
                'p' => {
                    return Err(
                        bad_flag(ctx, "-p asks on a terminal, which commands here do not have".to_string()).await
                    );
                }
                'h' => {
                    let usage = super::lookup("xargs").map_or("", |b| b.usage);
                    ctx.out(format!("usage: {usage}\n")).await;
                    return Err(0);
                }
                other => return Err(bad_flag(ctx, format!("invalid option -- '{other}'")).await),
            }
        }
    }
    if o.replace.is_some() {
        (o.max_args, o.max_lines, o.exit_on_size) = (None, Some(1), true);
        if o.split == Split::Blanks {
            o.split = Split::Lines;
        }
    }
    if o.eof.is_some() && matches!(o.split, Split::Byte(_)) {
        ctx.complain("warning: the -E option has no effect if -0 or -d is used.\n").await;
    }
    o.command = argv[idx..].to_vec();
    if o.command.is_empty() {
        o.command.push("echo".to_string());
    }
    Ok(o)
}

/// `xargs`: runs the command with arguments read from standard input (or `-a FILE`) as they
/// arrive, a group at a time: `-n` arguments, `-L` lines, one line with `-I`, else as many as
/// fit in `-s` bytes. Nothing is read ahead beyond the group being built.
pub async fn xargs(ctx: Ctx<'_>) -> Status {
    let o = match parse_options(&ctx).await {
        Ok(o) => o,
        Err(status) => return status,
    };
    let mut reader = match ctx.open_operand(o.arg_file.as_deref().unwrap_or("-")) {
        Ok(reader) => reader,
        Err(err) => {
            let name = o.arg_file.as_deref().unwrap_or("-");
            return ctx.fail(format!("Cannot open input file '{name}': {}", crate::vfs::describe(&err))).await;
        }
    };
    let base: usize = o.command.iter().map(|word| word.len() + 1).sum();
    if base > o.max_chars {
        return ctx.fail("cannot fit single argument within argument list size limit").await;
    }
    // The commands get xargs' standard input only when the arguments come from a file.
    let io = if o.arg_file.is_some() {
        ctx.io.clone()
    } else {
        let mut io = ctx.io.clone();
        io.set(0, Some(crate::interp::io::Fd::Input(Input::null())));
        io
    };
    let mut runner = Runner { ctx: &ctx, o: &o, io, base, args: Vec::new(), chars: 0, lines: 0, ran: false, status: 0 };
    let mut splitter = Splitter::new(o.split, o.eof.clone());
    let mut items = Vec::new();
    loop {
        let piece = match reader.chunk().await {
            Ok(piece) => piece,
            Err(err) => return ctx.fail(format!("read error: {}", crate::vfs::describe(&err))).await,
        };
        let at_end = piece.is_none();
        let cut = splitter.feed(piece.as_deref(), &mut items);
        // As GNU: an unmatched quote is reported at once; the arguments before it still run.
        if let Err(message) = &cut {
            ctx.complain(message).await;
        }
        for item in items.drain(..) {
            if let Err(status) = runner.push(item).await {
                return status;
            }
        }
        if cut.is_err() {
            return runner.flush().await.err().unwrap_or(1);
        }
        // An item longer than a command line can hold is refused before it is read through.
        if splitter.pending() > o.max_chars {
            return ctx.fail("argument line too long").await;
        }
        if at_end || splitter.finished() {
            break;
        }
    }
    if let Err(status) = runner.flush().await {
        return status;
    }
    if !runner.ran && !o.no_run_if_empty && o.replace.is_none() {
        let argv = o.command.clone();
        if let Err(status) = runner.run(argv).await {
            return status;
        }
    }
    runner.status
}

/// Builds the groups of arguments and runs the command on each.
struct Runner<'c, 'a> {
    ctx: &'c Ctx<'a>,
    o: &'c Options,
    io: Io,
    /// Bytes of the command's own words.
    base: usize,
    args: Vec<String>,
    chars: usize,
    lines: usize,
    ran: bool,
    status: Status,
}

impl Runner<'_, '_> {
    /// Adds an argument, running the group when it is full; `Err` ends xargs with a status.
    async fn push(&mut self, item: Item) -> Result<(), Status> {
        if let Some(pattern) = &self.o.replace {
            let mut argv = vec![self.o.command[0].clone()];
            argv.extend(self.o.command[1..].iter().map(|word| word.replace(pattern.as_str(), &item.text)));
            return self.run(argv).await;
        }
        let size = item.text.len() + 1;
        if self.base + self.chars + size > self.o.max_chars {
            if self.args.is_empty() {
                self.ctx.complain("argument line too long").await;
                return Err(1);
            }
            if self.o.exit_on_size {
                self.ctx.complain("argument list too long").await;
                return Err(1);
            }
            self.flush().await?;
        }
        self.args.push(item.text);
        self.chars += size;
        self.lines += usize::from(item.ends_line);
        if self.o.max_args.is_some_and(|n| self.args.len() >= n) || self.o.max_lines.is_some_and(|n| self.lines >= n) {
            self.flush().await?;
        }
        Ok(())
    }

    /// Runs the group built so far, if any.
    async fn flush(&mut self) -> Result<(), Status> {
        if self.args.is_empty() {
            return Ok(());
        }
        let mut argv = self.o.command.clone();
        argv.append(&mut self.args);
        (self.chars, self.lines) = (0, 0);
        self.run(argv).await
    }

    /// Runs one command line; statuses mean what they mean to GNU xargs.
    async fn run(&mut self, argv: Vec<String>) -> Result<(), Status> {
        self.ran = true;
        if self.o.trace {
            let shown: Vec<String> = argv.iter().map(|word| quote_for_trace(word)).collect();
            self.ctx.err(format!("{}\n", shown.join(" "))).await;
        }
        let name = argv[0].clone();
        match self.ctx.run_with(argv, &self.io, |_| {}).await {
            0 => Ok(()),
            255 => {
                self.ctx.complain(format!("{name}: exited with status 255; aborting")).await;
                Err(124)
            }
            code @ (126 | 127) => Err(code),
            code if code > 128 => {
                self.ctx.complain(format!("{name}: terminated by signal {}", code - 128)).await;
                Err(125)
            }
            _ => {
                self.status = 123;
                Ok(())
            }
        }
    }
}

/// An argument as `-t` shows it: quoted only when the shell would read it otherwise, as GNU
/// xargs does.
fn quote_for_trace(word: &str) -> String {
    let special = |(at, c): (usize, char)| {
        matches!(c, ' ' | '\t' | '!' | '"' | '$' | '&' | '\'' | '(' | ')' | '*' | ';' | '<' | '=' | '>' | '?')
            || matches!(c, '[' | '\\' | '^' | '`' | '|')
            || (at == 0 && matches!(c, '#' | '~'))
    };
    if word.chars().any(char::is_control) {
        crate::builtins::printf::shell_quote(word)
    } else if word.contains('\'') && !word.contains(['$', '`', '"', '\\']) {
        // A single quote reads more simply inside double quotes, where nothing else is special.
        format!("\"{word}\"")
    } else if word.is_empty() || word.char_indices().any(special) {
        format!("'{}'", word.replace('\'', "'\\''"))
    } else {
        word.to_string()
    }
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
