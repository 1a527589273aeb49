//! Patches: [`unified`] diffs as GNU `patch` applies them, and (here) the format Codex's
//! models write (`*** Begin Patch` … `*** End Patch`): files added whole, deleted, or updated
//! by hunks of context, removed and added lines, optionally moved.
//! [`parse`] reads a patch; [`plan`] works out every file's new content from the files as
//! they are, so that nothing is written unless every hunk of every file found its place — the
//! caller applies the [`Change`]s as one operation (`Fs::apply`).
//!
//! Finding a hunk's place is as forgiving as Codex's own: its `@@ context` line, then its old
//! lines, are looked for from where the previous hunk ended, first exactly, then ignoring
//! trailing blanks, then ignoring surrounding blanks; a hunk that ends with `*** End of File`
//! must match at the end. An update leaves the file ending with a newline.

pub mod unified;

use crate::workspace::Change;

/// A parsed patch: its file operations, in order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Patch {
    /// The operations.
    pub files: Vec<FileOp>,
}

/// One file's part of a patch.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FileOp {
    /// A new file with these contents.
    Add {
        /// The path, as written.
        path: String,
        /// The whole content.
        content: String,
    },
    /// A file removed.
    Delete {
        /// The path, as written.
        path: String,
    },
    /// A file changed by hunks, and perhaps moved.
    Update {
        /// The path, as written.
        path: String,
        /// Where it moves, if it does.
        to: Option<String>,
        /// The hunks, in order.
        hunks: Vec<Hunk>,
    },
}

/// One hunk of an update.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Hunk {
    /// The text after `@@`: a line to find before the old lines.
    pub context: Option<String>,
    /// Context and removed lines, as the file has them.
    pub old: Vec<String>,
    /// Context and added lines, as the file will have them.
    pub new: Vec<String>,
    /// The hunk must match at the end of the file.
    pub at_end: bool,
}

/// What went wrong, with the patch line (1-based) where it did, when it is a line's fault.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PatchError {
    /// The patch line, if one is to blame.
    pub line: Option<usize>,
    /// What is wrong.
    pub message: String,
}

impl std::fmt::Display for PatchError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.line {
            Some(line) => write!(f, "invalid patch: line {line}: {}", self.message),
            None => f.write_str(&self.message),
        }
    }
}

fn at(line: usize, message: impl Into<String>) -> PatchError {
    PatchError { line: Some(line), message: message.into() }
}

