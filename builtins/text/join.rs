//! `join`: a relational join of two sorted files on a common field, with GNU coreutils' output
//! formats (`-a`/`-v` unpaired lines, `-o` field lists incl. `auto`, `-e` fillers, `--header`) and
//! its sort-order diagnostics.

use crate::Ctx;
use crate::session::Status;
use crate::spec::{Args, Opt, Spec as CommandSpec};
use crate::text::columns::lines;
use std::cmp::Ordering;

const FIELD_1: Opt = Opt::short('1', "join on this FIELD of file 1").value("FIELD");
const FIELD_2: Opt = Opt::short('2', "join on this FIELD of file 2").value("FIELD");
const UNPAIRED: Opt = Opt::short('a', "also print unpairable lines from file FILENUM (1 or 2)").value("FILENUM");
const EMPTY: Opt = Opt::short('e', "replace missing input fields with EMPTY").value("EMPTY");
const IGNORE_CASE: Opt = Opt::both('i', "ignore-case", "ignore differences in case when comparing fields");
const FIELD: Opt = Opt::short('j', "equivalent to '-1 FIELD -2 FIELD'").value("FIELD");
const FORMAT: Opt =
    Opt::short('o', "obey FORMAT while constructing output line ('auto': from the first line)").value("FORMAT");
const SEPARATOR: Opt = Opt::short('t', "use CHAR as input and output field separator").value("CHAR");
const ONLY_UNPAIRED: Opt = Opt::short('v', "like -a FILENUM, but suppress joined output lines").value("FILENUM");
const CHECK_ORDER: Opt = Opt::long("check-order", "check that the input is correctly sorted");
const NOCHECK_ORDER: Opt = Opt::long("nocheck-order", "do not check that the input is correctly sorted");
const HEADER: Opt = Opt::long("header", "treat the first line in each file as field headers");

/// `join`.
pub const JOIN: CommandSpec = CommandSpec {
    name: "join",
    summary: "join lines of two sorted files on a common field",
    synopsis: &["[OPTION]... FILE1 FILE2"],
    about: "For each pair of input lines with identical join fields, write a line to standard output.",
    options: &[
        UNPAIRED,
        EMPTY,
        IGNORE_CASE,
        FIELD,
        FORMAT,
        SEPARATOR,
        ONLY_UNPAIRED,
        FIELD_1,
        FIELD_2,
        CHECK_ORDER,
        NOCHECK_ORDER,
        HEADER,
    ],
    ..CommandSpec::BASE
};

/// One output column of `-o`: the join field, or field `1..` of file 1 or 2.
#[derive(Clone, Copy)]
enum Column {
    Key,
    Field(usize, usize),
}

/// Everything the options decide.
struct Spec {
    separator: Option<char>,
    keys: [usize; 2],
    unpaired: [bool; 2],
    paired: bool,
    empty: Option<String>,
    format: Option<Vec<Column>>,
    auto_format: bool,
    ignore_case: bool,
    header: bool,
    check_order: Option<bool>,
}

/// A line split into fields, with its position for order diagnostics.
struct Row<'a> {
    text: &'a str,
    fields: Vec<&'a str>,
}

impl<'a> Row<'a> {
    fn new(text: &'a str, separator: Option<char>) -> Self {
        let fields = match separator {
            Some(sep) if !text.is_empty() => text.split(sep).collect(),
            Some(_) => Vec::new(),
            None => text.split([' ', '\t']).filter(|field| !field.is_empty()).collect(),
        };
        Row { text, fields }
    }

    fn key(&self, index: usize) -> &'a str {
        self.fields.get(index).copied().unwrap_or("")
    }
}

/// Parses a 1-based field number.
fn field_number(text: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(n) if n >= 1 => Ok(n - 1),
        _ => Err(format!("invalid field number: '{text}'")),
    }
}

/// Parses a file number of `-a`/`-v`.
fn file_number(text: &str) -> Result<usize, String> {
    match text {
        "1" => Ok(0),
        "2" => Ok(1),
        _ => Err(format!("invalid file number: '{text}'")),
    }
}

/// Parses one `-o` list: `0` or `N.F`, separated by commas or blanks.
fn format_list(text: &str, into: &mut Vec<Column>) -> Result<(), String> {
    for item in text.split([',', ' ', '\t']).filter(|item| !item.is_empty()) {
        if item == "0" {
            into.push(Column::Key);
            continue;
        }
        let column = item.split_once('.').and_then(|(file, field)| {
            let file = file_number(file).ok()?;
            Some(Column::Field(file, field_number(field).ok()?))
        });
        into.push(column.ok_or_else(|| format!("invalid field specifier: '{item}'"))?);
    }
    Ok(())
}

