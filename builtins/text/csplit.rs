//! `csplit`: splits a file into pieces at line numbers and regular expressions, as GNU
//! coreutils' does, step for step: its patterns (`N`, `/RE/[OFFSET]`, `%RE%[OFFSET]`, `{N}`,
//! `{*}`), its notion of the "current line" (which decides where the next search starts after
//! an offset), the sizes it prints as each piece is closed, and the pieces it removes when a
//! pattern fails (unless `-k`). Lines are found as they are reached, never indexed whole, so a
//! file of a billion short lines costs no more than its bytes.

use crate::Ctx;
use crate::session::Status;
use crate::spec::{Args, Opt, Spec};
use crate::text::{cfmt, posix_regex};
use crate::vfs::{WriteMode, describe};
use toolsh_bytes::quote::quotef;

const SUFFIX_FORMAT: Opt = Opt::both('b', "suffix-format", "use sprintf FORMAT instead of %02d").value("FORMAT");
const PREFIX: Opt = Opt::both('f', "prefix", "use PREFIX instead of 'xx'").value("PREFIX");
const KEEP: Opt = Opt::both('k', "keep-files", "do not remove output files on errors");
const SUPPRESS: Opt = Opt::long("suppress-matched", "suppress the lines matching PATTERN");
const DIGITS: Opt = Opt::both('n', "digits", "use specified number of digits instead of 2").value("DIGITS");
const QUIET: Opt = Opt::both('s', "quiet", "do not print counts of output file sizes").alias("silent");
const ELIDE: Opt = Opt::both('z', "elide-empty-files", "remove empty output files");

/// `csplit`.
pub const CSPLIT: Spec = Spec {
    name: "csplit",
    summary: "split a file at line numbers or regular expressions",
    synopsis: &["[OPTION]... FILE PATTERN..."],
    about: "Output pieces of FILE separated by PATTERN(s) to files 'xx00', 'xx01', ..., and output byte counts of each piece to standard output. Read standard input if FILE is -. Each PATTERN may be: INTEGER (copy up to but not including that line), /REGEXP/[OFFSET] (copy up to but not including a matching line), %REGEXP%[OFFSET] (skip to, but not including a matching line), {INTEGER} (repeat the previous pattern that many times), {*} (repeat the previous pattern as many times as possible). An OFFSET is an integer optionally preceded by '+' or '-'.",
    options: &[SUFFIX_FORMAT, PREFIX, KEEP, SUPPRESS, DIGITS, QUIET, ELIDE],
    long_order: &[
        "digits",
        "quiet",
        "silent=quiet",
        "keep-files",
        "elide-empty-files",
        "prefix",
        "suffix-format",
        "suppress-matched",
    ],
    assumed: true,
    ..Spec::BASE
};

/// One pattern with its repeat count.
struct Control {
    /// The operand it came from, as GNU quotes it in errors.
    word: String,
    kind: Kind,
    /// How many times it repeats after the first (`{N}`); `None` for `{*}`.
    repeat: Option<u64>,
}

enum Kind {
    /// Copy up to (not including) this line, and its multiples on repetition.
    Line(u64),
    /// Copy (or skip, `ignore`) up to a matching line, then `offset` lines more or fewer.
    Regex { re: posix_regex::Compiled, offset: i64, ignore: bool },
}

/// Why the split ended early.
enum End {
    /// An error already said: close the piece, remove the pieces unless `-k`, status 1.
    Fatal(String),
    /// GNU's `die` without cleanup ("input disappeared"): the pieces stay, nothing more printed.
    Die(String),
    /// `{*}` ran out of input: the rest is written and csplit succeeds.
    Done,
    /// The line was stopped (deadline, cancellation).
    Stopped,
}

/// The piece being written.
struct Piece {
    name: String,
    /// The bytes of the input it holds: the lines saved to a piece are consecutive.
    span: Option<(usize, usize)>,
}

struct Splitter<'c, 'a> {
    ctx: &'c Ctx<'a>,
    data: &'c [u8],
    /// Byte offset and number (from 1) of the first line not yet removed.
    at: usize,
    first: u64,
    /// A line found ahead of `first` (number, offset), where the next search goes on from.
    probe: (u64, usize),
    /// GNU's `current_line`: the last line looked at or removed.
    current: u64,
    piece: Option<Piece>,
    /// The names of the pieces made so far (GNU's `files_created`).
    created: Vec<String>,
    sizes: String,
    prefix: String,
    suffix: Option<Vec<u8>>,
    digits: usize,
    elide: bool,
    quiet: bool,
    suppress: bool,
}

