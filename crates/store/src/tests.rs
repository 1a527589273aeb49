//! The store's suite, run on both engines: on a real SQLite file, and on the PostgreSQL
//! database `TOOLSH_TEST_POSTGRES` names (`.ci/run` starts a private cluster with
//! `scripts/postgres.sh` and sets it; without it the PostgreSQL half says it was skipped).
//! Each PostgreSQL case gets a schema of its own, so cases run side by side.

use super::*;
use rusqlite::Connection;
use std::sync::atomic::AtomicUsize;

/// One store for a case: a SQLite file in a temporary directory, or a fresh schema of the
/// test database.
struct Backend {
    name: &'static str,
    location: Location,
    _dir: Option<tempfile::TempDir>,
    /// The PostgreSQL schema, dropped with the backend.
    schema: Option<(String, String)>,
}

impl Drop for Backend {
    fn drop(&mut self) {
        if let Some((url, schema)) = &self.schema {
            let admin = Store::open(&Location::Postgres(url.clone()), "admin", "setup");
            let _ = admin.execute_for_test(&format!("DROP SCHEMA IF EXISTS {schema} CASCADE"));
        }
    }
}

impl Backend {
    fn store(&self, agent: &str) -> Store {
        Store::open(&self.location, agent, "s1")
    }
}

/// The test database's address, when there is one.
fn postgres_url() -> Option<String> {
    #[allow(clippy::disallowed_methods)] // the test run's own setting
    std::env::var("TOOLSH_TEST_POSTGRES").ok().filter(|url| !url.is_empty())
}

/// A PostgreSQL store in a schema of its own (`options=-csearch_path=…` puts every table
/// there).
fn postgres_backend(url: &str, case: &str) -> Backend {
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    let schema =
        format!("t{}_{}_{}", std::process::id(), NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed), case);
    let schema: String = schema.chars().take(60).collect();
    let admin = Store::open(&Location::Postgres(url.to_string()), "admin", "setup");
    admin.execute_for_test(&format!("DROP SCHEMA IF EXISTS {schema} CASCADE")).unwrap();
    admin.execute_for_test(&format!("CREATE SCHEMA {schema}")).unwrap();
    let separator = if url.contains('?') { '&' } else { '?' };
    let location = Location::Postgres(format!("{url}{separator}options=-csearch_path%3D{schema}"));
    Backend { name: "postgres", location, _dir: None, schema: Some((url.to_string(), schema)) }
}

/// Runs `case` on SQLite, then on PostgreSQL when a test database is named.
fn on_both(case: &str, test: impl Fn(&Backend)) {
    let dir = tempfile::tempdir().unwrap();
    let location = Location::File(dir.path().join("store.db"));
    test(&Backend { name: "sqlite", location, _dir: Some(dir), schema: None });
    match postgres_url() {
        Some(url) => test(&postgres_backend(&url, case)),
        None => eprintln!("{case}: PostgreSQL skipped (TOOLSH_TEST_POSTGRES is not set)"),
    }
}

#[test]
fn messages_are_delivered_once_and_counted() {
    on_both("messages", |b| {
        let alice = b.store("alice");
        let bob = b.store("bob");
        let first = alice.send("bob", "hello").unwrap();
        alice.send("bob", "again").unwrap();
        assert_eq!(bob.counts().unwrap(), [2, 0, 0, 0], "{}", b.name);
        let got = bob.read(false, Some(1)).unwrap();
        assert_eq!((got[0].id, got[0].text.as_str(), got[0].from.as_str()), (first, "hello", "alice"));
        assert_eq!(bob.read(false, None).unwrap().len(), 1);
        assert!(bob.read(false, None).unwrap().is_empty());
        assert_eq!(bob.read(true, None).unwrap().len(), 2);
        assert_eq!(bob.update(&[first, 999], None, Some(true)).unwrap(), vec![first]);
        assert_eq!(bob.counts().unwrap(), [0, 1, 1, 0]);
        assert_eq!(alice.counts().unwrap(), [0, 0, 0, 2]);
        assert_eq!(bob.update(&[first], Some(false), Some(false)).unwrap(), vec![first]);
        assert_eq!(bob.counts().unwrap(), [1, 1, 0, 0], "{}", b.name);
        let agents: Vec<String> = alice.agents().unwrap().into_iter().map(|(n, _)| n).collect();
        assert_eq!(agents.len(), 2, "{}: {agents:?}", b.name);
        assert!(alice.last_seen("bob").unwrap().is_some());
        assert_eq!(alice.last_seen("nobody").unwrap(), None);
    });
}

