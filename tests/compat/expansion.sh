### single quotes in a double-quoted ${x-word} are text, what they hold is expanded
a=foo; unset u; echo "${u-'$a'}" "${a:+'$a'}" "${u:-'x y'}"
echo "${u-'}'z}" "${IFS+'}'}"
## stdout:
'foo' 'foo' 'x y'
'}'z '}'
## status: 0

### an escaped quote in a double-quoted ${x-word} opens nothing
a=foo; unset u; echo "${u-\'}" "${u-\'$a\'}" "${u-it\'s}"
## stdout:
\' \'foo\' it\'s
## status: 0

### a backslash inside "..." inside a double-quoted ${x+word} escapes any character
v=val; echo "${v:+="\p"}" "${v:+"\'$v\'"}" "${v:+"\\"}" "${v:+\p}"
echo ${v:+"\p"} ${v:+"\'$v\'"}
## stdout:
=p 'val' \ \p
\p \'val\'
## status: 0

### a substring offset holds a command substitution or backquotes with a brace
s=abcdef; echo ${s:`echo 2`} ${s:$(echo 1):2} "${s:`echo 3`:`echo 1`}"
## stdout:
cdef bc d
## status: 0

### a substring offset holds the conditional operator
s=abcdef; j=1; echo ${s:j?2:0} ${s:j?1:0:j} ${s:(j?3:0):2} ${s:j?(j?4:0):0:1}
## stdout:
cdef b de e
## status: 0

### a backslash-newline inside backquotes joins the lines, even inside quotes there
echo `echo 'ab\
cd'` "`echo "ef\
gh"`"
## stdout:
abcd efgh
## status: 0

### $'\x{HH}' takes any number of hex digits
printf '%s|' $'a\x{41}b' $'\x{4a}' $'c\x{}d'; echo
## stdout:
aAb|J|c|
## status: 0

### ${!-word} and ${!:+word} test $!, not an indirection
echo "${!-none}" "[${!:+set}]"; : & wait; echo "${!:+set}"
## stdout:
none []
set
## status: 0

