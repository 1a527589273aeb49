//! What a confined host program can do to the host's files it is given to read: nothing.
//! Landlock's rules cover reading, writing and making files, not a file's mode, times or owner,
//! and a program toolsh runs as root owns root's files: before its root held them read-only, a
//! confined program changed them (`chmod u+s /usr/bin/python3` would have passed). Each route
//! here tries to change a system file's metadata (to the values it has, so a route that got
//! through harms nothing) and a declared `read` file's for real; none may succeed.

#[test]
fn a_confined_program_changes_no_metadata_outside_its_mounts() {
    let Some((outer, ws, host)) = super::program_dirs() else { return };
    let base = outer.path().canonicalize().expect("canonical");
    let given = host.join("given.txt");
    std::fs::write(&given, "given\n").expect("given");
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&given, std::fs::Permissions::from_mode(0o644)).expect("mode");
    std::fs::write(
        ws.join("toolsh.toml"),
        format!("[host.python3]\nprogram = \"/usr/bin/python3\"\nread = [\"{}\"]\n", given.display()),
    )
    .expect("config");
    let before = std::fs::metadata(&given).expect("stat");
    let same = |path: &str| {
        format!(
            "import os; s = os.stat('{path}'); \
             [f() for f in (lambda: os.chmod('{path}', s.st_mode), lambda: os.utime('{path}', ns=(s.st_atime_ns, s.st_mtime_ns)), \
             lambda: os.chown('{path}', s.st_uid, s.st_gid))]; print('changed {path}')"
        )
    };
    let given_text = given.display().to_string();
    let routes = [
        same("/usr/bin/python3.11"),
        same("/usr/bin"),
        same("/etc/passwd"),
        same("/etc/ssl"),
        same(&given_text),
        format!("import os; os.chmod('{given_text}', 0o777); print('changed it')"),
        format!("import os; os.utime('{given_text}', (0, 0)); print('changed it')"),
        format!("import os; os.truncate('{given_text}', 0); print('changed it')"),
        "import os; os.symlink('/etc/passwd', '/usr/bin/x'); print('changed /usr/bin')".to_string(),
    ];
    let store = base.join("store.db").display().to_string();
    let path = vec![("PATH", "/usr/local/bin:/usr/bin:/bin".to_string())];
    let mut found = Vec::new();
    for route in &routes {
        let line = format!("python3 -c \"{route}\"");
        let argv: Vec<String> =
            ["--root", &ws.display().to_string(), "--store", &store, "--allow", "host.python3", "-c", &line]
                .map(str::to_string)
                .to_vec();
        let ran = crate::support::run_binary_with(&ws, &argv, &path, std::time::Duration::from_secs(60));
        if ran.stdout.contains("changed") || ran.status == 0 {
            found.push(format!("{route}: {} (status {})", ran.stdout.trim(), ran.status));
        } else if !(ran.stderr.contains("Read-only file system") || ran.stderr.contains("Permission denied")) {
            found.push(format!("{route}: failed otherwise than refused: {}", ran.stderr));
        }
    }
    let after = std::fs::metadata(&given).expect("stat");
    use std::os::unix::fs::MetadataExt;
    if (after.mode(), after.mtime(), after.len()) != (before.mode(), before.mtime(), before.len()) {
        found.push("the given file changed".to_string());
    }
    super::assert_none("metadata", found);
}
