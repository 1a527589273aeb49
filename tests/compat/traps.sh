### exit trap runs at end
trap 'echo bye' EXIT; echo hello
## stdout:
hello
bye
## status: 0

### exit trap on exit
trap 'echo cleanup' EXIT; exit 3
## stdout:
cleanup
## status: 3

### exit trap sees status
trap 'echo status $?' EXIT; false
## stdout:
status 1
## status: 1

### exit trap in subshell
(trap 'echo sub exit' EXIT; echo in sub); echo outside
## stdout:
in sub
sub exit
outside
## status: 0

### trap reset
trap 'echo x' EXIT; trap - EXIT; echo nothing
## stdout:
nothing
## status: 0

### trap listing
trap 'echo hi' EXIT; trap
## stdout:
trap -- 'echo hi' EXIT
hi
## status: 0

### trap with errexit
set -e; trap 'echo trapped' EXIT; false; echo no
## stdout:
trapped
## status: 1

### exit trap with exit in trap keeps status
trap 'echo done' EXIT; (exit 5); echo $?
## stdout:
5
done
## status: 0

### exit trap in function exit
trap 'echo final' EXIT; f() { exit 2; }; f; echo not reached
## stdout:
final
## status: 2

### the ERR trap fires for a function's status, not inside it, without set -E
trap 'echo err' ERR; false; true; f() { false; }; f; g() { f; }; g; echo end
## stdout:
err
err
err
end
## status: 0

### set -E and -o errtrace carry the ERR trap into functions
trap 'echo "err in ${FUNCNAME:-main}"' ERR; f() { false; echo after; }; set -E; f; set +E; set -o errtrace; echo "$-"; set -o | grep errtrace; f
## stdout:
err in f
after
hBEc
errtrace       	on
err in f
after
## status: 0

### the ERR trap for a subshell, a substitution and eval
trap 'echo "err $BASH_SUBSHELL"' ERR; (false); x=$(false); eval false; echo end
## stdout:
err 0
err 0
err 0
err 0
end
## status: 0

### kill -SIG $$ runs the shell's trap
trap 'echo int' INT; kill -INT $$; echo after $?; trap 'echo usr' USR1; kill -USR1 $$; kill -0 $$; echo "zero $?"
## stdout:
int
after 0
usr
zero 0
## status: 0

### kill $$ with an ignored signal or one ignored by default goes on
trap '' TERM; kill $$; echo survived; kill -CHLD $$; echo ok; kill -WINCH $$; echo "st $?"
## stdout:
survived
ok
st 0
## status: 0

### a trap may exit when the shell signals itself
trap 'echo cleanup; exit 3' TERM; kill $$; echo never
## stdout:
cleanup
## status: 3

### an ERR trap reads $BASH_COMMAND and the failing command's $LINENO
trap 'echo "cmd: $BASH_COMMAND at $LINENO"' ERR
true
x=1 false a "b c"
f() {
  false
  return 3
}
f
echo "back at $LINENO"
## stdout:
cmd: x=1 false a "b c" at 3
cmd: return 3 at 8
back at 9
## status: 0

### trap keeps any signal and lists the traps in bash's order
trap 'echo e' ERR; trap 'echo q' QUIT 6 SIGCHLD; trap 'echo x' EXIT; trap '' DEBUG; trap 'echo u' 10
trap 'echo r' RETURN; trap : 1; trap; trap -p ABRT 17; trap - 6; trap -p SIGABRT; echo "end $?"
trap - DEBUG ERR RETURN EXIT
## stdout:
trap -- 'echo x' EXIT
trap -- ':' SIGHUP
trap -- 'echo q' SIGQUIT
trap -- 'echo q' SIGABRT
trap -- 'echo u' SIGUSR1
trap -- 'echo q' SIGCHLD
trap -- '' DEBUG
trap -- 'echo e' ERR
trap -- 'echo r' RETURN
trap -- 'echo q' SIGABRT
trap -- 'echo q' SIGCHLD
end 0
## status: 0

