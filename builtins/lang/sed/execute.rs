//! sed's machine: the compiled program run once per input line over a pattern space and a hold
//! space, as GNU sed's `execute.c` runs it (ranges and their states, the append queue, a last
//! line without its newline printed without one, `n`/`N` at the end of input).

use super::compile::{Addr, Cmd, FIRST, Kind, LOWER, LOWER_FIRST, Piece, Posix, Program, UPPER, UPPER_FIRST, When};
use super::{Re, regex};
use crate::Ctx;
use crate::io::{Capture, Io, Output};
use crate::vfs::describe;
use std::sync::Arc;

/// What `e` may capture of a command's output.
const CAPTURE_LIMIT: usize = 64 << 20;

/// Where a range stands (GNU's `range_state`).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Range {
    Inactive,
    Active,
    Closed,
}

/// A file of `w`, `W` and `s///w`: what the commands wrote, and whether its last line lacked its
/// newline.
pub struct WriteFile {
    pub name: String,
    pub data: Vec<u8>,
    pub owes_newline: bool,
}

/// A file of `R`: its lines, read when first asked for, and the next one to give.
struct ReadLines {
    lines: Option<Vec<Vec<u8>>>,
    next: usize,
}

/// What ended a cycle.
enum Flow {
    /// The end of the script: autoprint, then the next cycle.
    End,
    /// `d`, `c`, `D` without a newline, `n`/`N` at the end of input: the next cycle, without
    /// autoprint.
    Delete,
    /// `q`/`Q` with the exit status.
    Quit(i32),
}

pub struct Machine<'c, 'a> {
    pub ctx: &'c Ctx<'a>,
    pub program: Arc<Program>,
    pub quiet: bool,
    pub separator: u8,
    pub posix: Posix,
    /// Whether output is handed over as it is made (not with `-i`).
    pub streaming: bool,
    /// Bytes of output held before they go out (1 with `-u`: every line).
    pub flush_at: usize,
    /// Where `l` wraps its lines (`-l N`; 70, GNU's default).
    pub line_length: usize,
    /// What the pattern and hold spaces may hold together (`Limits::output_bytes`).
    pub space_limit: usize,
    /// Set when standard output's reader went away or the deadline passed.
    pub broken: bool,
    /// Set when a run-time error ended the script (status 1 or 4).
    pub failed: Option<i32>,
    pub out: Vec<u8>,
    /// Set when a line went out without its separator: it is written before any more output.
    pub missing_newline: bool,
    pub write_files: Vec<WriteFile>,
    read_files: Vec<ReadLines>,
    range: Vec<Range>,
    /// The end of an `addr,+N` or `addr,~N` range, computed when it starts.
    range_end: Vec<usize>,
    last_regex: Option<Re>,
    hold: Vec<u8>,
    hold_chomped: bool,
    /// Whether the line last read ended in the separator: a last line without one is printed
    /// without one.
    chomped: bool,
    replaced: bool,
    append: Vec<Appended>,
}

/// Text queued for the end of the cycle: `a`'s text, `R`'s line, or `r`'s file.
enum Appended {
    Text(Vec<u8>),
    File(String),
}

impl<'c, 'a> Machine<'c, 'a> {
    pub fn new(ctx: &'c Ctx<'a>, program: Program, quiet: bool, separator: u8, posix: Posix) -> Self {
        let count = program.cmds.len();
        let write_files = program
            .outputs
            .iter()
            .map(|name| WriteFile { name: name.clone(), data: Vec::new(), owes_newline: false })
            .collect();
        let read_files = program.inputs.iter().map(|_| ReadLines { lines: None, next: 0 }).collect();
        let mut machine = Machine {
            ctx,
            quiet: quiet || program.quiet,
            program: Arc::new(program),
            separator,
            posix,
            streaming: true,
            flush_at: 64 * 1024,
            line_length: 70,
            space_limit: ctx.state().limits().output_bytes,
            broken: false,
            failed: None,
            out: Vec::new(),
            missing_newline: false,
            write_files,
            read_files,
            range: vec![Range::Inactive; count],
            range_end: vec![0; count],
            last_regex: None,
            hold: Vec::new(),
            hold_chomped: true,
            chomped: true,
            replaced: false,
            append: Vec::new(),
        };
        machine.reset_addresses();
        machine
    }

