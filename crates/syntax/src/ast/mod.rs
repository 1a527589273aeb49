//! The syntax tree: plain data produced by the parser and walked by the interpreter.
//!
//! Nodes carry byte spans into the source so errors can name `line:col`.
//! `Display` (in `display.rs`) prints canonical shell text that parses back to the same tree.

mod display;

/// The shell's reserved words, as bash lists them (`compgen -k`): the one list `type`, the
/// console's highlighting and the printer read; the parser's own lists below are its roles.
pub const RESERVED_WORDS: &[&str] = &[
    "if", "then", "else", "elif", "fi", "case", "esac", "for", "select", "while", "until", "do", "done", "in",
    "function", "time", "{", "}", "!", "[[", "]]", "coproc",
];

/// A half-open byte range `[start, end)` into the parsed source.
///
/// Spans are metadata: two spans always compare equal, so trees compare by meaning, not by where
/// they were written (what the print-and-reparse property relies on).
#[derive(Debug, Clone, Copy, Default)]
pub struct Span {
    /// First byte.
    pub start: u32,
    /// One past the last byte.
    pub end: u32,
    /// 1-based line of `start` (0 when not recorded; set on simple and compound commands for
    /// `$LINENO`).
    pub line: u32,
}

impl PartialEq for Span {
    fn eq(&self, _other: &Self) -> bool {
        true
    }
}

impl Span {
    /// A span from byte offsets (saturating at `u32::MAX`).
    pub fn new(start: usize, end: usize) -> Self {
        let clamp = |n: usize| u32::try_from(n).unwrap_or(u32::MAX);
        Span { start: clamp(start), end: clamp(end), line: 0 }
    }
}

/// A whole program: a list of commands.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Script {
    /// The top-level list.
    pub body: List,
}

/// Commands separated by `;`, `&` or newlines.
pub type List = Vec<ListItem>;

/// One entry of a [`List`]: an and-or list, run in the background when followed by `&`.
#[derive(Debug, Clone, PartialEq)]
pub struct ListItem {
    /// The and-or list.
    pub and_or: AndOr,
    /// Followed by `&`.
    pub background: bool,
}

/// Pipelines joined by `&&` and `||`, evaluated left to right with equal precedence.
#[derive(Debug, Clone, PartialEq)]
pub struct AndOr {
    /// The first pipeline.
    pub first: Pipeline,
    /// The following pipelines with the operator before each.
    pub rest: Vec<(AndOrOp, Pipeline)>,
}

/// `&&` or `||`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AndOrOp {
    /// `&&`: run when the previous status is zero.
    And,
    /// `||`: run when the previous status is non-zero.
    Or,
}

/// Commands joined by `|` or `|&`, optionally negated with `!`.
#[derive(Debug, Clone, PartialEq)]
pub struct Pipeline {
    /// Leading `time` or `time -p`: the pipeline's times are reported when it ends.
    pub time: Option<TimeFormat>,
    /// Leading `!`.
    pub negated: bool,
    /// The stages, at least one.
    pub commands: Vec<Command>,
    /// For each stage but the last: `|&` (stderr joins stdout) instead of `|`.
    pub pipe_stderr: Vec<bool>,
    /// Source range.
    pub span: Span,
}

/// How `time` reports.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TimeFormat {
    /// `time`: as `TIMEFORMAT` says.
    Bash,
    /// `time -p`: POSIX's three lines.
    Posix,
}

/// One command.
#[derive(Debug, Clone, PartialEq)]
pub enum Command {
    /// Assignments, words and redirections.
    Simple(SimpleCommand),
    /// A compound command with its trailing redirections (boxed: simple commands are the
    /// common case and should not pay for the larger variant).
    Compound(Box<CompoundCommand>, Vec<Redirect>, Span),
    /// `name() compound` or `function name compound`.
    Function(FunctionDef),
    /// `coproc [NAME] command`: the command runs as a job whose input and output are pipes
    /// to the shell (boxed, as the compound variant is).
    Coproc(Box<Coproc>),
}

/// `coproc command` (a simple or compound command, named `COPROC`) or `coproc NAME compound`.
#[derive(Debug, Clone, PartialEq)]
pub struct Coproc {
    /// The name as written (expanded when the coprocess starts); `None`: `COPROC`. bash
    /// takes a name only before a compound command.
    pub name: Option<Word>,
    /// The command: simple, or compound with its redirections.
    pub body: Command,
    /// Source range.
    pub span: Span,
}

