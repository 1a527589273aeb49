//! `sed`: the stream editor. A script is parsed into a flat program (blocks and branches are
//! jumps), then run once per input line over a pattern space and a hold space, as GNU sed does:
//! addresses (`N`, `$`, `/re/`, `first~step`, `0,/re/`, `addr,+N`, `addr,~N`, `!`), commands
//! `s y d D p P n N q Q h H g G x a i c = l r w b t T : { }`, and flags `-n -e -f -E -r -i -s -z`.

use crate::Ctx;
use crate::session::Status;
use crate::spec::{Args, Opt, Spec, Words};
use crate::text::posix_regex;
use crate::vfs::{WriteMode, describe};
use std::sync::Arc;

/// A compiled expression, shared: cloning a `Regex` would also drop its match caches.
type Re = Arc<posix_regex::Compiled>;

const QUIET: Opt = Opt::both('n', "quiet", "suppress automatic printing of pattern space").alias("silent");
const EXPRESSION: Opt = Opt::both('e', "expression", "add the script to the commands to be executed").value("script");
const FILE: Opt =
    Opt::both('f', "file", "add the contents of script-file to the commands to be executed").value("script-file");
const IN_PLACE: Opt =
    Opt::both('i', "in-place", "edit files in place (makes backup if SUFFIX supplied)").optional("SUFFIX");
const EXTENDED: Opt = Opt::both('E', "regexp-extended", "use extended regular expressions in the script");
const EXTENDED_R: Opt = Opt::short('r', "use extended regular expressions (as -E)");
const SEPARATE: Opt =
    Opt::both('s', "separate", "consider files as separate rather than as a single, continuous long stream");
const UNBUFFERED: Opt = Opt::both('u', "unbuffered", "flush the output buffers after every line");
const NULL_DATA: Opt = Opt::both('z', "null-data", "separate lines by NUL characters");
const LINE_LENGTH: Opt =
    Opt::both('l', "line-length", "specify the desired line-wrap length for the `l' command").value("N");
const POSIX: Opt = Opt::long("posix", "disable all GNU extensions (accepted; the script runs as written)");

/// `sed`.
pub const SED: Spec = Spec {
    name: "sed",
    summary: "edit streams: substitute, delete, print lines",
    synopsis: &["[OPTION]... {script-only-if-no-other-script} [input-file]..."],
    about: "If no -e, --expression, -f, or --file option is given, then the first non-option argument is taken as the sed script to interpret. All remaining arguments are names of input files; if no input files are specified, then the standard input is read.",
    options: &[
        QUIET,
        EXPRESSION,
        FILE,
        IN_PLACE,
        LINE_LENGTH,
        POSIX,
        EXTENDED,
        EXTENDED_R,
        SEPARATE,
        UNBUFFERED,
        NULL_DATA,
    ],
    words: Words::GnuWithHelp,
    long_order: &["file", "follow-symlinks", "silent", "sandbox", "separate"],
    ..Spec::BASE
};

#[derive(Debug, Clone)]
enum Addr {
    Line(usize),
    Last,
    Regex(Option<Re>),
    Step(usize, usize),
    Zero,
}

#[derive(Debug, Clone)]
enum Addr2 {
    Line(usize),
    Last,
    Regex(Option<Re>),
    Plus(usize),
    Multiple(usize),
}

#[derive(Debug, Clone)]
enum Kind {
    Block(usize),
    EndBlock,
    Subst {
        regex: Option<Re>,
        replacement: Vec<u8>,
        global: bool,
        nth: usize,
        print: bool,
        write: Option<String>,
    },
    Translate(Vec<char>, Vec<char>),
    Delete,
    DeleteFirst,
    Print,
    PrintFirst,
    Next,
    NextAppend,
    Quit(i32, bool),
    Hold,
    HoldAppend,
    Get,
    GetAppend,
    Exchange,
    Append(Vec<u8>),
    Insert(Vec<u8>),
    Change(Vec<u8>),
    LineNumber,
    /// `l [N]`: the pattern space unambiguously, wrapped at N (the -l length when none).
    List(Option<usize>),
    ReadFile(String),
    WriteFile(String),
    Branch(Option<String>, BranchWhen),
    Label,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum BranchWhen {
    Always,
    Substituted,
    NotSubstituted,
}

#[derive(Debug, Clone)]
struct Cmd {
    addr1: Option<Addr>,
    addr2: Option<Addr2>,
    negate: bool,
    kind: Kind,
    label: Option<String>,
}

struct ScriptParser {
    chars: Vec<char>,
    pos: usize,
    extended: bool,
}

fn compile(pattern: &str, extended: bool, ignore_case: bool) -> Result<Re, String> {
    let pattern = byte_escapes(pattern);
    let translated = if extended { posix_regex::extended(&pattern) } else { posix_regex::basic(&pattern) };
    posix_regex::Compiled::new(&translated, ignore_case).map(Arc::new)
}

/// GNU sed's `\xHH` of a byte past ASCII matches that byte: it becomes the byte's stand-in
/// (`toolsh_bytes`), which the translation matches as the byte. An ASCII `\xHH` is left to
/// the regex crate, which reads it as that character.
fn byte_escapes(pattern: &str) -> std::borrow::Cow<'_, str> {
    if !pattern.contains("\\x") {
        return pattern.into();
    }
    let mut out = String::with_capacity(pattern.len());
    let mut chars = pattern.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        let Some(next) = chars.next() else {
            out.push(c);
            break;
        };
        if next == 'x' {
            let hex: String = std::iter::from_fn(|| chars.next_if(char::is_ascii_hexdigit)).take(2).collect();
            match u8::from_str_radix(&hex, 16) {
                Ok(byte) if byte >= 0x80 => out.push(toolsh_bytes::byte_char(byte)),
                _ => {
                    out.push_str("\\x");
                    out.push_str(&hex);
                }
            }
            continue;
        }
        out.push(c);
        out.push(next);
    }
    out.into()
}

