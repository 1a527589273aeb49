//! The interpreter's side of the history list ([`toolsh_core::history`]): the lines a script
//! (or the console) reads are expanded (`set -H`) and added (`set -o history`) one line at a
//! time as bash's reader does; the `history` and `fc` builtins. Files (`HISTFILE`, `history
//! -a/-n/-r/-w`, `fc`'s edit file) are read and written through the gated workspace, and `fc`'s
//! editor runs as a command of this shell.

use super::io::Io;
use super::line::Reading;
use super::{ExecResult, Interp};
use crate::parser;
use std::sync::Arc;
use toolsh_core::histexpand::{self, Chars, Outcome};
use toolsh_core::history::{self as hist, History};
use toolsh_core::options::Kind as OptionKind;

const HISTORY_USAGE: &str =
    "history: usage: history [-c] [-d offset] [n] or history -anrw [filename] or history -ps arg [arg...]";
const FC_USAGE: &str = "fc: usage: fc [-e ename] [-lnr] [first] [last] or fc -s [pat=rep] [command]";

impl Interp {
    /// `set -o history`: lines read are added to the list.
    pub(crate) fn history_on(&self) -> bool {
        self.state.options.get(OptionKind::Set, "history") == Some(true)
    }

    /// `set -H`: lines read are history-expanded.
    pub(crate) fn histexpand_on(&self) -> bool {
        self.state.options.get(OptionKind::Set, "histexpand") == Some(true)
    }

    fn shopt(&self, name: &str) -> bool {
        self.state.options.get(OptionKind::Shopt, name) == Some(true)
    }

    /// `HISTSIZE` as the most entries kept (none: unlimited, as when unset or negative).
    fn history_max(&self) -> Option<usize> {
        let value = self.state.vars.get_str("HISTSIZE")?;
        value.trim().parse::<i64>().ok().and_then(|n| usize::try_from(n).ok())
    }

    fn var(&self, name: &str) -> String {
        self.state.vars.get_str(name).unwrap_or("").to_string()
    }

    /// `$HISTCMD`: the number the command being run has in the list.
    pub(crate) fn histcmd(&self) -> usize {
        self.state.history.last_number()
    }

    /// Adds one line read as bash's `bash_add_history` does: the first line of a command is a
    /// new entry if `HISTCONTROL` and `HISTIGNORE` let it be; under `cmdhist` the command's
    /// next lines join that entry (with `; `, a space or a newline, or always a newline under
    /// `lithist`).
    pub(crate) fn history_add(&mut self, line: &str, previous_lines: &str) {
        let continuation = !previous_lines.is_empty();
        if continuation && self.shopt("cmdhist") {
            if self.state.history.last_added {
                let last_line = previous_lines.trim_end_matches('\n').rsplit('\n').next().unwrap_or("");
                let in_text = hist::ends_in_quotes(previous_lines) || heredoc_open(previous_lines);
                let joiner = if self.shopt("lithist") { "\n" } else { hist::joiner(last_line, in_text) };
                Arc::make_mut(&mut self.state.history).extend_last(&format!("{joiner}{line}"));
            }
            return;
        }
        if line.trim().is_empty() && !continuation {
            return;
        }
        let (control, ignore) = (self.var("HISTCONTROL"), self.var("HISTIGNORE"));
        let previous = self.state.history.entries().last().map(|e| e.line.clone());
        let wanted = hist::wanted(line, &control, &ignore, previous.as_deref());
        let max = self.history_max();
        let time = self.entry_time();
        let history = Arc::make_mut(&mut self.state.history);
        history.last_added = wanted;
        if wanted {
            if control.split(':').any(|w| w == "erasedups") {
                history.erase_dups(line);
            }
            history.push(line.to_string(), time, max);
        }
    }

