### awk '{print $1}' data.txt
printf 'alice 10 x\nbob 20 y\ncarol 30 x\n' > data.txt
awk '{print $1}' data.txt
## stdout:
alice
bob
carol
## status: 0
## files:
data.txt: "alice 10 x\nbob 20 y\ncarol 30 x\n"

### awk '{s+=$2} END {print s}' data.txt
printf 'alice 10 x\nbob 20 y\ncarol 30 x\n' > data.txt
awk '{s+=$2} END {print s}' data.txt
## stdout:
60
## status: 0
## files:
data.txt: "alice 10 x\nbob 20 y\ncarol 30 x\n"

### awk -F' ' '$3=="x" {print $1, $2*2}' data.txt
printf 'alice 10 x\nbob 20 y\ncarol 30 x\n' > data.txt
awk -F' ' '$3=="x" {print $1, $2*2}' data.txt
## stdout:
alice 20
carol 60
## status: 0
## files:
data.txt: "alice 10 x\nbob 20 y\ncarol 30 x\n"

### awk 'NR==2' data.txt
printf 'alice 10 x\nbob 20 y\ncarol 30 x\n' > data.txt
awk 'NR==2' data.txt
## stdout:
bob 20 y
## status: 0
## files:
data.txt: "alice 10 x\nbob 20 y\ncarol 30 x\n"

### awk '/bob/,/carol/ {print NR": "$0}' data.txt
printf 'alice 10 x\nbob 20 y\ncarol 30 x\n' > data.txt
awk '/bob/,/carol/ {print NR": "$0}' data.txt
## stdout:
2: bob 20 y
3: carol 30 x
## status: 0
## files:
data.txt: "alice 10 x\nbob 20 y\ncarol 30 x\n"

### awk 'BEGIN{x["a"]=1; x["b"]=2; n=0; for(k in x) n+=x[k]; print n
awk 'BEGIN{x["a"]=1; x["b"]=2; n=0; for(k in x) n+=x[k]; print n, length(x)}'
## stdout:
3 2
## status: 0

### awk 'BEGIN { printf "%5.2f|%-5s|%d\n", 3.14159, "ab", 42 }'
awk 'BEGIN { printf "%5.2f|%-5s|%d\n", 3.14159, "ab", 42 }'
## stdout:
 3.14|ab   |42
## status: 0

### awk '{ $2 = $2 * 10; print; print NF }' data.txt
printf 'alice 10 x\nbob 20 y\ncarol 30 x\n' > data.txt
awk '{ $2 = $2 * 10; print; print NF }' data.txt
## stdout:
alice 100 x
3
bob 200 y
3
carol 300 x
3
## status: 0
## files:
data.txt: "alice 10 x\nbob 20 y\ncarol 30 x\n"

### awk '{ NF = 2; print }' data.txt
printf 'alice 10 x\nbob 20 y\ncarol 30 x\n' > data.txt
awk '{ NF = 2; print }' data.txt
## stdout:
alice 10
bob 20
carol 30
## status: 0
## files:
data.txt: "alice 10 x\nbob 20 y\ncarol 30 x\n"

### awk -v n=5 'BEGIN { print n + 1 }'
awk -v n=5 'BEGIN { print n + 1 }'
## stdout:
6
## status: 0

### awk 'BEGIN { print substr("hello", 2, 3), index("hello", "l"), l
awk 'BEGIN { print substr("hello", 2, 3), index("hello", "l"), length("hello"), toupper("abc") }'
## stdout:
ell 3 5 ABC
## status: 0

### awk 'BEGIN { s = "foo bar foo"; n = gsub(/foo/, "[&]", s); print
awk 'BEGIN { s = "foo bar foo"; n = gsub(/foo/, "[&]", s); print n, s }'
## stdout:
2 [foo] bar [foo]
## status: 0

### awk '{ sub(/a/, "A"); print }' data.txt
printf 'alice 10 x\nbob 20 y\ncarol 30 x\n' > data.txt
awk '{ sub(/a/, "A"); print }' data.txt
## stdout:
Alice 10 x
bob 20 y
cArol 30 x
## status: 0
## files:
data.txt: "alice 10 x\nbob 20 y\ncarol 30 x\n"

### awk 'BEGIN { n = split("a:b:c", arr, ":"); print n, arr[1], arr[
awk 'BEGIN { n = split("a:b:c", arr, ":"); print n, arr[1], arr[3] }'
## stdout:
3 a c
## status: 0

### awk 'BEGIN { if (match("foobar", /o+/)) print RSTART, RLENGTH }'
awk 'BEGIN { if (match("foobar", /o+/)) print RSTART, RLENGTH }'
## stdout:
2 2
## status: 0

### awk 'function f(x) { return x * 2 } BEGIN { print f(21) }'
awk 'function f(x) { return x * 2 } BEGIN { print f(21) }'
## stdout:
42
## status: 0

### awk 'function fib(n) { return n < 2 ? n : fib(n-1) + fib(n-2) }
awk 'function fib(n) { return n < 2 ? n : fib(n-1) + fib(n-2) } BEGIN { print fib(20) }'
## stdout:
6765
## status: 0

### awk 'BEGIN { print 1/3; print 100000 * 100000; print 2^10; print
awk 'BEGIN { print 1/3; print 100000 * 100000; print 2^10; print -7 % 3; print int(-3.7) }'
## stdout:
0.333333
10000000000
1024
-1
-3
## status: 0

### awk 'BEGIN { x = "10"; y = 9; print (x < y), ("10" < "9"), (x+0
awk 'BEGIN { x = "10"; y = 9; print (x < y), ("10" < "9"), (x+0 < y) }'
## stdout:
1 1 0
## status: 0

### awk echo "10 9" | '{ print ($1 < $2) }'
echo "10 9" | awk '{ print ($1 < $2) }'
## stdout:
0
## status: 0

### awk 'BEGIN { while (i < 3) { i++; if (i == 2) continue; print i
awk 'BEGIN { while (i < 3) { i++; if (i == 2) continue; print i } }'
## stdout:
1
3
## status: 0

### awk 'BEGIN { do { j++ } while (j < 5); print j }'
awk 'BEGIN { do { j++ } while (j < 5); print j }'
## stdout:
5
## status: 0

### awk 'BEGIN { for (i = 0; i < 3; i++) printf "%d ", i; print "" }
awk 'BEGIN { for (i = 0; i < 3; i++) printf "%d ", i; print "" }'
## stdout:
0 1 2 
## status: 0

### awk 'END { print NR, $0 }' data.txt
printf 'alice 10 x\nbob 20 y\ncarol 30 x\n' > data.txt
awk 'END { print NR, $0 }' data.txt
## stdout:
3 carol 30 x
## status: 0
## files:
data.txt: "alice 10 x\nbob 20 y\ncarol 30 x\n"

### awk printf 'a,b,c\n1,2,3\n' | -F, '{ print $2 }'
printf 'a,b,c\n1,2,3\n' | awk -F, '{ print $2 }'
## stdout:
b
2
## status: 0

### awk printf 'a b\n\nc d\ne f\n\n\ng\n' | 'BEGIN { RS = "" } { pri
printf 'a b\n\nc d\ne f\n\n\ng\n' | awk 'BEGIN { RS = "" } { print NR": "$0" ("NF")" }'
## stdout:
1: a b (2)
2: c d
e f (4)
3: g (1)
## status: 0

### awk printf 'a;b;c' | 'BEGIN { RS = ";" } { print NR, $0 }'
printf 'a;b;c' | awk 'BEGIN { RS = ";" } { print NR, $0 }'
## stdout:
1 a
2 b
3 c
## status: 0

### awk 'BEGIN { OFS = "-" } { $1 = $1; print }' data.txt
printf 'alice 10 x\nbob 20 y\ncarol 30 x\n' > data.txt
awk 'BEGIN { OFS = "-" } { $1 = $1; print }' data.txt
## stdout:
alice-10-x
bob-20-y
carol-30-x
## status: 0
## files:
data.txt: "alice 10 x\nbob 20 y\ncarol 30 x\n"

### awk '{ print $NF }' data.txt
printf 'alice 10 x\nbob 20 y\ncarol 30 x\n' > data.txt
awk '{ print $NF }' data.txt
## stdout:
x
y
x
## status: 0
## files:
data.txt: "alice 10 x\nbob 20 y\ncarol 30 x\n"

### awk '{ print $(NF-1) }' data.txt
printf 'alice 10 x\nbob 20 y\ncarol 30 x\n' > data.txt
awk '{ print $(NF-1) }' data.txt
## stdout:
10
20
30
## status: 0
## files:
data.txt: "alice 10 x\nbob 20 y\ncarol 30 x\n"

### awk 'BEGIN { a["x"]; delete a["x"]; print length(a); a[1]; a[2];
awk 'BEGIN { a["x"]; delete a["x"]; print length(a); a[1]; a[2]; delete a; print length(a) }'
## stdout:
0
0
## status: 0

### awk 'BEGIN { if (("x", "y") in a) print "yes"; else print "no";
awk 'BEGIN { if (("x", "y") in a) print "yes"; else print "no"; a["x", "y"] = 1; if (("x", "y") in a) print "yes" }'
## stdout:
no
yes
## status: 0

### awk '{ print > "out.txt" } END { close("out.txt"); while ((getli
printf 'alice 10 x\nbob 20 y\ncarol 30 x\n' > data.txt
awk '{ print > "out.txt" } END { close("out.txt"); while ((getline line < "out.txt") > 0) print "got", line }' data.txt
## stdout:
got alice 10 x
got bob 20 y
got carol 30 x
## status: 0
## files:
data.txt: "alice 10 x\nbob 20 y\ncarol 30 x\n"
out.txt: "alice 10 x\nbob 20 y\ncarol 30 x\n"

### awk 'BEGIN { "echo hello" | getline x; print x }'
awk 'BEGIN { "echo hello" | getline x; print x }'
## stdout:
hello
## status: 0

### awk 'BEGIN { print "b\na\nc" | "sort" }'
awk 'BEGIN { print "b\na\nc" | "sort" }'
## stdout:
a
b
c
## status: 0

### awk 'BEGIN { system("echo from system"); print "after" }'
awk 'BEGIN { system("echo from system"); print "after" }'
## stdout:
from system
after
## status: 0

### awk 'BEGIN { printf "%c%c\n", 72, "i" }'
awk 'BEGIN { printf "%c%c\n", 72, "i" }'
## stdout:
Hi
## status: 0

