//! `sort`: GNU sort, in-process, over bytes (input that is not UTF-8 comes out as it went in).
//!
//! Keys follow GNU's model: any number of `-k F[.C][,F[.C]][OPTS]`, each with its own ordering
//! options or, when it has none, the global ones; ties fall back to the whole line (reversed by
//! a global `-r`) unless `-s` or `-u`. Orderings: bytes (`-f -d -i` fold and filter them),
//! `-n` (exact decimal comparison, as GNU's, not through floating point), `-g` (floating point,
//! non-numbers first), `-h` (SI suffixes), `-M` (month names), `-V` (version order), `-R`
//! (hash of the key). Also `-c`/`-C` (check), `-m` (merge), `-u`, `-s`, `-z`, `-t`, `-o`,
//! `--files0-from`; `--parallel` is accepted and has nothing to tune here.
//!
//! Memory is bounded as GNU bounds it: input is read a piece at a time into a buffer of `-S`
//! bytes (default: the files given, whole, up to 8 GiB; 4 MiB for a pipe), counting each line's
//! 20-byte record twice (the merge's second table) and its keys. A full buffer is sorted and
//! written as a run to a scratch file (`-T`, `$TMPDIR`, `/tmp`: the session's scratch space,
//! through the workspace), and the runs are merged, 64 at a time, into the output.
//!
//! Speed: each line's record holds a hint of its first key (or of its bytes past what every
//! line of the buffer begins with), so most comparisons never reach into the input. Whole
//! lines in byte order, the common case, are sorted by those hints alone and then each run of
//! lines whose hints tie by its next 7 bytes, and so on (`sort_plain`, a multikey sort): a
//! tied line is read once a round rather than at every comparison. A large buffer's lines are
//! made, sorted and merged on every core; a merge of runs plays a tournament of their heads.
//!
//! Why not uutils' sort: see ARCHITECTURE.md ("sort and wc"). In short, `uu_sort` only runs as
//! a whole program over the process's streams and files, so it would need a child process — a
//! re-execution of a `toolsh` binary that a harness embedding the library does not have.

use crate::Ctx;
use crate::session::Status;
use crate::spec::{Args, Opt, Spec};
use crate::vfs::describe;
use std::cmp::Ordering;
use std::hash::{BuildHasher, Hasher};
use toolsh_bytes::quote::quotef;

/// How values of a key compare.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
enum Mode {
    #[default]
    Text,
    Numeric,
    General,
    Human,
    Month,
    Version,
    Random,
}

/// How one key (or the whole line) compares.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct Order {
    mode: Mode,
    reverse: bool,
    fold: bool,
    blanks: bool,
    dictionary: bool,
    printable: bool,
}

impl Order {
    fn is_default(&self) -> bool {
        *self == Order::default()
    }

    /// Applies one option letter; false when it is not an ordering option.
    fn set(&mut self, letter: char) -> bool {
        match letter {
            'n' => self.mode = Mode::Numeric,
            'g' => self.mode = Mode::General,
            'h' => self.mode = Mode::Human,
            'M' => self.mode = Mode::Month,
            'V' => self.mode = Mode::Version,
            'R' => self.mode = Mode::Random,
            'r' => self.reverse = true,
            'f' => self.fold = true,
            'b' => self.blanks = true,
            'd' => self.dictionary = true,
            'i' => self.printable = true,
            _ => return false,
        }
        true
    }
}

/// `-k START[,END]`: fields counted from 1, bytes within them from 1 (0 = the field's end).
#[derive(Debug, Clone, Copy)]
struct Key {
    start: (usize, usize),
    end: Option<(usize, usize)>,
    order: Order,
}

struct Options {
    keys: Vec<Key>,
    global: Order,
    unique: bool,
    stable: bool,
    separator: Option<Vec<u8>>,
    terminator: u8,
    /// Seed of `-R`'s hash.
    seed: std::collections::hash_map::RandomState,
}

/// sort without options: whole lines in byte order, newline-terminated.
impl Default for Options {
    fn default() -> Self {
        Options {
            keys: Vec::new(),
            global: Order::default(),
            unique: false,
            stable: false,
            separator: None,
            terminator: b'\n',
            seed: std::collections::hash_map::RandomState::new(),
        }
    }
}

/// Parses `F[.C][,F[.C]][opts]`.
fn parse_key(spec: &str) -> Option<Key> {
    let (start, end) = match spec.split_once(',') {
        Some((start, end)) => (start, Some(end)),
        None => (spec, None),
    };
    let mut order = Order::default();
    let mut position = |text: &str, is_end: bool| -> Option<(usize, usize)> {
        let digits = text.trim_end_matches(|c: char| c.is_ascii_alphabetic());
        for letter in text[digits.len()..].chars() {
            if !order.set(letter) {
                return None;
            }
        }
        let (field, char) = match digits.split_once('.') {
            Some((field, char)) => (field.parse().ok()?, char.parse().ok()?),
            None => (digits.parse().ok()?, 0),
        };
        (field > 0 && (is_end || char > 0 || !digits.contains('.'))).then_some((field, char))
    };
    let start = position(start, false)?;
    let end = match end {
        Some(end) => Some(position(end, true)?),
        None => None,
    };
    Some(Key { start, end, order })
}

fn is_blank(b: u8) -> bool {
    b == b' ' || b == b'\t'
}

/// Byte spans of the fields of `line`: split at `sep`, or (without one) each field starting at
/// the blanks before it, as POSIX says.
fn fields(line: &[u8], sep: Option<&[u8]>, spans: &mut Vec<(usize, usize)>) {
    spans.clear();
    let mut begin = 0;
    match sep {
        Some(sep) if !sep.is_empty() => {
            let mut at = 0;
            while let Some(found) = memchr::memmem::find(&line[at..], sep) {
                spans.push((begin, at + found));
                at += found + sep.len();
                begin = at;
            }
        }
        _ => {
            let mut in_field = false;
            for (idx, &c) in line.iter().enumerate() {
                if is_blank(c) && in_field {
                    spans.push((begin, idx));
                    begin = idx;
                    in_field = false;
                } else if !is_blank(c) {
                    in_field = true;
                }
            }
        }
    }
    spans.push((begin, line.len()));
}

fn skip_blanks(line: &[u8], at: usize, blanks: bool) -> usize {
    if !blanks {
        return at;
    }
    at + line[at..].iter().take_while(|b| is_blank(**b)).count()
}

/// The span of a key in `line` (GNU: character offsets may run past their field).
fn key_span(
    line: &[u8],
    key: &Key,
    order: Order,
    sep: Option<&[u8]>,
    spans: &mut Vec<(usize, usize)>,
) -> (usize, usize) {
    fields(line, sep, spans);
    let Some(&(from, _)) = spans.get(key.start.0 - 1) else { return (line.len(), line.len()) };
    let from = skip_blanks(line, from, order.blanks);
    let from = (from + key.start.1.saturating_sub(1)).min(line.len());
    let to = match key.end {
        None => line.len(),
        Some((field, 0)) => spans.get(field - 1).map_or(line.len(), |&(_, end)| end),
        Some((field, char)) => match spans.get(field - 1) {
            Some(&(begin, _)) => (skip_blanks(line, begin, order.blanks) + char).min(line.len()),
            None => line.len(),
        },
    };
    (from, to.max(from))
}

/// A `-n` number found in a key: sign, integer digits without leading zeros and fraction
/// digits without trailing zeros, as spans of the key's text. Worked out once per line, so
/// that a comparison is a length check and two byte comparisons.
#[derive(Debug, Clone, Copy, Default)]
struct Number {
    negative: bool,
    int: (usize, usize),
    /// The integer part's value when it has at most 19 digits (most do): compared without
    /// looking at the text.
    small: Option<u64>,
    frac: (usize, usize),
}

impl Number {
    /// GNU `-n` reads blanks, an optional `-`, digits and a fraction.
    fn parse(text: &[u8]) -> Number {
        let digits_from = |at: usize| at + text[at..].iter().take_while(|b| b.is_ascii_digit()).count();
        let mut at = text.iter().take_while(|b| is_blank(**b)).count();
        let negative = text.get(at) == Some(&b'-');
        at += usize::from(negative);
        let int_end = digits_from(at);
        let int_start = at + text[at..int_end].iter().take_while(|b| **b == b'0').count();
        let mut frac = (int_end, int_end);
        if text.get(int_end) == Some(&b'.') {
            let end = digits_from(int_end + 1);
            let trailing_zeros = text[int_end + 1..end].iter().rev().take_while(|b| **b == b'0').count();
            frac = (int_end + 1, end - trailing_zeros);
        }
        // Minus zero is zero.
        let zero = int_start == int_end && frac.0 == frac.1;
        let digits = &text[int_start..int_end];
        let small =
            (digits.len() <= 19).then(|| digits.iter().fold(0u64, |value, digit| value * 10 + u64::from(digit - b'0')));
        Number { negative: negative && !zero, int: (int_start, int_end), small, frac }
    }

    /// Compares exactly, as decimals of any length (`text` is the key this number was
    /// parsed from, `other_text` the other's).
    fn cmp(&self, text: &[u8], other: &Number, other_text: &[u8]) -> Ordering {
        let int = match (self.small, other.small) {
            (Some(a), Some(b)) => a.cmp(&b),
            _ => {
                let (int_a, int_b) = (&text[self.int.0..self.int.1], &other_text[other.int.0..other.int.1]);
                int_a.len().cmp(&int_b.len()).then_with(|| int_a.cmp(int_b))
            }
        };
        let (frac_a, frac_b) = (&text[self.frac.0..self.frac.1], &other_text[other.frac.0..other.frac.1]);
        let magnitude = match int {
            Ordering::Equal if frac_a.is_empty() && frac_b.is_empty() => Ordering::Equal,
            Ordering::Equal => frac_a.cmp(frac_b),
            unequal => unequal,
        };
        match (self.negative, other.negative) {
            (false, false) => magnitude,
            (true, true) => magnitude.reverse(),
            (true, false) => Ordering::Less,
            (false, true) => Ordering::Greater,
        }
    }
}

/// GNU `-n` on two texts.
fn numeric_cmp(a: &[u8], b: &[u8]) -> Ordering {
    Number::parse(a).cmp(a, &Number::parse(b), b)
}