    /// History-expands `line` (the command's lines before it are `previous_lines`): the
    /// expanded line (printed on stderr when it changed, as bash does), or none when it is
    /// dropped (an error, said on stderr; `:p`, printed and added).
    pub(crate) async fn history_expand_line(&mut self, line: &str, previous_lines: &str, io: &Io) -> Option<String> {
        let chars = Chars::from_var(self.state.vars.get_str("histchars"));
        if !histexpand::may_expand(line, &chars) {
            return Some(line.to_string());
        }
        // A command's later lines refer to the entries before the command (bash).
        let continuation = !previous_lines.is_empty() && self.shopt("cmdhist") && self.state.history.last_added;
        let trimmed;
        let list: &History = if continuation {
            let mut copy = (*self.state.history).clone();
            copy.remove_last();
            trimmed = copy;
            &trimmed
        } else {
            &self.state.history
        };
        let quote = quote_open(previous_lines);
        let mode = histexpand::Mode { extglob: self.state.options.extglob, posix: self.state.options.posix };
        let outcome = histexpand::expand(line, list, &chars, &mut self.state.hist_memory, mode, quote);
        match outcome {
            Outcome::Unchanged => Some(line.to_string()),
            Outcome::Expanded(text) => {
                let _ = io.stderr().write_text(&format!("{text}\n")).await;
                Some(text)
            }
            Outcome::PrintOnly(text) => {
                let _ = io.stderr().write_text(&format!("{text}\n")).await;
                if self.history_on() && !text.is_empty() {
                    self.history_add(&text, "");
                }
                None
            }
            Outcome::Error(message) => {
                let said = format!("{}{message}\n", self.state.diagnostic_prefix());
                let _ = io.stderr().write_text(&said).await;
                None
            }
        }
    }

    /// Reads the rest of the main script (`text`, whose first line is `line`) a line at a time
    /// while history or its expansion is on: each line is expanded and added before the
    /// parser sees it, and a command runs once its lines are complete.
    pub(crate) async fn read_lines_with_history(
        &mut self,
        text: &str,
        mut line: u32,
        io: &Io,
        reading: Reading<'_>,
    ) -> ExecResult {
        let mut status = self.state.last_status;
        let mut pos = 0;
        let substs = self.process_substs.len();
        while pos < text.len() {
            if self.process_substs.len() > substs {
                self.finish_process_substs(io, substs).await;
            }
            let mut command = String::new();
            let mut next = pos;
            let mut lines = 0u32;
            let parsed = loop {
                let end = text[next..].find('\n').map_or(text.len(), |i| next + i + 1);
                let raw = text[next..end].strip_suffix('\n').unwrap_or(&text[next..end]);
                next = end;
                // Messages name the line being read.
                self.state.lineno = line + lines;
                // A here-document's body is not expanded. A line whose expansion failed (or
                // was only printed) is dropped, and bash's line count does not count it.
                let expanded = if self.histexpand_on() && self.history_on() && !heredoc_open(&command) {
                    self.history_expand_line(raw, &command, io).await
                } else {
                    Some(raw.to_string())
                };
                if let Some(expanded) = expanded {
                    lines += 1;
                    if self.history_on() {
                        self.history_add(&expanded, &command);
                    }
                    command.push_str(&expanded);
                    command.push('\n');
                } else if command.is_empty() {
                    break None;
                } else if next >= text.len() {
                    break parser::Commands::from_line(&command, line).next();
                } else {
                    continue;
                }
                let mut commands = parser::Commands::from_line(&command, line);
                commands.set_aliases(&self.aliases_in_effect());
                commands.set_posix(self.state.options.posix);
                match commands.next() {
                    Some(Err(err)) if err.is_incomplete() && next < text.len() => continue,
                    other => break other,
                }
            };
            pos = next;
            let first = line;
            line += lines;
            let list = match parsed {
                None => continue,
                Some(Ok(list)) => {
                    // bash's entry for a command with a here-document ends in a newline.
                    if lines > 1 && heredoc_open(&command) && self.history_on() && self.state.history.last_added {
                        Arc::make_mut(&mut self.state.history).extend_last("\n");
                    }
                    list
                }
                Some(Err(mut err)) => {
                    err.line += first as usize - 1;
                    self.syntax_error(io, reading, text, &err).await;
                    if err.kind == parser::ParseErrorKind::Line {
                        self.state.last_status = 1;
                        status = 1;
                        continue;
                    }
                    return Ok(crate::status::USAGE);
                }
            };
            let was_on = self.history_on();
            status = match self.run_read_command(list, io, reading).await? {
                std::ops::ControlFlow::Continue(status) => status,
                std::ops::ControlFlow::Break(status) => return Ok(status),
            };
            // `set -o history` reads the history file when no line was added yet (bash).
            if !was_on && self.history_on() {
                self.history_load_file();
            }
        }
        Ok(status)
    }

