### a script's history list: set -o history, numbering, HISTCMD, history N
cat > s.sh <<'EOF'
echo $HISTCMD
set -o history
echo one
echo $HISTCMD
history
history 2
EOF
bash s.sh 2>&1
## stdout:
0
one
2
    1  echo one
    2  echo $HISTCMD
    3  history
    3  history
    4  history 2
## status: 0
## files:
s.sh: "echo $HISTCMD\nset -o history\necho one\necho $HISTCMD\nhistory\nhistory 2\n"

### history is off in a script and in -c text until set -o history
cat > s.sh <<'EOF'
history
echo "[$(history)]"
EOF
bash s.sh 2>&1; bash -c 'echo a; history; echo done'
## stdout:
[]
a
done
## status: 0
## files:
s.sh: "history\necho \"[$(history)]\"\n"

### HISTCONTROL ignoreboth and HISTIGNORE with & drop lines
cat > s.sh <<'EOF'
HISTCONTROL=ignoreboth
HISTIGNORE='&:history*'
set -o history
echo a
echo a
 echo hidden
echo b
echo b
history
EOF
bash s.sh 2>&1
## stdout:
a
a
hidden
b
b
    1  echo a
    2  echo b
## status: 0
## files:
s.sh: "HISTCONTROL=ignoreboth\nHISTIGNORE='&:history*'\nset -o history\necho a\necho a\n echo hidden\necho b\necho b\nhistory\n"

### cmdhist joins a command's lines; comments are entries of their own
cat > s.sh <<'EOF'
set -o history
# a comment
for x in 1 2
do
	echo $x
done
if true; then
  echo yes
fi
history
EOF
bash s.sh 2>&1
## stdout:
1
2
yes
    1  # a comment
    2  for x in 1 2; do 	echo $x; done
    3  if true; then   echo yes; fi
    4  history
## status: 0
## files:
s.sh: "set -o history\n# a comment\nfor x in 1 2\ndo\n\techo $x\ndone\nif true; then\n  echo yes\nfi\nhistory\n"

### history -d one entry, negative offsets, ranges and errors
cat > s.sh <<'EOF'
set -o history
HISTIGNORE='history*'
echo 1
echo 2
echo 3
echo 4
echo 5
history -d 2
history -d -1
history
history -d 1-2
history
history -d 9
history -d x
history -d 3-1
echo "status $?"
EOF
bash s.sh 2>&1
## stdout:
1
2
3
4
5
    1  HISTIGNORE='history*'
    2  echo 2
    3  echo 3
    4  echo 4
    1  echo 3
    2  echo 4
s.sh: line 13: history: 9: history position out of range
s.sh: line 14: history: x: history position out of range
s.sh: line 15: history: 3: history position out of range
status 1
## status: 0
## files:
s.sh: "set -o history\nHISTIGNORE='history*'\necho 1\necho 2\necho 3\necho 4\necho 5\nhistory -d 2\nhistory -d -1\nhistory\nhistory -d 1-2\nhistory\nhistory -d 9\nhistory -d x\nhistory -d 3-1\necho \"status $?\"\n"

### fc -l, -n, -r, numbers, negative offsets and strings
cat > s.sh <<'EOF'
set -o history
echo a
echo b
echo c
fc -l
fc -ln -2
fc -lr 2 3
fc -l ec
fc -l 1 99
fc -l nosuch
echo "status $?"
fc -v
EOF
bash s.sh 2>&1
## stdout:
a
b
c
1	 echo a
2	 echo b
3	 echo c
	 echo c
	 fc -l
3	 echo c
2	 echo b
3	 echo c
4	 fc -l
5	 fc -ln -2
6	 fc -lr 2 3
1	 echo a
2	 echo b
3	 echo c
4	 fc -l
5	 fc -ln -2
6	 fc -lr 2 3
7	 fc -l ec
s.sh: line 10: fc: no command found
status 1
s.sh: line 12: fc: -v: invalid option
fc: usage: fc [-e ename] [-lnr] [first] [last] or fc -s [pat=rep] [command]
## status: 2
## files:
s.sh: "set -o history\necho a\necho b\necho c\nfc -l\nfc -ln -2\nfc -lr 2 3\nfc -l ec\nfc -l 1 99\nfc -l nosuch\necho \"status $?\"\nfc -v\n"

