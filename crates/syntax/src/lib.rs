//! The shell language of toolsh: [`ast`], the tree a script parses into (plain data, printed
//! back as canonical shell text), [`parser`], the recursive-descent parser that builds it, and
//! [`print_bash`], a function printed as bash prints it (`declare -f`).
//!
//! This crate holds the first boundary of the architecture by its dependencies: it has none,
//! so parsing can do no I/O, is not async and cannot reach the interpreter. Its invariants:
//! `parse(print(ast)) == ast`, recursion bounded, every error with `line:col`, unfinished input
//! reported as [`parser::ParseErrorKind::Incomplete`].

pub mod ast;
pub mod parser;
pub mod print_bash;

pub use parser::{
    Aliases, Commands, ParseError, RESERVED_WORDS, check, parse, parse_arith_text, parse_from_line,
    parse_subscript_text, parse_with_aliases,
};
