//! `find`: walks the workspace and evaluates an expression of tests (`-name -iname -path -regex
//! -iregex -type -size -perm -newer -newerXY -mtime -mmin -atime -amin -ctime -cmin -daystart
//! -lname -samefile -inum -user -group -uid -gid -nouser -nogroup -readable -writable -executable
//! -empty -maxdepth -mindepth -xdev`) and actions (`-print -print0 -printf -ls -delete -exec … \;
//! -exec … + -prune -quit`) joined by `!`, `-a`, `-o`, `,` and parentheses. A file keeps one
//! time (access and change times are its modification time), every file is the agent's, and
//! there are no inode numbers (`-inum` matches nothing, `-ls` shows 0).
//! Directories are read in sorted order, so output is deterministic.

use crate::Ctx;
use crate::pattern::Pattern;
use crate::session::Status;
use crate::spec::{Args, Opt, Order, Runs, Spec};
use crate::vfs::{FileKind, Meta, WriteMode, path};
use std::sync::Arc;
use std::time::{Duration, SystemTime};
use toolsh_bytes::quote::quote;

#[derive(Debug, Clone, Copy)]
enum Cmp {
    Less,
    Exactly,
    More,
}

fn parse_cmp(text: &str) -> Option<(Cmp, i64)> {
    let (cmp, digits) = match text.as_bytes().first() {
        Some(b'+') => (Cmp::More, &text[1..]),
        Some(b'-') => (Cmp::Less, &text[1..]),
        _ => (Cmp::Exactly, text),
    };
    Some((cmp, digits.parse().ok()?))
}

fn compare(cmp: Cmp, value: i64, target: i64) -> bool {
    match cmp {
        Cmp::Less => value < target,
        Cmp::Exactly => value == target,
        Cmp::More => value > target,
    }
}

/// A `-name` pattern. The shapes most walks use — a plain name, and `*` before a plain suffix
/// (`*.rs`) — are answered by comparing bytes: the general matcher makes a vector of the
/// name's characters on every call, once per file of the tree.
#[derive(Debug)]
enum Glob {
    Exact(String),
    Suffix(String),
    Any(Pattern),
}

impl Glob {
    fn new(text: &str, nocase: bool) -> Glob {
        // No `*`, `?`, bracket, backslash quoting or extended form `X(…)`.
        let plain = |text: &str| !text.contains(['*', '?', '[', '\\', '(']);
        if !nocase {
            if plain(text) {
                return Glob::Exact(text.to_string());
            }
            if let Some(rest) = text.strip_prefix('*')
                && plain(rest)
            {
                return Glob::Suffix(rest.to_string());
            }
        }
        Glob::Any(if nocase { Pattern::new_nocase(text) } else { Pattern::new(text) })
    }

    fn matches(&self, name: &str) -> bool {
        match self {
            Glob::Exact(text) => name == text,
            Glob::Suffix(suffix) => name.ends_with(suffix.as_str()),
            Glob::Any(pattern) => pattern.matches(name),
        }
    }
}

#[derive(Debug)]
enum Node {
    Name(Glob),
    Path(Pattern),
    Type(Vec<char>),
    /// `-xtype`: the kind of what a link leads to (a link leading nowhere stays one); under
    /// `-L`, where `-type` sees the target, the link's own kind.
    XType(Vec<char>, bool),
    Size(Cmp, i64, u64),
    Newer(SystemTime),
    Mtime(Cmp, i64, u64),
    Empty,
    True,
    False,
    Print,
    Print0,
    Delete,
    Prune,
    Quit,
    Exec {
        argv: Vec<String>,
        batch: bool,
        id: usize,
        /// `-execdir`: run in the file's directory, `{}` being `./NAME`.
        in_dir: bool,
        /// `-ok`, `-okdir`: run only when a line read from standard input says yes.
        ask: bool,
    },
    /// `-regex`: the whole path matches (as bytes: a pattern's byte that is not UTF-8 matches
    /// that byte of a name, and `.` no such byte, as GNU's).
    Regex(regex::bytes::Regex),
    /// `-perm MODE` (exactly), `-perm -MODE` (all of these bits), `-perm /MODE` (any of them).
    Perm(PermTest, u32),
    /// `-newermt DATE`: modified after the date.
    NewerThan(SystemTime),
    /// `-lname GLOB`: a symbolic link whose target matches.
    Lname(Pattern),
    /// `-readable`, `-writable`, `-executable`: the owner's permission bit (there is one user).
    Access(u32),
    /// `-printf FORMAT`.
    Printf(String),
    /// `-ls`: the line `ls -dils` would print.
    Ls,
    /// `A , B , …`: all evaluated, the last one's value (a chain is one node, not a tree as
    /// deep as it is long, so its length costs no stack).
    Comma(Vec<Node>),
    /// `-samefile FILE`: resolves to the same path as FILE did (links followed with -L).
    SameFile(String, bool),
    Not(Box<Node>),
    /// `A -a B -a …`: evaluated until one is false.
    And(Vec<Node>),
    /// `A -o B -o …`: evaluated until one is true.
    Or(Vec<Node>),
    /// `-fprint FILE`, `-fprint0`, `-fprintf`, `-fls`: the action's text goes to the file
    /// numbered so (truncated before the walk, as GNU opens it), not to standard output.
    Into(usize, Box<Node>),
}

impl Node {
    fn has_action(&self) -> bool {
        match self {
            Node::Print
            | Node::Print0
            | Node::Printf(_)
            | Node::Ls
            | Node::Delete
            | Node::Exec { .. }
            | Node::Quit
            | Node::Into(..) => true,
            Node::Not(inner) => inner.has_action(),
            Node::And(all) | Node::Or(all) | Node::Comma(all) => all.iter().any(Node::has_action),
            _ => false,
        }
    }

    /// Whether evaluating it may wait (`-exec` runs a command, `-delete` may complain).
    fn waits(&self) -> bool {
        match self {
            Node::Delete | Node::Exec { .. } => true,
            Node::Not(inner) => inner.waits(),
            Node::And(all) | Node::Or(all) | Node::Comma(all) => all.iter().any(Node::waits),
            _ => false,
        }
    }

    fn has_delete(&self) -> bool {
        match self {
            Node::Delete => true,
            Node::Not(inner) => inner.has_delete(),
            Node::And(all) | Node::Or(all) | Node::Comma(all) => all.iter().any(Node::has_delete),
            _ => false,
        }
    }
}

/// How `-perm` compares.
#[derive(Debug, Clone, Copy)]
enum PermTest {
    Exactly,
    All,
    Any,
}

