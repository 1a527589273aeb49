//! Line filters: `cut`, `uniq`, `wc`, `rev`, `tac`, with GNU coreutils' flags and output format.

use super::Ctx;
use crate::interp::Status;
use crate::vfs::describe;
use std::io::Read as _;

/// Reads every operand (standard input when none), reporting unreadable ones.
async fn inputs(ctx: &Ctx<'_>, files: &[String]) -> (Vec<(String, Vec<u8>)>, Status) {
    let names: Vec<String> = if files.is_empty() { vec!["-".to_string()] } else { files.to_vec() };
    let mut out = Vec::new();
    let mut status = 0;
    for name in names {
        match ctx.read_operand(&name).await {
            Ok(data) => out.push((name, data)),
            Err(err) => {
                ctx.complain(format!("{name}: {}", describe(&err))).await;
                status = 1;
            }
        }
    }
    (out, status)
}

/// Splits into lines, each without its terminator.
fn lines_of(data: &[u8]) -> Vec<&[u8]> {
    let mut lines: Vec<&[u8]> = data.split(|&b| b == b'\n').collect();
    if data.last() == Some(&b'\n') || data.is_empty() {
        lines.pop();
    }
    lines
}

/// A `cut` list: 1-based inclusive ranges.
fn parse_list(spec: &str) -> Option<Vec<(usize, usize)>> {
    let mut ranges = Vec::new();
    for piece in spec.split(',') {
        let (lo, hi) = match piece.split_once('-') {
            Some((lo, hi)) => (
                if lo.is_empty() { 1 } else { lo.parse().ok()? },
                if hi.is_empty() { usize::MAX } else { hi.parse().ok()? },
            ),
            None => {
                let n = piece.parse().ok()?;
                (n, n)
            }
        };
        if lo == 0 || hi < lo {
            return None;
        }
        ranges.push((lo, hi));
    }
    Some(ranges)
}

fn selected(ranges: &[(usize, usize)], position: usize, complement: bool) -> bool {
    ranges.iter().any(|&(lo, hi)| lo <= position && position <= hi) != complement
}

/// What `cut` selects from each line.
struct CutSpec {
    /// `f` fields, `c` characters, `b` bytes.
    mode: u8,
    ranges: Vec<(usize, usize)>,
    delimiter: u8,
    output_delimiter: Option<Vec<u8>>,
    only_delimited: bool,
    complement: bool,
}

impl CutSpec {
    /// Appends what `line` (without its terminator) keeps; false when `-s` drops the line.
    fn cut(&self, line: &[u8], out: &mut Vec<u8>) -> bool {
        match self.mode {
            b'f' => {
                if !line.contains(&self.delimiter) {
                    if self.only_delimited {
                        return false;
                    }
                    out.extend_from_slice(line);
                    return true;
                }
                let mut first = true;
                for (pos, field) in line.split(|&b| b == self.delimiter).enumerate() {
                    if selected(&self.ranges, pos + 1, self.complement) {
                        if !first {
                            match &self.output_delimiter {
                                Some(sep) => out.extend_from_slice(sep),
                                None => out.push(self.delimiter),
                            }
                        }
                        out.extend_from_slice(field);
                        first = false;
                    }
                }
            }
            b'c' => {
                let text = String::from_utf8_lossy(line);
                for (pos, c) in text.chars().enumerate() {
                    if selected(&self.ranges, pos + 1, self.complement) {
                        let mut buf = [0u8; 4];
                        out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
                    }
                }
            }
            _ => {
                for (pos, b) in line.iter().enumerate() {
                    if selected(&self.ranges, pos + 1, self.complement) {
                        out.push(*b);
                    }
                }
            }
        }
        true
    }
}