/// A function definition.
#[derive(Debug, Clone, PartialEq)]
pub struct FunctionDef {
    /// The function's name.
    pub name: String,
    /// The body, a compound command with its redirections.
    pub body: std::sync::Arc<Command>,
    /// Source range.
    pub span: Span,
    /// The definition's text as parsed (from `span.start`): `declare -f` prints each word as it
    /// was written (`print_bash`), which the tree does not keep.
    pub source: SourceText,
}

/// The text a function definition was read from, starting at its span's start. Metadata like
/// [`Span`]: two always compare equal, so trees compare by meaning. Only function definitions
/// keep one (a copy made once per definition), so other commands cost nothing.
#[derive(Debug, Clone, Default)]
pub struct SourceText(pub Option<std::sync::Arc<str>>);

impl PartialEq for SourceText {
    fn eq(&self, _other: &Self) -> bool {
        true
    }
}

/// `NAME=value … word … redirections`.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct SimpleCommand {
    /// Prefix assignments.
    pub assigns: Vec<Assign>,
    /// The command name and arguments, unexpanded.
    pub words: Vec<Word>,
    /// Redirections in source order.
    pub redirects: Vec<Redirect>,
    /// Source range.
    pub span: Span,
}

/// `name=value`, `name+=value`, `name[sub]=value`, `name=(…)`.
#[derive(Debug, Clone, PartialEq)]
pub struct Assign {
    /// The variable name.
    pub name: Text,
    /// The subscript of `name[sub]=…`.
    pub index: Option<Word>,
    /// `+=` instead of `=`.
    pub append: bool,
    /// The right-hand side.
    pub value: AssignValue,
    /// Source range.
    pub span: Span,
}

/// The right-hand side of an assignment.
#[derive(Debug, Clone, PartialEq)]
pub enum AssignValue {
    /// A word (not split, not globbed).
    Scalar(Word),
    /// `( elem … )`; each element optionally `[key]=value`.
    Array(Vec<ArrayElem>),
}

/// One element of a compound array assignment.
#[derive(Debug, Clone, PartialEq)]
pub struct ArrayElem {
    /// `[key]=` prefix.
    pub key: Option<Word>,
    /// `[key]+=`: the value is added to the element's (appended, or summed in an integer
    /// array).
    pub append: bool,
    /// The value.
    pub value: Word,
}

/// Compound commands.
#[derive(Debug, Clone, PartialEq)]
pub enum CompoundCommand {
    /// `{ list; }`
    Brace(List),
    /// `( list )`
    Subshell(List),
    /// `if c; then b; elif c; then b; else b; fi`
    If {
        /// Condition and body of `if` and each `elif`.
        branches: Vec<(List, List)>,
        /// The `else` body.
        otherwise: Option<List>,
    },
    /// `for name in words; do body; done` (no `in`: the positional parameters).
    For {
        /// The loop variable.
        var: String,
        /// The words after `in`.
        words: Option<Vec<Word>>,
        /// The body.
        body: List,
    },
    /// `select name in words; do body; done`: a numbered menu of the words on standard error,
    /// each line read naming one (no `in`: the positional parameters).
    Select {
        /// The variable set to the chosen word.
        var: String,
        /// The words after `in`.
        words: Option<Vec<Word>>,
        /// The body.
        body: List,
    },
    /// `for (( init; cond; step )); do body; done`
    ArithFor {
        /// Initialisation expression.
        init: Word,
        /// Condition (empty means true).
        cond: Word,
        /// Step expression.
        step: Word,
        /// The body.
        body: List,
    },
    /// `while`/`until cond; do body; done`
    While {
        /// `until` instead of `while`.
        until: bool,
        /// The condition list.
        cond: List,
        /// The body.
        body: List,
    },
    /// `case word in pattern) list ;; esac`
    Case {
        /// The subject.
        word: Word,
        /// The arms in order.
        arms: Vec<CaseArm>,
    },
    /// `(( expr ))`
    Arith(Word),
    /// `[[ expr ]]`
    Cond(CondExpr),
}

/// One arm of a `case` command.
#[derive(Debug, Clone, PartialEq)]
pub struct CaseArm {
    /// Alternative patterns (`a|b)`).
    pub patterns: Vec<Word>,
    /// The body.
    pub body: List,
    /// How the arm ends.
    pub terminator: CaseTerminator,
}

