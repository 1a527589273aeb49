//! The shell's history list, as bash keeps it: numbered entries (the first is `base`, which
//! grows as `HISTSIZE` drops the oldest), each with the time it was added; the filters that
//! decide whether a line is added (`HISTCONTROL`, `HISTIGNORE`); and the history file's text
//! (`HISTFILE`, with `#SECONDS` time lines). The list belongs to the session's `State`; the
//! interpreter adds what it reads, the `history` and `fc` builtins read and change it, and
//! [`crate::histexpand`] expands `!` events from it. It does no I/O: the file's text is read
//! and written by the interpreter through the gated workspace.

/// One line of the list.
#[derive(Clone, Debug, PartialEq)]
pub struct Entry {
    /// The command text (several lines joined as `cmdhist`/`lithist` say).
    pub line: String,
    /// Seconds since the epoch when it was added (none: read from a file without a time).
    pub time: Option<i64>,
}

/// The history list.
#[derive(Clone, Debug)]
pub struct History {
    entries: Vec<Entry>,
    /// The number of `entries[0]` (bash's `history_base`).
    base: usize,
    /// Entries added since the list was last written or appended (`history -a` writes these).
    pub unwritten: usize,
    /// Lines of the history file read so far (`history -n` reads past them).
    pub file_lines_read: usize,
    /// Lines added this session (`set -o history` reads the file only while none were).
    pub this_session: usize,
    /// Whether the line last read was added (`history -s` replaces it only then).
    pub last_added: bool,
}

impl Default for History {
    fn default() -> Self {
        History { entries: Vec::new(), base: 1, unwritten: 0, file_lines_read: 0, this_session: 0, last_added: false }
    }
}

impl History {
    /// The entries, oldest first.
    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    /// The number of the first entry.
    pub fn base(&self) -> usize {
        self.base
    }

    /// How many entries there are.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether the list is empty.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The number the last entry has (`base - 1` when the list is empty): `$HISTCMD` while a
    /// command that was added runs.
    pub fn last_number(&self) -> usize {
        self.base + self.entries.len() - 1
    }

    /// The entry numbered `number`.
    pub fn get(&self, number: usize) -> Option<&Entry> {
        number.checked_sub(self.base).and_then(|i| self.entries.get(i))
    }

    /// Adds `line`, keeping at most `max` entries as readline's stifled list does: a list
    /// longer than `max` (`HISTSIZE` lowered) is first cut to it, its base becoming the number
    /// of entries cut (readline's `stifle_history`), then a full list drops its oldest entry
    /// and its base moves on by one.
    pub fn push(&mut self, line: String, time: Option<i64>, max: Option<usize>) {
        if let Some(max) = max {
            if self.entries.len() > max {
                let drop = self.entries.len() - max;
                self.entries.drain(..drop);
                self.base = drop;
            }
            if max == 0 {
                return;
            }
            if self.entries.len() == max {
                self.entries.remove(0);
                self.base += 1;
            }
        }
        self.entries.push(Entry { line, time });
        self.unwritten = (self.unwritten + 1).min(self.entries.len());
        self.this_session += 1;
    }

    /// Puts an earlier run's `lines` into the list, as read from a history file (not lines of
    /// this session, nor ones to write again).
    pub fn load(&mut self, lines: impl IntoIterator<Item = String>) {
        self.entries.extend(lines.into_iter().map(|line| Entry { line, time: None }));
    }

    /// Appends `extra` to the last entry (a command's next line under `cmdhist`).
    pub fn extend_last(&mut self, extra: &str) {
        if let Some(last) = self.entries.last_mut() {
            last.line.push_str(extra);
        }
    }

    /// Keeps the newest `max` entries.
    pub fn stifle(&mut self, max: usize) {
        if self.entries.len() > max {
            let drop = self.entries.len() - max;
            self.entries.drain(..drop);
            self.base += drop;
            self.unwritten = self.unwritten.min(self.entries.len());
        }
    }

    /// Empties the list (`history -c`): numbering starts again at 1.
    pub fn clear(&mut self) {
        self.entries.clear();
        self.base = 1;
        self.unwritten = 0;
    }

    /// Removes the entries numbered `first..=last` (later ones are renumbered).
    pub fn delete(&mut self, first: usize, last: usize) {
        let (Some(a), Some(b)) = (first.checked_sub(self.base), last.checked_sub(self.base)) else { return };
        if a <= b && b < self.entries.len() {
            self.entries.drain(a..=b);
            self.unwritten = self.unwritten.min(self.entries.len());
        }
    }

    /// Removes the last entry (`history -s` takes the place of its own line).
    pub fn remove_last(&mut self) {
        if self.entries.pop().is_some() {
            self.unwritten = self.unwritten.saturating_sub(1);
        }
    }

    /// Removes every earlier entry equal to `line` (`HISTCONTROL=erasedups`).
    pub fn erase_dups(&mut self, line: &str) {
        self.entries.retain(|entry| entry.line != line);
        self.unwritten = self.unwritten.min(self.entries.len());
    }

