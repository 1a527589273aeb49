//! Memory limits are checked before the allocation: each line here made a value far past
//! its limit before the limit refused it (`y=$x$x$x$x` over a 200 MB capture peaked at 1.4 GB,
//! `a=($x)` over four million words at 660 MB, jq's `"abc" * 1e8` at 330 MB). Each must now
//! stop with the limit named and the process's peak resident memory under a bound set by the
//! limit: the process at rest, twice the limit (a buffer grown by doubling, and the blocks it
//! left behind), and the line's own input.

use crate::support::test_home;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const MIB: u64 = 1024 * 1024;

/// What the process holds at rest, as a bound, with room for a line's pipes and buffers:
/// `toolsh -c true` peaks near 32 MiB in the unoptimised build, and a pipeline's stages hold
/// a few MiB more when the machine is busy and they interleave differently.
const AT_REST: u64 = 64 * MIB;

/// Runs `toolsh --limit … -c line` and returns its status, its standard error and its peak
/// resident memory (`VmHWM`, read until it exits).
fn peak(limits: &[&str], line: &str) -> (i32, String, u64) {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut args: Vec<String> = vec!["--root".into(), dir.path().display().to_string()];
    for limit in limits {
        args.extend(["--limit".to_string(), limit.to_string()]);
    }
    args.extend(["-c".to_string(), line.to_string()]);
    let mut child = Command::new(env!("CARGO_BIN_EXE_toolsh"))
        .env_clear()
        .env("HOME", test_home())
        .args(&args)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn toolsh");
    let started = Instant::now();
    let mut high = 0;
    let status = loop {
        if let Ok(text) = std::fs::read_to_string(format!("/proc/{}/status", child.id()))
            && let Some(kib) = text.lines().find_map(|l| l.strip_prefix("VmHWM:"))
            && let Ok(kib) = kib.trim().trim_end_matches("kB").trim().parse::<u64>()
        {
            high = high.max(kib * 1024);
        }
        if let Some(status) = child.try_wait().expect("wait") {
            break status.code().unwrap_or(-1);
        }
        assert!(started.elapsed() < Duration::from_secs(120), "{line}: still running");
        std::thread::sleep(Duration::from_millis(5));
    };
    let mut stderr = String::new();
    let _ = std::io::Read::read_to_string(&mut child.stderr.take().expect("stderr"), &mut stderr);
    (status, stderr, high)
}

/// The line stops with `limit` named and peaks under `bound`.
fn refused_within(limits: &[&str], line: &str, limit: &str, bound: u64) {
    let (status, stderr, high) = peak(limits, line);
    assert_eq!(status, 124, "{line}: {stderr}");
    assert!(stderr.contains(&format!("limit exceeded: {limit}")), "{line}: the limit named: {stderr}");
    assert!(high < bound, "{line}: peak {} MiB, bound {} MiB", high / MIB, bound / MIB);
}

/// A 200 MB capture repeated four times, under the default limits (value bytes 256 MiB): it
/// peaked at 1,370 MiB unquoted and 1,561 quoted (the quick path built the whole 800 MB
/// before measuring it); now at the capture's own peak, 417 MiB.
#[test]
fn concatenating_a_200_mb_capture_stops_before_it_is_built() {
    let capture = "x=$(head -c 200000000 /dev/zero | tr '\\0' a)";
    let bound = AT_REST + 2 * 256 * MIB + 200 * MIB;
    std::thread::scope(|scope| {
        for word in ["$x$x$x$x", "\"$x$x$x$x\""] {
            let line = format!("{capture}; y={word}; echo ${{#y}}");
            scope.spawn(move || refused_within(&[], &line, "value bytes", bound));
        }
    });
}

/// Repetition and growth under small limits (value bytes 32 MiB, variable bytes and input
/// bytes 64 MiB). Peaks before → after, unoptimised build: `${x//?/$x}` 122 → 97 MiB,
/// `a=($x)` over 4 million words 647 → 163 MiB (not refused before), jq `"abc" * 1e8` 325 →
/// 39 MiB, jq `setpath([2e7]; 1)` 344 → 39 MiB, `$(< FILE)` of 100 MB 129 → 31 MiB; a
/// capture of `yes` and jq's `[range(1e8)]`
/// were bounded already (97 and 99 MiB) and stay so.
#[test]
fn repetition_and_growth_are_refused_before_they_are_made() {
    let limits = ["output-bytes=33554432", "variable-bytes=67108864", "input-bytes=67108864"];
    let (value, variables) = (32 * MIB, 64 * MIB);
    let cases: &[(&str, &str, u64)] = &[
        ("x=$(head -c 8000 /dev/zero | tr '\\0' a); y=${x//?/$x}", "value bytes", AT_REST + 2 * value),
        ("x=$(yes a | head -c 8000000 | tr '\\n' ' '); a=($x)", "variable bytes", AT_REST + 2 * variables + 16 * MIB),
        ("x=$(yes | head -c 1000000000)", "output bytes", AT_REST + 2 * value),
        ("head -c 100000000 /dev/zero > big; x=$(< big)", "output bytes", AT_REST + value),
        ("jq -n '\"abc\" * 100000000 | length'", "value bytes", AT_REST + value),
        ("jq -n 'setpath([20000000]; 1) | length'", "value bytes", AT_REST + value),
        ("jq -n '[range(1e8)] | length'", "input bytes", AT_REST + 2 * variables),
    ];
    for (line, limit, bound) in cases {
        refused_within(&limits, line, limit, *bound);
    }
    // Within the limits, the same shapes still work.
    let (status, stderr, _) =
        peak(&limits, "x=$(head -c 100 /dev/zero | tr '\\0' a); y=${x//?/$x}$x$x; a=($x $x); jq -n '\"ab\" * 3'");
    assert_eq!(status, 0, "{stderr}");
}
