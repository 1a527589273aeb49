"""Cancellation and progress over raw JSON-RPC: `notifications/cancelled` stops the running line
(what ran before stays, what follows never runs) and the session answers the next call; a call
with a progress token gets `notifications/progress` while it runs.

Usage: python3 tests/mcp/cancel.py TOOLSH WORKDIR   (run by tests/it/mcp.rs)
"""
import os
import sys
import time

from rpc import Server

toolsh, workdir = sys.argv[1], sys.argv[2]
server = Server(toolsh, workdir)
server.initialize()
server.send({"id": 2, "method": "tools/call",
             "params": {"name": "shell", "arguments": {"command": "echo before > a.txt; sleep 3; echo after > b.txt"}}})
time.sleep(0.5)
server.send({"method": "notifications/cancelled", "params": {"requestId": 2, "reason": "test"}})
server.send({"id": 3, "method": "tools/call", "params": {"name": "shell", "arguments": {"command": "cat a.txt"}}})
started = time.time()
answer = server.reply(3)
waited = time.time() - started
text = answer["result"]["content"][0]["text"]
assert text == "before\n[exit 0]", text
assert waited < 2.0, f"the cancelled line kept the session busy for {waited:.1f}s"
time.sleep(3)
assert not os.path.exists(os.path.join(workdir, "b.txt")), "the cancelled line went on running"

server.send({"id": 4, "method": "tools/call",
             "params": {"name": "shell", "arguments": {"command": "echo hi; sleep 2.5; echo done"}, "_meta": {"progressToken": "p1"}}})
notes = []
while True:
    message = server.next()
    if message.get("method") == "notifications/progress":
        notes.append(message["params"])
    elif message.get("id") == 4:
        break
assert message["result"]["content"][0]["text"] == "hi\ndone\n[exit 0]", message
assert len(notes) >= 2 and all(n["progressToken"] == "p1" for n in notes), notes
assert all(a["progress"] < b["progress"] for a, b in zip(notes, notes[1:])), notes
server.close()
print("ok")
