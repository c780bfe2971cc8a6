"""Combatant names on the command line: case-insensitive, an exact name or a unique prefix."""

from __future__ import annotations

from collections.abc import Iterable

from erc.errors import ErcError, did_you_mean
from erc.rules.model import Combatant, Encounter


def find(encounter: Encounter, name: str) -> Combatant:
    """The combatant ``name`` names; an exact name wins over a prefix."""
    wanted = name.casefold().strip()
    if not wanted:
        raise ErcError("unknown-combatant", "an empty name names no combatant")
    exact = [c for c in encounter.combatants if c.name.casefold() == wanted]
    if exact:
        return exact[0]
    matches = [c for c in encounter.combatants if c.name.casefold().startswith(wanted)]
    if len(matches) == 1:
        return matches[0]
    if matches:
        raise ErcError(
            "ambiguous-combatant",
            f"{name!r} could be any of: {_listed(c.name for c in matches)}",
            encounter.path,
        )
    everyone = [c.name for c in encounter.combatants]
    hint = did_you_mean(wanted, [n.casefold() for n in everyone])
    raise ErcError(
        "unknown-combatant",
        f"no combatant called {name!r}{hint}; the encounter has: {_listed(everyone)}",
        encounter.path,
    )


def find_all(encounter: Encounter, names: Iterable[str]) -> list[Combatant]:
    return [find(encounter, n) for n in names]


def _listed(names: Iterable[str], most: int = 20) -> str:
    names = list(names)
    shown = ", ".join(names[:most])
    return shown + (f", ... ({len(names) - most} more)" if len(names) > most else "")


def find_actor(encounter: Encounter, name: str) -> Combatant:
    """``find``, refusing a combatant that can take no action now (R4.3 surprised, R6.5
    incapacitated, asleep, ..., or down at 0 Body), as the journal's state says."""
    combatant = find(encounter, name)
    reason = combatant.cannot_act()
    if reason:
        raise ErcError(
            "cannot-act",
            f"{combatant.name} cannot act: {reason}"
            + (" (R4.3: no action in round 1)" if reason == "surprised" else ""),
            encounter.path,
        )
    return combatant
