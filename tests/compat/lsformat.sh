### ls -C -x -m lay names out in 80 columns
touch alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi omicron pi rho sigma tau upsilon phi chi psi omega 'a b' "it's"; mkdir dir; ln -s alpha lnk; chmod +x pi
ls -C; echo; ls -x; echo; ls -m; echo; ls -F -C; echo; ls -p -x
## stdout:
a b    chi    epsilon  iota   lambda  nu       phi  rho    theta    zeta
alpha  delta  eta      it's   lnk     omega    pi   sigma  upsilon
beta   dir    gamma    kappa  mu      omicron  psi  tau    xi

a b    alpha   beta   chi      delta  dir    epsilon  eta  gamma  iota	it's
kappa  lambda  lnk    mu       nu     omega  omicron  phi  pi	  psi	rho
sigma  tau     theta  upsilon  xi     zeta

a b, alpha, beta, chi, delta, dir, epsilon, eta, gamma, iota, it's, kappa,
lambda, lnk, mu, nu, omega, omicron, phi, pi, psi, rho, sigma, tau, theta,
upsilon, xi, zeta

a b    chi    epsilon  iota   lambda  nu       phi  rho    theta    zeta
alpha  delta  eta      it's   lnk@    omega    pi*  sigma  upsilon
beta   dir/   gamma    kappa  mu      omicron  psi  tau    xi

a b    alpha   beta   chi      delta  dir/   epsilon  eta  gamma  iota	it's
kappa  lambda  lnk    mu       nu     omega  omicron  phi  pi	  psi	rho
sigma  tau     theta  upsilon  xi     zeta
## status: 0
## files:
a b: ""
alpha: ""
beta: ""
chi: ""
delta: ""
dir/
epsilon: ""
eta: ""
gamma: ""
iota: ""
it's: ""
kappa: ""
lambda: ""
lnk -> alpha
mu: ""
nu: ""
omega: ""
omicron: ""
phi: ""
pi: ""
psi: ""
rho: ""
sigma: ""
tau: ""
theta: ""
upsilon: ""
xi: ""
zeta: ""

### ls width from -w, --width and COLUMNS
touch alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi omicron pi rho sigma tau upsilon phi chi psi omega
ls -C -w 40; ls -x --width=30; ls -m -w 25; COLUMNS=50 ls -C; COLUMNS=50 ls; ls -C -w 0; ls -m -w 0; ls -C -w 2 | head -3; ls -C -T 0 -w 40; ls -C -T 4 -w 40
## stdout:
alpha	 gamma	 omega	  sigma
beta	 iota	 omicron  tau
chi	 kappa	 phi	  theta
delta	 lambda  pi	  upsilon
epsilon  mu	 psi	  xi
eta	 nu	 rho	  zeta
alpha	 beta	  chi
delta	 epsilon  eta
gamma	 iota	  kappa
lambda	 mu	  nu
omega	 omicron  phi
pi	 psi	  rho
sigma	 tau	  theta
upsilon  xi	  zeta
alpha, beta, chi, delta,
epsilon, eta, gamma,
iota, kappa, lambda, mu,
nu, omega, omicron, phi,
pi, psi, rho, sigma, tau,
theta, upsilon, xi, zeta
alpha  epsilon	kappa	omega	 psi	theta
beta   eta	lambda	omicron  rho	upsilon
chi    gamma	mu	phi	 sigma	xi
delta  iota	nu	pi	 tau	zeta
alpha
beta
chi
delta
epsilon
eta
gamma
iota
kappa
lambda
mu
nu
omega
omicron
phi
pi
psi
rho
sigma
tau
theta
upsilon
xi
zeta
alpha  beta  chi  delta  epsilon  eta  gamma  iota  kappa  lambda  mu  nu  omega  omicron  phi  pi  psi  rho  sigma  tau  theta  upsilon  xi  zeta
alpha, beta, chi, delta, epsilon, eta, gamma, iota, kappa, lambda, mu, nu, omega, omicron, phi, pi, psi, rho, sigma, tau, theta, upsilon, xi, zeta
alpha
beta
chi
alpha    gamma   omega    sigma
beta     iota    omicron  tau
chi      kappa   phi      theta
delta    lambda  pi       upsilon
epsilon  mu      psi      xi
eta      nu      rho      zeta
alpha	 gamma	 omega	  sigma
beta	 iota	 omicron  tau
chi		 kappa	 phi	  theta
delta	 lambda  pi		  upsilon
epsilon  mu		 psi	  xi
eta		 nu		 rho	  zeta
## status: 0
## files:
alpha: ""
beta: ""
chi: ""
delta: ""
epsilon: ""
eta: ""
gamma: ""
iota: ""
kappa: ""
lambda: ""
mu: ""
nu: ""
omega: ""
omicron: ""
phi: ""
pi: ""
psi: ""
rho: ""
sigma: ""
tau: ""
theta: ""
upsilon: ""
xi: ""
zeta: ""

