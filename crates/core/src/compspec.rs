//! Programmable completion's data: a completion specification (`complete`'s actions, `-o`
//! options and arguments), the session's table of them by command name, and the lines
//! `complete -p` and `compopt` print for them, in bash 5.2's words and order.
//!
//! bash keeps the specifications in a hash table of 512 buckets (`pcomplib.c`) and `complete
//! -p` walks it, so the listing's order is the table's: the table here keeps its names in an
//! [`Assoc`] of that size, which orders them as bash's does. Generating the completions (which
//! needs the interpreter) is `src/interp/complete/`.

use crate::assoc::Assoc;
use std::collections::HashMap;
use std::sync::Arc;

/// The name bash files the `-D` (default) specification under.
pub const DEFAULT: &str = "_DefaultCmD_";
/// The name of the `-E` (empty line) specification.
pub const EMPTY: &str = "_EmptycmD_";
/// The name of the `-I` (initial word) specification.
pub const INITIAL: &str = "_InitialWorD_";

/// The actions, in the order of bash's table (`compacts` in `complete.def`): the bit of an
/// action in [`CompSpec::actions`] is its index here. The letter is its short option.
pub const ACTIONS: &[(&str, Option<char>)] = &[
    ("alias", Some('a')),
    ("arrayvar", None),
    ("binding", None),
    ("builtin", Some('b')),
    ("command", Some('c')),
    ("directory", Some('d')),
    ("disabled", None),
    ("enabled", None),
    ("export", Some('e')),
    ("file", Some('f')),
    ("function", None),
    ("helptopic", None),
    ("hostname", None),
    ("group", Some('g')),
    ("job", Some('j')),
    ("keyword", Some('k')),
    ("running", None),
    ("service", Some('s')),
    ("setopt", None),
    ("shopt", None),
    ("signal", None),
    ("stopped", None),
    ("user", Some('u')),
    ("variable", Some('v')),
];

/// The bit of the action named `name` (`-A NAME`).
pub fn action_bit(name: &str) -> Option<u32> {
    ACTIONS.iter().position(|(action, _)| *action == name).map(|at| 1 << at)
}

/// The bit of the action whose short option is `letter` (`-f`).
pub fn action_letter_bit(letter: char) -> Option<u32> {
    ACTIONS.iter().position(|(_, short)| *short == Some(letter)).map(|at| 1 << at)
}

/// The names of the actions set in `bits`, in the table's order.
pub fn action_names(bits: u32) -> impl Iterator<Item = &'static str> {
    ACTIONS.iter().enumerate().filter(move |(at, _)| bits & (1 << at) != 0).map(|(_, (name, _))| *name)
}

/// The `-o` options, in bash's order (`compopts`); the bit of one is its index.
pub const OPTIONS: &[&str] =
    &["bashdefault", "default", "dirnames", "filenames", "noquote", "nosort", "nospace", "plusdirs"];

/// `-o bashdefault`.
pub const BASHDEFAULT: u32 = 1 << 0;
/// `-o default`.
pub const OPT_DEFAULT: u32 = 1 << 1;
/// `-o dirnames`.
pub const DIRNAMES: u32 = 1 << 2;
/// `-o filenames`.
pub const FILENAMES: u32 = 1 << 3;
/// `-o noquote`.
pub const NOQUOTE: u32 = 1 << 4;
/// `-o nosort`.
pub const NOSORT: u32 = 1 << 5;
/// `-o nospace`.
pub const NOSPACE: u32 = 1 << 6;
/// `-o plusdirs`.
pub const PLUSDIRS: u32 = 1 << 7;

/// The bit of the option named `name`.
pub fn option_bit(name: &str) -> Option<u32> {
    OPTIONS.iter().position(|option| *option == name).map(|at| 1 << at)
}

