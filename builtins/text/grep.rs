//! `grep`: basic (default), extended (`-E`), fixed (`-F`) and Perl-style (`-P`, as far as the
//! regex crate goes) patterns over files, directories (`-r`) and standard input, with GNU grep's
//! flags, output prefixes, context groups and exit statuses (0 selected, 1 none, 2 error).
//! Lines are matched as bytes, so binary data never breaks it.

use crate::pattern::Pattern;
use crate::session::Status;
use crate::spec::{Args, Opt, Spec};
use crate::text::as_text::{self, AsText};
use crate::text::lines::{Batch, LineBatches};
use crate::text::posix_regex;
use crate::vfs::{FileKind, describe, path};
use crate::{Ctx, OperandReader};
use print::{At, Finds, Heading, Named, Part, emit_line, printable, push_number};
use regex::bytes::{Regex, RegexBuilder};

mod color;
mod filter;
mod json;
mod multiline;
mod print;
pub(crate) mod rg;
mod tree;
mod zip;

#[derive(Default)]
struct Options {
    /// The command's name, which its messages start with (`grep`, `rg`).
    program: &'static str,
    /// `F`, `G`, `E`, `P` as grep's letters, or `R`: the regex crate's own syntax (`rg`).
    syntax: char,
    patterns: Vec<String>,
    pattern_files: Vec<String>,
    ignore_case: bool,
    invert: bool,
    word: bool,
    line: bool,
    count: bool,
    files_with: bool,
    files_without: bool,
    number: bool,
    byte_offset: bool,
    /// `--label`: the name standard input goes by.
    label: Option<String>,
    only: bool,
    with_name: Option<bool>,
    quiet: bool,
    no_messages: bool,
    recursive: bool,
    follow: bool,
    null_data: bool,
    null_after_name: bool,
    /// `-T`: a tab between the prefix and the line, numbers padded to a width per input.
    initial_tab: bool,
    text: bool,
    max: Option<usize>,
    /// `-I`: a file whose first piece holds a NUL byte has no matching lines.
    skip_binary: bool,
    after: usize,
    before: usize,
    /// Whether `-A`, `-B` or `-C` was given (even 0): groups of lines are set apart.
    context: bool,
    /// What sets groups apart (`--group-separator`; none with `--no-group-separator`).
    group_separator: Option<String>,
    /// `--color=always`: the colors (`GREP_COLORS`).
    color: Option<color::Colors>,
    /// `--color` as given: `always`, or anything else (no terminal here).
    color_wanted: bool,
    /// `-d skip`: directories named as operands are passed over.
    skip_directories: bool,
    /// `-D skip`: devices, FIFOs and sockets named as operands are passed over.
    skip_devices: bool,
    /// `--include` (true) and `--exclude` (false) in the order given: the last that matches a
    /// name decides, and one none matches is searched unless the first is an `--include`.
    file_rules: Vec<(Pattern, bool)>,
    exclude_dir: Vec<Pattern>,
    files: Vec<String>,
    /// `grep -r PAT` without a file: the working directory, its files named without `./`.
    implicit_cwd: bool,
    /// `--max-depth` (`rg`): how many directories below an operand a walk goes.
    max_depth: Option<usize>,
    /// `rg`: the paths named on its command line. A binary file among them is searched and
    /// said in ripgrep's words (on standard output, where its first NUL byte is), where one
    /// a walk finds is skipped.
    named: Option<std::collections::HashSet<String>>,
    /// `-c` names only the files with a selected line (`rg`).
    count_nonzero: bool,
    /// `-o` prints empty matches too, each on its own line (`rg`).
    empty_parts: bool,
    /// Lines are printed whatever their bytes (`rg`): only a NUL byte makes an input binary,
    /// where GNU grep leaves out a line that is not UTF-8.
    raw_lines: bool,
    /// `--column` (`rg`): the column of the line's first match (of each part, under `-o`)
    /// after its number.
    column: bool,
    /// `--vimgrep` (`rg`): a line for each match, the whole line each time.
    vimgrep: bool,
    /// `-r` (`rg`): what each match is replaced by where it is printed.
    replace: Option<Vec<u8>>,
    /// `--heading` (`rg`): the path once above a file's lines, a blank line between files.
    heading: bool,
    /// `--count-matches` (`rg`): `-c` counts matches, not lines (an inverted search counts
    /// lines still).
    count_matches: bool,
    /// `-U` (`rg`): a match may run across lines ([`multiline`]).
    multiline: bool,
    /// `--json` (`rg`): ripgrep's JSON Lines ([`json`]) instead of lines of text.
    json: bool,
    /// `-z` (`rg`): a file named as compressed (`.gz`, `.bz2`, `.xz`, …) is searched
    /// decompressed.
    search_zip: bool,
    /// `--json -U`: whether a pattern can match a newline, so that a match's lines are shown
    /// together (ripgrep searches line by line when none can).
    match_newline: bool,
    /// `--multiline-dotall` (`rg`): `.` matches a newline too.
    dot_all: bool,
    /// What a walk leaves out beyond `--include`/`--exclude` (`rg`: hidden names, ignore
    /// files, globs, types).
    filter: Option<std::sync::Arc<filter::Filter>>,
    /// The file standard output writes to (a workspace file, or the host file toolsh's output
    /// was given), when reading it is refused: GNU grep will not search the file its output
    /// goes to (it would read its own lines without end), unless the search prints no lines
    /// (`-q`, `-c`, `-l`, `-L`) or stops at its first (`-m 1`). Files are compared as GNU
    /// compares device and inode: a symlink or a hard link to it is the same file.
    output_file: Option<crate::vfs::FileId>,
    /// The C locale (`LC_ALL=C`): each byte is a character, in the pattern and the lines; a
    /// line is text whatever its bytes (only a NUL makes an input binary), and classes and
    /// case are ASCII's.
    bytes_locale: bool,
}

impl Options {
    /// Whether a file that holds a NUL byte in its first piece is skipped unsearched: `-I`;
    /// for `rg`, unless the file was named.
    fn skips_binary(&self, label: &str) -> bool {
        self.skip_binary && !self.text && self.named.as_ref().is_none_or(|named| !named.contains(label))
    }

    /// What is said of a binary file with a selected line, and whether on standard output:
    /// grep's `grep: NAME: binary file matches` on standard error, or ripgrep's on output.
    fn binary_said(&self, label: &str, show_name: bool, nul_at: Option<usize>) -> (bool, String) {
        if self.named.is_none() {
            return (false, format!("{}: {label}: binary file matches\n", self.program));
        }
        let name = if show_name { format!("{label}: ") } else { String::new() };
        let at = nul_at.unwrap_or(0);
        (true, format!("{name}binary file matches (found \"\\0\" byte around offset {at})\n"))
    }

    /// A message as the command says it: `grep: …`; ripgrep's without its name.
    fn said(&self, message: &str) -> String {
        if self.program == "rg" { format!("{message}\n") } else { format!("{}: {message}\n", self.program) }
    }
}

fn parse_number(text: &str, what: &str) -> Result<usize, String> {
    text.parse().map_err(|_| format!("invalid {what} argument: '{text}'"))
}

const CONTEXT: Opt = Opt::both('C', "context", "print NUM lines of output context").value("NUM");
const NO_IGNORE_CASE: Opt = Opt::long("no-ignore-case", "do not ignore case distinctions (default)");
const INCLUDE: Opt = Opt::long("include", "search only files that match GLOB (a file name pattern)").value("GLOB");
const EXCLUDE: Opt = Opt::long("exclude", "skip files that match GLOB").value("GLOB");
const EXCLUDE_DIR: Opt = Opt::long("exclude-dir", "skip directories that match GLOB").value("GLOB");
const LABEL: Opt = Opt::long("label", "use LABEL as the standard input file name prefix").value("LABEL");
const COLOR: Opt = Opt::long(
    "color",
    "use markers to highlight the matching strings; WHEN is 'always', 'never', or 'auto' (no terminal: never)",
)
.alias("colour")
.optional("WHEN");
const LINE_BUFFERED: Opt = Opt::long("line-buffered", "flush output on every line (output goes out as made)");
const BINARY_FILES: Opt = Opt::long("binary-files", "assume that binary files are TYPE").value("TYPE");
const SILENT: Opt = Opt::long("silent", "same as --quiet");
const DIRECTORIES: Opt =
    Opt::both('d', "directories", "how to handle directories; ACTION is 'read', 'recurse', or 'skip'").value("ACTION");
const DEVICES: Opt =
    Opt::both('D', "devices", "how to handle devices, FIFOs and sockets; ACTION is 'read' or 'skip'").value("ACTION");
const GROUP_SEPARATOR: Opt =
    Opt::long("group-separator", "print SEP on line between matches with context").value("SEP");
const NO_GROUP_SEPARATOR: Opt = Opt::long("no-group-separator", "do not print separator for matches with context");

