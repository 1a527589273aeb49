//! Completion and highlighting over a real shell and workspace, without a terminal (the
//! terminal itself is exercised by `tests/it/console.rs`).

use super::catalog::{Catalog, View};
use super::complete::{Completer, Session};
use super::highlight::Highlighter;
use crate::interp::Shell;
use nu_ansi_term::Color;
use reedline::Highlighter as _;
use std::sync::{Arc, Mutex};

fn setup() -> (Completer, Highlighter) {
    let mut shell = Shell::builder().env("HOME", "/home").build();
    let runtime = tokio::runtime::Builder::new_current_thread().enable_time().build().expect("runtime");
    runtime.block_on(shell.exec("mkdir -p '/w/my dir' /w/src; touch /w/readme.md /w/.hidden; cd /w; greet() { :; }"));
    let catalog = Arc::new(Catalog::of(&shell));
    let view = Arc::new(Mutex::new(View::of(&shell)));
    let completer = Completer { catalog: catalog.clone(), view: view.clone(), vfs: shell.vfs().clone(), session: None };
    (completer, Highlighter { catalog, view })
}

fn values(completer: &Completer, line: &str) -> Vec<String> {
    completer.suggestions(line, line.len()).into_iter().map(|s| s.value).collect()
}

#[test]
fn commands_tools_and_functions_where_a_command_goes() {
    let (completer, _) = setup();
    let found = completer.suggestions("echo hi | gre", 13);
    let grep = found.iter().find(|s| s.value == "grep").expect("grep is offered");
    assert_eq!(grep.description.as_deref(), Some("print lines that match patterns"));
    assert_eq!((grep.span.start, grep.span.end), (10, 13));
    assert!(values(&completer, "fs.r").contains(&"fs.read".to_string()));
    assert_eq!(values(&completer, "gree"), ["greet"]);
    // After `if`, a command again; after a command, not.
    assert!(values(&completer, "if tru").contains(&"true".to_string()));
}

#[test]
fn flags_of_the_command_being_typed() {
    let (completer, _) = setup();
    assert_eq!(values(&completer, "fs.read --pa"), ["--path"]);
    let flags = values(&completer, "cat x | sort -");
    assert!(flags.contains(&"-k".to_string()) && flags.contains(&"-n".to_string()), "{flags:?}");
    assert!(values(&completer, "find . -na").contains(&"-name".to_string()));
}

#[test]
fn variables_after_a_dollar() {
    let (completer, _) = setup();
    assert_eq!(values(&completer, "echo $HO"), ["$HOME", "$HOSTNAME", "$HOSTTYPE"]);
    assert_eq!(values(&completer, "echo ${HOM"), ["${HOME}"]);
}

#[test]
fn workspace_paths_relative_to_the_working_directory() {
    let (completer, _) = setup();
    assert_eq!(values(&completer, "cat r"), ["readme.md"]);
    assert_eq!(values(&completer, "cd s"), ["src/"]);
    assert_eq!(values(&completer, "ls my"), ["my\\ dir/"]);
    assert_eq!(values(&completer, "ls /w/s"), ["/w/src/"]);
    // Hidden entries only when asked for; the host is never listed.
    assert!(!values(&completer, "ls ").contains(&".hidden".to_string()));
    assert_eq!(values(&completer, "ls .h"), [".hidden"]);
    assert!(values(&completer, "cat /etc/pas").is_empty());
    // A redirection target is a path too.
    assert_eq!(values(&completer, "echo hi > rea"), ["readme.md"]);
}

#[test]
fn known_commands_green_unknown_red_strings_and_variables_coloured() {
    let (_, highlighter) = setup();
    let styled = highlighter.highlight("grep 'x' \"$HOME\" | nope # note", 0);
    let style_of = |text: &str| styled.buffer.iter().find(|(_, t)| t == text).map(|(style, _)| style.foreground);
    assert_eq!(style_of("grep"), Some(Some(Color::Green)));
    assert_eq!(style_of("nope"), Some(Some(Color::Red)));
    assert_eq!(style_of("'x'"), Some(Some(Color::Yellow)));
    assert_eq!(style_of("|"), Some(Some(Color::Cyan)));
    assert_eq!(style_of("# note"), Some(Some(Color::DarkGray)));
    // Every byte of the line is rendered, in order.
    let text: String = styled.buffer.iter().map(|(_, t)| t.as_str()).collect();
    assert_eq!(text, "grep 'x' \"$HOME\" | nope # note");
}

