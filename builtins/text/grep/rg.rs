//! `rg`: ripgrep's command line over grep's search (the same matcher, the same parallel walk
//! of `tree.rs`, the same gate). What makes it ripgrep's: the pattern is the regex crate's own
//! syntax (ripgrep's), directories are searched by default, what the ignore files, `-g` and
//! `-t` leave out and hidden names are not searched ([`filter`](super::filter)), binary files
//! found in a walk are skipped (one named, or standard input, is searched and said as ripgrep
//! says it: `binary file matches (found "\0" byte around offset N)`), a line is printed
//! whatever its bytes, `-c` names only the files that matched, `-o` prints empty matches, and
//! `-s`, `-S`, `-I`, `-u`, `-L`, `-0` mean what they mean to ripgrep. Output is as ripgrep
//! writes it to a pipe (no line numbers unless `-n`, no colour), in the order of `--sort path`
//! whatever the number of threads; `--heading`, `--column`, `--vimgrep` and `-r` shape it
//! ([`print`](super::print)), and `-U` lets a match run across lines
//! ([`multiline`](super::multiline)). `--json` prints ripgrep's JSON Lines instead
//! ([`json`](super::json): it refuses `-c`, `-l` and `--files` as ripgrep's parser does), `-z`
//! searches compressed files decompressed ([`zip`](super::zip)), and `--pre` is refused: no
//! program is started per file. Standard input is searched when no path is given and it
//! is connected to something (a pipe, a file), as ripgrep decides it.

use super::filter::Filter;
use super::{Options, run};
use crate::Ctx;
use crate::session::Status;
use crate::spec::{Args, Opt, Spec};

const FILES_WITHOUT_MATCH: Opt = Opt::long("files-without-match", "print the paths that contain no match");
const NO_FILENAME: Opt = Opt::both('I', "no-filename", "never print the path before a match");
const HIDDEN: Opt = Opt::both('.', "hidden", "search hidden files and directories");
const NO_IGNORE: Opt = Opt::long("no-ignore", "do not respect .gitignore, .ignore and .rgignore files");
const TYPE_LIST: Opt = Opt::long("type-list", "show the file types -t knows and their globs");
const FILES: Opt = Opt::long("files", "print each file that would be searched, without searching");
const SORT: Opt = Opt::long("sort", "sort the output (path: always so here; none)").value("SORTBY");
const COLOR: Opt = Opt::long("color", "when to use colours (never: no terminal)").alias("colour").value("WHEN");
const NO_HEADING: Opt = Opt::long("no-heading", "print the path on each matching line (always so here)");
const MAX_DEPTH: Opt = Opt::both('d', "max-depth", "descend at most NUM directories below each path").value("NUM");
const HEADING: Opt = Opt::long("heading", "print the path once above each file's lines");
const COLUMN: Opt = Opt::long("column", "print the column of the first match (implies -n)");
const NO_COLUMN: Opt = Opt::long("no-column", "print no columns (the default)");
const VIMGREP: Opt = Opt::long("vimgrep", "print each match as PATH:LINE:COLUMN:LINE");
const COUNT_MATCHES: Opt = Opt::long("count-matches", "the number of matches of each file that has any");
const MULTILINE_DOTALL: Opt = Opt::long("multiline-dotall", "with -U, `.` matches newlines too");
const NO_MESSAGES: Opt = Opt::long("no-messages", "suppress error messages about files");
const IGLOB: Opt = Opt::long("iglob", "as -g, matching case-insensitively").value("GLOB");
const JSON: Opt = Opt::long("json", "print ripgrep's JSON Lines: begin, match, context, end and summary messages");
const NO_JSON: Opt = Opt::long("no-json", "print lines of text (the default)");
const SEARCH_ZIP: Opt = Opt::both('z', "search-zip", "search .gz, .bz2 and .xz files decompressed");
const NO_SEARCH_ZIP: Opt = Opt::long("no-search-zip", "search compressed files as they are (the default)");
const PRE: Opt = Opt::long("pre", "not supported: toolsh runs no preprocessor programs").value("COMMAND");
const PRE_GLOB: Opt = Opt::long("pre-glob", "the files --pre would be run on").value("GLOB");
const NO_PRE: Opt = Opt::long("no-pre", "run no preprocessor (the default)");
const GLOB_CASE_INSENSITIVE: Opt = Opt::long("glob-case-insensitive", "every -g glob matches case-insensitively");

