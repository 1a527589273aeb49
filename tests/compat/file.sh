### file tells text by its encoding and its lines
printf 'hello\n' > a.txt; printf 'h\303\251llo\n' > u.txt; printf '\357\273\277bom\n' > b.txt; printf 'caf\351\n' > l.txt; printf 'caf\200\n' > x.txt; printf 'a\r\nb\r\n' > crlf.txt; printf 'a\rb\r' > cr.txt; printf 'a\r\nb\nc\r' > mix.txt; printf 'no newline' > nonl.txt; printf 'a\033[31mred\n' > esc.txt; printf 'a\bb\n' > bs.txt; printf '\377\376h\0i\0' > le.txt; printf '\376\377\0h' > be.txt; : > empty; printf 'x\0y' > nul.bin
printf '%0400d\n' 0 > long.txt
file a.txt u.txt b.txt l.txt x.txt crlf.txt cr.txt mix.txt nonl.txt esc.txt bs.txt le.txt be.txt empty nul.bin long.txt
## stdout:
a.txt:    ASCII text
u.txt:    Unicode text, UTF-8 text
b.txt:    Unicode text, UTF-8 (with BOM) text
l.txt:    ISO-8859 text
x.txt:    Non-ISO extended-ASCII text
crlf.txt: ASCII text, with CRLF line terminators
cr.txt:   ASCII text, with CR line terminators
mix.txt:  ASCII text, with CRLF, CR, LF line terminators
nonl.txt: ASCII text, with no line terminators
esc.txt:  ASCII text, with escape sequences
bs.txt:   ASCII text, with overstriking
le.txt:   Unicode text, UTF-16, little-endian text, with no line terminators
be.txt:   Unicode text, UTF-16, big-endian text, with no line terminators
empty:    empty
nul.bin:  data
long.txt: ASCII text, with very long lines (400)
## status: 0
## files:
a.txt: "hello\n"
b.txt: "﻿bom\n"
be.txt: "��\u{0}h"
bs.txt: "a\u{8}b\n"
cr.txt: "a\u{d}b\u{d}"
crlf.txt: "a\u{d}\nb\u{d}\n"
empty: ""
esc.txt: "a\u{1b}[31mred\n"
l.txt: "caf�\n"
le.txt: "��h\u{0}i\u{0}"
long.txt: 401 bytes, 1 lines
mix.txt: "a\u{d}\nb\nc\u{d}"
nonl.txt: "no newline"
nul.bin: "x\u{0}y"
u.txt: "héllo\n"
x.txt: "caf�\n"

### file tells scripts by their interpreter
printf '#!/bin/bash\necho\n' > 1; printf '#!/bin/sh\n' > 2; printf '#! /bin/sh\n' > 3; printf '#!/usr/bin/env bash\n' > 4; printf '#!/usr/bin/env python3\n' > 5; printf '#!/usr/bin/python3\n' > 6; printf '#!/usr/bin/perl\n' > 7; printf '#!/usr/bin/env node\nx\n' > 8; printf '#!/usr/bin/env ruby\n' > 9; printf '#!/usr/bin/awk -f\n' > 10; printf '#!/bin/zsh\n' > 11; printf '#!/bin/dash\n' > 12; printf '#!/bin/sh\n\303\251\n' > 13
file 1 2 3 4 5 6 7 8 9 10 11 12 13
## stdout:
1:  Bourne-Again shell script, ASCII text executable
2:  POSIX shell script, ASCII text executable
3:  POSIX shell script, ASCII text executable
4:  Bourne-Again shell script, ASCII text executable
5:  Python script, ASCII text executable
6:  Python script, ASCII text executable
7:  Perl script text executable
8:  Node.js script executable, ASCII text
9:  Ruby script, ASCII text executable
10: awk script, ASCII text executable
11: Paul Falstad's zsh script, ASCII text executable
12: a /bin/dash script, ASCII text executable
13: POSIX shell script, Unicode text, UTF-8 text executable
## status: 0
## files:
1: "#!/bin/bash\necho\n"
10: "#!/usr/bin/awk -f\n"
11: "#!/bin/zsh\n"
12: "#!/bin/dash\n"
13: "#!/bin/sh\né\n"
2: "#!/bin/sh\n"
3: "#! /bin/sh\n"
4: "#!/usr/bin/env bash\n"
5: "#!/usr/bin/env python3\n"
6: "#!/usr/bin/python3\n"
7: "#!/usr/bin/perl\n"
8: "#!/usr/bin/env node\nx\n"
9: "#!/usr/bin/env ruby\n"

