### star glob sorted
touch c b a; echo *
## stdout:
a b c
## status: 0
## files:
a: ""
b: ""
c: ""

### question mark glob
touch a1 a2 a10; echo a?
## stdout:
a1 a2
## status: 0
## files:
a1: ""
a10: ""
a2: ""

### bracket glob
touch x1 x2 x3; echo x[13]
## stdout:
x1 x3
## status: 0
## files:
x1: ""
x2: ""
x3: ""

### negated bracket
touch y1 y2 y3; echo y[!2]
## stdout:
y1 y3
## status: 0
## files:
y1: ""
y2: ""
y3: ""

### no match keeps pattern
echo *.nomatch
## stdout:
*.nomatch
## status: 0

### hidden files not matched
touch .dot normal; echo *
## stdout:
normal
## status: 0
## files:
.dot: ""
normal: ""

### dot pattern matches hidden
touch .a .b c; echo .[ab]
## stdout:
.a .b
## status: 0
## files:
.a: ""
.b: ""
c: ""

### glob in subdirectory
mkdir d; touch d/1.txt d/2.txt; echo d/*.txt
## stdout:
d/1.txt d/2.txt
## status: 0
## files:
d/
d/1.txt: ""
d/2.txt: ""

### glob directories with trailing slash
mkdir m n; touch f; echo */
## stdout:
m/ n/
## status: 0
## files:
f: ""
m/
n/

### glob with prefix and suffix
touch pre_1_post pre_2_post other; echo pre_*_post
## stdout:
pre_1_post pre_2_post
## status: 0
## files:
other: ""
pre_1_post: ""
pre_2_post: ""

### quoted parts are literal
touch 'a*b' axb; echo 'a*'b; echo a"*"b
## stdout:
a*b
a*b
## status: 0
## files:
a*b: ""
axb: ""

### escaped star
touch 's*'; echo s\*
## stdout:
s*
## status: 0
## files:
s*: ""

### noglob
touch g; set -f; echo *; set +f; echo *
## stdout:
*
g
## status: 0
## files:
g: ""

### extglob patterns
shopt -s extglob
touch a.c b.h c.txt; echo @(*.c|*.h); echo !(*.txt)
## stdout:
a.c b.h
a.c b.h
## status: 0
## files:
a.c: ""
b.h: ""
c.txt: ""

### an extglob operator alone makes a word a pattern
shopt -s extglob
touch ab ac abb; echo a+(b); echo a!(b); echo x@(y)z
## stdout:
ab abb
abb ac
x@(y)z
## status: 0
## files:
ab: ""
abb: ""
ac: ""

### extglob without shopt is a syntax error in bash
touch a.c; echo @(*.c)
## status: 2
## known-diff: toolsh always parses extended globs (docs/deviations.md)

### glob in assignment does not expand
touch q1 q2; x=q*; echo "$x"; echo $x
## stdout:
q*
q1 q2
## status: 0
## files:
q1: ""
q2: ""

### glob from variable expands unquoted
touch v1 v2; p='v*'; echo $p; echo "$p"
## stdout:
v1 v2
v*
## status: 0
## files:
v1: ""
v2: ""

### brace expansion list
echo a{b,c,d}e
## stdout:
abe ace ade
## status: 0

### brace expansion sequence
echo {1..5} {a..e} {5..1}
## stdout:
1 2 3 4 5 a b c d e 5 4 3 2 1
## status: 0

### brace expansion step and padding
echo {0..10..3} {01..03}
## stdout:
0 3 6 9 01 02 03
## status: 0

### nested brace expansion
echo {a,b{1,2}}x
## stdout:
ax b1x b2x
## status: 0

### brace expansion with no comma is literal
echo {a} {} a{}b
## stdout:
{a} {} a{}b
## status: 0

### brace before glob
touch f1.txt f2.log; echo *.{txt,log}
## stdout:
f1.txt f2.log
## status: 0
## files:
f1.txt: ""
f2.log: ""

