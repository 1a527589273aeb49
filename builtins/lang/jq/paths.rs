//! jq's path operations, where jaq's differ: `setpath`, `delpaths` and the update behind `=`,
//! `|=`, `+=`… (`rewrite.rs` turns those into `__jq_update`), and division that fails on a
//! zero divisor. As jq: `null` becomes the
//! object or array a key asks for (`null | .a[2] = 1` is `{"a":[null,null,1]}`), an array
//! grows with nulls, a negative index counts from the end (and fails before the start), and
//! the paths an update leaves without a value are deleted together at the end, each index
//! taken against the array as it was (`del(.[1], .[-6])` deletes two elements, not one and
//! then another). Messages are jq's.
//!
//! Updates change the value in place when nothing else holds it, so `.[] |= f` over a large
//! array is linear.

use jaq_core::native::{Fun, v};
use jaq_core::{Bind, DataT, Error, Exn, Native, ValX};
use jaq_json::{Rc, Val};
use std::collections::{BTreeMap, BTreeSet};

/// The largest index an assignment may create (jq's limit: INT_MAX / 4).
const MAX_INDEX: f64 = 536_870_911.0;

fn fail<T>(message: impl Into<String>) -> Result<T, Exn<'static, Val>> {
    Err(Exn::from(Error::new(Val::from(message.into()))))
}

/// jq's name for the kind of `value`.
pub fn kind(value: &Val) -> &'static str {
    match value {
        Val::Null => "null",
        Val::Bool(_) => "boolean",
        Val::Num(_) => "number",
        Val::TStr(_) | Val::BStr(_) => "string",
        Val::Arr(_) => "array",
        Val::Obj(_) => "object",
    }
}

/// `value` as jq shows it in a message: compact JSON cut to 29 bytes with `...` (and the
/// closing quote or bracket) when longer.
pub fn shown(value: &Val) -> String {
    let text = super::compact_text(value);
    if text.len() <= 29 {
        return text;
    }
    let close = match text.as_bytes()[0] {
        b'"' => "\"",
        b'[' => "]",
        b'{' => "}",
        _ => "",
    };
    let keep = text.floor_char_boundary(if close.is_empty() { 26 } else { 25 });
    format!("{}...{close}", &text[..keep])
}

fn cannot_index<T>(value: &Val, key: &Val) -> Result<T, Exn<'static, Val>> {
    fail(format!("Cannot index {} with {} ({})", kind(value), kind(key), shown_index(key)))
}

/// An index as jq shows it in a message: NaN, which [`integral`] made [`NAN_INDEX`], as jq
/// shows NaN (`null`).
pub fn shown_index(key: &Val) -> String {
    match key {
        Val::Num(jaq_json::Num::Int(i)) if *i == NAN_INDEX => "null".to_string(),
        _ => shown(key),
    }
}

pub(super) fn number(value: &Val) -> Option<f64> {
    match value {
        Val::Num(_) => jaq_std::ValT::as_f64(value),
        _ => None,
    }
}

/// A slice key (`{"start": s, "end": e}`) as the bounds it has within `len` elements.
fn slice(key: &Val, len: usize) -> Option<Result<(usize, usize), Exn<'static, Val>>> {
    let Val::Obj(map) = key else { return None };
    // jaq's `path(.[1:])` leaves out the bound jq writes as null.
    let bound = |name: &str| map.get(&Val::from(name.to_string())).unwrap_or(&Val::Null);
    let (start, end) = (bound("start"), bound("end"));
    let len = len as f64;
    let at = |bound: &Val, default: f64| match bound {
        Val::Null => Some(default),
        bound => number(bound).map(|x| if x < 0.0 { (x + len).max(0.0) } else { x.min(len) }),
    };
    let (Some(start), Some(end)) = (at(start, 0.0), at(end, len)) else {
        return Some(fail("Array/string slice indices must be integers"));
    };
    let start = start.floor();
    let end = end.ceil().max(start).min(len);
    Some(Ok((start as usize, end as usize)))
}

/// An array index as jq reads it (truncated toward zero; negative from the end), or `None`
/// for NaN.
fn index(key: f64, len: usize) -> Option<f64> {
    if key.is_nan() {
        return None;
    }
    let key = key.trunc();
    Some(if key < 0.0 { key + len as f64 } else { key })
}

/// The value at `path` in `value`: null where something is missing, jq's error where a key
/// does not fit the value.
pub fn get(value: &Val, path: &[Val]) -> Result<Val, Exn<'static, Val>> {
    let mut here = value.clone();
    for key in path {
        here = match (&here, key) {
            (Val::Null, Val::TStr(_) | Val::Num(_)) => Val::Null,
            (Val::Null, Val::Obj(_)) => Val::Null,
            (Val::Obj(map), Val::TStr(_)) => map.get(key).cloned().unwrap_or(Val::Null),
            (Val::Arr(items), Val::Num(_)) => match number(key).and_then(|k| index(k, items.len())) {
                Some(at) if at >= 0.0 && (at as usize) < items.len() => items[at as usize].clone(),
                _ => Val::Null,
            },
            (Val::Arr(items), Val::Obj(_)) => match slice(key, items.len()) {
                Some(Ok((start, end))) => Val::Arr(Rc::new(items[start..end].to_vec())),
                Some(Err(err)) => return Err(err),
                None => return cannot_index(&here, key),
            },
            // A string's slice, in code points (so an update of one gets as far as jq's
            // "Cannot update string slices").
            (Val::TStr(text), Val::Obj(_)) => {
                let chars: Vec<char> = toolsh_bytes::lossy(text).chars().collect();
                match slice(key, chars.len()) {
                    Some(Ok((start, end))) => Val::from(chars[start..end].iter().collect::<String>()),
                    Some(Err(err)) => return Err(err),
                    None => return cannot_index(&here, key),
                }
            }
            _ => return cannot_index(&here, key),
        };
    }
    Ok(here)
}

