"""`ask` decisions go to the MCP client through elicitation: approving runs the call,
declining denies it (126, the file stays), a client without elicitation gets a denial, and a
client that never answers is given up on at the call's deadline (the session goes on).

Usage: python3 tests/mcp/elicit.py TOOLSH WORKDIR   (run by tests/it/mcp.rs)
"""
import asyncio
import os
import sys
import time

from mcp import ClientSession, StdioServerParameters, types
from mcp.client.stdio import stdio_client


def check(condition, message):
    if not condition:
        raise AssertionError(message)


async def session_with(toolsh, workdir, callback, body):
    params = StdioServerParameters(command=toolsh, args=["mcp", "--root", workdir, "--ask", "fs.delete"],
                                   env={"PATH": os.environ.get("PATH", ""), "HOME": os.environ.get("HOME", "")})
    async with stdio_client(params) as (read, write):
        kwargs = {"elicitation_callback": callback} if callback else {}
        async with ClientSession(read, write, **kwargs) as session:
            await session.initialize()
            await body(session)


async def main(toolsh, workdir):
    asked = []

    def answer(approve):
        async def callback(context, params):
            asked.append(params.message)
            return types.ElicitResult(action="accept", content={"approve": approve})
        return callback

    async def run(session, command):
        result = await session.call_tool("shell", {"command": command})
        return result.content[0].text

    for name in ["yes.txt", "no.txt", "nobody.txt"]:
        open(os.path.join(workdir, name), "w").close()

    async def approve_body(session):
        text = await run(session, "rm yes.txt; echo $?")
        check(text == "0\n[exit 0]", f"approved: {text!r}")
    await session_with(toolsh, workdir, answer(True), approve_body)
    check(not os.path.exists(os.path.join(workdir, "yes.txt")), "an approved delete runs")
    check(asked and "fs.delete" in asked[0] and "yes.txt" in asked[0], f"the question names the call: {asked}")

    async def decline_body(session):
        text = await run(session, "rm no.txt")
        check("[exit 126]" in text and "was refused approval" in text, f"declined: {text!r}")
    await session_with(toolsh, workdir, answer(False), decline_body)
    check(os.path.exists(os.path.join(workdir, "no.txt")), "a declined delete does not run")

    async def nobody_body(session):
        text = await run(session, "rm nobody.txt")
        check("[exit 126]" in text, f"no elicitation: {text!r}")
    await session_with(toolsh, workdir, None, nobody_body)
    check(os.path.exists(os.path.join(workdir, "nobody.txt")), "without elicitation, ask is a denial")

    async def silent(context, params):
        await asyncio.sleep(3600)

    async def silent_body(session):
        started = time.monotonic()
        result = await session.call_tool("shell", {"command": "rm nobody.txt", "timeout_ms": 1500})
        took = time.monotonic() - started
        text = result.content[0].text
        check(took < 5, f"an unanswered question held the call for {took:.1f} s")
        check("[exit 126]" in text or "[exit 124]" in text, f"unanswered: {text!r}")
        text = await run(session, "echo alive")
        check(text == "alive\n[exit 0]", f"the session goes on: {text!r}")
    await session_with(toolsh, workdir, silent, silent_body)
    check(os.path.exists(os.path.join(workdir, "nobody.txt")), "an unanswered delete does not run")
    print("ok")


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], sys.argv[2]))
