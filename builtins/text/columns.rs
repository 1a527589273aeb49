//! Column and layout filters: `paste`, `comm`, `nl`, `fold`, `expand`, `column -t`, with GNU
//! coreutils' (and util-linux's `column`) output formats.

use crate::Ctx;
use crate::opt;
use crate::session::Status;
use crate::spec::{Args, Opt, Spec};
use crate::vfs::describe;
use toolsh_bytes::quote::quotef;

/// Reads one operand as lines (without terminators).
pub(crate) async fn lines(ctx: &Ctx<'_>, name: &str) -> Result<Vec<String>, Status> {
    match ctx.read_operand(name).await {
        Ok(data) => {
            let text = toolsh_bytes::decode(&data).into_owned();
            Ok(text.lines().map(str::to_string).collect())
        }
        Err(err) => {
            ctx.complain(format!("{name}: {}", describe(&err), name = quotef(name))).await;
            Err(1)
        }
    }
}

const DELIMITERS: Opt = Opt::both('d', "delimiters", "reuse characters from LIST instead of TABs").value("LIST");
const SERIAL: Opt = Opt::both('s', "serial", "paste one file at a time instead of in parallel");
const PASTE_ZERO: Opt = Opt::both('z', "zero-terminated", "line delimiter is NUL, not newline");

/// paste's delimiter list with GNU's escapes (`\0` an empty delimiter, `\b \f \n \r \t \v
/// \\`, any other escaped character itself); `None` when it ends with a lone backslash.
fn paste_delimiters(list: &str) -> Option<Vec<Option<char>>> {
    let mut out = Vec::new();
    let mut chars = list.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(Some(c));
            continue;
        }
        out.push(match chars.next()? {
            '0' => None,
            'b' => Some('\u{8}'),
            'f' => Some('\u{c}'),
            'n' => Some('\n'),
            'r' => Some('\r'),
            't' => Some('\t'),
            'v' => Some('\u{b}'),
            other => Some(other),
        });
    }
    Some(out)
}

/// `paste`.
pub const PASTE: Spec = Spec {
    name: "paste",
    summary: "merge lines of files side by side",
    synopsis: &["[OPTION]... [FILE]..."],
    about: "Write lines consisting of the sequentially corresponding lines from each FILE, separated by TABs.",
    options: &[DELIMITERS, SERIAL, PASTE_ZERO],
    ..Spec::BASE
};

/// `paste [-s] [-d LIST] [FILE…]`, a line at a time: what a row (or with `-s` a line of a
/// file) made goes out whenever more input must be read.
pub async fn paste(ctx: Ctx<'_>, args: Args) -> Status {
    use crate::text::lines::{LineBatches, LineReader};
    let serial = args.has(&SERIAL);
    let terminator = if args.has(&PASTE_ZERO) { 0 } else { b'\n' };
    let delimiters = match args.last(&DELIMITERS).map(paste_delimiters) {
        None => vec![Some('\t')],
        Some(Some(list)) => list,
        Some(None) => {
            let list = args.last(&DELIMITERS).unwrap_or_default();
            return ctx.fail(format!("delimiter list ends with an unescaped backslash: {list}")).await;
        }
    };
    let delimiter = |i: usize, out: &mut Vec<u8>| {
        if let Some(Some(c)) = (!delimiters.is_empty()).then(|| delimiters[i % delimiters.len()]) {
            toolsh_bytes::push_char(out, c);
        }
    };
    let files = args.files();
    // One reader an operand; every `-` is the same one, drawing the next line of standard
    // input in turn (`paste - -` pairs lines).
    let mut readers: Vec<(String, Option<LineReader>)> = Vec::new();
    let mut stdin_at = None;
    let mut columns = Vec::with_capacity(files.len());
    for file in &files {
        if file == "-"
            && let Some(at) = stdin_at
        {
            columns.push(at);
            continue;
        }
        if file == "-" {
            stdin_at = Some(readers.len());
        }
        columns.push(readers.len());
        readers.push((file.clone(), None));
    }
    // Opened all first; a failure is said when its operand is reached with -s (GNU goes on to
    // the next one), before any output otherwise (GNU then ends).
    let mut failures = Vec::with_capacity(readers.len());
    for (name, reader) in &mut readers {
        match ctx.open_operand(name) {
            Ok(opened) => {
                *reader = Some(LineReader::new(LineBatches::bounded(opened, terminator, &ctx)));
                failures.push(None);
            }
            Err(err) => failures.push(Some(err)),
        }
    }
    let mut out = Vec::new();
    // The next line of a reader (`None` at its end, or after a read error said), out first
    // when that waits for input; `Err` when the reader of the output is gone.
    async fn next_line(
        ctx: &Ctx<'_>,
        (name, reader): &mut (String, Option<LineReader>),
        out: &mut Vec<u8>,
    ) -> Result<Option<Vec<u8>>, ()> {
        let Some(lines) = reader else { return Ok(None) };
        if lines.drained() {
            let going = if out.is_empty() { ctx.step().await } else { ctx.out_piece(out).await };
            if !going {
                return Err(());
            }
        }
        match lines.next().await {
            Ok(Some((line, _))) => Ok(Some(line)),
            Ok(None) => {
                *reader = None;
                Ok(None)
            }
            Err(err) => {
                *reader = None;
                if !ctx.out_piece(out).await {
                    return Err(());
                }
                ctx.complain(format!("{name}: {}", describe(&err), name = quotef(name))).await;
                Ok(None)
            }
        }
    }
    let mut status = 0;
    if serial {
        for &at in &columns {
            if let Some(err) = failures[at].take() {
                if !ctx.out_piece(&mut out).await {
                    return 1;
                }
                ctx.complain(format!("{}: {}", quotef(&readers[at].0), describe(&err))).await;
                status = 1;
                continue;
            }
            let mut joined = 0;
            loop {
                match next_line(&ctx, &mut readers[at], &mut out).await {
                    Ok(Some(line)) => {
                        if joined > 0 {
                            // The delimiters go round along the file's one line.
                            delimiter(joined - 1, &mut out);
                        }
                        out.extend_from_slice(&line);
                        joined += 1;
                    }
                    Ok(None) => break,
                    Err(()) => return 1,
                }
            }
            out.push(terminator);
        }
    } else {
        if let Some((at, err)) = failures.iter().enumerate().find_map(|(at, e)| e.as_ref().map(|e| (at, e))) {
            return ctx.fail(format!("{}: {}", quotef(&readers[at].0), describe(err))).await;
        }
        loop {
            let mut row = Vec::new();
            let mut any = false;
            for (i, &at) in columns.iter().enumerate() {
                if i > 0 {
                    delimiter(i - 1, &mut row);
                }
                match next_line(&ctx, &mut readers[at], &mut out).await {
                    Ok(Some(line)) => {
                        row.extend_from_slice(&line);
                        any = true;
                    }
                    Ok(None) => {}
                    Err(()) => return 1,
                }
            }
            if !any {
                break;
            }
            out.extend_from_slice(&row);
            out.push(terminator);
        }
    }
    if !ctx.out(out).await {
        return 1;
    }
    status
}

