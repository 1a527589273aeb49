//! What the shell's machine says about itself: `uname`, `hostname`, `id`, `groups`, `logname`,
//! `nproc`, `tty` (never a terminal) and `sync` (nothing to flush). The machine
//! is toolsh's, not the host's: a Linux named `toolsh` whose one user is the agent (uid 1000,
//! as `$UID` says), on the host's architecture and processors — what scripts test (`uname -s`,
//! `uname -m`, `id -u`, `nproc`) without handing out the host's name or users.

use crate::Ctx;
use crate::session::{AGENT_ID as ID, HOSTNAME as HOSTNAME_VALUE, Status};
use crate::spec::{Args, Opt, Spec, Words};
use toolsh_bytes::quote::quoteaf;

const ALL: Opt = Opt::both('a', "all", "print all information, omitting -p and -i when unknown");
const KERNEL_NAME: Opt = Opt::both('s', "kernel-name", "print the kernel name");
const NODENAME: Opt = Opt::both('n', "nodename", "print the network node hostname");
const KERNEL_RELEASE: Opt = Opt::both('r', "kernel-release", "print the kernel release");
const KERNEL_VERSION: Opt = Opt::both('v', "kernel-version", "print the kernel version");
const MACHINE: Opt = Opt::both('m', "machine", "print the machine hardware name");
const PROCESSOR: Opt = Opt::both('p', "processor", "print the processor type (unknown)");
const PLATFORM: Opt = Opt::both('i', "hardware-platform", "print the hardware platform (unknown)");
const OPERATING_SYSTEM: Opt = Opt::both('o', "operating-system", "print the operating system");

/// `uname`.
pub const UNAME: Spec = Spec {
    name: "uname",
    summary: "print system information",
    synopsis: &["[OPTION]..."],
    about: "Print certain system information (toolsh's machine: Linux, named toolsh, on the host's architecture). With no OPTION, same as -s.",
    options: &[
        ALL,
        KERNEL_NAME,
        NODENAME,
        KERNEL_RELEASE,
        KERNEL_VERSION,
        MACHINE,
        PROCESSOR,
        PLATFORM,
        OPERATING_SYSTEM,
    ],
    assumed: true,
    ..Spec::BASE
};

/// `uname [-asnrvmpio]`: the fields asked for, in GNU's order.
pub async fn uname(ctx: Ctx<'_>, args: Args) -> Status {
    if let Some(extra) = args.operands.first() {
        return ctx.misuse(&UNAME, format!("extra operand '{extra}'")).await;
    }
    let release = concat!(env!("CARGO_PKG_VERSION"), "-toolsh");
    let fields: [(&Opt, &str, bool); 8] = [
        (&KERNEL_NAME, "Linux", true),
        (&NODENAME, HOSTNAME_VALUE, true),
        (&KERNEL_RELEASE, release, true),
        (&KERNEL_VERSION, "#1 SMP toolsh", true),
        (&MACHINE, std::env::consts::ARCH, true),
        (&PROCESSOR, "unknown", false),
        (&PLATFORM, "unknown", false),
        (&OPERATING_SYSTEM, "GNU/Linux", true),
    ];
    let all = args.has(&ALL);
    let any = fields.iter().any(|(opt, _, _)| args.has(opt));
    let shown: Vec<&str> = fields
        .iter()
        .enumerate()
        .filter(|(at, (opt, _, in_all))| args.has(opt) || (all && *in_all) || (!all && !any && *at == 0))
        .map(|(_, field)| field)
        .map(|(_, value, _)| *value)
        .collect();
    i32::from(!ctx.out(format!("{}\n", shown.join(" "))).await)
}

const SHORT: Opt = Opt::both('s', "short", "the short host name");
const FQDN: Opt = Opt::both('f', "fqdn", "the long host name (FQDN)");

/// `hostname`.
pub const HOSTNAME: Spec = Spec {
    name: "hostname",
    summary: "show the system's host name",
    synopsis: &["[-s|-f]"],
    about: "Print the machine's name (toolsh). It cannot be set from here.",
    options: &[SHORT, FQDN],
    // net-tools' words: the message alone, status 255.
    usage_status: 255,
    words: Words::Own(|spec, misuse| format!("{}: {misuse}\n", spec.name)),
    assumed: true,
    long_order: &["all-fqdns", "alias", "all-ip-addresses", "file", "fqdn"],
    ..Spec::BASE
};

