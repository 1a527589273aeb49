#!/usr/bin/env bash
# scripts/bench.sh scale-search: repository search over trees of real Rust sources (the crates
# under ~/.cargo/registry/src, about 24k files) at three sizes — about 1k, 15k and 100k files
# (the whole set hard-linked four times for the last) — against ripgrep (at its default thread
# count and at toolsh's), GNU grep -r and GNU find, in the same run.
#
# Run by scripts/bench.sh with TOOLSH (the shipped binary), WORK (a scratch directory), RUNS and
# ROOT (the repository); run alone, e.g.
#   TOOLSH=target/fast-release/toolsh WORK=$(mktemp -d) RUNS=5 ROOT=$PWD bash scripts/bench/scale-search.sh
# SIZES="15k" limits the sizes measured; SEARCH_SRC names another source of files.
#
# Prints for each workload: median and best wall time (hyperfine, output through a pipe: GNU
# grep stops at the first match when its output is /dev/null), the ratio against each
# reference, peak RSS (/usr/bin/time -f %M), and whether the outputs are the same. toolsh lists
# a tree in sorted order, GNU tools in directory order and ripgrep in whatever order its threads
# finish, so outputs are compared after `LC_ALL=C sort` (toolsh's own order is checked against
# itself between runs: it must not vary).
set -euo pipefail
: "${TOOLSH:?}" "${WORK:?}" "${ROOT:?}"
RUNS="${RUNS:-5}"
SIZES="${SIZES:-1k 15k 100k}"
SRC="${SEARCH_SRC:-$(ls -d "$HOME"/.cargo/registry/src/*/ 2>/dev/null | head -n1)}"
[ -d "$SRC" ] || { echo "scale-search: no source tree (SEARCH_SRC or ~/.cargo/registry/src)"; exit 0; }
export LC_ALL=C
# toolsh searches on as many threads as there are cores (std's available_parallelism).
THREADS="$(nproc)"

RG="$(command -v rg || true)"
if [ -z "$RG" ]; then
  RG="$ROOT/target/bench-tools/bin/rg"
  [ -x "$RG" ] || cargo install ripgrep --locked --root "$ROOT/target/bench-tools" >/dev/null 2>&1 || true
  [ -x "$RG" ] || RG=""
fi

cd "$WORK"
# The crates, each a directory of its own, with their file counts; trees take whole crates in
# name order until they hold enough files.
find "$SRC" -mindepth 1 -maxdepth 1 -type d | sort > crates.txt
while read -r crate; do printf '%s %s\n' "$(find "$crate" -type f | wc -l)" "$crate"; done < crates.txt > counts.txt
make_tree() { # name files
  local dest="search-$1" want="$2" have=0 count crate
  [ -d "$dest" ] && return
  mkdir -p "$dest"
  while read -r count crate; do
    [ "$have" -ge "$want" ] && break
    cp -al "$crate" "$dest/"
    have=$((have + count))
  done < counts.txt
}
make_tree 1k 1000
make_tree 15k 15000
if [[ " $SIZES " == *" 100k "* ]] && [ ! -d search-100k ]; then
  make_tree all 1000000000
  mkdir -p search-100k
  for copy in 1 2 3 4; do cp -al search-all "search-100k/copy$copy"; done
fi

ms() { awk -v s="$1" 'BEGIN { printf "%.1f", s * 1000 }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "n/a" }'; }

# hyperfine over one command line (run by sh in the tree); sets MEDIAN and MIN in ms.
time_it() { # dir command
  hyperfine -N --runs "$RUNS" --warmup 1 --output=pipe --export-json h.json -i "sh -c '$(printf '%s' "$2" | sed "s/'/'\\\\''/g")'" >/dev/null 2>&1 </dev/null || true
  MEDIAN=$(python3 -c 'import json;r=json.load(open("h.json"))["results"][0];print(r["median"])' 2>/dev/null || echo 0)
  MIN=$(python3 -c 'import json;r=json.load(open("h.json"))["results"][0];print(r["min"])' 2>/dev/null || echo 0)
}
rss() { # command: peak RSS in MB
  /usr/bin/time -f %M sh -c "$1" 2>&1 >/dev/null | tail -n1 | awk '{ printf "%.1f", $1 / 1024 }'
}

