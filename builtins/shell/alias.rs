//! `alias` and `unalias`: the session's alias definitions, listed and quoted as bash lists
//! them. As in bash, they are expanded when a command is read, only under `shopt -s
//! expand_aliases` (on in the console, as in an interactive bash; off in scripts and for
//! agents' lines), by the parser (`toolsh_syntax::parse_with_aliases`).

use crate::Ctx;
use crate::session::Status;
use crate::spec::{Args, Opt, Order, Spec};

/// `alias`.
pub const ALIAS: Spec = Spec {
    name: "alias",
    summary: "define or display aliases",
    synopsis: &["[-p] [name[=value] ... ]"],
    about: "Define each NAME=VALUE as an alias, or print the NAMEs given (all with none, or -p) as `alias NAME='VALUE'`. Aliases are expanded when a command is read once `shopt -s expand_aliases` is set (the console sets it).",
    options: &[Opt::short('p', "print all defined aliases in a reusable format")],
    order: Order::OptionsFirst,
    assumed: true,
    ..Spec::BASH
};

/// `unalias`.
pub const UNALIAS: Spec = Spec {
    name: "unalias",
    summary: "remove each NAME from the list of defined aliases",
    synopsis: &["[-a] name [name ...]"],
    about: "Remove each NAME from the defined aliases, or all of them with -a.",
    options: &[Opt::short('a', "remove all alias definitions")],
    order: Order::OptionsFirst,
    assumed: true,
    ..Spec::BASH
};

/// An alias as `alias` prints it.
fn shown(name: &str, value: &str) -> String {
    format!("alias {name}='{}'\n", value.replace('\'', "'\\''"))
}

/// `alias [-p] [NAME[=VALUE]…]`.
pub async fn alias(mut ctx: Ctx<'_>, args: Args) -> Status {
    let mut out = String::new();
    if args.operands.is_empty() || args.has(&ALIAS.options[0]) {
        for (name, value) in ctx.state().aliases.iter() {
            out.push_str(&shown(name, value));
        }
    }
    let mut status = 0;
    for operand in &args.operands {
        match operand.split_once('=') {
            Some((name, value)) if valid_name(name) => {
                ctx.aliases_mut().insert(name.to_string(), value.to_string());
            }
            Some((name, _)) => {
                ctx.complain(format!("`{name}': invalid alias name")).await;
                status = 1;
            }
            None => match ctx.state().aliases.get(operand) {
                Some(value) => out.push_str(&shown(operand, value)),
                None => {
                    ctx.complain(format!("{operand}: not found")).await;
                    status = 1;
                }
            },
        }
    }
    if !out.is_empty() && !ctx.out(out).await {
        return 1;
    }
    status
}

/// A name bash lets an alias have: no quoting, expansion, blank or operator character.
fn valid_name(name: &str) -> bool {
    !name.is_empty()
        && !name.contains(['/', '$', '`', '=', '\'', '"', '\\', ' ', '\t', '\n', ';', '&', '|', '(', ')', '<', '>'])
}

/// `unalias [-a] NAME…`.
pub async fn unalias(mut ctx: Ctx<'_>, args: Args) -> Status {
    if args.has(&UNALIAS.options[0]) {
        ctx.aliases_mut().clear();
        return 0;
    }
    if args.operands.is_empty() {
        // bash says only its usage line.
        ctx.err("unalias: usage: unalias [-a] name [name ...]\n").await;
        return 2;
    }
    let mut status = 0;
    for name in &args.operands {
        if ctx.aliases_mut().remove(name).is_none() {
            ctx.complain(format!("{name}: not found")).await;
            status = 1;
        }
    }
    status
}
