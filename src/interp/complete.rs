//! The programmable-completion builtins: `complete` and `compopt` define, list, change and
//! remove the session's completion specifications (`toolsh_core::compspec`) in bash 5.2's
//! words, statuses and listing order; `compgen` evaluates the specification its options
//! describe (`progcomp.rs`) and prints the matches. One option reader for `complete` and
//! `compgen` (bash's `build_actions`).

use super::{Interp, Io, Status};
use std::sync::Arc;
use toolsh_core::compspec::{self, CompSpec};

const COMPLETE_USAGE: &str = "complete: usage: complete [-abcdefgjksuv] [-pr] [-DEI] [-o option] [-A action] [-G globpat] [-W wordlist] [-F function] [-C command] [-X filterpat] [-P prefix] [-S suffix] [name ...]\n";
const COMPGEN_USAGE: &str = "compgen: usage: compgen [-abcdefgjksuv] [-o option] [-A action] [-G globpat] [-W wordlist] [-F function] [-C command] [-X filterpat] [-P prefix] [-S suffix] [word]\n";
const COMPOPT_USAGE: &str = "compopt: usage: compopt [-o|+o option] [-DEI] [name ...]\n";

/// What `complete`'s or `compgen`'s options asked for.
#[derive(Debug, Default)]
pub(super) struct Parsed {
    /// The specification the options describe.
    pub spec: CompSpec,
    /// `-p`.
    pub print: bool,
    /// `-r`.
    pub remove: bool,
    /// `-D`, `-E`, `-I`: the special name meant (the first of them, as bash takes it).
    pub special: Option<&'static str>,
    /// Whether any option was given.
    pub given: bool,
    /// The words after the options.
    pub rest: Vec<String>,
}

/// A refusal: the message (after `NAME: `) and the status.
pub(super) struct Refused(pub String);

/// Reads `argv` as bash's `internal_getopt` reads `complete`'s options (`compgen`'s when
/// `complete` is false: no `-p`, `-r`, `-D`, `-E`, `-I`): clusters, a value attached or in the
/// next word, `--` ending them.
pub(super) fn parse(argv: &[String], complete: bool) -> Result<Parsed, Refused> {
    let usage = if complete { COMPLETE_USAGE } else { COMPGEN_USAGE };
    let mut parsed = Parsed::default();
    let (mut dflag, mut eflag, mut iflag) = (false, false, false);
    let mut at = 1;
    while at < argv.len() {
        let arg = &argv[at];
        if arg == "--" {
            at += 1;
            break;
        }
        if !arg.starts_with('-') || arg == "-" {
            break;
        }
        let letters: Vec<char> = arg[1..].chars().collect();
        let mut i = 0;
        while i < letters.len() {
            let letter = letters[i];
            i += 1;
            parsed.given = true;
            if let Some(bit) = compspec::action_letter_bit(letter) {
                parsed.spec.actions |= bit;
                continue;
            }
            match letter {
                'p' | 'r' | 'D' | 'E' | 'I' if complete => {
                    match letter {
                        'p' => parsed.print = true,
                        'r' => parsed.remove = true,
                        'D' => dflag = true,
                        'E' => eflag = true,
                        _ => iflag = true,
                    }
                    continue;
                }
                'o' | 'A' | 'G' | 'W' | 'F' | 'C' | 'X' | 'P' | 'S' => {}
                _ => return Err(Refused(format!("-{letter}: invalid option\n{usage}"))),
            }
            let Some(value) = option_value(&letters, &mut i, argv, &mut at) else {
                return Err(Refused(format!("-{letter}: option requires an argument\n{usage}")));
            };
            match letter {
                'o' => match compspec::option_bit(&value) {
                    Some(bit) => parsed.spec.options |= bit,
                    None => return Err(Refused(format!("{value}: invalid option name\n"))),
                },
                'A' => match compspec::action_bit(&value) {
                    Some(bit) => parsed.spec.actions |= bit,
                    None => return Err(Refused(format!("{value}: invalid action name\n"))),
                },
                'F' => {
                    // bash checks only for a character that breaks words (`12`, `f-x` pass).
                    if value.contains(['(', ')', '<', '>', ';', '&', '|', ' ', '\t', '\n']) {
                        return Err(Refused(format!("`{value}': not a valid identifier\n")));
                    }
                    parsed.spec.funcname = Some(value);
                }
                'G' => parsed.spec.globpat = Some(value),
                'W' => parsed.spec.words = Some(value),
                'C' => parsed.spec.command = Some(value),
                'X' => parsed.spec.filterpat = Some(value),
                'P' => parsed.spec.prefix = Some(value),
                _ => parsed.spec.suffix = Some(value),
            }
        }
        at += 1;
    }
    parsed.special = if dflag {
        Some(compspec::DEFAULT)
    } else if eflag {
        Some(compspec::EMPTY)
    } else if iflag {
        Some(compspec::INITIAL)
    } else {
        None
    };
    parsed.rest = argv.get(at..).map(<[String]>::to_vec).unwrap_or_default();
    Ok(parsed)
}

