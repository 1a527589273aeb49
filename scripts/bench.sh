#!/usr/bin/env bash
# Benchmarks against bash (and dash) measured in the same run; prints times and ratios.
#   scripts/bench.sh            all benchmarks
#   scripts/bench.sh shell      the shell itself: start-up, loops, pipelines, parsing, calls
#   scripts/bench.sh text       text and data tools on generated 20 MB and 100 MB logs and a
#                               20 MB JSON array, against bash + GNU tools + jq (LC_ALL=C)
#   scripts/bench.sh mcp        a mounted MCP server (server-everything; .ci/run installs it):
#                               a cold first call, help from the cached list in a fresh process,
#                               and a warm call against the Python SDK calling the server directly
#   scripts/bench.sh session    a saved session of 1,000 variables and a 1 MiB /tmp: its size,
#                               and restoring (and saving) it in a fresh process against -c true
#   scripts/bench.sh host       host programs (git, python3) through toolsh, confined, against
#                               bash running them directly: one program per process, and the
#                               cost per call of 100 calls in one process
#   scripts/bench.sh store      the store on PostgreSQL (a private cluster, scripts/postgres.sh)
#                               against SQLite: the time per `msg send`, `msg read`, `meta incr`
#                               (500 in one process), and 10 processes sending at once
#   scripts/bench.sh objects    a workspace on object storage (moto's S3 server on loopback,
#                               scripts/s3.sh): `cat` and `grep -c` of a 100 MB object against
#                               the same file on a `dir` mount, and writing it
#   scripts/bench.sh bindings   the Python and npm packages (release builds): a line's cost per
#                               call against the Rust API's, an app's function called through
#                               the shell against directly, package sizes and install times
#   scripts/bench.sh scale      agent-scale work, each at three sizes (scripts/bench/scale-*.sh):
#     scale-search              repository search (grep -r, find, find | xargs grep) against
#                               ripgrep and GNU grep/find on trees of real Rust sources
#     scale-files               big single files (grep, wc, cut, awk, sed, tr <, sort, uniq, jq,
#                               tar/gzip) against GNU, jq 1.7 and jaq: time and peak RSS
#     scale-sessions            `toolsh mcp --http` with many concurrent and idle sessions:
#                               calls per second, p50/p99, RSS per session
#   RUNS=5 scripts/bench.sh     repetitions per measurement (median is reported)
#   scripts/bench/compare.sh OLD NEW [shell|text|instructions]
#                               two toolsh binaries against each other (a refactoring's before and
#                               after): these shell and text lines (scripts/bench/workloads.sh), the
#                               binaries taking turns, fastest run and CPU time, and callgrind's
#                               instruction counts
# Targets (from the issues): startup <= dash, loop <= 0.5x bash, 1000 pipelines <= 0.02x bash,
# parse <= dash, a 5,000-line script run <= dash, 100,000 function calls (measured, no target); every text pipeline <= 1.0x
# the GNU tools' time, jq <= 1.2x jq's; a host program's spawn <= 1.2x bash's.
set -euo pipefail
SECTION="${1:-all}"
case "$SECTION" in all|shell|text|mcp|session|host|store|objects|bindings|scale|scale-search|scale-files|scale-sessions) ;; *) echo "usage: $0 [all|shell|text|mcp|session|host|store|objects|bindings|scale|scale-search|scale-files|scale-sessions]" >&2; exit 2 ;; esac
cd "$(dirname "$0")/.."
ROOT="$PWD"
# The references the scale sections time against: hyperfine for the timings, ripgrep beside GNU
# grep (installed from the distribution when this runs as root; else each section says what it
# lacks).
if ! command -v hyperfine >/dev/null 2>&1 || ! command -v rg >/dev/null 2>&1; then
  if [ "$(id -u)" -eq 0 ]; then apt-get install -y -qq hyperfine ripgrep >/dev/null 2>&1 || true; fi
fi
# The shipped binary, built as scripts/release.sh builds it (static, packed relocations, its
# functions in traced first-call order where valgrind is installed, and optimised with a
# profile of its own use where an llvm-profdata for this rustc is installed).
TOOLSH="$(scripts/release.sh)"
RUNS="${RUNS:-5}"
WORK="$(mktemp -d)"
# What the exit undoes; a section that starts a server adds its stop in front.
CLEANUP='rm -rf "$WORK"'
trap 'eval "$CLEANUP"' EXIT
cd "$WORK"