/// Reads a patch. A heredoc's wrapping (`<<'EOF'` … `EOF`) around it is tolerated.
pub fn parse(text: &str) -> Result<Patch, PatchError> {
    let lines: Vec<&str> = text.lines().collect();
    let begin = lines.iter().position(|l| l.trim() == "*** Begin Patch").ok_or_else(|| PatchError {
        line: None,
        message: "invalid patch: the first line must be '*** Begin Patch'".to_string(),
    })?;
    let end = lines.iter().rposition(|l| l.trim() == "*** End Patch").filter(|end| *end > begin).ok_or_else(|| {
        PatchError { line: None, message: "invalid patch: the last line must be '*** End Patch'".to_string() }
    })?;
    let mut files = Vec::new();
    let mut i = begin + 1;
    while i < end {
        let number = i + 1;
        let line = lines[i].trim_end();
        if let Some(path) = line.strip_prefix("*** Add File: ") {
            let mut content = String::new();
            i += 1;
            while i < end && !lines[i].starts_with("*** ") {
                let body = lines[i]
                    .strip_prefix('+')
                    .ok_or_else(|| at(i + 1, format!("a line of an added file must start with '+': '{}'", lines[i])))?;
                content.push_str(body);
                content.push('\n');
                i += 1;
            }
            files.push(FileOp::Add { path: path.trim().to_string(), content });
        } else if let Some(path) = line.strip_prefix("*** Delete File: ") {
            files.push(FileOp::Delete { path: path.trim().to_string() });
            i += 1;
        } else if let Some(path) = line.strip_prefix("*** Update File: ") {
            i += 1;
            let mut to = None;
            if let Some(dest) =
                lines.get(i).filter(|_| i < end).and_then(|l| l.trim_end().strip_prefix("*** Move to: "))
            {
                to = Some(dest.trim().to_string());
                i += 1;
            }
            let mut hunks: Vec<Hunk> = Vec::new();
            while i < end && (!lines[i].starts_with("*** ") || lines[i].trim_end() == "*** End of File") {
                let text = lines[i];
                if text.trim_end() == "*** End of File" {
                    match hunks.last_mut() {
                        Some(hunk) => hunk.at_end = true,
                        None => return Err(at(i + 1, "'*** End of File' before any hunk")),
                    }
                    i += 1;
                    continue;
                }
                if let Some(context) = text.strip_prefix("@@") {
                    let context = context.trim();
                    hunks.push(Hunk { context: (!context.is_empty()).then(|| context.to_string()), ..Hunk::default() });
                    i += 1;
                    continue;
                }
                // The first hunk may begin without its `@@`.
                if hunks.is_empty() || hunks.last().is_some_and(|h| h.at_end) {
                    hunks.push(Hunk::default());
                }
                let hunk = hunks.last_mut().ok_or_else(|| at(i + 1, "a hunk line outside any hunk"))?;
                match text.chars().next() {
                    Some('+') => hunk.new.push(text[1..].to_string()),
                    Some('-') => hunk.old.push(text[1..].to_string()),
                    Some(' ') => {
                        hunk.old.push(text[1..].to_string());
                        hunk.new.push(text[1..].to_string());
                    }
                    // An empty line in a hunk is an empty context line (editors strip the blank).
                    None => {
                        hunk.old.push(String::new());
                        hunk.new.push(String::new());
                    }
                    Some(_) => {
                        return Err(at(
                            i + 1,
                            format!("a hunk line must start with ' ', '+' or '-' (or be '@@'): '{text}'"),
                        ));
                    }
                }
                i += 1;
            }
            hunks.retain(|h| !(h.old.is_empty() && h.new.is_empty() && h.context.is_none()));
            if hunks.is_empty() && to.is_none() {
                return Err(at(number, format!("the update of '{}' has no hunks", path.trim())));
            }
            files.push(FileOp::Update { path: path.trim().to_string(), to, hunks });
        } else if line.trim().is_empty() {
            i += 1;
        } else {
            return Err(at(
                number,
                format!("expected '*** Add File: ', '*** Delete File: ' or '*** Update File: ', found '{}'", lines[i]),
            ));
        }
    }
    if files.is_empty() {
        return Err(PatchError { line: None, message: "invalid patch: it changes no file".to_string() });
    }
    Ok(Patch { files })
}

/// What a patch did to one file, for the summary (`A`, `M`, `D`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Done {
    /// `A` added, `M` modified (or moved), `D` deleted.
    pub mark: char,
    /// The path as the patch names it (for a move, where it went).
    pub path: String,
}

/// The changes `patch` makes, with `abs` making its paths absolute and `read` reading the files
/// as they are; nothing is changed here. Fails, naming the file, when a hunk finds no place or a
/// file to update or delete is not there.
pub fn plan(
    patch: &Patch,
    abs: impl Fn(&str) -> String,
    read: impl Fn(&str) -> std::io::Result<Vec<u8>>,
) -> Result<(Vec<Change>, Vec<Done>), PatchError> {
    let mut changes = Vec::new();
    let mut done = Vec::new();
    let failed = |message: String| PatchError { line: None, message };
    for file in &patch.files {
        match file {
            FileOp::Add { path, content } => {
                changes.push(Change::Write { path: abs(path), data: content.clone().into_bytes() });
                done.push(Done { mark: 'A', path: path.clone() });
            }
            FileOp::Delete { path } => {
                read(&abs(path))
                    .map_err(|err| failed(format!("cannot delete {path}: {}", crate::vfs::describe(&err))))?;
                changes.push(Change::Delete { path: abs(path) });
                done.push(Done { mark: 'D', path: path.clone() });
            }
            FileOp::Update { path, to, hunks } => {
                let bytes = read(&abs(path))
                    .map_err(|err| failed(format!("cannot update {path}: {}", crate::vfs::describe(&err))))?;
                let text = String::from_utf8(bytes).map_err(|_| failed(format!("cannot update {path}: not text")))?;
                let updated = apply_hunks(&text, hunks).map_err(|why| failed(format!("{path}: {why}")))?;
                match to {
                    Some(dest) if abs(dest) != abs(path) => {
                        changes.push(Change::Write { path: abs(dest), data: updated.into_bytes() });
                        changes.push(Change::Delete { path: abs(path) });
                        done.push(Done { mark: 'M', path: dest.clone() });
                    }
                    _ => {
                        changes.push(Change::Write { path: abs(path), data: updated.into_bytes() });
                        done.push(Done { mark: 'M', path: path.clone() });
                    }
                }
            }
        }
    }
    Ok((changes, done))
}

