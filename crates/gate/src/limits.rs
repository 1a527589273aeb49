//! The limits of a shell and of each of its lines, by the names operators give them (`--limit
//! NAME=N`, `config set NAME N`, `[limits]`): what stops a line with [`crate::status::LIMIT`].
//! Tools read them too (a timer body counts an agent's timers against [`Limits::timers`]).

use std::time::Duration;

/// Limits on one execution; hitting one stops the line with [`crate::status::LIMIT`] and a message that
/// names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Wall time of one `Shell::exec`.
    pub wall_time: Option<Duration>,
    /// Commands dispatched in one execution (subshells included).
    pub commands: u64,
    /// Iterations of any one loop.
    pub loop_iterations: u64,
    /// Nested function calls, `source` and `eval`.
    pub call_depth: usize,
    /// Bytes the shell holds: what `$( )` or `Shell::exec` captures, and the longest word or
    /// value a line may build (`s=$s$s` in a loop stops here, named "value bytes"). Not what a
    /// command streams to the process's stdout, a file or a pipe: that is never held whole.
    pub output_bytes: usize,
    /// Bytes one command may gather from a pipe it reads whole (`sort`, `jq -s`, `tac`, a
    /// tool's stdin): an endless producer (`yes | sort`) ends in an error, not in exhausted
    /// memory. Workspace files are not counted: their size is already known.
    pub input_bytes: usize,
    /// Commands dispatched over the whole session (all executions of one `Shell`).
    pub session_commands: u64,
    /// What the shell's variables and arrays may hold together (about: text plus a little
    /// per array element), checked at every command: `a+=("$x")` in a loop ends with this
    /// limit named, not with the host's memory exhausted.
    pub variable_bytes: usize,
    /// Background jobs running at once (`cmd &`, a promoted line).
    pub jobs: usize,
    /// Wall time of one background job started with `&`.
    pub job_time: Option<Duration>,
    /// Wall time of a line that outran its call and went on as a job, from the line's start:
    /// the caller did not ask for it to run on, so it is bounded well under `job_time`.
    pub promoted_time: Option<Duration>,
    /// Bytes a job's log keeps: past it, the first and last halves with a marker between.
    pub job_log_bytes: usize,
    /// Bytes a saved session may take (its state and its `/tmp`).
    pub snapshot_bytes: usize,
    /// Timers (`at` jobs and crontab entries) one agent may hold.
    pub timers: usize,
    /// Characters of a line's output a model is given (`contract::Caps::chars`): past it, the
    /// head and tail with the cut marked and the whole kept in `/tmp/.out/N.log`.
    pub result_chars: usize,
    /// Lines of a line's output a model is given (`contract::Caps::lines`).
    pub result_lines: usize,
}

/// The default wall time of a line that went on as a job (`promoted-timeout-ms`): ten
/// minutes, the longest a single call may wait.
pub const PROMOTED_TIME: Duration = Duration::from_secs(600);

/// A limit by the name `--limit NAME=N` and `config set NAME N` give it: its reader and
/// writer (times in milliseconds, 0 for none).
pub struct NamedLimit {
    /// The name.
    pub name: &'static str,
    /// Reads it.
    pub get: fn(&Limits) -> u64,
    /// Writes it.
    pub set: fn(&mut Limits, u64),
}

impl NamedLimit {
    /// Whether `value` stays within `most` for this limit: at most it, and for a time (0 is
    /// none) nonzero unless `most` is none too.
    pub fn within(&self, value: u64, most: u64) -> bool {
        if self.name.ends_with("-ms") { most == 0 || (value > 0 && value <= most) } else { value <= most }
    }
}

fn millis(time: Option<Duration>) -> u64 {
    time.map_or(0, |d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX))
}

fn from_millis(ms: u64) -> Option<Duration> {
    (ms > 0).then(|| Duration::from_millis(ms))
}

/// Every limit a user can name, in the order they are listed.
pub const NAMED_LIMITS: &[NamedLimit] = &[
    NamedLimit { name: "call-depth", get: |l| l.call_depth as u64, set: |l, v| l.call_depth = v as usize },
    NamedLimit { name: "commands", get: |l| l.commands, set: |l, v| l.commands = v },
    NamedLimit { name: "input-bytes", get: |l| l.input_bytes as u64, set: |l, v| l.input_bytes = v as usize },
    NamedLimit { name: "job-log-bytes", get: |l| l.job_log_bytes as u64, set: |l, v| l.job_log_bytes = v as usize },
    NamedLimit { name: "job-timeout-ms", get: |l| millis(l.job_time), set: |l, v| l.job_time = from_millis(v) },
    NamedLimit { name: "jobs", get: |l| l.jobs as u64, set: |l, v| l.jobs = v as usize },
    NamedLimit { name: "loop-iterations", get: |l| l.loop_iterations, set: |l, v| l.loop_iterations = v },
    NamedLimit { name: "output-bytes", get: |l| l.output_bytes as u64, set: |l, v| l.output_bytes = v as usize },
    NamedLimit {
        name: "promoted-timeout-ms",
        get: |l| millis(l.promoted_time),
        set: |l, v| l.promoted_time = from_millis(v),
    },
    NamedLimit { name: "result-chars", get: |l| l.result_chars as u64, set: |l, v| l.result_chars = v as usize },
    NamedLimit { name: "result-lines", get: |l| l.result_lines as u64, set: |l, v| l.result_lines = v as usize },
    NamedLimit { name: "snapshot-bytes", get: |l| l.snapshot_bytes as u64, set: |l, v| l.snapshot_bytes = v as usize },
    NamedLimit { name: "timeout-ms", get: |l| millis(l.wall_time), set: |l, v| l.wall_time = from_millis(v) },
    NamedLimit { name: "timers", get: |l| l.timers as u64, set: |l, v| l.timers = v as usize },
    NamedLimit { name: "variable-bytes", get: |l| l.variable_bytes as u64, set: |l, v| l.variable_bytes = v as usize },
];

impl Default for Limits {
    fn default() -> Self {
        Limits {
            wall_time: None,
            commands: 100_000_000,
            loop_iterations: 10_000_000,
            call_depth: 1000,
            output_bytes: 256 * 1024 * 1024,
            input_bytes: 1024 * 1024 * 1024,
            session_commands: u64::MAX,
            variable_bytes: 1024 * 1024 * 1024,
            jobs: 64,
            job_time: Some(Duration::from_secs(3600)),
            promoted_time: Some(PROMOTED_TIME),
            job_log_bytes: 2 * 1024 * 1024,
            snapshot_bytes: 64 * 1024 * 1024,
            timers: 100,
            result_chars: 30_000,
            result_lines: 2_000,
        }
    }
}
