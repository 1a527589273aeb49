### grep basic match
printf 'apple\nbanana\ncherry\n' > f; grep an f
## stdout:
banana
## status: 0
## files:
f: "apple\nbanana\ncherry\n"

### grep no match status
printf 'apple\n' > f; grep zzz f; echo $?
## stdout:
1
## status: 0
## files:
f: "apple\n"

### grep missing file status +stderr
grep x missing.txt; echo $?
## stdout:
2
## stderr:
grep: missing.txt: No such file or directory
## status: 0

### grep from stdin
printf 'one\ntwo\nthree\n' | grep t
## stdout:
two
three
## status: 0

### grep line numbers
printf 'a\nb\na\n' > f; grep -n a f
## stdout:
1:a
3:a
## status: 0
## files:
f: "a\nb\na\n"

### grep count
printf 'a\nb\na\n' > f; grep -c a f
## stdout:
2
## status: 0
## files:
f: "a\nb\na\n"

### grep invert
printf 'a\nb\nc\n' > f; grep -v b f
## stdout:
a
c
## status: 0
## files:
f: "a\nb\nc\n"

### grep ignore case
printf 'Hello\nhello\nHELLO\nbye\n' > f; grep -i hello f
## stdout:
Hello
hello
HELLO
## status: 0
## files:
f: "Hello\nhello\nHELLO\nbye\n"

### grep word
printf 'cat\ncatalog\nthe cat sat\n' > f; grep -w cat f
## stdout:
cat
the cat sat
## status: 0
## files:
f: "cat\ncatalog\nthe cat sat\n"

### grep whole line
printf 'abc\nabcd\n' > f; grep -x abc f
## stdout:
abc
## status: 0
## files:
f: "abc\nabcd\n"

### grep only matching
printf 'a1b22c333\n' > f; grep -o '[0-9]*' f; grep -Eo '[0-9]+' f
## stdout:
1
22
333
1
22
333
## status: 0
## files:
f: "a1b22c333\n"

### grep multiple files shows names
printf 'x\n' > a; printf 'y\nx\n' > b; grep x a b
## stdout:
a:x
b:x
## status: 0
## files:
a: "x\n"
b: "y\nx\n"

### grep no filename flag
printf 'x\n' > a; printf 'x\n' > b; grep -h x a b
## stdout:
x
x
## status: 0
## files:
a: "x\n"
b: "x\n"

### grep with filename flag on one file
printf 'x\n' > a; grep -H x a
## stdout:
a:x
## status: 0
## files:
a: "x\n"

### grep files with matches
printf 'x\n' > a; printf 'y\n' > b; grep -l x a b; grep -L x a b
## stdout:
a
b
## status: 0
## files:
a: "x\n"
b: "y\n"

### grep quiet
printf 'x\n' > a; grep -q x a && echo found; grep -q y a || echo absent
## stdout:
found
absent
## status: 0
## files:
a: "x\n"

### grep max count
printf 'a\na\na\n' > f; grep -m 2 a f
## stdout:
a
a
## status: 0
## files:
f: "a\na\na\n"

### grep context
printf '1\n2\n3\nmatch\n5\n6\n7\nmatch\n9\n' > f; grep -C 1 match f
## stdout:
3
match
5
--
7
match
9
## status: 0
## files:
f: "1\n2\n3\nmatch\n5\n6\n7\nmatch\n9\n"

### grep after and before context
printf '1\nm\n3\n4\n5\nm\n' > f; grep -A 1 m f; echo ---; grep -B 2 m f
## stdout:
m
3
--
m
---
1
m
--
4
5
m
## status: 0
## files:
f: "1\nm\n3\n4\n5\nm\n"

### grep context with line numbers
printf 'a\nb\nc\n' > f; grep -n -A1 a f
## stdout:
1:a
2-b
## status: 0
## files:
f: "a\nb\nc\n"

### grep basic regex groups
printf 'abab\nab\n' > f; grep '\(ab\)\{2\}' f
## stdout:
abab
## status: 0
## files:
f: "abab\nab\n"

### grep basic alternation
printf 'cat\ndog\nbird\n' > f; grep 'cat\|dog' f
## stdout:
cat
dog
## status: 0
## files:
f: "cat\ndog\nbird\n"

### grep basic literal plus
printf 'a+b\naab\n' > f; grep 'a+b' f
## stdout:
a+b
## status: 0
## files:
f: "a+b\naab\n"

### grep extended alternation and plus
printf 'aab\nab\nb\n' > f; grep -E 'a+b' f; grep -E '^(ab|b)$' f
## stdout:
aab
ab
ab
b
## status: 0
## files:
f: "aab\nab\nb\n"

### grep fixed strings
printf 'a.c\nabc\n' > f; grep -F 'a.c' f
## stdout:
a.c
## status: 0
## files:
f: "a.c\nabc\n"

### grep dot matches any
printf 'a.c\nabc\n' > f; grep 'a.c' f
## stdout:
a.c
abc
## status: 0
## files:
f: "a.c\nabc\n"

