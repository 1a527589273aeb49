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
