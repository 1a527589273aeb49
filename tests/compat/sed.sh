### sed substitute first
printf 'aaa\nbab\n' | sed 's/a/X/'
## stdout:
Xaa
bXb
## status: 0

### sed substitute global
printf 'aaa\nbab\n' | sed 's/a/X/g'
## stdout:
XXX
bXb
## status: 0

### sed substitute nth
echo aaaa | sed 's/a/X/3'
## stdout:
aaXa
## status: 0

### sed print range quiet
seq 10 | sed -n '3,5p'
## stdout:
3
4
5
## status: 0

### sed delete line and last
seq 5 | sed '2d;$d'
## stdout:
1
3
4
## status: 0

### sed regex address
printf 'keep\ndrop me\nkeep too\n' | sed '/drop/d'
## stdout:
keep
keep too
## status: 0

### sed regex range
printf 'a\nSTART\nb\nc\nEND\nd\n' | sed -n '/START/,/END/p'
## stdout:
START
b
c
END
## status: 0

### sed groups and ampersand
echo 'hello world' | sed 's/\(hello\) \(world\)/\2 \1 [&]/'
## stdout:
world hello [hello world]
## status: 0

### sed extended regex
echo 'abc123def' | sed -E 's/([a-z]+)([0-9]+)/<\2:\1>/'
## stdout:
<123:abc>def
## status: 0

### sed case conversion
echo 'hello world' | sed 's/\w\+/\u&/g'; echo 'Hello' | sed 's/.*/\U&/'
## stdout:
Hello World
HELLO
## status: 0

### sed alternate delimiter
echo '/usr/local/bin' | sed 's|/usr/local|/opt|'
## stdout:
/opt/bin
## status: 0

### sed in place
printf 'one\ntwo\n' > f; sed -i 's/one/ONE/' f; cat f
## stdout:
ONE
two
## status: 0
## files:
f: "ONE\ntwo\n"

### sed in place with backup
printf 'x\n' > f; sed -i.bak 's/x/y/' f; cat f f.bak
## stdout:
y
x
## status: 0
## files:
f: "y\n"
f.bak: "x\n"

### sed multiple expressions
echo abc | sed -e 's/a/1/' -e 's/c/3/'
## stdout:
1b3
## status: 0

### sed line number command
printf 'a\nb\n' | sed -n '$='
## stdout:
2
## status: 0

### sed append insert change
printf 'a\nb\nc\n' | sed '2a\
after b
2i\
before b
3c\
changed c'
## stdout:
a
before b
b
after b
changed c
## status: 0

### sed one line append
printf 'a\nb\n' | sed '1a appended'
## stdout:
a
appended
b
## status: 0

### sed hold space reverse
printf '1\n2\n3\n' | sed -n '1!G;h;$p'
## stdout:
3
2
1
## status: 0

### sed next and next append
printf '1\n2\n3\n4\n' | sed 'n;d'; printf '1\n2\n3\n4\n' | sed 'N;s/\n/+/'
## stdout:
1
3
1+2
3+4
## status: 0

### sed transliterate
echo hello | sed 'y/helo/HELO/'
## stdout:
HELLO
## status: 0

### sed quit
seq 10 | sed 3q
## stdout:
1
2
3
## status: 0

### sed quit without printing
seq 10 | sed 3Q
## stdout:
1
2
## status: 0

### sed step address
seq 10 | sed -n '1~3p'
## stdout:
1
4
7
10
## status: 0

### sed zero address range
printf 'x\ny\nx\n' | sed '0,/x/s/x/FIRST/'
## stdout:
FIRST
y
x
## status: 0

### sed plus range
seq 10 | sed -n '/4/,+2p'
## stdout:
4
5
6
## status: 0

### sed block with negation
seq 6 | sed -n '2,4!{p}'
## stdout:
1
5
6
## status: 0

### sed branch loop joining lines
printf 'a\\\nb\nc\n' | sed -e ':a' -e '/\\$/N; s/\\\n//; ta'
## stdout:
ab
c
## status: 0

### sed regex with character class and anchors
printf 'foo 12\nbar\n99 baz\n' | sed -n '/^[0-9]/p; /[0-9]$/p'
## stdout:
foo 12
99 baz
## status: 0

### sed empty regex reuses last
printf 'cat\ndog\n' | sed -n '/cat/{s//CAT/p}'
## stdout:
CAT
## status: 0

### sed delete blank lines
printf 'a\n\nb\n\n\nc\n' | sed '/^$/d'
## stdout:
a
b
c
## status: 0

### sed print first line of pattern space
printf '1\n2\n3\n' | sed -n 'N;P'
## stdout:
1
## status: 0

### sed write file
printf 'a\nb\n' | sed -n '/b/w out.txt'; cat out.txt
## stdout:
b
## status: 0
## files:
out.txt: "b\n"

### sed files and line numbers across files
printf 'a\n' > x; printf 'b\n' > y; sed -n '$=' x y; sed -s -n '$=' x y
## stdout:
2
1
1
## status: 0
## files:
x: "a\n"
y: "b\n"

### sed invalid command status
echo a | sed 'k' 2>/dev/null; echo $?
## stdout:
1
## status: 0

### sed missing file status
sed p nofile 2>/dev/null; echo $?
## stdout:
2
## status: 0

### sed ignore case flag
echo HELLO | sed 's/hello/bye/I'
## stdout:
bye
## status: 0

### sed substitute with newline in replacement
echo 'a,b' | sed 's/,/\n/'
## stdout:
a
b
## status: 0

### sed combined quiet flag and print
seq 3 | sed -n 2p
## stdout:
2
## status: 0