#[test]
fn concurrent_readers_never_get_the_same_message_and_order_is_kept() {
    on_both("readers", |b| {
        let sender = b.store("alice");
        for i in 0..200 {
            sender.send("bob", &format!("m{i}")).unwrap();
        }
        let got: Vec<Vec<Message>> = std::thread::scope(|scope| {
            let readers: Vec<_> = (0..4)
                .map(|_| {
                    scope.spawn(|| {
                        let bob = b.store("bob");
                        let mut mine = Vec::new();
                        loop {
                            let batch = bob.read(false, Some(7)).unwrap();
                            if batch.is_empty() {
                                break mine;
                            }
                            mine.extend(batch);
                        }
                    })
                })
                .collect();
            readers.into_iter().map(|r| r.join().unwrap()).collect()
        });
        let mut ids: Vec<i64> = got.iter().flatten().map(|m| m.id).collect();
        for mine in &got {
            assert!(mine.windows(2).all(|w| w[0].id < w[1].id), "{}: a reader got messages out of order", b.name);
        }
        let total = ids.len();
        ids.sort_unstable();
        ids.dedup();
        assert_eq!((total, ids.len()), (200, 200), "{}: lost or duplicated", b.name);
    });
}

#[test]
fn meta_protections_hold() {
    on_both("meta", |b| {
        let s = b.store("a");
        s.meta_set("name", "x", Some(Protection::Readonly)).unwrap();
        assert!(matches!(s.meta_set("name", "y", None), Err(MetaError::Refused(_))));
        assert!(matches!(s.meta_set("name", "x", Some(Protection::None)), Err(MetaError::Refused(_))));
        assert!(matches!(s.meta_delete("name"), Err(MetaError::Refused(_))));
        s.meta_set("n", "5", Some(Protection::Increment)).unwrap();
        assert!(matches!(s.meta_set("n", "4", None), Err(MetaError::Refused(_))));
        assert!(matches!(s.meta_incr("n", -1), Err(MetaError::Refused(_))));
        assert_eq!(s.meta_incr("n", 3).unwrap(), 8);
        assert_eq!(s.meta_incr("fresh", 2).unwrap(), 2);
        assert!(matches!(s.meta_incr("fresh", i64::MAX), Err(MetaError::Refused(_))));
        s.meta_set("text", "abc", None).unwrap();
        assert!(matches!(s.meta_incr("text", 1), Err(MetaError::Refused(_))));
        assert!(s.meta_delete("text").unwrap());
        assert!(!s.meta_delete("text").unwrap());
        let keys: Vec<String> = s.meta_list("n").unwrap().into_iter().map(|e| e.key).collect();
        assert_eq!(keys, ["n", "name"], "{}", b.name);
        let got = s.meta_get("n").unwrap().unwrap();
        assert_eq!((got.value.as_str(), got.protection), ("8", Protection::Increment));
        assert_eq!(s.meta_get("missing").unwrap(), None);
    });
}

#[test]
fn increments_from_many_connections_add_up() {
    on_both("incr", |b| {
        std::thread::scope(|scope| {
            for t in 0..4 {
                let store = b.store(&format!("w{t}"));
                scope.spawn(move || {
                    for _ in 0..50 {
                        store.meta_incr("count", 1).unwrap();
                    }
                });
            }
        });
        assert_eq!(b.store("a").meta_get("count").unwrap().unwrap().value, "200", "{}", b.name);
    });
}

