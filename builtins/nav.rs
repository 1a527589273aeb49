//! `cd`, `pwd`, `pushd`, `popd`, `dirs`: the working directory and its stack.

use super::Ctx;
use crate::interp::Status;

/// Changes directory, keeping `PWD` and `OLDPWD`; false with a message on failure.
async fn change_dir(ctx: &mut Ctx<'_>, target: &str) -> bool {
    let abs = ctx.abs(target);
    match ctx.vfs.stat(&abs) {
        Ok(meta) if meta.is_dir() => {
            let old = std::mem::replace(&mut ctx.state.cwd, abs.clone());
            ctx.state.set_var("OLDPWD", old);
            ctx.state.set_var("PWD", abs);
            true
        }
        Ok(_) => {
            ctx.complain(format!("{target}: Not a directory")).await;
            false
        }
        Err(err) => {
            ctx.complain(format!("{target}: {}", crate::vfs::describe(&err))).await;
            false
        }
    }
}

/// `cd [-L|-P] [dir|-]`
pub async fn cd(mut ctx: Ctx<'_>) -> Status {
    let args: Vec<String> =
        ctx.argv[1..].iter().filter(|a| !matches!(a.as_str(), "-L" | "-P" | "--")).cloned().collect();
    if args.len() > 1 {
        return ctx.fail("too many arguments").await;
    }
    let (target, print) = match args.first().map(String::as_str) {
        None => match ctx.state.vars.get_str("HOME") {
            Some(home) => (home.to_string(), false),
            None => return ctx.fail("HOME not set").await,
        },
        Some("-") => match ctx.state.vars.get_str("OLDPWD") {
            Some(old) => (old.to_string(), true),
            None => return ctx.fail("OLDPWD not set").await,
        },
        // bash: an empty operand leaves the directory as it is.
        Some("") => return 0,
        Some(dir) => (dir.to_string(), false),
    };
    if !change_dir(&mut ctx, &target).await {
        return 1;
    }
    if print {
        let line = format!("{}\n", ctx.state.cwd);
        ctx.out(line).await;
    }
    0
}

/// `pwd`
pub async fn pwd(ctx: Ctx<'_>) -> Status {
    let line = format!("{}\n", ctx.state.cwd);
    if ctx.out(line).await { 0 } else { 1 }
}

fn stack_line(ctx: &Ctx<'_>) -> String {
    let mut entries = vec![ctx.state.cwd.clone()];
    entries.extend(ctx.state.dir_stack.iter().rev().cloned());
    format!("{}\n", entries.join(" "))
}

/// `pushd dir`
pub async fn pushd(mut ctx: Ctx<'_>) -> Status {
    let Some(target) = ctx.argv.get(1).cloned() else {
        let Some(top) = ctx.state.dir_stack.pop() else {
            return ctx.fail("no other directory").await;
        };
        let here = ctx.state.cwd.clone();
        if !change_dir(&mut ctx, &top).await {
            ctx.state.dir_stack.push(top);
            return 1;
        }
        ctx.state.dir_stack.push(here);
        let line = stack_line(&ctx);
        ctx.out(line).await;
        return 0;
    };
    let here = ctx.state.cwd.clone();
    if !change_dir(&mut ctx, &target).await {
        return 1;
    }
    ctx.state.dir_stack.push(here);
    let line = stack_line(&ctx);
    ctx.out(line).await;
    0
}

/// `popd`
pub async fn popd(mut ctx: Ctx<'_>) -> Status {
    let Some(top) = ctx.state.dir_stack.pop() else {
        return ctx.fail("directory stack empty").await;
    };
    if !change_dir(&mut ctx, &top).await {
        return 1;
    }
    let line = stack_line(&ctx);
    ctx.out(line).await;
    0
}

/// `dirs`
pub async fn dirs(ctx: Ctx<'_>) -> Status {
    if ctx.argv.iter().any(|a| a == "-c") {
        ctx.state.dir_stack.clear();
        return 0;
    }
    let line = stack_line(&ctx);
    ctx.out(line).await;
    0
}