    /// A typed text (the console's) as bash -i reads it: each of its lines expanded (`set -H`)
    /// and added; none when an expansion failed or was only printed (nothing runs).
    pub(crate) async fn history_read_typed(&mut self, src: &str, io: &Io) -> Option<String> {
        let mut text = String::new();
        for raw in src.split_inclusive('\n') {
            let (raw, newline) = match raw.strip_suffix('\n') {
                Some(line) => (line, "\n"),
                None => (raw, ""),
            };
            let line = if self.histexpand_on() && !heredoc_open(&text) {
                self.history_expand_line(raw, &text, io).await?
            } else {
                raw.to_string()
            };
            self.history_add(&line, &text);
            text.push_str(&line);
            text.push_str(newline);
        }
        Some(text)
    }

    /// A shell that starts with history on: `HISTFILE` (`~/.bash_history`), `HISTSIZE` and
    /// `HISTFILESIZE` (500) as bash sets them when unset, and the file read.
    pub(crate) fn history_start(&mut self) {
        let home = self.state.vars.get_str("HOME").unwrap_or("").to_string();
        let defaults =
            [("HISTFILE", format!("{home}/.bash_history")), ("HISTSIZE", "500".into()), ("HISTFILESIZE", "500".into())];
        for (name, value) in defaults {
            if self.state.vars.get(name).is_none() {
                let _ = self.state.vars.set(name, value);
            }
        }
        self.history_load_file();
    }

    /// Reads `HISTFILE` into the list (`set -o history` turned on with no line added yet).
    pub(crate) fn history_load_file(&mut self) {
        if self.state.history.this_session > 0 {
            return;
        }
        let Some(path) = self.state.vars.get_str("HISTFILE").filter(|p| !p.is_empty()).map(str::to_string) else {
            return;
        };
        let abs = self.state.abs_path(&path);
        if let Ok(bytes) = self.fs("history").read(&abs) {
            let text = toolsh_bytes::decode(&bytes).into_owned();
            let lines: Vec<&str> = text.lines().collect();
            let keep = self.file_max().map_or(lines.len(), |max| max.min(lines.len()));
            let kept: String = lines[lines.len() - keep..].iter().map(|l| format!("{l}\n")).collect();
            let max = self.history_max();
            let history = Arc::make_mut(&mut self.state.history);
            history.read_file(&kept, max);
            history.file_lines_read = lines.len();
            history.unwritten = 0;
        }
    }

    /// Writes the list to `HISTFILE` as a shell that added lines does when it ends: appended
    /// under `shopt -s histappend`, else the whole list; then the file keeps its newest
    /// `HISTFILESIZE` lines.
    pub(crate) fn history_save_at_exit(&mut self) {
        if !self.history_on() || self.state.history.this_session == 0 {
            return;
        }
        let Some(path) = self.state.vars.get_str("HISTFILE").filter(|p| !p.is_empty()).map(str::to_string) else {
            return;
        };
        let abs = self.state.abs_path(&path);
        let times = self.state.vars.get_str("HISTTIMEFORMAT").is_some();
        let history = self.state.history.clone();
        let mut text = if self.shopt("histappend") {
            let old = self.fs("history").read(&abs).map(|b| toolsh_bytes::decode(&b).into_owned()).unwrap_or_default();
            let new = &history.entries()[history.len() - history.unwritten.min(history.len())..];
            old + &History::file_text(new, times)
        } else {
            History::file_text(history.entries(), times)
        };
        if let Some(max) = self.file_max() {
            let lines: Vec<&str> = text.lines().collect();
            if lines.len() > max {
                text = lines[lines.len() - max..].iter().map(|l| format!("{l}\n")).collect();
            }
        }
        let _ = self.fs("history").write(&abs, text.as_bytes(), crate::vfs::WriteMode::Truncate);
    }

