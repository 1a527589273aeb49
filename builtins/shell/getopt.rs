//! `getopt`: util-linux's enhanced getopt, which scripts run as
//! `eval set -- "$(getopt -o ab: -l help -- "$@")"`. Its parameters are parsed by glibc's
//! `getopt_long` rules (permutation, `+`/`-` leading the option string, a leading `:` silencing
//! the errors, abbreviated long options, `-a` for long options after one dash), written back
//! quoted for the shell, options first, then `--` and the operands. Statuses as util-linux's:
//! 1 when the parameters had errors, 2 for getopt's own usage, 4 for `-T`.

use crate::Ctx;
use crate::session::Status;
use crate::spec::{Opt, Order, Spec};

const ALTERNATIVE: Opt = Opt::both('a', "alternative", "allow long options starting with single -");
const LONGOPTIONS: Opt =
    Opt::both('l', "longoptions", "the long options to be recognized (NAME, NAME: or NAME::, comma separated)")
        .value("LONGOPTS");
const NAME: Opt = Opt::both('n', "name", "the name under which errors are reported").value("PROGNAME");
const OPTIONS: Opt = Opt::both('o', "options", "the short options to be recognized").value("OPTSTRING");
const QUIET: Opt = Opt::both('q', "quiet", "disable error reporting by getopt(3)");
const QUIET_OUTPUT: Opt = Opt::both('Q', "quiet-output", "no normal output");
const SHELL: Opt =
    Opt::both('s', "shell", "set quoting conventions to those of SHELL (sh, bash, csh, tcsh)").value("SHELL");
const TEST: Opt = Opt::both('T', "test", "test for getopt(1) version: exit with status 4");
const UNQUOTED: Opt = Opt::both('u', "unquoted", "do not quote the output");
const VERSION: Opt = Opt::short('V', "display version (as --version does)");

/// `getopt`.
pub const GETOPT: Spec = Spec {
    name: "getopt",
    summary: "parse command options (util-linux enhanced getopt)",
    synopsis: &[
        "OPTSTRING PARAMETERS",
        "[OPTIONS] [--] OPTSTRING PARAMETERS",
        "[OPTIONS] -o|--options OPTSTRING [OPTIONS] [--] PARAMETERS",
    ],
    about: "Parse command options: the PARAMETERS' options, each with its argument, quoted for the shell, then '--' and the other parameters. Exit status 1 when a parameter was wrong (reported on standard error), 2 for getopt's own usage, 4 for -T.",
    options: &[ALTERNATIVE, LONGOPTIONS, NAME, OPTIONS, QUIET, QUIET_OUTPUT, SHELL, TEST, UNQUOTED, VERSION],
    order: Order::OptionsFirst,
    usage_status: 2,
    help_letter: Some('h'),
    assumed: true,
    ..Spec::BASE
};

/// util-linux's status for `-T`: this is the enhanced getopt (the old one returns 0).
const TEST_STATUS: Status = 4;

/// How a long option takes its argument.
#[derive(Clone, Copy, PartialEq)]
enum HasArg {
    No,
    Required,
    Optional,
}

struct LongOpt {
    name: String,
    has_arg: HasArg,
}

#[derive(Clone, Copy, PartialEq)]
enum Quoting {
    None,
    Sh,
    Tcsh,
}

/// What getopt(3) gave for one step: an option with its argument, or an operand in order
/// (`-` leading the option string).
enum Item {
    Short(char, Option<String>),
    Long(usize, Option<String>),
    Operand(String),
}

/// One getopt_long run over the parameters, as glibc does it.
struct Parse<'a> {
    prog: &'a str,
    optstring: Vec<char>,
    longs: &'a [LongOpt],
    long_only: bool,
    print_errors: bool,
    errors: Vec<String>,
    failed: bool,
    items: Vec<Item>,
}

