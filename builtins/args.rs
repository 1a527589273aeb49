//! Option parsing shared by the coreutils-style commands: single-letter flags, clustered
//! (`-sw5`), some taking a value inline or from the next argument, long names (`--width=5`),
//! `--` ending flags, and GNU's messages for what is not known.

/// The flags of one command line in order (a flag without a value has an empty one), and its
/// operands.
pub(super) struct Parsed {
    pub flags: Vec<(char, String)>,
    pub operands: Vec<String>,
}

impl Parsed {
    /// Whether flag `flag` was given.
    pub fn has(&self, flag: char) -> bool {
        self.flags.iter().any(|(f, _)| *f == flag)
    }

    /// The operands, or `-` (standard input) when there are none.
    pub fn files(&self) -> Vec<String> {
        if self.operands.is_empty() { vec!["-".to_string()] } else { self.operands.clone() }
    }

    /// The value of the last `flag` given (later flags override earlier ones, as in getopt users).
    pub fn last(&self, flag: char) -> Option<&str> {
        self.flags.iter().rev().find(|(f, _)| *f == flag).map(|(_, value)| value.as_str())
    }
}

/// Whether a long option takes a value.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Takes {
    Nothing,
    /// `--name=V` or `--name V`.
    Value,
    /// Only `--name=V`; `--name` alone leaves the value empty.
    Optional,
}

/// The options a command takes.
pub(super) struct OptSpec<'a> {
    /// Letters of the short flags without a value.
    pub flags: &'a str,
    /// Letters of the short flags that take a value (inline, `-w5`, or the next word).
    pub valued: &'a str,
    /// Letters of the short flags whose value is optional: only inline (`-w5`); `-w` alone
    /// leaves it empty.
    pub optional: &'a str,
    /// Long names, the letter each stands for, and what value it takes. A long-only option
    /// uses a letter outside the short sets, so that no short flag reaches it.
    pub long: &'a [(&'a str, char, Takes)],
}

/// Splits flags from operands as `spec` describes them; an unknown flag or a missing value is
/// an error in GNU's words.
pub(super) fn options(argv: &[String], spec: &OptSpec<'_>) -> Result<Parsed, String> {
    let mut flags = Vec::new();
    let mut operands = Vec::new();
    let mut idx = 0;
    while idx < argv.len() {
        let arg = &argv[idx];
        idx += 1;
        if !arg.starts_with('-') || arg == "-" {
            operands.push(arg.clone());
            continue;
        }
        if arg == "--" {
            operands.extend(argv[idx..].iter().cloned());
            break;
        }
        if let Some(long) = arg.strip_prefix("--") {
            let (name, inline) = long.split_once('=').map_or((long, None), |(n, v)| (n, Some(v)));
            let Some(&(_, flag, takes)) = spec.long.iter().find(|(known, _, _)| *known == name) else {
                return Err(format!("unrecognized option '{arg}'"));
            };
            let value = match (takes, inline) {
                (Takes::Value | Takes::Optional, Some(value)) => value.to_string(),
                (Takes::Value, None) => {
                    idx += 1;
                    argv.get(idx - 1).cloned().ok_or_else(|| format!("option '--{name}' requires an argument"))?
                }
                (Takes::Nothing, Some(_)) => return Err(format!("option '--{name}' doesn't allow an argument")),
                (Takes::Nothing | Takes::Optional, None) => String::new(),
            };
            flags.push((flag, value));
            continue;
        }
        let chars: Vec<char> = arg[1..].chars().collect();
        let mut pos = 0;
        while pos < chars.len() {
            let flag = chars[pos];
            pos += 1;
            if spec.valued.contains(flag) || spec.optional.contains(flag) {
                let value = if pos < chars.len() {
                    let rest: String = chars[pos..].iter().collect();
                    pos = chars.len();
                    rest
                } else if spec.optional.contains(flag) {
                    String::new()
                } else {
                    idx += 1;
                    argv.get(idx - 1).cloned().ok_or_else(|| format!("option requires an argument -- '{flag}'"))?
                };
                flags.push((flag, value));
            } else if spec.flags.contains(flag) {
                flags.push((flag, String::new()));
            } else {
                return Err(format!("invalid option -- '{flag}'"));
            }
        }
    }
    Ok(Parsed { flags, operands })
}

#[cfg(test)]
mod tests {
    use super::{OptSpec, Takes, options};

    fn argv(words: &[&str]) -> Vec<String> {
        words.iter().map(|w| w.to_string()).collect()
    }

    const SPEC: OptSpec<'static> = OptSpec {
        flags: "s",
        valued: "wt",
        optional: "o",
        long: &[
            ("width", 'w', Takes::Value),
            ("serial", 's', Takes::Nothing),
            ("total", 'T', Takes::Nothing),
            ("out", 'o', Takes::Optional),
        ],
    };

    #[test]
    fn clusters_values_long_names_and_double_dash() {
        let words = ["-sw5", "a", "-t", ":", "--width=7", "--total", "-", "--", "-x"];
        let parsed = options(&argv(&words), &SPEC).expect("parses");
        assert!(parsed.has('s') && parsed.has('T'));
        assert_eq!(parsed.last('w'), Some("7"));
        assert_eq!(parsed.last('t'), Some(":"));
        assert_eq!(parsed.operands, argv(&["a", "-", "-x"]));
        assert!(!parsed.has('x'));
    }

    #[test]
    fn later_values_win_and_unknown_or_incomplete_options_are_errors() {
        let parsed = options(&argv(&["-w1", "--width", "2"]), &SPEC).expect("parses");
        assert_eq!(parsed.last('w'), Some("2"));
        assert_eq!(parsed.files(), argv(&["-"]));
        assert!(options(&argv(&["-w"]), &SPEC).is_err_and(|e| e.contains("'w'")));
        assert!(options(&argv(&["-q"]), &SPEC).is_err_and(|e| e == "invalid option -- 'q'"));
        assert!(options(&argv(&["-T"]), &SPEC).is_err_and(|e| e == "invalid option -- 'T'"));
        assert!(options(&argv(&["--nope"]), &SPEC).is_err_and(|e| e == "unrecognized option '--nope'"));
        assert!(options(&argv(&["--serial=1"]), &SPEC).is_err_and(|e| e.contains("doesn't allow")));
    }

    #[test]
    fn optional_values_are_only_attached() {
        let parsed = options(&argv(&["-o", "file", "-o7", "--out", "--out=9"]), &SPEC).expect("parses");
        let values: Vec<&str> = parsed.flags.iter().map(|(_, v)| v.as_str()).collect();
        assert_eq!(values, ["", "7", "", "9"]);
        assert_eq!(parsed.operands, argv(&["file"]));
    }
}
