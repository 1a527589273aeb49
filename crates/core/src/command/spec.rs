//! The command spec: what a command takes, said once. A [`Spec`] names the command, gives its
//! synopsis and its options — short letter, long name, value, one line of help — how it reads
//! them, the tools it calls and the command line it runs; from it come the parse
//! ([`Spec::parse`], GNU `getopt_long` semantics), `CMD --help`, `help NAME`, the usage errors,
//! the console's flag completion and what the pre-flight knows of a line.
//!
//! The parse: clusters (`-rf`), values attached or separate (`-n5`, `-n 5`, `--lines=5`,
//! `--lines 5`), optional values only attached (`--interactive=once`), unambiguous prefixes of
//! long names (`--recur`), `--` ending the options, and operands and options in any order
//! ([`Order::Permute`], GNU's default) or options first ([`Order::OptionsFirst`], POSIX, for
//! commands whose operands are a command line). The exceptions are written in the spec too:
//! [`Order::Leading`] (`find`), [`Order::Own`] and [`Order::Literal`] (commands that read their
//! words themselves), one-dash long names, negative numbers as operands, two-value options.
//! `--help` is answered for every command whose spec does not define it. Anything else is
//! refused in the words of the command's real counterpart ([`Words`]) with the spec's usage
//! status: nothing runs.

use std::fmt::Write as _;

/// The option of a spec by its letter, looked up while compiling: `args.has(opt!(CAT, 'n'))`
/// does not build if `CAT` has no `-n` ([`Spec::letter`] in `const` context, where the
/// panic is a compile error; it never runs).
#[macro_export]
macro_rules! opt {
    ($spec:expr, $letter:literal) => {
        const {
            match $spec.letter($letter) {
                Some(opt) => opt,
                None => panic!("the spec has no option with this letter"),
            }
        }
    };
}

/// Whether an option takes a value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Value {
    /// A flag.
    None,
    /// Always a value (`-n NUM`, `--lines=NUM`, `--lines NUM`), named in the help.
    Required(&'static str),
    /// A value only when attached (`--color[=WHEN]`, `-w5`).
    Optional(&'static str),
    /// Two values, the next two words (`jq --arg NAME VALUE`): see [`Args::pairs`].
    Two(&'static str, &'static str),
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

    /// The number a bare `-N` gives (`gzip -9`), for [`Spec::digits`]: it has no name.
    pub const fn number(value: &'static str, help: &'static str) -> Opt {
        Opt { short: None, long: None, also: None, value: Value::Required(value), help }
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

    /// The same option taking two values, the words after it.
    pub const fn two(mut self, first: &'static str, second: &'static str) -> Opt {
        self.value = Value::Two(first, second);
        self
    }

    /// The same option taking a value when attached.
    pub const fn optional(mut self, name: &'static str) -> Opt {
        self.value = Value::Optional(name);
        self
    }

    /// The name of its value (empty for a flag).
    fn value_name(&self) -> &'static str {
        match self.value {
            Value::None => "",
            Value::Required(v) | Value::Optional(v) | Value::Two(v, _) => v,
        }
    }

    /// Whether `self` and `other` are the same option (specs compare options by their names).
    fn is(&self, other: &Opt) -> bool {
        self.short == other.short && self.long == other.long
    }

    /// `-f, --force`, `    --interactive[=WHEN]`, `-n NUM`: the left column of `--help`, the
    /// long names after `dashes` (`--`, or `-` for commands such as `sqlite3 -json`).
    fn shown(&self, dashes: &str) -> String {
        let long = match (self.long, self.also) {
            (Some(l), Some(a)) => Some(format!("{l}, {dashes}{a}")),
            (l, _) => l.map(str::to_string),
        };
        let mut out = match (self.short, long) {
            (Some(s), Some(l)) => format!("-{s}, {dashes}{l}"),
            (Some(s), None) => format!("-{s}"),
            (None, Some(l)) if dashes == "-" => format!("{dashes}{l}"),
            (None, Some(l)) => format!("    {dashes}{l}"),
            (None, None) => return format!("-{}", self.value_name()),
        };
        match (self.value, self.long.is_some()) {
            (Value::None, _) => {}
            (Value::Required(v), true) if dashes == "--" => write!(out, "={v}").unwrap_or_default(),
            (Value::Required(v), _) => write!(out, " {v}").unwrap_or_default(),
            (Value::Optional(v), true) => write!(out, "[={v}]").unwrap_or_default(),
            (Value::Optional(v), false) => write!(out, "[{v}]").unwrap_or_default(),
            (Value::Two(a, b), _) => write!(out, " {a} {b}").unwrap_or_default(),
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
    /// Whole words before the first word that is not one of them, which ends them however it
    /// reads (`find -L . -name x`: `-name` starts the expression); no clusters.
    Leading,
    /// The command reads its words itself (`set +x`, `declare -A`, `let -1`); only a first
    /// `--help` is the spec's, as for bash's builtins. The operands are all the words.
    Own,
    /// Every word is an operand, `--help` too (`echo`, `test`, `true`: bash's rules).
    Literal,
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
    /// How a usage error is worded.
    pub words: Words,
    /// Whether long options take one dash (`sqlite3 -json`, `-separator SEP`; two work too),
    /// as unique prefixes; a word that names none is a letter with its value attached (`xxd
    /// -c8`), not a cluster.
    pub one_dash_long: bool,
    /// Whether a negative number (`-5`, `-1.5e3`) is an operand rather than options (`seq -1
    /// 1`, `meta incr KEY -1`).
    pub negatives: bool,
    /// Which words that start with a dash are options, when not all are: jq reads `-.` and
    /// `-(1)` as its filter, an option being only `--…` or a dash and a letter.
    pub option_word: Option<fn(&str) -> bool>,
    /// The tools it calls: the pre-flight judges a line by them, `help` and `type` name them.
    pub tools: &'static [&'static str],
    /// Whether its operands are the paths those calls act on (`rm a b` deletes `a` and `b`).
    pub operand_paths: bool,
    /// The tools a subcommand calls instead (`msg send` calls `msg.send` only), chosen by the
    /// first operand; an unknown or missing subcommand calls none.
    pub subcommands: &'static [(&'static str, &'static [&'static str])],
    /// Tools an operand adds when it is the word (`find … -delete` calls `fs.delete`).
    pub actions: &'static [(&'static str, &'static str)],
    /// Whether it runs another command, and where that command's words start.
    pub runs: Runs,
    /// A letter that asks for the help as `--help` does (`gzip -h`, `jq -h`).
    pub help_letter: Option<char>,
    /// Words of its own language that read as flags, for the console to complete (`find`'s
    /// `-name`, `-type`, …).
    pub keywords: &'static [&'static str],
    /// The command it is another name or member of (`egrep` of `grep`, `sha512sum` of the
    /// checksums): the model's guide names the family once, under that command.
    pub variant_of: Option<&'static str>,
    /// A command every model expects of a Unix system and uses without being told (`mkdir`,
    /// `uname`, `cmp`): the model's guide spends no words on it.
    pub assumed: bool,
    /// The real program's long names in its getopt table's order, where that order is not the
    /// spec's (`--help` and `--version` last): getopt lists an ambiguous prefix's possibilities
    /// in table order (`sort --s`: `'--sort' '--stable'`). A name listed here that the spec
    /// lacks still makes a prefix ambiguous, as it does for the real program (`cp --a` fits
    /// `--archive` and `--attributes-only`), and is refused as unrecognized when named;
    /// `name=other` is a second name of the spec's option `other` (`rfc-822=rfc-email`).
    pub long_order: &'static [&'static str],
}

