### command -v several names, some missing
f() { :; }
command -v echo nosuch f if; echo "st=$?"
command -v nosuch1 nosuch2; echo "st=$?"
command -v nosuch echo; echo "st=$?"
## stdout:
echo
f
if
st=0
st=1
echo
st=0
## status: 0

### command -V several names, some missing +stderr
f() { :; }
command -V echo nosuch if; echo "st=$?"
command -V nosuch; echo "st=$?"
command -V nosuch1 nosuch2 2>/dev/null; echo "st=$?"
## stdout:
echo is a shell builtin
if is a shell keyword
st=0
st=1
st=1
## stderr:
command: nosuch: not found
command: nosuch: not found
## status: 0

### SECONDS assigned counts from the value
SECONDS=100; echo $SECONDS
SECONDS=-5; echo $SECONDS
SECONDS=abc; echo $SECONDS
SECONDS=2+3; echo $SECONDS
((SECONDS=50)); echo $SECONDS $((SECONDS+1))
declare SECONDS=7; echo $SECONDS
f() { local SECONDS=9; echo $SECONDS; }; f
## stdout:
100
-5
0
5
50 51
7
9
## status: 0

### SECONDS and RANDOM unset are ordinary
unset SECONDS; echo "[$SECONDS]"; SECONDS=3; echo $SECONDS
unset RANDOM; echo "[$RANDOM]"; RANDOM=7; echo $RANDOM $RANDOM
unset LINENO; echo "[$LINENO]"
## stdout:
[]
3
[]
7 7
[]
## status: 0

### SHLVL counts shells
echo "top=$SHLVL"
bash -c 'echo "inner=$SHLVL"; bash -c "echo inner2=\$SHLVL"; :'
( echo "sub=$SHLVL" ); echo "$(echo "cs=$SHLVL")"
SHLVL=7 bash -c 'echo "from7=$SHLVL"'
SHLVL=abc bash -c 'echo "fromabc=$SHLVL"'
SHLVL=-5 bash -c 'echo "fromneg=$SHLVL"'
export SHLVL=999; bash -c 'echo "from999=$SHLVL"' 2>/dev/null
:
## stdout:
top=1
inner=2
inner2=3
sub=1
cs=1
from7=8
fromabc=1
fromneg=0
from999=1
## status: 0

### times prints two lines of user and system time
times | sed 's/[0-9][0-9]*/N/g'; echo "st=$?"
## stdout:
NmN.Ns NmN.Ns
NmN.Ns NmN.Ns
st=0
## status: 0

### enable lists and disables +stderr
enable | grep -x -e 'enable cd' -e 'enable echo' -e 'enable printf' -e 'enable times'
enable -n echo kill; enable -n; echo "st=$?"
enable -a | grep -x -e 'enable cd' -e 'enable -n echo'
echo still runs
enable echo; enable -n
enable nosuch; echo "st=$?"
enable -n nosuch; echo "st=$?"
enable -s
## stdout:
enable cd
enable echo
enable printf
enable times
enable -n echo
enable -n kill
st=0
enable cd
enable -n echo
still runs
enable -n kill
st=1
st=1
enable .
enable :
enable break
enable continue
enable eval
enable exec
enable exit
enable export
enable readonly
enable return
enable set
enable shift
enable source
enable times
enable trap
enable unset
## stderr:
enable: nosuch: not a shell builtin
enable: nosuch: not a shell builtin
## status: 0

### a script started from the shell sees the exported variables and sets bash's own
x=1; export y=2; IFS=:; OPTIND=5; PS4='> '
printf 'echo "[$x] [$y] [$OPTIND] [${BASH_VERSION%%%%.*}] [${#IFS}] [$PS4] [${BASH_VERSINFO[0]}]"\n' > s.sh
chmod +x s.sh; ./s.sh; bash s.sh; rm s.sh
bash -c 'echo "[$x] [$y] [$OPTIND] [${#IFS}] [$OPTERR]"'
## stdout:
[] [2] [1] [5] [3] [+ ] [5]
[] [2] [1] [5] [3] [+ ] [5]
[] [2] [1] [3] [1]
## status: 0

