"""Exact competition odds (issue 6, CONTRACT ``--odds``): checked against enumeration of
every d12 outcome through the resolver, and against many seeded runs."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import product
from pathlib import Path
from typing import Any

import pytest

from erc.core.dice import Dice, Mode, PhysicalSource, SeededSource
from erc.rulesets.er.model import Combatant
from erc.rulesets.er.odds.competition import competition_odds, kept_die
from erc.rulesets.er.rules.competition import Contender, compete, competition_setup, contender

MODES = (Mode.NORMAL, Mode.ADVANTAGE, Mode.DISADVANTAGE)

CHI2_2DF_999 = 13.816
"""The chi-square critical value for 2 degrees of freedom at p = 0.001."""

REASONS = {Mode.NORMAL: ((), ()), Mode.ADVANTAGE: (("x",), ()), Mode.DISADVANTAGE: ((), ("x",))}


def side(name: str, modifier: int, mode: Mode) -> Contender:
    up, down = REASONS[mode]
    who = Combatant(name, ac=10, body_max=5, body=5, modifiers={"strength": modifier})
    return contender(who, advantage_from=up, disadvantage_from=down)


def enumerated(a: Contender, b: Contender) -> dict[str, Fraction]:
    """Every d12 face sequence the two sides can roll, each resolved by ``compete``."""
    count = sum(1 if s.mode is Mode.NORMAL else 2 for s in (a, b))
    tally: Counter[str | None] = Counter()
    for faces in product(range(1, 13), repeat=count):
        source = PhysicalSource(faces)
        tally[compete(a, b, Dice(source)).winner] += 1
        assert source.used == count
    total = 12**count
    return {
        "p_win_a": Fraction(tally["A"], total),
        "p_win_b": Fraction(tally["B"], total),
        "p_tie": Fraction(tally[None], total),
    }


@pytest.mark.parametrize("mode_a", MODES)
@pytest.mark.parametrize("mode_b", MODES)
def test_exact_odds_agree_with_enumeration_of_every_d12(mode_a: Mode, mode_b: Mode) -> None:
    """Issue 6: "Exact competition odds agree with enumeration of all d12 outcomes",
    advantage and disadvantage on either or both sides (R1.5)."""
    a, b = side("A", 1, mode_a), side("B", 3, mode_b)
    exact = competition_odds(a, b)
    assert exact == enumerated(a, b)
    assert sum(exact.values()) == 1


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("sides", [12, 20])
def test_kept_die_matches_two_dice_enumerated(mode: Mode, sides: int) -> None:
    """R1.5: advantage keeps the better of two, disadvantage the worse."""
    pick = {Mode.NORMAL: lambda x, _y: x, Mode.ADVANTAGE: max, Mode.DISADVANTAGE: min}[mode]
    faces = [pick(x, y) for x, y in product(range(1, sides + 1), repeat=2)]
    counted = Counter(faces)
    assert kept_die(sides, mode) == {k: Fraction(n, len(faces)) for k, n in counted.items()}


def test_no_competition_is_certain() -> None:
    """seed 000: "then there is no competition; person B grabs the potion": certain odds;
    with nobody able to take it, nothing changes (counted as a tie)."""
    a = Combatant("A", ac=10, body_max=5, body=5)
    b = Combatant("B", ac=10, body_max=5, body=5)
    odds = competition_odds(*competition_setup(a, b, no_action={"A"}), item=True)
    assert odds == {"p_win_a": 0, "p_win_b": 1, "p_tie": 0}
    odds = competition_odds(*competition_setup(a, b, no_action={"A", "B"}), item=True)
    assert odds == {"p_win_a": 0, "p_win_b": 0, "p_tie": 1}


@pytest.mark.parametrize(
    ("mode_a", "mode_b"), [(Mode.NORMAL, Mode.NORMAL), (Mode.ADVANTAGE, Mode.ADVANTAGE)]
)
def test_seeded_runs_match_the_exact_odds(mode_a: Mode, mode_b: Mode) -> None:
    """Randomness: 3,000 seeded competitions against the exact odds (chi-square, 2 df)."""
    a, b = side("A", 2, mode_a), side("B", 1, mode_b)
    exact = competition_odds(a, b)
    runs = 3000
    tally = Counter(compete(a, b, Dice(SeededSource(seed))).winner for seed in range(runs))
    observed = {"p_win_a": tally["A"], "p_win_b": tally["B"], "p_tie": tally[None]}
    chi2 = sum((observed[k] - runs * p) ** 2 / (runs * p) for k, p in exact.items())
    assert float(chi2) < CHI2_2DF_999


# --- the CLI: --odds alone draws no dice; with --seed or --rolls it also resolves -------

DUEL = """\
erc: 1
combatants:
  - {name: Anna, ac: 12, body: 10, attributes: {strength: 6}}
  - {name: Bert, ac: 12, body: 10, attributes: {strength: 2}}
"""


@pytest.fixture
def duel(tmp_path: Path) -> str:
    path = tmp_path / "duel.yaml"
    path.write_text(DUEL)
    return str(path)


def test_odds_alone_draws_no_dice(erc: Any, duel: str) -> None:
    """CONTRACT: "``--odds`` ... Alone it draws no dice (``rolls`` is empty)"."""
    ran = erc("competition", "-e", duel, "Anna", "Bert", "--owner", "Anna", "--odds", "--json")
    assert ran.code == 0, ran.err
    document = ran.json
    assert document["rolls"] == [] and document["seed"] is None
    result = document["result"]
    assert result["resolved"] is False and result["sides"] == [] and result["winner"] is None
    a, b = competition_setup(
        Combatant("Anna", ac=12, body_max=10, body=10, scores={"strength": 6}),
        Combatant("Bert", ac=12, body_max=10, body=10, scores={"strength": 2}),
        owner="Anna",
    )
    exact = competition_odds(a, b)
    assert result["odds"]["exact"] == {
        k: f"{v.numerator}/{v.denominator}" for k, v in exact.items()
    }
    assert result["odds"]["p_win_a"] == pytest.approx(float(exact["p_win_a"]))


def test_odds_with_rolls_also_resolves(erc: Any, duel: str) -> None:
    """CONTRACT: "with ``--seed`` or ``--rolls`` it also resolves"."""
    document = erc(
        "competition", "-e", duel, "Anna", "Bert", "--odds", "--rolls", "3,4", "--json"
    ).json
    assert document["result"]["resolved"] and document["result"]["winner"] == "Anna"
    assert set(document["result"]["odds"]) == {"p_win_a", "p_win_b", "p_tie", "exact"}
    seeded = erc("competition", "-e", duel, "Anna", "Bert", "--odds", "--seed", "9", "--json").json
    assert seeded["seed"] == 9 and len(seeded["rolls"]) == 2


def test_odds_human_table(erc: Any, duel: str) -> None:
    ran = erc("competition", "-e", duel, "Anna", "Bert", "--odds")
    assert ran.code == 0 and "Anna wins" in ran.out and "tie" in ran.out and "%" in ran.out
