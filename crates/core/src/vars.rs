//! Shell variables: scalars, indexed and associative arrays, attributes, and dynamic scoping.
//!
//! All variables live in one map, shared copy-on-write between a shell and its subshells (a
//! pipeline stage clones the map in O(1) and pays for a copy only if it assigns). `local` saves
//! the shadowed value in the current call frame and the frame restores it on return, which gives
//! bash's dynamic scoping with O(1) lookups.
//!
//! A name reference (`declare -n ref=target`) is a variable whose value is another name:
//! every read and write through the table's methods reaches the target, so `read`,
//! `printf -v`, `mapfile` and assignments all follow it with no code of their own; only the
//! `_raw` methods, `insert`/`remove` (restoring saved state) and `make_local` see the
//! reference itself. The check costs nothing on a plain variable: it reads the attribute of
//! the entry the lookup found anyway.
//!
//! References follow bash 5.2's rules ([`Vars::lead`]): at most eight in a chain; a reference
//! back to the start or to itself is a circle, which reads nothing (inside a function, a local
//! reference's circle reaches the global variable of its name, as bash's does) and which a
//! write refuses at the top level; a reference with no value reads as unset and takes the
//! name a write gives it, if it is one; arrays are no references (a global reference's
//! element target strips a reference base of its attribute, so element references cannot
//! loop). What bash warns about on the way is noted ([`Vars::take_notes`]) and said by the
//! interpreter after the command that met it; the notes are bounded.

use rustc_hash::FxHashMap;
use std::collections::BTreeMap;
use std::sync::Arc;

/// Attribute bits of a variable.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Attrs(u16);

impl Attrs {
    /// `export`
    pub const EXPORT: Attrs = Attrs(1);
    /// `readonly`
    pub const READONLY: Attrs = Attrs(2);
    /// `declare -i`
    pub const INTEGER: Attrs = Attrs(4);
    /// `declare -l`
    pub const LOWER: Attrs = Attrs(8);
    /// `declare -u`
    pub const UPPER: Attrs = Attrs(16);
    /// `declare -n`: the value names another variable, which every read and write reaches.
    pub const NAMEREF: Attrs = Attrs(32);
    /// `declare -c`: a value's first character upper case, the rest lower case.
    pub const CAPITALIZE: Attrs = Attrs(64);
    /// An array declared (`declare -a x`, `local -A m`) and not yet assigned: bash lists it
    /// as `declare -a x`, not `declare -a x=()`. Any assignment clears it.
    pub const INVISIBLE: Attrs = Attrs(128);
    /// Set by an assignment before a command (`x=1 f`) for the time the command runs: a
    /// `local x` in the function it calls starts with that value, as bash's does. Never
    /// saved ([`Attrs::bits`] leaves it out).
    pub const TEMPENV: Attrs = Attrs(256);
    /// `declare -t`: listed, acting on nothing (bash gives a variable's trace attribute no
    /// meaning). Past the eight saved bits: a restored session loses it.
    pub const TRACE: Attrs = Attrs(512);
    /// Set in POSIX mode on a temporary variable (`var=30 f`) that a special builtin's own
    /// assignment changed (`var=20 return` inside `f`): the change outlives the command
    /// whose temporary it was, as bash's `att_propagate` does. Never saved.
    pub const PROPAGATE: Attrs = Attrs(1024);

    /// The attributes `declare`'s letters stand for, in the order bash writes them
    /// (`declare -p`, `${x@a}`).
    pub const LETTERS: [(Attrs, char); 8] = [
        (Attrs::INTEGER, 'i'),
        (Attrs::NAMEREF, 'n'),
        (Attrs::READONLY, 'r'),
        (Attrs::TRACE, 't'),
        (Attrs::EXPORT, 'x'),
        (Attrs::CAPITALIZE, 'c'),
        (Attrs::LOWER, 'l'),
        (Attrs::UPPER, 'u'),
    ];

    /// The bits, as a snapshot keeps them.
    pub fn bits(self) -> u8 {
        // TEMPENV and TRACE, the bits past eight, are never saved.
        self.0 as u8
    }

    /// Attributes from saved bits (unknown bits dropped).
    pub fn from_bits(bits: u8) -> Attrs {
        Attrs(u16::from(bits))
    }

    /// True when every bit of `other` is set.
    pub fn has(self, other: Attrs) -> bool {
        self.0 & other.0 == other.0
    }

    /// Sets or clears the bits of `other`.
    pub fn set(&mut self, other: Attrs, on: bool) {
        if on {
            self.0 |= other.0;
        } else {
            self.0 &= !other.0;
        }
    }
}

/// A variable's value.
#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    /// Declared without a value (`local x`, `declare x`).
    Unset,
    /// A string.
    Str(String),
    /// `declare -a`: sparse, ordered by index.
    Indexed(BTreeMap<i64, String>),
    /// `declare -A`: listed in bash's hash-table order.
    Assoc(crate::assoc::Assoc),
}

/// A variable: value and attributes.
#[derive(Debug, Clone, PartialEq)]
pub struct Var {
    /// The value.
    pub value: Value,
    /// The attributes.
    pub attrs: Attrs,
}

impl Var {
    /// A plain string variable.
    pub fn string(value: impl Into<String>) -> Self {
        Var { value: Value::Str(value.into()), attrs: Attrs::default() }
    }

    /// The scalar value (element 0 of an array), if set.
    pub fn scalar(&self) -> Option<&str> {
        match &self.value {
            Value::Unset => None,
            Value::Str(text) => Some(text),
            Value::Indexed(map) => map.get(&0).map(String::as_str),
            Value::Assoc(map) => map.get("0").map(String::as_str),
        }
    }

    /// All element values in order (a scalar is one element).
    pub fn values(&self) -> Vec<String> {
        match &self.value {
            Value::Unset => Vec::new(),
            Value::Str(text) => vec![text.clone()],
            Value::Indexed(map) => map.values().cloned().collect(),
            Value::Assoc(map) => map.values().cloned().collect(),
        }
    }

    /// All keys in order (a scalar has key `0`).
    pub fn keys(&self) -> Vec<String> {
        match &self.value {
            Value::Unset => Vec::new(),
            Value::Str(_) => vec!["0".to_string()],
            Value::Indexed(map) => map.keys().map(i64::to_string).collect(),
            Value::Assoc(map) => map.keys().cloned().collect(),
        }
    }
}

/// Why an assignment was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SetError {
    /// The variable is read-only (its name).
    Readonly(String),
    /// What a reference names cannot be assigned this way, or a reference with no target was
    /// given a value that names no variable: bash's "`TEXT': not a valid identifier".
    Invalid(String),
    /// A chain of references runs in a circle (or past bash's eight) at the top level: bash
    /// assigns nothing, having warned about a circle (a note, [`Vars::take_notes`]).
    Circular(String),
    /// A reference given its own name at the top level (`declare -n r=r`).
    SelfReference(String),
}

impl SetError {
    /// The variable (or text) refused.
    pub fn name(&self) -> &str {
        match self {
            SetError::Readonly(name)
            | SetError::Invalid(name)
            | SetError::Circular(name)
            | SetError::SelfReference(name) => name,
        }
    }
}

impl std::fmt::Display for SetError {
    /// The refusal as bash says it, without prefix (nothing for a circle: its warning is a
    /// note).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SetError::Readonly(name) => write!(f, "{name}: readonly variable"),
            SetError::Invalid(text) => write!(f, "`{text}': not a valid identifier"),
            SetError::Circular(_) => Ok(()),
            SetError::SelfReference(name) => write!(f, "{name}: nameref variable self references not allowed"),
        }
    }
}

