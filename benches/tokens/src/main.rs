//! Token budget of the one `shell` tool: its generated definition (guide + command index)
//! against every registered tool exported as a separate definition, in o200k_base tokens —
//! on both sides what a model is given of a tool (name, description, input schema); the whole
//! MCP definition of `shell` (with annotations and its output schema) is printed beside it.
//!
//! Measured twice: with the built-in registry, and with a harness's own tools added (the
//! 40 typical SaaS tools of [`EMBEDDER_TOOLS`], registered as an embedder would), which takes
//! the registry past 60 tools as the target asks.

use serde_json::{Value, json};
use std::sync::Arc;

/// `(name, description, [(property, type, description, required)])` of tools a harness
/// typically adds: issue tracker, chat, calendar, CRM, CI, docs, mail, storage.
type Row = (&'static str, &'static str, &'static [(&'static str, &'static str, &'static str, bool)]);
const EMBEDDER_TOOLS: &[Row] = &[
    (
        "issues.search",
        "Search issues by text, state and label.",
        &[
            ("query", "string", "Search text.", true),
            ("state", "string", "open, closed or all.", false),
            ("label", "string", "Only issues with this label.", false),
        ],
    ),
    ("issues.get", "Get one issue with its comments.", &[("number", "integer", "Issue number.", true)]),
    (
        "issues.create",
        "Open an issue.",
        &[
            ("title", "string", "Title.", true),
            ("body", "string", "Markdown body.", false),
            ("labels", "array", "Labels to add.", false),
        ],
    ),
    (
        "issues.comment",
        "Comment on an issue.",
        &[("number", "integer", "Issue number.", true), ("body", "string", "Markdown text.", true)],
    ),
    (
        "issues.close",
        "Close an issue.",
        &[("number", "integer", "Issue number.", true), ("reason", "string", "completed or not_planned.", false)],
    ),
    (
        "pulls.list",
        "List pull requests.",
        &[("state", "string", "open, closed or all.", false), ("author", "string", "Only this author's.", false)],
    ),
    ("pulls.diff", "Get the diff of a pull request.", &[("number", "integer", "Pull request number.", true)]),
    (
        "pulls.review",
        "Submit a review on a pull request.",
        &[
            ("number", "integer", "Pull request number.", true),
            ("event", "string", "APPROVE, REQUEST_CHANGES or COMMENT.", true),
            ("body", "string", "Review text.", false),
        ],
    ),
    (
        "pulls.merge",
        "Merge a pull request.",
        &[("number", "integer", "Pull request number.", true), ("method", "string", "merge, squash or rebase.", false)],
    ),
    (
        "chat.post",
        "Post a message to a channel.",
        &[
            ("channel", "string", "Channel name or id.", true),
            ("text", "string", "Message text.", true),
            ("thread", "string", "Reply in this thread.", false),
        ],
    ),
    (
        "chat.history",
        "Read a channel's recent messages.",
        &[("channel", "string", "Channel name or id.", true), ("limit", "integer", "At most this many.", false)],
    ),
    (
        "chat.search",
        "Search messages across channels.",
        &[("query", "string", "Search text.", true), ("from", "string", "Only from this user.", false)],
    ),
    (
        "chat.react",
        "Add a reaction to a message.",
        &[
            ("channel", "string", "Channel.", true),
            ("ts", "string", "Message timestamp.", true),
            ("emoji", "string", "Emoji name.", true),
        ],
    ),
    ("chat.users", "List the workspace's users.", &[("query", "string", "Filter by name.", false)]),
    (
        "calendar.events",
        "List events in a time range.",
        &[
            ("start", "string", "RFC 3339 start.", true),
            ("end", "string", "RFC 3339 end.", true),
            ("calendar", "string", "Calendar id.", false),
        ],
    ),
    (
        "calendar.create",
        "Create an event.",
        &[
            ("title", "string", "Title.", true),
            ("start", "string", "RFC 3339 start.", true),
            ("end", "string", "RFC 3339 end.", true),
            ("attendees", "array", "Email addresses.", false),
        ],
    ),
    (
        "calendar.free",
        "Find free slots for attendees.",
        &[
            ("attendees", "array", "Email addresses.", true),
            ("duration_min", "integer", "Meeting length in minutes.", true),
        ],
    ),
    (
        "calendar.cancel",
        "Cancel an event.",
        &[("id", "string", "Event id.", true), ("notify", "boolean", "Email the attendees.", false)],
    ),
    ("crm.contact_find", "Find contacts by name, email or company.", &[("query", "string", "Search text.", true)]),
    ("crm.contact_get", "Get a contact with its activity.", &[("id", "string", "Contact id.", true)]),
    (
        "crm.contact_update",
        "Update a contact's fields.",
        &[("id", "string", "Contact id.", true), ("fields", "object", "Field values to set.", true)],
    ),
    (
        "crm.deal_list",
        "List deals by stage and owner.",
        &[("stage", "string", "Pipeline stage.", false), ("owner", "string", "Owner email.", false)],
    ),
    (
        "crm.deal_update",
        "Move a deal or change its amount.",
        &[
            ("id", "string", "Deal id.", true),
            ("stage", "string", "New stage.", false),
            ("amount", "number", "New amount.", false),
        ],
    ),
    (
        "crm.note_add",
        "Add a note to a contact or deal.",
        &[("target", "string", "Contact or deal id.", true), ("text", "string", "Note text.", true)],
    ),
    (
        "ci.runs",
        "List recent CI runs.",
        &[
            ("branch", "string", "Only this branch.", false),
            ("status", "string", "queued, running, success or failure.", false),
        ],
    ),
    (
        "ci.logs",
        "Get the log of a CI job.",
        &[("run", "integer", "Run id.", true), ("job", "string", "Job name.", false)],
    ),
    (
        "ci.rerun",
        "Re-run a CI run.",
        &[("run", "integer", "Run id.", true), ("failed_only", "boolean", "Only failed jobs.", false)],
    ),
    (
        "docs.search",
        "Search the team's documents.",
        &[("query", "string", "Search text.", true), ("space", "string", "Only this space.", false)],
    ),
    ("docs.get", "Get a document as Markdown.", &[("id", "string", "Document id.", true)]),
    (
        "docs.update",
        "Replace a document's body.",
        &[("id", "string", "Document id.", true), ("markdown", "string", "New body.", true)],
    ),
    (
        "mail.search",
        "Search mail.",
        &[("query", "string", "Search text.", true), ("limit", "integer", "At most this many.", false)],
    ),
    ("mail.get", "Get one message with attachments listed.", &[("id", "string", "Message id.", true)]),
    (
        "mail.send",
        "Send an email.",
        &[
            ("to", "array", "Recipients.", true),
            ("subject", "string", "Subject.", true),
            ("body", "string", "Text body.", true),
        ],
    ),
    (
        "mail.draft",
        "Save a draft.",
        &[
            ("to", "array", "Recipients.", true),
            ("subject", "string", "Subject.", true),
            ("body", "string", "Text body.", true),
        ],
    ),
    (
        "storage.list",
        "List objects under a prefix.",
        &[("bucket", "string", "Bucket.", true), ("prefix", "string", "Key prefix.", false)],
    ),
    (
        "storage.get",
        "Download an object as text.",
        &[("bucket", "string", "Bucket.", true), ("key", "string", "Object key.", true)],
    ),
    (
        "storage.put",
        "Upload text as an object.",
        &[
            ("bucket", "string", "Bucket.", true),
            ("key", "string", "Object key.", true),
            ("text", "string", "Content.", true),
        ],
    ),
    (
        "metrics.query",
        "Run a metrics query over a time range.",
        &[
            ("query", "string", "PromQL.", true),
            ("start", "string", "RFC 3339 start.", true),
            ("end", "string", "RFC 3339 end.", true),
        ],
    ),
    ("metrics.alerts", "List firing alerts.", &[("severity", "string", "critical, warning or info.", false)]),
    ("pager.incidents", "List open incidents.", &[("service", "string", "Only this service.", false)]),
];

