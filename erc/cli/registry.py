"""Every erc command: the shared ones (here) and each ruleset's (its ``Ruleset.commands``).

Plain data, so the fast path (``erc.cli.fast``) and the Typer app (``erc.cli.app``) load
exactly the same callables, and only the one a command line names is imported.
"""

from __future__ import annotations

from erc.core import module

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    from erc.core.ruleset import Ruleset


SHARED: dict[str, str] = {
    # name: "module:function"; these take no ruleset command function
    "status": "erc.cli.commands.journal:status",
    "log": "erc.cli.commands.journal:log",
    "undo": "erc.cli.commands.journal:undo",
    "rename": "erc.cli.commands.table:rename",
    "new-fight": "erc.cli.commands.table:new_fight",
    "batch": "erc.cli.commands.batch:batch",
    "check": "erc.cli.commands.check:check",
    "schema": "erc.cli.commands.schema:schema",
    "roll": "erc.cli.commands.roll:roll",
    "simulate": "erc.cli.commands.simulate:simulate",
    "end-turn": "erc.cli.commands.turn:end_turn",
}
NO_ENCOUNTER = frozenset({"batch", "check", "schema", "roll"})
"""Shared commands that read no encounter (and so no ruleset)."""


_tables: dict[str, dict[str, str]] = {}


def commands(ruleset: Ruleset) -> dict[str, str]:
    """Every command an encounter of ``ruleset`` offers: its own, then the shared ones."""
    table = _tables.get(ruleset.name)
    if table is None:
        table = {name: ruleset.command(name) or "" for name in ruleset.command_names()}
        table.update((name, target) for name, target in SHARED.items() if name not in table)
        _tables[ruleset.name] = table
    return table


_loaded: dict[tuple[str, str], Callable[..., Any]] = {}


def load_command(ruleset: Ruleset, name: str) -> Callable[..., Any]:
    """The callable behind ``name`` for ``ruleset``: a shared command as it is, a ruleset's
    wrapped with the shared options (``erc.cli.boundary.wrap``). Built once per process."""
    key = (ruleset.name, name)
    if key in _loaded:
        return _loaded[key]
    target = commands(ruleset)[name]
    where, _, function = target.partition(":")
    func: Callable[..., Any] = getattr(module(where), function)
    if name not in SHARED or ruleset.command(name) or hasattr(func, "erc_traits"):
        from erc.cli.boundary import wrap

        func = wrap(func, name)
    _loaded[key] = func
    return func