    /// Ranges start over (a new file with `-s`/`-i`); `0,/re/` is active from the start.
    pub fn reset_addresses(&mut self) {
        for (idx, cmd) in self.program.cmds.iter().enumerate() {
            self.range[idx] = if matches!(cmd.a1, Some(Addr::Num(0))) { Range::Active } else { Range::Inactive };
        }
    }

    /// What a new file of `-s`/`-i` starts without: the hold space, ranges, `R`'s places.
    pub fn next_file(&mut self) {
        self.hold.clear();
        self.hold_chomped = true;
        self.reset_addresses();
        for file in &mut self.read_files {
            file.next = 0;
        }
    }

    fn regex_for(&mut self, regex: &Option<Re>) -> Option<Re> {
        match regex {
            Some(regex) => {
                self.last_regex = Some(regex.clone());
                Some(regex.clone())
            }
            None => {
                if self.last_regex.is_none() {
                    self.failed.get_or_insert(1);
                }
                self.last_regex.clone()
            }
        }
    }

    fn matches(&mut self, regex: &Option<Re>, space: &[u8]) -> bool {
        self.regex_for(regex).is_some_and(|re| re.is_match(space))
    }

    async fn match_one(&mut self, addr: &Addr, input: &mut Input<'_, '_>, space: &[u8]) -> bool {
        match addr {
            Addr::Null => true,
            Addr::Regex(re) => self.matches(re, space),
            Addr::NumMod(first, step) => input.line_no >= *first && (input.line_no - first).is_multiple_of(*step),
            Addr::Step(_) | Addr::StepMod(_) => false,
            Addr::Last => input.is_last().await,
            Addr::Num(n) => *n == input.line_no,
        }
    }

    /// Whether command `idx` selects the line (GNU's `match_address_p`), before `!`.
    async fn selected(&mut self, idx: usize, input: &mut Input<'_, '_>, space: &[u8]) -> bool {
        let program = self.program.clone();
        let cmd: &Cmd = &program.cmds[idx];
        let Some(a1) = &cmd.a1 else { return true };
        let line = input.line_no;
        if self.range[idx] != Range::Active {
            let Some(a2) = &cmd.a2 else {
                return self.match_one(a1, input, space).await;
            };
            if let Addr::Num(first) = a1 {
                if self.range[idx] == Range::Closed || line < *first {
                    return false;
                }
            } else if !self.match_one(a1, input, space).await {
                return false;
            }
            self.range[idx] = Range::Active;
            match a2 {
                Addr::Regex(_) => return true,
                Addr::Num(end) => {
                    if line >= *end {
                        self.range[idx] = Range::Closed;
                    }
                    return line <= *end || self.match_one(a1, input, space).await;
                }
                Addr::Step(step) => {
                    self.range_end[idx] = line.saturating_add(*step);
                    return true;
                }
                Addr::StepMod(step) => {
                    self.range_end[idx] = line.saturating_add(*step) - line % step;
                    return true;
                }
                _ => {}
            }
        }
        let Some(a2) = &cmd.a2 else { return true };
        match a2 {
            Addr::Num(end) => {
                if line >= *end {
                    self.range[idx] = Range::Closed;
                }
                line <= *end
            }
            Addr::Step(_) | Addr::StepMod(_) => {
                if self.range_end[idx] <= line {
                    self.range[idx] = Range::Closed;
                }
                true
            }
            other => {
                if self.match_one(other, input, space).await {
                    self.range[idx] = Range::Closed;
                }
                true
            }
        }
    }

    /// Writes output, after the separator a line printed without one still owes.
    fn put(&mut self, bytes: &[u8]) {
        self.settle();
        self.out.extend_from_slice(bytes);
    }

    fn settle(&mut self) {
        if std::mem::take(&mut self.missing_newline) {
            self.out.push(self.separator);
        }
    }

    /// GNU's `output_line` to standard output: the text, then the separator unless `newline`
    /// is false (a last line that had none).
    fn output_line(&mut self, bytes: &[u8], newline: bool) {
        self.put(bytes);
        if newline {
            self.out.push(self.separator);
        } else {
            self.missing_newline = true;
        }
    }