### grep anchors
printf 'start middle end\nend start\n' > f; grep '^start' f; grep 'end$' f
## stdout:
start middle end
start middle end
## status: 0
## files:
f: "start middle end\nend start\n"

### grep character classes
printf 'abc\n123\nA1\n' > f; grep '^[[:digit:]]*$' f; grep '[[:upper:]]' f
## stdout:
123
A1
## status: 0
## files:
f: "abc\n123\nA1\n"

### grep multiple patterns with -e
printf 'a\nb\nc\n' > f; grep -e a -e c f
## stdout:
a
c
## status: 0
## files:
f: "a\nb\nc\n"

### grep patterns from file
printf 'a\nb\nc\n' > f; printf 'b\nc\n' > pats; grep -f pats f
## stdout:
b
c
## status: 0
## files:
f: "a\nb\nc\n"
pats: "b\nc\n"

### grep recursive
mkdir -p d/sub; printf 'hit\n' > d/one.txt; printf 'miss\n' > d/two.txt; printf 'hit again\n' > d/sub/three.log; grep -r hit d | sort
## stdout:
d/one.txt:hit
d/sub/three.log:hit again
## status: 0
## files:
d/
d/one.txt: "hit\n"
d/sub/
d/sub/three.log: "hit again\n"
d/two.txt: "miss\n"

### grep recursive include
mkdir -p d; printf 'hit\n' > d/a.txt; printf 'hit\n' > d/b.log; grep -r --include='*.txt' hit d
## stdout:
d/a.txt:hit
## status: 0
## files:
d/
d/a.txt: "hit\n"
d/b.log: "hit\n"

### grep recursive exclude dir
mkdir -p d/skip d/keep; printf 'hit\n' > d/skip/f; printf 'hit\n' > d/keep/f; grep -r --exclude-dir=skip hit d
## stdout:
d/keep/f:hit
## status: 0
## files:
d/
d/keep/
d/keep/f: "hit\n"
d/skip/
d/skip/f: "hit\n"

### grep recursive names only
mkdir -p d; printf 'hit\n' > d/a; printf 'no\n' > d/b; grep -rl hit d
## stdout:
d/a
## status: 0
## files:
d/
d/a: "hit\n"
d/b: "no\n"

### grep empty pattern matches all
printf 'a\nb\n' > f; grep '' f | tr '\n' ' '; echo
## stdout:
a b 
## status: 0
## files:
f: "a\nb\n"

### grep pipeline with count of matches
printf 'x1\ny\nx2\n' | grep x | tr -d x | tr '\n' ' '; echo
## stdout:
1 2 
## status: 0

### grep invalid regex status
echo a | grep -E 'a(' 2>/dev/null; echo $?
## stdout:
2
## status: 0

### grep combined flags
printf 'Foo\nbar\nfoo\n' > f; grep -inv bar f
## stdout:
1:Foo
3:foo
## status: 0
## files:
f: "Foo\nbar\nfoo\n"

### grep count with invert and multiple files
printf 'a\nb\n' > x; printf 'b\n' > y; grep -vc a x y
## stdout:
x:1
y:1
## status: 0
## files:
x: "a\nb\n"
y: "b\n"

### grep binary file +stderr
printf 'abc\000def\n' > bin; grep abc bin; echo $?
## stdout:
0
## stderr:
grep: bin: binary file matches
## status: 0
## files:
bin: "abc\u{0}def\n"

### grep binary file as text
printf 'abc\000def\n' > bin; grep -a -c abc bin
## stdout:
1
## status: 0
## files:
bin: "abc\u{0}def\n"

### grep dash dash pattern
printf -- '-x\ny\n' > f; grep -- -x f
## stdout:
-x
## status: 0
## files:
f: "-x\ny\n"

### grep null data
printf 'a\000b\000' | grep -z a | tr '\0' '\n'
## stdout:
a
## status: 0

### grep interval in extended
printf 'aa\na\naaa\n' > f; grep -Ex 'a{2,3}' f
## stdout:
aa
aaa
## status: 0
## files:
f: "aa\na\naaa\n"

### grep with numeric context shorthand
printf '1\n2\nx\n4\n' > f; grep -1 x f
## stdout:
2
x
4
## status: 0
## files:
f: "1\n2\nx\n4\n"

### grep -P look-ahead and look-behind
printf 'price: 100 USD\nprice: 20 EUR\nfoo=bar\n' > p; grep -oP '\d+(?= USD)' p; grep -oP '(?<=foo=)\w+' p; grep -cP '^(?!price)' p
## stdout:
100
bar
1
## status: 0
## files:
p: "price: 100 USD\nprice: 20 EUR\nfoo=bar\n"

### grep -P backreferences and lazy quantifiers
printf 'abcabc\nabcab\n<a><b>\n' > p; grep -P '(abc)\1' p; grep -oP '<.+?>' p; grep -iP 'ABCAB$' p
## stdout:
abcabc
<a>
<b>
abcab
## status: 0
## files:
p: "abcabc\nabcab\n<a><b>\n"