/// `value` with the value at `path` replaced by what `new` makes of it.
pub fn set(value: Val, path: &[Val], new: &mut dyn FnMut(Val) -> ValX<'static, Val>) -> ValX<'static, Val> {
    let Some((key, rest)) = path.split_first() else { return new(value) };
    match (value, key) {
        (value @ (Val::Null | Val::Obj(_)), Val::TStr(_)) => {
            let mut map = match value {
                Val::Obj(map) => map,
                _ => Rc::new(Default::default()),
            };
            let entries = Rc::make_mut(&mut map);
            let child = entries.get_mut(key).map(std::mem::take).unwrap_or(Val::Null);
            let child = set(child, rest, new)?;
            entries.insert(key.clone(), child);
            Ok(Val::Obj(map))
        }
        (value @ (Val::Null | Val::Arr(_)), Val::Num(_)) => {
            let mut items = match value {
                Val::Arr(items) => items,
                _ => Rc::new(Vec::new()),
            };
            let nan = matches!(key, Val::Num(jaq_json::Num::Int(i)) if *i == NAN_INDEX);
            let Some(at) = number(key).filter(|_| !nan).and_then(|k| index(k, items.len())) else {
                return fail("Cannot set array element at NaN index");
            };
            if at < 0.0 {
                return fail("Out of bounds negative array index");
            }
            if at > MAX_INDEX {
                return fail("Array index too large");
            }
            let at = at as usize;
            // The array grows to the index at once: its size is known before it is made.
            if at >= items.len() {
                super::limits::refuse_value((at + 1).saturating_mul(std::mem::size_of::<Val>())).map_err(Exn::from)?;
            }
            let list = Rc::make_mut(&mut items);
            if at >= list.len() {
                list.resize(at + 1, Val::Null);
            }
            let child = std::mem::take(&mut list[at]);
            list[at] = set(child, rest, new)?;
            Ok(Val::Arr(items))
        }
        (value @ (Val::Null | Val::Arr(_)), Val::Obj(_)) => {
            let mut items = match value {
                Val::Arr(items) => items,
                _ => Rc::new(Vec::new()),
            };
            let (start, end) = match slice(key, items.len()) {
                Some(bounds) => bounds?,
                None => return cannot_index(&Val::Arr(items), key),
            };
            let part = Val::Arr(Rc::new(items[start..end].to_vec()));
            let Val::Arr(replacement) = set(part, rest, new)? else {
                return fail("A slice of an array can only be assigned another array");
            };
            Rc::make_mut(&mut items).splice(start..end, replacement.iter().cloned());
            Ok(Val::Arr(items))
        }
        (Val::TStr(_), Val::Obj(_)) => fail("Cannot update string slices"),
        // An array key reads (`indices`) but cannot be written, in jq's words.
        (Val::Arr(_), Val::Arr(_)) => fail("Cannot update field at array index of array"),
        (value, key) => cannot_index(&value, key),
    }
}

/// `value` without the values at `paths`, all deleted together.
pub fn delete(value: Val, paths: &[&[Val]]) -> ValX<'static, Val> {
    if paths.is_empty() {
        return Ok(value);
    }
    if paths.iter().any(|path| path.is_empty()) {
        return Ok(Val::Null);
    }
    match value {
        Val::Null => Ok(Val::Null),
        Val::Arr(mut items) => {
            let len = items.len();
            let mut gone = BTreeSet::new();
            let mut within: BTreeMap<usize, Vec<&[Val]>> = BTreeMap::new();
            let mut slices: Vec<(usize, usize, Vec<&[Val]>)> = Vec::new();
            for path in paths {
                let (key, rest) = (&path[0], &path[1..]);
                match key {
                    Val::Num(_) => {
                        let at = number(key).and_then(|k| index(k, len)).filter(|&at| at >= 0.0 && at < len as f64);
                        match (at, rest.is_empty()) {
                            (Some(at), true) => _ = gone.insert(at as usize),
                            (Some(at), false) => within.entry(at as usize).or_default().push(rest),
                            (None, _) => {}
                        }
                    }
                    Val::Obj(_) => {
                        let (start, end) = match slice(key, len) {
                            Some(bounds) => bounds?,
                            None => return fail("Cannot delete object element of array"),
                        };
                        if rest.is_empty() {
                            gone.extend(start..end);
                        } else {
                            slices.push((start, end, vec![rest]));
                        }
                    }
                    key if rest.is_empty() => return fail(format!("Cannot delete {} element of array", kind(key))),
                    key => return cannot_index(&Val::Arr(items), key),
                }
            }
            let list = Rc::make_mut(&mut items);
            for (at, rest) in within {
                list[at] = delete(std::mem::take(&mut list[at]), &rest)?;
            }
            for (start, end, rest) in slices.into_iter().rev() {
                let part = delete(Val::Arr(Rc::new(list[start..end].to_vec())), &rest)?;
                if let Val::Arr(part) = part {
                    list.splice(start..end, part.iter().cloned());
                }
            }
            let mut at = 0;
            list.retain(|_| {
                at += 1;
                !gone.contains(&(at - 1))
            });
            Ok(Val::Arr(items))
        }
        Val::Obj(mut map) => {
            let mut gone = Vec::new();
            let mut within: Vec<(&Val, Vec<&[Val]>)> = Vec::new();
            for path in paths {
                let (key, rest) = (&path[0], &path[1..]);
                match (key, rest.is_empty()) {
                    (Val::TStr(_), true) => gone.push(key),
                    (Val::TStr(_), false) => match within.iter_mut().find(|(k, _)| *k == key) {
                        Some((_, list)) => list.push(rest),
                        None => within.push((key, vec![rest])),
                    },
                    (key, true) => return fail(format!("Cannot delete {} field of object", kind(key))),
                    (key, false) => return cannot_index(&Val::Obj(map), key),
                }
            }
            let entries = Rc::make_mut(&mut map);
            for (key, rest) in within {
                if let Some(child) = entries.get_mut(key) {
                    *child = delete(std::mem::take(child), &rest)?;
                }
            }
            for key in gone {
                entries.shift_remove(key);
            }
            Ok(Val::Obj(map))
        }
        value => match paths.iter().find(|path| path.len() > 1) {
            Some(path) => cannot_index(&value, &path[0]),
            None => fail(format!("Cannot delete fields from {}", kind(&value))),
        },
    }
}