    /// The time an entry added now keeps: bash stamps entries only while `HISTTIMEFORMAT` is set.
    fn entry_time(&self) -> Option<i64> {
        self.state.vars.get_str("HISTTIMEFORMAT").map(|_| chrono::Utc::now().timestamp())
    }

    fn file_max(&self) -> Option<usize> {
        match self.state.vars.get_str("HISTFILESIZE") {
            Some(value) => value.trim().parse::<i64>().ok().and_then(|n| usize::try_from(n).ok()),
            None => self.history_max(),
        }
    }
}

/// Whether the text ends inside a here-document's body (its lines join with newlines).
fn heredoc_open(text: &str) -> bool {
    text.lines().next().is_some_and(|first| first.replace("<<<", "").contains("<<"))
}

/// The quote `text` ends inside.
fn quote_open(text: &str) -> Option<char> {
    if !hist::ends_in_quotes(text) {
        return None;
    }
    // The opening quote is the last unmatched one: count from the start.
    let mut quote = None;
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        match (quote, c) {
            (Some('\''), '\'') | (Some('"'), '"') => quote = None,
            (Some('\''), _) => {}
            (_, '\\') => {
                chars.next();
            }
            (None, '\'' | '"') => quote = Some(c),
            _ => {}
        }
    }
    quote
}

async fn say(interp: &Interp, io: &Io, command: &str, message: &str) {
    let line = format!("{}{command}: {message}\n", interp.state.diagnostic_prefix());
    let _ = io.stderr().write_text(&line).await;
}

