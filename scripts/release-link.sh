#!/usr/bin/env bash
# The linker scripts/release.sh gives rustc (`-C linker=`): it links as rustc's default, `cc`,
# would, and for the `toolsh` binary it first keeps a copy of what the link is given, in
# $TOOLSH_RELINK_DIR when release.sh sets it: the arguments (NUL-separated, in `args`) and the
# inputs rustc deletes once the link is done (its objects, and the rlibs it copies into a
# temporary directory). release.sh then links the same inputs once more with the functions in
# the order a traced run first calls them (lld's `--symbol-ordering-file`), which takes
# seconds where compiling again with fat LTO takes a quarter of an hour; docs/performance.md
# ("Start-up's pages") says why the order matters.
#
# Without $TOOLSH_RELINK_DIR, or for any other output (toolsh-launch, build scripts are linked
# by cargo's host linker anyway), it only runs `cc`.
set -euo pipefail

keep="${TOOLSH_RELINK_DIR:-}"
out=""
previous=""
for arg in "$@"; do
  [ "$previous" = -o ] && out="$arg"
  previous="$arg"
done
name="$(basename "${out:-x}")"
# cargo names the binary deps/toolsh-HASH; toolsh-launch-HASH is the other binary.
if [ -n "$keep" ] && [[ "$name" == toolsh-* ]] && [[ "$name" != toolsh-launch-* ]]; then
  rm -rf "$keep"
  mkdir -p "$keep/in"
  n=0
  for arg in "$@"; do
    # A response file (`@FILE`, rustc's fallback for a command line too long) is not read
    # here: the link goes on without a copy, and release.sh leaves the order as it is.
    if [[ "$arg" == @* ]]; then
      rm -rf "$keep"
      break
    fi
    if [ -f "$arg" ] && { [[ "$arg" == *.o ]] || [[ "$arg" == */rustc*/* ]]; }; then
      n=$((n + 1))
      cp "$arg" "$keep/in/$n-$(basename "$arg")"
      arg="$keep/in/$n-$(basename "$arg")"
    fi
    printf '%s\0' "$arg"
  done >"$keep/args.part" && [ -d "$keep" ] && mv "$keep/args.part" "$keep/args"
fi
exec cc "$@"
