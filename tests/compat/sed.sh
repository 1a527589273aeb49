### sed substitute first
printf 'aaa\nbab\n' | sed 's/a/X/'
## stdout:
Xaa
bXb
## status: 0

### sed substitute global
printf 'aaa\nbab\n' | sed 's/a/X/g'
## stdout:
XXX
bXb
## status: 0

### sed substitute nth
echo aaaa | sed 's/a/X/3'
## stdout:
aaXa
## status: 0

### sed print range quiet
seq 10 | sed -n '3,5p'
## stdout:
3
4
5
## status: 0

### sed delete line and last
seq 5 | sed '2d;$d'
## stdout:
1
3
4
## status: 0

### sed regex address
printf 'keep\ndrop me\nkeep too\n' | sed '/drop/d'
## stdout:
keep
keep too
## status: 0

### sed regex range
printf 'a\nSTART\nb\nc\nEND\nd\n' | sed -n '/START/,/END/p'
## stdout:
START
b
c
END
## status: 0

### sed groups and ampersand
echo 'hello world' | sed 's/\(hello\) \(world\)/\2 \1 [&]/'
## stdout:
world hello [hello world]
## status: 0

### sed extended regex
echo 'abc123def' | sed -E 's/([a-z]+)([0-9]+)/<\2:\1>/'
## stdout:
<123:abc>def
## status: 0

### sed case conversion
echo 'hello world' | sed 's/\w\+/\u&/g'; echo 'Hello' | sed 's/.*/\U&/'
## stdout:
Hello World
HELLO
## status: 0

### sed alternate delimiter
echo '/usr/local/bin' | sed 's|/usr/local|/opt|'
## stdout:
/opt/bin
## status: 0

### sed in place
printf 'one\ntwo\n' > f; sed -i 's/one/ONE/' f; cat f
## stdout:
ONE
two
## status: 0
## files:
f: "ONE\ntwo\n"

### sed in place with backup
printf 'x\n' > f; sed -i.bak 's/x/y/' f; cat f f.bak
## stdout:
y
x
## status: 0
## files:
f: "y\n"
f.bak: "x\n"

### sed multiple expressions
echo abc | sed -e 's/a/1/' -e 's/c/3/'
## stdout:
1b3
## status: 0

### sed line number command
printf 'a\nb\n' | sed -n '$='
## stdout:
2
## status: 0

### sed append insert change
printf 'a\nb\nc\n' | sed '2a\
after b
2i\
before b
3c\
changed c'
## stdout:
a
before b
b
after b
changed c
## status: 0

### sed one line append
printf 'a\nb\n' | sed '1a appended'
## stdout:
a
appended
b
## status: 0

### sed hold space reverse
printf '1\n2\n3\n' | sed -n '1!G;h;$p'
## stdout:
3
2
1
## status: 0

### sed next and next append
printf '1\n2\n3\n4\n' | sed 'n;d'; printf '1\n2\n3\n4\n' | sed 'N;s/\n/+/'
## stdout:
1
3
1+2
3+4
## status: 0

### sed transliterate
echo hello | sed 'y/helo/HELO/'
## stdout:
HELLO
## status: 0

### sed quit
seq 10 | sed 3q
## stdout:
1
2
3
## status: 0

### sed quit without printing
seq 10 | sed 3Q
## stdout:
1
2
## status: 0

### sed step address
seq 10 | sed -n '1~3p'
## stdout:
1
4
7
10
## status: 0

### sed zero address range
printf 'x\ny\nx\n' | sed '0,/x/s/x/FIRST/'
## stdout:
FIRST
y
x
## status: 0

### sed plus range
seq 10 | sed -n '/4/,+2p'
## stdout:
4
5
6
## status: 0

### sed block with negation
seq 6 | sed -n '2,4!{p}'
## stdout:
1
5
6
## status: 0

### sed branch loop joining lines
printf 'a\\\nb\nc\n' | sed -e ':a' -e '/\\$/N; s/\\\n//; ta'
## stdout:
ab
c
## status: 0

### sed regex with character class and anchors
printf 'foo 12\nbar\n99 baz\n' | sed -n '/^[0-9]/p; /[0-9]$/p'
## stdout:
foo 12
99 baz
## status: 0

