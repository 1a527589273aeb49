### mkdir and ls
mkdir a b c; ls
## stdout:
a
b
c
## status: 0
## files:
a/
b/
c/

### mkdir -p nested
mkdir -p x/y/z; ls x/y
## stdout:
z
## status: 0
## files:
x/
x/y/
x/y/z/

### mkdir existing fails
mkdir d; mkdir d 2>/dev/null; echo $?
## stdout:
1
## status: 0
## files:
d/

### touch creates files
touch one two; ls
## stdout:
one
two
## status: 0
## files:
one: ""
two: ""

### ls -a shows hidden
touch .hidden vis; ls -a
## stdout:
.
..
.hidden
vis
## status: 0
## files:
.hidden: ""
vis: ""

### ls -A
touch .h v; ls -A
## stdout:
.h
v
## status: 0
## files:
.h: ""
v: ""

### ls -1 of files and dirs
mkdir dd; touch ff; ls -1
## stdout:
dd
ff
## status: 0
## files:
dd/
ff: ""

### ls directory argument
mkdir sub; touch sub/x sub/y; ls sub
## stdout:
x
y
## status: 0
## files:
sub/
sub/x: ""
sub/y: ""

### ls multiple directories
mkdir p q; touch p/1 q/2; ls p q
## stdout:
p:
1

q:
2
## status: 0
## files:
p/
p/1: ""
q/
q/2: ""

### ls recursive
mkdir -p r/s; touch r/f r/s/g; ls -R r
## stdout:
r:
f
s

r/s:
g
## status: 0
## files:
r/
r/f: ""
r/s/
r/s/g: ""

### ls missing file
ls nothing 2>/dev/null; echo $?
## stdout:
2
## status: 0

### ls -d
mkdir dir; ls -d dir
## stdout:
dir
## status: 0
## files:
dir/

### ls sort by size
printf 123 > big; printf 1 > small; printf 12 > mid; ls -S
## stdout:
big
mid
small
## status: 0
## files:
big: "123"
mid: "12"
small: "1"

### ls reverse
touch a b c; ls -r
## stdout:
c
b
a
## status: 0
## files:
a: ""
b: ""
c: ""

### cat with line numbers
printf 'a\nb\n' > f; cat -n f
## stdout:
     1	a
     2	b
## status: 0
## files:
f: "a\nb\n"

### cp file
echo c > src; cp src dst; cat dst
## stdout:
c
## status: 0
## files:
dst: "c\n"
src: "c\n"

### cp into directory
mkdir d; echo x > f; cp f d/; ls d
## stdout:
f
## status: 0
## files:
d/
d/f: "x\n"
f: "x\n"

### cp directory needs -r
mkdir d; cp d e 2>/dev/null; echo $?; touch d/f; cp -r d e; ls e
## stdout:
1
f
## status: 0
## files:
d/
d/f: ""
e/
e/f: ""

### mv rename
echo m > old; mv old new; ls; cat new
## stdout:
new
m
## status: 0
## files:
new: "m\n"

### mv into directory
mkdir d; touch f1 f2; mv f1 f2 d; ls d
## stdout:
f1
f2
## status: 0
## files:
d/
d/f1: ""
d/f2: ""

### rm file
touch f; rm f; ls
## status: 0

### rm missing
rm nothing 2>/dev/null; echo $?; rm -f nothing; echo $?
## stdout:
1
0
## status: 0

### rm directory requires -r
mkdir d; rm d 2>/dev/null; echo $?; rm -r d; ls
## stdout:
1
## status: 0

### rm -rf tree
mkdir -p t/u/v; touch t/u/v/w; rm -rf t; ls
## status: 0

### rmdir
mkdir e; rmdir e; ls; mkdir f; touch f/x; rmdir f 2>/dev/null; echo $?
## stdout:
1
## status: 0
## files:
f/
f/x: ""

### ln -s and readlink
echo target > t; ln -s t link; readlink link; cat link
## stdout:
t
target
## status: 0
## files:
link -> t
t: "target\n"

### symlink to directory
mkdir real; touch real/in; ln -s real alias; ls alias
## stdout:
in
## status: 0
## files:
alias -> real
real/
real/in: ""

### basename and dirname
basename /a/b/c.txt; basename /a/b/c.txt .txt; dirname /a/b/c.txt; dirname file; dirname /
## stdout:
c.txt
c
/a/b
.
/
## status: 0

### basename multiple
basename -a /x/one /y/two
## stdout:
one
two
## status: 0

### head and tail
seq 1 20 > n; head -n 3 n; tail -n 2 n; head -c 5 n | tr '\n' ' '; echo
## stdout:
1
2
3
19
20
1 2 3
## status: 0
## files:
n: "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n13\n14\n15\n16\n17\n18\n19\n20\n"

### head negative count
seq 1 5 | head -n -2
## stdout:
1
2
3
## status: 0

### tail from line
seq 1 5 | tail -n +4
## stdout:
4
5
## status: 0

### head multiple files
echo a > f1; echo b > f2; head f1 f2
## stdout:
==> f1 <==
a

==> f2 <==
b
## status: 0
## files:
f1: "a\n"
f2: "b\n"

### head and tail of a large file
seq 1 100000 > big; head -n 2 big; tail -n 3 big; tail -c 7 big; tail -n +99999 big
head -c 3 big; echo; tail -n 0 big; tail -c 0 big; rm big
## stdout:
1
2
99998
99999
100000
100000
99999
100000
1
2
## status: 0

### tail without a final newline, from a position
printf 'x\ny' > nonl; tail -n 1 nonl; echo; tail -c +3 nonl; echo; head -n 1 nonl; tail -n 5 nonl; echo; rm nonl
## stdout:
y
y
x
x
y
## status: 0

### tail -n across 64 KiB blocks
awk 'BEGIN { for (i = 0; i < 5000; i++) printf "%05d %s\n", i, "abcdefghijklmnopqrstuvwxyz" }' > w
tail -n 2600 w | md5sum; tail -n 2600 w | head -n 1; tail -n +2401 w | head -n 1; head -n 2600 w | tail -n 1; rm w
## stdout:
5d15449d44c0cd99bfae051530b80fd0  -
02400 abcdefghijklmnopqrstuvwxyz
02400 abcdefghijklmnopqrstuvwxyz
02599 abcdefghijklmnopqrstuvwxyz
## status: 0

### head of /dev/zero
head -c 4 /dev/zero | od -An -tx1; cat /dev/zero | head -c 70000 | wc -c
## stdout:
 00 00 00 00
70000
## status: 0

### tail headers for several files
printf '1\n2\n' > a; printf '3\n' > b; tail -n 1 a b; tail -q -n 1 a b; rm a b
## stdout:
==> a <==
2

==> b <==
3
2
3
## status: 0

### tee append
echo 1 | tee -a t > /dev/null; echo 2 | tee -a t > /dev/null; cat t
## stdout:
1
2
## status: 0
## files:
t: "1\n2\n"

### seq variants
seq 3; seq 2 4; seq 1 2 7; seq -s , 1 3; seq -w 8 10
## stdout:
1
2
3
2
3
4
1
3
5
7
1,2,3
08
09
10
## status: 0

### seq decreasing
seq 5 -2 1
## stdout:
5
3
1
## status: 0

### tr ranges and classes
echo Hello World | tr '[:lower:]' '[:upper:]'; echo hello | tr -d l; echo aaabbb | tr -s ab
## stdout:
HELLO WORLD
heo
ab
## status: 0

### tr complement
echo 'a1b2c3' | tr -cd '0-9'; echo
## stdout:
123
## status: 0

### chmod modes
touch f; chmod 600 f; stat -c %a f; chmod u+x f; stat -c %a f; chmod go+r f; stat -c %a f
## stdout:
600
700
744
## status: 0
## files:
f: ""

### stat size and type
printf 12345 > f; mkdir d; stat -c '%s %F' f d
## stdout:
5 regular file
4096 directory
## status: 0
## files:
d/
f: "12345"

### realpath
mkdir -p a/b; cd a; realpath b; realpath ../a/./b; ln -s b lnk; realpath lnk; realpath nope/x 2>/dev/null; echo $?
## stdout:
<tmp>/a/b
<tmp>/a/b
<tmp>/a/b
1
## status: 0
## files:
a/
a/b/
a/lnk -> b

