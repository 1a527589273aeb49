### od characters
printf 'ab\tc\n\001' | od -c
## stdout:
0000000   a   b  \t   c  \n 001
0000006
## status: 0

### od hex bytes without address
printf 'hello' | od -An -tx1
## stdout:
 68 65 6c 6c 6f
## status: 0

### od default octal words
printf 'abcd' | od
## stdout:
0000000 061141 062143
0000004
## status: 0

### od decimal address and unsigned bytes
printf 'AB' | od -A d -t u1
## stdout:
0000000  65  66
0000002
## status: 0

### split by lines
seq 5 > f; split -l 2 f; ls x*; cat xab
## stdout:
xaa
xab
xac
3
4
## status: 0
## files:
f: "1\n2\n3\n4\n5\n"
xaa: "1\n2\n"
xab: "3\n4\n"
xac: "5\n"

### split by bytes with numeric suffix and prefix
printf 'abcdefg' > f; split -b 3 -d f part_; ls part_*; cat part_02; echo
## stdout:
part_00
part_01
part_02
g
## status: 0
## files:
f: "abcdefg"
part_00: "abc"
part_01: "def"
part_02: "g"

### xxd canonical
printf 'hello, world\nsecond line here\n' | xxd
## stdout:
00000000: 6865 6c6c 6f2c 2077 6f72 6c64 0a73 6563  hello, world.sec
00000010: 6f6e 6420 6c69 6e65 2068 6572 650a       ond line here.
## status: 0

### xxd plain
printf 'abc' | xxd -p
## stdout:
616263
## status: 0

### printf 'AB\n' | od -c
seq 1 10 > s10.txt
printf 'AB\n' | od -c
## stdout:
0000000   A   B  \n
0000003
## status: 0
## files:
s10.txt: "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n"

### printf 'AB\n' | od -An -tx1
seq 1 10 > s10.txt
printf 'AB\n' | od -An -tx1
## stdout:
 41 42 0a
## status: 0
## files:
s10.txt: "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n"

### printf 'hello' | xxd
seq 1 10 > s10.txt
printf 'hello' | xxd
## stdout:
00000000: 6865 6c6c 6f                             hello
## status: 0
## files:
s10.txt: "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n"

### split -l 4 s10.txt part_
seq 1 10 > s10.txt
split -l 4 s10.txt part_
## status: 0
## files:
part_aa: "1\n2\n3\n4\n"
part_ab: "5\n6\n7\n8\n"
part_ac: "9\n10\n"
s10.txt: "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n"

### cat part_aa; echo ---; cat part_ac
seq 1 10 > s10.txt
cat part_aa; echo ---; cat part_ac
## stdout:
---
## status: 1
## files:
s10.txt: "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n"
