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