### sed empty regex reuses last
printf 'cat\ndog\n' | sed -n '/cat/{s//CAT/p}'
## stdout:
CAT
## status: 0

### sed delete blank lines
printf 'a\n\nb\n\n\nc\n' | sed '/^$/d'
## stdout:
a
b
c
## status: 0

### sed print first line of pattern space
printf '1\n2\n3\n' | sed -n 'N;P'
## stdout:
1
## status: 0

### sed write file
printf 'a\nb\n' | sed -n '/b/w out.txt'; cat out.txt
## stdout:
b
## status: 0
## files:
out.txt: "b\n"

### sed files and line numbers across files
printf 'a\n' > x; printf 'b\n' > y; sed -n '$=' x y; sed -s -n '$=' x y
## stdout:
2
1
1
## status: 0
## files:
x: "a\n"
y: "b\n"

### sed invalid command status
echo a | sed 'k' 2>/dev/null; echo $?
## stdout:
1
## status: 0

### sed missing file status
sed p nofile 2>/dev/null; echo $?
## stdout:
2
## status: 0

### sed ignore case flag
echo HELLO | sed 's/hello/bye/I'
## stdout:
bye
## status: 0

### sed substitute with newline in replacement
echo 'a,b' | sed 's/,/\n/'
## stdout:
a
b
## status: 0

### sed combined quiet flag and print
seq 3 | sed -n 2p
## stdout:
2
## status: 0

### sed keeps a missing final newline missing
printf 'a' | sed p | od -c; printf 'a\nb' | sed 's/b/c/' | od -c; printf 'a\0b' | sed -z 's/a/x/' | od -c; printf 'a\nb' | sed -n 'p;p' | od -c
## stdout:
0000000   a  \n   a
0000003
0000000   a  \n   c
0000003
0000000   x  \0   b
0000003
0000000   a  \n   a  \n   b  \n   b
0000007
## status: 0

### sed owes the newline to whatever it prints next
printf 'a\nb' > f1; printf 'c' > f2; sed '' f1 f2 | od -c; sed -s '' f1 f2 | od -c; printf 'a\nb' | sed '$a\
tail' | od -c; printf 'a' | sed 'i\
head' | od -c
## stdout:
0000000   a  \n   b  \n   c
0000005
0000000   a  \n   b  \n   c
0000005
0000000   a  \n   b  \n   t   a   i   l  \n
0000011
0000000   h   e   a   d  \n   a
0000006
## status: 0
## files:
f1: "a\nb"
f2: "c"

### sed -i leaves a file without a final newline so
printf 'a\nb' > f1; printf 'c' > f2; sed -i 's/^/>/' f1 f2; od -c f1; od -c f2
## stdout:
0000000   >   a  \n   >   b
0000005
0000000   >   c
0000002
## status: 0
## files:
f1: ">a\n>b"
f2: ">c"

### sed hold space and q carry the missing newline as GNU does
for s in 'G' 'x' 'g' 'H;x' 'h;x' '$q' '1d;q' '$Q' 'N' '$!N;P;D' '1h;2G' '$='; do printf 'x\ny' | sed "$s" | od -c | head -1; done; printf 'x\ny' | sed -n '$p;$q' | od -c
## stdout:
0000000   x  \n  \n   y  \n  \n
0000000  \n   x  \n
0000000  \n  \n
0000000  \n   x  \n   x  \n   y
0000000   x  \n   y
0000000   x  \n   y  \n
0000000   y  \n
0000000   x  \n
0000000   x  \n   y
0000000   x  \n   y
0000000   x  \n   y  \n   x  \n
0000000   x  \n   2  \n   y
0000000   y  \n
0000002
## status: 0

### sed invalid regexes say what GNU says with the position
for p in 'a\{1' '\(a' 'a\)' 'x\{2,1\}'; do echo a | sed "s/$p/x/" 2>&1; echo "st $?"; done; echo a | sed -E 's/(/x/' 2>&1; echo "st $?"
## stdout:
sed: -e expression #1, char 9: Unmatched \{
st 1
sed: -e expression #1, char 8: Unmatched ( or \(
st 1
sed: -e expression #1, char 8: Unmatched ) or \)
st 1
sed: -e expression #1, char 13: Invalid content of \{\}
st 1
sed: -e expression #1, char 6: Unmatched ( or \(
st 1
## status: 0