/// `rg`.
pub const RG: Spec = Spec {
    name: "rg",
    summary: "ripgrep: search files under a directory for a regex, honouring .gitignore",
    synopsis: &["[OPTIONS] PATTERN [PATH ...]", "[OPTIONS] -e PATTERN ... [PATH ...]", "[OPTIONS] --files [PATH ...]"],
    about: "Search each PATH (default: the working directory, or standard input when it is a pipe or file) \
            recursively for lines matching PATTERN (Rust regex syntax), leaving out hidden files, binary files \
            and what .gitignore/.ignore/.rgignore say.",
    options: &[
        Opt::both('e', "regexp", "a pattern to search for (may be repeated)").value("PATTERN"),
        Opt::both('f', "file", "search for the patterns in PATTERNFILE, one a line").value("PATTERNFILE"),
        Opt::both('F', "fixed-strings", "treat the patterns as literal strings"),
        Opt::both('P', "pcre2", "patterns with look-around and back-references"),
        Opt::both('i', "ignore-case", "search case-insensitively"),
        Opt::both('s', "case-sensitive", "search case-sensitively (the default)"),
        Opt::both('S', "smart-case", "case-insensitive unless the pattern has an upper-case letter"),
        Opt::both('w', "word-regexp", "only matches surrounded by word boundaries"),
        Opt::both('x', "line-regexp", "only matches of whole lines"),
        Opt::both('v', "invert-match", "print the lines that do not match"),
        Opt::both('c', "count", "the number of matching lines of each file that has any"),
        COUNT_MATCHES,
        Opt::both('l', "files-with-matches", "print only the paths with at least one match"),
        FILES_WITHOUT_MATCH,
        Opt::both('q', "quiet", "print nothing; exit 0 at the first match"),
        Opt::both('n', "line-number", "print line numbers"),
        Opt::both('N', "no-line-number", "print no line numbers (the default here)"),
        Opt::both('H', "with-filename", "print the path before each match"),
        NO_FILENAME,
        Opt::both('o', "only-matching", "print only the matched parts, each on its own line"),
        Opt::both('r', "replace", "print each match replaced by REPLACEMENT ($1, ${name}: its groups)")
            .value("REPLACEMENT"),
        COLUMN,
        NO_COLUMN,
        VIMGREP,
        Opt::both('U', "multiline", "let a match run across lines (the file is searched whole)"),
        MULTILINE_DOTALL,
        Opt::both('m', "max-count", "stop a file after NUM matching lines").value("NUM"),
        Opt::both('A', "after-context", "show NUM lines after each match").value("NUM"),
        Opt::both('B', "before-context", "show NUM lines before each match").value("NUM"),
        Opt::both('C', "context", "show NUM lines before and after each match").value("NUM"),
        Opt::both('b', "byte-offset", "print the byte offset of each line"),
        Opt::both('0', "null", "a NUL byte after each path instead of : or a newline"),
        Opt::both('a', "text", "search binary files as text"),
        Opt::both('g', "glob", "include (or with !, exclude) the paths matching GLOB").value("GLOB"),
        IGLOB,
        GLOB_CASE_INSENSITIVE,
        Opt::both('t', "type", "only search files of TYPE (see --type-list)").value("TYPE"),
        Opt::both('T', "type-not", "do not search files of TYPE").value("TYPE"),
        TYPE_LIST,
        HIDDEN,
        NO_IGNORE,
        Opt::both('u', "unrestricted", "-u: --no-ignore; -uu: and --hidden; -uuu: and --text"),
        Opt::both('L', "follow", "follow symbolic links"),
        MAX_DEPTH,
        FILES,
        Opt::both('j', "threads", "the number of threads (the machine's cores here)").value("NUM"),
        SORT,
        COLOR,
        HEADING,
        NO_HEADING,
        NO_MESSAGES,
        JSON,
        NO_JSON,
        SEARCH_ZIP,
        NO_SEARCH_ZIP,
        PRE,
        PRE_GLOB,
        NO_PRE,
    ],
    usage_status: 2,
    ..Spec::BASE
};

