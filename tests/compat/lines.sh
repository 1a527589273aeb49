### cut fields with delimiter
printf 'a:b:c\nd:e:f\n' > f; cut -d: -f2 f; cut -d: -f1,3 f; cut -d: -f2- f
## stdout:
b
e
a:c
d:f
b:c
e:f
## status: 0
## files:
f: "a:b:c\nd:e:f\n"

### cut characters
printf 'abcdef\n' > f; cut -c2-4 f; cut -c-2 f; cut -c5- f
## stdout:
bcd
ab
ef
## status: 0
## files:
f: "abcdef\n"

### cut bytes and complement
printf 'abcdef\n' > f; cut -b1,3 f; cut --complement -c1-2 f
## stdout:
ac
cdef
## status: 0
## files:
f: "abcdef\n"

### cut tab default and only delimited
printf 'a\tb\nno tab\n' > f; cut -f2 f; cut -s -f2 f
## stdout:
b
no tab
b
## status: 0
## files:
f: "a\tb\nno tab\n"

### cut output delimiter
printf 'a,b,c\n' | cut -d, -f1,3 --output-delimiter=' '
## stdout:
a c
## status: 0

### cut invalid list status
echo a | cut -f0 2>/dev/null; echo $?
## stdout:
1
## status: 0

### uniq adjacent
printf 'a\na\nb\na\n' > f; uniq f
## stdout:
a
b
a
## status: 0
## files:
f: "a\na\nb\na\n"

### uniq count
printf 'a\na\nb\nc\nc\nc\n' | uniq -c
## stdout:
      2 a
      1 b
      3 c
## status: 0

### uniq duplicated and unique
printf 'a\na\nb\nc\nc\n' > f; uniq -d f; echo ---; uniq -u f
## stdout:
a
c
---
b
## status: 0
## files:
f: "a\na\nb\nc\nc\n"

### uniq ignore case and skip fields
printf 'x A\ny a\nz b\n' | uniq -i -f 1
## stdout:
x A
z b
## status: 0

### sort uniq count pipeline
printf 'b\na\nb\nc\nb\na\n' | sort | uniq -c | sort -rn
## stdout:
      3 b
      2 a
      1 c
## status: 0

### wc default on file
printf 'one two\nthree\n' > f; wc f
## stdout:
 2  3 14 f
## status: 0
## files:
f: "one two\nthree\n"

### wc lines only
printf 'a\nb\nc\n' > f; wc -l f; wc -l < f
## stdout:
3 f
3
## status: 0
## files:
f: "a\nb\nc\n"

### wc words and bytes from stdin
printf 'hello world\n' | wc -w; printf 'hello world\n' | wc -c
## stdout:
2
12
## status: 0

### wc multiple files with total
printf 'a\nb\n' > x; printf 'c\n' > y; wc -l x y
## stdout:
2 x
1 y
3 total
## status: 0
## files:
x: "a\nb\n"
y: "c\n"

### wc default from stdin
printf 'a b\nc\n' | wc
## stdout:
      2       3       6
## status: 0

### wc chars and longest line
printf 'héllo\nhi\n' > f; wc -m f; wc -L f
## stdout:
9 f
5 f
## status: 0
## files:
f: "héllo\nhi\n"

### wc missing file status
wc -l nofile 2>/dev/null; echo $?
## stdout:
1
## status: 0

### rev lines
printf 'abc\nxyz\n' | rev
## stdout:
cba
zyx
## status: 0

### tac lines
printf '1\n2\n3\n' | tac
## stdout:
3
2
1
## status: 0

### tac without trailing newline
printf '1\n2' | tac; echo
## stdout:
21

## status: 0

### line count in variable
printf 'a\nb\n' > f; n=$(wc -l < f); echo "lines=$n"
## stdout:
lines=2
## status: 0
## files:
f: "a\nb\n"

