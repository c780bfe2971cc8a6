"""Exact odds of a competition (R2.4, R7): ``p_win_a``, ``p_win_b``, ``p_tie``."""

from __future__ import annotations

from fractions import Fraction

from erc.core.odds import kept_die
from erc.rulesets.er.rules.competition import Contender, is_contested, uncontested_winner

D12 = 12
__all__ = ["competition_odds", "contest_odds", "kept_die"]


def contest_odds(first: Contender, second: Contender) -> dict[str, Fraction]:
    """P(first wins), P(second wins), P(tie): the higher total wins (R2.4)."""
    win = lose = tie = Fraction(0)
    ones = kept_die(D12, first.mode)
    twos = kept_die(D12, second.mode)
    for face_one, p_one in ones.items():
        total_one = face_one + first.modifier
        for face_two, p_two in twos.items():
            total_two = face_two + second.modifier
            p = p_one * p_two
            if total_one > total_two:
                win += p
            elif total_one < total_two:
                lose += p
            else:
                tie += p
    return {"p_first": win, "p_second": lose, "p_tie": tie}


def competition_odds(a: Contender, b: Contender, *, item: bool = False) -> dict[str, Fraction]:
    """CONTRACT: ``{p_win_a, p_win_b, p_tie}``; a contest for an item that does not happen
    (seed 000: "then there is no competition") is certain."""
    if not is_contested(a, b, item):
        taker = uncontested_winner(a, b, item)
        one, zero = Fraction(1), Fraction(0)
        return {
            "p_win_a": one if taker == a.who.name else zero,
            "p_win_b": one if taker == b.who.name else zero,
            "p_tie": one if taker is None else zero,
        }
    odds = contest_odds(a, b)
    return {"p_win_a": odds["p_first"], "p_win_b": odds["p_second"], "p_tie": odds["p_tie"]}