/// The usage ripgrep's argument parser says after a refusal.
const CLAP_USAGE: &str = "USAGE:\n    \n    rg [OPTIONS] PATTERN [PATH ...]\n    rg [OPTIONS] -e PATTERN ... [PATH ...]\n    \
                          rg [OPTIONS] -f PATTERNFILE ... [PATH ...]\n    rg [OPTIONS] --files [PATH ...]\n    \
                          rg [OPTIONS] --type-list\n    command | rg [OPTIONS] PATTERN\n    rg [OPTIONS] --help\n    \
                          rg [OPTIONS] --version\n\nFor more information try --help\n\n";

/// How case counts: the last of `-i`, `-s` and `-S` decides.
#[derive(Clone, Copy, PartialEq)]
enum Case {
    Sensitive,
    Insensitive,
    Smart,
}

/// `rg [OPTIONS] PATTERN [PATH ...]`
pub async fn rg(ctx: Ctx<'_>, args: Args) -> Status {
    let mut o = Options {
        program: "rg",
        syntax: 'R',
        recursive: true,
        skip_binary: true,
        count_nonzero: true,
        empty_parts: true,
        raw_lines: true,
        ..Options::default()
    };
    let (mut case, mut hidden, mut no_ignore, mut unrestricted) = (Case::Sensitive, false, false, 0);
    // Each glob with whether it ignores case (`--iglob`; every one under `--glob-case-insensitive`).
    let (mut globs, mut types, mut list_files, mut glob_nocase) = (Vec::new(), Vec::new(), false, false);
    // `--pre`'s command, as the last `--pre`/`--no-pre` left it.
    let mut pre = None;
    for (opt, value) in args.given() {
        if *opt == TYPE_LIST {
            return if ctx.out(Filter::type_list()).await { 0 } else { 2 };
        }
        let number = |what: &str| super::parse_number(value, what);
        let mut given = || -> Result<(), String> {
            match *opt {
                FILES_WITHOUT_MATCH => o.files_without = true,
                NO_FILENAME => o.with_name = Some(false),
                HIDDEN => hidden = true,
                NO_IGNORE => no_ignore = true,
                FILES => list_files = true,
                NO_MESSAGES => o.no_messages = true,
                IGLOB => globs.push((value.to_string(), true)),
                GLOB_CASE_INSENSITIVE => glob_nocase = true,
                MAX_DEPTH => o.max_depth = Some(number("max depth")?),
                SORT if !matches!(value, "path" | "none") => {
                    return Err(format!("sorting by {value} is not supported here (path and none are)"));
                }
                HEADING => o.heading = true,
                NO_HEADING => o.heading = false,
                COLUMN => (o.column, o.number) = (true, true),
                NO_COLUMN => o.column = false,
                VIMGREP => o.vimgrep = true,
                MULTILINE_DOTALL => o.dot_all = true,
                COUNT_MATCHES => (o.count, o.count_matches) = (true, true),
                JSON => o.json = true,
                NO_JSON => o.json = false,
                SEARCH_ZIP => o.search_zip = true,
                NO_SEARCH_ZIP => o.search_zip = false,
                PRE => pre = Some(value.to_string()).filter(|command| !command.is_empty()),
                NO_PRE => pre = None,
                PRE_GLOB => {}
                SORT | COLOR => {}
                _ => match opt.short.unwrap_or(' ') {
                    'e' => o.patterns.push(value.to_string()),
                    'f' => o.pattern_files.push(value.to_string()),
                    'F' => o.syntax = 'F',
                    'P' => o.syntax = 'P',
                    'i' => case = Case::Insensitive,
                    's' => case = Case::Sensitive,
                    'S' => case = Case::Smart,
                    'w' => o.word = true,
                    'x' => o.line = true,
                    'v' => o.invert = true,
                    'c' => o.count = true,
                    'l' => o.files_with = true,
                    'q' => o.quiet = true,
                    'n' => o.number = true,
                    'N' => o.number = false,
                    'H' => o.with_name = Some(true),
                    'o' => o.only = true,
                    'U' => o.multiline = true,
                    'r' => o.replace = Some(toolsh_bytes::encode(value).into_owned()),
                    'b' => o.byte_offset = true,
                    '0' => o.null_after_name = true,
                    'a' => o.text = true,
                    'L' => o.follow = true,
                    'u' => unrestricted += 1,
                    'g' => globs.push((value.to_string(), false)),
                    't' => types.push((value.to_string(), true)),
                    'T' => types.push((value.to_string(), false)),
                    'j' => drop(number("thread count")?),
                    'm' => o.max = Some(number("max count")?),
                    'A' => o.after = number("context length")?,
                    'B' => o.before = number("context length")?,
                    'C' => (o.before, o.after) = (number("context length")?, number("context length")?),
                    _ => {}
                },
            }
            Ok(())
        };
        if let Err(message) = given() {
            return ctx.misuse(&RG, message).await;
        }
    }
    if let Some(command) = pre {
        let message = format!(
            "rg: --pre {command}: preprocessor commands are not supported here (toolsh starts no \
             program per file); decompress with -z, or run the command and pipe its output to rg\n"
        );
        ctx.err(message).await;
        return 2;
    }
    if o.json {
        // What ripgrep's argument parser refuses beside --json.
        let conflict = if list_files {
            Some("--files")
        } else if o.count_matches {
            Some("--count-matches")
        } else if o.count {
            Some("--count")
        } else if o.files_with {
            Some("--files-with-matches")
        } else {
            None
        };
        if let Some(conflict) = conflict {
            ctx.err(format!("error: The argument '{conflict}' cannot be used with '--json'\n\n{CLAP_USAGE}")).await;
            return 2;
        }
        // A message holds the whole line, its number and offset and its matches: what shapes
        // a line of text does not apply (`-L` is ignored, as ripgrep ignores it).
        (o.number, o.only, o.vimgrep, o.replace, o.heading, o.files_without) = (true, false, false, None, false, false);
    }
    // ripgrep sets groups apart with `--` when it shows context (none for -C 0).
    o.context = o.before > 0 || o.after > 0;
    o.group_separator = Some("--".to_string());
    // ripgrep prints an inverted match's whole line, `-o` or not.
    o.only &= !o.invert;
    if o.vimgrep {
        // Each match on a line of its own, named and placed whatever else was asked.
        (o.number, o.column, o.heading) = (true, true, false);
        o.with_name.get_or_insert(true);
    }
    no_ignore |= unrestricted >= 1;
    hidden |= unrestricted >= 2;
    if unrestricted >= 3 || o.text {
        (o.text, o.skip_binary) = (true, false);
    }
    let mut operands = args.operands;
    if !list_files && o.patterns.is_empty() && o.pattern_files.is_empty() {
        if operands.is_empty() {
            return ctx.misuse(&RG, "no pattern given (rg PATTERN [PATH ...])").await;
        }
        o.patterns.push(operands.remove(0));
    }
    // Without -U a line is matched alone: a pattern that names a newline could never match,
    // and ripgrep refuses it.
    if !o.multiline && o.syntax == 'R' && o.patterns.iter().any(|p| names_newline(p)) {
        let message = "the literal '\"\\n\"' is not allowed in a regex\n\n\
                       Consider enabling multiline mode with the --multiline flag (or -U for short).\n\
                       When multiline mode is enabled, new line characters can be matched.\n";
        ctx.err(message).await;
        return 2;
    }
    o.ignore_case = match case {
        Case::Insensitive => true,
        Case::Sensitive => false,
        Case::Smart => !o.patterns.iter().any(|p| has_upper_literal(p)),
    };
    let cwd = ctx.abs(".");
    if glob_nocase {
        globs.iter_mut().for_each(|glob| glob.1 = true);
    }
    o.filter = match Filter::new(&cwd, hidden, no_ignore, &globs, &types) {
        Ok(filter) => Some(std::sync::Arc::new(filter)),
        Err(message) => {
            ctx.err(format!("{message}\n")).await;
            return 2;
        }
    };
    if operands.is_empty() && !list_files && ctx.io.stdin().has_data() {
        operands.push("-".to_string());
    }
    // Standard input goes by ripgrep's name for it, and is named as a file given is.
    o.label = Some("<stdin>".to_string());
    o.named = Some(operands.iter().map(|op| if op == "-" { "<stdin>".to_string() } else { op.clone() }).collect());
    o.files = operands;
    if list_files {
        return files(&ctx, o).await;
    }
    run(ctx, o).await
}