    /// The same to a file of `w`; `/dev/stdout` is the output itself, `/dev/stderr` the errors.
    async fn write_to(&mut self, file: usize, text: &[u8], newline: bool) {
        let Some(target) = self.write_files.get(file) else { return };
        match target.name.as_str() {
            "/dev/stdout" => self.output_line(text, newline),
            "/dev/stderr" => {
                let mut line = text.to_vec();
                line.push(self.separator);
                self.ctx.err(line).await;
            }
            _ => {
                let separator = self.separator;
                let Some(target) = self.write_files.get_mut(file) else { return };
                if std::mem::take(&mut target.owes_newline) {
                    target.data.push(separator);
                }
                target.data.extend_from_slice(text);
                if newline {
                    target.data.push(separator);
                } else {
                    target.owes_newline = true;
                }
            }
        }
    }

    /// Hands on the queue of `a`, `r` and `R` (GNU's `dump_append_queue`).
    async fn dump_append(&mut self) {
        self.settle();
        for item in std::mem::take(&mut self.append) {
            match item {
                Appended::Text(text) => self.out.extend_from_slice(&text),
                // A file that cannot be read is an empty one (POSIX).
                Appended::File(name) => {
                    if let Ok(data) = self.ctx.read_operand(&name).await {
                        self.out.extend_from_slice(&data);
                    }
                }
            }
        }
    }

    /// Runs `command` in the shell, its output captured (`e`, `s///e`).
    async fn shell(&self, command: &[u8]) -> Vec<u8> {
        let capture = Capture::new(CAPTURE_LIMIT);
        let io = Io::new(self.ctx.io.stdin(), Output::Capture(capture.clone()), self.ctx.io.stderr());
        let command = toolsh_bytes::decode(command).into_owned();
        self.ctx.run_with(vec!["sh".to_string(), "-c".to_string(), command], &io, |_| {}).await;
        capture.take()
    }

    /// The next line of an `R` file, if it has one left.
    async fn read_line(&mut self, file: usize) -> Option<Vec<u8>> {
        let separator = self.separator;
        let name = self.program.inputs.get(file)?.clone();
        let entry = self.read_files.get_mut(file)?;
        if entry.lines.is_none() {
            let data = self.ctx.read_operand(&name).await.unwrap_or_default();
            let mut lines: Vec<Vec<u8>> = data.split_inclusive(|b| *b == separator).map(<[u8]>::to_vec).collect();
            if let Some(last) = lines.last_mut()
                && last.last() != Some(&separator)
            {
                last.push(b'\n');
            }
            entry.lines = Some(lines);
        }
        let line = entry.lines.as_ref()?.get(entry.next)?.clone();
        entry.next += 1;
        Some(line)
    }

