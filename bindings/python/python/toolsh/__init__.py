"""toolsh for Python: one sandboxed shell in place of dozens of tool schemas.

    import toolsh

    sh = toolsh.Shell("path/to/project", deny=["fs.delete"])

    @sh.tool("orders.get")
    def get_order(id: int) -> dict:
        "Look an order up by its id."
        return {"id": id, "total": 42}

    sh.run("orders.get --id 7 | jq .total").stdout   # '42\\n'
    sh.for_model("ls -la")                             # the text a model should read

The engine is toolsh's own (Rust, in-process): a setting means what the same `toolsh` option
means, and every line passes the same policy, limits and result contract. This package adds
only what Python needs: your functions as commands, an approver as a callable, `asyncio`.
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from . import _toolsh
from ._tools import approving, calling, declare, start

__all__ = ["Shell", "Result", "ToolshError", "Cancel"]
__version__ = _toolsh.VERSION

ToolshError = _toolsh.ToolshError
"""A toolsh call failed; ``kind`` says why (``name``, ``declaration``, ``policy``, ``server``,
``host``, ``store``, ``session``, ``workspace``)."""

Cancel = _toolsh.Cancel
"""Stops a running line from another thread: ``c = Cancel(); sh.run(line, cancel=c)``, then
``c.cancel()`` (the line ends with status 130 and the output so far)."""


@dataclass(frozen=True)
class Result:
    """What a line did."""

    stdout_bytes: bytes
    stderr_bytes: bytes
    status: int
    """The exit status, as bash gives it (126: refused by the policy; 124: out of time)."""
    truncated: bool
    """Output went past the capture limit and was cut."""
    executed: int
    """Commands run (0: nothing ran — a syntax error or a refusal before the start)."""
    blocked: list[str]
    """The policy's refusals during the line, as they were said."""
    duration: float
    """Seconds the line took."""
    job: int | None
    """The job the line became when it outran its deadline with ``on-timeout`` set to
    background (status 148): its output is in ``/tmp/.jobs/N.log``."""

    @property
    def stdout(self) -> str:
        """Standard output as text (bytes that are not UTF-8 replaced)."""
        return self.stdout_bytes.decode("utf-8", "replace")

    @property
    def stderr(self) -> str:
        """Standard error as text."""
        return self.stderr_bytes.decode("utf-8", "replace")

    @property
    def ok(self) -> bool:
        """Whether the status is 0."""
        return self.status == 0


def _on(loop: asyncio.AbstractEventLoop) -> bool:
    """Whether this thread is running ``loop``."""
    try:
        return asyncio.get_running_loop() is loop
    except RuntimeError:
        return False


def _launcher() -> str | None:
    """The ``toolsh-launch`` host programs start through: the one the wheel carries, else one
    on the PATH (a ``cargo install``'s)."""
    import shutil
    from pathlib import Path

    carried = Path(__file__).parent / "_bin" / "toolsh-launch"
    return str(carried) if carried.is_file() else shutil.which("toolsh-launch")


_runner: Any = None


def _executor() -> Any:
    """The threads ``arun`` waits on, toolsh's own: waiting lines never take the loop's default
    executor from the app's ``asyncio.to_thread`` work (which a tool of theirs may need)."""
    global _runner
    if _runner is None:
        from concurrent.futures import ThreadPoolExecutor

        _runner = ThreadPoolExecutor(max_workers=64, thread_name_prefix="toolsh")
    return _runner


class _Loop:
    """The event loop an ``arun`` waits on, where an async tool's coroutine runs meanwhile
    (its clients and sessions live there); none outside ``arun``."""

    loop: asyncio.AbstractEventLoop | None = None
    busy: int = 0


