//! The command spec: what a command takes, said once. A [`Spec`] names the command, gives its
//! synopsis and its options — short letter, long name, value, one line of help — and how it
//! reads them; from it come the parse ([`Spec::parse`], GNU `getopt_long` semantics), `CMD
//! --help`, `help NAME`, the usage line in errors and the console's flag completion.
//!
//! The parse: clusters (`-rf`), values attached or separate (`-n5`, `-n 5`, `--lines=5`,
//! `--lines 5`), optional values only attached (`--interactive=once`), unambiguous prefixes of
//! long names (`--recur`), `--` ending the options, and operands and options in any order
//! ([`Order::Permute`], GNU's default) or options first ([`Order::OptionsFirst`], POSIX, for
//! commands whose operands are a command line). `--help` is answered for every command whose
//! spec does not define it. Anything else is refused in GNU's words, with GNU's "Try 'CMD
//! --help'" line and the spec's usage status: nothing runs.

use std::fmt::Write as _;

/// Whether an option takes a value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Value {
    /// A flag.
    None,
    /// Always a value (`-n NUM`, `--lines=NUM`, `--lines NUM`), named in the help.
    Required(&'static str),
    /// A value only when attached (`--color[=WHEN]`, `-w5`).
    Optional(&'static str),
}

/// One option of a command.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Opt {
    /// The letter after one dash, if any.
    pub short: Option<char>,
    /// The name after two dashes, if any.
    pub long: Option<&'static str>,
    /// A second long name for the same option (`--colour` for `--color`).
    pub also: Option<&'static str>,
    /// What value it takes.
    pub value: Value,
    /// One line for `--help`.
    pub help: &'static str,
}

impl Opt {
    /// `-c` and `--long`, a flag.
    pub const fn both(short: char, long: &'static str, help: &'static str) -> Opt {
        Opt { short: Some(short), long: Some(long), also: None, value: Value::None, help }
    }

    /// `-c` only.
    pub const fn short(short: char, help: &'static str) -> Opt {
        Opt { short: Some(short), long: None, also: None, value: Value::None, help }
    }

    /// `--long` only.
    pub const fn long(long: &'static str, help: &'static str) -> Opt {
        Opt { short: None, long: Some(long), also: None, value: Value::None, help }
    }

    /// The same option under a second long name too.
    pub const fn alias(mut self, also: &'static str) -> Opt {
        self.also = Some(also);
        self
    }

    /// The same option taking a value always.
    pub const fn value(mut self, name: &'static str) -> Opt {
        self.value = Value::Required(name);
        self
    }

    /// The same option taking a value when attached.
    pub const fn optional(mut self, name: &'static str) -> Opt {
        self.value = Value::Optional(name);
        self
    }

    /// Whether `self` and `other` are the same option (specs compare options by their names).
    fn is(&self, other: &Opt) -> bool {
        self.short == other.short && self.long == other.long
    }

    /// `-f, --force`, `    --interactive[=WHEN]`, `-n NUM`: the left column of `--help`.
    fn shown(&self) -> String {
        let long = match (self.long, self.also) {
            (Some(l), Some(a)) => Some(format!("{l}, --{a}")),
            (l, _) => l.map(str::to_string),
        };
        let mut out = match (self.short, long) {
            (Some(s), Some(l)) => format!("-{s}, --{l}"),
            (Some(s), None) => format!("-{s}"),
            (None, Some(l)) => format!("    --{l}"),
            (None, None) => String::new(),
        };
        match (self.value, self.long.is_some()) {
            (Value::None, _) => {}
            (Value::Required(v), true) => write!(out, "={v}").unwrap_or_default(),
            (Value::Required(v), false) => write!(out, " {v}").unwrap_or_default(),
            (Value::Optional(v), true) => write!(out, "[={v}]").unwrap_or_default(),
            (Value::Optional(v), false) => write!(out, "[{v}]").unwrap_or_default(),
        }
        out
    }
}

/// Where options may stand.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Order {
    /// Anywhere among the operands (GNU's permutation).
    Permute,
    /// Before the first operand, which ends them (POSIX; commands that take a command line).
    OptionsFirst,
}