    /// Runs the script over one pattern space (GNU's `execute_program`).
    async fn cycle(&mut self, space: &mut Vec<u8>, input: &mut Input<'_, '_>) -> Flow {
        let program = self.program.clone();
        let mut pc = 0;
        while pc < program.cmds.len() {
            // `N`, `G`, `H` and substitutions grow the spaces; an endless input or a loop must
            // not grow them past what a value may hold.
            if space.len() + self.hold.len() > self.space_limit {
                let limit = self.space_limit;
                self.ctx
                    .err(format!(
                        "sed: the pattern and hold spaces hold more than {limit} bytes (limit: output-bytes)\n"
                    ))
                    .await;
                self.failed = Some(4);
                return Flow::Quit(4);
            }
            let cmd = &program.cmds[pc];
            let hit = self.selected(pc, input, space).await;
            if self.failed.is_some() {
                return Flow::Quit(1);
            }
            if hit == cmd.bang {
                if let Kind::Block(end) = cmd.kind {
                    pc = end;
                }
                pc += 1;
                continue;
            }
            match &cmd.kind {
                Kind::Block(_) | Kind::EndBlock | Kind::Label => {}
                Kind::Append(text) => self.append.push(Appended::Text(text.clone())),
                Kind::Branch(target, when) => {
                    let jump = match when {
                        When::Always => true,
                        When::Substituted => std::mem::take(&mut self.replaced),
                        When::NotSubstituted => !std::mem::take(&mut self.replaced),
                    };
                    if jump {
                        // A jump back is a loop (`:a; ba`): each turn is a step of the line,
                        // so its deadline ends it.
                        if *target <= pc && !self.ctx.step().await {
                            self.broken = true;
                            return Flow::Quit(1);
                        }
                        pc = *target;
                        continue;
                    }
                }
                Kind::Change(text) => {
                    if self.range[pc] != Range::Active {
                        let body = &text[..text.len().saturating_sub(1)];
                        self.output_line(body, true);
                    }
                    return Flow::Delete;
                }
                Kind::Delete => return Flow::Delete,
                Kind::DeleteFirst => match memchr::memchr(self.separator, space) {
                    None => return Flow::Delete,
                    Some(at) => {
                        space.drain(..=at);
                        pc = 0;
                        if !self.ctx.step().await {
                            self.broken = true;
                            return Flow::Quit(1);
                        }
                        continue;
                    }
                },
                Kind::Exec(command) => {
                    if command.is_empty() {
                        let mut result = self.shell(space).await;
                        if result.last() == Some(&self.separator) {
                            result.pop();
                        }
                        *space = result;
                        self.chomped = true;
                    } else {
                        let body = &command[..command.len().saturating_sub(1)];
                        self.settle();
                        let result = self.shell(body).await;
                        self.out.extend_from_slice(&result);
                    }
                }
                // Whether a separator is owed travels with the text, as in GNU sed.
                Kind::Get => {
                    space.clone_from(&self.hold);
                    self.chomped = self.hold_chomped;
                }
                Kind::GetAppend => {
                    space.push(self.separator);
                    space.extend_from_slice(&self.hold);
                    self.chomped = self.hold_chomped;
                }
                Kind::Hold => {
                    self.hold.clone_from(space);
                    self.hold_chomped = self.chomped;
                }
                Kind::HoldAppend => {
                    self.hold.push(self.separator);
                    self.hold.extend_from_slice(space);
                    self.hold_chomped = self.chomped;
                }
                Kind::Insert(text) => {
                    let body = &text[..text.len().saturating_sub(1)];
                    self.output_line(body, true);
                }
                Kind::List(width) => {
                    let width = width.unwrap_or(self.line_length);
                    let text = listed(space, width, self.separator);
                    self.put(&text);
                }
                Kind::Next => {
                    if !self.quiet {
                        let chomped = self.chomped;
                        self.output_line(&space.clone(), chomped);
                    }
                    if input.is_last().await {
                        return Flow::Delete;
                    }
                    match self.read_pattern_space(input).await {
                        Some(line) => *space = line,
                        None => return Flow::Delete,
                    }
                }
                Kind::NextAppend => {
                    if input.is_last().await {
                        // GNU prints the pattern space when `N` finds no next line, POSIX not.
                        if self.posix == Posix::Extended && !self.quiet {
                            let chomped = self.chomped;
                            self.output_line(&space.clone(), chomped);
                        }
                        return Flow::Delete;
                    }
                    match self.read_pattern_space(input).await {
                        Some(line) => {
                            space.push(self.separator);
                            space.extend_from_slice(&line);
                        }
                        None => return Flow::Delete,
                    }
                }
                Kind::Print => {
                    let chomped = self.chomped;
                    self.output_line(&space.clone(), chomped);
                }
                Kind::PrintFirst => {
                    let (end, newline) = match memchr::memchr(self.separator, space) {
                        Some(at) => (at, true),
                        None => (space.len(), self.chomped),
                    };
                    self.output_line(&space[..end], newline);
                }
                Kind::Quit(code, print) => {
                    if *print {
                        if !self.quiet {
                            let chomped = self.chomped;
                            self.output_line(&space.clone(), chomped);
                        }
                        self.dump_append().await;
                    }
                    return Flow::Quit(*code);
                }
                Kind::ReadFile(name, append) => {
                    if *append {
                        self.append.push(Appended::File(name.clone()));
                    } else if let Ok(data) = self.ctx.read_operand(name).await {
                        self.out.extend_from_slice(&data);
                    }
                }
                Kind::ReadLine(file) => {
                    if let Some(line) = self.read_line(*file).await {
                        self.append.push(Appended::Text(line));
                    }
                }
                Kind::Subst(subst) => {
                    let Some(regex) = self.regex_for(&subst.regex) else {
                        return Flow::Quit(1);
                    };
                    if let Some(result) = substitute_all(&regex, space, subst.nth, subst.global, &subst.replacement) {
                        *space = result;
                        self.replaced = true;
                        if subst.print & 1 != 0 {
                            let chomped = self.chomped;
                            self.output_line(&space.clone(), chomped);
                        }
                        if subst.eval {
                            let mut result = self.shell(space).await;
                            if result.last() == Some(&self.separator) {
                                result.pop();
                            }
                            *space = result;
                            self.chomped = true;
                        }
                        if subst.print & 2 != 0 {
                            let chomped = self.chomped;
                            self.output_line(&space.clone(), chomped);
                        }
                        if let Some(file) = subst.write {
                            let chomped = self.chomped;
                            self.write_to(file, &space.clone(), chomped).await;
                        }
                    }
                }
                Kind::Translate(pairs, each_byte) => {
                    let mut result = Vec::with_capacity(space.len());
                    let mut at = 0;
                    while at < space.len() {
                        let len = if *each_byte { 1 } else { super::compile::utf8_len(&space[at..]) };
                        let ch = &space[at..at + len];
                        match pairs.iter().find(|(from, _)| from.as_slice() == ch) {
                            Some((_, to)) => result.extend_from_slice(to),
                            None => result.extend_from_slice(ch),
                        }
                        at += len;
                    }
                    *space = result;
                }
                Kind::Write(file) => {
                    let chomped = self.chomped;
                    self.write_to(*file, &space.clone(), chomped).await;
                }
                Kind::WriteFirst(file) => {
                    let (end, newline) = match memchr::memchr(self.separator, space) {
                        Some(at) => (at, true),
                        None => (space.len(), self.chomped),
                    };
                    self.write_to(*file, &space[..end], newline).await;
                }
                Kind::Exchange => {
                    std::mem::swap(space, &mut self.hold);
                    std::mem::swap(&mut self.chomped, &mut self.hold_chomped);
                }
                Kind::Zap => space.clear(),
                Kind::LineNumber => {
                    let text = format!("{}", input.line_no);
                    self.put(text.as_bytes());
                    self.out.push(self.separator);
                }
                Kind::FileName => {
                    let name = input.name.clone();
                    self.put(&toolsh_bytes::encode(&name));
                    self.out.push(self.separator);
                }
            }
            pc += 1;
        }
        Flow::End
    }

