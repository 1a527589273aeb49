#!/usr/bin/env bash
# scripts/bench.sh scale-files: big single files at three sizes against the reference tools in
# the same run — GNU grep/wc/cut/gawk/sort/uniq/gzip/tar with LC_ALL=C, jq 1.7.1 and jaq.
#
# Run by scripts/bench.sh, which passes TOOLSH (the shipped binary), WORK (a scratch directory),
# RUNS and ROOT; alone: TOOLSH=target/fast-release/toolsh WORK=$(mktemp -d) ROOT=$PWD RUNS=3 \
#   bash scripts/bench/scale-files.sh
# SCALE_SIZES="10 100" leaves the 1 GB log out; SCALE_ONLY=REGEX runs the workloads whose name
# matches.
#
# Each row: the median wall time of hyperfine's runs (output through a pipe: GNU grep stops at
# the first match when its output is /dev/null), the peak RSS (GNU time's %M: for a pipeline,
# its largest process), the ratios (wall, CPU: user + system, which swings less on a shared
# machine), and whether the output is the reference's (`same`; for archives, the members and
# their sizes; for compressed output, the bytes it decompresses to).
# Runs per row: RUNS at 10 MB, at most 3 at 100 MB, 1 at 1 GB (after one untimed run that
# also measures the RSS and checks the output, so the file is in the page cache for both).
#
# Inputs are generated once (fixed seeds) into target/bench-data/scale-files (about 1.6 GB),
# by scale-files-data.py; jq 1.7.1 is built into target/bench-tools/jq-1.7 and jaq installed
# into target/bench-tools when missing.
set -euo pipefail
: "${TOOLSH:?}" "${WORK:?}" "${ROOT:?}"
RUNS="${RUNS:-5}"
SIZES="${SCALE_SIZES:-10 100 1000}"
ONLY="${SCALE_ONLY:-.}"
DATA="$ROOT/target/bench-data/scale-files"
TOOLS="$ROOT/target/bench-tools"

python3 "$ROOT/scripts/bench/scale-files-data.py" "$DATA"

# jq 1.7.1, as scripts/jq-oracle.sh builds jq 1.8 (the sources the `jq` Python package 1.7.0
# bundles); the distribution's jq is 1.6.
JQ17="$TOOLS/jq-1.7/bin/jq"
if [ ! -x "$JQ17" ]; then
  echo "building jq 1.7.1 into $TOOLS/jq-1.7 ..."
  build=$(mktemp -d)
  python3 -m pip download --quiet --no-deps --no-binary :all: --dest "$build" 'jq==1.7.0'
  tar -xzf "$build"/jq-1.7.0.tar.gz -C "$build"
  tar -xzf "$build"/jq-1.7.0/deps/jq-1.7.1.tar.gz -C "$build"
  (cd "$build"/jq-1.7.1 && ./configure --quiet --with-oniguruma=builtin --disable-docs --disable-maintainer-mode \
    --disable-shared --prefix="$TOOLS/jq-1.7" >/dev/null && make -j"$(nproc)" >/dev/null 2>&1 && make install >/dev/null 2>&1)
  rm -rf "$build"
fi
JAQ="$TOOLS/bin/jaq"
if [ ! -x "$JAQ" ]; then
  echo "installing jaq into $TOOLS ..."
  cargo install --quiet jaq --locked --root "$TOOLS"
fi

cd "$DATA"
# sort's runs go to /tmp on disk, as GNU's do; a pipe of the 1 GiB log passes input-bytes.
mkdir -p "$WORK/tmp"
TOOLSH_ARGS=(--mount "/tmp=$WORK/tmp" --limit input-bytes=4294967296)
echo "scale-files: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg); $("$JQ17" --version), $("$JAQ" --version), $(grep --version | head -1), $(sort --version | head -1), $(awk --version | head -1 | cut -d, -f1)"
printf '%-44s %5s  %10s %8s  %-6s %10s %8s  %6s %6s %6s  %s\n' workload MB "toolsh ms" "RSS MB" ref "ref ms" "RSS MB" ratio "CPU x" "RSS x" same

# runs of hyperfine for a size in MB
runs_for() { if [ "$1" -ge 1000 ]; then echo 1; elif [ "$1" -ge 100 ]; then echo $((RUNS < 3 ? RUNS : 3)); else echo "$RUNS"; fi; }