# median wall time in milliseconds of running "$@" RUNS times; output goes to OUT (not
# /dev/null by default for text tools: GNU grep stops at the first match when it sees
# /dev/null as its output, which would measure nothing)
OUT=/dev/null
measure() {
  local times=() start end
  for _ in $(seq "$RUNS"); do
    rm -f out.txt
    start=$(date +%s%N)
    "$@" >"$OUT" 2>&1 || true
    end=$(date +%s%N)
    times+=($(( (end - start) / 1000 )))
  done
  printf '%s\n' "${times[@]}" | sort -n | awk '{a[NR]=$1} END {m=a[int((NR+1)/2)]; printf "%.2f", m/1000}'
}

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.3f", a / b; else print "n/a" }'; }

report() { # name toolsh_ms other_name other_ms target
  printf '%-60s toolsh %9s ms   %-5s %9s ms   ratio %7s   target %s\n' "$1" "$2" "$3" "$4" "$(ratio "$2" "$4")" "$5"
}

startup_loop() { for _ in $(seq 100); do "$@" -c true; done; }

# LOOP, PIPES, FUNCS, JOBS, parse.sh and run.sh, the text inputs and lines: one definition.
source "$ROOT/scripts/bench/workloads.sh"
make_scripts

echo "toolsh benchmarks ($(date -u +%Y-%m-%dT%H:%MZ), median of $RUNS runs, $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg))"

shell_benchmarks() {
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
  t=$(measure "$TOOLSH" run.sh); d=$(measure dash run.sh); b=$(measure bash run.sh)
  report "run 5,000 lines" "$t" dash "$d" "<= 1.0 vs dash"
  report "run 5,000 lines" "$t" bash "$b" "(info)"
  t=$(measure "$TOOLSH" -c "$FUNCS"); b=$(measure bash -c "$FUNCS")
  report "100,000 function calls" "$t" bash "$b" "(measured)"
  t=$(measure "$TOOLSH" -c "$JOBS"); b=$(measure bash -c "$JOBS")
  report "500 background jobs and wait (each with its log)" "$t" bash "$b" "(measured)"
}

# one command line in toolsh against bash with the host's tools: compare CMD OTHER_NAME TARGET
compare() {
  local t b
  t=$(measure "$TOOLSH" --root "$WORK" -c "$1"); b=$(measure env LC_ALL=C bash -c "$1")
  report "${1:0:60}" "$t" "$2" "$b" "$3"
}

text_benchmarks() {
  generate_inputs
  OUT="$WORK/text-output"
  echo "text tools: bash + GNU tools ($(awk --version 2>/dev/null | head -1 | cut -d, -f1 || echo awk)), $(jq --version 2>/dev/null || echo "no jq")"
  local cmd
  for cmd in "${TEXT_LINES[@]}"; do compare "$cmd" bash "<= 1.0"; done
  for cmd in "${JQ_LINES[@]}"; do compare "$cmd" jq "<= 1.2"; done
}

mcp_benchmarks() {
  local every="$ROOT/target/mcp-servers/node_modules/.bin/mcp-server-everything"
  if [ ! -x "$every" ]; then echo "mcp: server-everything is not installed (run .ci/run once)"; return; fi
  cold() { rm -f cold.db*; "$TOOLSH" --store cold.db --mcp "every=$every" -c 'every.echo --message hi'; }
  t=$(measure cold); b=$(measure "$TOOLSH" -c true)
  report "first call, cold server, no cached list" "$t" "-c true" "$b" "(measured)"
  "$TOOLSH" --store warm.db --mcp "every=$every" -c true >/dev/null 2>&1
  t=$(measure "$TOOLSH" --store warm.db --mcp "every=$every" -c 'help every')
  report "help of the server, cached list, fresh process" "$t" "-c true" "$b" "<= 5 ms"
  # A warm call: 201 calls less 1 call in one process, over 200, against the SDK's median.
  one=$(measure "$TOOLSH" --store warm.db --mcp "every=$every" -c 'every.echo --message hi')
  many=$(measure "$TOOLSH" --store warm.db --mcp "every=$every" -c 'for i in $(seq 201); do every.echo --message hi; done')
  t=$(awk -v a="$many" -v b="$one" 'BEGIN { printf "%.3f", (a - b) / 200 }')
  d=$(python3 "$ROOT/scripts/mcp_direct_calls.py" 200 "$every" 2>/dev/null)
  report "one warm call (toolsh; reference: SDK client direct)" "$t" "sdk" "$d" "overhead <= 1 ms"
}

session_benchmarks() {
  rm -f sessions.db*
  "$TOOLSH" --store sessions.db --session big -c \
    'for i in $(seq 1000); do declare "v$i=value number $i"; done; seq 1 200000 | head -c 1048576 > /tmp/blob' >/dev/null
  local size
  size=$("$TOOLSH" --store sessions.db -c 'session list' | awk -F'\t' '$1 == "big" { print $2 }')
  echo "session of 1,000 variables and a 1 MiB /tmp: $size"
  b=$(measure "$TOOLSH" --store sessions.db -c true)
  t=$(measure "$TOOLSH" --store sessions.db -c 'session restore big')
  report "restore it in a fresh process" "$t" "-c true" "$b" "(measured)"
  t=$(measure "$TOOLSH" --store sessions.db --session big -c true)
  report "restore and save it (--session, one line)" "$t" "-c true" "$b" "(measured)"
}