/// The leading floating-point number of `text` (`-g`, strtod's rule: blanks, a sign, digits
/// with a fraction and an exponent, or `inf`/`infinity`/`nan`), `None` when there is none or
/// it is NaN. The prefix is found by one scan and parsed once: this runs in every comparison.
fn general_value(text: &[u8]) -> Option<f64> {
    let text = &text[text.iter().take_while(|b| b.is_ascii_whitespace()).count()..];
    let mut end = usize::from(matches!(text.first(), Some(b'+' | b'-')));
    let word = [b"infinity".as_slice(), b"inf", b"nan"]
        .into_iter()
        .find(|word| text.get(end..end + word.len()).is_some_and(|t| t.eq_ignore_ascii_case(word)));
    if let Some(word) = word {
        end += word.len();
    } else {
        let digits_from = end;
        while text.get(end).is_some_and(u8::is_ascii_digit) {
            end += 1;
        }
        let mut digits = end - digits_from;
        if text.get(end) == Some(&b'.') {
            let fraction = text[end + 1..].iter().take_while(|b| b.is_ascii_digit()).count();
            digits += fraction;
            end += 1 + fraction;
        }
        if digits == 0 {
            return None;
        }
        if matches!(text.get(end), Some(b'e' | b'E')) {
            let signed = usize::from(matches!(text.get(end + 1), Some(b'+' | b'-')));
            let exponent = text[(end + 1 + signed).min(text.len())..].iter().take_while(|b| b.is_ascii_digit()).count();
            if exponent > 0 {
                end += 1 + signed + exponent;
            }
        }
    }
    let value: f64 = std::str::from_utf8(&text[..end]).ok()?.parse().ok()?;
    (!value.is_nan()).then_some(value)
}

fn general_cmp(a: &[u8], b: &[u8]) -> Ordering {
    match (general_value(a), general_value(b)) {
        (Some(x), Some(y)) => x.partial_cmp(&y).unwrap_or(Ordering::Equal),
        (None, Some(_)) => Ordering::Less,
        (Some(_), None) => Ordering::Greater,
        (None, None) => Ordering::Equal,
    }
}

/// `-h`: the SI suffix decides first (none < K < M < …), then the number.
fn human_cmp(a: &[u8], b: &[u8]) -> Ordering {
    fn rank(text: &[u8]) -> (i8, usize) {
        let at = text.iter().take_while(|b| is_blank(**b)).count();
        let mut end = at + usize::from(text.get(at) == Some(&b'-'));
        while text.get(end).is_some_and(|b| b.is_ascii_digit() || *b == b'.') {
            end += 1;
        }
        let suffix = match text.get(end) {
            Some(b'k' | b'K') => 1,
            Some(b'M') => 2,
            Some(b'G') => 3,
            Some(b'T') => 4,
            Some(b'P') => 5,
            Some(b'E') => 6,
            Some(b'Z') => 7,
            Some(b'Y') => 8,
            Some(b'R') => 9,
            Some(b'Q') => 10,
            _ => 0,
        };
        let negative = text.get(at) == Some(&b'-');
        (if negative { -suffix } else { suffix }, at)
    }
    let (rank_a, _) = rank(a);
    let (rank_b, _) = rank(b);
    rank_a.cmp(&rank_b).then_with(|| numeric_cmp(a, b))
}

fn month(text: &[u8]) -> usize {
    const MONTHS: [&[u8]; 12] =
        [b"JAN", b"FEB", b"MAR", b"APR", b"MAY", b"JUN", b"JUL", b"AUG", b"SEP", b"OCT", b"NOV", b"DEC"];
    let at = text.iter().take_while(|b| b.is_ascii_whitespace()).count();
    let Some(word) = text.get(at..at + 3) else { return 0 };
    MONTHS.iter().position(|m| word.eq_ignore_ascii_case(m)).map_or(0, |i| i + 1)
}

/// Debian's version comparison (what GNU's `-V` builds on): runs of non-digits compare with
/// `~` before everything and letters before other characters; runs of digits numerically.
pub(crate) fn version_cmp(a: &[u8], b: &[u8]) -> Ordering {
    fn weight(c: Option<&u8>) -> i32 {
        match c {
            None => 0,
            Some(b'~') => -1,
            Some(c) if c.is_ascii_digit() => 0,
            Some(c) if c.is_ascii_alphabetic() => i32::from(*c),
            Some(c) => i32::from(*c) + 256,
        }
    }
    let (mut i, mut j) = (0, 0);
    while i < a.len() || j < b.len() {
        while (i < a.len() && !a[i].is_ascii_digit()) || (j < b.len() && !b[j].is_ascii_digit()) {
            let (wa, wb) = (weight(a.get(i)), weight(b.get(j)));
            if wa != wb {
                return wa.cmp(&wb);
            }
            i += 1;
            j += 1;
        }
        while a.get(i) == Some(&b'0') {
            i += 1;
        }
        while b.get(j) == Some(&b'0') {
            j += 1;
        }
        let (start_a, start_b) = (i, j);
        while a.get(i).is_some_and(u8::is_ascii_digit) {
            i += 1;
        }
        while b.get(j).is_some_and(u8::is_ascii_digit) {
            j += 1;
        }
        let (num_a, num_b) = (&a[start_a..i], &b[start_b..j]);
        let ordering = num_a.len().cmp(&num_b.len()).then_with(|| num_a.cmp(num_b));
        if ordering != Ordering::Equal {
            return ordering;
        }
    }
    Ordering::Equal
}

/// Bytes as `-f`, `-d` and `-i` let them take part.
fn filtered<'t>(text: &'t [u8], order: &Order) -> impl Iterator<Item = u8> + 't {
    let (dictionary, printable, fold) = (order.dictionary, order.printable, order.fold);
    text.iter()
        .copied()
        .filter(move |c| {
            (!dictionary || c.is_ascii_alphanumeric() || is_blank(*c)) && (!printable || (0x20..0x7f).contains(c))
        })
        .map(move |c| if fold { c.to_ascii_uppercase() } else { c })
}

fn compare_text(a: &[u8], b: &[u8], order: &Order, seed: &impl BuildHasher) -> Ordering {
    let plain = !order.fold && !order.dictionary && !order.printable;
    let ordering = match order.mode {
        Mode::Text if plain => a.cmp(b),
        Mode::Text => filtered(a, order).cmp(filtered(b, order)),
        Mode::Numeric => numeric_cmp(a, b),
        Mode::General => general_cmp(a, b),
        Mode::Human => human_cmp(a, b),
        Mode::Month => month(a).cmp(&month(b)),
        Mode::Version => version_cmp(a, b),
        Mode::Random => {
            let hash = |text: &[u8]| {
                let mut hasher = seed.build_hasher();
                filtered(text, order).for_each(|c| hasher.write_u8(c));
                hasher.finish()
            };
            hash(a).cmp(&hash(b))
        }
    };
    if order.reverse { ordering.reverse() } else { ordering }
}

/// A line: its span in its buffer, where its keys start in [`Sorter::keys`] (they are worked
/// out once, not on every comparison), and a hint of its first key. 20 bytes: a buffer holds
/// less than 4 GiB and its keys fewer than 2^32 entries (see [`Budget`]), so offsets are
/// `u32`; the hint is two halves so the record needs no 8-byte alignment.
#[derive(Debug, Clone, Copy)]
struct Line {
    start: u32,
    end: u32,
    keys: u32,
    /// Orders lines as their first keys do wherever two hints differ (see [`hint`]): most
    /// comparisons end here, without reaching into the key table and the input.
    hint_high: u32,
    hint_low: u32,
}

impl Line {
    fn hint(&self) -> u64 {
        (u64::from(self.hint_high) << 32) | u64::from(self.hint_low)
    }

    fn set_hint(&mut self, hint: u64) {
        (self.hint_high, self.hint_low) = ((hint >> 32) as u32, hint as u32);
    }

    fn span(&self) -> std::ops::Range<usize> {
        self.start as usize..self.end as usize
    }
}

/// A number that orders keys as `order` would, only more coarsely: equal hints say nothing,
/// unequal ones decide. Byte order: [`prefix_hint`]; `-n`: the integer part; other orders: 0
/// for every key.
fn hint(text: &[u8], number: &Number, order: &Order) -> u64 {
    const ZERO: u64 = 1 << 62;
    match order.mode {
        Mode::Text if !order.fold && !order.dictionary && !order.printable => prefix_hint(text),
        Mode::Numeric => match (number.small, number.negative) {
            (Some(value), false) if value < ZERO => ZERO + value,
            (Some(value), true) if value < ZERO => ZERO - value,
            // Integers too long for a hint are beyond every one that has one.
            (_, false) => u64::MAX,
            (_, true) => 0,
        },
        _ => 0,
    }
}

/// Orders byte strings as their bytes do, only more coarsely: the first 7 bytes (zeros past
/// the end), then the length, counted up to 8. So equal hints of length 8 say that both
/// strings begin with the same 7 bytes and go on (a multikey sort goes on with the next 7,
/// [`sort_plain`]), and equal hints of a length below 8 that they are the same.
fn prefix_hint(text: &[u8]) -> u64 {
    match text.first_chunk::<8>() {
        Some(first) => (u64::from_be_bytes(*first) & !0xff) | 8,
        None => {
            let mut first = [0u8; 8];
            first[..text.len()].copy_from_slice(text);
            first[7] = text.len() as u8;
            u64::from_be_bytes(first)
        }
    }
}

/// One key of one line: its span in the input and, for `-n`, its number.
#[derive(Debug, Clone, Copy)]
struct KeyText {
    from: usize,
    to: usize,
    number: Number,
}

/// How lines compare: the options, and what is worked out of them once.
struct Rules {
    options: Options,
    /// How each key compares: the keys' own options or the global ones; without `-k`, one
    /// key, the whole line (less its leading blanks under `-b`).
    orders: Vec<Order>,
    /// Whole lines in byte order (perhaps reversed): the common case, compared directly.
    plain: bool,
}

impl Rules {
    fn new(options: Options) -> Self {
        let plain = options.keys.is_empty() && Order { reverse: false, ..options.global }.is_default();
        let orders = if options.keys.is_empty() {
            if plain { Vec::new() } else { vec![options.global] }
        } else {
            // A key with no options of its own takes the global ones.
            options.keys.iter().map(|key| if key.order.is_default() { options.global } else { key.order }).collect()
        };
        Rules { options, orders, plain }
    }

    /// What a line costs in memory beyond its bytes: its record in the two tables of a sort
    /// (see [`sort_lines`]) and its keys.
    fn line_cost(&self) -> usize {
        2 * std::mem::size_of::<Line>() + self.orders.len() * std::mem::size_of::<KeyText>()
    }
}

/// The lines of one buffer: the buffer, and the keys of its lines.
struct Sorter<'d> {
    rules: &'d Rules,
    data: &'d [u8],
    /// The keys of every line, those of one line after another.
    keys: Vec<KeyText>,
    /// Bytes every line begins with alike, which the hints of whole lines skip (see
    /// [`Sorter::hint_past_common_prefix`]).
    skip: usize,
}

impl<'d> Sorter<'d> {
    fn new(rules: &'d Rules, data: &'d [u8]) -> Self {
        Sorter { rules, data, keys: Vec::new(), skip: 0 }
    }

