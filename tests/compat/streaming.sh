### cat with options answers a line at a time on endless input
set -o pipefail; yes | cat -n | head -3; echo "${PIPESTATUS[*]}"; yes | cat -A | head -2; yes abc | cat -bsvET | head -2; echo "${PIPESTATUS[*]}"
## stdout:
     1	y
     2	y
     3	y
141 141 0
y$
y$
     1	abc$
     2	abc$
141 141 0
## status: 0

### cat -v of an endless line works in pieces
yes | tr -d '\n' | cat -v | head -c 12; echo; head -c 5 /dev/zero | cat -v; echo
## stdout:
yyyyyyyyyyyy
^@^@^@^@^@
## status: 0

### cat numbers a line where it starts, across pieces and operands
printf 'a\n\n\n\nb' > f1; printf 'c\n\nd\n' > f2; cat -nsA f1 f2; cat -b f1 - f2 < f2; printf 'x' | cat -n - f2
## stdout:
     1	a$
     2	$
     3	bc$
     4	$
     5	d$
     1	a



     2	bc

     3	d
     4	c

     5	d
     1	xc
     2	
     3	d
## status: 0
## files:
f1: "a\n\n\n\nb"
f2: "c\n\nd\n"

### rev, nl, fold, expand and unexpand on endless input
set -o pipefail; yes abc | rev | head -2; yes | nl | head -2; yes | nl -ba -nrz -w3 | head -2; yes abcdef | fold -w4 | head -3; yes 'a	b' | expand -t3 | head -2; yes '        x' | unexpand | head -2 | od -c; echo "${PIPESTATUS[*]}"
## stdout:
cba
cba
     1	y
     2	y
001	y
002	y
abcd
ef
abcd
a  b
a  b
0000000  \t   x  \n  \t   x  \n
0000006
141 141 0 0
## status: 0

### cut, paste and uniq on endless input
set -o pipefail; yes a:b:c | cut -d: -f2 | head -2; yes | paste - - | head -2; yes | paste -d, - - - | head -1; yes | paste -s -d, | head -c 9; echo; yes $'a\na\nb' | uniq -c | head -3; echo "${PIPESTATUS[*]}"
## stdout:
b
b
y	y
y	y
y,y,y
y,y,y,y,y
      2 a
      1 b
      2 a
141 141 0
## status: 0

### grep on endless input ends by the reader going away
set -o pipefail; yes | grep -n y | head -2; echo "${PIPESTATUS[*]}"; yes abc | grep -o b | head -1; echo "${PIPESTATUS[*]}"; yes | grep -v x | head -1; echo $?
## stdout:
1:y
2:y
141 141 0
b
141 141 0
y
141
## status: 0

### tee stops when its reader goes away
set -o pipefail; yes | tee t | head -2; echo "${PIPESTATUS[*]}"; test -s t && echo copied; rm t
## stdout:
y
y
141 141 0
copied
## status: 0

### jq reads raw lines and JSON lines as they come
set -o pipefail; yes | jq -R . | head -2; yes '{"a":[1,2]}' | jq -c .a | head -2; yes abc | jq -nR 'input, input' | head -3; echo "${PIPESTATUS[*]}"
## stdout:
"y"
"y"
[1,2]
[1,2]
"abc"
"abc"
141 0 0
## status: 0

### jq -R keeps carriage returns and a last line without newline
printf 'a\r\nb\n\nc' | jq -R .; printf 'x\ny' > f; jq -R . f f; printf '' | jq -R .; echo st=$?
## stdout:
"a\r"
"b"
""
"c"
"x"
"yx"
"y"
st=0
## status: 0
## files:
f: "x\ny"

### base64, base32, basenc and od on endless input
set -o pipefail; yes | base64 | head -2; yes | base32 -w 20 | head -2; yes | basenc --base16 -w 12 | head -1; yes | od -v -An -tx1 | head -2; echo "${PIPESTATUS[*]}"
## stdout:
eQp5CnkKeQp5CnkKeQp5CnkKeQp5CnkKeQp5CnkKeQp5CnkKeQp5CnkKeQp5CnkKeQp5CnkKeQp5
CnkKeQp5CnkKeQp5CnkKeQp5CnkKeQp5CnkKeQp5CnkKeQp5CnkKeQp5CnkKeQp5CnkKeQp5CnkK
PEFHSCTZBJ4QU6IKPEFH
SCTZBJ4QU6IKPEFHSCTZ
790A790A790A
 79 0a 79 0a 79 0a 79 0a 79 0a 79 0a 79 0a 79 0a
 79 0a 79 0a 79 0a 79 0a 79 0a 79 0a 79 0a 79 0a
141 141 0
## status: 0

### base64 decodes what arrives in pieces
yes QUJD | tr -d '\n' | head -c 400000 | base64 -d | wc -c; yes | head -c 300001 | base64 -w0 | base64 -d | md5sum; yes | head -c 300001 | md5sum; printf 'QUJD\nRE\n==' | base64 -d; echo; echo 'QUJ*' | base64 -d; echo " st=$?"
## stdout:
300000
e22b9765e14aff85c09d194e68b3a2f8  -
e22b9765e14aff85c09d194e68b3a2f8  -
ABCD
AB st=1
## status: 0

