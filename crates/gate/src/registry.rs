//! The registry: every tool by qualified name, the aliases that absorb guessed names, and the
//! one dispatch point for JSON calls (tool commands, the library, MCP): schema check ▸ gate ▸
//! body ▸ audit.

use super::gate::{Gate, digest};
use super::{Tool, ToolCx, ToolError, ToolOutput, ToolSpec};
use crate::policy::{NamePattern, Policy, PolicyError};
use rustc_hash::FxHashMap;
use serde_json::Value;
use std::collections::BTreeMap;
use std::sync::{Arc, OnceLock};

/// All registered tools.
#[derive(Clone, Default)]
pub struct Registry {
    /// The tables, made on first use: most command lines run only shell commands and never
    /// ask, and making the built-in tools (their specs, names and aliases: 370 allocations and
    /// 80,000 instructions) was a twelfth of what `toolsh -c true` ran.
    tables: OnceLock<Tables>,
    /// What makes the built-in tools (toolsh-tools' bodies) when the tables are made.
    builtins: Option<Builtins>,
    /// Namespaces whose tools can change while the shell runs, asked at every lookup.
    sources: Vec<Arc<dyn ToolSource>>,
    /// Which tools are on (the policy's `disable` globs), for the sources' tools too.
    enabled: Option<Enabled>,
}

/// The registered tools by name, as made by [`Registry::tables`].
#[derive(Clone, Default)]
struct Tables {
    /// Hashed, not ordered: every command a line runs asks for its name here first.
    tools: FxHashMap<String, Arc<dyn Tool>>,
    aliases: FxHashMap<String, String>,
    /// Tools switched off: listed as disabled, never resolved.
    disabled: BTreeMap<String, Arc<dyn Tool>>,
}

/// What makes the built-in tools.
pub type Builtins = fn() -> Vec<Arc<dyn Tool>>;

/// Whether a tool of that name is on.
type Enabled = Arc<dyn Fn(&str) -> bool + Send + Sync>;

/// A namespace whose tools can change while the shell runs (a mounted MCP server's, whose
/// server may change its list): the registry asks it for the current ones at every lookup
/// and listing, so a tool the server adds is a command at once.
pub trait ToolSource: Send + Sync {
    /// The namespace it owns (`memory` of `memory.read_graph`).
    fn namespace(&self) -> &str;
    /// Its tools as they are now, by qualified name.
    fn tools(&self) -> Arc<BTreeMap<String, Arc<dyn Tool>>>;

    /// Asked when a name in its namespace is not among its tools: lists them again if that
    /// may find it (a list cached before the tool existed); whether it did.
    fn refresh(&self) -> bool {
        false
    }
}

impl Registry {
    /// An empty registry.
    pub fn new() -> Self {
        Registry::default()
    }

    /// A registry whose first tools are those `builtins` makes, when first asked for (the
    /// shell passes toolsh-tools' `all`: this crate names no tool body).
    pub fn with_builtins(builtins: Builtins) -> Self {
        Registry { builtins: Some(builtins), ..Registry::default() }
    }

    /// The tables, made now if they are not yet: the built-in tools (when asked for), then the
    /// filter of [`Registry::retain`].
    fn tables(&self) -> &Tables {
        self.tables.get_or_init(|| {
            let mut tables = Tables::default();
            if let Some(builtins) = self.builtins {
                for tool in builtins() {
                    // Built-in names are distinct by construction; a clash is a bug caught by tests.
                    let _ = tables.insert(tool, &self.sources);
                }
            }
            if let Some(enabled) = &self.enabled {
                tables.retain(enabled);
            }
            tables
        })
    }

    /// Adds a tool. Names are `namespace.tool` (letters, digits, `_`, `-`); a name or alias
    /// already taken is refused.
    pub fn register(&mut self, tool: Arc<dyn Tool>) -> Result<(), String> {
        self.tables();
        let Registry { tables, sources, .. } = self;
        match tables.get_mut() {
            Some(tables) => tables.insert(tool, sources),
            None => unreachable!("the tables were made just above"),
        }
    }

