//! Parser properties: the committed fuzz corpus and every compat script replay through
//! `toolsh::fuzz::parser` (no panic, positions inside the input, print-and-reparse gives the same
//! tree), plus a property test over scripts assembled from shell fragments.

use proptest::prelude::*;
use std::path::Path;

#[test]
fn corpus_and_compat_scripts_hold_the_parser_properties() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut count = 0;
    for dir in ["tests/fuzz/corpus/parser", "tests/compat"] {
        let Ok(entries) = std::fs::read_dir(root.join(dir)) else { continue };
        for entry in entries.flatten() {
            let data = std::fs::read(entry.path()).expect("read corpus file");
            if dir.ends_with("compat") {
                // Each case's script on its own, as well as the file as a whole.
                let text = String::from_utf8_lossy(&data);
                for case in text.split("\n### ") {
                    let script: String =
                        case.lines().skip(1).take_while(|l| !l.starts_with("## ")).collect::<Vec<_>>().join("\n");
                    toolsh::fuzz::parser(script.as_bytes());
                    count += 1;
                }
            }
            toolsh::fuzz::parser(&data);
            count += 1;
        }
    }
    assert!(count > 500, "expected the corpus and compat scripts, found {count} inputs");
}

const FRAGMENTS: &[&str] = &[
    "echo",
    "a",
    "'q x'",
    "\"d $x\"",
    "$y",
    "${z:-w}",
    "${#a[@]}",
    "$(echo s)",
    "$((1+2))",
    "|",
    "&&",
    "||",
    ";",
    "\n",
    "&",
    ">",
    "2>&1",
    "<",
    ">>f",
    "if true; then",
    "fi",
    "while false; do",
    "done",
    "for i in 1 2; do",
    "case $v in a) echo;; esac",
    "{",
    "}",
    "(",
    ")",
    "[[ -n $x ]]",
    "((i++))",
    "f() { :; }",
    "x=1",
    "arr=(1 2)",
    "<<<word",
    "\\",
    "#c",
    "`b`",
    "$'t\\n'",
    "*.txt",
    "{a,b}",
    "!",
    "cat <<E\nbody $x\nE\n",
    "${x//a/b}",
    "${!p}",
];

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn fragments_never_break_the_parser(picks in prop::collection::vec(0..FRAGMENTS.len(), 0..24)) {
        let script: Vec<&str> = picks.iter().map(|&i| FRAGMENTS[i]).collect();
        toolsh::fuzz::parser(script.join(" ").as_bytes());
    }
}