#[test]
fn timers_are_claimed_once_per_slot() {
    on_both("timers", |b| {
        let s = b.store("a");
        let id = s.add_at("echo hi", "/", "[at]", 1_000, 3).unwrap().unwrap();
        assert_eq!(
            s.add_at("echo 2", "/", "[at]", 2_000, 1).unwrap(),
            Err("limit exceeded: timers per agent (at most 1)".into())
        );
        s.set_crontab("* * * * * date\n", &[("* * * * *".into(), "date".into(), 1_500)], "/", "[cron]", 3)
            .unwrap()
            .unwrap();
        assert_eq!(s.crontab().unwrap().as_deref(), Some("* * * * * date\n"));
        assert_eq!(s.timers("at").unwrap().len(), 1);
        assert_eq!(s.next_due().unwrap(), Some(1_000));
        let due = s.due_timers(1_600).unwrap();
        assert_eq!(due.iter().map(|t| t.next_at).collect::<Vec<_>>(), [1_000, 1_500], "{}", b.name);
        // Each keeps the policy it was scheduled under.
        let policies: Vec<_> = due.iter().map(|t| t.policy.as_deref()).collect();
        assert_eq!(policies, [Some("[at]"), Some("[cron]")], "{}", b.name);
        let lease = |owner: &str, until: i64| Lease { owner: owner.to_string(), until };
        // Three claimants of the same slot: one wins.
        let wins: usize = std::thread::scope(|scope| {
            let claims: Vec<_> = (0..3)
                .map(|i| {
                    let store = b.store(&format!("serve{i}"));
                    let cron = due[1].clone();
                    let held = lease(&format!("serve{i}"), now_ms() + 60_000);
                    scope.spawn(move || usize::from(store.claim_timer(&cron, Some(61_500), true, &held).unwrap()))
                })
                .collect();
            claims.into_iter().map(|c| c.join().unwrap()).sum()
        });
        assert_eq!(wins, 1, "{}", b.name);
        // A run whose server died: its lease runs out, and one other server takes it over.
        assert!(s.claim_timer(&due[0], None, true, &lease("dead", 5_000)).unwrap());
        assert!(!s.claim_timer(&due[0], None, true, &lease("late", 5_000)).unwrap());
        assert_eq!(
            s.take_orphaned_run(&lease("heir", 90_000), 4_000).unwrap(),
            None,
            "{}: the lease still holds",
            b.name
        );
        assert_eq!(s.renew_timer_runs(&lease("nobody", 1)).unwrap(), 0);
        let taken = std::thread::scope(|scope| {
            let takers: Vec<_> = ["heir1", "heir2", "heir3"]
                .map(|name| {
                    let store = b.store(name);
                    scope.spawn(move || store.take_orphaned_run(&lease(name, now_ms() + 60_000), 6_000).unwrap())
                })
                .into_iter()
                .collect();
            takers.into_iter().filter_map(|t| t.join().unwrap()).collect::<Vec<_>>()
        });
        assert_eq!(taken.len(), 1, "{}: taken once: {taken:?}", b.name);
        let heir = taken[0].clone();
        assert_eq!((heir.id, heir.next_at, heir.command.as_str(), heir.cwd.as_str()), (id, 1_000, "echo hi", "/"));
        assert_eq!(heir.policy.as_deref(), Some("[at]"), "{}: a taken-over run keeps its policy", b.name);
        // The dead server's late report changes nothing; the heir's is the run's.
        assert!(!s.finish_timer_run(id, 1_000, "dead", 1, "half").unwrap(), "{}", b.name);
        let owner = s.timer_runs(Some(id), 1).unwrap();
        assert_eq!(owner[0].status, None);
        let heir_name = ["heir1", "heir2", "heir3"]
            .into_iter()
            .find(|name| s.finish_timer_run(id, 1_000, name, 0, "hi\n").unwrap())
            .expect("the heir finishes it");
        assert!(heir_name.starts_with("heir"));
        let runs = s.timer_runs(Some(id), 10).unwrap();
        assert_eq!((runs.len(), runs[0].status, runs[0].output.as_deref()), (1, Some(0), Some("hi\n")));
        assert_eq!(s.timer_runs(None, 10).unwrap().len(), 2);
        assert!(s.timers("at").unwrap().is_empty());
        assert!(s.remove_crontab().unwrap());
        assert!(!s.remove_at(id).unwrap());
        assert_eq!(s.next_due().unwrap(), None);
    });
}

