//! `cd`, `pwd`, `pushd`, `popd`, `dirs`: the working directory and bash's directory stack.
//!
//! The stack as `dirs` shows it: entry 0 is the working directory, entry N the Nth below it
//! (`+N` counts from the left, `-N` from the right). `State::dir_stack` holds entries 1… with
//! entry 1 last.

use crate::Ctx;
use crate::session::Status;
use crate::spec::{Args, Opt, Order, Spec};

const LOGICAL: Opt = Opt::short('L', "use the directory as named, symbolic links kept (the default)");
const PHYSICAL: Opt = Opt::short('P', "use the physical directory structure, symbolic links resolved");
const EXIT_ON_FAILURE: Opt = Opt::short('e', "with -P, fail if the working directory cannot be determined");
const NO_CHANGE: Opt = Opt::short('n', "manipulate the stack only; do not change directory");

/// `cd`.
pub const CD: Spec = Spec {
    name: "cd",
    summary: "change the shell working directory",
    synopsis: &["[-L|[-P [-e]]] [dir]"],
    about: "Change the current directory to DIR. The default DIR is the value of the HOME shell variable. If DIR is \"-\", it is converted to $OLDPWD.",
    options: &[LOGICAL, PHYSICAL, EXIT_ON_FAILURE],
    ..Spec::BASH
};

/// `pwd`.
pub const PWD: Spec = Spec {
    name: "pwd",
    summary: "print the name of the current working directory",
    synopsis: &["[-LP]"],
    options: &[LOGICAL, PHYSICAL],
    ..Spec::BASH
};

/// `pushd`.
pub const PUSHD: Spec = Spec {
    name: "pushd",
    summary: "add directories to stack",
    synopsis: &["[-n] [+N | -N | dir]"],
    about: "Adds a directory to the top of the directory stack, or rotates the stack, making the new top of the stack the current working directory. With no arguments, exchanges the top two directories.",
    options: &[NO_CHANGE],
    order: Order::Own,
    ..Spec::BASH
};

/// `popd`.
pub const POPD: Spec = Spec {
    name: "popd",
    summary: "remove directories from stack",
    synopsis: &["[-n] [+N | -N]"],
    about: "Removes entries from the directory stack. With no arguments, removes the top directory from the stack, and changes to the new top directory.",
    options: &[NO_CHANGE],
    order: Order::Own,
    ..Spec::BASH
};

const CLEAR: Opt = Opt::short('c', "clear the directory stack by deleting all of the elements");
const LONG: Opt =
    Opt::short('l', "do not print tilde-prefixed versions of directories relative to your home directory");
const LINES: Opt = Opt::short('p', "print the directory stack with one entry per line");
const NUMBERED: Opt = Opt::short('v', "print the directory stack with one entry per line prefixed with its position");

/// `dirs`.
pub const DIRS: Spec = Spec {
    name: "dirs",
    summary: "display directory stack",
    synopsis: &["[-clpv] [+N] [-N]"],
    about: "Display the list of currently remembered directories.",
    options: &[CLEAR, LONG, LINES, NUMBERED],
    order: Order::Own,
    ..Spec::BASH
};

/// For `cd -L`: the first directory a `..` of `target` steps back out of that is not a
/// directory (missing, or a file), which the change then fails on; `None` when every one is.
fn dotdot_past_missing(ctx: &Ctx<'_>, target: &str) -> Option<String> {
    if !target.split('/').any(|part| part == "..") {
        return None;
    }
    let mut parts: Vec<&str> = Vec::new();
    let cwd = ctx.state().cwd.clone();
    if !target.starts_with('/') {
        parts.extend(cwd.split('/').filter(|part| !part.is_empty()));
    }
    for part in target.split('/') {
        match part {
            "" | "." => {}
            ".." => {
                let so_far = format!("/{}", parts.join("/"));
                if !ctx.vfs.stat(&so_far).is_ok_and(|meta| meta.is_dir()) {
                    return Some(so_far);
                }
                parts.pop();
            }
            name => parts.push(name),
        }
    }
    None
}

