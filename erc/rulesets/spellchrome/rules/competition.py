"""Competition (SC11, SC-P7): an opposed d20 check, the d20 standard (the chapter has no
contests).

Each side rolls d20 + the modifier of its chosen ability (Strength by default) + ``--mod``;
the higher total wins; a tie goes to the higher ``modifier``; equal modifiers re-roll both
d20s (A's, then B's) until they differ. No natural-20 rule: it is an attack-roll rule
(SC4.2), and an opposed check is not an attack.
"""

from __future__ import annotations

from erc.core.dice import Dice
from erc.core.value import Value
from erc.rulesets.spellchrome.model import Combatant

DEFAULT_ABILITY = "strength"


class Contender(Value):
    """One side as set up before any die."""

    name: str
    ability: str
    modifier: int
    """The ability modifier plus ``--mod``."""


class Side(Value):
    """One side as rolled (a ``sides`` entry)."""

    name: str
    ability: str
    roll: int | None
    modifier: int
    total: int | None
    tiebreak: tuple[int, ...]
    """The side's re-rolled d20s (SC-P7)."""


class Competition(Value):
    winner: str | None
    """The winner; None only while unresolved (``--odds`` alone): a contest always ends."""
    sides: tuple[Side, ...]
    decided_by: str | None
    """``total``, ``modifier`` or ``re-roll``."""
    resolved: bool


def contender(who: Combatant, ability: str = DEFAULT_ABILITY, bonus: int = 0) -> Contender:
    return Contender(who.name, ability, who.mod(ability) + bonus)


def decide(total_a: int, total_b: int, modifier_a: int, modifier_b: int) -> str | None:
    """SC11: ``"a"`` or ``"b"`` for the winner, None when both must roll again."""
    if total_a != total_b:
        return "a" if total_a > total_b else "b"
    if modifier_a != modifier_b:
        return "a" if modifier_a > modifier_b else "b"
    return None


def unresolved(a: Contender, b: Contender) -> Competition:
    sides = tuple(
        Side(
            name=c.name, ability=c.ability, roll=None, modifier=c.modifier, total=None, tiebreak=()
        )
        for c in (a, b)
    )
    return Competition(None, sides, None, False)


def compete(dice: Dice, a: Contender, b: Contender) -> Competition:
    """A's d20, B's d20, then any re-rolls in the same order (Part 2 "Dice order")."""
    roll_a = dice.roll(20, f"{a.name} {a.ability} competition")
    roll_b = dice.roll(20, f"{b.name} {b.ability} competition")
    total_a, total_b = roll_a + a.modifier, roll_b + b.modifier
    won = decide(total_a, total_b, a.modifier, b.modifier)
    how = "total" if total_a != total_b else "modifier"
    again: tuple[list[int], list[int]] = ([], [])
    while won is None:  # 19 in 20 re-rolls decide; the dice budget bounds the rest
        how = "re-roll"
        k = len(again[0]) + 1
        again[0].append(dice.roll(20, f"{a.name} competition re-roll {k}"))
        again[1].append(dice.roll(20, f"{b.name} competition re-roll {k}"))
        won = decide(again[0][-1] + a.modifier, again[1][-1] + b.modifier, a.modifier, b.modifier)
    sides = (
        Side(
            name=a.name,
            ability=a.ability,
            roll=roll_a,
            modifier=a.modifier,
            total=total_a,
            tiebreak=tuple(again[0]),
        ),
        Side(
            name=b.name,
            ability=b.ability,
            roll=roll_b,
            modifier=b.modifier,
            total=total_b,
            tiebreak=tuple(again[1]),
        ),
    )
    return Competition(a.name if won == "a" else b.name, sides, how, True)
