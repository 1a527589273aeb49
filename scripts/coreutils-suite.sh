#!/usr/bin/env bash
# Measures toolsh's text and file commands against GNU coreutils 9.1's own tests (`tests/`, the
# all_tests of its tests/local.mk): how many pass. Not part of the test suite: the project holds
# only cases written here (tests/compat/*.sh); this reads coreutils' files where they lie, to
# measure, as scripts/grep-suite.sh does for grep.
#
#     scripts/coreutils-suite.sh [--coreutils DIR] [TEST...]
#
# The programs measured are the coreutils programs toolsh has (its `help` list; the others come
# from the machine's PATH, as for a test of a coreutils build lacking them). By default they are
# toolsh's (the release build, or the binary $TOOLSH), each run through a wrapper of its name
# (`toolsh -c 'NAME "$@"' NAME "$@"` on the directory the test runs in, the rest of the machine
# mounted read-only: the tests look for programs and files all over it); `--coreutils /usr/bin` measures GNU's own binaries of the same programs on
# the same machine, the reference figure. TEST names a test by its path under tests/
# (`misc/cut.pl`, `tail-2/tail-c.sh`) or by a prefix of it (`misc/sort`).
#
# A perl test (run_tests of tests/Coreutils.pm) counts each of its cases; one for a program
# toolsh lacks is skipped as a whole, its cases not counted. A shell test (tests/init.sh) counts
# as one case: status 0 passes, 77 is skipped (a program it needs is not among those measured,
# the machine lacks what it needs, or the test is one coreutils runs only with
# RUN_EXPENSIVE_TESTS or as root). The tests run as automake's harness would run them (its
# environment: LC_ALL=C, srcdir, built_programs, PATH with the programs first), in
# target/coreutils-suite/NAME (gnu, or the toolsh binary's name), a test's output in its .log there. The sources come from the
# distribution's source package (scripts/upstream-source.sh) into target/upstream; the
# generated factor tests (tests/factor/t*.sh) are not among them.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD
up=$repo/target/upstream
gnu=
if [ "${1:-}" = --coreutils ]; then gnu=$2; shift 2; fi

scripts/upstream-source.sh coreutils
src=$up/coreutils
# toolsh names the programs measured, also when they are GNU's (any build of it will do then).
toolsh=${TOOLSH:-$repo/target/release/toolsh}
[ -n "$gnu" ] && [ ! -x "$toolsh" ] && [ -x "$repo/target/debug/toolsh" ] && toolsh=$repo/target/debug/toolsh
[ -x "$toolsh" ] || cargo build --release --quiet
# The results of GNU's programs in target/coreutils-suite/gnu, of toolsh in the binary's name.
out=$repo/target/coreutils-suite/$([ -n "$gnu" ] && echo gnu || basename "$toolsh")
rm -rf "$out"
mkdir -p "$out/src" "$out/state"

# Every program coreutils builds (its generator's lists; ginstall is installed as install),
# and of those the ones toolsh has.
mapfile -t all_progs < <(sed -n "/_progs='/,/^'/p" "$src/build-aux/gen-lists-of-programs.sh" |
    grep -E '^ +[][a-z0-9]+$' | tr -d ' ' | sed 's/^ginstall$/install/' | sort -u)
have=" $("$toolsh" -c help 2>/dev/null | awk 'NR > 1 && /^  [^ ]/ { printf "%s ", $1 }') "
progs=()
for p in "${all_progs[@]}"; do
    case $p in
        '[') [[ $have == *" test "* ]] && progs+=('[') ;;
        *) [[ $have == *" $p "* ]] && progs+=("$p") ;;
    esac
done

for name in "${progs[@]}"; do
    if [ -n "$gnu" ]; then
        ln -s "$gnu/$name" "$out/src/$name"
        continue
    fi
    # The variables a test sets for a program go in; toolsh's records go to a store of their own.
    cat >"$out/src/$name" <<EOF
