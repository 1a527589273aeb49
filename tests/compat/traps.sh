### exit trap runs at end
trap 'echo bye' EXIT; echo hello
## stdout:
hello
bye
## status: 0

### exit trap on exit
trap 'echo cleanup' EXIT; exit 3
## stdout:
cleanup
## status: 3

### exit trap sees status
trap 'echo status $?' EXIT; false
## stdout:
status 1
## status: 1

### exit trap in subshell
(trap 'echo sub exit' EXIT; echo in sub); echo outside
## stdout:
in sub
sub exit
outside
## status: 0

### trap reset
trap 'echo x' EXIT; trap - EXIT; echo nothing
## stdout:
nothing
## status: 0

### trap listing
trap 'echo hi' EXIT; trap
## stdout:
trap -- 'echo hi' EXIT
hi
## status: 0

### trap with errexit
set -e; trap 'echo trapped' EXIT; false; echo no
## stdout:
trapped
## status: 1

### exit trap with exit in trap keeps status
trap 'echo done' EXIT; (exit 5); echo $?
## stdout:
5
done
## status: 0

### exit trap in function exit
trap 'echo final' EXIT; f() { exit 2; }; f; echo not reached
## stdout:
final
## status: 2
