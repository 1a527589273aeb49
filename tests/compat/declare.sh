### a quoted compound operand is text to a scalar, elements to an array
declare "a=(1 2)"; declare -p a; b=(); declare "b=(1 2)"; declare -p b
## stdout:
declare -- a="(1 2)"
declare -a b=([0]="1" [1]="2")
## status: 0

### declare -a with a quoted or expanded compound value
declare -a "b=(x y)"; declare -p b; list="(1 2)"; declare -a c=$list; declare -p c; declare -a d="(3 4)"; declare -p d
## stdout:
declare -a b=([0]="x" [1]="y")
declare -a c=([0]="1" [1]="2")
declare -a d=([0]="3" [1]="4")
## status: 0

### a compound value read from text has its words expanded again
v=val; declare -a "e=(\$v 'q r' [5]=z)"; declare -p e
## stdout:
declare -a e=([0]="val" [1]="q r" [5]="z")
## status: 0

### an associative array from a quoted compound operand
declare -A m; declare "m=([k]=v)"; declare -p m
## stdout:
declare -A m=([k]="v" )
## status: 0

### a value that only starts with a parenthesis stays text
declare -a "e=(1 2"; declare -p e; declare -x "k=(1)"; declare -p k
## stdout:
declare -a e=([0]="(1 2")
declare -x k="(1)"
## status: 0

### a quoted subscripted operand assigns the element
declare 'a[2]=x'; declare -p a; i=3; declare "a[i]=y" "a[\$i+1]=z" 'a[1]+=w'; declare -p a
## stdout:
declare -a a=([2]="x")
declare -a a=([1]="w" [2]="x" [3]="y" [4]="z")
## status: 0

### a quoted subscripted operand to local
f() { local "x[1]"=y; local -a "l=(p q)"; declare -p x l; }; f
## stdout:
declare -a x=([1]="y")
declare -a l=([0]="p" [1]="q")
## status: 0

### a subscripted name alone makes an array
declare 'a[2]'; a+=(z); declare -p a; x=5; declare 'x[3]'; declare -p x
## stdout:
declare -a a=([0]="z")
declare -a x=([0]="5")
## status: 0

### an element's value is not expanded again
declare 'a[1]=$HOME'; declare -p a
## stdout:
declare -a a=([1]="\$HOME")
## status: 0

