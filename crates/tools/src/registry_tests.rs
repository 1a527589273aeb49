//! The registry with the built-in tools in it: the tables made on first use, mounted
//! servers' namespaces beside the built-in ones, and policies checked against every name.

use std::collections::BTreeMap;
use std::sync::Arc;
use toolsh_gate::{Registry, Tool, ToolOutput, ToolSource, ToolSpec};

/// A source of one tool, `src.echo`.
struct Source(Arc<BTreeMap<String, Arc<dyn Tool>>>);

impl ToolSource for Source {
    fn namespace(&self) -> &str {
        "src"
    }
    fn tools(&self) -> Arc<BTreeMap<String, Arc<dyn Tool>>> {
        self.0.clone()
    }
}

fn tool(name: &str) -> Arc<dyn Tool> {
    let spec = ToolSpec::with_schema(name, "a tool", serde_json::json!({"type": "object"}));
    toolsh_gate::typed(spec, |_cx, _args: serde_json::Value| async { Ok(ToolOutput::Empty) })
}

/// The tables are made on first use; a filter set before that applies as it would to
/// tables made at once.
#[test]
fn a_filter_set_before_the_tables_are_made_is_applied_when_they_are() {
    let off = |name: &str| name != "fs.read" && name != "msg.send";
    let mut late = crate::registry();
    late.retain(off);
    let mut early = crate::registry();
    assert!(early.resolve("read_file").is_some(), "made here, before the filter");
    early.retain(off);
    for registry in [&late, &early] {
        assert!(registry.resolve("fs.read").is_none() && registry.resolve("read_file").is_none());
        assert!(registry.resolve("fs.write").is_some() && registry.resolve("write_file").is_some());
        let disabled: Vec<String> = registry.disabled().map(|t| t.spec().name.clone()).collect();
        assert_eq!(disabled, ["fs.read", "msg.send"]);
    }
    let names = |r: &Registry| r.all().iter().map(|t| t.spec().name.clone()).collect::<Vec<_>>();
    assert_eq!(names(&late), names(&early));
    assert!(late.register(tool("fs.write")).is_err(), "a built-in name is taken");
    assert!(late.register(tool("write_file.x")).is_ok());
}

/// A source of any namespace with the tools named.
struct Named(&'static str, Arc<BTreeMap<String, Arc<dyn Tool>>>);

impl ToolSource for Named {
    fn namespace(&self) -> &str {
        self.0
    }
    fn tools(&self) -> Arc<BTreeMap<String, Arc<dyn Tool>>> {
        self.1.clone()
    }
}

#[test]
fn a_source_drops_the_built_in_aliases_spelt_in_its_namespace() {
    let mut registry = crate::registry();
    assert_eq!(registry.resolve("sql.query").map(|t| t.spec().name.clone()).as_deref(), Some("db.query"));
    let tools = BTreeMap::from([("sql.query".to_string(), tool("sql.query"))]);
    registry.add_source(Arc::new(Named("sql", Arc::new(tools)))).expect("sql is free");
    assert_eq!(registry.resolve("sql.query").map(|t| t.spec().name.clone()).as_deref(), Some("sql.query"));
    assert!(registry.resolve("sql.execute").is_none(), "the server has no such tool");
    assert_eq!(registry.resolve("query_db").map(|t| t.spec().name.clone()).as_deref(), Some("db.query"));
}

#[test]
fn a_policy_names_registered_tools_or_says_what_was_meant() {
    use toolsh_gate::policy::{Policy, Verdict};
    let mut registry = crate::registry();
    let tools = BTreeMap::from([("mem.forget".to_string(), tool("mem.forget"))]);
    registry.add_source(Arc::new(Named("mem", Arc::new(tools)))).expect("mem is free");
    let commands = |name: &str| (name == "rm").then_some(&["fs.delete"][..]);
    let check = |verdict, rule: &str| {
        let mut policy = Policy::default();
        policy.add(verdict, rule, "/").expect("parses");
        registry.check(&policy, &["gone".to_string()], commands).map_err(|e| e.to_string())
    };
    for rule in ["fs", "fs.*", "fs.del*", "mem", "mem.forget", "*", "gone.anything", "fs.write:src/**"] {
        assert_eq!(check(Verdict::Deny, rule), Ok(()), "{rule}");
    }
    let refused = [
        ("fs.dlete", "rule 'deny:fs.dlete' matches no tool (did you mean fs.delete?)"),
        ("rm", "rule 'deny:rm' matches no tool ('rm' is a command; rules name the tools it calls: fs.delete)"),
        (
            "read_file",
            "rule 'deny:read_file' matches no tool ('read_file' is another name of fs.read; rules name the tool: fs.read)",
        ),
        ("mem.forgot", "rule 'deny:mem.forgot' matches no tool (did you mean mem.forget?)"),
        (
            "zzz.*",
            "rule 'deny:zzz.*' matches no tool (no tool has the namespace 'zzz': an MCP server's tools are mounted with [mcp.zzz] in toolsh.toml, or --mcp zzz=COMMAND)",
        ),
        (
            "host.git:push*",
            "rule 'deny:host.git:push*' matches no tool (no such host program is declared: [host.NAME] in toolsh.toml, or --host NAME)",
        ),
        ("fs.zzzzzz", "rule 'deny:fs.zzzzzz' matches no tool (run 'toolsh -c \"config tools\"' to list them)"),
    ];
    for (rule, said) in refused {
        assert_eq!(check(Verdict::Deny, rule), Err(said.to_string()), "{rule}");
    }
    let mut policy = Policy::default();
    policy.disable("msgs").expect("parses");
    let err = registry.check(&policy, &[], commands).expect_err("no such namespace");
    assert_eq!((err.rule.as_str(), err.hint.as_deref()), ("disabled:msgs", Some("did you mean msg?")));
}

#[test]
fn a_source_owns_its_namespace_whole() {
    let mut registry = crate::registry();
    let tools = BTreeMap::from([("src.echo".to_string(), tool("src.echo"))]);
    registry.add_source(Arc::new(Source(Arc::new(tools)))).expect("a new namespace");
    assert!(registry.resolve("src.echo").is_some());
    assert!(registry.all().iter().any(|t| t.spec().name == "src.echo"), "listed with the rest");
    let refused = registry.register(tool("src.other")).expect_err("its namespace is taken");
    assert!(refused.contains("belongs to a mounted server"), "{refused}");
    let empty = Arc::new(BTreeMap::new());
    assert!(registry.add_source(Arc::new(Source(empty))).is_err(), "a second source of one namespace");
    struct Fs;
    impl ToolSource for Fs {
        fn namespace(&self) -> &str {
            "fs"
        }
        fn tools(&self) -> Arc<BTreeMap<String, Arc<dyn Tool>>> {
            Arc::default()
        }
    }
    assert!(registry.add_source(Arc::new(Fs)).is_err(), "a namespace of registered tools");
}

/// The gate judges what a command reaches in the workspace as the fs tools; those tools'
/// specs say the same of themselves (they are built from the same facts).
#[test]
fn the_workspace_tools_are_what_the_gate_judges_them_to_be() {
    use toolsh_gate::facts::*;
    let registry = crate::registry();
    for declared in [READ, WRITE, LIST, MKDIR, COPY, MOVE, DELETE, PATCH] {
        let tool = registry.resolve(declared.name).expect("registered");
        assert_eq!(tool.spec().facts(), declared, "{}", declared.name);
    }
}
