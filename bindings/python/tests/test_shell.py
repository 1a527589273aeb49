"""The Python package against the engine: lines, policy, approvals, limits, sessions, your
functions as commands (sync and async, failing, hanging, returning what JSON cannot hold),
asyncio and threads. Each case runs in a real temporary directory."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

import toolsh


@pytest.fixture()
def ws(tmp_path: Path) -> Path:
    (tmp_path / "notes.txt").write_text("alpha\nbeta\ngamma\n")
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "main.py").write_text("print('hi')  # TODO tidy\n")
    return tmp_path


def shell(ws: Path, **settings) -> toolsh.Shell:
    # A store of the test's own: never the user's.
    settings.setdefault("store", str(ws.parent / f"{ws.name}-store.db"))
    return toolsh.Shell(ws, **settings)


def test_lines_run_as_bash_runs_them_and_state_persists(ws: Path) -> None:
    sh = shell(ws)
    line = "cd src && x=$(grep -c TODO main.py); export x; sort -r ../notes.txt | head -2; echo $x"
    out = sh.run(line)
    bash = subprocess.run(["bash", "-c", line], cwd=ws, capture_output=True, text=True)
    assert (out.stdout, out.status) == (bash.stdout, bash.returncode)
    assert sh.cwd == str(ws / "src") and sh.var("x") == "1"
    assert sh.run("echo $x; pwd").stdout == f"1\n{ws / 'src'}\n"
    # A failing line is its status, not an exception; `exit` ends only the call.
    assert sh.run("ls /no/such").status == 2
    assert sh.run("exit 3").status == 3
    assert sh.run("echo after").stdout == "after\n"


def test_a_denied_action_changes_nothing_and_says_so(ws: Path) -> None:
    sh = shell(ws, deny=["fs.delete"])
    out = sh.run("rm notes.txt")
    assert out.status == 126 and out.blocked and (ws / "notes.txt").exists()
    assert "deny:fs.delete" in out.stderr


def test_an_ask_rule_is_answered_by_the_python_approver(ws: Path) -> None:
    asked: list[dict] = []

    def approver(request: dict) -> bool:
        asked.append(request)
        return request["subject"].endswith("b.txt")

    sh = shell(ws, ask=["fs.write"], approver=approver)
    assert sh.run("echo a > a.txt").status != 0 and not (ws / "a.txt").exists()
    assert sh.run("echo b > b.txt").status == 0 and (ws / "b.txt").read_text() == "b\n"
    assert [r["tool"] for r in asked] == ["fs.write", "fs.write"] and asked[0]["rule"] == "ask:fs.write"
    # Without an approver nobody can say yes.
    assert shell(ws, ask=["fs.write"]).run("echo c > c.txt").status != 0 and not (ws / "c.txt").exists()


def test_an_approver_that_raises_is_no_answer(ws: Path) -> None:
    def approver(_: dict) -> bool:
        raise RuntimeError("the operator is away")

    sh = shell(ws, ask=["fs.write"], approver=approver)
    assert sh.run("echo a > a.txt").status != 0 and not (ws / "a.txt").exists()


def test_a_function_is_a_command_with_flags_help_and_policy(ws: Path) -> None:
    sh = shell(ws)
    orders = {7: {"id": 7, "total": 42.5, "items": ["pen", "ink"]}}

    @sh.tool("orders.get", read_only=True)
    def get_order(id: int, verbose: bool = False) -> dict:
        """Look an order up by its id."""
        if id not in orders:
            raise KeyError(f"no order {id}")
        return orders[id]

    @sh.tool
    def greet(name: str, times: int = 1) -> str:
        """Say hello."""
        return " ".join([f"hello {name}"] * times)

    out = sh.run("orders.get --id 7 | jq -c '{total, n: (.items | length)}'")
    assert (out.stdout, out.status) == ('{"total":42.5,"n":2}\n', 0)
    assert sh.run("app.greet --name ada --times 2").stdout == "hello ada hello ada\n"
    usage = sh.run("help orders.get").stdout
    assert "--id INTEGER" in usage and "Look an order up" in usage
    failed = sh.run("orders.get --id 8")
    assert failed.status == 1 and "KeyError" in failed.stderr and "no order 8" in failed.stderr
    # The schema is the engine's to check: a word that is no integer never reaches Python.
    bad = sh.run("orders.get --id seven")
    assert bad.status == 2, bad.stderr
    assert "orders.get" in sh.run("config tools orders").stdout
    # The policy judges it as any tool.
    denied = shell(ws, deny=["app.get_order_free"], tools=[get_order_free])
    assert denied.run("app.get_order_free --id 1").status == 126


def get_order_free(id: int) -> dict:
    """An order, free."""
    return {"id": id, "total": 0}


def test_registration_errors_are_clear(ws: Path) -> None:
    sh = shell(ws)
    with pytest.raises(ValueError, match="NAMESPACE.TOOL"):
        sh.tool("noname")(lambda: None)
    with pytest.raises(toolsh.ToolshError) as taken:
        sh.tool("fs.read")(lambda path: path)
    assert taken.value.kind == "name"
    with pytest.raises(TypeError, match="positional-only"):
        sh.tool("app.pos")(lambda x, /: x)

    class Opaque:
        pass

    def odd(thing: Opaque) -> None:
        """Takes what JSON cannot."""

    with pytest.raises(TypeError, match="cannot describe"):
        sh.tool("app.odd")(odd)
    # The shell still works after refused registrations, and a rule naming no tool is said.
    assert sh.run("echo ok").stdout == "ok\n"
    # A rule may name a tool registered later with @sh.tool: one that still names none is said
    # at the first line.
    late = shell(ws, deny=["orders.gte"])
    with pytest.raises(toolsh.ToolshError) as policy:
        late.run("true")
    assert policy.value.kind == "policy" and "orders.gte" in str(policy.value)
    sh.run("true")
    with pytest.raises(toolsh.ToolshError, match="first line"):
        sh.tool("app.late")(lambda: 1)


def test_what_a_function_returns_is_printed_by_its_kind(ws: Path) -> None:
    sh = shell(ws)

    @sh.tool("kinds.raw")
    def raw() -> bytes:
        return b"\x00\x01binary"

    @sh.tool("kinds.none")
    def none() -> None:
        return None

    @sh.tool("kinds.odd")
    def odd() -> object:
        return object()

    @sh.tool("kinds.nan")
    def nan() -> float:
        return float("nan")

    assert sh.run("kinds.raw").stdout_bytes == b"\x00\x01binary"
    assert sh.run("kinds.none").stdout == "" and sh.run("kinds.none").status == 0
    out = sh.run("kinds.odd")
    assert out.status == 1 and "not JSON" in out.stderr
    assert sh.run("kinds.nan").status == 1


def test_async_functions_are_awaited_on_the_app_s_loop(ws: Path) -> None:
    sh = shell(ws)
    loops: list[asyncio.AbstractEventLoop] = []

    @sh.tool("docs.search")
    async def search(query: str) -> list:
        """Search the docs."""
        loops.append(asyncio.get_running_loop())
        await asyncio.sleep(0.01)
        return [{"title": f"{query} guide"}]

    async def main() -> tuple[str, str]:
        ticks = 0

        async def ticker() -> None:
            nonlocal ticks
            while True:
                ticks += 1
                await asyncio.sleep(0.005)

        running = asyncio.create_task(ticker())
        out = await sh.arun("docs.search --query intro | jq -r '.[0].title'")
        running.cancel()
        assert ticks > 0, "the loop went on while the line ran"
        return out.stdout, await sh.afor_model("docs.search --query x | jq length")

    stdout, text = asyncio.run(main())
    assert stdout == "intro guide\n" and text == "1\n[exit 0]"
    assert len(loops) == 2
    # Outside asyncio a coroutine gets a loop of its own.
    assert sh.run("docs.search --query y | jq -r '.[0].title'").stdout == "y guide\n"


def test_a_hanging_function_is_abandoned_at_the_deadline(ws: Path) -> None:
    sh = shell(ws)

    @sh.tool("slow.wait")
    def wait(seconds: float) -> str:
        time.sleep(seconds)
        return "done"

    started = time.monotonic()
    out = sh.run("slow.wait --seconds 5", timeout=0.5)
    assert out.status == 124, out
    assert time.monotonic() - started < 4
    assert sh.run("echo next").stdout == "next\n"


def test_cancelling_stops_the_line(ws: Path) -> None:
    sh = shell(ws)
    cancel = toolsh.Cancel()
    threading.Timer(0.3, cancel.cancel).start()
    started = time.monotonic()
    out = sh.run("while :; do :; done", cancel=cancel)
    assert out.status == 130 and time.monotonic() - started < 5

    async def main() -> float:
        task = asyncio.create_task(sh.arun("sleep 30"))
        await asyncio.sleep(0.3)
        task.cancel()
        began = time.monotonic()
        with pytest.raises(asyncio.CancelledError):
            await task
        return time.monotonic() - began

    assert asyncio.run(main()) < 2
    assert sh.run("echo still").stdout == "still\n"


def test_limits_hold_and_say_which(ws: Path) -> None:
    sh = shell(ws, limits={"commands": 1000})
    out = sh.run("while :; do :; done")
    assert out.status != 0 and "commands" in out.stderr
    big = shell(ws, limits={"result-lines": 5})
    text = big.for_model("seq 1 1000")
    assert "cut here" in text and text.endswith("[exit 0]") and "1000" in text


def test_sessions_are_apart_and_saved_ones_come_back(ws: Path) -> None:
    sh = shell(ws)
    sh.run("cd src; x=1; f() { echo fn; }")
    other = sh.session()
    assert other.run("echo ${x-unset}; pwd").stdout == f"unset\n{ws}\n"
    assert sh.save("work") >= 1
    fresh = shell(ws)
    assert fresh.restore("work") is True
    assert fresh.run("f; echo $x; pwd").stdout == f"fn\n1\n{ws / 'src'}\n"
    assert fresh.restore("nothing") is False


def test_many_threads_share_one_shell_safely(ws: Path) -> None:
    sh = shell(ws)
    sh.run("n=0")
    results: list[int] = []

    def work() -> None:
        for _ in range(20):
            results.append(sh.run("n=$((n+1)); echo $n").status)

    threads = [threading.Thread(target=work) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert results == [0] * 80 and sh.var("n") == "80"


def test_the_definition_is_the_engine_s(ws: Path) -> None:
    sh = shell(ws, hosts={}, deny=["net.fetch"])
    definition = sh.definition("openai")
    assert definition["function"]["name"] == "shell"
    assert "command" in sh.parameters["properties"]
    assert str(ws) in sh.description
    assert json.loads(json.dumps(sh.definition("anthropic")))["name"] == "shell"


def test_bad_settings_are_refused_with_the_option_named(ws: Path) -> None:
    with pytest.raises(toolsh.ToolshError) as missing:
        toolsh.Shell(ws / "missing")
    assert "missing" in str(missing.value)
    with pytest.raises(toolsh.ToolshError, match="limit"):
        toolsh.Shell(ws, limits={"no-such-limit": 1})
    with pytest.raises(ValueError, match="allow, ask, deny or disable"):
        toolsh.Shell(ws, policy={"permit": ["fs.read"]})


def test_the_command_line_comes_with_the_package(ws: Path) -> None:
    exe = Path(sys.executable).parent / "toolsh"
    assert exe.exists(), exe
    out = subprocess.run([exe, "--root", str(ws), "-c", "wc -l < notes.txt"], capture_output=True, text=True)
    assert (out.stdout, out.returncode) == ("3\n", 0)


def test_a_declared_host_program_runs_confined_through_the_carried_launcher(ws: Path) -> None:
    sh = shell(ws, hosts={"git": None}, allow=["host.git"])
    out = sh.run("git init -q . && git status --short | sort")
    assert out.status == 0, out.stderr
    assert out.stdout == "?? notes.txt\n?? src/\n"
    # Outside the workspace it reaches nothing.
    assert sh.run("git -C /etc status").status != 0


def test_the_package_s_command_line_runs_host_programs_too(ws: Path) -> None:
    exe = Path(sys.executable).parent / "toolsh"
    out = subprocess.run([exe, "--root", str(ws), "--host", "git", "--allow", "host.git", "-c", "git --version"],
                         capture_output=True, text=True)
    assert out.returncode == 0 and out.stdout.startswith("git version"), out.stderr


def test_dropping_the_shell_stops_its_jobs(ws: Path) -> None:
    import gc

    sh = shell(ws)
    assert sh.run("while :; do echo x >> ticks; sleep 0.05; done &").status == 0
    time.sleep(0.4)
    ticks = ws / "ticks"
    assert ticks.exists() and ticks.stat().st_size > 0
    del sh
    gc.collect()
    time.sleep(0.2)
    size = ticks.stat().st_size
    time.sleep(0.4)
    assert ticks.stat().st_size == size, "the job went on after its shell was dropped"


def test_python_exits_cleanly_while_an_abandoned_function_still_runs(ws: Path) -> None:
    program = f"""