/// The dialect of `-regex` (`-regextype`): emacs (GNU's default: a basic expression whose `+`
/// and `?` are operators), POSIX basic, or extended.
#[derive(Clone, Copy, PartialEq, Eq)]
enum RegexType {
    Emacs,
    Basic,
    Extended,
}

/// An emacs expression as a POSIX basic one: `+` and `?` are operators in emacs and `\+`, `\?`
/// the characters, the other way round in basic (bracket expressions are left alone).
fn emacs_to_basic(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 4);
    let mut chars = text.chars().peekable();
    let mut in_bracket = false;
    while let Some(c) = chars.next() {
        match c {
            '[' if !in_bracket => {
                in_bracket = true;
                out.push(c);
                // `[]…]` and `[^]…]` hold a `]` first.
                if chars.peek() == Some(&'^') {
                    out.extend(chars.next());
                }
                if chars.peek() == Some(&']') {
                    out.extend(chars.next());
                }
            }
            ']' if in_bracket => {
                in_bracket = false;
                out.push(c);
            }
            '\\' if !in_bracket => match chars.next() {
                Some(op @ ('+' | '?')) => out.push(op),
                Some(other) => {
                    out.push('\\');
                    out.push(other);
                }
                None => out.push('\\'),
            },
            '+' | '?' if !in_bracket => {
                out.push('\\');
                out.push(c);
            }
            other => out.push(other),
        }
    }
    out
}

struct Parser<'a> {
    args: &'a [String],
    pos: usize,
    max_depth: Option<usize>,
    min_depth: usize,
    depth_first: bool,
    execs: usize,
    regex_type: RegexType,
    /// `-daystart`: ages count from the end of today, not from now.
    day_start: bool,
    /// `-xdev`/`-mount`: no descent into another file system.
    one_file_system: bool,
    /// `-L`: links are followed (for `-samefile`).
    follow_all: bool,
    /// Parentheses and `!` open around the current word (see [`MAX_NESTING`]).
    nesting: usize,
    /// The files `-fprint` and its kin write, as named.
    files: Vec<String>,
}

/// How deep parentheses and `!` nest: reading, running and dropping the tree recurse once per
/// level, with frames of kilobytes (100,000 of `\(` or `!` overflowed the stack and ended the
/// process). Chains of operators are flat and cost nothing.
const MAX_NESTING: usize = 64;

