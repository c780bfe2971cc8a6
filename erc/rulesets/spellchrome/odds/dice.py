"""The exact distribution of a dice expression (a weapon's ``2d10``, armour's ``d6`` DR).

Terms without ``kh``/``kl`` are sums of fair dice: convolved, counting the ways to make each
total in whole numbers. A term that keeps some of its dice is enumerated face by face
through ``erc.core.expr.roll`` itself, so the odds keep exactly what the roller keeps.
Expressions too large to enumerate quickly are a clean error (``odds-too-costly``).
"""

from __future__ import annotations

import itertools
from fractions import Fraction

from erc.core.dice import Dice, PhysicalSource
from erc.core.errors import ErcError
from erc.core.expr import Constant, DiceTerm, parse, roll

Dist = dict[int, Fraction]
MAX_OUTCOMES = 100_000
"""The most face combinations one keep term is enumerated over."""
MAX_FACES = 1_000
"""The most faces (dice x sides, summed over the terms) an expression's odds convolve."""


def _too_costly(text: str, why: str) -> ErcError:
    return ErcError("odds-too-costly", f"--odds of {text!r}: {why}; roll it instead")


def _kept_term(term: DiceTerm) -> dict[int, int]:
    text = f"{term.count}d{term.sides}k{term.keep}{term.keep_n}"
    if term.sides**term.count > MAX_OUTCOMES:
        raise _too_costly(text, f"more than {MAX_OUTCOMES} outcomes to enumerate")
    ways: dict[int, int] = {}
    for faces in itertools.product(range(1, term.sides + 1), repeat=term.count):
        total = term.sign * roll(text, Dice(PhysicalSource(faces))).total
        ways[total] = ways.get(total, 0) + 1
    return ways


def _convolve(a: dict[int, int], b: dict[int, int]) -> dict[int, int]:
    out: dict[int, int] = {}
    for x, m in a.items():
        for y, n in b.items():
            out[x + y] = out.get(x + y, 0) + m * n
    return out


def distribution(text: str) -> Dist:
    """``{total: probability}`` of rolling ``text``."""
    terms = parse(text)
    dice = [t for t in terms if isinstance(t, DiceTerm)]
    if sum(t.count * t.sides for t in dice) > MAX_FACES:
        raise _too_costly(text, f"more than {MAX_FACES} faces in all")
    ways = {sum(t.sign * t.value for t in terms if isinstance(t, Constant)): 1}
    outcomes = 1
    for term in dice:
        if term.keep is not None:
            ways = _convolve(ways, _kept_term(term))
            outcomes *= term.sides**term.count
            continue
        die = {term.sign * face: 1 for face in range(1, term.sides + 1)}
        for _ in range(term.count):
            ways = _convolve(ways, die)
        outcomes *= term.sides**term.count
    return {total: Fraction(n, outcomes) for total, n in sorted(ways.items())}
