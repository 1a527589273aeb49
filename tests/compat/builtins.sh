### echo options
echo -n no-newline; echo; echo -e 'a\tb'; echo -E 'a\tb'
## stdout:
no-newline
a	b
a\tb
## status: 0

### echo dash dash is literal
echo -- -n
## stdout:
-- -n
## status: 0

### echo -e escapes
echo -e 'x\ny' '\x41' '\0101' 'c\cnot shown'
## stdout-nonl:
x
y A A c
## status: 0

### printf formats
printf '%s-%s\n' a b; printf '%d %5d %-5d| %05d\n' 42 42 42 42
## stdout:
a-b
42    42 42   | 00042
## status: 0

### printf reuses format
printf '%s\n' one two three
## stdout:
one
two
three
## status: 0

### printf floats
printf '%.2f %e %g %g\n' 3.14159 12345.678 0.0001 1000000
## stdout:
3.14 1.234568e+04 0.0001 1e+06
## status: 0

### printf hex octal char
printf '%x %X %o %c\n' 255 255 8 hello
## stdout:
ff FF 10 h
## status: 0

### printf q
printf '%q\n' 'a b' "it's" 'x$y'
## stdout:
a\ b
it\'s
x\$y
## status: 0

### printf b
printf '%b\n' 'tab\there'
## stdout:
tab	here
## status: 0

### printf percent and missing args
printf '%s %% %s|\n' only
## stdout:
only % |
## status: 0

### printf -v
printf -v out '%03d' 7; echo $out
## stdout:
007
## status: 0

### printf char code
printf '%d\n' "'A"
## stdout:
65
## status: 0

### printf width star
printf '%*s|%-*s|\n' 5 ab 4 cd
## stdout:
   ab|cd  |
## status: 0

### printf invalid number
printf '%d\n' abc 2>/dev/null; echo $?
## stdout:
0
1
## status: 0

### printf no trailing newline
printf abc; printf '\n'
## stdout:
abc
## status: 0

### printf precision string
printf '%.3s\n' abcdef
## stdout:
abc
## status: 0

### read basic
read a b <<< "one two three"; echo "$a|$b"
## stdout:
one|two three
## status: 0

### read raw vs escapes
read -r x <<< 'a\tb'; echo "$x"; read y <<< 'a\tb'; echo "$y"
## stdout:
a\tb
atb
## status: 0

### read REPLY
read <<< "  spaced  "; echo "[$REPLY]"
## stdout:
[  spaced  ]
## status: 0

### read trims whitespace
read v <<< "  lead trail  "; echo "[$v]"
## stdout:
[lead trail]
## status: 0

### read with IFS
IFS=: read a b c <<< "x:y:z"; echo $a $b $c
## stdout:
x y z
## status: 0

### read delimiter
read -d , first <<< "a,b"; echo $first
## stdout:
a
## status: 0

### read n chars
read -n 3 part <<< "abcdef"; echo $part
## stdout:
abc
## status: 0

### read eof status
read x < /dev/null; echo $?
## stdout:
1
## status: 0

### read last line without newline
printf 'a\nb' | { read l1; read l2; echo "$l1 $l2 $?"; }
## stdout:
a b 1
## status: 0

### read -n counts an escaped character as one
printf 'x\\yz\\\\w\n' | { read -n 3 v; echo "[$v]"; }
printf 'p\\\nqrs\n' | { read -n 3; echo "[$REPLY]"; }
printf '  \\ tail\n' | { read -n 4; echo "[$REPLY]"; }
printf 'ab\\\\cd\n' | { read -r -n 4; echo "[$REPLY]"; }
## stdout:
[xyz]
[pqr]
[   t]
[ab\\]
## status: 0

### read -n stops at the end of input with status 1
printf 'xy' | { read -n 5 v; echo "$? [$v]"; }
printf 'xy\\' | { read -n 5 v; echo "$? [$v]"; }
printf 'wxyz' | { read -n 4 v; echo "$? [$v]"; }
## stdout:
1 [xy]
1 [xy]
0 [wxyz]
## status: 0

### read -n counts characters, not bytes
printf 'éàü-x\n' | { read -n 2 v; echo "[$v]"; read -n 2 w; echo "[$w]"; }
## stdout:
[éà]
[ü-]
## status: 0

### read -N neither splits nor trims
printf ' p q r \n' | { read -N 5 one two; echo "[$one][$two]"; }
printf 'k\nl\nm\n' | { read -N 4 -a arr; declare -p arr; }
printf 'u v\n' | { read -N 9 one; echo "$? [$one]"; }
## stdout:
[ p q ][]
declare -a arr=([0]=$'k\nl\n')
1 [u v
]
## status: 0

### read -t 0 reads nothing
{ read -t 0; echo "$? [$REPLY]"; read; echo "$REPLY"; } <<< kept
read -t 0 < /dev/null; echo $?
## stdout:
0 []
kept
0
## status: 0

### set positional
set -- x y z; echo $# $2
## stdout:
3 y
## status: 0

### set -u error
(set -u; echo $undefined_var) 2>/dev/null; echo $?
## stdout:
1
## status: 0

### set -x trace +stderr
set -x; echo traced; set +x
## stdout:
traced
## stderr:
+ echo traced
+ set +x
## status: 0

### set -o listing selected
set -o pipefail; [[ -o pipefail ]]; echo $?
## stdout:
0
## status: 0

### shift too far
set -- a; shift 2; echo $?
## stdout:
1
## status: 0

### getopts loop
set -- -a -b val rest; while getopts ab: opt; do echo "$opt ${OPTARG:-}"; done; shift $((OPTIND-1)); echo "$@"
## stdout:
a 
b val
rest
## status: 0

### getopts combined flags
set -- -xy; while getopts xy o; do echo $o; done
## stdout:
x
y
## status: 0

### getopts invalid option silent
set -- -z; getopts :a o; echo "$o $OPTARG"
## stdout:
? z
## status: 0

### getopts missing argument silent
set -- -a; getopts :a: o; echo "$o $OPTARG"
## stdout:
: a
## status: 0

### declare and typeset
declare x=1; typeset y=2; echo $x $y
## stdout:
1 2
## status: 0

### declare -p scalar
x="a b"; declare -p x
## stdout:
declare -- x="a b"
## status: 0

### declare -x exports
declare -x EXPORTED=yes; bash -c 'echo $EXPORTED'
## stdout:
yes
## status: 0

### export and unset
export A=1; unset A; echo "[${A-gone}]"
## stdout:
[gone]
## status: 0

### readonly
readonly R=5; R=6 2>/dev/null; echo $R
## status: 1

