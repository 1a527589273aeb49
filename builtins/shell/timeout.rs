//! `timeout`: runs a command with a time limit, as GNU's does — the command is stopped when the
//! time is up (status 124, or 128 + the signal with `--preserve-status`, and 137 for `-s KILL`
//! as GNU's own death by that signal gives). The command runs in a subshell of the session;
//! stopping it stops its pipelines and the work it hands to other threads at once, so there is
//! no grace period for `-k` to end.

use crate::Ctx;
use crate::session::Status;
use crate::spec::{Args, Opt, Order, Runs, Spec, Words};
use crate::text::stream::interval;

const SIGNAL: Opt = Opt::both('s', "signal", "specify the signal to be sent on timeout").value("SIGNAL");
const KILL_AFTER: Opt =
    Opt::both('k', "kill-after", "also send a KILL signal if COMMAND is still running this long after")
        .value("DURATION");
const PRESERVE: Opt = Opt::long("preserve-status", "exit with the same status as COMMAND, even when it times out");
const FOREGROUND: Opt =
    Opt::long("foreground", "when not running timeout directly from a shell prompt (no effect here)");
const VERBOSE: Opt = Opt::both('v', "verbose", "diagnose to stderr any signal sent upon timeout");

/// `timeout`.
pub const TIMEOUT: Spec = Spec {
    name: "timeout",
    summary: "run a command with a time limit",
    synopsis: &["[OPTION] DURATION COMMAND [ARG]..."],
    about: "Start COMMAND, and stop it if still running after DURATION (a number with an optional suffix: s seconds, m minutes, h hours, d days; 0 disables the limit). Exit 124 if it timed out and --preserve-status is not given, else COMMAND's status.",
    options: &[SIGNAL, KILL_AFTER, PRESERVE, FOREGROUND, VERBOSE],
    order: Order::OptionsFirst,
    words: Words::Gnu,
    usage_status: crate::status::RUNNER_FAILED,
    runs: Runs::Operands { skip: 1, assignments: false, complete: true },
    ..Spec::BASE
};

/// `timeout [-s SIGNAL] [-k DURATION] [--preserve-status] [-v] DURATION COMMAND [ARG]…`
pub async fn timeout(ctx: Ctx<'_>, args: Args) -> Status {
    let Some((duration, command)) = args.operands.split_first().filter(|(_, command)| !command.is_empty()) else {
        ctx.err("Try 'timeout --help' for more information.\n").await;
        return crate::status::RUNNER_FAILED;
    };
    let Some(seconds) = interval(duration) else {
        return ctx.misuse(&TIMEOUT, format!("invalid time interval '{duration}'")).await;
    };
    if let Some(after) = args.last(&KILL_AFTER).filter(|after| interval(after).is_none()) {
        return ctx.misuse(&TIMEOUT, format!("invalid time interval '{after}'")).await;
    }
    let signal = match args.last(&SIGNAL) {
        None => 15,
        Some(spec) => match crate::signals::number(spec) {
            Some(n) => n,
            None => return ctx.misuse(&TIMEOUT, format!("'{spec}': invalid signal")).await,
        },
    };
    if let Some((why, status)) = super::runners::cannot_run(&ctx, &command[0]) {
        let name = toolsh_bytes::quote::quote(&command[0]);
        ctx.complain(format!("failed to run command {name}: {why}")).await;
        return status;
    }
    let run = ctx.run(command.to_vec());
    if seconds == 0.0 {
        return run.await;
    }
    let limit = std::time::Duration::try_from_secs_f64(seconds).unwrap_or(std::time::Duration::MAX);
    match tokio::time::timeout(limit, run).await {
        Ok(status) => status,
        Err(_) => {
            if args.has(&VERBOSE) {
                let name = crate::signals::name(signal).unwrap_or_else(|| signal.to_string());
                ctx.err(format!(
                    "timeout: sending signal {name} to command {}\n",
                    toolsh_bytes::quote::quote(&command[0])
                ))
                .await;
            }
            match signal {
                // KILL ends timeout itself too: the shell sees its death by that signal.
                9 => 128 + 9,
                _ if args.has(&PRESERVE) => 128 + signal as Status,
                _ => 124,
            }
        }
    }
}
