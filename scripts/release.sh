#!/usr/bin/env bash
# Builds the shipped binary and prints its path: statically linked (no dynamic loader work at
# start-up), its relocations packed (RELR) where the linker and the C library can (GNU ld 2.38,
# glibc 2.36: a position-independent binary applies some 33,000 at start, and their packed
# table is 11 KB instead of 700 KB, pages the loader no longer faults in; applying them takes
# as many instructions), its functions laid out in the order a traced run first calls them,
# and optimised with a profile of its own use (PGO)
# when an `llvm-profdata` that reads this rustc's profiles is installed. With the profile, LLVM
# names each function's section hot or unlikely, and the linker is told to keep those names
# (`-z keep-text-section-prefix`, LLD and GNU ld alike), so the code a run uses lies together
# in `.text.hot` instead of spread over the whole text (docs/performance.md has the figures).
#   scripts/release.sh            the binary (built again only where sources changed)
#   PGO=0 scripts/release.sh      without the profile
# The profile comes from running an instrumented build over `train` below: every compat case
# (tests/compat, some 1,500 scripts over every builtin and construct), one general script of
# loops, redirections and pipelines, and text tools over inputs of a few megabytes. The
# benchmark's own lines are not in it.
# The function order comes from `trace` below, where valgrind is installed: the binary's
# start-up, then a few dozen common commands over small inputs, each run under callgrind, which
# names every function that ran. rustc links through scripts/release-link.sh, which keeps the
# link's inputs, and the same inputs are linked again with that order (lld's
# `--symbol-ordering-file`; seconds, where compiling again would take the whole build). Without
# valgrind, or with a linker other than lld, the binary keeps the compiler's order.
# Build output goes to stderr; stdout is the binary's path alone.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT="$PWD"
HOST="$(rustc -vV | sed -n 's/^host: //p')"
FLAGS="-C target-feature=+crt-static -C link-arg=-Wl,-z,keep-text-section-prefix -C linker=$ROOT/scripts/release-link.sh"
GLIBC="$(getconf GNU_LIBC_VERSION 2>/dev/null | sed -n 's/^glibc //p')"
# `grep -c`, not `-q`: an early exit would end `ld` with SIGPIPE, which pipefail counts.
if [ "$(ld --help 2>/dev/null | grep -c pack-relative-relocs)" -gt 0 ] && [ -n "$GLIBC" ] \
  && [ "$(printf '%s\n' 2.36 "$GLIBC" | sort -V | head -1)" = 2.36 ]; then
  FLAGS="$FLAGS -C link-arg=-Wl,-z,pack-relative-relocs"
fi
BIN="$ROOT/target/$HOST/release/toolsh"

# llvm-profdata from rustc's own tools (rustup's llvm-tools), else the newest installed one.
# Only one of rustc's own LLVM major version: an older one cannot read the raw profiles this
# rustc writes, and finding that out after the instrumented build costs a whole build.
profdata() {
  local sysroot candidate llvm
  sysroot="$(rustc --print sysroot)"
  llvm="$(rustc -vV | sed -n 's/^LLVM version: \([0-9]*\).*/\1/p')"
  for candidate in "$sysroot/lib/rustlib/$HOST/bin/llvm-profdata" $(ls -d /usr/lib/llvm-*/bin/llvm-profdata 2>/dev/null | sort -t- -k2 -rn); do
    [ -x "$candidate" ] || continue
    "$candidate" merge --version 2>/dev/null | grep -q "LLVM version $llvm\." && { echo "$candidate"; return 0; }
  done
  return 0
}