host_benchmarks() {
  # Debian's python3 (a version manager's shim is no program toolsh runs), the same for both.
  local py=/usr/bin/python3 t b ours theirs
  local declared=(--profile trusted --host git --host "python3=$py")
  for pair in "git --version|git --version" "python3 -c pass|$py -c pass"; do
    ours="${pair%%|*}" theirs="${pair#*|}"
    t=$(measure "$TOOLSH" "${declared[@]}" -c "$ours")
    b=$(measure bash -c "$theirs")
    report "one process: $ours" "$t" "bash" "$b" "<= 1.2"
    t=$(measure "$TOOLSH" "${declared[@]}" -c "for i in \$(seq 100); do $ours; done")
    b=$(measure bash -c "for i in \$(seq 100); do $theirs; done")
    report "100 calls in one process: $ours" "$t" "bash" "$b" "<= 1.2"
  done
}

store_benchmarks() {
  local pg_dir url t s op
  # Its own directory under /tmp: the server runs as another user when this runs as root.
  pg_dir=$(mktemp -d /tmp/toolsh-bench-pg.XXXXXX)
  url=$("$ROOT/scripts/postgres.sh" start "$pg_dir" 55433)
  CLEANUP='"$ROOT/scripts/postgres.sh" stop "'"$pg_dir"'" || true; rm -rf "'"$pg_dir"'"; '"$CLEANUP"
  for op in "msg send agent hello" "msg read -n 1" "meta incr n"; do  # the default agent writes to itself, so each read takes one
    t=$(measure "$TOOLSH" --memory --store "$url" -c "for i in \$(seq 500); do $op > /dev/null; done")
    s=$(measure "$TOOLSH" --memory --store store.db -c "for i in \$(seq 500); do $op > /dev/null; done")
    report "500 x $op (per op: ms/500)" "$t" "sqlite" "$s" "(measured)"
  done
  fleet() { for p in $(seq 10); do "$TOOLSH" --memory --agent "a$p" --store "$1" -c 'for i in $(seq 100); do msg send bob x > /dev/null; done' & done; wait; }
  t=$(measure fleet "$url"); s=$(measure fleet store.db)
  report "10 processes x 100 msg send at once" "$t" "sqlite" "$s" "(measured)"
}

