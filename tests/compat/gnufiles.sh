### rmdir refuses a last component . or .. +stderr
mkdir -p d/e; rmdir d/.; echo "s=$?"; rmdir d/e/./; echo "s=$?"; rmdir d/e/..; echo "s=$?"; ls -d d d/e
## stdout:
s=1
s=1
s=1
d
d/e
## stderr:
rmdir: failed to remove 'd/.': Invalid argument
rmdir: failed to remove 'd/e/./': Invalid argument
rmdir: failed to remove 'd/e/..': Directory not empty
## status: 0
## files:
d/
d/e/

### rmdir -v names each directory +stderr
mkdir -p r/s/t e; rmdir -v e; rmdir -pv r/s/t; echo "s=$?"; mkdir -p n/m; touch n/m/f; rmdir -v n/m/; echo "s=$?"
## stdout:
rmdir: removing directory, 'e'
rmdir: removing directory, 'r/s/t'
rmdir: removing directory, 'r/s'
rmdir: removing directory, 'r'
s=0
rmdir: removing directory, 'n/m/'
s=1
## stderr:
rmdir: failed to remove 'n/m/': Directory not empty
## status: 0
## files:
n/
n/m/
n/m/f: ""

### ln -sv names each link +stderr
touch a 'b c'; mkdir dd; ln -sv a l1; ln -sv a 'b c' dd; ln -sv /nowhere/y; ln -sv a dd; echo "s=$?"; ls dd
## stdout:
'l1' -> 'a'
'dd/a' -> 'a'
'dd/b c' -> 'b c'
'./y' -> '/nowhere/y'
s=1
a
b c
## stderr:
ln: failed to create symbolic link 'dd/a': File exists
## status: 0
## files:
a: ""
b c: ""
dd/
dd/a -> a
dd/b c -> b c
l1 -> a
y -> /nowhere/y

### cp and mv onto a missing directory named with a slash +stderr
touch f; mkdir d; cp f nodir/; echo "s=$?"; mv f nodir/; echo "s=$?"; cp -r d new/; echo "s=$?"; ls
## stdout:
s=1
s=1
s=0
d
f
new
## stderr:
cp: cannot create regular file 'nodir/': Not a directory
mv: cannot move 'f' to 'nodir/': Not a directory
## status: 0
## files:
d/
f: ""
new/

### mv will not put a directory over a file +stderr
touch f; mkdir d e; touch e/d; mv d f; echo "s=$?"; mv d e; echo "s=$?"; ls -d d f e/d
## stdout:
s=1
s=1
d
e/d
f
## stderr:
mv: cannot overwrite non-directory 'f' with directory 'd'
mv: cannot overwrite non-directory 'e/d' with directory 'd'
## status: 0
## files:
d/
e/
e/d: ""
f: ""

### cp -r of a directory into itself +stderr
mkdir d; touch d/f; cp -r d d/x; echo "s=$?"; cp -r d d; echo "s=$?"; ls d
## stdout:
s=1
s=1
d
f
x
## stderr:
cp: cannot copy a directory, 'd', into itself, 'd/x'
cp: cannot copy a directory, 'd', into itself, 'd/d'
## status: 0
## files:
d/
d/d/
d/d/f: ""
d/d/x/
d/d/x/f: ""
d/f: ""
d/x/
d/x/f: ""

### mkdir -p through a file +stderr
mkdir q; touch q/f; mkdir -p q/f/x/y; echo "s=$?"; mkdir -p q/f; echo "s=$?"; mkdir -p q/f/; echo "s=$?"; mkdir -p -m 700 q/f/z; echo "s=$?"
## stdout:
s=1
s=1
s=1
s=1
## stderr:
mkdir: cannot create directory 'q/f': Not a directory
mkdir: cannot create directory 'q/f': File exists
mkdir: cannot create directory 'q/f/': File exists
mkdir: cannot create directory 'q/f': Not a directory
## status: 0
## files:
q/
q/f: ""

### tr refuses an extra operand +stderr
echo abc | tr a b extra; echo "s=$?"; echo abc | tr -d a b; echo "s=$?"; echo aabc | tr -ds a b c; echo "s=$?"; echo aabc | tr -s a b; echo "s=$?"
## stdout:
s=1
s=1
s=1
bc
s=0
## stderr:
tr: extra operand 'extra'
Try 'tr --help' for more information.
tr: extra operand 'b'
Only one string may be given when deleting without squeezing repeats.
Try 'tr --help' for more information.
tr: extra operand 'c'
Try 'tr --help' for more information.
## status: 0

### truncate -r takes only a relative size +stderr
printf 12345 > r; truncate -r r g; echo "s=$?"; truncate -r r -s +2 h; echo "s=$?"; truncate -r r -s 3 i; echo "s=$?"; truncate -o j; echo "s=$?"; truncate -s 3 -o k; echo "s=$?"; wc -c g h k
## stdout:
s=0
s=0
s=1
s=1
s=0
    5 g
    7 h
12288 k
12300 total
## stderr:
truncate: you must specify a relative '--size' with '--reference'
Try 'truncate --help' for more information.
truncate: you must specify either '--size' or '--reference'
Try 'truncate --help' for more information.
## status: 0
## files:
g: "\u{0}\u{0}\u{0}\u{0}\u{0}"
h: "\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}"
k: 12288 bytes, 1 lines
r: "12345"

