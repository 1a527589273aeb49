### complete -p prints each specification in bash's form
complete -o nospace -o filenames -f -A function -A stopped -j -W 'a "b" c' -P '%' -S "'" -X '!*.txt' -G '*.c' -C 'my cmd' -F _f cmd1
complete -c -k time; complete -v -S '=' declare; complete -F 'f-x' -- 'a b' ~t '#h' 'z#' ''
complete -p cmd1 time declare 'a b' ~t '#h' 'z#' ''
## stdout:
complete -o filenames -o nospace -f -j -A function -A stopped -G '*.c' -W 'a "b" c' -P '%' -S \' -X '!*.txt' -C 'my cmd' -F _f cmd1
complete -c -k time
complete -v -S '=' declare
complete -F f-x 'a b'
complete -F f-x '~t'
complete -F f-x '#h'
complete -F f-x z#
complete -F f-x ''
## status: 0

### complete -D, -E and -I name the default, empty-line and initial-word specifications
complete -D -o default; complete -E -W x; complete -I -F f; complete -p -D; complete -p -E -I; complete -p -I
compopt -D; compopt -o nosort -E; complete -p -E; complete -r -D; complete -p
## stdout:
complete -o default -D
complete -W 'x' -E
complete -F f -I
compopt +o bashdefault -o default +o dirnames +o filenames +o noquote +o nosort +o nospace +o plusdirs -D
complete -o nosort -W 'x' -E
complete -F f -I
complete -o nosort -W 'x' -E
## status: 0

### complete -p lists every specification in bash's table order
complete -f gzip gunzip zcat cat more; complete -d mkdir rmdir cd pushd popd; complete -c type which nohup exec eval
complete -A signal kill trap; complete -W 'x y' a b c d e f g h i j k l m n o p q r s t u v w x y z
complete -p; echo ---; complete; echo ---; complete --
## stdout:
complete -c nohup
complete -c which
complete -d cd
complete -c type
complete -f gunzip
complete -d pushd
complete -c exec
complete -A signal kill
complete -c eval
complete -f gzip
complete -W 'x y' z
complete -W 'x y' y
complete -W 'x y' x
complete -W 'x y' w
complete -W 'x y' v
complete -W 'x y' u
complete -W 'x y' t
complete -W 'x y' s
complete -W 'x y' r
complete -W 'x y' q
complete -W 'x y' p
complete -W 'x y' o
complete -W 'x y' n
complete -W 'x y' m
complete -W 'x y' l
complete -W 'x y' k
complete -W 'x y' j
complete -W 'x y' i
complete -d popd
complete -W 'x y' h
complete -W 'x y' g
complete -A signal trap
complete -W 'x y' f
complete -W 'x y' e
complete -W 'x y' d
complete -W 'x y' c
complete -W 'x y' b
complete -W 'x y' a
complete -f cat
complete -d mkdir
complete -f zcat
complete -d rmdir
complete -f more
---
complete -c nohup
complete -c which
complete -d cd
complete -c type
complete -f gunzip
complete -d pushd
complete -c exec
complete -A signal kill
complete -c eval
complete -f gzip
complete -W 'x y' z
complete -W 'x y' y
complete -W 'x y' x
complete -W 'x y' w
complete -W 'x y' v
complete -W 'x y' u
complete -W 'x y' t
complete -W 'x y' s
complete -W 'x y' r
complete -W 'x y' q
complete -W 'x y' p
complete -W 'x y' o
complete -W 'x y' n
complete -W 'x y' m
complete -W 'x y' l
complete -W 'x y' k
complete -W 'x y' j
complete -W 'x y' i
complete -d popd
complete -W 'x y' h
complete -W 'x y' g
complete -A signal trap
complete -W 'x y' f
complete -W 'x y' e
complete -W 'x y' d
complete -W 'x y' c
complete -W 'x y' b
complete -W 'x y' a
complete -f cat
complete -d mkdir
complete -f zcat
complete -d rmdir
complete -f more
---
complete -c nohup
complete -c which
complete -d cd
complete -c type
complete -f gunzip
complete -d pushd
complete -c exec
complete -A signal kill
complete -c eval
complete -f gzip
complete -W 'x y' z
complete -W 'x y' y
complete -W 'x y' x
complete -W 'x y' w
complete -W 'x y' v
complete -W 'x y' u
complete -W 'x y' t
complete -W 'x y' s
complete -W 'x y' r
complete -W 'x y' q
complete -W 'x y' p
complete -W 'x y' o
complete -W 'x y' n
complete -W 'x y' m
complete -W 'x y' l
complete -W 'x y' k
complete -W 'x y' j
complete -W 'x y' i
complete -d popd
complete -W 'x y' h
complete -W 'x y' g
complete -A signal trap
complete -W 'x y' f
complete -W 'x y' e
complete -W 'x y' d
complete -W 'x y' c
complete -W 'x y' b
complete -W 'x y' a
complete -f cat
complete -d mkdir
complete -f zcat
complete -d rmdir
complete -f more
## status: 0

