### indexed array basics
a=(one two three); echo ${a[0]} ${a[2]} ${#a[@]}
## stdout:
one three 3
## status: 0

### all elements
a=(x y z); echo "${a[@]}"; echo "${a[*]}"
## stdout:
x y z
x y z
## status: 0

### append element
a=(1 2); a+=(3 4); echo ${a[@]} ${#a[@]}
## stdout:
1 2 3 4 4
## status: 0

### assign by index
a[5]=five; a[1]=one; echo ${!a[@]} ${a[@]}
## stdout:
1 5 one five
## status: 0

### sparse array length
a=([3]=c [1]=a); echo ${#a[@]} ${!a[@]}
## stdout:
2 1 3
## status: 0

### negative index
a=(1 2 3); echo ${a[-1]} ${a[-2]}
## stdout:
3 2
## status: 0

### array element length
a=(hello); echo ${#a[0]}
## stdout:
5
## status: 0

### array from word splitting
s="a b c"; a=($s); echo ${#a[@]}
## stdout:
3
## status: 0

### quoted elements keep spaces
a=("a b" c); echo ${#a[@]}; printf '[%s]' "${a[@]}"; echo
## stdout:
2
[a b][c]
## status: 0

### unset element
a=(1 2 3); unset 'a[1]'; echo ${a[@]} ${!a[@]}
## stdout:
1 3 0 2
## status: 0

### unset whole array
a=(1 2); unset a; echo "[${a[@]}]"
## stdout:
[]
## status: 0

### array slice
a=(a b c d e); echo ${a[@]:1:3} ${a[@]: -2}
## stdout:
b c d d e
## status: 0

### array pattern operations
a=(apple.txt banana.txt); echo ${a[@]%.txt} ${a[@]/a/A}
## stdout:
apple banana Apple.txt bAnana.txt
## status: 0

### iterate array
a=("x y" z); for i in "${a[@]}"; do echo "<$i>"; done
## stdout:
<x y>
<z>
## status: 0

### iterate indices
a=(p q r); for i in "${!a[@]}"; do echo $i=${a[$i]}; done
## stdout:
0=p
1=q
2=r
## status: 0

### associative array
declare -A m; m[one]=1; m[two]=2; echo ${m[one]} ${m[two]} ${#m[@]}
## stdout:
1 2 2
## status: 0

### associative array literal
declare -A m=([a]=x [b]=y); echo ${m[a]}${m[b]}
## stdout:
xy
## status: 0

### associative keys with spaces
declare -A m; m["key one"]=v; echo "${m[key one]}"
## stdout:
v
## status: 0

### associative missing key
declare -A m; echo "[${m[nope]}]"
## stdout:
[]
## status: 0

### associative unset key
declare -A m=([a]=1 [b]=2); unset 'm[a]'; echo ${#m[@]} ${m[b]}
## stdout:
1 2
## status: 0

### array element default
a=(); echo ${a[0]:-empty}
## stdout:
empty
## status: 0

### scalar as array
s=hello; echo ${s[0]} ${#s[@]}
## stdout:
hello 1
## status: 0

### array in arithmetic
a=(5 10); echo $(( a[0] * a[1] ))
## stdout:
50
## status: 0

### array with command substitution elements
a=($(echo 1 2 3)); echo ${#a[@]}
## stdout:
3
## status: 0

### declare -a
declare -a arr; arr[0]=z; echo ${arr[@]}
## stdout:
z
## status: 0

### array copy
a=(1 "2 3"); b=("${a[@]}"); echo ${#b[@]} "${b[1]}"
## stdout:
2 2 3
## status: 0

### array element increment
a=(1); ((a[0]++)); echo ${a[0]}
## stdout:
2
## status: 0

### read into array
read -a parts <<< "x y z"; echo ${parts[1]} ${#parts[@]}
## stdout:
y 3
## status: 0

### array join with IFS
a=(a b c); IFS=,; echo "${a[*]}"
## stdout:
a,b,c
## status: 0

### declare -p array
a=(1 two); declare -p a
## stdout:
declare -a a=([0]="1" [1]="two")
## status: 0

### append to element
a=(x); a[0]+=y; echo ${a[0]}
## stdout:
xy
## status: 0

### array index from variable expression
a=(a b c); i=0; echo ${a[$i+1]} ${a[i+2]}
## stdout:
b c
## status: 0

### empty array iteration
a=(); for x in "${a[@]}"; do echo never; done; echo done
## stdout:
done
## status: 0

### associative iteration sorted output
declare -A m=([k1]=v1); for k in "${!m[@]}"; do echo "$k=${m[$k]}"; done
## stdout:
k1=v1
## status: 0

### array with glob element
touch g1 g2; a=(g*); echo ${a[@]}
## stdout:
g1 g2
## status: 0
## files:
g1: ""
g2: ""

### local associative array in function
f() { local -A h=([x]=1); echo ${h[x]}; }; f
## stdout:
1
## status: 0

### in_place_array_writes
a=(x); a=("${a[@]}" z [5]=q r); declare -p a
a+=("${a[@]}" [1]=w); declare -p a
s=abc; s+=(d); s[4]=e; a[-1]+=!; declare -p s a
unset 'a[-1]' 'a[0]'; a+=(end); declare -p a
declare -A m=([k]=v); m+=([j]=w); m[k]+=2; declare -p m
## stdout:
declare -a a=([0]="x" [1]="z" [5]="q" [6]="r")
declare -a a=([0]="x" [1]="w" [5]="q" [6]="r" [7]="x" [8]="z" [9]="q" [10]="r")
declare -a s=([0]="abc" [1]="d" [4]="e")
declare -a a=([0]="x" [1]="w" [5]="q" [6]="r" [7]="x" [8]="z" [9]="q" [10]="r!")
declare -a a=([1]="w" [5]="q" [6]="r" [7]="x" [8]="z" [9]="q" [10]="end")
declare -A m=([k]="v2" [j]="w" )
## status: 0

### mapfile reads lines with their newlines, -t trims them
printf 'a\nb\n\nc' > f; mapfile m < f; declare -p m; mapfile -t t < f; declare -p t
## stdout:
declare -a m=([0]=$'a\n' [1]=$'b\n' [2]=$'\n' [3]="c")
declare -a t=([0]="a" [1]="b" [2]="" [3]="c")
## status: 0
## files:
f: "a\nb\n\nc"

### readarray from a process substitution and a here-string
readarray -t r < <(printf 'x\ny\n'); echo "${#r[@]} ${r[1]}"; readarray -t h <<< $'1\n2'; declare -p h
## stdout:
2 y
declare -a h=([0]="1" [1]="2")
## status: 0

### mapfile with a delimiter, a count, a skip and an origin
printf 'a,b,c,d' | { mapfile -d , -t x; declare -p x; }; seq 5 > f; mapfile -s 1 -n 2 -t y < f; declare -p y; z=(q w e r); mapfile -O 2 -t z < f; declare -p z
## stdout:
declare -a x=([0]="a" [1]="b" [2]="c" [3]="d")
declare -a y=([0]="2" [1]="3")
declare -a z=([0]="q" [1]="w" [2]="1" [3]="2" [4]="3" [5]="4" [6]="5")
## status: 0
## files:
f: "1\n2\n3\n4\n5\n"

### mapfile into MAPFILE by default, and in a pipeline's subshell
printf '1\n2\n' > f; mapfile < f; echo "${#MAPFILE[@]}"; printf 'x\n' | mapfile -t p; echo "${#p[@]}"
## stdout:
2
0
## status: 0
## files:
f: "1\n2\n"

### mapfile refuses a bad name and a bad count
mapfile 1x < /dev/null; echo "status $?"; mapfile -n x a < /dev/null; echo "status $?"
## stdout:
status 1
status 1
## status: 0

### declare -p quotes values with control characters as $'...'
a=$'1\n2'; b=(1 $'x\ty' "q\"d" $'\e[0m'); declare -A c=([k]=$'v\n'); e=é; declare -p a b c e
## stdout:
declare -- a=$'1\n2'
declare -a b=([0]="1" [1]=$'x\ty' [2]="q\"d" [3]=$'\E[0m')
declare -A c=([k]=$'v\n' )
declare -- e="é"
## status: 0

### "${!a[@]}" and "${!prefix@}" with nothing to list make no field
a=(); printf '<%s>' "${!a[@]}" "${a[@]:0}" "${!a[*]}" "${!HOxx@}" "${@:1}"; echo; declare -A m=(); printf '<%s>' "${!m[@]}" x; echo
## stdout:
<>
<x>
## status: 0

### a negative index before the first element is a bad array subscript +stderr
a=(1 2); echo "[${a[-3]}]" $?; echo "${a[-2]}"; x=1; echo "[${x[-1]}]"; x[-1]=3; declare -p x
a[-3]=x; echo not reached
## stdout:
[] 0
1
[]
declare -a x=([0]="3")
## stderr:
a: bad array subscript
x: bad array subscript
a[-3]: bad array subscript
## status: 1

### an associative array from key-value pairs; declare -p quotes keys with specials
declare -A m=(k1 v1 k2); m+=(k3 v3); declare -p m; declare -A o=(x "y z"); declare -p o
declare -A q=(["p q"]=1 ["x\$y"]=2 [a=b]=3); for k in "p q" 'x$y' a=b; do declare -A one=(["$k"]=v); declare -p one; unset one; done
## stdout:
declare -A m=([k1]="v1" [k2]="" [k3]="v3" )
declare -A o=([x]="y z" )
declare -A one=(["p q"]="v" )
declare -A one=(["x\$y"]="v" )
declare -A one=([a=b]="v" )
## status: 0

### RANDOM=N seeds bash's generator
RANDOM=42; echo $RANDOM $RANDOM $RANDOM; RANDOM=0; echo $RANDOM; RANDOM=abc; echo $RANDOM
echo $(RANDOM=42; echo $RANDOM); RANDOM=7; echo $((RANDOM)) ${RANDOM}; a=$(echo $RANDOM) b=$(echo $RANDOM); [ "$a" != "$b" ] && echo differ
## stdout:
17772 26794 1435
20814
20814
17772
19344 26956
differ
## status: 0

### unset of a[@] empties an indexed array; of an associative one it names the key @
a=(1 2); unset 'a[*]'; declare -p a; b=(3); unset 'b[@]'; echo ${#b[@]}
declare -A m=([a]=1 [@]=2); unset 'm[@]'; declare -p m
## stdout:
declare -a a=()
0
declare -A m=([a]="1" )
## status: 0

### associative arrays list their keys in bash's hash-table order
declare -A m=([b]=1 [a]=2 [c]=3 [zeta]=4 [alpha]=5 [k10]=6 [k2]=7); echo "${!m[@]}"; echo "${m[@]}"; m[a]=changed; unset 'm[c]'; m[c]=back; m[new]=n; declare -p m
declare -A w; for x in apple banana cherry date elder fig grape apple; do w[$x]=$(( ${w[$x]:-0} + 1 )); done; for k in "${!w[@]}"; do echo "$k ${w[$k]}"; done
## stdout:
alpha c b a k2 k10 zeta
5 3 1 2 7 6 4
declare -A m=([alpha]="5" [c]="back" [b]="1" [a]="changed" [k2]="7" [new]="n" [k10]="6" [zeta]="4" )
cherry 1
grape 1
apple 2
elder 1
fig 1
date 1
banana 1
## status: 0

### associative arrays keep bash's order as they grow past thousands of keys
declare -A h; for ((i=0;i<5000;i++)); do h[k$i]=$i; done; for ((i=0;i<5000;i+=7)); do unset "h[k$i]"; done; for ((i=0;i<5000;i+=14)); do h[k$i]=again; done
echo "${#h[@]}"; echo "${!h[@]}" | md5sum; echo "${h[@]}" | md5sum; printf '%s\n' "${!h[@]}" | head -3
## stdout:
4643
f629bac06e5a6c69449480210cb260e7  -
352ccb143ee751b343a38894dc2eeaec  -
k1698
k1699
k1696
## status: 0

### mapfile calls its callback every quantum lines with the index and the line
printf 'a\nb\nc\nd it'"'"'s\n' > l; mapfile -t -C "echo cb" -c 2 A < l; echo "${A[@]}"; f() { printf 'f:%s:%s|' "$1" "$2"; }; mapfile -C f -c 1 -O 5 B < l; echo "${#B[@]}"; mapfile -c 0 -C f C < l 2>/dev/null; echo $?
## stdout:
cb 1 b
cb 3 d it's
a b c d it's
f:5:a
|f:6:b
|f:7:c
|f:8:d it's
|4
1
## status: 0
## files:
l: "a\nb\nc\nd it's\n"

### an operator inside a compound assignment is a syntax error that drops only its line
printf 'echo a\nx=(1 & 2); echo same\necho b\n' > f.sh; . ./f.sh; echo "status $?"
echo c
y=(3 | 4); echo dropped
echo d $?
## stdout:
a
b
status 0
c
d 1
## status: 0
## files:
f.sh: "echo a\nx=(1 & 2); echo same\necho b\n"

### a list assigned to an element is refused, and drops the rest of the line +stderr
a=(1 2); a[1]=(x y); echo dropped
echo $? "${a[@]}"
## stdout:
1 1 2
## stderr:
a[1]: cannot assign list to array member
## status: 0

### empty, star and at subscripts of an indexed array are bad subscripts +stderr
b[]=1; echo dropped
b[*]=2; echo dropped
b[@]=3
declare -A m; m[*]=4; m[@]=5; declare -p m b
m[]=6; echo dropped
## stdout:
declare -A m=(["*"]="4" ["@"]="5" )
## stderr:
b[]: bad array subscript
b[*]: bad array subscript
b[@]: bad array subscript
declare: b: not found
m[]: bad array subscript
## status: 1

### a compound assignment's bad indices are left out, a negative one counts from the end so far +stderr
a=([]=x [1]=one [*]=y [-1]=last [-5]=z two); declare -p a
b=(1 2 3); b+=([-1]=three [-4]=w four); declare -p b
c=x; c+=([-1]=X); declare -p c
## stdout:
declare -a a=([1]="last" [2]="two")
declare -a b=([0]="1" [1]="2" [2]="three" [3]="four")
declare -a c=([0]="X")
## stderr:
[]=x: bad array subscript
[*]=y: cannot assign to non-numeric index
[-5]=z: bad array subscript
[-4]=w: bad array subscript
## status: 0

### a slice of a sparse array starts at an index, not a position
s=([0]=zero [2]=two [5]=five [9]=nine)
echo "${s[@]:1:2}|${s[@]:3}|${s[@]:6:5}|${s[@]: -4:2}|${s[@]: -1}|${s[@]: -20}|${s[*]:10}|"
## stdout:
two five|five nine|nine|nine|nine|||
## status: 0

### eval and let take a compound assignment as a word
x="1 2"; eval a=("$x" $x) b+=([3]=three); declare -p a b; let c=(1+2)*3 d=4; echo $c $d
## stdout:
declare -a a=([0]="1" [1]="2" [2]="1" [3]="2")
declare -a b=([3]="three")
9 4
## status: 0

### an array declared without a value lists without one until it is assigned
declare -a b; declare -A m; declare -ar c; f() { local -a q; declare -p q; q=(); declare -p q; }; f
declare -p b m c; declare -a | grep -E ' [bmc]( |=|$)'; b+=(); m[k]=v; declare -p b m
declare | grep -E '^[bmc]='
## stdout:
declare -a q
declare -a q=()
declare -a b
declare -A m
declare -ar c
declare -a b
declare -ar c
declare -a b=()
declare -A m=([k]="v" )
b=()
m=([k]="v" )
## status: 0

### a quoted subscript may hold a bracket; quotes are removed from an associative key
declare -A m; m["a]b"]=1; m[']']=2; m[\[]=3; m[$(echo ])x]=4; m['p q']=5
declare -p m; echo "${m["a]b"]} ${m[']']} ${m[\[]} ${m['p q']}"
k='a]=b;#c'; m[$k]=6; echo "${m['a]=b;#c']}"; a=([' 1 ']=one); declare -p a
set | grep '^m='
## stdout:
declare -A m=(["]"]="2" ["["]="3" ["p q"]="5" ["a]b"]="1" ["]x"]="4" )
1 2 3 5
6
declare -a a=([1]="one")
m=(["]"]="2" ["["]="3" ["a]=b;#c"]="6" ["p q"]="5" ["a]b"]="1" ["]x"]="4" )
## status: 0

### mapfile's elements end at a NUL byte, as a bash variable does
printf 'abc\0def\0' | { mapfile -d '' A; declare -p A; }
printf 'x\0y\0' | { mapfile -C echo -c 1 -d '' B; echo "${#B[@]}"; }
printf 'p\0q\nr\n' | { mapfile C; declare -p C; }
## stdout:
declare -a A=([0]="abc" [1]="def")
0 x
1 y
2
declare -a C=([0]="p" [1]=$'r\n')
## status: 0

### a bad subscript in a list keeps the elements before it +stderr
trap 'declare -p a' EXIT
a=(9 9 9)
a=(1 [2]=2 [1+]=3 4)
## stdout:
declare -a a=([0]="1" [2]="2")
## stderr:
1+: syntax error: operand expected (error token is "+")
## status: 1

### unset of an element evaluates an indexed array's subscript, and refuses one before the first +stderr
a=(1 2 3 4 5); i=1
unset 'a[i]'; unset 'a[1+2]'; declare -p a
unset 'a[-1]'; declare -p a
unset 'a[-9]'; echo "st=$?"
b=(); unset 'b[-1]'; echo "st=$?"
declare -A m=([i]=1 [x]=2); unset 'm[i]'; declare -p m
## stdout:
declare -a a=([0]="1" [2]="3" [4]="5")
declare -a a=([0]="1" [2]="3")
st=1
st=1
declare -A m=([x]="2" )
## stderr:
unset: [-9]: bad array subscript
unset: [-1]: bad array subscript
## status: 0

### an arithmetic error in a subscript drops the whole complete command, through functions and eval
a=(1 2 3)
printf 'a=(1 2 3)\nunset "a[1+]"; echo dropped\necho line2\nf() { read "a[1+]" <<< x; echo dropped; }\nf; echo dropped\neval '"'"'printf -v "a[2+]" x; echo dropped'"'"'; echo dropped\necho ${a[1/0]}; echo dropped\na[1+]=3; echo dropped\necho last ${#a[@]}\n' > s.sh
bash s.sh 2>&1; echo "st=$?"
bash -c 'a=(1); unset "a[1+]"; echo dropped
echo dropped too' sh0 2>&1; echo "st=$?"
rm s.sh
## stdout:
s.sh: line 2: 1+: syntax error: operand expected (error token is "+")
line2
s.sh: line 4: 1+: syntax error: operand expected (error token is "+")
s.sh: line 6: 2+: syntax error: operand expected (error token is "+")
s.sh: line 7: 1/0: division by 0 (error token is "0")
s.sh: line 8: 1+: syntax error: operand expected (error token is "+")
last 3
st=0
sh0: line 1: 1+: syntax error: operand expected (error token is "+")
st=1
## status: 0

### an arithmetic error in a subscript inside (( )), let and for (( )) is said in the subscript's words and drops the command line
a=(1 2)
printf 'a=(1 2)\n(( a[1+] )); echo dropped\necho line2\nlet "a[2*]=3"; echo dropped\nf() { (( a[1/0] )); echo dropped; }\nf; echo dropped\nx="a[3+]"; (( x + 1 )); echo dropped\nfor (( i=0; a[i+]; i++ )); do :; done; echo dropped\n(( a[ 4 / 0 ] )) || echo dropped\necho last $(( a[1] + a[0]*2 ))\n' > s.sh
bash s.sh 2>&1; echo "st=$?"
bash -c '(( a[1+] )); echo dropped
echo dropped too' sh0 2>&1; echo "st=$?"
rm s.sh
## stdout:
s.sh: line 2: 1+: syntax error: operand expected (error token is "+")
line2
s.sh: line 4: 2*: syntax error: operand expected (error token is "*")
s.sh: line 5: 1/0: division by 0 (error token is "0")
s.sh: line 7: 3+: syntax error: operand expected (error token is "+")
s.sh: line 8: i+: syntax error: operand expected (error token is "+")
s.sh: line 9: 4 / 0 : division by 0 (error token is "0 ")
last 4
st=0
sh0: line 1: 1+: syntax error: operand expected (error token is "+")
st=1
## status: 0

### the shell's computed arrays are listed by declare -a, declare -A and set, DIRSTACK as last read
declare -A
declare -a | grep -E '^declare -a (BASH_ARGC|BASH_ARGV|DIRSTACK|FUNCNAME)'
f() { declare -a | grep FUNCNAME; set | grep -c '^FUNCNAME='; }
f
: "${DIRSTACK[0]}"
declare -a | grep -c 'DIRSTACK=(\[0\]='
alias ll='ls -l'
declare -p BASH_ALIASES BASH_CMDS
echo "${BASH_ALIASES[ll]}" "${#BASH_ALIASES[@]}"
set | grep -E '^BASH_ALIASES='
## stdout:
declare -A BASH_ALIASES=()
declare -A BASH_CMDS=()
declare -a BASH_ARGC=()
declare -a BASH_ARGV=()
declare -a DIRSTACK=()
declare -a FUNCNAME
declare -a FUNCNAME=([0]="f")
1
1
declare -A BASH_ALIASES=([ll]="ls -l" )
declare -A BASH_CMDS=()
ls -l 1
BASH_ALIASES=([ll]="ls -l" )
## status: 0

### a key holding ] in read, printf -v and declare operands, as bash reads an element reference +stderr
declare -A A
k=']'
read "A[$k]" <<< X; echo "read $?"
printf -v "A[$k]" %s Y; echo "printf $?"
declare "A[$k]=Z"; echo "declare $?"
declare A[$k]=W; echo "declare $?"
b="80's"
read "A[$b]" <<< V; echo "read $?"
declare A["x[y"]=1; echo "declare $?"
declare -p A
shopt -s assoc_expand_once
read A[$k] <<< X; printf -v A[$b] %s Y
read "A[$k]" <<< Q; echo "read $?"
declare A["x[y"]=1 A[$k]=2; echo "declare $?"
declare -p A
## stdout:
read 1
printf 2
declare 1
declare 1
read 1
declare 1
declare -A A
read 1
declare 1
declare -A A=(["80's"]="Y" ["x[y"]="1" ["]"]="X" )
## stderr:
read: `A[]]': not a valid identifier
printf: `A[]]': not a valid identifier
declare: `A[]]=Z': not a valid identifier
declare: `A[]]=W': not a valid identifier
read: `A[80's]': not a valid identifier
declare: `A[x[y]=1': not a valid identifier
read: `A[]]': not a valid identifier
declare: `A[]]=2': not a valid identifier
## status: 0

### an indexed array's blank subscript is arithmetic 0, one written empty is refused +stderr
a=(0 1); v=' '; e=
a[ ]=10; a["$v"]=11; declare -p a
(( a[ ]+=1 )); (( a[$v]+=1 )); let "a[\"$v\"]+=1"; declare -p a
a[$e]=4; echo "${a[$e]}" "${a[ ]}"
a[]=5; echo "st=$?"
## stdout:
declare -a a=([0]="11" [1]="1")
declare -a a=([0]="14" [1]="1")
4 4
## stderr:
a[]: bad array subscript
## status: 1

### unset of an associative element: the key expanded once more unless written as an element or under assoc_expand_once +stderr
declare -A a
key='$k2'; k2=two
a[two]=1; a['$k2']=2; a['$key']=3; a[']']=4; a[x]=5
unset 'a[$key]'; declare -p a
unset a['$key']; declare -p a
k=']'; unset "a[$k]"; echo "st=$?"; declare -p a
unset a[$k]; declare -p a
unset -v "a[$k]"; echo "st=$?"
shopt -s assoc_expand_once
a[']']=4; a['$k2']=2
unset "a[$k]"; unset 'a[$k2]'; declare -p a
## stdout:
declare -A a=(["\$key"]="3" ["]"]="4" [x]="5" [two]="1" )
declare -A a=(["]"]="4" [x]="5" [two]="1" )
st=0
declare -A a=(["]"]="4" [x]="5" [two]="1" )
declare -A a=([x]="5" [two]="1" )
st=1
declare -A a=(["]"]="4" [x]="5" [two]="1" )
## stderr:
unset: `a[]]': not a valid identifier
## status: 0

### associative lists: keys quoted by @K as declare -p quotes them, an empty key refused, an unsubscripted word said as written +stderr
declare -A x=([a=b]=1 [';']=2 ['~x']=4 [a#]=5)
echo ${x[@]@K}
declare -A foo; foo=( a 1 "" 2 ); declare -p foo
declare -iA chaff; chaff=( [zero]=1+4 four ); chaff=( [one]=2 'fo ur' "$(echo x)" ); declare -p chaff
## stdout:
";" "2" a=b "1" a# "5" "~x" "4"
declare -A foo=([a]="1" )
declare -Ai chaff=([one]="2" )
## stderr:
"": bad array subscript
chaff: four: must use subscript when assigning associative array
chaff: 'fo ur': must use subscript when assigning associative array
chaff: "$(echo x)": must use subscript when assigning associative array
## status: 0

### a compound assignment to a read-only array in a declaration drops the rest of the line +stderr
readonly -A ro=(a 1)
declare ro+=( b 2 ); echo same1
echo next
declare ro=x; echo same2
## stdout:
next
same2
## stderr:
ro: readonly variable
declare: ro: readonly variable
## status: 0

### a read-only array's element subscript is read before the read-only check; ${A[@]:=v} of an associative array sets the key @ +stderr
declare -r c[100]
c[-2]=4; echo same
echo next
c[1]=2; echo same2
declare -A A; declare -u A; echo ${A[@]:=foo}; declare -p A
unset A; declare -A A; echo "${A[*]:=bar}"; declare -p A
## stdout:
next
FOO
declare -Au A=(["@"]="FOO" )
bar
declare -A A=(["*"]="bar" )
## stderr:
c[-2]: bad array subscript
c: readonly variable
## status: 0

### printf -v of a[@] is a bad subscript and the line goes on; unset a[@] unsets the array under BASH_COMPAT=51 +stderr
array=(1 2 3); unset array[@]; declare -p array
array=(1 2); printf -v array[@] "%s" key; echo "st=$?"; declare -p array
read 'array[*]' <<< x; echo "st=$?"
BASH_COMPAT=51; array=(1 2 3); unset array[@]; declare -p array; echo "st=$?"
## stdout:
declare -a array=()
st=1
declare -a array=([0]="1" [1]="2")
st=1
st=1
## stderr:
array[@]: bad array subscript
array[*]: bad array subscript
declare: array: not found
## status: 0

### a list with more of the word after its parenthesis is a plain value
a=(1 2)x; declare -p a; a=(4*3)/2; declare -p a; a=(x)"y"; declare -p a
a=(p "q r")x; declare -p a; a=(1
2)x; declare -p a; declare b=(1 2)x; declare -p b; c=([k]=v)z; declare -p c
## stdout:
declare -- a="(1 2)x"
declare -- a="(4*3)/2"
declare -- a="(x)y"
declare -- a="(p q r)x"
declare -- a="(1 2)x"
declare -- b="(1 2)x"
declare -- c="([k]=v)z"
## status: 0

### [k]+=v in an associative list: m+=(…) adds to the value set earlier in the list, m=(…) to the old one
declare -A a; a=([h]=1 [h]+=2); declare -p a
a+=([h]+=:3 [h]+=:5); declare -p a
a=([h]=x [h]+=y); declare -p a
declare -A b=([h]=1 [h]+=2); b+=([g]=1 [g]+=2 [h]+=3); declare -p b
declare -Ai n=([k]=1); n+=([k]+=2 [k]+=3); declare -p n
## stdout:
declare -A a=([h]="2" )
declare -A a=([h]="2:3:5" )
declare -A a=([h]="2:3:5y" )
declare -A b=([h]="23" [g]="12" )
declare -Ai n=([k]="6" )
## status: 0

### printf -v, read, test -v and [[ -v ]] expand an associative array's key once more, as unset does
declare -A A; x=zz; A[zz]=2; k="a b"
printf -v 'A["q"]' %s v; read 'A[$x]' <<< rd; read "A[$k]" <<< sp
declare -p A
test -v 'A[$x]'; echo "test \$x: $?"; test -v 'A["q"]'; echo "test quoted: $?"
[[ -v 'A[$x]' ]]; echo "[[ \$x: $?"; [[ -v A[$x] ]]; echo "[[ zz: $?"
unset 'A[$x]'; declare -p A
shopt -s assoc_expand_once; printf -v 'A[$x]' %s once; test -v 'A[$x]'; echo "once: $?"; declare -p A
## stdout:
declare -A A=([q]="v" [zz]="rd" ["a b"]="sp" )
test $x: 0
test quoted: 0
[[ $x: 0
[[ zz: 0
declare -A A=([q]="v" ["a b"]="sp" )
once: 0
declare -A A=([q]="v" ["a b"]="sp" ["\$x"]="once" )
## status: 0

### an indexed list expands every key and value first, then evaluates each key as it assigns, seeing the elements set so far
i=1; a=([100+i++]=$((i++)) [200+i++]=$((i++))); declare -p a
a=([0]=1+2+3 [a[0]]=10 [a[6]]=hello); declare -p a
a=(old1 old2); old1=101 new1=201; a+=([0]=new1 [5]="${a[1]}" [a[0]]="${a[0]}"); declare -p a
i=1; a=([$((i++))]=$((i++))); declare -p a
a=(1 2 3); a=([a[1]]=x); declare -p a
declare -ai n=([0]=1+1 [n[0]]=5); declare -p n
## stdout:
declare -a a=([103]="1" [204]="2")
declare -a a=([0]="1+2+3" [6]="10" [10]="hello")
declare -a a=([0]="new1" [1]="old2" [5]="old2" [201]="old1")
declare -a a=([1]="2")
declare -a a=([0]="x")
declare -ai n=([0]="2" [2]="5")
## status: 0
