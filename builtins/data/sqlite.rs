//! `sqlite3 [options] [FILE|:memory:] [SQL...]`: the sqlite3 shell's everyday surface over the
//! `db.query`/`db.execute` tools, with its output modes (list, tabs, CSV, JSON, line, and the
//! columnar column, table, box and markdown). FILE is a database in the workspace; without one
//! the agent's own database is used. SQL comes from the arguments or standard input; the dot
//! commands `.tables .schema .indexes .dump .import .headers .mode` are understood, each built
//! from SQL over the same tools. A first operand with a space that names no file is SQL for the
//! agent's own database (`sqlite3 'select 1'`).

use crate::Ctx;
use crate::session::Status;
use crate::spec::{Args, Misuse, Opt, Spec, Words};
use serde_json::{Value, json};

const JSON: Opt = Opt::long("json", "set output mode to 'json'");
const CSV: Opt = Opt::long("csv", "set output mode to 'csv'");
const LIST: Opt = Opt::long("list", "set output mode to 'list' (the default)");
const TABS: Opt = Opt::long("tabs", "set output mode to 'tabs'");
const LINE: Opt = Opt::long("line", "set output mode to 'line'");
const COLUMN: Opt = Opt::long("column", "set output mode to 'column'");
const TABLE: Opt = Opt::long("table", "set output mode to 'table'");
const BOX: Opt = Opt::long("box", "set output mode to 'box'");
const MARKDOWN: Opt = Opt::long("markdown", "set output mode to 'markdown'");
const HEADER: Opt = Opt::long("header", "turn headers on").alias("headers");
const NOHEADER: Opt = Opt::long("noheader", "turn headers off (the default)");
const SEPARATOR: Opt = Opt::long("separator", "set output column separator (default: '|')").value("SEP");

/// `sqlite3`.
pub const SQLITE3: Spec = Spec {
    name: "sqlite3",
    summary: "run SQL on a SQLite database (workspace file or your own)",
    synopsis: &["[OPTIONS] [FILE|:memory:] [SQL]..."],
    about: "Run the SQL (or standard input) on FILE, a database in the workspace, or on the agent's own database; reads go to db.query, changes to db.execute.",
    options: &[JSON, CSV, LIST, TABS, LINE, COLUMN, TABLE, BOX, MARKDOWN, HEADER, NOHEADER, SEPARATOR],
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
    Line,
    Column,
    Table,
    Box,
    Markdown,
}

impl Mode {
    /// The mode `.mode NAME` (or `-NAME`) selects, with the separator it implies (`tabs` is list
    /// mode with a tab, as in the shell).
    fn named(name: &str) -> Option<(Mode, Option<&'static str>)> {
        Some(match name {
            "list" => (Mode::List, Some("|")),
            "tabs" => (Mode::List, Some("\t")),
            "csv" => (Mode::Csv, None),
            "json" => (Mode::Json, None),
            "line" => (Mode::Line, None),
            "column" => (Mode::Column, None),
            "table" => (Mode::Table, None),
            "box" => (Mode::Box, None),
            "markdown" => (Mode::Markdown, None),
            _ => return None,
        })
    }
}

struct Format {
    mode: Mode,
    header: bool,
    /// Whether headers were set explicitly: `.mode column` then leaves them as they are.
    header_set: bool,
    separator: String,
}

impl Format {
    /// `.mode NAME`: `.mode column` turns headers on unless they were set explicitly, as the
    /// shell's dot command does (the `-column` option does not).
    fn set_mode(&mut self, mode: Mode, separator: Option<&str>, dot: bool) {
        self.mode = mode;
        if let Some(separator) = separator {
            self.separator = separator.to_string();
        }
        if dot && mode == Mode::Column && !self.header_set {
            self.header = true;
        }
    }
}

