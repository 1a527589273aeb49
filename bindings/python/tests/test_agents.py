"""The adapters inside the frameworks' own loops, offline: each framework's scripted or test
model calls the one ``shell`` tool, whose line calls the app's own Python tools, and the
model reads what the contract says. Each transcript is printed (``pytest -s`` shows it)."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest

import toolsh

ORDERS = {7: {"id": 7, "customer": "ada", "total": 42.5}, 9: {"id": 9, "customer": "bob", "total": 3.0}}


def app_shell(ws: Path) -> tuple[toolsh.Shell, list[tuple[str, Any]]]:
    """A shell whose commands include the app's two functions; what they were called with."""
    calls: list[tuple[str, Any]] = []
    sh = toolsh.Shell(ws, store=str(ws / "store.db"), deny=["fs.delete"])

    @sh.tool("orders.get", read_only=True)
    def get_order(id: int) -> dict:
        """Look an order up by its id."""
        calls.append(("orders.get", id))
        if id not in ORDERS:
            raise LookupError(f"no order {id}")
        return ORDERS[id]

    @sh.tool("orders.refund")
    async def refund(order: int, amount: float) -> dict:
        """Refund part of an order."""
        await asyncio.sleep(0)
        calls.append(("orders.refund", (order, amount)))
        return {"order": order, "refunded": amount}

    return sh, calls


def test_a_pydantic_ai_agent_drives_the_shell_and_the_app_s_tools(tmp_path: Path) -> None:
    from pydantic_ai import Agent
    from pydantic_ai.messages import ModelResponse, TextPart, ToolCallPart, ToolReturnPart
    from pydantic_ai.models.function import AgentInfo, FunctionModel

    from toolsh.pydantic_ai import shell_tool

    sh, calls = app_shell(tmp_path)
    lines = [
        "orders.get --id 7 | jq -r .customer",
        "orders.get --id 8",
        "for id in 7 9; do orders.get --id $id; done | jq -s 'map(.total) | add'",
        "orders.refund --order 7 --amount 2.5 | jq .refunded",
        "rm notes.txt",
    ]
    (tmp_path / "notes.txt").write_text("keep me\n")
    seen: list[str] = []

    def model(messages: list[Any], info: AgentInfo) -> ModelResponse:
        # The description the model is given is the engine's, naming the app's tools' way in.
        assert [t.name for t in info.function_tools] == ["shell"]
        assert "help" in (info.function_tools[0].description or "")
        returned = [p for m in messages for p in getattr(m, "parts", []) if isinstance(p, ToolReturnPart)]
        seen[:] = [str(p.content) for p in returned]
        if len(returned) < len(lines):
            return ModelResponse(parts=[ToolCallPart("shell", {"command": lines[len(returned)]})])
        return ModelResponse(parts=[TextPart("done: " + " | ".join(s.replace("\n", " ") for s in seen))])

    agent = Agent(FunctionModel(model), tools=[shell_tool(sh)])
    result = agent.run_sync("Who placed order 7, and refund 2.50 of it.")
    print("\n".join(f"shell> {line}\n{answer}" for line, answer in zip(lines, seen)))
    assert seen[0] == "ada\n[exit 0]"
    assert "LookupError: no order 8" in seen[1] and seen[1].endswith("[exit 1]")
    assert seen[2] == "45.5\n[exit 0]"
    # The refund ran (an async function, on the agent's loop); the delete was refused.
    assert seen[3] == "2.5\n[exit 0]"
    assert "deny:fs.delete" in seen[4] and seen[4].endswith("[exit 126]")
    assert (tmp_path / "notes.txt").exists()
    assert calls == [("orders.get", 7), ("orders.get", 8), ("orders.get", 7), ("orders.get", 9),
                     ("orders.refund", (7, 2.5))]
    assert result.output.startswith("done: ada")


def test_a_pydantic_ai_test_model_calls_the_shell_with_its_own_arguments(tmp_path: Path) -> None:
    from pydantic_ai import Agent
    from pydantic_ai.models.test import TestModel

    from toolsh.pydantic_ai import shell_tool

    sh, _ = app_shell(tmp_path)
    # TestModel makes up arguments from the schema: whatever it sends is answered as text the
    # model can read, never an exception that ends the run.
    result = Agent(TestModel(), tools=[shell_tool(sh)]).run_sync("anything")
    assert "shell" in result.output