/// One function call's saved state.
#[derive(Debug, Clone, Default)]
struct Frame {
    /// Variables made local in this frame with the value they shadowed.
    saved: Vec<(String, Option<Var>)>,
}

/// The variable table with its call frames.
#[derive(Debug, Clone, Default)]
pub struct Vars {
    map: Arc<FxHashMap<String, Var>>,
    frames: Vec<Frame>,
    /// The temporary environments of the commands running (`v=x cmd`), innermost last: what
    /// each assignment replaced. `unset` of such a variable uncovers what it replaced, one
    /// layer at a time, as bash's temporary environment is a scope of its own.
    temp_layers: Vec<Vec<(String, Option<Var>)>>,
    /// What the values hold, about ([`value_bytes`]): checked against the variable-bytes
    /// limit at every command, so no loop of assignments grows without bound.
    bytes: usize,
    /// Warnings bash's variable code prints as it goes (a circle of references, a reference
    /// losing its attribute to become an array), for the interpreter to say
    /// ([`Vars::take_notes`]); never copied into a subshell's table.
    notes: Notes,
}

/// The warnings waiting to be said: at most [`MAX_NOTES`], so a command that meets a
/// circle in a loop cannot grow them.
#[derive(Debug, Default)]
struct Notes(Vec<String>);

impl Clone for Notes {
    fn clone(&self) -> Self {
        Notes(Vec::new())
    }
}

/// How many warnings wait at most between two commands.
const MAX_NOTES: usize = 64;

/// What one array element costs beyond its text (map entry, string header).
pub const ELEMENT_COST: usize = 32;

/// About how many bytes a value holds.
fn value_bytes(value: &Value) -> usize {
    match value {
        Value::Unset => 0,
        Value::Str(text) => text.len(),
        Value::Indexed(map) => map.values().map(|v| v.len() + ELEMENT_COST).sum(),
        Value::Assoc(map) => map.iter().map(|(k, v)| k.len() + v.len() + ELEMENT_COST).sum(),
    }
}

/// Writes `number`'s decimal digits over `text`, in its own buffer; what its length grew by.
fn overwrite_digits<N: itoa::Integer>(text: &mut String, number: N) -> isize {
    let mut digits = itoa::Buffer::new();
    let new = digits.format(number);
    let delta = new.len() as isize - text.len() as isize;
    text.clear();
    text.push_str(new);
    delta
}

/// Writes a scalar into `var` (its element 0 for an array), as its attributes say; what the
/// values' size grew by.
fn store(name: &str, var: &mut Var, value: String) -> Result<isize, SetError> {
    if var.attrs.has(Attrs::READONLY) {
        return Err(SetError::Readonly(name.to_string()));
    }
    let value = apply_case(var.attrs, value);
    var.attrs.set(Attrs::INVISIBLE, false);
    Ok(match &mut var.value {
        Value::Indexed(elements) => {
            let delta = element_delta(elements.get(&0), &value);
            elements.insert(0, value);
            delta
        }
        Value::Assoc(elements) => {
            let delta = element_delta(elements.get("0"), &value);
            elements.insert("0".to_string(), value);
            delta
        }
        other => {
            let delta = value.len() as isize - value_bytes(other) as isize;
            *other = Value::Str(value);
            delta
        }
    })
}

/// What an element written over `old` adds.
fn element_delta(old: Option<&String>, new: &str) -> isize {
    match old {
        Some(old) => new.len() as isize - old.len() as isize,
        None => (new.len() + ELEMENT_COST) as isize,
    }
}

impl Vars {
    /// An empty table.
    pub fn new() -> Self {
        Vars::default()
    }

    /// Looks a variable up, through name references (bash's `find_variable`). A reference to
    /// an array element (`declare -n r='a[1]'`) finds nothing here: [`Vars::get_str`] and
    /// [`Vars::element_target`] reach its element. A circle of references inside a function
    /// whose reference is local reads the global variable of that name, as bash's does.
    pub fn get(&self, name: &str) -> Option<&Var> {
        let var = self.map.get(name)?;
        if !var.attrs.has(Attrs::NAMEREF) {
            return Some(var);
        }
        match self.lead(name) {
            Lead::To(target) => self.map.get(target),
            Lead::Circular { at } if self.context_of(at) > 0 => self.global_raw(at),
            _ => None,
        }
    }

    /// Looks the variable itself up, not following a name reference.
    pub fn get_raw(&self, name: &str) -> Option<&Var> {
        self.map.get(name)
    }

    /// The scalar value of a variable (or of the array element a reference names), if set.
    pub fn get_str(&self, name: &str) -> Option<&str> {
        let var = self.map.get(name)?;
        if var.attrs.has(Attrs::NAMEREF) {
            if let Lead::To(target) = self.lead(name)
                && let Some((base, key)) = split_element(target)
            {
                return self.element(base, key);
            }
            return self.get(name).and_then(Var::scalar);
        }
        var.scalar()
    }

    /// One element of an array (a negative index counts from the end; key 0 of a scalar is
    /// the scalar).
    pub fn element(&self, name: &str, key: &str) -> Option<&str> {
        let var = self.get(name)?;
        match &var.value {
            Value::Assoc(map) => map.get(key).map(String::as_str),
            Value::Indexed(map) => {
                let mut idx: i64 = key.trim().parse().unwrap_or(0);
                if idx < 0 {
                    idx = idx.saturating_add(map.keys().next_back().map_or(0, |k| k.saturating_add(1)));
                }
                map.get(&idx).map(String::as_str)
            }
            Value::Str(text) if key.trim() == "0" => Some(text),
            _ => None,
        }
    }

    /// True when `key` is a negative index reaching before an indexed array's first element
    /// (`a=(1 2); a[-3]`), which bash calls a bad array subscript.
    pub fn before_first(&self, name: &str, key: &str) -> bool {
        let Ok(idx) = key.trim().parse::<i64>() else { return false };
        if idx >= 0 {
            return false;
        }
        let len = match self.get(name).map(|v| &v.value) {
            Some(Value::Indexed(map)) => map.keys().next_back().map_or(0, |k| k.saturating_add(1)),
            Some(Value::Assoc(_)) => return false,
            Some(Value::Str(_)) => 1,
            _ => 0,
        };
        idx.saturating_add(len) < 0
    }

    /// Where `name`'s references lead, as bash's `find_variable_nameref` follows them: at
    /// most `MAX_REFERENCES` references, a reference with no value ending the chain, one
    /// that names the start or itself making a circle. Each step is one map lookup; nothing
    /// is allocated.
    pub fn lead<'a>(&'a self, name: &'a str) -> Lead<'a> {
        let mut current: &'a str = name;
        for _ in 0..MAX_REFERENCES {
            let Some(var) = self.map.get(current).filter(|v| v.attrs.has(Attrs::NAMEREF)) else {
                return if current == name { Lead::Itself } else { Lead::To(current) };
            };
            let next = match var.scalar() {
                Some(next) if !next.is_empty() => next,
                _ => return Lead::Empty(current),
            };
            if next == name || next == current {
                return Lead::Circular { at: next };
            }
            current = next;
        }
        match self.map.get(current) {
            Some(var) if var.attrs.has(Attrs::NAMEREF) => Lead::TooDeep,
            _ => Lead::To(current),
        }
    }

