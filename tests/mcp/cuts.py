"""Every cut is marked where it is, in every shape: drives `toolsh mcp --shape NAME` with the
official Python MCP SDK, has each tool print 100,000 numbered lines, and checks that the kept
text has one line at the cut (`[truncated: N lines (M chars) cut here; all of it: PATH]`) whose
count is the lines really missing between the line before it and the line after it, that the
tail ends with the last line, and that PATH read back through the same shape holds all of it.
Also: OpenAI's shell is capped by default (the streams share the session's caps; its text is
not sent a second time as structured content), and the operator's caps (`--limit
result-lines=N`, `[limits]` in toolsh.toml) hold.

Usage: python3 tests/mcp/cuts.py TOOLSH WORKDIR   (run by tests/it/mcp.rs)
"""
import asyncio
import json
import os
import re
import sys

from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

MARK = re.compile(r"\[truncated: ([\d,]+) lines \([\d,]+ chars\) cut here; all of it: (\S+)\]")
LINES = 100_000


def check(condition, message):
    if not condition:
        raise AssertionError(message)


def cut_in(output, where):
    """The path the mark in `output` names, once the mark is checked against what it cut."""
    lines = output.rstrip("\n").split("\n")
    marks = [i for i, line in enumerate(lines) if MARK.fullmatch(line)]
    check(len(marks) == 1, f"{where}: one mark, not {len(marks)}: {output[:200]!r}…{output[-200:]!r}")
    at = marks[0]
    before, after = int(lines[at - 1]), int(lines[at + 1])
    mark = MARK.fullmatch(lines[at])
    check(int(mark[1].replace(",", "")) == after - before - 1, f"{where}: the mark counts the lines cut: {lines[at - 1:at + 2]}")
    check(lines[-1] == str(LINES), f"{where}: the tail ends with the last line: {lines[-1]!r}")
    return mark[2]


def text_of(result):
    return "\n".join(block.text for block in result.content if block.type == "text")


def contract(result):
    """The output in a result of the contract: its text without the `[exit N]` line."""
    return re.sub(r"\n?\[exit \d+\]$", "", text_of(result))


# Per shape: the calls that print the lines, how their output is found in the result, and how
# a file is read back through the shape.
SEQ = f"seq 1 {LINES}"
READ_BACK = "tail -n 1 {path}; wc -l < {path}"


def argv(line):
    return ["bash", "-lc", line]


SHAPES = {
    "shell": ([("shell", {"command": SEQ}, contract)], lambda p: ("shell", {"command": READ_BACK.format(path=p)})),
    "claude-code": ([("Bash", {"command": SEQ}, contract)], lambda p: ("Bash", {"command": READ_BACK.format(path=p)})),
    "claude-code-2.0": ([("Bash", {"command": SEQ}, contract)], lambda p: ("Bash", {"command": READ_BACK.format(path=p)})),
    "anthropic-bash": ([("bash", {"command": SEQ}, contract)], lambda p: ("bash", {"command": READ_BACK.format(path=p)})),
    "openai-shell": (
        [("shell", {"commands": [SEQ]}, lambda r: json.loads(text_of(r))["output"][0]["stdout"]),
         ("shell", {"commands": [SEQ], "max_output_length": 1000}, lambda r: json.loads(text_of(r))["output"][0]["stdout"])],
        lambda p: ("shell", {"commands": [READ_BACK.format(path=p)]})),
    "openai-local-shell": (
        [("local_shell", {"command": ["seq", "1", str(LINES)]}, lambda r: json.loads(text_of(r))["output"])],
        lambda p: ("local_shell", {"command": argv(READ_BACK.format(path=p))})),
    "codex": (
        [("shell", {"command": ["seq", "1", str(LINES)]}, lambda r: text_of(r).split("Output:\n", 1)[1]),
         ("exec_command", {"cmd": SEQ, "yield_time_ms": 10000}, lambda r: text_of(r).split("Output:\n", 1)[1])],
        lambda p: ("shell", {"command": argv(READ_BACK.format(path=p))})),
}


async def session_of(toolsh, workdir, *extra):
    params = StdioServerParameters(command=toolsh, args=["mcp", "--root", workdir, *extra],
                                   env={"PATH": os.environ.get("PATH", ""), "HOME": os.environ.get("HOME", "")})
    return stdio_client(params)


