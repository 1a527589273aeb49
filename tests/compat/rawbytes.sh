### a value keeps bytes that are not UTF-8: $'…', $( ), length, slices, substitution
echo $'\xff' | od -An -tx1
x=$(printf '\xfe\xff'); echo "$x" ${#x} | od -An -tx1
echo "${x:1}" "${x/$'\xff'/Z}" "${x%?}" | od -An -tx1
y=$'\xc3\xa9'; echo ${#y} "$y"
[[ $x == ?? ]] && echo two characters
case $x in $'\xfe'*) echo starts with fe;; esac
a=($'\xe9' b); echo "${#a[@]}" "${a[0]}" | od -An -tx1
## stdout:
 ff 0a
 fe ff 20 32 0a
 ff 20 fe 5a 20 fe 0a
1 é
two characters
starts with fe
 32 20 e9 0a
## status: 0

### read, mapfile, here-documents and here-strings keep bytes
printf 'a\xffb\n' | while read l; do echo "$l"; done | od -An -tx1
mapfile -t arr < <(printf 'p\xffq\nr\n'); echo "${arr[0]}" | od -An -tx1
x=$'\xfe'
cat <<E | od -An -tx1
h$x
E
cat <<< "$x" | od -An -tx1
IFS=$'\xff' read -r one two <<< $'1\xff2'; echo "$one,$two"
## stdout:
 61 ff 62 0a
 70 ff 71 0a
 68 fe 0a
 fe 0a
1,2
## status: 0

### echo -e, printf %s %b %q %c and declare -p write the bytes, quoted as bash quotes them
echo -e 'a\xffb' | od -An -tx1
printf '%s|%b|%c\n' $'\xe9t\xe9' 'a\xffb' $'\xe9' | od -An -tx1
printf '%q\n' $'\xe9t\xe9' $'a b\xff'
x=$'\xfe\xff'; declare -p x; echo "${x@Q}"
declare -A m=([$'\xe9']=1); declare -p m
## stdout:
 61 ff 62 0a
 e9 74 e9 7c 61 ff 62 7c e9 0a
$'\351t\351'
$'a b\377'
declare -- x=$'\376\377'
$'\376\377'
declare -A m=([$'\351']="1" )
## status: 0

### file names that are not UTF-8: globs, ls, find, cat, mv, cp, redirections
touch $'caf\xe9.txt' plain.txt
printf 'x\xffy\n' > $'caf\xe9.txt'
for f in *; do echo "$f"; done | od -An -c
ls | od -An -c
find . -name '*.txt' | sort | od -An -c
f=$(ls caf*); cat "$f" | od -An -tx1
cp "$f" copy.txt && od -An -tx1 copy.txt
mv "$f" $'na\xefve' && ls | od -An -c
echo hi > $'\xfe' && cat $'\xfe' && rm $'\xfe' plain.txt copy.txt $'na\xefve' && ls | wc -l
## stdout:
   c   a   f 351   .   t   x   t  \n   p   l   a   i   n   .   t
   x   t  \n
   c   a   f 351   .   t   x   t  \n   p   l   a   i   n   .   t
   x   t  \n
   .   /   c   a   f 351   .   t   x   t  \n   .   /   p   l   a
   i   n   .   t   x   t  \n
 78 ff 79 0a
 78 ff 79 0a
   c   o   p   y   .   t   x   t  \n   n   a 357   v   e  \n   p
   l   a   i   n   .   t   x   t  \n
hi
0
## status: 0

### text commands pass bytes through; grep leaves out a line that is not UTF-8 and says so +stderr
printf 'a\xffb\n' | sed 's/b/c/' | od -An -tx1
printf 'a\xffb\n' | cut -c1-3 | od -An -tx1
printf 'a\xffb\n' | tr -d a | od -An -tx1
printf 'a\xffb\nc\n' | sort -r | od -An -tx1
x=$'\xfe'; awk -v v="$x" 'BEGIN { print v }' | od -An -tx1
printf 'ok\na\xffb\nok2\n' | grep -n -A1 ok; echo "status $?"
printf 'ok\na\xffb\nok2\n' | grep -c b
printf 'a\xffb\n' | grep -a b | od -An -tx1
printf 'a\xffb\n' | grep -o a
## stdout:
 61 ff 63 0a
 61 ff 62 0a
 ff 62 0a
 63 0a 61 ff 62 0a
 fe 0a
1:ok
--
3:ok2
status 0
1
 61 ff 62 0a
a
## stderr:
grep: (standard input): binary file matches
## status: 0
