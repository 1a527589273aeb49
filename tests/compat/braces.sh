### letter ranges across cases
echo {a..C}
echo {Z..a}
for w in {Z..a}; do printf '[%s]' "$w"; done; echo
## stdout:
a ` _ ^ ]  [ Z Y X W V U T S R Q P O N M L K J I H G F E D C
Z [  ] ^ _ ` a
[Z][[][][]][^][_][`][a]
## status: 0

### letter ranges with steps
echo {a..z..3}
echo {a..e..-2}
echo {Z..a..5} {z..A..10}
## stdout:
a d g j m p s v y
a c e
Z _ z p f  R H
## status: 0

### number ranges with steps
echo {1..10..-2}
echo {10..1..-3}
echo {0..-10..4} {-1..-3}
echo {3..3} {c..c} {+1..3} {1..+3}
## stdout:
1 3 5 7 9
10 7 4 1
0 -4 -8 -1 -2 -3
3 c 1 2 3 1 2 3
## status: 0

### zero padded ranges
echo {01..10}
echo {-05..5..3}
echo {001..3} {1..010..3} {9..11} {09..11}
echo {-0..2} {00..-2}
## stdout:
01 02 03 04 05 06 07 08 09 10
-05 -02 001 004
001 002 003 001 004 007 010 9 10 11 09 10 11
0 1 2 00 -1 -2
## status: 0

### bad ranges stay literal
echo {1..a} {a..1} {a..ab} {1.5..3} {1..3..x} {..3} {1..} {aa..c}
echo {1..3..0}
echo x{1..3}y{a..b}
## stdout:
{1..a} {a..1} {a..ab} {1.5..3} {1..3..x} {..3} {1..} {aa..c}
1 2 3
x1ya x1yb x2ya x2yb x3ya x3yb
## status: 0

### a sequence at the ends of the 64-bit range
echo {9223372036854775805..9223372036854775807} {-9223372036854775807..-9223372036854775808} {9223372036854775807..9223372036854775806..9223372036854775807}
## stdout:
9223372036854775805 9223372036854775806 9223372036854775807 -9223372036854775807 -9223372036854775808 9223372036854775807
## status: 0

### a bare variable name takes in the letters brace expansion puts after it
n=pre; prea=A; preb=B; echo $n{a,b} ${n}{a,b} "$n"{a,b} $n{1,2}x; m=q; q1=one; echo $m{1,2}
## stdout:
prea preb prea preb

## status: 0

### set +B turns brace expansion off
set +B; echo {a,b} x{1..3}; set -B; echo {a,b}
set +o braceexpand; for i in {1..2}; do echo "$i"; done; echo "$-"
## stdout:
{a,b} x{1..3}
a b
{1..2}
hc
## status: 0
