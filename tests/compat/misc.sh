### command substitution strips trailing newlines
x=$(printf 'a\n\n\n'); echo "[$x]"
## stdout:
[a]
## status: 0

### command substitution preserves inner newlines
x=$(printf 'a\nb'); echo "$x"
## stdout:
a
b
## status: 0

### nested command substitution
echo $(echo $(echo deep))
## stdout:
deep
## status: 0

### command substitution status
x=$(exit 4); echo $?
## stdout:
4
## status: 0

### command substitution word splits
printf '[%s]' $(echo a b); echo
## stdout:
[a][b]
## status: 0

### dollar paren with case inside
x=$(case a in a) echo matched;; esac); echo $x
## stdout:
matched
## status: 0

### read file shortcut
echo content > f; x=$(< f); echo $x
## stdout:
content
## status: 0
## files:
f: "content\n"

### variable assignment before command is temporary
x=outer; x=inner true; echo $x
## stdout:
outer
## status: 0

### assignment only command status
x=1; echo $?
## stdout:
0
## status: 0

### multiple assignments
a=1 b=2 c=$((a+b)); echo $c
## stdout:
3
## status: 0

### env of prefixed command
X=1 bash -c 'echo $X'
## stdout:
1
## status: 0

### semicolon after background
true & echo fg; wait
## stdout:
fg
## status: 0

### nested quotes and substitutions
echo "$(echo "a $(echo "b c") d")"
## stdout:
a b c d
## status: 0

### long string building
s=; for i in 1 2 3 4 5; do s="$s$i"; done; echo $s
## stdout:
12345
## status: 0

### while loop counter
i=0; sum=0; while [ $i -lt 100 ]; do sum=$((sum+i)); i=$((i+1)); done; echo $sum
## stdout:
4950
## status: 0

### string comparison in case with variables
v=prod; case $v in dev|test) echo low;; prod) echo high;; esac
## stdout:
high
## status: 0

### exit status of pipeline in if
if echo x | tr x y > /dev/null; then echo piped; fi
## stdout:
piped
## status: 0

### command not found status
nosuchcommand 2>/dev/null; echo $?
## stdout:
127
## status: 0

### empty command line
;
## status: 2

### unterminated quote is an error
echo 'open
## status: 2

### unexpected token
echo a; fi
## status: 2

### brace group needs separator
{ echo a }
## status: 2

### colon with arguments
: these are ignored; echo $?
## stdout:
0
## status: 0

### last status in variable
false; s=$?; echo $s
## stdout:
1
## status: 0

### IFS in read loop with fields
printf 'a:b\nc:d\n' | while IFS=: read k v; do echo "$v=$k"; done
## stdout:
b=a
d=c
## status: 0

### reading file with spaces
printf '  x y  \n' > f; while IFS= read -r l; do echo "[$l]"; done < f
## stdout:
[  x y  ]
## status: 0
## files:
f: "  x y  \n"

### counting lines manually
printf '1\n2\n3\n' > f; n=0; while read l; do n=$((n+1)); done < f; echo $n
## stdout:
3
## status: 0
## files:
f: "1\n2\n3\n"