    /// The lines of the buffer (each ended by the terminator; what follows the last one is
    /// not a line), their keys worked out; `expected` of them, about. A large buffer is cut
    /// into parts at line ends, one a thread, whose lines and keys are put together after.
    fn lines(&mut self, expected: usize) -> Vec<Line> {
        let threads = if self.data.len() < PARALLEL_BYTES { 1 } else { sort_threads() };
        if threads < 2 {
            let mut lines = Vec::with_capacity(expected);
            self.keys.reserve(expected * self.rules.orders.len());
            self.lines_of(0, self.data.len(), &mut lines);
            return lines;
        }
        let terminator = self.rules.options.terminator;
        let mut cuts = vec![0];
        for part in 1..threads {
            let from = (self.data.len() / threads * part).max(cuts[part - 1]);
            let cut = memchr::memchr(terminator, &self.data[from..]).map_or(self.data.len(), |at| from + at + 1);
            cuts.push(cut);
        }
        cuts.push(self.data.len());
        let (rules, data, skip) = (self.rules, self.data, self.skip);
        let mut parts: Vec<(Vec<Line>, Vec<KeyText>)> = std::thread::scope(|scope| {
            let workers: Vec<_> = cuts
                .windows(2)
                .enumerate()
                .map(|(part, cut)| {
                    let (from, to) = (cut[0], cut[1]);
                    scope.spawn(move || {
                        // The first part's tables become the whole's: room for every line.
                        let expected = if part == 0 { expected } else { expected / threads };
                        let keys = Vec::with_capacity(expected * rules.orders.len());
                        let mut sorter = Sorter { rules, data, keys, skip };
                        let mut lines = Vec::with_capacity(expected);
                        sorter.lines_of(from, to, &mut lines);
                        (lines, sorter.keys)
                    })
                })
                .collect();
            workers
                .into_iter()
                .map(|worker| worker.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic)))
                .collect()
        });
        let mut parts = parts.drain(..);
        let Some((mut lines, keys)) = parts.next() else { return Vec::new() };
        self.keys = keys;
        for (more, keys) in parts {
            let first = self.keys.len() as u32;
            lines.extend(more.into_iter().map(|line| Line { keys: line.keys + first, ..line }));
            self.keys.extend_from_slice(&keys);
        }
        lines
    }

    /// The lines ending in `from..to` (`from` is a line's start), into `lines`.
    fn lines_of(&mut self, from: usize, to: usize, lines: &mut Vec<Line>) {
        let mut spans = Vec::new();
        let mut start = from;
        for end in memchr::memchr_iter(self.rules.options.terminator, &self.data[from..to]) {
            let end = from + end;
            lines.push(self.line(start, end, &mut spans));
            start = end + 1;
        }
    }

    fn line(&mut self, start: usize, end: usize, spans: &mut Vec<(usize, usize)>) -> Line {
        let text = &self.data[start..end];
        let rules = self.rules;
        let sep = rules.options.separator.as_deref();
        let first = self.keys.len();
        let mut first_hint = None;
        for (idx, order) in rules.orders.iter().enumerate() {
            let (from, to) = match rules.options.keys.get(idx) {
                Some(key) => key_span(text, key, *order, sep, spans),
                None => (skip_blanks(text, 0, order.blanks), text.len()),
            };
            let number = if order.mode == Mode::Numeric { Number::parse(&text[from..to]) } else { Number::default() };
            first_hint.get_or_insert_with(|| hint(&text[from..to], &number, order));
            self.keys.push(KeyText { from: start + from, to: start + to, number });
        }
        let hint = first_hint
            .unwrap_or_else(|| hint(&text[self.skip.min(text.len())..], &Number::default(), &rules.options.global));
        // Offsets fit: a buffer is cut below 4 GiB and 2^32 keys ([`Budget`]).
        let mut line = Line { start: start as u32, end: end as u32, keys: first as u32, hint_high: 0, hint_low: 0 };
        line.set_hint(hint);
        line
    }

    /// Whole lines in byte order that all begin alike (the date on every line of a log) are
    /// hinted by the bytes after what they share: hints of the shared bytes would all be equal
    /// and every comparison would reach into the input (at 1 GB, a cache miss each side).
    /// Hints so made compare only within this buffer, or with those of lines hinted past as
    /// many bytes (a merge of runs hints past what all the runs share). The bytes skipped.
    fn hint_past_common_prefix(&mut self, lines: &mut [Line]) -> usize {
        let Some(first) = lines.first() else { return 0 };
        let (data, global) = (self.data, &self.rules.options.global);
        let first = &data[first.span()];
        // Each part of a large table on a thread of its own, as `lines` made them.
        let threads = if lines.len() < PARALLEL_FROM { 1 } else { sort_threads() };
        let part = lines.len().div_ceil(threads).max(1);
        let shared_by = |lines: &[Line]| {
            let mut common = first.len();
            for line in lines {
                let text = &data[line.span()];
                if !text.starts_with(&first[..common]) {
                    common = shared_prefix(text, first);
                    if common == 0 {
                        break;
                    }
                }
            }
            common
        };
        let common = if threads < 2 {
            shared_by(lines)
        } else {
            std::thread::scope(|scope| {
                let workers: Vec<_> = lines.chunks(part).map(|lines| scope.spawn(move || shared_by(lines))).collect();
                let shared = workers
                    .into_iter()
                    .map(|worker| worker.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic)));
                shared.min().unwrap_or(0)
            })
        };
        if common != self.skip {
            self.skip = common;
            let rehint = |lines: &mut [Line]| {
                for line in lines {
                    line.set_hint(hint(
                        &data[line.start as usize + common..line.end as usize],
                        &Number::default(),
                        global,
                    ));
                }
            };
            if threads < 2 {
                rehint(lines);
            } else {
                std::thread::scope(|scope| {
                    for lines in lines.chunks_mut(part) {
                        scope.spawn(move || rehint(lines));
                    }
                });
            }
        }
        common
    }

    /// Key by key; `last_resort` adds the whole-line comparison GNU makes on ties.
    fn compare(&self, a: &Line, b: &Line, last_resort: bool) -> Ordering {
        compare_lines(self.rules, (self.data, &self.keys, a), (self.data, &self.keys, b), last_resort)
    }
}

/// A line with the buffer and key table it belongs to.
type Side<'s> = (&'s [u8], &'s [KeyText], &'s Line);

/// Two lines, perhaps of different buffers (a merge compares the heads of runs), key by key;
/// `last_resort` adds the whole-line comparison GNU makes on ties.
fn compare_lines(
    rules: &Rules,
    (data_a, keys_a, a): Side<'_>,
    (data_b, keys_b, b): Side<'_>,
    last_resort: bool,
) -> Ordering {
    let options = &rules.options;
    let by_hint = a.hint().cmp(&b.hint());
    if by_hint != Ordering::Equal {
        let reverse = rules.orders.first().unwrap_or(&options.global).reverse;
        return if reverse { by_hint.reverse() } else { by_hint };
    }
    let (whole_a, whole_b) = (&data_a[a.span()], &data_b[b.span()]);
    if rules.plain {
        let ordering = whole_a.cmp(whole_b);
        return if options.global.reverse { ordering.reverse() } else { ordering };
    }
    for (idx, order) in rules.orders.iter().enumerate() {
        let (key_a, key_b) = (&keys_a[a.keys as usize + idx], &keys_b[b.keys as usize + idx]);
        let (text_a, text_b) = (&data_a[key_a.from..key_a.to], &data_b[key_b.from..key_b.to]);
        let ordering = if order.mode == Mode::Numeric {
            let ordering = key_a.number.cmp(text_a, &key_b.number, text_b);
            if order.reverse { ordering.reverse() } else { ordering }
        } else {
            compare_text(text_a, text_b, order, &options.seed)
        };
        if ordering != Ordering::Equal {
            return ordering;
        }
    }
    if !last_resort || options.unique || options.stable {
        return Ordering::Equal;
    }
    if options.global.reverse { whole_b.cmp(whole_a) } else { whole_a.cmp(whole_b) }
}

/// The command line.
struct Invocation {
    options: Options,
    output: Option<String>,
    check: Option<bool>,
    files: Vec<String>,
    files0_from: Option<String>,
    /// `--batch-size`, checked as GNU checks it and otherwise unused.
    batch_size: Option<String>,
    merge: bool,
    /// `-S`: bytes of buffer (its lines and their records) before sorted runs go to scratch
    /// files; or what is wrong with the size given.
    buffer: Option<Result<usize, String>>,
    /// `-T`: where scratch files go (else `$TMPDIR`, else `/tmp`).
    temp_dir: Option<String>,
}

const BATCH_SIZE: Opt =
    Opt::long("batch-size", "merge at most NMERGE inputs at once (accepted: merging here needs no temporary files)")
        .value("NMERGE");
const PARALLEL: Opt = Opt::long("parallel", "change the number of sorts run concurrently (chosen here)").value("N");
const FILES0_FROM: Opt =
    Opt::long("files0-from", "read input from the files specified by NUL-terminated names in file F").value("F");
const SORT_BY: Opt =
    Opt::long("sort", "sort according to WORD: general-numeric, human-numeric, month, numeric, random, version")
        .value("WORD");
const CHECK_LONG: Opt = Opt::long("check", "check for sorted input; do not sort (=quiet: like -C)").optional("quiet");

/// `sort`.
pub const SORT: Spec = Spec {
    name: "sort",
    summary: "sort lines of text (keys, -n -g -h -V -M -R, -u, -c, -m)",
    synopsis: &["[OPTION]... [FILE]...", "[OPTION]... --files0-from=F"],
    about: "Write sorted concatenation of all FILE(s) to standard output, comparing bytes (as under LC_ALL=C).",
    options: &[
        Opt::both('b', "ignore-leading-blanks", "ignore leading blanks"),
        Opt::both('d', "dictionary-order", "consider only blanks and alphanumeric characters"),
        Opt::both('f', "ignore-case", "fold lower case to upper case characters"),
        Opt::both('g', "general-numeric-sort", "compare according to general numerical value"),
        Opt::both('i', "ignore-nonprinting", "consider only printable characters"),
        Opt::both('M', "month-sort", "compare (unknown) < 'JAN' < ... < 'DEC'"),
        Opt::both('h', "human-numeric-sort", "compare human readable numbers (e.g., 2K 1G)"),
        Opt::both('n', "numeric-sort", "compare according to string numerical value"),
        Opt::both('R', "random-sort", "shuffle, but group identical keys"),
        Opt::both('r', "reverse", "reverse the result of comparisons"),
        SORT_BY,
        Opt::both('V', "version-sort", "natural sort of (version) numbers within text"),
        Opt::short('c', "check for sorted input; do not sort"),
        CHECK_LONG,
        Opt::short('C', "like -c, but do not report first bad line"),
        FILES0_FROM,
        Opt::both('k', "key", "sort via a key; KEYDEF gives location and type").value("KEYDEF"),
        Opt::both('m', "merge", "merge already sorted files; do not sort"),
        Opt::both('o', "output", "write result to FILE instead of standard output").value("FILE"),
        Opt::both('s', "stable", "stabilize sort by disabling last-resort comparison"),
        Opt::both('S', "buffer-size", "use SIZE for main memory buffer").value("SIZE"),
        Opt::both('t', "field-separator", "use SEP instead of non-blank to blank transition").value("SEP"),
        Opt::both('T', "temporary-directory", "use DIR for temporaries, not $TMPDIR or /tmp").value("DIR"),
        PARALLEL,
        BATCH_SIZE,
        Opt::both('u', "unique", "output only the first of an equal run"),
        Opt::both('z', "zero-terminated", "line delimiter is NUL, not newline"),
    ],
    usage_status: 2,
    long_order: &[
        "batch-size",
        "buffer-size",
        "check",
        "compress-program",
        "debug",
        "dictionary-order",
        "files0-from",
        "field-separator",
        "human-numeric-sort",
        "help",
        "ignore-leading-blanks",
        "ignore-case",
        "ignore-nonprinting",
        "merge",
        "month-sort",
        "random-sort",
        "random-source",
        "reverse",
        "sort",
        "stable",
        "version-sort",
        "version",
    ],
    ..Spec::BASE
};