/// A command, said once.
#[derive(Debug)]
pub struct Spec {
    /// The name typed.
    pub name: &'static str,
    /// One line for `help`'s index.
    pub summary: &'static str,
    /// What follows the name in each form of the usage (`[OPTION]... [FILE]...`).
    pub synopsis: &'static [&'static str],
    /// What it does, for `--help`, after the usage lines (may be empty).
    pub about: &'static str,
    /// Its options.
    pub options: &'static [Opt],
    /// Where options may stand.
    pub order: Order,
    /// The exit status of a usage error (GNU: 1 for most of coreutils, 2 for grep, ls, diff…).
    pub usage_status: i32,
    /// The option a bare number stands for (`head -5` is `head -n 5`, GNU's obsolete form).
    pub digits: Option<Opt>,
    /// Whether a usage error repeats the usage line before the hint to `--help` (GNU grep).
    pub usage_in_hint: bool,
}

/// Why a parse did not give arguments.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    /// `--help` was asked for: print [`Spec::help`] and succeed.
    Help,
    /// A usage error, in GNU's words (without the command's name).
    Usage(String),
}

/// The options given, in order, with their values, and the operands.
#[derive(Debug, Default)]
pub struct Args {
    given: Vec<(Opt, String)>,
    /// The operands, in order.
    pub operands: Vec<String>,
}

impl Args {
    /// Whether `opt` was given.
    pub fn has(&self, opt: &Opt) -> bool {
        self.given.iter().any(|(o, _)| o.is(opt))
    }

    /// The value of the last `opt` given (later ones override earlier ones, as for getopt users).
    pub fn last(&self, opt: &Opt) -> Option<&str> {
        self.given.iter().rev().find(|(o, _)| o.is(opt)).map(|(_, v)| v.as_str())
    }

    /// The value of the last option given by the letter `short` (for commands whose options
    /// are all letters and read as a table of them).
    pub fn last_short(&self, short: char) -> Option<&str> {
        self.given.iter().rev().find(|(o, _)| o.short == Some(short)).map(|(_, v)| v.as_str())
    }

    /// The operands, or `-` (standard input) when there are none.
    pub fn files(&self) -> Vec<String> {
        if self.operands.is_empty() { vec!["-".to_string()] } else { self.operands.clone() }
    }

    /// The short letters of the options given, in order (long-only options have none): for
    /// commands that test their flags by letter.
    pub fn letters(&self) -> Vec<char> {
        self.given.iter().filter_map(|(o, _)| o.short).collect()
    }

    /// Every option given, in order, with its value: for options where the last of several
    /// wins (`rm -f -i`).
    pub fn given(&self) -> impl Iterator<Item = (&Opt, &str)> {
        self.given.iter().map(|(o, v)| (o, v.as_str()))
    }
}

impl Spec {
    /// `Usage: NAME SYNOPSIS` for each form, the first one for error messages.
    pub fn usage_line(&self) -> String {
        format!("{} {}", self.name, self.synopsis.first().copied().unwrap_or(""))
    }

    /// What `--help` prints: the usage forms, the description, and a line per option.
    pub fn help(&self) -> String {
        let mut out = String::new();
        for (idx, form) in self.synopsis.iter().enumerate() {
            let lead = if idx == 0 { "Usage:" } else { "  or: " };
            let _ = writeln!(out, "{lead} {} {form}", self.name);
        }
        if self.synopsis.is_empty() {
            let _ = writeln!(out, "Usage: {}", self.name);
        }
        let about = if self.about.is_empty() { self.summary } else { self.about };
        let _ = writeln!(out, "{}", capitalised(about));
        if !self.options.is_empty() {
            out.push('\n');
        }
        for opt in self.options {
            let left = opt.shown();
            if left.len() <= 24 {
                let _ = writeln!(out, "  {left:<26}{}", opt.help);
            } else {
                let _ = writeln!(out, "  {left}\n  {:<26}{}", "", opt.help);
            }
        }
        let _ = writeln!(out, "  {:<26}display this help and exit", "    --help");
        out
    }

    /// The flags for the console to complete: `-f`, `--force`, …
    pub fn flags(&self) -> Vec<String> {
        let mut flags = Vec::new();
        for opt in self.options {
            flags.extend(opt.short.map(|s| format!("-{s}")));
            flags.extend(opt.long.map(|l| format!("--{l}")));
            flags.extend(opt.also.map(|l| format!("--{l}")));
        }
        flags.push("--help".to_string());
        flags
    }