### sort keys with their own options and the whole-line tie break
printf '  3 b x\n 10 a y\n  3 a z\n 10 b w\n2 c\n' > s; sort -k1,1nr -k2 s; sort -k2,2 -k1,1n s; sort -k2,2r -k1,1 s
## stdout:
 10 a y
 10 b w
  3 a z
  3 b x
2 c
  3 a z
 10 a y
  3 b x
 10 b w
2 c
2 c
  3 b x
 10 b w
  3 a z
 10 a y
## status: 0
## files:
s: "  3 b x\n 10 a y\n  3 a z\n 10 b w\n2 c\n"

### sort global reverse reverses the tie break too
printf 'b 1\na 1\nc 2\n' | sort -r -k2,2n; printf 'b 1\na 1\nc 2\n' | sort -k2,2nr
## stdout:
b 1
a 1
c 2
c 2
a 1
b 1
## status: 0

### sort character positions run past their field
printf '  3 b x\n 10 a y\n2 c\nabc def\nab\n' > s; sort -k1.2,1.3 s; sort -bk1.2,1.3 s; sort -k2.2 s
## stdout:
  3 b x
2 c
 10 a y
ab
abc def
  3 b x
2 c
 10 a y
ab
abc def
ab
 10 a y
  3 b x
2 c
abc def
## status: 0
## files:
s: "  3 b x\n 10 a y\n2 c\nabc def\nab\n"

### sort stable and unique by key
printf 'b 1\na 1\nc 2\na 2\n' > s; sort -s -k2,2 s; sort -u -k2,2 s; sort -t' ' -k1,1 -u s
## stdout:
b 1
a 1
c 2
a 2
b 1
c 2
a 1
b 1
c 2
## status: 0
## files:
s: "b 1\na 1\nc 2\na 2\n"

### sort output file and ignored leading blanks
printf ' b\na\n  c\n' > s; sort -b s; sort -o s s; cat s
## stdout:
a
 b
  c
  c
 b
a
## status: 0
## files:
s: "  c\n b\na\n"

### sort invalid key status
sort -k0 /dev/null; echo $?
## stdout:
2
## status: 0

### cut -d: -f2 c.txt
printf 'a:b:c\nd:e:f\nno-delim\n' > c.txt
cut -d: -f2 c.txt
## stdout:
b
e
no-delim
## status: 0
## files:
c.txt: "a:b:c\nd:e:f\nno-delim\n"

### cut -d: -f1,3 c.txt
printf 'a:b:c\nd:e:f\nno-delim\n' > c.txt
cut -d: -f1,3 c.txt
## stdout:
a:c
d:f
no-delim
## status: 0
## files:
c.txt: "a:b:c\nd:e:f\nno-delim\n"

### cut -d: -f2- c.txt
printf 'a:b:c\nd:e:f\nno-delim\n' > c.txt
cut -d: -f2- c.txt
## stdout:
b:c
e:f
no-delim
## status: 0
## files:
c.txt: "a:b:c\nd:e:f\nno-delim\n"

### cut -d: -s -f1 c.txt
printf 'a:b:c\nd:e:f\nno-delim\n' > c.txt
cut -d: -s -f1 c.txt
## stdout:
a
d
## status: 0
## files:
c.txt: "a:b:c\nd:e:f\nno-delim\n"

### cut -c2-3 c.txt
printf 'a:b:c\nd:e:f\nno-delim\n' > c.txt
cut -c2-3 c.txt
## stdout:
:b
:e
o-
## status: 0
## files:
c.txt: "a:b:c\nd:e:f\nno-delim\n"

### cut -b1 c.txt
printf 'a:b:c\nd:e:f\nno-delim\n' > c.txt
cut -b1 c.txt
## stdout:
a
d
n
## status: 0
## files:
c.txt: "a:b:c\nd:e:f\nno-delim\n"

### cut -d: --complement -f2 c.txt
printf 'a:b:c\nd:e:f\nno-delim\n' > c.txt
cut -d: --complement -f2 c.txt
## stdout:
a:c
d:f
no-delim
## status: 0
## files:
c.txt: "a:b:c\nd:e:f\nno-delim\n"

