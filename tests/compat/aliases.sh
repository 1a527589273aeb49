### without expand_aliases a script's aliases are not expanded
alias e=echo; e hi 2>/dev/null; echo "status $?"
## stdout:
status 127
## status: 0

### an alias applies from the next line read
shopt -s expand_aliases
alias x='echo X'
x hi
## stdout:
X hi
## status: 0

### an alias defined on the same line does not apply to it
shopt -s expand_aliases; alias y='echo Y'; y hi 2>/dev/null; echo "status $?"
y now
## stdout:
status 127
Y now
## status: 0

### an alias naming itself is expanded once
shopt -s expand_aliases
alias ls='ls -1' l=ls
mkdir -p d && touch d/a d/b && l d
## stdout:
a
b
## status: 0
## files:
d/
d/a: ""
d/b: ""

### a function keeps the aliases of when it was defined
shopt -s expand_aliases
alias x='echo X'
f() { x in-f; }
unalias x
f; if true; then x 2>/dev/null || echo gone; fi
## stdout:
X in-f
gone
## status: 0

### a value ending in a blank makes the next word an alias too
shopt -s expand_aliases
alias e='echo E ' w=W
e w w
FOO=1 e w
## stdout:
E W w
E W
## status: 0

### an alias holding several commands, a pipe, a redirection or a loop
shopt -s expand_aliases
alias p='echo one; echo two' q='echo q |' r='>out echo' lp='for i in 1 2; do echo $i; done'
p three
q tr q Q
r redirected; cat out
lp
## stdout:
one
two three
Q
redirected
1
2
## status: 0
## files:
out: "redirected\n"

### aliases inside command substitution and after a pipe
shopt -s expand_aliases
alias up='tr a-z A-Z' e='echo E '
echo "$(e x)"; echo abc | up
## stdout:
E x
ABC
## status: 0

### an alias may open a compound command read later
shopt -s expand_aliases
alias il=if
eval 'il true; then echo kw; fi'
## stdout:
kw
## status: 0

### shopt reports expand_aliases and unalias stops expansion
shopt -s expand_aliases
alias z='echo Z'
shopt expand_aliases; z 1; unalias z
z 2 2>/dev/null || echo "status $?"; shopt -u expand_aliases; shopt expand_aliases; echo "shopt $?"
## stdout:
expand_aliases 	on
Z 1
status 127
expand_aliases 	off
shopt 1
## status: 0

### aliases in a circle end +stderr
shopt -s expand_aliases
alias y1=y2 y2=y1
y1
## stderr:
y1: command not found
## status: 127

### names with quoting or operator characters are refused +stderr
alias 'a b=c' 'x;y=1' "q'=2"; echo "status $?"; alias ok=1; alias
## stdout:
status 1
alias ok='1'
## stderr:
alias: `a b': invalid alias name
alias: `x;y': invalid alias name
alias: `q'': invalid alias name
## status: 0

### type and command -v report aliases while they expand
alias ll="ls -l"; type -t ll; echo "st=$?"; shopt -s expand_aliases; alias q="echo 'hi'"; type ll; type -a ll; command -v ll q; command -V ll; type -t ll; which ll; type -P ll; echo $?; type -f ll
## stdout:
st=1
ll is aliased to `ls -l'
ll is aliased to `ls -l'
alias ll='ls -l'
alias q='echo '\''hi'\'''
ll is aliased to `ls -l'
alias
1
ll is aliased to `ls -l'
## status: 0

### an alias that is a comment or empty leaves an empty line
shopt -s expand_aliases
alias note='# all this is ignored'
alias nothing=''
note echo not run; echo still here
nothing
echo after; note
echo end
## stdout:
after
end
## status: 0

### an alias's text ends a word before what follows it
shopt -s expand_aliases
alias zero='echo 0'
zero>&2
zero;echo one
alias pf='printf "[%s]\n" \'
pf|x
## stdout:
0
one
[|x]
## status: 0
