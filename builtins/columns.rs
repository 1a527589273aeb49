//! Column and layout filters: `paste`, `comm`, `nl`, `fold`, `expand`, `column -t`, with GNU
//! coreutils' (and util-linux's `column`) output formats.

use super::Ctx;
use super::args::options;
use crate::interp::Status;
use crate::vfs::describe;

/// Reads one operand as lines (without terminators).
pub(super) async fn lines(ctx: &Ctx<'_>, name: &str) -> Result<Vec<String>, Status> {
    match ctx.read_operand(name).await {
        Ok(data) => {
            let text = String::from_utf8_lossy(&data).into_owned();
            Ok(text.lines().map(str::to_string).collect())
        }
        Err(err) => {
            ctx.complain(format!("{name}: {}", describe(&err))).await;
            Err(1)
        }
    }
}

/// `paste [-s] [-d LIST] [file…]`
pub async fn paste(ctx: Ctx<'_>) -> Status {
    let parsed = match options(&ctx.argv[1..], &['d']) {
        Ok(parsed) => parsed,
        Err(message) => return ctx.usage(message, "paste [-s] [-d LIST] [FILE...]").await,
    };
    let serial = parsed.has('s');
    let delimiters: Vec<char> =
        parsed.last('d').map(|d| super::text::expand_backslashes(d).0.chars().collect()).unwrap_or_else(|| vec!['\t']);
    let files = parsed.files();
    // Every `-` operand draws the next line of standard input in turn (`paste - -` pairs lines).
    let stdin_lines = if files.iter().any(|f| f == "-") {
        match lines(&ctx, "-").await {
            Ok(lines) => lines,
            Err(status) => return status,
        }
    } else {
        Vec::new()
    };
    let mut columns: Vec<Option<Vec<String>>> = Vec::new();
    for file in &files {
        if file == "-" {
            columns.push(None);
            continue;
        }
        match lines(&ctx, file).await {
            Ok(lines) => columns.push(Some(lines)),
            Err(status) => return status,
        }
    }
    let delimiter =
        |i: usize| if delimiters.is_empty() { String::new() } else { delimiters[i % delimiters.len()].to_string() };
    let mut out = String::new();
    let mut stdin_next = 0;
    if serial {
        for column in &columns {
            let column = column.as_ref().unwrap_or(&stdin_lines);
            for (i, line) in column.iter().enumerate() {
                if i > 0 {
                    out.push_str(&delimiter(i - 1));
                }
                out.push_str(line);
            }
            out.push('\n');
        }
    } else {
        let mut row = 0;
        loop {
            let mut cells = Vec::with_capacity(columns.len());
            let mut any = false;
            for column in &columns {
                let cell = match column {
                    Some(lines) => lines.get(row),
                    None => {
                        stdin_next += 1;
                        stdin_lines.get(stdin_next - 1)
                    }
                };
                any |= cell.is_some();
                cells.push(cell.map_or("", String::as_str));
            }
            if !any {
                break;
            }
            for (i, cell) in cells.iter().enumerate() {
                if i > 0 {
                    out.push_str(&delimiter(i - 1));
                }
                out.push_str(cell);
            }
            out.push('\n');
            row += 1;
        }
    }
    if ctx.out(out).await { 0 } else { 1 }
}

/// `comm [-123] file1 file2`
pub async fn comm(ctx: Ctx<'_>) -> Status {
    let parsed = match options(&ctx.argv[1..], &[]) {
        Ok(parsed) => parsed,
        Err(message) => return ctx.usage(message, "comm [-123] FILE1 FILE2").await,
    };
    let [left, right] = parsed.operands.as_slice() else {
        return ctx.usage("missing operand", "comm [-123] FILE1 FILE2").await;
    };
    let hide = |c: char| parsed.has(c);
    let (a, b) = match (lines(&ctx, left).await, lines(&ctx, right).await) {
        (Ok(a), Ok(b)) => (a, b),
        _ => return 1,
    };
    let prefix = |column: usize| -> String {
        let mut text = String::new();
        for (c, flag) in [(1, '1'), (2, '2')] {
            if c < column && !hide(flag) {
                text.push('\t');
            }
        }
        text
    };
    let mut out = String::new();
    let (mut i, mut j) = (0, 0);
    while i < a.len() || j < b.len() {
        let column = match (a.get(i), b.get(j)) {
            (Some(x), Some(y)) if x == y => 3,
            (Some(x), Some(y)) if x < y => 1,
            (Some(_), None) => 1,
            _ => 2,
        };
        let (line, flag) = match column {
            1 => (&a[i], '1'),
            2 => (&b[j], '2'),
            _ => (&a[i], '3'),
        };
        if !hide(flag) {
            out.push_str(&prefix(column));
            out.push_str(line);
            out.push('\n');
        }
        match column {
            1 => i += 1,
            2 => j += 1,
            _ => {
                i += 1;
                j += 1;
            }
        }
    }
    if ctx.out(out).await { 0 } else { 1 }
}

