//! `sqlite3 [options] [FILE|:memory:] [SQL...]`: the sqlite3 shell's everyday surface over the
//! `db.query`/`db.execute` tools, with its list, CSV and JSON output. FILE is a database in the
//! workspace; without one the agent's own database is used. SQL comes from the arguments or
//! standard input; `.tables` and `.schema [TABLE]` are understood. A first operand with a space
//! that names no file is SQL for the agent's own database (`sqlite3 'select 1'`).

use crate::Ctx;
use crate::session::Status;
use crate::spec::{Misuse, Opt, Spec, Words};
use serde_json::{Value, json};

const JSON: Opt = Opt::long("json", "set output mode to 'json'");
const CSV: Opt = Opt::long("csv", "set output mode to 'csv'");
const LIST: Opt = Opt::long("list", "set output mode to 'list' (the default)");
const HEADER: Opt = Opt::long("header", "turn headers on").alias("headers");
const NOHEADER: Opt = Opt::long("noheader", "turn headers off (the default)");
const SEPARATOR: Opt = Opt::long("separator", "set output column separator (default: '|')").value("SEP");

/// `sqlite3`.
pub const SQLITE3: Spec = Spec {
    name: "sqlite3",
    summary: "run SQL on a SQLite database (workspace file or your own)",
    synopsis: &["[OPTIONS] [FILE|:memory:] [SQL]..."],
    about: "Run the SQL (or standard input) on FILE, a database in the workspace, or on the agent's own database; reads go to db.query, changes to db.execute.",
    options: &[JSON, CSV, LIST, HEADER, NOHEADER, SEPARATOR],
    one_dash_long: true,
    words: Words::Own(sqlite_words),
    // Reads go to db.query; whether a write is allowed is known only once the SQL is seen.
    tools: &["db.query"],
    ..Spec::BASE
};

/// sqlite3's words: `sqlite3: Error: unknown option: -Q` and its hint.
fn sqlite_words(_: &Spec, misuse: &Misuse) -> String {
    let said = match misuse {
        Misuse::Invalid(letter) => format!("unknown option: -{letter}"),
        Misuse::Unrecognized(written) | Misuse::Ambiguous(written, _) => format!("unknown option: -{written}"),
        Misuse::NeedsValue(option) => format!("missing argument to {option}"),
        Misuse::NoValue(option) => format!("unknown option: {option}"),
        Misuse::Said(message) => message.clone(),
    };
    format!("sqlite3: Error: {said}\nUse -help for a list of options.\n")
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    List,
    Csv,
    Json,
}

struct Format {
    mode: Mode,
    header: bool,
    separator: String,
}

/// `sqlite3`.
pub async fn sqlite3(ctx: Ctx<'_>) -> Status {
    let args = match ctx.args(&SQLITE3).await {
        Ok(args) => args,
        Err(status) => return status,
    };
    let mut format = Format { mode: Mode::List, header: false, separator: "|".to_string() };
    for (opt, value) in args.given() {
        match *opt {
            JSON => format.mode = Mode::Json,
            CSV => format.mode = Mode::Csv,
            LIST => format.mode = Mode::List,
            HEADER => format.header = true,
            NOHEADER => format.header = false,
            _ => format.separator = value.to_string(),
        }
    }
    let operands = args.operands;
    // The first operand is the database, unless it is plainly SQL for the agent's own one
    // (it has a space and names no file).
    let own_sql = operands
        .first()
        .is_some_and(|first| first.trim().contains(char::is_whitespace) && !ctx.vfs.exists(&ctx.abs(first)));
    let mut operands = operands.into_iter();
    let database = if own_sql { None } else { operands.next() };
    let mut sql: Vec<String> = operands.collect();
    if sql.is_empty() {
        match ctx.read_stdin().await {
            Ok(bytes) => sql.push(String::from_utf8_lossy(&bytes).into_owned()),
            Err(err) => return ctx.fail(crate::vfs::describe(&err)).await,
        }
    }
    let mut status = 0;
    for text in sql {
        for chunk in chunks(&text) {
            let (statements, shown_as) = match chunk {
                Chunk::Sql(s) => (s, Shown::Rows),
                Chunk::Dot(command) => match dot(&command, &mut format) {
                    Ok(Some(sql)) => (sql, if command.starts_with(".tables") { Shown::Columns } else { Shown::Lines }),
                    Ok(None) => continue,
                    Err(message) => {
                        ctx.err(format!("Error: {message}\n")).await;
                        status = 1;
                        continue;
                    }
                },
            };
            if statements.trim().is_empty() {
                continue;
            }
            let tool = if reads_only(&statements) { "db.query" } else { "db.execute" };
            let mut args = json!({ "sql": statements });
            if let Some(db) = &database {
                args["database"] = json!(db);
            }
            let mut result = ctx.call_quiet(tool, args.clone()).await;
            if let Err(err) = &result
                && err.message.starts_with("db.query runs only reading statements")
            {
                result = ctx.call_quiet("db.execute", args).await;
            }
            let results = match result {
                Ok(results) => results,
                Err(err) => {
                    ctx.err(format!("{}\n", err.message)).await;
                    return err.status;
                }
            };
            let plain = Format { mode: Mode::List, header: false, separator: format.separator.clone() };
            let out = match shown_as {
                Shown::Rows => render(&results, &format),
                Shown::Lines => render(&results, &plain),
                Shown::Columns => columns(&results),
            };
            if !ctx.out(out).await {
                return 1;
            }
        }
    }
    status
}

/// How a chunk's rows are printed: in the current mode, one value a line, or in columns.
enum Shown {
    Rows,
    Lines,
    Columns,
}

