"""Initiative (SC2, SC3): the order of a round, ties, the surprise and ready bonus, delays.

- SC2.1: d20 + Dexterity modifier + the file's ``initiative`` + any bonus (SC3.1, SC2.6);
  SC-P5: ``modifier`` is Dex modifier + ``initiative``, ``total`` = roll + modifier +
  bonus.
- SC2.2: highest first. SC2.3: ties go to the higher Dexterity **score**; still tied, those
  combatants roll d10s, higher first, again until decided (``erc.core.checks.settle_ties``:
  tied groups from the highest down, depth first, each roll-off in file order).
- SC2.4: house rule ``initiative: keep`` (default) keeps the whole order of the last applied
  ``roll-init``, delays included, and rolls nothing (``keep_order``).
- SC2.5: a delay moves a combatant to act immediately after another (``delay_order``); if
  the other cannot act, the delayer takes its place. Those waiting for the delayer move
  with it and stay right after it (``waiting_on``).

Dice (Part 2): one d20 per combatant in file order, then the d10 roll-offs.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from erc.core.checks import settle_ties
from erc.core.dice import Dice
from erc.core.errors import ErcError
from erc.core.value import Value
from erc.rulesets.spellchrome.conditions import cannot_act
from erc.rulesets.spellchrome.model import Combatant

ROLL_OFF_DIE = 10
"""SC2.3: "have each of those Players roll a d10"."""
MIN_BONUS, MAX_BONUS = 1, 10
"""SC3.1: "The bonus can be anywhere from +1 to +10"."""


class Row(Value):
    """One combatant's initiative as the journal keeps it (``initiative: keep``)."""

    name: str
    roll: int
    modifier: int
    bonus: int
    total: int
    tiebreak: tuple[int, ...] = ()
    delayed_after: str | None = None


class Place(Value):
    """One line of the order (with ``acts`` and ``status``:
    a combatant that cannot act keeps its place, SC-P9)."""

    place: int
    """1 for the first to act this round."""
    name: str
    """The combatant's name."""
    total: int
    """``roll`` + ``modifier`` + ``bonus`` (SC-P5): the order is by it, highest first."""
    roll: int
    """The d20 (SC2.1)."""
    modifier: int
    """Dexterity modifier + the file's ``initiative`` (SC-P5)."""
    bonus: int
    """The surprise or readying bonus, +1 to +10 (``--bonus``, SC3.1, SC2.6); else 0."""
    dex_score: int
    """Its Dexterity score: a tie goes to the higher (SC2.3)."""
    tiebreak: tuple[int, ...]
    """Its d10 roll-offs when still tied on Dexterity (SC2.3), in order; else empty."""
    delayed_after: str | None
    """Whom it delayed to act right after (SC2.5); None if it did not delay."""
    acts: bool
    """It can act this round (``status`` is ``acts``)."""
    status: str
    """``acts``, or why it takes no action (``down``, ``asleep``, ...); it keeps its place."""


class Initiative(Value):
    """``roll-init``: the order first to last."""

    round: int
    """The round this order is for."""
    kept: bool
    """SC2.4 ``keep``: the last applied order, delays included; no dice were rolled."""
    order: tuple[Place, ...]
    """Every combatant, first to act first."""
    notes: tuple[str, ...] = ()
    """What else the GM should know (a kept order that no longer fits: rolled anew)."""


def status(who: Combatant) -> str:
    """``acts``, or why ``who`` takes no action (SC1.4: ``down``, ``asleep``, ...)."""
    if who.down:
        return "down"
    return cannot_act(who) or "acts"


def check_bonus(value: int, given: str) -> int:
    """SC3.1: an integer from 1 to 10; 0 or 11 is an error."""
    if not MIN_BONUS <= value <= MAX_BONUS:
        raise ErcError(
            "bad-bonus",
            f"--bonus {given}: an initiative bonus for surprise or readying is +{MIN_BONUS} to "
            f'+{MAX_BONUS} (SC3.1: "The bonus can be anywhere from +1 to +10"), not {value}',
        )
    return value


