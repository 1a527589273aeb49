//! Fuzz target: the interpreter, bc, awk, jq, sed and printf on arbitrary text under tight
//! limits end without a panic (the first byte picks which).
//! Run: RUSTC_BOOTSTRAP=1 cargo fuzz run --fuzz-dir tests/fuzz -s none languages
#![no_main]
// libFuzzer's harness writes its crash files with `File::create`, which the house lint keeps
// for the Vfs; the harness is not the shell's code.
#![allow(clippy::disallowed_methods)]

libfuzzer_sys::fuzz_target!(|data: &[u8]| toolsh::fuzz::languages(data));
