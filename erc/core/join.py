"""Joining a fight under way (RULES.md R14.2, SC-P15, EL-P17): a
combatant added to the encounter file rolls its initiative at once and takes its place in
the round's order by its total. Ties are rolled off against the tied ones only (R3.3): the
newcomer and each combatant it ties with roll the roll-off die, those still level with it
again, until none is; it goes after those who beat it. If its place comes before a
combatant who has already acted this round, it waits for the next round.

The same in every ruleset; each gives its own dice and terms (``JoinSetup``). Pure code.
"""

from __future__ import annotations

from erc.core.value import Value

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence
    from typing import Any

    from erc.core.dice import Dice
    from erc.core.parts import Drawing


class Member(Value):
    """One combatant already in the round's order, in that order: its total and tie key
    (Spellchrome: Dexterity score; Elysium: AGI + CUN; ER: 0), and whether it has acted."""

    name: str
    total: int
    tie: int
    acted: bool


class JoinSetup(Value):
    """The newcomer's roll as its ruleset makes it: ``sides`` of the initiative die,
    ``rolloff`` of the roll-off die, ``parts`` its terms by name, ``tie`` its tie key."""

    name: str
    sides: int
    rolloff: int
    parts: Mapping[str, int]
    tie: int = 0
    rolls: bool = True
    """False for one that may roll no initiative (ER R3.5: not standing): no die, and its
    place is after everyone in the order."""


class Joined(Value):
    """``erc join``: the newcomer's roll, total and roll-off dice, its ``place`` (1: first),
    whether it ``waits`` for the next round (``joins next round``), whom it rolled off
    against, and the round's order with it (``new_order``)."""

    name: str
    round: int
    roll: int
    modifier: int
    parts: Mapping[str, int]
    total: int
    tiebreak: tuple[int, ...]
    rolled_off_with: tuple[str, ...]
    place: int
    waits: bool
    new_order: tuple[str, ...]


def join(dice: Dice, setup: JoinSetup, members: Sequence[Member], *, round: int) -> Joined:
    """The newcomer's initiative and place (module docstring). Dice: its initiative die,
    then roll-off rounds, each the newcomer's die then the tied ones' in order."""
    modifier = sum(setup.parts.values())
    if not setup.rolls:
        return _last(setup, members, modifier, round)
    roll = dice.roll(setup.sides, f"{setup.name} initiative")
    total = roll + modifier
    key = (total, setup.tie)
    keys = _standing_keys(members)
    above = sum(1 for k in keys if k > key)
    tied = [m.name for m, k in zip(members, keys, strict=True) if k == key]
    tiebreak: list[int] = []
    beaten_by = 0
    level = list(tied)
    while level:
        face = dice.roll(setup.rolloff, f"{setup.name} tie-break {len(tiebreak) + 1}")
        tiebreak.append(face)
        theirs = {n: dice.roll(setup.rolloff, f"{n} tie-break with {setup.name}") for n in level}
        beaten_by += sum(1 for f in theirs.values() if f > face)
        level = [n for n in level if theirs[n] == face]
    at = above + beaten_by
    names = [m.name for m in members]
    waits = any(m.acted for m in members[at:])
    return Joined(
        name=setup.name,
        round=round,
        roll=roll,
        modifier=modifier,
        parts=dict(setup.parts),
        total=total,
        tiebreak=tuple(tiebreak),
        rolled_off_with=tuple(tied),
        place=at + 1,
        waits=waits,
        new_order=(*names[:at], setup.name, *names[at:]),
    )


def _last(setup: JoinSetup, members: Sequence[Member], modifier: int, round: int) -> Joined:
    """One that rolls no initiative (``JoinSetup.rolls``): roll 0, after everyone."""
    names = tuple(m.name for m in members)
    return Joined(
        name=setup.name,
        round=round,
        roll=0,
        modifier=modifier,
        parts=dict(setup.parts),
        total=modifier,
        tiebreak=(),
        rolled_off_with=(),
        place=len(names) + 1,
        waits=False,
        new_order=(*names, setup.name),
    )


def _standing_keys(members: Sequence[Member]) -> list[tuple[int, int]]:
    """Each member's ``(total, tie)`` as its place in the order stands: one placed after
    some of lower total (a delay, SC2.5; one down listed last, R3.5) counts as the one before
    it, so the keys fall along the order and a newcomer's place is found by count."""
    keys: list[tuple[int, int]] = []
    for m in members:
        own = (m.total, m.tie)
        keys.append(min(own, keys[-1]) if keys else own)
    return keys


def check_joinable(round_now: int, order: Sequence[str], name: str) -> None:
    """Refused before any die: no round started yet (the next ``roll-init`` rolls for it
    with everyone), or already in the round's order."""
    from erc.core.errors import ErcError

    if round_now < 1:
        raise ErcError(
            "no-round",
            f"no round has started, so there is no order to join: the next `erc roll-init` "
            f"rolls for {name} with everyone",
        )
    if name in order:
        raise ErcError(
            "already-in-fight",
            f"{name} is already in round {round_now}'s order: erc join is for a combatant "
            "added to the encounter file during the fight",
        )


def effects(result: Joined) -> list[Any]:
    """The ``join`` effect of a result."""
    from erc.core.events import Join

    return [
        Join(
            who=result.name,
            roll=result.roll,
            modifier=result.modifier,
            total=result.total,
            tiebreak=result.tiebreak,
            place=result.place,
            waits=result.waits,
        )
    ]


def renderer() -> Drawing:
    """The one renderer of ``erc join`` for every ruleset (``erc.core.render.join``), imported
    only for a human table."""
    from erc.core.render import join

    return join
