### cat, wc, head and tail name a missing file as GNU quotes it +stderr
for f in plain 'a b' "it's" 'a$b' "a'\$b" $'x\ny' $'t\tb' $'f\351' 'a:b' '~x' 'x~' ''; do
  cat -- "$f"; wc -l -- "$f"; head -n1 -- "$f"; tail -n1 -- "$f"
done
## stderr:
cat: plain: No such file or directory
wc: plain: No such file or directory
head: cannot open 'plain' for reading: No such file or directory
tail: cannot open 'plain' for reading: No such file or directory
cat: 'a b': No such file or directory
wc: 'a b': No such file or directory
head: cannot open 'a b' for reading: No such file or directory
tail: cannot open 'a b' for reading: No such file or directory
cat: "it's": No such file or directory
wc: "it's": No such file or directory
head: cannot open "it's" for reading: No such file or directory
tail: cannot open "it's" for reading: No such file or directory
cat: 'a$b': No such file or directory
wc: 'a$b': No such file or directory
head: cannot open 'a$b' for reading: No such file or directory
tail: cannot open 'a$b' for reading: No such file or directory
cat: 'a'\''$b': No such file or directory
wc: 'a'\''$b': No such file or directory
head: cannot open 'a'\''$b' for reading: No such file or directory
tail: cannot open 'a'\''$b' for reading: No such file or directory
cat: 'x'$'\n''y': No such file or directory
wc: 'x'$'\n''y': No such file or directory
head: cannot open 'x'$'\n''y' for reading: No such file or directory
tail: cannot open 'x'$'\n''y' for reading: No such file or directory
cat: 't'$'\t''b': No such file or directory
wc: 't'$'\t''b': No such file or directory
head: cannot open 't'$'\t''b' for reading: No such file or directory
tail: cannot open 't'$'\t''b' for reading: No such file or directory
cat: 'f'$'\351': No such file or directory
wc: 'f'$'\351': No such file or directory
head: cannot open 'f'$'\351' for reading: No such file or directory
tail: cannot open 'f'$'\351' for reading: No such file or directory
cat: 'a:b': No such file or directory
wc: 'a:b': No such file or directory
head: cannot open 'a:b' for reading: No such file or directory
tail: cannot open 'a:b' for reading: No such file or directory
cat: '~x': No such file or directory
wc: '~x': No such file or directory
head: cannot open '~x' for reading: No such file or directory
tail: cannot open '~x' for reading: No such file or directory
cat: x~: No such file or directory
wc: x~: No such file or directory
head: cannot open 'x~' for reading: No such file or directory
tail: cannot open 'x~' for reading: No such file or directory
cat: '': No such file or directory
wc: invalid zero-length file name
head: cannot open '' for reading: No such file or directory
tail: cannot open '' for reading: No such file or directory
## status: 1

### ls, stat and du: cannot access NAME +stderr
for f in plain 'a b' "it's" $'x\ny' $'f\351'; do
  ls -- "$f"; stat -- "$f"; du -- "$f"
done
echo end
## stdout:
end
## stderr:
ls: cannot access 'plain': No such file or directory
stat: cannot statx 'plain': No such file or directory
du: cannot access 'plain': No such file or directory
ls: cannot access 'a b': No such file or directory
stat: cannot statx 'a b': No such file or directory
du: cannot access 'a b': No such file or directory
ls: cannot access "it's": No such file or directory
stat: cannot statx "it's": No such file or directory
du: cannot access "it's": No such file or directory
ls: cannot access 'x'$'\n''y': No such file or directory
stat: cannot statx 'x'$'\n''y': No such file or directory
du: cannot access 'x'$'\n''y': No such file or directory
ls: cannot access 'f'$'\351': No such file or directory
stat: cannot statx 'f'$'\351': No such file or directory
du: cannot access 'f'$'\351': No such file or directory
## status: 0

