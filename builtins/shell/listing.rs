//! Variables listed as `declare -p`, `declare`/`set` and `${x@A}` show them: one line each,
//! quoted so that the shell reads it back to the same value.

use toolsh_core::vars::{Attrs, Value, Var};

/// Quotes a value as `declare -p` does: in double quotes, or as `$'…'` when it holds control
/// characters (a newline, a tab, an escape).
pub fn dquote(text: &str) -> String {
    if crate::wants_ansi_c(text) {
        return crate::ansi_c_quote(text);
    }
    in_double_quotes(text)
}

/// An associative array's key as `declare -p` shows it: in double quotes when it holds a
/// character the shell would read specially (bash's `sh_contains_shell_metas`).
pub fn assoc_key(key: &str) -> String {
    if crate::wants_ansi_c(key) {
        return crate::ansi_c_quote(key);
    }
    // `*` and `@` alone would read as every element.
    let special =
        key.chars().any(|c| " \t\n'\"\\|&;()<>!{}*[?]^$`".contains(c)) || key.starts_with(['~', '#']) || key == "@";
    if !special {
        return key.to_string();
    }
    in_double_quotes(key)
}

/// `text` in double quotes, a backslash before each character that is special there
/// (`"`, `\`, `$`, `` ` ``).
fn in_double_quotes(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        if matches!(c, '"' | '\\' | '$' | '`') {
            out.push('\\');
        }
        out.push(c);
    }
    out.push('"');
    out
}

/// One `declare -p` line.
pub fn declare_line(name: &str, var: &Var) -> String {
    declaration_line(name, var, None)
}

/// One line of `export -p` or `readonly -p` in POSIX mode, where bash names the command and
/// gives no attribute but an array's kind (`export A="1"`, `export -a E=([0]="1")`).
pub fn posix_declare_line(command: &str, name: &str, var: &Var) -> String {
    declaration_line(name, var, Some(command))
}

/// A variable as a declaration: `declare -FLAGS`, or `COMMAND [-a|-A]`.
fn declaration_line(name: &str, var: &Var, command: Option<&str>) -> String {
    let mut flags = String::new();
    match var.value {
        Value::Indexed(_) => flags.push('a'),
        Value::Assoc(_) => flags.push('A'),
        _ => {}
    }
    if command.is_none() {
        for (attr, c) in Attrs::LETTERS {
            if var.attrs.has(attr) {
                flags.push(c);
            }
        }
    }
    let head = match command {
        Some(command) if flags.is_empty() => command.to_string(),
        Some(command) => format!("{command} -{flags}"),
        None if flags.is_empty() => "declare --".to_string(),
        None => format!("declare -{flags}"),
    };
    match &var.value {
        Value::Unset => format!("{head} {name}\n"),
        Value::Indexed(_) | Value::Assoc(_) if var.attrs.has(Attrs::INVISIBLE) => format!("{head} {name}\n"),
        Value::Str(text) => format!("{head} {name}={}\n", dquote(text)),
        Value::Indexed(map) => {
            let items: Vec<String> = map.iter().map(|(k, v)| format!("[{k}]={}", dquote(v))).collect();
            format!("{head} {name}=({})\n", items.join(" "))
        }
        Value::Assoc(map) => {
            let items: Vec<String> = map.iter().map(|(k, v)| format!("[{}]={} ", assoc_key(k), dquote(v))).collect();
            format!("{head} {name}=({})\n", items.concat())
        }
    }
}

/// A value as `set` shows it (bash's `print_var_value`): as `$'…'` with control characters,
/// else as it is unless a character would read specially (`sh_contains_shell_metas`: a `~`
/// or `#` only where it would start a tilde or a comment), then in single quotes, a lone
/// `'` as `\'`.
fn set_quote(text: &str) -> String {
    if crate::wants_ansi_c(text) {
        return crate::ansi_c_quote(text);
    }
    let mut previous = None;
    let special = text.chars().any(|c| {
        let at_start = previous.is_none();
        let after = previous.replace(c);
        match c {
            '~' => at_start || matches!(after, Some('=' | ':')),
            '#' => at_start,
            _ => " \t\n'\"\\|&;()<>!{}*[?]^$`".contains(c),
        }
    });
    if !special {
        text.to_string()
    } else if text == "'" {
        "\\'".to_string()
    } else {
        format!("'{}'", text.replace('\'', "'\\''"))
    }
}

