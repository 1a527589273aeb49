### paste two files
printf 'a\nb\nc\n' > x; printf '1\n2\n' > y; paste x y
## stdout:
a	1
b	2
c	
## status: 0
## files:
x: "a\nb\nc\n"
y: "1\n2\n"

### paste delimiter and serial
printf 'a\nb\nc\n' > x; paste -s -d, x; printf 'a\nb\n' > x; printf '1\n2\n' > y; paste -d: x y
## stdout:
a,b,c
a:1
b:2
## status: 0
## files:
x: "a\nb\n"
y: "1\n2\n"

### paste stdin columns
printf '1\n2\n3\n4\n' | paste - -
## stdout:
1	2
3	4
## status: 0

### comm columns
printf 'a\nb\nd\n' > x; printf 'b\nc\nd\n' > y; comm x y
## stdout:
a
		b
	c
		d
## status: 0
## files:
x: "a\nb\nd\n"
y: "b\nc\nd\n"

### comm suppress columns
printf 'a\nb\nd\n' > x; printf 'b\nc\nd\n' > y; comm -12 x y; echo ---; comm -3 x y
## stdout:
b
d
---
a
	c
## status: 0
## files:
x: "a\nb\nd\n"
y: "b\nc\nd\n"

### nl default and all lines
printf 'a\n\nb\n' > f; nl f; nl -ba f
## stdout:
     1	a
       
     2	b
     1	a
     2	
     3	b
## status: 0
## files:
f: "a\n\nb\n"

### nl width and separator
printf 'x\ny\n' | nl -w 3 -s ': '
## stdout:
  1: x
  2: y
## status: 0

### fold width
echo 'abcdefghij' | fold -w 4
## stdout:
abcd
efgh
ij
## status: 0

### fold at spaces
echo 'the quick brown fox jumps' | fold -s -w 10
## stdout:
the quick 
brown fox 
jumps
## status: 0

### expand tabs
printf 'a\tb\tc\n' | expand; printf 'a\tb\n' | expand -t 4
## stdout:
a       b       c
a   b
## status: 0

### column table
printf 'name age\nalice 30\nbob 4\n' | column -t
## stdout:
name   age
alice  30
bob    4
## status: 0

### column with separator
printf 'a,bb,c\nddd,e,f\n' | column -t -s,
## stdout:
a    bb  c
ddd  e   f
## status: 0

### paste p1.txt p2.txt
printf '1\n2\n3\n' > p1.txt
printf 'a\nb\n' > p2.txt
printf '1 one\n2 two\n3 three\n' > j1.txt
printf '1 uno\n3 tres\n4 cuatro\n' > j2.txt
printf 'a\nb\nc\n' > c1.txt
printf 'b\nc\nd\n' > c2.txt
paste p1.txt p2.txt
## stdout:
1	a
2	b
3	
## status: 0
## files:
c1.txt: "a\nb\nc\n"
c2.txt: "b\nc\nd\n"
j1.txt: "1 one\n2 two\n3 three\n"
j2.txt: "1 uno\n3 tres\n4 cuatro\n"
p1.txt: "1\n2\n3\n"
p2.txt: "a\nb\n"

### paste -d, p1.txt p2.txt
printf '1\n2\n3\n' > p1.txt
printf 'a\nb\n' > p2.txt
printf '1 one\n2 two\n3 three\n' > j1.txt
printf '1 uno\n3 tres\n4 cuatro\n' > j2.txt
printf 'a\nb\nc\n' > c1.txt
printf 'b\nc\nd\n' > c2.txt
paste -d, p1.txt p2.txt
## stdout:
1,a
2,b
3,
## status: 0
## files:
c1.txt: "a\nb\nc\n"
c2.txt: "b\nc\nd\n"
j1.txt: "1 one\n2 two\n3 three\n"
j2.txt: "1 uno\n3 tres\n4 cuatro\n"
p1.txt: "1\n2\n3\n"
p2.txt: "a\nb\n"