/// One completion specification: what `complete` was given for a command.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CompSpec {
    /// The actions ([`ACTIONS`]' bits).
    pub actions: u32,
    /// The `-o` options ([`OPTIONS`]' bits).
    pub options: u32,
    /// `-G`.
    pub globpat: Option<String>,
    /// `-W`.
    pub words: Option<String>,
    /// `-P`.
    pub prefix: Option<String>,
    /// `-S`.
    pub suffix: Option<String>,
    /// `-X`.
    pub filterpat: Option<String>,
    /// `-F`.
    pub funcname: Option<String>,
    /// `-C`.
    pub command: Option<String>,
}

impl CompSpec {
    /// The line `complete -p` prints for this specification under `name` (newline included).
    pub fn listing(&self, name: &str) -> String {
        let mut out = String::from("complete ");
        push_options(&mut out, self.options, false);
        for (action, short) in ACTIONS.iter().enumerate().map(|(at, a)| (1u32 << at, a.1)) {
            if let Some(letter) = short
                && self.actions & action != 0
            {
                out.push('-');
                out.push(letter);
                out.push(' ');
            }
        }
        for (at, (action, short)) in ACTIONS.iter().enumerate() {
            if short.is_none() && self.actions & (1 << at) != 0 {
                out.push_str("-A ");
                out.push_str(action);
                out.push(' ');
            }
        }
        let quoted = [
            ("-G", &self.globpat),
            ("-W", &self.words),
            ("-P", &self.prefix),
            ("-S", &self.suffix),
            ("-X", &self.filterpat),
            ("-C", &self.command),
        ];
        for (flag, value) in quoted {
            if let Some(value) = value {
                out.push_str(flag);
                out.push(' ');
                out.push_str(&single_quote(value));
                out.push(' ');
            }
        }
        if let Some(function) = &self.funcname {
            out.push_str("-F ");
            if has_shell_metas(function) {
                out.push_str(&single_quote(function));
            } else {
                out.push_str(function);
            }
            out.push(' ');
        }
        out.push_str(&command_name(name));
        out.push('\n');
        out
    }
}

/// The line `compopt` prints for `options` under `name`: every option, `-o` or `+o`.
pub fn compopt_listing(name: &str, options: u32) -> String {
    let mut out = String::from("compopt ");
    push_options(&mut out, options, true);
    out.push_str(&command_name(name));
    out.push('\n');
    out
}

/// `-o NAME ` for each option set (and `+o NAME ` for the others when `full`).
fn push_options(out: &mut String, options: u32, full: bool) {
    for (at, name) in OPTIONS.iter().enumerate() {
        if options & (1 << at) != 0 {
            out.push_str("-o ");
        } else if full {
            out.push_str("+o ");
        } else {
            continue;
        }
        out.push_str(name);
        out.push(' ');
    }
}

/// A command name as bash prints it: `-D`, `-E`, `-I` for the special ones, quoted when it
/// holds a character special to the shell.
fn command_name(name: &str) -> String {
    match name {
        DEFAULT => "-D".to_string(),
        EMPTY => "-E".to_string(),
        INITIAL => "-I".to_string(),
        "" => "''".to_string(),
        _ if has_shell_metas(name) => single_quote(name),
        _ => name.to_string(),
    }
}

/// bash's `sh_single_quote`: `'…'`, each `'` written `'\''` (a lone `'` is `\'`).
pub fn single_quote(text: &str) -> String {
    if text == "'" {
        return "\\'".to_string();
    }
    format!("'{}'", text.replace('\'', "'\\''"))
}

/// bash's `sh_contains_shell_metas`: whether `text` holds a character the shell would read
/// specially (a `~` or `#` only where it starts a word or follows `=`/`:`).
pub fn has_shell_metas(text: &str) -> bool {
    let mut previous: Option<char> = None;
    for c in text.chars() {
        match c {
            ' ' | '\t' | '\n' | '\'' | '"' | '\\' | '|' | '&' | ';' | '(' | ')' | '<' | '>' | '!' | '{' | '}' | '*'
            | '[' | '?' | ']' | '^' | '$' | '`' => return true,
            '~' if previous.is_none() || matches!(previous, Some('=' | ':')) => return true,
            '#' if previous.is_none() => return true,
            _ => {}
        }
        previous = Some(c);
    }
    false
}