    /// Reads `argv` (without the command's name) as the spec says.
    pub fn parse(&self, argv: &[String]) -> Result<Args, Refusal> {
        let mut args = Args::default();
        let mut idx = 0;
        while idx < argv.len() {
            let arg = &argv[idx];
            idx += 1;
            if arg == "--" {
                args.operands.extend(argv[idx..].iter().cloned());
                break;
            }
            if !arg.starts_with('-') || arg == "-" {
                args.operands.push(arg.clone());
                if self.order == Order::OptionsFirst {
                    args.operands.extend(argv[idx..].iter().cloned());
                    break;
                }
                continue;
            }
            if let Some(long) = arg.strip_prefix("--") {
                let (name, attached) = long.split_once('=').map_or((long, None), |(n, v)| (n, Some(v)));
                let opt = match self.long_named(name, long)? {
                    Some(opt) => opt,
                    None => return Err(Refusal::Help),
                };
                let full = opt.long.unwrap_or(name);
                let value = match (opt.value, attached) {
                    (Value::None, Some(_)) => {
                        return Err(Refusal::Usage(format!("option '--{full}' doesn't allow an argument")));
                    }
                    (Value::None | Value::Optional(_), None) => String::new(),
                    (_, Some(value)) => value.to_string(),
                    (Value::Required(_), None) => {
                        let Some(value) = argv.get(idx) else {
                            return Err(Refusal::Usage(format!("option '--{full}' requires an argument")));
                        };
                        idx += 1;
                        value.clone()
                    }
                };
                args.given.push((*opt, value));
                continue;
            }
            let cluster = &arg[1..];
            let mut at = 0;
            while let Some(letter) = cluster[at..].chars().next() {
                // A run of digits is the number option's value (`head -5`, `grep -Z2`).
                if let Some(opt) = self.digits.filter(|_| letter.is_ascii_digit()) {
                    let run = cluster[at..].bytes().take_while(u8::is_ascii_digit).count();
                    args.given.push((opt, cluster[at..at + run].to_string()));
                    at += run;
                    continue;
                }
                let Some(opt) = self.options.iter().find(|o| o.short == Some(letter)) else {
                    return Err(Refusal::Usage(format!("invalid option -- '{letter}'")));
                };
                at += letter.len_utf8();
                let rest = &cluster[at..];
                match opt.value {
                    Value::None => args.given.push((*opt, String::new())),
                    Value::Optional(_) => {
                        args.given.push((*opt, rest.to_string()));
                        break;
                    }
                    Value::Required(_) if !rest.is_empty() => {
                        args.given.push((*opt, rest.to_string()));
                        break;
                    }
                    Value::Required(_) => {
                        let Some(value) = argv.get(idx) else {
                            return Err(Refusal::Usage(format!("option requires an argument -- '{letter}'")));
                        };
                        idx += 1;
                        args.given.push((*opt, value.clone()));
                    }
                }
            }
        }
        Ok(args)
    }

    /// The option `--name` means: the one so named, or the only one whose name starts so;
    /// `None` for `--help` (or a prefix of it) when the spec has no option of that name.
    /// Errors quote what was `written` after the dashes, value included, as getopt does.
    fn long_named(&self, name: &str, written: &str) -> Result<Option<&Opt>, Refusal> {
        if let Some(exact) = self.options.iter().find(|o| o.long == Some(name) || o.also == Some(name)) {
            return Ok(Some(exact));
        }
        // An option is one candidate however many of its names the prefix fits.
        let fits = |long: Option<&str>| long.is_some_and(|l| l.starts_with(name));
        let candidates: Vec<&Opt> =
            self.options.iter().filter(|o| !name.is_empty() && (fits(o.long) || fits(o.also))).collect();
        let help = !name.is_empty() && "help".starts_with(name);
        match (candidates.as_slice(), help) {
            ([only], false) => Ok(Some(only)),
            ([], true) => Ok(None),
            ([], false) => Err(Refusal::Usage(format!("unrecognized option '--{written}'"))),
            (many, _) => {
                let mut names: Vec<String> = many.iter().filter_map(|o| o.long).map(|l| format!("'--{l}'")).collect();
                if help {
                    names.push("'--help'".to_string());
                }
                Err(Refusal::Usage(format!("option '--{written}' is ambiguous; possibilities: {}", names.join(" "))))
            }
        }
    }
}

