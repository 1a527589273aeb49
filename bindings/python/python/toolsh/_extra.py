"""What the agent-framework adapters share: the framework, or an error naming the extra."""

from __future__ import annotations

import importlib
from types import ModuleType


def need(module: str, extra: str, framework: str) -> ModuleType:
    """Imports ``module``; if it is missing, says which extra of toolsh installs it."""
    try:
        return importlib.import_module(module)
    except ImportError as err:
        raise ImportError(
            f"toolsh's {framework} adapter needs {framework}: pip install 'toolsh[{extra}]'"
        ) from err
