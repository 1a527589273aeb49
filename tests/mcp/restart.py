"""A session survives its server: `toolsh serve --http` with a store is killed and started
again on the same address, and the client's next call, with its old `Mcp-Session-Id`, finds
its variables, cwd, functions and /tmp as it left them; a session its client ended (DELETE)
is not kept. Raw Streamable HTTP, so the session id is the client's to keep.

Usage: python3 tests/mcp/restart.py TOOLSH WORKDIR   (run by tests/it/mcp.rs)
"""
import http.client
import json
import os
import signal
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scripts"))
import mcp_http  # noqa: E402  (the raw requests the benchmarks send too)


def check(condition, message):
    if not condition:
        raise AssertionError(message)


def post(port, message, session=None):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=20)
    status, session, body = mcp_http.post_status(conn, message, session)
    conn.close()
    # An answer comes as JSON or as server-sent events whose data lines hold it.
    answers = [json.loads(line[5:]) for line in body.splitlines() if line.startswith("data:") and line[5:].strip()]
    if not answers and body.strip().startswith("{"):
        answers = [json.loads(body)]
    return status, session, answers


def shell(port, session, number, command):
    status, _, answers = post(port, {"id": number, "method": "tools/call",
                                     "params": {"name": "shell", "arguments": {"command": command}}}, session)
    check(status == 200, f"call answered: {status} {answers}")
    result = [a for a in answers if a.get("id") == number][0]["result"]
    return result["content"][0]["text"]


def start(toolsh, workdir, store, address):
    server = subprocess.Popen(
        [toolsh, "serve", "--http", address, "--root", workdir, "--store", store],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    line = server.stderr.readline()
    check("serving MCP on http://127.0.0.1:" in line, f"announces its address: {line!r}")
    return server, int(line.split(":")[-1].split("/")[0])


def open_session(port):
    status, session, _ = post(port, {"id": 1, "method": "initialize", "params": {
        "protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "restart", "version": "1"}}})
    check(status == 200 and session, f"a session: {status} {session}")
    post(port, {"method": "notifications/initialized"}, session)
    return session


def main(toolsh, workdir):
    store = os.path.join(workdir, "state.db")
    server, port = start(toolsh, workdir, store, "127.0.0.1:0")
    try:
        kept = open_session(port)
        text = shell(port, kept, 2, "n=41; mkdir -p sub; cd sub; greet() { echo \"hi $1\"; }; echo note > /tmp/note")
        check(text == "[exit 0]", f"set up: {text!r}")
        ended = open_session(port)
        shell(port, ended, 3, "gone=1")
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=20)
        conn.request("DELETE", "/mcp", headers={"Mcp-Session-Id": ended, "MCP-Protocol-Version": "2025-11-25"})
        conn.getresponse().read()
    finally:
        server.send_signal(signal.SIGKILL)
        server.wait()

    server, again = start(toolsh, workdir, store, f"127.0.0.1:{port}")
    try:
        check(again == port, "the same address")
        text = shell(port, kept, 4, "echo $((n + 1)) ${PWD##*/} $(cat /tmp/note); greet you")
        check(text == "42 sub note\nhi you\n[exit 0]", f"the session as it was left: {text!r}")
        status, _, _ = post(port, {"id": 5, "method": "tools/call",
                                   "params": {"name": "shell", "arguments": {"command": "echo ${gone-none}"}}}, ended)
        check(status == 404, f"a session its client ended is not restored: {status}")
    finally:
        server.send_signal(signal.SIGKILL)
        server.wait()
    print("ok")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