### ls the last format option wins
touch a bb ccc; mkdir d
ls -C -1; ls -1 -C; ls -l -C; ls -m -x; ls -C -m; ls --format=commas; ls --format=horizontal -w 8; ls --format=single-column
## stdout:
a
bb
ccc
d
a  bb  ccc  d
a  bb  ccc  d
a  bb  ccc  d
a, bb, ccc, d
a, bb, ccc, d
a
bb
ccc
d
a
bb
ccc
d
## status: 0
## files:
a: ""
bb: ""
ccc: ""
d/

### ls lays out the operands that are not directories together
touch one two three; mkdir d e; touch d/x d/y e/z
ls -C one two three d e; ls -m three d two; ls -x -w 10 one two three
## stdout:
one  three  two

d:
x  y

e:
z
three, two

d:
x, y
one
three
two
## status: 0
## files:
d/
d/x: ""
d/y: ""
e/
e/z: ""
one: ""
three: ""
two: ""

### ls quoting styles +stderr
touch plain 'a b' "it's" 'd"q' 'tab	x' $'nl\nx' 'back\slash' '$dollar' 'star*' 'at@' "q'\$x" 'é' $'\x01ctl'
for s in literal shell shell-always shell-escape shell-escape-always c c-maybe escape locale clocale; do echo "== $s"; ls --quoting-style=$s; done
echo == -b; ls -b; echo == -Q; ls -Q; echo == -N; ls -N; echo == -q; ls -q; echo == -Qb; ls -Q -b; echo == -bN; ls -b -N
echo == sh; ls --quoting-style=sh; echo "s=$?"; ls --quoting-style=bogus; echo "s=$?"; rm ./*
## stdout-escaped:
"== literal\n\u{1}ctl\n$dollar\na b\nat@\nback\\slash\nd\"q\nit's\nnl\nx\nplain\nq'$x\nstar*\ntab\tx\né\n== shell\n\u{1}ctl\n'$dollar'\n'a b'\nat@\n'back\\slash'\n'd\"q'\n\"it's\"\n'nl\nx'\nplain\n'q'\\''$x'\n'star*'\n'tab\tx'\né\n== shell-always\n'\u{1}ctl'\n'$dollar'\n'a b'\n'at@'\n'back\\slash'\n'd\"q'\n\"it's\"\n'nl\nx'\n'plain'\n'q'\\''$x'\n'star*'\n'tab\tx'\n'é'\n== shell-escape\n''$'\\001''ctl'\n'$dollar'\n'a b'\nat@\n'back\\slash'\n'd\"q'\n\"it's\"\n'nl'$'\\n''x'\nplain\n'q'\\''$x'\n'star*'\n'tab'$'\\t''x'\né\n== shell-escape-always\n''$'\\001''ctl'\n'$dollar'\n'a b'\n'at@'\n'back\\slash'\n'd\"q'\n\"it's\"\n'nl'$'\\n''x'\n'plain'\n'q'\\''$x'\n'star*'\n'tab'$'\\t''x'\n'é'\n== c\n\"\\001ctl\"\n\"$dollar\"\n\"a b\"\n\"at@\"\n\"back\\\\slash\"\n\"d\\\"q\"\n\"it's\"\n\"nl\\nx\"\n\"plain\"\n\"q'$x\"\n\"star*\"\n\"tab\\tx\"\n\"é\"\n== c-maybe\n\"\\001ctl\"\n$dollar\na b\nat@\nback\\slash\n\"d\\\"q\"\nit's\n\"nl\\nx\"\nplain\nq'$x\nstar*\n\"tab\\tx\"\né\n== escape\n\\001ctl\n$dollar\na\\ b\nat@\nback\\\\slash\nd\"q\nit's\nnl\\nx\nplain\nq'$x\nstar*\ntab\\tx\né\n== locale\n‘\\001ctl’\n‘$dollar’\n‘a b’\n‘at@’\n‘back\\\\slash’\n‘d\"q’\n‘it's’\n‘nl\\nx’\n‘plain’\n‘q'$x’\n‘star*’\n‘tab\\tx’\n‘é’\n== clocale\n‘\\001ctl’\n‘$dollar’\n‘a b’\n‘at@’\n‘back\\\\slash’\n‘d\"q’\n‘it's’\n‘nl\\nx’\n‘plain’\n‘q'$x’\n‘star*’\n‘tab\\tx’\n‘é’\n== -b\n\\001ctl\n$dollar\na\\ b\nat@\nback\\\\slash\nd\"q\nit's\nnl\\nx\nplain\nq'$x\nstar*\ntab\\tx\né\n== -Q\n\"\\001ctl\"\n\"$dollar\"\n\"a b\"\n\"at@\"\n\"back\\\\slash\"\n\"d\\\"q\"\n\"it's\"\n\"nl\\nx\"\n\"plain\"\n\"q'$x\"\n\"star*\"\n\"tab\\tx\"\n\"é\"\n== -N\n\u{1}ctl\n$dollar\na b\nat@\nback\\slash\nd\"q\nit's\nnl\nx\nplain\nq'$x\nstar*\ntab\tx\né\n== -q\n?ctl\n$dollar\na b\nat@\nback\\slash\nd\"q\nit's\nnl?x\nplain\nq'$x\nstar*\ntab?x\né\n== -Qb\n\\001ctl\n$dollar\na\\ b\nat@\nback\\\\slash\nd\"q\nit's\nnl\\nx\nplain\nq'$x\nstar*\ntab\\tx\né\n== -bN\n\u{1}ctl\n$dollar\na b\nat@\nback\\slash\nd\"q\nit's\nnl\nx\nplain\nq'$x\nstar*\ntab\tx\né\n== sh\ns=1\ns=1\n"
## stderr:
ls: ambiguous argument 'sh' for '--quoting-style'
Valid arguments are:
  - 'literal'
  - 'shell'
  - 'shell-always'
  - 'shell-escape'
  - 'shell-escape-always'
  - 'c'
  - 'c-maybe'
  - 'escape'
  - 'locale'
  - 'clocale'
Try 'ls --help' for more information.
ls: invalid argument 'bogus' for '--quoting-style'
Valid arguments are:
  - 'literal'
  - 'shell'
  - 'shell-always'
  - 'shell-escape'
  - 'shell-escape-always'
  - 'c'
  - 'c-maybe'
  - 'escape'
  - 'locale'
  - 'clocale'
Try 'ls --help' for more information.
## status: 0

### ls quoting with indicators, columns and long listings
touch plain 'a b' 'at@' 'x|y' 'star*'; mkdir 'sub dir'; touch 'sub dir/in side'; ln -s 'a b' 'l k'
ls -F --quoting-style=shell; ls --file-type -Q; ls -F -b; ls -C --quoting-style=shell-escape -w 40; ls -x --quoting-style=shell -w 40; ls -m --quoting-style=shell-escape
ls -l --quoting-style=shell-escape | sed 's/.*:.. //'; ls -R -Q; ls -Q 'sub dir' plain
## stdout:
'a b'
'at@'
'l k'@
plain
'star*'
'sub dir'/
'x|y'
"a b"
"at\@"
"l k"@
"plain"
"star\*"
"sub dir"/
"x\|y"
a\ b
at\@
l\ k@
plain
star*
sub\ dir/
x\|y
'a b'  'l k'   'star*'	  'x|y'
 at@    plain  'sub dir'
'a b'	  at@	    'l k'   plain
'star*'  'sub dir'  'x|y'
'a b', at@, 'l k', plain, 'star*', 'sub dir', 'x|y'
total 4
'a b'
 at@
'l k' -> 'a b'
 plain
'star*'
'sub dir'
'x|y'
".":
"a b"
"at@"
"l k"
"plain"
"star*"
"sub dir"
"x|y"

"./sub dir":
"in side"
"plain"

"sub dir":
"in side"
## status: 0
## files:
a b: ""
at@: ""
l k -> a b
plain: ""
star*: ""
sub dir/
sub dir/in side: ""
x|y: ""

### ls QUOTING_STYLE and COLUMNS from the environment +stderr
touch 'a b' c; QUOTING_STYLE=c ls; QUOTING_STYLE=c ls -N; QUOTING_STYLE=zz ls; COLUMNS=zz ls -C; COLUMNS=20 ls -m -w 60
## stdout:
"a b"
"c"
a b
c
a b
c
a b  c
a b, c
## stderr:
ls: ignoring invalid value of environment variable QUOTING_STYLE: 'zz'
ls: ignoring invalid width in environment variable COLUMNS: 'zz'
## status: 0
## files:
a b: ""
c: ""

### ls indicator styles and directories first +stderr
touch file exe; chmod +x exe; mkdir dir zdir; ln -s file link
ls --indicator-style=none -F; ls --indicator-style=slash; ls --indicator-style=file-type; ls --indicator-style=classify; ls --indicator-style=c; ls -F -p; ls -p -F
ls --group-directories-first; ls --group-directories-first -r -m; ls --group-directories-first -U | sort | head -2; ls --indicator-style=x; echo "s=$?"
## stdout:
dir/
exe*
file
link@
zdir/
dir/
exe
file
link
zdir/
dir/
exe
file
link@
zdir/
dir/
exe*
file
link@
zdir/
dir/
exe*
file
link@
zdir/
dir/
exe
file
link
zdir/
dir/
exe*
file
link@
zdir/
dir
zdir
exe
file
link
zdir, dir, link, file, exe
dir
exe
s=1
## stderr:
ls: invalid argument 'x' for '--indicator-style'
Valid arguments are:
  - 'none'
  - 'slash'
  - 'file-type'
  - 'classify'
Try 'ls --help' for more information.
## status: 0
## files:
dir/
exe: ""
file: ""
link -> file
zdir/

### ls refuses a bad width or format +stderr
ls -w x; echo "s=$?"; ls -T -1; echo "s=$?"; ls --format=bogus; echo "s=$?"; ls --format=v; echo "s=$?"
## stdout:
s=2
s=2
s=1
s=1
## stderr:
ls: invalid line width: 'x'
ls: invalid tab size: '-1'
ls: invalid argument 'bogus' for '--format'
Valid arguments are:
  - 'verbose', 'long'
  - 'commas'
  - 'horizontal', 'across'
  - 'vertical'
  - 'single-column'
Try 'ls --help' for more information.
ls: ambiguous argument 'v' for '--format'
Valid arguments are:
  - 'verbose', 'long'
  - 'commas'
  - 'horizontal', 'across'
  - 'vertical'
  - 'single-column'
Try 'ls --help' for more information.
## status: 0
