### xargs default echo
printf 'a b\nc\n' | xargs
## stdout:
a b c
## status: 0

### xargs with command
printf 'x\ny\n' | xargs echo got
## stdout:
got x y
## status: 0

### xargs -n
printf '1 2 3 4 5\n' | xargs -n 2 echo
## stdout:
1 2
3 4
5
## status: 0

### xargs -I replace
printf 'one\ntwo\n' | xargs -I {} echo "item {} done"
## stdout:
item one done
item two done
## status: 0

### xargs -0
printf 'a b\0c\0' | xargs -0 -n 1 echo
## stdout:
a b
c
## status: 0

### xargs -d
printf 'a,b,c' | xargs -d , echo
## stdout:
a b c
## status: 0

### xargs -L
printf 'a b\nc\nd e f\n' | xargs -L 2 echo
## stdout:
a b c
d e f
## status: 0

### xargs quotes
printf '"a b" c\n' | xargs -n 1 echo
## stdout:
a b
c
## status: 0

### xargs empty input runs once
printf '' | xargs echo ran
## stdout:
ran
## status: 0

### xargs -r skips empty
printf '' | xargs -r echo ran; echo status $?
## stdout:
status 0
## status: 0

### xargs failing command status
printf 'a\n' | xargs false; echo $?
## stdout:
123
## status: 0

### xargs with files
touch f1 f2; printf 'f1\nf2\n' | xargs rm; ls
## status: 0

### find into xargs grep
mkdir d; printf 'needle\n' > d/a; printf 'hay\n' > d/b; find d -type f | sort | xargs grep -l needle
## stdout:
d/a
## status: 0
## files:
d/
d/a: "needle\n"
d/b: "hay\n"

### env prints and sets
X=1 env | grep -c '^X=1$'; env Y=2 bash -c 'echo $Y'
## stdout:
1
2
## status: 0

### env unset
export Z=3; env -u Z bash -c 'echo "[$Z]"'
## stdout:
[]
## status: 0

### env ignore environment
export W=4; env -i bash -c 'echo "[$W]"'
## stdout:
[]
## status: 0

### printf 'a b\nc\n' | xargs echo
printf 'a b\nc\n' | xargs echo
## stdout:
a b c
## status: 0

### printf 'a b\nc\n' | xargs -n1 echo
printf 'a b\nc\n' | xargs -n1 echo
## stdout:
a
b
c
## status: 0

### printf 'a\nb\n' | xargs -I{} echo 'item {}'
printf 'a\nb\n' | xargs -I{} echo 'item {}'
## stdout:
item a
item b
## status: 0

### printf 'a\0b c\0' | xargs -0 -n1 echo
printf 'a\0b c\0' | xargs -0 -n1 echo
## stdout:
a
b c
## status: 0

### printf 'a,b,c' | xargs -d, -n2 echo
printf 'a,b,c' | xargs -d, -n2 echo
## stdout:
a b
c
## status: 0

### printf '1\n2\n3\n4\n' | xargs -L2 echo
printf '1\n2\n3\n4\n' | xargs -L2 echo
## stdout:
1 2
3 4
## status: 0

### printf '' | xargs -r echo nothing
printf '' | xargs -r echo nothing
## status: 0

### printf 'x\n' | xargs -t echo 2>&1
printf 'x\n' | xargs -t echo 2>&1
## stdout:
echo x
x
## status: 0
