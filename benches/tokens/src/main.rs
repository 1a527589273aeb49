//! Token budget of the one `shell` tool: its generated definition (guide + command index)
//! against every registered tool exported as a separate definition, in o200k_base tokens.

fn main() {
    let bpe = match tiktoken_rs::o200k_base() {
        Ok(bpe) => bpe,
        Err(err) => {
            eprintln!("token-budget: cannot load o200k_base: {err}");
            std::process::exit(1);
        }
    };
    let count = |value: &serde_json::Value| bpe.encode_with_special_tokens(&value.to_string()).len();
    let shell = toolsh::Shell::builder().build();
    let one = toolsh::mcp::export(&shell, "mcp").unwrap_or_default();
    let separate: Vec<serde_json::Value> = shell
        .tools()
        .iter()
        .map(|tool| {
            let spec = tool.spec();
            serde_json::json!({ "name": spec.name, "description": spec.description, "inputSchema": spec.schema() })
        })
        .collect();
    let shell_tokens = count(&one);
    let separate_tokens: usize = separate.iter().map(count).sum();
    println!("shell tool definition:        {shell_tokens} tokens (o200k_base)");
    println!("{} tools as separate schemas: {separate_tokens} tokens", separate.len());
    println!("ratio:                        {:.3}", shell_tokens as f64 / separate_tokens.max(1) as f64);
    println!("target:                       <= 500 tokens with the command index (registry >= 60 tools)");
}