/// The value of GNU sed's numeric escape `\xHH`, `\oNNN` or `\dNNN` at the start of `rest`
/// (after the letter), with how many digits it took.
fn numeric_escape(letter: u8, rest: &[u8]) -> Option<(u8, usize)> {
    let (radix, most) = match letter {
        b'x' => (16, 2),
        b'o' => (8, 3),
        b'd' => (10, 3),
        _ => return None,
    };
    let len = rest.iter().take(most).take_while(|b| char::from(**b).is_digit(radix)).count();
    let digits = std::str::from_utf8(&rest[..len]).ok().filter(|d| !d.is_empty())?;
    u8::try_from(u32::from_str_radix(digits, radix).ok()?).ok().map(|value| (value, len))
}

impl ScriptParser {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.pos).copied()
    }

    fn next(&mut self) -> Option<char> {
        // The end is not a character read: GNU's positions count only those.
        let c = self.peek();
        if c.is_some() {
            self.pos += 1;
        }
        c
    }

    /// What may follow a command that takes no text: blanks, then the end, a newline, `;`,
    /// `}` or a comment; anything else is GNU's error, said at the character after it.
    fn end_of_command(&mut self, command: char) -> Result<(), String> {
        self.skip_spaces();
        match self.peek() {
            None | Some('\n' | ';' | '}' | '#') => Ok(()),
            Some(_) => {
                self.next();
                Err(if command == 's' { "unknown option to `s'" } else { "extra characters after command" }.to_string())
            }
        }
    }

    fn skip_spaces(&mut self) {
        while matches!(self.peek(), Some(' ' | '\t')) {
            self.pos += 1;
        }
    }

    fn number(&mut self) -> Option<usize> {
        let start = self.pos;
        while matches!(self.peek(), Some(c) if c.is_ascii_digit()) {
            self.pos += 1;
        }
        if self.pos == start {
            return None;
        }
        self.chars[start..self.pos].iter().collect::<String>().parse().ok()
    }

    /// Reads text delimited by `delim`, keeping escapes except for the delimiter itself.
    fn delimited(&mut self, delim: char, what: &str) -> Result<String, String> {
        self.delimited_text(delim, what, false)
    }

    /// Like [`Self::delimited`] for a regex: the delimiter does not end it inside a bracket
    /// expression (`s/[^/]*//`), as in GNU sed.
    fn delimited_regex(&mut self, delim: char, what: &str) -> Result<String, String> {
        self.delimited_text(delim, what, true)
    }

    fn delimited_text(&mut self, delim: char, what: &str, regex: bool) -> Result<String, String> {
        let mut out = String::new();
        loop {
            match self.next() {
                Some('[') if regex => {
                    out.push('[');
                    // `]` right after `[` or `[^` is a member; `[:alpha:]` and friends nest.
                    if self.peek() == Some('^') {
                        out.push('^');
                        self.pos += 1;
                    }
                    if self.peek() == Some(']') {
                        out.push(']');
                        self.pos += 1;
                    }
                    loop {
                        match self.next() {
                            None => return Err(format!("unterminated {what}")),
                            Some(']') => {
                                out.push(']');
                                break;
                            }
                            Some('[') if matches!(self.peek(), Some(':' | '.' | '=')) => {
                                let kind = self.peek().unwrap_or(':');
                                out.push('[');
                                while let Some(c) = self.next() {
                                    out.push(c);
                                    if c == kind && self.peek() == Some(']') && out.len() > 2 {
                                        out.push(']');
                                        self.pos += 1;
                                        break;
                                    }
                                }
                            }
                            Some(c) => out.push(c),
                        }
                    }
                }
                None => return Err(format!("unterminated {what}")),
                Some('\\') => match self.next() {
                    Some(c) if c == delim => out.push(c),
                    Some('n') => out.push('\n'),
                    Some(c) => {
                        out.push('\\');
                        out.push(c);
                    }
                    None => return Err(format!("unterminated {what}")),
                },
                Some(c) if c == delim => return Ok(out),
                Some(c) => out.push(c),
            }
        }
    }

    fn regex_addr(&mut self, delim: char) -> Result<Option<Re>, String> {
        let text = self.delimited_regex(delim, "address regex")?;
        let mut ignore_case = false;
        while matches!(self.peek(), Some('I' | 'M')) {
            ignore_case |= self.next() == Some('I');
        }
        if text.is_empty() {
            return Ok(None);
        }
        compile(&text, self.extended, ignore_case).map(Some)
    }

    fn addr1(&mut self) -> Result<Option<Addr>, String> {
        match self.peek() {
            Some(c) if c.is_ascii_digit() => {
                let n = self.number().unwrap_or(0);
                if self.peek() == Some('~') {
                    self.pos += 1;
                    let step = self.number().unwrap_or(0);
                    return Ok(Some(Addr::Step(n, step)));
                }
                Ok(Some(if n == 0 { Addr::Zero } else { Addr::Line(n) }))
            }
            Some('$') => {
                self.pos += 1;
                Ok(Some(Addr::Last))
            }
            Some('/') => {
                self.pos += 1;
                Ok(Some(Addr::Regex(self.regex_addr('/')?)))
            }
            Some('\\') => {
                self.pos += 1;
                let delim = self.next().ok_or("unexpected end of script")?;
                Ok(Some(Addr::Regex(self.regex_addr(delim)?)))
            }
            _ => Ok(None),
        }
    }

    fn addr2(&mut self) -> Result<Addr2, String> {
        // GNU sed takes spaces after the comma (`2, 4 d`).
        self.skip_spaces();
        match self.peek() {
            Some('+') => {
                self.pos += 1;
                Ok(Addr2::Plus(self.number().ok_or("expected a number after `+`")?))
            }
            Some('~') => {
                self.pos += 1;
                Ok(Addr2::Multiple(self.number().ok_or("expected a number after `~`")?))
            }
            _ => match self.addr1()? {
                Some(Addr::Line(n)) => Ok(Addr2::Line(n)),
                Some(Addr::Zero) => Ok(Addr2::Line(0)),
                Some(Addr::Last) => Ok(Addr2::Last),
                Some(Addr::Regex(re)) => Ok(Addr2::Regex(re)),
                Some(Addr::Step(n, _)) => Ok(Addr2::Line(n)),
                None => Err("unexpected `,'".to_string()),
            },
        }
    }

    /// Text for `a`, `i`, `c`: `a text`, `a\` newline `text`, with `\` line continuations.
    fn text_argument(&mut self) -> Vec<u8> {
        self.skip_spaces();
        if self.peek() == Some('\\') {
            self.pos += 1;
            if self.peek() == Some('\n') {
                self.pos += 1;
            }
        }
        let mut out = String::new();
        while let Some(c) = self.next() {
            match c {
                '\\' => match self.next() {
                    Some('n') => out.push('\n'),
                    Some('t') => out.push('\t'),
                    Some(other) => out.push(other),
                    None => break,
                },
                '\n' => break,
                other => out.push(other),
            }
        }
        out.push('\n');
        toolsh_bytes::encode_string(out)
    }

    fn word_argument(&mut self) -> String {
        self.skip_spaces();
        let mut out = String::new();
        while let Some(c) = self.peek() {
            if c == '\n' || c == ';' {
                break;
            }
            out.push(c);
            self.pos += 1;
        }
        out.trim_end().to_string()
    }

    fn filename(&mut self) -> String {
        self.skip_spaces();
        let mut out = String::new();
        while let Some(c) = self.peek() {
            if c == '\n' {
                break;
            }
            out.push(c);
            self.pos += 1;
        }
        out
    }

    fn parse(&mut self) -> Result<Vec<Cmd>, String> {
        let mut program: Vec<Cmd> = Vec::new();
        let mut open_blocks = Vec::new();
        loop {
            while matches!(self.peek(), Some(' ' | '\t' | '\n' | ';')) {
                self.pos += 1;
            }
            let Some(c) = self.peek() else { break };
            if c == '#' {
                while !matches!(self.next(), Some('\n') | None) {}
                continue;
            }
            let addr1 = self.addr1()?;
            let mut addr2 = None;
            if addr1.is_some() {
                self.skip_spaces();
            }
            if addr1.is_some() && self.peek() == Some(',') {
                self.pos += 1;
                addr2 = Some(self.addr2()?);
            }
            self.skip_spaces();
            let mut negate = false;
            while self.peek() == Some('!') {
                negate = true;
                self.pos += 1;
                self.skip_spaces();
            }
            let Some(command) = self.next() else {
                return Err("missing command".to_string());
            };
            let mut label = None;
            let kind = match command {
                '{' => {
                    open_blocks.push(program.len());
                    Kind::Block(0)
                }
                '}' => {
                    let Some(start) = open_blocks.pop() else {
                        return Err("unexpected `}'".to_string());
                    };
                    let end = program.len();
                    program[start].kind = Kind::Block(end);
                    Kind::EndBlock
                }
                's' => self.substitution()?,
                'y' => {
                    let delim = self.next().ok_or("unterminated `y' command")?;
                    let from: Vec<char> = self.delimited(delim, "`y' command")?.chars().collect();
                    let to: Vec<char> = self.delimited(delim, "`y' command")?.chars().collect();
                    if from.len() != to.len() {
                        return Err("strings for `y' command are different lengths".to_string());
                    }
                    Kind::Translate(from, to)
                }
                'd' => Kind::Delete,
                'D' => Kind::DeleteFirst,
                'p' => Kind::Print,
                'P' => Kind::PrintFirst,
                'n' => Kind::Next,
                'N' => Kind::NextAppend,
                'q' | 'Q' => {
                    self.skip_spaces();
                    let code = self.number().unwrap_or(0) as i32;
                    Kind::Quit(code, command == 'q')
                }
                'h' => Kind::Hold,
                'H' => Kind::HoldAppend,
                'g' => Kind::Get,
                'G' => Kind::GetAppend,
                'x' => Kind::Exchange,
                'a' => Kind::Append(self.text_argument()),
                'i' => Kind::Insert(self.text_argument()),
                'c' => Kind::Change(self.text_argument()),
                '=' => Kind::LineNumber,
                'l' => {
                    self.skip_spaces();
                    Kind::List(self.number())
                }
                'r' => Kind::ReadFile(self.filename()),
                'w' => Kind::WriteFile(self.filename()),
                'b' | 't' | 'T' => {
                    let target = self.word_argument();
                    let when = match command {
                        'b' => BranchWhen::Always,
                        't' => BranchWhen::Substituted,
                        _ => BranchWhen::NotSubstituted,
                    };
                    Kind::Branch(if target.is_empty() { None } else { Some(target) }, when)
                }
                ':' => {
                    let name = self.word_argument();
                    if name.is_empty() {
                        return Err("\":\" lacks a label".to_string());
                    }
                    label = Some(name);
                    Kind::Label
                }
                other => return Err(format!("unknown command: `{other}'")),
            };
            if !matches!(command, '{' | 'a' | 'i' | 'c' | 'r' | 'w' | 'b' | 't' | 'T' | ':') {
                self.end_of_command(command)?;
            }
            program.push(Cmd { addr1, addr2, negate, kind, label });
        }
        if !open_blocks.is_empty() {
            // GNU says this one at character 0.
            self.pos = 0;
            return Err("unmatched `{'".to_string());
        }
        Ok(program)
    }

    fn substitution(&mut self) -> Result<Kind, String> {
        let delim = self.next().ok_or("unterminated `s' command")?;
        let pattern = self.delimited_regex(delim, "`s' command")?;
        let mut replacement = Vec::new();
        loop {
            match self.next() {
                None => return Err("unterminated `s' command".to_string()),
                Some('\\') => match self.next() {
                    Some(c) if c == delim => replacement.push(c as u8),
                    Some('\n') => replacement.push(b'\n'),
                    Some(c) => {
                        replacement.push(b'\\');
                        toolsh_bytes::push_char(&mut replacement, c);
                    }
                    None => return Err("unterminated `s' command".to_string()),
                },
                Some(c) if c == delim => break,
                // The script is text: a byte that is not UTF-8 goes into the replacement as itself.
                Some(c) => toolsh_bytes::push_char(&mut replacement, c),
            }
        }
        let (mut global, mut nth, mut print, mut ignore_case, mut write) = (false, 1, false, false, None);
        loop {
            match self.peek() {
                // GNU reads blanks between the flags (`s/a/b/ g`).
                Some(' ' | '\t') => {}
                Some('g') => global = true,
                Some('p') => print = true,
                Some('i' | 'I') => ignore_case = true,
                Some('m' | 'M' | 'e') => {}
                Some(c) if c.is_ascii_digit() => {
                    nth = self.number().unwrap_or(1).max(1);
                    continue;
                }
                Some('w') => {
                    self.pos += 1;
                    write = Some(self.filename());
                    break;
                }
                _ => break,
            }
            self.pos += 1;
        }
        let regex = if pattern.is_empty() { None } else { Some(compile(&pattern, self.extended, ignore_case)?) };
        Ok(Kind::Subst { regex, replacement, global, nth, print, write })
    }
}