/// `text` with its first letter upper-case and a full stop, as GNU's descriptions read.
pub(crate) fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    let mut out: String = chars.next().map(|c| c.to_uppercase().collect()).unwrap_or_default();
    out.push_str(chars.as_str());
    if !out.ends_with('.') && !out.is_empty() {
        out.push('.');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const FORCE: Opt = Opt::both('f', "force", "never prompt");
    const RECURSIVE: Opt = Opt::both('r', "recursive", "remove directories and their contents");
    const LINES: Opt = Opt::both('n', "lines", "print the first NUM lines").value("NUM");
    const COLOR: Opt = Opt::long("color", "colorize").optional("WHEN");
    const COLUMNS: Opt = Opt::long("columns", "in columns");
    const WIDTH: Opt = Opt::short('w', "width").optional("N");

    const SPEC: Spec = Spec {
        name: "demo",
        summary: "show the parser",
        synopsis: &["[OPTION]... [FILE]..."],
        about: "",
        options: &[FORCE, RECURSIVE, LINES, COLOR, COLUMNS, WIDTH],
        order: Order::Permute,
        usage_status: 1,
        digits: None,
        usage_in_hint: false,
    };

    fn words(list: &[&str]) -> Vec<String> {
        list.iter().map(|w| w.to_string()).collect()
    }

    /// Every value `opt` was given, in order.
    fn values<'a>(args: &'a Args, opt: &Opt) -> Vec<&'a str> {
        args.given().filter(|(o, _)| o.is(opt)).map(|(_, v)| v).collect()
    }

    fn parse(list: &[&str]) -> Result<Args, Refusal> {
        SPEC.parse(&words(list))
    }

    #[test]
    fn clusters_values_prefixes_and_permutation() {
        let args = parse(&["a", "-rf", "-n5", "b", "--lines", "7", "--for", "--color=always", "-w", "--", "-x"])
            .expect("parses");
        assert!(args.has(&FORCE) && args.has(&RECURSIVE) && args.has(&WIDTH));
        assert_eq!(args.last(&LINES), Some("7"));
        assert_eq!(values(&args, &LINES), ["5", "7"]);
        assert_eq!(args.last(&COLOR), Some("always"));
        assert_eq!(args.last(&WIDTH), Some(""));
        assert_eq!(args.operands, words(&["a", "b", "-x"]));
        let args = parse(&["-nf"]).expect("the rest of a cluster is the value");
        assert_eq!((args.last(&LINES), args.has(&FORCE)), (Some("f"), false));
        let first = Spec { order: Order::OptionsFirst, ..SPEC };
        let args = first.parse(&words(&["-f", "cmd", "-r"])).expect("parses");
        assert_eq!((args.has(&RECURSIVE), args.operands.clone()), (false, words(&["cmd", "-r"])));
    }

    #[test]
    fn a_bare_number_stands_for_its_option() {
        let head = Spec { digits: Some(LINES), ..SPEC };
        let args = head.parse(&words(&["-5", "f", "-3f", "-n", "-2", "-r12"])).expect("parses");
        assert_eq!(values(&args, &LINES), ["5", "3", "-2", "12"]);
        assert!(args.has(&FORCE));
        assert!(matches!(SPEC.parse(&words(&["-5"])), Err(Refusal::Usage(m)) if m == "invalid option -- '5'"));
    }

    #[test]
    fn refusals_are_in_gnu_words() {
        let usage = |list: &[&str]| match parse(list) {
            Err(Refusal::Usage(message)) => message,
            other => format!("{other:?}"),
        };
        assert_eq!(usage(&["-Z"]), "invalid option -- 'Z'");
        assert_eq!(usage(&["--nope"]), "unrecognized option '--nope'");
        assert_eq!(usage(&["--nope=1"]), "unrecognized option '--nope=1'");
        assert_eq!(usage(&["-n"]), "option requires an argument -- 'n'");
        assert_eq!(usage(&["--lines"]), "option '--lines' requires an argument");
        assert_eq!(usage(&["--force=yes"]), "option '--force' doesn't allow an argument");
        assert_eq!(usage(&["--col"]), "option '--col' is ambiguous; possibilities: '--color' '--columns'");
        assert!(matches!(parse(&["--h"]), Err(Refusal::Help)), "a prefix of --help that names no option");
    }

    #[test]
    fn help_is_asked_for_and_written_from_the_spec() {
        assert!(matches!(parse(&["x", "--help"]), Err(Refusal::Help)));
        assert!(matches!(parse(&["--he"]), Err(Refusal::Help)));
        assert!(matches!(parse(&["--", "--help"]), Ok(args) if args.operands == words(&["--help"])));
        let help = SPEC.help();
        assert!(help.starts_with("Usage: demo [OPTION]... [FILE]...\nShow the parser.\n\n"), "{help}");
        assert!(help.contains("\n  -n, --lines=NUM           print the first NUM lines\n"), "{help}");
        assert!(help.contains("\n      --color[=WHEN]        colorize\n"), "{help}");
        assert!(help.contains("\n  -w[N]                     width\n"), "{help}");
        assert!(help.ends_with("      --help                display this help and exit\n"), "{help}");
        assert_eq!(SPEC.flags()[..3], ["-f", "--force", "-r"]);
    }
}
