//! `umask` and `ulimit`: bash's builtins for the file-creation mask and the resource limits,
//! answering for toolsh's session rather than a process.
//!
//! `umask` keeps the mask in the session (`State::umask`; 022 to start, as a login shell's),
//! prints and sets it as bash does (octal, symbolic, `-S`, `-p`). Files are created with the
//! workspace's own modes (0644, directories 0755) whatever the mask: docs/deviations.md says why.
//!
//! `ulimit` reports the limits toolsh really holds a session to, in bash's layout and units —
//! open files (descriptors past 1024 are refused), background jobs as user processes, a line's
//! wall time as its cpu time, no core files — and `unlimited` where toolsh sets no bound of
//! that kind. A limit the session can lower (`-u`, `-t`) is lowered for the rest of the
//! session, never raised; any other change is refused in bash's words.

use crate::Ctx;
use crate::session::Status;
use crate::spec::{Args, Opt, Spec};

const PRINT_REUSABLE: Opt = Opt::short('p', "if MODE is omitted, output in a form that may be reused as input");
const SYMBOLIC: Opt = Opt::short('S', "makes the output symbolic; otherwise an octal number is output");

/// `umask`.
pub const UMASK: Spec = Spec {
    name: "umask",
    summary: "display or set file mode mask",
    synopsis: &["[-p] [-S] [mode]"],
    about: "Set the user file-creation mask to MODE (octal, or symbolic as chmod accepts); without MODE, print the current mask. Files here are created 0644 and directories 0755 whatever the mask.",
    options: &[PRINT_REUSABLE, SYMBOLIC],
    ..Spec::BASH
};

/// The mask as `umask -S` shows it: the permissions it leaves.
fn symbolic(mask: u32) -> String {
    let allowed = !mask & 0o777;
    let part = |who: char, shift: u32| {
        let bits = (allowed >> shift) & 7;
        let mut s = format!("{who}=");
        for (bit, letter) in [(4, 'r'), (2, 'w'), (1, 'x')] {
            if bits & bit != 0 {
                s.push(letter);
            }
        }
        s
    };
    format!("{},{},{}", part('u', 6), part('g', 3), part('o', 0))
}

/// A symbolic mode (`u=rwx,g=rx,o=`, `go-w`, `+x`) applied to `mask`, as bash reads it: the
/// character at fault in bash's words otherwise.
fn apply_symbolic(mask: u32, mode: &str) -> Result<u32, String> {
    let mut allowed = !mask & 0o777;
    for clause in mode.split(',') {
        let mut chars = clause.chars().peekable();
        let mut who = 0u32;
        while let Some(&c) = chars.peek() {
            who |= match c {
                'u' => 0o700,
                'g' => 0o070,
                'o' => 0o007,
                'a' => 0o777,
                _ => break,
            };
            chars.next();
        }
        if who == 0 {
            who = 0o777;
        }
        let mut any = false;
        while let Some(op) = chars.next() {
            if !matches!(op, '+' | '-' | '=') {
                return Err(format!("`{op}': invalid symbolic mode operator"));
            }
            any = true;
            let mut perms = 0u32;
            while let Some(&c) = chars.peek() {
                if matches!(c, '+' | '-' | '=') {
                    break;
                }
                perms |= match c {
                    'r' => 0o444,
                    'w' => 0o222,
                    'x' => 0o111,
                    other => return Err(format!("`{other}': invalid symbolic mode character")),
                };
                chars.next();
            }
            let bits = perms & who;
            match op {
                '+' => allowed |= bits,
                '-' => allowed &= !bits,
                _ => allowed = (allowed & !who) | bits,
            }
        }
        if !any {
            return Err(format!("`{}': invalid symbolic mode operator", clause.chars().last().unwrap_or(' ')));
        }
    }
    Ok(!allowed & 0o777)
}

/// `umask [-p] [-S] [mode]`.
pub async fn umask(mut ctx: Ctx<'_>, args: Args) -> Status {
    let symbolic_out = args.has(&SYMBOLIC);
    if let Some(mode) = args.operands.first() {
        let mask = if mode.starts_with(|c: char| c.is_ascii_digit()) {
            match u32::from_str_radix(mode, 8) {
                Ok(value) if mode.bytes().all(|b| (b'0'..=b'7').contains(&b)) => value & 0o777,
                _ => return ctx.fail(format!("{mode}: octal number out of range")).await,
            }
        } else {
            match apply_symbolic(ctx.state().umask, mode) {
                Ok(mask) => mask,
                Err(said) => return ctx.fail(said).await,
            }
        };
        ctx.set_umask(mask);
        // `umask -S MODE` shows the mask it set, as bash does.
        if !symbolic_out {
            return 0;
        }
    }
    let mask = ctx.state().umask;
    let shown = if symbolic_out { symbolic(mask) } else { format!("{mask:04o}") };
    let line = match (args.has(&PRINT_REUSABLE) && args.operands.is_empty(), symbolic_out) {
        (true, true) => format!("umask -S {shown}\n"),
        (true, false) => format!("umask {shown}\n"),
        _ => format!("{shown}\n"),
    };
    if ctx.out(line).await { 0 } else { 1 }
}