/// Changes directory, keeping `PWD` and `OLDPWD`; false with a message on failure.
async fn change_dir(ctx: &mut Ctx<'_>, target: &str, physical: bool) -> bool {
    let mut abs = ctx.abs(target);
    if physical {
        abs = ctx.vfs.resolve(&abs, true).unwrap_or(abs);
    } else if let Some(missing) = dotdot_past_missing(ctx, target) {
        // bash resolves `..` lexically only past directories that are there (its
        // `PATH_CHECKDOTDOT`); otherwise the path fails as written (`cd nosuch/..`).
        abs = missing;
    }
    match ctx.vfs.stat(&abs) {
        Ok(meta) if meta.is_dir() => {
            let old = {
                let old = ctx.state().cwd.clone();
                ctx.set_cwd(abs.clone());
                old
            };
            ctx.set_var("OLDPWD", old);
            ctx.set_var("PWD", abs);
            true
        }
        // The name as bash's `printable_filename` shows it (`$'…'` for a control character).
        Ok(_) => {
            ctx.complain(format!("{}: Not a directory", crate::printable_filename(target))).await;
            false
        }
        Err(err) => {
            ctx.complain(format!("{}: {}", crate::printable_filename(target), crate::vfs::describe(&err))).await;
            false
        }
    }
}

/// The directory `cd DIR` reaches through `CDPATH`, and whether its entry was empty (the
/// working directory): none for a DIR starting at `/`, `.` or `..`, or found in no entry.
fn cdpath_entry(ctx: &Ctx<'_>, dir: &str) -> Option<(String, bool)> {
    let first = dir.split('/').next().unwrap_or_default();
    if dir.starts_with('/') || first == "." || first == ".." {
        return None;
    }
    let cdpath = ctx.state().vars.get_str("CDPATH")?.to_string();
    cdpath.split(':').find_map(|entry| {
        let candidate =
            if entry.is_empty() { dir.to_string() } else { format!("{}/{dir}", entry.trim_end_matches('/')) };
        let is_dir = ctx.vfs.stat(&ctx.abs(&candidate)).is_ok_and(|meta| meta.is_dir());
        is_dir.then_some((candidate, entry.is_empty()))
    })
}

/// Whether the last of `-L` and `-P` given is `-P`; with neither, whether `set -P` (`-o
/// physical`) is on, as bash's default.
fn physical(ctx: &Ctx<'_>, args: &Args) -> bool {
    match args.given().filter(|(o, _)| [LOGICAL, PHYSICAL].contains(o)).last() {
        Some((o, _)) => *o == PHYSICAL,
        None => ctx.state().options.get(toolsh_core::options::Kind::Set, "physical") == Some(true),
    }
}

/// `cd [-L|-P [-e]] [dir|-]`
pub async fn cd(mut ctx: Ctx<'_>, args: Args) -> Status {
    if args.operands.len() > 1 {
        return ctx.fail("too many arguments").await;
    }
    let (target, print) = match args.operands.first().map(String::as_str) {
        None => match ctx.state().vars.get_str("HOME") {
            Some(home) => (home.to_string(), false),
            None => return ctx.fail("HOME not set").await,
        },
        Some("-") => match ctx.state().vars.get_str("OLDPWD") {
            Some(old) => (old.to_string(), true),
            None => return ctx.fail("OLDPWD not set").await,
        },
        // bash: an empty operand leaves the directory as it is.
        Some("") => return 0,
        Some(dir) => match cdpath_entry(&ctx, dir) {
            // bash names the directory reached through a non-empty CDPATH entry.
            Some((found, entry)) => (found, !entry),
            None => (dir.to_string(), false),
        },
    };
    let physical = physical(&ctx, &args);
    if !change_dir(&mut ctx, &target, physical).await {
        return 1;
    }
    if print {
        let line = format!("{}\n", ctx.state().cwd);
        ctx.out(line).await;
    }
    0
}

/// `pwd [-LP]`
pub async fn pwd(ctx: Ctx<'_>, args: Args) -> Status {
    if let Some(extra) = args.operands.first() {
        return ctx.fail(format!("{extra}: too many arguments")).await;
    }
    let cwd = ctx.state().cwd.clone();
    let shown = if physical(&ctx, &args) { ctx.vfs.resolve(&cwd, true).unwrap_or(cwd) } else { cwd };
    if ctx.out(format!("{shown}\n")).await { 0 } else { 1 }
}

/// The stack as `dirs` numbers it: the working directory, then the entries below it.
fn entries(ctx: &Ctx<'_>) -> Vec<String> {
    let mut entries = vec![ctx.state().cwd.clone()];
    entries.extend(ctx.state().dir_stack.iter().rev().cloned());
    entries
}

