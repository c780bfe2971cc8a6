"""Exact odds of a sneak attack (``erc sneak --odds``), as ``Fraction``s.

The attack's odds come from ``erc.rulesets.er.odds.attack.exact`` on the two plans of
``erc.rulesets.er.rules.sneak.SneakSetup``: with the sneak die, and (after the victim makes
its second Perception check, R6.3) without it, mixed by the check's exact probability. The
shock does not change the damage; its chance is added: ``p_shock`` (triggered, R6.5) and
``p_incapacitated`` (triggered and the Resilience feat failed), both 0 with ``--drop`` (no
shock until the held damage is inflicted). ``p_sneak_die``: the sneak die stays.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

from erc.core.odds import as_odds, p_succeeds as p_d20
from erc.rulesets.er.model import Combatant
from erc.rulesets.er.odds.attack import AttackOdds, contract, exact, mix
from erc.rulesets.er.rules.sneak import SHOCK_COMP_BASE, SneakSetup, shocks
from erc.rulesets.er.rules.surprise import penalties, why_no_roll

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


def p_noticed(setup: SneakSetup) -> Fraction:
    """The victim makes its second Perception check (R6.3) with its conditions (R4.2): 0
    without a check, or when it cannot perceive."""
    victim = setup.victim
    if setup.stealth_dc is None or why_no_roll(victim, noise=True):
        return Fraction(0)
    dc = setup.stealth_dc + sum(p.dc for p in penalties(victim))
    return p_d20(victim.mod("perception"), dc)


def attack_odds(setup: SneakSetup) -> tuple[AttackOdds, Fraction]:
    """The damage odds, the two branches of the second check mixed; and P(noticed)."""
    noticed = p_noticed(setup)
    kept = exact(setup.with_sneak)
    if setup.without_sneak is None or not noticed:
        return kept, noticed
    return mix([(1 - noticed, kept), (noticed, exact(setup.without_sneak))]), noticed


def shock_odds(
    victim: Combatant, distribution: Mapping[int, Fraction]
) -> tuple[Fraction, Fraction]:
    """R6.5 over a damage distribution: P(shock triggered), P(incapacitated), by the
    resolver's own rule (``shocks``)."""
    triggered = incapacitated = Fraction(0)
    for damage, p in distribution.items():
        if shocks(victim, damage):
            triggered += p
            incapacitated += p * (1 - p_d20(victim.mod("resilience"), SHOCK_COMP_BASE + damage))
    return triggered, incapacitated


def sneak_odds(setup: SneakSetup) -> dict[str, Any]:
    """The CONTRACT ``odds`` object (``p_hit``, ``expected_damage``, ``distribution``), with
    ``p_sneak_die``, ``p_shock`` and ``p_incapacitated``."""
    odds, noticed = attack_odds(setup)
    triggered, incapacitated = (
        (Fraction(0), Fraction(0)) if setup.drop else shock_odds(setup.victim, odds.distribution)
    )
    base = contract(odds)
    more = as_odds(
        {"p_sneak_die": 1 - noticed, "p_shock": triggered, "p_incapacitated": incapacitated}
    )
    exact_values = {**base.pop("exact"), **more.pop("exact")}
    return {**base, **more, "exact": exact_values}
