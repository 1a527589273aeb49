"""Sessions of `toolsh mcp --http` that rest between calls (their MCP service closed after
`--session-park`, opened again over the same shell by their next request) tell their client
exactly what a session that never rested tells it. Raw Streamable HTTP, so that whether the
session rested is seen: a call served by a service opened again is the first stream of a new
session worker, whose SSE event ids start at `0/0` again.

- One scenario, run against a server that parks after 0.3 s with pauses of 0.6 s between calls,
  and against one that never parks in that time: the two transcripts are equal, and every call
  of the first that should have found its session resting did (state, `exit`, a failing
  command, a cut output, a timeout that goes on as a job, a background job checked after a
  pause, a denied call, an `ask` nobody can answer, tools/list and resources/list).
- Two calls sent together at about the moment the session parks: both answered, in turn, none
  lost (a counter both increment).
- The official Python SDK with calls a pause apart, and an `ask` answered after a pause: its
  client holds the standalone GET stream open, and its session rests all the same between
  calls (the server's `/status`), the stream never reconnected; and with a session that leaves
  memory for the store between two calls, its stream held meanwhile.
- A client holding the standalone GET stream, raw: a GET of a resting session does not open
  it; the session rests with the stream open; a question the server asks after a wake comes
  down that same stream; DELETE ends it. A stream resuming with a `Last-Event-ID` of before
  the park; a DELETE of a resting session (gone after); `--max-sessions` counting resting
  sessions; a resting session restored from the store after the server is killed.

Usage: python3 tests/mcp/parked.py TOOLSH WORKDIR   (run by tests/it/mcp.rs)
"""
import http.client
import json
import os
import signal
import subprocess
import sys
import threading
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scripts"))
import mcp_http  # noqa: E402  (the raw requests the benchmarks send too)

PARK = 0.3
PAUSE = 0.6


def check(condition, message):
    if not condition:
        raise AssertionError(message)