    /// The name a reference finally names (the name itself when it is no reference, when the
    /// chain runs in a circle or too deep, and for a reference with no value, which names
    /// itself).
    pub fn resolve<'a>(&'a self, name: &'a str) -> std::borrow::Cow<'a, str> {
        match self.lead(name) {
            Lead::To(target) => target.into(),
            Lead::Empty(reference) => reference.into(),
            _ => name.into(),
        }
    }

    /// The last reference of `name`'s chain, whose value names a variable that is no
    /// reference or none (bash's `find_variable_last_nameref`, which `for`, `unset -n` and
    /// `declare` use): `None` when `name` is no reference or the chain runs too deep. A
    /// reference with no value is its own last.
    pub fn last_reference<'a>(&'a self, name: &'a str) -> Option<&'a str> {
        let mut current: &'a str = name;
        for _ in 0..MAX_REFERENCES {
            let var = self.map.get(current).filter(|v| v.attrs.has(Attrs::NAMEREF))?;
            let next = match var.scalar() {
                Some(next) if !next.is_empty() => next,
                _ => return Some(current),
            };
            if !self.map.get(next).is_some_and(|v| v.attrs.has(Attrs::NAMEREF)) {
                return Some(current);
            }
            current = next;
        }
        None
    }

    /// True for a reference whose chain runs in a circle (`declare -n a=b b=a`): bash warns
    /// when one is read.
    pub fn is_circular(&self, name: &str) -> bool {
        matches!(self.lead(name), Lead::Circular { .. })
    }

    /// The array element a reference names (`declare -n r='a[1]'` → `("a", "1")`), if it
    /// names one.
    pub fn element_target(&self, name: &str) -> Option<(String, String)> {
        match self.lead(name) {
            Lead::To(target) => split_element(target).map(|(base, key)| (base.to_string(), key.to_string())),
            _ => None,
        }
    }

    /// The name writes to `name` reach when it is a reference that leads to a variable name.
    fn target_of(&self, name: &str) -> Option<String> {
        match self.lead(name) {
            Lead::To(target) => Some(target.to_string()),
            _ => None,
        }
    }

    /// How deep in the calls `name`'s variable was made (bash's `context`): 0 for a global,
    /// else the number of the call whose `local` made it.
    pub fn context_of(&self, name: &str) -> usize {
        self.frames.iter().rposition(|frame| frame.saved.iter().any(|(n, _)| n == name)).map_or(0, |at| at + 1)
    }

    /// How many calls deep the shell runs (bash's `variable_context`).
    pub fn depth(&self) -> usize {
        self.frames.len()
    }

    /// The global variable `name`, under whatever locals hide it (not following references).
    pub fn global_raw(&self, name: &str) -> Option<&Var> {
        for frame in &self.frames {
            if let Some((_, saved)) = frame.saved.iter().find(|(n, _)| n == name) {
                return saved.as_ref();
            }
        }
        self.map.get(name)
    }

    /// Notes a warning for the interpreter to say (bash prints it where it meets it).
    pub fn note(&mut self, warning: String) {
        if self.notes.0.len() < MAX_NOTES {
            self.notes.0.push(warning);
        }
    }

    /// The warnings noted since the last call (`warning: r: circular name reference`), in order.
    pub fn take_notes(&mut self) -> Vec<String> {
        std::mem::take(&mut self.notes.0)
    }

    /// True when warnings wait to be said.
    pub fn has_notes(&self) -> bool {
        !self.notes.0.is_empty()
    }

    /// Where a write to `name` goes, through its references (bash's `bind_variable`): a
    /// circle warns (a note) and, inside a function, writes the global variable of the local
    /// reference's name, at the top level nothing.
    fn write_target(&mut self, name: &str) -> Result<WriteTo, SetError> {
        let to = match self.lead(name) {
            Lead::Itself => WriteTo::Var(name.to_string()),
            Lead::To(target) => match split_element(target) {
                Some((base, key)) => WriteTo::Element(base.to_string(), key.to_string()),
                None if is_name(target) => WriteTo::Var(target.to_string()),
                None => return Err(SetError::Invalid(target.to_string())),
            },
            Lead::Empty(reference) => WriteTo::Naming(reference.to_string()),
            Lead::Circular { at } => {
                let at = at.to_string();
                self.note(format!("warning: {name}: circular name reference"));
                if self.context_of(&at) == 0 {
                    return Err(SetError::Circular(name.to_string()));
                }
                WriteTo::Global(at)
            }
            Lead::TooDeep => return Err(SetError::Circular(name.to_string())),
        };
        Ok(to)
    }

    /// Runs `f` with the global variable `name` in place of the locals that hide it.
    fn with_global<R>(&mut self, name: &str, f: impl FnOnce(&mut Self) -> R) -> R {
        let swapped = self.swap_global(name);
        let result = f(self);
        if swapped {
            self.swap_global(name);
        }
        result
    }

    /// bash's "arrays cannot be references": an element written through the global
    /// reference `reference` to `base[key]` when `base` is itself a reference takes its
    /// attribute and value away (with bash's warning), so no chain of element references can
    /// loop. Through a local reference bash follows `base` instead ([`Vars::set_element`]
    /// refuses one that leads nowhere).
    pub fn unreference_array(&mut self, reference: &str, base: &str) {
        if self.context_of(reference) == 0 && self.is_reference(base) {
            self.drop_reference(base);
            self.note(format!("warning: {base}: removing nameref attribute"));
        }
    }

    /// The name of the variable bash's `find_variable` finds for `name` (through references),
    /// if one exists; `None` also for a circle or a chain too deep.
    pub fn found_name<'a>(&'a self, name: &'a str) -> Option<&'a str> {
        match self.lead(name) {
            Lead::Itself => self.map.contains_key(name).then_some(name),
            Lead::To(target) => self.map.contains_key(target).then_some(target),
            _ => None,
        }
    }

    /// True when `name` itself is a reference.
    pub fn is_reference(&self, name: &str) -> bool {
        self.map.get(name).is_some_and(|v| v.attrs.has(Attrs::NAMEREF))
    }

    /// Takes the reference attribute and value from `name` (it becomes an ordinary variable,
    /// unset), for an assignment that makes it an array.
    pub fn drop_reference(&mut self, name: &str) {
        if let Some(var) = Arc::make_mut(&mut self.map).get_mut(name) {
            var.attrs.set(Attrs::NAMEREF, false);
            let old = std::mem::replace(&mut var.value, Value::Unset);
            self.account(-(value_bytes(&old) as isize));
        }
    }

    /// The variable a whole-array assignment to the reference `name` reaches (`r=(…)`,
    /// `r+=(…)`, `read -a r`, `mapfile r`; bash's `find_or_make_array_variable`): the target,
    /// made if it does not exist; a reference with no value loses its attribute (bash warns)
    /// and is the array; one to an element is refused; a circle makes `name` itself an
    /// ordinary variable, as bash does. What it returns is no reference.
    fn array_target(&mut self, name: &str) -> Result<String, SetError> {
        match self.lead(name) {
            Lead::Itself => Ok(name.to_string()),
            Lead::To(target) if is_name(target) => Ok(target.to_string()),
            Lead::To(target) => Err(SetError::Invalid(target.to_string())),
            Lead::Empty(reference) => {
                let reference = reference.to_string();
                self.note(format!("warning: {name}: removing nameref attribute"));
                self.drop_reference(&reference);
                Ok(reference)
            }
            lead => {
                if matches!(lead, Lead::Circular { .. }) {
                    self.note(format!("warning: {name}: circular name reference"));
                }
                self.drop_reference(name);
                Ok(name.to_string())
            }
        }
    }