### mktemp creates file in tmp
f=$(mktemp); [ -f "$f" ] && echo created; case $f in /tmp/tmp.*) echo in tmp;; esac
## stdout:
created
in tmp
## status: 0

### mktemp directory
d=$(mktemp -d); [ -d "$d" ] && echo dir
## stdout:
dir
## status: 0

### find names
mkdir -p src/sub; touch src/a.rs src/sub/b.rs src/c.txt; find src -name '*.rs' | sort
## stdout:
src/a.rs
src/sub/b.rs
## status: 0
## files:
src/
src/a.rs: ""
src/c.txt: ""
src/sub/
src/sub/b.rs: ""

### find type
mkdir -p t/d; touch t/f; find t -type d | sort; find t -type f
## stdout:
t
t/d
t/f
## status: 0
## files:
t/
t/d/
t/f: ""

### find maxdepth
mkdir -p m/n/o; touch m/1 m/n/2 m/n/o/3; find m -maxdepth 1 | sort
## stdout:
m
m/1
m/n
## status: 0
## files:
m/
m/1: ""
m/n/
m/n/2: ""
m/n/o/
m/n/o/3: ""

### find mindepth
mkdir -p m/n; touch m/a m/n/b; find m -mindepth 2
## stdout:
m/n/b
## status: 0
## files:
m/
m/a: ""
m/n/
m/n/b: ""

### find exec
mkdir x; echo hi > x/f; find x -name f -exec cat {} \;
## stdout:
hi
## status: 0
## files:
x/
x/f: "hi\n"

### find exec plus
mkdir y; touch y/a; find y -type f -exec echo found {} +
## stdout:
found y/a
## status: 0
## files:
y/
y/a: ""

### find delete
mkdir z; touch z/a.tmp z/b.txt; find z -name '*.tmp' -delete; ls z
## stdout:
b.txt
## status: 0
## files:
z/
z/b.txt: ""

### find not and or
mkdir w; touch w/a.c w/b.h w/c.txt; find w -type f \( -name '*.c' -o -name '*.h' \) | sort; find w -type f ! -name '*.c' | sort
## stdout:
w/a.c
w/b.h
w/b.h
w/c.txt
## status: 0
## files:
w/
w/a.c: ""
w/b.h: ""
w/c.txt: ""

### find empty
mkdir -p e/full e/empty; touch e/full/x e/zero; find e -empty | sort
## stdout:
e/empty
e/full/x
e/zero
## status: 0
## files:
e/
e/empty/
e/full/
e/full/x: ""
e/zero: ""

### find path
mkdir -p p/q; touch p/q/r; find p -path '*/q/*'
## stdout:
p/q/r
## status: 0
## files:
p/
p/q/
p/q/r: ""

### find print0
mkdir o; touch o/a; find o -type f -print0 | tr '\0' '\n'
## stdout:
o/a
## status: 0
## files:
o/
o/a: ""

### find size
printf '%0100d' 0 > big; touch small; find . -name 'b*' -size +50c; find . -name 's*' -size -1k
## stdout:
./big
./small
## status: 0
## files:
big: "0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
small: ""

### du summary exists
mkdir d; touch d/f; du -s d | tr -cd 'd\n'
## stdout:
d
## status: 0
## files:
d/
d/f: ""

### cat missing file continues
echo ok > ok; cat nope ok 2>/dev/null; echo $?
## stdout:
ok
1
## status: 0
## files:
ok: "ok\n"

### date with fixed epoch
date -u -d @0 +%Y-%m-%d
## stdout:
1970-01-01
## status: 0

### sleep zero
sleep 0; echo slept
## stdout:
slept
## status: 0

### touch existing keeps content
echo keep > k; touch k; cat k
## stdout:
keep
## status: 0
## files:
k: "keep\n"

### tail of a long pipe keeps only its end
seq 300000 | tail -n 3; seq 300000 | tail -c 12; seq 300000 | tail -n 1 | od -c | head -1
## stdout:
299998
299999
300000
9999
300000
0000000   3   0   0   0   0   0  \n
## status: 0

### tail of a pipe from a line or byte position
seq 200000 | tail -n +199998; seq 200000 | tail -c +1288886; printf 'a\nb\nc' | tail -n +2; echo; printf abc | tail -c +9; echo end
## stdout:
199998
199999
200000
99
200000
b
c
end
## status: 0

### tail of a pipe without a final newline, zero and huge counts
printf 'x\ny\nz' | tail -n 2; echo; printf 'x\ny\n' | tail -n 0 | wc -c; seq 5 | tail -n 99999999999 | wc -l; seq 70000 | tr -d '\n' | tail -c 7; echo
## stdout:
y
z
0
5
9970000
## status: 0

### tail of a pipe with headers among files
seq 3 > three; seq 100000 | tail -n 2 three - three
## stdout:
==> three <==
2
3

==> standard input <==
99999
100000

==> three <==
2
3
## status: 0
## files:
three: "1\n2\n3\n"

### verbose removals, copies, moves and directories, as GNU says them
mkdir -p t/d/e; touch t/f t/d/g t/d/e/h
mkdir -v n1 | sed 's/^/> /'; mkdir -pv n2/a/b; mkdir -m 700 n3; stat -c %a n3
cp -v t/f c1; cp -rv t/d/e c2; mv -v c1 m1; mkdir into; mv -v m1 into; cp -v t/f into
rm -v t/f into/m1; rm -rv t/d/e; rmdir -p n2/a/b; ls -d n2 2>&1; echo $?
## stdout:
> mkdir: created directory 'n1'
mkdir: created directory 'n2'
mkdir: created directory 'n2/a'
mkdir: created directory 'n2/a/b'
700
't/f' -> 'c1'
't/d/e' -> 'c2'
't/d/e/h' -> 'c2/h'
renamed 'c1' -> 'm1'
renamed 'm1' -> 'into/m1'
't/f' -> 'into/f'
removed 't/f'
removed 'into/m1'
removed 't/d/e/h'
removed directory 't/d/e'
ls: cannot access 'n2': No such file or directory
2
## status: 0
## files:
c2/
c2/h: ""
into/
into/f: ""
n1/
n3/
t/
t/d/
t/d/g: ""

### cat shows what cannot be seen
printf 'a\tb\001c\177d\n\200e\n' > v.bin
cat -v v.bin; cat -T v.bin | od -c | head -2; cat -A v.bin; cat -e v.bin; cat -t v.bin
## stdout:
a	b^Ac^?d
M-^@e
0000000   a   ^   I   b 001   c 177   d  \n 200   e  \n
0000014
a^Ib^Ac^?d$
M-^@e$
a	b^Ac^?d$
M-^@e$
a^Ib^Ac^?d
M-^@e
## status: 0
## files:
v.bin: "a\tb\u{1}c\u{7f}d\n�e\n"

### mktemp under a directory, readlink without its newline, ln into a directory
mkdir sub; d=$(mktemp -d -p sub); test -d "$d" && echo dir; case $d in sub/tmp.*) echo under;; esac
f=$(mktemp -p sub x.XXXX 2>&1); case $f in sub/x.*) echo named;; esac; mktemp -q XX; echo "q $?"
ln -s target link; readlink -n link; echo "|"; readlink -n link link; mkdir ld; ln -s ../a ../b ld; ls ld; rm -r sub
## stdout:
dir
under
named
q 1
target|
target
target
a
b
## status: 0
## files:
ld/
ld/a -> ../a
ld/b -> ../b
link -> target

### unknown options are refused in GNU's words, nothing done
touch keep; rm --bogus keep; echo $?; rm -Z keep; echo $?; cp --recursiv keep k2 && echo prefix; ls k2
mkdir --mode 2>&1; echo $?; ls --nope 2>&1; echo $?; ls keep
## stdout:
1
1
prefix
k2
mkdir: option '--mode' requires an argument
Try 'mkdir --help' for more information.
1
ls: unrecognized option '--nope'
Try 'ls --help' for more information.
2
keep
## status: 0
## files:
k2: ""
keep: ""

### basename and dirname options
basename /a/b.txt .txt; basename -a /a/b /c/d/; basename -s .c x.c y.c; basename --suffix=.c z.c; basename -z q/r | od -c | head -1
basename a b c; echo "status $?"; basename a -s x; echo "status $?"; basename; echo "status $?"
dirname /a/b c/d/ e; dirname -z a/b | od -c | head -1; dirname; echo "status $?"
## stdout:
b
b
d
x
y
z
0000000   r  \0
status 1
status 1
status 1
/a
c
.
0000000   a  \0
status 1
## status: 0