import time, toolsh
sh = toolsh.Shell({str(ws)!r}, store={str(ws.parent / 'exit-store.db')!r})
@sh.tool("slow.wait")
def wait(seconds: float) -> str:
    time.sleep(seconds)
    return "done"
print(sh.run("slow.wait --seconds 3", timeout=0.2).status)
"""
    started = time.monotonic()
    out = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, timeout=60)
    assert (out.stdout, out.returncode) == ("124\n", 0), out.stderr
    assert time.monotonic() - started < 2.5, "exit waited for the abandoned call"


def test_a_mounted_mcp_server_s_tools_are_commands(ws: Path) -> None:
    import os

    server = Path(os.environ["TOOLSH_REPO"]) / "tests" / "mcp" / "mounted.py"
    marks = ws.parent / f"{ws.name}-marks"
    marks.mkdir()
    sh = shell(ws, mcp={"lib": f"python3 {server} {marks}"}, deny=["lib.forget"])
    started = len([m for m in marks.iterdir() if m.name.startswith("started")])

    # With a server mounted, tools registered after the shell join it at its first use: the
    # server is not started again for each.
    @sh.tool("app.one")
    def one() -> int:
        return 1

    @sh.tool("app.two")
    def two() -> int:
        return 2

    assert sh.run("app.one; app.two").stdout == "1\n2\n"
    assert len([m for m in marks.iterdir() if m.name.startswith("started")]) <= started + 1
    out = sh.run("lib.add --terms 1 --terms 2 | jq .total")
    assert (out.stdout, out.status) == ("3\n", 0), out.stderr
    assert "lib.add" in sh.run("help lib").stdout
    # The policy holds over the server's tools: a denied call never reaches it.
    before = len(list(marks.iterdir()))
    assert sh.run("lib.forget --key k").status == 126
    assert len(list(marks.iterdir())) == before
    # A server that does not start is reported and left out, as on the command line: the rest
    # of the shell works.
    partial = shell(ws, mcp={"gone": "/nonexistent/server"})
    assert partial.run("echo up").stdout == "up\n"
    assert partial.run("gone.anything").status == 127


def test_a_yes_that_comes_after_the_line_ended_runs_nothing(ws: Path) -> None:
    def slow_yes(_: dict) -> bool:
        time.sleep(1.0)
        return True

    sh = shell(ws, ask=["fs.delete"], approver=slow_yes)
    out = sh.run("rm notes.txt", timeout=0.3)
    assert out.status != 0 and (ws / "notes.txt").exists(), out

    async def no_async(_: dict) -> bool:
        return False

    async def yes_async(_: dict) -> bool:
        return True

    assert shell(ws, ask=["fs.write"], approver=no_async).run("echo a > a.txt").status != 0
    assert not (ws / "a.txt").exists()
    assert shell(ws, ask=["fs.write"], approver=yes_async).run("echo b > b.txt").status == 0
    # Only True approves: a truthy answer such as "no" does not.
    assert shell(ws, ask=["fs.write"], approver=lambda _: "no").run("echo c > c.txt").status != 0
    assert not (ws / "c.txt").exists()


def test_the_workspace_s_own_policy_file_is_read_only_when_named(ws: Path) -> None:
    marker = ws.parent / f"{ws.name}-started"
    (ws / "toolsh.toml").write_text(
        f'profile = "trusted"\n[mcp.evil]\ncommand = "touch"\nargs = ["{marker}"]\n'
    )
    sh = shell(ws, deny=["fs.delete"])
    assert not marker.exists(), "a program of the workspace's toolsh.toml ran"
    assert sh.run("rm notes.txt").status == 126
    # Named, it is read (and its rules hold).
    (ws / "toolsh.toml").write_text('deny = ["fs.write"]\n')
    named = shell(ws, policy=ws / "toolsh.toml")
    assert named.run("echo x > x.txt").status == 126


def test_a_timeout_that_is_no_duration_is_refused(ws: Path) -> None:
    for bad in (float("inf"), 1e308, 0, -1, float("nan")):
        with pytest.raises(toolsh.ToolshError, match="positive number of seconds"):
            toolsh.Shell(ws, timeout=bad)


def test_a_tool_or_approver_using_its_own_shell_is_told_not_deadlocked(ws: Path) -> None:
    sh = shell(ws, ask=["fs.write"], approver=lambda _: sh.cwd.endswith("src"))

    @sh.tool("app.nested")
    def nested() -> str:
        return sh.run("echo inner").stdout

    @sh.tool("app.aside")
    def aside() -> str:
        return sh.session().run("echo aside").stdout

    started = time.monotonic()
    out = sh.run("app.nested")
    assert out.status == 1 and "cannot use the shell whose line is calling it" in out.stderr, out
    assert sh.run("app.aside").stdout == "aside\n"
    # The approver's question about the shell is an error, so no answer: refused, promptly.
    assert sh.run("echo x > x.txt").status != 0 and not (ws / "x.txt").exists()
    assert time.monotonic() - started < 10


def test_a_rule_may_name_a_tool_registered_after_the_shell(ws: Path) -> None:
    sh = shell(ws, deny=["app.secret"])

    @sh.tool("app.secret")
    def secret() -> str:
        return "leaked"

    out = sh.run("app.secret")
    assert out.status == 126 and out.stdout == ""


def test_ctrl_c_stops_a_running_line_and_is_raised(ws: Path) -> None:
    import signal

    program = f"""
