"""What a harness meets through the official Python SDK's default client (`mcp.Client`, which
negotiates the newest revision: 2026-07-28 over stdio) and through raw JSON-RPC:

- mistaken arguments are tool results the model reads (isError, status 2, nothing ran), not
  protocol errors: a missing command, `timeout_ms: 0`, an unknown `workdir`; `"5000"` is 5000;
- calls sent together on one connection run in the order they were sent;
- `ask` reaches the client's elicitation callback on 2026-07-28 (the call returns "input
  required" and is made again with the answer): approved runs, declined denies;
- an image or audio clip a line prints (`cat chart.png`) is an image or audio block;
- every result carries structured content ({exit, truncated, spill, duration_ms}, as the
  tool's outputSchema says), and a cut output is a resource link readable with
  resources/read — only the session's own spill files are resources.

Usage: python3 tests/mcp/harness.py TOOLSH WORKDIR   (run by tests/it/mcp.rs)
"""
import asyncio
import base64
import os
import sys

from mcp import Client, StdioServerParameters, types

from rpc import Server


def check(condition, message):
    if not condition:
        raise AssertionError(message)


def text_of(result):
    return result.content[0].text


async def arguments_and_results(toolsh, workdir):
    params = StdioServerParameters(command=toolsh, args=["mcp", "--root", workdir],
                                   env={"PATH": os.environ.get("PATH", ""), "HOME": os.environ.get("HOME", "")})
    async with Client(params) as client:
        check(client.protocol_version == "2026-07-28", f"the default client's revision: {client.protocol_version}")
        tools = (await client.list_tools()).tools
        schema = tools[0].output_schema or {}
        check(set(schema.get("required", [])) == {"exit", "truncated", "spill", "duration_ms"},
              f"the output schema: {schema}")

        result = await client.call_tool("shell", {"command": "echo hi"})
        facts = result.structured_content
        check(text_of(result) == "hi\n[exit 0]" and not result.is_error, f"ran: {result}")
        check(facts["exit"] == 0 and facts["truncated"] is False and facts["spill"] is None
              and isinstance(facts["duration_ms"], int), f"structured content: {facts}")

        for arguments, says in [
            ({}, "`command` is required"),
            ({"command": "echo no", "timeout_ms": 0}, "`timeout_ms` must be a whole number"),
            ({"command": "pwd", "workdir": "/"}, "unknown argument `workdir`"),
        ]:
            result = await client.call_tool("shell", arguments)
            text = text_of(result)
            check(result.is_error and says in text and text.endswith("nothing ran\n[exit 2]"),
                  f"{arguments}: {text!r}")
            check(result.structured_content["exit"] == 2, f"{arguments}: {result.structured_content}")

        result = await client.call_tool("shell", {"command": "sleep 0.2; echo slept", "timeout_ms": "5000"})
        check(text_of(result) == "slept\n[exit 0]", f"a timeout written as a string: {result}")

        # An image or a sound the line prints goes to the model as such, the text saying so.
        png = b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 4
        with open(os.path.join(workdir, "chart.png"), "wb") as f:
            f.write(png)
        with open(os.path.join(workdir, "beep.wav"), "wb") as f:
            f.write(b"RIFF\x24\x00\x00\x00WAVEfmt " + bytes(32))
        result = await client.call_tool("shell", {"command": "cat chart.png"})
        check(text_of(result) == "[image attached: image/png, 1,032 bytes]\n[exit 0]", f"an image: {text_of(result)!r}")
        images = [c for c in result.content if c.type == "image"]
        check(len(images) == 1 and images[0].mime_type == "image/png"
              and base64.b64decode(images[0].data) == png, f"the image block: {result.content}")
        result = await client.call_tool("shell", {"command": "cat beep.wav"})
        check([c.mime_type for c in result.content if c.type == "audio"] == ["audio/wav"], f"a sound: {result.content}")
        result = await client.call_tool("shell", {"command": "cat chart.png | wc -c; echo text"})
        check(text_of(result) == "1032\ntext\n[exit 0]" and len(result.content) == 1, f"not an image: {result}")

        result = await client.call_tool("shell", {"command": "seq 1 100000"})
        facts = result.structured_content
        check(facts["truncated"] is True and facts["spill"].startswith("/tmp/.out/"), f"cut: {facts}")
        links = [c for c in result.content if c.type == "resource_link"]
        check(len(links) == 1 and str(links[0].uri) == "toolsh://" + facts["spill"], f"the link: {result.content}")
        whole = await client.read_resource(str(links[0].uri))
        lines = whole.contents[0].text.splitlines()
        check(len(lines) == 100000 and lines[-1] == "100000", f"the whole output: {len(lines)} lines")
        listed = await client.list_resources()
        check([str(r.uri) for r in listed.resources] == [str(links[0].uri)], f"listed: {listed.resources}")
        for uri in ["toolsh:///etc/passwd", "toolsh:///tmp/.out/../../etc/passwd", "file:///tmp/.out/1.log"]:
            try:
                await client.read_resource(uri)
                check(False, f"{uri} was read")
            except Exception as err:  # the SDK raises the server's error
                check("no such resource" in str(err), f"{uri}: {err}")


