### basic arithmetic
echo $((1 + 2 * 3)) $(( (1+2)*3 )) $((7/2)) $((7%3)) $((-7/2)) $((-7%3))
## stdout:
7 9 3 1 -3 -1
## status: 0

### power and shifts
echo $((2**10)) $((1<<4)) $((256>>2))
## stdout:
1024 16 64
## status: 0

### comparison and logic
echo $((3>2)) $((3<2)) $((1==1)) $((1!=1)) $((1&&0)) $((1||0)) $((!5))
## stdout:
1 0 1 0 0 1 0
## status: 0

### bitwise
echo $((6&3)) $((6|3)) $((6^3)) $((~0))
## stdout:
2 7 5 -1
## status: 0

### ternary
x=5; echo $((x>3 ? 10 : 20))
## stdout:
10
## status: 0

### variables without dollar
a=4 b=5; echo $((a*b)) $(($a+$b))
## stdout:
20 9
## status: 0

### assignment operators
x=10; ((x+=5)); ((x*=2)); ((x-=1)); echo $x
## stdout:
29
## status: 0

### increment and decrement
i=5; echo $((i++)) $i $((++i)) $((i--)) $((--i))
## stdout:
5 6 7 7 5
## status: 0

### comma operator
echo $((a=1, b=2, a+b))
## stdout:
3
## status: 0