/// Expands `&`, `\1`…`\9`, `\n` and the GNU case escapes of a replacement.
pub(crate) fn substitute(replacement: &[u8], caps: &posix_regex::Groups<'_>, out: &mut Vec<u8>) {
    #[derive(Clone, Copy, PartialEq)]
    enum Case {
        None,
        Upper,
        Lower,
    }
    let mut case = Case::None;
    let mut one_shot: Option<Case> = None;
    let push = |out: &mut Vec<u8>, bytes: &[u8], case: Case, one_shot: &mut Option<Case>| {
        let text = toolsh_bytes::decode(bytes);
        for ch in text.chars() {
            let mode = one_shot.take().unwrap_or(case);
            let mut buf = String::new();
            match mode {
                Case::Upper => buf.extend(ch.to_uppercase()),
                Case::Lower => buf.extend(ch.to_lowercase()),
                Case::None => buf.push(ch),
            }
            out.extend_from_slice(&toolsh_bytes::encode(&buf));
        }
    };
    let mut idx = 0;
    while idx < replacement.len() {
        let b = replacement[idx];
        match b {
            b'&' => {
                let whole = caps.get(0).unwrap_or_default();
                push(out, whole, case, &mut one_shot);
            }
            b'\\' if idx + 1 < replacement.len() => {
                idx += 1;
                match replacement[idx] {
                    d @ b'0'..=b'9' => {
                        let group = caps.get((d - b'0') as usize).unwrap_or_default();
                        push(out, group, case, &mut one_shot);
                    }
                    b'n' => out.push(b'\n'),
                    b't' => out.push(b'\t'),
                    b'a' => out.push(0x07),
                    b'f' => out.push(0x0c),
                    b'v' => out.push(0x0b),
                    b'r' => out.push(b'\r'),
                    // `\xHH`, `\oNNN`, `\dNNN`: that byte, as GNU sed writes it.
                    letter @ (b'x' | b'o' | b'd')
                        if let Some((value, len)) = numeric_escape(letter, &replacement[idx + 1..]) =>
                    {
                        out.push(value);
                        idx += len;
                    }
                    b'U' => case = Case::Upper,
                    b'L' => case = Case::Lower,
                    b'E' => case = Case::None,
                    b'u' => one_shot = Some(Case::Upper),
                    b'l' => one_shot = Some(Case::Lower),
                    other => push(out, &[other], case, &mut one_shot),
                }
            }
            other => push(out, &[other], case, &mut one_shot),
        }
        idx += 1;
    }
}

