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
