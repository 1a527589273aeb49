//! Store behaviour on a real file: migrations, messages, meta protections, errors.

use super::*;

fn store(dir: &tempfile::TempDir, agent: &str) -> Store {
    Store::new(&dir.path().join("store.db"), agent, "s1")
}

#[test]
fn messages_are_delivered_once_and_counted() {
    let dir = tempfile::tempdir().unwrap();
    let alice = store(&dir, "alice");
    let bob = store(&dir, "bob");
    let first = alice.send("bob", "hello").unwrap();
    alice.send("bob", "again").unwrap();
    assert_eq!(bob.counts().unwrap(), [2, 0, 0, 0]);
    let got = bob.read(false, Some(1)).unwrap();
    assert_eq!((got[0].id, got[0].text.as_str(), got[0].from.as_str()), (first, "hello", "alice"));
    assert_eq!(bob.read(false, None).unwrap().len(), 1);
    assert!(bob.read(false, None).unwrap().is_empty());
    assert_eq!(bob.read(true, None).unwrap().len(), 2);
    assert_eq!(bob.update(&[first, 999], None, Some(true)).unwrap(), vec![first]);
    assert_eq!(bob.counts().unwrap(), [0, 1, 1, 0]);
    assert_eq!(alice.counts().unwrap(), [0, 0, 0, 2]);
    let agents: Vec<String> = alice.agents().unwrap().into_iter().map(|(n, _)| n).collect();
    assert_eq!(agents.len(), 2);
}

#[test]
fn meta_protections_hold() {
    let dir = tempfile::tempdir().unwrap();
    let s = store(&dir, "a");
    s.meta_set("name", "x", Some(Protection::Readonly)).unwrap();
    assert!(matches!(s.meta_set("name", "y", None), Err(MetaError::Refused(_))));
    assert!(matches!(s.meta_delete("name"), Err(MetaError::Refused(_))));
    s.meta_set("n", "5", Some(Protection::Increment)).unwrap();
    assert!(matches!(s.meta_set("n", "4", None), Err(MetaError::Refused(_))));
    assert!(matches!(s.meta_incr("n", -1), Err(MetaError::Refused(_))));
    assert_eq!(s.meta_incr("n", 3).unwrap(), 8);
    assert_eq!(s.meta_incr("fresh", 2).unwrap(), 2);
    s.meta_set("text", "abc", None).unwrap();
    assert!(matches!(s.meta_incr("text", 1), Err(MetaError::Refused(_))));
    assert!(s.meta_delete("text").unwrap());
    assert!(!s.meta_delete("text").unwrap());
    let keys: Vec<String> = s.meta_list("n").unwrap().into_iter().map(|e| e.key).collect();
    assert_eq!(keys, ["n", "name"]);
}

#[test]
fn a_file_that_is_not_a_store_is_named_and_left_alone() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("store.db");
    #[allow(clippy::disallowed_methods)]
    std::fs::write(&path, b"not a database at all, but somebody's notes\n".repeat(200)).unwrap();
    let err = Store::new(&path, "a", "s").send("b", "x").unwrap_err();
    assert!(err.0.contains(&path.display().to_string()) && err.0.contains("not a toolsh store"), "{err}");
    #[allow(clippy::disallowed_methods)]
    let kept = std::fs::read(&path).unwrap();
    assert!(kept.starts_with(b"not a database"), "the file must not be touched");
}

#[test]
fn a_newer_schema_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("store.db");
    let conn = Connection::open(&path).unwrap();
    conn.pragma_update(None, "user_version", 99).unwrap();
    drop(conn);
    let err = Store::new(&path, "a", "s").counts().unwrap_err();
    assert!(
        err.0.contains("has schema version 99, newer than this toolsh's") && err.0.contains("upgrade toolsh"),
        "{err}"
    );
}

#[test]
fn the_wal_stays_small_across_many_command_lines() {
    // Each process that opens the store first reads the whole WAL: writes must empty it
    // (the same across processes is `the_wal_stays_bounded_across_one_shot_processes`).
    let dir = tempfile::tempdir().unwrap();
    let store = store(&dir, "a");
    for i in 0..400 {
        store.meta_incr(&format!("k{}", i % 50), 1).unwrap();
    }
    #[allow(clippy::disallowed_methods)]
    let wal = std::fs::metadata(dir.path().join("store.db-wal")).map(|m| m.len()).unwrap_or(0);
    assert!(wal < (WAL_PAGES as u64 + 16) * 4200, "WAL grew to {wal} bytes");
}

#[test]
fn the_audit_log_keeps_what_its_retention_says() {
    let dir = tempfile::tempdir().unwrap();
    let retention = Retention { max_age: Duration::from_secs(3600), max_rows: 1000 };
    let s = store(&dir, "a").with_retention(retention);
    let record = |age: Duration| crate::audit::Record {
        at: SystemTime::now() - age,
        tool: "fs.read".into(),
        command: "cat".into(),
        digest: 7,
        verdict: crate::policy::Verdict::Allow,
        rule: "profile".into(),
        status: 0,
        micros: 1,
        calls: 1,
    };
    let count = || {
        let conn = Connection::open(dir.path().join("store.db")).unwrap();
        conn.query_row("SELECT count(*), min(at) FROM audit", [], |r| Ok((r.get::<_, i64>(0)?, r.get::<_, i64>(1)?)))
            .unwrap()
    };
    // Old records go once the log passes the next multiple of PRUNE_EVERY.
    let old: Vec<_> = (0..100).map(|_| record(Duration::from_secs(7200))).collect();
    s.append("s1", "a", &old).unwrap();
    for _ in 0..50 {
        let batch: Vec<_> = (0..100).map(|_| record(Duration::ZERO)).collect();
        s.append("s1", "a", &batch).unwrap();
    }
    let (rows, oldest) = count();
    assert!((1000..=1000 + PRUNE_EVERY).contains(&rows), "{rows} rows");
    assert!(oldest > now_ms() - 3_600_000, "an expired record is still there");
}

#[test]
fn stale_http_sessions_are_forgotten_with_their_handshakes_and_others_kept() {
    let dir = tempfile::tempdir().unwrap();
    let store = store(&dir, "a");
    let snapshot = crate::snapshot::Snapshot { state: "{}".into(), tmp: Vec::new() };
    for name in ["mcp:old", "mcp:new", "work"] {
        store.save_session(name, &snapshot).unwrap();
    }
    store.save_mcp_session("old", "{}").unwrap();
    store.with(|conn| conn.execute("UPDATE sessions SET saved_at = 0 WHERE name IN ('mcp:old', 'work')", [])).unwrap();
    assert_eq!(store.drop_stale_sessions("mcp:", 1000).unwrap(), 1);
    let left: Vec<String> = store.sessions().unwrap().into_iter().map(|s| s.name).collect();
    assert_eq!(left, ["mcp:new", "work"]);
    assert_eq!(store.load_mcp_session("old").unwrap(), None);
}
