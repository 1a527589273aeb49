//! sed's compiler: a script (its `-e` expressions and `-f` files in order) read as GNU sed reads
//! it, a byte at a time with one byte of push-back, into a flat program whose blocks and
//! branches are jumps. Errors are GNU's words at GNU's place: `-e expression #N, char M` (the
//! bytes of that expression read so far) or `file F line L`.

use super::{Re, regex};

/// Where a piece of the script came from, for its error messages.
#[derive(Debug, Clone)]
pub enum Origin {
    /// The Nth `-e` (or the script operand, the first).
    Expression(usize),
    /// A `-f` file.
    File(String),
}

/// How much of POSIX sed holds (GNU's `posixicity`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Posix {
    /// GNU's extensions (the default).
    Extended,
    /// `POSIXLY_CORRECT` in the environment: extensions, with POSIX's behaviour where they differ.
    Correct,
    /// `--posix`: no extension.
    Basic,
}

/// An address.
#[derive(Debug)]
pub enum Addr {
    /// `+0` or `~0` as a second address: the range ends on its first line.
    Null,
    /// `/re/`; `None` is `//`, the last regex used.
    Regex(Option<Re>),
    /// A line number.
    Num(usize),
    /// `first~step`.
    NumMod(usize, usize),
    /// `addr,+N`.
    Step(usize),
    /// `addr,~N`.
    StepMod(usize),
    /// `$`.
    Last,
}

/// When a branch jumps.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum When {
    Always,
    Substituted,
    NotSubstituted,
}

/// Case conversions of a replacement (GNU's `repl_type` bits).
pub const UPPER: u8 = 1;
pub const LOWER: u8 = 2;
pub const UPPER_FIRST: u8 = 4;
pub const LOWER_FIRST: u8 = 8;
pub const FIRST: u8 = UPPER_FIRST | LOWER_FIRST;

/// A piece of a replacement: literal text, then a group (`&` is 0), each under a case conversion.
#[derive(Debug, Clone)]
pub struct Piece {
    pub text: Vec<u8>,
    pub group: Option<usize>,
    pub case: u8,
}

/// An `s` command.
#[derive(Debug)]
pub struct Subst {
    pub regex: Option<Re>,
    pub replacement: Vec<Piece>,
    pub global: bool,
    /// Which match is replaced first (1: the first).
    pub nth: usize,
    /// `p` before `e` (1), after it (2).
    pub print: u8,
    pub eval: bool,
    /// `w FILE`: an index into the program's outputs.
    pub write: Option<usize>,
}

/// What a command does.
#[derive(Debug)]
pub enum Kind {
    /// `{`: the index of its `}`, where it goes when its address does not select the line.
    Block(usize),
    EndBlock,
    Label,
    /// `b`, `t`, `T`: the index jumped to (the program's length: the end of the script).
    Branch(usize, When),
    Append(Vec<u8>),
    Insert(Vec<u8>),
    Change(Vec<u8>),
    Delete,
    DeleteFirst,
    /// `e [COMMAND]`: without one, the pattern space is the command and its output replaces it.
    Exec(Vec<u8>),
    FileName,
    Get,
    GetAppend,
    Hold,
    HoldAppend,
    List(Option<usize>),
    Next,
    NextAppend,
    Print,
    PrintFirst,
    /// `q`/`Q` with the exit status; `q` prints.
    Quit(i32, bool),
    /// `r FILE`: queued after the line, or for `0r` output before the first.
    ReadFile(String, bool),
    /// `R FILE`: an index into the program's inputs.
    ReadLine(usize),
    Subst(Box<Subst>),
    /// `y`: pairs of characters (as bytes) mapped; each byte a character when the flag is set
    /// (the C locale).
    Translate(Vec<(Vec<u8>, Vec<u8>)>, bool),
    Write(usize),
    WriteFirst(usize),
    Exchange,
    Zap,
    LineNumber,
}

/// One command with its addresses.
#[derive(Debug)]
pub struct Cmd {
    pub a1: Option<Addr>,
    pub a2: Option<Addr>,
    pub bang: bool,
    pub kind: Kind,
}

/// A compiled script.
#[derive(Debug, Default)]
pub struct Program {
    pub cmds: Vec<Cmd>,
    /// `#n` on the first line of the first script.
    pub quiet: bool,
    /// The files of `w`, `W` and `s///w`, in the order the script names them.
    pub outputs: Vec<String>,
    /// The files of `R`.
    pub inputs: Vec<String>,
    /// Where the script ended, for an error found while it runs (GNU's `no previous regular
    /// expression` is said there).
    pub end: String,
}

