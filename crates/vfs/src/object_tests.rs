//! `ObjectFs` against a real S3-compatible server: the one `TOOLSH_TEST_S3` names (an endpoint
//! with the bucket `toolsh`; `.ci/run` starts one with `scripts/s3.sh`). Each case works under
//! a prefix of its own.
#![allow(clippy::disallowed_methods)] // the tests read their server's address from the environment

use std::io::{Read, Seek, Write};
use std::sync::Arc;

use super::*;

fn bucket(case: &str) -> Option<Arc<ObjectFs>> {
    let Some(endpoint) = std::env::var("TOOLSH_TEST_S3").ok().filter(|e| !e.is_empty()) else {
        eprintln!("{case}: object storage skipped (TOOLSH_TEST_S3 is not set)");
        return None;
    };
    let prefix = format!("unit-{}-{case}-{:?}", std::process::id(), std::time::SystemTime::now());
    let config = ObjectConfig {
        endpoint: Some(endpoint),
        access_key_id: Some("test".into()),
        secret_access_key: Some("test".into()),
        ..ObjectConfig::parse(&format!("s3://toolsh/{}", prefix.replace([' ', ':', '{', '}', ','], "")))
            .expect("an s3 address")
            .expect("valid")
    };
    Some(Arc::new(ObjectFs::open(&config).expect("the test bucket answers")))
}

fn names(fs: &ObjectFs, rel: &str) -> Vec<(String, FileKind)> {
    let mut all: Vec<_> = fs.read_dir(rel).expect("list").into_iter().map(|e| (e.name, e.kind)).collect();
    all.sort_by(|a, b| a.0.cmp(&b.0));
    all
}

#[test]
fn an_address_names_a_bucket_and_a_clean_prefix() {
    let parsed = |source: &str| ObjectConfig::parse(source).map(|r| r.map(|c| (c.bucket, c.prefix)));
    assert_eq!(parsed("s3://b"), Some(Ok(("b".into(), String::new()))));
    assert_eq!(parsed("s3://b//team/a/"), Some(Ok(("b".into(), "team/a".into()))));
    assert!(matches!(parsed("s3://b/x/../y"), Some(Err(e)) if e.contains("'..'")));
    assert!(matches!(parsed("s3:///x"), Some(Err(e)) if e.contains("no bucket")));
    assert_eq!(parsed("/srv/data"), None);
    // What messages show: never a password in the endpoint.
    let config = ObjectConfig { endpoint: Some("http://u:pw@host:9000/base".into()), ..ObjectConfig::default() };
    assert_eq!(ObjectConfig { bucket: "b".into(), ..config }.shown(), "s3://b at http://host:9000/base");
}

#[test]
fn objects_behave_as_files_and_prefixes_as_directories() {
    let Some(fs) = bucket("files") else { return };
    assert!(fs.lstat("").expect("root").is_dir());
    fs.write("a.txt", b"one\n", WriteMode::Truncate).expect("write");
    fs.write("a.txt", b"two\n", WriteMode::Append).expect("append");
    assert_eq!(fs.read("a.txt").expect("read"), b"one\ntwo\n");
    let meta = fs.lstat("a.txt").expect("stat");
    assert_eq!((meta.kind, meta.size, meta.mode), (FileKind::File, 8, 0o644));
    assert_eq!(fs.write("a.txt", b"x", WriteMode::CreateNew).expect_err("set -C").kind(), io::ErrorKind::AlreadyExists);
    // Directories: made, nested, listed, refused when missing or not empty.
    assert_eq!(fs.write("no/such", b"x", WriteMode::Truncate).expect_err("no dir").kind(), io::ErrorKind::NotFound);
    fs.mkdir("d").expect("mkdir");
    assert_eq!(fs.mkdir("d").expect_err("twice").kind(), io::ErrorKind::AlreadyExists);
    fs.mkdir("d/e").expect("nested");
    fs.write("d/e/f", b"deep", WriteMode::Truncate).expect("deep write");
    assert_eq!(names(&fs, ""), [("a.txt".to_string(), FileKind::File), ("d".to_string(), FileKind::Dir)]);
    assert_eq!(names(&fs, "d"), [("e".to_string(), FileKind::Dir)]);
    assert!(names(&fs, "d/e").iter().any(|(n, _)| n == "f"));
    assert_eq!(fs.read_dir("a.txt").expect_err("a file").kind(), io::ErrorKind::NotADirectory);
    assert_eq!(fs.read_dir("gone").expect_err("missing").kind(), io::ErrorKind::NotFound);
    assert_eq!(fs.remove_dir("d").expect_err("not empty").kind(), io::ErrorKind::DirectoryNotEmpty);
    assert_eq!(fs.read("d").expect_err("a directory").kind(), io::ErrorKind::IsADirectory);
    // Removing a directory's last file leaves the directory, as on a disk.
    fs.remove_file("d/e/f").expect("rm");
    assert!(fs.lstat("d/e").expect("still there").is_dir());
    assert!(names(&fs, "d/e").is_empty());
    fs.remove_dir("d/e").expect("rmdir");
    assert!(fs.lstat("d").expect("parent kept").is_dir());
    // Renames: a file, and a directory with what it holds.
    fs.rename("a.txt", "d/b.txt").expect("mv file");
    assert_eq!(fs.lstat("a.txt").expect_err("moved").kind(), io::ErrorKind::NotFound);
    fs.rename("d", "moved").expect("mv dir");
    fs.mkdir("full").expect("mkdir");
    fs.write("full/x", b"x", WriteMode::Truncate).expect("write");
    assert_eq!(fs.rename("moved", "full").expect_err("not empty").kind(), io::ErrorKind::DirectoryNotEmpty);
    assert_eq!(fs.read("moved/b.txt").expect("moved along"), b"one\ntwo\n");
    assert_eq!(fs.lstat("d").expect_err("gone").kind(), io::ErrorKind::NotFound);
    // No symbolic links.
    assert_eq!(fs.symlink("/x", "l").expect_err("no links").kind(), io::ErrorKind::Unsupported);
}