/// `grep`.
pub const GREP: Spec = Spec {
    name: "grep",
    summary: "print lines that match patterns",
    synopsis: &["[OPTION]... PATTERNS [FILE]..."],
    about: "Search for PATTERNS in each FILE (or standard input; with -r, the working directory).",
    options: &[
        Opt::both('E', "extended-regexp", "PATTERNS are extended regular expressions"),
        Opt::both('F', "fixed-strings", "PATTERNS are strings"),
        Opt::both('G', "basic-regexp", "PATTERNS are basic regular expressions"),
        Opt::both('P', "perl-regexp", "PATTERNS are Perl regular expressions"),
        Opt::both('e', "regexp", "use PATTERNS for matching").value("PATTERNS"),
        Opt::both('f', "file", "take PATTERNS from FILE").value("FILE"),
        Opt::both('i', "ignore-case", "ignore case distinctions in patterns and data"),
        NO_IGNORE_CASE,
        Opt::short('y', "same as -i"),
        Opt::both('w', "word-regexp", "match only whole words"),
        Opt::both('x', "line-regexp", "match only whole lines"),
        Opt::both('z', "null-data", "a data line ends in 0 byte, not newline"),
        Opt::both('s', "no-messages", "suppress error messages"),
        Opt::both('v', "invert-match", "select non-matching lines"),
        Opt::both('m', "max-count", "stop after NUM selected lines").value("NUM"),
        Opt::both('b', "byte-offset", "print the byte offset with output lines"),
        Opt::both('n', "line-number", "print line number with output lines"),
        LINE_BUFFERED,
        Opt::both('H', "with-filename", "print file name with output lines"),
        Opt::both('h', "no-filename", "suppress the file name prefix on output"),
        LABEL,
        Opt::both('o', "only-matching", "show only nonempty parts of lines that match"),
        Opt::both('q', "quiet", "suppress all normal output"),
        SILENT,
        BINARY_FILES,
        Opt::both('a', "text", "equivalent to --binary-files=text"),
        Opt::short('I', "equivalent to --binary-files=without-match"),
        DIRECTORIES,
        DEVICES,
        Opt::both('r', "recursive", "search directories recursively"),
        Opt::both('R', "dereference-recursive", "likewise, but follow all symlinks"),
        INCLUDE,
        EXCLUDE,
        EXCLUDE_DIR,
        Opt::both('L', "files-without-match", "print only names of FILEs with no selected lines"),
        Opt::both('l', "files-with-matches", "print only names of FILEs with selected lines"),
        Opt::both('c', "count", "print only a count of selected lines per FILE"),
        Opt::both('T', "initial-tab", "make tabs line up (if needed)"),
        Opt::both('Z', "null", "print 0 byte after FILE name"),
        Opt::both('B', "before-context", "print NUM lines of leading context").value("NUM"),
        Opt::both('A', "after-context", "print NUM lines of trailing context").value("NUM"),
        CONTEXT,
        GROUP_SEPARATOR,
        NO_GROUP_SEPARATOR,
        COLOR,
        Opt::both('U', "binary", "do not strip CR characters at EOL (MSDOS/Windows)"),
    ],
    usage_status: 2,
    digits: Some(CONTEXT),
    words: crate::spec::Words::GnuWithUsage,
    long_order: &[
        "basic-regexp",
        "before-context",
        "binary-files",
        "byte-offset",
        "binary",
        "context",
        "color",
        "colour",
        "count",
        "devices",
        "directories",
        "dereference-recursive",
        "extended-regexp",
        "exclude",
        "exclude-from",
        "exclude-dir",
        "fixed-regexp=fixed-strings",
        "file",
        "files-with-matches",
        "files-without-match",
        "fixed-strings",
        "include",
        "ignore-case",
        "initial-tab",
        "invert-match",
        "label",
        "line-buffered",
        "line-number",
        "line-regexp",
        "no-ignore-case",
        "no-filename",
        "no-group-separator",
        "no-messages",
        "null",
        "null-data",
        "recursive",
        "regexp",
        "with-filename",
        "word-regexp",
    ],
    ..Spec::BASE
};

/// Applies one option (by its letter) to the options.
fn apply(o: &mut Options, flag: char, value: Option<String>) -> Result<(), String> {
    let value = || value.clone().unwrap_or_default();
    match flag {
        'E' | 'F' | 'G' | 'P' => o.syntax = flag,
        'e' => o.patterns.push(value()),
        'f' => o.pattern_files.push(value()),
        'i' | 'y' => o.ignore_case = true,
        'v' => o.invert = true,
        'w' => o.word = true,
        'x' => o.line = true,
        'c' => o.count = true,
        'l' => o.files_with = true,
        'L' => o.files_without = true,
        'n' => o.number = true,
        'b' => o.byte_offset = true,
        'o' => o.only = true,
        'H' => o.with_name = Some(true),
        'h' => o.with_name = Some(false),
        'q' => o.quiet = true,
        's' => o.no_messages = true,
        'r' => o.recursive = true,
        'R' => {
            o.recursive = true;
            o.follow = true;
        }
        'z' => o.null_data = true,
        'Z' => o.null_after_name = true,
        'a' => o.text = true,
        'I' => o.skip_binary = true,
        'T' => o.initial_tab = true,
        'U' => {}
        'm' => o.max = Some(parse_number(&value(), "max count")?),
        'A' => {
            o.after = parse_number(&value(), "context length")?;
            o.context = true;
        }
        'B' => {
            o.before = parse_number(&value(), "context length")?;
            o.context = true;
        }
        'C' => {
            let n = parse_number(&value(), "context length")?;
            o.after = n;
            o.before = n;
            o.context = true;
        }
        _ => return Err(format!("invalid option -- '{flag}'")),
    }
    Ok(())
}

fn parse_args(args: Args) -> Result<Options, String> {
    let mut o = Options { syntax: 'G', program: "grep", group_separator: Some("--".to_string()), ..Options::default() };
    for (opt, value) in args.given() {
        match *opt {
            NO_IGNORE_CASE => o.ignore_case = false,
            INCLUDE => o.file_rules.push((Pattern::new(value), true)),
            EXCLUDE => o.file_rules.push((Pattern::new(value), false)),
            // `dir/` names the directory `dir`.
            EXCLUDE_DIR => o.exclude_dir.push(Pattern::new(match value.trim_end_matches('/') {
                "" => value,
                trimmed => trimmed,
            })),
            LABEL => o.label = Some(value.to_string()),
            SILENT => o.quiet = true,
            GROUP_SEPARATOR => o.group_separator = Some(value.to_string()),
            DIRECTORIES => match value {
                "read" => o.skip_directories = false,
                "skip" => o.skip_directories = true,
                "recurse" => o.recursive = true,
                other => {
                    return Err(format!(
                        "invalid argument '{other}' for '--directories'\nValid arguments are:\n  - 'read'\n  - 'recurse'\n  - 'skip'"
                    ));
                }
            },
            DEVICES => match value {
                "read" => o.skip_devices = false,
                "skip" => o.skip_devices = true,
                _ => return Err("unknown devices method".to_string()),
            },
            NO_GROUP_SEPARATOR => o.group_separator = None,
            BINARY_FILES => match value {
                "binary" => {}
                "text" => o.text = true,
                "without-match" => o.skip_binary = true,
                other => return Err(format!("invalid argument '{other}' for '--binary-files'")),
            },
            COLOR => {
                o.color_wanted = match value {
                    "always" | "yes" | "force" => true,
                    "never" | "no" | "none" | "auto" | "tty" | "if-tty" | "" => false,
                    other => {
                        return Err(format!(
                            "invalid argument '{other}' for '--color'\nValid arguments are:\n  - 'always', 'yes', 'force'\n  - 'never', 'no', 'none'\n  - 'auto', 'tty', 'if-tty'"
                        ));
                    }
                }
            }
            LINE_BUFFERED => {}
            // Every other option has a letter, which `apply` reads.
            _ => {
                if let Some(letter) = opt.short {
                    apply(&mut o, letter, Some(value.to_string()))?;
                }
            }
        }
    }
    let mut positional = args.operands;
    if o.patterns.is_empty() && o.pattern_files.is_empty() {
        // GNU says nothing but the usage and the hint.
        if positional.is_empty() {
            return Err(String::new());
        }
        o.patterns.push(positional.remove(0));
    }
    o.files = positional;
    Ok(o)
}

/// The regex crate's automaton over bytes, and for POSIX patterns the DFA that finds where
/// POSIX's leftmost-longest match ends (what `-o` and `--color` show: `-e cc -e ccc` takes
/// `ccc`); ripgrep's syntax keeps the regex crate's leftmost-first matches.
#[derive(Clone)]
pub(crate) struct Bytes {
    regex: Regex,
    longest: Option<posix_regex::Longest>,
    /// `-F` with one string and nothing around it: the string searched for as it is (the
    /// regex crate verifies a long literal at each place its prefix is found, which is
    /// quadratic: a 10,000-byte string over a line of zeros took minutes).
    literal: Option<memchr::memmem::Finder<'static>>,
}

impl Bytes {
    fn new(regex: Regex) -> Self {
        Bytes { regex, longest: None, literal: None }
    }

    /// The first match at `at` or later, as a span.
    fn find_at(&self, hay: &[u8], at: usize) -> Option<(usize, usize)> {
        match &self.literal {
            Some(finder) => {
                let start = at + finder.find(hay.get(at..)?)?;
                Some((start, start + finder.needle().len()))
            }
            None => self.regex.find_at(hay, at).map(|m| (m.start(), m.end())),
        }
    }

    fn is_match(&self, hay: &[u8]) -> bool {
        match &self.literal {
            Some(finder) => finder.find(hay).is_some(),
            None => self.regex.is_match(hay),
        }
    }
}

/// A compiled pattern: the regex crate over bytes, or for `-P` fancy-regex (look-around,
/// backreferences, lazy and possessive forms) over the line as text.
enum Matcher {
    /// Shared, so the search can hold it while writing output: a clone of a `Regex` itself
    /// would start without its match caches.
    Bytes(std::sync::Arc<Bytes>),
    /// Searched in the line as text ([`AsText`]) seen as the [`as_text::How`] says (each byte
    /// a character in the C locale; in lower case under `-i` with back-references).
    Perl(fancy_regex::Regex, as_text::How, GaveUp),
}

/// Whether a backtracking search went past fancy-regex's limit: GNU's `-P` then stops with
/// status 2 (`exceeded PCRE's backtracking limit`), where a line left unmatched would be a
/// wrong answer given silently.
#[derive(Default)]
struct GaveUp(std::sync::atomic::AtomicBool);