objects_benchmarks() {
  local s3_dir endpoint t d
  s3_dir=$(mktemp -d /tmp/toolsh-bench-s3.XXXXXX)
  endpoint=$("$ROOT/scripts/s3.sh" start "$s3_dir" 55491)
  CLEANUP='"$ROOT/scripts/s3.sh" stop "'"$s3_dir"'"; rm -rf "'"$s3_dir"'"; '"$CLEANUP"
  export AWS_ENDPOINT_URL="$endpoint" AWS_ACCESS_KEY_ID=bench AWS_SECRET_ACCESS_KEY=bench
  mkdir -p dir
  head -c 100000000 < <(yes 'the quick brown fox jumps over the lazy dog') > dir/big
  local bucket=(--memory --mount /data=s3://toolsh/bench) local_dir=(--memory --mount "/data=$PWD/dir")
  t=$(measure "$TOOLSH" "${bucket[@]}" --mount "/src=$PWD/dir:ro" -c 'cat /src/big > /data/big')
  d=$(measure "$TOOLSH" "${local_dir[@]}" -c 'cat /data/big > /data/copy')
  report "write a 100 MB object (multipart upload)" "$t" "dir" "$d" "(measured)"
  for op in "cat /data/big" "grep -c fox /data/big"; do
    t=$(measure "$TOOLSH" "${bucket[@]}" -c "$op")
    d=$(measure "$TOOLSH" "${local_dir[@]}" -c "$op")
    report "$op (100 MB object vs file)" "$t" "dir" "$d" "(measured)"
  done
  "$TOOLSH" "${bucket[@]}" -c 'echo x > /data/small'
  t=$(measure "$TOOLSH" "${bucket[@]}" -c 'for i in $(seq 100); do cat /data/small; done')
  d=$(measure "$TOOLSH" "${local_dir[@]}" -c 'echo x > /data/small; for i in $(seq 100); do cat /data/small; done')
  report "100 x cat of a small object (cached)" "$t" "dir" "$d" "(measured)"
}

# The Python and npm packages, release builds: a line's cost per call against the Rust API's
# (examples/exec_calls.rs), and a tool of the app's language called through the shell against
# calling the function directly; wheel and addon sizes and install times.
bindings_benchmarks() {
  echo "== bindings"
  (cd "$ROOT" && cargo build --quiet --release --locked -p toolsh --example exec_calls --bin toolsh-launch \
    && cargo build --quiet --release --locked -p toolsh-node)
  local rust
  rust=$("$ROOT/target/release/examples/exec_calls" 'echo hi' 2000)
  rm -rf "$ROOT/target/wheels-release"
  mkdir -p "$ROOT/bindings/python/python/toolsh/_bin"
  cp "$ROOT/target/release/toolsh-launch" "$ROOT/bindings/python/python/toolsh/_bin/toolsh-launch"
  (cd "$ROOT" && target/py-tools/bin/maturin build --quiet --release --locked -m bindings/python/Cargo.toml \
    --out target/wheels-release >/dev/null)
  local wheel start end
  wheel=$(ls "$ROOT"/target/wheels-release/toolsh-*.whl)
  python3 -m venv py
  start=$(date +%s%N); py/bin/pip install -q --no-index --no-deps "$wheel"; end=$(date +%s%N)
  printf '%-60s %s bytes, installed in %s ms\n' "wheel" "$(stat -c %s "$wheel")" "$(( (end - start) / 1000000 ))"
  py/bin/python "$ROOT/scripts/bench_bindings.py" 2000 > py.txt
  cp "$ROOT/target/release/libtoolsh_node.so" "$ROOT/bindings/node/toolsh.linux-x64-gnu.node"
  cp "$ROOT/target/release/toolsh-launch" "$ROOT/bindings/node/toolsh-launch"
  (cd "$ROOT/bindings/node" && npm pack --silent --pack-destination "$WORK" >/dev/null)
  mkdir -p js && echo '{"name":"bench","private":true}' > js/package.json
  start=$(date +%s%N); (cd js && npm install --silent --offline --no-audit --no-fund ../toolsh-*.tgz >/dev/null); end=$(date +%s%N)
  printf '%-60s %s bytes, installed in %s ms\n' "npm tarball" "$(stat -c %s "$WORK"/toolsh-*.tgz)" "$(( (end - start) / 1000000 ))"
  cp "$ROOT/scripts/bench_bindings.mjs" js/
  (cd js && "$ROOT/target/node22/node_modules/.bin/node" bench_bindings.mjs 2000) > js.txt
  local py_echo js_echo
  py_echo=$(awk '$1=="run-echo"{print $2}' py.txt); js_echo=$(awk '$1=="run-echo"{print $2}' js.txt)
  printf '%-60s %9s us   %-5s %9s us   ratio %7s\n' "sh.run('echo hi') per call, Python vs Rust API" "$py_echo" "rust" "$rust" "$(ratio "$py_echo" "$rust")"
  printf '%-60s %9s us   %-5s %9s us   ratio %7s\n' "sh.run('echo hi') per call, Node vs Rust API" "$js_echo" "rust" "$rust" "$(ratio "$js_echo" "$rust")"
  for lang in py js; do
    awk -v lang="$lang" '$1=="run-tool"{t=$2} $1=="run-echo"{e=$2} $1=="direct"{d=$2}
      END {printf "%-60s %9s us   %-5s %9s us   (a line of a builtin: %s us)\n", lang " tool through the shell per call", t, "direct", d, e}' "$lang.txt"
  done
}

if [ "$SECTION" = all ] || [ "$SECTION" = shell ]; then shell_benchmarks; fi
if [ "$SECTION" = all ] || [ "$SECTION" = text ]; then text_benchmarks; fi
if [ "$SECTION" = all ] || [ "$SECTION" = mcp ]; then mcp_benchmarks; fi
if [ "$SECTION" = all ] || [ "$SECTION" = session ]; then session_benchmarks; fi
if [ "$SECTION" = all ] || [ "$SECTION" = host ]; then host_benchmarks; fi
if [ "$SECTION" = all ] || [ "$SECTION" = store ]; then store_benchmarks; fi
if [ "$SECTION" = all ] || [ "$SECTION" = objects ]; then objects_benchmarks; fi
if [ "$SECTION" = all ] || [ "$SECTION" = bindings ]; then bindings_benchmarks; fi
# Agent-scale parts, each its own script run with the shipped binary, the work directory and RUNS.
for part in search files sessions; do
  if [ "$SECTION" = all ] || [ "$SECTION" = scale ] || [ "$SECTION" = "scale-$part" ]; then
    TOOLSH="$TOOLSH" WORK="$WORK" RUNS="$RUNS" ROOT="$ROOT" bash "$ROOT/scripts/bench/scale-$part.sh"
  fi
done
