### a reference reads and writes its target
x=1; declare -n r=x; echo $r; r=2; echo $x; r+=3; echo $x
## stdout:
1
2
23
## status: 0

### declare -p shows the reference itself
declare -n r=x; x=5; declare -p r x
## stdout:
declare -n r="x"
declare -- x="5"
## status: 0

### ${!ref} is the name it holds
declare -n r=target; echo "${!r}"
## stdout:
target
## status: 0

### a reference with no target takes the first assignment as its target
declare -n r; r=x; x=7; declare -p r; echo $r
## stdout:
declare -n r="x"
7
## status: 0

### local -n passes an array to a function by name
sum() { local -n _arr=$1 _out=$2; _out=0; for v in "${_arr[@]}"; do ((_out+=v)); done; }
nums=(1 2 3 4); sum nums total; echo $total
## stdout:
10
## status: 0

### a function appends to and indexes the caller's array
f() { local -n a=$1; a+=(z); a[5]=k; echo "${!a[@]}"; }; arr=(p); f arr; declare -p arr
## stdout:
0 1 5
declare -a arr=([0]="p" [1]="z" [5]="k")
## status: 0

### an array assigned through a reference
declare -n q=y; q=(1 2 3); declare -p y; echo ${#q[@]} ${q[1]}
## stdout:
declare -a y=([0]="1" [1]="2" [2]="3")
3 2
## status: 0

### associative arrays through a reference
declare -A h=([k]=v); declare -n hr=h; echo ${hr[k]}; hr[j]=w; echo ${!hr[@]}
## stdout:
v
k j
## status: 0

### a reference to an array element
arr=(a b c); declare -n s='arr[1]'; echo "$s"; s=W; declare -p arr
## stdout:
b
declare -a arr=([0]="a" [1]="W" [2]="c")
## status: 0

### unset reaches the target, unset -n the reference
x=1; declare -n r=x; unset r; echo "${x-unset}"; declare -p r; x=2; unset -n r; declare -p r 2>/dev/null || echo gone; echo $x
## stdout:
unset
declare -n r="x"
gone
2
## status: 0

### declare +n leaves a plain variable holding the name
x=1; declare -n m=x; declare +n m; declare -p m
## stdout:
declare -- m="x"
## status: 0

### attributes other than -n go to the target
declare -n c=y; export c; declare -p c y; declare -i n; declare -n ni=n; ni=3+4; echo $n
## stdout:
declare -n c="y"
declare -x y
7
## status: 0

### -n with other flags belongs to the reference
declare -rn ro=y; declare -p ro
## stdout:
declare -nr ro="y"
## status: 0

### read and printf -v write through a reference
h() { local -n res=$1; read -r res <<< "read-in"; printf -v res '%s!' "$res"; }; h out; echo "$out"
## stdout:
read-in!
## status: 0

### a reference to a reference
y=1; declare -n rr=y; declare -n rrr=rr; echo $rrr; rrr=9; echo $y
## stdout:
1
9
## status: 0

### a temporary assignment through a reference is undone
w=1; declare -n wr=w; wr=5 env | grep '^w='; declare -p wr w
## stdout:
w=5
declare -n wr="w"
declare -- w="1"
## status: 0

### the loop variable as a reference names each word
x=1; y=2; declare -n L; for L in x y; do echo "[$L]"; done; declare -p L
## stdout:
[1]
[2]
declare -n L="y"
## status: 0

### invalid target names are refused +stderr
declare -n bad=1x; echo $?; declare -n self=self; echo $?
## stdout:
1
1
## stderr:
declare: `1x': invalid variable name for name reference
declare: self: nameref variable self references not allowed
## status: 0

### a reference made in a function does not outlive it
g() { local -n o=$1; o=changed; }; v=orig; g v; echo $v; declare -p o 2>/dev/null || echo none
## stdout:
changed
none
## status: 0

### a circle of references warns when read and ends the script when assigned +stderr
declare -n c1=c2; declare -n c2=c1; echo "<$c1>"; c1=5; echo "not reached"
## stdout:
<>
## stderr:
warning: c1: circular name reference
warning: c1: circular name reference
## status: 1

### a reference to an element in arithmetic, loops and assignments
declare -n ref='arr[0]'; arr=(5); (( ref++ )); echo ${arr[0]}; ref=9; echo ${arr[0]} $((ref*2)); i=1; arr[1]=3; declare -n r2='arr[i]'; for (( r2=0; r2<3; r2++ )); do echo -n "$r2 "; done; echo; r2=7; r2+=x; i=5; echo "[$r2]"; declare -p arr
## stdout:
6
9 18
0 1 2 
[]
declare -a arr=([0]="9" [1]="7x")
## status: 0

### a reference to an associative element
declare -A m=([k]=4); declare -n mr='m[k]'; echo $((mr+1)); (( mr+=2 )); echo ${m[k]} $mr
## stdout:
5
6 6
## status: 0

### a reference to every element
arr=(1 2 3); declare -n r='arr[@]'; echo "${r}"; for x in "$r"; do echo "<$x>"; done; declare -n s='arr[*]'; echo "$s"
## stdout:
1 2 3
<1>
<2>
<3>
1 2 3
## status: 0

### a readonly variable reached through a reference is the one named in the refusal +stderr
foo=1; declare -n ref=foo; declare -n r2=ref; readonly foo
unset ref; echo "st=$?"
unset r2; echo "st=$?"
bash -c 'foo=1; declare -n ref=foo; readonly foo; ref=2; echo not reached' sh0; echo "st=$?"
bash -c 'foo=1; readonly foo; f() { local -n v=$1; v=5; }; f foo; echo not reached' sh0; echo "st=$?"
## stdout:
st=1
st=1
st=1
st=1
## stderr:
unset: foo: cannot unset: readonly variable
unset: foo: cannot unset: readonly variable
sh0: line 1: foo: readonly variable
environment: line 1: foo: readonly variable
## status: 0

### a circle of references at the top level reads nothing and assigns nothing +stderr
declare -n a=b b=a
echo "[$a]"
read a <<< 1; echo "read $?"
printf -v a x; echo "printf $?"
for a in 1; do :; done; echo "for $?"
declare -p a b
## stdout:
[]
read 1
printf 1
for 1
declare -n a="b"
declare -n b="a"
## stderr:
warning: a: circular name reference
warning: a: circular name reference
warning: a: circular name reference
warning: a: circular name reference
## status: 0

### a reference to itself is refused at the top level and reaches the global in a function +stderr
declare -n v=v; echo "st=$?"
v=global
f() { local -n v=$1; v=inside; echo "in: $v"; }
f v; echo "out: $v"
## stdout:
st=1
in: inside
out: inside
## stderr:
declare: v: nameref variable self references not allowed
environment: line 3: local: warning: v: circular name reference
environment: line 3: warning: v: circular name reference
environment: line 3: warning: v: circular name reference
environment: line 3: warning: v: circular name reference
## status: 0

### more than eight references in a chain find nothing
declare -n r1=r2 r2=r3 r3=r4 r4=r5 r5=r6 r6=r7 r7=r8 r8=r9 r9=x; x=deep
echo "[$r1] [$r2]"
declare -n s1=s2 s2=s3 s3=s4 s4=s5 s5=s6 s6=s7 s7=s8 s8=x
echo "[$s1]"
## stdout:
[] [deep]
[deep]
## status: 0

### a reference with no target checks the name it is given +stderr
declare -n r; r='^'; echo "st=$?"; declare -p r
r=ok; declare -p r
declare -n q; printf -v q '%s' '/'; echo "printf $?"
declare -n p; : "${p:=/}"; echo not reached
## stdout:
declare -n r="ok"
printf 1
## stderr:
`^': not a valid identifier
printf: `/': not a valid identifier
`/': not a valid identifier
## status: 1

### declare +n with a value assigns the target and drops the attribute
bar=one; declare -n foo=bar
declare +n foo=other; declare -p foo bar
unset bar; declare -n foo
declare +n -i foo=7+4; declare -p foo bar
## stdout:
declare -- foo="bar"
declare -- bar="other"
declare -- foo="bar"
declare -i bar="11"
## status: 0

### declare -n takes the integer and case attributes away +stderr
declare -i x=1; y=42; declare -n x=y; echo "$x"; declare -p x
declare -u u=abc; declare -n u=y; declare -p u
declare -ai a=(1); declare -in b='a[0]'; echo "st=$?"; declare -p b
## stdout:
42
declare -n x="y"
declare -n u="y"
st=1
## stderr:
declare: b: not found
## status: 1

### attributes of a reference with no value are its own
declare -n r; declare -xi r; declare -p r
declare +n r; declare -p r
declare -n s; declare -a s; declare -p s
## stdout:
declare -inx r
declare -ix r
declare -a s
## status: 0

### declare through a local reference makes a local of what it names +stderr
f() { declare -n ref=var; declare ref=X; declare -a ref2; declare -p ref var; }
f; declare -p var
g() { declare -n ref=var; declare ref=(A B); declare -p ref var; }
g; declare -p var
declare -n gr=other; h() { local gr=Y; declare -p gr; }; h; declare -p gr
## stdout:
declare -n ref="var"
declare -- var="X"
declare -n ref="var"
declare -a var=([0]="A" [1]="B")
declare -- gr="Y"
declare -n gr="other"
## stderr:
declare: var: not found
declare: var: not found
## status: 0

### a compound value through declare and a reference +stderr
declare -n r=y; declare r=(a b); declare -p r y
declare -n q; declare q=(c d); declare -p q
x=1; declare -n x=(e f); declare -p x
## stdout:
declare -n r="y"
declare -a y=([0]="a" [1]="b")
declare -a q=([0]="c" [1]="d")
declare -a x=([0]="e" [1]="f")
## stderr:
warning: q: removing nameref attribute
declare: x: reference variable cannot be an array
## status: 0

### elements through references: integer arrays, expanded subscripts, no @ +stderr
declare -ai a=(4); declare -n b='a[0]'; b+=1; declare b+=1; declare -p a
i=1; arr=(x y z); declare -n e='arr[$i]'; echo "$e"; i=2; e=Z; declare -p arr
declare -n all='arr[@]'; all=42; echo "st=$?"
## stdout:
declare -ai a=([0]="6")
y
declare -a arr=([0]="x" [1]="y" [2]="Z")
## stderr:
arr[@]: bad array subscript
## status: 1

### an array cannot be a reference: what makes one takes the attribute away +stderr
declare -n r; r+=(1); declare -p r
declare -n s; read -a s <<< 'x y'; declare -p s
declare -n t=v; declare t[1]=one; declare -p t
declare -n m; mapfile m <<< 'l'; declare -p m
## stdout:
declare -a r=([0]="1")
declare -a s=([0]="x" [1]="y")
declare -a t=([1]="one")
declare -a m=([0]=$'l\n')
## stderr:
warning: r: removing nameref attribute
warning: s: removing nameref attribute
warning: t: removing nameref attribute
warning: m: removing nameref attribute
## status: 0

### element references that name each other end +stderr
declare -n a='b[0]' b='a[0]'
echo "[$a]"; a=1; declare -p a b
declare -n c='d[c]'; echo "[$c]"; c=2; echo "st=$?"
## stdout:
[]
declare -n a="b[0]"
declare -a b=([0]="1")
## stderr:
warning: b: removing nameref attribute
d[c]: expression recursion level exceeded (error token is "d[c]")
## status: 1

### for and select give a reference its target's name +stderr
declare -n ref=one
for ref in one two; do echo "${!ref}"; done; echo "${!ref}"
for ref in 'not valid'; do :; done; echo "st=$?"
readonly ref; for ref in x; do :; done; echo "st=$?"
## stdout:
one
two
two
st=1
st=0
## stderr:
`not valid': not a valid identifier
## status: 0

### unset -n removes only references +stderr
x=1; unset -n x; declare -p x
declare -n r=x; unset -n r; declare -p r; echo "$x"
## stdout:
declare -- x="1"
1
## stderr:
declare: r: not found
## status: 0

### export and readonly of a reference act on its target or say why not +stderr
declare -n r=x; export r; declare -p r x
declare -n e='v[1]'; readonly e; echo "st=$?"
declare -n n; export n; declare -p n
## stdout:
declare -n r="x"
declare -x x
st=0
declare -n n
## stderr:
readonly: `v[1]': not a valid identifier
export: `': not a valid identifier
## status: 0

### a reference with no target is hidden by the temporary environment
declare -n r; f() { echo "in: $r"; }; r=/ f; declare -p r
## stdout:
in: /
declare -n r
## status: 0

### declare -p lists each variable before the next that is not found +stderr
a=1; b=2; declare -p a nothere b
## stdout:
declare -- a="1"
declare -- b="2"
## stderr:
declare: nothere: not found
## status: 1

### getopts into a reference with no target +stderr
declare -n r; getopts x r -x; echo "st=$?"; declare -p r
## stdout:
st=0
declare -n r="x"
## status: 0

### indirect expansion of an unset element names it with its subscript +stderr
declare -n foo=bar; echo "${!foo[2]}"; echo not reached
## stderr:
foo[2]: invalid indirect expansion
## status: 1

### readonly references +stderr
bar=one; declare -rn foo=bar
unset foo; declare -p bar
unset -n foo; declare -p foo
declare +n foo; echo "st=$?"
declare -n empty; declare -r empty; declare +r empty; echo "st=$?"; empty=x; echo "st=$?"
## stdout:
declare -nr foo="bar"
st=1
st=1
## stderr:
declare: bar: not found
unset: foo: cannot unset: readonly variable
declare: foo: readonly variable
declare: empty: readonly variable
empty: readonly variable
## status: 1