/// Whether a pattern has an upper-case letter of its own (not one of an escape such as `\S`
/// or a class such as `\p{Lu}`): what `-S` looks at, as ripgrep does.
fn has_upper_literal(pattern: &str) -> bool {
    let mut chars = pattern.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => {
                if let Some('p' | 'P') = chars.next()
                    && let Some('{') = chars.clone().next()
                {
                    for c in chars.by_ref() {
                        if c == '}' {
                            break;
                        }
                    }
                }
            }
            c if c.is_uppercase() => return true,
            _ => {}
        }
    }
    false
}

/// Whether `pattern` names a newline itself: in a literal, or as all a class holds (a class
/// that also holds other characters, `\s` or `[^a]`, matches them only, as in ripgrep). A
/// pattern that does not parse is left for the search to refuse in its own words.
fn names_newline(pattern: &str) -> bool {
    use regex_syntax::hir::{Class, Hir, HirKind};
    fn walk(hir: &Hir) -> bool {
        match hir.kind() {
            HirKind::Literal(literal) => literal.0.contains(&b'\n'),
            HirKind::Class(Class::Unicode(class)) => {
                class.ranges().iter().all(|range| range.start() == '\n' && range.end() == '\n')
                    && !class.ranges().is_empty()
            }
            HirKind::Class(Class::Bytes(class)) => {
                class.ranges().iter().all(|range| range.start() == b'\n' && range.end() == b'\n')
                    && !class.ranges().is_empty()
            }
            HirKind::Repetition(repetition) => walk(&repetition.sub),
            HirKind::Capture(capture) => walk(&capture.sub),
            HirKind::Concat(hirs) | HirKind::Alternation(hirs) => hirs.iter().any(walk),
            HirKind::Empty | HirKind::Look(_) => false,
        }
    }
    regex_syntax::Parser::new().parse(pattern).is_ok_and(|hir| walk(&hir))
}

