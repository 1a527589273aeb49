//! Every call is audited: in the EXIT trap, in a background job, in a line cut off by its
//! deadline, and denials in all three; what the records name is what was touched.

use super::Fixture;

/// `(command, tool, decision, status)` of one audit row.
type Row = (String, String, String, i64);

/// A case: flags, line, and the record it must leave (command, tool, decision, status).
type Expected = (&'static [&'static str], &'static str, &'static str, &'static str, &'static str, i64);

/// Every audit row, oldest first.
fn rows(fx: &Fixture) -> Vec<Row> {
    let conn = rusqlite::Connection::open(fx.ws.join("state/store.db")).expect("open store");
    let mut stmt = conn.prepare("SELECT command, tool, decision, status FROM audit ORDER BY id").expect("prepare");
    stmt.query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)))
        .expect("query")
        .map(|r| r.expect("row"))
        .collect()
}

fn has(rows: &[Row], command: &str, tool: &str, decision: &str, status: i64) -> bool {
    rows.iter().any(|(c, t, d, s)| c == command && t == tool && d == decision && *s == status)
}

#[test]
fn calls_in_traps_jobs_and_cut_off_lines_are_audited() {
    let cases: &[Expected] = &[
        (&[], "trap 'rm other.txt' EXIT; true", "rm", "fs.delete", "allow", 0),
        (&["--deny", "fs.delete"], "trap 'c=rm; $c other.txt' EXIT; true", "rm", "fs.delete", "deny", 126),
        (&["--timeout", "1"], "rm other.txt; sleep 5", "rm", "fs.delete", "allow", 0),
        (&["--timeout", "1"], "cat other.txt >/dev/null; while :; do :; done", "cat", "fs.read", "allow", 0),
        (&["--deny", "fs.delete", "--timeout", "1"], "c=rm; $c other.txt; sleep 5", "rm", "fs.delete", "deny", 126),
        (&[], "rm other.txt & wait", "rm", "fs.delete", "allow", 0),
        (&["--deny", "fs.write:dir/**"], "(echo x > dir/x.txt) & wait", "redirect", "fs.write", "deny", 126),
        (&[], "ln -s . here; echo x > here/other.txt", "redirect", "fs.write", "allow", 0),
        (&[], "ln -s . here; rm -rf here/ssh", "rm", "fs.delete", "deny", 126),
    ];
    let mut missing = Vec::new();
    for (flags, line, command, tool, decision, status) in cases {
        let fx = Fixture::new();
        fx.run(flags, line);
        let rows = rows(&fx);
        if !has(&rows, command, tool, decision, *status) {
            missing.push(format!("{flags:?} {line:?}: no {command} {tool} {decision} {status} in {rows:?}"));
        }
    }
    assert!(missing.is_empty(), "calls missing from the audit log:\n{}", missing.join("\n"));
}