    /// The next line into the pattern space (GNU's `read_pattern_space`): the queue of `a`
    /// goes out first.
    async fn read_pattern_space(&mut self, input: &mut Input<'_, '_>) -> Option<Vec<u8>> {
        if !self.append.is_empty() {
            self.dump_append().await;
        }
        self.replaced = false;
        let (line, chomped) = input.next_line().await?;
        self.chomped = chomped;
        Some(line)
    }

    /// Runs the program over the lines of `input`; the exit status when `q`/`Q` asked for one.
    pub async fn run(&mut self, input: &mut Input<'_, '_>) -> Option<i32> {
        loop {
            let mut space = self.read_pattern_space(input).await?;
            let flow = self.cycle(&mut space, input).await;
            match flow {
                Flow::End => {
                    if !self.quiet {
                        let chomped = self.chomped;
                        self.output_line(&space, chomped);
                    }
                }
                Flow::Delete => {}
                Flow::Quit(code) => {
                    input.give_back().await;
                    return Some(code);
                }
            }
            if !self.append.is_empty() {
                self.dump_append().await;
            }
            // Output goes out in large pieces as it is made, unless it replaces a file (-i).
            if self.streaming && self.out.len() >= self.flush_at && !self.ctx.out_piece(&mut self.out).await {
                self.broken = true;
                return None;
            }
        }
    }
}

