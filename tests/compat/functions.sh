### define and call
greet() { echo "hello $1"; }; greet world
## stdout:
hello world
## status: 0

### function keyword
function f { echo kw; }; f
## stdout:
kw
## status: 0

### function keyword with parens
function g() { echo both; }; g
## stdout:
both
## status: 0

### arguments and count
f() { echo $# "$@"; }; f a "b c" d
## stdout:
3 a b c d
## status: 0

### return status
f() { return 3; }; f; echo $?
## stdout:
3
## status: 0

### return without value uses last status
f() { false; return; }; f; echo $?
## stdout:
1
## status: 0

### local variables
x=global; f() { local x=local; echo $x; }; f; echo $x
## stdout:
local
global
## status: 0

### local without value
x=g; f() { local x; echo "[${x-unset}]"; }; f
## stdout:
[unset]
## status: 0

### dynamic scoping
x=outer; inner() { echo $x; }; outer() { local x=shadow; inner; }; outer; inner
## stdout:
shadow
outer
## status: 0

### nested function modifies global
f() { counter=$((counter+1)); }; counter=0; f; f; echo $counter
## stdout:
2
## status: 0

### recursion
fact() { if [ $1 -le 1 ]; then echo 1; else echo $(( $1 * $(fact $(( $1 - 1 ))) )); fi; }; fact 5
## stdout:
120
## status: 0

### function positional isolation
set -- a b; f() { set -- x; echo $1; }; f; echo $1
## stdout:
x
a
## status: 0

### function redefinition
f() { echo one; }; f() { echo two; }; f
## stdout:
two
## status: 0

### function with redirect on body
f() { echo inside; } > out.txt; f; cat out.txt
## stdout:
inside
## status: 0
## files:
out.txt: "inside\n"

### function in pipeline
f() { while read -r l; do echo "[$l]"; done; }; printf 'a\nb\n' | f
## stdout:
[a]
[b]
## status: 0

### function output captured
f() { echo captured; }; x=$(f); echo "$x"
## stdout:
captured
## status: 0

### unset function
f() { echo f; }; unset -f f; type f >/dev/null 2>&1; echo $?
## stdout:
1
## status: 0

### FUNCNAME
f() { echo $FUNCNAME; }; f
## stdout:
f
## status: 0

### local array
f() { local -a arr=(1 2 3); echo ${#arr[@]}; }; f
## stdout:
3
## status: 0

### function exit status of last command
f() { true; false; }; f; echo $?
## stdout:
1
## status: 0

### local affects called function only during call
f() { local v=1; g; }; g() { echo "v=$v"; }; f; g
## stdout:
v=1
v=
## status: 0

### return in loop inside function
f() { for i in 1 2 3; do if [ $i = 2 ]; then return 5; fi; echo $i; done; }; f; echo $?
## stdout:
1
5
## status: 0

### function name with dash
my-func() { echo dashed; }; my-func
## stdout:
dashed
## status: 0

### function sees caller locals assigned later
f() { local a=1; g; echo $a; }; g() { a=2; }; f
## stdout:
2
## status: 0

### prefix assignment visible in function
f() { echo "[$V]"; }; V=temp f; echo "[$V]"
## stdout:
[temp]
[]
## status: 0

### command substitution in function
f() { echo "$(echo sub) $1"; }; f x
## stdout:
sub x
## status: 0

### function defined in subshell not visible outside
(g() { :; }); type g >/dev/null 2>&1; echo $?
## stdout:
1
## status: 0

### recursive fibonacci
fib() { local n=$1; if ((n < 2)); then echo $n; return; fi; local a b; a=$(fib $((n-1))); b=$(fib $((n-2))); echo $((a+b)); }; fib 10
## stdout:
55
## status: 0

### declare -F names the functions
f() { :; }; g() { echo g; }
declare -F; declare -F g; declare -F nope; echo "status $?"; typeset -F f
## stdout:
declare -f f
declare -f g
g
status 1
f
## status: 0

### the call stack of a typed line: FUNCNAME, BASH_LINENO, BASH_SOURCE and caller
f() { echo "${FUNCNAME[*]} | ${BASH_LINENO[*]} | ${BASH_SOURCE[*]}"; caller; caller 0; echo "s=$?"; }; echo "${#BASH_SOURCE[@]} ${#FUNCNAME[@]}"; f; caller; echo "s=$?"
## stdout:
0 0
f | 1 | environment
1 NULL
s=1
s=1
## status: 0

### the call stack of a script and a file it sources
printf 'h() { caller 0; caller 1; caller 2; echo "H: ${FUNCNAME[*]} | ${BASH_LINENO[*]} | ${BASH_SOURCE[*]}"; }\necho "lib: ${FUNCNAME[*]} | ${BASH_LINENO[*]} | ${BASH_SOURCE[*]}"\n' > lib.sh
printf 'f() { caller 0; echo "F: ${FUNCNAME[*]} | ${BASH_LINENO[*]} | ${BASH_SOURCE[*]}"; h; }\n\ng() { f; }\nsource ./lib.sh\ng\necho "top: ${FUNCNAME[*]} | ${BASH_LINENO[*]} | ${BASH_SOURCE[0]} | $(caller; echo $?)"\n' > s.sh
bash s.sh; mkdir -p sub; printf 'cd "$(dirname "${BASH_SOURCE[0]}")" && basename "$PWD"\n' > sub/where.sh; bash sub/where.sh
## stdout:
lib:  | 4 0 | ./lib.sh s.sh
3 g s.sh
F: f g main | 3 5 0 | s.sh s.sh s.sh
1 f s.sh
3 g s.sh
5 main s.sh
H: h f g main | 1 3 5 0 | ./lib.sh s.sh s.sh s.sh
top:  | 0 | s.sh | 0 NULL
0
sub
## status: 0
## files:
lib.sh: "h() { caller 0; caller 1; caller 2; echo \"H: ${FUNCNAME[*]} | ${BASH_LINENO[*]} | ${BASH_SOURCE[*]}\"; }\necho \"lib: ${FUNCNAME[*]} | ${BASH_LINENO[*]} | ${BASH_SOURCE[*]}\"\n"
s.sh: "f() { caller 0; echo \"F: ${FUNCNAME[*]} | ${BASH_LINENO[*]} | ${BASH_SOURCE[*]}\"; h; }\n\ng() { f; }\nsource ./lib.sh\ng\necho \"top: ${FUNCNAME[*]} | ${BASH_LINENO[*]} | ${BASH_SOURCE[0]} | $(caller; echo $?)\"\n"
sub/
sub/where.sh: "cd \"$(dirname \"${BASH_SOURCE[0]}\")\" && basename \"$PWD\"\n"

### source looks a name without a slash up on PATH first
mkdir -p lib; echo 'echo from-path' > lib/p.sh; echo 'echo from-cwd' > p.sh; PATH=$PWD/lib:$PATH; . p.sh; PATH=/nonexistent; . p.sh; . ./p.sh
## stdout:
from-path
from-cwd
from-cwd
## status: 0
## files:
lib/
lib/p.sh: "echo from-path\n"
p.sh: "echo from-cwd\n"

### local with no operand lists the function's own variables, sorted
g=1; f() { local z=1 a=2; local m; local; echo --; local -p; }; f
## stdout:
declare -- a="2"
declare -- m
declare -- z="1"
--
declare -- a="2"
declare -- m
declare -- z="1"
## status: 0

### export -f marks a function and prints nothing; an unknown one is refused +stderr
g() { :; }; export -f g; echo $?; export -f nosuch; echo $?; readonly -f g; echo $?
## stdout:
0
1
0
## stderr:
export: nosuch: not a function
## status: 0

### command_not_found_handle runs in a subshell with the command's words +stderr
command_not_found_handle() { echo "handled $1 ($#)"; x=2; return 3; }
x=1; zzz a 'b c'; echo "status $? x=$x"; (qqq); echo $?; unset -f command_not_found_handle; zzz; echo $?
## stdout:
handled zzz (3)
status 3 x=1
handled qqq (1)
3
127
## stderr:
zzz: command not found
## status: 0

### a RETURN trap set in a function runs as it returns; local - restores set options
f() { trap 'echo RET $?' RETURN; echo in; return 3; }; f; echo "st $?"; g() { echo g; }; g
h() { local -; set -eu; echo "in ${-//[hcB]/}"; }; h; echo "out ${-//[hcB]/}"
## stdout:
in
RET 0
st 3
g
in eu
out 
## status: 0

### a local's value is expanded before the local hides the variable it reads
x=5; a=(1 "2 3"); f() { local x="$x" y=$x; local a=("${a[@]}" x); local -A m=([k]="${a[1]}"); local -i i=x+1; echo "$x $y $i"; declare -p a m; }; f
echo "$x ${#a[@]}"
## stdout:
5 5 6
declare -a a=([0]="1" [1]="2 3" [2]="x")
declare -A m=([k]="2 3" )
5 2
## status: 0

### a local of a variable in the call's temporary environment starts with its value
g() { local q; declare -p q; q=2; echo "$q"; }; q=1 g; echo "[${q-unset}]"
h() { local x; typeset i=0 y; echo "$x,$y"; }; x=3 y=4 h; echo "[${x-unset}]"
k() { z=y typeset z; echo "|$z|"; declare -p z; z=w; }; z=0; k; echo "[$z]"
z=5 declare -p z; echo "[$z]"
## stdout:
declare -x q="1"
2
[unset]
3,4
[unset]
|y|
declare -x z="y"
[0]
declare -x z="5"
[0]
## status: 0

### unset of a calling function's local uncovers the global; in its own function it stays local
inner() { unset res; echo "${FUNCNAME}: ${res-res unset}"; [[ $1 == set ]] && res=(X Y); }
outer() { local res=; inner "$1"; echo "${FUNCNAME}: res: ${res[*]}"; }
res=G; outer set; echo "main: ${res[*]-unset}"; unset res; outer; echo "main: ${res-unset}"
s() { local q=1; unset q; q=2; echo "in s: $q"; }; q=0; s; echo "q=$q"
## stdout:
inner: G
outer: res: X Y
main: X Y
inner: res unset
outer: res: 
main: unset
in s: 2
q=0
## status: 0

### a declaration outside a function keeps the temporary variable it names
tempenv=foo declare -r tempenv; echo "tempenv = $tempenv"; t1=foo declare -r t1; echo "${t1@A}"
t2=bar declare -r t2=qux; echo "${t2@A}"; z=1 declare -p z; echo "[${z-unset}]"; y=1 export w=2; echo "[${y-unset}] $w"
## stdout:
tempenv = foo
declare -rx t1='foo'
declare -rx t2='qux'
declare -x z="1"
[unset]
[unset] 2
## status: 0

### a function from a sourced file is named by its file and line in messages, stacks and caller
cat > lib.sh <<'EOF'
# a library
foo() {
  nosuch_in_lib
  echo "foo: ${FUNCNAME[*]} | ${BASH_SOURCE[*]} | ${BASH_LINENO[*]} | $LINENO"
  caller 0
  bar
}
EOF
cat > s.sh <<'EOF'
source ./lib.sh
bar() { echo "bar: ${BASH_SOURCE[*]} $LINENO"; caller; nosuch_in_main; }

foo
eval 'foo'
EOF
bash s.sh 2>&1; bash -c 'h() { nosuch_h; echo "[${BASH_SOURCE[0]}]"; }; h' 2>&1; rm s.sh lib.sh
## stdout:
./lib.sh: line 3: nosuch_in_lib: command not found
foo: foo main | ./lib.sh s.sh | 4 0 | 4
4 main s.sh
bar: s.sh ./lib.sh s.sh 2
6 ./lib.sh
s.sh: line 2: nosuch_in_main: command not found
./lib.sh: line 3: nosuch_in_lib: command not found
foo: foo main | ./lib.sh s.sh | 5 0 | 4
5 main s.sh
bar: s.sh ./lib.sh s.sh 2
6 ./lib.sh
s.sh: line 2: nosuch_in_main: command not found
environment: line 1: nosuch_h: command not found
[environment]
## status: 0

### declare -f prints each word as written, in bash's layout
w() { echo "$x" ${y} 'a b' a\ b "${z:-d}" $((1+ 2)) $[3] `echo  q` ~/x {a,b} *.c; local v="$1" n=2; x=1 y+=z; }
declare -f w
typeset -f w
## stdout:
w () 
{ 
    echo "$x" ${y} 'a b' a\ b "${z:-d}" $((1+ 2)) $[3] `echo  q` ~/x {a,b} *.c;
    local v="$1" n=2;
    x=1 y+=z
}
w () 
{ 
    echo "$x" ${y} 'a b' a\ b "${z:-d}" $((1+ 2)) $[3] `echo  q` ~/x {a,b} *.c;
    local v="$1" n=2;
    x=1 y+=z
}
## status: 0

### declare -f rewrites $'…', $"…" and command substitutions as bash's reader does
r() { echo $'a\tb' $'it\'s' $"plain" $(echo   one;echo  two) "$(echo  in)" ${u:-$(echo   d)} <(echo  p) $( (echo s) ); v=$'x y'; }
declare -f r
## stdout:
r () 
{ 
    echo 'a	b' 'it'\''s' "plain" $(echo one; echo two) "$(echo in)" ${u:-$(echo d)} <(echo p) $( ( echo s ));
    v='x y'
}
## status: 0

### declare -f lays out if, elif, loops and case
c() {
  if [ -n "$1" ]; then echo one; elif [[ $1 == b ]]; then echo two; else echo three; fi
  for i in 1 "2"; do echo $i; done; for j; do :; done; for ((k=0;k<2;k++)); do echo $k; done; for ((;;)); do break; done
  while read -r l; do echo "$l"; done < /dev/null; until true; do :; done
  select s in a b; do break; done < /dev/null
  case $1 in a|b) echo ab;; c) echo c;& d) ;;& *) echo other ;; esac
}
declare -f c
## stdout:
c () 
{ 
    if [ -n "$1" ]; then
        echo one;
    else
        if [[ $1 == b ]]; then
            echo two;
        else
            echo three;
        fi;
    fi;
    for i in 1 "2";
    do
        echo $i;
    done;
    for j in "$@";
    do
        :;
    done;
    for ((k=0; k<2; k++))
    do
        echo $k;
    done;
    for ((1; 1; 1))
    do
        break;
    done;
    while read -r l; do
        echo "$l";
    done < /dev/null;
    until true; do
        :;
    done;
    select s in a b;
    do
        break;
    done < /dev/null;
    case $1 in 
        a | b)
            echo ab
        ;;
        c)
            echo c
        ;&
        d)

        ;;&
        *)
            echo other
        ;;
    esac
}
## status: 0

