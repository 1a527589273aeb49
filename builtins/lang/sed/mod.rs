//! `sed`: the stream editor, as GNU sed 4.9 reads and runs a script. `compile.rs` reads the
//! script (its `-e` expressions and `-f` files in order) into a flat program, with GNU's error
//! messages at GNU's places; `execute.rs` runs it once per input line over a pattern space and a
//! hold space; `regex.rs` compiles its POSIX expressions. Addresses `N`, `$`, `/re/IM`,
//! `first~step`, `0,/re/`, `addr,+N`, `addr,~N`, `!`; every GNU command (`e` runs its command
//! in this shell); flags `-n -e -f -E -r -i -s -z -u -l --posix --sandbox --debug`.

mod compile;
mod execute;
mod regex;

use crate::Ctx;
use crate::session::Status;
use crate::spec::{Args, Opt, Spec, Words};
use crate::text::posix_regex;
use crate::vfs::{WriteMode, describe};
use compile::{Compiler, Origin, Posix, Settings};
use execute::{Input, Machine};
use std::sync::Arc;

/// A compiled expression, shared: cloning a `Regex` would also drop its match caches.
type Re = Arc<posix_regex::Compiled>;

const QUIET: Opt = Opt::both('n', "quiet", "suppress automatic printing of pattern space").alias("silent");
const DEBUG: Opt = Opt::long("debug", "annotate program execution (accepted; the script runs as written)");
const EXPRESSION: Opt = Opt::both('e', "expression", "add the script to the commands to be executed").value("script");
const FILE: Opt =
    Opt::both('f', "file", "add the contents of script-file to the commands to be executed").value("script-file");
const FOLLOW: Opt = Opt::long("follow-symlinks", "follow symlinks when processing in place");
const IN_PLACE: Opt =
    Opt::both('i', "in-place", "edit files in place (makes backup if SUFFIX supplied)").optional("SUFFIX");
const BINARY: Opt = Opt::both('b', "binary", "open files in binary mode (CR+LFs are not processed specially)");
const EXTENDED: Opt = Opt::both('E', "regexp-extended", "use extended regular expressions in the script");
const EXTENDED_R: Opt = Opt::short('r', "use extended regular expressions (as -E)");
const SANDBOX: Opt = Opt::long("sandbox", "operate in sandbox mode (disable e/r/w commands).");
const SEPARATE: Opt =
    Opt::both('s', "separate", "consider files as separate rather than as a single, continuous long stream");
const UNBUFFERED: Opt = Opt::both('u', "unbuffered", "flush the output buffers after every line");
const NULL_DATA: Opt = Opt::both('z', "null-data", "separate lines by NUL characters");
const LINE_LENGTH: Opt =
    Opt::both('l', "line-length", "specify the desired line-wrap length for the `l' command").value("N");
const POSIX: Opt = Opt::long("posix", "disable all GNU extensions.");

/// `sed`.
pub const SED: Spec = Spec {
    name: "sed",
    summary: "edit streams: substitute, delete, print lines",
    synopsis: &["[OPTION]... {script-only-if-no-other-script} [input-file]..."],
    about: "If no -e, --expression, -f, or --file option is given, then the first non-option argument is taken as the sed script to interpret. All remaining arguments are names of input files; if no input files are specified, then the standard input is read.",
    options: &[
        QUIET,
        DEBUG,
        EXPRESSION,
        FILE,
        FOLLOW,
        IN_PLACE,
        BINARY,
        LINE_LENGTH,
        POSIX,
        EXTENDED,
        EXTENDED_R,
        SEPARATE,
        SANDBOX,
        UNBUFFERED,
        NULL_DATA,
    ],
    words: Words::GnuWithHelp,
    long_order: &["file", "follow-symlinks", "silent", "sandbox", "separate"],
    ..Spec::BASE
};

/// The value of GNU sed's numeric escape `\xHH`, `\oNNN` or `\dNNN` at the start of `rest`
/// (after the letter), with how many digits it took.
fn numeric_escape(letter: u8, rest: &[u8]) -> Option<(u8, usize)> {
    let (radix, most) = match letter {
        b'x' => (16, 2),
        b'o' => (8, 3),
        b'd' => (10, 3),
        _ => return None,
    };
    let len = rest.iter().take(most).take_while(|b| char::from(**b).is_digit(radix)).count();
    let digits = std::str::from_utf8(&rest[..len]).ok().filter(|d| !d.is_empty())?;
    u8::try_from(u32::from_str_radix(digits, radix).ok()?).ok().map(|value| (value, len))
}