/// A harness tool for the count: its spec is what matters; the body is never called.
struct Listed(toolsh::tools::ToolSpec);

impl toolsh::tools::Tool for Listed {
    fn spec(&self) -> &toolsh::tools::ToolSpec {
        &self.0
    }
    fn call(
        &self,
        _: toolsh::tools::ToolCx,
        _: Value,
    ) -> futures::future::BoxFuture<'static, Result<toolsh::tools::ToolOutput, toolsh::tools::ToolError>> {
        Box::pin(async { Err(toolsh::tools::ToolError::failed("not implemented in the token count")) })
    }
}

fn embedder_tool((name, description, properties): &Row) -> Arc<dyn toolsh::tools::Tool> {
    let mut props = serde_json::Map::new();
    let mut required = Vec::new();
    for (property, kind, text, needed) in properties.iter() {
        let mut schema = json!({ "type": kind, "description": text });
        if *kind == "array" {
            schema["items"] = json!({ "type": "string" });
        }
        props.insert(property.to_string(), schema);
        if *needed {
            required.push(property.to_string());
        }
    }
    let schema = json!({ "type": "object", "properties": props, "required": required });
    Arc::new(Listed(toolsh::tools::ToolSpec::with_schema(name, description, schema)))
}

fn main() {
    let bpe = match tiktoken_rs::o200k_base() {
        Ok(bpe) => bpe,
        Err(err) => {
            eprintln!("token-budget: cannot load o200k_base: {err}");
            std::process::exit(1);
        }
    };
    let count = |value: &Value| bpe.encode_with_special_tokens(&value.to_string()).len();
    let measure = |label: &str, shell: &toolsh::Shell| {
        // What a model is given for a tool, on both sides: name, description, input schema
        // (harnesses keep annotations and the output schema to themselves).
        let whole = toolsh::mcp::export(shell, "mcp").unwrap_or_default();
        let one =
            json!({ "name": whole["name"], "description": whole["description"], "inputSchema": whole["inputSchema"] });
        let separate: Vec<Value> = shell
            .tools()
            .all()
            .iter()
            .map(|tool| {
                let spec = tool.spec();
                json!({ "name": spec.name, "description": spec.description, "inputSchema": spec.schema() })
            })
            .collect();
        let shell_tokens = count(&one);
        let separate_tokens: usize = separate.iter().map(count).sum();
        println!("{label}: {} tools", separate.len());
        println!("  shell tool definition:   {shell_tokens} tokens (o200k_base)");
        println!("    (whole MCP definition, with annotations and outputSchema: {} tokens)", count(&whole));
        println!("  tools as separate schemas: {separate_tokens} tokens");
        println!("  ratio:                   {:.3}", shell_tokens as f64 / separate_tokens.max(1) as f64);
    };
    measure("built-in registry", &toolsh::Shell::builder().build());
    let mut builder = toolsh::Shell::builder();
    for row in EMBEDDER_TOOLS {
        builder = match builder.tool(embedder_tool(row)) {
            Ok(builder) => builder,
            Err(err) => {
                eprintln!("token-budget: {err}");
                std::process::exit(1);
            }
        };
    }
    measure("with a harness's 40 tools", &builder.build());
    // A real roster: the reference MCP servers (`.ci/run` installs them), mounted.
    let bin = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../target/mcp-servers/node_modules/.bin");
    if bin.join("mcp-server-everything").exists() {
        let shared = std::env::temp_dir();
        let declare = |alias: &str, args: String| {
            toolsh::mount::ServerConfig::from_flag(&format!("{alias}={args}")).unwrap_or_else(|err| {
                eprintln!("token-budget: {err}");
                std::process::exit(1);
            })
        };
        let servers = [
            declare("every", bin.join("mcp-server-everything").display().to_string()),
            declare("files", format!("{} {}", bin.join("mcp-server-filesystem").display(), shared.display())),
            declare("memory", bin.join("mcp-server-memory").display().to_string()),
        ];
        match toolsh::mount::mount(toolsh::Shell::builder(), &servers, None, |warning| {
            eprintln!("token-budget: {warning}")
        }) {
            Ok(builder) => {
                measure("with server-everything, server-filesystem and server-memory mounted", &builder.build())
            }
            Err(err) => eprintln!("token-budget: {err}"),
        }
    } else {
        println!("(the reference MCP servers are not installed: run .ci/run once to measure them mounted)");
    }
    println!("target: <= 500 tokens for the shell definition with the registry at >= 60 tools");
}