### complete defines again in place, removes, and clears +stderr
complete -f b a c; complete -d a; complete -p; echo ---; complete -r b; complete -p; echo ---
complete -r; complete -p; echo "s=$?"; complete -r nope; echo "s=$?"; complete -r -D; echo "s=$?"
## stdout:
complete -f c
complete -f b
complete -d a
---
complete -f c
complete -d a
---
s=0
s=1
s=1
## stderr:
complete: nope: no completion specification
complete: _DefaultCmD_: no completion specification
## status: 0

### complete -r of a name with none before any was defined is no error +stderr
complete -r nope; echo "s=$?"; complete -p nope; echo "s=$?"
## stdout:
s=0
s=1
## stderr:
complete: nope: no completion specification
## status: 0

### complete refuses bad options with bash's messages and statuses +stderr
complete -z; echo "s=$?"; complete -W; echo "s=$?"; complete -o bogus x; echo "s=$?"
complete -A bogus x; echo "s=$?"; complete -F 'a b' x; echo "s=$?"; complete -F 'f;' x; echo "s=$?"
complete -F 12 x; echo "s=$?"; complete -F 1abc x; echo "s=$?"; complete -f; echo "s=$?"
complete -p nope; echo "s=$?"; complete -pr nope; echo "s=$?"; complete -p
## stdout:
s=2
s=2
s=2
s=2
s=2
s=2
s=0
s=0
s=2
s=1
s=1
complete -F 1abc x
## stderr:
complete: -z: invalid option
complete: usage: complete [-abcdefgjksuv] [-pr] [-DEI] [-o option] [-A action] [-G globpat] [-W wordlist] [-F function] [-C command] [-X filterpat] [-P prefix] [-S suffix] [name ...]
complete: -W: option requires an argument
complete: usage: complete [-abcdefgjksuv] [-pr] [-DEI] [-o option] [-A action] [-G globpat] [-W wordlist] [-F function] [-C command] [-X filterpat] [-P prefix] [-S suffix] [name ...]
complete: bogus: invalid option name
complete: bogus: invalid action name
complete: `a b': not a valid identifier
complete: `f;': not a valid identifier
complete: usage: complete [-abcdefgjksuv] [-pr] [-DEI] [-o option] [-A action] [-G globpat] [-W wordlist] [-F function] [-C command] [-X filterpat] [-P prefix] [-S suffix] [name ...]
complete: nope: no completion specification
complete: nope: no completion specification
## status: 0

### compopt lists and changes a specification's options +stderr
complete -f -o nospace ls; compopt ls; compopt +o nospace -o filenames -o plusdirs ls; complete -p ls
compopt -o bashdefault ls nope; echo "s=$?"; complete -p ls; compopt -D; echo "s=$?"
## stdout:
compopt +o bashdefault +o default +o dirnames +o filenames +o noquote +o nosort -o nospace +o plusdirs ls
complete -o filenames -o plusdirs -f ls
s=1
complete -o bashdefault -o filenames -o plusdirs -f ls
s=1
## stderr:
compopt: nope: no completion specification
compopt: _DefaultCmD_: no completion specification
## status: 0

### compopt refuses bad options and works only inside a completion +stderr
compopt; echo "s=$?"; compopt -o nospace; echo "s=$?"; compopt -z; echo "s=$?"
compopt +o bogus; echo "s=$?"; compopt -o; echo "s=$?"
f() { compopt -o nospace 2>/dev/null; echo "in=$?"; COMPREPLY=(x); }; compgen -F f 2>/dev/null; echo "s=$?"
## stdout:
s=1
s=1
s=2
s=2
s=2
in=1
x
s=0
## stderr:
compopt: not currently executing completion function
compopt: not currently executing completion function
compopt: -z: invalid option
compopt: usage: compopt [-o|+o option] [-DEI] [name ...]
compopt: bogus: invalid option name
compopt: -o: option requires an argument
compopt: usage: compopt [-o|+o option] [-DEI] [name ...]
## status: 0