/// A file of `w` commands: what they wrote, and whether the last line lacked its newline.
struct WriteFile {
    name: String,
    data: Vec<u8>,
    owes_newline: bool,
}

struct Machine<'c, 'a> {
    ctx: &'c Ctx<'a>,
    program: Arc<Vec<Cmd>>,
    quiet: bool,
    separator: u8,
    range_active: Vec<Option<usize>>,
    last_regex: Option<Re>,
    /// Whether output is handed over as it is made (not with `-i`).
    streaming: bool,
    /// Bytes of output held before they go out (1 with `-u`: every line).
    flush_at: usize,
    /// Set when standard output's reader went away.
    broken: bool,
    hold: Vec<u8>,
    /// What the pattern and hold spaces may hold together (`Limits::output_bytes`).
    space_limit: usize,
    out: Vec<u8>,
    /// Whether the line last read ended in the separator: as GNU sed, a last line without one
    /// is printed without one.
    chomped: bool,
    /// The same for the hold space (true until a line is held).
    hold_chomped: bool,
    /// Set when a line went out without its separator: it is written before any more output.
    missing_newline: bool,
    write_files: Vec<WriteFile>,
    /// Where `l` wraps its lines (`-l N`; 70, GNU's default).
    line_length: usize,
}

/// The pattern space as GNU sed's `l` shows it: C escapes, other unprintable bytes in octal,
/// `$` at the end, and lines wrapped with `\` to fit `width` (0: never wrapped).
fn listed(space: &[u8], width: usize) -> String {
    let mut text = String::new();
    let mut column = 0;
    for &b in space {
        let piece = match b {
            b'\\' => "\\\\".to_string(),
            0x07 => "\\a".to_string(),
            0x08 => "\\b".to_string(),
            0x0c => "\\f".to_string(),
            b'\n' => "\\n".to_string(),
            b'\r' => "\\r".to_string(),
            b'\t' => "\\t".to_string(),
            0x0b => "\\v".to_string(),
            0x20..=0x7e => (b as char).to_string(),
            other => format!("\\{other:03o}"),
        };
        if width > 0 && column + piece.len() > width - 1 {
            text.push_str("\\\n");
            column = 0;
        }
        column += piece.len();
        text.push_str(&piece);
    }
    text.push_str("$\n");
    text
}