### cut -d: -f1 --output-delimiter=' | ' c.txt
printf 'a:b:c\nd:e:f\nno-delim\n' > c.txt
cut -d: -f1 --output-delimiter=' | ' c.txt
## stdout:
a
d
no-delim
## status: 0
## files:
c.txt: "a:b:c\nd:e:f\nno-delim\n"

### echo 'Hello World 123' | tr a-z A-Z
echo 'Hello World 123' | tr a-z A-Z
## stdout:
HELLO WORLD 123
## status: 0

### echo 'Hello World 123' | tr -d '[:digit:]'
echo 'Hello World 123' | tr -d '[:digit:]'
## stdout:
Hello World 
## status: 0

### echo 'aaabbbccc' | tr -s 'a-c'
echo 'aaabbbccc' | tr -s 'a-c'
## stdout:
abc
## status: 0

### echo 'Hello World' | tr -cd '[:alpha:]\n'
echo 'Hello World' | tr -cd '[:alpha:]\n'
## stdout:
HelloWorld
## status: 0

### echo 'a-b_c' | tr '_-' ' '
echo 'a-b_c' | tr '_-' '  '
## stdout:
a b c
## status: 0

### echo 'hello' | tr 'a-y' 'b-z'
echo 'hello' | tr 'a-y' 'b-z'
## stdout:
ifmmp
## status: 0

### printf 'tab\there\n' | tr '\t' ' '
printf 'tab\there\n' | tr '\t' ' '
## stdout:
tab here
## status: 0

### uniq u.txt
printf 'a\na\nb\nc\nc\nc\n' > u.txt
uniq u.txt
## stdout:
a
b
c
## status: 0
## files:
u.txt: "a\na\nb\nc\nc\nc\n"

### uniq -c u.txt
printf 'a\na\nb\nc\nc\nc\n' > u.txt
uniq -c u.txt
## stdout:
      2 a
      1 b
      3 c
## status: 0
## files:
u.txt: "a\na\nb\nc\nc\nc\n"

### uniq -d u.txt
printf 'a\na\nb\nc\nc\nc\n' > u.txt
uniq -d u.txt
## stdout:
a
c
## status: 0
## files:
u.txt: "a\na\nb\nc\nc\nc\n"

### uniq -u u.txt
printf 'a\na\nb\nc\nc\nc\n' > u.txt
uniq -u u.txt
## stdout:
b
## status: 0
## files:
u.txt: "a\na\nb\nc\nc\nc\n"

### printf 'x a\ny a\nz b\n' | uniq -f1
printf 'a\na\nb\nc\nc\nc\n' > u.txt
printf 'x a\ny a\nz b\n' | uniq -f1
## stdout:
x a
z b
## status: 0
## files:
u.txt: "a\na\nb\nc\nc\nc\n"

### printf 'A\na\nb\n' | uniq -i
printf 'a\na\nb\nc\nc\nc\n' > u.txt
printf 'A\na\nb\n' | uniq -i
## stdout:
A
b
## status: 0
## files:
u.txt: "a\na\nb\nc\nc\nc\n"

### printf 'aa1\nab1\nac2\n' | uniq -s2
printf 'a\na\nb\nc\nc\nc\n' > u.txt
printf 'aa1\nab1\nac2\n' | uniq -s2
## stdout:
aa1
ac2
## status: 0
## files:
u.txt: "a\na\nb\nc\nc\nc\n"

### printf 'abc\nhéllo\n' | rev
printf 'abc\nhéllo\n' | rev
## stdout:
cba
olléh
## status: 0

### printf '1\n2\n3\n' | tac
printf '1\n2\n3\n' | tac
## stdout:
3
2
1
## status: 0

### printf 'a\n\nb\n' | nl
printf 'a\n\nb\n' | nl
## stdout:
     1	a
       
     2	b
## status: 0

### printf 'a\n\nb\n' | nl -ba
printf 'a\n\nb\n' | nl -ba
## stdout:
     1	a
     2	
     3	b
## status: 0

