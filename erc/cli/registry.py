"""Every erc command: the shared ones (here) and each ruleset's (its ``Ruleset.commands``).

A command is imported by name through a ``match`` whose arms are imports (``shared`` here,
``Ruleset.command``), so the fast path (``erc.cli.fast``) and the Typer app
(``erc.cli.app``) load exactly the same callables, only the one a command line names is
imported, and mypy and a reader follow every reference.
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    from erc.core.parts import Command
    from erc.core.ruleset import Ruleset


SHARED = (
    "status",
    "log",
    "undo",
    "rename",
    "new-fight",
    "batch",
    "check",
    "schema",
    "roll",
    "simulate",
    "end-turn",
)
"""The commands every ruleset offers; they take no ruleset command function."""


def shared(name: str) -> Command | None:
    """The shared command function called ``name``, imported now; None for a name not in
    ``SHARED``. One ``match`` for all: each function of this module costs every command
    line its loading."""
    found: Command
    match name:
        case "status":
            from erc.cli.commands.journal import status as found
        case "log":
            from erc.cli.commands.journal import log as found
        case "undo":
            from erc.cli.commands.journal import undo as found
        case "rename":
            from erc.cli.commands.table import rename as found
        case "new-fight":
            from erc.cli.commands.table import new_fight as found
        case "batch":
            # The one command reached by name: erc batch runs each line through the
            # dispatcher, which imports this registry, so an import here would close a circle
            # (dispatch -> registry -> batch -> dispatch) that only handing batch its line
            # runner would break.
            from erc.core import module

            found = module("erc.cli.commands.batch").batch
        case "check":
            from erc.cli.commands.check import check as found
        case "schema":
            from erc.cli.commands.schema import schema as found
        case "roll":
            from erc.cli.commands.roll import roll as found
        case "simulate":
            from erc.cli.commands.simulate import simulate as found
        case "end-turn":
            from erc.cli.commands.turn import end_turn as found
        case _:
            return None
    return found


NO_ENCOUNTER = frozenset({"batch", "check", "schema", "roll"})
"""Shared commands that read no encounter (and so no ruleset)."""


_tables: dict[str, tuple[str, ...]] = {}


def commands(ruleset: Ruleset) -> tuple[str, ...]:
    """Every command an encounter of ``ruleset`` offers: its own, then the shared ones."""
    table = _tables.get(ruleset.name)
    if table is None:
        own = ruleset.commands
        table = own + tuple(name for name in SHARED if name not in own)
        _tables[ruleset.name] = table
    return table


_loaded: dict[tuple[str, str], Callable[..., Any]] = {}


def load_command(ruleset: Ruleset, name: str) -> Callable[..., Any]:
    """The callable behind ``name`` for ``ruleset``: a shared command as it is, a ruleset's
    wrapped with the shared options (``erc.cli.boundary.wrap``). Built once per process;
    a name the ruleset does not offer is a KeyError."""
    key = (ruleset.name, name)
    if key in _loaded:
        return _loaded[key]
    func = ruleset.command(name) or shared(name)
    if func is None:
        raise KeyError(name)
    if name not in SHARED or name in ruleset.commands or hasattr(func, "erc_traits"):
        from erc.cli.boundary import wrap

        func = wrap(func, name)
    _loaded[key] = func
    return func
