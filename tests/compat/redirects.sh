### stdout to file
echo hi > a.txt; cat a.txt
## stdout:
hi
## status: 0
## files:
a.txt: "hi\n"

### append
echo 1 > a; echo 2 >> a; cat a
## stdout:
1
2
## status: 0
## files:
a: "1\n2\n"

### stdin from file
echo content > in.txt; cat < in.txt
## stdout:
content
## status: 0
## files:
in.txt: "content\n"

### stderr to file
ls nonexistent 2> err.txt; echo $?; [ -s err.txt ] && echo has error
## stdout:
2
has error
## status: 0
## files:
err.txt: "ls: cannot access 'nonexistent': No such file or directory\n"

### stderr to stdout
{ echo out; echo err >&2; } 2>&1 | tr a-z A-Z
## stdout:
OUT
ERR
## status: 0

### stdout to stderr
echo to-err >&2 2>/dev/null; echo visible
## stdout:
visible
## status: 0

### both with ampersand
{ echo o; echo e >&2; } &> both.txt; cat both.txt
## stdout:
o
e
## status: 0
## files:
both.txt: "o\ne\n"

### append both
echo first > log; { echo second; echo third >&2; } &>> log; cat log
## stdout:
first
second
third
## status: 0
## files:
log: "first\nsecond\nthird\n"

### dev null
echo gone > /dev/null; echo kept
## stdout:
kept
## status: 0

### order of redirects matters
{ echo out; echo err >&2; } 2>&1 > only_out.txt | tr a-z A-Z; cat only_out.txt
## stdout:
ERR
out
## status: 0
## files:
only_out.txt: "out\n"

### redirect before command
> f.txt echo pre; cat f.txt
## stdout:
pre
## status: 0
## files:
f.txt: "pre\n"

### multiple output redirects last wins
echo x > a > b; echo "[$(cat a)]" "[$(cat b)]"
## stdout:
[] [x]
## status: 0
## files:
a: ""
b: "x\n"

### close stdout
(echo closed >&-) 2>/dev/null; echo $?
## stdout:
1
## status: 0

### duplicate input fd
echo data > d; exec 3< d; cat <&3
## stdout:
data
## status: 0
## files:
d: "data\n"

### here string
cat <<< "here string"
## stdout:
here string
## status: 0

### here string with variable
x=val; cat <<< "$x and more"
## stdout:
val and more
## status: 0

### redirect in loop
for i in 1 2 3; do echo $i; done > loop.txt; cat loop.txt
## stdout:
1
2
3
## status: 0
## files:
loop.txt: "1\n2\n3\n"

### read from file in loop with redirect
printf 'x\ny\n' > lines; while read l; do echo "$l!"; done < lines
## stdout:
x!
y!
## status: 0
## files:
lines: "x\ny\n"

### noclobber
set -C; echo 1 > nc; (echo 2 > nc) 2>/dev/null; echo $?; echo 3 >| nc; cat nc
## stdout:
1
3
## status: 0
## files:
nc: "3\n"

### create empty file with redirect only
> empty.txt; [ -f empty.txt ] && echo exists
## stdout:
exists
## status: 0
## files:
empty.txt: ""

### redirect to directory fails
mkdir dir; (echo x > dir) 2>/dev/null; echo $?
## stdout:
1
## status: 0
## files:
dir/

### input from missing file
(cat < missing) 2>/dev/null; echo $?
## stdout:
1
## status: 0

### exec redirect persists
exec > out.log; echo into log; exec >&2 2>/dev/null; cat out.log >&2
## status: 0
## files:
out.log: "into log\n"

### fd 3 custom
exec 3> three.txt; echo via3 >&3; exec 3>&-; cat three.txt
## stdout:
via3
## status: 0
## files:
three.txt: "via3\n"

### redirect with variable target
name=target.txt; echo v > "$name"; cat target.txt
## stdout:
v
## status: 0
## files:
target.txt: "v\n"

### stderr of command substitution
x=$(echo out; echo err >&2) 2>/dev/null; echo "[$x]"
## stdout:
[out]
## status: 0