/// The session's specifications by command name, listed in bash's hash-table order.
#[derive(Debug, Clone)]
pub struct Completions {
    /// The names, in a table of bash's 512 buckets (the values unused).
    order: Assoc,
    /// The specification of each name (one `complete` shares its specification among its
    /// names, as bash's reference counts do).
    specs: HashMap<String, Arc<CompSpec>>,
    /// Whether bash would have made its table yet (at the first definition): before that,
    /// removing a name that has none is no error.
    made: bool,
}

impl Default for Completions {
    fn default() -> Self {
        Completions { order: Assoc::with_buckets(512), specs: HashMap::new(), made: false }
    }
}

impl Completions {
    /// The specification for `name`.
    pub fn get(&self, name: &str) -> Option<&Arc<CompSpec>> {
        self.specs.get(name)
    }

    /// Files `spec` under `name`, replacing what was there (its place in the listing kept).
    pub fn insert(&mut self, name: &str, spec: Arc<CompSpec>) {
        self.made = true;
        self.order.insert(name.to_string(), String::new());
        self.specs.insert(name.to_string(), spec);
    }

    /// Removes `name`'s specification; false when there was none (and the table was made).
    pub fn remove(&mut self, name: &str) -> bool {
        self.order.remove(name);
        self.specs.remove(name).is_some() || !self.made
    }

    /// Removes every specification.
    pub fn clear(&mut self) {
        let made = self.made;
        *self = Completions { made, ..Completions::default() };
    }

    /// Whether no specification is defined.
    pub fn is_empty(&self) -> bool {
        self.specs.is_empty()
    }

    /// Every name with its specification, in the order `complete -p` lists them.
    pub fn iter(&self) -> impl Iterator<Item = (&String, &Arc<CompSpec>)> {
        self.order.keys().filter_map(|name| self.specs.get_key_value(name))
    }

    /// Changes the options of `name`'s specification (`compopt NAME`); false when it has none.
    pub fn set_options(&mut self, name: &str, on: u32, off: u32) -> bool {
        let Some(spec) = self.specs.get_mut(name) else { return false };
        let spec = Arc::make_mut(spec);
        spec.options = (spec.options | on) & !off;
        true
    }
}

/// The completion being generated now, which `compopt` without a name reads and changes
/// (bash's `pcomp_curcs`): the command it is for and its options.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Current {
    /// The command being completed (`compopt`'s listing names it).
    pub command: String,
    /// The options in force: the specification's, as `compopt` changed them.
    pub options: u32,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn listings_are_bash_s() {
        let spec = CompSpec {
            actions: action_letter_bit('j').unwrap_or(0) | action_bit("stopped").unwrap_or(0),
            options: NOSPACE | BASHDEFAULT,
            words: Some("a 'b'".to_string()),
            prefix: Some("%".to_string()),
            funcname: Some("_f".to_string()),
            ..CompSpec::default()
        };
        assert_eq!(
            spec.listing("x y"),
            "complete -o bashdefault -o nospace -j -A stopped -W 'a '\\''b'\\''' -P '%' -F _f 'x y'\n"
        );
        assert_eq!(CompSpec::default().listing(DEFAULT), "complete -D\n");
        assert_eq!(
            compopt_listing("ls", FILENAMES),
            "compopt +o bashdefault +o default +o dirnames -o filenames +o noquote +o nosort +o nospace +o plusdirs ls\n"
        );
    }

    #[test]
    fn metas_as_bash_finds_them() {
        assert!(!has_shell_metas("a~b#c"));
        assert!(has_shell_metas("~a") && has_shell_metas("#a") && has_shell_metas("a=~") && has_shell_metas("a b"));
    }
}
