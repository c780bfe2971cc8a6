"""Exact odds of a competition (SC11): ``p_win_a``, ``p_win_b``, ``p_tie`` (always 0: equal
modifiers roll again until the d20s differ), through the rule's own ``decide``."""

from __future__ import annotations

from fractions import Fraction

from erc.core.odds import kept_die
from erc.rulesets.spellchrome.rules.competition import Contender, decide


def _round(a: int, b: int) -> tuple[Fraction, Fraction, Fraction]:
    """P(A wins), P(B wins), P(both roll again) for one pair of d20s."""
    win_a = win_b = again = Fraction(0)
    faces = kept_die(20)
    for face_a, p_a in faces.items():
        for face_b, p_b in faces.items():
            won = decide(face_a + a, face_b + b, a, b)
            if won == "a":
                win_a += p_a * p_b
            elif won == "b":
                win_b += p_a * p_b
            else:
                again += p_a * p_b
    return win_a, win_b, again


def competition_odds(a: Contender, b: Contender) -> dict[str, Fraction]:
    win_a, win_b, again = _round(a.modifier, b.modifier)
    if again:
        # re-rolls keep the (equal) modifiers: the first decided re-roll wins
        re_a, re_b, _ = _round(a.modifier, b.modifier)
        win_a += again * re_a / (re_a + re_b)
        win_b += again * re_b / (re_a + re_b)
    return {"p_win_a": win_a, "p_win_b": win_b, "p_tie": Fraction(0)}