async def each_shape(toolsh, workdir):
    for shape, (calls, read_back) in SHAPES.items():
        async with await session_of(toolsh, workdir, "--shape", shape) as (read, write):
            async with ClientSession(read, write) as session:
                await session.initialize()
                for tool, arguments, output_of in calls:
                    where = f"{shape} {tool} {arguments}"
                    result = await session.call_tool(tool, arguments)
                    check(not result.is_error, f"{where}: {text_of(result)[-300:]!r}")
                    output = output_of(result)
                    path = cut_in(output, where)
                    if "max_output_length" in arguments:
                        kept = MARK.sub("", output)
                        check(len(kept) <= arguments["max_output_length"] + 2, f"{where}: {len(kept)} chars kept")
                    tool_back, arguments_back = read_back(path)
                    # (In a JSON layout, the line break is escaped.)
                    again = text_of(await session.call_tool(tool_back, arguments_back)).replace("\\n", "\n")
                    check(f"{LINES}\n{LINES}" in again, f"{where}: {path} holds all of it: {again!r}")
                if shape == "openai-shell":
                    # Capped by default, both streams kept within the caps together, sent once.
                    result = await session.call_tool("shell", {"commands": [SEQ, "seq 1 3 >&2"]})
                    body = json.loads(text_of(result))
                    kept = sum(len(MARK.sub("", o["stdout"] + o["stderr"])) for o in body["output"])
                    check(kept <= 30_000 + 2, f"openai-shell default cap: {kept} chars")
                    check(body["output"][1]["stderr"] == "1\n2\n3\n", f"a short stream is whole: {body['output'][1]!r}")
                    check(result.structured_content is None, "the JSON text is not sent again as structured content")
                if shape == "claude-code-2.0":
                    # A background shell's output, read with BashOutput, is cut and marked too.
                    await session.call_tool("Bash", {"command": SEQ, "run_in_background": True})
                    for _ in range(100):  # until it ended, without reading (a read takes what it wrote)
                        ended = await session.call_tool("Bash", {"command": "test -f /tmp/.jobs/bash_1.exit"})
                        if not ended.is_error:
                            break
                        await asyncio.sleep(0.1)
                    text = text_of(await session.call_tool("BashOutput", {"bash_id": "bash_1"}))
                    stdout = text.split("<stdout>\n", 1)[1].split("</stdout>", 1)[0]
                    check(cut_in(stdout, "claude-code-2.0 BashOutput") == "/tmp/.jobs/bash_1.out", "BashOutput's file")
                if shape == "codex":
                    # A command still running is polled with write_stdin; its cut names its file.
                    started = text_of(await session.call_tool(
                        "exec_command", {"cmd": f"sleep 0.5; {SEQ}", "yield_time_ms": 100, "tty": True,
                                         "sandbox_permissions": "require_escalated", "justification": "Count?",
                                         "prefix_rule": ["seq"]}))
                    running = re.search(r"Process running with session ID (\d+)", started)
                    check(running is not None, f"codex: a running session: {started!r}")
                    polled = await session.call_tool("write_stdin", {"session_id": int(running[1]), "chars": "",
                                                                     "yield_time_ms": 10000})
                    path = cut_in(text_of(polled).split("Output:\n", 1)[1], "codex write_stdin")
                    check(path.startswith("/tmp/.jobs/exec_"), f"codex: the job's output file: {path}")


async def operator_caps(toolsh, workdir):
    # `--limit result-lines=100`: at most 100 lines of output, the cut marked.
    async with await session_of(toolsh, workdir, "--limit", "result-lines=100") as (read, write):
        async with ClientSession(read, write) as session:
            await session.initialize()
            text = text_of(await session.call_tool("shell", {"command": SEQ}))
            cut_in(text.removesuffix("\n[exit 0]"), "--limit result-lines=100")
            check(len(text.split("\n")) <= 100 + 2, f"--limit result-lines=100: {len(text.splitlines())} lines")
    # `[limits]` in toolsh.toml, for OpenAI's shell too.
    with open(os.path.join(workdir, "toolsh.toml"), "w") as config:
        config.write("[limits]\nresult-chars = 2000\n")
    async with await session_of(toolsh, workdir, "--shape", "openai-shell") as (read, write):
        async with ClientSession(read, write) as session:
            await session.initialize()
            text = text_of(await session.call_tool("shell", {"commands": [SEQ]}))
            stdout = json.loads(text)["output"][0]["stdout"]
            cut_in(stdout, "[limits] result-chars")
            check(len(MARK.sub("", stdout)) <= 2_000 + 1, f"[limits] result-chars = 2000: {len(stdout)} chars")
    os.remove(os.path.join(workdir, "toolsh.toml"))


async def main(toolsh, workdir):
    await each_shape(toolsh, workdir)
    await operator_caps(toolsh, workdir)
    print("ok")


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], sys.argv[2]))
