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