### readonly error message status
readonly Q=1; (Q=2) 2>/dev/null; echo $?
## stdout:
1
## status: 0

### unset variable
x=1; unset x; echo "[${x-unset}]"
## stdout:
[unset]
## status: 0

### local outside function
local x=1 2>/dev/null; echo $?
## stdout:
1
## status: 0

### type of builtin and function
f() { :; }; type -t echo f if; type nope >/dev/null 2>&1; echo $?
## stdout:
builtin
function
keyword
1
## status: 0

### command -v
command -v echo; command -v nothere; echo $?
## stdout:
echo
1
## status: 0

### command bypasses function
echo() { builtin echo "fn $*"; }; echo x; command echo y
## stdout:
fn x
y
## status: 0

### eval
cmd='echo evaluated'; eval "$cmd"; eval 'x=5'; echo $x
## stdout:
evaluated
5
## status: 0

### eval with multiple args
eval echo a b '$((1+1))'
## stdout:
a b 2
## status: 0

### true false colon
true; echo $?; false; echo $?; :; echo $?
## stdout:
0
1
0
## status: 0

### pwd and cd
mkdir -p a/b; cd a/b; pwd; cd ..; pwd; cd -
## stdout:
<tmp>/a/b
<tmp>/a
<tmp>/a/b
## status: 0
## files:
a/
a/b/

### cd to missing directory
cd /nonexistent/dir 2>/dev/null; echo $?
## stdout:
1
## status: 0

### pushd popd
mkdir x y; pushd x > /dev/null; pushd ../y > /dev/null; popd > /dev/null; basename $(pwd); popd >/dev/null; basename $(pwd) | head -c 6; echo
## stdout:
x
toolsh
## status: 0
## files:
x/
y/

### exit status of exit
(exit 300); echo $?
## stdout:
44
## status: 0

### let returns status
let 0; echo $?; let 1; echo $?
## stdout:
1
0
## status: 0

### shopt nullglob
shopt -s nullglob; echo start *.nothing end
## stdout:
start end
## status: 0

