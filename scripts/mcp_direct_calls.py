"""The reference for scripts/bench.sh's mcp section: N calls of a tool through the official
Python SDK's client straight to the server (no toolsh), timed after the connection is up.

Usage: python3 scripts/mcp_direct_calls.py N SERVER [ARGS...]   prints the median ms per call
"""
import asyncio
import statistics
import sys
import time

from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client


async def main():
    count, server = int(sys.argv[1]), sys.argv[2:]
    params = StdioServerParameters(command=server[0], args=server[1:])
    async with stdio_client(params) as (read, write):
        async with ClientSession(read, write) as session:
            await session.initialize()
            times = []
            for _ in range(count):
                started = time.perf_counter()
                await session.call_tool("echo", {"message": "hi"})
                times.append((time.perf_counter() - started) * 1000)
    print(f"{statistics.median(times):.3f}")


asyncio.run(main())
