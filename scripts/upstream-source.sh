#!/usr/bin/env bash
# Fetches the distribution's source package PACKAGE (apt-get source, enabling the deb-src
# lines once) and unpacks its upstream tarball into target/upstream/PACKAGE, unless it is
# there already. Used by the scripts that measure toolsh against upstream suites
# (scripts/bash-suite.sh, scripts/awk-suite.sh, scripts/sed-suite.sh,
# scripts/grep-suite.sh).
#
#     scripts/upstream-source.sh PACKAGE
set -euo pipefail
cd "$(dirname "$0")/.."
package=$1
up=$PWD/target/upstream
[ -d "$up/$package" ] && exit 0
mkdir -p "$up"
if ! grep -rqs '^Types: deb-src' /etc/apt/sources.list.d/; then
    sed 's/^Types: deb$/Types: deb-src/' /etc/apt/sources.list.d/debian.sources \
        >/etc/apt/sources.list.d/toolsh-src.sources
    apt-get update -qq
fi
(cd "$up" && apt-get source --download-only "$package" >/dev/null 2>&1)
# The upstream tarball, not its signature (grep's source package carries a .asc beside it).
for tarball in "$up/${package}"_*.orig.tar.*; do
    case $tarball in *.asc | *.sig) ;; *) tar -xf "$tarball" -C "$up" ;; esac
done
mv "$up/$package"-[0-9]* "$up/$package"