### file tells what text holds
printf '{"a": 1}\n' > j; printf '[1,2]' > arr; printf '{"a":1}\n{"a":2}\n' > nd; printf '"str"\n' > s; printf 'a,b,c\n1,2,3\n4,5,6\n' > csv; printf 'a,b\n1,2\n' > short; printf '<!DOCTYPE html>\n<p>x\n' > h; printf '<html><body>x</body></html>\n' > h2; printf '<?xml version="1.0"?>\n<a/>\n' > xml; printf 'diff --git a/x b/x\n' > d1; printf -- '--- a\n+++ b\n' > d2; printf 'diff --git a/x b/x\n--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\n+b\n' > d4; printf 'diff a b\n1c1\n' > d3; printf '#include <stdio.h>\nint main(){}\n' > c; printf '%%!PS-Adobe-3.0\n' > ps; printf '%%PDF-1.4\n' > pdf
file j arr nd s csv short h h2 xml d1 d2 d3 d4 c ps pdf
## stdout:
j:     JSON text data
arr:   JSON text data
nd:    New Line Delimited JSON text data
s:     ASCII text
csv:   CSV text
short: ASCII text
h:     HTML document, ASCII text
h2:    HTML document, ASCII text
xml:   XML 1.0 document, ASCII text
d1:    diff output, ASCII text
d2:    ASCII text
d3:    diff output, ASCII text
d4:    unified diff output, ASCII text
c:     C source, ASCII text
ps:    PostScript document text conforming DSC level 3.0
pdf:   PDF document, version 1.4
## status: 0
## files:
arr: "[1,2]"
c: "#include <stdio.h>\nint main(){}\n"
csv: "a,b,c\n1,2,3\n4,5,6\n"
d1: "diff --git a/x b/x\n"
d2: "--- a\n+++ b\n"
d3: "diff a b\n1c1\n"
d4: "diff --git a/x b/x\n--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\n+b\n"
h: "<!DOCTYPE html>\n<p>x\n"
h2: "<html><body>x</body></html>\n"
j: "{\"a\": 1}\n"
nd: "{\"a\":1}\n{\"a\":2}\n"
pdf: "%PDF-1.4\n"
ps: "%!PS-Adobe-3.0\n"
s: "\"str\"\n"
short: "a,b\n1,2\n"
xml: "<?xml version=\"1.0\"?>\n<a/>\n"

### file tells compressed data and archives
printf 'hello\n' > a; gzip -nc a > a.gz; gzip -9nc a > a9.gz; bzip2 -c a > a.bz2; xz -c a > a.xz; tar cf a.tar a; printf 'PK\005\006' > e.zip
file a.gz a9.gz a.bz2 a.xz a.tar e.zip; file -z a.gz a.bz2 a.xz; file -iz a.gz
## stdout:
a.gz:  gzip compressed data, from Unix, original size modulo 2^32 6
a9.gz: gzip compressed data, max compression, from Unix, original size modulo 2^32 6
a.bz2: bzip2 compressed data, block size = 900k
a.xz:  XZ compressed data, checksum CRC64
a.tar: POSIX tar archive (GNU)
e.zip: Zip archive data (empty)
a.gz:  ASCII text (gzip compressed data, from Unix)
a.bz2: ASCII text (bzip2 compressed data, block size = 900k)
a.xz:  ASCII text (XZ compressed data, checksum CRC64)
a.gz: text/plain; charset=us-ascii compressed-encoding=application/gzip; charset=binary
## status: 0
## files:
a: "hello\n"
a.bz2: "BZh91AY&SY����\u{0}\u{0}\u{1}A\u{0}\u{0}\u{10}\u{2}D�\u{0}0�\u{0}�F)�\u{17}rE8P�����"
a.gz: "\u{1f}�\u{8}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{3}�H����\u{2}\u{0} 0:6\u{6}\u{0}\u{0}\u{0}"
a.tar: 10240 bytes, 2 lines
a.xz: "�7zXZ\u{0}\u{0}\u{4}�ִF\u{2}\u{0}!\u{1}\u{16}\u{0}\u{0}\u{0}t/�\u{1}\u{0}\u{5}hello\n\u{0}\u{0}\u{0}�`�����\u{0}\u{1}\u{1e}\u{6}�/�\u{1d}\u{1f}��}\u{1}\u{0}\u{0}\u{0}\u{0}\u{4}YZ"
a9.gz: "\u{1f}�\u{8}\u{0}\u{0}\u{0}\u{0}\u{0}\u{2}\u{3}�H����\u{2}\u{0} 0:6\u{6}\u{0}\u{0}\u{0}"
e.zip: "PK\u{5}\u{6}"