### paste -s p1.txt
printf '1\n2\n3\n' > p1.txt
printf 'a\nb\n' > p2.txt
printf '1 one\n2 two\n3 three\n' > j1.txt
printf '1 uno\n3 tres\n4 cuatro\n' > j2.txt
printf 'a\nb\nc\n' > c1.txt
printf 'b\nc\nd\n' > c2.txt
paste -s p1.txt
## stdout:
1	2	3
## status: 0
## files:
c1.txt: "a\nb\nc\n"
c2.txt: "b\nc\nd\n"
j1.txt: "1 one\n2 two\n3 three\n"
j2.txt: "1 uno\n3 tres\n4 cuatro\n"
p1.txt: "1\n2\n3\n"
p2.txt: "a\nb\n"

### paste -sd+ p1.txt
printf '1\n2\n3\n' > p1.txt
printf 'a\nb\n' > p2.txt
printf '1 one\n2 two\n3 three\n' > j1.txt
printf '1 uno\n3 tres\n4 cuatro\n' > j2.txt
printf 'a\nb\nc\n' > c1.txt
printf 'b\nc\nd\n' > c2.txt
paste -sd+ p1.txt
## stdout:
1+2+3
## status: 0
## files:
c1.txt: "a\nb\nc\n"
c2.txt: "b\nc\nd\n"
j1.txt: "1 one\n2 two\n3 three\n"
j2.txt: "1 uno\n3 tres\n4 cuatro\n"
p1.txt: "1\n2\n3\n"
p2.txt: "a\nb\n"

### join j1.txt j2.txt
printf '1\n2\n3\n' > p1.txt
printf 'a\nb\n' > p2.txt
printf '1 one\n2 two\n3 three\n' > j1.txt
printf '1 uno\n3 tres\n4 cuatro\n' > j2.txt
printf 'a\nb\nc\n' > c1.txt
printf 'b\nc\nd\n' > c2.txt
join j1.txt j2.txt
## stdout:
1 one uno
3 three tres
## status: 0
## files:
c1.txt: "a\nb\nc\n"
c2.txt: "b\nc\nd\n"
j1.txt: "1 one\n2 two\n3 three\n"
j2.txt: "1 uno\n3 tres\n4 cuatro\n"
p1.txt: "1\n2\n3\n"
p2.txt: "a\nb\n"

### join -a1 j1.txt j2.txt
printf '1\n2\n3\n' > p1.txt
printf 'a\nb\n' > p2.txt
printf '1 one\n2 two\n3 three\n' > j1.txt
printf '1 uno\n3 tres\n4 cuatro\n' > j2.txt
printf 'a\nb\nc\n' > c1.txt
printf 'b\nc\nd\n' > c2.txt
join -a1 j1.txt j2.txt
## stdout:
1 one uno
2 two
3 three tres
## status: 0
## files:
c1.txt: "a\nb\nc\n"
c2.txt: "b\nc\nd\n"
j1.txt: "1 one\n2 two\n3 three\n"
j2.txt: "1 uno\n3 tres\n4 cuatro\n"
p1.txt: "1\n2\n3\n"
p2.txt: "a\nb\n"

### join -v2 j1.txt j2.txt
printf '1\n2\n3\n' > p1.txt
printf 'a\nb\n' > p2.txt
printf '1 one\n2 two\n3 three\n' > j1.txt
printf '1 uno\n3 tres\n4 cuatro\n' > j2.txt
printf 'a\nb\nc\n' > c1.txt
printf 'b\nc\nd\n' > c2.txt
join -v2 j1.txt j2.txt
## stdout:
4 cuatro
## status: 0
## files:
c1.txt: "a\nb\nc\n"
c2.txt: "b\nc\nd\n"
j1.txt: "1 one\n2 two\n3 three\n"
j2.txt: "1 uno\n3 tres\n4 cuatro\n"
p1.txt: "1\n2\n3\n"
p2.txt: "a\nb\n"

### comm c1.txt c2.txt
printf '1\n2\n3\n' > p1.txt
printf 'a\nb\n' > p2.txt
printf '1 one\n2 two\n3 three\n' > j1.txt
printf '1 uno\n3 tres\n4 cuatro\n' > j2.txt
printf 'a\nb\nc\n' > c1.txt
printf 'b\nc\nd\n' > c2.txt
comm c1.txt c2.txt
## stdout:
a
		b
		c
	d