    /// Adds a namespace of changing tools; a namespace the registry already has is refused.
    /// Aliases of built-in tools spelt in that namespace (`sql.query` for `db.query`) are
    /// dropped: the namespace is the source's whole, and a name of it typed by the model must
    /// reach the mounted server, never quietly run toolsh's own tool instead.
    pub fn add_source(&mut self, source: Arc<dyn ToolSource>) -> Result<(), String> {
        let namespace = source.namespace().to_string();
        let tables = self.tables();
        let taken = tables
            .tools
            .keys()
            .chain(tables.disabled.keys())
            .any(|n| n.split_once('.').is_some_and(|(ns, _)| ns == namespace))
            || self.sources.iter().any(|s| s.namespace() == namespace);
        if taken {
            return Err(format!("the namespace '{namespace}' is already registered"));
        }
        if let Some(tables) = self.tables.get_mut() {
            tables.aliases.retain(|alias, _| !in_namespace(alias, &namespace));
        }
        self.sources.push(source);
        Ok(())
    }

    /// Drops the tools `disabled` says are off (the sources' tools are filtered as they come);
    /// tables not yet made are filtered when they are.
    pub fn retain(&mut self, enabled: impl Fn(&str) -> bool + Send + Sync + 'static) {
        let enabled: Enabled = Arc::new(enabled);
        if let Some(tables) = self.tables.get_mut() {
            tables.retain(&enabled);
        }
        self.enabled = Some(enabled);
    }

    fn is_enabled(&self, name: &str) -> bool {
        self.enabled.as_ref().is_none_or(|enabled| enabled(name))
    }

    /// Finds a tool by name or alias.
    pub fn resolve(&self, name: &str) -> Option<Arc<dyn Tool>> {
        let Tables { tools, aliases, .. } = self.tables();
        if let Some(tool) = tools.get(name).or_else(|| aliases.get(name).and_then(|n| tools.get(n))) {
            return Some(tool.clone());
        }
        let (namespace, _) = name.split_once('.')?;
        let source = self.sources.iter().find(|s| s.namespace() == namespace)?;
        let found = source.tools().get(name).cloned();
        let found = found.or_else(|| source.refresh().then(|| source.tools().get(name).cloned()).flatten());
        found.filter(|_| self.is_enabled(name))
    }

    /// All tools, by name.
    pub fn all(&self) -> Vec<Arc<dyn Tool>> {
        let mut all: BTreeMap<String, Arc<dyn Tool>> = self.tables().tools.clone().into_iter().collect();
        for source in &self.sources {
            for (name, tool) in source.tools().iter() {
                if self.is_enabled(name) {
                    all.insert(name.clone(), tool.clone());
                }
            }
        }
        all.into_values().collect()
    }

