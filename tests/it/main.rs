//! The integration test binary: commands against their specs, workspace escape
//! tests, parser properties, and the CLI.
#![allow(clippy::disallowed_methods)] // tests set up and inspect real files and run real bash

mod buckets;
mod cli;
mod commands;
mod console;
mod description;
mod escape;
mod examples;
mod fifo;
mod floor;
mod host;
mod jobs;
mod mcp;
mod mounts;
mod net;
mod parser_props;
mod patching;
mod policy;
mod redteam;
mod rules;
mod search;
mod sessions;
mod sqlite;
mod store;
mod streaming;
mod support;
mod tidy;
mod timers;
mod tools;
