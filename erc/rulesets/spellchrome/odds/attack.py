"""Exact odds of an attack (``erc attack --odds``, ``erc sneak --odds``), as ``Fraction``s.

For an ``AttackPlan`` (``erc.rulesets.spellchrome.rules.attack.plan_attack``): the chance
that at least one attack roll hits, the expected HP lost, and the whole distribution of the
HP lost (the result's ``damage``), with everything the resolver does: each iterative attack's
hit chance (natural 1 and 20 included), the weapon's damage dice, Strength, halving and the
minimum, damage reduction rolled at the first hit and kept for the rest of the attack, and
Extraordinary HP taken first.

Method: the attack rolls are walked in order over states ``(DR known or not, EX-HP left,
HP lost)``; each hit applies the rules' own ``damage_of``, ``dr_value``, ``soak`` and
``absorb`` to every outcome of the damage dice and of the DR die.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping
from fractions import Fraction

from erc.core.errors import ErcError
from erc.core.odds import ONE, ZERO, as_odds
from erc.core.value import Value
from erc.rulesets.spellchrome.odds.dice import distribution
from erc.rulesets.spellchrome.rules.attack import AttackPlan, damage_of
from erc.rulesets.spellchrome.rules.damage import absorb, dr_value, soak

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

MAX_STEPS = 2_000_000
"""The most outcome combinations the walk may visit (a clean error beyond: roll instead)."""
State = tuple[int | None, int, int]
"""(the DR every later hit gets, or None until the first hit rolls it; EX-HP; HP lost)."""


class AttackOdds(Value):
    p_hit: Fraction
    distribution: Mapping[int, Fraction]
    """HP lost in all -> probability."""

    @property
    def expected_damage(self) -> Fraction:
        return sum((d * p for d, p in self.distribution.items()), ZERO)


def exact(plan: AttackPlan) -> AttackOdds:
    hits: dict[int, Fraction] = defaultdict(Fraction)
    for rolled, p in distribution(plan.weapon.damage).items():
        hits[damage_of(plan, rolled).damage] += p
    dr_rolls: dict[int, Fraction] = defaultdict(Fraction)
    if plan.dr_fixed is None:
        assert plan.dr is not None
        for rolled, p in distribution(plan.dr).items():
            dr_rolls[dr_value(rolled)] += p
    states: dict[State, Fraction] = {(plan.dr_fixed, plan.ex_hp, 0): ONE}
    p_miss_all = ONE
    work = 0
    for planned in plan.rolls:
        work += len(states) * len(hits) * max(1, len(dr_rolls))
        if work > MAX_STEPS:
            raise ErcError(
                "odds-too-costly",
                f"--odds of {len(plan.rolls)} attacks with {plan.weapon.damage}: more than "
                f"{MAX_STEPS} outcomes to walk; roll it instead",
            )
        p_hit = Fraction(sum(planned.hits_on(face) for face in range(1, 21)), 20)
        p_miss_all *= 1 - p_hit
        step: dict[State, Fraction] = defaultdict(Fraction)
        for (dr, ex_hp, lost), p in states.items():
            step[(dr, ex_hp, lost)] += p * (1 - p_hit)
            reductions = {dr: ONE} if dr is not None else dr_rolls
            for damage, p_damage in hits.items():
                for value, p_dr in reductions.items():
                    absorbed, to_hp = absorb(ex_hp, soak(damage, value))
                    step[(value, ex_hp - absorbed, lost + to_hp)] += p * p_hit * p_damage * p_dr
        states = step
    lost_dist: dict[int, Fraction] = defaultdict(Fraction)
    for (_, _, lost), p in states.items():
        lost_dist[lost] += p
    return AttackOdds(1 - p_miss_all, {k: p for k, p in sorted(lost_dist.items()) if p})


def contract(odds: AttackOdds) -> dict[str, Any]:
    """The contract's ``odds`` object: ``{p_hit, expected_damage, distribution, exact}``."""
    return as_odds(
        {
            "p_hit": odds.p_hit,
            "expected_damage": odds.expected_damage,
            "distribution": odds.distribution,
        }
    )
