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