impl GaveUp {
    fn note<T>(&self, result: Result<T, fancy_regex::Error>) -> Option<T> {
        if result.is_err() {
            self.0.store(true, std::sync::atomic::Ordering::Relaxed);
        }
        result.ok()
    }
}

impl Matcher {
    fn is_match(&self, line: &[u8]) -> bool {
        match self {
            Matcher::Bytes(regex) => regex.is_match(line),
            Matcher::Perl(regex, how, gave_up) => {
                gave_up.note(regex.is_match(AsText::with(line, *how).text())).unwrap_or(false)
            }
        }
    }

    /// Whether a search went past the backtracking limit ([`GaveUp`]).
    fn gave_up(&self) -> bool {
        matches!(self, Matcher::Perl(_, _, gave_up) if gave_up.0.load(std::sync::atomic::Ordering::Relaxed))
    }
}

impl Finds for Matcher {
    /// A `-P` match is found in the line seen as text ([`AsText`]): a byte that is not UTF-8
    /// is a character of its own.
    fn parts(&self, line: &[u8], with: Option<&[u8]>) -> Vec<Part> {
        match self {
            Matcher::Bytes(regex) => regex.parts(line, with),
            Matcher::Perl(regex, how, gave_up) => {
                let seen = AsText::with(line, *how);
                let with = with.map(toolsh_bytes::decode);
                regex
                    .captures_iter(seen.text())
                    .map_while(|caps| gave_up.note(caps))
                    .filter_map(|caps| {
                        let whole = caps.get(0)?;
                        let replacement = with.as_deref().map(|with| {
                            toolsh_bytes::encode_string(fancy_regex::Expander::default().expansion(with, &caps))
                        });
                        let (start, end) = seen.span(whole.start(), whole.end());
                        Some(Part { start, end, replacement })
                    })
                    .collect()
            }
        }
    }
}

/// GNU's complaint about a POSIX pattern alone, if it has one: each pattern is an expression of
/// its own (joined, an unclosed `[` of one would take in the next: `grep -e '[' -e ']'` is an
/// error), and every bad one is said.
fn pattern_error(o: &Options, pattern: &str) -> Option<String> {
    if matches!(o.syntax, 'E' | 'G') && posix_regex::misplaced_class(pattern) {
        return Some("character class syntax is [[:space:]], not [:space:]".to_string());
    }
    let translated = match o.syntax {
        'E' => posix_regex::extended(pattern),
        'G' => posix_regex::basic(pattern),
        _ => return None,
    };
    if posix_regex::too_big(&translated) {
        return Some("Regular expression too big".to_string());
    }
    // Nested deeper than the regex crate goes, whether or not the groups close.
    if posix_regex::nesting(&translated) > 250 {
        return Some("stack overflow".to_string());
    }
    if posix_regex::has_backreference(&translated) {
        return None;
    }
    regex_syntax::ast::parse::Parser::new()
        .parse(&translated)
        .err()
        .map(|err| posix_regex::failure_message(&err.to_string()))
}

fn build_regex(o: &Options, patterns: &[String]) -> Result<Matcher, String> {
    // The C locale reads a pattern's characters past ASCII as their bytes.
    let bytes_of = |p: &String| if o.bytes_locale { as_text::pattern_bytes(p) } else { p.clone() };
    let pieces: Vec<String> = patterns
        .iter()
        .map(bytes_of)
        .map(|p| match o.syntax {
            'F' => posix_regex::fixed(&p),
            'E' => posix_regex::extended(&p),
            'P' | 'R' => p,
            _ => posix_regex::basic(&p),
        })
        .collect();
    // Back-references (`\(a\)\1`) need fancy-regex; each expression keeps its own groups.
    let backtracking = !matches!(o.syntax, 'P' | 'R') && pieces.iter().any(|p| posix_regex::has_backreference(p));
    let pieces = if backtracking {
        let mut groups = 0;
        pieces
            .iter()
            .map(|piece| {
                let (renumbered, opened) = posix_regex::renumber_groups(piece, groups);
                groups += opened;
                renumbered
            })
            .collect()
    } else {
        pieces
    };
    // No pattern at all (`-f` of an empty file) matches no line, as in GNU grep.
    let mut joined = if pieces.is_empty() {
        "[^\\s\\S]".to_string()
    } else if let [only] = pieces.as_slice() {
        // One pattern as written, so an error shows the user's own text.
        only.clone()
    } else {
        pieces.iter().map(|p| format!("(?:{p})")).collect::<Vec<_>>().join("|")
    };
    if o.line {
        joined = format!("^(?:{joined})$");
    } else if o.word {
        // A word is a match with no word character just before or after it (GNU's test),
        // not one between word boundaries: `-w ''` matches no line with a word at its ends.
        joined = if o.syntax == 'P' || backtracking {
            format!("(?<!\\w)(?:{joined})(?!\\w)")
        } else {
            format!("\\b{{start-half}}(?:{joined})\\b{{end-half}}")
        };
    }
    let describe = |text: String| {
        let last = text.lines().rev().find(|l| l.starts_with("error:")).unwrap_or(text.lines().next().unwrap_or(""));
        format!("{}: {}", patterns.join("\\n"), last.trim_start_matches("error: "))
    };
    if o.syntax == 'P' || backtracking {
        // With -z a line may hold newlines, which a POSIX `.` matches as in GNU's grep (PCRE's
        // `.` does not).
        let flags = match (o.ignore_case, o.null_data && o.syntax != 'P') {
            (true, true) => "(?is)",
            (true, false) => "(?i)",
            (false, true) => "(?s)",
            (false, false) => "",
        };
        // A POSIX pattern's bytes that are not UTF-8 are their stand-ins in the line's text.
        if o.syntax != 'P' {
            joined = as_text::bytes_as_stand_ins(&joined);
        }
        // fancy-regex counts positions in the wrapped pattern, which the user never wrote.
        // `-i` with back-references sees the line in lower case (a group's text then matches
        // whatever its case); PCRE's own `(?i)` and `(?-i)` are left to it.
        let how = as_text::How { each_byte: o.bytes_locale, fold: o.ignore_case && o.syntax != 'P' };
        let built = fancy_regex::Regex::new(&format!("{flags}{joined}"));
        return built.map(|r| Matcher::Perl(r, how, GaveUp::default())).map_err(|e| {
            let text = e.to_string();
            // GNU's -P says PCRE2's message alone; the commonest in PCRE2's words.
            if o.syntax == 'P' {
                let pcre = if text.contains("end of string not reached") {
                    Some("unmatched closing parenthesis")
                } else if text.contains("Invalid back reference") {
                    Some("reference to non-existent subpattern")
                } else if text.contains("Unclosed open paren") || text.contains("without closing parenthesis") {
                    Some("missing closing parenthesis")
                } else {
                    None
                };
                if let Some(pcre) = pcre {
                    return pcre.to_string();
                }
            }
            let text = match (text.find(" at position "), text.find(": ")) {
                (Some(at), Some(colon)) if colon > at => format!("{}{}", &text[..at], &text[colon..]),
                _ => text,
            };
            describe(text)
        });
    }
    if o.bytes_locale {
        joined = as_text::stand_ins_as_bytes(&joined);
    }
    RegexBuilder::new(&joined)
        .case_insensitive(o.ignore_case)
        // `^` and `$` at line ends, so the whole input can be searched at once.
        .multi_line(!o.null_data)
        // With -z a line may hold newlines, which `.` matches as in GNU's grep.
        .dot_matches_new_line(o.null_data || (o.dot_all && o.multiline))
        .unicode(!o.bytes_locale)
        .build()
        .map(|regex| {
            // Where a match ends matters only when matches are shown.
            let longest = (o.program == "grep" && o.syntax != 'R' && (o.only || o.color_wanted)).then(|| {
                let options = posix_regex::Options {
                    ignore_case: o.ignore_case,
                    dot_matches_new_line: o.null_data,
                    multi_line: !o.null_data,
                    line_terminator: b'\n',
                    bytes: o.bytes_locale,
                };
                posix_regex::Longest::new(&joined, &options)
            });
            // One string, case and all, with nothing around it: searched for as it is.
            let literal = match (o.syntax, patterns) {
                ('F', [only]) if !o.ignore_case && !o.word && !o.line && !only.is_empty() && !only.contains('\n') => {
                    Some(memchr::memmem::Finder::new(&toolsh_bytes::encode(only)).into_owned())
                }
                _ => None,
            };
            Matcher::Bytes(std::sync::Arc::new(Bytes { regex, longest: longest.flatten(), literal }))
        })
        .map_err(|err| match o.syntax {
            // ripgrep shows the regex crate's own account, the place marked.
            'R' => err.to_string(),
            _ => crate::text::posix_regex::failure_message(&err.to_string()),
        })
}

/// Where a line-by-line search stands between batches of one input.
struct LineScan {
    count: usize,
    /// The index of the next line (0-based).
    idx: usize,
    /// Bytes of the input before the next line (for `-b`).
    offset: usize,
    last_printed: Option<usize>,
    after_left: usize,
    /// The last lines neither selected nor printed (at most `-B`'s number), with their index
    /// and offset: copies, as the batch they were read in is gone when a match needs them.
    before: std::collections::VecDeque<(usize, usize, Vec<u8>)>,
    /// Whether a NUL byte was seen: selected lines are counted, not printed.
    binary: bool,
    /// Whether a line to print was not UTF-8: it was left out, and the input is said to be
    /// binary at the end (GNU's rule in a UTF-8 locale).
    undecodable: bool,
    heading: Heading,
    /// `-U`: the lines the whole input's matches touch, where the line's own match decides
    /// otherwise.
    selected: Option<multiline::Selected>,
    /// Bytes of the input before the line after the last one `-m` lets select, once reached.
    stop: Option<usize>,
}