/// `cut -f LIST [-d DELIM] [-s] | -c LIST | -b LIST [--complement] [-z] [file…]`, a piece of
/// input at a time.
pub async fn cut(ctx: Ctx<'_>) -> Status {
    let usage = super::lookup("cut").map_or("", |b| b.usage);
    let mut mode = None;
    let mut list = None;
    let mut delimiter = b'\t';
    let (mut only_delimited, mut complement, mut zero) = (false, false, false);
    let mut output_delimiter: Option<Vec<u8>> = None;
    let mut files = Vec::new();
    let mut idx = 1;
    while let Some(arg) = ctx.argv.get(idx).cloned() {
        idx += 1;
        if arg == "-" || !arg.starts_with('-') {
            files.push(arg);
            continue;
        }
        if arg == "--" {
            files.extend(ctx.argv[idx..].iter().cloned());
            break;
        }
        // Each flag with the value it takes: `-f2`, `-f 2`, `--fields=2`, `--fields 2`, `-sd,`.
        let mut flags: Vec<(u8, Option<String>)> = Vec::new();
        if let Some(long) = arg.strip_prefix("--") {
            let (name, attached) = long.split_once('=').map_or((long, None), |(n, v)| (n, Some(v.to_string())));
            let flag = match name {
                "fields" => b'f',
                "characters" => b'c',
                "bytes" => b'b',
                "delimiter" => b'd',
                "output-delimiter" => b'o',
                "only-delimited" => b's',
                "complement" => b'C',
                "zero-terminated" => b'z',
                _ => return ctx.usage(format!("unrecognized option '{arg}'"), usage).await,
            };
            flags.push((flag, attached));
        } else {
            for (at, flag) in arg.bytes().enumerate().skip(1) {
                if b"fcbd".contains(&flag) {
                    let rest = &arg[at + 1..];
                    flags.push((flag, (!rest.is_empty()).then(|| rest.to_string())));
                    break;
                }
                flags.push((flag, None));
            }
        }
        for (flag, attached) in flags {
            let mut value = || match attached.clone() {
                Some(value) => Some(value),
                None => {
                    idx += 1;
                    ctx.argv.get(idx - 1).cloned()
                }
            };
            match flag {
                b'f' | b'c' | b'b' => {
                    if mode.is_some_and(|m| m != flag) {
                        return ctx.usage("only one list may be specified", usage).await;
                    }
                    mode = Some(flag);
                    list = value();
                }
                b'd' => match value() {
                    Some(d) if d.len() == 1 => delimiter = d.as_bytes()[0],
                    _ => return ctx.usage("the delimiter must be a single character", usage).await,
                },
                b'o' => output_delimiter = value().map(String::into_bytes),
                b's' => only_delimited = true,
                b'C' => complement = true,
                b'z' => zero = true,
                b'n' => {}
                other => return ctx.usage(format!("invalid option -- '{}'", other as char), usage).await,
            }
        }
    }
    let (Some(mode), Some(list)) = (mode, list) else {
        return ctx.usage("you must specify a list of bytes, characters, or fields", usage).await;
    };
    let Some(ranges) = parse_list(&list) else {
        return ctx.fail(format!("invalid field range: '{list}'")).await;
    };
    let spec = CutSpec { mode, ranges, delimiter, output_delimiter, only_delimited, complement };
    let terminator = if zero { 0 } else { b'\n' };
    let files = if files.is_empty() { vec!["-".to_string()] } else { files };
    let mut status = 0;
    let mut out = Vec::new();
    for file in &files {
        let mut reader = match ctx.open_operand(file) {
            Ok(reader) => reader,
            Err(err) => {
                // What came before the message goes out before it.
                if !ctx.out(std::mem::take(&mut out)).await {
                    return 1;
                }
                ctx.complain(format!("{file}: {}", describe(&err))).await;
                status = 1;
                continue;
            }
        };
        // A line may run across pieces: what follows the last terminator waits for the next.
        let mut partial: Vec<u8> = Vec::new();
        loop {
            let piece = match reader.chunk().await {
                Ok(piece) => piece,
                Err(err) => {
                    ctx.complain(format!("{file}: {}", describe(&err))).await;
                    status = 1;
                    None
                }
            };
            let at_end = piece.is_none();
            partial.extend_from_slice(&piece.unwrap_or_default());
            let complete =
                if at_end { partial.len() } else { memchr::memrchr(terminator, &partial).map_or(0, |at| at + 1) };
            let rest = partial.split_off(complete);
            let text = std::mem::replace(&mut partial, rest);
            let mut lines = text.split(|&b| b == terminator).peekable();
            while let Some(line) = lines.next() {
                // The empty piece after the last terminator is no line.
                if lines.peek().is_none() && line.is_empty() {
                    break;
                }
                if spec.cut(line, &mut out) {
                    out.push(terminator);
                }
            }
            if out.len() >= 64 * 1024 && !ctx.out(std::mem::take(&mut out)).await {
                return 1;
            }
            if at_end {
                break;
            }
        }
    }
    if !ctx.out(out).await {
        status = 1;
    }
    status
}

