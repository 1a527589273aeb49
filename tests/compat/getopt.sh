### getopt quotes options and operands for eval
getopt -o ab:c:: -l help,file:,opt:: -- -a x -bfoo -c -cval --help --file=1 --file 2 --opt --opt=3 -- -z "it's"
## stdout:
 -a -b 'foo' -c '' -c 'val' --help --file '1' --file '2' --opt '' --opt '3' -- 'x' '-z' 'it'\''s'
## status: 0

### getopt in a script's eval set
set -- -v --name "a b" file1 -- -x; eval set -- "$(getopt -o vn: -l verbose,name: -- "$@")"; while true; do case $1 in -v|--verbose) echo verbose; shift;; -n|--name) echo "name=$2"; shift 2;; --) shift; break;; esac; done; printf '<%s>' "$@"; echo
## stdout:
verbose
name=a b
<file1><-x>
## status: 0

### getopt errors and status 1 +stderr
getopt -o ab: -- -c -b; echo status $?; getopt -o a -l verbose,version -- --ver --zz --verbose=1; echo status $?; getopt -o a -l file: -- --file; echo status $?
## stdout:
 --
status 1
 --
status 1
 --
status 1
## stderr:
getopt: invalid option -- 'c'
getopt: option requires an argument -- 'b'
getopt: option '--ver' is ambiguous; possibilities: '--verbose' '--version'
getopt: unrecognized option '--zz'
getopt: option '--verbose' doesn't allow an argument
getopt: option '--file' requires an argument
## status: 0

### getopt names itself with -n, quiet with -q and -Q +stderr
getopt -n prog -o a -- -b --zz; getopt -q -o a -- -b x; echo status $?; getopt -Q -o a -- -a -b; echo status $?
## stdout:
 --
 -- 'x'
status 1
status 1
## stderr:
prog: invalid option -- 'b'
prog: unrecognized option '--zz'
getopt: invalid option -- 'b'
## status: 0

### getopt orderings: + stops, - returns operands in order
getopt -o +ab -- -a x -b; getopt -o -ab -- -a x -b -- y; POSIXLY_CORRECT=1 getopt -o ab -- x -a; getopt -o ab -- x -a -- -b y
## stdout:
 -a -- 'x' '-b'
 -a 'x' -b -- 'y'
 -- 'x' '-a'
 -a -- 'x' '-b' 'y'
## status: 0

### getopt alternative long options after one dash
getopt -a -o ab -l long,list: -- -long -ab -lo -list=1 -li 2
## stdout:
 --long -a -b --long --list '1' --list '2' --
## status: 0

### getopt unquoted, tcsh and the first form
getopt -u -o ab -- -a 'x y'; getopt -s tcsh -o a -- 'a!b c'; getopt ab -a x -b; getopt -- ab -a 'x y'
## stdout:
 -a -- x y
 -- 'a'\!'b'\ 'c'
 -a -b -- x
 -a -- 'x y'
## status: 0

### getopt optional arguments and lone dashes
getopt -o 'a::' -l 'p: q::' -- -a -ax x --p 1 --q - ''; getopt -o ab -- -- --
## stdout:
 -a '' -a 'x' --p '1' --q '' -- 'x' '-' ''
 -- '--'
## status: 0

### getopt usage errors, status 2 and -T +stderr
getopt; echo status $?; getopt -s zsh -o a; echo status $?; getopt -x; echo status $?; getopt -o a -l ':'; echo status $?; getopt -o; echo status $?; getopt -T; echo status $?
## stdout:
status 2
status 2
status 2
status 2
status 2
status 4
## stderr:
getopt: missing optstring argument
Try 'getopt --help' for more information.
getopt: unknown shell after -s or --shell argument
Try 'getopt --help' for more information.
getopt: invalid option -- 'x'
Try 'getopt --help' for more information.
getopt: empty long option after -l or --long argument
Try 'getopt --help' for more information.
getopt: option requires an argument -- 'o'
Try 'getopt --help' for more information.
## status: 0