    /// The variable an array made for `name` is (bash's `find_or_make_array_variable`, which
    /// `coproc NAME` also follows): `name` itself, a reference's target, or a reference with
    /// no value, which loses its attribute (a warning noted); refused for a reference to an
    /// element or to no valid name.
    pub fn array_name(&mut self, name: &str) -> Result<String, SetError> {
        self.array_target(name)
    }

    /// The array an element assignment to the reference `name` reaches (`r[1]=x`; bash's
    /// `bind_array_variable`): the target, made if it does not exist; a reference with no
    /// value or to an element is refused; a circle makes `name` itself an ordinary variable.
    fn element_base(&mut self, name: &str) -> Result<String, SetError> {
        match self.lead(name) {
            Lead::Itself => Ok(name.to_string()),
            Lead::To(target) if is_name(target) => Ok(target.to_string()),
            Lead::To(target) => Err(SetError::Invalid(target.to_string())),
            Lead::Empty(_) => Err(SetError::Invalid(String::new())),
            lead => {
                if matches!(lead, Lead::Circular { .. }) {
                    self.note(format!("warning: {name}: circular name reference"));
                }
                self.drop_reference(name);
                Ok(name.to_string())
            }
        }
    }

    /// Gives the reference `name` (its own value, not its target's) `value` as bash's
    /// `bind_variable_value` with `ASS_NAMEREF` does (`for ref in …`, `declare -n r=v`): a
    /// name that refers to itself is refused at the top level and warned about in a
    /// function, a value that names no variable refused. Read-only is the caller's check.
    pub fn set_reference(&mut self, name: &str, value: String) -> Result<(), SetError> {
        if refers_to_itself(name, &value) {
            if self.frames.is_empty() {
                return Err(SetError::SelfReference(name.to_string()));
            }
            self.note(format!("warning: {name}: circular name reference"));
        }
        if !valid_reference(&value) {
            return Err(SetError::Invalid(value));
        }
        let map = Arc::make_mut(&mut self.map);
        let delta = match map.get_mut(name) {
            Some(var) => {
                var.attrs.set(Attrs::INVISIBLE, false);
                let delta = value.len() as isize - value_bytes(&var.value) as isize;
                var.value = Value::Str(value);
                delta
            }
            None => {
                let delta = value.len() as isize;
                map.insert(name.to_string(), Var { value: Value::Str(value), attrs: Attrs::NAMEREF });
                delta
            }
        };
        self.account(delta);
        Ok(())
    }

    /// About how many bytes the values hold (attribute edits through [`Vars::get_mut`] are
    /// not counted: they change no value's size).
    pub fn bytes(&self) -> usize {
        self.bytes
    }

    fn account(&mut self, delta: isize) {
        self.bytes = self.bytes.saturating_add_signed(delta);
    }

    /// Mutable access for in-place changes (attribute edits), through name references.
    pub fn get_mut(&mut self, name: &str) -> Option<&mut Var> {
        match self.target_of(name) {
            Some(target) => Arc::make_mut(&mut self.map).get_mut(&target),
            None => Arc::make_mut(&mut self.map).get_mut(name),
        }
    }

    /// Mutable access to the variable itself, not following a name reference.
    pub fn get_raw_mut(&mut self, name: &str) -> Option<&mut Var> {
        Arc::make_mut(&mut self.map).get_mut(name)
    }

    /// Sets a scalar, keeping attributes; refuses readonly variables. Through a reference,
    /// the target is set (its element, for a reference to one); a reference with no target
    /// yet takes the value as its target's name, as bash's does.
    pub fn set(&mut self, name: &str, value: impl Into<String>) -> Result<(), SetError> {
        let value = value.into();
        // One lookup for a variable that is not a reference (every assignment a loop makes).
        let map = Arc::make_mut(&mut self.map);
        match map.get_mut(name) {
            Some(var) if !var.attrs.has(Attrs::NAMEREF) => {
                let delta = store(name, var, value)?;
                self.account(delta);
                return Ok(());
            }
            // A reference: followed below.
            Some(_) => {}
            None => {
                let delta = value.len() as isize;
                map.insert(name.to_string(), Var::string(value));
                self.account(delta);
                return Ok(());
            }
        }
        match self.write_target(name)? {
            // No reference there: one step, never back here.
            WriteTo::Var(target) => self.set(&target, value),
            WriteTo::Element(base, key) => {
                self.unreference_array(name, &base);
                self.set_element(&base, &key, value, false)
            }
            // A reference with no target yet: the value names its target.
            WriteTo::Naming(reference) => {
                if !valid_reference(&value) {
                    return Err(SetError::Invalid(value));
                }
                let Some(var) = Arc::make_mut(&mut self.map).get_mut(&reference) else { return Ok(()) };
                let delta = store(&reference, var, value)?;
                self.account(delta);
                Ok(())
            }
            WriteTo::Global(global) => self.with_global(&global, |vars| match vars.map.get(&global) {
                // The global is a reference too: bash would follow it into the same circle.
                Some(var) if var.attrs.has(Attrs::NAMEREF) => Err(SetError::Circular(global.clone())),
                _ => vars.set(&global, value),
            }),
        }
    }

    /// Sets a scalar to a number, as [`Vars::set`] does with its decimal text. A plain string
    /// variable keeps its buffer (`((i++))` in a loop neither formats through `fmt` nor
    /// allocates); any other variable takes the general way.
    pub fn set_number(&mut self, name: &str, value: i64) -> Result<(), SetError> {
        if let Some(var) = Arc::make_mut(&mut self.map).get_mut(name)
            && !var.attrs.has(Attrs::NAMEREF)
            && !var.attrs.has(Attrs::READONLY)
            && let Value::Str(old) = &mut var.value
        {
            // Digits and `-` have no case, so the case attributes change nothing.
            let delta = overwrite_digits(old, value);
            self.account(delta);
            return Ok(());
        }
        self.set(name, itoa::Buffer::new().format(value))
    }

    /// Replaces the variable `name` (not following a reference, keeping no attribute) with an
    /// indexed array of `numbers`, as [`Vars::insert`] would: in place when it already is an
    /// array of as many elements with no attribute (`PIPESTATUS` after every pipeline), so
    /// the digits go into the elements' own buffers.
    pub fn put_numbers<N: itoa::Integer + ToString>(&mut self, name: &str, numbers: &[N]) {
        if let Some(var) = Arc::make_mut(&mut self.map).get_mut(name)
            && var.attrs == Attrs::default()
            && let Value::Indexed(elements) = &mut var.value
            && elements.len() == numbers.len()
            && elements.keys().copied().eq(0..numbers.len() as i64)
        {
            let delta = elements.values_mut().zip(numbers).map(|(old, &number)| overwrite_digits(old, number)).sum();
            self.account(delta);
            return;
        }
        let elements = numbers.iter().enumerate().map(|(i, n)| (i as i64, n.to_string())).collect();
        self.insert(name, Var { value: Value::Indexed(elements), attrs: Attrs::default() });
    }

