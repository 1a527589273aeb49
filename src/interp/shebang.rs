//! What runs a script file given as a command (`./run.py`), read from its `#!` line as the
//! kernel reads it: a file without one, or one naming a shell (`#!/bin/sh`, `#!/bin/bash -e`,
//! `#!/usr/bin/env bash`, `#!/usr/bin/env -S bash -eu`), runs in toolsh; one naming another
//! interpreter runs as the declared host program of that name (`python` finds a declared
//! `python3`), and is refused with how to declare it when there is none — never read as a shell
//! script, which would run its lines as commands.

/// Interpreters whose scripts toolsh itself runs.
const SHELLS: &[&str] = &["ash", "bash", "dash", "sh", "toolsh"];

/// The `set` options an interpreter line may carry for a shell (`#!/bin/bash -eu`); others
/// (`-l`, `--norc`) are about starting a process and mean nothing here.
const SET_LETTERS: &str = "aefnuvxC";

/// What the first line of a script asks for.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Interpreter {
    /// toolsh runs it, with these `set` arguments first (`-e`, `-o pipefail`).
    Shell(Vec<String>),
    /// Another program: its name (the last component of its path) and the words before the
    /// script's path, as they were written (`#!/usr/bin/python3 -u`: `python3`, `-u`).
    Program { name: String, args: Vec<String>, line: String },
    /// A compiled program (ELF): only a declared host program runs one.
    Binary,
}

/// Whether a shell refuses `source` as a binary file, as bash's `check_binary_file` reads the
/// first 80 bytes: an ELF header, or a NUL byte in the first line (the first two after `#!`).
pub(crate) fn binary(source: &str) -> bool {
    if source.starts_with("\x7fELF") {
        return true;
    }
    let mut lines = if source.starts_with("#!") { 2 } else { 1 };
    for &byte in source.as_bytes().iter().take(80) {
        match byte {
            0 => return true,
            b'\n' => {
                lines -= 1;
                if lines == 0 {
                    return false;
                }
            }
            _ => {}
        }
    }
    false
}

/// The interpreter `source` names on its first line.
pub(crate) fn interpreter(source: &str) -> Interpreter {
    let found = named_interpreter(source);
    match found {
        Interpreter::Shell(_) if binary(source) => Interpreter::Binary,
        found => found,
    }
}

fn named_interpreter(source: &str) -> Interpreter {
    if source.starts_with("\x7fELF") {
        return Interpreter::Binary;
    }
    let Some(rest) = source.strip_prefix("#!") else { return Interpreter::Shell(Vec::new()) };
    let line = rest.lines().next().unwrap_or("");
    // The kernel's reading: the path up to a blank, then the rest as one argument.
    let line_trimmed = line.trim_matches([' ', '\t', '\r']);
    let (path, argument) = match line_trimmed.split_once([' ', '\t']) {
        Some((path, argument)) => (path, Some(argument.trim_matches([' ', '\t']))),
        None => (line_trimmed, None),
    };
    let mut name = base_name(path).to_string();
    let mut args: Vec<String> = argument.filter(|a| !a.is_empty()).map(|a| vec![a.to_string()]).unwrap_or_default();
    if name == "env"
        && let Some(argument) = argument
    {
        // env runs its first operand: with -S the argument is split into words, otherwise
        // it is one name (which, blanks and all, names no program).
        let split = argument.strip_prefix("-S").or_else(|| argument.strip_prefix("--split-string="));
        let words: Vec<String> = match split {
            Some(words) => words.split_whitespace().map(str::to_string).collect(),
            None => vec![argument.to_string()],
        };
        let program = words.iter().position(|word| !word.starts_with('-') && !word.contains('='));
        match program {
            Some(at) => {
                name = base_name(&words[at]).to_string();
                args = words[at + 1..].to_vec();
            }
            None => args.clear(),
        }
    }
    if SHELLS.contains(&name.as_str()) {
        return Interpreter::Shell(set_arguments(&args));
    }
    Interpreter::Program { name, args, line: format!("#!{line_trimmed}") }
}