/// Whether a command runs another command line (`xargs`, `env`, `find -exec`), and where it
/// stands among the operands: what the pre-flight follows to judge what really runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Runs {
    /// It runs no command.
    Nothing,
    /// Its operands are a command line (`env A=1 cmd`, `xargs cmd`).
    Operands {
        /// Operands before the command's name (`timeout 5 cmd`: one).
        skip: usize,
        /// Whether `NAME=VALUE` words lead the command line (`env`).
        assignments: bool,
        /// Whether the line runs as written; `false` when words are added (`xargs`).
        complete: bool,
    },
    /// Command lines stand among the operands (`find . -exec CMD {} ;`); words are substituted
    /// into them.
    Between {
        /// The words that start one (`-exec`).
        starts: &'static [&'static str],
        /// The words that end it (`;`, `+`).
        ends: &'static [&'static str],
    },
}

/// Why a parse did not give arguments.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    /// `--help` was asked for: print [`Spec::help`] and succeed.
    Help,
    /// `--version` was asked for: print [`Spec::version`] and succeed.
    Version,
    /// A usage error.
    Usage(Misuse),
}

/// A usage error, as found; [`std::fmt::Display`] says it in GNU's words (without the
/// command's name), a spec's [`Words`] may say it in its command's own.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Misuse {
    /// `-Z`: no option has the letter.
    Invalid(char),
    /// `--nope` (as written, value included): no option has the name.
    Unrecognized(String),
    /// The option (`-n` or `--lines`) needs a value and none followed.
    NeedsValue(String),
    /// `--force=yes`: the long option takes no value.
    NoValue(String),
    /// `--col`: the prefix fits several long names (as written, and the names it fits).
    Ambiguous(String, Vec<String>),
    /// What the command itself found wrong (`missing operand`).
    Said(String),
}

impl std::fmt::Display for Misuse {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Misuse::Invalid(letter) => write!(f, "invalid option -- '{letter}'"),
            Misuse::Unrecognized(written) => write!(f, "unrecognized option '--{written}'"),
            Misuse::NeedsValue(option) => match option.strip_prefix("--") {
                Some(_) => write!(f, "option '{option}' requires an argument"),
                None => write!(f, "option requires an argument -- '{}'", option.trim_start_matches('-')),
            },
            Misuse::NoValue(option) => write!(f, "option '{option}' doesn't allow an argument"),
            Misuse::Ambiguous(written, names) => {
                let names: Vec<String> = names.iter().map(|n| format!("'--{n}'")).collect();
                write!(f, "option '--{written}' is ambiguous; possibilities: {}", names.join(" "))
            }
            Misuse::Said(message) => f.write_str(message),
        }
    }
}

