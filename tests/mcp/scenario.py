"""The scenario of tests/mcp/scenario.json — one whole session of 30+ calls mixing exits,
failures, cd/export, long outputs, timeouts, background jobs, a host program, a mounted server,
denied and asked actions — driven through the official Python MCP SDK (`mcp.Client`) in every
shape of `toolsh mcp`, over stdio and, for `shell` and `claude-code`, Streamable HTTP. After
every call it checks the status, isError, the structured facts, the cut mark and the
description (see `check_call`); tests/mcp/scenario.mjs runs the same data through the official
TypeScript client.

Each shape is an adapter (`SHAPES`): how a line is sent (its tool and arguments; and, where the
shape has one, its own way to start a line in the background: claude-code's
`run_in_background`) and how a result is read (its layout: where the status, the output and the
streams are). The classes of a shape pick the step variants: `persistent` or `process` (does
`cd` outlive the call?), `background` or `stop` (what a line past its timeout does),
`own-background`.

tests/mcp/property.py reuses the adapters and checks (`Shape`, `check_call`).

Usage: python3 tests/mcp/scenario.py TOOLSH WORKDIR [SHAPE…]   (run by tests/it/mcp.rs)
"""
import asyncio
import json
import os
import re
import subprocess
import sys

from mcp import Client, StdioServerParameters, types

HERE = os.path.dirname(os.path.abspath(__file__))
SERVERS = os.path.join(HERE, "..", "..", "target", "mcp-servers", "node_modules", ".bin")
# What the server sees as PATH: the system's own, so that a declared program finds itself.
PATH = "/usr/local/bin:/usr/bin:/bin"
# A cut mark is a line of its own: `[truncated: … cut here; all of it: PATH]` (the older
# `… full output in PATH]` is matched too, so that a mark at the wrong place is reported as such).
MARK = re.compile(r"\[truncated: [^\n]*\]")
MARK_PATH = re.compile(r"(?:all of it:|full output in) (/\S+)\]$")
PROMOTED = re.compile(r"still running as job %(\d+)|moved to the background \(ID: %(\d+)\)")
STARTED = re.compile(r"Command running in background with ID: %(\d+)\.")


def check(condition, message):
    if not condition:
        raise AssertionError(message)


def streams(body):
    """(stdout, stderr) of the contract's body: stdout, then `[stderr]` and stderr."""
    if body.startswith("[stderr]\n"):
        return "", body[len("[stderr]\n"):]
    stdout, separated, stderr = body.partition("\n[stderr]\n")
    return (stdout + "\n", stderr) if separated else (body, "")


class Read:
    """What one call answered, read off its layout."""

    def __init__(self, status, stdout, stderr="", facts=None, job=None):
        self.status, self.stdout, self.stderr, self.facts, self.job = status, stdout, stderr, facts, job


def contract(result):
    text = "\n".join(c.text for c in result.content if c.type == "text")
    moved = PROMOTED.search(text)
    if moved and text.startswith("Command "):  # Claude Code 2.1: a line past its timeout, moved on
        return Read(148, "", text, job=moved[2])
    started = STARTED.match(text)
    if started:  # Claude Code 2.1: a line started with run_in_background
        return Read(0, "", text, job=started[1])
    ended = re.search(r"(?:^|\n)\[exit (\d+)\]$", text)
    check(ended is not None, f"the contract ends with [exit N]: {text[-300:]!r}")
    stdout, stderr = streams(text[:ended.start()] + ("\n" if ended.start() > 0 else ""))
    job = PROMOTED.search(stderr)
    return Read(int(ended[1]), stdout, stderr, result.structured_content, job and job[1])


def per_command(result):
    (output,) = json.loads(result.content[0].text)["output"]
    outcome = output["outcome"]
    status = outcome["exit_code"] if outcome["type"] == "exit" else 124
    return Read(status, output["stdout"], output["stderr"])


