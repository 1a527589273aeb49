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

### $( ) keeps bytes that look like a stand-in's UTF-8
x=$(printf '\xf4\x8f\xbe\x80'); printf %s "$x" | od -An -tx1
printf 'a\xf4\x8f\xbf\xbf\n' > f; x=$(<f); printf '%s\n' "$x" "$(cat f)" | od -An -tx1
## stdout:
 f4 8f be 80
 61 f4 8f bf bf 0a 61 f4 8f bf bf 0a
## status: 0
## files:
f: "a􏿿\n"

### read -d and mapfile -d end at a delimiter byte that is not UTF-8
printf 'ab\xffcd\xff' | { read -d $'\xff' a; read -d $'\xff' b; echo "$a|$b"; } | od -An -tx1
printf 'ab\xffcd\xff' | { mapfile -d $'\xff' -t arr; echo "${#arr[@]} ${arr[1]}"; } | od -An -tx1
printf 'ab\xc3\xa9cd\xc3\xa9' | { mapfile -d é arr; declare -p arr; }
## stdout:
 61 62 7c 63 64 0a
 32 20 63 64 0a
declare -a arr=([0]=$'ab\303' [1]=$'\251cd\303' [2]=$'\251')
## status: 0

### cut -d, sort -t, tac -s, paste -d and pr -s take a separator byte that is not UTF-8
printf 'a\xe9b\xe9c\n' | cut -d $'\xe9' -f 2,3 --output-delimiter=$'\xff' | od -An -tx1
printf 'b\xe9a\na\xe9b\n' | sort -t $'\xe9' -k2 | od -An -tx1
printf 'a\xe9b\xe9' | tac -s $'\xe9' | od -An -tx1
printf '%s\n' a b | paste -d $'\xe9' - - | od -An -tx1
printf 'a\nb\n' | pr -t -2 -s$'\xe9' | od -An -tx1
shuf -e $'\xe9' | od -An -tx1
## stdout:
 62 ff 63 0a
 62 e9 61 0a 61 e9 62 0a
 62 e9 61 e9
 61 e9 62 0a
 61 e9 62 0a
 e9 0a
## status: 0

### awk's printf %s and %c write a byte that is not UTF-8 as itself
x=$'\xe9'; awk -v s="$x" 'BEGIN { printf "%s|%5s|%.1s|%c\n", s, s, s s, s }' | od -An -tx1
printf 'a\xe9b\n' | awk '{ printf "%c|%s\n", substr($0, 2), $0 }' | od -An -tx1
## stdout:
 e9 7c 20 20 20 20 e9 7c e9 7c e9 0a
 e9 7c 61 e9 62 0a
## status: 0

### sed: a script's bytes that are not UTF-8 and its \xHH, \oNNN, \dNNN escapes are bytes
printf 'a\xe9b\n' | sed $'s/a/\xff/' | od -An -tx1
printf 'a\xe9b\n' | sed 's/a/\xff\o101\d66/; s/\xe9/[&]/' | od -An -tx1
printf 'a\xe9b\n' | sed -n '/\xe9/p' | od -An -tx1
printf 'a\xe9b\n' | sed 's/.*/<&>/; s/b/\U&/' | od -An -tx1
printf 'a\xe9b\n' | sed $'1i\\\n\xfe' | od -An -tx1
printf 'a\xe9b\n' | sed 'y/ab/AB/' | od -An -tx1
## stdout:
 ff e9 62 0a
 ff 41 42 5b e9 5d 62 0a
 61 e9 62 0a
 3c 61 3e e9 42 0a
 fe 0a 61 e9 62 0a
 41 e9 42 0a
## status: 0

### tar keeps member names that are not UTF-8 and lists them as GNU does
x=$'\xe9'; printf 'hi\n' > "f$x"; printf 'x\n' > $'t\tab'
tar cf a.tar "f$x" $'t\tab'; tar tf a.tar | od -An -c
rm "f$x"; tar xvf a.tar | od -An -c; cat "f$x"
tar czf b.tgz "f$x"; rm "f$x"; tar xzf b.tgz; ls f* | od -An -tx1
rm a.tar b.tgz
## stdout:
   f   \   3   5   1  \n   t   \   t   a   b  \n
   f   \   3   5   1  \n   t   \   t   a   b  \n
hi
 66 e9 0a
## status: 0
## files:
f�: "hi\n"
t	ab: "x\n"

### a byte that is not UTF-8 is in no character class; set quotes it as $'…'
x=$'\xe9'
for class in alpha print graph punct alnum cntrl; do [[ $x == [[:$class:]] ]] && echo "$class"; done
case $x in [[:print:]]) echo print;; ?) echo one character;; esac
y=$'a\nb'; set | grep -a -e '^x=' -e '^y='
## stdout:
one character
x=$'\351'
y=$'a\nb'
## status: 0

