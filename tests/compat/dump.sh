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

### od integer types of every size, signed and unsigned
printf '\000\200\001\177 abc\377' > mix; for t in d1 d2 d4 d8 u1 u2 u4 u8 o1 o2 o4 o8 x1 x2 x4 x8 dC uS dI dL; do od -t $t mix; done
## stdout:
0000000    0 -128    1  127   32   97   98   99   -1
0000011
0000000 -32768  32513  24864  25442    255
0000011
0000000  2130804736  1667391776         255
0000011
0000000  7161393149670162432                  255
0000011
0000000   0 128   1 127  32  97  98  99 255
0000011
0000000 32768 32513 24864 25442   255
0000011
0000000 2130804736 1667391776        255
0000011
0000000  7161393149670162432                  255
0000011
0000000 000 200 001 177 040 141 142 143 377
0000011
0000000 100000 077401 060440 061542 000377
0000011
0000000 17700300000 14330460440 00000000377
0000011
0000000 0615423022017700300000 0000000000000000000377
0000011
0000000 00 80 01 7f 20 61 62 63 ff
0000011
0000000 8000 7f01 6120 6362 00ff
0000011
0000000 7f018000 63626120 000000ff
0000011
0000000 636261207f018000 00000000000000ff
0000011
0000000    0 -128    1  127   32   97   98   99   -1
0000011
0000000 32768 32513 24864 25442   255
0000011
0000000  2130804736  1667391776         255
0000011
0000000  7161393149670162432                  255
0000011
## status: 0
## files:
mix: "\u{0}�\u{1}\u{7f} abc�"

### od legacy flags
printf '\000\200\001\177 abc\377' > mix; for f in -a -b -c -d -i -l -o -s -x; do od $f mix; done
## stdout:
0000000 nul nul soh del  sp   a   b   c del
0000011
0000000 000 200 001 177 040 141 142 143 377
0000011
0000000  \0 200 001 177       a   b   c 377
0000011
0000000 32768 32513 24864 25442   255
0000011
0000000  2130804736  1667391776         255
0000011
0000000  7161393149670162432                  255
0000011
0000000 100000 077401 060440 061542 000377
0000011
0000000 -32768  32513  24864  25442    255
0000011
0000000 8000 7f01 6120 6362 00ff
0000011
## status: 0
## files:
mix: "\u{0}�\u{1}\u{7f} abc�"

### od several types align their fields
printf '\000\200\001\177 abc\377' > mix; od -tc -tu1 -tx1 mix; od -t o4 -t x4 mix; od -tx1 -td2 -w8 mix; printf 'hi' | od -t x1 -t c
## stdout:
0000000  \0 200 001 177       a   b   c 377
          0 128   1 127  32  97  98  99 255
         00  80  01  7f  20  61  62  63  ff
0000011
0000000 17700300000 14330460440 00000000377
           7f018000    63626120    000000ff
0000011
0000000  00 80  01 7f  20 61  62 63
        -32768  32513  24864  25442
0000010  ff
           255
0000011
0000000  68  69
          h   i
0000002
## status: 0
## files:
mix: "\u{0}�\u{1}\u{7f} abc�"

### od floating point as GNU prints it
printf '\000\000\200\077\000\000\000\000\000\000\360\077' | od -t f4; printf '\000\000\000\000\000\000\131\100\232\231\231\231\231\231\271\077' | od -t f8; printf 'abcdefgh' | od -t fF -t x4
## stdout:
0000000               1               0           1.875
0000014
0000000                      100                      0.1
0000020
0000000   1.6777999e+22    4.371022e+24
               64636261        68676665
0000010
## status: 0

