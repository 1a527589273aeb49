### single quotes keep everything
echo 'a $b `c` \d "e"'
## stdout:
a $b `c` \d "e"
## status: 0

### double quotes expand variables
x=world; echo "hello $x" "${x}s"
## stdout:
hello world worlds
## status: 0

### backslash in double quotes
echo "a\$b \"q\" \\ \x"
## stdout:
a$b "q" \ \x
## status: 0

### backslash outside quotes
echo a\ b \$x \\ \'
## stdout:
a b $x \ '
## status: 0

### ansi c quoting
echo $'tab\there' $'nl\nx' $'\x41\101\u00e9'
## stdout:
tab	here nl
x AAé
## status: 0

### dollar double quote
echo $"plain"
## stdout:
plain
## status: 0

### empty strings make empty args
set -- "" a ''; echo $#
## stdout:
3
## status: 0

### adjacent quoting concatenates
echo "a"'b'c"d"
## stdout:
abcd
## status: 0

### quoted glob is literal
touch x1 x2; echo "x*" 'x?' x\*
## stdout:
x* x? x*
## status: 0
## files:
x1: ""
x2: ""

### line continuation
echo one \
two
## stdout:
one two
## status: 0

### line continuation inside double quotes
echo "one \
two"
## stdout:
one two
## status: 0

### comment after command
echo hi # this is a comment
## stdout:
hi
## status: 0

### hash inside word is not a comment
echo a#b #c
## stdout:
a#b
## status: 0

### quotes inside command substitution
echo "$(echo "inner quoted")"
## stdout:
inner quoted
## status: 0

### nested double quotes in substitution
x="a b"; echo "$(echo "$x" | tr a A)"
## stdout:
A b
## status: 0

### single quote in double quotes
echo "it's"
## stdout:
it's
## status: 0

### escaped newline in single quotes stays
echo 'a\
b'
## stdout:
a\
b
## status: 0

### backtick substitution
echo `echo hi` "`echo there`"
## stdout:
hi there
## status: 0

### backtick with escaped dollar
x=1; echo `echo \$x`
## stdout:
1
## status: 0

### tilde expansion
HOME=/home/me; echo ~ ~/x "~" '~'
## stdout:
/home/me /home/me/x ~ ~
## status: 0

### tilde in assignment
HOME=/h; x=~/bin; echo $x
## stdout:
/h/bin
## status: 0

### word splitting of unquoted variable
x="a   b  c"; printf '[%s]' $x; echo
## stdout:
[a][b][c]
## status: 0

### no splitting in double quotes
x="a   b"; printf '[%s]' "$x"; echo
## stdout:
[a   b]
## status: 0

### custom IFS
IFS=:; x="a:b::c"; printf '[%s]' $x; echo
## stdout:
[a][b][][c]
## status: 0

### IFS whitespace and non-whitespace
IFS=' ,'; x=" a , b,,c "; printf '[%s]' $x; echo
## stdout:
[a][b][][c]
## status: 0

### empty IFS disables splitting
IFS=; x="a b"; printf '[%s]' $x; echo
## stdout:
[a b]
## status: 0

### unset IFS splits on default
unset IFS; x=" a	b "; printf '[%s]' $x; echo
## stdout:
[a][b]
## status: 0

### empty unquoted expansion disappears
e=; printf '[%s]' a $e b "$e"; echo
## stdout:
[a][b][]
## status: 0

### splitting joins with adjacent text
x="1 2"; printf '[%s]' pre${x}post; echo
## stdout:
[pre1][2post]
## status: 0

### dollar at end of word is literal
echo a$ "b$" $
## stdout:
a$ b$ $
## status: 0

### quoted dollar-at in string
set -- a "b c"; printf '[%s]' "x$@y"; echo
## stdout:
[xa][b cy]
## status: 0

### star joins with IFS
set -- a b c; IFS=-; echo "$*"
## stdout:
a-b-c
## status: 0

### dollar-at unquoted splits
set -- "a b" c; printf '[%s]' $@; echo
## stdout:
[a][b][c]
## status: 0

### dollar-at quoted preserves
set -- "a b" c; printf '[%s]' "$@"; echo
## stdout:
[a b][c]
## status: 0

### empty dollar-at quoted gives nothing
set --; printf '[%s]' "$@"; echo end
## stdout:
[]end
## status: 0

### escaped characters in assignments
x=a\ b; echo "$x"
## stdout:
a b
## status: 0

### double quote in single-quoted printf
printf '%s\n' '"quoted"'
## stdout:
"quoted"
## status: 0

### $'…' control escapes and a NUL as bash reads them
printf %s $'\cA\c?\c[\c\\x\ca\c' | od -An -c; printf %s $'a\0b' | od -An -c; printf '[%s]' $'\x00z' $'\400'; echo
## stdout:
 001 177 033 034   x 001   \   c
   a
[][]
## status: 0
