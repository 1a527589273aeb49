//! awk's built-in functions: strings (`length substr index split sub gsub match sprintf
//! tolower toupper`, gawk's `gensub`), arithmetic (`sin cos atan2 exp log sqrt int rand
//! srand`), time (`systime strftime`), arrays (`asort asorti`) and I/O (`system close fflush`).

use super::*;

impl<'p> Interp<'p> {
    /// Evaluates a call of a built-in function.
    pub(super) fn builtin(&mut self, builtin: Builtin, args: &'p [Expr]) -> Run<Value> {
        use Builtin as B;
        let num = |interp: &mut Self, idx: usize| -> Run<f64> {
            match args.get(idx) {
                Some(arg) => interp.num(arg),
                None => Ok(0.0),
            }
        };
        Ok(match builtin {
            B::Length => match args.first() {
                None => Value::Num(char_len(&self.record.text) as f64),
                Some(Expr::Lvalue(LValue::Var(var))) if matches!(self.used(*var, Use::Peek), Cell::Arr(_)) => {
                    Value::Num(self.array(*var)?.borrow().len() as f64)
                }
                Some(arg) => Value::Num(char_len(&self.string(arg)?) as f64),
            },
            B::Substr => {
                // gawk's rules: positions and lengths truncate, a start before 1 counts as 1.
                let text = self.string(&args[0])?;
                let start = num(self, 1)?;
                let start = if start.is_nan() || start < 1.0 { 1.0 } else { start.trunc() };
                let len = char_len(&text) as f64;
                let count = match args.get(2) {
                    Some(arg) => self.num(arg)?.trunc(),
                    None => len,
                };
                if count.is_nan() || count <= 0.0 || start > len {
                    Value::str(b"")
                } else {
                    let from = char_offset(&text, start as usize - 1);
                    let take = count.min(len) as usize;
                    let to = from + char_offset(&text[from..], take);
                    Value::str(&text[from..to])
                }
            }
            B::Index => {
                let haystack = self.string(&args[0])?;
                let needle = self.string(&args[1])?;
                if needle.is_empty() {
                    return Ok(Value::Num(1.0));
                }
                let found = memchr::memmem::find(&haystack, &needle).map_or(0, |at| char_len(&haystack[..at]) + 1);
                Value::Num(found as f64)
            }
            B::Split => {
                let text = self.string(&args[0])?;
                let Expr::Lvalue(LValue::Var(var)) = &args[1] else {
                    return fatal("split: the second argument must be an array");
                };
                let sep = match args.get(2) {
                    // `FS` itself: in paragraph mode newlines separate the record's fields, not
                    // split's.
                    None if self.paragraph => {
                        let fs = self.global_bytes(sv::FS);
                        FieldSep::new(&fs).or_else(|m| fatal(format!("split: {m}")))?
                    }
                    None => self.field_sep.clone(),
                    Some(Expr::Regex(idx)) => FieldSep::Regex(self.prog.regexes[*idx].clone()),
                    Some(arg) => {
                        let fs = self.string(arg)?;
                        FieldSep::new(&fs).or_else(|m| fatal(format!("split: {m}")))?
                    }
                };
                let mut ranges = Vec::new();
                sep.split(&text, &mut ranges);
                // gawk's fourth argument: the separators, `seps[i]` after field i; with the
                // default separator, the blanks before the first field and after the last too.
                if let Some(Expr::Lvalue(LValue::Var(seps_var))) = args.get(3) {
                    let seps = self.array(*seps_var)?;
                    let mut seps = seps.borrow_mut();
                    seps.clear();
                    for (idx, pair) in ranges.windows(2).enumerate() {
                        seps.insert((idx + 1).to_string().as_bytes(), Value::str(&text[pair[0].1..pair[1].0]));
                    }
                    if let (FieldSep::Blank, Some(first), Some(last)) = (&sep, ranges.first(), ranges.last()) {
                        if first.0 > 0 {
                            seps.insert(b"0", Value::str(&text[..first.0]));
                        }
                        if last.1 < text.len() {
                            seps.insert(ranges.len().to_string().as_bytes(), Value::str(&text[last.1..]));
                        }
                    }
                }
                let array = self.array(*var)?;
                let mut array = array.borrow_mut();
                array.clear();
                for (idx, (start, end)) in ranges.iter().enumerate() {
                    array.insert((idx + 1).to_string().as_bytes(), Value::strnum(&text[*start..*end]));
                }
                Value::Num(ranges.len() as f64)
            }
            B::Sub | B::Gsub => {
                let re = self.regex_of(&args[0])?;
                let replacement = self.string(&args[1])?;
                // A constant target (which gawk allows) is counted in and left alone.
                let (place, constant) = match args.get(2) {
                    Some(Expr::Lvalue(lv)) => (Some(self.place(lv)?), None),
                    Some(other) => (None, Some(self.string(other)?)),
                    None => (None, None),
                };
                let text = match (&place, &constant) {
                    (_, Some(text)) => text.clone(),
                    (None, None) => self.record.text.clone(),
                    (Some(place), None) => self.place_get(place)?.bytes(&self.convfmt).into_owned(),
                };
                let (result, count) = substitute(&re, &text, &replacement, builtin == B::Gsub);
                if count > 0 && constant.is_none() {
                    match place {
                        None => self.set_record(&result),
                        Some(place) => self.place_set(place, Value::str(&result))?,
                    }
                }
                Value::Num(count as f64)
            }
            B::Match => {
                let text = self.string(&args[0])?;
                let re = self.regex_of(&args[1])?;
                let found = re.captures(&text);
                let (start, length) = match found.as_ref().and_then(|c| c.get(0)) {
                    Some(m) => (char_len(&text[..m.start()]) as f64 + 1.0, char_len(m.as_bytes()) as f64),
                    None => (0.0, -1.0),
                };
                // gawk's third argument: the match and its groups, with their places.
                if let Some(Expr::Lvalue(LValue::Var(var))) = args.get(2) {
                    let array = self.array(*var)?;
                    let mut array = array.borrow_mut();
                    array.clear();
                    for (idx, group) in found.iter().flat_map(|c| c.iter().enumerate()) {
                        let Some(group) = group else { continue };
                        let key = idx.to_string().into_bytes();
                        let mut place = key.clone();
                        place.extend_from_slice(&self.subsep);
                        let (mut start_key, mut length_key) = (place.clone(), place);
                        start_key.extend_from_slice(b"start");
                        length_key.extend_from_slice(b"length");
                        array.insert(&key, Value::strnum(group.as_bytes()));
                        array.insert(&start_key, Value::Num(char_len(&text[..group.start()]) as f64 + 1.0));
                        array.insert(&length_key, Value::Num(char_len(group.as_bytes()) as f64));
                    }
                }
                self.assign_global(sv::RSTART, Value::Num(start))?;
                self.assign_global(sv::RLENGTH, Value::Num(length))?;
                Value::Num(start)
            }
            B::Sprintf => {
                let format = self.string(&args[0])?;
                let mut values = Vec::with_capacity(args.len() - 1);
                for arg in &args[1..] {
                    values.push(self.eval(arg)?);
                }
                Value::Str(rc(&sprintf(&format, &values, &self.convfmt).or_else(fatal)?))
            }
            B::Typeof => Value::str(self.type_of(&args[0])?.as_bytes()),
            B::Sin => Value::Num(num(self, 0)?.sin()),
            B::Cos => Value::Num(num(self, 0)?.cos()),
            B::Atan2 => {
                let y = num(self, 0)?;
                let x = num(self, 1)?;
                Value::Num(y.atan2(x))
            }
            B::Exp => Value::Num(num(self, 0)?.exp()),
            B::Log => Value::Num(num(self, 0)?.ln()),
            B::Sqrt => Value::Num(num(self, 0)?.sqrt()),
            B::Int => Value::Num(num(self, 0)?.trunc()),
            B::Rand => Value::Num(self.rand()),
            B::Srand => {
                let previous = self.seed;
                let seed = match args.first() {
                    Some(arg) => self.num(arg)?,
                    None => std::time::SystemTime::now()
                        .duration_since(std::time::UNIX_EPOCH)
                        .map_or(0.0, |d| d.as_secs() as f64),
                };
                self.srand(seed);
                Value::Num(previous)
            }
            B::Tolower | B::Toupper => {
                let text = self.string(&args[0])?;
                let upper = builtin == B::Toupper;
                let changed = match std::str::from_utf8(&text) {
                    Ok(s) if !s.is_ascii() => {
                        if upper {
                            s.to_uppercase().into_bytes()
                        } else {
                            s.to_lowercase().into_bytes()
                        }
                    }
                    _ => {
                        if upper {
                            text.to_ascii_uppercase()
                        } else {
                            text.to_ascii_lowercase()
                        }
                    }
                };
                Value::Str(rc(&changed))
            }
            B::System => {
                let command = toolsh_bytes::decode(&self.string(&args[0])?).into_owned();
                Value::Num(f64::from(self.host.system(&command)?))
            }
            B::Close => {
                let name = toolsh_bytes::decode(&self.string(&args[0])?).into_owned();
                let mut status = -1;
                if let Some(reader) = self.files.remove(&name) {
                    reader.release(&mut self.host)?;
                    status = 0;
                }
                let mut was_command = false;
                if let Some((_, code)) = self.commands.remove(&name) {
                    status = code;
                    was_command = true;
                }
                let mut opened = status == 0 || was_command;
                if let Some(code) = self.host.close_output(&name)? {
                    status = code;
                    opened = true;
                }
                if !opened {
                    self.set_named("ERRNO", Value::str(b"close of redirection that was never opened"));
                }
                Value::Num(f64::from(status))
            }
            B::Fflush => {
                self.host.flush_all()?;
                Value::Num(0.0)
            }
            B::Systime => Value::Num(now_seconds()),
            B::Strftime => {
                let format = match args.first() {
                    Some(arg) => self.string(arg)?,
                    None => b"%a %b %e %H:%M:%S %Z %Y".to_vec(),
                };
                let when = match args.get(1) {
                    Some(arg) => self.num(arg)?,
                    None => now_seconds(),
                };
                let utc = match args.get(2) {
                    Some(arg) => self.eval(arg)?.truthy(),
                    None => false,
                };
                let text = strftime(&toolsh_bytes::decode(&format), when, (!utc).then_some(&self.zone));
                Value::Str(rc(&toolsh_bytes::encode(&text)))
            }
            B::Gensub => {
                let re = self.regex_of(&args[0])?;
                let replacement = self.string(&args[1])?;
                let how = self.eval(&args[2])?;
                let text = match args.get(3) {
                    Some(arg) => self.string(arg)?,
                    None => self.record.text.clone(),
                };
                let how_bytes = how.bytes(&self.convfmt);
                // "g" or "G" replaces every match; a number the nth (below 1 counts as 1).
                let which =
                    if matches!(how_bytes.first(), Some(b'g' | b'G')) { 0 } else { how.num().max(1.0) as usize };
                Value::Str(rc(&gensub(&re, &text, &replacement, which)))
            }
            B::Asort | B::Asorti => {
                let Some(Expr::Lvalue(LValue::Var(source))) = args.first() else {
                    return fatal("asort: the arguments must be arrays");
                };
                let source = self.array(*source)?;
                // (index, value) pairs: a comparison gets both.
                let mut items: Vec<(Value, Value)> = {
                    let source = source.borrow();
                    source
                        .keys()
                        .into_iter()
                        .map(|k| {
                            let value = source.get(&k).cloned().unwrap_or_default();
                            (Value::StrNum(k), value)
                        })
                        .collect()
                };
                let how = match args.get(2) {
                    Some(arg) => Some(self.string(arg)?),
                    None => None,
                };
                let by_index = builtin == B::Asorti;
                self.sort_items(&mut items, how.as_deref(), by_index)?;
                let items: Vec<Value> =
                    items.into_iter().map(|(k, v)| if by_index { Value::str(&k.bytes(b"")) } else { v }).collect();
                let dest = match args.get(1) {
                    Some(Expr::Lvalue(LValue::Var(dest))) => self.array(*dest)?,
                    _ => source,
                };
                let mut dest = dest.borrow_mut();
                dest.clear();
                let count = items.len();
                for (idx, item) in items.into_iter().enumerate() {
                    dest.insert((idx + 1).to_string().as_bytes(), item);
                }
                Value::Num(count as f64)
            }
        })
    }

