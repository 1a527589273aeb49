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