### declare -f prints arithmetic, tests, groups, subshells, pipelines and lists
p() {
  (( n = 1 + 2 )); ((n++))
  [[ -n $x && ( $y == "z" || ! -f /x ) ]] && [[ $a =~ ^(x|y)$ ]]
  ( cd /; echo sub ) ; { echo a; echo b; } > /dev/null 2>&1
  echo a | cat | tr a b && echo ok || echo fail; echo a |& cat; ! true; time -p true
  echo bg & echo fg
  sleep 0 &
}
declare -f p
## stdout:
p () 
{ 
    (( n = 1 + 2 ));
    ((n++));
    [[ -n $x && ( $y == "z" || ! -f /x ) ]] && [[ $a =~ ^(x|y)$ ]];
    ( cd /;
    echo sub );
    { 
        echo a;
        echo b
    } > /dev/null 2>&1;
    echo a | cat | tr a b && echo ok || echo fail;
    echo a 2>&1 | cat;
    ! true;
    time -p true;
    echo bg & echo fg;
    sleep 0 &
}
## status: 0

### declare -f normalizes redirections
d() { >out echo hi 2>err; echo x >> f 2> g < h <> i >| j &> k &>> l 3>&- 4<&0 >&2 <&- 5>&$fd {v}>f {w}>&- 3>&4-; cat <<< "here"; }
declare -f d
## stdout:
d () 
{ 
    echo hi > out 2> err;
    echo x >> f 2> g < h 0<> i >| j &> k &>> l 3>&- 4<&0 1>&2 0>&- 5>&$fd {v}> f {w}>&- 3>&4-;
    cat <<< "here"
}
## status: 0