### wc -m and -L do not count a byte that is not UTF-8; -w does not count it as a word
printf 'a\xe9 \xe9\xe9 b\n' | wc -w -m -L
printf '\xe9\n' | wc -w -m -L -c
## stdout:
      2       5       4
      0       1       2       0
## status: 0

### printf %c is the first byte; a precision cuts in bytes, as bash's
printf '%c|%3c|%.1s|%5.1s|%c\n' é é é é $'\xe9\xff' | od -An -tx1
printf -v v '%.1s' é; echo ${#v}; printf %s "$v" | od -An -tx1
## stdout:
 c3 7c 20 20 c3 7c c3 7c 20 20 20 20 c3 7c e9 0a
1
 c3
## status: 0

### texts order as their bytes: globs, ls, [[ < ]], test and expr
touch $'\xe9' é $'\xf0\x9f\x98\x80' $'\xff' z
echo * | od -An -tx1
ls | od -An -tx1; ls -r | od -An -tx1
[[ $'\xe9' < $'\xf0\x9f\x98\x80' ]] && echo lt || echo ge
[[ $'\xe9' > $'\xef\xbf\xbf' ]] && echo gt || echo le
test $'\xe9' \< $'\xf0\x9f\x98\x80' && echo lt || echo ge
expr $'\xe9' \< $'\xf0\x9f\x98\x80'
rm -- *
## stdout:
 7a 20 c3 a9 20 e9 20 f0 9f 98 80 20 ff 0a
 7a 0a c3 a9 0a e9 0a f0 9f 98 80 0a ff 0a
 ff 0a f0 9f 98 80 0a e9 0a c3 a9 0a 7a 0a
lt
le
lt
1
## status: 0

### jq -R reads its files' bytes end to end
printf 'x' > a; printf 'y\xf4\x8f\xbe\x80\n' > b
jq -R . a b | od -An -c
jq -Rs . b b
jq -R . b
rm a b
## stdout:
   "   x   y 364 217 276 200   "  \n
"y􏾀\ny􏾀\n"
"y􏾀"
## status: 0

### set -x quotes a byte that is not UTF-8 and a control character as $'…'
x=$'\xe9'
(set -x; : "a$x" $'a\tb' 'a b' plain; y=$x) 2>&1
## stdout:
+ : $'a\351' 'a	b' 'a b' plain
+ y=$'\351'
## status: 0

### find -regex matches a name's bytes
x=$'\xe9'; touch "f$x" g
find . -regex ".*f$x" | od -An -c
find . -regex '.*' | sort | od -An -c
find . -regex './f.' | od -An -c
## stdout:
   .   /   f 351  \n
   .  \n   .   /   g  \n
## status: 0
## files:
f�: ""
g: ""

### set -x quotes as bash: metacharacters in single quotes, else $'…' for bytes and controls
x=$'\xe9'
(set -x; : a^b é "a b$x" $'\t'"$x" $'a\x01b' ''; z="a b$x") 2>&1 | od -An -c
## stdout:
   +       :       '   a   ^   b   '     303 251       '   a    
   b 351   '       '  \t 351   '       $   '   a   \   0   0   1
   b   '       '   '  \n   +       z   =   '   a       b 351   '
  \n
## status: 0

### jq reads a byte that is not UTF-8 in its arguments, filter and $ENV as U+FFFD, as jq does
x=$'\xe9'; export x
jq -n --arg v "a$x" '$v, ($v|length)' | od -An -tx1
jq -n "\"a$x\""', $ARGS.positional[0], $ENV.x' --args "$x" | od -An -tx1
echo 1 > "f$x"; jq . "f$x"; rm "f$x"
## stdout:
 22 61 ef bf bd 22 0a 32 0a
 22 61 ef bf bd 22 0a 22 ef bf bd 22 0a 22 ef bf
 bd 22 0a
1
## status: 0

### awk: a regular expression's \351 and \xe9 match that byte, as gawk's
printf 'a\xe9b\n' | awk '{ gsub(/\351/, "Z"); print }' | od -An -tx1
printf 'a\xe9b\n' | awk '/\xe9/ { print "hex" } /a\351b/ { print "octal" }'
## stdout:
 61 5a 62 0a
hex
octal
## status: 0

### read skips NUL bytes, as bash does
printf 'a\000b\n' | { read s; echo "${#s} $s"; }
printf '.\000.' | { read -n 3 s; echo "$? ${#s} $s"; }
printf 'x\000y\000' | { read -d '' s; echo "$? $s"; read -r -d '' t; echo "$? $t"; }
printf '\000' | { read s; echo "$? [${#s}]"; }
## stdout:
2 ab
1 2 ..
0 x
0 y
1 [0]
## status: 0