/// `uniq [-c] [-d] [-u] [-i] [-f N] [-s N] [input [output]]`
pub async fn uniq(ctx: Ctx<'_>) -> Status {
    let mut count = false;
    let mut repeated = false;
    let mut unique = false;
    let mut ignore_case = false;
    let mut skip_fields = 0usize;
    let mut skip_chars = 0usize;
    let mut operands = Vec::new();
    let mut idx = 1;
    while idx < ctx.argv.len() {
        let arg = ctx.argv[idx].clone();
        idx += 1;
        if !arg.starts_with('-') || arg == "-" {
            operands.push(arg);
            continue;
        }
        let mut chars = arg[1..].chars();
        while let Some(flag) = chars.next() {
            match flag {
                'c' => count = true,
                'd' => repeated = true,
                'u' => unique = true,
                'i' => ignore_case = true,
                'f' | 's' => {
                    let rest: String = chars.by_ref().collect();
                    let value = if rest.is_empty() {
                        idx += 1;
                        ctx.argv.get(idx - 1).cloned().unwrap_or_default()
                    } else {
                        rest
                    };
                    let Ok(n) = value.parse::<usize>() else {
                        return ctx.fail(format!("invalid number: '{value}'")).await;
                    };
                    if flag == 'f' {
                        skip_fields = n;
                    } else {
                        skip_chars = n;
                    }
                }
                _ => {
                    return ctx
                        .usage(format!("invalid option -- '{flag}'"), "uniq [-cdui] [-f N] [-s N] [INPUT [OUTPUT]]")
                        .await;
                }
            }
        }
    }
    let (data, status) = inputs(&ctx, &operands[..operands.len().min(1)]).await;
    if status != 0 {
        return status;
    }
    let key = |line: &[u8]| -> Vec<u8> {
        let mut rest = line;
        for _ in 0..skip_fields {
            let start = rest.iter().position(|b| !b.is_ascii_whitespace()).unwrap_or(rest.len());
            rest = &rest[start..];
            let end = rest.iter().position(|b| b.is_ascii_whitespace()).unwrap_or(rest.len());
            rest = &rest[end..];
        }
        let rest = &rest[skip_chars.min(rest.len())..];
        if ignore_case { rest.to_ascii_lowercase() } else { rest.to_vec() }
    };
    let mut out = Vec::new();
    let bytes = data.into_iter().next().map(|(_, b)| b).unwrap_or_default();
    let lines = lines_of(&bytes);
    let mut idx = 0;
    while idx < lines.len() {
        let group_key = key(lines[idx]);
        let mut end = idx + 1;
        while end < lines.len() && key(lines[end]) == group_key {
            end += 1;
        }
        let n = end - idx;
        if (!repeated || n > 1) && (!unique || n == 1) {
            if count {
                out.extend_from_slice(format!("{n:>7} ").as_bytes());
            }
            out.extend_from_slice(lines[idx]);
            out.push(b'\n');
        }
        idx = end;
    }
    if let Some(target) = operands.get(1) {
        let abs = ctx.abs(target);
        return match ctx.vfs.write(&abs, &out, crate::vfs::WriteMode::Truncate) {
            Ok(()) => 0,
            Err(err) => ctx.fail(format!("{target}: {}", describe(&err))).await,
        };
    }
    if ctx.out(out).await { 0 } else { 1 }
}

#[derive(Default, Clone, Copy)]
struct Counts {
    lines: usize,
    words: usize,
    bytes: usize,
    chars: usize,
    longest: usize,
}