/// `compgen [-abcdefgjksuv] [-o OPTION] [-A ACTION] [-G GLOB] [-W WORDS] [-F FN] [-C CMD]
/// [-X FILTER] [-P PREFIX] [-S SUFFIX] [WORD]`: the specification the options describe,
/// evaluated for WORD with no line (bash's `compgen_builtin`).
pub(crate) async fn compgen(interp: &mut Interp, argv: &[String], io: &Io) -> Result<Status, super::Flow> {
    let parsed = match parse(argv, false) {
        Ok(parsed) => parsed,
        Err(Refused(message)) => {
            let _ = io.stderr().write_text(&format!("{}compgen: {message}", interp.state.diagnostic_prefix())).await;
            return Ok(crate::status::USAGE);
        }
    };
    if !parsed.given {
        // Nothing asked for: bash prints nothing and succeeds.
        return Ok(0);
    }
    let spec = parsed.spec;
    let word = parsed.rest.first().cloned().unwrap_or_default();
    for (flag, given) in [("-F", spec.funcname.is_some()), ("-C", spec.command.is_some())] {
        if given {
            let message = format!("compgen: warning: {flag} option may not work as you expect");
            interp.error(io, &message).await;
        }
    }
    // No line: bash clears the one being completed for the function's `COMP_*`.
    let context = super::progcomp::LineContext { cword: -1, ..Default::default() };
    let generated = interp.generate(&spec, "compgen", &word, &context, io).await?;
    let mut found = generated.matches.unwrap_or_default();
    // Nothing found: bash's own completion of the word (`bashdefault`), then readline's of
    // file names (`default`).
    if found.is_empty() && spec.options & toolsh_core::compspec::BASHDEFAULT != 0 {
        found = interp.default_matches(&word);
    }
    if found.is_empty() && spec.options & toolsh_core::compspec::OPT_DEFAULT != 0 {
        found = interp.files(&word, false);
    }
    if found.is_empty() {
        return Ok(1);
    }
    let mut out = String::new();
    for name in found {
        out.push_str(&name);
        out.push('\n');
    }
    let _ = io.stdout().write_text(&out).await;
    Ok(0)
}

impl Interp {
    async fn complain_as(&self, io: &Io, command: &str, message: &str) {
        let text = format!("{}{command}: {message}", self.state.diagnostic_prefix());
        let _ = io.stderr().write_text(&text).await;
    }

    /// `complete [-abcdefgjksuv] [-pr] [-DEI] [-o OPTION] [-A ACTION] [-G GLOB] [-W WORDS]
    /// [-F FUNCTION] [-C COMMAND] [-X FILTER] [-P PREFIX] [-S SUFFIX] [NAME ...]`.
    pub(super) async fn complete_builtin(&mut self, argv: &[String], io: &Io) -> Status {
        let parsed = match parse(argv, true) {
            Ok(parsed) => parsed,
            Err(Refused(message)) => {
                self.complain_as(io, "complete", &message).await;
                return crate::status::USAGE;
            }
        };
        let names: Vec<String> = match parsed.special {
            Some(name) => vec![name.to_string()],
            None => parsed.rest.clone(),
        };
        // `-p` (or nothing at all) lists; it overrides everything else.
        if parsed.print || (parsed.rest.is_empty() && !parsed.given) {
            if parsed.special.is_none() && parsed.rest.is_empty() {
                let out: String = self.state.completions.iter().map(|(name, spec)| spec.listing(name)).collect();
                let _ = io.stdout().write_text(&out).await;
                return 0;
            }
            let mut status = 0;
            for name in &names {
                match self.state.completions.get(name) {
                    Some(spec) => {
                        let line = spec.listing(name);
                        let _ = io.stdout().write_text(&line).await;
                    }
                    None => {
                        self.complain_as(io, "complete", &format!("{name}: no completion specification\n")).await;
                        status = 1;
                    }
                }
            }
            return status;
        }
        // Then `-r`.
        if parsed.remove {
            if parsed.special.is_none() && parsed.rest.is_empty() {
                Arc::make_mut(&mut self.state.completions).clear();
                return 0;
            }
            let mut status = 0;
            for name in &names {
                if !Arc::make_mut(&mut self.state.completions).remove(name) {
                    self.complain_as(io, "complete", &format!("{name}: no completion specification\n")).await;
                    status = 1;
                }
            }
            return status;
        }
        if names.is_empty() {
            let _ = io.stderr().write_text(COMPLETE_USAGE).await;
            return crate::status::USAGE;
        }
        let spec = Arc::new(parsed.spec);
        let table = Arc::make_mut(&mut self.state.completions);
        for name in &names {
            table.insert(name, spec.clone());
        }
        0
    }

