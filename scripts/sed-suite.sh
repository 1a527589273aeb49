#!/usr/bin/env bash
# Measures a sed against GNU sed 4.9's own testsuite (the `testsuite/*.sh` and `*.pl` files its
# local.mk lists): how many pass. Not part of the test suite: the project holds only cases
# written here (tests/compat/sed.sh); this reads sed's files where they lie, to measure, as
# scripts/awk-suite.sh does for gawk.
#
#     scripts/sed-suite.sh [--sed PROGRAM] [TEST...]
#
# By default the sed is toolsh's (the release build, or the binary $TOOLSH), run through a
# wrapper named `sed` (`toolsh -c 'sed "$@"'` on the directory the test runs in, sed's
# sources mounted read-only); `--sed /usr/bin/sed` measures GNU sed itself. TEST names a file
# of the testsuite without its suffix (`madding`, `misc`). The tests run as automake's harness
# would run them (its environment: LC_ALL=C, srcdir, PATH with the sed first; gnulib's
# init.sh), each in a directory of its own under target/sed-suite/NAME, its output in NAME.log
# there. A shell test counts as one case (status 0 passes, 77 is skipped: the machine lacks
# what it needs); a perl test (misc.pl, debug.pl) counts each of its cases. The locales the
# tests ask for are compiled into target/upstream/locale (scripts/upstream-locales.sh). The sources come from the distribution's source package
# (scripts/upstream-source.sh) into target/upstream.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD
up=$repo/target/upstream
sed=toolsh
if [ "${1:-}" = --sed ]; then sed=$2; shift 2; fi

scripts/upstream-source.sh sed
src=$up/sed
locales=$(scripts/upstream-locales.sh)
out=$repo/target/sed-suite/$(basename "$sed")
rm -rf "$out"
mkdir -p "$out/sed" "$out/testsuite" "$out/state"

if [ "$sed" = toolsh ]; then
    toolsh=${TOOLSH:-$repo/target/release/toolsh}
    [ -x "$toolsh" ] || cargo build --release --quiet
    # The variables a test sets for sed go in; toolsh's records go to a store of their own.
    cat >"$out/sed/sed" <<EOF
#!/bin/sh
XDG_STATE_HOME=$out/state exec $toolsh --mount $src=$src:ro --env LC_ALL --env LANG \\
    --env POSIXLY_CORRECT --env COLS -c 'sed "\$@"' sed "\$@"
EOF
    chmod +x "$out/sed/sed"
else
    ln -s "$(command -v "$sed")" "$out/sed/sed"
fi
# require_en_utf8_locale_ asks this helper whether the locale exists (it needs no config.h).
mkdir -p "$out/include"
touch "$out/include/config.h" "$out/include/progname.h"
gcc -O -I"$out/include" -D'set_program_name(x)=((void) (x))' -o "$out/testsuite/get-mb-cur-max" \
    "$src/testsuite/get-mb-cur-max.c"

tests=("$@")
if [ ${#tests[@]} = 0 ]; then
    mapfile -t tests < <(grep -oE 'testsuite/[A-Za-z0-9_-]+\.(sh|pl)' "$src/testsuite/local.mk" | sed 's,testsuite/,,; s,\.[a-z]*$,,')
fi

# automake's TESTS_ENVIRONMENT, with the build directory being $out.
run_env=(LC_ALL=C VERSION=4.9 PACKAGE_VERSION=4.9 PACKAGE_BUGREPORT=bug-sed@gnu.org AWK=awk
    abs_top_builddir="$out" abs_top_srcdir="$src" abs_srcdir="$src" srcdir="$src" top_srcdir="$src"
    built_programs=sed CC=gcc MAKE=make PERL=perl SHELL=/bin/bash TMPDIR="$out"
    CONFIG_HEADER="$out/include/config.h" LOCPATH="$locales" PATH="$out/sed:$PATH")

files_pass=0 files_fail=0 files_skip=0 cases_pass=0 cases_fail=0
for t in "${tests[@]}"; do
    cd "$out"
    if [ -f "$src/testsuite/$t.sh" ]; then
        status=0
        (
            . "$src/testsuite/envvar-check"
            env "${run_env[@]}" SED_TEST_NAME="testsuite-$t.sh" \
                timeout 120 bash "$src/testsuite/$t.sh" 9>&2
        ) >"$t.log" 2>&1 </dev/null || status=$?
        case $status in
            0) files_pass=$((files_pass + 1)) ;;
            77) files_skip=$((files_skip + 1)) ;;
            *)
                files_fail=$((files_fail + 1))
                echo "FAIL $t"
                ;;
        esac
    elif [ -f "$src/testsuite/$t.pl" ]; then
        # Coreutils.pm names each case as it starts (VERBOSE) and each failure.
        (
            . "$src/testsuite/envvar-check"
            env "${run_env[@]}" VERBOSE=yes timeout 300 perl -w -I"$src/testsuite" -MCuSkip -MCoreutils \
                -M"CuTmpdir qw(testsuite/$t.pl)" "$src/testsuite/$t.pl"
        ) >"$t.log" 2>&1 </dev/null || true
        all=$(grep -cE '^[^ ]+\.\.\.$' "$t.log" || true)
        failed=$({ grep -oE "^$t\.pl: test [^ :]+" "$t.log" || true; } | sort -u | sed "s/^$t\.pl: test /FAIL $t: /")
        n=$(printf '%s' "$failed" | grep -c . || true)
        cases_pass=$((cases_pass + all - n))
        cases_fail=$((cases_fail + n))
        [ -z "$failed" ] || echo "$failed"
    else
        echo "no test $t" >&2
        exit 2
    fi
done
echo "shell tests: $files_pass passed, $files_fail failed, $files_skip skipped; perl cases: $cases_pass passed, $cases_fail failed ($out)"