# The training runs: $1 is the instrumented binary.
train() {
  local toolsh="$1" scratch case_dir
  scratch="$(mktemp -d)"
  # The training's audit records go to a store of its own, not the user's.
  export XDG_STATE_HOME="$scratch/state"
  # Each compat case as a script in a fresh directory (its expectations do not matter here).
  case_dir="$scratch/cases"
  mkdir -p "$case_dir"
  awk -v dir="$case_dir" '
    /^### / { n++; body = 1; file = sprintf("%s/%05d.sh", dir, n); next }
    /^## / { body = 0; next }
    body { print > file }
  ' tests/compat/*.sh
  for script in "$case_dir"/*.sh; do
    mkdir -p "$scratch/w" && (cd "$scratch/w" && timeout 10 "$toolsh" --root . "$script" </dev/null >/dev/null 2>&1 || true)
    rm -rf "$scratch/w"
  done
  # General scripts: loops over arithmetic, tests, strings, redirections and functions.
  mkdir -p "$scratch/w" && cd "$scratch/w"
  "$toolsh" --root . -c '
    n=0; while [ $n -lt 3000 ]; do n=$((n+1)); case $((n % 3)) in 0) s="${s:0:20}x";; *) : ;; esac; done
    for ((k=0; k<3000; k++)); do printf "%s,%d\n" "row$k" $((k*k % 97)) >> rows.csv; done
    count() { local c=0 line; while IFS=, read -r name v; do [[ $v -gt 50 ]] && c=$((c+1)); done < "$1"; echo "$c"; }
    for j in 1 2 3; do count rows.csv; done
    for w in $(seq 300); do echo "w$w" | tr a-z A-Z | sed s/W/v/ >/dev/null; done
    arr=(); for i in $(seq 500); do arr+=("$i"); done; echo "${#arr[@]} ${arr[*]:10:5}"
    sort -t, -k2 -n rows.csv | uniq -c | head -3; grep -c row1 rows.csv; cut -d, -f2 rows.csv | sort -u | wc -l
    awk -F, "{s+=\$2} END {print s}" rows.csv; jq -n "[range(2000)] | map(. * 2) | add"
  ' >/dev/null 2>&1 || true
  # Text tools over inputs of a few megabytes, where they read and pipe in pieces.
  "$toolsh" --root . -c '
    seq 300000 | awk "{print \$1 % 97, \$1, (\$1 % 5 ? \"ok\" : \"fail\"), \"some words here\"}" > big.txt
    grep fail big.txt | cut -d" " -f1 | sort -n | uniq | wc -l; sort -k2 -rn big.txt | head -2
    grep -c 17 big.txt; wc -l big.txt; sed s/o/0/g big.txt | tail -1; awk "{s+=\$2} END {print s}" big.txt
    jq -n "[range(60000) | {id: ., v: (. % 7), tag: \"t\(. % 3)\"}]" > d.json
    jq -c ".[] | {id, v}" d.json | tail -1; jq "map(select(.v == 3) | .id) | add" d.json
    jq "[.[].tag] | unique" d.json; jq ".[] | select(.id % 1000 == 0) | .tag" d.json | sort | uniq -c
  ' >/dev/null 2>&1 || true
  for _ in $(seq 20); do "$toolsh" --root . -c true; done
  cd "$ROOT"
  rm -rf "$scratch"
}

# The functions of the binary $1 in the order a run first calls them, one symbol a line: its
# start-up (`-c true`), a general script, then common commands over small inputs, each run
# under callgrind (`--demangle=no`, so the names are the symbols the linker knows); a function
# is listed at the first run that calls it. The traced runs are the shell's everyday work,
# not the benchmark's lines.
trace() {
  local toolsh scratch line
  toolsh="$(readlink -f "$1")"
  scratch="$(mktemp -d)"
  (
    # The runs' audit records go to a store of their own, beside the workspace, not the user's.
    export XDG_STATE_HOME="$scratch/state"
    mkdir -p "$scratch/w"
    cd "$scratch/w"
    # The workspace is the current directory, as an agent's `toolsh -c` has it.
    "$toolsh" -c '
      for ((i = 0; i < 3000; i++)); do
        printf "2026-11-%02dT%02d:%02d:05 %s %d %s,%d,user request %s\n" $((i % 28 + 1)) $((i % 24)) $((i % 60)) \
          "$( ((i % 9)) && echo INFO || echo ERROR)" $((i * 7 % 9999)) "$( ((i % 2)) && echo db || echo api)" \
          $((i % 2000)) "$( ((i % 5)) && echo ok || echo timeout)"
      done > log.txt
      sort log.txt > sorted.txt
      for ((i = 0; i < 2000; i++)); do
        printf "{\"id\":%d,\"status\":%d,\"path\":\"/api/%d\",\"user\":{\"id\":%d,\"plan\":\"free\"},\"tags\":[\"a\",\"b\"]}\n" \
          $i $(( i % 7 ? 200 : 503 )) $((i % 50)) $((i % 97))
      done > lines.json
      { printf "{\"service\":\"t\",\"records\":["; jq -c . lines.json | paste -sd, -; printf "]}\n"; } > doc.json
      mkdir -p tree/a tree/b && split -l 500 log.txt tree/a/part && cp lines.json tree/b/x.json
    ' >/dev/null 2>&1 || true
    : >order
    while IFS= read -r line; do
      rm -f profile
      valgrind --tool=callgrind --demangle=no --callgrind-out-file=profile "$toolsh" -c "$line" \
        </dev/null >/dev/null 2>&1 || true
      [ -s profile ] || continue
      # callgrind's names are numbered on first use (`fn=(12) NAME`, then `fn=(12)`), as are
      # its objects (`ob=`); a function is the binary's when the object last named is. A
      # recursive call is NAME'2 to callgrind; the C library's entry, `(below main)`.
      awk -v bin="$toolsh" -v seen=order '
        BEGIN { while ((getline known < seen) > 0) listed[known] = 1 }
        function name(spec, table,    id, rest) {
          id = spec; sub(/\).*/, "", id); sub(/^\(/, "", id)
          rest = spec
          if (sub(/^\([0-9]+\) /, "", rest)) table[id] = rest
          return table[id]
        }
        function add(f) { if (!(f in listed)) { listed[f] = 1; print f } }
        /^ob=/ { object = name(substr($0, 4), objects); next }
        /^cob=/ { name(substr($0, 5), objects); next }
        /^cfn=/ { name(substr($0, 5), functions); next }
        /^fn=/ {
          f = name(substr($0, 4), functions)
          sub(/\047[0-9]+$/, "", f)
          if (object != bin || f ~ /^0x/) next
          if (f == "(below main)") { add("_start"); add("__libc_start_main_impl"); add("__libc_start_call_main"); next }
          add(f)
        }
      ' profile >>order
    done <<'LINES'
