### numfmt to SI and IEC units
numfmt --to=si 1500 999 1000 123456 9999 99999 999999 1.5 0.5; numfmt --to=iec 1048576 2000 1023 1024 10239 0; numfmt --to=iec-i 4096 1048575
## stdout:
1.5K
999
1.0K
124K
10K
100K
1.0M
2
0
1.0M
2.0K
1023
1.0K
10K
0
4.0Ki
1.0Mi
## status: 0

### numfmt from units
numfmt --from=si 1.5K 1.23456K 1.5; numfmt --from=iec 1K 1.5M; numfmt --from=auto 1Ki 1K 1Mi; numfmt --from=iec-i 1Ki; numfmt --from=si --to=iec 1M
## stdout:
1500
1235
1.5
1024
1572864
1024
1000
1048576
1024
977K
## status: 0

### numfmt rounding methods
for r in up down from-zero towards-zero nearest; do numfmt --to=si --round=$r 1001 1450 1999 -- -1450; done
## stdout:
1.1K
1.5K
2.0K
-1.4K
1.0K
1.4K
1.9K
-1.5K
1.1K
1.5K
2.0K
-1.5K
1.0K
1.4K
1.9K
-1.4K
1.0K
1.5K
2.0K
-1.5K
## status: 0

### numfmt formats, padding and suffixes
numfmt --format=%.2f 3.14159; numfmt --format=%08.3f 2.5; numfmt --format='%-6f|' 7; numfmt --to=si --format=%10f 1500
numfmt --to=si --format=%.3f 1500 500; numfmt --to=si --format=%.1f 123456; numfmt --to=si --format=%.0f 1500
numfmt --to=iec --suffix=B 2048; numfmt --suffix=B --from=si 5KB; numfmt --to=si --suffix=B --padding=6 1500
numfmt --to=si --padding=8 1500; numfmt --to=si --padding=-8 1500 | cat -A; numfmt --format='x%fy' 5; numfmt 1.50 -- -1.5
## stdout:
3.15
0002.500
7     |
      1.5K
1.500K
500.000
123.5K
2K
2.0KB
5000B
 1.5KB
    1.5K
1.5K    $
x5y
1.50
-1.5
## status: 0

### numfmt units of input and output
numfmt --from-unit=512 4; numfmt --to-unit=1024 4096; numfmt --to=si --to-unit=1000 5000000; numfmt --from-unit=1K 1; numfmt --to=si --from-unit=1024 1
## stdout:
2048
4
5.0K
1000
1.1K
## status: 0

### numfmt fields, header and delimiter keep the layout
printf 'size name\n1024 a\n2048 b c\n  4096   d\n' | numfmt --header --to=iec
printf '1024 2048 x\n' | numfmt --field=2 --to=iec; printf '1024 2048 x\n' | numfmt --field=1,2 --to=iec
printf '1024 2048 4096\n' | numfmt --field=2- --to=iec; printf '1024:2048\n' | numfmt -d: --field=2 --to=iec
printf '1000000 x\n  1000000 x\n 5 y\n' | numfmt --to=si; printf '12\t1000000\n' | numfmt --to=si --field=2
## stdout:
size name
1.0K a
2.0K b c
  4.0K   d
1024 2.0K x
1.0K 2.0K x
1024 2.0K 4.0K
1024:2.0K
1.0M x
     1.0M x
 5 y
12    1.0M
## status: 0

### numfmt refuses what is not a number +stderr
numfmt abc; echo "rc=$?"; numfmt 1K; echo "rc=$?"; numfmt --from=si 1K5 1.5.5 1k 5X; echo "rc=$?"; numfmt +5 0x10 1,000; echo "rc=$?"
numfmt --from=iec 1Mi; numfmt --from=iec-i 1K; echo "rc=$?"; numfmt --to=si 1000000000000000000000000000000; echo "rc=$?"
numfmt --from=si 10E; echo "rc=$?"
## stdout:
rc=2
rc=2
rc=2
rc=2
rc=2
rc=2
rc=2
## stderr:
numfmt: invalid number: 'abc'
numfmt: rejecting suffix in input: '1K' (consider using --from)
numfmt: invalid suffix in input '1K5': '5'
numfmt: invalid number: '+5'
numfmt: invalid suffix in input '1Mi': 'i'
numfmt: missing 'i' suffix in input: '1K' (e.g Ki/Mi/Gi)
numfmt: value too large to be converted: '1000000000000000000000000000000'
numfmt: value too large to be printed: '1e+19' (consider using --to)
## status: 0

### numfmt invalid modes +stderr
printf '1024 x\n' | numfmt --field=2 --to=iec; echo "rc=$?"
printf '5 abc\n6 7\n' | numfmt --field=2 --invalid=fail; echo "rc=$?"
numfmt --invalid=warn abc 5; echo "rc=$?"; numfmt --invalid=ignore abc; echo "rc=$?"
## stdout:
1024 rc=2
5 abc
6 7
rc=2
abc
5
rc=0
abc
rc=0
## stderr:
numfmt: invalid number: 'x'
numfmt: invalid number: 'abc'
numfmt: invalid number: 'abc'
## status: 0

### numfmt refuses bad options +stderr
numfmt --to=auto 1; echo "rc=$?"; numfmt --format=%d 5; echo "rc=$?"; numfmt --padding=0 5; echo "rc=$?"; numfmt --round=sideways 5; echo "rc=$?"
## stdout:
rc=1
rc=1
rc=1
rc=1
## stderr:
numfmt: invalid argument 'auto' for '--to'
Valid arguments are:
  - 'none'
  - 'si'
  - 'iec'
  - 'iec-i'
Try 'numfmt --help' for more information.
numfmt: invalid format '%d', directive must be %[0]['][-][N][.][N]f
numfmt: invalid padding value '0'
numfmt: invalid argument 'sideways' for '--round'
Valid arguments are:
  - 'up'
  - 'down'
  - 'from-zero'
  - 'towards-zero'
  - 'nearest'
Try 'numfmt --help' for more information.
## status: 0

### numfmt and factor quote as the messages' locale does
LC_ALL=C numfmt 12Q 2>&1; echo "[$?]"; LC_ALL=C numfmt --to=si --padding=z 1 2>&1; echo "[$?]"; LC_ALL=C factor 4x 2>&1; echo "[$?]"; LC_ALL=C.UTF-8 numfmt -- -x 2>&1; echo "[$?]"
## stdout:
numfmt: invalid suffix in input: '12Q'
[2]
numfmt: invalid padding value 'z'
[1]
factor: '4x' is not a valid positive integer
[1]
numfmt: invalid number: ‘-x’
[2]
## status: 0
