//! SQL without host files: no SQLite statement a command or tool runs may create, read or
//! change a file outside the workspace's gate, nor reach the store.

use super::{Case, assert_none, breaches};

/// Every place a statement could name: absolute host paths, names relative to the process's
/// cwd, `file:` URIs, the store itself (`{host}`, `{ws}`, `{store}` are the fixture's paths).
const ROUTES: &[&str] = &[
    "ATTACH DATABASE '{host}/new.db' AS o; CREATE TABLE o.t(x)",
    "ATTACH '{host}/victim.db' AS h; SELECT * FROM h.t",
    "ATTACH '{host}/victim.db' AS h; DELETE FROM h.t",
    "ATTACH 'relative.db' AS r; CREATE TABLE r.t(x)",
    "ATTACH 'file:{host}/uri.db?mode=rwc' AS u; CREATE TABLE u.t(x)",
    "ATTACH 'file:relative_uri.db' AS u; CREATE TABLE u.t(x)",
    "ATTACH '{store}' AS s; DELETE FROM s.audit",
    "ATTACH '{store}' AS s; SELECT count(*) FROM s.audit",
    "ATTACH '{ws}/keep.db' AS k; DELETE FROM k.t",
    "VACUUM INTO '{host}/vacuumed.db'",
    "VACUUM INTO 'vacuumed_relative.db'",
    "SELECT load_extension('{host}/evil.so')",
    "PRAGMA temp_store_directory = '{host}'",
];

/// Runs each route through each entry point under each workspace mode and profile.
#[test]
fn sql_reaches_no_host_file_and_not_the_store() {
    let modes: &[&[&str]] = &[
        &[],
        &["--profile", "readonly"],
        &["--profile", "trusted"],
        &["--memory"],
        &["--overlay", "{ws}", "--profile", "trusted"],
    ];
    let mut table = Vec::new();
    for (i, sql) in ROUTES.iter().enumerate() {
        let quoted = format!("'{}'", sql.replace('\'', "'\\''"));
        // Each route through every entry point, the modes spread over the routes so the table
        // stays a few hundred runs.
        let flags = modes[i % modes.len()];
        for line in [
            format!("sqlite3 :memory: {quoted}"),
            format!("sqlite3 {quoted}"),
            format!("sqlite3 work.db {quoted}"),
            format!("db.query --database :memory: --sql {quoted}"),
            format!("db.execute --database :memory: --sql {quoted}"),
            format!("db.execute --sql {quoted}"),
        ] {
            table.push(Case::new(flags, line));
        }
    }
    let found = breaches(&table, &["ws/keep.db"], |fx, _| {
        let strays: Vec<String> = ["cwd", "host", "ws"]
            .iter()
            .flat_map(|d| std::fs::read_dir(fx.base.join(d)).into_iter().flatten().flatten())
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|n| ["new", "relative", "uri", "vacuum"].iter().any(|w| n.contains(w)))
            .collect();
        if fx.audit_rows() == 0 {
            return Some("the audit log was erased".into());
        }
        (!strays.is_empty()).then(|| format!("created {strays:?}"))
    });
    assert_none("sql", found);
}

/// What a refused statement looks like, and that ordinary SQL and `:memory:` attachments work.
#[test]
fn refused_sql_says_why_and_ordinary_sql_still_runs() {
    let fx = super::Fixture::new();
    let host = fx.host.to_string_lossy();
    let ran = fx.run(&[], &format!("sqlite3 :memory: \"ATTACH '{host}/x.db' AS o\""));
    assert_eq!(ran.status, 1, "{}", ran.stderr);
    assert!(ran.stderr.contains("not authorized"), "{}", ran.stderr);
    let ran = fx.run(
        &[],
        "sqlite3 work.db 'CREATE TABLE t(x); INSERT INTO t VALUES (41+1)'; sqlite3 work.db 'SELECT x FROM t'; \
         sqlite3 :memory: \"ATTACH ':memory:' AS m; CREATE TABLE m.t(y); INSERT INTO m.t VALUES (7); SELECT y FROM m.t\"",
    );
    assert_eq!((ran.stdout.as_str(), ran.status), ("42\n7\n", 0), "{}", ran.stderr);
    // A workspace database read under a read rule stays behind the rule.
    let ran = fx.run(&["--deny", "fs.read:keep.db"], "sqlite3 keep.db 'SELECT * FROM t'");
    assert_eq!(ran.status, 126, "{}", ran.stderr);
    assert!(!ran.stdout.contains("row-secret"));
}