fn base_name(path: &str) -> &str {
    path.rsplit('/').next().unwrap_or(path)
}

/// The words of a shell's interpreter line that `set` takes: option letters (`-eu`, `+x`) and
/// `-o NAME`; the rest is left out.
fn set_arguments(words: &[String]) -> Vec<String> {
    let words: Vec<&str> = words.iter().flat_map(|word| word.split_whitespace()).collect();
    let mut kept = Vec::new();
    let mut at = 0;
    while at < words.len() {
        let word = words[at];
        let letters = word.strip_prefix('-').or_else(|| word.strip_prefix('+')).unwrap_or("");
        if letters == "o" && at + 1 < words.len() {
            kept.extend([word.to_string(), words[at + 1].to_string()]);
            at += 1;
        } else if !letters.is_empty() && letters.chars().all(|c| SET_LETTERS.contains(c)) {
            kept.push(word.to_string());
        }
        at += 1;
    }
    kept
}

#[cfg(test)]
mod tests {
    use super::{Interpreter, interpreter};

    fn program(name: &str, args: &[&str]) -> (String, Vec<String>) {
        (name.to_string(), args.iter().map(|a| a.to_string()).collect())
    }

    fn named(source: &str) -> Option<(String, Vec<String>)> {
        match interpreter(source) {
            Interpreter::Program { name, args, .. } => Some((name, args)),
            Interpreter::Shell(_) | Interpreter::Binary => None,
        }
    }

    #[test]
    fn shells_run_here_with_their_set_options() {
        let shell = |source: &str| match interpreter(source) {
            Interpreter::Shell(args) => Some(args),
            Interpreter::Program { .. } | Interpreter::Binary => None,
        };
        assert_eq!(shell("echo hi\n"), Some(vec![]));
        assert_eq!(shell("#!/bin/sh\necho hi\n"), Some(vec![]));
        assert_eq!(shell("#! /bin/bash -e\n"), Some(vec!["-e".to_string()]));
        assert_eq!(shell("#!/usr/bin/env bash\r\n"), Some(vec![]));
        assert_eq!(
            shell("#!/usr/bin/env -S bash -eu -o pipefail --norc\n"),
            Some(vec!["-eu".into(), "-o".into(), "pipefail".into()])
        );
        assert_eq!(shell("#!/bin/bash -l\n"), Some(vec![]));
        assert_eq!(interpreter("\x7fELF\x02\x01\x01"), Interpreter::Binary);
        // A NUL in the first line (two after `#!`) is a binary file to bash; later it is text.
        assert_eq!(interpreter("echo one \0 two\n"), Interpreter::Binary);
        assert_eq!(interpreter("#!/bin/bash\necho \0\n"), Interpreter::Binary);
        assert_eq!(shell("echo one\necho \0two\n"), Some(vec![]));
        assert_eq!(named("#!/usr/bin/python3\nx = '\0'\n"), Some(program("python3", &[])));
    }

    #[test]
    fn other_interpreters_are_named_with_their_words() {
        assert_eq!(named("#!/usr/bin/env python\nimport os\n"), Some(program("python", &[])));
        assert_eq!(named("#!/usr/bin/python3 -u\n"), Some(program("python3", &["-u"])));
        assert_eq!(named("#!/usr/bin/env -S python3 -X dev\n"), Some(program("python3", &["-X", "dev"])));
        // Without -S, env gets one word: an assignment here, and so no program but env.
        assert_eq!(named("#!/usr/bin/env PYTHONPATH=. -S node\n").map(|p| p.0), Some("env".to_string()));
        assert_eq!(named("#!/usr/bin/env -S A=1 node --x\n"), Some(program("node", &["--x"])));
        // One argument, blanks and all, as the kernel passes it.
        assert_eq!(named("#!/usr/bin/perl -w -T\n"), Some(program("perl", &["-w -T"])));
    }
}