### pipe stderr with pipe-ampersand
{ echo a; echo b >&2; } |& tr ab AB
## stdout:
A
B
## status: 0

### redirect compound while
i=0; while [ $i -lt 2 ]; do echo line$i; i=$((i+1)); done >> w.txt; cat w.txt
## stdout:
line0
line1
## status: 0
## files:
w.txt: "line0\nline1\n"

### if with redirect
if true; then echo inif; fi > if.txt; cat if.txt
## stdout:
inif
## status: 0
## files:
if.txt: "inif\n"

### cat multiple files
echo a > 1; echo b > 2; cat 1 2
## stdout:
a
b
## status: 0
## files:
1: "a\n"
2: "b\n"

### dev stdin
echo piped | cat /dev/stdin
## stdout:
piped
## status: 0

### process substitution with diff
diff <(printf 'a\nb\n') <(printf 'a\nc\n'); echo $?
## stdout:
2c2
< b
---
> c
1
## status: 0

### read loop from process substitution
n=0; while read -r line; do n=$((n+1)); echo "got $line"; done < <(printf 'x\ny\n'); echo "n=$n"
## stdout:
got x
got y
n=2
## status: 0

### comm of two sorted process substitutions
comm -12 <(printf 'c\na\nb\n' | sort) <(printf 'b\nd\nc\n' | sort)
## stdout:
b
c
## status: 0

### cat process substitution leaves no files
cat <(echo inside); ls
## stdout:
inside
## status: 0

### output process substitution
echo hello > >(tr a-z A-Z); sleep 0.2; echo after
## stdout:
HELLO
after
## status: 0

### a named descriptor opened with exec, written and closed
exec {out}>log; [ "$out" -ge 10 ] && echo numbered; echo one >&$out; echo two >&$out; exec {out}>&-; cat log
## stdout:
numbered
one
two
## status: 0
## files:
log: "one\ntwo\n"

### a named descriptor read line by line
printf 'a\nb\nc\n' > in; exec {in}<in; read -u $in x; read -u $in y; echo "$x $y"; exec {in}<&-
## stdout:
a b
## status: 0
## files:
in: "a\nb\nc\n"

### two named descriptors get different numbers
exec {a}>f1 {b}>f2; [ "$a" != "$b" ] && echo distinct; echo A >&$a; echo B >&$b; exec {a}>&- {b}>&-; cat f1 f2
## stdout:
distinct
A
B
## status: 0
## files:
f1: "A\n"
f2: "B\n"

### a named descriptor on one command sets the variable
{w}>tmp echo hi; [ -n "$w" ] && echo set
## stdout:
hi
set
## status: 0
## files:
tmp: ""

### a named duplicate of standard output
exec {c}>&1; echo via-dup >&$c; exec {c}>&-
## stdout:
via-dup
## status: 0

### braces that are not a descriptor name stay words
echo {x}>y; cat y; echo '{x}' >z; cat z; echo {1x}; { echo grp; } > g; cat g
## stdout:

{x}
{1x}
grp
## status: 0
## files:
g: "grp\n"
y: ""
z: "{x}\n"

### descriptor past the open-file limit +stderr
: 1000000000>f; echo $?; : 4000000000>g; echo $?; exec 1000000>h; echo $?; : 1023>i; echo $?; ls
## stdout:
1
0
1
0
f
g
h
i
## stderr:
1000000000: Bad file descriptor
1000000: Bad file descriptor
## status: 0
## files:
f: ""
g: ""
h: ""
i: ""

### a read-write descriptor reads the file and writes after what was read
echo hello > f; exec 8<>f; read -r l <&8; echo "$l"; echo world >&8; exec 8>&-; cat f
## stdout:
hello
hello
world
## status: 0
## files:
f: "hello\nworld\n"

### a read-write descriptor creates a missing file
exec 3<>new; echo a >&3; exec 3>&-; cat new
## stdout:
a
## status: 0
## files:
new: "a\n"

