//! Commands that run other commands: `xargs` (arguments from standard input, run as they
//! arrive) and `env` (a changed environment). The commands run in subshells of the session,
//! never as host programs.

mod items;

use crate::Ctx;
use crate::io::{Input, Io};
use crate::session::Status;
use crate::spec::{Args, Opt, Order, Runs, Spec};
use items::{Item, Split, Splitter};
use toolsh_bytes::quote::{quote, quoteaf};
use toolsh_core::vars::{Attrs, is_name};

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

const NULL: Opt = Opt::both('0', "null", "items are separated by a null, not whitespace");
const ARG_FILE: Opt = Opt::both('a', "arg-file", "read arguments from FILE, not standard input").value("FILE");
const DELIMITER: Opt =
    Opt::both('d', "delimiter", "items in input stream are separated by CHARACTER").value("CHARACTER");
const EOF_STRICT: Opt =
    Opt::short('E', "set logical EOF string; if END occurs as a line of input, the rest is ignored").value("END");
const EOF: Opt = Opt::both('e', "eof", "equivalent to -E END if END is specified").optional("END");
const REPLACE_STRICT: Opt = Opt::short('I', "replace R in INITIAL-ARGS with names read from standard input").value("R");
const REPLACE: Opt = Opt::both('i', "replace", "equivalent to -I R, R being {} if not given").optional("R");
const MAX_LINES_STRICT: Opt =
    Opt::short('L', "use at most MAX-LINES non-blank input lines per command line").value("MAX-LINES");
const MAX_LINES: Opt = Opt::both('l', "max-lines", "as -L, MAX-LINES being 1 if not given").optional("MAX-LINES");
const MAX_ARGS: Opt = Opt::both('n', "max-args", "use at most MAX-ARGS arguments per command line").value("MAX-ARGS");
const MAX_PROCS: Opt =
    Opt::both('P', "max-procs", "accepted; the commands run one after another here").value("MAX-PROCS");
const INTERACTIVE: Opt = Opt::both('p', "interactive", "prompt before running commands (refused: no terminal here)");
const NO_RUN_IF_EMPTY: Opt = Opt::both('r', "no-run-if-empty", "if there are no arguments, then do not run COMMAND");
const MAX_CHARS: Opt = Opt::both('s', "max-chars", "limit length of command line to MAX-CHARS").value("MAX-CHARS");
const VERBOSE: Opt = Opt::both('t', "verbose", "print commands before executing them");
const EXIT: Opt = Opt::both('x', "exit", "exit if the size (see -s) is exceeded");

/// `xargs`.
pub const XARGS: Spec = Spec {
    name: "xargs",
    summary: "build and run commands from standard input",
    synopsis: &["[OPTION]... COMMAND [INITIAL-ARGS]..."],
    about: "Run COMMAND (default: echo) with the INITIAL-ARGS and more arguments read from standard input, a group at a time, as they arrive.",
    options: &[
        NULL,
        ARG_FILE,
        DELIMITER,
        EOF_STRICT,
        EOF,
        REPLACE_STRICT,
        REPLACE,
        MAX_LINES_STRICT,
        MAX_LINES,
        MAX_ARGS,
        MAX_PROCS,
        INTERACTIVE,
        NO_RUN_IF_EMPTY,
        MAX_CHARS,
        VERBOSE,
        EXIT,
    ],
    order: Order::OptionsFirst,
    runs: Runs::Operands { skip: 0, assignments: false, complete: false },
    ..Spec::BASE
};

/// GNU's warning for a flag that replaces an earlier one it excludes.
async fn exclusive(ctx: &Ctx<'_>, earlier: &str, later: &str) {
    let message =
        format!("warning: options {earlier} and {later} are mutually exclusive, ignoring previous {earlier} value");
    ctx.complain(message).await;
}