    /// Orders (index, value) pairs for `asort`/`asorti`: by gawk's default (numbers before
    /// strings) on the values or the indices, or by `how` — a user function's name (called
    /// with i1, v1, i2, v2, its result's sign the order) or one of gawk's `@ind_str_asc`…
    fn sort_items(&mut self, items: &mut [(Value, Value)], how: Option<&[u8]>, by_index: bool) -> Run<()> {
        use std::cmp::Ordering;
        let convfmt = self.convfmt.clone();
        let default = |a: &Value, b: &Value| match (
            a.numeric().filter(|_| !matches!(a, Value::Str(_))),
            b.numeric().filter(|_| !matches!(b, Value::Str(_))),
        ) {
            (Some(x), Some(y)) => x.partial_cmp(&y).unwrap_or(Ordering::Equal),
            (Some(_), None) => Ordering::Less,
            (None, Some(_)) => Ordering::Greater,
            (None, None) => a.bytes(&convfmt).cmp(&b.bytes(&convfmt)),
        };
        let Some(how) = how else {
            merge_sort(items, &mut |a, b| Ok(if by_index { default(&a.0, &b.0) } else { default(&a.1, &b.1) }))?;
            return Ok(());
        };
        let how = toolsh_bytes::decode(how).into_owned();
        if let Some(spec) = how.strip_prefix('@') {
            let parts: Vec<&str> = spec.split('_').collect();
            let [on, kind, dir] = parts.as_slice() else {
                return fatal(format!("asort: `{how}' is not a sort order"));
            };
            let pick = |item: &(Value, Value)| if *on == "ind" { item.0.clone() } else { item.1.clone() };
            let order = |a: &(Value, Value), b: &(Value, Value)| match *kind {
                "num" => pick(a).num().partial_cmp(&pick(b).num()).unwrap_or(Ordering::Equal),
                "str" => pick(a).bytes(&convfmt).cmp(&pick(b).bytes(&convfmt)),
                _ => default(&pick(a), &pick(b)),
            };
            if !matches!(*on, "ind" | "val") || !matches!(*dir, "asc" | "desc") {
                return fatal(format!("asort: `{how}' is not a sort order"));
            }
            merge_sort(items, &mut |a, b| Ok(if *dir == "desc" { order(b, a) } else { order(a, b) }))?;
            return Ok(());
        }
        let prog = self.prog;
        let Some(func) = prog.functions.iter().position(|f| f.name == how && f.defined) else {
            return fatal(format!("asort: `{how}' is not a function"));
        };
        merge_sort(items, &mut |a, b| {
            let frame =
                vec![Cell::Val(a.0.clone()), Cell::Val(a.1.clone()), Cell::Val(b.0.clone()), Cell::Val(b.1.clone())];
            let frame = frame.into_iter().take(prog.functions[func].params).collect();
            let value = self.invoke(func, frame, Vec::new())?;
            Ok(value.num().partial_cmp(&0.0).unwrap_or(Ordering::Equal))
        })
    }

