### seq -f formats each number with one conversion
seq -f '%.2f' 1 0.5 2; seq -f 'x%gy' 3; seq -f '%e' 2; seq -f '%03g' 9 11; seq -f 'a%%b%g' 2; seq -f '%10.3f' 2; seq --format='<%g>' 2
## stdout:
1.00
1.50
2.00
x1y
x2y
x3y
1.000000e+00
2.000000e+00
009
010
011
a%b1
a%b2
     1.000
     2.000
<1>
<2>
## status: 0

### seq long options, negative operands and bad formats
seq --separator=: 3; seq --equal-width 8 10; seq -3 -1; seq 2 -0.5 1; seq -f '%d' 3 2>/dev/null; echo "st $?"; seq -w -f '%g' 2 2>/dev/null; echo "st $?"; seq -f abc 2 2>/dev/null; echo "st $?"
## stdout:
1:2:3
08
09
10
-3
-2
-1
2.0
1.5
1.0
st 1
st 1
st 1
## status: 0

### head and tail options in every spelling
printf '1\n2\n3\n4\n5\n' > f; printf 'a\nb\n' > g
head -2 f; head --lines=1 f; head --lin 1 g; head -3q f g; head -n -3 f; head -c3 --verbose f; echo
tail -qn1 f g; tail -1 f; tail --bytes=2 f; tail -n +4 f; tail -vn1 g; head --nope f; echo "status $?"
## stdout:
1
2
1
a
1
2
3
a
b
1
2
==> f <==
1
2
5
b
5
5
4
5
==> g <==
b
status 1
## status: 0
## files:
f: "1\n2\n3\n4\n5\n"
g: "a\nb\n"

### tr and tac options and their refusals
echo hello | tr -s l; echo hello | tr --delete l; echo hello | tr -cd 'l\n'; echo 'a-b' | tr -- - _; echo abc | tr a -z 2>&1
tr; echo "status $?"; tr a; echo "status $?"; tr -ds a; echo "status $?"; tr --bogus a b; echo "status $?"
printf '1\n2\n3\n' | tac; printf 'a,b,c,' | tac -s ,; echo; printf 'a,b,c' | tac --separator=, -b; echo; tac -s '' /dev/null; echo "status $?"
## stdout:
helo
heo
ll
a_b
-bc
status 1
status 1
status 1
status 1
3
2
1
c,b,a,
,c,ba
status 0
## status: 0

### sleep and yes arguments and refusals
sleep 0 0.01s; echo "status $?"; sleep; echo "status $?"; sleep x 1q; echo "status $?"; sleep -1; echo "status $?"
yes a b | head -2; yes -- -n | head -1; yes --bogus; echo "status $?"
## stdout:
status 0
status 1
status 1
status 1
a b
a b
-n
status 1
## status: 0

### less and more copy their files off a terminal, more under headers +stderr
printf 'a\nb\n' > m1; printf 'c\n' > m2
less -N m1 m2; echo x | less -R; more m1 m2; echo y | more
less nope; echo "less $?"; more nope; echo "more $?"
## stdout:
a
b
c
x
::::::::::::::
m1
::::::::::::::
a
b
::::::::::::::
m2
::::::::::::::
c
y
nope: No such file or directory
less 0
more 0
## stderr:
more: cannot open nope: No such file or directory
## status: 0
## files:
m1: "a\nb\n"
m2: "c\n"

### tsort orders as GNU's does, and says where a loop is
printf 'x z\nx y\nq r\n' | tsort
printf 'a c\na b\nb c\n' | tsort
printf 'a b\nb a\n' | tsort 2>/dev/null; echo "status $?"
printf 'a\n' | tsort; echo "status $?"
## stdout:
q
x
r
y
z
a
b
c
a
b
status 1
status 1
## status: 0