### BASHPID in a subshell is not the shell's
a=$BASHPID; b=$( (echo "$BASHPID") ); c=$(echo "$BASHPID")
[ "$a" = "$$" ] && echo "the shell's is \$\$"
[ "$a" != "$b" ] && [ "$a" != "$c" ] && [ "$b" != "$c" ] && echo "each subshell's differs"
(echo $BASHPID; echo $BASHPID) | uniq | wc -l
## stdout:
the shell's is $$
each subshell's differs
1
## status: 0

### BASH_ARGV0 assigned sets $0
BASH_ARGV0=hello; echo "$0 $BASH_ARGV0"
f() { BASH_ARGV0=$1; }; f arg; echo "$0"
unset BASH_ARGV0; BASH_ARGV0=z; echo "$0 $BASH_ARGV0"
## stdout:
hello hello
arg
arg z
## status: 0

### FUNCNAME, BASH_SOURCE and BASH_LINENO take no assignment until unset
FUNCNAME=7; echo "[$FUNCNAME]"
f() { echo "[$FUNCNAME] [${FUNCNAME[@]}]"; FUNCNAME=8; echo "[$FUNCNAME]"; }
f; echo "[$FUNCNAME]"
BASH_SOURCE=x; BASH_LINENO=5; echo "[$BASH_SOURCE] [$BASH_LINENO]"
FUNCNAME=$(echo ran >&2); f
unset FUNCNAME; FUNCNAME=9; f; echo "[$FUNCNAME]"
## stdout:
[]
[f] [f]
[f]
[]
[] []
[f] [f]
[f]
[9] [9]
[8]
[8]
## status: 0

### an element before a command is no variable of its environment +stderr
f() { declare -p var; echo "f ran"; }
var[0]=X var[1]=Y f; echo "st=$?"
declare -p var
## stdout:
f ran
st=0
## stderr:
`var[0]': not a valid identifier
`var[1]': not a valid identifier
environment: line 1: declare: var: not found
declare: var: not found
## status: 1

### SHELLOPTS says the set -o options on, read-only +stderr
echo "$SHELLOPTS"
set -eu; echo "$SHELLOPTS"
shopt -so physical; echo "$SHELLOPTS"
set +eu +o physical
declare -p SHELLOPTS
(SHELLOPTS=x); echo "st=$?"
unset SHELLOPTS; echo "st=$?"
f() { local -; set -o pipefail; echo "in: $SHELLOPTS"; }
f; echo "out: $SHELLOPTS"
readonly -p | grep -c SHELLOPTS
## stdout:
braceexpand:hashall:interactive-comments
braceexpand:errexit:hashall:interactive-comments:nounset
braceexpand:errexit:hashall:interactive-comments:nounset:physical
declare -r SHELLOPTS="braceexpand:hashall:interactive-comments"
st=1
st=1
in: braceexpand:hashall:interactive-comments:pipefail
out: braceexpand:hashall:interactive-comments
1
## stderr:
SHELLOPTS: readonly variable
unset: SHELLOPTS: cannot unset: readonly variable
## status: 0

### BASHOPTS follows shopt +stderr
shopt -s nullglob
[[ :$BASHOPTS: == *:nullglob:* ]] && echo on
shopt -u nullglob
[[ :$BASHOPTS: == *:nullglob:* ]] || echo off
[[ :$BASHOPTS: == *:sourcepath:* ]] && echo sourcepath
(BASHOPTS=x); echo "st=$?"
declare -p BASHOPTS | cut -d= -f1
## stdout:
on
off
sourcepath
st=1
declare -r BASHOPTS
## stderr:
BASHOPTS: readonly variable
## status: 0