### fc -s reruns with old=new; fc -e - is the same; fc -e runs an editor of the shell
cat > s.sh <<'EOF'
set -o history
echo aa ab
fc -s a=x
fc -e - echo
fc -s nosuch
echo "status $?"
echo to edit
fc -e cat
ed() { sed -i 's/edit/edited/' "$1"; }
echo to edit
fc -e ed
history
EOF
bash s.sh 2>&1
## stdout:
aa ab
echo xx xb
xx xb
echo xx xb
xx xb
s.sh: line 5: fc: no command found
status 1
to edit
echo to edit
echo to edit
to edit
to edit
echo to edited
to edited
    1  echo aa ab
    2  echo xx xb
    3  echo xx xb
    4  fc -s nosuch
    5  echo "status $?"
    6  echo to edit
    7  echo to edit
    8  ed() { sed -i 's/edit/edited/' "$1"; }
    9  echo to edit
   10  echo to edited
   11  history
## status: 0
## files:
s.sh: "set -o history\necho aa ab\nfc -s a=x\nfc -e - echo\nfc -s nosuch\necho \"status $?\"\necho to edit\nfc -e cat\ned() { sed -i 's/edit/edited/' \"$1\"; }\necho to edit\nfc -e ed\nhistory\n"

### histexpand is off by default in a script and history -p works without it
cat > s.sh <<'EOF'
set -o history
echo one
echo !!
echo "$-"
history -p '!!'
EOF
bash s.sh 2>&1
## stdout:
one
!!
hB
echo "$-"
## status: 0
## files:
s.sh: "set -o history\necho one\necho !!\necho \"$-\"\nhistory -p '!!'\n"

### history -s, -p, -c and bad options
cat > s.sh <<'EOF'
set -o history
echo first
history -s stored line
history -p '!!' '!e' 'plain'
history -p '!nosuch'
echo "status $?"
history
history -c
history
history -x
echo "status $?"
history -a -w
echo "status $?"
history 1 2
history abc
echo "status $?"
EOF
bash s.sh 2>&1
## stdout:
first
stored line
echo first
plain
s.sh: line 5: history: !nosuch: history expansion failed
status 1
    1  echo first
    2  stored line
    3  echo "status $?"
    4  history
    1  history
s.sh: line 10: history: -x: invalid option
history: usage: history [-c] [-d offset] [n] or history -anrw [filename] or history -ps arg [arg...]
status 2
s.sh: line 12: history: cannot use more than one of -anrw
status 1
s.sh: line 14: history: too many arguments
s.sh: line 15: history: abc: numeric argument required
status 1
## status: 0
## files:
s.sh: "set -o history\necho first\nhistory -s stored line\nhistory -p '!!' '!e' 'plain'\nhistory -p '!nosuch'\necho \"status $?\"\nhistory\nhistory -c\nhistory\nhistory -x\necho \"status $?\"\nhistory -a -w\necho \"status $?\"\nhistory 1 2\nhistory abc\necho \"status $?\"\n"

### history -w, -a and -r through HISTFILE and a named file; HISTSIZE keeps the newest
cat > s.sh <<'EOF'
HISTFILE=$PWD/h.txt
set -o history
echo a
history -w
echo b
history -a
cat h.txt
history -c
history -r other.txt
history -r h.txt
HISTSIZE=2
echo c
history
EOF
bash s.sh 2>&1; echo "--"; cat h.txt
## stdout:
a
b
echo a
history -w
echo a
history -w
echo b
history -a
c
    9  echo c
   10  history
--
echo c
history
## status: 0
## files:
h.txt: "echo c\nhistory\n"
s.sh: "HISTFILE=$PWD/h.txt\nset -o history\necho a\nhistory -w\necho b\nhistory -a\ncat h.txt\nhistory -c\nhistory -r other.txt\nhistory -r h.txt\nHISTSIZE=2\necho c\nhistory\n"