/// How a command words a usage error on standard error: what its real counterpart prints.
#[derive(Debug, Clone, Copy)]
pub enum Words {
    /// `NAME: MESSAGE` and `Try 'NAME --help' for more information.` (coreutils).
    Gnu,
    /// As [`Words::Gnu`], with the usage line between (grep).
    GnuWithUsage,
    /// As [`Words::Gnu`], the hint prefixed with the name too (diff).
    GnuPrefixedHint,
    /// `NAME: MESSAGE`, then the whole `--help` text (sed, bc).
    GnuWithHelp,
    /// A bash builtin's: `NAME: -Q: invalid option` and `NAME: usage: NAME SYNOPSIS`, status
    /// 2; its `--help` is laid out as bash's `help NAME` and returns 2 as bash's does.
    Bash,
    /// The command's own: the whole text from the spec and the error.
    Own(fn(&Spec, &Misuse) -> String),
}

/// The options given, in order, with their values, and the operands.
#[derive(Debug, Default)]
pub struct Args {
    /// Each option with its value (two values joined by a NUL, which no argument holds) and
    /// how many operands came before it.
    given: Vec<(Opt, String, usize)>,
    /// The operands, in order.
    pub operands: Vec<String>,
}

impl Args {
    /// Whether `opt` was given.
    pub fn has(&self, opt: &Opt) -> bool {
        self.given.iter().any(|(o, _, _)| o.is(opt))
    }

    /// The value of the last `opt` given (later ones override earlier ones, as for getopt users).
    pub fn last(&self, opt: &Opt) -> Option<&str> {
        self.given.iter().rev().find(|(o, _, _)| o.is(opt)).map(|(_, v, _)| v.as_str())
    }

    /// The operands, or `-` (standard input) when there are none.
    pub fn files(&self) -> Vec<String> {
        if self.operands.is_empty() { vec!["-".to_string()] } else { self.operands.clone() }
    }

    /// Whether any of `opts` was given (`cat -A`, `-e` and `-t` all show ends).
    pub fn any(&self, opts: &[&Opt]) -> bool {
        opts.iter().any(|opt| self.has(opt))
    }

