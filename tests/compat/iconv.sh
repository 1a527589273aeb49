### iconv between UTF-8, Latin-1 and code pages
printf 'caf\xc3\xa9\n' | iconv -f UTF-8 -t ISO-8859-1 | od -An -c; printf 'caf\xe9\n' | iconv -f latin1 -t utf-8
printf '\x80\n' | iconv -f CP1252 -t UTF-8; printf 'Привет\n' | iconv -t KOI8-R | iconv -f KOI8-R -t UTF-8; printf 'Привет\n' | iconv -t CP1251 | od -An -tx1
## stdout:
   c   a   f 351  \n
café
€
Привет
 cf f0 e8 e2 e5 f2 0a
## status: 0

### iconv to and from UTF-16 and UTF-32
printf 'ab' | iconv -t UTF-16 | od -An -tx1; printf 'ab' | iconv -f utf8 -t utf-16be | od -An -tx1; printf 'ab' | iconv -f utf8 -t UTF-32 | od -An -tx1
printf '\xff\xfeh\x00i\x00' | iconv -f UTF-16 -t UTF-8; echo; printf 'hi' | iconv -t UTF-16LE | iconv -f UTF-16LE; echo
printf '\xf0\x9f\x98\x80' | iconv -t UTF-16BE | od -An -tx1; printf '\xf0\x9f\x98\x80' | iconv -t UTF-16BE | iconv -f UTF-16BE | od -An -tx1
## stdout:
 ff fe 61 00 62 00
 00 61 00 62
 ff fe 00 00 61 00 00 00 62 00 00 00
hi
hi
 d8 3d de 00
 f0 9f 98 80
## status: 0

### iconv to Japanese encodings and back
printf '\xe3\x81\x82\n' | iconv -t SHIFT_JIS | od -An -tx1; printf '\x82\xa0\n' | iconv -f SJIS -t UTF-8; printf '日本\n' | iconv -t EUC-JP | iconv -f EUC-JP
## stdout:
 82 a0 0a
あ
日本
## status: 0

### iconv stops at what the target cannot hold +stderr
printf 'caf\xc3\xa9 \xe2\x82\xac\n' > u8; iconv -f UTF-8 -t ISO-8859-1 u8 | od -An -c; iconv -f UTF-8 -t ASCII u8; echo "rc=$?"
## stdout:
   c   a   f 351    
cafrc=1
## stderr:
iconv: illegal input sequence at position 6
iconv: illegal input sequence at position 3
## status: 0
## files:
u8: "café €\n"

### iconv transliterates, skips or ignores +stderr
printf 'caf\xc3\xa9 \xe2\x82\xac\n' > u8; iconv -f UTF-8 -t ASCII//TRANSLIT u8; echo "rc=$?"; iconv -c -f UTF-8 -t ASCII u8; echo "rc=$?"
iconv -f UTF-8 -t ASCII//IGNORE u8; echo "rc=$?"
printf 'h\xc3\xa9llo w\xc3\xb6rld \xe2\x80\x9cq\xe2\x80\x9d \xe2\x80\x94 \xc3\x9f \xc3\x85ngstr\xc3\xb6m\n' | iconv -f utf-8 -t ascii//TRANSLIT
## stdout:
cafe EUR
rc=0
caf 
rc=0
caf 
rc=1
hello world "q" -- ss Angstrom
## stderr:
iconv: illegal input sequence at position 10
## status: 0
## files:
u8: "café €\n"

### iconv refuses input that is not in its encoding +stderr
printf '\xff\xfe' | iconv -f UTF-8 -t UTF-16LE; echo "rc=$?"; printf 'a\xc3' | iconv -f utf-8 -t latin1; echo "rc=$?"
iconv nofile; echo "rc=$?"; printf 'ok\n' | iconv -f utf-8 -t utf-8 -o outf; cat outf
## stdout:
rc=1
arc=1
rc=1
ok
## stderr:
iconv: illegal input sequence at position 0
iconv: incomplete character or shift sequence at end of buffer
iconv: cannot open input file `nofile': No such file or directory
## status: 0
## files:
outf: "ok\n"

### iconv refuses an encoding it does not know
printf 'x\n' | iconv -f BOGUS 2>/dev/null; echo "rc=$?"
## stdout:
rc=1
## status: 0