impl Parser<'_> {
    /// Reads `inner` one level deeper, refusing past [`MAX_NESTING`].
    fn nested(
        &mut self,
        ctx: &Ctx<'_>,
        inner: fn(&mut Self, &Ctx<'_>) -> Result<Node, String>,
    ) -> Result<Node, String> {
        if self.nesting >= MAX_NESTING {
            return Err(format!("the expression nests deeper than {MAX_NESTING} levels of parentheses and `!'"));
        }
        self.nesting += 1;
        let node = inner(self, ctx);
        self.nesting -= 1;
        node
    }

    fn peek(&self) -> Option<&str> {
        self.args.get(self.pos).map(String::as_str)
    }

    fn value(&mut self, option: &str) -> Result<String, String> {
        self.pos += 1;
        self.args.get(self.pos - 1).cloned().ok_or_else(|| format!("missing argument to `{option}'"))
    }

    /// The lowest operator: `,` (both sides run, the right one's value counts).
    fn comma(&mut self, ctx: &Ctx<'_>) -> Result<Node, String> {
        let mut all = vec![self.or(ctx)?];
        while self.peek() == Some(",") {
            self.pos += 1;
            all.push(self.or(ctx)?);
        }
        Ok(chain(all, Node::Comma))
    }

    fn or(&mut self, ctx: &Ctx<'_>) -> Result<Node, String> {
        let mut all = vec![self.and(ctx)?];
        while matches!(self.peek(), Some("-o" | "-or")) {
            self.pos += 1;
            all.push(self.and(ctx)?);
        }
        Ok(chain(all, Node::Or))
    }

    fn and(&mut self, ctx: &Ctx<'_>) -> Result<Node, String> {
        let mut all = vec![self.not(ctx)?];
        loop {
            match self.peek() {
                Some("-a" | "-and") => self.pos += 1,
                Some("-o" | "-or" | ")" | ",") | None => break,
                _ => {}
            }
            all.push(self.not(ctx)?);
        }
        Ok(chain(all, Node::And))
    }

    fn not(&mut self, ctx: &Ctx<'_>) -> Result<Node, String> {
        if matches!(self.peek(), Some("!" | "-not")) {
            self.pos += 1;
            return Ok(Node::Not(Box::new(self.nested(ctx, Self::not)?)));
        }
        self.primary(ctx)
    }

    fn primary(&mut self, ctx: &Ctx<'_>) -> Result<Node, String> {
        let Some(token) = self.peek().map(str::to_string) else {
            return Err("expected an expression".to_string());
        };
        self.pos += 1;
        Ok(match token.as_str() {
            "(" => {
                let inner = self.nested(ctx, Self::comma)?;
                if self.peek() != Some(")") {
                    return Err(
                        "invalid expression; you have used a binary operator '(' with nothing after it".to_string()
                    );
                }
                self.pos += 1;
                inner
            }
            "-name" => Node::Name(Glob::new(&self.value(&token)?, false)),
            "-iname" => Node::Name(Glob::new(&self.value(&token)?, true)),
            "-path" | "-wholename" => Node::Path(Pattern::new(&self.value(&token)?)),
            "-ipath" => Node::Path(Pattern::new_nocase(&self.value(&token)?)),
            "-type" | "-xtype" => {
                let kinds: Vec<char> = self.value(&token)?.chars().filter(|c| *c != ',').collect();
                if let Some(bad) = kinds.iter().find(|c| !"fdlcbps".contains(**c)) {
                    return Err(format!("Unknown argument to {token}: {bad}"));
                }
                if token == "-xtype" { Node::XType(kinds, self.follow_all) } else { Node::Type(kinds) }
            }
            "-size" => {
                let spec = self.value(&token)?;
                let (number, unit) = match spec.chars().last() {
                    Some(c) if c.is_ascii_alphabetic() => (&spec[..spec.len() - 1], c),
                    _ => (spec.as_str(), 'b'),
                };
                let unit_bytes = match unit {
                    'c' => 1,
                    'w' => 2,
                    'b' => 512,
                    'k' => 1024,
                    'M' => 1024 * 1024,
                    'G' => 1024 * 1024 * 1024,
                    _ => return Err(format!("invalid -size unit in '{spec}'")),
                };
                let (cmp, n) = parse_cmp(number).ok_or_else(|| format!("invalid argument `{spec}' to `-size'"))?;
                Node::Size(cmp, n, unit_bytes)
            }
            // A file keeps one time here, so access and change times are the modification time.
            "-mtime" | "-mmin" | "-atime" | "-amin" | "-ctime" | "-cmin" => {
                let spec = self.value(&token)?;
                let (cmp, n) = parse_cmp(&spec).ok_or_else(|| format!("invalid argument `{spec}' to `{token}'"))?;
                Node::Mtime(cmp, n, if token.ends_with("time") { 86400 } else { 60 })
            }
            "-daystart" => {
                self.day_start = true;
                Node::True
            }
            "-xdev" | "-mount" => {
                self.one_file_system = true;
                Node::True
            }
            // `-follow`: GNU's old spelling of -L, for the whole walk (the tests before it
            // were read without it, as GNU reads them).
            "-follow" => {
                self.follow_all = true;
                Node::True
            }
            // Options about how GNU's walk reads directories: nothing to change here.
            "-noleaf" | "-ignore_readdir_race" | "-noignore_readdir_race" | "-warn" | "-nowarn" => Node::True,
            // Every file is the agent's (`id`): its name or id matches, another id does not,
            // and another name is no user at all.
            "-user" | "-group" | "-uid" | "-gid" => {
                let who = self.value(&token)?;
                let id = toolsh_core::session::AGENT_ID.to_string();
                if who == ctx.agent() || who == id {
                    Node::True
                } else if who.parse::<u32>().is_ok() {
                    Node::False
                } else if token == "-user" {
                    return Err(format!("'{who}' is not the name of a known user"));
                } else if token == "-group" {
                    return Err(format!("'{who}' is not the name of an existing group"));
                } else {
                    return Err(format!("invalid argument `{who}' to `{token}'"));
                }
            }
            "-nouser" | "-nogroup" => Node::False,
            "-ls" => Node::Ls,
            // There are no inode numbers: a file is the same as another when both resolve to
            // the same path.
            "-samefile" => {
                let other = self.value(&token)?;
                let abs = ctx.abs(&other);
                let resolved = ctx
                    .vfs
                    .resolve(&abs, self.follow_all)
                    .map_err(|_| format!("{other}: No such file or directory", other = quote(&other)))?;
                Node::SameFile(resolved, self.follow_all)
            }
            "-inum" => {
                let value = self.value(&token)?;
                value.parse::<u64>().map_err(|_| format!("invalid argument `{value}' to `-inum'"))?;
                Node::False
            }
            newer if newer.len() == 8 && newer.starts_with("-newer") => {
                // `-newerXY REF`: X and Y among a, B, c, m, t (only Y may be t, a date); every
                // time here is the modification time.
                let mut letters = newer[6..].chars();
                let (x, y) = (letters.next().unwrap_or('m'), letters.next().unwrap_or('m'));
                if !"aBcm".contains(x) || !"aBcmt".contains(y) {
                    return Err(format!("unknown predicate `{newer}'"));
                }
                let reference = self.value(&token)?;
                if y == 't' {
                    let when = crate::text::stream::parse_date(&reference, ctx.state()).ok_or_else(|| {
                        format!("I cannot figure out how to interpret '{reference}' as a date or time")
                    })?;
                    Node::NewerThan(when.into())
                } else {
                    let meta = ctx.vfs.stat(&ctx.abs(&reference)).map_err(|_| {
                        format!("{reference}: No such file or directory", reference = quote(&reference))
                    })?;
                    Node::Newer(meta.mtime)
                }
            }
            "-newer" => {
                let reference = self.value(&token)?;
                let meta = ctx
                    .vfs
                    .stat(&ctx.abs(&reference))
                    .map_err(|_| format!("{reference}: No such file or directory", reference = quote(&reference)))?;
                Node::Newer(meta.mtime)
            }
            "-regex" | "-iregex" => {
                let text = self.value(&token)?;
                let translated = match self.regex_type {
                    RegexType::Emacs => crate::text::posix_regex::basic(&emacs_to_basic(&text)),
                    RegexType::Basic => crate::text::posix_regex::basic(&text),
                    RegexType::Extended => crate::text::posix_regex::extended(&text),
                };
                // The whole path must match, as find's regular expressions are anchored.
                let regex = regex::bytes::RegexBuilder::new(&format!("^(?:{translated})$"))
                    .case_insensitive(token == "-iregex")
                    .build()
                    .map_err(|err| {
                        format!(
                            "invalid regular expression '{text}': {}",
                            crate::text::posix_regex::failure_message(&err.to_string())
                        )
                    })?;
                Node::Regex(regex)
            }
            "-regextype" => {
                let kind = self.value(&token)?;
                self.regex_type = match kind.as_str() {
                    "emacs" | "findutils-default" => RegexType::Emacs,
                    "posix-basic" | "grep" | "sed" | "ed" => RegexType::Basic,
                    "posix-extended" | "egrep" | "awk" | "posix-egrep" => RegexType::Extended,
                    other => return Err(format!("Unknown regular expression type '{other}'")),
                };
                Node::True
            }
            "-perm" => {
                let spec = self.value(&token)?;
                let (test, digits) = match spec.as_bytes().first() {
                    Some(b'-') => (PermTest::All, &spec[1..]),
                    Some(b'/') => (PermTest::Any, &spec[1..]),
                    _ => (PermTest::Exactly, spec.as_str()),
                };
                let mode = u32::from_str_radix(digits, 8).ok().filter(|m| *m <= 0o7777);
                let Some(mode) = mode.or_else(|| crate::fs::files::symbolic_mode(digits)) else {
                    return Err(format!("invalid mode '{spec}'"));
                };
                Node::Perm(test, mode)
            }
            "-lname" | "-ilname" => {
                let glob = self.value(&token)?;
                Node::Lname(if token == "-lname" { Pattern::new(&glob) } else { Pattern::new_nocase(&glob) })
            }
            "-readable" => Node::Access(0o400),
            "-writable" => Node::Access(0o200),
            "-executable" => Node::Access(0o100),
            "-printf" => Node::Printf(self.value(&token)?),
            "-empty" => Node::Empty,
            "-true" => Node::True,
            "-false" => Node::False,
            "-print" => Node::Print,
            "-print0" => Node::Print0,
            "-fprint" | "-fprint0" | "-fls" | "-fprintf" => {
                let file = self.value(&token)?;
                let what = match token.as_str() {
                    "-fprint" => Node::Print,
                    "-fprint0" => Node::Print0,
                    "-fls" => Node::Ls,
                    _ => Node::Printf(self.value(&token)?),
                };
                // One file named twice is one stream, as GNU shares it.
                let at = self.files.iter().position(|f| *f == file).unwrap_or_else(|| {
                    self.files.push(file);
                    self.files.len() - 1
                });
                Node::Into(at, Box::new(what))
            }
            "-delete" => {
                self.depth_first = true;
                Node::Delete
            }
            "-prune" => Node::Prune,
            "-quit" => Node::Quit,
            "-depth" => {
                self.depth_first = true;
                Node::True
            }
            "-maxdepth" | "-mindepth" => {
                let value = self.value(&token)?;
                let depth: usize = value.parse().map_err(|_| {
                    format!("Expected a positive decimal integer argument to {token}, but got `{value}'")
                })?;
                if token == "-maxdepth" {
                    self.max_depth = Some(depth);
                } else {
                    self.min_depth = depth;
                }
                Node::True
            }
            "-exec" | "-execdir" | "-ok" | "-okdir" => {
                let mut argv = Vec::new();
                let mut batch = false;
                // `-ok` and `-okdir` end only at `;` (GNU's): a `+` is one of their words.
                let ask = token.starts_with("-ok");
                loop {
                    let Some(arg) = self.peek().map(str::to_string) else {
                        return Err(format!("missing argument to `{token}'"));
                    };
                    self.pos += 1;
                    if arg == ";" {
                        break;
                    }
                    if arg == "+" && !ask && argv.last().is_some_and(|a| a == "{}") {
                        batch = true;
                        break;
                    }
                    argv.push(arg);
                }
                if argv.is_empty() {
                    return Err(format!("missing argument to `{token}'"));
                }
                self.execs += 1;
                // -execdir runs once per file, `+` too (GNU gathers a directory's files).
                let in_dir = token == "-execdir" || token == "-okdir";
                Node::Exec { argv, batch: batch && !in_dir, id: self.execs - 1, in_dir, ask }
            }
            // A word that is no predicate where one is due: a path written after the
            // expression, as GNU takes it (adding a hint after `-follow`, as it does).
            other if !other.starts_with('-') || other == "-" => {
                let mut message = format!("paths must precede expression: `{other}'");
                if self.pos >= 2 && self.args[self.pos - 2] == "-follow" {
                    message.push_str("\nfind: possible unquoted pattern after predicate `-follow'?");
                }
                return Err(message);
            }
            other => return Err(format!("unknown predicate `{other}'")),
        })
    }
}