### od repeats become a star unless -v
printf '%032d' 0 > z; od -c z; od -v -c z; printf '%048d' 0 | od -w16 -tx1 | head -3
## stdout:
0000000   0   0   0   0   0   0   0   0   0   0   0   0   0   0   0   0
*
0000040
0000000   0   0   0   0   0   0   0   0   0   0   0   0   0   0   0   0
0000020   0   0   0   0   0   0   0   0   0   0   0   0   0   0   0   0
0000040
0000000 30 30 30 30 30 30 30 30 30 30 30 30 30 30 30 30
*
0000060
## status: 0
## files:
z: "00000000000000000000000000000000"

### od -j -N -w and the z trailer
printf 'hello world, this' | od -w8 -c; printf 'abcdef' | od -j2 -N3 -c; printf 'hello' | od -t x1z; printf 'hello' | od -t x2z -t c; printf 'abcdef' | od -An -tx1 -N 0x4 -j 1
## stdout:
0000000   h   e   l   l   o       w   o
0000010   r   l   d   ,       t   h   i
0000020   s
0000021
0000002   c   d   e
0000005
0000000 68 65 6c 6c 6f                                   >hello<
0000005
0000000    6568    6c6c    006f                                          >hello<
          h   e   l   l   o
0000005
 62 63 64 65
## status: 0

### od address radixes, long options and width warnings
printf 'hello world' | od -Ax -tx1; printf 'hello world' | od -Ad -c; printf 'hello world' | od --format=x1 --address-radix=d --read-bytes=3; printf 'abcdef' | od -w3 -tx2 2>&1; seq 200 | od -c | tail -2
## stdout:
000000 68 65 6c 6c 6f 20 77 6f 72 6c 64
00000b
0000000   h   e   l   l   o       w   o   r   l   d
0000011
0000000 68 65 6c
0000003
od: warning: invalid width 3; using 2 instead
0000000 6261
0000002 6463
0000004 6665
0000006
0001260   2   0   0  \n
0001264
## status: 0

### od errors
printf 'abc' | od -j 100; echo $?; printf 'abc' | od -t x3 2>/dev/null; echo $?; printf 'abc' | od -t q 2>/dev/null; echo $?; printf 'abc' | od -A z 2>&1; echo $?
## stdout:
1
1
1
od: invalid output address radix 'z'; it must be one character from [doxn]
1
## status: 0

### xxd groups, columns, bits and upper case
printf 'hello world\nfoo\n' > h; xxd -g1 h; xxd -u -g4 h; xxd -b -l 3 h; xxd -c5 -g3 h; xxd -g 0 h; xxd -cols 8 -len 9 h
## stdout:
00000000: 68 65 6c 6c 6f 20 77 6f 72 6c 64 0a 66 6f 6f 0a  hello world.foo.
00000000: 68656C6C 6F20776F 726C640A 666F6F0A  hello world.foo.
00000000: 01101000 01100101 01101100                             hel
00000000: 68656c 6c6f  hello
00000005: 20776f 726c   worl
0000000a: 640a66 6f6f  d.foo
0000000f: 0a           .
00000000: 68656c6c6f20776f726c640a666f6f0a  hello world.foo.
00000000: 6865 6c6c 6f20 776f  hello wo
00000008: 72                   r
## status: 0
## files:
h: "hello world\nfoo\n"

### xxd -s seeks from the start or the end, -o shifts the addresses
printf 'hello world\nfoo\n' > h; xxd -s -4 h; xxd -s 3 -l 5 h; xxd -s 0x2 -l 0x3 h; xxd -o 16 -l 4 h
## stdout:
0000000c: 666f 6f0a                                foo.
00000003: 6c6f 2077 6f                             lo wo
00000002: 6c6c 6f                                  llo
00000010: 6865 6c6c                                hell
## status: 0
## files:
h: "hello world\nfoo\n"