### file tells images by their headers
printf '\211PNG\r\n\032\n\0\0\0\rIHDR\0\0\0\020\0\0\0\040\010\006\0\0\0' > i.png; printf '\211PNG\r\n\032\n\0\0\0\rIHDR\0\0\0\003\0\0\0\002\001\000\0\0\001' > g.png; printf 'GIF89a\020\000\040\000' > i.gif; printf '\377\330\377\340\000\020JFIF\000\001\001\000\000\001\000\001\000\000' > i.jpg
file i.png g.png i.gif i.jpg
## stdout:
i.png: PNG image data, 16 x 32, 8-bit/color RGBA, non-interlaced
g.png: PNG image data, 3 x 2, 1-bit grayscale, interlaced
i.gif: GIF image data, version 89a, 16 x 32
i.jpg: JPEG image data, JFIF standard 1.01, aspect ratio, density 1x1, segment length 16
## status: 0
## files:
g.png: "�PNG\u{d}\n\u{1a}\n\u{0}\u{0}\u{0}\u{d}IHDR\u{0}\u{0}\u{0}\u{3}\u{0}\u{0}\u{0}\u{2}\u{1}\u{0}\u{0}\u{0}\u{1}"
i.gif: "GIF89a\u{10}\u{0} \u{0}"
i.jpg: "����\u{0}\u{10}JFIF\u{0}\u{1}\u{1}\u{0}\u{0}\u{1}\u{0}\u{1}\u{0}\u{0}"
i.png: "�PNG\u{d}\n\u{1a}\n\u{0}\u{0}\u{0}\u{d}IHDR\u{0}\u{0}\u{0}\u{10}\u{0}\u{0}\u{0} \u{8}\u{6}\u{0}\u{0}\u{0}"

### file -i, --mime-type, --mime-encoding, -b, -N, -F and -0
printf 'hello\n' > a.txt; printf '#!/bin/sh\n' > s; printf '{"a":1}\n' > j; gzip -nc a.txt > a.gz; mkdir -p dir
file -i a.txt s j a.gz dir; file --mime-type a.txt s; file --mime-encoding a.txt a.gz; file -b a.txt dir; file -N a.txt dir; file -F ' =' a.txt; file -0 a.txt | od -c | head -2; file -bi a.txt
## stdout:
a.txt: text/plain; charset=us-ascii
s:     text/x-shellscript; charset=us-ascii
j:     application/json; charset=us-ascii
a.gz:  application/gzip; charset=binary
dir:   inode/directory; charset=binary
a.txt: text/plain
s:     text/x-shellscript
a.txt: us-ascii
a.gz:  binary
ASCII text
directory
a.txt: ASCII text
dir: directory
a.txt = ASCII text
0000000   a   .   t   x   t  \0   :       A   S   C   I   I       t   e
0000020   x   t  \n
text/plain; charset=us-ascii
## status: 0
## files:
a.gz: "\u{1f}�\u{8}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{3}�H����\u{2}\u{0} 0:6\u{6}\u{0}\u{0}\u{0}"
a.txt: "hello\n"
dir/
j: "{\"a\":1}\n"
s: "#!/bin/sh\n"

### file tells directories and links, and follows them with -L
printf 'hello\n' > a.txt; mkdir -p dir; ln -sf a.txt link; ln -sf nowhere broken
file dir link broken; file -L link; file -L dir; file -L -h link; file -h -L link
## stdout:
dir:    directory
link:   symbolic link to a.txt
broken: broken symbolic link to nowhere
link: ASCII text
dir: directory
link: symbolic link to a.txt
link: ASCII text
## status: 0
## files:
a.txt: "hello\n"
broken -> nowhere
dir/
link -> a.txt

### file reads names with -f and standard input as -
printf 'hello\n' > a.txt; printf 'x\n' > b; printf 'a.txt\nb\n' > names
file -f names; printf '#!/bin/sh\n' | file -; file -b - < a.txt
## stdout:
a.txt: ASCII text
b:     ASCII text
/dev/stdin: POSIX shell script, ASCII text executable
ASCII text
## status: 0
## files:
a.txt: "hello\n"
b: "x\n"
names: "a.txt\nb\n"

### file on a missing file says so and succeeds; -E fails +stderr
file nope; echo $?; file -E nope; echo $?; file -f nonexist; echo $?; file; echo $?
## stdout:
nope: cannot open `nope' (No such file or directory)
0
nope: ERROR: cannot stat `nope' (No such file or directory)
1
1
1
## stderr:
file: Cannot open `nonexist' (No such file or directory)
Usage: file [-bcCdEhikLlNnprsSvzZ0] [--apple] [--extension] [--mime-encoding]
            [--mime-type] [-e <testname>] [-F <separator>]  [-f <namefile>]
            [-m <magicfiles>] [-P <parameter=value>] [--exclude-quiet]
            <file> ...
       file -C [-m <magicfiles>]
       file [--help]
## status: 0