/// `sqlite3`.
pub async fn sqlite3(ctx: Ctx<'_>, args: Args) -> Status {
    let mut format = Format { mode: Mode::List, header: false, header_set: false, separator: "|".to_string() };
    for (opt, value) in args.given() {
        match *opt {
            HEADER | NOHEADER => {
                format.header = *opt == HEADER;
                format.header_set = true;
            }
            SEPARATOR => format.separator = value.to_string(),
            _ => {
                if let Some((mode, separator)) = opt.long.and_then(Mode::named) {
                    format.set_mode(mode, separator, false);
                }
            }
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
            Ok(bytes) => sql.push(toolsh_bytes::lossy(&bytes).into_owned()),
            Err(err) => return ctx.fail(crate::vfs::describe(&err)).await,
        }
    }
    let db = Db { ctx: &ctx, database };
    let mut status = 0;
    for text in sql {
        for chunk in chunks(&text) {
            let out = match chunk {
                Chunk::Sql(statements) => db.run(&statements).await.map(|results| render(&results, &format)),
                Chunk::Dot(command) => match dot(&command, &mut format) {
                    Ok(Dot::Done) => continue,
                    Ok(Dot::Names(sql)) => db.run(&sql).await.map(|results| columns(&results)),
                    Ok(Dot::Lines(sql)) => db.run(&sql).await.map(|results| {
                        let plain = Format { mode: Mode::List, header: false, header_set: true, separator: "|".into() };
                        render(&results, &plain)
                    }),
                    Ok(Dot::Dump(like)) => db.dump(like.as_deref()).await,
                    Ok(Dot::Import(import)) => match db.import(&import, &format).await {
                        Ok(Ok(())) => continue,
                        Ok(Err(message)) => Err(Failure::Said(message)),
                        Err(failure) => Err(failure),
                    },
                    Err(message) => Err(Failure::Said(message)),
                },
            };
            match out {
                Ok(out) => {
                    if !ctx.out(out).await {
                        return 1;
                    }
                }
                Err(Failure::Said(message)) => {
                    ctx.err(format!("Error: {message}\n")).await;
                    status = 1;
                }
                Err(Failure::Tool(err)) => {
                    ctx.err(format!("{}\n", err.message)).await;
                    return err.status;
                }
            }
        }
    }
    status
}

/// Why a chunk printed nothing: a dot command's own error (the next chunk still runs, as in the
/// shell), or a failed statement (the run ends with its status).
enum Failure {
    Said(String),
    Tool(toolsh_gate::ToolError),
}

/// The database the run works on, reached through the db tools.
struct Db<'a, 'c> {
    ctx: &'a Ctx<'c>,
    database: Option<String>,
}

impl Db<'_, '_> {
    /// Runs SQL: reads through db.query, anything else through db.execute.
    async fn run(&self, statements: &str) -> Result<Value, Failure> {
        if statements.trim().is_empty() {
            return Ok(Value::Array(Vec::new()));
        }
        let tool = if reads_only(statements) { "db.query" } else { "db.execute" };
        let mut args = json!({ "sql": statements });
        if let Some(db) = &self.database {
            args["database"] = json!(db);
        }
        let mut result = self.ctx.call_quiet(tool, args.clone()).await;
        if let Err(err) = &result
            && err.message.starts_with("db.query runs only reading statements")
        {
            result = self.ctx.call_quiet("db.execute", args).await;
        }
        result.map_err(Failure::Tool)
    }

    /// The first column of every row the SQL gives, as text.
    async fn strings(&self, sql: &str) -> Result<Vec<String>, Failure> {
        let results = self.run(sql).await?;
        Ok(rows_of(&results).iter().map(|row| text(&row[0])).collect())
    }

    /// A table's column names.
    async fn column_names(&self, table: &str) -> Result<Vec<String>, Failure> {
        self.strings(&format!("SELECT name FROM pragma_table_info({})", literal(table))).await
    }

