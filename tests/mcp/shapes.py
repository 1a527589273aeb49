"""Golden transcripts of the harness shapes (`toolsh mcp --shape NAME`): each file in
tests/mcp/transcripts/ is a list of calls, each `>>> TOOL {JSON arguments}` followed by the
exact result text toolsh must answer (then `--- error` when the result has isError). Wall
times are written as `<T>`, the workspace's path as `<WORK>`. The calls of one file run in order in one session, in a fresh
workspace holding `notes.txt` ("alpha\\nbeta\\n") and a directory `sub/`.

Usage: python3 tests/mcp/shapes.py TOOLSH WORKDIR [--bless]   (run by tests/it/mcp.rs;
--bless rewrites the answers from what toolsh says now: read the diff before committing)
"""
import json
import os
import re
import shutil
import sys
import time

from rpc import Server

HERE = os.path.dirname(os.path.abspath(__file__))
TIMES = [(re.compile(r'"duration_seconds": ?[0-9.]+'), '"duration_seconds": <T>'),
         (re.compile(r"Wall time: [0-9.]+ seconds"), "Wall time: <T> seconds"),
         (re.compile(r'"duration_ms": ?[0-9]+'), '"duration_ms": <T>')]


def parse(path):
    """[(tool, arguments, expected)] of a transcript."""
    calls, current = [], None
    for line in open(path).read().split("\n"):
        if line.startswith(">>> "):
            tool, _, arguments = line[4:].partition(" ")
            current = [tool, json.loads(arguments), []]
            calls.append(current)
        elif current is not None:
            current[2].append(line)
    return [(tool, arguments, "\n".join(lines).rstrip("\n")) for tool, arguments, lines in calls]


def answer(server, number, tool, arguments, work):
    server.send({"id": number, "method": "tools/call", "params": {"name": tool, "arguments": arguments}})
    result = server.reply(number)["result"]
    text = "\n".join(block["text"] for block in result["content"] if block["type"] == "text")
    for pattern, stand_in in TIMES:
        text = pattern.sub(stand_in, text)
    text = text.replace(work, "<WORK>")
    return text + ("\n--- error" if result.get("isError") else "")


def main(toolsh, workdir, bless):
    failures = []
    for name in sorted(os.listdir(os.path.join(HERE, "transcripts"))):
        shape = name.removesuffix(".txt")
        work = os.path.join(workdir, shape)
        os.makedirs(os.path.join(work, "sub"))
        with open(os.path.join(work, "notes.txt"), "w") as notes:
            notes.write("alpha\nbeta\n")
        path = os.path.join(HERE, "transcripts", name)
        server = Server(toolsh, work, "--shape", shape)
        server.initialize("2025-11-25")
        server.send({"id": 1, "method": "tools/list", "params": {}})
        listed = [tool["name"] for tool in server.reply(1)["result"]["tools"]]
        out = []
        for number, (tool, arguments, expected) in enumerate(parse(path), start=2):
            if tool == "sleep":  # a pause between calls (background shells)
                time.sleep(arguments["seconds"])
                got = ""
            else:
                if tool not in listed:
                    failures.append(f"{shape}: {tool} is not among the tools listed: {listed}")
                got = answer(server, number, tool, arguments, work)
            out.append(f">>> {tool} {json.dumps(arguments)}\n{got}".rstrip("\n"))
            # A transcript holds lines: the text's last line ending is not told apart.
            if got.rstrip("\n") != expected:
                failures.append(f"{shape}: {tool} {json.dumps(arguments)}\n  expected: {expected!r}\n  got:      {got!r}")
        server.close()
        if bless:
            with open(path, "w") as transcript:
                transcript.write("\n".join(out) + "\n")
    if failures and not bless:
        raise AssertionError("\n".join(failures))
    print("ok")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], "--bless" in sys.argv[3:])
