### sort s.txt
printf 'b 2\na 10\nc 1\nB 3\n a 5\n' > s.txt
sort s.txt
## stdout:
 a 5
B 3
a 10
b 2
c 1
## status: 0
## files:
s.txt: "b 2\na 10\nc 1\nB 3\n a 5\n"

### sort -r s.txt
printf 'b 2\na 10\nc 1\nB 3\n a 5\n' > s.txt
sort -r s.txt
## stdout:
c 1
b 2
a 10
B 3
 a 5
## status: 0
## files:
s.txt: "b 2\na 10\nc 1\nB 3\n a 5\n"

### sort -f s.txt
printf 'b 2\na 10\nc 1\nB 3\n a 5\n' > s.txt
sort -f s.txt
## stdout:
 a 5
a 10
b 2
B 3
c 1
## status: 0
## files:
s.txt: "b 2\na 10\nc 1\nB 3\n a 5\n"

### sort -b s.txt
printf 'b 2\na 10\nc 1\nB 3\n a 5\n' > s.txt
sort -b s.txt
## stdout:
B 3
a 10
 a 5
b 2
c 1
## status: 0
## files:
s.txt: "b 2\na 10\nc 1\nB 3\n a 5\n"

### sort -k2n s.txt
printf 'b 2\na 10\nc 1\nB 3\n a 5\n' > s.txt
sort -k2n s.txt
## stdout:
c 1
b 2
B 3
 a 5
a 10
## status: 0
## files:
s.txt: "b 2\na 10\nc 1\nB 3\n a 5\n"

### sort -k2,2nr s.txt
printf 'b 2\na 10\nc 1\nB 3\n a 5\n' > s.txt
sort -k2,2nr s.txt
## stdout:
a 10
 a 5
B 3
b 2
c 1
## status: 0
## files:
s.txt: "b 2\na 10\nc 1\nB 3\n a 5\n"

### sort -n -k2 s.txt
printf 'b 2\na 10\nc 1\nB 3\n a 5\n' > s.txt
sort -n -k2 s.txt
## stdout:
c 1
b 2
B 3
 a 5
a 10
## status: 0
## files:
s.txt: "b 2\na 10\nc 1\nB 3\n a 5\n"

### sort -t' ' -k2 -n s.txt
printf 'b 2\na 10\nc 1\nB 3\n a 5\n' > s.txt
sort -t' ' -k2 -n s.txt
## stdout:
 a 5
c 1
b 2
B 3
a 10
## status: 0
## files:
s.txt: "b 2\na 10\nc 1\nB 3\n a 5\n"

### sort -u -k1,1 s.txt
printf 'b 2\na 10\nc 1\nB 3\n a 5\n' > s.txt
sort -u -k1,1 s.txt
## stdout:
 a 5
B 3
a 10
b 2
c 1
## status: 0
## files:
s.txt: "b 2\na 10\nc 1\nB 3\n a 5\n"

### sort -uf s.txt
printf 'b 2\na 10\nc 1\nB 3\n a 5\n' > s.txt
sort -uf s.txt
## stdout:
 a 5
a 10
b 2
B 3
c 1
## status: 0
## files:
s.txt: "b 2\na 10\nc 1\nB 3\n a 5\n"

### sort -h h.txt
printf '1.5G\n200K\n3M\n10\n1K\n' > h.txt
sort -h h.txt
## stdout:
10
1K
200K
3M
1.5G
## status: 0
## files:
h.txt: "1.5G\n200K\n3M\n10\n1K\n"

### sort -rh h.txt
printf '1.5G\n200K\n3M\n10\n1K\n' > h.txt
sort -rh h.txt
## stdout:
1.5G
3M
200K
1K
10
## status: 0
## files:
h.txt: "1.5G\n200K\n3M\n10\n1K\n"

### sort -V v.txt
printf 'v1.10\nv1.2\nv1.9\nv1.10~rc1\nv1.1\n' > v.txt
sort -V v.txt
## stdout:
v1.1
v1.2
v1.9
v1.10~rc1
v1.10
## status: 0
## files:
v.txt: "v1.10\nv1.2\nv1.9\nv1.10~rc1\nv1.1\n"