### stat formats: -c, --format=, --printf with escapes, the last one wins
printf abc > s.txt; stat -c '%n %s' s.txt; stat --format=%s s.txt; stat --printf '%n\t%s\n' s.txt; stat -c %s --printf '[%s]\n' s.txt
stat; echo "status $?"; stat --nope s.txt; echo "status $?"
## stdout:
s.txt 3
3
s.txt	3
[3]
status 1
status 1
## status: 0
## files:
s.txt: "abc"

### find -printf, -regex, -perm, -newermt, -lname and the access tests
mkdir -p d/e
printf 'abc' > d/a.txt
printf '12345' > d/e/b.log
chmod 755 d/a.txt
chmod 640 d/e/b.log
ln -s a.txt d/l
find d -printf '%p %f %h %P %d %y %m %M\n' | sort
find d -type f -printf '%-8f|%5s|%H|%k\n' | sort
find d/e -type f -printf '%TY' | wc -c
find . -regex '.*/[ab]\.\(txt\|log\)' | sort
find . -regextype posix-extended -regex '.*/(a|b)\.(txt|log)' | sort
find . -iregex '.*A\.TXT'
find . -perm -u+x -type f
find . -perm /o+r -type f | sort
find . -perm 640
find . -newermt 2000-01-01 -type f | sort
find . -newermt '2999-01-01 00:00:00' -type f
find . -lname 'a*'
find . -type f -executable
find . -name l -printf '%l\n'
find . -regex 'x(' ; echo "status $?"
## stdout:
d d .  0 d 755 drwxr-xr-x
d/a.txt a.txt d a.txt 1 f 755 -rwxr-xr-x
d/e e d e 1 d 755 drwxr-xr-x
d/e/b.log b.log d/e e/b.log 2 f 640 -rw-r-----
d/l l d l 1 l 777 lrwxrwxrwx
a.txt   |    3|d|4
b.log   |    5|d|4
4
./d/a.txt
./d/e/b.log
./d/a.txt
./d/e/b.log
./d/a.txt
./d/a.txt
./d/a.txt
./d/e/b.log
./d/a.txt
./d/e/b.log
./d/l
./d/a.txt
a.txt
status 0
## status: 0
## files:
d/
d/a.txt: "abc"
d/e/
d/e/b.log: "12345"
d/l -> a.txt

### find's default regular expressions are emacs': + and ? are operators, \+ the character
mkdir d
touch d/a.txt d/a.ttxt 'd/a.t+xt'
find . -regex '.*a\.t+xt' | sort
find . -regex '.*a\.tt?xt' | sort
find . -regex '.*a\.t\+xt'
find . -regextype posix-basic -regex '.*a\.t\+xt' | sort
find . -regex '.*/[a+]\.txt'
## stdout:
./d/a.ttxt
./d/a.txt
./d/a.ttxt
./d/a.txt
./d/a.t+xt
./d/a.ttxt
./d/a.txt
./d/a.txt
## status: 0
## files:
d/
d/a.t+xt: ""
d/a.ttxt: ""
d/a.txt: ""

### date -d reads GNU's relative items after a date
for d in "2024-01-31 +1 month" "2024-03-15 10:00:00 1 day ago" "2024-03-15 -2 weeks" "2024-03-15 next year" "2024-03-15 last month" "2024-03-15 3 hours" "2024-03-15 yesterday" "2024-03-15 tomorrow" "2024-03-12 12:30" "2024-03-12T12:30:00Z 1 sec ago" "2024-03-12 +1 fortnight" "2024-02-29 1 year ago"; do
  date -u -d "$d" '+%F %T'
done
date -u -d 'noon' 2>/dev/null; echo "status $?"
## stdout:
2024-03-02 00:00:00
2024-03-14 10:00:00
2024-03-01 00:00:00
2025-03-15 00:00:00
2024-02-15 00:00:00
2024-03-15 03:00:00
2024-03-14 00:00:00
2024-03-16 00:00:00
2024-03-12 12:30:00
2024-03-12 12:29:59
2024-03-26 00:00:00
2023-03-01 00:00:00
status 1
## status: 0

### find -L follows links everywhere and reports a loop instead of entering it
mkdir -p d/e
touch d/e/f
ln -s d ld
ln -s ../.. d/e/up
ln -s nowhere broken
find -L . 2>/dev/null | sort
find -L . > /dev/null 2>&1; echo "status $?"
find -L . -type l 2>/dev/null
find -L ld 2>/dev/null | sort
find -L -P . -maxdepth 1 | sort
## stdout:
.
./broken
./d
./d/e
./d/e/f
./ld
./ld/e
./ld/e/f
status 1
./broken
ld
ld/e
ld/e/f
ld/e/up
ld/e/up/broken
.
./broken
./d
./ld
## status: 0
## files:
broken -> nowhere
d/
d/e/
d/e/f: ""
d/e/up -> ../..
ld -> d

### date -d with relative items after a date
for d in '2024-01-31 + 1 month' '2024-02-29 + 1 year' '2024-01-01 - 1 fortnight' '2024-01-01 week ago' '2024-01-01 hour' '2024-03-10 next friday' '2024-03-10 last monday' '2024-03-10 12:00 tomorrow' '2024-01-31 +1 month -1 day'; do
  TZ=UTC date -u -d "$d" '+%F %T %A'
done
## stdout:
2024-03-02 00:00:00 Saturday
2025-03-01 00:00:00 Saturday
2023-12-18 00:00:00 Monday
2023-12-25 00:00:00 Monday
2024-01-01 01:00:00 Monday
2024-03-10 00:00:00 Sunday
2024-03-10 00:00:00 Sunday
2024-03-11 12:00:00 Monday
2024-03-01 00:00:00 Friday
## status: 0

### find's owner, time and identity tests, -ls and the comma
mkdir -p fd/sub; touch fd/a.txt fd/sub/b.log; ln -s a.txt fd/link; touch -d '2020-05-01' fd/sub/b.log
find fd -user "$(id -un)" -name a.txt; find fd -uid "$(id -u)" -name a.txt; find fd -group "$(id -gn)" -type l
find fd -user 4242; find fd -nouser; find fd -nogroup; find fd -inum 0
find fd -atime -1 -name a.txt; find fd -amin -10 -type l; find fd -daystart -mtime +1
find fd -newermm fd/sub/b.log -name '*.txt'; find fd -newermt 2021-01-01 -type l
find fd -samefile fd/a.txt; find -L fd -samefile fd/a.txt | sort; find fd -samefile fd/link
find fd -name a.txt , -name b.log; find fd -xdev -name b.log
find fd/sub -name b.log -ls | tr -s ' ' | cut -d' ' -f3,4,5,8,9,10,11,12
find fd -user nobody-here; echo "status $?"
## stdout:
fd/a.txt
fd/a.txt
fd/link
fd/a.txt
fd/link
fd/sub/b.log
fd/a.txt
fd/link
fd/a.txt
fd/a.txt
fd/link
fd/link
fd/sub/b.log
fd/sub/b.log
0 -rw-r--r-- 1 0 May 1 2020 fd/sub/b.log
status 1
## status: 0
## files:
fd/
fd/a.txt: ""
fd/link -> a.txt
fd/sub/
fd/sub/b.log: ""

### touch -d, -t and -r set the modification time
touch -d '2020-05-01 10:00' a; touch -t 202001021530.45 b; touch -t 9912312359 c; touch -r a d
for f in a b c d; do date -u -r "$f" '+%F %T'; done
touch -d garbage x; echo "status $?"; touch -t 123 x; echo "status $?"; ls x 2>/dev/null; echo "x $?"
## stdout:
2020-05-01 10:00:00
2020-01-02 15:30:45
1999-12-31 23:59:00
2020-05-01 10:00:00
status 1
status 1
x 2
## status: 0
## files:
a: ""
b: ""
c: ""
d: ""

### ls -p -g -o -n -q
mkdir d; touch d/f "$(printf 'c\tx')"
ls -p; ls -q; ls -g d | tail -1 | tr -s ' ' | cut -d' ' -f1,2; ls -o d | tail -1 | tr -s ' ' | cut -d' ' -f1,2; ls -n d | tail -1 | cut -d' ' -f1,2
## stdout:
c	x
d/
c?x
d
-rw-r--r-- 1
-rw-r--r-- 1
-rw-r--r-- 1
## status: 0
## files:
c	x: ""
d/
d/f: ""

