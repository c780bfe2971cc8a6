"""Combatant names on the command line: case-insensitive, an exact name or a unique prefix.

Works on any ruleset's encounter (anything with ``combatants`` that have a ``name``).
"""

from __future__ import annotations

from erc.core.errors import ErcError, did_you_mean
from erc.core.text import ASCII_SPACE, folded, whole_number

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Sequence
    from typing import Any, Protocol, TypeVar

    class Named(Protocol):
        @property
        def name(self) -> str: ...

    C = TypeVar("C", bound=Named, covariant=True)

    class Roster(Protocol[C]):
        """Any ruleset's encounter, as name lookup sees it."""

        @property
        def combatants(self) -> Sequence[C]: ...

        @property
        def path(self) -> str | None: ...


def find(encounter: Roster[C], name: str) -> C:
    """The combatant ``name`` names; an exact name wins over a prefix."""
    wanted = folded(name)
    if not wanted:
        raise ErcError("unknown-combatant", "an empty name names no combatant")
    combatants = encounter.combatants
    exact = [c for c in combatants if c.name.casefold() == wanted]
    if exact:
        return exact[0]
    matches = [c for c in combatants if c.name.casefold().startswith(wanted)]
    if len(matches) == 1:
        return matches[0]
    if matches:
        raise ErcError(
            "ambiguous-combatant",
            f"{name!r} could be any of: {listed(c.name for c in matches)}{_quote_hint(matches)}",
            encounter.path,
        )
    everyone = [c.name for c in combatants]
    hint = did_you_mean(wanted, everyone)
    raise ErcError(
        "unknown-combatant",
        f"no combatant called {name!r}{hint}; the encounter has: {listed(everyone)}",
        encounter.path,
    )


def _quote_hint(matches: Sequence[Any]) -> str:
    """A name with a space is one word to the shell only in quotes: ``erc attack Vessa
    Bandit 1`` names 'Bandit' (and '1')."""
    spaced = next((c.name for c in matches if " " in c.name), None)
    if spaced is None:
        return ""
    return f'; a name with a space goes in quotes, as one argument: "{spaced}"'


def find_all(encounter: Roster[C], names: Iterable[str]) -> list[C]:
    return [find(encounter, n) for n in names]


def listed(names: Iterable[str], most: int = 20) -> str:
    names = list(names)
    shown = ", ".join(names[:most])
    return shown + (f", ... ({len(names) - most} more)" if len(names) > most else "")


def find_actor(encounter: Roster[C], name: str, why_not: Callable[[C], str | None]) -> C:
    """``find``, refusing a combatant that can take no action now; ``why_not`` is the
    ruleset's answer to "can this combatant act" (a reason, or None)."""
    combatant = find(encounter, name)
    reason = why_not(combatant)
    if reason:
        raise ErcError("cannot-act", f"{combatant.name} cannot act: {reason}", encounter.path)
    return combatant


def group(encounter: Roster[C], name: str) -> list[C]:
    """One combatant, or every member of a ``count`` group by the group's name (``Bandit``
    for ``Bandit 1``, ``Bandit 2``, ...); otherwise ``find``'s errors."""
    try:
        return [find(encounter, name)]
    except ErcError as error:
        if error.code != "ambiguous-combatant":
            raise
        stem = name.strip().casefold() + " "
        members = [
            c
            for c in encounter.combatants
            if c.name.casefold().startswith(stem) and c.name.casefold()[len(stem) :].isdigit()
        ]
        matches = [c for c in encounter.combatants if c.name.casefold().startswith(stem[:-1])]
        if members and len(members) == len(matches):
            return members
        raise


def names_of(
    encounter: Roster[C] | None, items: str, whose: Sequence[str] | None = None
) -> tuple[str, ...]:
    """The names of the ``items`` (``"weapons"``, ``"spells"``) of the combatant the first of
    ``whose`` names, else of every combatant, in file order, once each (shell completion:
    an unknown or ambiguous name is everyone's, never an error)."""
    if encounter is None:
        return ()
    holders: Sequence[C] = encounter.combatants
    if whose:
        try:
            holders = [find(encounter, whose[0])]
        except ErcError:
            holders = encounter.combatants
    found: dict[str, None] = {}
    for holder in holders:
        for item in getattr(holder, items, ()):
            found.setdefault(item.name, None)
    return tuple(found)


def named_value(text: str, option: str, example: str = "NAME=VALUE") -> tuple[str, str]:
    """``NAME=VALUE`` (``--mod Kaela=2``), split at the last ``=``: a name may hold one, a
    value never does."""
    name, sep, value = text.rpartition("=")
    if not sep or not name.strip() or not value.strip(ASCII_SPACE):
        raise ErcError("bad-option", f"{option} expects {example}, got {text!r}")
    return name, value.strip(ASCII_SPACE)


def named_number(
    text: str, option: str, example: str, *, code: str = "bad-option", expected: str = ""
) -> tuple[str, int]:
    """``NAME=N`` (``named_value``) with N a whole number in ASCII digits; ``code`` and
    ``expected`` (say ``from 1 to 10``) word the error otherwise."""
    name, value = named_value(text, option, example)
    number = whole_number(value)
    if number is None:
        wanted = f"a whole number {expected}".rstrip()
        raise ErcError(code, f"{option} {name}={value}: expected {wanted}")
    return name, number


def one_of_two(encounter: Roster[C], pair: tuple[C, C], name: str, option: str) -> str:
    """The resolved name of one of the two sides of a contest; naming anyone else is an
    error."""
    who = find(encounter, name)
    if who.name not in (pair[0].name, pair[1].name):
        raise ErcError(
            "bad-option",
            f"{option} {name!r} names {who.name}, who is not in this competition "
            f"({pair[0].name} vs {pair[1].name})",
        )
    return who.name


def side_mods(encounter: Roster[C], pair: tuple[C, C], given: Iterable[str]) -> dict[str, int]:
    """``--mod NAME=N`` per side of a contest, summed when a side is given several."""
    from erc.core.checks import MAX_MOD  # (the competitions import it anyway)

    total: dict[str, int] = {}
    for text in given:
        who, number = named_number(text, "--mod", "NAME=N (e.g. --mod Kaela=2)")
        if abs(number) > MAX_MOD:
            raise ErcError("bad-option", f"--mod {who}={number}: at most ±{MAX_MOD}")
        name = one_of_two(encounter, pair, who, "--mod")
        total[name] = total.get(name, 0) + number
    return total
