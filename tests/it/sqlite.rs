//! `sqlite3` and the db tools on real files: what toolsh writes, the sqlite3 shell reads and
//! the other way round; the agent's own database; policy on database files.

use std::process::Command;

fn toolsh(root: &std::path::Path, args: &[&str]) -> (String, String, i32) {
    let out = Command::new(env!("CARGO_BIN_EXE_toolsh"))
        .env_clear()
        .env("HOME", crate::support::test_home())
        .arg("--root")
        .arg(root)
        .args(args)
        .output()
        .expect("run toolsh");
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.code().unwrap_or(-1),
    )
}

fn host_sqlite3(db: &std::path::Path, sql: &str) -> String {
    let out = Command::new("sqlite3")
        .arg(db)
        .arg(sql)
        .output()
        .expect("the sqlite3 shell must be installed (.ci/run does it)");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn files_round_trip_with_the_real_sqlite3_shell() {
    let dir = tempfile::tempdir().expect("tempdir");
    let script = "sqlite3 app.db \"create table users(id integer primary key, name text); insert into users(name) values ('ada'), ('bob')\"";
    let (_, err, status) = toolsh(dir.path(), &["-c", script]);
    assert_eq!(status, 0, "{err}");
    assert_eq!(host_sqlite3(&dir.path().join("app.db"), "select id, name from users"), "1|ada\n2|bob\n");
    // A WAL-mode file written by the real shell reads fine here.
    host_sqlite3(&dir.path().join("app.db"), "pragma journal_mode=wal; insert into users(name) values ('cy')");
    let (out, err, status) =
        toolsh(dir.path(), &["-c", "sqlite3 -json app.db 'select name from users order by id' | jq -r '.[].name'"]);
    assert_eq!((out.as_str(), status), ("ada\nbob\ncy\n", 0), "{err}");
}

#[test]
fn the_db_tools_return_columns_rows_and_changes() {
    let dir = tempfile::tempdir().expect("tempdir");
    let script = r#"db.execute --database d.db --sql "create table t(x); insert into t values (1), (2)" | jq -c '.[1].changes'
        db.query --database d.db 'select sum(x) as s from t' | jq -c '.[0]'
        db.query --database d.db 'delete from t'; echo "status $?""#;
    let (out, err, _) = toolsh(dir.path(), &["-c", script]);
    assert_eq!(out, "2\n{\"columns\":[\"s\"],\"rows\":[[3]],\"changes\":0}\nstatus 1\n", "{err}");
    assert!(err.contains("db.query runs only reading statements; use db.execute"), "{err}");
}

#[test]
fn the_agents_own_database_lives_beside_the_store() {
    let dir = tempfile::tempdir().expect("tempdir");
    let store = dir.path().join("state/store.db");
    let store = store.to_str().expect("utf-8");
    let (_, err, status) = toolsh(
        dir.path(),
        &["--store", store, "--agent", "ada", "-c", "sqlite3 'create table notes(t); insert into notes values (42)'"],
    );
    assert_eq!(status, 0, "{err}");
    let (out, _, _) =
        toolsh(dir.path(), &["--store", store, "--agent", "ada", "-c", "echo 'select t from notes' | sqlite3"]);
    assert_eq!(out, "42\n");
    assert!(dir.path().join("state/db/ada.sqlite").exists());
    let (_, err, status) =
        toolsh(dir.path(), &["--store", store, "--agent", "bob", "-c", "sqlite3 'select t from notes'"]);
    assert_eq!(status, 1, "another agent has its own database: {err}");
}

#[test]
fn policy_on_a_database_file_holds() {
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::create_dir(dir.path().join("data")).expect("mkdir");
    let (_, _, status) = toolsh(dir.path(), &["-c", "sqlite3 data/x.db 'create table t(a)'"]);
    assert_eq!(status, 0);
    let (_, err, status) =
        toolsh(dir.path(), &["--deny", "fs.write:data/**", "-c", "sqlite3 data/x.db 'insert into t values (1)'"]);
    assert_eq!(status, 126, "{err}");
    assert!(err.contains("fs.write") && err.contains("data/x.db"), "{err}");
    assert_eq!(host_sqlite3(&dir.path().join("data/x.db"), "select count(*) from t"), "0\n");
    let (out, _, status) =
        toolsh(dir.path(), &["--profile", "readonly", "-c", "sqlite3 data/x.db 'select count(*) from t'"]);
    assert_eq!((out.as_str(), status), ("0\n", 0));
}