/// Reads the options into a [`Spec`] and the two operands.
fn parse(args: Args) -> Result<(Spec, String, String), String> {
    let mut spec = Spec {
        separator: None,
        keys: [0, 0],
        unpaired: [false, false],
        paired: true,
        empty: None,
        format: None,
        auto_format: false,
        ignore_case: false,
        header: false,
        check_order: None,
    };
    for (opt, value) in args.given() {
        let value = value.to_string();
        match *opt {
            SEPARATOR => {
                let mut chars = value.chars();
                spec.separator = match (chars.next(), chars.next()) {
                    (Some(c), None) => Some(c),
                    _ => return Err(format!("multi-character tab '{value}'")),
                };
            }
            FIELD_1 => spec.keys[0] = field_number(&value)?,
            FIELD_2 => spec.keys[1] = field_number(&value)?,
            FIELD => spec.keys = [field_number(&value)?; 2],
            UNPAIRED => spec.unpaired[file_number(&value)?] = true,
            ONLY_UNPAIRED => {
                spec.unpaired[file_number(&value)?] = true;
                spec.paired = false;
            }
            EMPTY => spec.empty = Some(value),
            FORMAT if value == "auto" => spec.auto_format = true,
            FORMAT => format_list(&value, spec.format.get_or_insert_with(Vec::new))?,
            IGNORE_CASE => spec.ignore_case = true,
            HEADER => spec.header = true,
            CHECK_ORDER => spec.check_order = Some(true),
            NOCHECK_ORDER => spec.check_order = Some(false),
            _ => {}
        }
    }
    match <[String; 2]>::try_from(args.operands) {
        Ok([left, right]) => Ok((spec, left, right)),
        Err(operands) if operands.len() < 2 => Err(match operands.first() {
            Some(only) => format!("missing operand after '{only}'"),
            None => "missing operand".to_string(),
        }),
        Err(operands) => Err(format!("extra operand '{}'", operands[2])),
    }
}

/// The join state: the spec, both files' rows, and the order diagnostics so far.
struct Joiner<'a> {
    spec: &'a Spec,
    names: [&'a str; 2],
    rows: [Vec<Row<'a>>; 2],
    /// The `-o` columns (for `-o auto` from each file's first line), or `None` for the default.
    format: Option<Vec<Column>>,
    seen_unpairable: bool,
    warned: [bool; 2],
    warnings: String,
    out: String,
}

impl<'a> Joiner<'a> {
    fn compare(&self, left: &str, right: &str) -> Ordering {
        if self.spec.ignore_case {
            left.bytes().map(|b| b.to_ascii_lowercase()).cmp(right.bytes().map(|b| b.to_ascii_lowercase()))
        } else {
            left.as_bytes().cmp(right.as_bytes())
        }
    }

    fn key(&self, file: usize, row: usize) -> &'a str {
        self.rows[file][row].key(self.spec.keys[file])
    }

    /// Called on stepping to row `next` of `file`: GNU checks order always with
    /// `--check-order`, and by default only once some line could not be paired.
    fn check_order(&mut self, file: usize, next: usize) {
        let enabled = self.spec.check_order.unwrap_or(self.seen_unpairable);
        if !enabled || self.warned[file] || next == 0 || next >= self.rows[file].len() {
            return;
        }
        if self.compare(self.key(file, next - 1), self.key(file, next)) == Ordering::Greater {
            self.warned[file] = true;
            let line = next + 1 + usize::from(self.spec.header);
            self.warnings.push_str(&format!(
                "join: {}:{line}: is not sorted: {}\n",
                self.names[file], self.rows[file][next].text
            ));
        }
    }

    fn push_field(&mut self, row: Option<&Row<'_>>, index: usize, first: &mut bool) {
        if !*first {
            self.out.push(self.spec.separator.unwrap_or(' '));
        }
        *first = false;
        match row.and_then(|row| row.fields.get(index)) {
            Some(field) => self.out.push_str(field),
            None => self.out.push_str(self.spec.empty.as_deref().unwrap_or("")),
        }
    }

    /// Prints one output line from a pair, or from one side alone (the other `None`).
    fn emit(&mut self, left: Option<&Row<'_>>, right: Option<&Row<'_>>) {
        let sides = [left, right];
        let mut first = true;
        let key_side = if left.is_some() { 0 } else { 1 };
        match self.format.take() {
            Some(format) => {
                for &column in &format {
                    match column {
                        Column::Key => self.push_field(sides[key_side], self.spec.keys[key_side], &mut first),
                        Column::Field(file, field) => self.push_field(sides[file], field, &mut first),
                    }
                }
                self.format = Some(format);
            }
            None => {
                self.push_field(sides[key_side], self.spec.keys[key_side], &mut first);
                for (file, row) in sides.iter().enumerate() {
                    let Some(row) = row else { continue };
                    for index in (0..row.fields.len()).filter(|f| *f != self.spec.keys[file]) {
                        self.push_field(Some(row), index, &mut first);
                    }
                }
            }
        }
        self.out.push('\n');
    }

    /// The end of the run of rows from `start` whose key equals the key at `start`.
    fn group_end(&mut self, file: usize, start: usize) -> usize {
        let mut end = start + 1;
        while end < self.rows[file].len() {
            self.check_order(file, end);
            if self.compare(self.key(file, start), self.key(file, end)) != Ordering::Equal {
                break;
            }
            end += 1;
        }
        end
    }

    fn emit_unpaired(&mut self, file: usize, row: usize) {
        if self.spec.unpaired[file] {
            let rows = std::mem::take(&mut self.rows[file]);
            if file == 0 {
                self.emit(Some(&rows[row]), None);
            } else {
                self.emit(None, Some(&rows[row]));
            }
            self.rows[file] = rows;
        }
    }

    /// `--check-order` makes the first disorder fatal.
    fn stopped(&self) -> bool {
        self.spec.check_order == Some(true) && self.warned.iter().any(|w| *w)
    }

    /// The merge: both files advance in key order; equal groups pair up as a cross product.
    fn run(&mut self) {
        let (mut i, mut j) = (0, 0);
        while i < self.rows[0].len() && j < self.rows[1].len() && !self.stopped() {
            match self.compare(self.key(0, i), self.key(1, j)) {
                Ordering::Less => {
                    self.seen_unpairable = true;
                    self.emit_unpaired(0, i);
                    i += 1;
                    self.check_order(0, i);
                }
                Ordering::Greater => {
                    self.seen_unpairable = true;
                    self.emit_unpaired(1, j);
                    j += 1;
                    self.check_order(1, j);
                }
                Ordering::Equal => {
                    let left_end = self.group_end(0, i);
                    let right_end = self.group_end(1, j);
                    if self.spec.paired && !self.stopped() {
                        let rows = std::mem::take(&mut self.rows);
                        for left in &rows[0][i..left_end] {
                            for right in &rows[1][j..right_end] {
                                self.emit(Some(left), Some(right));
                            }
                        }
                        self.rows = rows;
                    }
                    (i, j) = (left_end, right_end);
                }
            }
        }
        for (file, mut row) in [(0, i), (1, j)] {
            while row < self.rows[file].len() && !self.stopped() {
                self.seen_unpairable = true;
                self.emit_unpaired(file, row);
                row += 1;
                self.check_order(file, row);
            }
        }
    }
}

