//! Parser unit tests: trees for tricky inputs, errors with positions, and print-reparse.

use super::*;

fn reparse(src: &str) {
    let first = parse(src).unwrap_or_else(|e| panic!("{src:?}: {e}"));
    let printed = first.to_string();
    let second = parse(&printed).unwrap_or_else(|e| panic!("reparse of {printed:?}: {e}"));
    assert_eq!(first, second, "printed as:\n{printed}");
}

#[test]
fn round_trips() {
    for src in [
        "echo hello world",
        "a=1 b=$a echo \"$a\" '$b' \\$c",
        "x=(1 2 [5]=three) ; y+=(4)",
        "echo ${x:-default} ${x#*/} ${x//a/b} ${#x} ${!p*} ${a[@]} ${x:1:2} ${x^^} ${x@Q}",
        "echo \"${x:-'q'}\" \"$(echo hi)\" `date` $((1+2*3))",
        "if true; then echo a; elif false; then echo b; else echo c; fi",
        "for i in 1 2 3; do echo $i; done; for ((i=0;i<3;i++)); do :; done",
        "while read -r line; do echo \"$line\"; done < file",
        "case $x in a|b) echo ab;; c) echo c;& *) echo d;;& esac",
        "f() { local x=1; echo $x; }; function g { f; }",
        "[[ -f a && $x == *.txt || $y =~ ^(a|b)$ ]]",
        "(( x += 2 )) && echo yes || echo no",
        "cat <<EOF\nhello $name\n\\$literal\nEOF\necho after",
        "cat <<'EOF' | tr a-z A-Z\nno $expansion here\nEOF",
        "cat <<-EOF\n\tindented\n\tEOF",
        "echo x &>log; echo y &>>log; echo z 2&>1 &",
        "cat <<${a}\nx $a\n${a}\ncat <<$(b) <<\"q\"'r'\ny\n$(b)\n$z\nqr",
        "cat <<EOF; echo a \\\nb\nbody\nEOF\necho after",
        "echo a 2>&1 >/dev/null &>x &>>y 3<&0 <<<\"here\"",
        "! true | false |& cat",
        "echo $'a\\tb' @(x|y) !(z) x{a,b}y ~/dir",
        "sleep 1 & wait",
        "echo \"${x/\\//_}\" ${x/\\//_}",
        "echo \"${s//,/$'\\n'}\" \"${u:-$'\\t'x}\" \"$'\\t'\"",
        "a=(1 \"2 3\")x b=(4*3)/2",
    ] {
        reparse(src);
    }
}

#[test]
fn errors_have_positions() {
    let err = parse("echo a\nif true; then fi").unwrap_err();
    assert_eq!((err.line, err.col), (2, 15), "{err}");
    assert_eq!(err.kind, ParseErrorKind::Syntax);
    for src in ["echo 'open", "if true; then", "echo \"x", "cat <<EOF\nbody", "a |", "f() {", "echo $(", "x=${a"] {
        let err = parse(src).unwrap_err();
        assert!(err.is_incomplete(), "{src:?}: {err}");
    }
    for src in ["fi", "echo )", "a && && b", "case x in esac esac", "(("] {
        assert!(parse(src).is_err(), "{src:?} should fail");
    }
}

#[test]
fn errors_are_said_in_bash_words_at_bash_s_lines() {
    let cases = [
        ("fi", "syntax error near unexpected token `fi'", 1),
        ("cat < <>", "syntax error near unexpected token `<>'", 1),
        ("echo >", "syntax error near unexpected token `newline'", 1),
        ("echo (a)", "syntax error near unexpected token `a'", 1),
        ("if true; then\n", "syntax error: unexpected end of file", 2),
        ("a |", "syntax error: unexpected end of file", 1),
        ("\necho \"a\nb", "unexpected EOF while looking for matching `\"'", 2),
        ("x=(1\n2", "unexpected EOF while looking for matching `)'", 1),
        ("echo ${a:-'x\n", "unexpected EOF while looking for matching `''", 1),
        ("[[ a b ]]", "conditional binary operator expected", 1),
        ("[[ -n ]]", "unexpected argument `]]' to conditional unary operator", 1),
        ("[[ ( a ]]", "unexpected token `]]', expected `)'", 1),
        ("\n[[ a == b\n", "unexpected EOF while looking for `]]'", 2),
    ];
    for (src, message, line) in cases {
        let err = parse(src).unwrap_err();
        assert_eq!((err.message.as_str(), err.line), (message, line), "{src:?}");
    }
    // A word is named whole, within a bound.
    let err = parse(&format!("echo ({})", "x".repeat(10_000))).unwrap_err();
    assert!(err.message.len() < 300, "{}", err.message.len());
}

