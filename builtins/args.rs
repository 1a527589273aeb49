//! Short-option parsing shared by the coreutils-style commands: single-letter flags, clustered
//! (`-sw5`), some taking a value inline or from the next argument, `--` ending flags.

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

/// Splits flags (single letters, those in `with_value` taking a value) from operands.
pub(super) fn options(argv: &[String], with_value: &[char]) -> Result<Parsed, String> {
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
        let chars: Vec<char> = arg[1..].chars().collect();
        let mut pos = 0;
        while pos < chars.len() {
            let flag = chars[pos];
            pos += 1;
            if with_value.contains(&flag) {
                let value = if pos < chars.len() {
                    let rest: String = chars[pos..].iter().collect();
                    pos = chars.len();
                    rest
                } else {
                    idx += 1;
                    argv.get(idx - 1).cloned().ok_or_else(|| format!("option requires an argument -- '{flag}'"))?
                };
                flags.push((flag, value));
            } else {
                flags.push((flag, String::new()));
            }
        }
    }
    Ok(Parsed { flags, operands })
}

#[cfg(test)]
mod tests {
    use super::options;

    fn argv(words: &[&str]) -> Vec<String> {
        words.iter().map(|w| w.to_string()).collect()
    }

    #[test]
    fn clusters_values_and_double_dash() {
        let parsed = options(&argv(&["-sw5", "a", "-t", ":", "-", "--", "-x"]), &['w', 't']).expect("parses");
        assert!(parsed.has('s'));
        assert_eq!(parsed.last('w'), Some("5"));
        assert_eq!(parsed.last('t'), Some(":"));
        assert_eq!(parsed.operands, argv(&["a", "-", "-x"]));
        assert!(!parsed.has('x'));
    }

    #[test]
    fn later_values_win_and_missing_value_is_an_error() {
        let parsed = options(&argv(&["-w1", "-w", "2"]), &['w']).expect("parses");
        assert_eq!(parsed.last('w'), Some("2"));
        assert_eq!(parsed.files(), argv(&["-"]));
        assert!(options(&argv(&["-w"]), &['w']).is_err_and(|e| e.contains("'w'")));
    }
}