struct Walk<'c, 'a> {
    ctx: &'c Ctx<'a>,
    out: Vec<u8>,
    batches: Vec<Vec<String>>,
    status: Status,
    quit: bool,
    now: SystemTime,
    /// `-fprint`'s files: each one's name, absolute path and what is still to be written.
    files: Vec<(String, String, Vec<u8>)>,
    /// For each file the expression names, which of `files` it is (`out` and `./out` are one).
    route: Vec<usize>,
    /// What a test found wrong, said after the file's evaluation (tests do not wait).
    notes: Vec<String>,
}

struct Entry<'e> {
    display: &'e str,
    abs: &'e str,
    /// Its kind, as its directory's listing says (links not followed but with -L).
    kind: FileKind,
    /// Its metadata, looked up when a test needs more than the kind (a `-name` walk makes no
    /// `lstat` per file, as GNU find's does not).
    meta: std::sync::OnceLock<Meta>,
    fs: &'e toolsh_gate::workspace::Fs<'e>,
    /// How deep below its starting point (0 for the starting point).
    depth: usize,
    /// The starting point it was found under, as written.
    root: &'e str,
}

impl Entry<'_> {
    fn meta(&self) -> &Meta {
        self.meta.get_or_init(|| {
            // Gone since its directory was listed: only its kind is known.
            self.fs.lstat(self.abs).unwrap_or(Meta { kind: self.kind, size: 0, mode: 0, mtime: SystemTime::UNIX_EPOCH })
        })
    }
}

impl Walk<'_, '_> {
    async fn eval(&mut self, node: &Node, entry: &Entry<'_>, prune: &mut bool) -> bool {
        match node {
            Node::Delete => {
                let result = if entry.kind == FileKind::Dir {
                    self.ctx.vfs.remove_dir(entry.abs)
                } else {
                    self.ctx.vfs.remove_file(entry.abs)
                };
                if let Err(err) = result {
                    self.ctx
                        .complain(format!("cannot delete {}: {}", quote(entry.display), crate::vfs::describe(&err)))
                        .await;
                    self.status = 1;
                    return false;
                }
                true
            }
            Node::Exec { argv, batch, id, in_dir, ask } => {
                if *batch {
                    self.batches[*id].push(entry.display.to_string());
                    return true;
                }
                self.flush().await;
                // `-execdir`'s directory and name come from the path as written, as GNU's do:
                // a starting point `.` is `./.` run where it is, not its parent's entry.
                let (dir, name) = if *in_dir {
                    let (dir, name) = execdir_split(entry.display);
                    (Some(self.ctx.abs(&dir)), name)
                } else {
                    (None, entry.display.to_string())
                };
                let argv: Vec<String> = argv.iter().map(|a| a.replace("{}", &name)).collect();
                // As GNU's: `< CMD ... FILE > ? ` on standard error, a line from standard
                // input (yes when it begins with y or Y; none is no), and the command's own
                // standard input empty, so it cannot take the next answers.
                let mut quiet = None;
                if *ask {
                    self.ctx.err(format!("< {} ... {} > ? ", argv[0], entry.display)).await;
                    let answer = self.ctx.stdin().read_until(Some(b'\n'), Some(4096)).await;
                    if !answer.is_some_and(|(line, _)| matches!(line.first(), Some(b'y' | b'Y'))) {
                        return false;
                    }
                    let mut io = self.ctx.io.clone();
                    io.set(0, Some(crate::io::Fd::Input(crate::io::Input::null())));
                    quiet = Some(io);
                }
                let io = quiet.as_ref().unwrap_or(self.ctx.io);
                // GNU find's child says why it could not start the command; the test is false.
                if dir.is_none()
                    && let Some((why, _)) = crate::shell::runners::cannot_run(self.ctx, &argv[0])
                {
                    self.ctx.complain(format!("{}: {why}", quote(&argv[0]))).await;
                    return false;
                }
                self.ctx
                    .run_with(argv, io, |child| {
                        if let Some(dir) = dir {
                            child.set_cwd(dir);
                        }
                    })
                    .await
                    == 0
            }
            Node::Not(inner) => !Box::pin(self.eval(inner, entry, prune)).await,
            Node::And(all) => {
                for node in all {
                    if !Box::pin(self.eval(node, entry, prune)).await {
                        return false;
                    }
                }
                true
            }
            Node::Or(all) => {
                for node in all {
                    if Box::pin(self.eval(node, entry, prune)).await {
                        return true;
                    }
                }
                false
            }
            Node::Comma(all) => {
                let mut value = true;
                for node in all {
                    value = Box::pin(self.eval(node, entry, prune)).await;
                }
                value
            }
            leaf => self.test(leaf, entry, prune),
        }
    }