/// The compiler's options.
pub struct Settings {
    pub extended: bool,
    pub posix: Posix,
    pub sandbox: bool,
    /// `-z`: what ends a line (a regex's `M` anchors there).
    pub separator: u8,
    /// The C locale (or another of single bytes, `crate::text::bytes_locale`): each byte is a
    /// character, in expressions, `y` and the delimiters.
    pub bytes: bool,
}

/// GNU's version, which `v VERSION` compares with.
const VERSION: &str = "4.9";

pub struct Compiler {
    settings: Settings,
    program: Program,
    /// Open blocks: the `{`'s index and where it was (for `unmatched {`).
    blocks: Vec<(usize, Origin, usize)>,
    labels: Vec<(String, usize)>,
    jumps: Vec<(usize, String)>,
    /// The text of an `a`, `i` or `c` not yet ended: the command's index and its text.
    pending: Option<(usize, Vec<u8>)>,
    first_script: bool,
    text: Vec<u8>,
    pos: usize,
    line: usize,
    origin: Origin,
}

/// Reads what follows `\` in the script as GNU's `convert_number` does: up to the digits of a
/// byte in `base` (`\d065`, `\o101`, `\x41`), or the letter itself when no digit follows.
fn convert_number(buf: &[u8], base: u32) -> (u8, usize) {
    let mut n: u32 = 0;
    let mut max: u32 = 1;
    let mut at = 1;
    while at < buf.len() && max <= 255 {
        match char::from(buf[at]).to_digit(16) {
            Some(d) if d < base => n = n * base + d,
            _ => break,
        }
        at += 1;
        max *= base;
    }
    if at == 1 { (buf[0], 1) } else { ((n & 0xff) as u8, at) }
}

/// Which text `normalize` reads.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum TextKind {
    /// `a`, `i`, `c`, `y`: an unknown escape is its character.
    Buffer,
    /// A replacement: unknown escapes stay for the replacement's own reading.
    Replacement,
    /// A regex: unknown escapes stay for the regex.
    Regex,
}

/// GNU's `normalize_text`: the escapes `\a \f \n \r \t \v`, `\cX`, `\dNNN`, `\oNNN`, `\xHH`
/// become their bytes. Outside `Extended`, a regex's bracket expressions are left alone.
pub fn normalize(buf: &[u8], kind: TextKind, posix: Posix) -> Result<Vec<u8>, &'static str> {
    let mut out = Vec::with_capacity(buf.len());
    let mut bracket: i32 = 0;
    let mut p = 0;
    while p < buf.len() {
        let c = buf[p];
        if c == b'\\' && p + 1 < buf.len() && bracket == 0 {
            p += 1;
            match buf[p] {
                b'a' => out.push(0x07),
                b'f' => out.push(0x0c),
                b'\n' | b'n' => out.push(b'\n'),
                b'r' => out.push(b'\r'),
                b't' => out.push(b'\t'),
                b'v' => out.push(0x0b),
                letter @ (b'd' | b'x' | b'o') => {
                    let base = match letter {
                        b'd' => 10,
                        b'x' => 16,
                        _ => 8,
                    };
                    let (value, used) = convert_number(&buf[p..], base);
                    // A `&` or `\` made this way is itself in a replacement, and a regex's
                    // special character made this way matches itself.
                    if used > 1
                        && ((kind == TextKind::Replacement && matches!(value, b'&' | b'\\'))
                            || (kind == TextKind::Regex && b"\\^$.*[]+?(){}|/".contains(&value)))
                    {
                        out.push(b'\\');
                    }
                    out.push(value);
                    p += used;
                    continue;
                }
                b'c' => {
                    if p + 1 < buf.len() {
                        let x = buf[p + 1];
                        out.push(x.to_ascii_uppercase() ^ 0x40);
                        p += 2;
                        if x == b'\\' {
                            if buf.get(p) != Some(&b'\\') {
                                return Err("recursive escaping after \\c not allowed");
                            }
                            p += 1;
                        }
                        continue;
                    }
                    if kind != TextKind::Buffer {
                        out.push(b'\\');
                    }
                    p += 1;
                    continue;
                }
                other => {
                    if kind != TextKind::Buffer {
                        out.push(b'\\');
                    }
                    out.push(other);
                }
            }
            p += 1;
            continue;
        }
        if kind == TextKind::Regex && posix != Posix::Extended {
            match c {
                b'[' if bracket == 0 => bracket = -1,
                b':' | b'.' | b'=' if bracket == -1 && p > 0 && buf[p - 1] == b'[' => bracket = i32::from(c),
                b']' if bracket == -1 => bracket = 0,
                b']' if bracket > 0
                    && p >= 2
                    && i32::from(buf[p - 2]) != bracket
                    && i32::from(buf[p - 1]) == bracket =>
                {
                    bracket = -1
                }
                _ => {}
            }
        }
        out.push(c);
        p += 1;
    }
    Ok(out)
}

