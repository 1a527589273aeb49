### hexdump canonical of a short text
printf 'hello world\n' | hexdump -C
## stdout:
00000000  68 65 6c 6c 6f 20 77 6f  72 6c 64 0a              |hello world.|
0000000c
## status: 0

### hexdump canonical squeezes repeated lines and pads the last
{ printf 'x%.0s' $(seq 40); head -c 64 /dev/zero; printf 'tail'; } | hexdump -C
## stdout:
00000000  78 78 78 78 78 78 78 78  78 78 78 78 78 78 78 78  |xxxxxxxxxxxxxxxx|
*
00000020  78 78 78 78 78 78 78 78  00 00 00 00 00 00 00 00  |xxxxxxxx........|
00000030  00 00 00 00 00 00 00 00  00 00 00 00 00 00 00 00  |................|
*
00000060  00 00 00 00 00 00 00 00  74 61 69 6c              |........tail|
0000006c
## status: 0

### hexdump -v shows repeated lines
head -c 48 /dev/zero | hexdump -Cv
## stdout:
00000000  00 00 00 00 00 00 00 00  00 00 00 00 00 00 00 00  |................|
00000010  00 00 00 00 00 00 00 00  00 00 00 00 00 00 00 00  |................|
00000020  00 00 00 00 00 00 00 00  00 00 00 00 00 00 00 00  |................|
00000030
## status: 0

### hexdump default two-byte words of an odd length
printf 'abc' | hexdump
## stdout:
0000000 6261 0063                              
0000003
## status: 0

### hexdump -x -d -o -b of the same bytes
printf 'Hello\001\377z' > f; hexdump -x f; hexdump -d f; hexdump -o f; hexdump -b f
## stdout:
0000000    6548    6c6c    016f    7aff                                
0000008
0000000   25928   27756   00367   31487                                
0000008
0000000  062510  066154  000557  075377                                
0000008
0000000 110 145 154 154 157 001 377 172                                
0000008
## status: 0
## files:
f: "Hello\u{1}�z"

### hexdump -c escapes control bytes and shows others in octal
printf 'a\tb\001\200\377z\0\n' | hexdump -c
## stdout:
0000000   a  \t   b 001 200 377   z  \0  \n                            
0000009
## status: 0

### hexdump over two files reads them as one input
printf 'ab' > f1; printf 'cde' > f2; hexdump -C f1 f2
## stdout:
00000000  61 62 63 64 65                                    |abcde|
00000005
## status: 0
## files:
f1: "ab"
f2: "cde"

### hexdump names a missing file and goes on
printf 'data' > f; hexdump -C nofile f 2>&1; echo "status $?"
## stdout:
hexdump: nofile: No such file or directory
00000000  64 61 74 61                                       |data|
00000004
status 1
## status: 0
## files:
f: "data"

### hexdump with no file it could open
hexdump -C nofile 2>&1; echo "status $?"
## stdout:
hexdump: nofile: No such file or directory
hexdump: all input file arguments failed
status 1
## status: 0

### hexdump -n and -s with sizes
printf 'hello world\n' > f; hexdump -n 5 -C f; hexdump -s 3 -C f; hexdump -s 0x4 -n 4 -x f; hexdump -n 1K -C f | tail -1
## stdout:
00000000  68 65 6c 6c 6f                                    |hello|
00000005
00000003  6c 6f 20 77 6f 72 6c 64  0a                       |lo world.|
0000000c
0000004    206f    6f77                                                
0000008
0000000c
## status: 0
## files:
f: "hello world\n"

### hexdump -s past the end prints only the end offset
printf 'hello\n' > f; hexdump -s 100 -C f
## stdout:
00000006
## status: 0
## files:
f: "hello\n"

### hexdump of empty input prints nothing
printf '' | hexdump -C; echo "status $?"
## stdout:
status 0
## status: 0

### hexdump options add their displays in order
printf 'hi!' > f; hexdump -b -c f; hexdump -C -x f
## stdout:
0000000 150 151 041                                                    
0000000   h   i   !                                                    
0000003
00000000  68 69 21                                          |hi!|
0000000    6968    0021                                                
0000003
## status: 0
## files:
f: "hi!"

### hd is hexdump -C
printf 'hello\n' | hd; printf 'hi' | hd -b
## stdout:
00000000  68 65 6c 6c 6f 0a                                 |hello.|
00000006
00000000  68 69                                             |hi|
0000000 150 151                                                        
0000002
## status: 0

### hexdump -e a plain hex string per line
printf 'The quick brown fox jumps over\n' | hexdump -e '16/1 "%02x" "\n"'
## stdout:
54686520717569636b2062726f776e20
666f78206a756d7073206f7665720a  
## status: 0

