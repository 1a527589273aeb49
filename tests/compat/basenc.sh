### basenc every encoding round trip
for e in base64 base64url base32 base32hex base16 base2msbf base2lsbf z85; do printf 'hello, world' | basenc --$e; printf 'hello, world' | basenc --$e | basenc --$e -d; echo " $?"; done
## stdout:
aGVsbG8sIHdvcmxk
hello, world 0
aGVsbG8sIHdvcmxk
hello, world 0
NBSWY3DPFQQHO33SNRSA====
hello, world 0
D1IMOR3F5GG7ERRIDHI0====
hello, world 0
68656C6C6F2C20776F726C64
hello, world 0
0110100001100101011011000110110001101111001011000010000001110111011011110111
00100110110001100100
hello, world 0
0001011010100110001101100011011011110110001101000000010011101110111101100100
11100011011000100110
hello, world 0
xK#0@z.92Pz/PV8
hello, world 0
## status: 0

### base32 encode, wrap and decode
printf 'hello world, base32!' | base32; printf 'hello' | base32 -w 4; printf 'NBSWY3DP\nNBSWY3DP' | base32 -d; echo; printf '' | base32; printf 'ab' | base32 -w 0; echo
## stdout:
NBSWY3DPEB3W64TMMQWCAYTBONSTGMRB
NBSW
Y3DP
hellohello
MFRA====
## status: 0

### basenc url-safe alphabet
printf '\373\377\376' | basenc --base64url; printf '\373\377\376' | base64; printf '+/8=' | basenc --base64url -d; echo " $?"
## stdout:
-__-
+//+
 1
## status: 0

### basenc decoding stops at invalid input +stderr
printf 'aGVsbG8=x' | base64 -d; echo " $?"; printf 'aGVs bG8=' | base64 -d; echo " $?"; printf 'aGVsbG8' | base64 -d; echo " $?"; printf 'aG=sbG8=' | base64 -d; echo " $?"; printf 'aGVsbA==aGk=' | base64 -d; echo " $?"
## stdout:
hello 1
hel 1
hello 1
h 1
hellhi 0
## stderr:
base64: invalid input
base64: invalid input
base64: invalid input
base64: invalid input
## status: 0

### basenc base32 decoding errors +stderr
printf 'NBSWY3D' | base32 -d; echo " $?"; printf 'NBSWY3DPNBSW*' | base32 -d; echo " $?"; printf 'NBSWY===NBSWY3DP' | base32 -d; echo " $?"
## stdout:
 1
hello 1
helhello 0
## stderr:
base32: invalid input
base32: invalid input
## status: 0

### basenc base16, base2 and z85 decoding errors +stderr
printf '68656c6c6f' | basenc --base16 -d; echo " $?"; printf '686' | basenc --base16 -d; echo " $?"; printf '0110000' | basenc --base2msbf -d; echo " $?"; printf 'xK#0@z.92P~' | basenc --z85 -d; echo " $?"; printf '%%%%%%%%%%' | basenc --z85 -d; echo " $?"
## stdout:
he 1
h 1
 1
hello, w 1
 1
## stderr:
basenc: invalid input
basenc: invalid input
basenc: invalid input
basenc: invalid input
basenc: invalid input
## status: 0

### basenc ignore garbage
printf 'aGVs*bG8=' | basenc --base64 -di; printf 'NBS!WY3DP' | base32 -di; echo; printf '68 65\n6C' | basenc --base16 -di; echo
## stdout:
hellohello
hel
## status: 0

### basenc z85 needs whole words +stderr
printf 'abc' | basenc --z85; echo "status $?"; printf 'hell' | basenc --z85 -w 3
## stdout:
status 1
xK#
0@
## stderr:
basenc: invalid input (length must be multiple of 4 characters)
## status: 0

### basenc usage errors +stderr
basenc </dev/null; echo "status $?"; basenc --base16 a b; echo "status $?"; basenc --base16 nofile; echo "status $?"; printf x | base32 -w x; echo "status $?"; printf x | basenc --base32 --base16
## stdout:
status 1
status 1
status 1
status 1
78
## stderr:
basenc: missing encoding type
Try 'basenc --help' for more information.
basenc: extra operand 'b'
Try 'basenc --help' for more information.
basenc: nofile: No such file or directory
base32: invalid wrap size: 'x'
## status: 0