### an exported SHELLOPTS passes the options to a child bash
bash -c 'env | grep -c SHELLOPTS'
set -e
export SHELLOPTS
bash -c 'echo "$-"; false; echo not reached' || echo "st=$?"
set +e -u
bash -c 'echo "$-"; echo "$SHELLOPTS"; declare -p SHELLOPTS'
shopt -s nullglob; export BASHOPTS
bash -c 'echo no*such*file*; shopt nullglob'
## stdout:
0
ehBc
st=1
huBc
braceexpand:hashall:interactive-comments:nounset
declare -rx SHELLOPTS="braceexpand:hashall:interactive-comments:nounset"

nullglob       	on
## status: 0

### a new shell's set -e holds though its parent runs it in a condition
bash -c 'set -e; false; echo not reached' || echo "st=$?"
if bash -c 'set -e; false; echo not reached'; then echo yes; else echo no; fi
! bash -c 'set -e; false; echo not reached'
(set -e; false; echo in a subshell it does not) || echo "st=$?"
## stdout:
st=1
no
in a subshell it does not
## status: 0

### set -k makes every assignment-like word of a command an assignment
set -k
echo a=1 b; echo "[$a]"
f() { echo "f:$z"; }
f z=3 q; echo "[$z]"
echo x="a b" y\=2 "z=3" w+=4 u=; echo "[$x $w]"
E=
$E p=1 q=$p; echo "$p $q"
HOME=/h $E r=$HOME; echo "$r"
bash -c 'echo "$k"' k=9
echo "$SHELLOPTS" | grep -c keyword
set +k
echo c=1; echo "[$c]"
## stdout:
b
[]
f:3
[]
y=2 z=3
[ ]
1 1
/h
9
1
c=1
[]
## status: 0

### BASHPID read by name in arithmetic
echo $(( BASHPID > 0 )); (( BASHPID == $BASHPID )) && echo same
( echo $(( BASHPID == $BASHPID )) $(( BASHPID != $$ )) ); let "p = BASHPID"; echo $(( p > 0 ))
## stdout:
1
same
1 1
1
## status: 0

### unset of a variable of a command's temporary environment uncovers what it replaced, a layer at a time
g() { echo "in g: $x"; unset x; echo "g after: ${x-U}"; }
x=glob; x=tmp g; echo "after: ${x-U}"
v=g; v=t1 eval 'v=t2 eval "unset v; echo \$v; unset v; echo \$v; unset v; echo \${v-U}"'; echo "end: ${v-U}"
f() { x=42; x=tmp unset x; echo "f: ${x-U}"; }; set -o posix; f; set +o posix
l() { local x=loc; x=tmp unset x; echo "local: ${x-U}"; }; l
## stdout:
in g: tmp
g after: glob
after: glob
t1
g
U
end: U
f: 42
local: loc
## status: 0

### BASH_SUBSHELL counts a subshell that is a pipeline stage once
( echo "alone: $BASH_SUBSHELL" )
( echo "stage: $BASH_SUBSHELL" ) | cat
{ echo "group stage: $BASH_SUBSHELL"; } | cat
( ( echo "nested stage: $BASH_SUBSHELL" ) ) | cat
echo x | ( read -r v; echo "last stage: $BASH_SUBSHELL" )
## stdout:
alone: 1
stage: 1
group stage: 1
nested stage: 2
last stage: 1
## status: 0

### GROUPS holds the user's group, which chgrp takes
[ "${GROUPS[0]}" = "$(id -g)" ] && echo "first group is id -g"
touch f; chgrp "${GROUPS[0]}" f && echo "chgrp took it"
## stdout:
first group is id -g
chgrp took it
## status: 0
## files:
f: ""

### assignments to GROUPS have no effect until it is unset
g=${GROUPS[0]}; GROUPS=5; echo "$? $([ "$GROUPS" = "$g" ] && echo kept)"; GROUPS[1]=3; echo "$? ${#GROUPS[@]}"
unset GROUPS; GROUPS=7; echo "$GROUPS"
## stdout:
0 kept
0 1
7
## status: 0