/// A completer over a session that ran `script` (its `complete` specifications in force), and
/// the session, with the runtime its functions run on.
fn programmable(script: &str) -> (Completer, Arc<Mutex<Shell>>, tokio::runtime::Runtime) {
    let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(1).enable_all().build().expect("runtime");
    let mut shell = Shell::builder().env("HOME", "/home").build();
    runtime.block_on(shell.exec("mkdir -p /w/src /w/docs; touch /w/readme.md; cd /w"));
    let outcome = runtime.block_on(shell.exec(script));
    assert_eq!(outcome.status, 0, "{:?}", toolsh_bytes::lossy(&outcome.stderr));
    let catalog = Arc::new(Catalog::of(&shell));
    let view = Arc::new(Mutex::new(View::of(&shell)));
    let vfs = shell.vfs().clone();
    let shell = Arc::new(Mutex::new(shell));
    let session = Session { shell: shell.clone(), runtime: runtime.handle().clone() };
    (Completer { catalog, view, vfs, session: Some(session) }, shell, runtime)
}

#[test]
fn a_command_s_specification_gives_its_candidates() {
    let (completer, _, _runtime) = programmable("complete -W 'alpha beta alps' mycmd");
    assert_eq!(values(&completer, "mycmd "), ["alpha", "alps", "beta"]);
    assert_eq!(values(&completer, "echo x; mycmd al"), ["alpha", "alps"]);
    let found = completer.suggestions("mycmd al", 8);
    assert_eq!((found[0].span.start, found[0].span.end, found[0].append_whitespace), (6, 8, true));
    // A command with none keeps the console's own completion.
    assert_eq!(values(&completer, "cat r"), ["readme.md"]);
}

#[test]
fn a_function_runs_in_the_session_with_comp_variables() {
    let script = r#"
        _f() {
            calls=$((calls + 1))
            COMPREPLY=("cword=$COMP_CWORD" "words=${COMP_WORDS[*]}" "args=$1,$2,$3" "point=$COMP_POINT" "line=$COMP_LINE")
        }
        complete -F _f foo
    "#;
    let (completer, shell, _runtime) = programmable(script);
    assert_eq!(
        values(&completer, "foo -a b"),
        ["args=foo,b,-a", "cword=2", "line=foo -a b", "point=8", "words=foo -a b"]
    );
    // Its variables stay set in the session, as bash's do; COMPREPLY and COMP_* do not.
    let shell = shell.lock().expect("shell");
    assert_eq!(shell.var("calls").as_deref(), Some("1"));
    assert_eq!(shell.var("COMPREPLY"), None);
    assert_eq!(shell.var("COMP_LINE"), None);
}

#[test]
fn options_nospace_filenames_and_compopt() {
    let script = r#"
        complete -o nospace -W 'one two' n
        complete -o filenames -W 'src readme.md' f
        _g() { compopt -o nospace; COMPREPLY=(x); }
        complete -F _g g
        complete -o default -W 'zzz' d
        complete -d cdx
    "#;
    let (completer, _, _runtime) = programmable(script);
    assert!(completer.suggestions("n o", 3).iter().all(|s| !s.append_whitespace));
    let found = completer.suggestions("f ", 2);
    let shown: Vec<(String, bool)> = found.into_iter().map(|s| (s.value, s.append_whitespace)).collect();
    assert_eq!(shown, [("readme.md".to_string(), true), ("src/".to_string(), false)]);
    assert!(!completer.suggestions("g ", 2)[0].append_whitespace);
    // Directories are file names without being told.
    assert_eq!(values(&completer, "cdx "), ["docs/", "src/"]);
    // No match: `-o default` completes paths.
    assert_eq!(values(&completer, "d rea"), ["readme.md"]);
}

