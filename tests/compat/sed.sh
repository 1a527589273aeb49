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
