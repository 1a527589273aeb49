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