## status: 0
## files:
c1.txt: "a\nb\nc\n"
c2.txt: "b\nc\nd\n"
j1.txt: "1 one\n2 two\n3 three\n"
j2.txt: "1 uno\n3 tres\n4 cuatro\n"
p1.txt: "1\n2\n3\n"
p2.txt: "a\nb\n"

### comm -12 c1.txt c2.txt
printf '1\n2\n3\n' > p1.txt
printf 'a\nb\n' > p2.txt
printf '1 one\n2 two\n3 three\n' > j1.txt
printf '1 uno\n3 tres\n4 cuatro\n' > j2.txt
printf 'a\nb\nc\n' > c1.txt
printf 'b\nc\nd\n' > c2.txt
comm -12 c1.txt c2.txt
## stdout:
b
c
## status: 0
## files:
c1.txt: "a\nb\nc\n"
c2.txt: "b\nc\nd\n"
j1.txt: "1 one\n2 two\n3 three\n"
j2.txt: "1 uno\n3 tres\n4 cuatro\n"
p1.txt: "1\n2\n3\n"
p2.txt: "a\nb\n"

### comm -3 c1.txt c2.txt
printf '1\n2\n3\n' > p1.txt
printf 'a\nb\n' > p2.txt
printf '1 one\n2 two\n3 three\n' > j1.txt
printf '1 uno\n3 tres\n4 cuatro\n' > j2.txt
printf 'a\nb\nc\n' > c1.txt
printf 'b\nc\nd\n' > c2.txt
comm -3 c1.txt c2.txt
## stdout:
a
	d
## status: 0
## files:
c1.txt: "a\nb\nc\n"
c2.txt: "b\nc\nd\n"
j1.txt: "1 one\n2 two\n3 three\n"
j2.txt: "1 uno\n3 tres\n4 cuatro\n"
p1.txt: "1\n2\n3\n"
p2.txt: "a\nb\n"

### echo 'the quick brown fox jumps over' | fold -w 10
echo 'the quick brown fox jumps over' | fold -w 10
## stdout:
the quick 
brown fox 
jumps over
## status: 0

### echo 'the quick brown fox jumps over' | fold -sw 10
echo 'the quick brown fox jumps over' | fold -sw 10
## stdout:
the quick 
brown fox 
jumps over
## status: 0

### printf 'name qty\napple 3\nbanana 12\n' | column -t
printf 'name qty\napple 3\nbanana 12\n' | column -t
## stdout:
name    qty
apple   3
banana  12
## status: 0

### printf 'a,b\nccc,d\n' | column -t -s,
printf 'a,b\nccc,d\n' | column -t -s,
## stdout:
a    b
ccc  d
## status: 0

### printf 'a\tb\tc\n' | expand
printf 'a\tb\tc\n' | expand
## stdout:
a       b       c
## status: 0

### printf 'a\tb\n' | expand -t 4
printf 'a\tb\n' | expand -t 4
## stdout:
a   b
## status: 0

### column pads short rows up to the table's last column
printf 'a b c\nd e\nf\n' | column -t | cat -A; printf 'id,name,score\n1,ann,9.5\n3,"c, d",8\n' | column -t -s, | cat -A
## stdout:
a  b  c$
d  e  $
f     $
id  name  score  $
1   ann   9.5    $
3   "c     d"    8$
## status: 0

### nl -b p numbers the lines a regex matches
printf 'b 2\na 10\nc 1\na 2\n' > s; nl -b pa s; nl -b 'p^[ab]' s; nl --body-numbering=a --number-format=rz --number-width=3 s
## stdout:
       b 2
     1	a 10
       c 1
     2	a 2
     1	b 2
     2	a 10
       c 1
     3	a 2
001	b 2
002	a 10
003	c 1
004	a 2
## status: 0
## files:
s: "b 2\na 10\nc 1\na 2\n"

### comm --output-delimiter and --total
comm --output-delimiter=: <(printf 'a\nb\n') <(printf 'b\nc\n'); comm --total <(printf 'a\nb\n') <(printf 'b\nc\n'); comm -12 --total --output-delimiter=, <(printf 'a\nb\n') <(printf 'b\nc\n')
## stdout:
a
::b
:c
a
		b
	c
1	1	1	total
b
1,1,1,total
## status: 0

