"""The fight as a whole, for every ruleset's ``erc status``: the order, who is next, who is
still standing, whether the fight is over (CONTRACT "Combat state", ER R11.5).

A ruleset answers three questions per combatant (has it acted, can it act, is it standing);
``turns`` does the rest, the same way for every ruleset.
"""

from __future__ import annotations

from erc.core.value import Value

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Mapping, Sequence
    from typing import Any


class Place(Value):
    """One place in this round's order (from the last applied ``roll-init``)."""

    place: int
    """Its place in this round's order, 1 for the first to act."""
    name: str
    """The combatant's name."""
    acted: bool
    """It has acted this round, as its ruleset counts it."""
    can_act: bool
    """Nothing stops it acting now (a condition, or down at 0 Body or HP)."""


class Standing(Value):
    """A side and how many of its combatants still stand: ``standing`` is the number
    R13.6 names; ``n_standing`` the same count under the name a count has everywhere else
    (``standing`` is a combatant's boolean in the same result)."""

    side: str
    """The side's name (empty for combatants the file gives no side)."""
    standing: int
    """How many of its combatants still stand (R13.6)."""
    n_standing: int
    """The same count as ``standing``."""


class Turns(Value):
    round: int
    """The current round."""
    order: tuple[Place, ...]
    """This round's order, from the last applied roll-init."""
    next: str | None
    """The first in the order whose turn is not done and who can act; None when the fight
    is over (R14.7) or everyone's turn is done."""
    sides: tuple[Standing, ...]
    """Each side and how many of its combatants still stand."""
    over: bool
    """Fewer than two sides have a standing combatant (each one with no side a side of its
    own, ``NO_SIDE``)."""
    winner: str | None
    """When over: the side still standing (a combatant of no side: its name); else None,
    and None when nobody stands."""
    survivors: tuple[str, ...] = ()
    """Who still stands, in the file's order."""


class ConditionRow(Value):
    """A condition as ``erc status`` shows it: who caused it, and how long it lasts."""

    name: str
    """The condition's name."""
    by: str | None
    """Who caused it (charmed by, grappled by), or None."""
    rounds_left: int | None
    """Rounds until it ends (it ends as round set + N starts); None: no limit."""
    actions_left: int | None
    """How many of its next actions it lasts (incapacitated by shock); else None."""


def condition_rows(conditions: Sequence[Any], current_round: int) -> tuple[ConditionRow, ...]:
    """``erc.core.model.Condition`` values as status rows, ``rounds_left`` counted from
    ``current_round`` (a condition set for N rounds ends as round set + N starts)."""
    return tuple(
        ConditionRow(
            c.name,
            c.by,
            None if c.until_round is None else max(0, c.until_round - current_round),
            c.actions,
        )
        for c in conditions
    )


NO_SIDE = ""
"""A combatant the file gives no side is nobody's ally: for whether the fight is over, each
such one standing is a side of its own (a free-for-all is not over while two stand)."""


def turns(
    state: Any,
    *,
    acted: Callable[[Any], bool],
    can_act: Callable[[Any], bool],
    standing: Callable[[Any], bool],
    done: Callable[[Any], bool] | None = None,
) -> Turns:
    """Who is next, whether the fight is over and who won, for ``state`` (an
    ``erc.core.fold.State``): pure, so ``erc status``, ``roll-init`` and ``erc simulate``
    ask the same question the same way. ``done``: its turn is over this round (default:
    ``acted``; Elysium: no AP left or its turn ended, EL-P17)."""
    combatants = state.encounter.combatants
    by_name = {c.name: c for c in combatants}
    order = tuple(
        Place(i, name, acted(by_name[name]), can_act(by_name[name]))
        for i, name in enumerate(state.order, 1)
        if name in by_name
    )
    counts, alone = _counts(combatants, standing)
    sides = tuple(Standing(side, n, n) for side, n in counts.items())
    over = _over(counts, alone, combatants)
    following = None if over else _next(state.order, by_name, can_act, done or acted)
    winner = None
    if over:
        left = [s.side for s in sides if s.standing and s.side != NO_SIDE] + alone
        winner = left[0] if left else None
    survivors = tuple(c.name for c in combatants if standing(c))
    return Turns(
        round=state.round,
        order=order,
        next=following,
        sides=sides,
        over=over,
        winner=winner,
        survivors=survivors,
    )


def progress(
    state: Any,
    *,
    can_act: Callable[[Any], bool],
    standing: Callable[[Any], bool],
    done: Callable[[Any], bool],
) -> tuple[bool, str | None]:
    """``turns``'s ``over`` and ``next`` alone, found the same way (``erc simulate`` asks
    after every action, and needs nothing else)."""
    combatants = state.encounter.combatants
    counts, alone = _counts(combatants, standing)
    if _over(counts, alone, combatants):
        return True, None
    return False, _next(state.order, {c.name: c for c in combatants}, can_act, done)