/// The pattern space after `s`: the `nth` match on (every one from there with `global`)
/// replaced, or `None` when nothing was (GNU's `do_subst`). An empty match right after a match
/// is not one.
pub fn substitute_all(regex: &Re, space: &[u8], nth: usize, global: bool, replacement: &[Piece]) -> Option<Vec<u8>> {
    let mut result = Vec::with_capacity(space.len());
    let mut start = 0;
    let mut last_end = 0;
    let mut count = 0;
    let mut replaced = false;
    while start <= space.len() {
        let Some(groups) = regex.captures_at(space, start) else { break };
        let Some((offset, end)) = groups.span(0) else { break };
        let mut matched = end - offset;
        if start < offset {
            result.extend_from_slice(&space[start..offset]);
            start = offset;
        }
        if (matched > 0 || count == 0 || offset > last_end) && {
            count += 1;
            count >= nth
        } {
            replaced = true;
            expand(replacement, &groups, &mut result);
            if !global {
                start = offset + matched;
                break;
            }
        } else {
            if matched == 0 {
                if start < space.len() {
                    matched = super::compile::utf8_len(&space[start..]);
                } else {
                    break;
                }
            }
            result.extend_from_slice(&space[offset..offset + matched]);
        }
        start = offset + matched;
        last_end = end;
    }
    if !replaced {
        return None;
    }
    if start < space.len() {
        result.extend_from_slice(&space[start..]);
    }
    Some(result)
}

/// A replacement's pieces with the groups of one match (GNU's `append_replacement`): `\u` or
/// `\l` before an empty group waits for the next text.
fn expand(pieces: &[Piece], groups: &regex::Groups<'_>, out: &mut Vec<u8>) {
    let mut pending: u8 = 0;
    for piece in pieces {
        let mut case = if piece.case & FIRST != 0 { piece.case } else { piece.case | pending };
        pending = 0;
        if !piece.text.is_empty() {
            push_cased(out, &piece.text, case);
            case &= !FIRST;
        }
        if let Some(group) = piece.group {
            match groups.get(group) {
                Some(text) if text.is_empty() && piece.case & FIRST != 0 => pending = case & FIRST,
                Some(text) if !text.is_empty() => push_cased(out, text, case),
                _ => {}
            }
        }
    }
}

/// Text under a case conversion: the first character by `\u`/`\l`, the rest by `\U`/`\L`.
fn push_cased(out: &mut Vec<u8>, text: &[u8], mut case: u8) {
    if case == 0 {
        out.extend_from_slice(text);
        return;
    }
    let mut at = 0;
    while at < text.len() {
        let len = super::compile::utf8_len(&text[at..]);
        let piece = &text[at..at + len];
        at += len;
        let Ok(ch) = std::str::from_utf8(piece) else {
            // A byte that is no character stays, and ends a one-character conversion.
            case &= !FIRST;
            out.extend_from_slice(piece);
            continue;
        };
        let mut buf = String::new();
        if case & FIRST != 0 {
            if case & UPPER_FIRST != 0 {
                buf.extend(ch.chars().flat_map(char::to_uppercase));
            } else if case & LOWER_FIRST != 0 {
                buf.extend(ch.chars().flat_map(char::to_lowercase));
            }
            case &= !FIRST;
        } else if case & UPPER != 0 {
            buf.extend(ch.chars().flat_map(char::to_uppercase));
        } else if case & LOWER != 0 {
            buf.extend(ch.chars().flat_map(char::to_lowercase));
        } else {
            buf.push_str(ch);
        }
        out.extend_from_slice(buf.as_bytes());
        if case == 0 {
            out.extend_from_slice(&text[at..]);
            return;
        }
    }
}

/// The pattern space as GNU sed's `l` shows it: C escapes, other unprintable bytes in octal,
/// `$` at the end, and lines wrapped with `\` to fit `width` (0: never wrapped).
pub fn listed(space: &[u8], width: usize, separator: u8) -> Vec<u8> {
    let mut text = Vec::new();
    let mut column = 0;
    for &b in space {
        let piece = match b {
            b'\\' => "\\\\".to_string(),
            0x07 => "\\a".to_string(),
            0x08 => "\\b".to_string(),
            0x0c => "\\f".to_string(),
            b'\n' => "\\n".to_string(),
            b'\r' => "\\r".to_string(),
            b'\t' => "\\t".to_string(),
            0x0b => "\\v".to_string(),
            0x20..=0x7e => (b as char).to_string(),
            other => format!("\\{other:03o}"),
        };
        if width > 0 && column + piece.len() >= width {
            text.extend_from_slice(b"\\");
            text.push(separator);
            column = 0;
        }
        column += piece.len();
        text.extend_from_slice(piece.as_bytes());
    }
    text.push(b'$');
    text.push(separator);
    text
}