impl Compiler {
    pub fn new(settings: Settings) -> Self {
        Compiler {
            settings,
            program: Program::default(),
            blocks: Vec::new(),
            labels: Vec::new(),
            jumps: Vec::new(),
            pending: None,
            first_script: true,
            text: Vec::new(),
            pos: 0,
            line: 0,
            origin: Origin::Expression(0),
        }
    }

    /// The place an error is said at now.
    fn place(&self) -> String {
        match &self.origin {
            Origin::Expression(n) => format!("-e expression #{n}, char {}", self.pos),
            Origin::File(name) => format!("file {name} line {}", self.line),
        }
    }

    fn bad(&self, why: &str) -> String {
        format!("{}: {why}", self.place())
    }

    fn inchar(&mut self) -> Option<u8> {
        let c = self.text.get(self.pos).copied();
        if let Some(c) = c {
            self.pos += 1;
            if c == b'\n' {
                self.line += 1;
            }
        }
        c
    }

    fn savchar(&mut self, c: Option<u8>) {
        let Some(c) = c else { return };
        if c == b'\n' && self.line > 0 {
            self.line -= 1;
        }
        self.pos = self.pos.saturating_sub(1);
    }

    fn in_nonblank(&mut self) -> Option<u8> {
        loop {
            let c = self.inchar();
            if !matches!(c, Some(b' ' | b'\t')) {
                return c;
            }
        }
    }

    fn read_end_of_cmd(&mut self) -> Result<(), String> {
        let c = self.in_nonblank();
        match c {
            Some(b'}' | b'#') => self.savchar(c),
            None | Some(b'\n' | b';') => {}
            Some(_) => return Err(self.bad("extra characters after command")),
        }
        Ok(())
    }

    /// Digits from `first` on (GNU's `in_integer`): what does not fit is the largest number.
    fn in_integer(&mut self, first: Option<u8>) -> usize {
        let mut n: usize = 0;
        let mut c = first;
        while let Some(d @ b'0'..=b'9') = c {
            n = n.saturating_mul(10).saturating_add(usize::from(d - b'0'));
            c = self.inchar();
        }
        self.savchar(c);
        n
    }

    /// The bytes up to an unescaped `slash` (GNU's `match_slash`): `\slash` is the delimiter
    /// itself, `\` newline a newline, any other escape kept; in a regex a bracket expression
    /// may hold the delimiter. `None` when the line or script ends first.
    fn match_slash(&mut self, slash: u8, regex: bool) -> Result<Option<Vec<u8>>, String> {
        // A byte that starts a UTF-8 sequence is no delimiter; one that cannot start one is.
        // In the C locale every byte is a character, and may be one.
        if !self.settings.bytes && matches!(slash, 0xc2..=0xf4) {
            return Err(self.bad("delimiter character is not a single-byte character"));
        }
        let mut b = Vec::new();
        let last = loop {
            let mut c = self.inchar();
            match c {
                None | Some(b'\n') => break c,
                Some(ch) if ch == slash => return Ok(Some(b)),
                Some(b'\\') => {
                    c = self.inchar();
                    match c {
                        None => break c,
                        Some(ch) if ch != b'\n' && (ch != slash || (!regex && ch == b'&')) => b.push(b'\\'),
                        _ => {}
                    }
                }
                Some(b'[') if regex => {
                    b.push(b'[');
                    c = self.snarf_char_class(&mut b);
                    if c != Some(b']') {
                        break c;
                    }
                }
                _ => {}
            }
            if let Some(ch) = c {
                b.push(ch);
            }
        };
        // A newline that ended it is read again, for the line number of the error.
        if last == Some(b'\n') {
            self.savchar(last);
        }
        Ok(None)
    }

    /// The rest of a bracket expression after its `[` (GNU's `snarf_char_class`); returns the
    /// byte that ended it (`]`, a newline, or the end).
    fn snarf_char_class(&mut self, b: &mut Vec<u8>) -> Option<u8> {
        let mut state = 0;
        let mut delim = 0u8;
        let mut c = self.inchar();
        if c == Some(b'^') {
            b.push(b'^');
            c = self.inchar();
        }
        if c == Some(b']') {
            b.push(b']');
            c = self.inchar();
        }
        loop {
            match c {
                None | Some(b'\n') => return c,
                Some(ch @ (b'.' | b':' | b'=')) => {
                    if state == 1 {
                        delim = ch;
                        state = 2;
                    } else if state == 2 && ch == delim {
                        state = 3;
                    } else {
                        state &= !1;
                    }
                }
                Some(b'[') => {
                    if state == 0 {
                        state = 1;
                    }
                }
                Some(b']') => {
                    if state == 0 || state == 1 {
                        return c;
                    } else if state == 3 {
                        state = 0;
                    }
                    state &= !1;
                }
                Some(_) => state &= !1,
            }
            if let Some(ch) = c {
                b.push(ch);
            }
            c = self.inchar();
        }
    }

