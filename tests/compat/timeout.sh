### timeout stops a command that runs too long, and says how
timeout 0.2 sleep 5; echo "term $?"
timeout --preserve-status 0.2 sleep 5; echo "preserved $?"
timeout -s INT --preserve-status 0.2 sleep 5; echo "int $?"
timeout -v 0.2 sleep 5 2>/dev/null; echo "verbose $?"
timeout -k 1 0.2 sleep 5; echo "kill-after $?"
## stdout:
term 124
preserved 143
int 130
verbose 124
kill-after 124
## status: 0

### timeout passes the command's own status and output through
timeout 5 sh -c 'echo inner; exit 3'; echo "own $?"
timeout 5s echo hi | tr a-z A-Z
timeout 0 true; echo "zero $?"
timeout 1m true; echo "minute $?"
## stdout:
inner
own 3
HI
zero 0
minute 0
## status: 0

### timeout refuses what it cannot run, with status 125
timeout x sleep 1 2>/dev/null; echo "bad $?"
timeout 2>&1; echo "none $?"
timeout 1 2>&1; echo "one $?"
timeout -s NOPE 1 true 2>/dev/null; echo "signal $?"
timeout --bogus 1 true 2>&1; echo "option $?"
## stdout:
bad 125
Try 'timeout --help' for more information.
none 125
Try 'timeout --help' for more information.
one 125
signal 125
timeout: unrecognized option '--bogus'
Try 'timeout --help' for more information.
option 125
## status: 0