/// `--files`: the files a search would search, one a line, in the walk's order.
async fn files(ctx: &Ctx<'_>, mut o: Options) -> Status {
    let implicit = o.files.is_empty();
    if implicit {
        o.files.push(".".to_string());
    }
    let sep = if o.null_after_name { b'\0' } else { b'\n' };
    let files = std::mem::take(&mut o.files);
    let regex = super::Matcher::Bytes(std::sync::Arc::new(super::Bytes::new(
        regex::bytes::Regex::new("").expect("the empty regex"),
    )));
    let search = super::Search::new(ctx, o, regex);
    let mut out = Vec::new();
    let mut status = 1;
    for file in &files {
        let abs = ctx.abs(file);
        let found = match ctx.vfs.stat(&abs) {
            Ok(meta) if meta.is_dir() => {
                let mut found = Vec::new();
                search.walk(if implicit { "" } else { file }, &abs, &mut found);
                found
            }
            Ok(_) => vec![(file.clone(), Ok(abs))],
            Err(err) => vec![(file.clone(), Err(crate::vfs::describe(&err)))],
        };
        for (label, target) in found {
            match target {
                Ok(_) => {
                    status = 0;
                    out.extend_from_slice(&toolsh_bytes::encode(&label));
                    out.push(sep);
                }
                Err(message) => {
                    if !search.o.no_messages {
                        ctx.err(format!("{label}: {message}\n")).await;
                    }
                    status = 2;
                }
            }
        }
    }
    if !ctx.out(out).await {
        return 2;
    }
    status
}
