### long options: unambiguous prefixes, ambiguous ones as getopt lists them +stderr
printf 'b\na\n' | sort --rev; sort --s; echo "st $?"; sort --v; echo "st $?"; sort --help=1; echo "st $?"
cp --a; echo "st $?"; date --rf; echo "st $?"; grep --f; echo "st $?"; diff --i; echo "st $?"
date --rfc-822 -u -d @0; printf 'x\n' | grep --fixed x
## stdout:
b
a
st 2
st 2
st 2
st 1
st 1
st 2
st 2
Thu, 01 Jan 1970 00:00:00 +0000
x
## stderr:
sort: option '--s' is ambiguous; possibilities: '--sort' '--stable'
Try 'sort --help' for more information.
sort: option '--v' is ambiguous; possibilities: '--version-sort' '--version'
Try 'sort --help' for more information.
sort: option '--help' doesn't allow an argument
Try 'sort --help' for more information.
cp: option '--a' is ambiguous; possibilities: '--archive' '--attributes-only'
Try 'cp --help' for more information.
date: option '--rf' is ambiguous; possibilities: '--rfc-email' '--rfc-3339'
Try 'date --help' for more information.
grep: option '--f' is ambiguous; possibilities: '--fixed-regexp' '--file' '--files-with-matches' '--files-without-match'
Usage: grep [OPTION]... PATTERNS [FILE]...
Try 'grep --help' for more information.
diff: option '--i' is ambiguous; possibilities: '--ifdef' '--ignore-all-space' '--ignore-blank-lines' '--ignore-case' '--ignore-file-name-case' '--ignore-matching-lines' '--ignore-space-change' '--ignore-tab-expansion' '--ignore-trailing-space' '--inhibit-hunk-merge' '--initial-tab'
diff: Try 'diff --help' for more information.
## status: 0

### split -n: chunk names as GNU sizes them, any count without allocating it +stderr
printf '1\n2\n3\n4\n5\n' > f
split -n 1000 f && ls | head -3 && ls | wc -l && rm x*
split -e -n 9999999 f; ls; rm x*
split -n 30 -a 1 f; echo "st $?"
split -n r/2/3 f; split -n l/2/3 f; split -n 2/3 f
split -n 3 -a 1 f; ls
## stdout:
f
xaaa
xaab
1001
f
xaaaaa
xaaaab
xaaaac
xaaaad
xaaaae
xaaaaf
xaaaag
xaaaah
xaaaai
xaaaaj
st 1
2
5
3

3
f
xa
xb
xc
## stderr:
split: the suffix length needs to be at least 2
## status: 0
## files:
f: "1\n2\n3\n4\n5\n"
xa: "1\n2"
xb: "\n3\n"
xc: "4\n5\n"

### far tab stops, widths and cut lists in GNU's words +stderr
printf 'a\tb\n' | expand -t 99999999999 | head -c 12 | od -c
echo a | fold -w 0; echo "st $?"; echo a | fold -w 99999999999999999999; echo "st $?"
echo a | fmt -w 2501; echo "st $?"; echo a | fmt -w 99999999999; echo "st $?"
echo a | pr -w 2147483648; echo "st $?"
for l in 0 3-2 a 99999999999999999999 - 1-2-3; do echo abc | cut -c "$l"; echo abc | cut -f "$l"; done; echo "st $?"
## stdout:
0000000   a                                            
0000014
st 1
st 1
st 1
st 1
st 1
st 1
## stderr:
fold: invalid number of columns: '0': Numerical result out of range
fold: invalid number of columns: '99999999999999999999': Value too large for defined data type
fmt: invalid width: '2501': Numerical result out of range
fmt: invalid width: '99999999999': Value too large for defined data type
pr: '-w PAGE_WIDTH' invalid number of characters: '2147483648': Value too large for defined data type
cut: byte/character positions are numbered from 1
Try 'cut --help' for more information.
cut: fields are numbered from 1
Try 'cut --help' for more information.
cut: invalid decreasing range
Try 'cut --help' for more information.
cut: invalid decreasing range
Try 'cut --help' for more information.
cut: invalid byte/character position 'a'
Try 'cut --help' for more information.
cut: invalid field value 'a'
Try 'cut --help' for more information.
cut: byte/character offset '99999999999999999999' is too large
Try 'cut --help' for more information.
cut: field number '99999999999999999999' is too large
Try 'cut --help' for more information.
cut: invalid range with no endpoint: -
Try 'cut --help' for more information.
cut: invalid range with no endpoint: -
Try 'cut --help' for more information.
cut: invalid byte or character range
Try 'cut --help' for more information.
cut: invalid field range
Try 'cut --help' for more information.
## status: 0

### tr repeats no longer than the first set needs
echo abcdef | tr a-f '[x*99999999999]'; echo abcdef | tr a-f 'x[y*2]z'; echo abc | tr -c 'a\n' '[q*99999999999]'
## stdout:
xxxxxx
xyyzzz
aqq
## status: 0