    fn read_label(&mut self) -> String {
        let mut b = Vec::new();
        let mut c = self.in_nonblank();
        while let Some(ch) = c {
            if matches!(ch, b'\n' | b' ' | b'\t' | b';' | b'}' | b'#') {
                break;
            }
            b.push(ch);
            c = self.inchar();
        }
        self.savchar(c);
        toolsh_bytes::decode_vec(b)
    }

    fn read_filename(&mut self) -> Result<String, String> {
        if self.settings.sandbox {
            return Err(self.bad("e/r/w commands disabled in sandbox mode"));
        }
        let mut b = Vec::new();
        let mut c = self.in_nonblank();
        while let Some(ch) = c {
            if ch == b'\n' {
                break;
            }
            b.push(ch);
            c = self.inchar();
        }
        Ok(toolsh_bytes::decode_vec(b))
    }

    /// A file of `w`/`W`/`s///w` (or `R`), named once however many commands name it.
    fn open_file(&mut self, write: bool) -> Result<usize, String> {
        let name = self.read_filename()?;
        if name.is_empty() {
            return Err(self.bad("missing filename in r/R/w/W commands"));
        }
        let files = if write { &mut self.program.outputs } else { &mut self.program.inputs };
        Ok(match files.iter().position(|f| *f == name) {
            Some(at) => at,
            None => {
                files.push(name);
                files.len() - 1
            }
        })
    }

    /// The text of `a`, `i`, `c` or `e` (GNU's `read_text`); `None` as `leadin` when the
    /// script ended right after the command's backslash.
    fn read_text(&mut self, cmd: Option<usize>, leadin: Option<u8>) -> Result<(), String> {
        if let Some(idx) = cmd {
            self.pending = Some((idx, Vec::new()));
        }
        let Some(leadin) = leadin else { return Ok(()) };
        let Some((_, text)) = self.pending.as_mut() else { return Ok(()) };
        let mut text = std::mem::take(text);
        if leadin != b'\n' {
            text.push(leadin);
        }
        let mut c = self.inchar();
        while let Some(ch) = c {
            if ch == b'\n' {
                break;
            }
            let mut ch = Some(ch);
            if ch == Some(b'\\') {
                ch = self.inchar();
                if ch.is_some() {
                    text.push(b'\\');
                }
            }
            let Some(byte) = ch else {
                text.push(b'\n');
                if let Some((_, pending)) = self.pending.as_mut() {
                    *pending = text;
                }
                return Ok(());
            };
            text.push(byte);
            c = self.inchar();
        }
        if c.is_none() {
            // The script ended within the text: a later piece may go on with it.
            text.push(b'\n');
            if let Some((_, pending)) = self.pending.as_mut() {
                *pending = text;
            }
            return Ok(());
        }
        text.push(b'\n');
        self.finish_text(text)
    }

    fn finish_text(&mut self, text: Vec<u8>) -> Result<(), String> {
        let Some((idx, _)) = self.pending.take() else { return Ok(()) };
        let text = normalize(&text, TextKind::Buffer, self.settings.posix).map_err(|why| self.bad(why))?;
        if let Some(cmd) = self.program.cmds.get_mut(idx) {
            match &mut cmd.kind {
                Kind::Append(t) | Kind::Insert(t) | Kind::Change(t) | Kind::Exec(t) => *t = text,
                _ => {}
            }
        }
        Ok(())
    }

    /// An address starting with `c`, if it is one (GNU's `compile_address`).
    fn address(&mut self, c: Option<u8>) -> Result<Option<Addr>, String> {
        let basic = self.settings.posix == Posix::Basic;
        match c {
            Some(b'/' | b'\\') => {
                let slash = if c == Some(b'\\') { self.inchar() } else { c };
                let Some(slash) = slash else {
                    return Err(self.bad("unterminated address regex"));
                };
                let Some(pattern) = self.match_slash(slash, true)? else {
                    return Err(self.bad("unterminated address regex"));
                };
                let (mut icase, mut multiline) = (false, false);
                loop {
                    let c = self.in_nonblank();
                    match c {
                        Some(b'I') if !basic => icase = true,
                        Some(b'M') if !basic => multiline = true,
                        _ => {
                            self.savchar(c);
                            return Ok(Some(Addr::Regex(self.regex(&pattern, icase, multiline, 0)?)));
                        }
                    }
                }
            }
            Some(b'0'..=b'9') => {
                let n = self.in_integer(c);
                let c = self.in_nonblank();
                if c != Some(b'~') || basic {
                    self.savchar(c);
                    return Ok(Some(Addr::Num(n)));
                }
                let first = self.in_nonblank();
                let step = self.in_integer(first);
                Ok(Some(if step > 0 { Addr::NumMod(n, step) } else { Addr::Num(n) }))
            }
            Some(b'+' | b'~') if !basic => {
                let first = self.in_nonblank();
                let step = self.in_integer(first);
                Ok(Some(match (step, c) {
                    (0, _) => Addr::Null,
                    (_, Some(b'+')) => Addr::Step(step),
                    _ => Addr::StepMod(step),
                }))
            }
            Some(b'$') => Ok(Some(Addr::Last)),
            _ => Ok(None),
        }
    }

