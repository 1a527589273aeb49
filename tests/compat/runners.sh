### nice runs a command and prints a niceness
nice; nice echo a; nice -n 5 echo b; nice -5 echo c; nice --adjustment=3 sh -c 'echo d; exit 3'; echo "status $?"
## stdout:
0
a
b
c
d
status 3
## status: 0

### nice usage errors +stderr
nice -n 5; echo "status $?"; nice -n x echo; echo "status $?"; nice -z; echo "status $?"
## stdout:
status 125
status 125
status 125
## stderr:
nice: a command must be given with an adjustment
Try 'nice --help' for more information.
nice: invalid adjustment 'x'
nice: invalid option -- 'z'
Try 'nice --help' for more information.
## status: 0

### stdbuf runs a command
stdbuf -oL echo hi; stdbuf -o0 -e0 -i 1K sh -c 'echo there; exit 4'; echo "status $?"
## stdout:
hi
there
status 4
## status: 0

### stdbuf usage errors +stderr
stdbuf; echo "status $?"; stdbuf echo; echo "status $?"; stdbuf -o L; echo "status $?"; stdbuf -o X echo; echo "status $?"; stdbuf -i L echo; echo "status $?"
## stdout:
status 125
status 125
status 125
status 125
status 125
## stderr:
stdbuf: missing operand
Try 'stdbuf --help' for more information.
stdbuf: you must specify a buffering mode option
Try 'stdbuf --help' for more information.
stdbuf: missing operand
Try 'stdbuf --help' for more information.
stdbuf: invalid mode 'X'
stdbuf: line buffering stdin is meaningless
Try 'stdbuf --help' for more information.
## status: 0

### tty on a pipe or file +stderr
tty < /dev/null; echo "status $?"; echo | tty -s; echo "status $?"; tty x; echo "status $?"
## stdout:
not a tty
status 1
status 1
status 2
## stderr:
tty: extra operand 'x'
Try 'tty --help' for more information.
## status: 0

### sync flushes nothing and checks files +stderr
touch f; sync; sync f; echo "status $?"; sync nofile; echo "status $?"; sync -x; echo "status $?"
## stdout:
status 0
status 1
status 1
## stderr:
sync: error opening 'nofile': No such file or directory
sync: invalid option -- 'x'
Try 'sync --help' for more information.
## status: 0
## files:
f: ""

### a command named by its path in /bin or /usr/bin runs as that program, under its path's name
/bin/echo hi; /usr/bin/env printf '%s\n' x; /bin/bash -c 'echo b $0'; /bin/sh -c 'echo $0'
/bin/cat nofile 2>&1; echo "status $?"; /bin/cat /dev/null; echo "status $?"
/usr/bin/[ 1 = 1 ] && echo bracket; /usr/bin/test -n x && echo test; /bin/kill -l 9
echo() { builtin echo function; }; /bin/echo not the function; unset -f echo
/bin/cd / 2>&1 | sed 's/^[^:]*: line [0-9]*: //'; echo "status ${PIPESTATUS[0]}"
/usr/bin/no-such-program 2>&1 | sed 's/^[^:]*: line [0-9]*: //'
## stdout:
hi
x
b /bin/bash
/bin/sh
/bin/cat: nofile: No such file or directory
status 1
status 0
bracket
test
KILL
not the function
/bin/cd: No such file or directory
status 127
/usr/bin/no-such-program: No such file or directory
## status: 0

### a new bash reads the file BASH_ENV names first; sh and POSIX mode do not +stderr
echo 'echo "env read $0"; fromenv=1' > be.env
export BASH_ENV=be.env
bash -c 'echo "c: $fromenv"'
echo 'echo "script: $fromenv"' > s2.sh
bash s2.sh
sh -c 'echo "sh: $fromenv"'
bash -o posix -c 'echo "posix: $fromenv"'
BASH_ENV='/nope/$fromenv' bash -c 'echo "missing $?"'
BASH_ENV=be.env; export -n BASH_ENV; bash -c 'echo "unexported: $fromenv"'
## stdout:
env read bash
c: 1
env read s2.sh
script: 1
sh: 
posix: 
missing 0
unexported: 
## status: 0
## files:
be.env: "echo \"env read $0\"; fromenv=1\n"
s2.sh: "echo \"script: $fromenv\"\n"