    /// Replaces a whole variable value (arrays included), keeping attributes.
    pub fn set_value(&mut self, name: &str, value: Value) -> Result<(), SetError> {
        if self.is_reference(name) {
            let target = self.array_target(name)?;
            return self.set_value(&target, value);
        }
        let mut added = value_bytes(&value) as isize;
        let map = Arc::make_mut(&mut self.map);
        let removed = match map.get_mut(name) {
            Some(var) if var.attrs.has(Attrs::READONLY) => return Err(SetError::Readonly(name.to_string())),
            Some(var) => {
                var.attrs.set(Attrs::INVISIBLE, false);
                let mut value = value;
                if var.attrs.has(Attrs::LOWER) || var.attrs.has(Attrs::UPPER) {
                    // `declare -l m; m=(…)`: each element takes the case, as a scalar does.
                    match &mut value {
                        Value::Str(text) => *text = apply_case(var.attrs, std::mem::take(text)),
                        Value::Indexed(map) => {
                            map.values_mut().for_each(|v| *v = apply_case(var.attrs, std::mem::take(v)))
                        }
                        Value::Assoc(map) => {
                            map.values_mut().for_each(|v| *v = apply_case(var.attrs, std::mem::take(v)))
                        }
                        Value::Unset => {}
                    }
                    added = value_bytes(&value) as isize;
                }
                value_bytes(&std::mem::replace(&mut var.value, value))
            }
            None => {
                map.insert(name.to_string(), Var { value, attrs: Attrs::default() });
                0
            }
        };
        self.account(added - removed as isize);
        Ok(())
    }

    /// Inserts a variable as is (no readonly check; used to restore saved state).
    pub fn insert(&mut self, name: &str, var: Var) {
        let added = value_bytes(&var.value) as isize;
        let old = Arc::make_mut(&mut self.map).insert(name.to_string(), var);
        self.account(added - old.map_or(0, |v| value_bytes(&v.value)) as isize);
    }

    /// Removes a variable; refuses readonly ones.
    pub fn unset(&mut self, name: &str) -> Result<Option<Var>, SetError> {
        if self.is_circular(name) {
            self.note(format!("warning: {name}: circular name reference"));
        }
        if let Some(target) = self.target_of(name) {
            return match split_element(&target) {
                Some((base, key)) => {
                    self.unset_element(base, key);
                    Ok(None)
                }
                None => self.unset(&target),
            };
        }
        self.unset_raw(name)
    }

    /// Removes the variable itself (`unset -n`), a reference included; refuses readonly ones.
    pub fn unset_raw(&mut self, name: &str) -> Result<Option<Var>, SetError> {
        if self.map.get(name).is_some_and(|v| v.attrs.has(Attrs::READONLY)) {
            return Err(SetError::Readonly(name.to_string()));
        }
        // A local of a calling function, unset here, goes away whole and uncovers what it
        // hid, as bash's does (unset in its own function, it stays a local, unset).
        let innermost = self.frames.iter().rposition(|frame| frame.saved.iter().any(|(n, _)| n == name));
        // A variable of a temporary environment (and no local) uncovers what it replaced:
        // `v=x f` with `f` unsetting v sees the global v again.
        if innermost.is_none()
            && self.map.get(name).is_some_and(|var| var.attrs.has(Attrs::TEMPENV))
            && let Some((layer, slot)) = self
                .temp_layers
                .iter()
                .enumerate()
                .rev()
                .find_map(|(at, layer)| layer.iter().position(|(n, _)| n == name).map(|slot| (at, slot)))
        {
            let (_, hidden) = self.temp_layers[layer].remove(slot);
            let old = self.map.get(name).cloned();
            match hidden {
                Some(var) => self.insert(name, var),
                None => self.remove(name),
            }
            return Ok(old);
        }
        if let Some(at) = innermost
            && at + 1 != self.frames.len()
            && let Some(slot) = self.frames[at].saved.iter().position(|(n, _)| n == name)
        {
            let (_, hidden) = self.frames[at].saved.remove(slot);
            let old = self.map.get(name).cloned();
            match hidden {
                Some(var) => self.insert(name, var),
                None => self.remove(name),
            }
            return Ok(old);
        }
        if !self.map.contains_key(name) {
            return Ok(None);
        }
        if innermost.is_some() {
            // A local of this call stays a local, unset: only the export a temporary
            // environment gave it is kept (bash's `makunbound`).
            let old = self.map.get(name).cloned();
            let kept = old.as_ref().is_some_and(|v| v.attrs.has(Attrs::EXPORT) && v.attrs.has(Attrs::TEMPENV));
            let mut attrs = Attrs::default();
            attrs.set(Attrs::EXPORT, kept);
            self.insert(name, Var { value: Value::Unset, attrs });
            return Ok(old);
        }
        let old = Arc::make_mut(&mut self.map).remove(name);
        self.account(-(old.as_ref().map_or(0, |v| value_bytes(&v.value)) as isize));
        Ok(old)
    }

    /// `name+=(…)` of an indexed array, in place: each item at its index, or after the last
    /// element (a scalar becomes element 0 first, as in bash).
    pub fn append_indexed(&mut self, name: &str, items: Vec<(Option<i64>, String)>) -> Result<(), SetError> {
        if self.is_reference(name) {
            let target = self.array_target(name)?;
            return self.append_indexed(&target, items);
        }
        let map = Arc::make_mut(&mut self.map);
        let var = map.entry(name.to_string()).or_insert(Var { value: Value::Unset, attrs: Attrs::default() });
        if var.attrs.has(Attrs::READONLY) {
            return Err(SetError::Readonly(name.to_string()));
        }
        var.attrs.set(Attrs::INVISIBLE, false);
        let mut delta = 0isize;
        if !matches!(var.value, Value::Indexed(_)) {
            let elements = match std::mem::replace(&mut var.value, Value::Unset) {
                Value::Str(text) => {
                    delta += ELEMENT_COST as isize;
                    std::iter::once((0, text)).collect()
                }
                _ => BTreeMap::new(),
            };
            var.value = Value::Indexed(elements);
        }
        if let Value::Indexed(elements) = &mut var.value {
            let mut next = elements.keys().next_back().map_or(0, |k| k.saturating_add(1));
            for (index, value) in items {
                let value = apply_case(var.attrs, value);
                let at = index.unwrap_or(next);
                delta += element_delta(elements.get(&at), &value);
                elements.insert(at, value);
                next = at.saturating_add(1);
            }
        }
        self.account(delta);
        Ok(())
    }

    /// `name[key]=value` (or `+=`), in place — copying the array for each element made a loop
    /// of element assignments quadratic. A scalar becomes element 0 of an indexed array; a
    /// negative index counts from the end.
    pub fn set_element(&mut self, name: &str, key: &str, value: String, append: bool) -> Result<(), SetError> {
        if self.is_reference(name) {
            let target = self.element_base(name)?;
            return self.set_element(&target, key, value, append);
        }
        let map = Arc::make_mut(&mut self.map);
        let var = map.entry(name.to_string()).or_insert(Var { value: Value::Unset, attrs: Attrs::default() });
        if var.attrs.has(Attrs::READONLY) {
            return Err(SetError::Readonly(name.to_string()));
        }
        var.attrs.set(Attrs::INVISIBLE, false);
        let value = apply_case(var.attrs, value);
        let mut delta = 0isize;
        let entry = match &mut var.value {
            Value::Assoc(elements) => {
                if !elements.contains_key(key) {
                    delta += (key.len() + ELEMENT_COST) as isize;
                }
                elements.entry_or_default(key)
            }
            other => {
                if !matches!(other, Value::Indexed(_)) {
                    let elements = match std::mem::replace(other, Value::Unset) {
                        Value::Str(text) => {
                            delta += ELEMENT_COST as isize;
                            std::iter::once((0, text)).collect()
                        }
                        _ => BTreeMap::new(),
                    };
                    *other = Value::Indexed(elements);
                }
                let Value::Indexed(elements) = other else { return Ok(()) };
                let mut idx: i64 = key.trim().parse().unwrap_or(0);
                if idx < 0 {
                    idx = idx.saturating_add(elements.keys().next_back().map_or(0, |k| k.saturating_add(1)));
                }
                if !elements.contains_key(&idx) {
                    delta += ELEMENT_COST as isize;
                }
                elements.entry(idx).or_default()
            }
        };
        if append {
            delta += value.len() as isize;
            entry.push_str(&value);
        } else {
            delta += value.len() as isize - entry.len() as isize;
            *entry = value;
        }
        self.account(delta);
        Ok(())
    }