async def ask_on_the_newest_revision(toolsh, workdir):
    for name in ["yes.txt", "no.txt"]:
        open(os.path.join(workdir, name), "w").close()
    asked = []

    def answering(approve):
        async def callback(context, params):
            asked.append(params.message)
            return types.ElicitResult(action="accept", content={"approve": approve})
        return callback

    params = StdioServerParameters(command=toolsh, args=["mcp", "--root", workdir, "--ask", "fs.delete"],
                                   env={"PATH": os.environ.get("PATH", ""), "HOME": os.environ.get("HOME", "")})
    async with Client(params, elicitation_callback=answering(True)) as client:
        check(client.protocol_version == "2026-07-28", client.protocol_version)
        result = await client.call_tool("shell", {"command": "x=kept; rm yes.txt; echo removed $?"})
        check(text_of(result) == "removed 0\n[exit 0]", f"approved: {result}")
        result = await client.call_tool("shell", {"command": "echo $x"})
        check(text_of(result) == "kept\n[exit 0]", f"the session is whole after a question: {result}")
    check(not os.path.exists(os.path.join(workdir, "yes.txt")), "an approved delete runs")
    check(asked and "fs.delete" in asked[0] and "yes.txt" in asked[0], f"the question: {asked}")

    async with Client(params, elicitation_callback=answering(False)) as client:
        result = await client.call_tool("shell", {"command": "rm no.txt"})
        check("[exit 126]" in text_of(result) and "was refused approval" in text_of(result), f"declined: {result}")
    check(os.path.exists(os.path.join(workdir, "no.txt")), "a declined delete does not run")


def calls_sent_together_run_in_order(toolsh, workdir):
    for trial in range(5):
        server = Server(toolsh, workdir)
        server.initialize("2025-11-25")
        count = 12
        for n in range(1, count + 1):
            command = f"echo {n} >> /tmp/order; sleep 0.0{n % 3}"
            server.send({"id": n, "method": "tools/call", "params": {"name": "shell", "arguments": {"command": command}}})
        answered = set()
        while len(answered) < count:  # in whatever order they come
            answered.add(server.next().get("id"))
        server.send({"id": 99, "method": "tools/call",
                     "params": {"name": "shell", "arguments": {"command": "tr '\\n' ' ' < /tmp/order"}}})
        order = server.reply(99)["result"]["content"][0]["text"]
        expected = " ".join(str(n) for n in range(1, count + 1)) + " \n[exit 0]"
        check(order == expected, f"trial {trial}: the calls ran as {order!r}")
        server.close()


async def main(toolsh, workdir):
    await arguments_and_results(toolsh, workdir)
    await ask_on_the_newest_revision(toolsh, workdir)
    calls_sent_together_run_in_order(toolsh, workdir)
    print("ok")


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], sys.argv[2]))