/// Where a direct search stands between pieces of one input.
struct Scan {
    count: usize,
    /// The number of the first line of the next piece.
    line_no: usize,
    /// Whether a NUL byte was seen: matching lines are counted, not printed.
    binary: bool,
    /// Whether a line to print was not UTF-8 (see [`LineScan::undecodable`]).
    undecodable: bool,
    /// Bytes of the input before the next piece (for `-b`).
    offset: usize,
    /// Where the first NUL byte is (what ripgrep says of a binary file).
    nul_at: Option<usize>,
    heading: Heading,
}

impl Scan {
    /// The scan of an input whose heading (`--heading`) follows a blank line when `gap`.
    fn new(gap: bool) -> Self {
        let heading = Heading { printed: false, gap, width: 0 };
        Scan { count: 0, line_no: 1, binary: false, undecodable: false, offset: 0, nul_at: None, heading }
    }
}

/// What the direct search of a block decided.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Flow {
    /// Go on with the next block.
    More,
    /// This input is done (`-m` reached, or `-l`/`-L` know the answer).
    InputDone,
    /// `-q` found a line: nothing more is searched.
    Quiet,
}

impl Finds for Bytes {
    /// POSIX's leftmost-longest matches, or a fixed string's, when this pattern has them;
    /// else (ripgrep, `-r`'s replacements) the regex crate's.
    fn parts(&self, line: &[u8], with: Option<&[u8]>) -> Vec<Part> {
        if with.is_some() || (self.longest.is_none() && self.literal.is_none()) {
            return self.regex.parts(line, with);
        }
        byte_spans(self, line).into_iter().map(|(start, end)| Part { start, end, replacement: None }).collect()
    }
}

/// The non-empty matches of a line, as byte spans (`-o`).
fn byte_spans(regex: &Bytes, line: &[u8]) -> Vec<(usize, usize)> {
    let mut spans = Vec::new();
    let mut at = 0;
    while at <= line.len() {
        let Some((start, first_end)) = regex.find_at(line, at) else { break };
        let end = regex.longest.as_ref().and_then(|l| l.end(line, start)).unwrap_or(0).max(first_end);
        if end > start {
            spans.push((start, end));
            at = end;
        } else {
            at = start + 1;
        }
    }
    spans
}

/// Modes that print per input rather than per line.
fn per_input(o: &Options) -> bool {
    o.count || o.files_with || o.files_without
}

/// The direct search of a block of whole lines: a NUL byte in it makes the input binary (its
/// later lines are counted, not printed), and its matching lines are found by searching all of
/// it at once. Output goes to `out`; the command's own search (`Search`) and the search on a
/// worker thread (`tree.rs`) share it.
#[allow(clippy::too_many_arguments)]
fn scan_block(
    o: &Options,
    regex: &Bytes,
    out: &mut Vec<u8>,
    data: &[u8],
    label: &str,
    show_name: bool,
    scan: &mut Scan,
) -> Flow {
    if !o.text
        && let Some(at) = memchr::memchr(0, data)
    {
        scan.binary = true;
        scan.nul_at.get_or_insert(scan.offset + at);
    }
    let mut at = 0usize;
    // Line number of the line starting at `numbered_to`.
    let first_line = scan.line_no;
    let mut numbered_to = 0usize;
    // `-l` and `-L` (without `-c`) know their answer at the first selected line, as GNU grep
    // stops reading there.
    let first_decides = (o.files_with || o.files_without) && !o.count;
    while at < data.len() {
        if o.max.is_some_and(|m| scan.count >= m) {
            return Flow::InputDone;
        }
        let Some((found_start, found_end)) = regex.find_at(data, at) else { break };
        // After a final newline there is no line, though `^` and `$` match there.
        if found_start == data.len() && data.last() == Some(&b'\n') {
            break;
        }
        let start = memchr::memrchr(b'\n', &data[..found_start]).map_or(0, |i| i + 1);
        let end = memchr::memchr(b'\n', &data[found_start..]).map_or(data.len(), |i| found_start + i);
        let line = &data[start..end];
        at = end + 1;
        // A match that ran across a newline is not a match of this line alone.
        if found_end > end && !regex.is_match(line) {
            continue;
        }
        scan.count += 1;
        if o.quiet {
            return Flow::Quiet;
        }
        if first_decides {
            return Flow::InputDone;
        }
        if per_input(o) || scan.binary {
            continue;
        }
        if o.number {
            scan.line_no += bytecount::count(&data[numbered_to..start], b'\n');
            numbered_to = start;
        }
        let mut named = Named { label, show: show_name, heading: &mut scan.heading };
        if !emit_line(o, out, &mut named, scan.line_no, scan.offset + start, line, b'\n', regex) {
            scan.undecodable = true;
        }
    }
    if o.number {
        scan.line_no = first_line + bytecount::count(data, b'\n');
    }
    scan.offset += data.len();
    if o.max.is_none_or(|m| scan.count < m) { Flow::More } else { Flow::InputDone }
}

/// The per-input summary into `out` — the count, the name for `-l`/`-L`; true when the
/// binary-file notice follows it (on standard error, once what came before is out).
fn summary(o: &Options, out: &mut Vec<u8>, label: &str, show_name: bool, binary: bool, count: usize) -> bool {
    if o.count && o.count_nonzero && count == 0 {
        false
    } else if o.count {
        if show_name {
            name_in_color(o, out, label);
            match (&o.color, o.null_after_name) {
                (_, true) => out.push(0),
                (Some(colors), false) => colors.wrap(out, &colors.separator, b":"),
                (None, false) => out.push(b':'),
            }
        }
        push_number(out, count);
        out.push(b'\n');
        false
    } else if (o.files_with && count > 0) || (o.files_without && count == 0) {
        name_in_color(o, out, label);
        out.push(if o.null_after_name { 0 } else { b'\n' });
        false
    } else {
        // `-L` names no file with a selected line, and says nothing of one that is binary.
        binary && count > 0 && !o.files_without
    }
}

/// A file's name, in its color with `--color=always`.
fn name_in_color(o: &Options, out: &mut Vec<u8>, label: &str) {
    match &o.color {
        Some(colors) => colors.wrap(out, &colors.file_name, &toolsh_bytes::encode(label)),
        None => out.extend_from_slice(&toolsh_bytes::encode(label)),
    }
}

/// Whether a search may go through its input a block at a time (no inversion, no context, a
/// pattern of the regex crate, lines ending in newlines): the search `tree.rs` runs on worker
/// threads.
/// The width `-T` pads line numbers and byte offsets to in one input: the digits of its size
/// (one more with `-n`), or of the largest offset when the size is not known (standard input),
/// as GNU grep sizes them.
pub(super) fn tab_width(file: Option<&mut dyn crate::vfs::Reader>, numbered: bool) -> usize {
    use std::io::SeekFrom;
    let size = file.and_then(|file| {
        let at = file.stream_position().ok()?;
        let size = file.seek(SeekFrom::End(0)).ok()?;
        file.seek(SeekFrom::Start(at)).ok()?;
        Some(size)
    });
    tab_width_of(size, numbered)
}

/// [`tab_width`] of an input of `size` bytes (`None`: not known).
fn tab_width_of(size: Option<u64>, numbered: bool) -> usize {
    let largest = match size {
        Some(size) => size.saturating_add(u64::from(numbered)).min(i64::MAX as u64),
        None => i64::MAX as u64,
    };
    largest.checked_ilog10().map_or(1, |digits| digits as usize + 1)
}

fn is_direct(o: &Options, regex: &Matcher) -> bool {
    matches!(regex, Matcher::Bytes(_))
        && !o.invert
        && !o.context
        && !o.null_data
        && !o.multiline
        && !o.count_matches
        && !o.json
}

struct Search<'c, 'a> {
    ctx: &'c Ctx<'a>,
    o: std::sync::Arc<Options>,
    regex: Matcher,
    out: Vec<u8>,
    selected_any: bool,
    error: bool,
    /// Whether a group of lines with context was printed, in this file or an earlier one: the
    /// next group is set off by `--`, across files as within one (GNU).
    any_context_printed: bool,
    /// Where the input being searched has its first NUL byte, once seen.
    nul_at: Option<usize>,
    /// Whether a file's lines were printed under its heading (`--heading`): the next
    /// heading follows a blank line.
    headed_any: bool,
    /// `-T`: the width of numbers in the input being searched ([`tab_width`]).
    width: usize,
    /// `--json`: the JSON printer, in place of the text one.
    json: Option<json::Json>,
    /// Whether writing the output failed (a full disk, a closed descriptor): GNU grep ends
    /// with status 2 after saying so, whatever it found.
    write_failed: bool,
}

impl<'c, 'a> Search<'c, 'a> {
    fn new(ctx: &'c Ctx<'a>, o: Options, regex: Matcher) -> Self {
        let json = o.json.then(json::Json::new);
        Search {
            ctx,
            o: std::sync::Arc::new(o),
            regex,
            out: Vec::new(),
            selected_any: false,
            error: false,
            any_context_printed: false,
            nul_at: None,
            headed_any: false,
            width: 0,
            json,
            write_failed: false,
        }
    }

    /// The name, line number and byte offset before a line, as asked for.
    fn context_prefix(&mut self, named: &mut Named<'_>, line_no: usize, offset: usize, line: &[u8]) {
        let at = At { line_no, offset, column: None, blank: line.is_empty() };
        print::prefix(&self.o, &mut self.out, named, at, b'-');
    }