/// The `history` builtin.
pub(crate) async fn history(interp: &mut Interp, argv: &[String], io: &Io) -> ExecResult {
    let mut flags = String::new();
    let mut delete: Option<String> = None;
    let mut idx = 1;
    while let Some(arg) = argv.get(idx) {
        if arg == "--" {
            idx += 1;
            break;
        }
        // `-1` is an option to bash's `history` too (an invalid one).
        if !arg.starts_with('-') || arg == "-" {
            break;
        }
        let letters: Vec<char> = arg[1..].chars().collect();
        for (n, c) in letters.iter().enumerate() {
            match c {
                'c' | 'a' | 'n' | 'r' | 'w' | 'p' | 's' => flags.push(*c),
                'd' => {
                    let rest: String = letters[n + 1..].iter().collect();
                    if !rest.is_empty() {
                        delete = Some(rest);
                    } else {
                        idx += 1;
                        match argv.get(idx) {
                            Some(value) => delete = Some(value.clone()),
                            None => {
                                say(interp, io, "history", "-d: option requires an argument").await;
                                let _ = io.stderr().write_text(&format!("{HISTORY_USAGE}\n")).await;
                                return Ok(crate::status::USAGE);
                            }
                        }
                    }
                    break;
                }
                other => {
                    say(interp, io, "history", &format!("-{other}: invalid option")).await;
                    let _ = io.stderr().write_text(&format!("{HISTORY_USAGE}\n")).await;
                    return Ok(crate::status::USAGE);
                }
            }
        }
        idx += 1;
    }
    let args = &argv[idx.min(argv.len())..];
    if flags.chars().filter(|c| "anrw".contains(*c)).count() > 1 {
        say(interp, io, "history", "cannot use more than one of -anrw").await;
        return Ok(1);
    }
    if flags.contains('c') {
        Arc::make_mut(&mut interp.state.history).clear();
        return Ok(0);
    }
    if flags.contains('p') {
        // The `history -p` line itself leaves the list (bash).
        if interp.history_on() && interp.state.history.last_added {
            let history = Arc::make_mut(&mut interp.state.history);
            history.remove_last();
            // Once: a second `history -p` on the line leaves the entry before it.
            history.last_added = false;
        }
        let chars = Chars::from_var(interp.state.vars.get_str("histchars"));
        let mut status = 0;
        let mut out = String::new();
        let mode = histexpand::Mode { extglob: interp.state.options.extglob, posix: interp.state.options.posix };
        for arg in args {
            let list = (*interp.state.history).clone();
            match histexpand::expand(arg, &list, &chars, &mut interp.state.hist_memory, mode, None) {
                Outcome::Unchanged => out.push_str(&format!("{arg}\n")),
                Outcome::Expanded(text) | Outcome::PrintOnly(text) => out.push_str(&format!("{text}\n")),
                Outcome::Error(_) => {
                    let _ = io.stdout().write_text(&out).await;
                    out.clear();
                    say(interp, io, "history", &format!("{arg}: history expansion failed")).await;
                    status = 1;
                }
            }
        }
        let _ = io.stdout().write_text(&out).await;
        return Ok(status);
    }
    if flags.contains('s') {
        if args.is_empty() {
            return Ok(0);
        }
        let line = args.join(" ");
        let (max, time, on) = (interp.history_max(), interp.entry_time(), interp.history_on());
        let history = Arc::make_mut(&mut interp.state.history);
        // The `history -s` line itself gives way to the entry (once per line read).
        if on && history.last_added {
            history.remove_last();
        }
        history.push(line, time, max);
        history.last_added = false;
        return Ok(0);
    }
    if let Some(spec) = delete {
        return Ok(delete_entries(interp, &spec, io).await);
    }
    if let Some(file_op) = flags.chars().find(|c| "anrw".contains(*c)) {
        return Ok(file_operation(interp, file_op, args.first(), io).await);
    }
    // Listing.
    if args.len() > 1 {
        say(interp, io, "history", "too many arguments").await;
        return Ok(1);
    }
    let count = match args.first() {
        None => None,
        Some(n) => match n.parse::<i64>() {
            Ok(n) => Some(usize::try_from(n).unwrap_or(0)),
            Err(_) => {
                say(interp, io, "history", &format!("{n}: numeric argument required")).await;
                return Ok(1);
            }
        },
    };
    let format = interp.state.vars.get_str("HISTTIMEFORMAT").map(str::to_string);
    let history = interp.state.history.clone();
    let entries = history.entries();
    let skip = count.map_or(0, |n| entries.len().saturating_sub(n));
    let mut out = String::new();
    for (i, entry) in entries.iter().enumerate().skip(skip) {
        let time = match (&format, entry.time) {
            (None, _) => String::new(),
            (Some(_), None) => "??".to_string(),
            (Some(format), Some(seconds)) => toolsh_builtins::format_time(&interp.state, format, seconds),
        };
        out.push_str(&format!("{:5}  {time}{}\n", history.base() + i, entry.line));
    }
    let _ = io.stdout().write_text(&out).await;
    Ok(0)
}

/// `history -d SPEC`: one entry or a `START-END` range, negative numbers counting back from
/// the end.
async fn delete_entries(interp: &mut Interp, spec: &str, io: &Io) -> crate::Status {
    let history = &interp.state.history;
    let (base, len) = (history.base() as i64, history.len() as i64);
    // A negative offset counts from the end (-1 is the last entry).
    let resolve = |text: &str| -> Option<i64> {
        let n: i64 = text.parse().ok()?;
        let n = if n < 0 { base + len + n } else { n };
        (n >= base && n < base + len).then_some(n)
    };
    let range = spec.char_indices().skip(1).find(|&(_, c)| c == '-').map(|(i, _)| (&spec[..i], &spec[i + 1..]));
    let (first, last) = match range {
        Some((a, b)) if !b.is_empty() => {
            let (Some(first), Some(last)) = (resolve(a), resolve(b)) else {
                let bad = if resolve(a).is_none() && a.parse::<i64>().is_ok() {
                    a
                } else if b.parse::<i64>().is_ok() {
                    b
                } else {
                    spec
                };
                say(interp, io, "history", &format!("{bad}: history position out of range")).await;
                return 1;
            };
            if first > last {
                say(interp, io, "history", &format!("{spec}: history position out of range")).await;
                return 1;
            }
            (first, last)
        }
        _ => match resolve(spec) {
            Some(n) => (n, n),
            None => {
                say(interp, io, "history", &format!("{spec}: history position out of range")).await;
                return 1;
            }
        },
    };
    Arc::make_mut(&mut interp.state.history).delete(first as usize, last as usize);
    0
}