### sort -M m.txt
printf 'Mar x\nJan y\nDec z\nfoo w\nfeb q\n' > m.txt
sort -M m.txt
## stdout:
foo w
Jan y
feb q
Mar x
Dec z
## status: 0
## files:
m.txt: "Mar x\nJan y\nDec z\nfoo w\nfeb q\n"

### sort -g g.txt
printf '1e3\n-5\nabc\n2.5\ninf\n-inf\n10\n' > g.txt
sort -g g.txt
## stdout:
abc
-inf
-5
2.5
10
1e3
inf
## status: 0
## files:
g.txt: "1e3\n-5\nabc\n2.5\ninf\n-inf\n10\n"

### sort -n g.txt
printf '1e3\n-5\nabc\n2.5\ninf\n-inf\n10\n' > g.txt
sort -n g.txt
## stdout:
-5
-inf
abc
inf
1e3
2.5
10
## status: 0
## files:
g.txt: "1e3\n-5\nabc\n2.5\ninf\n-inf\n10\n"

### sort -c s.txt; echo rc=$?
printf 'b 2\na 10\nc 1\nB 3\n a 5\n' > s.txt
sort -c s.txt; echo rc=$?
## stdout:
rc=1
## status: 0
## files:
s.txt: "b 2\na 10\nc 1\nB 3\n a 5\n"

### sort -C s.txt; echo rc=$?
printf 'b 2\na 10\nc 1\nB 3\n a 5\n' > s.txt
sort -C s.txt; echo rc=$?
## stdout:
rc=1
## status: 0
## files:
s.txt: "b 2\na 10\nc 1\nB 3\n a 5\n"

### sort s.txt | sort -c; echo rc=$?
printf 'b 2\na 10\nc 1\nB 3\n a 5\n' > s.txt
sort s.txt | sort -c; echo rc=$?
## stdout:
rc=0
## status: 0
## files:
s.txt: "b 2\na 10\nc 1\nB 3\n a 5\n"

### sort -d s.txt
printf 'b 2\na 10\nc 1\nB 3\n a 5\n' > s.txt
sort -d s.txt
## stdout:
 a 5
B 3
a 10
b 2
c 1
## status: 0
## files:
s.txt: "b 2\na 10\nc 1\nB 3\n a 5\n"

### printf 'a\0c\0b\0' | sort -z | tr '\0' '\n'
printf 'a\0c\0b\0' | sort -z | tr '\0' '\n'
## stdout:
a
b
c
## status: 0

### sort -s -k1,1 s.txt
printf 'b 2\na 10\nc 1\nB 3\n a 5\n' > s.txt
sort -s -k1,1 s.txt
## stdout:
 a 5
B 3
a 10
b 2
c 1
## status: 0
## files:
s.txt: "b 2\na 10\nc 1\nB 3\n a 5\n"

### sort -o out.txt s.txt; cat out.txt
printf 'b 2\na 10\nc 1\nB 3\n a 5\n' > s.txt
sort -o out.txt s.txt; cat out.txt
## stdout:
 a 5
B 3
a 10
b 2
c 1
## status: 0
## files:
out.txt: " a 5\nB 3\na 10\nb 2\nc 1\n"
s.txt: "b 2\na 10\nc 1\nB 3\n a 5\n"

### sort nonexistent; echo rc=$?
sort nonexistent; echo rc=$?
## stdout:
rc=2
## status: 0

### sort -k 2.2 s.txt
printf 'b 2\na 10\nc 1\nB 3\n a 5\n' > s.txt
sort -k 2.2 s.txt
## stdout:
c 1
a 10
b 2
B 3
 a 5
## status: 0
## files:
s.txt: "b 2\na 10\nc 1\nB 3\n a 5\n"

### sort -t, -k2,2 -k1,1r <<< $'x,1\ny,2\nz,1\nw,2'
sort -t, -k2,2 -k1,1r <<< $'x,1\ny,2\nz,1\nw,2'
## stdout:
z,1
x,1
y,2
w,2
## status: 0

### printf 'b\na' | sort
printf 'b\na' | sort
## stdout:
a
b
## status: 0

### sort --reverse --numeric-sort -k2 s.txt
printf 'b 2\na 10\nc 1\nB 3\n a 5\n' > s.txt
sort --reverse --numeric-sort -k2 s.txt
## stdout:
a 10
 a 5