    /// Searches one input; returns false when output should stop (`-q` matched, reader gone).
    async fn search(&mut self, label: String, mut reader: OperandReader, show_name: bool) -> bool {
        self.nul_at = None;
        if let Some(json) = &mut self.json {
            json.start();
        }
        self.width = match &mut reader {
            _ if !self.o.initial_tab => 0,
            OperandReader::File(file) => tab_width(Some(file.as_mut()), self.o.number),
            // Standard input from a file has the file's size (GNU: fstat).
            OperandReader::Stdin(input) => match input.file_path().and_then(|abs| self.ctx.vfs.stat(&abs).ok()) {
                Some(meta) => tab_width_of(Some(meta.size), self.o.number),
                None => tab_width(None, self.o.number),
            },
        };
        // Without context or inversion only the matching lines matter: the regex runs over
        // the input a large piece at a time (as GNU grep does), not once per line, and the
        // input is never held whole.
        // (`-m` on standard input from a file goes line by line, to know where to leave it.)
        let rewinds = matches!(&reader, OperandReader::Stdin(input) if self.rewinds(input));
        if is_direct(&self.o, &self.regex) && !rewinds {
            return self.search_pieces(label, reader, show_name).await;
        }
        self.search_lines(label, reader, show_name).await
    }

    /// Whether standard input is left just after the last line `-m` selected: GNU grep's
    /// (not ripgrep's), when the input is a file (a pipe's bytes once read are gone) and
    /// lines are printed (`-l` and `-L` leave it where they stopped reading).
    fn rewinds(&self, input: &crate::io::Input) -> bool {
        self.o.max.is_some()
            && self.o.program == "grep"
            && !self.o.files_with
            && !self.o.files_without
            && input.is_seekable()
    }

    /// The direct search over pieces of the input as they are read: each piece up to its last
    /// line end is searched where it lies; only the line running across two pieces is copied
    /// together.
    async fn search_pieces(&mut self, label: String, mut reader: OperandReader, show_name: bool) -> bool {
        let mut scan = Scan::new(self.headed_any);
        scan.heading.width = self.width;
        let mut pending: Vec<u8> = Vec::new();
        let mut first = true;
        loop {
            let chunk = match reader.chunk().await {
                // `-I` judges a file by its first piece, as GNU grep by its first buffer.
                Ok(Some(chunk))
                    if std::mem::take(&mut first)
                        && self.o.skips_binary(&label)
                        && !self.o.null_data
                        && memchr::memchr(0, &chunk).is_some() =>
                {
                    return self.finish_source(&label, show_name, false, 0).await;
                }
                Ok(Some(chunk)) => chunk,
                Ok(None) if pending.is_empty() => break,
                Ok(None) => {
                    let rest = std::mem::take(&mut pending);
                    match self.scan_block(&rest, &label, show_name, &mut scan).await {
                        None => return false,
                        Some(_) => break,
                    }
                }
                Err(err) => {
                    self.complain(format!("{label}: {}", describe(&err))).await;
                    break;
                }
            };
            // GNU grep judges a buffer whole: a NUL byte anywhere in the piece read makes the
            // input binary from the piece's first line on, not from the NUL's line.
            if self.o.named.is_none()
                && !self.o.text
                && let Some(at) = memchr::memchr(0, &chunk)
            {
                scan.binary = true;
                scan.nul_at.get_or_insert(scan.offset + pending.len() + at);
            }
            let Some(last) = memchr::memrchr(b'\n', &chunk) else {
                pending.extend_from_slice(&chunk);
                continue;
            };
            let mut start = 0;
            if !pending.is_empty() {
                // The line begun in the last piece ends in this one.
                let first = memchr::memchr(b'\n', &chunk).unwrap_or(last);
                pending.extend_from_slice(&chunk[..=first]);
                let line = std::mem::take(&mut pending);
                match self.scan_block(&line, &label, show_name, &mut scan).await {
                    None => return false,
                    Some(false) => break,
                    Some(true) => {}
                }
                start = first + 1;
            }
            if start <= last {
                match self.scan_block(&chunk[start..=last], &label, show_name, &mut scan).await {
                    None => return false,
                    Some(false) => break,
                    Some(true) => {}
                }
            }
            pending.extend_from_slice(&chunk[last + 1..]);
        }
        self.nul_at = scan.nul_at;
        self.headed_any |= scan.heading.printed;
        self.finish_source(&label, show_name, scan.binary || scan.undecodable, scan.count).await
    }

    /// Searches a block of whole lines ([`scan_block`]) and hands its output on when large;
    /// `None` when output should stop, `Some(false)` when this input is done.
    async fn scan_block(&mut self, block: &[u8], label: &str, show_name: bool, scan: &mut Scan) -> Option<bool> {
        let Matcher::Bytes(regex) = &self.regex else { return Some(false) };
        let flow = scan_block(&self.o, regex, &mut self.out, block, label, show_name, scan);
        if scan.count > 0 {
            self.selected_any = true;
        }
        if flow == Flow::Quiet || !self.flush().await {
            return None;
        }
        Some(flow == Flow::More)
    }

    /// Output a matching line (or its `-o` parts) after its prefix; `offset` is where the line
    /// starts in its input.
    /// One line of trailing context (`-A`): printed with `-`, or left out when it is not UTF-8
    /// (the input is then said to be binary at the end, as GNU grep does).
    fn after_context(
        &mut self,
        scan: &mut LineScan,
        (label, show_name): (&str, bool),
        idx: usize,
        offset: usize,
        (line, ended): (&[u8], bool),
        terminator: u8,
    ) {
        scan.after_left -= 1;
        if self.json.is_some() {
            self.json_line(json::Kind::Context, label, (line, ended), terminator, idx + 1, offset);
            scan.last_printed = Some(idx);
        } else if self.o.only && self.o.program == "grep" {
            // grep's `-o` prints no context (but the matches of `-v`'s context lines, which
            // match), and context still joins groups.
            let mut named = Named { label, show: show_name, heading: &mut scan.heading };
            if !self.only_context(&mut named, idx + 1, offset, line, terminator) {
                scan.undecodable = true;
            }
            scan.last_printed = Some(idx);
        } else if printable(&self.o, line) {
            let mut named = Named { label, show: show_name, heading: &mut scan.heading };
            self.context_prefix(&mut named, idx + 1, offset, line);
            self.context_line(line);
            self.out.push(terminator);
            scan.last_printed = Some(idx);
        } else {
            scan.undecodable = true;
        }
    }

    /// A line as `--json` prints it: a selected line with its matches (none under `-v`), a
    /// context line with none (its matches under `-v`, where context lines are the matching
    /// ones), as ripgrep shows them; `ended` when its terminator follows it.
    fn json_line(
        &mut self,
        kind: json::Kind,
        label: &str,
        (line, ended): (&[u8], bool),
        terminator: u8,
        line_no: usize,
        offset: usize,
    ) {
        let Some(json) = &mut self.json else { return };
        let spans: Vec<(usize, usize)> = if (kind == json::Kind::Match) != self.o.invert {
            self.regex.parts(line, None).iter().map(|part| (part.start, part.end)).collect()
        } else {
            Vec::new()
        };
        let mut lines = line.to_vec();
        if ended {
            lines.push(terminator);
        }
        json.lines(&mut self.out, kind, label, &lines, line_no, offset, &spans);
    }

    /// `--json`: the input's `end` message; `searched` is how far it was read (ripgrep counts
    /// a binary input to its first NUL byte).
    fn json_end(&mut self, label: &str, searched: usize) {
        if let Some(json) = &mut self.json {
            json.end(&mut self.out, label, self.nul_at, self.nul_at.unwrap_or(searched));
        }
    }

    /// A context line's text; in color, the matches of `-v`'s context lines (the lines that
    /// match) shown.
    fn context_line(&mut self, line: &[u8]) {
        match &self.o.color {
            Some(colors) => {
                let line_color =
                    if self.o.invert && colors.reverse { &colors.selected_line } else { &colors.context_line };
                let spans = if self.o.invert { print::spans(&self.regex, line) } else { Vec::new() };
                colors.line(&mut self.out, line, &spans, line_color, &colors.context_match);
            }
            None => self.out.extend_from_slice(line),
        }
    }

    /// A context line under grep's `-o`: nothing, but with `-v` (whose context lines are the
    /// matching ones) its matches, each with `-` after its prefix, as GNU grep prints them.
    /// False when a part was left out for not being UTF-8.
    fn only_context(
        &mut self,
        named: &mut Named<'_>,
        line_no: usize,
        offset: usize,
        line: &[u8],
        terminator: u8,
    ) -> bool {
        if !self.o.invert {
            return true;
        }
        print::emit_parts(&self.o, &mut self.out, named, (line_no, offset), line, terminator, &self.regex, b'-')
    }

    /// False when the line (or a part of it, `-o`) was left out for not being UTF-8.
    fn emit_line(&mut self, named: &mut Named<'_>, line_no: usize, offset: usize, line: &[u8], terminator: u8) -> bool {
        emit_line(&self.o, &mut self.out, named, line_no, offset, line, terminator, &self.regex)
    }

    /// Hands output over in large pieces (the many files of a tree); false when the reader is
    /// gone.
    async fn flush_if_large(&mut self) -> bool {
        if self.out.len() > 64 * 1024 {
            return self.hand_on().await;
        }
        true
    }

    /// Writes what was made so far; false when the reader is gone, the write failed (noted
    /// in [`Search::write_failed`]) or the line must stop.
    async fn hand_on(&mut self) -> bool {
        let written = self.ctx.out_piece(&mut self.out).await;
        if !written && !self.ctx.stop_requested() {
            self.write_failed = true;
        }
        written
    }