/// Makes `entries` the stack (entry 0 being the working directory, already changed to).
fn set_entries(ctx: &mut Ctx<'_>, entries: &[String]) {
    *ctx.dir_stack_mut() = entries.iter().skip(1).rev().cloned().collect();
}

/// `dir` with the home directory shown as `~`, as bash shows the stack.
fn tilde(ctx: &Ctx<'_>, dir: &str) -> String {
    match ctx.state().vars.get_str("HOME").filter(|h| !h.is_empty() && *h != "/") {
        Some(home) if dir == home => "~".to_string(),
        Some(home) => dir
            .strip_prefix(home)
            .filter(|rest| rest.starts_with('/'))
            .map_or(dir.to_string(), |rest| format!("~{rest}")),
        None => dir.to_string(),
    }
}

/// Which entry `+N`/`-N` names among `len`, or `None` past the stack.
fn index(word: &str, len: usize) -> Option<usize> {
    let n = word[1..].trim().parse::<usize>().ok()?;
    if word.starts_with('+') { Some(n).filter(|n| *n < len) } else { len.checked_sub(n + 1) }
}

/// The words of `pushd`, `popd` and `dirs` as bash reads them, one at a time.
struct DirWords {
    /// The letters given, each alone (`-n`; `dirs`' `-c -l -p -v`).
    letters: Vec<char>,
    /// The last `+N` or `-N`.
    index: Option<String>,
    /// The words from the first that is neither (after `--`, or `-` alone for `pushd`).
    rest: Vec<String>,
}

/// Reads `words` as bash's `pushd`, `popd` and `dirs` do: a letter of `letters` alone, `--`,
/// `+N`/`-N`, where a sign before what is not a number is an invalid number (so `-m` too);
/// `Err` is the usage error, said.
async fn dir_words(ctx: &Ctx<'_>, spec: &Spec, letters: &str, words: &[String]) -> Result<DirWords, Status> {
    let mut read = DirWords { letters: Vec::new(), index: None, rest: Vec::new() };
    let mut idx = 0;
    while let Some(word) = words.get(idx) {
        idx += 1;
        let mut chars = word.chars();
        match (chars.next(), chars.next(), chars.next()) {
            (Some('-'), Some(letter), None) if letters.contains(letter) => read.letters.push(letter),
            (Some('-'), Some('-'), None) => break,
            (Some('-'), None, _) => {
                idx -= 1;
                break;
            }
            (Some('+' | '-'), _, _) => {
                if word[1..].trim().parse::<i64>().is_err() {
                    return Err(ctx.misuse(spec, format!("{word}: invalid number")).await);
                }
                read.index = Some(word.clone());
            }
            _ => {
                idx -= 1;
                break;
            }
        }
    }
    read.rest = words[idx..].to_vec();
    Ok(read)
}

/// The stack on one line, as `dirs` prints it after `pushd` and `popd`.
async fn show(ctx: &Ctx<'_>) -> Status {
    let line: Vec<String> = entries(ctx).iter().map(|e| tilde(ctx, e)).collect();
    i32::from(!ctx.out(format!("{}\n", line.join(" "))).await)
}

