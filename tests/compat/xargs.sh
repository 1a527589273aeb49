### xargs default echo
printf 'a b\nc\n' | xargs
## stdout:
a b c
## status: 0

### xargs with command
printf 'x\ny\n' | xargs echo got
## stdout:
got x y
## status: 0

### xargs -n
printf '1 2 3 4 5\n' | xargs -n 2 echo
## stdout:
1 2
3 4
5
## status: 0

### xargs -I replace
printf 'one\ntwo\n' | xargs -I {} echo "item {} done"
## stdout:
item one done
item two done
## status: 0

### xargs -0
printf 'a b\0c\0' | xargs -0 -n 1 echo
## stdout:
a b
c
## status: 0

### xargs -d
printf 'a,b,c' | xargs -d , echo
## stdout:
a b c
## status: 0

### xargs -L
printf 'a b\nc\nd e f\n' | xargs -L 2 echo
## stdout:
a b c
d e f
## status: 0

### xargs quotes
printf '"a b" c\n' | xargs -n 1 echo
## stdout:
a b
c
## status: 0

### xargs empty input runs once
printf '' | xargs echo ran
## stdout:
ran
## status: 0

### xargs -r skips empty
printf '' | xargs -r echo ran; echo status $?
## stdout:
status 0
## status: 0

### xargs failing command status
printf 'a\n' | xargs false; echo $?
## stdout:
123
## status: 0

### xargs with files
touch f1 f2; printf 'f1\nf2\n' | xargs rm; ls
## status: 0

### find into xargs grep
mkdir d; printf 'needle\n' > d/a; printf 'hay\n' > d/b; find d -type f | sort | xargs grep -l needle
## stdout:
d/a
## status: 0
## files:
d/
d/a: "needle\n"
d/b: "hay\n"

### env prints and sets
X=1 env | grep -c '^X=1$'; env Y=2 bash -c 'echo $Y'
## stdout:
1
2
## status: 0

### env unset
export Z=3; env -u Z bash -c 'echo "[$Z]"'
## stdout:
[]
## status: 0

### env ignore environment
export W=4; env -i bash -c 'echo "[$W]"'
## stdout:
[]
## status: 0

### printf 'a b\nc\n' | xargs echo
printf 'a b\nc\n' | xargs echo
## stdout:
a b c
## status: 0

### printf 'a b\nc\n' | xargs -n1 echo
printf 'a b\nc\n' | xargs -n1 echo
## stdout:
a
b
c
## status: 0

### printf 'a\nb\n' | xargs -I{} echo 'item {}'
printf 'a\nb\n' | xargs -I{} echo 'item {}'
## stdout:
item a
item b
## status: 0

### printf 'a\0b c\0' | xargs -0 -n1 echo
printf 'a\0b c\0' | xargs -0 -n1 echo
## stdout:
a
b c
## status: 0

### printf 'a,b,c' | xargs -d, -n2 echo
printf 'a,b,c' | xargs -d, -n2 echo
## stdout:
a b
c
## status: 0

### printf '1\n2\n3\n4\n' | xargs -L2 echo
printf '1\n2\n3\n4\n' | xargs -L2 echo
## stdout:
1 2
3 4
## status: 0

### printf '' | xargs -r echo nothing
printf '' | xargs -r echo nothing
## status: 0

### printf 'x\n' | xargs -t echo 2>&1
printf 'x\n' | xargs -t echo 2>&1
## stdout:
echo x
x
## status: 0

### xargs splits long input into command lines of at most 128 KiB as GNU does
seq 100000 | xargs echo | awk '{print NF, length($0)}'
## stdout:
23695 131063
21844 131063
21844 131063
21844 131063
10773 64638
## status: 0

### xargs -s bounds each command line
echo a b c d e f | xargs -s 12 echo; echo st $?; printf 'aaaaaaaaaaaaaaa' | xargs -s 12 echo; echo st $?; echo | xargs -s 3 echo; echo st $?
## stdout:
a b c
d e f
st 0
st 1
st 1
## status: 0

### xargs -x with -n stops when a group does not fit
echo aa bb cc dd | xargs -x -n3 -s 12 echo; echo st $?
## stdout:
st 1
## status: 0

### xargs runs commands while its input is still arriving
yes | xargs -n2 echo | head -3
## stdout:
y y
y y
y y
## status: 0

### xargs statuses: 123 for a failing command, 124 for 255
printf '1 2 3\n' | xargs -n1 sh -c 'exit $0'; echo st $?; printf '1\n' | xargs sh -c 'exit 255'; echo st $?; echo x | xargs -n1 sh -c 'exit 0'; echo st $?
## stdout:
st 123
st 124
st 0
## status: 0

### xargs -t quotes what the shell would read otherwise
printf '%s\n' 'a=b' 'a#b' '#a' 'a b' "x'y" '' "a'b c" 'a$b' 'a*' 'plain' | xargs -d '\n' -t true 2>&1
## stdout:
true 'a=b' a#b '#a' 'a b' "x'y" '' "a'b c" 'a$b' 'a*' plain
## status: 0

