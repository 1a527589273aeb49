### basic heredoc
cat <<EOF
line one
line two
EOF
## stdout:
line one
line two
## status: 0

### heredoc expands variables
name=world
cat <<EOF
hello $name
sum $((1+2))
cmd $(echo sub)
EOF
## stdout:
hello world
sum 3
cmd sub
## status: 0

### quoted delimiter disables expansion
cat <<'EOF'
no $expansion `here`
EOF
## stdout:
no $expansion `here`
## status: 0

### double quoted delimiter
cat <<"END"
$HOME stays
END
## stdout:
$HOME stays
## status: 0

### escaped dollar in heredoc
x=1
cat <<EOF
\$x is $x
back\\slash
other \n stays
EOF
## stdout:
$x is 1
back\slash
other \n stays
## status: 0

### strip tabs
cat <<-EOF
	indented
		twice
	EOF
## stdout:
indented
twice
## status: 0

### heredoc to file
cat > out.txt <<EOF
saved
EOF
cat out.txt
## stdout:
saved
## status: 0
## files:
out.txt: "saved\n"

### heredoc in loop
for i in 1 2; do
cat <<EOF
iteration $i
EOF
done
## stdout:
iteration 1
iteration 2
## status: 0

### two heredocs on one line
cat <<A; cat <<B
from a
A
from b
B
## stdout:
from a
from b
## status: 0

### heredoc with pipe after
cat <<EOF | tr a-z A-Z
shout
EOF
## stdout:
SHOUT
## status: 0

### heredoc into while read
while read -r a b; do echo "$b $a"; done <<EOF
1 one
2 two
EOF
## stdout:
one 1
two 2
## status: 0

### heredoc in function
f() {
cat <<EOF
in function $1
EOF
}
f arg
## stdout:
in function arg
## status: 0

### empty heredoc
cat <<EOF
EOF
echo after
## stdout:
after
## status: 0

### heredoc delimiter with quotes in middle
cat <<E"O"F
$literal
EOF
## stdout:
$literal
## status: 0

### heredoc preserves blank lines
cat <<EOF
a

b
EOF
## stdout:
a

b
## status: 0

### heredoc in command substitution
x=$(cat <<EOF
captured
EOF
)
echo "$x"
## stdout:
captured
## status: 0

### heredoc with special characters
cat <<'EOF'
'single' "double" \back ;semi |pipe
EOF
## stdout:
'single' "double" \back ;semi |pipe
## status: 0

### heredoc followed by more commands
cat <<EOF && echo done
body
EOF
## stdout:
body
done
## status: 0

### heredoc with braces parameter
v=val
cat <<EOF
${v}ue ${v:-d} ${#v}
EOF
## stdout:
value val 3
## status: 0

### a delimiter written as a parameter expansion is its text
a=EOF; cat <<${a}
x $a
${a}
echo done
## stdout:
x EOF
done
## status: 0

### a delimiter written as a command substitution is its text
cat <<$(a)
x
$(a)
echo done
## stdout:
x
done
## status: 0

### an unquoted $name delimiter leaves the body expanded
b=B; cat <<$b
[$b]
$b
## stdout:
[B]
## status: 0

### a partly quoted delimiter has its quotes removed and stops expansion
cat <<"E"O\F
$x
EOF
cat <<x'y z'
$y
xy z
echo done
## stdout:
$x
$y
done
## status: 0

### a here-document after a line continued with a backslash
cat <<EOF; echo a \
b
hi
EOF
echo after
## stdout:
hi
a b
after
## status: 0

### a backslash-newline in the delimiter word and in an expanding body's lines
cat <<EN\
D
one \
two
EN\
D
cat <<'X'
a\
X
## stdout:
one two
a\
## status: 0

### a here-document delimiter quoted as $'…' or $"…"
cat <<$'E\tND'
body $HOME
E	ND
cat <<$"E"
two $HOME
E
echo done
## stdout:
body $HOME
two $HOME
done
## status: 0

### a here-document inside $( ) ends at its delimiter followed by the closing paren
text=$(cat <<EOF
here is the text
EOF)
echo "= $text ="
x=$(cat <<EOF
a ) paren
EOF )
echo "$x"
echo $(
cat <<\)
hi
))
echo "$(cat <<'END'
quoted $x
END)" after
## stdout:
= here is the text =
a ) paren
hi
quoted $x after
## status: 0

### under <<- a delimiter starting with a tab ends at the line as written
cat <<-'	END'
	hello
		END
	END
echo after
## stdout:
hello
END
after
## status: 0

### a here-document's body starts after the line a quoted word continues onto
cat <<END; printf '%s|' "first
second"; echo
body line
END
cat <<'END' # a comment's ' is no quote
kept
END
## stdout:
body line
first
second|
kept
## status: 0