impl Splitter<'_, '_> {
    /// The line numbered `n` as a byte span (newline included), if the input has it.
    fn find_line(&mut self, n: u64) -> Option<(usize, usize)> {
        if self.at >= self.data.len() || n < self.first {
            return None;
        }
        let (mut number, mut offset) =
            if self.probe.0 >= self.first && self.probe.0 <= n { self.probe } else { (self.first, self.at) };
        loop {
            if offset >= self.data.len() {
                return None;
            }
            let end = memchr::memchr(b'\n', &self.data[offset..]).map_or(self.data.len(), |i| offset + i + 1);
            if number == n {
                self.probe = (number, offset);
                return Some((offset, end));
            }
            number += 1;
            offset = end;
        }
    }

    /// Takes the first available line out of the input.
    fn remove_line(&mut self) -> Option<(usize, usize)> {
        if self.at >= self.data.len() {
            return None;
        }
        let start = self.at;
        let end = memchr::memchr(b'\n', &self.data[start..]).map_or(self.data.len(), |i| start + i + 1);
        self.current = self.current.max(self.first);
        self.first += 1;
        self.at = end;
        Some((start, end))
    }

    fn no_more_lines(&mut self) -> bool {
        self.find_line(self.current + 1).is_none()
    }

    fn first_line_in_buffer(&self) -> Result<u64, End> {
        if self.at >= self.data.len() {
            return Err(End::Die("input disappeared".to_string()));
        }
        Ok(self.first)
    }

    fn save(&mut self, (start, end): (usize, usize)) {
        if let Some(piece) = &mut self.piece {
            piece.span = Some(piece.span.map_or((start, end), |(from, _)| (from, end)));
        }
    }

    /// The name of piece `n`: PREFIX and the number in `%0Nd` or the `-b` format.
    fn name(&self, n: usize) -> String {
        let number = match &self.suffix {
            Some(format) => suffix_name(format, n),
            // Past NAME_MAX the name is refused anyway: no wider one is built.
            None => format!("{n:0width$}", width = self.digits.min(NAME_MAX + 1)),
        };
        format!("{}{number}", self.prefix)
    }

    fn create(&mut self) -> Result<(), End> {
        if self.ctx.stop_requested() {
            return Err(End::Stopped);
        }
        let name = self.name(self.created.len());
        if name.len() > NAME_MAX {
            return Err(End::Fatal(format!("{name}: File name too long", name = quotef(&name))));
        }
        if let Err(err) = self.ctx.vfs.write(&self.ctx.abs(&name), b"", WriteMode::Truncate) {
            return Err(End::Fatal(format!("{name}: {}", describe(&err), name = quotef(&name))));
        }
        self.created.push(name.clone());
        self.piece = Some(Piece { name, span: None });
        Ok(())
    }

    /// Writes the open piece and prints its size (or removes it, empty, under `-z`).
    fn close(&mut self) -> Result<(), String> {
        let Some(piece) = self.piece.take() else { return Ok(()) };
        let bytes = piece.span.map_or(&[][..], |(start, end)| &self.data[start..end]);
        let abs = self.ctx.abs(&piece.name);
        if bytes.is_empty() && self.elide {
            self.created.pop();
            return self
                .ctx
                .vfs
                .remove_file(&abs)
                .map_err(|err| format!("{}: {}", quotef(&piece.name), describe(&err)));
        }
        if !bytes.is_empty() {
            self.ctx
                .vfs
                .write(&abs, bytes, WriteMode::Truncate)
                .map_err(|err| format!("{}: {}", quotef(&piece.name), describe(&err)))?;
        }
        if !self.quiet {
            self.sizes.push_str(&format!("{}\n", bytes.len()));
        }
        Ok(())
    }

    fn close_piece(&mut self) -> Result<(), End> {
        self.close().map_err(End::Fatal)
    }

    fn dump_rest(&mut self) {
        while let Some(line) = self.remove_line() {
            self.save(line);
        }
    }

    fn line_error(&self, control: &Control, repetition: u64) -> End {
        let Kind::Line(n) = control.kind else { return End::Fatal(String::new()) };
        End::Fatal(format!("'{n}': line number out of range{}", on_repetition(repetition)))
    }

