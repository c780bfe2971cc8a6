"""Exact odds of an attack (``erc attack --odds``), as ``Fraction``s.

For an ``AttackPlan`` (``erc.rulesets.er.rules.attack.plan_attack``): the probability that
at least one die hits, the expected damage, and the whole distribution of the total damage over all
targets, with everything the resolver does: advantage and disadvantage dice (2d20 keep
lower), extra dice, the R1.6 d3, the R5.6 crit award die, per-strike resistance, several
strikes and targets.

Method (no enumeration of 20^n faces, so a seven-die attack takes about a millisecond):

- Each d20 of a strike falls in one of three classes: a raw 20 (it hits and may trigger a
  crit), another hit, a miss. A strike's dice are convolved into the joint distribution of
  (hits, whether a raw 20 was kept); a 2d20-keep-lower die is one die whose classes are
  those of the lower face.
- The crit award die joins the first primary strike that kept a raw 20. The attack is split
  into disjoint cases: "no primary strike kept a 20", and for each primary strike j "the
  first 20 is in strike j" (earlier primary strikes restricted to no 20, strike j to at
  least one 20 plus the award die, later strikes unrestricted). Within one case the strikes
  are independent, so each target's damage is built strike by strike over (damage so far,
  hit yet) states, the d3 is applied, and the targets are convolved; the cases are summed.

Reuse (the sneak attack): ``exact(plan)`` -> ``AttackOdds``; ``mix`` weighs the odds of
several plans (e.g. the sneak die kept or lost on the victim's second Perception check);
``contract(odds)`` gives the CONTRACT ``odds`` object (via ``erc.rulesets.er.odds.as_odds``).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping
from fractions import Fraction

from erc.core.odds import as_odds
from erc.core.value import Value
from erc.rulesets.er.rules.attack import AttackPlan, PlannedStrike, strike_damage, with_d3

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

Dist = dict[int, Fraction]
_ONE = Fraction(1)
_D20 = Fraction(1, 20)
_D3 = Fraction(1, 3)


class AttackOdds(Value):
    """Exact odds of one attack: ``distribution`` maps total damage to its probability."""

    p_hit: Fraction
    distribution: Mapping[int, Fraction]

    @property
    def expected_damage(self) -> Fraction:
        return sum((d * p for d, p in self.distribution.items()), Fraction(0))


def exact(plan: AttackPlan) -> AttackOdds:
    """The exact odds of ``plan`` (see the module docstring for the method)."""
    joints = [_strike_joint(s) for s in plan.strikes]
    p_miss = _ONE
    for joint in joints:
        p_miss *= joint.get((0, False), Fraction(0))
    everything = [_marginal(j, None) for j in joints]
    if not plan.crit_capable:
        return AttackOdds(1 - p_miss, _clean(_total(plan, everything)))
    primary = [i for i, s in enumerate(plan.strikes) if s.pool == "primary"]
    total: Dist = defaultdict(Fraction)
    no_twenty = list(everything)
    for i in primary:
        no_twenty[i] = _marginal(joints[i], False)
    _add(total, _total(plan, no_twenty))
    for position, j in enumerate(primary):
        case = list(everything)
        for i in primary[:position]:
            case[i] = _marginal(joints[i], False)
        case[j] = _award(_marginal(joints[j], True), plan.strikes[j])
        _add(total, _total(plan, case))
    return AttackOdds(1 - p_miss, _clean(total))


def mix(branches: Iterable[tuple[Fraction, AttackOdds]]) -> AttackOdds:
    """The odds of an attack reached through disjoint branches of the given weights."""
    p_hit = Fraction(0)
    distribution: Dist = defaultdict(Fraction)
    for weight, odds in branches:
        p_hit += weight * odds.p_hit
        for damage, p in odds.distribution.items():
            distribution[damage] += weight * p
    return AttackOdds(p_hit, _clean(distribution))


def contract(odds: AttackOdds) -> dict[str, Any]:
    """The CONTRACT ``odds`` object: ``{p_hit, expected_damage, distribution, exact}``."""
    return as_odds(
        {
            "p_hit": odds.p_hit,
            "expected_damage": odds.expected_damage,
            "distribution": odds.distribution,
        }
    )


def _die_classes(strike: PlannedStrike) -> tuple[Fraction, Fraction, Fraction]:
    """P(a kept raw 20), P(another hit), P(a miss) for one die of ``strike``."""
    p = Fraction(sum(strike.hits_on(face) for face in range(1, 21)), 20)
    twenty = _D20
    if strike.keep_lower:  # the lower of two hits only when both hit (hitting is monotone)
        p, twenty = p * p, twenty * twenty
    return twenty, p - twenty, 1 - p


def _strike_joint(strike: PlannedStrike) -> dict[tuple[int, bool], Fraction]:
    """The joint distribution of (hits, a raw 20 kept) over the strike's dice."""
    twenty, other, miss = _die_classes(strike)
    joint: dict[tuple[int, bool], Fraction] = {(0, False): _ONE}
    for _ in range(strike.n_dice):
        step: dict[tuple[int, bool], Fraction] = defaultdict(Fraction)
        for (h, seen), p in joint.items():
            step[(h + 1, True)] += p * twenty
            step[(h + 1, seen)] += p * other
            step[(h, seen)] += p * miss
        joint = step
    return joint


def _marginal(joint: Mapping[tuple[int, bool], Fraction], twenty: bool | None) -> Dist:
    """Hits, over all outcomes (None) or only those with (True) or without (False) a 20."""
    out: Dist = defaultdict(Fraction)
    for (h, seen), p in joint.items():
        if twenty is None or seen == twenty:
            out[h] += p
    return out


def _award(hits_dist: Dist, strike: PlannedStrike) -> Dist:
    """R5.6: the award d20 joins the strike: one more hit when it reaches the AC."""
    p = Fraction(sum(strike.hits_on(face) for face in range(1, 21)), 20)
    out: Dist = defaultdict(Fraction)
    for h, q in hits_dist.items():
        out[h + 1] += q * p
        out[h] += q * (1 - p)
    return out


def _total(plan: AttackPlan, strike_hits: list[Dist]) -> Dist:
    """The total damage over all targets, the strikes being independent."""
    total: Dist = {0: _ONE}
    for target in plan.targets:
        states: dict[tuple[int, bool], Fraction] = {(0, False): _ONE}
        for strike, dist in zip(plan.strikes, strike_hits, strict=True):
            if strike.target != target.name:
                continue
            step: dict[tuple[int, bool], Fraction] = defaultdict(Fraction)
            for (damage, hit), p in states.items():
                for h, q in dist.items():
                    dealt = strike_damage(h, not hit, strike)[2]
                    step[(damage + dealt, hit or h > 0)] += p * q
            states = step
        mine: Dist = defaultdict(Fraction)
        for (damage, hit), p in states.items():
            if hit and plan.d3:
                for face in (1, 2, 3):
                    mine[with_d3(damage, plan.mode, face)] += p * _D3
            else:
                mine[damage] += p
        total = _convolve(total, mine)
    return total


def _convolve(a: Mapping[int, Fraction], b: Mapping[int, Fraction]) -> Dist:
    out: Dist = defaultdict(Fraction)
    for x, p in a.items():
        for y, q in b.items():
            out[x + y] += p * q
    return out


def _add(into: Dist, more: Mapping[int, Fraction]) -> None:
    for k, p in more.items():
        into[k] += p


def _clean(dist: Mapping[int, Fraction]) -> dict[int, Fraction]:
    return {k: p for k, p in sorted(dist.items()) if p}