# the peak RSS in MB of one run of "$@", its output in the file $OUTFILE
peak() { /usr/bin/time -f %M -o "$WORK/rss" "$@" >"$OUTFILE" 2>"$WORK/stderr" || true; awk '{printf "%.1f", $1 / 1024}' "$WORK/rss"; }

# whether two outputs say the same: CHECK is `bytes`, `tar` (members and sizes), `gzip` (what
# they decompress to)
same() {
  case "$CHECK" in
    bytes) cmp -s "$1" "$2" ;;
    tar) cmp -s <(tar -tvzf "$1" | awk '{print $3, $6}' | sort) <(tar -tvzf "$2" | awk '{print $3, $6}' | sort) ;;
    gzip) cmp -s <(gzip -dc "$1") <(gzip -dc "$2") ;;
  esac && echo yes || echo NO
}

# median wall ms and mean CPU ms (user + system) of each command given to hyperfine (in
# order), one command a line
times_of() {
  local runs=$1; shift
  # Failures are let through (-i): the row's `same` says what went wrong; hyperfine's warnings
  # about short or first runs say nothing a median of few runs does not.
  hyperfine --style none --output=pipe -i --runs "$runs" --export-json "$WORK/h.json" "$@" >/dev/null 2>&1
  python3 -c 'import json,sys; [print("%.1f %.1f" % (r["median"] * 1000, (r["user"] + r["system"]) * 1000)) for r in json.load(open(sys.argv[1]))["results"]]' "$WORK/h.json"
}