/// `nl [-b a|t] [-w N] [-s SEP] [-v N] [file]`
pub async fn nl(ctx: Ctx<'_>) -> Status {
    let parsed = match options(&ctx.argv[1..], &['b', 'w', 's', 'v', 'i', 'n']) {
        Ok(parsed) => parsed,
        Err(message) => return ctx.usage(message, "nl [-b a|t|n] [-w N] [-s SEP] [-v N] [FILE]").await,
    };
    let value = |c: char, default: &str| parsed.last(c).unwrap_or(default).to_string();
    let style = value('b', "t");
    let width: usize = value('w', "6").parse().unwrap_or(6);
    let separator = value('s', "\t");
    let mut number: i64 = value('v', "1").parse().unwrap_or(1);
    let increment: i64 = value('i', "1").parse().unwrap_or(1);
    let format = value('n', "rn");
    let file = parsed.operands.first().cloned().unwrap_or_else(|| "-".to_string());
    let content = match lines(&ctx, &file).await {
        Ok(lines) => lines,
        Err(status) => return status,
    };
    let mut out = String::new();
    for line in content {
        let numbered = match style.as_str() {
            "a" => true,
            "n" => false,
            _ => !line.is_empty(),
        };
        if numbered {
            let digits = match format.as_str() {
                "ln" => format!("{number:<width$}"),
                "rz" => format!("{number:0width$}"),
                _ => format!("{number:>width$}"),
            };
            out.push_str(&digits);
            out.push_str(&separator);
            number += increment;
        } else {
            out.push_str(&" ".repeat(width + separator.len()));
        }
        out.push_str(&line);
        out.push('\n');
    }
    if ctx.out(out).await { 0 } else { 1 }
}

/// `fold [-w N] [-s] [file…]`
pub async fn fold(ctx: Ctx<'_>) -> Status {
    let parsed = match options(&ctx.argv[1..], &['w']) {
        Ok(parsed) => parsed,
        Err(message) => return ctx.usage(message, "fold [-s] [-w WIDTH] [FILE...]").await,
    };
    let width: usize = parsed.last('w').and_then(|v| v.parse().ok()).unwrap_or(80).max(1);
    let spaces = parsed.has('s');
    let files = parsed.files();
    let mut out = String::new();
    for file in &files {
        let content = match lines(&ctx, file).await {
            Ok(lines) => lines,
            Err(status) => return status,
        };
        for line in content {
            let mut rest: Vec<char> = line.chars().collect();
            while rest.len() > width {
                let mut cut = width;
                if spaces && let Some(space) = rest[..width].iter().rposition(|c| *c == ' ') {
                    cut = space + 1;
                }
                out.extend(&rest[..cut]);
                out.push('\n');
                rest.drain(..cut);
            }
            out.extend(&rest);
            out.push('\n');
        }
    }
    if ctx.out(out).await { 0 } else { 1 }
}

/// `expand [-t N] [file…]`
pub async fn expand(ctx: Ctx<'_>) -> Status {
    let parsed = match options(&ctx.argv[1..], &['t']) {
        Ok(parsed) => parsed,
        Err(message) => return ctx.usage(message, "expand [-t N] [FILE...]").await,
    };
    let tab: usize = parsed.last('t').and_then(|v| v.parse().ok()).unwrap_or(8).max(1);
    let files = parsed.files();
    let mut out = String::new();
    for file in &files {
        let content = match lines(&ctx, file).await {
            Ok(lines) => lines,
            Err(status) => return status,
        };
        for line in content {
            let mut column = 0;
            for ch in line.chars() {
                if ch == '\t' {
                    let spaces = tab - column % tab;
                    out.push_str(&" ".repeat(spaces));
                    column += spaces;
                } else {
                    out.push(ch);
                    column += 1;
                }
            }
            out.push('\n');
        }
    }
    if ctx.out(out).await { 0 } else { 1 }
}

/// `column -t [-s SEPS] [-o SEP] [file…]` (table mode; other modes print the input).
pub async fn column(ctx: Ctx<'_>) -> Status {
    let parsed = match options(&ctx.argv[1..], &['s', 'o', 'c']) {
        Ok(parsed) => parsed,
        Err(message) => return ctx.usage(message, "column -t [-s SEPARATORS] [-o SEPARATOR] [FILE...]").await,
    };
    let table = parsed.has('t');
    let separators: Option<String> = parsed.last('s').map(str::to_string);
    let output_separator = parsed.last('o').unwrap_or("  ").to_string();
    let files = parsed.files();
    let mut all = Vec::new();
    for file in &files {
        match lines(&ctx, file).await {
            Ok(lines) => all.extend(lines),
            Err(status) => return status,
        }
    }
    let mut out = String::new();
    if !table {
        for line in all.iter().filter(|l| !l.trim().is_empty()) {
            out.push_str(line);
            out.push('\n');
        }
        return if ctx.out(out).await { 0 } else { 1 };
    }
    let rows: Vec<Vec<String>> = all
        .iter()
        .filter(|l| !l.trim().is_empty())
        .map(|line| match &separators {
            Some(seps) => line.split(|c| seps.contains(c)).map(str::to_string).collect(),
            None => line.split_whitespace().map(str::to_string).collect(),
        })
        .collect();
    let columns = rows.iter().map(Vec::len).max().unwrap_or(0);
    let widths: Vec<usize> = (0..columns)
        .map(|c| rows.iter().filter_map(|r| r.get(c)).map(|s| s.chars().count()).max().unwrap_or(0))
        .collect();
    // As util-linux: a shorter row is filled up with empty cells, and every cell but those of
    // the table's last column is padded and followed by the separator.
    let last = columns.saturating_sub(1);
    for row in rows {
        for (c, width) in widths.iter().enumerate() {
            let cell = row.get(c).map_or("", String::as_str);
            out.push_str(cell);
            if c < last {
                out.push_str(&" ".repeat(width - cell.chars().count()));
                out.push_str(&output_separator);
            }
        }
        out.push('\n');
    }
    if ctx.out(out).await { 0 } else { 1 }
}
