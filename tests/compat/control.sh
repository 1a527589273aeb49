### if then else
if true; then echo yes; else echo no; fi
## stdout:
yes
## status: 0

### if false branch
if false; then echo yes; else echo no; fi
## stdout:
no
## status: 0

### elif chain
x=2; if [ $x = 1 ]; then echo one; elif [ $x = 2 ]; then echo two; else echo other; fi
## stdout:
two
## status: 0

### if status when no branch taken
if false; then :; fi; echo $?
## stdout:
0
## status: 0

### if condition status list
if false; true; then echo last wins; fi
## stdout:
last wins
## status: 0

### while loop
i=0; while [ $i -lt 3 ]; do echo $i; i=$((i+1)); done
## stdout:
0
1
2
## status: 0

### until loop
i=0; until [ $i -ge 3 ]; do echo $i; i=$((i+1)); done
## stdout:
0
1
2
## status: 0

### for in list
for x in a b c; do echo "<$x>"; done
## stdout:
<a>
<b>
<c>
## status: 0

### for over positional
set -- p q; for x; do echo $x; done
## stdout:
p
q
## status: 0

### for with glob
touch b.txt a.txt c.log; for f in *.txt; do echo $f; done
## stdout:
a.txt
b.txt
## status: 0
## files:
a.txt: ""
b.txt: ""
c.log: ""

### for with no matches keeps pattern
for f in *.none; do echo "$f"; done
## stdout:
*.none
## status: 0

### for with brace expansion
for i in {1..3}; do echo $i; done
## stdout:
1
2
3
## status: 0

### break
for i in 1 2 3 4; do [ $i = 3 ] && break; echo $i; done
## stdout:
1
2
## status: 0

### continue
for i in 1 2 3 4; do [ $i = 2 ] && continue; echo $i; done
## stdout:
1
3
4
## status: 0

### break two levels
for i in 1 2; do for j in a b; do [ $j = b ] && break 2; echo $i$j; done; done; echo end
## stdout:
1a
end
## status: 0

### continue two levels
for i in 1 2; do for j in a b; do [ $j = b ] && continue 2; echo $i$j; done; echo never; done
## stdout:
1a
2a
## status: 0

### loop status
for i in 1; do false; done; echo $?
## stdout:
1
## status: 0

### while read loop
printf 'a\nb\nc\n' > f; while read -r line; do echo "got $line"; done < f
## stdout:
got a
got b
got c
## status: 0
## files:
f: "a\nb\nc\n"

### case basic
case foo in f*) echo starts f;; *) echo other;; esac
## stdout:
starts f
## status: 0

### case alternatives
case b in a|b) echo ab;; esac
## stdout:
ab
## status: 0

### case no match status
case x in y) echo y;; esac; echo $?
## stdout:
0
## status: 0

### case fallthrough
case a in a) echo one;& b) echo two;; c) echo three;; esac
## stdout:
one
two
## status: 0

### case continue matching
case ab in a*) echo first;;& *b) echo second;;& x) echo no;; esac
## stdout:
first
second
## status: 0

### case with quoted pattern
case '*' in '*') echo literal star;; esac
## stdout:
literal star
## status: 0

### case with variable pattern
p='a*'; case abc in $p) echo matched;; esac
## stdout:
matched
## status: 0

### case with quoted variable pattern
p='a*'; case abc in "$p") echo matched;; *) echo literal;; esac
## stdout:
literal
## status: 0

### case with char class
case 5 in [0-9]) echo digit;; esac
## stdout:
digit
## status: 0

### case empty body
case a in a) ;; esac; echo ok
## stdout:
ok
## status: 0

### case with parenthesis before pattern
case z in (z) echo paren;; esac
## stdout:
paren
## status: 0

### brace group
{ echo a; echo b; } > out; cat out
## stdout:
a
b
## status: 0
## files:
out: "a\nb\n"

### subshell isolates variables
x=1; (x=2; echo $x); echo $x
## stdout:
2
1
## status: 0

### subshell cd does not leak
mkdir d; (cd d; pwd); pwd
## stdout:
<tmp>/d
<tmp>
## status: 0
## files:
d/

