#!/usr/bin/env bash
# Builds the shipped binary and prints its path: statically linked (no dynamic loader work at
# start-up), its relocations packed (RELR) where the linker and the C library can (GNU ld 2.38,
# glibc 2.36: a position-independent binary applies some 33,000 at start, and their packed
# table is 11 KB instead of 700 KB, pages the loader no longer faults in; applying them takes
# as many instructions), and optimised with a profile of its own use (PGO)
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
# Build output goes to stderr; stdout is the binary's path alone.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT="$PWD"
HOST="$(rustc -vV | sed -n 's/^host: //p')"
FLAGS="-C target-feature=+crt-static -C link-arg=-Wl,-z,keep-text-section-prefix"
GLIBC="$(getconf GNU_LIBC_VERSION 2>/dev/null | sed -n 's/^glibc //p')"
# `grep -c`, not `-q`: an early exit would end `ld` with SIGPIPE, which pipefail counts.
if [ "$(ld --help 2>/dev/null | grep -c pack-relative-relocs)" -gt 0 ] && [ -n "$GLIBC" ] \
  && [ "$(printf '%s\n' 2.36 "$GLIBC" | sort -V | head -1)" = 2.36 ]; then
  FLAGS="$FLAGS -C link-arg=-Wl,-z,pack-relative-relocs"
fi
BIN="$ROOT/target/$HOST/release/toolsh"

# llvm-profdata from rustc's own tools (rustup's llvm-tools), else the newest installed one.
profdata() {
  local sysroot candidate
  sysroot="$(rustc --print sysroot)"
  for candidate in "$sysroot/lib/rustlib/$HOST/bin/llvm-profdata" $(ls -d /usr/lib/llvm-*/bin/llvm-profdata 2>/dev/null | sort -t- -k2 -rn); do
    [ -x "$candidate" ] && echo "$candidate"
  done
  return 0
}

# The training runs: $1 is the instrumented binary.
train() {
  local toolsh="$1" scratch case_dir
  scratch="$(mktemp -d)"
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

build() { # extra rustc flags, target directory
  RUSTFLAGS="$FLAGS $1" cargo build --release --quiet --target "$HOST" --target-dir "$2" >&2
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
    echo "$BIN"
    exit 0
  fi
  echo "release: no llvm-profdata here reads this rustc's profiles; building without one" >&2
fi
build "" "$ROOT/target"
echo "$BIN"
