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