B 3
b 2
c 1
## status: 0
## files:
s.txt: "b 2\na 10\nc 1\nB 3\n a 5\n"

### sort -n <<< $'-1\n-10\n0\n-0\n5\n+3\n'
sort -n <<< $'-1\n-10\n0\n-0\n5\n+3\n'
## stdout:
-10
-1

+3
-0
0
5
## status: 0

### sort -R s.txt | sort
printf 'b 2\na 10\nc 1\nB 3\n a 5\n' > s.txt
sort -R s.txt | sort
## stdout:
 a 5
B 3
a 10
b 2
c 1
## status: 0
## files:
s.txt: "b 2\na 10\nc 1\nB 3\n a 5\n"

### sort -m s.txt h.txt
printf 'b 2\na 10\nc 1\nB 3\n a 5\n' > s.txt
printf '1.5G\n200K\n3M\n10\n1K\n' > h.txt
sort -m s.txt h.txt
## stdout:
1.5G
200K
3M
10
1K
b 2
a 10
c 1
B 3
 a 5
## status: 0
## files:
h.txt: "1.5G\n200K\n3M\n10\n1K\n"
s.txt: "b 2\na 10\nc 1\nB 3\n a 5\n"

### sort --sort=version v.txt
printf 'v1.10\nv1.2\nv1.9\nv1.10~rc1\nv1.1\n' > v.txt
sort --sort=version v.txt
## stdout:
v1.1
v1.2
v1.9
v1.10~rc1
v1.10
## status: 0
## files:
v.txt: "v1.10\nv1.2\nv1.9\nv1.10~rc1\nv1.1\n"

### sort -k1.2,1.3 s.txt
printf 'b 2\na 10\nc 1\nB 3\n a 5\n' > s.txt
sort -k1.2,1.3 s.txt
## stdout:
a 10
c 1
b 2
B 3
 a 5
## status: 0
## files:
s.txt: "b 2\na 10\nc 1\nB 3\n a 5\n"

### sort -rn <<< $'1\n\n2\nx\n'
sort -rn <<< $'1\n\n2\nx\n'
## stdout:
2
1
x


## status: 0

### printf '\xff\xfe\n\x01\nabc\n' | sort | od -c
printf '\xff\xfe\n\x01\nabc\n' | sort | od -c
## stdout:
0000000 001  \n   a   b   c  \n 377 376  \n
0000011
## status: 0

### sort -n -u <<< $'1\n01\n1.0\n2'
sort -n -u <<< $'1\n01\n1.0\n2'
## stdout:
1
2
## status: 0

### sort options in long, prefix and cluster spellings, and its refusals
printf 'b 2\na 10\nc 1\n' > f
sort --numeric-sort -k2 f; sort --key=2,2n --reverse f; sort --rev f; sort -rk2n f; sort --sort=numeric -k2 f
sort --check=quiet f; echo "status $?"; sort --bogus f; echo "status $?"; sort -k 2>&1; echo "status $?"
## stdout:
c 1
b 2
a 10
c 1
b 2
a 10
c 1
b 2
a 10
c 1
b 2
a 10
c 1
b 2
a 10
status 1
status 2
sort: option requires an argument -- 'k'
Try 'sort --help' for more information.
status 2
## status: 0
## files:
f: "b 2\na 10\nc 1\n"

