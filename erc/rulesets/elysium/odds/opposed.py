"""Exact odds of Elysium's opposed rolls (``--odds``), as ``Fraction``s.

Nothing here restates a rule: ``outcomes`` runs a mechanic's own resolver once for every
sequence of faces its dice can show (each die of the file's size, EL1.1), weighting each
result by its probability. So the odds are those of the very code that resolves the
command, whatever it adds up, and a helpless defender's missing die is simply not drawn.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from fractions import Fraction

from erc.core.dice import Dice
from erc.core.odds import as_odds

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

ZERO = Fraction(0)


class _More(Exception):
    """The resolver needs a die beyond the faces given."""

    def __init__(self, sides: int) -> None:
        super().__init__(sides)
        self.sides = sides


class _Faces:
    """A dice source reading a fixed sequence of faces, and saying when it runs out."""

    def __init__(self, faces: tuple[int, ...]) -> None:
        self.faces = faces
        self.used = 0
        self.sides: list[int] = []

    def draw(self, sides: int, purpose: str) -> int:
        if self.used == len(self.faces):
            raise _More(sides)
        face = self.faces[self.used]
        self.used += 1
        self.sides.append(sides)
        return face


def outcomes(resolve: Callable[[Dice], Any]) -> list[tuple[Fraction, Any]]:
    """Every result ``resolve`` can give, with its exact probability (depth first over the
    faces of each die as the resolver asks for it)."""
    found: list[tuple[Fraction, Any]] = []
    pending: list[tuple[int, ...]] = [()]
    while pending:
        faces = pending.pop()
        source = _Faces(faces)
        try:
            result = resolve(Dice(source))
        except _More as more:
            pending += [(*faces, face) for face in range(more.sides, 0, -1)]
            continue
        weight = Fraction(1)
        for sides in source.sides:
            weight /= sides
        found.append((weight, result))
    return found


def distribution(weighted: Iterable[tuple[Fraction, int]]) -> dict[int, Fraction]:
    out: dict[int, Fraction] = {}
    for p, value in weighted:
        out[value] = out.get(value, ZERO) + p
    return out


def opposed_odds(found: list[tuple[Fraction, Any]]) -> dict[str, Any]:
    """The shape every opposed roll's odds share: the margin's distribution and who wins
    (``p_initiator``, ``p_opponent``, ``p_tie``; ``p_success`` = the initiator wins)."""
    first = found[0][1].initiator.name
    p_initiator = sum((p for p, r in found if r.winner == first), ZERO)
    p_tie = sum((p for p, r in found if r.winner is None), ZERO)
    return {
        "margin_distribution": distribution((p, r.margin) for p, r in found),
        "p_initiator": p_initiator,
        "p_opponent": 1 - p_initiator - p_tie,
        "p_tie": p_tie,
        "p_success": p_initiator,
    }


def damage_odds(found: list[tuple[Fraction, Any]]) -> dict[str, Any]:
    """Opposed odds plus the damage: ``p_hit`` (damage > 0), ``expected_damage`` and its
    ``distribution`` (the contract's attack odds)."""
    spread = distribution((p, r.damage or 0) for p, r in found)
    return {
        **opposed_odds(found),
        "p_hit": sum((p for d, p in spread.items() if d > 0), ZERO),
        "expected_damage": sum((d * p for d, p in spread.items()), ZERO),
        "distribution": spread,
    }


def attack_odds(plan: Any) -> dict[str, Any]:
    """``attack``/``sneak``: the damage (charge bonus included) and the polearm's counter."""
    from erc.rulesets.elysium.rules.attack import resolve

    found = outcomes(lambda dice: resolve(dice, plan))
    odds = damage_odds(found)
    odds["p_counter"] = sum((p for p, r in found if r.counter_damage > 0), ZERO)
    return as_odds(odds)


def odds_of(resolve: Callable[[Dice], Any], *, damage: bool = False) -> dict[str, Any]:
    """Any opposed mechanic's odds, enumerated through its resolver."""
    found = outcomes(resolve)
    return as_odds(damage_odds(found) if damage else opposed_odds(found))


def disarm_odds(resolve: Callable[[Dice], Any]) -> dict[str, Any]:
    """``disarm``: the opposed odds with the contract's ``{p_hit, p_success}``. ``p_hit``:
    the disarm roll, the attempt's first (and only) roll, beats the defender's (strictly
    higher, EL7); ``p_success``: the weapon ends dropped or taken. In Elysium the two are
    one event, each counted from the resolver's own results."""
    found = outcomes(resolve)
    odds = opposed_odds(found)
    odds["p_hit"] = sum((p for p, r in found if r.margin > 0), ZERO)
    odds["p_success"] = sum((p for p, r in found if r.outcome in ("dropped", "taken")), ZERO)
    return as_odds(odds)


def competition_odds(resolve: Callable[[Dice], Any]) -> dict[str, Any]:
    """A competition's opposed odds, with the contract's ``p_win_a``, ``p_win_b``,
    ``p_tie`` (A is the initiator)."""
    odds = opposed_odds(outcomes(resolve))
    odds["p_win_a"] = odds["p_initiator"]
    odds["p_win_b"] = odds["p_opponent"]
    return as_odds(odds)
