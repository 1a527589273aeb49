#!/usr/bin/env bash
# The cost of a host program's confinement, in one run: two builds of toolsh (each directory
# holding `toolsh` and `toolsh-launch`, built with the same profile) run `git --version` the
# same ways, beside bash running git directly, under hyperfine (sequential, never in parallel).
#   scripts/bench_host_launcher.sh BEFORE_DIR AFTER_DIR [RUNS]
# Prints hyperfine's table for: one process with one call (the launcher's start and
# confinement included), and one process with 201 calls (the cost per call is the difference
# over 200). docs/performance.md keeps the figures.
set -euo pipefail
BEFORE="$(realpath "$1")/toolsh" AFTER="$(realpath "$2")/toolsh" RUNS="${3:-20}"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
cd "$WORK"
mkdir ws
# A store each: the builds' schemas may differ, and an older one cannot write a newer store.
flags="--root $WORK/ws --profile trusted --host git=/usr/bin/git"
b="$flags --store $WORK/before.db" a="$flags --store $WORK/after.db"
"$BEFORE" $b -c true >/dev/null
"$AFTER" $a -c true >/dev/null
calls() { echo "for i in \$(seq $1); do git --version; done > /dev/null"; }
hyperfine -N --warmup 3 --runs "$RUNS" --export-json one.json \
  -n before "$BEFORE $b -c 'git --version'" \
  -n after "$AFTER $a -c 'git --version'" \
  -n "bash" "bash -c 'git --version'"
hyperfine -N --warmup 2 --runs "$RUNS" --export-json many.json \
  -n "before 1" "$BEFORE $b -c '$(calls 1)'" \
  -n "before 201" "$BEFORE $b -c '$(calls 201)'" \
  -n "after 1" "$AFTER $a -c '$(calls 1)'" \
  -n "after 201" "$AFTER $a -c '$(calls 201)'" \
  -n "bash 1" "bash -c '$(calls 1)'" \
  -n "bash 201" "bash -c '$(calls 201)'"
python3 - one.json many.json <<'PY'
import json, sys
rows = {}
for name in sys.argv[1:]:
    for r in json.load(open(name))["results"]:
        rows[r["command"]] = (r["mean"] * 1e3, r["stddev"] * 1e3, (r["user"] + r["system"]) * 1e3)
print(f"{'':14} {'wall ms':>9} {'±':>6} {'cpu ms':>8}")
for name, (mean, sd, cpu) in rows.items():
    print(f"{name:14} {mean:9.2f} {sd:6.2f} {cpu:8.2f}")
for who in ("before", "after", "bash"):
    wall = (rows[f"{who} 201"][0] - rows[f"{who} 1"][0]) / 200
    cpu = (rows[f"{who} 201"][2] - rows[f"{who} 1"][2]) / 200
    print(f"per call, {who}: {wall:.3f} ms wall, {cpu:.3f} ms cpu")
PY