### sed reads a piece at a time and q ends an endless pipe
yes | sed 3q; seq 1000000000 | sed -n '2{p;q}'; seq 200000 | sed -n '$p'; seq 3 | sed '$d'
## stdout:
y
y
y
2
200000
1
2
## status: 0

### sed names an unreadable file when it reaches it and goes on
printf 'a\nb' > f1; printf 'c' > f2; sed '' f1 nofile f2 2>&1; echo "st $?"; sed -i.bak 's/a/A/' f1 nofile 2>&1; echo "st $?"; cat f1 f1.bak
## stdout-nonl:
sed: can't read nofile: No such file or directory
a
b
cst 2
sed: can't read nofile: No such file or directory
st 2
A
ba
b
## status: 0
## files:
f1: "A\nb"
f1.bak: "a\nb"
f2: "c"

### sed numeric range starts although an earlier command deleted its first line
printf '1\n2\n3\n4\n5\n' > n
sed -n '1d;1,3p' n
sed -n '2,1p;4,5!d;4,9p' n
## stdout:
2
3
2
4
5
## status: 0
## files:
n: "1\n2\n3\n4\n5\n"

### sed w keeps a missing final newline missing, and owes it when more follows
printf 'a\nb' | sed 'w out' > /dev/null
printf 'x\ny' | sed -n '/x/w two
/y/w two'
od -c out two | sed 's/  */ /g'
## stdout:
0000000 a \n b x \n y
0000006
## status: 0
## files:
out: "a\nb"
two: "x\ny"

### spaces around the comma of an address range
seq 6 | sed '2, 4 d'
seq 6 | sed -n '2 , 3 p'
## stdout:
1
5
6
2
3
## status: 0

### brackets holding [ and ]
printf 'a[b\nc]d\n' | sed 's/[^[]*//; s/[][]/|/'
## stdout:
|b

## status: 0

### back-references in addresses and s patterns
printf 'aa\nab\nx\nx\ny\n' | sed -n '/\(a\)\1/p; $!N; /^\(.*\)\n\1$/p'
echo 'abab cdcd efgh' | sed -E 's/(..)\1/[\1]/g'
## stdout:
aa
x
x
[ab] [cd] efgh
## status: 0

### sed l wraps at 70 columns, at l N, -l N or --line-length, with C escapes
printf 'aaaaaaaaaaaaaaaa\n' | sed -n 'l 6'; printf 'aaaa\n' | sed -n 'l 1'; printf 'aaaaaaaaaaaaaaaa\n' | sed -n 'l 0'
seq -s ' ' 1 40 | sed -n l; seq -s ' ' 1 40 | sed -l 20 -n l; seq -s ' ' 1 40 | sed --line-length=30 -n 'l;l 10'
printf 'a\tb\\c\001\a\b\f\r\v\n' | sed -n l; printf 'a\tb\\c\001\a\n' | sed -n 'l 4'
printf 'abc\n' | sed --posix 's/b/x/'; printf 'abc\n' | sed -l x -n l
## stdout:
aaaaa\
aaaaa\
aaaaa\
a$
\
a\
a\
a\
a$
aaaaaaaaaaaaaaaa$
1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 \
27 28 29 30 31 32 33 34 35 36 37 38 39 40$
1 2 3 4 5 6 7 8 9 1\
0 11 12 13 14 15 16\
 17 18 19 20 21 22 \
23 24 25 26 27 28 2\
9 30 31 32 33 34 35\
 36 37 38 39 40$
1 2 3 4 5 6 7 8 9 10 11 12 13\
 14 15 16 17 18 19 20 21 22 2\
3 24 25 26 27 28 29 30 31 32 \
33 34 35 36 37 38 39 40$
1 2 3 4 5\
 6 7 8 9 \
10 11 12 \
13 14 15 \
16 17 18 \
19 20 21 \
22 23 24 \
25 26 27 \
28 29 30 \
31 32 33 \
34 35 36 \
37 38 39 \
40$
a\tb\\c\001\a\b\f\r\v$
a\t\
b\\\
c\
\001\
\a$
axc
abc$
## status: 0