/// `history -a`, `-n`, `-r`, `-w` on `file` (else `$HISTFILE`).
async fn file_operation(interp: &mut Interp, op: char, file: Option<&String>, io: &Io) -> crate::Status {
    let name = match file.cloned().or_else(|| interp.state.vars.get_str("HISTFILE").map(str::to_string)) {
        Some(name) if !name.is_empty() => name,
        _ => return 0,
    };
    let abs = interp.state.abs_path(&name);
    let times = interp.state.vars.get_str("HISTTIMEFORMAT").is_some();
    match op {
        'r' | 'n' => {
            let text = match interp.fs("history").read(&abs) {
                Ok(bytes) => toolsh_bytes::decode(&bytes).into_owned(),
                // bash says nothing of a file it cannot read; a call the policy refused is said.
                Err(err) => return file_failed(interp, &name, &err, io).await,
            };
            let max = interp.history_max();
            let history = Arc::make_mut(&mut interp.state.history);
            let lines = text.lines().count();
            if op == 'n' {
                let skip = history.file_lines_read.min(lines);
                let rest: String = text.lines().skip(skip).map(|l| format!("{l}\n")).collect();
                history.read_file(&rest, max);
            } else {
                history.read_file(&text, max);
            }
            history.file_lines_read = lines;
            0
        }
        _ => {
            let history = interp.state.history.clone();
            let (data, mode) = if op == 'a' {
                let new = &history.entries()[history.len() - history.unwritten.min(history.len())..];
                (History::file_text(new, times), crate::vfs::WriteMode::Append)
            } else {
                (History::file_text(history.entries(), times), crate::vfs::WriteMode::Truncate)
            };
            // `-a` marks the session's lines written; `-w` leaves them for a later `-a`, as
            // bash does. A file that cannot be written fails without a word.
            match interp.fs("history").write(&abs, data.as_bytes(), mode) {
                Ok(()) if op == 'a' => {
                    Arc::make_mut(&mut interp.state.history).unwritten = 0;
                    0
                }
                Ok(()) => 0,
                Err(err) => file_failed(interp, &name, &err, io).await,
            }
        }
    }
}

/// The status of a history file operation that failed: 1 without a word as bash's, but a
/// call the policy refused is said and has the refusal's status.
async fn file_failed(interp: &mut Interp, name: &str, err: &std::io::Error, io: &Io) -> crate::Status {
    let status = interp.denial_status(1);
    if status != 1 {
        say(interp, io, "history", &format!("{name}: {}", crate::vfs::describe(err))).await;
    }
    status
}

/// Where `fc`'s FIRST or LAST names an entry (an index into the list), as bash's
/// `fc_gethnum`: `Err(true)` out of range, `Err(false)` no entry starts with the text.
fn fc_number(history: &History, spec: &str, last: usize, listing: bool, first: bool) -> Result<usize, bool> {
    let (negative, digits) = match spec.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, spec),
    };
    let real_last = history.len().saturating_sub(1);
    if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
        let n: i64 = digits.parse().unwrap_or(i64::MAX);
        let n = if negative { -n } else { n };
        if n < 0 {
            return Ok((n + last as i64 + 1).max(0) as usize);
        }
        if n == 0 {
            return if negative { if listing { Ok(real_last) } else { Err(true) } } else { Ok(last) };
        }
        let n = n - history.base() as i64;
        if n < 0 || n as usize >= last {
            return Ok(if first { 0 } else { last });
        }
        return Ok(n as usize);
    }
    (0..=last).rev().find(|&i| history.entries().get(i).is_some_and(|e| e.line.starts_with(spec))).ok_or(false)
}