def _place(place: int, who: Combatant, row: Row) -> Place:
    state = status(who)
    return Place(
        place=place,
        name=who.name,
        total=row.total,
        roll=row.roll,
        modifier=row.modifier,
        bonus=row.bonus,
        dex_score=who.score("dexterity"),
        tiebreak=row.tiebreak,
        delayed_after=row.delayed_after,
        acts=state == "acts",
        status=state,
    )


def roll_init(
    dice: Dice,
    combatants: Sequence[Combatant],
    *,
    round: int = 1,
    bonuses: Mapping[str, int] | None = None,
    notes: tuple[str, ...] = (),
) -> Initiative:
    """SC2.1-SC2.3: every combatant's d20 in file order, then the roll-offs."""
    bonuses = bonuses or {}
    names = [c.name for c in combatants]
    rolls = [dice.roll(20, f"{c.name} initiative") for c in combatants]
    modifiers = [c.mod("dexterity") + c.initiative for c in combatants]
    extra = [bonuses.get(c.name, 0) for c in combatants]
    totals = [r + m + b for r, m, b in zip(rolls, modifiers, extra, strict=True)]
    keys = [(t, c.score("dexterity")) for t, c in zip(totals, combatants, strict=True)]
    tiebreak = settle_ties(dice, names, keys, ROLL_OFF_DIE)
    ranked = sorted(
        range(len(combatants)), key=lambda i: (-keys[i][0], -keys[i][1], [-v for v in tiebreak[i]])
    )
    order = tuple(
        _place(
            place,
            combatants[i],
            Row(
                name=names[i],
                roll=rolls[i],
                modifier=modifiers[i],
                bonus=extra[i],
                total=totals[i],
                tiebreak=tuple(tiebreak[i]),
            ),
        )
        for place, i in enumerate(ranked, 1)
    )
    return Initiative(round, False, order, notes)


def keep_order(
    rows: Sequence[Row], combatants: Sequence[Combatant], *, round: int
) -> Initiative | None:
    """SC2.4 ``keep``: the last applied order as it stands (delays included), or None when
    it does not cover exactly these combatants (the file changed: roll anew)."""
    by_name = {c.name: c for c in combatants}
    if not rows or sorted(r.name for r in rows) != sorted(by_name):
        return None
    order = tuple(_place(place, by_name[row.name], row) for place, row in enumerate(rows, 1))
    return Initiative(round, True, order)


def waiting_on(order: Sequence[str], who: str, delays: Mapping[str, str]) -> tuple[str, ...]:
    """SC2.5: ``who`` and those placed after it who wait for it, directly or through another
    waiter ("act immediately after that character"), in the order's order. One who took the
    place of another that could not act sits before it and does not wait behind it.
    ``who`` must have a place in ``order`` (``delay_order`` checks)."""
    block = [who]
    for name in order[order.index(who) + 1 :]:
        if delays.get(name) in block:
            block.append(name)
    return tuple(block)


def delay_order(
    order: Sequence[str],
    who: str,
    after: str,
    *,
    delays: Mapping[str, str],
    take_place: bool = False,
) -> tuple[str, ...]:
    """SC2.5: ``who`` acts immediately after ``after`` ("They then act immediately after
    that character"); with ``take_place`` (the other cannot act) it takes the other's place.
    ``who`` must come before ``after`` now: a delay only ever waits. Those already waiting
    for ``who`` (``delays``: who waits for whom) move with it and stay right after it, in
    their order (``waiting_on``); ``who`` cannot wait for one who waits for it."""
    if who == after:
        raise ErcError("bad-delay", f"{who} cannot delay until after itself")
    if who not in order or after not in order:
        missing = who if who not in order else after
        raise ErcError(
            "bad-delay",
            f"{missing} has no place in this round's order; roll-init --apply records one",
        )
    if order.index(after) < order.index(who):
        raise ErcError(
            "bad-delay",
            f"{who} already acts after {after} this round: a delay waits for someone later "
            "in the order",
        )
    moving = waiting_on(order, who, delays)
    if after in moving:
        through = "" if delays[after] == who else f" (through {delays[after]})"
        raise ErcError(
            "bad-delay",
            f"{after} is waiting for {who}{through}: {who} cannot wait for {after} in turn, "
            "or neither would act",
        )
    rest = [name for name in order if name not in moving]
    at = rest.index(after) + (0 if take_place else 1)
    return (*rest[:at], *moving, *rest[at:])