# One workload: toolsh's line and each reference's, all run in the tree; outputs compared.
#   bench DIR NAME TOOLSH_LINE [REF_NAME REF_LINE]...
bench() {
  local dir="$1" name="$2" line="$3"; shift 3
  local t_cmd="cd $WORK/$dir && $TOOLSH --root . -c $(printf '%q' "$line")"
  time_it "$dir" "$t_cmd"; local t_med="$MEDIAN" t_min="$MIN"
  local t_rss; t_rss=$(rss "$t_cmd")
  sh -c "$t_cmd" > t.out 2>/dev/null || true
  sh -c "$t_cmd" > t2.out 2>/dev/null || true
  local stable=same; cmp -s t.out t2.out || stable=VARIES
  LC_ALL=C sort t.out > t.sorted
  printf '%-44s toolsh  median %8s ms  min %8s ms  rss %6s MB  (%s lines, order %s)\n' "$name [$dir]" \
    "$(ms "$t_med")" "$(ms "$t_min")" "$t_rss" "$(wc -l < t.out)" "$stable"
  while [ "$#" -ge 2 ]; do
    local r_name="$1" r_line="$2"; shift 2
    local r_cmd="cd $WORK/$dir && $r_line"
    time_it "$dir" "$r_cmd"
    local r_rss; r_rss=$(rss "$r_cmd")
    sh -c "$r_cmd" 2>/dev/null | LC_ALL=C sort > r.sorted || true
    local same=identical; cmp -s t.sorted r.sorted || same="DIFFERS ($(wc -l < r.sorted) lines)"
    printf '%-44s %-7s median %8s ms  min %8s ms  rss %6s MB  ratio %5s (min %5s)  output %s\n' "" "$r_name" \
      "$(ms "$MEDIAN")" "$(ms "$MIN")" "$r_rss" "$(ratio "$t_med" "$MEDIAN")" "$(ratio "$t_min" "$MIN")" "$same"
  done
}

echo "scale-search ($(date -u +%Y-%m-%dT%H:%MZ), $RUNS runs each, $(nproc) cores, toolsh threads $THREADS, load $(cut -d' ' -f1-3 /proc/loadavg))"
echo "toolsh: $TOOLSH; ripgrep: ${RG:-missing} $([ -n "$RG" ] && "$RG" --version | head -n1); $(grep --version | head -n1); $(find --version | head -n1)"
for size in $SIZES; do
  dir="search-$size"
  [ -d "$dir" ] || continue
  echo "== $dir: $(find "$dir" -type f | wc -l) files, $(find "$dir" -type f -printf "%s\n" | awk "{ s += \$1 } END { printf \"%.0f MB\", s / 1e6 }")"
  RGS=()
  if [ -n "$RG" ]; then
    RGS=(rg "$RG -uu -n --no-heading 'fn main' ." "rg-j$THREADS" "$RG -uu -j$THREADS -n --no-heading 'fn main' .")
  fi
  # GNU grep and rg name files under ./ as toolsh does for `grep -r PAT .`; rg leaves binary
  # files out where grep says "binary file matches" (on stderr in both).
  bench "$dir" "grep -rn 'fn main' ." "grep -rn 'fn main' ." gnu "grep -rn 'fn main' ." "${RGS[@]}"
  # toolsh's own `rg` (hidden names and ignore files left out, as ripgrep's) against ripgrep.
  if [ -n "$RG" ]; then
    bench "$dir" "rg -n 'fn main' (toolsh's rg)" "rg -n 'fn main'" rg "$RG -n --no-heading 'fn main'" \
      "rg-j$THREADS" "$RG -j$THREADS -n --no-heading 'fn main'"
  fi
  bench "$dir" "grep -rl -i 'hashmap' ." "grep -rl -i 'hashmap' ." gnu "grep -rl -i 'hashmap' ."
  bench "$dir" "grep -rc -w -F 'unsafe' --include='*.rs'" "grep -rc -w -F unsafe --include='*.rs' ." \
    gnu "grep -rc -w -F unsafe --include='*.rs' ."
  bench "$dir" "grep -rn -E 'fn [a-z_]+_(new|with)\\(' (ERE)" "grep -rn -E 'fn [a-z_]+_(new|with)\\(' --exclude-dir=tests ." \
    gnu "grep -rn -E 'fn [a-z_]+_(new|with)\\(' --exclude-dir=tests ."
  bench "$dir" "grep -rn 'impl.*for \\(Vec\\|Box\\)' (BRE)" "grep -rn 'impl.*for \\(Vec\\|Box\\)' ." \
    gnu "grep -rn 'impl.*for \\(Vec\\|Box\\)' ."
  bench "$dir" "find . -name '*.rs'" "find . -name '*.rs'" gnu "find . -name '*.rs'"
  bench "$dir" "find . -type f -size +20k" "find . -type f -size +20k" gnu "find . -type f -size +20k"
  bench "$dir" "find . -name tests -prune -o -newer Cargo -print" \
    "find . -name tests -prune -o -type f -newer $(ls "$dir" | head -n1)/Cargo.toml -print" \
    gnu "find . -name tests -prune -o -type f -newer $(ls "$dir" | head -n1)/Cargo.toml -print"
  bench "$dir" "find -name '*.rs' | xargs grep -n 'fn main'" "find . -name '*.rs' | xargs grep -n 'fn main'" \
    gnu "find . -name '*.rs' | xargs grep -n 'fn main'"
done