/// Expands `&`, `\1`…`\9`, `\n` and the GNU case escapes of a replacement.
pub(crate) fn substitute(replacement: &[u8], caps: &posix_regex::Groups<'_>, out: &mut Vec<u8>) {
    #[derive(Clone, Copy, PartialEq)]
    enum Case {
        None,
        Upper,
        Lower,
    }
    let mut case = Case::None;
    let mut one_shot: Option<Case> = None;
    let push = |out: &mut Vec<u8>, bytes: &[u8], case: Case, one_shot: &mut Option<Case>| {
        let text = toolsh_bytes::decode(bytes);
        for ch in text.chars() {
            let mode = one_shot.take().unwrap_or(case);
            let mut buf = String::new();
            match mode {
                Case::Upper => buf.extend(ch.to_uppercase()),
                Case::Lower => buf.extend(ch.to_lowercase()),
                Case::None => buf.push(ch),
            }
            out.extend_from_slice(&toolsh_bytes::encode(&buf));
        }
    };
    let mut idx = 0;
    while idx < replacement.len() {
        let b = replacement[idx];
        match b {
            b'&' => {
                let whole = caps.get(0).unwrap_or_default();
                push(out, whole, case, &mut one_shot);
            }
            b'\\' if idx + 1 < replacement.len() => {
                idx += 1;
                match replacement[idx] {
                    d @ b'0'..=b'9' => {
                        let group = caps.get((d - b'0') as usize).unwrap_or_default();
                        push(out, group, case, &mut one_shot);
                    }
                    b'n' => out.push(b'\n'),
                    b't' => out.push(b'\t'),
                    b'a' => out.push(0x07),
                    b'f' => out.push(0x0c),
                    b'v' => out.push(0x0b),
                    b'r' => out.push(b'\r'),
                    // `\xHH`, `\oNNN`, `\dNNN`: that byte, as GNU sed writes it.
                    letter @ (b'x' | b'o' | b'd')
                        if let Some((value, len)) = numeric_escape(letter, &replacement[idx + 1..]) =>
                    {
                        out.push(value);
                        idx += len;
                    }
                    b'U' => case = Case::Upper,
                    b'L' => case = Case::Lower,
                    b'E' => case = Case::None,
                    b'u' => one_shot = Some(Case::Upper),
                    b'l' => one_shot = Some(Case::Lower),
                    other => push(out, &[other], case, &mut one_shot),
                }
            }
            other => push(out, &[other], case, &mut one_shot),
        }
        idx += 1;
    }
}

/// Says why the script was refused: status 1, or for what GNU calls a `panic` (a label no
/// command defines, a matcher's own refusal; the compiler marks it with a leading NUL) status 4
/// and no place.
async fn refused(ctx: &Ctx<'_>, message: &str) -> Status {
    match message.strip_prefix('\0') {
        Some(panic) => {
            ctx.err(format!("sed: {panic}\n")).await;
            4
        }
        None => {
            ctx.err(format!("sed: {message}\n")).await;
            1
        }
    }
}

/// Whether `name` is exported with a value (GNU reads `POSIXLY_CORRECT` from its environment).
fn exported(ctx: &Ctx<'_>, name: &str) -> bool {
    ctx.state()
        .vars
        .get(name)
        .is_some_and(|var| var.attrs.has(toolsh_core::vars::Attrs::EXPORT) && var.scalar().is_some())
}