/// The paths in a `delpaths` argument, checked as jq checks them.
fn path_list(paths: &Val) -> Result<Vec<&[Val]>, Exn<'static, Val>> {
    let Val::Arr(paths) = paths else { return fail("Paths must be specified as an array") };
    paths
        .iter()
        .map(|path| match path {
            Val::Arr(keys) => Ok(keys.as_slice()),
            other => fail(format!("Path must be specified as array, not {}", kind(other))),
        })
        .collect()
}

fn one_path(path: &Val) -> Result<&[Val], Exn<'static, Val>> {
    match path {
        Val::Arr(keys) => Ok(keys.as_slice()),
        _ => fail("Path must be specified as an array"),
    }
}

/// `l / r` or `l % r` as jq has them: a number divided by zero is an error, not an infinity.
/// `l * r` as jaq multiplies, with a string repeated only once its length is known to fit
/// the value-bytes limit (`"abc" * 1e8` was made whole before any check could see it).
/// `l * r`; a string times a number is jq 1.8's repeat: `null` for a negative number or NaN,
/// else the string as many times as the number's whole part (`"ab" * 0.5` is `""`), refused as
/// jq refuses a result past 2^31 bytes, and within the session's value limit.
/// 2^53: past it a double no longer holds every integer.
pub(super) const EXACT: usize = 1 << 53;

/// `l op r` as jq 1.8 computes numbers, in doubles: an operand that is an integer past 2^53
/// is rounded to one first, and an integer result past 2^53 is rounded (jaq's integers stay
/// exact: `13911860366432393 - 10` gave …383 where jq gives …382). Within 2^53 `exact` (jaq's
/// operation, which gives what jq gives there) computes it; it computes what is not two
/// numbers too.
fn in_doubles(
    l: Val,
    r: Val,
    op: fn(f64, f64) -> f64,
    exact: fn(Val, Val) -> ValX<'static, Val>,
) -> ValX<'static, Val> {
    use jaq_json::Num;
    let wide = |n: &Num| match n {
        Num::Int(i) => i.unsigned_abs() > EXACT,
        Num::BigInt(_) => true,
        _ => false,
    };
    let numbers = match (&l, &r) {
        (Val::Num(a), Val::Num(b)) => {
            if (wide(a) || wide(b))
                && let (Some(x), Some(y)) = (number(&l), number(&r))
            {
                return Ok(Val::Num(Num::Float(op(x, y))));
            }
            true
        }
        _ => false,
    };
    let result = exact(l, r)?;
    Ok(match result {
        Val::Num(Num::Int(i)) if numbers && i.unsigned_abs() > EXACT => Val::Num(Num::Float(i as f64)),
        Val::Num(Num::BigInt(_)) if numbers => Val::Num(Num::Float(number(&result).unwrap_or(f64::NAN))),
        result => result,
    })
}

/// `l - r`, numbers as jq computes them (see [`in_doubles`]).
fn subtract(l: Val, r: Val) -> ValX<'static, Val> {
    in_doubles(l, r, |a, b| a - b, |l, r| (l - r).map_err(Exn::from))
}

/// How deep jq 1.8 goes into two values it merges or checks for containment.
const MAX_DEPTH: usize = 10_000;

/// Whether merging object `b` into object `a` recursively reaches objects more than
/// [`MAX_DEPTH`] levels down in both ("Object merge too deep" in jq).
fn merge_too_deep(a: &Val, b: &Val, depth: usize) -> bool {
    let (Val::Obj(a), Val::Obj(b)) = (a, b) else { return false };
    depth > MAX_DEPTH || b.iter().any(|(key, v)| a.get(key).is_some_and(|av| merge_too_deep(av, v, depth + 1)))
}

/// Whether `a` contains `b` as jq 1.8's `contains` says (objects key by key, arrays each
/// element of `b` in some element of `a`, strings as substrings, anything else equal); `None`
/// past [`MAX_DEPTH`] levels ("Containment check too deep").
fn contains(a: &Val, b: &Val, depth: usize) -> Option<bool> {
    if depth > MAX_DEPTH {
        return None;
    }
    Some(match (a, b) {
        (Val::Obj(a), Val::Obj(b)) => {
            for (key, bv) in b.iter() {
                match a.get(key) {
                    Some(av) if contains(av, bv, depth + 1)? => {}
                    _ => return Some(false),
                }
            }
            true
        }
        (Val::Arr(a), Val::Arr(b)) => {
            for bv in b.iter() {
                let mut found = false;
                for av in a.iter() {
                    if contains(av, bv, depth + 1)? {
                        found = true;
                        break;
                    }
                }
                if !found {
                    return Some(false);
                }
            }
            true
        }
        (Val::TStr(a) | Val::BStr(a), Val::TStr(b) | Val::BStr(b)) => memchr::memmem::find(a, b).is_some(),
        (a, b) => a == b,
    })
}

