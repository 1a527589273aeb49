//! `nice` and `stdbuf`: run a command as GNU's do, with what they would change checked and
//! then moot. Commands here are not processes: there is no scheduling priority to lower (nice
//! prints a niceness of 0) and no stdio buffer between a command and its output (every write
//! goes through as made, as `stdbuf -o0` would ask), so both run the command line as `env`
//! and `nohup` run theirs.

use crate::Ctx;
use crate::session::Status;
use crate::spec::{Args, Opt, Order, Runs, Spec};

const ADJUSTMENT: Opt = Opt::both('n', "adjustment", "add integer N to the niceness (default 10)").value("N");

/// `nice`.
pub const NICE: Spec = Spec {
    name: "nice",
    summary: "run a command with modified niceness (no priorities here: it runs as it is)",
    synopsis: &["[OPTION] [COMMAND [ARG]...]"],
    about: "Run COMMAND with an adjusted niceness, which affects process scheduling. With no COMMAND, print the current niceness (always 0: commands here have no scheduling priority).",
    options: &[ADJUSTMENT],
    order: Order::OptionsFirst,
    usage_status: crate::status::RUNNER_FAILED,
    digits: Some(ADJUSTMENT),
    runs: Runs::Operands { skip: 0, assignments: false, complete: true },
    assumed: true,
    ..Spec::BASE
};

/// `nice [-n N] [COMMAND [ARG]…]`
pub async fn nice(ctx: Ctx<'_>, args: Args) -> Status {
    if let Some(adjustment) = args.last(&ADJUSTMENT) {
        let number = adjustment.trim_start();
        let number = number.strip_prefix('+').unwrap_or(number);
        let digits = number.strip_prefix('-').unwrap_or(number);
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            ctx.complain(format!("invalid adjustment '{adjustment}'")).await;
            return crate::status::RUNNER_FAILED;
        }
        if args.operands.is_empty() {
            return ctx.misuse(&NICE, "a command must be given with an adjustment").await;
        }
    }
    if args.operands.is_empty() {
        return i32::from(!ctx.out("0\n").await);
    }
    super::runners::run_or_say(&ctx, args.operands.clone(), |name, why| {
        format!("{}: {why}", toolsh_bytes::quote::quote(name))
    })
    .await
}

const INPUT: Opt = Opt::both('i', "input", "adjust standard input stream buffering").value("MODE");
const OUTPUT: Opt = Opt::both('o', "output", "adjust standard output stream buffering").value("MODE");
const ERROR: Opt = Opt::both('e', "error", "adjust standard error stream buffering").value("MODE");

/// `stdbuf`.
pub const STDBUF: Spec = Spec {
    name: "stdbuf",
    summary: "run a command with modified stream buffering (writes here are never held back)",
    synopsis: &["OPTION... COMMAND"],
    about: "Run COMMAND, with modified buffering operations for its standard streams. MODE is L (line buffered; not for input), 0 (unbuffered) or a SIZE (1K, 1M, ...). Nothing here buffers a command's output, so the COMMAND runs as it would.",
    options: &[INPUT, OUTPUT, ERROR],
    order: Order::OptionsFirst,
    usage_status: crate::status::RUNNER_FAILED,
    runs: Runs::Operands { skip: 0, assignments: false, complete: true },
    assumed: true,
    ..Spec::BASE
};

/// `stdbuf -i|-o|-e MODE… COMMAND [ARG]…`
pub async fn stdbuf(ctx: Ctx<'_>, args: Args) -> Status {
    for (opt, mode) in args.given() {
        if mode == "L" {
            if *opt == INPUT {
                return ctx.misuse(&STDBUF, "line buffering stdin is meaningless").await;
            }
            continue;
        }
        if crate::data::dump::size_with_unit(mode).is_none() {
            ctx.complain(format!("invalid mode '{mode}'")).await;
            return crate::status::RUNNER_FAILED;
        }
    }
    if args.operands.is_empty() {
        return ctx.misuse(&STDBUF, "missing operand").await;
    }
    if args.given().next().is_none() {
        return ctx.misuse(&STDBUF, "you must specify a buffering mode option").await;
    }
    super::runners::run_or_say(&ctx, args.operands.clone(), |name, why| {
        format!("failed to run command {}: {why}", toolsh_bytes::quote::quote(name))
    })
    .await
}
