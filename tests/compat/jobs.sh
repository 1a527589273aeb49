### background and wait
echo bg > out & wait; cat out
## stdout:
bg
## status: 0
## files:
out: "bg\n"

### wait for pid status
(exit 3) & wait $!; echo $?
## stdout:
3
## status: 0

### background does not block
sleep 0.2 & echo immediate; wait
## stdout:
immediate
## status: 0

### multiple background jobs
(sleep 0.1; echo one > a) & (echo two > b) & wait; cat a b
## stdout:
one
two
## status: 0
## files:
a: "one\n"
b: "two\n"

### background job variable isolation
x=1; { x=2; } & wait; echo $x
## stdout:
1
## status: 0

### wait with no jobs
wait; echo $?
## stdout:
0
## status: 0

### dollar bang set
true & [ -n "$!" ] && echo has pid; wait
## stdout:
has pid
## status: 0

### kill and trap list the signals as bash does
kill -l
kill -l 9 KILL 137
trap -l | tail -1
kill -l nope; echo "status $?"
## stdout:
 1) SIGHUP	 2) SIGINT	 3) SIGQUIT	 4) SIGILL	 5) SIGTRAP
 6) SIGABRT	 7) SIGBUS	 8) SIGFPE	 9) SIGKILL	10) SIGUSR1
11) SIGSEGV	12) SIGUSR2	13) SIGPIPE	14) SIGALRM	15) SIGTERM
16) SIGSTKFLT	17) SIGCHLD	18) SIGCONT	19) SIGSTOP	20) SIGTSTP
21) SIGTTIN	22) SIGTTOU	23) SIGURG	24) SIGXCPU	25) SIGXFSZ
26) SIGVTALRM	27) SIGPROF	28) SIGWINCH	29) SIGIO	30) SIGPWR
31) SIGSYS	34) SIGRTMIN	35) SIGRTMIN+1	36) SIGRTMIN+2	37) SIGRTMIN+3
38) SIGRTMIN+4	39) SIGRTMIN+5	40) SIGRTMIN+6	41) SIGRTMIN+7	42) SIGRTMIN+8
43) SIGRTMIN+9	44) SIGRTMIN+10	45) SIGRTMIN+11	46) SIGRTMIN+12	47) SIGRTMIN+13
48) SIGRTMIN+14	49) SIGRTMIN+15	50) SIGRTMAX-14	51) SIGRTMAX-13	52) SIGRTMAX-12
53) SIGRTMAX-11	54) SIGRTMAX-10	55) SIGRTMAX-9	56) SIGRTMAX-8	57) SIGRTMAX-7
58) SIGRTMAX-6	59) SIGRTMAX-5	60) SIGRTMAX-4	61) SIGRTMAX-3	62) SIGRTMAX-2
63) SIGRTMAX-1	64) SIGRTMAX	
KILL
9
KILL
63) SIGRTMAX-1	64) SIGRTMAX	
status 1
## status: 0

### trap -p names what it shows, with bash's signal names
trap 'echo bye' EXIT
trap ':' INT TERM
trap
trap -p INT
trap -Q; echo "status $?"
## stdout:
trap -- 'echo bye' EXIT
trap -- ':' SIGINT
trap -- ':' SIGTERM
trap -- ':' SIGINT
status 2
bye
## status: 0

### kill sends a signal by name or number and wait returns 128 + it
sleep 5 &
kill -9 %1
wait %1; echo "status $?"
sleep 5 &
kill -s INT $!
wait $!; echo "status $?"
sleep 5 &
kill -0 %1; echo "alive $?"
kill -CONT %1; echo "cont $?"
kill %1
wait %1; echo "status $?"
kill -Q; echo "status $?"
## stdout:
status 137
status 130
alive 0
cont 0
status 143
status 1
## status: 0

### wait -n returns as each job ends, then 127
sleep 0.2 &
sleep 0.05 &
wait -n; echo "n $?"
wait -n; echo "n $?"
wait -n; echo "n $?"
## stdout:
n 0
n 0
n 127
## status: 0