### set -o history reads HISTFILE, HISTFILESIZE keeps its newest lines
printf 'old 1\nold 2\nold 3\n' > h.txt
cat > s.sh <<'EOF'
HISTFILE=$PWD/h.txt
HISTFILESIZE=2
set -o history
history
EOF
bash s.sh 2>&1
## stdout:
    1  old 2
    2  old 3
    3  history
## status: 0
## files:
h.txt: "old 3\nhistory\n"
s.sh: "HISTFILE=$PWD/h.txt\nHISTFILESIZE=2\nset -o history\nhistory\n"

### histappend appends the session's lines to HISTFILE when the shell ends
printf 'old\n' > h.txt
cat > s.sh <<'EOF'
HISTFILE=$PWD/h.txt
shopt -s histappend
set -o history
echo new
EOF
bash s.sh 2>&1; cat h.txt
## stdout:
new
old
echo new
## status: 0
## files:
h.txt: "old\necho new\n"
s.sh: "HISTFILE=$PWD/h.txt\nshopt -s histappend\nset -o history\necho new\n"

### history expansion: events, word designators and modifiers
cat > s.sh <<'EOF'
set -o history
set -H
echo a b c /x/y.tar.gz
echo !!:1 !-1:$ !!:2-3 !!:*
echo !!:$:h !!:$:t !!:$:r !!:$:e
echo !echo:0 !?y.tar?:%
echo !!:1-
!!:s/a/z/
^z^w^
echo foo foo
!!:gs/foo/bar/
echo !!:$:q !!:1-$:x
!!:p
echo !#
history
EOF
bash s.sh 2>&1
## stdout:
a b c /x/y.tar.gz
echo a /x/y.tar.gz b c a b c /x/y.tar.gz
a /x/y.tar.gz b c a b c /x/y.tar.gz
echo /x y.tar.gz /x/y.tar .gz
/x y.tar.gz /x/y.tar .gz
echo echo /x/y.tar
echo /x/y.tar
echo echo
echo
s.sh: line 8: :s/a/z/: substitution failed
s.sh: line 8: :s^z^w^: substitution failed
foo foo
echo bar bar
bar bar
echo 'bar' 'bar' 'bar'
bar bar bar
echo 'bar' 'bar' 'bar'
echo echo 
echo
    1  set -H
    2  echo a b c /x/y.tar.gz
    3  echo a /x/y.tar.gz b c a b c /x/y.tar.gz
    4  echo /x y.tar.gz /x/y.tar .gz
    5  echo echo /x/y.tar
    6  echo echo
    7  echo foo foo
    8  echo bar bar
    9  echo 'bar' 'bar' 'bar'
   10  echo 'bar' 'bar' 'bar'
   11  echo echo 
   12  history
## status: 0
## files:
s.sh: "set -o history\nset -H\necho a b c /x/y.tar.gz\necho !!:1 !-1:$ !!:2-3 !!:*\necho !!:$:h !!:$:t !!:$:r !!:$:e\necho !echo:0 !?y.tar?:%\necho !!:1-\n!!:s/a/z/\n^z^w^\necho foo foo\n!!:gs/foo/bar/\necho !!:$:q !!:1-$:x\n!!:p\necho !#\nhistory\n"

### history expansion: what stops it, errors and histchars
cat > s.sh <<'EOF'
set -o history
set -H
echo x
echo '!!' \!\! "!" [!a] ${!HOME*} $!
echo !nosuch
echo "status $?"
echo !!:9
echo !!:z
echo after $LINENO
histchars='@:#'
echo @@ '!!'
echo x # !!
EOF
bash s.sh 2>&1
## stdout:
x
!! !! ! [!a] HOME
s.sh: line 5: !nosuch: event not found
status 0
s.sh: line 6: :9: bad word specifier
s.sh: line 6: z: unrecognized history modifier
after 6
echo histchars='@:#' '!!'
histchars=@:# !!
x
## status: 0
## files:
s.sh: "set -o history\nset -H\necho x\necho '!!' \\!\\! \"!\" [!a] ${!HOME*} $!\necho !nosuch\necho \"status $?\"\necho !!:9\necho !!:z\necho after $LINENO\nhistchars='@:#'\necho @@ '!!'\necho x # !!\n"

