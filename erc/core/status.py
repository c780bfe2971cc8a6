"""The fight as a whole, for every ruleset's ``erc status``: the order, who is next, who is
still standing, whether the fight is over (CONTRACT "Combat state", ER R11.5).

A ruleset answers three questions per combatant (has it acted, can it act, is it standing);
``turns`` does the rest, the same way for every ruleset.
"""

from __future__ import annotations

from erc.core.value import Value

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Sequence
    from typing import Any


class Place(Value):
    """One place in this round's order (from the last applied ``roll-init``)."""

    place: int
    name: str
    acted: bool
    can_act: bool


class Standing(Value):
    """A side and how many of its combatants still stand: ``standing`` is the number
    R13.6 names; ``n_standing`` the same count under the name a count has everywhere else
    (``standing`` is a combatant's boolean in the same result)."""

    side: str
    standing: int
    n_standing: int


class Turns(Value):
    round: int
    order: tuple[Place, ...]
    next: str | None
    """The first in the order who can act and has not acted, or None."""
    sides: tuple[Standing, ...]
    over: bool
    """Fewer than two sides have a standing combatant (each one with no side a side of its
    own, ``NO_SIDE``)."""


class ConditionRow(Value):
    """A condition as ``erc status`` shows it: who caused it, and how long it lasts."""

    name: str
    by: str | None
    rounds_left: int | None
    actions_left: int | None


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
) -> Turns:
    """The common part of ``erc status`` for ``state`` (an ``erc.core.fold.State``)."""
    combatants = state.encounter.combatants
    by_name = {c.name: c for c in combatants}
    order = tuple(
        Place(i, name, acted(by_name[name]), can_act(by_name[name]))
        for i, name in enumerate(state.order, 1)
        if name in by_name
    )
    following = next((p.name for p in order if p.can_act and not p.acted), None)
    counts: dict[str, int] = {}
    for c in combatants:
        counts.setdefault(c.side, 0)
        counts[c.side] += 1 if standing(c) else 0
    sides = tuple(Standing(side, n, n) for side, n in counts.items())
    over = sum(s.standing if s.side == NO_SIDE else 1 for s in sides if s.standing) < 2
    return Turns(round=state.round, order=order, next=following, sides=sides, over=over)
