#!/usr/bin/env bash
# The npm package's suite: builds the addon and the host programs' launcher (the workspace's
# debug build, sharing what `cargo test` compiled), packs bindings/node with `npm pack`, installs
# the tarball into a fresh directory beside the AI SDK from target/node-tools (which .ci/run
# makes), and runs bindings/node/test with `node --test` on Node 22; run from anywhere.
set -euo pipefail
cd "$(dirname "$0")/.."
node=target/node22/node_modules/.bin/node
tools=target/node-tools
if [ ! -x "$node" ] || [ ! -d "$tools/node_modules/ai" ]; then
  echo "scripts/node.sh: Node 22 (target/node22) or the AI SDK ($tools) is missing; .ci/run installs them" >&2
  exit 1
fi
cargo build --quiet --locked -p toolsh-node && cargo build --quiet --locked --bin toolsh-launch
cp target/debug/libtoolsh_node.so bindings/node/toolsh.linux-x64-gnu.node
cp target/debug/toolsh-launch bindings/node/toolsh-launch
rm -rf target/npm target/node-test
mkdir -p target/npm target/node-test/test
(cd bindings/node && npm pack --silent --pack-destination ../../target/npm >/dev/null)
# A fresh directory: the AI SDK as .ci/run installed it, then the packed package.
cp -r "$tools/package.json" "$tools/node_modules" target/node-test/
(cd target/node-test && npm install --silent --offline --no-audit --no-fund ../npm/toolsh-*.tgz >/dev/null)
cp bindings/node/test/*.test.mjs target/node-test/test/
home=$(mktemp -d)
trap 'rm -rf "$home"' EXIT
(cd target/node-test && HOME="$home" PATH="$PWD/../node22/node_modules/.bin:$PATH" ../node22/node_modules/.bin/node --test test/*.test.mjs)
