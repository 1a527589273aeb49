//! Fuzz target: the parser never panics, errors point inside the input, and printing a parsed
//! script gives text that parses to the same tree.
//! Run: RUSTC_BOOTSTRAP=1 cargo fuzz run --fuzz-dir tests/fuzz -s none parser
#![no_main]
// libFuzzer's harness writes its crash files with `File::create`, which the house lint keeps
// for the Vfs; the harness is not the shell's code.
#![allow(clippy::disallowed_methods)]

libfuzzer_sys::fuzz_target!(|data: &[u8]| toolsh::fuzz::parser(data));
