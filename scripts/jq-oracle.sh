#!/usr/bin/env bash
# Builds the jq oracle: jq 1.8 from the sources PyPI's `jq` package ships (its sdist bundles
# jq's release tarball), into target/oracle/bin/jq. The distribution's jq is 1.6, and jq 1.7+
# is what toolsh's jq answers as. scripts/compat.sh puts target/oracle/bin first on bash's
# PATH when it is there, so the jq cases are recorded from it; scripts/jq-suite.py measures
# against it. jq's own test files (tests/*.test, and tests/modules for their imports) are
# kept in target/oracle/tests for scripts/jq-suite.py to read. Needs gcc and make; takes
# about a minute on two cores.
set -euo pipefail
cd "$(dirname "$0")/.."
out="$PWD/target/oracle"
if [ -x "$out/bin/jq" ]; then "$out/bin/jq" --version; exit 0; fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# Only jq itself as source: `:all:` would build its build tools (Cython) from source too.
python3 -m pip download --quiet --no-deps --no-binary jq --dest "$work" 'jq==1.13.0'
tar -xzf "$work"/jq-1.13.0.tar.gz -C "$work"
tar -xzf "$work"/jq-1.13.0/deps/jq-*.tar.gz -C "$work"
cd "$work"/jq-1.8.*
./configure --quiet --with-oniguruma=builtin --disable-docs --disable-maintainer-mode --disable-shared --prefix="$out" >/dev/null
make -j"$(nproc)" >/dev/null 2>&1
make install >/dev/null 2>&1
mkdir -p "$out/tests"
cp -r tests/*.test tests/modules "$out/tests/"
"$out/bin/jq" --version