const OUTPUT_DELIMITER: Opt = Opt::long("output-delimiter", "separate columns with STR").value("STR");
const TOTAL: Opt = Opt::long("total", "output a summary");
const CHECK_ORDER: Opt =
    Opt::long("check-order", "check that the input is correctly sorted, even if all input lines are pairable");
const NOCHECK_ORDER: Opt = Opt::long("nocheck-order", "do not check that the input is correctly sorted");
const COMM_ZERO: Opt = Opt::both('z', "zero-terminated", "line delimiter is NUL, not newline");

/// `comm`.
pub const COMM: Spec = Spec {
    name: "comm",
    summary: "compare two sorted files line by line",
    synopsis: &["[OPTION]... FILE1 FILE2"],
    about: "Compare sorted files FILE1 and FILE2 line by line: lines only in FILE1, only in FILE2, and in both, in three columns.",
    options: &[
        Opt::short('1', "suppress column 1 (lines unique to FILE1)"),
        Opt::short('2', "suppress column 2 (lines unique to FILE2)"),
        Opt::short('3', "suppress column 3 (lines that appear in both files)"),
        CHECK_ORDER,
        NOCHECK_ORDER,
        OUTPUT_DELIMITER,
        TOTAL,
        COMM_ZERO,
    ],
    ..Spec::BASE
};

/// Whether comm checks that its inputs are sorted: by default once a line is found in one
/// file only (a warning, status 1 at the end), with `--check-order` always (fatal).
#[derive(Clone, Copy, PartialEq)]
enum OrderCheck {
    Default,
    Enabled,
    Disabled,
}