    /// `.dump [LIKE]`: the schema and rows as SQL, in the shell's order: the tables (and
    /// sqlite_sequence last) each with its rows, then indexes, triggers and views.
    async fn dump(&self, like: Option<&str>) -> Result<String, Failure> {
        // A pattern matches the entry's own name (an index on a matching table is not dumped).
        let filter = like.map(|like| format!(" AND name LIKE {}", literal(like))).unwrap_or_default();
        let tables = self
            .run(&format!(
                "SELECT name, {SHOWN_SQL} FROM sqlite_schema WHERE sql NOT NULL AND type = 'table'{filter} \
                 ORDER BY tbl_name = 'sqlite_sequence', rowid"
            ))
            .await?;
        let mut out = String::from("PRAGMA foreign_keys=OFF;\nBEGIN TRANSACTION;\n");
        for row in rows_of(&tables) {
            let (name, sql) = (text(&row[0]), text(&row[1]));
            if name == "sqlite_sequence" {
                out.push_str("DELETE FROM sqlite_sequence;\n");
            } else if name.starts_with("sqlite_stat") {
                out.push_str("ANALYZE sqlite_schema;\n");
            } else {
                out.push_str(&format!("{sql};\n"));
            }
            let names = self.column_names(&name).await?;
            if names.is_empty() {
                continue;
            }
            // Blobs as the shell writes them, in lower-case hex; everything else as quote() does.
            let values: Vec<String> = names
                .iter()
                .map(|c| {
                    let c = identifier(c, true);
                    format!("CASE typeof({c}) WHEN 'blob' THEN 'X''' || lower(hex({c})) || '''' ELSE quote({c}) END")
                })
                .collect();
            let rows = self
                .strings(&format!("SELECT {} FROM {}", values.join(" || ',' || "), identifier(&name, true)))
                .await?;
            for values in rows {
                out.push_str(&format!("INSERT INTO {} VALUES({values});\n", identifier(&name, false)));
            }
        }
        let others = self
            .strings(&format!(
                "SELECT sql FROM sqlite_schema WHERE sql NOT NULL AND type IN ('index', 'trigger', 'view'){filter} ORDER BY rowid"
            ))
            .await?;
        for sql in others {
            out.push_str(&format!("{sql};\n"));
        }
        out.push_str("COMMIT;\n");
        Ok(out)
    }

    /// `.import FILE TABLE`: CSV (with `--csv` or in CSV mode) or the separator's fields into
    /// TABLE; a table that does not exist is created from the first row, with TEXT columns. The
    /// inner result is the shell's own error.
    async fn import(&self, import: &Import, format: &Format) -> Result<Result<(), String>, Failure> {
        let separator = if import.csv || format.mode == Mode::Csv { "," } else { format.separator.as_str() };
        let mut separator_chars = separator.chars();
        let (Some(separator), None) = (separator_chars.next(), separator_chars.next()) else {
            return Ok(Err("multi-character column separators not allowed for import".into()));
        };
        let data = match self.ctx.read_operand(&import.file).await {
            Ok(data) => data,
            Err(_) => return Ok(Err(format!("cannot open \"{}\"", import.file))),
        };
        let mut records = csv_records(&toolsh_bytes::lossy(&data), separator).into_iter().skip(import.skip);
        let mut names = self.column_names(&import.table).await?;
        let mut sql = String::new();
        let table = identifier(&import.table, true);
        if names.is_empty() {
            let Some((_, header)) = records.next() else {
                return Ok(Ok(()));
            };
            let columns: Vec<String> = header.iter().map(|c| format!("{} TEXT", identifier(c, true))).collect();
            sql.push_str(&format!("CREATE TABLE IF NOT EXISTS {table}(\n{});\n", columns.join(", ")));
            names = header;
        }
        let mut warnings = String::new();
        for (line, mut fields) in records {
            if fields.len() != names.len() {
                let what = if fields.len() > names.len() { "extras ignored" } else { "filling the rest with NULL" };
                warnings.push_str(&format!(
                    "{}:{line}: expected {} columns but found {} - {what}\n",
                    import.file,
                    names.len(),
                    fields.len()
                ));
            }
            fields.truncate(names.len());
            let mut values: Vec<String> = fields.iter().map(|f| literal(f)).collect();
            values.resize(names.len(), "NULL".into());
            sql.push_str(&format!("INSERT INTO {table} VALUES({});\n", values.join(",")));
        }
        self.ctx.err(warnings).await;
        self.run(&sql).await?;
        Ok(Ok(()))
    }
}

