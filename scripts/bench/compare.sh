#!/usr/bin/env bash
# Two toolsh binaries against each other in one run: the shell and text sections of
# scripts/bench.sh (the same lines, scripts/bench/workloads.sh), for judging a change that
# should not change speed (a refactoring) on a machine shared with other work.
#   scripts/bench/compare.sh OLD NEW               shell, text and instructions
#   scripts/bench/compare.sh OLD NEW shell|text|instructions
#   ROUNDS=3 RUNS=10 scripts/bench/compare.sh …    rounds, and hyperfine runs per binary a round
# Times: hyperfine (no shell between it and toolsh), the binaries taking turns round by round
# (the first to go alternates), so a burst of load falls on both; printed are the fastest run
# over all rounds and the CPU time (user + system) of the round whose mean was lowest, which a
# loaded machine inflates less than the wall time. Instructions: valgrind's callgrind, whose
# count moves by well under 1 % from run to run, for the shell lines, 10,000 function calls and
# `grep -c`/`sort` of a small file. Each binary keeps its state (the default store) apart
# (XDG_STATE_HOME). Output: markdown table rows, `new/old` ratios last.
set -euo pipefail
if [ $# -lt 2 ] || [ ! -x "$1" ] || [ ! -x "$2" ]; then
  echo "usage: $0 OLD_BINARY NEW_BINARY [all|shell|text|instructions]" >&2
  exit 2
fi
OLD="$(realpath "$1")" NEW="$(realpath "$2")" SECTION="${3:-all}"
case "$SECTION" in all|shell|text|instructions) ;; *) echo "$0: no section $SECTION" >&2; exit 2 ;; esac
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
ROUNDS="${ROUNDS:-3}" RUNS="${RUNS:-10}"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
cd "$WORK"
mkdir -p state-old state-new
source "$ROOT/scripts/bench/workloads.sh"
make_scripts
# A small log for the instruction counts: 5,000 lines, the same bytes every run.
awk 'BEGIN { split("INFO INFO INFO WARN ERROR DEBUG", lv, " ");
  for (i = 0; i < 5000; i++) printf "2026-11-%02d %02d:%02d comp%d %s %d user request %d\n",
    1 + i % 30, i % 24, i % 60, i * 7 % 8, lv[1 + i * 7919 % 6], i * 104729 % 99991, i }' > small.txt

echo "old: $OLD ($(stat -c %s "$OLD") bytes)"
echo "new: $NEW ($(stat -c %s "$NEW") bytes)"
echo "$(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg), $ROUNDS rounds of $RUNS runs, $(date -u +%Y-%m-%dT%H:%MZ)"

# timed NAME RUNS ARG...: one table row for toolsh ARG... run by each binary
timed() {
  local name="$1" runs="$2" round tag bin line
  shift 2
  line="$(printf '%q ' "$@")"
  for round in $(seq "$ROUNDS"); do
    for tag in $([ $((round % 2)) = 1 ] && echo old new || echo new old); do
      bin=$OLD; [ "$tag" = new ] && bin=$NEW
      XDG_STATE_HOME="$WORK/state-$tag" hyperfine -N --style none --output=pipe --warmup 1 \
        --runs "$runs" --export-json "h-$tag-$round.json" -- "$bin $line" >/dev/null 2>hyperfine.err \
        || { cat hyperfine.err >&2; exit 1; }  # its warnings about outliers only when it failed
    done
  done
  python3 - "$name" "$ROUNDS" <<'PY'
import json, sys
name, rounds = sys.argv[1], int(sys.argv[2])
def figures(tag):
    rs = [json.load(open(f"h-{tag}-{r}.json"))["results"][0] for r in range(1, rounds + 1)]
    return min(r["min"] for r in rs) * 1e3, min(r["user"] + r["system"] for r in rs) * 1e3
(ow, oc), (nw, nc) = figures("old"), figures("new")
print(f"| {name} | {ow:.2f} | {nw:.2f} | {nw / ow:.3f} | {oc:.2f} | {nc:.2f} | {nc / oc:.3f} |")
PY
  rm -f h-*.json
}

# counted NAME ARG...: callgrind's instruction total of toolsh ARG... for each binary
counted() {
  local name="$1" tag bin n=()
  shift
  for tag in old new; do
    bin=$OLD; [ "$tag" = new ] && bin=$NEW
    rm -f out.txt
    n+=("$(XDG_STATE_HOME="$WORK/state-$tag" valgrind --tool=callgrind --callgrind-out-file=/dev/null \
      "$bin" "$@" 2>&1 >/dev/null | sed -n 's/^==[0-9]*== Collected : //p')")
  done
  printf '| %s | %s |\n' "$name" "$(awk -v o="${n[0]}" -v n="${n[1]}" \
    'BEGIN { printf "%.2f M | %.2f M | %.4f", o / 1e6, n / 1e6, n / o }')"
}

header() {
  echo
  echo "| $1 | old min ms | new min ms | new/old | old CPU ms | new CPU ms | new/old |"
  echo "|---|---|---|---|---|---|---|"
}

if [ "$SECTION" = all ] || [ "$SECTION" = shell ]; then
  header shell
  timed '`-c true`' $((RUNS * 5)) -c true
  timed 'loop 10,000 x (x=$i; echo >> f)' "$RUNS" -c "$LOOP"
  timed '1,000 x echo \| tr' "$RUNS" -c "$PIPES"
  timed 'parse 5,000 lines (`-n`)' "$RUNS" -n parse.sh
  timed 'run 5,000 lines' "$RUNS" run.sh
  timed '100,000 function calls' "$RUNS" -c "$FUNCS"
  timed '500 background jobs and wait' "$RUNS" -c "$JOBS"
fi
if [ "$SECTION" = all ] || [ "$SECTION" = text ]; then
  generate_inputs
  header text
  for cmd in "${TEXT_LINES[@]}" "${JQ_LINES[@]}"; do
    timed "\`${cmd//|/\\|}\`" "$RUNS" --root "$WORK" -c "$cmd"
  done
fi
if [ "$SECTION" = all ] || [ "$SECTION" = instructions ]; then
  echo
  echo "| instructions (callgrind) | old | new | new/old |"
  echo "|---|---|---|---|"
  counted '`-c true`' -c true
  counted 'loop 10,000 x (x=$i; echo >> f)' -c "$LOOP"
  counted '1,000 x echo \| tr' -c "$PIPES"
  counted 'parse 5,000 lines (`-n`)' -n parse.sh
  counted 'run 5,000 lines' run.sh
  counted '10,000 function calls' -c "${FUNCS/100000/10000}"
  counted '`grep -c ERROR` of 5,000 lines' --root "$WORK" -c 'grep -c ERROR small.txt'
  counted '`sort` of 5,000 lines' --root "$WORK" -c 'sort small.txt'
fi
