#!/usr/bin/env bash
# The Python package's suite: builds the wheel with maturin (the workspace's debug build, so it
# shares what `cargo test` compiled), installs it into a fresh venv beside the build, and runs
# bindings/python/tests with pytest. The tools come from target/py-tools, which .ci/run makes
# (maturin, pytest, and the agent frameworks the adapter tests drive); run from anywhere.
set -euo pipefail
cd "$(dirname "$0")/.."
tools=target/py-tools
if [ ! -x "$tools/bin/maturin" ]; then
  echo "scripts/python.sh: $tools has no maturin; .ci/run makes it (python3 -m venv $tools && $tools/bin/pip install maturin pytest …)" >&2
  exit 1
fi
rm -rf target/wheels target/py-test
# The wheel carries the host programs' launcher (a small program of its own, started once per
# declared program), built here as cargo builds it for the toolsh binary.
cargo build --quiet --locked --bin toolsh-launch
mkdir -p bindings/python/python/toolsh/_bin
cp target/debug/toolsh-launch bindings/python/python/toolsh/_bin/toolsh-launch
"$tools/bin/maturin" build --quiet --locked -m bindings/python/Cargo.toml --out target/wheels
# A fresh venv that sees the frameworks installed beside maturin (site packages of the tools
# venv), and nothing of the source tree: the wheel is what is tested.
python3 -m venv target/py-test
site=$("$tools/bin/python" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')
test_site=$(target/py-test/bin/python -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')
echo "$site" > "$test_site/py-tools.pth"
target/py-test/bin/python -m pip install --quiet --no-index --no-deps target/wheels/toolsh-*.whl
# Each test makes its own workspace and store; HOME is the run's own so nothing of the user's
# state is read or written; TOOLSH_REPO is where the tests find the repository's MCP servers.
home=$(mktemp -d)
trap 'rm -rf "$home"' EXIT
(cd "$home" && HOME="$home" TOOLSH_REPO="$OLDPWD" "$OLDPWD/target/py-test/bin/python" -m pytest -q -p no:cacheprovider "$OLDPWD/bindings/python/tests")