### stat names a link's target
touch a; ln -s a l; ln -s 'no where' l2; stat l | head -1; stat l2 | head -1; stat a | head -1
## stdout:
  File: l -> a
  File: l2 -> no where
  File: a
## status: 0
## files:
a: ""
l -> a
l2 -> no where

### chmod -R leaves links inside the tree alone
mkdir d; touch d/t t2; chmod 600 d/t t2; ln -s ../t2 d/l; chmod -R 750 d; stat -c %a d/t t2; ln -s t2 top; chmod 644 top; stat -c %a t2
## stdout:
750
600
644
## status: 0
## files:
d/
d/l -> ../t2
d/t: ""
t2: ""
top -> t2

### commands that run commands say why one cannot start +stderr
touch f; mkdir d
env x; echo "s=$?"; env ./f; echo "s=$?"; env ./d; echo "s=$?"; env ./nf; echo "s=$?"
timeout 1 x; echo "s=$?"; timeout 1 ./f; echo "s=$?"
nice x; echo "s=$?"; nice -n 1 ./f; echo "s=$?"
nohup x; echo "s=$?"; nohup ./f; echo "s=$?"
stdbuf -o0 x; echo "s=$?"; stdbuf -oL ./f; echo "s=$?"
echo a | xargs x; echo "s=$?"; echo a | xargs ./f; echo "s=$?"; echo a | xargs -I{} x {}; echo "s=$?"
find . -maxdepth 0 -exec x \; ; echo "s=$?"; find . -maxdepth 0 -exec ./f {} \; ; echo "s=$?"; find . -maxdepth 0 -exec x {} + ; echo "s=$?"
env echo ok; timeout 1 echo ok; nice echo ok; stdbuf -oL echo ok; echo ok | xargs echo
## stdout:
s=127
s=126
s=126
s=127
s=127
s=126
s=127
s=126
s=127
s=126
s=127
s=126
s=127
s=126
s=127
s=0
s=0
s=1
ok
ok
ok
ok
ok
## stderr:
env: 'x': No such file or directory
env: './f': Permission denied
env: './d': Permission denied
env: './nf': No such file or directory
timeout: failed to run command 'x': No such file or directory
timeout: failed to run command './f': Permission denied
nice: 'x': No such file or directory
nice: './f': Permission denied
nohup: failed to run command 'x': No such file or directory
nohup: failed to run command './f': Permission denied
stdbuf: failed to run command 'x': No such file or directory
stdbuf: failed to run command './f': Permission denied
xargs: x: No such file or directory
xargs: ./f: Permission denied
xargs: x: No such file or directory
find: 'x': No such file or directory
find: './f': Permission denied
find: 'x': No such file or directory
## status: 0
## files:
d/
f: ""

### mkdir -m takes a symbolic mode, from all permissions
mkdir -m a=x d1; mkdir -m u=rwx,go=rx d2; mkdir -m 700 d3; mkdir -m go-w d4
stat -c '%a %n' d1 d2 d3 d4
mkdir -m a=bad d5; echo "status $?"
## stdout:
111 d1
755 d2
700 d3
755 d4
status 1
## status: 0
## files:
d1/
d2/
d3/
d4/

### chmod's symbolic modes: the umask limits a clause without a class, s and t, copying a class
umask 022
touch f1 f3 f4 f5 f6
mkdir f2 f7
chmod 444 f1; chmod +w f1
chmod u+s f2; chmod o+t f3
chmod 640 f4; chmod o=u f4
chmod 751 f5; chmod g=o f5
chmod a=rwx,-w f6
chmod 644 f7; chmod u=rwxs,go=g f7
mkdir d; chmod g+s d; chmod 750 d; chmod u=rwx,g=rx,o= d
stat -c '%a %n' f1 f2 f3 f4 f5 f6 f7 d; ls -ld f2 f3 f7 d | cut -c1-10
chmod 00750 d; stat -c '%a %n' d
## stdout:
644 f1
4755 f2
1644 f3
646 f4
711 f5
577 f6
4744 f7
2750 d
drwxr-s---
drwsr-xr-x
-rw-r--r-T
drwsr--r--
750 d
## status: 0
## files:
d/
f1: ""
f2/
f3: ""
f4: ""
f5: ""
f6: ""
f7/

### chmod takes an operator and an octal number as a clause (=755, +0, -7000), not after a class
touch f; mkdir d; chmod 2755 d
chmod =640 f; stat -c %a f; chmod +011 f; stat -c %a f; chmod -7000 f; stat -c %a f; chmod =0 f; stat -c %a f; chmod =755,u-x f; stat -c %a f
chmod =700 d; stat -c %a d; chmod =00700 d; stat -c %a d
chmod u=755 f 2>/dev/null; echo "rc=$?"; chmod +88 f 2>/dev/null; echo "rc=$?"; chmod =7,+ f 2>/dev/null; echo "rc=$?"; stat -c %a f
## stdout:
640
651
651
0
655
700
700
rc=1
rc=1
rc=0
7
## status: 0
## files:
d/
f: ""