#[test]
fn a_substitution_bash_cannot_expand_parses_and_keeps_its_text() {
    // bash finds the closing brace and fails only if the word is expanded.
    for (src, inner) in
        [("echo ${x!}", "x!"), ("echo ${(%):-%x} b", "(%):-%x"), ("echo \"${a b}\"", "a b"), ("echo ${a${b}}", "a${b}")]
    {
        let tree = parse(src).unwrap_or_else(|e| panic!("{src:?}: {e}"));
        assert!(format!("{tree:?}").contains(&format!("Bad({inner:?})")), "{src:?}: {tree:?}");
        reparse(src);
    }
    assert!(parse("echo ${(%)").unwrap_err().is_incomplete());
}

#[test]
fn complete_commands_come_one_line_at_a_time() {
    let src = "echo a; echo b &\nif x\nthen y; fi; echo c\ncat <<E\nbody\nE\n\n# note\necho d \\\n e\nfi\necho never";
    let mut commands = Commands::new(src);
    let mut lengths = Vec::new();
    for command in commands.by_ref() {
        match command {
            Ok(list) => lengths.push(list.len()),
            Err(err) => {
                assert_eq!((err.line, err.kind), (11, ParseErrorKind::Syntax), "{err}");
                break;
            }
        }
    }
    assert_eq!(lengths, [2, 2, 1, 1]);
    assert!(commands.next().is_none(), "nothing is read after a syntax error");
}

#[test]
fn deep_nesting_is_an_error_not_a_crash() {
    let src = "(".repeat(10_000);
    assert!(parse(&src).is_err());
    let src = "$(".repeat(10_000);
    assert!(parse(&src).is_err());
}

#[test]
fn check_agrees_with_parse() {
    for src in ["echo a; echo b\nif true; then echo c; fi\ncat <<E\nx\nE\necho d", "", "f() { g; }\n(a | b) &"] {
        let script = parse(src).unwrap();
        assert_eq!(check(src), Ok(script.body.len()), "{src:?}");
    }
    for src in ["echo 'open", "fi", "echo a\nif"] {
        assert_eq!(check(src).unwrap_err(), parse(src).unwrap_err(), "{src:?}");
    }
}

/// One input per construct of the language, each with the tree it parses to recorded in
/// `crates/syntax/tests/snapshots/ast/NAME.txt` (`TOOLSH_BLESS=1 cargo test -p toolsh-syntax`
/// re-records them): a change of any tree — a node, a field, a span — shows in review.
const CONSTRUCTS: &[(&str, &str)] = &[
    ("simple_command", "echo hello 'world'"),
    ("assignments", "a=1 b+=x c= env"),
    ("arrays", "x=(1 [5]=five \"t w o\"); y[2]=z; echo ${x[@]} ${#x[*]} ${!x[@]}"),
    (
        "parameter_operators",
        "echo ${a:-d} ${a:=d} ${a:?m} ${a:+s} ${a#p} ${a##p} ${a%s} ${a%%s} ${a/p/r} ${a//p/r} ${a:1:2} ${a^} ${a,,} ${!a} ${a@Q}",
    ),
    ("quoting", "echo 'single' \"double $x ${y}\" \\$escaped $'ansi\\t' \"\\\"\""),
    ("command_substitution", "echo $(date +%s) `pwd` \"$(echo \"$(id)\")\""),
    ("arithmetic_expansion", "echo $(( (1 + 2) * x++ ** 2 ? y : z << 1 ))"),
    ("if_elif_else", "if a; then b; elif c; then d; else e; fi"),
    ("for_in", "for i in a \"$@\" *.txt; do echo $i; done"),
    ("for_arith", "for ((i = 0; i < 3; i++)); do :; done"),
    ("while_until", "while read -r l; do break; done < f; until false; do continue 2; done"),
    ("case", "case $x in a|b) one;; c*) two;& *) three;;& esac"),
    ("functions", "f() { local x=1; return 3; }; function g { f \"$@\"; } > out"),
    ("conditional", "[[ -f a && ! $x == *.txt || $y =~ ^(a|b)$ ]]"),
    ("arithmetic_command", "(( x += 2, y = x ))"),
    ("heredoc", "cat <<EOF\nhello $name\nEOF"),
    ("heredoc_quoted_stripped", "cat <<'A' <<-B\n$no\nA\n\tindented\n\tB"),
    ("redirections", "cmd <in >out 2>>err 2>&1 &>all 3<&- <>rw <<<\"here\" >|clobber"),
    ("named_descriptors", "exec {fd}>out {in}<&0 {fd}>&-; echo {x} {1}>y {a}>(b)"),
    ("pipelines_and_lists", "! a | b |& c && d || e; f & g"),
    ("subshell_and_group", "(cd /tmp; ls) && { echo a; echo b; } | cat"),
    ("time_and_select", "time -p a | b; time ! c; time; select x in a b; do break; done"),
    ("case_toggle_and_bad_substitution", "echo ${a~} ${a~~} ${(%):-%x} ${x#{}"),
    ("globs_braces_tildes", "echo *.rs ?x [a-z]* @(a|b) !(c) x{1,2}y {1..3} ~ ~/d"),
    ("process_substitution", "diff <(sort a) >(cat)"),
    (
        "coproc",
        "coproc cat; coproc NAME { a; } >o; coproc (b); coproc \"$n\" while x; do :; done; coproc A=1 c 2>e | d",
    ),
];

