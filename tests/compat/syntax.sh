### an unexpected token is named with its line, then the line itself
printf 'echo a\nif true; then\n  echo b\nfi fi\necho c\n' > s.sh; bash s.sh 2>&1; echo "status $?"
printf 'echo a\nfor x in 1 2; echo $x\n' > s.sh; bash s.sh 2>&1; echo "status $?"
printf 'echo (a)\n' > s.sh; bash s.sh 2>&1; echo "status $?"
printf 'echo a b (c)\n' > s.sh; bash s.sh 2>&1; echo "status $?"
printf 'while do done\n' > s.sh; bash s.sh 2>&1; echo "status $?"
printf 'case x in a) echo;; b\n' > s.sh; bash s.sh 2>&1; echo "status $?"
printf 'cat < <\necho a <>\n' > s.sh; bash s.sh 2>&1; echo "status $?"
rm s.sh
## stdout:
a
s.sh: line 4: syntax error near unexpected token `fi'
s.sh: line 4: `fi fi'
status 2
a
s.sh: line 2: syntax error near unexpected token `echo'
s.sh: line 2: `for x in 1 2; echo $x'
status 2
s.sh: line 1: syntax error near unexpected token `a'
s.sh: line 1: `echo (a)'
status 2
s.sh: line 1: syntax error near unexpected token `('
s.sh: line 1: `echo a b (c)'
status 2
s.sh: line 1: syntax error near unexpected token `do'
s.sh: line 1: `while do done'
status 2
s.sh: line 1: syntax error near unexpected token `newline'
s.sh: line 1: `case x in a) echo;; b'
status 2
s.sh: line 1: syntax error near unexpected token `<'
s.sh: line 1: `cat < <'
status 2
## status: 0

### a text that ends inside a construct is an unexpected end of file, on the line after the last
printf 'if true; then\n  echo a\n' > s.sh; bash s.sh 2>&1; echo "status $?"
printf 'echo a |' > s.sh; bash s.sh 2>&1; echo "status $?"
printf 'echo a &&\n\n\n' > s.sh; bash s.sh 2>&1; echo "status $?"
printf 'case x in\n' > s.sh; bash s.sh 2>&1; echo "status $?"
printf 'f() {\n  echo a\n' > s.sh; bash s.sh 2>&1; echo "status $?"
printf 'for x in 1 2' > s.sh; bash s.sh 2>&1; echo "status $?"
rm s.sh
## stdout:
s.sh: line 3: syntax error: unexpected end of file
status 2
s.sh: line 2: syntax error: unexpected end of file
status 2
s.sh: line 4: syntax error: unexpected end of file
status 2
s.sh: line 2: syntax error: unexpected end of file
status 2
s.sh: line 3: syntax error: unexpected end of file
status 2
s.sh: line 2: syntax error: unexpected end of file
status 2
## status: 0

### an unclosed quote or bracket names what it waits for and the line where it opened
printf 'echo 1\necho "a\nb\nc\n' > s.sh; bash s.sh 2>&1; echo "status $?"
printf 'echo %sa\nb\n' "'" > s.sh; bash s.sh 2>&1; echo "status $?"
printf '\necho `a\nb\n' > s.sh; bash s.sh 2>&1; echo "status $?"
printf '\necho ${a\nb\n' > s.sh; bash s.sh 2>&1; echo "status $?"
printf '\necho $((a\nb\n' > s.sh; bash s.sh 2>&1; echo "status $?"
printf '\nx=(a\nb\n' > s.sh; bash s.sh 2>&1
printf '\necho ${a:-"b\nc}\n' > s.sh; bash s.sh 2>&1; echo "status $?"
rm s.sh
## stdout:
1
s.sh: line 2: unexpected EOF while looking for matching `"'
status 2
s.sh: line 1: unexpected EOF while looking for matching `''
status 2
s.sh: line 2: unexpected EOF while looking for matching ``'
status 2
s.sh: line 2: unexpected EOF while looking for matching `}'
status 2
s.sh: line 2: unexpected EOF while looking for matching `)'
status 2
s.sh: line 2: unexpected EOF while looking for matching `)'
s.sh: line 2: unexpected EOF while looking for matching `"'
status 2
## status: 0