    /// Hands on what a piece of input made, before the next piece is waited for (output keeps
    /// pace with a slow input); false when the reader is gone or the line must stop.
    async fn flush(&mut self) -> bool {
        if self.out.is_empty() {
            return self.ctx.step().await;
        }
        self.hand_on().await
    }

    /// Goes through the input line by line (inversion, context, `-P`, `-z`), a batch of whole
    /// lines at a time as they are read: the input is never held whole, only the `-B` lines
    /// before a match. Returns false when output should stop.
    async fn search_lines(&mut self, label: String, reader: OperandReader, show_name: bool) -> bool {
        let terminator = if self.o.null_data { 0 } else { b'\n' };
        let mut scan = LineScan {
            count: 0,
            idx: 0,
            offset: 0,
            last_printed: None,
            after_left: 0,
            before: std::collections::VecDeque::new(),
            binary: false,
            undecodable: false,
            heading: Heading { printed: false, gap: self.headed_any, width: self.width },
            selected: None,
            stop: None,
        };
        // Standard input from a file is left just after the last line `-m` selected, for the
        // next command reading it (GNU seeks back): what was read past it is put back.
        let rewind = match &reader {
            OperandReader::Stdin(input) if self.rewinds(input) => Some(input.clone()),
            _ => None,
        };
        let mut past_stop = Vec::new();
        // `-U` searches the input whole, then goes through its lines as one batch.
        let (mut batches, mut whole) = (None, None);
        if self.o.multiline {
            match multiline::read_whole(reader, self.ctx.state().limits().input_bytes).await {
                Ok(data) => {
                    let parts = self.regex.parts(&data, self.o.replace.as_deref());
                    if let Some(json) = &mut self.json
                        && self.o.match_newline
                        && !self.o.invert
                        && !self.o.quiet
                    {
                        // A binary file a walk found is skipped, one named shown whole, as
                        // the line-by-line search does.
                        self.nul_at = if self.o.text { None } else { memchr::memchr(0, &data) };
                        if self.nul_at.is_some() && self.o.skips_binary(&label) {
                            return true;
                        }
                        let (runs, searched) =
                            multiline::json_blocks(&self.o, json, &mut self.out, &label, &data, &parts);
                        self.selected_any |= runs > 0;
                        self.json_end(&label, searched);
                        return self.flush().await;
                    }
                    if self.o.count_matches && !self.o.invert {
                        self.selected_any |= !parts.is_empty();
                        return self.finish_source(&label, show_name, false, parts.len()).await;
                    }
                    if (self.o.only || self.o.vimgrep) && !per_input(&self.o) && !self.o.quiet {
                        let named = (label.as_str(), show_name);
                        scan.count =
                            multiline::print_matches(&self.o, &mut self.out, named, &mut scan.heading, &data, &parts);
                        self.selected_any |= scan.count > 0;
                        self.headed_any |= scan.heading.printed;
                        return self.flush().await && self.finish_source(&label, show_name, false, scan.count).await;
                    }
                    scan.selected = Some(multiline::Selected::new(&data, &parts, terminator));
                    whole = Some(Batch::whole(data, terminator));
                }
                Err(err) => {
                    self.complain(format!("{label}: {}", describe(&err))).await;
                    return true;
                }
            }
        } else {
            batches = Some(LineBatches::new(reader, terminator));
        }
        let mut first = true;
        loop {
            let batch = match (&mut batches, whole.take()) {
                (_, Some(batch)) => batch,
                (None, None) => break,
                (Some(batches), None) => match batches.next().await {
                    Ok(Some(batch)) => batch,
                    Ok(None) => break,
                    Err(err) => {
                        self.complain(format!("{label}: {}", describe(&err))).await;
                        return true;
                    }
                },
            };
            // A NUL byte makes the input binary from there on; `-I` judges it by its first
            // piece, as GNU grep by its first buffer (and as the direct search does). GNU's
            // buffer holds the line begun after the batch's last whole line too.
            let held_nul = || {
                let held = batches.as_ref().map_or(&[][..], LineBatches::held);
                memchr::memchr(0, held).filter(|_| self.o.named.is_none()).map(|at| batch.byte_len() + at)
            };
            if !self.o.text
                && !self.o.null_data
                && let Some(at) = batch.find(0).or_else(held_nul)
            {
                if std::mem::take(&mut first) && self.o.skips_binary(&label) {
                    return self.finish_source(&label, show_name, false, 0).await;
                }
                // `--json` goes on showing the lines of a binary file named (ripgrep's), and
                // says where its first NUL byte is at its end; one a walk found stops showing.
                scan.binary = !self.o.json || self.o.skips_binary(&label);
                self.nul_at.get_or_insert(scan.offset + at);
            }
            first = false;
            let batch_start = scan.offset;
            let more = self.scan_batch(&batch, &label, show_name, terminator, &mut scan).await;
            if let (Some(_), Some(stop)) = (&rewind, scan.stop) {
                // Trailing context may read on past the stop, a batch or more: past
                // `MOST_GIVEN_BACK` the rest is not given back, rather than held.
                match stop.checked_sub(batch_start) {
                    Some(within) => past_stop = batch.bytes_from(within),
                    None if past_stop.len() <= MOST_GIVEN_BACK => past_stop.extend_from_slice(&batch.bytes_from(0)),
                    None => {}
                }
            }
            match more {
                None => return false,
                Some(false) => break,
                Some(true) => {}
            }
        }
        if let (Some(input), Some(_)) = (rewind, scan.stop)
            && past_stop.len() <= MOST_GIVEN_BACK
        {
            if let Some(batches) = batches.take() {
                past_stop.extend_from_slice(batches.held());
            }
            input.unread(&past_stop).await;
        }
        self.json_end(&label, scan.stop.unwrap_or(scan.offset));
        self.headed_any |= scan.heading.printed;
        self.finish_source(&label, show_name, scan.binary || scan.undecodable, scan.count).await
    }

    /// The lines of one batch; `None` when output should stop, `Some(false)` when this input
    /// is done (`-m` reached and its trailing context printed).
    async fn scan_batch(
        &mut self,
        batch: &Batch,
        label: &str,
        show_name: bool,
        terminator: u8,
        scan: &mut LineScan,
    ) -> Option<bool> {
        let printing = !self.quiet_output();
        for (line, ended) in batch.lines_ended() {
            let (idx, offset) = (scan.idx, scan.offset);
            scan.idx += 1;
            scan.offset += line.len() + usize::from(ended);
            if self.o.max.is_some_and(|m| scan.count >= m) {
                // GNU grep still prints trailing context after the last counted match.
                if scan.after_left > 0 && printing && !scan.binary {
                    self.after_context(scan, (label, show_name), idx, offset, (line, ended), terminator);
                    continue;
                }
                return self.flush().await.then_some(false);
            }
            let matched = match &mut scan.selected {
                Some(selected) => selected.contains(idx),
                None => self.regex.is_match(line),
            } != self.o.invert;
            if !matched {
                if scan.after_left > 0 && printing && !scan.binary {
                    self.after_context(scan, (label, show_name), idx, offset, (line, ended), terminator);
                } else if self.o.before > 0 {
                    if scan.before.len() == self.o.before {
                        scan.before.pop_front();
                    }
                    scan.before.push_back((idx, offset, line.to_vec()));
                }
                continue;
            }
            scan.count += if self.o.count_matches && !self.o.invert { self.regex.parts(line, None).len() } else { 1 };
            if scan.stop.is_none() && self.o.max.is_some_and(|m| scan.count >= m) {
                scan.stop = Some(scan.offset);
            }
            self.selected_any = true;
            if self.o.quiet {
                return None;
            }
            if !printing || scan.binary {
                continue;
            }
            let first_context = idx.saturating_sub(self.o.before);
            let start = match scan.last_printed {
                Some(last) => first_context.max(last + 1),
                None => first_context,
            };
            // Under `--heading` a file's heading, not `--`, sets its first group off.
            let new_heading = self.o.heading && show_name && scan.last_printed.is_none();
            if self.o.context
                && self.any_context_printed
                && scan.last_printed.is_none_or(|l| start > l + 1)
                && !new_heading
                && self.json.is_none()
                && let Some(separator) = &self.o.group_separator
            {
                let separator = toolsh_bytes::encode(separator);
                match &self.o.color {
                    Some(colors) => colors.wrap(&mut self.out, &colors.separator, &separator),
                    None => self.out.extend_from_slice(&separator),
                }
                self.out.push(b'\n');
            }
            // The lines kept before this one are exactly those from `start` on: every line
            // between the last printed one and this was neither selected nor printed.
            for (ctx_idx, ctx_offset, ctx_line) in std::mem::take(&mut scan.before) {
                // grep's `-o` prints no context (see `only_context`), but context still joins
                // groups.
                let only = self.o.only && self.o.program == "grep";
                let shown = ctx_idx >= start && !only;
                if ctx_idx >= start && only {
                    let mut named = Named { label, show: show_name, heading: &mut scan.heading };
                    if !self.only_context(&mut named, ctx_idx + 1, ctx_offset, &ctx_line, terminator) {
                        scan.undecodable = true;
                    }
                } else if shown && self.json.is_some() {
                    // A line kept before a selected one had a terminator.
                    let line = (ctx_line.as_slice(), true);
                    self.json_line(json::Kind::Context, label, line, terminator, ctx_idx + 1, ctx_offset);
                } else if shown && !printable(&self.o, &ctx_line) {
                    scan.undecodable = true;
                } else if shown {
                    let mut named = Named { label, show: show_name, heading: &mut scan.heading };
                    self.context_prefix(&mut named, ctx_idx + 1, ctx_offset, &ctx_line);
                    self.context_line(&ctx_line);
                    self.out.push(terminator);
                }
            }
            // `-o -v` selects lines but prints nothing of them.
            let nothing_to_print = self.o.only && self.o.invert;
            let mut named = Named { label, show: show_name, heading: &mut scan.heading };
            if self.json.is_some() {
                self.json_line(json::Kind::Match, label, (line, ended), terminator, idx + 1, offset);
            } else if !nothing_to_print && !self.emit_line(&mut named, idx + 1, offset, line, terminator) {
                scan.undecodable = true;
            }
            self.any_context_printed = true;
            scan.last_printed = Some(idx);
            scan.after_left = self.o.after;
            // Handed on in pieces, not a write per line (`grep -v` of a log wrote each line
            // on its own: 5x GNU's time).
            if !self.flush_if_large().await {
                return None;
            }
        }
        // What the batch made goes on before the next batch is waited for.
        self.flush().await.then_some(true)
    }

