#!/usr/bin/env bash
# Differential suite against bash: one test per case of tests/compat/*.sh.
#   scripts/compat.sh               check toolsh against the recorded bash results
#   scripts/compat.sh --bless       re-record expectations from this machine's /bin/bash (and
#                                   jq from target/oracle/bin, built by scripts/jq-oracle.sh)
#   scripts/compat.sh --live        also run bash now and report drift from the recordings
#   scripts/compat.sh --only X      only cases whose `area::name` contains X (--bless --only AREA
#                                   re-records that one file)
set -euo pipefail
cd "$(dirname "$0")/.."
filter=()
while [ $# -gt 0 ]; do
  case "$1" in
    --bless) export TOOLSH_BLESS=1 ;;
    --live) export TOOLSH_COMPAT_LIVE=1 ;;
    --only) shift; export TOOLSH_COMPAT_ONLY="$1"; filter=("$1") ;;
    *) echo "usage: $0 [--bless|--live] [--only NAME]" >&2; exit 2 ;;
  esac
  shift
done
# The jq cases are recorded from jq 1.7+ (scripts/jq-oracle.sh builds it).
if [ -x target/oracle/bin/jq ]; then export TOOLSH_ORACLE_PATH="$PWD/target/oracle/bin"; fi
exec cargo test --quiet --test compat -- "${filter[@]}"
