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

### checksum lists with no proper line, improper lines, --strict, -w, and the last of --quiet --status -w +stderr
echo hi > a; sha256sum a > good; : > empty; printf 'garbage\nmore junk\n' > bad; (cat good; echo junk) > mixed
echo "0000000000000000000000000000000000000000000000000000000000000000  a" > wrong
sha256sum -c empty; echo "st $?"; sha256sum -c bad; echo "st $?"; sha256sum -c --status bad; echo "st $?"; md5sum -c < empty; echo "st $?"; sha1sum -c - < bad; echo "st $?"
sha256sum -c mixed; echo "st $?"; sha256sum -c --strict mixed; echo "st $?"; sha256sum -c --quiet mixed; echo "st $?"; sha256sum -c --status mixed; echo "st $?"
sha256sum -c -w mixed; echo "st $?"; sha256sum -c -w bad; echo "st $?"; sha256sum -c --strict --status mixed; echo "st $?"
sha256sum -c --status --quiet wrong; echo "st $?"; sha256sum -c --quiet --status wrong; echo "st $?"; sha256sum -c --status -w mixed; echo "st $?"
sha256sum -c wrong good; echo "st $?"; sha256sum -c empty good; echo "st $?"; sha256sum -c nosuch; echo "st $?"; mkdir dir; sha256sum -c dir; echo "st $?"
## stdout:
st 1
st 1
st 1
st 1
st 1
a: OK
st 0
a: OK
st 1
st 0
st 0
a: OK
st 0
st 1
st 1
a: FAILED
st 1
st 1
a: OK
st 0
a: FAILED
a: OK
st 1
a: OK
st 1
st 1
st 1
## stderr:
sha256sum: empty: no properly formatted checksum lines found
sha256sum: bad: no properly formatted checksum lines found
sha256sum: bad: no properly formatted checksum lines found
md5sum: 'standard input': no properly formatted checksum lines found
sha1sum: 'standard input': no properly formatted checksum lines found
sha256sum: WARNING: 1 line is improperly formatted
sha256sum: WARNING: 1 line is improperly formatted
sha256sum: WARNING: 1 line is improperly formatted
sha256sum: mixed: 2: improperly formatted SHA256 checksum line
sha256sum: WARNING: 1 line is improperly formatted
sha256sum: bad: 1: improperly formatted SHA256 checksum line
sha256sum: bad: 2: improperly formatted SHA256 checksum line
sha256sum: bad: no properly formatted checksum lines found
sha256sum: WARNING: 1 computed checksum did NOT match
sha256sum: mixed: 2: improperly formatted SHA256 checksum line
sha256sum: WARNING: 1 line is improperly formatted
sha256sum: WARNING: 1 computed checksum did NOT match
sha256sum: empty: no properly formatted checksum lines found
sha256sum: nosuch: No such file or directory
sha256sum: dir: read error
## status: 0
## files:
a: "hi\n"
bad: "garbage\nmore junk\n"
dir/
empty: ""
good: "98ea6e4f216f2fb4b69fff9b3a44842c38686ca685f3f55dc48c5d3fb1107be4  a\n"
mixed: "98ea6e4f216f2fb4b69fff9b3a44842c38686ca685f3f55dc48c5d3fb1107be4  a\njunk\n"
wrong: "0000000000000000000000000000000000000000000000000000000000000000  a\n"

### checksum --ignore-missing, missing files, the line forms GNU reads, --tag and what only -c means +stderr
echo hi > a; h=$(sha256sum a | cut -c1-64); (echo "$h  a"; echo "$h  gone") > some; echo "$h  gone" > none
sha256sum -c some; echo "st $?"; sha256sum -c --status some; echo "st $?"; sha256sum -c --ignore-missing some; echo "st $?"
sha256sum -c --ignore-missing none; echo "st $?"; sha256sum -c --ignore-missing --status none; echo "st $?"
printf '%s a\n%s\ta\n  %s  a\n%s  a\r\n# note\n%s *a\n\\%s  a\n' $h $h $h $h $h $h > forms; sha256sum -c forms; echo "st $?"
echo $h | tr a-f A-F | sed 's/$/  a/' > upper; sha256sum -c upper; sha256sum --tag a > tagged; cat tagged; sha256sum -c tagged; md5sum --tag a > m; md5sum -c m; sha256sum -c m; echo "st $?"
touch 'b\s' 'c d'; sha256sum b* c* > odd; cat odd; sha256sum -c odd; sha256sum -c 'c d'; echo "st $?"
sha256sum --status a; echo "st $?"; sha256sum --quiet a; sha256sum -w a; sha256sum --strict a; sha256sum --ignore-missing a; sha256sum -c -b some; sha256sum -c --tag some; sha256sum --tag -t a; echo "st $?"
## stdout:
a: OK
gone: FAILED open or read
st 1
st 1
a: OK
st 0
st 1
st 1
a: OK
a: OK
 a: FAILED open or read
 a: FAILED open or read
*a: FAILED open or read
 a: FAILED open or read
st 1
a: OK
SHA256 (a) = 98ea6e4f216f2fb4b69fff9b3a44842c38686ca685f3f55dc48c5d3fb1107be4
a: OK
a: OK
st 1
\e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855  b\\s
e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855  c d
b\s: OK
c d: OK
st 1
st 1
st 1
## stderr:
sha256sum: gone: No such file or directory
sha256sum: WARNING: 1 listed file could not be read
sha256sum: gone: No such file or directory
sha256sum: none: no file was verified
sha256sum: ' a': No such file or directory
sha256sum: ' a': No such file or directory
sha256sum: '*a': No such file or directory
sha256sum: ' a': No such file or directory
sha256sum: WARNING: 4 listed files could not be read
sha256sum: m: no properly formatted checksum lines found
sha256sum: 'c d': no properly formatted checksum lines found
sha256sum: the --status option is meaningful only when verifying checksums
Try 'sha256sum --help' for more information.
sha256sum: the --quiet option is meaningful only when verifying checksums
Try 'sha256sum --help' for more information.
sha256sum: the --warn option is meaningful only when verifying checksums
Try 'sha256sum --help' for more information.
sha256sum: the --strict option is meaningful only when verifying checksums
Try 'sha256sum --help' for more information.
sha256sum: the --ignore-missing option is meaningful only when verifying checksums
Try 'sha256sum --help' for more information.
sha256sum: the --binary and --text options are meaningless when verifying checksums
Try 'sha256sum --help' for more information.
sha256sum: the --tag option is meaningless when verifying checksums
Try 'sha256sum --help' for more information.
sha256sum: --tag does not support --text mode
Try 'sha256sum --help' for more information.
## status: 0
## files:
a: "hi\n"
b\s: ""
c d: ""
forms: 417 bytes, 7 lines
m: "MD5 (a) = 764efa883dda1e11db47671c4a3bbd9e\n"
none: "98ea6e4f216f2fb4b69fff9b3a44842c38686ca685f3f55dc48c5d3fb1107be4  gone\n"
odd: "\\e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855  b\\\\s\ne3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855  c d\n"
some: "98ea6e4f216f2fb4b69fff9b3a44842c38686ca685f3f55dc48c5d3fb1107be4  a\n98ea6e4f216f2fb4b69fff9b3a44842c38686ca685f3f55dc48c5d3fb1107be4  gone\n"
tagged: "SHA256 (a) = 98ea6e4f216f2fb4b69fff9b3a44842c38686ca685f3f55dc48c5d3fb1107be4\n"
upper: "98EA6E4F216F2FB4B69FFF9B3A44842C38686CA685F3F55DC48C5D3FB1107BE4  a\n"