true
f() { local n=$1; echo $((n * 2)); }; s=; for i in 1 2 3; do s+="$(f "$i"),"; done; [[ $s == *4* ]] && printf '%s
' "${s%,}"; a=(x y z); echo "${#a[@]} ${a[*]:1}"; while IFS=' ' read -r d l rest; do echo "$l"; done < log.txt | head -n 2; case $s in 2*) echo two ;; esac; x=${s//,/ }; echo "${x^^}" > out.txt; test -f out.txt && cat out.txt
echo hello; printf '%s %d
' a 1; cat log.txt | head -n 3; ls -la tree; pwd
cat log.txt
wc -l log.txt
grep -c ERROR log.txt
grep ERROR log.txt
grep -i TIMEOUT log.txt
grep -E 'ERROR [0-9]+ (db|api),1[0-9]{3},' log.txt
grep -v INFO log.txt
grep -rn ERROR tree
head -n 20 log.txt; tail -n 20 log.txt
cut -d' ' -f3 log.txt
cut -d, -f2 log.txt
awk '{s+=$3} END {print s}' log.txt
awk -F, '$2 > 1000 {n++} END {print n}' log.txt
sed 's/ERROR/E/; /timeout/d' log.txt
sort log.txt
sort -t' ' -k3 -n log.txt
uniq -c sorted.txt
cut -d' ' -f2 log.txt | sort | uniq -c | sort -rn | head -n 3
grep ERROR log.txt | wc -l
tr a-z A-Z < log.txt
jq -c .user lines.json
jq -c 'select(.status >= 500)' lines.json
jq '.path' lines.json
jq '.records | length' doc.json
find tree -name '*.json'; find tree -type f | xargs wc -l
gzip -c log.txt > log.gz && gunzip -c log.gz | wc -c
diff log.txt sorted.txt | head -n 5
LINES
    # The C library picks its string functions by the processor (`memchr` is `__memchr_avx2`
    # or `__memchr_evex`, …), and valgrind offers no AVX-512: each one traced brings its
    # siblings along, which this machine may pick outside valgrind.
    { nm --defined-only "$toolsh" 2>/dev/null || true; } | awk -v seen=order '
      BEGIN {
        while ((getline f < seen) > 0) {
          print f
          listed[f] = 1
          if (f ~ /^__[a-z0-9]+_(sse|avx|evex)/) { base = f; sub(/^__/, "", base); sub(/_.*/, "", base); family[base] = 1 }
        }
      }
      { f = $NF; base = f; if (sub(/^__/, "", base) && sub(/_.*/, "", base) && (base in family) && !(f in listed)) { listed[f] = 1; print f } }
    '
  )
  rm -rf "$scratch"
}