### cp follows or copies symbolic links as -P -d -L -H say
mkdir d; echo data > d/f; ln -s d dl; ln -s d/f fl
cp -P fl p1; cp -d fl p2; cp -L fl p3; cp fl p4; cp -R dl r1; cp -rH dl r2; cp -rL dl r3; cp -a fl p5
for f in p1 p2 p3 p4 p5 r1 r2 r3; do printf '%s ' "$f"; if [ -L "$f" ]; then echo "link to $(readlink "$f")"; else echo "copy"; fi; done
## stdout:
p1 link to d/f
p2 link to d/f
p3 copy
p4 copy
p5 link to d/f
r1 link to d
r2 copy
r3 copy
## status: 0
## files:
d/
d/f: "data\n"
dl -> d
fl -> d/f
p1 -> d/f
p2 -> d/f
p3: "data\n"
p4: "data\n"
p5 -> d/f
r1 -> d
r2/
r2/f: "data\n"
r3/
r3/f: "data\n"

### tar refuses other compression programs cleanly
echo x > f; tar --use-compress-program=xz -cf - f | wc -c; tar -I zstd -cf - f > /dev/null; echo "status $?"
## stdout:
164
status 0
## status: 0
## files:
f: "x\n"
## known-diff: no program runs to compress here (GNU tar runs xz or zstd); toolsh refuses with status 2 and writes no archive

### truncate cuts, extends with zeros, and adjusts by + - < > / %
printf abcdefg > t; truncate -s 3 t; cat t; echo
truncate -s +2 t; od -c t | head -1; truncate -s '<2' t; wc -c < t; truncate -s %4 t; wc -c < t
truncate -s 1K big; wc -c < big; truncate -r t copy; wc -c < copy
truncate -c -s 5 nothere; ls nothere 2>/dev/null; echo "status $?"
truncate f; echo "status $?"; truncate -s x t; echo "status $?"
## stdout:
abc
0000000   a   b   c  \0  \0
2
4
1024
4
status 2
status 1
status 1
## status: 0
## files:
big: 1024 bytes, 1 lines
copy: "\u{0}\u{0}\u{0}\u{0}"
t: "ab\u{0}\u{0}"

### chown and chgrp refuse what does not exist +stderr
touch f; chown no_such_user f; echo "rc=$?"; chgrp no_such_group f; echo "rc=$?"; chown; echo "rc=$?"; chown no_such_user; echo "rc=$?"
## stdout:
rc=1
rc=1
rc=1
rc=1
## stderr:
chown: invalid user: 'no_such_user'
chgrp: invalid group: 'no_such_group'
chown: missing operand
Try 'chown --help' for more information.
chown: missing operand after 'no_such_user'
Try 'chown --help' for more information.
## status: 0
## files:
f: ""

### realpath relative to and relative base
mkdir -p a/b/c d; touch a/b/c/f
realpath --relative-to=d a/b/c/f a d; realpath --relative-to=a/b a/b/c/f a/b a /
realpath --relative-base=a a/b/c/f a d; realpath --relative-base=a --relative-to=a/b a/b/c/f a d
realpath --relative-base=a/b --relative-to=a a/b/c/f d; realpath -z --relative-to=/ a | od -c | head -1
realpath --relative-to=nope/x a; echo "status $?"; realpath -m --relative-to=nope/x a/new
## stdout:
../a/b/c/f
../a
.
c/f
.
..
../../../..
b/c/f
.
<tmp>/d
c/f
..
<tmp>/d
<tmp>/a/b/c/f
<tmp>/d
0000000   t   m   p   /   t   o   o   l   s   h   -   c   o   m   p   a
status 1
../../a/new
## status: 0
## files:
a/
a/b/
a/b/c/
a/b/c/f: ""
d/

### ls sort words and letters
printf 12345 > x.md; printf 1 > v10; printf 12 > v9; touch -d '2020-01-01' b.txt v9; touch -d '2021-01-01' a.tar.gz; touch -d '2019-01-01' c x.md; touch -d '2018-01-01' v10
ls --sort=size; ls --sort=time; ls --sort=extension; ls --sort=version; ls --sort=width; ls -X; ls -v; ls -vr; ls -S --sort=time; ls --sort=time -S; ls --sort=ti; ls --sort=ext -r
ls --sort=bogus; echo "status $?"; ls --sort=; echo "status $?"
## stdout:
x.md
v9
v10
a.tar.gz
b.txt
c
a.tar.gz
b.txt
v9
c
x.md
v10
c
v10
v9
a.tar.gz
x.md
b.txt
a.tar.gz
b.txt
c
v9
v10
x.md
c
v9
v10
x.md
b.txt
a.tar.gz
c
v10
v9
a.tar.gz
x.md
b.txt
a.tar.gz
b.txt
c
v9
v10
x.md
x.md
v10
v9
c
b.txt
a.tar.gz
a.tar.gz
b.txt
v9
c
x.md
v10
x.md
v9
v10
a.tar.gz
b.txt
c
a.tar.gz
b.txt
v9
c
x.md
v10
b.txt
x.md
a.tar.gz
v9
v10
c
status 1
status 1
## status: 0
## files:
a.tar.gz: ""
b.txt: ""
c: ""
v10: "1"
v9: "12"
x.md: "12345"

### install copies with mode 0755 or -m, octal or symbolic
echo hi > a; install a b; ls -l b | cut -c1-10; cat b
install -m 644 a c; ls -l c | cut -c1-10; install -m u=rw,go=r a e; ls -l e | cut -c1-10
echo ho > f; mkdir d; install a f d; ls d
touch -d '2020-01-01 00:00' a; install -p a g; stat -c %y g | cut -c1-4
install -C a b; echo $?
## stdout:
-rwxr-xr-x
hi
-rw-r--r--
-rw-r--r--
a
f
2020
0
## status: 0
## files:
a: "hi\n"
b: "hi\n"
c: "hi\n"
d/
d/a: "hi\n"
d/f: "ho\n"
e: "hi\n"
f: "ho\n"
g: "hi\n"

### install -d and -D make directories, -t names the target, -v says each step
install -d x/y/z; ls -ld x/y/z | cut -c1-10; install -d -m 700 p; ls -ld p | cut -c1-10
echo hi > a; install -D a deep/er/b; cat deep/er/b
install -D -t t/u a; ls t/u
install -v a b; install -v -d q/r; install -v -D a s/t/u
## stdout:
drwxr-xr-x
drwx------
hi
a
'a' -> 'b'
install: creating directory 'q'
install: creating directory 'q/r'
install: creating directory 's'
install: creating directory 's/t'
'a' -> 's/t/u'
## status: 0
## files:
a: "hi\n"
b: "hi\n"
deep/
deep/er/
deep/er/b: "hi\n"
p/
q/
q/r/
s/
s/t/
s/t/u: "hi\n"
t/
t/u/
t/u/a: "hi\n"
x/
x/y/
x/y/z/

### install refuses as GNU's does +stderr
install; echo $?
echo hi > a; install a; echo $?
install nope b; echo $?
mkdir d; install d e; echo $?
install a b c; echo $?
install -t t a; echo $?
install -T a d; echo $?
## stdout:
1
1
1
1
1
1
1
## stderr:
install: missing file operand
Try 'install --help' for more information.
install: missing destination file operand after 'a'
Try 'install --help' for more information.
install: cannot stat 'nope': No such file or directory
install: omitting directory 'd'
install: target 'c': No such file or directory
install: failed to access 't': No such file or directory
install: cannot overwrite directory 'd' with non-directory
## status: 0
## files:
a: "hi\n"
d/

### tar --strip-components drops leading directories on extraction, -v lists what is kept
mkdir -p d/e; echo 1 > d/e/a; echo 2 > d/b; tar cf x.tar d; mkdir o; tar xf x.tar -C o --strip-components=2; ls o
mkdir p; tar xvf x.tar -C p --strip-components=1; find p | sort
mkdir -p a/b; echo 1 > a/b/c; tar czf x.tgz a; mkdir dst; tar xzf x.tgz --strip-components 1 -C dst; find dst | sort; rm x.tgz
## stdout:
a
d/b
d/e/
d/e/a
p
p/b
p/e
p/e/a
dst
dst/b
dst/b/c
## status: 0
## files:
a/
a/b/
a/b/c: "1\n"
d/
d/b: "2\n"
d/e/
d/e/a: "1\n"
dst/
dst/b/
dst/b/c: "1\n"
o/
o/a: "1\n"
p/
p/b: "2\n"
p/e/
p/e/a: "1\n"
x.tar: 10240 bytes, 3 lines