    fn process_line_count(&mut self, control: &Control, lines: u64, repetition: u64) -> Result<(), End> {
        let last = lines.saturating_mul(repetition.saturating_add(1));
        self.create()?;
        if self.suppress && self.no_more_lines() {
            return Err(self.line_error(control, repetition));
        }
        let mut number = self.first_line_in_buffer()?;
        while number < last {
            number += 1;
            let Some(line) = self.remove_line() else { return Err(self.line_error(control, repetition)) };
            self.save(line);
        }
        self.close_piece()?;
        if self.suppress {
            self.remove_line();
        }
        if !self.suppress && self.no_more_lines() {
            return Err(self.line_error(control, repetition));
        }
        Ok(())
    }

    fn process_regex(&mut self, control: &Control, repetition: u64) -> Result<(), End> {
        let Kind::Regex { re, offset, ignore } = &control.kind else { return Ok(()) };
        let (offset, ignore) = (*offset, *ignore);
        if !ignore {
            self.create()?;
        }
        if self.suppress && self.current > 0 {
            self.remove_line();
        }
        loop {
            self.current += 1;
            let Some((start, end)) = self.find_line(self.current) else {
                if control.repeat.is_none() {
                    if !ignore {
                        self.dump_rest();
                        self.close_piece()?;
                    }
                    return Err(End::Done);
                }
                if !ignore {
                    self.dump_rest();
                }
                let quoted = quote(&control.word);
                return Err(End::Fatal(format!("{quoted}: match not found{}", on_repetition(repetition))));
            };
            let text = &self.data[start..end];
            let text = text.strip_suffix(b"\n").unwrap_or(text);
            if re.is_match(text) {
                break;
            }
            // Without a negative offset the line cannot be needed again: it goes now.
            if offset >= 0 {
                let line = self.remove_line();
                if let Some(line) = line.filter(|_| !ignore) {
                    self.save(line);
                }
            }
            if self.ctx.stop_requested() {
                return Err(End::Stopped);
            }
        }
        let break_line = self.current.saturating_add_signed(offset);
        let out_of_range = || End::Fatal(format!("{}: line number out of range", quote(&control.word)));
        let first = self.first_line_in_buffer()?;
        if first > break_line {
            return Err(out_of_range());
        }
        for _ in first..break_line {
            let Some(line) = self.remove_line() else { return Err(out_of_range()) };
            if !ignore {
                self.save(line);
            }
        }
        if !ignore {
            self.close_piece()?;
        }
        if offset > 0 {
            self.current = break_line;
        }
        Ok(())
    }

    fn run(&mut self, controls: &[Control]) -> Result<(), End> {
        for control in controls {
            let mut repetition = 0;
            while control.repeat.is_none_or(|n| repetition <= n) {
                match control.kind {
                    Kind::Line(lines) => self.process_line_count(control, lines, repetition)?,
                    Kind::Regex { .. } => self.process_regex(control, repetition)?,
                }
                repetition += 1;
            }
        }
        self.create()?;
        self.dump_rest();
        self.close_piece()
    }
}

fn on_repetition(repetition: u64) -> String {
    if repetition > 0 { format!(" on repetition {repetition}") } else { String::new() }
}

/// A word quoted as GNU's `quote` does in messages (backslashes and controls escaped).
fn quote(word: &str) -> String {
    let mut out = String::from("'");
    for c in word.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            c if c.is_control() => out.push_str(&format!("\\{:03o}", c as u32 & 0xff)),
            c => out.push(c),
        }
    }
    out.push('\'');
    out
}

/// An unsigned number as `xstrtoumax` reads it: blanks, an optional `+`, digits, nothing after,
/// at most `i64::MAX`.
fn unsigned(text: &str) -> Option<u64> {
    let text = text.trim_start_matches([' ', '\t', '\n', '\x0b', '\x0c', '\r']);
    let digits = text.strip_prefix('+').unwrap_or(text);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    digits.parse::<u64>().ok().filter(|&n| i64::try_from(n).is_ok())
}

/// A signed number as `xstrtoimax` reads it.
fn signed(text: &str) -> Option<i64> {
    let text = text.trim_start_matches([' ', '\t', '\n', '\x0b', '\x0c', '\r']);
    let (negative, digits) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text.strip_prefix('+').unwrap_or(text)),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let value = digits.parse::<i128>().ok()?;
    i64::try_from(if negative { -value } else { value }).ok()
}