/// The rows of every statement's result.
fn rows_of(results: &Value) -> Vec<Value> {
    results.as_array().into_iter().flatten().flat_map(|r| r["rows"].as_array().cloned().unwrap_or_default()).collect()
}

/// A schema entry's SQL as the shell shows it: a table with a quoted name as `CREATE TABLE IF
/// NOT EXISTS`, so that loading a dump twice does not fail.
const SHOWN_SQL: &str =
    "CASE WHEN sql GLOB 'CREATE TABLE [\"'']*' THEN 'CREATE TABLE IF NOT EXISTS ' || substr(sql, 14) ELSE sql END";

/// A string as an SQL literal.
fn literal(s: &str) -> String {
    format!("'{}'", s.replace('\'', "''"))
}

/// A name as SQL: double-quoted when `always` or when it is not a plain identifier (as `.dump`
/// writes table names).
fn identifier(name: &str, always: bool) -> String {
    let plain = name.chars().next().is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    if plain && !always { name.to_string() } else { format!("\"{}\"", name.replace('"', "\"\"")) }
}

/// CSV records with their line numbers: quoted fields may hold the separator, newlines and
/// doubled quotes; a CR before a newline is dropped.
fn csv_records(text: &str, separator: char) -> Vec<(usize, Vec<String>)> {
    let mut records = Vec::new();
    let mut chars = text.chars().peekable();
    let mut line = 1;
    while chars.peek().is_some() {
        let start = line;
        let mut fields = Vec::new();
        loop {
            let mut field = String::new();
            if chars.peek() == Some(&'"') {
                chars.next();
                while let Some(c) = chars.next() {
                    // A doubled quote is one quote; a single one ends the quoted part.
                    if c == '"' && chars.next_if_eq(&'"').is_none() {
                        break;
                    }
                    if c == '\n' {
                        line += 1;
                    }
                    field.push(c);
                }
            }
            while let Some(&c) = chars.peek() {
                if c == separator || c == '\n' {
                    break;
                }
                chars.next();
                field.push(c);
            }
            if field.ends_with('\r') && chars.peek() != Some(&separator) {
                field.pop();
            }
            fields.push(field);
            match chars.next() {
                Some(c) if c == separator => continue,
                Some(_) => {
                    line += 1;
                    break;
                }
                None => break,
            }
        }
        records.push((start, fields));
    }
    records
}