/// A number's `length`, its magnitude: a literal keeps its digits (`-1.50` is `1.50`,
/// `-1E+1000` is `1E+1000`, as jq 1.8 gives them; jaq made a double of it).
fn magnitude(value: Val) -> ValX<'static, Val> {
    use jaq_json::Num;
    match value {
        Val::Num(Num::Dec(text)) => Ok(match text.strip_prefix('-') {
            Some(rest) => Val::Num(Num::Dec(Rc::new(rest.to_string()))),
            None => Val::Num(Num::Dec(text)),
        }),
        Val::Num(Num::Float(x)) => Ok(Val::Num(Num::Float(x.abs()))),
        value if number(&value).is_some_and(|x| x < 0.0) => (-value).map_err(Exn::from),
        value => Ok(value),
    }
}

/// Whether `a` equals `b`, `None` past [`MAX_DEPTH`] levels ("Equality check too deep"). A
/// container equals itself at once, as in jq.
fn equal(a: &Val, b: &Val, depth: usize) -> Option<bool> {
    if depth > MAX_DEPTH {
        return None;
    }
    Some(match (a, b) {
        (Val::Arr(x), Val::Arr(y)) => {
            if Rc::ptr_eq(x, y) {
                return Some(true);
            }
            if x.len() != y.len() {
                return Some(false);
            }
            for (p, q) in x.iter().zip(y.iter()) {
                if !equal(p, q, depth + 1)? {
                    return Some(false);
                }
            }
            true
        }
        (Val::Obj(x), Val::Obj(y)) => {
            if Rc::ptr_eq(x, y) {
                return Some(true);
            }
            if x.len() != y.len() {
                return Some(false);
            }
            for (key, p) in x.iter() {
                match y.get(key) {
                    Some(q) if equal(p, q, depth + 1)? => {}
                    _ => return Some(false),
                }
            }
            true
        }
        (a, b) => a == b,
    })
}

/// `a` against `b` in jq's order (jaq's, which is jq's), `None` past [`MAX_DEPTH`] levels
/// ("Comparison too deep"): arrays element by element, objects by their sorted keys and then
/// their values in the keys' order.
fn compare(a: &Val, b: &Val, depth: usize) -> Option<std::cmp::Ordering> {
    use std::cmp::Ordering;
    if depth > MAX_DEPTH {
        return None;
    }
    Some(match (a, b) {
        (Val::Arr(x), Val::Arr(y)) => {
            for (p, q) in x.iter().zip(y.iter()) {
                match compare(p, q, depth + 1)? {
                    Ordering::Equal => {}
                    order => return Some(order),
                }
            }
            x.len().cmp(&y.len())
        }
        (Val::Obj(x), Val::Obj(y)) => {
            let mut keys: Vec<&Val> = x.keys().collect();
            let mut others: Vec<&Val> = y.keys().collect();
            keys.sort();
            others.sort();
            match keys.cmp(&others) {
                Ordering::Equal => {}
                order => return Some(order),
            }
            for key in keys {
                if let (Some(p), Some(q)) = (x.get(key), y.get(key)) {
                    match compare(p, q, depth + 1)? {
                        Ordering::Equal => {}
                        order => return Some(order),
                    }
                }
            }
            Ordering::Equal
        }
        (a, b) => a.cmp(b),
    })
}

/// `sort` (and `unique`, without repeats) of an array, refused as jq refuses it when a
/// comparison goes past [`MAX_DEPTH`] levels.
fn sorted(value: Val, unique: bool) -> ValX<'static, Val> {
    let Val::Arr(items) = value else {
        return fail(format!("{} cannot be sorted, as it is not an array", describe(&value)));
    };
    let mut items = Rc::try_unwrap(items).unwrap_or_else(|shared| shared.as_ref().clone());
    let mut deep = false;
    items.sort_by(|a, b| {
        compare(a, b, 0).unwrap_or_else(|| {
            deep = true;
            std::cmp::Ordering::Equal
        })
    });
    if unique && !deep {
        items.dedup_by(|a, b| match compare(a, b, 0) {
            Some(order) => order.is_eq(),
            None => {
                deep = true;
                false
            }
        });
    }
    if deep {
        return fail("Comparison too deep");
    }
    Ok(Val::Arr(Rc::new(items)))
}

/// The indices of `items` in the order of their `keys` (one key each, as `map([f])` makes
/// them), stable as jq's `_sort_by_impl`; an error past [`MAX_DEPTH`] levels.
fn order_by(items: &[Val], keys: &Val) -> Result<Vec<usize>, ValX<'static, Val>> {
    let Val::Arr(keys) = keys else { return Err(fail("keys to sort by must be an array")) };
    if keys.len() != items.len() {
        return Err(fail("keys to sort by must be one for each item"));
    }
    let mut order: Vec<usize> = (0..items.len()).collect();
    let mut deep = false;
    order.sort_by(|&a, &b| {
        compare(&keys[a], &keys[b], 0).unwrap_or_else(|| {
            deep = true;
            std::cmp::Ordering::Equal
        })
    });
    if deep { Err(fail("Comparison too deep")) } else { Ok(order) }
}