fn parse_args(args: Args) -> Result<Invocation, String> {
    let options = Options::default();
    let mut invocation = Invocation {
        options,
        output: None,
        check: None,
        files: Vec::new(),
        files0_from: None,
        batch_size: None,
        merge: false,
        buffer: None,
        temp_dir: None,
    };
    for (opt, value) in args.given() {
        match *opt {
            PARALLEL => {}
            BATCH_SIZE => invocation.batch_size = Some(value.to_string()),
            FILES0_FROM => invocation.files0_from = Some(value.to_string()),
            SORT_BY => {
                let letter = match value {
                    "numeric" => 'n',
                    "general-numeric" => 'g',
                    "human-numeric" => 'h',
                    "month" => 'M',
                    "version" => 'V',
                    "random" => 'R',
                    _ => return Err(format!("invalid argument '{value}' for '--sort'")),
                };
                invocation.options.global.set(letter);
            }
            CHECK_LONG => invocation.check = Some(!matches!(value, "quiet" | "silent")),
            _ => match opt.short {
                Some(letter @ ('t' | 'k' | 'o' | 'S' | 'T')) => {
                    apply_valued(&mut invocation, letter, value.to_string())?
                }
                Some(letter) => apply_flag(&mut invocation, letter)?,
                None => {}
            },
        }
    }
    invocation.files = args.operands;
    Ok(invocation)
}

fn apply_flag(invocation: &mut Invocation, flag: char) -> Result<(), String> {
    let options = &mut invocation.options;
    if options.global.set(flag) {
        return Ok(());
    }
    match flag {
        'u' => options.unique = true,
        's' => options.stable = true,
        'z' => options.terminator = 0,
        'c' => invocation.check = Some(true),
        'C' => invocation.check = Some(false),
        'm' => invocation.merge = true,
        _ => return Err(format!("invalid option -- '{flag}'")),
    }
    Ok(())
}

fn apply_valued(invocation: &mut Invocation, flag: char, value: String) -> Result<(), String> {
    let options = &mut invocation.options;
    match flag {
        't' => {
            if value.is_empty() {
                return Err("empty tab".to_string());
            }
            options.separator = Some(if value == "\\0" { vec![0] } else { toolsh_bytes::encode_string(value) });
        }
        'o' => invocation.output = Some(value),
        'k' => match parse_key(&value) {
            Some(key) => options.keys.push(key),
            None => return Err(format!("invalid key '{value}'")),
        },
        'S' => match parse_buffer_size(&value) {
            Some(bytes) => invocation.buffer = Some(Ok(bytes)),
            // GNU says so without the usage hint (xstrtol's words).
            None if value.starts_with(|c: char| c.is_ascii_digit()) => {
                invocation.buffer = Some(Err(format!("invalid suffix in -S argument '{value}'")))
            }
            None => invocation.buffer = Some(Err(format!("invalid -S argument '{value}'"))),
        },
        'T' => invocation.temp_dir = Some(value),
        _ => {}
    }
    Ok(())
}

/// `-S SIZE` as GNU reads it: a number with a unit (`b` bytes, `K` (the default), `M`, `G`,
/// `T`, `P`, `E` in powers of 1024), or `N%` — here of [`FILE_BUFFER`], the most a buffer
/// takes by default, as a share of physical memory is not a thing a workspace knows.
fn parse_buffer_size(text: &str) -> Option<usize> {
    let digits = text.bytes().take_while(u8::is_ascii_digit).count();
    let number: u64 = text[..digits].parse().ok()?;
    let bytes = match &text[digits..] {
        "%" => return usize::try_from(number.min(100) * (FILE_BUFFER as u64 / 100)).ok(),
        "b" => number,
        unit => {
            let power = match unit {
                "" | "k" | "K" => 1,
                "m" | "M" => 2,
                "g" | "G" => 3,
                "t" | "T" => 4,
                "p" | "P" => 5,
                "e" | "E" => 6,
                _ => return None,
            };
            number.checked_mul(1u64 << (10 * power))?
        }
    };
    Some(usize::try_from(bytes).unwrap_or(usize::MAX))
}

/// GNU's complaint about a `--batch-size` value (a second line, after the first's `sort: `,
/// says the bound), or `None` for a good one. Without a limit on open files here, only a value
/// past any count is too large.
fn batch_size_refusal(value: &str) -> Option<String> {
    let digits = value.trim_start();
    if digits.starts_with('-')
        || digits.is_empty()
        || !digits.trim_start_matches('+').bytes().all(|b| b.is_ascii_digit())
    {
        return Some(format!("invalid --batch-size argument {}", toolsh_bytes::quote::quote(value)));
    }
    match digits.trim_start_matches('+').parse::<u64>() {
        Ok(n) if n < 2 => Some(format!(
            "invalid --batch-size argument {}\nsort: minimum --batch-size argument is '2'",
            toolsh_bytes::quote::quote(value)
        )),
        Ok(_) => None,
        Err(_) => Some(format!(
            "--batch-size argument {} too large\nsort: maximum --batch-size argument with current rlimit is {}",
            toolsh_bytes::quote::quote(value),
            u64::MAX
        )),
    }
}

/// `sort [OPTION]... [FILE]...`
pub async fn sort(ctx: Ctx<'_>, args: Args) -> Status {
    let invocation = match parse_args(args) {
        Ok(invocation) => invocation,
        Err(message) => return ctx.misuse(&SORT, message).await,
    };
    let Invocation { options, output, check, mut files, files0_from, batch_size, merge, buffer, temp_dir } = invocation;
    if let Some(refusal) = batch_size.as_deref().and_then(batch_size_refusal) {
        ctx.complain(refusal).await;
        return 2;
    }
    if let Some(list) = files0_from {
        if !files.is_empty() {
            return ctx.misuse(&SORT, crate::text::files0_extra_operand(&files[0])).await;
        }
        let names = match crate::text::files0_names(&ctx, &list).await {
            Ok(names) => names,
            Err(err) => {
                ctx.complain(format!("open failed: {}: {}", quotef(&list), describe(&err))).await;
                return 2;
            }
        };
        // GNU's sort stops at the first bad name (wc goes on past each).
        for (at, name) in names.iter().enumerate() {
            let refusal = if list == "-" && name == "-" {
                "when reading file names from stdin, no file name of '-' allowed".to_string()
            } else if name.is_empty() {
                format!("{}:{}: invalid zero-length file name", quotef(&list), at + 1)
            } else {
                continue;
            };
            ctx.complain(refusal).await;
            return 2;
        }
        if names.is_empty() {
            ctx.complain(format!("no input from {}", toolsh_bytes::quote::quoteaf(&list))).await;
            return 2;
        }
        files = names;
    }
    if files.is_empty() {
        files.push("-".to_string());
    }
    if check.is_some() && files.len() > 1 {
        return ctx.misuse(&SORT, format!("extra operand '{}' not allowed with -c", files[1])).await;
    }
    let buffer = match buffer.transpose() {
        Ok(buffer) => buffer,
        Err(message) => {
            ctx.complain(message).await;
            return 2;
        }
    };
    let rules = Rules::new(options);
    if check.is_some() || merge {
        return check_or_merge(&ctx, &rules, &files, check, output).await;
    }
    let mut scratch = Scratch::new(&ctx, temp_dir);
    // Runs spill by default only where the policy lets sort write without a question: under a
    // read-only or asking policy a pipe is sorted in memory, as it was before sort spilled
    // (bounded by input-bytes); `-S` spills whatever the policy says, as asked.
    let spill = buffer.is_some() || ctx.vfs.writes_freely(&scratch.probe());
    let budget = Budget::new(&ctx, &rules, &files, buffer, spill);
    let status = sort_external(&ctx, &rules, &files, budget, &mut scratch, output).await;
    scratch.remove_all(&ctx);
    status
}

/// `-c` and `-m`: the inputs read whole (`-c` reads one; `-m` is given sorted inputs, and
/// merges them).
async fn check_or_merge(
    ctx: &Ctx<'_>,
    rules: &Rules,
    files: &[String],
    check: Option<bool>,
    output: Option<String>,
) -> Status {
    let terminator = rules.options.terminator;
    let mut data = Vec::new();
    // Where each input's lines end in `data` (for `-m`).
    let mut input_ends = Vec::new();
    for file in files {
        match ctx.read_operand(file).await {
            Ok(bytes) => {
                // One input (the usual case) becomes the data as it is, without a copy.
                if data.is_empty() {
                    data = bytes;
                } else {
                    data.extend_from_slice(&bytes);
                }
                if !data.is_empty() && data.last() != Some(&terminator) {
                    data.push(terminator);
                }
                input_ends.push(data.len());
            }
            Err(err) => {
                // GNU's -c opens its one input to read it in order; a merge reads them all first.
                let what = match (check.is_some(), err.kind() == std::io::ErrorKind::IsADirectory) {
                    // A directory opens, and its read fails.
                    (_, true) => "read failed",
                    (true, false) => "open failed",
                    (false, false) => "cannot read",
                };
                ctx.complain(format!("{what}: {}: {}", quotef(file), describe(&err))).await;
                return 2;
            }
        }
    }
    if data.len() > u32::MAX as usize {
        ctx.complain(format!("{}: input of 4 GiB or more: -c and -m read their inputs whole", quotef(&files[0]))).await;
        return 2;
    }
    let mut sorter = Sorter::new(rules, &data);
    let mut lines = sorter.lines(0);
    if rules.plain {
        sorter.hint_past_common_prefix(&mut lines);
    }
    if let Some(loud) = check {
        return check_order(ctx, &sorter, &lines, &files[0], loud).await;
    }
    lines = merge_inputs(&sorter, lines, &input_ends);
    if rules.options.unique {
        lines.dedup_by(|later, earlier| sorter.compare(earlier, later, false) == Ordering::Equal);
    }
    let mut out = Output::new(ctx, output);
    for line in &lines {
        if let Err(status) = out.line(ctx, &data[line.span()], terminator).await {
            return status;
        }
    }
    out.finish(ctx).await
}

