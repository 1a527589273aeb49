#!/usr/bin/env bash
# A private S3-compatible server for the object-storage tests and for trying a bucket mount by
# hand: moto's server mode (PyPI's `moto[server]`) on a loopback port, with the bucket `toolsh`
# made, stopped by `stop`. It keeps objects in memory and accepts any credentials.
#   scripts/s3.sh start DIR [PORT]   starts it (its pid and log in DIR) and prints its endpoint:
#                                    http://127.0.0.1:PORT
#   scripts/s3.sh stop DIR           stops it
set -euo pipefail
ACTION="${1:-}"
DIR="${2:-}"
PORT="${3:-55490}"
if [ -z "$ACTION" ] || [ -z "$DIR" ]; then
  echo "usage: $0 start|stop DIR [PORT]" >&2
  exit 2
fi
case "$ACTION" in
  start)
    command -v moto_server >/dev/null 2>&1 || { echo "$0: moto_server is not installed (pip install 'moto[server]')" >&2; exit 1; }
    mkdir -p "$DIR"
    moto_server -H 127.0.0.1 -p "$PORT" >"$DIR/server.log" 2>&1 &
    echo $! >"$DIR/pid"
    for _ in $(seq 100); do
      if curl -s -o /dev/null "http://127.0.0.1:$PORT/"; then
        curl -s -f -o /dev/null -X PUT "http://127.0.0.1:$PORT/toolsh" || { echo "$0: cannot make the bucket" >&2; exit 1; }
        echo "http://127.0.0.1:$PORT"
        exit 0
      fi
      sleep 0.1
    done
    cat "$DIR/server.log" >&2
    exit 1
    ;;
  stop)
    [ -f "$DIR/pid" ] && kill "$(cat "$DIR/pid")" 2>/dev/null || true
    rm -f "$DIR/pid"
    ;;
  *)
    echo "usage: $0 start|stop DIR [PORT]" >&2
    exit 2
    ;;
esac