#[test]
fn sessions_and_caches_are_kept_and_stale_ones_forgotten() {
    on_both("sessions", |b| {
        let store = b.store("a");
        let snapshot = crate::SavedSession { version: 1, state: "{}".into(), tmp: vec![0, 1, 2, 255] };
        for name in ["mcp:old", "mcp:new", "work"] {
            store.save_session(name, &snapshot).unwrap();
        }
        assert_eq!(store.load_session("work").unwrap(), Some(snapshot.clone()));
        assert!(b.store("other").load_session("work").unwrap().is_none(), "sessions are per agent");
        assert!(store.copy_session("work", "copy").unwrap());
        assert!(!store.copy_session("none", "copy2").unwrap());
        store.save_mcp_session("old", "{}").unwrap();
        store.execute_for_test("UPDATE sessions SET saved_at = 0 WHERE name IN ('mcp:old', 'work')").unwrap();
        assert_eq!(store.drop_stale_sessions("mcp:", 1000).unwrap(), 1);
        let left: Vec<String> = store.sessions().unwrap().into_iter().map(|s| s.name).collect();
        assert_eq!(left, ["copy", "mcp:new", "work"], "{}", b.name);
        assert_eq!(store.sessions().unwrap()[0].bytes, 6);
        assert_eq!(store.load_mcp_session("old").unwrap(), None);
        assert!(store.drop_session("copy").unwrap());
        assert!(!store.drop_session("copy").unwrap());
        store.set_mcp_tools("id1", "[1]").unwrap();
        store.set_mcp_tools("id1", "[2]").unwrap();
        assert_eq!(store.mcp_tools("id1").unwrap().map(|(_, t)| t).as_deref(), Some("[2]"));
    });
}

#[test]
fn the_audit_log_keeps_what_its_retention_says() {
    on_both("audit", |b| {
        let retention = Retention { max_age: Duration::from_secs(3600), max_rows: 1000 };
        let s = b.store("a").with_retention(retention);
        let record = |age: Duration| toolsh_gate::audit::Record {
            at: SystemTime::now() - age,
            tool: "fs.read".into(),
            command: "cat".into(),
            digest: 7,
            verdict: toolsh_gate::policy::Verdict::Allow,
            rule: "profile".into(),
            status: 0,
            micros: 1,
            calls: 1,
        };
        // Old records go once the log passes the next multiple of PRUNE_EVERY.
        let old: Vec<_> = (0..100).map(|_| record(Duration::from_secs(7200))).collect();
        s.append("s1", "a", &old).unwrap();
        for _ in 0..50 {
            let batch: Vec<_> = (0..100).map(|_| record(Duration::ZERO)).collect();
            s.append("s1", "a", &batch).unwrap();
        }
        // An update that changes nothing counts rows.
        let rows = s.execute_for_test("UPDATE audit SET calls = calls").unwrap() as i64;
        assert!((1000..=1000 + PRUNE_EVERY).contains(&rows), "{}: {rows} rows", b.name);
        let cutoff = now_ms() - 3_600_000;
        let expired = s.execute_for_test(&format!("UPDATE audit SET calls = calls WHERE at < {cutoff}")).unwrap();
        assert_eq!(expired, 0, "{}: an expired record is still there", b.name);
    });
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
    let Some(url) = postgres_url() else {
        return eprintln!("a_newer_schema_is_refused: PostgreSQL skipped (TOOLSH_TEST_POSTGRES is not set)");
    };
    let backend = postgres_backend(&url, "newer");
    backend.store("a").counts().unwrap();
    backend.store("a").execute_for_test("UPDATE toolsh_schema SET version = 99").unwrap();
    // A process that has not opened it yet (the engine of an address is shared in a process).
    let Location::Postgres(address) = &backend.location else { unreachable!() };
    let fresh = Store::open(&Location::Postgres(format!("{address}&application_name=fresh")), "a", "s");
    let err = fresh.counts().unwrap_err();
    assert!(err.0.contains("schema version 99, newer than this toolsh's") && err.0.contains("127.0.0.1"), "{err}");
}