/// `sort_by(f)` (`group`: false) and `group_by(f)` of an array, given its keys.
fn sorted_by(value: Val, keys: &Val, group: bool) -> ValX<'static, Val> {
    let Val::Arr(items) = value else {
        return fail(format!("{} cannot be sorted, as it is not an array", describe(&value)));
    };
    let order = match order_by(&items, keys) {
        Ok(order) => order,
        Err(err) => return err,
    };
    if !group {
        return Ok(Val::Arr(Rc::new(order.into_iter().map(|at| items[at].clone()).collect())));
    }
    let Val::Arr(keys) = keys else { return fail("keys to sort by must be an array") };
    let mut groups: Vec<Val> = Vec::new();
    let mut current: Vec<Val> = Vec::new();
    let mut last_key: Option<usize> = None;
    for at in order {
        if let Some(last) = last_key
            && compare(&keys[last], &keys[at], 0) != Some(std::cmp::Ordering::Equal)
        {
            groups.push(Val::Arr(Rc::new(std::mem::take(&mut current))));
        }
        current.push(items[at].clone());
        last_key = Some(at);
    }
    if !current.is_empty() {
        groups.push(Val::Arr(Rc::new(current)));
    }
    Ok(Val::Arr(Rc::new(groups)))
}

/// `min_by(f)` / `max_by(f)` of an array given its keys (`min`, `max`: the items are their own
/// keys), as jq's `minmax_by`: the first of the least, the last of the greatest, null for none.
fn extreme_by(value: Val, keys: &Val, least: bool) -> ValX<'static, Val> {
    let (Val::Arr(items), Val::Arr(keys)) = (&value, keys) else {
        return fail(format!("{} cannot be iterated over", describe(&value)));
    };
    if keys.len() != items.len() {
        return fail("keys to compare by must be one for each item");
    }
    let mut best: Option<usize> = None;
    for at in 0..items.len() {
        let replace = match best {
            None => true,
            Some(best) => match compare(&keys[at], &keys[best], 0) {
                Some(order) => order.is_lt() == least,
                None => return fail("Comparison too deep"),
            },
        };
        if replace {
            best = Some(at);
        }
    }
    Ok(best.map_or(Val::Null, |at| items[at].clone()))
}

fn multiply(l: Val, r: Val) -> ValX<'static, Val> {
    if merge_too_deep(&l, &r, 0) {
        return fail("Object merge too deep");
    }
    if matches!((&l, &r), (Val::Num(_), Val::Num(_))) {
        return in_doubles(l, r, |a, b| a * b, |l, r| (l * r).map_err(Exn::from));
    }
    let repeated = match (&l, &r) {
        (Val::TStr(s) | Val::BStr(s), n @ Val::Num(_)) | (n @ Val::Num(_), Val::TStr(s) | Val::BStr(s)) => {
            number(n).map(|times| (s, times, matches!(l, Val::BStr(_)) || matches!(r, Val::BStr(_))))
        }
        _ => None,
    };
    let Some((text, times, bytes_kind)) = repeated else {
        return (l * r).map_err(Exn::from);
    };
    if times.is_nan() || times < 0.0 {
        return Ok(Val::Null);
    }
    let whole = times.floor();
    let total = if whole >= usize::MAX as f64 { usize::MAX } else { text.len().saturating_mul(whole as usize) };
    if total > i32::MAX as usize {
        return fail("Repeat string result too long");
    }
    super::limits::refuse_value(total).map_err(Exn::from)?;
    let out = text.repeat(whole as usize);
    Ok(if bytes_kind { Val::byte_str(out) } else { Val::utf8_str(out) })
}

/// `l + r` as jaq adds, with two strings joined only once their length is known to fit: past
/// 2^31 bytes refused as jq refuses it ("String too long"), and within the session's value
/// limit.
fn add(l: Val, r: Val) -> ValX<'static, Val> {
    if let (Val::TStr(a) | Val::BStr(a), Val::TStr(b) | Val::BStr(b)) = (&l, &r) {
        let total = a.len().saturating_add(b.len());
        if total > i32::MAX as usize {
            return fail("String too long");
        }
        super::limits::refuse_value(total).map_err(Exn::from)?;
    }
    in_doubles(l, r, |a, b| a + b, |l, r| (l + r).map_err(Exn::from))
}

fn divide(l: Val, r: Val, remainder: bool) -> ValX<'static, Val> {
    if remainder && let (Some(a), Some(b)) = (number(&l), number(&r)) {
        return match remainder_of(a, b) {
            Some(value) => Ok(value),
            None => fail(format!(
                "number ({}) and number ({}) cannot be divided (remainder) because the divisor is zero",
                shown(&l),
                shown(&r)
            )),
        };
    }
    let zero = match (&l, number(&r)) {
        (Val::Num(_), Some(r)) => {
            if remainder {
                r.trunc() == 0.0
            } else {
                r == 0.0
            }
        }
        _ => false,
    };
    if zero {
        let what = if remainder { "divided (remainder)" } else { "divided" };
        return fail(format!(
            "number ({}) and number ({}) cannot be {what} because the divisor is zero",
            shown(&l),
            shown(&r)
        ));
    }
    if remainder {
        (l % r).map_err(Exn::from)
    } else {
        in_doubles(l, r, |a, b| a / b, |l, r| (l / r).map_err(Exn::from))
    }
}

