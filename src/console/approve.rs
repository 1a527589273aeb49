//! Questions at the terminal. When policy says `ask`, the console shows the command, the tool,
//! its subject and the rule, and reads `y` (once), `a` (always, for this session: the tool and
//! rule are remembered) or `n`; the gate records the decision in the audit log. When a mounted
//! MCP server asks something during a call (form elicitation), the console shows its message
//! and reads the form field by field, checked against the server's schema. Ctrl-C while a
//! question waits refuses it (and the console stops the line): the next line typed is a line,
//! not an answer.

use crate::tools::{Answer, Elicited};
use serde_json::{Map, Value};
use std::collections::HashSet;
use std::io::{BufRead, Write};
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

/// The interrupts (Ctrl-C, SIGINT) the console has seen, counted by the task that listens for
/// them on the runtime's workers while the line (and a question of it) blocks the console's
/// thread: a question gives up when the count moves. SIGINT is the process's, so is this.
pub(crate) static INTERRUPTS: AtomicU64 = AtomicU64::new(0);

/// What came of waiting for a line at the terminal.
enum Typed {
    Line(String),
    /// The end of input (or a read error): nobody is there.
    End,
    /// Ctrl-C.
    Interrupted,
}

/// Waits for a line of standard input, giving up when an interrupt arrives meanwhile.
fn typed_line() -> Typed {
    let seen = INTERRUPTS.load(Ordering::SeqCst);
    let stdin = std::io::stdin();
    // Looked at every 50 ms: an interrupt is counted by another thread, and a signal that
    // arrives while `poll` waits restarts it rather than ending it.
    let tick = rustix::time::Timespec { tv_sec: 0, tv_nsec: 50_000_000 };
    loop {
        if INTERRUPTS.load(Ordering::SeqCst) != seen {
            return Typed::Interrupted;
        }
        let mut fds = [rustix::event::PollFd::new(&stdin, rustix::event::PollFlags::IN)];
        match rustix::event::poll(&mut fds, Some(&tick)) {
            Ok(0) | Err(rustix::io::Errno::INTR) => continue,
            Ok(_) | Err(_) => break,
        }
    }
    let mut line = String::new();
    match stdin.lock().read_line(&mut line) {
        Ok(0) | Err(_) => Typed::End,
        Ok(_) => Typed::Line(line),
    }
}

/// Answers `ask` decisions and servers' questions at the terminal. It blocks while the user
/// thinks: the console has nothing else to do meanwhile.
#[derive(Default)]
pub struct TerminalApprover {
    /// `(tool, rule)` pairs answered `a`.
    always: Mutex<HashSet<(String, String)>>,
}

impl crate::tools::Approver for TerminalApprover {
    fn approve(&self, request: &crate::tools::Approval) -> Answer {
        let key = (request.tool.clone(), request.rule.clone());
        if self.always.lock().is_ok_and(|always| always.contains(&key)) {
            return Answer::Approved;
        }
        let subject = request.subject.as_deref().map_or(String::new(), |s| format!(" {s}"));
        let mut stderr = std::io::stderr();
        let _ = write!(
            stderr,
            "toolsh: `{}` wants {}{subject} (policy rule {})\n  allow? [y] once, [a] always this session, [n] no: ",
            request.command, request.tool, request.rule
        );
        let _ = stderr.flush();
        let answer = match typed_line() {
            Typed::Line(answer) => answer,
            Typed::End => return Answer::Unavailable,
            Typed::Interrupted => {
                let _ = writeln!(stderr);
                return Answer::Refused;
            }
        };
        match answer.trim().to_ascii_lowercase().as_str() {
            "y" | "yes" => Answer::Approved,
            "a" | "always" => {
                if let Ok(mut always) = self.always.lock() {
                    always.insert(key);
                }
                Answer::Approved
            }
            _ => Answer::Refused,
        }
    }

    fn elicit(&self, asker: &str, message: &str, schema: &Value) -> Elicited {
        ask_form(&mut std::io::stdin().lock(), &mut std::io::stderr(), asker, message, schema)
    }
}

/// How many times a field is asked again after an answer its schema refuses.
const RETRIES: usize = 3;

