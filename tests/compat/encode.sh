### base64 encode and decode
printf 'hello world' | base64; printf 'aGVsbG8gd29ybGQ=' | base64 -d; echo
## stdout:
aGVsbG8gd29ybGQ=
hello world
## status: 0

### base64 wrapping
printf '%0100d' 0 | tr 0 a | base64; printf '%0100d' 0 | base64 -w 0; echo
## stdout:
YWFhYWFhYWFhYWFhYWFhYWFhYWFhYWFhYWFhYWFhYWFhYWFhYWFhYWFhYWFhYWFhYWFhYWFhYWFh
YWFhYWFhYWFhYWFhYWFhYWFhYWFhYWFhYWFhYWFhYWFhYWFhYWFhYWFhYQ==
MDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMA==
## status: 0

### base64 round trip of binary
printf '\000\001\377' > b; base64 b; base64 b | base64 -d > c; sha256sum b c | cut -c1-64 | uniq | wc -l
## stdout:
AAH/
1
## status: 0
## files:
b: "\u{0}\u{1}�"
c: "\u{0}\u{1}�"

### checksums
printf 'abc' > f; md5sum f; sha1sum f; sha256sum f
## stdout:
900150983cd24fb0d6963f7d28e17f72  f
a9993e364706816aba3e25717850c26c9cd0d89d  f
ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad  f
## status: 0
## files:
f: "abc"

### checksum of stdin
printf 'abc' | sha256sum
## stdout:
ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad  -
## status: 0

### checksum check ok and failed
printf 'abc' > f; sha256sum f > sums; sha256sum -c sums; printf 'x' > f; sha256sum -c sums 2>/dev/null; echo $?
## stdout:
f: OK
f: FAILED
1
## status: 0
## files:
f: "x"
sums: "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad  f\n"

### kill background job
sleep 5 & kill %1; wait $!; echo status $?
## stdout:
status 143
## status: 0

### md5sum h1.txt
printf 'hello\n' > h1.txt
md5sum h1.txt
## stdout:
b1946ac92492d2347c6235b4d2611184  h1.txt
## status: 0
## files:
h1.txt: "hello\n"

### sha1sum h1.txt
printf 'hello\n' > h1.txt
sha1sum h1.txt
## stdout:
f572d396fae9206628714fb2ce00f72e94f2258f  h1.txt
## status: 0
## files:
h1.txt: "hello\n"

### sha256sum h1.txt
printf 'hello\n' > h1.txt
sha256sum h1.txt
## stdout:
5891b5b522d5df086d0ff0b110fbd9d21bb4fc7163af34d08286a2e846f6be03  h1.txt
## status: 0
## files:
h1.txt: "hello\n"

### sha256sum h1.txt > sums.txt; sha256sum -c sums.txt
printf 'hello\n' > h1.txt
sha256sum h1.txt > sums.txt; sha256sum -c sums.txt
## stdout:
h1.txt: OK
## status: 0
## files:
h1.txt: "hello\n"
sums.txt: "5891b5b522d5df086d0ff0b110fbd9d21bb4fc7163af34d08286a2e846f6be03  h1.txt\n"

### printf 'hello' | base64
printf 'hello\n' > h1.txt
printf 'hello' | base64
## stdout:
aGVsbG8=
## status: 0
## files:
h1.txt: "hello\n"

### printf 'aGVsbG8=' | base64 -d
printf 'hello\n' > h1.txt
printf 'aGVsbG8=' | base64 -d
## stdout-nonl:
hello
## status: 0
## files:
h1.txt: "hello\n"

### printf 'hello world, this is a longer line of text to wrap' | base64 -
printf 'hello\n' > h1.txt
printf 'hello world, this is a longer line of text to wrap' | base64 -w 20
## stdout:
aGVsbG8gd29ybGQsIHRo
aXMgaXMgYSBsb25nZXIg
bGluZSBvZiB0ZXh0IHRv
IHdyYXA=
## status: 0
## files:
h1.txt: "hello\n"

### checksum modes and checks, base64 options
printf 'abc' > a; printf 'xyz' > b; md5sum a; md5sum -b a; sha1sum -t a; sha256sum --binary a b > sums; cat sums
sha256sum -c sums; rm b; sha256sum --check --ignore-missing sums; echo "status $?"; sha256sum -c --quiet sums; echo "status $?"
md5sum --bogus a; echo "status $?"; printf 'hello world' | base64 -w 8; printf 'aGVsbG8=' | base64 --decode; echo; base64 a a; echo "status $?"
## stdout:
900150983cd24fb0d6963f7d28e17f72  a
900150983cd24fb0d6963f7d28e17f72 *a
a9993e364706816aba3e25717850c26c9cd0d89d  a
ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad *a
3608bca1e44ea6c4d268eb6db02260269892c0b42b86bbf1e77a6fa16c3c9282 *b
a: OK
b: OK
a: OK
status 0
b: FAILED open or read
status 1
status 1
aGVsbG8g
d29ybGQ=
hello
status 1
## status: 0
## files:
a: "abc"
sums: "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad *a\n3608bca1e44ea6c4d268eb6db02260269892c0b42b86bbf1e77a6fa16c3c9282 *b\n"

### the SHA-2 family and BLAKE2b sums, written and checked
printf 'abc' > f; printf '' > e
sha224sum f e; sha384sum f; sha512sum e; b2sum f
sha512sum f e > sums; b2sum f > b2; sha512sum -c sums; b2sum --quiet -c b2; echo "quiet $?"
printf 'x' > f; sha384sum f > s3; printf 'y' > f; sha384sum -c s3 2>/dev/null; echo "changed $?"
## stdout:
23097d223405d8228642a477bda255b32aadbce4bda0b3f7e36c9da7  f
d14a028c2a3a2bc9476102bb288234c415a2b01f828ea62ac5b3e42f  e
cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed8086072ba1e7cc2358baeca134c825a7  f
cf83e1357eefb8bdf1542850d66d8007d620e4050b5715dc83f4a921d36ce9ce47d0d13c5d85f2b0ff8318d2877eec2f63b931bd47417a81a538327af927da3e  e
ba80a53f981c4d0d6a2797b69f12f6e94c212f14685ac4b74b12bb6fdbffa2d17d87c5392aab792dc252d5de4533cc9518d38aa8dbf1925ab92386edd4009923  f
f: OK
e: OK
quiet 0
f: FAILED
changed 1
## status: 0
## files:
b2: "ba80a53f981c4d0d6a2797b69f12f6e94c212f14685ac4b74b12bb6fdbffa2d17d87c5392aab792dc252d5de4533cc9518d38aa8dbf1925ab92386edd4009923  f\n"
e: ""
f: "y"
s3: "d752c2c51fba0e29aa190570a9d4253e44077a058d3297fa3a5630d5bd012622f97c28acaed313b5c83bb990caa7da85  f\n"
sums: "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f  f\ncf83e1357eefb8bdf1542850d66d8007d620e4050b5715dc83f4a921d36ce9ce47d0d13c5d85f2b0ff8318d2877eec2f63b931bd47417a81a538327af927da3e  e\n"
