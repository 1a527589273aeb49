//! Unified diffs (`diff -u`, `git diff`) and context diffs (`diff -c`, read into the same
//! hunks) applied as GNU `patch` applies them: each hunk is
//! looked for where its header says, then further and further away (never before the previous
//! hunk), first with all its context, then with up to two lines of context ignored at each end
//! (fuzz); a hunk that finds no place is rejected, the others still apply. What is reported —
//! offsets, fuzz, failures, reversed patches — is worded as GNU patch 2.7 words it.

/// One file's part of a diff.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FilePatch {
    /// The `---` and `+++` lines as written (for a reject file).
    pub header: [String; 2],
    /// The old and new names (`/dev/null` for none), timestamps removed.
    pub old: String,
    /// See `old`.
    pub new: String,
    /// The patch line where this file's part starts (1-based).
    pub line: usize,
    /// The hunks, in order.
    pub hunks: Vec<Hunk>,
}

/// One hunk.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hunk {
    /// First old line (1-based; the line before, for an empty side) and count.
    pub old_start: usize,
    /// See `old_start`.
    pub new_start: usize,
    /// The lines: `(' ' | '-' | '+', text)`.
    pub lines: Vec<(char, String)>,
    /// The old side ends without a newline.
    pub old_no_newline: bool,
    /// The new side ends without a newline.
    pub new_no_newline: bool,
    /// The hunk as written, for a reject file.
    pub text: String,
}

impl Hunk {
    /// The hunk the other way round (`-R`).
    pub fn reversed(&self) -> Hunk {
        let flip = |c: char| match c {
            '-' => '+',
            '+' => '-',
            other => other,
        };
        Hunk {
            old_start: self.new_start,
            new_start: self.old_start,
            lines: self.lines.iter().map(|(c, t)| (flip(*c), t.clone())).collect(),
            old_no_newline: self.new_no_newline,
            new_no_newline: self.old_no_newline,
            text: self.text.clone(),
        }
    }

    fn side(&self, keep: char) -> Vec<&str> {
        self.lines.iter().filter(|(c, _)| *c == ' ' || *c == keep).map(|(_, t)| t.as_str()).collect()
    }

    /// Context lines before the first change, and after the last.
    fn context(&self) -> (usize, usize) {
        let before = self.lines.iter().take_while(|(c, _)| *c == ' ').count();
        let after = self.lines.iter().rev().take_while(|(c, _)| *c == ' ').count();
        (before, after)
    }
}

/// A diff that cannot be read: the patch line and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Malformed {
    /// The patch line (1-based).
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

/// The name in a `---`/`+++` line: up to a tab (before a timestamp), else the whole rest.
fn name_of(rest: &str) -> String {
    let name = rest.split('\t').next().unwrap_or(rest);
    // `diff -u` without tabs: a timestamp after two spaces is not part of the name.
    let name = match name.find("  ") {
        Some(at) if name[at..].trim_start().starts_with(|c: char| c.is_ascii_digit()) => &name[..at],
        _ => name,
    };
    name.trim_end().to_string()
}

/// `@@ -a[,b] +c[,d] @@` → (a, b, c, d).
fn hunk_header(line: &str) -> Option<(usize, usize, usize, usize)> {
    let rest = line.strip_prefix("@@ -")?;
    let (ranges, _) = rest.split_once(" @@")?;
    let (old, new) = ranges.split_once(" +")?;
    let range = |r: &str| -> Option<(usize, usize)> {
        match r.split_once(',') {
            Some((start, count)) => Some((start.parse().ok()?, count.parse().ok()?)),
            None => Some((r.parse().ok()?, 1)),
        }
    };
    let (a, b) = range(old)?;
    let (c, d) = range(new)?;
    Some((a, b, c, d))
}