### awk 'BEGIN { x; print length(x), x+0, (x == ""), (x == 0) }'
awk 'BEGIN { x; print length(x), x+0, (x == ""), (x == 0) }'
## stdout:
0 0 1 1
## status: 0

### awk '{ print length() }' data.txt
printf 'alice 10 x\nbob 20 y\ncarol 30 x\n' > data.txt
awk '{ print length() }' data.txt
## stdout:
10
8
10
## status: 0
## files:
data.txt: "alice 10 x\nbob 20 y\ncarol 30 x\n"

### awk 'BEGIN { print length }'
awk 'BEGIN { print length }' 
## stdout:
0
## status: 0

### awk echo "3 4" | '{ print $1^$2, $1**2 }'
echo "3 4" | awk '{ print $1^$2, $1**2 }'
## stdout:
81 9
## status: 0

### awk 'BEGIN { print 1e6, 1e-6, 123456789012, 0.1 }'
awk 'BEGIN { print 1e6, 1e-6, 123456789012, 0.1 }'
## stdout:
1000000 1e-06 123456789012 0.1
## status: 0

### awk 'BEGIN { CONVFMT = "%.2f"; a = 3.14159; b = a ""; print b; O
awk 'BEGIN { CONVFMT = "%.2f"; a = 3.14159; b = a ""; print b; OFMT = "%.3f"; print a }'
## stdout:
3.14
3.142
## status: 0

### awk 'NR == 1 { next } { print }' data.txt
printf 'alice 10 x\nbob 20 y\ncarol 30 x\n' > data.txt
awk 'NR == 1 { next } { print }' data.txt
## stdout:
bob 20 y
carol 30 x
## status: 0
## files:
data.txt: "alice 10 x\nbob 20 y\ncarol 30 x\n"

### awk '{ getline; print }' data.txt
printf 'alice 10 x\nbob 20 y\ncarol 30 x\n' > data.txt
awk '{ getline; print }' data.txt
## stdout:
bob 20 y
carol 30 x
## status: 0
## files:
data.txt: "alice 10 x\nbob 20 y\ncarol 30 x\n"

### awk 'BEGIN { exit 3 } END { print "end" }'; echo $?
awk 'BEGIN { exit 3 } END { print "end" }'; echo $?
## stdout:
end
3
## status: 0

### awk '{ exit } END { print "end", NR }' data.txt
printf 'alice 10 x\nbob 20 y\ncarol 30 x\n' > data.txt
awk '{ exit } END { print "end", NR }' data.txt
## stdout:
end 1
## status: 0
## files:
data.txt: "alice 10 x\nbob 20 y\ncarol 30 x\n"

### awk echo "a b c" | '{ $5 = "e"; print; print NF }'
echo "a b c" | awk '{ $5 = "e"; print; print NF }'
## stdout:
a b c  e
5
## status: 0

### awk echo " a b " | '{ print NF; $1 = $1; print "[" $0 "]" }'
echo "  a   b  " | awk '{ print NF; $1 = $1; print "[" $0 "]" }'
## stdout:
2
[a b]
## status: 0

### awk 'BEGIN { print substr("hello", 0), substr("hello", -1, 3), s
awk 'BEGIN { print substr("hello", 0), substr("hello", -1, 3), substr("hello", 2.5, 2) }'
## stdout:
hello hel el
## status: 0

### awk 'BEGIN { print index("abc", ""), toupper(123) }'
awk 'BEGIN { print index("abc", ""), toupper(123) }'
## stdout:
1 123
## status: 0

### awk 'BEGIN { x = 5; x += 2; x -= 1; x *= 3; x /= 2; x %= 5; x ^=
awk 'BEGIN { x = 5; x += 2; x -= 1; x *= 3; x /= 2; x %= 5; x ^= 2; print x }'
## stdout:
16
## status: 0

### awk 'BEGIN { print !0, !1, !"", !"a", -"3" }'
awk 'BEGIN { print !0, !1, !"", !"a", -"3" }'
## stdout:
1 0 1 0 -3
## status: 0

### awk 'BEGIN { a = 1; b = a++ + ++a; print a, b }'
awk 'BEGIN { a = 1; b = a++ + ++a; print a, b }'
## stdout:
3 4
## status: 0

### awk 'BEGIN { print 1 " " 2, 1 2, 1+2 "" 3 }'
awk 'BEGIN { print 1 " " 2, 1 2, 1+2 "" 3 }'
## stdout:
1 2 12 33
## status: 0

### awk 'BEGIN { print 2 " " -1 }'
awk 'BEGIN { print 2 " " -1 }'
## stdout:
2-1
## status: 0

### awk 'BEGIN { s = sprintf("%05d|%x|%o|%e|%g", 42, 255, 8, 12345.6
awk 'BEGIN { s = sprintf("%05d|%x|%o|%e|%g", 42, 255, 8, 12345.678, 0.0001234); print s }'
## stdout:
00042|ff|10|1.234568e+04|0.0001234
## status: 0

### awk 'BEGIN { print length("héllo"), substr("héllo", 2, 2), index
awk 'BEGIN { print length("héllo"), substr("héllo", 2, 2), index("héllo", "l") }'
## stdout:
5 él 3
## status: 0

### awk '$2 > 15' data.txt
printf 'alice 10 x\nbob 20 y\ncarol 30 x\n' > data.txt
awk '$2 > 15' data.txt
## stdout:
bob 20 y
carol 30 x
## status: 0
## files:
data.txt: "alice 10 x\nbob 20 y\ncarol 30 x\n"

### awk '$1 ~ /^[ab]/' data.txt
printf 'alice 10 x\nbob 20 y\ncarol 30 x\n' > data.txt
awk '$1 ~ /^[ab]/' data.txt
## stdout:
alice 10 x
bob 20 y
## status: 0
## files:
data.txt: "alice 10 x\nbob 20 y\ncarol 30 x\n"

### awk '$1 !~ "o"' data.txt
printf 'alice 10 x\nbob 20 y\ncarol 30 x\n' > data.txt
awk '$1 !~ "o"' data.txt
## stdout:
alice 10 x
## status: 0
## files:
data.txt: "alice 10 x\nbob 20 y\ncarol 30 x\n"

### awk -f /dev/null data.txt
printf 'alice 10 x\nbob 20 y\ncarol 30 x\n' > data.txt
awk -f /dev/null data.txt
## status: 0
## files:
data.txt: "alice 10 x\nbob 20 y\ncarol 30 x\n"

### awk echo 'x' | '{ print FILENAME "|" FNR }'
echo 'x' | awk '{ print FILENAME "|" FNR }'
## stdout:
-|1
## status: 0

### awk '{ print FILENAME, FNR, NR }' data.txt data.txt
printf 'alice 10 x\nbob 20 y\ncarol 30 x\n' > data.txt
awk '{ print FILENAME, FNR, NR }' data.txt data.txt
## stdout:
data.txt 1 1
data.txt 2 2
data.txt 3 3
data.txt 1 4
data.txt 2 5
data.txt 3 6
## status: 0
## files:
data.txt: "alice 10 x\nbob 20 y\ncarol 30 x\n"

### awk 'FNR == 1 { print FILENAME }' data.txt - < data.txt
printf 'alice 10 x\nbob 20 y\ncarol 30 x\n' > data.txt
awk 'FNR == 1 { print FILENAME }' data.txt - < data.txt
## stdout:
data.txt
-
## status: 0
## files:
data.txt: "alice 10 x\nbob 20 y\ncarol 30 x\n"

### awk '{ print v, $1 }' v=1 data.txt v=2 data.txt
printf 'alice 10 x\nbob 20 y\ncarol 30 x\n' > data.txt
awk '{ print v, $1 }' v=1 data.txt v=2 data.txt
## stdout:
1 alice
1 bob
1 carol
2 alice
2 bob
2 carol
## status: 0
## files:
data.txt: "alice 10 x\nbob 20 y\ncarol 30 x\n"

### awk 'BEGIN { printf "%d %d\n", "0x1A", 1e3 }'
awk 'BEGIN { printf "%d %d\n", "0x1A", 1e3 }'
## stdout:
0 1000
## status: 0

### awk 'BEGIN { print 1==1.0, "a" < "b", "abc" ~ "b" }'
awk 'BEGIN { print 1==1.0, "a" < "b", "abc" ~ "b" }'
## stdout:
1 1 1
## status: 0

### awk 'BEGIN { print -0, 0 * -1 }'
awk 'BEGIN { print -0, 0 * -1 }'
## stdout:
0 0
## status: 0

### awk 'BEGIN { printf("%s\n", "paren") }'
awk 'BEGIN { printf("%s\n", "paren") }'
## stdout:
paren
## status: 0

### awk 'BEGIN { print("a", "b") > "/dev/stderr" }'
awk 'BEGIN { print("a", "b") > "/dev/stderr" }'
## status: 0

### awk 'BEGIN { print "x" > "/dev/stdout" }'
awk 'BEGIN { print "x" > "/dev/stdout" }'
## stdout:
x
## status: 0

### awk 'BEGIN { getline line < "data.txt"; print line; close("data.
printf 'alice 10 x\nbob 20 y\ncarol 30 x\n' > data.txt
awk 'BEGIN { getline line < "data.txt"; print line; close("data.txt"); getline line < "data.txt"; print line }'
## stdout:
alice 10 x
alice 10 x
## status: 0
## files:
data.txt: "alice 10 x\nbob 20 y\ncarol 30 x\n"

### awk 'BEGIN { while (("cat data.txt" | getline) > 0) n++; print n
printf 'alice 10 x\nbob 20 y\ncarol 30 x\n' > data.txt
awk 'BEGIN { while (("cat data.txt" | getline) > 0) n++; print n, $1 }'
## stdout:
3 carol
## status: 0
## files:
data.txt: "alice 10 x\nbob 20 y\ncarol 30 x\n"

### awk '{ a[$3] = a[$3] " " $1 } END { print a["x"]; print a["y"] }
printf 'alice 10 x\nbob 20 y\ncarol 30 x\n' > data.txt
awk '{ a[$3] = a[$3] " " $1 } END { print a["x"]; print a["y"] }' data.txt
## stdout:
 alice carol
 bob
## status: 0
## files:
data.txt: "alice 10 x\nbob 20 y\ncarol 30 x\n"

### awk '{ c[$3]++ } END { for (k in c) print k, c[k] | "sort" }' da
printf 'alice 10 x\nbob 20 y\ncarol 30 x\n' > data.txt
awk '{ c[$3]++ } END { for (k in c) print k, c[k] | "sort" }' data.txt
## stdout:
x 2
y 1
## status: 0
## files:
data.txt: "alice 10 x\nbob 20 y\ncarol 30 x\n"