### export and readonly take no subscript +stderr
export 'e[1]=x'; echo $?; readonly q[2]=y; echo $?; export w[1]; echo $?; declare -p e q w
## stdout:
1
1
1
## stderr:
export: `e[1]': not a valid identifier
readonly: `q[2]': not a valid identifier
export: `w[1]': not a valid identifier
declare: e: not found
declare: q: not found
declare: w: not found
## status: 1

### an unbalanced subscript is not a valid identifier +stderr
declare 'a[x'=1; echo $?; declare 'a]=1'; echo $?
## stdout:
1
1
## stderr:
declare: `a[x=1': not a valid identifier
declare: `a]=1': not a valid identifier
## status: 0

### assigning a readonly variable +stderr
declare -r x=2; x=1; echo st=$?; echo after
## stderr:
x: readonly variable
## status: 1

### export and readonly report a readonly variable without their name +stderr
readonly v=1; readonly v=2; echo st=$?; export v=3; echo st=$?; typeset v=4; echo $v; readonly -a w=(1); readonly -a w=(2)
## stdout:
st=1
st=1
1
## stderr:
v: readonly variable
v: readonly variable
typeset: v: readonly variable
w: readonly variable
## status: 1

### a readonly variable cannot lose the attribute or be declared again with a value +stderr
declare -r x=1; declare x=2; echo st=$?; declare +r x; echo st=$?; declare -r x=3; echo st=$?; echo $x
## stdout:
st=1
st=1
st=1
1
## stderr:
declare: x: readonly variable
declare: x: readonly variable
declare: x: readonly variable
## status: 0

### other attributes may be added to a readonly variable
declare -r x=1; declare -i x; declare -x x; declare +x x; declare -p x; declare -r s=abc; declare -u s; declare -p s
## stdout:
declare -ir x="1"
declare -ru s="abc"
## status: 0

### a readonly prefix assignment is said and the command still runs +stderr
readonly r=1; r=2 :; echo "colon $?"; r=2 true; echo "true $?"; f() { echo "f r=$r"; }; r=2 f; echo "f $?"
## stdout:
colon 0
true 0
f r=1
f 0
## stderr:
r: readonly variable
r: readonly variable
r: readonly variable
## status: 0

### a readonly plain assignment drops the rest of the line +stderr
readonly r=1; r=2; echo never
## stderr:
r: readonly variable
## status: 1

### declare -A of an indexed array is refused +stderr
a=(1 2); declare -A a; echo st=$?; declare -p a
## stdout:
st=1
declare -a a=([0]="1" [1]="2")
## stderr:
declare: a: cannot convert indexed to associative array
## status: 0

### declare -a of an associative array is refused +stderr
declare -A m=([k]=v); declare -a m; echo st=$?; declare -p m
## stdout:
st=1
declare -A m=([k]="v" )
## stderr:
declare: m: cannot convert associative to indexed array
## status: 0

### declare -A with a value to an indexed array drops the line
a=(1); declare -A a=([k]=v); echo never
## status: 1

### readonly -A and -a keep an array's kind
a=(1 2); readonly -A a; echo st=$?; declare -p a; declare -A b=([k]=v); readonly -a b; echo st=$?; declare -p b
## stdout:
st=0
declare -ar a=([0]="1" [1]="2")
st=0
declare -Ar b=([k]="v" )
## status: 0

### declare -p of every attribute
declare -i i=3; declare -r r=1; declare -x e=2; declare -a a=(x y); declare -A A=([k]=v); declare -n n=i; declare -lx l=Ab; declare -ir z=4; declare -p i r e a A n l z
## stdout:
declare -i i="3"
declare -r r="1"
declare -x e="2"
declare -a a=([0]="x" [1]="y")
declare -A A=([k]="v" )
declare -n n="i"
declare -xl l="ab"
declare -ir z="4"
## status: 0

### declare -p of an exported variable without a value, and of none +stderr
export q; declare -p q; declare -p nosuch; echo st=$?
## stdout:
declare -x q
st=1
## stderr:
declare: nosuch: not found
## status: 0

### declare -F names functions
f() { echo hi; }; g() { :; }; declare -F f; declare -F; declare -F nosuch; echo st=$?
## stdout:
f
declare -f f
declare -f g
st=1
## status: 0

### an integer array evaluates each element
declare -ai nums=(1+1 2*2); echo ${nums[@]}; nums+=(3*3); echo ${nums[@]}; declare -Ai m=([a]=1+2); declare -p m
## stdout:
2 4
2 4 9
declare -Ai m=([a]="3" )
## status: 0

### declare, typeset, local, export and readonly each refuse letters not theirs, with bash's usage
export -x 2>&1 | sed 's/^.*export:/export:/'; echo "st=${PIPESTATUS[0]}"; readonly -x a 2>&1 | tail -1; declare -Z 2>&1 | tail -1; typeset -Z 2>&1 | tail -1; f() { local -Q; }; f 2>&1 | tail -1; declare -n r=HOME; echo "${r:+ok}"
## stdout:
export: -x: invalid option
export: usage: export [-fn] [name[=value] ...] or export -p
st=2
readonly: usage: readonly [-aAf] [name[=value] ...] or readonly -p
declare: usage: declare [-aAfFgiIlnrtux] [name[=value] ...] or declare -p [-aAfFilnrtux] [name ...]
typeset: usage: typeset [-aAfFgiIlnrtux] name[=value] ... or typeset -p [-aAfFilnrtux] [name ...]
local: usage: local [option] name[=value] ...
ok
## status: 0

### declare with attribute options and no name lists the variables that have any of them
declare -A mya=([k]=v); declare -a myb=(1 2); declare -i myc=3; declare -r myd=4; myx=5; export myx
declare -l mye=AB; declare -u myf=ab; declare -n myg=myc; declare -ai myh=(7); declare myi
for o in -a -A -i -r -x -l -u -n -ir -p; do echo "$o:"; declare $o | grep -E '^declare -[-a-zA-Z]* my.(=|$)'; done
export | grep -E '^declare -[-a-zA-Z]* my.(=|$)'; readonly | grep -E '^declare -[-a-zA-Z]* my.(=|$)'
declare | grep '^my'
## stdout:
-a:
declare -a myb=([0]="1" [1]="2")
declare -ai myh=([0]="7")
-A:
declare -A mya=([k]="v" )
-i:
declare -i myc="3"
declare -ai myh=([0]="7")
-r:
declare -r myd="4"
-x:
declare -x myx="5"
-l:
declare -l mye="ab"
-u:
declare -u myf="AB"
-n:
declare -n myg="myc"
-ir:
declare -i myc="3"
declare -r myd="4"
declare -ai myh=([0]="7")
-p:
declare -A mya=([k]="v" )
declare -a myb=([0]="1" [1]="2")
declare -i myc="3"
declare -r myd="4"
declare -l mye="ab"
declare -u myf="AB"
declare -n myg="myc"
declare -ai myh=([0]="7")
declare -- myi
declare -x myx="5"
declare -x myx="5"
declare -r myd="4"
mya=([k]="v" )
myb=([0]="1" [1]="2")
myc=3
myd=4
mye=ab
myf=AB
myg=myc
myh=([0]="7")
myx=5
## status: 0

### readonly and export read name=(…) as an array only with -a or -A
c=(x); declare 'c=(3 4)'; declare -p c; d=(x); readonly 'd=(3 4)'; declare -p d; e=(x); export 'e=(3 4)'; declare -p e
f=(x); declare -a 'f=(3 4)'; declare -p f; g=(x); export -a 'g=(5 6)' h=(7); declare -p g h; typeset 'i=(1 2)'; declare -p i
## stdout:
declare -a c=([0]="3" [1]="4")
declare -ar d=([0]="(3 4)")
declare -ax e=([0]="(3 4)")
declare -a f=([0]="3" [1]="4")
declare -ax g=([0]="5" [1]="6")
declare -ax h=([0]="7")
declare -- i="(1 2)"
## status: 0

### declare -g in a function reaches the global under a local of the same name
v=one; w=two
f() { local v w; g; echo "f: $v, $w"; }
g() { declare -g v=G; declare -ga w=(x y); echo "g: $v, ${w[*]}"; }
f; echo "FIN: $v, ${w[*]}"; declare -p w
h() { local q=l; declare -g q; declare -p q; declare -g r=1; local r=2; echo $r; }; h; echo "q=${q-unset} r=$r"
## stdout:
g: , 
f: , 
FIN: G, x y
declare -a w=([0]="x" [1]="y")
declare -- q="l"
2
q=unset r=1
## status: 0

### case attributes apply to every element of an array; a subscripted declaration declares an array
declare -al foo=(AbCdE two THREE); foo[1]=XY; foo+=(QQ); declare -p foo
declare -Au m=([k]=v); m[j]=w; declare -p m; declare -u s; s=(a b); declare -p s
declare -r c[100]; declare -p c; declare -a b[256]; declare -p b; b[1]=x; declare -p b
## stdout:
declare -al foo=([0]="abcde" [1]="xy" [2]="three" [3]="qq")
declare -Au m=([k]="V" [j]="W" )
declare -au s=([0]="A" [1]="B")
declare -ar c
declare -a b
declare -a b=([1]="x")
## status: 0

### unset of a scalar's element other than 0, and declare +a of an array, are refused +stderr
ps1=hello; unset 'ps1[2]'; echo $? "$ps1"; unset 'ps1[0]'; echo "${ps1-unset}"
c=(1); declare +a c; echo $?; declare -A m=([k]=v); declare +a m; echo $?; declare +A m; echo $?; c+=(2); declare +A c; echo $?; declare -p c
## stdout:
1 hello
unset
1
0
1
0
declare -a c=([0]="1" [1]="2")
## stderr:
unset: ps1: not an array variable
declare: c: cannot destroy array variables in this way
declare: m: cannot destroy array variables in this way
## status: 0

### an assignment before a declaration stays only when it exports or locks the variable
q=5 declare q; echo "${q-unset}"; x=1 declare -r x; echo "${x-unset}"; z=3 declare -i z; echo "${z-unset}"
y=2 declare -x y; echo "${y-unset}"; w=4 export w; echo "${w-unset}"; v=5 readonly v; echo "${v-unset}"
## stdout:
unset
1
unset
2
4
5
## status: 0

### export and readonly with an array attribute name themselves for a readonly variable +stderr
readonly -a k=(1); f() { readonly -a k='(2)'; echo st=$?; }; f; g() { export -a k='(3)'; echo st=$?; }; g
readonly s=1; h() { readonly -a s=4; echo st=$?; readonly s=5; echo st=$?; }; h
## stdout:
st=1
st=1
st=1
st=1
## stderr:
environment: line 1: readonly: k: readonly variable
environment: line 1: export: k: readonly variable
environment: line 2: readonly: s: readonly variable
environment: line 2: s: readonly variable
## status: 0

### declare -t sets the trace attribute, listed and acting on nothing
declare -t v=1; declare -p v; echo "${v@a}"
declare -rt w=2; declare -p w
declare +t v; declare -p v
f() { local -t z=3; declare -p z; }; f
## stdout:
declare -t v="1"
t
declare -rt w="2"
declare -- v="1"
declare -t z="3"
## status: 0

### local -I and localvar_inherit start a local with what it hides
v=global; declare -i n=7; declare -A m=([k]=v)
f() { local -I v n; declare -p v n; v=local; }
f; echo "$v"
g() { local v; declare -p v; }
g
shopt -s localvar_inherit
h() { local m n; declare -p m n; m[j]=w; }
h; declare -p m
## stdout:
declare -- v="global"
declare -i n="7"
global
declare -- v
declare -A m=([k]="v" )
declare -i n="7"
declare -A m=([k]="v" )
## status: 0

### a read-only local of a calling function is hidden by a new local +stderr
outer() { local -r x=0; inner; echo "outer $x"; }
inner() { local x='1 2 3'; echo "inner $x"; local -r y=1; local y=2; echo "st=$?"; }
outer
readonly z=1; k() { local z=5; echo "st=$?"; }; k
## stdout:
inner 1 2 3
st=1
outer 0
st=1
## stderr:
environment: line 2: local: y: readonly variable
environment: line 4: local: z: readonly variable
## status: 0

### a variable made associative keeps its value, in bash's order for a converted table
s=help; declare -A s; declare -p s
t=help; declare -A t=([zero]=zero [one]=one); declare -p t
t=([zero]=zero [one]=one); declare -p t
declare -A u=([zero]=zero [one]=one); declare -p u
## stdout:
declare -A s=([0]="help" )
declare -A t=([zero]="zero" [one]="one" )
declare -A t=([zero]="zero" [one]="one" )
declare -A u=([one]="one" [zero]="zero" )
## status: 0

### exporting a variable of the temporary environment inside the command keeps it
f() { export x; printenv x; }
x=4 f; echo "after: $x"
g() { readonly y; }
y=5 g; echo "after: $y"; declare -p y
## stdout:
4
after: 4
after: 5
declare -rx y="5"
## status: 0

### unset of a local in its own function leaves a local with no value
f() { local v=x; unset v; declare -p v; v=2; echo "$v"; }
v=g; f; echo "$v"
v=t f
## stdout:
declare -- v
2
g
declare -x v
2
## status: 0

### ${!prefix*} names only variables that are set
declare xq; declare -a xa; declare -A xA; declare -n xr; declare -i xi; xs=1; xe=()
echo "[${!x*}]"
f() { local xl; echo "[${!x*}]"; }; f
## stdout:
[xe xs]
[xe xs]
## status: 0

### a local with no value leaves the exported variable it hides in the environment
export VAR1=abc
f() { local VAR1; echo "${VAR1-unset}"; printenv VAR1; }
f
## stdout:
unset
abc
## status: 0

### a declaration expands all its words before it assigns
n=old; f() { local n=new m=$n; echo "$m"; }; f
k=0; declare k=7 arr[$k]=first; declare -p arr
unset E; export E=set seen=${E-none}; echo "$seen"
q=1; readonly q2=$q q=2 2>/dev/null; echo "$q2"
P=before; P=during declare seen2=$P; echo "$seen2"
## stdout:
old
declare -a arr=([0]="first")
none
1
before
## status: 0

### an exported array is no part of the environment
list=(one two); export list
declare -A map=([k]=v); export map
export plain=p
printenv list map plain; echo "printenv $?"
bash -c 'echo "child: ${list-unset} ${map-unset} $plain"'
compgen -A export | grep -x -e list -e map -e plain
## stdout:
p
printenv 1
child: unset unset p
list
map
plain
## status: 0

### $_ after a declaration is its last word expanded, an array assignment's name alone
: first; declare s=bar; echo "[$_]"
declare list=(1 2); echo "[$_]"
v=q; export out=$v; echo "[$_]"
declare -i n+=3; echo "[$_]"
declare -a arr; declare arr[2]=w; echo "[$_]"
f() { local plain; echo "[$_]"; }; f
readonly -p >/dev/null; echo "[$_]"
## stdout:
[s=bar]
[list]
[out=q]
[n+=3]
[arr[2]=w]
[plain]
[-p]
## status: 0

### export -p and readonly -p with names act as without -p (bash 5.2)
z=1; export -p z; env | grep '^z='; export -p nope; echo "$?"; declare -p nope
readonly -p q=4; declare -p q
x=1; readonly -p x; x=2; echo "not reached $x"
## stdout:
z=1
0
declare -x nope
declare -r q="4"
## status: 1

### a function's own array of a readonly global's name is refused and the function goes on +stderr
cat > ro.sh <<'END'
readonly q=42
f() {
  local q=(a b)
  echo "local $?"
  declare q=(c)
  echo "declare $?"
  declare -g q=(d)
  echo "not reached"
}
f
echo "after $q"
END
bash ro.sh
## stdout:
local 1
declare 1
after 42
## stderr:
ro.sh: line 3: f: q: readonly variable
ro.sh: line 3: local: q: readonly variable
ro.sh: line 5: q: readonly variable
ro.sh: line 5: declare: q: readonly variable
ro.sh: line 7: q: readonly variable
## status: 0
## files:
ro.sh: "readonly q=42\nf() {\n  local q=(a b)\n  echo \"local $?\"\n  declare q=(c)\n  echo \"declare $?\"\n  declare -g q=(d)\n  echo \"not reached\"\n}\nf\necho \"after $q\"\n"

### declare -A of an indexed array with a value: inside a function the function goes on +stderr
k() { local a=(1); declare -A a=([x]=1); echo "k $?"; }; k; echo "after k $?"
a=(1); f() { declare -g -A a=([x]=1); echo "f $?"; }; f; echo "after f $?"
declare -p a
{ declare -A a=([x]=1); echo "group $?"; }; echo "not reached"
echo next line
## stdout:
k 1
after k 0
f 1
after f 0
declare -a a=([0]="1")
next line
## stderr:
environment: line 1: a: cannot convert indexed to associative array
environment: line 1: declare: a: cannot convert indexed to associative array
environment: line 2: f: a: cannot convert indexed to associative array
environment: line 2: declare: a: cannot convert indexed to associative array
a: cannot convert indexed to associative array
## status: 0

### declare -fp and -Fp say a name that is no function not found; without -p nothing is said +stderr
f() { :; }
declare -fp f nofunc; echo "fp $?"
declare -Fp nofunc; echo "Fp $?"
declare -f nofunc; echo "f $?"
typeset -fp other; echo "typeset $?"
## stdout:
f () 
{ 
    :
}
fp 1
Fp 1
f 1
typeset 1
## stderr:
declare: nofunc: not found
declare: nofunc: not found
typeset: other: not found
## status: 0