/// How much of the input one buffer may hold, counting each line's bytes and its records
/// ([`Rules::line_cost`]): `-S`, else GNU's default — every input a workspace file: all of
/// them (up to [`FILE_BUFFER`]), as GNU sizes its buffer to the files it is given; a pipe:
/// [`PIPE_BUFFER`], as GNU's buffer for input of unknown size is small (unless the policy would
/// refuse or ask about the scratch files: then in memory, up to input-bytes). Past it, sorted runs
/// go to scratch files and are merged. A buffer is also cut below 4 GiB of bytes and 2^32
/// keys, so that a line's record holds `u32` offsets.
#[derive(Clone, Copy)]
struct Budget {
    bytes: usize,
    line_cost: usize,
    keys_per_line: usize,
    /// The inputs' bytes when every input is a file (what the buffer need hold at most).
    files: Option<usize>,
}

/// The default buffer for input of unknown size (a pipe).
const PIPE_BUFFER: usize = 4 << 20;
/// The most the default buffer takes for workspace files.
const FILE_BUFFER: usize = 8 << 30;
/// The least buffer `-S` gives (GNU has a floor too).
const MIN_BUFFER: usize = 64 << 10;

impl Budget {
    fn new(ctx: &Ctx<'_>, rules: &Rules, files: &[String], given: Option<usize>, spill: bool) -> Budget {
        let mut sizes: Option<usize> = Some(0);
        for file in files {
            let size = match file.as_str() {
                "-" | "/dev/stdin" => None,
                _ => ctx.vfs.stat(&ctx.abs(file)).ok().filter(|m| !m.is_dir()).map(|m| m.size),
            };
            sizes = match (sizes, size) {
                (Some(total), Some(size)) => Some(total.saturating_add(usize::try_from(size).unwrap_or(usize::MAX))),
                _ => None,
            };
        }
        let bytes = match (given, sizes) {
            (Some(given), _) => given.max(MIN_BUFFER),
            // The records of short lines can cost several times their bytes.
            (None, Some(total)) => total.saturating_mul(8).clamp(PIPE_BUFFER, FILE_BUFFER),
            (None, None) if spill => PIPE_BUFFER,
            (None, None) => FILE_BUFFER,
        };
        Budget { bytes, line_cost: rules.line_cost(), keys_per_line: rules.orders.len(), files: sizes }
    }

    /// The room to make in the buffer at first, so that it is not copied (and held twice) as it
    /// grows: for files, their bytes when they fit the budget; for a pipe, the budget.
    fn first_room(&self) -> usize {
        let room = if self.bytes <= 16 * PIPE_BUFFER {
            self.bytes
        } else {
            self.bytes.min(READ_PIECE.max(self.bytes / (1 + self.line_cost / 8)))
        };
        // One byte more for a terminator the last line lacks.
        self.files.map_or(room, |files| room.min(files.saturating_add(1))).max(MIN_BLOCK)
    }

    /// Whether a buffer of `bytes` and `lines` lines is full.
    fn full(&self, bytes: usize, lines: usize) -> bool {
        bytes.saturating_add(lines.saturating_mul(self.line_cost)) > self.bytes
            || bytes >= MAX_BUFFER_BYTES
            || lines.saturating_add(1).saturating_mul(self.keys_per_line.max(1)) >= u32::MAX as usize
    }
}

/// The most bytes a buffer holds whatever its budget: a piece read past it (a pipe's pieces
/// are at most what one write made) still leaves every offset below 2^32.
const MAX_BUFFER_BYTES: usize = 2 << 30;

/// Bytes read at a time (what an operand's reader hands over).
const READ_PIECE: usize = 256 * 1024;

/// The sort: the inputs read a piece at a time into a buffer; a full buffer is sorted and
/// written to a scratch file as a run, and the runs are merged into the output. Input that
/// fits one buffer is sorted in memory and written out, as before.
async fn sort_external(
    ctx: &Ctx<'_>,
    rules: &Rules,
    files: &[String],
    budget: Budget,
    scratch: &mut Scratch,
    output: Option<String>,
) -> Status {
    let terminator = rules.options.terminator;
    let mut buffer: Vec<u8> = Vec::new();
    let mut lines_in_buffer = 0usize;
    let mut runs: Vec<String> = Vec::new();
    let mut prefix = RunsPrefix::default();
    for file in files {
        let mut reader = match ctx.open_operand(file) {
            Ok(reader) => reader,
            Err(err) => return cannot_read(ctx, file, &err).await,
        };
        loop {
            if buffer.capacity() == 0 {
                buffer.reserve_exact(budget.first_room());
            }
            // A file is read straight into the buffer's room (a piece at a time, or what room
            // is left: the buffer grows only for a line longer than it).
            let room = buffer.capacity() - buffer.len();
            let most = if room >= MIN_BLOCK { room.min(READ_PIECE) } else { READ_PIECE };
            let at = buffer.len();
            match ctx.read_held_into(&mut reader, &mut buffer, most).await {
                Ok(0) => break,
                Ok(_) => {}
                Err(err) => return cannot_read(ctx, file, &err).await,
            }
            lines_in_buffer += memchr::memchr_iter(terminator, &buffer[at..]).count();
            if budget.full(buffer.len(), lines_in_buffer) {
                // The complete lines go to a run; a line begun stays, moved to the front of the
                // same buffer for the next run.
                let Some(last) = memchr::memrchr(terminator, &buffer) else { continue };
                match write_run(ctx, rules, &buffer[..=last], lines_in_buffer, scratch, &mut prefix).await {
                    Ok(run) => runs.push(run),
                    Err(status) => return status,
                }
                buffer.drain(..=last);
                lines_in_buffer = 0;
            }
        }
        if !buffer.is_empty() && buffer.last() != Some(&terminator) {
            buffer.push(terminator);
            lines_in_buffer += 1;
        }
    }
    if runs.is_empty() {
        let mut sorter = Sorter::new(rules, &buffer);
        let (lines, _) = sort_buffer(&mut sorter, lines_in_buffer);
        let mut out = Output::new(ctx, output);
        if let Err(status) = out.lines(ctx, &buffer, &lines, terminator).await {
            return status;
        }
        return out.finish(ctx).await;
    }
    if !buffer.is_empty() {
        match write_run(ctx, rules, &buffer, lines_in_buffer, scratch, &mut prefix).await {
            Ok(run) => runs.push(run),
            Err(status) => return status,
        }
    }
    drop(buffer);
    let skip = prefix.shared;
    // At most FAN_IN runs are read at once: groups of them are merged into longer runs (in
    // order, so that ties keep the input's order) until one merge makes the output.
    while runs.len() > FAN_IN {
        let mut merged = Vec::new();
        for group in runs.chunks(FAN_IN) {
            if group.len() == 1 {
                merged.push(group[0].clone());
                continue;
            }
            let (path, writer) = match scratch.create(ctx).await {
                Ok(made) => made,
                Err(status) => return status,
            };
            let mut out = Output::Run(path.clone(), writer, Vec::new());
            if let Err(status) = merge_runs(ctx, rules, group, &budget, skip, &mut out).await {
                return status;
            }
            if let Err(status) = out.finish_run(ctx).await {
                return status;
            }
            for run in group {
                scratch.remove(ctx, run);
            }
            merged.push(path);
        }
        runs = merged;
    }
    let mut out = Output::new(ctx, output);
    if let Err(status) = merge_runs(ctx, rules, &runs, &budget, skip, &mut out).await {
        return status;
    }
    out.finish(ctx).await
}

/// Runs merged at once.
const FAN_IN: usize = 64;

/// The least a run reads back at a time.
const MIN_BLOCK: usize = 16 << 10;

async fn cannot_read(ctx: &Ctx<'_>, file: &str, err: &std::io::Error) -> Status {
    let what = if err.kind() == std::io::ErrorKind::IsADirectory { "read failed" } else { "cannot read" };
    ctx.complain(format!("{what}: {}: {}", quotef(file), describe(err))).await;
    2
}

/// Sorts the lines of a buffer (deduplicated under `-u`); with them, the bytes every line of
/// the buffer begins with alike when the lines are whole lines in byte order (else 0).
fn sort_buffer(sorter: &mut Sorter<'_>, expected: usize) -> (Vec<Line>, usize) {
    let mut lines = sorter.lines(expected);
    let common = if sorter.rules.plain { sorter.hint_past_common_prefix(&mut lines) } else { 0 };
    let options = &sorter.rules.options;
    let stable = options.stable || options.unique;
    let mut lines = sort_lines(sorter, lines, stable, common);
    if options.unique && sorter.rules.plain {
        // Equal whole lines are the same bytes (and the hints no longer compare, [`sort_plain`]).
        lines.dedup_by(|later, earlier| sorter.data[later.span()] == sorter.data[earlier.span()]);
    } else if options.unique {
        lines.dedup_by(|later, earlier| sorter.compare(earlier, later, false) == Ordering::Equal);
    }
    (lines, common)
}

/// Sorts a full buffer and writes it to a new scratch file; its name. What its lines begin
/// with alike goes into `prefix`.
async fn write_run(
    ctx: &Ctx<'_>,
    rules: &Rules,
    buffer: &[u8],
    expected: usize,
    scratch: &mut Scratch,
    prefix: &mut RunsPrefix,
) -> Result<String, Status> {
    let (path, writer) = scratch.create(ctx).await?;
    let mut sorter = Sorter::new(rules, buffer);
    let (lines, common) = sort_buffer(&mut sorter, expected);
    if let Some(first) = lines.first() {
        // Every line begins with the first line's `common` bytes, whichever line that is.
        prefix.add(&buffer[first.start as usize..first.start as usize + common]);
    }
    let mut out = Output::Run(path.clone(), writer, Vec::new());
    out.lines(ctx, buffer, &lines, rules.options.terminator).await?;
    out.finish_run(ctx).await?;
    Ok(path)
}

/// What every line of every run begins with alike, for whole lines in byte order: the
/// merge's hints skip it, as [`Sorter::hint_past_common_prefix`] skips what one buffer's
/// lines share (a log's date, on every line).
#[derive(Default)]
struct RunsPrefix {
    /// The bytes the first run's lines share (at most [`RunsPrefix::MOST`]).
    first: Option<Vec<u8>>,
    /// How many of them every run's lines share.
    shared: usize,
}

impl RunsPrefix {
    /// The most bytes kept: a prefix longer still is rare, and a hint past part of it works.
    const MOST: usize = 4096;

    /// Another run, whose lines all begin with `common`.
    fn add(&mut self, common: &[u8]) {
        match &self.first {
            None => {
                let first = common[..common.len().min(Self::MOST)].to_vec();
                self.shared = first.len();
                self.first = Some(first);
            }
            Some(first) => self.shared = self.shared.min(shared_prefix(first, common)),
        }
    }
}

/// The scratch files of one sort: where they go, and those not yet removed.
struct Scratch {
    /// The directory as given (for messages), and absolute.
    shown: String,
    dir: String,
    made: Vec<String>,
}

/// Tells the scratch files of the sorts of one process apart.
static SCRATCH_COUNT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