#[test]
fn an_unreachable_database_is_named_without_its_password() {
    let store = Store::open(&Location::parse("postgres://someone:hunter2@127.0.0.1:9/nothing"), "a", "s");
    let err = store.send("b", "x").unwrap_err();
    assert!(err.0.contains("postgres://someone@127.0.0.1:9/nothing cannot be reached"), "{err}");
    assert!(!err.0.contains("hunter2"), "{err}");
    let err = Store::open(&Location::parse("postgres://a:hunter2@[::1/x"), "a", "s").check().unwrap_err();
    assert!(err.0.contains("not a PostgreSQL URL") && !err.0.contains("hunter2"), "{err}");
}

#[test]
fn tls_is_verified_against_the_named_authority_and_refused_unencrypted() {
    // The test cluster (scripts/postgres.sh) takes TCP connections with TLS only, and its
    // address names the authority of its certificate.
    let Some(url) = postgres_url().filter(|url| url.contains("sslrootcert=")) else {
        return eprintln!("tls: skipped (TOOLSH_TEST_POSTGRES names no TLS cluster)");
    };
    let (base, query) = url.split_once('?').unwrap();
    let root = query.split('&').find_map(|p| p.strip_prefix("sslrootcert=")).unwrap();
    let open = |query: &str| Store::open(&Location::Postgres(format!("{base}?{query}&application_name=tls")), "a", "s");
    open(&format!("sslmode=verify-full&sslrootcert={root}")).check().unwrap();
    // `require` encrypts without checking the certificate, as libpq does.
    open("sslmode=require").check().unwrap();
    let err = open("sslmode=disable").check().unwrap_err();
    assert!(err.0.contains("no encryption") && err.0.contains("127.0.0.1"), "{err}");
    // Another authority: the server's own certificate is no root of trust.
    let other = root.replace("ca.crt", "server.crt");
    let err = open(&format!("sslmode=verify-full&sslrootcert={other}")).check().unwrap_err();
    assert!(err.0.contains("invalid peer certificate"), "{err}");
    let err = open("sslmode=verify-full&sslrootcert=/no/such/ca.pem").check().unwrap_err();
    assert!(err.0.contains("/no/such/ca.pem"), "{err}");
}

#[test]
fn the_wal_stays_small_across_many_command_lines() {
    // Each process that opens the store first reads the whole WAL: writes must empty it
    // (the same across processes is `the_wal_stays_bounded_across_one_shot_processes`).
    let dir = tempfile::tempdir().unwrap();
    let store = Store::new(&dir.path().join("store.db"), "a", "s1");
    for i in 0..400 {
        store.meta_incr(&format!("k{}", i % 50), 1).unwrap();
    }
    #[allow(clippy::disallowed_methods)]
    let wal = std::fs::metadata(dir.path().join("store.db-wal")).map(|m| m.len()).unwrap_or(0);
    assert!(wal < (128 + 16) * 4200, "WAL grew to {wal} bytes");
}

#[test]
fn a_waiting_read_returns_what_is_there_whatever_the_wait_and_nothing_after_a_short_one() {
    on_both("waiting", |b| {
        let s = b.store("a");
        s.send("a", "x").unwrap();
        let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
        // A wait past the clock's range is no limit, not an overflow.
        let got = runtime.block_on(s.read_waiting(false, None, Some(Duration::MAX))).unwrap();
        assert_eq!(got.iter().map(|m| m.text.as_str()).collect::<Vec<_>>(), ["x"], "{}", b.name);
        let none = runtime.block_on(s.read_waiting(false, None, Some(Duration::from_millis(50)))).unwrap();
        assert!(none.is_empty(), "{}", b.name);
    });
}
