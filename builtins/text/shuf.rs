//! `shuf`: the input lines (or `-e` ARGs, or the numbers `-i LO-HI`) in a random order, all of
//! them or `-n COUNT`, with `-r` drawn with repetition; `-o FILE` writes the result there.
//! The order comes from a generator seeded by the clock (no `--random-source`).

use crate::Ctx;
use crate::session::Status;
use crate::spec::{Args, Opt, Spec, Words};
use toolsh_bytes::quote::quotef;
use toolsh_core::vfs::{WriteMode, describe};

const ECHO: Opt = Opt::both('e', "echo", "treat each ARG as an input line");
const RANGE: Opt = Opt::both('i', "input-range", "treat each number LO through HI as an input line").value("LO-HI");
const COUNT: Opt = Opt::both('n', "head-count", "output at most COUNT lines").value("COUNT");
const OUTPUT: Opt = Opt::both('o', "output", "write result to FILE instead of standard output").value("FILE");
const REPEAT: Opt = Opt::both('r', "repeat", "output lines can be repeated");
const ZERO: Opt = Opt::both('z', "zero-terminated", "line delimiter is NUL, not newline");

/// `shuf`.
pub const SHUF: Spec = Spec {
    name: "shuf",
    summary: "generate random permutations",
    synopsis: &["[OPTION]... [FILE]", "-e [OPTION]... [ARG]...", "-i LO-HI [OPTION]..."],
    about: "Write a random permutation of the input lines to standard output.",
    options: &[ECHO, RANGE, COUNT, OUTPUT, REPEAT, ZERO],
    words: Words::Gnu,
    assumed: true,
    long_order: &["head-count", "help", "random-source", "repeat"],
    ..Spec::BASE
};

/// xorshift64*, seeded from the clock: random enough to shuffle, not for secrets.
struct Draw(u64);

impl Draw {
    fn new() -> Draw {
        let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(1, |d| d.as_nanos());
        Draw((nanos as u64) ^ 0x9e37_79b9_7f4a_7c15 | 1)
    }

    /// A number below `bound` (> 0).
    fn below(&mut self, bound: usize) -> usize {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        (x.wrapping_mul(0x2545_f491_4f6c_dd1d) % bound as u64) as usize
    }
}

/// `shuf [-e ARG… | -i LO-HI | FILE] [-n COUNT] [-r] [-o FILE] [-z]`.
pub async fn shuf(ctx: Ctx<'_>, args: Args) -> Status {
    let end = if args.has(&ZERO) { b'\0' } else { b'\n' };
    let count = match args.last(&COUNT) {
        Some(text) => match text.parse::<usize>() {
            Ok(n) => Some(n),
            Err(_) => return ctx.fail(format!("invalid line count: '{text}'")).await,
        },
        None => None,
    };
    let mut lines: Vec<Vec<u8>> = if args.has(&ECHO) {
        args.operands.iter().map(|a| toolsh_bytes::encode(a).into_owned()).collect()
    } else if let Some(range) = args.last(&RANGE) {
        let bounds =
            range.split_once('-').and_then(|(lo, hi)| Some((lo.parse::<u64>().ok()?, hi.parse::<u64>().ok()?)));
        match bounds {
            Some((lo, hi)) if lo <= hi.saturating_add(1) && hi - lo < 1 << 24 => {
                (lo..=hi).map(|n| n.to_string().into_bytes()).collect()
            }
            _ => return ctx.fail(format!("invalid input range: '{range}'")).await,
        }
    } else {
        let name = match args.operands.as_slice() {
            [] => "-".to_string(),
            [one] => one.clone(),
            [_, extra, ..] => return ctx.misuse(&SHUF, format!("extra operand '{extra}'")).await,
        };
        match ctx.read_operand(&name).await {
            Ok(data) => {
                let mut lines: Vec<Vec<u8>> = data.split(|&b| b == end).map(<[u8]>::to_vec).collect();
                if data.last() == Some(&end) || data.is_empty() {
                    lines.pop();
                }
                lines
            }
            Err(err) => return ctx.fail(format!("{name}: {}", describe(&err), name = quotef(&name))).await,
        }
    };
    let mut draw = Draw::new();
    let mut out = Vec::new();
    if args.has(&REPEAT) {
        if lines.is_empty() {
            if count.is_some_and(|n| n > 0) {
                return ctx.fail("no lines to repeat").await;
            }
        } else {
            // Without -n, -r goes on for ever, as GNU's does: until the reader or the line stops.
            let mut left = count;
            while left != Some(0) {
                let mut chunk = lines[draw.below(lines.len())].clone();
                chunk.push(end);
                match left {
                    Some(n) => {
                        out.extend_from_slice(&chunk);
                        left = Some(n - 1);
                    }
                    None if !ctx.out(chunk).await => return 0,
                    None => {}
                }
            }
        }
    } else {
        // Fisher–Yates, stopped after the lines wanted.
        let wanted = count.unwrap_or(lines.len()).min(lines.len());
        for at in 0..wanted {
            let pick = at + draw.below(lines.len() - at);
            lines.swap(at, pick);
            out.extend_from_slice(&lines[at]);
            out.push(end);
        }
    }
    match args.last(&OUTPUT) {
        Some(file) => match ctx.write_path(file, &out, WriteMode::Truncate).await {
            Ok(()) => 0,
            Err(err) => ctx.fail(format!("{file}: {}", describe(&err), file = quotef(file))).await,
        },
        None => i32::from(!ctx.out(out).await),
    }
}