/// Reads every file's part of a unified diff; other lines (commentary, `diff --git`, `index`)
/// are passed over, as GNU patch passes over them.
pub fn parse(text: &str) -> Result<Vec<FilePatch>, Malformed> {
    let lines: Vec<&str> = text.split_inclusive('\n').collect();
    let bare = |i: usize| lines[i].trim_end_matches('\n').trim_end_matches('\r');
    let mut files = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let context = bare(i).starts_with("*** ")
            && i + 2 < lines.len()
            && bare(i + 1).starts_with("--- ")
            && bare(i + 2).starts_with("***************");
        if context {
            let (file, next) = context_file(&lines, i)?;
            files.push(file);
            i = next;
            continue;
        }
        let starts = bare(i).starts_with("--- ") && i + 1 < lines.len() && bare(i + 1).starts_with("+++ ");
        if !starts {
            i += 1;
            continue;
        }
        let header = [bare(i).to_string(), bare(i + 1).to_string()];
        let mut file = FilePatch {
            old: name_of(&bare(i)[4..]),
            new: name_of(&bare(i + 1)[4..]),
            header,
            line: i + 1,
            hunks: Vec::new(),
        };
        i += 2;
        while i < lines.len() && bare(i).starts_with("@@ ") {
            let number = i + 1;
            let (old_start, old_count, new_start, new_count) = hunk_header(bare(i)).ok_or_else(|| Malformed {
                line: number,
                message: format!("malformed patch at line {number}: {}", bare(i)),
            })?;
            let mut hunk = Hunk {
                old_start,
                new_start,
                lines: Vec::new(),
                old_no_newline: false,
                new_no_newline: false,
                text: lines[i].to_string(),
            };
            i += 1;
            let (mut olds, mut news) = (0, 0);
            while i < lines.len() && (olds < old_count || news < new_count) {
                let line = bare(i);
                let (kind, body) = match line.chars().next() {
                    Some(c @ (' ' | '-' | '+')) => (c, &line[1..]),
                    // A context line whose blank an editor took away.
                    None => (' ', ""),
                    Some('\\') => {
                        hunk.text.push_str(lines[i]);
                        i += 1;
                        continue;
                    }
                    Some(_) => {
                        return Err(Malformed {
                            line: i + 1,
                            message: format!("malformed patch at line {}: {line}", i + 1),
                        });
                    }
                };
                match kind {
                    '-' => olds += 1,
                    '+' => news += 1,
                    _ => {
                        olds += 1;
                        news += 1;
                    }
                }
                hunk.lines.push((kind, body.to_string()));
                hunk.text.push_str(lines[i]);
                i += 1;
            }
            if olds != old_count || news != new_count {
                return Err(Malformed { line: i, message: "unexpected end of file in patch".to_string() });
            }
            // `\ No newline at end of file` after the last line of a side.
            while i < lines.len() && bare(i).starts_with('\\') {
                hunk.text.push_str(lines[i]);
                i += 1;
            }
            // A marker belongs to the side of the line before it (both, after context).
            fix_markers(&mut hunk);
            file.hunks.push(hunk);
        }
        files.push(file);
    }
    Ok(files)
}

/// `*** a,b ****` or `--- a,b ----` → (first line, how many lines), `a` alone one line; a range
/// starting at 0 holds none.
fn context_range(line: &str, lead: &str, tail: &str) -> Option<(usize, usize)> {
    let inner = line.strip_prefix(lead)?.strip_suffix(tail)?.trim();
    let (start, end) = match inner.split_once(',') {
        Some((start, end)) => (start.parse().ok()?, end.parse::<usize>().ok()?),
        None => {
            let start: usize = inner.parse().ok()?;
            (start, start)
        }
    };
    Some((start, if start == 0 { 0 } else { end + 1 - start.min(end + 1) }))
}