### expand -i and tab stop lists
expand -i <<< $'\ta\tb'; expand -t 2,6 <<< $'a\tb\tc\td'; expand -t '2,/4' <<< $'a\tb\tc\td'; expand --tabs=3 <<< $'ab\tc'
## stdout:
        a	b
a b   c d
a b c   d
ab c
## status: 0

### column fills columns down, or across with -x
column -c 20 <<< $'a\nb\nc\nd'; column <<< $'a\nb\nc\nd'; column -x -c 20 <<< $'a\nb\nc\nd\ne'; seq 30 | column -c 40; seq 30 | column -x -c 40; printf 'alpha\nbeta\ngamma\ndelta\nepsilon\nzeta\n' | column -c 30
## stdout:
a	c
b	d
a	b	c	d
a	b
c	d
e
1	7	13	19	25
2	8	14	20	26
3	9	15	21	27
4	10	16	22	28
5	11	17	23	29
6	12	18	24	30
1	2	3	4	5
6	7	8	9	10
11	12	13	14	15
16	17	18	19	20
21	22	23	24	25
26	27	28	29	30
alpha	gamma	epsilon
beta	delta	zeta
## status: 0

### column -t -N names the columns
column -t -N A,B <<< $'a b'; column -t -o '|' <<< $'a b\ncc d'
## stdout:
A  B
a  b
a |b
cc|d
## status: 0

### fold counts columns as GNU does, or bytes with -b
fold -w 5 <<< $'ab\tcd'; fold -b -w 3 <<< 'abcdef'; fold -s -w 6 <<< 'aa bb cc dd'; fold -w 4 <<< 'abcdefghij'; fold --width=3 <<< 'abcd'; printf 'abc\bde\n' | fold -w 3 | od -c
## stdout:
ab
	
cd
abc
def
aa bb 
cc dd
abcd
efgh
ij
abc
d
0000000   a   b   c  \b   d  \n   e  \n
0000010
## status: 0

### long options of paste and join
paste --serial --delimiters=, <(seq 3); join --header <(printf 'k v\n1 a\n') <(printf 'k w\n1 b\n'); join -i <(printf 'A 1\n') <(printf 'a 2\n')
## stdout:
1,2,3
k v w
1 a b
A 1 2
## status: 0

### fold keeps a missing final newline missing and a carriage return in its line
printf 'abcde' | fold -w 2 | od -c | sed 's/  */ /g'
printf 'abc\r\nxy\n' | fold -w 2 | od -c | sed 's/  */ /g'
## stdout:
0000000 a b \n c d \n e
0000007
0000000 a b \n c \r \n x y \n
0000011
## status: 0

### unexpand initial blanks, all blanks and tab lists
printf 'a  b\tc       d\n        x   y\n  \t z\n' > u; for o in "" -a "-t 4" "-t 2,5" "--first-only -t 4" "-t /4" "-t 2,+3" -3; do unexpand $o u | od -An -c; done
## stdout:
   a           b  \t   c                               d  \n  \t
   x               y  \n  \t       z  \n
   a           b  \t   c  \t   d  \n  \t   x               y  \n
  \t       z  \n
   a           b  \t   c  \t  \t   d  \n  \t  \t   x  \t   y  \n
  \t       z  \n
   a  \t       b  \t   c                               d  \n  \t
  \t               x               y  \n  \t  \t       z  \n
   a           b  \t   c                               d  \n  \t
  \t   x               y  \n  \t       z  \n
   a           b  \t   c  \t  \t   d  \n  \t  \t   x  \t   y  \n
  \t       z  \n
   a  \t       b  \t   c  \t  \t           d  \n  \t  \t  \t   x
  \t       y  \n  \t  \t       z  \n
   a           b  \t   c                               d  \n  \t
  \t           x               y  \n  \t       z  \n
## status: 0
## files:
u: "a  b\tc       d\n        x   y\n  \t z\n"

### unexpand single blanks before a stop, backspaces and missing newline
printf 'abcdefg h\n1234567  x\n\t  a       b\na\b        x\n   ' | unexpand -a | od -An -c
## stdout:
   a   b   c   d   e   f   g       h  \n   1   2   3   4   5   6
   7  \t       x  \n  \t           a  \t           b  \n   a  \b
  \t   x  \n            