/// `hostname [-s|-f]`: the name; setting one is refused as for a user who is not root.
pub async fn hostname(ctx: Ctx<'_>, args: Args) -> Status {
    if !args.operands.is_empty() {
        return ctx.fail("you must be root to change the host name").await;
    }
    i32::from(!ctx.out(format!("{HOSTNAME_VALUE}\n")).await)
}

const USER: Opt = Opt::both('u', "user", "print only the effective user ID");
const GROUP: Opt = Opt::both('g', "group", "print only the effective group ID");
const GROUPS: Opt = Opt::both('G', "groups", "print all group IDs");
const NAME: Opt = Opt::both('n', "name", "print a name instead of a number, for -ugG");
const REAL: Opt = Opt::both('r', "real", "print the real ID instead of the effective ID, with -ugG");
const ZERO: Opt = Opt::both('z', "zero", "delimit entries with NUL characters, not whitespace");

/// `id`.
pub const ID_SPEC: Spec = Spec {
    name: "id",
    summary: "print real and effective user and group IDs",
    synopsis: &["[OPTION]... [USER]"],
    about: "Print user and group information for USER, or for the session's user: the agent, uid and gid 1000, in its own group.",
    options: &[USER, GROUP, GROUPS, NAME, REAL, ZERO],
    assumed: true,
    ..Spec::BASE
};

/// `id [-ugGnrz] [USER]`: the agent's ids; any other user does not exist here.
pub async fn id(ctx: Ctx<'_>, args: Args) -> Status {
    let me = ctx.agent().to_string();
    if let Some(user) = args.operands.first() {
        if args.operands.len() > 1 {
            return ctx.misuse(&ID_SPEC, format!("extra operand '{}'", args.operands[1])).await;
        }
        if *user != me && *user != ID.to_string() {
            return ctx.fail(format!("'{user}': no such user")).await;
        }
    }
    let one = [&USER, &GROUP, &GROUPS].iter().filter(|opt| args.has(opt)).count();
    if one > 1 {
        return ctx.misuse(&ID_SPEC, "cannot print \"only\" of more than one choice").await;
    }
    if one == 0 && (args.has(&NAME) || args.has(&REAL)) {
        return ctx.misuse(&ID_SPEC, "cannot print only names or real IDs in default format").await;
    }
    let end = if args.has(&ZERO) { '\0' } else { '\n' };
    let line = if one == 1 {
        if args.has(&NAME) { me.clone() } else { ID.to_string() }
    } else {
        format!("uid={ID}({me}) gid={ID}({me}) groups={ID}({me})")
    };
    i32::from(!ctx.out(format!("{line}{end}")).await)
}

const ALL_PROCESSORS: Opt = Opt::long("all", "print the number of installed processors");
const IGNORE: Opt = Opt::long("ignore", "if possible, exclude N processing units").value("N");

/// `nproc`.
pub const NPROC: Spec = Spec {
    name: "nproc",
    summary: "print the number of processing units available",
    synopsis: &["[OPTION]..."],
    about: "Print the number of processing units available to the current process (the host's).",
    options: &[ALL_PROCESSORS, IGNORE],
    assumed: true,
    ..Spec::BASE
};

/// `nproc [--all] [--ignore=N]`: the host's processors, at least one.
pub async fn nproc(ctx: Ctx<'_>, args: Args) -> Status {
    if let Some(extra) = args.operands.first() {
        return ctx.misuse(&NPROC, format!("extra operand '{extra}'")).await;
    }
    let ignore = match args.last(&IGNORE).map(str::parse::<usize>) {
        None => 0,
        Some(Ok(n)) => n,
        Some(Err(_)) => {
            let given = args.last(&IGNORE).unwrap_or_default();
            return ctx.fail(format!("invalid number: '{given}'")).await;
        }
    };
    let available = std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get);
    i32::from(!ctx.out(format!("{}\n", available.saturating_sub(ignore).max(1))).await)
}

