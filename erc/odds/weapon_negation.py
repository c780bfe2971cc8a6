"""Exact odds of a weapon lock or disarm (R8): ``p_hit`` and ``p_success`` (the weapon ends
locked or disarmed)."""

from __future__ import annotations

from fractions import Fraction

from erc.odds.competition import contest_odds, kept_die
from erc.rules.weapon_negation import Negation

D20 = 20


def p_attempt_hits(setup: Negation) -> Fraction:
    """R8.1 with R1.3: the kept d20 + modifier reaches AC; a raw 20 hits, a raw 1 misses."""
    ac = setup.victim.ac
    return sum(
        (
            p
            for face, p in kept_die(D20, setup.mode).items()
            if face == D20 or (face != 1 and face + setup.modifier >= ac)
        ),
        Fraction(0),
    )


def disarm_odds(setup: Negation) -> dict[str, Fraction]:
    """A hit succeeds unless the victim resists, stays up, and wins its competition
    outright (R8.2, R8.3)."""
    p_hit = p_attempt_hits(setup)
    if not setup.resists or setup.downed:
        return {"p_hit": p_hit, "p_success": p_hit}
    victim_wins = contest_odds(*setup.reaction())["p_first"]
    return {"p_hit": p_hit, "p_success": p_hit * (1 - victim_wins)}