/// The patterns, or the message GNU dies with; the warnings it gives on the way go to
/// `warnings` (a line number repeated).
fn parse_patterns(words: &[String], warnings: &mut Vec<String>) -> Result<Vec<Control>, String> {
    let mut controls = Vec::new();
    let mut last_line = 0;
    let mut idx = 0;
    while idx < words.len() {
        let word = &words[idx];
        let kind = if let Some(delim) = word.chars().next().filter(|c| matches!(c, '/' | '%')) {
            let body = &word[1..];
            let Some(close) = body.rfind(delim) else {
                return Err(format!("{word}: closing delimiter '{delim}' missing"));
            };
            let translated = posix_regex::basic(&body[..close]);
            let re = posix_regex::Compiled::new(&translated, false)
                .map_err(|err| format!("{}: invalid regular expression: {err}", quote(word)))?;
            let rest = &body[close + 1..];
            let offset = if rest.is_empty() {
                0
            } else {
                signed(rest).ok_or_else(|| format!("{}: integer expected after delimiter", quote(word)))?
            };
            Kind::Regex { re, offset, ignore: delim == '%' }
        } else {
            let Some(n) = unsigned(word) else { return Err(format!("{}: invalid pattern", quote(word))) };
            if n == 0 {
                return Err(format!("{word}: line number must be greater than zero"));
            }
            if n < last_line {
                return Err(format!("line number {} is smaller than preceding line number, {last_line}", quote(word)));
            }
            if n == last_line {
                warnings.push(format!("warning: line number {} is the same as preceding line number", quote(word)));
            }
            last_line = n;
            Kind::Line(n)
        };
        let mut control = Control { word: word.clone(), kind, repeat: Some(0) };
        if let Some(count) = words.get(idx + 1).filter(|w| w.starts_with('{')) {
            idx += 1;
            let Some(inner) = count.strip_suffix('}') else {
                return Err(format!("{}: '}}' is required in repeat count", quote(count)));
            };
            control.repeat = if inner == "{*" {
                None
            } else {
                Some(
                    unsigned(&inner[1..])
                        .ok_or_else(|| format!("{}}}: integer required between '{{' and '}}'", quote(inner)))?,
                )
            };
        }
        controls.push(control);
        idx += 1;
    }
    Ok(controls)
}

/// Checks a `-b` format as GNU's does: one conversion among `d i u o x X`, flags `-0'#` as
/// they fit it, a width and precision.
fn check_suffix(format: &[u8]) -> Result<(), String> {
    let mut seen = false;
    let mut at = 0;
    while at < format.len() {
        if format[at] != b'%' {
            at += 1;
            continue;
        }
        at += 1;
        if format.get(at) == Some(&b'%') {
            at += 1;
            continue;
        }
        if seen {
            return Err("too many % conversion specifications in suffix".to_string());
        }
        seen = true;
        let (mut thousands, mut alternative) = (false, false);
        while let Some(&flag) = format.get(at) {
            match flag {
                b'-' | b'0' => {}
                b'\'' => thousands = true,
                b'#' => alternative = true,
                _ => break,
            }
            at += 1;
        }
        while format.get(at).is_some_and(u8::is_ascii_digit) {
            at += 1;
        }
        if format.get(at) == Some(&b'.') {
            at += 1;
            while format.get(at).is_some_and(u8::is_ascii_digit) {
                at += 1;
            }
        }
        let conv = format.get(at).copied().unwrap_or(0);
        let bad_flag = match conv {
            b'd' | b'i' | b'u' => alternative.then_some('#'),
            b'o' | b'x' | b'X' => thousands.then_some('\''),
            0 => return Err("missing conversion specifier in suffix".to_string()),
            c if c.is_ascii_graphic() || c == b' ' => {
                return Err(format!("invalid conversion specifier in suffix: {}", c as char));
            }
            c => return Err(format!("invalid conversion specifier in suffix: \\{c:03o}")),
        };
        if let Some(flag) = bad_flag {
            return Err(format!("invalid flags in conversion specification: %{flag}{}", conv as char));
        }
        at += 1;
    }
    if seen { Ok(()) } else { Err("missing % conversion specification in suffix".to_string()) }
}

