"""Exact probabilities shared by every ruleset's ``--odds``, as ``Fraction``s.

Imported only on the ``--odds`` path. Faces are enumerated through the rules' own functions
(``erc.core.checks.succeeds``), so the odds cannot drift from the resolvers.
``as_odds`` turns exact values into the contract's shape: JSON floats, with ``exact``
repeating each as a ``"p/q"`` string.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

from erc.core.checks import succeeds
from erc.core.dice import Mode

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

OddsValue = Fraction | Mapping[int, Fraction]
ZERO = Fraction(0)
ONE = Fraction(1)


def kept_die(sides: int, mode: Mode = Mode.NORMAL) -> dict[int, Fraction]:
    """The kept face of a single-die roll: one die, or the better/worse of two (ER R1.5)."""
    if mode is Mode.NORMAL:
        return {face: Fraction(1, sides) for face in range(1, sides + 1)}
    square = sides * sides
    if mode is Mode.ADVANTAGE:  # P(max = k) = (k² - (k-1)²) / n²
        return {k: Fraction(2 * k - 1, square) for k in range(1, sides + 1)}
    return {k: Fraction(2 * (sides - k) + 1, square) for k in range(1, sides + 1)}


def p_succeeds(bonus: int, target: int, mode: Mode = Mode.NORMAL, sides: int = 20) -> Fraction:
    """P(the kept die + ``bonus`` reaches ``target``), the natural-20 rule included."""
    return sum(
        (p for face, p in kept_die(sides, mode).items() if succeeds(face, bonus, target, sides)),
        ZERO,
    )


def convolve(a: Mapping[int, Fraction], b: Mapping[int, Fraction]) -> dict[int, Fraction]:
    out: dict[int, Fraction] = {}
    for x, p in a.items():
        for y, q in b.items():
            out[x + y] = out.get(x + y, ZERO) + p * q
    return out


def _text(value: Fraction) -> str:
    return f"{value.numerator}/{value.denominator}"


def as_odds(values: Mapping[str, OddsValue]) -> dict[str, Any]:
    """``{"p_hit": Fraction(1, 2), "distribution": {0: Fraction(1, 2), 1: ...}}`` ->
    ``{"p_hit": 0.5, "distribution": {"0": 0.5, ...}, "exact": {"p_hit": "1/2", ...}}``."""
    plain: dict[str, Any] = {}
    exact: dict[str, Any] = {}
    for key, value in values.items():
        if isinstance(value, Fraction):
            plain[key] = float(value)
            exact[key] = _text(value)
        else:
            ordered = sorted(value.items())
            plain[key] = {str(k): float(v) for k, v in ordered}
            exact[key] = {str(k): _text(v) for k, v in ordered}
    plain["exact"] = exact
    return plain


def against_odds(setup: Any, *, sides: int, naturals: bool) -> dict[str, Any]:
    """``--odds`` of a check against a number (``erc.core.checks.Against`` with nothing
    drawn): ``p_success``, and ``distribution`` of the total; a combatant that cannot roll
    (``no_roll``) fails, so its chance is 0 and it has no total."""
    from erc.core.dice import Mode

    if setup.no_roll is not None:
        return as_odds({"p_success": ZERO, "distribution": {}})
    mode = Mode(setup.advantage)
    faces = kept_die(sides, mode)
    p_success = sum(
        (
            p
            for face, p in faces.items()
            if (
                succeeds(face, setup.modifier, setup.target, sides)
                if naturals
                else face + setup.modifier >= setup.target
            )
        ),
        ZERO,
    )
    totals = {face + setup.modifier: p for face, p in faces.items()}
    return as_odds({"p_success": p_success, "distribution": totals})