## status: 0

### unexpand tab list errors +stderr
for t in 0 4,2 x 2/3 /2,/3 /2,+3 99999999999999999999999; do echo x | unexpand -t $t; echo "status $?"; done
## stdout:
status 1
status 1
status 1
status 1
status 1
status 1
status 1
## stderr:
unexpand: tab size cannot be 0
unexpand: tab sizes must be ascending
unexpand: tab size contains invalid character(s): 'x'
unexpand: '/' specifier not at start of number: '/3'
unexpand: '/' specifier only allowed with the last value
unexpand: '/' specifier is mutually exclusive with '+'
unexpand: tab stop is too large '99999999999999999999999'
## status: 0

### unexpand reads files as one stream
printf '    a\n    ' > p; printf '    b\n' > q; unexpand p q nofile | od -An -c; echo "status ${PIPESTATUS[0]}"
## stdout:
                   a  \n  \t   b  \n
status 1
## status: 0
## files:
p: "    a\n    "
q: "    b\n"

### comm order checks and zero-terminated lines
printf 'b\na\nc\n' > l; printf 'a\nc\n' > r; comm l r 2>&1; echo "[$?]"; comm --nocheck-order l r; echo "[$?]"; comm --check-order r l 2>&1; echo "[$?]"; printf 'a\0b\0' > z1; printf 'b\0c\0' > z2; comm -z z1 z2 | od -c; comm --output-delimiter=: --output-delimiter=, z1 z2 2>&1; echo "[$?]"
## stdout:
	a
b
comm: file 1 is not in sorted order
a
		c
comm: input is not in sorted order
[1]
	a
b
a
		c
[0]
a
	b
comm: file 2 is not in sorted order
[1]
0000000   a  \0  \t  \t   b  \0  \t   c  \0
0000011
comm: multiple output delimiters specified
[1]
## status: 0
## files:
l: "b\na\nc\n"
r: "a\nc\n"
z1: "a\u{0}b\u{0}"
z2: "b\u{0}c\u{0}"

### comm keeps carriage returns and compares bytes
printf 'a\r\nb\n' > l; printf 'a\nb\n' > r; comm l r | od -c; comm --total -12 l r
## stdout:
0000000  \t   a  \n   a  \r  \n  \t  \t   b  \n
0000012
b
1	1	1	total
## status: 0
## files:
l: "a\u{d}\nb\n"
r: "a\nb\n"

### paste zero-terminated lines and delimiter escapes
printf '1\0002' > a; printf 'x\0y\0' > b; paste -z a b | od -c; paste -d 'a\0b' a b a b | od -c; paste -d 'x\' a b 2>&1; echo "[$?]"
## stdout:
0000000   1  \t   x  \0   2  \t   y  \0
0000010
0000000   1  \0   2   a   x  \0   y  \0   1  \0   2   b   x  \0   y  \0
0000020  \n
0000021
paste: delimiter list ends with an unescaped backslash: x\
[1]
## status: 0
## files:
a: "1\u{0}2"
b: "x\u{0}y\u{0}"

### expand tab stop lists with increments, backspaces and the obsolete -N forms
printf 'x\ty\tz\tw\n' > f; expand -t 3,+4 f; expand --tabs=2,/6 f; expand -2,7 f; expand -3 -5 f; printf 'ab\b\bc\td\n' | expand | od -c; printf 'q\tr\ts\n' | expand -t 4,6 | od -c; expand -t '' f
## stdout:
x  y   z   w
x y   z     w
x y    z w
x  y z w
0000000   a   b  \b  \b   c                               d  \n
0000016
0000000   q               r       s  \n
0000010
x       y       z       w
## status: 0
## files:
f: "x\ty\tz\tw\n"

### unexpand obsolete -N,M stop lists
printf 'ab   cd     e\n' > f; unexpand -a -5,11 f | od -c; unexpand -a -1 -2 f | od -c; unexpand -a -3, f | od -c
## stdout:
0000000   a   b  \t   c   d  \t       e  \n
0000011
0000000   a   b               c   d  \t   e  \n
0000012
0000000   a   b  \t           c   d  \t  \t   e  \n
0000013
## status: 0
## files:
f: "ab   cd     e\n"
