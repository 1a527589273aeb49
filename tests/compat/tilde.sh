### tilde in assignments
a=~; echo "$a"
a=x:~/b; echo "$a"
a=x:~:y~; echo "$a"
a=(~ x:~); echo "${a[@]}"
declare d=~/decl; echo "$d"
f() { local l=~/loc; echo "$l"; }; f
## stdout:
<tmp>
x:<tmp>/b
x:<tmp>:y~
<tmp> x:~
<tmp>/decl
<tmp>/loc
## status: 0

### tilde in words of an assignment's shape
HOME=/h; x=1
echo a=~ b=~/x:~:y c=$x:~ --p=~ 1a=~ a="~" "a=~"
echo ~ ~/a "~" '~' \~ x~
## stdout:
a=/h b=/h/x:/h:y c=1:/h --p=~ 1a=~ a=~ a=~
/h /h/a ~ ~ ~ x~
## status: 0

### tilde in parameter operands
x=; HOME=/h
echo ${x:-~} "${x:-~}" ${x:-~/q} ${x:-a~}
y=set; echo ${y:+~/z}
## stdout:
/h ~ /h/q a~
/h/z
## status: 0

### tilde plus and minus
mkdir -p d; cd d; echo ~+ | sed "s|$PWD|PWD|"; echo ~+/x | sed "s|$PWD|PWD|"
cd ..; echo ~- | sed "s|$PWD|PWD|"
unset OLDPWD; echo ~- ~-/x
## stdout:
PWD
PWD/x
PWD/d
~- ~-/x
## status: 0
## files:
d/

### tilde of an unknown user stays
echo ~nosuchuser ~nosuchuser/x "~nosuchuser"
## stdout:
~nosuchuser ~nosuchuser/x ~nosuchuser
## status: 0

### tilde with HOME empty or set again
HOME=; echo "[~]" [~] "[$(echo ~)]"
HOME=/else; echo ~ ~/a
## stdout:
[~] [~] []
/else /else/a
## status: 0