### hex octal base
echo $((0x1f)) $((010)) $((2#1010)) $((36#z))
## stdout:
31 8 10 35
## status: 0

### unset variable is zero
unset u; echo $((u+1))
## stdout:
1
## status: 0

### variable holding expression
e="2+3"; echo $((e*2))
## stdout:
10
## status: 0

### arith command status
((0)); echo $?; ((5)); echo $?
## stdout:
1
0
## status: 0

### arith for loop
for ((i=0; i<3; i++)); do echo $i; done
## stdout:
0
1
2
## status: 0

### arith for with empty parts
i=0; for ((;;)); do ((i++)); ((i>=3)) && break; done; echo $i
## stdout:
3
## status: 0

### division by zero error
(echo $((1/0))); echo status $?
## stdout:
status 1
## status: 0

### nested arithmetic
echo $(( $((2+3)) * 2 ))
## stdout:
10
## status: 0

### arithmetic with command substitution
echo $(( $(echo 4) + 1 ))
## stdout:
5
## status: 0

### negative numbers
echo $((-5 + 3)) $(( - -2 ))
## stdout:
-2 2
## status: 0

### large numbers wrap
echo $((9223372036854775807 + 1))
## stdout:
-9223372036854775808
## status: 0

### let command
let x=5+5 y=x*2; echo $x $y; let z=0; echo $?
## stdout:
10 20
1
## status: 0

### declare integer
declare -i n; n="3+4"; echo $n; n+=1; echo $n
## stdout:
7
8
## status: 0

### array index arithmetic
a=(10 20 30); i=1; echo ${a[i+1]} $((a[0]+a[2]))
## stdout:
30 40
## status: 0

### assignment in arithmetic to array
a=(1 2 3); ((a[1]=7)); echo ${a[@]}
## stdout:
1 7 3
## status: 0

### precedence of unary minus and power
echo $((-2**2)) $((2**-0))
## stdout:
4 1
## status: 0

### comparison chains
echo $((1<2<3)) $((3>2>1))
## stdout:
1 0
## status: 0

### spaces in arith
echo $((   1   +   1   ))
## stdout:
2
## status: 0

### arithmetic expansion in string
echo "sum=$((1+1))"
## stdout:
sum=2
## status: 0

### modulo negative
echo $((-10 % 3)) $((10 % -3))
## stdout:
-1 1
## status: 0

### logical short circuit
x=0; (( 1 || (x=5) )); echo $x; (( 0 && (x=6) )); echo $x
## stdout:
0
0
## status: 0

### variables bash computes at each use count in arithmetic too
a=$((RANDOM)); b=$((RANDOM)); [ "$a" != "$b" ] && echo two draws
echo $(( RANDOM >= 0 && RANDOM < 32768 ))
echo $((LINENO))
start=$SECONDS; echo $(( SECONDS - start ))
echo $(( EPOCHSECONDS > 1700000000 ))
## stdout:
two draws
1
3
0
1
## status: 0

### expr evaluates as GNU's, statuses included +stderr
expr 1 + 2 \* 3; expr \( 1 + 2 \) \* 3; expr -5 / 2; expr 10 % 3; expr 9223372036854775807 + 1
expr abc : 'a.c'; expr abc : 'a\(.\)c'; expr abc : x; echo "no match $?"
expr length hello; expr substr hello 2 3; expr index hello l; expr match abc '\(b\)'; echo "empty group $?"
expr 3 \< 10; expr a \< b; expr 0 \| 5; expr '' \| 0; echo "null or zero $?"; expr 2 \& 0; expr + length
expr 5 / 0; echo "division $?"; expr a + 1; echo "non-integer $?"; expr 1 +; echo "missing $?"
expr 1 2; echo "unexpected $?"; expr \( 1; echo "unclosed $?"
i=0; while [ "$(expr $i \< 3)" = 1 ]; do i=$(expr $i + 1); done; echo "counted to $i"
## stdout:
7
9
-2
1
9223372036854775808
3
b
0
no match 1
5
ell
3

empty group 1
1
1
5
0
null or zero 1
0
length
division 2
non-integer 2
missing 2
unexpected 2
unclosed 2
counted to 3
## stderr:
expr: division by zero
expr: non-integer argument
expr: syntax error: missing argument after '+'
expr: syntax error: unexpected argument '2'
expr: syntax error: expecting ')' after '1'
## status: 0

### a variable read in arithmetic: a leading zero is octal, spaces are dropped
x=010; y=" 010 "; w=-010; t=+5; z=0x1f; i=7; echo $((x+1)) $((y)) $((w)) $((t)) $((z)) $((i*2))
## stdout:
9 8 -8 5 31 14
## status: 0

### the old $[ ] form of arithmetic expansion
a=(5 6); echo $[1+2] "$[2*3]" $[ a[1] + 1 ] x$[1]y "a$[3]" \$[1]
## stdout:
3 6 7 x1y a3 $[1]
## status: 0

### a bare 0x is 0
echo $(( 0x )) $(( 0X + 1 ))
## stdout:
0 1
## status: 0

### an associative array's subscript in arithmetic is a key
declare -A cnt; for w in a b a c a; do ((cnt[$w]++)); done; echo ${cnt[a]} ${cnt[b]} ${cnt[c]}
declare -A c; w=y; ((c[$w]+=5)); echo $((c[y]*2)); let "c[z]=4"; echo ${c[z]}
declare -A m=([k]=3); k=5; echo $((m[k])) $((m[ k ])); a=(1 2 3); i=1; echo $((a[i]+a[i+1])) $((a[a[0]]))
## stdout:
3 1 1
10
4
3 0
5 2
## status: 0

### two signs are not an increment unless a variable is beside them
a=1; echo $(( ++7 )) $(( --7 )) $(( 4+++a )) $a $(( 4---a )) $a $(( ---7 )) $(( ++-7 )) $(( +--+!!0 ))
b=5; echo $(( ++ b )) $(( b ++ )) $b; echo $(( 7-- )) reached
echo after $?
## stdout:
7 7 6 2 3 1 -7 -7 0
6 6 7
after 1
## status: 0

### arithmetic errors name the expression and the token as bash does +stderr
echo $(( 65#1 ))
echo $(( 0#4 ))
echo $(( 2# ))
echo $(( 2#110#11 ))
echo $(( 1 ? 20 : x+=2 ))
echo $(( 7 = 43 ))
echo $(( 4 ? : 3 ))
echo $(( 1 ? 20 ))
echo $(( 4 + ))
echo $(( 7-- ))
echo $(( x++=7 ))
let 'rv = 7 + (43 * 6'; echo $?
## stdout:
1
## stderr:
65#1: invalid arithmetic base (error token is "65#1")
0#4: invalid number (error token is "0#4")
2#: invalid integer constant (error token is "2#")
2#110#11: invalid number (error token is "2#110#11")
1 ? 20 : x+=2 : attempted assignment to non-variable (error token is "+=2 ")
7 = 43 : attempted assignment to non-variable (error token is "= 43 ")
4 ? : 3 : expression expected (error token is ": 3 ")
1 ? 20 : `:' expected for conditional expression (error token is "20 ")
4 + : syntax error: operand expected (error token is "+ ")
7-- : syntax error: operand expected (error token is "- ")
x++=7 : attempted assignment to non-variable (error token is "=7 ")
let: rv = 7 + (43 * 6: missing `)' (error token is "6")
## status: 0

### a sum of thousands of terms is computed, not a stack overflow
a=($(seq 5000)); IFS=+; echo $((${a[*]})); let "s=${a[*]}"; echo "$s"; (( ${a[*]} > 0 )) && echo positive
## stdout:
12502500
12502500
positive
## status: 0

### a plain assignment reads its value before its subscript, an updating one after
n=0; (( v[n]=++n )); declare -p v
n=0; (( w[n++]+=n )); declare -p w n
n=0 e="(u[n]=++n)<4&&e"; ((e)); echo "${u[@]}"
## stdout:
declare -a v=([1]="1")
declare -a w=([0]="1")
declare -- n="1"
1 2 3 4
## status: 0

### the error token of a division by 0 is the right operand's text +stderr
echo $(( 9 / 0 + 2 )); echo next
x=0; echo $(( 7 % (x)  ))
y=3; echo $(( y /= 0 , 1 ))
echo $(( 2 ** -2 ))
echo $(( 5 / 0))
## stderr:
9 / 0 + 2 : division by 0 (error token is "0 + 2 ")
7 % (x)  : division by 0 (error token is "(x)  ")
y /= 0 , 1 : division by 0 (error token is ", 1 ")
2 ** -2 : exponent less than 0 (error token is "2 ")
5 / 0: division by 0 (error token is "0")
## status: 1

### a variable's expression keeps its trailing blanks in an error +stderr
P="6 * "; echo $(( P + 1 ))
## stderr:
6 * : syntax error: operand expected (error token is "* ")
## status: 1

### a stray character where an operand belongs is an operand error +stderr
echo $(( 3 - @ ))
echo $(( 3 @ ))
echo $(( ( 4 ) @ ))
echo $(( x++ @ ))
## stderr:
3 - @ : syntax error: operand expected (error token is "@ ")
3 @ : syntax error: invalid arithmetic operator (error token is "@ ")
( 4 ) @ : syntax error: operand expected (error token is "@ ")
x++ @ : syntax error: invalid arithmetic operator (error token is "@ ")
## status: 1

### let and (( )) assigning a readonly variable say it without their name +stderr
bash -c 'readonly V=1; let V=2; echo "st=$?"; (( V=5 )); echo "st=$?"; (( V++ )); echo "st=$? $V"' sh0
## stdout:
st=1
st=1
st=1 1
## stderr:
sh0: line 1: V: readonly variable
sh0: line 1: V: readonly variable
sh0: line 1: V: readonly variable
## status: 0

### an associative subscript in arithmetic is expanded once, whatever its key holds
declare -A count
for w in 'a]' "it's" '$(echo no)' 'x y' '[b' '\z'; do (( count[$w]++ )); (( count["$w"]++ )); done
(( count['$w']++ ))
declare -p count
echo $(( count[$w] + count["x y"] ))
key='k],b[$(echo injected >&2)'; (( count[$key]=7 )); echo "${count[$key]}"
## stdout:
declare -A count=(["\\z"]="2" ["a]"]="2" ["\$(echo no)"]="2" ["it's"]="2" ["[b"]="2" ["x y"]="2" ["\$w"]="1" )
4
7
## status: 0

### let and the evaluator expand a subscript's variables, quotes and backslashes
declare -A m; k=v; i=2; b=()
let "m[\$k]=1" "m['q']=2" "m[x\\]y]=3" "b[\$i]=4"
declare -p m b
## stdout:
declare -A m=([v]="1" [q]="2" ["x]y"]="3" )
declare -a b=([2]="4")
## status: 0

### test operands and substring offsets read subscripts as arithmetic does
declare -A A=([']']=3 [k]=1); r=']'
[[ A[$r] -eq 3 ]]; echo "$?"
s=abcdefghij; echo "${s:A[$r]:A[k]}"
## stdout:
0
d
## status: 0

### a subscript with no ] and a ] after an operand are said as bash says them +stderr
echo $(( a[1 ))
echo $(( 1] ))
echo not reached
## stdout:
not reached
## stderr:
a[1 : bad array subscript (error token is "a[1 ")
1] : syntax error: invalid arithmetic operator (error token is "] ")
## status: 0

### printf -v and read refuse a subscript that does not end the name +stderr
declare -A A; printf -v 'A[]]' x; echo "st=$?"; read 'A[]]' <<< y; echo "st=$?"; declare -p A
## stdout:
st=2
st=1
declare -A A
## stderr:
printf: `A[]]': not a valid identifier
read: `A[]]': not a valid identifier
## status: 0

### under assoc_expand_once printf -v and read take an unquoted key between the first [ and the last ]
shopt -s assoc_expand_once
declare -A seen; close=']'; open='['
printf -v seen[$close] %s closing
read seen[$open] <<< opening
declare -p seen
## stdout:
declare -A seen=(["]"]="closing" ["["]="opening" )
## status: 0

### a variable naming an expression that names itself recurses as deep as bash's 1024 levels
loop='i<=500&&(s+=i,i++,loop)' s=0 i=0; echo $((a=loop,s))
a='b=c' c='d=123'; echo $((a,d)):$((d))
text[1]='d=7'; text[2]='text[1]'; text[3]='text[2]'; echo $((e=text[3])) $d
( loop='i<=2000&&(s+=i,i++,loop)' s=0 i=0; echo $((a=loop,s)) ) 2>/dev/null; echo "deeper: $?"
## stdout:
125250
123:123
7 7
deeper: 1
## status: 0

### expr leaves the side of | and & that the other decides unworked
expr 0 \& 7 % 0; echo "[$?]"; expr 5 \| 2 / 0; echo "[$?]"; expr '' \| 0 \& x : '\('; echo "[$?]"; expr 3 \& 4 - 1; echo "[$?]"
## stdout:
0
[1]
5
[0]
0
[1]
3
[0]
## status: 0