    /// [`Walk::eval`] for an expression without `-exec` or `-delete` (`Node::waits`): no future
    /// per node and file.
    fn eval_now(&mut self, node: &Node, entry: &Entry<'_>, prune: &mut bool) -> bool {
        match node {
            Node::Not(inner) => !self.eval_now(inner, entry, prune),
            Node::Into(file, what) => {
                // The action writes where standard output's text would go: swapped in for it.
                let file = self.route.get(*file).copied().unwrap_or(usize::MAX);
                let Some((_, _, text)) = self.files.get_mut(file) else { return false };
                std::mem::swap(&mut self.out, text);
                let done = self.eval_now(what, entry, prune);
                if let Some((_, _, text)) = self.files.get_mut(file) {
                    std::mem::swap(&mut self.out, text);
                }
                done
            }
            Node::And(all) => {
                for node in all {
                    if !self.eval_now(node, entry, prune) {
                        return false;
                    }
                }
                true
            }
            Node::Or(all) => {
                for node in all {
                    if self.eval_now(node, entry, prune) {
                        return true;
                    }
                }
                false
            }
            Node::Comma(all) => {
                let mut value = true;
                for node in all {
                    value = self.eval_now(node, entry, prune);
                }
                value
            }
            leaf => self.test(leaf, entry, prune),
        }
    }

    /// A test or an action that needs no waiting.
    fn test(&mut self, node: &Node, entry: &Entry<'_>, prune: &mut bool) -> bool {
        match node {
            Node::Name(pattern) => pattern.matches(path::file_name(entry.display)),
            Node::Path(pattern) => pattern.matches(entry.display),
            Node::Type(kinds) => kind_is(kinds, entry.kind),
            Node::XType(kinds, follow_all) => {
                let kind = match (entry.kind, follow_all) {
                    // A link leading nowhere is a link; one in a loop is an error (GNU).
                    (FileKind::Symlink, false) => match self.ctx.vfs.stat(entry.abs) {
                        Ok(meta) => meta.kind,
                        Err(err) if err.kind() == std::io::ErrorKind::NotFound => FileKind::Symlink,
                        Err(err) => {
                            self.notes.push(format!("{}: {}", quote(entry.display), crate::vfs::describe(&err)));
                            self.status = 1;
                            return false;
                        }
                    },
                    (_, true) => self.ctx.vfs.lstat(entry.abs).map_or(entry.kind, |m| m.kind),
                    (kind, false) => kind,
                };
                kind_is(kinds, kind)
            }
            Node::Size(cmp, n, unit) => compare(*cmp, entry.meta().size.div_ceil(*unit) as i64, *n),
            Node::Newer(time) => entry.meta().mtime > *time,
            Node::Mtime(cmp, n, unit) => {
                let age = self.now.duration_since(entry.meta().mtime).unwrap_or(Duration::ZERO).as_secs();
                compare(*cmp, (age / unit) as i64, *n)
            }
            Node::Empty => match entry.kind {
                FileKind::Dir => self.ctx.vfs.read_dir(entry.abs).is_ok_and(|e| e.is_empty()),
                FileKind::File => entry.meta().size == 0,
                _ => false,
            },
            Node::True => true,
            Node::False => false,
            Node::Print => {
                self.out.extend_from_slice(&toolsh_bytes::encode(entry.display));
                self.out.push(b'\n');
                true
            }
            Node::Regex(regex) => regex.is_match(&toolsh_bytes::encode(entry.display)),
            Node::Perm(test, mode) => {
                let bits = entry.meta().mode & 0o7777;
                match test {
                    PermTest::Exactly => bits == *mode,
                    PermTest::All => bits & mode == *mode,
                    PermTest::Any => *mode == 0 || bits & mode != 0,
                }
            }
            Node::NewerThan(time) => entry.meta().mtime > *time,
            Node::Lname(pattern) => {
                entry.kind == FileKind::Symlink
                    && self.ctx.vfs.read_link(entry.abs).is_ok_and(|target| pattern.matches(&target))
            }
            Node::Access(bit) => entry.meta().mode & bit != 0,
            Node::SameFile(resolved, follow) => self.ctx.vfs.resolve(entry.abs, *follow).is_ok_and(|r| r == *resolved),
            Node::Ls => {
                let line = ls_line(self.ctx, entry);
                self.out.extend_from_slice(&toolsh_bytes::encode(&line));
                true
            }
            Node::Printf(format) => {
                let text = printf(self.ctx, format, entry);
                self.out.extend_from_slice(&toolsh_bytes::encode(&text));
                true
            }
            Node::Print0 => {
                self.out.extend_from_slice(&toolsh_bytes::encode(entry.display));
                self.out.push(0);
                true
            }
            Node::Prune => {
                *prune = true;
                true
            }
            Node::Quit => {
                self.quit = true;
                true
            }
            // Waiting actions and operators are `eval`'s.
            _ => false,
        }
    }

    async fn flush(&mut self) {
        if !self.out.is_empty() {
            self.ctx.out_piece(&mut self.out).await;
        }
        for (name, abs, text) in &mut self.files {
            if text.is_empty() {
                continue;
            }
            if let Err(err) = self.ctx.write_path(abs, text, WriteMode::Append).await {
                self.ctx.complain(format!("{name}: {}", crate::vfs::describe(&err), name = quote(name))).await;
                self.status = 1;
            }
            text.clear();
        }
    }
}

const NEVER_FOLLOW: Opt = Opt::short('P', "never follow symbolic links (the default)");
const FOLLOW_OPERANDS: Opt = Opt::short('H', "follow symbolic links given as starting points only");
const FOLLOW_ALL: Opt = Opt::short('L', "follow symbolic links everywhere (a loop is reported and not entered)");