### trap refuses what names no signal +stderr
trap 'echo x' NOSIG 99; echo "s $?"; trap -p
## stdout:
s 1
## stderr:
trap: NOSIG: invalid signal specification
trap: 99: invalid signal specification
## status: 0

### the DEBUG trap runs before each simple command, not inside functions without set -T
trap 'echo "debug[$LINENO] $BASH_COMMAND"' DEBUG
echo one
f() { echo in f; }
f
trap - DEBUG
echo done
## stdout:
debug[2] echo one
one
debug[4] f
in f
debug[5] trap - DEBUG
done
## status: 0

### a DEBUG trap a function sets runs in it and stays; set -T lets functions inherit one
g() { trap 'echo "dbg $BASH_COMMAND"' DEBUG; echo in g; }
g
echo after
trap - DEBUG; h() { echo in h; }; set -T; trap 'echo "t $BASH_COMMAND"' DEBUG; h; set +T; trap - DEBUG
## stdout:
dbg echo in g
in g
dbg echo after
after
dbg trap - DEBUG
t h
t h
t echo in h
in h
t set +T
t trap - DEBUG
## status: 0

### an ignored signal stays ignored in a subshell, and cannot be trapped in a new shell
trap '' USR2; (trap -p; trap 'echo x' USR2; trap -p USR2)
bash -c 'trap -p; trap "echo y" USR2; trap -p USR2; trap - USR2; trap -p USR2; echo "s $?"'
## stdout:
trap -- '' SIGUSR2
trap -- 'echo x' SIGUSR2
trap -- '' SIGUSR2
trap -- '' SIGUSR2
trap -- '' SIGUSR2
s 0
## status: 0

### under set -T a RETURN trap set outside runs as functions return, not again inside itself
set -o functrace; fn() { return; }; trap 'echo "ret $?"; fn' RETURN; fn; echo after 1
unset -f fn; fn() { eval return 3; }; fn; echo "after 2 $?"; trap - RETURN
## stdout:
ret 0
after 1
ret 0
after 2 3
## status: 0

### exit in an EXIT trap sets the status of the subshell and of the shell
( set -e; trap 'exit 0' EXIT; false; echo bad ); echo "sub $?"; (trap 'exit 4' EXIT; exit 2); echo "sub $?"
bash -c 'trap "exit 3" EXIT; false'; echo "shell $?"; bash -c 'trap "echo hi" EXIT; exit 5'; echo "shell $?"
## stdout:
sub 0
sub 4
shell 3
hi
shell 5
## status: 0

### LINENO in eval and in trap actions counts as bash counts, and so do their messages
cat > s.sh <<'EOF'
echo "top $LINENO"
eval 'echo "a $LINENO"
echo "b $LINENO"
nosuch_a'
eval 'g() { echo "g $LINENO"; nosuch_g; }'
g
trap 'echo "usr $LINENO"
nosuch_u' USR1
kill -USR1 $$
trap 'echo "err $LINENO"
echo "err2 $LINENO"' ERR
false
trap - ERR
x=$(eval 'echo $LINENO'); echo "cs $x"
eval "

 echo \"c \$LINENO\""
echo $LINENO 'x
y' $LINENO
echo 'x
y' $LINENO
trap 'echo "exit $LINENO"' EXIT
EOF
bash s.sh 2>&1; rm s.sh
## stdout:
top 1
a 4
b 5
s.sh: line 6: nosuch_a: command not found
g 5
s.sh: line 5: nosuch_g: command not found
usr 1
s.sh: line 2: nosuch_u: command not found
err 12
err2 13
cs 14
c 19
18 x
y 18
x
y 21
exit 1
## status: 0

### BASH_COMMAND in ERR, DEBUG and EXIT traps is the command that failed or runs next
cat > s.sh <<'EOF'
trap 'echo "E$LINENO [$BASH_COMMAND]"' ERR
trap 'echo "X$LINENO [$BASH_COMMAND]"' EXIT
[[ -z x ]]
(( 0 ))
true | false
(exit 3)
f() { return 1; }
f
false || false
EOF
bash s.sh 2>&1; echo "status $?"; rm s.sh
## stdout:
E3 [[[ -z x ]]]
E4 [(( 0 ))]
E5 [false]
E6 [( exit 3 )]
E8 [return 1]
E9 [false]
X1 [false]
status 1
## status: 0