    /// Compiles a regex of the script (GNU's `compile_regex`); `None` for the empty one.
    fn regex(&self, pattern: &[u8], icase: bool, multiline: bool, needed_groups: usize) -> Result<Option<Re>, String> {
        if pattern.is_empty() {
            if icase || multiline {
                return Err(self.bad("cannot specify modifiers on empty regexp"));
            }
            return Ok(None);
        }
        let pattern = normalize(pattern, TextKind::Regex, self.settings.posix).map_err(|why| self.bad(why))?;
        // GNU's matcher refuses `[:space:]` for `[[:space:]]` in its own words, with no place
        // (status 4).
        if crate::text::posix_regex::misplaced_class(&toolsh_bytes::decode(&pattern)) {
            return Err("\0character class syntax is [[:space:]], not [:space:]".to_string());
        }
        let flags = regex::Flags {
            extended: self.settings.extended,
            icase,
            multiline,
            separator: self.settings.separator,
            bytes: self.settings.bytes,
        };
        let re = regex::compile(&pattern, &flags).map_err(|why| self.bad(&why))?;
        if needed_groups > 0 && re.captures_len() < needed_groups && self.settings.posix == Posix::Extended {
            return Err(self.bad(&format!("invalid reference \\{} on `s' command's RHS", needed_groups - 1)));
        }
        Ok(Some(re))
    }

    /// Compiles one piece of the script into the program.
    pub fn compile(&mut self, text: Vec<u8>, origin: Origin) -> Result<(), String> {
        self.line = usize::from(matches!(origin, Origin::File(_)));
        self.text = text;
        self.pos = 0;
        self.origin = origin;
        if self.pending.is_some() {
            self.read_text(None, Some(b'\n'))?;
        }
        let result = self.compile_program();
        self.first_script = false;
        result
    }