### brace with variable is not sequence
n=3; echo {1..$n}
## stdout:
{1..3}
## status: 0

### brace in quotes is literal
echo "{a,b}" '{1..3}'
## stdout:
{a,b} {1..3}
## status: 0

### dotglob
touch .h1 v1; shopt -s dotglob; echo *
## stdout:
.h1 v1
## status: 0
## files:
.h1: ""
v1: ""

### failglob
shopt -s failglob; (echo *.zzz) 2>/dev/null; echo $?
## stdout:
1
## status: 0

### nocaseglob
touch ABC; shopt -s nocaseglob; echo a*
## stdout:
ABC
## status: 0
## files:
ABC: ""

### globstar recursive
mkdir -p r/s/t; touch r/1 r/s/2 r/s/t/3; shopt -s globstar; echo r/**
## stdout:
r/ r/1 r/s r/s/2 r/s/t r/s/t/3
## status: 0
## files:
r/
r/1: ""
r/s/
r/s/2: ""
r/s/t/
r/s/t/3: ""

### star does not cross slash
mkdir -p u/v; touch u/v/w; echo u/*
## stdout:
u/v
## status: 0
## files:
u/
u/v/
u/v/w: ""

### character class glob
touch 1a b2; echo [[:digit:]]*
## stdout:
1a
## status: 0
## files:
1a: ""
b2: ""

### a lone [ is a word, a closed one a bracket expression
touch xa xb a b
x=a; echo x[$x] x[ab] [ x [] []] [!]] x[!]a] [a
i=1; while [ "$i" -lt 3 ]; do echo "$i"; i=$((i + 1)); done
## stdout:
xa xa xb [ x [] []] a b xb [a
1
2
## status: 0
## files:
a: ""
b: ""
xa: ""
xb: ""

### GLOBIGNORE leaves out matching names and matches dot files
touch a b.log .h; mkdir d; touch d/c.log d/.x; GLOBIGNORE=a; echo a*; echo *; GLOBIGNORE='*.log'; echo d/* *; GLOBIGNORE=.h; echo .*; echo *
## stdout:
a*
.h b.log d
d/.x d/c.log .h a d
.*
a b.log d
## status: 0
## files:
.h: ""
a: ""
b.log: ""
d/
d/.x: ""
d/c.log: ""

### GLOBIGNORE patterns hold a slash and several are joined by colons
touch a b.log; mkdir d; touch d/c.log d/e; GLOBIGNORE='d/c*:b*'; echo d/* *; unset GLOBIGNORE; echo *
## stdout:
d/e a d
a b.log d
## status: 0
## files:
a: ""
b.log: ""
d/
d/c.log: ""
d/e: ""

### globstar: dir/** names dir/ itself, **/ only directories, a link is named not searched
shopt -s globstar
mkdir -p d/e/f; touch d/x d/e/y; ln -s d l
echo d/**
echo **/
echo **/y
echo d/**/
## stdout:
d/ d/e d/e/f d/e/y d/x
d/ d/e/ d/e/f/ l/
d/e/y
d/ d/e/ d/e/f/
## status: 0
## files:
d/
d/e/
d/e/f/
d/e/y: ""
d/x: ""
l -> d

### globstar: **/** is **, and a path two ways reach is listed twice
shopt -s globstar
mkdir -p a/a b; touch a/a/z b/z
echo **/**
echo **/a/**
echo a/**/**
## stdout:
a a/a a/a/z b b/z
a a/a a/a a/a/z a/a/z
a a/a a/a/z
## status: 0
## files:
a/
a/a/
a/a/z: ""
b/
b/z: ""

### bracket expressions: collating symbols, equivalence classes, reversed ranges
for c in a - p ' ' 9 '`'; do
  case $c in
    [[.hyphen.]]) echo "$c: hyphen" ;;
    [[.space.][.grave-accent.]]) echo "$c: named" ;;
    [[=a=]]) echo "$c: equiv a" ;;
    [[.z.]-[.a.]9]) echo "$c: reversed range, then 9" ;;
    [[.bogus.]-z]) echo "$c: bogus range" ;;
    [[.a.]-[.z.]]) echo "$c: a to z" ;;
    *) echo "$c: none" ;;
  esac
