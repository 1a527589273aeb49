#!/usr/bin/env toolsh
# Works through this agent's inbox: `ping` gets a `pong` back, `task: …` is appended to
# tasks.md, anything else is kept for a human in inbox-unsorted.txt. Prints what it did and
# counts processed messages in the `inbox.processed` metadata counter.
#   toolsh --agent NAME inbox.sh
set -uo pipefail
handled=0
while IFS=$'\t' read -r id from text; do
  case $text in
    ping*)
      msg send "$from" "pong" > /dev/null
      echo "#$id from $from: answered pong" ;;
    task:*)
      printf -- '- [ ] %s (from %s)\n' "$(echo "${text#task:}" | sed 's/^ *//')" "$from" >> tasks.md
      echo "#$id from $from: task filed" ;;
    *)
      printf '%s\t%s\n' "$from" "$text" >> inbox-unsorted.txt
      echo "#$id from $from: kept for a human" ;;
  esac
  handled=$((handled + 1))
done < <(msg read --json | jq -r '[.id, .from, .text] | @tsv')
if [ "$handled" -gt 0 ]; then
  meta incr inbox.processed "$handled" > /dev/null
fi
echo "$handled message(s) handled; $(meta get inbox.processed 2>/dev/null || echo 0) in all"
