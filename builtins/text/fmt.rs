//! `fmt`: fills paragraphs as GNU's fmt does — not greedily but by its cost model (`fmt.c`): each
//! paragraph's breaks are chosen to keep lines near the goal width (93% of the maximum), with
//! bonuses for breaking after a sentence or punctuation and costs for widows, orphans and
//! ragged edges, so the lines come out as GNU's do. A paragraph is a run of lines with the
//! same indentation (with `-c`, the first line's may differ; with `-s`, lines are only split).
//! Lengths are counted in bytes, as GNU's fmt counts them.

use crate::Ctx;
use crate::session::Status;
use crate::spec::{Args, Opt, Spec};
use crate::vfs::describe;
use toolsh_bytes::quote::quoteaf;

const CROWN: Opt = Opt::both('c', "crown-margin", "preserve indentation of first two lines");
const PREFIX: Opt =
    Opt::both('p', "prefix", "reformat only lines beginning with STRING, reattaching the prefix to reformatted lines")
        .value("STRING");
const SPLIT: Opt = Opt::both('s', "split-only", "split long lines, but do not refill");
const TAGGED: Opt = Opt::both('t', "tagged-paragraph", "indentation of first line different from second");
const UNIFORM: Opt = Opt::both('u', "uniform-spacing", "one space between words, two after sentences");
const WIDTH: Opt = Opt::both('w', "width", "maximum line width (default of 75 columns)").value("WIDTH");
const GOAL: Opt = Opt::both('g', "goal", "goal width (default of 93% of width)").value("WIDTH");

/// `fmt`.
pub const FMT: Spec = Spec {
    name: "fmt",
    summary: "simple optimal text formatter",
    synopsis: &["[-WIDTH] [OPTION]... [FILE]..."],
    about: "Reformat each paragraph in the FILE(s), writing to standard output.",
    options: &[CROWN, PREFIX, SPLIT, TAGGED, UNIFORM, WIDTH, GOAL],
    digits: Some(WIDTH),
    assumed: true,
    ..Spec::BASE
};

type Cost = i64;
const fn equiv(n: Cost) -> Cost {
    n * n
}
const fn short_cost(n: Cost) -> Cost {
    equiv(n * 10)
}
const fn ragged_cost(n: Cost) -> Cost {
    short_cost(n) / 2
}
const LINE_COST: Cost = equiv(70);
const SENTENCE_BONUS: Cost = equiv(50);
const NOBREAK_COST: Cost = equiv(600);
const PAREN_BONUS: Cost = equiv(40);
const PUNCT_BONUS: Cost = equiv(40);
const fn widow_cost(n: Cost) -> Cost {
    equiv(200) / (n + 2)
}
const fn orphan_cost(n: Cost) -> Cost {
    equiv(150) / (n + 2)
}

/// A word of a paragraph, as fmt.c describes it.
struct Word<'a> {
    text: &'a [u8],
    /// Spaces after it (1, or 2 after a sentence, where a line ended).
    space: usize,
    paren: bool,
    period: bool,
    punct: bool,
    final_: bool,
    best_cost: Cost,
    next_break: usize,
    line_length: usize,
}

struct Layout {
    max_width: usize,
    goal: usize,
    uniform: bool,
    split: bool,
}

/// The words of `line` appended to `words` with their flags and spacing.
fn read_words<'a>(line: &'a [u8], words: &mut Vec<Word<'a>>, uniform: bool) {
    let mut at = line.iter().position(|b| !b.is_ascii_whitespace()).unwrap_or(line.len());
    while at < line.len() {
        let start = at;
        while at < line.len() && !matches!(line[at], b' ' | b'\t') {
            at += 1;
        }
        let text = &line[start..at];
        let spaces_from = at;
        while at < line.len() && matches!(line[at], b' ' | b'\t') {
            at += 1;
        }
        let paren = matches!(text[0], b'(' | b'[' | b'`' | b'\'' | b'"');
        let trimmed =
            text.iter().rposition(|b| !matches!(b, b')' | b']' | b'\'' | b'"')).map_or(&text[..0], |e| &text[..=e]);
        let period = trimmed.last().is_some_and(|b| matches!(b, b'.' | b'?' | b'!'));
        let punct = text.last().is_some_and(u8::is_ascii_punctuation);
        let space = at - spaces_from;
        let end = at >= line.len();
        let final_ = period && (end || space > 1);
        let space = if end || uniform { if final_ { 2 } else { 1 } } else { space };
        words.push(Word { text, space, paren, period, punct, final_, best_cost: 0, next_break: 0, line_length: 0 });
    }
}