/// The suffix of piece `n` by a checked `-b` format.
fn suffix_name(format: &[u8], n: usize) -> String {
    let mut out = Vec::new();
    let mut at = 0;
    while at < format.len() {
        if format[at] != b'%' {
            out.push(format[at]);
            at += 1;
            continue;
        }
        at += 1;
        if format.get(at) == Some(&b'%') {
            out.push(b'%');
            at += 1;
            continue;
        }
        // The thousands flag groups nothing in the C locale: it is dropped.
        let conversion: Vec<u8> = format[at..].iter().copied().filter(|&b| b != b'\'').collect();
        let mut idx = 0;
        let spec = cfmt::parse_spec(&conversion, &mut idx, || 0);
        let conv = conversion.get(idx).copied().unwrap_or(b'd') as char;
        out.extend_from_slice(cfmt::format_int(n as i64, conv, &spec).as_bytes());
        let taken = format[at..].iter().take_while(|&&b| !matches!(b, b'd' | b'i' | b'u' | b'o' | b'x' | b'X')).count();
        at += taken + 1;
    }
    toolsh_bytes::decode(&out).into_owned()
}

/// The number of `-n`, as `xdectoimax` reads it (0 to `i32::MAX`).
fn digits(text: &str) -> Result<usize, String> {
    match signed(text) {
        Some(n) if (0..=i64::from(i32::MAX)).contains(&n) => Ok(n as usize),
        Some(_) => Err(format!("invalid number: {}: Numerical result out of range", quote(text))),
        None if text.trim_start().trim_start_matches(['+', '-']).bytes().all(|b| b.is_ascii_digit())
            && !text.trim().is_empty() =>
        {
            Err(format!("invalid number: {}: Numerical result out of range", quote(text)))
        }
        None => Err(format!("invalid number: {}", quote(text))),
    }
}

/// Names longer than this cannot be made (the kernel's `PATH_MAX`): a `-n` past it says so
/// rather than building a name of gigabytes.
const NAME_MAX: usize = 4096;

/// `csplit [OPTION]... FILE PATTERN...`
pub async fn csplit(ctx: Ctx<'_>, args: Args) -> Status {
    let digits = match args.last(&DIGITS).map(digits) {
        None => 2,
        Some(Ok(n)) => n,
        Some(Err(message)) => return ctx.fail(message).await,
    };
    let suffix = args.last(&SUFFIX_FORMAT).map(|f| toolsh_bytes::encode(f).into_owned());
    if let Some(Err(message)) = suffix.as_deref().map(check_suffix) {
        return ctx.fail(message).await;
    }
    match args.operands.as_slice() {
        [] => return ctx.misuse(&CSPLIT, "missing operand").await,
        [file] => return ctx.misuse(&CSPLIT, format!("missing operand after {}", quote(file))).await,
        _ => {}
    }
    let file = &args.operands[0];
    let data = match ctx.read_operand(file).await {
        Ok(data) => data,
        Err(err) => {
            return ctx
                .fail(format!("cannot open {} for reading: {}", toolsh_bytes::quote::quoteaf(file), describe(&err)))
                .await;
        }
    };
    let words = &args.operands[1..];
    let mut warnings = Vec::new();
    let parsed = parse_patterns(words, &mut warnings);
    for warning in warnings {
        ctx.complain(warning).await;
    }
    let controls = match parsed {
        Ok(controls) => controls,
        Err(message) => return ctx.fail(message).await,
    };
    let prefix = args.last(&PREFIX).unwrap_or("xx").to_string();
    let mut splitter = Splitter {
        ctx: &ctx,
        data: &data,
        at: 0,
        first: 1,
        probe: (1, 0),
        current: 0,
        piece: None,
        created: Vec::new(),
        sizes: String::new(),
        prefix,
        suffix,
        digits,
        elide: args.has(&ELIDE),
        quiet: args.has(&QUIET),
        suppress: args.has(&SUPPRESS),
    };
    let outcome = splitter.run(&controls);
    let (status, message) = match outcome {
        Ok(()) | Err(End::Done) => (0, None),
        Err(End::Stopped) => (1, None),
        Err(End::Die(message)) => (1, Some(message)),
        Err(End::Fatal(message)) => {
            // GNU's cleanup: the open piece is closed (its size printed), then every piece
            // removed unless -k.
            let closing = splitter.close();
            if !args.has(&KEEP) {
                for name in std::mem::take(&mut splitter.created) {
                    let _ = ctx.vfs.remove_file(&ctx.abs(&name));
                }
            }
            let message = closing.err().map_or(message.clone(), |m| format!("{message}\n{m}"));
            (1, Some(message).filter(|m| !m.is_empty()))
        }
    };
    if let Some(message) = message {
        for line in message.lines() {
            ctx.complain(line).await;
        }
    }
    let sizes = std::mem::take(&mut splitter.sizes);
    if !sizes.is_empty() && !ctx.out(sizes).await {
        return 1;
    }
    status
}
