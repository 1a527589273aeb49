"""Protocol negotiation over raw JSON-RPC: clients on the current and the previous revisions
get their own revision back and a working `shell` tool; an unknown tool gets a JSON-RPC error,
a call without a command a result the model can read.

Usage: python3 tests/mcp/negotiate.py TOOLSH WORKDIR   (run by tests/it/mcp.rs)
"""
import sys

from rpc import Server

toolsh, workdir = sys.argv[1], sys.argv[2]
for version in ["2025-11-25", "2025-06-18", "2025-03-26"]:
    server = Server(toolsh, workdir)
    answer = server.initialize(version)["result"]
    assert answer["protocolVersion"] == version, (version, answer["protocolVersion"])
    assert answer["serverInfo"]["name"] == "toolsh", answer
    server.send({"id": 2, "method": "tools/list", "params": {}})
    tools = server.reply(2)["result"]["tools"]
    assert [t["name"] for t in tools] == ["shell"], tools
    server.send({"id": 3, "method": "tools/call", "params": {"name": "nope", "arguments": {}}})
    assert "error" in server.reply(3), "an unknown tool is a JSON-RPC error"
    server.send({"id": 4, "method": "tools/call", "params": {"name": "shell", "arguments": {}}})
    result = server.reply(4)["result"]
    assert result["isError"] is True and "`command` is required" in result["content"][0]["text"], result
    server.send({"id": 5, "method": "tools/call", "params": {"name": "shell", "arguments": {"command": "false"}}})
    result = server.reply(5)["result"]
    assert result["isError"] is True and result["content"][0]["text"] == "[exit 1]", result
    server.close()
print("ok")
