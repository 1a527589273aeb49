//! Entry points for fuzz targets (`tests/fuzz`) and for the test that replays their corpus.
//! Each function panics when a property fails, which is what a fuzzer looks for.
#![allow(clippy::panic)] // a failed property must abort the fuzz run

use crate::parser::parse;

/// Parser properties on arbitrary bytes: no panic; an error's position lies inside the input;
/// a parsed script prints as text that parses back to the same tree.
pub fn parser(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    match parse(&text) {
        Ok(script) => {
            let printed = script.to_string();
            match parse(&printed) {
                Ok(again) if again == script => {}
                Ok(again) => panic!("reparse differs\ninput: {text:?}\nprinted: {printed:?}\n{script:?}\n{again:?}"),
                Err(err) => panic!("printed form does not parse: {err}\ninput: {text:?}\nprinted: {printed:?}"),
            }
        }
        Err(err) => {
            if err.offset > text.len() || err.line == 0 || err.col == 0 {
                panic!("error position outside the input: {err:?} for {text:?}");
            }
        }
    }
}
