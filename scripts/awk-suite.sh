#!/usr/bin/env bash
# Measures an awk against gawk 5.2's own basic tests (gawk's `test/` directory, the
# BASIC_TESTS of its Makefile.am run by its generic rule: `awk -f T.awk < T.in`, output and
# `EXIT CODE: N` compared with T.ok): how many pass. Not part of the test suite: the project
# holds only cases written here (tests/compat/awk.sh); this reads gawk's files where they lie,
# to measure, as scripts/jq-suite.py does for jq. Tests with a rule of their own are skipped.
#
#     scripts/awk-suite.sh [--awk gawk] [TEST...]
#
# By default the awk is toolsh's (the release build, or the binary $TOOLSH). The sources
# come from the distribution's source package (apt-get source) into target/upstream; each
# test's output is left in target/awk-suite/AWK/_TEST beside TEST.ok. toolsh's awk runs under
# its name `gawk`, as gawk does here, so that messages (`gawk: FILE:LINE: fatal: …`) and
# `ARGV[0]` can match. Tests that need gawk options (`--lint`, `--posix`, `--traditional`: its
# NEED_* lists) run without them, so gawk itself fails those here too.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD
up=$repo/target/upstream
awk=toolsh
if [ "${1:-}" = --awk ]; then awk=$2; shift 2; fi

scripts/upstream-source.sh gawk
toolsh=${TOOLSH:-$repo/target/release/toolsh}
if [ "$awk" = toolsh ] && [ ! -x "$toolsh" ]; then cargo build --release --quiet; fi

out=$repo/target/awk-suite/$(basename "$awk")
rm -rf "$out"
mkdir -p "$out"
cp -r "$up/gawk/test/." "$out/"
cd "$out"
tests=("$@")
if [ ${#tests[@]} = 0 ]; then
    mapfile -t tests < <(sed -n '/^BASIC_TESTS = /,/^$/p' Makefile.am | tr -s ' \t\\' '\n' | grep -v -e '=' -e '^$')
fi
pass=0 fail=0 skip=0
for t in "${tests[@]}"; do
    if grep -q "^$t:" Makefile.am || [ ! -f "$t.awk" ] || [ ! -f "$t.ok" ]; then
        skip=$((skip + 1))
        continue
    fi
    input=/dev/null
    [ -f "$t.in" ] && input=$t.in
    if [ "$awk" = toolsh ]; then
        timeout 10 "$toolsh" -c "gawk -f $t.awk" <"$input" >"_$t" 2>&1 || echo "EXIT CODE: $?" >>"_$t"
    else
        timeout 10 "$awk" -f "$t.awk" <"$input" >"_$t" 2>&1 || echo "EXIT CODE: $?" >>"_$t"
    fi
    if cmp -s "$t.ok" "_$t"; then
        pass=$((pass + 1))
    else
        fail=$((fail + 1))
        echo "FAIL $t"
    fi
done
echo "tests: $pass passed, $fail failed, $skip skipped (a rule of their own) ($out)"
