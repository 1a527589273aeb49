"""Drives `toolsh mcp --http` with the official Python MCP SDK: 50 concurrent sessions, each
with its own variables, cwd and /tmp, over one shared workspace.

Usage: python3 tests/mcp/sessions.py TOOLSH WORKDIR   (run by tests/it/mcp.rs)
"""
import asyncio
import subprocess
import sys

from mcp import Client, types

SESSIONS = 50


def check(condition, message):
    if not condition:
        raise AssertionError(message)


async def text_of(client, command):
    result = await client.call_tool("shell", {"command": command})
    return result.content[0].text


async def session(url, n, barrier):
    # The SDK's default mode probes `server/discover` (2026-07-28) first; toolsh answers HTTP
    # clients with revisions that keep a session, so this falls back to the handshake.
    async with Client(url) as client:
        tools = await client.list_tools()
        check([t.name for t in tools.tools] == ["shell"], f"one tool: {tools}")
        await text_of(client, f"echo {n} > shared/{n} && mine={n} && cd /tmp && echo {n} > /tmp/mine.{n}")
        # Every session has set its state before any reads it back: crossing would show.
        await barrier()
        text = await text_of(client, "echo $mine $PWD $(cat /tmp/mine.*)")
        check(text == f"{n} /tmp {n}\n[exit 0]", f"session {n} sees its own state: {text!r}")
        text = await text_of(client, "ls $OLDPWD/shared | wc -l")
        check(text == f"{SESSIONS}\n[exit 0]", f"session {n} sees the shared workspace: {text!r}")
        return n


async def main(toolsh, workdir):
    server = subprocess.Popen(
        [toolsh, "mcp", "--http", "127.0.0.1:0", "--root", workdir, "--ask", "fs.delete"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        line = server.stderr.readline()
        check(line.startswith("toolsh: serving MCP on http://127.0.0.1:"), f"announces its address: {line!r}")
        url = line.split()[-1]
        subprocess.run(["mkdir", "-p", f"{workdir}/shared"], check=True)

        arrived = 0
        everyone = asyncio.Event()

        async def barrier():
            nonlocal arrived
            arrived += 1
            if arrived == SESSIONS:
                everyone.set()
            await asyncio.wait_for(everyone.wait(), 60)

        done = await asyncio.gather(*(session(url, n, barrier) for n in range(SESSIONS)))
        check(sorted(done) == list(range(SESSIONS)), f"all sessions finished: {done}")

        # A session's state ends with it: a new client starts clean. `ask` decisions go to the
        # session's own client (elicitation over the session's stream).
        asked = []

        async def approve(context, params):
            asked.append(params.message)
            return types.ElicitResult(action="accept", content={"approve": True})

        async with Client(url, elicitation_callback=approve) as client:
            text = await text_of(client, "echo \"[$mine]\"; ls /tmp/mine.*")
            check(text.startswith("[]\n[stderr]") and text.endswith("[exit 2]"), f"a new session starts clean: {text!r}")
            text = await text_of(client, "rm shared/7 && echo removed")
            check(text == "removed\n[exit 0]", f"an approved ask runs: {text!r}")
            check(len(asked) == 1 and "shared/7" in asked[0], f"the session's client was asked: {asked}")
        check(server.poll() is None, "the server keeps running")
        check(server.stdout.read(0) == "", "nothing on stdout")
    finally:
        server.kill()
        server.wait()
    out = server.stdout.read()
    check(out == "", f"stdout stays empty in HTTP mode: {out!r}")
    print("ok")


asyncio.run(main(sys.argv[1], sys.argv[2]))