/// `.tables` output: names in columns across 80 characters, filled top to bottom.
fn columns(results: &Value) -> String {
    let names: Vec<String> = rows_of(results).iter().map(|row| text(&row[0])).collect();
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

/// Splits input into SQL and dot-command lines: a dot command starts its line, once the SQL
/// before it is complete (ends with `;`).
fn chunks(text: &str) -> Vec<Chunk> {
    let mut out = Vec::new();
    let mut sql = String::new();
    for line in text.split_inclusive('\n') {
        let complete = sql.trim().is_empty() || sql.trim_end().ends_with(';');
        if line.trim_start().starts_with('.') && complete {
            if !sql.trim().is_empty() {
                out.push(Chunk::Sql(std::mem::take(&mut sql)));
            }
            out.push(Chunk::Dot(line.trim().to_string()));
        } else {
            sql.push_str(line);
        }
    }
    if !sql.trim().is_empty() {
        out.push(Chunk::Sql(sql));
    }
    out
}

/// What a dot command does.
enum Dot {
    /// It changed the format (or nothing).
    Done,
    /// Runs SQL whose one column is printed a value a line.
    Lines(String),
    /// Runs SQL whose one column is printed in columns (`.tables`, `.indexes`).
    Names(String),
    /// `.dump [LIKE]`.
    Dump(Option<String>),
    /// `.import`.
    Import(Import),
}

struct Import {
    file: String,
    table: String,
    csv: bool,
    skip: usize,
}

/// A dot command: the SQL it stands for, or a change of format.
fn dot(command: &str, format: &mut Format) -> Result<Dot, String> {
    let words: Vec<&str> = command.split_whitespace().collect();
    let names_like = |kind: &str, table: Option<&&str>| {
        let filter = table.map(|t| format!(" AND tbl_name LIKE {}", literal(t))).unwrap_or_default();
        format!("SELECT name FROM sqlite_schema WHERE type IN ({kind}) AND name NOT LIKE 'sqlite_%'{filter} ORDER BY 1")
    };
    match words.as_slice() {
        [".tables", rest @ ..] if rest.len() <= 1 => Ok(Dot::Names(names_like("'table','view'", rest.first()))),
        [".indexes" | ".indices", rest @ ..] if rest.len() <= 1 => {
            // The shell lists automatic indexes too: only the filter on the name differs.
            let filter = rest.first().map(|t| format!(" AND tbl_name LIKE {}", literal(t))).unwrap_or_default();
            Ok(Dot::Names(format!("SELECT name FROM sqlite_schema WHERE type = 'index'{filter} ORDER BY 1")))
        }
        [".schema"] => {
            Ok(Dot::Lines(format!("SELECT {SHOWN_SQL} || ';' FROM sqlite_schema WHERE sql IS NOT NULL ORDER BY rowid")))
        }
        [".schema", table] => Ok(Dot::Lines(format!(
            "SELECT {SHOWN_SQL} || ';' FROM sqlite_schema WHERE sql IS NOT NULL AND tbl_name = {} ORDER BY rowid",
            literal(table)
        ))),
        [".dump"] => Ok(Dot::Dump(None)),
        [".dump", like] => Ok(Dot::Dump(Some(like.to_string()))),
        [".import", rest @ ..] => {
            let mut import = Import { file: String::new(), table: String::new(), csv: false, skip: 0 };
            let mut operands = Vec::new();
            let mut rest = rest.iter();
            while let Some(word) = rest.next() {
                match *word {
                    "--csv" => import.csv = true,
                    "--skip" => {
                        import.skip = rest.next().and_then(|n| n.parse().ok()).ok_or("--skip needs a number")?;
                    }
                    option if option.starts_with("--") => return Err(format!("unknown option: {option}")),
                    operand => operands.push(operand),
                }
            }
            let [file, table] = operands.as_slice() else {
                return Err("Usage: .import [--csv] [--skip N] FILE TABLE".into());
            };
            (import.file, import.table) = (file.to_string(), table.to_string());
            Ok(Dot::Import(import))
        }
        [".headers" | ".header", on] => {
            format.header = matches!(*on, "on" | "yes" | "1");
            format.header_set = true;
            Ok(Dot::Done)
        }
        [".mode", mode] => {
            let (mode, separator) = Mode::named(mode).ok_or_else(|| {
                format!("mode should be one of: box column csv json line list markdown table tabs (not {mode})")
            })?;
            format.set_mode(mode, separator, true);
            Ok(Dot::Done)
        }
        [".quit" | ".exit"] => Ok(Dot::Done),
        _ => Err(format!(
            "unknown command or invalid arguments: \"{}\"; .tables, .schema, .indexes, .dump, .import, .headers, .mode are known",
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
        let cells = |row: &Value| -> Vec<String> { row.as_array().into_iter().flatten().map(text).collect() };
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
                    out.push_str(&line(cells(row)));
                }
            }
            Mode::Line => {
                // Names are right-aligned to the longest, at least five wide; a blank line
                // between records.
                let width = columns.iter().map(|c| c.chars().count()).max().unwrap_or(0).max(5);
                for (i, row) in rows.iter().enumerate() {
                    if i > 0 {
                        out.push('\n');
                    }
                    for (name, value) in columns.iter().zip(cells(row)) {
                        out.push_str(&format!("{name:>width$} = {value}\n"));
                    }
                }
            }
            Mode::Column | Mode::Table | Mode::Box | Mode::Markdown => {
                if !rows.is_empty() {
                    let rows: Vec<Vec<String>> = rows.iter().map(cells).collect();
                    out.push_str(&columnar(&columns, &rows, format));
                }
            }
        }
    }
    out
}

