//! Tools as commands: command-line words to JSON arguments by the tool's schema, the schema
//! check every JSON call passes, and the usage text generated from the schema.
//!
//! Accepted forms: `--name value`, `--name=value`, `--flag` / `--no-flag` / `--flag=false` for
//! booleans, a repeated flag or a JSON array for arrays, JSON text for objects, one JSON object
//! as the only word, and bare words for the required properties in order (`fs.read a.txt`).

use super::{ToolError, ToolSpec};
use serde_json::{Map, Value};

/// A property's type, as far as the command line cares.
#[derive(Debug, Clone, PartialEq)]
struct Prop<'s> {
    name: &'s str,
    kinds: Vec<&'s str>,
    items: Vec<&'s str>,
    choices: Vec<&'s Value>,
    description: &'s str,
    default: Option<&'s Value>,
    required: bool,
}

fn resolve<'s>(root: &'s Value, schema: &'s Value) -> &'s Value {
    match schema.get("$ref").and_then(Value::as_str).and_then(|r| r.strip_prefix("#/")) {
        Some(path) => path.split('/').try_fold(root, |node, key| node.get(key)).unwrap_or(schema),
        None => schema,
    }
}

/// The types a schema admits (`["string", "null"]`, `anyOf`, `$ref`, `enum` all understood).
fn kinds<'s>(root: &'s Value, schema: &'s Value) -> (Vec<&'s str>, Vec<&'s Value>) {
    let schema = resolve(root, schema);
    let mut found = Vec::new();
    let mut choices: Vec<&Value> = Vec::new();
    match schema.get("type") {
        Some(Value::String(kind)) => found.push(kind.as_str()),
        Some(Value::Array(list)) => found.extend(list.iter().filter_map(Value::as_str)),
        _ => {}
    }
    if let Some(Value::Array(values)) = schema.get("enum") {
        choices.extend(values.iter());
    }
    if let Some(value) = schema.get("const") {
        choices.push(value);
    }
    for key in ["anyOf", "oneOf"] {
        if let Some(Value::Array(variants)) = schema.get(key) {
            for variant in variants {
                let (k, c) = kinds(root, variant);
                found.extend(k);
                choices.extend(c);
            }
        }
    }
    if found.is_empty() && !choices.is_empty() {
        found.push("string");
    }
    found.dedup();
    (found, choices)
}

fn props(spec: &ToolSpec) -> Vec<Prop<'_>> {
    let root = spec.schema();
    let required: Vec<&str> = root
        .get("required")
        .and_then(Value::as_array)
        .map_or(Vec::new(), |r| r.iter().filter_map(Value::as_str).collect());
    let Some(Value::Object(properties)) = root.get("properties") else { return Vec::new() };
    let mut out: Vec<Prop<'_>> = properties
        .iter()
        .map(|(name, schema)| {
            let (kinds, choices) = kinds(root, schema);
            let items = resolve(root, schema).get("items").map_or(Vec::new(), |items| self::kinds(root, items).0);
            Prop {
                name,
                kinds,
                items,
                choices,
                description: schema.get("description").and_then(Value::as_str).unwrap_or(""),
                default: schema.get("default"),
                required: required.contains(&name.as_str()),
            }
        })
        .collect();
    // Required first, each group in declaration order.
    out.sort_by_key(|p| !p.required);
    out
}

impl Prop<'_> {
    /// The flag as typed: `--old-text` for `old_text` (both are accepted).
    fn flag(&self) -> String {
        format!("--{}", self.name.replace('_', "-"))
    }

    /// `--flag VALUE`, or `--flag` for a boolean.
    fn synopsis(&self) -> String {
        if self.is("boolean") { self.flag() } else { format!("{} {}", self.flag(), self.placeholder()) }
    }

    fn is(&self, kind: &str) -> bool {
        self.kinds.contains(&kind)
    }

    /// The main (non-null) type.
    fn main_kind(&self) -> &str {
        self.kinds.iter().copied().find(|k| *k != "null").unwrap_or("string")
    }

    /// How the value is shown in usage: `STRING`, `a|b|c`, `INTEGER…`.
    fn placeholder(&self) -> String {
        if !self.choices.is_empty() {
            return self
                .choices
                .iter()
                .map(|c| c.as_str().map_or_else(|| c.to_string(), str::to_string))
                .collect::<Vec<_>>()
                .join("|");
        }
        match self.main_kind() {
            "array" => format!("{}…", self.items.first().copied().unwrap_or("value").to_uppercase()),
            "object" => "JSON".to_string(),
            kind => kind.to_uppercase(),
        }
    }

    /// Turns one command-line word into a value of this property's type. For an array, a word
    /// that is a JSON array is its items (`--names '["a","b"]'`, what a model writes), any other
    /// word one item; a property of no declared type takes JSON when the word is a JSON object
    /// or array, else the word as a string.
    fn parse(&self, tool: &str, text: &str) -> Result<Value, ToolError> {
        let bad = |what: &str| ToolError::usage(format!("{tool}: {}: expected {what}, got '{text}'", self.flag()));
        let json = || serde_json::from_str::<Value>(text).ok();
        if self.is("array") && text.trim_start().starts_with('[') {
            let Some(Value::Array(items)) = json() else {
                // Text only a list of strings could hold as it is (`[draft]`) stays one item.
                return match self.items.first() {
                    None | Some(&"string") => Ok(Value::String(text.to_string())),
                    Some(_) => Err(bad("a JSON array")),
                };
            };
            let item = Prop { kinds: self.items.clone(), ..self.clone() };
            if let Some(wrong) = items.iter().find(|value| !type_ok(&item, value)) {
                return Err(bad(&format!("items of type {} (not {wrong})", self.items.join(" or "))));
            }
            return Ok(Value::Array(items));
        }
        if self.kinds.is_empty()
            && matches!(text.trim_start().chars().next(), Some('{' | '['))
            && let Some(value) = json()
        {
            return Ok(value);
        }
        let kind = if self.is("array") { self.items.first().copied().unwrap_or("string") } else { self.main_kind() };
        match kind {
            "integer" => text.parse::<i64>().map(Value::from).map_err(|_| bad("an integer")),
            "number" => text.parse::<f64>().map(Value::from).map_err(|_| bad("a number")),
            "boolean" => match text {
                "true" | "yes" | "1" => Ok(Value::Bool(true)),
                "false" | "no" | "0" => Ok(Value::Bool(false)),
                _ => Err(bad("true or false")),
            },
            "object" | "array" => serde_json::from_str(text).map_err(|_| bad("JSON")),
            _ => Ok(Value::String(text.to_string())),
        }
    }
}

