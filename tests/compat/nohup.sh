### nohup runs its command as it would run, off a terminal
nohup true; echo "st $?"
nohup sh -c 'echo out; exit 4'; echo "st $?"
nohup echo hi | tr a-z A-Z
ls nohup.out 2>/dev/null; echo "no file $?"
## stdout:
st 0
out
st 4
HI
no file 2
## status: 0

### nohup refuses what it cannot run
nohup 2>&1; echo "none $?"
nohup --bogus 2>&1; echo "bad $?"
## stdout:
nohup: missing operand
Try 'nohup --help' for more information.
none 125
nohup: unrecognized option '--bogus'
Try 'nohup --help' for more information.
bad 125
## status: 0
