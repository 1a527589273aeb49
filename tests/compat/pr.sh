### pr pages a file under a header of its date, name and page number
printf 'a\nb\n' > f; touch -d '2024-03-05 10:20' f
pr f; pr -h 'My title' -l 12 f; pr -l 12 --header= f; pr -D '%d/%m/%Y %H.%M' -l 11 f; pr --date-format='[%Y]' -l 11 -h "$(printf '%080d' 0)" f
## stdout:


2024-03-05 10:20                        f                         Page 1


a
b





























































2024-03-05 10:20                     My title                     Page 1


a
b







2024-03-05 10:20                                                  Page 1


a
b







05/03/2024 10.20                        f                         Page 1


a







05/03/2024 10.20                        f                         Page 2


b







[2024] 00000000000000000000000000000000000000000000000000000000000000000000000000000000 Page 1


a







[2024] 00000000000000000000000000000000000000000000000000000000000000000000000000000000 Page 2


b





## status: 0
## files:
f: "a\nb\n"

### pr -l short pages, -t, -T, -d, -o and the length that implies -t
seq 12 > n; touch -d '2024-01-02 03:04' n
pr -l 15 n; pr -t -d -o 4 n | head -8; pr -l 10 n | head -3; pr -T -l 12 n | wc -l; pr -l 13 -d -h '' n
## stdout:


2024-01-02 03:04                        n                         Page 1


1
2
3
4
5







2024-01-02 03:04                        n                         Page 2


6
7
8
9
10







2024-01-02 03:04                        n                         Page 3


11
12








    1

    2

    3

    4

1
2
3
12


2024-01-02 03:04                                                  Page 1


1








2024-01-02 03:04                                                  Page 2


2








2024-01-02 03:04                                                  Page 3


3








2024-01-02 03:04                                                  Page 4


4








2024-01-02 03:04                                                  Page 5


5








2024-01-02 03:04                                                  Page 6


6








2024-01-02 03:04                                                  Page 7


7








2024-01-02 03:04                                                  Page 8


8








2024-01-02 03:04                                                  Page 9


9








2024-01-02 03:04                                                 Page 10


10








2024-01-02 03:04                                                 Page 11


11








2024-01-02 03:04                                                 Page 12


12






## status: 0
## files:
n: "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n"

### pr -COLUMN lays columns down and balances the last page
seq 10 > n; seq 25 > m
pr -t -3 n; pr -t -4 -w 40 n; pr -t --columns=2 m; pr -2 -l 15 -h H -D '' m; pr -t -2 -3 m | head -2
## stdout:
1			5			8
2			6			9
3			7			10
4
1	  4	    7	      9
2	  5	    8	      10
3	  6
1				    14
2				    15
3				    16
4				    17
5				    18
6				    19
7				    20
8				    21
9				    22
10				    23
11				    24
12				    25
13


                                H                                 Page 1


1				    6
2				    7
3				    8
4				    9
5				    10







                                H                                 Page 2


11				    16
12				    17
13				    18
14				    19
15				    20







                                H                                 Page 3


21				    24
22				    25
23







1  3  5	 6  7  8  9  10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25
2  4
## status: 0
## files:
m: "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n13\n14\n15\n16\n17\n18\n19\n20\n21\n22\n23\n24\n25\n"
n: "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n"

### pr -a lays columns across; -s, -S and -J separate them
seq 10 > n
pr -t -3 -a n; pr -t -3 -s n; pr -t -3 -s: n; pr -t -2 -S' | ' n; pr -t -2 -a -S n; pr -t -3 -J n; pr -t -3 -a -s -w 20 n
## stdout:
1			2			3
4			5			6
7			8			9
10
1	5	8
2	6	9
3	7	10
4
1:5:8
2:6:9
3:7:10
4
1				   | 6
2				   | 7
3				   | 8
4				   | 9
5				   | 10
1				    2
3				    4
5				    6
7				    8
9				    10
1	5	8
2	6	9
3	7	10
4
1     2	    3
4     5	    6
7     8	    9
10
## status: 0
## files:
n: "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n"

