#!/usr/bin/env python3
"""Resident memory of idle Streamable HTTP sessions of `toolsh mcp --http`.

Usage: scripts/bench_mcp_sessions.py [TOOLSH] [SESSIONS]   (default target/release/toolsh, 1000)
Opens SESSIONS sessions (handshake plus one `shell` call each, which sets a variable and runs a
pipeline, so every session holds a used shell), leaves them idle, and prints the server's
resident memory before and after and the cost per session. Raw HTTP, no SDK in the way.
"""
import http.client
import os
import subprocess
import sys
import tempfile
import time

from mcp_http import post

toolsh = sys.argv[1] if len(sys.argv) > 1 else "target/release/toolsh"
sessions = int(sys.argv[2]) if len(sys.argv) > 2 else 1000
work = tempfile.mkdtemp()
server = subprocess.Popen([toolsh, "mcp", "--http", "127.0.0.1:0", "--max-sessions", str(sessions + 10),
                           "--root", work, "--store", f"{work}/.store.db"],
                          stderr=subprocess.PIPE, text=True)
host, port = server.stderr.readline().split()[-1].removeprefix("http://").removesuffix("/mcp").split(":")


def rss_kib():
    with open(f"/proc/{server.pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def open_session(conn, n):
    session, _ = post(conn, {"id": 1, "method": "initialize", "params": {
        "protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "bench", "version": "0"}}})
    post(conn, {"method": "notifications/initialized"}, session)
    _, body = post(conn, {"id": 2, "method": "tools/call", "params": {
        "name": "shell", "arguments": {"command": f"mine={n}; echo $mine | wc -c"}}}, session)
    if '[exit 0]' not in body:
        raise SystemExit(f"session {n}: unexpected answer {body[:200]!r}")


conn = http.client.HTTPConnection(host, int(port))
open_session(conn, -1)  # the first session pays for what every later one shares
time.sleep(0.2)
before = rss_kib()
started = time.perf_counter()
for n in range(sessions):
    open_session(conn, n)
elapsed = time.perf_counter() - started
time.sleep(0.5)
after = rss_kib()
server.kill()
server.wait()
per = (after - before) / sessions
print(f"{sessions} idle HTTP sessions: RSS {before / 1024:.1f} MiB -> {after / 1024:.1f} MiB, "
      f"{per:.1f} KiB per session (target <= 2048 KiB); opened in {elapsed:.2f} s "
      f"({elapsed / sessions * 1000:.2f} ms each)")