### envsubst replaces exported variables, or only those named
export X=1 Y=two; Z=unexported
echo 'x=$X y=${Y} z=$Z none=$NONE ${X' | envsubst
echo '$X $Y' | envsubst '$Y'; envsubst -v 'a $X ${Y}'
## stdout:
x=1 y=two z= none= ${X
$X two
X
Y
## status: 0

### shuf permutes all lines, -n some, -e words, -i a range, -r with repetition
seq 10 | shuf | sort -n | tr '\n' ' '; echo
shuf -e a b c | sort | tr '\n' ' '; echo
shuf -i 1-5 | sort -n | tr '\n' ' '; echo
shuf -n 2 -i 1-100 | wc -l; shuf -r -n 5 -e x | tr -d '\n'; echo; shuf -r -e x y | head -3 | wc -l
shuf -i 5-3; echo "status $?"
## stdout:
1 2 3 4 5 6 7 8 9 10 
a b c 
1 2 3 4 5 
2
xxxxx
3
status 1
## status: 0

### fmt fills paragraphs as GNU's cost model does
cat > p <<'EOF'
The quick brown fox jumps over the lazy dog. It was a bright cold day in April, and the clocks were striking thirteen.  Winston Smith, his chin nuzzled into his breast in an effort to escape the vile wind, slipped quickly through the glass doors of Victory Mansions, though not quickly enough to prevent a swirl of gritty dust from entering along with him.

  Indented paragraph with several words that should be wrapped at the right
  margin, keeping its indentation as it goes (and with parentheses) and
  punctuation; also, commas, many of them, here and there.
Short line.
   
A line
that is
short, joined with others. Mr. Smith went to Washington. He said: "hello."  Then left!
EOF
fmt p; fmt -w 40 p; fmt -60 p; fmt -u -w 50 p
## stdout:
The quick brown fox jumps over the lazy dog. It was a bright cold day in
April, and the clocks were striking thirteen.  Winston Smith, his chin
nuzzled into his breast in an effort to escape the vile wind, slipped
quickly through the glass doors of Victory Mansions, though not quickly
enough to prevent a swirl of gritty dust from entering along with him.

  Indented paragraph with several words that should be wrapped at the
  right margin, keeping its indentation as it goes (and with parentheses)
  and punctuation; also, commas, many of them, here and there.
Short line.

A line that is short, joined with others. Mr. Smith went to Washington. He
said: "hello."  Then left!
The quick brown fox jumps over the lazy
dog. It was a bright cold day in April,
and the clocks were striking thirteen.
Winston Smith, his chin nuzzled into
his breast in an effort to escape the
vile wind, slipped quickly through
the glass doors of Victory Mansions,
though not quickly enough to prevent
a swirl of gritty dust from entering
along with him.

  Indented paragraph with several words
  that should be wrapped at the right
  margin, keeping its indentation as
  it goes (and with parentheses) and
  punctuation; also, commas, many of
  them, here and there.
Short line.

A line that is short, joined
with others. Mr. Smith went to
Washington. He said: "hello."
Then left!
The quick brown fox jumps over the lazy dog. It was a
bright cold day in April, and the clocks were striking
thirteen.  Winston Smith, his chin nuzzled into his breast
in an effort to escape the vile wind, slipped quickly
through the glass doors of Victory Mansions, though not
quickly enough to prevent a swirl of gritty dust from
entering along with him.

  Indented paragraph with several words that should be
  wrapped at the right margin, keeping its indentation as
  it goes (and with parentheses) and punctuation; also,
  commas, many of them, here and there.
Short line.

A line that is short, joined with others. Mr. Smith went
to Washington. He said: "hello."  Then left!
The quick brown fox jumps over the lazy dog. It
was a bright cold day in April, and the clocks
were striking thirteen.  Winston Smith, his chin
nuzzled into his breast in an effort to escape
the vile wind, slipped quickly through the glass
doors of Victory Mansions, though not quickly
enough to prevent a swirl of gritty dust from
entering along with him.

  Indented paragraph with several words that
  should be wrapped at the right margin,
  keeping its indentation as it goes (and with
  parentheses) and punctuation; also, commas,
  many of them, here and there.
Short line.

A line that is short, joined with
others. Mr. Smith went to Washington. He said:
"hello."  Then left!
## status: 0
## files:
p: 683 bytes, 10 lines

### fmt split-only, crown, tagged and prefix modes
cat > p <<'EOF'
The quick brown fox jumps over the lazy dog. It was a bright cold day in April, and the clocks were striking thirteen.  Winston Smith, his chin nuzzled into his breast in an effort to escape the vile wind, slipped quickly through the glass doors of Victory Mansions, though not quickly enough to prevent a swirl of gritty dust from entering along with him.

  Indented paragraph with several words that should be wrapped at the right
  margin, keeping its indentation as it goes (and with parentheses) and
  punctuation; also, commas, many of them, here and there.
Short line.
   
A line
that is
short, joined with others. Mr. Smith went to Washington. He said: "hello."  Then left!
EOF
fmt -s -w 40 p; fmt -c -w 30 p; fmt -t -w 30 p; fmt -w 30 -g 20 p
printf '# a b c d e f g h i j k l m n o p\n# q r s\ncode\n' | fmt -p '# ' -w 12
seq 1 100 | fmt -w 20; printf 'no newline at end' | fmt
## stdout:
The quick brown fox jumps over the lazy
dog. It was a bright cold day in April,
and the clocks were striking thirteen.
Winston Smith, his chin nuzzled into
his breast in an effort to escape the
vile wind, slipped quickly through
the glass doors of Victory Mansions,
though not quickly enough to prevent
a swirl of gritty dust from entering
along with him.

  Indented paragraph with several words
  that should be wrapped at the right
  margin, keeping its indentation as
  it goes (and with parentheses) and
  punctuation; also, commas, many of
  them, here and there.
Short line.

A line
that is
short, joined with others. Mr. Smith
went to Washington. He said: "hello."
Then left!
The quick brown fox jumps
over the lazy dog. It was
a bright cold day in April,
and the clocks were striking
thirteen.  Winston Smith, his
chin nuzzled into his breast
in an effort to escape the
vile wind, slipped quickly
through the glass doors of
Victory Mansions, though not
quickly enough to prevent
a swirl of gritty dust from
entering along with him.

  Indented paragraph with
  several words that should
  be wrapped at the right
  margin, keeping its
  indentation as it goes
  (and with parentheses)
  and punctuation; also,
  commas, many of them, here
  and there.
Short line.

A line that is short, joined
with others. Mr. Smith went
to Washington. He said:
"hello."  Then left!
The quick brown fox jumps
   over the lazy dog. It
   was a bright cold day
   in April, and the clocks
   were striking thirteen.
   Winston Smith, his chin
   nuzzled into his breast
   in an effort to escape the
   vile wind, slipped quickly
   through the glass doors of
   Victory Mansions, though
   not quickly enough to
   prevent a swirl of gritty
   dust from entering along
   with him.

  Indented paragraph with
   several words that should
   be wrapped at the right
  margin, keeping its
   indentation as it goes
   (and with parentheses) and
  punctuation; also, commas,
many of them, here and there.
Short line.

A line
that is
short, joined with
   others. Mr. Smith went
   to Washington. He said:
   "hello."  Then left!
The quick brown fox
jumps over the lazy
dog. It was a bright
cold day in April,
and the clocks were
striking thirteen.
Winston Smith, his
chin nuzzled into his
breast in an effort to
escape the vile wind,
slipped quickly through
the glass doors of
Victory Mansions,
though not quickly
enough to prevent a
swirl of gritty dust
from entering along with him.

  Indented paragraph
  with several words
  that should be
  wrapped at the right
  margin, keeping its
  indentation as it goes
  (and with parentheses)
  and punctuation;
  also, commas, many
  of them, here and there.
Short line.

A line that is
short, joined with
others. Mr. Smith went
to Washington. He said:
"hello."  Then left!
# a b c d e
# f g h i j
# k l m n o
# p q r s
code
1 2 3 4 5 6 7 8
9 10 11 12 13 14
15 16 17 18 19 20
21 22 23 24 25 26
27 28 29 30 31 32
33 34 35 36 37 38
39 40 41 42 43 44
45 46 47 48 49 50
51 52 53 54 55 56
57 58 59 60 61 62
63 64 65 66 67 68
69 70 71 72 73 74
75 76 77 78 79 80
81 82 83 84 85 86
87 88 89 90 91 92
93 94 95 96 97 98
99 100
no newline at end
## status: 0
## files:
p: 683 bytes, 10 lines

### fmt refuses a bad width +stderr
fmt -w abc </dev/null; echo $?; fmt nope; echo $?
## stdout:
1
1
## stderr:
fmt: invalid width: 'abc'
fmt: cannot open 'nope' for reading: No such file or directory
## status: 0

### date, printf %()T and awk strftime write GNU's conversions, flags and widths
d='2024-01-05 03:04:05'; for f in '%N|%3N|%q|%Q|%^a|%#p|%P' '%10Y|%-d|%_m|%05e|%k|%l' '%:z|%::z|%:::z|%c' '%x|%X|%D|%r|%R|%h' '%C|%g|%G|%V|%U|%W|%s' '%^10B|%-10B|%010A|%#Z|%-j|%E|x%'; do date -u -d "$d" +"$f"; done
date -u -d '2023-01-01' +'%G-W%V-%u %U %W %j'; printf '%(%F %T)T|%(%H)T\n' 86400 3600; awk 'BEGIN{print strftime("%F %Q %s %N", 86400, 1)}'
## stdout:
000000000|000|1|%Q|FRI|am|am
0000002024|5| 1|00005| 3| 3
+00:00|+00:00:00|+00|Fri Jan  5 03:04:05 2024
01/05/24|03:04:05|01/05/24|03:04:05 AM|03:04|Jan
20|24|2024|01|00|01|1704423845
   JANUARY|January|0000Friday|utc|5|%E|x%
2022-W52-7 01 00 001
1970-01-02 00:00:00|01
1970-01-02 %Q 86400 %N
## status: 0

### printf %()T and awk strftime use the C library's conversions, without date's %N, %q and %:z
printf '%(%N|%q|%:z|%P|%s|%k|%-d|%^a|%10Y|%#Z)T\n' 86400; awk 'BEGIN{print strftime("%N|%q|%:z|%::z|%P|%s|%k|%-d|%^a|%10Y|%#Z", 86400, 1)}'
## stdout:
%N|%q|%:z|am|86400| 0|2|FRI|0000001970|utc
%N|%q|%:z|%::z|am|86400| 0|2|FRI|0000001970|gmt
## status: 0

### seq precision and equal width from how the operands are written
seq .7 2e-1 1.3; seq -w 2 4.0; seq -w -2e-002 0.5 1; seq -w 0.5 1e1 20.5; seq -s, 1e1 1.0e1; seq -w ' 0.3' ' 0.3'; seq 0x0A 0x0C
## stdout:
0.7
0.9
1.1
1.3
2
3
4
-0.02
00.48
00.98
00.5
10.5
20.5
10
0.3
10
11
12
## status: 0

### seq counts integers past 2^53 exactly, a step too small to move a double once, and refuses NaN and a zero step +stderr
seq 99999999999999999998 99999999999999999999; seq -s, 18446744073709551615 18446744073709551617; seq 9007199254740993 9007199254740995
seq 1e17 1e17; seq 5e16 5e16; seq 0.1 0.1 0.3; seq 5 1; echo "[$(seq 7 2 3)]"
seq nan; echo "rc=$?"; seq 1 nan 3; echo "rc=$?"; seq 2 0 1; echo "rc=$?"; seq 1 0.0 3; echo "rc=$?"; LC_ALL=C seq 1 -0 3; echo "rc=$?"
## stdout:
99999999999999999998
99999999999999999999
18446744073709551615,18446744073709551616,18446744073709551617
9007199254740993
9007199254740994
9007199254740995
100000000000000000
50000000000000000
0.1
0.2
0.3
[]
rc=1
rc=1
rc=1
rc=1
rc=1
## stderr:
seq: invalid 'not-a-number' argument: 'nan'
Try 'seq --help' for more information.
seq: invalid 'not-a-number' argument: 'nan'
Try 'seq --help' for more information.
seq: invalid Zero increment value: '0'
Try 'seq --help' for more information.
seq: invalid Zero increment value: '0.0'
Try 'seq --help' for more information.
seq: invalid Zero increment value: '-0'
Try 'seq --help' for more information.
## status: 0