/// One line of `set`'s listing: `name=value`, an array as `name=([0]="x" …)`; a variable
/// declared with no value is not listed.
pub fn set_line(name: &str, var: &Var) -> String {
    match &var.value {
        Value::Unset => String::new(),
        _ if var.attrs.has(Attrs::INVISIBLE) => String::new(),
        Value::Str(text) => format!("{name}={}\n", set_quote(text)),
        Value::Indexed(_) | Value::Assoc(_) => {
            let line = declare_line(name, var);
            // The `declare -FLAGS ` before the name is `declare -p`'s only.
            line.split_once(' ')
                .and_then(|(_, rest)| rest.split_once(' '))
                .map_or(line.clone(), |(_, rest)| rest.to_string())
        }
    }
}

/// The arrays bash computes for the shell itself, in name order, each as its listings show it
/// while no variable of the name took its place: the call stack's (`FUNCNAME` with no value
/// outside a function), the alias and command tables, and `DIRSTACK` as it was last read
/// (bash computes that one only when it is referenced).
pub fn computed_arrays(state: &toolsh_core::session::State) -> Vec<(&'static str, Var)> {
    const NAMES: [&str; 8] =
        ["BASH_ALIASES", "BASH_ARGC", "BASH_ARGV", "BASH_CMDS", "BASH_LINENO", "BASH_SOURCE", "DIRSTACK", "FUNCNAME"];
    let indexed =
        |items: Vec<String>| Value::Indexed(items.into_iter().enumerate().map(|(i, v)| (i as i64, v)).collect());
    NAMES
        .into_iter()
        .filter(|name| {
            state.is_dynamic(name)
                || state.vars.get_raw(name).is_none() && !toolsh_core::session::DYNAMIC.contains(name)
        })
        .map(|name| {
            let value = match name {
                "BASH_ALIASES" | "BASH_CMDS" => Value::Assoc(computed_assoc(state, name)),
                // bash's listings show the counts it pushed: none for a script given no
                // arguments, where a reference computes `([0]="0")`.
                "BASH_ARGC" => indexed(state.bash_argc().into_iter().filter(|n| n != "0").collect()),
                "BASH_ARGV" => indexed(state.bash_argv()),
                "BASH_LINENO" => indexed(state.bash_lineno()),
                "BASH_SOURCE" => indexed(state.bash_source()),
                "DIRSTACK" => indexed(state.dirstack_read.clone()),
                _ => indexed(state.funcname()),
            };
            let mut var = Var { value, attrs: Attrs::default() };
            if matches!(&var.value, Value::Indexed(map) if map.is_empty()) && name == "FUNCNAME" {
                var.attrs.set(Attrs::INVISIBLE, true);
            }
            (name, var)
        })
        .collect()
}

/// `BASH_ALIASES` (the aliases) or `BASH_CMDS` (the command hash table), names and values in
/// the order bash expands them.
pub fn computed_pairs(state: &toolsh_core::session::State, name: &str) -> Vec<(String, String)> {
    computed_assoc(state, name).iter().map(|(k, v)| (k.clone(), v.clone())).collect()
}

/// `BASH_ALIASES` (the aliases) or `BASH_CMDS` (the command hash table) as an associative
/// array.
fn computed_assoc(state: &toolsh_core::session::State, name: &str) -> toolsh_core::assoc::Assoc {
    match name {
        // bash copies its alias table (64 buckets) bucket by bucket into a new table of as many
        // (the alias table's own order, which follows definitions, taken here as the names').
        "BASH_ALIASES" => {
            let mut table = toolsh_core::assoc::Assoc::with_buckets(64);
            for (k, v) in state.aliases.iter() {
                table.insert(k.clone(), v.clone());
            }
            let mut copy = toolsh_core::assoc::Assoc::with_buckets(64);
            for (k, v) in table.iter() {
                copy.insert(k.clone(), v.clone());
            }
            copy
        }
        _ => state.hashed.paths.clone(),
    }
}

/// The variables named (a variable listing's, sorted) and the computed arrays, merged in name
/// order: each with the value listed, a computed array in place of a variable of its name.
pub fn merged<'a>(
    state: &'a toolsh_core::session::State,
    names: Vec<String>,
    computed: &'a [(&'static str, Var)],
) -> Vec<(String, &'a Var)> {
    let mut listed: Vec<(String, &Var)> = names
        .into_iter()
        .filter(|name| !computed.iter().any(|(own, _)| own == name))
        .filter_map(|name| state.vars.get_raw(&name).map(|var| (name, var)))
        .chain(computed.iter().map(|(name, var)| (name.to_string(), var)))
        .collect();
    listed.sort_by(|a, b| a.0.cmp(&b.0));
    listed
}
