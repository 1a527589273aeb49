### an unbound variable under set -u ends -c text with 127 +stderr
set -u; echo a; echo $undefined_var; echo after
## stdout:
a
## stderr:
undefined_var: unbound variable
## status: 127

### a missing parameter with :? ends -c text with 127 +stderr
echo ${x:?need x}; echo after
## stderr:
x: need x
## status: 127

### an empty :? message is bash's own +stderr
echo ${x:?}; echo after
## stderr:
x: parameter null or not set
## status: 127

### an unbound element is named as written +stderr
set -u; declare -A m; echo "${m[z]}"; echo after
## stderr:
m[z]: unbound variable
## status: 127

### an unbound variable in $(( )) ends the shell
set -u; echo $((y+5)); echo after
## status: 127

### an unbound variable in (( )) ends the shell, not only the command +stderr
set -u; (( u + 1 )) || echo false; echo after
## stderr:
u: unbound variable
## status: 127

### an unbound variable in let ends the shell +stderr
set -u; let "z = u + 1" || echo false; echo after
## stderr:
u: unbound variable
## status: 127

### an unbound variable in a for (( )) ends the shell
set -u; for (( i = 0; i < n; i++ )); do :; done; echo after
## status: 127

### an unbound variable in a declare -i assignment ends the shell
set -u; declare -i i; i=u+1; echo after
## status: 127

### a subshell ended by an unbound variable has status 1
set -u; (echo $((u))); echo "sub $?"; x=$(echo ${q:?boom}); echo "subst $?"
## stdout:
sub 1
subst 1
## status: 0

### let's statuses and errors without set -u +stderr
let; echo $?; let 1/0; echo $?; let "x=3" "y=x*2"; echo $? $y; let 0; echo $?; let -- -1; echo $?
## stdout:
1
1
0 6
1
0
## stderr:
let: expression expected
let: 1/0: division by 0 (error token is "0")
## status: 0

### unset variables in arithmetic are 0 without set -u
echo $((u + 1)); (( u )) || echo zero; let "v = u + 2"; echo $v
## stdout:
1
zero
2
## status: 0

### a closed pipe is status 141 in PIPESTATUS
yes | head -1; echo ${PIPESTATUS[@]}
## stdout:
y
141 0
## status: 0

### break with a word that is not a number ends the shell with 128 +stderr
for i in 1; do break oops; echo in $?; done; echo out $?
## stderr:
break: oops: numeric argument required
## status: 128

### continue with too many counts ends the shell with 1 +stderr
for i in 1 2; do continue 1 2 3; echo in $?; done; echo out $?
## stderr:
continue: too many arguments
## status: 1

### break 0 is out of range but still leaves the loop +stderr
for i in 1 2; do break 0; echo in; done; echo out $?
## stdout:
out 1
## stderr:
break: 0: loop count out of range
## status: 0

### an unbound variable in [[ -eq ]] and in a subscript ends the shell
set -u; a=(1 2); echo "${a[1]}"; [[ 1 -eq 1 ]] && echo ok; echo ${a[u]}; echo after
## stdout:
2
ok
## status: 127

### an unbound variable in a function ends the shell
set -u; f() { echo $u; }; f; echo after
## status: 127

### an expansion error drops the rest of its line and the next line runs
echo $((1+)) 2>/dev/null; echo same
echo "after $?"
readonly r=1
r=2; echo same
echo "next $?"
## stdout:
after 1
next 1
## status: 0

### ${#u[@]} of an unset array under set -u drops the command +stderr
set -u
echo ${#u[@]}; echo same
echo "next $?"; a=(); echo ${#a[@]} ${#BASH_ARGV[@]}
## stdout:
next 1
0 0
## stderr:
u: unbound variable
## status: 0

### exit with two numbers is refused and exits 1 +stderr
echo before; exit 3 4; echo not reached
## stdout:
before
## stderr:
exit: too many arguments
## status: 1

### with no PATH to search a command not found is no such file +stderr
PATH=; notthere; echo $?; command notthere; echo $?
unset PATH; nope; echo $?
PATH=/nowhere; nope2; echo $?
## stdout:
127
127
127
127
## stderr:
notthere: No such file or directory
notthere: No such file or directory
nope: No such file or directory
nope2: command not found
## status: 0
