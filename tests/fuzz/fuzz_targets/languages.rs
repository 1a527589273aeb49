//! Fuzz target: the interpreter, bc, awk, jq, sed and printf on arbitrary text under tight
//! limits end without a panic (the first byte picks which).
//! Run: RUSTC_BOOTSTRAP=1 cargo fuzz run --fuzz-dir tests/fuzz -s none languages
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| toolsh::fuzz::languages(data));
