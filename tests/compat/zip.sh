### zip adds files, stores what deflate cannot shrink, reports as Info-ZIP
printf 'hello\n' > a.txt; seq 1 1000 > n.txt; touch -d '2024-01-02 03:04:05' a.txt n.txt
{ zip out.zip a.txt n.txt; echo $?; unzip -l out.zip; unzip -v out.zip; } | sed -E '/deflated|Defl:N|files$/ s/ +[0-9]+ +[0-9]+%| [(]deflated [0-9]+%[)]/ (deflate-dependent)/'
rm -f *.zip
## stdout:
  adding: a.txt (stored 0%)
  adding: n.txt (deflate-dependent)
0
Archive:  out.zip
  Length      Date    Time    Name
---------  ---------- -----   ----
        6  2024-01-02 03:04   a.txt
     3893  2024-01-02 03:04   n.txt
---------                     -------
     3899                     2 files
Archive:  out.zip
 Length   Method    Size  Cmpr    Date    Time   CRC-32   Name
--------  ------  ------- ---- ---------- ----- --------  ----
       6  Stored        6   0% 2024-01-02 03:04 363a3020  a.txt
    3893  Defl:N (deflate-dependent) 2024-01-02 03:04 8dc4565d  n.txt
--------          -------  ---                            -------
    3899 (deflate-dependent)                            2 files
## status: 0
## files:
a.txt: "hello\n"
n.txt: 3893 bytes, 1000 lines

### zip -r walks a directory, -D leaves out directory entries, -j junks paths
mkdir -p d/e; printf 'x\n' > d/e/f; touch -d '2024-01-02 03:04:05' d d/e d/e/f
zip -r r.zip d; zip -D -r nd.zip d; zip -j j.zip d/e/f; zip dir.zip d; unzip -Z1 r.zip; unzip -Z1 j.zip
rm -f *.zip
## stdout:
  adding: d/ (stored 0%)
  adding: d/e/ (stored 0%)
  adding: d/e/f (stored 0%)
  adding: d/e/f (stored 0%)
  adding: f (stored 0%)
  adding: d/ (stored 0%)
d/
d/e/
d/e/f
f
## status: 0
## files:
d/
d/e/
d/e/f: "x\n"

### zip updates, freshens, deletes and says when there is nothing to do
printf 'hello\n' > a.txt; seq 1 1000 > n.txt; : > empty; touch -d '2024-01-02 03:04:05' a.txt n.txt empty
zip -q o.zip a.txt n.txt; zip o.zip a.txt; touch -d '2024-01-03' a.txt; zip -u o.zip a.txt n.txt; echo $?; zip -u o.zip a.txt n.txt; echo $?; zip -f o.zip a.txt empty; echo $?; zip -d o.zip a.txt; zip -d o.zip zzz; echo $?; zip o.zip nope; echo $?; zip x.zip nope a.txt; echo $?; unzip -Z1 o.zip
rm -f *.zip
## stdout:
updating: a.txt (stored 0%)
updating: a.txt (stored 0%)
0
12
12
deleting: a.txt
	zip warning: name not matched: zzz

zip error: Nothing to do! (o.zip)
12
	zip warning: name not matched: nope

zip error: Nothing to do! (o.zip)
12
	zip warning: name not matched: nope
  adding: a.txt (stored 0%)
0
n.txt
## status: 0
## files:
a.txt: "hello\n"
empty: ""
n.txt: 3893 bytes, 1000 lines

### zip levels, -q, names from standard input, -i and -x lists
printf 'hello\n' > a.txt; seq 1 1000 > n.txt; mkdir -p d/e; printf 'x\n' > d/e/f
zip -0 s.zip n.txt; zip -9 s9.zip n.txt | sed -E 's/deflated [0-9]+%/deflated/'; zip -q q.zip a.txt; echo $?; printf 'a.txt\nn.txt\n' | zip -@ at.zip | sed -E 's/deflated [0-9]+%/deflated/'; zip -r x.zip d -x '*/f'; zip i.zip a.txt n.txt -i '*.txt' -x 'n*'; zip noext a.txt; ls noext*
rm -f *.zip
## stdout:
  adding: n.txt (stored 0%)
  adding: n.txt (deflated)
0
  adding: a.txt (stored 0%)
  adding: n.txt (deflated)
  adding: d/ (stored 0%)
  adding: d/e/ (stored 0%)
  adding: a.txt (stored 0%)
  adding: a.txt (stored 0%)
noext.zip
## status: 0
## files:
a.txt: "hello\n"
d/
d/e/
d/e/f: "x\n"
n.txt: 3893 bytes, 1000 lines

### zip -m moves files in, -y keeps a link as a link
printf 'hello\n' > a.txt; mkdir -p d/e; printf 'x\n' > d/e/f; : > empty; ln -s a.txt l
zip -m m.zip empty d/e/f; ls empty d/e; echo $?; zip -y y.zip l; unzip -Z1 y.zip; unzip -p y.zip l; echo; zip f.zip l; unzip -p f.zip l
rm -f *.zip
## stdout:
  adding: empty (stored 0%)
  adding: d/e/f (stored 0%)