### sort past its buffer: runs in scratch files, merged (-S, -T, -u, -s, -n, -r, keys) +stderr
seq 1 40000 | awk '{ print ($1 * 7919) % 10007, $1 % 13, "x" $1 % 7 }' > big.txt
sort -S 64K big.txt | cksum
sort big.txt | cksum
sort -S 64K -n big.txt | cksum
sort -S 64K -k2,2n -s big.txt | cksum
sort -S 64K -k2,2n -k3,3 -u big.txt
sort -S 100K -r -T . big.txt | cksum
cat big.txt | sort -S 64K -n -r | head -3
sort -S 64K -o out.txt big.txt; cksum < out.txt
sort -S 64K -T nodir big.txt; echo "status $?"
sort -S 12Q big.txt; echo "status $?"
rm big.txt out.txt
## stdout:
1612024770 404826
1612024770 404826
1184559401 404826
827743960 404826
125 0 x0
7255 0 x1
4378 0 x2
1501 0 x3
8631 0 x4
5754 0 x5
2877 0 x6
789 1 x0
7919 1 x1
5167 1 x2
2290 1 x3
9420 1 x4
6543 1 x5
3666 1 x6
1578 2 x0
8708 2 x1
5831 2 x2
3079 2 x3
202 2 x4
7332 2 x5
4455 2 x6
2367 3 x0
9497 3 x1
6620 3 x2
3743 3 x3
991 3 x4
8121 3 x5
5244 3 x6
3156 4 x0
279 4 x1
7409 4 x2
4532 4 x3
1655 4 x4
8910 4 x5
6033 4 x6
3945 5 x0
1068 5 x1
8198 5 x2
5321 5 x3
2444 5 x4
9574 5 x5
6822 5 x6
4734 6 x0
1857 6 x1
8987 6 x2
6110 6 x3
3233 6 x4
356 6 x5
7486 6 x6
5398 7 x0
2646 7 x1
9776 7 x2
6899 7 x3
4022 7 x4
1145 7 x5
8275 7 x6
6187 8 x0
3310 8 x1
558 8 x2
7688 8 x3
4811 8 x4
1934 8 x5
9064 8 x6
6976 9 x0
4099 9 x1
1222 9 x2
8477 9 x3
5600 9 x4
2723 9 x5
9853 9 x6
7765 10 x0
4888 10 x1
2011 10 x2
9141 10 x3
6389 10 x4
3512 10 x5
635 10 x6
8554 11 x0
5677 11 x1
2800 11 x2
9930 11 x3
7053 11 x4
4301 11 x5
1424 11 x6
9343 12 x0
6466 12 x1
3589 12 x2
712 12 x3
7842 12 x4
4965 12 x5
2213 12 x6
574717428 404826
10006 7 x5
10006 4 x2
10006 10 x1
1612024770 404826
status 2
status 2
## stderr:
sort: cannot create temporary file in 'nodir': No such file or directory
sort: invalid suffix in -S argument '12Q'
## status: 0

### whole lines that begin alike, sorted a few bytes at a time, in memory and past the buffer (-S, -u, -r)
seq 1 100000 | awk '{ d = $1 % 28 + 1; k = ($1 * 7919) % 10007; printf "2026-11-%02dT%s%s\n", d, (k % 5 == 0) ? "same" : "x" (k % 977), (k % 3 == 0) ? " and a tail that goes on" : "" }' > log.txt
sort log.txt | cksum
sort -u log.txt | cksum
sort -r log.txt | cksum
sort -u log.txt | wc -l
sort -S 64K log.txt | cksum
sort -S 64K -u log.txt | cksum
sort -S 64K -r -u log.txt | cksum
cat log.txt | sort -S 64K | head -3
printf 'b\na\0x\na\na\0\nab\n\n' | sort | od -c
rm log.txt
## stdout:
729910577 2390390
1184085863 1217968
3725244930 2390390
45439
729910577 2390390
1184085863 1217968
1132269506 1217968
2026-11-01Tsame
2026-11-01Tsame
2026-11-01Tsame
0000000  \n   a  \n   a  \0  \n   a  \0   x  \n   a   b  \n   b  \n
0000017
## status: 0

### sort files0-from and batch-size checks
printf 'b\n' > one; printf 'a\n' > two; printf 'one\0two\0' > list; sort --files0-from=list; printf '' > none; sort --files0-from=none 2>&1; echo "[$?]"; printf '\0one' | sort --files0-from=- 2>&1; echo "[$?]"; sort --files0-from=list one 2>&1; echo "[$?]"; sort --batch-size=x one 2>&1; echo "[$?]"; sort -m --batch-size=8 one two
## stdout:
a
b
sort: no input from 'none'
[2]
sort: -:1: invalid zero-length file name
[2]
sort: extra operand 'one'
file operands cannot be combined with --files0-from
Try 'sort --help' for more information.
[2]
sort: invalid --batch-size argument 'x'
[2]
a
b
## status: 0
## files:
list: "one\u{0}two\u{0}"
none: ""
one: "b\n"
two: "a\n"