    fn compile_program(&mut self) -> Result<(), String> {
        let basic = self.settings.posix == Posix::Basic;
        loop {
            let mut c = self.inchar();
            while matches!(c, Some(b';' | b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c)) {
                c = self.inchar();
            }
            let Some(_) = c else { break };
            let mut a1 = self.address(c)?;
            let mut a2 = None;
            if a1.is_some() {
                if matches!(a1, Some(Addr::Step(_) | Addr::StepMod(_))) {
                    return Err(self.bad("invalid usage of +N or ~N as first address"));
                }
                c = self.in_nonblank();
                if c == Some(b',') {
                    let next = self.in_nonblank();
                    a2 = self.address(next)?;
                    if a2.is_none() {
                        return Err(self.bad("unexpected `,'"));
                    }
                    c = self.in_nonblank();
                }
                if matches!(a1, Some(Addr::Num(0)))
                    && ((a2.is_none() && c != Some(b'r'))
                        || a2.as_ref().is_some_and(|a| !matches!(a, Addr::Regex(_)))
                        || basic)
                {
                    return Err(self.bad("invalid usage of line address 0"));
                }
            }
            let mut bang = false;
            if c == Some(b'!') {
                bang = true;
                c = self.in_nonblank();
                if c == Some(b'!') {
                    return Err(self.bad("multiple `!'s"));
                }
            }
            if basic {
                match c {
                    Some(ch @ (b'e' | b'F' | b'v' | b'z' | b'L' | b'Q' | b'T' | b'R' | b'W')) => {
                        return Err(self.bad(&format!("unknown command: `{}'", char::from(ch))));
                    }
                    Some(b'a' | b'i' | b'l' | b'=' | b'r') if a2.is_some() => {
                        return Err(self.bad("command only uses one address"));
                    }
                    _ => {}
                }
            }
            let idx = self.program.cmds.len();
            let kind = match c {
                Some(b'#') => {
                    if a1.is_some() {
                        return Err(self.bad("comments don't accept any addresses"));
                    }
                    let mut c = self.inchar();
                    if c == Some(b'n') && self.first_script && self.line < 2 && self.pos == 2 {
                        self.program.quiet = true;
                    }
                    while !matches!(c, None | Some(b'\n')) {
                        c = self.inchar();
                    }
                    continue;
                }
                Some(b'v') => {
                    let version = self.read_label();
                    let wanted = if version.is_empty() { "4.0" } else { version.as_str() };
                    if version_cmp(wanted, VERSION) == std::cmp::Ordering::Greater {
                        return Err(self.bad("expected newer version of sed"));
                    }
                    self.settings.posix = Posix::Extended;
                    continue;
                }
                Some(b'{') => {
                    self.blocks.push((idx, self.origin.clone(), self.line));
                    Kind::Block(0)
                }
                Some(b'}') => {
                    let Some((open, _, _)) = self.blocks.pop() else {
                        return Err(self.bad("unexpected `}'"));
                    };
                    if a1.is_some() {
                        return Err(self.bad("`}' doesn't want any addresses"));
                    }
                    self.read_end_of_cmd()?;
                    if let Some(cmd) = self.program.cmds.get_mut(open) {
                        cmd.kind = Kind::Block(idx);
                    }
                    Kind::EndBlock
                }
                Some(ch @ (b'e' | b'a' | b'i' | b'c')) => {
                    let c;
                    if ch == b'e' {
                        if self.settings.sandbox {
                            return Err(self.bad("e/r/w commands disabled in sandbox mode"));
                        }
                        c = self.in_nonblank();
                        if matches!(c, None | Some(b'\n')) {
                            self.program.cmds.push(Cmd { a1, a2, bang, kind: Kind::Exec(Vec::new()) });
                            continue;
                        }
                    } else {
                        c = self.in_nonblank();
                    }
                    let Some(first) = c else {
                        return Err(self.bad("expected \\ after `a', `c' or `i'"));
                    };
                    let leadin = if first == b'\\' {
                        self.inchar()
                    } else {
                        if basic {
                            return Err(self.bad("expected \\ after `a', `c' or `i'"));
                        }
                        self.savchar(Some(first));
                        Some(b'\n')
                    };
                    let kind = match ch {
                        b'e' => Kind::Exec(Vec::new()),
                        b'a' => Kind::Append(Vec::new()),
                        b'i' => Kind::Insert(Vec::new()),
                        _ => Kind::Change(Vec::new()),
                    };
                    self.program.cmds.push(Cmd { a1, a2, bang, kind });
                    self.read_text(Some(idx), leadin)?;
                    continue;
                }
                Some(b':') => {
                    if a1.is_some() {
                        return Err(self.bad(": doesn't want any addresses"));
                    }
                    let label = self.read_label();
                    if label.is_empty() {
                        return Err(self.bad("\":\" lacks a label"));
                    }
                    self.labels.push((label, idx));
                    Kind::Label
                }
                Some(ch @ (b'T' | b'b' | b't')) => {
                    let label = self.read_label();
                    self.jumps.push((idx, label));
                    let when = match ch {
                        b'b' => When::Always,
                        b't' => When::Substituted,
                        _ => When::NotSubstituted,
                    };
                    Kind::Branch(0, when)
                }
                Some(ch @ (b'Q' | b'q' | b'L' | b'l')) => {
                    if matches!(ch, b'Q' | b'q') && a2.is_some() {
                        return Err(self.bad("command only uses one address"));
                    }
                    let c = self.in_nonblank();
                    let arg = match c {
                        Some(b'0'..=b'9') if !basic => Some(self.in_integer(c)),
                        _ => {
                            self.savchar(c);
                            None
                        }
                    };
                    self.read_end_of_cmd()?;
                    match ch {
                        b'q' | b'Q' => Kind::Quit(arg.map_or(0, |n| n as i32), ch == b'q'),
                        b'l' => Kind::List(arg),
                        _ => return Err(self.bad("unknown command: `L'")),
                    }
                }
                Some(
                    ch @ (b'=' | b'd' | b'D' | b'F' | b'g' | b'G' | b'h' | b'H' | b'n' | b'N' | b'p' | b'P' | b'z'
                    | b'x'),
                ) => {
                    self.read_end_of_cmd()?;
                    match ch {
                        b'=' => Kind::LineNumber,
                        b'd' => Kind::Delete,
                        b'D' => Kind::DeleteFirst,
                        b'F' => Kind::FileName,
                        b'g' => Kind::Get,
                        b'G' => Kind::GetAppend,
                        b'h' => Kind::Hold,
                        b'H' => Kind::HoldAppend,
                        b'n' => Kind::Next,
                        b'N' => Kind::NextAppend,
                        b'p' => Kind::Print,
                        b'P' => Kind::PrintFirst,
                        b'z' => Kind::Zap,
                        _ => Kind::Exchange,
                    }
                }
                Some(b'r') => {
                    let name = self.read_filename()?;
                    if name.is_empty() {
                        return Err(self.bad("missing filename in r/R/w/W commands"));
                    }
                    // `0r FILE` puts the file before the first line.
                    if matches!(a1, Some(Addr::Num(0))) && a2.is_none() {
                        a1 = Some(Addr::Num(1));
                        Kind::ReadFile(name, false)
                    } else {
                        Kind::ReadFile(name, true)
                    }
                }
                Some(b'R') => Kind::ReadLine(self.open_file(false)?),
                Some(b'W') => Kind::WriteFirst(self.open_file(true)?),
                Some(b'w') => Kind::Write(self.open_file(true)?),
                Some(b's') => self.substitution()?,
                Some(b'y') => self.translation()?,
                None => return Err(self.bad("missing command")),
                Some(other) => {
                    let shown = toolsh_bytes::decode(&[other]).into_owned();
                    return Err(self.bad(&format!("unknown command: `{shown}'")));
                }
            };
            self.program.cmds.push(Cmd { a1, a2, bang, kind });
        }
        if basic && self.pending.is_some() {
            return Err(self.bad("incomplete command"));
        }
        Ok(())
    }