def output_and_metadata(result):
    answer = json.loads(result.content[0].text)
    stdout, stderr = streams(answer["output"])
    return Read(answer["metadata"]["exit_code"], stdout, stderr)


def exit_wall_output(result):
    text = result.content[0].text
    head, _, body = text.partition("\nOutput:\n")
    status = re.match(r"Exit code: (\d+)\n", head)
    check(status is not None, f"Exit code: N first: {text[:200]!r}")
    stdout, stderr = streams(body.removesuffix("\n") if body.endswith("\n\n") else body)
    return Read(int(status[1]), stdout, stderr)


def argv(line):
    return ["bash", "-lc", line]


class Shape:
    """A shape's adapter: its tool, how a line and its timeout become arguments, its layout,
    its classes."""

    def __init__(self, name, tool, arguments, layout, persistent, background, own_background=None):
        self.name, self.tool, self.arguments, self.layout = name, tool, arguments, layout
        self.persistent, self.background, self.own_background = persistent, background, own_background

    def classes(self, listed):
        background = self.background(listed) if callable(self.background) else self.background
        own = {"own-background"} if self.own_background else set()
        return {"persistent" if self.persistent else "process", "background" if background else "stop"} | own

    async def send(self, client, line, timeout_ms=None, own_background=False):
        """Sends `line`, or starts it the shape's own way in the background (`own_background`)."""
        arguments = self.own_background(line) if own_background else self.arguments(line, timeout_ms)
        if arguments is None:
            return None, None
        result = await client.call_tool(self.tool, arguments)
        return result, self.layout(result)


def with_timeout(arguments, key, timeout_ms):
    return {**arguments, key: timeout_ms} if timeout_ms else arguments


SHAPES = [
    Shape("shell", "shell", lambda l, t: with_timeout({"command": l}, "timeout_ms", t), contract, True, True),
    # Claude Code 2.1 (Bash, TaskStop, Read) moves a line past its timeout to the background;
    # 2.0 (Bash, BashOutput, KillShell; `claude-code` before 2.1 was served) stops it.
    Shape("claude-code", "Bash", lambda l, t: with_timeout({"command": l}, "timeout", t), contract, True,
          lambda listed: "TaskStop" in listed, lambda l: {"command": l, "run_in_background": True}),
    Shape("claude-code-2.0", "Bash", lambda l, t: with_timeout({"command": l}, "timeout", t), contract, True, False),
    # `bash` takes no timeout: its steps with one are not sent (None).
    Shape("anthropic-bash", "bash", lambda l, t: None if t else {"command": l}, contract, True, False),
    Shape("openai-shell", "shell", lambda l, t: with_timeout({"commands": [l]}, "timeout_ms", t), per_command,
          True, False),
    Shape("openai-local-shell", "local_shell", lambda l, t: with_timeout({"command": argv(l)}, "timeout_ms", t),
          output_and_metadata, False, False),
    Shape("codex", "shell", lambda l, t: with_timeout({"command": argv(l)}, "timeout_ms", t), exit_wall_output,
          False, False),
]


def check_cut(where, output, whole):
    """The output of a cut call: one mark line, the text before it a head of the whole and the
    text after it its tail (so the mark is where the cut is); returns the path it names."""
    lines = output.split("\n")
    marks = [i for i, line in enumerate(lines) if MARK.fullmatch(line)]
    check(len(marks) == 1, f"{where}: one cut mark, not {len(marks)}: {output[:120]!r}…{output[-300:]!r}")
    at = marks[0]
    head, tail = "\n".join(lines[:at]) + "\n", "\n".join(lines[at + 1:])
    check(whole.startswith(head) and whole.endswith(tail) and len(head) + len(tail) < len(whole),
          f"{where}: the mark is where the cut is (head …{head[-40:]!r}, mark {lines[at]!r}, tail {tail[:40]!r}…)")
    named = MARK_PATH.search(lines[at])
    check(named is not None, f"{where}: the mark names the file with all of it: {lines[at]!r}")
    return named[1]