### xargs unmatched quote runs the arguments before it
echo "a 'b" | xargs echo 2>&1; echo st $?; printf 'x\nq"y\nz\n' | xargs -I{} echo [{}] 2>&1; echo st $?
## stdout:
xargs: unmatched single quote; by default quotes are special to xargs unless you use the -0 option
a
st 1
xargs: unmatched double quote; by default quotes are special to xargs unless you use the -0 option
[x]
st 1
## status: 0

### xargs backslashes and quotes across lines
printf 'a\\\nb c\n' | xargs -n1 echo; printf 'a\\' | xargs echo; printf '"p q" r\\ s\n' | xargs -n1 echo
## stdout:
a
b
c
a
p q
r s
## status: 0

### xargs -I keeps inner and trailing blanks and skips blank lines
printf "  x 'y z'  \n\n  \nlast" | xargs -I{} echo [{}]; printf 'a\n' | xargs -I{} echo {} {}x{}
## stdout:
[x y z  ]
[last]
a axa
## status: 0

### xargs -0 and -d keep empty items
printf 'a\0\0b\0' | xargs -0 -n1 echo [; printf 'a,,b,' | xargs -d, -n1 echo; printf 'x\0y z\0' | xargs -0 -I% echo [%]
## stdout:
[ a
[ 
[ b
a

b
[x]
[y z]
## status: 0

### xargs -L continues a line that ends in a blank
printf 'a b \nc\nd e\n\nf\n' | xargs -L1 echo; seq 4 | xargs -l echo; seq 4 | xargs -l2 echo
## stdout:
a b c
d e
f
1
2
3
4
1 2
3 4
## status: 0

### xargs -E stops at the end-of-file string
printf 'a b\nEND\nc\n' | xargs -E END echo; echo END | xargs -E END echo hi; echo a b END c | xargs -eEND echo; printf 'a\nb\n' | xargs -0 -E x echo 2>&1
## stdout:
a b
hi
a b
xargs: warning: the -E option has no effect if -0 or -d is used.

a
b

## status: 0

### xargs -n -L -I exclude each other with GNU's warnings
seq 5 | xargs -L 2 -n 1 echo 2>&1; seq 6 | xargs -n 2 -L 3 echo 2>&1; seq 3 | xargs -n 1 -I{} echo {} 2>&1; seq 3 | xargs -I{} -n 1 echo {} 2>&1; seq 2 | xargs -I{} -L 1 echo {} 2>&1; seq 2 | xargs -L1 -I{} echo {} 2>&1
## stdout:
xargs: warning: options --max-lines and --max-args/-n are mutually exclusive, ignoring previous --max-lines value
1
2
3
4
5
xargs: warning: options --max-args and -L are mutually exclusive, ignoring previous --max-args value
1 2 3
4 5 6
xargs: warning: options --max-args and --replace/-I/-i are mutually exclusive, ignoring previous --max-args value
1
2
3
1
2
3
xargs: warning: options --replace and -L are mutually exclusive, ignoring previous --replace value
{} 1
{} 2
xargs: warning: options --max-lines and --replace/-I/-i are mutually exclusive, ignoring previous --max-lines value
1
2
## status: 0

### xargs -i and -l take attached values
seq 3 | xargs -i echo [{}]; seq 2 | xargs -iX echo X; printf '1\n2\n3\n' | xargs -rt -l2 echo 2>&1
## stdout:
[1]
[2]
[3]
1
2
echo 1 2
1 2
echo 3
3
## status: 0

### xargs -a reads arguments from a file and leaves standard input to the command
seq 3 > f; xargs -a f -n1 echo; seq 2 | xargs -a f cat; xargs --arg-file=f echo
## stdout:
1
2
3
1 2 3
## status: 0
## files:
f: "1\n2\n3\n"

### xargs long options
echo a b | xargs --max-args=1 --verbose echo 2>&1; printf 'p\0q\0' | xargs --null --max-args 1 echo; echo 'x,y' | xargs --delimiter=, echo
## stdout:
echo a
a
echo b
b
p
q
x y

## status: 0

### xargs flag errors
{ echo | xargs -n 0 echo; echo st $?; echo | xargs -n x echo; echo st $?; echo | xargs -d ab echo; echo st $?; echo a | xargs --foo; echo st $?; echo a | xargs -n; echo st $?; xargs -a f echo 2>/dev/null; echo st $?; echo aaaaaaaaaaaaaaa | xargs -s 12 echo; echo st $?; } 2>&1
## stdout:
xargs: value 0 for -n option should be >= 1
Try 'xargs --help' for more information.
st 1
xargs: invalid number "x" for -n option
Try 'xargs --help' for more information.
st 1
xargs: Invalid input delimiter specification ab: the delimiter must be either a single character or an escape sequence starting with \.
st 1
xargs: unrecognized option '--foo'
Try 'xargs --help' for more information.
st 1
xargs: option requires an argument -- 'n'
Try 'xargs --help' for more information.
st 1
st 1
xargs: argument line too long
st 1
## status: 0
