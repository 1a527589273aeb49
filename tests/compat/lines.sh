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
