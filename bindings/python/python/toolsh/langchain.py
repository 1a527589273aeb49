"""The one ``shell`` tool for LangChain: a ``BaseTool`` to bind to a chat model or an agent.

Its description and schema are the engine's; a call is answered as ``toolsh mcp`` answers it."""

from __future__ import annotations

from typing import Any

from . import Shell
from ._extra import need


def shell_tool(sh: Shell, *, name: str = "shell") -> Any:
    """A ``langchain_core.tools.BaseTool`` running the model's command lines in ``sh``."""
    tools = need("langchain_core.tools", "langchain", "LangChain")
    definition = sh.definition("openai")["function"]

    class ShellTool(tools.BaseTool):  # type: ignore[misc, name-defined]
        def _run(self, **arguments: Any) -> str:
            return sh.call(arguments)

        async def _arun(self, **arguments: Any) -> str:
            return await sh.acall(arguments)

    return ShellTool(name=name, description=definition["description"], args_schema=definition["parameters"])