### read -u and mapfile -u through a read-write descriptor
printf '1\n2\n3\n' > f; exec 4<>f; read -u 4 first; mapfile -u 4 rest; echo "$first ${#rest[@]}"; read -u 4 x; echo "st $?"; exec 4<&-
## stdout:
1 2
st 1
## status: 0
## files:
f: "1\n2\n3\n"

### a read-write descriptor on /dev/null, and <> on a command
exec 6<>/dev/null; echo gone >&6; read -u 6 z; echo "st $?"; echo x > f; cat <>f; echo y 1<>g; cat g
## stdout:
st 1
x
y
## status: 0
## files:
f: "x\n"
g: "y\n"

### a descriptor moved with 6>&7- is closed at its old number +stderr
exec 7>out; exec 6>&7-; echo x >&6; echo y >&7; echo st=$?; cat out
## stdout:
st=1
x
## stderr:
7: Bad file descriptor
## status: 0
## files:
out: "x\n"

### 2&>1 is the word 2 and both streams to the file 1
echo x 2&>1; cat 1
## stdout:
x 2
## status: 0
## files:
1: "x 2\n"

### descriptors opened by exec are inherited into command substitutions
exec 3>o; x=$(echo in >&3; echo out); echo "$x"; cat o
## stdout:
out
in
## status: 0
## files:
o: "in\n"

### &> and &>> after a command's words send both streams to the file
echo x &>one; ls nosuch &>>one; echo y &>>one; echo "st $?"; cat one
## stdout:
st 0
x
ls: cannot access 'nosuch': No such file or directory
y
## status: 0
## files:
one: "x\nls: cannot access 'nosuch': No such file or directory\ny\n"

### output redirected by exec is still captured by command substitutions
exec >log 2>&1; x=$(echo sub); echo "got $x"; echo err >&2; f() { echo in f; }; f > file; { echo group; } > g; exec >/dev/null
## status: 0
## files:
file: "in f\n"
g: "group\n"
log: "got sub\nerr\n"

### exec 3>&1 lets a command substitution write around its capture
exec 3>&1; x=$(echo to3 >&3; echo cap); echo "[$x]"; exec 3>&-
## stdout:
to3
[cap]
## status: 0

### descriptors opened by exec reach pipelines, subshells and groups
exec 5>o; echo a | { cat; echo b >&5; }; ( echo c >&5 ); { echo d; } >&5; exec 5>&-; echo e >&5; echo "st $?"; cat o
## stdout:
a
st 1
b
c
d
## status: 0
## files:
o: "b\nc\nd\n"

### commands given /dev/stdout, /dev/stderr or /dev/fd/N write to their own streams
echo 3 | tee /dev/stderr 2>/dev/null; echo "st=$?"; echo 4 | tee /dev/stdout; seq 3 | sed "w /dev/stdout"; printf "b\na\n" | sort -o /dev/stdout; echo x | dd of=/dev/stdout status=none; seq 2 | tee -a /dev/fd/2 2>&1 >/dev/null | cat; printf "a\na\n" | uniq - /dev/stdout; echo q | tee /dev/null; printf "a\n" | shuf -o /dev/stdout; { echo e | tee /dev/stderr >/dev/null; } 2>&1 | tr e E
## stdout:
3
st=0
4
4
1
1
2
2
3
3
a
b
x
1
2
a
q
a
E
## status: 0

### exec in a redirected group keeps only the descriptors it opened
exec 3</dev/null
{ echo in; exec 4>&1; echo in2; } > out.txt
echo after
echo via4 >&4
cat out.txt
{ exec >other.txt; echo inner; } > out2.txt
echo back
cat other.txt out2.txt
exec 3<&-
## stdout:
after
in
in2
via4
back
inner
## status: 0
## files:
other.txt: "inner\n"
out.txt: "in\nin2\nvia4\n"
out2.txt: ""

### a process substitution inside a word, kept while its command runs
f() { echo first; cat "$1"; }
f <(echo from-function)
eval 'echo one;' cat <(echo from-eval)
eval x=<(echo assigned) '; cat "$x"'
echo --opt=<(echo y) | sed 's/=.*/=FILE/'
## stdout:
first
from-function
one
from-eval
assigned
--opt=FILE
## status: 0