/// Codex's summary of an applied patch: `Success. Updated the following files:` and a line
/// per file (`A new.txt`, `M changed.txt`, `D gone.txt`).
pub fn summary(done: &[Done]) -> String {
    let mut out = String::from("Success. Updated the following files:\n");
    for file in done {
        out.push_str(&format!("{} {}\n", file.mark, file.path));
    }
    out
}

/// `text` with `hunks` applied in order, or why one found no place.
pub fn apply_hunks(text: &str, hunks: &[Hunk]) -> Result<String, String> {
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    let mut replacements: Vec<(usize, usize, Vec<String>)> = Vec::new();
    let mut cursor = 0;
    for hunk in hunks {
        if let Some(context) = &hunk.context {
            let found = seek(&lines, std::slice::from_ref(context), cursor, false)
                .ok_or_else(|| format!("cannot find the context line '{context}'"))?;
            cursor = found + 1;
        }
        if hunk.old.is_empty() {
            // Only additions: at the end of the file (after the context line, when there is one).
            let place = if hunk.context.is_some() { cursor } else { lines.len() };
            replacements.push((place, 0, hunk.new.clone()));
            continue;
        }
        let (old, new) = match seek(&lines, &hunk.old, cursor, hunk.at_end) {
            Some(found) => {
                replacements.push((found, hunk.old.len(), hunk.new.clone()));
                cursor = found + hunk.old.len();
                continue;
            }
            // A trailing empty line the file does not have (the patch's last blank) is not asked.
            None if hunk.old.last().is_some_and(String::is_empty) => {
                let old = &hunk.old[..hunk.old.len() - 1];
                let new = match hunk.new.last() {
                    Some(last) if last.is_empty() => &hunk.new[..hunk.new.len() - 1],
                    _ => &hunk.new[..],
                };
                (old, new)
            }
            None => return Err(not_found(&hunk.old)),
        };
        let found = seek(&lines, old, cursor, hunk.at_end).ok_or_else(|| not_found(&hunk.old))?;
        replacements.push((found, old.len(), new.to_vec()));
        cursor = found + old.len();
    }
    replacements.sort_by_key(|(place, _, _)| *place);
    for (place, length, new) in replacements.into_iter().rev() {
        lines.splice(place..place + length, new);
    }
    let mut out = lines.join("\n");
    out.push('\n');
    Ok(out)
}

fn not_found(old: &[String]) -> String {
    format!("cannot find the lines the hunk expects:\n{}", old.join("\n"))
}

