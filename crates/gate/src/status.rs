//! Every exit status toolsh gives of its own, named once: the result contract's table
//! (docs/agents.md) and the statuses bash and GNU fix for the same cases. Code says
//! `status::DENIED`, never `126`.

/// An exit status.
pub type Status = i32;

/// A usage or schema error (bash's and GNU's 2).
pub const USAGE: Status = 2;
/// A command stopped by a bug of its own (a caught panic), as sysexits' `EX_SOFTWARE`.
pub const INTERNAL: Status = 70;
/// A limit hit or the line's time ran out (partial output kept), as GNU `timeout`'s 124.
pub const LIMIT: Status = 124;
/// A tool, the store, a mounted server or a bucket that does not answer; also a host program
/// asked to run where no host directory is.
pub const UNAVAILABLE: Status = 125;
/// A command that runs another (`timeout`, `env`, `nohup`) failed itself, as GNU's
/// `EXIT_CANCELED`.
pub const RUNNER_FAILED: Status = 125;
/// Denied by the policy: nothing was executed.
pub const DENIED: Status = 126;
/// Found but cannot run (bash's 126): a program that cannot be confined, a binary script.
pub const CANNOT_RUN: Status = 126;
/// Unknown command (bash's 127).
pub const NOT_FOUND: Status = 127;
/// An expansion error that ends the shell (`${x:?}`, an unbound variable under `set -u`):
/// bash's for `-c` text (a script file exits 1 instead).
pub const EXPANSION: Status = 127;
/// Cancelled (128 + SIGINT).
pub const CANCELLED: Status = 130;
/// Ended by a closed pipe (128 + SIGPIPE).
pub const SIGPIPE: Status = 141;
/// The line outran its call and goes on as a job (status of the call, not an error).
pub const PROMOTED: Status = 148;