/// Reads the flags; `Err` holds the status to end with.
async fn parse_options(ctx: &Ctx<'_>, args: Args) -> Result<Options, Status> {
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
    for (opt, value) in args.given() {
        let flag = opt.short.unwrap_or_default();
        // An optional value not given is none (`-e`, `-i`, `-l`).
        let value = (!value.is_empty() || !matches!(flag, 'e' | 'i' | 'l')).then(|| value.to_string());
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
                let (decoded, _) = crate::text::stream::expand_backslashes(&spec);
                match &*toolsh_bytes::encode(&decoded) {
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
                    Err(message) => return Err(ctx.misuse(&XARGS, message).await),
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
            _ => return Err(ctx.misuse(&XARGS, "-p asks on a terminal, which commands here do not have").await),
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
    o.command = args.operands;
    if o.command.is_empty() {
        o.command.push("echo".to_string());
    }
    Ok(o)
}

/// `xargs`: runs the command with arguments read from standard input (or `-a FILE`) as they
/// arrive, a group at a time: `-n` arguments, `-L` lines, one line with `-I`, else as many as
/// fit in `-s` bytes. Nothing is read ahead beyond the group being built.
pub async fn xargs(ctx: Ctx<'_>, args: Args) -> Status {
    let o = match parse_options(&ctx, args).await {
        Ok(o) => o,
        Err(status) => return status,
    };
    let mut reader = match ctx.open_operand(o.arg_file.as_deref().unwrap_or("-")) {
        Ok(reader) => reader,
        Err(err) => {
            let name = o.arg_file.as_deref().unwrap_or("-");
            return ctx
                .fail(format!("Cannot open input file {name}: {}", crate::vfs::describe(&err), name = quote(name)))
                .await;
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
        io.set(0, Some(crate::io::Fd::Input(Input::null())));
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
        if let Some((why, status)) = crate::shell::runners::cannot_run(self.ctx, &name) {
            // GNU xargs names the command bare here.
            self.ctx.complain(format!("{name}: {why}")).await;
            return Err(status);
        }
        match self.ctx.run_with(argv, &self.io, |_| {}).await {
            0 => Ok(()),
            255 => {
                self.ctx.complain(format!("{name}: exited with status 255; aborting")).await;
                Err(124)
            }
            code @ (126 | 127) => Err(code),
            code if code > 128 => {
                self.ctx.complain(format!("{name}: terminated by signal {}", code - 128)).await;
                Err(crate::status::RUNNER_FAILED)
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
        crate::text::printf::shell_quote(word)
    } else if word.contains('\'') && !word.contains(['$', '`', '"', '\\']) {
        // A single quote reads more simply inside double quotes, where nothing else is special.
        format!("\"{word}\"")
    } else if word.is_empty() || word.char_indices().any(special) {
        format!("'{}'", word.replace('\'', "'\\''"))
    } else {
        word.to_string()
    }
}

const IGNORE_ENVIRONMENT: Opt = Opt::both('i', "ignore-environment", "start with an empty environment");
const NUL: Opt = Opt::both('0', "null", "end each output line with NUL, not newline");
const UNSET: Opt = Opt::both('u', "unset", "remove variable from the environment").value("NAME");
const CHDIR: Opt = Opt::both('C', "chdir", "change working directory to DIR").value("DIR");
const SPLIT_STRING: Opt = Opt::both(
    'S',
    "split-string",
    "process and split S into separate arguments; used to pass multiple arguments on shebang lines",
)
.value("S");

/// `env`.
pub const ENV: Spec = Spec {
    name: "env",
    summary: "run a command with a changed environment, or print it",
    synopsis: &["[OPTION]... [-] [NAME=VALUE]... [COMMAND [ARG]...]"],
    about: "Set each NAME to VALUE in the environment and run COMMAND (in a subshell of the session). A mere - implies -i. Without COMMAND, print the resulting environment.",
    options: &[IGNORE_ENVIRONMENT, NUL, UNSET, CHDIR, SPLIT_STRING],
    order: Order::OptionsFirst,
    usage_status: crate::status::RUNNER_FAILED,
    runs: Runs::Operands { skip: 0, assignments: true, complete: true },
    ..Spec::BASE
};

/// `env [-i0] [-u NAME] [-C DIR] [-S STRING] [NAME=VALUE]… [COMMAND [ARG]…]`: runs the command
/// in a subshell whose environment is changed so, or prints that environment.
pub async fn env(ctx: Ctx<'_>, args: Args) -> Status {
    let mut operands = args.operands.clone();
    let mut clear = args.has(&IGNORE_ENVIRONMENT);
    if operands.first().is_some_and(|o| o == "-") {
        operands.remove(0);
        clear = true;
    }
    let unset: Vec<&str> = args.given().filter(|(o, _)| **o == UNSET).map(|(_, v)| v).collect();
    if let Some(bad) = unset.iter().find(|n| n.is_empty() || n.contains('=')) {
        return ctx.misuse(&ENV, format!("cannot unset {}: Invalid argument", quote(bad))).await;
    }
    // -S STRING is split into words that lead the operands.
    if let Some(string) = args.last(&SPLIT_STRING) {
        match split_string(string) {
            Ok(words) => operands.splice(0..0, words).for_each(drop),
            Err(message) => return ctx.misuse(&ENV, message).await,
        }
    }
    let mut set = Vec::new();
    while let Some((name, value)) = operands.first().and_then(|o| o.split_once('=')).filter(|(n, _)| is_name(n)) {
        set.push((name.to_string(), value.to_string()));
        operands.remove(0);
    }
    let command = operands;
    let cwd = match args.last(&CHDIR) {
        Some(_) if command.is_empty() => return ctx.misuse(&ENV, "must specify command with --chdir (-C)").await,
        Some(dir) => {
            let why = match ctx.vfs.stat(&ctx.abs(dir)) {
                Ok(meta) if meta.is_dir() => None,
                Ok(_) => Some("Not a directory".to_string()),
                Err(err) => Some(crate::vfs::describe(&err)),
            };
            if let Some(why) = why {
                ctx.complain(format!("cannot change directory to {}: {why}", quoteaf(dir))).await;
                return crate::status::RUNNER_FAILED;
            }
            Some(ctx.abs(dir))
        }
        None => None,
    };
    let adjust = |child: &mut crate::ChildState<'_>| {
        if let Some(cwd) = &cwd {
            child.set_cwd(cwd.clone());
        }
        let vars = child.vars_mut();
        if clear {
            for name in vars.names() {
                if vars.get(&name).is_some_and(|v| v.attrs.has(Attrs::EXPORT)) {
                    vars.remove(&name);
                }
            }
        }
        for name in &unset {
            vars.remove(name);
        }
        for (name, value) in &set {
            vars.remove(name);
            let _ = vars.set(name, value.clone());
            if let Some(var) = vars.get_mut(name) {
                var.attrs.set(Attrs::EXPORT, true);
            }
        }
    };
    if command.is_empty() {
        let state = ctx.child_state(adjust);
        let mut out = String::new();
        let end = if args.has(&NUL) { '\0' } else { '\n' };
        for (name, value) in state.vars.exported() {
            out.push_str(&format!("{name}={value}{end}"));
        }
        return if ctx.out(out).await { 0 } else { 1 };
    }
    if let Some((why, status)) = crate::shell::runners::cannot_run(&ctx, &command[0]) {
        ctx.complain(format!("{}: {why}", toolsh_bytes::quote::quote(&command[0]))).await;
        return status;
    }
    let io: &Io = ctx.io;
    ctx.run_with(command, io, adjust).await
}

/// The words of `env -S STRING`: split at blanks, with GNU's quotes (`'…'` literal, `"…"` with
/// backslash escapes) and escapes (`\t`, `\n`, `\_` a space, `\c` ends the string).
fn split_string(text: &str) -> Result<Vec<String>, String> {
    let mut words = Vec::new();
    let mut word: Option<String> = None;
    let mut chars = text.chars();
    let mut quote = None;
    while let Some(c) = chars.next() {
        match (quote, c) {
            (None, ' ' | '\t' | '\n') => words.extend(word.take()),
            (None, '\'' | '"') => {
                quote = Some(c);
                word.get_or_insert_with(String::new);
            }
            (Some(q), c) if c == q => quote = None,
            (Some('\''), c) => word.get_or_insert_with(String::new).push(c),
            (_, '\\') => {
                let decoded = match chars.next() {
                    Some('c') if quote.is_none() => break,
                    Some('_') if quote.is_none() => {
                        words.extend(word.take());
                        continue;
                    }
                    Some('_') => ' ',
                    Some('t') => '\t',
                    Some('n') => '\n',
                    Some('r') => '\r',
                    Some('v') => '\u{b}',
                    Some('f') => '\u{c}',
                    Some(c @ ('\\' | '\'' | '"' | '#' | '$' | ' ')) => c,
                    Some(other) => return Err(format!("invalid sequence '\\{other}' in -S")),
                    None => return Err("invalid backslash at end of string in -S".to_string()),
                };
                word.get_or_insert_with(String::new).push(decoded);
            }
            (_, c) => word.get_or_insert_with(String::new).push(c),
        }
    }
    if let Some(q) = quote {
        let kind = if q == '"' { "double" } else { "single" };
        return Err(format!("no terminating quote in -S string ({kind})"));
    }
    words.extend(word);
    Ok(words)
}
