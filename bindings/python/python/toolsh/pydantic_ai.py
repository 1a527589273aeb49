"""The one ``shell`` tool for PydanticAI: ``Agent(model, tools=[shell_tool(sh)])``.

Its description and schema are the engine's, read off the shell (the commands and tools its
policy lets run); a call is answered as ``toolsh mcp`` answers it."""

from __future__ import annotations

from typing import Any

from . import Shell
from ._extra import need


def shell_tool(sh: Shell, *, name: str = "shell") -> Any:
    """A ``pydantic_ai.Tool`` running the model's command lines in ``sh``."""
    tools = need("pydantic_ai.tools", "pydantic-ai", "PydanticAI")
    definition = sh.definition("openai")["function"]

    async def shell(**arguments: Any) -> str:
        return await sh.acall(arguments)

    return tools.Tool.from_schema(
        shell, name=name, description=definition["description"], json_schema=definition["parameters"]
    )
