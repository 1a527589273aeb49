//! Commands over the session's variables and options: `set`, `shift`, `shopt`, `unset`,
//! `read`, `getopts`, `let`, `env`.

use crate::Ctx;
use crate::session::{Options, Status};
use crate::spec::{Args, Opt, Order, Spec};
use toolsh_core::options::{Kind, SET_OPTIONS, SHOPT_OPTIONS};
use toolsh_core::vars::{Attrs, Value, is_name};

/// `set -o` (`on`) or `set +o`'s listing of every `set -o` option.
fn set_o_listing(options: &Options, on: bool) -> String {
    let mut out = String::new();
    for (name, _, _) in SET_OPTIONS {
        let value = options.get(Kind::Set, name).unwrap_or(false);
        out.push_str(&option_line(Kind::Set, name, value, !on));
    }
    out
}

/// `set`: its words (`-e`, `+o pipefail`, positional parameters) are read here.
pub const SET: Spec = Spec {
    name: "set",
    summary: "set or unset values of shell options and positional parameters",
    synopsis: &["[-abefhkmnptuvxBCEHPT] [-o option-name] [--] [-] [arg ...]"],
    about: "Change the shell's options (-e errexit, -u nounset, -x xtrace, -f noglob, -C noclobber, -a allexport, -E errtrace, -o pipefail, -o posix; + turns one off) and set the positional parameters to the ARGs. Without arguments, print the variables, then the functions. bash's other options are kept and listed but change nothing (docs/deviations.md).",
    order: Order::Own,
    ..Spec::BASH
};