/// The lines of the input, read a piece at a time from each operand in turn and kept one line
/// ahead (for `$`), so `sed 5q` of an endless pipe ends after five lines.
struct Input<'c, 'a> {
    ctx: &'c Ctx<'a>,
    files: std::collections::VecDeque<String>,
    reader: Option<crate::text::lines::LineBatches>,
    /// Lines read and not yet taken, with whether a separator ended each.
    ahead: std::collections::VecDeque<(Vec<u8>, bool)>,
    separator: u8,
    /// Set when an operand could not be read: sed then ends with status 2.
    failed: bool,
}

impl<'c, 'a> Input<'c, 'a> {
    fn new(ctx: &'c Ctx<'a>, files: &[String], separator: u8) -> Self {
        let files = files.iter().cloned().collect();
        Input { ctx, files, reader: None, ahead: std::collections::VecDeque::new(), separator, failed: false }
    }

    /// Reads until a line is ahead or every operand is done; an operand that cannot be read is
    /// reported when it is reached, as GNU sed does.
    async fn fill(&mut self) {
        while self.ahead.is_empty() {
            let Some(reader) = self.reader.as_mut() else {
                let Some(file) = self.files.pop_front() else { return };
                match self.ctx.open_operand(&file) {
                    Ok(reader) => self.reader = Some(crate::text::lines::LineBatches::new(reader, self.separator)),
                    Err(err) => {
                        self.ctx.err(format!("sed: can't read {file}: {}\n", describe(&err))).await;
                        self.failed = true;
                    }
                }
                continue;
            };
            match reader.next().await {
                Ok(Some(batch)) => {
                    let unterminated = batch.unterminated();
                    self.ahead.extend(batch.lines().map(|line| (line.to_vec(), true)));
                    if unterminated && let Some(last) = self.ahead.back_mut() {
                        last.1 = false;
                    }
                }
                Ok(None) => self.reader = None,
                Err(err) => {
                    self.ctx.err(format!("sed: read error: {}\n", describe(&err))).await;
                    self.failed = true;
                    self.reader = None;
                }
            }
        }
    }

    /// The next line, and whether its separator ended it.
    async fn next_line(&mut self) -> Option<(Vec<u8>, bool)> {
        self.fill().await;
        self.ahead.pop_front()
    }

    async fn is_last(&mut self) -> bool {
        self.fill().await;
        self.ahead.is_empty()
    }
}

/// What ended a cycle.
enum Flow {
    Continue,
    /// Delete: start the next cycle without printing.
    Delete,
    /// `D`: restart the cycle with what is left of the pattern space.
    Restart,
    /// End with this status; print the pattern space first; settle a missing newline.
    Quit(i32, bool, bool),
}

impl Machine<'_, '_> {
    fn regex_matches(&mut self, regex: &Option<Re>, text: &[u8]) -> bool {
        let regex = match regex {
            Some(regex) => {
                self.last_regex = Some(regex.clone());
                regex.clone()
            }
            None => match &self.last_regex {
                Some(regex) => regex.clone(),
                None => return false,
            },
        };
        regex.is_match(text)
    }

    fn addr_matches(&mut self, addr: &Addr, line_no: usize, last: bool, space: &[u8]) -> bool {
        match addr {
            Addr::Line(n) => *n == line_no,
            Addr::Last => last,
            Addr::Regex(re) => self.regex_matches(re, space),
            Addr::Step(first, step) => {
                if *step == 0 {
                    line_no == *first
                } else {
                    line_no >= *first && (line_no - first).is_multiple_of(*step)
                }
            }
            Addr::Zero => false,
        }
    }