/// `comm [-123] [-z] [--check-order|--nocheck-order] [--output-delimiter=STR] [--total] FILE1
/// FILE2`, comparing lines as bytes (C collation).
pub async fn comm(ctx: Ctx<'_>, args: Args) -> Status {
    let mut separator: Option<Vec<u8>> = None;
    let mut check = OrderCheck::Default;
    for (opt, value) in args.given() {
        match *opt {
            OUTPUT_DELIMITER => {
                let sep = if value.is_empty() { vec![0] } else { toolsh_bytes::encode(value).into_owned() };
                if separator.as_ref().is_some_and(|old| *old != sep) {
                    return ctx.fail("multiple output delimiters specified").await;
                }
                separator = Some(sep);
            }
            CHECK_ORDER => check = OrderCheck::Enabled,
            NOCHECK_ORDER => check = OrderCheck::Disabled,
            _ => {}
        }
    }
    let [left, right] = args.operands.as_slice() else {
        let message = match args.operands.len() {
            0 => "missing operand".to_string(),
            1 => format!("missing operand after {}", toolsh_bytes::quote::quote(&args.operands[0])),
            _ => format!("extra operand {}", toolsh_bytes::quote::quote(&args.operands[2])),
        };
        return ctx.misuse(&COMM, message).await;
    };
    let separator = separator.unwrap_or_else(|| b"\t".to_vec());
    let terminator = if args.has(&COMM_ZERO) { 0 } else { b'\n' };
    let show = [!args.has(opt!(COMM, '1')), !args.has(opt!(COMM, '2')), !args.has(opt!(COMM, '3'))];
    let mut files = Vec::new();
    for name in [left, right] {
        match ctx.read_operand(name).await {
            Ok(data) => files.push(data),
            Err(err) => return ctx.fail(format!("{}: {}", quotef(name), describe(&err))).await,
        }
    }
    let split = |data: &[u8]| -> Vec<Vec<u8>> {
        let body = data.strip_suffix(&[terminator]).unwrap_or(data);
        if data.is_empty() { Vec::new() } else { body.split(|&b| b == terminator).map(<[u8]>::to_vec).collect() }
    };
    let (a, b) = (split(&files[0]), split(&files[1]));
    let mut totals = [0usize; 3];
    let mut out = Vec::new();
    let (mut i, mut j) = (0, 0);
    let mut unpairable = false;
    let mut disordered = [false; 2];
    while i < a.len() || j < b.len() {
        let order = match (a.get(i), b.get(j)) {
            (Some(x), Some(y)) => x.cmp(y),
            (Some(_), None) => std::cmp::Ordering::Less,
            _ => std::cmp::Ordering::Greater,
        };
        let (line, column) = match order {
            std::cmp::Ordering::Equal => (&b[j], 2),
            std::cmp::Ordering::Less => (&a[i], 0),
            std::cmp::Ordering::Greater => (&b[j], 1),
        };
        unpairable |= column != 2;
        totals[column] += 1;
        if show[column] {
            for shown in &show[..column] {
                if *shown {
                    out.extend_from_slice(&separator);
                }
            }
            out.extend_from_slice(line);
            out.push(terminator);
        }
        // Step the file(s) the line came from, checking each new line against the one before
        // (and, at a file's end, its last two again: an unpairable line may have come since).
        for (file, lines, at) in [(0, &a, &mut i), (1, &b, &mut j)] {
            let stepped = if file == 0 { order.is_le() } else { order.is_ge() };
            if !stepped {
                continue;
            }
            *at += 1;
            let pair = if *at < lines.len() { Some(*at - 1) } else { at.checked_sub(2) };
            let checking = check == OrderCheck::Enabled || (check == OrderCheck::Default && unpairable);
            if let Some(first) = pair
                && checking
                && !disordered[file]
                && lines[first] > lines[first + 1]
            {
                if !ctx.out(std::mem::take(&mut out)).await {
                    return 1;
                }
                if check == OrderCheck::Enabled {
                    return ctx.fail(format!("file {} is not in sorted order", file + 1)).await;
                }
                ctx.complain(format!("file {} is not in sorted order", file + 1)).await;
                disordered[file] = true;
            }
        }
    }
    if args.has(&TOTAL) {
        for count in totals {
            out.extend_from_slice(count.to_string().as_bytes());
            out.extend_from_slice(&separator);
        }
        out.extend_from_slice(b"total");
        out.push(terminator);
    }
    if !ctx.out(out).await {
        return 1;
    }
    if disordered.contains(&true) {
        return ctx.fail("input is not in sorted order").await;
    }
    0
}

/// `nl`.
pub const NL: Spec = Spec {
    name: "nl",
    summary: "number lines",
    synopsis: &["[OPTION]... [FILE]"],
    about: "Write FILE to standard output, with line numbers added.",
    options: &[
        Opt::both('b', "body-numbering", "use STYLE for numbering body lines: a (all), t (nonempty), n (none), pBRE")
            .value("STYLE"),
        Opt::both('i', "line-increment", "line number increment at each line").value("NUMBER"),
        Opt::both('n', "number-format", "insert line numbers according to FORMAT: ln, rn or rz").value("FORMAT"),
        Opt::both('s', "number-separator", "add STRING after (possible) line number").value("STRING"),
        Opt::both('v', "starting-line-number", "first line number").value("NUMBER"),
        Opt::both('w', "number-width", "use NUMBER columns for line numbers").value("NUMBER"),
    ],
    long_order: &[
        "header-numbering",
        "help",
        "no-renumber",
        "number-separator",
        "number-width",
        "number-format",
        "starting-line-number",
        "section-delimiter",
    ],
    ..Spec::BASE
};