/// `set [-+euxfCa] [-o name] [--] [args…]`
pub async fn set(mut ctx: Ctx<'_>, parsed: Args) -> Status {
    let args = parsed.operands;
    if args.is_empty() {
        let mut out = String::new();
        let computed = super::listing::computed_arrays(ctx.state());
        for (name, var) in super::listing::merged(ctx.state(), ctx.state().vars.names(), &computed) {
            out.push_str(&super::listing::set_line(&name, var));
        }
        // Then the functions, as `declare -f` prints them (not in POSIX mode, as bash).
        let style = toolsh_core::print_bash::Style { posix: ctx.state().options.posix };
        if !style.posix {
            let mut functions: Vec<_> = ctx.state().functions.iter().collect();
            functions.sort_by(|a, b| a.0.cmp(b.0));
            for (_, def) in functions {
                out.push_str(&toolsh_core::print_bash::function_definition(def, style));
                out.push('\n');
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
        // A lone `-` ends the options and turns off -x and -v; the words after it, if any, are
        // the positional parameters (none leaves them as they were, unlike `--`). A lone `+`
        // is a flag that sets nothing. (bash 5.2)
        if arg == "-" {
            ctx.options_mut().set(Kind::Set, "xtrace", false);
            ctx.options_mut().set(Kind::Set, "verbose", false);
            if idx + 1 < args.len() {
                positional = Some(args[idx + 1..].to_vec());
            }
            break;
        }
        if arg == "+" {
            idx += 1;
            continue;
        }
        let on = arg.starts_with('-');
        if !(on || arg.starts_with('+')) {
            positional = Some(args[idx..].to_vec());
            break;
        }
        for flag in arg[1..].chars() {
            if flag == 'o' {
                idx += 1;
                match args.get(idx) {
                    Some(name) => {
                        if !ctx.options_mut().set(Kind::Set, name, on) {
                            // bash names the option, without the usage line.
                            ctx.complain(format!("{name}: invalid option name")).await;
                            return 2;
                        }
                    }
                    None => {
                        let listing = set_o_listing(&ctx.state().options, on);
                        ctx.out(listing).await;
                        return 0;
                    }
                }
                continue;
            }
            match Options::letter(flag) {
                Some(name) => {
                    ctx.options_mut().set(Kind::Set, name, on);
                }
                None => return ctx.misuse(&SET, format!("-{flag}: invalid option")).await,
            }
        }
        idx += 1;
    }
    if let Some(positional) = positional {
        ctx.set_positional_by_set(positional);
    }
    0
}

/// `shift`.
pub const SHIFT: Spec = Spec {
    name: "shift",
    summary: "shift positional parameters",
    synopsis: &["[n]"],
    about: "Rename the positional parameters $N+1,$N+2 ... to $1,$2 ...; N is 1 if not given.",
    order: Order::Own,
    ..Spec::BASH
};

/// `shift [n]`
pub async fn shift(mut ctx: Ctx<'_>, args: Args) -> Status {
    let count = match args.operands.as_slice() {
        [] => 1,
        [n] => match n.parse::<usize>() {
            Ok(n) => n,
            Err(_) if n.parse::<i64>().is_ok() => return ctx.fail(format!("{n}: shift count out of range")).await,
            Err(_) => return ctx.fail(format!("{n}: numeric argument required")).await,
        },
        [_, _, ..] => return ctx.fail("too many arguments").await,
    };
    if count > ctx.state().positional.len() {
        // Silent unless `shopt -s shift_verbose` or POSIX mode, as bash.
        if ctx.state().options.get(Kind::Shopt, "shift_verbose") == Some(true) || ctx.state().options.posix {
            return ctx.fail(format!("{count}: shift count out of range")).await;
        }
        return 1;
    }
    let rest = ctx.state().positional[count..].to_vec();
    *ctx.positional_mut() = rest;
    0
}

const SHOPT_SET: Opt = Opt::short('s', "enable (set) each OPTNAME");
const SHOPT_UNSET: Opt = Opt::short('u', "disable (unset) each OPTNAME");
const SHOPT_QUIET: Opt = Opt::short('q', "suppress output; the status says whether OPTNAME is set");
const SHOPT_REUSABLE: Opt = Opt::short('p', "print each shell option with an indication of its status, as input");
const SHOPT_SET_OPTIONS: Opt = Opt::short('o', "restrict OPTNAMEs to those defined for use with 'set -o'");

/// `shopt`.
pub const SHOPT: Spec = Spec {
    name: "shopt",
    summary: "set and unset shell options",
    synopsis: &["[-pqsu] [-o] [optname ...]"],
    about: "Change the setting of each shell option OPTNAME; without options, list them with their state.",
    options: &[SHOPT_SET, SHOPT_UNSET, SHOPT_QUIET, SHOPT_REUSABLE, SHOPT_SET_OPTIONS],
    ..Spec::BASH
};

/// `shopt [-pqsu] [-o] [name…]`
pub async fn shopt(mut ctx: Ctx<'_>, args: Args) -> Status {
    let mode = match (args.has(&SHOPT_SET), args.has(&SHOPT_UNSET)) {
        (true, true) => return ctx.fail("cannot set and unset shell options simultaneously").await,
        (set, unset) => (set || unset).then_some(set),
    };
    let quiet = args.has(&SHOPT_QUIET);
    let reusable = args.has(&SHOPT_REUSABLE);
    // -o: the options of `set -o`, as `set -o` / `set +o` show them.
    let kind = if args.has(&SHOPT_SET_OPTIONS) { Kind::Set } else { Kind::Shopt };
    let mut out = String::new();
    let mut status = 0;
    if args.operands.is_empty() {
        // With -s or -u and no name, bash lists the options that are on, or off.
        let names: Vec<&str> = match kind {
            Kind::Shopt => SHOPT_OPTIONS.iter().map(|(n, _)| *n).collect(),
            Kind::Set => SET_OPTIONS.iter().map(|(n, _, _)| *n).collect(),
        };
        for name in names {
            let value = ctx.state().options.get(kind, name).unwrap_or(false);
            if mode.is_none_or(|m| m == value) {
                out.push_str(&option_line(kind, name, value, reusable));
            }
        }
    } else {
        for name in &args.operands {
            let value = match mode {
                Some(on) if ctx.options_mut().set(kind, name, on) => continue,
                Some(_) => None,
                None => ctx.state().options.get(kind, name),
            };
            match value {
                Some(value) => {
                    if !quiet {
                        out.push_str(&option_line(kind, name, value, reusable));
                    }
                    if !value {
                        status = 1;
                    }
                }
                None => {
                    if !out.is_empty() {
                        ctx.out_piece(&mut out).await;
                    }
                    let what = if kind == Kind::Set { "option name" } else { "shell option name" };
                    ctx.complain(format!("{name}: invalid {what}")).await;
                    status = 1;
                }
            }
        }
    }
    if quiet && args.operands.is_empty() {
        out.clear();
    }
    if !out.is_empty() && !ctx.out(out).await {
        return 1;
    }
    status
}

/// One option's line: `name  on`, or with -p `shopt -s name` (`set -o name` for a `set -o`
/// option).
fn option_line(kind: Kind, name: &str, on: bool, reusable: bool) -> String {
    match (reusable, kind) {
        (true, Kind::Shopt) => format!("shopt {} {name}\n", if on { "-s" } else { "-u" }),
        (true, Kind::Set) => format!("set {}o {name}\n", if on { '-' } else { '+' }),
        (false, _) => format!("{name:<15}\t{}\n", if on { "on" } else { "off" }),
    }
}

const UNSET_FUNCTIONS: Opt = Opt::short('f', "treat each NAME as a shell function");
const UNSET_VARIABLES: Opt = Opt::short('v', "treat each NAME as a shell variable");
const UNSET_NAMEREF: Opt = Opt::short('n', "treat each NAME as a name reference and unset the variable itself");

/// `unset`.
pub const UNSET: Spec = Spec {
    name: "unset",
    summary: "unset values and attributes of shell variables and functions",
    synopsis: &["[-f] [-v] [-n] [name ...]"],
    about: "For each NAME, remove the corresponding variable or function; without options, a variable if there is one, else a function.",
    options: &[UNSET_FUNCTIONS, UNSET_VARIABLES, UNSET_NAMEREF],
    ..Spec::BASH
};

/// The compatibility level `BASH_COMPAT` asks for (`5.1` or `51` is 51), when it names one.
fn compat_level(state: &toolsh_core::session::State) -> Option<u32> {
    let text = state.vars.get_str("BASH_COMPAT")?;
    let digits: String = text.chars().filter(|c| *c != '.').collect();
    digits.parse().ok().filter(|level| (31..=99).contains(level))
}

/// `unset [-v|-f|-n] name…`: through a name reference the target is unset; with `-n`, the
/// reference itself.
pub async fn unset(mut ctx: Ctx<'_>, args: Args) -> Status {
    let functions = args.has(&UNSET_FUNCTIONS);
    let variables = args.has(&UNSET_VARIABLES);
    let reference = args.has(&UNSET_NAMEREF);
    if functions && variables {
        return ctx.fail("cannot simultaneously unset a function and a variable").await;
    }
    let mut status = 0;
    for arg in &args.operands {
        if functions {
            if !ctx.unset_function(arg) {
                ctx.complain(format!("{arg}: cannot unset: readonly function")).await;
                status = 1;
            }
            continue;
        }
        let element = if reference { None } else { ctx.state().element_operand(arg, true) };
        if let Some((name, key, as_is)) = element.map(|(name, key, as_is)| (name.to_string(), key.to_string(), as_is)) {
            let (name, key) = (name.as_str(), key.as_str());
            // `unset 'a[@]'` empties an indexed array (of an associative one, `@` is a key);
            // under `BASH_COMPAT` 5.1 or before it unsets the variable, as those bashes did.
            let indexed = matches!(ctx.state().vars.get(name).map(|v| &v.value), Some(Value::Indexed(_)));
            if matches!(key, "@" | "*") && indexed && compat_level(ctx.state()).is_some_and(|level| level <= 51) {
                if ctx.vars_mut().unset(name).is_err() {
                    ctx.complain(format!("{name}: cannot unset: readonly variable")).await;
                    status = 1;
                }
                continue;
            }
            if matches!(key, "@" | "*") && indexed {
                if ctx.vars_mut().set_value(name, Value::Indexed(Default::default())).is_err() {
                    ctx.complain(format!("{name}: cannot unset: readonly variable")).await;
                    status = 1;
                }
                continue;
            }
            // Of a scalar only element 0 is there to unset, as in bash.
            if matches!(ctx.state().vars.get(name).map(|v| &v.value), Some(Value::Str(_))) && key.trim() != "0" {
                ctx.complain(format!("{name}: not an array variable")).await;
                status = 1;
                continue;
            }
            match ctx.unset_element(name, key, as_is) {
                Ok(()) => {}
                // bash says a bad subscript as unset's, an arithmetic error as the shell's own.
                Err(err) if err.to_string().ends_with(": bad array subscript") => {
                    ctx.complain(err).await;
                    status = 1;
                }
                Err(err) => {
                    // An arithmetic error drops the rest of the command line, as in bash.
                    return ctx.target_refused(&err).await;
                }
            }
            continue;
        }
        if !is_name(arg) {
            // Without -v, a word that names no variable nor element may name a function, as
            // bash takes it (`unset 'a[]]'` says nothing).
            if !variables && !reference {
                if !ctx.unset_function(arg) {
                    ctx.complain(format!("{arg}: cannot unset: readonly function")).await;
                    status = 1;
                }
                continue;
            }
            ctx.complain(format!("`{arg}': not a valid identifier")).await;
            status = 1;
            continue;
        }
        // `unset -n` removes only a reference (bash's `unbind_nameref`); a read-only
        // variable is refused either way.
        if reference && ctx.state().vars.get_raw(arg).is_some_and(|var| !var.attrs.has(Attrs::NAMEREF)) {
            if ctx.state().vars.get_raw(arg).is_some_and(|var| var.attrs.has(Attrs::READONLY)) {
                ctx.complain(format!("{arg}: cannot unset: readonly variable")).await;
                status = 1;
            }
            continue;
        }
        let removed = if reference { ctx.vars_mut().unset_raw(arg) } else { ctx.vars_mut().unset(arg) };
        // A dynamic variable exists though nothing is stored: unset, it becomes ordinary.
        let dynamic = !reference && ctx.make_ordinary(arg);
        match removed {
            Ok(Some(_)) => {}
            Ok(None) if dynamic => {}
            Ok(None) if !variables => {
                if !ctx.unset_function(arg) {
                    ctx.complain(format!("{arg}: cannot unset: readonly function")).await;
                    status = 1;
                }
            }
            Ok(None) => {}
            // Through a reference, the variable named is the one refused (bash).
            Err(refused) => {
                ctx.complain(format!("{}: cannot unset: readonly variable", refused.name())).await;
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
            // The last name takes the rest, as bash's read does: when the rest is one word and
            // a delimiter (`b :`), the word alone; else the rest without trailing whitespace.
            let mut end = idx;
            while end < n && !is_ifs(&text[end]) {
                end += 1;
            }
            if skip_delimiter(text, end, &is_ifs, &is_ws) < n {
                end = n;
                while end > idx && is_ws(&text[end - 1]) {
                    end -= 1;
                }
            }
            // With one name bash also strips escaped trailing IFS blanks (`a b\ ` is `a b`);
            // the last of several names keeps an escaped one.
            while count == 1 && end > idx && ifs.contains(text[end - 1].0) && text[end - 1].0.is_whitespace() {
                end -= 1;
            }
            fields.push(text[idx..end].iter().map(|(c, _)| *c).collect());
            return fields;
        }
        let start = idx;
        while idx < n && !is_ifs(&text[idx]) {
            idx += 1;
        }
        fields.push(text[start..idx].iter().map(|(c, _)| *c).collect());
        idx = skip_delimiter(text, idx, &is_ifs, &is_ws);
    }
    fields
}

/// Past one delimiter at `idx`: surrounding whitespace plus at most one non-whitespace IFS
/// character.
fn skip_delimiter(
    text: &[(char, bool)],
    mut idx: usize,
    is_ifs: &impl Fn(&(char, bool)) -> bool,
    is_ws: &impl Fn(&(char, bool)) -> bool,
) -> usize {
    let n = text.len();
    while idx < n && is_ws(&text[idx]) {
        idx += 1;
    }
    if idx < n && is_ifs(&text[idx]) && !is_ws(&text[idx]) {
        idx += 1;
        while idx < n && is_ws(&text[idx]) {
            idx += 1;
        }
    }
    idx
}

/// `read -n`/`-N`: up to `max` characters, stopping after `stop` (not kept). Without -r a
/// backslash and the character it escapes count as that one character (both are kept, for the
/// caller to unescape) and a backslash-newline as none, as bash counts them. Gives the bytes and
/// whether the read was complete (`max` characters or the delimiter, not the end of input).
async fn read_counted(
    input: &crate::io::Input,
    stop: Option<u8>,
    max: usize,
    raw: bool,
    most: usize,
) -> (Vec<u8>, bool) {
    let mut bytes = Vec::new();
    let mut count = 0;
    // One whole character: its first byte, then as many more as that byte announces.
    let next_char = |lead: u8| match lead {
        0xC0..=0xDF => 1,
        0xE0..=0xEF => 2,
        0xF0..=0xF7 => 3,
        _ => 0,
    };
    while count < max && bytes.len() <= most {
        let Some((byte, got_delim)) = input.read_until(stop, Some(1)).await else {
            return (bytes, false);
        };
        if got_delim {
            return (bytes, true);
        }
        let Some(&lead) = byte.first() else { return (bytes, false) };
        // A NUL byte is skipped, not counted (bash).
        if lead == 0 {
            continue;
        }
        let mut lead = lead;
        if !raw && lead == b'\\' {
            // The escaped byte is read whatever it is: the delimiter too loses its meaning.
            let Some((escaped, _)) = input.read_until(None, Some(1)).await else {
                return (bytes, false);
            };
            let Some(&first) = escaped.first() else { return (bytes, false) };
            if first == b'\n' {
                continue;
            }
            bytes.push(b'\\');
            lead = first;
        }
        bytes.push(lead);
        for _ in 0..next_char(lead) {
            match input.read_until(None, Some(1)).await {
                Some((more, _)) => bytes.extend_from_slice(&more),
                None => return (bytes, false),
            }
        }
        count += 1;
    }
    (bytes, true)
}

const READ_ARRAY: Opt =
    Opt::short('a', "assign the words read to sequential indices of the array variable ARRAY").value("array");
const READ_DELIM: Opt =
    Opt::short('d', "continue until the first character of DELIM is read, rather than newline").value("delim");
const READ_EDIT: Opt = Opt::short('e', "use Readline to obtain the line (only on a terminal: never here)");
const READ_TEXT: Opt = Opt::short('i', "use TEXT as the initial text for Readline (with -e)").value("text");
const READ_NCHARS: Opt =
    Opt::short('n', "return after reading NCHARS characters rather than waiting for a newline").value("nchars");
const READ_EXACT: Opt = Opt::short('N', "return only after reading exactly NCHARS characters").value("nchars");
const READ_PROMPT: Opt =
    Opt::short('p', "output the string PROMPT before reading (only on a terminal: never here)").value("prompt");
const READ_RAW: Opt = Opt::short('r', "do not allow backslashes to escape any characters");
const READ_SILENT: Opt = Opt::short('s', "do not echo input coming from a terminal");
const READ_TIMEOUT: Opt =
    Opt::short('t', "time out and return failure if a complete line is not read within TIMEOUT seconds")
        .value("timeout");
const READ_FD: Opt = Opt::short('u', "read from file descriptor FD instead of the standard input").value("fd");

/// `read`.
pub const READ: Spec = Spec {
    name: "read",
    summary: "read a line from the standard input and split it into fields",
    synopsis: &[
        "[-ers] [-a array] [-d delim] [-i text] [-n nchars] [-N nchars] [-p prompt] [-t timeout] [-u fd] [name ...]",
    ],
    about: "Read a single line, split it into words by IFS, and assign the first word to the first NAME, the second to the second, and so on, the last NAME taking the rest; without NAMEs, the line goes to REPLY.",
    options: &[
        READ_ARRAY,
        READ_DELIM,
        READ_EDIT,
        READ_TEXT,
        READ_NCHARS,
        READ_EXACT,
        READ_PROMPT,
        READ_RAW,
        READ_SILENT,
        READ_TIMEOUT,
        READ_FD,
    ],
    ..Spec::BASH
};

/// `read [-r] [-a array] [-d delim] [-n n] [-N n] [-t secs] [-u fd] [name…]`; `-e`, `-i`,
/// `-p` and `-s` act only when input is a terminal, which a command's never is here.
pub async fn read(mut ctx: Ctx<'_>, args: Args) -> Status {
    let raw = args.has(&READ_RAW);
    let array = args.last(&READ_ARRAY).map(str::to_string);
    // bash ends at the first byte of DELIM (a byte that is not UTF-8 is that byte).
    let delim = Some(args.last(&READ_DELIM).map_or(b'\n', |d| toolsh_bytes::encode(d).first().copied().unwrap_or(0)));
    let mut max = None;
    let mut exact = false;
    for (opt, value) in args.given().filter(|(o, _)| [READ_NCHARS, READ_EXACT].contains(o)) {
        let Ok(n) = value.parse::<usize>() else {
            return ctx.fail(format!("{value}: invalid number")).await;
        };
        max = Some(n);
        exact = *opt == READ_EXACT;
    }
    let timeout = match args.last(&READ_TIMEOUT).map(str::parse::<f64>) {
        None => None,
        Some(Ok(secs)) if secs >= 0.0 => Some(secs),
        Some(_) => {
            return ctx
                .fail(format!("{}: invalid timeout specification", args.last(&READ_TIMEOUT).unwrap_or_default()))
                .await;
        }
    };
    let input = match args.last(&READ_FD).map(|fd| (fd, descriptor_number(fd))) {
        None => ctx.stdin(),
        Some((fd, None)) => return ctx.fail(format!("{fd}: invalid file descriptor specification")).await,
        Some((fd, Some(n))) => match ctx.io.get(n).and_then(crate::io::Fd::input) {
            Some(input) => input.clone(),
            None => return ctx.fail(format!("{fd}: invalid file descriptor: Bad file descriptor")).await,
        },
    };
    let names = args.operands.clone();
    let stop = if exact { None } else { delim };
    // A line is a value: it is read at most one byte past the value-bytes limit, and one that
    // long stops the line before more of it is held.
    let most = ctx.state().limits().output_bytes;
    // `-t 0` asks only whether input is there to read: it reads nothing (bash polls).
    if timeout == Some(0.0) {
        return 0;
    }
    let mut bytes = Vec::new();
    let mut found;
    if let Some(max) = max {
        let counted = read_counted(&input, stop, max, raw, most);
        let (got, complete) = match timeout {
            Some(secs) => match tokio::time::timeout(std::time::Duration::from_secs_f64(secs), counted).await {
                Ok(done) => done,
                Err(_) => return 142,
            },
            None => counted.await,
        };
        if got.len() > most {
            return ctx.limit_hit("value bytes", most as u64);
        }
        bytes = got;
        found = complete;
    } else {
        loop {
            let room = most.saturating_sub(bytes.len()).saturating_add(1);
            let chunk = match timeout {
                Some(secs) => {
                    let limit = std::time::Duration::from_secs_f64(secs.max(0.0));
                    match tokio::time::timeout(limit, input.read_until(stop, Some(room))).await {
                        Ok(chunk) => chunk,
                        Err(_) => return 142,
                    }
                }
                None => input.read_until(stop, Some(room)).await,
            };
            let Some((chunk, got_delim)) = chunk else {
                found = false;
                break;
            };
            found = got_delim;
            bytes.extend_from_slice(&chunk);
            if bytes.len() > most {
                return ctx.limit_hit("value bytes", most as u64);
            }
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
    }
    let eof_without_data = !found && bytes.is_empty();
    // bash skips NUL bytes in what it reads (a variable cannot hold one).
    bytes.retain(|&b| b != 0);
    let text = toolsh_bytes::decode(&bytes).into_owned();
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
    let ifs = match ctx.state().vars.get_str("IFS") {
        Some(ifs) => ifs.to_string(),
        None if ctx.state().vars.get("IFS").is_some() => String::new(),
        None => " \t\n".to_string(),
    };
    // `-N` assigns what it read whole: no field splitting, no blanks trimmed (bash).
    let split = |count: usize| {
        if exact {
            vec![chars.iter().map(|(c, _)| *c).collect::<String>()]
        } else {
            split_for_read(&chars, &ifs, count)
        }
    };
    if let Some(array) = array {
        let fields = split(usize::MAX);
        let map = fields.into_iter().enumerate().map(|(i, f)| (i as i64, f)).collect();
        if let Err(err) = ctx.vars_mut().set_value(&array, Value::Indexed(map)) {
            return ctx.array_refused(&array, err).await;
        }
    } else if names.is_empty() {
        let line: String = chars.iter().map(|(c, _)| *c).collect();
        ctx.set_var("REPLY", line);
    } else {
        let fields = split(names.len());
        for (idx, name) in names.iter().enumerate() {
            let value = fields.get(idx).cloned().unwrap_or_default();
            if let Err(err) = ctx.set_target(name, value) {
                return ctx.target_refused(&err).await;
            }
        }
    }
    if found && !eof_without_data { 0 } else { 1 }
}

const MAPFILE_DELIM: Opt =
    Opt::short('d', "use the first character of DELIM to end each line, rather than newline").value("delim");
const MAPFILE_COUNT: Opt = Opt::short('n', "copy at most COUNT lines (0: all)").value("count");
const MAPFILE_ORIGIN: Opt =
    Opt::short('O', "begin assigning at index ORIGIN (the array is not cleared first)").value("origin");
const MAPFILE_SKIP: Opt = Opt::short('s', "discard the first COUNT lines read").value("count");
const MAPFILE_TRIM: Opt = Opt::short('t', "remove the trailing delimiter from each line");
const MAPFILE_FD: Opt = Opt::short('u', "read lines from file descriptor FD instead of the standard input").value("fd");
const MAPFILE_CALLBACK: Opt =
    Opt::short('C', "evaluate CALLBACK each time QUANTUM lines are read (not supported here)").value("callback");
const MAPFILE_QUANTUM: Opt = Opt::short('c', "the number of lines read between CALLBACK calls").value("quantum");

/// `mapfile`.
pub const MAPFILE: Spec = Spec {
    name: "mapfile",
    summary: "read lines from the standard input into an indexed array",
    synopsis: &["[-d delim] [-n count] [-O origin] [-s count] [-t] [-u fd] [array]"],
    about: "Read lines from the standard input (or FD) into the indexed array ARRAY (MAPFILE by default), one element a line, the array cleared first unless -O is given.",
    options: &[
        MAPFILE_DELIM,
        MAPFILE_COUNT,
        MAPFILE_ORIGIN,
        MAPFILE_SKIP,
        MAPFILE_TRIM,
        MAPFILE_FD,
        MAPFILE_CALLBACK,
        MAPFILE_QUANTUM,
    ],
    ..Spec::BASH
};

/// `readarray`: `mapfile` by its other name.
pub const READARRAY: Spec = Spec { name: "readarray", variant_of: Some("mapfile"), ..MAPFILE };

/// `mapfile`/`readarray [-d delim] [-n count] [-O origin] [-s count] [-t] [-u fd] [array]`: each
/// line read is an element; what the array may hold is the session's `variable-bytes`, checked
/// as the lines come.
pub async fn mapfile(mut ctx: Ctx<'_>, args: Args) -> Status {
    let callback = args.last(&MAPFILE_CALLBACK).map(str::to_string);
    let quantum = match args.last(&MAPFILE_QUANTUM) {
        None => 5000,
        Some(text) => match text.parse::<i64>() {
            Ok(n) if n > 0 => n,
            _ => return ctx.fail(format!("{text}: invalid callback quantum")).await,
        },
    };
    let number = |opt: &Opt, what: &str| -> Result<i64, String> {
        match args.last(opt) {
            None => Ok(0),
            Some(text) => text.parse::<i64>().ok().filter(|n| *n >= 0).ok_or_else(|| format!("{text}: invalid {what}")),
        }
    };
    let (count, origin, skip) = match (
        number(&MAPFILE_COUNT, "line count"),
        number(&MAPFILE_ORIGIN, "array origin"),
        number(&MAPFILE_SKIP, "line count"),
    ) {
        (Ok(count), Ok(origin), Ok(skip)) => (count, origin, skip),
        (Err(why), ..) | (_, Err(why), _) | (.., Err(why)) => return ctx.fail(why).await,
    };
    let name = args.operands.first().cloned().unwrap_or_else(|| "MAPFILE".to_string());
    // Words past the array's name are ignored, as bash ignores them.
    if !is_name(&name) {
        return ctx.fail(format!("`{name}': not a valid identifier")).await;
    }
    let delim = args.last(&MAPFILE_DELIM).map_or(b'\n', |d| toolsh_bytes::encode(d).first().copied().unwrap_or(0));
    let input = match args.last(&MAPFILE_FD).map(|fd| (fd, descriptor_number(fd))) {
        None => ctx.stdin(),
        Some((fd, None)) => return ctx.fail(format!("{fd}: invalid file descriptor specification")).await,
        Some((fd, Some(n))) => match ctx.io.get(n).and_then(crate::io::Fd::input) {
            Some(input) => input.clone(),
            None => return ctx.fail(format!("{fd}: invalid file descriptor: Bad file descriptor")).await,
        },
    };
    let mut map = match (args.has(&MAPFILE_ORIGIN), ctx.state().vars.get(&name).map(|var| &var.value)) {
        (true, Some(Value::Indexed(map))) => map.clone(),
        (true, Some(Value::Assoc(_))) => return ctx.fail(format!("{name}: not an indexed array")).await,
        (true, Some(Value::Str(text))) => std::iter::once((0, text.clone())).collect(),
        _ => Default::default(),
    };
    // What the array may hold: what the other variables leave of `variable-bytes`, each
    // element costed as the variables count it; and each line is a value (`output-bytes`),
    // read at most one byte past that limit.
    let (most, budget) = (ctx.state().limits().output_bytes, ctx.state().limits().variable_bytes);
    let budget = budget.saturating_sub(ctx.state().vars.bytes());
    let (mut read, mut held) = (0i64, 0usize);
    while count == 0 || read - skip < count {
        let Some((mut line, ended)) = input.read_until(Some(delim), Some(most.saturating_add(1))).await else { break };
        if line.len() > most {
            return ctx.limit_hit("value bytes", most as u64);
        }
        read += 1;
        if read <= skip {
            continue;
        }
        // The reader leaves the delimiter out; the element keeps it but with -t.
        if ended && !args.has(&MAPFILE_TRIM) {
            line.push(delim);
        }
        // A bash variable ends at a NUL byte (`mapfile -d ''` keeps the NUL it reads up to).
        if let Some(nul) = memchr::memchr(0, &line) {
            line.truncate(nul);
        }
        held = held.saturating_add(line.len() + toolsh_core::vars::ELEMENT_COST);
        if held > budget {
            return ctx.limit_hit("variable bytes", ctx.state().limits().variable_bytes as u64);
        }
        let (index, line) = (origin + read - skip - 1, toolsh_bytes::decode(&line).into_owned());
        // As bash: every QUANTUM lines, `CALLBACK INDEX 'LINE'` is evaluated before the line
        // is stored (here in a subshell: what it assigns stays there, see docs/deviations.md).
        if let Some(callback) = callback.as_deref().filter(|_| (read - skip) % quantum == 0) {
            let quoted = format!("'{}'", line.replace('\'', "'\\''"));
            ctx.run(vec!["eval".to_string(), format!("{callback} {index} {quoted}")]).await;
        }
        map.insert(index, line);
    }
    if let Err(err) = ctx.vars_mut().set_value(&name, Value::Indexed(map)) {
        return ctx.array_refused(&name, err).await;
    }
    0
}

/// `getopts`: its words are its own (an option string may start with `-`).
pub const GETOPTS: Spec = Spec {
    name: "getopts",
    summary: "parse option arguments",
    synopsis: &["optstring name [arg ...]"],
    about: "Parse the positional parameters (or the ARGs) as options: each call puts the next option letter in NAME, its value in OPTARG and the index of the next word in OPTIND. A letter followed by a colon takes a value; a leading colon reports errors quietly.",
    order: Order::Own,
    ..Spec::BASH
};

/// `getopts optstring name [args…]`
pub async fn getopts(mut ctx: Ctx<'_>, words_parsed: Args) -> Status {
    let mut words = words_parsed.operands;
    // bash's getopts takes no option of its own: `--` before the optstring is passed over, and
    // another word with a leading `-` is an invalid option (`getopts -a …`), status 2.
    match words.first().map(String::as_str) {
        Some("--") => {
            words.remove(0);
        }
        Some(word) if word.len() > 1 && word.starts_with('-') => {
            let letter = word[1..].chars().next().unwrap_or('-');
            return ctx.misuse(&GETOPTS, format!("-{letter}: invalid option")).await;
        }
        _ => {}
    }
    let [spec, name, rest @ ..] = words.as_slice() else {
        return ctx.misuse(&GETOPTS, "").await;
    };
    let (spec, name) = (spec.clone(), name.clone());
    let args: Vec<String> = if rest.is_empty() { ctx.state().positional.as_ref().clone() } else { rest.to_vec() };
    let silent = spec.starts_with(':');
    // `OPTERR=0` keeps the messages back, and only them (bash's sv_opterr).
    let quiet = ctx.state().vars.get_str("OPTERR").is_some_and(|value| value.trim().parse::<i64>() == Ok(0));
    let optind_text = ctx.state().vars.get_str("OPTIND").unwrap_or("1").to_string();
    let mut optind: usize = optind_text.parse().unwrap_or(1).max(1);
    if optind_key(&ctx, &optind_text) != ctx.state().getopts_optind {
        *ctx.getopts_mut().0 = 0;
    }
    // The first refusal of NAME (a read-only variable, a reference to no name), said last.
    let mut refused = None;
    // Past the last operand, OPTIND is put back to just past it (bash's `sh_getopt`).
    let Some(arg) = args.get(optind - 1).cloned() else {
        return getopts_end(ctx, optind.min(args.len() + 1), &name).await;
    };
    if ctx.state().getopts_char == 0 {
        if arg == "--" {
            return getopts_end(ctx, optind + 1, &name).await;
        }
        if !arg.starts_with('-') || arg == "-" {
            return getopts_end(ctx, optind, &name).await;
        }
        *ctx.getopts_mut().0 = 1;
    }
    let chars: Vec<char> = arg.chars().collect();
    let pos = ctx.state().getopts_char;
    let Some(&option) = chars.get(pos) else {
        return getopts_end(ctx, optind + 1, &name).await;
    };
    let mut next_pos = pos + 1;
    let spec_chars: Vec<char> = spec.trim_start_matches(':').chars().collect();
    let found = spec_chars.iter().position(|&c| c == option && c != ':');
    let mut status = 0;
    match found {
        Some(at) if spec_chars.get(at + 1) == Some(&':') => {
            if next_pos < chars.len() {
                ctx.set_var("OPTARG", chars[next_pos..].iter().collect::<String>());
                next_pos = chars.len();
            } else if let Some(value) = args.get(optind) {
                ctx.set_var("OPTARG", value.clone());
                optind += 1;
            } else {
                if silent {
                    refused = refused.or(bind(&mut ctx, &name, ":"));
                    ctx.set_var("OPTARG", option.to_string());
                } else {
                    if !quiet {
                        ctx.err(format!("{}: option requires an argument -- {option}\n", ctx.state().arg0)).await;
                    }
                    refused = refused.or(bind(&mut ctx, &name, "?"));
                    let _ = ctx.vars_mut().unset("OPTARG");
                }
                *ctx.getopts_mut().0 = 0;
                ctx.set_var("OPTIND", (optind + 1).to_string());
                *ctx.getopts_mut().1 = optind_key(&ctx, &(optind + 1).to_string());
                return match refused {
                    Some(err) => ctx.target_refused(&err).await,
                    None => 0,
                };
            }
            refused = refused.or(bind(&mut ctx, &name, &option.to_string()));
        }
        Some(_) => {
            refused = refused.or(bind(&mut ctx, &name, &option.to_string()));
            let _ = ctx.vars_mut().unset("OPTARG");
        }
        None => {
            if silent {
                ctx.set_var("OPTARG", option.to_string());
            } else {
                if !quiet {
                    ctx.err(format!("{}: illegal option -- {option}\n", ctx.state().arg0)).await;
                }
                let _ = ctx.vars_mut().unset("OPTARG");
            }
            refused = refused.or(bind(&mut ctx, &name, "?"));
            status = 0;
        }
    }
    if next_pos >= chars.len() {
        *ctx.getopts_mut().0 = 0;
        optind += 1;
    } else {
        *ctx.getopts_mut().0 = next_pos;
    }
    ctx.set_var("OPTIND", optind.to_string());
    *ctx.getopts_mut().1 = optind_key(&ctx, &optind.to_string());
    match refused {
        Some(err) => ctx.target_refused(&err).await,
        None => status,
    }
}

/// getopts at the end of the options: NAME is `?`, OPTIND the next operand, OPTARG unset;
/// status 1.
/// `OPTIND`'s value with the call that made it local: getopts goes on inside the current word
/// only while both are as it left them, so a function with its own `local OPTIND` starts
/// afresh (bash resets its place on every assignment to OPTIND).
fn optind_key(ctx: &Ctx<'_>, text: &str) -> String {
    format!("{}:{text}", ctx.state().vars.local_depth("OPTIND"))
}

async fn getopts_end(mut ctx: Ctx<'_>, optind: usize, name: &str) -> Status {
    let refused = bind(&mut ctx, name, "?");
    let _ = ctx.vars_mut().unset("OPTARG");
    ctx.set_var("OPTIND", optind.to_string());
    *ctx.getopts_mut().1 = optind_key(&ctx, &optind.to_string());
    *ctx.getopts_mut().0 = 0;
    match refused {
        Some(err) => ctx.target_refused(&err).await,
        None => 1,
    }
}

/// Gives getopts' NAME its value: `None`, or why not (bash's `getopts_bind_variable` fails
/// the command).
fn bind(ctx: &mut Ctx<'_>, name: &str, value: &str) -> Option<toolsh_core::arith::TargetError> {
    if !is_name(name) {
        return Some(toolsh_core::arith::TargetError::Invalid(name.to_string()));
    }
    match ctx.try_set_var(name, value) {
        Ok(()) => None,
        Err(err) => Some(err.into()),
    }
}

/// `let`: its words are expressions (`let -1+x`). Run by the interpreter: an unbound variable
/// under `set -u` ends the shell, as in any expansion.
pub const LET: Spec = Spec {
    name: "let",
    summary: "evaluate arithmetic expressions",
    synopsis: &["arg [arg ...]"],
    about: "Evaluate each ARG as an arithmetic expression (as in $(( ))); the status is 1 when the last one is 0, else 0.",
    order: Order::Own,
    ..Spec::BASH
};

const NULL_END: Opt = Opt::both('0', "null", "end each output line with NUL, not newline");

/// `printenv`.
pub const PRINTENV: Spec = Spec {
    name: "printenv",
    summary: "print all or part of environment",
    synopsis: &["[OPTION]... [VARIABLE]..."],
    about: "Print the values of the specified environment VARIABLE(s) (the session's exported variables). If no VARIABLE is specified, print name and value pairs for them all.",
    options: &[NULL_END],
    usage_status: 2,
    assumed: true,
    ..Spec::BASE
};

/// `printenv [-0] [VARIABLE]…`: the exported variables, or the values of those named; status 1
/// when one of them is not exported, as GNU's.
pub async fn printenv(ctx: Ctx<'_>, args: Args) -> Status {
    let end = if args.has(&NULL_END) { '\0' } else { '\n' };
    let env = ctx.state().vars.exported();
    let mut out = String::new();
    let mut status = 0;
    if args.operands.is_empty() {
        for (name, value) in &env {
            out.push_str(&format!("{name}={value}{end}"));
        }
    }
    for name in &args.operands {
        // A name with `=` names no variable (GNU's rule).
        match env.iter().find(|(n, _)| n == name).filter(|_| !name.contains('=')) {
            Some((_, value)) => out.push_str(&format!("{value}{end}")),
            None => status = 1,
        }
    }
    if !ctx.out(out).await {
        return 1;
    }
    status
}

/// The descriptor `-u` names, as bash reads it (`legal_number`: blanks around an optional
/// sign and digits); `None` for a word that names none (`-u ''`, `-u abc`, a negative number).
fn descriptor_number(word: &str) -> Option<usize> {
    word.trim_matches([' ', '\t', '\n']).trim_start_matches('+').parse::<usize>().ok()
}