    fn selected(&mut self, idx: usize, line_no: usize, last: bool, space: &[u8]) -> bool {
        let program = self.program.clone();
        let cmd = &program[idx];
        let hit = match (&cmd.addr1, &cmd.addr2) {
            (None, _) => true,
            (Some(addr), None) => self.addr_matches(addr, line_no, last, space),
            // Two line numbers: the lines between, as GNU sed decides them from the number alone
            // (so a range whose first line a command before it deleted still starts: `1d;1,3p`).
            (Some(Addr::Line(first)), Some(Addr2::Line(end))) => {
                line_no == *first || (*first < line_no && line_no <= *end)
            }
            (Some(start), Some(end)) => {
                if let Some(started) = self.range_active[idx] {
                    let ends = match end {
                        Addr2::Line(n) => line_no >= *n,
                        Addr2::Last => last,
                        Addr2::Regex(re) => self.regex_matches(re, space),
                        Addr2::Plus(n) => line_no >= started + n,
                        Addr2::Multiple(m) => *m == 0 || line_no.is_multiple_of(*m),
                    };
                    if ends {
                        self.range_active[idx] = None;
                    }
                    true
                } else {
                    let begins = match start {
                        Addr::Zero => matches!(end, Addr2::Regex(_)) && line_no == 1,
                        other => self.addr_matches(other, line_no, last, space),
                    };
                    if !begins {
                        false
                    } else {
                        // The range is one line when its end is already behind.
                        let ends_now = match end {
                            Addr2::Line(n) => *n <= line_no,
                            Addr2::Plus(0) => true,
                            Addr2::Multiple(m) => *m == 0 || line_no.is_multiple_of(*m),
                            Addr2::Regex(re) if matches!(start, Addr::Zero) => self.regex_matches(re, space),
                            Addr2::Last => last,
                            _ => false,
                        };
                        if !ends_now {
                            self.range_active[idx] = Some(line_no);
                        }
                        true
                    }
                }
            }
        };
        hit != cmd.negate
    }

    /// Writes output, after the separator a line printed without one still owes.
    fn put(&mut self, bytes: &[u8]) {
        if bytes.is_empty() {
            return;
        }
        if std::mem::take(&mut self.missing_newline) {
            self.out.push(self.separator);
        }
        self.out.extend_from_slice(bytes);
    }

    /// Prints (part of) the pattern space, ended by the separator unless the line last read
    /// had none.
    fn emit(&mut self, bytes: &[u8]) {
        self.put(bytes);
        if std::mem::take(&mut self.missing_newline) {
            self.out.push(self.separator);
        }
        if self.chomped {
            self.out.push(self.separator);
        } else {
            self.missing_newline = true;
        }
    }

    /// Hands on the text queued by `a` and `r` for the end of the cycle.
    fn put_appended(&mut self, append: &mut Vec<u8>) {
        self.put(append);
        append.clear();
    }

