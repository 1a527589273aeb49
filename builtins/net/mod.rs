//! The network commands, over the gated `net.fetch` tool: `curl`, `wget`.

pub mod http;
