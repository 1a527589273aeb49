#!/usr/bin/env bash
# Benchmarks against bash (and dash) measured in the same run; prints times and ratios.
#   scripts/bench.sh            all benchmarks
#   RUNS=5 scripts/bench.sh     repetitions per measurement (median is reported)
# Targets (from the issue): startup <= dash, loop <= 0.5x bash, 1000 pipelines <= 0.02x bash,
# parse <= dash, and 100,000 function calls (measured, no target).
set -euo pipefail
cd "$(dirname "$0")/.."
# The shipped binary is linked statically (no dynamic loader work at start-up); build it the same way.
HOST="$(rustc -vV | sed -n 's/^host: //p')"
RUSTFLAGS="-C target-feature=+crt-static" cargo build --release --quiet --target "$HOST"
TOOLSH="$PWD/target/$HOST/release/toolsh"
RUNS="${RUNS:-5}"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
cd "$WORK"

# median wall time in milliseconds of running "$@" RUNS times
measure() {
  local times=() start end
  for _ in $(seq "$RUNS"); do
    rm -f out.txt
    start=$(date +%s%N)
    "$@" >/dev/null 2>&1 || true
    end=$(date +%s%N)
    times+=($(( (end - start) / 1000 )))
  done
  printf '%s\n' "${times[@]}" | sort -n | awk '{a[NR]=$1} END {m=a[int((NR+1)/2)]; printf "%.2f", m/1000}'
}

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.3f", a / b; else print "n/a" }'; }

report() { # name toolsh_ms other_name other_ms target
  printf '%-34s toolsh %9s ms   %-5s %9s ms   ratio %7s   target %s\n' "$1" "$2" "$3" "$4" "$(ratio "$2" "$4")" "$5"
}

startup_loop() { for _ in $(seq 100); do "$@" -c true; done; }

LOOP='for ((i=0;i<10000;i++)); do x=$i; echo "line $x" >> out.txt; done'
PIPES='for i in $(seq 1000); do echo "x$i" | tr a-z A-Z; done'
FUNCS='f() { :; }; for ((i=0;i<100000;i++)); do f; done'

# A 5,000-line script with a representative mix of constructs.
for i in $(seq 1000); do
  cat <<'LINES'
if [ -n "$x" ]; then echo "value: ${x:-default}" | tr a-z A-Z; fi
for f in a b c; do case $f in a) echo one;; *) echo other;; esac; done
count=$((count + 1)); name="${path##*/}"; echo "$name" >> log.txt
while read -r line; do printf '%s\n' "$line"; done < input.txt
f() { local v=$1; echo "${v//x/y}"; }
LINES
done > parse.sh

echo "toolsh benchmarks ($(date -u +%Y-%m-%dT%H:%MZ), median of $RUNS runs, $(nproc) cores)"
t=$(measure startup_loop "$TOOLSH"); d=$(measure startup_loop dash); b=$(measure startup_loop bash)
report "startup (100 x -c true)" "$t" dash "$d" "<= 1.0 vs dash"
report "startup (100 x -c true)" "$t" bash "$b" "(info)"
t=$(measure "$TOOLSH" -c "$LOOP"); b=$(measure bash -c "$LOOP")
report "loop 10,000 x (x=\$i; echo >> f)" "$t" bash "$b" "<= 0.5"
t=$(measure "$TOOLSH" -c "$PIPES"); b=$(measure bash -c "$PIPES")
report "1,000 x echo | tr" "$t" bash "$b" "<= 0.02"
t=$(measure "$TOOLSH" -n parse.sh); d=$(measure dash -n parse.sh); b=$(measure bash -n parse.sh)
report "parse 5,000 lines" "$t" dash "$d" "<= 1.0 vs dash"
report "parse 5,000 lines" "$t" bash "$b" "(info)"
t=$(measure "$TOOLSH" -c "$FUNCS"); b=$(measure bash -c "$FUNCS")
report "100,000 function calls" "$t" bash "$b" "(measured)"