done
case b in [[:nope:]b]) echo "unknown class skipped" ;; esac
case x in [[:alpha:]\]) echo bad ;; *) echo "dangling backslash" ;; esac
## stdout:
a: equiv a
-: hyphen
p: a to z
 : named
9: reversed range, then 9
`: named
unknown class skipped
dangling backslash
## status: 0

### hidden names are matched only by a written dot, also inside extended forms
shopt -s extglob
touch .a .bc x
echo @(.a|*)
echo *(y).a
echo !(x)
echo ?(z)*
shopt -s dotglob
echo !(x)
echo @(.?)
shopt -u globskipdots
echo .?
echo @(?|.?)
## stdout:
.a x
.a
!(x)
x
.a .bc
.a
.. .a
.. .a x
## status: 0
## files:
.a: ""
.bc: ""
x: ""

### an extended form with an unclosed bracket is plain text
shopt -s extglob
touch ab ac
echo @(a|b[)*
case '*(a|[)' in *(a|[)) echo literal ;; *) echo no ;; esac
## stdout:
@(a|b[)*
literal
## status: 0
## files:
ab: ""
ac: ""

### GLOBIGNORE splits at colons outside brackets and extended forms
shopt -s extglob
touch ';' ':' a b1
GLOBIGNORE='@([;:]):b+([0-9])'
echo *
## stdout:
a
## status: 0
## files:
:: ""
;: ""
a: ""
b1: ""

### a bracket across a slash is no pattern, even under nullglob
shopt -s nullglob
mkdir q
echo 1: [q/x]
echo 2: [q/
echo 3: q/[x]
## stdout:
1: [q/x]
2: [q/
3:
## status: 0
## files:
q/

### a globstar under ./ keeps the ./ on every name
shopt -s globstar; mkdir -p src/a; touch m.rs src/m.rs src/a/f.rs
echo ./**/*.rs; echo ./src/**/*.rs; echo **/*.rs; echo ./**
## stdout:
./m.rs ./src/a/f.rs ./src/m.rs
./src/a/f.rs ./src/m.rs
m.rs src/a/f.rs src/m.rs
./ ./m.rs ./src ./src/a ./src/a/f.rs ./src/m.rs
## status: 0
## files:
m.rs: ""
src/
src/a/
src/a/f.rs: ""
src/m.rs: ""

### a script without #! keeps globskipdots as it was; one with #! starts with bash's defaults
printf 'shopt globskipdots dotglob\n' > nosheb; printf '#!/bin/bash\nshopt globskipdots dotglob\n' > sheb
chmod +x nosheb sheb
shopt -u globskipdots; shopt -s dotglob; ./nosheb; ./sheb
rm -f nosheb sheb
## stdout:
globskipdots   	off
dotglob        	off
globskipdots   	on
dotglob        	off
## status: 0

### an extglob group's inside is a word: expansions, quotes and blanks there
shopt -s extglob
touch foo.cc foo.h foo. 'a b' '_*' '_?' '__|' bar
ext=cc
echo foo.?($ext|h)
echo +(bar|$(echo foo).h)
echo @(a b|bar)
echo @('_*'|'_?')
echo @('__|'|nope)
[[ --no-x == --@(help|$ext|no-@(x|y)) ]] && echo match
case _x in @('_*'|_?)) echo quoted-star-is-literal ;; esac
## stdout:
foo. foo.cc foo.h
bar foo.h
a b bar
_* _?
__|
match
quoted-star-is-literal
## status: 0
## files:
_*: ""
_?: ""
__|: ""
a b: ""
bar: ""
foo.: ""
foo.cc: ""
foo.h: ""