    /// gawk's `typeof`: what a value is, without creating an element or a variable's type.
    fn type_of(&mut self, arg: &'p Expr) -> Run<&'static str> {
        let value = match arg {
            Expr::Lvalue(LValue::Var(var)) => match self.used(*var, Use::Peek) {
                Cell::Arr(_) => return Ok("array"),
                Cell::Val(Value::Uninit) => return Ok("unassigned"),
                Cell::Untyped(_) => return Ok("untyped"),
                Cell::Val(_) => self.var_value(*var)?,
            },
            Expr::Lvalue(LValue::Index(var, subscripts)) => {
                let key = self.subscript(subscripts)?;
                match self.used(*var, Use::Peek) {
                    Cell::Arr(array) => array.borrow().get(&key).cloned().unwrap_or_default(),
                    Cell::Untyped(_) => Value::Uninit,
                    Cell::Val(_) => return self.scalar_as_array(*var),
                }
            }
            Expr::Regex(_) => return Ok("regexp"),
            other => self.eval(other)?,
        };
        Ok(match value {
            Value::Uninit => "untyped",
            Value::Num(_) => "number",
            Value::Str(_) => "string",
            Value::StrNum(s) => {
                if super::super::value::looks_numeric(&s).is_some() {
                    "strnum"
                } else {
                    "string"
                }
            }
        })
    }

    /// `srand(seed)`: the seed as gawk passes it to `srandom`, truncated to a C `long`, then to
    /// an `unsigned int`; the next `srand` returns it so truncated.
    pub(super) fn srand(&mut self, seed: f64) {
        self.seed = seed.trunc();
        self.rng.seed(seed as i64 as u32);
    }

    fn rand(&mut self) -> f64 {
        self.rng.fraction()
    }
}

/// A stable merge sort whose comparison may fail, and need not be a total order (a user's
/// awk function): the standard sorts may panic on an inconsistent one.
fn merge_sort<T: Clone>(items: &mut [T], cmp: &mut dyn FnMut(&T, &T) -> Run<std::cmp::Ordering>) -> Run<()> {
    if items.len() < 2 {
        return Ok(());
    }
    let mid = items.len() / 2;
    merge_sort(&mut items[..mid], cmp)?;
    merge_sort(&mut items[mid..], cmp)?;
    let mut merged = Vec::with_capacity(items.len());
    let (mut i, mut j) = (0, mid);
    while i < mid && j < items.len() {
        if cmp(&items[j], &items[i])? == std::cmp::Ordering::Less {
            merged.push(items[j].clone());
            j += 1;
        } else {
            merged.push(items[i].clone());
            i += 1;
        }
    }
    merged.extend_from_slice(&items[i..mid]);
    merged.extend_from_slice(&items[j..]);
    items.clone_from_slice(&merged);
    Ok(())
}

/// A string's length in characters (bytes that are not UTF-8 count one each).
fn char_len(bytes: &[u8]) -> usize {
    if bytes.is_ascii() {
        return bytes.len();
    }
    match std::str::from_utf8(bytes) {
        Ok(text) => text.chars().count(),
        Err(_) => toolsh_bytes::decode(bytes).chars().count(),
    }
}

/// The byte offset of character `n` (0-based) of `bytes`.
fn char_offset(bytes: &[u8], n: usize) -> usize {
    if bytes.is_ascii() {
        return n.min(bytes.len());
    }
    let mut idx = 0;
    let mut count = 0;
    while idx < bytes.len() && count < n {
        let len = utf8_len(bytes[idx]).min(bytes.len() - idx);
        idx += if std::str::from_utf8(&bytes[idx..idx + len]).is_ok() { len } else { 1 };
        count += 1;
    }
    idx
}

fn now_seconds() -> f64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0.0, |d| d.as_secs() as f64)
}