def _counts(
    combatants: Sequence[Any], standing: Callable[[Any], bool]
) -> tuple[dict[str, int], list[str]]:
    """Standing combatants per side (file order), and the names of those of no side."""
    counts: dict[str, int] = {}
    alone: list[str] = []
    for c in combatants:
        side = c.side
        counts.setdefault(side, 0)
        if standing(c):
            counts[side] += 1
            if side == NO_SIDE:
                alone.append(c.name)
    return counts, alone


def _over(counts: dict[str, int], alone: list[str], combatants: Sequence[Any]) -> bool:
    """Fewer than two sides stand (each standing one of no side a side of its own), in a
    file of more than one side."""
    sides = sum(1 for side, n in counts.items() if n and side != NO_SIDE) + len(alone)
    return sides < 2 and not _one_side(combatants)  # one side only: a drill, never over


def _next(
    order: Sequence[str],
    by_name: dict[str, Any],
    can_act: Callable[[Any], bool],
    done: Callable[[Any], bool],
) -> str | None:
    """The first in this round's order who can act and whose turn is not done."""
    for name in order:
        who = by_name.get(name)
        if who is not None and can_act(who) and not done(who):
            return name
    return None


def _one_side(combatants: Sequence[Any]) -> bool:
    """Everyone in the file is on one side (none on no side but a lone one): there is no
    fight to be over (a drill of initiative or movement), so it never ends."""
    sides = {c.side for c in combatants}
    lone = sum(1 for c in combatants if c.side == NO_SIDE)
    return len(sides) <= 1 and (NO_SIDE not in sides or lone <= 1)


class CombatantView(Value):
    """One combatant as every ruleset shows it in ``erc status`` (CONTRACT "The table"):
    a ruleset's own row adds its keys and its ``resources`` after these."""

    name: str
    """The combatant's name."""
    side: str
    """Its side, as the file gives it (empty: no side)."""
    place: int | None
    """Its place in this round's order (1 first), or None before the order is rolled."""
    health: int
    """ER's Body, Spellchrome's and Elysium's HP."""
    health_max: int
    """Its maximum health (ER's Body, Spellchrome's and Elysium's HP)."""
    standing: bool
    """It still stands: above 0 Body or HP and not unconscious."""
    down: bool
    """At 0 Body or HP or below (ER R5.8, SC6.5, EL4.4)."""
    acted: bool
    """It has acted this round, as its ruleset counts it."""
    can_act: bool
    """Nothing stops it acting now (a condition, or down)."""
    conditions: tuple[ConditionRow, ...]
    """Its conditions, who caused each and how long each lasts."""
    marks: tuple[str, ...]
    """What else a GM should see on its row (a weapon on the ground, a pin, a lock)."""
    resources: Mapping[str, str | int | bool | None]
    """What it has left this round, as the ruleset counts it (CONTRACT "The table": ER
    ``{action, reaction, movement_left_ft}``, Spellchrome ``{standard, move}``, Elysium
    ``{ap_left, ap}``): the same mapping ``erc show`` gives."""
    left_this_round: str
    """``resources`` in the ruleset's words, as the table's last column shows them."""


class FightView(Value):
    """``erc status`` in every ruleset (CONTRACT "The table"): the core renderer
    (``erc.core.render.status``) draws it; a ruleset's result adds its own keys after these."""

    round: int
    """The current round (the journal's)."""
    health_word: str
    """The ruleset's word for health, as the health column is headed: ``Body`` or ``HP``."""
    next: str | None
    """The first in the order who can act and whose turn is not done; None if none."""
    over: bool
    """Fewer than two sides have a standing combatant (R14.7)."""
    winner: str | None
    """When over: the side still standing (or a lone combatant's name); else None."""
    sides: tuple[Standing, ...]
    """Each side and how many of its combatants still stand (R13.6)."""
    order: tuple[Place, ...]
    """This round's order, from the last applied roll-init."""
    due: tuple[str, ...]
    """Reminders of what the rules call for now (an asleep combatant's wake check, R4.4)."""
    notes: tuple[str, ...]
    """The ruleset's lines under the table (held drops, locks, elapsed time)."""
    n_events: int
    """How many events the journal holds (undo events and those they cancelled included)."""
    journal: str | None
    """The path of the journal the state was read from."""


def plain(resources: Value) -> dict[str, Any]:
    """A ruleset's resources value as the mapping ``erc status`` and ``erc show`` give."""
    return {name: getattr(resources, name) for name in resources._fields}


def places(fight: Turns) -> dict[str, int]:
    """Name -> place in this round's order."""
    return {p.name: p.place for p in fight.order}


def wake_due(name: str, conditions: Sequence[Any], current_round: int) -> tuple[str, ...]:
    """R4.4: from round 2 an asleep combatant checks to wake (DC 17) each round."""
    if current_round >= 2 and any(c.name == "asleep" for c in conditions):
        shown = repr(name) if " " in name else name
        return (f"{name} is asleep: its wake check is due, DC 17 (R4.4: erc perceive {shown})",)
    return ()