#[test]
fn default_empty_and_initial_word_specifications() {
    let (completer, _, _runtime) =
        programmable("complete -D -W 'dflt'; complete -E -W 'empty'; complete -I -W 'ls lsblk'");
    assert_eq!(values(&completer, "whatever "), ["dflt"]);
    assert_eq!(values(&completer, ""), ["empty"]);
    assert_eq!(values(&completer, "echo hi; ls"), ["ls", "lsblk"]);
}

/// What bash 5.2 gave its function for each line (recorded at an interactive bash: the line,
/// then Tab with the cursor at the end).
#[test]
fn the_function_sees_the_line_as_bash_shows_it() {
    let script = r#"
        _f() {
            log="line=[$COMP_LINE] point=$COMP_POINT cword=$COMP_CWORD type=$COMP_TYPE args=[$1][$2][$3]"
            log+=" $(printf 'w=[%s]' "${COMP_WORDS[@]}")"
            COMPREPLY=()
        }
        complete -F _f foo; complete -D -F _f; complete -E -F _f
    "#;
    let (completer, shell, _runtime) = programmable(script);
    let cases = [
        ("foo -a b", "line=[foo -a b] point=8 cword=2 type=9 args=[foo][b][-a] w=[foo]w=[-a]w=[b]"),
        ("foo -a ", "line=[foo -a ] point=7 cword=2 type=9 args=[foo][][-a] w=[foo]w=[-a]w=[]"),
        (
            "echo x; foo --opt=va",
            "line=[foo --opt=va] point=12 cword=3 type=9 args=[foo][va][=] w=[foo]w=[--opt]w=[=]w=[va]",
        ),
        ("X=1 foo a", "line=[foo a] point=5 cword=1 type=9 args=[foo][a][foo] w=[foo]w=[a]"),
        ("foo \"a b", "line=[foo \"a b] point=8 cword=1 type=9 args=[foo][a b][foo] w=[foo]w=[\"a b]"),
        ("bar x y", "line=[bar x y] point=7 cword=2 type=9 args=[bar][y][x] w=[bar]w=[x]w=[y]"),
        ("", "line=[] point=0 cword=-1 type=9 args=[_EmptycmD_][][] w=[]"),
        ("ls >foo b", "line=[ls >foo b] point=9 cword=3 type=9 args=[ls][b][foo] w=[ls]w=[>]w=[foo]w=[b]"),
        ("foo a\\ b", "line=[foo a\\ b] point=8 cword=1 type=9 args=[foo][a\\ b][foo] w=[foo]w=[a\\ b]"),
        (
            "/usr/bin/foo x",
            "line=[/usr/bin/foo x] point=14 cword=1 type=9 args=[/usr/bin/foo][x][/usr/bin/foo] w=[/usr/bin/foo]w=[x]",
        ),
        (
            "foo user@host",
            "line=[foo user@host] point=13 cword=3 type=9 args=[foo][@host][@] w=[foo]w=[user]w=[@]w=[host]",
        ),
        ("foo a && bar c", "line=[bar c] point=5 cword=1 type=9 args=[bar][c][bar] w=[bar]w=[c]"),
        ("if foo a", "line=[if foo a] point=8 cword=2 type=9 args=[if][a][foo] w=[if]w=[foo]w=[a]"),
        ("   foo x", "line=[foo x] point=5 cword=1 type=9 args=[foo][x][foo] w=[foo]w=[x]"),
        (
            "foo ${x:-a b} c",
            "line=[foo ${x:-a b} c] point=15 cword=2 type=9 args=[foo][c][${x:-a b}] w=[foo]w=[${x:-a b}]w=[c]",
        ),
        (
            "foo $(echo a b) c",
            "line=[foo $(echo a b) c] point=17 cword=2 type=9 args=[foo][c][$(echo a b)] w=[foo]w=[$(echo a b)]w=[c]",
        ),
    ];
    for (line, expected) in cases {
        let _ = completer.suggestions(line, line.len());
        let seen = shell.lock().expect("shell").var("log");
        assert_eq!(seen.as_deref(), Some(expected), "{line}");
    }
    // The cursor inside the line: the words after it are there too.
    let _ = completer.suggestions("foo abc  def", 8);
    let seen = shell.lock().expect("shell").var("log");
    assert_eq!(
        seen.as_deref(),
        Some("line=[foo abc  def] point=8 cword=2 type=9 args=[foo][][abc] w=[foo]w=[abc]w=[def]")
    );
}

