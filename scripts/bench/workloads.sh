# The shell and text workloads of scripts/bench.sh, sourced by it and by scripts/bench/compare.sh
# so that both measure the same lines on the same inputs (the generators write into the current
# directory, the same bytes on every run).

LOOP='for ((i=0;i<10000;i++)); do x=$i; echo "line $x" >> out.txt; done'
PIPES='for i in $(seq 1000); do echo "x$i" | tr a-z A-Z; done'
FUNCS='f() { :; }; for ((i=0;i<100000;i++)); do f; done'
JOBS='for i in $(seq 500); do echo "$i" > /dev/null & done; wait'

# parse.sh: a 5,000-line script with a representative mix of constructs; run.sh: the same size
# of script run, not only parsed: 5,000 lines of cheap commands, one per line.
make_scripts() {
  local i
  for i in $(seq 1000); do
    cat <<'LINES'
if [ -n "$x" ]; then echo "value: ${x:-default}" | tr a-z A-Z; fi
for f in a b c; do case $f in a) echo one;; *) echo other;; esac; done
count=$((count + 1)); name="${path##*/}"; echo "$name" >> log.txt
while read -r line; do printf '%s\n' "$line"; done < input.txt
f() { local v=$1; echo "${v//x/y}"; }
LINES
  done > parse.sh
  for i in $(seq 1000); do
    printf '%s\n' ':' "x=$i" '[ -n "$x" ]' 'true' 'y=${x%0}'
  done > run.sh
}

# Generated inputs: logs of 20 and 100 MB whose lines are `DATE TIME COMPONENT LEVEL BYTES
# words...` and a 20 MB JSON array of records (a fixed seed).
generate_inputs() {
  python3 - <<'PY'
import json, random
random.seed(7)
levels = ['INFO'] * 14 + ['WARN'] * 3 + ['ERROR'] * 2 + ['DEBUG']
parts = ['auth', 'db', 'api', 'cache', 'queue', 'web', 'mail', 'search']
words = 'user request timeout connection retry failed ok served cache miss hit slow query commit rollback token expired'.split()
def log(name, mb):
    with open(name, 'w') as f:
        size = i = 0
        while size < mb << 20:
            line = f"2026-11-{1 + i % 30:02d} {i % 24:02d}:{i % 60:02d}:{i * 7 % 60:02d} {random.choice(parts)} {random.choice(levels)} {random.randint(1, 99999)} {' '.join(random.choices(words, k=random.randint(3, 9)))}\n"
            f.write(line)
            size += len(line)
            i += 1
log('log20.txt', 20)
log('log100.txt', 100)
items, size = [], 0
while size < 20 << 20:
    item = {"id": len(items), "level": random.choice(levels), "component": random.choice(parts),
            "bytes": random.randint(1, 99999), "ratio": round(random.random(), 4),
            "tags": random.sample(words, 3), "msg": ' '.join(random.choices(words, k=5))}
    size += len(json.dumps(item)) + 2
    items.append(item)
with open('data20.json', 'w') as f:
    json.dump(items, f)
PY
}

# The text section's command lines over those inputs (the text pipelines, then jq's).
TEXT_LINES=()
for file in log20.txt log100.txt; do
  TEXT_LINES+=(
    "cat $file | grep ERROR | cut -d' ' -f3 | sort | uniq -c | sort -rn | head"
    "awk '{s+=\$5} END {print s}' $file"
    "grep -c ERROR $file"
    "wc -l $file"
    "sed s/a/b/g $file")
done
JQ_LINES=(
  "jq '[.[] | select(.level == \"ERROR\") | .bytes] | add' data20.json"
  "jq -c '.[] | {id, level}' data20.json"
  "jq 'group_by(.component) | map({key: .[0].component, value: length}) | from_entries' data20.json")
unset file