### tar --wildcards, --owner, --group, --numeric-owner and --sort=name
mkdir -p d; echo 1 > d/a; echo 2 > d/b.txt; tar cf a.tar d; tar -tf a.tar --wildcards 'd/*.txt'; tar -tf a.tar --wildcards '*a'
mkdir o; tar -xf a.tar -C o --wildcards '*.txt'; find o | sort
echo hi > f; tar cf x.tar --owner=0 --group=0 --numeric-owner --sort=name f; tar tvf x.tar | cut -c1-20
tar cf y.tar --owner=root --group=root f; tar tvf y.tar | cut -c1-22
## stdout:
d/b.txt
d/a
o
o/d
o/d/b.txt
-rw-r--r-- 0/0      
-rw-r--r-- root/root  
## status: 0
## files:
a.tar: 10240 bytes, 3 lines
d/
d/a: "1\n"
d/b.txt: "2\n"
f: "hi\n"
o/
o/d/
o/d/b.txt: "2\n"
x.tar: 10240 bytes, 2 lines
y.tar: 10240 bytes, 2 lines

### tar refuses a bad --strip-components as GNU's does +stderr
echo hi > f; tar cf x.tar f; tar xf x.tar --strip-components=x; echo $?
## stdout:
2
## stderr:
tar: x: Invalid number of elements
Try 'tar --help' or 'tar --usage' for more information.
## status: 0
## files:
f: "hi\n"
x.tar: 10240 bytes, 2 lines

### find -execdir runs in the file's directory with ./NAME
mkdir -p d/e; touch d/a.txt d/e/b.txt; find d -type f -execdir echo {} \; | sort; find d -type f -execdir pwd \; | sed 's|.*/||' | sort
mkdir -p d/e; touch d/a.txt d/e/b.txt; find d -name e -execdir ls {} \;; find d -maxdepth 0 -execdir echo {} \;
mkdir -p d/e; touch d/e/b.txt; cd d; find . -name b.txt -execdir echo x{}y \;; find e -execdir echo {} +
## stdout:
./a.txt
./b.txt
d
e
b.txt
./d
x./b.txty
./e
./b.txt
## status: 0
## files:
d/
d/a.txt: ""
d/e/
d/e/b.txt: ""

### ls --time-style and --full-time
touch -d '2020-01-02 03:04:05' old; for s in long-iso iso full-iso posix-long-iso locale +%Y/%m/%d; do ls -l --time-style=$s old | awk '{$1=$2=$3=$4=$5=""; print}'; done; ls --full-time old | awk '{print $6, $7, $8}'; ls -l --time-style=bad old; echo "s=$?"
## stdout:
     2020-01-02 03:04 old
     2020-01-02 old
     2020-01-02 03:04:05.000000000 +0000 old
     2020-01-02 03:04 old
     Jan 2 2020 old
     2020/01/02 old
2020-01-02 03:04:05.000000000 +0000
s=2
## status: 0
## files:
old: ""

### find -name with plain names, suffixes and patterns, -type, -size, -newer and -prune
mkdir -p w/src/deep w/tests w/.hidden; printf 'x\n' > w/src/a.rs; printf '%0100d\n' 0 > w/src/deep/b.rs; printf '' > w/src/empty.rs
printf 'y\n' > w/tests/t.rs; printf 'z\n' > w/.hidden/h.rs; printf 'm\n' > w/Makefile; touch -d '2020-01-01' w/old; touch w/src/a.rs
find w -name '*.rs' | sort; find w -name Makefile; find w -name '*' -type d | sort; find w -name '*.RS' | sort
find w -iname '*.RS' | sort; find w -name 'a.*' ; find w -type f -size +0 | sort; find w -type f -empty | sort
find w -name tests -prune -o -type f -newer w/old -print | sort; find w -name '[ab].rs' | sort; find w -name '\*'
## stdout:
w/.hidden/h.rs
w/src/a.rs
w/src/deep/b.rs
w/src/empty.rs
w/tests/t.rs
w/Makefile
w
w/.hidden
w/src
w/src/deep
w/tests
w/.hidden/h.rs
w/src/a.rs
w/src/deep/b.rs
w/src/empty.rs
w/tests/t.rs
w/src/a.rs
w/.hidden/h.rs
w/Makefile
w/src/a.rs
w/src/deep/b.rs
w/tests/t.rs
w/old
w/src/empty.rs
w/.hidden/h.rs
w/Makefile
w/src/a.rs
w/src/deep/b.rs
w/src/empty.rs
w/src/a.rs
w/src/deep/b.rs
## status: 0
## files:
w/
w/.hidden/
w/.hidden/h.rs: "z\n"
w/Makefile: "m\n"
w/old: ""
w/src/
w/src/a.rs: "x\n"
w/src/deep/
w/src/deep/b.rs: "0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000\n"
w/src/empty.rs: ""
w/tests/
w/tests/t.rs: "y\n"

### ls -l aligns the size column to the listing's widest size
printf '%*s' 123456 '' > big; printf x > s; ls -l --time-style=+X | grep -v '^total' | sed 's/^[^ ]* [^ ]* [^ ]* [^ ]* //'; ls -lh --time-style=+X big s | sed 's/^[^ ]* [^ ]* [^ ]* [^ ]* //'; ls -l --time-style=+X s | sed 's/^[^ ]* [^ ]* [^ ]* [^ ]* //'
## stdout:
123456 X big
     1 X s
121K X big
   1 X s
1 X s
## status: 0
## files:
big: 123456 bytes, 1 lines
s: "x"

### find -xtype tests what a link leads to, and the link itself under -L +stderr
touch a; mkdir d; ln -s a la; ln -s d ld; ln -s nowhere lx
find . -xtype f | sort; echo --; find . -xtype l; echo --; find . -xtype d | sort; echo --; find -L . -xtype l | sort; echo --; find . -xtype f,l | sort; find . -xtype q; echo "st $?"
## stdout:
./a
./la
--
./lx
--
.
./d
./ld
--
./la
./ld
./lx
--
./a
./la
./lx
st 1
## stderr:
find: Unknown argument to -xtype: q
## status: 0
## files:
a: ""
d/
la -> a
ld -> d
lx -> nowhere

### find -ok and -okdir ask on stderr and run on a line read that begins with y +stderr
mkdir d; touch d/a
printf 'yes\n' | find d -name a -ok sh -c 'echo run "$1"' sh {} \;; echo "st $?"
printf 'n\n' | find d -name a -okdir echo in {} \;; echo "st $?"
find d -name a -ok echo {} \; </dev/null; echo "st $?"
printf 'Y\n' | find d -name a -okdir echo in {} \;
find d -ok echo {} +; echo "st $?"
## stdout:
run d/a
st 0
st 0
st 0
in ./a
st 1
## stderr:
< sh ... d/a > ? < echo ... d/a > ? < echo ... d/a > ? < echo ... d/a > ? find: missing argument to `-ok'
## status: 0
## files:
d/
d/a: ""

### find -fprint, -fprint0, -fprintf and -fls write to a file made before the walk +stderr
mkdir d; touch d/a d/b.txt
find d -name '*.txt' -fprint out; cat out; find d -name a -fprint0 o0 -fprintf o1 '%f|%s\n'; od -c o0; cat o1
find d -name nothing -fprint empty; wc -c < empty; find d -name a -fprint s -o -name b.txt -fprint ./s; sort s; rm s
find d -name a -fls l; wc -l < l; rm l
find d -fprint nodir/x; echo "st $?"; find d -fprint; echo "st $?"; find . -name missing -fprint d/a; wc -c < d/a
## stdout:
d/b.txt
0000000   d   /   a  \0
0000004
a|0
0
d/a
d/b.txt
1
st 1
st 1
0
## stderr:
find: 'nodir/x': No such file or directory
find: missing argument to `-fprint'
## status: 0
## files:
d/
d/a: ""
d/b.txt: ""
empty: ""
o0: "d/a\u{0}"
o1: "a|0\n"
out: "d/b.txt\n"