/// `sed [-n] [-E] [-i[SUFFIX]] [-s] [-z] [-e SCRIPT]… [-f FILE]… [SCRIPT] [FILE…]`
pub async fn sed(ctx: Ctx<'_>, args: Args) -> Status {
    let posix = if args.has(&POSIX) {
        Posix::Basic
    } else if exported(&ctx, "POSIXLY_CORRECT") {
        Posix::Correct
    } else {
        Posix::Extended
    };
    let null_data = args.has(&NULL_DATA);
    let separator = if null_data { 0 } else { b'\n' };
    let settings = Settings {
        extended: args.has(&EXTENDED) || args.has(&EXTENDED_R),
        posix,
        sandbox: args.has(&SANDBOX),
        separator,
        bytes: crate::text::bytes_locale(&ctx),
    };
    let mut compiler = Compiler::new(settings);
    let mut files = args.operands.clone();
    let mut expressions = 0;
    let mut any_script = false;
    for (opt, value) in args.given() {
        let compiled = match *opt {
            EXPRESSION => {
                expressions += 1;
                any_script = true;
                compiler.compile(toolsh_bytes::encode(value).into_owned(), Origin::Expression(expressions))
            }
            FILE => {
                any_script = true;
                let data = match ctx.read_operand(value).await {
                    Ok(data) => data,
                    Err(err) => return ctx.fail(format!("couldn't open file {value}: {}", describe(&err))).await,
                };
                compiler.compile(data, Origin::File(value.to_string()))
            }
            _ => Ok(()),
        };
        if let Err(message) = compiled {
            return refused(&ctx, &message).await;
        }
    }
    if !any_script {
        if files.is_empty() {
            return ctx.misuse(&SED, "").await;
        }
        let script = files.remove(0);
        if let Err(message) = compiler.compile(toolsh_bytes::encode(&script).into_owned(), Origin::Expression(1)) {
            return refused(&ctx, &message).await;
        }
    }
    let program = match compiler.finish() {
        Ok(program) => program,
        Err(message) => return refused(&ctx, &message).await,
    };
    let end = program.end.clone();
    let in_place = args.has(&IN_PLACE).then(|| args.last(&IN_PLACE).unwrap_or_default().to_string());
    let mut machine = Machine::new(&ctx, program, args.has(&QUIET), separator, posix);
    machine.streaming = in_place.is_none();
    if args.has(&UNBUFFERED) {
        machine.flush_at = 1;
    }
    // GNU reads the length with atoi: what is not a number is 0, never wrapping. Without one,
    // `COLS` (a terminal's width) less one, when it is a number above 1.
    let cols = exported(&ctx, "COLS")
        .then(|| ctx.state().vars.get_str("COLS").and_then(|c| c.parse::<usize>().ok()))
        .flatten()
        .filter(|&c| c > 1);
    machine.line_length = match args.last(&LINE_LENGTH) {
        Some(n) => n.parse::<usize>().unwrap_or(0),
        None => cols.map_or(70, |c| c - 1),
    };
    // The files of `w` exist, empty, before any line is read, as GNU opens them.
    for file in &machine.write_files {
        if matches!(file.name.as_str(), "/dev/stdout" | "/dev/stderr") {
            continue;
        }
        if let Err(err) = ctx.write_path(&file.name, b"", WriteMode::Truncate).await {
            ctx.err(format!("sed: couldn't open file {}: {}\n", file.name, describe(&err))).await;
            return 4;
        }
    }
    if files.is_empty() {
        if in_place.is_some() {
            return ctx.fail("no input files").await;
        }
        files.push("-".to_string());
    }
    // `--follow-symlinks`: each operand read (and edited) where its links lead, as `F` names it.
    if args.has(&FOLLOW) {
        for file in files.iter_mut().filter(|f| *f != "-") {
            match follow_symlink(&ctx, file) {
                Ok(target) => *file = target,
                Err(message) => {
                    ctx.err(format!("sed: {message}\n")).await;
                    return 4;
                }
            }
        }
    }
    let mut status = 0;
    let mut exit = None;
    if let Some(suffix) = &in_place {
        for file in &files {
            machine.next_file();
            match in_place_file(&ctx, &mut machine, file, suffix, separator).await {
                Ok(quit) => exit = quit,
                Err(code) => status = code,
            }
            if machine.broken || machine.failed.is_some() || exit.is_some() {
                break;
            }
        }
    } else if args.has(&SEPARATE) {
        for file in &files {
            machine.next_file();
            let mut input = Input::new(&ctx, std::slice::from_ref(file), separator);
            exit = machine.run(&mut input).await;
            if input.failed {
                status = 2;
            }
            if machine.broken || machine.failed.is_some() || exit.is_some() {
                break;
            }
        }
    } else {
        let mut input = Input::new(&ctx, &files, separator);
        exit = machine.run(&mut input).await;
        if input.failed {
            status = 2;
        }
    }
    if let Some(code) = machine.failed
        && code == 1
    {
        ctx.err(format!("sed: {end}: no previous regular expression\n")).await;
    }
    for execute::WriteFile { name, data, owes_newline: _ } in std::mem::take(&mut machine.write_files) {
        if matches!(name.as_str(), "/dev/stdout" | "/dev/stderr") || data.is_empty() {
            continue;
        }
        if let Err(err) = ctx.write_path(&name, &data, WriteMode::Truncate).await {
            ctx.err(format!("sed: couldn't write to {name}: {}\n", describe(&err))).await;
            status = 4;
        }
    }
    let out = std::mem::take(&mut machine.out);
    if machine.broken || (!out.is_empty() && !ctx.out(out).await) {
        return 4;
    }
    if let Some(code) = machine.failed {
        return code;
    }
    exit.unwrap_or(status)
}

