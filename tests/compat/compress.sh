### gzip replaces a file and gunzip restores it with its mode
printf 'hello\nworld\n' > a; chmod 640 a; gzip a; ls; gunzip a.gz; ls -l a | cut -c1-10; cat a
## stdout:
a.gz
-rw-r-----
hello
world
## status: 0
## files:
a: "hello\nworld\n"

### gzip keep and refuse to overwrite +stderr
printf 'data\n' > b; gzip -k b; ls; gzip b; echo "status $?"; gzip -f b; ls; rm b.gz
## stdout:
b
b.gz
status 2
b.gz
## stderr:
gzip: b.gz already exists;	not overwritten
## status: 0

### gzip stream round trips
seq 1 5000 > big; gzip -c big | gunzip | wc -l; printf x | gzip | zcat; echo; gzip -9 < big | gzip -dc | tail -1; ls
## stdout:
5000
x
5000
big
## status: 0
## files:
big: 23893 bytes, 5000 lines

### gunzip concatenated members
seq 1 300 > big; gzip -1 < big > c.gz; cat c.gz c.gz | gunzip | wc -l; rm c.gz
## stdout:
600
## status: 0
## files:
big: 1092 bytes, 300 lines

### zcat and gunzip -c leave the archive
seq 1 50 > big; gzip big; zcat big.gz | tail -1; gunzip -c big.gz | head -1; ls; gunzip big.gz; ls
## stdout:
50
1
big.gz
big
## status: 0
## files:
big: "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n13\n14\n15\n16\n17\n18\n19\n20\n21\n22\n23\n24\n25\n26\n27\n28\n29\n30\n31\n32\n33\n34\n35\n36\n37\n38\n39\n40\n41\n42\n43\n44\n45\n46\n47\n48\n49\n50\n"

### gzip warnings and errors +stderr
printf 'x\n' > t.gz; gzip t.gz; echo "status $?"; gunzip nosuffix 2>&1; echo "status $?"; gzip nofile; echo "status $?"; rm t.gz
## stdout:
status 0
gzip: nosuffix.gz: No such file or directory
status 1
status 1
## stderr:
gzip: t.gz already has .gz suffix -- unchanged
gzip: nofile: No such file or directory
## status: 0

### gunzip refuses data that is not gzip
printf 'notgz' > n.gz; gunzip n.gz 2>/dev/null; echo "status $?"; ls; rm n.gz
## stdout:
status 1
n.gz
## status: 0

### tar create and list
mkdir -p d/sub; echo one > d/a; echo two > d/sub/b; tar -cf t.tar d; tar -tf t.tar | sort; tar tf t.tar d/sub
## stdout:
d/
d/a
d/sub/
d/sub/b
d/sub/
d/sub/b
## status: 0
## files:
d/
d/a: "one\n"
d/sub/
d/sub/b: "two\n"
t.tar: 10240 bytes, 3 lines

### tar gzip round trip into another directory
mkdir -p d/sub; echo one > d/a; echo two > d/sub/b; tar -czf t.tgz d; mkdir out; tar -xzf t.tgz -C out; cat out/d/a out/d/sub/b; tar -tf t.tgz | sort | head -n 2; rm t.tgz
## stdout:
one
two
d/
d/a
## status: 0
## files:
d/
d/a: "one\n"
d/sub/
d/sub/b: "two\n"
out/
out/d/
out/d/a: "one\n"
out/d/sub/
out/d/sub/b: "two\n"

### tar old-style flags, member selection and extraction to stdout
mkdir -p d/sub; echo one > d/a; echo two > d/sub/b; tar cf t.tar d; tar xOf t.tar d/sub/b; rm -r d; tar xf t.tar d/a; ls d
## stdout:
two
a
## status: 0
## files:
d/
d/a: "one\n"
t.tar: 10240 bytes, 3 lines

### tar exclude patterns
mkdir -p d; echo x > d/keep.txt; echo y > d/skip.log; tar -cf t.tar --exclude='*.log' d; tar -tf t.tar | sort
## stdout:
d/
d/keep.txt
## status: 0
## files:
d/
d/keep.txt: "x\n"
d/skip.log: "y\n"
t.tar: 10240 bytes, 2 lines

### tar missing member and missing archive +stderr
tar -cf t.tar nosuch; echo $?; tar -xf none.tar; echo $?
## stdout:
2
2
## stderr:
tar: nosuch: Cannot stat: No such file or directory
tar: Exiting with failure status due to previous errors
tar: none.tar: Cannot open: No such file or directory
tar: Error is not recoverable: exiting now
## status: 0
## files:
t.tar: 10240 bytes, 1 lines

