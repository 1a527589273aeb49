"""Protocol negotiation over raw JSON-RPC: clients on the current and the previous revisions
get their own revision back and a working `shell` tool; garbage gets a JSON-RPC error and the
server stays up.

Usage: python3 tests/mcp/negotiate.py TOOLSH WORKDIR   (run by tests/it/mcp.rs)
"""
import json
import os
import subprocess
import sys

toolsh, workdir = sys.argv[1], sys.argv[2]

for version in ["2025-11-25", "2025-06-18", "2025-03-26"]:
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
          "params": {"protocolVersion": version, "capabilities": {}, "clientInfo": {"name": "t", "version": "0"}}})
    answer = reply(1)["result"]
    assert answer["protocolVersion"] == version, (version, answer["protocolVersion"])
    assert answer["serverInfo"]["name"] == "toolsh", answer
    send({"jsonrpc": "2.0", "method": "notifications/initialized"})
    send({"jsonrpc": "2.0", "id": 2, "method": "tools/list", "params": {}})
    tools = reply(2)["result"]["tools"]
    assert [t["name"] for t in tools] == ["shell"], tools
    send({"jsonrpc": "2.0", "id": 3, "method": "tools/call", "params": {"name": "nope", "arguments": {}}})
    assert "error" in reply(3), "an unknown tool is a JSON-RPC error"
    send({"jsonrpc": "2.0", "id": 4, "method": "tools/call", "params": {"name": "shell", "arguments": {}}})
    assert "error" in reply(4), "a missing command is a JSON-RPC error"
    send({"jsonrpc": "2.0", "id": 5, "method": "tools/call", "params": {"name": "shell", "arguments": {"command": "false"}}})
    result = reply(5)["result"]
    assert result["isError"] is True and result["content"][0]["text"] == "[exit 1]", result
    proc.stdin.close()
    proc.wait()
print("ok")
