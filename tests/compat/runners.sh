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