### tar keeps member names as given, and long ones
mkdir -p src/s; echo a > src/ok; echo b > src/s/x; tar -cf t.tar -C src .; tar -tf t.tar | sort; p=src/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa/bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb; mkdir -p $p; echo deep > $p/file.txt; tar -cf l.tar src; rm -r src; tar -xf l.tar; cat $p/file.txt; rm l.tar t.tar
## stdout:
./
./ok
./s/
./s/x
deep
## status: 0
## files:
src/
src/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa/
src/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa/bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb/
src/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa/bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb/file.txt: "deep\n"
src/ok: "a\n"
src/s/
src/s/x: "b\n"

### gzip -l lists sizes and ratios
seq 1000 > a; printf x > b; printf '' > e; gzip -k a b e; gzip -l b.gz e.gz; gzip -l e.gz; gzip -l a.gz b.gz | awk '{ print $2, $4 }'; gzip -n -c a > an.gz; gzip -l an.gz | awk '{ print $2, $4 }'; rm -rf -- *.gz *.zz *.q d
## stdout:
         compressed        uncompressed  ratio uncompressed_name
                 23                   1 -200.0% b
                 22                   0   0.0% e
                 45                   1 -2400.0% (totals)
         compressed        uncompressed  ratio uncompressed_name
                 22                   0   0.0% e
uncompressed uncompressed_name
3893 a
1 b
3894 (totals)
uncompressed uncompressed_name
3893 an
## status: 0
## files:
a: 3893 bytes, 1000 lines
b: "x"
e: ""

### gzip -t tests and -v reports
seq 1000 > a; gzip -k a; gzip -t a.gz; echo "t $?"; printf 'garbage-not-gzip' > c.gz; gzip -t c.gz 2>/dev/null; echo "t $?"; { gzip -tv a.gz; rm a.gz; gzip -v a; gzip -dv a.gz; gzip -kv a; gzip -cv a 2>&1 > /dev/null; gzip -dkfv a.gz; } 2>&1 | sed -E 's/[0-9]+\.[0-9]%/N%/'; rm -rf -- *.gz *.zz *.q d
## stdout:
t 0
t 1
a.gz:	 OK
a:	 N% -- replaced with a.gz
a.gz:	 N% -- replaced with a
a:	 N% -- created a.gz
a:	 N% -- replaced with stdout
a.gz:	 N% -- created a
## status: 0
## files:
a: 3893 bytes, 1000 lines

### gzip -r walks directories and -S names the suffix
mkdir d; seq 3 > d/x; seq 4 > d/z; gzip -rv d 2>&1; ls d; gzip -dr d; ls d; seq 1000 > a; gzip -S .zz -k a; gzip -l a.zz | awk '{ print $2, $4 }'; gzip -d -S .zz -f a.zz; ls; seq 5 > f; gzip --suffix=.q f; ls f*; gunzip --suffix=.q f.q; ls f*; rm -rf -- *.gz *.zz *.q d
## stdout:
d/x:	-33.3% -- replaced with d/x.gz
d/z:	-25.0% -- replaced with d/z.gz
x.gz
z.gz
x
z
uncompressed uncompressed_name
3893 a.zz
a
d
f.q
f
## status: 0
## files:
a: 3893 bytes, 1000 lines
f: "1\n2\n3\n4\n5\n"

### bzip2 replaces a file and bunzip2 restores it with its mode
printf 'hello\nworld\n' > a; chmod 640 a; bzip2 a; ls; bunzip2 a.bz2; ls -l a | cut -c1-10; cat a
## stdout:
a.bz2
-rw-r-----
hello
world
## status: 0
## files:
a: "hello\nworld\n"

### bzip2 refuses what bzip2 refuses +stderr
echo hello > f; bzip2 f; bzip2 f.bz2; echo "rc=$?"; bzip2 -k f.bz2 2>/dev/null; bzip2 -dk f.bz2; bzip2 -k f; echo "rc=$?"
bzip2 nofile; echo "rc=$?"; mkdir dir; bzip2 dir; echo "rc=$?"; ls
## stdout:
rc=1
rc=1
rc=1
rc=1
dir
f
f.bz2
## stderr:
bzip2: Input file f.bz2 already has .bz2 suffix.
bzip2: Output file f.bz2 already exists.
bzip2: Can't open input file nofile: No such file or directory.
bzip2: Input file dir is a directory.
## status: 0
## files:
dir/
f: "hello\n"
f.bz2: "BZh91AY&SY����\u{0}\u{0}\u{1}A\u{0}\u{0}\u{10}\u{2}D�\u{0}0�\u{0}�F)�\u{17}rE8P�����"