const SOFT: Opt = Opt::short('S', "use the `soft' resource limit");
const HARD: Opt = Opt::short('H', "use the `hard' resource limit");
const ALL: Opt = Opt::short('a', "all current limits are reported");

/// One of bash's limits: its letter, its name and unit as `ulimit -a` shows them.
struct Limit {
    letter: char,
    name: &'static str,
    unit: &'static str,
}

/// bash 5.2's limits, in `ulimit -a`'s order.
const LIMITS: &[Limit] = &[
    Limit { letter: 'R', name: "real-time non-blocking time", unit: "microseconds" },
    Limit { letter: 'c', name: "core file size", unit: "blocks" },
    Limit { letter: 'd', name: "data seg size", unit: "kbytes" },
    Limit { letter: 'e', name: "scheduling priority", unit: "" },
    Limit { letter: 'f', name: "file size", unit: "blocks" },
    Limit { letter: 'i', name: "pending signals", unit: "" },
    Limit { letter: 'l', name: "max locked memory", unit: "kbytes" },
    Limit { letter: 'm', name: "max memory size", unit: "kbytes" },
    Limit { letter: 'n', name: "open files", unit: "" },
    Limit { letter: 'p', name: "pipe size", unit: "512 bytes" },
    Limit { letter: 'q', name: "POSIX message queues", unit: "bytes" },
    Limit { letter: 'r', name: "real-time priority", unit: "" },
    Limit { letter: 's', name: "stack size", unit: "kbytes" },
    Limit { letter: 't', name: "cpu time", unit: "seconds" },
    Limit { letter: 'u', name: "max user processes", unit: "" },
    Limit { letter: 'v', name: "virtual memory", unit: "kbytes" },
    Limit { letter: 'x', name: "file locks", unit: "" },
];

const RESOURCE_OPTS: &[Opt] = &[
    SOFT,
    HARD,
    ALL,
    Opt::short('R', "the maximum time a real-time process can run before blocking"),
    Opt::short('c', "the maximum size of core files created"),
    Opt::short('d', "the maximum size of a process's data segment"),
    Opt::short('e', "the maximum scheduling priority (`nice')"),
    Opt::short('f', "the maximum size of files written by the shell and its children"),
    Opt::short('i', "the maximum number of pending signals"),
    Opt::short('l', "the maximum size a process may lock into memory"),
    Opt::short('m', "the maximum resident set size"),
    Opt::short('n', "the maximum number of open file descriptors"),
    Opt::short('p', "the pipe buffer size"),
    Opt::short('q', "the maximum number of bytes in POSIX message queues"),
    Opt::short('r', "the maximum real-time scheduling priority"),
    Opt::short('s', "the maximum stack size"),
    Opt::short('t', "the maximum amount of cpu time in seconds (here: a line's wall time)"),
    Opt::short('u', "the maximum number of user processes (here: background jobs at once)"),
    Opt::short('v', "the size of virtual memory"),
    Opt::short('x', "the maximum number of file locks"),
];

/// `ulimit`.
pub const ULIMIT: Spec = Spec {
    name: "ulimit",
    summary: "modify shell resource limits",
    synopsis: &["[-SHabcdefiklmnpqrstuvxPRT] [limit]"],
    about: "Report the limits toolsh holds the session to, in bash's layout and units (unlimited where it sets none of that kind); a LIMIT lowers -t (a line's wall time) or -u (background jobs at once) for the session, and any other change is refused.",
    options: RESOURCE_OPTS,
    ..Spec::BASH
};

/// The descriptors a redirection may name: 0 to 1023 (`src/interp/redirect.rs`).
const OPEN_FILES: u64 = 1024;

/// The value of the limit with `letter` in this session, `None` for unlimited.
fn value(ctx: &Ctx<'_>, letter: char) -> Option<u64> {
    let limits = ctx.state().limits();
    match letter {
        'c' | 'e' | 'r' => Some(0),
        'n' => Some(OPEN_FILES),
        'p' => Some(8),
        't' => limits.wall_time.map(|t| t.as_secs_f64().ceil() as u64),
        'u' => Some(limits.jobs as u64),
        _ => None,
    }
}