/// A cell as the columnar modes show it: tabs expanded to stops of eight, one entry a line.
fn display_lines(cell: &str) -> Vec<String> {
    cell.split('\n')
        .map(|line| {
            let mut out = String::new();
            let mut width = 0;
            for c in line.chars() {
                if c == '\t' {
                    let next = (width / 8 + 1) * 8;
                    out.extend(std::iter::repeat_n(' ', next - width));
                    width = next;
                } else if c != '\r' {
                    out.push(c);
                    width += 1;
                }
            }
            out
        })
        .collect()
}

/// The column, table, box and markdown modes: every column as wide as its widest line (its
/// name included, shown or not), values left-aligned, names centred in the framed modes. A
/// record spanning lines is set apart from the next by a rule (a blank line in column mode).
fn columnar(names: &[&str], rows: &[Vec<String>], format: &Format) -> String {
    let rows: Vec<Vec<Vec<String>>> = rows.iter().map(|row| row.iter().map(|c| display_lines(c)).collect()).collect();
    let mut widths: Vec<usize> = names.iter().map(|n| n.chars().count()).collect();
    for row in &rows {
        for (width, cell) in widths.iter_mut().zip(row) {
            *width = cell.iter().map(|l| l.chars().count()).fold(*width, usize::max);
        }
    }
    let pad = |s: &str, width: usize| format!("{s}{}", " ".repeat(width.saturating_sub(s.chars().count())));
    let centre = |s: &str, width: usize| {
        let gap = width.saturating_sub(s.chars().count());
        format!("{}{s}{}", " ".repeat(gap / 2), " ".repeat(gap.div_ceil(2)))
    };
    // The framed modes' edges and rules: (left, fill, joint, right) of each rule, the cell walls.
    let (wall, rules): (&str, Option<[[&str; 4]; 3]>) = match format.mode {
        Mode::Box => ("│", Some([["┌", "─", "┬", "┐"], ["├", "─", "┼", "┤"], ["└", "─", "┴", "┘"]])),
        Mode::Table => ("|", Some([["+", "-", "+", "+"]; 3])),
        _ => ("|", None),
    };
    let rule = |[left, fill, joint, right]: [&str; 4]| {
        let parts: Vec<String> = widths.iter().map(|w| fill.repeat(w + 2)).collect();
        format!("{left}{}{right}\n", parts.join(joint))
    };
    let line = |cells: Vec<String>| {
        if format.mode == Mode::Column {
            format!("{}\n", cells.join("  "))
        } else {
            format!("{wall} {} {wall}\n", cells.join(&format!(" {wall} ")))
        }
    };
    let mut out = String::new();
    if let Some([top, _, _]) = rules {
        out.push_str(&rule(top));
    }
    match format.mode {
        Mode::Column if format.header => {
            out.push_str(&line(names.iter().zip(&widths).map(|(n, w)| pad(n, *w)).collect()));
            out.push_str(&line(widths.iter().map(|w| "-".repeat(*w)).collect()));
        }
        Mode::Column => {}
        _ => {
            out.push_str(&line(names.iter().zip(&widths).map(|(n, w)| centre(n, *w)).collect()));
            match rules {
                Some([_, middle, _]) => out.push_str(&rule(middle)),
                None => out.push_str(&rule(["|", "-", "|", "|"])),
            }
        }
    }
    let multi_line = rows.iter().any(|row| row.iter().any(|cell| cell.len() > 1));
    for (i, row) in rows.iter().enumerate() {
        let height = row.iter().map(Vec::len).max().unwrap_or(1);
        for l in 0..height {
            let cells = row.iter().zip(&widths).map(|(cell, w)| pad(cell.get(l).map_or("", String::as_str), *w));
            out.push_str(&line(cells.collect()));
        }
        if multi_line && i + 1 < rows.len() {
            match (format.mode, rules) {
                (Mode::Column, _) => out.push('\n'),
                (_, Some([_, middle, _])) => out.push_str(&rule(middle)),
                _ => {}
            }
        }
    }
    if let Some([_, _, bottom]) = rules {
        out.push_str(&rule(bottom));
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
