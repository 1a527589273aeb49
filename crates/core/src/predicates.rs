//! The file, string and integer tests of `test`/`[` and `[[ … ]]`: one set of predicates for
//! the command and the interpreter.

use crate::session::State;
use crate::vars::Value;
use crate::vfs::FileKind;
use toolsh_gate::workspace::Fs;

/// A unary test (`-f path`, `-z string`, …).
pub fn unary_test(op: &str, arg: &str, state: &State, vfs: &Fs<'_>) -> bool {
    let meta = || {
        let abs = state.abs_path(arg);
        if arg.is_empty() { None } else { vfs.stat(&abs).ok() }
    };
    match op {
        "-z" => arg.is_empty(),
        "-n" => !arg.is_empty(),
        "-e" | "-a" => meta().is_some(),
        "-f" => meta().is_some_and(|m| m.kind == FileKind::File),
        "-d" => meta().is_some_and(|m| m.kind == FileKind::Dir),
        "-c" => meta().is_some_and(|m| m.kind == FileKind::Device),
        "-p" => meta().is_some_and(|m| m.kind == FileKind::Fifo),
        "-b" | "-S" | "-t" | "-N" => false,
        // The set-user, set-group and sticky bits chmod gives.
        "-u" => meta().is_some_and(|m| m.mode & 0o4000 != 0),
        "-g" => meta().is_some_and(|m| m.mode & 0o2000 != 0),
        "-k" => meta().is_some_and(|m| m.mode & 0o1000 != 0),
        "-h" | "-L" => !arg.is_empty() && vfs.lstat(&state.abs_path(arg)).is_ok_and(|m| m.kind == FileKind::Symlink),
        "-s" => meta().is_some_and(|m| m.size > 0),
        "-r" => meta().is_some_and(|m| m.mode & 0o444 != 0),
        "-w" => meta().is_some_and(|m| m.mode & 0o222 != 0),
        "-x" => meta().is_some_and(|m| m.mode & 0o111 != 0),
        "-O" | "-G" => meta().is_some(),
        "-v" => var_is_set(arg, state),
        "-R" => false,
        "-o" => option_set(arg, state),
        _ => false,
    }
}

/// `-v NAME`: whether the variable (or `name[subscript]`, the element) is set.
fn var_is_set(arg: &str, state: &State) -> bool {
    let (name, index) = match arg.find('[') {
        Some(open) => (&arg[..open], arg[open + 1..].strip_suffix(']')),
        None => (arg, None),
    };
    match (state.vars.get(name), index) {
        // An array's name alone is its element 0 (or key "0"), as in bash.
        (Some(var), None) => match &var.value {
            Value::Indexed(map) => map.contains_key(&0),
            Value::Assoc(map) => map.contains_key("0"),
            Value::Unset => false,
            _ => true,
        },
        // `a[@]`, `a[*]`: whether any element is set (a scalar is its element 0); an
        // associative array's `@` is a key like another, as bash 5.2 reads it.
        (Some(var), Some("@" | "*")) if !matches!(var.value, Value::Assoc(_)) => match &var.value {
            Value::Indexed(map) => !map.is_empty(),
            Value::Unset => false,
            _ => true,
        },
        // An associative array's key is expanded once more (`test -v 'm[$k]'`), as
        // `unset` expands it (in `[[ -v ]]` too, past the expansion of its word; a `\$`
        // quoted there stays quoted in bash, not here).
        (Some(var), Some(key)) if matches!(var.value, Value::Assoc(_)) => {
            let once = state.options.get(crate::options::Kind::Shopt, "assoc_expand_once") == Some(true);
            let key = if once { Ok(key.to_string()) } else { state.clone().assoc_key_text(key) };
            key.is_ok_and(|key| var.keys().contains(&key))
        }
        // An indexed array's subscript is arithmetic (`a[i+1]`), and a negative one
        // counts back from the end, as in bash; a side effect in it is not kept.
        (Some(var), Some(key)) => {
            let Ok(mut idx) = crate::arith::eval_arith(key, &mut state.clone()) else {
                return false;
            };
            let keys: Vec<i64> = match &var.value {
                Value::Indexed(map) => map.keys().copied().collect(),
                Value::Unset => Vec::new(),
                _ => vec![0],
            };
            if idx < 0 {
                // A scalar has no end to count from (bash: a bad subscript).
                if !matches!(var.value, Value::Indexed(_)) {
                    return false;
                }
                idx = idx.saturating_add(keys.last().map_or(0, |last| last.saturating_add(1)));
            }
            keys.contains(&idx)
        }
        (None, _) => false,
    }
}

/// `-o NAME`: whether the `set -o` option NAME is on.
fn option_set(name: &str, state: &State) -> bool {
    state.options.get(crate::options::Kind::Set, name) == Some(true)
}

/// A binary test with string or integer operands; `Err` carries bash's message.
pub fn binary_test(left: &str, op: &str, right: &str, state: &State, vfs: &Fs<'_>) -> Result<bool, String> {
    let int = |text: &str| -> Result<i64, String> {
        text.trim().parse::<i64>().map_err(|_| format!("{text}: integer expression expected"))
    };
    Ok(match op {
        "=" | "==" => left == right,
        "!=" => left != right,
        // Byte order, as bash's under `C.UTF-8` (a byte that is not UTF-8 sorts as that byte).
        "<" => toolsh_bytes::cmp(left, right).is_lt(),
        ">" => toolsh_bytes::cmp(left, right).is_gt(),
        "-eq" => int(left)? == int(right)?,
        "-ne" => int(left)? != int(right)?,
        "-lt" => int(left)? < int(right)?,
        "-le" => int(left)? <= int(right)?,
        "-gt" => int(left)? > int(right)?,
        "-ge" => int(left)? >= int(right)?,
        "-nt" | "-ot" => {
            let left_time = vfs.stat(&state.abs_path(left)).ok().map(|m| m.mtime);
            let right_time = vfs.stat(&state.abs_path(right)).ok().map(|m| m.mtime);
            match (left_time, right_time, op) {
                (Some(l), Some(r), "-nt") => l > r,
                (Some(_), None, "-nt") => true,
                (Some(l), Some(r), _) => l < r,
                (None, Some(_), "-ot") => true,
                _ => false,
            }
        }
        "-ef" => {
            let l = vfs.resolve(&state.abs_path(left), true).ok();
            let r = vfs.resolve(&state.abs_path(right), true).ok();
            l.is_some() && l == r && vfs.exists(&state.abs_path(left))
        }
        _ => return Err(format!("{op}: binary operator expected")),
    })
}
