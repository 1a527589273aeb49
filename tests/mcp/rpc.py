"""A raw JSON-RPC line client for `toolsh mcp`, shared by the protocol-level test scripts."""
import json
import os
import subprocess


class Server:
    """One `toolsh mcp --root WORKDIR [EXTRA…]` process spoken to line by line."""

    def __init__(self, toolsh, workdir, *extra):
        self.proc = subprocess.Popen([toolsh, "mcp", "--root", workdir, *extra], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, env={"PATH": os.environ.get("PATH", ""), "HOME": os.environ.get("HOME", "")})

    def send(self, message):
        self.proc.stdin.write((json.dumps({"jsonrpc": "2.0", **message}) + "\n").encode())
        self.proc.stdin.flush()

    def next(self):
        return json.loads(self.proc.stdout.readline())

    def reply(self, wanted):
        """The response to request `wanted`, skipping notifications."""
        while True:
            message = self.next()
            if message.get("id") == wanted:
                return message

    def initialize(self, version="2025-06-18"):
        self.send({"id": 0, "method": "initialize",
                   "params": {"protocolVersion": version, "capabilities": {}, "clientInfo": {"name": "t", "version": "0"}}})
        answer = self.reply(0)
        self.send({"method": "notifications/initialized"})
        return answer

    def close(self):
        self.proc.stdin.close()
        self.proc.wait()
