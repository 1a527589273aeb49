### echo words
echo hello   world
## stdout:
hello world
## status: 0

### status of false
false
## status: 1

### and or chain
true && echo yes || echo no; false && echo a || echo b
## stdout:
yes
b
## status: 0

### redirect to file
echo data > out.txt; echo more >> out.txt; cat out.txt
## stdout:
data
more
## status: 0
## files:
out.txt: "data\nmore\n"