/// `a % b` as jq 1.8 computes it: NaN when either is, else both cut to integers (an infinity
/// or a number past the range to the nearest end of it) and the C remainder of those; `None`
/// when the divisor cuts to 0.
fn remainder_of(a: f64, b: f64) -> Option<Val> {
    if a.is_nan() || b.is_nan() {
        return Some(Val::Num(jaq_json::Num::Float(f64::NAN)));
    }
    // `as` saturates: infinities and numbers past the range go to its ends, as jq's `dtoi`.
    let (a, b) = (a as i64, b as i64);
    match b {
        0 => None,
        // i64::MIN % -1 overflows; any integer's remainder by -1 is 0.
        -1 => Some(Val::from(0isize)),
        b => Some(Val::from((a % b) as isize)),
    }
}

/// `value` as jq names it in a message: `string ("abc")`.
pub fn describe(value: &Val) -> String {
    format!("{} ({})", kind(value), shown(value))
}

/// `text` as a JSON number if it is a number as jq reads one (`+1`, `01`, `1.`, `.5`, `1.e2`
/// become `1`, `1`, `1`, `0.5`, `1e2`), else `None`.
fn number_literal(text: &str) -> Option<String> {
    let digits = |s: &str| s.bytes().take_while(u8::is_ascii_digit).count();
    let (sign, t) = match text.as_bytes().first() {
        Some(b'-') => ("-", &text[1..]),
        Some(b'+') => ("", &text[1..]),
        _ => ("", text),
    };
    let whole = &t[..digits(t)];
    let mut rest = &t[whole.len()..];
    let mut fraction = "";
    if let Some(after) = rest.strip_prefix('.') {
        fraction = &after[..digits(after)];
        rest = &after[fraction.len()..];
    }
    if whole.is_empty() && fraction.is_empty() {
        return None;
    }
    let exponent = match rest.strip_prefix(['e', 'E']) {
        None if rest.is_empty() => String::new(),
        None => return None,
        Some(e) => {
            let n = e.strip_prefix(['+', '-']).unwrap_or(e);
            if n.is_empty() || digits(n) != n.len() {
                return None;
            }
            format!("e{e}")
        }
    };
    let whole = whole.trim_start_matches('0');
    let whole = if whole.is_empty() { "0" } else { whole };
    let fraction = if fraction.is_empty() { String::new() } else { format!(".{fraction}") };
    Some(format!("{sign}{whole}{fraction}{exponent}"))
}

/// A string's number, read as jq reads it: the whole text a number (its digits kept), `nan`
/// or `infinity`, nothing around it.
fn to_number(value: &Val) -> ValX<'static, Val> {
    let Val::TStr(text) = value else { return fail(format!("{} cannot be parsed as a number", describe(value))) };
    let text = toolsh_bytes::lossy(text);
    let special = match text.trim_start_matches(['-', '+']).to_ascii_lowercase().as_str() {
        "nan" => Some(f64::NAN),
        "infinity" => Some(if text.starts_with('-') { f64::NEG_INFINITY } else { f64::INFINITY }),
        _ => None,
    };
    if let Some(x) = special {
        return Ok(Val::Num(jaq_json::Num::Float(x)));
    }
    match number_literal(&text).and_then(|literal| jaq_json::read::parse_single(literal.as_bytes()).ok()) {
        Some(number @ Val::Num(_)) => Ok(number),
        _ => fail(format!("{} cannot be parsed as a number", describe(value))),
    }
}

/// An index as jq takes it: a number cut to an integer (`floor`, `ceil` or toward zero), any
/// other value as it is.
/// An index no array reaches, for NaN and indices past what an `isize` holds: jq gives `null`
/// for them where jaq, unable to make them an integer, fails.
const FAR: f64 = 9_007_199_254_740_992.0;

/// The index NaN becomes: as far as [`FAR`] for reading, and one past it (no float names it,
/// so `.[nan]` is all that makes it) so that setting it fails as jq's does, "Cannot set array
/// element at NaN index".
const NAN_INDEX: isize = FAR as isize + 1;

fn integral(value: Val, round: fn(f64) -> f64) -> Val {
    match number(&value) {
        Some(x) if x.is_nan() => Val::from(NAN_INDEX),
        Some(x) if !matches!(value, Val::Num(jaq_json::Num::Int(_))) => Val::from(round(x.clamp(-FAR, FAR)) as isize),
        _ => value,
    }
}

/// A slice bound as jq takes it: a number cut to an integer, NaN as no bound (`null`), and
/// anything but a number or `null` refused in jq's words.
fn bound(value: Val, round: fn(f64) -> f64) -> Result<Val, Exn<'static, Val>> {
    match number(&value) {
        Some(x) if x.is_nan() => Ok(Val::Null),
        Some(_) => Ok(integral(value, round)),
        None if matches!(value, Val::Null) => Ok(value),
        None => fail("Array/string slice indices must be integers"),
    }
}

/// `name(r; l)`: `l < r`, `l <= r`, `l > r` or `l >= r` by its name, refused past
/// [`MAX_DEPTH`] levels as jq refuses it.
fn order<D: for<'a> DataT<V<'a> = Val>>(name: &'static str) -> Fun<D> {
    // A native is a plain function (no closure over the order), so each is written out.
    let native = match name {
        "__jq_less" => Native::new(|cv| ordered(cv, std::cmp::Ordering::is_lt)),
        "__jq_less_equal" => Native::new(|cv| ordered(cv, std::cmp::Ordering::is_le)),
        "__jq_greater" => Native::new(|cv| ordered(cv, std::cmp::Ordering::is_gt)),
        _ => Native::new(|cv| ordered(cv, std::cmp::Ordering::is_ge)),
    };
    (name, v(2), native)
}

