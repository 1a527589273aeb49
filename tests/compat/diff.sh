### diff identical files
printf 'a\nb\n' > x; cp x y; diff x y; echo $?
## stdout:
0
## status: 0
## files:
x: "a\nb\n"
y: "a\nb\n"

### diff normal change
printf 'a\nb\nc\n' > x; printf 'a\nB\nc\n' > y; diff x y; echo $?
## stdout:
2c2
< b
---
> B
1
## status: 0
## files:
x: "a\nb\nc\n"
y: "a\nB\nc\n"

### diff normal add and delete
printf 'a\nb\nc\nd\n' > x; printf 'a\nc\nd\ne\n' > y; diff x y
## stdout:
2d1
< b
4a4
> e
## status: 1
## files:
x: "a\nb\nc\nd\n"
y: "a\nc\nd\ne\n"

### diff unified without headers
printf '1\n2\n3\n4\n5\n6\n7\n8\n9\n' > x; printf '1\n2\n3\n4\nfive\n6\n7\n8\n9\n' > y; diff -u x y | tail -n +3
## stdout:
@@ -2,7 +2,7 @@
 2
 3
 4
-5
+five
 6
 7
 8
## status: 0
## files:
x: "1\n2\n3\n4\n5\n6\n7\n8\n9\n"
y: "1\n2\n3\n4\nfive\n6\n7\n8\n9\n"

### diff unified context size
printf 'a\nb\nc\nd\ne\n' > x; printf 'a\nb\nC\nd\ne\n' > y; diff -U 1 x y | tail -n +3
## stdout:
@@ -2,3 +2,3 @@
 b
-c
+C
 d
## status: 0
## files:
x: "a\nb\nc\nd\ne\n"
y: "a\nb\nC\nd\ne\n"

### diff unified insert at start and delete at end
printf 'b\nc\n' > x; printf 'a\nb\n' > y; diff -u x y | tail -n +3
## stdout:
@@ -1,2 +1,2 @@
+a
 b
-c
## status: 0
## files:
x: "b\nc\n"
y: "a\nb\n"

### diff brief
printf 'a\n' > x; printf 'b\n' > y; diff -q x y; echo $?
## stdout:
Files x and y differ
1
## status: 0
## files:
x: "a\n"
y: "b\n"

### diff missing file status
diff nope x 2>/dev/null; echo $?
## stdout:
2
## status: 0

### diff no newline at end
printf 'a\nb' > x; printf 'a\nc' > y; diff x y
## stdout:
2c2
< b
\ No newline at end of file
---
> c
\ No newline at end of file
## status: 1
## files:
x: "a\nb"
y: "a\nc"

### diff recursive
mkdir -p l/s r/s; printf '1\n' > l/s/f; printf '2\n' > r/s/f; printf 'x\n' > l/only; diff -r l r; echo $?
## stdout:
Only in l: only
diff -r l/s/f r/s/f
1c1
< 1
---
> 2
1
## status: 0
## files:
l/
l/only: "x\n"
l/s/
l/s/f: "1\n"
r/
r/s/
r/s/f: "2\n"

### diff recursive brief
mkdir -p l r; printf '1\n' > l/f; printf '2\n' > r/f; diff -rq l r
## stdout:
Files l/f and r/f differ
## status: 1
## files:
l/
l/f: "1\n"
r/
r/f: "2\n"

### diff empty files
: > x; printf 'a\n' > y; diff x y; diff y x
## stdout:
0a1
> a
1d0
< a
## status: 1
## files:
x: ""
y: "a\n"

### diff d1.txt d2.txt; echo "rc=$?"
printf 'a\nb\nc\n' > d1.txt
printf 'a\nB\nc\nd\n' > d2.txt
diff d1.txt d2.txt; echo "rc=$?"
## stdout:
2c2
< b
---
> B
3a4
> d
rc=1
## status: 0
## files:
d1.txt: "a\nb\nc\n"
d2.txt: "a\nB\nc\nd\n"

### diff -u d1.txt d2.txt | tail -n +3; echo "rc=$?"
printf 'a\nb\nc\n' > d1.txt
printf 'a\nB\nc\nd\n' > d2.txt
diff -u d1.txt d2.txt | tail -n +3; echo "rc=$?"
## stdout:
@@ -1,3 +1,4 @@
 a
-b
+B
 c
+d
rc=0
## status: 0
## files:
d1.txt: "a\nb\nc\n"
d2.txt: "a\nB\nc\nd\n"

