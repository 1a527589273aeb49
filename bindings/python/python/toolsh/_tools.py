"""Python functions as toolsh tools: a JSON Schema from the signature, and the call.

The engine checks a call's arguments against the schema, makes the command's flags and help
from it, and judges the call by the policy; here we only describe the function and call it.
"""

from __future__ import annotations

import asyncio
import dataclasses
import enum
import inspect
import json
import queue
import re
import threading
import types
import typing
from collections.abc import Callable
from typing import Any

_NAME = re.compile(r"^[a-z][a-z0-9_-]*\.[A-Za-z0-9][A-Za-z0-9_.-]*$")


def _pydantic_model(annotation: Any) -> Any:
    """The pydantic model class ``annotation`` is, if pydantic is installed and it is one."""
    try:
        from pydantic import BaseModel
    except ImportError:
        return None
    return annotation if inspect.isclass(annotation) and issubclass(annotation, BaseModel) else None


def schema_of(annotation: Any, where: str) -> dict[str, Any]:
    """The JSON Schema of a type hint; a hint it cannot describe is an error naming ``where``."""
    if annotation is inspect.Parameter.empty or annotation is Any:
        return {}
    model = _pydantic_model(annotation)
    if model is not None:
        return model.model_json_schema()
    origin = typing.get_origin(annotation)
    args = typing.get_args(annotation)
    if annotation is str:
        return {"type": "string"}
    if annotation is bool:
        return {"type": "boolean"}
    if annotation is int:
        return {"type": "integer"}
    if annotation is float:
        return {"type": "number"}
    if annotation in (dict, typing.Dict) or origin is dict:
        return {"type": "object"}
    if annotation in (list, typing.List) or origin in (list, tuple, set, frozenset):
        items = schema_of(args[0], where) if args and args[0] is not Ellipsis else {}
        return {"type": "array", "items": items} if items else {"type": "array"}
    if origin is typing.Literal:
        return {"enum": list(args)}
    if inspect.isclass(annotation) and issubclass(annotation, enum.Enum):
        return {"enum": [member.value for member in annotation]}
    if origin in (typing.Union, types.UnionType):
        present = [a for a in args if a is not type(None)]
        if len(present) == 1:
            return schema_of(present[0], where)
        return {"anyOf": [schema_of(a, where) for a in present]}
    if origin is typing.Annotated:
        return schema_of(args[0], where)
    raise TypeError(f"{where}: toolsh cannot describe the type {annotation!r} as JSON (use str, int, float, "
                    "bool, list, dict, Optional, Literal, an Enum or a pydantic model)")


def _hints(function: Callable[..., Any], extras: bool = False) -> dict[str, Any]:
    """The type hints of a function, of a ``functools.partial``'s target, or of a callable
    object's ``__call__``; none when they cannot be resolved."""
    target = getattr(function, "func", function)
    if not (inspect.isfunction(target) or inspect.ismethod(target)) and callable(target):
        target = type(target).__call__
    try:
        return typing.get_type_hints(target, include_extras=extras)
    except Exception:  # noqa: BLE001 - hints that cannot be resolved describe nothing
        return {}


def _name_of(function: Callable[..., Any]) -> str:
    """A function's name; a ``functools.partial``'s or a callable object's is its target's."""
    target = getattr(function, "func", function)
    return getattr(target, "__name__", type(target).__name__)


def _description(function: Callable[..., Any]) -> str:
    doc = inspect.getdoc(getattr(function, "func", function))
    return doc.strip() if doc else f"{_name_of(function)} (a Python function)"


def declare(
    function: Callable[..., Any],
    name: str | None,
    description: str | None,
    read_only: bool,
    namespace: str,
) -> tuple[str, str, str, bool, Callable[..., Any]]:
    """``(name, description, schema, read_only, function)`` as the engine takes a tool."""
    if not callable(function):
        raise TypeError(f"a tool is a function, not {function!r}")
    tool = name or f"{namespace}.{_name_of(function)}"
    if not _NAME.match(tool):
        raise ValueError(f"tool '{tool}': a name is NAMESPACE.TOOL (lowercase namespace, like orders.get)")
    hints = _hints(function, extras=True)
    properties: dict[str, Any] = {}
    required: list[str] = []
    for parameter in inspect.signature(function).parameters.values():
        if parameter.kind in (parameter.VAR_POSITIONAL, parameter.VAR_KEYWORD):
            continue
        if parameter.kind is parameter.POSITIONAL_ONLY:
            raise TypeError(f"tool '{tool}': parameter '{parameter.name}' is positional-only; flags are named")
        schema = dict(schema_of(hints.get(parameter.name, parameter.annotation), f"tool '{tool}', parameter '{parameter.name}'"))
        if parameter.default is inspect.Parameter.empty:
            required.append(parameter.name)
        else:
            try:
                json.dumps(parameter.default)
                if parameter.default is not None:
                    schema["default"] = parameter.default
            except (TypeError, ValueError):
                pass
        properties[parameter.name] = schema
    schema = {"type": "object", "properties": properties, "required": required, "additionalProperties": False}
    return (tool, description or _description(function), json.dumps(schema), read_only, function)