### shopt globstar
mkdir -p a/b; touch a/b/c.txt a/d.txt; shopt -s globstar; echo **/*.txt
## stdout:
a/b/c.txt a/d.txt
## status: 0
## files:
a/
a/b/
a/b/c.txt: ""
a/d.txt: ""

### source file
echo 'sourced=yes; echo in source $1' > lib.sh; source lib.sh arg; echo $sourced
## stdout:
in source arg
yes
## status: 0
## files:
lib.sh: "sourced=yes; echo in source $1\n"

### dot source with return
printf 'echo one\nreturn 4\necho two\n' > r.sh; . ./r.sh; echo $?
## stdout:
one
4
## status: 0
## files:
r.sh: "echo one\nreturn 4\necho two\n"

### sh -c runs nested shell
sh -c 'echo nested $0 $1' name arg
## stdout:
nested name arg
## status: 0

### bash -c isolates variables
x=1; bash -c 'echo "[$x]"'; export x; bash -c 'echo "[$x]"'
## stdout:
[]
[1]
## status: 0

### type and command read their options as bash's
f() { :; }
type -t -a f
type -p cd; echo "p $?"
type -P cd; echo "P $?"
type -f f; echo "f $?"
type -t if cd
command -p echo hi
command -v cd
type -Q x; echo "Q $?"
command -Q; echo "Q $?"
## stdout:
function
p 0
P 1
f 1
keyword
builtin
hi
cd
Q 2
Q 2
## status: 0

### jobs names only the jobs asked for
sleep 0.2 &
jobs %9; echo "status $?"
jobs -p %1 > /dev/null; echo "status $?"
wait
## stdout:
status 1
status 0
## status: 0

### printenv prints exported variables, failing for any not exported +stderr
export A=1 B=two; C=local
printenv A B; echo "both $?"
printenv A C; echo "one missing $?"
printenv A=1; echo "with = $?"
printenv -0 B | od -c | head -1
printenv | grep -c '^A=1$'
printenv -z; echo "usage $?"
## stdout:
1
two
both 0
1
one missing 1
with = 1
0000000   t   w   o  \0
1
usage 2
## stderr:
printenv: invalid option -- 'z'
Try 'printenv --help' for more information.
## status: 0

### which finds what runs, and says nothing for what does not
which cat > /dev/null && echo found; which no-such-command-x; echo "missing $?"
which sort no-such-command-x > /dev/null; echo "one missing $?"
## stdout:
found
missing 1
one missing 1
## status: 0

### uname and nproc describe the machine scripts test
uname; uname -s; [ "$(uname -sm)" = "Linux $(uname -m)" ] && echo "-sm in order"
[ "$(nproc)" -ge 1 ] && [ "$(nproc --ignore=10000)" = 1 ] && echo at least one
uname -q; echo "usage $?"
## stdout:
Linux
Linux
-sm in order
at least one
usage 1
## status: 0

### the variables scripts test: BASH, PPID, EPOCHREALTIME, an exported PATH
[ -n "$BASH" ] && echo "bash at ${BASH%/*}"; [ "$PPID" -gt 0 ] && echo "has a parent"
case $EPOCHREALTIME in *.??????) echo "micro seconds" ;; esac
env | grep -c '^PATH='; PATH="$HOME/bin:$PATH"; case $PATH in *:/usr/bin:*|*:/usr/bin) echo "extended" ;; esac
## stdout:
bash at /bin
has a parent
micro seconds
1
extended
## status: 0

### hash's table of PATH lookups +stderr
hash; echo "empty $?"; hash echo; echo "builtin $?"; hash no-such-command; echo "missing $?"; hash -r; echo "reset $?"
## stdout:
hash: hash table empty
empty 0
builtin 0
missing 1
reset 0
## stderr:
hash: no-such-command: not found
## status: 0

### alias and unalias remember, list and forget (a script's bash expands none) +stderr
alias ll='ls -l' q="it's"; alias; alias ll; alias nope; echo "status $?"
unalias ll; alias -p; unalias nope; echo "status $?"; unalias -a; alias; unalias; echo "status $?"
alias e=echo; e hi 2>/dev/null; echo "not expanded $?"
## stdout:
alias ll='ls -l'
alias q='it'\''s'
alias ll='ls -l'
status 1
alias q='it'\''s'
status 1
status 2
not expanded 127
## stderr:
alias: nope: not found
unalias: nope: not found
unalias: usage: unalias [-a] name [name ...]
## status: 0

### printf clamps integers past 64 bits with a warning and status 0
printf '%d %d %u %x\n' 99999999999999999999 -99999999999999999999 -1 99999999999999999999; echo "s=$?"
## stdout:
9223372036854775807 -9223372036854775808 18446744073709551615 ffffffffffffffff
s=0
## status: 0

### printf reads an empty argument as 0 and a bad one as an error
printf '%d|%s\n' '' x; echo "s=$?"; printf '%d %d\n' 1x 2; echo "s=$?"
## stdout:
0|x
s=0
1 2
s=1
## status: 0

### printf %b reads octal escapes with and without a leading zero
printf '%b\n' 'a\141b\0142c\x41'
## stdout:
aabbcA
## status: 0

### printf's alternate forms keep the point and the base
printf '%#.0f %#x %#o %#g %#.0e\n' 3 255 8 1.5 3
## stdout:
3. 0xff 010 1.50000 3.e+00
## status: 0

### printf -v sets an element and refuses a bad name
printf -v 'a[' x; echo "s=$?"; printf -v 'a[1]' y; i=2; printf -v 'a[i+1]' w; declare -A m; printf -v 'm[k k]' z; echo "${a[1]} ${a[3]} ${m[k k]}"; read 'b[2]' c <<< 'p q'; echo "${b[2]} $c"
## stdout:
s=2
y w z
p q
## status: 0

### printf formats times with %(...)T
TZ=UTC; printf '%(%Y-%m-%d)T|%(%s)T|%5.2(%Y)T|\n' 86400 5 0; printf '%(%Y %j)T %s\n' 1000000000 a
## stdout:
1970-01-02|5|   19|
2001 252 a
## status: 0

### type knows every reserved word
type -t select time coproc '!' '[[' ']]' in; type select | head -1
## stdout:
keyword
keyword
keyword
keyword
keyword
keyword
keyword
select is a shell keyword
## status: 0

### umask prints the mask in octal, symbolic and reusable forms
umask 022; umask; umask -S; umask -p; umask -p -S
umask 077; umask; umask -S
## stdout:
0022
u=rwx,g=rx,o=rx
umask 0022
umask -S u=rwx,g=rx,o=rx
0077
u=rwx,g=,o=
## status: 0

### umask sets octal and symbolic masks as bash reads them
umask 022; umask u=rwx,g=rx,o=; umask; umask g-w,o-rwx; umask; umask a+w; umask
umask 022; umask o=r; umask; umask =; umask
umask 022; umask 1 2; echo $?; umask; umask 7777; umask
umask 022; umask -S 027; umask -- 027; umask 27; umask; umask +w; umask
## stdout:
0027
0027
0005
0023
0777
0
0001
0777
u=rwx,g=rx,o=
0027
0005
## status: 0

### umask belongs to the shell it is set in +stderr
umask 022; (umask 077); umask; f() { umask 002; }; f; umask
umask 022; umask 8; echo $?; umask 0778; echo $?; umask
umask x=y; echo $?; umask u=rwz; echo $?; umask u+s; echo $?; umask
umask -Q; echo $?
## stdout:
0022
0002
1
1
0022
1
1
1
0022
2
## stderr:
umask: 8: octal number out of range
umask: 0778: octal number out of range
umask: `x': invalid symbolic mode operator
umask: `z': invalid symbolic mode character
umask: `s': invalid symbolic mode character
umask: -Q: invalid option
umask: usage: umask [-p] [-S] [mode]
## status: 0

### ulimit refuses what bash refuses, in its words +stderr
ulimit -Q; echo $?; ulimit -n abc; echo $?; ulimit -c
## stdout:
2
1
0
## stderr:
ulimit: -Q: invalid option
ulimit: usage: ulimit [-SHabcdefiklmnpqrstuvxPRT] [limit]
ulimit: abc: invalid number
## status: 0

### OPTERR=0 keeps getopts' messages back, and only them +stderr
OPTERR=0; getopts ab o -x; echo "$o $?"; getopts a: o -a; echo "$o $? ${OPTARG-unset}"; OPTERR=1; OPTIND=1; getopts ab o -y; echo "$o $?"
## stdout:
? 0
? 1 unset
? 0
## stderr:
illegal option -- y
## status: 0

### BASH_ARGV and BASH_ARGC of -c text without arguments
echo "[${BASH_ARGV[*]}] [${BASH_ARGC[*]}] ${#BASH_ARGV[@]}"; f() { echo "f [${BASH_ARGV[*]}] [${BASH_ARGC[*]}]"; }; f a b
## stdout:
[] [0] 0
f [] [0]
## status: 0

### PS4 is expanded before each traced command
exec 2>&1; PS4='+ ${FUNCNAME[0]:-main}:$LINENO: '; set -x; f() { echo in; }; f; echo out
## stdout:
+ main:1: f
+ f:1: echo in
in
+ main:1: echo out
out
## status: 0

### PS4 with substitutions and arithmetic
exec 2>&1; PS4='[$(echo p)] $((1+1)) "q" '; set -x; echo z
## stdout:
[p] 2 "q" echo z
z
## status: 0

### printf measures a string's width and precision in bytes
printf '%-10s|%5s|%.2s|%3.1s|%-4q|\n' 'été' 'é' 'été' 'aé' 'é'; printf -v v '%-6s' 'ü'; echo "[$v]"
## stdout:
été     |   é|é|  a|é  |
[ü    ]
## status: 0

### set -o and set +o list every option in bash's order; an unknown name is refused +stderr
set -o pipefail -o errtrace; set -o; set +o; set -o hashall; echo $?; set -o bogus; echo $?
## stdout:
allexport      	off
braceexpand    	on
emacs          	off
errexit        	off
errtrace       	on
functrace      	off
hashall        	on
histexpand     	off
history        	off
ignoreeof      	off
interactive-comments	on
keyword        	off
monitor        	off
noclobber      	off
noexec         	off
noglob         	off
nolog          	off
notify         	off
nounset        	off
onecmd         	off
physical       	off
pipefail       	on
posix          	off
privileged     	off
verbose        	off
vi             	off
xtrace         	off
set +o allexport
set -o braceexpand
set +o emacs
set +o errexit
set -o errtrace
set +o functrace
set -o hashall
set +o histexpand
set +o history
set +o ignoreeof
set -o interactive-comments
set +o keyword
set +o monitor
set +o noclobber
set +o noexec
set +o noglob
set +o nolog
set +o notify
set +o nounset
set +o onecmd
set +o physical
set -o pipefail
set +o posix
set +o privileged
set +o verbose
set +o vi
set +o xtrace
0
2
## stderr:
set: bogus: invalid option name
## status: 0

### printf, awk and seq accept the thousands-grouping flag, which the C locale leaves ungrouped
printf "%'d|%'10.2f|%-'5d|\n" 1234567 1234.5 12; awk 'BEGIN{printf "%'"'"'d\n", 1234567}'; seq -f "%'g" 1000 1000
## stdout:
1234567|   1234.50|12   |
1234567
1000
## status: 0

### shopt lists every option bash has, in its order
shopt -u extglob; shopt | head -12; shopt -p | tail -4; shopt | wc -l
## stdout:
autocd         	off
assoc_expand_once	off
cdable_vars    	off
cdspell        	off
checkhash      	off
checkjobs      	off
checkwinsize   	on
cmdhist        	on
compat31       	off
compat32       	off
compat40       	off
compat41       	off
shopt -u shift_verbose
shopt -s sourcepath
shopt -u varredir_close
shopt -u xpg_echo
57
## status: 0

### shopt -s/-u with no name list the options on or off, and set nothing
shopt -u extglob; shopt -s -p | head -3; shopt -u | tail -2; shopt -q sourcepath; echo "q $?"
shopt -s -p -o; shopt -u -o | head -3; shopt -pu -o | tail -2; shopt -o -u pipefail; echo "u $?"
## stdout:
shopt -s checkwinsize
shopt -s cmdhist
shopt -s complete_fullquote
varredir_close 	off
xpg_echo       	off
q 0
set -o braceexpand
set -o hashall
set -o interactive-comments
allexport      	off
emacs          	off
errexit        	off
set +o vi
set +o xtrace
u 0
## status: 0

### shopt sets, tests and refuses option names +stderr
shopt -s cdspell xpg_echo; shopt cdspell nullglob; echo "status $?"
shopt -u sourcepath; shopt -p sourcepath huponexit; shopt -q xpg_echo && echo on
shopt -p nonesuch cdspell; echo "bad $?"; shopt -o -p nonesuch; echo "bad -o $?"
shopt -s -u cdspell; echo "both $?"; shopt -z; echo "z $?"
## stdout:
cdspell        	on
nullglob       	off
status 1
shopt -u sourcepath
shopt -u huponexit
on
shopt -s cdspell
bad 1
bad -o 1
both 1
z 2
## stderr:
shopt: nonesuch: invalid shell option name
shopt: nonesuch: invalid option name
shopt: cannot set and unset shell options simultaneously
shopt: -z: invalid option
shopt: usage: shopt [-pqsu] [-o] [optname ...]
## status: 0

### xpg_echo makes echo decode escapes; -E still turns them off
shopt -s xpg_echo; echo 'a\tb'; echo -E 'a\tb'; echo -n 'c\n'; shopt -u xpg_echo; echo 'd\te'
## stdout:
a	b
a\tb
c
d\te
## status: 0

### set -o and set +o list every set option +stderr
set -o | head -5; set +o | tail -3; set -o | wc -l
set -o vi; set -o | grep -w vi; set +o posix -o nolog; set -o | grep -w nolog
set -o nonesuch; echo "bad $?"
## stdout:
allexport      	off
braceexpand    	on
emacs          	off
errexit        	off
errtrace       	off
set +o verbose
set +o vi
set +o xtrace
27
vi             	on
nolog          	on
bad 2
## stderr:
set: nonesuch: invalid option name
## status: 0

### set letters bash knows are accepted and shown in $- +stderr
set -k; set -o | grep -w keyword; echo $-; set +k -p +p; echo "p $?"
set -q; echo "bad $?"
## stdout:
keyword        	on
hkBc
p 0
bad 2
## stderr:
set: -q: invalid option
set: usage: set [-abefhkmnptuvxBCEHPT] [-o option-name] [--] [-] [arg ...]
## status: 0

### bash -ce and other letters together
bash -ce 'false; echo not reached'; echo "status $?"
bash -ec 'echo $1 $0' zero one; bash -xc 'echo x' 2>&1; bash +e -c 'false; echo ran'
bash -o pipefail -c 'false | true; echo $?'; bash -O xpg_echo -c 'echo "a\tb"'
## stdout:
status 1
one zero
+ echo x
x
ran
1
a	b
## status: 0

### bash refuses a letter it does not know
bash -Z -c 'echo no'; echo "status $?"
## stdout:
status 2
## status: 0

### exec takes -a, -c and -l, and refuses other options +stderr
(exec -a name echo ran); (exec -c echo clean); (exec -l -- echo login)
exec -i echo no; echo "status $?"
## stdout:
ran
clean
login
status 2
## stderr:
exec: -i: invalid option
exec: usage: exec [-cl] [-a name] [command [argument ...]] [redirection ...]
## status: 0

### printf format escapes are not %b's
printf 'one\ctwo\n'; printf '\"\?\q\n'; printf "\\'x\\'\n"; printf '%b|\n' '\"\?\q' "\\'y\\'"
printf '\0101|\101|%b|%b\n' '\0101' '\101' | od -An -c
## stdout:
one\ctwo
"?\q
'x'
\"\?\q|
\'y\'|
  \b   1   |   A   |   A   |   A  \n
## status: 0

### printf warns of escapes missing their digits +stderr
printf 'a\xZ\n'; echo "status $?"; printf '%b|\n' '\x' '\u'; printf 'end\'; echo
## stdout:
a\xZ
status 0
\x|
\u|
end\
## stderr:
printf: missing hex digit for \x
printf: missing hex digit for \x
printf: missing unicode digit for \u
## status: 0

### printf's %b stops all output at \c
printf '%s-%b-%s\n' a 'b\cc' d; echo; printf 'x%by\n' '\c'; echo "status $?"
## stdout:
a-b
xstatus 0
## status: 0

### printf names the whole unfinished conversion +stderr
printf 'ab%10'; echo " status $?"; printf '%-5.3'; echo " $?"
## stdout:
ab status 1
 1
## stderr:
printf: `%10': missing format character
printf: `%-5.3': missing format character
## status: 0

### printf %n stores the count of bytes written
printf '  %s %s  \n%n' ab cd count; echo "$count"; printf '%s%n|%s%n\n' abc one de two; echo "$one $two"
printf -v v 'xy%n' n; echo "$v $n"
## stdout:
  ab cd  
10
abc|de
3 6
xy 2
## status: 0

### printf %( with no T after it is written as it is +stderr
printf '%(abc)Z|\n' 0; printf '%(%Y)T %s\n' 0 ok
## stdout:
%(abc)Z|
1970 ok
## stderr:
printf: warning: `Z': invalid time format specification
## status: 0

### pushd, popd and dirs read signs as numbers: a bad one is a usage error +stderr
pushd -m; echo "s $?"; popd +x; echo "s $?"; dirs -q; echo "s $?"; dirs 7; echo "s $?"; popd a; echo "s $?"
## stdout:
s 2
s 2
s 2
s 2
s 2
## stderr:
pushd: -m: invalid number
pushd: usage: pushd [-n] [+N | -N | dir]
popd: +x: invalid number
popd: usage: popd [-n] [+N | -N]
dirs: -q: invalid number
dirs: usage: dirs [-clpv] [+N] [-N]
dirs: 7: invalid option
dirs: usage: dirs [-clpv] [+N] [-N]
popd: a: invalid argument
popd: usage: popd [-n] [+N | -N]
## status: 0

### dirs names an index out of range without its sign +stderr
mkdir x y; pushd x >/dev/null; pushd ../y >/dev/null
dirs +5; echo "s $?"; dirs -5; echo "s $?"; pushd +5; echo "s $?"; popd -5; echo "s $?"
dirs -v -1 | sed 's|/.*/||'; dirs -p +1 | sed 's|.*/||'
## stdout:
s 1
s 1
s 1
s 1
 1  ~/x