/// `;;`, `;&` or `;;&`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CaseTerminator {
    /// `;;`: stop.
    Break,
    /// `;&`: run the next body without testing.
    FallThrough,
    /// `;;&`: test the following patterns.
    Continue,
}

/// The expression language of `[[ … ]]`.
#[derive(Debug, Clone, PartialEq)]
pub enum CondExpr {
    /// A lone word: true when non-empty.
    Word(Word),
    /// `-f word` and friends.
    Unary(String, Word),
    /// `a == b`, `a =~ re`, `a -lt b`, …
    Binary(Word, String, Word),
    /// `! e`
    Not(Box<CondExpr>),
    /// `a && b`
    And(Box<CondExpr>, Box<CondExpr>),
    /// `a || b`
    Or(Box<CondExpr>, Box<CondExpr>),
    /// `( e )`
    Group(Box<CondExpr>),
}

/// A redirection.
#[derive(Debug, Clone, PartialEq)]
pub struct Redirect {
    /// The descriptor written before the operator.
    pub fd: RedirFd,
    /// The operator.
    pub op: RedirOp,
    /// The target word, or the here-document body.
    pub target: Word,
    /// Source range.
    pub span: Span,
}

/// The descriptor a redirection acts on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RedirFd {
    /// None written: the operator's own (0 for input, 1 for output).
    Default,
    /// `2>`
    Number(u32),
    /// `{name}>`: a free descriptor from 10 up, its number stored in the variable; `{name}>&-`
    /// closes the descriptor the variable holds.
    Var(String),
}

impl RedirFd {
    /// The number written, if one was.
    pub fn number(&self) -> Option<u32> {
        match self {
            RedirFd::Number(n) => Some(*n),
            _ => None,
        }
    }
}

/// Redirection operators.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RedirOp {
    /// `<`
    In,
    /// `>`
    Out,
    /// `>>`
    Append,
    /// `>|`
    Clobber,
    /// `<>`
    ReadWrite,
    /// `<&`
    DupIn,
    /// `>&`
    DupOut,
    /// `&>`
    OutErr,
    /// `&>>`
    AppendOutErr,
    /// `<<<`
    HereString,
    /// `<<` or `<<-`; the target is the body.
    HereDoc {
        /// `<<-`: leading tabs were stripped.
        strip_tabs: bool,
        /// The delimiter was quoted: the body is literal.
        quoted: bool,
        /// The delimiter word with quoting removed (for printing).
        delimiter: String,
    },
}

/// The parts of a word: most words are one part, held inline.
pub type Parts = smallvec::SmallVec<[WordPart; 1]>;

/// Literal or quoted text in a word: short text (most of it) is held inline.
pub type Text = compact_str::CompactString;

/// A shell word: a sequence of literal, quoted and expanding parts.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Word {
    /// The parts in order.
    pub parts: Parts,
    /// Source range.
    pub span: Span,
}

impl Word {
    /// A word made of one unquoted literal.
    pub fn literal(text: &str) -> Self {
        Word { parts: smallvec::smallvec![WordPart::Literal(text.into())], span: Span::default() }
    }

    /// A word made of one quoted text: `text` as it is, not split or globbed.
    pub fn quoted(text: &str) -> Self {
        Word { parts: smallvec::smallvec![WordPart::Quoted(text.into())], span: Span::default() }
    }

    /// The text when the word is a single unquoted literal (used for keywords and names).
    pub fn as_literal(&self) -> Option<&str> {
        match self.parts.as_slice() {
            [WordPart::Literal(text)] => Some(text),
            _ => None,
        }
    }

    /// The word with all quoting removed, when it contains no expansion.
    pub fn static_text(&self) -> Option<String> {
        let mut out = String::new();
        for part in &self.parts {
            match part {
                WordPart::Literal(text) | WordPart::Quoted(text) => out.push_str(text),
                WordPart::DoubleQuoted(inner) => {
                    for part in inner {
                        match part {
                            WordPart::Literal(text) => out.push_str(text),
                            _ => return None,
                        }
                    }
                }
                _ => return None,
            }
        }
        Some(out)
    }
}

