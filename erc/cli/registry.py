"""Every erc command: its name, where its function lives, and its journal options.

Plain data, so that the fast path (``erc.cli.fast``) and the Typer app (``erc.cli.app``)
load exactly the same callables, and only the one a command line names is imported.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable

TYPE_CHECKING = False  # typing is not imported at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Any, Literal


if TYPE_CHECKING:
    Journal = Literal["apply", "read"] | None

COMMANDS: dict[str, tuple[str, str, Journal]] = {
    # name: (module, function, journal: "apply" records results, "read" reads state)
    "roll-init": ("erc.cli.roll_init", "roll_init", "apply"),
    "attack": ("erc.cli.attack", "attack", "apply"),
    "sneak": ("erc.cli.sneak", "sneak", "apply"),
    "drop": ("erc.cli.drop", "drop", "apply"),
    "competition": ("erc.cli.competition", "competition", "apply"),
    "disarm": ("erc.cli.disarm", "disarm", "apply"),
    "free": ("erc.cli.disarm", "free", "apply"),
    "movement": ("erc.cli.movement", "movement", "read"),
    "perceive": ("erc.cli.perceive", "perceive", "apply"),
    "status": ("erc.cli.status", "status", "read"),
    "log": ("erc.cli.status", "log", "read"),
    "undo": ("erc.cli.status", "undo", "read"),
    "batch": ("erc.cli.batch", "batch", None),
    "check": ("erc.cli.check", "check", None),
    "schema": ("erc.cli.schema", "schema", None),
    "roll": ("erc.cli.roll", "roll", None),
}


_loaded: dict[str, Callable[..., Any]] = {}


def load_command(name: str) -> Callable[..., Any]:
    """The callable behind ``name``, with ``--journal`` (and ``--apply``) where it takes them
    (built once per process)."""
    if name in _loaded:
        return _loaded[name]
    module, function, journal = COMMANDS[name]
    func: Callable[..., Any] = getattr(importlib.import_module(module), function)
    if journal is not None:
        from erc.cli.common import journaled

        func = journaled(apply=journal == "apply")(func)
    _loaded[name] = func
    return func