### bunzip2 of a name it cannot guess and of data that is not bzip2 +stderr
echo hi | bzip2 > g; bzip2 -d g; echo "rc=$?"; cat g.out; echo junk > j.bz2; bzip2 -d j.bz2; echo "rc=$?"; ls
## stdout:
rc=0
hi
rc=2
g.out
j.bz2
## stderr:
bzip2: Can't guess original name for g -- using g.out
bzip2: j.bz2 is not a bzip2 file.
## status: 0
## files:
g.out: "hi\n"
j.bz2: "junk\n"

### bzip2 verbose reports and tests +stderr
seq 1000 > s; seq 5 > h; bzip2 -kv s h; bzip2 -tv s.bz2 h.bz2; bunzip2 -v -f s.bz2
## stderr:
  s:        4.241:1,  1.886 bits/byte, 76.42% saved, 3893 in, 918 out.
  h:        0.233:1, 34.400 bits/byte, -330.00% saved, 10 in, 43 out.
  s.bz2:   ok
  h.bz2:   ok
  s.bz2:   done
## status: 0
## files:
h: "1\n2\n3\n4\n5\n"
h.bz2: "BZh91AY&SY��}�\u{0}\u{0}\u{2}�\u{0}\u{0}\u{10}>\u{0} \u{0}\"\u{18}h0\u{1}�\u{1f}�]�\u{14}�BBw9�\u{4}"
s: 3893 bytes, 1000 lines

### bzip2 through pipes, concatenated streams and levels
echo hi | bzip2 | bzip2 -dc; (echo a | bzip2; echo b | bzip2) | bzcat; seq 20000 | bzip2 -1 | bzcat | tail -1
## stdout:
hi
a
b
20000
## status: 0

### xz replaces a file and unxz restores it with its mode
printf 'hello\nworld\n' > a; chmod 640 a; xz a; ls; unxz a.xz; ls -l a | cut -c1-10; cat a
## stdout:
a.xz
-rw-r-----
hello
world
## status: 0
## files:
a: "hello\nworld\n"

### xz refuses what xz refuses +stderr
echo hello > f; xz f; xz f.xz; echo "rc=$?"; xz -dk f.xz; xz -k f; echo "rc=$?"
xz nofile; echo "rc=$?"; mkdir dir; xz dir; echo "rc=$?"; echo x > g; xz -d g; echo "rc=$?"
xz -c f > t; xz -d t; echo "rc=$?"; ls
## stdout:
rc=2
rc=1
rc=1
rc=2
rc=1
rc=2
dir
f
f.xz
g
t
## stderr:
xz: f.xz: File already has `.xz' suffix, skipping
xz: f.xz: File exists
xz: nofile: No such file or directory
xz: dir: Is a directory, skipping
xz: g: File format not recognized
xz: t: Filename has an unknown suffix, skipping
## status: 0
## files:
dir/
f: "hello\n"
f.xz: "�7zXZ\u{0}\u{0}\u{4}�ִF\u{2}\u{0}!\u{1}\u{16}\u{0}\u{0}\u{0}t/�\u{1}\u{0}\u{5}hello\n\u{0}\u{0}\u{0}�`�����\u{0}\u{1}\u{1e}\u{6}�/�\u{1d}\u{1f}��}\u{1}\u{0}\u{0}\u{0}\u{0}\u{4}YZ"
g: "x\n"
t: "�7zXZ\u{0}\u{0}\u{4}�ִF\u{2}\u{0}!\u{1}\u{16}\u{0}\u{0}\u{0}t/�\u{1}\u{0}\u{5}hello\n\u{0}\u{0}\u{0}�`�����\u{0}\u{1}\u{1e}\u{6}�/�\u{1d}\u{1f}��}\u{1}\u{0}\u{0}\u{0}\u{0}\u{4}YZ"

### xz through pipes, concatenated streams, levels and -S
echo hi | xz | xz -dc; (echo a | xz; echo b | xz -0) | xzcat; seq 20000 | xz -9e | xz -d | tail -1
echo s > s; xz -S .lz s; ls; xz -d -S .lz s.lz; cat s
## stdout:
hi
a
b
20000
s.lz
s
## status: 0
## files:
s: "s\n"

