//! What the console knows about names while the user types: commands and tools with their
//! one-line descriptions and flags (fixed for the session), and the shell's functions,
//! variables and working directory (a [`View`] refreshed after every line).

use crate::interp::Shell;
use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};

/// A command or tool the user can type.
#[derive(Debug, Clone)]
pub struct Entry {
    /// One line for the completion menu.
    pub summary: String,
    /// Its flags with a description each (empty when none is known).
    pub flags: Vec<(String, String)>,
}

/// Commands and tools by name; fixed for the session.
#[derive(Debug, Default)]
pub struct Catalog {
    /// Every name, sorted.
    pub entries: BTreeMap<String, Entry>,
}

impl Catalog {
    /// The shell's commands and interpreter builtins (but `:`, `[` and `.`), and visible tools.
    pub fn of(shell: &Shell) -> Catalog {
        let mut entries = BTreeMap::new();
        for builtin in crate::builtins::all().iter().filter(|b| b.name.chars().all(|c| c.is_ascii_alphanumeric())) {
            let flags = builtin.spec.flags().into_iter().map(|flag| (flag, String::new())).collect();
            entries.insert(builtin.name.to_string(), Entry { summary: builtin.summary.to_string(), flags });
        }
        for tool in shell.tools().visible() {
            let spec = tool.spec();
            let schema = spec.schema();
            let properties = schema.get("properties").and_then(|p| p.as_object());
            let flags = properties
                .into_iter()
                .flatten()
                .map(|(name, property)| {
                    let text = property.get("description").and_then(|d| d.as_str()).unwrap_or("");
                    (format!("--{name}"), text.lines().next().unwrap_or("").to_string())
                })
                .collect();
            entries.insert(spec.name.clone(), Entry { summary: spec.summary().to_string(), flags });
        }
        Catalog { entries }
    }
}

/// The shell as of the last line: for completion and highlighting on the editor's side.
#[derive(Debug, Default, Clone)]
pub struct View {
    /// Working directory (absolute, virtual).
    pub cwd: String,
    /// Variable names.
    pub variables: Vec<String>,
    /// Function names.
    pub functions: Vec<String>,
}

/// The view shared between the loop (which refreshes it) and the editor's helpers.
pub type SharedView = Arc<Mutex<View>>;

impl View {
    /// A snapshot of `shell`.
    pub fn of(shell: &Shell) -> View {
        let state = shell.state();
        let mut variables = state.vars.names();
        variables.sort();
        let mut functions: Vec<String> = state.functions.keys().cloned().collect();
        functions.sort();
        View { cwd: state.cwd.clone(), variables, functions }
    }
}

/// Whether `name` runs something: a command, a tool, a function, or a script by path.
pub fn is_known(catalog: &Catalog, view: &View, name: &str) -> bool {
    catalog.entries.contains_key(name)
        || view.functions.iter().any(|f| f == name)
        || matches!(name, ":" | "[")
        || name.contains('/')
}