impl Scratch {
    fn new(ctx: &Ctx<'_>, temp_dir: Option<String>) -> Scratch {
        let dir = temp_dir
            .or_else(|| ctx.state().vars.get_str("TMPDIR").filter(|d| !d.is_empty()).map(str::to_string))
            .unwrap_or_else(|| "/tmp".to_string());
        Scratch { dir: ctx.abs(&dir), shown: dir, made: Vec::new() }
    }

    /// A name of the kind the scratch files get, for asking the policy about them.
    fn probe(&self) -> String {
        crate::vfs::path::join(&self.dir, ".toolsh-sort-scratch")
    }

    /// A new scratch file, open for writing. Named as process substitution names its files
    /// in `/tmp`, by the process and a count.
    async fn create(&mut self, ctx: &Ctx<'_>) -> Result<(String, Box<dyn crate::vfs::FileWriter>), Status> {
        let n = SCRATCH_COUNT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let path = crate::vfs::path::join(&self.dir, &format!(".toolsh-sort-{}-{n}", std::process::id()));
        match ctx.vfs.open_writer(&path, crate::vfs::WriteMode::Truncate) {
            Ok(writer) => {
                self.made.push(path.clone());
                Ok((path, writer))
            }
            Err(err) => {
                ctx.complain(format!(
                    "cannot create temporary file in {}: {}",
                    toolsh_bytes::quote::quote(&self.shown),
                    describe(&err)
                ))
                .await;
                Err(2)
            }
        }
    }

    fn remove(&mut self, ctx: &Ctx<'_>, path: &str) {
        let _ = ctx.vfs.remove_file(path);
        self.made.retain(|p| p != path);
    }

    fn remove_all(&mut self, ctx: &Ctx<'_>) {
        for path in self.made.drain(..) {
            let _ = ctx.vfs.remove_file(&path);
        }
    }
}

/// Where sorted lines go, a piece at a time.
enum Output {
    /// Standard output.
    Stdout(Vec<u8>),
    /// `-o FILE`: the first piece replaces the file, the others are appended.
    Path { path: String, piece: Vec<u8>, started: bool },
    /// A scratch run.
    Run(String, Box<dyn crate::vfs::FileWriter>, Vec<u8>),
}

impl Output {
    fn new(_ctx: &Ctx<'_>, output: Option<String>) -> Output {
        match output {
            Some(path) => Output::Path { path, piece: Vec::new(), started: false },
            None => Output::Stdout(Vec::new()),
        }
    }

    fn piece(&mut self) -> &mut Vec<u8> {
        match self {
            Output::Stdout(piece) | Output::Path { piece, .. } | Output::Run(_, _, piece) => piece,
        }
    }

    /// Adds a line to the piece; whether the piece is full (to be flushed).
    fn push(&mut self, text: &[u8], terminator: u8) -> bool {
        let piece = self.piece();
        if piece.capacity() == 0 {
            piece.reserve(OUT_PIECE + 4096);
        }
        piece.extend_from_slice(text);
        piece.push(terminator);
        piece.len() >= OUT_PIECE
    }

    async fn line(&mut self, ctx: &Ctx<'_>, text: &[u8], terminator: u8) -> Result<(), Status> {
        if self.push(text, terminator) { self.flush(ctx).await } else { Ok(()) }
    }

    /// The lines of `data`, in the order given.
    async fn lines(&mut self, ctx: &Ctx<'_>, data: &[u8], lines: &[Line], terminator: u8) -> Result<(), Status> {
        for line in lines {
            if self.push(&data[line.span()], terminator) {
                self.flush(ctx).await?;
            }
        }
        Ok(())
    }

    /// Hands on what the piece holds.
    async fn flush(&mut self, ctx: &Ctx<'_>) -> Result<(), Status> {
        match self {
            Output::Stdout(piece) => {
                // Handed on in pieces: a reader downstream starts at once, and its leaving
                // stops this.
                if ctx.out_piece(piece).await { Ok(()) } else { Err(1) }
            }
            Output::Path { path, piece, started } => {
                let mode = if *started { crate::vfs::WriteMode::Append } else { crate::vfs::WriteMode::Truncate };
                *started = true;
                match ctx.write_path(path, piece, mode).await {
                    Ok(()) => {
                        piece.clear();
                        Ok(())
                    }
                    Err(err) => {
                        ctx.complain(format!("open failed: {}: {}", quotef(path), describe(&err))).await;
                        Err(2)
                    }
                }
            }
            Output::Run(path, writer, piece) => {
                let written = std::io::Write::write_all(writer, piece);
                piece.clear();
                match written {
                    // A scratch file written is not a wait: the deadline and Ctrl-C are seen
                    // between pieces.
                    Ok(()) => {
                        if ctx.step().await {
                            Ok(())
                        } else {
                            Err(1)
                        }
                    }
                    Err(err) => Err(write_failed(ctx, path, &err).await),
                }
            }
        }
    }

    /// Ends standard output or `-o`'s file (made even when empty); the status.
    async fn finish(mut self, ctx: &Ctx<'_>) -> Status {
        match self.flush(ctx).await {
            Ok(()) => 0,
            Err(status) => status,
        }
    }

    /// Ends a scratch run: its last piece written and the file closed.
    async fn finish_run(mut self, ctx: &Ctx<'_>) -> Result<(), Status> {
        self.flush(ctx).await?;
        if let Output::Run(path, writer, _) = self
            && let Err(err) = writer.close()
        {
            return Err(write_failed(ctx, &path, &err).await);
        }
        Ok(())
    }
}

/// GNU's words for a scratch file that could not be written (a full disk, or an in-memory
/// `/tmp` past `--memory-size`).
async fn write_failed(ctx: &Ctx<'_>, path: &str, err: &std::io::Error) -> Status {
    ctx.complain(format!("write failed: {}: {}", quotef(path), describe(err))).await;
    2
}

/// One run being merged: a block of its lines read back from its scratch file, with their
/// keys, and where the merge is in them.
struct RunReader {
    reader: Box<dyn crate::vfs::Reader>,
    data: Vec<u8>,
    keys: Vec<KeyText>,
    lines: Vec<Line>,
    next: usize,
    /// The file is read to its end.
    done: bool,
    /// Its lines are all merged.
    over: bool,
}

impl RunReader {
    /// The next block of whole lines (at least one, unless the run is over), hinted past the
    /// `skip` bytes every run's lines begin with; `false` at the end of the run.
    fn refill(&mut self, rules: &Rules, block: usize, skip: usize) -> std::io::Result<bool> {
        let terminator = rules.options.terminator;
        // What follows the last whole line (a line begun) starts the next block.
        let used = self.lines.last().map_or(0, |line| line.end as usize + 1);
        self.data.drain(..used.min(self.data.len()));
        self.lines.clear();
        self.keys.clear();
        self.next = 0;
        loop {
            if !self.done {
                let at = self.data.len();
                std::io::Read::read_to_end(
                    &mut std::io::Read::take(&mut self.reader, block.saturating_sub(at).max(MIN_BLOCK) as u64),
                    &mut self.data,
                )?;
                self.done = self.data.len() == at;
            }
            if self.done && !self.data.is_empty() && self.data.last() != Some(&terminator) {
                self.data.push(terminator);
            }
            if memchr::memchr(terminator, &self.data).is_some() || self.done {
                break;
            }
        }
        let mut sorter = Sorter::new(rules, &self.data);
        sorter.skip = skip;
        self.lines = sorter.lines(0);
        self.keys = std::mem::take(&mut sorter.keys);
        self.over = self.lines.is_empty();
        Ok(!self.over)
    }

    fn head(&self) -> Side<'_> {
        (&self.data, &self.keys, &self.lines[self.next])
    }
}

/// Merges sorted runs (scratch files, in input order) into `out`; on ties the earlier run's
/// line goes first, so the merge keeps a stable sort stable. Each run holds a block of its
/// lines: together about one buffer. `skip`: the bytes every line of every run begins with
/// ([`RunsPrefix`]), which the hints of whole lines pass over.
async fn merge_runs(
    ctx: &Ctx<'_>,
    rules: &Rules,
    runs: &[String],
    budget: &Budget,
    skip: usize,
    out: &mut Output,
) -> Result<(), Status> {
    // A block's records can cost several times its bytes (20 bytes a line of 6): an eighth of
    // the buffer in bytes across the runs keeps the whole near half the buffer.
    let block = (budget.bytes / 8 / runs.len().max(1)).clamp(MIN_BLOCK, 4 << 20);
    let mut readers = Vec::with_capacity(runs.len());
    for run in runs {
        let reader = match ctx.vfs.open_reader(run) {
            Ok(reader) => reader,
            Err(err) => {
                ctx.complain(format!("cannot read: {}: {}", quotef(run), describe(&err))).await;
                return Err(2);
            }
        };
        let mut run_reader = RunReader {
            reader,
            data: Vec::new(),
            keys: Vec::new(),
            lines: Vec::new(),
            next: 0,
            done: false,
            over: false,
        };
        match run_reader.refill(rules, block, skip) {
            Ok(true) => readers.push(run_reader),
            Ok(false) => {}
            Err(err) => {
                ctx.complain(format!("read failed: {}: {}", quotef(run), describe(&err))).await;
                return Err(2);
            }
        }
    }
    // The runs by their heads (ties: the earlier run first; a run that is over after all).
    let less = |readers: &[RunReader], a: usize, b: usize| -> bool {
        match (readers[a].over, readers[b].over) {
            (true, _) => false,
            (false, true) => true,
            (false, false) => match compare_lines(rules, readers[a].head(), readers[b].head(), true) {
                Ordering::Less => true,
                Ordering::Equal => a < b,
                Ordering::Greater => false,
            },
        }
    };
    let mut tournament = Tournament::new(readers.len(), |a, b| less(&readers, a, b));
    let terminator = rules.options.terminator;
    // Under `-u`, the last line written (its bytes and keys), to leave out the lines equal
    // to it that other runs hold.
    let mut last: Option<(Vec<u8>, Vec<KeyText>, Line)> = None;
    while let Some(top) = tournament.winner().filter(|&top| !readers[top].over) {
        let reader = &readers[top];
        let line = &reader.lines[reader.next];
        let text = &reader.data[line.span()];
        let keep = match &last {
            // Equal whole lines are the same bytes.
            Some((data, _, _)) if rules.options.unique && rules.plain => data[..data.len() - 1] != *text,
            Some((data, keys, line)) if rules.options.unique => {
                compare_lines(rules, (data, keys, line), reader.head(), false) != Ordering::Equal
            }
            _ => true,
        };
        if keep {
            if out.push(text, terminator) {
                out.flush(ctx).await?;
            }
            if rules.options.unique {
                let mut data = text.to_vec();
                data.push(terminator);
                let mut sorter = Sorter::new(rules, &data);
                let lines = sorter.lines(0);
                let keys = std::mem::take(&mut sorter.keys);
                last = lines.first().map(|line| (data, keys, *line));
            }
        }
        let reader = &mut readers[top];
        reader.next += 1;
        if reader.next == reader.lines.len()
            && let Err(err) = reader.refill(rules, block, skip)
        {
            ctx.complain(format!("read failed: {}: {}", quotef(&runs[top]), describe(&err))).await;
            return Err(2);
        }
        tournament.replay(|a, b| less(&readers, a, b));
    }
    Ok(())
}