# Links the binary again with its functions in the order `trace` found, from what
# scripts/release-link.sh kept of the link cargo just ran ($RELINK); when nothing was kept
# (nothing was linked: the binary is the one ordered last time), valgrind is missing or the
# link fails, the binary stays as it is.
order() {
  local record="$ROOT/target/$HOST/release/toolsh.order"
  if [ ! -s "$RELINK/args" ]; then
    # Nothing was linked; the binary is the one ordered last time, unless cargo linked it
    # outside this script (the same flags, without $TOOLSH_RELINK_DIR).
    if [ -e "$record" ] && [ "$BIN" -nt "$record" ]; then
      echo "release: the binary was linked without its function order; touch src/main.rs and run again to order it" >&2
    fi
    return 0
  fi
  local args out i ordered
  mapfile -d '' args <"$RELINK/args"
  for i in "${!args[@]}"; do
    [ "${args[$i]}" = -o ] && out="${args[$((i + 1))]}" && args[i + 1]="$RELINK/toolsh"
  done
  if ! command -v valgrind >/dev/null; then
    echo "release: no valgrind here to trace the binary; its functions stay in the compiler's order" >&2
  elif [ -z "${out:-}" ]; then
    echo "release: the kept link names no output; the order is left as it is" >&2
  else
    echo "release: tracing the binary for its function order" >&2
    trace "$BIN" >"$RELINK/order"
    ordered="$(wc -l <"$RELINK/order")"
    if [ "$ordered" -gt 0 ] && cc "${args[@]}" "-Wl,--symbol-ordering-file=$RELINK/order" -Wl,--no-warn-symbol-ordering >&2; then
      # The same file under both names, as cargo leaves them (deps/toolsh-HASH is what cargo
      # checks is newer than the sources).
      mv -f "$RELINK/toolsh" "$out"
      ln -f "$out" "$BIN"
      cp "$RELINK/order" "$record"
      echo "release: $ordered functions laid out in the order a run first calls them" >&2
    else
      echo "release: the link with the function order failed (a linker other than lld?); the order is left as it is" >&2
    fi
  fi
  rm -rf "$RELINK"
}

RELINK="$ROOT/target/relink"
build() { # extra rustc flags, target directory; the final build keeps its link ($RELINK)
  local keep=""
  [ "$2" = "$ROOT/target" ] && keep="$RELINK"
  TOOLSH_RELINK_DIR="$keep" RUSTFLAGS="$FLAGS $1" cargo build --release --quiet --target "$HOST" --target-dir "$2" >&2
}

if [ "${PGO:-1}" = 1 ] && [ -n "$(profdata)" ]; then
  DATA="$ROOT/target/pgo"
  # Named by the training it comes from: a changed training is a new profile, so everything
  # is built again with it (cargo does not watch a profile's content, only its name).
  PROFILE="$DATA/toolsh-$(declare -f train | sha256sum | cut -c1-12).profdata"
  GEN="$ROOT/target/pgo-gen/$HOST/release/toolsh"
  echo "release: building the instrumented binary" >&2
  build "-C profile-generate=$DATA/raw" "$ROOT/target/pgo-gen"
  # Trained again whenever the instrumented binary changed; a crate whose sources did not
  # change then keeps the code its last build made, from a profile of the same code.
  if [ ! -s "$PROFILE" ] || [ "$GEN" -nt "$PROFILE" ]; then
    echo "release: training it" >&2
    rm -rf "$DATA/raw" && mkdir -p "$DATA/raw"
    LLVM_PROFILE_FILE="$DATA/raw/toolsh-%m.profraw" train "$GEN"
    rm -f "$PROFILE"
    for tool in $(profdata); do
      if "$tool" merge -o "$PROFILE" "$DATA"/raw/*.profraw 2>/dev/null; then
        echo "release: profile merged by $tool" >&2
        break
      fi
    done
  fi
  if [ -s "$PROFILE" ]; then
    echo "release: building with the profile" >&2
    build "-C profile-use=$PROFILE" "$ROOT/target"
    order
    echo "$BIN"
    exit 0
  fi
  echo "release: no llvm-profdata here reads this rustc's profiles; building without one" >&2
fi
build "" "$ROOT/target"
order
echo "$BIN"