/// The cost of a line of `len` ending before word `next` (fmt.c's line_cost).
fn line_cost(words: &[Word], next: usize, len: usize, goal: usize) -> Cost {
    if next == words.len() {
        return 0;
    }
    let mut cost = short_cost(goal as Cost - len as Cost);
    if words[next].next_break != words.len() {
        cost += ragged_cost(len as Cost - words[next].line_length as Cost);
    }
    cost
}

/// The cost of starting a line at word `at` (fmt.c's base_cost).
fn base_cost(words: &[Word], at: usize) -> Cost {
    let mut cost = LINE_COST;
    if at > 0 {
        let before = &words[at - 1];
        if before.period {
            cost += if before.final_ { -SENTENCE_BONUS } else { NOBREAK_COST };
        } else if before.punct {
            cost -= PUNCT_BONUS;
        } else if at > 1 && words[at - 2].final_ {
            cost += widow_cost(before.text.len() as Cost);
        }
    }
    if words[at].paren {
        cost -= PAREN_BONUS;
    } else if words[at].final_ {
        cost += orphan_cost(words[at].text.len() as Cost);
    }
    cost
}

/// Chooses the breaks of a paragraph (fmt.c's fmt_paragraph), from the last word back.
fn choose_breaks(words: &mut [Word], first_indent: usize, other_indent: usize, layout: &Layout) {
    let limit = words.len();
    for start in (0..limit).rev() {
        let mut best = Cost::MAX;
        let mut len = if start == 0 { first_indent } else { other_indent } + words[start].text.len();
        let mut w = start;
        loop {
            w += 1;
            let wcost =
                line_cost(words, w, len, layout.goal).saturating_add(if w == limit { 0 } else { words[w].best_cost });
            if wcost < best {
                best = wcost;
                words[start].next_break = w;
                words[start].line_length = len;
            }
            if w == limit {
                break;
            }
            len += words[w - 1].space + words[w].text.len();
            if len >= layout.max_width {
                break;
            }
        }
        words[start].best_cost = best.saturating_add(base_cost(words, start));
    }
}

/// Writes a filled paragraph.
fn put_paragraph(out: &mut Vec<u8>, words: &[Word], prefix: &[u8], first_indent: usize, other_indent: usize) {
    let mut at = 0;
    let mut first = true;
    while at < words.len() {
        let end = words[at].next_break.max(at + 1);
        out.extend_from_slice(prefix);
        let indent = if first { first_indent } else { other_indent };
        out.extend(std::iter::repeat_n(b' ', indent.saturating_sub(prefix.len())));
        for (k, word) in words[at..end].iter().enumerate() {
            if k > 0 {
                out.extend(std::iter::repeat_n(b' ', words[at + k - 1].space));
            }
            out.extend_from_slice(word.text);
        }
        out.push(b'\n');
        at = end;
        first = false;
    }
}

/// The column a line's text starts at (tabs to the next multiple of 8).
fn indent_of(line: &[u8]) -> usize {
    let mut column = 0;
    for &b in line {
        match b {
            b' ' => column += 1,
            b'\t' => column = column / 8 * 8 + 8,
            _ => break,
        }
    }
    column
}

fn is_blank(line: &[u8]) -> bool {
    line.iter().all(u8::is_ascii_whitespace)
}