### printf 'a\nb\n' | nl -w3 -s': '
printf 'a\nb\n' | nl -w3 -s': '
## stdout:
  1: a
  2: b
## status: 0

### tac -s -b -r take other separators
printf 'a,b,c' | tac -s ,; echo; tac -s , <<< 'a,b,c'; tac -b -s , <<< 'a,b,c'; echo; printf 'a::b::c::' | tac -s ::; echo
printf 'x1y22z' | tac -r -s '[0-9][0-9]*'; echo; printf 'x1y22z' | tac -b -r -s '[0-9][0-9]*'; echo; printf 'a.b|c' | tac -r -s '\.\||'; echo
## stdout:
cb,a,
c
b,a,,c
,ba
c::b::a::
z2y2x1
2z21yx
cb|a.
## status: 0

### tac keeps a missing final newline where it was and joins files
printf 'a\nb' | tac | od -c; seq 3 > a; seq 4 6 > b; tac a b; printf '\n\n' | tac | od -c; printf 'ab\n' | tac --separator=b | od -c
## stdout:
0000000   b   a  \n
0000003
3
2
1
6
5
4
0000000  \n  \n
0000002
0000000  \n   a   b
0000003
## status: 0
## files:
a: "1\n2\n3\n"
b: "4\n5\n6\n"

### cut reads long pipes a piece at a time
seq 100000 | cut -c1 | sort | uniq -c; seq 100000 | cut -c1-3 | md5sum; yes abcdefghij | head -c 1000000 | cut -c2 | wc -l
## stdout:
  11112 1
  11111 2
  11111 3
  11111 4
  11111 5
  11111 6
  11111 7
  11111 8
  11111 9
2c533ea3ea4d9c88f660f0c4b2aa22c8  -
90910
## status: 0

### cut -z, clusters and long options
printf 'a\tb\0c\td\0' | cut -z -f2 | od -c; printf 'x y z\n' > s; printf 'a\tb\n' > t; cut -sd' ' -f2 s t; cut --fields=2 --delimiter=' ' s; cut --fields 1 t; cut -d, -f2 --only-delimited <<< $'a,b\nc'; cut -f2 --output-delimiter=: t
## stdout:
0000000   b  \0   d  \0
0000004
y
y
a
b
b
## status: 0
## files:
s: "x y z\n"
t: "a\tb\n"

### cut errors and a missing file among others
printf 'a\tb\n' > t; cut -f2 t nofile t 2>&1; echo $?; cut -f1 -c1 t 2>/dev/null || echo refused; printf 'a b' | cut -d' ' -f1 | od -c
## stdout:
b
cut: nofile: No such file or directory
b
1
refused
0000000   a  \n
0000002
## status: 0
## files:
t: "a\tb\n"

### uniq -D and --all-repeated print every repeated line
uniq -D <<< $'a\na\nb\nc\nc'; uniq --all-repeated=prepend <<< $'a\na\nb\nc\nc'; uniq --all-repeated=separate <<< $'a\na\nb\nc\nc'; uniq -d -D <<< $'a\na\nb'
## stdout:
a
a
c
c

a
a

c
c
a
a

c
c
a
a
## status: 0

### uniq --group parts groups with empty lines
for m in separate prepend append both; do uniq --group=$m <<< $'a\na\nb'; echo "--$m"; done; uniq --group <<< $'x\ny\ny'
## stdout:
a
a

b
--separate

a
a

b
--prepend
a
a

b

--append

a
a

b

--both
x

y
y
## status: 0

### uniq -w -s -f -i -z and long options
uniq -w1 <<< $'ab\nac\nb'; uniq -s1 <<< $'ab\ncb\nd'; uniq -f1 -c <<< $'x a\ny a\nz b'; uniq -i <<< $'A\na\nb'; printf 'a\0a\0b\0' | uniq -zc | od -c; uniq --skip-fields=1 --count <<< $'x a\ny a'
## stdout:
ab
b
ab
d
      2 x a
      1 z b