### a redirection's error names the word as written
z="a b"
fd=42
{ cat < $z; echo hi >&$fd; } 2>&1 | sed 's/.*\(\$[a-z]*: \)/\1/'
## stdout:
$z: ambiguous redirect
$fd: Bad file descriptor
## status: 0

### {array[i]}> stores the descriptor in an element, and closes by it
pair() { exec {fd[0]}<&0; exec {fd[1]}>&1; }
pair
(( fd[0] >= 10 && fd[1] > fd[0] )) && echo "two descriptors"
echo through >&${fd[1]}
last=${fd[1]}
exec {fd[1]}>&- {fd[0]}<&-
echo closed >&$last 2>/dev/null || echo "closed again"
## stdout:
two descriptors
through
closed again
## status: 0

### a {name}> redirection outlives its command, unless varredir_close
: {keep}>kept.txt
echo later >&$keep
f() { : {inner}>inner.txt; }
f
echo from-function >&$inner
exec {keep}>&- {inner}>&-
shopt -s varredir_close
: {gone}>gone.txt
echo lost >&$gone 2>/dev/null || echo "closed with its command"
cat kept.txt inner.txt
## stdout:
closed with its command
later
from-function
## status: 0
## files:
gone.txt: ""
inner.txt: "from-function\n"
kept.txt: "later\n"

### a file read and truncated in one command
printf 'a\nb\n' > f; cat < f > f; wc -c < f
## stdout:
0
## status: 0
## files:
f: ""

### two commands reading one redirected file
printf 'one\ntwo\nthree\n' > f; { read -r a; head -n 1; cat; } < f; echo "a=$a"
## stdout:
two
three
a=one
## status: 0
## files:
f: "one\ntwo\nthree\n"

### a redirected file read in pieces
for ((i = 0; i < 40000; i++)); do echo "line $i"; done > big; tr a-z A-Z < big | tail -n 2; wc -l < big; { head -n 2; tail -n 1; } < big
## stdout:
LINE 39998
LINE 39999
40000
line 0
line 1
line 39999
## status: 0
## files:
big: 428890 bytes, 40000 lines

### exec closing a descriptor inside a function or a group closes it there +stderr
exec 3>f1
f() { exec 3>&-; echo in >&3; echo "function $?"; }
f
echo after >&3; echo "after $?"
exec 4>f2
{ exec 4>&-; echo in >&4; echo "group $?"; }
{ exec 5>f3; echo five >&5; }; echo again >&5; cat f3
## stdout:
function 1
after 1
group 1
five
again
## stderr:
environment: line 2: 3: Bad file descriptor
3: Bad file descriptor
4: Bad file descriptor
## status: 0
## files:
f1: ""
f2: ""
f3: "five\nagain\n"

### read -u and mapfile -u tell a word that is no descriptor from a closed one +stderr
read -u abc x; echo "read $?"
read -u '' x; echo "read $?"
read -u 9 x; echo "read $?"
mapfile -u abc a; echo "mapfile $?"
mapfile -u 9 a; echo "mapfile $?"
exec 7<<<"seven"; read -u ' 7' x; echo "$x"
## stdout:
read 1
read 1
read 1
mapfile 1
mapfile 1
seven
## stderr:
read: abc: invalid file descriptor specification
read: : invalid file descriptor specification
read: 9: invalid file descriptor: Bad file descriptor
mapfile: abc: invalid file descriptor specification
mapfile: 9: invalid file descriptor: Bad file descriptor
## status: 0

### a process substitution sets $! and wait gives its status
cat <(exit 123) >/dev/null; wait "$!"; echo $?
echo x > >(read a; exit 7); wait $!; echo $?
p=$!; sleep 0.1 & wait $p; echo "again $?"
## stdout:
123
7
again 7
## status: 0

### a named descriptor into a readonly variable is refused twice over +stderr
readonly v=42
exec {v}>/dev/null; echo "status $?"
echo "v is $v"
## stdout:
status 1
v is 42
## stderr:
v: readonly variable
v: cannot assign fd to variable
## status: 0