### diff -q d1.txt d2.txt; echo "rc=$?"
printf 'a\nb\nc\n' > d1.txt
printf 'a\nB\nc\nd\n' > d2.txt
diff -q d1.txt d2.txt; echo "rc=$?"
## stdout:
Files d1.txt and d2.txt differ
rc=1
## status: 0
## files:
d1.txt: "a\nb\nc\n"
d2.txt: "a\nB\nc\nd\n"

### diff d1.txt d1.txt; echo "rc=$?"
printf 'a\nb\nc\n' > d1.txt
printf 'a\nB\nc\nd\n' > d2.txt
diff d1.txt d1.txt; echo "rc=$?"
## stdout:
rc=0
## status: 0
## files:
d1.txt: "a\nb\nc\n"
d2.txt: "a\nB\nc\nd\n"

### diff - reads standard input
printf 'a\nb\n' > f; printf 'a\nb\n' | diff - f; echo $?; printf 'a\nc\n' | diff - f; echo $?; printf 'x\n' | diff -u - f | tail -n +3
## stdout:
0
2c2
< c
---
> b
1
@@ -1 +1,2 @@
-x
+a
+b
## status: 0
## files:
f: "a\nb\n"

### diff -i -b -w -Z compare loosely and print the lines as they are
printf 'A  b \nsame\n' > w1; printf 'a b\nsame\n' > w2; printf 'ab\nsame\n' > w3
for o in -i -b -ib -iw -Z -bZ; do diff $o w1 w2; echo "$o $?"; done; diff -w w2 w3; echo $?; diff -b w2 w3; echo $?; diff -ibq w1 w3; echo $?
## stdout:
1c1
< A  b 
---
> a b
-i 1
1c1
< A  b 
---
> a b
-b 1
-ib 0
-iw 0
1c1
< A  b 
---
> a b
-Z 1
1c1
< A  b 
---
> a b
-bZ 1
0
1c1
< a b
---
> ab
1
Files w1 and w3 differ
1
## status: 0
## files:
w1: "A  b \nsame\n"
w2: "a b\nsame\n"
w3: "ab\nsame\n"

### diff reports binary files as GNU does
printf 'a\0b\n' > b1; printf 'a\0c\n' > b2; diff b1 b2; echo $?; diff -a b1 b2 | od -c | head -2; diff -q b1 b1; echo $?
## stdout:
Binary files b1 and b2 differ
1
0000000   1   c   1  \n   <       a  \0   b  \n   -   -   -  \n   >    
0000020   a  \0   c  \n
0
## status: 0
## files:
b1: "a\u{0}b\n"
b2: "a\u{0}c\n"

### diff -s says when files are identical
printf 'x\n' > p; printf 'x\n' > q; diff -s p q; echo $?; diff --report-identical-files p q
## stdout:
Files p and q are identical
0
Files p and q are identical
## status: 0
## files:
p: "x\n"
q: "x\n"

### diff --label names the unified headers
printf '1\n2\n' > l1; printf '1\n3\n' > l2; diff -u --label old --label new l1 l2; diff --label=A --label=B -U0 l1 l2
## stdout:
--- old
+++ new
@@ -1,2 +1,2 @@
 1
-2
+3
--- A
+++ B
@@ -2 +2 @@
-2
+3
## status: 1
## files:
l1: "1\n2\n"
l2: "1\n3\n"

### diff of directories without -r names subdirectories and lone files
mkdir -p a/x b/x; printf '1\n' > a/x/f; printf '2\n' > b/x/f; printf 's\n' > a/s; printf 't\n' > b/s; printf 'o\n' > a/o
diff a b; echo $?; diff -q a b; echo $?; diff -N a b; echo $?
## stdout:
Only in a: o
diff a/s b/s
1c1
< s
---
> t
Common subdirectories: a/x and b/x
1
Only in a: o
Files a/s and b/s differ
Common subdirectories: a/x and b/x
1
diff -N a/o b/o
1d0
< o
diff -N a/s b/s
1c1
< s
---
> t
Common subdirectories: a/x and b/x
1
## status: 0
## files:
a/
a/o: "o\n"
a/s: "s\n"
a/x/
a/x/f: "1\n"
b/
b/s: "t\n"
b/x/
b/x/f: "2\n"