    /// Checks that every rule and `disable` entry of `policy` names at least one tool — built
    /// in, registered, a host program or a mounted server's — so that a typo (`fs.dlete`) or a
    /// name that is no tool's (`rm`, `read_file`) stops the shell instead of protecting nothing.
    /// A pattern in a namespace of `unlisted` (a declared server whose tools could not be
    /// listed, which was reported already) is left unchecked; one in a mounted namespace that
    /// none of its listed tools match has the server list them again first, as a lookup does
    /// (a cached list may predate the tool). `commands` gives the tools a shell command calls,
    /// for the hint when a rule names a command.
    pub fn check(
        &self,
        policy: &Policy,
        unlisted: &[String],
        commands: impl Fn(&str) -> Option<&'static [&'static str]>,
    ) -> Result<(), PolicyError> {
        // No rule, nothing to check: the tables stay unmade (most runs never need them).
        if policy.name_patterns().next().is_none() {
            return Ok(());
        }
        let mut names: Vec<String> =
            self.all().into_iter().chain(self.disabled().cloned()).map(|t| t.spec().name.clone()).collect();
        names.sort();
        names.dedup();
        for pattern in policy.name_patterns() {
            if names.iter().any(|name| pattern.matches(name)) {
                continue;
            }
            let namespace = pattern.written.split_once('.').map_or(pattern.written, |(ns, _)| ns);
            if unlisted.iter().any(|alias| alias == namespace) {
                continue;
            }
            if let Some(source) = self.sources.iter().find(|s| s.namespace() == namespace)
                && source.refresh()
                && source.tools().keys().any(|name| pattern.matches(name))
            {
                continue;
            }
            return Err(PolicyError { rule: pattern.rule.to_string(), hint: self.hint(pattern, &names, &commands) });
        }
        Ok(())
    }

    /// What a pattern that names no tool probably meant: the tool an alias stands for, the
    /// tools a command calls, or the tools and namespaces a small edit away.
    fn hint(
        &self,
        pattern: NamePattern<'_>,
        names: &[String],
        commands: impl Fn(&str) -> Option<&'static [&'static str]>,
    ) -> Option<String> {
        let written = pattern.written;
        if let Some(tool) = self.tables().aliases.get(written) {
            return Some(format!("'{written}' is another name of {tool}; rules name the tool: {tool}"));
        }
        if let Some(tools) = commands(written) {
            return Some(format!("'{written}' is a command; rules name the tools it calls: {}", tools.join(", ")));
        }
        let within = (written.chars().count() / 3).max(1);
        let namespaces = names.iter().filter_map(|n| n.split_once('.').map(|(ns, _)| ns));
        let mut close: Vec<(usize, &str)> = names
            .iter()
            .map(String::as_str)
            .chain(namespaces)
            .filter_map(|name| {
                let exact_tool = name.split_once('.').is_some_and(|(_, tool)| tool == written);
                let distance = if exact_tool { 0 } else { crate::suggest::edit_distance(written, name) };
                (distance <= within).then_some((distance, name))
            })
            .collect();
        close.sort();
        close.dedup_by(|a, b| a.1 == b.1);
        close.truncate(3);
        let close: Vec<&str> = close.into_iter().map(|(_, name)| name).collect();
        if !close.is_empty() {
            return Some(format!("did you mean {}?", close.join(" or ")));
        }
        // A namespace nothing has: what declares one.
        let namespace = written.split_once('.').map_or(written, |(ns, _)| ns);
        let literal = !namespace.contains(['*', '?', '[', '{']);
        let known = names.iter().any(|name| name.split_once('.').is_some_and(|(ns, _)| ns == namespace));
        match namespace {
            "host" => Some("no such host program is declared: [host.NAME] in toolsh.toml, or --host NAME".to_string()),
            _ if literal && !known => Some(format!(
                "no tool has the namespace '{namespace}': an MCP server's tools are mounted with [mcp.{namespace}] in toolsh.toml, or --mcp {namespace}=COMMAND"
            )),
            _ => None,
        }
    }

    /// Checks `args` against the tool's schema (after applying parameter aliases), passes the
    /// gate in the name of `command`, runs the body and records the outcome.
    pub async fn call(
        &self,
        gate: &Gate,
        cx: ToolCx,
        command: &str,
        name: &str,
        args: Value,
    ) -> Result<ToolOutput, ToolError> {
        let tool = self.resolve(name).ok_or_else(|| self.unknown(name))?;
        let spec = tool.spec();
        let args = super::flags::check(spec, args)?;
        if spec.gates_itself {
            return tool.call(cx, args).await;
        }
        let subject = subject_of(spec, &args, &cx);
        let ticket = gate
            .admit(command, spec.facts(), subject.as_deref())
            .map_err(|denied| ToolError { status: crate::status::DENIED, message: denied.to_string() })?;
        let ticket = ticket.with_digest(digest(&spec.name, Some(&args.to_string())));
        let result = tool.call(cx, args).await;
        gate.record(ticket, result.as_ref().map_or_else(|e| e.status, |_| 0));
        result
    }

    /// The error for an unknown tool: it lists up to three close names.
    pub fn unknown(&self, name: &str) -> ToolError {
        let close: Vec<String> = self.similar(name, 3).into_iter().map(|(_, n)| n).collect();
        let hint = if close.is_empty() {
            "run 'help' or 'config tools' to list tools".to_string()
        } else {
            format!("did you mean: {}?", close.join(", "))
        };
        ToolError { status: 127, message: format!("unknown tool '{name}' ({hint})") }
    }

    /// Tool names close to `name`, closest first: within a small edit distance of the whole
    /// name (a third of what was typed), or exactly the part after the namespace (`read` →
    /// `fs.read`). A loose likeness of the part after the namespace is no guess (`git` is not
    /// `meta.get`, `patch` not `net.fetch`).
    pub fn similar(&self, name: &str, limit: usize) -> Vec<(usize, String)> {
        let within = (name.chars().count() / 3).max(1);
        let mut scored: Vec<(usize, String)> = self
            .visible()
            .into_iter()
            .map(|t| t.spec().name.clone())
            .filter_map(|n| {
                let exact_tool = n.split_once('.').is_some_and(|(_, tool)| tool == name);
                let distance = if exact_tool { 0 } else { crate::suggest::edit_distance(name, &n) };
                (distance <= within).then_some((distance, n))
            })
            .collect();
        scored.sort();
        scored.truncate(limit);
        scored
    }

    /// Tools switched off.
    pub fn disabled(&self) -> impl Iterator<Item = &Arc<dyn Tool>> {
        self.tables().disabled.values()
    }

    /// The visible tools, by name.
    pub fn visible(&self) -> Vec<Arc<dyn Tool>> {
        let mut all = self.all();
        all.retain(|t| t.spec().visible);
        all
    }
}