#!/bin/sh
XDG_STATE_HOME=$out/state exec $toolsh --mount /=/:ro --env LC_ALL --env LANG \\
    --env LANGUAGE --env LC_CTYPE --env LC_COLLATE --env LC_NUMERIC --env LC_TIME \\
    --env LC_MESSAGES --env TZ --env TMPDIR --env POSIXLY_CORRECT --env _POSIX2_VERSION \\
    --env COLUMNS --env TABSIZE --env TERM --env COLORTERM --env LS_COLORS --env TIME_STYLE \\
    --env QUOTING_STYLE --env BLOCK_SIZE --env BLOCKSIZE --env DF_BLOCK_SIZE --env DU_BLOCK_SIZE \\
    --env LS_BLOCK_SIZE --env SIMPLE_BACKUP_SUFFIX --env VERSION_CONTROL --env OMP_NUM_THREADS \\
    -c '$name "\$@"' $name "\$@"
EOF
    chmod +x "$out/src/$name"
done
built=" ${progs[*]} "

tests=()
mapfile -t listed < <(sed -n '/^all_tests =/,/^$/p' "$src/tests/local.mk" | grep -oE 'tests/[^[:space:]\\]+' | sed 's,^tests/,,')
if [ $# = 0 ]; then
    tests=("${listed[@]}")
else
    for want in "$@"; do
        for t in "${listed[@]}"; do [[ $t == "$want"* ]] && tests+=("$t"); done
    done
fi

# automake's TESTS_ENVIRONMENT (tests/local.mk), with the build directory being $out.
run_env=(LC_ALL=C VERSION=9.1 PACKAGE_VERSION=9.1 LOCALE_FR=none LOCALE_FR_UTF8=none
    abs_top_builddir="$out" abs_top_srcdir="$src" abs_srcdir="$src" srcdir="$src"
    top_srcdir="$src" built_programs="${progs[*]}" fail=0 host_os=linux-gnu
    host_triplet=x86_64-pc-linux-gnu CONFIG_HEADER="$out/config.h" CC=gcc AWK=awk
    EGREP='grep -E' EXEEXT= MAKE=make PERL=perl SHELL=/bin/bash TMPDIR="$out"
    PATH="$out/src:$PATH")
touch "$out/config.h"
# init.cfg's getlimits_ reads the limits of C's types from a helper coreutils builds
# (src/getlimits.c): NAME_MAX, NAME_OFLOW (one past), NAME_MIN, NAME_UFLOW, the floats' shortest
# round-tripping digits. This one is written here, for x86_64 glibc's types.
cat >"$out/getlimits.c" <<'EOF'
#include <float.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
/* A decimal string's absolute value plus one ("-128" gives "-129"). */
static void next(const char *name, const char *suffix, const char *digits) {
    char buf[64];
    int neg = digits[0] == '-';
    strcpy(buf + 1, digits + neg);
    int i = strlen(buf + 1);
    while (i > 0 && buf[i] == '9') buf[i--] = '0';
    if (i > 0) buf[i]++; else buf[0] = '1';
    printf("%s_%s=%s%s\n", name, suffix, neg ? "-" : "", i > 0 ? buf + 1 : buf);
}
static void u(const char *name, uintmax_t max) {
    char d[64];
    snprintf(d, sizeof d, "%ju", max);
    printf("%s_MAX=%s\n", name, d);
    next(name, "OFLOW", d);
}
static void s(const char *name, intmax_t max, intmax_t min) {
    char d[64];
    u(name, (uintmax_t) max);
    snprintf(d, sizeof d, "%jd", min);
    printf("%s_MIN=%s\n", name, d);
    next(name, "UFLOW", d);
}
static void f(const char *name, const char *which, long double v, int kind) {
    char b[80];
    for (int p = 1; p < 40; p++) {
        snprintf(b, sizeof b, "%.*Lg", p, v);
        long double back = strtold(b, NULL);
        if (kind == 0 ? (float) back == (float) v : kind == 1 ? (double) back == (double) v : back == v)
            break;
    }
    printf("%s_%s=%s\n", name, which, b);
}
int main(void) {
    s("CHAR", CHAR_MAX, CHAR_MIN); s("SCHAR", SCHAR_MAX, SCHAR_MIN); u("UCHAR", UCHAR_MAX);
    s("SHRT", SHRT_MAX, SHRT_MIN); s("INT", INT_MAX, INT_MIN); u("UINT", UINT_MAX);
    s("LONG", LONG_MAX, LONG_MIN); u("ULONG", ULONG_MAX); u("SIZE", SIZE_MAX);
    s("SSIZE", SSIZE_MAX, -SSIZE_MAX - 1); s("TIME_T", INT64_MAX, INT64_MIN);
    u("UID_T", UINT_MAX); u("GID_T", UINT_MAX); s("PID_T", INT_MAX, INT_MIN);
    s("OFF_T", INT64_MAX, INT64_MIN); s("INTMAX", INTMAX_MAX, INTMAX_MIN);
    u("UINTMAX", UINTMAX_MAX);
    f("FLT", "MIN", FLT_MIN, 0); f("FLT", "MAX", FLT_MAX, 0); f("DBL", "MIN", DBL_MIN, 1);
    f("DBL", "MAX", DBL_MAX, 1); f("LDBL", "MIN", LDBL_MIN, 2); f("LDBL", "MAX", LDBL_MAX, 2);
    return 0;
}
EOF
gcc -O -o "$out/src/getlimits" "$out/getlimits.c"
# The harness's own tools are the machine's, not the measured ones first on the tests' PATH.
timeout=$(command -v timeout)

files_pass=0 files_fail=0 files_skip=0 cases_pass=0 cases_fail=0 perl_skip=0
for t in "${tests[@]}"; do
    cd "$out"
    mkdir -p "$out/tests/$(dirname "$t")"
    log=$out/$(echo "$t" | tr / -).log
    name=CU_TEST_NAME=tests,$(echo "tests/$t" | tr / -)
    case $t in
        *.pl | *.xpl)
            # The program a table-driven test runs ($prog; some name theirs otherwise).
            case $t in
                misc/base64.pl) need="base32 base64" ;;
                misc/head-elide-tail.pl) need=head ;;
                misc/invalid-opt.pl) need= ;;
                misc/tty-eof.pl) need=cat ;;
                rm/fail-eperm.xpl) need=rm ;;
                *) need=$(grep -oE "^my \\\$prog *= *['\"][^'\"]+" "$src/tests/$t" | head -1 | sed "s/.*['\"]//") ;;
            esac
            missing=
            for p in $need; do [[ $built == *" $p "* ]] || missing=$p; done
            if [ -n "$missing" ]; then
                perl_skip=$((perl_skip + 1))
                echo "SKIP $t ($missing: not in toolsh)"
                continue
            fi
            # Coreutils.pm names each case as it starts (VERBOSE) and each failure.
            (
                . "$src/tests/lang-default"
                . "$src/tests/envvar-check"
                env "${run_env[@]}" "$name" VERBOSE=yes "$timeout" 300 perl -w -I"$src/tests" \
                    -MCuSkip -MCoreutils -M"CuTmpdir qw(tests/$t)" "$src/tests/$t"
            ) >"$log" 2>&1 </dev/null || true
            base=$(basename "$t")
            all=$(grep -cE '^[^ ]+\.\.\.$' "$log" || true)
            failed=$({ grep -oE "^$base: test [^ :]+" "$log" || true; } | sort -u | sed "s|^$base: test |FAIL $t: |")
            n=$(printf '%s' "$failed" | grep -c . || true)
            cases_pass=$((cases_pass + all - n))
            cases_fail=$((cases_fail + n))
            if [ "$all" = 0 ]; then
                echo "SKIP $t (no cases ran)"
            elif [ -n "$failed" ]; then
                echo "$failed"
            else
                echo "PASS $t ($all cases)"
            fi
            ;;
        *)
            status=0
            (
                . "$src/tests/lang-default"
                . "$src/tests/envvar-check"
                env "${run_env[@]}" "$name" "$timeout" 120 bash "$src/tests/$t" 9>&2
            ) >"$log" 2>&1 </dev/null || status=$?
            case $status in
                0)
                    files_pass=$((files_pass + 1))
                    echo "PASS $t"
                    ;;
                77)
                    files_skip=$((files_skip + 1))
                    echo "SKIP $t"
                    ;;
                *)
                    files_fail=$((files_fail + 1))
                    echo "FAIL $t"
                    ;;
            esac
            ;;
    esac
done
echo "shell tests: $files_pass passed, $files_fail failed, $files_skip skipped; perl cases: $cases_pass passed, $cases_fail failed ($perl_skip perl tests skipped) ($out)"