impl Parse<'_> {
    fn error(&mut self, message: String) {
        self.failed = true;
        if self.print_errors {
            self.errors.push(format!("{}: {message}", self.prog));
        }
    }

    /// The option string entry of `c`: whether it takes an argument (`:`) or may (`::`).
    fn short(&self, c: char) -> Option<HasArg> {
        if c == ':' || c == ';' {
            return None;
        }
        let at = self.optstring.iter().position(|&o| o == c)?;
        Some(match (self.optstring.get(at + 1), self.optstring.get(at + 2)) {
            (Some(':'), Some(':')) => HasArg::Optional,
            (Some(':'), _) => HasArg::Required,
            _ => HasArg::No,
        })
    }

    /// A long option (`body` after the dashes, `=value` included). `None`: not one, and it
    /// should be read as short options (`-a` mode only).
    fn long(&mut self, words: &[String], idx: &mut usize, body: &str, prefix: &str) -> Option<()> {
        let (name, value) = match body.split_once('=') {
            Some((name, value)) => (name, Some(value)),
            None => (body, None),
        };
        let found = match self.longs.iter().position(|l| l.name == name) {
            Some(exact) => Some(exact),
            None => {
                let candidates: Vec<usize> =
                    (0..self.longs.len()).filter(|&i| self.longs[i].name.starts_with(name)).collect();
                match candidates.as_slice() {
                    [] => None,
                    [only] => Some(*only),
                    many => {
                        let names: Vec<String> =
                            many.iter().map(|&i| format!(" '{prefix}{}'", self.longs[i].name)).collect();
                        self.error(format!("option '{prefix}{body}' is ambiguous; possibilities:{}", names.concat()));
                        *idx += 1;
                        return Some(());
                    }
                }
            }
        };
        let Some(found) = found else {
            let first = body.chars().next().unwrap_or('\0');
            if self.long_only && prefix == "-" && self.short(first).is_some() {
                return None;
            }
            self.error(format!("unrecognized option '{prefix}{body}'"));
            *idx += 1;
            return Some(());
        };
        *idx += 1;
        let option = &self.longs[found];
        let argument = match (value, option.has_arg) {
            (Some(_), HasArg::No) => {
                let message = format!("option '{prefix}{}' doesn't allow an argument", option.name);
                self.error(message);
                return Some(());
            }
            (Some(value), _) => Some(value.to_string()),
            (None, HasArg::Required) => match words.get(*idx) {
                Some(next) => {
                    *idx += 1;
                    Some(next.clone())
                }
                None => {
                    let message = format!("option '{prefix}{}' requires an argument", option.name);
                    self.error(message);
                    return Some(());
                }
            },
            (None, HasArg::Optional) => Some(String::new()),
            (None, HasArg::No) => None,
        };
        self.items.push(Item::Long(found, argument));
        Some(())
    }

    /// A cluster of short options (`-abc`, `-bVALUE`), `word` without its dash.
    fn cluster(&mut self, words: &[String], idx: &mut usize, letters: &str) {
        *idx += 1;
        for (at, c) in letters.char_indices() {
            let rest = &letters[at + c.len_utf8()..];
            match self.short(c) {
                None => self.error(format!("invalid option -- '{c}'")),
                Some(HasArg::No) => self.items.push(Item::Short(c, None)),
                Some(HasArg::Optional) => {
                    self.items.push(Item::Short(c, Some(rest.to_string())));
                    return;
                }
                Some(HasArg::Required) if !rest.is_empty() => {
                    self.items.push(Item::Short(c, Some(rest.to_string())));
                    return;
                }
                Some(HasArg::Required) => {
                    match words.get(*idx) {
                        Some(next) => {
                            *idx += 1;
                            self.items.push(Item::Short(c, Some(next.clone())));
                        }
                        None => self.error(format!("option requires an argument -- '{c}'")),
                    }
                    return;
                }
            }
        }
    }

    /// Runs over `words`; the operands left, in the order getopt(3) permutes them.
    fn run(&mut self, words: &[String], posixly_correct: bool) -> Vec<String> {
        #[derive(PartialEq)]
        enum Ordering {
            Permute,
            RequireOrder,
            ReturnInOrder,
        }
        let ordering = match self.optstring.first() {
            Some('-') => Ordering::ReturnInOrder,
            Some('+') => Ordering::RequireOrder,
            _ if posixly_correct => Ordering::RequireOrder,
            _ => Ordering::Permute,
        };
        if matches!(self.optstring.first(), Some('-' | '+')) {
            self.optstring.remove(0);
        }
        if self.optstring.first() == Some(&':') {
            self.print_errors = false;
        }
        let mut operands = Vec::new();
        let mut idx = 0;
        while idx < words.len() {
            let word = &words[idx];
            if word == "--" {
                idx += 1;
                break;
            }
            if !word.starts_with('-') || word == "-" {
                match ordering {
                    Ordering::Permute => operands.push(word.clone()),
                    Ordering::ReturnInOrder => self.items.push(Item::Operand(word.clone())),
                    Ordering::RequireOrder => break,
                }
                idx += 1;
                continue;
            }
            if let Some(body) = word.strip_prefix("--") {
                self.long(words, &mut idx, body, "--");
                continue;
            }
            let letters = &word[1..];
            let first = letters.chars().next().unwrap_or('\0');
            if self.long_only
                && (letters.chars().nth(1).is_some() || self.short(first).is_none())
                && self.long(words, &mut idx, letters, "-").is_some()
            {
                continue;
            }
            self.cluster(words, &mut idx, letters);
        }
        operands.extend(words[idx.min(words.len())..].iter().cloned());
        operands
    }
}