/// Counts fed in chunks, so a stream of any length is counted in constant memory. Text is
/// decoded as UTF-8 (invalid bytes count as one replacement character each run, as a lossy
/// decoding of the whole would), an incomplete sequence at a chunk's end waiting for the next.
#[derive(Default)]
struct Counter {
    counts: Counts,
    in_word: bool,
    /// Characters of the current line so far; a `\r` right before `\n` is not one.
    line_chars: usize,
    last_was_cr: bool,
    pending: Vec<u8>,
    /// Whether words, characters or the longest line are wanted: lines and bytes alone need
    /// no decoding.
    decode: bool,
    longest: bool,
}

/// Whitespace as `wc` separates words in ASCII text.
fn ascii_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r' | b'\x0b' | b'\x0c')
}

impl Counter {
    fn new(want: &[char]) -> Self {
        let longest = want.contains(&'L');
        Counter { decode: longest || want.contains(&'w') || want.contains(&'m'), longest, ..Counter::default() }
    }

    fn feed(&mut self, chunk: &[u8]) {
        self.counts.bytes += chunk.len();
        self.counts.lines += bytecount::count(chunk, b'\n');
        if !self.decode {
            return;
        }
        // ASCII (the common case) needs no decoding: a byte is a character.
        if !self.longest && self.pending.is_empty() && chunk.is_ascii() {
            self.counts.chars += chunk.len();
            for &b in chunk {
                if ascii_space(b) {
                    self.in_word = false;
                } else if !self.in_word {
                    self.in_word = true;
                    self.counts.words += 1;
                }
            }
            return;
        }
        let mut data = std::mem::take(&mut self.pending);
        data.extend_from_slice(chunk);
        let keep = incomplete_utf8_tail(&data);
        let (now, later) = data.split_at(data.len() - keep);
        self.scan(&String::from_utf8_lossy(now));
        self.pending = later.to_vec();
    }

    fn scan(&mut self, text: &str) {
        for c in text.chars() {
            self.counts.chars += 1;
            if c == '\n' {
                let line = self.line_chars - usize::from(self.last_was_cr);
                self.counts.longest = self.counts.longest.max(line);
                self.line_chars = 0;
            } else {
                self.line_chars += 1;
            }
            self.last_was_cr = c == '\r';
            if c.is_whitespace() {
                self.in_word = false;
            } else if !self.in_word {
                self.in_word = true;
                self.counts.words += 1;
            }
        }
    }

    fn finish(mut self) -> Counts {
        let rest = std::mem::take(&mut self.pending);
        self.scan(&String::from_utf8_lossy(&rest));
        self.counts.longest = self.counts.longest.max(self.line_chars);
        self.counts
    }
}

/// How many bytes at the end of `data` start a UTF-8 sequence that is not complete yet.
fn incomplete_utf8_tail(data: &[u8]) -> usize {
    for back in 1..=3.min(data.len()) {
        let byte = data[data.len() - back];
        if byte & 0xC0 != 0x80 {
            let needed = match byte {
                0xC0..=0xDF => 2,
                0xE0..=0xEF => 3,
                0xF0..=0xF7 => 4,
                _ => return 0,
            };
            return if needed > back { back } else { 0 };
        }
    }
    0
}

/// The counts of one operand, read in pieces.
async fn count_operand(ctx: &Ctx<'_>, name: &str, want: &[char]) -> std::io::Result<Counts> {
    let mut counter = Counter::new(want);
    match ctx.open_operand(name)? {
        // A file is read into one buffer over and over: no memory to fault in per piece, and
        // small enough to stay in cache between the copy and the count (1 MiB was slower).
        super::OperandReader::File(mut file) => {
            let mut buf = vec![0; 128 * 1024];
            loop {
                match file.read(&mut buf) {
                    Ok(0) => break,
                    Ok(n) => {
                        counter.feed(&buf[..n]);
                        // Between pieces the deadline or Ctrl-C may end the command.
                        tokio::task::yield_now().await;
                    }
                    Err(err) if err.kind() == std::io::ErrorKind::Interrupted => {}
                    Err(err) => return Err(err),
                }
            }
        }
        mut stdin => {
            while let Some(chunk) = stdin.chunk().await? {
                counter.feed(&chunk);
            }
        }
    }
    Ok(counter.finish())
}