/// `.tables` output: names in columns across 80 characters, filled top to bottom.
fn columns(results: &Value) -> String {
    let names: Vec<String> = results
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|r| r["rows"].as_array().cloned().unwrap_or_default())
        .map(|row| text(&row[0]))
        .collect();
    let width = names.iter().map(|n| n.chars().count()).max().unwrap_or(0);
    let per_line = (80 / (width + 2)).max(1);
    let lines = names.len().div_ceil(per_line);
    let mut out = String::new();
    for line in 0..lines {
        for (col, name) in names.iter().skip(line).step_by(lines.max(1)).enumerate() {
            let sep = if col == 0 { "" } else { "  " };
            out.push_str(sep);
            out.push_str(&crate::text::cfmt::align(name, width, false, ' '));
        }
        out.push('\n');
    }
    out
}

enum Chunk {
    Sql(String),
    Dot(String),
}

/// Splits input into SQL and dot-command lines (a dot command starts its line).
fn chunks(text: &str) -> Vec<Chunk> {
    let mut out = Vec::new();
    let mut sql = String::new();
    for line in text.split_inclusive('\n') {
        if line.trim_start().starts_with('.') && sql.trim().is_empty() {
            out.push(Chunk::Dot(line.trim().to_string()));
            sql.clear();
        } else {
            sql.push_str(line);
        }
    }
    if !sql.trim().is_empty() {
        out.push(Chunk::Sql(sql));
    }
    out
}

/// A dot command: the SQL it stands for, or a change of format.
fn dot(command: &str, format: &mut Format) -> Result<Option<String>, String> {
    let words: Vec<&str> = command.split_whitespace().collect();
    let quote = |s: &str| s.replace('\'', "''");
    match words.as_slice() {
        [".tables"] => Ok(Some(
            "SELECT name FROM sqlite_schema WHERE type IN ('table','view') AND name NOT LIKE 'sqlite_%' ORDER BY 1"
                .into(),
        )),
        [".schema"] => Ok(Some("SELECT sql || ';' FROM sqlite_schema WHERE sql IS NOT NULL ORDER BY rowid".into())),
        [".schema", table] => Ok(Some(format!(
            "SELECT sql || ';' FROM sqlite_schema WHERE sql IS NOT NULL AND tbl_name = '{}' ORDER BY rowid",
            quote(table)
        ))),
        [".headers" | ".header", on] => {
            format.header = matches!(*on, "on" | "yes" | "1");
            Ok(None)
        }
        [".mode", mode] => {
            format.mode = match *mode {
                "list" => Mode::List,
                "csv" => Mode::Csv,
                "json" => Mode::Json,
                other => return Err(format!("mode should be one of: csv json list (not {other})")),
            };
            Ok(None)
        }
        [".quit" | ".exit"] => Ok(None),
        _ => Err(format!(
            "unknown command or invalid arguments: \"{}\"; .tables, .schema, .headers, .mode are known",
            command.trim_start_matches('.')
        )),
    }
}

/// Whether every statement plainly only reads (a wrong guess costs a retry as db.execute).
fn reads_only(sql: &str) -> bool {
    sql.split(';').map(str::trim).filter(|s| !s.is_empty()).all(|statement| {
        let first = statement.split_whitespace().next().unwrap_or("").to_ascii_lowercase();
        matches!(first.as_str(), "select" | "values" | "explain") || (first == "pragma" && !statement.contains('='))
    })
}

/// A value as the sqlite3 shell prints it in list and CSV modes.
fn text(value: &Value) -> String {
    match value {
        Value::Null => String::new(),
        Value::String(s) => s.clone(),
        Value::Number(n) if n.is_f64() => {
            let f = n.as_f64().unwrap_or(0.0);
            if f.fract() == 0.0 && f.abs() < 1e15 { format!("{f:.1}") } else { f.to_string() }
        }
        other => other.to_string(),
    }
}

fn csv_field(field: &str) -> String {
    if field.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", field.replace('"', "\"\""))
    } else {
        field.to_string()
    }
}

fn render(results: &Value, format: &Format) -> String {
    let mut out = String::new();
    for result in results.as_array().into_iter().flatten() {
        let columns: Vec<&str> = result["columns"].as_array().into_iter().flatten().filter_map(Value::as_str).collect();
        let rows = result["rows"].as_array().cloned().unwrap_or_default();
        match format.mode {
            Mode::Json => {
                if rows.is_empty() {
                    continue;
                }
                let objects: Vec<String> = rows
                    .iter()
                    .map(|row| {
                        let fields: Vec<String> = columns
                            .iter()
                            .enumerate()
                            .map(|(i, c)| format!("{}:{}", Value::String(c.to_string()), json_value(&row[i])))
                            .collect();
                        format!("{{{}}}", fields.join(","))
                    })
                    .collect();
                out.push_str(&format!("[{}]\n", objects.join(",\n")));
            }
            Mode::List | Mode::Csv => {
                let csv = format.mode == Mode::Csv;
                let sep = if csv { "," } else { format.separator.as_str() };
                let line = |fields: Vec<String>| {
                    let fields: Vec<String> = if csv { fields.iter().map(|f| csv_field(f)).collect() } else { fields };
                    format!("{}\n", fields.join(sep))
                };
                if format.header && !rows.is_empty() {
                    out.push_str(&line(columns.iter().map(|c| c.to_string()).collect()));
                }
                for row in &rows {
                    out.push_str(&line(row.as_array().into_iter().flatten().map(text).collect()));
                }
            }
        }
    }
    out
}

/// A value in JSON mode: reals keep their decimal point, as sqlite3 prints them.
fn json_value(value: &Value) -> String {
    match value {
        Value::Number(n) if n.is_f64() => text(value),
        other => other.to_string(),
    }
}