### pr -m merges files side by side
printf 'a\nbb\nccc\ndddd\n' > x; printf '1\n2\n' > y; printf 'p\nq\nr\n' > z
pr -t -m x y; pr -t -m -s x y z; pr -t -m -n x y; pr -t -m -S'|' x y z; pr -t -m -J x y; pr -t -m -w 30 x y z
## stdout:
a				    1
bb				    2
ccc				    
dddd				    
a	1	p
bb	2	q
ccc		r
dddd		
    1	a				1
    2	bb				2
    3	ccc				
    4	dddd				
a		       |1		       |p
bb		       |2		       |q
ccc		       |		       |r
dddd		       |		       |
a	1
bb	2
ccc	
dddd	
a	  1	    p
bb	  2	    q
ccc	  	    r
dddd	  	    
## status: 0
## files:
x: "a\nbb\nccc\ndddd\n"
y: "1\n2\n"
z: "p\nq\nr\n"

### pr truncates lines to a column, -J and -W as GNU's
printf '%s\n' aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa b cccccccccccccccc dd > l
pr -t -3 -w 30 l; pr -t -3 -w 30 -J l; pr -t -W 10 l; pr -t -w 10 l; pr -t -2 -W 20 -S: l
## stdout:
aaaaaaaaa ccccccccc dd
b
aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa	cccccccccccccccc	dd
b
aaaaaaaaaa
b
cccccccccc
dd
aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa
b
cccccccccccccccc
dd
aaaaaaaaa:ccccccccc
b	 :dd
## status: 0
## files:
l: "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\nb\ncccccccccccccccc\ndd\n"

### pr +PAGE and --pages choose the pages printed
seq 30 > n; touch -d '2024-01-02 03:04' n
pr -l 15 +2 n; pr -l 15 --pages=2:3 -h T n | grep -c .; pr -t -l 5 +3:4 n; pr -t -l 5 +9 n; echo "st $?"; pr -t -l 5 -n +2:2 n; pr -t -l 5 -n -N 50 +2:2 n
## stdout:


2024-01-02 03:04                        n                         Page 2


6
7
8
9
10







2024-01-02 03:04                        n                         Page 3


11
12
13
14
15







2024-01-02 03:04                        n                         Page 4


16
17
18
19
20







2024-01-02 03:04                        n                         Page 5


21
22
23
24
25







2024-01-02 03:04                        n                         Page 6


26
27
28
29
30





12
11
12
13
14
15
16
17
18
19
20
st 0
    6	6
    7	7
    8	8
    9	9
   10	10
   50	6
   51	7
   52	8
   53	9
   54	10
## status: 0
## files:
n: "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n13\n14\n15\n16\n17\n18\n19\n20\n21\n22\n23\n24\n25\n26\n27\n28\n29\n30\n"

### pr numbers lines with -n SEP DIGITS and -N
seq 5 > n; seq 12 > m
pr -t -n n; pr -t -n:3 n; pr -t -n -N 98 n; pr -t -2 -n m; pr -t -n.1 m; pr -t --number-lines=' 2' n; pr -t -a -3 -n m
## stdout:
    1	1
    2	2
    3	3
    4	4
    5	5
  1:1
  2:2
  3:3
  4:4
  5:5
   98	1
   99	2
  100	3
  101	4
  102	5
    1	1			    	7   7
    2	2			    	8   8
    3	3			    	9   9
    4	4			       10   10
    5	5			       11   11
    6	6			       12   12
1.1
2.2
3.3
4.4
5.5
6.6
7.7
8.8
9.9
0.10
1.11
2.12
 1 1
 2 2
 3 3
 4 4
 5 5
    1	1		    2	2		    3	3
    4	4		    5	5		    6	6
    7	7		    8	8		    9	9
   10	10		   11	11		   12	12
## status: 0
## files:
m: "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n"
n: "1\n2\n3\n4\n5\n"

### pr form feeds in the input end pages
printf 'a\fb\nc\n\fd\n' > ff; touch -d '2024-01-02 03:04' ff
pr -t ff | od -c; pr -T ff | od -c; pr -l 13 -h H ff; pr -t -2 ff | od -c; pr -f -l 13 ff | od -c; pr -F -t ff | od -c
## stdout:
0000000   a  \n  \f   b  \n   c  \n  \f   d  \n
0000012
0000000   a  \n   b  \n   c  \n   d  \n
0000010


