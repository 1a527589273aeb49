//! `envsubst`: `$NAME` and `${NAME}` in the input replaced by the exported variables' values
//! (empty when not exported), or only those SHELL-FORMAT names; `-v` lists SHELL-FORMAT's names.

use crate::Ctx;
use crate::session::Status;
use crate::spec::{Args, Opt, Spec, Words};
use std::collections::HashMap;

const VARIABLES: Opt = Opt::both('v', "variables", "output the variables occurring in SHELL-FORMAT");

/// `envsubst`.
pub const ENVSUBST: Spec = Spec {
    name: "envsubst",
    summary: "substitute environment variables in shell format strings",
    synopsis: &["[OPTION] [SHELL-FORMAT]"],
    about: "Copy standard input to standard output, with references to exported variables of the form $VARIABLE or ${VARIABLE} replaced by their values; with SHELL-FORMAT, only the variables it names.",
    options: &[VARIABLES],
    words: Words::Gnu,
    assumed: true,
    ..Spec::BASE
};

/// The names `$NAME` and `${NAME}` refer to in `text`, with the byte ranges they take.
fn references(text: &str) -> Vec<(std::ops::Range<usize>, &str)> {
    let bytes = text.as_bytes();
    let is_start = |b: u8| b.is_ascii_alphabetic() || b == b'_';
    let is_name = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
    let mut found = Vec::new();
    let mut idx = 0;
    while idx < bytes.len() {
        if bytes[idx] != b'$' {
            idx += 1;
            continue;
        }
        let braced = bytes.get(idx + 1) == Some(&b'{');
        let start = idx + 1 + usize::from(braced);
        if !bytes.get(start).is_some_and(|&b| is_start(b)) {
            idx += 1;
            continue;
        }
        let mut end = start;
        while end < bytes.len() && is_name(bytes[end]) {
            end += 1;
        }
        if braced {
            if bytes.get(end) != Some(&b'}') {
                idx += 1;
                continue;
            }
            found.push((idx..end + 1, &text[start..end]));
            idx = end + 1;
        } else {
            found.push((idx..end, &text[start..end]));
            idx = end;
        }
    }
    found
}

/// `envsubst [-v] [SHELL-FORMAT]`.
pub async fn envsubst(ctx: Ctx<'_>, args: Args) -> Status {
    let format = match args.operands.as_slice() {
        [] => None,
        [one] => Some(one.clone()),
        [_, extra, ..] => return ctx.misuse(&ENVSUBST, format!("too many arguments: '{extra}'")).await,
    };
    if args.has(&VARIABLES) {
        let Some(format) = format else {
            return ctx.misuse(&ENVSUBST, "missing arguments").await;
        };
        let names: String = references(&format).iter().map(|(_, name)| format!("{name}\n")).collect();
        return i32::from(!ctx.out(names).await);
    }
    let only: Option<Vec<String>> =
        format.map(|f| references(&f).into_iter().map(|(_, name)| name.to_string()).collect());
    let env: HashMap<String, String> = ctx.state().vars.exported().into_iter().collect();
    let input = match ctx.read_stdin().await {
        Ok(data) => toolsh_bytes::decode(&data).into_owned(),
        Err(err) => return ctx.fail(toolsh_core::vfs::describe(&err)).await,
    };
    let mut out = String::with_capacity(input.len());
    let mut copied = 0;
    for (range, name) in references(&input) {
        if only.as_ref().is_some_and(|names| !names.iter().any(|n| n == name)) {
            continue;
        }
        out.push_str(&input[copied..range.start]);
        out.push_str(env.get(name).map_or("", String::as_str));
        copied = range.end;
    }
    out.push_str(&input[copied..]);
    i32::from(!ctx.out(out).await)
}
