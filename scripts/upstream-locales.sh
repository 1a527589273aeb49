#!/usr/bin/env bash
# Compiles the locales upstream test suites ask for (en_US.UTF-8 and a few others) into
# target/upstream/locale, unless there already, and prints that directory: a suite exports it
# as LOCPATH, so its tests find the locales without the host's being changed. A locale
# localedef cannot make (its definition is not installed) is left out, and the tests that
# need it skip themselves. Used by scripts/sed-suite.sh and scripts/grep-suite.sh.
#
#     LOCPATH=$(scripts/upstream-locales.sh)
set -euo pipefail
cd "$(dirname "$0")/.."
dir=$PWD/target/upstream/locale
mkdir -p "$dir"
# NAME INPUT CHARSET; a name's codeset as glibc normalizes it (en_US.UTF-8 is found as en_US.utf8).
while read -r name input charset; do
    [ -d "$dir/$name" ] || localedef -i "$input" -f "$charset" "$dir/$name" >/dev/null 2>&1 || true
done <<'EOF'
en_US.utf8 en_US UTF-8
ru_RU.utf8 ru_RU UTF-8
ru_RU.koi8r ru_RU KOI8-R
fr_FR.iso88591 fr_FR ISO-8859-1
fr_FR.utf8 fr_FR UTF-8
de_DE.utf8 de_DE UTF-8
cs_CZ.utf8 cs_CZ UTF-8
el_GR.iso88597 el_GR ISO-8859-7
ja_JP.eucjp ja_JP EUC-JP
ja_JP.sjis ja_JP SHIFT_JIS
tr_TR.utf8 tr_TR UTF-8
zh_CN zh_CN GB2312
EOF
echo "$dir"
