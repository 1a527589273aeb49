//! `sort` (interim, until the issue "Real text and data tools" brings uutils' sort): lines in
//! byte order with GNU's key model — any number of `-k F[.C][,F[.C]][bfnr]` keys, each with its
//! own ordering options or, when it has none, the global `-b -f -n -r`; ties fall back to
//! the whole line (reversed by a global `-r`) unless `-s` or `-u`. `-t SEP`, `-u`, `-s`, `-o FILE`.

use super::Ctx;
use crate::interp::Status;
use std::cmp::Ordering;

const USAGE: &str = "sort [-bfnrsu] [-t SEP] [-k F[.C][,F[.C]][bfnr]]... [-o FILE] [FILE...]";

/// How one key (or the whole line) compares.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct Order {
    numeric: bool,
    reverse: bool,
    fold: bool,
    blanks: bool,
}

impl Order {
    fn is_default(&self) -> bool {
        *self == Order::default()
    }

    /// Applies one option letter; false when it is not an ordering option.
    fn set(&mut self, letter: char) -> bool {
        match letter {
            'n' | 'g' | 'h' => self.numeric = true,
            'r' => self.reverse = true,
            'f' => self.fold = true,
            'b' => self.blanks = true,
            _ => return false,
        }
        true
    }
}

/// `-k START[,END]`: fields counted from 1, characters within them from 1 (0 = the field's end).
#[derive(Debug, Clone, Copy)]
struct Key {
    start: (usize, usize),
    end: Option<(usize, usize)>,
    order: Order,
}

struct Options {
    keys: Vec<Key>,
    global: Order,
    unique: bool,
    stable: bool,
    separator: Option<char>,
}

/// Parses `F[.C][,F[.C]][opts]`.
fn parse_key(spec: &str) -> Option<Key> {
    let (start, end) = match spec.split_once(',') {
        Some((start, end)) => (start, Some(end)),
        None => (spec, None),
    };
    let mut order = Order::default();
    let mut position = |text: &str, is_end: bool| -> Option<(usize, usize)> {
        let digits = text.trim_end_matches(|c: char| c.is_ascii_alphabetic());
        for letter in text[digits.len()..].chars() {
            if !order.set(letter) {
                return None;
            }
        }
        let (field, char) = match digits.split_once('.') {
            Some((field, char)) => (field.parse().ok()?, char.parse().ok()?),
            None => (digits.parse().ok()?, 0),
        };
        (field > 0 && (is_end || char > 0 || !digits.contains('.'))).then_some((field, char))
    };
    let start = position(start, false)?;
    let end = match end {
        Some(end) => Some(position(end, true)?),
        None => None,
    };
    Some(Key { start, end, order })
}

/// Byte spans of the fields of `line`: split at `sep`, or (without one) each field starting at
/// the blanks before it, as POSIX says.
fn fields(line: &str, sep: Option<char>) -> Vec<(usize, usize)> {
    let mut spans = Vec::new();
    let mut begin = 0;
    match sep {
        Some(sep) => {
            for (idx, c) in line.char_indices().filter(|&(_, c)| c == sep) {
                spans.push((begin, idx));
                begin = idx + c.len_utf8();
            }
        }
        None => {
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
        }
    }
    spans.push((begin, line.len()));
    spans
}

/// Skips leading blanks from byte `at` when `blanks`.
fn skip_blanks(line: &str, at: usize, blanks: bool) -> usize {
    if !blanks {
        return at;
    }
    at + line[at..].len() - line[at..].trim_start().len()
}

/// Moves `chars` characters forward from byte `at`, not past `limit`.
fn advance(line: &str, at: usize, chars: usize, limit: usize) -> usize {
    line[at..limit].char_indices().nth(chars).map_or(limit, |(i, _)| at + i)
}

fn key_text<'l>(line: &'l str, key: &Key, order: Order, sep: Option<char>) -> &'l str {
    let spans = fields(line, sep);
    let Some(&(from, _)) = spans.get(key.start.0 - 1) else { return "" };
    // Character offsets may run past their field, as GNU's do: only the line bounds them.
    let from = skip_blanks(line, from, order.blanks);
    let from = advance(line, from, key.start.1.saturating_sub(1), line.len());
    let to = match key.end {
        None => line.len(),
        Some((field, 0)) => spans.get(field - 1).map_or(line.len(), |&(_, end)| end),
        Some((field, char)) => match spans.get(field - 1) {
            Some(&(begin, _)) => advance(line, skip_blanks(line, begin, order.blanks), char, line.len()),
            None => line.len(),
        },
    };
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