class Server:
    def __init__(self, toolsh, workdir, *extra, port=0):
        self.proc = subprocess.Popen(
            [toolsh, "mcp", "--http", f"127.0.0.1:{port}", "--root", workdir, *extra],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        line = self.proc.stderr.readline()
        check("serving MCP on http://127.0.0.1:" in line, f"announces its address: {line!r}")
        self.port = int(line.split(":")[-1].split("/")[0])

    def kill(self):
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait()

    def request(self, method, session, headers=None, body=None, read=True):
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        all_headers = {"Accept": "application/json, text/event-stream", "MCP-Protocol-Version": "2025-11-25"}
        if session:
            all_headers["Mcp-Session-Id"] = session
        all_headers.update(headers or {})
        conn.request(method, "/mcp", body, all_headers)
        response = conn.getresponse()
        if not read:
            return conn, response
        text = response.read().decode()
        conn.close()
        return response.status, text

    def post(self, message, session=None):
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        status, session, body = mcp_http.post_status(conn, message, session)
        conn.close()
        ids = [line[3:].strip() for line in body.splitlines() if line.startswith("id:")]
        answers = [json.loads(line[5:]) for line in body.splitlines() if line.startswith("data:") and line[5:].strip()]
        if not answers and body.strip().startswith("{"):
            answers = [json.loads(body)]
        return status, session, ids, answers

    def status(self):
        """The server's figures (`GET /status`): its sessions, streams, rests and wakes."""
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        conn.request("GET", "/status")
        response = conn.getresponse()
        figures = json.loads(response.read())
        conn.close()
        return figures

    def open(self, capabilities=None):
        status, session, _, _ = self.post({"id": 1, "method": "initialize", "params": {
            "protocolVersion": "2025-11-25", "capabilities": capabilities or {},
            "clientInfo": {"name": "parked", "version": "1"}}})
        check(status == 200 and session, f"a session: {status} {session}")
        self.post({"method": "notifications/initialized"}, session)
        return Session(self, session)


class Events:
    """The events of an SSE response, read on a thread of their own: each event as a dict of
    its fields (`id`, `retry`, `data`), and `None` once the stream ended."""

    def __init__(self, response):
        import queue
        self.queue = queue.Queue()
        self.thread = threading.Thread(target=self._read, args=(response,), daemon=True)
        self.thread.start()

    def _read(self, response):
        event = {}
        try:
            while True:
                line = response.readline()
                if not line:
                    break
                line = line.decode().rstrip("\r\n")
                if not line:
                    if event:
                        self.queue.put(event)
                    event = {}
                elif not line.startswith(":"):
                    name, _, value = line.partition(":")
                    event[name] = value[1:] if value.startswith(" ") else value
        except (OSError, ValueError, AttributeError):  # the connection closed under the reader
            pass
        self.queue.put(None)

    def next(self, timeout=10):
        """The next event (`None`: the stream ended); fails after `timeout` seconds."""
        import queue
        try:
            return self.queue.get(timeout=timeout)
        except queue.Empty:
            raise AssertionError(f"no event on the stream in {timeout} s")

    def message(self, timeout=10):
        """The next event with a message, parsed (`None`: the stream ended)."""
        while True:
            event = self.next(timeout)
            if event is None or event.get("data", "").strip():
                return event and json.loads(event["data"])


class Session:
    def __init__(self, server, id):
        self.server, self.id, self.number = server, id, 1

    def ask(self, method, params):
        """The answer to one request, and whether its session's service was opened for it."""
        self.number += 1
        status, _, ids, answers = self.server.post({"id": self.number, "method": method, "params": params}, self.id)
        check(status == 200, f"{method} answered: {status} {answers}")
        mine = [a for a in answers if a.get("id") == self.number]
        check(len(mine) == 1, f"one answer to {method}: {answers}")
        # The first stream of a new session worker: the session had rested.
        fresh = bool(ids) and ids[0].endswith("/0")
        return mine[0], fresh

    def shell(self, command, **arguments):
        answer, fresh = self.ask("tools/call", {"name": "shell", "arguments": {"command": command, **arguments}})
        check("result" in answer, f"{command!r}: a result: {answer}")
        return answer["result"]["content"][0]["text"], fresh


# (command, arguments, whether the session has rested before it: False when a job ran
# through the pause). Each line's answer is compared with the never-resting server's.
SCENARIO = [
    ("n=41; greet() { echo \"hi $1\"; }; mkdir -p sub; cd sub; set -o noglob; shopt -s nullglob; "
     "alias ll='echo LL'; trap 'echo bye' EXIT; trap 'echo err' ERR; pushd /tmp >/dev/null; "
     "echo note > /tmp/note; history -s 'remembered'; false", {}, None),
    ("echo \"status=$? n=$((n+1)) pwd=$PWD\"; greet you; set -o | grep -w noglob; shopt nullglob; alias ll; "
     "trap -p EXIT ERR; dirs; cat /tmp/note; declare -F", {}, True),
    ("exit 3", {}, True),
    ("echo \"after exit: $? n=$n\"; trap -p EXIT; echo *", {}, True),
    ("cat /no/such/file; ls /no/such/dir", {}, True),
    ("echo \"last: $?\"", {}, True),
    ("seq 1 200000", {}, True),
    ("ls /tmp/.out | wc -l; tail -n 1 /tmp/.out/*.log", {}, True),
    ("sleep 2; echo late > /tmp/late", {"timeout_ms": 300}, True),
    ("sleep 0.4; jobs; wait; echo \"waited $?\"; cat /tmp/late", {}, False),
    ("(sleep 1; echo bg done > /tmp/bg) & echo started", {}, True),
    ("jobs; wait; echo \"job status $?\"; cat /tmp/bg", {}, False),
    ("rm sub/x; echo \"rm said $?\"", {}, True),
    ("touch sub/y && mv sub/y sub/z && echo moved", {}, True),
    ("echo \"still n=$n\"; unset n; echo \"${n-unset}\"", {}, True),
    ("echo \"${n-unset}\"; popd >/dev/null; pwd; set +o noglob; set -o | grep -w noglob", {}, True),
]


def transcript(server, parks):
    """The scenario's answers; checks that each call found its session resting when `parks`."""
    session = server.open()
    seen = []
    listed, _ = session.ask("tools/list", {})
    seen.append(json.dumps(listed["result"], sort_keys=True))
    for command, arguments, rests in SCENARIO:
        text, fresh = session.shell(command, **arguments)
        if parks and rests is not None:
            check(fresh == rests, f"{command!r}: rested before it: {fresh}, expected {rests}\n{text}")
        seen.append(text)
        time.sleep(PAUSE)
    again, fresh = session.ask("tools/list", {})
    check(not parks or fresh, "tools/list after a rest opened the session again")
    check(again["result"] == listed["result"], "the same tools after a rest")
    seen.append(json.dumps(again["result"], sort_keys=True))
    resources, _ = session.ask("resources/list", {})
    seen.append(json.dumps(resources["result"], sort_keys=True))
    return seen


def scenario(toolsh, workdir):
    policy = ["--memory", "--deny", "fs.delete", "--ask", "fs.move"]
    results = []
    for park in (PARK, 600):
        server = Server(toolsh, workdir, *policy, "--session-park", str(park))
        try:
            results.append(transcript(server, park == PARK))
        finally:
            server.kill()
    parked, live = results
    for n, (a, b) in enumerate(zip(parked, live)):
        check(a == b, f"step {n}: a resting session answered\n{a!r}\nwhere one never resting answered\n{b!r}")
    # Spot checks that the transcript says what it should (both are equal).
    check("status=1 n=42 pwd=" in parked[2] and "hi you" in parked[2] and "remembered" not in parked[2], parked[2])
    check(parked[3].endswith("[exit 3]"), parked[3])
    check("[exit 126]" in parked[13] or "rm said 126" in parked[13], f"denied: {parked[13]}")


def race(toolsh, workdir):
    """Calls sent together when the session is about to rest: each answered once, in turn."""
    server = Server(toolsh, workdir, "--memory", "--session-park", str(PARK))
    try:
        session = server.open()
        text, _ = session.shell("count=0")
        check(text == "[exit 0]", text)
        total = 0
        for step in range(16):
            time.sleep(PARK - 0.1 + step * 0.015)
            answers = []

            def one(n):
                conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
                message = {"id": 1000 + 10 * step + n, "method": "tools/call",
                           "params": {"name": "shell", "arguments": {"command": "count=$((count+1)); echo $count"}}}
                status, _, body = mcp_http.post_status(conn, message, session.id)
                conn.close()
                answers.append((status, body))

            threads = [threading.Thread(target=one, args=(n,)) for n in range(2)]
            [t.start() for t in threads]
            [t.join() for t in threads]
            total += 2
            for status, body in answers:
                check(status == 200 and "[exit 0]" in body, f"step {step}: {status} {body!r}")
        text, _ = session.shell("echo $count")
        check(text == f"{total}\n[exit 0]", f"every call ran once: {text!r} (of {total})")
    finally:
        server.kill()


def streams_and_ends(toolsh, workdir):
    server = Server(toolsh, workdir, "--memory", "--ask", "fs.delete", "--session-park", str(PARK),
                    "--max-sessions", "2")
    try:
        session = server.open(capabilities={"elicitation": {}})
        _, _, ids, _ = server.post({"id": 7, "method": "tools/call",
                                    "params": {"name": "shell", "arguments": {"command": "v=1; echo x > /tmp/x"}}}, session.id)
        before = ids[-1]
        time.sleep(PAUSE)
        # A GET stream of a resting session (a client listening, as the official SDKs do) is
        # answered without opening it: a priming event (an id to resume from, the retry).
        conn, response = server.request("GET", session.id, {"Accept": "text/event-stream"}, read=False)
        check(response.status == 200 and "text/event-stream" in response.getheader("Content-Type", ""),
              f"a GET stream of a resting session: {response.status}")
        events = Events(response)
        primed = events.next()
        check(primed is not None and primed.get("id") == "0" and primed.get("retry") == "3000", f"primed: {primed}")
        figures = server.status()
        check(figures["sessions"]["resting"] == 1 and figures["sessions"]["served"] == 0 and figures["wakes"] == 0
              and figures["streams"] == {"open": 1, "fed": 0, "held": 1}, f"held, not opened: {figures}")
        # A call opens it; what the server asks the client then comes down the stream held.
        answered = {}

        def call():
            answered["text"] = session.shell("rm /tmp/x; echo rm=$?; echo v=$v")

        caller = threading.Thread(target=call)
        caller.start()
        question = events.message()
        check(question is not None and question.get("method") == "elicitation/create"
              and "/tmp/x" in question["params"]["message"], f"the question came on the held stream: {question}")
        status, _, _, _ = server.post({"id": question["id"], "result": {"action": "accept", "content": {"approve": True}}},
                                      session.id)
        check(status == 202, f"the answer taken: {status}")
        caller.join(30)
        text, fresh = answered.get("text", (None, None))
        check(text == "rm=0\nv=1\n[exit 0]" and fresh, f"approved through the held stream after a rest: {text!r} {fresh}")
        figures = server.status()
        check(figures["wakes"] == 1 and figures["streams"]["fed"] == 1, f"fed by the new service: {figures}")
        # With the stream open, the session rests again, and again answers.
        time.sleep(PAUSE)
        figures = server.status()
        check(figures["sessions"]["resting"] == 1 and figures["streams"]["held"] == 1 and figures["rests"] >= 2,
              f"rests with its stream open: {figures}")
        text, fresh = session.shell("echo v=$v")
        check(text == "v=1\n[exit 0]" and fresh, f"after resting with a stream open: {text!r} {fresh}")
        check(server.status()["listens"] == 1, "one stream all along: the client never had to reconnect")
        conn.close()
        time.sleep(PAUSE + 0.5)
        check(server.status()["streams"]["open"] == 0, "a stream the client closed is forgotten")
        text, _ = session.shell("echo v=$v")
        check(text == "v=1\n[exit 0]", f"after the stream: {text!r}")
        # Resuming a stream of before a rest: nothing of another stream is replayed.
        time.sleep(PAUSE)
        status, body = server.request("GET", session.id, {"Accept": "text/event-stream", "Last-Event-ID": before})
        check(status == 200 and '"result"' not in body, f"a resumed stream of before the rest: {status} {body!r}")
        time.sleep(PAUSE)
        text, _ = session.shell("echo v=$v")
        check(text == "v=1\n[exit 0]", f"after the resumed stream: {text!r}")
        # DELETE ends a stream held open.
        held = server.open()
        time.sleep(PAUSE)
        conn, response = server.request("GET", held.id, {"Accept": "text/event-stream"}, read=False)
        events = Events(response)
        check(events.next() is not None, "primed")
        status, _ = server.request("DELETE", held.id)
        check(status in (200, 204), f"DELETE of a resting session with a stream held: {status}")
        check(events.next(timeout=5) is None, "DELETE ended the stream")
        conn.close()

        # --max-sessions counts resting sessions.
        other = server.open()
        time.sleep(PAUSE)
        status, _, _, answers = server.post({"id": 1, "method": "initialize", "params": {
            "protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "third", "version": "1"}}})
        check(status == 503, f"a third session past --max-sessions 2 with two resting: {status} {answers}")
        # DELETE of a resting session: it is gone, and its place is free.
        status, _ = server.request("DELETE", other.id)
        check(status in (200, 204), f"DELETE of a resting session: {status}")
        status, _, _, _ = server.post({"id": 9, "method": "tools/call",
                                       "params": {"name": "shell", "arguments": {"command": "echo hi"}}}, other.id)
        check(status == 404, f"a deleted session is gone: {status}")
        third = server.open()
        text, _ = third.shell("echo ${v-none}")
        check(text == "none\n[exit 0]", f"a new session starts clean: {text!r}")
        text, _ = session.shell("echo v=$v")
        check(text == "v=1\n[exit 0]", f"the first is still there: {text!r}")
    finally:
        server.kill()


def restart(toolsh, workdir):
    """A resting session of a server killed is restored from the store by the next one."""
    store = os.path.join(workdir, "parked.db")
    server = Server(toolsh, workdir, "--store", store, "--session-park", str(PARK))
    session = server.open()
    try:
        text, _ = session.shell("k=7; cd /tmp; echo kept > /tmp/kept")
        check(text == "[exit 0]", text)
        time.sleep(PAUSE)
        text, fresh = session.shell("echo $k $PWD")
        check(text == "7 /tmp\n[exit 0]" and fresh, f"rested: {text!r} {fresh}")
        time.sleep(PAUSE)
    finally:
        server.kill()
    server = Server(toolsh, workdir, "--store", store, "--session-park", str(PARK), port=server.port)
    try:
        session.server = server
        # Its first two requests arrive together: one opens it from the store, the other waits.
        answers = []

        def one(n):
            conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
            message = {"id": 500 + n, "method": "tools/call",
                       "params": {"name": "shell", "arguments": {"command": "echo $k"}}}
            answers.append(mcp_http.post_status(conn, message, session.id))
            conn.close()

        threads = [threading.Thread(target=one, args=(n,)) for n in range(2)]
        [t.start() for t in threads]
        [t.join() for t in threads]
        for status, _, body in answers:
            check(status == 200 and r'"text":"7\n[exit 0]"' in body, f"opened from the store by two at once: {status} {body!r}")
        text, _ = session.shell("echo $k $PWD $(cat /tmp/kept)")
        check(text == "7 /tmp kept\n[exit 0]", f"restored from the store: {text!r}")
        time.sleep(PAUSE)
        text, fresh = session.shell("echo $((k+1))")
        check(text == "8\n[exit 0]" and fresh, f"then rested and back: {text!r} {fresh}")
    finally:
        server.kill()


def sdk(toolsh, workdir):
    """Through the official Python SDK, calls a pause apart: the same answers, and an `ask`
    answered after a pause longer than `--session-park`. The SDK keeps the standalone GET
    stream open, on which the question comes: its session rests between calls all the same
    (the server's figures say so after every pause), and the stream is never reconnected."""
    import asyncio
    from mcp import Client, types

    server = Server(toolsh, workdir, "--memory", "--ask", "fs.delete", "--session-park", str(PARK))
    asked = []

    async def approve(context, params):
        asked.append(params.message)
        await asyncio.sleep(PAUSE * 2)
        return types.ElicitResult(action="accept", content={"approve": True})

    async def run():
        url = f"http://127.0.0.1:{server.port}/mcp"
        async with Client(url, elicitation_callback=approve) as client:
            tools = await client.list_tools()
            steps = [
                ("m=5; cd /tmp; echo x > /tmp/gone; h() { echo h$1; }", "[exit 0]"),
                ("echo $m $PWD; h 1", "5 /tmp\nh1\n[exit 0]"),
                ("rm /tmp/gone; echo \"rm $?\"; ls /tmp/gone", None),
                ("exit 4", "[exit 4]"),
                ("echo $m $?", "5 4\n[exit 0]"),
            ]
            rests = 0
            for command, expected in steps:
                result = await client.call_tool("shell", {"command": command})
                text = result.content[0].text
                if expected is not None:
                    check(text == expected, f"{command!r}: {text!r}")
                else:
                    check(text.startswith("rm 0\n") and text.endswith("[exit 2]"), f"approved after a pause: {text!r}")
                await asyncio.sleep(PAUSE)
                figures = server.status()
                check(figures["sessions"]["resting"] == 1 and figures["streams"] == {"open": 1, "fed": 0, "held": 1}
                      and figures["rests"] > rests, f"{command!r}: rested after it, its stream held: {figures}")
                rests = figures["rests"]
            check(len(asked) == 1 and "/tmp/gone" in asked[0], f"asked once: {asked}")
            again = await client.list_tools()
            check(again == tools, "the same tools after pauses")
            figures = server.status()
            check(figures["listens"] == 1 and figures["wakes"] == len(steps), f"one stream, woken each time: {figures}")

    try:
        asyncio.run(run())
    finally:
        server.kill()


def sdk_from_the_store(toolsh, workdir):
    """Through the official Python SDK against a server whose idle sessions leave memory for the
    store after a second: while its session is in the store its stream stays held (nothing of
    the session in memory), and the session comes back from the store, with a question the
    server asks then reaching the client down the same stream."""
    import asyncio
    from mcp import Client, types

    store = os.path.join(workdir, "held.db")
    server = Server(toolsh, workdir, "--store", store, "--ask", "fs.delete", "--session-park", str(PARK),
                    "--session-idle", "1")
    asked = []

    async def approve(context, params):
        asked.append(params.message)
        return types.ElicitResult(action="accept", content={"approve": True})

    async def run():
        url = f"http://127.0.0.1:{server.port}/mcp"
        async with Client(url, elicitation_callback=approve) as client:
            result = await client.call_tool("shell", {"command": "k=9; echo x > /tmp/kept"})
            check(result.content[0].text == "[exit 0]", result.content[0].text)
            await asyncio.sleep(2)
            figures = server.status()
            check(figures["sessions"]["in_memory"] == 0 and figures["streams"] == {"open": 1, "fed": 0, "held": 1},
                  f"left memory for the store, its stream held: {figures}")
            result = await client.call_tool("shell", {"command": "rm /tmp/kept; echo \"rm $? k=$k\""})
            check(result.content[0].text == "rm 0 k=9\n[exit 0]", f"back from the store, asked: {result.content[0].text!r}")
            check(len(asked) == 1 and "/tmp/kept" in asked[0], f"asked on the held stream: {asked}")
            figures = server.status()
            check(figures["listens"] == 1 and figures["streams"]["fed"] == 1, f"the same stream, fed again: {figures}")

    try:
        asyncio.run(run())
    finally:
        server.kill()


def main(toolsh, workdir):
    only = sys.argv[3:] or ["scenario", "race", "streams_and_ends", "restart", "sdk", "sdk_from_the_store"]
    for name in only:
        globals()[name](toolsh, workdir)
    print("ok")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
