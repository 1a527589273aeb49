#!/usr/bin/env bash
# Measures a shell against bash 5.2's own test directory (bash's `tests/run-*`): how many of its
# test files give bash's expected output, and how many lines differ in the others. Not part of
# the test suite: the project holds only cases written here (tests/compat); this reads bash's
# files where they lie, to measure, as scripts/jq-suite.py does for jq.
#
#     scripts/bash-suite.sh [--shell COMMAND] [TEST...]
#
# COMMAND is the shell under test (default: the release toolsh, or the binary $TOOLSH, run on the tests' directory with
# the helper programs bash's tests call declared as host programs). `--shell bash` measures bash
# itself: the distribution's bash 5.2 fails a few files for reasons of its own (locale, terminal,
# signals). TEST names a file's test (`arith`, `new-exp`); by default all but the run-all
# drivers. The sources come from the distribution's source package (scripts/upstream-source.sh) into
# target/upstream; the per-test output and diff are left in target/bash-suite/SHELL/res.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD
up=$repo/target/upstream
shell=
if [ "${1:-}" = --shell ]; then shell=$2; shift 2; fi

scripts/upstream-source.sh bash
# The tests call four small programs of bash's support directory; they need only a config.h.
for p in recho zecho printenv xcase; do
    if [ ! -x "$up/bin/$p" ]; then
        mkdir -p "$up/bin"
        touch "$up/bash/config.h"
        gcc -O -I"$up/bash" -I"$up/bash/include" -I"$up/bash/lib" -include stdlib.h \
            -include string.h -include unistd.h -include stdio.h -o "$up/bin/$p" \
            "$up/bash/support/$p.c"
    fi
done

if [ -z "$shell" ]; then
    toolsh=${TOOLSH:-$repo/target/release/toolsh}
    [ -x "$toolsh" ] || cargo build --release --quiet
    shell=$up/toolsh-under-test
    # THIS_SH is what the tests run again; inside toolsh that is its own `bash`.
    cat >"$shell" <<EOF
#!/bin/sh
exec $toolsh --env THIS_SH=bash --env TMPDIR=/tmp --env PATH=/usr/bin:/bin:. \\
    --allow 'host.*' --host recho=$up/bin/recho --host zecho=$up/bin/zecho --host xcase=$up/bin/xcase "\$@"
EOF
    chmod +x "$shell"
fi

out=$repo/target/bash-suite/$(basename "$shell")
rm -rf "$out"
mkdir -p "$out/res"
cp -r "$up/bash/tests" "$out/tests"
cp "$up"/bin/* "$out/tests/"
cd "$out/tests"
tests=("$@")
if [ ${#tests[@]} = 0 ]; then
    for t in run-*; do
        case $t in run-all | run-minimal | run-gprof) ;; *) tests+=("${t#run-}") ;; esac
    done
fi
pass=0 fail=0 lines=0
for n in "${tests[@]}"; do
    status=0
    THIS_SH=$shell BASH_TSTOUT=$out/res/$n.out TMPDIR=/tmp PATH=$PATH:. \
        timeout 90 bash "./run-$n" >"$out/res/$n.diff" 2>&1 </dev/null || status=$?
    # A file passes when diff shows no differing line (the drivers print warnings of their own);
    # one the timeout stopped never reached its diff.
    differ=$(grep -c '^[<>]' "$out/res/$n.diff" || true)
    if [ "$status" = 124 ]; then
        echo "(timed out)" >>"$out/res/$n.diff"
        fail=$((fail + 1))
        echo "FAIL $n (timed out)"
    elif [ "$differ" = 0 ] && ! grep -q 'Binary files' "$out/res/$n.diff"; then
        pass=$((pass + 1))
    else
        fail=$((fail + 1))
        lines=$((lines + differ))
        echo "FAIL $n ($differ lines differ)"
    fi
done
echo "files: $pass passed, $fail failed; $lines lines differ in all ($out/res)"
