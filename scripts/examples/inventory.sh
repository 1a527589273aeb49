#!/usr/bin/env toolsh
# Inventory report from a JSON export: stock value by category, items to reorder, and a
# machine-readable summary written next to the input.
#   inventory.sh inventory.json [REORDER_LEVEL]
set -euo pipefail
file=${1:?usage: inventory.sh inventory.json [REORDER_LEVEL]}
level=${2:-5}

echo "== value by category"
jq -r '.items | group_by(.category)[]
       | [.[0].category, (map(.qty) | add), (map(.qty * .price) | add * 100 | round / 100)]
       | @tsv' "$file" | column -t

echo "== reorder (stock below $level)"
jq -r --argjson level "$level" '.items[] | select(.qty < $level)
       | "\(.sku)\t\(.name)\t\(.qty)"' "$file" | sort

summary=${file%.json}.summary.json
jq --argjson level "$level" '{
    items: (.items | length),
    units: (.items | map(.qty) | add),
    value: (.items | map(.qty * .price) | add * 100 | round / 100),
    reorder: [.items[] | select(.qty < $level) | .sku] | sort
  }' "$file" > "$summary"
echo "== summary in $summary"
cat "$summary"
