//! Line filters work a line (or a piece) at a time: over a pipe several times larger than the
//! session's `input-bytes` limit — the most a command may hold of its input — each filter whose
//! output for a line depends on that line (or a bounded window) gives GNU's output, where one
//! that read its input whole would stop at the limit. The expected outputs are GNU's (recorded
//! from bash with coreutils and jq on the build machine).

use toolsh::{Limits, Shell};

/// 3.6 MB of lines, against a limit of 1 MB. (awk and jq bound the growth of the whole process
/// during their evaluation by the same limit, which the other stages of the line reach alone:
/// their streaming is shown by `yes | jq -R . | head` in tests/compat/streaming.sh.)
const LINES: &str = "yes abcdefgh | head -n 400000";

#[test]
fn filters_over_an_input_larger_than_they_may_hold_give_the_whole_output() {
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().expect("runtime");
    let limits = Limits { input_bytes: 1_000_000, ..Limits::default() };
    let mut shell = Shell::builder().limits(limits).build();
    // Whole-input readers are refused at the limit: the bound is real.
    let refused = runtime.block_on(shell.exec(&format!("{LINES} | tac | tail -1")));
    assert!(refused.stderr_text().contains("input-bytes limit"), "{}", refused.stderr_text());
    let cases: &[(&str, &str)] = &[
        ("cat -n | tail -1", "400000\tabcdefgh\n"),
        ("cat -vET | tail -1", "abcdefgh$\n"),
        ("rev | tail -1", "hgfedcba\n"),
        ("nl | tail -1", "400000\tabcdefgh\n"),
        ("fold -w 3 | tail -1", "gh\n"),
        ("tr h '\\t' | expand | tail -1", "abcdefg \n"),
        (
            "sed 's/^/        /' | unexpand | tail -1 | od -c | head -1",
            "0000000  \\t   a   b   c   d   e   f   g   h  \\n\n",
        ),
        ("tr e : | cut -d: -f2 | tail -1", "fgh\n"),
        ("paste - - | tail -1", "abcdefgh\tabcdefgh\n"),
        ("paste -s -d, | wc -c", "3600000\n"),
        ("uniq -c", " 400000 abcdefgh\n"),
        ("grep -c abc", "400000\n"),
        ("sed -n '$p'", "abcdefgh\n"),
        ("base64 | tail -1", "ZGVmZ2gKYWJjZGVmZ2gKYWJjZGVmZ2gKYWJjZGVmZ2gKYWJjZGVmZ2gKYWJjZGVmZ2gK\n"),
        ("base64 -w0 | base64 -d | tail -1", "abcdefgh\n"),
        ("od -An -c | tail -1", "   c   d   e   f   g   h  \\n   a   b   c   d   e   f   g   h  \\n\n"),
        ("sha256sum", "44bd142d8af957113545dbb494671a85b599f3b61565bce70757cca7449e5755  -\n"),
        ("wc", " 400000  400000 3600000\n"),
        ("tr a-z A-Z | tail -1", "ABCDEFGH\n"),
        ("tee /dev/null | tail -1", "abcdefgh\n"),
    ];
    let mut failures = Vec::new();
    for (filter, expected) in cases {
        let line = format!("{LINES} | {filter}");
        let out = runtime.block_on(shell.exec(&line));
        if out.stdout_text() != *expected || out.status != 0 {
            failures.push(format!("{line}: status {} {:?} {}", out.status, out.stdout_text(), out.stderr_text()));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// A compressed stream on standard input is decompressed a piece at a time: streams larger
/// than the `input-bytes` limit (which a command gathering its input whole would stop at) come
/// out whole, byte for byte what went in.
#[test]
fn compressed_input_larger_than_a_command_may_hold_is_decompressed_a_piece_at_a_time() {
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().expect("runtime");
    let limits = Limits { input_bytes: 200_000, ..Limits::default() };
    let mut shell = Shell::builder().limits(limits).build();
    // 1 MB of shuffled numbers, which no compressor gets under the limit (about 450 KB).
    let made = runtime.block_on(shell.exec("shuf -i 1-150000 > shuffled.txt"));
    assert_eq!(made.status, 0, "{}", made.stderr_text());
    let whole = runtime.block_on(shell.exec("sha256sum < shuffled.txt")).stdout_text();
    assert_eq!(whole.len(), 68, "{whole:?}");
    let mut failures = Vec::new();
    for (compress, decompress) in
        [("gzip", "gunzip"), ("gzip -c", "zcat"), ("bzip2", "bunzip2 -c"), ("xz", "xz -dc"), ("xz", "unxz")]
    {
        let size = runtime.block_on(shell.exec(&format!("{compress} < shuffled.txt > packed; wc -c < packed")));
        let size: usize = size.stdout_text().trim().parse().unwrap_or(0);
        assert!(size > 200_000, "{compress} made {size} bytes: under the limit, the case shows nothing");
        let line = format!("cat packed | {decompress} | sha256sum");
        let out = runtime.block_on(shell.exec(&line));
        if out.stdout_text() != whole || out.status != 0 {
            failures.push(format!("{line}: status {} {:?} {}", out.status, out.stdout_text(), out.stderr_text()));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