    /// `unset 'name[key]'`: removes one element (a negative index counts from the end); for
    /// a scalar, key 0 is the variable itself.
    pub fn unset_element(&mut self, name: &str, key: &str) {
        if let Some(target) = self.target_of(name) {
            return self.unset_element(&target, key);
        }
        let Some(var) = self.map.get(name) else { return };
        if !matches!(var.value, Value::Indexed(_) | Value::Assoc(_)) {
            if key == "0" {
                let _ = self.unset(name);
            }
            return;
        }
        let removed = match Arc::make_mut(&mut self.map).get_mut(name).map(|v| &mut v.value) {
            Some(Value::Indexed(map)) => key.parse::<i64>().ok().and_then(|mut idx| {
                if idx < 0 {
                    idx = idx.saturating_add(map.keys().next_back().map_or(0, |k| k.saturating_add(1)));
                }
                map.remove(&idx)
            }),
            Some(Value::Assoc(map)) => map.remove(key).map(|v| v + key),
            _ => None,
        };
        if let Some(text) = removed {
            self.account(-((text.len() + ELEMENT_COST) as isize));
        }
    }

    /// Removes a variable whatever its attributes (restoring saved state).
    pub fn remove(&mut self, name: &str) {
        if self.map.contains_key(name) {
            let old = Arc::make_mut(&mut self.map).remove(name);
            self.account(-(old.map_or(0, |v| value_bytes(&v.value)) as isize));
        }
    }

    /// Names of all variables, sorted.
    pub fn names(&self) -> Vec<String> {
        let mut names: Vec<String> = self.map.keys().cloned().collect();
        names.sort();
        names
    }

    /// Names of the current function's locals, sorted (`local` with no operand lists them).
    pub fn local_names(&self) -> Vec<String> {
        let mut names: Vec<String> = self
            .frames
            .last()
            .map(|frame| frame.saved.iter().map(|(name, _)| name.clone()).collect())
            .unwrap_or_default();
        names.sort();
        names
    }

    /// Exported variables with a scalar value, sorted by name: an array, though exported, is
    /// no part of the environment (bash). A local with no value hides nothing here: the
    /// variable it hides is exported in its place, as bash builds the environment from the
    /// variables that are set.
    pub fn exported(&self) -> Vec<(String, String)> {
        let mut out: Vec<(String, String)> = self
            .map
            .iter()
            .filter_map(|(k, v)| {
                let v = match v.value {
                    Value::Unset => self.hidden_set(k)?,
                    _ => v,
                };
                let Value::Str(value) = &v.value else { return None };
                v.attrs.has(Attrs::EXPORT).then(|| (k.clone(), value.to_string()))
            })
            .collect();
        out.sort();
        out
    }

    /// The names of the exported variables that are set, arrays too (`compgen -A export`),
    /// sorted.
    pub fn exported_names(&self) -> Vec<String> {
        let mut out: Vec<String> = self
            .map
            .iter()
            .filter(|(k, v)| {
                let v = match v.value {
                    Value::Unset => self.hidden_set(k),
                    _ => Some(*v),
                };
                v.is_some_and(|v| v.attrs.has(Attrs::EXPORT))
            })
            .map(|(k, _)| k.clone())
            .collect();
        out.sort();
        out
    }

    /// The nearest variable of this name a local with no value hides that has one.
    fn hidden_set(&self, name: &str) -> Option<&Var> {
        self.frames.iter().rev().find_map(|frame| {
            let (_, saved) = frame.saved.iter().find(|(n, _)| n == name)?;
            saved.as_ref().filter(|v| !matches!(v.value, Value::Unset))
        })
    }

    /// Enters a function call.
    pub fn push_frame(&mut self) {
        self.frames.push(Frame::default());
    }

    /// Enters a command's temporary environment: `saved`, what its assignments replaced.
    pub fn push_temp_layer(&mut self, saved: Vec<(String, Option<Var>)>) {
        self.temp_layers.push(saved);
    }

    /// Leaves the innermost temporary environment: what its assignments replaced, less what
    /// an `unset` already uncovered ([`Vars::unset_raw`]).
    pub fn pop_temp_layer(&mut self) -> Vec<(String, Option<Var>)> {
        self.temp_layers.pop().unwrap_or_default()
    }

    /// Leaves a function call, restoring what its locals shadowed.
    pub fn pop_frame(&mut self) {
        if let Some(frame) = self.frames.pop() {
            for (name, saved) in frame.saved.into_iter().rev() {
                match saved {
                    Some(var) => self.insert(&name, var),
                    None => self.remove(&name),
                }
            }
        }
    }

    /// How many calls deep the `name` in sight was made local (0: the global one).
    pub fn local_depth(&self, name: &str) -> usize {
        self.frames.iter().rposition(|frame| frame.saved.iter().any(|(n, _)| n == name)).map_or(0, |at| at + 1)
    }

    /// True when `name` is local to the current function call.
    pub fn is_local(&self, name: &str) -> bool {
        self.frames.last().is_some_and(|frame| frame.saved.iter().any(|(n, _)| n == name))
    }

    /// Replaces what the current call's local `name` shadows (restored when the call
    /// returns); false when `name` is not local to it.
    pub fn set_shadowed(&mut self, name: &str, var: Option<Var>) -> bool {
        let Some(frame) = self.frames.last_mut() else { return false };
        match frame.saved.iter_mut().find(|(n, _)| n == name) {
            Some((_, saved)) => {
                *saved = var;
                true
            }
            None => false,
        }
    }

    /// Exchanges the variable `name` as seen now with the global one that a local of that
    /// name hides (the value the outermost call saved); false when no local hides it. Done
    /// twice, it puts both back (`declare -g` under a local).
    pub fn swap_global(&mut self, name: &str) -> bool {
        let Some(at) = self.frames.iter().position(|frame| frame.saved.iter().any(|(n, _)| n == name)) else {
            return false;
        };
        let current = self.map.get(name).cloned();
        let Some((_, slot)) = self.frames[at].saved.iter_mut().find(|(n, _)| n == name) else { return false };
        match std::mem::replace(slot, current) {
            Some(var) => self.insert(name, var),
            None => self.remove(name),
        }
        true
    }

    /// True inside a function.
    pub fn in_function(&self) -> bool {
        !self.frames.is_empty()
    }

    /// Makes `name` local to the current frame (saving what it shadows); the new variable starts
    /// unset. Returns false outside functions.
    pub fn make_local(&mut self, name: &str) -> bool {
        self.make_local_as(name, false)
    }