/// Puts a server's form to the user: `[y]` to answer, `[n]` to decline, `[c]` (or anything
/// else) to dismiss; then each property of `schema` in turn, with its title, type, whether it
/// is required, its choices and its default. An empty answer leaves an optional field out (or
/// takes its default). The end of input before anything was answered means nobody is there
/// (`Unavailable`); in the middle of the form it dismisses it.
fn ask_form(input: &mut impl BufRead, out: &mut impl Write, asker: &str, message: &str, schema: &Value) -> Elicited {
    let _ = write!(out, "toolsh: {asker} asks: {message}\n  answer? [y] yes, [n] decline, [c] cancel: ");
    let _ = out.flush();
    let Some(first) = read_answer(input) else { return Elicited::Unavailable };
    match first.to_ascii_lowercase().as_str() {
        "y" | "yes" => {}
        "n" | "no" | "decline" => return Elicited::Declined,
        _ => return Elicited::Cancelled,
    }
    let empty = Map::new();
    let properties = schema.get("properties").and_then(Value::as_object).unwrap_or(&empty);
    let required: Vec<&str> =
        schema.get("required").and_then(Value::as_array).into_iter().flatten().filter_map(Value::as_str).collect();
    let mut content = Map::new();
    for (name, field) in properties {
        let needed = required.contains(&name.as_str());
        let mut tries = 0;
        let value = loop {
            let _ = write!(out, "  {}: ", prompt(name, field, needed));
            let _ = out.flush();
            let Some(text) = read_answer(input) else { return Elicited::Cancelled };
            match parse_field(field, &text, needed) {
                Ok(value) => break value,
                Err(why) if tries < RETRIES => {
                    tries += 1;
                    let _ = writeln!(out, "  {why}");
                }
                Err(_) => return Elicited::Cancelled,
            }
        };
        if let Some(value) = value {
            content.insert(name.clone(), value);
        }
    }
    Elicited::Accepted(Value::Object(content))
}

/// One line of input without its line ending; `None` at the end of input.
fn read_answer(input: &mut impl BufRead) -> Option<String> {
    let mut line = String::new();
    match input.read_line(&mut line) {
        Ok(0) | Err(_) => None,
        Ok(_) => Some(line.trim_end_matches(['\n', '\r']).trim().to_string()),
    }
}

/// `name — Your name (string, required)`, with choices and a default when the schema has them.
fn prompt(name: &str, field: &Value, needed: bool) -> String {
    let text = |key: &str| field.get(key).and_then(Value::as_str);
    let mut out = name.to_string();
    if let Some(about) = text("title").or_else(|| text("description")) {
        out.push_str(&format!(" — {about}"));
    }
    let kind = match choices(field) {
        Some(choices) if is_multi(field) => format!("any of {}, separated by commas", choices.join(", ")),
        Some(choices) => format!("one of {}", choices.join(", ")),
        None => text("type").unwrap_or("string").to_string(),
    };
    out.push_str(&format!(" ({kind}, {})", if needed { "required" } else { "optional" }));
    if let Some(default) = field.get("default") {
        out.push_str(&format!(" [{}]", shown(default)));
    }
    out
}