/// Turns the words after a tool command's name into JSON arguments. `stdin` is called, at most
/// once, when the tool's stdin property is missing.
pub fn parse_argv(spec: &ToolSpec, words: &[String]) -> Result<Map<String, Value>, ToolError> {
    if spec.takes_words {
        let args = words.iter().cloned().map(Value::String).collect();
        return Ok(Map::from_iter([("args".to_string(), Value::Array(args))]));
    }
    let tool = spec.name.as_str();
    if let [only] = words
        && only.trim_start().starts_with('{')
    {
        return match serde_json::from_str::<Value>(only) {
            Ok(Value::Object(map)) => Ok(map),
            Ok(_) | Err(_) => Err(ToolError::usage(format!("{tool}: the argument is not a JSON object: {only}"))),
        };
    }
    let props = props(spec);
    let find = |name: &str| -> Option<&Prop<'_>> {
        let name = spec.param_aliases.iter().find(|(a, _)| a == name).map_or(name, |(_, p)| p.as_str());
        let underscored = name.replace('-', "_");
        props.iter().find(|p| p.name == name || p.name == underscored)
    };
    let mut map = Map::new();
    let mut bare = Vec::new();
    let mut idx = 0;
    let mut only_bare = false;
    while idx < words.len() {
        let word = &words[idx];
        idx += 1;
        let Some(flag) = word.strip_prefix("--").filter(|f| !only_bare && !f.is_empty()) else {
            if word == "--" && !only_bare {
                only_bare = true;
            } else {
                bare.push(word.as_str());
            }
            continue;
        };
        let (name, inline) = match flag.split_once('=') {
            Some((name, value)) => (name, Some(value)),
            None => (flag, None),
        };
        let (prop, negated) = match find(name) {
            Some(prop) => (prop, false),
            None => match name.strip_prefix("no-").and_then(&find) {
                Some(prop) if prop.is("boolean") && inline.is_none() => (prop, true),
                _ => return Err(unknown_flag(spec, &props, name)),
            },
        };
        let value = if prop.is("boolean") && inline.is_none() {
            Value::Bool(!negated)
        } else {
            let text = match inline {
                Some(text) => text,
                None => {
                    let Some(text) = words.get(idx) else {
                        return Err(ToolError::usage(format!(
                            "{tool}: --{name} needs a value ({})",
                            prop.placeholder()
                        )));
                    };
                    idx += 1;
                    text
                }
            };
            prop.parse(tool, text)?
        };
        insert(&mut map, prop, value);
    }
    let open: Vec<&Prop<'_>> =
        props.iter().filter(|p| p.required && !map.contains_key(p.name) && !p.is("boolean")).collect();
    let mut open = open.into_iter();
    for word in bare {
        let Some(prop) = open.next() else {
            return Err(ToolError::usage(format!(
                "{tool}: unexpected argument '{word}': name it with a flag (see {tool} -h)"
            )));
        };
        let value = prop.parse(tool, word)?;
        insert(&mut map, prop, value);
    }
    Ok(map)
}

/// Adds a parsed value: an array property gathers its items over repeated flags (a JSON array
/// adds all of its own), any other takes the last value.
fn insert(map: &mut Map<String, Value>, prop: &Prop<'_>, value: Value) {
    if prop.is("array") {
        let items = match value {
            Value::Array(items) => items,
            one => vec![one],
        };
        match map.entry(prop.name.to_string()).or_insert_with(|| Value::Array(Vec::new())) {
            Value::Array(gathered) => gathered.extend(items),
            other => *other = Value::Array(items),
        }
    } else {
        map.insert(prop.name.to_string(), value);
    }
}

