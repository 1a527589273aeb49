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
