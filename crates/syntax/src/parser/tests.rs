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
        "echo a 2>&1 >/dev/null &>x &>>y 3<&0 <<<\"here\"",
        "! true | false |& cat",
        "echo $'a\\tb' @(x|y) !(z) x{a,b}y ~/dir",
        "sleep 1 & wait",
        "echo \"${x/\\//_}\" ${x/\\//_}",
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
    for src in ["fi", "echo )", "a && && b", "case x in esac esac", "((", "echo ${x!}"] {
        assert!(parse(src).is_err(), "{src:?} should fail");
    }
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