d/e:
2
  adding: l (stored 0%)
l
a.txt
  adding: l (stored 0%)
hello
## status: 0
## files:
a.txt: "hello\n"
d/
d/e/
l -> a.txt

### zip refuses what is not an archive and options it does not have
printf 'notzip' > bad.zip; printf 'hello\n' > a.txt
zip bad.zip a.txt; echo $?; cat bad.zip; echo; zip --nope; echo $?; zip -$ a.zip a.txt; echo $?
rm -f *.zip
## stdout:
	zip warning: missing end signature--probably not a zip file (did you
	zip warning: remember to use binary mode when you transferred it?)
	zip warning: (if you are trying to read a damaged archive try -F)

zip error: Zip file structure invalid (bad.zip)
3
notzip

zip error: Invalid command arguments (long option 'nope' not supported)
16

zip error: Invalid command arguments (short option '$' not supported)
16
## status: 0
## files:
a.txt: "hello\n"

### unzip extracts, creating directories and keeping times
printf 'hello\n' > a.txt; seq 1 1000 > n.txt; mkdir -p d/e; printf 'x\n' > d/e/f; : > empty; touch -d '2024-01-02 03:04:05' a.txt n.txt d d/e d/e/f empty; zip -qr out.zip a.txt n.txt d empty; mkdir u; cd u
unzip ../out.zip; echo $?; cat a.txt d/e/f; wc -l n.txt; find . -newermt '2024-01-02 03:04:06' | sort; find . ! -newermt '2024-01-02 03:04:04' | sort
cd ..; rm -f *.zip
## stdout:
Archive:  ../out.zip
 extracting: a.txt                   
  inflating: n.txt                   
   creating: d/
   creating: d/e/
 extracting: d/e/f                   
 extracting: empty                   
0
hello
x
1000 n.txt
.
## status: 0
## files:
a.txt: "hello\n"
d/
d/e/
d/e/f: "x\n"
empty: ""
n.txt: 3893 bytes, 1000 lines
u/
u/a.txt: "hello\n"
u/d/
u/d/e/
u/d/e/f: "x\n"
u/empty: ""
u/n.txt: 3893 bytes, 1000 lines

### unzip asks before replacing, as unzip asks
printf 'hello\n' > a.txt; seq 1 1000 > n.txt; mkdir -p d/e; printf 'x\n' > d/e/f; : > empty; zip -qr out.zip a.txt n.txt d empty; mkdir u; cd u; unzip -q ../out.zip
unzip ../out.zip < /dev/null; echo $?; printf 'y\nn\nA\n' | unzip ../out.zip; echo $?; printf 'N\n' | unzip ../out.zip; echo $?; printf 'r\nnew.txt\nn\nn\nn\n' | unzip ../out.zip; echo $?; ls; printf 'q\ny\nN\n' | unzip ../out.zip; echo $?
cd ..; rm -f *.zip
## stdout:
Archive:  ../out.zip
1
Archive:  ../out.zip
 extracting: a.txt                   
 extracting: d/e/f                   
 extracting: empty                   
0
Archive:  ../out.zip
0
Archive:  ../out.zip
 extracting: new.txt                 
0
a.txt
d
empty
n.txt
new.txt
Archive:  ../out.zip
 extracting: a.txt                   
0
## status: 0
## files:
a.txt: "hello\n"
d/
d/e/
d/e/f: "x\n"
empty: ""
n.txt: 3893 bytes, 1000 lines
u/
u/a.txt: "hello\n"
u/d/
u/d/e/
u/d/e/f: "x\n"
u/empty: ""
u/n.txt: 3893 bytes, 1000 lines
u/new.txt: "hello\n"

### unzip -o, -n, -q, -d, -j, -x and a list of names
printf 'hello\n' > a.txt; seq 1 1000 > n.txt; mkdir -p d/e; printf 'x\n' > d/e/f; : > empty; zip -qr out.zip a.txt n.txt d empty; mkdir u; cd u; unzip -q ../out.zip
unzip -o ../out.zip n.txt; unzip -n ../out.zip; unzip -q -o ../out.zip; unzip -qq -o ../out.zip; unzip -d sub ../out.zip d/e/f; unzip -j -o ../out.zip d/e/f; unzip -o ../out.zip -x 'd/*'; unzip -o ../out a.txt; find . | sort
cd ..; rm -f *.zip
## stdout:
Archive:  ../out.zip
  inflating: n.txt                   
Archive:  ../out.zip
Archive:  ../out.zip
 extracting: sub/d/e/f               
Archive:  ../out.zip
 extracting: f                       
Archive:  ../out.zip
 extracting: a.txt                   
  inflating: n.txt                   
 extracting: empty                   
Archive:  ../out.zip
 extracting: a.txt                   
