### cmp says where two files first differ, and which ended first +stderr
printf 'abc\nxyz\n' > a; printf 'abd\nxyw\n' > b; printf 'ab' > p; printf 'abc\n' > l; printf 'abc\nx' > m; : > e
cmp a b; echo "differ $?"
cmp -b a b
cmp a a; echo "same $?"
cmp a p; echo "prefix $?"
cmp p a
cmp a l
cmp a m
cmp e a
cmp -s a b; echo "silent $?"
printf 'abc\nxyz\n' | cmp - b
printf 'abd\nxyw\n' | cmp a
## stdout:
a b differ: byte 3, line 1
differ 1
a b differ: byte 3, line 1 is 143 c 144 d
same 0
prefix 1
silent 1
- b differ: byte 3, line 1
a - differ: byte 3, line 1
## stderr:
cmp: EOF on p after byte 2, in line 1
cmp: EOF on p after byte 2, in line 1
cmp: EOF on l after byte 4, line 1
cmp: EOF on m after byte 5, in line 2
cmp: EOF on e which is empty
## status: 1
## files:
a: "abc\nxyz\n"
b: "abd\nxyw\n"
e: ""
l: "abc\n"
m: "abc\nx"
p: "ab"

### cmp -l lists every differing byte, and its troubles are status 2 +stderr
printf 'abc\nxyz\n' > a; printf 'abd\nxyw\n' > b; printf 'ab' > p
cmp -l a b; echo "listed $?"
cmp -l a p; echo "shorter $?"
cmp a missing; echo "missing $?"
cmp; echo "no operand $?"
## stdout:
3 143 144
7 172 167
listed 1
shorter 1
missing 2
no operand 2
## stderr:
cmp: EOF on p after byte 2
cmp: missing: No such file or directory
cmp: missing operand after 'cmp'
cmp: Try 'cmp --help' for more information.
## status: 0
## files:
a: "abc\nxyz\n"
b: "abd\nxyw\n"
p: "ab"

### strings prints the printable runs of a binary
printf 'hello world\000\001abc\002longer\tstring here\n\377xy' > bin
strings bin; echo ---; strings -n 3 bin; echo ---; strings -t x bin; echo ---; strings -t d -n 2 < bin
## stdout:
hello world
longer	string here
---
hello world
abc
longer	string here
---
      0 hello world
     11 longer	string here
---
      0 hello world
     13 abc
     17 longer	string here
     37 xy
## status: 0
## files:
bin: "hello world\u{0}\u{1}abc\u{2}longer\tstring here\n�xy"

### cksum prints the POSIX CRC and the size
printf 'abc\nxyz\n' > a; printf 'abc' | cksum; cksum a; cksum < /dev/null; cksum a nope; echo "status $?"
## stdout:
1219131554 3
393741991 8 a
4294967295 0
393741991 8 a
status 1
## status: 0
## files:
a: "abc\nxyz\n"

### sum BSD and System V checksums
printf 'hello\n' > h; seq 1 3000 > s; sum h; sum h s; sum -s h s; printf 'hello\n' | sum; printf 'hello\n' | sum -s; sum --sysv -r h; sum - < h
## stdout:
36979     1 h
36979     1 h
29161    14 s
542 1 h
6552 28 s
36979     1
542 1
36979     1 h
36979     1 -
## status: 0
## files:
h: "hello\n"
s: 13893 bytes, 3000 lines

### sum of a missing file +stderr
printf 'x' > h; sum nofile h; echo "status $?"
## stdout:
00120     1 h
status 1
## stderr:
sum: nofile: No such file or directory
## status: 0
## files:
h: "x"