/// A tournament of the runs of a merge by their heads (a tree of losers): the winner, and at
/// each inner node the run that lost the match played there. When the winner's run moves on
/// to its next line, that line plays its way up from its leaf, one comparison a level (a
/// binary heap's sift makes two: a 64-way merge compared 12 times a line, now 6).
struct Tournament {
    /// `tree[0]`: the winner; `tree[1..k]`: the loser at each inner node of a binary tree
    /// whose leaves, `k..2k`, are the runs (node `n`'s parent is `n / 2`).
    tree: Vec<usize>,
}

impl Tournament {
    /// The tournament of `runs` runs, `less` ordering them by their heads (a strict order).
    fn new(runs: usize, less: impl Fn(usize, usize) -> bool) -> Tournament {
        if runs == 0 {
            return Tournament { tree: Vec::new() };
        }
        // The winner of each subtree, as the matches are played from the leaves up.
        let mut winners = vec![0; 2 * runs];
        for (run, leaf) in winners[runs..].iter_mut().enumerate() {
            *leaf = run;
        }
        let mut tree = vec![0; runs];
        for node in (1..runs).rev() {
            let (a, b) = (winners[2 * node], winners[2 * node + 1]);
            (winners[node], tree[node]) = if less(b, a) { (b, a) } else { (a, b) };
        }
        tree[0] = if runs == 1 { 0 } else { winners[1] };
        Tournament { tree }
    }

    /// The run whose head goes first; `None` when there are no runs.
    fn winner(&self) -> Option<usize> {
        self.tree.first().copied()
    }

    /// The winner's head changed (its next line, or the run is over): its way up replayed.
    fn replay(&mut self, less: impl Fn(usize, usize) -> bool) {
        let runs = self.tree.len();
        let Some(&(mut winner)) = self.tree.first() else { return };
        let mut node = (winner + runs) / 2;
        while node >= 1 {
            if less(self.tree[node], winner) {
                std::mem::swap(&mut self.tree[node], &mut winner);
            }
            node /= 2;
        }
        self.tree[0] = winner;
    }
}

/// Bytes of sorted output handed on at a time.
const OUT_PIECE: usize = 256 * 1024;

/// Lines below which one thread sorts alone.
const PARALLEL_FROM: usize = 50_000;

/// Bytes of a buffer below which one thread makes its lines.
const PARALLEL_BYTES: usize = 4 << 20;

/// The threads a sort uses: one per core, up to 4. Asked once a process: the standard
/// library reads the cgroup's files each time (five system calls), and a merge makes the
/// lines of a block thousands of times.
fn sort_threads() -> usize {
    static THREADS: std::sync::OnceLock<usize> = std::sync::OnceLock::new();
    *THREADS.get_or_init(|| std::thread::available_parallelism().map_or(1, |n| n.get()).min(4))
}

/// Sorts the lines: whole lines in byte order by [`sort_plain`], others by their keys.
/// `common` is what every line of the buffer begins with, when their hints were made past it.
fn sort_lines(sorter: &Sorter<'_>, lines: Vec<Line>, stable: bool, common: usize) -> Vec<Line> {
    if sorter.rules.plain {
        return sort_plain(sorter.data, lines, common, sorter.rules.options.global.reverse);
    }
    sort_lines_by(lines, stable, &|a: &Line, b: &Line| sorter.compare(a, b, true))
}

/// Sorts the lines by `cmp`, on as many threads as there are cores (up to 4) for large inputs:
/// each sorts a part where it lies, then runs of parts are merged pairwise into a second table
/// and back, each merge itself split across the threads (as GNU sort merges in parallel), so a
/// large input costs two line tables, not one per merge level.
fn sort_lines_by<F: Fn(&Line, &Line) -> Ordering + Sync>(mut lines: Vec<Line>, stable: bool, cmp: &F) -> Vec<Line> {
    let sort_part = |part: &mut [Line]| {
        if stable {
            part.sort_by(cmp);
        } else {
            part.sort_unstable_by(cmp);
        }
    };
    let threads = sort_threads();
    if threads < 2 || lines.len() < PARALLEL_FROM {
        sort_part(&mut lines);
        return lines;
    }
    let mut run = lines.len().div_ceil(threads);
    std::thread::scope(|scope| {
        for part in lines.chunks_mut(run) {
            scope.spawn(|| sort_part(part));
        }
    });
    let mut other = lines.clone();
    while run < lines.len() {
        // Each pair of neighbouring runs of `lines` merged into `other` (a last run without a
        // partner copied), then the two tables trade places.
        for (from, to) in lines.chunks(2 * run).zip(other.chunks_mut(2 * run)) {
            let (left, right) = from.split_at(run.min(from.len()));
            merge_into(cmp, left, right, to, threads);
        }
        std::mem::swap(&mut lines, &mut other);
        run *= 2;
    }
    lines
}

/// Whole lines in byte order, sorted a few bytes at a time (a multikey sort): first by their
/// hints alone (each holds 7 bytes from `common` on, which compare without reaching into the
/// buffer), then each run of lines whose hints tie is hinted again by its next 7 bytes and
/// sorted by those, and so on. Comparing the tied lines themselves (as GNU does, and as
/// [`compare_lines`] does) reaches into the buffer on every comparison, a cache miss each side
/// at 1 GB; here each line of a tie is read once a round, its reads independent of each
/// other, and the comparisons stay in the table. Lines that compare equal are the same bytes,
/// so the order among them does not matter (`-s` and `-u` need nothing more), and `-r` is the
/// order reversed. The hints of the sorted lines are left as the last round made them: they
/// no longer compare across lines.
fn sort_plain(data: &[u8], lines: Vec<Line>, common: usize, reverse: bool) -> Vec<Line> {
    let mut lines = sort_lines_by(lines, false, &|a: &Line, b: &Line| a.hint().cmp(&b.hint()));
    let threads = sort_threads();
    if threads < 2 || lines.len() < PARALLEL_FROM {
        resolve_ties(data, &mut lines, common + HINT_BYTES, 0);
    } else {
        // The ties are sorted apart from one another: the table is cut into parts, each cut
        // moved past the run of ties it falls in, and each part sorted on its own thread.
        let mut parts = Vec::with_capacity(threads);
        let mut rest: &mut [Line] = &mut lines;
        for left in (1..=threads).rev() {
            let mut cut = rest.len() / left;
            while cut > 0 && cut < rest.len() && rest[cut].hint() == rest[cut - 1].hint() {
                cut += 1;
            }
            let (part, tail) = rest.split_at_mut(cut);
            parts.push(part);
            rest = tail;
        }
        std::thread::scope(|scope| {
            for part in parts {
                scope.spawn(move || resolve_ties(data, part, common + HINT_BYTES, 0));
            }
        });
    }
    if reverse {
        lines.reverse();
    }
    lines
}

/// The bytes of a line a hint holds ([`prefix_hint`]).
const HINT_BYTES: usize = 7;

/// Ties of fewer lines than this are sorted by comparing their bytes.
const SMALL_TIE: usize = 8;

/// Rounds of [`sort_tie`] before the lines left tied are sorted by comparing their bytes.
const MOST_ROUNDS: usize = 32;

/// Sorts each run of lines in `lines` (sorted by their hints) whose hints are equal and say
/// that the lines go on ([`prefix_hint`]'s length of 8): they agree up to `at` bytes.
fn resolve_ties(data: &[u8], lines: &mut [Line], at: usize, round: usize) {
    let mut from = 0;
    while from < lines.len() {
        let hint = lines[from].hint();
        let mut to = from + 1;
        while to < lines.len() && lines[to].hint() == hint {
            to += 1;
        }
        if to - from > 1 && hint & 0xff == 8 {
            sort_tie(data, &mut lines[from..to], at, round);
        }
        from = to;
    }
}

/// Sorts lines that agree up to `at` bytes (each is at least that long).
fn sort_tie(data: &[u8], lines: &mut [Line], at: usize, round: usize) {
    let rest = |line: &Line| &data[line.start as usize + at..line.end as usize];
    if lines.len() < SMALL_TIE || round >= MOST_ROUNDS {
        lines.sort_unstable_by(|a, b| rest(a).cmp(rest(b)));
        return;
    }
    for line in lines.iter_mut() {
        let hint = prefix_hint(rest(line));
        line.set_hint(hint);
    }
    lines.sort_unstable_by_key(Line::hint);
    let (first, last) = (lines[0].hint(), lines[lines.len() - 1].hint());
    if first != last {
        resolve_ties(data, lines, at + HINT_BYTES, round + 1);
    } else if first & 0xff == 8 {
        // One tie again: the lines share more than these bytes. Go past all they share (at
        // least the 7 hinted), where the next round tells them apart or finds them the same.
        let head = rest(&lines[0]);
        let shared = lines[1..].iter().fold(head.len(), |shared, line| shared.min(shared_prefix(head, rest(line))));
        sort_tie(data, lines, at + shared, round + 1);
    }
}

/// How many bytes `a` and `b` begin with alike.
fn shared_prefix(a: &[u8], b: &[u8]) -> usize {
    let len = a.len().min(b.len());
    let (a, b) = (&a[..len], &b[..len]);
    let mut at = 0;
    while at + 16 <= len && a[at..at + 16] == b[at..at + 16] {
        at += 16;
    }
    at + a[at..].iter().zip(&b[at..]).take_while(|(x, y)| x == y).count()
}

/// Merges the sorted `left` and `right` into `out` (as long as both), on up to `ways`
/// threads: `out` is cut where the middle line of `left` belongs, and each side merged apart.
/// On ties `left`'s lines go first, so the merge is stable.
fn merge_into<F: Fn(&Line, &Line) -> Ordering + Sync>(
    cmp: &F,
    left: &[Line],
    right: &[Line],
    out: &mut [Line],
    ways: usize,
) {
    if ways >= 2 && left.len() + right.len() >= PARALLEL_FROM && !left.is_empty() {
        let at = left.len() / 2;
        let pivot = &left[at];
        // The lines of `right` before the pivot: those that order strictly before it.
        let cut = right.partition_point(|line| cmp(line, pivot) == Ordering::Less);
        let (out_low, out_high) = out.split_at_mut(at + cut);
        std::thread::scope(|scope| {
            scope.spawn(|| merge_into(cmp, &left[..at], &right[..cut], out_low, ways / 2));
            merge_into(cmp, &left[at..], &right[cut..], out_high, ways - ways / 2);
        });
        return;
    }
    let (mut i, mut j) = (0, 0);
    for slot in out.iter_mut() {
        let take_right = j < right.len() && (i == left.len() || cmp(&right[j], &left[i]) == Ordering::Less);
        if take_right {
            *slot = right[j];
            j += 1;
        } else {
            *slot = left[i];
            i += 1;
        }
    }
}