### awk 'BEGIN { n = split(" a b c ", parts); print n, parts[1] part
awk 'BEGIN { n = split("  a b  c ", parts); print n, parts[1] parts[3] }'
## stdout:
3 ac
## status: 0

### awk 'BEGIN { n = split("abc", chars, ""); print n, chars[2] }'
awk 'BEGIN { n = split("abc", chars, ""); print n, chars[2] }'
## stdout:
3 b
## status: 0

### awk 'BEGIN { n = split("a1b22c", p, /[0-9]+/); print n, p[3] }'
awk 'BEGIN { n = split("a1b22c", p, /[0-9]+/); print n, p[3] }'
## stdout:
3 c
## status: 0

### awk 'BEGIN { s = "aaa"; gsub(/x*/, "-", s); print s }'
awk 'BEGIN { s = "aaa"; gsub(/x*/, "-", s); print s }'
## stdout:
-a-a-a-
## status: 0

### awk 'BEGIN { s = "hello"; gsub(/l/, "\\&", s); print s }'
awk 'BEGIN { s = "hello"; gsub(/l/, "\\&", s); print s }'
## stdout:
he&&o
## status: 0

### awk 'BEGIN { printf "%.3s|%10.4f|%-10d|\n", "abcdef", 3.14159265
awk 'BEGIN { printf "%.3s|%10.4f|%-10d|\n", "abcdef", 3.14159265, 7 }'
## stdout:
abc|    3.1416|7         |
## status: 0

### awk 'BEGIN { x = 010; print x, 1e, .5 }'
awk 'BEGIN { x = 010; print x, 1e, .5 }'
## stdout:
8 1 0.5
## status: 0

### awk 'BEGIN{a="A";b="B"; print a b; print a, b}'
awk 'BEGIN{a="A";b="B"; print a b; print a, b}'
## stdout:
AB
A B
## status: 0

### awk 'BEGIN { print 10 % 3, 10.5 % 3, -10 % 3 }'
awk 'BEGIN { print 10 % 3, 10.5 % 3, -10 % 3 }'
## stdout:
1 1.5 -1
## status: 0

### awk 'BEGIN { print 1 > 2 ? "yes" : "no" }'; cat 2 2>/dev/null; r
awk 'BEGIN { print 1 > 2 ? "yes" : "no" }'; cat 2 2>/dev/null; rm -f 2
## status: 0

### awk 'BEGIN { print (1 > 2) ? "yes" : "no" }'
awk 'BEGIN { print (1 > 2) ? "yes" : "no" }'
## stdout:
no
## status: 0

### awk echo "5 apples" | '{ if ($1 > 3) print "many"; else print "f
echo "5 apples" | awk '{ if ($1 > 3) print "many"; else print "few" }'
## stdout:
many
## status: 0

### awk 'BEGIN { printf "a\tb\\n\n" }'
awk 'BEGIN { printf "a\tb\\n\n" }'
## stdout:
a	b\n
## status: 0

### awk 'BEGIN { s = "A-B-C"; while (i = index(s, "-")) { s = substr
awk 'BEGIN { s = "A-B-C"; while (i = index(s, "-")) { s = substr(s, 1, i-1) "+" substr(s, i+1) } print s }'
## stdout:
A+B+C
## status: 0

### awk 'BEGIN { "date +%Y" | getline y; print (y > 2000) }'
awk 'BEGIN { "date +%Y" | getline y; print (y > 2000) }'
## stdout:
1
## status: 0

### awk seq 1 10 | 'NR % 2 == 0 { sum += $1 } END { print sum, NR }'
seq 1 10 | awk 'NR % 2 == 0 { sum += $1 } END { print sum, NR }'
## stdout:
30 10
## status: 0

### awk seq 1 5 | '{ print $1 * $1 }' | awk '{ s += $0 } END { print
seq 1 5 | awk '{ print $1 * $1 }' | awk '{ s += $0 } END { print s }'
## stdout:
55
## status: 0

### awk 'BEGIN { print substr("abc", 2) }' | awk '{ print toupper($0
awk 'BEGIN { print substr("abc", 2) }' | awk '{ print toupper($0) }'
## stdout:
BC
## status: 0

### awk 'BEGIN { printf "%i %5.1e\n", 3.99, 12345 }'
awk 'BEGIN { printf "%i %5.1e\n", 3.99, 12345 }'
## stdout:
3 1.2e+04
## status: 0

### awk -f prog.awk data.txt
printf 'alice 10 x\nbob 20 y\ncarol 30 x\n' > data.txt
printf '%s\n' '# a program file' 'function max(a, b) { return a > b ? a : b }' '{ m = max(m, $2) }' 'END { print "max", m }' > prog.awk
awk -f prog.awk data.txt
## stdout:
max 30
## status: 0
## files:
data.txt: "alice 10 x\nbob 20 y\ncarol 30 x\n"
prog.awk: "# a program file\nfunction max(a, b) { return a > b ? a : b }\n{ m = max(m, $2) }\nEND { print \"max\", m }\n"

### awk '{ print NF ":" $0 }' crlf.txt | od -c | head -3
printf 'a\r\nb\r\n' > crlf.txt
awk '{ print NF ":" $0 }' crlf.txt | od -c | head -3
## stdout:
0000000   1   :   a  \r  \n   1   :   b  \r  \n
0000012
## status: 0
## files:
crlf.txt: "a\u{d}\nb\u{d}\n"

### awk '{ print "[" $0 "]" }' nonl.txt
printf 'no newline' > nonl.txt
awk '{ print "[" $0 "]" }' nonl.txt
## stdout:
[no newline]
## status: 0
## files:
nonl.txt: "no newline"

### awk 'END { print NR }' nonl.txt
printf 'no newline' > nonl.txt
awk 'END { print NR }' nonl.txt
## stdout:
1
## status: 0
## files:
nonl.txt: "no newline"

### awk '{ print length($0) }' bin.txt
printf 'x\0y\nz\n' > bin.txt
awk '{ print length($0) }' bin.txt
## stdout:
3
1
## status: 0
## files:
bin.txt: "x\u{0}y\nz\n"

### awk 'BEGIN { printf "%c", 256 }' | od -An -tx1
awk 'BEGIN { printf "%c", 256 }' | od -An -tx1
## stdout:
 c4 80
## status: 0

### awk 'BEGIN { printf "%5s|%-5s|\n", "é", "é" }'
awk 'BEGIN { printf "%5s|%-5s|\n", "é", "é" }'
## stdout:
    é|é    |
## status: 0

### awk 'function f(n) { return n == 0 ? 0 : 1 + f(n - 1) } BEGIN {
awk 'function f(n) { return n == 0 ? 0 : 1 + f(n - 1) } BEGIN { print f(5000) }'
## stdout:
5000
## status: 0

### awk 'function fill(arr, n, i) { for (i = 1; i <= n; i++) arr[i]
awk 'function fill(arr, n,   i) { for (i = 1; i <= n; i++) arr[i] = i * i } BEGIN { fill(sq, 4); print sq[3], length(sq) }'
## stdout:
9 4
## status: 0

### awk 'function g(a) { a["k"] = 1 } BEGIN { g(x); print x["k"] }'
awk 'function g(a) { a["k"] = 1 } BEGIN { g(x); print x["k"] }'
## stdout:
1
## status: 0

### awk 'function loc( t) { t = 5; return t } BEGIN { t = 1; loc();
awk 'function loc(   t) { t = 5; return t } BEGIN { t = 1; loc(); print t }'
## stdout:
1
## status: 0

### awk 'BEGIN { re = "^a.c$"; print ("abc" ~ re), ("abd" ~ re) }'
awk 'BEGIN { re = "^a.c$"; print ("abc" ~ re), ("abd" ~ re) }'
## stdout:
1 0
## status: 0

### awk 'BEGIN { print match("aXbXc", "X.") , RSTART, RLENGTH }'
awk 'BEGIN { print match("aXbXc", "X.") , RSTART, RLENGTH }'
## stdout:
2 2 2
## status: 0

### awk 'BEGIN { print "x" > "o1.txt"; print "y" > "o1.txt"; close("
awk 'BEGIN { print "x" > "o1.txt"; print "y" > "o1.txt"; close("o1.txt"); print "z" >> "o1.txt"; close("o1.txt"); while ((getline l < "o1.txt") > 0) print l }'
## stdout:
x
y
z
## status: 0
## files:
o1.txt: "x\ny\nz\n"

### awk 'BEGIN { r = system("exit 3"); print "r=" r }'
awk 'BEGIN { r = system("exit 3"); print "r=" r }'
## stdout:
r=3
## status: 0

### awk 'BEGIN { print "hello" | "cat"; r = close("cat"); print "clo
awk 'BEGIN { print "hello" | "cat"; r = close("cat"); print "closed", r }'
## stdout:
hello
closed 0
## status: 0

### awk 'BEGIN { print "data" | "wc -c"; close("wc -c"); print "afte
awk 'BEGIN { print "data" | "wc -c"; close("wc -c"); print "after" }'
## stdout:
5
after
## status: 0

### awk 'BEGIN { cmd = "printf \"1\\n2\\n3\\n\""; while ((cmd | getl
awk 'BEGIN { cmd = "printf \"1\\n2\\n3\\n\""; while ((cmd | getline n) > 0) s += n; close(cmd); print s }'
## stdout:
6
## status: 0

### awk 'BEGIN { getline; print "got:" $0; getline x; print "x:" x }
printf 'alice 10 x\nbob 20 y\ncarol 30 x\n' > data.txt
awk 'BEGIN { getline; print "got:" $0; getline x; print "x:" x }' < data.txt
## stdout:
got:alice 10 x
x:bob 20 y
## status: 0
## files:
data.txt: "alice 10 x\nbob 20 y\ncarol 30 x\n"

### awk 'NR==1 { while ((getline line) > 0) last = line } END { prin
printf 'alice 10 x\nbob 20 y\ncarol 30 x\n' > data.txt
awk 'NR==1 { while ((getline line) > 0) last = line } END { print last, NR }' data.txt
## stdout:
carol 30 x 3
## status: 0
## files:
data.txt: "alice 10 x\nbob 20 y\ncarol 30 x\n"

### awk 'BEGIN { print length(12345), length(1/4) }'
awk 'BEGIN { print length(12345), length(1/4) }'
## stdout:
5 4
## status: 0

### awk 'BEGIN { x = 0.1; y = x * 3; print y, (y == 0.3) }'
awk 'BEGIN { x = 0.1; y = x * 3; print y, (y == 0.3) }'
## stdout:
0.3 0
## status: 0