### xxd -i writes a C array
printf 'hello world\nfoo\n' > h; xxd -i h; xxd -i < h; printf 'abc' | xxd -i -n my_name; printf 'x' > 1.bin; xxd -i 1.bin
## stdout:
unsigned char h[] = {
  0x68, 0x65, 0x6c, 0x6c, 0x6f, 0x20, 0x77, 0x6f, 0x72, 0x6c, 0x64, 0x0a,
  0x66, 0x6f, 0x6f, 0x0a
};
unsigned int h_len = 16;
  0x68, 0x65, 0x6c, 0x6c, 0x6f, 0x20, 0x77, 0x6f, 0x72, 0x6c, 0x64, 0x0a,
  0x66, 0x6f, 0x6f, 0x0a
unsigned char my_name[] = {
  0x61, 0x62, 0x63
};
unsigned int my_name_len = 3;
unsigned char __1_bin[] = {
  0x78
};
unsigned int __1_bin_len = 1;
## status: 0
## files:
1.bin: "x"
h: "hello world\nfoo\n"

### xxd -r turns a dump back into bytes
printf 'hello world\nfoo\n' > h; xxd h | xxd -r; xxd -p h | xxd -r -p; echo '68 65 6c' | xxd -r -p; echo; xxd h out.hex; cat out.hex; xxd -r out.hex | od -c
## stdout:
hello world
foo
hello world
foo
hel
00000000: 6865 6c6c 6f20 776f 726c 640a 666f 6f0a  hello world.foo.
0000000   h   e   l   l   o       w   o   r   l   d  \n   f   o   o  \n
0000020
## status: 0
## files:
h: "hello world\nfoo\n"
out.hex: "00000000: 6865 6c6c 6f20 776f 726c 640a 666f 6f0a  hello world.foo.\n"

### xxd -p columns
seq 40 | xxd -p; printf 'hello world\nfoo\n' | xxd -p -c 4; printf 'abc' | xxd -ps -u
## stdout:
310a320a330a340a350a360a370a380a390a31300a31310a31320a31330a
31340a31350a31360a31370a31380a31390a32300a32310a32320a32330a
32340a32350a32360a32370a32380a32390a33300a33310a33320a33330a
33340a33350a33360a33370a33380a33390a34300a
68656c6c
6f20776f
726c640a
666f6f0a
616263
## status: 0

### split suffixes grow past their letters as GNU's do
seq 1000 | split -l 1; ls x* | sed -n '649,653p;$p'; ls x* | wc -l; rm x*; seq 100 | split -d -l 1; ls x* | sed -n '89,92p'
## stdout:
xyy
xyz
xzaaa
xzaab
xzaac
xzanl
1000
x88
x89
x9000
x9001
## status: 0
## files:
x00: "1\n"
x01: "2\n"
x02: "3\n"
x03: "4\n"
x04: "5\n"
x05: "6\n"
x06: "7\n"
x07: "8\n"
x08: "9\n"
x09: "10\n"
x10: "11\n"
x11: "12\n"
x12: "13\n"
x13: "14\n"
x14: "15\n"
x15: "16\n"
x16: "17\n"
x17: "18\n"
x18: "19\n"
x19: "20\n"
x20: "21\n"
x21: "22\n"
x22: "23\n"
x23: "24\n"
x24: "25\n"
x25: "26\n"
x26: "27\n"
x27: "28\n"
x28: "29\n"
x29: "30\n"
x30: "31\n"
x31: "32\n"
x32: "33\n"
x33: "34\n"
x34: "35\n"
x35: "36\n"
x36: "37\n"
x37: "38\n"
x38: "39\n"
x39: "40\n"
x40: "41\n"
x41: "42\n"
x42: "43\n"
x43: "44\n"
x44: "45\n"
x45: "46\n"
x46: "47\n"
x47: "48\n"
x48: "49\n"
x49: "50\n"
x50: "51\n"
x51: "52\n"
x52: "53\n"
x53: "54\n"
x54: "55\n"
x55: "56\n"
x56: "57\n"
x57: "58\n"
x58: "59\n"
x59: "60\n"
x60: "61\n"
x61: "62\n"
x62: "63\n"
x63: "64\n"
x64: "65\n"
x65: "66\n"
x66: "67\n"
x67: "68\n"
x68: "69\n"
x69: "70\n"
x70: "71\n"
x71: "72\n"
x72: "73\n"
x73: "74\n"
x74: "75\n"
x75: "76\n"
x76: "77\n"
x77: "78\n"
x78: "79\n"
x79: "80\n"
x80: "81\n"
x81: "82\n"
x82: "83\n"
x83: "84\n"
x84: "85\n"
x85: "86\n"
x86: "87\n"
x87: "88\n"
x88: "89\n"
x89: "90\n"
x9000: "91\n"
x9001: "92\n"
x9002: "93\n"
x9003: "94\n"
x9004: "95\n"
x9005: "96\n"
x9006: "97\n"
x9007: "98\n"
x9008: "99\n"
x9009: "100\n"