x
## stderr:
dirs: 5: directory stack index out of range
dirs: 5: directory stack index out of range
pushd: +5: directory stack index out of range
popd: -5: directory stack index out of range
## status: 0
## files:
x/
y/

### ~N, ~+N, ~-N and DIRSTACK name the directory stack's entries
mkdir x y; pushd x >/dev/null; pushd ../y >/dev/null
for w in ~0 ~1 ~+1 ~-0 ~2 ~-2 ~3 "${DIRSTACK[1]}" "${#DIRSTACK[@]}"; do w=${w##*/}; echo "${w%%-*}"; done
echo $((~0)) $((~1))
## stdout:
y
x
x
toolsh
toolsh
y
~3
x
3
-1 -2
## status: 0
## files:
x/
y/

### BASH_XTRACEFD sends the trace to its descriptor +stderr
exec 4>trace.txt; BASH_XTRACEFD=4; set -x; echo one; unset BASH_XTRACEFD; echo two; set +x; exec 4>&-
cat trace.txt
## stdout:
one
two
+ echo one
+ unset BASH_XTRACEFD
## stderr:
+ echo two
+ set +x
## status: 0
## files:
trace.txt: "+ echo one\n+ unset BASH_XTRACEFD\n"

### set -x shows (( )) with the blanks after each part +stderr
set -x; for ((  i = 0 ;  i < 1 ;  i++  )); do :; done; ((  1  )); set +x
## stderr:
+ (( i = 0  ))
+ (( i < 1  ))
+ :
+ (( i++   ))
+ (( i < 1  ))
+ ((   1   ))
+ set +x
## status: 0

### read into one name strips trailing blanks even when escaped; the last of several keeps them
echo ' a  b\ ' | { read x; echo "-$x-"; }; echo ' a  b\ ' | { read x y; echo "-$x-$y-"; }
## stdout:
-a  b-
-a-b -
## status: 0

### source takes no options and says its usage +stderr
. -i x; echo "s $?"; source; echo "s $?"; echo 'echo sourced $1' > f.sh; . -- ./f.sh arg; echo "s $?"
## stdout:
s 2
s 2
sourced arg
s 0
## stderr:
.: -i: invalid option
.: usage: . filename [arguments]
source: filename argument required
source: usage: source filename [arguments]
## status: 0
## files:
f.sh: "echo sourced $1\n"

### shift with several counts is too many arguments +stderr
set -- a b c; (shift 1 2); echo "s $?"; (shift x); echo "s $?"; shift 5; echo "s $? $#"
## stdout:
s 1
s 1
s 1 3
## stderr:
shift: too many arguments
shift: x: numeric argument required
## status: 0

### shopt -u sourcepath makes source read the name in the working directory only +stderr
mkdir -p bin; echo 'echo from path' > bin/lib.sh; PATH=$PWD/bin:$PATH
. lib.sh; shopt -u sourcepath; . lib.sh; echo "s $?"
## stdout:
from path
s 1
## stderr:
lib.sh: No such file or directory
## status: 0
## files:
bin/
bin/lib.sh: "echo from path\n"

### exec -c runs the command with an empty environment
(export FOO=BAR; exec -c printenv) | grep -c FOO; (FOO=BAR exec -c printenv) | grep -c FOO; (FOO=BAR exec printenv) | grep FOO
## stdout:
0
0
FOO=BAR
## status: 0

### kill names an empty operand; trap -p names what is no signal +stderr
kill -INT ''; echo "s $?"; trap -p NOSIG; echo "s $?"
## stdout:
s 1
s 1
## stderr:
kill: `': not a pid or valid job spec
trap: NOSIG: invalid signal specification
## status: 0

### cd searches CDPATH and names the directory an entry led to
mkdir -p cdp/base/sub cdp/here
cd cdp
top=$PWD
CDPATH="$top/base" cd sub
cd "$top"
CDPATH=":$top/base" cd here; basename "$PWD"
cd "$top"
CDPATH="$top/base" cd ./sub 2>/dev/null || echo "./ skips CDPATH"
CDPATH="$top/base:" cd nowhere 2>/dev/null || echo "not found: $?"
CDPATH=. cd here
## stdout:
<tmp>/cdp/base/sub
here
./ skips CDPATH
not found: 1
<tmp>/cdp/here
## status: 0
## files:
cdp/
cdp/base/
cdp/base/sub/
cdp/here/

### set quotes a value only where the shell would read it specially
q="'"; h=ab#cd; g='#x'; t=a~b; u='~a'; c=x=~y; e=; sp='a b'; cr='a^b'; ok=a,b%c
set | grep -a '^\(q\|h\|g\|t\|u\|c\|e\|sp\|cr\|ok\)='
## stdout:
c='x=~y'
cr='a^b'
e=
g='#x'
h=ab#cd
ok=a,b%c
q=\'
sp='a b'
t=a~b
u='~a'
## status: 0

### a builtin's usage line alone carries no location, its message before it does +stderr
bash -c 'f() { printf; getopts; kill; }; f; echo "st=$?"; printf -z; echo "st=$?"; source; echo "st=$?"' sh0
## stdout:
st=2
st=2
st=2
## stderr:
printf: usage: printf [-v var] format [arguments]
getopts: usage: getopts optstring name [arg ...]
kill: usage: kill [-s sigspec | -n signum | -sigspec] pid | jobspec ... or kill -l [sigspec]
sh0: line 1: printf: -z: invalid option
printf: usage: printf [-v var] format [arguments]
sh0: line 1: source: filename argument required
source: usage: source filename [arguments]
## status: 0

### printf -v keeps what was made before a bad conversion +stderr
printf -v v 'ab%Mcd\n'; echo "st=$? [$v]"
printf -v v 'x%10'; echo "st=$? [$v]"
printf 'ab%Mcd\n'; echo " st=$?"
## stdout:
st=1 [ab]
st=1 [x]
ab st=1
## stderr:
printf: `M': invalid format character
printf: `%10': missing format character
printf: `M': invalid format character
## status: 0

### read, printf -v and mapfile into a readonly variable say so without their name +stderr
bash -c 'readonly V=1; read V <<< x; echo "st=$?"; read -a V <<< x; echo "st=$?"; printf -v V x; echo "st=$?"; mapfile V < /dev/null; echo "st=$?"; read "V[1]" <<< x; echo "st=$? $V"' sh0
## stdout:
st=1
st=1
st=1
st=1
st=1 1
## stderr:
sh0: line 1: V: readonly variable
sh0: line 1: V: readonly variable
sh0: line 1: V: readonly variable
sh0: line 1: V: readonly variable
sh0: line 1: V: readonly variable
## status: 0

### shift past the parameters says so under shift_verbose +stderr
set -- a b
shift 3; echo "st=$? $#"
shopt -s shift_verbose
shift 3; echo "st=$? $#"
shift 2; echo "st=$? $#"
## stdout:
st=1 2
st=1 2
st=0 0
## stderr:
shift: 3: shift count out of range
## status: 0

### in POSIX mode an assignment before a special builtin stays, exported, and outlives a function's temporary
set -o posix
f() { var=20 return 5; }
var=0; var=30 f; echo "$? $var"
g() { w=5 :; echo "in $w"; }
w=1 g; echo "out $w"
x=7 eval ':'; echo "x=$x"
export -p | grep -E '^export (var|w|x)='
h() { var=9 return; }
set +o posix; var=1; h; echo "var=$var"; y=2 :; echo "y=[$y]"
## stdout:
5 20
in 5
out 5
x=7
export var="20"
export w="5"
export x="7"
var=1
y=[]
## status: 0

### export -p and readonly -p name themselves in POSIX mode
export A=1; readonly B=2; declare -a E=(1); export E; declare -rx R=3
set -o posix
export -p | grep -E '^export (-[a-z]+ )?(A|E|R)='
readonly -p | grep -E '^readonly (-[a-z]+ )?(B|R)='
declare -p A B
## stdout:
export A="1"
export -a E=([0]="1")
export R="3"
readonly B="2"
readonly R="3"
declare -x A="1"
declare -r B="2"
## status: 0

### . looks a name without a slash up on PATH, then in the directory; POSIX mode only on PATH and fails hard
mkdir -p bin; echo 'echo from-path' > bin/inpath.sh; echo 'echo from-cwd' > here.sh
PATH=$PWD/bin:$PATH
bash -c '. inpath.sh; . here.sh; . nofile; echo "st=$?"' sh0 2>&1
bash -c 'shopt -u sourcepath; . inpath.sh; echo "st=$?"' sh0 2>&1
bash -c 'set -o posix; . here.sh; echo not reached' sh0 2>&1; echo "st=$?"
bash -c 'set -o posix; . ./nofile; echo not reached' sh0 2>&1; echo "st=$?"
bash -c 'set -o posix; . inpath.sh; echo after' sh0 2>&1; echo "st=$?"
rm -r bin here.sh
## stdout:
from-path
from-cwd
sh0: line 1: nofile: No such file or directory
st=1
sh0: line 1: inpath.sh: No such file or directory
st=1
sh0: line 1: .: here.sh: file not found
st=1
sh0: line 1: ./nofile: No such file or directory
st=1
from-path
after
st=0
## status: 0

### in POSIX mode a bad substitution, an error in $(( )) and a refused assignment end a shell that is not interactive
bash -o posix -c 'echo ${x!y}; echo same
echo not reached' sh0 2>&1; echo "st=$?"
printf 'echo $((1+))\necho not reached\n' > s.sh; bash -o posix s.sh 2>&1; echo "st=$?"
bash -o posix -c '(echo ${x!y}); echo "after $?"' sh0 2>&1
bash -o posix -c 'readonly v=1; v=2; echo not reached' sh0 2>&1; echo "st=$?"
printf 'readonly v=1\nv=3 echo hi; echo "st $?"\n(v=2 :; echo not reached); echo "after $?"\n' > s.sh; bash -o posix s.sh 2>&1; echo "st=$?"
rm s.sh
## stdout:
sh0: line 1: ${x!y}: bad substitution
st=127
s.sh: line 1: 1+: syntax error: operand expected (error token is "+")
st=1
sh0: line 1: ${x!y}: bad substitution
after 1
sh0: line 1: v: readonly variable
st=127
s.sh: line 2: v: readonly variable
s.sh: line 3: v: readonly variable
after 1
st=0
## status: 0

### pushd -n keeps the directory as given, and DIRSTACK[N]= replaces an entry of the stack
HOME=/nohome
mkdir -p a b c; cd a
pushd -n ../b >/dev/null; dirs
pushd ../c >/dev/null; pushd -n ../a >/dev/null; dirs | sed "s#$PWD#C#g"
DIRSTACK[2]=/x; echo "st=$?"; DIRSTACK[9]=/y; echo "st=$?"; DIRSTACK[0]=/z; echo "st=$?"
dirs -v | sed "s#$PWD#C#g"
declare -a | grep -c '^declare -a DIRSTACK=(\[0\]='
popd +1 >/dev/null; echo "${DIRSTACK[1]}"
## stdout:
<tmp>/a ../b
C ../a <tmp>/a ../b
st=0
st=0
st=0
 0  C
 1  ../a
 2  /x
 3  ../b
1
/x
## status: 0
## files:
a/
b/
c/

### hash -p remembers a location, BASH_CMDS and BASH_ALIASES are the hash table and the aliases +stderr
hash; echo "st=$?"
hash -p /usr/sbin/foo foo; hash -p /bin/x x y
hash; hash -t foo; hash -t foo x; hash -t nope; echo "st=$?"
hash -l; hash -d foo; hash -d nope; echo "st=$?"
BASH_CMDS[z]=/z; hash -t z; hash
echo "${!BASH_CMDS[@]}" "${BASH_CMDS[z]}"
BASH_ALIASES[q]='echo hi'; alias zz=ls aa=pwd; alias q
echo "${!BASH_ALIASES[@]}" "${BASH_ALIASES[@]}"
hash -r; hash; declare -p BASH_CMDS
## stdout:
hash: hash table empty
st=0
hits	command
   0	/usr/sbin/foo
   0	/bin/x
   0	/bin/x
/usr/sbin/foo
foo	/usr/sbin/foo
x	/bin/x
st=1
builtin hash -p /usr/sbin/foo foo
builtin hash -p /bin/x y
builtin hash -p /bin/x x
st=1
/z
hits	command
   1	/z
   0	/bin/x
   1	/bin/x
z y x /z
alias q='echo hi'
zz q aa ls echo hi pwd
hash: hash table empty
declare -A BASH_CMDS=()
## stderr:
hash: nope: not found
hash: nope: not found
## status: 0

### pushd -n with +N/-N rotates the stack without going there or showing it; pushd -n alone changes nothing
HOME=/nohome
mkdir -p a b c; cd c
pushd -n ../a >/dev/null; pushd -n ../b >/dev/null; dirs | sed "s#$PWD#C#g"
pushd -n +1; echo "st=$?"; dirs | sed "s#$PWD#C#g"
pushd -n +0; pushd -n -0; dirs | sed "s#$PWD#C#g"
pushd -n; echo "st=$?"; dirs | sed "s#$PWD#C#g"
## stdout:
C ../b ../a
st=0
C ../a C
C C ../a
st=0
C C ../a
## status: 0
## files:
a/
b/
c/

### unset takes a name no variable could have as a function's
unset %; echo "plain $?"
unset 'two words' 9lives; echo "several $?"
unset -v %; echo "with -v $?"
dash-name() { echo called; }
unset dash-name; type dash-name >/dev/null 2>&1; echo "function gone $?"
## stdout:
plain 0
several 0
with -v 1
function gone 1
## status: 0

### getopts past the last operand puts OPTIND back and unsets OPTARG
set -- -k val -q
while getopts 'k:q' o; do :; done; echo "first $OPTIND ${OPTARG-unset}"
set -- -z
while getopts 'z' o; do echo "saw $o"; done; echo "second $OPTIND"
set --
getopts 'z' o; echo "third $? $OPTIND $o"
getopts 'n:' o -n5; getopts 'n:' o -n5; echo "after -n5: $? ${OPTARG-unset}"
## stdout:
first 4 unset
second 2
third 1 1 ?
after -n5: 1 unset
## status: 0

### getopts refuses a name that is no variable's
set -- -k val
getopts 'k:' 'bad-name'; echo "status $? arg $OPTARG ind $OPTIND"
getopts 'k:' 'slot[1]' -k x 2>/dev/null; echo "status $?"
## stdout:
status 1 arg val ind 3
status 1
## status: 0

### bash --rcfile and --init-file take a file; bash -i is interactive
bash --rcfile /dev/null --norc -c 'echo "$0 $1"' zero one
bash --init-file /dev/null -c 'shopt expand_aliases'
bash -i -c 'shopt expand_aliases; case $- in *i*) echo interactive ;; esac' 2>/dev/null
## stdout:
zero one
expand_aliases 	off
expand_aliases 	on
interactive
## status: 0

### PWD is exported from the start, OLDPWD declared exported and set by cd
env | grep -c '^PWD='
declare -p OLDPWD
cd / && env | grep '^OLDPWD=' | wc -l
## stdout:
1
declare -x OLDPWD
1
## status: 0

### BASH_EXECUTION_STRING holds the text given with -c
bash -c 'echo "[$BASH_EXECUTION_STRING]"; declare -p BASH_EXECUTION_STRING'
## stdout:
[echo "[$BASH_EXECUTION_STRING]"; declare -p BASH_EXECUTION_STRING]
declare -- BASH_EXECUTION_STRING="echo \"[\$BASH_EXECUTION_STRING]\"; declare -p BASH_EXECUTION_STRING"
## status: 0

### getopts in a function with its own local OPTIND starts afresh, and the caller goes on where it was
walk() {
    local OPTIND=1 opt
    while getopts ":pqrs" opt; do
        echo "$1 $opt"
        if [ "$opt" = q ]; then walk -rs; fi
    done
    echo "end $OPTIND"
}
walk -pqs
g() { OPTIND=1; while getopts ab o; do echo "g $o"; done; }
g -ab; g -ba
## stdout:
-pqs p
-pqs q
-rs r
-rs s
end 2
-pqs s
end 2
g a
g b
g b
g a
## status: 0

### logout outside a login shell, hash with hashing off, readonly -n +stderr
logout; echo "logout $?"
set +o hashall
hash; echo "hash $?"
hash -p /bin/true t; echo "hash -p $?"
set -h
y=1; readonly -n y z=5; y=2; echo "$y $z"; declare -p y z
## stdout:
logout 1
hash 1
hash -p 1
2 5
declare -- y="2"
declare -- z="5"
## stderr:
logout: not login shell: use `exit'
hash: hashing disabled
hash: hashing disabled
## status: 0

### shift past the end says so in POSIX mode +stderr
set -- a b; shift 3; echo "quiet $?"
set -o posix; shift 4; echo "posix $?"; command shift 5 || echo "command $?"
## stdout:
quiet 1
posix 1
command 1
## stderr:
shift: 4: shift count out of range
shift: 5: shift count out of range
## status: 0

### exec of a command that is not there: the shell goes on only with execfail +stderr
trap 'echo EXIT' EXIT
shopt -s execfail
exec bash-notthere; echo "after $?"
exec ./notthere; echo "after path $?"
shopt -u execfail
(exec bash-notthere; echo not reached); echo "subshell $?"
exec nothere
echo not reached
## stdout:
after 127
after path 127
subshell 127
EXIT
## stderr:
exec: bash-notthere: not found
<tmp>/notthere: No such file or directory
exec: bash-notthere: not found
exec: nothere: not found
## status: 127

### exec replaces the shell: its EXIT trap does not run
trap 'echo EXIT' EXIT
(trap 'echo sub' EXIT; exec echo in-subshell); echo "after $?"
exec echo replaced
## stdout:
in-subshell
after 0
replaced
## status: 0

### set -n in a script reads the rest without running it
cat > n.sh <<'END'
echo before
set -n
echo not run
set +n
echo still not run
END
bash n.sh; echo "status $?"
## stdout:
before
status 0
## status: 0
## files:
n.sh: "echo before\nset -n\necho not run\nset +n\necho still not run\n"

### set - ends the options and turns off xtrace and verbose; + alone sets nothing
set a b
set - c d
echo "[$*] $-"
set -x - -v
echo "[$*] $-"
set a b
set -
echo "[$*]"
set + -
echo "[$*]"
set + x y
echo "[$*]"
set - - 
echo "[$*]"
## stdout:
[c d] hBc
[-v] hBc
[a b]
[a b]
[x y]
[-]
## status: 0

### command -v, command -V and type describe a path to an executable file by the path +stderr
mkdir -p bin
printf 'echo hi\n' > bin/run
chmod +x bin/run
touch bin/plain
command -v bin/run ./bin/run bin/plain
echo status=$?
command -V bin/run
type bin/run
type -t bin/run
type -p bin/run
type -P bin/run
type bin/plain
echo status=$?
type -t bin/plain
echo status=$?
## stdout:
bin/run
./bin/run
status=0
bin/run is bin/run
bin/run is bin/run
file
bin/run
bin/run
status=1
status=1
## stderr:
type: bin/plain: not found
## status: 0
## files:
bin/
bin/plain: ""
bin/run: "echo hi\n"

### builtin runs only bash's builtins +stderr
builtin ls
echo status=$?
builtin grep x /dev/null
echo status=$?
builtin echo ok
## stdout:
status=1
status=1
ok
## stderr:
builtin: ls: not a shell builtin
builtin: grep: not a shell builtin
## status: 0

### cd -L steps back with .. only out of a directory that is there +stderr
mkdir -p real/sub
cd nosuch/..
echo status=$?
touch afile
cd afile/..
echo status=$?
cd real/sub/../.. && echo back=$?
cd real/../real/sub && echo "${PWD##*/}"
## stdout:
status=1
status=1
back=0
sub
## stderr:
cd: nosuch/..: No such file or directory
cd: afile/..: Not a directory
## status: 0
## files:
afile: ""
real/
real/sub/

### exec -- with only redirections keeps them
exec -- 3>&1
echo three >&3
## stdout:
three
## status: 0

### in POSIX mode a special builtin is found before a function and cannot become one +stderr
eval() { echo func "$@"; }
eval echo hi
set -o posix
eval echo hi2
x=1 eval 'echo $x'
echo "x=$x"
export() { :; }
echo notreached
## stdout:
func echo hi
hi2
1
x=1
## stderr:
`export': is a special builtin
## status: 2

### getopts takes no option of its own: -- before the optstring is passed over, -a is refused +stderr
getopts -- x name -x
echo "st=$? name=$name"
getopts -a opts name
echo "st=$?"
## stdout:
st=0 name=x
st=2
## stderr:
getopts: -a: invalid option
getopts: usage: getopts optstring name [arg ...]
## status: 0

### type -a and type -P list every executable of the name on PATH
mkdir -p one two three
printf 'echo one\n' > one/tool1; printf 'echo two\n' > two/tool1; printf 'echo no\n' > three/tool1
chmod +x one/tool1 two/tool1
PATH=$PWD/three:$PWD/one:$PWD/two:$PATH
type -a tool1 | sed "s|$PWD|.|"
type -aP tool1 | sed "s|$PWD|.|"
type -ap tool1 | sed "s|$PWD|.|"
type -at tool1
type -P tool1 | sed "s|$PWD|.|"
f() { :; }
type -aP f; echo "function only: $?"
type -ap cd; echo "builtin -ap: $?"
## stdout:
tool1 is ./one/tool1
tool1 is ./two/tool1
./one/tool1
./two/tool1
./one/tool1
./two/tool1
file
file
./one/tool1
function only: 1
builtin -ap: 0
## status: 0
## files:
one/
one/tool1: "echo one\n"
three/
three/tool1: "echo no\n"
two/
two/tool1: "echo two\n"

### command -p looks for a file in the standard PATH, not in PATH +stderr
mkdir -p bin
printf 'echo mine\n' > bin/mycmd; chmod +x bin/mycmd
PATH=$PWD/bin:$PATH
command -pv mycmd; echo "v status $?"
command -p mycmd; echo "status $?"
command -p printf '%s\n' builtin-runs
mycmd
## stdout:
v status 1
status 127
builtin-runs
mine
## stderr:
mycmd: command not found
## status: 0
## files:
bin/
bin/mycmd: "echo mine\n"

### exec does not run a function, and exec -a names bash's $0 +stderr
f() { echo function; }
(exec f; echo not reached); echo "status $?"
(exec -a my-name bash -c 'echo "zero is $0"')
## stdout:
status 127
zero is my-name
## stderr:
exec: f: not found
## status: 0

### set -n stops the commands after it on its own line too
bash -c 'echo before; set -n; echo same line'; echo "status $?"
bash -c 'set -n
echo next line'
printf 'echo a; set -n; echo b\necho c\n' > n2.sh; bash n2.sh
{ set -n; echo in-group; } ; echo after-group
## stdout:
before
status 0
a
## status: 0
## files:
n2.sh: "echo a; set -n; echo b\necho c\n"

### a sourced file with arguments that sets its own parameters with set keeps them
printf 'set -- m n o\n' > setter.sh
printf 'echo "inside: $*"\n' > reader.sh
printf 'g() { set -- from-g; }; g; echo "after g: $*"\n' > infunc.sh
set -- a b c
. ./reader.sh x y; echo "caller: $*"
. ./setter.sh x y; echo "caller: $*"
set -- a b; . ./infunc.sh z; echo "caller: $*"
f() { . ./setter.sh q; echo "in f: $*"; }; set -- a b; f 1 2; echo "caller: $*"
## stdout:
inside: x y
caller: a b c
caller: m n o
after g: z
caller: a b
in f: 1 2
caller: a b
## status: 0
## files:
infunc.sh: "g() { set -- from-g; }; g; echo \"after g: $*\"\n"
reader.sh: "echo \"inside: $*\"\n"
setter.sh: "set -- m n o\n"

### a directory given to bash or to . is refused in bash's words +stderr
mkdir -p somedir
bash somedir; echo "bash: $?"
. somedir; echo "dot: $?"
(exec -l -a special bash -c 'echo "zero: $0"')
## stdout:
bash: 126
dot: 1
zero: -special
## stderr:
somedir: somedir: Is a directory
.: somedir: is a directory
## status: 0
## files:
somedir/

### . /dev/stdin runs what is piped into it, in the shell itself
echo 'x=from-stdin; echo "sourced $#"' | { . /dev/stdin; echo "x is $x"; }
. /dev/stdin <<'END'
y=set-here
END
echo "y is $y"
## stdout:
sourced 0
x is from-stdin
y is set-here
## status: 0
