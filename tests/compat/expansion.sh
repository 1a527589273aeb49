### single quotes in a double-quoted ${x-word} are text, what they hold is expanded
a=foo; unset u; echo "${u-'$a'}" "${a:+'$a'}" "${u:-'x y'}"
echo "${u-'}'z}" "${IFS+'}'}"
## stdout:
'foo' 'foo' 'x y'
'}'z '}'
## status: 0

### an escaped quote in a double-quoted ${x-word} opens nothing
a=foo; unset u; echo "${u-\'}" "${u-\'$a\'}" "${u-it\'s}"
## stdout:
\' \'foo\' it\'s
## status: 0

### a backslash inside "..." inside a double-quoted ${x+word} escapes any character
v=val; echo "${v:+="\p"}" "${v:+"\'$v\'"}" "${v:+"\\"}" "${v:+\p}"
echo ${v:+"\p"} ${v:+"\'$v\'"}
## stdout:
=p 'val' \ \p
\p \'val\'
## status: 0

### a substring offset holds a command substitution or backquotes with a brace
s=abcdef; echo ${s:`echo 2`} ${s:$(echo 1):2} "${s:`echo 3`:`echo 1`}"
## stdout:
cdef bc d
## status: 0

### a substring offset holds the conditional operator
s=abcdef; j=1; echo ${s:j?2:0} ${s:j?1:0:j} ${s:(j?3:0):2} ${s:j?(j?4:0):0:1}
## stdout:
cdef b de e
## status: 0
