#!/usr/bin/env bash
# Everything CI checks, in order. Run from anywhere: scripts/ci.sh
set -euo pipefail
cd "$(dirname "$0")/.."
echo "== fmt";    cargo fmt --all --check
echo "== clippy"; cargo clippy --all-targets --locked -- -D warnings
# The engine alone (what an embedder builds with default-features = false), and each front door.
echo "== engine without features"; cargo clippy --lib --no-default-features --locked -- -D warnings
echo "== test";   cargo test --locked
echo "== doc";    RUSTDOCFLAGS="-D warnings" cargo doc --no-deps --locked --quiet
echo "== fuzz targets build"; cargo check --quiet --locked -p toolsh-fuzz
# The Python package: its native module linted as the rest, then built into a wheel and tested
# from a fresh venv (scripts/python.sh).
echo "== python"; cargo clippy --locked -p toolsh-python -- -D warnings && scripts/python.sh
# The npm package: its addon linted, then packed, installed into a fresh directory and tested
# (scripts/node.sh).
echo "== node"; cargo clippy --locked -p toolsh-node -- -D warnings && scripts/node.sh
echo "== clean tree"
if [ -n "$(git status --porcelain --untracked-files=no)" ]; then
  git status --porcelain --untracked-files=no
  echo "tests changed tracked files" >&2
  exit 1
fi