#[test]
#[allow(clippy::disallowed_methods)] // reads and re-records the snapshot files
fn each_construct_parses_to_its_recorded_tree() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/snapshots/ast");
    let bless = std::env::var_os("TOOLSH_BLESS").is_some();
    let mut differ = Vec::new();
    for (name, src) in CONSTRUCTS {
        let tree = parse(src).unwrap_or_else(|e| panic!("{name}: {src:?}: {e}"));
        let shown = format!("{src}\n---\n{tree:#?}\n");
        let path = dir.join(format!("{name}.txt"));
        if bless {
            std::fs::create_dir_all(&dir).expect("snapshot dir");
            std::fs::write(&path, &shown).expect("write snapshot");
        } else if std::fs::read_to_string(&path).unwrap_or_default() != shown {
            differ.push(name.to_string());
        }
        reparse(src);
    }
    assert!(differ.is_empty(), "trees differ from their snapshots (TOOLSH_BLESS=1 re-records): {differ:?}");
}

/// The parser's role lists (words that open a construct, words that end a list) are drawn
/// from the one list of reserved words.
#[test]
fn the_parser_s_keyword_roles_are_reserved_words() {
    for word in KEYWORDS.iter().chain(RESERVED) {
        assert!(RESERVED_WORDS.contains(word), "{word} is not in RESERVED_WORDS");
    }
}

/// An arithmetic word's text reads back as the same word, and a subscript's text is read with
/// its quotes removed: what the shell's expansion of `(( ))` cuts and parses again.
#[test]
fn arithmetic_text_reads_back_and_subscripts_lose_their_quotes() {
    let script = parse(r#"(( m[$k]++ + ${#a[@]} * $(echo 1) + "x[$i]" - 'q' ))"#).expect("parse");
    let crate::ast::Command::Compound(compound, ..) = &script.body[0].and_or.first.commands[0] else {
        panic!("compound")
    };
    let crate::ast::CompoundCommand::Arith(word) = compound.as_ref() else { panic!("arith") };
    let text = word.arith_text();
    assert!(text.contains("m[$k]") && text.contains("\"x[$i]\""), "{text}");
    assert_eq!(&crate::parser::parse_arith_text(&text).expect("reads back"), word);
    let key = crate::parser::parse_subscript_text(r#"'a]b'"c d"\]"#).expect("subscript");
    fn joined(parts: &[crate::ast::WordPart]) -> String {
        parts
            .iter()
            .map(|part| match part {
                crate::ast::WordPart::Literal(t) | crate::ast::WordPart::Quoted(t) => t.to_string(),
                crate::ast::WordPart::DoubleQuoted(inner) => joined(inner),
                other => panic!("{other:?}"),
            })
            .collect()
    }
    assert_eq!(joined(&key.parts), "a]bc d]");
}

/// `coproc` takes a name only when a compound command follows it on the line, as bash's
/// grammar does; otherwise its words are the command (`coproc A` runs `A`).
#[test]
fn coproc_takes_a_name_only_before_a_compound_command() {
    use crate::ast::Command;
    let named = |src: &str| -> Option<String> {
        let script = parse(src).unwrap_or_else(|e| panic!("{src:?}: {e}"));
        let Command::Coproc(coproc) = &script.body[0].and_or.first.commands[0] else { panic!("{src:?}: no coproc") };
        coproc.name.as_ref().map(|name| name.to_string())
    };
    assert_eq!(named("coproc A { :; }"), Some("A".to_string()));
    assert_eq!(named("coproc A ( : )"), Some("A".to_string()));
    assert_eq!(named("coproc A ((1))"), Some("A".to_string()));
    assert_eq!(named("coproc A"), None);
    assert_eq!(named("coproc A b c"), None);
    assert_eq!(named("coproc A\n{ :; }"), None);
    assert_eq!(named("coproc A=(1 2) cat"), None);
    assert_eq!(named("coproc 2>/dev/null cat"), None);
    assert_eq!(named("coproc { :; }"), None);
    for bad in ["coproc", "coproc;", "coproc ! a", "coproc coproc a", "coproc function f { :; }", "coproc A B { :; }"] {
        assert!(parse(bad).is_err(), "{bad:?} parsed");
    }
}
