### simple pipe
echo hello | tr a-z A-Z
## stdout:
HELLO
## status: 0

### three stage pipe
echo abc | tr a b | tr b c
## stdout:
ccc
## status: 0

### pipe status is last
false | true; echo $?
## stdout:
0
## status: 0

### pipefail
set -o pipefail; false | true; echo $?
## stdout:
1
## status: 0

### pipestatus
true | false | true; echo ${PIPESTATUS[@]}
## stdout:
0 1 0
## status: 0

### negated pipeline
! echo x | false; echo $?
## stdout:
0
## status: 0

### pipe into while keeps variables local
x=0; echo 5 | while read n; do x=$n; done; echo $x
## stdout:
0
## status: 0

### pipe with brace group
{ echo a; echo b; } | tr '\n' ,; echo
## stdout:
a,b,
## status: 0

### yes head terminates
yes | head -n 3
## stdout:
y
y
y
## status: 0

### yes with word
yes abc | head -n 2
## stdout:
abc
abc
## status: 0

### long pipeline
seq 1 5 | tr '\n' + | tr -d 5; echo
## stdout:
1+2+3+4++
## status: 0

### pipe to head with large input
seq 1 100000 | head -n 2
## stdout:
1
2
## status: 0

### multiline pipe continuation
echo split |
tr a-z A-Z
## stdout:
SPLIT
## status: 0

### pipe in command substitution
x=$(echo abc | tr b B); echo $x
## stdout:
aBc
## status: 0

### pipe in loop body
for w in one two; do echo $w | tr o 0; done
## stdout:
0ne
tw0
## status: 0

### stderr not piped by default
{ echo out; echo err >&2; } 2>/dev/null | tr a-z A-Z
## stdout:
OUT
## status: 0

### pipeline with subshell
(echo a; echo b) | tr -d '\n'; echo
## stdout:
ab
## status: 0

### pipe exit status with pipefail and success
set -o pipefail; true | true; echo $?
## stdout:
0
## status: 0

### pipefail returns rightmost failure
set -o pipefail; (exit 2) | (exit 3) | true; echo $?
## stdout:
3
## status: 0

### tee in pipeline
echo teed | tee t.txt | tr a-z A-Z; cat t.txt
## stdout:
TEED
teed
## status: 0
## files:
t.txt: "teed\n"

### cat from pipe
printf 'x\ny\n' | cat
## stdout:
x
y
## status: 0

### head consumes only needed
printf '1\n2\n3\n' | { head -n 1; }
## stdout:
1
## status: 0

### pipe into read with here string instead
read a b <<< "first second"; echo $b $a
## stdout:
second first
## status: 0

### lastpipe runs a pipeline's last command in the shell itself
shopt -s lastpipe; echo hi | read v; echo "$v"; printf 'a\nb\n' | while read l; do n=$l; done; echo $n; seq 3 | mapfile -t arr; echo ${#arr[@]}; false | true; echo $? ${PIPESTATUS[*]}; shopt lastpipe
## stdout:
hi
b
3
0 1 0
lastpipe       	on
## status: 0

### lastpipe: exit in the last command ends the shell
shopt -s lastpipe; echo q | exit 3; echo never
## status: 3

### ! and time nest in any order, and stand alone
!
echo "alone $?"
! !
echo "double $?"
! ! false
echo "not not false $?"
TIMEFORMAT='t'
{ time ! true; } 2>/dev/null
echo "time not $?"
{ ! time false; } 2>/dev/null
echo "not time $?"
{ time time -p -- echo hi; } 2>&1
{ time; } 2>&1
## stdout:
alone 1
double 0
not not false 1
time not 1
not time 0
hi
real 0.00
user 0.00
sys 0.00
t
## status: 0