/// Fills `text` as `fmt` does.
fn format(text: &[u8], layout: &Layout, crown: bool, tagged: bool, prefix: &[u8]) -> Vec<u8> {
    let lines: Vec<&[u8]> = text.split_inclusive(|&b| b == b'\n').map(|l| l.strip_suffix(b"\n").unwrap_or(l)).collect();
    let mut out = Vec::with_capacity(text.len() + text.len() / 8);
    let last_other = &mut 0usize;
    let mut i = 0;
    while i < lines.len() {
        // Lines without the prefix, and blank ones, pass through as they are.
        let Some(body) = lines[i].strip_prefix(prefix) else {
            out.extend_from_slice(lines[i]);
            out.push(b'\n');
            i += 1;
            continue;
        };
        if is_blank(body) {
            out.extend_from_slice(lines[i].trim_ascii_end());
            out.push(b'\n');
            i += 1;
            continue;
        }
        let first_indent = indent_of(body);
        let mut para = vec![body];
        i += 1;
        let mut other_indent = first_indent;
        if !layout.split {
            let next_body = |at: usize| lines.get(at).and_then(|l| l.strip_prefix(prefix)).filter(|b| !is_blank(b));
            // A tagged paragraph of one line indents the next lines as the last paragraph's
            // did, else 3 columns (0 when it is itself indented), as fmt.c's DEF_INDENT.
            // A one-line paragraph keeps the secondary indent of the last one, when it differs.
            if tagged {
                other_indent = if *last_other != first_indent {
                    *last_other
                } else if first_indent == 0 {
                    3
                } else {
                    0
                };
            }
            if crown || tagged {
                if let Some(second) = next_body(i) {
                    let indent = indent_of(second);
                    if !tagged || indent != first_indent {
                        other_indent = indent;
                        para.push(second);
                        i += 1;
                        while let Some(more) = next_body(i).filter(|b| indent_of(b) == other_indent) {
                            para.push(more);
                            i += 1;
                        }
                    }
                }
            } else {
                while let Some(more) = next_body(i).filter(|b| indent_of(b) == first_indent) {
                    para.push(more);
                    i += 1;
                }
            }
        }
        *last_other = other_indent;
        let mut words = Vec::new();
        for line in &para {
            read_words(line, &mut words, layout.uniform);
        }
        // A paragraph's last word ends a sentence, as fmt.c has it.
        if let Some(last) = words.last_mut() {
            (last.period, last.final_) = (true, true);
        }
        // Columns count from the start of the line, the prefix included.
        let (first_indent, other_indent) = (first_indent + prefix.len(), other_indent + prefix.len());
        choose_breaks(&mut words, first_indent, other_indent, layout);
        put_paragraph(&mut out, &words, prefix, first_indent, other_indent);
    }
    out
}

/// `fmt [-WIDTH] [-cstu] [-w WIDTH] [-g GOAL] [-p PREFIX] [FILE…]`
pub async fn fmt(ctx: Ctx<'_>, args: Args) -> Status {
    let number = |opt: &Opt| -> Result<Option<usize>, String> {
        match args.last(opt) {
            None => Ok(None),
            Some(text) => super::decimal_in(text, 0, 2500, "invalid width").map(|n| usize::try_from(n).ok()),
        }
    };
    let (max_width, goal) = match (number(&WIDTH), number(&GOAL)) {
        (Err(said), _) | (_, Err(said)) => return ctx.fail(said).await,
        (Ok(width), Ok(goal)) => {
            let max = width.unwrap_or(if goal.is_some_and(|g| g > 75) { goal.unwrap_or(75) + 10 } else { 75 });
            (max, goal.unwrap_or(max * 187 / 200))
        }
    };
    if goal > max_width {
        let said = args.last(&GOAL).unwrap_or_default();
        return ctx.fail(format!("invalid width: '{said}': Numerical result out of range")).await;
    }
    let layout = Layout { max_width, goal, uniform: args.has(&UNIFORM), split: args.has(&SPLIT) };
    let prefix = toolsh_bytes::encode(args.last(&PREFIX).unwrap_or_default()).into_owned();
    let mut status = 0;
    for file in args.files() {
        let data = match ctx.read_operand(&file).await {
            Ok(data) => data,
            Err(err) => {
                ctx.complain(format!("cannot open {file} for reading: {}", describe(&err), file = quoteaf(&file)))
                    .await;
                status = 1;
                continue;
            }
        };
        let text = format(&data, &layout, args.has(&CROWN), args.has(&TAGGED), &prefix);
        if !ctx.out(text).await {
            return 1;
        }
    }
    status
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fills_to_the_goal_and_keeps_paragraphs() {
        let layout = Layout { max_width: 20, goal: 18, uniform: false, split: false };
        let text = b"one two three four five six seven eight\n\n  nine ten\n";
        let out = String::from_utf8(format(text, &layout, false, false, b"")).unwrap_or_default();
        // As GNU fmt -w 20 -g 18 breaks it (the last line is an orphan otherwise).
        assert_eq!(out, "one two three\nfour five six\nseven eight\n\n  nine ten\n");
    }
}