    /// [`Vars::make_local`]; with `inherit` (`local -I`, `shopt -s localvar_inherit`) the new
    /// local starts with the value and attributes of the variable it hides, as bash's does (a
    /// reference's attribute aside: the local is no reference).
    pub fn make_local_as(&mut self, name: &str, inherit: bool) -> bool {
        let Some(frame) = self.frames.last() else {
            return false;
        };
        if frame.saved.iter().any(|(n, _)| n == name) {
            return true;
        }
        let previous = self.map.get(name).cloned();
        let inherited_attrs = previous.as_ref().map(|v| v.attrs).unwrap_or_default();
        // A variable of the command's temporary environment lends the local its value.
        let mut attrs = Attrs::default();
        attrs.set(Attrs::EXPORT, inherited_attrs.has(Attrs::EXPORT));
        let (value, attrs) = match &previous {
            // bash's local is the temporary variable itself: still one (an `unset` keeps its
            // export, a deeper `local` inherits it too).
            Some(var) if inherited_attrs.has(Attrs::TEMPENV) => {
                let mut attrs = attrs;
                attrs.set(Attrs::TEMPENV, true);
                (var.value.clone(), attrs)
            }
            Some(var) if inherit => {
                let mut attrs = var.attrs;
                for attr in [Attrs::NAMEREF, Attrs::TEMPENV, Attrs::PROPAGATE] {
                    attrs.set(attr, false);
                }
                (var.value.clone(), attrs)
            }
            _ => (Value::Unset, attrs),
        };
        if let Some(frame) = self.frames.last_mut() {
            frame.saved.push((name.to_string(), previous));
        }
        self.insert(name, Var { value, attrs });
        true
    }
}

/// How many references a chain may pass through (bash's `NAMEREF_MAX`): past them a read
/// finds nothing and a write assigns nothing.
const MAX_REFERENCES: usize = 8;