/// `nl [-b a|t|n|pBRE] [-n ln|rn|rz] [-w N] [-s SEP] [-v N] [-i N] [FILE]`
pub async fn nl(ctx: Ctx<'_>, parsed: Args) -> Status {
    let value = |opt: &Opt, default: &str| parsed.last(opt).unwrap_or(default).to_string();
    let style = value(opt!(NL, 'b'), "t");
    // GNU refuses widths past INT_MAX; past a megabyte a line of padding is refused here too.
    let width: usize = match value(opt!(NL, 'w'), "6").parse::<i64>() {
        Ok(width) if (1..=1 << 20).contains(&width) => width as usize,
        Ok(width) if width > 0 => {
            return ctx
                .fail(format!("invalid line number field width: '{width}': Value too large for defined data type"))
                .await;
        }
        _ => return ctx.fail(format!("invalid line number field width: '{}'", value(opt!(NL, 'w'), "6"))).await,
    };
    let separator = value(opt!(NL, 's'), "\t");
    let mut number: i64 = value(opt!(NL, 'v'), "1").parse().unwrap_or(1);
    let increment: i64 = value(opt!(NL, 'i'), "1").parse().unwrap_or(1);
    let format = value(opt!(NL, 'n'), "rn");
    let files: Vec<String> = parsed.operands.first().cloned().into_iter().collect();
    // `-b pBRE` numbers the lines the expression matches.
    let matching = match style.strip_prefix('p') {
        Some(pattern) => match regex::Regex::new(&crate::text::posix_regex::basic(pattern)) {
            Ok(regex) => Some(regex),
            Err(err) => return ctx.fail(crate::text::posix_regex::failure_message(&err.to_string())).await,
        },
        None if matches!(style.as_str(), "a" | "t" | "n") => None,
        None => return ctx.fail(format!("invalid body numbering style: '{style}'")).await,
    };
    let unnumbered = " ".repeat(width + separator.len());
    crate::text::lines::filter_lines(&ctx, &files, b'\n', |line, _, out| {
        let numbered = match (&matching, style.as_str()) {
            (Some(regex), _) => regex.is_match(&toolsh_bytes::decode(line)),
            (None, "a") => true,
            (None, "n") => false,
            _ => !line.is_empty(),
        };
        if numbered {
            let digits = match format.as_str() {
                "ln" => crate::text::cfmt::align(&number.to_string(), width, false, ' '),
                "rz" if number < 0 => {
                    format!("-{}", crate::text::cfmt::align(&number.unsigned_abs().to_string(), width - 1, true, '0'))
                }
                "rz" => crate::text::cfmt::align(&number.to_string(), width, true, '0'),
                _ => crate::text::cfmt::align(&number.to_string(), width, true, ' '),
            };
            out.extend_from_slice(digits.as_bytes());
            out.extend_from_slice(&toolsh_bytes::encode(&separator));
            number = number.wrapping_add(increment);
        } else {
            out.extend_from_slice(unnumbered.as_bytes());
        }
        out.extend_from_slice(line);
        // A last line without its newline gets one, as GNU nl writes it.
        out.push(b'\n');
    })
    .await
}

const WIDTH: Opt = Opt::both('w', "width", "use WIDTH columns instead of 80").value("WIDTH");
const SPACES: Opt = Opt::both('s', "spaces", "break at spaces");
const BYTES: Opt = Opt::both('b', "bytes", "count bytes rather than columns");

/// `fold`.
pub const FOLD: Spec = Spec {
    name: "fold",
    summary: "wrap lines to a width",
    synopsis: &["[OPTION]... [FILE]..."],
    about: "Wrap input lines in each FILE, writing to standard output.",
    options: &[BYTES, SPACES, WIDTH],
    ..Spec::BASE
};

/// `fold [-bs] [-w WIDTH] [FILE…]`
pub async fn fold(ctx: Ctx<'_>, parsed: Args) -> Status {
    let width = match parsed.last(&WIDTH).map(|v| super::decimal_in(v, 1, i64::MAX, "invalid number of columns")) {
        None => 80,
        Some(Ok(width)) => usize::try_from(width).unwrap_or(usize::MAX),
        Some(Err(said)) => return ctx.fail(said).await,
    };
    let spaces = parsed.has(&SPACES);
    let bytes = parsed.has(&BYTES);
    // As GNU fold: a tab moves to the next multiple of 8, a backspace back one, a carriage
    // return to the start; with -b every byte is one column.
    let advance = |column: usize, c: char| match c {
        _ if bytes => column + c.len_utf8(),
        '\t' => column + 8 - column % 8,
        '\u{8}' => column.saturating_sub(1),
        '\r' => 0,
        _ => column + 1,
    };
    let files = parsed.files();
    let mut pending: Vec<char> = Vec::new();
    crate::text::lines::filter_lines(&ctx, &files, b'\n', |line, ended, out| {
        let mut column = 0;
        for c in toolsh_bytes::decode(line).chars() {
            loop {
                let next = advance(column, c);
                if next <= width || pending.is_empty() {
                    column = next;
                    pending.push(c);
                    break;
                }
                // The line is full: break after its last blank (-s), else here.
                let cut =
                    if spaces { pending.iter().rposition(|&b| b == ' ' || b == '\t').map(|at| at + 1) } else { None };
                let cut = cut.unwrap_or(pending.len());
                for c in pending.drain(..cut) {
                    toolsh_bytes::push_char(out, c);
                }
                out.push(b'\n');
                column = pending.iter().fold(0, |col, &b| advance(col, b));
            }
        }
        for c in pending.drain(..) {
            toolsh_bytes::push_char(out, c);
        }
        // A last line without its newline stays without one, as GNU fold leaves it.
        if ended {
            out.push(b'\n');
        }
    })
    .await
}

