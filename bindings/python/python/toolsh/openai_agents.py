"""The one ``shell`` tool for the OpenAI Agents SDK: ``Agent(..., tools=[shell_tool(sh)])``.

A ``FunctionTool`` whose description and schema are the engine's; a call is answered as
``toolsh mcp`` answers it."""

from __future__ import annotations

from typing import Any

from . import Shell
from ._extra import need


def shell_tool(sh: Shell, *, name: str = "shell") -> Any:
    """An ``agents.FunctionTool`` running the model's command lines in ``sh``."""
    agents = need("agents", "openai-agents", "the OpenAI Agents SDK")
    definition = sh.definition("openai")["function"]

    async def invoke(_context: Any, arguments: str) -> str:
        return await sh.acall(arguments or "{}")

    return agents.FunctionTool(
        name=name,
        description=definition["description"],
        params_json_schema=definition["parameters"],
        on_invoke_tool=invoke,
        strict_json_schema=False,
    )