fn unknown_flag(spec: &ToolSpec, props: &[Prop<'_>], name: &str) -> ToolError {
    let close: Vec<String> = props
        .iter()
        .filter(|p| crate::suggest::edit_distance(name, p.name) <= (p.name.len() / 3).max(1))
        .map(Prop::flag)
        .collect();
    let hint = if close.is_empty() { String::new() } else { format!(" (did you mean {}?)", close.join(", ")) };
    ToolError::usage(format!("{}: unknown option --{name}{hint}", spec.name))
}

/// The property standard input fills, when the arguments lack it.
pub fn stdin_property<'s>(spec: &'s ToolSpec, args: &Map<String, Value>) -> Option<&'s str> {
    spec.stdin.filter(|p| !args.contains_key(*p))
}

/// Checks JSON arguments against the schema: an object, aliases renamed, no unknown property,
/// every required one present, each of its type and among its choices.
pub fn check(spec: &ToolSpec, args: Value) -> Result<Value, ToolError> {
    let tool = spec.name.as_str();
    let mut map = match args {
        Value::Object(map) => map,
        Value::Null => Map::new(),
        other => return Err(ToolError::usage(format!("{tool}: arguments must be a JSON object, got {other}"))),
    };
    for (alias, property) in &spec.param_aliases {
        if let Some(value) = map.remove(alias) {
            map.entry(property.clone()).or_insert(value);
        }
    }
    let props = props(spec);
    for key in map.keys() {
        if !props.iter().any(|p| p.name == key) {
            return Err(unknown_flag(spec, &props, key));
        }
    }
    for prop in &props {
        let Some(value) = map.get(prop.name) else {
            if prop.required {
                return Err(ToolError::usage(format!("{tool}: {} is required ({})", prop.flag(), prop.placeholder())));
            }
            continue;
        };
        if !type_ok(prop, value) {
            return Err(ToolError::usage(format!(
                "{tool}: {}: expected {}, got {value}",
                prop.flag(),
                prop.kinds.join(" or ")
            )));
        }
        if !prop.choices.is_empty() && !value.is_null() && !prop.choices.contains(&value) {
            return Err(ToolError::usage(format!(
                "{tool}: {}: must be one of {}, got {value}",
                prop.flag(),
                prop.placeholder()
            )));
        }
    }
    Ok(Value::Object(map))
}

fn type_ok(prop: &Prop<'_>, value: &Value) -> bool {
    if prop.kinds.is_empty() {
        return true;
    }
    prop.kinds.iter().any(|kind| match *kind {
        "string" => value.is_string(),
        "integer" => value.is_i64() || value.is_u64(),
        "number" => value.is_number(),
        "boolean" => value.is_boolean(),
        "array" => value.is_array(),
        "object" => value.is_object(),
        "null" => value.is_null(),
        _ => true,
    })
}

/// The usage text: synopsis, description, one line per property (required first), and the
/// tool's metadata.
pub fn usage(spec: &ToolSpec) -> String {
    let props = props(spec);
    let mut synopsis = format!("usage: {}", spec.name);
    for prop in &props {
        let flag = prop.synopsis();
        if prop.required {
            synopsis.push_str(&format!(" {flag}"));
        } else {
            synopsis.push_str(&format!(" [{flag}]"));
        }
    }
    let mut out = format!("{synopsis}\n       {} '{{JSON}}'\n\n{}\n", spec.name, spec.description);
    if !props.is_empty() {
        out.push_str("\noptions:\n");
        let rows: Vec<(String, String)> = props
            .iter()
            .map(|p| {
                let left = p.synopsis();
                let mut right = p.description.replace('\n', " ");
                if p.required {
                    right = format!("(required) {right}");
                }
                if p.is("array") {
                    right.push_str(" (repeat the flag for more, or give a JSON array)");
                }
                if let Some(default) = p.default.filter(|d| !d.is_null() && **d != Value::Bool(false)) {
                    right.push_str(&format!(
                        " [default: {}]",
                        default.as_str().map_or_else(|| default.to_string(), str::to_string)
                    ));
                }
                (left, right.trim().to_string())
            })
            .collect();
        let width = rows.iter().map(|(l, _)| l.chars().count()).max().unwrap_or(0).min(28);
        for (left, right) in rows {
            out.push_str(&format!("  {left:<width$}  {right}\n"));
        }
    }
    out.push_str(&format!("\nside effect: {}", spec.side_effect.as_str()));
    if let Some(stdin) = spec.stdin {
        out.push_str(&format!("; standard input fills --{}", stdin.replace('_', "-")));
    }
    if spec.restricted {
        out.push_str("; restricted (needs an explicit allow rule)");
    }
    out.push('\n');
    out
}
