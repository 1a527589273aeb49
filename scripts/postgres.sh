#!/usr/bin/env bash
# A private PostgreSQL cluster for the store's tests and for trying a shared store by hand:
# initdb in a directory of its own, the server on a loopback port with its socket beside it,
# stopped by `stop`. Nothing of the host's PostgreSQL (its clusters, its service) is touched.
#   scripts/postgres.sh start DIR [PORT]   starts the cluster in DIR (made if missing; under
#                                          /tmp, not in a private directory, when run as root) and
#                                          prints its address: postgres://toolsh@127.0.0.1:PORT/toolsh
#                                          ?sslmode=verify-full&sslrootcert=DIR/ca.crt
#   scripts/postgres.sh stop DIR           stops it
# The server speaks TLS only, with a certificate for 127.0.0.1 from a CA of its own (DIR/ca.crt);
# psql here uses the Unix socket beside it.
# The server refuses to run as root, so as root it runs as the `postgres` user the
# distribution's package creates.
set -euo pipefail
ACTION="${1:-}"
DIR="${2:-}"
PORT="${3:-55432}"
if [ -z "$ACTION" ] || [ -z "$DIR" ]; then
  echo "usage: $0 start|stop DIR [PORT]" >&2
  exit 2
fi
BIN="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1 || true)"
if [ -z "$BIN" ] && command -v pg_ctl >/dev/null 2>&1; then
  BIN="$(dirname "$(command -v pg_ctl)")"
fi
if [ -z "$BIN" ]; then
  echo "$0: PostgreSQL's server programs (initdb, pg_ctl) are not installed" >&2
  exit 1
fi
# The server's user may not enter the caller's directory.
DIR="$(realpath -m "$DIR")"
cd /
as_owner() {
  if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}
case "$ACTION" in
  start)
    mkdir -p "$DIR"
    [ "$(id -u)" -ne 0 ] || chown postgres "$DIR"
    if [ ! -f "$DIR/data/PG_VERSION" ]; then
      as_owner "$BIN/initdb" -D "$DIR/data" -U postgres -A trust -E UTF8 --locale=C.UTF-8 >"$DIR/initdb.log" 2>&1 \
        || { cat "$DIR/initdb.log" >&2; exit 1; }
      # TCP only with TLS: every connection of the tests is encrypted.
      sed -i 's/^host /hostssl /' "$DIR/data/pg_hba.conf"
      (
        cd "$DIR"
        openssl req -x509 -newkey rsa:2048 -nodes -days 3650 -subj "/CN=toolsh test CA" \
          -keyout ca.key -out ca.crt
        openssl req -newkey rsa:2048 -nodes -subj "/CN=127.0.0.1" -keyout server.key -out server.csr
        printf 'subjectAltName=IP:127.0.0.1,DNS:localhost\n' >server.ext
        openssl x509 -req -in server.csr -CA ca.crt -CAkey ca.key -CAcreateserial -days 3650 \
          -extfile server.ext -out server.crt
      ) >"$DIR/openssl.log" 2>&1 || { cat "$DIR/openssl.log" >&2; exit 1; }
      chmod 600 "$DIR/server.key"
      [ "$(id -u)" -ne 0 ] || chown postgres "$DIR/server.key" "$DIR/server.crt"
    fi
    as_owner "$BIN/pg_ctl" -D "$DIR/data" -l "$DIR/server.log" -w -t 30 \
      -o "-p $PORT -k $DIR -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200 -c ssl=on \
          -c ssl_cert_file=$DIR/server.crt -c ssl_key_file=$DIR/server.key" start >/dev/null \
      || { cat "$DIR/server.log" >&2; exit 1; }
    psql() { as_owner "$BIN/psql" -h "$DIR" -p "$PORT" -U postgres -v ON_ERROR_STOP=1 -qtA "$@"; }
    if [ -z "$(psql -d postgres -c "SELECT 1 FROM pg_roles WHERE rolname = 'toolsh'")" ]; then
      psql -d postgres -c "CREATE ROLE toolsh LOGIN CREATEDB"
      psql -d postgres -c "CREATE DATABASE toolsh OWNER toolsh"
    fi
    echo "postgres://toolsh@127.0.0.1:$PORT/toolsh?sslmode=verify-full&sslrootcert=$DIR/ca.crt"
    ;;
  stop)
    [ -f "$DIR/data/postmaster.pid" ] && as_owner "$BIN/pg_ctl" -D "$DIR/data" -m fast -w stop >/dev/null
    ;;
  *)
    echo "usage: $0 start|stop DIR [PORT]" >&2
    exit 2
    ;;
esac