/// gawk's `strftime`: GNU's conversions of a time in seconds (`builtins/text/strftime.rs`), in
/// `local` (the environment's `TZ`) or, without it, UTC.
fn strftime(format: &str, when: f64, local: Option<&crate::text::zone::Zone>) -> String {
    use chrono::TimeZone as _;
    let Some(time) = chrono::Utc.timestamp_opt(when as i64, 0).single() else { return String::new() };
    use crate::text::strftime::{Dialect, strftime};
    let (when, zone) = match local {
        Some(zone) => zone.local(time),
        // gawk's UTC is the C library's gmtime, whose zone is named GMT.
        None => (time.fixed_offset(), "GMT".to_string()),
    };
    strftime(format, &when, &zone, Dialect::Libc)
}

/// `gensub`: `which` 0 replaces every match, n the nth; in the replacement `\0` and `&` are
/// the match, `\1`…`\9` its groups, `\&` a literal ampersand.
fn gensub(re: &Regex, text: &[u8], replacement: &[u8], which: usize) -> Vec<u8> {
    let mut out = Vec::with_capacity(text.len());
    let mut last = 0;
    for (idx, caps) in re.captures_iter(text).enumerate() {
        let Some(whole) = caps.get(0) else { continue };
        if which != 0 && idx + 1 != which {
            continue;
        }
        out.extend_from_slice(&text[last..whole.start()]);
        let mut at = 0;
        while at < replacement.len() {
            match (replacement[at], replacement.get(at + 1)) {
                (b'\\', Some(d @ b'0'..=b'9')) => {
                    if let Some(group) = caps.get(usize::from(d - b'0')) {
                        out.extend_from_slice(group.as_bytes());
                    }
                    at += 2;
                }
                // `\q` is q: `\\` a backslash, `\&` an ampersand.
                (b'\\', Some(&q)) => {
                    out.push(q);
                    at += 2;
                }
                (b'&', _) => {
                    out.extend_from_slice(whole.as_bytes());
                    at += 1;
                }
                (b, _) => {
                    out.push(b);
                    at += 1;
                }
            }
        }
        last = whole.end();
        if which != 0 {
            break;
        }
    }
    out.extend_from_slice(&text[last..]);
    out
}

