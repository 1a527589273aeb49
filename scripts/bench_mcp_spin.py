#!/usr/bin/env python3
"""How much busy sessions slow another session of `toolsh mcp --http`.

Usage: scripts/bench_mcp_spin.py [TOOLSH] [SPINNERS] [CALLS]   (default target/release/toolsh, 2, 300)
Measures the latency of `echo hi` calls in one session, first alone, then while SPINNERS other
sessions each run `while :; do :; done` (and then `yes > /dev/null`) under a 3 s `timeout_ms`
again and again, and prints p50/p99 of both runs and the difference. Also checks that every
spinning call came back at its deadline (the time it took, as a ratio of the deadline).
Raw HTTP, no SDK in the way.
"""
import http.client
import statistics
import subprocess
import sys
import tempfile
import threading
import time

from mcp_http import post

toolsh = sys.argv[1] if len(sys.argv) > 1 else "target/release/toolsh"
spinners = int(sys.argv[2]) if len(sys.argv) > 2 else 2
calls = int(sys.argv[3]) if len(sys.argv) > 3 else 300
work = tempfile.mkdtemp()
server = subprocess.Popen([toolsh, "mcp", "--http", "127.0.0.1:0", "--root", work, "--store", f"{work}/.store.db"],
                          stderr=subprocess.PIPE, text=True)
host, port = server.stderr.readline().split()[-1].removeprefix("http://").removesuffix("/mcp").split(":")


def open_session():
    conn = http.client.HTTPConnection(host, int(port), timeout=60)
    session, _ = post(conn, {"id": 1, "method": "initialize", "params": {
        "protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "bench", "version": "0"}}})
    post(conn, {"method": "notifications/initialized"}, session)
    return conn, session


def call(conn, session, command, timeout_ms=None):
    arguments = {"command": command}
    if timeout_ms:
        arguments["timeout_ms"] = timeout_ms
    started = time.perf_counter()
    _, body = post(conn, {"id": 2, "method": "tools/call", "params": {"name": "shell", "arguments": arguments}}, session)
    return time.perf_counter() - started, body


def latencies(conn, session):
    out = []
    for _ in range(calls):
        took, body = call(conn, session, "echo hi")
        if "hi" not in body:
            raise SystemExit(f"unexpected answer {body[:200]!r}")
        out.append(took * 1000)
    out.sort()
    return statistics.median(out), out[int(len(out) * 0.99) - 1]


conn, session = open_session()
call(conn, session, "echo warm")
alone = latencies(conn, session)
stop = threading.Event()
overruns = []


def spin(n):
    c, s = open_session()
    line = "while :; do :; done" if n % 2 == 0 else "yes > /dev/null"
    while not stop.is_set():
        took, _ = call(c, s, line, timeout_ms=3000)
        overruns.append(took / 3.0)


threads = [threading.Thread(target=spin, args=(n,), daemon=True) for n in range(spinners)]
for t in threads:
    t.start()
time.sleep(0.5)
loaded = latencies(conn, session)
stop.set()
for t in threads:
    t.join(timeout=10)
server.terminate()
print(f"echo alone:                 p50 {alone[0]:.2f} ms  p99 {alone[1]:.2f} ms")
print(f"echo beside {spinners} spinning sessions: p50 {loaded[0]:.2f} ms  p99 {loaded[1]:.2f} ms")
print(f"p99 raised by {loaded[1] - alone[1]:.2f} ms")
if overruns:
    print(f"spinning calls: {len(overruns)}, time/deadline max {max(overruns):.3f}, median {statistics.median(overruns):.3f}")