import time, toolsh
sh = toolsh.Shell({str(ws)!r}, store={str(ws.parent / 'sigint-store.db')!r})
print("ready", flush=True)
try:
    sh.run("while :; do :; done")
except KeyboardInterrupt:
    print("interrupted", sh.run("echo after").stdout.strip(), flush=True)
"""
    child = subprocess.Popen([sys.executable, "-c", program], stdout=subprocess.PIPE, text=True)
    assert child.stdout is not None and child.stdout.readline() == "ready\n"
    time.sleep(0.5)
    child.send_signal(signal.SIGINT)
    out, _ = child.communicate(timeout=20)
    assert (out, child.returncode) == ("interrupted after\n", 0)


import enum  # noqa: E402
import functools  # noqa: E402

from pydantic import BaseModel  # noqa: E402


class Color(enum.Enum):
    RED = "red"
    BLUE = "blue"


class Item(BaseModel):
    name: str
    qty: int = 1


def test_arguments_arrive_as_their_hinted_types(ws: Path) -> None:
    seen: list[object] = []
    sh = shell(ws)

    @sh.tool("app.paint")
    def paint(color: Color, items: list[Item], extra: Item | None = None) -> str:
        seen.extend([color, items, extra])
        return f"{color.value} {sum(i.qty for i in items)}"

    def scaled(factor: int, x: int) -> int:
        """Scale a number."""
        return factor * x

    sh.tool("app.triple")(functools.partial(scaled, 3))
    out = sh.run("""app.paint --color blue --items '[{"name": "a", "qty": 2}, {"name": "b"}]'""")
    assert (out.stdout, out.status) == ("blue 3\n", 0), out.stderr
    assert seen[0] is Color.BLUE and isinstance(seen[1][0], Item) and seen[2] is None
    assert sh.run("app.triple --x 5").stdout == "15\n"
    assert "Scale a number" in sh.run("help app.triple").stdout


def test_asking_the_shell_on_the_loop_while_its_line_runs_is_refused_not_a_deadlock(ws: Path) -> None:
    sh = shell(ws)

    @sh.tool("app.later")
    async def later() -> str:
        await asyncio.sleep(0.3)
        return "done"

    async def main() -> tuple[str, str]:
        running = asyncio.create_task(sh.arun("app.later"))
        await asyncio.sleep(0.1)
        with pytest.raises(toolsh.ToolshError, match="awaited on this loop"):
            _ = sh.cwd
        # Concurrent aruns of one shell take turns.
        second = await sh.arun("echo second")
        return (await running).stdout, second.stdout

    assert asyncio.run(main()) == ("done\n", "second\n")


def test_a_single_rule_or_name_is_a_list_of_one(ws: Path) -> None:
    sh = shell(ws, deny="fs.delete")
    assert sh.run("rm notes.txt").status == 126 and (ws / "notes.txt").exists()
    with pytest.raises(ValueError, match="NAME=VALUE"):
        shell(ws, env={"A": None})