.
./a.txt
./d
./d/e
./d/e/f
./empty
./f
./n.txt
./sub
./sub/d
./sub/d/e
./sub/d/e/f
## status: 0
## files:
a.txt: "hello\n"
d/
d/e/
d/e/f: "x\n"
empty: ""
n.txt: 3893 bytes, 1000 lines
u/
u/a.txt: "hello\n"
u/d/
u/d/e/
u/d/e/f: "x\n"
u/empty: ""
u/f: "x\n"
u/n.txt: 3893 bytes, 1000 lines
u/sub/
u/sub/d/
u/sub/d/e/
u/sub/d/e/f: "x\n"

### unzip -p, -c and -t
printf 'hello\n' > a.txt; seq 1 1000 > n.txt; mkdir -p d/e; printf 'x\n' > d/e/f; zip -qr out.zip a.txt n.txt d
unzip -p out.zip n.txt | tail -2; unzip -p out.zip a.txt d/e/f; unzip -c out.zip d/e/f; unzip -t out.zip; echo $?
rm -f *.zip
## stdout:
999
1000
hello
x
Archive:  out.zip
 extracting: d/e/f                   
x

Archive:  out.zip
    testing: a.txt                    OK
    testing: n.txt                    OK
    testing: d/                       OK
    testing: d/e/                     OK
    testing: d/e/f                    OK
No errors detected in compressed data of out.zip.
0
## status: 0
## files:
a.txt: "hello\n"
d/
d/e/
d/e/f: "x\n"
n.txt: 3893 bytes, 1000 lines

### unzip on what is missing or not an archive +stderr
printf 'hello\n' > a.txt; zip -q out.zip a.txt; printf 'garbage' > bad.zip
unzip out.zip nope; echo $?; unzip -l out.zip nope; echo $?; unzip nope.zip; echo $?; unzip bad.zip; echo $?; unzip | head -3; echo $?
rm -f *.zip
## stdout:
Archive:  out.zip
11
Archive:  out.zip
  Length      Date    Time    Name
---------  ---------- -----   ----
---------                     -------
        0                     0 files
11
9
Archive:  bad.zip
9
UnZip 6.00 of 20 April 2009, by Debian. Original by Info-ZIP.

Usage: unzip [-Z] [-opts[modifiers]] file[.zip] [list] [-x xlist] [-d exdir]
0
## stderr:
caution: filename not matched:  nope
unzip:  cannot find or open nope.zip, nope.zip.zip or nope.zip.ZIP.
  End-of-central-directory signature not found.  Either this file is not
  a zipfile, or it constitutes one disk of a multi-part archive.  In the
  latter case the central directory and zipfile comment will be found on
  the last disk(s) of this archive.
unzip:  cannot find zipfile directory in one of bad.zip or
        bad.zip.zip, and cannot find bad.zip.ZIP, period.
## status: 0
## files:
a.txt: "hello\n"

### unzip keeps extracted names inside the target +stderr
mkdir -p in/u; cd in/u
printf '\120\113\003\004\024\000\000\000\000\000\203\030\042\130\003\144\206\271\002\000\000\000\002\000\000\000\007\000\000\000\056\056\057\145\166\151\154\145\012\120\113\003\004\024\000\000\000\000\000\203\030\042\130\007\241\352\335\002\000\000\000\002\000\000\000\006\000\000\000\057\141\142\163\057\170\141\012\120\113\001\002\024\003\024\000\000\000\000\000\203\030\042\130\003\144\206\271\002\000\000\000\002\000\000\000\007\000\000\000\000\000\000\000\000\000\000\000\200\001\000\000\000\000\056\056\057\145\166\151\154\120\113\001\002\024\003\024\000\000\000\000\000\203\030\042\130\007\241\352\335\002\000\000\000\002\000\000\000\006\000\000\000\000\000\000\000\000\000\000\000\200\001\047\000\000\000\057\141\142\163\057\170\120\113\005\006\000\000\000\000\002\000\002\000\151\000\000\000\115\000\000\000\000\000' > ../e.zip
unzip ../e.zip; echo $?; find .. | sort
cd ../..; rm -f in/*.zip
## stdout:
Archive:  ../e.zip
warning:  skipped "../" path component(s) in ../evil
 extracting: evil                    
 extracting: abs/x                   
1
..
../e.zip
../u
../u/abs
../u/abs/x
../u/evil
## stderr:
warning:  stripped absolute path spec from /abs/x
## status: 0
## files:
in/
in/u/
in/u/abs/
in/u/abs/x: "a\n"
in/u/evil: "e\n"

### file tells a zip archive
printf 'hello\n' > a.txt; seq 1 1000 > n.txt; zip -q s.zip a.txt; zip -q d.zip n.txt
file s.zip d.zip
rm -f *.zip
## stdout:
s.zip: Zip archive data, at least v1.0 to extract, compression method=store
d.zip: Zip archive data, at least v2.0 to extract, compression method=deflate
## status: 0
## files:
a.txt: "hello\n"
n.txt: 3893 bytes, 1000 lines
