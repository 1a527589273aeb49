//! The parsed program. Names are resolved while parsing: globals to slots of one table (the
//! special variables first, at fixed slots), a function's parameters to slots of its frame,
//! function calls to indices, regex literals to compiled expressions.

use super::lexer::Builtin;
use regex::bytes::Regex;
use std::rc::Rc;

/// Slots of the special variables in the global table.
pub mod special {
    pub const NF: usize = 0;
    pub const NR: usize = 1;
    pub const FNR: usize = 2;
    pub const FS: usize = 3;
    pub const OFS: usize = 4;
    pub const ORS: usize = 5;
    pub const RS: usize = 6;
    pub const FILENAME: usize = 7;
    pub const SUBSEP: usize = 8;
    pub const RSTART: usize = 9;
    pub const RLENGTH: usize = 10;
    pub const CONVFMT: usize = 11;
    pub const OFMT: usize = 12;
    pub const ENVIRON: usize = 13;
    pub const ARGC: usize = 14;
    pub const ARGV: usize = 15;
    /// Their names, in slot order.
    pub const NAMES: &[&str] = &[
        "NF", "NR", "FNR", "FS", "OFS", "ORS", "RS", "FILENAME", "SUBSEP", "RSTART", "RLENGTH", "CONVFMT", "OFMT",
        "ENVIRON", "ARGC", "ARGV",
    ];
}

/// A variable: a slot of the global table or of the running function's frame.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Var {
    Global(usize),
    Local(usize),
}

/// Something that can be assigned.
#[derive(Debug, Clone)]
pub enum LValue {
    Var(Var),
    Field(Box<Expr>),
    Index(Var, Vec<Expr>),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Arith {
    Add,
    Sub,
    Mul,
    Div,
    Mod,
    Pow,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cmp {
    Lt,
    Le,
    Eq,
    Ne,
    Gt,
    Ge,
}

/// Where `getline` reads from.
#[derive(Debug, Clone)]
pub enum Source {
    /// The main input (`getline`, `getline var`).
    Main,
    /// A file (`getline < file`).
    File(Box<Expr>),
    /// A command's output (`cmd | getline`).
    Command(Box<Expr>),
}

#[derive(Debug, Clone)]
pub enum Expr {
    Num(f64),
    Str(Rc<[u8]>),
    /// A regex literal used as a value: whether it matches `$0`.
    Regex(usize),
    Lvalue(LValue),
    /// `lv = e`, or `lv op= e` with the operator.
    Assign(Option<Arith>, Box<LValue>, Box<Expr>),
    /// `++lv`, `lv--`, …: the step and whether the old value is the result.
    IncDec(Box<LValue>, f64, bool),
    Cond(Box<Expr>, Box<Expr>, Box<Expr>),
    And(Box<Expr>, Box<Expr>),
    Or(Box<Expr>, Box<Expr>),
    Not(Box<Expr>),
    Neg(Box<Expr>),
    Plus(Box<Expr>),
    Arith(Arith, Box<Expr>, Box<Expr>),
    Cmp(Cmp, Box<Expr>, Box<Expr>),
    Concat(Vec<Expr>),
    /// `subject ~ regex` (negated for `!~`).
    Match(bool, Box<Expr>, Box<Expr>),
    /// `(subscripts) in array`.
    In(Vec<Expr>, Var),
    Call(usize, Vec<Expr>),
    Builtin(Builtin, Vec<Expr>),
    Getline(Source, Option<Box<LValue>>),
    /// A parenthesized expression (kept so `print (a) > f` and `(a, b) in x` parse as awk does).
    Group(Box<Expr>),
}

/// Where `print` and `printf` write.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DestKind {
    Truncate,
    Append,
    Pipe,
}

#[derive(Debug, Clone)]
pub enum Stmt {
    Expr(Expr),
    Print(Vec<Expr>, Option<(DestKind, Expr)>),
    Printf(Vec<Expr>, Option<(DestKind, Expr)>),
    If(Expr, Box<Stmt>, Option<Box<Stmt>>),
    While(Expr, Box<Stmt>),
    Do(Box<Stmt>, Expr),
    For(Option<Box<Stmt>>, Option<Expr>, Option<Box<Stmt>>, Box<Stmt>),
    ForIn(Var, Var, Box<Stmt>),
    Block(Vec<Stmt>),
    Next,
    NextFile,
    Exit(Option<Expr>),
    Return(Option<Expr>),
    Break,
    Continue,
    /// `delete a[i]`, or `delete a` for all of it.
    Delete(Var, Option<Vec<Expr>>),
    /// The statements after this one start on this line of the program (what a fatal error
    /// names): put before a statement on a new line, and after a body on lines of its own.
    Line(u32),
}

#[derive(Debug, Clone)]
pub enum Pattern {
    All,
    Expr(Expr),
    /// `from, to`: the slot holding whether the range is open.
    Range(Expr, Expr, usize),
}

/// A pattern and its action (`None`: print the record).
#[derive(Debug, Clone)]
pub struct Rule {
    /// The line the pattern is on.
    pub line: u32,
    pub pattern: Pattern,
    pub action: Option<Vec<Stmt>>,
}

#[derive(Debug, Clone, Default)]
pub struct Function {
    pub name: String,
    pub params: usize,
    /// The parameters' names, in order (what errors call them).
    pub param_names: Vec<String>,
    pub body: Vec<Stmt>,
    pub defined: bool,
}

#[derive(Debug, Default)]
pub struct Program {
    pub begin: Vec<Stmt>,
    pub rules: Vec<Rule>,
    pub end: Vec<Stmt>,
    pub functions: Vec<Function>,
    /// Names of the global slots.
    pub globals: Vec<String>,
    pub regexes: Vec<std::rc::Rc<Regex>>,
    pub ranges: usize,
}