### awk 'BEGIN { print int("3abc"), "3abc" + 0, +"1e2", " 12 " + 1 }
awk 'BEGIN { print int("3abc"), "3abc" + 0, +"1e2", " 12 " + 1 }'
## stdout:
3 3 100 13
## status: 0

### awk echo "1e2 0x10 010 .5" | '{ print $1 + 0, $2 + 0, $3 + 0, $4
echo "1e2 0x10 010 .5" | awk '{ print $1 + 0, $2 + 0, $3 + 0, $4 + 0, ($1 == 100) }'
## stdout:
100 0 10 0.5 1
## status: 0

### awk echo "+5 -5 5." | '{ print ($1 == 5), ($2 == -5), ($3 == 5)
echo "+5 -5 5." | awk '{ print ($1 == 5), ($2 == -5), ($3 == 5) }'
## stdout:
1 1 1
## status: 0

### awk 'BEGIN { a["1"] = "x"; print a[1], (1 in a), ("01" in a) }'
awk 'BEGIN { a["1"] = "x"; print a[1], (1 in a), ("01" in a) }'
## stdout:
x 1 0
## status: 0

### awk 'BEGIN { a[0.1 + 0.2] = 1; for (k in a) print k }'
awk 'BEGIN { a[0.1 + 0.2] = 1; for (k in a) print k }'
## stdout:
0.3
## status: 0

### awk 'BEGIN { SUBSEP = ":"; a[1, 2] = 3; for (k in a) print k }'
awk 'BEGIN { SUBSEP = ":"; a[1, 2] = 3; for (k in a) print k }'
## stdout:
1:2
## status: 0

### awk 'BEGIN { n = split("", empty); print n, length(empty) }'
awk 'BEGIN { n = split("", empty); print n, length(empty) }'
## stdout:
0 0
## status: 0

### awk -F'\t' '{ print $2 }' <<< $'a\tb\tc'
awk -F'\t' '{ print $2 }' <<< $'a\tb\tc'
## stdout:
b
## status: 0

### awk -F'|' '{ print $2 }' <<< 'a|b|c'
awk -F'|' '{ print $2 }' <<< 'a|b|c'
## stdout:
b
## status: 0

### awk -F'.' '{ print $2 }' <<< 'a.b.c'
awk -F'.' '{ print $2 }' <<< 'a.b.c'
## stdout:
b
## status: 0

### awk -F'[:,]' '{ print $3 }' <<< 'a:b,c'
awk -F'[:,]' '{ print $3 }' <<< 'a:b,c'
## stdout:
c
## status: 0

### awk 'BEGIN { FS = "," } { print $2 }' <<< 'a,b'
awk 'BEGIN { FS = "," } { print $2 }' <<< 'a,b'
## stdout:
b
## status: 0

### awk '{ FS = "," } { print $1 }' <<< $'a,b c\nd,e f'
awk '{ FS = "," } { print $1 }' <<< $'a,b c\nd,e f'
## stdout:
a,b
d
## status: 0

### awk -v 'msg=hello\tworld' 'BEGIN { print msg }'
awk -v 'msg=hello\tworld' 'BEGIN { print msg }'
## stdout:
hello	world
## status: 0

### awk -v x=3 -v y=4 'BEGIN { print x * y }'
awk -v x=3 -v y=4 'BEGIN { print x * y }'
## stdout:
12
## status: 0

### awk 'BEGIN { ARGV[1] = "data.txt"; ARGC = 2 } { n++ } END { prin
printf 'alice 10 x\nbob 20 y\ncarol 30 x\n' > data.txt
awk 'BEGIN { ARGV[1] = "data.txt"; ARGC = 2 } { n++ } END { print n }'
## stdout:
3
## status: 0
## files:
data.txt: "alice 10 x\nbob 20 y\ncarol 30 x\n"

### awk 'BEGIN { print ARGC, ARGV[0], ARGV[1] }' a b
awk 'BEGIN { print ARGC, ARGV[0], ARGV[1] }' a b
## stdout:
3 awk a
## status: 0

### awk 'BEGIN { print ENVIRON["HOME"] != "" }'
awk 'BEGIN { print ENVIRON["HOME"] != "" }'
## stdout:
1
## status: 0

### awk 'BEGIN { print substr("hello world", index("hello world", "
awk 'BEGIN { print substr("hello world", index("hello world", " ") + 1) }'
## stdout:
world
## status: 0

### awk 'BEGIN { s = "a.b.c"; gsub(".", "-", s); print s }'
awk 'BEGIN { s = "a.b.c"; gsub(".", "-", s); print s }'
## stdout:
-----
## status: 0

### awk 'BEGIN { s = "a.b.c"; gsub(/\./, "-", s); print s }'
awk 'BEGIN { s = "a.b.c"; gsub(/\./, "-", s); print s }'
## stdout:
a-b-c
## status: 0

### awk 'BEGIN { s = "a.b.c"; gsub("\\.", "-", s); print s }'
awk 'BEGIN { s = "a.b.c"; gsub("\\.", "-", s); print s }'
## stdout:
a-b-c
## status: 0

### awk 'BEGIN { s = "path/to/file"; n = split(s, p, "/"); print p[n
awk 'BEGIN { s = "path/to/file"; n = split(s, p, "/"); print p[n] }'
## stdout:
file
## status: 0

### awk 'BEGIN { s = "aaa"; print gsub(/a/, "b", s), s }'
awk 'BEGIN { s = "aaa"; print gsub(/a/, "b", s), s }'
## stdout:
3 bbb
## status: 0

### awk 'BEGIN { s = "hello"; sub(/l+/, "[&&]", s); print s }'
awk 'BEGIN { s = "hello"; sub(/l+/, "[&&]", s); print s }'
## stdout:
he[llll]o
## status: 0

### awk 'BEGIN { s = "a&b"; gsub(/&/, "and", s); print s }'
awk 'BEGIN { s = "a&b"; gsub(/&/, "and", s); print s }'
## stdout:
aandb
## status: 0

### awk '{ $0 = toupper($0); print $1 }' data.txt
printf 'alice 10 x\nbob 20 y\ncarol 30 x\n' > data.txt
awk '{ $0 = toupper($0); print $1 }' data.txt
## stdout:
ALICE
BOB
CAROL
## status: 0
## files:
data.txt: "alice 10 x\nbob 20 y\ncarol 30 x\n"

### awk '{ $3 = ""; print; print NF }' data.txt
printf 'alice 10 x\nbob 20 y\ncarol 30 x\n' > data.txt
awk '{ $3 = ""; print; print NF }' data.txt
## stdout:
alice 10 
3
bob 20 
3
carol 30 
3
## status: 0
## files:
data.txt: "alice 10 x\nbob 20 y\ncarol 30 x\n"

### awk echo "a b c d" | '{ NF--; print }'
echo "a b c d" | awk '{ NF--; print }'
## stdout:
a b c
## status: 0

### awk echo "a b c" | '{ $7 = "x"; print NF; print }' | cat -A
echo "a b c" | awk '{ $7 = "x"; print NF; print }' | cat -A
## stdout:
7$
a b c    x$
## status: 0

### awk 'BEGIN { print 1; exit; print 2 }'
awk 'BEGIN { print 1; exit; print 2 }'
## stdout:
1
## status: 0

### awk 'BEGIN { exit 1 } END { exit }'; echo $?
awk 'BEGIN { exit 1 } END { exit }'; echo $?
## stdout:
1
## status: 0

### awk '{ print; exit 4 }' data.txt; echo $?
printf 'alice 10 x\nbob 20 y\ncarol 30 x\n' > data.txt
awk '{ print; exit 4 }' data.txt; echo $?
## stdout:
alice 10 x
4
## status: 0
## files:
data.txt: "alice 10 x\nbob 20 y\ncarol 30 x\n"

### awk 'BEGIN { while (1) { if (++i > 5) break }; print i }'
awk 'BEGIN { while (1) { if (++i > 5) break }; print i }'
## stdout:
6
## status: 0

### awk 'BEGIN { for (;;) { if (++i > 5) break }; print i }'
awk 'BEGIN { for (;;) { if (++i > 5) break }; print i }'
## stdout:
6
## status: 0

### awk 'BEGIN { for (i = 0; i < 3; i++); print i }'
awk 'BEGIN { for (i = 0; i < 3; i++); print i }'
## stdout:
3
## status: 0

### awk 'BEGIN { if (1) ; else print "no"; print "yes" }'
awk 'BEGIN { if (1) ; else print "no"; print "yes" }'
## stdout:
yes
## status: 0

### awk 'BEGIN { if (0) print "a"; else if (1) print "b"; else print
awk 'BEGIN { if (0) print "a"; else if (1) print "b"; else print "c" }'
## stdout:
b
## status: 0

### awk 'BEGIN { a = "x" ; b = a ; a = "y" ; print b }'
awk 'BEGIN { a = "x" ; b = a ; a = "y" ; print b }'
## stdout:
x
## status: 0

### awk 'BEGIN { print length() }' < /dev/null
awk 'BEGIN { print length() }' < /dev/null
## stdout:
0
## status: 0

### awk '!seen[$3]++' data.txt
printf 'alice 10 x\nbob 20 y\ncarol 30 x\n' > data.txt
awk '!seen[$3]++' data.txt
## stdout:
alice 10 x
bob 20 y
## status: 0
## files:
data.txt: "alice 10 x\nbob 20 y\ncarol 30 x\n"

### awk 'NR > 1 { print prev } { prev = $0 }' data.txt
printf 'alice 10 x\nbob 20 y\ncarol 30 x\n' > data.txt
awk 'NR > 1 { print prev } { prev = $0 }' data.txt
## stdout:
alice 10 x
bob 20 y
## status: 0
## files:
data.txt: "alice 10 x\nbob 20 y\ncarol 30 x\n"

### awk '{ lines[NR] = $0 } END { for (i = NR; i > 0; i--) print lin
printf 'alice 10 x\nbob 20 y\ncarol 30 x\n' > data.txt
awk '{ lines[NR] = $0 } END { for (i = NR; i > 0; i--) print lines[i] }' data.txt
## stdout:
carol 30 x
bob 20 y
alice 10 x
## status: 0
## files:
data.txt: "alice 10 x\nbob 20 y\ncarol 30 x\n"

### awk 'BEGIN { printf "%-10s %5s\n", "name", "qty"; printf "%-10s
awk 'BEGIN { printf "%-10s %5s\n", "name", "qty"; printf "%-10s %5d\n", "apple", 3 }'
## stdout:
name         qty
apple          3
## status: 0