2024-01-02 03:04                        H                         Page 1


a









2024-01-02 03:04                        H                         Page 2


b
c








2024-01-02 03:04                        H                         Page 3


d







0000000   a  \n  \f   b  \t  \t  \t  \t                   c  \n  \f   d
0000020  \n
0000021
0000000  \n  \n   2   0   2   4   -   0   1   -   0   2       0   3   :
0000020   0   4                                                        
0000040                                           f   f                
0000060                                                                
0000100                   P   a   g   e       1  \n  \n  \n   a  \n  \f
0000120  \n  \n   2   0   2   4   -   0   1   -   0   2       0   3   :
0000140   0   4                                                        
0000160                                           f   f                
0000200                                                                
0000220                   P   a   g   e       2  \n  \n  \n   b  \n   c
0000240  \n  \f  \n  \n   2   0   2   4   -   0   1   -   0   2       0
0000260   3   :   0   4                                                
0000300                                                   f   f        
0000320                                                                
0000340                           P   a   g   e       3  \n  \n  \n   d
0000360  \n  \f
0000362
0000000   a  \n  \f   b  \n   c  \n  \f   d  \n
0000012
## status: 0
## files:
ff: "a\u{c}b\nc\n\u{c}d\n"

### pr tabs, control characters, -e, -i, -v and -c
printf 'a\tb\001c\n\tx y  z\n' > t
pr -t t | od -c; pr -t -e4 t | od -c; pr -t -v t; pr -t -c t; pr -t -2 t | od -c; pr -t -i t | od -c; pr -t -i:3 -o 7 t | od -c; pr -t -e. t
## stdout-escaped:
"0000000   a  \\t   b 001   c  \\n  \\t   x       y           z  \\n\n0000016\n0000000   a               b 001   c  \\n                   x       y    \n0000020       z  \\n\n0000023\na\tb\\001c\n\tx y  z\na\tb^Ac\n\tx y  z\n0000000   a  \\t   b 001   c  \\t  \\t  \\t                  \\t            \n0000020       x       y  \\t       z  \\n\n0000030\n0000000   a  \\t   b 001   c  \\n  \\t   x       y           z  \\n\n0000016\n0000000   :   :       a  \\t   b 001   c  \\n   :   :      \\t   x       y\n0000020   :   z  \\n\n0000023\na       b\u{1}c\n        x y  z\n"
## status: 0
## files:
t: "a\tb\u{1}c\n\tx y  z\n"

### pr reads standard input and files together
printf 'x\ny\n' | pr -D '' -h T -l 12; printf 'in\n' > f; printf 'si\n' | pr -t f - f; printf 'one\ntwo\n' | pr -t -2
## stdout:


                                T                                 Page 1


x
y





in
si
in
one				    two
## status: 0
## files:
f: "in\n"

### pr errors as GNU's +stderr
printf 'a\n' > f
pr -l x f; echo "st $?"; pr --columns=0 f; echo "st $?"; pr -m -2 f f; echo "st $?"; pr -a -m f f; echo "st $?"
pr -e3x f; echo "st $?"; pr --pages=3:1 f; echo "st $?"; pr -t nosuch f; echo "st $?"; pr -r -t nosuch; echo "st $?"
pr -w 1 -2 f; echo "st $?"; pr -o -1 f; echo "st $?"; pr -t +0 2>/dev/null; echo "st $?"; pr -t -m nosuch f; echo "st $?"
## stdout:
st 1
st 1
st 1
st 1
st 1
st 1
a
st 1
st 1
st 1
st 1
st 1
a
st 1
## stderr:
pr: '-l PAGE_LENGTH' invalid number of lines: 'x'
pr: invalid number of columns: '0': Numerical result out of range
pr: cannot specify number of columns when printing in parallel
pr: cannot specify both printing across and printing in parallel
pr: '-e' extra characters or invalid number in the argument: '3x'
Try 'pr --help' for more information.
pr: invalid page range '3:1'
pr: nosuch: No such file or directory
pr: page width too narrow
pr: '-o MARGIN' invalid line offset: '-1': Numerical result out of range
pr: nosuch: No such file or directory
## status: 0
## files:
f: "a\n"
