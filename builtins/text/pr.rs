//! `pr`: paginates or columnates files for printing, as GNU coreutils' pr does. Its layout is
//! a machine of many small states (pending spaces and separators, columns stored for a page and
//! balanced on the last, files on hold at a form feed, lines truncated to a column), so this is
//! that machine, state for state: the same option interplay (`-s` and `-w` of old, `-S`, `-J`,
//! `-W`), the same header (date, centred title, `Page N`), the same padding of a page with
//! newlines or a form feed. Dates are the file's modification time (now for standard input and
//! `-m`), in UTC as every date of the shell.
//!
//! Input is read whole (within the session's limits); output goes out a page at a time.

use crate::Ctx;
use crate::session::Status;
use crate::spec::{Args, Opt, Spec};
use crate::vfs::describe;

const PAGES: Opt = Opt::long("pages", "begin [stop] printing with page FIRST_[LAST_]PAGE (also +FIRST[:LAST])")
    .value("FIRST_PAGE[:LAST_PAGE]");
const COLUMNS: Opt = Opt::long("columns", "output COLUMN columns, down unless -a (also -COLUMN)").value("COLUMN");
const ACROSS: Opt = Opt::both('a', "across", "print columns across rather than down");
const CONTROL: Opt = Opt::both('c', "show-control-chars", "use hat notation (^G) and octal backslash notation");
const DOUBLE: Opt = Opt::both('d', "double-space", "double space the output");
const DATE_FORMAT: Opt = Opt::both('D', "date-format", "use FORMAT for the header date").value("FORMAT");
const EXPAND: Opt = Opt::both('e', "expand-tabs", "expand input CHARs (TABs) to tab WIDTH (8)").optional("CHAR[WIDTH]");
const FORM_FEED: Opt = Opt::both('f', "form-feed", "use form feeds instead of newlines to separate pages");
const FORM_FEED_F: Opt = Opt::short('F', "same as -f");
const HEADER: Opt =
    Opt::both('h', "header", "use a centered HEADER instead of filename in page header").value("HEADER");
const OUTPUT_TABS: Opt =
    Opt::both('i', "output-tabs", "replace spaces with CHARs (TABs) to tab WIDTH (8)").optional("CHAR[WIDTH]");
const JOIN: Opt = Opt::both('J', "join-lines", "merge full lines, no truncation or column alignment");
const LENGTH: Opt = Opt::both('l', "length", "page length (66); implies -t if <= 10").value("PAGE_LENGTH");
const MERGE: Opt = Opt::both('m', "merge", "print all files in parallel, one in each column");
const NUMBER: Opt =
    Opt::both('n', "number-lines", "number lines, DIGITS (5) digits, then SEP (TAB)").optional("SEP[DIGITS]");
const FIRST_LINE: Opt =
    Opt::both('N', "first-line-number", "start counting with NUMBER at first line of first page printed")
        .value("NUMBER");
const INDENT: Opt = Opt::both('o', "indent", "offset each line with MARGIN (zero) spaces").value("MARGIN");
const NO_WARNINGS: Opt = Opt::both('r', "no-file-warnings", "omit warning when a file cannot be opened");
const SEPARATOR: Opt =
    Opt::both('s', "separator", "separate columns by a single character (TAB); no truncation").optional("CHAR");
const SEP_STRING: Opt = Opt::both('S', "sep-string", "separate columns by STRING").optional("STRING");
const OMIT_HEADER: Opt = Opt::both('t', "omit-header", "omit page headers and trailers");
const OMIT_PAGINATION: Opt =
    Opt::both('T', "omit-pagination", "omit headers and trailers, and form feeds set in input files");
const NONPRINTING: Opt = Opt::both('v', "show-nonprinting", "use octal backslash notation");
const WIDTH: Opt = Opt::both('w', "width", "page width (72) for multiple text-column output only").value("PAGE_WIDTH");
const PAGE_WIDTH: Opt = Opt::both('W', "page-width", "page width (72) always, truncating lines").value("PAGE_WIDTH");

/// `pr`.
pub const PR: Spec = Spec {
    name: "pr",
    summary: "paginate or columnate files for printing",
    synopsis: &["[OPTION]... [FILE]..."],
    about: "Paginate or columnate FILE(s) for printing.",
    options: &[
        PAGES,
        COLUMNS,
        ACROSS,
        CONTROL,
        DOUBLE,
        DATE_FORMAT,
        EXPAND,
        FORM_FEED,
        FORM_FEED_F,
        HEADER,
        OUTPUT_TABS,
        JOIN,
        LENGTH,
        MERGE,
        NUMBER,
        FIRST_LINE,
        INDENT,
        NO_WARNINGS,
        SEPARATOR,
        SEP_STRING,
        OMIT_HEADER,
        OMIT_PAGINATION,
        NONPRINTING,
        WIDTH,
        PAGE_WIDTH,
    ],
    digits: Some(Opt::number("COLUMN", "output COLUMN columns")),
    assumed: true,
    ..Spec::BASE
};

/// A position no padding is owed to (pr.c's ANYWHERE).
const ANYWHERE: i64 = 0;
const EOF: i32 = -1;
const LINES_PER_HEADER: i64 = 5;
const LINES_PER_FOOTER: i64 = 5;