### awk '{ total[$3] += $2 } END { for (k in total) printf "%s=%d\n"
printf 'alice 10 x\nbob 20 y\ncarol 30 x\n' > data.txt
awk '{ total[$3] += $2 } END { for (k in total) printf "%s=%d\n", k, total[k] | "sort"; close("sort"); print "done" }' data.txt
## stdout:
x=40
y=20
done
## status: 0
## files:
data.txt: "alice 10 x\nbob 20 y\ncarol 30 x\n"

### awk 'BEGIN { printf "%.2f%%\n", 45.678 }'
awk 'BEGIN { printf "%.2f%%\n", 45.678 }'
## stdout:
45.68%
## status: 0

### awk 'BEGIN { x = sprintf("%d items", 3); print x }'
awk 'BEGIN { x = sprintf("%d items", 3); print x }'
## stdout:
3 items
## status: 0

### awk 'BEGIN { print tolower("ÀBC"), toupper("àbc") }'
awk 'BEGIN { print tolower("ÀBC"), toupper("àbc") }'
## stdout:
àbc ÀBC
## status: 0

### awk 'BEGIN { print substr("日本語テキスト", 2, 3), length("日本語") }'
awk 'BEGIN { print substr("日本語テキスト", 2, 3), length("日本語") }'
## stdout:
本語テ 3
## status: 0

### awk 'BEGIN { print index("日本語", "語") }'
awk 'BEGIN { print index("日本語", "語") }'
## stdout:
3
## status: 0

### awk 'BEGIN { print match("日本語", /本/), RSTART, RLENGTH }'
awk 'BEGIN { print match("日本語", /本/), RSTART, RLENGTH }'
## stdout:
2 2 1
## status: 0

### awk 'BEGIN { printf "%s", "" > "empty.txt" }'; cat empty.txt | w
awk 'BEGIN { printf "%s", "" > "empty.txt" }'; cat empty.txt | wc -c
## stdout:
0
## status: 0
## files:
empty.txt: ""

### awk '{ print $1 > ($3 ".out") } END { close("x.out"); close("y.o
printf 'alice 10 x\nbob 20 y\ncarol 30 x\n' > data.txt
awk '{ print $1 > ($3 ".out") } END { close("x.out"); close("y.out"); while ((getline l < "x.out") > 0) print "x:", l }' data.txt
## stdout:
x: alice
x: carol
## status: 0
## files:
data.txt: "alice 10 x\nbob 20 y\ncarol 30 x\n"
x.out: "alice\ncarol\n"
y.out: "bob\n"

### awk 'BEGIN { printf("%d-%d\n", 1, 2) > "/dev/stderr" }' 2>&1
awk 'BEGIN { printf("%d-%d\n", 1, 2) > "/dev/stderr" }' 2>&1
## stdout:
1-2
## status: 0

### awk 'BEGIN { print -3 % 2, 3 % -2, 2 ^ 0.5, 2 ^ -1 }'
awk 'BEGIN { print -3 % 2, 3 % -2, 2 ^ 0.5, 2 ^ -1 }'
## stdout:
-1 1 1.41421 0.5
## status: 0

### awk 'BEGIN { print 2^3^2, -2^2, (-2)^2 }'
awk 'BEGIN { print 2^3^2, -2^2, (-2)^2 }'
## stdout:
512 -4 4
## status: 0

### awk 'BEGIN { a = 5; print a++ + a++, a }'
awk 'BEGIN { a = 5; print a++ + a++, a }'
## stdout:
11 7
## status: 0

### awk 'BEGIN { print 10 " " 20 > "/dev/stdout" }'
awk 'BEGIN { print 10 " " 20 > "/dev/stdout" }'
## stdout:
10 20
## status: 0

### awk 'BEGIN { $0 = "a b c"; print NF, $2 }'
awk 'BEGIN { $0 = "a b c"; print NF, $2 }'
## stdout:
3 b
## status: 0

### awk 'BEGIN { $3 = "z"; print NF, "[" $0 "]" }'
awk 'BEGIN { $3 = "z"; print NF, "[" $0 "]" }'
## stdout:
3 [  z]
## status: 0

### awk 'BEGIN { NF = 3; print "[" $0 "]" }'
awk 'BEGIN { NF = 3; print "[" $0 "]" }'
## stdout:
[  ]
## status: 0

### awk 'BEGIN { getline line < "nonexistent"; print "r" }'
awk 'BEGIN { getline line < "nonexistent"; print "r" }'
## stdout:
r
## status: 0

### awk 'BEGIN { print (getline line < "nonexistent") }'
awk 'BEGIN { print (getline line < "nonexistent") }'
## stdout:
-1
## status: 0