### rm, rmdir and touch on missing names and paths +stderr
for f in plain 'a b' "it's" "a'\$b" $'x\ny' $'f\351' $'a\'\n'; do
  rm -- "$f"; rmdir -- "$f"; touch -- "nodir/$f"
done
## stderr:
rm: cannot remove 'plain': No such file or directory
rmdir: failed to remove 'plain': No such file or directory
touch: cannot touch 'nodir/plain': No such file or directory
rm: cannot remove 'a b': No such file or directory
rmdir: failed to remove 'a b': No such file or directory
touch: cannot touch 'nodir/a b': No such file or directory
rm: cannot remove "it's": No such file or directory
rmdir: failed to remove "it's": No such file or directory
touch: cannot touch "nodir/it's": No such file or directory
rm: cannot remove 'a'\''$b': No such file or directory
rmdir: failed to remove 'a'\''$b': No such file or directory
touch: cannot touch 'nodir/a'\''$b': No such file or directory
rm: cannot remove 'x'$'\n''y': No such file or directory
rmdir: failed to remove 'x'$'\n''y': No such file or directory
touch: cannot touch 'nodir/x'$'\n''y': No such file or directory
rm: cannot remove 'f'$'\351': No such file or directory
rmdir: failed to remove 'f'$'\351': No such file or directory
touch: cannot touch 'nodir/f'$'\351': No such file or directory
rm: cannot remove '''a'\'''$'\n': No such file or directory
rmdir: failed to remove '''a'\'''$'\n': No such file or directory
touch: cannot touch '''nodir/a'\'''$'\n': No such file or directory
## status: 1

### mkdir quotes with C escapes; mkdir -v and rm -v print names quoted for the shell +stderr
for f in 'a b' "it's" $'x\ny' $'t\tb' $'f\351' 'a\b'; do
  mkdir -- "nodir/$f"
  mkdir -v -- "$f" && rmdir -- "$f"
done
touch 'a b' "it's" $'x\ny'
rm -v -- 'a b' "it's" $'x\ny'
## stdout:
mkdir: created directory 'a b'
mkdir: created directory "it's"
mkdir: created directory 'x'$'\n''y'
mkdir: created directory 't'$'\t''b'
mkdir: created directory 'f'$'\351'
mkdir: created directory 'a\b'
removed 'a b'
removed "it's"
removed 'x'$'\n''y'
## stderr:
mkdir: cannot create directory 'nodir/a b': No such file or directory
mkdir: cannot create directory 'nodir/it's': No such file or directory
mkdir: cannot create directory 'nodir/x\ny': No such file or directory
mkdir: cannot create directory 'nodir/t\tb': No such file or directory
mkdir: cannot create directory 'nodir/f\351': No such file or directory
mkdir: cannot create directory 'nodir/a\\b': No such file or directory
## status: 0

### cp and mv: cannot stat, verbose copies and renames +stderr
touch 'a b' "it's" $'f\351'
cp -- 'no such' x; mv -- "it isn't" y
cp -v -- 'a b' "c d"; mv -v -- "it's" "it is"; cp -v -- $'f\351' plain
mkdir dir; cp -- dir 'a b'; mv -- dir "dir/it's"
cp -- 'a b' 'a b'
ls
## stdout:
'a b' -> 'c d'
renamed "it's" -> 'it is'
'f'$'\351' -> 'plain'
a b
c d
dir
f�
it is
plain
## stderr:
cp: cannot stat 'no such': No such file or directory
mv: cannot stat "it isn't": No such file or directory
cp: -r not specified; omitting directory 'dir'
mv: cannot move 'dir' to a subdirectory of itself, "dir/it's"
cp: 'a b' and 'a b' are the same file
## status: 0
## files:
a b: ""
c d: ""
dir/
f�: ""
it is: ""
plain: ""

### chmod and ln: cannot access, verbose changes, failed links +stderr
touch 'a b' "it's"
chmod 644 -- 'no such' "no'pe" $'x\ny'
chmod -v 600 -- 'a b' "it's"
chmod -c 600 -- 'a b'
chmod x -- 'a b'
ln -s target -- "nodir/it's"; ln -s target -- $'nodir/x\ny'
## stdout:
mode of 'a b' changed from 0644 (rw-r--r--) to 0600 (rw-------)
mode of "it's" changed from 0644 (rw-r--r--) to 0600 (rw-------)
## stderr:
chmod: cannot access 'no such': No such file or directory
chmod: cannot access "no'pe": No such file or directory
chmod: cannot access 'x'$'\n''y': No such file or directory
chmod: invalid mode: 'x'
Try 'chmod --help' for more information.
ln: failed to create symbolic link "nodir/it's": No such file or directory
ln: failed to create symbolic link 'nodir/x'$'\n''y': No such file or directory
## status: 1
## files:
a b: ""
it's: ""

### sort, grep, sed, diff and find name missing files in their own ways +stderr
for f in 'a b' "it's" $'x\ny' $'f\351'; do
  sort -- "$f"; grep x -- "$f"; sed p -- "$f"; diff -- "$f" /dev/null; find "$f"
done
## stderr:
sort: cannot read: 'a b': No such file or directory
grep: a b: No such file or directory
sed: can't read a b: No such file or directory
diff: a b: No such file or directory
find: 'a b': No such file or directory
sort: cannot read: "it's": No such file or directory
grep: it's: No such file or directory
sed: can't read it's: No such file or directory
diff: it's: No such file or directory
find: 'it's': No such file or directory
sort: cannot read: 'x'$'\n''y': No such file or directory
grep: x
y: No such file or directory
sed: can't read x
y: No such file or directory
diff: x
y: No such file or directory
find: 'x\ny': No such file or directory
sort: cannot read: 'f'$'\351': No such file or directory
grep: f�: No such file or directory
sed: can't read f�: No such file or directory
diff: f�: No such file or directory
find: 'f\351': No such file or directory
## status: 1

### tar names a missing member without quotes, with C escapes +stderr
tar cf t.tar -- 'a b' 'a:b' $'t\tb' $'f\351' "it's"
tar xf $'x\ty'
echo $?
## stdout:
2
## stderr:
tar: a b: Cannot stat: No such file or directory
tar: a\:b: Cannot stat: No such file or directory
tar: t\tb: Cannot stat: No such file or directory
tar: f\351: Cannot stat: No such file or directory
tar: it's: Cannot stat: No such file or directory
tar: Exiting with failure status due to previous errors
tar: x\ty: Cannot open: No such file or directory
tar: Error is not recoverable: exiting now
## status: 0
## files:
t.tar: 10240 bytes, 1 lines

### coreutils' filters name a missing file with quotef +stderr
for f in "it's" $'x\ny' $'f\351'; do
  cut -f1 -- "$f"; paste -- "$f"; nl -- "$f"; uniq -- "$f"; fold -- "$f"; expand -- "$f"; od -- "$f"
  base64 -- "$f"; md5sum -- "$f"; cksum -- "$f"; sum -- "$f"; shuf -- "$f"; tsort -- "$f"; pr -- "$f"
  tac -- "$f"; comm -- "$f" /dev/null; join -- "$f" /dev/null; realpath -- "nodir/$f"; unlink -- "$f"
done
## stderr:
cut: "it's": No such file or directory
paste: "it's": No such file or directory
nl: "it's": No such file or directory
uniq: "it's": No such file or directory
fold: "it's": No such file or directory
expand: "it's": No such file or directory
od: "it's": No such file or directory
base64: "it's": No such file or directory
md5sum: "it's": No such file or directory
cksum: "it's": No such file or directory
sum: "it's": No such file or directory
shuf: "it's": No such file or directory
tsort: "it's": No such file or directory
pr: "it's": No such file or directory
tac: failed to open "it's" for reading: No such file or directory
comm: "it's": No such file or directory
join: "it's": No such file or directory
realpath: "nodir/it's": No such file or directory
unlink: cannot unlink "it's": No such file or directory
cut: 'x'$'\n''y': No such file or directory
paste: 'x'$'\n''y': No such file or directory
nl: 'x'$'\n''y': No such file or directory
uniq: 'x'$'\n''y': No such file or directory
fold: 'x'$'\n''y': No such file or directory
expand: 'x'$'\n''y': No such file or directory
od: 'x'$'\n''y': No such file or directory
base64: 'x'$'\n''y': No such file or directory
md5sum: 'x'$'\n''y': No such file or directory
cksum: 'x'$'\n''y': No such file or directory
sum: 'x'$'\n''y': No such file or directory
shuf: 'x'$'\n''y': No such file or directory
tsort: 'x'$'\n''y': No such file or directory
pr: 'x'$'\n''y': No such file or directory
tac: failed to open 'x'$'\n''y' for reading: No such file or directory
comm: 'x'$'\n''y': No such file or directory
join: 'x'$'\n''y': No such file or directory
realpath: 'nodir/x'$'\n''y': No such file or directory
unlink: cannot unlink 'x'$'\n''y': No such file or directory
cut: 'f'$'\351': No such file or directory
paste: 'f'$'\351': No such file or directory
nl: 'f'$'\351': No such file or directory
uniq: 'f'$'\351': No such file or directory
fold: 'f'$'\351': No such file or directory
expand: 'f'$'\351': No such file or directory
od: 'f'$'\351': No such file or directory
base64: 'f'$'\351': No such file or directory
md5sum: 'f'$'\351': No such file or directory
cksum: 'f'$'\351': No such file or directory
sum: 'f'$'\351': No such file or directory
shuf: 'f'$'\351': No such file or directory
tsort: 'f'$'\351': No such file or directory
pr: 'f'$'\351': No such file or directory
tac: failed to open 'f'$'\351' for reading: No such file or directory
comm: 'f'$'\351': No such file or directory
join: 'f'$'\351': No such file or directory
realpath: 'nodir/f'$'\351': No such file or directory
unlink: cannot unlink 'f'$'\351': No such file or directory
## status: 1

### install, dd, truncate, fmt and split name a file in a sentence +stderr
for f in 'a b' "it's" $'x\ny'; do
  install -- "$f" dest; dd if="$f" of=/dev/null status=none; truncate -s 0 -- "nodir/$f"
  fmt -- "$f"; split -- "$f"; touch -r "$f" x; chmod --reference="$f" 644 x
done
touch 'a b'; install -v -- 'a b' "it's"; mkdir d; install -v -d "d/it's"
## stdout:
'a b' -> "it's"
install: creating directory "d/it's"
## stderr:
install: cannot stat 'a b': No such file or directory
dd: failed to open 'a b': No such file or directory
truncate: cannot open 'nodir/a b' for writing: No such file or directory
fmt: cannot open 'a b' for reading: No such file or directory
split: cannot open 'a b' for reading: No such file or directory
touch: failed to get attributes of 'a b': No such file or directory
chmod: failed to get attributes of 'a b': No such file or directory
install: cannot stat "it's": No such file or directory
dd: failed to open "it's": No such file or directory
truncate: cannot open "nodir/it's" for writing: No such file or directory
fmt: cannot open "it's" for reading: No such file or directory
split: cannot open "it's" for reading: No such file or directory
touch: failed to get attributes of "it's": No such file or directory
chmod: failed to get attributes of "it's": No such file or directory
install: cannot stat 'x'$'\n''y': No such file or directory
dd: failed to open 'x'$'\n''y': No such file or directory
truncate: cannot open 'nodir/x'$'\n''y' for writing: No such file or directory
fmt: cannot open 'x'$'\n''y' for reading: No such file or directory
split: cannot open 'x'$'\n''y' for reading: No such file or directory
touch: failed to get attributes of 'x'$'\n''y': No such file or directory
chmod: failed to get attributes of 'x'$'\n''y': No such file or directory
## status: 0
## files:
a b: ""
d/
d/it's/
it's: ""

### wc quotes a name with a newline in its output; cp, mv and mktemp name targets and templates +stderr
for f in 'a b' "it's" $'x\ny' $'f\351'; do
  mkdir -- "$f"; touch -- "$f/a" "$f/b"
  wc -l -- "$f/a" "$f/b"
  cp -- "$f/a" "$f/b" "$f/a"; mv -- "$f/a" "$f/b" "nodir/$f"; cp -- "$f/a" "nodir/$f"
  mktemp -- "nodir/${f}XXX"; mktemp -d --suffix=.d -- "nodir/${f}XXX"
  sort -c -- "nodir/$f"; csplit -- "nodir/$f" 1
  rm -r -- "$f"
done
## stdout:
0 a b/a
0 a b/b
0 total
0 it's/a
0 it's/b
0 total
0 'x'$'\n''y/a'
0 'x'$'\n''y/b'
0 total
0 f�/a
0 f�/b
0 total
## stderr:
cp: target 'a b/a': Not a directory
mv: target 'nodir/a b': No such file or directory
cp: cannot create regular file 'nodir/a b': No such file or directory
mktemp: failed to create file via template 'nodir/a bXXX': No such file or directory
mktemp: failed to create directory via template 'nodir/a bXXX.d': No such file or directory
sort: open failed: 'nodir/a b': No such file or directory
csplit: cannot open 'nodir/a b' for reading: No such file or directory
cp: target "it's/a": Not a directory
mv: target "nodir/it's": No such file or directory
cp: cannot create regular file "nodir/it's": No such file or directory
mktemp: failed to create file via template 'nodir/it'sXXX': No such file or directory
mktemp: failed to create directory via template 'nodir/it'sXXX.d': No such file or directory
sort: open failed: "nodir/it's": No such file or directory
csplit: cannot open "nodir/it's" for reading: No such file or directory
cp: target 'x'$'\n''y/a': Not a directory
mv: target 'nodir/x'$'\n''y': No such file or directory
cp: cannot create regular file 'nodir/x'$'\n''y': No such file or directory
mktemp: failed to create file via template 'nodir/x\nyXXX': No such file or directory
mktemp: failed to create directory via template 'nodir/x\nyXXX.d': No such file or directory
sort: open failed: 'nodir/x'$'\n''y': No such file or directory
csplit: cannot open 'nodir/x'$'\n''y' for reading: No such file or directory
cp: target 'f'$'\351''/a': Not a directory
mv: target 'nodir/f'$'\351': No such file or directory
cp: cannot create regular file 'nodir/f'$'\351': No such file or directory
mktemp: failed to create file via template 'nodir/f\351XXX': No such file or directory
mktemp: failed to create directory via template 'nodir/f\351XXX.d': No such file or directory
sort: open failed: 'nodir/f'$'\351': No such file or directory
csplit: cannot open 'nodir/f'$'\351' for reading: No such file or directory
## status: 0

### stat's %N quotes a name and a link's target as coreutils does +stderr
for f in plain 'a b' "it's" $'x\ny' $'f\351'; do
  touch -- "$f"; ln -s -- "$f" "l$f"
  stat -c '%N|%n' -- "$f" "l$f"
  find "nodir/$f" -name x
  rm -- "$f" "l$f"
done
## stdout:
'plain'|plain
'lplain' -> 'plain'|lplain
'a b'|a b
'la b' -> 'a b'|la b
"it's"|it's
"lit's" -> "it's"|lit's
'x'$'\n''y'|x
y
'lx'$'\n''y' -> 'x'$'\n''y'|lx
y
'f'$'\351'|f�
'lf'$'\351' -> 'f'$'\351'|lf�
## stderr:
find: 'nodir/plain': No such file or directory
find: 'nodir/a b': No such file or directory
find: 'nodir/it's': No such file or directory
find: 'nodir/x\ny': No such file or directory
find: 'nodir/f\351': No such file or directory
## status: 0

### a directory given as a file: each tool's words and quoting +stderr
for f in 'a b' "it's" $'x\ny'; do
  mkdir -- "$f"
  cat -- "$f"; head -- "$f"; tail -- "$f"; wc -- "$f"; sort -- "$f"; od -- "$f"; md5sum -- "$f"
  cut -f1 -- "$f"; nl -- "$f"; paste -- "$f"; fold -- "$f"; expand -- "$f"; pr -- "$f"; sum -- "$f"
  grep x -- "$f"; rm -- "$f"; cp -- "$f" x
  rmdir -- "$f"
done
## stdout:
      0       0       0 a b
0000000
      0       0       0 it's
0000000
      0       0       0 'x'$'\n''y'
0000000
## stderr:
cat: 'a b': Is a directory
head: error reading 'a b': Is a directory
tail: error reading 'a b': Is a directory
wc: 'a b': Is a directory
sort: read failed: 'a b': Is a directory
od: 'a b': Is a directory
md5sum: 'a b': Is a directory
cut: 'a b': Is a directory
nl: 'a b': Is a directory
paste: 'a b': Is a directory
fold: 'a b': Is a directory
expand: 'a b': Is a directory
pr: 'a b': Is a directory
sum: 'a b': Is a directory
grep: a b: Is a directory
rm: cannot remove 'a b': Is a directory
cp: -r not specified; omitting directory 'a b'
cat: "it's": Is a directory
head: error reading "it's": Is a directory
tail: error reading "it's": Is a directory
wc: "it's": Is a directory
sort: read failed: "it's": Is a directory
od: "it's": Is a directory
md5sum: "it's": Is a directory
cut: "it's": Is a directory
nl: "it's": Is a directory
paste: "it's": Is a directory
fold: "it's": Is a directory
expand: "it's": Is a directory
pr: "it's": Is a directory
sum: "it's": Is a directory
grep: it's: Is a directory
rm: cannot remove "it's": Is a directory
cp: -r not specified; omitting directory "it's"
cat: 'x'$'\n''y': Is a directory
head: error reading 'x'$'\n''y': Is a directory
tail: error reading 'x'$'\n''y': Is a directory
wc: 'x'$'\n''y': Is a directory
sort: read failed: 'x'$'\n''y': Is a directory
od: 'x'$'\n''y': Is a directory
md5sum: 'x'$'\n''y': Is a directory
cut: 'x'$'\n''y': Is a directory
nl: 'x'$'\n''y': Is a directory
paste: 'x'$'\n''y': Is a directory
fold: 'x'$'\n''y': Is a directory
expand: 'x'$'\n''y': Is a directory
pr: 'x'$'\n''y': Is a directory
sum: 'x'$'\n''y': Is a directory
grep: x
y: Is a directory
rm: cannot remove 'x'$'\n''y': Is a directory
cp: -r not specified; omitting directory 'x'$'\n''y'
## status: 0

### tar lists and names members with C escapes, a backslash doubled +stderr
touch -- $'x\ny' 'a:b' $'f\351' 'back\slash' $'t\tb'
tar cvf t.tar -- $'x\ny' 'a:b' $'f\351' 'back\slash' $'t\tb'
tar tf t.tar
rm -- $'x\ny' 'a:b' $'f\351' 'back\slash' $'t\tb' t.tar
tar xf nothing.tar
## stdout:
x\ny
a:b
f\351
back\\slash
t\tb
x\ny
a:b
f\351
back\\slash
t\tb
## stderr:
tar: nothing.tar: Cannot open: No such file or directory
tar: Error is not recoverable: exiting now
## status: 2