/// The lines of the input, read a piece at a time from each operand in turn and kept one line
/// ahead (for `$`), so `sed 5q` of an endless pipe ends after five lines.
pub struct Input<'c, 'a> {
    ctx: &'c Ctx<'a>,
    files: std::collections::VecDeque<String>,
    reader: Option<crate::text::lines::LineBatches>,
    /// Lines read and not yet taken, with whether a separator ended each and the index of the
    /// operand they came from in `names`.
    ahead: std::collections::VecDeque<(Vec<u8>, bool, usize)>,
    separator: u8,
    /// The operands opened, as `F` names them (`-` for standard input).
    names: Vec<String>,
    /// The operand of the line last taken.
    pub name: String,
    pub line_no: usize,
    /// Set when an operand could not be read: sed then ends with status 2.
    pub failed: bool,
}

impl<'c, 'a> Input<'c, 'a> {
    pub fn new(ctx: &'c Ctx<'a>, files: &[String], separator: u8) -> Self {
        let files = files.iter().cloned().collect();
        Input {
            ctx,
            files,
            reader: None,
            ahead: std::collections::VecDeque::new(),
            separator,
            names: Vec::new(),
            name: String::new(),
            line_no: 0,
            failed: false,
        }
    }

    /// Reads until a line is ahead or every operand is done; an operand that cannot be read is
    /// reported when it is reached, as GNU sed does.
    async fn fill(&mut self) {
        while self.ahead.is_empty() {
            let Some(reader) = self.reader.as_mut() else {
                let Some(file) = self.files.pop_front() else { return };
                match self.ctx.open_operand(&file) {
                    Ok(reader) => {
                        self.reader = Some(crate::text::lines::LineBatches::new(reader, self.separator));
                        self.names.push(if file == "/dev/stdin" { "-".to_string() } else { file });
                    }
                    Err(err) if err.kind() == std::io::ErrorKind::IsADirectory => {
                        self.ctx.err(format!("sed: read error on {file}: Is a directory\n")).await;
                        self.failed = true;
                    }
                    Err(err) => {
                        self.ctx.err(format!("sed: can't read {file}: {}\n", describe(&err))).await;
                        self.failed = true;
                    }
                }
                continue;
            };
            let from = self.names.len().saturating_sub(1);
            match reader.next().await {
                Ok(Some(batch)) => {
                    let unterminated = batch.unterminated();
                    self.ahead.extend(batch.lines().map(|line| (line.to_vec(), true, from)));
                    if unterminated && let Some(last) = self.ahead.back_mut() {
                        last.1 = false;
                    }
                }
                Ok(None) => self.reader = None,
                Err(err) => {
                    let name = self.names.last().cloned().unwrap_or_default();
                    self.ctx.err(format!("sed: read error on {name}: {}\n", describe(&err))).await;
                    self.failed = true;
                    self.reader = None;
                }
            }
        }
    }

    /// The next line, and whether its separator ended it.
    pub async fn next_line(&mut self) -> Option<(Vec<u8>, bool)> {
        self.fill().await;
        let (line, chomped, from) = self.ahead.pop_front()?;
        self.line_no += 1;
        if let Some(name) = self.names.get(from)
            && *name != self.name
        {
            self.name.clone_from(name);
        }
        Some((line, chomped))
    }

    /// Puts what was read of standard input and not taken back in front of it, as GNU sed
    /// leaves a file it quits (`q`, `Q`) just after the last line it took (its stream closed
    /// at the exit sets the descriptor there): `(sed 1q; cat) < file` leaves `cat` the rest.
    /// A pipe's bytes once read are gone, as with GNU's.
    pub async fn give_back(&mut self) {
        let stdin = self.names.len().checked_sub(1).filter(|&at| self.names[at] == "-");
        let Some(from) = stdin else { return };
        let mut rest = Vec::new();
        for (line, ended, _) in self.ahead.iter().filter(|(_, _, of)| *of == from) {
            rest.extend_from_slice(line);
            if *ended {
                rest.push(self.separator);
            }
        }
        if let Some(reader) = &self.reader {
            rest.extend_from_slice(reader.held());
        }
        self.ahead.clear();
        self.ctx.stdin().unread(&rest).await;
    }

    /// Whether the line last taken is the last.
    pub async fn is_last(&mut self) -> bool {
        self.fill().await;
        self.ahead.is_empty()
    }
}