/// The `fc` builtin.
pub(crate) async fn fc(interp: &mut Interp, argv: &[String], io: &Io) -> ExecResult {
    let (mut listing, mut numbering, mut reverse, mut execute) = (false, true, false, false);
    let mut editor: Option<String> = None;
    let mut idx = 1;
    while let Some(arg) = argv.get(idx) {
        if arg == "--" {
            idx += 1;
            break;
        }
        if !arg.starts_with('-') || arg.len() == 1 || arg[1..].starts_with(|c: char| c.is_ascii_digit()) {
            break;
        }
        let letters: Vec<char> = arg[1..].chars().collect();
        let mut n = 0;
        while n < letters.len() {
            match letters[n] {
                'l' => listing = true,
                'n' => numbering = false,
                'r' => reverse = true,
                's' => execute = true,
                'e' => {
                    let rest: String = letters[n + 1..].iter().collect();
                    if rest.is_empty() {
                        idx += 1;
                        match argv.get(idx) {
                            Some(value) => editor = Some(value.clone()),
                            None => {
                                say(interp, io, "fc", "-e: option requires an argument").await;
                                let _ = io.stderr().write_text(&format!("{FC_USAGE}\n")).await;
                                return Ok(crate::status::USAGE);
                            }
                        }
                    } else {
                        editor = Some(rest);
                    }
                    n = letters.len();
                    continue;
                }
                other => {
                    say(interp, io, "fc", &format!("-{other}: invalid option")).await;
                    let _ = io.stderr().write_text(&format!("{FC_USAGE}\n")).await;
                    return Ok(crate::status::USAGE);
                }
            }
            n += 1;
        }
        idx += 1;
    }
    let mut args: Vec<String> = argv[idx.min(argv.len())..].to_vec();
    if editor.as_deref() == Some("-") {
        execute = true;
    }
    let history = interp.state.history.clone();
    // The `fc` line itself is in the list already: the range ends before it. Inside the
    // commands an `fc` runs, no line is being read (bash's `remember_on_history` is off).
    let added = interp.history_on() && history.last_added && interp.fc_running == 0;
    let count = history.len();
    let last = count.saturating_sub(1 + usize::from(added));
    if execute {
        let mut subs = Vec::new();
        while let Some(arg) = args.first() {
            match arg.split_once('=') {
                Some((pat, rep)) => {
                    subs.push((pat.to_string(), rep.to_string()));
                    args.remove(0);
                }
                None => break,
            }
        }
        let found = if count == 0 || (added && count == 1) {
            Err(true)
        } else {
            match args.first() {
                None => Ok(last),
                Some(spec) => fc_number(&history, spec, last, false, true),
            }
        };
        let mut command = match found.ok().and_then(|i| history.entries().get(i)) {
            Some(entry) => entry.line.clone(),
            None => {
                say(interp, io, "fc", "no command found").await;
                return Ok(1);
            }
        };
        for (pat, rep) in &subs {
            if !pat.is_empty() {
                command = command.replace(pat.as_str(), rep);
            }
        }
        let _ = io.stderr().write_text(&format!("{command}\n")).await;
        if interp.history_on() {
            let list = Arc::make_mut(&mut interp.state.history);
            if added {
                list.remove_last();
            }
            let (max, time) = (interp.history_max(), interp.entry_time());
            Arc::make_mut(&mut interp.state.history).push(command.clone(), time, max);
        }
        let line = interp.state.lineno;
        interp.fc_running += 1;
        let result = interp.run_source(&command, io, Reading::Eval(line)).await;
        interp.fc_running -= 1;
        return result;
    }
    if count == 0 || (added && count == 1) {
        if listing {
            return Ok(0);
        }
        say(interp, io, "fc", "no command found").await;
        return Ok(1);
    }
    let real_last = count - 1;
    let pick = |spec: &String, first: bool| fc_number(&history, spec, last, listing, first);
    let (first, end) = match (args.first(), args.get(1)) {
        (Some(a), Some(b)) => (pick(a, true), pick(b, false)),
        (Some(a), None) => {
            let first = pick(a, true);
            let end = match first {
                Ok(n) if n == real_last => Ok(if listing { real_last } else { n }),
                Ok(n) => Ok(if listing { last } else { n }),
                Err(e) => Err(e),
            };
            (first, end)
        }
        (None, None) if listing => (Ok(last.saturating_sub(15)), Ok(last)),
        _ => (Ok(last), Ok(last)),
    };
    let (mut first, mut end) = match (first, end) {
        (Ok(a), Ok(b)) => (a, b),
        (Err(true), _) | (_, Err(true)) => {
            say(interp, io, "fc", "history specification out of range").await;
            return Ok(1);
        }
        _ => {
            say(interp, io, "fc", "no command found").await;
            return Ok(1);
        }
    };
    if !listing && added {
        Arc::make_mut(&mut interp.state.history).remove_last();
        end = end.min(last);
        first = first.min(last);
    }
    if end < first {
        std::mem::swap(&mut first, &mut end);
        reverse = !reverse;
    }
    let entries = history.entries();
    let order: Vec<usize> = if reverse { (first..=end).rev().collect() } else { (first..=end).collect() };
    let mut text = String::new();
    for i in order {
        let Some(entry) = entries.get(i) else { continue };
        if listing {
            if numbering {
                text.push_str(&(i + history.base()).to_string());
            }
            text.push_str(&format!("\t {}\n", entry.line));
        } else {
            text.push_str(&entry.line);
            text.push('\n');
        }
    }
    if listing {
        let _ = io.stdout().write_text(&text).await;
        return Ok(0);
    }
    // Edit: the lines go to a file of the workspace's /tmp, the editor (a command of this
    // shell) changes it, and its lines then run, each echoed as it is read.
    let file = format!("/tmp/bash-fc.{}", std::process::id() ^ (interp.state.history.len() as u32));
    if let Err(err) = interp.fs("fc").write(&file, text.as_bytes(), crate::vfs::WriteMode::Truncate) {
        say(interp, io, "fc", &format!("{file}: {}", crate::vfs::describe(&err))).await;
        return Ok(1);
    }
    let editor = editor.unwrap_or_else(|| {
        ["FCEDIT", "EDITOR"]
            .iter()
            .find_map(|name| interp.state.vars.get_str(name).filter(|v| !v.is_empty()).map(str::to_string))
            .unwrap_or_else(|| "vi".to_string())
    });
    let line = interp.state.lineno;
    let status = interp.run_source(&format!("{editor} {file}"), io, Reading::Eval(line)).await?;
    if status != 0 {
        let _ = interp.fs("fc").remove_file(&file);
        return Ok(1);
    }
    let edited = match interp.fs("fc").read(&file) {
        Ok(bytes) => toolsh_bytes::decode(&bytes).into_owned(),
        Err(_) => return Ok(1),
    };
    let _ = interp.fs("fc").remove_file(&file);
    // The edited commands run one complete command at a time, each echoed as it is read
    // (bash turns `set -v` on for them) and added to the list in place of the `fc` line.
    let mut status = 0;
    let mut commands = parser::Commands::new(&edited);
    let mut start = 0;
    loop {
        commands.set_aliases(&interp.aliases_in_effect());
        let Some(next) = commands.next() else { break };
        let end = commands.offset().min(commands.text().len());
        let read = commands.text().get(start..end).unwrap_or("").to_string();
        start = end;
        let _ = io.stderr().write_text(&read).await;
        let list = match next {
            Ok(list) => list,
            Err(err) => {
                interp.syntax_error(io, Reading::Eval(line), &edited, &err).await;
                return Ok(crate::status::USAGE);
            }
        };
        if interp.history_on() {
            let entry = read.trim_end_matches('\n');
            if !entry.is_empty() {
                interp.history_add(entry, "");
                // bash's entry for a command with a here-document ends in a newline.
                if entry.contains('\n') && heredoc_open(entry) && interp.state.history.last_added {
                    Arc::make_mut(&mut interp.state.history).extend_last("\n");
                }
            }
        }
        interp.fc_running += 1;
        let result = interp.run_read_command(list, io, Reading::Eval(line)).await;
        interp.fc_running -= 1;
        status = match result? {
            std::ops::ControlFlow::Continue(status) | std::ops::ControlFlow::Break(status) => status,
        };
    }
    // Blank lines and comments after the last command are read (and echoed) too.
    let rest = commands.text().get(start..).unwrap_or("").to_string();
    let _ = io.stderr().write_text(&rest).await;
    Ok(status)
}
