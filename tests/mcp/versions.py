"""The harness shapes take what today's harnesses send, driven by the official Python MCP SDK:
Codex 0.171's `exec_command` and `shell` with `tty`, `login`, `shell`, `sandbox_permissions`,
`justification` and `prefix_rule`; Claude Code 2.1's `Bash` (a `number` timeout,
`dangerouslyDisableSandbox`, a command past its timeout moved to the background with its
output file), `Read` of that file and `TaskStop` — and each tool's listed schema names what the
harness sends, and refuses what it does not.

Usage: python3 tests/mcp/versions.py TOOLSH WORKDIR   (run by tests/it/mcp.rs)
"""
import asyncio
import json
import os
import re
import sys

from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client


def check(condition, message):
    if not condition:
        raise AssertionError(message)


def text_of(result):
    return "\n".join(block.text for block in result.content if block.type == "text")


def shape(toolsh, workdir, name):
    return stdio_client(StdioServerParameters(command=toolsh, args=["mcp", "--root", workdir, "--shape", name],
                                              env={"PATH": os.environ.get("PATH", ""), "HOME": os.environ.get("HOME", "")}))


async def codex(toolsh, workdir):
    async with shape(toolsh, workdir, "codex") as (read, write):
        async with ClientSession(read, write) as session:
            await session.initialize()
            tools = {tool.name: tool.input_schema for tool in (await session.list_tools()).tools}
            for field in ["cmd", "workdir", "shell", "login", "tty", "yield_time_ms", "max_output_tokens",
                          "sandbox_permissions", "justification", "prefix_rule"]:
                check(field in tools["exec_command"]["properties"], f"exec_command lists {field}")
            check(tools["exec_command"].get("additionalProperties") is False, "exec_command refuses the rest")
            sent = {"cmd": "echo from codex; pwd", "workdir": "sub", "shell": "/bin/bash", "login": True, "tty": False,
                    "yield_time_ms": 10000, "max_output_tokens": 6000, "sandbox_permissions": "require_escalated",
                    "justification": "Do you want to print the directory?", "prefix_rule": ["echo"]}
            result = await session.call_tool("exec_command", sent)
            text = text_of(result)
            check(not result.is_error and "Process exited with code 0" in text and "from codex" in text
                  and text.rstrip().endswith("/sub"), f"exec_command as Codex 0.171 sends it: {text!r}")
            result = await session.call_tool("shell", {"command": ["bash", "-lc", "echo argv"], "timeout_ms": 5000,
                                                       "sandbox_permissions": "use_default", "prefix_rule": ["echo"]})
            check(not result.is_error and "argv" in text_of(result), f"shell with the approval fields: {text_of(result)!r}")
            result = await session.call_tool("exec_command", {"cmd": "true", "pty": True})
            check(result.is_error and "unknown field `pty`" in text_of(result), f"a field Codex does not send: {text_of(result)!r}")


async def claude_code(toolsh, workdir):
    async with shape(toolsh, workdir, "claude-code") as (read, write):
        async with ClientSession(read, write) as session:
            await session.initialize()
            tools = {tool.name: tool.input_schema for tool in (await session.list_tools()).tools}
            check(sorted(tools) == ["Bash", "Read", "TaskStop"], f"Claude Code 2.1's tools: {sorted(tools)}")
            bash = tools["Bash"]["properties"]
            check("number" in json.dumps(bash["timeout"]) and "dangerouslyDisableSandbox" in bash, f"Bash: {bash}")
            check({"task_id", "shell_id"} <= set(tools["TaskStop"]["properties"]), f"TaskStop: {tools['TaskStop']}")
            check({"file_path", "offset", "limit"} <= set(tools["Read"]["properties"]), f"Read: {tools['Read']}")

            result = await session.call_tool("Bash", {"command": "echo early; sleep 1; echo late", "timeout": 400.0,
                                                      "description": "Print twice", "dangerouslyDisableSandbox": True})
            text = text_of(result)
            moved = re.fullmatch(r"Command did not complete within its 0\.4s timeout and was moved to the background "
                                 r"\(ID: (%\d+)\)\. Output is being written to: (\S+)\. .*", text)
            check(moved is not None and not result.is_error, f"moved to the background: {text!r} {result.is_error}")
            task, path = moved[1], moved[2]
            text = text_of(await session.call_tool("Read", {"file_path": path}))
            check(text == "     1\tearly\n", f"Read of the output so far: {text!r}")
            await asyncio.sleep(1.2)
            text = text_of(await session.call_tool("Read", {"file_path": path}))
            check(text == "     1\tearly\n     2\tlate\n", f"Read once it ended: {text!r}")

            result = await session.call_tool("Bash", {"command": "sleep 30", "run_in_background": True})
            started = re.match(r"Command running in background with ID: (%\d+)\. Output is being written to: (\S+)\.",
                               text_of(result))
            check(started is not None and not result.is_error, f"run_in_background: {text_of(result)!r}")
            result = await session.call_tool("TaskStop", {"task_id": started[1]})
            stopped = json.loads(text_of(result))
            check(not result.is_error and stopped["task_id"] == started[1] and "stopped" in stopped["message"],
                  f"TaskStop: {stopped}")
            result = await session.call_tool("TaskStop", {"task_id": started[1]})
            check(result.is_error and "not running" in text_of(result), f"TaskStop again: {text_of(result)!r}")
            text = text_of(await session.call_tool("Bash", {"command": "jobs"}))
            check("Terminated" in text, f"the job was stopped: {text!r}")
            try:
                await session.call_tool("BashOutput", {"bash_id": task})
                check(False, "2.1 has no BashOutput")
            except Exception as err:  # an unknown tool is a protocol error naming the tools
                check("the tools are Bash, TaskStop, Read" in str(err), f"BashOutput: {err}")


async def main(toolsh, workdir):
    os.makedirs(os.path.join(workdir, "sub"), exist_ok=True)
    await codex(toolsh, workdir)
    await claude_code(toolsh, workdir)
    print("ok")


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], sys.argv[2]))