### the DEBUG trap runs before for, for ((, case, [[, (( and select as bash's does
cat > s.sh <<'EOF'
trap 'echo "D$LINENO [$BASH_COMMAND]"' DEBUG
for i in 1 "2 3"; do :; done
for ((j=0; j<1; j++)); do :; done
for (( k = 0 ; k < 1 ; k++ )); do :; done
case a in a) echo c;; esac
[[ -n x ]] && echo y
((1+2)); (( 4 ))
select s in a b; do break; done <<< 1
echo a | cat
f() { [[ -n x ]]; }
f x
set -T
f y
EOF
bash s.sh 2>&1; rm s.sh
## stdout:
D2 [for i in 1 "2 3"]
D2 [:]
D2 [for i in 1 "2 3"]
D2 [:]
D3 [((j=0))]
D3 [((j<1))]
D3 [:]
D3 [((j++))]
D3 [((j<1))]
D4 [((k = 0 ))]
D4 [((k < 1 ))]
D4 [:]
D4 [((k++ ))]
D4 [((k < 1 ))]
D5 [case a in ]
D5 [echo c]
c
D6 [[[ -n x ]]]
D6 [echo y]
y
D7 [((1+2))]
D7 [(( 4 ))]
D8 [select s in a b]
1) a
2) b
#? D8 [break]
D9 [echo a]
D9 [cat]
a
D11 [f x]
D12 [set -T]
D13 [f y]
D10 [f y]
D10 [[[ -n x ]]]
## status: 0

### set -x shows a declaration's words expanded, as bash's trace shows them
cat > s.sh <<'EOF'
f() { local s="a b" t=$1 u; local -a l=(1 "$1"); declare -A m=([k]="$1"); local -i n=2+3; }
set -x
f arg
v=one
declare -a a=(1 "2 $v") b
export V=$v W
readonly R=$V
x=y declare z="$v two"
declare "c=(1 2)" 'd[1]=x'
local q
set +x
EOF
bash s.sh 2>&1; rm s.sh
## stdout:
+ f arg
+ local 's=a b' t=arg u
+ l=('1' 'arg')
+ local -a l
+ m=(['k']='arg')
+ declare -A m
+ local -i n=2+3
+ v=one
+ a=('1' '2 one')
+ declare -a a b
+ export V=one W
+ V=one
+ readonly R=one
+ R=one
+ x=y
+ declare 'z=one two'
+ declare 'c=(1 2)' 'd[1]=x'
+ local q
s.sh: line 10: local: can only be used in a function
+ set +x
## status: 0

### declare -fx and -fr set the attribute without printing; -f prints
g() { :; }
declare -fx g; echo "x $?"; declare -fr g; echo "r $?"; declare -Fx g; declare -f -x g
declare -fx nosuch; echo "none $?"; declare -F g
## stdout:
x 0
r 0
none 1
g
## status: 0

