### coproc cat: write to NAME[1], read from NAME[0], its pid in NAME_PID and $!
coproc cat
echo "${COPROC[@]}"
case $COPROC_PID in [0-9]*) echo pid is a number;; esac
[ "$COPROC_PID" = "$!" ] && echo 'same as $!'
echo hello >&${COPROC[1]}
read -r line <&${COPROC[0]}
echo "got $line"
printf '%s\n' one two >&${COPROC[1]}
read -u ${COPROC[0]} a; read -u ${COPROC[0]} b
echo "$a $b"
## stdout:
63 60
pid is a number
same as $!
got hello
one two
## status: 0

### closing the write end gives the coprocess the end of its input
coproc sort
printf '%s\n' c a b >&${COPROC[1]}
exec {COPROC[1]}>&-
echo "${COPROC[@]}"
exec 3<&${COPROC[0]}
while read -r -u 3 line; do echo "sorted $line"; done
wait $COPROC_PID; echo "status $?"
echo "[${COPROC[@]}] [${COPROC_PID-}]"
## stdout:
63 -1
sorted a
sorted b
sorted c
status 0
[] []
## status: 0

### closing the write end inside a function or a group
coproc cat
f() { echo a >&${COPROC[1]}; exec {COPROC[1]}>&-; cat <&${COPROC[0]}; }
f
echo "after the function"
coproc cat
{ echo b >&${COPROC[1]}; exec {COPROC[1]}>&-; cat <&${COPROC[0]}; }
echo "after the group"
## stdout:
a
after the function
b
after the group
## status: 0

### a name before a compound command names the coprocess
coproc UP { while read -r l; do echo "${l^^}"; done; }
echo "${UP[@]}"
case $UP_PID in [0-9]*) echo UP_PID is a number;; esac
echo abc >&${UP[1]}; read -u ${UP[0]} r; echo "$r"
n=NAMED; coproc $n { read x; echo "expanded $x"; }
echo in >&${NAMED[1]}; read -u ${NAMED[0]} e; echo "$e"
coproc Q [[ -n x ]]
coproc S ( read x; echo "subshell $x" )
echo in >&${S[1]}; read -u ${S[0]} s; echo "$s"
## stdout:
63 60
UP_PID is a number
ABC
expanded in
subshell in
## status: 0

### the simple command form, with assignments and redirections
coproc tr a-z A-Z
exec 3<&${COPROC[0]}
echo abc >&${COPROC[1]}; exec {COPROC[1]}>&-
read -u 3 x; echo "$x"; exec 3<&-
sleep 0.5
coproc V=val eval 'read x; echo $V $x'
echo in >&${COPROC[1]}; read -u ${COPROC[0]} x; echo "$x"
sleep 0.5
coproc { read x; echo "$x on stderr" >&2; } 2>&1
echo in >&${COPROC[1]}; read -u ${COPROC[0]} x; echo "$x"
sleep 0.5
coproc >/dev/null echo gone
echo "${COPROC[@]}"
## stdout:
ABC
val in
in on stderr
63 60
## status: 0

### once it ended and was reaped, NAME and NAME_PID are unset and its descriptors closed +stderr
coproc { echo early; }
sleep 1
echo "[${COPROC[@]}] [${COPROC_PID-}]"
read -u 63 x; echo "read status $?"
echo x >&60; echo "write status $?"
## stdout:
[] []
read status 1
write status 1
## stderr:
read: 63: invalid file descriptor: Bad file descriptor
60: Bad file descriptor
## status: 0

### wait reports the coprocess's status and reaps it; kill ends it
coproc { read x; echo "read $x"; exit 7; }
pid=$COPROC_PID
echo go >&${COPROC[1]}
read -u ${COPROC[0]} r; echo "$r"
wait $pid; echo "status $?"
echo "[${COPROC[@]}]"
coproc cat
pid=$COPROC_PID
kill $pid
wait $pid; echo "status $?"
echo "[${COPROC_PID-}]"
! coproc true; echo "negated $?"
## stdout:
read go
status 7
[]
status 143
[]
negated 1
## status: 0

### a second coprocess while the first's descriptors are open is warned about
exec 3>&2 2>warn.txt
coproc A { cat; }
coproc B { cat; }
exec 2>&3
sed 's/^.*: line [0-9]*: //; s/\[[0-9]*:/[PID:/' warn.txt; rm warn.txt
echo "${A[@]} ${B[@]}"
echo x >&${A[1]}; read -u ${A[0]} y; echo "A still answers $y"
exec {B[0]}<&- {B[1]}>&-
echo "${B[@]}"
exec 3>&2 2>warn.txt
coproc C { :; }
exec 2>&3
wc -l < warn.txt; rm warn.txt
## stdout:
warning: execute_coproc: coproc [PID:A] still exists
63 60 62 58
A still answers x
-1 -1
0
## status: 0