### a command followed by more than blanks, ; or } is refused, with GNU's positions
for s in 's/a/' 's/a/b' 's/a/b/q' 'p x' 'pq' 'y/a/b/q' 'dp' '/x/{p' '{p}p' 'p;p }' 'l5x'; do echo a | sed "$s"; echo "st=$?"; done 2>&1; echo a | sed 's/a/b/ ;p;{p};p # c'
## stdout:
sed: -e expression #1, char 4: unterminated `s' command
st=1
sed: -e expression #1, char 5: unterminated `s' command
st=1
sed: -e expression #1, char 7: unknown option to `s'
st=1
sed: -e expression #1, char 3: extra characters after command
st=1
sed: -e expression #1, char 2: extra characters after command
st=1
sed: -e expression #1, char 7: extra characters after command
st=1
sed: -e expression #1, char 2: extra characters after command
st=1
sed: -e expression #1, char 0: unmatched `{'
st=1
sed: -e expression #1, char 4: extra characters after command
st=1
sed: -e expression #1, char 5: unexpected `}'
st=1
sed: -e expression #1, char 3: extra characters after command
st=1
b
b
b
b
## status: 0

### blanks between the s command's flags are read, as GNU reads them
printf 'foo\n' > f; for s in 's/o/0/ g' 's/o/0/ p' 's/o/0/	g' 's/o/0/g p' 's/o/0/ ;p' 's/o/0/ x'; do sed -n "$s" f; echo "st=$?"; done 2>&1
## stdout:
st=0
f0o
st=0
st=0
f00
st=0
f0o
st=0
sed: -e expression #1, char 8: unknown option to `s'
st=1
## status: 0
## files:
f: "foo\n"

### sed says a script's errors in GNU's words and places +stderr
for s in 'p;k' 'p x' 's/a/b' 's/a/b/q' 's/a/b/pp' 's/a/b/gg' 's/a/b/0' 's/a/b/2g3' '1' '{p' 'p;}' '1#x' '1:a' '1}' '1!!p' '+3p' '0p' 'r' 'y/ab/c/' 'a' '1,2q' ': ' '/x' 's/\(a\)/\2/' 's//x/I' 'v 9.0'; do sed "$s" </dev/null; echo "$s: $?"; done
printf 'p\n\n{\n' > script.sed; sed -f script.sed </dev/null; echo "file: $?"
printf 's/x/y/\nq q\n' > bad.sed; sed -n -f bad.sed </dev/null; echo "file line: $?"
sed -e p -e 's/a/' </dev/null; echo "second -e: $?"
## stdout:
p;k: 1
p x: 1
s/a/b: 1
s/a/b/q: 1
s/a/b/pp: 1
s/a/b/gg: 1
s/a/b/0: 1
s/a/b/2g3: 1
1: 1
{p: 1
p;}: 1
1#x: 1
1:a: 1
1}: 1
1!!p: 1
+3p: 1
0p: 1
r: 1
y/ab/c/: 1
a: 1
1,2q: 1
: : 1
/x: 1
s/\(a\)/\2/: 1
s//x/I: 1
v 9.0: 1
file: 1
file line: 1
second -e: 1
## stderr:
sed: -e expression #1, char 3: unknown command: `k'
sed: -e expression #1, char 3: extra characters after command
sed: -e expression #1, char 5: unterminated `s' command
sed: -e expression #1, char 7: unknown option to `s'
sed: -e expression #1, char 8: multiple `p' options to `s' command
sed: -e expression #1, char 8: multiple `g' options to `s' command
sed: -e expression #1, char 7: number option to `s' command may not be zero
sed: -e expression #1, char 9: multiple number options to `s' command
sed: -e expression #1, char 1: missing command
sed: -e expression #1, char 0: unmatched `{'
sed: -e expression #1, char 3: unexpected `}'
sed: -e expression #1, char 2: comments don't accept any addresses
sed: -e expression #1, char 2: : doesn't want any addresses
sed: -e expression #1, char 2: unexpected `}'
sed: -e expression #1, char 3: multiple `!'s
sed: -e expression #1, char 2: invalid usage of +N or ~N as first address
sed: -e expression #1, char 2: invalid usage of line address 0
sed: -e expression #1, char 1: missing filename in r/R/w/W commands
sed: -e expression #1, char 7: strings for `y' command are different lengths
sed: -e expression #1, char 1: expected \ after `a', `c' or `i'
sed: -e expression #1, char 4: command only uses one address
sed: -e expression #1, char 2: ":" lacks a label
sed: -e expression #1, char 2: unterminated address regex
sed: -e expression #1, char 11: invalid reference \2 on `s' command's RHS
sed: -e expression #1, char 6: cannot specify modifiers on empty regexp
sed: -e expression #1, char 5: expected newer version of sed
sed: file script.sed line 3: unmatched `{'
sed: file bad.sed line 2: extra characters after command
sed: -e expression #2, char 4: unterminated `s' command
## status: 0
## files:
bad.sed: "s/x/y/\nq q\n"
script.sed: "p\n\n{\n"