### declare -f prints here-documents with their bodies
h() {
  cat <<EOF
hello $x \
continued
EOF
  cat <<-'EOT' | cat
	tabbed $x
	EOT
  echo "$(cat <<IN
inner
IN
)"
  cat <<A <<'B'; echo after
one
A
two
B
}
declare -f h
## stdout:
h () 
{ 
    cat <<EOF
hello $x continued
EOF

    cat <<-'EOT' |
tabbed $x
EOT
  cat
    echo "$(cat <<IN
inner
IN
)";
    cat <<A <<'B'
one
A
two
B

    echo after
}
## status: 0

### declare -f prints nested definitions with the function keyword, and body redirections
o() {
  inner() { echo in; } >&2
  function kw { :; }
  sub() ( echo sub )
}
declare -f o
s() ( echo a; echo b ) > /dev/null
declare -f s
t() if true; then :; fi
declare -f t
function if { :; }
declare -f if
## stdout:
o () 
{ 
    function inner () 
    { 
        echo in
    } 1>&2;
    function kw () 
    { 
        :
    };
    function sub () 
    { 
        ( echo sub )
    }
}
s () 
{ 
    ( echo a;
    echo b ) > /dev/null
}
t () 
{ 
    if true; then
        :;
    fi
}
function if () 
{ 
    :
}
## status: 0