/// `find`.
pub const FIND: Spec = Spec {
    name: "find",
    summary: "search for files in a directory hierarchy",
    synopsis: &["[-H] [-L] [-P] [starting-point...] [expression]"],
    about: "Walk each starting point (default: .) and evaluate the expression on every file: tests -name -iname -path -ipath -regex -iregex (-regextype) -type -xtype -size -empty -perm -newer -newerXY -mtime -mmin -atime -amin -ctime -cmin (-daystart) -lname -samefile -user -group -nouser -nogroup -readable -writable -executable -maxdepth -mindepth -xdev -follow; actions -print -print0 -printf FORMAT -ls -fprint FILE -fprint0 FILE -fprintf FILE FORMAT -fls FILE -delete -exec CMD {} ; (or +) -execdir -ok -okdir -prune -quit; joined by ! -a -o , and ( ).",
    options: &[NEVER_FOLLOW, FOLLOW_OPERANDS, FOLLOW_ALL],
    order: Order::Leading,
    tools: &["fs.list"],
    actions: &[
        ("-delete", "fs.delete"),
        ("-fprint", "fs.write"),
        ("-fprint0", "fs.write"),
        ("-fprintf", "fs.write"),
        ("-fls", "fs.write"),
    ],
    runs: Runs::Between { starts: &["-exec", "-execdir", "-ok", "-okdir"], ends: &[";", "+"] },
    keywords: &[
        "-name",
        "-iname",
        "-path",
        "-ipath",
        "-wholename",
        "-type",
        "-size",
        "-mtime",
        "-mmin",
        "-newer",
        "-empty",
        "-true",
        "-false",
        "-print",
        "-print0",
        "-delete",
        "-prune",
        "-quit",
        "-depth",
        "-maxdepth",
        "-mindepth",
        "-exec",
        "-execdir",
        "-ok",
        "-okdir",
        "-xtype",
        "-not",
        "-and",
        "-or",
        "-regex",
        "-iregex",
        "-regextype",
        "-perm",
        "-newermt",
        "-lname",
        "-ilname",
        "-readable",
        "-writable",
        "-executable",
        "-printf",
        "-atime",
        "-amin",
        "-ctime",
        "-cmin",
        "-daystart",
        "-xdev",
        "-mount",
        "-follow",
        "-noleaf",
        "-ignore_readdir_race",
        "-noignore_readdir_race",
        "-warn",
        "-nowarn",
        "-user",
        "-group",
        "-uid",
        "-gid",
        "-nouser",
        "-nogroup",
        "-ls",
        "-samefile",
        "-inum",
        "-newermm",
        "-newerma",
        "-newermc",
        "-newerct",
        "-newerat",
    ],
    ..Spec::BASE
};

/// `find [-H|-P] [PATH…] [EXPRESSION]`.
pub async fn find(mut ctx: Ctx<'_>, parsed: Args) -> Status {
    // A walk lists every directory of a tree: one audit record for the listings, not one each.
    ctx.vfs.tally_reads();
    // The last of -H, -L and -P wins; -P (do not follow) is the default.
    let follow = parsed.given().filter(|(o, _)| [NEVER_FOLLOW, FOLLOW_OPERANDS, FOLLOW_ALL].contains(o)).last();
    let follow_all = follow.is_some_and(|(o, _)| *o == FOLLOW_ALL);
    let follow_operands = follow_all || follow.is_some_and(|(o, _)| *o == FOLLOW_OPERANDS);
    let args = &parsed.operands[..];
    let split =
        args.iter().position(|a| a.starts_with('-') && a.len() > 1 || a == "(" || a == "!").unwrap_or(args.len());
    let mut roots: Vec<String> = args[..split].to_vec();
    if roots.is_empty() {
        roots.push(".".to_string());
    }
    let mut parser = Parser {
        args: &args[split..],
        pos: 0,
        max_depth: None,
        min_depth: 0,
        depth_first: false,
        execs: 0,
        regex_type: RegexType::Emacs,
        day_start: false,
        one_file_system: false,
        follow_all,
        nesting: 0,
        files: Vec::new(),
    };
    let mut expr = if parser.args.is_empty() {
        Node::True
    } else {
        match parser.comma(&ctx) {
            Ok(expr) if parser.pos == parser.args.len() => expr,
            Ok(_) => return ctx.fail(format!("unexpected `{}'", parser.args[parser.pos])).await,
            Err(message) => return ctx.fail(message).await,
        }
    };
    if !expr.has_action() {
        expr = Node::And(vec![expr, Node::Print]);
    }
    let follow_all = parser.follow_all;
    let follow_operands = follow_operands || follow_all;
    let depth_first = parser.depth_first || expr.has_delete();
    let waits = expr.waits();
    let mut walk = Walk {
        ctx: &ctx,
        out: Vec::new(),
        batches: vec![Vec::new(); parser.execs],
        status: 0,
        quit: false,
        now: if parser.day_start { end_of_today() } else { SystemTime::now() },
        files: Vec::new(),
        route: Vec::new(),
        notes: Vec::new(),
    };
    // As GNU: each file `-fprint` names is created empty before the walk, or find stops.
    for name in &parser.files {
        let abs = ctx.abs(name);
        if let Err(err) = ctx.write_path(&abs, b"", WriteMode::Truncate).await {
            return ctx.fail(format!("{name}: {}", crate::vfs::describe(&err), name = quote(name))).await;
        }
        match walk.files.iter().position(|(_, known, _)| *known == abs) {
            Some(at) => walk.route.push(at),
            None => {
                walk.route.push(walk.files.len());
                walk.files.push((name.clone(), abs, Vec::new()));
            }
        }
    }
    for root in &roots {
        let abs = ctx.abs(root);
        match ctx.vfs.lstat(&abs) {
            Ok(_) => {}
            Err(err) => {
                ctx.complain(format!("{root}: {}", crate::vfs::describe(&err), root = quote(root))).await;
                walk.status = 1;
                continue;
            }
        }
        let mut stack =
            vec![Visit { display: root.clone(), abs, depth: 0, kind: None, expanded: false, above: Arc::default() }];
        while let Some(Visit { display, abs, depth, kind, expanded, above }) = stack.pop() {
            if walk.quit {
                break;
            }
            // A starting point is followed with -H, or when written with a final slash; every
            // link with -L (a broken one is itself). Below the starting points without -L the
            // listing's kind is enough until a test asks for more.
            let (kind, meta) = match kind {
                Some(kind) if !follow_all => (kind, std::sync::OnceLock::new()),
                _ => match if follow_all || (depth == 0 && (follow_operands || display.ends_with('/'))) {
                    // A link leading nowhere is itself; one in a loop is said and left (GNU).
                    match ctx.vfs.stat(&abs) {
                        Err(err) if err.kind() != std::io::ErrorKind::NotFound && ctx.vfs.lstat(&abs).is_ok() => {
                            ctx.complain(format!(
                                "{display}: {}",
                                crate::vfs::describe(&err),
                                display = quote(&display)
                            ))
                            .await;
                            walk.status = 1;
                            continue;
                        }
                        found => found.or_else(|_| ctx.vfs.lstat(&abs)),
                    }
                } else {
                    ctx.vfs.lstat(&abs)
                } {
                    Ok(meta) => (meta.kind, std::sync::OnceLock::from(meta)),
                    Err(_) => continue,
                },
            };
            // With -L a directory may be its own ancestor: said as GNU says it, and not entered.
            let mut above = above;
            if follow_all && kind == FileKind::Dir && !expanded {
                let identity = ctx.vfs.resolve(&abs, true).unwrap_or_else(|_| abs.clone());
                if let Some((_, ancestor)) = above.iter().find(|(id, _)| *id == identity) {
                    let message = format!(
                        "File system loop detected; {display} is part of the same file system loop as {ancestor}.",
                        display = quote(&display),
                        ancestor = quote(ancestor)
                    );
                    ctx.complain(message).await;
                    walk.status = 1;
                    continue;
                }
                let mut chain = above.as_ref().clone();
                chain.push((identity, display.clone()));
                above = Arc::new(chain);
            }
            let descend = kind == FileKind::Dir
                && parser.max_depth.is_none_or(|m| depth < m)
                && !(parser.one_file_system && depth > 0 && ctx.vfs.is_mount_point(&abs));
            let entry = Entry { display: &display, abs: &abs, kind, meta, fs: &ctx.vfs, depth, root };
            let mut prune = false;
            if depth_first && descend && !expanded {
                let again = Visit {
                    display: display.clone(),
                    abs: abs.clone(),
                    depth,
                    kind: Some(kind),
                    expanded: true,
                    above: above.clone(),
                };
                stack.push(again);
                push_children(&ctx, &mut stack, &display, &abs, depth, &above).await;
                continue;
            }
            if depth >= parser.min_depth {
                if waits {
                    walk.eval(&expr, &entry, &mut prune).await;
                } else {
                    walk.eval_now(&expr, &entry, &mut prune);
                }
                for note in std::mem::take(&mut walk.notes) {
                    ctx.complain(note).await;
                }
            }
            if !depth_first && descend && !prune {
                push_children(&ctx, &mut stack, &display, &abs, depth, &above).await;
            }
            if walk.out.len() > 64 * 1024 || walk.files.iter().any(|(_, _, text)| text.len() > 64 * 1024) {
                walk.flush().await;
            }
        }
    }
    walk.flush().await;
    if let Node::And(_) | Node::Or(_) | Node::Comma(_) | Node::Exec { .. } | Node::Not(_) = &expr {
        let batches = std::mem::take(&mut walk.batches);
        for (id, paths) in batches.into_iter().enumerate() {
            if paths.is_empty() {
                continue;
            }
            if let Some(argv) = find_exec(&expr, id) {
                let mut full: Vec<String> = argv.iter().filter(|a| *a != "{}").cloned().collect();
                full.extend(paths);
                if let Some((why, _)) = crate::shell::runners::cannot_run(&ctx, &full[0]) {
                    ctx.complain(format!("{}: {why}", quote(&full[0]))).await;
                    walk.status = 1;
                    continue;
                }
                if ctx.run(full).await != 0 {
                    walk.status = 1;
                }
            }
        }
    }
    walk.status
}