def check_call(where, result, read, expected, declared=False):
    """The invariants of every call: status, isError, structured facts (there whenever the tool
    declares an output schema, as MCP requires), the cut mark."""
    status = expected["status"]
    check(read.status == status, f"{where}: status {read.status}, expected {status}: {read.stdout[-300:]!r} {read.stderr[-500:]!r}")
    # 148 is a line gone on as a job: not an error (docs/agents.md).
    check(result.is_error == (status not in (0, 148)), f"{where}: isError {result.is_error} with status {status}")
    spill = None
    if "long" in expected:
        whole = "".join(f"{n}\n" for n in range(1, expected["long"] + 1))
        spill = check_cut(where, read.stdout, whole)
    else:
        check(not any(MARK.fullmatch(line) for line in (read.stdout + read.stderr).split("\n")),
              f"{where}: a cut mark on output that was not cut: {read.stdout[-200:]!r}")
    if "stdout" in expected:
        check(read.stdout == expected["stdout"], f"{where}: stdout {read.stdout!r}, expected {expected['stdout']!r} (stderr {read.stderr!r})")
    if "stderr_has" in expected:
        check(expected["stderr_has"] in read.stderr, f"{where}: stderr {read.stderr!r} lacks {expected['stderr_has']!r}")
    check(read.facts is not None or not declared, f"{where}: no structured content, though the tool declares its schema")
    if read.facts is not None:
        facts = read.facts
        check(facts.get("exit") == status and facts.get("truncated") == ("long" in expected)
              and facts.get("spill") == spill, f"{where}: structured facts {facts} (spill {spill})")
    if status == 148:
        check(read.job is not None, f"{where}: a 148 names its job: {read.stderr!r}")
    return spill


def variant(step, classes):
    """The step as the shape's classes have it (None: not for them)."""
    if step.get("only") and step["only"] not in classes:
        return None
    merged = {k: v for k, v in step.items() if k not in ("persistent", "process", "background", "stop")}
    for name in sorted(classes):
        merged.update(step.get(name, {}))
    return merged


def fill(text, names):
    for key, value in names.items():
        text = text.replace("{" + key + "}", str(value))
    return text


def description_of(listed, tool):
    return next(t.description for t in listed if t.name == tool)


def check_description(where, want, classes, text):
    has, lacks = list(want["has"]), list(want["lacks"])
    for name in classes:
        has += want.get(name, {}).get("has", [])
        lacks += want.get(name, {}).get("lacks", [])
    for words in has:
        # A list: the shapes say it in their own words, and one of these is enough.
        check(any(w in text for w in ([words] if isinstance(words, str) else words)),
              f"{where}: the description does not say {words!r}: {text!r}")
    for words in lacks:
        check(words not in text, f"{where}: the description says {words!r}: {text!r}")


def server_env(home):
    """The server's environment: the system's PATH, and a HOME of its own, so that what toolsh
    keeps there (its default store and audit log) is this test's, not the user's."""
    return {"PATH": PATH, "HOME": home}


def prepare(scenario, base):
    """A fresh workspace, a directory beside it and a HOME; the names the scenario's text uses."""
    root, outside = os.path.join(base, "root"), os.path.join(base, "outside")
    for path, content in scenario["files"].items():
        os.makedirs(os.path.dirname(os.path.join(root, path)), exist_ok=True)
        with open(os.path.join(root, path), "w") as f:
            f.write(content)
    os.makedirs(outside)
    os.makedirs(os.path.join(base, "home"))
    names = {"root": root, "outside": outside, "servers": os.path.abspath(SERVERS), "home": os.path.join(base, "home")}
    config = os.path.join(outside, "toolsh.toml")
    with open(config, "w") as f:
        f.write(fill(scenario["config"], names))
    return names, ["--root", root, "--config", config, *scenario["flags"]]


class Questions:
    """The client's elicitation: answers as the current step says, and remembers what it was asked."""

    def __init__(self):
        self.answer, self.asked = None, []

    async def __call__(self, context, params):
        self.asked.append(params.message)
        if self.answer is None:
            return types.ElicitResult(action="decline")
        return types.ElicitResult(action="accept", content={"approve": self.answer == "yes"})