### a failed expansion drops its line from a multi-line command
cat > s.sh <<'EOF'
set -H
for x in 1
do
  echo !nosuch
  echo kept $x
done
echo $LINENO
EOF
bash s.sh 2>&1
## stdout:
!nosuch
kept 1
7
## status: 0
## files:
s.sh: "set -H\nfor x in 1\ndo\n  echo !nosuch\n  echo kept $x\ndone\necho $LINENO\n"

### fc -e runs the edited commands as read, a here-document's entry ending in a newline
cat > s.sh <<'EOF'
set -o history
echo aa
echo bb
cat <<X
here
X
fc -e cat -2 -1
history
EOF
bash s.sh 2>&1
## stdout:
aa
bb
here
echo bb
cat <<X
here
X

echo bb
bb
cat <<X
here
X
here

    1  echo aa
    2  echo bb
    3  cat <<X
here
X

    4  echo bb
    5  cat <<X
here
X

    6  history
## status: 0
## files:
s.sh: "set -o history\necho aa\necho bb\ncat <<X\nhere\nX\nfc -e cat -2 -1\nhistory\n"

### HISTTIMEFORMAT: a time before each stamped entry, ?? before one added without
cat > s.sh <<'EOF'
set -o history
echo unstamped
HISTTIMEFORMAT='[] '
echo stamped
history
fc -l
EOF
bash s.sh 2>&1
## stdout:
unstamped
stamped
    1  ??echo unstamped
    2  ??HISTTIMEFORMAT='[] '
    3  [] echo stamped
    4  [] history
1	 echo unstamped
2	 HISTTIMEFORMAT='[] '
3	 echo stamped
4	 history
## status: 0
## files:
s.sh: "set -o history\necho unstamped\nHISTTIMEFORMAT='[] '\necho stamped\nhistory\nfc -l\n"

### HISTCONTROL=erasedups and shopt lithist
cat > s.sh <<'EOF'
HISTCONTROL=erasedups
shopt -s lithist
set -o history
echo a
echo b
echo a
for x in 1
do :
done
history
EOF
bash s.sh 2>&1
## stdout:
a
b
a
    1  echo b
    2  echo a
    3  for x in 1
do :
done
    4  history
## status: 0
## files:
s.sh: "HISTCONTROL=erasedups\nshopt -s lithist\nset -o history\necho a\necho b\necho a\nfor x in 1\ndo :\ndone\nhistory\n"

### history -n reads only the lines the file gained
cat > s.sh <<'EOF'
HISTFILE=$PWD/h.txt
set -o history
echo one
history -w
echo 'added elsewhere' >> h.txt
history -n
history
unset HISTFILE
EOF
bash s.sh 2>&1
## stdout:
one
    1  echo one
    2  history -w
    3  echo 'added elsewhere' >> h.txt
    4  history -n
    5  echo one
    6  history -w
    7  added elsewhere
    8  history
## status: 0
## files:
h.txt: "echo one\nhistory -w\nadded elsewhere\n"
s.sh: "HISTFILE=$PWD/h.txt\nset -o history\necho one\nhistory -w\necho 'added elsewhere' >> h.txt\nhistory -n\nhistory\nunset HISTFILE\n"

### the history file is written when the shell ends, after its EXIT trap
cat > s.sh <<'EOF'
HISTFILE=$PWD/h.txt
trap 'rm -f h.txt; echo trapped' EXIT
set -o history
echo x
EOF
bash s.sh 2>&1; cat h.txt
## stdout:
x
trapped
echo x
## status: 0
## files:
h.txt: "echo x\n"
s.sh: "HISTFILE=$PWD/h.txt\ntrap 'rm -f h.txt; echo trapped' EXIT\nset -o history\necho x\n"

