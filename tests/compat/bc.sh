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

### the math library of bc -l
echo 's(1); c(1); a(1); l(2); e(1); j(1,2); s(0); c(0); l(1); e(0); l(0); e(-1); a(-10); j(-1,1)' | bc -l
echo 'scale=5; e(2); s(-1); l(10); a(10); scale=0; e(1); s(1)' | bc -lq
echo 'ibase=16; e(1); s(A); obase=10; e(1)' | bc -l
echo 'define s(x) { return (x * 2); }; s(4)' | bc -l
## stdout:
.84147098480789650665
.54030230586813971740
.78539816339744830961
.69314718055994530941
2.71828182845904523536
.57672480775687338720
0
1.00000000000000000000
0
1.00000000000000000000
-99999999999999999999.00000000000000000000
.36787944117144232159
-1.47112767430373459185
-.44005058574493351595
7.38905
-.84147
2.30258
1.47112
2
0
2.71828182845904523536
-.54402111088936981340
2.B7E151628AED2A6AB
8
## status: 0
