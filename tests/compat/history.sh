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