### subshell exit status
(exit 7); echo $?
## stdout:
7
## status: 0

### nested loops with output
for a in 1 2; do for b in x y; do printf '%s%s ' $a $b; done; done; echo
## stdout:
1x 1y 2x 2y 
## status: 0

### while with break on condition
n=0; while :; do n=$((n+1)); if [ $n -gt 4 ]; then break; fi; done; echo $n
## stdout:
5
## status: 0

### negation
! false; echo $?; ! true; echo $?
## stdout:
0
1
## status: 0

### and or precedence
false && echo a || echo b && echo c
## stdout:
b
c
## status: 0

### semicolons and newlines
echo a; echo b
echo c
## stdout:
a
b
c
## status: 0

### if with and-or condition
if true && false; then echo y; else echo n; fi
## stdout:
n
## status: 0

### while with complex condition
i=0; while [ $i -lt 5 ] && [ $i -ne 3 ]; do i=$((i+1)); done; echo $i
## stdout:
3
## status: 0

### select of loop output into pipe
for i in 3 1 2; do echo $i; done | tr '\n' ' '; echo
## stdout:
3 1 2 
## status: 0

### exit in subshell leaves parent running
(exit 3) ; echo after
## stdout:
after
## status: 0

### return value of group
{ false; }; echo $?
## stdout:
1
## status: 0

### break's own status is the loop's, and return outside a function is a usage error
for i in 1; do false; break; done; echo "after break $?"
for i in 1; do break 0; echo never; done; echo "after break 0 $?"
for i in 1; do for j in 1; do break 2; done; echo never; done; echo "after break 2 $?"
break; echo "outside $?"
return; echo "return $?"
## stdout:
after break 0
after break 0 1
after break 2 0
outside 0
return 2
## status: 0

### select lists its menu on stderr and reads a choice per line +stderr
printf '2\n\nx\n1\n' > answers
select x in apple "banana split" cherry; do echo "[$x] [$REPLY]"; [ "$REPLY" = 1 ] && break; done < answers; echo "status $?"
PS3='pick> '; select y; do echo never; done < /dev/null; echo "end $?"
set -- p q; select y; do echo "$y"; break; done <<< 2
## stdout:
[banana split] [2]
[] [x]
[apple] [1]
status 0
end 0
q
## stderr:
1) apple
2) banana split
3) cherry
#? #? 1) apple
2) banana split
3) cherry
#? #? 1) p
2) q
pick> 
## status: 0
## files:
answers: "2\n\nx\n1\n"

### select lays a long menu out in columns +stderr
COLUMNS=50; select n in $(seq 1 25) a-longer-word; do echo "$n"; break; done <<< 26
## stdout:
a-longer-word
## stderr:
 1) 1		   14) 14
 2) 2		   15) 15
 3) 3		   16) 16
 4) 4		   17) 17
 5) 5		   18) 18
 6) 6		   19) 19
 7) 7		   20) 20
 8) 8		   21) 21
 9) 9		   22) 22
10) 10		   23) 23
11) 11		   24) 24
12) 12		   25) 25
13) 13		   26) a-longer-word
#? 
## status: 0

