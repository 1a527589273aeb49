### tree draws the hierarchy and counts it
mkdir -p a/b c
touch a/b/f1 a/f2 z .hidden
ln -s a la
tree
tree a
## stdout:
.
├── a
│   ├── b
│   │   └── f1
│   └── f2
├── c
├── la -> a
└── z

5 directories, 3 files
a
├── b
│   └── f1
└── f2

2 directories, 2 files
## status: 0
## files:
.hidden: ""
a/
a/b/
a/b/f1: ""
a/f2: ""
c/
la -> a
z: ""

### tree options: hidden files, depth, directories only, full paths, no indentation
mkdir -p a/b c
touch a/b/f1 a/f2 z .hidden
tree -a -L 1
tree -d
tree -f c a
tree -fi
tree --noreport -r
## stdout:
.
├── .hidden
├── a
├── c
└── z

3 directories, 2 files
.
├── a
│   └── b
└── c

4 directories
c
a
├── a/b
│   └── a/b/f1
└── a/f2

2 directories, 2 files
.
./a
./a/b
./a/b/f1
./a/f2
./c
./z

4 directories, 3 files
.
├── z
├── c
└── a
    ├── f2
    └── b
        └── f1
## status: 0
## files:
.hidden: ""
a/
a/b/
a/b/f1: ""
a/f2: ""
c/
z: ""

### tree patterns, classification, quoting and ordering
mkdir -p a/b c
touch a/b/f1 a/f2 z
chmod +x z
ln -s a la
tree -P 'f*'
tree -I 'b|z'
tree -F
tree -Q --dirsfirst
tree --filesfirst a
## stdout:
.
├── a
│   ├── b
│   │   └── f1
│   └── f2
└── c

4 directories, 2 files
.
├── a
│   └── f2
├── c
└── la -> a

4 directories, 1 file
./
├── a/
│   ├── b/
│   │   └── f1
│   └── f2
├── c/
├── la -> a/
└── z*

5 directories, 3 files
"."
├── "a"
│   ├── "b"
│   │   └── "f1"
│   └── "f2"
├── "c"
├── "la" -> "a"
└── "z"

5 directories, 3 files
a
├── f2
└── b
    └── f1

2 directories, 2 files
## status: 0
## files:
a/
a/b/
a/b/f1: ""
a/f2: ""
c/
la -> a
z: ""

### tree on a file, on nothing, and refusals
touch z
tree z
tree nosuch; echo "status $?"
tree -L 0; echo "status $?"
tree -L; echo "status $?"
## stdout:
z  [error opening dir]

0 directories, 1 file
nosuch  [error opening dir]

0 directories, 0 files
status 2
status 1
status 1
## status: 0
## files:
z: ""