/// `wc [-lwcmL] [file…]`
pub async fn wc(ctx: Ctx<'_>) -> Status {
    let mut want = Vec::new();
    let mut files = Vec::new();
    for arg in &ctx.argv[1..] {
        match arg.as_str() {
            "--lines" => want.push('l'),
            "--words" => want.push('w'),
            "--bytes" => want.push('c'),
            "--chars" => want.push('m'),
            "--max-line-length" => want.push('L'),
            _ if arg.starts_with('-') && arg.len() > 1 => {
                for c in arg[1..].chars() {
                    if !"lwcmL".contains(c) {
                        return ctx.usage(format!("invalid option -- '{c}'"), "wc [-lwcmL] [FILE...]").await;
                    }
                    want.push(c);
                }
            }
            _ => files.push(arg.clone()),
        }
    }
    if want.is_empty() {
        want = vec!['l', 'w', 'c'];
    }
    // GNU prints columns in a fixed order whatever order the flags came in.
    let columns: Vec<char> = ['l', 'w', 'm', 'c', 'L'].into_iter().filter(|c| want.contains(c)).collect();
    let names: Vec<String> = if files.is_empty() { vec!["-".to_string()] } else { files.clone() };
    let mut status = 0;
    let mut rows: Vec<(Counts, Option<String>)> = Vec::new();
    let mut total = Counts::default();
    let reads_stdin = files.is_empty() || files.iter().any(|f| f == "-");
    for name in &names {
        let counts = match count_operand(&ctx, name, &want).await {
            Ok(counts) => counts,
            Err(err) => {
                ctx.complain(format!("{name}: {}", describe(&err))).await;
                status = 1;
                continue;
            }
        };
        total.lines += counts.lines;
        total.words += counts.words;
        total.bytes += counts.bytes;
        total.chars += counts.chars;
        total.longest = total.longest.max(counts.longest);
        rows.push((counts, if files.is_empty() { None } else { Some(name.clone()) }));
    }
    if rows.len() > 1 {
        rows.push((total, Some("total".to_string())));
    }
    // GNU sizes columns from the total byte count, or 7 when reading a stream.
    let width = if columns.len() == 1 && rows.len() == 1 {
        1
    } else if reads_stdin {
        7
    } else {
        total.bytes.to_string().len().max(1)
    };
    let mut out = String::new();
    for (counts, name) in rows {
        let values: Vec<String> = columns
            .iter()
            .map(|c| {
                let value = match c {
                    'l' => counts.lines,
                    'w' => counts.words,
                    'm' => counts.chars,
                    'c' => counts.bytes,
                    _ => counts.longest,
                };
                format!("{value:>width$}")
            })
            .collect();
        out.push_str(&values.join(" "));
        if let Some(name) = name {
            out.push(' ');
            out.push_str(&name);
        }
        out.push('\n');
    }
    if !ctx.out(out).await {
        return 1;
    }
    status
}

/// `rev [file…]`
pub async fn rev(ctx: Ctx<'_>) -> Status {
    let (data, status) = inputs(&ctx, &ctx.argv[1..]).await;
    let mut out = String::new();
    for (_, bytes) in data {
        let text = String::from_utf8_lossy(&bytes);
        for line in text.split_inclusive('\n') {
            let (body, newline) = match line.strip_suffix('\n') {
                Some(body) => (body, "\n"),
                None => (line, ""),
            };
            out.extend(body.chars().rev());
            out.push_str(newline);
        }
    }
    if !ctx.out(out).await {
        return 1;
    }
    status
}