### sed says a label it cannot find, and the status is 4 +stderr
echo x | sed 'b nowhere'; echo "status $?"; echo x | sed ':a;s/x/y/;ta;tb'; echo "status $?"
## stdout:
status 4
status 4
## stderr:
sed: can't find label for jump to `nowhere'
sed: can't find label for jump to `b'
## status: 0

### sed F, z, W and R, e, v and 0r
printf 'one\ntwo\n' > a.txt; printf 'r1\nr2\nr3\n' > r.txt
sed -n 'F;=' a.txt; sed 'N;W first.txt' a.txt >/dev/null; cat first.txt
sed 'R r.txt' a.txt; sed '0r r.txt' a.txt | head -4; sed 'z;s/^$/empty/' a.txt
echo 'echo from e' | sed e; echo x | sed '1e echo before'; sed 'v 4.2' a.txt | head -1
## stdout:
a.txt
1
a.txt
2
one
one
r1
two
r2
r1
r2
r3
one
empty
empty
from e
before
x
one
## status: 0
## files:
a.txt: "one\ntwo\n"
first.txt: "one\n"
r.txt: "r1\nr2\nr3\n"

### sed q and Q end with their status, q printing the line
seq 5 | sed '3q7'; echo "q: $?"; seq 5 | sed '3Q9'; echo "Q: $?"; seq 3 | sed -n '2{p;q}'; echo "$?"
## stdout:
1
2
3
q: 7
1
2
Q: 9
2
0
## status: 0

### sed . matches a newline, and M makes ^ and $ each line's and keeps . and [^x] within it
printf 'a\nb\n' | sed 'N;s/a.b/joined/'; printf 'a\nb\n' | sed 'N;s/a[^x]b/bracket/'
printf 'foo\nbar\n' | sed 'N;s/^./X/g'; printf 'foo\nbar\n' | sed 'N;s/^./X/gM'; printf 'foo\nbar\n' | sed 'N;s/.$/Y/mg'
printf 'a\nb\n' | sed 'N;s/a.b/no/M'; printf 'a\0b\0' | sed -z 'N;s/^/>/mg' | tr '\0' '|'; echo
printf 'ab\ncd\n' | sed -n '$!N;/^c/Mp'
## stdout:
joined
bracket
Xoo
bar
Xoo
Xar
foY
baY
a
b
>a|>b|
ab
cd
## status: 0

### sed s replaces POSIX's leftmost-longest match, its groups as GNU finds them
echo abcd | sed -E 's/a|ab/[&]/'; echo abcd | sed 's/\(a\|ab\)\(c\|bcd\)/[\1|\2]/'
echo 'xyz xy' | sed -E 's/x|xy|xyz/<&>/g'; echo baaac | sed 's/a*/-/g'; echo abc | sed 's/b*/-/2'
## stdout:
[ab]cd
[a|bcd]
<xyz> <xy>
-b-c-
a-c
## status: 0