/// `join [options] FILE1 FILE2`
pub async fn join(ctx: Ctx<'_>, args: Args) -> Status {
    let (spec, left, right) = match parse(args) {
        Ok(parsed) => parsed,
        Err(message) => return ctx.misuse(&JOIN, message).await,
    };
    if left == "-" && right == "-" {
        ctx.complain("both files cannot be standard input").await;
        return 1;
    }
    let (left_lines, right_lines) = match (lines(&ctx, &left).await, lines(&ctx, &right).await) {
        (Ok(a), Ok(b)) => (a, b),
        _ => return 1,
    };
    let mut rows =
        [&left_lines, &right_lines].map(|lines| lines.iter().map(|l| Row::new(l, spec.separator)).collect::<Vec<_>>());
    let format = match (&spec.format, spec.auto_format) {
        (Some(format), _) => Some(format.clone()),
        (None, true) => Some(
            std::iter::once(Column::Key)
                .chain((0..2).flat_map(|file| {
                    let (key, count) = (spec.keys[file], rows[file].first().map_or(0, |row| row.fields.len()));
                    (0..count).filter(move |f| *f != key).map(move |f| Column::Field(file, f))
                }))
                .collect(),
        ),
        (None, false) => None,
    };
    // `--header`: the first lines pair up whatever their keys, and are not checked for order.
    let headers = if spec.header {
        [0, 1].map(|file| (!rows[file].is_empty()).then(|| rows[file].remove(0)))
    } else {
        [None, None]
    };
    let mut joiner = Joiner {
        spec: &spec,
        names: [left.as_str(), right.as_str()],
        rows,
        format,
        seen_unpairable: false,
        warned: [false, false],
        warnings: String::new(),
        out: String::new(),
    };
    if headers[0].is_some() || headers[1].is_some() {
        joiner.emit(headers[0].as_ref(), headers[1].as_ref());
    }
    joiner.run();
    let disordered = joiner.warned.iter().any(|w| *w);
    let (out, mut warnings) = (joiner.out, joiner.warnings);
    if !ctx.out(out).await {
        return 1;
    }
    if disordered && spec.check_order.is_none() {
        warnings.push_str("join: input is not in sorted order\n");
    }
    if !warnings.is_empty() {
        ctx.err(warnings).await;
    }
    i32::from(disordered)
}