A
b
0000000                           2       a  \0                        
0000020   1       b  \0
0000024
      2 x a
## status: 0

### uniq reads a long pipe a piece at a time and keeps a missing final newline out
seq 100000 | sed 's/.$//' | uniq -c | tail -2; printf 'a\na' | uniq | od -c; uniq - out <<< $'x\nx'; cat out
## stdout:
     10 9999
      1 10000
0000000   a  \n
0000002
x
## status: 0
## files:
out: "x\n"

### wc prints each row as it counts, a missing file in its place, a directory as empty
printf 'b 2\na 10\n' > s; mkdir dd; wc s nofile 2>&1; echo $?; wc nofile s 2>&1; echo $?; wc dd s 2>&1; echo $?; seq 100000 > big; wc big s; wc -l s s
## stdout:
2 4 9 s
wc: nofile: No such file or directory
2 4 9 total
1
wc: nofile: No such file or directory
2 4 9 s
2 4 9 total
1
wc: dd: Is a directory
      0       0       0 dd
      2       4       9 s
      2       4       9 total
1
100000 100000 588895 big
     2      4      9 s
100002 100004 588904 total
 2 s
 2 s
 4 total
## status: 0
## files:
big: 588895 bytes, 100000 lines
dd/
s: "b 2\na 10\n"

### uniq writes to standard output when OUTPUT is -
printf 'x\nx\ny\n' > u
uniq u -
uniq -c u - | sed 's/^ *//'
ls
## stdout:
x
y
2 x
1 y
u
## status: 0
## files:
u: "x\nx\ny\n"

### cut output delimiter between byte and character ranges
printf 'wxyz0123\n' > f; cut -b2-3,5- --output-delimiter=+ f; cut -c1,4-5,5-6 --output-delimiter=.. f; cut -b1-2,3-4 --output-delimiter=/ f; cut --complement -b3-4 --output-delimiter=_ f
## stdout:
xy+0123
w..z01
wx/yz
wx_0123
## status: 0
## files:
f: "wxyz0123\n"

### cut with the line terminator as field delimiter
printf 'p:1\nq:2\nr' | cut -d "$(printf '\n')" -f2; printf 'one\ntwo\n' | cut -d '
' -f1- --output-delimiter=,; printf 'solo' | cut -s -d '
' -f1; echo "[$?]"; printf 'k\0v\0' | cut -z -d '' -f2 | od -c
## stdout:
p:1
q:2
r
one,two
[0]
0000000   v  \0
0000002
## status: 0

### cut NUL delimiters and refused options in byte mode
printf 'a\0b\0c\n' | cut -d '' -f1,3 --output-delimiter=-; printf 'x;y\n' | cut -d';' -f1,2 --output-delimiter= | od -c; cut -d: -b1 /dev/null 2>&1; echo "[$?]"; cut -s -c1 /dev/null 2>&1; echo "[$?]"
## stdout:
a-c
0000000   x  \0   y  \n
0000004
cut: an input delimiter may be specified only when operating on fields
Try 'cut --help' for more information.
[1]
cut: suppressing non-delimited lines makes sense
	only when operating on fields
Try 'cut --help' for more information.
[1]
## status: 0

### wc files0-from
printf 'one two\n' > a; printf 'x\n' > b; printf 'a\0b\0' > list; wc --files0-from=list; printf 'b' | wc -l --files0-from=-; printf '\0a' | wc -c --files0-from=- 2>&1; echo "[$?]"; wc --files0-from=list a 2>&1; echo "[$?]"; wc --files0-from=nope 2>&1; echo "[$?]"
## stdout:
 1  2  8 a
 1  1  2 b
 2  3 10 total
1 b
wc: -:1: invalid zero-length file name
8 a
8 total
[1]
wc: extra operand 'a'
file operands cannot be combined with --files0-from
Try 'wc --help' for more information.
[1]
wc: cannot open 'nope' for reading: No such file or directory
[1]
## status: 0
## files:
a: "one two\n"
b: "x\n"
list: "a\u{0}b\u{0}"
