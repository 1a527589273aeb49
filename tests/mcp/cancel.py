"""Cancellation and progress over raw JSON-RPC: `notifications/cancelled` stops the running line
(what ran before stays, what follows never runs) and the session answers the next call; a call
with a progress token gets `notifications/progress` while it runs.

Usage: python3 tests/mcp/cancel.py TOOLSH WORKDIR   (run by tests/it/mcp.rs)
"""
import json
import os
import subprocess
import sys
import time

toolsh, workdir = sys.argv[1], sys.argv[2]
proc = subprocess.Popen([toolsh, "mcp", "--root", workdir], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                        env={"PATH": os.environ.get("PATH", "")})


def send(message):
    proc.stdin.write((json.dumps(message) + "\n").encode())
    proc.stdin.flush()


def reply(wanted):
    while True:
        message = json.loads(proc.stdout.readline())
        if message.get("id") == wanted:
            return message


send({"jsonrpc": "2.0", "id": 1, "method": "initialize",
      "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "t", "version": "0"}}})
reply(1)
send({"jsonrpc": "2.0", "method": "notifications/initialized"})
send({"jsonrpc": "2.0", "id": 2, "method": "tools/call",
      "params": {"name": "shell", "arguments": {"command": "echo before > a.txt; sleep 3; echo after > b.txt"}}})
time.sleep(0.5)
send({"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": 2, "reason": "test"}})
send({"jsonrpc": "2.0", "id": 3, "method": "tools/call", "params": {"name": "shell", "arguments": {"command": "cat a.txt"}}})
started = time.time()
answer = reply(3)
waited = time.time() - started
text = answer["result"]["content"][0]["text"]
assert text == "before\n[exit 0]", text
assert waited < 2.0, f"the cancelled line kept the session busy for {waited:.1f}s"
time.sleep(3)
assert not os.path.exists(os.path.join(workdir, "b.txt")), "the cancelled line went on running"
send({"jsonrpc": "2.0", "id": 4, "method": "tools/call",
      "params": {"name": "shell", "arguments": {"command": "echo hi; sleep 2.5; echo done"}, "_meta": {"progressToken": "p1"}}})
notes = []
while True:
    message = json.loads(proc.stdout.readline())
    if message.get("method") == "notifications/progress":
        notes.append(message["params"])
    elif message.get("id") == 4:
        break
assert message["result"]["content"][0]["text"] == "hi\ndone\n[exit 0]", message
assert len(notes) >= 2 and all(n["progressToken"] == "p1" for n in notes), notes
assert all(a["progress"] < b["progress"] for a, b in zip(notes, notes[1:])), notes
proc.stdin.close()
proc.wait()
print("ok")
