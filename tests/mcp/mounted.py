"""A small MCP server (official SDK) that toolsh mounts in tests/it/mounts.rs: text, structured
and error results, an image, a read-only and a destructive tool, one that says nothing about
itself (MCP's defaults: destructive, open-world), array and object arguments, a tool named as
one of toolsh's own aliases (`query`), a crash and a hang, and its tool list in pages of three.
Every other tool says it is local (`openWorldHint: false`).

Usage: python3 tests/mcp/mounted.py [MARKER_DIR [PORT]]   (stdio, or Streamable HTTP on
127.0.0.1:PORT when a port is given; MARKER_DIR records the calls that
reached the server, one empty file per call, so a test can see that a denied call sent nothing,
and one `started-…` file per start)
"""
import os
import sys
import time

import anyio
from typing import Annotated

from mcp.server.mcpserver import Context, Elicit, ElicitationResult, Image, MCPServer, Resolve
from mcp.types import ListToolsResult, ToolAnnotations
from pydantic import BaseModel

marks = sys.argv[1] if len(sys.argv) > 1 and sys.argv[1] != "-" else None
port = int(sys.argv[2]) if len(sys.argv) > 2 else None


class Paged(MCPServer):
    """Lists its tools three to a page, so a client must follow `nextCursor` to see them all."""

    async def _handle_list_tools(self, ctx, params):
        tools = await self.list_tools()
        start = int(params.cursor) if params is not None and params.cursor else 0
        rest = start + 3 < len(tools)
        return ListToolsResult(tools=tools[start:start + 3], next_cursor=str(start + 3) if rest else None)


server = Paged("mounted")

# What the local tools say of themselves: they read, and reach nothing outside.
READS = ToolAnnotations(readOnlyHint=True, openWorldHint=False)


def reached(name):
    if marks:
        open(os.path.join(marks, f"{name}-{time.time_ns()}"), "w").close()


class Sum(BaseModel):
    total: int
    terms: list[int]


@server.tool(annotations=READS)
def echo(text: str, times: int = 1) -> str:
    """Repeat TEXT, TIMES times, one per line."""
    reached("echo")
    return "\n".join([text] * times)


@server.tool(annotations=READS)
def add(terms: list[int]) -> Sum:
    """Add the TERMS up (a structured result)."""
    reached("add")
    return Sum(total=sum(terms), terms=terms)


@server.tool(annotations=READS)
def fail(reason: str) -> str:
    """Fail with REASON."""
    reached("fail")
    raise ValueError(reason)


@server.tool(annotations=READS)
def pixel() -> Image:
    """A one-pixel PNG."""
    reached("pixel")
    png = bytes.fromhex(
        "89504e470d0a1a0a0000000d4948445200000001000000010806000000"
        "1f15c4890000000d49444154789c6360000002000001e221bc330000000049454e44ae426082")
    return Image(data=png, format="png")


@server.tool(annotations=ToolAnnotations(destructiveHint=True, openWorldHint=False))
def forget(key: str) -> str:
    """Forget KEY (destructive)."""
    reached("forget")
    return f"forgot {key}"


@server.tool()
def drop(table: str) -> str:
    """Drop TABLE (no annotations: MCP's defaults say destructive and open-world)."""
    reached("drop")
    return f"dropped {table}"


@server.tool(annotations=ToolAnnotations(destructiveHint=False, openWorldHint=False))
def delete_names(names: list[str]) -> str:
    """Delete each of NAMES (an array argument), saying which."""
    reached("delete_names")
    return "deleted " + ",".join(names) if names else "deleted nothing"


@server.tool(annotations=READS)
def settings(options: dict[str, int]) -> str:
    """Say OPTIONS back, sorted (an object argument)."""
    reached("settings")
    return ",".join(f"{k}={v}" for k, v in sorted(options.items()))


@server.tool(annotations=READS)
def query(sql: str) -> str:
    """Answer as the server's own `query` (toolsh's db.query has the alias sql.query)."""
    reached("query")
    return f"mounted query: {sql}"


@server.tool(annotations=READS)
def authorization(ctx: Context) -> str:
    """The Authorization header of the request (over HTTP)."""
    request = ctx.request_context.request
    return request.headers.get("authorization", "none") if request is not None else "stdio"


@server.tool(annotations=READS)
def big(megabytes: int) -> str:
    """A text of MEGABYTES MiB."""
    reached("big")
    return "x" * (megabytes << 20)


@server.tool(annotations=READS)
async def grow(ctx: Context) -> str:
    """Add the tool `late` and say the tool list changed."""
    reached("grow")

    def late() -> str:
        """A tool added while the server runs."""
        reached("late")
        return "late and here"

    server.add_tool(late, annotations=READS)
    # Both eras: subscribers of the 2026-07-28 revision, and clients of the earlier ones.
    await ctx.notify_tools_changed()
    await ctx.session.send_tool_list_changed()
    return "grown"


@server.tool(annotations=READS)
async def slow(steps: int, ctx: Context) -> str:
    """Take STEPS steps of 1.2 s, reporting progress after each."""
    reached("slow")
    for step in range(1, steps + 1):
        await anyio.sleep(1.2)
        await ctx.report_progress(step, steps)
    return f"{steps} steps"


class Name(BaseModel):
    name: str


@server.tool(annotations=READS)
def revision(ctx: Context) -> str:
    """The protocol revision this call came in on."""
    return ctx.protocol_version or "unknown"


def whom() -> Elicit[Name]:
    return Elicit("Whom shall I greet?", Name)


@server.tool(annotations=READS)
async def greet(answer: Annotated[ElicitationResult[Name], Resolve(whom)]) -> str:
    """Ask for a name (elicitation: mid-call, or as the call's result on 2026-07-28) and greet it."""
    reached("greet")
    return f"hello {answer.data.name}" if answer.action == "accept" else answer.action


@server.tool(annotations=READS)
def crash() -> str:
    """Exit the server at once."""
    reached("crash")
    sys.stderr.write("mounted: crashing as asked\n")
    sys.stderr.flush()
    os._exit(3)


@server.tool(annotations=READS)
async def hang(seconds: float = 3600) -> str:
    """Sleep SECONDS before answering (a cancellation is marked as `cancelled-…`)."""
    reached("hang")
    try:
        await anyio.sleep(seconds)
    except anyio.get_cancelled_exc_class():
        reached("cancelled")
        raise
    return "woke"


if __name__ == "__main__":
    reached("started")
    sys.stderr.write("mounted: ready\n")
    sys.stderr.flush()
    if port is None:
        server.run()
    else:
        server.run("streamable-http", host="127.0.0.1", port=port)