async def run_scenario(scenario, shape, client, names, questions, label):
    listed = (await client.list_tools()).tools
    described = [(t.name, t.description) for t in listed]
    classes = shape.classes([t.name for t in listed])
    declared = next(t.output_schema for t in listed if t.name == shape.tool) is not None
    check_description(label, scenario["description"], classes, description_of(listed, shape.tool))
    calls = 0
    for number, step in enumerate(scenario["steps"], start=1):
        step = variant(step, classes)
        if step is None:
            continue
        step = json.loads(fill(json.dumps(step), {k: json.dumps(str(v))[1:-1] for k, v in names.items()}))
        line = step["line"]
        where = f"{label} step {number} `{line}`"
        questions.answer, questions.asked = step.get("answer"), []
        result, read = await shape.send(client, line, step.get("timeout_ms"), step.get("own_background", False))
        if result is None:
            continue
        calls += 1
        spill = check_call(where, result, read, step, declared)
        check(bool(questions.asked) == ("answer" in step), f"{where}: asked {questions.asked}")
        for path in step.get("exists", []):
            check(os.path.exists(path), f"{where}: {path} is gone")
        for path in step.get("absent", []):
            check(not os.path.exists(path), f"{where}: {path} exists")
        if step.get("capture") == "job":
            names["job"] = read.job
        if spill:
            # The file the mark names holds all of it, read through the same shape.
            again, read = await shape.send(client, f"seq 1 {step['long']} | cmp - {spill} && echo whole")
            check_call(f"{where} (its spill)", again, read, {"status": 0, "stdout": "whole\n"}, declared)
            calls += 1
        now = [(t.name, t.description) for t in (await client.list_tools()).tools]
        check(now == described, f"{where}: the tools or their description changed")
    check(calls >= 30, f"{label}: only {calls} calls")
    return calls


async def over_stdio(toolsh, scenario, shape, base):
    names, flags = prepare(scenario, base)
    questions = Questions()
    params = StdioServerParameters(command=toolsh, args=["mcp", "--shape", shape.name, *flags],
                                   env=server_env(names["home"]))
    async with Client(params, elicitation_callback=questions) as client:
        return await run_scenario(scenario, shape, client, names, questions, f"{shape.name} (stdio)")


async def over_http(toolsh, scenario, shape, base):
    names, flags = prepare(scenario, base)
    server = subprocess.Popen([toolsh, "mcp", "--http", "127.0.0.1:0", "--shape", shape.name, *flags],
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                              env=server_env(names["home"]))
    try:
        said = server.stderr.readline()
        check(said.startswith("toolsh: serving MCP on "), f"the server's address: {said!r}")
        questions = Questions()
        async with Client(said.split()[-1], elicitation_callback=questions) as client:
            return await run_scenario(scenario, shape, client, names, questions, f"{shape.name} (http)")
    finally:
        server.kill()
        server.wait()


def leaves(group):
    """The exceptions of a (nested) exception group."""
    for err in group.exceptions:
        yield from leaves(err) if isinstance(err, BaseExceptionGroup) else [err]


async def main(toolsh, workdir, only):
    with open(os.path.join(HERE, "scenario.json")) as f:
        scenario = json.load(f)
    failures = []
    for shape in SHAPES:
        if only and shape.name not in only:
            continue
        runs = [("stdio", over_stdio)] + ([("http", over_http)] if shape.name in ("shell", "claude-code") else [])
        for transport, run in runs:
            try:
                await run(toolsh, scenario, shape, os.path.join(workdir, f"{transport}-{shape.name}"))
            except* AssertionError as group:  # the SDK's task groups wrap what the checks raise
                failures += [str(err) for err in leaves(group)]
    check(not failures, "\n".join(failures))
    print("ok")


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], sys.argv[2], sys.argv[3:]))