#[test]
fn large_objects_are_uploaded_in_parts_and_read_in_ranges() {
    let Some(fs) = bucket("large") else { return };
    // 20 MiB in 64 KiB writes: three parts of a multipart upload.
    let block: Vec<u8> = (0..65_536u32).map(|i| (i % 251) as u8).collect();
    let mut writer = fs.clone().open_writer("big", WriteMode::Truncate).expect("open");
    for _ in 0..320 {
        writer.write_all(&block).expect("write");
    }
    // Not visible until closed.
    assert_eq!(fs.lstat("big").expect_err("uncommitted").kind(), io::ErrorKind::NotFound);
    drop(writer);
    assert_eq!(fs.lstat("big").expect("committed").size, 20 << 20);
    let mut reader = fs.open_reader("big").expect("reader");
    let mut buf = vec![0; 1 << 20];
    let mut total = 0u64;
    loop {
        let n = reader.read(&mut buf).expect("read");
        if n == 0 {
            break;
        }
        assert!(buf[..n].iter().enumerate().all(|(i, b)| *b == ((total as usize + i) % 65_536 % 251) as u8));
        total += n as u64;
    }
    assert_eq!(total, 20 << 20);
    // Positioned reads (tail): the last bytes.
    reader.seek(io::SeekFrom::End(-3)).expect("seek");
    let mut tail = Vec::new();
    reader.read_to_end(&mut tail).expect("tail");
    assert_eq!(tail, block[block.len() - 3..]);
    // Replaced while a reader is open: the reader's next GET finds another version and fails
    // rather than mixing the two.
    fs.write("big", b"replaced", WriteMode::Truncate).expect("replace");
    reader.seek(io::SeekFrom::Start(1 << 20)).expect("seek");
    let err = reader.read(&mut buf).expect_err("a changed object");
    assert!(err.to_string().contains("changed while it was read"), "{err}");
}

#[test]
fn a_failed_upload_commits_nothing_and_a_cached_read_sees_another_writers_change() {
    let Some(fs) = bucket("failed") else { return };
    fs.write("kept", b"before", WriteMode::Truncate).expect("write");
    assert_eq!(fs.read("kept").expect("read"), b"before");
    // An upload abandoned after a part failed leaves the old object.
    let mut writer = fs.writer("kept", None, WriteMode::Truncate).expect("writer");
    writer.write_all(&vec![b'x'; PIECE + 1]).expect("first part");
    writer.fail();
    drop(writer);
    assert_eq!(fs.read("kept").expect("read"), b"before");
    // Another process's write: the cache is checked against the object's ETag.
    let other = ObjectFs::open(&ObjectConfig { cache_bytes: 0, ..fs_config(&fs) }).expect("second mount");
    other.write("kept", b"after", WriteMode::Truncate).expect("other write");
    assert_eq!(fs.read("kept").expect("read"), b"after");
}

/// The configuration a mount was opened with (the endpoint from the environment again).
fn fs_config(fs: &ObjectFs) -> ObjectConfig {
    let address = fs.shown().split(" at ").next().unwrap_or("").to_string();
    ObjectConfig {
        endpoint: std::env::var("TOOLSH_TEST_S3").ok(),
        access_key_id: Some("test".into()),
        secret_access_key: Some("test".into()),
        ..ObjectConfig::parse(&address).expect("an s3 address").expect("valid")
    }
}

#[test]
fn a_missing_bucket_or_server_is_said_naming_the_endpoint() {
    let Some(endpoint) = std::env::var("TOOLSH_TEST_S3").ok().filter(|e| !e.is_empty()) else { return };
    let missing = ObjectConfig {
        endpoint: Some(endpoint.clone()),
        ..ObjectConfig::parse("s3://no-such-bucket").unwrap().unwrap()
    };
    let err = ObjectFs::open(&missing).err().expect("refused");
    assert_eq!(err, format!("s3://no-such-bucket at {endpoint}: the bucket does not exist"));
    let closed = ObjectConfig {
        endpoint: Some("http://user:hunter2@127.0.0.1:9".into()),
        ..ObjectConfig::parse("s3://toolsh").unwrap().unwrap()
    };
    let err = ObjectFs::open(&closed).err().expect("refused");
    assert!(err.starts_with("s3://toolsh at http://127.0.0.1:9:") && !err.contains("hunter2"), "{err}");
}