def _words(
    root: str | os.PathLike[str] | None,
    memory: bool,
    overlay: str | os.PathLike[str] | None,
    mounts: Mapping[str, str] | None,
    policy: str | os.PathLike[str] | Mapping[str, Iterable[str]] | None,
    profile: str | None,
    allow: Iterable[str],
    ask: Iterable[str],
    deny: Iterable[str],
    disable: Iterable[str],
    agent: str | None,
    store: str | os.PathLike[str] | None,
    session: str | None,
    fresh: bool,
    mcp: Mapping[str, str] | None,
    hosts: Mapping[str, str | None] | Iterable[str] | None,
    limits: Mapping[str, int | float | str] | None,
    env: Mapping[str, str] | None,
    inherit_env: bool,
    timeout: float | None,
) -> list[str]:
    """The command line's options for these settings (``toolsh --help`` says each)."""

    def listed(value: Any) -> list[Any]:
        # One rule or name given alone is a list of one, not of its characters.
        return [value] if isinstance(value, (str, os.PathLike)) else list(value or ())

    allow, ask, deny, disable = listed(allow), listed(ask), listed(deny), listed(disable)
    if hosts is not None and not isinstance(hosts, Mapping):
        hosts = listed(hosts)
    for name, value in (env or {}).items():
        if value is None or "=" in name:
            raise ValueError(f"env: {name!r}={value!r} is not NAME=VALUE text")
    words: list[str] = []
    if memory:
        words.append("--memory")
    elif overlay is not None:
        words += ["--overlay", os.fspath(overlay)]
    else:
        words += ["--root", os.fspath(root if root is not None else ".")]
    for at, source in (mounts or {}).items():
        words += ["--mount", f"{at}={source}"]
    rules = {"allow": list(allow), "ask": list(ask), "deny": list(deny), "disable": list(disable)}
    if isinstance(policy, Mapping):
        for verdict, patterns in policy.items():
            if verdict not in rules:
                raise ValueError(f"policy: '{verdict}' is not allow, ask, deny or disable")
            rules[verdict] += listed(patterns)
    elif policy is not None:
        words += ["--config", os.fspath(policy)]
    for verdict, patterns in rules.items():
        for pattern in patterns:
            words += [f"--{verdict}", pattern]
    if profile is not None:
        words += ["--profile", profile]
    if agent is not None:
        words += ["--agent", agent]
    if store is not None:
        words += ["--store", os.fspath(store)]
    if session is not None:
        words += ["--session", session]
        if fresh:
            words.append("--fresh")
    for alias, server in (mcp or {}).items():
        words += ["--mcp", f"{alias}={server}"]
    if isinstance(hosts, Mapping):
        for name, path in hosts.items():
            words += ["--host", name if path is None else f"{name}={path}"]
    else:
        for name in hosts or ():
            words += ["--host", name]
    for name, value in (limits or {}).items():
        words += ["--limit", f"{name}={value}"]
    for name, value in (env or {}).items():
        words += ["--env", f"{name}={value}"]
    if inherit_env:
        words.append("--inherit-env")
    if timeout is not None:
        words += ["--timeout", str(timeout)]
    return words