# row NAME MB LINE [REF_NAME REF_LINE]...: LINE run by toolsh, each REF_LINE by bash with
# LC_ALL=C; one row per reference, the first also checked for the same output.
row() {
  local name=$1 mb=$2 line=$3; shift 3
  [[ "$name" =~ $ONLY ]] || return 0
  local runs ours ours_rss
  runs=$(runs_for "$mb")
  OUTFILE="$WORK/out.toolsh" ours_rss=$(peak "$TOOLSH" "${TOOLSH_ARGS[@]}" -c "$line")
  local commands=("$(printf '%q ' "$TOOLSH" "${TOOLSH_ARGS[@]}")-c $(printf '%q' "$line")") refs=() rss=() verdicts=()
  while [ $# -gt 0 ]; do
    refs+=("$1")
    OUTFILE="$WORK/out.ref"; rss+=("$(peak env LC_ALL=C bash -c "$2")")
    verdicts+=("$(same "$WORK/out.toolsh" "$WORK/out.ref")")
    commands+=("$(printf 'LC_ALL=C bash -c %q' "$2")")
    shift 2
  done
  local times=() cpus=() wall cpu
  while read -r wall cpu; do times+=("$wall"); cpus+=("$cpu"); done < <(times_of "$runs" "${commands[@]}")
  local i
  for i in "${!refs[@]}"; do
    printf '%-44s %5s  %10s %8s  %-6s %10s %8s  %6s %6s %6s  %s\n' "$name" "$mb" "${times[0]}" "$ours_rss" "${refs[$i]}" \
      "${times[$((i + 1))]}" "${rss[$i]}" \
      "$(awk -v a="${times[0]}" -v b="${times[$((i + 1))]}" 'BEGIN { printf "%.2f", a / b }')" \
      "$(awk -v a="${cpus[0]}" -v b="${cpus[$((i + 1))]}" 'BEGIN { printf "%.2f", a / b }')" \
      "$(awk -v a="$ours_rss" -v b="${rss[$i]}" 'BEGIN { printf "%.2f", a / b }')" "${verdicts[$i]}"
  done
}

CHECK=bytes
for mb in $SIZES; do
  log="log$mb.txt"
  row "grep -c ERROR" "$mb" "grep -c ERROR $log" gnu "grep -c ERROR $log"
  row "grep ERROR (literal)" "$mb" "grep ERROR $log" gnu "grep ERROR $log"
  row "grep -i timeout" "$mb" "grep -i timeout $log" gnu "grep -i timeout $log"
  row "grep -E 'ERROR [0-9]+ (db|api),1[0-9]{3},'" "$mb" "grep -E 'ERROR [0-9]+ (db|api),1[0-9]{3},' $log" \
    gnu "grep -E 'ERROR [0-9]+ (db|api),1[0-9]{3},' $log"
  row "grep -v INFO" "$mb" "grep -v INFO $log" gnu "grep -v INFO $log"
  row "wc -l" "$mb" "wc -l $log" gnu "wc -l $log"
  row "cut -d, -f2" "$mb" "cut -d, -f2 $log" gnu "cut -d, -f2 $log"
  row "cut -d' ' -f3" "$mb" "cut -d' ' -f3 $log" gnu "cut -d' ' -f3 $log"
  row "awk '{s+=\$3} END {print s}'" "$mb" "awk '{s+=\$3} END {print s}' $log" gawk "awk '{s+=\$3} END {print s}' $log"
  row "sed s/INFO/I/" "$mb" "sed s/INFO/I/ $log" gnu "sed s/INFO/I/ $log"
  # A redirected file: read a piece at a time as the command asks, never whole.
  row "tr a-z A-Z < FILE" "$mb" "tr a-z A-Z < $log" gnu "tr a-z A-Z < $log"
  row "sort" "$mb" "sort $log" gnu "sort $log"
  # A pipe: GNU's buffer is small then and it merges runs from temporary files; toolsh's
  # /tmp is a host directory here (the in-memory default would hold the runs in memory), and
  # input-bytes is raised past the 1 GiB log.
  row "cat | sort" "$mb" "cat $log | sort" gnu "cat $log | sort"
  row "sort (5-letter lines)" "$mb" "sort short$mb.txt" gnu "sort short$mb.txt"
  row "cat | sort (5-letter lines)" "$mb" "cat short$mb.txt | sort" gnu "cat short$mb.txt | sort"
  # The sorted log is made (by GNU sort, once) only for a run that has the uniq row.
  if [[ "uniq -c (of the sorted log)" =~ $ONLY ]]; then
    [ -f "$WORK/sorted$mb.txt" ] || LC_ALL=C sort "$log" -o "$WORK/sorted$mb.txt"
    cp "$WORK/sorted$mb.txt" "sorted.tmp"
    row "uniq -c (of the sorted log)" "$mb" "uniq -c sorted.tmp" gnu "uniq -c sorted.tmp"
    rm -f sorted.tmp
  fi
  row "cut -d' ' -f2 | sort | uniq -c" "$mb" "cut -d' ' -f2 $log | sort | uniq -c" gnu "cut -d' ' -f2 $log | sort | uniq -c"
done

for mb in 20 200; do
  row "jq -c 'select(.status>=500)' (JSON lines)" "$mb" "jq -c 'select(.status>=500)' lines$mb.json" \
    jq-1.7 "$JQ17 -c 'select(.status>=500)' lines$mb.json" jaq "$JAQ -c 'select(.status>=500)' lines$mb.json"
  row "jq '.path' (JSON lines)" "$mb" "jq '.path' lines$mb.json" \
    jq-1.7 "$JQ17 '.path' lines$mb.json" jaq "$JAQ '.path' lines$mb.json"
  row "jq -c .user (JSON lines)" "$mb" "jq -c .user lines$mb.json" \
    jq-1.7 "$JQ17 -c .user lines$mb.json" jaq "$JAQ -c .user lines$mb.json"
done
for mb in 10 100; do
  row "jq '.records | length' (one document)" "$mb" "jq '.records | length' doc$mb.json" \
    jq-1.7 "$JQ17 '.records | length' doc$mb.json" jaq "$JAQ '.records | length' doc$mb.json"
  row "jq -c '[.records[] | select(.status>=500) | .id]'" "$mb" "jq -c '[.records[] | select(.status>=500) | .id]' doc$mb.json" \
    jq-1.7 "$JQ17 -c '[.records[] | select(.status>=500) | .id]' doc$mb.json" \
    jaq "$JAQ -c '[.records[] | select(.status>=500) | .id]' doc$mb.json"
done

CHECK=gzip
for mb in $SIZES; do
  row "gzip -c" "$mb" "gzip -c log$mb.txt" gnu "gzip -c log$mb.txt"
done
CHECK=tar
for mb in 10 100; do
  row "tar czf - (a tree)" "$mb" "tar czf - tree$mb" gnu "tar czf - tree$mb"
done