### diff -r repeats the options as typed and honours -x
mkdir -p a/x b/x; printf '1\n2\n3\n' > a/x/f; printf '1\n3\n4\n' > b/x/f; printf 'o\n' > a/o
diff -ru a b | grep -v '^[-+][-+][-+]'; diff -r -U1 a b | grep -v '^[-+][-+][-+]'; diff -r -x o a b; echo $?; diff -rq --exclude=x a b; echo $?
## stdout:
Only in a: o
diff -ru a/x/f b/x/f
@@ -1,3 +1,3 @@
 1
-2
 3
+4
Only in a: o
diff -r -U1 a/x/f b/x/f
@@ -1,3 +1,3 @@
 1
-2
 3
+4
diff -r -x o a/x/f b/x/f
2d1
< 2
3a3
> 4
1
Only in a: o
1
## status: 0
## files:
a/
a/o: "o\n"
a/x/
a/x/f: "1\n2\n3\n"
b/
b/x/
b/x/f: "1\n3\n4\n"

### diff options after the operands
printf '1\n2\n' > m1; printf '1\n3\n' > m2; diff m1 m2 -u --label a --label b; diff m1 m2 -q; echo $?
## stdout:
--- a
+++ b
@@ -1,2 +1,2 @@
 1
-2
+3
Files m1 and m2 differ
1
## status: 0
## files:
m1: "1\n2\n"
m2: "1\n3\n"

### diff side by side, with and without common lines, in a narrow width
printf 'one\ntwo\nthree\nfour\tx\nfive\n' > p
printf 'one\n2\nthree\nfive\nsix is a much longer line than the others by far, really long indeed\n' > q
diff -y p q; echo "status $?"
diff -y -W 40 p q; diff -y --suppress-common-lines -W 60 p q; diff -y p p; echo "same $?"
## stdout:
one								one
two							      |	2
three								three
four	x						      <
five								five
							      >	six is a much longer line than the others by far, really long
status 1
one			one
two		   |	2
three			three
four	x	   <
five			five
		   >	six is a much lo
two			     |	2
four	x		     <
			     >	six is a much longer line th
one								one
two								two
three								three
four	x							four	x
five								five
same 0
## status: 0
## files:
p: "one\ntwo\nthree\nfour\tx\nfive\n"
q: "one\n2\nthree\nfive\nsix is a much longer line than the others by far, really long indeed\n"

### diff -B ignores changes of blank lines only
printf 'a\n\nb\n' > b1; printf 'a\nb\n' > b2; diff -B b1 b2; echo "status $?"
printf 'a\nb\n' > c1; printf 'a\n\nc\n' > c2; diff -B c1 c2; echo "status $?"
## stdout:
status 0
2c2,3
< b
---
> 
> c
status 1
## status: 0
## files:
b1: "a\n\nb\n"
b2: "a\nb\n"
c1: "a\nb\n"
c2: "a\n\nc\n"

### diff keeps a carriage return in its line, --strip-trailing-cr drops it
printf 'a\n' > x; printf 'a\r\n' > z; diff x z | od -c | head -5; echo $?; diff --strip-trailing-cr x z; echo $?
printf 'a\r\nb\r\n' > x; printf 'a\r\nc\r\n' > z; diff --strip-trailing-cr -u x z | tail -n +3
printf 'a\rb\n' > x; printf 'a\n' > z; diff x z | od -c | head -4
## stdout:
0000000   1   c   1  \n   <       a  \n   -   -   -  \n   >       a  \r
0000020  \n
0000021
0
0
@@ -1,2 +1,2 @@
 a
-b
+c
0000000   1   c   1  \n   <       a  \r   b  \n   -   -   -  \n   >    
0000020   a  \n
0000022
## status: 0
## files:
x: "a\u{d}b\n"
z: "a\n"

### diff -c and -C N: context diffs, each side shown only where it changed
printf 'a\nb\nc\nd\ne\nf\ng\nh\ni\nj\nk\n' > x; printf 'a\nB\nc\nd\ne\nf\ng\nh\n.\nj\nk\nl\n' > y; printf '' > e0; printf 'z\n' > e1
diff -c --label x --label y x y; echo "st $?"; diff -C1 --label x --label y x y; diff --context=0 --label x --label y x y; diff -c --label e0 --label e1 e0 e1; diff -c --label e1 --label e0 e1 e0; diff -C1 -c --label x --label y x y | head -4
## stdout:
*** x
--- y
***************
*** 1,11 ****
  a
! b
  c
  d
  e
  f
  g
  h