    /// Which of `opts` was given last (`cp -P … -L`: the last of the options that override
    /// each other wins).
    pub fn last_of(&self, opts: &[&'static Opt]) -> Option<&'static Opt> {
        self.given.iter().rev().find_map(|(o, _, _)| opts.iter().copied().find(|opt| o.is(opt)))
    }

    /// Every option given, in order, with its value: for options where the last of several
    /// wins (`rm -f -i`).
    pub fn given(&self) -> impl Iterator<Item = (&Opt, &str)> {
        self.given.iter().map(|(o, v, _)| (o, v.as_str()))
    }

    /// The two values of each `opt` given ([`Value::Two`]), in order.
    pub fn pairs(&self, opt: &Opt) -> Vec<(&str, &str)> {
        self.given.iter().filter(|(o, _, _)| o.is(opt)).filter_map(|(_, v, _)| v.split_once('\0')).collect()
    }

    /// How many operands stood before the first `opt` given (`jq`'s `--args` applies to the
    /// operands after it).
    pub fn operands_before(&self, opt: &Opt) -> Option<usize> {
        self.given.iter().find(|(o, _, _)| o.is(opt)).map(|(_, _, at)| *at)
    }
}

impl Spec {
    /// The option of this spec with the letter `short`, if it has one. The commands ask for it
    /// through `opt!(SPEC, 'n')`, in `const` context, where a letter the spec does not have
    /// stops the build: a body cannot test a flag its spec never parses.
    ///
    /// ```
    /// use toolsh_core::command::spec::{Opt, Spec};
    /// const NL: Spec = Spec { name: "nl", options: &[Opt::short('b', "style").value("STYLE")], ..Spec::BASE };
    /// let args = NL.parse(&["-bt".to_string()]).unwrap();
    /// assert_eq!(args.last(toolsh_core::opt!(NL, 'b')), Some("t"));
    /// ```
    ///
    /// A letter the spec lacks does not compile:
    ///
    /// ```compile_fail
    /// use toolsh_core::command::spec::{Opt, Spec};
    /// const NL: Spec = Spec { name: "nl", options: &[Opt::short('b', "style").value("STYLE")], ..Spec::BASE };
    /// let args = NL.parse(&["-bt".to_string()]).unwrap();
    /// assert!(args.has(toolsh_core::opt!(NL, 'x')));
    /// ```
    pub const fn letter(&self, short: char) -> Option<&'static Opt> {
        let options = self.options;
        let mut at = 0;
        while at < options.len() {
            if let Some(letter) = options[at].short
                && letter == short
            {
                return Some(&options[at]);
            }
            at += 1;
        }
        None
    }

    /// What every spec shares unless it says otherwise: options among the operands, status 1
    /// on a usage error, no tools, runs nothing. Specs end in `..Spec::BASE`.
    pub const BASE: Spec = Spec {
        name: "",
        summary: "",
        synopsis: &[],
        about: "",
        options: &[],
        order: Order::Permute,
        usage_status: 1,
        digits: None,
        words: Words::Gnu,
        one_dash_long: false,
        negatives: false,
        option_word: None,
        tools: &[],
        operand_paths: false,
        subcommands: &[],
        actions: &[],
        runs: Runs::Nothing,
        help_letter: None,
        keywords: &[],
        variant_of: None,
        assumed: false,
        long_order: &[],
    };

    /// What a bash builtin's spec shares: options before the operands, bash's words, status 2
    /// on a usage error. Specs of bash's builtins end in `..Spec::BASH`.
    pub const BASH: Spec = Spec { order: Order::OptionsFirst, usage_status: 2, words: Words::Bash, ..Spec::BASE };

    /// The tools the command calls with these operands (see [`Spec::subcommands`] and
    /// [`Spec::actions`]).
    pub fn tools_for(&self, operands: &[String]) -> Vec<&'static str> {
        let mut tools: Vec<&'static str> = if self.subcommands.is_empty() {
            self.tools.to_vec()
        } else {
            let first = operands.first().map(String::as_str);
            self.subcommands.iter().find(|(name, _)| Some(*name) == first).map_or(Vec::new(), |(_, t)| t.to_vec())
        };
        for (word, tool) in self.actions {
            if operands.iter().any(|o| o == word) && !tools.contains(tool) {
                tools.push(tool);
            }
        }
        tools
    }

    /// Whether no operands make it call a tool or run a command line: the pre-flight has
    /// nothing to judge in its arguments.
    pub fn calls_nothing(&self) -> bool {
        matches!(self.runs, Runs::Nothing)
            && self.tools.is_empty()
            && self.subcommands.is_empty()
            && self.actions.is_empty()
    }

    /// The command lines it runs with these operands, each with whether it runs as written.
    pub fn command_lines<'a>(&self, operands: &'a [String]) -> Vec<(&'a [String], bool)> {
        match self.runs {
            Runs::Nothing => Vec::new(),
            Runs::Operands { skip, assignments, complete } => {
                let mut at = skip.min(operands.len());
                if assignments {
                    at += operands[at..].iter().take_while(|w| w.contains('=')).count();
                }
                vec![(&operands[at..], complete)]
            }
            Runs::Between { starts, ends } => {
                let mut lines = Vec::new();
                let mut rest = operands;
                while let Some(start) = rest.iter().position(|w| starts.contains(&w.as_str())) {
                    let after = &rest[start + 1..];
                    let end = after.iter().position(|w| ends.contains(&w.as_str())).unwrap_or(after.len());
                    lines.push((&after[..end], false));
                    rest = &after[end.min(after.len())..];
                }
                lines
            }
        }
    }

    /// [`Spec::refusal_text`] as a shell says it, `prefix` (`s.sh: line 4: `) before the
    /// message; a bash builtin's usage line alone (`printf` with no format) goes without it, as
    /// bash's `builtin_usage` prints it.
    pub fn refusal_said(&self, prefix: &str, misuse: &Misuse) -> String {
        let text = self.refusal_text(misuse);
        let bare = matches!(self.words, Words::Bash)
            && text.strip_prefix(self.name).is_some_and(|rest| rest.starts_with(": usage: "));
        if bare { text } else { format!("{prefix}{text}") }
    }

    /// What a usage error prints on standard error, as [`Spec::words`] says.
    pub fn refusal_text(&self, misuse: &Misuse) -> String {
        let name = self.name;
        let said = match misuse {
            Misuse::Said(message) if message.is_empty() => String::new(),
            misuse => format!("{name}: {misuse}\n"),
        };
        let hint = format!("Try '{name} --help' for more information.\n");
        match self.words {
            Words::Gnu => format!("{said}{hint}"),
            Words::GnuWithUsage => format!("{said}Usage: {}\n{hint}", self.usage_line()),
            Words::GnuPrefixedHint => format!("{said}{name}: {hint}"),
            Words::GnuWithHelp => format!("{said}{}", self.help()),
            Words::Bash => {
                let said = match misuse {
                    Misuse::Invalid(letter) => format!("{name}: -{letter}: invalid option\n"),
                    Misuse::NeedsValue(option) => format!("{name}: {option}: option requires an argument\n"),
                    Misuse::Unrecognized(written) => format!("{name}: --{written}: invalid option\n"),
                    _ => said,
                };
                format!("{said}{name}: usage: {}\n", self.usage_line())
            }
            Words::Own(words) => words(self, misuse),
        }
    }

    /// Whether `word` is one option by itself (`-L`, `--help`), for [`Order::Leading`].
    fn is_whole_option(&self, word: &str) -> bool {
        match word.strip_prefix("--") {
            Some(long) => long.is_empty() || self.long_named(long, long).is_ok(),
            None => {
                let mut letters = word.chars().skip(1);
                word.starts_with('-')
                    && letters.next().is_some_and(|l| self.options.iter().any(|o| o.short == Some(l)))
                    && letters.next().is_none()
            }
        }
    }

    /// The dashes before a long option's name.
    fn dashes(&self) -> &'static str {
        if self.one_dash_long { "-" } else { "--" }
    }

    /// `Usage: NAME SYNOPSIS` for each form, the first one for error messages.
    pub fn usage_line(&self) -> String {
        format!("{} {}", self.name, self.synopsis.first().copied().unwrap_or(""))
    }

    /// The status of `--help`: 0, but 2 for bash's builtins (as bash returns).
    /// Whether `--version` asks for [`Spec::version`]: every command that reads options but a
    /// bash builtin (bash's have none) or one with an option of that name.
    pub fn answers_version(&self) -> bool {
        !matches!(self.words, Words::Bash)
            && !matches!(self.order, Order::Literal | Order::Own)
            && !self.options.iter().any(|o| o.long == Some("version") || o.also == Some("version"))
    }

    /// What `--version` prints. GNU's first line is `NAME (PACKAGE) VERSION`, which scripts
    /// read; toolsh's says the package is toolsh and its version, and the second line what
    /// the command follows, since it is not GNU's program.
    pub fn version(&self) -> String {
        format!(
            "{} (toolsh) {}\ntoolsh's own {}, which answers as the GNU or upstream program of that name does; it is not that program.\n",
            self.name,
            env!("CARGO_PKG_VERSION"),
            self.name
        )
    }

    /// The status `--help` ends with (bash's builtins: 2).
    pub fn help_status(&self) -> i32 {
        if matches!(self.words, Words::Bash) { 2 } else { 0 }
    }

    /// What `--help` prints: the usage forms, the description, and a line per option (for a
    /// bash builtin, as bash's `help NAME` lays it out).
    pub fn help(&self) -> String {
        if matches!(self.words, Words::Bash) {
            return self.bash_help();
        }
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
            let left = opt.shown(self.dashes());
            if left.len() <= 24 {
                let _ = writeln!(out, "  {left:<26}{}", opt.help);
            } else {
                let _ = writeln!(out, "  {left}\n  {:<26}{}", "", opt.help);
            }
        }
        let help = format!("    {}help", self.dashes());
        let help = match self.help_letter {
            Some(letter) => format!("-{letter}, {}help", self.dashes()),
            None => help,
        };
        if self.order != Order::Literal {
            let _ = writeln!(out, "  {help:<26}display this help and exit");
        }
        out
    }

    /// `NAME: NAME SYNOPSIS`, the summary and description indented, the options: bash's layout.
    fn bash_help(&self) -> String {
        let mut out = format!("{}: {}\n    {}\n", self.name, self.usage_line(), capitalised(self.summary));
        if !self.about.is_empty() {
            let _ = write!(out, "    \n    {}\n", self.about);
        }
        if !self.options.is_empty() {
            out.push_str("    \n    Options:\n");
            for opt in self.options {
                let _ = writeln!(out, "      {}\t{}", opt.shown(self.dashes()), opt.help);
            }
        }
        out
    }

    /// The flags for the console to complete: `-f`, `--force`, …
    pub fn flags(&self) -> Vec<String> {
        let mut flags = Vec::new();
        for opt in self.options {
            flags.extend(opt.short.map(|s| format!("-{s}")));
            flags.extend(opt.long.map(|l| format!("{}{l}", self.dashes())));
            flags.extend(opt.also.map(|l| format!("{}{l}", self.dashes())));
        }
        flags.extend(self.help_letter.map(|letter| format!("-{letter}")));
        if self.order != Order::Literal {
            flags.push(format!("{}help", self.dashes()));
        }
        flags.extend(self.keywords.iter().map(|k| k.to_string()));
        flags
    }

    /// Reads `argv` (without the command's name) as the spec says.
    pub fn parse(&self, argv: &[String]) -> Result<Args, Refusal> {
        let mut args = Args::default();
        match self.order {
            Order::Own if argv.first().is_some_and(|w| w == "--help") => return Err(Refusal::Help),
            Order::Own | Order::Literal => {
                args.operands = argv.to_vec();
                return Ok(args);
            }
            _ => {}
        }
        let mut idx = 0;
        while idx < argv.len() {
            let arg = &argv[idx];
            idx += 1;
            if arg == "--" {
                args.operands.extend(argv[idx..].iter().cloned());
                break;
            }
            if self.order == Order::Leading && !self.is_whole_option(arg) {
                args.operands.extend(argv[idx - 1..].iter().cloned());
                break;
            }
            if !arg.starts_with('-')
                || arg == "-"
                || (self.negatives && is_negative_number(arg))
                || self.option_word.is_some_and(|is_option| !is_option(arg))
            {
                args.operands.push(arg.clone());
                if self.order == Order::OptionsFirst {
                    args.operands.extend(argv[idx..].iter().cloned());
                    break;
                }
                continue;
            }
            // With one-dash long names, a word that names none is a letter with its value
            // (`xxd -c8`) when the spec has letters.
            let long = match arg.strip_prefix("--") {
                Some(long) => Some(long),
                None if self.one_dash_long => {
                    let word = &arg[1..];
                    let letters = self.options.iter().any(|o| o.short.is_some());
                    let named = self.long_named(word.split_once('=').map_or(word, |(n, _)| n), word);
                    (!letters || matches!(named, Ok(Named::Opt(_)))).then_some(word)
                }
                None => None,
            };
            if let Some(long) = long {
                let (name, attached) = long.split_once('=').map_or((long, None), |(n, v)| (n, Some(v)));
                let opt = match self.long_named(name, long)? {
                    Named::Opt(opt) => opt,
                    // `--help=x`, `--version=x`: GNU's table says neither takes a value.
                    named @ (Named::Help | Named::Version) if attached.is_some() => {
                        let full = if named == Named::Help { "help" } else { "version" };
                        return Err(Refusal::Usage(Misuse::NoValue(format!("{}{full}", self.dashes()))));
                    }
                    Named::Help => return Err(Refusal::Help),
                    Named::Version => return Err(Refusal::Version),
                };
                let full = opt.long.unwrap_or(name);
                let value = match (opt.value, attached) {
                    (Value::Two(..), _) => {
                        let (Some(first), Some(second)) = (argv.get(idx), argv.get(idx + 1)) else {
                            return Err(Refusal::Usage(Misuse::NeedsValue(format!("{}{full}", self.dashes()))));
                        };
                        idx += 2;
                        format!("{first}\0{second}")
                    }
                    (Value::None, Some(_)) => {
                        return Err(Refusal::Usage(Misuse::NoValue(format!("{}{full}", self.dashes()))));
                    }
                    (Value::None | Value::Optional(_), None) => String::new(),
                    (_, Some(value)) => value.to_string(),
                    (Value::Required(_), None) => {
                        let Some(value) = argv.get(idx) else {
                            return Err(Refusal::Usage(Misuse::NeedsValue(format!("{}{full}", self.dashes()))));
                        };
                        idx += 1;
                        value.clone()
                    }
                };
                args.given.push((*opt, value, args.operands.len()));
                continue;
            }
            let cluster = &arg[1..];
            let mut at = 0;
            while let Some(letter) = cluster[at..].chars().next() {
                // A run of digits is the number option's value (`head -5`, `grep -Z2`); one
                // taking an optional value takes the rest of the word, as GNU's `0::` options
                // do (`expand -3,9`).
                if let Some(opt) = self.digits.filter(|_| letter.is_ascii_digit()) {
                    let run = match opt.value {
                        Value::Optional(_) => cluster.len() - at,
                        _ => cluster[at..].bytes().take_while(u8::is_ascii_digit).count(),
                    };
                    args.given.push((opt, cluster[at..at + run].to_string(), args.operands.len()));
                    at += run;
                    continue;
                }
                if self.help_letter == Some(letter) {
                    return Err(Refusal::Help);
                }
                let Some(opt) = self.options.iter().find(|o| o.short == Some(letter)) else {
                    return Err(Refusal::Usage(Misuse::Invalid(letter)));
                };
                at += letter.len_utf8();
                let rest = &cluster[at..];
                let before = args.operands.len();
                match opt.value {
                    Value::None => args.given.push((*opt, String::new(), before)),
                    Value::Optional(_) => {
                        args.given.push((*opt, rest.to_string(), before));
                        break;
                    }
                    Value::Required(_) if !rest.is_empty() => {
                        args.given.push((*opt, rest.to_string(), before));
                        break;
                    }
                    Value::Required(_) => {
                        let Some(value) = argv.get(idx) else {
                            return Err(Refusal::Usage(Misuse::NeedsValue(format!("-{letter}"))));
                        };
                        idx += 1;
                        args.given.push((*opt, value.clone(), before));
                    }
                    // Two values: the rest of the cluster (if any) and the next word, or two words.
                    Value::Two(..) => {
                        let first = if rest.is_empty() {
                            idx += 1;
                            argv.get(idx - 1).map(String::as_str)
                        } else {
                            Some(rest)
                        };
                        let (Some(first), Some(second)) = (first, argv.get(idx)) else {
                            return Err(Refusal::Usage(Misuse::NeedsValue(format!("-{letter}"))));
                        };
                        idx += 1;
                        args.given.push((*opt, format!("{first}\0{second}"), before));
                        break;
                    }
                }
            }
        }
        Ok(args)
    }

    /// What `--name` means: the option so named, `--help` or `--version`, or the only one of
    /// them whose name starts so, as getopt finds it in the real program's table (the spec's
    /// long names in [`Spec::long_order`]'s order, then `--help` and `--version`). A bash
    /// builtin knows `--help` by its whole name only, as bash does. Errors quote what was
    /// `written` after the dashes, value included, as getopt does.
    fn long_named(&self, name: &str, written: &str) -> Result<Named<'_>, Refusal> {
        let unrecognized = || Err(Refusal::Usage(Misuse::Unrecognized(written.to_string())));
        // bash's builtins take `--help` whole, never a prefix of it.
        if name == "help" && matches!(self.words, Words::Bash) {
            return Ok(Named::Help);
        }
        let table = self.long_table();
        if let Some((_, named)) = table.iter().find(|(long, _)| *long == name) {
            return named.ok_or_else(|| Refusal::Usage(Misuse::Unrecognized(written.to_string())));
        }
        if name.is_empty() {
            return unrecognized();
        }
        // As glibc's getopt: the first name that fits is the one meant, unless a later one
        // names another option (`--col` of `--color` and `--colour` is `--color`); then every
        // name that fits and names another is listed, in table order, after the first.
        let fitting: Vec<&(&str, Option<Named<'_>>)> =
            table.iter().filter(|(long, _)| long.starts_with(name)).collect();
        let Some(&&(first, found)) = fitting.first() else { return unrecognized() };
        let same = |other: &Option<Named<'_>>| found.is_some() && *other == found;
        let others: Vec<&str> = fitting[1..].iter().filter(|(_, named)| !same(named)).map(|(long, _)| *long).collect();
        match (found, others.is_empty()) {
            (Some(named), true) => Ok(named),
            (None, true) => unrecognized(),
            (_, false) => Err(Refusal::Usage(Misuse::Ambiguous(
                written.to_string(),
                std::iter::once(first).chain(others).map(str::to_string).collect(),
            ))),
        }
    }

    /// The long names getopt's table would hold, in its order, each with what it names (`None`
    /// for a name of the real program's that the spec lacks).
    fn long_table(&self) -> Vec<(&'static str, Option<Named<'_>>)> {
        let mut table: Vec<(&'static str, Option<Named<'_>>)> = Vec::new();
        for opt in self.options {
            for long in [opt.long, opt.also].into_iter().flatten() {
                table.push((long, Some(Named::Opt(opt))));
            }
        }
        let bash = matches!(self.words, Words::Bash);
        if !table.iter().any(|(long, _)| *long == "help") && !bash {
            table.push(("help", Some(Named::Help)));
        }
        if self.answers_version() {
            table.push(("version", Some(Named::Version)));
        }
        if !self.long_order.is_empty() {
            for entry in self.long_order {
                // `rfc-822=rfc-email`: a second name of an option the spec has (getopt lists
                // only the first of an option's names that fit a prefix).
                let (long, same) = entry.split_once('=').map_or((*entry, None), |(l, s)| (l, Some(s)));
                if !table.iter().any(|(have, _)| *have == long) {
                    let named = same.and_then(|same| table.iter().find(|(have, _)| *have == same)).and_then(|e| e.1);
                    table.push((long, named));
                }
            }
            let rank = |long: &str| {
                self.long_order
                    .iter()
                    .position(|l| l.split_once('=').map_or(*l, |(l, _)| l) == long)
                    .unwrap_or(usize::MAX)
            };
            table.sort_by_key(|(long, _)| rank(long));
        }
        table
    }
}