### its descriptors are closed in subshells, pipelines and jobs, open in functions and $( ) +stderr
coproc cat
( echo sub >&${COPROC[1]} ); echo "subshell $?"
echo pipe >&${COPROC[1]} | cat; echo "pipeline $?"
{ echo job >&${COPROC[1]}; } & wait $!; echo "job $?"
f() { echo func >&${COPROC[1]}; }; f
x=$(echo subst >&${COPROC[1]}); echo "substitution $?"
exec 5>&${COPROC[1]}; ( echo dup >&5 )
read -u ${COPROC[0]} a; read -u ${COPROC[0]} b; read -u ${COPROC[0]} c; echo $a $b $c
## stdout:
subshell 1
pipeline 0
job 1
substitution 0
func subst dup
## stderr:
${COPROC[1]}: Bad file descriptor
${COPROC[1]}: Bad file descriptor
${COPROC[1]}: Bad file descriptor
## status: 0

### moving or closing one of its descriptors sets that element to -1
coproc cat
exec 4<&${COPROC[0]}-; echo "${COPROC[@]}"
echo hi >&${COPROC[1]}; read -u 4 x; echo "$x"
true 60>&-; echo "${COPROC[@]}"
echo again >&60; read -u 4 y; echo "$y"
## stdout:
-1 60
hi
-1 -1
again
## status: 0

### the name must be a valid identifier; coproc takes no pipeline words +stderr
coproc A-B { :; }; echo "status $?"
n='x y'; coproc $n { :; }; echo "status $?"
eval 'coproc ! true'; echo "status $?"
eval 'coproc'; echo "status $?"
eval 'coproc A B { :; }'; echo "status $?"
## stdout:
status 1
status 1
status 2
status 2
status 2
## stderr:
`A-B': not a valid identifier
`x y': not a valid identifier
eval: line 3: syntax error near unexpected token `!'
eval: line 3: `coproc ! true'
eval: line 4: syntax error near unexpected token `newline'
eval: line 4: `coproc'
eval: line 5: syntax error near unexpected token `}'
eval: line 5: `coproc A B { :; }'
## status: 0

### coproc variables follow bash's rules for references and read-only names +stderr
declare -n r; coproc r { read; }; echo "$r"; echo >&${r[1]}; unset r; wait
declare -r ROVAR=42
coproc ROVAR { :; }; wait; declare -p ROVAR
declare -n ref=x; coproc ref { read; }; echo "${x[@]}"; echo >&${x[1]}; wait; declare -p ref
unset -n ref
declare -r RO RO_PID; coproc RO { read; }; declare -p RO_PID; echo >&60; wait; declare -p RO RO_PID
## stdout:
63
declare -r ROVAR="42"
63 60
declare -n ref="x"
declare -r RO_PID
declare -r RO
## stderr:
warning: r: removing nameref attribute
ROVAR: readonly variable
ROVAR: cannot unset: readonly variable
RO: readonly variable
RO: cannot unset: readonly variable
declare: RO_PID: not found
## status: 1

### a function holding coprocesses prints as bash prints it
f() { coproc cat; coproc A { echo; } 2>/dev/null; coproc ( x ) >&2; coproc $n while true; do :; done; coproc cat | cat; coproc "B" [[ -n x ]]; ! coproc ((1)); coproc >/dev/null echo a b 2>&1; coproc C case x in x) echo;; esac; }
declare -f f
g() {
  coproc R {
    cat <<EOF
here
EOF
  } &
  coproc cat |& cat
}
type g
## stdout:
f () 
{ 
    coproc COPROC cat;
    coproc A { 
        echo
    } 2> /dev/null;
    coproc COPROC ( x ) 1>&2;
    coproc $n while true; do
        :;
    done;
    coproc COPROC cat | cat;
    coproc "B" [[ -n x ]];
    ! coproc COPROC ((1));
    coproc COPROC echo a b > /dev/null 2>&1;
    coproc C case x in 
        x)
            echo
        ;;
    esac
}
g is a function
g () 
{ 
    coproc R { 
        cat <<EOF
here
EOF

    } & coproc COPROC cat 2>&1 | cat
}
## status: 0