! i
  j
  k
--- 1,12 ----
  a
! B
  c
  d
  e
  f
  g
  h
! .
  j
  k
+ l
st 1
*** x
--- y
***************
*** 1,3 ****
  a
! b
  c
--- 1,3 ----
  a
! B
  c
***************
*** 8,11 ****
  h
! i
  j
  k
--- 8,12 ----
  h
! .
  j
  k
+ l
*** x
--- y
***************
*** 2 ****
! b
--- 2 ----
! B
***************
*** 9 ****
! i
--- 9 ----
! .
***************
*** 11 ****
--- 12 ----
+ l
*** e0
--- e1
***************
*** 0 ****
--- 1 ----
+ z
*** e1
--- e0
***************
*** 1 ****
- z
--- 0 ----
*** x
--- y
***************
*** 1,11 ****
## status: 0
## files:
e0: ""
e1: "z\n"
x: "a\nb\nc\nd\ne\nf\ng\nh\ni\nj\nk\n"
y: "a\nB\nc\nd\ne\nf\ng\nh\n.\nj\nk\nl\n"

### diff -e writes an ed script, last change first, a lone dot escaped
printf 'a\nb\nc\nd\ne\nf\ng\nh\ni\nj\nk\n' > x; printf 'a\nB\nc\nd\ne\nf\ng\nh\n.\nj\nk\nl\n' > y; printf 'z\n' > e1; printf '' > e0
diff -e x y; echo "st $?"; diff -e e1 e0; diff --ed e0 e1
## stdout:
11a
l
.
9c
..
.
s/.//
2c
B
.
st 1
1d
0a
z
.
## status: 1
## files:
e0: ""
e1: "z\n"
x: "a\nb\nc\nd\ne\nf\ng\nh\ni\nj\nk\n"
y: "a\nB\nc\nd\ne\nf\ng\nh\n.\nj\nk\nl\n"

### diff -n writes RCS commands, numbered as the first file is
printf 'a\nb\nc\nd\ne\nf\ng\nh\ni\nj\nk\n' > x; printf 'a\nB\nc\nd\ne\nf\ng\nh\n.\nj\nk\nl\n' > y; printf 'z\n' > e1; printf '' > e0
diff -n x y; echo "st $?"; diff -n e0 e1; diff --rcs e1 e0
## stdout:
d2 1
a2 1
B
d9 1
a9 1
.
a11 1
l
st 1
a0 1
z
d1 1
## status: 1
## files:
e0: ""
e1: "z\n"
x: "a\nb\nc\nd\ne\nf\ng\nh\ni\nj\nk\n"
y: "a\nB\nc\nd\ne\nf\ng\nh\n.\nj\nk\nl\n"

### diff: a last line without its newline is not the same line with one
printf 'a\nb\nc\n' > x; printf 'a\nb' > nn; printf 'a\nb\n' > nb
diff x nn; diff nn nb; diff -u --label x --label nn x nn; diff -c --label x --label nn x nn; diff -n x nn; diff -w nn nb; echo "st $?"
## stdout:
2,3c2
< b
< c
---
> b
\ No newline at end of file
2c2
< b
\ No newline at end of file
---
> b
--- x
+++ nn
@@ -1,3 +1,2 @@
 a
-b
-c
+b
\ No newline at end of file
*** x
--- nn
***************
*** 1,3 ****
  a
! b
! c
--- 1,2 ----
  a
! b
\ No newline at end of file
d2 2
a3 1
bst 0
## status: 0
## files:
nb: "a\nb\n"
nn: "a\nb"
x: "a\nb\nc\n"

### diff refuses two output styles, and takes the most context asked for +stderr
printf 'a\nb\nc\nd\ne\n' > x; printf 'a\nb\nC\nd\ne\n' > y
diff -u -c x y; echo "st $?"; diff -e -n x y; echo "st $?"; diff -y --normal x y; echo "st $?"; diff -U0 -u --label x --label y x y
## stdout:
st 2
st 2
st 2
--- x
+++ y
@@ -1,5 +1,5 @@
 a
 b
-c
+C
 d
 e
## stderr:
diff: conflicting output style options
diff: Try 'diff --help' for more information.
diff: conflicting output style options
diff: Try 'diff --help' for more information.
diff: conflicting output style options
diff: Try 'diff --help' for more information.
## status: 1
## files:
x: "a\nb\nc\nd\ne\n"
y: "a\nb\nC\nd\ne\n"