### xz verbose and test reports on small files +stderr
printf 'a' > one; xz -t <(xz -c one) 2>/dev/null; xz -k one; xz -tv one.xz 2>&1 | sed 's/[0-9]* B \//N B \//'
## stdout:
one.xz: N B / 1 B > 9.999
## status: 0
## files:
one: "a"
one.xz: "�7zXZ\u{0}\u{0}\u{4}�ִF\u{2}\u{0}!\u{1}\u{16}\u{0}\u{0}\u{0}t/�\u{1}\u{0}\u{0}a\u{0}\u{0}\u{0}\u{0}\u{5}+e.w�\u{2}3\u{0}\u{1}\u{19}\u{1}�,��\u{1f}��}\u{1}\u{0}\u{0}\u{0}\u{0}\u{4}YZ"

### tar archives compressed with bzip2 and xz, detected when read
mkdir d; seq 10 > d/a; tar cjf a.tbz2 d; tar cJf a.txz d; rm -r d; tar tf a.tbz2; tar xf a.txz; cat d/a | wc -l; bzip2 -t a.tbz2 && xz -t a.txz && echo valid; rm a.tbz2 a.txz
## stdout:
d/
d/a
10
valid
## status: 0
## files:
d/
d/a: "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n"

### tar -r appends, -u appends what is newer, --delete drops members; in place, in whole records +stderr
echo one > a; echo two > b; mkdir d; echo three > d/c; touch -d 2001-01-01 a b d/c d
tar cf x.tar a; tar rvf x.tar b d; tar tf x.tar; wc -c < x.tar; echo --
tar uvf x.tar a b; touch -d 2002-01-01 b d/c; echo new > e; tar uvf x.tar a b d e; echo "st $?"; tar tf x.tar; touch -d 2003-01-01 d; tar uvf x.tar d; echo --
tar --delete -f x.tar b d/c; tar tf x.tar; wc -c < x.tar; tar xOf x.tar e; tar --delete -f x.tar zz; echo "st $?"; tar cf y.tar a; tar --delete -f y.tar a; wc -c < y.tar
tar rf new.tar a; tar tf new.tar; tar --delete -f nosuch.tar a; echo "st $?"; tar rf x.tar nosuch; echo "st $?"
mkdir s; cd s; echo z > z; tar cf z.tar z; tar rf z.tar .; tar tf z.tar
## stdout:
b
d/
d/c
a
b
d/
d/c
10240
--
b
e
d/c
st 0
a
b
d/
d/c
b
e
d/c
--
a
d/
e
10240
new
st 2
10240
a
st 2
st 2
z
./
./z
## stderr:
tar: zz: Not found in archive
tar: Exiting with failure status due to previous errors
tar: a: Not found in archive
tar: Exiting with failure status due to previous errors
tar: nosuch: Cannot stat: No such file or directory
tar: Exiting with failure status due to previous errors
tar: ./z.tar: file is the archive; not dumped
## status: 0
## files:
a: "one\n"
b: "two\n"
d/
d/c: "three\n"
e: "new\n"
new.tar: 10240 bytes, 2 lines
nosuch.tar: ""
s/
s/z: "z\n"
s/z.tar: 10240 bytes, 3 lines
x.tar: 10240 bytes, 3 lines
y.tar: 10240 bytes, 1 lines

### tar -r, -u and --delete on standard input and on compressed archives, as GNU refuses them +stderr
echo one > a; echo two > b; tar cf x.tar a b
tar --delete a < x.tar > y.tar; tar tf y.tar; tar rf - b < x.tar; echo "st $?"; tar -u a; echo "st $?"
tar czf x.tgz a; tar rf x.tgz b; echo "st $?"; tar --delete -f x.tgz a; echo "st $?"; tar -u -f x.tgz a; echo "st $?"; tar -rz -f x.tgz b; echo "st $?"; tar -r -t -f x.tar; echo "st $?"; rm x.tgz
## stdout:
b
st 2
st 2
st 2
st 2
st 2
st 2
st 2
## stderr:
tar: Options '-Aru' are incompatible with '-f -'
Try 'tar --help' or 'tar --usage' for more information.
tar: Options '-Aru' are incompatible with '-f -'
Try 'tar --help' or 'tar --usage' for more information.
tar: Cannot update compressed archives
tar: Error is not recoverable: exiting now
tar: Cannot update compressed archives
tar: Error is not recoverable: exiting now
tar: Cannot update compressed archives
tar: Error is not recoverable: exiting now
tar: Cannot update compressed archives
Try 'tar --help' or 'tar --usage' for more information.
tar: You may not specify more than one '-Acdtrux', '--delete' or  '--test-label' option
Try 'tar --help' or 'tar --usage' for more information.
## status: 0
## files:
a: "one\n"
b: "two\n"
x.tar: 10240 bytes, 3 lines
y.tar: 10240 bytes, 2 lines
