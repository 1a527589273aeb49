//! `tar --transform`: sed `s` expressions GNU tar applies to member names (and, by default,
//! to link targets) as it creates or extracts, `s/REGEX/REPLACEMENT/FLAGS`, several joined by
//! `;` or given as several options.

use crate::text::posix_regex::{self, Compiled};

/// Which names an expression applies to (GNU's `r`/`R`, `s`/`S`, `h`/`H` flags: all, unless
/// turned off).
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Names {
    /// A member's own name.
    Member,
    /// The target of a symbolic link.
    SymlinkTarget,
    /// The target of a hard link.
    HardlinkTarget,
}

/// One `s` expression.
pub struct Transform {
    regex: Compiled,
    replacement: Vec<u8>,
    /// `g`: every match; else the `nth` (1 unless a number was given).
    global: bool,
    nth: usize,
    members: bool,
    symlinks: bool,
    hardlinks: bool,
}

/// Reads one `--transform` value (expressions joined by `;`), in GNU tar's words on error.
pub fn parse(text: &str, into: &mut Vec<Transform>) -> Result<(), String> {
    let mut rest = text;
    while !rest.is_empty() {
        let mut chars = rest.char_indices();
        if chars.next().map(|(_, c)| c) != Some('s') {
            return Err("Invalid transform expression".to_string());
        }
        let Some((_, delim)) = chars.next() else {
            return Err("Invalid transform expression".to_string());
        };
        // The regex and the replacement, each up to an unescaped delimiter.
        let mut parts = [String::new(), String::new()];
        let mut part = 0;
        let mut end = None;
        let mut escaped = false;
        for (at, c) in chars.by_ref() {
            if escaped {
                if c != delim {
                    parts[part].push('\\');
                }
                parts[part].push(c);
                escaped = false;
            } else if c == '\\' {
                escaped = true;
            } else if c == delim {
                if part == 1 {
                    end = Some(at + c.len_utf8());
                    break;
                }
                part = 1;
            } else {
                parts[part].push(c);
            }
        }
        let Some(end) = end else {
            return Err("Invalid transform expression".to_string());
        };
        let after = &rest[end..];
        let flags_end = after.find(';').unwrap_or(after.len());
        let (mut global, mut nth, mut ignore_case, mut extended) = (false, 0usize, false, false);
        let (mut members, mut symlinks, mut hardlinks) = (true, true, true);
        for c in after[..flags_end].chars() {
            match c {
                'g' => global = true,
                'i' => ignore_case = true,
                'x' => extended = true,
                'r' => members = true,
                'R' => members = false,
                's' => symlinks = true,
                'S' => symlinks = false,
                'h' => hardlinks = true,
                'H' => hardlinks = false,
                digit @ '0'..='9' => {
                    nth = nth.saturating_mul(10).saturating_add(digit as usize - '0' as usize);
                }
                other => return Err(format!("Unknown flag in transform expression: {other}")),
            }
        }
        let [pattern, replacement] = parts;
        let translated = if extended { posix_regex::extended(&pattern) } else { posix_regex::basic(&pattern) };
        let regex =
            Compiled::new(&translated, ignore_case).map_err(|why| format!("Invalid transform expression: {why}"))?;
        into.push(Transform {
            regex,
            replacement: replacement.into_bytes(),
            global,
            nth: nth.max(1),
            members,
            symlinks,
            hardlinks,
        });
        rest = after.get(flags_end + 1..).unwrap_or("");
    }
    Ok(())
}

/// `name` after every expression that applies to names of this kind, in order.
pub fn apply(transforms: &[Transform], name: &str, names: Names) -> String {
    // Worked on as bytes (the sed expression matches bytes), and decoded back the same way.
    let mut name = toolsh_bytes::encode(name).into_owned();
    for t in transforms {
        let applies = match names {
            Names::Member => t.members,
            Names::SymlinkTarget => t.symlinks,
            Names::HardlinkTarget => t.hardlinks,
        };
        if !applies {
            continue;
        }
        let mut out = Vec::with_capacity(name.len());
        let mut last = 0;
        for (count, caps) in t.regex.captures_iter(&name).enumerate() {
            let Some((start, end)) = caps.span(0) else { continue };
            if count + 1 < t.nth {
                continue;
            }
            out.extend_from_slice(&name[last..start]);
            crate::lang::sed::substitute(&t.replacement, &caps, &mut out);
            last = end;
            if !t.global {
                break;
            }
        }
        out.extend_from_slice(&name[last..]);
        name = out;
    }
    toolsh_bytes::decode(&name).into_owned()
}