const SILENT: Opt = Opt::both('s', "silent", "print nothing, only return an exit status").alias("quiet");

/// `tty`.
pub const TTY: Spec = Spec {
    name: "tty",
    summary: "print the name of the terminal on standard input",
    synopsis: &["[OPTION]..."],
    about: "Print the file name of the terminal connected to standard input. A command's standard input here is never a terminal: tty says \"not a tty\" and returns 1.",
    options: &[SILENT],
    usage_status: 2,
    assumed: true,
    ..Spec::BASE
};

/// `tty [-s]`: standard input is a pipe, a file or nothing, never a terminal.
pub async fn tty(ctx: Ctx<'_>, args: Args) -> Status {
    if let Some(extra) = args.operands.first() {
        return ctx.misuse(&TTY, format!("extra operand '{extra}'")).await;
    }
    if !args.has(&SILENT) && !ctx.out("not a tty\n").await {
        return 1;
    }
    1
}

const DATA: Opt = Opt::both('d', "data", "sync only file data, no unneeded metadata");
const FILE_SYSTEM: Opt = Opt::both('f', "file-system", "sync the file systems that contain the files");

/// `sync`.
pub const SYNC: Spec = Spec {
    name: "sync",
    summary: "flush file system buffers (nothing to flush here)",
    synopsis: &["[OPTION] [FILE]..."],
    about: "Synchronize cached writes to persistent storage. The workspace writes through at once: there is nothing to flush, and sync only checks that the FILEs can be opened.",
    options: &[DATA, FILE_SYSTEM],
    assumed: true,
    ..Spec::BASE
};

/// `sync [-d|-f] [FILE…]`
pub async fn sync(ctx: Ctx<'_>, args: Args) -> Status {
    if args.has(&DATA) && args.has(&FILE_SYSTEM) {
        return ctx.misuse(&SYNC, "cannot specify both --data and --file-system").await;
    }
    if args.has(&DATA) && args.operands.is_empty() {
        return ctx.misuse(&SYNC, "--data needs at least one argument").await;
    }
    let mut status = 0;
    for file in &args.operands {
        if let Err(err) = ctx.vfs.stat(&ctx.abs(file)) {
            ctx.complain(format!("error opening {file}: {}", crate::vfs::describe(&err), file = quoteaf(file))).await;
            status = 1;
        }
    }
    status
}

/// `groups`.
pub const GROUPS_SPEC: Spec = Spec {
    name: "groups",
    summary: "print the groups a user is in",
    synopsis: &["[OPTION]... [USERNAME]..."],
    about: "Print group memberships for each USERNAME or, if no USERNAME is specified, for the current process (toolsh's one user, the agent, is in its own group only).",
    assumed: true,
    ..Spec::BASE
};

/// `groups [USER…]`
pub async fn groups(ctx: Ctx<'_>, args: Args) -> Status {
    let me = ctx.agent().to_string();
    if args.operands.is_empty() {
        return i32::from(!ctx.out(format!("{me}\n")).await);
    }
    let mut status = 0;
    let mut out = String::new();
    for user in &args.operands {
        if *user == me {
            out.push_str(&format!("{me} : {me}\n"));
        } else {
            if !ctx.out_piece(&mut out).await {
                return 1;
            }
            ctx.complain(format!("'{user}': no such user")).await;
            status = 1;
        }
    }
    if !ctx.out(out).await {
        return 1;
    }
    status
}

/// `logname`.
pub const LOGNAME: Spec = Spec {
    name: "logname",
    summary: "print the user's login name",
    synopsis: &["[OPTION]"],
    about: "Print the user's login name: the agent's, as whoami does.",
    assumed: true,
    ..Spec::BASE
};

/// `logname`: the agent, who is the session's one user.
pub async fn logname(ctx: Ctx<'_>, args: Args) -> Status {
    if let Some(extra) = args.operands.first() {
        return ctx.misuse(&LOGNAME, format!("extra operand '{extra}'")).await;
    }
    i32::from(!ctx.out(format!("{}\n", ctx.agent())).await)
}
