### errexit stops script
set -e; echo before; false; echo after
## stdout:
before
## status: 1

### errexit ignored in if condition
set -e; if false; then echo no; fi; echo continued
## stdout:
continued
## status: 0

### errexit ignored in and-or
set -e; false || echo rescued; false && echo never; echo still
## stdout:
rescued
still
## status: 0

### errexit exits on last of and list
set -e; true && false; echo not reached
## status: 1

### errexit ignored with negation
set -e; ! true; echo survived
## stdout:
survived
## status: 0

### errexit in subshell
set -e; (false; echo inner); echo outer $?
## status: 1

### errexit in function
set -e; f() { false; echo in f; }; f; echo after f
## status: 1

### errexit function in condition ignored
set -e; f() { false; echo in f; }; if f; then echo ok; fi
## stdout:
in f
ok
## status: 0

### errexit while condition
set -e; while false; do :; done; echo fine
## stdout:
fine
## status: 0

### errexit with pipefail
set -eo pipefail; false | true; echo never
## status: 1

### errexit pipe without pipefail
set -e; false | true; echo continued
## stdout:
continued
## status: 0

### errexit exit status
set -e; (exit 4); echo no
## status: 4

### errexit command substitution assignment
set -e; x=$(false); echo not here
## status: 1

### errexit disabled again
set -e; set +e; false; echo went on
## stdout:
went on
## status: 0

### errexit in until condition
set -e; until true; do :; done; echo done
## stdout:
done
## status: 0

### ERR trap
trap 'echo caught $?' ERR; false; true; (exit 3)
## stdout:
caught 1
caught 3
## status: 3

### ERR trap not in condition
trap 'echo caught' ERR; if false; then :; fi; false || true; echo end
## stdout:
end
## status: 0

### errexit with compound group
set -e; { false; echo no; }; echo no2
## status: 1

### errexit in for loop body
set -e; for i in 1 2; do echo $i; false; done; echo never
## stdout:
1
## status: 1

### errexit case statement
set -e; case x in x) false;; esac; echo never
## status: 1

### errexit is off inside command substitution without inherit_errexit
set -e; x=$(false; echo in); echo "got $x"
## stdout:
got in
## status: 0

### errexit inside command substitution with inherit_errexit
set -e; shopt -s inherit_errexit; y=$(false; echo in); echo "never $y"
## status: 1

### errexit is ignored in a negated function call
set -e; f() { false; echo in f; }; ! f; echo after
## stdout:
in f
after
## status: 0

### errexit is ignored in a negated group
set -e; ! { false; echo inner; }; echo after $?
## stdout:
inner
after 1
## status: 0

### errexit does not judge a group's own status
set -e; { false && :; }; echo after $?
## stdout:
after 1
## status: 0

### errexit does not judge an if's own status
set -e; if true; then false && :; fi; echo after $?
## stdout:
after 1
## status: 0

### errexit does not judge a loop's or a case's own status
set -e; for i in 1; do false && :; done; case x in x) false || false && :;; esac; echo after $?
## stdout:
after 1
## status: 0

### errexit judges a subshell, arithmetic and a conditional
set -e; (false && :) || echo sub $?; (( 0 )) || echo arith; [[ a = b ]] || echo cond; (( 0 )); echo never
## stdout:
sub 1
arith
cond
## status: 1

### errexit judges a pipeline ending in a group
set -e; true | { false && :; }; echo never
## status: 1

### ERR trap follows the same rules as errexit
trap 'echo ERR $?' ERR; { false && :; }; if true; then false && :; fi; (false && :); f() { false; }; ! f; echo end
## stdout:
ERR 1
end
## status: 0

### under set -o posix a command substitution keeps set -e
set -o posix; set -e; v=$(false; echo kept); echo "not reached $v"
## status: 1

### errexit ends the shell when a group's redirection fails
set -e; echo start; { echo inside; } < ./no-such-input; echo never
## stdout:
start
## status: 1

### errexit ends the shell when a loop's redirection fails
set -e; for w in a b; do echo "$w"; done > ./no/such/dir/out; echo never
## status: 1

### a failed redirection of a compound in a condition does not end the shell
set -e
if while :; do break; done < ./absent; then echo yes; else echo "no $?"; fi
{ :; } < ./absent || echo "or $?"
! case x in x) :; esac < ./absent
echo end
## stdout:
no 1
or 1
end
## status: 0

### the ERR trap runs when a group's redirection fails
trap 'echo "ERR $?"' ERR; { :; } > ./nowhere/x; echo after
## stdout:
ERR 1
after
## status: 0

### errexit ends the shell when an assignment is refused, even in a condition
set -e
readonly locked=1
if locked=2; then echo then; fi
echo never
## status: 1

### errexit ends the shell when a command's prefix assignment is refused
set -e; readonly ro=1; ro=2 echo never; echo nor-this
## status: 1

### a refused assignment without errexit drops only its line
readonly fixed=1
fixed=2; echo dropped
echo "next $?"
fixed=3 echo ran
## stdout:
next 1
ran
## status: 0

### under errexit an unbound variable ends the shell with status 1
set -eu; echo "start"; echo "$never_set"; echo after
## stdout:
start
## status: 1

### without errexit an unbound variable ends -c text with 127
set -u; echo "start"; echo "$never_set"; echo after
## stdout:
start
## status: 127

### under set -e an error bash reports (bad substitution, bad subscript, failglob) exits, even in if and ||
for code in 'x=1; if echo ${x@Z}; then :; fi' 'x=(1); echo ${x[-5]} || true' 'a[-1]=1' 'echo ${!nope}' \
  'shopt -s failglob; for f in *.none; do :; done' 'declare -A A; A=([j]=1 2)' 'x=1; f() { echo ${x@Z}; }; f || true' \
  'x=1; ( echo ${x@Z}; echo in-sub ) || true'; do
  bash -c "set -e; $code
echo after" 2>&1
  echo "status $?"
done
## stdout:
bash: line 1: ${x@Z}: bad substitution
status 1
bash: line 1: x: bad array subscript
status 1
bash: line 1: a[-1]: bad array subscript
status 1
bash: line 1: nope: invalid indirect expansion
status 1
bash: line 1: no match: *.none
status 1
bash: line 1: A: 2: must use subscript when assigning associative array
status 1
environment: line 1: ${x@Z}: bad substitution
status 1
bash: line 1: ${x@Z}: bad substitution
after
status 0
## status: 0

### under set -u the transformations (@Q, @a, @A…) of an unset parameter are errors too
for code in 'echo "[${u@Q}]"' 'declare x; echo "[${x@a}]"' 'x=1; echo "[${x[3]@Q}]"' 'echo "[${1@Q}]"' \
  'declare -A A; echo "[${A[k]#a}]"' 'a=(); echo "[${a[@]@Q}]"' 'set --; echo "[${@@Q}]"' \
  'declare -a f=([1]=x); echo "[${f@a}] [${f@A}]"'; do
  bash -c "set -u; $code; echo after" 2>&1
  echo "status $?"
done
## stdout:
bash: line 1: u: unbound variable
status 127
bash: line 1: x: unbound variable
status 127
bash: line 1: x[3]: unbound variable
status 127
bash: line 1: 1: unbound variable
status 127
bash: line 1: A[k]: unbound variable
status 127
[]
after
status 0
[]
after
status 0
[a] [declare -a f]
after
status 0
## status: 0
