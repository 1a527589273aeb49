//! The console's half of programmable completion: for a whole line, which specification
//! applies (the command's, its basename's, `-D`, `-E` for an empty line, `-I` for the command
//! word), the line's words split as bash's `split_at_delims` splits them, and bash's retry when
//! a function returns 124 — [`Interp::complete_line`], which the console's Tab runs through
//! [`super::super::Shell`]. Built with the console only.

use super::super::{Flow, Interp, Io};
use super::LineContext;
use std::sync::Arc;
use toolsh_core::compspec::{self, CompSpec};

/// bash's `COMP_WORDBREAKS` at start, used once the variable is unset (as bash keeps its
/// word breaks then).
const WORDBREAKS: &str = " \t\n\"'@><=;|&(:";

/// How long the console's Tab waits for a completion function.
const COMPLETION_TIME: std::time::Duration = std::time::Duration::from_secs(10);

/// What completing a line gave: the word's start in the line, the matches, the options in
/// force (the specification's as `compopt` left them).
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct LineCompletion {
    /// Byte offset of the word being completed.
    pub start: usize,
    /// The candidates, in the order generated.
    pub matches: Vec<String>,
    /// The `-o` options ([`compspec::OPTIONS`]' bits).
    pub options: u32,
}

impl Interp {
    /// Completes the word before `point` of `line` by the session's specifications, as bash
    /// does on Tab (`attempt_shell_completion`, `programmable_completions`). `None`: no
    /// specification applies, and the caller's own completion should answer.
    pub(crate) async fn complete_line(
        &mut self,
        line: &str,
        point: usize,
        io: &Io,
    ) -> Result<Option<LineCompletion>, Flow> {
        // `shopt -u progcomp` turns it off, as in bash.
        let enabled = self.state.options.get(toolsh_core::options::Kind::Shopt, "progcomp") != Some(false);
        if !enabled || self.state.completions.is_empty() || !line.is_char_boundary(point.min(line.len())) {
            return Ok(None);
        }
        let point = point.min(line.len());
        let breaks = self.state.vars.get_str("COMP_WORDBREAKS").unwrap_or(WORDBREAKS).to_string();
        let at = analyse(line, point, &breaks);
        let text = &line[at.word_start..point];
        let initial = self.state.completions.get(compspec::INITIAL).is_some();
        let mut found: Option<(Vec<String>, u32)> = None;
        let mut command_position = at.word_start == at.name_start;
        let (s, e) = (at.name_start, at.cmd_end);
        if at.word_start == 0 && point == 0 && e != 0 && text.is_empty() {
            // The beginning of a line that is not empty: no specification.
        } else if e == 0 && text.is_empty() {
            found = self.programmable(compspec::EMPTY, text, s, e, line, point, &breaks, io).await?;
        } else if e > s
            && !at.assignment
            && at.name_end == point
            && point == line.len()
            && !line.ends_with(char::is_whitespace)
        {
            // Still typing the command's name: command completion (or `-I`).
            command_position = s == at.word_start && at.name == text;
        } else if e > s && !at.assignment && !at.name.is_empty() {
            found = self.programmable(&at.name, text, s, e, line, point, &breaks, io).await?;
            command_position = s == at.word_start && (initial || at.name == text);
            if initial && command_position {
                found = None;
            }
        } else if at.name.is_empty() && text.is_empty() {
            command_position = true;
        }
        if command_position && found.is_none() && initial {
            found = self.programmable(compspec::INITIAL, text, s, e, line, point, &breaks, io).await?;
        }
        Ok(found.map(|(matches, options)| LineCompletion { start: at.word_start, matches, options }))
    }