/// `sub`/`gsub`: the text with the first (or every) match replaced, by gawk's rules: `&` is
/// the match, `\&` a literal ampersand, `\\&` a backslash and the match, `\\\&` a
/// backslash and an ampersand, `\\\\` two backslashes; other backslashes are themselves.
fn substitute(re: &Regex, text: &[u8], replacement: &[u8], global: bool) -> (Vec<u8>, usize) {
    let mut out = Vec::with_capacity(text.len());
    let mut last = 0;
    let mut count = 0;
    for found in re.find_iter(text) {
        out.extend_from_slice(&text[last..found.start()]);
        let mut idx = 0;
        while idx < replacement.len() {
            let rest = &replacement[idx..];
            match replacement[idx] {
                b'\\' if rest.starts_with(b"\\\\\\&") => {
                    out.extend_from_slice(b"\\&");
                    idx += 4;
                }
                b'\\' if rest.starts_with(b"\\\\&") => {
                    out.push(b'\\');
                    out.extend_from_slice(found.as_bytes());
                    idx += 3;
                }
                b'\\' if rest.starts_with(b"\\&") => {
                    out.push(b'&');
                    idx += 2;
                }
                b'\\' if rest.starts_with(b"\\\\\\\\") => {
                    out.extend_from_slice(b"\\\\");
                    idx += 4;
                }
                b'&' => {
                    out.extend_from_slice(found.as_bytes());
                    idx += 1;
                }
                b => {
                    out.push(b);
                    idx += 1;
                }
            }
        }
        last = found.end();
        count += 1;
        if !global {
            break;
        }
    }
    out.extend_from_slice(&text[last..]);
    (out, count)
}
