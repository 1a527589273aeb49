"""`toolsh mcp` as a gateway to a mounted server, driven by the official Python MCP SDK: over
stdio, the `shell` tool's index names the mounted namespace and its tools run through it; over
Streamable HTTP, two sessions call the mounted server over one shared connection (the server
started once for the whole process).

Usage: python3 tests/mcp/gateway.py TOOLSH WORKDIR   (run by tests/it/mounts.rs)
"""
import asyncio
import os
import subprocess
import sys

from mcp import Client, ClientSession, StdioServerParameters, types
from mcp.client.stdio import stdio_client

HERE = os.path.dirname(os.path.abspath(__file__))


def check(condition, message):
    if not condition:
        raise AssertionError(message)


def started(marks):
    return len([name for name in os.listdir(marks) if name.startswith("started-")])


async def over_stdio(toolsh, workdir, marks):
    mount = f"m=python3 {HERE}/mounted.py {marks}"
    params = StdioServerParameters(command=toolsh, args=["mcp", "--root", workdir, "--mcp", mount],
                                   env={"PATH": os.environ["PATH"], "HOME": os.environ.get("HOME", "")})
    asked = []

    async def answer(context, params):
        asked.append(params.message)
        return types.ElicitResult(action="accept", content={"name": "Ada"})

    async with stdio_client(params) as (read, write):
        async with ClientSession(read, write, elicitation_callback=answer) as session:
            await session.initialize()
            tools = (await session.list_tools()).tools
            check([t.name for t in tools] == ["shell"], f"one tool: {tools}")
            check("m.add" in tools[0].description or "m.* (" in tools[0].description,
                  f"the index names the mounted namespace: {tools[0].description}")
            result = await session.call_tool("shell", {"command": "m.add --terms 20 --terms 22 | jq .total"})
            check(result.content[0].text == "42\n[exit 0]", f"a mounted tool through the shell: {result}")
            result = await session.call_tool("shell", {"command": "m.forget --key k"})
            check(result.content[0].text.endswith("[exit 126]"), f"a destructive tool is asked about: {result}")
            # The mounted server's question reaches toolsh's client as its own elicitation.
            result = await session.call_tool("shell", {"command": "m.greet | jq -r .result"})
            check(result.content[0].text == "hello Ada\n[exit 0]", f"the answer went back: {result}")
            check("mcp server 'm' asks: Whom shall I greet?" in asked, f"the question, naming its server: {asked}")
            # The mounted server's own progress reaches toolsh's client in the line's reports.
            notes = []

            async def heard(progress, total, message):
                notes.append(message or "")

            result = await session.call_tool("shell", {"command": "m.slow --steps 3 | jq -r .result"},
                                             progress_callback=heard)
            check(result.content[0].text == "3 steps\n[exit 0]", f"the slow tool ran: {result}")
            check(any("the running tool is at" in n and "of 3" in n for n in notes),
                  f"the server's progress is in the reports: {notes}")
    # The SDK's default client speaks 2026-07-28: the mounted server's question comes back as
    # the shell call's result ("input required"), and the answer goes on to the server.
    asked.clear()
    async with Client(params, elicitation_callback=answer) as client:
        check(client.protocol_version == "2026-07-28", client.protocol_version)
        result = await client.call_tool("shell", {"command": "m.greet | jq -r .result"})
        check(result.content[0].text == "hello Ada\n[exit 0]", f"the answer went back in rounds: {result}")
        check(asked == ["mcp server 'm' asks: Whom shall I greet?"], f"asked once: {asked}")


async def over_http(toolsh, workdir, marks):
    mount = f"m=python3 {HERE}/mounted.py {marks}"
    server = subprocess.Popen([toolsh, "mcp", "--http", "127.0.0.1:0", "--root", workdir, "--mcp", mount],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                              env={"PATH": os.environ["PATH"], "HOME": os.environ.get("HOME", "")})
    try:
        line = server.stderr.readline()
        check(line.startswith("toolsh: serving MCP on http://127.0.0.1:"), f"announces its address: {line!r}")
        url = line.split()[-1]

        async def one(n):
            async with Client(url) as client:
                result = await client.call_tool("shell", {"command": f"m.echo --text s{n} | jq -r .result"})
                return result.content[0].text

        answers = await asyncio.gather(one(1), one(2))
        check(answers == ["s1\n[exit 0]", "s2\n[exit 0]"], f"both sessions reached the server: {answers}")
        check(started(marks) == 1, f"one server process for the whole gateway, not one per session: {started(marks)}")
    finally:
        server.kill()
        server.wait()


async def main(toolsh, workdir):
    for run in (over_stdio, over_http):
        marks = os.path.join(workdir, f"marks-{run.__name__}")
        os.makedirs(marks)
        await run(toolsh, workdir, marks)
    print("ok")


asyncio.run(main(sys.argv[1], sys.argv[2]))