/// Where `-execdir` runs for the path `shown` (as the walk wrote it) and the name `{}` is
/// there: `d/e/f` runs in `d/e` as `./f`, `f` and `.` in the working directory as `./f` and
/// `./.`, `/` in `/` as `/`; trailing slashes stay on the name, as GNU keeps them.
fn execdir_split(shown: &str) -> (String, String) {
    let trimmed = shown.trim_end_matches('/');
    if trimmed.is_empty() {
        return ("/".to_string(), shown.to_string());
    }
    let slashes = &shown[trimmed.len()..];
    match trimmed.rfind('/') {
        Some(0) => ("/".to_string(), format!("./{}{slashes}", &trimmed[1..])),
        Some(at) => (trimmed[..at].to_string(), format!("./{}{slashes}", &trimmed[at + 1..])),
        None => (".".to_string(), format!("./{trimmed}{slashes}")),
    }
}

/// Whether `kind` is one of the `-type` letters `kinds`.
fn kind_is(kinds: &[char], kind: FileKind) -> bool {
    kinds.iter().any(|k| match k {
        'f' => kind == FileKind::File,
        'd' => kind == FileKind::Dir,
        'l' => kind == FileKind::Symlink,
        'c' => kind == FileKind::Device,
        'p' => kind == FileKind::Fifo,
        _ => false,
    })
}

/// The line `-ls` prints, laid out as GNU find lays it out (there are no inode numbers here: 0).
fn ls_line(ctx: &Ctx<'_>, entry: &Entry<'_>) -> String {
    let meta = entry.meta();
    let blocks = crate::fs::files::kib_blocks(meta);
    let owner = ctx.agent();
    let links = if meta.is_dir() { 2 } else { 1 };
    let mut line = format!(
        "{:>9} {blocks:>6} {} {links:>3} {owner:<8} {owner:<8} {:>8} {} {}",
        0,
        crate::fs::files::mode_string(meta),
        meta.size,
        crate::fs::files::format_time(meta.mtime, &crate::text::zone::Zone::of(ctx.state())),
        entry.display
    );
    if meta.kind == FileKind::Symlink
        && let Ok(target) = ctx.vfs.read_link(entry.abs)
    {
        line.push_str(" -> ");
        line.push_str(&target);
    }
    line.push('\n');
    line
}

/// The end of today (UTC, the workspace's zone): what `-daystart` counts ages from, so
/// `-mtime 0` is "modified today".
fn end_of_today() -> SystemTime {
    let now = SystemTime::now().duration_since(SystemTime::UNIX_EPOCH).unwrap_or_default().as_secs();
    SystemTime::UNIX_EPOCH + Duration::from_secs((now / 86_400 + 1) * 86_400)
}

/// One node for a chain of them: the node itself when alone.
fn chain(mut all: Vec<Node>, join: fn(Vec<Node>) -> Node) -> Node {
    if all.len() == 1
        && let Some(node) = all.pop()
    {
        return node;
    }
    join(all)
}

fn find_exec(node: &Node, wanted: usize) -> Option<&Vec<String>> {
    match node {
        Node::Exec { argv, id, .. } if *id == wanted => Some(argv),
        Node::Not(inner) => find_exec(inner, wanted),
        Node::And(all) | Node::Or(all) | Node::Comma(all) => all.iter().find_map(|node| find_exec(node, wanted)),
        _ => None,
    }
}