class Shell:
    """A session of the toolsh engine over a workspace.

    ``root`` (default ``.``) is mounted read-write at its own path and the shell starts there;
    ``memory=True`` gives an empty in-memory workspace instead, ``overlay=DIR`` one whose writes
    stay in memory. The policy: ``profile`` (``readonly``, ``workspace``, ``trusted``), rules
    ``allow``/``ask``/``deny``/``disable`` over tool names (``fs.delete``, ``fs.write:src/**``),
    or ``policy`` — a ``toolsh.toml`` path (the workspace's own ``toolsh.toml`` is read only
    when named so: it is content the app did not write), or a dict of those rule lists.
    ``approver`` answers ``ask`` rules (called with a dict: ``command``, ``tool``, ``subject`` —
    ``None`` for a call without one —, ``rule``; ``True`` lets the call run, anything else
    refuses it; an ``async def`` approver is awaited); without one they are refused. ``mcp`` mounts MCP servers (``{"memory": "npx -y
    @modelcontextprotocol/server-memory"}`` or a URL), ``hosts`` declares host programs, ``limits``
    sets named limits (``{"timeout-ms": 5000, "commands": 100000}``), ``store`` keeps messages, sessions and the
    audit log, ``tools`` are your functions (see :meth:`tool`).
    """

    def __init__(
        self,
        root: str | os.PathLike[str] | None = None,
        *,
        memory: bool = False,
        overlay: str | os.PathLike[str] | None = None,
        mounts: Mapping[str, str] | None = None,
        policy: str | os.PathLike[str] | Mapping[str, Iterable[str]] | None = None,
        profile: str | None = None,
        allow: Iterable[str] = (),
        ask: Iterable[str] = (),
        deny: Iterable[str] = (),
        disable: Iterable[str] = (),
        approver: Callable[[dict[str, Any]], bool] | None = None,
        agent: str | None = None,
        store: str | os.PathLike[str] | None = None,
        session: str | None = None,
        fresh: bool = False,
        mcp: Mapping[str, str] | None = None,
        hosts: Mapping[str, str | None] | Iterable[str] | None = None,
        limits: Mapping[str, int | float | str] | None = None,
        env: Mapping[str, str] | None = None,
        inherit_env: bool = False,
        timeout: float | None = None,
        tools: Iterable[Callable[..., Any]] = (),
        namespace: str = "app",
    ) -> None:
        self._words = _words(
            root, memory, overlay, mounts, policy, profile, allow, ask, deny, disable, agent, store,
            session, fresh, mcp, hosts, limits, env, inherit_env, timeout,
        )
        self._approver = approver
        self._namespace = namespace
        self._declared: list[tuple[str, str, str, bool, Callable[..., Any]]] = []
        self._loop = _Loop()
        self._ran = False
        for function in tools:
            self._declared.append(declare(function, None, None, False, namespace))
        # A rule may name a tool registered after this with @sh.tool: a policy that names no
        # tool yet is said at the first line if it still names none.
        self._pending: ToolshError | None = None
        self._native: Any = None
        # With servers to mount (named, or perhaps in a policy file), each registration would
        # start them again: tools registered after the shell are then added at its first use.
        self._servers = bool(mcp) or (policy is not None and not isinstance(policy, Mapping))
        self._stale = False
        try:
            self._native = self._build()
        except ToolshError as err:
            if getattr(err, "kind", None) != "policy":
                raise
            self._pending = err

    def _build(self) -> Any:
        def call(function: Callable[..., Any], arguments: str, reply: Any) -> None:
            start(function, arguments, self_loop, reply)

        self_loop = self._loop
        approver = approving(self._approver, self_loop) if self._approver is not None else None
        return _toolsh.Shell(self._words, self._declared, approver, call, _launcher())

    def tool(
        self,
        name: str | Callable[..., Any] | None = None,
        *,
        description: str | None = None,
        read_only: bool = False,
    ) -> Any:
        """Makes a function a command of this shell, as ``@sh.tool`` or ``@sh.tool("orders.get")``.

        The command's name is ``name`` (``namespace.tool``; default ``app.FUNCTION``), its help
        the docstring (or ``description``), its flags the parameters: type hints (``str``,
        ``int``, ``float``, ``bool``, ``list[...]``, ``dict``, ``Optional``, ``Literal``, pydantic
        models) give the JSON Schema the engine checks calls against. A dict or list it returns
        prints as one line of JSON (``| jq`` reads it), a str as text, bytes as they are; an
        exception is status 1 with its message on stderr. Async functions are awaited. The
        policy judges it as any tool (``read_only=True`` declares it changes nothing). Register
        tools before the first line runs.
        """

        def register(function: Callable[..., Any]) -> Callable[..., Any]:
            if self._ran:
                raise ToolshError("register tools before the shell runs its first line")
            tool_name = name if isinstance(name, str) else None
            declared = declare(function, tool_name, description, read_only, self._namespace)
            self._declared.append(declared)
            if self._servers:
                self._stale = True
                return function
            try:
                self._native = self._build()
                self._pending = None
            except ToolshError as err:
                if getattr(err, "kind", None) == "policy":
                    self._native, self._pending = None, err
                else:
                    self._declared.pop()
                    raise
            except BaseException:
                self._declared.pop()
                raise
            return function

        if callable(name):
            return register(name)
        return register

    def _ready(self, blocking: bool = True) -> Any:
        """The engine's shell, or why it cannot be used here: the policy error that keeps it
        from being made, or a tool or approver of its own running line asking (the line waits
        for it, and it would wait for the line)."""
        if getattr(calling, "shell", None) is self._loop:
            raise ToolshError(
                "a tool or approver cannot use the shell whose line is calling it; use sh.session()"
            )
        if blocking and self._loop.busy and self._loop.loop is not None and _on(self._loop.loop):
            # Waiting here would hold the loop that the running line's async tools need.
            raise ToolshError("the shell is running a line awaited on this loop: ask once it has ended")
        if self._stale:
            self._stale = False
            try:
                self._native, self._pending = self._build(), None
            except ToolshError as err:
                if getattr(err, "kind", None) != "policy":
                    raise
                self._native, self._pending = None, err
        if self._native is None and self._pending is not None:
            raise self._pending
        return self._native

    def _enter(self, blocking: bool = True) -> None:
        self._ready(blocking)
        self._ran = True

    def run(self, line: str, *, timeout: float | None = None, cancel: Cancel | None = None) -> Result:
        """Runs a command line; state (variables, directory, functions, jobs) stays for the next."""
        self._enter()
        return Result(*self._native.run(line, timeout, cancel))

    async def _off_loop(self, method: Callable[..., Any], *args: Any) -> Any:
        """Runs a native method on the default executor while the loop goes on: async tools run
        on this loop meanwhile, and cancelling the awaiting task stops the line."""
        self._enter(blocking=False)
        loop = asyncio.get_running_loop()
        cancel = Cancel()
        self._loop.loop = loop
        self._loop.busy += 1
        try:
            return await loop.run_in_executor(_executor(), method, *args, cancel)
        except asyncio.CancelledError:
            cancel.cancel()
            raise
        finally:
            self._loop.busy -= 1
            if self._loop.loop is loop:
                self._loop.loop = None

    async def arun(self, line: str, *, timeout: float | None = None) -> Result:
        """:meth:`run` for asyncio: the loop goes on while the line runs, async tools run on it,
        and cancelling the task stops the line."""
        return Result(*await self._off_loop(self._ready(blocking=False).run, line, timeout))

    def for_model(self, line: str, *, timeout: float | None = None, cancel: Cancel | None = None) -> str:
        """Runs a line and returns what a model should read: the output (a long one cut with
        a mark where it was cut, naming a file that holds all of it) ending in ``[exit N]``."""
        self._enter()
        text, _status, _truncated, _spill = self._native.for_model(line, timeout, cancel)
        return text

    async def afor_model(self, line: str, *, timeout: float | None = None) -> str:
        """:meth:`for_model` for asyncio."""
        text, _status, _truncated, _spill = await self._off_loop(self._ready(blocking=False).for_model, line, timeout)
        return text

    def call(self, arguments: Mapping[str, Any] | str, *, cancel: Cancel | None = None) -> str:
        """One call of the ``shell`` tool as ``toolsh mcp`` answers it: ``arguments`` is what the
        model sent (``{"command": …, "timeout_ms": …, "on_timeout": …}``, a dict or its JSON); a
        mistake in them is answered in words the model reads. What the agent adapters call."""
        import json

        self._enter()
        text = arguments if isinstance(arguments, str) else json.dumps(dict(arguments))
        answer, _status, _truncated, _spill = self._native.call(text, cancel)
        return answer

    async def acall(self, arguments: Mapping[str, Any] | str) -> str:
        """:meth:`call` for asyncio (cancelling the task stops the line)."""
        import json

        text = arguments if isinstance(arguments, str) else json.dumps(dict(arguments))
        answer, _status, _truncated, _spill = await self._off_loop(self._ready(blocking=False).call, text)
        return answer

    def session(self) -> Shell:
        """A new session over the same workspace, tools, policy and store, with its own
        variables, directory, jobs and ``/tmp``."""
        fresh = object.__new__(Shell)
        fresh.__dict__.update(self.__dict__)
        fresh._loop = _Loop()
        fresh._ran = True
        if self._stale or (self._native is None and self._pending is not None):
            self._ready(blocking=False)
        # A new session waits for no line: a tool may make one of its own shell.
        fresh._native = self._native.session()
        return fresh

    def save(self, name: str) -> int:
        """Saves this session to the store as ``name`` (variables, functions, options, cwd,
        jobs, ``/tmp``); its generation."""
        return self._ready().save(name)

    def restore(self, name: str) -> bool:
        """Makes this session the saved ``name``; False when there is none."""
        return self._ready().restore(name)

    @property
    def cwd(self) -> str:
        """The working directory."""
        return self._ready().cwd()

    def var(self, name: str) -> str | None:
        """A shell variable's value."""
        return self._ready().var(name)

    def definition(self, format: str = "openai") -> dict[str, Any]:
        """The ``shell`` tool's definition, read off this session: ``openai`` (a function
        tool), ``anthropic``, ``mcp``."""
        import json

        return json.loads(self._ready().definition(format))

    @property
    def description(self) -> str:
        """What the ``shell`` tool tells a model: the commands and tools this policy lets
        run, how to get help, what a status means."""
        return self.definition("openai")["function"]["description"]

    @property
    def parameters(self) -> dict[str, Any]:
        """The ``shell`` tool's JSON Schema (``command``, ``timeout_ms``, …)."""
        return self.definition("openai")["function"]["parameters"]