### tar --transform renames members and link targets as they are added and extracted, -v shows the names as given
mkdir src; echo hi > src/a.txt; ln -s a.txt src/l
tar --transform 's/^src/dst/' --xform 's/txt$/md/' -cvf x.tar src | sort; tar -tf x.tar | sort
mkdir o; cd o; tar -xf ../x.tar --transform 's,^,pre/,'; find . | sort; readlink pre/dst/l
tar --transform='s/A/Q/gi;s/\(d\)st/\1ir/2' -cf ../w.tar ../x.tar; tar -tf ../w.tar
tar -cf ../v.tar --transform 's/\.tar$/.TAR/x' ../x.tar; tar tf ../v.tar
## stdout:
src/
src/a.txt
src/l
dst/
dst/a.md
dst/l
.
./pre
./pre/dst
./pre/dst/a.md
./pre/dst/l
pre/a.md
x.tQr
x.TAR
## status: 0
## files:
o/
o/pre/
o/pre/dst/
o/pre/dst/a.md: "hi\n"
o/pre/dst/l -> pre/a.md
src/
src/a.txt: "hi\n"
src/l -> a.txt
v.tar: 20480 bytes, 2 lines
w.tar: 20480 bytes, 2 lines
x.tar: 10240 bytes, 2 lines

### tar --transform and --mtime refuse what GNU's refuse +stderr
mkdir src; touch src/a
tar --xform 's/a/b/q' -cf z.tar src; echo "st $?"; tar --transform bad -cf z.tar src; echo "st $?"; tar --transform 's/a/b' -cf z.tar src; echo "st $?"
## stdout:
st 2
st 2
st 2
## stderr:
tar: Unknown flag in transform expression: q
Try 'tar --help' or 'tar --usage' for more information.
tar: Invalid transform expression
Try 'tar --help' or 'tar --usage' for more information.
tar: Invalid transform expression
Try 'tar --help' or 'tar --usage' for more information.
## status: 0
## files:
src/
src/a: ""

### tar --mtime gives every added member one time: a date, @seconds or a file's
mkdir src; echo hi > src/a.txt; touch -d '2001-02-03 04:05:06' ref
tar --mtime=@0 -cf y.tar src; TZ=UTC tar -tvf y.tar | awk '{print $4, $5, $6}'; tar --mtime='2020-01-02 03:04:05' -cf y.tar src; TZ=UTC tar -tvf y.tar | awk '{print $4, $5, $6}'; tar --mtime=./ref -cf y.tar src; TZ=UTC tar -tvf y.tar | awk '{print $4, $5, $6}'
## stdout:
1970-01-01 00:00 src/
1970-01-01 00:00 src/a.txt
2020-01-02 03:04 src/
2020-01-02 03:04 src/a.txt
2001-02-03 04:05 src/
2001-02-03 04:05 src/a.txt
## status: 0
## files:
ref: ""
src/
src/a.txt: "hi\n"
y.tar: 10240 bytes, 2 lines

### tar takes off leading / and everything through the last .. of a name, once said for each prefix +stderr
mkdir -p w/src; echo x > w/x; echo y > w/y; cd w/src
tar -cvf ../../u.tar ../../w/src/../x ../y; tar tf ../../u.tar
## stdout:
../../w/src/../x
../y
x
y
## stderr:
tar: Removing leading `../../w/src/../' from member names
tar: Removing leading `../../w/src/../' from hard link targets
tar: Removing leading `../' from member names
tar: Removing leading `../' from hard link targets
## status: 0
## files:
u.tar: 10240 bytes, 3 lines
w/
w/src/
w/x: "x\n"
w/y: "y\n"

### tar --one-top-level extracts under a directory named for the archive, or the one given
mkdir src; echo hi > src/a.txt; tar -czf pack.tar.gz src; tar -cf plain.tar src
mkdir o; cd o; tar --one-top-level -xf ../pack.tar.gz; tar --one-top-level -xf ../plain.tar; tar --one-top-level=top -xvf ../plain.tar; find . | sort; rm ../pack.tar.gz
## stdout:
src/
src/a.txt
.
./pack
./pack/src
./pack/src/a.txt
./plain
./plain/src
./plain/src/a.txt
./top
./top/src
./top/src/a.txt
## status: 0
## files:
o/
o/pack/
o/pack/src/
o/pack/src/a.txt: "hi\n"
o/plain/
o/plain/src/
o/plain/src/a.txt: "hi\n"
o/top/
o/top/src/
o/top/src/a.txt: "hi\n"
plain.tar: 10240 bytes, 2 lines
src/
src/a.txt: "hi\n"

### find -execdir names a starting point as written, in the directory it is in: . is ./. and rm -rf of it removes nothing +stderr
mkdir -p d/e; touch d/e/f keep
find . -maxdepth 0 -execdir echo {} \;; find d -maxdepth 0 -execdir echo {} \;; find d/ -maxdepth 0 -execdir echo {} \;; find ./d/.. -maxdepth 0 -execdir echo {} \;; find d -name f -execdir echo {} \;
find . -maxdepth 0 -execdir rm -rf {} \;; echo "st $?"; cd d; find . -maxdepth 0 -execdir rm -rf {} \;; cd ..; find . | sort
## stdout:
./.
./d
./d/
./..
./f
st 0
.
./d
./d/e
./d/e/f
./keep
## stderr:
rm: refusing to remove '.' or '..' directory: skipping './.'
rm: refusing to remove '.' or '..' directory: skipping './.'
## status: 0
## files:
d/
d/e/
d/e/f: ""
keep: ""

### mktemp -u only names, and what follows the last X is a suffix, as with --suffix
mktemp -u fooXXX.txt | grep -c '^foo...\.txt$'; mktemp -u --suffix=.md barXXX | grep -c '^bar...\.md$'; ls; mktemp -u XX 2>/dev/null; echo $?; mktemp -u --suffix=/x fooXXX 2>/dev/null; echo $?; mktemp -u fooXXXbarX 2>/dev/null; echo $?; f=$(mktemp -p . --suffix=.json); ls | grep -c '^tmp\..\{10\}\.json$'; rm "$f"
## stdout:
1
1
1
1
1
1
## status: 0

### ls on links: a dangling operand is listed, -l -d -F show the link, -L -H and a final slash what it leads to +stderr
mkdir d; touch d/f1 d/f2 f; chmod +x f; ln -s nowhere dang; ln -s d ld; ln -s f lf
ls dang; ls ld; ls ld/; ls -L ld; ls -H ld; ls -d ld; ls -F ld; ls -dF ld lf dang d f; ls -Fd ld/; ls -ld ld/ | cut -c1; echo --
ls -l ld | sed 's/.* ld/ld/'; ls -lF ld lf dang | sed 's/.*:[0-9][0-9] //'; ls -lp ld | sed 's/.*:[0-9][0-9] //'; ls -lL ld | grep -c rw; ls -l | head -1
ls -L dang; echo "st $?"; ls -LF; echo "st $?"; ls -HF ld lf dang; echo "st $?"; ls dang/; echo "st $?"
## stdout:
dang
f1
f2
f1
f2
f1
f2
f1
f2
ld
ld@
d/
dang@
f*
ld@
lf@
ld//
d
--
ld -> d
dang -> nowhere
ld -> d/
lf -> f*
ld -> d
2
total 4
st 2
d/
dang@
f*
ld/
lf*
st 1
lf*

ld:
f1
f2
st 2
st 2
## stderr:
ls: cannot access 'dang': No such file or directory
ls: cannot access 'dang': No such file or directory
ls: cannot access 'dang': No such file or directory
ls: cannot access 'dang/': No such file or directory
## status: 0
## files:
d/
d/f1: ""
d/f2: ""
dang -> nowhere
f: ""
ld -> d
lf -> f

### ls -R -L does not list a directory again below itself +stderr
mkdir -p x/e; ln -s .. x/e/up; touch x/e/f; ls -RL x; echo "st $?"; ls -R x
## stdout:
x:
e

x/e:
f
up
st 2
x:
e

x/e:
f
up
## stderr:
ls: x/e/up: not listing already-listed directory
## status: 0
## files:
x/
x/e/
x/e/f: ""
x/e/up -> ..