### hexdump -e offsets and bytes
printf 'abcdefghij' | hexdump -e '"%_ad: " 4/1 "%02x " "\n"'
## stdout:
0: 61 62 63 64
4: 65 66 67 68
8: 69 6a      
## status: 0

### hexdump -e the last repetition drops its trailing whitespace
printf 'abcd' | hexdump -e '4/1 "%02x\n"'; echo "|"; printf 'abcdef' | hexdump -e '"[" 4/1 "%02x  " "]\n"'
## stdout:
61
62
63
64|
[61  62  63  64 ]
[65  66         ]
## status: 0

### hexdump -e a last unit repeats to fill the block
printf 'abcdefgh' | hexdump -e '"%08.8_ax  " 8/1 "%02x "' -e '"\n"'
## stdout:
00000000  61 62 63 64 65 66 67 68
## status: 0

### hexdump -e names, printable and escaped characters
printf 'a\001\177\220 \n\t' > f; hexdump -e '7/1 "%3_u "' -e '"\n"' f; hexdump -e '7/1 "%_p"' -e '"\n"' f; hexdump -e '7/1 "%4_c"' -e '"\n"' f
## stdout:
  a soh del  90      lf  ht
a... ..
   a 001 177 220      \n  \t
## status: 0
## files:
f: "a\u{1}\u{7f}� \n\t"

### hexdump -e integers of every size and sign
printf '\377\376\375\374\373\372\371\370\001\002' > f; hexdump -e '1/1 "%d " 1/2 "%d " 1/4 "%u " "\n"' f; hexdump -e '1/8 "%d|" 1/2 "%X\n"' f
## stdout:
-1 -514 4193975292 
-8 513  
-506097522914230529|201
## status: 0
## files:
f: "��������\u{1}\u{2}"

### hexdump -e floating point
printf '\000\000\200\077\000\000\000\000\000\000\370\077' | hexdump -e '1/4 "%f " 1/8 "%e\n"'
## stdout:
1.000000 1.500000e+00
## status: 0

### hexdump -e strings stop at a NUL
printf 'ab\0cdefgh' | hexdump -e '"%.4s|" "\n"'; printf 'abcdefgh' | hexdump -e '2/4 "%s|" "\n"'
## stdout:
ab|
defg|
h|
abcdefgh|efgh|
## status: 0

### hexdump -e width, left alignment and flags
printf 'ab' | hexdump -e '2/1 "%-4c|"' -e '"\n"'; printf 'ab' | hexdump -e '2/1 "%#6o" "\n"'; printf 'ab' | hexdump -e '2/1 "%+5d" "\n"'
## stdout:
a   |b   |
  0141  0142
  +97  +98
## status: 0

### hexdump -e the end offset is shown once after all input
printf 'xyzw' | hexdump -e '"%_Ad END\n"' -e '2/1 "%c" "\n"'
## stdout:
xy
zw
4 END
## status: 0

### hexdump -f reads format strings from a file
printf '# a comment\n\n"%%06.6_ao "  12/1 "%%3_u "\n"\\t" "%%_p "\n"\\n"\n' > fmt; printf 'Hi\tthere\n' | hexdump -f fmt
## stdout:
000000   H   i  ht   t   h   e   r   e  lf            	H i . t h e r e .   
## status: 0
## files:
fmt: "# a comment\n\n\"%06.6_ao \"  12/1 \"%3_u \"\n\"\\t\" \"%_p \"\n\"\\n\"\n"

### hexdump refuses bad format strings
printf 'ab' > f; for e in '4/1"%x"' '"%%"' '"%_ay"' '4/3 "%x"' '"%s"' '2/1 "%x%x"' 'x' '"%q"'; do hexdump -e "$e" f 2>&1; echo "status $?"; done
## stdout:
hexdump: bad format {4/1"%x"}
status 1
hexdump: bad conversion character %%
status 1
hexdump: bad conversion character %_ay
status 1
hexdump: bad byte count for conversion character x
status 1
hexdump: %s requires a precision or a byte count
status 1
hexdump: byte count with multiple conversion characters
status 1
hexdump: bad format {x}
status 1
hexdump: bad conversion character %q
status 1
## status: 0
## files:
f: "ab"

### hexdump refuses bad sizes and options
printf 'ab' > f; hexdump -n x f 2>&1; echo "status $?"; hexdump -s -1 f 2>&1; echo "status $?"; hexdump -n 99999999999999999999 f 2>&1; echo "status $?"; hexdump -q f 2>&1; echo "status $?"
## stdout:
hexdump: failed to parse length: 'x': Invalid argument
status 1
hexdump: failed to parse offset: '-1': Invalid argument
status 1
hexdump: failed to parse length: '99999999999999999999': Numerical result out of range
status 1
hexdump: invalid option -- 'q'
Try 'hexdump --help' for more information.
status 1
## status: 0
## files:
f: "ab"