    fn substitution(&mut self) -> Result<Kind, String> {
        let slash = self.inchar();
        let Some(slash) = slash else {
            return Err(self.bad("unterminated `s' command"));
        };
        let Some(pattern) = self.match_slash(slash, true)? else {
            return Err(self.bad("unterminated `s' command"));
        };
        let Some(replacement) = self.match_slash(slash, false)? else {
            return Err(self.bad("unterminated `s' command"));
        };
        let (replacement, max_group) = self.replacement(&replacement)?;
        let basic = self.settings.posix == Posix::Basic;
        let mut subst = Subst { regex: None, replacement, global: false, nth: 0, print: 0, eval: false, write: None };
        let (mut icase, mut multiline) = (false, false);
        loop {
            let c = self.in_nonblank();
            match c {
                Some(b'i' | b'I') if !basic => icase = true,
                Some(b'm' | b'M') if !basic => multiline = true,
                Some(b'e') if !basic => {
                    if self.settings.sandbox {
                        return Err(self.bad("e/r/w commands disabled in sandbox mode"));
                    }
                    subst.eval = true
                }
                Some(b'p') => {
                    if subst.print != 0 {
                        return Err(self.bad("multiple `p' options to `s' command"));
                    }
                    subst.print = if subst.eval { 2 } else { 1 };
                }
                Some(b'g') => {
                    if subst.global {
                        return Err(self.bad("multiple `g' options to `s' command"));
                    }
                    subst.global = true;
                }
                Some(b'w') => {
                    subst.write = Some(self.open_file(true)?);
                    break;
                }
                Some(b'0'..=b'9') => {
                    if subst.nth != 0 {
                        return Err(self.bad("multiple number options to `s' command"));
                    }
                    subst.nth = self.in_integer(c);
                    if subst.nth == 0 {
                        return Err(self.bad("number option to `s' command may not be zero"));
                    }
                }
                Some(b'}' | b'#') => {
                    self.savchar(c);
                    break;
                }
                None | Some(b'\n' | b';') => break,
                Some(b'\r') if self.inchar() == Some(b'\n') => break,
                _ => return Err(self.bad("unknown option to `s'")),
            }
        }
        subst.nth = subst.nth.max(1);
        subst.regex = self.regex(&pattern, icase, multiline, max_group + 1)?;
        Ok(Kind::Subst(Box::new(subst)))
    }

