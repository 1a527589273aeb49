### rg searches the working directory, leaving out what ignore files and hidden names leave out
mkdir -p src target/debug node_modules/x .hidden docs
printf 'fn main() {\n    println!("Hello");\n}\nfn helper() {}\n' > src/main.rs
printf 'fn built() {}\n' > target/debug/out.rs
printf 'fn dep() {}\n' > node_modules/x/index.js
printf 'fn secret() {}\n' > .hidden/h.rs
printf 'target/\nnode_modules/\n*.log\n!keep.log\n' > .ignore
printf 'fn log\n' > a.log; printf 'fn keep\n' > keep.log
printf '# Docs\nfn in docs\nFN upper\n' > docs/README.md
printf 'fn left out by .rgignore\n' > docs/skip.txt; printf 'skip.txt\n' > docs/.rgignore
rg --sort path fn; echo "status $?"
rg --sort path -n fn src docs; echo "status $?"
rg --sort path -c fn; rg --sort path -l fn; rg --sort path --files
rg --sort path --hidden -l fn; rg --sort path -u -l fn; rg --sort path -uu -l fn
rg --sort path -t rust -l fn; rg -l fn docs/skip.txt
rm -rf src target node_modules .hidden docs a.log keep.log .ignore
## stdout:
docs/README.md:fn in docs
keep.log:fn keep
src/main.rs:fn main() {
src/main.rs:fn helper() {}
status 0
src/main.rs:1:fn main() {
src/main.rs:4:fn helper() {}
docs/README.md:2:fn in docs
status 0
docs/README.md:1
keep.log:1
src/main.rs:2
docs/README.md
keep.log
src/main.rs
docs/README.md
keep.log
src/main.rs
.hidden/h.rs
docs/README.md
keep.log
src/main.rs
a.log
docs/README.md
docs/skip.txt
keep.log
node_modules/x/index.js
src/main.rs
target/debug/out.rs
.hidden/h.rs
a.log
docs/README.md
docs/skip.txt
keep.log
node_modules/x/index.js
src/main.rs
target/debug/out.rs
src/main.rs
docs/skip.txt
## status: 0

### rg's .gitignore counts only inside a git repository; .ignore and .rgignore always
mkdir d; printf 'fn a\n' > d/a.rs; printf 'fn b\n' > d/b.rs; printf 'fn c\n' > d/c.rs; printf 'a.rs\n' > .gitignore
rg --sort path -l fn; echo "status $?"
printf 'b.rs\n' > d/.rgignore; printf 'c.rs\n' > .ignore; rg --sort path -l fn; echo "status $?"
printf '!c.rs\n' > d/.ignore; rg --sort path -l fn; echo "status $?"
rg --sort path --no-ignore -l fn
rm -rf d .gitignore .ignore
## stdout:
d/a.rs
d/b.rs
d/c.rs
status 0
d/a.rs
status 0
d/a.rs
d/c.rs
status 0
d/a.rs
d/b.rs
d/c.rs
## status: 0

### rg case: -i, -s, -S smart case (an upper-case letter of the pattern's own makes it sensitive)
printf 'Error one\nerror two\nERROR three\n' > log.txt
rg error log.txt; rg -i error log.txt; rg -S error log.txt; rg -S Error log.txt; rg -S '\Serror' log.txt
rg -i -s error log.txt; rg '(?i)ERROR T' log.txt
rm log.txt
## stdout:
error two
Error one
error two
ERROR three
Error one
error two
ERROR three
Error one
error two
error two
ERROR three
## status: 0

### rg -t and -T file types, -g globs with ! and paths
mkdir -p src web; printf 'let x = 1;\n' > src/a.rs; printf 'let y = 2;\n' > web/a.js; printf 'let z\n' > notes.md
rg --sort path -t rust let; rg --sort path -T rust let; rg --sort path -t js -t md let
rg --sort path -g '*.md' let; rg --sort path -g '!*.md' let; rg --sort path -g 'src/**' let
rg -t nosuchtype let 2>&1; echo "status $?"
rm -rf src web notes.md
## stdout:
src/a.rs:let x = 1;
notes.md:let z
web/a.js:let y = 2;
notes.md:let z
web/a.js:let y = 2;
notes.md:let z
src/a.rs:let x = 1;
web/a.js:let y = 2;
src/a.rs:let x = 1;
unrecognized file type: nosuchtype
status 2
## status: 0

### rg output options: -o, -w, -x, -v, -m, -c, -0, -b, context, several -e, -F
printf 'alpha beta\nbeta gamma\ngamma delta\nalphabet\n' > f.txt; printf 'beta\n' > g.txt
rg --sort path -o 'a\w+'; rg -w alpha f.txt; rg -x 'beta gamma' f.txt; rg -v beta f.txt
rg -m1 -n gamma f.txt; rg --sort path -c beta; rg --sort path -l -0 beta | od -c | head -2
rg -b gamma f.txt; rg -n -C1 'gamma delta' f.txt; rg -n -e alpha -e delta f.txt; rg -F 'a.' f.txt; echo "status $?"
rm f.txt g.txt
## stdout:
f.txt:alpha
f.txt:amma
f.txt:amma
f.txt:alphabet
alpha beta
beta gamma
gamma delta
alphabet
2:beta gamma
f.txt:2
g.txt:1
0000000   f   .   t   x   t  \0   g   .   t   x   t  \0
0000014
11:beta gamma
22:gamma delta
2-beta gamma
3:gamma delta
4-alphabet
1:alpha beta
3:gamma delta
4:alphabet
status 1
## status: 0

### rg reads a pipe when no path is given, and says regex errors as the regex crate does
printf 'one\ntwo\n' | rg -n o; echo "status $?"
rg 'a(' 2>&1; echo "status $?"
printf 'x\n' | rg -q x; echo "status $?"
printf 'x\n' | rg y; echo "status $?"
## stdout:
1:one
2:two
status 0
regex parse error:
    a(
     ^
error: unclosed group
status 2
status 0
status 1
## status: 0

### rg --max-depth counts directories below each path given
mkdir -p a/b/c; printf 'hit\n' > top.txt; printf 'hit\n' > a/one.txt; printf 'hit\n' > a/b/two.txt; printf 'hit\n' > a/b/c/three.txt
rg --sort path --max-depth 1 -l hit; rg --sort path --max-depth 2 -l hit; rg --sort path --max-depth 1 -l hit a a/b
rg --max-depth 0 hit top.txt
rm -rf a top.txt
## stdout:
top.txt
a/one.txt
top.txt
a/one.txt
a/b/two.txt
hit
## status: 0

### rg skips binary files a walk finds, and says so of one named or piped that matches
mkdir d; printf 'fn a\nfn b\0\nfn c\n' > d/b1.dat; printf 'zz\0\nfn c\n' > b2.dat; printf 'fn text\n' > d/t.txt
rg --sort path fn; echo "status $?"
rg fn d/b1.dat; echo "status $?"; rg --sort path fn d/b1.dat b2.dat; rg -c fn b2.dat; rg -v zz b2.dat
cat d/b1.dat | rg fn; echo "status $?"; rg -a -c fn d/b1.dat; rg nothing b2.dat; echo "status $?"
rm -rf d b2.dat
## stdout:
d/t.txt:fn text
status 0
binary file matches (found "\0" byte around offset 9)
status 0
d/b1.dat: binary file matches (found "\0" byte around offset 9)
b2.dat: binary file matches (found "\0" byte around offset 2)
1
binary file matches (found "\0" byte around offset 2)
binary file matches (found "\0" byte around offset 9)
status 0
3
status 1
## status: 0

### rg --heading, --column, --vimgrep and -b place each match as ripgrep does
printf 'foo bar foo\nbaz\nfoo\n' > a.txt; printf 'xfoo\n' > b.txt; printf '1\n2\n3\n4\n5\n6\nbaz\n' > d.txt
rg --sort path --heading foo; echo "status $?"
rg --sort path --heading -n -C1 -e baz -e 1
rg --sort path -C1 -e baz -e xfoo
rg --sort path --column foo; rg --column -b foo a.txt
rg --sort path --vimgrep foo; rg --vimgrep -o foo a.txt; rg --vimgrep -C1 baz a.txt
rg -v --column foo a.txt; rg -v -o foo a.txt
rg --sort path -c --heading foo; rg --sort path --heading -0 foo | od -c | sed 's/  */ /g'
printf 'axxb\n' | rg --vimgrep 'x*'; printf 'axxb\n' | rg -o 'x*' | od -c | sed 's/  */ /g'
rg -o '' a.txt | wc -l
rm -f a.txt b.txt d.txt
## stdout:
a.txt
foo bar foo
foo

b.txt
xfoo
status 0
a.txt
1-foo bar foo
2:baz
3-foo

d.txt
1:1
2-2
--
6-6
7:baz
a.txt-foo bar foo
a.txt:baz
a.txt-foo
--
b.txt:xfoo
--
d.txt-6
d.txt:baz
a.txt:1:1:foo bar foo
a.txt:3:1:foo
b.txt:1:2:xfoo
1:1:0:foo bar foo
3:1:16:foo
a.txt:1:1:foo bar foo
a.txt:1:9:foo bar foo
a.txt:3:1:foo
b.txt:1:2:xfoo
a.txt:1:1:foo
a.txt:1:9:foo
a.txt:3:1:foo
a.txt-1-foo bar foo
a.txt:2:1:baz
a.txt-3-foo
2:baz
baz
a.txt:2
b.txt:1
0000000 a . t x t \0 f o o b a r f o
0000020 o \n f o o \n \n b . t x t \0 x f o
0000040 o \n
0000042
<stdin>:1:1:axxb
<stdin>:1:2:axxb
<stdin>:1:5:axxb
0000000 \n x x \n \n
0000005
20
## status: 0

### rg -r replaces each match, its groups by number and by name
printf 'foo bar foo\nbaz\nfoo\n' > a.txt
rg -r 'Z$0Z' foo a.txt; rg -o -r '[$0]' 'f(o)o' a.txt
rg -r '${x}!' -o '(?P<x>o+)' a.txt; rg -r '$$1' 'b(a)' a.txt
rg -r '$2-$1' '(\w+) (\w+)' a.txt; rg -P -r '<$1>' '(?<=foo )(bar)' a.txt
printf 'axxb\n' | rg -r Q 'x*'
rm -f a.txt
## stdout:
Z bar Z
Z
[foo]
[foo]
[foo]
oo!
oo!
oo!
foo $1r foo
$1z
bar-foo foo
foo <bar> foo
QaQbQ
## status: 0

### rg -U lets a match run across lines; without it a newline in the pattern is refused
printf 'fn a() {\n  x\n}\nfn b() {\n  y\n}\nz' > m.rs
rg -U -n 'fn a\(\) \{\n' m.rs; rg -U -n '\{\n\s+y' m.rs
rg -U -o '\{\n\s+y' m.rs; echo; rg -U -c '\{\n' m.rs
rg -U --multiline-dotall -n 'a.*b' m.rs; rg -U -n 'a.*b' m.rs; echo "status $?"
rg --multiline-dotall -n 'a.*b' m.rs; echo "status $?"
rg -U -n -C1 'x\n\}' m.rs; rg -U --vimgrep 'x\n\}' m.rs
rg -U -v 'x\n' m.rs; rg -U -l 'x\n\}' .; rg -U -b 'y\n\}\nz' m.rs
rg -U -n '^' m.rs | wc -l; printf 'a\nb' | rg -U -b 'a\nb'
rg 'x\n' m.rs 2>&1; echo "status $?"; rg '[\n]' m.rs 2>&1; echo "status $?"
rg -F 'x\n' m.rs; echo "status $?"; rg '\s+y' m.rs; rg -c '[^a]+' m.rs
: > e.txt; rg -U '' e.txt; echo "status $?"; printf '' | rg -U -c 'x*'; echo "status $?"
rm -f m.rs e.txt
## stdout:
1:fn a() {
4:fn b() {
5:  y
{
  y

2
1:fn a() {
2:  x
3:}
4:fn b() {
status 1
status 1
1-fn a() {
2:  x
3:}
4-fn b() {
m.rs:2:3:  x
fn a() {
}
fn b() {
  y
}
z
./m.rs
24:  y
28:}
30:z
7
0:a
2:b
the literal '"\n"' is not allowed in a regex

Consider enabling multiline mode with the --multiline flag (or -U for short).
When multiline mode is enabled, new line characters can be matched.
status 2
the literal '"\n"' is not allowed in a regex

Consider enabling multiline mode with the --multiline flag (or -U for short).
When multiline mode is enabled, new line characters can be matched.
status 2
status 1
  y
7
status 1
status 1
## status: 0

### rg prints a line whatever its bytes; only a NUL byte makes a file binary
printf 'a\377b foo\n' > c.txt; printf 'foo\0bar\n' > n.bin
rg foo c.txt | od -c | sed 's/  */ /g'; rg --sort path -l foo; rg foo n.bin; echo "status $?"
rm -f c.txt n.bin
## stdout:
0000000 a 377 b f o o \n
0000010
c.txt
binary file matches (found "\0" byte around offset 3)
status 0
## status: 0

### rg --count-matches counts matches, an inverted search lines
printf 'foo bar foo\nbaz\nfoo\n' > a.txt; printf 'xfoo\n' > b.txt
rg --sort path --count-matches foo; rg --count-matches -v foo a.txt; rg --count-matches 'x*' a.txt
rg --count-matches zzz a.txt; echo "status $?"; rg -U --count-matches 'o\n' a.txt
rm -f a.txt b.txt
## stdout:
a.txt:3
b.txt:1
1
20
status 1
2
## status: 0

### rg -U: an empty match at the end of an input without a final newline selects its last line
printf 'ab\ncd' > t.txt; rg -U 'x*$' t.txt; rg -U -n 'd*$' t.txt; printf 'a' | rg -U 'b*$'; echo "status $?"
rm -f t.txt
## stdout:
ab
cd
1:ab
2:cd
a
status 0
## status: 0

### rg --iglob and --glob-case-insensitive match globs whatever their case; -g keeps it
mkdir -p d; printf 'x\n' > d/A.TXT; printf 'x\n' > d/b.txt; printf 'x\n' > d/C.md
rg -l x --iglob '*.txt' d | sort; echo; rg -l x -g '*.txt' d; echo; rg -l x --glob-case-insensitive -g '*.TXT' d | sort; echo; rg -l x --iglob '!*.TXT' d | sort
rm -rf d
## stdout:
d/A.TXT
d/b.txt

d/b.txt

d/A.TXT
d/b.txt

d/C.md
## status: 0

### rg --json prints ripgrep's JSON Lines: begin, match and context messages, end with a file's stats, a summary
printf 'hello world\nfoo\nhello again\n' > a.txt; printf 'zzz\n' > b.txt; printf 'one\ntwo hello' > nonl
mkdir -p d/e; printf 'one hello\n' > d/x; printf 'hello\n' > d/e/y
T='del(.data.stats.elapsed, .data.elapsed_total)'
rg --json hello a.txt | jq -c "$T"; echo "status ${PIPESTATUS[0]}"
rg --json nomatch a.txt | jq -c "$T"; echo "status ${PIPESTATUS[0]}"
rg --json --sort path -C1 foo a.txt b.txt | jq -c "$T"
rg --json hello nonl | jq -c "$T"; rg --json --sort path hello d | jq -c "$T"
printf 'hello\nworld\n' | rg --json hello | jq -c "$T"
rg --json -n -b --column --heading -o -r X hello a.txt | jq -c "$T"
rg --json hello a.txt | jq -c 'select(.type == "end") | .data.stats.elapsed | keys_unsorted'
rg --json hello a.txt | jq -c 'select(.type == "summary") | [(.data.elapsed_total | keys_unsorted), (.data.stats | keys_unsorted)]'
rm -rf a.txt b.txt nonl d
## stdout:
{"type":"begin","data":{"path":{"text":"a.txt"}}}
{"type":"match","data":{"path":{"text":"a.txt"},"lines":{"text":"hello world\n"},"line_number":1,"absolute_offset":0,"submatches":[{"match":{"text":"hello"},"start":0,"end":5}]}}
{"type":"match","data":{"path":{"text":"a.txt"},"lines":{"text":"hello again\n"},"line_number":3,"absolute_offset":16,"submatches":[{"match":{"text":"hello"},"start":0,"end":5}]}}
{"type":"end","data":{"path":{"text":"a.txt"},"binary_offset":null,"stats":{"searches":1,"searches_with_match":1,"bytes_searched":28,"bytes_printed":409,"matched_lines":2,"matches":2}}}
{"data":{"stats":{"bytes_printed":409,"bytes_searched":28,"matched_lines":2,"matches":2,"searches":1,"searches_with_match":1}},"type":"summary"}
status 0
{"data":{"stats":{"bytes_printed":0,"bytes_searched":0,"matched_lines":0,"matches":0,"searches":0,"searches_with_match":0}},"type":"summary"}
status 1
{"type":"begin","data":{"path":{"text":"a.txt"}}}
{"type":"context","data":{"path":{"text":"a.txt"},"lines":{"text":"hello world\n"},"line_number":1,"absolute_offset":0,"submatches":[]}}
{"type":"match","data":{"path":{"text":"a.txt"},"lines":{"text":"foo\n"},"line_number":2,"absolute_offset":12,"submatches":[{"match":{"text":"foo"},"start":0,"end":3}]}}
{"type":"context","data":{"path":{"text":"a.txt"},"lines":{"text":"hello again\n"},"line_number":3,"absolute_offset":16,"submatches":[]}}
{"type":"end","data":{"path":{"text":"a.txt"},"binary_offset":null,"stats":{"searches":1,"searches_with_match":1,"bytes_searched":28,"bytes_printed":495,"matched_lines":1,"matches":1}}}
{"data":{"stats":{"bytes_printed":495,"bytes_searched":28,"matched_lines":1,"matches":1,"searches":1,"searches_with_match":1}},"type":"summary"}
{"type":"begin","data":{"path":{"text":"nonl"}}}
{"type":"match","data":{"path":{"text":"nonl"},"lines":{"text":"two hello"},"line_number":2,"absolute_offset":4,"submatches":[{"match":{"text":"hello"},"start":4,"end":9}]}}
{"type":"end","data":{"path":{"text":"nonl"},"binary_offset":null,"stats":{"searches":1,"searches_with_match":1,"bytes_searched":13,"bytes_printed":223,"matched_lines":1,"matches":1}}}
{"data":{"stats":{"bytes_printed":223,"bytes_searched":13,"matched_lines":1,"matches":1,"searches":1,"searches_with_match":1}},"type":"summary"}
{"type":"begin","data":{"path":{"text":"d/e/y"}}}
{"type":"match","data":{"path":{"text":"d/e/y"},"lines":{"text":"hello\n"},"line_number":1,"absolute_offset":0,"submatches":[{"match":{"text":"hello"},"start":0,"end":5}]}}
{"type":"end","data":{"path":{"text":"d/e/y"},"binary_offset":null,"stats":{"searches":1,"searches_with_match":1,"bytes_searched":6,"bytes_printed":223,"matched_lines":1,"matches":1}}}
{"type":"begin","data":{"path":{"text":"d/x"}}}
{"type":"match","data":{"path":{"text":"d/x"},"lines":{"text":"one hello\n"},"line_number":1,"absolute_offset":0,"submatches":[{"match":{"text":"hello"},"start":4,"end":9}]}}
{"type":"end","data":{"path":{"text":"d/x"},"binary_offset":null,"stats":{"searches":1,"searches_with_match":1,"bytes_searched":10,"bytes_printed":223,"matched_lines":1,"matches":1}}}
{"data":{"stats":{"bytes_printed":446,"bytes_searched":16,"matched_lines":2,"matches":2,"searches":2,"searches_with_match":2}},"type":"summary"}
{"type":"begin","data":{"path":{"text":"<stdin>"}}}
{"type":"match","data":{"path":{"text":"<stdin>"},"lines":{"text":"hello\n"},"line_number":1,"absolute_offset":0,"submatches":[{"match":{"text":"hello"},"start":0,"end":5}]}}
{"type":"end","data":{"path":{"text":"<stdin>"},"binary_offset":null,"stats":{"searches":1,"searches_with_match":1,"bytes_searched":12,"bytes_printed":227,"matched_lines":1,"matches":1}}}
{"data":{"stats":{"bytes_printed":227,"bytes_searched":12,"matched_lines":1,"matches":1,"searches":1,"searches_with_match":1}},"type":"summary"}
{"type":"begin","data":{"path":{"text":"a.txt"}}}
{"type":"match","data":{"path":{"text":"a.txt"},"lines":{"text":"hello world\n"},"line_number":1,"absolute_offset":0,"submatches":[{"match":{"text":"hello"},"start":0,"end":5}]}}
{"type":"match","data":{"path":{"text":"a.txt"},"lines":{"text":"hello again\n"},"line_number":3,"absolute_offset":16,"submatches":[{"match":{"text":"hello"},"start":0,"end":5}]}}
{"type":"end","data":{"path":{"text":"a.txt"},"binary_offset":null,"stats":{"searches":1,"searches_with_match":1,"bytes_searched":28,"bytes_printed":409,"matched_lines":2,"matches":2}}}
{"data":{"stats":{"bytes_printed":409,"bytes_searched":28,"matched_lines":2,"matches":2,"searches":1,"searches_with_match":1}},"type":"summary"}
["secs","nanos","human"]
[["human","nanos","secs"],["bytes_printed","bytes_searched","elapsed","matched_lines","matches","searches","searches_with_match"]]
## status: 0

### rg --json shows a line that is not UTF-8 as base64 bytes, escapes control characters, and names a binary file's NUL byte
printf 'caf\xe9 hello\n' > latin; printf 'tab\there "q" \\ \033 hello\n' > esc
printf 'hello 1\nx\0y\nhello 2\n' > bin
T='del(.data.stats.elapsed, .data.elapsed_total)'
rg --json hello latin | jq -c "$T"; rg --json hello esc | jq -c "$T"
rg --json hello bin | jq -c "$T"; rg --json -a hello bin | jq -c "$T"
rg --json 'x\x00' bin | jq -c "$T"
rg --json -U 'y\nh' bin | jq -c "$T"; mkdir d; cp bin d; rg --json -U 'y\nh' d | jq -c "$T"
rm -rf latin esc bin d
## stdout:
{"type":"begin","data":{"path":{"text":"latin"}}}
{"type":"match","data":{"path":{"text":"latin"},"lines":{"bytes":"Y2Fm6SBoZWxsbwo="},"line_number":1,"absolute_offset":0,"submatches":[{"match":{"text":"hello"},"start":5,"end":10}]}}
{"type":"end","data":{"path":{"text":"latin"},"binary_offset":null,"stats":{"searches":1,"searches_with_match":1,"bytes_searched":11,"bytes_printed":234,"matched_lines":1,"matches":1}}}
{"data":{"stats":{"bytes_printed":234,"bytes_searched":11,"matched_lines":1,"matches":1,"searches":1,"searches_with_match":1}},"type":"summary"}
{"type":"begin","data":{"path":{"text":"esc"}}}
{"type":"match","data":{"path":{"text":"esc"},"lines":{"text":"tab\there \"q\" \\ \u001b hello\n"},"line_number":1,"absolute_offset":0,"submatches":[{"match":{"text":"hello"},"start":17,"end":22}]}}
{"type":"end","data":{"path":{"text":"esc"},"binary_offset":null,"stats":{"searches":1,"searches_with_match":1,"bytes_searched":23,"bytes_printed":247,"matched_lines":1,"matches":1}}}
{"data":{"stats":{"bytes_printed":247,"bytes_searched":23,"matched_lines":1,"matches":1,"searches":1,"searches_with_match":1}},"type":"summary"}
{"type":"begin","data":{"path":{"text":"bin"}}}
{"type":"match","data":{"path":{"text":"bin"},"lines":{"text":"hello 1\n"},"line_number":1,"absolute_offset":0,"submatches":[{"match":{"text":"hello"},"start":0,"end":5}]}}
{"type":"match","data":{"path":{"text":"bin"},"lines":{"text":"hello 2\n"},"line_number":3,"absolute_offset":12,"submatches":[{"match":{"text":"hello"},"start":0,"end":5}]}}
{"type":"end","data":{"path":{"text":"bin"},"binary_offset":9,"stats":{"searches":1,"searches_with_match":1,"bytes_searched":9,"bytes_printed":395,"matched_lines":2,"matches":2}}}
{"data":{"stats":{"bytes_printed":395,"bytes_searched":9,"matched_lines":2,"matches":2,"searches":1,"searches_with_match":1}},"type":"summary"}
{"type":"begin","data":{"path":{"text":"bin"}}}
{"type":"match","data":{"path":{"text":"bin"},"lines":{"text":"hello 1\n"},"line_number":1,"absolute_offset":0,"submatches":[{"match":{"text":"hello"},"start":0,"end":5}]}}
{"type":"match","data":{"path":{"text":"bin"},"lines":{"text":"hello 2\n"},"line_number":3,"absolute_offset":12,"submatches":[{"match":{"text":"hello"},"start":0,"end":5}]}}
{"type":"end","data":{"path":{"text":"bin"},"binary_offset":null,"stats":{"searches":1,"searches_with_match":1,"bytes_searched":20,"bytes_printed":395,"matched_lines":2,"matches":2}}}
{"data":{"stats":{"bytes_printed":395,"bytes_searched":20,"matched_lines":2,"matches":2,"searches":1,"searches_with_match":1}},"type":"summary"}
{"type":"begin","data":{"path":{"text":"bin"}}}
{"type":"match","data":{"path":{"text":"bin"},"lines":{"text":"x\u0000y\n"},"line_number":2,"absolute_offset":8,"submatches":[{"match":{"text":"x\u0000"},"start":0,"end":2}]}}
{"type":"end","data":{"path":{"text":"bin"},"binary_offset":9,"stats":{"searches":1,"searches_with_match":1,"bytes_searched":9,"bytes_printed":224,"matched_lines":1,"matches":1}}}
{"data":{"stats":{"bytes_printed":224,"bytes_searched":9,"matched_lines":1,"matches":1,"searches":1,"searches_with_match":1}},"type":"summary"}
{"type":"begin","data":{"path":{"text":"bin"}}}
{"type":"match","data":{"path":{"text":"bin"},"lines":{"text":"x\u0000y\nhello 2\n"},"line_number":2,"absolute_offset":8,"submatches":[{"match":{"text":"y\nh"},"start":2,"end":5}]}}
{"type":"end","data":{"path":{"text":"bin"},"binary_offset":9,"stats":{"searches":1,"searches_with_match":1,"bytes_searched":9,"bytes_printed":230,"matched_lines":2,"matches":1}}}
{"data":{"stats":{"bytes_printed":230,"bytes_searched":9,"matched_lines":2,"matches":1,"searches":1,"searches_with_match":1}},"type":"summary"}
{"data":{"stats":{"bytes_printed":0,"bytes_searched":0,"matched_lines":0,"matches":0,"searches":0,"searches_with_match":0}},"type":"summary"}
## status: 0

### rg --json with -v, -m, context, empty matches and -U: a multi-line match is one message, touching runs joined
printf 'a\nhello\nb\nc\nd\nhello\ne\n' > ctx; printf 'ab\ncd\nef\n' > x3; printf 'zzz' > z3
T='del(.data.stats.elapsed, .data.elapsed_total)'
rg --json -v -C1 hello ctx | jq -c "$T"
rg --json -m1 -A1 hello ctx | jq -c "$T"; rg --json -B1 -A2 hello ctx | jq -c "$T"
rg --json 'x*' z3 | jq -c "$T"; rg --json '$' z3 | jq -c "$T"
rg --json -U 'b\nc|e' x3 | jq -c "$T"; rg --json -U 'b\nc|c' x3 | jq -c "$T"
rg --json -U 'a|e' x3 | jq -c "$T"; rg --json -U '$' x3 | jq -c "$T"
rg --json -U -C1 'hello\nb' ctx | jq -c "$T"; rg --json -U -v 'a\nhello' ctx | jq -c "$T"
rg --json -U -m1 'hello\n.' ctx | jq -c "$T"
rm -f ctx x3 z3
## stdout:
{"type":"begin","data":{"path":{"text":"ctx"}}}
{"type":"match","data":{"path":{"text":"ctx"},"lines":{"text":"a\n"},"line_number":1,"absolute_offset":0,"submatches":[]}}
{"type":"context","data":{"path":{"text":"ctx"},"lines":{"text":"hello\n"},"line_number":2,"absolute_offset":2,"submatches":[{"match":{"text":"hello"},"start":0,"end":5}]}}
{"type":"match","data":{"path":{"text":"ctx"},"lines":{"text":"b\n"},"line_number":3,"absolute_offset":8,"submatches":[]}}
{"type":"match","data":{"path":{"text":"ctx"},"lines":{"text":"c\n"},"line_number":4,"absolute_offset":10,"submatches":[]}}
{"type":"match","data":{"path":{"text":"ctx"},"lines":{"text":"d\n"},"line_number":5,"absolute_offset":12,"submatches":[]}}
{"type":"context","data":{"path":{"text":"ctx"},"lines":{"text":"hello\n"},"line_number":6,"absolute_offset":14,"submatches":[{"match":{"text":"hello"},"start":0,"end":5}]}}
{"type":"match","data":{"path":{"text":"ctx"},"lines":{"text":"e\n"},"line_number":7,"absolute_offset":20,"submatches":[]}}
{"type":"end","data":{"path":{"text":"ctx"},"binary_offset":null,"stats":{"searches":1,"searches_with_match":1,"bytes_searched":22,"bytes_printed":1013,"matched_lines":5,"matches":0}}}
{"data":{"stats":{"bytes_printed":1013,"bytes_searched":22,"matched_lines":5,"matches":0,"searches":1,"searches_with_match":1}},"type":"summary"}
{"type":"begin","data":{"path":{"text":"ctx"}}}
{"type":"match","data":{"path":{"text":"ctx"},"lines":{"text":"hello\n"},"line_number":2,"absolute_offset":2,"submatches":[{"match":{"text":"hello"},"start":0,"end":5}]}}
{"type":"context","data":{"path":{"text":"ctx"},"lines":{"text":"b\n"},"line_number":3,"absolute_offset":8,"submatches":[]}}
{"type":"end","data":{"path":{"text":"ctx"},"binary_offset":null,"stats":{"searches":1,"searches_with_match":1,"bytes_searched":8,"bytes_printed":344,"matched_lines":1,"matches":1}}}
{"data":{"stats":{"bytes_printed":344,"bytes_searched":8,"matched_lines":1,"matches":1,"searches":1,"searches_with_match":1}},"type":"summary"}
{"type":"begin","data":{"path":{"text":"ctx"}}}
{"type":"context","data":{"path":{"text":"ctx"},"lines":{"text":"a\n"},"line_number":1,"absolute_offset":0,"submatches":[]}}
{"type":"match","data":{"path":{"text":"ctx"},"lines":{"text":"hello\n"},"line_number":2,"absolute_offset":2,"submatches":[{"match":{"text":"hello"},"start":0,"end":5}]}}
{"type":"context","data":{"path":{"text":"ctx"},"lines":{"text":"b\n"},"line_number":3,"absolute_offset":8,"submatches":[]}}
{"type":"context","data":{"path":{"text":"ctx"},"lines":{"text":"c\n"},"line_number":4,"absolute_offset":10,"submatches":[]}}
{"type":"context","data":{"path":{"text":"ctx"},"lines":{"text":"d\n"},"line_number":5,"absolute_offset":12,"submatches":[]}}
{"type":"match","data":{"path":{"text":"ctx"},"lines":{"text":"hello\n"},"line_number":6,"absolute_offset":14,"submatches":[{"match":{"text":"hello"},"start":0,"end":5}]}}
{"type":"context","data":{"path":{"text":"ctx"},"lines":{"text":"e\n"},"line_number":7,"absolute_offset":20,"submatches":[]}}
{"type":"end","data":{"path":{"text":"ctx"},"binary_offset":null,"stats":{"searches":1,"searches_with_match":1,"bytes_searched":22,"bytes_printed":1019,"matched_lines":2,"matches":2}}}
{"data":{"stats":{"bytes_printed":1019,"bytes_searched":22,"matched_lines":2,"matches":2,"searches":1,"searches_with_match":1}},"type":"summary"}
{"type":"begin","data":{"path":{"text":"z3"}}}
{"type":"match","data":{"path":{"text":"z3"},"lines":{"text":"zzz"},"line_number":1,"absolute_offset":0,"submatches":[{"match":{"text":""},"start":0,"end":0},{"match":{"text":""},"start":1,"end":1},{"match":{"text":""},"start":2,"end":2}]}}
{"type":"end","data":{"path":{"text":"z3"},"binary_offset":null,"stats":{"searches":1,"searches_with_match":1,"bytes_searched":3,"bytes_printed":288,"matched_lines":1,"matches":3}}}
{"data":{"stats":{"bytes_printed":288,"bytes_searched":3,"matched_lines":1,"matches":3,"searches":1,"searches_with_match":1}},"type":"summary"}
{"type":"begin","data":{"path":{"text":"z3"}}}
{"type":"match","data":{"path":{"text":"z3"},"lines":{"text":"zzz"},"line_number":1,"absolute_offset":0,"submatches":[]}}
{"type":"end","data":{"path":{"text":"z3"},"binary_offset":null,"stats":{"searches":1,"searches_with_match":1,"bytes_searched":3,"bytes_printed":169,"matched_lines":1,"matches":0}}}
{"data":{"stats":{"bytes_printed":169,"bytes_searched":3,"matched_lines":1,"matches":0,"searches":1,"searches_with_match":1}},"type":"summary"}
{"type":"begin","data":{"path":{"text":"x3"}}}
{"type":"match","data":{"path":{"text":"x3"},"lines":{"text":"ab\ncd\nef\n"},"line_number":1,"absolute_offset":0,"submatches":[{"match":{"text":"b\nc"},"start":1,"end":4},{"match":{"text":"e"},"start":6,"end":7}]}}
{"type":"end","data":{"path":{"text":"x3"},"binary_offset":null,"stats":{"searches":1,"searches_with_match":1,"bytes_searched":9,"bytes_printed":262,"matched_lines":3,"matches":2}}}
{"data":{"stats":{"bytes_printed":262,"bytes_searched":9,"matched_lines":3,"matches":2,"searches":1,"searches_with_match":1}},"type":"summary"}
{"type":"begin","data":{"path":{"text":"x3"}}}
{"type":"match","data":{"path":{"text":"x3"},"lines":{"text":"ab\ncd\n"},"line_number":1,"absolute_offset":0,"submatches":[{"match":{"text":"b\nc"},"start":1,"end":4}]}}
{"type":"end","data":{"path":{"text":"x3"},"binary_offset":null,"stats":{"searches":1,"searches_with_match":1,"bytes_searched":9,"bytes_printed":217,"matched_lines":2,"matches":1}}}
{"data":{"stats":{"bytes_printed":217,"bytes_searched":9,"matched_lines":2,"matches":1,"searches":1,"searches_with_match":1}},"type":"summary"}
{"type":"begin","data":{"path":{"text":"x3"}}}
{"type":"match","data":{"path":{"text":"x3"},"lines":{"text":"ab\n"},"line_number":1,"absolute_offset":0,"submatches":[{"match":{"text":"a"},"start":0,"end":1}]}}
{"type":"match","data":{"path":{"text":"x3"},"lines":{"text":"ef\n"},"line_number":3,"absolute_offset":6,"submatches":[{"match":{"text":"e"},"start":0,"end":1}]}}
{"type":"end","data":{"path":{"text":"x3"},"binary_offset":null,"stats":{"searches":1,"searches_with_match":1,"bytes_searched":9,"bytes_printed":373,"matched_lines":2,"matches":2}}}
{"data":{"stats":{"bytes_printed":373,"bytes_searched":9,"matched_lines":2,"matches":2,"searches":1,"searches_with_match":1}},"type":"summary"}
{"type":"begin","data":{"path":{"text":"x3"}}}
{"type":"match","data":{"path":{"text":"x3"},"lines":{"text":"ab\ncd\nef\n"},"line_number":1,"absolute_offset":0,"submatches":[{"match":{"text":""},"start":2,"end":2},{"match":{"text":""},"start":5,"end":5},{"match":{"text":""},"start":8,"end":8}]}}
{"type":"end","data":{"path":{"text":"x3"},"binary_offset":null,"stats":{"searches":1,"searches_with_match":1,"bytes_searched":9,"bytes_printed":297,"matched_lines":3,"matches":3}}}
{"data":{"stats":{"bytes_printed":297,"bytes_searched":9,"matched_lines":3,"matches":3,"searches":1,"searches_with_match":1}},"type":"summary"}
{"type":"begin","data":{"path":{"text":"ctx"}}}
{"type":"context","data":{"path":{"text":"ctx"},"lines":{"text":"a\n"},"line_number":1,"absolute_offset":0,"submatches":[]}}
{"type":"match","data":{"path":{"text":"ctx"},"lines":{"text":"hello\nb\n"},"line_number":2,"absolute_offset":2,"submatches":[{"match":{"text":"hello\nb"},"start":0,"end":7}]}}
{"type":"context","data":{"path":{"text":"ctx"},"lines":{"text":"c\n"},"line_number":4,"absolute_offset":10,"submatches":[]}}
{"type":"end","data":{"path":{"text":"ctx"},"binary_offset":null,"stats":{"searches":1,"searches_with_match":1,"bytes_searched":22,"bytes_printed":476,"matched_lines":2,"matches":1}}}
{"data":{"stats":{"bytes_printed":476,"bytes_searched":22,"matched_lines":2,"matches":1,"searches":1,"searches_with_match":1}},"type":"summary"}
{"type":"begin","data":{"path":{"text":"ctx"}}}
{"type":"match","data":{"path":{"text":"ctx"},"lines":{"text":"b\n"},"line_number":3,"absolute_offset":8,"submatches":[]}}
{"type":"match","data":{"path":{"text":"ctx"},"lines":{"text":"c\n"},"line_number":4,"absolute_offset":10,"submatches":[]}}
{"type":"match","data":{"path":{"text":"ctx"},"lines":{"text":"d\n"},"line_number":5,"absolute_offset":12,"submatches":[]}}
{"type":"match","data":{"path":{"text":"ctx"},"lines":{"text":"hello\n"},"line_number":6,"absolute_offset":14,"submatches":[]}}
{"type":"match","data":{"path":{"text":"ctx"},"lines":{"text":"e\n"},"line_number":7,"absolute_offset":20,"submatches":[]}}
{"type":"end","data":{"path":{"text":"ctx"},"binary_offset":null,"stats":{"searches":1,"searches_with_match":1,"bytes_searched":22,"bytes_printed":671,"matched_lines":5,"matches":0}}}
{"data":{"stats":{"bytes_printed":671,"bytes_searched":22,"matched_lines":5,"matches":0,"searches":1,"searches_with_match":1}},"type":"summary"}
{"type":"begin","data":{"path":{"text":"ctx"}}}
{"type":"match","data":{"path":{"text":"ctx"},"lines":{"text":"hello\nb\n"},"line_number":2,"absolute_offset":2,"submatches":[{"match":{"text":"hello\nb"},"start":0,"end":7}]}}
{"type":"end","data":{"path":{"text":"ctx"},"binary_offset":null,"stats":{"searches":1,"searches_with_match":1,"bytes_searched":21,"bytes_printed":225,"matched_lines":2,"matches":1}}}
{"data":{"stats":{"bytes_printed":225,"bytes_searched":21,"matched_lines":2,"matches":1,"searches":1,"searches_with_match":1}},"type":"summary"}
## status: 0

### rg --json refuses -c, --count-matches, -l and --files as ripgrep does; ignores -L; -q and -m 0 print nothing
printf 'hello\n' > a.txt
rg --json -c hello a.txt 2>&1; echo "status $?"; rg -l --json hello a.txt 2>&1; echo "status $?"
rg --json --count-matches hello 2>&1 | head -1; rg --files --json 2>&1 | head -1
rg --json -c --no-json hello a.txt; rg --no-json --json hello a.txt | jq -r .type
rg --json -L hello a.txt | jq -r .type
rg --json -q hello a.txt; echo "status $?"; rg --json -m0 hello a.txt; echo "status $?"
rm -f a.txt
## stdout:
error: The argument '--count' cannot be used with '--json'

USAGE:
    
    rg [OPTIONS] PATTERN [PATH ...]
    rg [OPTIONS] -e PATTERN ... [PATH ...]
    rg [OPTIONS] -f PATTERNFILE ... [PATH ...]
    rg [OPTIONS] --files [PATH ...]
    rg [OPTIONS] --type-list
    command | rg [OPTIONS] PATTERN
    rg [OPTIONS] --help
    rg [OPTIONS] --version

For more information try --help

status 2
error: The argument '--files-with-matches' cannot be used with '--json'

USAGE:
    
    rg [OPTIONS] PATTERN [PATH ...]
    rg [OPTIONS] -e PATTERN ... [PATH ...]
    rg [OPTIONS] -f PATTERNFILE ... [PATH ...]
    rg [OPTIONS] --files [PATH ...]
    rg [OPTIONS] --type-list
    command | rg [OPTIONS] PATTERN
    rg [OPTIONS] --help
    rg [OPTIONS] --version

For more information try --help

status 2
error: The argument '--count-matches' cannot be used with '--json'
error: The argument '--files' cannot be used with '--json'
1
begin
match
end
summary
begin
match
end
summary
status 0
status 1
## status: 0

### rg -z searches .gz, .bz2 and .xz files decompressed; a file that does not decompress is said in ripgrep's frame
printf 'hello gz\n' | gzip > h.gz; printf 'hello bz\n' | bzip2 > h.bz2; printf 'hello xz\n' | xz > h.xz
cp h.gz h.tgz; printf 'junk' > bad.gz; printf 'junk' > bad.xz; printf 'hello plain\n' > p.txt
rg -z --sort path hello; echo "status $?"; rg hello h.gz; echo "status $?"
rg -z -c hello h.gz h.xz h.bz2 --sort path; rg -z --json hello h.xz | jq -r '.data.lines.text // empty'
rg -z hello bad.gz 2>&1; echo "status $?"; rg -z hello bad.xz 2>&1; echo "status $?"
rg --search-zip --no-search-zip hello h.gz; echo "status $?"
rm -f h.gz h.bz2 h.xz h.tgz bad.gz bad.xz p.txt
## stdout:
h.bz2:hello bz
h.gz:hello gz
h.tgz:hello gz
h.xz:hello xz
p.txt:hello plain
status 2
status 1
h.gz:1
h.xz:1
h.bz2:1
hello xz

bad.gz: 
-------------------------------------------------------------------------------
gzip: bad.gz: not in gzip format
-------------------------------------------------------------------------------
status 2
bad.xz: 
-------------------------------------------------------------------------------
xz: bad.xz: File format not recognized
-------------------------------------------------------------------------------
status 2
status 1
## status: 0
