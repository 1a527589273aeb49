### bc scale rules for division remainder and products
echo 'scale=3; 10/3; -1/3; 7%3; 7.5%2; 1.25*1.5; .1+.2; 1/3*3' | bc
## stdout:
3.333
-.333
.001
0
1.875
.3
.999
## status: 0

### bc powers roots and long results cut at seventy characters
echo '2^200; scale=5; sqrt(10); scale=2; 2^-2; 1.5^3' | bc
## stdout:
1606938044258990275541962092341162602522202993782792835301376
3.16227
.25
3.37
## status: 0

### bc variables arrays increments and compound assignment
echo 'x=5; x++; x; --x; x*=3; x; a[3]=7; a[3]*2; last' | bc
## stdout:
5
6
5
15
14
14
## status: 0

### bc control flow and functions
printf 'define fib(n) {\n  if (n < 2) return (n)\n  return (fib(n-1) + fib(n-2))\n}\nfor (i = 10; i <= 12; i++) fib(i)\ni = 0; while (1) { if (++i > 3) break; print i, " " }\nprint "\\n"\n' | bc
## stdout:
55
89
144
1 2 3 
## status: 0

### bc output and input bases
echo 'obase=16; 255; 3.5; obase=2; 10; obase=10; ibase=16; FF; A' | bc
## stdout:
FF
3.8
1010
255
10
## status: 0

### bc mathlib scale and here-strings
bc -l <<< '3/7'; echo "scale=2; 100 * 17 / 3" | bc
## stdout:
.42857142857142857142
566.66
## status: 0

### bc reads program files before standard input
echo 'define sq(x) { return x*x }' > lib.bc; echo 'sq(12)' | bc lib.bc
## stdout:
144
## status: 0
## files:
lib.bc: "define sq(x) { return x*x }\n"
