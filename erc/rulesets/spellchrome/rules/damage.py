"""Damage (SC6), damage reduction and Extraordinary HP (SC8): one hit from its dice to HP.

SC6.4, per hit: the dice + Strength (melee and thrown, SC6.2) + ``--damage-mod``; halved
beyond double the range (SC7.3, floor); at least 1 for melee and thrown hits (SC6.3), never
below 0 for others; minus damage reduction (never below 0); Extraordinary HP absorb first
(SC8.3); then HP, which may fall below 0 (SC6.5).

SC8.1: dice DR (``dr: d6``) is rolled at the defender's first hit of a round, after that
hit's damage, and kept for every hit on it that round; a number applies to every hit.
Each function here is the one place its rule lives: the resolver, the fold
(``erc.rulesets.spellchrome.events``) and the odds all call them.
"""

from __future__ import annotations

from erc.core.expr import Constant, DiceTerm, parse
from erc.core.value import Value

MELEE_MINIMUM = 1
"""SC6.3: "A melee attack's initial damage is always 1 or higher"."""


class HitDamage(Value):
    """A hit's damage before damage reduction (the contract's ``damage``)."""

    damage_roll: int
    strength: int
    damage_mod: int
    halved: bool
    minimum_applied: bool
    """SC6.3's minimum raised the damage to 1 (melee and thrown hits only: the floor of 0 for
    other hits is not a minimum, issue 32)."""
    damage: int


def hit_damage(
    damage_roll: int, *, strength: int, damage_mod: int, halved: bool, minimum: bool
) -> HitDamage:
    """SC6.4 up to damage reduction: ``minimum`` for melee and thrown hits."""
    raw = damage_roll + strength + damage_mod
    if halved:
        raw //= 2  # SC7.3 "the damage is halved"; "Floor every fraction"
    floor = MELEE_MINIMUM if minimum else 0
    return HitDamage(
        damage_roll=damage_roll,
        strength=strength,
        damage_mod=damage_mod,
        halved=halved,
        minimum_applied=minimum and raw < floor,
        damage=max(floor, raw),
    )


def fixed_dr(expression: str | None) -> int | None:
    """A DR that is a number (``dr: 3``) applies to every hit: its value. A DR with dice, or
    no DR, is None (no DR at all is 0: ``dr_value`` of nothing)."""
    if expression is None:
        return 0
    terms = parse(expression)
    if any(isinstance(t, DiceTerm) for t in terms):
        return None
    return dr_value(sum(t.sign * t.value for t in terms if isinstance(t, Constant)))


def dr_value(rolled: int) -> int:
    """A DR roll's value: never below 0 (``d6-2`` rolling 1 soaks nothing)."""
    return max(0, rolled)


def soak(damage: int, dr: int) -> int:
    """SC8.1: damage reduction comes off the hit's damage, never below 0 ("Say the damage
    was 10 and the DR result was 5. You take 5 damage")."""
    return max(0, damage - dr)


def absorb(ex_hp: int, amount: int) -> tuple[int, int]:
    """SC8.3: "Remove these Extraordinary Hit Points before they come off your normal
    current Hit Points": ``(absorbed by EX-HP, left for HP)``."""
    absorbed = min(max(0, ex_hp), max(0, amount))
    return absorbed, amount - absorbed