const INITIAL: Opt = Opt::both('i', "initial", "do not convert tabs after non blanks");
const TABS: Opt =
    Opt::both('t', "tabs", "have tabs N characters apart, or at the comma-separated LIST of positions").value("N");

/// `expand`.
pub const EXPAND: Spec = Spec {
    name: "expand",
    summary: "convert tabs to spaces",
    synopsis: &["[OPTION]... [FILE]..."],
    about: "Convert tabs in each FILE to spaces, writing to standard output.",
    options: &[INITIAL, TABS],
    digits: Some(Opt::number("N", "the same as -t N").optional("N")),
    assumed: true,
    ..Spec::BASE
};

/// `expand [-i] [-t N|LIST] [-N] [FILE…]`, as GNU's expand.c: a tab fills to the next stop (one
/// space past the last stop of a list), a backspace steps the column back.
pub async fn expand(ctx: Ctx<'_>, parsed: Args) -> Status {
    // Each `-t LIST` and each obsolete `-N[,M…]` adds its stops, in the order given.
    let lists = parsed.given().filter(|(o, _)| **o == TABS || (o.short.is_none() && o.long.is_none())).map(|(_, v)| v);
    let tabs = match Tabs::parse(lists, None) {
        Ok(tabs) => tabs,
        Err(errors) => {
            for error in errors {
                ctx.complain(error).await;
            }
            return 1;
        }
    };
    let initial = parsed.has(&INITIAL);
    let files = parsed.files();
    let mut lines = crate::text::lines::OperandLines::new(&ctx, &files, b'\n');
    let mut out = Vec::new();
    loop {
        let (line, ended) = match lines.next(&mut out).await {
            Ok(Some(line)) => line,
            Ok(None) => break,
            Err(()) => return 1,
        };
        let mut column: u64 = 0;
        let mut index = 0usize;
        let mut converting = true;
        for ch in toolsh_bytes::decode(&line).chars() {
            if converting && ch == '\t' {
                let next = tabs.next(column, &mut index).unwrap_or(column.wrapping_add(1));
                if next < column {
                    let _ = ctx.out(std::mem::take(&mut out)).await;
                    return ctx.fail("input line is too long").await;
                }
                // A far tab stop (`-t 99999999999`) is written a piece at a time, as GNU
                // writes it, never made whole.
                let mut pad = next - column;
                while pad > 0 {
                    let piece = pad.min(FLUSH_AT as u64);
                    out.extend(std::iter::repeat_n(b' ', piece as usize));
                    pad -= piece;
                    if out.len() >= FLUSH_AT && !ctx.out_piece(&mut out).await {
                        return 1;
                    }
                }
                column = next;
                continue;
            }
            if converting && ch == '\u{8}' {
                column = column.saturating_sub(1);
                index = index.saturating_sub(1);
            } else if converting {
                column = column.wrapping_add(1);
                if column == 0 {
                    let _ = ctx.out(std::mem::take(&mut out)).await;
                    return ctx.fail("input line is too long").await;
                }
            }
            converting &= !initial || ch == ' ' || ch == '\t';
            toolsh_bytes::push_char(&mut out, ch);
        }
        // A last line without its newline stays without one, as GNU expand leaves it.
        if ended {
            out.push(b'\n');
        }
    }
    if !ctx.out(out).await {
        return 1;
    }
    lines.status()
}

/// How much output a command that writes as it goes holds before handing it on.
const FLUSH_AT: usize = 64 * 1024;

/// Tab stops as GNU's expand and unexpand share them (`expand-common.c`): one size, or a list
/// of columns, after which stops repeat every `/N` columns or every `+N` past the last one;
/// without either, the list's end is the last stop.
pub(crate) struct Tabs {
    /// Every `size` columns, when only that was given.
    size: u64,
    list: Vec<u64>,
    extend: u64,
    increment: u64,
}