### a command substitution that is never closed is named at the end of the text
printf '\necho $(a\nb\n' > s.sh; bash s.sh 2>&1; echo "status $?"
printf 'echo <(ls' > s.sh; bash s.sh 2>&1; echo "status $?"
rm s.sh
## stdout:
s.sh: line 4: unexpected EOF while looking for matching `)'
status 2
s.sh: line 2: unexpected EOF while looking for matching `)'
status 2
## status: 0

### -c text names itself and counts its lines as bash does
bash -c 'fi' 2>&1; echo "status $?"
bash -c 'if true; then echo' 2>&1; echo "status $?"
bash -c 'echo "abc' 2>&1; echo "status $?"
bash -c 'echo >' 2>&1; echo "status $?"
bash -c 'for' 2>&1; echo "status $?"
bash -c 'function' 2>&1; echo "status $?"
## stdout:
bash: -c: line 1: syntax error near unexpected token `fi'
bash: -c: line 1: `fi'
status 2
bash: -c: line 2: syntax error: unexpected end of file
status 2
bash: -c: line 1: unexpected EOF while looking for matching `"'
status 2
bash: -c: line 1: syntax error near unexpected token `newline'
bash: -c: line 1: `echo >'
status 2
bash: -c: line 1: syntax error near unexpected token `newline'
bash: -c: line 1: `for'
status 2
bash: -c: line 1: syntax error near unexpected token `newline'
bash: -c: line 1: `function'
status 2
## status: 0

### eval's syntax errors count lines from the eval
printf 'x=1\neval "echo )"\neval "if true; then"\necho after $?\n' > s.sh; bash s.sh 2>&1; echo "status $?"; rm s.sh
## stdout:
s.sh: eval: line 2: syntax error near unexpected token `)'
s.sh: eval: line 2: `echo )'
s.sh: eval: line 4: syntax error: unexpected end of file
after 2
status 0
## status: 0

### errors inside [[ ]] in bash's words
printf '[[ a b ]]\n' > s.sh; bash s.sh 2>&1
printf '[[ -z ]]\n' > s.sh; bash s.sh 2>&1
printf '[[ ( a ]]\n' > s.sh; bash s.sh 2>&1
printf '[[ a == ]]\n' > s.sh; bash s.sh 2>&1
printf '[[ a ) ]]\n' > s.sh; bash s.sh 2>&1
printf '[[ a < b c ]]\n' > s.sh; bash s.sh 2>&1
printf '[[ ( ]]\n' > s.sh; bash s.sh 2>&1
printf '[[ && a ]]\n' > s.sh; bash s.sh 2>&1
printf '[[ a\n]]\n' > s.sh; bash s.sh 2>&1
printf 'echo 1\n[[ a == b\n' > s.sh; bash s.sh 2>&1
printf '[[ a ]] b\n' > s.sh; bash s.sh 2>&1
rm s.sh
## stdout:
s.sh: line 1: conditional binary operator expected
s.sh: line 1: unexpected argument `]]' to conditional unary operator
s.sh: line 1: unexpected token `]]', expected `)'
s.sh: line 1: unexpected argument `]]' to conditional binary operator
s.sh: line 1: syntax error in conditional expression: unexpected token `)'
s.sh: line 1: syntax error in conditional expression
s.sh: line 1: expected `)'
s.sh: line 1: unexpected token `&&' in conditional command
s.sh: line 1: unexpected token `newline', conditional binary operator expected
1
s.sh: line 2: unexpected EOF while looking for `]]'
s.sh: line 1: syntax error near unexpected token `b'
s.sh: line 1: `[[ a ]] b'
## status: 0

### [[ ]] with nothing to test is a syntax error that stops the script
printf 'echo 1\n[[ ]]\necho 2\n' > s.sh; bash s.sh; echo "status $?"
rm s.sh
## stdout:
1
status 0
## status: 0
## known-diff: bash 5.2 stops the script silently with status 0; toolsh says why (syntax error in conditional expression) and gives 2

### a line continuation right after a dollar joins it to what follows
false; echo $\
?
x=val; echo ${\
x}y "$\
x" $\
\
{x} a$\
 b
echo $\
(echo sub) $\
((1+2))
## stdout:
1
valy val val a$ b
sub 3
## status: 0
