### unlink removes one file or link
touch a; ln -s a l; unlink l; unlink a; ls; echo "status $?"
## stdout:
status 0
## status: 0

### unlink errors +stderr
mkdir d; unlink; unlink a b; unlink nofile; unlink d; echo "status $?"
## stdout:
status 1
## stderr:
unlink: missing operand
Try 'unlink --help' for more information.
unlink: extra operand 'b'
Try 'unlink --help' for more information.
unlink: cannot unlink 'nofile': No such file or directory
unlink: cannot unlink 'd': Is a directory
## status: 0
## files:
d/

### link operand errors +stderr
touch ff; link; link ff; link nofile x; link ff ff; echo "status $?"
## stdout:
status 1
## stderr:
link: missing operand
Try 'link --help' for more information.
link: missing operand after 'ff'
Try 'link --help' for more information.
link: cannot create link 'x' to 'nofile': No such file or directory
link: cannot create link 'ff' to 'ff': File exists
## status: 0
## files:
ff: ""

### link makes a hard link
touch ff; link ff ff2; echo "status $?"
## stdout:
status 0
## status: 0
## files:
ff: ""
ff2: ""
## known-diff: the workspace holds no hard links (docs/deviations.md): link refuses as ln without -s does

### pathchk valid names and portability +stderr
touch f; pathchk a/b f /x/y; echo "status $?"; pathchk f/x; pathchk -p abcdefghijklmnop 'a b' 'c*d' ok_name-1.x; echo "status $?"; pathchk -P -- -a/b ''; pathchk --portability ''; echo "status $?"
## stdout:
status 0
status 1
status 1
## stderr:
pathchk: f/x: Not a directory
pathchk: limit 14 exceeded by length 16 of file name component 'abcdefghijklmnop'
pathchk: nonportable character ' ' in file name 'a b'
pathchk: nonportable character '*' in file name 'c*d'
pathchk: leading '-' in a component of file name '-a/b'
pathchk: empty file name
pathchk: empty file name
## status: 0
## files:
f: ""

### pathchk lengths +stderr
pathchk -p $(printf '%0300d' 0); pathchk $(printf '%0300d' 0); pathchk -- $(printf 'a/%.0s' $(seq 100))b; echo "status $?"; pathchk; echo "status $?"
## stdout:
status 0
status 1
## stderr:
pathchk: limit 255 exceeded by length 300 of file name '000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000'
pathchk: 000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000: File name too long
pathchk: missing operand
Try 'pathchk --help' for more information.
## status: 0