    /// The per-input summary ([`summary`]), and the binary-file notice after what came before.
    async fn finish_source(&mut self, label: &str, show_name: bool, binary: bool, count: usize) -> bool {
        // `--json` said all there is in its `end` message.
        if self.o.json {
            return true;
        }
        // GNU says a binary file matched only when binary files are searched (not with `-I`,
        // whose lines of bytes that are not text are left out unsaid).
        let said = summary(&self.o, &mut self.out, label, show_name, binary, count);
        if said && !(self.o.skip_binary && self.o.named.is_none()) {
            return self.binary_notice(label, show_name).await;
        }
        true
    }

    /// What is said of a binary file that matched ([`Options::binary_said`]): grep's words on
    /// standard error once the output before them is out, ripgrep's on the output; false when
    /// the reader is gone.
    async fn binary_notice(&mut self, label: &str, show_name: bool) -> bool {
        let (on_output, said) = self.o.binary_said(label, show_name, self.nul_at);
        if on_output {
            self.out.extend_from_slice(&toolsh_bytes::encode(&said));
            return true;
        }
        if !self.hand_on().await {
            return false;
        }
        self.ctx.err(said).await;
        true
    }

    /// Whether the search of `label` went past the backtracking limit: said in GNU's words, and
    /// nothing more is searched (GNU's grep dies there, status 2).
    async fn gave_up(&mut self, label: &str) -> bool {
        if !self.regex.gave_up() {
            return false;
        }
        // GNU's words for -P; its POSIX matcher has no limit, and says nothing of one.
        let what = if self.o.syntax == 'P' { "PCRE's backtracking limit" } else { "the backtracking limit" };
        self.complain(format!("{label}: exceeded {what}")).await;
        true
    }

    /// Modes that print per file rather than per line.
    fn quiet_output(&self) -> bool {
        per_input(&self.o)
    }

    async fn complain(&mut self, message: String) {
        self.error = true;
        if !self.o.no_messages {
            self.ctx.err(self.o.said(&message)).await;
        }
    }

    /// Collects the files below `dir` (sorted), honouring the include and exclude globs; a
    /// directory that cannot be listed (refused by the policy, say) is there as its
    /// complaint, said in its turn as GNU grep says it (`grep: DIR: Permission denied`).
    fn walk(&self, display: &str, abs: &str, out: &mut Vec<(String, Result<String, String>)>) {
        self.walk_below(display, abs, 1, out);
    }

    /// [`Search::walk`] of a directory `depth` levels below an operand (its entries' depth).
    fn walk_below(&self, display: &str, abs: &str, depth: usize, out: &mut Vec<(String, Result<String, String>)>) {
        let entries = match self.ctx.vfs.read_dir(abs) {
            Ok(entries) => entries,
            Err(err) => {
                let name = if display.is_empty() { "." } else { display };
                out.push((name.to_string(), Err(describe(&err))));
                return;
            }
        };
        let scope = self.o.filter.as_ref().and_then(|filter| filter.enter(&self.ctx.vfs, abs, &entries));
        for entry in entries {
            match step(&self.o, &self.ctx.vfs, scope.as_ref(), depth, display, abs, &entry) {
                Some(Step::Dir(child_display, child_abs)) => {
                    self.walk_below(&child_display, &child_abs, depth + 1, out)
                }
                Some(Step::File(child_display, child_abs)) => out.push((child_display, Ok(child_abs))),
                None => {}
            }
        }
    }
}

/// Where a walk goes from a directory entry: into a directory, to a file to search (each with
/// its shown name and absolute path), or nowhere (excluded, or neither).
enum Step {
    Dir(String, String),
    File(String, String),
}

/// The step from `entry` of the directory `abs` (shown as `display`): a symlink followed under
/// `-R`, `--exclude-dir`, `--include` and `--exclude` applied. The sequential walk and the
/// workers' take it alike.
fn step(
    o: &Options,
    fs: &toolsh_gate::workspace::Fs<'_>,
    scope: Option<&std::sync::Arc<filter::Scope>>,
    depth: usize,
    display: &str,
    abs: &str,
    entry: &crate::vfs::DirEntry,
) -> Option<Step> {
    let child_display = if display.is_empty() || display.ends_with('/') {
        format!("{display}{}", entry.name)
    } else {
        format!("{display}/{}", entry.name)
    };
    if o.max_depth.is_some_and(|most| depth > most) {
        return None;
    }
    let child_abs = path::join(abs, &entry.name);
    let kind = if entry.kind == FileKind::Symlink && o.follow {
        fs.stat(&child_abs).map(|m| m.kind).unwrap_or(FileKind::Symlink)
    } else {
        entry.kind
    };
    // A link under -R back to a directory the walk is in (`d -> .`) is a loop: GNU warns of it
    // and goes no deeper; here it is passed over.
    if kind == FileKind::Dir
        && entry.kind == FileKind::Symlink
        && let Ok(target) = fs.read_link(&child_abs)
    {
        let resolved = path::normalize(abs, &target);
        if abs == resolved || abs.starts_with(&format!("{}/", resolved.trim_end_matches('/'))) {
            return None;
        }
    }
    if let Some(filter) = &o.filter
        && filter.leaves_out(scope, &child_abs, &entry.name, kind == FileKind::Dir)
    {
        return None;
    }
    match kind {
        FileKind::Dir if !o.exclude_dir.iter().any(|p| p.matches(&entry.name)) => {
            Some(Step::Dir(child_display, child_abs))
        }
        // A link that leads nowhere under -R is searched as a file, so its open fails and is
        // reported (status 2), as GNU reports it.
        FileKind::File | FileKind::Symlink if o.follow && selects(o, &entry.name) => {
            Some(Step::File(child_display, child_abs))
        }
        FileKind::File if selects(o, &entry.name) => Some(Step::File(child_display, child_abs)),
        _ => None,
    }
}

/// Whether `--include` and `--exclude` let a file named `name` be searched: the last of them
/// that matches decides; when none does, the file is searched unless the first is an
/// `--include` (GNU).
fn selects(o: &Options, name: &str) -> bool {
    selects_by(o, |pattern| pattern.matches(name))
}

fn selects_by(o: &Options, matches: impl Fn(&Pattern) -> bool) -> bool {
    let verdict = o.file_rules.iter().rev().find(|(pattern, _)| matches(pattern)).map(|(_, include)| *include);
    verdict.unwrap_or_else(|| o.file_rules.first().is_none_or(|(_, include)| !include))
}

/// Whether an operand is left out by `--include`/`--exclude` (a file) or `--exclude-dir` (a
/// directory under `-r`), matched by its name as given or its last component.
fn operand_left_out(o: &Options, operand: &str, kind: Option<FileKind>) -> bool {
    let name = operand.trim_end_matches('/');
    let base = name.rsplit('/').next().unwrap_or(name);
    let matches = |pattern: &Pattern| pattern.matches(name) || pattern.matches(base);
    match kind {
        Some(FileKind::Dir) => o.recursive && o.exclude_dir.iter().any(matches),
        _ => !selects_by(o, matches),
    }
}

/// `grep [options] PATTERN [FILE…]`
/// `egrep`: `grep -E`, as the script GNU grep installs runs it (its messages are grep's).
pub const EGREP: Spec = Spec {
    name: "egrep",
    summary: "print lines that match extended regular expressions (grep -E)",
    about: "Run grep -E with the same arguments (the obsolescent name GNU grep still installs).",
    variant_of: Some("grep"),
    ..GREP
};

/// `fgrep`: `grep -F`.
pub const FGREP: Spec = Spec {
    name: "fgrep",
    summary: "print lines that contain fixed strings (grep -F)",
    about: "Run grep -F with the same arguments (the obsolescent name GNU grep still installs).",
    variant_of: Some("grep"),
    ..GREP
};

/// `egrep` and `fgrep`: `exec grep -E|-F "$@"`.
pub async fn egrep(mut ctx: Ctx<'_>) -> Status {
    let (flag, spec) = if ctx.name() == "fgrep" { ("-F", &FGREP) } else { ("-E", &EGREP) };
    // Its own help; everything else (usage errors too) is grep's.
    if ctx.argv[1..].iter().take_while(|w| *w != "--").any(|w| w == "--help") {
        return if ctx.out(spec.help()).await { spec.help_status() } else { 1 };
    }
    ctx.argv[0] = "grep".to_string();
    ctx.argv.insert(1, flag.to_string());
    match ctx.args(&GREP).await {
        Ok(args) => grep(ctx, args).await,
        Err(status) => status,
    }
}