/// The options as given, before a run derives its layout from them.
#[derive(Clone)]
struct Options {
    first_page: u64,
    last_page: u64,
    columns: i64,
    explicit_columns: bool,
    across: bool,
    storing_columns: bool,
    control_prefix: bool,
    escapes: bool,
    double_space: bool,
    date_format: String,
    /// The zone the header's date is shown in (the command's `TZ`).
    zone: crate::text::zone::Zone,
    untabify_input: bool,
    input_tab_char: u8,
    chars_per_input_tab: i64,
    tabify_output: bool,
    output_tab_char: u8,
    chars_per_output_tab: i64,
    form_feed: bool,
    header: Option<String>,
    join_lines: bool,
    lines_per_page: i64,
    parallel: bool,
    numbered: bool,
    number_separator: u8,
    chars_per_number: i64,
    start_line_num: i64,
    skip_count: bool,
    margin: i64,
    quiet_opens: bool,
    use_col_separator: bool,
    col_sep: Vec<u8>,
    extremities: bool,
    keep_ff: bool,
    chars_per_line: i64,
    truncate_lines: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            first_page: 0,
            last_page: u64::MAX,
            columns: 1,
            explicit_columns: false,
            across: false,
            storing_columns: true,
            control_prefix: false,
            escapes: false,
            double_space: false,
            date_format: "%Y-%m-%d %H:%M".to_string(),
            zone: crate::text::zone::Zone::default(),
            untabify_input: false,
            input_tab_char: b'\t',
            chars_per_input_tab: 8,
            tabify_output: false,
            output_tab_char: b'\t',
            chars_per_output_tab: 8,
            form_feed: false,
            header: None,
            join_lines: false,
            lines_per_page: 66,
            parallel: false,
            numbered: false,
            number_separator: b'\t',
            chars_per_number: 5,
            start_line_num: 1,
            skip_count: true,
            margin: 0,
            quiet_opens: false,
            use_col_separator: false,
            col_sep: Vec::new(),
            extremities: true,
            keep_ff: false,
            chars_per_line: 72,
            truncate_lines: false,
        }
    }
}

/// Why a run stops before its end, as GNU's `die` says it.
struct Fatal(String);

/// The most characters, lines or columns an option may ask for (GNU takes up to `INT_MAX`):
/// a page, a margin or a number past a megabyte is refused before it is held.
const MOST: i64 = 1 << 20;

/// A number of an option, `min..=MOST` (`-N`'s start: any `i32`), or GNU's complaint (`ERR:
/// 'TEXT'`, with the reason when it is out of range).
fn number(text: &str, min: i64, err: &str) -> Result<i64, Fatal> {
    let most = if min < 0 { i64::from(i32::MAX) } else { MOST };
    match text.trim_start().parse::<i64>() {
        Ok(n) if n >= min && n <= most => Ok(n),
        // GNU's words for a number out of range (past `int`'s: too large), from gnulib.
        _ => match super::decimal_in(text, min, most, err) {
            Err(said) => Err(Fatal(said)),
            Ok(n) => Ok(n),
        },
    }
}

/// `-eCHAR WIDTH`-style values: an optional character, then an optional positive width.
fn char_and_width(arg: &str, letter: char, ch: &mut u8, width: &mut i64) -> Result<(), String> {
    let bytes = arg.as_bytes();
    let mut rest = arg;
    if let Some(&first) = bytes.first()
        && !first.is_ascii_digit()
    {
        *ch = first;
        rest = arg.get(1..).unwrap_or("");
    }
    if !rest.is_empty() {
        match rest.parse::<i64>() {
            Ok(n) if n > 0 && n <= MOST => *width = n,
            _ => return Err(format!("'-{letter}' extra characters or invalid number in the argument: '{rest}'")),
        }
    }
    Ok(())
}

/// `FIRST[:LAST]`, both positive, LAST not before FIRST.
fn page_range(text: &str) -> Option<(u64, u64)> {
    let (first, last) = match text.split_once(':') {
        Some((first, last)) => (first, Some(last)),
        None => (text, None),
    };
    let first: u64 = first.parse().ok().filter(|&n| n > 0 && first.bytes().all(|b| b.is_ascii_digit()))?;
    let last = match last {
        Some(last) => last.parse().ok().filter(|&n| n >= first && last.bytes().all(|b| b.is_ascii_digit()))?,
        None => u64::MAX,
    };
    Some((first, last))
}

