//! The integration test binary: differential compatibility against bash, workspace escape
//! tests, and the CLI.

mod cli;
mod compat;
mod escape;
