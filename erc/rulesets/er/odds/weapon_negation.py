"""Exact odds of a weapon lock or disarm (R8): ``p_hit`` and ``p_success`` (the weapon ends
locked or disarmed)."""

from __future__ import annotations

from fractions import Fraction

from erc.core.odds import p_succeeds
from erc.rulesets.er.odds.competition import contest_odds
from erc.rulesets.er.rules.weapon_negation import Negation


def p_attempt_hits(setup: Negation) -> Fraction:
    """R8.1 with R1.3: the kept d20 + modifier reaches AC; a raw 20 hits, a raw 1 misses."""
    return p_succeeds(setup.modifier, setup.victim.ac, setup.mode)


def disarm_odds(setup: Negation) -> dict[str, Fraction]:
    """A hit succeeds unless the victim resists, stays up, and wins its competition
    outright (R8.2, R8.3)."""
    p_hit = p_attempt_hits(setup)
    if not setup.resists or setup.downed:
        return {"p_hit": p_hit, "p_success": p_hit}
    victim_wins = contest_odds(*setup.reaction())["p_first"]
    return {"p_hit": p_hit, "p_success": p_hit * (1 - victim_wins)}