    async fn run_cycle(
        &mut self,
        space: &mut Vec<u8>,
        input: &mut Input<'_, '_>,
        line_no: &mut usize,
        append: &mut Vec<u8>,
    ) -> Flow {
        let mut pc = 0;
        let mut substituted = false;
        while pc < self.program.len() {
            // `N`, `G`, `H` and substitutions grow the spaces; an endless input or a loop must
            // not grow them past what a value may hold.
            if space.len() + self.hold.len() > self.space_limit {
                let limit = self.space_limit;
                self.ctx
                    .err(format!(
                        "sed: the pattern and hold spaces hold more than {limit} bytes (limit: output-bytes)\n"
                    ))
                    .await;
                return Flow::Quit(4, false, false);
            }
            let last = input.is_last().await;
            if !self.selected(pc, *line_no, last, space) {
                if let Kind::Block(end) = self.program[pc].kind {
                    pc = end + 1;
                } else {
                    pc += 1;
                }
                continue;
            }
            let program = self.program.clone();
            match &program[pc].kind {
                Kind::Block(_) | Kind::EndBlock | Kind::Label => {}
                Kind::Subst { regex, replacement, global, nth, print, write } => {
                    let regex = match regex {
                        Some(regex) => {
                            self.last_regex = Some(regex.clone());
                            regex.clone()
                        }
                        None => match &self.last_regex {
                            Some(regex) => regex.clone(),
                            None => {
                                pc += 1;
                                continue;
                            }
                        },
                    };
                    let mut result = Vec::with_capacity(space.len());
                    let mut copied = 0;
                    let mut count = 0;
                    let mut changed = false;
                    for caps in regex.captures_iter(space) {
                        let Some((start, end)) = caps.span(0) else { continue };
                        count += 1;
                        if count < *nth {
                            continue;
                        }
                        result.extend_from_slice(&space[copied..start]);
                        substitute(replacement, &caps, &mut result);
                        copied = end;
                        changed = true;
                        if !global {
                            break;
                        }
                    }
                    if changed {
                        result.extend_from_slice(&space[copied..]);
                        *space = result;
                        substituted = true;
                        if *print {
                            let text = space.clone();
                            self.emit(&text);
                        }
                        if let Some(file) = write {
                            let text = space.clone();
                            self.write_to(file, &text);
                        }
                    }
                }
                Kind::Translate(from, to) => {
                    let text = toolsh_bytes::decode(space).into_owned();
                    let mapped: String =
                        text.chars().map(|c| from.iter().position(|&f| f == c).map_or(c, |i| to[i])).collect();
                    *space = toolsh_bytes::encode_string(mapped);
                }
                Kind::Delete => return Flow::Delete,
                Kind::DeleteFirst => match space.iter().position(|&b| b == b'\n') {
                    Some(idx) => {
                        space.drain(..=idx);
                        return Flow::Restart;
                    }
                    None => return Flow::Delete,
                },
                Kind::Print => {
                    let text = space.clone();
                    self.emit(&text);
                }
                Kind::PrintFirst => {
                    let end = space.iter().position(|&b| b == b'\n').unwrap_or(space.len());
                    let text = space[..end].to_vec();
                    self.emit(&text);
                }
                Kind::Next => {
                    if !self.quiet {
                        let text = space.clone();
                        self.emit(&text);
                    }
                    self.put_appended(append);
                    match input.next_line().await {
                        Some((line, chomped)) => {
                            self.chomped = chomped;
                            *space = line;
                            *line_no += 1;
                        }
                        None => return Flow::Quit(0, false, false),
                    }
                }
                Kind::NextAppend => match input.next_line().await {
                    Some((line, chomped)) => {
                        self.chomped = chomped;
                        space.push(b'\n');
                        space.extend_from_slice(&line);
                        *line_no += 1;
                    }
                    // GNU sed prints the pattern space when `N` hits the end of input.
                    None => return Flow::Quit(0, true, false),
                },
                // `q` settles a missing newline before it ends; `Q` does not (GNU).
                Kind::Quit(code, print) => return Flow::Quit(*code, *print, *print),
                // Whether a separator is owed travels with the text, as in GNU sed.
                Kind::Hold => {
                    self.hold = space.clone();
                    self.hold_chomped = self.chomped;
                }
                Kind::HoldAppend => {
                    self.hold.push(b'\n');
                    self.hold.extend_from_slice(space);
                    self.hold_chomped = self.chomped;
                }
                Kind::Get => {
                    *space = self.hold.clone();
                    self.chomped = self.hold_chomped;
                }
                Kind::GetAppend => {
                    space.push(b'\n');
                    space.extend_from_slice(&self.hold.clone());
                    self.chomped = self.hold_chomped;
                }
                Kind::Exchange => {
                    std::mem::swap(space, &mut self.hold);
                    std::mem::swap(&mut self.chomped, &mut self.hold_chomped);
                }
                Kind::Append(text) => append.extend_from_slice(text),
                Kind::Insert(text) => self.put(text),
                Kind::Change(text) => {
                    let in_range = self.program[pc].addr2.is_some() && self.range_active[pc].is_some();
                    if !in_range || self.program[pc].negate {
                        self.put(text);
                    }
                    return Flow::Delete;
                }
                Kind::LineNumber => {
                    self.put(format!("{line_no}\n").as_bytes());
                }
                Kind::List(width) => {
                    let width = width.unwrap_or(self.line_length);
                    let text = listed(space, width);
                    self.put(text.as_bytes());
                }
                Kind::ReadFile(file) => {
                    if let Ok(data) = self.ctx.vfs.read(&self.ctx.abs(file)) {
                        append.extend_from_slice(&data);
                    }
                }
                Kind::WriteFile(file) => {
                    let text = space.clone();
                    self.write_to(file, &text);
                }
                Kind::Branch(target, when) => {
                    let jump = match when {
                        BranchWhen::Always => true,
                        BranchWhen::Substituted => substituted,
                        BranchWhen::NotSubstituted => !substituted,
                    };
                    if *when != BranchWhen::Always && jump {
                        substituted = false;
                    }
                    if jump {
                        match target {
                            None => return Flow::Continue,
                            Some(name) => {
                                match self.program.iter().position(|c| c.label.as_deref() == Some(name.as_str())) {
                                    Some(target) => {
                                        // A jump back is a loop (`:a; ba`): each turn is a step
                                        // of the line, so its deadline ends it.
                                        if target <= pc && !self.ctx.step().await {
                                            self.broken = true;
                                            return Flow::Quit(1, false, false);
                                        }
                                        pc = target;
                                        continue;
                                    }
                                    None => return Flow::Continue,
                                }
                            }
                        }
                    }
                }
            }
            pc += 1;
        }
        Flow::Continue
    }

    fn write_to(&mut self, file: &str, text: &[u8]) {
        // As GNU sed: `w /dev/stdout` writes into the output, in its place among the lines.
        if file == "/dev/stdout" {
            self.out.extend_from_slice(text);
            if self.chomped {
                self.out.push(self.separator);
            }
            return;
        }
        let at = match self.write_files.iter().position(|w| w.name == file) {
            Some(at) => at,
            None => {
                self.write_files.push(WriteFile { name: file.to_string(), data: Vec::new(), owes_newline: false });
                self.write_files.len() - 1
            }
        };
        let separator = self.separator;
        let chomped = self.chomped;
        let target = &mut self.write_files[at];
        // As GNU sed: the newline a last line lacked is written only if more follows.
        if std::mem::take(&mut target.owes_newline) {
            target.data.push(separator);
        }
        target.data.extend_from_slice(text);
        if chomped {
            target.data.push(separator);
        } else {
            target.owes_newline = true;
        }
    }

    /// Runs the program over lines; returns the exit code when `q`/`Q` asked for one.
    async fn run(&mut self, input: &mut Input<'_, '_>) -> Option<i32> {
        let mut line_no = 0;
        let mut pending: Option<Vec<u8>> = None;
        loop {
            let mut space = match pending.take() {
                Some(space) => space,
                None => match input.next_line().await {
                    Some((line, chomped)) => {
                        line_no += 1;
                        self.chomped = chomped;
                        line
                    }
                    None => return None,
                },
            };
            let mut append = Vec::new();
            let flow = self.run_cycle(&mut space, input, &mut line_no, &mut append).await;
            match flow {
                Flow::Continue => {
                    if !self.quiet {
                        self.emit(&space);
                    }
                }
                Flow::Delete => {}
                Flow::Restart => {
                    self.put_appended(&mut append);
                    pending = Some(space);
                    continue;
                }
                Flow::Quit(code, print, settle) => {
                    if print && !self.quiet {
                        self.emit(&space);
                    }
                    self.put_appended(&mut append);
                    if settle && std::mem::take(&mut self.missing_newline) {
                        self.out.push(self.separator);
                    }
                    return Some(code);
                }
            }
            self.put_appended(&mut append);
            // Output goes out in large pieces as it is made, unless it replaces a file (-i).
            if self.streaming && self.out.len() >= self.flush_at && !self.ctx.out_piece(&mut self.out).await {
                self.broken = true;
                return None;
            }
        }
    }
}

