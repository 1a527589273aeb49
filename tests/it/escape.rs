//! Confinement of `dir` mounts: `..`, absolute paths, symlinks pointing out, and a symlink
//! swapped in during an operation must never reach the host outside the mount.

use std::sync::Arc;
use toolsh::Shell;
use toolsh::vfs::{DirFs, Vfs, WriteMode};

struct Fixture {
    _outer: tempfile::TempDir,
    root: std::path::PathBuf,
    secret: std::path::PathBuf,
}

fn fixture() -> Fixture {
    let outer = tempfile::tempdir().expect("tempdir");
    let base = outer.path().canonicalize().expect("canonical");
    let root = base.join("ws");
    std::fs::create_dir(&root).expect("mkdir ws");
    let secret = base.join("secret.txt");
    std::fs::write(&secret, "top secret\n").expect("write secret");
    Fixture { _outer: outer, root, secret }
}

fn shell_on(root: &std::path::Path) -> Shell {
    let mut vfs = Vfs::new();
    let text = root.to_string_lossy().into_owned();
    vfs.mount(&text, Arc::new(DirFs::open(root).expect("open")), false, "dir");
    Shell::builder().vfs(vfs).cwd(&text).build()
}

fn exec(shell: &mut Shell, script: &str) -> toolsh::ExecOutcome {
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().expect("runtime");
    runtime.block_on(shell.exec(script))
}

#[test]
fn dot_dot_and_absolute_paths_stay_inside() {
    let fx = fixture();
    let mut shell = shell_on(&fx.root);
    let secret = fx.secret.to_string_lossy().into_owned();
    for script in [
        "cat ../secret.txt".to_string(),
        "cat ../../../../secret.txt".to_string(),
        format!("cat {secret}"),
        "cd ..; cat secret.txt".to_string(),
        "cat /etc/passwd".to_string(),
    ] {
        let out = exec(&mut shell, &script);
        assert!(!out.stdout_text().contains("top secret"), "{script} leaked");
        assert_ne!(out.status, 0, "{script} should fail");
    }
    let out = exec(&mut shell, &format!("echo gotcha > {secret}; echo x > ../secret.txt"));
    assert_ne!(out.status, 0);
    assert_eq!(std::fs::read_to_string(&fx.secret).expect("read"), "top secret\n");
}

#[test]
fn symlinks_pointing_out_are_not_followed() {
    let fx = fixture();
    std::os::unix::fs::symlink(&fx.secret, fx.root.join("abs_link")).expect("symlink");
    std::os::unix::fs::symlink("../secret.txt", fx.root.join("rel_link")).expect("symlink");
    std::os::unix::fs::symlink("..", fx.root.join("up")).expect("symlink");
    let mut shell = shell_on(&fx.root);
    for script in ["cat abs_link", "cat rel_link", "cat up/secret.txt", "echo x > rel_link", "echo x >> abs_link"] {
        let out = exec(&mut shell, script);
        assert!(!out.stdout_text().contains("top secret"), "{script} leaked");
        assert_ne!(out.status, 0, "{script} should fail");
    }
    assert_eq!(std::fs::read_to_string(&fx.secret).expect("read"), "top secret\n");
    // A link created from inside cannot be used to leave either.
    let out = exec(&mut shell, "ln -s ../secret.txt mine && cat mine");
    assert!(!out.stdout_text().contains("top secret"));
}

#[test]
fn symlink_swapped_during_operations_is_refused() {
    let fx = fixture();
    std::fs::create_dir(fx.root.join("d")).expect("mkdir");
    std::fs::write(fx.root.join("d/secret.txt"), "inside\n").expect("write");
    let backend = DirFs::open(&fx.root).expect("open");
    let outside = fx.secret.parent().expect("parent").to_path_buf();
    // Swap the directory for a link to the outside many times while reading through it: the
    // backend must only ever see the inside file or an error, never the outside one.
    let root = fx.root.clone();
    let swapper = std::thread::spawn(move || {
        for _ in 0..2000 {
            let _ = std::fs::rename(root.join("d"), root.join("d.real"));
            let _ = std::os::unix::fs::symlink(&outside, root.join("d"));
            let _ = std::fs::remove_file(root.join("d"));
            let _ = std::fs::rename(root.join("d.real"), root.join("d"));
        }
    });
    let mut seen_inside = 0;
    for _ in 0..2000 {
        use toolsh::vfs::Backend;
        if let Ok(data) = backend.read("d/secret.txt") {
            assert_ne!(data, b"top secret\n", "read escaped through a swapped symlink");
            seen_inside += 1;
        }
        let _ = backend.write("d/new.txt", b"x", WriteMode::Truncate);
    }
    swapper.join().expect("swapper");
    assert!(!fx.secret.parent().expect("parent").join("new.txt").exists(), "write escaped");
    let _ = seen_inside;
}

#[test]
fn links_inside_the_workspace_work_whether_relative_or_absolute() {
    let fx = fixture();
    std::fs::write(fx.root.join("target.txt"), "inside\n").expect("write");
    let absolute = fx.root.join("target.txt");
    std::os::unix::fs::symlink(&absolute, fx.root.join("abs")).expect("symlink");
    std::os::unix::fs::symlink("target.txt", fx.root.join("rel")).expect("symlink");
    let mut shell = shell_on(&fx.root);
    let out = exec(&mut shell, "cat abs rel; echo more >> abs; cat target.txt");
    assert_eq!(out.stdout_text(), "inside\ninside\ninside\nmore\n", "{}", out.stderr_text());
}