    /// The specifications for `cmd` (its own, its basename's, then `-D`'s), tried again while
    /// a function asks to retry (bash's `programmable_completions`); `None` when none applied.
    #[allow(clippy::too_many_arguments)]
    async fn programmable(
        &mut self,
        cmd: &str,
        word: &str,
        start: usize,
        end: usize,
        line: &str,
        point: usize,
        breaks: &str,
        io: &Io,
    ) -> Result<Option<(Vec<String>, u32)>, Flow> {
        let mut last: Option<Arc<CompSpec>> = None;
        let mut result: Option<(Vec<String>, u32)> = None;
        let (mut cmd, mut line, mut point, mut end) = (cmd.to_string(), line.to_string(), point, end);
        // bash gives up after 32 tries (retries and aliases together).
        for _ in 0..32 {
            let cmd = &mut cmd;
            let base = cmd.rsplit('/').next().filter(|base| !base.is_empty() && *base != cmd);
            let names = [Some(cmd.as_str()), base, Some(compspec::DEFAULT)];
            let found = names.into_iter().flatten().find_map(|name| self.state.completions.get(name).cloned());
            let Some(spec) = found else {
                // `shopt -s progcomp_alias`: an alias's value takes the command's place in the
                // line and its first word is tried (bash's `programmable_completions`).
                let alias_on = self.state.options.get(toolsh_core::options::Kind::Shopt, "progcomp_alias");
                let value = self.state.aliases.get(cmd.as_str()).cloned().unwrap_or_default();
                let first: Vec<char> = value.chars().collect();
                let first: String = first[..skip_to_delim(&first, 0, "()<>;&| \t\n")].iter().collect();
                if alias_on != Some(true) || first.is_empty() || !line.is_char_boundary(start) {
                    break;
                }
                let after = line.get(start + cmd.len()..).unwrap_or("").to_string();
                let grown = value.len() as isize - cmd.len() as isize;
                line = format!("{}{value}{after}", &line[..start]);
                point = point.saturating_add_signed(grown);
                end = end.saturating_add_signed(grown);
                *cmd = first;
                continue;
            };
            if last.as_ref().is_some_and(|last| Arc::ptr_eq(last, &spec)) {
                break;
            }
            last = Some(spec.clone());
            let cmd = cmd.as_str();
            let piece = line.get(start..end.max(start)).unwrap_or("");
            let sentinel = point.saturating_sub(start);
            let (mut words, mut cword) = split_at_delims(piece, breaks, sentinel);
            // A command name left empty (`-E`) is put back as the first word.
            if cmd.is_empty() && words.first().is_some_and(|first| !first.is_empty()) {
                words.insert(0, String::new());
                cword += 1;
            }
            let context =
                LineContext { line: piece.to_string(), point: sentinel.min(piece.len()), words, cword, kind: 9 };
            let saved =
                self.state.completing.replace(compspec::Current { command: cmd.to_string(), options: spec.options });
            let generated = self.generate(&spec, cmd, word, &context, io).await;
            let current = std::mem::replace(&mut self.state.completing, saved);
            let generated = generated?;
            let mut options = current.map_or(spec.options, |current| current.options);
            // Files, directories and a glob's paths are file names to readline whatever the
            // options say (its filename completion marks them so).
            let files = compspec::action_bit("file").unwrap_or(0) | compspec::action_bit("directory").unwrap_or(0);
            if spec.actions & files != 0
                || spec.globpat.is_some()
                || spec.options & (compspec::DIRNAMES | compspec::PLUSDIRS) != 0
            {
                options |= compspec::FILENAMES;
            }
            result = Some((generated.matches.unwrap_or_default(), options));
            if !generated.retry {
                break;
            }
        }
        Ok(result)
    }
}

impl super::super::Shell {
    /// Completes the word before `point` of `line` by the session's `complete`
    /// specifications, the functions run in this session (their output discarded: the
    /// console's screen is the editor's); `None` when no specification applies. `$?` is left
    /// as it was. A function still running after [`COMPLETION_TIME`] (or the session's wall
    /// time, if shorter) is stopped at its next step, as a line past its deadline is: the
    /// editor waits for it, and no key can interrupt it there.
    pub(crate) async fn complete_line(&mut self, line: &str, point: usize) -> Option<LineCompletion> {
        let io =
            Io::new(super::super::io::Input::null(), super::super::io::Output::Null, super::super::io::Output::Null);
        let status = self.interp.state.last_status;
        let limit = self.interp.state.limits().wall_time.map_or(COMPLETION_TIME, |wall| wall.min(COMPLETION_TIME));
        self.interp.shared.pace().begin(Some(limit), None);
        let result = self.interp.complete_line(line, point, &io).await;
        self.interp.shared.pace().end();
        // A stop ends the completion quietly; what the functions did is audited now.
        let stopped = self.interp.shared.take_stop().is_some();
        let _ = self.interp.shared.gate().audit().flush();
        self.interp.state.last_status = status;
        if stopped {
            return None;
        }
        result.ok().flatten()
    }
}

/// Where the parts of a line lie for completion.
#[derive(Debug, Default, PartialEq, Eq)]
struct Analysis {
    /// Start of the word being completed (after the last word-break character, or inside an
    /// open quote).
    word_start: usize,
    /// Start and end of the command's name (after any assignments), and the name.
    name_start: usize,
    name_end: usize,
    name: String,
    /// End of the current command (the next command separator, or the line's end).
    cmd_end: usize,
    /// The last word looked at was an assignment: no command name before the cursor.
    assignment: bool,
}