def _arguments(function: Callable[..., Any], values: dict[str, Any]) -> dict[str, Any]:
    """The call's JSON values as the function's parameters: with pydantic installed, each
    validated into its hinted type (models, ``list[Model]``, ``Optional[Model]``, enums); without
    it, enums made from their values."""
    hints = _hints(function)
    try:
        from pydantic import TypeAdapter
    except ImportError:
        TypeAdapter = None  # noqa: N806
    for key, value in list(values.items()):
        hint = hints.get(key)
        if hint is None or hint is Any:
            continue
        if TypeAdapter is not None:
            values[key] = TypeAdapter(hint).validate_python(value)
        elif inspect.isclass(hint) and issubclass(hint, enum.Enum):
            values[key] = hint(value)
    return values


def _jsonable(value: Any) -> Any:
    """A return value as JSON data, or a TypeError saying what could not be."""
    model = _pydantic_model(type(value))
    if model is not None:
        return value.model_dump(mode="json")
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return dataclasses.asdict(value)
    return value


def invoke(function: Callable[..., Any], arguments: str, loop: Any) -> tuple[str, Any]:
    """Calls ``function`` with the call's arguments (a JSON object's text) and says what it
    returned: ``("json", text)``, ``("text", str)``, ``("bytes", bytes)`` or ``("empty", None)``.
    A coroutine is awaited on the loop of the ``arun`` that is waiting (where the app's clients
    live), else on a loop of its own."""
    values = _arguments(function, json.loads(arguments))
    result = function(**values)
    if inspect.isawaitable(result):
        running = loop.loop
        if running is not None and running.is_running():
            result = asyncio.run_coroutine_threadsafe(_awaited(result), running).result()
        else:
            result = asyncio.run(_awaited(result))
    if result is None:
        return ("empty", None)
    if isinstance(result, str):
        return ("text", result if result.endswith("\n") or not result else result + "\n")
    if isinstance(result, (bytes, bytearray, memoryview)):
        return ("bytes", bytes(result))
    try:
        return ("json", json.dumps(_jsonable(result), ensure_ascii=False, allow_nan=False))
    except (TypeError, ValueError) as err:
        raise TypeError(f"returned {type(result).__name__}, which is not JSON ({err})") from None


async def _awaited(awaitable: Any) -> Any:
    return await awaitable


calling = threading.local()
"""On a tool's thread, ``shell``: the loop holder of the shell whose line called it (a line of
that shell would wait for the tool that waits for it)."""


def approving(approver: Callable[[dict[str, Any]], Any], loop: Any) -> Callable[[dict[str, Any]], bool]:
    """The app's approver as the engine asks it: an ``async def`` one is awaited (on the loop of
    the ``arun`` waiting, else a loop of its own), and only ``True`` approves — a truthy
    string such as ``"no"`` is no approval."""

    def ask(request: dict[str, Any]) -> bool:
        answer = approver(request)
        if inspect.isawaitable(answer):
            running = loop.loop
            if running is not None and running.is_running():
                answer = asyncio.run_coroutine_threadsafe(_awaited(answer), running).result()
            else:
                answer = asyncio.run(_awaited(answer))
        return answer is True

    return ask


class _Workers:
    """Daemon threads that call tools, kept for the next call (starting a thread per call cost
    most of a call's time); one more is started whenever every one is busy, so a slow tool
    never holds another. Daemons: a call still running when Python exits ends with it."""

    def __init__(self) -> None:
        self.calls: queue.SimpleQueue[Callable[[], None]] = queue.SimpleQueue()
        self.idle = 0
        self.lock = threading.Lock()

    def submit(self, call: Callable[[], None]) -> None:
        with self.lock:
            if self.idle == 0:
                threading.Thread(target=self.work, name="toolsh:tools", daemon=True).start()
            else:
                self.idle -= 1
        self.calls.put(call)

    def work(self) -> None:
        while True:
            self.calls.get()()
            with self.lock:
                self.idle += 1


_workers = _Workers()


def start(function: Callable[..., Any], arguments: str, loop: Any, reply: Any) -> None:
    """Calls ``function`` on one of the daemon worker threads and answers ``reply``:
    ``ok(kind, payload)`` or ``err(message)``."""

    def run() -> None:
        calling.shell = loop
        try:
            kind, payload = invoke(function, arguments, loop)
        except BaseException as err:  # noqa: BLE001 - every failure is the call's answer
            reply.err(f"{type(err).__name__}: {err}" if str(err) else type(err).__name__)
            return
        finally:
            calling.shell = None
        reply.ok(kind, payload)

    _workers.submit(run)