### BASH_COMMAND shows parameters and redirections as bash shows them
x=v; trap 'echo "[$BASH_COMMAND]"' DEBUG
: $x "$x" $1 ${x}a $x-b ${#x} ${x:-d} $? >/dev/null 2>&1 <<<here 2>>/dev/null 3<&0
for i in $x; do :; done; case $x in *) ;; esac
trap - DEBUG
## stdout:
[: $x "$x" $1 ${x}a $x-b ${#x} ${x:-d} $? > /dev/null 2>&1 <<< here 2>> /dev/null 3<&0]
[for i in $x]
[:]
[case $x in ]
[trap - DEBUG]
## status: 0

### set -x traces eval, source and trap actions one level deeper; RETURN runs after source
printf 'echo in\n' > sub.sh
cat > s.sh <<'EOF'
set -x
eval 'eval "echo x"'
. ./sub.sh
trap 'echo t' ERR
false
trap - ERR
trap 'echo r' RETURN
f() { :; }
f
. ./sub.sh
trap - RETURN
( trap 'echo e' EXIT; : )
x=$(trap 'echo s' EXIT; :)
EOF
bash s.sh 2>&1; rm s.sh sub.sh
## stdout:
+ eval 'eval "echo x"'
++ eval 'echo x'
+++ echo x
x
+ . ./sub.sh
++ echo in
in
+ trap 'echo t' ERR
+ false
++ echo t
t
+ trap - ERR
+ trap 'echo r' RETURN
+ f
+ :
+ . ./sub.sh
++ echo in
in
++ echo r
r
+ trap - RETURN
+ trap 'echo e' EXIT
+ :
++ echo e
e
++ trap 'echo s' EXIT
++ :
++ echo s
+ x=s
## status: 0

### set -x traces a command, and expands its assignments, before the command's own redirections +stderr
x=$(echo err >&2) true 2>/dev/null
set -x
x=1 true 2>/dev/null
echo out 2>&1 >/dev/null
true $(echo e2 >&2) 2>/dev/null
set +x
## stderr:
err
+ x=1
+ true
+ echo out
++ echo e2
e2
+ true
+ set +x
## status: 0

### a subshell lists its parent's traps until it sets one of its own
trap 'echo bye' EXIT
trap 'echo usr' USR1
trap -p | cat
(trap)
echo "$(trap -p USR1)"
(trap '' INT; trap)
f() { trap; }
(f)
## stdout:
trap -- 'echo bye' EXIT
trap -- 'echo usr' SIGUSR1
trap -- 'echo bye' EXIT
trap -- 'echo usr' SIGUSR1
trap -- 'echo usr' SIGUSR1
trap -- '' SIGINT
trap -- 'echo bye' EXIT
trap -- 'echo usr' SIGUSR1
bye
## status: 0

### declare -ft gives one function the DEBUG and RETURN traps, as set -T gives all
trap 'echo "${FUNCNAME:-top} debug"' DEBUG
f() { echo in f; }
g() { echo in g; }
declare -ft f
f
g
trap - DEBUG
trap 'echo "return $FUNCNAME"' RETURN
f; g
declare +ft f; f
declare -F f g
declare -ft nosuch; echo "st=$?"
## stdout:
top debug
top debug
f debug
f debug
in f
top debug
in g
top debug
in f
return f
in g
in f
return f
f
g
st=1
## status: 0

### BASH_COMMAND names the running command without a trap; under extdebug a DEBUG trap's status skips or returns
echo $BASH_COMMAND; x=$BASH_COMMAND; echo "$x"
bash -c 'shopt -s extdebug; trap "[[ \$BASH_COMMAND != x=2 ]]" DEBUG; x=1; x=2; echo "x is $x"'
bash -c 'shopt -s extdebug; f() { echo in f; echo after; }; trap "[[ \$BASH_COMMAND == \"echo after\" ]] && return 2; true" DEBUG; f; echo "status $?"'
bash -c 'shopt -s extdebug; f() { echo in f; }; trap "echo T \$BASH_COMMAND" DEBUG; f'
bash -c 'trap false DEBUG; echo runs without extdebug'
## stdout:
echo $BASH_COMMAND
x=$BASH_COMMAND
x is 1
in f
status 2
T f
T f
T echo in f
in f
runs without extdebug
## status: 0

### a CHLD trap runs for each background job wait collects
trap 'echo chld' CHLD; sleep 0.1 & wait; echo done
trap 'echo "chld $?"' CHLD; (exit 3) & wait $!; echo "status $?"; sleep 0.1 & wait -n; echo "n $?"
trap - CHLD; sleep 0.1 & wait; echo "no trap"
## stdout:
chld
done
chld 0
status 3
chld 0
n 0
no trap
## status: 0

### exit in a function runs the EXIT trap with the function still on the stack
trap 'echo "trap: ${FUNCNAME:-main} $?"' EXIT
f() { g; }; g() { exit 4; }
f
echo not reached
## stdout:
trap: g 4
## status: 4

### a RETURN trap's LINENO counts from the function's opening line or the source command's
set -T
trap 'echo "ret $LINENO"
echo "two $LINENO"' RETURN
f() {
  :
  :
}
f
g() { x=1
}
g
printf ':\n:\n:\n' > sourced.sh
source ./sourced.sh
echo "after $LINENO"
## stdout:
ret 4
two 5
ret 9
two 10
ret 13
two 14
after 14
## status: 0
## files:
sourced.sh: ":\n:\n:\n"

### set -E passes the ERR trap to subshells and set -T the DEBUG trap
set -E
trap 'echo "err $LINENO"' ERR
( false )
x=$(false; echo in)
echo "x=$x"
set +E
( false )
trap - ERR
set -T
trap 'echo "dbg $LINENO"' DEBUG
y=$(echo sub)
trap - DEBUG
echo "y=$y"
set -T
trap 'echo dbg' DEBUG
bash -c 'echo a new shell has none'
## stdout:
err 3
err 3
x=err 4
in
err 7
dbg 11
dbg 12
y=dbg 11
sub
dbg
a new shell has none
## status: 0

### the DEBUG trap runs inside the other traps' actions, not inside its own
trap 'echo "dbg $BASH_COMMAND"' DEBUG
trap 'echo "err $BASH_COMMAND"' ERR
trap 'echo bye' EXIT
false
trap - ERR
trap 'echo "dbg $LINENO"' DEBUG
for (( i=0 ;
  i < 2 ; i++ )) ; do
  echo "body $LINENO"
done
## stdout:
dbg trap 'echo "err $BASH_COMMAND"' ERR
dbg trap 'echo bye' EXIT
dbg false
dbg false
err false
dbg trap - ERR
dbg trap 'echo "dbg $LINENO"' DEBUG
dbg 7
dbg 7
dbg 9
body 9
dbg 7
dbg 7
dbg 9
body 9
dbg 7
dbg 7
dbg 1
bye
## status: 0

### shopt -s extdebug turns set -T and set -E on, and set +T still turns tracing off
shopt -s extdebug; echo "$-"
set +T; echo "$-"
shopt extdebug
shopt -u extdebug; echo "$-"
f() { echo "in f"; }
shopt -s extdebug; set +T
trap 'echo "dbg $BASH_COMMAND"' DEBUG
f
trap - DEBUG
## stdout:
hBETc
hBEc
extdebug       	on
hBc
dbg f
in f
dbg trap - DEBUG
## status: 0

### a sourced file runs without the DEBUG trap unless set -T, and its RETURN trap sees the caller
printf 'echo "in file ${FUNCNAME[*]}"\n' > sourced.sh
trap 'echo "ret ${FUNCNAME[*]}"' RETURN
trap 'echo "dbg $BASH_COMMAND"' DEBUG
source ./sourced.sh
f() { source ./sourced.sh; }
f
set -T
source ./sourced.sh
trap - DEBUG RETURN
## stdout:
dbg source ./sourced.sh
in file 
ret 
dbg f
in file source f
dbg set -T
dbg source ./sourced.sh
dbg echo "in file ${FUNCNAME[*]}"
in file 
dbg source ./sourced.sh
ret 
dbg trap - DEBUG RETURN
## status: 0
## files:
sourced.sh: "echo \"in file ${FUNCNAME[*]}\"\n"

### each pass of a for loop is on the for's line
trap 'echo "dbg $LINENO"' DEBUG
for i in 0 1 ; do
  for j in 3 ; do
    :
  done
done
trap - DEBUG
## stdout:
dbg 2
dbg 3
dbg 4
dbg 2
dbg 3
dbg 4
dbg 7
## status: 0

### a trap's commands leave PIPESTATUS as the pipeline set it
set -o pipefail; trap 'echo err; false | true' ERR
true | false | true; echo "${PIPESTATUS[*]}"
g() { true | false; }; g; echo "${PIPESTATUS[*]}"
trap - ERR; trap 'x=1' DEBUG; true | false; echo "${PIPESTATUS[*]}"
## stdout:
err
0 1 0
err
1
0 1
## status: 0
