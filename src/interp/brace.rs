//! Brace expansion: `a{b,c}d` and `{1..10..2}`, on the unquoted text of a word before any other
//! expansion. Quoted text and `$`-forms are carried through untouched.

use crate::ast::{Word, WordPart};

/// One piece of a word: an unquoted character or any other part.
#[derive(Clone, Debug)]
enum Atom {
    Char(char),
    Part(WordPart),
}

/// Largest number of words one brace expression may produce (protects memory); past it the
/// line stops, naming it (bash would make them all).
pub const MAX_WORDS: usize = 100_000;

/// Expands the braces of `word` (a word without braces comes back alone); `Err` when it
/// would make more than [`MAX_WORDS`] words.
pub fn expand(word: &Word) -> Result<Vec<Word>, usize> {
    let atoms = to_atoms(word);
    let mut out = Vec::new();
    let mut capped = false;
    expand_atoms(atoms, &mut out, &mut capped);
    if capped {
        return Err(MAX_WORDS);
    }
    Ok(out.into_iter().map(|atoms| from_atoms(atoms, word)).collect())
}

fn to_atoms(word: &Word) -> Vec<Atom> {
    let mut atoms = Vec::new();
    for part in &word.parts {
        match part {
            WordPart::Literal(text) => atoms.extend(text.chars().map(Atom::Char)),
            other => atoms.push(Atom::Part(other.clone())),
        }
    }
    atoms
}

fn from_atoms(atoms: Vec<Atom>, original: &Word) -> Word {
    let mut parts = crate::ast::Parts::new();
    let mut literal = crate::ast::Text::default();
    let mut atoms = atoms.into_iter().peekable();
    while let Some(atom) = atoms.next() {
        match atom {
            Atom::Char(c) => literal.push(c),
            // A bare `$name` that the expansion put name characters after takes them in.
            Atom::Part(WordPart::Param(mut param))
                if param.bare
                    && param.name.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
                    && matches!(atoms.peek(), Some(Atom::Char(c)) if c.is_ascii_alphanumeric() || *c == '_') =>
            {
                let mut name = param.name.to_string();
                while let Some(Atom::Char(c)) =
                    atoms.next_if(|a| matches!(a, Atom::Char(c) if c.is_ascii_alphanumeric() || *c == '_'))
                {
                    name.push(c);
                }
                param.name = crate::ast::Text::from(name.as_str());
                if !literal.is_empty() {
                    parts.push(WordPart::Literal(std::mem::take(&mut literal)));
                }
                parts.push(WordPart::Param(param));
            }
            Atom::Part(part) => {
                if !literal.is_empty() {
                    parts.push(WordPart::Literal(std::mem::take(&mut literal)));
                }
                parts.push(part);
            }
        }
    }
    if !literal.is_empty() {
        parts.push(WordPart::Literal(literal));
    }
    Word { parts, span: original.span }
}

fn is_char(atom: &Atom, c: char) -> bool {
    matches!(atom, Atom::Char(x) if *x == c)
}

fn expand_atoms(atoms: Vec<Atom>, out: &mut Vec<Vec<Atom>>, capped: &mut bool) {
    if out.len() >= MAX_WORDS {
        *capped = true;
        return;
    }
    for open in 0..atoms.len() {
        if !is_char(&atoms[open], '{') {
            continue;
        }
        let Some((close, commas)) = find_close(&atoms, open) else {
            continue;
        };
        let alternatives: Vec<Vec<Atom>> = if commas.is_empty() {
            match sequence(&atoms[open + 1..close], capped) {
                Some(items) => items
                    .into_iter()
                    .map(|s| match s.is_empty() {
                        // The removed backslash leaves a quoted nothing: the word stays.
                        true => vec![Atom::Part(WordPart::Quoted(Default::default()))],
                        false => s.chars().map(Atom::Char).collect(),
                    })
                    .collect(),
                None => continue,
            }
        } else {
            let mut alts = Vec::new();
            let mut start = open + 1;
            for &comma in commas.iter().chain(std::iter::once(&close)) {
                alts.push(atoms[start..comma].to_vec());
                start = comma + 1;
            }
            alts
        };
        for alt in alternatives {
            let mut combined = atoms[..open].to_vec();
            combined.extend(alt);
            combined.extend_from_slice(&atoms[close + 1..]);
            expand_atoms(combined, out, capped);
        }
        return;
    }
    out.push(atoms);
}