/// A piece of a word.
#[derive(Debug, Clone, PartialEq)]
pub enum WordPart {
    /// Unquoted text: subject to brace expansion, tilde expansion and globbing.
    Literal(Text),
    /// Text quoted by `'…'`, `$'…'` or a backslash: taken as is.
    Quoted(Text),
    /// `"…"`: inner parts expand but are neither split nor globbed.
    DoubleQuoted(Vec<WordPart>),
    /// `$name`, `${…}`.
    Param(Box<ParamExpr>),
    /// `$(…)` or `` `…` ``.
    CommandSubst(Box<Script>),
    /// `$((…))`: the expression text, expanded before evaluation.
    Arith(Box<Word>),
    /// An assignment given as an argument to a declaration command (`local x=(1 2)`).
    Assign(Box<Assign>),
    /// `<(list)` (`output` false) or `>(list)` (`output` true): a file name standing for the
    /// list's output or input.
    ProcessSubst {
        /// The commands.
        script: Box<Script>,
        /// `>(…)`: the list reads what is written to the file.
        output: bool,
    },
}

/// A parameter expansion.
#[derive(Debug, Clone)]
pub struct ParamExpr {
    /// The name: an identifier, digits, or one of `@ * # ? - $ ! 0`.
    pub name: Text,
    /// `[sub]` after the name.
    pub index: Option<Subscript>,
    /// `${!name…}`: indirection.
    pub indirect: bool,
    /// The operator.
    pub op: ParamOp,
    /// Written `$name`, without braces: a name that brace expansion puts letters after
    /// takes them in (`$v{x,y}` is `$vx $vy`), as bash's textual brace expansion does.
    pub bare: bool,
}

/// Equal as expansions: whether braces were written is spelling, as a [`Span`] is (the
/// printer always braces).
impl PartialEq for ParamExpr {
    fn eq(&self, other: &Self) -> bool {
        self.name == other.name && self.index == other.index && self.indirect == other.indirect && self.op == other.op
    }
}

/// An array subscript.
#[derive(Debug, Clone, PartialEq)]
pub enum Subscript {
    /// `[@]`
    At,
    /// `[*]`
    Star,
    /// `[expr]`
    Expr(Word),
}

/// Parameter expansion operators.
#[derive(Debug, Clone, PartialEq)]
pub enum ParamOp {
    /// Plain value.
    None,
    /// `${#name}`
    Length,
    /// `${!prefix*}` / `${!prefix@}`: names of variables with the prefix.
    PrefixNames {
        /// `@` form.
        at: bool,
    },
    /// `${!arr[@]}`: keys of an array.
    Keys,
    /// `-` `:-` `=` `:=` `?` `:?` `+` `:+`
    Test {
        /// The operator character.
        kind: TestKind,
        /// Written with a colon: also applies to the empty string.
        colon: bool,
        /// The word on the right.
        word: Word,
    },
    /// `#` `##` `%` `%%`
    Trim {
        /// `%` forms (else `#`).
        suffix: bool,
        /// Doubled operator.
        longest: bool,
        /// The pattern.
        pattern: Word,
    },
    /// `/` `//` `/#` `/%`
    Replace {
        /// Which occurrences.
        mode: ReplaceMode,
        /// The pattern.
        pattern: Word,
        /// The replacement (empty when absent).
        replacement: Word,
    },
    /// `^` `^^` `,` `,,` `~` `~~`
    Case {
        /// What the selected characters become.
        to: CaseTo,
        /// Doubled operator.
        all: bool,
        /// Optional pattern selecting characters.
        pattern: Word,
    },
    /// `${name:offset}` / `${name:offset:length}`
    Slice {
        /// Offset expression.
        offset: Word,
        /// Length expression.
        length: Option<Word>,
    },
    /// `${name@Q}` and friends.
    Transform(char),
    /// Text bash cannot expand (`${(%):-%x}`, `${a b}`): the whole `${…}` as written, an error
    /// only when the word is expanded (a zsh-only branch bash never reaches still parses).
    Bad(String),
}

/// What [`ParamOp::Case`] turns characters into.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CaseTo {
    /// `^`
    Upper,
    /// `,`
    Lower,
    /// `~`: upper case to lower and lower to upper.
    Toggle,
}

/// The operator of [`ParamOp::Test`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TestKind {
    /// `-`: default value.
    Default,
    /// `=`: assign default.
    Assign,
    /// `?`: error when unset.
    Error,
    /// `+`: alternate value.
    Alternate,
}

/// Which occurrences `${name/pat/rep}` replaces.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReplaceMode {
    /// `/`: the first.
    First,
    /// `//`: all.
    All,
    /// `/#`: at the start.
    Prefix,
    /// `/%`: at the end.
    Suffix,
}