### type and declare -f agree, and -F lists names only
q() { echo "$1"; return 3; }
type q
declare -F q
declare -f q nosuch; echo "st=$?"
## stdout:
q is a function
q () 
{ 
    echo "$1";
    return 3
}
q
q () 
{ 
    echo "$1";
    return 3
}
st=1
## status: 0

### export -f and readonly -f are attributes declare -F, -xf and export -f list
f() { echo "$x"; }; g() { :; }; h() { :; }
export -f f; readonly -f g; declare -fx h
declare -F; declare -xF
export -f
readonly -f
export -n -f h; declare -F h; declare -F
declare -fx nosuch; echo "st=$?"
declare -pf f
## stdout:
declare -fx f
declare -fr g
declare -fx h
declare -fx f
declare -fx h
f () 
{ 
    echo "$x"
}
declare -fx f
h () 
{ 
    :
}
declare -fx h
g () 
{ 
    :
}
declare -fr g
h
declare -fx f
declare -fr g
declare -f h
st=1
f () 
{ 
    echo "$x"
}
declare -fx f
## status: 0

### a read-only function is neither defined again nor unset
r() { :; }; readonly -f r
r() { echo again; } 2>/dev/null; echo "st=$?"
unset -f r; echo "st=$?"
declare -F
n() { :; }; export -f n; unset -f n; n() { :; }; declare -F n; declare -F
## stdout:
st=1
st=1
declare -fr r
n
declare -f n
declare -fr r
## status: 0

