//! `sort` (interim): lines in byte order with `-r -n -u -f -k N[,M] -t SEP`. The issue
//! "Real text and data tools" replaces it with uutils' sort.

use super::Ctx;
use crate::interp::Status;
use std::cmp::Ordering;

struct Keys {
    numeric: bool,
    reverse: bool,
    unique: bool,
    fold: bool,
    field: Option<(usize, Option<usize>)>,
    separator: Option<char>,
}

fn key<'l>(line: &'l str, keys: &Keys) -> &'l str {
    let Some((start, end)) = keys.field else { return line };
    let fields: Vec<(usize, usize)> = match keys.separator {
        Some(sep) => {
            let mut spans = Vec::new();
            let mut begin = 0;
            for (idx, c) in line.char_indices() {
                if c == sep {
                    spans.push((begin, idx));
                    begin = idx + c.len_utf8();
                }
            }
            spans.push((begin, line.len()));
            spans
        }
        None => {
            // Without -t a field starts at the blanks before it, as POSIX says.
            let mut spans = Vec::new();
            let mut begin = 0;
            let mut in_field = false;
            for (idx, c) in line.char_indices() {
                if c.is_whitespace() && in_field {
                    spans.push((begin, idx));
                    begin = idx;
                    in_field = false;
                } else if !c.is_whitespace() {
                    in_field = true;
                }
            }
            spans.push((begin, line.len()));
            spans
        }
    };
    let Some(&(from, _)) = fields.get(start.saturating_sub(1)) else { return "" };
    let to = end.and_then(|e| fields.get(e.saturating_sub(1))).map_or(line.len(), |&(_, to)| to);
    &line[from..to.max(from)]
}

fn number(text: &str) -> f64 {
    let trimmed = text.trim_start();
    let end = trimmed
        .char_indices()
        .find(|&(i, c)| !(c.is_ascii_digit() || c == '.' || (i == 0 && c == '-')))
        .map_or(trimmed.len(), |(i, _)| i);
    trimmed[..end].parse().unwrap_or(0.0)
}

fn compare(a: &str, b: &str, keys: &Keys) -> Ordering {
    let (ka, kb) = (key(a, keys), key(b, keys));
    let primary = if keys.numeric {
        number(ka).partial_cmp(&number(kb)).unwrap_or(Ordering::Equal)
    } else if keys.fold {
        ka.to_uppercase().cmp(&kb.to_uppercase())
    } else {
        ka.cmp(kb)
    };
    primary.then_with(|| if keys.unique { Ordering::Equal } else { a.cmp(b) })
}

/// `sort [-rnuf] [-t SEP] [-k N[,M]] [file…]`
pub async fn sort(ctx: Ctx<'_>) -> Status {
    let mut keys = Keys { numeric: false, reverse: false, unique: false, fold: false, field: None, separator: None };
    let mut files = Vec::new();
    let mut idx = 1;
    while idx < ctx.argv.len() {
        let arg = ctx.argv[idx].clone();
        idx += 1;
        if !arg.starts_with('-') || arg == "-" {
            files.push(arg);
            continue;
        }
        let mut chars = arg[1..].chars();
        while let Some(flag) = chars.next() {
            match flag {
                'n' | 'g' | 'h' => keys.numeric = true,
                'r' => keys.reverse = true,
                'u' => keys.unique = true,
                'f' => keys.fold = true,
                's' | 'b' => {}
                't' | 'k' => {
                    let rest: String = chars.by_ref().collect();
                    let value = if rest.is_empty() {
                        idx += 1;
                        ctx.argv.get(idx - 1).cloned().unwrap_or_default()
                    } else {
                        rest
                    };
                    if flag == 't' {
                        keys.separator = value.chars().next();
                    } else {
                        let spec: Vec<&str> = value.split(',').collect();
                        let field =
                            |s: &str| s.trim_end_matches(|c: char| c.is_ascii_alphabetic()).parse::<usize>().ok();
                        if value.contains('n') {
                            keys.numeric = true;
                        }
                        match field(spec[0]) {
                            Some(start) => keys.field = Some((start, spec.get(1).and_then(|s| field(s)))),
                            None => {
                                return ctx
                                    .usage(
                                        format!("invalid key '{value}'"),
                                        "sort [-rnuf] [-t SEP] [-k N[,M]] [file ...]",
                                    )
                                    .await;
                            }
                        }
                    }
                }
                _ => {
                    return ctx
                        .usage(format!("invalid option -- '{flag}'"), "sort [-rnuf] [-t SEP] [-k N[,M]] [file ...]")
                        .await;
                }
            }
        }
    }
    if files.is_empty() {
        files.push("-".to_string());
    }
    let mut text = String::new();
    for file in &files {
        match ctx.read_operand(file).await {
            Ok(data) => {
                text.push_str(&String::from_utf8_lossy(&data));
                if !text.is_empty() && !text.ends_with('\n') {
                    text.push('\n');
                }
            }
            Err(err) => return ctx.fail(format!("cannot read: {file}: {}", crate::vfs::describe(&err))).await,
        }
    }
    let mut lines: Vec<&str> = text.lines().collect();
    lines.sort_by(|a, b| compare(a, b, &keys));
    if keys.reverse {
        lines.reverse();
    }
    if keys.unique {
        lines.dedup_by(|a, b| compare(a, b, &keys) == Ordering::Equal);
    }
    let mut out = String::with_capacity(text.len());
    for line in lines {
        out.push_str(line);
        out.push('\n');
    }
    if ctx.out(out).await { 0 } else { 1 }
}
