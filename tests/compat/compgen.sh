### compgen -W keeps the words starting with the word
compgen -W "alpha beta  gamma alpine" -- al; echo "s=$?"; compgen -W "alpha beta" -- z; echo "s=$?"
## stdout:
alpha
alpine
s=0
s=1
## status: 0

### compgen -W expands its words, splits at IFS, keeps quotes and substitutions whole
v="p q"; compgen -W "\$v *"; echo ---; compgen -W "a\\ b c"; echo ---; (IFS=:; compgen -W "a:b c"); echo ---; compgen -W "x;y \"\$v\"z"; compgen -W '$(echo s u) `echo b q`'
## stdout:
p
q
*
---
a b
c
---
a
b c
---
x;y
p qz
s
u
b
q
## status: 0

### compgen -A function lists the functions sorted
zf() { :; }; f1() { :; }; fa() { :; }; compgen -A function; echo ---; compgen -A function f
## stdout:
f1
fa
zf
---
f1
fa
## status: 0

### compgen -v and -A variable with a prefix
x1=1; xa=2; xb=(1 2); compgen -v x; compgen -A variable BASH_V; g() { local loc=1; compgen -v lo; }; g
## stdout:
x1
xa
xb
BASH_VERSINFO
BASH_VERSION
loc
## status: 0

### compgen -A arrayvar and -e
ar1=(1); ar2=([k]=v); ar3=x; export EX1=1 EX2; EX3=1; compgen -A arrayvar ar; compgen -e EX; compgen -A export EX
## stdout:
ar1
ar2
EX1
EX1
## status: 0

### compgen -f and -d over the files
mkdir -p adir/sub; touch abc abd .hid adir/f; compgen -f a | sort; echo ---; compgen -d; echo ---; compgen -f | sort; echo ---; compgen -f adir/ | sort; compgen -d adir/; compgen -f . | sort; compgen -f nonexist; echo "s=$?"
## stdout:
abc
abd
adir
---
adir
---
.hid
abc
abd
adir
---
adir/f
adir/sub
adir/sub
.
..
.hid
s=1
## status: 0
## files:
.hid: ""
abc: ""
abd: ""
adir/
adir/f: ""
adir/sub/

### compgen -G globs, -X filters, -P and -S wrap
touch zg1 zg2 a1; compgen -G "zg*" | sort; compgen -W "a1 a2 b1" -X "a*"; compgen -W "a1 a2 b1" -X "!a*"; compgen -W "a1 a2" -P pre -S suf a; compgen -X "\\&" -W "& a"; compgen -W "ab ac" -X "!&b" a; compgen -W "ab ac" -X "*&*" b; echo "s=$?"
## stdout:
zg1
zg2
b1
a1
a2
prea1suf
prea2suf
a
ab
s=1
## status: 0
## files:
a1: ""
zg1: ""
zg2: ""

### compgen puts the actions first, then the glob, then the words
alias zb=x; zc=1; zf() { :; }; touch zg1; compgen -W zw -G "zg*" -v -A function -a z
## stdout:
zb
zf
zc
zg1
zw
## status: 0
## files:
zg1: ""

### compgen -b -k -a -c
compgen -b ec; compgen -k th; compgen -k | head -3; alias ll=ls; compgen -a; compgen -A alias l; compgen -c ech | head -1; myfn() { :; }; compgen -c myf
## stdout:
echo
then
if
then
else
ll
ll
echo
myfn
## status: 0

### compgen -A shopt setopt signal
compgen -A shopt ext; compgen -A setopt no; compgen -A signal SIGH; compgen -A signal | head -2
## stdout:
extdebug
extglob
extquote
noclobber
noexec
noglob
nolog
notify
nounset
SIGHUP
EXIT
SIGHUP
## status: 0

### compgen errors and no request +stderr
compgen; echo "s=$?"; compgen -z; echo "s=$?"; compgen -A foo; echo "s=$?"; compgen -W; echo "s=$?"; compgen -W "x y" -- x y
## stdout:
s=0
s=2
s=2
s=2
x
## stderr:
compgen: -z: invalid option
compgen: usage: compgen [-abcdefgjksuv] [-o option] [-A action] [-G globpat] [-W wordlist] [-F function] [-C command] [-X filterpat] [-P prefix] [-S suffix] [word]
compgen: foo: invalid action name
compgen: -W: option requires an argument
compgen: usage: compgen [-abcdefgjksuv] [-o option] [-A action] [-G globpat] [-W wordlist] [-F function] [-C command] [-X filterpat] [-P prefix] [-S suffix] [word]
## status: 0

### compgen in a completion-style loop
words="start stop status restart"; for cur in st re x; do echo "$cur: $(compgen -W "$words" -- "$cur" | tr '\n' ' ')"; done
## stdout:
st: start stop status 
re: restart 
x: 
## status: 0