/// `pushd [-n] [+N | -N | dir]`
pub async fn pushd(mut ctx: Ctx<'_>, args: Args) -> Status {
    let words = match dir_words(&ctx, &PUSHD, "n", &args.operands).await {
        Ok(words) => words,
        Err(status) => return status,
    };
    let no_change = words.letters.contains(&'n');
    // `pushd -n` with nothing else changes nothing (bash's empty list after its options).
    if no_change && words.index.is_none() && words.rest.is_empty() {
        return 0;
    }
    let mut stack = entries(&ctx);
    let rotate = match (&words.index, words.rest.as_slice()) {
        (Some(word), _) => match index(word, stack.len()) {
            None if stack.len() < 2 => return ctx.fail("directory stack empty").await,
            None => return ctx.fail(format!("{word}: directory stack index out of range")).await,
            Some(at) => {
                stack.rotate_left(at);
                Some(stack)
            }
        },
        (None, []) if stack.len() < 2 => return ctx.fail("no other directory").await,
        (None, []) => {
            stack.swap(0, 1);
            Some(stack)
        }
        (None, [_]) => None,
        (None, [_, extra, ..]) => return ctx.fail(format!("{extra}: too many arguments")).await,
    };
    match rotate {
        Some(stack) => {
            if !no_change {
                if !change_dir(&mut ctx, &stack[0], false).await {
                    return 1;
                }
                set_entries(&mut ctx, &stack);
            } else {
                // bash rotates the whole stack, the working directory in it, and drops the
                // new top it does not go to; the rotated stack is not shown.
                let here = ctx.state().cwd.clone();
                let kept: Vec<String> = std::iter::once(here).chain(stack.into_iter().skip(1)).collect();
                set_entries(&mut ctx, &kept);
                return 0;
            }
        }
        None => {
            let mut dir = words.rest[0].clone();
            // `pushd -` is `pushd "$OLDPWD"`, as `cd -`.
            if dir == "-" {
                match ctx.state().vars.get_str("OLDPWD") {
                    Some(old) => dir = old.to_string(),
                    None => return ctx.fail("OLDPWD not set").await,
                }
            }
            if no_change {
                let mut stack = entries(&ctx);
                // The directory as given, as bash keeps it (`pushd -n ../a` lists `../a`).
                stack.insert(1, dir);
                set_entries(&mut ctx, &stack);
            } else {
                let here = ctx.state().cwd.clone();
                if !change_dir(&mut ctx, &dir, false).await {
                    return 1;
                }
                ctx.dir_stack_mut().push(here);
            }
        }
    }
    show(&ctx).await
}

/// `popd [-n] [+N | -N]`
pub async fn popd(mut ctx: Ctx<'_>, args: Args) -> Status {
    let words = match dir_words(&ctx, &POPD, "n", &args.operands).await {
        Ok(words) => words,
        Err(status) => return status,
    };
    if let Some(word) = words.rest.iter().find(|w| !w.is_empty()) {
        return ctx.misuse(&POPD, format!("{word}: invalid argument")).await;
    }
    let mut stack = entries(&ctx);
    if stack.len() < 2 {
        return ctx.fail("directory stack empty").await;
    }
    let at = match &words.index {
        None => 0,
        Some(word) => match index(word, stack.len()) {
            Some(at) => at,
            None => return ctx.fail(format!("{word}: directory stack index out of range")).await,
        },
    };
    // -n keeps the working directory: the entry below it goes instead of it.
    let at = if at == 0 && words.letters.contains(&'n') { 1 } else { at };
    stack.remove(at);
    if at == 0 && !change_dir(&mut ctx, &stack[0].clone(), false).await {
        return 1;
    }
    set_entries(&mut ctx, &stack);
    show(&ctx).await
}

/// `dirs [-clpv] [+N | -N]`
pub async fn dirs(mut ctx: Ctx<'_>, args: Args) -> Status {
    let words = match dir_words(&ctx, &DIRS, "clpv", &args.operands).await {
        Ok(words) => words,
        Err(status) => return status,
    };
    // What is not an option or an index: bash calls it an invalid option.
    if let Some(word) = words.rest.first() {
        return ctx.misuse(&DIRS, format!("{word}: invalid option")).await;
    }
    let has = |letter| words.letters.contains(&letter);
    if has('c') {
        ctx.dir_stack_mut().clear();
        return 0;
    }
    let stack = entries(&ctx);
    let shown = |ctx: &Ctx<'_>, dir: &str| if has('l') { dir.to_string() } else { tilde(ctx, dir) };
    let picked: Vec<(usize, &String)> = match &words.index {
        None => stack.iter().enumerate().collect(),
        Some(word) => match index(word, stack.len()) {
            Some(at) => vec![(at, &stack[at])],
            None if stack.len() < 2 => return ctx.fail("directory stack empty").await,
            // bash's dirs names the index without its sign.
            None => return ctx.fail(format!("{}: directory stack index out of range", &word[1..])).await,
        },
    };
    let out = if has('v') {
        picked.iter().map(|(at, dir)| format!("{at:>2}  {}\n", shown(&ctx, dir))).collect()
    } else if has('p') {
        picked.iter().map(|(_, dir)| format!("{}\n", shown(&ctx, dir))).collect()
    } else {
        let line: Vec<String> = picked.iter().map(|(_, dir)| shown(&ctx, dir)).collect();
        format!("{}\n", line.join(" "))
    };
    i32::from(!ctx.out(out).await)
}