fn shown(value: Option<u64>) -> String {
    value.map_or("unlimited".to_string(), |v| v.to_string())
}

/// `ulimit -a`'s line for `limit`: the name, `(unit, -x)` right-aligned, the value.
fn described(limit: &Limit, value: Option<u64>) -> String {
    let flag = if limit.unit.is_empty() {
        format!("(-{})", limit.letter)
    } else {
        format!("({}, -{})", limit.unit, limit.letter)
    };
    // The flag ends at column 40, or two spaces after a longer name.
    let width = 40usize.saturating_sub(limit.name.len()).max(flag.len() + 2);
    format!("{}{flag:>width$} {}\n", limit.name, shown(value))
}

/// `ulimit [-SHa…] [limit]`.
pub async fn ulimit(mut ctx: Ctx<'_>, args: Args) -> Status {
    let asked: Vec<&Limit> =
        LIMITS.iter().filter(|l| args.given().any(|(opt, _)| opt.short == Some(l.letter))).collect();
    if args.has(&ALL) {
        let text: String = LIMITS.iter().map(|l| described(l, value(&ctx, l.letter))).collect();
        return if ctx.out(text).await { 0 } else { 1 };
    }
    let file_size = &LIMITS[4];
    let asked = if asked.is_empty() { vec![file_size] } else { asked };
    if let Some(new) = args.operands.first() {
        let limit = asked[asked.len() - 1];
        let wanted = match new.as_str() {
            "unlimited" => None,
            "hard" | "soft" => value(&ctx, limit.letter),
            digits => match digits.parse::<u64>() {
                Ok(n) => Some(n),
                Err(_) => return ctx.fail(format!("{digits}: invalid number")).await,
            },
        };
        let current = value(&ctx, limit.letter);
        if wanted == current {
            return 0;
        }
        let lowers = match (wanted, current) {
            (Some(w), Some(c)) => w < c,
            (Some(_), None) => true,
            (None, _) => false,
        };
        let refused = |why: &str| format!("{}: cannot modify limit: {why}", limit.name);
        let Some(wanted) = wanted.filter(|_| lowers) else {
            return ctx.fail(refused("Operation not permitted")).await;
        };
        return match limit.letter {
            // A line of no time at all could run nothing; bash's 0 is as strict.
            't' => {
                ctx.lower_limits(|limits| limits.wall_time = Some(std::time::Duration::from_secs(wanted.max(1))));
                0
            }
            'u' => {
                ctx.lower_limits(|limits| limits.jobs = usize::try_from(wanted).unwrap_or(usize::MAX));
                0
            }
            _ => ctx.fail(refused("toolsh cannot lower this limit within a session")).await,
        };
    }
    let text: String = if asked.len() == 1 {
        format!("{}\n", shown(value(&ctx, asked[0].letter)))
    } else {
        asked.iter().map(|l| described(l, value(&ctx, l.letter))).collect()
    };
    if ctx.out(text).await { 0 } else { 1 }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn symbolic_modes_as_bash_reads_them() {
        assert_eq!(apply_symbolic(0o022, "u=rwx,g=rx,o="), Ok(0o027));
        assert_eq!(apply_symbolic(0o022, "g-w,o-rwx"), Ok(0o027));
        assert_eq!(apply_symbolic(0o022, "a+w"), Ok(0o000));
        assert_eq!(apply_symbolic(0o022, "+w"), Ok(0o000));
        assert_eq!(apply_symbolic(0o022, "o=r"), Ok(0o023));
        assert_eq!(apply_symbolic(0o022, "="), Ok(0o777));
        assert_eq!(apply_symbolic(0o022, "x=y"), Err("`x': invalid symbolic mode operator".to_string()));
        assert_eq!(apply_symbolic(0o022, "u=rwz"), Err("`z': invalid symbolic mode character".to_string()));
        assert_eq!(symbolic(0o022), "u=rwx,g=rx,o=rx");
        assert_eq!(symbolic(0o077), "u=rwx,g=,o=");
    }

    #[test]
    fn lines_laid_out_as_bash_lays_them() {
        assert_eq!(described(&LIMITS[8], Some(1024)), "open files                          (-n) 1024\n");
        assert_eq!(described(&LIMITS[0], None), "real-time non-blocking time  (microseconds, -R) unlimited\n");
        assert_eq!(described(&LIMITS[9], Some(8)), "pipe size                (512 bytes, -p) 8\n");
    }
}
