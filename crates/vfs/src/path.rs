//! Virtual path arithmetic: lexical normalisation and joining. No I/O.
//!
//! Normalisation is lexical (`a/b/..` is `a`), as `cd -L` does; `..` at the root stays at the root,
//! so no path can climb out of the virtual namespace.

/// Joins `path` to `cwd` when relative and removes `.`, `..` and repeated slashes.
pub fn normalize(cwd: &str, path: &str) -> String {
    let base = if path.starts_with('/') { "" } else { cwd };
    // Built in place: `out` is always `/a/b…`, so `..` drops what follows its last slash.
    let mut out = String::with_capacity(base.len() + path.len() + 1);
    for component in base.split('/').chain(path.split('/')) {
        match component {
            "" | "." => {}
            ".." => out.truncate(out.rfind('/').unwrap_or(0)),
            other => {
                out.push('/');
                out.push_str(other);
            }
        }
    }
    if out.is_empty() {
        out.push('/');
    }
    out
}

/// Whether `abs` is already what [`normalize`] makes of it: absolute, without `.` or `..`
/// components, empty ones or a trailing slash (checked without allocating).
pub fn is_normal(abs: &str) -> bool {
    abs == "/"
        || (abs.starts_with('/')
            && !abs.ends_with('/')
            && abs[1..].split('/').all(|part| !part.is_empty() && part != "." && part != ".."))
}

/// A path operand made absolute against `cwd`. The empty string names no file (POSIX: a
/// null pathname does not exist): it stays `""`, which every workspace operation refuses with
/// "No such file or directory" — never the working directory, so `rm -rf "$UNSET"` removes
/// nothing. This is the one place that rule lives; every command and tool resolves operands here.
pub fn operand(cwd: &str, path: &str) -> String {
    if path.is_empty() { String::new() } else { normalize(cwd, path) }
}

/// The components of a normalised absolute path (none for `/`).
pub fn components(abs: &str) -> impl Iterator<Item = &str> {
    abs.split('/').filter(|c| !c.is_empty())
}

/// The number of components.
pub fn depth(abs: &str) -> usize {
    components(abs).count()
}

/// The parent directory (`/` for `/`).
pub fn parent(abs: &str) -> &str {
    match abs.rfind('/') {
        Some(0) | None => "/",
        Some(idx) => &abs[..idx],
    }
}

/// The last component (`/` for `/`).
pub fn file_name(abs: &str) -> &str {
    let trimmed = abs.trim_end_matches('/');
    if trimmed.is_empty() {
        return "/";
    }
    trimmed.rsplit('/').next().unwrap_or(trimmed)
}

/// `dir/name` without doubling the slash.
pub fn join(dir: &str, name: &str) -> String {
    if dir.ends_with('/') { format!("{dir}{name}") } else { format!("{dir}/{name}") }
}

/// The part of `abs` below `mount` (`""` for the mount itself), or `None` when outside it.
pub fn strip_mount<'a>(abs: &'a str, mount: &str) -> Option<&'a str> {
    if mount == "/" {
        return Some(abs.trim_start_matches('/'));
    }
    let rest = abs.strip_prefix(mount)?;
    if rest.is_empty() { Some("") } else { rest.strip_prefix('/') }
}

#[cfg(test)]
mod tests {
    use super::normalize;

    /// `normalize` against a plain model (a stack of components) over every path of up to
    /// four components drawn from names, `.`, `..` and empty ones, relative and absolute,
    /// from three working directories.
    #[test]
    fn normalize_agrees_with_a_stack_of_components() {
        fn model(cwd: &str, path: &str) -> String {
            let mut stack: Vec<&str> = Vec::new();
            let base = if path.starts_with('/') { "" } else { cwd };
            for part in base.split('/').chain(path.split('/')) {
                match part {
                    "" | "." => {}
                    ".." => {
                        stack.pop();
                    }
                    name => stack.push(name),
                }
            }
            format!("/{}", stack.join("/"))
        }
        let atoms = ["a", "bc", ".", "..", "", "d.e"];
        let mut paths = vec![String::new()];
        for _ in 0..4 {
            let longer: Vec<String> =
                paths.iter().flat_map(|p| atoms.iter().map(move |a| format!("{p}/{a}"))).collect();
            paths.extend(longer);
        }
        for cwd in ["/", "/w", "/w/x/y"] {
            for path in &paths {
                for path in [path.as_str(), path.trim_start_matches('/')] {
                    assert_eq!(normalize(cwd, path), model(cwd, path), "cwd {cwd} path {path:?}");
                }
            }
        }
        assert_eq!(normalize("/w", "../../x"), "/x");
        assert_eq!(normalize("/w", ""), "/w");
    }
}
