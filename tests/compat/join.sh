### join default output with duplicate keys
printf 'a 1\nb 2\nc 3\ne 5\n' > x; printf 'a x\nb y\nb yy\nd z\n' > y; join x y
## stdout:
a 1 x
b 2 y
b 2 yy
## status: 0
## files:
x: "a 1\nb 2\nc 3\ne 5\n"
y: "a x\nb y\nb yy\nd z\n"

### join unpaired lines -a and -v
printf 'a 1\nb 2\nc 3\ne 5\n' > x; printf 'a x\nb y\nd z\n' > y; join -a1 x y; echo ---; join -a2 x y; echo ---; join -v1 -v2 x y
## stdout:
a 1 x
b 2 y
c 3
e 5
---
a 1 x
b 2 y
d z
---
c 3
d z
e 5
## status: 0
## files:
x: "a 1\nb 2\nc 3\ne 5\n"
y: "a x\nb y\nd z\n"

### join output format with filler
printf 'a 1\nb 2\nc 3\n' > x; printf 'a x\nd z\n' > y; join -a1 -a2 -e NA -o 0,1.2,2.2 x y; echo ---; join -e X -o 1.1,2.2,1.3 x y
## stdout:
a 1 x
b 2 NA
c 3 NA
d NA z
---
a x X
## status: 0
## files:
x: "a 1\nb 2\nc 3\n"
y: "a x\nd z\n"

### join -o auto
printf 'a 1 p\nb 2\n' > x; printf 'a x\nb\n' > y; join -o auto -e - -a1 x y
## stdout:
a 1 p x
b 2 - -
## status: 0
## files:
x: "a 1 p\nb 2\n"
y: "a x\nb\n"

### join other key fields and separator
printf 'p a\nq b\n' > x; printf 'a:x\nb:y\n' > y; join -1 2 x <(tr : ' ' < y); printf 'k:1:\n' > s; printf 'k::2\n' > t; join -t: s t
## stdout:
a p x
b q y
k:1:::2
## status: 0
## files:
s: "k:1:\n"
t: "k::2\n"
x: "p a\nq b\n"
y: "a:x\nb:y\n"

### join blanks separate fields
printf '  a\t1   2\n' > x; printf 'a 3\n' > y; join x y
## stdout:
a 1 2 3
## status: 0
## files:
x: "  a\t1   2\n"
y: "a 3\n"

### join ignore case and stdin
printf 'A 1\nb 2\n' > x; printf 'a x\nB y\n' | join -i x -
## stdout:
A 1 x
b 2 y
## status: 0
## files:
x: "A 1\nb 2\n"

### join header line
printf 'K v\nb 1\n' > x; printf 'K w\na 0\nb 2\n' > y; join --header x y
## stdout:
K v w
b 1 2
## status: 0
## files:
x: "K v\nb 1\n"
y: "K w\na 0\nb 2\n"

### join unsorted input warns +stderr
printf 'b 1\na 2\nc 3\n' > u; printf 'a 1\nb 2\nc 3\n' > x; join u x; echo "status $?"; join --check-order u x; echo "status $?"; join --nocheck-order u x; echo "status $?"
## stdout:
b 1 2
c 3 3
status 1
status 1
b 1 2
c 3 3
status 0
## stderr:
join: u:2: is not sorted: a 2
join: input is not in sorted order
join: u:2: is not sorted: a 2
## status: 0
## files:
u: "b 1\na 2\nc 3\n"
x: "a 1\nb 2\nc 3\n"

### join missing operand status
join onlyone 2>/dev/null; echo $?
## stdout:
1
## status: 0