fn compare_text(a: &str, b: &str, order: Order) -> Ordering {
    let ordering = if order.numeric {
        number(a).partial_cmp(&number(b)).unwrap_or(Ordering::Equal)
    } else if order.fold {
        a.bytes().map(|c| c.to_ascii_uppercase()).cmp(b.bytes().map(|c| c.to_ascii_uppercase()))
    } else {
        a.cmp(b)
    };
    if order.reverse { ordering.reverse() } else { ordering }
}

/// Key by key; `last_resort` adds the whole-line comparison GNU makes on ties.
fn compare(a: &str, b: &str, options: &Options, last_resort: bool) -> Ordering {
    for key in &options.keys {
        // A key with no options of its own takes the global ones.
        let order = if key.order.is_default() { options.global } else { key.order };
        let ordering =
            compare_text(key_text(a, key, order, options.separator), key_text(b, key, order, options.separator), order);
        if ordering != Ordering::Equal {
            return ordering;
        }
    }
    if options.keys.is_empty() {
        // -b places keys; with no keys the key is the whole line without its leading blanks.
        let ordering = if options.global.blanks {
            compare_text(a.trim_start(), b.trim_start(), options.global)
        } else {
            compare_text(a, b, options.global)
        };
        if ordering != Ordering::Equal {
            return ordering;
        }
    }
    if !last_resort || options.unique || options.stable {
        return Ordering::Equal;
    }
    if options.global.reverse { b.cmp(a) } else { a.cmp(b) }
}

/// `sort [-bfnrsu] [-t SEP] [-k KEY]... [-o FILE] [FILE...]`
pub async fn sort(ctx: Ctx<'_>) -> Status {
    let mut options =
        Options { keys: Vec::new(), global: Order::default(), unique: false, stable: false, separator: None };
    let mut output: Option<String> = None;
    let mut files = Vec::new();
    let mut idx = 1;
    let mut options_done = false;
    while idx < ctx.argv.len() {
        let arg = ctx.argv[idx].clone();
        idx += 1;
        if options_done || !arg.starts_with('-') || arg == "-" {
            files.push(arg);
            continue;
        }
        if arg == "--" {
            options_done = true;
            continue;
        }
        let mut chars = arg[1..].chars();
        while let Some(flag) = chars.next() {
            if options.global.set(flag) {
                continue;
            }
            match flag {
                'u' => options.unique = true,
                's' => options.stable = true,
                't' | 'k' | 'o' => {
                    let rest: String = chars.by_ref().collect();
                    let value = if rest.is_empty() {
                        idx += 1;
                        match ctx.argv.get(idx - 1) {
                            Some(value) => value.clone(),
                            None => return ctx.usage(format!("option requires an argument -- '{flag}'"), USAGE).await,
                        }
                    } else {
                        rest
                    };
                    match flag {
                        't' => options.separator = value.chars().next(),
                        'o' => output = Some(value),
                        _ => match parse_key(&value) {
                            Some(key) => options.keys.push(key),
                            None => return ctx.usage(format!("invalid key '{value}'"), USAGE).await,
                        },
                    }
                }
                _ => return ctx.usage(format!("invalid option -- '{flag}'"), USAGE).await,
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
    lines.sort_by(|a, b| compare(a, b, &options, true));
    if options.unique {
        lines.dedup_by(|a, b| compare(a, b, &options, false) == Ordering::Equal);
    }
    let mut out = String::with_capacity(text.len());
    for line in lines {
        out.push_str(line);
        out.push('\n');
    }
    match output {
        Some(path) => match ctx.vfs.write(&ctx.abs(&path), out.as_bytes(), crate::vfs::WriteMode::Truncate) {
            Ok(()) => 0,
            Err(err) => ctx.fail(format!("cannot write: {path}: {}", crate::vfs::describe(&err))).await,
        },
        None => i32::from(!ctx.out(out).await),
    }
}