/// Finds the `}` matching the `{` at `open` and the top-level commas between them.
fn find_close(atoms: &[Atom], open: usize) -> Option<(usize, Vec<usize>)> {
    let mut depth = 0;
    let mut commas = Vec::new();
    for (idx, atom) in atoms.iter().enumerate().skip(open) {
        match atom {
            Atom::Char('{') => depth += 1,
            Atom::Char('}') => {
                depth -= 1;
                if depth == 0 {
                    return Some((idx, commas));
                }
            }
            Atom::Char(',') if depth == 1 => commas.push(idx),
            _ => {}
        }
    }
    None
}

/// `{a..e}`, `{1..10}`, `{1..10..3}`, `{01..10}`.
fn sequence(atoms: &[Atom], capped: &mut bool) -> Option<Vec<String>> {
    let text: String = atoms
        .iter()
        .map(|a| match a {
            Atom::Char(c) => Some(*c),
            Atom::Part(_) => None,
        })
        .collect::<Option<String>>()?;
    let pieces: Vec<&str> = text.split("..").collect();
    if !(2..=3).contains(&pieces.len()) {
        return None;
    }
    let step: i64 = match pieces.get(2) {
        Some(step) => step.parse().ok()?,
        None => 1,
    };
    let step: u64 = step.unsigned_abs().max(1);
    if let (Ok(start), Ok(end)) = (pieces[0].parse::<i64>(), pieces[1].parse::<i64>()) {
        let width = if has_leading_zero(pieces[0]) || has_leading_zero(pieces[1]) {
            pieces[0].len().max(pieces[1].len())
        } else {
            0
        };
        // Bounds near the ends of the 64-bit range must not overflow (`{9223372036854775806..9223372036854775807}`).
        let count = start.abs_diff(end) / step + 1;
        if count as usize > MAX_WORDS {
            *capped = true;
            return None;
        }
        let mut items = Vec::new();
        let mut value = start;
        for _ in 0..count {
            items.push(if width > 0 {
                // By hand: `{:0width$}` refuses the widths past u16::MAX that input can ask for.
                let magnitude = value.unsigned_abs().to_string();
                let zeros = (width - usize::from(value < 0)).saturating_sub(magnitude.len());
                let sign = if value < 0 { "-" } else { "" };
                format!("{sign}{}{magnitude}", "0".repeat(zeros))
            } else {
                value.to_string()
            });
            let next = if start <= end { value.checked_add_unsigned(step) } else { value.checked_sub_unsigned(step) };
            let Some(next) = next else { break };
            value = next;
        }
        return Some(items);
    }
    let mut a = pieces[0].chars();
    let mut b = pieces[1].chars();
    let (Some(start), None, Some(end), None) = (a.next(), a.next(), b.next(), b.next()) else {
        return None;
    };
    if !start.is_ascii_alphabetic() || !end.is_ascii_alphabetic() {
        return None;
    }
    let (lo, hi) = (start as i64, end as i64);
    let mut items = Vec::new();
    let mut value = lo;
    loop {
        match char::from_u32(value as u32) {
            // bash makes the text `\` between `Z` and `a` and then removes it as a quote
            // character (`{Z..a}` gives an empty word there, kept as a quoted one).
            Some('\\') => items.push(String::new()),
            Some(c) => items.push(c.to_string()),
            None => {}
        }
        if value == hi {
            break;
        }
        let step = step.min(256) as i64;
        value += if lo <= hi { step } else { -step };
        if (lo <= hi && value > hi) || (lo > hi && value < hi) {
            break;
        }
    }
    Some(items)
}

fn has_leading_zero(text: &str) -> bool {
    let digits = text.trim_start_matches('-');
    digits.len() > 1 && digits.starts_with('0')
}