### awk '{ print }' nonexistent 2>&1; echo rc=$?
awk '{ print }' nonexistent 2>&1; echo rc=$?
## stdout:
awk: fatal: cannot open file `nonexistent' for reading: No such file or directory
rc=2
## status: 0

### awk 'BEGIN { print substr("abc", 2, 100000000000) }'
awk 'BEGIN { print substr("abc", 2, 100000000000) }'
## stdout:
bc
## status: 0

### awk 'BEGIN { print 9007199254740993, 123456789012345678 }'
awk 'BEGIN { print 9007199254740993, 123456789012345678 }'
## stdout:
9007199254740992 123456789012345680
## status: 0

### awk 'BEGIN { printf "%d %d\n", 2147483648, -2147483649 }'
awk 'BEGIN { printf "%d %d\n", 2147483648, -2147483649 }'
## stdout:
2147483648 -2147483649
## status: 0

### awk 'BEGIN { printf "%.0f %.10g\n", 2.5, 1/3 }'
awk 'BEGIN { printf "%.0f %.10g\n", 2.5, 1/3 }'
## stdout:
2 0.3333333333
## status: 0

### awk 'BEGIN { print 3 " " 3.0 " " "3.0" + 0 }'
awk 'BEGIN { print 3 " " 3.0 " " "3.0" + 0 }'
## stdout:
3 3 3
## status: 0

### awk 'BEGIN { x = "3.0"; print x, x + 0, (x == 3) }'
awk 'BEGIN { x = "3.0"; print x, x + 0, (x == 3) }'
## stdout:
3.0 3 0
## status: 0

### awk echo "3.0" | '{ print ($1 == 3), $1 }'
echo "3.0" | awk '{ print ($1 == 3), $1 }'
## stdout:
1 3.0
## status: 0

### awk 'BEGIN { print 1 == "1", "a" == "a ", 2 < 10, "2" < "10" }'
awk 'BEGIN { print 1 == "1", "a" == "a ", 2 < 10, "2" < "10" }'
## stdout:
1 0 1 0
## status: 0

### awk echo "2 10" | '{ print ($1 < $2) }'
echo "2 10" | awk '{ print ($1 < $2) }'
## stdout:
1
## status: 0

### awk 'BEGIN { print index("foo", "o") index("foo", "x") }'
awk 'BEGIN { print index("foo", "o") index("foo", "x") }'
## stdout:
20
## status: 0

### awk 'BEGIN { printf "%s %s\n", 1e16, 1e15 }'
awk 'BEGIN { printf "%s %s\n", 1e16, 1e15 }'
## stdout:
10000000000000000 1000000000000000
## status: 0

### awk 'BEGIN { print 1e16, 1e15, 123456.7 }'
awk 'BEGIN { print 1e16, 1e15, 123456.7 }'
## stdout:
10000000000000000 1000000000000000 123457
## status: 0

### awk 'BEGIN { OFS = ":"; $0 = "a b c"; $1 = $1; print; print $0 }
awk 'BEGIN { OFS = ":"; $0 = "a b c"; $1 = $1; print; print $0 }'
## stdout:
a:b:c
a:b:c
## status: 0

### awk 'BEGIN { ORS = "|" } { print $1 } END { printf "\n" }' data.
printf 'alice 10 x\nbob 20 y\ncarol 30 x\n' > data.txt
awk 'BEGIN { ORS = "|" } { print $1 } END { printf "\n" }' data.txt
## stdout:
alice|bob|carol|
## status: 0
## files:
data.txt: "alice 10 x\nbob 20 y\ncarol 30 x\n"

### awk 'BEGIN { RS = "b" } { print NR ":" $0 }' <<< 'abcabc'
awk 'BEGIN { RS = "b" } { print NR ":" $0 }' <<< 'abcabc'
## stdout:
1:a
2:ca
3:c

## status: 0

### awk 'BEGIN { RS = "[0-9]+" } { print NR ":" $0 }' <<< 'a1b22c'
awk 'BEGIN { RS = "[0-9]+" } { print NR ":" $0 }' <<< 'a1b22c'
## stdout:
1:a
2:b
3:c

## status: 0

### awk 'BEGIN { RS = "\n\n" } { print NR ":" $0 }' < /dev/null
awk 'BEGIN { RS = "\n\n" } { print NR ":" $0 }' < /dev/null
## status: 0

### awk 'BEGIN { RS = "" } { print NR ": " $1 "/" $NF }' <<< $'\n\na
awk 'BEGIN { RS = "" } { print NR ": " $1 "/" $NF }' <<< $'\n\na b\nc d\n\n\ne\n\n'
## stdout:
1: a/d
2: e/e
## status: 0

### awk 'BEGIN { RS = ""; FS = ":" } { print NF; for (i = 1; i <= NF
awk 'BEGIN { RS = ""; FS = ":" } { print NF; for (i = 1; i <= NF; i++) print i, $i }' <<< $'a:b\nc:d'
## stdout:
4
1 a
2 b
3 c
4 d
## status: 0

### awk 'BEGIN { x = 1 if (x) print "multi" else print "line" }'
awk 'BEGIN {
  x = 1
  if (x)
    print "multi"
  else
    print "line"
}'
## stdout:
multi
## status: 0

### awk ' # comment line /alice/ { print "A" } # trailing comment /b
printf 'alice 10 x\nbob 20 y\ncarol 30 x\n' > data.txt
awk '
# comment line
/alice/ { print "A" }   # trailing comment
/bob/   { print "B" }
' data.txt
## stdout:
A
B
## status: 0
## files:
data.txt: "alice 10 x\nbob 20 y\ncarol 30 x\n"

### awk 'BEGIN { print 1, 2 }'
awk 'BEGIN { print 1,
  2 }'
## stdout:
1 2
## status: 0

### awk 'BEGIN { print "a" \ "b" }'
awk 'BEGIN { print "a" \
  "b" }'
## stdout:
ab
## status: 0

### awk 'function add(a, b) { return a + b } BEGIN { print add(1, 2)
awk 'function add(a,
    b) {
  return a + b
}
BEGIN { print add(1, 2) }'
## stdout:
3
## status: 0

### awk 'BEGIN { x = 1 ; y = 2 print x && y }'
awk 'BEGIN { x = 1 ; y = 2
print x &&
  y }'
## stdout:
1
## status: 0

### awk 'BEGIN { a["x"] = 1 for (k in a) print k }'
awk 'BEGIN { a["x"] = 1
for (k in a)
  print k
}'
## stdout:
x
## status: 0

### awk '{ if ($2 > 15) { big++ } else { small++ } } END { print big
printf 'alice 10 x\nbob 20 y\ncarol 30 x\n' > data.txt
awk '{
  if ($2 > 15) {
    big++
  } else {
    small++
  }
}
END { print big, small }' data.txt
## stdout:
2 1
## status: 0
## files:
data.txt: "alice 10 x\nbob 20 y\ncarol 30 x\n"

### awk syntax error exits 1, as gawk's
awk 'BEGIN { x = 1 +
  2; print x }'
## status: 1

### awk 'BEGIN { print gensub(/(a)(b)/, "\\2\\1", "g", "abcabc") }'
awk 'BEGIN { print gensub(/(a)(b)/, "\\2\\1", "g", "abcabc") }'
## stdout:
bacbac
## status: 0

### awk 'BEGIN { print gensub(/o/, "0", 2, "foo boo") }'
awk 'BEGIN { print gensub(/o/, "0", 2, "foo boo") }'
## stdout:
fo0 boo
## status: 0

### awk 'BEGIN { print gensub(/[0-9]+/, "<&>", "G", "a1b22c333") }'
awk 'BEGIN { print gensub(/[0-9]+/, "<&>", "G", "a1b22c333") }'
## stdout:
a<1>b<22>c<333>
## status: 0

### awk echo "hello world" | '{ print gensub(/(\w+) (\w+)/, "\\2 \\1
echo "hello world" | awk '{ print gensub(/(\w+) (\w+)/, "\\2 \\1", 1) }'
## stdout:
world hello
## status: 0

### awk 'BEGIN { print gensub(/x/, "\\&", "g", "axbx") }'
awk 'BEGIN { print gensub(/x/, "\\&", "g", "axbx") }'
## stdout:
a&b&
## status: 0

### awk 'BEGIN { print strftime("%Y-%m-%d %H:%M:%S", 0, 1) }'
awk 'BEGIN { print strftime("%Y-%m-%d %H:%M:%S", 0, 1) }'
## stdout:
1970-01-01 00:00:00
## status: 0

### awk 'BEGIN { print strftime("%j %a %b %e", 86400 * 40, 1) }'
awk 'BEGIN { print strftime("%j %a %b %e", 86400 * 40, 1) }'
## stdout:
041 Tue Feb 10
## status: 0

### awk 'BEGIN { t = systime(); print (t > 1700000000) }'
awk 'BEGIN { t = systime(); print (t > 1700000000) }'
## stdout:
1
## status: 0

### awk 'BEGIN { a[1] = "c"; a[2] = "a"; a[3] = "b"; n = asort(a); f
awk 'BEGIN { a[1] = "c"; a[2] = "a"; a[3] = "b"; n = asort(a); for (i = 1; i <= n; i++) printf "%s ", a[i]; print n }'
## stdout:
a b c 3
## status: 0

### awk 'BEGIN { a["x"] = 3; a["y"] = 1; a["z"] = 2; n = asorti(a, k
awk 'BEGIN { a["x"] = 3; a["y"] = 1; a["z"] = 2; n = asorti(a, k); for (i = 1; i <= n; i++) printf "%s ", k[i]; print n }'
## stdout:
x y z 3
## status: 0

### awk 'BEGIN { a[1] = 10; a[2] = 9; a[3] = "b"; a[4] = 100; n = as
awk 'BEGIN { a[1] = 10; a[2] = 9; a[3] = "b"; a[4] = 100; n = asort(a, s); for (i = 1; i <= n; i++) printf "%s ", s[i]; print "" }'
## stdout:
9 10 100 b 
## status: 0

### awk printf '3\n1\n2\n' | '{ v[NR] = $1 } END { n = asort(v); for
printf '3\n1\n2\n' | awk '{ v[NR] = $1 } END { n = asort(v); for (i = 1; i <= n; i++) print v[i] }'
## stdout:
1
2
3
## status: 0

### awk 'function f(arr) { return asort(arr) } BEGIN { x[1] = 2; x[2
awk 'function f(arr) { return asort(arr) } BEGIN { x[1] = 2; x[2] = 1; print f(x), x[1] }'
## stdout:
2 1
## status: 0

### awk 'BEGIN { for (i = 0; i < 3; i++) { getline l < "data.txt"; c
printf 'alice 10 x\nbob 20 y\ncarol 30 x\n' > data.txt
awk 'BEGIN { for (i = 0; i < 3; i++) { getline l < "data.txt"; close("data.txt"); print i, l } }'
## stdout:
0 alice 10 x
1 alice 10 x
2 alice 10 x
## status: 0
## files:
data.txt: "alice 10 x\nbob 20 y\ncarol 30 x\n"

### awk 'FNR == 2 { nextfile } { print FILENAME, $1 }' data.txt data
printf 'alice 10 x\nbob 20 y\ncarol 30 x\n' > data.txt
awk 'FNR == 2 { nextfile } { print FILENAME, $1 }' data.txt data.txt
## stdout:
data.txt alice
data.txt alice
## status: 0
## files:
data.txt: "alice 10 x\nbob 20 y\ncarol 30 x\n"

### octal and hex escapes in strings and regular expressions
awk 'BEGIN { print "\101\x41\x4a2"; if ("A" ~ /\101/) print "octal"; if ("A" ~ /\x41/) print "hex"; if ("Ab" ~ /A\056/) print "a named dot is any character" }'
printf 'a[b\nc]d\n' | awk '/[[]/ { print "open " $0 } /[]]/ { print "close " $0 }'
## stdout:
AAJ2
octal
hex
a named dot is any character
open a[b
close c]d
## status: 0

### a back-reference is an octal escape in awk
printf 'aa\n\001\n' | awk '/\1/ { print "control-A on line " NR } /(a)\1/ { print "never" }'
## stdout:
control-A on line 2
## status: 0

### split's fourth argument gets the separators, as gawk's
awk 'BEGIN{n=split("  a b  c  ", a, " ", s); for(i=0;i<=n;i++) printf "[%s]", s[i]; print ""; n=split(",a,,b,", a, ",", s); for(i=0;i<=n;i++) printf "[%s]", (i in s) ? s[i] : "none"; print ""; n=split("", a, ",", s); print n, length(s); n=split("a1b22c", arr, /[0-9]+/, seps); print n, arr[3], seps[2]}'
## stdout:
[  ][ ][  ][  ]
[none][,][,][,][,][none]
0 0
3 c 22
## status: 0

### for-in visits string keys in gawk's hash order
printf 'the\ncat\nthe\ndog\na\ncat\nthe\nend\nzebra\nx\n' | awk '{ c[$1]++ } END { for (k in c) print k, c[k] }'
## stdout:
end 1
zebra 1
x 1
the 3
a 1
cat 2
dog 1
## status: 0

### for-in lists the other keys before the integers, and split fills integer keys
awk 'BEGIN { n = split("q w e r t y", a); a["x"]; a[-1]; a[5000]; a[100000]; for (k in a) printf "%s ", k; print "" }'
awk 'BEGIN { a[-5]; for (i = 0; i < 30; i += 3) a[i]; a["s"]; for (k in a) printf "%s ", k; print "" }'
## stdout:
-1 x 1 2 3 4 5 6 5000 100000 
s 0 15 3 12 6 21 -5 24 27 9 18 
## status: 0

### for-in order in arrays grown past thousands of keys
awk 'BEGIN { for (i = 0; i < 3000; i++) a["k" i]; n = 0; for (k in a) if (n++ < 15) printf "%s ", k; print n }'
awk 'BEGIN { for (i = 0; i < 3000; i++) b[i * 7919]; n = 0; for (k in b) if (n++ < 15) printf "%s ", k; print n }'
awk 'BEGIN { for (i = 3000; i > 0; i--) c[i]; n = 0; for (k in c) if (n++ < 15) printf "%s ", k; print n }'
## stdout:
k1780 k1781 k1740 k1782 k1741 k1700 k1783 k1742 k1701 k1784 k1743 k1702 k1785 k1744 k1703 3000
10540189 23392726 15085695 20621076 12995079 20423101 1472934 5543300 7483455 18981843 16732847 1583800 11086600 13929521 14966910 3000
1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 3000
## status: 0

### for-in order after deleting and re-adding keys, and after delete a
awk 'BEGIN { for (i = 1; i <= 40; i++) a["w" i]; for (i = 1; i <= 40; i += 3) delete a["w" i]; a["w1"]; a["new"]; for (k in a) printf "%s ", k; print "" }'
awk 'BEGIN { a["x"]; a["y"]; delete a; a[3]; a[1]; a[2]; a["z"]; for (k in a) printf "%s ", k; print "" }'
awk 'BEGIN { a[1]; a["b"]; a["c"]; delete a[1]; a[2]; a[3]; for (k in a) printf "%s ", k; print "" }'
## stdout:
w21 w23 w24 w26 w27 w29 w1 w2 w3 w5 w6 w8 w9 new w11 w12 w14 w15 w17 w30 w18 w32 w33 w35 w36 w38 w39 w20 
z 1 2 3 
b c 2 3 
## status: 0

### for-in over SUBSEP keys
awk 'BEGIN { for (i = 1; i <= 4; i++) for (j = 1; j <= 3; j++) m[i, j] = i * j; for (k in m) { split(k, p, SUBSEP); printf "%s,%s=%s ", p[1], p[2], m[k] } print "" }'
## stdout:
4,2=8 4,3=12 2,1=2 2,2=4 2,3=6 3,1=3 3,2=6 3,3=9 1,1=1 1,2=2 4,1=4 1,3=3 
## status: 0

### for-in walks the keys there were when it began, deleted ones too
awk 'BEGIN { a["p"]; a["q"]; a["r"]; for (k in a) { print k; delete a["r"]; a["s"] } print length(a) }'
awk 'BEGIN { a[10]; a[9]; for (k in a) print k, (k < 5) }'
printf 'x\n10\n9\n' | awk '{ a[$1] } END { for (k in a) print k, (k < 5) }'
awk 'BEGIN { a["x"]; a["y"]; a["z"]; for (k in a) delete a[k]; print k, length(a); for (k in a) { delete a[k] } print k }'
## stdout:
p
q
r
3
9 0
10 0
x 0
9 0
10 0
x 0
x
## status: 0

### awk typeof tells numbers, strings, strnums, arrays and untyped apart
printf '10 x 007\n' | awk '{ print typeof($1), typeof($2), typeof($3), typeof(n), typeof(a), typeof(1), typeof("s"); a[1]; print typeof(a) }'
awk 'BEGIN { split("0099 q", f); print typeof(f[1]), typeof(f[2]); m[f[1]] = 1; for (k in m) print k, typeof(f[1]) }'
## stdout:
strnum string strnum untyped untyped number string
array
strnum string
0099 strnum
## status: 0

### awk a field assigned a string stays a string; fields from input stay strnums
printf '5 6.5\n' | awk '{ $1 = "t"; print $0, typeof($1), typeof($2); $0 = "0"; print (!$0), ($1 ? "y" : "n"), typeof($0), typeof($1) }'
printf 'x\n' | awk '{ $0 = "00E0"; print ($0 && 1), ($0 != ""); $2 = 3; print typeof($2), $0 }'
## stdout:
t 6.5 string strnum
0 n string strnum
1 1
number 00E0 3
## status: 0

### awk compound assignment and ++ evaluate the subscript once
awk 'BEGIN { b = 1; a[b] = 2; a[b++] += 1; print b, a[1], length(a); i = 1; c[i++]++; print i, c[1]; j = 1; d[j] = j++; for (k in d) print k, d[k] }'
awk 'BEGIN { s = "aXb"; i = 1; t[1] = s; sub(/X/, "-", t[i++]); print i, t[1] }'
## stdout:
2 3 1
2 1
2 1
2 a-b
## status: 0

### awk getline into an element evaluates the subscript at the end of the file too
printf '1\n2\n' > awkgl.txt
awk -v f=awkgl.txt 'BEGIN { while ((getline a[++c] < f) > 0) n++; print c, n, a[1] a[2] }'
awk -v f=awkgl.txt 'BEGIN { r = (getline x < f) + 10; print r, x, NR }'
awk 'BEGIN { v = "echo 7" | getline y + 1; print v, y, NR }'
echo a | awk '{ "echo 7" | getline; print NR, $0; "echo 8" | getline z; print NR, z }'
## stdout:
3 2 12
11 1 0
2 7 0
1 7
1 8
## status: 0
## files:
awkgl.txt: "1\n2\n"

### awk sub and gsub replacement backslashes follow gawk's rules
awk 'BEGIN { bs = "\\"; for (k = 0; k <= 8; k++) { r = ""; for (j = 0; j < k; j++) r = r bs; split(r "&," r "x," r, rr, ","); for (t = 1; t <= 3; t++) { s = "B"; gsub(/B/, rr[t], s); print k, t, s, gensub(/B/, rr[t] (t == 3 && k % 2 ? "y" : ""), "g", "B") } } }'
printf 'a\\b\\c\n' | awk '{ gsub(/\\/, "\\\\"); print }'
## stdout:
0 1 B B
0 2 x x
0 3  
1 1 & &
1 2 \x x
1 3 \ y
2 1 \B \B
2 2 \\x \x
2 3 \\ \
3 1 \& \&
3 2 \\\x \x
3 3 \\\ \y
4 1 \\B \\B
4 2 \\x \\x
4 3 \\ \\
5 1 \\& \\&
5 2 \\\x \\x
5 3 \\\ \\y
6 1 \\\B \\\B
6 2 \\\\x \\\x
6 3 \\\\ \\\
7 1 \\\& \\\&
7 2 \\\\\x \\\x
7 3 \\\\\ \\\y
8 1 \\\\B \\\\B
8 2 \\\\x \\\\x
8 3 \\\\ \\\\
a\\b\\c
## status: 0

### awk close of what was never opened returns -1 and sets ERRNO
awk 'BEGIN { r = close("nothing-here"); print r, ERRNO }'
printf 'l1\nl2\n' | awk 'NR == 1 { print close(FILENAME), (ERRNO != "") }'
## stdout:
-1 close of redirection that was never opened
-1 1
## status: 0

### awk FS of one backslash splits on backslashes
printf 'a\\b\\c\n' | awk 'BEGIN { FS = "\\" } { print NF, $2 }'
printf 'a\\b\n' | awk -F'\\' '{ print $1 "-" $2 }'
awk 'BEGIN { n = split("x\\y", p, "\\"); print n, p[2] }'
## stdout:
3 b
a-b
2 y
## status: 0

### awk paragraph mode: split by FS ignores newlines; the separator is every blank line
awk 'BEGIN { RS = ""; FS = ":"; n = split("a:b\nc:d", p); print n, length(p[2]) }'
printf 'p1\n\n\n\nrest\nmore\n\n' | awk 'BEGIN { RS = "" } NR == 1 { RS = "\n"; print "[" $0 "]"; next } { print NR, "[" $0 "]" }'
printf 'one\n\ntwo\n\n' | awk 'BEGIN { RS = "" } NR == 1 { RS = "\n"; next } NR == 2 { RS = ""; print "2:" $0; next } { print "extra" NR }'
## stdout:
3 3
[p1]
2 [rest]
3 [more]
4 []
2:two
## status: 0

### awk a variable right of a comparison or && may be assigned
printf 'x y\nx z\n' | awk '{ print (one != one = $1), one; print (1 && v = $2), v }'
printf '3 4 5 6 7 8 9\n' | awk 'BEGIN { a = 3 } { print $$a++++; print }'
## stdout:
1 x
1 y
0 x
1 z
7
3 4 6 6 8 8 9
## status: 0

### awk printf %#o of zero keeps its 0
awk 'BEGIN { printf "%#.0o|%#o|%#x|%#.0x|%#5o|\n", 0, 0, 0, 0, 8 }'
## stdout:
0|0|0|0|  010|
## status: 0

### awk bracket expressions with - as a member and as a range end
awk 'BEGIN { print match("abc-def", /[qrs---tuv]/), ("." ~ /[--\/]/), ("0" ~ /[--\/]/), match("x-y", /[^-]-/), match("ab-", /[b-]+/) }'
## stdout:
4 1 0 1 2
## status: 0

### awk a repetition right after a leading ^ is literal
printf '+44 x\n44 y\n' | awk '$1 ~ /^+[2-9]/ { print "plus", $2 } $1 ~ /^*4/ { print "star", $2 }'
## stdout:
plus x
## status: 0

### awk a command read with getline gets awk's standard input
echo hi | awk 'BEGIN { "cat" | getline; print "got " $0; close("cat") }'
## stdout:
got hi
## status: 0

### awk asort and asorti with a comparison function or a named order
awk 'function rev(i1, v1, i2, v2) { return v2 - v1 } function byi(i1, v1, i2, v2) { return (i1 < i2) ? -1 : (i1 > i2) } BEGIN { a["x"] = 3; a["y"] = 10; a["z"] = 2; a["w"] = "pear"; n = asort(a, b, "rev"); for (i = 1; i <= n; i++) printf "%s ", b[i]; print n; n = asorti(a, c, "@ind_str_desc"); for (i = 1; i <= n; i++) printf "%s ", c[i]; print ""; n = asort(a, d, "@val_num_asc"); for (i = 1; i <= n; i++) printf "%s ", d[i]; print ""; n = asort(a, e, "@val_str_desc"); for (i = 1; i <= n; i++) printf "%s ", e[i]; print ""; n = asorti(a, f, "byi"); for (i = 1; i <= n; i++) printf "%s ", f[i]; print "" }'
awk 'function odd(i1, v1, i2, v2) { return 1 } BEGIN { for (i = 1; i <= 20; i++) a[i] = i % 7; print asort(a, b, "odd") }'
## stdout:
10 3 2 pear 4
z y x w 
pear 2 3 10 
pear 3 2 10 
w x y z 
20
## status: 0

### awk regex escapes that name no operator are their characters
awk 'BEGIN { print ("xey" ~ /x\ey/), ("q8" ~ /q\8/), ("{\\u}" ~ /\{\\\u\}/), ("a_q" ~ "a_\\q") }' 2>/dev/null
## stdout:
1 1 1 1
## status: 0

### awk RT is what ended the record: a newline, a paragraph's blank lines, a regex's match
printf '\n\np1\nl2\n\n\n\np2\n' | awk 'BEGIN { RS = "" } { print NR, "<" $0 ">", length(RT) } END { RS = "[0-9]+"; while (("printf a12b3c" | getline x) > 0) print x, "[" RT "]" }'
printf 'a\nb' | awk '{ print $0, length(RT) }'
printf '   a b c\n' | awk 'BEGIN { RS = "" } { print NF, "<" $0 ":" RT ">" }'
## stdout:
1 <p1
l2> 4
2 <p2> 1
a [12]
b [3]
c []
a 1
b 0
3 <   a b c:
>
## status: 0

### awk division by the constant zero is refused before the program runs
awk 'BEGIN { print "never" } END { if (0) x = y / 0 }'
## status: 1

### awk runtime errors name the program's file and line, and parameters by name and origin
printf 'BEGIN {\n  x = 1\n}\n' > one.awk
printf 'function f(a) {\n  a[1] = 2\n}\nBEGIN { y = 1; f(y) }\n' > two.awk
awk -f one.awk -f two.awk 2>&1; echo "status $?"
echo r | awk 'function g(c) { return c + 1 } function f(b) { g(b) } { a[1]; f(a) }' 2>&1; echo "status $?"
awk 'BEGIN { if (1)
  print 1 / zero }' 2>&1; echo "status $?"
awk 'function h() { return 1 / zero }
BEGIN { print "before"; h() }' 2>&1; echo "status $?"
## stdout:
awk: two.awk:2: fatal: attempt to use scalar parameter `a' as an array
status 2
awk: cmd. line:1: (FILENAME=- FNR=1) fatal: attempt to use array `c (from b, from a)' in a scalar context
status 2
awk: cmd. line:2: fatal: division by zero attempted
status 2
before
awk: cmd. line:1: fatal: division by zero attempted
status 2
## status: 0
## files:
one.awk: "BEGIN {\n  x = 1\n}\n"
two.awk: "function f(a) {\n  a[1] = 2\n}\nBEGIN { y = 1; f(y) }\n"

### gawk is awk under GNU's name: ARGV[0] and its messages use it
gawk 'BEGIN { print ARGV[0], ARGC; x = 1; x[1] }' 2>&1; echo "status $?"
gawk 'BEGIN { NF = -1 }' 2>&1; echo "status $?"
echo 'a = b c' | gawk '{ print $/= b/, $/c/ + 1 }'
## stdout:
gawk 1
gawk: cmd. line:1: fatal: attempt to use scalar `x' as an array
status 2
gawk: cmd. line:1: fatal: NF set to negative value
status 2
a 1
## status: 0

