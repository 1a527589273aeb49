### csplit at line numbers prints each piece's size
seq 1 12 > f; csplit f 3 7; head -q xx00 xx01 xx02 | tr '\n' ,
## stdout-nonl:
4
8
15
1,2,3,4,5,6,7,8,9,10,11,12,
## status: 0
## files:
f: "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n"
xx00: "1\n2\n"
xx01: "3\n4\n5\n6\n"
xx02: "7\n8\n9\n10\n11\n12\n"

### csplit repeats a line number with {N}
seq 1 12 > f; csplit f 3 '{2}'; wc -l xx0*
## stdout:
4
6
6
11
 2 xx00
 3 xx01
 3 xx02
 4 xx03
12 total
## status: 0
## files:
f: "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n"
xx00: "1\n2\n"
xx01: "3\n4\n5\n"
xx02: "6\n7\n8\n"
xx03: "9\n10\n11\n12\n"

### csplit regular expressions with offsets
seq 1 12 > f; csplit f /5/+2 '/9/-1'; cat xx01
## stdout:
12
2
13
7
## status: 0
## files:
f: "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n"
xx00: "1\n2\n3\n4\n5\n6\n"
xx01: "7\n"
xx02: "8\n9\n10\n11\n12\n"

### csplit skips with %RE% and repeats with {*}
seq 1 20 > f; csplit f %5% '/1/' '{*}'; ls; cat xx00
## stdout:
10
3
3
3
3
3
3
3
3
3
6
f
xx00
xx01
xx02
xx03
xx04
xx05
xx06
xx07
xx08
xx09
xx10
5
6
7
8
9
## status: 0
## files:
f: "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n13\n14\n15\n16\n17\n18\n19\n20\n"
xx00: "5\n6\n7\n8\n9\n"
xx01: "10\n"
xx02: "11\n"
xx03: "12\n"
xx04: "13\n"
xx05: "14\n"
xx06: "15\n"
xx07: "16\n"
xx08: "17\n"
xx09: "18\n"
xx10: "19\n20\n"

### csplit {*} after a match at the first line
seq 1 12 > f; csplit f /1/+1 '{*}'; ls xx*
## stdout:
2
19
6
0
xx00
xx01
xx02
xx03
## status: 0
## files:
f: "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n"
xx00: "1\n"
xx01: "2\n3\n4\n5\n6\n7\n8\n9\n10\n"
xx02: "11\n12\n"
xx03: ""

### csplit match not found removes the pieces +stderr
seq 1 12 > f; csplit f /5/ /zz/; echo status $?; ls
## stdout:
8
19
status 1
f
## stderr:
csplit: '/zz/': match not found
## status: 0
## files:
f: "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n"

### csplit -k keeps the pieces on error +stderr
seq 1 12 > f; csplit -k f /5/ '{3}'; echo status $?; ls
## stdout:
8
19
status 1
f
xx00
xx01
## stderr:
csplit: '/5/': match not found on repetition 1
## status: 0
## files:
f: "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n"
xx00: "1\n2\n3\n4\n"
xx01: "5\n6\n7\n8\n9\n10\n11\n12\n"

### csplit line number out of range on repetition +stderr
seq 1 12 > f; csplit f 5 '{3}'; echo status $?; ls
## stdout:
8
10
9
status 1
f
## stderr:
csplit: '5': line number out of range on repetition 2
## status: 0
## files:
f: "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n"

### csplit suppress-matched and elide-empty-files
seq 1 12 > f; csplit --suppress-matched -z f /1/ '{*}'; ls; cat xx00
## stdout:
16
f
xx00
2
3
4
5
6
7
8
9
## status: 0
## files:
f: "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n"
xx00: "2\n3\n4\n5\n6\n7\n8\n9\n"

### csplit suppress-matched with line numbers
seq 1 12 > f; csplit --suppress-matched f 3 '{2}'; tail -n1 xx0*
## stdout:
4
4
4
9
==> xx00 <==
2

==> xx01 <==
5

==> xx02 <==
8

==> xx03 <==
12
## status: 0
## files:
f: "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n"
xx00: "1\n2\n"
xx01: "4\n5\n"
xx02: "7\n8\n"
xx03: "10\n11\n12\n"