/// ` 'word'` as util-linux quotes a parameter for the shell.
fn normalized(out: &mut String, word: &str, quoting: Quoting) {
    out.push(' ');
    if quoting == Quoting::None {
        out.push_str(word);
        return;
    }
    out.push('\'');
    for c in word.chars() {
        match c {
            '\'' => out.push_str("'\\''"),
            '!' if quoting == Quoting::Tcsh => out.push_str("'\\!'"),
            '\n' if quoting == Quoting::Tcsh => out.push_str("\\n"),
            ' ' | '\t' | '\x0b' | '\x0c' | '\r' if quoting == Quoting::Tcsh => {
                out.push_str("'\\");
                out.push(c);
                out.push('\'');
            }
            c => out.push(c),
        }
    }
    out.push('\'');
}

/// An exported variable of the session, as the program's environment holds it.
fn environment<'c>(ctx: &'c Ctx<'_>, name: &str) -> Option<&'c str> {
    ctx.state()
        .vars
        .get(name)
        .filter(|var| var.attrs.has(toolsh_core::vars::Attrs::EXPORT))
        .and_then(|var| var.scalar())
}

/// `getopt OPTSTRING PARAMETERS` or `getopt [OPTIONS] [--] …`
pub async fn getopt(ctx: Ctx<'_>) -> Status {
    let words: Vec<String> = ctx.argv[1..].to_vec();
    let compatible = environment(&ctx, "GETOPT_COMPATIBLE").is_some();
    let posixly_correct = environment(&ctx, "POSIXLY_CORRECT").is_some();
    let Some(first) = words.first() else {
        if compatible {
            return if ctx.out(" --\n").await { 0 } else { 1 };
        }
        return ctx.misuse(&GETOPT, "missing optstring argument").await;
    };
    // The first form: an option string first, read as the old getopt did (unquoted output).
    if !first.starts_with('-') || compatible {
        let optstring = first.trim_start_matches(['-', '+']).to_string();
        let settings =
            Settings { prog: "getopt".to_string(), optstring, quoting: Quoting::None, ..Settings::default() };
        return generate(&ctx, &settings, &words[1..], posixly_correct).await;
    }
    let args = match ctx.args_of(&GETOPT, &words).await {
        Ok(args) => args,
        Err(status) => return status,
    };
    let mut settings = Settings { prog: "getopt".to_string(), quoting: Quoting::Sh, ..Settings::default() };
    let mut optstring = None;
    for (opt, value) in args.given() {
        match opt.short {
            Some('a') => settings.long_only = true,
            Some('o') => optstring = Some(value.to_string()),
            Some('l') => {
                for token in value.split([',', ' ', '\t', '\n']).filter(|t| !t.is_empty()) {
                    let (name, has_arg) = if let Some(name) = token.strip_suffix("::") {
                        (name, HasArg::Optional)
                    } else if let Some(name) = token.strip_suffix(':') {
                        (name, HasArg::Required)
                    } else {
                        (token, HasArg::No)
                    };
                    if name.is_empty() && has_arg != HasArg::No {
                        return ctx.misuse(&GETOPT, "empty long option after -l or --long argument").await;
                    }
                    settings.longs.push(LongOpt { name: name.to_string(), has_arg });
                }
            }
            Some('n') => settings.prog = value.to_string(),
            Some('q') => settings.quiet_errors = true,
            Some('Q') => settings.quiet_output = true,
            Some('s') => {
                settings.shell = match value {
                    "bash" | "sh" => Quoting::Sh,
                    "tcsh" | "csh" => Quoting::Tcsh,
                    _ => return ctx.misuse(&GETOPT, "unknown shell after -s or --shell argument").await,
                }
            }
            Some('T') => return TEST_STATUS,
            Some('u') => settings.unquoted = true,
            Some('V') => return if ctx.out(GETOPT.version()).await { 0 } else { 1 },
            _ => {}
        }
    }
    settings.quoting = if settings.unquoted { Quoting::None } else { settings.shell };
    let mut operands = args.operands.as_slice();
    settings.optstring = match optstring {
        Some(optstring) => optstring,
        None => match operands.split_first() {
            Some((first, rest)) => {
                operands = rest;
                first.clone()
            }
            None => return ctx.misuse(&GETOPT, "missing optstring argument").await,
        },
    };
    generate(&ctx, &settings, operands, posixly_correct).await
}

