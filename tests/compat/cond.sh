### test string equality
[ abc = abc ]; echo $?; [ abc = abd ]; echo $?; [ a != b ]; echo $?
## stdout:
0
1
0
## status: 0

### test empty and non-empty
[ -z "" ]; echo $?; [ -n "x" ]; echo $?; [ -z x ]; echo $?
## stdout:
0
0
1
## status: 0

### test numeric
[ 5 -gt 3 ]; echo $?; [ 2 -ge 2 ]; echo $?; [ 1 -eq 2 ]; echo $?; [ 3 -le 1 ]; echo $?
## stdout:
0
0
1
1
## status: 0

### test files
touch f; mkdir d; [ -f f ]; echo $?; [ -d d ]; echo $?; [ -e nope ]; echo $?; [ -f d ]; echo $?
## stdout:
0
0
1
1
## status: 0
## files:
d/
f: ""

### test not and and or
[ ! -e nope ]; echo $?; [ -n a -a -n b ]; echo $?; [ -z a -o -n b ]; echo $?
## stdout:
0
0
0
## status: 0

### test single argument
[ x ]; echo $?; [ "" ]; echo $?
## stdout:
0
1
## status: 0

### test with no arguments
[ ]; echo $?
## stdout:
1
## status: 0

### test missing bracket
[ a = a 2>/dev/null; echo $?
## stdout:
2
## status: 0

### test integer error
[ a -eq 1 ] 2>/dev/null; echo $?
## stdout:
2
## status: 0

### test command form
test -n hi && echo yes
## stdout:
yes
## status: 0

### test parentheses
[ \( a = a \) -a \( b = b \) ]; echo $?
## stdout:
0
## status: 0

### test string ordering
[ a \< b ]; echo $?; [ b \> a ]; echo $?
## stdout:
0
0
## status: 0

### test -s size
printf x > full; : > empty; [ -s full ]; echo $?; [ -s empty ]; echo $?
## stdout:
0
1
## status: 0
## files:
empty: ""
full: "x"

### test -x executable
touch s; chmod +x s; [ -x s ]; echo $?; touch n; [ -x n ]; echo $?
## stdout:
0
1
## status: 0
## files:
n: ""
s: ""

### double bracket pattern
[[ foo.txt == *.txt ]]; echo $?; [[ foo.txt == *.log ]]; echo $?
## stdout:
0
1
## status: 0

### double bracket quoted pattern is literal
[[ 'a*' == "a*" ]]; echo $?; [[ abc == "a*" ]]; echo $?
## stdout:
0
1
## status: 0

### double bracket regex
[[ 2024-01-15 =~ ^([0-9]+)-([0-9]+) ]]; echo $? ${BASH_REMATCH[0]} ${BASH_REMATCH[1]} ${BASH_REMATCH[2]}
## stdout:
0 2024-01 2024 01
## status: 0

### double bracket regex no match
[[ abc =~ ^[0-9]+$ ]]; echo $?
## stdout:
1
## status: 0

### double bracket regex from variable
re='^a.c$'; [[ abc =~ $re ]]; echo $?
## stdout:
0
## status: 0

### double bracket and or
[[ -n a && -z "" ]]; echo $?; [[ -z a || -n b ]]; echo $?
## stdout:
0
0
## status: 0

### double bracket not
[[ ! -e nothing ]]; echo $?
## stdout:
0
## status: 0

### double bracket no word splitting
x="a b"; [[ $x == "a b" ]]; echo $?
## stdout:
0
## status: 0

### double bracket numeric comparison
[[ 10 -gt 9 ]]; echo $?; x=3; [[ $x -eq 3 ]]; echo $?
## stdout:
0
0
## status: 0

### double bracket arithmetic operands
[[ 1+1 -eq 2 ]]; echo $?
## stdout:
0
## status: 0

### double bracket string comparison
[[ apple < banana ]]; echo $?; [[ b > a ]]; echo $?
## stdout:
0
0
## status: 0

### double bracket grouping
[[ ( a == a || a == b ) && b == b ]]; echo $?
## stdout:
0
## status: 0

### double bracket empty variable
[[ -z $unset ]]; echo $?
## stdout:
0
## status: 0

### double bracket -v
x=1; [[ -v x ]]; echo $?; [[ -v nope ]]; echo $?
## stdout:
0
1
## status: 0

### double bracket file tests
touch file; [[ -f file && ! -d file ]]; echo $?
## stdout:
0
## status: 0
## files:
file: ""

### double bracket not equal pattern
[[ abc != a* ]]; echo $?
## stdout:
1
## status: 0

### test newer than
touch new; [ new -nt nope ]; echo $?; [ nope -ot new ]; echo $?
## stdout:
0
0
## status: 0
## files:
new: ""

### test equal with = in double brackets
[[ a = a ]]; echo $?
## stdout:
0
## status: 0

### if with test
x=5; if [ "$x" -gt 3 ]; then echo big; fi
## stdout:
big
## status: 0

### test -L symlink
touch t; ln -s t l; [ -L l ]; echo $?; [ -L t ]; echo $?
## stdout:
0
1
## status: 0
## files:
l -> t
t: ""

### double bracket glob character class
[[ b == [abc] ]]; echo $?; [[ z == [!xyz] ]]; echo $?
## stdout:
0
1
## status: 0

### extglob in double brackets
[[ foo.c == @(*.c|*.h) ]]; echo $?; [[ x.py == !(*.c) ]]; echo $?
## stdout:
0
0
## status: 0

### three arguments with -a or -o are two strings joined, whatever they look like
[ -z -a -z ]; echo $?; test -n -a -z; echo $?; [ -o -o -o ]; echo $?; [ -a -a -a ]; echo $?; [ "" -o x ]; echo $?; [ x -a "" ]; echo $?
## stdout:
0
0
0
0
0
1
## status: 0

### two arguments: a unary operator, or ! of one string
[ -z -a ]; echo $?; [ ! -z -a ]; echo $?; [ ! ]; echo $?; [ ! ! ]; echo $?; [ -n ]; echo $?
## stdout:
1
0
0
1
0
## status: 0

### parentheses around one, two and three arguments
[ \( -z \) ]; echo $?; [ \( -n x \) ]; echo $?; [ \( "" = "" \) ]; echo $?; [ ! \( x \) ]; echo $?; [ \( ! x \) ]; echo $?; [ "(" ")" ]; echo $?
## stdout:
0
0
0
1
1
2
## status: 0

### three arguments without a binary operator in the middle +stderr
test -t 1 1; echo $?; [ a b c ]; echo $?; test x -a; echo $?
## stdout:
2
2
2
## stderr:
test: 1: binary operator expected
[: b: binary operator expected
test: x: unary operator expected
## status: 0

### operators as operands of = and of -a chains
[ = = = ]; echo $?; [ ! = ! ]; echo $?; [ "(" = "(" ]; echo $?; [ 1 -eq 1 -a 2 -gt 1 -o x = y ]; echo $?; [ x -a "" -o y ]; echo $?; [ \( x \) -a \( "" \) ]; echo $?
## stdout:
0
0
0
0
0
1
## status: 0

### -v of an array's name tests its element 0
declare -A m=([a]=1); [[ -v m ]]; echo $?; m[0]=z; [[ -v m ]]; echo $?
a=([1]=x); [[ -v a ]]; echo $?; a[0]=y; [[ -v a ]]; echo $?; s=; [[ -v s ]]; echo $?
## stdout:
1
0
1
0
0
## status: 0

### =~ lets . match a newline, and nocasematch ignores case
[[ $'a\nb' =~ a.b ]] && echo dotnl; [[ AbC =~ ^[a-z]+$ ]] || echo case
shopt -s nocasematch; [[ AbC =~ ^[a-z]+$ ]] && echo nocase; [[ X =~ x ]] && echo "${BASH_REMATCH[0]}"
## stdout:
dotnl
case
nocase
X
## status: 0

### test's extra words: unexpected option or too many arguments +stderr
test 1 -eq 1 -ne; echo "s $?"; test a b c d e; echo "s $?"; [ a = a b ]; echo "s $?"
test -n a -o; echo "s $?"; test ! ! a; echo "s $?"
## stdout:
s 2
s 2
s 2
s 2
s 0
## stderr:
test: syntax error: `-ne' unexpected
test: too many arguments
[: too many arguments
test: a: binary operator expected
## status: 0

### test's parentheses: what was found instead of the closing one +stderr
[ \( a = a ]; echo "s $?"; [ \( a -a b c \) ]; echo "s $?"; test \( a \) -a \( ! '' \); echo "s $?"
test \( \( a \) \); echo "s $?"
## stdout:
s 2
s 2
s 0
s 0
## stderr:
[: `)' expected, found ]
[: `)' expected, found c
## status: 0

### test by argument count: unary and binary operator expected +stderr
test a b; echo "s $?"; test -Q x; echo "s $?"; test a -Q b; echo "s $?"; test ! -Q; echo "s $?"
test -t; echo "t $?"; test -t x; echo "t $?"; test '(' -n ')' ; echo "s $?"; test ! a = b; echo "s $?"
## stdout:
s 2
s 2
s 2
s 1
t 0
t 1
s 0
s 0
## stderr:
test: a: unary operator expected
test: -Q: unary operator expected
test: -Q: binary operator expected
## status: 0

### test -o names any set -o option
set -o noclobber; test -o noclobber && echo on; test -o hashall && echo hash; test -o vi || echo off
test -o nonesuch; echo "s $?"
## stdout:
on
hash
off
s 1
## status: 0

### =~ reads its regex as glibc's ERE: backslashes, brackets and equivalence classes
[[ x =~ \\x ]]; echo "s $?"; [[ 'a\b' =~ a[\.]b ]] && echo backslash; [[ a.b =~ a[\.]b ]] && echo dot
[[ dog =~ [[=d=]].[\[=G=][=g=]] ]] && echo equiv; [[ a =~ ['a]'] ]] || echo quoted bracket
[[ 'x{' =~ x{ ]] && echo brace; [[ aab =~ ^a{2}b$ ]] && echo interval; [[ '*a' =~ *a ]] && echo star
[[ 'a b' =~ a\ b ]] && echo space; [[ abc =~ a\w\Sc ]] && echo classes
## stdout:
s 1
dot
equiv
quoted bracket
interval
space
## status: 1

### =~ is silent about a regex glibc refuses, with status 2 +stderr
[[ 'x{' =~ x{ ]]; echo "s $?"; [[ '*a' =~ *a ]]; echo "s $?"; [[ a =~ [a ]]; echo "s $?"; re='[\.]'; [[ '\' =~ $re ]]; echo "s $?"
## stdout:
s 2
s 2
s 2
s 0
## status: 0

### an operand of -ge that is no number fails the test with status 1 and the command goes on
v=2.1; if [[ $v -ge 2 ]]; then echo new; else echo old; fi; [[ $v -gt 1 ]] || echo no; [[ 1 -eq 1+ ]]; echo "status $?"
f() { [[ $1 -lt 10 ]] && echo small || echo big; echo end; }; f 1.5; f 3
## stdout:
old
no
status 1
big
end
small
end
## status: 0

### =~ brackets as glibc reads them: an unclosed [: or [. is an error, a backslash is a member, -- pairs are members
for re in '[[:alpha]' '[[.a]' '^x[a-]$' '^[--/]$' '^[\.]$' '^[]a]$' '^[^]a]$'; do
  for s in '[' a x- - '\' ']' b; do [[ $s =~ $re ]]; printf '%s ' "$?"; done; echo " $re"
done
## stdout:
2 2 2 2 2 2 2  [[:alpha]
2 2 2 2 2 2 2  [[.a]
1 1 0 1 1 1 1  ^x[a-]$
1 1 1 0 1 1 1  ^[--/]$
1 1 1 1 0 1 1  ^[\.]$
1 0 1 1 1 0 1  ^[]a]$
0 1 1 0 0 1 0  ^[^]a]$
## status: 0

### -v of name[@] says whether any element is set
a=(1 2); s=foo; e=; declare -A A=([x]=1); declare -a b; c=([3]=x)
for t in "a[@]" "a[*]" "s[@]" "e[@]" "A[@]" "b[@]" "n[@]" "a[5]" "c[@]"; do
    [ -v "$t" ]; x=$?
    [[ -v $t ]]; echo "$t $x $?"
done
A[@]=at; [[ -v A[@] ]] && echo "assoc key @"
## stdout:
a[@] 0 0
a[*] 0 0
s[@] 0 0
e[@] 0 0
A[@] 1 1
b[@] 1 1
n[@] 1 1
a[5] 1 1
c[@] 0 0
assoc key @
## status: 0

### a tilde prefix on the right of =~ is expanded and matched literally
HOME='/h.me'; [[ /h.me/x =~ ^~/x$ ]]; echo "prefix $?"
[[ /hXme/x =~ ~/x ]]; echo "dot is literal $?"
HOME='^a$'; [[ '^a$' =~ ~ ]]; echo "anchors literal $?"
[[ a~b =~ a~b ]]; echo "not a prefix $?"
## stdout:
prefix 1
dot is literal 1
anchors literal 0
not a prefix 0
## status: 0

### -v of an indexed array's element: the subscript is arithmetic, a negative one counts from the end
a=({1..9}); unset -v "a[4]"; i=2
for k in 0 8 9 -1 -5 -6 -9 i i+2 "i*2"; do
  [[ -v a[$k] ]]; printf '%s ' "$k:$?"; test -v "a[$k]"; printf '%s ' "t$?"
done; echo
x=1; [[ -v x[0] ]]; echo $?; [[ -v x[1] ]]; echo $?
declare -A A=([1+1]=x); [[ -v A[1+1] ]]; echo $?; [[ -v A[2] ]]; echo $?
## stdout:
0:0 t0 8:0 t0 9:1 t1 -1:0 t0 -5:1 t1 -6:0 t0 -9:0 t0 i:0 t0 i+2:1 t1 i*2:1 t1 
0
1
0
1
## status: 0

### -v of an associative element keeps the key's quoting: quoted text is taken as written
declare -A m=(['"']=dq ["'"]=sq ['$k']=lit)
k=v; q='"'
[[ -v m["$q"] ]]; echo "dq quoted: $?"
[[ -v m[\"] ]]; echo "dq escaped: $?"
[[ -v m['$k'] ]]; echo "single quoted dollar: $?"
[[ -v m["$k"] ]]; echo "quoted k: $?"
[[ -v m[$k] ]]; echo "unquoted k: $?"
k2='$k'; [[ -v m["$k2"] ]]; echo "quoted value with dollar: $?"
## stdout:
dq quoted: 0
dq escaped: 0
single quoted dollar: 0
quoted k: 1
unquoted k: 1
quoted value with dollar: 0
## status: 0

### test -u, -g and -k see the set-user, set-group and sticky bits
touch plain
mkdir su sg sticky
chmod u+s su; chmod g+s sg; chmod +t sticky
for f in plain su sg sticky; do
  printf '%s:' "$f"; for op in -u -g -k; do test $op "$f"; printf ' %s=%s' "$op" "$?"; done
  [[ -g $f ]]; echo " [[-g]]=$?"
done
## stdout:
plain: -u=1 -g=1 -k=1 [[-g]]=1
su: -u=0 -g=1 -k=1 [[-g]]=1
sg: -u=1 -g=0 -k=1 [[-g]]=0
sticky: -u=1 -g=1 -k=0 [[-g]]=1
## status: 0
## files:
plain: ""
sg/
sticky/
su/