### set lists the functions after the variables, as declare -f prints them
z1() { echo "$1"; }; z2() (echo sub)
set | sed -n '/^z1 ()/,$p'
## stdout:
z1 () 
{ 
    echo "$1"
}
z2 () 
{ 
    ( echo sub )
}
## status: 0

### an exported function reaches a new shell, and its children; one no longer exported does not
f() { echo "in f $1"; }; g() { :; }
export -f f
bash -c 'f x; declare -F; type f'
bash -c 'bash -c "f nested"'
export -n -f f
bash -c 'f y' 2>/dev/null; echo "st=$?"
## stdout:
in f x
declare -fx f
f is a function
f () 
{ 
    echo "in f $1"
}
in f nested
st=127
## status: 0

### declare -f prints a lone word in [[ ]] as -n word, and time and ! before pipelines
t() { [[ $x ]]; [[ ! "a" && ( $y ) ]]; time { echo; } | cat; ! echo a | cat; echo a 1>&2 0<x 2<&1 >&-; }
declare -f t
## stdout:
t () 
{ 
    [[ -n $x ]];
    [[ ! -n "a" && ( -n $y ) ]];
    time { 
        echo
    } | cat;
    ! echo a | cat;
    echo a 1>&2 < x 2<&1 1>&-
}
## status: 0