/// `-m`: the inputs' lines merged, each input taken as already sorted (as GNU does, an input
/// out of order is not sorted); on ties the earlier input goes first.
fn merge_inputs(sorter: &Sorter<'_>, lines: Vec<Line>, input_ends: &[usize]) -> Vec<Line> {
    let mut inputs: Vec<std::collections::VecDeque<Line>> = input_ends.iter().map(|_| Default::default()).collect();
    for line in lines {
        let input = input_ends.iter().position(|&end| (line.end as usize) < end).unwrap_or(0);
        inputs[input].push_back(line);
    }
    let mut merged = Vec::new();
    loop {
        let mut best: Option<usize> = None;
        for (idx, input) in inputs.iter().enumerate() {
            let Some(head) = input.front() else { continue };
            let better = match best.and_then(|b| inputs[b].front()) {
                Some(current) => sorter.compare(head, current, true) == Ordering::Less,
                None => true,
            };
            if better {
                best = Some(idx);
            }
        }
        match best.and_then(|idx| inputs[idx].pop_front()) {
            Some(line) => merged.push(line),
            None => return merged,
        }
    }
}

/// `-c`/`-C`: whether the input is already in order (strictly, with `-u`).
async fn check_order(ctx: &Ctx<'_>, sorter: &Sorter<'_>, lines: &[Line], name: &str, loud: bool) -> Status {
    for (idx, pair) in lines.windows(2).enumerate() {
        let ordering = sorter.compare(&pair[0], &pair[1], true);
        let bad = ordering == Ordering::Greater
            || (sorter.rules.options.unique && sorter.compare(&pair[0], &pair[1], false) == Ordering::Equal);
        if bad {
            if loud {
                let text = toolsh_bytes::decode(&sorter.data[pair[1].span()]);
                ctx.complain(format!("{name}:{}: disorder: {text}", idx + 2)).await;
            }
            return 1;
        }
    }
    0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_compare_exactly() {
        assert_eq!(numeric_cmp(b"10", b"9"), Ordering::Greater);
        assert_eq!(numeric_cmp(b"-0", b"0"), Ordering::Equal);
        assert_eq!(numeric_cmp(b"-2", b"-10"), Ordering::Greater);
        assert_eq!(numeric_cmp(b"12345678901234567890", b"12345678901234567891"), Ordering::Less);
        assert_eq!(numeric_cmp(b"1.50", b"1.5"), Ordering::Equal);
        assert_eq!(numeric_cmp(b"abc", b"0"), Ordering::Equal);
        assert_eq!(numeric_cmp(b" 007", b"7x"), Ordering::Equal);
    }

    proptest::proptest! {
        /// A hint may only ever agree with the full comparison: where two differ, the keys
        /// compare the same way.
        #[test]
        fn hints_never_contradict_the_comparison(
            a in "[ -]{0,2}[0-9]{0,22}(\\.[0-9]{0,3})?[a-z\x00]{0,9}",
            b in "[ -]{0,2}[0-9]{0,22}(\\.[0-9]{0,3})?[a-z\x00]{0,9}",
        ) {
            let (a, b) = (a.as_bytes(), b.as_bytes());
            for mode in [Mode::Text, Mode::Numeric] {
                let order = Order { mode, ..Order::default() };
                let (number_a, number_b) = (Number::parse(a), Number::parse(b));
                let by_hint = hint(a, &number_a, &order).cmp(&hint(b, &number_b, &order));
                let full = compare_text(a, b, &order, &std::collections::hash_map::RandomState::new());
                proptest::prop_assert!(by_hint == Ordering::Equal || by_hint == full, "{mode:?} {a:?} {b:?}");
            }
        }
    }

    /// Lines of `data` (each ended by a newline) as the sort makes them, hinted past `common`.
    fn plain_lines(data: &[u8], common: usize) -> Vec<Line> {
        let mut lines = Vec::new();
        let mut start = 0;
        for end in memchr::memchr_iter(b'\n', data) {
            let mut line = Line { start: start as u32, end: end as u32, keys: 0, hint_high: 0, hint_low: 0 };
            line.set_hint(prefix_hint(&data[start + common..end]));
            lines.push(line);
            start = end + 1;
        }
        lines
    }

    /// Lines from a few letters, many alike and many sharing long beginnings (the multikey
    /// sort's rounds and its jumps past what a tie shares), some with NULs (the hint's zeros).
    fn tangled_lines(count: usize, seed: u64) -> Vec<u8> {
        let mut state = seed | 1;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let stems: [&[u8]; 4] = [b"", b"2026-11-05T10:", b"same prefix that goes on and on for a while ", b"a\0"];
        let mut data = Vec::new();
        for _ in 0..count {
            data.extend_from_slice(b"==");
            data.extend_from_slice(stems[(next() % 4) as usize]);
            for _ in 0..next() % 12 {
                data.push([b'a', b'b', 0, b'z'][(next() % 4) as usize]);
            }
            data.push(b'\n');
        }
        data
    }

    #[test]
    fn the_multikey_sort_orders_as_bytes_do() {
        // Above PARALLEL_FROM, so the hint sort and the ties run on threads where there are.
        for (count, seed) in [(0, 1), (1, 2), (7, 3), (300, 4), (60_000, 5)] {
            let data = tangled_lines(count, seed);
            // The lines without their newlines: "a" goes before "a\0", though "a\n" goes after.
            let mut expected: Vec<&[u8]> = data.split_inclusive(|b| *b == b'\n').map(|l| &l[..l.len() - 1]).collect();
            expected.sort();
            for reverse in [false, true] {
                let sorted = sort_plain(&data, plain_lines(&data, 2), 2, reverse);
                let got: Vec<&[u8]> = sorted.iter().map(|line| &data[line.span()]).collect();
                let want: Vec<&[u8]> =
                    if reverse { expected.iter().rev().copied().collect() } else { expected.clone() };
                assert!(got == want, "{count} lines, reverse {reverse}");
            }
        }
    }

    #[test]
    fn lines_made_on_threads_are_those_made_on_one() {
        // Past PARALLEL_BYTES, so the lines are made on threads where there are several cores.
        let data = tangled_lines(250_000, 9);
        assert!(data.len() > PARALLEL_BYTES);
        for keys in [&[][..], &["2,2", "1.3"][..]] {
            let options =
                Options { keys: keys.iter().filter_map(|key| parse_key(key)).collect(), ..Options::default() };
            let rules = Rules::new(options);
            let mut threaded = Sorter::new(&rules, &data);
            let lines = threaded.lines(0);
            let mut one = Sorter::new(&rules, &data);
            let mut alone = Vec::new();
            one.lines_of(0, data.len(), &mut alone);
            assert_eq!(lines.len(), alone.len());
            for (a, b) in lines.iter().zip(&alone) {
                assert_eq!((a.span(), a.hint()), (b.span(), b.hint()));
                for key in 0..rules.orders.len() {
                    let (x, y) = (&threaded.keys[a.keys as usize + key], &one.keys[b.keys as usize + key]);
                    assert_eq!((x.from, x.to), (y.from, y.to));
                }
            }
        }
    }

    #[test]
    fn identical_lines_end_the_multikey_sort() {
        let data = b"the very same line, long enough for several rounds of hints\n".repeat(1000);
        let sorted = sort_plain(&data, plain_lines(&data, 0), 0, false);
        assert_eq!(sorted.len(), 1000);
    }

    #[test]
    fn a_tournament_merges_stably() {
        // Runs of (key, run) pairs; the merge must give the keys in order, ties by run.
        let runs: Vec<Vec<u32>> = vec![vec![1, 4, 4, 9], vec![], vec![2, 4, 8], vec![0, 4], vec![3, 5, 7, 10, 11]];
        let mut next = vec![0; runs.len()];
        let head = |next: &[usize], run: usize| runs[run].get(next[run]).copied();
        let less = |next: &[usize], a: usize, b: usize| match (head(next, a), head(next, b)) {
            (None, _) => false,
            (Some(_), None) => true,
            (Some(x), Some(y)) => x < y || (x == y && a < b),
        };
        let mut tournament = Tournament::new(runs.len(), |a, b| less(&next, a, b));
        let mut merged = Vec::new();
        while let Some(top) = tournament.winner().filter(|&top| head(&next, top).is_some()) {
            merged.push((runs[top][next[top]], top));
            next[top] += 1;
            tournament.replay(|a, b| less(&next, a, b));
        }
        let mut expected: Vec<(u32, usize)> =
            runs.iter().enumerate().flat_map(|(run, keys)| keys.iter().map(move |key| (*key, run))).collect();
        expected.sort();
        assert_eq!(merged, expected);
    }

    proptest::proptest! {
        /// A prefix hint orders as the bytes do where two differ; equal ones of length 8 mean
        /// seven equal bytes and more in both, of a length below 8 the same bytes.
        #[test]
        fn prefix_hints_order_as_bytes(a in proptest::collection::vec(0u8..4, 0..12), b in proptest::collection::vec(0u8..4, 0..12)) {
            let (hint_a, hint_b) = (prefix_hint(&a), prefix_hint(&b));
            match hint_a.cmp(&hint_b) {
                Ordering::Equal if hint_a & 0xff == 8 => proptest::prop_assert!(a.len() > 7 && b.len() > 7 && a[..7] == b[..7]),
                Ordering::Equal => proptest::prop_assert_eq!(&a, &b),
                unequal => proptest::prop_assert_eq!(unequal, a.cmp(&b)),
            }
        }
    }

    #[test]
    fn general_numbers_take_the_longest_numeric_prefix() {
        assert_eq!(general_value(b" 1.5e3x"), Some(1500.0));
        assert_eq!(general_value(b"-.5"), Some(-0.5));
        assert_eq!(general_value(b"7e"), Some(7.0));
        assert_eq!(general_value(b"+Infinity and more"), Some(f64::INFINITY));
        assert_eq!(general_value(b"-inf"), Some(f64::NEG_INFINITY));
        assert_eq!(general_value(b"nan"), None);
        assert_eq!(general_value(b"abc"), None);
        assert_eq!(general_value(b"."), None);
        assert_eq!(general_value(b"12\xff"), Some(12.0));
    }

    #[test]
    fn versions_compare_as_debian_does() {
        assert_eq!(version_cmp(b"1.10", b"1.9"), Ordering::Greater);
        assert_eq!(version_cmp(b"1.0~rc1", b"1.0"), Ordering::Less);
        assert_eq!(version_cmp(b"a2", b"a10"), Ordering::Less);
        assert_eq!(version_cmp(b"1.0a", b"1.0+"), Ordering::Less);
    }

    #[test]
    fn human_sizes_compare_by_suffix_first() {
        assert_eq!(human_cmp(b"2K", b"1M"), Ordering::Less);
        assert_eq!(human_cmp(b"1.5G", b"900M"), Ordering::Greater);
        assert_eq!(human_cmp(b"10", b"9"), Ordering::Greater);
    }
}