/// One file's part of a context diff starting at line `at` (its `***` line), and the line after
/// it. Each hunk's old and new sections are merged into the `' '`/`-`/`+` lines of a unified
/// hunk; a section left out (nothing but context there) is the other's context.
fn context_file(lines: &[&str], at: usize) -> Result<(FilePatch, usize), Malformed> {
    let bare = |i: usize| lines[i].trim_end_matches('\n').trim_end_matches('\r');
    let mut file = FilePatch {
        old: name_of(&bare(at)[4..]),
        new: name_of(&bare(at + 1)[4..]),
        header: [bare(at).to_string(), bare(at + 1).to_string()],
        line: at + 1,
        hunks: Vec::new(),
    };
    let mut i = at + 2;
    while i < lines.len() && bare(i).starts_with("***************") {
        let mut text = lines[i].to_string();
        i += 1;
        let bad = |i: usize| Malformed {
            line: i + 1,
            message: format!("malformed patch at line {}: {}", i + 1, lines.get(i).map_or("", |l| l.trim_end())),
        };
        let (old_start, old_count) =
            (i < lines.len()).then(|| context_range(bare(i), "*** ", " ****")).flatten().ok_or_else(|| bad(i))?;
        text.push_str(lines[i]);
        i += 1;
        // Old lines up to the new section's header.
        let mut old: Vec<(char, String)> = Vec::new();
        let mut old_no_newline = false;
        while i < lines.len() && !(bare(i).starts_with("--- ") && bare(i).ends_with(" ----")) {
            let line = bare(i);
            if line.starts_with('\\') {
                old_no_newline = true;
            } else {
                old.push(marked(line).ok_or_else(|| bad(i))?);
            }
            text.push_str(lines[i]);
            i += 1;
        }
        let (new_start, new_count) =
            (i < lines.len()).then(|| context_range(bare(i), "--- ", " ----")).flatten().ok_or_else(|| bad(i))?;
        text.push_str(lines[i]);
        i += 1;
        let mut new: Vec<(char, String)> = Vec::new();
        let mut new_no_newline = false;
        while i < lines.len() && new.len() < new_count {
            let line = bare(i);
            if line.starts_with("***************") || (line.starts_with("*** ") && !line.ends_with(" ****")) {
                break;
            }
            if line.starts_with('\\') {
                new_no_newline = true;
            } else {
                new.push(marked(line).ok_or_else(|| bad(i))?);
            }
            text.push_str(lines[i]);
            i += 1;
        }
        while i < lines.len() && bare(i).starts_with('\\') {
            new_no_newline = true;
            text.push_str(lines[i]);
            i += 1;
        }
        // A section left out holds only context: the other side's, without its changes.
        if old.is_empty() && old_count > 0 {
            old = new.iter().filter(|(c, _)| *c == ' ').cloned().collect();
        }
        if new.is_empty() && new_count > 0 {
            new = old.iter().filter(|(c, _)| *c == ' ').cloned().collect();
        }
        if old.len() != old_count || new.len() != new_count {
            return Err(Malformed { line: i, message: "unexpected end of file in patch".to_string() });
        }
        file.hunks.push(Hunk { old_start, new_start, lines: merged(&old, &new), old_no_newline, new_no_newline, text });
    }
    Ok((file, i))
}

/// A context diff line: `  x` context, `- x` removed, `+ x` added, `! x` changed.
fn marked(line: &str) -> Option<(char, String)> {
    let mut chars = line.chars();
    let mark = chars.next()?;
    if !matches!(mark, ' ' | '-' | '+' | '!') {
        return None;
    }
    let rest = chars.as_str();
    Some((mark, rest.strip_prefix(' ').unwrap_or(rest).to_string()))
}

/// The old and new sections of a context hunk as one run of unified lines: context in both,
/// `-` only in the old, `+` only in the new, and a `!` block as its old lines then its new.
fn merged(old: &[(char, String)], new: &[(char, String)]) -> Vec<(char, String)> {
    let mut out = Vec::new();
    let (mut i, mut j) = (0, 0);
    while i < old.len() || j < new.len() {
        match (old.get(i).map(|(c, _)| *c), new.get(j).map(|(c, _)| *c)) {
            (Some('-'), _) => {
                out.push(('-', old[i].1.clone()));
                i += 1;
            }
            (_, Some('+')) => {
                out.push(('+', new[j].1.clone()));
                j += 1;
            }
            (Some('!'), _) | (_, Some('!')) => {
                while old.get(i).is_some_and(|(c, _)| *c == '!') {
                    out.push(('-', old[i].1.clone()));
                    i += 1;
                }
                while new.get(j).is_some_and(|(c, _)| *c == '!') {
                    out.push(('+', new[j].1.clone()));
                    j += 1;
                }
            }
            (Some(_), Some(_)) => {
                out.push((' ', old[i].1.clone()));
                i += 1;
                j += 1;
            }
            (Some(_), None) => {
                out.push(('-', old[i].1.clone()));
                i += 1;
            }
            (None, Some(_)) => {
                out.push(('+', new[j].1.clone()));
                j += 1;
            }
            (None, None) => break,
        }
    }
    out
}

/// Sets the no-newline flags from where the `\` lines stand in the hunk's text.
fn fix_markers(hunk: &mut Hunk) {
    let mut previous = ' ';
    for line in hunk.text.lines().skip(1) {
        match line.chars().next() {
            Some('\\') => match previous {
                '-' => hunk.old_no_newline = true,
                '+' => hunk.new_no_newline = true,
                _ => {
                    hunk.old_no_newline = true;
                    hunk.new_no_newline = true;
                }
            },
            Some(c) => previous = c,
            None => previous = ' ',
        }
    }
}

/// A file's lines, and whether its last line ends with a newline.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Text {
    /// The lines, without their newlines.
    pub lines: Vec<String>,
    /// The last line has no newline.
    pub no_newline: bool,
}

impl Text {
    /// The lines of `bytes`.
    pub fn of(bytes: &[u8]) -> Text {
        let text = toolsh_bytes::decode(bytes);
        Text {
            lines: text.lines().map(str::to_string).collect(),
            no_newline: !text.is_empty() && !text.ends_with('\n'),
        }
    }