/// What the options say of one run.
struct Settings {
    prog: String,
    optstring: String,
    longs: Vec<LongOpt>,
    long_only: bool,
    quiet_errors: bool,
    quiet_output: bool,
    shell: Quoting,
    unquoted: bool,
    quoting: Quoting,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            prog: String::new(),
            optstring: String::new(),
            longs: Vec::new(),
            long_only: false,
            quiet_errors: false,
            quiet_output: false,
            shell: Quoting::Sh,
            unquoted: false,
            quoting: Quoting::Sh,
        }
    }
}

/// util-linux's `generate_output`: the options found, ` --`, the operands.
async fn generate(ctx: &Ctx<'_>, settings: &Settings, words: &[String], posixly_correct: bool) -> Status {
    let mut parse = Parse {
        prog: &settings.prog,
        optstring: settings.optstring.chars().collect(),
        longs: &settings.longs,
        long_only: settings.long_only,
        print_errors: !settings.quiet_errors,
        errors: Vec::new(),
        failed: false,
        items: Vec::new(),
    };
    let operands = parse.run(words, posixly_correct);
    for error in std::mem::take(&mut parse.errors) {
        ctx.err(format!("{error}\n")).await;
    }
    let status = if parse.failed { 1 } else { 0 };
    if settings.quiet_output {
        return status;
    }
    let mut out = String::new();
    let takes_argument = |c: char| {
        let optstring: Vec<char> = settings.optstring.chars().collect();
        optstring.iter().position(|&o| o == c).is_some_and(|at| optstring.get(at + 1) == Some(&':'))
    };
    for item in &parse.items {
        match item {
            Item::Long(idx, argument) => {
                out.push_str(" --");
                out.push_str(settings.longs.get(*idx).map_or("", |l| l.name.as_str()));
                if let Some(argument) = argument {
                    normalized(&mut out, argument, settings.quoting);
                }
            }
            Item::Operand(word) => normalized(&mut out, word, settings.quoting),
            Item::Short(c, argument) => {
                out.push_str(" -");
                out.push(*c);
                if takes_argument(*c) {
                    normalized(&mut out, argument.as_deref().unwrap_or(""), settings.quoting);
                }
            }
        }
    }
    out.push_str(" --");
    for word in &operands {
        normalized(&mut out, word, settings.quoting);
    }
    out.push('\n');
    if ctx.out(out).await { status } else { 1 }
}
