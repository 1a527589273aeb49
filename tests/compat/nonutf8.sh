### ANSI-C byte escapes that make UTF-8
printf '%s' $'\xe2\x9c\x93' | od -An -c
printf '%s' $'\303\251t\303\251' | od -An -c
x=$'\xe2\x9c\x93'; echo "${#x}"
## stdout:
 342 234 223
 303 251   t 303 251
1
## status: 0

### ANSI-C NUL ends the value
printf '%s' $'a\x00b' | od -An -c
## stdout:
   a
## status: 0

### read of bytes that are not UTF-8 does not stop the loop
printf 'a\n\xff\nb\n' | while read -r x; do echo "line ${#x}"; done
printf '\xff' | { read -r x; echo "st=$?"; }
## stdout:
line 1
line 1
line 1
st=1
## status: 0

### printf writes bytes
printf '\xff\xfe\n' | od -An -c
printf '%b' '\xff\n' | od -An -c
## stdout:
 377 376  \n
 377  \n
## status: 0

### a command or directory name with a control character or a stray byte is shown as $'…' in messages +stderr
name=$'odd\tname'; "$name"; echo "status $?"
cd "$name"; echo "cd status $?"
raw=$'x\247y'; "$raw"; cd "$raw"
plain='café'; "$plain"; cd "$plain"
## stdout:
status 127
cd status 1
## stderr:
$'odd\tname': command not found
cd: $'odd\tname': No such file or directory
$'x\247y': command not found
cd: $'x\247y': No such file or directory
café: command not found
cd: café: No such file or directory
## status: 1
