#!/usr/bin/env bash
# Measures a grep against GNU grep 3.8's own tests (`tests/`, the TESTS of its Makefile.am): how
# many pass. Not part of the test suite: the project holds only cases written here
# (tests/compat/grep.sh); this reads grep's files where they lie, to measure, as
# scripts/awk-suite.sh does for gawk.
#
#     scripts/grep-suite.sh [--grep PROGRAM] [TEST...]
#
# By default the grep is toolsh's (the release build, or the binary $TOOLSH), run through
# wrappers named `grep`, `egrep` and `fgrep` (`toolsh -c 'grep "$@"'` on the directory the test
# runs in, grep's sources mounted read-only); `--grep /usr/bin/grep` measures GNU grep itself.
# TEST names a test (`backref`, `spencer1`). The data-driven tests (`bre`, `ere`, `spencer1`,
# `spencer1-locale`: a `status@pattern@input` line each, made into a script by grep's own awk
# programs) count each line as a case; any other shell test counts as one case (status 0
# passes, 77 is skipped: the machine lacks what it needs, or the test is one grep runs only
# with RUN_EXPENSIVE_TESTS; the XFAIL_TESTS, which GNU grep fails too, are skipped); the perl test (filename-lineno.pl) counts each of its cases. The
# tests run as automake's harness would run them (its environment: LC_ALL=C, srcdir, PATH with
# the grep first, PCRE_WORKS; gnulib's init.sh), in target/grep-suite/NAME/tests, a test's
# output in TEST.log there. The locales the tests ask for are compiled into
# target/upstream/locale (scripts/upstream-locales.sh); the sources come from the
# distribution's source package (scripts/upstream-source.sh) into target/upstream.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD
up=$repo/target/upstream
grep=toolsh
if [ "${1:-}" = --grep ]; then grep=$2; shift 2; fi

scripts/upstream-source.sh grep
src=$up/grep
locales=$(scripts/upstream-locales.sh)
out=$repo/target/grep-suite/$(basename "$grep")
rm -rf "$out"
mkdir -p "$out/src" "$out/tests" "$out/state"

if [ "$grep" = toolsh ]; then
    toolsh=${TOOLSH:-$repo/target/release/toolsh}
    [ -x "$toolsh" ] || cargo build --release --quiet
    # The variables a test sets for grep go in; toolsh's records go to a store of their own.
    for name in grep egrep fgrep; do
        cat >"$out/src/$name" <<EOF
#!/bin/sh
XDG_STATE_HOME=$out/state exec $toolsh --mount $src=$src:ro --env LC_ALL --env LANG \\
    --env POSIXLY_CORRECT --env GREP_COLOR --env GREP_COLORS --env TERM -c '$name "\$@"' $name "\$@"
EOF
        chmod +x "$out/src/$name"
    done
else
    ln -s "$(command -v "$grep")" "$out/src/grep"
    # Debian's egrep and fgrep are scripts running the grep found on PATH: the one measured.
    for name in egrep fgrep; do ln -s "$(command -v $name)" "$out/src/$name"; done
fi
# The locale checks of init.cfg ask this helper whether a locale exists (it needs no config.h).
mkdir -p "$out/include"
touch "$out/include/config.h" "$out/include/getprogname.h"
gcc -O -I"$out/include" -o "$out/tests/get-mb-cur-max" \
    "$src/tests/get-mb-cur-max.c"

tests=("$@")
if [ ${#tests[@]} = 0 ]; then
    mapfile -t tests < <(sed -n '/^TESTS =/,/^$/p' "$src/tests/Makefile.am" | sed '1s/^TESTS =//' | tr -s ' \t\\' '\n' | grep -v '^$')
fi
# What grep's Makefile expects to fail with glibc's matcher and its own (triple-backref).
xfail=" $(sed -n 's/^XFAIL_TESTS = //p' "$src/tests/Makefile.am") "

pcre=0
if err=$(echo . | PATH="$out/src:$PATH" grep -Pq . 2>&1) && [ -z "$err" ]; then pcre=1; fi
# automake's TESTS_ENVIRONMENT, with the build directory being $out.
run_env=(LC_ALL=C VERSION=3.8 PACKAGE_VERSION=3.8 PACKAGE_BUGREPORT=bug-grep@gnu.org AWK=awk
    abs_top_builddir="$out" abs_top_srcdir="$src" abs_srcdir="$src/tests" srcdir="$src/tests"
    top_srcdir="$src" built_programs="grep egrep fgrep" host_triplet=x86_64-pc-linux-gnu CC=gcc
    MAKE=make PERL=perl SHELL=/bin/bash TMPDIR="$out/tests" LOCPATH="$locales" PCRE_WORKS=$pcre
    PATH="$out/src:$PATH")

files_pass=0 files_fail=0 files_skip=0 cases_pass=0 cases_fail=0
cd "$out/tests"
for t in "${tests[@]}"; do
    if [[ $xfail == *" $t "* ]]; then
        files_skip=$((files_skip + 1))
        continue
    fi
    case $t in
        bre | ere | spencer1 | spencer1-locale)
            # The script grep's Makefile makes from the test's lines: one `if` per case, a
            # line `… test #N failed` for each that fails.
            data=${t%-locale}.tests
            awk -f "$src/tests/$t.awk" "$src/tests/$data" >"$t.script"
            (
                . "$src/tests/envvar-check"
                env "${run_env[@]}" timeout 600 bash "./$t.script"
            ) >"$t.log" 2>&1 </dev/null || true
            all=$(grep -c '^if test \$status' "$t.script" || true)
            failed=$(grep -c ' failed' "$t.log" || true)
            cases_pass=$((cases_pass + all - failed))
            cases_fail=$((cases_fail + failed))
            [ "$failed" = 0 ] || echo "FAIL $t: $failed of $all cases"
            ;;
        *.pl)
            # Coreutils.pm names each case as it starts (VERBOSE) and each failure.
            name=${t%.pl}
            (
                . "$src/tests/envvar-check"
                env "${run_env[@]}" VERBOSE=yes timeout 300 perl -w -I"$src/tests" -MCuSkip -MCoreutils \
                    -M"CuTmpdir qw($t)" "$src/tests/$t"
            ) >"$name.log" 2>&1 </dev/null || true
            all=$(grep -cE '^[^ ]+\.\.\.$' "$name.log" || true)
            failed=$({ grep -oE "^$t: test [^ :]+" "$name.log" || true; } | sort -u | sed "s/^$t: test /FAIL $name: /")
            n=$(printf '%s' "$failed" | grep -c . || true)
            cases_pass=$((cases_pass + all - n))
            cases_fail=$((cases_fail + n))
            [ -z "$failed" ] || echo "$failed"
            ;;
        *)
            status=0
            (
                . "$src/tests/envvar-check"
                env "${run_env[@]}" GREP_TEST_NAME="$t" timeout 120 bash "$src/tests/$t" 9>&2
            ) >"$t.log" 2>&1 </dev/null || status=$?
            case $status in
                0) files_pass=$((files_pass + 1)) ;;
                77) files_skip=$((files_skip + 1)) ;;
                *)
                    files_fail=$((files_fail + 1))
                    echo "FAIL $t"
                    ;;
            esac
            ;;
    esac
done
echo "shell tests: $files_pass passed, $files_fail failed, $files_skip skipped; data-driven and perl cases: $cases_pass passed, $cases_fail failed ($out)"