### a new bash starts BASH_SUBSHELL at 0; a script without #! goes on from its caller's
printf 'echo s $BASH_SUBSHELL\n' > ns.sh; printf '#!/bin/bash\necho sb $BASH_SUBSHELL\n' > sb.sh
chmod +x ns.sh sb.sh
(bash -c 'echo "c $BASH_SUBSHELL"; (echo "c sub $BASH_SUBSHELL")')
./ns.sh; (./ns.sh); ./sb.sh; (./sb.sh); (bash ns.sh)
## stdout:
c 0
c sub 1
s 0
s 1
sb 0
sb 0
s 0
## status: 0
## files:
ns.sh: "echo s $BASH_SUBSHELL\n"
sb.sh: "#!/bin/bash\necho sb $BASH_SUBSHELL\n"

### an executable file on PATH runs by its name and is remembered in the hash table +stderr
mkdir -p bin other
printf '#!/bin/bash\necho "mytool $# $1 from $0"\n' > bin/mytool; chmod +x bin/mytool
printf 'echo "noexec"\n' > bin/plain
printf 'echo "other one"\n' > other/mytool; chmod +x other/mytool
PATH=bin:$PATH
mytool a b; echo "st $?"
hash; type -t mytool; command -v mytool; type mytool
plain; echo "plain $?"
PATH=other:bin:$PATH; mytool
hash -r; mytool; hash
PATH=$PWD/bin:/usr/bin:/bin; hash -r; mytool x
f() { mytool fn; }; f; out=$(mytool sub); echo "[$out]"
set +h; mytool nohash; set -h; hash
hash mytool; hash
## stdout:
mytool 2 a from bin/mytool
st 0
hits	command
   1	bin/mytool
file
./bin/mytool
mytool is hashed (./bin/mytool)
plain 126
other one
other one
hits	command
   1	other/mytool
mytool 1 x from <tmp>/bin/mytool
mytool 1 fn from <tmp>/bin/mytool
[mytool 1 sub from <tmp>/bin/mytool]
mytool 1 nohash from <tmp>/bin/mytool
hits	command
   2	<tmp>/bin/mytool
hits	command
   0	<tmp>/bin/mytool
## stderr:
bin/plain: Permission denied
## status: 0
## files:
bin/
bin/mytool: "#!/bin/bash\necho \"mytool $# $1 from $0\"\n"
bin/plain: "echo \"noexec\"\n"
other/
other/mytool: "echo \"other one\"\n"

### a script with a NUL byte in its first line is a binary file bash will not run; later lines are text
printf 'echo one \0 echo two\n' > nul1.sh; printf '#!/bin/bash\necho \0x\n' > nul2.sh; printf 'echo one\necho two\0\n' > nul3.sh
chmod +x nul1.sh
bash nul1.sh; echo "status $?"; bash nul2.sh; echo "status $?"; bash nul3.sh; echo "status $?"
./nul1.sh 2>/dev/null; echo "exec status $?"
rm -f nul1.sh nul2.sh nul3.sh
## stdout:
status 126
status 126
one
two
status 0
exec status 126
## status: 0

### env, xargs and timeout run a script found on PATH +stderr
mkdir -p bin; printf 'echo "me $1"\n' > bin/me; chmod +x bin/me; printf 'echo nx\n' > bin/nx
PATH=$PWD/bin:$PATH
env me a; echo x | xargs me; timeout 5 me t; env nx; echo "nx $?"
## stdout:
me a
me x
me t
nx 126
## stderr:
env: 'nx': Permission denied
## status: 0
## files:
bin/
bin/me: "echo \"me $1\"\n"
bin/nx: "echo nx\n"
