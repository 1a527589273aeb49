"""Drives `toolsh mcp` with the official Python MCP SDK and checks the `shell` tool end to end.

Usage: python3 tests/mcp/client.py TOOLSH WORKDIR   (run by tests/it/mcp.rs)
"""
import asyncio
import os
import re
import sys

from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client


def check(condition, message):
    if not condition:
        raise AssertionError(message)


async def main(toolsh, workdir):
    params = StdioServerParameters(
        command=toolsh,
        args=["mcp", "--root", workdir, "--deny", "fs.delete"],
        env={"PATH": os.environ.get("PATH", ""), "HOME": os.environ.get("HOME", "")},
    )
    async with stdio_client(params) as (read, write):
        async with ClientSession(read, write) as session:
            await session.initialize()
            tools = (await session.list_tools()).tools
            check([t.name for t in tools] == ["shell"], f"exactly one tool: {[t.name for t in tools]}")
            check("help" in tools[0].description and "fs.read" in tools[0].description, "the description has the guide and index")

            async def shell(command, **extra):
                result = await session.call_tool("shell", {"command": command, **extra})
                return result.content[0].text, getattr(result, "is_error", None) if hasattr(result, "is_error") else result.isError

            text, error = await shell("printf 'b\\na\\nb\\n' | sort | uniq -c | sort -rn")
            check(text == "      2 b\n      1 a\n[exit 0]" and not error, f"pipeline: {text!r}")

            await shell("x=41; cd /tmp; f() { echo \"f:$1\"; }")
            text, _ = await shell("echo $((x + 1)) $PWD; f y")
            check(text == "42 /tmp\nf:y\n[exit 0]", f"state persists: {text!r}")

            text, error = await shell("cd " + workdir + "; grep nothing-here /dev/null")
            check(error and text.endswith("[exit 1]"), f"failure: {text!r} {error}")

            text, error = await shell("echo made > made.txt; rm made.txt")
            check(error and "[exit 126]" in text and "nothing was executed" in text, f"blocked: {text!r}")
            check(not os.path.exists(os.path.join(workdir, "made.txt")), "a blocked line runs nothing")

            text, error = await shell("ecoh hi")
            check(error and "[exit 127]" in text and "did you mean: echo" in text, f"unknown: {text!r}")

            text, _ = await shell("seq 1 100000")
            # The cut is marked where it is: the line before it and the line after it are the
            # last kept of the head and the first of the tail, and it counts the lines between.
            lines = text.split("\n")
            at = next((i for i, line in enumerate(lines) if line.startswith("[truncated: ")), 0)
            mark = re.fullmatch(r"\[truncated: ([\d,]+) lines \([\d,]+ chars\) cut here; all of it: (\S+)\]", lines[at])
            check(mark is not None and lines[at - 1] == str(at) and lines[-2:] == ["100000", "[exit 0]"]
                  and int(mark[1].replace(",", "")) == int(lines[at + 1]) - at - 1, f"cut: {lines[at - 1:at + 2]!r}")
            spill = mark[2] if mark else ""
            again, _ = await shell(f"sed -n '99999p' {spill}; wc -l < {spill}")
            check(again == "99999\n100000\n[exit 0]", f"spill readable: {again!r}")

            text, error = await shell("sleep 5; echo late", timeout_ms=300, on_timeout="stop")
            check(error and "[exit 124]" in text and "late" not in text, f"timeout: {text!r}")

            # Past its time a line goes on as a job by default; a later call collects it.
            text, error = await shell("echo early; sleep 0.6; echo late", timeout_ms=300)
            check(not error and "early" in text and "late" not in text and "still running as job %1" in text
                  and text.endswith("[exit 148]"), f"promoted: {text!r}")
            text, _ = await shell("wait %1; echo \"status $?\"; cat /tmp/.jobs/1.log")
            check(text == "status 0\nearly\nlate\n[exit 0]", f"collected: {text!r}")

            text, _ = await shell("echo still here")
            check(text == "still here\n[exit 0]", f"after a timeout: {text!r}")
    print("ok")


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], sys.argv[2]))