### csplit prefix, digits, suffix format and quiet
seq 1 12 > f; csplit -s -f part -n 3 f 4; csplit --prefix=p -b '%03x.txt' f 4 '{1}'; csplit -b '%-3d|' -f q f 6; ls
## stdout:
6
8
13
10
17
f
p000.txt
p001.txt
p002.txt
part000
part001
q0  |
q1  |
## status: 0
## files:
f: "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n"
p000.txt: "1\n2\n3\n"
p001.txt: "4\n5\n6\n7\n"
p002.txt: "8\n9\n10\n11\n12\n"
part000: "1\n2\n3\n"
part001: "4\n5\n6\n7\n8\n9\n10\n11\n12\n"
q0  |: "1\n2\n3\n4\n5\n"
q1  |: "6\n7\n8\n9\n10\n11\n12\n"

### csplit reads standard input and keeps a last line without newline
printf 'a\nb\nc' | csplit - /b/; od -c xx01
## stdout:
2
3
0000000   b  \n   c
0000003
## status: 0
## files:
xx00: "a\n"
xx01: "b\nc"

### csplit empty input +stderr
printf '' | csplit - /a/; echo status $?; printf '' | csplit - /a/ '{*}'; echo status $?; ls
## stdout:
0
status 1
0
status 0
xx00
## stderr:
csplit: '/a/': match not found
## status: 0
## files:
xx00: ""

### csplit input disappeared leaves the pieces +stderr
seq 1 12 > f; csplit f /12/+1 20; echo status $?; ls
## stdout:
27
status 1
f
xx00
xx01
## stderr:
csplit: input disappeared
## status: 0
## files:
f: "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n"
xx00: "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n"
xx01: ""

### csplit pattern errors +stderr
seq 1 5 > f; csplit f 0; csplit f abc; csplit f 4 2; csplit f /3; csplit f /3/x; csplit f /3/ '{x}'; csplit f /3/ '{2'; csplit f '{3}'; csplit f '/\(/'; echo status $?; ls
## stdout:
status 1
f
## stderr:
csplit: 0: line number must be greater than zero
csplit: 'abc': invalid pattern
csplit: line number '2' is smaller than preceding line number, 4
csplit: /3: closing delimiter '/' missing
csplit: '/3/x': integer expected after delimiter
csplit: '{x'}: integer required between '{' and '}'
csplit: '{2': '}' is required in repeat count
csplit: '{3}': invalid pattern
csplit: '/\\(/': invalid regular expression: Unmatched ( or \(
## status: 0
## files:
f: "1\n2\n3\n4\n5\n"

### csplit suffix format errors +stderr
seq 1 5 > f; csplit -b '%s' f 2; csplit -b x f 2; csplit -b '%d%d' f 2; csplit -b '%#d' f 2; csplit -b '%' f 2; csplit -n x f 2; echo status $?
## stdout:
status 1
## stderr:
csplit: invalid conversion specifier in suffix: s
csplit: missing % conversion specification in suffix
csplit: too many % conversion specifications in suffix
csplit: invalid flags in conversion specification: %#d
csplit: missing conversion specifier in suffix
csplit: invalid number: 'x'
## status: 0
## files:
f: "1\n2\n3\n4\n5\n"

### csplit operand errors +stderr
csplit; echo status $?; csplit f; echo status $?; csplit nofile 3; echo status $?
## stdout:
status 1
status 1
status 1
## stderr:
csplit: missing operand
Try 'csplit --help' for more information.
csplit: missing operand after 'f'
Try 'csplit --help' for more information.
csplit: cannot open 'nofile' for reading: No such file or directory
## status: 0

### csplit warns of a repeated line number +stderr
seq 1 8 > f; csplit f 4 4; ls
## stdout:
6
0
10
f
xx00
xx01
xx02
## stderr:
csplit: warning: line number '4' is the same as preceding line number
## status: 0
## files:
f: "1\n2\n3\n4\n5\n6\n7\n8\n"
xx00: "1\n2\n3\n"
xx01: ""
xx02: "4\n5\n6\n7\n8\n"

### csplit blank-line paragraphs
printf 'a\n\nb\nc\n\nd\n' > f; csplit -s f '/^$/' '{*}'; for x in xx*; do echo "$x: $(tr '\n' . < $x)"; done
## stdout:
xx00: a.
xx01: .b.c.
xx02: .d.
## status: 0
## files:
f: "a\n\nb\nc\n\nd\n"
xx00: "a\n"
xx01: "\nb\nc\n"
xx02: "\nd\n"