### du counts file operands, links as themselves unless -L, -D or a final slash, and each file once +stderr
mkdir -p d/sub; head -c 5000 /dev/zero > d/f1; echo hi > d/sub/x; : > d/f2; head -c 10000 /dev/zero > big; : > f; ln -s nowhere dang; ln -s d ld
du f; du big d; du -a big; du -c big f; du -c d big; du -sc d d/f1; echo --; du ld; du -L ld; du -D ld; du -H ld; du ld/; du dang; echo --
du d d; du d/f1 d; du -s d ld; du -sL d ld; du -l d d; du -a d | sort -k2; du -sa d; echo "st $?"; du -L dang; echo "st $?"; du -c nosuch f; echo "st $?"
## stdout:
0	f
12	big
8	d/sub
20	d
12	big
12	big
0	f
12	total
8	d/sub
20	d
12	big
32	total
20	d
20	total
--
0	ld
8	ld/sub
20	ld
8	ld/sub
20	ld
8	ld/sub
20	ld
8	ld/sub
20	ld/
0	dang
--
8	d/sub
20	d
8	d/f1
8	d/sub
12	d
20	d
0	ld
20	d
8	d/sub
20	d
8	d/sub
20	d
20	d
8	d/f1
0	d/f2
8	d/sub
4	d/sub/x
st 1
st 1
0	f
0	total
st 1
## stderr:
du: cannot both summarize and show all entries
Try 'du --help' for more information.
du: cannot access 'dang'
du: cannot access 'nosuch': No such file or directory
## status: 0
## files:
big: 10000 bytes, 1 lines
d/
d/f1: 5000 bytes, 1 lines
d/f2: ""
d/sub/
d/sub/x: "hi\n"
dang -> nowhere
f: ""
ld -> d

### du -S, -b, --apparent-size, -k, -m, -h, -t, --inodes and -0; the last unit given wins +stderr
mkdir -p d/sub; head -c 5000 /dev/zero > d/f1; echo hi > d/sub/x; : > d/f2; head -c 10000 /dev/zero > big
du -S d; du -Sc d; du -b big; du --apparent-size big; du -k big; du -m big; du -ch big d; du -hb big; du -bh big; du -hk big; du -mb big
du -t 8K d; du -t -5000 -a d | sort -k2; du --inodes d; du --inodes -a d/sub | sort -k2; du -0 -c big | od -c
du -s -d 0 d; du -s -d 1 d; echo "st $?"; du -t 1X d; echo "st $?"; du -d x d; echo "st $?"
## stdout:
8	d/sub
12	d
8	d/sub
12	d
20	total
10000	big
10	big
12	big
1	big
12K	big
8.0K	d/sub
20K	d
32K	total
10000	big
9.8K	big
12	big
10000	big
8	d/sub
20	d
0	d/f2
4	d/sub/x
2	d/sub
5	d
2	d/sub
1	d/sub/x
0000000   1   2  \t   b   i   g  \0   1   2  \t   t   o   t   a   l  \0
0000020
20	d
st 1
st 1
st 1
## stderr:
du: warning: summarizing is the same as using --max-depth=0
du: warning: summarizing conflicts with --max-depth=1
Try 'du --help' for more information.
du: invalid suffix in -t argument '1X'
du: invalid maximum depth 'x'
Try 'du --help' for more information.
## status: 0
## files:
big: 10000 bytes, 1 lines
d/
d/f1: 5000 bytes, 1 lines
d/f2: ""
d/sub/
d/sub/x: "hi\n"

### cp: the last of -P -d -a -L -H wins, -L follows the links inside a tree, a loop or a file onto itself is refused +stderr
mkdir d; echo x > d/f; ln -s d ld; ln -s f d/lf; ln -s nowhere dang; mkdir -p e/g; ln -s .. e/g/up
cp -La ld o1; cp -aL ld o2; cp -rH ld o3; cp -rL d o4; cp -R ld/ o5; cp -P dang o6; cp -a dang o7; cp -rd ld o8; cp -L ld o9; echo "st $?"
cp -L dang o10; echo "st $?"; cp ld/f d/f; echo "st $?"; cp -rL e o11; echo "st $?"
## stdout:
st 1
st 1
st 1
st 1
## stderr:
cp: -r not specified; omitting directory 'ld'
cp: cannot stat 'dang': No such file or directory
cp: 'ld/f' and 'd/f' are the same file
cp: cannot copy cyclic symbolic link 'e/g/up'
## status: 0
## files:
d/
d/f: "x\n"
d/lf -> f
dang -> nowhere
e/
e/g/
e/g/up -> ..
ld -> d
o1 -> d
o11/
o11/g/
o2/
o2/f: "x\n"
o2/lf: "x\n"
o3/
o3/f: "x\n"
o3/lf -> f
o4/
o4/f: "x\n"
o4/lf: "x\n"
o5/
o5/f: "x\n"
o5/lf -> f
o6 -> nowhere
o7 -> nowhere
o8 -> d

### readlink -f -e -m and realpath on missing names, dangling links, files used as directories and loops +stderr
mkdir -p d/e; touch d/file; ln -s .. d/e/up; ln -s nowhere dang; ln -s d ld; ln -s d/file lf; ln -s d/e le; ln -s loop1 loop2; ln -s loop2 loop1
for n in missing missing/x dang dang/x d/file/x d/file/ ld/ ld/e/up/file le/.. loop1 loop1/x; do
  for o in -f -e -m; do printf '%s %s: %s\n' "$o" "$n" "$(readlink $o $n | sed "s#^$PWD#.#"; echo $?)"; done
done
readlink -fe missing; echo "st $?"; readlink -ef missing | sed "s#^$PWD#.#"; readlink -me missing/x; echo "st $?"; readlink -v missing; readlink -v d; readlink -fv loop1; readlink -vq missing; readlink -qv missing
readlink ld d; echo "st $?"; readlink -z ld | od -c; readlink -n ld ld
realpath missing missing/ dang le/.. | sed "s#^$PWD#.#"; realpath missing/x dang/x d/file/x d/file/ loop1 ''; echo "st $?"; realpath -q missing/x; echo "st $?"
realpath -m -e missing; realpath -e -m missing/x loop1/x | sed "s#^$PWD#.#"; realpath -s ld dang lf/x ld/x/y | sed "s#^$PWD#.#"; realpath -se dang; realpath -s d/file/; realpath -L le/.. | sed "s#^$PWD#.#"
cd le && realpath .. ../../lf | sed "s#^${PWD%/d/e}#.#"
## stdout:
-f missing: ./missing
0
-e missing: 0
-m missing: ./missing
0
-f missing/x: 0
-e missing/x: 0
-m missing/x: ./missing/x
0
-f dang: ./nowhere
0
-e dang: 0
-m dang: ./nowhere
0
-f dang/x: 0
-e dang/x: 0
-m dang/x: ./nowhere/x
0
-f d/file/x: 0
-e d/file/x: 0
-m d/file/x: ./d/file/x
0
-f d/file/: 0
-e d/file/: 0
-m d/file/: ./d/file
0
-f ld/: ./d
0
-e ld/: ./d
0
-m ld/: ./d
0
-f ld/e/up/file: ./d/file
0
-e ld/e/up/file: ./d/file
0
-m ld/e/up/file: ./d/file
0
-f le/..: ./d
0
-e le/..: ./d
0
-m le/..: ./d
0
-f loop1: 0
-e loop1: 0
-m loop1: ./loop1
0
-f loop1/x: 0
-e loop1/x: 0
-m loop1/x: ./loop1/x
0
st 1
./missing
st 1
d
st 1
0000000   d  \0
0000002
d
d
./missing
./missing
./nowhere
./d
st 1
st 1
./missing/x
./loop1/x
./ld
./dang
./ld/x/y
.
<tmp>/d
<tmp>/d/file
## stderr:
readlink: missing: No such file or directory
readlink: d: Invalid argument
readlink: loop1: Too many levels of symbolic links
readlink: missing: No such file or directory
readlink: ignoring --no-newline with multiple arguments
realpath: missing/x: No such file or directory
realpath: dang/x: No such file or directory
realpath: d/file/x: Not a directory
realpath: d/file/: Not a directory
realpath: loop1: Too many levels of symbolic links
realpath: '': No such file or directory
realpath: missing: No such file or directory
realpath: lf/x: Not a directory
realpath: dang: No such file or directory
realpath: d/file/: Not a directory
## status: 0
## files:
d/
d/e/
d/e/up -> ..
d/file: ""
dang -> nowhere
ld -> d
le -> d/e
lf -> d/file
loop1 -> loop2
loop2 -> loop1