    /// The bytes again.
    pub fn bytes(&self) -> Vec<u8> {
        let mut out = self.lines.join("\n");
        if !self.lines.is_empty() && !self.no_newline {
            out.push('\n');
        }
        out.into_bytes()
    }
}

/// How one hunk went.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// Applied where it said.
    Exact,
    /// Applied elsewhere or with context ignored: the new line it landed at, its offset and
    /// fuzz.
    #[allow(missing_docs)]
    Moved { at: usize, offset: isize, fuzz: usize },
    /// Found no place: the old line it was looked for at.
    #[allow(missing_docs)]
    Failed { at: usize },
}

/// The most context ignored at each end of a hunk.
const MAX_FUZZ: usize = 2;

/// `text` with `hunks` applied as GNU patch applies them, and how each went.
pub fn apply(text: &Text, hunks: &[Hunk]) -> (Text, Vec<Outcome>) {
    let lines = &text.lines;
    let mut outcomes = Vec::new();
    let mut replacements: Vec<(usize, usize, Vec<String>)> = Vec::new();
    let mut last_offset: isize = 0;
    let mut frozen = 0; // no hunk is looked for before the end of the previous one
    let mut no_newline = text.no_newline;
    for hunk in hunks {
        let old = hunk.side('-');
        let new = hunk.side('+');
        // Where the header says, in this file's lines (an empty old side inserts after its line).
        let said = if old.is_empty() { hunk.old_start } else { hunk.old_start.saturating_sub(1) };
        let guess = (said as isize + last_offset).max(0) as usize;
        let (before, after) = hunk.context();
        let found = (0..=MAX_FUZZ).find_map(|fuzz| {
            let (drop_front, drop_back) = (fuzz.min(before), fuzz.min(after));
            if fuzz > 0 && drop_front == 0 && drop_back == 0 {
                return None;
            }
            let pattern = &old[drop_front..old.len() - drop_back];
            locate(lines, pattern, guess + drop_front, frozen)
                .map(|at| (at - drop_front, fuzz.max(drop_front.max(drop_back)), drop_front, drop_back))
        });
        match found {
            Some((at, fuzz, drop_front, drop_back)) => {
                let offset = at as isize - said as isize;
                last_offset = offset;
                let length = old.len() - drop_front - drop_back;
                let replacement: Vec<String> =
                    new[drop_front..new.len() - drop_back].iter().map(|s| s.to_string()).collect();
                let reaches_end = at + drop_front + length == lines.len();
                replacements.push((at + drop_front, length, replacement));
                frozen = at + drop_front + length;
                if reaches_end && drop_back == 0 {
                    no_newline = hunk.new_no_newline || (no_newline && hunk.lines.iter().all(|(c, _)| *c != '+'));
                }
                let at_new = (hunk.new_start as isize + offset).max(0) as usize;
                outcomes.push(if offset == 0 && fuzz == 0 {
                    Outcome::Exact
                } else {
                    Outcome::Moved { at: at_new, offset, fuzz }
                });
            }
            None => outcomes.push(Outcome::Failed { at: (hunk.old_start as isize + last_offset).max(0) as usize }),
        }
    }
    let mut out = lines.clone();
    for (at, length, new) in replacements.into_iter().rev() {
        out.splice(at..at + length, new);
    }
    (Text { no_newline: no_newline && !out.is_empty(), lines: out }, outcomes)
}

/// Where `pattern` is found in `lines`, looking at `guess`, then `guess+1`, `guess-1`, … never
/// before `floor`.
fn locate(lines: &[String], pattern: &[&str], guess: usize, floor: usize) -> Option<usize> {
    if pattern.len() > lines.len() {
        return None;
    }
    let last = lines.len() - pattern.len();
    let fits = |at: usize| at >= floor && at <= last && pattern.iter().enumerate().all(|(k, p)| lines[at + k] == *p);
    let reach = lines.len().max(guess) + 1;
    (0..=reach).find_map(|distance| {
        let up = guess.checked_add(distance).filter(|at| fits(*at));
        let down = if distance > 0 { guess.checked_sub(distance).filter(|at| fits(*at)) } else { None };
        up.or(down)
    })
}

/// Whether every hunk would apply to `text` the other way round, exactly (what GNU patch calls
/// a reversed, or previously applied, patch).
pub fn applies_reversed(text: &Text, hunks: &[Hunk]) -> bool {
    let Some(first) = hunks.first() else { return false };
    let reversed = first.reversed();
    let (_, outcomes) = apply(text, std::slice::from_ref(&reversed));
    matches!(outcomes.first(), Some(Outcome::Exact | Outcome::Moved { fuzz: 0, .. }))
}

