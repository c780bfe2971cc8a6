"""The core: what every ruleset shares and no ruleset's rules."""

from __future__ import annotations

import sys

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


def module(name: str) -> Any:
    """The module ``name``, imported on first use: ``importlib.import_module`` without
    importing ``importlib`` (one package fewer on every command's start-up)."""
    found = sys.modules.get(name)
    if found is None:
        __import__(name)
        found = sys.modules[name]
    return found
