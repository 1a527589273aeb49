//! Fuzz target: the parser never panics, errors point inside the input, and printing a parsed
//! script gives text that parses to the same tree.
//! Run: RUSTC_BOOTSTRAP=1 cargo fuzz run --fuzz-dir tests/fuzz -s none parser
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| toolsh::fuzz::parser(data));