    /// Adds the lines of a history file's `text` (`#SECONDS` lines give the time of the line
    /// after them), keeping at most `max`.
    pub fn read_file(&mut self, text: &str, max: Option<usize>) {
        let mut time = None;
        for line in text.lines() {
            if let Some(seconds) =
                line.strip_prefix('#').filter(|s| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()))
            {
                time = seconds.parse().ok();
                continue;
            }
            self.entries.push(Entry { line: line.to_string(), time: time.take() });
        }
        if let Some(max) = max {
            self.stifle(max);
        }
    }

    /// The history file's text for `entries` (`#SECONDS` before each line that has a time
    /// when `times`, as bash writes it while `HISTTIMEFORMAT` is set).
    pub fn file_text(entries: &[Entry], times: bool) -> String {
        let mut text = String::new();
        for entry in entries {
            if let (true, Some(time)) = (times, entry.time) {
                text.push_str(&format!("#{time}\n"));
            }
            text.push_str(&entry.line);
            text.push('\n');
        }
        text
    }
}

/// Whether `line` is added under `HISTCONTROL` (`control`) and `HISTIGNORE` (`ignore`, with
/// `&` the previous entry), given the previous entry `previous`.
pub fn wanted(line: &str, control: &str, ignore: &str, previous: Option<&str>) -> bool {
    for word in control.split(':') {
        let space = matches!(word, "ignorespace" | "ignoreboth") && line.starts_with([' ', '\t']);
        let dup = matches!(word, "ignoredups" | "ignoreboth") && previous == Some(line);
        if space || dup {
            return false;
        }
    }
    if ignore.is_empty() {
        return true;
    }
    !crate::pattern::split_patterns(ignore, ':').iter().any(|pattern| {
        // `&` is the previous line, taken literally; `\&` a plain `&`.
        let mut text = String::new();
        let mut chars = pattern.chars();
        while let Some(c) = chars.next() {
            match c {
                '\\' => {
                    text.push('\\');
                    text.extend(chars.next());
                }
                '&' => text.push_str(&crate::pattern::escape(previous.unwrap_or(""))),
                c => text.push(c),
            }
        }
        crate::pattern::Pattern::new(&text).matches(line)
    })
}

/// What joins a command's next line to its entry under `cmdhist` (bash's
/// `history_delimiting_chars`): a newline inside quotes or a here-document, nothing after a
/// line that ends where a command may not be followed by `;` (`do`, `then`, `|`, `{`, …), a
/// space before a line that continues a word list, else `; `.
pub fn joiner(previous: &str, in_quotes: bool) -> &'static str {
    if in_quotes {
        return "\n";
    }
    let trimmed = previous.trim_end();
    let last_word = trimmed.rsplit([' ', '\t']).next().unwrap_or("");
    const NO_SEMI_WORDS: &[&str] =
        &["case", "do", "else", "if", "then", "until", "while", "in", "elif", "{", "(", ";;", ";&", ";;&", "&&", "||"];
    if trimmed.is_empty() || NO_SEMI_WORDS.contains(&last_word) || trimmed.ends_with(['(', ';', '&', '|', '{', '\n']) {
        return " ";
    }
    if trimmed.ends_with(')') && trimmed.trim_end_matches(')').ends_with('(') {
        // `f ()`: a function's body follows.
        return " ";
    }
    "; "
}

/// Whether `text` ends inside a quote (a multi-line string, so its lines join with newlines).
pub fn ends_in_quotes(text: &str) -> bool {
    let mut quote: Option<char> = None;
    let mut chars = text.chars().peekable();
    let mut at_word_start = true;
    while let Some(c) = chars.next() {
        match (quote, c) {
            (Some('\''), '\'') => quote = None,
            (Some('\''), _) => {}
            (_, '\\') => {
                chars.next();
            }
            (Some('"'), '"') => quote = None,
            (Some(_), _) => {}
            (None, '\'' | '"') => quote = Some(c),
            (None, '#') if at_word_start => {
                // A comment runs to the end of its line.
                for c in chars.by_ref() {
                    if c == '\n' {
                        break;
                    }
                }
            }
            _ => {}
        }
        at_word_start = quote.is_none() && (c.is_whitespace() || matches!(c, ';' | '&' | '|' | '(' | ')'));
    }
    quote.is_some()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_follow_the_base_as_old_entries_go() {
        let mut history = History::default();
        for n in 0..5 {
            history.push(format!("echo {n}"), None, Some(3));
        }
        // Full at 3: each new entry drops the oldest and the base moves on.
        assert_eq!((history.base(), history.len()), (3, 3));
        assert_eq!(history.get(3).map(|e| e.line.as_str()), Some("echo 2"));
        history.delete(4, 4);
        assert_eq!(history.get(4).map(|e| e.line.as_str()), Some("echo 4"));
        // A lower maximum cuts the list first; the base is the number cut (readline).
        history.push("echo 5".to_string(), None, Some(1));
        assert_eq!((history.base(), history.len()), (2, 1));
        history.clear();
        assert_eq!(history.last_number(), 0);
    }

    #[test]
    fn filters_follow_histcontrol_and_histignore() {
        assert!(!wanted(" ls", "ignoreboth", "", None));
        assert!(!wanted("ls", "ignoredups", "", Some("ls")));
        assert!(!wanted("history 3", "", "&:history*", Some("x")));
        assert!(!wanted("x", "", "&:history*", Some("x")));
        assert!(wanted("ls", "", "&:history*", Some("x")));
    }

    #[test]
    fn lines_join_as_bash_joins_them() {
        assert_eq!(joiner("for x in a b", false), "; ");
        assert_eq!(joiner("do", false), " ");
        assert_eq!(joiner("echo \"a", true), "\n");
        assert!(ends_in_quotes("echo \"(left"));
        assert!(!ends_in_quotes("echo 'a' # it's"));
    }
}