impl Tabs {
    /// The stops of every `-t LIST` given, in order, then unexpand's obsolete `-N[,M…]` (the
    /// digits of all of them, which GNU's getopt loop reads as one number up to a `,`); the
    /// errors as GNU says them.
    pub(crate) fn parse<'t>(lists: impl Iterator<Item = &'t str>, number: Option<&str>) -> Result<Tabs, Vec<String>> {
        let mut tabs = Tabs { size: 0, list: Vec::new(), extend: 0, increment: 0 };
        for list in lists {
            tabs.parse_list(list)?;
        }
        for piece in number.into_iter().flat_map(|n| n.split(',')).filter(|p| !p.is_empty()) {
            let value = piece.parse::<u64>().map_err(|_| vec!["tab stop value is too large".to_string()])?;
            tabs.list.push(value);
        }
        let mut previous = 0;
        for &stop in &tabs.list {
            if stop == 0 {
                return Err(vec!["tab size cannot be 0".to_string()]);
            }
            if stop <= previous {
                return Err(vec!["tab sizes must be ascending".to_string()]);
            }
            previous = stop;
        }
        if tabs.extend != 0 && tabs.increment != 0 {
            return Err(vec!["'/' specifier is mutually exclusive with '+'".to_string()]);
        }
        match tabs.list.as_slice() {
            [] => tabs.size = [tabs.extend, tabs.increment, 8].into_iter().find(|&n| n != 0).unwrap_or(8),
            [only] if tabs.extend == 0 && tabs.increment == 0 => tabs.size = *only,
            _ => {}
        }
        Ok(tabs)
    }

    /// GNU's `parse_tab_stops`: numbers separated by commas or blanks, the last one possibly
    /// after `/` or `+`.
    fn parse_list(&mut self, stops: &str) -> Result<(), Vec<String>> {
        let mut errors = Vec::new();
        let (mut value, mut have, mut extend, mut increment) = (0u64, false, false, false);
        let mut number_start = 0;
        let bytes = stops.as_bytes();
        let mut at = 0;
        while at < bytes.len() {
            let rest = &stops[at..];
            match bytes[at] {
                b',' | b' ' | b'\t' => {
                    if have {
                        self.finish_value(value, extend, increment).map_err(|e| vec![e])?;
                    }
                    have = false;
                }
                b'/' | b'+' => {
                    let which = bytes[at] as char;
                    if have {
                        errors.push(format!("'{which}' specifier not at start of number: '{rest}'"));
                    }
                    (extend, increment) = (which == '/', which == '+');
                }
                b'0'..=b'9' => {
                    if !have {
                        (value, have, number_start) = (0, true, at);
                    }
                    match value.checked_mul(10).and_then(|v| v.checked_add(u64::from(bytes[at] - b'0'))) {
                        Some(next) => value = next,
                        None => {
                            let len = bytes[number_start..].iter().take_while(|b| b.is_ascii_digit()).count();
                            errors
                                .push(format!("tab stop is too large '{}'", &stops[number_start..number_start + len]));
                            at = number_start + len;
                            continue;
                        }
                    }
                }
                _ => {
                    errors.push(format!("tab size contains invalid character(s): '{rest}'"));
                    return Err(errors);
                }
            }
            at += rest.chars().next().map_or(1, char::len_utf8);
        }
        if !errors.is_empty() {
            return Err(errors);
        }
        if have {
            self.finish_value(value, extend, increment).map_err(|e| vec![e])?;
        }
        Ok(())
    }

    fn finish_value(&mut self, value: u64, extend: bool, increment: bool) -> Result<(), String> {
        let (slot, which) = match (extend, increment) {
            (true, _) => (&mut self.extend, '/'),
            (_, true) => (&mut self.increment, '+'),
            _ => {
                self.list.push(value);
                return Ok(());
            }
        };
        if *slot != 0 {
            return Err(format!("'{which}' specifier only allowed with the last value"));
        }
        *slot = value;
        Ok(())
    }

    /// The column of the next stop after `column`, or `None` past the last stop of a list.
    /// `index` remembers where in the list the search is (GNU's `tab_index`). The sums wrap as
    /// GNU's unsigned ones do; a result below `column` is its "input line is too long".
    pub(crate) fn next(&self, column: u64, index: &mut usize) -> Option<u64> {
        if self.size != 0 {
            return Some(column.wrapping_add(self.size - column % self.size));
        }
        while let Some(&stop) = self.list.get(*index) {
            if column < stop {
                return Some(stop);
            }
            *index += 1;
        }
        if self.extend != 0 {
            return Some(column.wrapping_add(self.extend - column % self.extend));
        }
        if self.increment != 0 {
            let end = self.list.last().copied().unwrap_or(0);
            return Some(column.wrapping_add(self.increment - column.wrapping_sub(end) % self.increment));
        }
        None
    }
}

/// GNU unexpand's state for the line being read (reset at each newline; a line may go on from
/// one file into the next, as GNU reads them as one stream).
struct Unexpanding {
    convert: bool,
    column: u64,
    tab_index: usize,
    one_blank_before_tab_stop: bool,
    prev_blank: bool,
    pending: Vec<u8>,
}

impl Unexpanding {
    fn new() -> Unexpanding {
        Unexpanding {
            convert: true,
            column: 0,
            tab_index: 0,
            one_blank_before_tab_stop: false,
            prev_blank: true,
            pending: Vec::new(),
        }
    }