/// `sed [-n] [-E] [-i[SUFFIX]] [-s] [-z] [-e SCRIPT]… [-f FILE]… [SCRIPT] [FILE…]`
pub async fn sed(ctx: Ctx<'_>, args: Args) -> Status {
    let mut scripts: Vec<String> = Vec::new();
    for (opt, value) in args.given() {
        match *opt {
            EXPRESSION => scripts.push(value.to_string()),
            FILE => match ctx.read_operand(value).await {
                Ok(data) => scripts.push(toolsh_bytes::decode(&data).into_owned()),
                Err(err) => return ctx.fail(format!("couldn't open file {value}: {}", describe(&err))).await,
            },
            _ => {}
        }
    }
    let quiet = args.has(&QUIET);
    let extended = args.has(&EXTENDED) || args.has(&EXTENDED_R);
    let in_place = args.has(&IN_PLACE).then(|| args.last(&IN_PLACE).unwrap_or_default().to_string());
    let separate = args.has(&SEPARATE);
    let null_data = args.has(&NULL_DATA);
    // GNU reads the length with atoi: what is not a number is 0, never wrapping.
    let line_length = args.last(&LINE_LENGTH).map_or(70, |n| n.parse::<usize>().unwrap_or(0));
    let unbuffered = args.has(&UNBUFFERED);
    let mut files = args.operands;
    if scripts.is_empty() {
        if files.is_empty() {
            return ctx.misuse(&SED, "").await;
        }
        scripts.push(files.remove(0));
    }
    let source = scripts.join("\n");
    let mut parser = ScriptParser { chars: source.chars().collect(), pos: 0, extended };
    let program = match parser.parse() {
        Ok(program) => program,
        Err(message) => {
            ctx.err(format!("sed: -e expression #1, char {}: {message}\n", parser.pos)).await;
            return 1;
        }
    };
    let separator = if null_data { 0 } else { b'\n' };
    let mut machine = Machine {
        ctx: &ctx,
        range_active: vec![None; program.len()],
        program: Arc::new(program),
        quiet,
        separator,
        last_regex: None,
        streaming: in_place.is_none(),
        flush_at: if unbuffered { 1 } else { 64 * 1024 },
        line_length,
        broken: false,
        hold: Vec::new(),
        space_limit: ctx.state().limits().output_bytes,
        out: Vec::new(),
        chomped: true,
        hold_chomped: true,
        missing_newline: false,
        write_files: Vec::new(),
    };
    if files.is_empty() {
        if in_place.is_some() {
            return ctx.fail("no input files").await;
        }
        files.push("-".to_string());
    }
    let mut status = 0;
    let separately = separate || in_place.is_some();
    let mut exit = None;
    if separately {
        for file in &files {
            machine.range_active.iter_mut().for_each(|r| *r = None);
            // -i keeps the file as it was for its backup (a suffix) and its mode.
            let original = match &in_place {
                Some(suffix) if !suffix.is_empty() => match ctx.read_operand(file).await {
                    Ok(data) => Some(data),
                    Err(err) => {
                        ctx.err(format!("sed: can't read {file}: {}\n", describe(&err))).await;
                        status = 2;
                        continue;
                    }
                },
                _ => None,
            };
            let mut input = Input::new(&ctx, std::slice::from_ref(file), separator);
            exit = machine.run(&mut input).await;
            if input.failed {
                status = 2;
                continue;
            }
            // Stopped half-way (a deadline, a closed output): the file keeps what it had.
            if machine.broken {
                break;
            }
            if let Some(suffix) = &in_place {
                let abs = ctx.abs(file);
                if let Some(data) = &original {
                    let backup =
                        if suffix.contains('*') { suffix.replace('*', file) } else { format!("{file}{suffix}") };
                    let _ = ctx.vfs.write(&ctx.abs(&backup), data, WriteMode::Truncate);
                }
                // A file's last line without a newline keeps it that way: nothing more is owed.
                machine.missing_newline = false;
                let out = std::mem::take(&mut machine.out);
                if let Err(err) = ctx.vfs.write(&abs, &out, WriteMode::Truncate) {
                    ctx.err(format!("sed: couldn't write {file}: {}\n", describe(&err))).await;
                    status = 4;
                }
            }
            if exit.is_some() {
                break;
            }
        }
    } else {
        let mut input = Input::new(&ctx, &files, separator);
        exit = machine.run(&mut input).await;
        if input.failed {
            status = 2;
        }
    }
    for WriteFile { name: file, data, .. } in std::mem::take(&mut machine.write_files) {
        if let Err(err) = ctx.write_path(&file, &data, WriteMode::Truncate).await {
            ctx.err(format!("sed: couldn't open file {file}: {}\n", describe(&err))).await;
            status = 4;
        }
    }
    let out = std::mem::take(&mut machine.out);
    if machine.broken || (!out.is_empty() && !ctx.out(out).await) {
        return 4;
    }
    exit.unwrap_or(status)
}