    /// `compopt [-o|+o OPTION] [-DEI] [NAME ...]`: changes (or, given no option, lists) the
    /// options of each NAME's specification, or of the completion being generated.
    pub(super) async fn compopt_builtin(&mut self, argv: &[String], io: &Io) -> Status {
        let (mut on, mut off) = (0u32, 0u32);
        let (mut dflag, mut eflag, mut iflag) = (false, false, false);
        let mut at = 1;
        while at < argv.len() {
            let arg = &argv[at];
            if arg == "--" {
                at += 1;
                break;
            }
            let Some(sign) = arg.chars().next().filter(|c| (*c == '-' || *c == '+') && arg.len() > 1) else {
                break;
            };
            let letters: Vec<char> = arg[1..].chars().collect();
            let mut i = 0;
            while i < letters.len() {
                let letter = letters[i];
                i += 1;
                match letter {
                    'D' => dflag = true,
                    'E' => eflag = true,
                    'I' => iflag = true,
                    'o' => {
                        let Some(value) = option_value(&letters, &mut i, argv, &mut at) else {
                            let message = format!("-o: option requires an argument\n{COMPOPT_USAGE}");
                            self.complain_as(io, "compopt", &message).await;
                            return crate::status::USAGE;
                        };
                        let Some(bit) = compspec::option_bit(&value) else {
                            self.complain_as(io, "compopt", &format!("{value}: invalid option name\n")).await;
                            return crate::status::USAGE;
                        };
                        if sign == '-' {
                            on |= bit;
                        } else {
                            off |= bit;
                        }
                    }
                    _ => {
                        let message = format!("{sign}{letter}: invalid option\n{COMPOPT_USAGE}");
                        self.complain_as(io, "compopt", &message).await;
                        return crate::status::USAGE;
                    }
                }
            }
            at += 1;
        }
        let special = if dflag {
            Some(compspec::DEFAULT)
        } else if eflag {
            Some(compspec::EMPTY)
        } else if iflag {
            Some(compspec::INITIAL)
        } else {
            None
        };
        let names: Vec<String> = match special {
            Some(name) => vec![name.to_string()],
            None => argv.get(at..).map(<[String]>::to_vec).unwrap_or_default(),
        };
        if names.is_empty() {
            let Some(current) = self.state.completing.as_mut() else {
                self.complain_as(io, "compopt", "not currently executing completion function\n").await;
                return 1;
            };
            if on == 0 && off == 0 {
                let line = compspec::compopt_listing(&current.command, current.options);
                let _ = io.stdout().write_text(&line).await;
                return 0;
            }
            current.options = (current.options | on) & !off;
            return 0;
        }
        let mut status = 0;
        for name in &names {
            let Some(spec) = self.state.completions.get(name) else {
                self.complain_as(io, "compopt", &format!("{name}: no completion specification\n")).await;
                status = 1;
                continue;
            };
            if on == 0 && off == 0 {
                let line = compspec::compopt_listing(name, spec.options);
                let _ = io.stdout().write_text(&line).await;
                continue;
            }
            Arc::make_mut(&mut self.state.completions).set_options(name, on, off);
        }
        status
    }
}

/// An option's value: the rest of its cluster (`-oNAME`), else the next word (`at` moved on
/// to it); `None` when there is none.
fn option_value(letters: &[char], i: &mut usize, argv: &[String], at: &mut usize) -> Option<String> {
    if *i < letters.len() {
        let value = letters[*i..].iter().collect();
        *i = letters.len();
        return Some(value);
    }
    *at += 1;
    argv.get(*at).cloned()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(words: &[&str]) -> Vec<String> {
        words.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn options_read_as_bash_reads_them() {
        let parsed = parse(&args(&["complete", "-fo", "nospace", "-Aalias", "-DE", "--", "-x"]), true)
            .unwrap_or_else(|_| panic!("parses"));
        assert_eq!(parsed.spec.options, compspec::NOSPACE);
        assert_eq!(parsed.special, Some(compspec::DEFAULT));
        assert_eq!(parsed.rest, ["-x"]);
        assert!(parse(&args(&["compgen", "-p"]), false).is_err());
        assert!(parse(&args(&["complete", "-F", "a;b", "x"]), true).is_err());
        assert!(parse(&args(&["complete", "-F", "12", "x"]), true).is_ok());
        assert!(parse(&args(&["complete", "-W"]), true).is_err());
    }
}