def test_the_openai_agents_function_tool_is_the_engine_s_shell(tmp_path: Path) -> None:
    from agents import FunctionTool

    from toolsh.openai_agents import shell_tool

    sh, calls = app_shell(tmp_path)
    tool = shell_tool(sh)
    assert isinstance(tool, FunctionTool) and tool.name == "shell"
    assert tool.params_json_schema == sh.parameters and tool.description == sh.description

    async def main() -> list[str]:
        return [
            await tool.on_invoke_tool(None, json.dumps({"command": "orders.get --id 9 | jq .total"})),
            await tool.on_invoke_tool(None, json.dumps({"command": "sleep 5", "timeout_ms": 200, "on_timeout": "stop"})),
            # As toolsh mcp answers: a line that outruns its call goes on as a job by default.
            await tool.on_invoke_tool(None, json.dumps({"command": "sleep 0.5; echo late", "timeout_ms": 200})),
            await tool.on_invoke_tool(None, json.dumps({"command": "wait; cat /tmp/.jobs/1.log"})),
            await tool.on_invoke_tool(None, json.dumps({"cmd": "ls"})),
        ]

    answers = asyncio.run(main())
    print(answers)
    assert answers[0] == "3.0\n[exit 0]"
    assert answers[1].endswith("[exit 124]")
    assert "still running as job %1" in answers[2] and answers[2].endswith("[exit 148]")
    assert answers[3] == "late\n[exit 0]"
    assert "unknown argument `cmd`" in answers[4] and "`command`" in answers[4]
    assert calls == [("orders.get", 9)]


def test_a_langchain_loop_runs_tool_calls_through_the_shell(tmp_path: Path) -> None:
    from langchain_core.language_models.fake_chat_models import FakeMessagesListChatModel
    from langchain_core.messages import AIMessage, HumanMessage, ToolMessage

    from toolsh.langchain import shell_tool

    sh, _ = app_shell(tmp_path)
    tool = shell_tool(sh)
    model = FakeMessagesListChatModel(responses=[
        AIMessage("", tool_calls=[{"name": "shell", "args": {"command": "orders.get --id 7 | jq .total"}, "id": "c1"}]),
        AIMessage("The total is 42.5."),
    ])
    messages: list[Any] = [HumanMessage("What is the total of order 7?")]
    while True:
        reply = model.invoke(messages)
        messages.append(reply)
        if not reply.tool_calls:
            break
        for call in reply.tool_calls:
            answer = tool.invoke(call)
            assert isinstance(answer, ToolMessage)
            messages.append(answer)
    print([m.content for m in messages])
    assert messages[2].content == "42.5\n[exit 0]" and messages[3].content == "The total is 42.5."
    assert asyncio.run(tool.ainvoke({"command": "echo hi"})) == "hi\n[exit 0]"


def test_the_claude_agent_sdk_server_answers_over_mcp(tmp_path: Path) -> None:
    from mcp import Client

    from toolsh.claude_agent_sdk import shell_server

    sh, _ = app_shell(tmp_path)
    server = shell_server(sh)

    async def main() -> tuple[list[str], str]:
        async with Client(server["instance"]) as client:
            listed = await client.list_tools()
            called = await client.call_tool("shell", {"command": "orders.get --id 7 | jq -r .customer"})
            return [t.name for t in listed.tools], called.content[0].text

    names, text = asyncio.run(main())
    assert names == ["shell"] and text == "ada\n[exit 0]"


def test_a_missing_framework_names_the_extra(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    import builtins

    real = builtins.__import__

    def without_langchain(name: str, *args: Any, **kwargs: Any) -> Any:
        if name.startswith("langchain_core"):
            raise ImportError(name)
        return real(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", without_langchain)
    import importlib

    monkeypatch.setattr(importlib, "import_module", lambda name: without_langchain(name))
    from toolsh.langchain import shell_tool

    with pytest.raises(ImportError, match=r"pip install 'toolsh\[langchain\]'"):
        shell_tool(toolsh.Shell(tmp_path))