### string length loop
s=abcdef; for ((i=0; i<${#s}; i+=2)); do echo ${s:i:2}; done
## stdout:
ab
cd
ef
## status: 0

### random is a number
r=$RANDOM; [[ $r =~ ^[0-9]+$ ]] && echo number
## stdout:
number
## status: 0

### dollar dollar is number
[[ $$ =~ ^[0-9]+$ ]] && echo pid
## stdout:
pid
## status: 0

### arithmetic on string with spaces
x=" 5 "; echo $((x + 1))
## stdout:
6
## status: 0

### uppercase via tr in loop
for w in a b; do echo $w | tr a-z A-Z; done
## stdout:
A
B
## status: 0

### semicolon list status
false; true; echo $?
## stdout:
0
## status: 0

### printf with array
a=(x y); printf '<%s>' "${a[@]}"; echo
## stdout:
<x><y>
## status: 0

### case in function with return
f() { case $1 in y) return 0;; *) return 1;; esac; }; f y && echo yes; f n || echo no
## stdout:
yes
no
## status: 0

### heredoc and pipe combination count
cat <<EOF | while read l; do echo "> $l"; done
one
two
EOF
## stdout:
> one
> two
## status: 0

### exit from script with status
echo x; exit 42; echo y
## stdout:
x
## status: 42

### run an executable script by path
printf 'echo "in script $0 $1"\nexit 4\n' > s.sh; chmod +x s.sh; ./s.sh arg; echo $?
## stdout:
in script ./s.sh arg
4
## status: 0
## files:
s.sh: "echo \"in script $0 $1\"\nexit 4\n"

### script without execute permission +stderr
printf 'echo hi\n' > n.sh; ./n.sh; echo $?
## stdout:
126
## stderr:
./n.sh: Permission denied
## status: 0
## files:
n.sh: "echo hi\n"

### command not found message +stderr
nosuchcommand arg; echo $?
## stdout:
127
## stderr:
nosuchcommand: command not found
## status: 0

### cat missing file message +stderr
cat missing.txt; echo $?
## stdout:
1
## stderr:
cat: missing.txt: No such file or directory
## status: 0

### cd into a file +stderr
touch f; cd f; echo $?
## stdout:
1
## stderr:
cd: f: Not a directory
## status: 0
## files:
f: ""

### mkdir existing message +stderr
mkdir d; mkdir d; echo $?
## stdout:
1
## stderr:
mkdir: cannot create directory 'd': File exists
## status: 0
## files:
d/

### rm directory message +stderr
mkdir d; rm d; echo $?
## stdout:
1
## stderr:
rm: cannot remove 'd': Is a directory
## status: 0
## files:
d/

### unbound variable message +stderr
set -u; echo $nope; echo after
## stderr:
nope: unbound variable
## status: 127

### readonly assignment message +stderr
readonly r=1; r=2; echo after
## stderr:
r: readonly variable
## status: 1

### division by zero message +stderr
echo $((1/0)); echo after
## stderr:
1/0: division by 0 (error token is "0")
## status: 1

### a bad substitution fails when expanded, not when parsed +stderr
echo before; echo ${x!}; echo same line
## stdout:
before
## stderr:
${x!}: bad substitution
## status: 1

### shift count too large status
set -- a b; shift 5; echo $? $#
## stdout:
1 2
## status: 0

### LINENO follows the script
echo $LINENO
f() {
  echo "in f $LINENO"
}
f
x=$(echo $LINENO)
echo "$x"
## stdout:
1
in f 3
6
## status: 0

### BASH_VERSION is set
[[ -n $BASH_VERSION ]] && echo looks like bash; echo ${#BASH_VERSINFO[@]}
## stdout:
looks like bash
6
## status: 0

### bash -s reads the script from standard input, and option letters cluster
echo 'echo "$# $1 $2"' | bash -s a b
echo 'echo "[$1]"' | bash -s -- -x
echo 'echo "[$1]"' | bash -se -- y
printf 'set -o | grep -E "^(errexit|xtrace)" | tr -s " \\t" " "\n' > o.sh
bash -ex o.sh 2>/dev/null
## stdout:
2 a b
[-x]
[y]
errexit on
xtrace on
## status: 0
## files:
o.sh: "set -o | grep -E \"^(errexit|xtrace)\" | tr -s \" \\t\" \" \"\n"

### factor of operands and of standard input
factor 0 1 2 12 +15 007 ' 9' 97 1000000007 4294967291 18446744073709551615 18446744073709551557
factor 18446744030759878681 9223372036854775807 600851475143
factor abc 1e3 0x10 '8 ' -- 6; echo "status $?"
printf '4  9\nx 10\n' | factor; echo "status $?"
factor -3; echo "status $?"
## stdout:
0:
1:
2: 2
12: 2 2 3
15: 3 5
7: 7
9: 3 3
97: 97
1000000007: 1000000007
4294967291: 4294967291
18446744073709551615: 3 5 17 257 641 65537 6700417
18446744073709551557: 18446744073709551557
18446744030759878681: 4294967291 4294967291
9223372036854775807: 7 7 73 127 337 92737 649657
600851475143: 71 839 1471 6857
6: 2 3
status 1
4: 2 2
9: 3 3
10: 2 5
status 1
status 1
## status: 0

### set -x traces [[ ]] tests, (( )), for and case heads, assignments as written, substitutions deeper +stderr
set -x; x="a b"; [[ ! -z $x && 1 -lt 2 ]]; [[ $x =~ ^a ]]; (( y = 1 + 2 ))
for ((i=0; i<1; i++)); do :; done; case "a b" in *) ;; esac; for k in 1 2; do :; done
echo $(echo a; echo $(echo b)); a=(1 2); m[k]=v; x+=1; declare -i n; n=1+2; PS4='>> '; z=$(echo q)
## stdout:
a b
## stderr:
+ x='a b'
+ [[ ! -z a b ]]
+ [[ 1 -lt 2 ]]
+ [[ a b =~ ^a ]]
+ ((  y = 1 + 2  ))
+ (( i=0 ))
+ (( i<1 ))
+ :
+ (( i++ ))
+ (( i<1 ))
+ case "a b" in
+ for k in 1 2
+ :
+ for k in 1 2
+ :
++ echo a
+++ echo b
++ echo b
+ echo a b
+ a=(1 2)
+ m[k]=v
+ x+=1
+ declare -i n
+ n=1+2
+ PS4='>> '
>>> echo q
>> z=q
## status: 0

### set -x shows an empty operand of [[ ]] as '' +stderr
e=''
set -x
[[ -n $e ]]
[[ $e ]]
[[ $e == y ]]
[[ 1 -eq $e ]]
set +x
## stderr:
+ [[ -n '' ]]
+ [[ -n '' ]]
+ [[ '' == y ]]
+ [[ 1 -eq '' ]]
+ set +x
## status: 0

### set -v echoes each complete command's lines as read, before it runs +stderr
set -v
echo a; echo b
# a comment
if true; then
  echo in-if
fi
eval 'echo in-eval'
set +v
echo quiet
## stdout:
a
b
in-if
in-eval
quiet
## stderr:
echo a; echo b
# a comment
if true; then
  echo in-if
fi
eval 'echo in-eval'
echo in-eval
set +v
## status: 0

### set -x shows a declaration command before its redirections, its export's assignment behind them +stderr
set -x
declare x=1 2>/dev/null
export y=2 2>/dev/null
readonly r=1 >/dev/null
declare -a arr=(1 2) 2>/dev/null
set +x
## stderr:
+ declare x=1
+ export y=2
+ readonly r=1
+ r=1
+ arr=('1' '2')
+ declare -a arr
+ set +x
## status: 0