#[test]
fn a_default_loader_defines_the_command_s_completion_and_asks_again() {
    // bash-completion's dynamic loading: -D's function defines the command's specification and
    // returns 124, and the completion is tried again with it.
    let script = r#"
        _loader() { complete -W "loaded-for-$1" "$1"; return 124; }
        complete -D -F _loader
    "#;
    let (completer, shell, _runtime) = programmable(script);
    assert_eq!(values(&completer, "git "), ["loaded-for-git"]);
    let listing = runtime_listing(&shell);
    assert!(listing.contains("complete -W 'loaded-for-git' git"), "{listing}");
}

fn runtime_listing(shell: &Arc<Mutex<Shell>>) -> String {
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().expect("runtime");
    let outcome = runtime.block_on(shell.lock().expect("shell").exec("complete -p"));
    toolsh_bytes::lossy(&outcome.stdout).into_owned()
}

#[test]
fn an_alias_completes_as_its_command_under_progcomp_alias() {
    let script = r#"
        _f() { COMPREPLY=("$1|$COMP_LINE|$COMP_POINT|$COMP_CWORD"); }
        complete -F _f git; alias g='git --no-pager' h=g
    "#;
    let (completer, _, _runtime) = programmable(&format!("{script}\nshopt -s progcomp_alias"));
    // As bash 5.2 gave it for the same line.
    assert_eq!(values(&completer, "echo x; g a b"), ["git|git --no-pager a b|18|3"]);
    // Off (bash's default), the alias has no specification of its own.
    let (completer, _, _runtime) = programmable(script);
    assert!(!values(&completer, "g a b").iter().any(|v| v.starts_with("git|")));
}

#[test]
fn a_function_that_never_returns_is_stopped_and_the_session_goes_on() {
    let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(1).enable_all().build().expect("runtime");
    let limits = crate::interp::Limits { wall_time: Some(std::time::Duration::from_millis(300)), ..Default::default() };
    let mut shell = Shell::builder().limits(limits).build();
    let script = "_spin() { n=0; while :; do n=$((n+1)); done; }; complete -F _spin spin; complete -W ok fine";
    assert_eq!(runtime.block_on(shell.exec(script)).status, 0);
    let catalog = Arc::new(Catalog::of(&shell));
    let view = Arc::new(Mutex::new(View::of(&shell)));
    let vfs = shell.vfs().clone();
    let shell = Arc::new(Mutex::new(shell));
    let session = Session { shell: shell.clone(), runtime: runtime.handle().clone() };
    let completer = Completer { catalog, view, vfs, session: Some(session) };
    let _ = completer.suggestions("spin x", 6);
    // The next completion and the next line run as ever.
    assert_eq!(values(&completer, "fine "), ["ok"]);
    let outcome = runtime.block_on(shell.lock().expect("shell").exec("echo $((n > 0)) ${COMP_LINE-unset}"));
    assert_eq!(toolsh_bytes::lossy(&outcome.stdout), "1 unset\n");
}

proptest::proptest! {
    /// Whatever is typed, highlighting renders exactly the line and completion answers at every
    /// cursor position without panicking.
    #[test]
    fn any_line_is_highlighted_whole_and_completed_safely(line in "[a-z$é€'\"\\\\(){}|&;<># =/.\\-\n]{0,24}") {
        let (completer, highlighter) = setup();
        let styled = highlighter.highlight(&line, 0);
        let text: String = styled.buffer.iter().map(|(_, t)| t.as_str()).collect();
        proptest::prop_assert_eq!(text, line.clone());
        for (at, _) in line.char_indices().chain(std::iter::once((line.len(), ' '))) {
            let _ = completer.suggestions(&line, at);
        }
    }
}