### compgen refuses complete's own options +stderr
compgen -r; echo "s=$?"; compgen -p x; echo "s=$?"; compgen -D; echo "s=$?"; compgen -I; echo "s=$?"
## stdout:
s=2
s=2
s=2
s=2
## stderr:
compgen: -r: invalid option
compgen: usage: compgen [-abcdefgjksuv] [-o option] [-A action] [-G globpat] [-W wordlist] [-F function] [-C command] [-X filterpat] [-P prefix] [-S suffix] [word]
compgen: -p: invalid option
compgen: usage: compgen [-abcdefgjksuv] [-o option] [-A action] [-G globpat] [-W wordlist] [-F function] [-C command] [-X filterpat] [-P prefix] [-S suffix] [word]
compgen: -D: invalid option
compgen: usage: compgen [-abcdefgjksuv] [-o option] [-A action] [-G globpat] [-W wordlist] [-F function] [-C command] [-X filterpat] [-P prefix] [-S suffix] [word]
compgen: -I: invalid option
compgen: usage: compgen [-abcdefgjksuv] [-o option] [-A action] [-G globpat] [-W wordlist] [-F function] [-C command] [-X filterpat] [-P prefix] [-S suffix] [word]
## status: 0

### compgen -F runs the function with COMP_ variables set and unsets them after +stderr
f() {
  declare -p COMP_LINE COMP_POINT COMP_TYPE COMP_KEY COMP_WORDS COMP_CWORD
  echo "args: $# [$1] [$2] [$3]"
  COMPREPLY=(aa ab b)
}
COMP_LINE=before; compgen -F f -- a; echo "s=$?"; declare -p COMPREPLY COMP_LINE
## stdout:
declare -- COMP_LINE=""
declare -- COMP_POINT="0"
declare -- COMP_TYPE="0"
declare -- COMP_KEY="0"
declare -a COMP_WORDS=()
declare -- COMP_CWORD="-1"
args: 3 [compgen] [a] []
aa
ab
b
s=0
## stderr:
compgen: warning: -F option may not work as you expect
declare: COMPREPLY: not found
declare: COMP_LINE: not found
## status: 1

### compgen -F's replies are not filtered by the word, then -X, -P and -S apply
f() { COMPREPLY=(aa ab b "c d"); }
compgen -F f -W 'w1 aw' -X '*b' -P '<' -S '>' -- a 2>/dev/null; echo "s=$?"
g() { COMPREPLY=single; }; compgen -F g 2>/dev/null
h() { COMPREPLY=(); }; compgen -F h 2>/dev/null; echo "s=$?"
## stdout:
<aw>
<aa>
<c d>
s=0
single
s=1
## status: 0

### compgen -F with a missing function or a retry status gives nothing +stderr
compgen -F nope -W word; echo "s=$?"
r() { COMPREPLY=(x); return 124; }; compgen -F r -W word 2>/dev/null; echo "s=$?"
n() { COMPREPLY=(x); return 127; }; compgen -F n -W word 2>/dev/null; echo "s=$?"
o() { COMPREPLY=(x); return 1; }; compgen -F o -W word 2>/dev/null; echo "s=$?"
## stdout:
word
s=0
s=1
word
s=0
word
x
s=0
## stderr:
compgen: warning: -F option may not work as you expect
completion: function `nope' not found
## status: 0

### compgen -C runs the command with the words as arguments, one match a line
compgen -C 'echo hi; echo "[$COMP_LINE][$COMP_POINT]"; printf "%s|" ' x y 2>/dev/null; echo; echo "s=$?"
c() { printf '%s\n\n\n' "one $1" "two $2" "three $3"; }; compgen -C c -- w 2>/dev/null
compgen -C 'true' x 2>/dev/null; echo "s=$?"
## stdout:
hi
[][0]
compgen|x||

s=0
one compgen
two w
three 
s=1
## status: 0

### compgen -o dirnames and plusdirs add directories after the prefix is put on
mkdir -p d1/sub; touch f1
compgen -o dirnames -W 'x' -- z; echo "s=$?"; compgen -o plusdirs -W 'x y' -P '<' -- ''; compgen -o dirnames -W 'x' -P p
## stdout:
s=1
<x
<y
d1
px
## status: 0
## files:
d1/
d1/sub/
f1: ""

### compgen -o bashdefault completes variables and globs, -o default file names
touch zz1 ab1; mkdir d1
compgen -o bashdefault -- '$HO'; echo "s=$?"; compgen -o bashdefault -- '${HO'; echo "s=$?"
compgen -o bashdefault -- zz; echo "s=$?"; compgen -o bashdefault -o default -- zz; echo "s=$?"
compgen -o bashdefault -- '*1'; echo "s=$?"; compgen -o bashdefault -W 'zzz' -- zz
## stdout:
$HOME
$HOSTNAME
$HOSTTYPE
s=0
${HOME}
${HOSTNAME}
${HOSTTYPE}
s=0
s=1
zz1
s=0
ab1
d1
zz1
s=0
zzz
## status: 0
## files:
ab1: ""
d1/
zz1: ""