/// What a long name names in getopt's table: an option of the spec, or `--help` or
/// `--version`, which every GNU program's table holds.
#[derive(Debug, Clone, Copy)]
enum Named<'a> {
    Opt(&'a Opt),
    Help,
    Version,
}

impl PartialEq for Named<'_> {
    fn eq(&self, other: &Self) -> bool {
        match (self, other) {
            (Named::Opt(a), Named::Opt(b)) => a.is(b),
            (Named::Help, Named::Help) | (Named::Version, Named::Version) => true,
            _ => false,
        }
    }
}

/// `-5`, `-0.5`, `-1e3`: a word that reads as a negative number.
fn is_negative_number(word: &str) -> bool {
    word.strip_prefix('-')
        .is_some_and(|n| n.starts_with(|c: char| c.is_ascii_digit() || c == '.') && n.parse::<f64>().is_ok())
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
        ..Spec::BASE
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
    fn version_is_asked_by_its_whole_name() {
        assert!(matches!(parse(&["x", "--version"]), Err(Refusal::Version)));
        assert!(parse(&["--", "--version"]).is_ok(), "after -- it is an operand");
        let bash = Spec { words: Words::Bash, ..SPEC };
        assert!(matches!(bash.parse(&words(&["--version"])), Err(Refusal::Usage(_))), "bash builtins have none");
        assert!(SPEC.version().starts_with("demo (toolsh) "));
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
        assert!(matches!(SPEC.parse(&words(&["-5"])), Err(Refusal::Usage(Misuse::Invalid('5')))));
    }

    #[test]
    fn refusals_are_in_gnu_words() {
        let usage = |list: &[&str]| match parse(list) {
            Err(Refusal::Usage(message)) => message.to_string(),
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
    fn help_and_version_are_in_the_table_getopt_searches() {
        const VERBOSE: Opt = Opt::both('v', "verbose", "say what is done");
        const HUMAN: Opt = Opt::both('H', "human", "human sizes");
        let spec = Spec { options: &[VERBOSE, HUMAN, FORCE], ..SPEC };
        let usage = |spec: &Spec, list: &[&str]| match spec.parse(&words(list)) {
            Err(Refusal::Usage(message)) => message.to_string(),
            other => format!("{other:?}"),
        };
        assert_eq!(usage(&spec, &["--v"]), "option '--v' is ambiguous; possibilities: '--verbose' '--version'");
        assert_eq!(usage(&spec, &["--h"]), "option '--h' is ambiguous; possibilities: '--human' '--help'");
        assert!(matches!(spec.parse(&words(&["--vers"])), Err(Refusal::Version)));
        assert!(matches!(spec.parse(&words(&["--verb"])), Ok(args) if args.has(&VERBOSE)));
        assert_eq!(usage(&spec, &["--version=1"]), "option '--version' doesn't allow an argument");
        assert_eq!(usage(&spec, &["--he=1"]), "option '--help' doesn't allow an argument");
        // The real program's order, its names the spec lacks, and second names of an option.
        let ordered = Spec { long_order: &["help", "human", "fierce", "forceful=force"], ..spec };
        assert_eq!(usage(&ordered, &["--h"]), "option '--h' is ambiguous; possibilities: '--help' '--human'");
        // As glibc: every name unlike the first is listed, two of one option too.
        assert_eq!(
            usage(&ordered, &["--f"]),
            "option '--f' is ambiguous; possibilities: '--fierce' '--forceful' '--force'"
        );
        assert_eq!(usage(&ordered, &["--fie"]), "unrecognized option '--fie'");
        assert!(matches!(ordered.parse(&words(&["--forceful"])), Ok(args) if args.has(&FORCE)));
        assert!(matches!(ordered.parse(&words(&["--forc"])), Ok(args) if args.has(&FORCE)), "one option, two names");
        // bash's builtins take --help whole only.
        let bash = Spec { words: Words::Bash, ..spec };
        assert!(matches!(bash.parse(&words(&["--help"])), Err(Refusal::Help)));
        assert!(matches!(bash.parse(&words(&["--he"])), Ok(_) | Err(Refusal::Usage(_))));
        assert!(!matches!(bash.parse(&words(&["--he"])), Err(Refusal::Help)));
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

    #[test]
    fn the_exceptions_written_in_a_spec() {
        const PAIR: Opt = Opt::long("arg", "set a variable").two("NAME", "VALUE");
        const PAIRED: Opt = Opt::short('p', "a pair").two("A", "B");
        let jq = Spec { options: &[FORCE, PAIR, PAIRED], ..SPEC };
        let args = jq.parse(&words(&["f", "--arg", "x", "1", "-p", "a", "b", "-pc", "d", "g"])).expect("parses");
        assert_eq!(args.pairs(&PAIR), [("x", "1")]);
        assert_eq!(args.pairs(&PAIRED), [("a", "b"), ("c", "d")]);
        assert_eq!(args.operands, words(&["f", "g"]));
        assert_eq!(args.operands_before(&PAIR), Some(1));
        assert!(
            matches!(jq.parse(&words(&["--arg", "x"])), Err(Refusal::Usage(Misuse::NeedsValue(o))) if o == "--arg")
        );
        // Leading: whole options until the first word that is none (find).
        let find = Spec { order: Order::Leading, ..SPEC };
        let args = find.parse(&words(&["-f", "-r", ".", "-name", "x"])).expect("parses");
        assert_eq!((args.has(&FORCE), args.operands.clone()), (true, words(&[".", "-name", "x"])));
        assert_eq!(find.parse(&words(&["-rf"])).expect("parses").operands, words(&["-rf"]));
        // Own: the words are the command's, but a first --help; Literal: even --help.
        let own = Spec { order: Order::Own, ..SPEC };
        assert_eq!(own.parse(&words(&["-Q", "+x"])).expect("parses").operands, words(&["-Q", "+x"]));
        assert!(matches!(own.parse(&words(&["--help"])), Err(Refusal::Help)));
        let literal = Spec { order: Order::Literal, ..SPEC };
        assert_eq!(literal.parse(&words(&["--help"])).expect("parses").operands, words(&["--help"]));
        // Negative numbers are operands where the spec says so.
        let seq = Spec { negatives: true, ..SPEC };
        assert_eq!(seq.parse(&words(&["-1.5", "-f", "-3"])).expect("parses").operands, words(&["-1.5", "-3"]));
        // One-dash long names, a letter with its value where no name fits.
        const COLS: Opt = Opt::both('c', "cols", "columns").value("N");
        let xxd = Spec { options: &[COLS, FORCE], one_dash_long: true, ..SPEC };
        let values = |list: &[&str]| xxd.parse(&words(list)).expect("parses").last(&COLS).map(str::to_string);
        assert_eq!(values(&["-cols", "8"]), Some("8".to_string()));
        assert_eq!(values(&["-c8"]), Some("8".to_string()));
        assert_eq!(values(&["-col=4"]), Some("4".to_string()));
        assert!(xxd.parse(&words(&["-force"])).expect("parses").has(&FORCE));
    }
}
