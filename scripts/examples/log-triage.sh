#!/usr/bin/env toolsh
# Log triage: how many lines of each level, the most frequent errors, and errors per hour.
#   log-triage.sh LOG...        (lines like: 2026-11-30T08:15:02Z ERROR [db] connection refused)
set -euo pipefail
if [ $# -eq 0 ]; then
  echo "usage: log-triage.sh LOG..." >&2
  exit 2
fi

echo "== lines by level"
cat "$@" | cut -d' ' -f2 | sort | uniq -c | sort -k1,1nr -k2

echo "== top errors"
# The message without its timestamp and level; numbers folded so repeats group together.
grep -h ' ERROR ' "$@" | cut -d' ' -f3- | sed -E 's/[0-9]+/N/g' | sort | uniq -c | sort -k1,1nr -k2 | head -n 5

echo "== errors per hour"
grep -h ' ERROR ' "$@" | cut -c1-13 | sort | uniq -c | while read -r count hour; do
  printf '%s:00  %3d  %s\n' "$hour" "$count" "$(printf '%*s' "$count" '' | tr ' ' '#')"
done

errors=$(grep -c ' ERROR ' "$@" | cut -d: -f2- | paste -sd+ | sed 's/^$/0/')
total=$(cat "$@" | wc -l)
echo "== $((errors)) errors in $((total)) lines"
[ "$((errors))" -eq 0 ]