fn shown(value: &Value) -> String {
    match value {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// Whether the field takes several choices (an array of an enumeration).
fn is_multi(field: &Value) -> bool {
    field.get("type").and_then(Value::as_str) == Some("array")
}

/// The values a field may take, when it enumerates them (`enum`, or `oneOf`/`anyOf` of `const`s;
/// for an array, those of its items).
fn choices(field: &Value) -> Option<Vec<String>> {
    let field = if is_multi(field) { field.get("items")? } else { field };
    if let Some(values) = field.get("enum").and_then(Value::as_array) {
        return Some(values.iter().map(shown).collect());
    }
    let options = field.get("oneOf").or_else(|| field.get("anyOf"))?.as_array()?;
    Some(options.iter().filter_map(|o| o.get("const")).map(shown).collect())
}

/// The field's value from what was typed: `None` for an empty answer to an optional field
/// without a default; an explanation when the schema refuses it.
fn parse_field(field: &Value, text: &str, needed: bool) -> Result<Option<Value>, String> {
    if text.is_empty() {
        return match field.get("default") {
            Some(default) => Ok(Some(default.clone())),
            None if needed => Err("an answer is required".to_string()),
            None => Ok(None),
        };
    }
    if let Some(allowed) = choices(field) {
        let pick = |one: &str| {
            allowed
                .iter()
                .find(|c| c.as_str() == one)
                .cloned()
                .ok_or_else(|| format!("choose from {}", allowed.join(", ")))
        };
        return if is_multi(field) {
            let picked: Result<Vec<Value>, String> =
                text.split(',').map(|one| pick(one.trim()).map(Value::String)).collect();
            picked.map(|values| Some(Value::Array(values)))
        } else {
            pick(text).map(|one| Some(Value::String(one)))
        };
    }
    let number = |value: f64| -> Result<(), String> {
        let bound = |key: &str| field.get(key).and_then(Value::as_f64);
        match (bound("minimum"), bound("maximum")) {
            (Some(min), _) if value < min => Err(format!("at least {min}")),
            (_, Some(max)) if value > max => Err(format!("at most {max}")),
            _ => Ok(()),
        }
    };
    match field.get("type").and_then(Value::as_str) {
        Some("boolean") => match text.to_ascii_lowercase().as_str() {
            "y" | "yes" | "true" => Ok(Some(Value::Bool(true))),
            "n" | "no" | "false" => Ok(Some(Value::Bool(false))),
            _ => Err("answer yes or no".to_string()),
        },
        Some("integer") => {
            let value: i64 = text.parse().map_err(|_| "a whole number, please".to_string())?;
            number(value as f64)?;
            Ok(Some(Value::from(value)))
        }
        Some("number") => {
            let value: f64 = text.parse().ok().filter(|v: &f64| v.is_finite()).ok_or("a number, please")?;
            number(value)?;
            Ok(serde_json::Number::from_f64(value).map(Value::Number))
        }
        _ => {
            let length = text.chars().count() as u64;
            let limit = |key: &str| field.get(key).and_then(Value::as_u64);
            match (limit("minLength"), limit("maxLength")) {
                (Some(min), _) if length < min => Err(format!("at least {min} characters")),
                (_, Some(max)) if length > max => Err(format!("at most {max} characters")),
                _ => Ok(Some(Value::String(text.to_string()))),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::ask_form;
    use crate::tools::Elicited;
    use serde_json::{Value, json};

    fn answer(typed: &str, schema: Value) -> (Elicited, String) {
        let mut out = Vec::new();
        let got = ask_form(&mut typed.as_bytes(), &mut out, "mcp server 'm'", "Who?", &schema);
        (got, toolsh_bytes::lossy(&out).into_owned())
    }

    #[test]
    fn a_form_is_read_field_by_field_and_checked_against_its_schema() {
        let schema = json!({
            "type": "object",
            "properties": {
                "name": { "type": "string", "title": "Your name", "minLength": 2 },
                "age": { "type": "integer", "minimum": 0 },
                "member": { "type": "boolean", "default": false },
                "color": { "type": "string", "enum": ["red", "blue"] },
                "tags": { "type": "array", "items": { "enum": ["a", "b", "c"] } },
            },
            "required": ["name", "color"],
        });
        // A one-letter name and an unknown colour are asked again; the empty age is left out.
        let (got, screen) = answer("y\nx\nAda\n\n\ngreen\nblue\na, c\n", schema);
        assert_eq!(
            got,
            Elicited::Accepted(json!({ "name": "Ada", "member": false, "color": "blue", "tags": ["a", "c"] }))
        );
        assert!(screen.starts_with("toolsh: mcp server 'm' asks: Who?"), "{screen}");
        assert!(screen.contains("name — Your name (string, required): "), "{screen}");
        assert!(screen.contains("at least 2 characters") && screen.contains("choose from red, blue"), "{screen}");
        assert!(screen.contains("member (boolean, optional) [false]: "), "{screen}");
    }

    #[test]
    fn declining_dismissing_and_nobody_there_are_told_apart() {
        let schema = json!({ "type": "object", "properties": { "n": { "type": "integer" } }, "required": ["n"] });
        assert_eq!(answer("n\n", schema.clone()).0, Elicited::Declined);
        assert_eq!(answer("c\n", schema.clone()).0, Elicited::Cancelled);
        assert_eq!(answer("", schema.clone()).0, Elicited::Unavailable);
        // Input that ends inside the form, or an answer refused past the retries, dismisses it.
        assert_eq!(answer("y\n", schema.clone()).0, Elicited::Cancelled);
        assert_eq!(answer("y\nx\nx\nx\nx\n", schema).0, Elicited::Cancelled);
    }
}