### checksums and counts of a large input
yes 0123456789 | head -c 3000000 | sha256sum; yes | head -c 3000000 | md5sum - ; yes | head -n 200000 | wc; yes ab | head -n 300000 | cat -n | tail -1
## stdout:
e3366edc707b5443df00cdf7af90430405511bea4371b460e4e4318f9310112c  -
f30a749ec7a7b55d3a75349f242c4cd8  -
 200000  200000  400000
300000	ab
## status: 0

### checksums say each file as it is read
printf 'a\n' > f; sha256sum f nofile f 2>&1; echo st=$?
## stdout:
87428fc522803d31065e7bce3cf03fe475096631e5e07bbd7a0fde60c4cf25c7  f
sha256sum: nofile: No such file or directory
87428fc522803d31065e7bce3cf03fe475096631e5e07bbd7a0fde60c4cf25c7  f
st=1
## status: 0
## files:
f: "a\n"

### nl, expand and paste keep carriage returns; expand and fold keep a last line unended
printf 'a\r\n\tb\r\nc' > f; nl f | od -c; expand f | od -c; paste f f | od -c; fold -w 2 f | od -c; cut -c1 f | od -c
## stdout:
0000000                       1  \t   a  \r  \n                       2
0000020  \t  \t   b  \r  \n                       3  \t   c  \n
0000036
0000000   a  \r  \n                                   b  \r  \n   c
0000017
0000000   a  \r  \t   a  \r  \n  \t   b  \r  \t  \t   b  \r  \n   c  \t
0000020   c  \n
0000022
0000000   a  \r  \n  \t  \n   b  \r  \n   c
0000011
0000000   a  \n  \t  \n   c  \n
0000006
## status: 0
## files:
f: "a\u{d}\n\tb\u{d}\nc"

### fold and paste -s go on past a file they cannot read
printf 'abc\n' > f; fold -w 2 f nofile f 2>&1; echo st=$?; paste -s f nofile f 2>&1; echo st=$?; paste f nofile 2>&1; echo st=$?
## stdout:
ab
c
fold: nofile: No such file or directory
ab
c
st=1
abc
paste: nofile: No such file or directory
abc
st=1
paste: nofile: No such file or directory
st=1
## status: 0
## files:
f: "abc\n"

### head of all but the last lines or bytes goes on as the input comes
set -o pipefail; yes | head -n -3 | head -2; echo "${PIPESTATUS[*]}"; yes abc | head -c -5 | head -c 7; echo; printf 'a\nb\nc' | head -n -1; printf 'a\nb\nc\n' | head -n -2; printf 'a\nb' | head -n -5; printf 'abcdef' | head -c -2; echo; seq 5 > f; head -n -2 f; head -c -3 f; seq 100000 | head -n -99998; echo st=$?
## stdout:
y
y
141 141 0
abc
abc
a
b
a
abcd
1
2
3
1
2
3
41
2
st=0
## status: 0
## files:
f: "1\n2\n3\n4\n5\n"

### numfmt converts a line at a time
set -o pipefail; yes 1024 | numfmt --to=iec | head -2; echo "${PIPESTATUS[*]}"; printf 'h\n2048\nx\n3000' | numfmt --header --from=auto --invalid=warn 2>&1; echo st=$?; printf '1\nx\n2\n' | numfmt 2>&1; echo st=$?
## stdout:
1.0K
1.0K
141 141 0
h
2048
numfmt: invalid number: ‘x’
x
3000st=0
1
numfmt: invalid number: ‘x’
st=2
## status: 0

### strings writes each run as it comes, across pieces
set -o pipefail; yes abcd | strings -n 3 | head -2; echo "${PIPESTATUS[*]}"; { printf 'ab\0'; head -c 300000 /dev/zero | tr '\0' x; printf '\1zz\twww\0q'; } | strings -t d | cut -c1-20; printf 'abcd' | strings -n 4 -t x
## stdout:
abcd
abcd
141 141 0
      3 xxxxxxxxxxxx
 300004 zz	www
      0 abcd
## status: 0

### cksum of a large input, each file said as it is read
yes 0123456789 | head -c 3000000 | cksum; printf 'abc' > f; cksum f nofile f 2>&1; echo st=$?
## stdout:
949700784 3000000
1219131554 3 f
cksum: nofile: No such file or directory
1219131554 3 f
st=1
## status: 0
## files:
f: "abc"

### head -n -0 and -c -0 keep everything
printf 'a\nb\nc' | head -n -0
echo
printf 'abc' | head -c -0
echo
printf 'a\nb\n' > two.txt
head -n -0 two.txt
## stdout:
a
b
c
abc
a
b
## status: 0
## files:
two.txt: "a\nb\n"
