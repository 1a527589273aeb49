//! `tsort`: a total order of the items that pairs in the input order partially, laid out as
//! GNU's tsort lays it out (items without predecessors in sorted order, then each item's
//! successors, the last named first); a loop is reported on standard error, broken, and the
//! order goes on (status 1).

use crate::Ctx;
use crate::session::Status;
use crate::spec::{Args, Spec, Words};
use std::collections::{BTreeMap, VecDeque};
use toolsh_bytes::quote::quotef;
use toolsh_core::vfs::describe;

/// `tsort`.
pub const TSORT: Spec = Spec {
    name: "tsort",
    summary: "perform topological sort",
    synopsis: &["[OPTION] [FILE]"],
    about: "Write totally ordered list consistent with the partial ordering in FILE (or standard input): each pair of words 'A B' says A comes before B.",
    words: Words::Gnu,
    assumed: true,
    ..Spec::BASE
};

struct Item {
    /// Predecessors not yet written.
    before: usize,
    /// Successors, the last named first.
    after: Vec<String>,
}

/// `tsort [FILE]`.
pub async fn tsort(ctx: Ctx<'_>, args: Args) -> Status {
    let name = match args.operands.as_slice() {
        [] => "-".to_string(),
        [one] => one.clone(),
        [_, extra, ..] => return ctx.misuse(&TSORT, format!("extra operand '{extra}'")).await,
    };
    let data = match ctx.read_operand(&name).await {
        Ok(data) => data,
        Err(err) => return ctx.fail(format!("{name}: {}", describe(&err), name = quotef(&name))).await,
    };
    let text = toolsh_bytes::decode(&data);
    let words: Vec<&str> = text.split_whitespace().collect();
    if words.len() % 2 == 1 {
        return ctx.fail(format!("{name}: input contains an odd number of tokens", name = quotef(&name))).await;
    }
    let mut items: BTreeMap<&str, Item> = BTreeMap::new();
    for pair in words.chunks(2) {
        let (first, second) = (pair[0], pair[1]);
        items.entry(first).or_insert(Item { before: 0, after: Vec::new() });
        if first == second {
            continue;
        }
        items.entry(second).or_insert(Item { before: 0, after: Vec::new() }).before += 1;
        if let Some(item) = items.get_mut(first) {
            item.after.insert(0, second.to_string());
        }
    }
    let mut ready: VecDeque<String> =
        items.iter().filter(|(_, item)| item.before == 0).map(|(name, _)| name.to_string()).collect();
    let mut out = String::new();
    let mut written = 0;
    let mut status = 0;
    while written < items.len() {
        let Some(next) = ready.pop_front() else {
            // A loop: the first item still waiting, the loop through it reported and broken.
            let Some(start) = items.iter().find(|(_, item)| item.before > 0).map(|(name, _)| name.to_string()) else {
                break;
            };
            let mut report = format!("{}: {name}: input contains a loop:\n", ctx.name());
            let mut seen = vec![start.clone()];
            let mut at = start.clone();
            while let Some(following) =
                items.get(at.as_str()).and_then(|item| item.after.iter().find(|n| items[n.as_str()].before > 0))
            {
                if seen.contains(following) {
                    break;
                }
                seen.push(following.clone());
                at = following.clone();
            }
            for member in &seen {
                report.push_str(&format!("{}: {member}\n", ctx.name()));
            }
            ctx.err(report).await;
            status = 1;
            if let Some(item) = items.get_mut(start.as_str()) {
                item.before = 0;
            }
            ready.push_back(start);
            continue;
        };
        out.push_str(&next);
        out.push('\n');
        written += 1;
        // Each item is queued once (when nothing is before it any more), and a written item
        // has nothing before it, so counts only go down for items still waiting.
        let after = items.get_mut(next.as_str()).map(|item| std::mem::take(&mut item.after)).unwrap_or_default();
        for successor in after {
            if let Some(item) = items.get_mut(successor.as_str())
                && item.before > 0
            {
                item.before -= 1;
                if item.before == 0 {
                    ready.push_back(successor);
                }
            }
        }
    }
    if !ctx.out(out).await {
        return 1;
    }
    status
}