### split -a fixes the suffix length and may run out
seq 30 | split -l 1 -a 1; echo "st $?"; ls x* | wc -l
## stdout:
st 1
26
## status: 0
## files:
xa: "1\n"
xb: "2\n"
xc: "3\n"
xd: "4\n"
xe: "5\n"
xf: "6\n"
xg: "7\n"
xh: "8\n"
xi: "9\n"
xj: "10\n"
xk: "11\n"
xl: "12\n"
xm: "13\n"
xn: "14\n"
xo: "15\n"
xp: "16\n"
xq: "17\n"
xr: "18\n"
xs: "19\n"
xt: "20\n"
xu: "21\n"
xv: "22\n"
xw: "23\n"
xx: "24\n"
xy: "25\n"
xz: "26\n"

### split -n into pieces by bytes, lines and rounds
seq 10 > in; split -n 3 in; wc -c x*; rm x*; split -n l/3 in; wc -c x*; rm x*; split -n r/3 in; head x*; rm x*
split -n 2/3 in; echo '|'; split -n l/2/3 in; echo '|'; split -n r/2/3 in
printf ab > ab; split -n 4 ab; for f in x*; do printf '[%s] ' "$(cat $f)"; done; echo; rm x*; split -e -n 4 ab; ls x*
## stdout:
 7 xaa
 7 xab
 7 xac
21 total
 8 xaa
 6 xab
 7 xac
21 total
==> xaa <==
1
4
7
10

==> xab <==
2
5
8

==> xac <==
3
6
9

5
6
7
|
5
6
7
|
2
5
8
[a] [b] [] [] 
xaa
xab
## status: 0
## files:
ab: "ab"
in: "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n"
xaa: "a"
xab: "b"

### split -C packs whole lines
seq 10 | split -C 6; wc -c x*; rm x*; printf 'aaaaaaaaaaaaa\nb\nccc\n' | split -C 5; wc -c x*
## stdout:
 6 xaa
 6 xab
 6 xac
 3 xad
21 total
 5 xaa
 5 xab
 4 xac
 2 xad
 4 xae
20 total
## status: 0
## files:
xaa: "aaaaa"
xab: "aaaaa"
xac: "aaa\n"
xad: "b\n"
xae: "ccc\n"

### split suffix options and --verbose
seq 5 | split -l 2 --verbose -x --additional-suffix=.txt; ls x*; seq 5 | split -l 2 --numeric-suffixes=7 - p_; ls p_*; seq 20 | split -b 7; wc -c xa*
## stdout:
creating file 'x00.txt'
creating file 'x01.txt'
creating file 'x02.txt'
x00.txt
x01.txt
x02.txt
p_07
p_08
p_09
 7 xaa
 7 xab
 7 xac
 7 xad
 7 xae
 7 xaf
 7 xag
 2 xah