/// Where a name's chain of references leads ([`Vars::lead`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lead<'a> {
    /// The name is no reference (or names no variable).
    Itself,
    /// The name the chain ends at: a variable that is no reference, or a name no variable
    /// has yet (the last reference's value, which may be an element, `a[1]`).
    To(&'a str),
    /// A reference with no value ends the chain (`declare -n r` before an assignment): its
    /// name. It reads as unset; a value written to it names its target.
    Empty(&'a str),
    /// The chain comes back to where it started or a reference names itself: bash warns
    /// (`circular name reference`). `at` is the variable met again.
    Circular {
        /// The name met again.
        at: &'a str,
    },
    /// More references than `MAX_REFERENCES`: bash finds nothing, silently.
    TooDeep,
}

/// Where a write through references goes ([`Vars::write_target`]).
enum WriteTo {
    /// A variable that is no reference (made if it does not exist).
    Var(String),
    /// A reference with no value: the value written names its target.
    Naming(String),
    /// An element a reference names, `base[key]` (the key as written).
    Element(String, String),
    /// The global variable of this name, under the locals (a circle in a function).
    Global(String),
}

/// bash's `valid_nameref_value`: what a reference may hold, a variable's name or an
/// element of one (`a[1]`).
pub fn valid_reference(value: &str) -> bool {
    is_name(value) || split_element(value).is_some_and(|(_, key)| !key.is_empty())
}

/// bash's `check_selfref`: a reference `name` whose value is its own name or an element of
/// itself.
pub fn refers_to_itself(name: &str, value: &str) -> bool {
    value == name || split_element(value).is_some_and(|(base, _)| base == name)
}

/// `name[key]` split at its subscript, if it is one: the `]` closing the subscript (nested
/// brackets counted, a backslash-quoted one skipped) must end the text (`A[]]` is none).
pub fn split_element(text: &str) -> Option<(&str, &str)> {
    let open = text.find('[')?;
    let bytes = text.as_bytes();
    let (mut depth, mut idx) = (0usize, open);
    while idx < bytes.len() {
        match bytes[idx] {
            b'\\' => idx += 1,
            b'[' => depth += 1,
            b']' => {
                depth -= 1;
                if depth == 0 {
                    break;
                }
            }
            _ => {}
        }
        idx += 1;
    }
    (idx + 1 == text.len() && is_name(&text[..open])).then(|| (&text[..open], &text[open + 1..idx]))
}

/// Where the subscript opened by the `[` at the start of `text` closes (the index of its `]`,
/// or `text`'s length when nothing closes it), as bash's `skipsubscript` finds it: nested
/// brackets counted, and a backslash's character, quoted text, `` `…` ``, `$(…)` and `${…}`
/// skipped whole, unless `literal` (an associative array's key taken as it is, under
/// `assoc_expand_once`), where the first `]` closes it.
pub fn skip_subscript(text: &str, literal: bool) -> usize {
    let bytes = text.as_bytes();
    let mut depth = 1usize;
    let mut at = 1;
    while at < bytes.len() {
        match bytes[at] {
            b']' => {
                depth -= 1;
                if depth == 0 {
                    return at;
                }
            }
            _ if literal => {}
            b'\\' => at += 1,
            b'[' => depth += 1,
            quote @ (b'\'' | b'"' | b'`') => {
                // To the closing quote (a double quote's backslash escapes).
                at += 1;
                while at < bytes.len() && bytes[at] != quote {
                    if quote != b'\'' && bytes[at] == b'\\' {
                        at += 1;
                    }
                    at += 1;
                }
                if at >= bytes.len() {
                    return bytes.len();
                }
            }
            b'$' if matches!(bytes.get(at + 1), Some(b'(' | b'{')) => {
                let (open, close) = if bytes[at + 1] == b'(' { (b'(', b')') } else { (b'{', b'}') };
                let mut nest = 1usize;
                at += 2;
                while at < bytes.len() {
                    match bytes[at] {
                        b'\\' => at += 1,
                        b if b == open => nest += 1,
                        b if b == close => {
                            nest -= 1;
                            if nest == 0 {
                                break;
                            }
                        }
                        _ => {}
                    }
                    at += 1;
                }
                if at >= bytes.len() {
                    return bytes.len();
                }
            }
            _ => {}
        }
        at += 1;
    }
    bytes.len()
}

/// `name[subscript]` as bash's `valid_array_reference` reads a word naming an element (`read`'s
/// and `printf -v`'s operands): a name, then a non-empty subscript whose `]` ([`skip_subscript`])
/// ends the word. `literal` as there.
pub fn array_reference(text: &str, literal: bool) -> Option<(&str, &str)> {
    let open = text.find('[')?;
    let close = open + skip_subscript(&text[open..], literal);
    let name = &text[..open];
    (is_name(name) && close + 1 == text.len() && close > open + 1).then(|| (name, &text[open + 1..close]))
}

/// `c` in upper case as bash's `towupper` gives it: one character for one, so `ß` (whose
/// Unicode upper case is the two letters `SS`) stays as it is.
pub fn upper_char(c: char) -> char {
    let mut mapped = c.to_uppercase();
    match (mapped.next(), mapped.next()) {
        (Some(upper), None) => upper,
        _ => c,
    }
}

/// `c` in lower case as bash's `towlower` gives it: one character for one, and `Σ` is `σ`
/// wherever it stands (Rust's `str::to_lowercase` writes a word's last as `ς`).
pub fn lower_char(c: char) -> char {
    let mut mapped = c.to_lowercase();
    match (mapped.next(), mapped.next()) {
        (Some(lower), None) => lower,
        _ => c,
    }
}

/// `text` in upper case, character by character ([`upper_char`]).
pub fn upper(text: &str) -> String {
    text.chars().map(upper_char).collect()
}

/// `text` in lower case, character by character ([`lower_char`]).
pub fn lower(text: &str) -> String {
    text.chars().map(lower_char).collect()
}

/// Applies `declare -l`/`-u`/`-c` to a value.
pub fn apply_case(attrs: Attrs, value: String) -> String {
    if attrs.has(Attrs::CAPITALIZE) {
        let mut chars = value.chars();
        let first = chars.next().map(upper_char).map(String::from).unwrap_or_default();
        first + &lower(chars.as_str())
    } else if attrs.has(Attrs::LOWER) {
        lower(&value)
    } else if attrs.has(Attrs::UPPER) {
        upper(&value)
    } else {
        value
    }
}

/// True for a valid variable name.
pub fn is_name(text: &str) -> bool {
    let mut chars = text.chars();
    matches!(chars.next(), Some(c) if c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

impl Var {
    /// True when exported.
    pub fn is_exported(&self) -> bool {
        self.attrs.has(Attrs::EXPORT)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_element_reference_closes_as_bash_skips_a_subscript() {
        assert_eq!(array_reference("A[k]", false), Some(("A", "k")));
        assert_eq!(array_reference("A[]]", false), None);
        assert_eq!(array_reference("A[]", false), None);
        assert_eq!(array_reference("a[80's]", false), None);
        assert_eq!(array_reference("a[x[y]]", false), Some(("a", "x[y]")));
        assert_eq!(array_reference("a[x[y]", true), Some(("a", "x[y")));
        assert_eq!(array_reference("a['x]']", false), Some(("a", "'x]'")));
        assert_eq!(array_reference("a[$(echo ])]", false), Some(("a", "$(echo ])")));
        assert_eq!(skip_subscript("[x[y]=1", true), 4);
        assert_eq!(skip_subscript("[x[y]=1", false), 7);
    }

    /// `set_number` leaves the variables as `set` with the number's decimal text does, over
    /// every kind of variable it may meet: none, a string (also upper-cased, readonly), an
    /// array, a reference with and without a target.
    #[test]
    fn set_number_is_set_with_the_decimal_text() {
        let kinds: Vec<(&str, Option<Var>)> = vec![
            ("absent", None),
            ("string", Some(Var::string("hello"))),
            ("upper", Some(Var { value: Value::Str("x".into()), attrs: Attrs::UPPER })),
            ("readonly", Some(Var { value: Value::Str("1".into()), attrs: Attrs::READONLY })),
            (
                "array",
                Some(Var {
                    value: Value::Indexed([(0, "a".to_string()), (3, "b".into())].into()),
                    attrs: Attrs::default(),
                }),
            ),
            ("reference", Some(Var { value: Value::Str("target".into()), attrs: Attrs::NAMEREF })),
            ("dangling", Some(Var { value: Value::Unset, attrs: Attrs::NAMEREF })),
        ];
        for (kind, var) in kinds {
            for number in [0, 7, -42, i64::MIN, i64::MAX] {
                let mut by_number = Vars::new();
                by_number.set("target", "t").expect("set");
                if let Some(var) = &var {
                    by_number.insert("v", var.clone());
                }
                let mut by_text = by_number.clone();
                let got = by_number.set_number("v", number);
                let want = by_text.set("v", number.to_string());
                assert_eq!(got.is_ok(), want.is_ok(), "{kind} {number}");
                for name in ["v", "target", "7", "0"] {
                    assert_eq!(by_number.get_raw(name), by_text.get_raw(name), "{kind} {number} {name}");
                }
                assert_eq!(by_number.bytes(), by_text.bytes(), "{kind} {number}");
            }
        }
    }

    fn reference(to: &str) -> Var {
        Var { value: Value::Str(to.into()), attrs: Attrs::NAMEREF }
    }

    /// A chain of references ends where bash's does: at a variable, at a reference with no
    /// value, at a circle (back to the start or to itself), or past eight references.
    #[test]
    fn references_lead_where_bash_follows_them() {
        let mut vars = Vars::new();
        vars.set("x", "1").expect("set");
        for (name, to) in [("a", "b"), ("b", "a"), ("c", "d"), ("d", "d"), ("e", "x")] {
            vars.insert(name, reference(to));
        }
        vars.insert("empty", Var { value: Value::Unset, attrs: Attrs::NAMEREF });
        assert_eq!(vars.lead("x"), Lead::Itself);
        assert_eq!(vars.lead("e"), Lead::To("x"));
        assert_eq!(vars.lead("a"), Lead::Circular { at: "a" });
        assert_eq!(vars.lead("c"), Lead::Circular { at: "d" });
        assert_eq!(vars.lead("empty"), Lead::Empty("empty"));
        assert!(vars.get("a").is_none() && vars.get("empty").is_none());
        assert_eq!(vars.set("a", "2"), Err(SetError::Circular("a".into())));
        assert_eq!(vars.take_notes(), vec!["warning: a: circular name reference".to_string()]);
        assert_eq!(vars.set("empty", "^"), Err(SetError::Invalid("^".into())));
        // Eight references reach the variable; nine find nothing and write nothing.
        let mut chain = Vars::new();
        chain.set("v0", "end").expect("set");
        for n in 1..=9 {
            chain.insert(&format!("v{n}"), reference(&format!("v{}", n - 1)));
        }
        assert_eq!(chain.get_str("v8"), Some("end"));
        assert_eq!(chain.lead("v9"), Lead::TooDeep);
        assert!(chain.get("v9").is_none() && chain.set("v9", "x").is_err());
        assert_eq!(chain.get_str("v0"), Some("end"));
    }

    /// Inside a function, a local reference's circle reads and writes the global variable of
    /// its name; element references that name each other end with the attribute taken away.
    #[test]
    fn circles_in_functions_and_among_elements_end() {
        let mut vars = Vars::new();
        vars.set("v", "global").expect("set");
        vars.push_frame();
        vars.make_local("v");
        vars.insert("v", reference("v"));
        assert_eq!(vars.get_str("v"), Some("global"));
        vars.set("v", "inside").expect("the global");
        vars.pop_frame();
        assert_eq!(vars.get_str("v"), Some("inside"));
        let mut vars = Vars::new();
        vars.insert("a", reference("b[0]"));
        vars.insert("b", reference("a[0]"));
        assert_eq!(vars.get_str("a"), None);
        vars.set("a", "1").expect("b becomes the array");
        assert_eq!(vars.element("b", "0"), Some("1"));
        assert!(!vars.is_reference("b") && vars.is_reference("a"));
    }

    #[test]
    fn put_numbers_is_an_insert_of_the_array() {
        let array = |elements: &[(i64, &str)]| Var {
            value: Value::Indexed(elements.iter().map(|&(i, v)| (i, v.to_string())).collect()),
            attrs: Attrs::default(),
        };
        let kinds: Vec<(&str, Option<Var>)> = vec![
            ("absent", None),
            ("string", Some(Var::string("hello"))),
            ("one", Some(array(&[(0, "127")]))),
            ("two", Some(array(&[(0, "0"), (1, "1")]))),
            ("holes", Some(array(&[(0, "0"), (2, "1")]))),
            ("readonly", Some(Var { value: Value::Indexed([(0, "1".to_string())].into()), attrs: Attrs::READONLY })),
            ("reference", Some(Var { value: Value::Str("target".into()), attrs: Attrs::NAMEREF })),
        ];
        for (kind, var) in kinds {
            for numbers in [&[0][..], &[1, -2], &[i32::MIN], &[255, 0, 3]] {
                let mut put = Vars::new();
                put.set("target", "t").expect("set");
                if let Some(var) = &var {
                    put.insert("v", var.clone());
                }
                let mut inserted = put.clone();
                put.put_numbers("v", numbers);
                let elements = numbers.iter().enumerate().map(|(i, n)| (i as i64, n.to_string())).collect();
                inserted.insert("v", Var { value: Value::Indexed(elements), attrs: Attrs::default() });
                for name in ["v", "target"] {
                    assert_eq!(put.get_raw(name), inserted.get_raw(name), "{kind} {numbers:?} {name}");
                }
                assert_eq!(put.bytes(), inserted.bytes(), "{kind} {numbers:?}");
            }
        }
    }
}
