#!/usr/bin/env python3
"""Round-trip latency of `shell` calls over stdio MCP (raw JSON-RPC, no SDK in the way).

Usage: scripts/bench_mcp.py [TOOLSH] [CALLS]   (default target/release/toolsh, 500 calls)
Prints p50 and p99 for `echo hi` and for `cat f | grep x | wc -l` on a small file.
"""
import json
import os
import subprocess
import sys
import tempfile
import time

toolsh = sys.argv[1] if len(sys.argv) > 1 else "target/release/toolsh"
calls = int(sys.argv[2]) if len(sys.argv) > 2 else 500
work = tempfile.mkdtemp()
with open(os.path.join(work, "f"), "w") as f:
    f.write("".join(f"line {i} {'x' if i % 3 == 0 else 'y'}\n" for i in range(200)))

proc = subprocess.Popen([toolsh, "mcp", "--root", work], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                        env={"PATH": os.environ.get("PATH", "")})
next_id = 0


def request(method, params):
    global next_id
    next_id += 1
    proc.stdin.write((json.dumps({"jsonrpc": "2.0", "id": next_id, "method": method, "params": params}) + "\n").encode())
    proc.stdin.flush()
    while True:
        message = json.loads(proc.stdout.readline())
        if message.get("id") == next_id:
            return message


request("initialize", {"protocolVersion": "2025-06-18", "capabilities": {},
                       "clientInfo": {"name": "bench", "version": "0"}})
proc.stdin.write(b'{"jsonrpc":"2.0","method":"notifications/initialized"}\n')
proc.stdin.flush()

for command in ["echo hi", "cat f | grep x | wc -l"]:
    times = []
    for _ in range(calls):
        start = time.perf_counter()
        reply = request("tools/call", {"name": "shell", "arguments": {"command": command}})
        times.append((time.perf_counter() - start) * 1000)
        assert "[exit 0]" in reply["result"]["content"][0]["text"], reply
    times.sort()
    p50, p99 = times[len(times) // 2], times[int(len(times) * 0.99) - 1]
    print(f"{command:<28} p50 {p50:6.3f} ms   p99 {p99:6.3f} ms   ({calls} calls; target p50 <= 1 ms)")
proc.stdin.close()
proc.wait()