/// GNU patch's line for a hunk that did not apply exactly (`Hunk #2 succeeded at 14 with
/// fuzz 1 (offset 3 lines).`), or none.
pub fn said(number: usize, outcome: &Outcome) -> Option<String> {
    match outcome {
        Outcome::Exact => None,
        Outcome::Failed { at } => Some(format!("Hunk #{number} FAILED at {at}.")),
        Outcome::Moved { at, offset, fuzz } => {
            let fuzzed = if *fuzz > 0 { format!(" with fuzz {fuzz}") } else { String::new() };
            let moved = match offset {
                0 => String::new(),
                1 | -1 => format!(" (offset {offset} line)"),
                _ => format!(" (offset {offset} lines)"),
            };
            Some(format!("Hunk #{number} succeeded at {at}{fuzzed}{moved}."))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const DIFF: &str = "--- f\t2026-01-01\n+++ g\t2026-01-01\n@@ -2,3 +2,3 @@\n b\n-c\n+C\n d\n";

    #[test]
    fn a_hunk_applies_where_it_says_or_further_off() {
        let files = parse(DIFF).expect("parses");
        assert_eq!((files[0].old.as_str(), files[0].new.as_str()), ("f", "g"));
        let exact = apply(&Text::of(b"a\nb\nc\nd\ne\n"), &files[0].hunks);
        assert_eq!((exact.0.bytes(), exact.1), (b"a\nb\nC\nd\ne\n".to_vec(), vec![Outcome::Exact]));
        let moved = apply(&Text::of(b"x\ny\na\nb\nc\nd\n"), &files[0].hunks);
        assert_eq!(moved.1, vec![Outcome::Moved { at: 4, offset: 2, fuzz: 0 }]);
        assert_eq!(said(1, &moved.1[0]).as_deref(), Some("Hunk #1 succeeded at 4 (offset 2 lines)."));
        let fuzzed = apply(&Text::of(b"a\nB\nc\nd\n"), &files[0].hunks);
        assert_eq!(fuzzed.1, vec![Outcome::Moved { at: 2, offset: 0, fuzz: 1 }]);
        assert_eq!(fuzzed.0.bytes(), b"a\nB\nC\nd\n".to_vec());
        let failed = apply(&Text::of(b"q\n"), &files[0].hunks);
        assert_eq!(failed.1, vec![Outcome::Failed { at: 2 }]);
        assert!(applies_reversed(&Text::of(b"a\nb\nC\nd\n"), &files[0].hunks));
    }

    #[test]
    fn newlines_at_the_end_follow_the_markers() {
        let diff = "--- a\n+++ b\n@@ -1 +1 @@\n-x\n\\ No newline at end of file\n+y\n";
        let files = parse(diff).expect("parses");
        let (text, _) = apply(&Text::of(b"x"), &files[0].hunks);
        assert_eq!(text.bytes(), b"y\n".to_vec());
        let back = files[0].hunks[0].reversed();
        let (text, _) = apply(&Text::of(b"y\n"), &[back]);
        assert_eq!(text.bytes(), b"x".to_vec());
    }

    #[test]
    fn a_context_diff_reads_as_the_same_hunks() {
        let context = "*** f\t2026\n--- f\t2026\n***************\n*** 1,4 ****\n  a\n! b\n  c\n- d\n--- 1,4 ----\n+ z\n  a\n! B\n  c\n";
        let unified = "--- f\n+++ f\n@@ -1,4 +1,4 @@\n+z\n a\n-b\n+B\n c\n-d\n";
        let (a, b) = (parse(context).expect("context"), parse(unified).expect("unified"));
        assert_eq!(a[0].hunks[0].lines, b[0].hunks[0].lines);
        // A section of context only is left out: the other side's context stands for it.
        let added = "*** f\n--- f\n***************\n*** 1,2 ****\n--- 1,3 ----\n  a\n  b\n+ c\n";
        let lines = &parse(added).expect("parses")[0].hunks[0].lines;
        assert_eq!(lines.iter().map(|(c, _)| *c).collect::<String>(), "  +");
    }

    #[test]
    fn a_short_hunk_is_malformed() {
        let err = parse("--- a\n+++ b\n@@ -1,3 +1,3 @@\n a\n").err();
        assert_eq!(err.map(|e| e.message), Some("unexpected end of file in patch".to_string()));
    }
}