impl Tables {
    /// Adds a tool unless its name or an alias is taken or invalid, or its namespace belongs
    /// to one of `sources`.
    fn insert(&mut self, tool: Arc<dyn Tool>, sources: &[Arc<dyn ToolSource>]) -> Result<(), String> {
        let spec = tool.spec();
        let name = spec.name.clone();
        let valid = |n: &str| {
            n.split_once('.').is_some_and(|(ns, rest)| {
                !ns.is_empty()
                    && !rest.is_empty()
                    && n.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.'))
            })
        };
        if !valid(&name) {
            return Err(format!("tool name '{name}' must be namespace.tool (letters, digits, _ and -)"));
        }
        // A source owns its namespace whole (and asking it would start a server).
        if let Some((namespace, _)) = name.split_once('.')
            && sources.iter().any(|s| s.namespace() == namespace)
        {
            return Err(format!("tool '{name}': the namespace '{namespace}' belongs to a mounted server"));
        }
        let taken = |n: &str| self.tools.contains_key(n) || self.aliases.contains_key(n);
        if taken(&name) {
            return Err(format!("tool '{name}' is already registered"));
        }
        if let Some(alias) = spec.aliases.iter().find(|alias| taken(alias)) {
            return Err(format!("alias '{alias}' of '{name}' is already taken"));
        }
        // An alias in a source's namespace would shadow its tools (see `Registry::add_source`).
        for alias in spec.aliases.iter().filter(|alias| !sources.iter().any(|s| in_namespace(alias, s.namespace()))) {
            self.aliases.insert(alias.clone(), name.clone());
        }
        self.tools.insert(name, tool);
        Ok(())
    }

    /// Moves the tools `enabled` says are off to `disabled`.
    fn retain(&mut self, enabled: &Enabled) {
        let (on, off): (Vec<_>, Vec<_>) =
            std::mem::take(&mut self.tools).into_iter().partition(|(name, _)| enabled(name));
        self.tools = on.into_iter().collect();
        self.disabled.extend(off);
        let tools = &self.tools;
        self.aliases.retain(|_, name| tools.contains_key(name));
    }
}

/// Whether `name` is spelt in `namespace` (`sql.query` in `sql`).
fn in_namespace(name: &str, namespace: &str) -> bool {
    name.split_once('.').is_some_and(|(ns, _)| ns == namespace)
}

/// The call's subject: the value of the spec's subject property, a path made absolute.
pub(crate) fn subject_of(spec: &ToolSpec, args: &Value, cx: &ToolCx) -> Option<String> {
    let text = subject_text(args.get(spec.subject?)?);
    Some(if spec.subject_is_path { cx.abs(&text) } else { text })
}

/// The text rules match for a subject's value: a string as it is, a list of words joined by
/// blanks (a command line), anything else as JSON.
pub fn subject_text(value: &Value) -> String {
    match value {
        Value::String(text) => text.clone(),
        Value::Array(items) if items.iter().all(Value::is_string) => {
            items.iter().filter_map(Value::as_str).collect::<Vec<_>>().join(" ")
        }
        other => other.to_string(),
    }
}
