"""The one ``shell`` tool for the Claude Agent SDK, as an in-process MCP server:
``ClaudeAgentOptions(mcp_servers={"toolsh": shell_server(sh)}, allowed_tools=["mcp__toolsh__shell"])``.

Its description and schema are the engine's; a call is answered as ``toolsh mcp`` answers it."""

from __future__ import annotations

from typing import Any

from . import Shell
from ._extra import need


def shell_server(sh: Shell, *, name: str = "toolsh") -> Any:
    """An SDK MCP server (``create_sdk_mcp_server``) with the one tool ``shell``."""
    sdk = need("claude_agent_sdk", "claude-agent-sdk", "the Claude Agent SDK")
    definition = sh.definition("openai")["function"]

    async def shell(arguments: dict[str, Any]) -> dict[str, Any]:
        return {"content": [{"type": "text", "text": await sh.acall(arguments)}]}

    tool = sdk.tool("shell", definition["description"], definition["parameters"])(shell)
    return sdk.create_sdk_mcp_server(name=name, tools=[tool])