/// Skips from `from` to the next character of `delims` outside quotes, backslashes and
/// `$(…)`/`${…}`/`` `…` `` (bash's `skip_to_delim`, quotes never delimiters).
fn skip_to_delim(line: &[char], from: usize, delims: &str) -> usize {
    let mut i = from;
    while i < line.len() {
        let c = line[i];
        match c {
            '\\' => i += 2,
            '`' => {
                i += 1;
                while i < line.len() && line[i] != '`' {
                    i += 1;
                }
                i += 1;
            }
            '\'' => {
                i += 1;
                while i < line.len() && line[i] != '\'' {
                    i += 1;
                }
                i += 1;
            }
            '"' => {
                i += 1;
                while i < line.len() && line[i] != '"' {
                    i += if line[i] == '\\' { 2 } else { 1 };
                }
                i += 1;
            }
            '$' if matches!(line.get(i + 1), Some('(' | '{')) => {
                let (open, close) = if line[i + 1] == '(' { ('(', ')') } else { ('{', '}') };
                let mut depth = 0usize;
                i += 1;
                while i < line.len() {
                    if line[i] == open {
                        depth += 1;
                    } else if line[i] == close {
                        depth -= 1;
                        if depth == 0 {
                            break;
                        }
                    }
                    i += 1;
                }
                i += 1;
            }
            c if delims.contains(c) => return i,
            _ => i += 1,
        }
    }
    line.len()
}

/// Splits a command's text into words at `delims` (whitespace separates; each run of the
/// others is a word of its own), as bash makes `COMP_WORDS` (`split_at_delims`); also the
/// index of the word holding `sentinel` (a byte offset), an empty word made for it when it
/// lies between words.
pub(crate) fn split_at_delims(text: &str, delims: &str, sentinel: usize) -> (Vec<String>, i64) {
    let chars: Vec<char> = text.chars().collect();
    // Character offsets of each char, to place the sentinel (a byte offset).
    let sentinel = text.get(..sentinel.min(text.len())).map_or(chars.len(), |before| before.chars().count());
    let others: String = delims.chars().filter(|c| !matches!(c, ' ' | '\t' | '\n' | '\'' | '"')).collect();
    let white = |c: char| matches!(c, ' ' | '\t' | '\n') && delims.contains(c);
    let mut words: Vec<String> = Vec::new();
    let mut cw: i64 = -1;
    let mut i = 0;
    while i < chars.len() && white(chars[i]) {
        i += 1;
    }
    if i >= chars.len() {
        return (words, -1);
    }
    let mut ts = i;
    let mut te;
    loop {
        te = skip_to_delim(&chars, ts, delims).min(chars.len());
        if ts == te {
            // A run of delimiters that are not blanks is a word of its own.
            te = ts + 1;
            while chars.get(te).is_some_and(|c| others.contains(*c)) {
                te += 1;
            }
        }
        words.push(chars[ts..te].iter().collect());
        let nw = words.len() as i64;
        if sentinel >= ts && sentinel <= te {
            cw = nw;
        }
        if cw == -1 && sentinel + 1 == ts {
            cw = nw;
        }
        if cw == -1 && sentinel < ts {
            let last = words.len() - 1;
            words.insert(last, String::new());
            cw = nw;
        }
        if te >= chars.len() {
            break;
        }
        i = te;
        while i < chars.len() && white(chars[i]) {
            i += 1;
        }
        if i >= chars.len() {
            break;
        }
        ts = i;
    }
    if cw == -1 && (sentinel >= chars.len() || sentinel >= te) {
        if sentinel > 0 && chars.get(sentinel - 1).is_some_and(|c| c.is_whitespace()) {
            words.push(String::new());
        }
        cw = words.len() as i64;
    }
    // bash's index is 1-based; COMP_CWORD is 0-based.
    (words, cw - 1)
}