### sed case conversions in a replacement, \u waiting past an empty group
echo 'hello world' | sed -E 's/(x*)(h\w+) (\w+)/\u\1\2 \U\3\E!/'; echo 'ab cd' | sed 's/\w\+/\u&/g; s/c/\lX/'
echo 'Mixed Case' | sed 's/.*/\L&/; s/\(.\)\(.*\)/\U\1\E\2/'
## stdout:
Hello WORLD!
Ab Cd
Mixed case
## status: 0

### sed escapes make bytes in a script: \d \o \x \c, \n and \t in brackets
echo 'A-B' | sed 's/\d065/a/; s/\o102/b/; s/-/\x2d\x41/'; printf 'a\tb\n' | sed 's/[\t]/<tab>/'
printf 'x\\y.z\n' | sed 's/[\.]/_/g'; echo ab | sed 's/a/\cA/' | od -An -c; printf 'a\nb\n' | sed 'N;s/[\n]/+/'
echo 'a*b' | sed 's/\x2a/star/'
## stdout:
a-Ab
a<tab>b
x_y_z
 001   b  \n
a+b
astarb
## status: 0

### sed a, i and c as one line or after a backslash, text continued by the next -e
seq 2 | sed '1a  appended'; seq 2 | sed '1i\  kept blanks'; seq 3 | sed '2c\
changed\
twice'
seq 2 | sed -e '1a\' -e 'from the next -e'; seq 3 | sed '2!c other'; seq 4 | sed '2,3c range'
## stdout:
1
appended
2
  kept blanks
1
2
1
changed
twice
3
1
from the next -e
2
other
2
other
1
range
4
## status: 0

### sed -s and -i: $ and F for each file, line numbers from 1, a suffix with *
printf 'a\nb\n' > f1; printf 'c\nd\n' > f2
sed -s -n '$p;1F' f1 f2; sed -n '$=' f1 f2; sed -s -n '$=' f1 f2
mkdir bak; sed -i'bak/*.old' 's/^/>/' f1; cat f1 bak/f1.old; sed -i.orig -s '1d' f2; cat f2 f2.orig
## stdout:
f1
b
f2
d
4
2
2
>a
>b
a
b
d
c
d
## status: 0
## files:
bak/
bak/f1.old: "a\nb\n"
f1: ">a\n>b\n"
f2: "d\n"
f2.orig: "c\nd\n"

### sed N at the end: GNU prints, --posix and POSIXLY_CORRECT do not
seq 3 | sed N; seq 3 | sed --posix N; seq 3 | POSIXLY_CORRECT=1 sed N; seq 3 | sed '$!N;s/\n/-/'
## stdout:
1
2
3
1
2
1
2
1-2
3
## status: 0

### sed --posix refuses GNU's commands and s flags +stderr
echo a | sed --posix 'F'; echo "F: $?"; echo a | sed --posix 's/a/b/I'; echo "I: $?"; echo a | sed --posix '1,2='; echo "=: $?"
echo a | sed --posix 'a text'; echo "a: $?"; echo a | sed --posix 's/a/\t/'
## stdout:
F: 1
I: 1
=: 1
a: 1
	
## stderr:
sed: -e expression #1, char 1: unknown command: `F'
sed: -e expression #1, char 7: unknown option to `s'
sed: -e expression #1, char 4: command only uses one address
sed: -e expression #1, char 3: expected \ after `a', `c' or `i'
## status: 0

### sed --sandbox refuses e, r and w +stderr
echo a | sed --sandbox 'r x'; echo "$?"; echo a | sed --sandbox 's/a/b/w x'; echo "$?"; echo a | sed --sandbox 'e ls'; echo "$?"; echo a | sed --sandbox p
## stdout:
1
1
1
a
a
## stderr:
sed: -e expression #1, char 1: e/r/w commands disabled in sandbox mode
sed: -e expression #1, char 7: e/r/w commands disabled in sandbox mode
sed: -e expression #1, char 1: e/r/w commands disabled in sandbox mode
## status: 0

### sed #n on the first line is -n, l wraps at COLS less one
printf '#n\np\n' > quiet.sed; seq 2 | sed -f quiet.sed; seq 2 | sed '#n
p'; seq 2 | sed ' #n
p' | head -2
seq -s ' ' 1 12 | COLS=12 sed -n l; seq -s ' ' 1 12 | COLS=1 sed -n l
## stdout:
1
2
1
2
1
1
1 2 3 4 5 \
6 7 8 9 10\
 11 12$