### ${#?word} tests $#, ${#?} is the length of $?
set -- a b c; echo ${#?:-x} ${#?}; set --; echo ${#?oops} ${#:-x}
## stdout:
3 1
0 0
## status: 0

### an unquoted & in a replacement is the match; a quoted or escaped one is text
s=abcdefg; r='<&>'; q='\&'
echo ${s/abc/[&]} ${s/abc/\&} ${s/abc/"&"} "${s/abc/'&'}" "${s//[bd]/&&}"
echo ${s/abc/$r} ${s/abc/"$r"} ${s/abc/$q} ${s/abc/"$q"} ${s/abc/\\&}
## stdout:
[abc]defg &defg &defg &defg abbcddefg
<abc>defg <&>defg &defg \&defg \abcdefg
## status: 0

### shopt -u patsub_replacement makes & plain text
s=abc; shopt -u patsub_replacement; echo ${s/b/&&} ${s/b/\&}; shopt -q patsub_replacement || echo off
shopt -s patsub_replacement; echo ${s/b/&&}
## stdout:
a&&c a&c
off
abbc
## status: 0

### declare -c capitalizes what is assigned
declare -c v=hELLO; echo $v; v="two WORDS"; echo $v; declare -p v; declare -u v; v=up; echo $v; declare -p v
## stdout:
Hello
Two words
declare -c v="Two words"
UP
declare -u v="UP"
## status: 0

### "$x$@" with no parameters and $x empty makes no word
n() { echo $#; }; set --; x=; n "$x$@"; n "$*$@"; n "$x""$@"; n "${x}$@" a; set -- ''; n "$x$@"
## stdout:
0
0
1
1
1
## status: 0

### an empty value is replaced when the pattern matches the empty string
v=; echo "[${v/*/x}]" "[${v//*/y}]" "[${v/#/z}]" "[${v/a/b}]"
## stdout:
[x] [y] [z] []
## status: 0

### a negative length of a list slice is an error naming the length as written +stderr
set -- a b c; n=-1; echo "${@:1:2}"; (echo ${@:1:n}); (a=(x y); echo ${a[@]:0:-1}); x=abc; echo ${x:0:-1}
## stdout:
a b
ab
## stderr:
n: substring expression < 0
-1: substring expression < 0
## status: 0

### ${v[@]:offset} of a variable that is no array slices its string
v=blah; echo ${v[@]:2} "${v[*]:1:2}" ${v[0]:3}
## stdout:
ah la h
## status: 0

### eval and let take name=(…) as one word
eval a=\(1 "'2 3'"\); echo ${#a[@]} "${a[1]}"; let x=\(1+2\)*2; let y=(4+2)/3; echo $x $y
## stdout:
2 2 3
6 2
## status: 0

### nocasematch applies to the pattern of ${v//pattern/word}
v=abcd; shopt -s nocasematch; echo ${v//B/x} ${v//[BC]/y} ${v/#A/z}; shopt -u nocasematch; echo ${v//B/x}
## stdout:
axcd ayyd zbcd
abcd
## status: 0

### @A and @a of a variable declared without a value, and of $@
declare -lr v1; declare -a e=(); declare -A m; echo "${v1@A}|${v1[@]@A}|${v1@a}|${e@A}|${e[@]@A}|${m@A}|${m@a}"
set -- a "b c" "it's"; echo "${@@A}"; set --; echo "[${*@A}]"
## stdout:
declare -rl v1|declare -rl v1|rl|declare -a e|declare -a e=()|declare -A m|A
set -- 'a' 'b c' 'it'\''s'
[]
## status: 0

### ${x@P} expands a prompt's escapes, then its parameters
H=host; L=2; p='\[\]${H}($L)[\v] \\ \101 \q'; echo "${p@P}"; q='$(echo sub) `echo bq`'; echo "${q@P}"
## stdout:
host(2)[5.2] \ A \q
sub bq
## status: 0

### $(< word) expands a glob naming one file
mkdir -p d && echo one > d/f.x1 && echo two > d/g.y; echo "$(< d/f.*)"; cat ${nothing:-<(echo ps)}
## stdout:
one
ps
## status: 0
## files:
d/
d/f.x1: "one\n"
d/g.y: "two\n"

### read gives the last name one word and its delimiter without the delimiter
for line in ":a :" "a b :" "a b c :" "a b::" "a,b,c,," "a,b,"; do
  case $line in *,*) IFS=, read x y <<< "$line" ;; *) IFS=": " read x y <<< "$line" ;; esac
  echo "($x)($y)"
done
## stdout:
()(a)
(a)(b)
(a)(b c :)
(a)(b::)
(a)(b,c,,)
(a)(b)
## status: 0

### an assignment's value expands tildes at its start and after colons, not after another =
HOME=/h; h=HOME=~; x=a=~:~; y=~:~; echo $h $x $y; : ${u:=~:~} ${w:=P=~/b}; echo $u $w; echo a=~/x:~ b=x=~; echo ~:~ ${v:-~:x}
## stdout:
HOME=~ a=~:/h /h:/h
/h:~ P=~/b
a=/h/x:/h b=x=~
/h:~ /h:x
## status: 0

### ${x:=word} assigns as name=word does: integer and case attributes apply
declare -i n; echo ${n:=4+3}; declare -u U; echo ${U:=up}; declare -p n U; a=(); declare -ai a; echo ${a[2]:=2*3} ${a[@]}
## stdout:
7
UP
declare -i n="7"
declare -u U="UP"
6 6
## status: 0

### an arithmetic error in a substring offset names the parameter +stderr
x=hello; (echo ${x:1 2}); (echo ${x:1:2 3}); echo done
## stdout:
done
## stderr:
x: 1 2: syntax error in expression (error token is "2")
x: 2 3: syntax error in expression (error token is "3")
## status: 0

### declare -p quotes an associative array's key holding control characters
declare -A m=([$'a\tb']=1 [$'\x01']=2); declare -p m; unset m; echo "${!*}[${!@}]"
## stdout:
declare -A m=([$'\001']="2" [$'a\tb']="1" )
[]
## status: 0

### set -o posix: a single quote inside a double-quoted ${x+word} is an ordinary character
echo "${IFS+'}'z}"; set -o posix
echo "${IFS+'}'z}"; set +o posix
echo "${IFS+'}'z}"; shopt -qo posix || echo off
## stdout:
'}'z
''z}
'}'z
off
## status: 0

### set -o posix: arguments of an assignment's shape keep their tildes
HOME=/h; echo a=~/x; set -o posix; echo a=~/x; b=~/y; echo $b ~/z
## stdout:
a=/h/x
a=~/x
/h/y /h/z
## status: 0

### set -o posix: assignments before a special builtin stay after it
x=1 :; echo "[$x]"; set -o posix; y=2 :; echo "[$y]"; z=3 true; echo "[$z]"; IFS=: eval 'echo "[$IFS]"'; echo "[$IFS]"
## stdout:
[]
[2]
[]
[:]
[:]
## status: 0

### POSIXLY_CORRECT turns POSIX mode on
POSIXLY_CORRECT=1; x=2 eval 'echo $x'; echo "[$x]"; shopt -qo posix && echo on
## stdout:
2
[2]
on
## status: 0

### assignments before declare, export and readonly hold while it runs
x=1 declare -p x; echo "[$x]"; y=2 readonly -p | grep ' y='; echo "[$y]"
## stdout:
declare -x x="1"
[]
[]
## status: 0

### a[i]+=n of an integer array adds to that element
declare -ai a=(1 2 3); a[2]+=5; a[0]+=a[1]; echo ${a[@]}; declare -i n=4; n+=3; echo $n
## stdout:
3 2 8
7
## status: 0

### a pattern of ${v//pattern/word} may start with a slash
a=/a/b/a; echo "${a///a/}" "${a///a}" "/${a#/}"
## stdout:
/b /b /a/b/a
## status: 0

### $'…' inside ${x-word} in a here-document stays as written
cat <<EOF
${none-a$'\x41'b} "${none-$'\x41'}"
EOF
echo "${none-a$'\x41'b}"
## stdout:
a$'\x41'b "$'\x41'"
aAb
## status: 0

### bash -uc TEXT runs TEXT with nounset
bash -uc 'echo in; echo $nothere; echo not reached'; echo "status $?"; bash -ec 'false; echo no'; echo "status $?"
## stdout:
in
status 127
status 1
## status: 0

### set -u makes trimming, replacing and slicing an unset parameter an error
(set -u; echo ${u#x}); (set -u; echo ${u/a/b}); (set -u; echo ${u:0:1}); (set -u; echo ${u^^}); (set -u; echo "${@#x}" "${u-ok}" "${u+no}"); echo end
## stdout:
ok 
end
## status: 0

### set -u: @a of an empty array is unbound
(set -u; declare -a e=(); echo ${e@a}); echo "status $?"; (set -u; declare -a f=([1]=x); echo ${f@a})
## stdout:
status 1
a
## status: 0

### printf's format reads \' \" and \? as the character, %b keeps them
printf '\'"'"'a\"b\?|%b\n' "\\'x\\\""
## stdout:
'a"b?|\'x\"
## status: 0

### shopt -s xpg_echo makes echo read escapes
shopt -s xpg_echo; echo 'a\tb'; echo -E 'c\td'; shopt -u xpg_echo; echo 'e\tf'
## stdout:
a	b
c\td
e\tf
## status: 0

### [k]+=v inside a compound assignment adds to the element
a=(x y [1]+=z [0]+=w); echo ${a[@]}; a+=([0]+=v q); echo ${a[@]}
declare -ai n=(1 2 [1]+=5); n+=([0]+=4 [3]+=1); echo ${n[@]}; declare -p n
declare -A m=([k]=a [k]+=b); m+=([k]+=c [j]+=d); echo ${m[k]} ${m[j]}
## stdout:
xw yz
xwv q
5 7 1
declare -ai n=([0]="5" [1]="7" [3]="1")
bc d
## status: 0

### ${!1*} and ${!@*} are bad substitutions; ${6=x} names $6 +stderr
(echo ${!1*}); (echo ${!@*}); (echo ${6=x}); a1=1; echo ${!a*}
## stdout:
a1
## stderr:
${!1*}: bad substitution
${!@*}: bad substitution
$6: cannot assign in this way
## status: 0

### an unquoted list whose item ends with a non-blank IFS character keeps that empty field
IFS=,; a=("x," "y,"); printf "<%s>" ${a[@]}; echo; set -- "x," ",y" z; printf "<%s>" $@; echo; printf "<%s>" $*; echo
b="x,"; printf "<%s>" $b$b; echo; IFS=", "; set -- "x, " y; printf "<%s>" $@; echo
## stdout:
<x><><y>
<x><><><y><z>
<x><><><y><z>
<x><x>
<x><><y>
## status: 0

### "${@:+word}" with no parameters makes no word, as "$@" does
n() { echo $#; }; set --; n "${@:+x}" "${@+y}"; n "${@:-}"; n "${*:+x}"; a=(); n "${a[@]:+x}"
set -- ""; n "${@:+x}"; n ${@:+x}; set -- a b; n "${@:+x}"; n "${@+x}y"
## stdout:
0
1
1
0
1
0
1
1
## status: 0

### an indirect expansion names a variable, a positional or a special parameter
set -- one two
a=(x y)
for ref in 1 '#' '@' 'a[1]' '?' _; do
  echo "$ref: [${!ref}]"
done
## stdout:
1: [one]
#: [2]
@: [one two]
a[1]: [y]
?: [0]
_: [?: [0]]
## status: 0

### an indirect expansion of something that is no name is an error that drops the rest of its line
ref='a b'
echo "[${!ref}]"; echo dropped
echo next line
## stdout:
next line
## status: 0

### ${!v} of an unset or empty v is refused whatever the operator, dropping the command +stderr
unset v
echo "[${!v:-d}]"; echo not reached
echo "st=$?"
echo "[${!v+d}]"
v=
echo "[${!v:-d}]"
v=nosuch
echo "[${!v:-d}] [${!v+set}]"
set --
echo "[${!*}] [${!@:-none}] [${!9:-nine}] [${!1+one}]"
a=(x); echo "[${!a[3]:-u}]"
## stdout:
st=1
[d] []
[] [none] [nine] []
[u]
## stderr:
v: invalid indirect expansion
v: invalid indirect expansion
: invalid variable name
## status: 0

### an indirect expansion of a declared variable with no value names nothing, silently
declare -A keyed=([k]=v); echo "assoc [${!keyed}] $?"
sparse=([4]=x); echo "sparse [${!sparse}] $?"
declare bare; echo "bare [${!bare}] $?"
f() { local inner; echo "local [${!inner}] $?"; }; f
echo "never declared [${!nothing_here}]"
echo "the next line runs"
## stdout:
assoc [] 0
sparse [] 0
bare [] 0
local [] 0
the next line runs
## status: 0