/// Where `name`'s links lead (GNU's `follow_symlink`): a relative link's target is taken from the
/// link's directory; only the last component is followed.
fn follow_symlink(ctx: &Ctx<'_>, name: &str) -> Result<String, String> {
    let mut current = name.to_string();
    for links in 0.. {
        let abs = ctx.abs(&current);
        match ctx.vfs.lstat(&abs) {
            Ok(meta) if meta.kind != crate::vfs::FileKind::Symlink => break,
            Ok(_) => {}
            Err(err) => return Err(format!("couldn't readlink {current}: {}", describe(&err))),
        }
        if links >= 40 {
            return Err(format!("couldn't follow symlink {name}: Too many levels of symbolic links"));
        }
        let target =
            ctx.vfs.read_link(&abs).map_err(|err| format!("couldn't readlink {current}: {}", describe(&err)))?;
        current = match current.rfind('/') {
            Some(slash) if !target.starts_with('/') => format!("{}{target}", &current[..=slash]),
            _ => target,
        };
    }
    Ok(current)
}

/// Edits one file in place (`-i`): its lines through the program, the output replacing it
/// (after a backup, with a suffix). `Ok` with `q`'s status, or `Err` with sed's.
async fn in_place_file(
    ctx: &Ctx<'_>,
    machine: &mut Machine<'_, '_>,
    file: &str,
    suffix: &str,
    separator: u8,
) -> Result<Option<i32>, i32> {
    let abs = ctx.abs(file);
    match ctx.vfs.stat(&abs) {
        Ok(meta) if meta.kind != crate::vfs::FileKind::File => {
            ctx.err(format!("sed: couldn't edit {file}: not a regular file\n")).await;
            return Err(4);
        }
        Err(err) => {
            ctx.err(format!("sed: can't read {file}: {}\n", describe(&err))).await;
            return Err(2);
        }
        Ok(_) => {}
    }
    // -i keeps the file as it was for its backup (a suffix).
    let original = if suffix.is_empty() {
        None
    } else {
        match ctx.vfs.read(&abs) {
            Ok(data) => Some(data),
            Err(err) => {
                ctx.err(format!("sed: can't read {file}: {}\n", describe(&err))).await;
                return Err(2);
            }
        }
    };
    // The operand is a file even when it is named `-`.
    let operand = if file == "-" { "./-".to_string() } else { file.to_string() };
    let mut input = Input::new(ctx, std::slice::from_ref(&operand), separator);
    let quit = machine.run(&mut input).await;
    if input.failed {
        return Err(2);
    }
    // Stopped half-way (a deadline, a closed output): the file keeps what it had.
    if machine.broken {
        return Ok(quit);
    }
    if let Some(data) = &original {
        // Each `*` of the suffix is the file's name as given (`bak/*`: in the directory bak);
        // without one the suffix follows the name. A suffix `*` alone makes no backup.
        let backup = if suffix.contains('*') { suffix.replace('*', &operand) } else { format!("{operand}{suffix}") };
        if suffix != "*"
            && let Err(err) = ctx.vfs.write(&ctx.abs(&backup), data, WriteMode::Truncate)
        {
            ctx.err(format!("sed: cannot rename {operand}: {}\n", describe(&err))).await;
            return Err(4);
        }
    }
    // A file's last line without a newline keeps it that way: nothing more is owed.
    machine.missing_newline = false;
    let out = std::mem::take(&mut machine.out);
    // As GNU's new file takes the old one's name, a link edited (without `--follow-symlinks`)
    // becomes a file and what it named stays as it was.
    if ctx.vfs.lstat(&abs).is_ok_and(|meta| meta.kind == crate::vfs::FileKind::Symlink) {
        let _ = ctx.vfs.remove_file(&abs);
    }
    if let Err(err) = ctx.vfs.write(&abs, &out, WriteMode::Truncate) {
        ctx.err(format!("sed: couldn't write {file}: {}\n", describe(&err))).await;
        return Err(4);
    }
    Ok(quit)
}