1 2 3 4 5 6 7 8 9 10 11 12$
## status: 0
## files:
quiet.sed: "#n\np\n"

### sed w files exist before the first line, /dev/stdout in its place
sed 'w never.txt' </dev/null; ls never.txt; seq 2 | sed 's/1/one/w /dev/stdout'
## stdout:
never.txt
one
one
2
## status: 0
## files:
never.txt: ""

### sed y maps characters, escapes included, and says different lengths +stderr
echo 'abc' | sed 'y/abc/xyz/'; printf 'a\tb\n' | sed 'y/\t/ /'; echo 'é!' | sed 'y/é!/e?/'; echo abc | sed 'y/ab/x/'; echo "$?"
## stdout:
xyz
a b
e?
1
## stderr:
sed: -e expression #1, char 7: strings for `y' command are different lengths
## status: 0

### sed --follow-symlinks reads and edits where links lead, F naming it; -i alone makes a link a file +stderr
echo x > t; ln -s t l1; ln -s l1 l2; mkdir d; ln -s ../t d/up
sed -n --follow-symlinks F l2 d/up; sed -n F l2; sed --follow-symlinks F missing; echo "$?"
sed -i --follow-symlinks s/x/y/ l2; cat t; sed -i s/y/z/ l1; cat t l1; test -L l1 || echo "l1 is a file now"
## stdout:
t
d/../t
l2
4
y
y
z
l1 is a file now
## stderr:
sed: couldn't readlink missing: No such file or directory
## status: 0
## files:
d/
d/up -> ../t
l1: "z\n"
l2 -> l1
t: "y\n"

### sed refuses a class name written without its brackets, with status 4 +stderr
echo a | sed 's/[:space:]/x/'; echo "$?"; echo a | sed 's/[[:space:]a]/x/'; echo a | sed -n '/[:a]/p'
## stdout:
4
x
a
## stderr:
sed: character class syntax is [[:space:]], not [:space:]
## status: 0

### sed q leaves standard input just after the last line it took
printf '1\n2\n3\n4\n' > f
(sed 1q; cat) < f
echo --
(sed -n '/2/{p;q}'; cat) < f
echo --
(sed -u 2q > /dev/null; wc -l) < f
## stdout:
1
2
3
4
--
2
3
4
--
2
## status: 0
## files:
f: "1\n2\n3\n4\n"

### sed under LC_ALL=C takes each byte as a character: y, expressions and delimiters +stderr
printf 'Xa\nX\316\246\n' > f
LC_ALL=C sed 's/X.$/one/' f | od -An -c
LC_ALL=C sed -n '/^X..$/p' f | od -An -c
sed -n '/^X.$/p' f | od -An -c
printf 'y/\316\246/ab/' > p; LC_ALL=C sed -f p f
printf 'y/a/\316\246/' > p; LC_ALL=C sed -f p f; echo "rc=$?"
sed -f p f | od -An -c
printf 's\316a\316b\316' > p; LC_ALL=C sed -f p f | od -An -c
sed -f p f; echo "rc=$?"
LC_ALL=C sed 's/[[:alpha:]]/L/g' f | od -An -c
## stdout:
   o   n   e  \n   X 316 246  \n
   X 316 246  \n
   X   a  \n   X 316 246  \n
Xa
Xab
rc=1
   X 316 246  \n   X 316 246  \n
   X   b  \n   X 316 246  \n
rc=1
   L   L  \n   L 316 246  \n
## stderr:
sed: file p line 1: strings for `y' command are different lengths
sed: file p line 1: delimiter character is not a single-byte character
## status: 0
## files:
f: "Xa\nXΦ\n"
p: "s�a�b�"

### sed I: a back-reference matches its group's text whatever the case
printf 'ABC abc\nabc ABD\nÉté ÉTÉ\n' | sed -E 's/([[:alpha:]]+) \1/<&>/I'
printf 'Foo fOO\n' | sed -n '/\(o\)\1 \(f\)\1/Ip'
## stdout:
<ABC abc>
abc ABD
<Été ÉTÉ>
Foo fOO
## status: 0
