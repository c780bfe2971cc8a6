"""Exact odds of Elysium's opposed rolls (``--odds``): the margin's distribution against a
closed form, and against many seeded runs of the very mechanic the CLI resolves (a
statistical test with a tolerance from the binomial standard error)."""

from __future__ import annotations

import math
from collections import Counter
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from erc.core.dice import Dice, SeededSource
from erc.core.session import open_encounter
from erc.rulesets.elysium.commands.social import Action
from tests.elysium.support import SHIPPED, call, fighter, ok, sword, write

RUNS = 4000
Z = 4.5
"""Each frequency must lie within 4.5 binomial standard errors of its exact probability
(a false alarm about once in 150,000 buckets), plus one run for the discreteness."""


def exact_of(odds: dict[str, Any], key: str) -> dict[int, Fraction]:
    return {int(k): Fraction(v) for k, v in odds["exact"][key].items()}


def test_margin_of_two_d10_sides_is_the_triangle(erc: Any, tmp_path: Path) -> None:
    """EL1.1, EL1.5: one d10 each, so P(margin = d + m) = (10 - |m|) / 100 for |m| <= 9,
    where d is the difference of the two sides' terms."""
    path = write(
        tmp_path,
        fighter("A", abilities={"cunning": 4}, weapons=[sword()]),
        fighter("B", abilities={"agility": 3}),
    )
    ran = call(erc, path, "attack", "A", "B", "--odds")
    assert ran.code == 0 and ran.json["rolls"] == []  # alone it draws no dice
    result = ran.json["result"]
    assert result["resolved"] is False and result["margin"] is None
    odds = result["odds"]
    d = result["initiator"]["total"] - result["opponent"]["total"]  # totals without the die
    assert exact_of(odds, "margin_distribution") == {
        d + m: Fraction(10 - abs(m), 100) for m in range(-9, 10)
    }
    assert Fraction(odds["exact"]["p_initiator"]) == sum(
        (Fraction(10 - abs(m), 100) for m in range(-9, 10) if d + m > 0), Fraction(0)
    )
    assert odds["p_initiator"] + odds["p_opponent"] + odds["p_tie"] == pytest.approx(1)


def test_charge_damage_distribution_adds_2_to_each_hit(erc: Any, tmp_path: Path) -> None:
    """EL6.2 in the odds: every positive margin m deals m + 2."""
    path = write(tmp_path, fighter("A", weapons=[sword()]), fighter("B"))
    plain = call(erc, path, "attack", "A", "B", "--odds").json["result"]["odds"]
    charge = call(erc, path, "attack", "A", "B", "--charge", "--move-ft", "5", "--odds")
    spread = exact_of(charge.json["result"]["odds"], "distribution")
    before = exact_of(plain, "distribution")
    assert spread[0] == before[0]
    assert {k: v for k, v in spread.items() if k} == {k + 2: v for k, v in before.items() if k}


def test_a_helpless_defenders_odds_have_one_die(erc: Any, tmp_path: Path) -> None:
    """EL5.5: no Defense Roll, so the margin spreads over the attacker's die alone."""
    path = write(tmp_path, fighter("A", weapons=[sword()]), fighter("B", conditions=["asleep"]))
    odds = call(erc, path, "attack", "A", "B", "--odds").json["result"]["odds"]
    # the sword's damage score 3 and nothing else: 3 + the attacker's d10 against 0
    assert exact_of(odds, "margin_distribution") == {
        3 + face: Fraction(1, 10) for face in range(1, 11)
    }


def mechanic(path: Path, module: str, function: str, *args: Any, **options: Any) -> Any:
    import importlib

    loaded = open_encounter(str(path))
    command = getattr(importlib.import_module(f"erc.rulesets.elysium.commands.{module}"), function)
    return command(loaded, *args, **options)


def chi_square_fits(observed: Counter[Any], exact: dict[Any, Fraction], runs: int) -> None:
    """Pearson's goodness of fit over the whole distribution (buckets expecting fewer than 5
    runs pooled), against the chi-square critical value at p = 1e-6 (Wilson-Hilferty), so
    a shift of one point in the margin cannot hide inside per-bucket tolerances."""
    big = {v: p for v, p in exact.items() if p * runs >= 5}
    pooled_p = 1 - sum(big.values(), Fraction(0))
    pooled_o = runs - sum(observed[v] for v in big)
    cells = [(observed[v], float(p) * runs) for v, p in big.items()]
    if pooled_p * runs >= 5:
        cells.append((pooled_o, float(pooled_p) * runs))
    statistic = sum((o - e) ** 2 / e for o, e in cells)
    k = len(cells) - 1
    critical = k * (1 - 2 / (9 * k) + 4.75 * math.sqrt(2 / (9 * k))) ** 3 if k else 0.0
    assert statistic <= critical, (statistic, critical)


def agree(frequencies: Counter[Any], exact: dict[Any, Fraction], runs: int) -> None:
    assert set(frequencies) <= set(exact), set(frequencies) - set(exact)
    for value, p in exact.items():
        f = frequencies[value] / runs
        tolerance = Z * math.sqrt(float(p) * (1 - float(p)) / runs) + 1 / runs
        assert abs(f - float(p)) <= tolerance, (value, f, float(p))