    /// One byte of input (`None`: the end of it) into `out`: GNU's loop body, step for step.
    fn byte(&mut self, c: Option<u8>, tabs: &Tabs, all: bool, out: &mut Vec<u8>) -> Result<(), &'static str> {
        let mut c = c;
        if self.convert {
            let blank = matches!(c, Some(b' ' | b'\t'));
            if blank {
                let next = tabs.next(self.column, &mut self.tab_index);
                if next.is_none() {
                    self.convert = false;
                }
                if let (true, Some(next)) = (self.convert, next) {
                    if next < self.column {
                        return Err("input line is too long");
                    }
                    if c == Some(b'\t') {
                        self.column = next;
                        if let Some(first) = self.pending.first_mut() {
                            *first = b'\t';
                        }
                    } else {
                        self.column += 1;
                        if !(self.prev_blank && self.column == next) {
                            // Not yet known whether the pending blanks become tabs.
                            if self.column == next {
                                self.one_blank_before_tab_stop = true;
                            }
                            self.pending.extend(c);
                            self.prev_blank = true;
                            return Ok(());
                        }
                        // The pending blanks become a tab (or two).
                        self.pending.truncate(1);
                        if let Some(first) = self.pending.first_mut() {
                            *first = b'\t';
                        }
                        c = Some(b'\t');
                    }
                    // Drop the pending blanks, but a single one just before the last stop.
                    self.pending.truncate(usize::from(self.one_blank_before_tab_stop));
                }
            } else if c == Some(b'\x08') {
                self.column = self.column.saturating_sub(1);
                self.tab_index = self.tab_index.saturating_sub(1);
            } else {
                self.column = self.column.wrapping_add(1);
                if self.column == 0 {
                    return Err("input line is too long");
                }
            }
            if !self.pending.is_empty() {
                if self.pending.len() > 1 && self.one_blank_before_tab_stop {
                    self.pending[0] = b'\t';
                }
                out.append(&mut self.pending);
                self.one_blank_before_tab_stop = false;
            }
            self.prev_blank = blank;
            self.convert &= all || blank;
        }
        if let Some(c) = c {
            out.push(c);
            if c == b'\n' {
                *self = Unexpanding::new();
            }
        }
        Ok(())
    }
}

const ALL: Opt = Opt::both('a', "all", "convert all blanks, instead of just initial blanks");
const FIRST_ONLY: Opt = Opt::long("first-only", "convert only leading sequences of blanks (overrides -a)");
const UNEXPAND_TABS: Opt = Opt::both(
    't',
    "tabs",
    "have tabs N characters apart instead of 8 (enables -a), or at the comma separated LIST of positions ('/N' or '+N' last: stops every N after it)",
)
.value("LIST");

/// `unexpand`.
pub const UNEXPAND: Spec = Spec {
    name: "unexpand",
    summary: "convert spaces to tabs",
    synopsis: &["[OPTION]... [FILE]..."],
    about: "Convert blanks in each FILE to tabs, writing to standard output.",
    options: &[ALL, FIRST_ONLY, UNEXPAND_TABS],
    digits: Some(Opt::number("N", "the same as -t N").optional("N")),
    assumed: true,
    ..Spec::BASE
};

/// `unexpand [-a] [--first-only] [-t LIST] [FILE…]`
pub async fn unexpand(ctx: Ctx<'_>, args: Args) -> Status {
    let lists = args.given().filter(|(o, _)| **o == UNEXPAND_TABS).map(|(_, v)| v);
    // The obsolete `-N[,M…]`: GNU's getopt loop reads the digits of all of them as one number,
    // a `,` ending it (`-4 -9` is 49, `-4,9` is 4 and 9).
    let numbers: String = args.given().filter(|(o, _)| o.short.is_none() && o.long.is_none()).map(|(_, v)| v).collect();
    let tabs = match Tabs::parse(lists, Some(numbers.as_str()).filter(|n| !n.is_empty())) {
        Ok(tabs) => tabs,
        Err(errors) => {
            for error in errors {
                ctx.complain(error).await;
            }
            return 1;
        }
    };
    let all = (args.has(&ALL) || args.has(&UNEXPAND_TABS)) && !args.has(&FIRST_ONLY);
    let mut state = Unexpanding::new();
    let mut out = Vec::new();
    let mut status = 0;
    for file in args.files() {
        // A piece at a time: unexpand's state goes on across pieces and operands.
        let mut reader = match ctx.open_operand(&file) {
            Ok(reader) => reader,
            Err(err) => {
                ctx.complain(format!("{file}: {}", describe(&err), file = quotef(&file))).await;
                status = 1;
                continue;
            }
        };
        loop {
            let piece = match reader.chunk().await {
                Ok(Some(piece)) => piece,
                Ok(None) => break,
                Err(err) => {
                    ctx.complain(format!("{file}: {}", describe(&err), file = quotef(&file))).await;
                    status = 1;
                    break;
                }
            };
            for &byte in &piece {
                if let Err(message) = state.byte(Some(byte), &tabs, all, &mut out) {
                    let _ = ctx.out(&out).await;
                    return ctx.fail(message).await;
                }
                if out.len() >= FLUSH_AT && !ctx.out_piece(&mut out).await {
                    return 1;
                }
            }
            // What the piece made goes out before the next is waited for; blanks that may
            // still become a tab wait in the state.
            let going = if out.is_empty() { ctx.step().await } else { ctx.out_piece(&mut out).await };
            if !going {
                return 1;
            }
        }
    }
    if let Err(message) = state.byte(None, &tabs, all, &mut out) {
        let _ = ctx.out(&out).await;
        return ctx.fail(message).await;
    }
    if !ctx.out(out).await {
        return 1;
    }
    status
}

