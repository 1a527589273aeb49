//! `less` and `more` as they behave off a terminal, which is where a shell's commands write
//! here: they copy their files (or standard input) to standard output. `more` heads each file
//! with its name, as util-linux's does; a file that cannot be read is said and
//! skipped, and the status stays 0, as both do.

use crate::Ctx;
use crate::session::Status;
use crate::spec::{Args, Misuse, Opt, Spec, Words};
use toolsh_core::vfs::describe;

/// Options a pager takes that change nothing off a terminal.
const PAGER_OPTIONS: &[Opt] = &[
    Opt::both('R', "RAW-CONTROL-CHARS", "show ANSI colour sequences as they are"),
    Opt::both('S', "chop-long-lines", "cut long lines instead of folding them"),
    Opt::both('F', "quit-if-one-screen", "quit when the file fits on one screen"),
    Opt::both('X', "no-init", "do not clear the screen"),
    Opt::both('N', "LINE-NUMBERS", "number lines (on a terminal only)"),
    Opt::both('i', "ignore-case", "ignore case in searches"),
    Opt::both('r', "raw-control-chars", "show control characters as they are"),
];

/// `less`.
pub const LESS: Spec = Spec {
    name: "less",
    summary: "show files (here: copy them, as off a terminal)",
    synopsis: &["[OPTION]... [FILE]..."],
    about: "Copy each FILE, or standard input, to standard output, as less does when its output is not a terminal (a command's output here never is).",
    options: PAGER_OPTIONS,
    variant_of: Some("cat"),
    // less's own words, and its status: an unknown option is said and not fatal.
    usage_status: 0,
    words: Words::Own(|spec, misuse| match misuse {
        Misuse::Unrecognized(written) => format!("There is no {written} option (\"less --help\" for help)\n"),
        misuse => format!("{}: {misuse}\n", spec.name),
    }),
    ..Spec::BASE
};

/// `more`.
pub const MORE: Spec = Spec {
    name: "more",
    summary: "show files (here: copy them, as off a terminal)",
    synopsis: &["[OPTION]... [FILE]..."],
    about: "Copy each FILE, or standard input, to standard output, as more does when its output is not a terminal: each file under a header with its name.",
    options: PAGER_OPTIONS,
    variant_of: Some("cat"),
    long_order: &["logical", "lines", "print-over", "plain", "silent", "squeeze"],
    ..Spec::BASE
};

/// `less [OPTION]… [FILE]…` and `more [OPTION]… [FILE]…`.
pub async fn pager(ctx: Ctx<'_>, args: Args) -> Status {
    let more = ctx.name() == "more";
    let names: Vec<String> = if args.operands.is_empty() { vec!["-".to_string()] } else { args.operands.clone() };
    for name in &names {
        let bytes = match ctx.read_operand(name).await {
            Ok(bytes) => bytes,
            Err(err) if more => {
                ctx.complain(format!("cannot open {name}: {}", describe(&err))).await;
                continue;
            }
            Err(err) => {
                // less says it on standard output, where its screen would be.
                if !ctx.out(format!("{name}: {}\n", describe(&err))).await {
                    return 1;
                }
                continue;
            }
        };
        if more && name != "-" && !ctx.out(format!("::::::::::::::\n{name}\n::::::::::::::\n")).await {
            return 1;
        }
        if !ctx.out(bytes).await {
            return 1;
        }
    }
    0
}