### awk syntax errors show the line and a caret under the place, and exit 1
awk 'BEGIN { x = 1 +* 2 }' 2>&1; echo "status $?"
awk 'BEGIN	{	y = (3 }' 2>&1; echo "status $?"
printf 'BEGIN {\n\tprint "a" "b" )\n}\n' > bad.awk
awk -f bad.awk 2>&1; echo "status $?"
## stdout:
awk: cmd. line:1: BEGIN { x = 1 +* 2 }
awk: cmd. line:1:                ^ syntax error
status 1
awk: cmd. line:1: BEGIN	{	y = (3 }
awk: cmd. line:1:      	 	       ^ syntax error
status 1
awk: bad.awk:2: 	print "a" "b" )
awk: bad.awk:2: 	              ^ syntax error
status 1
## status: 0
## files:
bad.awk: "BEGIN {\n\tprint \"a\" \"b\" )\n}\n"

### awk an unterminated string or regexp, an unfinished program, a stray character
awk 'BEGIN { s = "abc }' 2>&1; echo "status $?"
awk 'BEGIN { if ($0 ~ /ab) print }' 2>&1; echo "status $?"
awk '{ print $1' 2>&1; echo "status $?"
awk 'BEGIN { x = 2 ` 3 }' 2>&1; echo "status $?"
## stdout:
awk: cmd. line:1: BEGIN { s = "abc }
awk: cmd. line:1:             ^ unterminated string
status 1
awk: cmd. line:1: BEGIN { if ($0 ~ /ab) print }
awk: cmd. line:1:                   ^ unterminated regexp
status 1
awk: cmd. line:1: { print $1
awk: cmd. line:1:           ^ unexpected newline or end of string
status 1
awk: cmd. line:1: BEGIN { x = 2 ` 3 }
awk: cmd. line:1:               ^ invalid char '`' in expression
status 1
## status: 0

### awk built-in functions: wrong counts of arguments, a redefinition, a target that cannot change
awk 'BEGIN { print substr("abc") }' 2>&1; echo "status $?"
awk 'function index(s) { return 1 }' 2>&1; echo "status $?"
awk 'BEGIN { print gsub(/a/, "b", "banana"); gsub(/a/, "b", length("x")) }' 2>&1; echo "status $?"
awk 'BEGIN { n = split("a b", 3) }' 2>&1; echo "status $?"
## stdout:
awk: cmd. line:1: BEGIN { print substr("abc") }
awk: cmd. line:1:                           ^ 1 is invalid as number of arguments for substr
status 1
awk: cmd. line:1: function index(s) { return 1 }
awk: cmd. line:1:          ^ `index' is a built-in function, it cannot be redefined
status 1
awk: cmd. line:1: BEGIN { print gsub(/a/, "b", "banana"); gsub(/a/, "b", length("x")) }
awk: cmd. line:1:                                                                   ^ gsub third parameter is not a changeable object
status 1
awk: cmd. line:1: fatal: split: second argument is not an array
status 2
## status: 0

### awk checks of functions and loops are all reported, each on its line, and exit 1
printf 'function f(a, b, a, NR) { return b }\nfunction g(g) { }\nBEGIN { f = 1\n  x = 4 %% 0\n  y = f }\n' > checks.awk
awk -f checks.awk 2>&1; echo "status $?"
awk 'function f() { }
function f() { }
BEGIN { f() }' 2>&1; echo "status $?"
## stdout:
awk: checks.awk:1: error: function `f': parameter #3, `a', duplicates parameter #1
awk: checks.awk:1: error: function `f': cannot use special variable `NR' as a function parameter
awk: checks.awk:2: error: function `g': cannot use function name as parameter name
awk: checks.awk:3: error: function `f' called with space between name and `(',
or used as a variable or an array
awk: checks.awk:4: error: division by zero attempted in `%'
awk: checks.awk:5: error: function `f' called with space between name and `(',
or used as a variable or an array
status 1
awk: cmd. line:2: error: function name `f' previously defined
status 1
## status: 0
## files:
checks.awk: "function f(a, b, a, NR) { return b }\nfunction g(g) { }\nBEGIN { f = 1\n  x = 4 % 0\n  y = f }\n"

### awk a parameter called as a function, and a parameter named as a function
awk 'function h(p) { return p() } BEGIN { print h(1) }' 2>&1; echo "status $?"
awk 'function sq(x) { return x * x } function twice(sq) { return sq + sq } BEGIN { print twice(4), sq(3) }' 2>&1; echo "status $?"
## stdout:
awk: cmd. line:1: error: attempt to use non-function `p' in function call
status 1
8 9
status 0
## status: 0

### awk a function never defined fails only when it is called
awk 'BEGIN { if (0) missing(1); print "ran" }' 2>&1; echo "status $?"
echo x | awk '{ print "before"; missing($1) }' 2>&1; echo "status $?"
## stdout:
ran
status 0
before
awk: cmd. line:1: (FILENAME=- FNR=1) fatal: function `missing' not defined
status 2
## status: 0

### awk printf with nothing to print fails when it runs
awk 'BEGIN { print "first"; printf }' 2>&1; echo "status $?"
awk 'BEGIN { if (0) printf; print "skipped" }' 2>&1; echo "status $?"
## stdout:
first
awk: cmd. line:1: fatal: printf: no arguments
status 2
skipped
status 0
## status: 0

### awk warns once for each regex escape it reads as a plain character
printf 'a8b q,\n' | awk '/a\8b/ { print "eight" } /\q\,/ { print "q" } /\q/ { print "again" }' 2>&1; echo "status $?"
## stdout:
awk: cmd. line:1: warning: regexp escape sequence `\8' treated as plain `8'
awk: cmd. line:1: warning: regexp escape sequence `\q' is not a known regexp operator
awk: cmd. line:1: warning: regexp escape sequence `\,' is not a known regexp operator
eight
q
again
status 0
## status: 0

### awk regular expression errors in GNU regex's words
awk 'BEGIN { if ("a" ~ /a(b/) print "m" }' 2>&1; echo "status $?"
echo 'x' | awk '{ re = "b)"; if ($0 ~ re) print }' 2>&1; echo "status $?"
echo 'x' | awk '{ re = "a\\"; if ($0 ~ re) print }' 2>&1; echo "status $?"
## stdout:
awk: cmd. line:1: error: Unmatched ( or \(: /a(b/
status 1
status 0
awk: cmd. line:1: (FILENAME=- FNR=1) fatal: invalid regexp: Trailing backslash: /a\/
status 2
## status: 0

### awk a NUL byte in the program is refused
printf 'BEGIN { print "a\0b" }\n' > nul.awk
awk -f nul.awk 2>&1; echo "status $?"
## stdout:
awk: nul.awk:1: fatal: error: invalid character '\000' in source code
status 2
## status: 0
## files:
nul.awk: "BEGIN { print \"a\u{0}b\" }\n"

### awk rand draws gawk's numbers for a seed, and srand returns the seed before
awk 'BEGIN { printf "%.6f %.6f\n", rand(), rand(); print srand(7); printf "%.6f\n", rand(); print srand(2.9), srand() }'
awk 'BEGIN { srand(42); for (i = 0; i < 8; i++) printf "%d ", int(rand() * 100); print "" }'
awk 'BEGIN { srand(-3); a = rand(); srand(4294967293); print (a == rand()) }'
## stdout:
0.924046 0.593909
1
0.112895
7 2
24 39 95 17 59 93 96 74 
1
## status: 0

### awk a variable read or assigned is a scalar from then on
awk 'BEGIN { x = y; y[1] = 2 }' 2>&1; echo "status $?"
awk 'BEGIN { print typeof(u); v = u; print typeof(u); z[1]; print typeof(z) }' 2>&1; echo "status $?"
## stdout:
awk: cmd. line:1: fatal: attempt to use scalar `y' as an array
status 2
untyped
unassigned
array
status 0
## status: 0

### awk an untyped variable passed to a function takes the type the function gives it
awk 'function set(p) { p = 5 } BEGIN { set(a); print length(a); a[1] = 1 }' 2>&1; echo "status $?"
awk 'function fill(p) { p["k"] = "v" } BEGIN { fill(a); for (k in a) print k, a[k] }' 2>&1; echo "status $?"
awk 'function f(p) { a; p[1] = 3 } BEGIN { f(a) }' 2>&1; echo "status $?"
awk 'function f(p) { a = "s"; p[1] = 3 } BEGIN { f(a) }' 2>&1; echo "status $?"
awk 'function f(p, q) { q[1] = p } BEGIN { f(a, a) }' 2>&1; echo "status $?"
awk 'function g(r) { r[2] = 4 } function f(p) { g(p) } BEGIN { f(a); print a[2]; f(b[1]) }' 2>&1; echo "status $?"
awk 'function f(p) { } BEGIN { f(a); a[1] = 1; print length(a) }' 2>&1; echo "status $?"
## stdout:
0
awk: cmd. line:1: fatal: attempt to use scalar `a' as an array
status 2
k v
status 0
awk: cmd. line:1: fatal: attempt to use scalar parameter `p' as an array
status 2
awk: cmd. line:1: fatal: attempt to use scalar parameter `p' as an array
status 2
awk: cmd. line:1: fatal: attempt to use scalar parameter `q' as an array
status 2
4
status 0
1
status 0
## status: 0

### awk a /= after a concatenation starts a regex, where it cannot assign
echo 'a = b' | awk '{ print $/= b/ c /= d/; x = 6; x /= 2; print x; print "p" "q" /= 3/ }'
## stdout:
a0
3
pq0
## status: 0

### awk an expression cut off by a newline is named by the next line, as gawk names it
awk 'BEGIN {
  total = 4 *
  print total
}' 2>&1; echo "status $?"
printf 'BEGIN { x = \n' > cut.awk
awk -f cut.awk 2>&1; echo "status $?"
## stdout:
awk: cmd. line:3:   total = 4 *
awk: cmd. line:3:              ^ unexpected newline or end of string
status 1
awk: cut.awk:2: BEGIN { x = 
awk: cut.awk:2:             ^ unexpected newline or end of string
status 1
## status: 0
## files:
cut.awk: "BEGIN { x = \n"