### history -s takes the place of its own line once, and only while history is on
cat > s.sh <<'EOF'
set -o history
echo a
history -s one; history -s two
set +o history
history -s three
history
EOF
bash s.sh 2>&1
## stdout:
a
    1  echo a
    2  one
    3  two
    4  set +o history
    5  three
## status: 0
## files:
s.sh: "set -o history\necho a\nhistory -s one; history -s two\nset +o history\nhistory -s three\nhistory\n"

### bash -o history FILE keeps the script's first line too
printf 'echo a\nhistory\n' > p.sh
bash -o history p.sh
## stdout:
a
    1  echo a
    2  history
## status: 0
## files:
.bash_history: "echo a\nhistory\n"
p.sh: "echo a\nhistory\n"

### history expansion: shorthand designators, :p, :&, searches, quotes and substitutions, bad events
cat > s.sh <<'EOF'
set -o history
set -H
echo one two three
echo !$ !^ !* !:2
echo !:0-1 !:-2
echo x !!:0:s/e/E/:p
echo !!:&
cp a.txt b/c.d
echo !$:h !$:t !^:r
echo !?two
echo !?thr?:0
echo "!!"
echo "$(echo !!)"
echo `echo !!`
echo \!! '!'! "\!!"
echo !-0
echo !-99
echo !0
echo done
EOF
bash s.sh 2>&1
## stdout:
one two three
echo three one one two three two
three one one two three two
echo echo three echo three one
echo three echo three one
echo x Echo
echo Echo x Echo
Echo x Echo
cp: cannot stat 'a.txt': No such file or directory
echo b c.d a
b c.d a
echo echo three one one two three two
echo three one one two three two
echo echo
echo
echo "echo echo"
echo echo
echo "$(echo echo "echo echo")"
echo echo echo
echo `echo echo "$(echo echo "echo echo")"`
echo echo echo echo
!! !! \!!
s.sh: line 15: !-0: event not found
s.sh: line 15: !-99: event not found
s.sh: line 15: !0: event not found
done
## status: 0
## files:
s.sh: "set -o history\nset -H\necho one two three\necho !$ !^ !* !:2\necho !:0-1 !:-2\necho x !!:0:s/e/E/:p\necho !!:&\ncp a.txt b/c.d\necho !$:h !$:t !^:r\necho !?two\necho !?thr?:0\necho \"!!\"\necho \"$(echo !!)\"\necho `echo !!`\necho \\!! '!'! \"\\!!\"\necho !-0\necho !-99\necho !0\necho done\n"

### fc -l 0, fc -s re-running an fc line, HISTSIZE=0 and 3, history -d of a reversed range, history -1
cat > s.sh <<'EOF'
set -o history
echo a b
fc -l -1 -2
fc -ln
fc -l 0
fc -s b=c
r() { fc -s "$@"; }
echo q
fc -s x=y q
HISTSIZE=0
echo z
history
HISTSIZE=3
echo 1; echo 2
history
history -d 2-1
unset HISTSIZE
history 0
history -1
EOF
bash s.sh 2>&1
## stdout:
a b
1	 echo a b
	 echo a b
	 fc -l -1 -2
3	 fc -ln
fc -l 0
5	 fc -l 0
q
s.sh: line 9: fc: no command found
z
1
2
    9  echo 1; echo 2
   10  history
s.sh: line 16: history: 2: history position out of range
s.sh: line 19: history: -1: invalid option
history: usage: history [-c] [-d offset] [n] or history -anrw [filename] or history -ps arg [arg...]
## status: 2
## files:
s.sh: "set -o history\necho a b\nfc -l -1 -2\nfc -ln\nfc -l 0\nfc -s b=c\nr() { fc -s \"$@\"; }\necho q\nfc -s x=y q\nHISTSIZE=0\necho z\nhistory\nHISTSIZE=3\necho 1; echo 2\nhistory\nhistory -d 2-1\nunset HISTSIZE\nhistory 0\nhistory -1\n"
