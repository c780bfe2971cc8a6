"""Reaction order (EL2, ``roll-init``): each combatant's Reaction check, the resolution order
(highest first) and the declaration order (lowest first).

Dice (EL Part 2): one die per combatant in file order, then the roll-offs by tied group
from the highest total down (``erc.core.checks.settle_ties``, the file's die, EL-P8).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from erc.core.checks import settle_ties
from erc.core.dice import Dice
from erc.core.value import Value
from erc.rulesets.elysium.conditions import cannot_act
from erc.rulesets.elysium.model import Combatant
from erc.rulesets.elysium.rules.rolls import penalties


class Place(Value):
    """One line of an order (``place, name, total, roll, agi_cun, tiebreak``).

    ``parts``: the Reaction check's terms (``agility``, ``cunning``, the file's
    ``initiative``, and Morale and Agitation penalties, EL11); ``modifier`` their sum.
    ``acts`` is False for one who cannot act (EL-P13); ``status`` says why, or is
    ``acts``. ``ap_max``: its AP for the round (EL3.1).
    """

    place: int
    """1 for the first in this order."""
    name: str
    """The combatant's name."""
    total: int
    """``roll`` + ``modifier``: its Reaction check (EL2.1); the order is by it."""
    roll: int
    """The die rolled (the house rule ``die``: d10 by default, EL1.1)."""
    agi_cun: int
    """Agility + Cunning: a tie goes to the higher (EL2.3)."""
    tiebreak: tuple[int, ...]
    """Its roll-offs when still tied (EL2.3), in order; else empty."""
    parts: Mapping[str, int]
    """The check's terms: ``agility``, ``cunning``, ``initiative``, Morale and Agitation."""
    modifier: int
    """The sum of ``parts``."""
    ap_max: int
    """Its AP for the round (EL3.1)."""
    acts: bool
    """It can act (EL-P13: ``status`` says why not)."""
    status: str
    """``acts``, or why it cannot act (its condition, ``down``, ...)."""


class Kept(Value):
    """EL2.4 ``keep``: one combatant's Reaction check as the journal recorded it: its die,
    its roll-offs and its terms (None: a journal that did not record them; they are then
    worked out again)."""

    roll: int
    tiebreak: tuple[int, ...]
    parts: Mapping[str, int] | None = None


class Initiative(Value):
    round: int
    """The round this order is for."""
    order: tuple[Place, ...]
    """EL2.2: the resolution order, highest first."""
    declare_order: tuple[Place, ...]
    """EL2.2: the declaration order, lowest first: the exact reverse of ``order``
    (EL-P8), each ``place`` counted in this order."""
    kept: bool = False
    """House rule ``initiative: keep`` (EL2.4): the checks (dice and terms) are the first
    round's."""


def parts_of(who: Combatant) -> dict[str, int]:
    """EL2.1: "Reaction (AGI+CUN)" + the file's ``initiative``; EL11: Morale and Agitation
    apply to ability rolls."""
    parts = {"agility": who.ability("agility"), "cunning": who.ability("cunning")}
    if who.initiative:
        parts["initiative"] = who.initiative
    return {**parts, **penalties(who)}


def kept_checks(
    rule: str,
    number: int,
    rolls: Sequence[tuple[str, int, tuple[int, ...]]],
    reactions: Mapping[str, Mapping[str, int]],
) -> dict[str, Kept] | None:
    """EL2.4: under ``initiative: keep`` "the checks are made when combat begins": from
    round 2 on, each combatant's whole check (die, roll-offs and terms) as the journal
    recorded it, so totals and order stay the first round's whatever changed since (a
    Morale level, say); None when the checks are made anew (``reroll``, round 1, or no
    round recorded yet)."""
    if rule != "keep" or number <= 1 or not rolls:
        return None
    return {
        name: Kept(roll, tuple(tiebreak), reactions.get(name)) for name, roll, tiebreak in rolls
    }


def _check_parts(who: Combatant, kept: Kept | None) -> dict[str, int]:
    """The terms kept (EL2.4), else worked out now (EL2.1)."""
    if kept is not None and kept.parts is not None:
        return dict(kept.parts)
    return parts_of(who)


def _still_tied(
    keys: Sequence[tuple[int, int]],
    names: Sequence[str],
    kept: Mapping[str, Kept],
) -> list[object]:
    """With kept dice, a tied group whose kept roll-offs tell every member apart needs no
    new roll-off (it gets distinct stand-in keys); any other tied group rolls off afresh."""
    out: list[object] = list(keys)
    for key in set(keys):
        group = [i for i, k in enumerate(keys) if k == key]
        carried = [kept[names[i]].tiebreak if names[i] in kept else () for i in group]
        if len(group) > 1 and all(carried) and len(set(carried)) == len(carried):
            for i in group:
                out[i] = (-(10**9), -i)
    return out


def roll_init(
    dice: Dice,
    combatants: Sequence[Combatant],
    *,
    round: int,
    sides: int,
    kept: Mapping[str, Kept] | None = None,
) -> Initiative:
    """EL2: every combatant's Reaction check, highest first; ties by AGI + CUN, then
    roll-offs (EL2.3). ``kept`` (EL2.4 ``keep``, ``kept_checks``): each combatant's check
    from the journal, used instead of a new one (a combatant without one rolls)."""
    previous = kept or {}
    names = [c.name for c in combatants]
    parts = [_check_parts(c, previous.get(c.name)) for c in combatants]
    rolls = [
        previous[c.name].roll if c.name in previous else dice.roll(sides, f"{c.name} reaction")
        for c in combatants
    ]
    totals = [r + sum(p.values()) for r, p in zip(rolls, parts, strict=True)]
    agi_cun = [c.ability("agility") + c.ability("cunning") for c in combatants]
    keys = list(zip(totals, agi_cun, strict=True))
    tiebreak = settle_ties(dice, names, _still_tied(keys, names, previous), sides)
    for i, name in enumerate(names):
        carried = previous[name].tiebreak if name in previous else ()
        if not tiebreak[i] and carried and keys.count(keys[i]) > 1:
            tiebreak[i] = list(carried)
    ranked = sorted(
        range(len(combatants)),
        key=lambda i: (-totals[i], -agi_cun[i], [-v for v in tiebreak[i]]),
    )

    def place(at: int, i: int) -> Place:
        who = combatants[i]
        why = cannot_act(who)
        return Place(
            place=at,
            name=who.name,
            total=totals[i],
            roll=rolls[i],
            agi_cun=agi_cun[i],
            tiebreak=tuple(tiebreak[i]),
            parts=parts[i],
            modifier=totals[i] - rolls[i],
            ap_max=who.ap,
            acts=why is None,
            status="acts" if why is None else why.split(" ")[0],
        )

    order = tuple(place(at, i) for at, i in enumerate(ranked, 1))
    declare = tuple(place(at, i) for at, i in enumerate(reversed(ranked), 1))
    return Initiative(round, order, declare, kept=bool(previous))