### time reports as TIMEFORMAT says, and keeps the pipeline's status +stderr
TIMEFORMAT='took %0R s'; time sleep 0; time false | true; echo "status $?"
time ! true; echo "negated $?"
TIMEFORMAT='%%|%0lR|%0U'; time { echo in group; }
TIMEFORMAT=; time echo quiet
TIMEFORMAT='%Z'; time echo bad format; echo "after $?"
## stdout:
status 0
negated 1
in group
quiet
bad format
after 0
## stderr:
took 0 s
took 0 s
took 0 s
%|0m0s|0
TIMEFORMAT: `Z': invalid format character
## status: 0

### time -p and a bare time
time -p true 2> err; wc -l < err
time 2> err2; echo "bare $?"
## stdout:
0
bare 0
## status: 0
## files:
err: ""
err2: ""

### break in a while condition ends the loop
while break; do echo never; done; echo after $?
## stdout:
after 0
## status: 0

### continue in a while condition runs the condition again
i=0; while (( i++ < 4 )) && { (( i == 2 )) && continue; true; }; do echo $i; done
## stdout:
1
3
4
## status: 0

### break with a count in an inner loop's condition
for i in 1 2; do while break 2; do :; done; echo never; done; echo out
## stdout:
out
## status: 0

### an arithmetic for with blank parts loops until break
n=0; for (( ; ; )); do (( ++n == 3 )) && break; done; echo $n; for ((;;)); do echo once; break; done
## stdout:
3
once
## status: 0

### break with a word for a count ends the script with 128
for i in 1 2; do break oops; done; echo never
## status: 128

### continue with too many counts ends the script with 1
for i in 1 2; do continue 1 2 3; done; echo never
## status: 1

### break with a count out of range leaves the loop with 1
for i in 1 2; do break 0; done; echo "after $?"
## stdout:
after 1
## status: 0

### a loop over a name that is not an identifier fails when it runs
for a-b in 1; do echo never; done; echo "status $?"; for - in 1; do :; done; echo "status $?"
## stdout:
status 1
status 1
## status: 0

### return outside a function or sourced file is refused, eval's return in a function returns +stderr
return; echo $?; f() { eval return 4; echo no; }; f; echo $?
## stdout:
2
4
## stderr:
return: can only `return' from a function or sourced script
## status: 0

### select at the end of its input ends the prompt's line on stdout
select x in a b; do echo "[$x]"; done <<< $'1\n2'; echo "status $?"
## stdout:
[a]
[b]

status 1
## status: 0

### a for (( )) of two or four parts names its text after the error +stderr
eval 'for (( j=1; j<2 )); do echo no; done'; echo st=$?
eval 'for ((j=0;j<1;j++;9)); do echo no; done'; echo st=$?
## stdout:
st=2
st=2
## stderr:
eval: line 1: syntax error: arithmetic expression required
eval: line 1: syntax error: `(( j=1; j<2 ))'
eval: line 2: syntax error: `;' unexpected
eval: line 2: syntax error: `((j=0;j<1;j++;9))'
## status: 0

### break or continue with a count below 1 says so and leaves every enclosing loop
bash -c 'for i in 1 2; do for j in 1 2; do echo $i$j; continue 0; done; done; echo "st=$?"
for i in 1 2; do while :; do break -1; done; echo no; done; echo "st=$?"' sh0 2>&1
## stdout:
11
sh0: line 1: continue: 0: loop count out of range
st=1
sh0: line 2: break: -1: loop count out of range
st=1
## status: 0

### an arithmetic error in a part of for (( )) ends the loop with status 1, after ((:
bash -c 'for ((i=1+;;)); do :; done; echo "st=$?"
for ((i=0;1+;)); do echo once; done; echo "st=$?"
for ((i=0;i<3;i=i+)); do echo "i=$i"; done; echo "st=$?"' sh0 2>&1
## stdout:
sh0: line 1: ((: i=1+: syntax error: operand expected (error token is "+")
st=1
sh0: line 2: ((: 1+: syntax error: operand expected (error token is "+")
st=1
i=0
sh0: line 3: ((: i=i+: syntax error: operand expected (error token is "+")
st=1
## status: 0

### in POSIX mode return outside a function and a function named with a dash end the shell +stderr
bash -o posix -c 'return; echo not reached'; echo "return: $?"
bash -c 'return; echo goes on'; echo "plain: $?"
bash -o posix -c 'f-x() { :; }; echo not reached'; echo "name: $?"
bash -c 'f-x() { echo dashed; }; f-x'
bash -o posix -c 'command return 3 || echo "through command: $?"; echo goes on'
bash -o posix -c 'command . ./nonexistent || echo "dot through command: $?"; echo goes on'
## stdout:
return: 2
goes on
plain: 0
name: 2
dashed
through command: 2
goes on
dot through command: 1
goes on
## stderr:
return: can only `return' from a function or sourced script
return: can only `return' from a function or sourced script
`f-x': not a valid identifier
return: can only `return' from a function or sourced script
./nonexistent: No such file or directory
## status: 0