CASES = [
    ("attack", "attack", ("Kharza", "Ogre"), {"weapon": "whip"}, "margin"),
    ("attack", "attack", ("Ogre", "Kharza"), {"charge": True, "move_ft": 5}, "damage"),
    ("attack", "sneak", ("Kharza", "Beldo"), {}, "damage"),
    ("disarm", "disarm", ("Kharza", "Beldo"), {"weapon": "whip"}, "margin"),
    ("trip", "trip", ("Kharza", "Beldo"), {}, "margin"),
    ("feint", "feint", ("Kharza", "Ogre"), {}, "margin"),
    ("grab", "grab", ("Ogre", "Beldo"), {}, "damage"),
    ("social", "social", (Action.taunt, "Ogre", "Kharza"), {}, "margin"),
    ("cast", "cast", ("Kharza", "Ogre"), {"spell": "Immolate", "level": 2}, "damage"),
    (
        "competition",
        "competition",
        ("Kharza", "Ogre"),
        {"check": ["Kharza=hold", "Ogre=athletics"]},
        "margin",
    ),
]


@pytest.mark.parametrize(
    ("module", "function", "args", "options", "what"), CASES, ids=[f"{c[1]}-{c[4]}" for c in CASES]
)
def test_exact_odds_agree_with_many_seeded_rolls(
    module: str, function: str, args: tuple[str, ...], options: dict[str, Any], what: str
) -> None:
    """Issue 17: "Exact odds agree with many seeded rolls (a statistical test)": the
    mechanic the CLI builds, resolved with seeds 1..4000, against its own ``odds()``."""
    built = mechanic(SHIPPED, module, function, *args, **options)
    odds = built.odds()
    key = "distribution" if what == "damage" else "margin_distribution"
    exact = exact_of(odds, key)
    assert sum(exact.values()) == 1
    seen: Counter[int] = Counter()
    wins: Counter[str] = Counter()
    for seed in range(1, RUNS + 1):
        result = built.resolve(Dice(SeededSource(seed)))
        seen[(result.damage or 0) if what == "damage" else result.margin] += 1
        wins["initiator" if result.margin > 0 else "opponent" if result.margin < 0 else "tie"] += 1
    agree(seen, exact, RUNS)
    chi_square_fits(seen, exact, RUNS)
    agree(
        wins,
        {
            "initiator": Fraction(odds["exact"]["p_initiator"]),
            "opponent": Fraction(odds["exact"]["p_opponent"]),
            "tie": Fraction(odds["exact"]["p_tie"]),
        },
        RUNS,
    )


def test_competition_odds_have_the_contracts_keys(erc: Any) -> None:
    """CONTRACT ``--odds`` for competition: ``{p_win_a, p_win_b, p_tie}``."""
    result = ok(
        erc,
        SHIPPED,
        "competition",
        "Kharza",
        "Ogre",
        "--check",
        "Kharza=hold",
        "--check",
        "Ogre=hold",
        "--odds",
        "--journal",
        "/dev/null",
    )
    odds = result["odds"]
    assert odds["p_win_a"] == odds["p_initiator"] and odds["p_win_b"] == odds["p_opponent"]
    assert odds["p_win_a"] + odds["p_win_b"] + odds["p_tie"] == pytest.approx(1)


def test_disarm_odds_have_the_contracts_p_hit(erc: Any) -> None:
    """CONTRACT ``--odds`` for disarm: ``{p_hit, p_success}``; EL7: one opposed roll, "If
    the attacker's result is greater ... the defender's weapon is dropped", so its hit is its
    success. Kharza's whip 4 + 3 + 2 + 3 = 12 against Beldo's scythe 3 + 4 + 3 + 2 = 12:
    two d10, the first strictly higher, 45/100."""
    result = ok(
        erc,
        SHIPPED,
        "disarm",
        "Kharza",
        "Beldo",
        "--with",
        "whip",
        "--odds",
        "--journal",
        "/dev/null",
    )
    odds = result["odds"]
    assert odds["exact"]["p_hit"] == odds["exact"]["p_success"] == "9/20"
    assert odds["p_hit"] == odds["p_initiator"] == pytest.approx(0.45)


def test_odds_with_rolls_also_resolve(erc: Any) -> None:
    """CONTRACT: "with ``--seed`` or ``--rolls`` it also resolves"."""
    ran = call(
        erc,
        SHIPPED,
        "attack",
        "Kharza",
        "Ogre",
        "--odds",
        "--rolls",
        "5,3",
        "--journal",
        "/dev/null",
    )
    assert ran.json["result"]["resolved"] is True and "odds" in ran.json["result"]


def test_odds_on_a_d20_file(erc: Any, tmp_path: Path) -> None:
    """EL1.1 ``die: d20``: the odds enumerate twenty faces a side."""
    path = write(tmp_path, fighter("A", weapons=[sword()]), fighter("B"), rules={"die": "d20"})
    odds = call(erc, path, "attack", "A", "B", "--odds").json["result"]["odds"]
    margins = exact_of(odds, "margin_distribution")
    # terms 3 against 0: the most likely margin is 3 (twenty of 400 face pairs)
    assert len(margins) == 39 and margins[3] == Fraction(20, 400) == max(margins.values())


def test_the_statistical_check_sees_a_shift_of_one() -> None:
    """The check above can fail: the same runs against odds shifted by one point do."""
    built = mechanic(SHIPPED, "attack", "attack", "Kharza", "Ogre", weapon="whip")
    exact = exact_of(built.odds(), "margin_distribution")
    seen = Counter(built.resolve(Dice(SeededSource(seed))).margin for seed in range(1, RUNS + 1))
    shifted = {m + 1: p for m, p in exact.items()}
    with pytest.raises(AssertionError):
        chi_square_fits(seen, shifted, RUNS)