### find -follow is -L for the walk, a path after the expression is refused, -L over a loop goes on with status 1 +stderr
mkdir -p d/e; touch d/e/f; ln -s .. d/e/up; ln -s nowhere dang
find d -follow -name f; echo "st $?"; find -L d -type l; echo "st $?"; find -L dang -type l; find -L dang -xtype l; find -H dang; find . -noleaf -name f
find -follow . -name f; echo "st $?"; find -name a b; echo "st $?"; find -depth x; echo "st $?"
## stdout:
d/e/f
st 1
st 1
dang
dang
dang
./d/e/f
st 1
st 1
st 1
## stderr:
find: File system loop detected; 'd/e/up' is part of the same file system loop as 'd'.
find: File system loop detected; 'd/e/up' is part of the same file system loop as 'd'.
find: paths must precede expression: `.'
find: possible unquoted pattern after predicate `-follow'?
find: paths must precede expression: `b'
find: paths must precede expression: `x'
## status: 0
## files:
d/
d/e/
d/e/f: ""
d/e/up -> ..
dang -> nowhere

### links in a loop: ls, du and find say so and go on, ls -lL shows what it cannot know +stderr
ln -s loop1 loop2; ln -s loop2 loop1; ln -s nowhere dang; mkdir d e; ln -s ../loop1 d/l; ln -s ../nowhere e/l
ls loop1; echo "st $?"; ls -l loop1 | sed 's/.*:[0-9][0-9] //'; ls -F loop1 dang; ls -lL d e | tr -s ' '; echo "st $?"; ls -LF d; echo "st $?"
du -L loop1; echo "st $?"; du -L dang; echo "st $?"; du -sL d; echo "st $?"
find -L loop1; echo "st $?"; find loop1 -xtype l; echo "st $?"; find -L d; echo "st $?"; find d -xtype l; echo "st $?"; find -L e -type l; echo "st $?"
## stdout:
st 2
loop1 -> loop2
dang@
loop1@
d:
total 0
l????????? ? ? ? ? ? l

e:
total 0
l????????? ? ? ? ? ? l
st 0
l@
st 1
st 1
st 1
4	d
st 1
st 1
st 1
d
st 1
st 1
e/l
st 0
## stderr:
ls: cannot access 'loop1': Too many levels of symbolic links
ls: cannot access 'd/l': Too many levels of symbolic links
ls: cannot access 'e/l': No such file or directory
ls: cannot access 'd/l': Too many levels of symbolic links
du: cannot access 'loop1': Too many levels of symbolic links
du: cannot access 'dang'
du: cannot access 'd/l': Too many levels of symbolic links
find: 'loop1': Too many levels of symbolic links
find: 'loop1': Too many levels of symbolic links
find: 'd/l': Too many levels of symbolic links
find: 'd/l': Too many levels of symbolic links
## status: 0
## files:
d/
d/l -> ../loop1
dang -> nowhere
e/
e/l -> ../nowhere
loop1 -> loop2
loop2 -> loop1

### du --exclude and -X leave out names matched whole or from after a slash +stderr
mkdir -p ex/sub; touch ex/a.x ex/sub/b.x ex/c; head -c 9000 /dev/zero > ex/sub/big.x; echo '*.x' > pats
du -a --exclude='*.x' ex | sort -k2; du -a --exclude=sub ex | sort -k2; du -a --exclude=ex/sub ex | sort -k2; du -a --exclude='sub/*' ex | sort -k2
du -a --exclude=ex ex; du -s -X pats ex; du -c --exclude='[ab]*' ex/a.x ex/c; du -X nosuch ex; echo "st $?"
## stdout:
8	ex
0	ex/c
4	ex/sub
4	ex
0	ex/a.x
0	ex/c
4	ex
0	ex/a.x
0	ex/c
8	ex
0	ex/a.x
0	ex/c
4	ex/sub
8	ex
0	ex/c
0	total
st 1
## stderr:
du: nosuch: No such file or directory
Try 'du --help' for more information.
## status: 0
## files:
ex/
ex/a.x: ""
ex/c: ""
ex/sub/
ex/sub/b.x: ""
ex/sub/big.x: 9000 bytes, 1 lines
pats: "*.x\n"

### cp -rvL says each file it copies and not a cyclic link; readlink of a name with a final slash +stderr
mkdir -p d/e; echo x > d/file; ln -s .. d/e/up; ln -s d ld; ln -s d/file lf; ln -s nowhere dang
cp -rvL ld o; echo "st $?"; readlink lf/; echo "st $?"; readlink -v ld/ dang/ d/; echo "st $?"; readlink -f lf/; echo "st $?"
## stdout:
'ld' -> 'o'
'ld/e' -> 'o/e'
'ld/file' -> 'o/file'
st 1
st 1
st 1
st 1
## stderr:
cp: cannot copy cyclic symbolic link 'ld/e/up'
readlink: ld/: Invalid argument
readlink: dang/: No such file or directory
readlink: d/: Invalid argument
## status: 0
## files:
d/
d/e/
d/e/up -> ..
d/file: "x\n"
dang -> nowhere
ld -> d
lf -> d/file
o/
o/e/
o/file: "x\n"

### du -L over a loop of links leaves the loop out, also with -l counting files again
mkdir -p d/e; touch d/e/x; ln -s .. d/e/up; du -lL d; du -alL d | sort -k2; du -lc d d; du -L d d
## stdout:
4	d/e
8	d
8	d
4	d/e
0	d/e/x
4	d/e
8	d
4	d/e
8	d
16	total
4	d/e
8	d
## status: 0
## files:
d/
d/e/
d/e/up -> ..
d/e/x: ""

### cp and mv take -t DIRECTORY and -T as GNU's
touch a b; cp -t nod a; echo $?; cp -T a; echo $?; mkdir d; cp -T a d; echo $?; cp -t d a b -v; mv -t d a; echo $?; ls d; cp -T b c; ls; mkdir e; mv -T e d; echo $?; mv -Tv b nb; cp -t a b; echo $?; cp -t d -T a b; echo $?; cp -T a b c; echo $?; mv -t; echo $?; cp --target-directory=d c; ls d; touch f; cp -t f c; echo $?
## stdout:
1
1
1
'a' -> 'd/a'
'b' -> 'd/b'
0
a
b
b
c
d
1
renamed 'b' -> 'nb'
1
1
1
1
a
b
c
1
## status: 0
## files:
c: ""
d/
d/a: ""
d/b: ""
d/c: ""
e/
f: ""
nb: ""

### cat will not read the file its output goes to while it has something to read +stderr
printf 'a\n' > g
cat g >> g 2>&1; echo "rc=$?"
cat < g >> g 2>&1; echo "rc=$?"
cat -n g >> g 2>&1; echo "rc=$?"
printf 'b\n' > h; cat h g >> g 2>&1; echo "rc=$?"
cat g
cat g > g; echo "rc=$?"; wc -c < g
## stdout:
rc=1
rc=1
rc=1
rc=1
a
cat: g: input file is output file
cat: -: input file is output file
cat: g: input file is output file
b
cat: g: input file is output file
rc=0
0
## status: 0
## files:
g: ""
h: "b\n"

### /dev/zero as redirected standard input is endless zeros
head -c 4 < /dev/zero | od -An -tx1
tr '\0' x < /dev/zero | head -c 5; echo
cat < /dev/zero | head -c 70000 | wc -c
exec 3< /dev/zero
head -c 2 <&3 | od -An -tx1
## stdout:
 00 00 00 00
xxxxx
70000
 00 00
## status: 0

### /dev/urandom and /dev/random give random bytes without end
head -c 16 /dev/urandom | wc -c
tr -dc 'a-z0-9' < /dev/urandom | head -c 12 | grep -c '^[a-z0-9]\{12\}$'
od -An -N4 -tu1 /dev/random | wc -w
test -c /dev/urandom && echo character device
a=$(head -c 16 /dev/urandom | od -An -tx1); b=$(head -c 16 /dev/urandom | od -An -tx1)
[ "$a" != "$b" ] && echo differ
## stdout:
16
1
4
character device
differ
## status: 0

### cat refuses its own output file through a symlink too +stderr
echo a > f; ln -s f s
cat s >> f; echo "rc=$?"
cat < s >> f; echo "rc=$?"
: > e; ln -s e t; cat t >> e; echo "rc=$?"
cat f
## stdout:
rc=1
rc=1
rc=0
a
## stderr:
cat: s: input file is output file
cat: -: input file is output file
## status: 0
## files:
e: ""
f: "a\n"
s -> f
t -> e