/// Where `pattern` starts in `lines` at or after `from` (at the end only, with `at_end`):
/// exactly, else ignoring trailing blanks, else ignoring blanks on both sides.
fn seek(lines: &[String], pattern: &[String], from: usize, at_end: bool) -> Option<usize> {
    if pattern.len() > lines.len() {
        return None;
    }
    let last = lines.len() - pattern.len();
    let starts: Vec<usize> = if at_end { vec![last] } else { (from.min(last + 1)..=last).collect() };
    let compare: [fn(&str, &str) -> bool; 3] =
        [|a, b| a == b, |a, b| a.trim_end() == b.trim_end(), |a, b| a.trim() == b.trim()];
    compare.iter().find_map(|same| {
        starts.iter().copied().find(|&start| pattern.iter().enumerate().all(|(k, p)| same(&lines[start + k], p)))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn updated(text: &str, patch: &str) -> Result<String, String> {
        let parsed = parse(patch).map_err(|e| e.to_string())?;
        match &parsed.files[0] {
            FileOp::Update { hunks, .. } => apply_hunks(text, hunks),
            other => Err(format!("{other:?}")),
        }
    }

    #[test]
    fn hunks_find_their_place_by_context_and_old_lines() {
        let text = "fn a() {\n    1\n}\n\nfn b() {\n    1\n}\n";
        let patch = "*** Begin Patch\n*** Update File: x.rs\n@@ fn b() {\n-    1\n+    2\n*** End Patch\n";
        assert_eq!(updated(text, patch), Ok("fn a() {\n    1\n}\n\nfn b() {\n    2\n}\n".to_string()));
        // Without `@@`, trailing blanks forgiven, two hunks in order.
        let patch = "*** Begin Patch\n*** Update File: x.rs\n fn a() {\n-    1   \n+    one\n@@\n-    1\n+    two\n*** End Patch";
        assert_eq!(updated(text, patch), Ok("fn a() {\n    one\n}\n\nfn b() {\n    two\n}\n".to_string()));
        // Only additions go at the end; `*** End of File` anchors there.
        let patch = "*** Begin Patch\n*** Update File: x\n+tail\n*** End Patch";
        assert_eq!(updated("a\n", patch), Ok("a\ntail\n".to_string()));
        let patch = "*** Begin Patch\n*** Update File: x\n-a\n+z\n*** End of File\n*** End Patch";
        assert_eq!(updated("a\nb\na\n", patch), Ok("a\nb\nz\n".to_string()));
    }

    #[test]
    fn mistakes_say_where() {
        let err = |patch: &str| parse(patch).err().map(|e| e.to_string()).unwrap_or_default();
        assert!(err("*** Update File: x\n-a\n").contains("'*** Begin Patch'"));
        assert!(err("*** Begin Patch\n*** Update File: x\n-a\n").contains("'*** End Patch'"));
        assert_eq!(
            err("*** Begin Patch\n*** Frob File: x\n*** End Patch"),
            "invalid patch: line 2: expected '*** Add File: ', '*** Delete File: ' or '*** Update File: ', found '*** Frob File: x'"
        );
        assert!(err("*** Begin Patch\n*** Add File: x\nno plus\n*** End Patch").starts_with("invalid patch: line 3: "));
        assert!(
            updated("a\n", "*** Begin Patch\n*** Update File: x\n-b\n+c\n*** End Patch")
                .is_err_and(|e| e.contains("cannot find"))
        );
    }

    #[test]
    fn a_plan_reads_every_file_first_and_changes_nothing_itself() {
        let patch = parse(
            "*** Begin Patch\n*** Add File: new.txt\n+hi\n*** Update File: a.txt\n*** Move to: b.txt\n-x\n+y\n*** Delete File: gone.txt\n*** End Patch",
        )
        .expect("parses");
        let read = |path: &str| match path {
            "/w/a.txt" => Ok(b"x\n".to_vec()),
            "/w/gone.txt" => Ok(Vec::new()),
            _ => Err(std::io::Error::from(std::io::ErrorKind::NotFound)),
        };
        let (changes, done) = plan(&patch, |p| format!("/w/{p}"), read).expect("plans");
        assert_eq!(
            changes,
            vec![
                Change::Write { path: "/w/new.txt".into(), data: b"hi\n".to_vec() },
                Change::Write { path: "/w/b.txt".into(), data: b"y\n".to_vec() },
                Change::Delete { path: "/w/a.txt".into() },
                Change::Delete { path: "/w/gone.txt".into() },
            ]
        );
        let marks: Vec<(char, &str)> = done.iter().map(|d| (d.mark, d.path.as_str())).collect();
        assert_eq!(marks, vec![('A', "new.txt"), ('M', "b.txt"), ('D', "gone.txt")]);
        let missing = parse("*** Begin Patch\n*** Delete File: nope\n*** End Patch").expect("parses");
        let err = plan(&missing, |p| format!("/w/{p}"), read).err().map(|e| e.to_string()).unwrap_or_default();
        assert_eq!(err, "cannot delete nope: No such file or directory");
    }
}