/// `grep [OPTION]... PATTERNS [FILE]...`
pub async fn grep(ctx: Ctx<'_>, args: Args) -> Status {
    match parse_args(args) {
        Ok(mut o) => {
            if o.color_wanted {
                let exported = |name: &str| {
                    ctx.state()
                        .vars
                        .get(name)
                        .filter(|var| var.attrs.has(toolsh_core::vars::Attrs::EXPORT))
                        .and_then(|var| var.scalar())
                        .map(str::to_string)
                };
                let (colors, warning) =
                    color::Colors::from_env(exported("GREP_COLOR").as_deref(), exported("GREP_COLORS").as_deref());
                if let Some(warning) = warning {
                    ctx.err(o.said(&warning)).await;
                }
                o.color = Some(colors);
            }
            o.bytes_locale = crate::text::bytes_locale(&ctx);
            o.raw_lines = o.bytes_locale;
            run(ctx, o).await
        }
        Err(message) => ctx.misuse(&GREP, message).await,
    }
}

/// The most `-m` with trailing context reads past its stop and still gives back (see
/// [`Search::rewinds`]): more is not held.
const MOST_GIVEN_BACK: usize = 4 << 20;

/// Why grep does not search the file its output goes to (see [`Options::output_file`]).
const OWN_OUTPUT: &str = "input file is also the output";

/// Runs a search as `o` asks (`grep`'s and `rg`'s alike).
async fn run(mut ctx: Ctx<'_>, mut o: Options) -> Status {
    if o.program == "grep" && !o.quiet && !o.count && !o.files_with && !o.files_without && o.max.is_none_or(|m| m > 1) {
        o.output_file = ctx.io.stdout().file_id(|abs| ctx.vfs.file_id(abs));
    }
    // A tree, or many files, is thousands of reads: one audit record for those allowed, not
    // one each (the workers' view of tree.rs counts its own the same way).
    if o.recursive || o.files.len() > 1 {
        ctx.vfs.tally_reads();
    }
    // Each pattern with where it came from: a file's name and line for `-f`.
    let mut patterns: Vec<(String, Option<(String, usize)>)> =
        std::mem::take(&mut o.patterns).into_iter().map(|p| (p, None)).collect();
    for file in std::mem::take(&mut o.pattern_files) {
        match ctx.read_operand(&file).await {
            Ok(data) => {
                let text = toolsh_bytes::decode(&data);
                let lines = text.lines().enumerate();
                patterns.extend(lines.map(|(at, line)| (line.to_string(), Some((file.clone(), at + 1)))));
            }
            Err(err) => {
                ctx.err(o.said(&format!("{file}: {}", describe(&err)))).await;
                return 2;
            }
        }
    }
    let mut bad = false;
    // A pattern given twice is one pattern, said once (at its first place), as GNU says it.
    let mut seen = std::collections::HashSet::new();
    for (pattern, from) in &patterns {
        if !seen.insert(pattern.as_str()) {
            continue;
        }
        if let Some(message) = pattern.split('\n').find_map(|p| pattern_error(&o, p)) {
            // A stack overflow ends GNU's grep where it happens: said without a place.
            let place = match from {
                Some((file, line)) if message != "stack overflow" => format!("{file}:{line}: "),
                _ => String::new(),
            };
            ctx.err(o.said(&format!("{place}{message}"))).await;
            bad = true;
        }
    }
    if bad {
        return 2;
    }
    // A pattern with newlines is several patterns.
    let patterns: Vec<String> = patterns.iter().flat_map(|(p, _)| p.split('\n').map(str::to_string)).collect();
    // When no line can be selected (`-m 0`, `-f /dev/null`, `-v ''`), GNU grep fails without
    // reading anything, so a missing file is not said (but `-L` lists every file).
    let selects_nothing = o.max == Some(0)
        || (!o.line && !o.word && o.invert && patterns.iter().all(String::is_empty) && !patterns.is_empty())
        || (!o.invert && patterns.is_empty());
    if selects_nothing && !o.files_without && o.program == "grep" {
        return 1;
    }
    o.match_newline = o.multiline
        && (o.syntax != 'F' || patterns.iter().any(|p| p.contains('\n')))
        && patterns.iter().any(|p| multiline::can_match_newline(p, o.dot_all));
    let regex = match build_regex(&o, &patterns) {
        Ok(regex) => regex,
        Err(message) => {
            ctx.err(o.said(&message)).await;
            return 2;
        }
    };
    // `grep -r PAT` alone searches the working directory and names files from it, without
    // the `./` that `grep -r PAT .` shows (as GNU grep).
    o.implicit_cwd = o.files.is_empty() && o.recursive;
    let implicit_cwd = o.implicit_cwd;
    if o.files.is_empty() {
        o.files.push(if o.recursive { ".".to_string() } else { "-".to_string() });
    }
    // Names are shown when more than one file may be searched: several operands, or a
    // directory searched recursively (a lone file under -r is shown bare, as GNU does).
    let lone_directory = o.recursive
        && o.files.len() == 1
        && o.files[0] != "-"
        && ctx.vfs.stat(&ctx.abs(&o.files[0])).is_ok_and(|meta| meta.is_dir());
    let show_name = o.with_name.unwrap_or(o.files.len() > 1 || lone_directory);
    let mut files = std::mem::take(&mut o.files);
    // `-d skip` and `-D skip` pass over what they name among the operands, and so do
    // `--include`, `--exclude` and `--exclude-dir` (standard input is read whatever it is).
    if (o.skip_directories && !o.recursive) || o.skip_devices || !o.file_rules.is_empty() || !o.exclude_dir.is_empty() {
        let implicit = implicit_cwd;
        files.retain(|file| {
            if file == "-" || implicit {
                return true;
            }
            let kind = ctx.vfs.stat(&ctx.abs(file)).ok().map(|meta| meta.kind);
            let skipped = match kind {
                Some(FileKind::Dir) => o.skip_directories && !o.recursive,
                Some(FileKind::Device | FileKind::Fifo) => o.skip_devices,
                _ => false,
            };
            let left_out = o.program == "grep" && operand_left_out(&o, file, kind);
            !(skipped || left_out)
        });
    }
    let recursive = o.recursive;
    let mut search = Search::new(&ctx, o, regex);
    // A tree, or many files (`find | xargs grep`), is searched on every core (tree.rs); the
    // searches that go line by line, and standard input, stay here.
    let parallel = is_direct(&search.o, &search.regex)
        && (recursive || files.len() > 1)
        && !files.iter().any(|f| f == "-")
        && !search.o.search_zip;
    let searched = if parallel { tree::run(&mut search, &files, show_name).await } else { None };
    if searched.is_none() {
        search_each(&mut search, &files, implicit_cwd, show_name).await;
    }
    // `--json` closes with the run's summary (`-q` and `-m 0` print nothing at all, as
    // ripgrep).
    if let Some(json) = &search.json
        && !search.o.quiet
        && search.o.max != Some(0)
    {
        json.summary(&mut search.out);
    }
    let out = std::mem::take(&mut search.out);
    if !out.is_empty() && !ctx.out(out).await {
        return 2;
    }
    // A search stopped because its reader went away (`yes | grep y | head -1`) ends as a
    // write error, as GNU grep ends by SIGPIPE, not with the status of what it found.
    if !search.o.quiet && (ctx.io.stdout().is_broken() || search.write_failed) {
        return 2;
    }
    match (search.selected_any, search.error) {
        (true, _) if search.o.quiet => 0,
        (_, true) => 2,
        (true, false) => 0,
        (false, false) => 1,
    }
}

/// Searches the operands one after another on the command's task (the tree walked in sorted
/// order, each directory listed as it is reached).
async fn search_each(search: &mut Search<'_, '_>, files: &[String], implicit_cwd: bool, show_name: bool) {
    let ctx = search.ctx;
    let recursive = search.o.recursive;
    'files: for file in files {
        if file == "-" {
            let stdin = OperandReader::Stdin(ctx.stdin());
            let label = search.o.label.clone().unwrap_or_else(|| "(standard input)".to_string());
            if search.o.output_file.is_some() && ctx.stdin().file_id(|abs| ctx.vfs.file_id(abs)) == search.o.output_file
            {
                search.complain(format!("{label}: {OWN_OUTPUT}")).await;
                continue;
            }
            if !search.search(label.clone(), stdin, show_name).await || search.gave_up(&label).await {
                break;
            }
            continue;
        }
        let abs = ctx.abs(file);
        let meta = match ctx.vfs.stat(&abs) {
            Ok(meta) => meta,
            Err(err) => {
                search.complain(format!("{file}: {}", describe(&err))).await;
                continue;
            }
        };
        let targets = if meta.is_dir() {
            if !recursive {
                search.complain(format!("{file}: Is a directory")).await;
                continue;
            }
            let mut found = Vec::new();
            search.walk(if implicit_cwd { "" } else { file }, &abs, &mut found);
            found
        } else {
            vec![(file.clone(), Ok(abs))]
        };
        for (label, target_abs) in targets {
            let target_abs = match target_abs {
                Ok(target_abs) => target_abs,
                Err(message) => {
                    search.complain(format!("{label}: {message}")).await;
                    continue;
                }
            };
            if search.o.output_file.is_some() && ctx.vfs.file_id(&target_abs) == search.o.output_file {
                search.complain(format!("{label}: {OWN_OUTPUT}")).await;
                continue;
            }
            let compressed = if search.o.search_zip { zip::format_of(&label) } else { None };
            let reader = match compressed {
                Some(format) => match zip::open(ctx, &target_abs, &label, format).await {
                    Ok(reader) => reader,
                    Err(message) => {
                        search.complain(message).await;
                        continue;
                    }
                },
                None => match ctx.vfs.open_reader(&target_abs) {
                    Ok(reader) => OperandReader::File(reader),
                    Err(err) => {
                        search.complain(format!("{label}: {}", describe(&err))).await;
                        continue;
                    }
                },
            };
            if !search.search(label.clone(), reader, show_name).await || search.gave_up(&label).await {
                break 'files;
            }
        }
    }
}
