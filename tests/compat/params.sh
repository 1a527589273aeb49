### default value
unset x; echo ${x:-def} ${x-def2}; x=; echo ${x:-def} [${x-def2}]
## stdout:
def def2
def []
## status: 0

### assign default
unset x; echo ${x:=set}; echo $x
## stdout:
set
set
## status: 0

### alternate value
x=1; echo ${x:+alt} [${y:+alt}]; y=; echo [${y+set}] [${y:+nope}]
## stdout:
alt []
[set] []
## status: 0

### error when unset
unset x; (echo ${x:?is required}); echo status $?
## stdout:
status 1
## status: 0

### error message default
unset x; (: ${x?}); echo $?
## stdout:
1
## status: 0

### length
x=hello; echo ${#x}; y=; echo ${#y}
## stdout:
5
0
## status: 0

### length of unicode
x=héllo; echo ${#x}
## stdout:
5
## status: 0

### remove prefix
p=/usr/local/bin/tool; echo ${p#*/} ${p##*/}
## stdout:
usr/local/bin/tool tool
## status: 0

### remove suffix
f=archive.tar.gz; echo ${f%.*} ${f%%.*}
## stdout:
archive.tar archive
## status: 0

### trim with quoted pattern
x='a*b*c'; echo ${x#'a*'} ${x%"*c"}
## stdout:
b*c a*b
## status: 0

### replace first and all
x=aabbaa; echo ${x/a/X} ${x//a/X}
## stdout:
Xabbaa XXbbXX
## status: 0

### replace anchored
x=abcabc; echo ${x/#abc/S} ${x/%abc/E} ${x/#b/no}
## stdout:
Sabc abcE abcabc
## status: 0

### replace with empty
x=hello; echo ${x//l} ${x/l/}
## stdout:
heo helo
## status: 0

### replace with ampersand
x=abc; echo "${x/b/[&]}"
## stdout:
a[b]c
## status: 0

### replace with glob
x=foo.txt.bak; echo ${x/.*/} ${x//[ot]/_}
## stdout:
foo f__._x_.bak
## status: 0

### substring
x=abcdefgh; echo ${x:2} ${x:2:3} ${x: -3} ${x: -3:2} ${x:1:-2}
## stdout:
cdefgh cde fgh fg bcdef
## status: 0

### substring out of range
x=abc; echo "[${x:5}]" "[${x:1:10}]"
## stdout:
[] [bc]
## status: 0

### case modification
x='hello World'; echo ${x^} ${x^^} ${x,,} ${x,}
## stdout:
Hello World HELLO WORLD hello world hello World
## status: 0

### case with pattern
x=banana; echo ${x^^a}
## stdout:
bAnAnA
## status: 0

### indirect expansion
name=target; target=value; echo ${!name}
## stdout:
value
## status: 0

### prefix names
app_one=1; app_two=2; echo ${!app_*}
## stdout:
app_one app_two
## status: 0

### transform Q
x="it's"; echo ${x@Q}
## stdout:
'it'\''s'
## status: 0

### transform U and L
x=Mixed; echo ${x@U} ${x@L} ${x@u}
## stdout:
MIXED mixed Mixed
## status: 0

### positional parameters
set -- a b c d e f g h i j k; echo $1 $3 ${10} ${11} $#
## stdout:
a c j k 11
## status: 0

### shift
set -- a b c; shift; echo $@; shift 2; echo $#
## stdout:
b c
0
## status: 0

### special parameter question mark
false; echo $?; true; echo $?
## stdout:
1
0
## status: 0

### dollar zero in function is script name
f() { echo "$1"; }; f arg
## stdout:
arg
## status: 0

### positional slice
set -- a b c d; echo ${@:2} ${@:2:2} ${*: -1}
## stdout:
b c d b c d
## status: 0

### nested default expansion
unset a b; echo ${a:-${b:-inner}}
## stdout:
inner
## status: 0

### default with spaces splits unquoted
unset x; printf '[%s]' ${x:-a b}; echo
## stdout:
[a][b]
## status: 0

### default quoted does not split
unset x; printf '[%s]' "${x:-a b}"; echo
## stdout:
[a b]
## status: 0

### braces around special
set -- one; echo ${1} ${#} ${#1}
## stdout:
one 1 3
## status: 0

### length of positional
set -- a b c; echo ${#@} ${#*}
## stdout:
3 3
## status: 0

### unset variable is empty
echo "[$nope]"
## stdout:
[]
## status: 0

### assignment value not split
x="a b"; y=$x; echo "$y"
## stdout:
a b
## status: 0

### assignment with tilde after equals
HOME=/hh; a=~; echo $a
## stdout:
/hh
## status: 0

### pattern removal with char class
x=abc123def; echo ${x##*[0-9]} ${x%%[0-9]*}
## stdout:
def abc
## status: 0

### parameter in arithmetic in default
n=3; echo ${x:-$((n+1))}
## stdout:
4
## status: 0

### plus equals string
x=ab; x+=cd; echo $x
## stdout:
abcd
## status: 0

### readonly variable assignment fails
readonly r=1; (r=2) 2>/dev/null; echo $? $r
## stdout:
1 1
## status: 0

### var with digits and underscore
a_1=ok; echo $a_1 ${a_1}
## stdout:
ok ok
## status: 0

### $_ is the last argument of the previous simple command
echo a b
echo "[$_]"
x=1
echo "[$_]"
true c d | cat
echo "[$_]"
for i in 1 2; do :; done
echo "[$_]"
f() { echo "in:$_"; }
f p q
echo "[$_]"
## stdout:
a b
[b]
[]
[[]]
[:]
in:[:]
[q]
## status: 0

### a slice, trim or replacement of "$@" with nothing left makes no word
set -- a b
for w in "${@:3}" "${@:1:0}"; do echo "[$w]"; done
set --
for w in "${@#x}" "${@/a/b}" "${@^^}"; do echo "<$w>"; done
a=()
for w in "${a[@]:1}" "${a[@]@Q}"; do echo "{$w}"; done
for w in "${@:-default}"; do echo "($w)"; done
echo end
## stdout:
(default)
end
## status: 0

### $'...' in the words of ${...} is decoded inside double quotes too
s=a,b
echo "${s//,/$'\t'}"
echo "${u:-$'x\ty'}" "$'\t'"
echo "${s//$','/-}"
f() { echo "${1// /$'\n'}"; }
f 'p q'
## stdout:
a	b
x	y $'\t'
a-b
p
q
## status: 0

### tilde prefixes in assignments end at a slash or a colon
HOME=/h; OLDPWD=/o; a=~:~/b:c~:~-; echo $a; export c=x:~; echo $c; declare d=x:~; echo $d; f() { local l=x:~; echo $l; }; f; j+=:~; echo $j
## stdout:
/h:/h/b:c~:/o
x:/h
x:/h
x:/h
:/h
## status: 0

### a quoted or escaped tilde prefix is not expanded in an assignment
HOME=/h; f=~\:x; g="~:x"; h=x:'~'; x=~"/q"; echo $f $g $h $x ~"x" ~\/x
## stdout:
~:x ~:x x:~ ~/q ~x ~/x
## status: 0

### an array element's tilde prefix ends at a colon, only at its start
HOME=/h; b=(~:x ~/y a:~ ~x "~" ~/y:~); echo "${b[@]}"; declare -A m=([k]=~:~); echo ${m[k]}
## stdout:
/h:x /h/y a:~ ~x ~ /h/y:~
~:~
## status: 0

### the word of a default expands a leading tilde unless quoted
HOME=/h; OLDPWD=/o; echo ${x:-~} "${x:-~}" ${x:-~/a} ${x:-~-}; y=1; echo ${y:+~} ~nosuchuser
## stdout:
/h ~ /h/a /o
/h ~nosuchuser
## status: 0

### quotes in a pattern inside double quotes are quotes
v=abc; echo "${v#'a'}" "${x:-'a'}" "${v/'b'/'X'}" "${v%'c'}" "${v^^'b'}"; v='a+b-c'; echo "${v//['+-']}" "${v//'+'/\"}"
## stdout:
bc 'a' aXc ab aBc
abc a"b-c
## status: 0

### a closing brace inside single quotes does not end the expansion
v=1; echo ${v-'}'} "${x-'}'}" "${x-a'b}c'd}"
## stdout:
1 '}' a'b}c'd
## status: 0

### a default of "$@" and "$*" holding only empty words
f() { for w in "${@:-x}"; do echo "[$w]"; done; echo "*[${*:-x}]" "+[${@:+y}]"; }; f "" ""; f ""; f; IFS=; f "" ""
## stdout:
[]
[]
*[ ] +[y]
[x]
*[x] +[]
[x]
*[x] +[]
[]
[]
*[x] +[y]
## status: 0

### ${v@a} names an array's kind with the other attributes
x=(a b); echo "${x@a}" "${x[@]@a}" "${x[0]@a}"; declare -A m=([k]=v); echo "${m@a}" "${m[k]@a}"; declare -ir n=1; echo ${n@a}; declare -n r=n; echo ${r@a}; declare -lx l=A; echo ${l@a}; declare -i u; echo "[${u@a}]" "[${nosuch@a}]"
## stdout:
a a a a
A A
ir
ir
xl
[i] []
## status: 0

### ${a[@]@K} pairs keys with quoted values, @k as separate words
declare -A m=([k]="v w"); printf '<%s>' "${m[@]@K}"; echo; printf '<%s>' "${m[@]@k}"; echo; a=(p "q r"); printf '<%s>' "${a[@]@K}"; echo; printf '<%s>' "${a[@]@k}"; echo; echo "${a[1]@K}"; s=str; echo ${s@K}; printf '<%s>' ${a[@]@K}; echo
## stdout:
<k "v w" >
<k><v w>
<0 "p" 1 "q r">
<0><p><1><q r>
'q r'
'str'
<0><"p"><1><"q><r">
## status: 0

### PIPESTATUS before any pipeline and under set -u
set -u; echo "${PIPESTATUS[0]} ${#PIPESTATUS[@]}"; false; echo "${PIPESTATUS[@]}"; true | false; echo "${PIPESTATUS[@]}"; (exit 3); echo "${PIPESTATUS[*]}"; false; declare -p PIPESTATUS
## stdout:
0 1
1
0 1
3
declare -a PIPESTATUS=([0]="1")
## status: 0

### OPTERR is 1 to start
echo "$OPTERR"; declare -p OPTERR; set -u; echo "${OPTERR}x"
## stdout:
1
declare -- OPTERR="1"
1x
## status: 0

### @Q quotes control characters as $'…', @A shows attributes and whole arrays
z=$'a\nb'; echo "${z@Q}"; x=$'a\tb'; echo ${x@Q}; u=; echo "${u@A}"
declare -a a=(1 "2 3"); echo "${a@A}"; echo "${a[1]@A}"; echo "${a[*]@A}"; echo "${a[@]@A}"
declare -A m=([k]=v); echo "${m[@]@A}"; declare -rx r=$'a\nb'; echo "${r@A}"
declare -i n; echo "${n@A}".; a2=(); echo "${a2[@]@A}".; declare -il k=3; echo "${k@A}"
## stdout:
$'a\nb'
$'a\tb'
u=''
declare -a a='1'
declare -a a='2 3'
declare -a a=([0]="1" [1]="2 3")
declare -a a=([0]="1" [1]="2 3")
declare -A m=([k]="v" )
declare -rx r=$'a\nb'
declare -i n.
declare -a a2=().
declare -il k='3'
## status: 0

### ${x:} is a bad substitution; ${x::2} and ${x:1:} are not +stderr
x=hello; echo ${x::2} [${x:1:}]; echo ${x:}; echo not reached
## stdout:
he []
## stderr:
${x:}: bad substitution
## status: 1

### ${x?} says the parameter is not set, ${x:?} null or not set +stderr
(unset x; echo ${x?}); (x=; echo ${x:?}); echo done
## stdout:
done
## stderr:
x: parameter not set
x: parameter null or not set
## status: 0

### an escaped dash inside brackets is a character, not a range
[[ a-c == a[a\-z]c ]] && echo match; [[ abc == a[a\-z]c ]] || echo no-range
case a-c in a[a\-z]c) echo case;; esac
s=my-file; echo "${s//[a\-z]/X}"; s=a^b; echo "${s//[\^]/_}"
s=abc; echo "${s:1:9223372036854775807}"
## stdout:
match
no-range
case
myXfile
a_b
bc
## status: 0

### set -u names an unset positional parameter written without braces with its dollar +stderr
f() { echo "${2-none}"; ( echo ${3} ); echo $2; echo not reached; }; set -u; f one
echo $?
## stdout:
none
## stderr:
environment: line 1: 3: unbound variable
environment: line 1: $2: unbound variable
## status: 127

### case conversion maps one character to one, as towupper does: ß stays, Σ lowers to σ
s=$'stra\u00dfe' g=$'\u039f\u03a3'
echo "${s^^} ${s@U} ${s^}"
echo "${g,,} ${g@L}"
declare -u u=$s; declare -l l=$g; declare -c c=$'\u00dfx'
echo "$u $l $c"
## stdout:
STRAßE STRAßE Straße
οσ οσ
STRAßE οσ ßx
## status: 0

### prompt strings: time escapes \t \T \@ \A \d \D{…}, and \\ quoting what follows it
export TZ=UTC
for p in '\t' '\T' '\@' '\A' '\d' '\D{%Y-%m}' '\D{}' '\D{%H'; do
  PS1=$p; v=${PS1@P}
  [[ $v =~ ^[0-9]{2}:[0-9]{2}(:[0-9]{2})?( [AP]M)?$|^[A-Z][a-z]{2}\ [A-Z][a-z]{2}\ [0-9]{2}$|^[0-9]{4}-[0-9]{2}$|^[0-9]{2}$ ]] && echo "$p ok" || echo "$p: $v"
done
x='\' HOME=/h
for p in '\\$' '\\\\$ \\\\x $HOME' '[\\]' '\\' '\\$x' 'a\[b\]c'; do PS1=$p; printf '%s\n' "${PS1@P}"; done
## stdout:
\t ok
\T ok
\@ ok
\A ok
\d ok
\D{%Y-%m} ok
\D{} ok
\D{%H ok
$
\$ \x /h
[\]
\
$x
abc
## status: 0

### a transformation bash does not know is an error only on a value: ${u@Z} of an unset u is empty
set --; echo "[${u@Z}] [${u@}] [${@@Z}] [${1@Z}]"
x=ab; bash -c 'x=ab; echo "${x@Z}"; echo after' 2>&1; echo "status $?"
## stdout:
[] [] [] []
bash: line 1: ${x@Z}: bad substitution
status 127
## status: 0