const TABLE: Opt = Opt::both('t', "table", "create a table");
const FILLROWS: Opt = Opt::both('x', "fillrows", "fill rows before columns");
const SEPARATOR: Opt = Opt::both('s', "separator", "possible table delimiters").value("STRING");
const OUTPUT_SEPARATOR: Opt =
    Opt::both('o', "output-separator", "columns separator for table output (default two spaces)").value("STRING");
const OUTPUT_WIDTH: Opt = Opt::both('c', "output-width", "width of output in number of characters").value("WIDTH");
const TABLE_COLUMNS: Opt = Opt::both('N', "table-columns", "comma separated columns names").value("NAMES");

/// `column`.
pub const COLUMN: Spec = Spec {
    name: "column",
    summary: "align text in a table (-t)",
    synopsis: &["[OPTION]... [FILE]..."],
    about: "Columnate lists: a table with -t, or the entries filled into as many columns as fit.",
    options: &[OUTPUT_WIDTH, TABLE_COLUMNS, OUTPUT_SEPARATOR, SEPARATOR, TABLE, FILLROWS],
    long_order: &[
        "output-separator",
        "output-width",
        "table",
        "table-columns",
        "table-columns-limit",
        "table-hide",
        "table-name",
        "table-noextreme",
        "table-noheadings",
        "table-order",
        "table-right",
        "table-truncate",
        "table-wrap",
        "table-empty-lines",
        "table-header-repeat",
        "tree",
        "tree-id",
        "tree-parent",
    ],
    ..Spec::BASE
};

/// `column [-t [-s SEPS] [-o SEP] [-N NAMES]] [-x] [-c WIDTH] [FILE…]`: a table (`-t`), or the
/// entries filled into as many columns as fit (down first, across with `-x`).
pub async fn column(ctx: Ctx<'_>, parsed: Args) -> Status {
    let table = parsed.has(&TABLE);
    let separators: Option<String> = parsed.last(&SEPARATOR).map(str::to_string);
    let output_separator = parsed.last(&OUTPUT_SEPARATOR).unwrap_or("  ").to_string();
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
        // The width: -c, else $COLUMNS, else 80 (there is no terminal to ask).
        let width = match parsed.last(&OUTPUT_WIDTH) {
            Some(text) => match text.parse::<usize>() {
                Ok(width) if width > 0 => width,
                _ => return ctx.fail(format!("invalid columns argument: '{text}'")).await,
            },
            None => ctx.state().vars.get_str("COLUMNS").and_then(|c| c.parse().ok()).unwrap_or(80),
        };
        let entries: Vec<&str> = all.iter().map(|l| l.trim_end()).filter(|l| !l.is_empty()).collect();
        out = fill_columns(&entries, width, parsed.has(&FILLROWS));
        return if ctx.out(out).await { 0 } else { 1 };
    }
    let names: Option<Vec<String>> = parsed.last(&TABLE_COLUMNS).map(|n| n.split(',').map(str::to_string).collect());
    let rows: Vec<Vec<String>> = names
        .into_iter()
        .chain(all.iter().filter(|l| !l.trim().is_empty()).map(|line| match &separators {
            Some(seps) => line.split(|c| seps.contains(c)).map(str::to_string).collect(),
            None => line.split_whitespace().map(str::to_string).collect(),
        }))
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

/// util-linux column's fill mode: every entry as wide as the widest rounded up to a tab stop,
/// as many columns as fit in `width`, tabs between them; down the columns first, or across
/// the rows with `across`.
fn fill_columns(entries: &[&str], width: usize, across: bool) -> String {
    let mut out = String::new();
    if entries.is_empty() {
        return out;
    }
    let widest = entries.iter().map(|e| e.chars().count()).max().unwrap_or(0);
    let cell = (widest + 8) & !7;
    let columns = (width / cell).max(1);
    // Tabs from `used` characters to the column boundary `end`.
    let pad = |out: &mut String, mut used: usize, end: usize| {
        while (used + 8) & !7 <= end {
            out.push('\t');
            used = (used + 8) & !7;
        }
    };
    if across {
        for (at, entry) in entries.iter().enumerate() {
            out.push_str(entry);
            if (at + 1) % columns == 0 || at + 1 == entries.len() {
                out.push('\n');
            } else {
                pad(&mut out, entry.chars().count(), cell);
            }
        }
        return out;
    }
    let rows = entries.len().div_ceil(columns);
    for row in 0..rows {
        let mut used = 0;
        let mut end = cell;
        let mut at = row;
        while at < entries.len() {
            out.push_str(entries[at]);
            used += entries[at].chars().count();
            if at + rows >= entries.len() {
                break;
            }
            pad(&mut out, used, end);
            used = end;
            end += cell;
            at += rows;
        }
        out.push('\n');
    }
    out
}