/// What the words say: the options, the files, or a usage error (`Err(Some)`: said with the
/// hint to `--help`) or a fatal one (`Err(None)` after `fatal` is set).
fn read_options(args: &Args) -> Result<(Options, Vec<String>), (String, bool)> {
    let mut o = Options::default();
    let (mut old_options, mut old_w, mut old_s) = (false, false, false);
    let mut digits = String::new();
    let mut last_was_digit = false;
    let fatal = |f: Fatal| (f.0, false);
    for (opt, value) in args.given() {
        if opt.short.is_none() && opt.long.is_none() {
            // `-2 -3` are one count of 23, as getopt hands GNU's pr its digits one at a time.
            if !last_was_digit {
                digits.clear();
            }
            digits.push_str(value);
            last_was_digit = true;
            continue;
        }
        last_was_digit = false;
        match *opt {
            PAGES => match page_range(value) {
                Some((first, last)) => (o.first_page, o.last_page) = (first, last),
                None => return Err((format!("invalid page range '{value}'"), false)),
            },
            COLUMNS => {
                o.columns = number(value, 1, "invalid number of columns").map_err(fatal)?;
                o.explicit_columns = true;
                digits.clear();
            }
            ACROSS => {
                o.across = true;
                o.storing_columns = false;
            }
            CONTROL => o.control_prefix = true,
            DOUBLE => o.double_space = true,
            DATE_FORMAT => o.date_format = value.to_string(),
            EXPAND => {
                char_and_width(value, 'e', &mut o.input_tab_char, &mut o.chars_per_input_tab).map_err(|e| (e, true))?;
                o.untabify_input = true;
            }
            FORM_FEED | FORM_FEED_F => o.form_feed = true,
            HEADER => o.header = Some(value.to_string()),
            OUTPUT_TABS => {
                char_and_width(value, 'i', &mut o.output_tab_char, &mut o.chars_per_output_tab)
                    .map_err(|e| (e, true))?;
                o.tabify_output = true;
            }
            JOIN => o.join_lines = true,
            LENGTH => {
                o.lines_per_page = number(value, 1, "'-l PAGE_LENGTH' invalid number of lines").map_err(fatal)?;
            }
            MERGE => {
                o.parallel = true;
                o.storing_columns = false;
            }
            NUMBER => {
                o.numbered = true;
                char_and_width(value, 'n', &mut o.number_separator, &mut o.chars_per_number).map_err(|e| (e, true))?;
            }
            FIRST_LINE => {
                o.skip_count = false;
                o.start_line_num =
                    number(value, i64::from(i32::MIN), "'-N NUMBER' invalid starting line number").map_err(fatal)?;
            }
            INDENT => o.margin = number(value, 0, "'-o MARGIN' invalid line offset").map_err(fatal)?,
            NO_WARNINGS => o.quiet_opens = true,
            SEPARATOR => {
                old_options = true;
                old_s = true;
                if !o.use_col_separator && !value.is_empty() {
                    o.col_sep = toolsh_bytes::encode(value).into_owned();
                }
            }
            SEP_STRING => {
                old_s = false;
                o.col_sep = toolsh_bytes::encode(value).into_owned();
                o.use_col_separator = true;
            }
            OMIT_HEADER => {
                o.extremities = false;
                o.keep_ff = true;
            }
            OMIT_PAGINATION => {
                o.extremities = false;
                o.keep_ff = false;
            }
            NONPRINTING => o.escapes = true,
            WIDTH => {
                old_options = true;
                old_w = true;
                let width = number(value, 1, "'-w PAGE_WIDTH' invalid number of characters").map_err(fatal)?;
                if !o.truncate_lines {
                    o.chars_per_line = width;
                }
            }
            PAGE_WIDTH => {
                old_w = false;
                o.truncate_lines = true;
                o.chars_per_line = number(value, 1, "'-W PAGE_WIDTH' invalid number of characters").map_err(fatal)?;
            }
            _ => {}
        }
    }
    if !digits.is_empty() {
        o.columns = number(&digits, 1, "invalid number of columns").map_err(fatal)?;
        o.explicit_columns = true;
    }
    let mut files = Vec::new();
    for operand in &args.operands {
        // `+FIRST[:LAST]` is a page range unless one was given already (--pages rules).
        if o.first_page == 0
            && let Some(range) = operand.strip_prefix('+').and_then(page_range)
        {
            (o.first_page, o.last_page) = range;
            continue;
        }
        files.push(operand.clone());
    }
    if o.first_page == 0 {
        o.first_page = 1;
    }
    if o.parallel && o.explicit_columns {
        return Err(("cannot specify number of columns when printing in parallel".to_string(), false));
    }
    if o.parallel && o.across {
        return Err(("cannot specify both printing across and printing in parallel".to_string(), false));
    }
    // The options of older prs, translated as GNU's pr does.
    if old_options {
        if old_w {
            if o.parallel || o.explicit_columns {
                o.truncate_lines = true;
                if old_s {
                    o.use_col_separator = true;
                }
            } else {
                o.join_lines = true;
            }
        } else if !o.use_col_separator && old_s && (o.parallel || o.explicit_columns) {
            if !o.truncate_lines {
                o.join_lines = true;
                if !o.col_sep.is_empty() {
                    o.use_col_separator = true;
                }
            } else {
                o.use_col_separator = true;
            }
        }
    }
    Ok((o, files))
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum State {
    Open,
    FfFound,
    OnHold,
    Closed,
}

/// One input, read whole, with a read position.
struct Source {
    data: Vec<u8>,
    pos: usize,
}

impl Source {
    fn getc(&mut self) -> i32 {
        match self.data.get(self.pos) {
            Some(&b) => {
                self.pos += 1;
                i32::from(b)
            }
            None => EOF,
        }
    }

    fn ungetc(&mut self, c: i32) {
        if c != EOF && self.pos > 0 {
            self.pos -= 1;
        }
    }
}

/// A column of the page: a file of `-m`, or one of the columns a single file fills.
struct Column {
    src: usize,
    status: State,
    lines_stored: i64,
    lines_to_print: i64,
    current_line: usize,
    start_position: i64,
    numbered: bool,
    full_page_printed: bool,
    /// Its characters are stored for the page (pr.c's `store_char`), not printed.
    stores: bool,
    /// It prints stored lines (pr.c's `print_stored`) rather than reading its file.
    prints_stored: bool,
}

/// One file (or the `-m` files together) being paginated: pr.c's globals.
struct Printer {
    o: Options,
    out: Vec<u8>,
    sources: Vec<Source>,
    cols: Vec<Column>,
    lines_per_body: i64,
    chars_per_column: i64,
    number_width: i64,
    balance_columns: bool,
    output_position: i64,
    input_position: i64,
    spaces_not_printed: i64,
    separators_not_printed: i64,
    padding_not_printed: i64,
    pad_vertically: bool,
    print_a_header: bool,
    print_a_ff: bool,
    align_empty_cols: bool,
    empty_line: bool,
    ff_only: bool,
    files_ready_to_read: i64,
    page_number: u64,
    line_number: i64,
    line_count: i64,
    last_line: bool,
    buff: Vec<u8>,
    line_vector: Vec<usize>,
    end_vector: Vec<i64>,
    clump: Vec<u8>,
    date_text: String,
    file_text: String,
    header_width_available: i64,
    /// Said on standard error and not fatal (a start page past the end).
    warnings: Vec<String>,
}

fn tab_width(width: i64, at: i64) -> i64 {
    width - at.rem_euclid(width.max(1))
}

fn is_print(c: u8) -> bool {
    (0x20..0x7f).contains(&c)
}

impl Printer {
    /// The layout of a run of `n_files` files (pr.c's init_parameters).
    fn new(mut o: Options, n_files: usize, sources: Vec<Source>) -> Result<Printer, Fatal> {
        let mut lines_per_body = o.lines_per_page - LINES_PER_HEADER - LINES_PER_FOOTER;
        if lines_per_body <= 0 {
            o.extremities = false;
            o.keep_ff = true;
        }
        if !o.extremities {
            lines_per_body = o.lines_per_page;
        }
        if o.double_space {
            lines_per_body /= 2;
        }
        // GNU's pr loops forever on a page with no room for a line (`-l 11 -d`); here a page
        // holds one line at least.
        lines_per_body = lines_per_body.max(1);
        if n_files == 0 {
            o.parallel = false;
        }
        if o.parallel {
            o.columns = n_files as i64;
        }
        let balance_columns = o.storing_columns;
        if o.columns > 1 {
            if !o.use_col_separator {
                o.col_sep = if o.join_lines { b"\t".to_vec() } else { b" ".to_vec() };
                o.use_col_separator = true;
            } else if !o.join_lines && o.col_sep == b"\t" {
                o.col_sep = b" ".to_vec();
            }
            o.truncate_lines = true;
            if o.col_sep != b"\t" {
                o.untabify_input = true;
            }
            o.tabify_output = true;
        } else {
            o.storing_columns = false;
        }
        if o.join_lines {
            o.truncate_lines = false;
        }
        let mut line_count = 1;
        let mut number_width = 0;
        let mut used_by_number = 0;
        if o.numbered {
            line_count = o.start_line_num;
            number_width = if o.number_separator == b'\t' {
                o.chars_per_number + tab_width(8, o.chars_per_number)
            } else {
                o.chars_per_number + 1
            };
            if o.parallel {
                used_by_number = number_width;
            }
        }
        let sep_chars = (o.columns - 1).saturating_mul(o.col_sep.len() as i64);
        let useful = (o.chars_per_line - used_by_number - sep_chars).max(0);
        let chars_per_column = useful / o.columns.max(1);
        if chars_per_column < 1 {
            return Err(Fatal("page width too narrow".to_string()));
        }
        let cols = Vec::new();
        Ok(Printer {
            o,
            out: Vec::new(),
            sources,
            cols,
            lines_per_body,
            chars_per_column,
            number_width,
            balance_columns,
            output_position: 0,
            input_position: 0,
            spaces_not_printed: 0,
            separators_not_printed: 0,
            padding_not_printed: 0,
            pad_vertically: false,
            print_a_header: false,
            print_a_ff: false,
            align_empty_cols: false,
            empty_line: false,
            ff_only: false,
            files_ready_to_read: 0,
            page_number: 1,
            line_number: 0,
            line_count,
            last_line: false,
            buff: Vec::new(),
            line_vector: Vec::new(),
            end_vector: Vec::new(),
            clump: Vec::new(),
            date_text: String::new(),
            file_text: String::new(),
            header_width_available: 0,
            warnings: Vec::new(),
        })
    }

    /// The header's date and title (pr.c's init_header): `mtime` is `None` for standard input
    /// and `-m`, which show the time of the run.
    fn set_header(&mut self, name: &str, mtime: Option<std::time::SystemTime>) {
        let (when, abbreviation) = self.o.zone.local(mtime.unwrap_or_else(std::time::SystemTime::now).into());
        let date = crate::text::strftime::strftime(
            &self.o.date_format,
            &when,
            &abbreviation,
            crate::text::strftime::Dialect::Date,
        );
        self.date_text = date;
        self.file_text = match (&self.o.header, mtime) {
            (Some(header), _) => header.clone(),
            (None, None) => String::new(),
            (None, Some(_)) => name.to_string(),
        };
        self.header_width_available =
            self.o.chars_per_line - self.date_text.chars().count() as i64 - self.file_text.chars().count() as i64;
    }

    /// Sets up the columns over the opened sources (pr.c's init_fps and init_funcs) and skips
    /// to the first page; `false` when nothing is left to print.
    fn start(&mut self) -> bool {
        let columns = self.o.columns.max(1) as usize;
        let column = |src| Column {
            src,
            status: State::Open,
            lines_stored: 0,
            lines_to_print: 0,
            current_line: 0,
            start_position: 0,
            numbered: false,
            full_page_printed: false,
            stores: false,
            prints_stored: false,
        };
        self.cols = if self.o.parallel {
            (0..self.sources.len()).map(column).collect()
        } else {
            (0..columns).map(|_| column(0)).collect()
        };
        self.o.columns = self.cols.len() as i64;
        self.files_ready_to_read = self.sources.len() as i64;
        if self.o.storing_columns {
            self.buff.clear();
        }
        if self.o.first_page > 1 {
            if !self.skip_to_page(self.o.first_page) {
                return false;
            }
            self.page_number = self.o.first_page;
        } else {
            self.page_number = 1;
        }
        self.init_funcs();
        self.line_number = self.line_count;
        true
    }

    fn init_funcs(&mut self) {
        let o = &self.o;
        let mut h = o.margin;
        let mut h_next = if !o.truncate_lines {
            ANYWHERE
        } else if o.parallel && o.numbered {
            h + self.chars_per_column + self.number_width
        } else {
            h + self.chars_per_column
        };
        let sep = o.col_sep.len() as i64;
        h += sep;
        let last = self.cols.len() - 1;
        for (i, p) in self.cols.iter_mut().enumerate() {
            if i < last {
                p.stores = o.storing_columns;
                p.prints_stored = o.storing_columns;
            } else {
                p.stores = o.storing_columns && self.balance_columns;
                p.prints_stored = p.stores;
            }
            p.numbered = o.numbered && (!o.parallel || i == 0);
            p.start_position = h;
            if i < last {
                if !o.truncate_lines {
                    h = ANYWHERE;
                    h_next = ANYWHERE;
                } else {
                    h = h_next + sep;
                    h_next = h + self.chars_per_column;
                }
            }
        }
    }

    fn getc(&mut self, p: usize) -> i32 {
        let src = self.cols[p].src;
        self.sources[src].getc()
    }

    fn ungetc(&mut self, p: usize, c: i32) {
        let src = self.cols[p].src;
        self.sources[src].ungetc(c);
    }

    fn cols_ready_to_print(&self) -> usize {
        self.cols
            .iter()
            .filter(|q| {
                q.status == State::Open
                    || q.status == State::FfFound
                    || (self.o.storing_columns && q.lines_stored > 0 && q.lines_to_print > 0)
            })
            .count()
    }

    fn close_file(&mut self, p: usize) {
        if self.cols[p].status == State::Closed {
            return;
        }
        if !self.o.parallel {
            for q in &mut self.cols {
                q.status = State::Closed;
                if q.lines_stored == 0 {
                    q.lines_to_print = 0;
                }
            }
        } else {
            self.cols[p].status = State::Closed;
            self.cols[p].lines_to_print = 0;
        }
        self.files_ready_to_read -= 1;
    }

    fn hold_file(&mut self, p: usize) {
        if !self.o.parallel {
            let held = if self.o.storing_columns { State::FfFound } else { State::OnHold };
            for q in &mut self.cols {
                q.status = held;
            }
        } else {
            self.cols[p].status = State::OnHold;
        }
        self.cols[p].lines_to_print = 0;
        self.files_ready_to_read -= 1;
    }

    fn reset_status(&mut self) {
        for p in &mut self.cols {
            if p.status == State::OnHold {
                p.status = State::Open;
                self.files_ready_to_read += 1;
            }
        }
        if self.o.storing_columns {
            self.files_ready_to_read = if self.cols[0].status == State::Closed { 0 } else { 1 };
        }
    }

    fn init_page(&mut self) {
        let body = self.lines_per_body;
        if self.o.storing_columns {
            self.store_columns();
            let last = self.cols.len() - 1;
            for p in &mut self.cols[..last] {
                p.lines_to_print = p.lines_stored;
            }
            let p = &mut self.cols[last];
            if self.balance_columns {
                p.lines_to_print = p.lines_stored;
            } else {
                p.lines_to_print = if p.status == State::Open { body } else { 0 };
            }
        } else {
            for p in &mut self.cols {
                p.lines_to_print = if p.status == State::Open { body } else { 0 };
            }
        }
    }

    fn align_column(&mut self, p: usize) {
        self.padding_not_printed = self.cols[p].start_position;
        let sep = self.o.col_sep.len() as i64;
        if sep < self.padding_not_printed {
            self.pad_across_to(self.padding_not_printed - sep);
            self.padding_not_printed = ANYWHERE;
        }
        if self.o.use_col_separator {
            self.print_sep_string();
        }
        if self.cols[p].numbered {
            self.add_line_number(p);
        }
    }

    /// Prints one page; `false` when there are no more (pr.c's print_page).
    fn print_page(&mut self) -> bool {
        self.init_page();
        if self.cols_ready_to_print() == 0 {
            return false;
        }
        if self.o.extremities {
            self.print_a_header = true;
        }
        self.pad_vertically = false;
        let mut pv = false;
        let mut lines_left_on_page = self.lines_per_body;
        if self.o.double_space {
            lines_left_on_page *= 2;
        }
        while lines_left_on_page > 0 && self.cols_ready_to_print() > 0 {
            self.output_position = 0;
            self.spaces_not_printed = 0;
            self.separators_not_printed = 0;
            self.pad_vertically = false;
            self.align_empty_cols = false;
            self.empty_line = true;
            for j in 0..self.cols.len() {
                self.input_position = 0;
                if self.cols[j].lines_to_print > 0 || self.cols[j].status == State::FfFound {
                    self.ff_only = false;
                    self.padding_not_printed = self.cols[j].start_position;
                    let whole = if self.cols[j].prints_stored { self.print_stored(j) } else { self.read_line(j) };
                    if !whole {
                        self.read_rest_of_line(j);
                    }
                    pv |= self.pad_vertically;
                    self.cols[j].lines_to_print -= 1;
                    if self.cols[j].lines_to_print <= 0 && self.cols_ready_to_print() == 0 {
                        break;
                    }
                    let status = self.cols[j].status;
                    if self.o.parallel && status != State::Open {
                        if self.empty_line {
                            self.align_empty_cols = true;
                        } else if status == State::Closed || (status == State::OnHold && self.ff_only) {
                            self.align_column(j);
                        }
                    }
                } else if self.o.parallel {
                    if self.empty_line {
                        self.align_empty_cols = true;
                    } else {
                        self.align_column(j);
                    }
                }
                if self.o.use_col_separator {
                    self.separators_not_printed += 1;
                }
            }
            if self.pad_vertically {
                self.out.push(b'\n');
                lines_left_on_page -= 1;
            }
            if self.cols_ready_to_print() == 0 && !self.o.extremities {
                break;
            }
            if self.o.double_space && pv {
                self.out.push(b'\n');
                lines_left_on_page -= 1;
            }
        }
        if lines_left_on_page == 0 {
            for p in &mut self.cols {
                if p.status == State::Open {
                    p.full_page_printed = true;
                }
            }
        }
        self.pad_vertically = pv;
        if self.pad_vertically && self.o.extremities {
            self.pad_down(lines_left_on_page + LINES_PER_FOOTER);
        } else if self.o.keep_ff && self.print_a_ff {
            self.out.push(b'\x0c');
            self.print_a_ff = false;
        }
        self.page_number += 1;
        if self.o.last_page < self.page_number {
            return false;
        }
        self.reset_status();
        true
    }

    /// Stores all but the rightmost column of a page (all of them when balancing).
    fn store_columns(&mut self) {
        let last_col = if self.balance_columns { self.cols.len() } else { self.cols.len() - 1 };
        self.buff.clear();
        self.line_vector.clear();
        self.end_vector.clear();
        let mut buff_start = 0;
        for p in &mut self.cols[..last_col] {
            p.lines_stored = 0;
        }
        let mut line = 0;
        for i in 0..last_col {
            if self.files_ready_to_read == 0 {
                break;
            }
            self.cols[i].current_line = line;
            let mut j = self.lines_per_body;
            while j > 0 && self.files_ready_to_read > 0 {
                j -= 1;
                if self.cols[i].status == State::Open {
                    self.input_position = 0;
                    if !self.read_line(i) {
                        self.read_rest_of_line(i);
                    }
                    if self.cols[i].status == State::Open || buff_start != self.buff.len() {
                        self.cols[i].lines_stored += 1;
                        self.line_vector.push(buff_start);
                        self.end_vector.push(self.input_position);
                        line += 1;
                        buff_start = self.buff.len();
                    }
                }
            }
        }
        self.line_vector.push(buff_start);
        if self.balance_columns {
            let columns = self.cols.len();
            let mut first_line = 0;
            for (i, p) in self.cols.iter_mut().enumerate() {
                let mut lines = line / columns;
                if i < line % columns {
                    lines += 1;
                }
                p.lines_stored = lines as i64;
                p.current_line = first_line;
                first_line += lines;
            }
        }
    }

    fn char_out(&mut self, p: usize, c: u8) {
        if self.cols[p].stores { self.buff.push(c) } else { self.print_char(c) }
    }

    fn add_line_number(&mut self, p: usize) {
        let width = self.o.chars_per_number.max(0) as usize;
        let number = self.line_number.to_string();
        let text = " ".repeat(width.saturating_sub(number.len())) + &number;
        self.line_number = self.line_number.wrapping_add(1);
        // The low digits of a number too wide are the informative ones.
        let digits = text.as_bytes()[text.len() - width..].to_vec();
        for c in digits {
            self.char_out(p, c);
        }
        if self.o.columns > 1 {
            if self.o.number_separator == b'\t' {
                for _ in 0..self.number_width - self.o.chars_per_number {
                    self.char_out(p, b' ');
                }
            } else {
                self.char_out(p, self.o.number_separator);
            }
        } else {
            self.char_out(p, self.o.number_separator);
            if self.o.number_separator == b'\t' {
                self.output_position += tab_width(self.o.chars_per_output_tab, self.output_position);
            }
        }
        if self.o.truncate_lines && !self.o.parallel {
            self.input_position += self.number_width;
        }
    }

    fn pad_across_to(&mut self, position: i64) {
        if self.o.tabify_output {
            self.spaces_not_printed = position - self.output_position;
        } else {
            let mut h = self.output_position;
            while {
                h += 1;
                h <= position
            } {
                self.out.push(b' ');
            }
            self.output_position = position;
        }
    }

    fn pad_down(&mut self, lines: i64) {
        if self.o.form_feed {
            self.out.push(b'\x0c');
        } else {
            self.out.extend(std::iter::repeat_n(b'\n', lines.max(0) as usize));
        }
    }

    fn read_rest_of_line(&mut self, p: usize) {
        loop {
            match self.getc(p) {
                0x0a => break,
                0x0c => {
                    let c = self.getc(p);
                    if c != 0x0a {
                        self.ungetc(p, c);
                    }
                    if self.o.keep_ff {
                        self.print_a_ff = true;
                    }
                    self.hold_file(p);
                    break;
                }
                EOF => {
                    self.close_file(p);
                    break;
                }
                _ => {}
            }
        }
    }

    fn skip_read(&mut self, p: usize, column_number: usize) {
        let mut c = self.getc(p);
        if c == 0x0c && self.cols[p].full_page_printed {
            c = self.getc(p);
            if c == 0x0a {
                c = self.getc(p);
            }
        }
        self.cols[p].full_page_printed = false;
        let single_ff = c == 0x0c;
        if self.last_line {
            self.cols[p].full_page_printed = true;
        }
        while c != 0x0a {
            if c == 0x0c {
                if self.last_line {
                    if !self.o.parallel {
                        for q in &mut self.cols {
                            q.full_page_printed = false;
                        }
                    } else {
                        self.cols[p].full_page_printed = false;
                    }
                }
                let next = self.getc(p);
                if next != 0x0a {
                    self.ungetc(p, next);
                }
                self.hold_file(p);
                break;
            } else if c == EOF {
                self.close_file(p);
                break;
            }
            c = self.getc(p);
        }
        if self.o.skip_count && (!self.o.parallel || column_number == 1) && !single_ff {
            self.line_count += 1;
        }
    }

    fn print_white_space(&mut self) {
        let mut h_old = self.output_position;
        let goal = h_old + self.spaces_not_printed;
        let tab = self.o.chars_per_output_tab.max(1);
        while goal - h_old > 1 {
            let h_new = h_old + tab_width(tab, h_old);
            if h_new > goal {
                break;
            }
            self.out.push(self.o.output_tab_char);
            h_old = h_new;
        }
        while {
            h_old += 1;
            h_old <= goal
        } {
            self.out.push(b' ');
        }
        self.output_position = goal;
        self.spaces_not_printed = 0;
    }

    fn print_sep_string(&mut self) {
        if self.separators_not_printed <= 0 {
            if self.spaces_not_printed > 0 {
                self.print_white_space();
            }
            return;
        }
        // As pr.c, the whole string goes out once however many separators are owed; the count
        // only says that some are.
        let sep = std::mem::take(&mut self.o.col_sep);
        let mut first = true;
        while self.separators_not_printed > 0 {
            self.separators_not_printed -= 1;
            if first {
                for &c in &sep {
                    if c == b' ' {
                        self.spaces_not_printed += 1;
                    } else {
                        if self.spaces_not_printed > 0 {
                            self.print_white_space();
                        }
                        self.out.push(c);
                        self.output_position += 1;
                    }
                }
                first = false;
            }
            if self.spaces_not_printed > 0 {
                self.print_white_space();
            }
        }
        self.o.col_sep = sep;
    }

    fn print_char(&mut self, c: u8) {
        if self.o.tabify_output {
            if c == b' ' {
                self.spaces_not_printed += 1;
                return;
            } else if self.spaces_not_printed > 0 {
                self.print_white_space();
            }
            if !is_print(c) {
                if c == 0x08 {
                    self.output_position -= 1;
                }
            } else {
                self.output_position += 1;
            }
        }
        self.out.push(c);
    }

    fn skip_to_page(&mut self, page: u64) -> bool {
        let mut n = 1;
        while n < page {
            for _ in 1..self.lines_per_body {
                for j in 0..self.cols.len() {
                    if self.cols[j].status == State::Open {
                        self.skip_read(j, j + 1);
                    }
                }
            }
            self.last_line = true;
            for j in 0..self.cols.len() {
                if self.cols[j].status == State::Open {
                    self.skip_read(j, j + 1);
                }
            }
            if self.o.storing_columns {
                for p in &mut self.cols {
                    if p.status != State::Closed {
                        p.status = State::OnHold;
                    }
                }
            }
            self.reset_status();
            self.last_line = false;
            if self.files_ready_to_read < 1 {
                self.warnings.push(format!("starting page number {page} exceeds page count {n}"));
                break;
            }
            n += 1;
        }
        self.files_ready_to_read > 0
    }

    fn print_header(&mut self) {
        self.output_position = 0;
        self.pad_across_to(self.o.margin);
        self.print_white_space();
        let page_text = format!("Page {}", self.page_number);
        let available = (self.header_width_available - page_text.len() as i64).max(0);
        let lhs = (available >> 1).max(1) as usize;
        let rhs = (available - (available >> 1)).max(1) as usize;
        let margin = self.o.margin.max(0) as usize;
        let line = format!(
            "\n\n{}{}{}{}{}{}\n\n\n",
            " ".repeat(margin),
            self.date_text,
            " ".repeat(lhs),
            self.file_text,
            " ".repeat(rhs),
            page_text
        );
        self.out.extend_from_slice(&toolsh_bytes::encode(&line));
        self.print_a_header = false;
        self.output_position = 0;
    }

    /// Prints (or stores) one line of column `p`; `false` when it was truncated before its end.
    fn read_line(&mut self, p: usize) -> bool {
        let mut c = self.getc(p);
        let mut last_input_position = self.input_position;
        if c == 0x0c && self.cols[p].full_page_printed {
            c = self.getc(p);
            if c == 0x0a {
                c = self.getc(p);
            }
        }
        self.cols[p].full_page_printed = false;
        let mut chars = 0;
        match c {
            0x0c => {
                let next = self.getc(p);
                if next != 0x0a {
                    self.ungetc(p, next);
                }
                self.ff_only = true;
                if self.print_a_header && !self.o.storing_columns {
                    self.pad_vertically = true;
                    self.print_header();
                } else if self.o.keep_ff {
                    self.print_a_ff = true;
                }
                self.hold_file(p);
                return true;
            }
            EOF => {
                self.close_file(p);
                return true;
            }
            0x0a => {}
            _ => chars = self.char_to_clump(c as u8),
        }
        if self.o.truncate_lines && self.input_position > self.chars_per_column {
            self.input_position = last_input_position;
            return false;
        }
        if !self.cols[p].stores {
            self.pad_vertically = true;
            if self.print_a_header && !self.o.storing_columns {
                self.print_header();
            }
            if self.o.parallel && self.align_empty_cols {
                let k = self.separators_not_printed;
                self.separators_not_printed = 0;
                for q in 0..k.max(0) as usize {
                    self.align_column(q);
                    self.separators_not_printed += 1;
                }
                self.padding_not_printed = self.cols[p].start_position;
                self.spaces_not_printed = if self.o.truncate_lines { self.chars_per_column } else { 0 };
                self.align_empty_cols = false;
            }
            let sep = self.o.col_sep.len() as i64;
            if sep < self.padding_not_printed {
                self.pad_across_to(self.padding_not_printed - sep);
                self.padding_not_printed = ANYWHERE;
            }
            if self.o.use_col_separator {
                self.print_sep_string();
            }
        }
        if self.cols[p].numbered {
            self.add_line_number(p);
        }
        self.empty_line = false;
        if c == 0x0a {
            return true;
        }
        self.print_clump(p, chars);
        loop {
            let c = self.getc(p);
            match c {
                0x0a => return true,
                0x0c => {
                    let next = self.getc(p);
                    if next != 0x0a {
                        self.ungetc(p, next);
                    }
                    if self.o.keep_ff {
                        self.print_a_ff = true;
                    }
                    self.hold_file(p);
                    return true;
                }
                EOF => {
                    self.close_file(p);
                    return true;
                }
                _ => {}
            }
            last_input_position = self.input_position;
            let chars = self.char_to_clump(c as u8);
            if self.o.truncate_lines && self.input_position > self.chars_per_column {
                self.input_position = last_input_position;
                return false;
            }
            self.print_clump(p, chars);
        }
    }

    fn print_clump(&mut self, p: usize, chars: usize) {
        let clump = std::mem::take(&mut self.clump);
        for &c in &clump[..chars.min(clump.len())] {
            self.char_out(p, c);
        }
        self.clump = clump;
    }

    /// Prints a stored line of column `p` (pr.c's print_stored).
    fn print_stored(&mut self, p: usize) -> bool {
        let line = self.cols[p].current_line;
        self.cols[p].current_line += 1;
        let first = self.line_vector.get(line).copied().unwrap_or(self.buff.len());
        let last = self.line_vector.get(line + 1).copied().unwrap_or(self.buff.len()).max(first);
        self.pad_vertically = true;
        if self.print_a_header {
            self.print_header();
        }
        if self.cols[p].status == State::FfFound {
            for q in &mut self.cols {
                q.status = State::OnHold;
            }
            if self.cols[0].lines_to_print <= 0 {
                if !self.o.extremities {
                    self.pad_vertically = false;
                }
                return true;
            }
        }
        let sep = self.o.col_sep.len() as i64;
        if sep < self.padding_not_printed {
            self.pad_across_to(self.padding_not_printed - sep);
            self.padding_not_printed = ANYWHERE;
        }
        if self.o.use_col_separator {
            self.print_sep_string();
        }
        let stored = self.buff[first..last].to_vec();
        for c in stored {
            self.print_char(c);
        }
        if self.spaces_not_printed == 0 {
            let start = self.cols[p].start_position;
            self.output_position = start + self.end_vector.get(line).copied().unwrap_or(0);
            if start - sep == self.o.margin {
                self.output_position -= sep;
            }
        }
        true
    }

    /// The characters `c` prints as, in `self.clump`, and their count; moves the input position
    /// by their width (pr.c's char_to_clump).
    fn char_to_clump(&mut self, c: u8) -> usize {
        self.clump.clear();
        let width: i64;
        let chars;
        let per_tab = if c == self.o.input_tab_char { self.o.chars_per_input_tab } else { 8 };
        if c == self.o.input_tab_char || c == b'\t' {
            width = tab_width(per_tab.max(1), self.input_position);
            if self.o.untabify_input {
                self.clump.extend(std::iter::repeat_n(b' ', width.max(0) as usize));
                chars = width.max(0) as usize;
            } else {
                self.clump.push(c);
                chars = 1;
            }
        } else if !is_print(c) {
            if self.o.escapes || (self.o.control_prefix && c >= 0x80) {
                self.clump.extend_from_slice(format!("\\{c:03o}").as_bytes());
                width = 4;
                chars = 4;
            } else if self.o.control_prefix {
                self.clump.push(b'^');
                self.clump.push(c ^ 0x40);
                width = 2;
                chars = 2;
            } else if c == 0x08 {
                self.clump.push(c);
                width = -1;
                chars = 1;
            } else {
                self.clump.push(c);
                width = 0;
                chars = 1;
            }
        } else {
            self.clump.push(c);
            width = 1;
            chars = 1;
        }
        // Too many backspaces leave the position at 0, never below.
        if width < 0 && self.input_position == 0 {
            self.input_position = 0;
            return 0;
        } else if width < 0 && self.input_position <= -width {
            self.input_position = 0;
        } else {
            self.input_position += width;
        }
        chars
    }
}

/// Output is handed on when this much has gathered (a page at least).
const FLUSH_AT: usize = 64 * 1024;

/// Runs `printer` page by page, handing its output on; `false` when the output failed.
async fn print_pages(ctx: &Ctx<'_>, printer: &mut Printer) -> bool {
    let more = printer.start();
    for warning in std::mem::take(&mut printer.warnings) {
        ctx.complain(warning).await;
    }
    if more {
        while printer.print_page() {
            if printer.out.len() >= FLUSH_AT && !ctx.out_piece(&mut printer.out).await {
                return false;
            }
        }
    }
    printer.out.is_empty() || ctx.out_piece(&mut printer.out).await
}

/// An operand read whole, with its modification time (`None` for standard input).
async fn open(ctx: &Ctx<'_>, name: &str) -> std::io::Result<(Vec<u8>, Option<std::time::SystemTime>)> {
    let data = ctx.read_operand(name).await?;
    let mtime = match name {
        "-" | "/dev/stdin" => None,
        _ => ctx.vfs.stat(&ctx.abs(name)).ok().map(|meta| meta.mtime),
    };
    Ok((data, mtime))
}

/// `pr [OPTION]... [FILE]...`
pub async fn pr(ctx: Ctx<'_>, args: Args) -> Status {
    let (mut options, files) = match read_options(&args) {
        Ok(read) => read,
        Err((said, true)) => return ctx.misuse(&PR, said).await,
        Err((said, false)) => return ctx.fail(said).await,
    };
    options.zone = crate::text::zone::Zone::of(ctx.state());
    let mut failed = false;
    let cannot_open =
        |name: &str, err: &std::io::Error| format!("{}: {}", toolsh_bytes::quote::quotef(name), describe(err));
    if options.parallel && !files.is_empty() {
        let mut sources = Vec::new();
        for name in &files {
            match open(&ctx, name).await {
                Ok((data, _)) => sources.push(Source { data, pos: 0 }),
                Err(err) => {
                    failed = true;
                    if !options.quiet_opens {
                        ctx.complain(cannot_open(name, &err)).await;
                    }
                }
            }
        }
        if !sources.is_empty() {
            let mut printer = match Printer::new(options.clone(), files.len(), sources) {
                Ok(printer) => printer,
                Err(Fatal(said)) => return ctx.fail(said).await,
            };
            printer.set_header("", None);
            if !print_pages(&ctx, &mut printer).await {
                return 1;
            }
        }
        return i32::from(failed);
    }
    let names = if files.is_empty() { vec![None] } else { files.into_iter().map(Some).collect() };
    for name in names {
        // The layout is checked before any file is opened, as GNU's pr does.
        if let Err(Fatal(said)) = Printer::new(options.clone(), usize::from(name.is_some()), Vec::new()) {
            return ctx.fail(said).await;
        }
        let (data, mtime) = match open(&ctx, name.as_deref().unwrap_or("-")).await {
            Ok(read) => read,
            Err(err) => {
                failed = true;
                if !options.quiet_opens {
                    ctx.complain(cannot_open(name.as_deref().unwrap_or("-"), &err)).await;
                }
                continue;
            }
        };
        let sources = vec![Source { data, pos: 0 }];
        let Ok(mut printer) = Printer::new(options.clone(), usize::from(name.is_some()), sources) else {
            return 1;
        };
        printer.set_header(name.as_deref().unwrap_or(""), mtime);
        if !print_pages(&ctx, &mut printer).await {
            return 1;
        }
    }
    i32::from(failed)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(o: Options, text: &[u8]) -> String {
        let mut printer = Printer::new(o, 1, vec![Source { data: text.to_vec(), pos: 0 }]).unwrap_or_else(|_| panic!());
        printer.set_header("f", Some(std::time::SystemTime::UNIX_EPOCH));
        assert!(printer.start());
        while printer.print_page() {}
        String::from_utf8(printer.out).unwrap_or_default()
    }

    #[test]
    fn columns_go_down_and_balance() {
        let o = Options { columns: 2, explicit_columns: true, extremities: false, keep_ff: true, ..Options::default() };
        // As GNU's `printf '1\n2\n3\n' | pr -2 -t` lays it out.
        assert_eq!(run(o, b"1\n2\n3\n"), "1\t\t\t\t    3\n2\n");
    }

    #[test]
    fn header_centres_the_title() {
        let o = Options { lines_per_page: 12, ..Options::default() };
        let page = run(o, b"x\n");
        assert!(page.starts_with("\n\n1970-01-01 00:00"), "{page:?}");
        assert!(page.contains("  f  "));
        assert_eq!(page.lines().count(), 12);
    }
}
