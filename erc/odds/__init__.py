"""Exact probabilities of the mechanics (``--odds``), as ``Fraction``s.

Imported only on the ``--odds`` path. Exact code of our own: per-die hit chances convolved
over ``Fraction``s, checked in the tests against brute-force enumeration of the resolvers
and against many seeded resolutions.
``as_odds`` turns exact values into the contract's shape: JSON floats, with ``exact``
repeating each as a ``"p/q"`` string.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

OddsValue = Fraction | Mapping[int, Fraction]


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
