"""Frozen values a ruleset's fold made, kept by what they were made from.

``erc simulate`` freezes the state after every action of thousands of fights of one file,
and most of what a freeze makes it made before: a combatant with the same health, spending
and conditions (in this fight or an earlier one). A ruleset's ``Tracker.freeze`` keeps what
it made here, in one table per encounter (the file's, as loaded), under a key of what the
value was made from, and hands back the one it kept; values are frozen, so sharing one is
safe, and a value kept here may key another by identity (the table holds it alive). The
table is emptied, never pruned, when it grows past ``MAX_KEPT``, so a key by identity never
outlives its value. Not state: no snapshot or copy of a tracker holds it.
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

MAX_KEPT = 50_000
"""Values kept for one encounter before its table starts again."""
MAX_ENCOUNTERS = 16
"""Encounters with a table; past it, every table starts again."""

_TABLES: dict[int, tuple[Any, dict[Any, Any]]] = {}


def kept(encounter: Any) -> dict[Any, Any]:
    """The table of values made from ``encounter`` (module docstring)."""
    entry = _TABLES.get(id(encounter))
    if entry is None or entry[0] is not encounter:
        if len(_TABLES) >= MAX_ENCOUNTERS:
            _TABLES.clear()
        entry = _TABLES[id(encounter)] = (encounter, {})
    table = entry[1]
    if len(table) >= MAX_KEPT:
        table.clear()
    return table