    /// A replacement as pieces (GNU's `setup_replacement`), with the highest group it names.
    fn replacement(&self, text: &[u8]) -> Result<(Vec<Piece>, usize), String> {
        let text = normalize(text, TextKind::Replacement, self.settings.posix).map_err(|why| self.bad(why))?;
        let basic = self.settings.posix == Posix::Basic;
        let mut pieces = Vec::new();
        let mut max_group = 0;
        let (mut repl_type, mut save_type) = (0u8, 0u8);
        let mut literal = Vec::new();
        let mut p = 0;
        while p < text.len() {
            match text[p] {
                b'\\' => {
                    // The literal text before the backslash is a piece of its own, under the
                    // conversion in force; what the escape stands for may extend it.
                    let mut piece = Piece { text: std::mem::take(&mut literal), group: None, case: repl_type };
                    repl_type = save_type;
                    p += 1;
                    match text.get(p) {
                        None => piece.text.push(b'\\'),
                        Some(&c) if basic && !c.is_ascii_digit() => piece.text.push(c),
                        Some(&d @ b'0'..=b'9') => {
                            let group = usize::from(d - b'0');
                            max_group = max_group.max(group);
                            piece.group = Some(group);
                        }
                        Some(b'L') => (repl_type, save_type) = (LOWER, LOWER),
                        Some(b'U') => (repl_type, save_type) = (UPPER, UPPER),
                        Some(b'E') => (repl_type, save_type) = (0, 0),
                        Some(b'l') => {
                            save_type = repl_type;
                            repl_type |= LOWER_FIRST;
                        }
                        Some(b'u') => {
                            save_type = repl_type;
                            repl_type |= UPPER_FIRST;
                        }
                        Some(&c) => piece.text.push(c),
                    }
                    pieces.push(piece);
                }
                b'&' => {
                    pieces.push(Piece { text: std::mem::take(&mut literal), group: Some(0), case: repl_type });
                    repl_type = save_type;
                }
                c => literal.push(c),
            }
            p += 1;
        }
        if !literal.is_empty() {
            pieces.push(Piece { text: literal, group: None, case: repl_type });
        }
        Ok((pieces, max_group))
    }

    fn translation(&mut self) -> Result<Kind, String> {
        let Some(slash) = self.inchar() else {
            return Err(self.bad("unterminated `y' command"));
        };
        let Some(from) = self.match_slash(slash, false)? else {
            return Err(self.bad("unterminated `y' command"));
        };
        let from = normalize(&from, TextKind::Buffer, self.settings.posix).map_err(|why| self.bad(why))?;
        let Some(to) = self.match_slash(slash, false)? else {
            return Err(self.bad("unterminated `y' command"));
        };
        let to = normalize(&to, TextKind::Buffer, self.settings.posix).map_err(|why| self.bad(why))?;
        let each_byte = self.settings.bytes;
        let (from, to) = (characters(&from, each_byte), characters(&to, each_byte));
        if from.len() != to.len() {
            return Err(self.bad("strings for `y' command are different lengths"));
        }
        self.read_end_of_cmd()?;
        Ok(Kind::Translate(from.into_iter().zip(to).collect(), each_byte))
    }

    /// Checks what needs the whole script (GNU's `check_final_program`) and hands the program
    /// over: every `{` closed, the last text ended, each branch's label found.
    pub fn finish(mut self) -> Result<Program, String> {
        if let Some((_, origin, line)) = self.blocks.pop() {
            let place = match origin {
                Origin::Expression(n) => format!("-e expression #{n}, char 0"),
                Origin::File(name) => format!("file {name} line {line}"),
            };
            return Err(format!("{place}: unmatched `{{'"));
        }
        if let Some((_, text)) = self.pending.as_mut() {
            let text = std::mem::take(text);
            self.finish_text(text)?;
        }
        let end = self.program.cmds.len();
        for (idx, name) in std::mem::take(&mut self.jumps) {
            let target = if name.is_empty() {
                end
            } else {
                match self.labels.iter().find(|(label, _)| *label == name) {
                    Some((_, at)) => *at,
                    None => return Err(format!("\0can't find label for jump to `{name}'")),
                }
            };
            if let Some(Cmd { kind: Kind::Branch(to, _), .. }) = self.program.cmds.get_mut(idx) {
                *to = target;
            }
        }
        self.pos = 0;
        self.program.end = self.place();
        Ok(self.program)
    }
}

/// The characters of `bytes` as GNU's `y` takes them: UTF-8 sequences, a byte that is not
/// one alone.
fn characters(bytes: &[u8], each_byte: bool) -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    let mut at = 0;
    while at < bytes.len() {
        let len = if each_byte { 1 } else { utf8_len(&bytes[at..]) };
        out.push(bytes[at..at + len].to_vec());
        at += len;
    }
    out
}

/// The length of the UTF-8 character at the start of `bytes` (1 for a byte that starts none).
pub fn utf8_len(bytes: &[u8]) -> usize {
    let want = match bytes.first() {
        Some(0xc2..=0xdf) => 2,
        Some(0xe0..=0xef) => 3,
        Some(0xf0..=0xf4) => 4,
        _ => return 1,
    };
    if bytes.len() >= want && std::str::from_utf8(&bytes[..want]).is_ok() { want } else { 1 }
}

/// glibc's `strverscmp` for the version strings `v` compares: runs of digits as numbers.
fn version_cmp(a: &str, b: &str) -> std::cmp::Ordering {
    let parts =
        |s: &str| -> Vec<u64> { s.split(|c: char| !c.is_ascii_digit()).filter_map(|p| p.parse().ok()).collect() };
    parts(a).cmp(&parts(b))
}
