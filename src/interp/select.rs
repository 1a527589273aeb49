//! `select name in words; do body; done`: bash's menu loop. The words are listed in numbered
//! columns on standard error (laid out as bash lays them out for `COLUMNS`, 80 when unset),
//! `PS3` (`#? `) is printed and one line is read: an empty line lists the menu again, a number
//! of the menu sets `name` to that word (anything else sets it empty), `REPLY` holds the line,
//! and the body runs, until `break` or the end of input (status 1).

use super::exec::LoopStep;
use super::io::Io;
use super::{ExecResult, Interp};
use crate::ast::{List, Word};
use std::fmt::Write as _;

/// bash's tab stops, which the columns are padded to.
const TAB: usize = 8;

impl Interp {
    pub(super) async fn exec_select(
        &mut self,
        var: &str,
        words: &Option<Vec<Word>>,
        body: &List,
        io: &Io,
    ) -> ExecResult {
        if !toolsh_core::vars::is_name(var) {
            self.error(io, &format!("`{var}': not a valid identifier")).await;
            return Ok(1);
        }
        let items = match words {
            Some(words) => self.expand_words(words, io).await?,
            None => self.state.positional.as_ref().clone(),
        };
        if items.is_empty() {
            return Ok(0);
        }
        let stdin = io.stdin();
        let mut show_menu = true;
        let mut body_checked = false;
        self.loop_depth += 1;
        let result = loop {
            // Each pass is a command of its own to the DEBUG trap and `$BASH_COMMAND`.
            let head = || {
                let words: Vec<String> = words.iter().flatten().map(Word::bash_text).collect();
                if words.is_empty() {
                    format!("select {var} in \"$@\"")
                } else {
                    format!("select {var} in {}", words.join(" "))
                }
            };
            if let Err(flow) = self.debug_point(io, |text| text.write_str(&head())).await {
                break Err(flow);
            }
            if show_menu {
                let columns = self.state.vars.get_str("COLUMNS").and_then(|c| c.parse().ok()).unwrap_or(80);
                let _ = io.stderr().write_text(&menu(&items, columns)).await;
            }
            let prompt = self.state.vars.get_str("PS3").unwrap_or("#? ").to_string();
            let _ = io.stderr().write_text(&prompt).await;
            let Some((mut line, _)) = stdin.read_until(Some(b'\n'), None).await else {
                // bash ends the prompt's line on standard output at the end of input.
                let _ = io.stdout().write_all(b"\n").await;
                break Ok(1);
            };
            if line.last() == Some(&b'\n') {
                line.pop();
            }
            let reply = toolsh_bytes::decode(&line).into_owned();
            show_menu = reply.is_empty();
            if show_menu {
                continue;
            }
            let chosen = reply
                .trim()
                .parse::<usize>()
                .ok()
                .and_then(|n| n.checked_sub(1))
                .and_then(|n| items.get(n))
                .cloned()
                .unwrap_or_default();
            self.state.set_var("REPLY", reply);
            if let Err(err) = self.state.try_set_var(var, chosen) {
                // A reference's target is named; a circle was warned about (a note).
                self.say_notes(io).await;
                if !matches!(err, toolsh_core::vars::SetError::Circular(_)) {
                    self.error(io, &err.to_string()).await;
                }
                break Ok(1);
            }
            match self.loop_body(body, io, &mut body_checked).await {
                LoopStep::Next(_) => {}
                LoopStep::Stop(s) => break Ok(s),
                LoopStep::Out(flow) => break Err(flow),
            }
        };
        self.loop_depth -= 1;
        result
    }
}

/// The menu as bash prints it: rows of up to `columns / width` entries, numbered down the
/// columns, each column padded with tabs and spaces to the next entry's start.
fn menu(items: &[String], columns: usize) -> String {
    let count = items.len();
    let digits = |n: usize| n.to_string().len();
    let longest = items.iter().map(|i| i.chars().count()).max().unwrap_or(0);
    let indices = digits(count);
    let width = longest + indices + 2 + 2;
    let per_row = (columns / width).max(1);
    // bash: entries that fit on one line are listed one per line instead.
    let rows = match count.div_ceil(per_row) {
        1 => count,
        rows => rows,
    };
    let first_indices = digits(rows);
    let mut out = String::new();
    for row in 0..rows {
        let mut index = row;
        let mut pos = 0;
        loop {
            let number_width = if pos == 0 { first_indices } else { indices };
            let item = &items[index];
            out.push_str(&format!("{:>number_width$}) {item}", index + 1));
            let used = number_width + 2 + item.chars().count();
            index += rows;
            if index >= count {
                break;
            }
            indent(&mut out, pos + used, pos + width);
            pos += width;
        }
        out.push('\n');
    }
    out
}

/// bash's `indent`: tabs while a tab stop lies before `to`, then spaces.
fn indent(out: &mut String, mut from: usize, to: usize) {
    while from < to {
        if to / TAB > from / TAB {
            out.push('\t');
            from += TAB - from % TAB;
        } else {
            out.push(' ');
            from += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::menu;

    fn words(n: usize) -> Vec<String> {
        (1..=n).map(|i| i.to_string()).collect()
    }

    #[test]
    fn lays_out_the_menu_as_bash_does() {
        // Recorded from bash 5.2 (`select x in $(seq 1 N)` with COLUMNS as given).
        assert_eq!(menu(&["a".into(), "b".into()], 80), "1) a\n2) b\n");
        assert_eq!(
            menu(&words(30), 80).lines().next(),
            Some("1) 1\t 4) 4\t 7) 7\t10) 10\t13) 13\t16) 16\t19) 19\t22) 22\t25) 25\t28) 28")
        );
        assert_eq!(menu(&words(30), 40).lines().nth(3), Some("4) 4\t10) 10\t16) 16\t22) 22\t28) 28"));
    }
}
