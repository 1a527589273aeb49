//! `nohup`: runs a command immune to hangups, as GNU's does. Nothing in the shell hangs up on
//! a command, so it runs as it would; what GNU's does with a terminal is kept: standard output
//! on a terminal goes to `nohup.out` (appended), and standard error with it, saying so.

use crate::Ctx;
use crate::io::{Fd, Output};
use crate::session::Status;
use crate::spec::{Args, Order, Runs, Spec, Words};

/// `nohup`.
pub const NOHUP: Spec = Spec {
    name: "nohup",
    summary: "run a command immune to hangups",
    synopsis: &["COMMAND [ARG]..."],
    about: "Run COMMAND, ignoring hangup signals. If standard output is a terminal, append output to 'nohup.out'; if standard error is a terminal, redirect it to standard output.",
    options: &[],
    order: Order::OptionsFirst,
    words: Words::Gnu,
    usage_status: crate::status::RUNNER_FAILED,
    runs: Runs::Operands { skip: 0, assignments: false, complete: true },
    ..Spec::BASE
};

/// `nohup COMMAND [ARG]…`
pub async fn nohup(ctx: Ctx<'_>, args: Args) -> Status {
    if args.operands.is_empty() {
        return ctx.misuse(&NOHUP, "missing operand").await;
    }
    if let Some((why, status)) = super::runners::cannot_run(&ctx, &args.operands[0]) {
        let name = toolsh_bytes::quote::quoteaf(&args.operands[0]);
        ctx.complain(format!("failed to run command {name}: {why}")).await;
        return status;
    }
    if !ctx.io.stdout().is_terminal() {
        if ctx.io.stderr().is_terminal() {
            let mut io = ctx.io.clone();
            io.set(2, Some(Fd::Output(ctx.io.stdout())));
            return ctx.run_with(args.operands.clone(), &io, |_| {}).await;
        }
        return ctx.run(args.operands.clone()).await;
    }
    // Output on a terminal goes to nohup.out in the working directory, standard error with it.
    let out = match Output::file(&ctx.vfs, ctx.abs("nohup.out"), crate::vfs::WriteMode::Append) {
        Ok(out) => out,
        Err(err) => {
            ctx.complain(format!("failed to open 'nohup.out': {}", crate::vfs::describe(&err))).await;
            return crate::status::RUNNER_FAILED;
        }
    };
    ctx.err("nohup: ignoring input and appending output to 'nohup.out'\n").await;
    let mut io = ctx.io.clone();
    io.set(1, Some(Fd::Output(out.clone())));
    io.set(2, Some(Fd::Output(out)));
    ctx.run_with(args.operands.clone(), &io, |_| {}).await
}