### export -f refuses a function whose name could not pass through the environment
function foo=bar { echo eq; }
export -f 'foo=bar'; echo "st=$?"
function /bin/x { echo slash; }
export -f /bin/x; echo "st=$?"
declare -F
## stdout:
st=1
st=1
declare -f /bin/x
declare -f foo=bar
## status: 0

### FUNCNEST bounds how deep functions nest, dropping the rest of the command +stderr
f() { (( n++ )); f; }
n=0; FUNCNEST=5
f; echo "not reached"
echo "st=$? n=$n"
n=0; FUNCNEST=' 3 '
f
echo "st=$? n=$n"
g() { echo "g ${#FUNCNAME[@]}"; }; h() { g; }; FUNCNEST=2
h; echo "st=$?"
unset FUNCNEST; k() { (( m++ < 50 )) && k; }; m=0
k; echo "m=$m"
## stdout:
st=1 n=5
st=1 n=3
g 2
st=0
m=51
## stderr:
environment: line 1: f: maximum function nesting level exceeded (5)
environment: line 1: f: maximum function nesting level exceeded (3)
## status: 0

### caller with a word that is no number says so and its usage +stderr
f() { caller foo; echo "st=$?"; caller 1x; echo "st=$?"; }
f
## stdout:
st=2
st=2
## stderr:
environment: line 1: caller: foo: invalid number
caller: usage: caller [expr]
environment: line 1: caller: 1x: invalid number
caller: usage: caller [expr]
## status: 0

### under extdebug BASH_ARGV and BASH_ARGC hold every function level's arguments
shopt -s extdebug
f() { echo "${#BASH_ARGV[*]} ${BASH_ARGV[*]} | ${BASH_ARGC[*]}"; g a b; }
g() { echo "${#BASH_ARGV[*]} ${BASH_ARGV[*]} | ${BASH_ARGC[*]}"; h; }
h() { echo "${#BASH_ARGV[*]} ${BASH_ARGV[*]} | ${BASH_ARGC[*]}"; }
f 1 2 3
f 1
## stdout:
3 3 2 1 | 3 0
5 b a 3 2 1 | 2 3 0
5 b a 3 2 1 | 0 2 3 0
1 1 | 1 0
3 b a 1 | 2 1 0
3 b a 1 | 0 2 1 0
## status: 0

### declare -f with names: letters no function can have, assignments, readonly functions +stderr
a() { :; }; b() { :; }
declare -fi a; echo "i $?"
declare -ai -f a; echo "ai $?"
declare -fn a; echo "n $?"
declare -f b a=x; echo "assign $?"
declare -fr a; declare -f +r a; echo "+r $?"
declare -fx b; declare -f +x b; declare -F -x; echo "+x $?"
declare -ft b; declare -Frx; declare -Ft; declare -Fi; echo "listed $?"
f() { local -f z=1; echo "local $?"; }; f
a() { echo again; }; echo "redefined $?"
## stdout:
i 1
ai 1
n 1
b () 
{ 
    :
}
assign 1
+r 1
+x 0
declare -fr a
declare -ft b
listed 0
local 1
redefined 1
## stderr:
declare: -i: invalid option
declare: -i: invalid option
declare: -n: invalid option
declare: cannot use `-f' to make functions
declare: a: readonly function
environment: line 9: local: cannot use `-f' to make functions
a: readonly function
## status: 0

### a readonly function redefined is refused on the line its definition ends +stderr
cat > s.sh <<'END'
g() { :; }
readonly -f g
g()
{
	echo new
}
echo "status $?"
END
bash s.sh
## stdout:
status 1
## stderr:
s.sh: line 6: g: readonly function
## status: 0
## files:
s.sh: "g() { :; }\nreadonly -f g\ng()\n{\n\techo new\n}\necho \"status $?\"\n"
