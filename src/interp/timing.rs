//! The `time` keyword's report: the real, user and system time of a pipeline, printed as
//! `TIMEFORMAT` says (bash's default when it is unset, nothing when it is empty) or as POSIX's
//! three lines for `time -p`.
//!
//! User and system time are the toolsh process's own (getrusage), so they include whatever
//! else the process ran meanwhile and not the CPU of host programs (they run under a launcher
//! that is not waited for).

use std::time::{Duration, Instant};

/// bash's `TIMEFORMAT` when the variable is unset.
const DEFAULT_FORMAT: &str = "\nreal\t%3lR\nuser\t%3lU\nsys\t%3lS";
/// `time -p`.
const POSIX_FORMAT: &str = "real %2R\nuser %2U\nsys %2S";

/// When a timed pipeline started.
pub(crate) struct Started {
    at: Instant,
    cpu: (Duration, Duration),
}

/// The clocks now.
pub(crate) fn start() -> Started {
    Started { at: Instant::now(), cpu: cpu_times() }
}

/// The process's user and system CPU time so far (zero where the system does not say).
fn cpu_times() -> (Duration, Duration) {
    use nix::sys::resource::{UsageWho, getrusage};
    let Ok(usage) = getrusage(UsageWho::RUSAGE_SELF) else {
        return (Duration::ZERO, Duration::ZERO);
    };
    let micros = |t: nix::sys::time::TimeVal| {
        Duration::from_secs(t.tv_sec().max(0) as u64) + Duration::from_micros(t.tv_usec().max(0) as u64)
    };
    (micros(usage.user_time()), micros(usage.system_time()))
}

/// `times`: the process's user and system time, then its waited-for children's, in bash's
/// `0m0.003s 0m0.000s` form.
pub(crate) fn times() -> String {
    use nix::sys::resource::{UsageWho, getrusage};
    let clock = |t: nix::sys::time::TimeVal| {
        let millis = t.tv_sec().max(0) as u64 * 1000 + t.tv_usec().max(0) as u64 / 1000;
        format!("{}m{}.{:03}s", millis / 60_000, millis / 1000 % 60, millis % 1000)
    };
    let mut out = String::new();
    for who in [UsageWho::RUSAGE_SELF, UsageWho::RUSAGE_CHILDREN] {
        let (user, sys) = match getrusage(who) {
            Ok(usage) => (clock(usage.user_time()), clock(usage.system_time())),
            Err(_) => ("0m0.000s".to_string(), "0m0.000s".to_string()),
        };
        out.push_str(&format!("{user} {sys}\n"));
    }
    out
}

/// The times since `started`, formatted with `format` (`None`: bash's default), or the
/// message for a bad format character (bash then prints nothing else).
pub(crate) fn report(started: &Started, format: Option<&str>, posix: bool) -> Result<String, String> {
    let real = started.at.elapsed();
    let (user, sys) = cpu_times();
    let times = Times { real, user: user.saturating_sub(started.cpu.0), sys: sys.saturating_sub(started.cpu.1) };
    let format = if posix { POSIX_FORMAT } else { format.unwrap_or(DEFAULT_FORMAT) };
    let mut out = render(format, &times)?;
    if !out.is_empty() || !format.is_empty() {
        out.push('\n');
    }
    Ok(out)
}

struct Times {
    real: Duration,
    user: Duration,
    sys: Duration,
}

/// `%%`, `%[precision][l](R|U|S)` and `%P`, as bash expands them; a `%` that ends the text
/// stands for itself.
fn render(format: &str, times: &Times) -> Result<String, String> {
    let mut out = String::new();
    let mut chars = format.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '%' {
            out.push(c);
            continue;
        }
        let Some(&next) = chars.peek() else {
            out.push('%');
            break;
        };
        if next == '%' {
            chars.next();
            out.push('%');
            continue;
        }
        if next == 'P' {
            chars.next();
            let real = times.real.as_secs_f64();
            let cpu = (times.user + times.sys).as_secs_f64();
            let percent = if real > 0.0 { cpu * 100.0 / real } else { 0.0 };
            out.push_str(&format!("{percent:.2}"));
            continue;
        }
        let mut precision = 3;
        if let Some(digit) = next.to_digit(10) {
            precision = digit.min(3) as usize;
            chars.next();
        }
        let long = chars.peek() == Some(&'l');
        if long {
            chars.next();
        }
        let value = match chars.next() {
            Some('R') => times.real,
            Some('U') => times.user,
            Some('S') => times.sys,
            other => {
                let shown = other.map_or(String::new(), String::from);
                return Err(format!("TIMEFORMAT: `{shown}': invalid format character"));
            }
        };
        out.push_str(&seconds(value, precision, long));
    }
    Ok(out)
}

/// `value` in seconds with `precision` decimals (cut, not rounded, as bash does), or as
/// `MmS.FFFs` when `long`.
fn seconds(value: Duration, precision: usize, long: bool) -> String {
    let total_millis = value.as_millis();
    let (whole, millis) = ((total_millis / 1000) as u64, (total_millis % 1000) as u64);
    let fraction = format!("{millis:03}");
    let fraction = &fraction[..precision];
    let point = if precision > 0 { "." } else { "" };
    if long { format!("{}m{}{point}{fraction}s", whole / 60, whole % 60) } else { format!("{whole}{point}{fraction}") }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn times(real: u64, user: u64, sys: u64) -> Times {
        Times { real: Duration::from_millis(real), user: Duration::from_millis(user), sys: Duration::from_millis(sys) }
    }

    #[test]
    fn formats_as_bash_does() {
        // Recorded from bash 5.2 with `TIMEFORMAT` set to each format.
        let t = times(252, 2, 0);
        assert_eq!(
            render("[%R|%3R|%0R|%1lR|%lR|%U|%S|%%|%5R]", &t).unwrap(),
            "[0.252|0.252|0|0m0.2s|0m0.252s|0.002|0.000|%|0.252]"
        );
        assert_eq!(render("%lR %2lR %0lR", &times(52, 0, 0)).unwrap(), "0m0.052s 0m0.05s 0m0s");
        assert_eq!(render("%lR", &times(61_200, 0, 0)).unwrap(), "1m1.200s");
        assert_eq!(render("a%", &t).unwrap(), "a%");
        assert_eq!(render("%P", &times(200, 50, 50)).unwrap(), "50.00");
        assert_eq!(render("%x", &t).unwrap_err(), "TIMEFORMAT: `x': invalid format character");
        assert_eq!(render("%3P", &t).unwrap_err(), "TIMEFORMAT: `P': invalid format character");
    }
}