/// One file still to visit: as shown, where it is, how deep, whether its children were pushed
/// already (depth-first order), and with -L the directories above it (resolved, as shown).
struct Visit {
    display: String,
    abs: String,
    depth: usize,
    /// Its kind as its directory's listing gave it (`None` for a starting point).
    kind: Option<FileKind>,
    expanded: bool,
    above: Arc<Vec<(String, String)>>,
}

async fn push_children(
    ctx: &Ctx<'_>,
    stack: &mut Vec<Visit>,
    display: &str,
    abs: &str,
    depth: usize,
    above: &Arc<Vec<(String, String)>>,
) {
    match ctx.vfs.read_dir(abs) {
        Ok(entries) => {
            for entry in entries.into_iter().rev() {
                let child_display = if display.ends_with('/') {
                    format!("{display}{}", entry.name)
                } else {
                    format!("{display}/{}", entry.name)
                };
                let child = path::join(abs, &entry.name);
                stack.push(Visit {
                    display: child_display,
                    abs: child,
                    depth: depth + 1,
                    kind: Some(entry.kind),
                    expanded: false,
                    above: above.clone(),
                });
            }
        }
        Err(err) => ctx.complain(format!("{display}: {}", crate::vfs::describe(&err), display = quote(display))).await,
    }
}

/// One entry of `-printf FORMAT`: GNU's directives (`%p %f %h %P %H %s %k %b %m %M %y %Y %d %l
/// %u %g %n %t %T<k> %%`, each with an optional width and `-` to pad on the right) and
/// escapes (`\n \t \0 \\`). There is one modification time, so `%a`/`%A` and `%c`/`%C` show
/// it too, and one user.
fn printf(ctx: &Ctx<'_>, format: &str, entry: &Entry<'_>) -> String {
    let mut out = String::new();
    let mut chars = format.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' => match chars.next() {
                Some('n') => out.push('\n'),
                Some('t') => out.push('\t'),
                Some('0') => out.push('\0'),
                Some('\\') => out.push('\\'),
                Some('a') => out.push('\u{7}'),
                Some('r') => out.push('\r'),
                Some(other) => {
                    out.push('\\');
                    out.push(other);
                }
                None => out.push('\\'),
            },
            '%' => {
                let mut flags = String::new();
                while let Some(&d) = chars.peek().filter(|d| d.is_ascii_digit() || **d == '-') {
                    flags.push(d);
                    chars.next();
                }
                let Some(directive) = chars.next() else {
                    out.push('%');
                    break;
                };
                let time_part = if matches!(directive, 'T' | 'A' | 'C') { chars.next() } else { None };
                let text = directive_text(ctx, directive, time_part, entry);
                // Widths held to a megabyte, as printf's are (cfmt's MAX_WIDTH).
                let (left, width) = match flags.strip_prefix('-') {
                    Some(w) => (true, w.parse::<usize>().unwrap_or(usize::MAX)),
                    None => (false, flags.parse::<usize>().unwrap_or(if flags.is_empty() { 0 } else { usize::MAX })),
                };
                let width = width.min(1 << 20);
                let pad = width.saturating_sub(text.chars().count());
                if !left {
                    out.extend(std::iter::repeat_n(' ', pad));
                }
                out.push_str(&text);
                if left {
                    out.extend(std::iter::repeat_n(' ', pad));
                }
            }
            other => out.push(other),
        }
    }
    out
}

/// The text of one `-printf` directive for `entry`.
fn directive_text(ctx: &Ctx<'_>, directive: char, time_part: Option<char>, entry: &Entry<'_>) -> String {
    let meta = entry.meta();
    let kind = |meta: &Meta| match meta.kind {
        FileKind::Dir => "d",
        FileKind::Symlink => "l",
        FileKind::Device => "c",
        FileKind::Fifo => "p",
        FileKind::File => "f",
    };
    let time = |part: Option<char>| -> String {
        let (when, abbreviation) = crate::text::zone::Zone::of(ctx.state()).local(meta.mtime.into());
        let nanos = meta.mtime.duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.subsec_nanos());
        match part {
            None => format!("{}.{nanos:09}0 {}", when.format("%a %b %e %H:%M:%S"), when.format("%Y")),
            Some('@') => {
                let secs = meta.mtime.duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs());
                format!("{secs}.{nanos:09}0")
            }
            Some('+') => format!("{}.{nanos:09}0", when.format("%Y-%m-%d+%H:%M:%S")),
            Some('S') => format!("{}.{nanos:09}0", when.format("%S")),
            Some('T') => format!("{}.{nanos:09}0", when.format("%H:%M:%S")),
            // Any other letter is the C library's conversion, or written as it stands (`%TQ`).
            Some(k) => crate::text::strftime::strftime(
                &format!("%{k}"),
                &when,
                &abbreviation,
                crate::text::strftime::Dialect::Libc,
            ),
        }
    };
    match directive {
        'p' => entry.display.to_string(),
        'f' => path::file_name(entry.display).to_string(),
        'h' => match entry.display.trim_end_matches('/').rsplit_once('/') {
            Some(("", _)) => "/".to_string(),
            Some((dir, _)) => dir.to_string(),
            None => ".".to_string(),
        },
        'P' => entry
            .display
            .strip_prefix(entry.root)
            .map_or(entry.display, |rest| rest.trim_start_matches('/'))
            .to_string(),
        'H' => entry.root.to_string(),
        's' => meta.size.to_string(),
        // Blocks of 4 KiB from the size, as `du` counts them (docs/deviations.md).
        'k' => crate::fs::files::kib_blocks(meta).to_string(),
        'b' => (crate::fs::files::kib_blocks(meta) * 2).to_string(),
        'm' => format!("{:o}", meta.mode & 0o7777),
        'M' => crate::fs::files::mode_string(meta),
        'y' => kind(meta).to_string(),
        'Y' => ctx.vfs.stat(entry.abs).map_or("N".to_string(), |m| kind(&m).to_string()),
        'd' => entry.depth.to_string(),
        'l' if meta.kind == FileKind::Symlink => ctx.vfs.read_link(entry.abs).unwrap_or_default(),
        'l' => String::new(),
        'u' | 'g' => ctx.agent().to_string(),
        'U' | 'G' => toolsh_core::session::AGENT_ID.to_string(),
        'n' => "1".to_string(),
        't' | 'a' | 'c' => time(None),
        'T' | 'A' | 'C' => time(time_part),
        '%' => "%".to_string(),
        other => format!("%{other}"),
    }
}