/// Finds the word being completed and the command it belongs to (bash's `find_cmd_start`,
/// `find_cmd_end`, `find_cmd_name`, assignments before the name skipped).
fn analyse(line: &str, point: usize, breaks: &str) -> Analysis {
    let chars: Vec<char> = line.chars().collect();
    let byte = |at: usize| chars[..at.min(chars.len())].iter().map(|c| c.len_utf8()).sum::<usize>();
    let cpoint = line[..point].chars().count();
    // The word: after the last break outside quotes, or inside an open quote.
    let mut word_start = 0;
    let mut quote: Option<(char, usize)> = None;
    let mut i = 0;
    while i < cpoint {
        let c = chars[i];
        match quote {
            Some((q, _)) if c == q => quote = None,
            Some(('"', _)) if c == '\\' => i += 1,
            Some(_) => {}
            None if c == '\\' => i += 1,
            None if c == '\'' || c == '"' => quote = Some((c, i)),
            // readline's special prefixes (bash's `$@`) break words but begin the next.
            None if breaks.contains(c) => word_start = if c == '@' || c == '$' { i } else { i + 1 },
            None => {}
        }
        i += 1;
    }
    if let Some((_, at)) = quote {
        word_start = at + 1;
    }
    let word_start = word_start.min(cpoint);
    // The command: from the last separator before the word to the next one after the cursor.
    const SEPARATORS: &str = ";|&(\n";
    let mut s = 0;
    loop {
        let next = skip_to_delim(&chars, s, SEPARATORS);
        if next >= word_start || next >= chars.len() {
            break;
        }
        s = next + 1;
    }
    let e = skip_to_delim(&chars, cpoint, SEPARATORS);
    let mut analysis = Analysis { word_start: byte(word_start), cmd_end: byte(e), ..Analysis::default() };
    let mut from = s;
    loop {
        let mut s1 = from;
        while s1 < chars.len() && chars[s1].is_whitespace() {
            s1 += 1;
        }
        let e1 = skip_to_delim(&chars, s1, "()<>;&| \t\n").max(s1);
        let name: String = chars[s1..e1.min(chars.len())].iter().collect();
        analysis.name_start = byte(s1);
        analysis.name_end = byte(e1);
        analysis.assignment = is_assignment(&name);
        analysis.name = name;
        if !analysis.assignment || e1 + 1 > cpoint || e1 >= chars.len() {
            break;
        }
        from = e1 + 1;
    }
    analysis
}

/// `NAME=…` or `NAME[…]=…`.
fn is_assignment(word: &str) -> bool {
    let Some(eq) = word.find('=') else { return false };
    let name = word[..eq].split('[').next().unwrap_or("");
    let name = name.strip_suffix('+').unwrap_or(name);
    !name.is_empty()
        && name.chars().next().is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
}

#[cfg(test)]
mod tests {
    use super::*;

    fn split(text: &str, at: usize) -> (Vec<String>, i64) {
        split_at_delims(text, WORDBREAKS, at)
    }

    #[test]
    fn words_split_as_bash_splits_them() {
        assert_eq!(split("ls -l fo", 8), (vec!["ls".into(), "-l".into(), "fo".into()], 2));
        assert_eq!(split("ls -l ", 6), (vec!["ls".into(), "-l".into(), "".into()], 2));
        // Just before a word is in it; further left, an empty word between.
        assert_eq!(split("ls  -l", 3), (vec!["ls".into(), "-l".into()], 1));
        assert_eq!(split("ls   -l", 3), (vec!["ls".into(), "".into(), "-l".into()], 1));
        assert_eq!(split("a --x=y", 7), (vec!["a".into(), "--x".into(), "=".into(), "y".into()], 3));
        assert_eq!(split("a 'b c' d", 9), (vec!["a".into(), "'b c'".into(), "d".into()], 2));
        assert_eq!(split("a >>b", 5), (vec!["a".into(), ">>".into(), "b".into()], 2));
        assert_eq!(split("", 0), (vec![], -1));
    }

    proptest::proptest! {
        /// Any line, any break characters, any cursor: the split and the analysis answer
        /// without panicking, and the word being completed lies within the line.
        #[test]
        fn any_line_splits_and_is_analysed(line in "[a-z \\t\\n'\"\\\\$(){}`@=:;|&<>é\r]{0,24}", breaks in "[ \\t\\n'\"@=:;|&(\r]{0,6}", at in 0usize..30) {
            let _ = split_at_delims(&line, &breaks, at);
            let mut point = at.min(line.len());
            while !line.is_char_boundary(point) {
                point -= 1;
            }
            let analysis = analyse(&line, point, &breaks);
            proptest::prop_assert!(analysis.word_start <= point);
        }
    }

    #[test]
    fn the_command_and_the_word_are_found() {
        let at = analyse("echo hi; X=1 git co", 19, WORDBREAKS);
        assert_eq!((at.name.as_str(), at.word_start, at.name_start), ("git", 17, 13));
        let at = analyse("cmd \"a b", 8, WORDBREAKS);
        assert_eq!(at.word_start, 5);
        let at = analyse("", 0, WORDBREAKS);
        assert_eq!((at.cmd_end, at.name.as_str()), (0, ""));
    }
}