/// `l` against `r` (bound in that order) as `holds` says, or jq's "Comparison too deep".
fn ordered<'a, D: for<'b> DataT<V<'b> = Val>>(
    mut cv: jaq_core::Cv<'a, D>,
    holds: fn(std::cmp::Ordering) -> bool,
) -> jaq_core::ValXs<'a, Val> {
    let l = cv.0.pop_var();
    let r = cv.0.pop_var();
    let result = match compare(&l, &r, 0) {
        Some(order) => Ok(Val::from(holds(order))),
        None => fail("Comparison too deep"),
    };
    Box::new(std::iter::once(result))
}

/// `__jq_setpath($p; $v)`, `__jq_delpaths($ps)` and `__jq_update($paths; f)`: each path in
/// turn gets the first output of `f` on its value, or is deleted (with the others, at the
/// end) when `f` has none.
pub fn natives<D: for<'a> DataT<V<'a> = Val>>() -> Vec<Fun<D>> {
    vec![
        ("__jq_describe", v(0), Native::new(|cv| Box::new(std::iter::once(Ok(Val::from(describe(&cv.1))))))),
        ("__jq_tonumber", v(0), Native::new(|cv| Box::new(std::iter::once(to_number(&cv.1))))),
        ("__jq_index", v(0), Native::new(|cv| Box::new(std::iter::once(Ok(integral(cv.1, f64::trunc)))))),
        ("__jq_from", v(0), Native::new(|cv| Box::new(std::iter::once(bound(cv.1, f64::floor))))),
        ("__jq_upto", v(0), Native::new(|cv| Box::new(std::iter::once(bound(cv.1, f64::ceil))))),
        (
            "__jq_divide",
            v(2),
            Native::new(|mut cv| {
                let l = cv.0.pop_var();
                let r = cv.0.pop_var();
                Box::new(std::iter::once(divide(l, r, false)))
            }),
        ),
        (
            "__jq_multiply",
            v(2),
            Native::new(|mut cv| {
                let l = cv.0.pop_var();
                let r = cv.0.pop_var();
                Box::new(std::iter::once(multiply(l, r)))
            }),
        ),
        (
            "__jq_add",
            v(2),
            Native::new(|mut cv| {
                let l = cv.0.pop_var();
                let r = cv.0.pop_var();
                Box::new(std::iter::once(add(l, r)))
            }),
        ),
        (
            "__jq_contains",
            v(1),
            Native::new(|mut cv| {
                let b = cv.0.pop_var();
                let result = match contains(&cv.1, &b, 0) {
                    Some(found) => Ok(Val::from(found)),
                    None => fail("Containment check too deep"),
                };
                Box::new(std::iter::once(result))
            }),
        ),
        ("__jq_magnitude", v(0), Native::new(|cv| Box::new(std::iter::once(magnitude(cv.1))))),
        ("__jq_sort", v(0), Native::new(|cv| Box::new(std::iter::once(sorted(cv.1, false))))),
        ("__jq_unique", v(0), Native::new(|cv| Box::new(std::iter::once(sorted(cv.1, true))))),
        (
            "__jq_sorted_by",
            v(1),
            Native::new(|mut cv| {
                let keys = cv.0.pop_var();
                Box::new(std::iter::once(sorted_by(cv.1, &keys, false)))
            }),
        ),
        (
            "__jq_grouped_by",
            v(1),
            Native::new(|mut cv| {
                let keys = cv.0.pop_var();
                Box::new(std::iter::once(sorted_by(cv.1, &keys, true)))
            }),
        ),
        (
            "__jq_least_by",
            v(1),
            Native::new(|mut cv| {
                let keys = cv.0.pop_var();
                Box::new(std::iter::once(extreme_by(cv.1, &keys, true)))
            }),
        ),
        (
            "__jq_greatest_by",
            v(1),
            Native::new(|mut cv| {
                let keys = cv.0.pop_var();
                Box::new(std::iter::once(extreme_by(cv.1, &keys, false)))
            }),
        ),
        (
            "__jq_equal",
            v(2),
            Native::new(|mut cv| {
                let l = cv.0.pop_var();
                let r = cv.0.pop_var();
                let result = match equal(&l, &r, 0) {
                    Some(same) => Ok(Val::from(same)),
                    None => fail("Equality check too deep"),
                };
                Box::new(std::iter::once(result))
            }),
        ),
        order("__jq_less"),
        order("__jq_less_equal"),
        order("__jq_greater"),
        order("__jq_greater_equal"),
        (
            "__jq_unequal",
            v(2),
            Native::new(|mut cv| {
                let l = cv.0.pop_var();
                let r = cv.0.pop_var();
                let result = match equal(&l, &r, 0) {
                    Some(same) => Ok(Val::from(!same)),
                    None => fail("Equality check too deep"),
                };
                Box::new(std::iter::once(result))
            }),
        ),
        (
            "__jq_subtract",
            v(2),
            Native::new(|mut cv| {
                let l = cv.0.pop_var();
                let r = cv.0.pop_var();
                Box::new(std::iter::once(subtract(l, r)))
            }),
        ),
        (
            "__jq_remainder",
            v(2),
            Native::new(|mut cv| {
                let l = cv.0.pop_var();
                let r = cv.0.pop_var();
                Box::new(std::iter::once(divide(l, r, true)))
            }),
        ),
        (
            "__jq_setpath",
            v(2),
            Native::new(|mut cv| {
                let value = cv.0.pop_var();
                let path = cv.0.pop_var();
                let result = one_path(&path).and_then(|path| set(cv.1, path, &mut |_| Ok(value.clone())));
                Box::new(std::iter::once(result))
            }),
        ),
        (
            "__jq_delpaths",
            v(1),
            Native::new(|mut cv| {
                let paths = cv.0.pop_var();
                let result = path_list(&paths).and_then(|paths| delete(cv.1, &paths));
                Box::new(std::iter::once(result))
            }),
        ),
        (
            "__jq_update",
            [Bind::Var(()), Bind::Fun(())].into(),
            Native::new(|mut cv| {
                let (update, context) = cv.0.pop_fun();
                let paths = cv.0.pop_var();
                let paths = match path_list(&paths) {
                    Ok(paths) => paths,
                    Err(err) => return Box::new(std::iter::once(Err(err))),
                };
                let mut value = cv.1;
                let mut deleted = Vec::new();
                for path in paths {
                    let current = match get(&value, path) {
                        Ok(current) => current,
                        Err(err) => return Box::new(std::iter::once(Err(err))),
                    };
                    match update.run((context.clone(), current)).next() {
                        None => deleted.push(path),
                        Some(Err(err)) => return Box::new(std::iter::once(Err(err))),
                        Some(Ok(new)) => {
                            let mut new = Some(new);
                            match set(value, path, &mut |_| Ok(new.take().unwrap_or_default())) {
                                Ok(updated) => value = updated,
                                Err(err) => return Box::new(std::iter::once(Err(err))),
                            }
                        }
                    }
                }
                let result = delete(value, &deleted);
                Box::new(std::iter::once(result))
            }),
        ),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn json(text: &str) -> Val {
        jaq_json::read::parse_single(text.as_bytes()).expect("test JSON")
    }

    fn text(value: &Val) -> String {
        super::super::compact_text(value)
    }

    fn keys(text: &str) -> Vec<Val> {
        match json(text) {
            Val::Arr(keys) => keys.to_vec(),
            _ => panic!("a path is an array"),
        }
    }

    fn error(result: ValX<'static, Val>) -> String {
        match result {
            Err(exn) => match exn.get_err().map(Error::into_val) {
                Ok(Val::TStr(message)) => toolsh_bytes::lossy(&message).into_owned(),
                _ => "?".to_string(),
            },
            Ok(value) => panic!("expected an error, got {}", text(&value)),
        }
    }

    fn setpath(value: &str, path: &str, new: &str) -> ValX<'static, Val> {
        let new = json(new);
        set(json(value), &keys(path), &mut |_| Ok(new.clone()))
    }

    #[test]
    fn setting_creates_and_grows_as_jq_does() {
        let ok = |v, p, n| text(&setpath(v, p, n).expect("sets"));
        assert_eq!(ok("null", r#"["a","b"]"#, "1"), r#"{"a":{"b":1}}"#);
        assert_eq!(ok("null", "[2]", "1"), "[null,null,1]");
        assert_eq!(
            ok(r#"{"foo":[11],"bar":42}"#, r#"["foo",2,"bar"]"#, "1"),
            r#"{"foo":[11,null,{"bar":1}],"bar":42}"#
        );
        assert_eq!(ok("[1,2,3]", "[-1]", "9"), "[1,2,9]");
        assert_eq!(ok("[1,2,3]", "[1.7]", "9"), "[1,9,3]");
        assert_eq!(ok("[1,2,3]", r#"[{"start":1,"end":null}]"#, r#"["x"]"#), r#"[1,"x"]"#);
        assert_eq!(error(setpath("null", "[-1]", "1")), "Out of bounds negative array index");
        assert_eq!(error(setpath("[]", "[1e9]", "1")), "Array index too large");
        assert_eq!(error(setpath("5", r#"["a"]"#, "1")), r#"Cannot index number with string ("a")"#);
        assert_eq!(
            error(setpath("[1]", r#"[{"start":0,"end":1}]"#, "1")),
            "A slice of an array can only be assigned another array"
        );
    }

    #[test]
    fn deleting_takes_every_path_against_the_value_as_it_was() {
        let del = |v: &str, ps: &str| {
            let paths: Vec<Vec<Val>> = keys(ps).iter().map(|p| keys(&text(p))).collect();
            let paths: Vec<&[Val]> = paths.iter().map(Vec::as_slice).collect();
            delete(json(v), &paths)
        };
        let ok = |v, ps| text(&del(v, ps).expect("deletes"));
        assert_eq!(ok("[0,1,2,3,4,5,6,7,8,9]", r#"[[1],[-6],[2],[{"start":-3,"end":9}]]"#), "[0,3,5,6,9]");
        assert_eq!(
            ok(r#"{"foo":[0,1,2,3,4],"bar":[0,1]}"#, r#"[["foo",2],["foo",3],["foo",0],["bar",0]]"#),
            r#"{"foo":[1,4],"bar":[1]}"#
        );
        assert_eq!(ok(r#"{"a":1,"b":2,"c":3}"#, r#"[["a"]]"#), r#"{"b":2,"c":3}"#);
        assert_eq!(ok("[1,2,3]", "[[-200],[7]]"), "[1,2,3]");
        assert_eq!(ok("[1,2,3]", "[[]]"), "null");
        assert_eq!(error(del("[1,2,3]", r#"[["a"]]"#)), "Cannot delete string element of array");
        assert_eq!(error(del("5", "[[0]]")), "Cannot delete fields from number");
    }

    #[test]
    fn messages_show_values_cut_as_jq_cuts_them() {
        assert_eq!(shown(&json(r#""abcdefghijklmnopqrstuvwxyz0123""#)), r#""abcdefghijklmnopqrstuvwx...""#);
        assert_eq!(shown(&json("[1,2]")), "[1,2]");
    }
}