51 total
## status: 0
## files:
p_07: "1\n2\n"
p_08: "3\n4\n"
p_09: "5\n"
x00.txt: "1\n2\n"
x01.txt: "3\n4\n"
x02.txt: "5\n"
xaa: "1\n2\n3\n4"
xab: "\n5\n6\n7\n"
xac: "8\n9\n10\n"
xad: "11\n12\n1"
xae: "3\n14\n15"
xaf: "\n16\n17\n"
xag: "18\n19\n2"
xah: "0\n"

### split errors
printf ab > ab; split -n 0 ab 2>/dev/null; echo "st $?"; split -n 3 -l 2 ab 2>/dev/null; echo "st $?"; seq 5 | split -l 0 2>/dev/null; echo "st $?"
## stdout:
st 1
st 1
st 1
## status: 0
## files:
ab: "ab"

### od's traditional letters
printf 'hello world\n\001\002\377' > b.bin
for o in -h -X -B -D -H -O -I -L -F --traditional; do od $o b.bin; done
## stdout:
0000000 6568 6c6c 206f 6f77 6c72 0a64 0201 00ff
0000017
0000000 6c6c6568 6f77206f 0a646c72 00ff0201
0000017
0000000 062550 066154 020157 067567 066162 005144 001001 000377
0000017
0000000 1819043176 1870078063  174353522   16712193
0000017
0000000 6c6c6568 6f77206f 0a646c72 00ff0201
0000017
0000000 15433062550 15735620157 01231066162 00077601001
0000017
0000000  8031924123371070824    71778322553793650
0000017
0000000  8031924123371070824    71778322553793650
0000017
0000000   8.765776478827897e+228  7.0650581333451626e-304
0000017
0000000 062550 066154 020157 067567 066162 005144 001001 000377
0000017
## status: 0
## files:
b.bin: "hello world\n\u{1}\u{2}�"

### split --filter runs a command on each piece
seq 10 | split -l 3 --filter='wc -l'
seq 5 | split -l 2 -d --filter='echo "$FILE"; cat'
seq 5 | split -l 2 --filter='cat; exit 3'; echo "status $?"
## stdout:
3
3
3
1
x00
1
2
x01
3
4
x02
5
1
2
status 3
## status: 0

### dd copies blocks, skips, seeks, converts and counts records
printf abcdef | dd bs=2 count=2 2>/dev/null; echo
printf abc | dd conv=ucase status=none; printf abcdef | dd bs=1 skip=2 count=3 status=noxfer; echo
dd if=/dev/zero bs=1K count=3 status=none | wc -c
printf abcdef | dd bs=4 2>&1 >/dev/null | head -2
printf 123456789 > f; printf AB | dd of=f bs=1 seek=3 conv=notrunc status=none; cat f; echo
printf 123456789 > g; printf AB | dd of=g bs=1 seek=3 status=none; cat g; echo
printf abcdef | dd iflag=skip_bytes,count_bytes skip=1 count=2 status=none; echo
dd foo=1 2>/dev/null; echo "status $?"
## stdout:
abcd
ABCcde
3072
1+1 records in
1+1 records out
123AB6789
123AB
bc
status 1
## status: 0
## files:
f: "123AB6789"
g: "123AB"

### od --endian reads each field's bytes in the order given +stderr
printf 'abcdefgh\n' > f
od --endian=big -t x2 f; od --endian=little -t x4 f; od --endian=big -t f4 -t d4 -t u8 -t a f; od --endian b -t x8 -N 3 f; od --endian=middle f; echo "st $?"
## stdout:
0000000 6162 6364 6566 6768 0a00
0000011
0000000 64636261 68676665 0000000a
0000011
0000000   2.6100788e+20   6.8003237e+22    6.162976e-33
             1633837924      1701209960       167772160
                    7017280452245743464              720575940379279360
          a   b   c   d   e   f   g   h  nl
0000011
0000000 6162630000000000
0000003
st 1
## stderr:
od: invalid argument 'middle' for '--endian'
Valid arguments are:
  - 'little'
  - 'big'
Try 'od --help' for more information.
## status: 0
## files:
f: "abcdefgh\n"