/// `tac [-br] [-s SEP] [file…]`: records (lines by default) in reverse order.
pub async fn tac(ctx: Ctx<'_>) -> Status {
    let usage = super::lookup("tac").map_or("", |b| b.usage);
    let mut separator = b"\n".to_vec();
    let (mut before, mut regex) = (false, false);
    let mut files = Vec::new();
    let mut idx = 1;
    while let Some(arg) = ctx.argv.get(idx).cloned() {
        idx += 1;
        match arg.as_str() {
            "-b" | "--before" => before = true,
            "-r" | "--regex" => regex = true,
            "-br" | "-rb" => (before, regex) = (true, true),
            "-s" | "--separator" => match ctx.argv.get(idx) {
                Some(value) => {
                    separator = value.as_bytes().to_vec();
                    idx += 1;
                }
                None => return ctx.usage(format!("option requires an argument -- '{}'", &arg[1..]), usage).await,
            },
            "--" => {
                files.extend(ctx.argv[idx..].iter().cloned());
                break;
            }
            _ if arg.starts_with("--separator=") => separator = arg.as_bytes()["--separator=".len()..].to_vec(),
            _ if arg.starts_with("-s") => separator = arg.as_bytes()[2..].to_vec(),
            _ if arg.starts_with('-') && arg.len() > 1 => {
                return ctx.usage(format!("invalid option -- '{}'", &arg[1..]), usage).await;
            }
            _ => files.push(arg),
        }
    }
    // Where each separator lies, as a regular expression (`-r`, GNU's basic syntax) or a string.
    let matcher = if regex {
        // Anchored: GNU tac searches backwards, taking the match that starts last.
        let pattern = format!("^(?:{})", super::posix_regex::basic(&String::from_utf8_lossy(&separator)));
        match regex::bytes::RegexBuilder::new(&pattern).build() {
            Ok(regex) => Some(regex),
            Err(err) => return ctx.fail(super::posix_regex::failure_message(&err.to_string())).await,
        }
    } else {
        None
    };
    let (data, status) = inputs(&ctx, &files).await;
    let mut out = Vec::new();
    for (_, bytes) in data {
        let matches: Vec<(usize, usize)> = match &matcher {
            Some(regex) => {
                let mut found = Vec::new();
                let mut limit = bytes.len();
                for at in (0..bytes.len()).rev() {
                    if at < limit
                        && let Some(m) = regex.find(&bytes[at..limit]).filter(|m| !m.is_empty())
                    {
                        found.push((at, at + m.end()));
                        limit = at;
                    }
                }
                found.reverse();
                found
            }
            // An empty separator separates nothing: the input comes out as it is.
            None if separator.is_empty() => Vec::new(),
            None => memchr::memmem::find_iter(&bytes, &separator).map(|at| (at, at + separator.len())).collect(),
        };
        // Records end after their separator, or with -b start at it; they come out last first.
        let mut cuts: Vec<usize> = matches.iter().map(|&(start, end)| if before { start } else { end }).collect();
        cuts.dedup();
        let mut end = bytes.len();
        for &cut in cuts.iter().rev() {
            if cut < end {
                out.extend_from_slice(&bytes[cut..end]);
                end = cut;
            }
        }
        out.extend_from_slice(&bytes[..end]);
    }
    if !ctx.out(out).await {
        return 1;
    }
    status
}

#[cfg(test)]
mod tests {
    use super::Counter;

    fn counts_of(want: &[char], chunks: &[&[u8]]) -> (usize, usize, usize, usize, usize) {
        let mut counter = Counter::new(want);
        for chunk in chunks {
            counter.feed(chunk);
        }
        let c = counter.finish();
        (c.lines, c.words, c.bytes, c.chars, c.longest)
    }

    #[test]
    fn counts_do_not_depend_on_where_chunks_split() {
        let text = "héllo wörld\r\n\u{20ac}€ x\n\u{ff}tail \r".as_bytes().to_vec();
        let mut data = text.clone();
        data.extend_from_slice(b"\xff\xfe bad\n");
        let all = ['l', 'w', 'c', 'm', 'L'];
        let whole = counts_of(&all, &[&data]);
        assert_eq!(whole, (3, 7, data.len(), 32, 13));
        // Without -L, ASCII pieces take the fast path and others are decoded: same counts.
        let no_longest = ['l', 'w', 'm'];
        for size in 1..6 {
            let chunks: Vec<&[u8]> = data.chunks(size).collect();
            assert_eq!(counts_of(&all, &chunks), whole, "chunks of {size}");
            let (lines, words, bytes, chars, _) = counts_of(&no_longest, &chunks);
            assert_eq!((lines, words, bytes, chars), (whole.0, whole.1, whole.2, whole.3), "chunks of {size}");
        }
    }
}
