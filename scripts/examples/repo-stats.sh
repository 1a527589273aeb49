#!/usr/bin/env toolsh
# Repository statistics: files and lines by extension, the largest files, and TODO markers.
#   repo-stats.sh [DIR]
set -euo pipefail
dir=${1:-.}

echo "== files and lines by extension"
printf '%-8s %6s %8s\n' ext files lines
find "$dir" -type f ! -path '*/.git/*' | sed -E 's/.*\/[^/.]*$/(none)/; s/.*\.//' | sort | uniq -c |
  while read -r files ext; do
    if [ "$ext" = "(none)" ]; then
      lines=$(find "$dir" -type f ! -path '*/.git/*' ! -name '*.*' -exec cat {} + | wc -l)
    else
      lines=$(find "$dir" -type f ! -path '*/.git/*' -name "*.$ext" -exec cat {} + | wc -l)
    fi
    printf '%-8s %6d %8d\n' "$ext" "$files" "$lines"
  done | sort -k3,3nr -k1,1

echo "== largest files (lines)"
# sed reads to the end where head would stop early: under pipefail a sort still writing when
# head leaves ends with SIGPIPE (141), and the script with it.
find "$dir" -type f ! -path '*/.git/*' -name '*.*' | sort | xargs wc -l | grep -v ' total$' | sort -k1,1nr -k2 | sed -n 1,5p

echo "== TODO markers"
todos=$(grep -rn --exclude-dir=.git 'TODO' "$dir" || true)
if [ -n "$todos" ]; then
  printf '%s\n' "$todos" | cut -d: -f1 | sort | uniq -c | sort -k1,1nr -k2 | sed -n 1,5p
fi
echo "total: $(printf '%s' "$todos" | grep -c . || true)"
