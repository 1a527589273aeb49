//! Entry points for fuzz targets (`tests/fuzz`) and for the test that replays their corpus.
//! Each function panics when a property fails, which is what a fuzzer looks for.
#![allow(clippy::panic)] // a failed property must abort the fuzz run

use crate::parser::parse;

/// Parser properties on arbitrary bytes: no panic; an error's position lies inside the input;
/// a parsed script prints as text that parses back to the same tree.
pub fn parser(data: &[u8]) {
    let text = toolsh_bytes::lossy(data);
    match parse(&text) {
        Ok(script) => {
            bash_printing_holds(&text);
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

/// The text as a function's body, printed as `declare -f` prints it (`print_bash`): no panic.
/// (The text need not read back as the same tree: as bash's, it prints `for ((;;))` as
/// `for ((1; 1; 1))` and moves a redirection before `[[` after it; a saved session checks.)
fn bash_printing_holds(text: &str) {
    let wrapped = format!("__f() {{\n{text}\n}}");
    let Ok(script) = parse(&wrapped) else { return };
    if let Some(crate::ast::Command::Function(def)) =
        script.body.first().and_then(|item| item.and_or.first.commands.first())
    {
        let printed = toolsh_syntax::print_bash::function_definition(def, Default::default());
        assert!(printed.starts_with("__f () \n{ \n"), "{printed:?}");
    }
}

/// What [`languages`] feeds its input to, chosen by the first byte.
const LANGUAGES: [&str; 7] = [
    // A whole script.
    "eval \"$P\"",
    "bc <<< \"$P\"",
    "awk \"$P\" <<< 'a b c'",
    "jq \"$P\" <<< '{\"a\":[1,2,{\"b\":null}],\"c\":\"x\"}'",
    "sed \"$P\" <<< 'line one'",
    "printf \"$P\" 1 two 3.5",
    // jq's data rather than its program: parse, print, compare, sort.
    "jq -c '., (. == .), (try sort catch \"x\"), tojson' <<< \"$P\"",
];

/// The interpreter and the mini-languages on arbitrary text, under tight limits: every line
/// ends (by its deadline at the latest) without a panic — neither one that escapes nor one
/// the command boundary had to catch (`internal error` on stderr).
pub fn languages(data: &[u8]) {
    let Some((&which, rest)) = data.split_first() else { return };
    let text = toolsh_bytes::lossy(rest);
    let line = LANGUAGES[usize::from(which) % LANGUAGES.len()];
    let limits = crate::Limits {
        wall_time: Some(std::time::Duration::from_millis(300)),
        commands: 20_000,
        loop_iterations: 20_000,
        output_bytes: 1 << 20,
        input_bytes: 1 << 20,
        ..crate::Limits::default()
    };
    let Ok(runtime) = tokio::runtime::Builder::new_current_thread().enable_time().build() else { return };
    let mut shell = crate::Shell::builder().limits(limits).build();
    shell.set_env("P", &text);
    let out = runtime.block_on(shell.exec(line));
    let stderr = out.stderr_text();
    if stderr.contains("internal error (") {
        panic!("a command panicked on {line} with P={text:?}:\n{stderr}");
    }
}
